/*
 * exec.c - the executor of the reference model (exec.h): one thread's
 * instruction semantics (RV32I and M, memory and MMIO, CSRs, traps, exits),
 * a pass's lanes in increasing lane order, the fast paths' loops over the
 * lanes, and ref_step, the lock-step API the RTL harness drives.
 */
#include "exec.h"

#include <stdlib.h>
#include <string.h>

#include "cfg.h"
#include "console.h"
#include "errf.h"
#include "pathlist.h"   /* (the life cycle, until it moves out) */
#include "stack.h"

struct ref *ref_new(const struct ref_config *c, char *err, size_t n)
{
    struct ref *r;
    size_t nth;
    unsigned w;
    if (ref_config_check(c, err, n))
        return NULL;
    r = calloc(1, sizeof *r);
    if (!r) {
        simty_errf(err, n, "out of memory");
        return NULL;
    }
    r->cfg = *c;
    while ((1u << r->lg_t) < c->T)
        r->lg_t++;
    r->all = c->T == 64 ? ~0ull : (1ull << c->T) - 1;
    nth = (size_t)c->W * c->T;
    r->imem_size = c->imem_kib << 10;
    r->dmem_size = c->dmem_kib << 10;
    r->imem = calloc(r->imem_size, 1);
    r->dmem = calloc(r->dmem_size, 1);
    r->dec = calloc(r->imem_size / 4, sizeof *r->dec);
    r->x = calloc(nth * 32, sizeof *r->x);
    r->pc = calloc(nth, sizeof *r->pc);
    r->th = calloc(nth, sizeof *r->th);
    r->wl = calloc(c->W, sizeof *r->wl);
    r->eff = calloc(c->T, sizeof *r->eff);
    r->ready = calloc(c->W, sizeof *r->ready);
    r->reg_ready = calloc(nth * 32, sizeof *r->reg_ready);
    r->reg_ready_w = calloc((size_t)c->W * 32, sizeof *r->reg_ready_w);
    r->reg_ready_hi = calloc((size_t)c->W * 32, sizeof *r->reg_ready_hi);
    r->alive = calloc(c->W, sizeof *r->alive);
    r->wready = calloc(c->W, sizeof *r->wready);
    if (!r->imem || !r->dmem || !r->dec || !r->x || !r->pc || !r->th || !r->wl || !r->eff ||
        !r->ready || !r->reg_ready || !r->reg_ready_w || !r->reg_ready_hi || !r->alive || !r->wready ||
        (REF_POLICY_IS_STACK(c->policy) && ref_stack_alloc(r))) {
        ref_free(r);
        simty_errf(err, n, "out of memory");
        return NULL;
    }
    for (w = 0; w < c->W; w++) {
        r->wl[w].p = calloc(c->T + 4, sizeof *r->wl[w].p);
        if (!r->wl[w].p) {
            ref_free(r);
            simty_errf(err, n, "out of memory");
            return NULL;
        }
    }
    ref_reset(r, SIMTY_IMEM_BASE);
    return r;
}

void ref_free(struct ref *r)
{
    unsigned w;
    if (!r)
        return;
    if (r->wl)
        for (w = 0; w < r->cfg.W; w++)
            free(r->wl[w].p);
    free(r->wl);
    free(r->imem);
    free(r->dmem);
    free(r->dec);
    free(r->x);
    free(r->pc);
    free(r->th);
    free(r->eff);
    free(r->ready);
    free(r->reg_ready);
    free(r->reg_ready_w);
    free(r->reg_ready_hi);
    free(r->alive);
    free(r->wready);
    ref_stack_free(r);
    cfg_free(r->graph);
    free(r);
}

const struct ref_config *ref_config_of(const struct ref *r) { return &r->cfg; }
void ref_set_console(struct ref *r, struct console *con) { r->con = con; }
uint8_t *ref_imem(struct ref *r) { return r->imem; }
uint8_t *ref_dmem(struct ref *r) { return r->dmem; }
uint32_t ref_imem_size(const struct ref *r) { return r->imem_size; }
uint32_t ref_dmem_size(const struct ref *r) { return r->dmem_size; }
const char *ref_error(const struct ref *r) { return r->err; }
const struct report_thread *ref_threads(const struct ref *r) { return r->th; }
uint32_t ref_reg(const struct ref *r, unsigned tid, unsigned reg)
{
    return ref_xreg(r, tid >> r->lg_t, reg & 31)[tid & (r->cfg.T - 1)];
}
uint32_t ref_pc(const struct ref *r, unsigned tid) { return r->pc[tid]; }
uint64_t ref_cycle(const struct ref *r) { return r->cycle; }

int ref_load_elf(struct ref *r, const char *path, struct elf_info *info, char *err, size_t n)
{
    struct elf_mem m;
    m.imem = r->imem;
    m.imem_base = SIMTY_IMEM_BASE;
    m.imem_size = r->imem_size;
    m.dmem = r->dmem;
    m.dmem_base = SIMTY_DMEM_BASE;
    m.dmem_size = r->dmem_size;
    if (elf_load(path, &m, info, err, n))
        return -1;
    ref_reset(r, info->entry);
    cfg_free(r->graph);
    r->graph = NULL;
    if (REF_POLICY_IS_STACK(r->cfg.policy) && !(r->graph = cfg_build(r, path, err, n)))
        return -1;
    return 0;
}

void ref_reset(struct ref *r, uint32_t entry)
{
    size_t nth = (size_t)r->cfg.W * r->cfg.T, t;
    uint32_t k, word;
    struct dinsn zero;        /* most of the memory: zero words, decoded once */
    ref_decode(0, &zero, r->cfg.isa_m, r->lg_t);
    for (k = 0; k < r->imem_size / 4; k++) {
        word = ref_rd32(r->imem + 4 * (size_t)k);
        if (word)
            ref_decode(word, &r->dec[k], r->cfg.isa_m, r->lg_t);
        else
            r->dec[k] = zero;
    }
    memset(r->x, 0, nth * 32 * sizeof *r->x);
    memset(r->th, 0, nth * sizeof *r->th);
    memset(r->reg_ready, 0, nth * 32 * sizeof *r->reg_ready);
    memset(r->ready, 0, r->cfg.W * sizeof *r->ready);
    for (k = 0; k < r->cfg.W; k++) {
        unsigned reg;
        r->alive[k] = r->all;
        for (reg = 0; reg < 32; reg++)
            r->reg_ready_w[k * 32 + reg] = r->reg_ready_hi[k * 32 + reg] = 0;  /* every lane: at 0 */
    }
    r->last_issue = 0;
    for (t = 0; t < nth; t++)
        r->pc[t] = entry;
    r->cycle = r->warp_insts = r->thread_insts = 0;
    r->divergences = r->merges = r->replays = 0;
    r->err[0] = 0;
    r->wstale = r->cfg.W == 64 ? ~0ull : (1ull << r->cfg.W) - 1;   /* every warp's cycle */
    for (k = 0; k < r->cfg.W; k++)
        r->peak[k] = 1;
    r->live_warps = r->cfg.W;
    r->rr = 0;
    ref_list_reset(r, entry);
    if (r->ws)
        ref_stack_reset(r, entry);
}


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
