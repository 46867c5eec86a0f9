/*
 * latency.h - the latency model (latency.c): when a path may issue again after
 * an instruction, and when each register of each lane is written.  Every
 * policy and the run loop share it.  Below it: state.h and decode.h (the
 * rule for an instruction alone, ref_lat_rule).  (Not sched.h, after the
 * file's old name: the harness compiles the Verilated C++ with tb/ref on
 * its include path, where a sched.h hides the system's <sched.h>.)
 */
#ifndef SIMTY_REF_LATENCY_H
#define SIMTY_REF_LATENCY_H

#include "state.h"

#define REF_READY_MIXED UINT64_MAX  /* reg_ready_w: the lanes differ */

/* Cycles until the path that issued d at pc may issue again, for
 * ref_timing_issue and ref_issue: ref_lat_rule when go (the path follows,
 * ref_timing_issue's single, and all its lanes were served) and the lanes
 * went on as one group (ng == 1) to g[0].pc; else REF_LAT_RESOLVE (a split,
 * a replay, a path of a warp on several paths, or no instruction there: d
 * NULL). */
static inline unsigned ref_lat(const struct dinsn *d, uint32_t pc, int go,
                               const struct ref_path *g, unsigned ng)
{
    return d && go && ng == 1 ? d->lat[g[0].pc != pc + 4] : REF_LAT_RESOLVE;
}
/* Cycle the operands of the instruction at pc are ready for the lanes of mask. */
uint64_t ref_operands_ready(const struct ref *r, unsigned w, uint32_t pc, uint64_t mask);
/* When register reg of the lanes of mask is written, the lanes
 * differing (reg_ready_w[w * 32 + reg] is REF_READY_MIXED): the latest over
 * the lanes. */
uint64_t ref_reg_ready_lanes(const struct ref *r, unsigned w, unsigned reg, uint64_t mask);
/* When register reg of the lanes of mask is written, or floor if that is
 * later (the caller takes the latest of the two): one number while every
 * live lane of the warp has the same (reg_ready_w; the masks of paths hold
 * live lanes only); floor when no lane of the warp is later (reg_ready_hi);
 * else the latest over the lanes. */
static inline uint64_t ref_reg_ready_of(const struct ref *r, unsigned w, unsigned reg,
                                        uint64_t mask, uint64_t floor)
{
    uint64_t t = r->reg_ready_w[w * 32 + reg];
    if (t != REF_READY_MIXED)
        return t;
    if (r->reg_ready_hi[w * 32 + reg] <= floor)
        return floor;
    return ref_reg_ready_lanes(r, w, reg, mask);
}
/* The latest of floor and the cycles the operands of the decoded
 * instruction d (not NULL) are written for the lanes of mask. */
static inline uint64_t ref_operands_after(const struct ref *r, unsigned w, const struct dinsn *d,
                                          uint64_t mask, uint64_t floor)
{
    uint64_t t = floor, o;
    unsigned a = d->src1, b = d->src2;   /* the registers it reads (decode: classify_insn) */
    if (a && (o = ref_reg_ready_of(r, w, a, mask, t)) > t)
        t = o;
    if (b && (o = ref_reg_ready_of(r, w, b, mask, t)) > t)
        t = o;
    return t;
}
/* Account an issue at cycle t: register write times of the lanes of wmask
 * (those that wrote the instruction's rd), and the cycles until the same
 * path may issue again (returned).  d: the instruction at pc (NULL: none).
 * single: the path holds every live thread of the warp. */
unsigned ref_timing_issue(struct ref *r, unsigned w, const struct dinsn *d, uint32_t pc,
                          const struct ref_path *head, uint64_t served, uint64_t wmask,
                          const struct ref_path *g, unsigned ng, int single, uint64_t t);
/* The latency model's register write times: the lanes of wmask
 * (those that wrote an instruction's rd; a lane writes d's rd or nothing)
 * wrote d's rd at cycle t, usable at t + d->wlat.  Every live lane: one
 * number for the warp (reg_ready_w).  Some: per lane, after the warp's
 * number is copied to every lane if it held (reg_ready_hi: the latest of
 * them, an upper bound while lanes are written again). */
static inline void ref_ready_write(struct ref *r, unsigned w, const struct dinsn *d,
                                   uint64_t wmask, uint64_t t)
{
    uint64_t *u, *rr, *hi, m;
    unsigned lane;
    if (!wmask || !d->rd)
        return;
    u = &r->reg_ready_w[w * 32 + d->rd];
    if (!(r->alive[w] & ~wmask)) {
        *u = t + d->wlat;
        return;
    }
    rr = r->reg_ready + ((size_t)w << (r->lg_t + 5)) + d->xd;
    hi = &r->reg_ready_hi[w * 32 + d->rd];
    if (*u != REF_READY_MIXED) {
        for (lane = 0; lane < r->cfg.T; lane++)
            rr[lane] = *u;
        *hi = *u;
        *u = REF_READY_MIXED;
    }
    for (m = wmask; m; m &= m - 1)
        rr[__builtin_ctzll(m)] = t + d->wlat;
    if (t + d->wlat > *hi)
        *hi = t + d->wlat;
}
/* The lanes of served whose effect wrote a register (ref_exec's eff). */
uint64_t ref_written(uint64_t served, const struct simty_effect *eff);

#endif
