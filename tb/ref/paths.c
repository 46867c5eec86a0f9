/*
 * paths.c - the path list of each warp, the four traversal policies, and the
 * stand-alone run loop of the reference model.
 *
 * List order is the policy's order; the head (p[0]) issues.
 *  minsp-pc     sorted by (call depth descending, PC ascending); a new path
 *               whose PC equals a listed one merges with it (OR of masks,
 *               deeper depth), wherever it is.
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
 * (issuing path first).  sched.c has the latency model and the run loop;
 * the list policies' part of it is here (list_pick, ref_run_list).
 */
#include "ref_internal.h"
#include "group.h"

#include <inttypes.h>
#include <string.h>

#include "errf.h"
#include "simty_map.h"

void ref_paths_reset(struct ref *r, uint32_t entry)
{
    unsigned w;
    uint64_t all = r->cfg.T == 64 ? ~0ull : (1ull << r->cfg.T) - 1;
    for (w = 0; w < r->cfg.W; w++) {
        r->wl[w].n = 1;
        r->wl[w].p[0].pc = entry;
        r->wl[w].p[0].mask = all;
        r->wl[w].p[0].depth = 0;
        r->wl[w].hd = ref_decode_at(r, entry);
        r->peak[w] = 1;
    }
    r->live_warps = r->cfg.W;
    r->rr = 0;
    if (r->ws)
        ref_stack_reset(r, entry);
}

unsigned ref_npaths(const struct ref *r, unsigned w) { return w < r->cfg.W ? r->wl[w].n : 0; }
const struct ref_path *ref_paths(const struct ref *r, unsigned w) { return r->wl[w].p; }

int ref_done(const struct ref *r)
{
    return r->live_warps == 0;
}

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

/* Is the issue of head, its served lanes going on as the ng groups g, one of
 * a single path for the latency model (ref_timing_issue's single)?  The path
 * holds every live thread of the warp (live); or, issued as a single path's
 * would be, a path-neutral instruction of a sorted-list warp with two paths
 * goes on to PC + 4 while that stays before the other path's PC (the core's
 * follow-on; paths at one PC merge whatever their depths, and one behind the
 * head, less deep, is never reached). */
static inline int follows(const struct ref *r, const struct warp_list *l,
                          const struct ref_path *head, uint64_t live, uint64_t served,
                          const struct ref_path *g, unsigned ng)
{
    return head->mask == live ||
           (l->n == 2 && ng == 1 && r->cfg.policy == REF_POLICY_MINSP_PC &&
            served == head->mask && g[0].pc == head->pc + 4 &&
            (l->p[1].pc > g[0].pc || (l->p[1].pc < head->pc && l->p[1].depth < head->depth)));
}

/* ref_pick of a list policy.  A warp's cycle does not depend on the clock:
 * the first ready warp from the round-robin pointer issues, else the clock
 * moves to the earliest cycle and the first warp of that cycle from the
 * pointer issues, as ref_pick's loop for the stack policies would find in
 * two passes.  A warp's cycle is computed when it issues (ref_issue), or
 * here after a reset (wstale).  (Stopping at the first ready warp costs
 * less than a branch-free scan of every warp: it is often the first one.) */
static inline int list_pick(struct ref *r)
{
    const uint64_t *wr = r->wready;
    uint64_t m, best = UINT64_MAX, cycle = r->cycle;
    unsigned W = r->cfg.W, rr = r->rr, k, w;
    if (!r->live_warps)
        return -1;
    if (r->wstale) {
        for (m = r->wstale; m; m &= m - 1) {
            w = (unsigned)__builtin_ctzll(m);
            ref_list_head(r, w);
        }
        r->wstale = 0;
    }
    for (k = 0; k < W && wr[(rr + k) & (W - 1)] > cycle; k++)
        ;
    if (k == W) {
        for (w = 0; w < W; w++)
            best = wr[w] < best ? wr[w] : best;
        if (best == UINT64_MAX)
            return -1;   /* cannot happen while a warp is live */
        r->cycle = best;
        for (k = 0; wr[(rr + k) & (W - 1)] != best; k++)
            ;
    }
    w = (rr + k) & (W - 1);
    r->rr = (w + 1) & (W - 1);
    return (int)w;
}

int ref_list_pick(struct ref *r)
{
    return list_pick(r);
}

/* ref_issue of a list policy, the effects of the served lanes into eff.
 * fast (a constant): ref_run_list, where nobody reads eff; the fast paths
 * give what the general one would, but no effects and no thread PCs.
 * Every issue ends with the warp's new head and cycle (ref_list_head). */
static inline REF_ALWAYS_INLINE int issue(struct ref *r, unsigned w, struct simty_effect *eff,
                                          int fast, uint64_t *served_out, uint32_t *pc_out)
{
    struct warp_list *l = &r->wl[w];
    struct ref_path head, g[REF_MAX_T + 1];
    const struct dinsn *d;
    unsigned ng, i, lat;
    uint64_t served, dead, live, wmask;
    uint32_t npc;
    int uniform_fwd;

    if (l->n == 0)
        return 0;
    head = l->p[0];
    live = r->alive[w];        /* = the union of the warp's paths */
    d = l->hd;                 /* ref_decode_at(r, head.pc) */
    if (fast && d && d->kind == DK_UNIFORM) {
        /* Fast path (nobody reads the effects): every lane goes to npc, no
         * trap; what ref_exec, ref_group and ref_written would give (the
         * thread PCs but: ref_run_list). */
        npc = head.pc + (d->op == OP_JAL ? (uint32_t)d->imm : 4);
        served = head.mask;
        ref_exec_uniform(r, w, head.pc, served, r->cycle, d);
        g[0].pc = npc;
        g[0].mask = served;
        g[0].depth = ref_depth_after(head.depth, d);
        ng = 1;
        wmask = d->op != OP_FENCE && d->rd ? served : 0;
        /* The latency model (ref_timing_issue) for one group of every lane. */
        ref_ready_write(r, w, d, wmask, r->cycle);
        lat = ref_lat(d, head.pc, follows(r, l, &head, live, served, g, ng), g, ng);
        ref_count_pass(r, d, head.mask, served, ng);    /* (nothing to count) */
    } else if (fast && d && d->kind == DK_BRANCH) {
        /* Fast path: a branch with an aligned target (no lane traps). */
        uint64_t taken;
        served = head.mask;
        taken = ref_exec_branch(r, w, served, d);
        if (d->imm == 4)
            taken = served;                     /* both ways lead to pc + 4: one group */
        ng = 0;
        if (served & ~taken) {
            g[ng].pc = head.pc + 4;
            g[ng].mask = served & ~taken;
            g[ng++].depth = head.depth;
        }
        if (taken) {
            g[ng].pc = head.pc + (uint32_t)d->imm;
            g[ng].mask = taken;
            g[ng++].depth = head.depth;
        }
        if (ng == 2 && g[1].pc < g[0].pc) {     /* by ascending PC */
            struct ref_path t = g[0];
            g[0] = g[1];
            g[1] = t;
        }
        /* The latency model: writes nothing. */
        lat = ref_lat(d, head.pc, follows(r, l, &head, live, served, g, ng), g, ng);
        ref_count_pass(r, d, head.mask, served, ng);
    } else if (fast && d && ref_is_mem(d) &&
               ref_exec_mem(r, w, served = ref_pass_mask_d(r, w, d, head.mask), d)) {
        /* Fast path: a load or store pass with no trap; the unserved lanes
         * (at pc, below pc + 4) replay. */
        ng = 0;
        if (served != head.mask) {
            g[ng].pc = head.pc;
            g[ng].mask = head.mask & ~served;
            g[ng++].depth = head.depth;
        }
        g[ng].pc = head.pc + 4;
        g[ng].mask = served;
        g[ng++].depth = head.depth;
        wmask = d->op <= OP_LHU && d->rd ? served : 0;
        /* The latency model (ref_timing_issue). */
        ref_ready_write(r, w, d, wmask, r->cycle);
        lat = ref_lat(d, head.pc, served == head.mask && follows(r, l, &head, live, served, g, ng),
                      g, ng);
        ref_count_pass(r, d, head.mask, served, ng);
    } else {
        struct ref_path h = head;   /* (head itself stays out of memory) */
        served = ref_pass_mask_d(r, w, d, h.mask);
        ref_exec(r, w, h.pc, served, r->cycle, eff);
        ng = ref_group(r, &h, served, eff, g, &dead);
        wmask = ref_written(served, eff);
        lat = ref_timing_issue(r, w, d, h.pc, &h, served, wmask, g, ng,
                               follows(r, l, &h, live, served, g, ng), r->cycle);
        ref_count_pass(r, d, h.mask, served, ng);
    }
    if (served_out)
        *served_out = served;
    if (pc_out)
        *pc_out = head.pc;
    r->ready[w] = r->cycle + lat;
    r->last_issue = ++r->cycle;

    if (ng == 1 && l->n == 1 && r->cfg.policy != REF_POLICY_DEPTH_FIRST) {
        l->p[0] = g[0];           /* one path before and after: nothing to sort or merge */
        ref_list_head(r, w);
        return 1;
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
        list_remove(l, 0);
        /* Uniform forward control transfer (one group, jumped forward). */
        uniform_fwd = ng == 1 && g[0].pc > head.pc + 4 && g[0].pc != head.pc;
        if (uniform_fwd && l->n >= 1 && g[0].pc > l->p[0].pc) {
            list_insert_at(l, 1, &g[0]);      /* swap with the top */
        } else {
            /* Push the higher PCs first, the lowest becomes active. */
            for (i = ng; i-- > 0;)
                list_insert_at(l, 0, &g[i]);
        }
        df_converge(r, l);
        break;
    }
    if (l->n > r->peak[w])
        r->peak[w] = l->n;
    if (l->n == 0)
        r->live_warps--;
    ref_list_head(r, w);
    return 1;
}

int ref_issue(struct ref *r, unsigned w, struct simty_effect *out, uint64_t *served_out,
              uint32_t *pc_out)
{
    struct simty_effect *eff = out ? out : r->eff;
    if (REF_POLICY_IS_STACK(r->cfg.policy))
        return ref_stack_issue(r, w, eff, served_out, pc_out);
    return issue(r, w, eff, 0, served_out, pc_out);
}

/* The thread PCs of warp w's live lanes: their path's PCs. */
static void write_pcs(struct ref *r, unsigned w)
{
    const struct warp_list *l = &r->wl[w];
    uint32_t *pcw = r->pc + ((size_t)w << r->lg_t);
    unsigned i;
    uint64_t m;
    for (i = 0; i < l->n; i++)
        for (m = l->p[i].mask; m; m &= m - 1)
            pcw[__builtin_ctzll(m)] = l->p[i].pc;
}

int ref_run_list(struct ref *r, uint64_t limit)
{
    int w, hang = 0;
    unsigned k;
    while ((w = list_pick(r)) >= 0) {
        if (r->warp_insts >= limit) {
            hang = 1;
            break;
        }
        issue(r, (unsigned)w, r->eff, 1, NULL, NULL);
    }
    /* The fast paths leave the thread PCs to the paths (a thread that ends
     * writes its own, ref_exec): every thread PC as ref_issue leaves it. */
    for (k = 0; k < r->cfg.W; k++)
        write_pcs(r, k);
    return hang;
}

void ref_print_paths(const struct ref *r, FILE *f)
{
    unsigned w, i, hex = (r->cfg.T + 3) / 4;
    for (w = 0; w < r->cfg.W; w++) {
        const struct warp_list *l = &r->wl[w];
        fprintf(f, "  warp %u: %u path%s%s\n", w, l->n, l->n == 1 ? "" : "s",
                l->n ? " (head first)" : "");
        for (i = 0; i < l->n; i++)
            fprintf(f, "    pc %08" PRIx32 " mask 0x%0*" PRIx64 " depth %u\n", l->p[i].pc,
                    (int)hex, l->p[i].mask, l->p[i].depth);
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
            if (r->cfg.policy != REF_POLICY_DEPTH_FIRST && !REF_POLICY_IS_STACK(r->cfg.policy))
                for (j = 0; j < i; j++)
                    if (l->p[j].pc == p->pc)
                        return simty_errf(err, n, "warp %u: paths %u and %u share pc %08" PRIx32,
                                          w, j, i, p->pc);
            if (i > 0 && (r->cfg.policy == REF_POLICY_MINSP_PC ||
                          r->cfg.policy == REF_POLICY_MIN_PC) &&
                !before(r->cfg.policy, &l->p[i - 1], p))
                return simty_errf(err, n, "warp %u: paths %u and %u out of order", w, i - 1, i);
        }
        if (seen != live)
            return simty_errf(err, n, "warp %u: paths cover 0x%" PRIx64 ", live threads 0x%" PRIx64,
                              w, seen, live);
    }
    return 0;
}

void ref_stats(const struct ref *r, struct report_stats *s)
{
    unsigned w;
    memset(s, 0, sizeof *s);
    s->model = "ref";
    s->policy = ref_policy_name(r->cfg.policy);
    s->W = r->cfg.W;
    s->T = r->cfg.T;
    s->cycles = r->live_warps == 0 && r->last_issue ? r->last_issue - 1 + REF_LAT_RESOLVE
                                                     : r->cycle;
    s->warp_instructions = r->warp_insts;
    s->thread_instructions = r->thread_insts;
    s->divergences = r->divergences;
    s->merges = r->merges;
    s->replays = r->replays;
    for (w = 0; w < r->cfg.W; w++) {
        s->peak_paths_warp[w] = r->peak[w];
        if (r->peak[w] > s->peak_paths)
            s->peak_paths = r->peak[w];
    }
    s->stalls = s->cct_peak = -1;
}

void ref_report_run(const struct ref *r, int hang, struct report_run *run)
{
    run->W = r->cfg.W;
    run->T = r->cfg.T;
    run->th = r->th;
    run->hang = hang;
    run->cycles = r->live_warps == 0 && r->last_issue ? r->last_issue - 1 + REF_LAT_RESOLVE
                                                       : r->cycle;
}
