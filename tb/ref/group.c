/*
 * group.c - lanes grouped by PC (group.h).  One way of grouping for both
 * questions: lane by lane, each joins the group of its PC or opens one at
 * the end, then the groups are sorted by PC.
 */
#include "group.h"

/* Lane joins the group at pc among the ng of g, or opens one at depth:
 * returns the new count. */
static inline unsigned group_add(struct ref_path *g, unsigned ng, uint32_t pc, unsigned lane,
                                 unsigned depth)
{
    unsigned j;
    for (j = 0; j < ng && g[j].pc != pc; j++)
        ;
    if (j == ng) {
        g[ng].pc = pc;
        g[ng].mask = 0;
        g[ng].depth = depth;
        ng++;
    }
    g[j].mask |= 1ull << lane;
    return ng;
}

/* The ng groups by ascending PC (insertion sort, stable: ng is tiny). */
static void group_sort(struct ref_path *g, unsigned ng)
{
    unsigned i, j;
    for (i = 1; i < ng; i++)
        for (j = i; j > 0 && g[j].pc < g[j - 1].pc; j--) {
            struct ref_path t = g[j];
            g[j] = g[j - 1];
            g[j - 1] = t;
        }
}

unsigned ref_group(const struct ref *r, const struct ref_path *head, uint64_t served,
                   const struct simty_effect *eff, struct ref_path *g, uint64_t *dead)
{
    unsigned ng = 0;
    unsigned depth = ref_depth_after(head->depth, ref_decode_at(r, head->pc), r->depth_bits);
    uint64_t m;
    *dead = 0;
    /* The served lanes that go on, by their next PC.  The unserved lanes
     * (replay) stay at this PC with this depth. */
    for (m = served; m; m &= m - 1) {
        unsigned lane = (unsigned)__builtin_ctzll(m);
        const struct simty_effect *e = &eff[lane];
        if (e->exited || e->trapped)
            *dead |= 1ull << lane;
        else
            ng = group_add(g, ng, e->next_pc, lane, depth);
    }
    if (served != head->mask) {
        g[ng].pc = head->pc;
        g[ng].mask = head->mask & ~served;
        g[ng].depth = head->depth;
        ng++;
    }
    group_sort(g, ng);
    return ng;
}

unsigned ref_group_threads(const struct ref *r, unsigned w, uint64_t mask, unsigned depth,
                           struct ref_path *g)
{
    const uint32_t *pcw = r->pc + ((size_t)w << r->lg_t);
    unsigned ng = 0;
    for (; mask; mask &= mask - 1) {
        unsigned lane = (unsigned)__builtin_ctzll(mask);
        ng = group_add(g, ng, pcw[lane], lane, depth);
    }
    group_sort(g, ng);
    return ng;
}
