/*
 * decode.c - the reference model's decoder (RV32I, M and A as configured):
 * an instruction word to the predecoded record (struct dinsn) the executor
 * and the latency model read.
 * The whole instruction memory is decoded once, at reset.
 */
#include "decode.h"

#include <string.h>

#include "simty_map.h"

/* The latency model's sources and write latency, and the fast-path kind of
 * a decoded instruction (struct dinsn). */
static void classify_insn(struct dinsn *d)
{
    unsigned op = d->op;
    d->src1 = op == OP_JALR || (op >= OP_BEQ && op <= OP_SRAI) || (op >= OP_ADD && op <= OP_AND) ||
              ref_is_amo(d) ? d->rs1 : 0;
    d->src2 = (op >= OP_BEQ && op <= OP_BGEU) || (op >= OP_SB && op <= OP_SW) ||
              (op >= OP_ADD && op <= OP_AND) || (op >= OP_SC && op <= OP_AMOMAXU) ? d->rs2 : 0;
    if (op == OP_ECALL) {       /* reads a7 (and a0 for exit) */
        d->src1 = 17;
        d->src2 = 10;
    }
    /* A instructions write rd through the load write-back, as the RTL does. */
    d->wlat = (op >= OP_LB && op <= OP_LHU) || (op >= OP_MUL && op <= OP_MULHU) || ref_is_amo(d)
            ? REF_LAT_LOAD
            : op >= OP_DIV && op <= OP_REMU ? REF_LAT_DIV : REF_LAT_ALU;
    switch (op) {
#define X(o, e) case o:
    REF_ALU_OPS(X)
#undef X
    case OP_FENCE:
        d->kind = DK_UNIFORM;
        break;
    case OP_JAL:                /* a misaligned target traps every lane */
        d->kind = d->imm & 3 ? DK_OTHER : DK_UNIFORM;
        break;
    case OP_BEQ: case OP_BNE: case OP_BLT: case OP_BGE: case OP_BLTU: case OP_BGEU:
        d->kind = d->imm & 3 ? DK_OTHER : DK_BRANCH;
        break;
    default:
        d->kind = DK_OTHER;
        break;
    }
    /* The latency model's rule for the instruction (ref_lat). */
    d->lat[0] = (uint8_t)ref_lat_rule(d, 0);
    d->lat[1] = (uint8_t)ref_lat_rule(d, 1);
}

static int32_t sext(uint32_t v, unsigned bits)
{
    uint32_t m = 1u << (bits - 1);
    v &= (bits == 32) ? 0xffffffffu : ((1u << bits) - 1);
    return (int32_t)((v ^ m) - m);
}

/* RV32A (opcode 0x2F): funct3 010 and funct5 = i[31:27] as listed, aq/rl
 * (i[26:25]) ignored, LR with rs2 = 0; anything else stays illegal.  The
 * address is rs1 alone (imm 0). */
static void decode_amo(uint32_t i, struct dinsn *d)
{
    static const uint8_t ops[32] = {
        [0x00] = OP_AMOADD, [0x01] = OP_AMOSWAP, [0x02] = OP_LR,     [0x03] = OP_SC,
        [0x04] = OP_AMOXOR, [0x08] = OP_AMOOR,   [0x0c] = OP_AMOAND, [0x10] = OP_AMOMIN,
        [0x14] = OP_AMOMAX, [0x18] = OP_AMOMINU, [0x1c] = OP_AMOMAXU
    };
    if (((i >> 12) & 7) != 2)
        return;
    d->op = ops[i >> 27];
    if (d->op == OP_LR && d->rs2 != 0)
        d->op = OP_ILLEGAL;
}

void ref_decode(uint32_t i, struct dinsn *d, int isa_m, int isa_a, unsigned lg_t)
{
    uint32_t opc = i & 0x7f, f3 = (i >> 12) & 7, f7 = i >> 25;
    memset(d, 0, sizeof *d);
    d->rd = (i >> 7) & 31;
    d->rs1 = (i >> 15) & 31;
    d->rs2 = (i >> 20) & 31;
    d->op = OP_ILLEGAL;
    switch (opc) {
    case 0x37: d->op = OP_LUI; d->imm = (int32_t)(i & 0xfffff000u); break;
    case 0x17: d->op = OP_AUIPC; d->imm = (int32_t)(i & 0xfffff000u); break;
    case 0x6f:
        d->op = OP_JAL;
        d->imm = sext(((i >> 31) & 1) << 20 | ((i >> 12) & 0xff) << 12 |
                      ((i >> 20) & 1) << 11 | ((i >> 21) & 0x3ff) << 1, 21);
        break;
    case 0x67:
        if (f3 == 0) {
            d->op = OP_JALR;
            d->imm = sext(i >> 20, 12);
        }
        break;
    case 0x63: {
        static const uint8_t ops[8] = { OP_BEQ, OP_BNE, 0, 0, OP_BLT, OP_BGE, OP_BLTU, OP_BGEU };
        d->op = ops[f3];
        d->imm = sext(((i >> 31) & 1) << 12 | ((i >> 7) & 1) << 11 |
                      ((i >> 25) & 0x3f) << 5 | ((i >> 8) & 0xf) << 1, 13);
        break;
    }
    case 0x03: {
        static const uint8_t ops[8] = { OP_LB, OP_LH, OP_LW, 0, OP_LBU, OP_LHU, 0, 0 };
        d->op = ops[f3];
        d->imm = sext(i >> 20, 12);
        break;
    }
    case 0x23: {
        static const uint8_t ops[8] = { OP_SB, OP_SH, OP_SW, 0, 0, 0, 0, 0 };
        d->op = ops[f3];
        d->imm = sext((i >> 25) << 5 | ((i >> 7) & 31), 12);
        break;
    }
    case 0x13:
        d->imm = sext(i >> 20, 12);
        switch (f3) {
        case 0: d->op = OP_ADDI; break;
        case 2: d->op = OP_SLTI; break;
        case 3: d->op = OP_SLTIU; break;
        case 4: d->op = OP_XORI; break;
        case 6: d->op = OP_ORI; break;
        case 7: d->op = OP_ANDI; break;
        case 1: if (f7 == 0) d->op = OP_SLLI; d->imm &= 31; break;
        case 5:
            if (f7 == 0) d->op = OP_SRLI;
            else if (f7 == 0x20) d->op = OP_SRAI;
            d->imm &= 31;
            break;
        }
        break;
    case 0x33:
        if (f7 == 0) {
            static const uint8_t ops[8] = { OP_ADD, OP_SLL, OP_SLT, OP_SLTU, OP_XOR, OP_SRL, OP_OR, OP_AND };
            d->op = ops[f3];
        } else if (f7 == 1 && isa_m) {
            static const uint8_t ops[8] = { OP_MUL, OP_MULH, OP_MULHSU, OP_MULHU,
                                            OP_DIV, OP_DIVU, OP_REM, OP_REMU };
            d->op = ops[f3];
        } else if (f7 == 0x20) {
            if (f3 == 0) d->op = OP_SUB;
            else if (f3 == 5) d->op = OP_SRA;
        }
        break;
    case 0x2f:
        if (isa_a)
            decode_amo(i, d);
        break;
    case 0x0f:
        if (f3 == 0)
            d->op = OP_FENCE;   /* fence.i (f3 = 1) is illegal: code is not writable */
        break;
    case 0x73:
        if (i == 0x00000073u) {
            d->op = OP_ECALL;
        } else if (i == 0x00100073u) {
            d->op = OP_EBREAK;
        } else if ((f3 == 2 || f3 == 3 || f3 == 6 || f3 == 7) && d->rs1 == 0) {
            /* csrrs/csrrc with rs1 = x0, csrrsi/csrrci with 0: reads only. */
            switch (i >> 20) {
            case SIMTY_CSR_CYCLE:   d->op = OP_CSR_CYCLE; break;
            case SIMTY_CSR_CYCLEH:  d->op = OP_CSR_CYCLEH; break;
            case SIMTY_CSR_MHARTID: d->op = OP_CSR_MHARTID; break;
            case SIMTY_CSR_WARPID:  d->op = OP_CSR_WARPID; break;
            case SIMTY_CSR_LANEID:  d->op = OP_CSR_LANEID; break;
            case SIMTY_CSR_NWARPS:  d->op = OP_CSR_NWARPS; break;
            case SIMTY_CSR_NLANES:  d->op = OP_CSR_NLANES; break;
            default: break;
            }
        }
        break;
    default:
        break;
    }
    classify_insn(d);
    d->x1 = (uint16_t)(d->rs1 << lg_t);
    d->x2 = (uint16_t)(d->rs2 << lg_t);
    d->xd = (uint16_t)(d->rd << lg_t);
}
