/*
 * top.h - simty_core's generator in three parts: top.c (interface, reset
 * sequence, helpers), top_issue.c (fetch steering to the register file) and
 * top_exec.c (execute to stage r).  The parts share the core's wires by name,
 * in the order the stages come.
 */
#ifndef SIMTY_TOP_H
#define SIMTY_TOP_H

#include "path.h"
#include "simty_map.h"

/* Connect a list of "port=expression" pairs; NULL ends the list. */
void top_conns(struct vinst *in, const char *const *pairs);

/* A delay line: each field {name, width, source} goes through n registers,
 * <stem><j>_<name>_q for j = 1 .. n - 1 and <last>_<name>_q at the end.  The
 * field named "valid" is reset. */
void top_delay_line(struct vmod *m, struct vblock *b, const char *const (*f)[3], size_t nf,
                    int n, const char *stem, const char *last);

/* Front end, predictors, predecode, issue, squash, collect, register file. */
void top_issue(const struct simt_cfg *cfg, struct vmod *m);

/* Execute, membership, path tracking, coalescer, branch, resolve, gather,
 * write-back, M unit, stage r and the trace ports. */
void top_exec(const struct simt_cfg *cfg, struct vmod *m);

#endif
