/*
 * path.h - the path record shared by the path-tracking units, the branch unit
 * and the core: {valid, depth[7:0], pc[29:0], mask[T-1:0]}, packed in
 * PATH_W = T + 39 bits.  path_lp() declares the localparams that name the
 * fields; the text helpers build expressions over them.
 */
#ifndef SIMTY_PATH_H
#define SIMTY_PATH_H

#include <stdio.h>
#include "simty_map.h"
#include "units.h"

/* The depth field is the call-depth counter of simty_map.h; the units spell
 * its width (8) out in their expressions. */
typedef char path_depth_bits_is_8[SIMTY_CALLDEPTH_BITS == 8 ? 1 : -1];

/* PATH_W only, for units that pass paths without looking inside. */
static inline void path_lp_width(const struct simt_cfg *cfg, struct vmod *m)
{
    vm_localparam(m, "PATH_W", cfg->t + 39, "T + 39: {valid, depth[7:0], pc[29:0], mask[T-1:0]}");
}

/* PATH_W, P_V (valid bit), P_D (depth lsb), P_PC (pc lsb). */
static inline void path_lp(const struct simt_cfg *cfg, struct vmod *m)
{
    path_lp_width(cfg, m);
    vm_localparam(m, "P_V", cfg->t + 38, "T + 38: valid bit of a path");
    vm_localparam(m, "P_D", cfg->t + 30, "T + 30: lsb of the call depth");
    vm_localparam(m, "P_PC", cfg->t, "T: lsb of the word PC");
}

/* A new thread's depth field: call depth 0; with forward progress (yield_w,
 * gen/yield.c) bit 7 set as well, the mark of a path that has not yielded. */
static inline const char *path_depth0(const struct simt_cfg *cfg)
{
    return cfg->yield_w ? "8'h80" : "8'd0";
}

/* "p comes strictly before q": valid first, deeper first, then lower PC. */
static inline const char *path_first(char *buf, size_t n, const char *p, const char *q)
{
    snprintf(buf, n,
             "%s[P_V] && (!%s[P_V] || %s[P_D +: 8] > %s[P_D +: 8] || "
             "(%s[P_D +: 8] == %s[P_D +: 8] && %s[P_PC +: 30] < %s[P_PC +: 30]))",
             p, q, p, q, p, q, p, q);
    return buf;
}

/* The lowest lane of path p, one-hot, none when p is not valid: the leader
 * of the coalescer and of indirect jumps, stored beside the head path so
 * that its search is off their stage-1 paths. */
static inline const char *path_lead1h(char *buf, size_t n, const char *p)
{
    snprintf(buf, n, "%s[T-1:0] & (~%s[T-1:0] + 1'b1) & {T{%s[P_V]}}", p, p, p);
    return buf;
}

#endif
