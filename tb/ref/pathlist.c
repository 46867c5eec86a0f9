/*
 * pathlist.c - the path list of each warp under the four list policies
 * (pathlist.h), and the path lists as every policy's view.
 *
 * List order is the policy's order; the head (p[0]) issues.
 *  minsp-pc     sorted by (call depth descending, PC ascending); a new path
 *               whose PC equals a listed one merges with it (OR of masks,
 *               deeper depth), wherever it is.  With A, a spinning head yields (the
 *               forward-progress rule, pathlist.h: ref_yield_pass): bit 7
 *               of the depth field marks a path that has not yielded, so the
 *               same order ranks the yielded ones last.
 *  min-pc       the same sorted by PC only.
 *  depth-first  a stack (p[0] = active path, p[1] = top of stack), per the
 *               path-list paper, section 2.1: after a divergence the lower PC
 *               runs and the higher is pushed; a uniform forward jump or
 *               taken branch whose target is above the top's PC swaps them;
 *               when the active PC equals the top's PC they merge (only the
 *               top is compared: convergence in reverse order of divergence).
 *  breadth-first a queue: the head issues one warp-instruction, then its
 *               resulting paths go to the tail (lowest PC first); a path whose
 *               PC equals a queued one merges into it (keeping that place).
 *               Every path issues once per round: forward progress for spin
 *               waits, but paths out of step never meet again (no barrier).
 * Serialized passes (memory, indirect jumps) leave the unserved lanes at the
 * same PC: a path like any other.  The stack policies (ipdom, minority-first,
 * mp-ipdom) keep their own state in stack.c and show it here as a path list
 * (issuing path first).
 */
#include "pathlist.h"

#include <inttypes.h>

#include "errf.h"

void ref_list_reset(struct ref *r, uint32_t entry)
{
    unsigned w;
    for (w = 0; w < r->cfg.W; w++) {
        r->wl[w].n = 1;
        r->wl[w].p[0].pc = entry;
        r->wl[w].p[0].mask = r->all;
        r->wl[w].p[0].depth = r->yield_k ? REF_UNYIELDED : 0;
        r->wl[w].hd = ref_decode_at(r, entry);
    }
}

unsigned ref_npaths(const struct ref *r, unsigned w) { return w < r->cfg.W ? r->wl[w].n : 0; }
const struct ref_path *ref_paths(const struct ref *r, unsigned w) { return r->wl[w].p; }


/* Does a come before b in a sorted policy? */
static int before(enum ref_policy pol, const struct ref_path *a, const struct ref_path *b)
{
    if (pol == REF_POLICY_MINSP_PC && a->depth != b->depth)
        return a->depth > b->depth;
    return a->pc < b->pc;
}

/* (lists are short: plain loops, no memmove calls) */
static void list_remove(struct warp_list *l, unsigned i)
{
    for (l->n--; i < l->n; i++)
        l->p[i] = l->p[i + 1];
}

static void list_insert_at(struct warp_list *l, unsigned i, const struct ref_path *np)
{
    unsigned j;
    for (j = l->n; j > i; j--)
        l->p[j] = l->p[j - 1];
    l->p[i] = *np;
    l->n++;
}

static void merge_into(struct ref_path *dst, const struct ref_path *src)
{
    dst->mask |= src->mask;
    if (src->depth > dst->depth)
        dst->depth = src->depth;
}

/* Sorted policies: insert with merging. */
static void insert_sorted(struct ref *r, struct warp_list *l, struct ref_path np)
{
    unsigned i;
    for (i = 0; i < l->n; i++)
        if (l->p[i].pc == np.pc) {
            merge_into(&np, &l->p[i]);
            list_remove(l, i);
            r->merges++;
            break;
        }
    for (i = 0; i < l->n && before(r->cfg.policy, &l->p[i], &np); i++)
        ;
    list_insert_at(l, i, &np);
}

/* list_remove(l, 0) then insert_sorted(r, l, np), in two passes over the
 * list: find the path at np's PC (merged into np, which may change np's
 * depth and so its place), then move the others up over the head and that
 * path, with np before the first one it does not follow.  Each move is to
 * a slot already read. */
static inline REF_ALWAYS_INLINE void replace_head_sorted(struct ref *r, struct warp_list *l,
                                                         struct ref_path np)
{
    struct ref_path *p = l->p;
    unsigned n = l->n, i, j, o = 0;
    for (j = 1; j < n && p[j].pc != np.pc; j++)
        ;
    if (j < n) {
        merge_into(&np, &p[j]);
        r->merges++;
    } else if (n == 1 || !before(r->cfg.policy, &p[1], &np)) {
        p[0] = np;                /* nothing merged, np stays first: the others stay */
        return;
    }
    for (i = 1; i < n && (i == j || before(r->cfg.policy, &p[i], &np)); i++)
        if (i != j)
            p[o++] = p[i];
    p[o++] = np;
    for (; i < n; i++)
        if (i != j)
            p[o++] = p[i];
    l->n = o;
}

/* Breadth-first: append at the tail unless a queued path has that PC. */
static void insert_queue(struct ref *r, struct warp_list *l, struct ref_path np)
{
    unsigned i;
    for (i = 0; i < l->n; i++)
        if (l->p[i].pc == np.pc) {
            merge_into(&l->p[i], &np);
            r->merges++;
            return;
        }
    l->p[l->n++] = np;
}

/* Depth-first: the active path is p[0]; merge it with the top while equal. */
static void df_converge(struct ref *r, struct warp_list *l)
{
    while (l->n >= 2 && l->p[0].pc == l->p[1].pc) {
        merge_into(&l->p[0], &l->p[1]);
        list_remove(l, 1);
        r->merges++;
    }
}

/* Depth-first: the groups onto the stack (p[0], the active path, was the
 * head that issued, at pc). */
static void df_push(struct ref *r, struct warp_list *l, uint32_t pc, const struct ref_path *g,
                    unsigned ng)
{
    unsigned i;
    /* Uniform forward control transfer (one group, jumped forward). */
    int uniform_fwd = ng == 1 && g[0].pc > pc + 4 && g[0].pc != pc;
    list_remove(l, 0);
    if (uniform_fwd && l->n >= 1 && g[0].pc > l->p[0].pc) {
        list_insert_at(l, 1, &g[0]);      /* swap with the top */
    } else {
        /* Push the higher PCs first, the lowest becomes active. */
        for (i = ng; i-- > 0;)
            list_insert_at(l, 0, &g[i]);
    }
    df_converge(r, l);
}

/* ---- the sorted list's own order (--timing rtl, TRACK=sorted) --------------------------
 *
 * The core's sorted list (gen/ARCHITECTURE.md) keeps the head (HCT1), the
 * second path (HCT2) and the cold paths (the CCT): p[0], p[1] and p[2..].
 * Paths meet only in the compact-sort unit (the instruction's groups a, b
 * and HCT2, equal PCs merged) and at stage r (y against the CCT's first
 * path), so two cold paths at one PC stay apart until they meet there: the
 * core issues more warp-instructions than minsp-pc's list, which merges
 * anywhere.  The exact sorter's CCT is a heap whose root is the least of its
 * paths: here p[2..] sorted, root first. */

/* Insert np into the cold paths p[2..] (sorted, no merge: a heap). */
static void cold_insert(struct ref *r, struct warp_list *l, const struct ref_path *np)
{
    unsigned i;
    for (i = 2; i < l->n && !before(r->cfg.policy, np, &l->p[i]); i++)
        ;
    list_insert_at(l, i, np);
}

/* The compact-sort unit: the ng groups and HCT2 (hct2: valid), equal PCs
 * merged, sorted into x[0..k-1]; returns k. */
static unsigned ccs(struct ref *r, const struct ref_path *g, unsigned ng, const struct ref_path *hct2,
                    struct ref_path *x)
{
    unsigned k = 0, i, j;
    for (i = 0; i <= ng; i++) {
        const struct ref_path *in = i < ng ? &g[i] : hct2;
        if (!in)
            break;
        for (j = 0; j < k && x[j].pc != in->pc; j++)
            ;
        if (j < k) {
            merge_into(&x[j], in);
            r->merges++;
        } else {
            x[k++] = *in;
        }
    }
    for (i = 1; i < k; i++)                /* (three at most) */
        for (j = i; j > 0 && before(r->cfg.policy, &x[j], &x[j - 1]); j--) {
            struct ref_path t = x[j];
            x[j] = x[j - 1];
            x[j - 1] = t;
        }
    return k;
}

/* The exact sorter: x to HCT1; y against the root (a root at y's PC merges
 * with it; HCT2 takes the first of them; the other, and z, go to the heap);
 * with y and z invalid, HCT2 takes the root, or the head absorbs every root
 * at its PC first.  r->ex_defer counts the heap operations the core defers,
 * holding the warp (a pop after each absorb; z's insert when the root was
 * taken): the timing mode's. */
static void take_exact(struct ref *r, struct warp_list *l, const struct ref_path *g, unsigned ng)
{
    struct ref_path x[3], hct2 = l->p[1];
    int taken;
    unsigned k = ccs(r, g, ng, l->n >= 2 ? &hct2 : NULL, x);
    l->p[0] = x[0];                       /* the head and HCT2 leave; the cold paths stay */
    if (l->n >= 2)
        list_remove(l, 1);
    else if (!k)
        l->n = 0;
    if (!k) {                             /* nothing left but cold paths: none (HCT2 was empty) */
        l->n = 0;
        return;
    }
    if (k == 1) {
        while (l->n >= 2 && l->p[1].pc == l->p[0].pc) {    /* absorb, then a pop */
            merge_into(&l->p[0], &l->p[1]);
            list_remove(l, 1);
            r->merges++;
            r->ex_defer++;
        }
        return;                           /* the root, if any, is HCT2 at p[1] */
    }
    taken = l->n >= 2 && l->p[1].pc == x[1].pc;
    if (taken) {                          /* the root merges with y */
        merge_into(&x[1], &l->p[1]);
        list_remove(l, 1);
        r->merges++;
    }
    if (l->n >= 2 && before(r->cfg.policy, &l->p[1], &x[1])) {
        cold_insert(r, l, &x[1]);         /* HCT2 = the root, y to the heap */
        taken = 1;
    } else {
        list_insert_at(l, 1, &x[1]);
    }
    if (k == 3) {
        cold_insert(r, l, &x[2]);
        r->ex_defer += taken;             /* the heap's second operation waits */
    }
}

/* The lazy sorter (gen/cct.c): the cold paths are a stack, p[2] its bottom.
 * A valid z is pushed; an invalid y pops the top into HCT2; otherwise, at a
 * branch or a jump (step), the sorter takes a step, with its pointer from
 * the top down: it swaps the entry it found before y (with this step's y,
 * whatever it is), or probes its entry (the core compares it two cycles
 * later, before the warp's next resolve: the instruction after a branch or
 * a jump waits for its resolve), moving down when the entry does not come
 * first.  Other instructions leave the stack alone, so they may resolve a
 * cycle apart (the follow-on). */
static void take_lazy(struct ref *r, unsigned w, struct warp_list *l, const struct ref_path *g,
                      unsigned ng, int step)
{
    struct ref_path x[3], hct2 = l->p[1];
    unsigned k = ccs(r, g, ng, l->n >= 2 ? &hct2 : NULL, x), hs = l->n > 2 ? l->n - 2 : 0;
    unsigned *sp = &r->lz_ptr[w];
    struct ref_path *st = l->p + 2;
    uint64_t bit = 1ull << w;
    int two = k >= 2;                     /* HCT2 holds a path */
    if (k == 0) {                         /* (no HCT2, so no cold path either) */
        l->n = 0;
        return;
    }
    l->p[0] = x[0];
    if (two)
        l->p[1] = x[1];
    r->lz_moved &= ~bit;
    if (k == 3) {                         /* push z */
        st[hs] = x[2];
        *sp = hs++;
        r->lz_match &= ~bit;
    } else if (k == 1 && hs) {            /* pop into HCT2 */
        l->p[1] = st[--hs];
        *sp = hs - 1;
        r->lz_match &= ~bit;
        r->lz_moved |= bit;
        two = 1;
    } else if (k == 2 && hs && !step) {   /* neither: the stack stays */
    } else if (k == 2 && hs && (r->lz_match & bit)) {       /* swap */
        l->p[1] = st[*sp];
        st[*sp] = x[1];
        *sp = hs - 1;
        r->lz_match &= ~bit;
        r->lz_moved |= bit;
    } else if (k == 2 && hs) {            /* probe */
        if (before(r->cfg.policy, &st[*sp], &x[1]))
            r->lz_match |= bit;
        else
            *sp = *sp ? *sp - 1 : hs - 1;
    }
    l->n = two ? 2 + hs : 1;
}

unsigned ref_list_take(struct ref *r, unsigned w, uint32_t pc, const struct ref_path *g,
                       unsigned ng)
{
    struct warp_list *l = &r->wl[w];
    unsigned i;
    if (r->order != REF_ORDER_POLICY) {
        if (r->order == REF_ORDER_EXACT)
            take_exact(r, l, g, ng);
        else
            take_lazy(r, w, l, g, ng, ref_is_cf(ref_decode_at(r, pc)));
        if (l->n > r->peak[w])
            r->peak[w] = l->n;
        return l->n;
    }
    switch (r->cfg.policy) {
    case REF_POLICY_MINSP_PC:
    case REF_POLICY_MIN_PC:
        if (ng == 0) {
            list_remove(l, 0);
            break;
        }
        replace_head_sorted(r, l, g[0]);    /* list_remove(l, 0), insert_sorted of g[0] */
        for (i = 1; i < ng; i++)
            insert_sorted(r, l, g[i]);
        break;
    case REF_POLICY_BREADTH_FIRST:
        list_remove(l, 0);
        for (i = 0; i < ng; i++)
            insert_queue(r, l, g[i]);
        break;
    default:  /* REF_POLICY_DEPTH_FIRST */
        df_push(r, l, pc, g, ng);
        break;
    }
    if (l->n > r->peak[w])
        r->peak[w] = l->n;
    return l->n;
}

void ref_yield(struct ref *r, unsigned w, struct ref_path *g, unsigned ng)
{
    struct warp_list *l = &r->wl[w];
    unsigned i, all_marked = 1;
    for (i = 0; i < ng; i++)
        g[i].depth &= ~REF_UNYIELDED;
    for (i = 1; i < l->n; i++)
        all_marked &= !(l->p[i].depth & REF_UNYIELDED);
    /* (each of them gains the same bit: their order stays) */
    for (i = 1; all_marked && i < l->n; i++)
        l->p[i].depth |= REF_UNYIELDED;
    r->yields++;
}

void ref_print_paths(const struct ref *r, FILE *f)
{
    unsigned w, i, hex = (r->cfg.T + 3) / 4;
    for (w = 0; w < r->cfg.W; w++) {
        const struct warp_list *l = &r->wl[w];
        fprintf(f, "  warp %u: %u path%s%s\n", w, l->n, l->n == 1 ? "" : "s",
                l->n ? " (head first)" : "");
        for (i = 0; i < l->n; i++)
            fprintf(f, "    pc %08" PRIx32 " mask 0x%0*" PRIx64 " depth %u%s\n", l->p[i].pc,
                    (int)hex, l->p[i].mask, l->p[i].depth,
                    r->yield_k && !(l->p[i].depth & REF_UNYIELDED) ? " (yielded)" : "");
    }
}

int ref_check_invariants(const struct ref *r, char *err, size_t n)
{
    unsigned w, i, j, lane;
    for (w = 0; w < r->cfg.W; w++) {
        const struct warp_list *l = &r->wl[w];
        uint64_t seen = 0, live = 0;
        for (lane = 0; lane < r->cfg.T; lane++)
            if (r->th[(w << r->lg_t) | lane].state == REPORT_TH_RUNNING)
                live |= 1ull << lane;
        for (i = 0; i < l->n; i++) {
            const struct ref_path *p = &l->p[i];
            if (!p->mask)
                return simty_errf(err, n, "warp %u: path %u has an empty mask", w, i);
            if (p->mask & seen)
                return simty_errf(err, n, "warp %u: path %u overlaps another path", w, i);
            if (p->depth > REF_DEPTH_MAX)
                return simty_errf(err, n, "warp %u: path %u depth %u", w, i, p->depth);
            seen |= p->mask;
            for (lane = 0; lane < r->cfg.T; lane++)
                if ((p->mask >> lane & 1) && r->pc[(w << r->lg_t) | lane] != p->pc)
                    return simty_errf(err, n, "warp %u lane %u: thread pc %08" PRIx32
                                      " but path pc %08" PRIx32, w, lane,
                                      r->pc[(w << r->lg_t) | lane], p->pc);
            /* Stack policies keep paths apart until their reconvergence point. */
            if (r->cfg.policy != REF_POLICY_DEPTH_FIRST && !REF_POLICY_IS_STACK(r->cfg.policy) &&
                r->order == REF_ORDER_POLICY)
                for (j = 0; j < i; j++)
                    if (l->p[j].pc == p->pc)
                        return simty_errf(err, n, "warp %u: paths %u and %u share pc %08" PRIx32,
                                          w, j, i, p->pc);
            if (i > 0 && r->order != REF_ORDER_LAZY && (r->cfg.policy == REF_POLICY_MINSP_PC ||
                          r->cfg.policy == REF_POLICY_MIN_PC) &&
                (r->order == REF_ORDER_POLICY ? !before(r->cfg.policy, &l->p[i - 1], p)
                                              : before(r->cfg.policy, p, &l->p[i - 1])))
                return simty_errf(err, n, "warp %u: paths %u and %u out of order", w, i - 1, i);
        }
        if (seen != live)
            return simty_errf(err, n, "warp %u: paths cover 0x%" PRIx64 ", live threads 0x%" PRIx64,
                              w, seen, live);
    }
    return 0;
}
