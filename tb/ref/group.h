/*
 * group.h - grouping lanes by PC (group.c), written once for every policy:
 * after a pass, its lanes by where they go next (the path-list policies'
 * new paths, the stack policies' sides of a split); and a warp's threads by
 * the PC they are at (the stack policies' entries whose PC is not one).
 * Groups come sorted by ascending PC and carry a call depth.  Below it:
 * state.h and decode.h.
 */
#ifndef SIMTY_REF_GROUP_H
#define SIMTY_REF_GROUP_H

#include "state.h"

/* The depth field after d (NULL: none), the RAS hints of the spec: a call
 * pushes, a return pops, on the call-depth bits of the field (bits:
 * r->depth_bits) saturating at 0 and bits; the other bits (the yield rule's
 * mark) stay. */
static inline unsigned ref_depth_after(unsigned depth, const struct dinsn *d, unsigned bits)
{
    int rd_link, rs1_link;
    unsigned cd = depth & bits;
    if (!d || (d->op != OP_JAL && d->op != OP_JALR))
        return depth;
    rd_link = d->rd == 1 || d->rd == 5;
    rs1_link = d->op == OP_JALR && (d->rs1 == 1 || d->rs1 == 5);
    if (rd_link && (!rs1_link || d->rd == d->rs1))   /* call (push) */
        return (depth & ~bits) | (cd < bits ? cd + 1 : bits);
    if (!rd_link && rs1_link)                         /* return (pop) */
        return (depth & ~bits) | (cd > 0 ? cd - 1 : 0);
    return depth;                                     /* pop then push, or a jump */
}

/* Group the lanes of a pass at head->pc (head: the issuing path) by next
 * PC, at the depth after its instruction; the lanes of head->mask not
 * served form a group at head->pc with head's depth.  Exited and trapped
 * lanes go into *dead.  g has room for T + 1 groups; returns their count. */
unsigned ref_group(const struct ref *r, const struct ref_path *head, uint64_t served,
                   const struct simty_effect *eff, struct ref_path *g, uint64_t *dead);
/* Group the threads of mask of warp w by the PC they are at, each group at
 * depth.  g has room for T groups; returns their count. */
unsigned ref_group_threads(const struct ref *r, unsigned w, uint64_t mask, unsigned depth,
                           struct ref_path *g);

#endif
