/*
 * pathlist.h - the path lists of the list policies (pathlist.c): minsp-pc,
 * min-pc, depth-first and breadth-first keep each warp's paths in a list
 * (struct warp_list, state.h) whose head issues.  The list is also every
 * policy's view of its paths (ref_paths, ref_print_paths; the stack
 * policies write theirs into it).  Below it: latency.h (the head's ready
 * cycle), state.h, decode.h.
 */
#ifndef SIMTY_REF_PATHLIST_H
#define SIMTY_REF_PATHLIST_H

#include "latency.h"
#include "state.h"

/* The sorted list's cold paths are the lazy sorter's stack, which takes its
 * steps at branches and jumps (gen/cct.c; none when T <= 2). */
static inline int ref_lazy_steps(const struct ref *r)
{
    return r->order == REF_ORDER_LAZY && r->cfg.T > 2;
}

/* Every warp's list: one path of every thread at entry. */
void ref_list_reset(struct ref *r, uint32_t entry);
/* ref_list_update when the list changes its shape (pathlist.c). */
unsigned ref_list_take(struct ref *r, unsigned w, uint32_t pc, const struct ref_path *g,
                       unsigned ng);
/* Warp w's head path, at pc, issued and its lanes went on as the ng groups
 * g (ref_group): the list takes them by the policy's order and merging, and
 * the warp's peak follows.  Returns the paths left.  Inline for the most
 * common issue, one path before and after (nothing to sort or merge), which
 * the fast paths of the run loop issue millions of times a second; the
 * head's PC, not its address, so that the run loop keeps the head in
 * registers (with its address the fast run stored it on every issue: 7 %
 * slower on bench/spin.S). */
static inline unsigned ref_list_update(struct ref *r, unsigned w, uint32_t pc,
                                       const struct ref_path *g, unsigned ng)
{
    struct warp_list *l = &r->wl[w];
    if (ng == 1 && l->n == 1 && r->cfg.policy != REF_POLICY_DEPTH_FIRST) {
        l->p[0] = g[0];
        return 1;
    }
    return ref_list_take(r, w, pc, g, ng);
}

/* Forward progress (issue 52), with the rule on (r->yield_k: minsp-pc with A):
 * warp w's head path yields.  The ng groups g of its pass are marked (the
 * REF_UNYIELDED bit of their depth cleared: they rank after every path that has
 * not yielded); when every other path of the warp is marked too, they are all
 * unmarked (the RTL arbiter's full rotation).  Before ref_list_update takes g. */
void ref_yield(struct ref *r, unsigned w, struct ref_path *g, unsigned ng);

/* The rule for each pass of warp w's head path (pc, its instruction d, NULL
 * outside instruction memory), its lanes gone on as the ng groups g, before
 * ref_list_update takes them (docs/spec.md; gen/yield.c is the RTL's):
 *   back   = a jal, or a branch every lane takes (no group at pc + 4), to an
 *            offset <= 0;  read = a load, lr.w, sc.w or an AMO (replays too);
 *   others = the warp has another path;
 *   yield  = back && the warp read memory since its last backward jump && others
 *            && K - 1 such jumps counted;
 * the count restarts without others, on a yield and on a backward jump without
 * a read.  A warp with one path (the run loop's fast paths included) keeps its
 * read bit and a count of 0. */
static inline void ref_yield_pass(struct ref *r, unsigned w, uint32_t pc, const struct dinsn *d,
                                  struct ref_path *g, unsigned ng)
{
    uint64_t bit = 1ull << w;
    unsigned i, *cnt = &r->yield_cnt[w];
    int others = r->wl[w].n > 1, was_read = (r->yield_read & bit) != 0, back = 0, read, yl;
    if (d && (d->op == OP_JAL || (d->op >= OP_BEQ && d->op <= OP_BGEU)) && d->imm <= 0)
        for (back = 1, i = 0; i < ng; i++)
            back &= g[i].pc != pc + 4;
    read = d && ((d->op >= OP_LB && d->op <= OP_LHU) || ref_is_amo(d));
    yl = back && was_read && others && *cnt == r->yield_k - 1;
    if (yl)
        ref_yield(r, w, g, ng);
    *cnt = !others || yl || (back && !was_read) ? 0 : *cnt + (unsigned)back;
    if (back || !(was_read || read))
        r->yield_read &= ~bit;
    else
        r->yield_read |= bit;
}

/* Is the issue of head, its served lanes going on as the ng groups g, one of
 * a single path for the latency model (ref_timing_issue's single)?  The path
 * holds every live thread of the warp (live); or, issued as a single path's
 * would be, a path-neutral instruction of a sorted-list warp goes on to PC + 4
 * while that stays before HCT2's PC (the core's follow-on; paths at one PC
 * merge whatever their depths, and one behind the head, less deep, is never
 * reached): with the exact heap when the warp has two paths (its heap empty),
 * with the lazy sorter's stack at any number of paths but not from a branch
 * (the sorter steps at branches and jumps; ref_lazy_steps) nor behind a
 * deeper HCT2 (a pop or a swap from the stack may put it before the head;
 * the core's count is 0 then). */
static inline int ref_list_follows(const struct ref *r, unsigned w, const struct ref_path *head,
                                   uint64_t live, uint64_t served, const struct ref_path *g,
                                   unsigned ng)
{
    const struct warp_list *l = &r->wl[w];
    if (head->mask == live)
        return 1;
    if (l->n < 2 || ng != 1 || r->cfg.policy != REF_POLICY_MINSP_PC || served != head->mask ||
        l->p[1].depth > head->depth ||
        g[0].pc != head->pc + 4 ||
        !(l->p[1].pc > g[0].pc || (l->p[1].pc < head->pc && l->p[1].depth < head->depth)))
        return 0;
    return ref_lazy_steps(r) ? !ref_is_cf(ref_decode_at(r, head->pc)) : l->n == 2;
}

/* After warp w's path list changed: the instruction of its head path (hd). */
static inline void ref_list_hd(struct ref *r, unsigned w)
{
    struct warp_list *l = &r->wl[w];
    l->hd = l->n ? ref_decode_at(r, l->p[0].pc) : NULL;
}

/* After warp w's path list changed (ref_issue, a reset), for a list policy:
 * the instruction of its head path (hd), and the earliest cycle it can issue
 * (wready: its path's turn and operands; UINT64_MAX: no path left), which
 * depends on the warp's own state only: it holds until the warp issues
 * again. */
static inline void ref_list_head(struct ref *r, unsigned w)
{
    struct warp_list *l = &r->wl[w];
    const struct dinsn *d;
    uint64_t t;
    ref_list_hd(r, w);
    if (l->n == 0) {
        r->wready[w] = UINT64_MAX;
        return;
    }
    t = r->ready[w];
    d = l->hd;
    if (!d || !l->p[0].mask)
        r->wready[w] = t;       /* ref_operands_ready: 0 */
    else
        r->wready[w] = ref_operands_after(r, w, d, l->p[0].mask, t);
}

#endif
