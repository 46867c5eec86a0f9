/*
 * rtltime.c - the RTL timing mode (rtltime.h): the core's fetch streams,
 * predictors, register-file ports and resolve loop, as timing state.
 *
 * The cycles of one issue of warp w at t (sorted list; the arbiter's stage r
 * comes 1 + ARBPIPE cycles later), gen/ARCHITECTURE.md's pipeline:
 *  - its operands are read at t + 1 (rs1) and t + 2 (rs2) from its bank (warp
 *    parity), its result written at t + 6 (ALU) or t + 10 (a load, a
 *    multiply): a later issue reads it from t + 6 / t + 10 on (rs2 a cycle
 *    earlier);
 *  - it resolves at t + 7; stage r, t + 8, releases a warp that waits for it
 *    (a load: its write-back at t + 10 if later) and redirects fetch;
 *  - a fetch picked at f0 is in the warp's queue at f0 + 3 and may issue at
 *    f0 + 4; a predicted jump sets the fetch PC at f0 + 4 (the fetches of the
 *    warp between are dropped), its target is picked from f0 + 5.
 * A warp with a single path issues behind an instruction that may be
 * followed, on the guess that it goes where fetch predicted with the same
 * threads; a wrong guess lets the wrong-path instructions behind it issue
 * (they take issue slots and ports) until t + 5, and stage r refetches.  A
 * warp that may not follow issues again after its release (t + 9), from its
 * queue when its fetch stream went where the path unit goes on, else after a
 * refetch (t + 13).
 */
#include <stdlib.h>
#include <string.h>

#include "latency.h"
#include "pathlist.h"
#include "rtltime.h"
#include "stack.h"

#define RT_Q     8            /* stream entries (a queue holds at most 4) */
#define RT_RING  64           /* cycles of port reservations ahead (> 10 + 1) */
#define RT_EVQ   64           /* pending predictor writes */
#define RT_DEFER 4            /* cycles a deferred heap operation holds its warp */
#define RT_DIV_AT 4           /* a divide reaches the dividers at execute, issue + 4 ... */
#define RT_DIV 33             /* ... and its result is ready 33 cycles later (gen/mdu.c) */

enum { RK_PLAIN, RK_JAL, RK_BRANCH, RK_JALR };

/* gen/predecode.c's fields of one instruction word. */
struct rt_pd {
    uint8_t rs1, rs2;         /* registers read (0: none) at issue + 1, + 2 */
    uint8_t use1, use2;       /* the bank's read port at issue + 1, + 2 */
    uint8_t walu, load;       /* the bank's write port at issue + 6, + 10 */
    uint8_t follow;           /* may be followed (a jalr: when predicted) */
    uint8_t kind;             /* RK_* */
    uint8_t div;              /* a divide: its warp waits for the shared divider */
    uint8_t msq;              /* may squash at resolve: its warp issues nothing then */
    uint8_t mem;              /* requests the data port (a load, a store, an A instruction) */
    uint8_t amo;              /* an amo*.w: the memory's read-modify-write takes the port's
                                 two cycles after its request */
    int32_t off;              /* jal, branch: byte offset */
};

/* A fetched instruction: its PC, where fetch went after it, when it is in
 * the queue (f3), and whether it may be followed. */
struct rt_ent {
    uint32_t pc, pnext;
    uint64_t at;
    uint8_t follow;
};

struct rt_warp {
    struct rt_ent s[RT_Q];    /* the stream: in flight (at > now) and queued, oldest first */
    unsigned h, n;
    unsigned ghosts;          /* fetches a predicted jump drops (they hold credits) */
    uint64_t ghost_end;       /* fetches before this cycle are ghosts, dropped then */
    uint32_t fpc;             /* fetch PC */
    uint64_t hold;            /* no issue before this cycle */
    uint64_t last;            /* its last issue + 1 (0: none) */
    uint64_t redir;           /* stage r of a wrong guess or a wait (0: none) */
    uint32_t kpc;             /* keep the stream at redir when the warp goes on at kpc */
    int wrong;                /* the stream is on a wrong path until redir */
    uint64_t wrong_end;       /* the last cycle a wrong-path instruction may issue */
    int nwrong;               /* wrong-path instructions issued since the guess */
    int wfollow;              /* the last wrong-path one may be followed */
    uint64_t sq[8];           /* sq[c % 8] = c + 1: no issue at c (an instruction that may
                                 squash resolves then) */
    uint64_t nb;              /* no issue before this cycle (settle: the head's arrival, the
                                 hold, the operands; UINT64_MAX with an empty stream) */
    int hv;                   /* the warp has a head path: at hpc, its operands written from */
    uint32_t hpc;             /* cycle opnd (kept by refresh: only the warp's own issues */
    uint64_t opnd;            /* change them) */
    struct rt_ahead *ah;      /* the follow-on's count (sorted list), or NULL */
    int fo;                   /* the last issue may be followed by the follow-on */
};

/* The sorted list's follow-on (gen/sched.c, ahead_q): how many instructions a
 * warp with several paths (two with the exact heap) may still issue before
 * HCT2's PC.  Each
 * resolve of the warp (stage r) clears it; two cycles later, unless the warp
 * resolved again in between, the path unit's count less the warp's
 * instructions in flight sets it; each issue counts it down.  The scheduler
 * reads it a cycle ahead. */
#define RT_AH 32
struct rt_ahead {
    uint64_t iss[RT_AH];      /* the warp's last issues: cycle << 1 | load */
    unsigned ni;
    uint64_t clr[RT_AH];      /* stage r of each issue (cycles, ascending) */
    unsigned ch, cn;
    uint64_t cnt[RT_AH];      /* the counts: cycle << 3 | count (ascending) */
    unsigned kh, kn;
    uint64_t at;              /* val is ahead_q of this cycle */
    uint64_t last_clr;        /* the last cycle with a resolve */
    int val;
};

struct rt_ev {                /* a predictor write at cycle c */
    uint64_t c;
    uint32_t pc, target;
    uint8_t btb, up;
};

struct rt_state {
    struct rt_pd *pd;         /* per instruction word */
    struct rt_warp *w;
    struct rt_ahead *ahs;     /* W follow-on counts */
    int follow_on;            /* the core has the follow-on (the sorted list) */
    uint8_t bp[1 << SIMTY_BPRED_BITS];
    uint32_t btb[1 << SIMTY_BTB_BITS];
    uint8_t btb_valid[1 << SIMTY_BTB_BITS];
    struct rt_ev ev[RT_EVQ];
    unsigned evh, evn;
    uint64_t wr[2][RT_RING];  /* a bank's write port reserved for cycle c: holds c + 1 */
    uint64_t blk[2];          /* a bank issues nothing at blk - 1 (its rs2 read port) */
    unsigned ibuf, rstage, fdelay, nobb, banks_bit;
    unsigned rr, frr;
    uint64_t origin;
    uint64_t rwheel[64];      /* rwheel[t % 64]: warps whose stage r (redir) is t; a bit whose
                                 warp's redir moved is stale (redirect skips it) */
    uint64_t div_busy;        /* the dividers (one a lane, shared by the warps) accept a
                                 divide from this cycle on (gen/mdu.c) */
    uint64_t amo_at;          /* the last amo*.w's issue + 1 (0: none): the data port is the
                                 memory's in the two cycles after its request (issue + 7) */
    /* Which warps a cycle looks at (track keeps them): */
    uint64_t now;             /* the cycle being simulated */
    uint64_t cand;            /* warps that may issue now (their nb has come) */
    uint64_t wheel[64];       /* wheel[t % 64]: warps whose nb is t, t - now < 64 */
    uint64_t fcred;           /* warps with a free credit */
    uint64_t fempty;          /* warps with nothing fetched */
    uint64_t gwheel[64];      /* gwheel[t % 64]: warps whose ghost_end is t (stale: as above) */
    uint64_t live;            /* warps with live threads (fetch picks among them only) */
    uint64_t fblocked;        /* warps redirected this cycle: they fetch from the next one */
};

/* ---- set-up ------------------------------------------------------------------------ */

int rt_alloc(struct ref *r)
{
    struct rt_state *s = calloc(1, sizeof *s);
    if (!s)
        return -1;
    s->pd = calloc(r->imem_size / 4, sizeof *s->pd);
    s->w = calloc(r->cfg.W, sizeof *s->w);
    s->ahs = calloc(r->cfg.W, sizeof *s->ahs);
    r->rt = s;
    return s->pd && s->w && s->ahs ? 0 : -1;
}

void rt_free(struct rt_state *s)
{
    if (!s)
        return;
    free(s->pd);
    free(s->w);
    free(s->ahs);
    free(s);
}

/* gen/predecode.c on word i. */
static struct rt_pd predecode(uint32_t i, const struct ref_config *c)
{
    struct rt_pd p;
    unsigned op = i & 0x7f, f3 = (i >> 12) & 7, rd = (i >> 7) & 31;
    int env = op == 0x73 && f3 == 0, csr = op == 0x73 && f3 != 0;
    int m = c->isa_m && op == 0x33 && (i >> 25) == 1;
    int amo = c->isa_a && op == 0x2f;
    int uses2 = op == 0x63 || op == 0x23 || op == 0x33 || amo;
    memset(&p, 0, sizeof p);
    p.use1 = (uint8_t)(uses2 || env || op == 0x67 || op == 0x03 || op == 0x13);
    p.use2 = (uint8_t)(uses2 || env);
    p.rs1 = (uint8_t)(env ? 17 : p.use1 ? (i >> 15) & 31 : 0);
    p.rs2 = (uint8_t)(env ? 10 : p.use2 ? (i >> 20) & 31 : 0);
    p.walu = (uint8_t)(rd && (op == 0x37 || op == 0x17 || op == 0x6f || op == 0x67 ||
                              op == 0x13 || (op == 0x33 && !m) || csr));
    p.load = (uint8_t)(op == 0x03 || (m && !(f3 & 4)) || amo);
    p.div = (uint8_t)(m && (f3 & 4));
    p.kind = op == 0x6f ? RK_JAL : op == 0x63 ? RK_BRANCH : op == 0x67 ? RK_JALR : RK_PLAIN;
    if (op == 0x6f)
        p.off = (int32_t)(((i >> 31) ? 0xfff00000u : 0) | (i & 0xff000) | ((i >> 9) & 0x800) |
                          ((i >> 20) & 0x7fe));
    else if (op == 0x63)
        p.off = (int32_t)(((i >> 31) ? 0xfffff000u : 0) | ((i << 4) & 0x800) |
                          ((i >> 20) & 0x7e0) | ((i >> 7) & 0x1e));
    p.follow = (uint8_t)!(op == 0x73 || p.div || (amo && ((i >> 28) & 1)));
    p.mem = (uint8_t)(op == 0x03 || op == 0x23 || amo);
    p.amo = (uint8_t)(amo && !((i >> 28) & 1));     /* (lr.w, sc.w: funct5 0001x) */
    p.msq = (uint8_t)(env || op == 0x63 || op == 0x67 || op == 0x03 || op == 0x23 || amo || p.div ||
                      (op == 0x6f && (p.off & 2)));
    return p;
}

/* The cycle the RTL's commit log gives the first cycle of fetch: the reset
 * sequence clears the register file (32 cycles a bank row of 32 registers,
 * at least 32), then 9 more; the arbiter logs a stage r later. */
static uint64_t origin_of(const struct ref *r)
{
    uint64_t rows = r->cfg.W > 1 ? (uint64_t)r->cfg.W / 2 * 32 : 32;
    return rows + 9 + (r->cfg.track == REF_TRACK_ARBITER ? 1 + ref_arbpipe(&r->cfg) : 0);
}

/* ---- helpers ----------------------------------------------------------------------- */

/* Warp w's head path, the one it issues next under its policy: 0 when none. */
static int head_path(struct ref *r, unsigned w, struct ref_path *h)
{
    unsigned si;
    if (REF_POLICY_IS_STACK(r->cfg.policy))
        return ref_stack_head(r, w, h, &si);
    if (!r->wl[w].n)
        return 0;
    *h = r->wl[w].p[0];
    return 1;
}

static const struct rt_pd *pd_at(const struct ref *r, uint32_t pc)
{
    uint32_t off = pc - SIMTY_IMEM_BASE;
    static const struct rt_pd none = { .follow = 1 };
    return off < r->imem_size && !(pc & 3) ? &r->rt->pd[off >> 2] : &none;
}

static struct rt_ent *head(struct rt_warp *q)
{
    return &q->s[q->h];
}

static void pop(struct rt_warp *q)
{
    q->h = (q->h + 1) % RT_Q;
    q->n--;
}

/* The warp's earliest issue from its own state (ready checks the rest). */
static void settle(struct rt_warp *q)
{
    uint64_t t;
    if (!q->n) {
        q->nb = UINT64_MAX;
        return;
    }
    t = q->s[q->h].at + 1;
    if (!q->wrong && !q->fo && q->hold > t)
        t = q->hold;
    if (!q->wrong && q->opnd > t)
        t = q->opnd;
    q->nb = t;
}

/* After warp w's stream grew (a fetch behind its head, a ghost): its credit masks. */
static inline REF_ALWAYS_INLINE void track_credits(struct rt_state *s, unsigned w)
{
    struct rt_warp *q = &s->w[w];
    uint64_t bit = 1ull << w;
    s->fcred = (s->fcred & ~bit) | (q->n + q->ghosts < s->ibuf ? bit : 0);
    s->fempty = (s->fempty & ~bit) | (!q->n && !q->ghosts ? bit : 0);
}

/* After warp w's stream, hold or head changed: its nb and the masks. */
static inline REF_ALWAYS_INLINE void track(struct rt_state *s, unsigned w)
{
    struct rt_warp *q = &s->w[w];
    uint64_t bit = 1ull << w;
    settle(q);
    s->cand &= ~bit;
    if (q->nb <= s->now)
        s->cand |= bit;
    else if (q->nb - s->now < 64)
        s->wheel[q->nb & 63] |= bit;
    else if (q->nb != UINT64_MAX)
        s->cand |= bit;                   /* (far ahead: looked at every cycle) */
    track_credits(s, w);
}

/* The warps of m in round-robin order from `from`: the next one after
 * `prev` (W: none yet), or W when done. */
static unsigned rr_next(uint64_t m, unsigned from, unsigned prev, unsigned W)
{
    uint64_t hi = from ? m & ~((1ull << from) - 1) : m, lo = from ? m & ((1ull << from) - 1) : 0;
    if (prev != W) {
        if (prev >= from)
            hi &= prev == 63 ? 0 : ~((2ull << prev) - 1);
        else
            hi = 0, lo &= prev == 63 ? 0 : ~((2ull << prev) - 1);
    }
    return hi ? (unsigned)__builtin_ctzll(hi) : lo ? (unsigned)__builtin_ctzll(lo) : W;
}

/* The first warp of m in round-robin order from `from`, or W when none. */
static unsigned rr_first(uint64_t m, unsigned from, unsigned W)
{
    uint64_t hi = m & (~0ull << from);
    return hi ? (unsigned)__builtin_ctzll(hi) : m ? (unsigned)__builtin_ctzll(m) : W;
}

static void flush(struct rt_warp *q)
{
    q->h = q->n = 0;
    q->ghosts = 0;
    q->ghost_end = 0;
}

static int port_free(const uint64_t *ring, uint64_t c)
{
    return ring[c % RT_RING] != c + 1;
}

static void port_take(uint64_t *ring, uint64_t c)
{
    ring[c % RT_RING] = c + 1;
}

/* The bank of warp w may issue the instruction at c: not in the cycle after
 * an issue that reads rs2 (gen/sched.c's blk_q), and its write port free. */
static int ports_free(const struct rt_state *s, unsigned w, const struct rt_pd *p, uint64_t c)
{
    unsigned b = w & s->banks_bit;
    return s->blk[b] != c + 1 && (!p->walu || port_free(s->wr[b], c + 6)) &&
           (!p->load || port_free(s->wr[b], c + 10));
}

static void ports_take(struct rt_state *s, unsigned w, const struct rt_pd *p, uint64_t c)
{
    unsigned b = w & s->banks_bit;
    if (p->use2)
        s->blk[b] = c + 2;
    if (p->walu)
        port_take(s->wr[b], c + 6);
    if (p->load)
        port_take(s->wr[b], c + 10);
}

/* Warp w's head path after its issue (or a reset): its PC and the cycle its
 * operands are written by (rs1 from the model's write time, t + 6 or t + 10;
 * rs2 a cycle earlier); any cycle up to now stands for "written" (the
 * issue checks compare it with now and later cycles only). */
static void refresh(struct ref *r, unsigned w)
{
    struct rt_warp *q = &r->rt->w[w];
    struct ref_path h;
    const struct rt_pd *p;
    uint64_t o = r->rt->origin, t = o + r->rt->now, x;
    q->hv = head_path(r, w, &h);
    if (!q->hv)
        return;
    q->hpc = h.pc;
    p = pd_at(r, h.pc);
    if (p->rs1 && (x = ref_reg_ready_of(r, w, p->rs1, h.mask, t)) > t)
        t = x;
    if (p->rs2 && (x = ref_reg_ready_of(r, w, p->rs2, h.mask, t + 1)) > t + 1)
        t = x - 1;
    q->opnd = t - o;
}

static void event(struct rt_state *s, uint64_t c, uint32_t pc, uint32_t target, int btb, int up)
{
    struct rt_ev *e;
    if (s->evn == RT_EVQ)           /* cannot happen: one write per issue, 8 cycles ahead */
        return;
    e = &s->ev[(s->evh + s->evn++) % RT_EVQ];
    e->c = c;
    e->pc = pc;
    e->target = target;
    e->btb = (uint8_t)btb;
    e->up = (uint8_t)up;
}

/* ---- reset ------------------------------------------------------------------------ */

void rt_reset(struct ref *r, uint32_t entry)
{
    struct rt_state *s = r->rt;
    uint32_t k, nw = r->imem_size / 4, i;
    unsigned w;
    struct rt_pd zero = predecode(0, &r->cfg);
    for (k = 0; k < nw; k++)              /* (most of the memory is empty) */
        s->pd[k] = (i = ref_rd32(r->imem + 4 * k)) ? predecode(i, &r->cfg) : zero;
    memset(s->w, 0, r->cfg.W * sizeof *s->w);
    memset(s->ahs, 0, r->cfg.W * sizeof *s->ahs);
    s->follow_on = r->cfg.track == REF_TRACK_SORTED;
    for (w = 0; w < r->cfg.W; w++) {
        s->w[w].fpc = entry;
        s->w[w].ah = s->follow_on ? &s->ahs[w] : NULL;
    }
    memset(s->bp, 1, sizeof s->bp);                /* weakly the static rule */
    memset(s->btb_valid, 0, sizeof s->btb_valid);
    memset(s->wr, 0, sizeof s->wr);
    memset(s->blk, 0, sizeof s->blk);
    s->evh = s->evn = 0;
    s->ibuf = r->cfg.W <= 2 ? 4 : 2;
    s->rstage = r->cfg.track == REF_TRACK_ARBITER ? 9 + ref_arbpipe(&r->cfg) : 8;
    s->fdelay = r->cfg.W >= 16;
    s->nobb = r->cfg.W > 4;
    s->banks_bit = r->cfg.W > 1;
    s->rr = s->frr = 0;
    s->origin = origin_of(r);
    memset(s->rwheel, 0, sizeof s->rwheel);
    memset(s->gwheel, 0, sizeof s->gwheel);
    s->live = 0;
    s->fblocked = 0;
    s->div_busy = 0;
    s->amo_at = 0;
    s->now = s->cand = s->fcred = s->fempty = 0;
    memset(s->wheel, 0, sizeof s->wheel);
    for (w = 0; w < r->cfg.W; w++) {
        s->live |= r->alive[w] ? 1ull << w : 0;
        refresh(r, w);
        track(s, w);
    }
}

uint64_t rt_origin(const struct ref *r)
{
    return r->rt->origin;
}

/* ---- the follow-on's count ---------------------------------------------------------- */

/* The warp's instructions in flight as its registered count says in cycle y
 * (issued before y, not yet at stage r: t + 8, a load at its write-back, t + 10). */
static unsigned in_flight(const struct rt_ahead *a, uint64_t y)
{
    unsigned k, n = 0, m = a->ni < RT_AH ? a->ni : RT_AH;
    for (k = 0; k < m; k++) {
        uint64_t t = a->iss[(a->ni - 1 - k) % RT_AH] >> 1;
        if (t + 10 < y)
            break;
        n += t < y && y <= t + ((a->iss[(a->ni - 1 - k) % RT_AH] & 1) ? 10 : 8);
    }
    return n;
}

/* The last issue's cycle (issues before the count's cycle are all behind it:
 * ahead_issue brings the count up to each issue's cycle first). */
static uint64_t last_issue(const struct rt_ahead *a)
{
    return a->ni ? a->iss[(a->ni - 1) % RT_AH] >> 1 : UINT64_MAX;
}

/* The count as the scheduler reads it in cycle x (ahead_q(x)), stepping from
 * one cycle that changes it (a resolve, a count, an issue) to the next. */
static int ahead_at(struct rt_ahead *a, uint64_t x)
{
    while (a->at < x) {
        uint64_t y = x, li = last_issue(a);
        int res, cnt, iss, v = a->val;
        if (a->cn && a->clr[a->ch] < y)
            y = a->clr[a->ch];
        if (a->kn && a->cnt[a->kh] >> 3 < y)
            y = a->cnt[a->kh] >> 3;
        if (li != UINT64_MAX && li >= a->at && li < y)
            y = li;
        if (y == x) {                     /* nothing changes it before x */
            a->at = x;
            break;
        }
        res = a->cn && a->clr[a->ch] == y;
        cnt = a->kn && a->cnt[a->kh] >> 3 == y;
        iss = li == y;
        if (res) {
            v = 0;
        } else if (cnt && a->last_clr + 1 != y) {
            v = (int)(a->cnt[a->kh] & 7) - (int)in_flight(a, y) - iss;
            v = v < 0 ? 0 : v;
        } else if (v > 0 && iss) {
            v--;
        }
        if (res) {
            a->last_clr = y;
            a->ch = (a->ch + 1) % RT_AH;
            a->cn--;
        }
        if (cnt) {
            a->kh = (a->kh + 1) % RT_AH;
            a->kn--;
        }
        a->val = v;
        a->at = y + 1;
    }
    return a->val;
}

/* Warp w issued at c (load: writes at its write-back); count: the path
 * unit's count after it (0..7), due at c + 10, its stage r at c + 8. */
static void ahead_issue(struct rt_ahead *a, uint64_t c, int load, int count)
{
    ahead_at(a, c);
    a->iss[a->ni++ % RT_AH] = c << 1 | (uint64_t)(load != 0);
    if (count < 0)
        return;                           /* a wrong-path issue: squashed, never resolves */
    if (a->cn < RT_AH)
        a->clr[(a->ch + a->cn++) % RT_AH] = c + 8;
    if (a->kn < RT_AH)
        a->cnt[(a->kh + a->kn++) % RT_AH] = (c + 10) << 3 | (uint64_t)count;
}

/* The path unit's count after warp w's issue: the instructions from the
 * head's PC before HCT2's (7: at least 7; a less deep HCT2 behind it is never
 * reached); with the exact heap 0 unless the warp has exactly two paths, with
 * the lazy stack 0 when HCT2 came from it (a pop or a swap: the core counts
 * from y's registered copy, not from the stack's RAM). */
static int ahead_count(const struct ref *r, unsigned w)
{
    const struct warp_list *l = &r->wl[w];
    uint32_t d;
    if (l->n < 2 || (l->n > 2 && !ref_lazy_steps(r)) ||
        (ref_lazy_steps(r) && (r->lz_moved >> w & 1)))
        return 0;
    if (l->p[1].pc <= l->p[0].pc)
        return l->p[1].depth < l->p[0].depth ? 7 : 0;
    d = (l->p[1].pc - l->p[0].pc) >> 2;
    return d > 7 ? 7 : (int)d;
}

/* ---- a cycle ----------------------------------------------------------------------- */

/* Warp w's stage r (a wrong guess's or a wait's) at cycle x. */
static void stage_r_at(struct rt_state *s, unsigned w, uint64_t x)
{
    s->w[w].redir = x;
    s->rwheel[x & 63] |= 1ull << w;
}

/* Stage r of a warp's wrong guess or wait: keep the stream when the warp
 * goes on where it went and nothing wrong issued, else refetch. */
static void redirect(struct ref *r, unsigned w)
{
    struct rt_warp *q = &r->rt->w[w];
    q->redir = 0;
    if (!q->hv) {
        flush(q);
        return;
    }
    if (q->nwrong || q->hpc != q->kpc) {
        flush(q);
        q->fpc = q->hpc;
        r->rt->fblocked |= 1ull << w;
    }
    q->wrong = 0;
    q->nwrong = 0;
    track(r->rt, w);
}

void rt_begin(struct ref *r, uint64_t c)
{
    struct rt_state *s = r->rt;
    unsigned w;
    uint64_t m;
    while (s->evn && s->ev[s->evh].c <= c) {
        const struct rt_ev *e = &s->ev[s->evh];
        uint32_t wpc = e->pc >> 2;
        if (e->btb) {
            s->btb[wpc & ((1u << SIMTY_BTB_BITS) - 1)] = e->target;
            s->btb_valid[wpc & ((1u << SIMTY_BTB_BITS) - 1)] = 1;
        } else {
            uint8_t *k = &s->bp[wpc & ((1u << SIMTY_BPRED_BITS) - 1)];
            *k = e->up ? (uint8_t)(*k < 3 ? *k + 1 : 3) : (uint8_t)(*k ? *k - 1 : 0);
        }
        s->evh = (s->evh + 1) % RT_EVQ;
        s->evn--;
    }
    s->now = c;
    s->cand |= s->wheel[c & 63];
    s->wheel[c & 63] = 0;
    s->fblocked = 0;
    for (m = s->gwheel[c & 63], s->gwheel[c & 63] = 0; m; m &= m - 1) {
        w = (unsigned)__builtin_ctzll(m);
        if (s->w[w].ghost_end == c && s->w[w].ghosts) {   /* the jump's f4 dropped them */
            s->w[w].ghosts = 0;
            s->w[w].ghost_end = 0;
            track(s, w);
        }
    }
    for (m = s->rwheel[c & 63], s->rwheel[c & 63] = 0; m; m &= m - 1) {
        w = (unsigned)__builtin_ctzll(m);
        if (s->w[w].redir == c)
            redirect(r, w);
    }
}

/* Warp w may issue at c: *wrong says whether its head is on a wrong path. */
static int ready(const struct ref *r, unsigned w, uint64_t c, int *wrong)
{
    const struct rt_state *s = r->rt;
    struct rt_warp *q = &s->w[w];
    const struct rt_ent *e;
    const struct rt_pd *p;
    if (c < q->nb || (s->nobb && q->last == c) || q->sq[c & 7] == c + 1)
        return 0;
    e = &q->s[q->h];
    if (e->at >= c || (q->wrong ? c > q->wrong_end || !q->wfollow
                                : c < q->hold && !(q->fo && ahead_at(q->ah, c - 1) > 0)))
        return 0;
    p = pd_at(r, e->pc);
    if (!ports_free(s, w, p, c))
        return 0;
    *wrong = q->wrong;
    if (q->wrong)
        return 1;
    if (!(q->hv && e->pc == q->hpc && c >= q->opnd))
        return 0;
    if (p->div && s->div_busy > c + RT_DIV_AT)
        *wrong = RT_REPLAY;               /* the dividers are busy at its execute: replayed */
    if (p->mem && s->amo_at && (c == s->amo_at || c == s->amo_at + 1))
        *wrong = RT_REPLAY;               /* its request falls in an amo's two cycles */
    return 1;
}

int rt_pick(struct ref *r, uint64_t c, int *wrong)
{
    struct rt_state *s = r->rt;
    unsigned W = r->cfg.W, w = W;
    while ((w = rr_next(s->cand, s->rr, w, W)) != W) {
        const struct rt_warp *q = &s->w[w];
        if (c < q->nb) {                  /* a stale wheel entry: back to its own slot */
            track(s, w);
            continue;
        }
        if (ready(r, w, c, wrong)) {
            s->rr = (w + 1) & (W - 1);
            return (int)w;
        }
        if (q->wrong ? c >= q->wrong_end || !q->wfollow : !q->hv || q->s[q->h].pc != q->hpc)
            s->cand &= ~(1ull << w);      /* nothing until its stage r (redirect tracks it) */
    }
    return -1;
}

void rt_issue_wrong(struct ref *r, unsigned w, uint64_t c)
{
    struct rt_state *s = r->rt;
    struct rt_warp *q = &s->w[w];
    const struct rt_pd *p = pd_at(r, head(q)->pc);
    ports_take(s, w, p, c);
    if (q->ah)
        ahead_issue(q->ah, c, p->load, -1);
    q->wfollow = head(q)->follow;
    q->nwrong++;
    q->last = c + 1;
    pop(q);
    track(s, w);
}

void rt_issue_replay(struct ref *r, unsigned w, uint64_t c)
{
    struct rt_state *s = r->rt;
    struct rt_warp *q = &s->w[w];
    struct rt_ent e = *head(q);
    const struct rt_pd *p = pd_at(r, e.pc);
    pop(q);
    ports_take(s, w, p, c);
    r->lz_moved &= ~(1ull << w);          /* its resolve leaves the list: HCT2 is its y */
    if (q->ah)
        ahead_issue(q->ah, c, p->load, ahead_count(r, w));
    q->last = c + 1;
    q->sq[(c + 7) & 7] = c + 8;           /* (a divide may squash) */
    q->fo = 0;
    q->kpc = e.pnext;                     /* the warp goes back to the divide: a refetch */
    q->nwrong = 0;
    stage_r_at(s, w, c + s->rstage);
    q->hold = q->redir + 1;
    track(s, w);
}

/* The predictors' training by a resolved instruction: a uniform branch's counter (a
 * cycle after the resolve stage; a divergent one trains nothing), a jalr's target. */
static void train(struct rt_state *s, const struct rt_pd *p, uint32_t pc, uint64_t c,
                  const struct ref_path *g, unsigned ng)
{
    if (p->kind == RK_BRANCH && ng == 1)
        event(s, c + 8, pc, 0, 0, (g[0].pc != pc + 4) != (p->off < 0));
    else if (p->kind == RK_JALR && ng >= 1)
        event(s, c + 7, pc, g[0].pc, 1, 0);
}

void rt_issued(struct ref *r, unsigned w, uint64_t c, uint64_t head_mask, uint64_t served,
               const struct ref_path *g, unsigned ng, int single, int follows)
{
    struct rt_state *s = r->rt;
    struct rt_warp *q = &s->w[w];
    struct rt_ent e = *head(q);
    const struct rt_pd *p = pd_at(r, e.pc);
    int guessed = ng == 1 && served == head_mask && g[0].pc == e.pnext;
    uint64_t rel;
    unsigned defer;
    pop(q);
    ports_take(s, w, p, c);
    q->last = c + 1;
    if (p->msq)
        q->sq[(c + 7) & 7] = c + 8;
    if (p->amo)
        s->amo_at = c + 1;
    if (!r->alive[w])
        s->live &= ~(1ull << w);
    refresh(r, w);
    defer = r->ex_defer;                  /* the exact heap's deferred operations hold it */
    r->ex_defer = 0;
    q->redir = 0;                         /* followed: the older one's stream goes on */
    q->fo = 0;
    if (q->ah)
        ahead_issue(q->ah, c, p->load, ahead_count(r, w));
    train(s, p, e.pc, c, g, ng);
    if (e.follow && single) {
        if (guessed) {
            track(s, w);
            return;
        }
        q->wrong = 1;                     /* wrong-path issues until the squash */
        q->wrong_end = c + 5;
        q->wfollow = 1;
        q->nwrong = 0;
        q->kpc = e.pnext;
        stage_r_at(s, w, c + s->rstage);
        q->hold = q->redir + 1 + RT_DEFER * defer;
        track(s, w);
        return;
    }
    rel = c + s->rstage + RT_DEFER * defer;   /* released at stage r */
    if (p->load && rel < c + 10)
        rel = c + 10;
    if (p->div) {                         /* accepted: released at its write-back */
        s->div_busy = c + RT_DIV_AT + RT_DIV;
        if (rel < c + RT_DIV_AT + RT_DIV + 3)
            rel = c + RT_DIV_AT + RT_DIV + 3;
    }
    q->kpc = e.pnext;
    q->nwrong = 0;
    stage_r_at(s, w, c + s->rstage);
    q->hold = rel + 1;
    q->fo = q->ah && e.follow && follows && guessed;  /* or earlier, by the follow-on */
    track(s, w);
}

/* ---- fetch ------------------------------------------------------------------------- */

/* Where fetch goes after the instruction at pc, and whether it jumps. */
static uint32_t predict(const struct rt_state *s, const struct rt_pd *p, uint32_t pc, int *jump)
{
    uint32_t wpc = pc >> 2;
    *jump = 0;
    if (p->kind == RK_JAL && !(p->off & 2))
        *jump = 1;
    else if (p->kind == RK_BRANCH && !(p->off & 2))
        *jump = (p->off < 0) ^ (s->bp[wpc & ((1u << SIMTY_BPRED_BITS) - 1)] >= 2);
    else if (p->kind == RK_JALR && s->btb_valid[wpc & ((1u << SIMTY_BTB_BITS) - 1)])
        return s->btb[wpc & ((1u << SIMTY_BTB_BITS) - 1)];
    return *jump ? pc + (uint32_t)p->off : pc + 4;
}

/* The warps that may fetch: live, a credit free (the warp that issued this
 * cycle, if any, has its credit back the cycle after), not redirected now. */
static uint64_t may_fetch(const struct rt_state *s, int issued)
{
    uint64_t m = s->fcred & s->live & ~s->fblocked;
    if (issued >= 0 && s->w[issued].n + s->w[issued].ghosts + 1 >= s->ibuf)
        m &= ~(1ull << issued);
    return m;
}
/* (A warp's ghosts are fetches picked while its predicted jump is between f0
 * and f4: they take the steering pick and a credit, and the jump drops them.) */

int rt_fetch(struct ref *r, uint64_t c, int issued)
{
    struct rt_state *s = r->rt;
    unsigned W = r->cfg.W, pick;
    uint64_t m = may_fetch(s, issued);
    struct rt_warp *q;
    struct rt_ent *e;
    const struct rt_pd *p;
    int jump, jalr_pred;
    if (!m)
        return 0;
    pick = rr_first(m & s->fempty, s->frr, W);       /* nothing fetched first */
    if (pick == W)
        pick = rr_first(m, s->frr, W);
    s->frr = (pick + 1) & (W - 1);
    q = &s->w[pick];
    if (c < q->ghost_end) {            /* behind a predicted jump: dropped at its f4 */
        q->ghosts++;
        track_credits(s, pick);
        return 1;
    }
    e = &q->s[(q->h + q->n++) % RT_Q];
    p = pd_at(r, q->fpc);
    e->pc = q->fpc;
    e->at = c + 3 + s->fdelay;
    e->pnext = predict(s, p, e->pc, &jump);
    jalr_pred = p->kind == RK_JALR && e->pnext != e->pc + 4;
    e->follow = (uint8_t)(p->follow && (p->kind != RK_JALR || jalr_pred));
    q->fpc = e->pnext;
    if (jump || jalr_pred) {           /* the target from f0 + 5 */
        q->ghost_end = c + 5;
        s->gwheel[(c + 5) & 63] |= 1ull << pick;
    }
    if (q->n == 1)                     /* a new head; else only the credits changed */
        track(s, pick);
    else
        track_credits(s, pick);
    return 1;
}

/* The next cycle after c in which warp w may issue or fetch, from its own
 * state (UINT64_MAX: only another event, its stage r, can change it). */
static uint64_t warp_next(const struct ref *r, const struct rt_warp *q, unsigned w, uint64_t c)
{
    uint64_t t = UINT64_MAX, f;
    if (q->n) {
        const struct rt_ent *e = &q->s[q->h];
        if (q->nb > c)
            t = q->nb;
        else if (q->wrong ? c < q->wrong_end && q->wfollow : q->hv && e->pc == q->hpc)
            t = c + 1;                    /* a port, the back-to-back rule, a squash slot */
    }
    if (r->alive[w] && q->n < r->rt->ibuf) {
        f = q->ghosts && q->n + q->ghosts >= r->rt->ibuf ? q->ghost_end : c + 1;
        if (f < t)
            t = f;
    }
    if (q->redir && q->redir < t)
        t = q->redir;
    if (q->ghosts && q->ghost_end < t)
        t = q->ghost_end;
    return t;
}

uint64_t rt_next(const struct ref *r, uint64_t c)
{
    uint64_t t = UINT64_MAX, x;
    unsigned w;
    for (w = 0; w < r->cfg.W; w++)
        if ((x = warp_next(r, &r->rt->w[w], w, c)) < t)
            t = x;
    return t > c ? t : c + 1;
}
