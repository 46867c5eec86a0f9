/*
 * run.c - the run loop of the reference model, for every policy: which warp
 * issues next (ref_pick), one warp-instruction of its path (ref_issue: the
 * pass's lanes, their execution, their groups, the latency model, then the
 * policy takes the groups), the stand-alone run (ref_run), and what a run
 * reports (ref_stats, ref_report_run).
 *
 * The stand-alone run of a list policy with nothing logged takes fast paths
 * (run_list): passes whose lanes cannot trap (the instruction's kind is
 * fixed at decode, DK_*) run one loop per instruction kind without effect
 * records, and the thread PCs are left to the paths until the run ends.
 * They give the same registers, memory, schedule and statistics as the
 * general path, which a commit log, ref_step and the stack policies use.
 *
 * Above everything but the life cycle: it calls the policies (pathlist.h,
 * stack.h), grouping (group.h), the latency model (latency.h), the pass rule
 * (pass.h) and the executor (exec.h).
 */
#include <string.h>

#include "exec.h"
#include "group.h"
#include "pass.h"
#include "pathlist.h"
#include "report.h"
#include "latency.h"
#include "rtltime.h"
#include "stack.h"

/* One issue, as the policy takes it: the lanes served, where they went (the
 * ng groups of ref_group, the unserved lanes' group among them) and the
 * cycles until the path may issue again (the latency model's; not set under
 * the RTL timing mode). */
struct issued {
    uint64_t served;
    struct ref_path g[REF_MAX_T + 1];
    unsigned ng, lat;
    struct ref_path head;     /* the head path that issued */
    /* whether the path held every live thread of the warp (single), and
     * whether it may be followed (ref_list_follows: single, or the sorted
     * list's follow-on) */
    int single, follows;
};

/* The statistics of a pass of d (NULL: outside instruction memory) over
 * the lanes of mask, of which those of served executed and went on as the
 * ng groups of ref_group (the unserved lanes' group among them): a replay
 * when lanes were left; a divergence when a branch split its lanes.  Every
 * path of an issue ends with it (there the compiler drops what it knows
 * cannot count: one call after them costs about 1 % of the run). */
static inline void count_pass(struct ref *r, const struct dinsn *d, uint64_t mask,
                              uint64_t served, unsigned ng)
{
    if (served != mask)
        r->replays++;
    else if (ng > 1 && d && d->op >= OP_BEQ && d->op <= OP_BGEU)
        r->divergences++;
}

/* ---- the passes of a list policy ------------------------------------------------ */

/* Fast path (nobody reads the effects): a DK_UNIFORM instruction, every
 * lane goes to one next PC with no trap; what ref_exec, ref_group and
 * ref_written would give (the thread PCs but: run_list). */
static inline REF_ALWAYS_INLINE void pass_uniform(struct ref *r, unsigned w, struct ref_path head,
                                                  const struct dinsn *d,
                                                  struct issued *o)
{
    uint32_t npc = head.pc + (d->op == OP_JAL ? (uint32_t)d->imm : 4);
    uint64_t wmask;
    o->served = head.mask;
    ref_exec_uniform(r, w, head.pc, o->served, r->cycle, d);
    o->g[0].pc = npc;
    o->g[0].mask = o->served;
    o->g[0].depth = ref_depth_after(head.depth, d, r->depth_bits);
    o->ng = 1;
    wmask = d->op != OP_FENCE && d->rd ? o->served : 0;
    ref_ready_write(r, w, d, wmask, r->cycle);        /* (every lane wrote rd) */
    count_pass(r, d, head.mask, o->served, o->ng);    /* (nothing to count) */
}

/* Fast path: a DK_BRANCH instruction (its target aligned: no lane traps). */
static inline REF_ALWAYS_INLINE void pass_branch(struct ref *r, unsigned w, struct ref_path head,
                                                 const struct dinsn *d,
                                                 struct issued *o)
{
    uint64_t taken;
    o->served = head.mask;
    taken = ref_exec_branch(r, w, o->served, d);
    if (d->imm == 4)
        taken = o->served;                  /* both ways lead to pc + 4: one group */
    o->ng = 0;
    if (o->served & ~taken) {
        o->g[o->ng].pc = head.pc + 4;
        o->g[o->ng].mask = o->served & ~taken;
        o->g[o->ng++].depth = head.depth;
    }
    if (taken) {
        o->g[o->ng].pc = head.pc + (uint32_t)d->imm;
        o->g[o->ng].mask = taken;
        o->g[o->ng++].depth = head.depth;
    }
    if (o->ng == 2 && o->g[1].pc < o->g[0].pc) {   /* by ascending PC */
        struct ref_path t = o->g[0];
        o->g[0] = o->g[1];
        o->g[1] = t;
    }
    count_pass(r, d, head.mask, o->served, o->ng);
}

/* Fast path: a load or store pass (ref_pass_mask_d) whose lanes cannot
 * trap: 1; else 0 and nothing done.  The unserved lanes (at pc, below
 * pc + 4) replay. */
static inline REF_ALWAYS_INLINE int pass_mem(struct ref *r, unsigned w, struct ref_path head,
                                             const struct dinsn *d,
                                             struct issued *o)
{
    uint64_t wmask;
    o->served = ref_pass_mask_d(r, w, d, head.mask);
    if (!ref_exec_mem(r, w, o->served, d))
        return 0;
    o->ng = 0;
    if (o->served != head.mask) {
        o->g[o->ng].pc = head.pc;
        o->g[o->ng].mask = head.mask & ~o->served;
        o->g[o->ng++].depth = head.depth;
    }
    o->g[o->ng].pc = head.pc + 4;
    o->g[o->ng].mask = o->served;
    o->g[o->ng++].depth = head.depth;
    wmask = d->op <= OP_LHU && d->rd ? o->served : 0;
    ref_ready_write(r, w, d, wmask, r->cycle);
    count_pass(r, d, head.mask, o->served, o->ng);
    return 1;
}

/* The general path of every policy: the lanes ref_pass_mask_d serves
 * execute (their effects into eff) and are grouped by where they go; the
 * lanes that ended go into *dead.  The latency model is the caller's (its
 * single path is the policy's question). */
static void pass_general(struct ref *r, unsigned w, const struct ref_path *head,
                         const struct dinsn *d, struct simty_effect *eff, struct issued *o,
                         uint64_t *dead)
{
    o->served = ref_pass_mask_d(r, w, d, head->mask);
    ref_exec(r, w, head->pc, o->served, r->cycle, eff);
    o->ng = ref_group(r, head, o->served, eff, o->g, dead);
    count_pass(r, d, head->mask, o->served, o->ng);
}

/* ---- one issue --------------------------------------------------------------------- */

/* ref_issue of a list policy, the effects of the served lanes into eff.
 * fast (a constant): run_list, where nobody reads eff; the fast paths give
 * what the general one would, but no effects and no thread PCs.  timed (a
 * constant): the RTL timing mode's run, which times the issue itself: no
 * latency model beyond the register write times.  Every issue ends with the
 * yield rule, when on, the warp's new head and (latency model) its cycle
 * (ref_list_head). */
static inline REF_ALWAYS_INLINE int issue_list(struct ref *r, unsigned w, struct simty_effect *eff,
                                               int fast, int timed, struct issued *o)
{
    struct warp_list *l = &r->wl[w];
    struct ref_path head;
    const struct dinsn *d;
    uint64_t live, dead;

    if (l->n == 0)
        return 0;
    head = l->p[0];
    live = r->alive[w];        /* = the union of the warp's paths */
    d = l->hd;                 /* ref_decode_at(r, head.pc) */
    if (fast && d && d->kind == DK_UNIFORM) {
        pass_uniform(r, w, head, d, o);
    } else if (fast && d && d->kind == DK_BRANCH) {
        pass_branch(r, w, head, d, o);
    } else if (!(fast && d && ref_is_mem(d) && pass_mem(r, w, head, d, o))) {
        struct ref_path h = head;   /* (head itself stays out of memory) */
        pass_general(r, w, &h, d, eff, o, &dead);
        if (d)
            ref_ready_write(r, w, d, ref_written(o->served, eff), r->cycle);
    }
    o->head = head;
    o->single = head.mask == live;
    o->follows = ref_list_follows(r, w, &head, live, o->served, o->g, o->ng);
    if (!timed) {               /* the latency model (ref_timing_issue) */
        o->lat = ref_lat(d, head.pc, o->follows && o->served == head.mask, o->g, o->ng);
        r->ready[w] = r->cycle + o->lat;
    }
    r->last_issue = ++r->cycle;
    if (r->yield_k)
        ref_yield_pass(r, w, head.pc, d, o->g, o->ng);
    if (ref_list_update(r, w, head.pc, o->g, o->ng) == 0)
        r->live_warps--;
    if (timed)
        ref_list_hd(r, w);
    else
        ref_list_head(r, w);
    return 1;
}

/* ref_issue of a stack policy: the general path, then the stack takes the
 * groups. */
static int issue_stack(struct ref *r, unsigned w, struct simty_effect *eff, struct issued *ip)
{
    struct ref_path head;
    const struct dinsn *d;
    uint64_t dead;
    unsigned si, left;

    if (!ref_stack_head(r, w, &head, &si))
        return 0;
    d = ref_decode_at(r, head.pc);
    pass_general(r, w, &head, d, eff, ip, &dead);
    ip->head = head;
    ip->single = ip->follows = ref_stack_single(r, w, head.mask);
    ip->lat = ref_timing_issue(r, w, d, head.pc, &head, ip->served, ref_written(ip->served, eff),
                               ip->g, ip->ng, ip->single, r->cycle);
    left = ref_stack_update(r, w, si, &head, ip->g, ip->ng, dead, ip->lat);
    r->last_issue = ++r->cycle;
    if (left == 0)
        r->live_warps--;
    return 1;
}

int ref_issue(struct ref *r, unsigned w, struct simty_effect *out, uint64_t *served_out,
              uint32_t *pc_out)
{
    struct simty_effect *eff = out ? out : r->eff;
    struct issued o;
    if (!(REF_POLICY_IS_STACK(r->cfg.policy) ? issue_stack(r, w, eff, &o)
                                             : issue_list(r, w, eff, 0, 0, &o)))
        return 0;
    if (served_out)
        *served_out = o.served;
    if (pc_out)
        *pc_out = o.head.pc;
    return 1;
}

/* ---- which warp issues ------------------------------------------------------------- */

/* ref_pick of a list policy.  A warp's cycle does not depend on the clock:
 * the first ready warp from the round-robin pointer issues, else the clock
 * moves to the earliest cycle and the first warp of that cycle from the
 * pointer issues, as stack_pick's loop would find in two passes.  A warp's
 * cycle is computed when it issues (issue_list), or here after a reset
 * (wstale).  (Stopping at the first ready warp costs less than a branch-free
 * scan of every warp: it is often the first one.) */
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

/* ref_pick of a stack policy: the first warp from the round-robin pointer
 * whose cycle has come, at the earliest such cycle. */
static int stack_pick(struct ref *r)
{
    unsigned W = r->cfg.W, k;
    for (;;) {
        uint64_t best = UINT64_MAX;
        if (!r->live_warps)
            return -1;
        for (k = 0; k < W; k++) {
            unsigned w = (r->rr + k) & (W - 1);
            uint64_t t = ref_stack_ready(r, w);
            if (t <= r->cycle) {
                r->rr = (w + 1) & (W - 1);
                return (int)w;
            }
            if (t < best)
                best = t;
        }
        if (best == UINT64_MAX)
            return -1;   /* cannot happen while a warp is live */
        r->cycle = best;
    }
}

int ref_pick(struct ref *r)
{
    return REF_POLICY_IS_STACK(r->cfg.policy) ? stack_pick(r) : list_pick(r);
}

/* ---- the stand-alone run ----------------------------------------------------------- */

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

/* ref_run of a list policy, nothing logged: until every thread has ended
 * (0) or limit warp-instructions (1). */
static int run_list(struct ref *r, uint64_t limit)
{
    struct issued o;
    int w, hang = 0;
    unsigned k;
    while ((w = list_pick(r)) >= 0) {
        if (r->warp_insts >= limit) {
            hang = 1;
            break;
        }
        issue_list(r, (unsigned)w, r->eff, 1, 0, &o);
    }
    /* The fast paths leave the thread PCs to the paths (a thread that ends
     * writes its own, ref_exec): every thread PC as ref_issue leaves it. */
    for (k = 0; k < r->cfg.W; k++)
        write_pcs(r, k);
    return hang;
}

/* The commit-log lines of an issue at cycle cyc: 0, or -1 on a write error. */
static int log_issue(FILE *log, uint64_t cyc, unsigned w, uint64_t served,
                     const struct simty_effect *eff)
{
    char line[256];
    uint64_t m;
    for (m = served; m; m &= m - 1) {
        unsigned lane = (unsigned)__builtin_ctzll(m);
        int k = report_commit_line(line, sizeof line, cyc, w, lane, &eff[lane]);
        fwrite(line, 1, (size_t)k, log);
    }
    return ferror(log) ? -1 : 0;
}

/* The cycles the RTL timing mode lets pass without an issue before it calls
 * the run a hang of its own (a bug of the mode, not of the program). */
#define RT_STUCK 100000

/* ref_run of a list policy under --timing rtl: cycle by cycle, the warp that
 * issues is the timing mode's pick (rtltime.h); its instruction runs as
 * issue_list runs it (the fast paths when nothing is logged), or a wrong-path
 * one only takes its slot.  0 done, 1 limit, -1 a log error or a stuck run. */
static int run_rtl(struct ref *r, uint64_t limit, FILE *log)
{
    struct issued is;
    uint64_t c = 0, idle = 0, org = rt_origin(r);
    int stack = REF_POLICY_IS_STACK(r->cfg.policy);
    unsigned k;
    while (r->live_warps) {
        int wrong, w, fetched;
        rt_begin(r, c);
        w = rt_pick(r, c, &wrong);
        if (w >= 0 && wrong == RT_REPLAY) {   /* a pass, counted as the core counts it */
            rt_issue_replay(r, (unsigned)w, c);
            r->warp_insts++;
            r->replays++;
        } else if (w >= 0 && wrong) {
            rt_issue_wrong(r, (unsigned)w, c);
        } else if (w >= 0) {
            if (r->warp_insts >= limit)
                return 1;
            r->cycle = org + c;
            if (stack)
                issue_stack(r, (unsigned)w, r->eff, &is);
            else if (log || r->check_inv)     /* (the general path writes the thread PCs) */
                issue_list(r, (unsigned)w, r->eff, 0, 1, &is);
            else
                issue_list(r, (unsigned)w, r->eff, 1, 1, &is);
            rt_issued(r, (unsigned)w, c, is.head.mask, is.served, is.g, is.ng, is.single,
                      is.follows);
            if (log && log_issue(log, org + c, (unsigned)w, is.served, r->eff)) {
                snprintf(r->err, sizeof r->err, "commit log: write error");
                return -1;
            }
            if (r->check_inv && ref_check_invariants(r, r->err, sizeof r->err))
                return -2;
            r->rt_end = org + c + 1;
            idle = 0;
        }
        fetched = rt_fetch(r, c, w);
        if (w < 0 && !fetched) {          /* nothing happened: on to the next event */
            uint64_t n = rt_next(r, c);
            idle += n - c;
            if (idle > RT_STUCK) {
                snprintf(r->err, sizeof r->err, "timing rtl: no issue for %d cycles at cycle %llu",
                         RT_STUCK, (unsigned long long)(org + c));
                return -1;
            }
            c = n;
        } else {
            c++;
        }
    }
    r->cycle = org + c;
    if (!log && !stack && !r->check_inv)
        for (k = 0; k < r->cfg.W; k++)
            write_pcs(r, k);
    return 0;
}

int ref_run(struct ref *r, uint64_t max_cycles, FILE *log)
{
    struct simty_effect *eff = log ? r->eff : NULL;
    int w, list = !REF_POLICY_IS_STACK(r->cfg.policy);
    if (r->rt)
        return run_rtl(r, max_cycles ? max_cycles : UINT64_MAX, log);
    if (list && !log)             /* the common run: a list policy, nothing logged */
        return run_list(r, max_cycles ? max_cycles : UINT64_MAX);
    while ((w = ref_pick(r)) >= 0) {
        uint64_t served, cyc = r->cycle;
        uint32_t pc;
        if (max_cycles && r->warp_insts >= max_cycles)
            return 1;
        ref_issue(r, (unsigned)w, eff, &served, &pc);
        if (log && log_issue(log, cyc, (unsigned)w, served, eff))
            return -1;
    }
    return 0;
}

/* ---- what a run reports ------------------------------------------------------------ */

int ref_done(const struct ref *r)
{
    return r->live_warps == 0;
}

/* A finished run's cycles: its last issue + REF_LAT_RESOLVE (latency.c);
 * else the clock. */
static uint64_t run_cycles(const struct ref *r)
{
    if (r->rt)
        return r->rt_end;
    return r->live_warps == 0 && r->last_issue ? r->last_issue - 1 + REF_LAT_RESOLVE : r->cycle;
}

void ref_stats(const struct ref *r, struct report_stats *s)
{
    unsigned w;
    memset(s, 0, sizeof *s);
    s->model = "ref";
    s->policy = ref_policy_name(r->cfg.policy);
    s->W = r->cfg.W;
    s->T = r->cfg.T;
    s->cycles = run_cycles(r);
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
    s->yields = r->yield_k ? (int64_t)r->yields : -1;
    s->timing = ref_timing_label(&r->cfg);
}

void ref_report_run(const struct ref *r, int hang, struct report_run *run)
{
    run->W = r->cfg.W;
    run->T = r->cfg.T;
    run->th = r->th;
    run->hang = hang;
    run->cycles = run_cycles(r);
}
