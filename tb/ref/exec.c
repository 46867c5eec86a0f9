/*
 * exec.c - the executor of the reference model (exec.h): one thread's
 * instruction semantics (RV32I, M and A, memory and MMIO, reservations,
 * CSRs, traps, exits), a pass's lanes in increasing lane order, the fast
 * paths' loops over the lanes, and ref_step, the lock-step API the RTL
 * harness drives.
 */
#include "exec.h"

#include <string.h>

#include "console.h"
#include "errf.h"

/* Set bits of v (no popcnt instruction needed: the build has no -m flags).
 * A mask of at most 8 lanes (T <= 8) is one look-up in pop8. */
#define POP2(n) n, n + 1, n + 1, n + 2
#define POP4(n) POP2(n), POP2(n + 1), POP2(n + 1), POP2(n + 2)
#define POP6(n) POP4(n), POP4(n + 1), POP4(n + 1), POP4(n + 2)
static const uint8_t pop8[256] = { POP6(0), POP6(1), POP6(1), POP6(2) };
#undef POP2
#undef POP4
#undef POP6

static inline unsigned popcount(uint64_t v)
{
    if (v < 256)
        return pop8[v];
    v = v - ((v >> 1) & 0x5555555555555555ull);
    v = (v & 0x3333333333333333ull) + ((v >> 2) & 0x3333333333333333ull);
    v = (v + (v >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (unsigned)((v * 0x0101010101010101ull) >> 56);
}

/* ---- execution ------------------------------------------------------------------ */

static void trap(struct ref *r, unsigned tid, struct simty_effect *e, unsigned cause)
{
    e->trapped = 1;
    e->cause = (uint8_t)cause;
    e->rd = 0;
    e->has_load = e->has_store = 0;
    r->th[tid].state = REPORT_TH_TRAPPED;
    r->th[tid].cause = (uint8_t)cause;
    r->th[tid].pc = e->pc;
    r->pc[tid] = e->pc;   /* (it is there, but for run_list's fast paths, run.c) */
    r->alive[tid >> r->lg_t] &= ~(1ull << (tid & (r->cfg.T - 1)));
}

/* Does the conditional branch op go its way for operands a and b? */
static int branch_taken(unsigned op, uint32_t a, uint32_t b)
{
    switch (op) {
    case OP_BEQ:  return a == b;
    case OP_BNE:  return a != b;
    case OP_BLT:  return (int32_t)a < (int32_t)b;
    case OP_BGE:  return (int32_t)a >= (int32_t)b;
    case OP_BLTU: return a < b;
    default:      return a >= b;
    }
}

/* The trap cause of a data access that ref_mem_classify gave k (-1
 * misaligned; -2, or 1 for an atomic on the MMIO page: an access fault),
 * for a load (store 0) or a store. */
static unsigned access_cause(int k, int store)
{
    if (store)
        return k == -1 ? SIMTY_TRAP_MISALIGNED_STORE : SIMTY_TRAP_STORE_FAULT;
    return k == -1 ? SIMTY_TRAP_MISALIGNED_LOAD : SIMTY_TRAP_LOAD_FAULT;
}

/* ---- reservations (RV32A) ---------------------------------------------------------
 *
 * Per warp w one reserved word address RA[w] and per lane a valid bit V[w]
 * (state.h: resv_addr, resv_valid), applied pass by pass:
 *  - an LR pass (resv_lr) reserves the leader's word A for its lanes at A;
 *  - an SC (exec_amo) succeeds iff its lane's V bit is set and RA[w] == A,
 *    and clears its V bit either way;
 *  - every write to data memory (dmem_write: stores of any size, a
 *    successful SC, an AMO) clears V of every warp whose RA is the written
 *    word; stores to the MMIO page clear nothing. */

/* No warp keeps a reservation on the word of byte address ad. */
static void resv_clear(struct ref *r, uint32_t ad)
{
    uint64_t m;
    for (m = r->resv_warps; m; m &= m - 1) {
        unsigned u = (unsigned)__builtin_ctzll(m);
        if (r->resv_addr[u] == (ad & ~3u)) {
            r->resv_valid[u] = 0;
            r->resv_warps &= ~(1ull << u);
        }
    }
}

/* The one place data memory is written: the n bytes of b at ad (aligned, in
 * data memory), little-endian; the written word loses its reservations. */
static inline REF_ALWAYS_INLINE void dmem_write(struct ref *r, uint32_t ad, uint32_t b,
                                                unsigned n)
{
    uint8_t *p = r->dmem + (ad - SIMTY_DMEM_BASE);
    unsigned i;
    for (i = 0; i < n; i++)
        p[i] = (uint8_t)(b >> (8 * i));
    if (r->resv_warps)
        resv_clear(r, ad);
}

/* The reservations after an LR pass of warp w's lanes of mask (their effects
 * in eff): the leader (lowest lane) reads word A; the lanes that did not
 * trap are served (S), those of S at A reserve it (SW):
 *     V[w] = (RA[w] == A ? V[w] & ~S : 0) | SW;  RA[w] = A.
 * A leader that trapped served no lane: nothing changes. */
static void resv_lr(struct ref *r, unsigned w, uint64_t mask, const struct simty_effect *eff)
{
    const struct simty_effect *le = &eff[__builtin_ctzll(mask)];
    uint64_t s = 0, sw = 0, m;
    if (!le->has_load)
        return;
    for (m = mask; m; m &= m - 1) {
        unsigned lane = (unsigned)__builtin_ctzll(m);
        if (eff[lane].has_load) {
            s |= 1ull << lane;
            if (eff[lane].load_addr == le->load_addr)
                sw |= 1ull << lane;
        }
    }
    r->resv_valid[w] = (r->resv_addr[w] == le->load_addr ? r->resv_valid[w] & ~s : 0) | sw;
    r->resv_addr[w] = le->load_addr;
    if (r->resv_valid[w])
        r->resv_warps |= 1ull << w;
}

/* ---- one thread's data accesses ---------------------------------------------------- */

/* The effect of a store of n bytes of b at ad. */
static void store_effect(struct simty_effect *e, uint32_t ad, uint32_t b, unsigned n)
{
    e->has_store = 1;
    e->store_addr = ad;
    e->store_data = b;
    e->store_bytes = (uint8_t)n;
    e->store_be = (uint8_t)(((1u << n) - 1) << (ad & 3));
}

/* Thread tid loads (d) from ad into *v: 0, or -1 when it trapped. */
static int exec_load(struct ref *r, unsigned tid, const struct dinsn *d, uint32_t ad,
                     struct simty_effect *e, uint32_t *v)
{
    int k = ref_mem_classify(r, ad, ref_mem_size(d->op));
    if (k < 0) {
        trap(r, tid, e, access_cause(k, 0));
        return -1;
    }
    *v = 0;  /* the MMIO page reads as zero */
    if (k == 0) {
        const uint8_t *p = r->dmem + (ad - SIMTY_DMEM_BASE);
        switch (d->op) {
        case OP_LB:  *v = (uint32_t)(int32_t)(int8_t)p[0]; break;
        case OP_LBU: *v = p[0]; break;
        case OP_LH:  *v = (uint32_t)(int32_t)(int16_t)(uint16_t)(p[0] | p[1] << 8); break;
        case OP_LHU: *v = (uint32_t)(p[0] | p[1] << 8); break;
        default:     *v = ref_rd32(p); break;
        }
    }
    e->has_load = 1;
    e->load_addr = ad;
    return 0;
}

/* Thread tid stores (d) b at ad (data memory, or the console's byte): 0, or
 * -1 when it trapped. */
static int exec_store(struct ref *r, unsigned tid, const struct dinsn *d, uint32_t ad,
                      uint32_t b, struct simty_effect *e)
{
    unsigned n = ref_mem_size(d->op);
    int k = ref_mem_classify(r, ad, n);
    if (k < 0) {
        trap(r, tid, e, access_cause(k, 1));
        return -1;
    }
    if (n < 4)
        b &= (1u << (8 * n)) - 1;
    if (k == 0)
        dmem_write(r, ad, b, n);
    else if (ad == SIMTY_CONSOLE && r->con)
        console_byte(r->con, tid, (uint8_t)b);
    store_effect(e, ad, b, n);
    return 0;
}

/* The new memory word of an AMO (op) on the old word and rs2's b. */
static uint32_t amo_value(unsigned op, uint32_t old, uint32_t b)
{
    switch (op) {
    case OP_AMOSWAP: return b;
    case OP_AMOADD:  return old + b;
    case OP_AMOXOR:  return old ^ b;
    case OP_AMOAND:  return old & b;
    case OP_AMOOR:   return old | b;
    case OP_AMOMIN:  return (int32_t)old < (int32_t)b ? old : b;
    case OP_AMOMAX:  return (int32_t)old > (int32_t)b ? old : b;
    case OP_AMOMINU: return old < b ? old : b;
    default:         return old > b ? old : b;   /* OP_AMOMAXU */
    }
}

/* Lane `lane` of warp w executes the A instruction d on the word at ad with
 * rs2's b, rd's value into *v: 0, or -1 when it trapped (misaligned: cause
 * 4 for LR, 6 for SC and AMOs; outside data memory, the MMIO page included:
 * 5 and 7).  LR loads (its reservation: resv_lr, once the pass is done); SC
 * stores b iff the lane holds a reservation on ad, *v = 0, else *v = 1, and
 * drops the lane's V bit either way; an AMO loads the old word into *v and
 * stores amo_value (the effect shows b). */
static int exec_amo(struct ref *r, unsigned w, unsigned lane, const struct dinsn *d,
                    uint32_t ad, uint32_t b, struct simty_effect *e, uint32_t *v)
{
    int k = ref_mem_classify(r, ad, 4);
    uint64_t bit = 1ull << lane;
    uint32_t nv;
    if (k != 0) {
        trap(r, (w << r->lg_t) | lane, e, access_cause(k, d->op != OP_LR));
        return -1;
    }
    if (d->op == OP_SC) {
        int ok = (r->resv_valid[w] & bit) && r->resv_addr[w] == ad;
        r->resv_valid[w] &= ~bit;
        *v = !ok;
        if (!ok)
            return 0;
        nv = b;
    } else {
        *v = ref_rd32(r->dmem + (ad - SIMTY_DMEM_BASE));
        e->has_load = 1;
        e->load_addr = ad;
        if (d->op == OP_LR)
            return 0;
        nv = amo_value(d->op, *v, b);
    }
    dmem_write(r, ad, nv, 4);
    store_effect(e, ad, b, 4);
    return 0;
}

/* Thread tid ends with an exit ecall at pc, exit code code (its a0). */
static void thread_exit(struct ref *r, unsigned tid, uint32_t pc, uint32_t code,
                        struct simty_effect *e)
{
    e->exited = 1;
    e->exit_code = code;
    r->th[tid].state = REPORT_TH_EXITED;
    r->th[tid].code = code;
    r->th[tid].pc = pc;
    r->pc[tid] = pc;   /* (as in trap) */
    r->alive[tid >> r->lg_t] &= ~(1ull << (tid & (r->cfg.T - 1)));
    e->next_pc = pc;
}

/* One thread executes d (the instruction word insn at pc). */
static void exec_one(struct ref *r, unsigned w, unsigned lane, const struct dinsn *d,
                     uint32_t insn, uint32_t pc, uint64_t cyc, struct simty_effect *e)
{
    unsigned tid = (w << r->lg_t) | lane;
    uint32_t *x = ref_xreg(r, w, 0) + lane;   /* this thread's registers, reg << lg_t apart */
#define XREG(reg) x[(size_t)(reg) << r->lg_t]
    uint32_t a = XREG(d->rs1), b = XREG(d->rs2), imm = (uint32_t)d->imm;
    uint32_t v = 0, npc = pc + 4, t;
    int wr = 1;

    memset(e, 0, sizeof *e);
    e->valid = 1;
    e->pc = pc;
    e->insn = insn;
    switch (d->op) {
    case OP_JAL:
    case OP_JALR:
        t = d->op == OP_JAL ? pc + imm : (a + imm) & ~1u;
        if (t & 3) {
            trap(r, tid, e, SIMTY_TRAP_MISALIGNED_TARGET);
            return;
        }
        v = pc + 4;
        npc = t;
        break;
    case OP_BEQ: case OP_BNE: case OP_BLT: case OP_BGE: case OP_BLTU: case OP_BGEU:
        wr = 0;
        if (branch_taken(d->op, a, b)) {
            t = pc + imm;
            if (t & 3) {
                trap(r, tid, e, SIMTY_TRAP_MISALIGNED_TARGET);
                return;
            }
            npc = t;
        }
        break;
    case OP_LB: case OP_LH: case OP_LW: case OP_LBU: case OP_LHU:
        if (exec_load(r, tid, d, a + imm, e, &v))
            return;
        break;
    case OP_SB: case OP_SH: case OP_SW:
        wr = 0;
        if (exec_store(r, tid, d, a + imm, b, e))
            return;
        break;
    case OP_LR: case OP_SC: case OP_AMOSWAP: case OP_AMOADD: case OP_AMOXOR: case OP_AMOAND:
    case OP_AMOOR: case OP_AMOMIN: case OP_AMOMAX: case OP_AMOMINU: case OP_AMOMAXU:
        if (exec_amo(r, w, lane, d, a, b, e, &v))
            return;
        break;
#define X(op, e) case op: v = (e); break;
    REF_ALU_OPS(X)
#undef X
    case OP_FENCE: wr = 0; break;   /* whatever its rd field (ref_exec_uniform too) */
    case OP_ECALL:
        if (XREG(17) != SIMTY_SYS_EXIT) {
            trap(r, tid, e, SIMTY_TRAP_ECALL);
            return;
        }
        thread_exit(r, tid, pc, XREG(10), e);
        return;
    case OP_EBREAK:
        trap(r, tid, e, SIMTY_TRAP_EBREAK);
        return;
    default:
        trap(r, tid, e, SIMTY_TRAP_ILLEGAL);
        return;
    }
    if (wr && d->rd) {
        XREG(d->rd) = v;
        e->rd = d->rd;
        e->value = v;
    }
    e->next_pc = npc;
    r->pc[tid] = npc;
#undef XREG
}

void ref_exec(struct ref *r, unsigned w, uint32_t pc, uint64_t mask, uint64_t cyc,
              struct simty_effect *eff)
{
    const struct dinsn *d = ref_decode_at(r, pc);
    uint32_t insn = 0;
    uint64_t m;
    if (d)
        insn = ref_rd32(r->imem + (pc - SIMTY_IMEM_BASE));
    for (m = mask; m; m &= m - 1) {
        unsigned lane = (unsigned)__builtin_ctzll(m);
        struct simty_effect *e = &eff[lane];
        if (!d) {
            unsigned tid = (w << r->lg_t) | lane;
            memset(e, 0, sizeof *e);
            e->valid = 1;
            e->pc = pc;
            trap(r, tid, e, SIMTY_TRAP_FETCH_FAULT);
            continue;
        }
        exec_one(r, w, lane, d, insn, pc, cyc, e);
    }
    if (d && d->op == OP_LR && mask)
        resv_lr(r, w, mask, eff);
    r->warp_insts++;
    r->thread_insts += popcount(mask);
}

void ref_exec_uniform(struct ref *r, unsigned w, uint32_t pc, uint64_t mask, uint64_t cyc,
                      const struct dinsn *d)
{
    uint32_t *xw = ref_xwarp(r, w);
    const uint32_t *ra = xw + d->x1, *rb = xw + d->x2;
    uint32_t *rx = xw + d->xd;
    uint32_t imm = (uint32_t)d->imm;
    unsigned T = r->cfg.T, lane;
    uint64_t m;
    /* Every lane (mask holds lanes 0 to T - 1): a plain loop over the lanes,
     * which the compiler turns into vector operations for most instructions
     * (a register's lanes are side by side; rd may be rs1 or rs2: each lane
     * reads its own operands before its write).  Else lane by lane. */
    int dense = mask == r->all;
    /* The lanes' loop inside each case: the switch is decided once a pass.
     * A write of x0 is dropped (exec_one: wr && d->rd). */
#define LANE(e) { \
        uint32_t a = ra[lane], b = rb[lane], tid = (w << r->lg_t) | lane; \
        (void)a; (void)b; (void)tid; (void)cyc; \
        rx[lane] = (e); \
    }
#define LANES(e) \
    if (!d->rd) \
        ; \
    else if (dense) \
        for (lane = 0; lane < T; lane++) \
            LANE(e) \
    else \
        for (m = mask; m; m &= m - 1) { \
            lane = (unsigned)__builtin_ctzll(m); \
            LANE(e) \
        }
    switch (d->op) {
#define X(op, e) case op: LANES(e) break;
    REF_ALU_OPS(X)
#undef X
    case OP_JAL:
        LANES(pc + 4)
        break;
    default:  /* OP_FENCE: writes no register, whatever its rd field (exec_one; the
               * core's write enable, mb_walu of gen/exec.c, leaves MISC-MEM out) */
        break;
    }
#undef LANES
#undef LANE
    (void)imm;
    r->warp_insts++;
    r->thread_insts += popcount(mask);
}

uint64_t ref_exec_branch(struct ref *r, unsigned w, uint64_t mask, const struct dinsn *d)
{
    const uint32_t *xw = ref_xwarp(r, w), *ra = xw + d->x1, *rb = xw + d->x2;
    uint64_t m, taken = 0;
#define LANES(c) \
    for (m = mask; m; m &= m - 1) { \
        unsigned lane = (unsigned)__builtin_ctzll(m); \
        uint32_t a = ra[lane], b = rb[lane]; \
        taken |= (uint64_t)(c) << lane; \
    }
    switch (d->op) {
    case OP_BEQ:  LANES(a == b) break;
    case OP_BNE:  LANES(a != b) break;
    case OP_BLT:  LANES((int32_t)a < (int32_t)b) break;
    case OP_BGE:  LANES((int32_t)a >= (int32_t)b) break;
    case OP_BLTU: LANES(a < b) break;
    default:      LANES(a >= b) break;
    }
#undef LANES
    r->warp_insts++;
    r->thread_insts += popcount(mask);
    return taken;
}

int ref_exec_mem(struct ref *r, unsigned w, uint64_t mask, const struct dinsn *d)
{
    uint32_t *xw = ref_xwarp(r, w);
    const uint32_t *ra = xw + d->x1, *rb = xw + d->x2;
    uint32_t *rx = xw + d->xd;
    uint32_t imm = (uint32_t)d->imm;
    unsigned n = ref_mem_size(d->op), rd = d->rd;
    uint64_t m;
    /* Every lane's access aligned and in data memory (so no trap, no MMIO),
     * or nothing is done here. */
    for (m = mask; m; m &= m - 1) {
        uint32_t ad = ra[__builtin_ctzll(m)] + imm;
        if ((ad & (n - 1)) || ad - SIMTY_DMEM_BASE >= r->dmem_size || ad < SIMTY_DMEM_BASE)
            return 0;
    }
    /* In increasing lane order, as exec_one (the highest lane's store wins);
     * the switch outside the lanes' loop, as in ref_exec_uniform. */
#define LANES(s) \
    for (m = mask; m; m &= m - 1) { \
        unsigned lane = (unsigned)__builtin_ctzll(m); \
        uint32_t ad = ra[lane] + imm; \
        const uint8_t *p = r->dmem + (ad - SIMTY_DMEM_BASE); \
        (void)p; \
        s; \
    }
#define LOAD(e) LANES(if (rd) rx[lane] = (e))
    switch (d->op) {
    case OP_LB:  LOAD((uint32_t)(int32_t)(int8_t)p[0]) break;
    case OP_LBU: LOAD(p[0]) break;
    case OP_LH:  LOAD((uint32_t)(int32_t)(int16_t)(uint16_t)(p[0] | p[1] << 8)) break;
    case OP_LHU: LOAD((uint32_t)(p[0] | p[1] << 8)) break;
    case OP_LW:  LOAD(ref_rd32(p)) break;
    case OP_SW:  LANES(dmem_write(r, ad, rb[lane], 4)) break;
    case OP_SH:  LANES(dmem_write(r, ad, rb[lane], 2)) break;
    default:     LANES(dmem_write(r, ad, rb[lane], 1)) break;   /* OP_SB */
    }
#undef LOAD
#undef LANES
    r->warp_insts++;
    r->thread_insts += popcount(mask);
    return 1;
}

int ref_step(struct ref *r, unsigned w, uint32_t pc, uint64_t mask,
             const uint64_t *cycle, struct simty_effect *out)
{
    uint64_t m, all = r->cfg.T == 64 ? ~0ull : (1ull << r->cfg.T) - 1;
    unsigned lane;
    if (w >= r->cfg.W) {
        simty_errf(r->err, sizeof r->err, "warp %u out of range (W=%u)", w, r->cfg.W);
        return -1;
    }
    if (mask & ~all) {
        simty_errf(r->err, sizeof r->err, "mask %llx has lanes >= T=%u", (unsigned long long)mask, r->cfg.T);
        return -1;
    }
    for (m = mask; m; m &= m - 1) {
        unsigned tid;
        lane = (unsigned)__builtin_ctzll(m);
        tid = (w << r->lg_t) | lane;
        if (r->th[tid].state != REPORT_TH_RUNNING) {
            simty_errf(r->err, sizeof r->err, "thread %u (warp %u, lane %u) has already %s", tid, w,
                       lane, r->th[tid].state == REPORT_TH_EXITED ? "exited" : "trapped");
            return -1;
        }
        if (r->pc[tid] != pc) {
            simty_errf(r->err, sizeof r->err, "thread %u (warp %u, lane %u) is at pc %08x, not %08x",
                       tid, w, lane, r->pc[tid], pc);
            return -1;
        }
    }
    ref_exec(r, w, pc, mask, cycle ? *cycle : r->cycle, r->eff);
    r->cycle++;
    if (out)
        for (lane = 0; lane < r->cfg.T; lane++) {
            if (mask >> lane & 1)
                out[lane] = r->eff[lane];
            else
                memset(&out[lane], 0, sizeof out[lane]);
        }
    return 0;
}
