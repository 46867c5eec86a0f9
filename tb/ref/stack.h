/*
 * stack.h - the policies that reconverge at immediate post-dominators
 * (stack.c): ipdom, minority-first and mp-ipdom.  Each warp's SIMT stack, or
 * mp-ipdom's split and reconvergence tables, decides which path issues and
 * takes the groups it went on as; the reconvergence points come from the
 * binary's CFG (cfg.h).  The path lists (state.h) get their view.  Below
 * it: cfg.h, group.h (the threads of an entry by PC), latency.h (ready
 * cycles), state.h, decode.h.
 */
#ifndef SIMTY_REF_STACK_H
#define SIMTY_REF_STACK_H

#include "state.h"

int ref_stack_alloc(struct ref *r);
void ref_stack_free(struct ref *r);
/* Every warp: one entry (one split) of every thread at entry. */
void ref_stack_reset(struct ref *r, uint32_t entry);
/* The path warp w issues next: the top entry, or for mp-ipdom the split
 * that is ready first (*si: its index).  0 when the warp has none. */
int ref_stack_head(struct ref *r, unsigned w, struct ref_path *head, unsigned *si);
/* Does a path of mask hold every live thread of warp w (the latency
 * model's single path)? */
int ref_stack_single(const struct ref *r, unsigned w, uint64_t mask);
/* The path head (split si) issued at r->cycle, its lanes went on as the ng
 * groups g (reordered here) and those of dead ended; the path may issue
 * again lat cycles later.  Updates the stack or tables, the warp's view
 * and peak.  Returns the entries (splits) left. */
unsigned ref_stack_update(struct ref *r, unsigned w, unsigned si, const struct ref_path *head,
                          struct ref_path *g, unsigned ng, uint64_t dead, unsigned lat);
/* Earliest cycle warp w can issue (UINT64_MAX: no path). */
uint64_t ref_stack_ready(struct ref *r, unsigned w);

#endif
