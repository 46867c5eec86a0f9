/*
 * stack.c - the policies that reconverge at immediate post-dominators, with
 * the reconvergence PCs of the binary's CFG (cfg.h):
 *
 *  ipdom           the SIMT stack of GPUs (Aamodt et al., paper 002): per warp
 *                  a stack of (PC, reconvergence PC, mask); the top entry
 *                  issues.  A split at an instruction whose reconvergence
 *                  point is R turns the top entry into the reconvergence entry
 *                  (PC = R) and pushes one entry per side that is not already
 *                  at R, the lower PC on top; a top entry that reaches its R
 *                  pops, and its threads wait in the entry below.  When R is
 *                  the reconvergence point of the top entry itself, the top
 *                  entry is replaced instead (no new reconvergence entry).
 *  minority-first  the same stack, the side with fewer threads on top (AMD's
 *                  fork/join order: the stack stays within log2(T) + 1
 *                  entries per nesting level).  Ties: lower PC on top.
 *  mp-ipdom        multi-path IPDOM (paper 001): a split table of the warp's
 *                  splits, each a path that issues on its own (interleaved
 *                  with the other splits of its warp by the latency model),
 *                  and a reconvergence table of (R, depth, mask, pending mask,
 *                  parent).  A split divides into new splits under a new
 *                  reconvergence entry (or under its own, when R is the
 *                  same); a split that reaches its entry's R leaves the split
 *                  table and clears its threads from the pending mask; when
 *                  the pending mask is empty the entry becomes a split again
 *                  (under its parent).
 *
 * Reconvergence points carry the call depth of the split (the RAS hints of
 * the spec): a thread reaches R only at the depth the split happened, so a
 * recursive call of the same function that passes R does not pop the
 * caller's entry.  R = CFG_EXIT (a conservative point: an indirect jump or a
 * return lies between the split and any common successor) is reached when
 * the thread's depth drops below the split's, i.e. when it returns.  Threads
 * that exit or trap leave every mask.  Memory replays and serialized
 * indirect jumps split like branches (the reconvergence point of a memory
 * access is the next instruction; of `jalr`, the function's exit).
 *
 * The run loop (run.c) issues the path a policy here hands out
 * (ref_stack_head) and gives back the groups it went on as
 * (ref_stack_update); grouping a warp's threads by PC is group.c's.
 */
#include "stack.h"

#include <stdlib.h>
#include <string.h>

#include "cfg.h"
#include "group.h"
#include "latency.h"

struct stk_entry {
    uint32_t pc, rpc;
    uint64_t mask;
    unsigned depth, rdepth;
    int settle;                 /* PC unknown (R = exit): take the threads' PCs */
};

struct mp_split {
    uint32_t pc;
    uint64_t mask, ready;
    unsigned depth;
    int ridx;                   /* reconvergence table entry, -1: none */
};

struct mp_rt {
    uint32_t rpc;
    unsigned rdepth;
    uint64_t mask, pending;
    int parent, valid;
};

struct warp_stack {
    struct stk_entry *e;        /* ipdom / minority-first: e[0] = bottom */
    unsigned n, cape;
    struct mp_split *s;         /* mp-ipdom split table */
    unsigned ns, rr;
    struct mp_rt *rt;           /* mp-ipdom reconvergence table (slots) */
    unsigned nrt, caprt;
    unsigned cap;               /* capacity of s */
    uint64_t live;
};

int ref_stack_alloc(struct ref *r)
{
    unsigned w, cap = 2 * r->cfg.T + 8;
    r->ws = calloc(r->cfg.W, sizeof *r->ws);
    if (!r->ws)
        return -1;
    for (w = 0; w < r->cfg.W; w++) {
        struct warp_stack *ws = &r->ws[w];
        ws->cap = ws->cape = ws->caprt = cap;
        ws->e = calloc(cap, sizeof *ws->e);
        ws->s = calloc(cap, sizeof *ws->s);
        ws->rt = calloc(cap, sizeof *ws->rt);
        if (!ws->e || !ws->s || !ws->rt)
            return -1;
    }
    return 0;
}

void ref_stack_free(struct ref *r)
{
    unsigned w;
    if (!r->ws)
        return;
    for (w = 0; w < r->cfg.W; w++) {
        free(r->ws[w].e);
        free(r->ws[w].s);
        free(r->ws[w].rt);
    }
    free(r->ws);
    r->ws = NULL;
}

void ref_stack_reset(struct ref *r, uint32_t entry)
{
    unsigned w;
    uint64_t all = r->cfg.T == 64 ? ~0ull : (1ull << r->cfg.T) - 1;
    for (w = 0; w < r->cfg.W; w++) {
        struct warp_stack *ws = &r->ws[w];
        memset(ws->e, 0, ws->cape * sizeof *ws->e);
        memset(ws->rt, 0, ws->caprt * sizeof *ws->rt);
        ws->n = 1;
        ws->e[0].pc = entry;
        ws->e[0].mask = all;
        ws->e[0].rpc = CFG_EXIT;     /* depth < 0: never reached */
        ws->ns = 1;
        ws->s[0].pc = entry;
        ws->s[0].mask = all;
        ws->s[0].depth = 0;
        ws->s[0].ready = 0;
        ws->s[0].ridx = -1;
        ws->rr = 0;
        ws->nrt = 0;
        ws->live = all;
    }
}

static int arrived(uint32_t pc, unsigned depth, uint32_t rpc, unsigned rdepth)
{
    return rpc == CFG_EXIT ? depth < rdepth : pc == rpc && depth == rdepth;
}

static unsigned settle_depth(unsigned rdepth) { return rdepth ? rdepth - 1 : 0; }

/* ---- ipdom and minority-first ------------------------------------------------- */

/* Order of the sides: the one to run first last. */
static int runs_before(enum ref_policy pol, const struct ref_path *a, const struct ref_path *b)
{
    if (pol == REF_POLICY_MINORITY_FIRST) {
        int ca = __builtin_popcountll(a->mask), cb = __builtin_popcountll(b->mask);
        if (ca != cb)
            return ca < cb;
    }
    return a->pc < b->pc;
}

/* Push the sides in g that have not reached (rpc, rdepth), the one to run
 * first on top. */
static void push_sides(struct ref *r, struct warp_stack *ws, struct ref_path *g, unsigned ng,
                       uint32_t rpc, unsigned rdepth)
{
    unsigned i, j;
    if (ws->n + ng > ws->cape) {       /* (2T + 8 is above the bound; kept safe) */
        struct stk_entry *ne = realloc(ws->e, (ws->n + ng) * 2 * sizeof *ne);
        if (!ne)
            abort();
        ws->e = ne;
        ws->cape = (ws->n + ng) * 2;
    }
    for (i = 1; i < ng; i++)           /* sort: runs last first */
        for (j = i; j > 0 && runs_before(r->cfg.policy, &g[j - 1], &g[j]); j--) {
            struct ref_path t = g[j];
            g[j] = g[j - 1];
            g[j - 1] = t;
        }
    for (i = 0; i < ng; i++) {
        struct stk_entry *e;
        if (arrived(g[i].pc, g[i].depth, rpc, rdepth))
            continue;
        e = &ws->e[ws->n++];
        e->pc = g[i].pc;
        e->mask = g[i].mask;
        e->depth = g[i].depth;
        e->rpc = rpc;
        e->rdepth = rdepth;
        e->settle = 0;
    }
}

/* Drop emptied entries, settle a top entry whose PC is unknown, pop entries
 * that have reached their reconvergence point. */
static void stk_normalize(struct ref *r, unsigned w)
{
    struct warp_stack *ws = &r->ws[w];
    struct ref_path g[REF_MAX_T + 1];
    unsigned i, j, ng;
    for (;;) {
        for (i = j = 0; i < ws->n; i++)
            if (ws->e[i].mask)
                ws->e[j++] = ws->e[i];
        ws->n = j;
        if (ws->n == 0)
            return;
        if (ws->e[ws->n - 1].settle) {
            struct stk_entry t = ws->e[--ws->n];
            ng = ref_group_threads(r, w, t.mask, t.depth, g);
            if (ng == 1) {
                t.pc = g[0].pc;
                t.settle = 0;
                ws->e[ws->n++] = t;
            } else {
                push_sides(r, ws, g, ng, t.rpc, t.rdepth);
            }
            continue;
        }
        if (ws->n > 1 && arrived(ws->e[ws->n - 1].pc, ws->e[ws->n - 1].depth,
                                 ws->e[ws->n - 1].rpc, ws->e[ws->n - 1].rdepth)) {
            ws->n--;
            r->merges++;
            continue;
        }
        return;
    }
}

static void stk_after(struct ref *r, unsigned w, const struct ref_path *head,
                      struct ref_path *g, unsigned ng, uint64_t dead)
{
    struct warp_stack *ws = &r->ws[w];
    struct stk_entry *top;
    unsigned i;
    uint32_t rpc;
    for (i = 0; i < ws->n; i++)
        ws->e[i].mask &= ~dead;
    top = &ws->e[ws->n - 1];
    if (ng == 1) {
        top->pc = g[0].pc;
        top->depth = g[0].depth;
        top->mask = g[0].mask;
    } else if (ng > 1) {
        rpc = cfg_reconv(r->graph, head->pc);
        if (ws->n > 1 && top->rpc == rpc && top->rdepth == head->depth) {
            ws->n--;                      /* same reconvergence point: replace */
        } else {
            top->pc = rpc;                /* becomes the reconvergence entry */
            top->depth = rpc == CFG_EXIT ? settle_depth(head->depth) : head->depth;
            top->settle = rpc == CFG_EXIT;
        }
        push_sides(r, ws, g, ng, rpc, head->depth);
    } else {
        top->mask = 0;
    }
    stk_normalize(r, w);
    if (ws->n > r->peak[w])
        r->peak[w] = ws->n;
}

/* The path list view: each entry's threads not in an entry above it. */
static void stk_view(struct ref *r, unsigned w)
{
    struct warp_stack *ws = &r->ws[w];
    struct warp_list *l = &r->wl[w];
    struct ref_path g[REF_MAX_T + 1];
    uint64_t covered = 0;
    unsigned i, k, ng;
    l->n = 0;
    for (i = ws->n; i-- > 0;) {
        uint64_t m = ws->e[i].mask & ~covered;
        covered |= ws->e[i].mask;
        if (!m)
            continue;
        if (!ws->e[i].settle && i == ws->n - 1) {
            l->p[l->n].pc = ws->e[i].pc;
            l->p[l->n].mask = m;
            l->p[l->n++].depth = ws->e[i].depth;
            continue;
        }
        ng = ref_group_threads(r, w, m, ws->e[i].depth, g);
        for (k = 0; k < ng; k++)
            l->p[l->n++] = g[k];
    }
}

/* ---- mp-ipdom ------------------------------------------------------------------ */

static void mp_add_split(struct warp_stack *ws, const struct ref_path *p, int ridx, uint64_t ready)
{
    struct mp_split *s = &ws->s[ws->ns++];
    s->pc = p->pc;
    s->mask = p->mask;
    s->depth = p->depth;
    s->ridx = ridx;
    s->ready = ready;
}

static int mp_new_rt(struct warp_stack *ws)
{
    unsigned i;
    for (i = 0; i < ws->nrt; i++)
        if (!ws->rt[i].valid)
            return (int)i;
    if (ws->nrt == ws->caprt) {  /* (2T + 8 is above the bound of 2T; kept safe) */
        struct mp_rt *n = realloc(ws->rt, 2 * ws->caprt * sizeof *n);
        if (!n)
            abort();
        memset(n + ws->caprt, 0, ws->caprt * sizeof *n);
        ws->rt = n;
        ws->caprt *= 2;
    }
    return (int)ws->nrt++;
}

/* Splits that reached their reconvergence point leave; full entries fire. */
static void mp_normalize(struct ref *r, unsigned w, uint64_t t)
{
    struct warp_stack *ws = &r->ws[w];
    struct ref_path g[REF_MAX_T + 1];
    unsigned i, j, k, ng;
    int again = 1;
    while (again) {
        again = 0;
        for (i = j = 0; i < ws->ns; i++) {
            struct mp_split *s = &ws->s[i];
            struct mp_rt *e = s->ridx >= 0 ? &ws->rt[s->ridx] : NULL;
            if (!s->mask)
                continue;
            if (e && arrived(s->pc, s->depth, e->rpc, e->rdepth)) {
                e->pending &= ~s->mask;
                r->merges++;
                continue;
            }
            ws->s[j++] = *s;
        }
        ws->ns = j;
        for (i = 0; i < ws->nrt; i++) {
            struct mp_rt *e = &ws->rt[i];
            if (!e->valid || e->pending)
                continue;
            e->valid = 0;
            again = 1;
            if (!e->mask)
                continue;
            if (e->rpc == CFG_EXIT) {
                ng = ref_group_threads(r, w, e->mask, settle_depth(e->rdepth), g);
            } else {
                ng = 1;
                g[0].pc = e->rpc;
                g[0].mask = e->mask;
                g[0].depth = e->rdepth;
            }
            for (k = 0; k < ng; k++)
                mp_add_split(ws, &g[k], e->parent, t + REF_LAT_RESOLVE);
        }
    }
    while (ws->nrt && !ws->rt[ws->nrt - 1].valid)
        ws->nrt--;
}

/* The split that issues next: the first ready one from the round-robin
 * pointer, else the earliest. */
static unsigned mp_choose(struct ref *r, unsigned w, uint64_t *when)
{
    struct warp_stack *ws = &r->ws[w];
    uint64_t best = UINT64_MAX;
    unsigned k, bi = 0;
    for (k = 0; k < ws->ns; k++) {
        unsigned i = (ws->rr + k) % ws->ns;
        uint64_t t = ws->s[i].ready, o;
        if (t <= r->cycle) {
            o = ref_operands_ready(r, w, ws->s[i].pc, ws->s[i].mask);
            if (o > t)
                t = o;
        }
        if (t <= r->cycle) {
            *when = t;
            return i;
        }
        if (t < best) {
            best = t;
            bi = i;
        }
    }
    *when = best;
    return bi;
}

static void mp_view(struct ref *r, unsigned w)
{
    struct warp_stack *ws = &r->ws[w];
    struct warp_list *l = &r->wl[w];
    struct ref_path g[REF_MAX_T + 1];
    unsigned i, k, ng;
    l->n = 0;
    for (i = 0; i < ws->ns; i++) {
        l->p[l->n].pc = ws->s[i].pc;
        l->p[l->n].mask = ws->s[i].mask;
        l->p[l->n++].depth = ws->s[i].depth;
    }
    for (i = 0; i < ws->nrt; i++) {
        const struct mp_rt *e = &ws->rt[i];
        if (!e->valid || !(e->mask & ~e->pending))
            continue;
        ng = ref_group_threads(r, w, e->mask & ~e->pending,
                               e->rpc == CFG_EXIT ? settle_depth(e->rdepth) : e->rdepth, g);
        for (k = 0; k < ng; k++)
            l->p[l->n++] = g[k];
    }
}

/* ---- common ------------------------------------------------------------------ */

uint64_t ref_stack_ready(struct ref *r, unsigned w)
{
    struct warp_stack *ws = &r->ws[w];
    uint64_t t, o;
    if (r->cfg.policy == REF_POLICY_MP_IPDOM) {
        if (!ws->ns)
            return UINT64_MAX;
        mp_choose(r, w, &t);
        return t;
    }
    if (!ws->n)
        return UINT64_MAX;
    t = r->ready[w];
    if (t > r->cycle)
        return t;
    o = ref_operands_ready(r, w, ws->e[ws->n - 1].pc, ws->e[ws->n - 1].mask);
    return o > t ? o : t;
}

/* Entries of warp w: the stack's, or mp-ipdom's splits and valid
 * reconvergence entries (the statistics' peak paths). */
static unsigned stack_depth(const struct ref *r, unsigned w)
{
    const struct warp_stack *ws = &r->ws[w];
    unsigned i, n = ws->ns;
    if (r->cfg.policy != REF_POLICY_MP_IPDOM)
        return ws->n;
    for (i = 0; i < ws->nrt; i++)
        n += ws->rt[i].valid;
    return n;
}

int ref_stack_head(struct ref *r, unsigned w, struct ref_path *head, unsigned *si)
{
    struct warp_stack *ws = &r->ws[w];
    uint64_t when;
    *si = 0;
    if (r->cfg.policy == REF_POLICY_MP_IPDOM) {
        if (!ws->ns)
            return 0;
        *si = mp_choose(r, w, &when);
        head->pc = ws->s[*si].pc;
        head->mask = ws->s[*si].mask;
        head->depth = ws->s[*si].depth;
        return 1;
    }
    if (!ws->n)
        return 0;
    head->pc = ws->e[ws->n - 1].pc;
    head->mask = ws->e[ws->n - 1].mask;
    head->depth = ws->e[ws->n - 1].depth;
    return 1;
}

int ref_stack_single(const struct ref *r, unsigned w, uint64_t mask)
{
    return mask == r->ws[w].live;
}

/* mp-ipdom: split si (head) issued and went on as the ng groups g; the
 * lanes of dead ended.  One group replaces the split; several become new
 * splits under a reconvergence entry at head's reconvergence point (the
 * split's own entry when that is the same point at the same depth). */
static void mp_after(struct ref *r, unsigned w, unsigned si, const struct ref_path *head,
                     const struct ref_path *g, unsigned ng, uint64_t dead, unsigned lat)
{
    struct warp_stack *ws = &r->ws[w];
    struct mp_split old = ws->s[si];
    int k = old.ridx, j;
    unsigned i;
    for (i = 0; i < ws->ns; i++)
        ws->s[i].mask &= ~dead;
    for (i = 0; i < ws->nrt; i++) {
        ws->rt[i].mask &= ~dead;
        ws->rt[i].pending &= ~dead;
    }
    ws->s[si].mask = 0;               /* replaced by its groups */
    if (ng == 1) {
        ws->s[si].pc = g[0].pc;
        ws->s[si].mask = g[0].mask;
        ws->s[si].depth = g[0].depth;
        ws->s[si].ready = r->cycle + lat;
    } else if (ng > 1) {
        uint32_t rpc = cfg_reconv(r->graph, head->pc);
        if (k >= 0 && ws->rt[k].valid && ws->rt[k].rpc == rpc && ws->rt[k].rdepth == head->depth) {
            j = k;
        } else {
            j = mp_new_rt(ws);
            ws->rt[j].rpc = rpc;
            ws->rt[j].rdepth = head->depth;
            ws->rt[j].mask = ws->rt[j].pending = old.mask & ~dead;
            ws->rt[j].parent = k;
            ws->rt[j].valid = 1;
        }
        for (i = 0; i < ng; i++)
            mp_add_split(ws, &g[i], j, r->cycle + lat);
    }
    ws->rr = si + 1;
    mp_normalize(r, w, r->cycle);
    if (ws->ns)
        ws->rr %= ws->ns;
    mp_view(r, w);
}

unsigned ref_stack_update(struct ref *r, unsigned w, unsigned si, const struct ref_path *head,
                          struct ref_path *g, unsigned ng, uint64_t dead, unsigned lat)
{
    struct warp_stack *ws = &r->ws[w];
    unsigned depth;
    ws->live &= ~dead;
    if (r->cfg.policy == REF_POLICY_MP_IPDOM) {
        mp_after(r, w, si, head, g, ng, dead, lat);
    } else {
        r->ready[w] = r->cycle + lat;
        stk_after(r, w, head, g, ng, dead);
        stk_view(r, w);
    }
    depth = stack_depth(r, w);
    if (depth > r->peak[w])
        r->peak[w] = depth;
    return r->cfg.policy == REF_POLICY_MP_IPDOM ? ws->ns : ws->n;
}
