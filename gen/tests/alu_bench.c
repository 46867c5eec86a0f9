/*
 * alu_bench.c - unit bench of the generated simty_alu_lane: every operation
 * the decoder can ask for (the ten RV32I ALU ops with rs2 and with the
 * immediate, the immediate added to x0 with and without the lane number,
 * the six branch conditions, the ecall check, the empty word that must give
 * 0), on corner operands crossed with each other, then random vectors,
 * compared with a C model written from the RV32I definitions.  The control
 * words are built from gen/alu_ctl.h, the layout the generator emits.
 *   alu-bench [N_RANDOM] [SEED]      exit 0 = all match, 1 = mismatch
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "alu_ctl.h"

void *alu_new(void);
void alu_free(void *h);
uint32_t alu_eval(void *h, unsigned ctl, uint32_t lane, uint32_t imm, uint32_t a, uint32_t s2,
                  unsigned *cond);

enum kind { ADD, SUB, SLL, SLT, SLTU, XOR, SRL, SRA, OR, AND, NONE,
            BEQ, BNE, BLT, BGE, BLTU, BGEU };

#define B(x) (1u << (x))
static const struct op {
    const char *name;
    enum kind kind;
    unsigned ctl; /* without ALU_BIMM: each op runs with rs2 and with the immediate */
} ops[] = {
    { "add", ADD, B(ALU_RADD) },
    { "sub", SUB, B(ALU_RADD) | B(ALU_SUB) },
    { "sll", SLL, B(ALU_RSH) | B(ALU_SHL) },
    { "slt", SLT, B(ALU_RLT) | B(ALU_SUB) },
    { "sltu", SLTU, B(ALU_RLT) | B(ALU_SUB) | B(ALU_LTU) },
    { "xor", XOR, B(ALU_LOP0) },
    { "srl", SRL, B(ALU_RSH) },
    { "sra", SRA, B(ALU_RSH) | B(ALU_SHA) },
    { "or", OR, B(ALU_LOP1) },
    { "and", AND, B(ALU_LOP1) | B(ALU_LOP0) },
    { "lane", ADD, B(ALU_RADD) | B(ALU_LOR) }, /* lane id CSRs: imm | lane, added to x0 */
    { "none", NONE, 0 },
    { "beq", BEQ, B(ALU_SUB) | B(ALU_CEQ) },
    { "bne", BNE, B(ALU_SUB) | B(ALU_CEQ) | B(ALU_CINV) },
    { "blt", BLT, B(ALU_SUB) | B(ALU_CLT) },
    { "bge", BGE, B(ALU_SUB) | B(ALU_CLT) | B(ALU_CINV) },
    { "bltu", BLTU, B(ALU_SUB) | B(ALU_CLT) | B(ALU_LTU) },
    { "bgeu", BGEU, B(ALU_SUB) | B(ALU_CLT) | B(ALU_LTU) | B(ALU_CINV) },
};
#define NOPS ((int)(sizeof ops / sizeof ops[0]))

/* Expected result and condition; b is the second operand the lane should use. */
static uint32_t model(enum kind k, uint32_t a, uint32_t b, unsigned *cond)
{
    unsigned sh = b & 31u;
    *cond = 0;
    switch (k) {
    case ADD: return a + b;
    case SUB: return a - b;
    case SLL: return a << sh;
    case SLT: return (int32_t)a < (int32_t)b;
    case SLTU: return a < b;
    case XOR: return a ^ b;
    case SRL: return a >> sh;
    case SRA: /* without relying on signed right shift */
        return (a >> sh) | ((a & 0x80000000u) && sh ? ~(0xffffffffu >> sh) : 0u);
    case OR: return a | b;
    case AND: return a & b;
    case NONE: return 0;
    case BEQ: *cond = a == b; return 0;
    case BNE: *cond = a != b; return 0;
    case BLT: *cond = (int32_t)a < (int32_t)b; return 0;
    case BGE: *cond = (int32_t)a >= (int32_t)b; return 0;
    case BLTU: *cond = a < b; return 0;
    case BGEU: *cond = a >= b; return 0;
    }
    return 0;
}

static uint64_t rng_state;
static uint32_t rnd(void) /* xorshift64* */
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (uint32_t)((rng_state * 2685821657736338717ull) >> 32);
}

static long checked, bad;

/* One vector: op o with the immediate (imm_form) or rs2 as second operand. */
static void check(void *h, int o, int imm_form, uint32_t lane, uint32_t imm, uint32_t a, uint32_t s2)
{
    unsigned ctl = ops[o].ctl | (imm_form ? B(ALU_BIMM) : 0u);
    uint32_t b = imm_form ? imm | (ctl & B(ALU_LOR) ? lane : 0u) : s2;
    unsigned cond, want_cond;
    uint32_t got = alu_eval(h, ctl, lane, imm, a, s2, &cond), want = model(ops[o].kind, a, b, &want_cond);
    int is_branch = ops[o].kind >= BEQ;
    checked++;
    /* a branch's result and an ALU op's condition are don't-cares */
    if ((is_branch ? cond != want_cond : got != want) && bad++ < 10)
        printf("mismatch: %s%s a=%08x s2=%08x imm=%08x lane=%u rtl=%08x/%u model=%08x/%u\n",
               ops[o].name, imm_form ? "(imm)" : "", a, s2, imm, lane, got, cond, want, want_cond);
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? strtol(argv[1], NULL, 10) : 200000;
    rng_state = argc > 2 ? strtoull(argv[2], NULL, 10) : 0x5eed5eedull;
    if (!rng_state)
        rng_state = 1;
    static const uint32_t corner[] = { 0, 1, 2, 31, 32, 33, 93, 0x7fffffffu, 0x80000000u,
                                       0x80000001u, 0xfffffffeu, 0xffffffffu, 0x55555555u,
                                       0xaaaaaaaau, 0x0000ffffu, 0xffff0000u, 0x1234abcdu };
    const int nc = (int)(sizeof corner / sizeof corner[0]);
    void *h = alu_new();
    for (int o = 0; o < NOPS; o++)
        for (int i = 0; i < nc; i++)
            for (int j = 0; j < nc; j++) {
                /* the same value as rs2 and as immediate (lane 5 ORed in by "lane") */
                check(h, o, 0, 5, ~corner[j], corner[i], corner[j]);
                check(h, o, 1, 5, corner[j], corner[i], ~corner[j]);
            }
    for (long k = 0; k < n; k++) {
        int o = (int)(rnd() % NOPS);
        uint32_t a = rnd(), s2 = rnd(), imm = rnd(), lane = rnd() & 63u;
        if ((k & 7) == 0) { /* small shift amounts and equal operands often */
            s2 &= 63u;
            imm &= 63u;
        } else if ((k & 7) == 1) {
            s2 = a;
            imm = a & ~63u;
        }
        check(h, o, (int)(rnd() & 1u), lane, imm, a, s2);
    }
    alu_free(h);
    printf("alu-bench: %ld vectors (%d ops x 2 operand forms x %d x %d corners + %ld random), "
           "%ld mismatches\n", checked, NOPS, nc, nc, n, bad);
    return bad ? 1 : 0;
}
