/*
 * exec.c - the executor of the reference model (exec.h): one thread's
 * instruction semantics (RV32I and M, memory and MMIO, CSRs, traps, exits),
 * a pass's lanes in increasing lane order, the fast paths' loops over the
 * lanes, and ref_step, the lock-step API the RTL harness drives.
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

/* Thread tid loads (d) from ad into *v: 0, or -1 when it trapped. */
static int exec_load(struct ref *r, unsigned tid, const struct dinsn *d, uint32_t ad,
                     struct simty_effect *e, uint32_t *v)
{
    int k = ref_mem_classify(r, ad, ref_mem_size(d->op));
    if (k < 0) {
        trap(r, tid, e, k == -1 ? SIMTY_TRAP_MISALIGNED_LOAD : SIMTY_TRAP_LOAD_FAULT);
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
    unsigned n = ref_mem_size(d->op), i;
    int k = ref_mem_classify(r, ad, n);
    if (k < 0) {
        trap(r, tid, e, k == -1 ? SIMTY_TRAP_MISALIGNED_STORE : SIMTY_TRAP_STORE_FAULT);
        return -1;
    }
    if (n < 4)
        b &= (1u << (8 * n)) - 1;
    if (k == 0) {
        uint8_t *p = r->dmem + (ad - SIMTY_DMEM_BASE);
        for (i = 0; i < n; i++)
            p[i] = (uint8_t)(b >> (8 * i));
    } else if (ad == SIMTY_CONSOLE && r->con) {
        console_byte(r->con, tid, (uint8_t)b);
    }
    e->has_store = 1;
    e->store_addr = ad;
    e->store_data = b;
    e->store_bytes = (uint8_t)n;
    e->store_be = (uint8_t)(((1u << n) - 1) << (ad & 3));
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
        uint8_t *p = r->dmem + (ra[lane] + imm - SIMTY_DMEM_BASE); \
        uint32_t b = rb[lane]; \
        (void)b; \
        s; \
    }
#define LOAD(e) LANES(if (rd) rx[lane] = (e))
    switch (d->op) {
    case OP_LB:  LOAD((uint32_t)(int32_t)(int8_t)p[0]) break;
    case OP_LBU: LOAD(p[0]) break;
    case OP_LH:  LOAD((uint32_t)(int32_t)(int16_t)(uint16_t)(p[0] | p[1] << 8)) break;
    case OP_LHU: LOAD((uint32_t)(p[0] | p[1] << 8)) break;
    case OP_LW:  LOAD(ref_rd32(p)) break;
    case OP_SW:  LANES(p[3] = (uint8_t)(b >> 24); p[2] = (uint8_t)(b >> 16);
                       p[1] = (uint8_t)(b >> 8); p[0] = (uint8_t)b) break;
    case OP_SH:  LANES(p[1] = (uint8_t)(b >> 8); p[0] = (uint8_t)b) break;
    default:     LANES(p[0] = (uint8_t)b) break;   /* OP_SB */
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
