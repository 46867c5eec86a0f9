/* ref_internal.h - the model's state, shared by its own modules only. */
#ifndef SIMTY_REF_INTERNAL_H
#define SIMTY_REF_INTERNAL_H

#include "simty_ref.h"
#include "simty_map.h"

/* Predecoded instruction (instruction memory is not writable, so the whole
 * image is decoded once at reset). */
struct dinsn {
    uint8_t op, rd, rs1, rs2;
    uint8_t src1, src2;       /* registers the latency model waits for (0: none) */
    uint8_t kind;             /* DK_*: which path of ref_issue executes it */
    uint8_t wlat;             /* cycles until its result is usable (sched.c: REF_LAT_*) */
    uint8_t lat[2];           /* ref_lat_rule(d, jumped) for jumped 0 and 1, kept by the
                                 decoder for ref_lat */
    uint16_t x1, x2, xd;      /* rs1, rs2 and rd << lg_t: where their lanes start in a
                                 warp's registers (ref_xwarp), set by ref_reset */
    int32_t imm;
};

/* dinsn.kind, fixed by the instruction alone (instruction memory is not
 * writable; a PC is always a multiple of 4). */
enum {
    DK_OTHER = 0,             /* per-lane effects: memory, jalr, system, illegal */
    DK_UNIFORM,               /* every lane writes rd (if any; a fence writes none) and goes
                                 on to the same next PC, no trap: ALU, M, CSR reads, fence,
                                 jal to an aligned target (ref_exec_uniform) */
    DK_BRANCH                 /* a conditional branch to an aligned target (ref_exec_branch) */
};

enum {
    OP_ILLEGAL = 0,
    OP_LUI, OP_AUIPC, OP_JAL, OP_JALR,
    OP_BEQ, OP_BNE, OP_BLT, OP_BGE, OP_BLTU, OP_BGEU,
    OP_LB, OP_LH, OP_LW, OP_LBU, OP_LHU,
    OP_SB, OP_SH, OP_SW,
    OP_ADDI, OP_SLTI, OP_SLTIU, OP_XORI, OP_ORI, OP_ANDI, OP_SLLI, OP_SRLI, OP_SRAI,
    OP_ADD, OP_SUB, OP_SLL, OP_SLT, OP_SLTU, OP_XOR, OP_SRL, OP_SRA, OP_OR, OP_AND,
    OP_MUL, OP_MULH, OP_MULHSU, OP_MULHU, OP_DIV, OP_DIVU, OP_REM, OP_REMU,   /* ISA=rv32im */
    OP_FENCE, OP_ECALL, OP_EBREAK,
    OP_CSR_CYCLE, OP_CSR_CYCLEH, OP_CSR_MHARTID, OP_CSR_WARPID, OP_CSR_LANEID,
    OP_CSR_NWARPS, OP_CSR_NLANES
};

/* The instructions that write rd = e and go to pc + 4 on every lane, with
 * no trap: e of a (rs1), b (rs2), imm, pc, cyc (the cycle CSR), tid, w,
 * lane.  Used by exec_one and by the fast path (ref_exec_uniform), so the
 * two cannot differ, and by the decoder (decode.c) to classify them. */
#define REF_ALU_OPS(X) \
    X(OP_LUI,    imm) \
    X(OP_AUIPC,  pc + imm) \
    X(OP_ADDI,   a + imm) \
    X(OP_SLTI,   (uint32_t)((int32_t)a < (int32_t)imm)) \
    X(OP_SLTIU,  (uint32_t)(a < imm)) \
    X(OP_XORI,   a ^ imm) \
    X(OP_ORI,    a | imm) \
    X(OP_ANDI,   a & imm) \
    X(OP_SLLI,   a << imm) \
    X(OP_SRLI,   a >> imm) \
    X(OP_SRAI,   (uint32_t)((int32_t)a >> imm)) \
    X(OP_ADD,    a + b) \
    X(OP_SUB,    a - b) \
    X(OP_SLL,    a << (b & 31)) \
    X(OP_SLT,    (uint32_t)((int32_t)a < (int32_t)b)) \
    X(OP_SLTU,   (uint32_t)(a < b)) \
    X(OP_XOR,    a ^ b) \
    X(OP_SRL,    a >> (b & 31)) \
    X(OP_SRA,    (uint32_t)((int32_t)a >> (b & 31))) \
    X(OP_OR,     a | b) \
    X(OP_AND,    a & b) \
    /* RV32M; division by zero and the overflow as the ISA defines them */ \
    X(OP_MUL,    a * b) \
    X(OP_MULH,   (uint32_t)((uint64_t)((int64_t)(int32_t)a * (int32_t)b) >> 32)) \
    X(OP_MULHSU, (uint32_t)((uint64_t)((int64_t)(int32_t)a * (int64_t)(uint64_t)b) >> 32)) \
    X(OP_MULHU,  (uint32_t)((uint64_t)a * b >> 32)) \
    X(OP_DIV,    b == 0 ? 0xffffffffu : (a == 0x80000000u && b == 0xffffffffu) ? a \
                 : (uint32_t)((int32_t)a / (int32_t)b)) \
    X(OP_DIVU,   b == 0 ? 0xffffffffu : a / b) \
    X(OP_REM,    b == 0 ? a : (a == 0x80000000u && b == 0xffffffffu) ? 0 \
                 : (uint32_t)((int32_t)a % (int32_t)b)) \
    X(OP_REMU,   b == 0 ? a : a % b) \
    X(OP_CSR_CYCLE,   (uint32_t)cyc) \
    X(OP_CSR_CYCLEH,  (uint32_t)(cyc >> 32)) \
    X(OP_CSR_MHARTID, tid) \
    X(OP_CSR_WARPID,  w) \
    X(OP_CSR_LANEID,  lane) \
    X(OP_CSR_NWARPS,  r->cfg.W) \
    X(OP_CSR_NLANES,  r->cfg.T)

/* decode.c: the instruction word i decoded into d (isa_m: RV32M too; lg_t:
 * log2 T, for x1, x2 and xd). */
void ref_decode(uint32_t i, struct dinsn *d, int isa_m, unsigned lg_t);

struct warp_list {
    unsigned n;
    struct ref_path *p;       /* capacity T + 4 */
    const struct dinsn *hd;   /* the instruction at p[0].pc (NULL: none; list policies,
                                 ref_list_head) */
};

struct cfg;
struct warp_stack;            /* stack.c: reconvergence stack / split tables */

struct ref {
    struct ref_config cfg;
    unsigned lg_t;
    uint64_t all;             /* the lanes of a warp: T bits */
    uint32_t imem_size, dmem_size;
    uint8_t *imem, *dmem;
    struct dinsn *dec;        /* imem_size / 4 entries */
    uint32_t *x;              /* W * 32 * T registers: [(w * 32 + reg) * T + lane] (ref_xreg) */
    uint32_t *pc;             /* W * T thread PCs */
    struct report_thread *th; /* W * T outcomes */
    struct console *con;
    struct warp_list *wl;     /* W path lists */
    struct simty_effect *eff; /* T scratch effects */
    uint64_t cycle;
    uint64_t warp_insts, thread_insts, divergences, merges, replays;
    unsigned peak[REF_MAX_W];
    unsigned live_warps, rr;  /* round-robin pointer */
    struct cfg *graph;        /* post-dominators (stack policies), or NULL */
    struct warp_stack *ws;    /* W stacks (stack policies), or NULL */
    uint64_t *ready;          /* sched.c: per warp, earliest next issue of its path */
    uint64_t *reg_ready;      /* sched.c: cycle each register is written, per warp, register
                                 and lane: [(w * 32 + reg) * T + lane] (a register's lanes
                                 side by side) */
    uint64_t *reg_ready_w;    /* sched.c: W * 32, that cycle when it is the same for every
                                 live lane of the warp (reg_ready is then stale for the
                                 register), else REF_READY_MIXED (reg_ready holds it) */
    uint64_t *reg_ready_hi;   /* sched.c: W * 32, while reg_ready_w is REF_READY_MIXED: no
                                 less than any lane's reg_ready of the register */
    uint64_t *alive;          /* per warp: lanes whose thread runs (not exited, not trapped) */
    uint64_t *wready;         /* per warp, the earliest cycle it can issue (its path's turn
                                 and operands; list policies, ref_list_head): only the
                                 warp's own issue changes it */
    uint64_t wstale;          /* the warps whose wready and head (ref_list_head) list_pick is
                                 to compute (bit w): every warp after a reset; ref_issue
                                 computes the issuing warp's */
    uint64_t last_issue;      /* cycle of the last issue, + 1 (0: none) */
    char err[256];
};

#if defined(__GNUC__)
#define REF_ALWAYS_INLINE __attribute__((always_inline))
#else
#define REF_ALWAYS_INLINE
#endif

/* Is p one of the policies that reconverge at immediate post-dominators? */
#define REF_POLICY_IS_STACK(p) ((p) >= REF_POLICY_IPDOM)

/* exec.c: execute lanes of mask (all alive, at pc) and fill eff[lane]. */
void ref_exec(struct ref *r, unsigned w, uint32_t pc, uint64_t mask, uint64_t cyc,
              struct simty_effect *eff);
/* exec.c: the fast paths of ref_issue in ref_run_list, where nobody reads
 * the effects.  Registers, memory and counters exactly as ref_exec, no
 * effects; the thread PCs are left as they are: the lanes are at their
 * path's PC, and ref_run_list writes them when it returns.
 * Execute a DK_UNIFORM instruction for the lanes of mask. */
void ref_exec_uniform(struct ref *r, unsigned w, uint32_t pc, uint64_t mask, uint64_t cyc,
                      const struct dinsn *d);
/* exec.c: a load or a store (d) for the lanes of mask (a pass,
 * ref_pass_mask) when every lane's access is aligned and in data memory:
 * 1; else 0 and nothing done. */
int ref_exec_mem(struct ref *r, unsigned w, uint64_t mask, const struct dinsn *d);
/* exec.c: a conditional branch with an aligned target (imm % 4 == 0), for
 * the lanes of mask: the lanes that take it. */
uint64_t ref_exec_branch(struct ref *r, unsigned w, uint64_t mask, const struct dinsn *d);
int ref_is_mem(const struct dinsn *d);
/* exec.c: ref_pass_mask of the instruction d (ref_decode_at of its pc). */
uint64_t ref_pass_mask_d(const struct ref *r, unsigned w, const struct dinsn *d, uint64_t mask);
/* The predecoded instruction at pc, NULL outside instruction memory (a pc
 * below it wraps to an offset beyond any memory size: checked here). */
typedef char ref_check_imem_base[(uint64_t)SIMTY_IMEM_BASE + REF_MAX_MEM_KIB * 1024ull
                                 <= 0x100000000ull ? 1 : -1];
static inline const struct dinsn *ref_decode_at(const struct ref *r, uint32_t pc)
{
    uint32_t off = pc - SIMTY_IMEM_BASE;
    if (off >= r->imem_size)
        return NULL;
    return &r->dec[off >> 2];
}
/* Register reg of warp w, lane by lane (lane l at [l]). */
static inline uint32_t *ref_xreg(const struct ref *r, unsigned w, unsigned reg)
{
    return r->x + (((size_t)w * 32 + reg) << r->lg_t);
}
/* The registers of warp w: register reg's lanes from [reg << lg_t] (a
 * decoded instruction's x1, x2, xd). */
static inline uint32_t *ref_xwarp(const struct ref *r, unsigned w)
{
    return r->x + ((size_t)w << (r->lg_t + 5));
}
/* Set bits of v (no popcnt instruction needed: the build has no -m flags).
 * A mask of at most 8 lanes (T <= 8) is one look-up in ref_pop8 (exec.c). */
extern const uint8_t ref_pop8[256];
static inline unsigned ref_popcount(uint64_t v)
{
    if (v < 256)
        return ref_pop8[v];
    v = v - ((v >> 1) & 0x5555555555555555ull);
    v = (v & 0x3333333333333333ull) + ((v >> 2) & 0x3333333333333333ull);
    v = (v + (v >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (unsigned)((v * 0x0101010101010101ull) >> 56);
}
void ref_paths_reset(struct ref *r, uint32_t entry);
/* paths.c: ref_pick of a list policy. */
int ref_list_pick(struct ref *r);
/* paths.c: ref_run of a list policy, nothing logged: until every thread has
 * ended (0) or limit warp-instructions (1). */
int ref_run_list(struct ref *r, uint64_t limit);

/* paths.c: group the lanes of a pass at pc (head: the issuing path) by next
 * PC, ascending; the lanes of head->mask not served form a group at pc.
 * Exited and trapped lanes go into *dead.  g has room for T + 1 groups. */
unsigned ref_group(const struct ref *r, const struct ref_path *head, uint64_t served,
                   const struct simty_effect *eff, struct ref_path *g, uint64_t *dead);
/* paths.c: call depth after d (RAS hints of the spec). */
unsigned ref_depth_after(unsigned depth, const struct dinsn *d);

/* stack.c: the stack policies (ipdom, minority-first, mp-ipdom). */
int ref_stack_alloc(struct ref *r);
void ref_stack_free(struct ref *r);
void ref_stack_reset(struct ref *r, uint32_t entry);
/* Issue the warp's next path at cycle r->cycle (the split chosen by
 * ref_stack_ready for mp-ipdom), like ref_issue. */
int ref_stack_issue(struct ref *r, unsigned w, struct simty_effect *eff,
                    uint64_t *served, uint32_t *pc);
/* Earliest cycle the warp can issue (UINT64_MAX: no path). */
uint64_t ref_stack_ready(struct ref *r, unsigned w);
unsigned ref_stack_depth(const struct ref *r, unsigned w);

/* sched.c: the latency model. */
#define REF_LAT_RESOLVE 10    /* next issue of a path that waits for its resolve */
#define REF_LAT_ALU     6     /* ALU results usable at t + 6 */
#define REF_LAT_LOAD    10    /* load results usable at t + 10 (multiplies too) */
#define REF_LAT_DIV     40    /* a divide: the shared divider's 32 steps, its warp waits */
#define REF_LAT_TAKEN   3     /* a predicted jump's target issues at t + 3 */
#define REF_READY_MIXED UINT64_MAX  /* reg_ready_w: the lanes differ */
/* The latency model's rule (the one place it is written): cycles until a
 * path may issue again after d when it follows (ref_timing_issue's single)
 * and every lane of it was served and went on as one group, to pc + 4
 * (jumped 0) or elsewhere (jumped 1).  A call (jal with rd = ra or t0),
 * jalr, ecall, ebreak or CSR read waits for its resolve; a divide for its
 * write-back; a branch against static prediction (backward taken) resolves;
 * a predicted jump redirects fetch; the rest follow at t + 1.  It depends on
 * the instruction alone: the decoder keeps both answers in d->lat. */
static inline unsigned ref_lat_rule(const struct dinsn *d, int jumped)
{
    unsigned op = d->op;
    if (op == OP_JALR || (op == OP_JAL && (d->rd == 1 || d->rd == 5)) || op >= OP_ECALL)
        return REF_LAT_RESOLVE;
    if (op >= OP_DIV && op <= OP_REMU)
        return REF_LAT_DIV;
    if (op >= OP_BEQ && op <= OP_BGEU && jumped != (d->imm < 0))
        return REF_LAT_RESOLVE;
    return jumped ? REF_LAT_TAKEN : 1;
}
/* Cycles until the path that issued d at pc may issue again, for
 * ref_timing_issue and the fast paths of ref_issue: ref_lat_rule when go
 * (the path follows, ref_timing_issue's single, and all its lanes were
 * served) and the lanes went on as one group (ng == 1) to g[0].pc; else
 * REF_LAT_RESOLVE (a split, a replay, or a path of a warp on several
 * paths). */
static inline unsigned ref_lat(const struct dinsn *d, uint32_t pc, int go,
                               const struct ref_path *g, unsigned ng)
{
    return go && ng == 1 ? d->lat[g[0].pc != pc + 4] : REF_LAT_RESOLVE;
}
/* The statistics of a pass of d (NULL: outside instruction memory) over
 * the lanes of mask, of which those of served executed and went on as the
 * ng groups of ref_group (the unserved lanes' group among them): a replay
 * when lanes were left; a divergence when a branch split its lanes.  Every
 * path of ref_issue ends with it (there the compiler drops what it knows
 * cannot count: one call after them costs about 1 % of the run), and so
 * does ref_stack_issue. */
static inline void ref_count_pass(struct ref *r, const struct dinsn *d, uint64_t mask,
                                  uint64_t served, unsigned ng)
{
    if (served != mask)
        r->replays++;
    else if (ng > 1 && d && d->op >= OP_BEQ && d->op <= OP_BGEU)
        r->divergences++;
}
/* Cycle the operands of the instruction at pc are ready for the lanes of mask. */
uint64_t ref_operands_ready(const struct ref *r, unsigned w, uint32_t pc, uint64_t mask);
/* sched.c: when register reg of the lanes of mask is written, the lanes
 * differing (reg_ready_w[w * 32 + reg] is REF_READY_MIXED): the latest over
 * the lanes. */
uint64_t ref_reg_ready_lanes(const struct ref *r, unsigned w, unsigned reg, uint64_t mask);
/* When register reg of the lanes of mask is written, or floor if that is
 * later (the caller takes the latest of the two): one number while every
 * live lane of the warp has the same (reg_ready_w; the masks of paths hold
 * live lanes only); floor when no lane of the warp is later (reg_ready_hi);
 * else the latest over the lanes. */
static inline uint64_t ref_reg_ready_of(const struct ref *r, unsigned w, unsigned reg,
                                        uint64_t mask, uint64_t floor)
{
    uint64_t t = r->reg_ready_w[w * 32 + reg];
    if (t != REF_READY_MIXED)
        return t;
    if (r->reg_ready_hi[w * 32 + reg] <= floor)
        return floor;
    return ref_reg_ready_lanes(r, w, reg, mask);
}
/* The latest of floor and the cycles the operands of the decoded
 * instruction d (not NULL) are written for the lanes of mask. */
static inline uint64_t ref_operands_after(const struct ref *r, unsigned w, const struct dinsn *d,
                                          uint64_t mask, uint64_t floor)
{
    uint64_t t = floor, o;
    unsigned a = d->src1, b = d->src2;   /* the registers it reads (decode: classify_insn) */
    if (a && (o = ref_reg_ready_of(r, w, a, mask, t)) > t)
        t = o;
    if (b && (o = ref_reg_ready_of(r, w, b, mask, t)) > t)
        t = o;
    return t;
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
    if (l->n == 0) {
        l->hd = NULL;
        r->wready[w] = UINT64_MAX;
        return;
    }
    t = r->ready[w];
    d = l->hd = ref_decode_at(r, l->p[0].pc);
    if (!d || !l->p[0].mask)
        r->wready[w] = t;       /* ref_operands_ready: 0 */
    else
        r->wready[w] = ref_operands_after(r, w, d, l->p[0].mask, t);
}
/* Account an issue at cycle t: register write times of the lanes of wmask
 * (those that wrote the instruction's rd), and the cycles until the same
 * path may issue again (returned).  d: the instruction at pc (NULL: none).
 * single: the path holds every live thread of the warp. */
unsigned ref_timing_issue(struct ref *r, unsigned w, const struct dinsn *d, uint32_t pc,
                          const struct ref_path *head, uint64_t served, uint64_t wmask,
                          const struct ref_path *g, unsigned ng, int single, uint64_t t);
/* The latency model's register write times (sched.c): the lanes of wmask
 * (those that wrote an instruction's rd; a lane writes d's rd or nothing)
 * wrote d's rd at cycle t, usable at t + d->wlat.  Every live lane: one
 * number for the warp (reg_ready_w).  Some: per lane, after the warp's
 * number is copied to every lane if it held (reg_ready_hi: the latest of
 * them, an upper bound while lanes are written again). */
static inline void ref_ready_write(struct ref *r, unsigned w, const struct dinsn *d,
                                   uint64_t wmask, uint64_t t)
{
    uint64_t *u, *rr, *hi, m;
    unsigned lane;
    if (!wmask || !d->rd)
        return;
    u = &r->reg_ready_w[w * 32 + d->rd];
    if (!(r->alive[w] & ~wmask)) {
        *u = t + d->wlat;
        return;
    }
    rr = r->reg_ready + ((size_t)w << (r->lg_t + 5)) + d->xd;
    hi = &r->reg_ready_hi[w * 32 + d->rd];
    if (*u != REF_READY_MIXED) {
        for (lane = 0; lane < r->cfg.T; lane++)
            rr[lane] = *u;
        *hi = *u;
        *u = REF_READY_MIXED;
    }
    for (m = wmask; m; m &= m - 1)
        rr[__builtin_ctzll(m)] = t + d->wlat;
    if (t + d->wlat > *hi)
        *hi = t + d->wlat;
}
/* sched.c: the lanes of served whose effect wrote a register (ref_exec's eff). */
uint64_t ref_written(uint64_t served, const struct simty_effect *eff);

#endif
