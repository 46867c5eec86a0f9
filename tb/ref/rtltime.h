/*
 * rtltime.h - the RTL timing mode (--timing rtl): the generated core's front
 * end and scheduler as timing state beside the model, so that the run loop
 * (run.c) issues each warp-instruction in the cycle the core would.
 *
 * What it follows (gen/ARCHITECTURE.md): per warp a fetch stream (the fetch
 * PC, the fetched instructions in flight and in the queue, its credits) that
 * follows the predictors (branch counters, jump target buffer) and the steering
 * pick; the scheduler's readiness (a queued instruction, the register-file
 * bank's read and write ports, the hazard waits, no back-to-back issue of a
 * warp from W = 8, loose round robin); the resolve loop (a wrong guess issues
 * wrong-path instructions until the squash, then a redirect and a refetch; a
 * warp that may not follow waits for its release at stage r).  Below the run
 * loop, beside the latency model: it reads the state (state.h) and the
 * decoder, and changes only its own.
 */
#ifndef SIMTY_REF_RTLTIME_H
#define SIMTY_REF_RTLTIME_H

#include "state.h"

struct rt_state;

/* 0, or -1 when out of memory (r->rt stays NULL); ref_free frees it. */
int rt_alloc(struct ref *r);
void rt_free(struct rt_state *s);
/* After ref_reset decoded the image: every warp fetches from entry. */
void rt_reset(struct ref *r, uint32_t entry);

/* The cycle the core's commit log gives the model's cycle 0 (the reset
 * sequence and the first fetch), for the log, the cycle CSR and the run's
 * cycles. */
uint64_t rt_origin(const struct ref *r);

/* Cycle c begins: the redirects, predictor writes and drops due. */
void rt_begin(struct ref *r, uint64_t c);
/* The warp that issues at c, or -1; *wrong: 0, its head path's instruction;
 * 1, an instruction on a wrong path (rt_issue_wrong: the model does not
 * execute it); RT_REPLAY, a divide the busy dividers will replay
 * (rt_issue_replay: a pass that serves no lane). */
#define RT_REPLAY 2
int rt_pick(struct ref *r, uint64_t c, int *wrong);
void rt_issue_wrong(struct ref *r, unsigned w, uint64_t c);
void rt_issue_replay(struct ref *r, unsigned w, uint64_t c);
/* Warp w issued its head path's instruction at c: what the model did with it
 * (the lanes served, where they went: g[0..ng-1]), whether the path held
 * every live thread of the warp (single), and whether it went on to PC + 4
 * before the warp's other path (follows: the sorted list's follow-on may
 * issue behind it while its count allows).  Called after the policy took the
 * groups. */
void rt_issued(struct ref *r, unsigned w, uint64_t c, uint64_t head_mask, uint64_t served,
               const struct ref_path *g, unsigned ng, int single, int follows);
/* Stage f0 of cycle c, after issue: the steering pick fetches for one warp (1),
 * or none (0); issued: the warp that took cycle c's issue slot, or -1. */
int rt_fetch(struct ref *r, uint64_t c, int issued);
/* After a cycle c in which nothing issued or fetched: the next cycle at which
 * anything can happen (the run loop skips the cycles between). */
uint64_t rt_next(const struct ref *r, uint64_t c);

#endif
