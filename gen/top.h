/*
 * top.h - simty_core's generator in three parts: top.c (interface, reset
 * sequence), top_issue.c (fetch steering to the register file) and
 * top_exec.c (execute to stage r).  top.c calls the other two; they share
 * the core's wires by name, in the order the stages come, and build with the
 * model's helpers (vmod.h) only.
 */
#ifndef SIMTY_TOP_H
#define SIMTY_TOP_H

#include "path.h"

/* Front end, predictors, predecode, issue, squash, collect, register file. */
void top_issue(const struct simt_cfg *cfg, struct vmod *m);

/* Execute, membership, path tracking, coalescer, branch, resolve, gather,
 * write-back, M unit, stage r and the trace ports. */
void top_exec(const struct simt_cfg *cfg, struct vmod *m);

#endif
