/*
 * decode.h - the predecoded instruction (struct dinsn): what the decoder
 * (decode.c) fixes about an instruction word once, at reset, for the
 * executor, the latency model and the control-flow analysis.  That includes
 * the latency model's rule for an instruction alone (ref_lat_rule, written
 * here once; the decoder keeps its answers in the record).  Depends on
 * nothing else of the model.
 */
#ifndef SIMTY_REF_DECODE_H
#define SIMTY_REF_DECODE_H

#include <stdint.h>

/* Predecoded instruction (instruction memory is not writable, so the whole
 * image is decoded once at reset). */
struct dinsn {
    uint8_t op, rd, rs1, rs2;
    uint8_t src1, src2;       /* registers the latency model waits for (0: none) */
    uint8_t kind;             /* DK_*: which path of ref_issue executes it */
    uint8_t wlat;             /* cycles until its result is usable (latency.c: REF_LAT_*) */
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
    OP_LR, OP_SC,                                                             /* ISA=rv32ia */
    OP_AMOSWAP, OP_AMOADD, OP_AMOXOR, OP_AMOAND, OP_AMOOR,
    OP_AMOMIN, OP_AMOMAX, OP_AMOMINU, OP_AMOMAXU,
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

/* The instruction word i decoded into d (isa_m: RV32M too; isa_a: RV32A
 * too; lg_t: log2 T, for x1, x2 and xd). */
void ref_decode(uint32_t i, struct dinsn *d, int isa_m, int isa_a, unsigned lg_t);

/* A load or a store? */
static inline int ref_is_mem(const struct dinsn *d)
{
    return d->op >= OP_LB && d->op <= OP_SW;
}

/* A branch or a jump (the lazy sorter steps at those)?  NULL: an empty word. */
static inline int ref_is_cf(const struct dinsn *d)
{
    return d && (d->op == OP_JAL || d->op == OP_JALR || (d->op >= OP_BEQ && d->op <= OP_BGEU));
}

/* An A instruction (LR, SC or an AMO: a word at rs1, no offset)? */
static inline int ref_is_amo(const struct dinsn *d)
{
    return d->op >= OP_LR && d->op <= OP_AMOMAXU;
}

/* Bytes a load or a store accesses (4 for any other instruction). */
static inline unsigned ref_mem_size(unsigned op)
{
    /* OP_LB, OP_LH, OP_LW, OP_LBU, OP_LHU, OP_SB, OP_SH, OP_SW (a look-up, not a switch) */
    static const uint8_t size[OP_SW - OP_LB + 1] = { 1, 2, 4, 1, 2, 1, 2, 4 };
    return op >= OP_LB && op <= OP_SW ? size[op - OP_LB] : 4;
}

/* The latency model's constants (latency.c applies them). */
#define REF_LAT_RESOLVE 10    /* next issue of a path that waits for its resolve */
#define REF_LAT_ALU     6     /* ALU results usable at t + 6 */
#define REF_LAT_LOAD    10    /* load results usable at t + 10 (multiplies too) */
#define REF_LAT_DIV     40    /* a divide: the shared divider's 32 steps, its warp waits */
#define REF_LAT_TAKEN   3     /* a predicted jump's target issues at t + 3 */

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

#endif
