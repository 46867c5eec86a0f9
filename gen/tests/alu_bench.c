/*
 * alu_bench.c - unit bench of the generated simty_alu_lane: every op code
 * (the ten RV32I ones and the six undefined ones, which must give 0) on
 * corner operands crossed with each other, then random vectors, compared
 * with a C model written from the RV32I definitions.
 *   alu-bench [N_RANDOM] [SEED]      exit 0 = all match, 1 = mismatch
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

void *alu_new(void);
void alu_free(void *h);
uint32_t alu_eval(void *h, unsigned op, uint32_t a, uint32_t b);

/* op = {funct7[5], funct3} */
static uint32_t model(unsigned op, uint32_t a, uint32_t b)
{
    unsigned sh = b & 31u;
    switch (op) {
    case 0x0: return a + b;                                   /* add */
    case 0x8: return a - b;                                   /* sub */
    case 0x1: return a << sh;                                 /* sll */
    case 0x2: return (int32_t)a < (int32_t)b;                 /* slt */
    case 0x3: return a < b;                                   /* sltu */
    case 0x4: return a ^ b;                                   /* xor */
    case 0x5: return a >> sh;                                 /* srl */
    case 0xd: /* sra, without relying on signed right shift */
        return (a >> sh) | ((a & 0x80000000u) && sh ? ~(0xffffffffu >> sh) : 0u);
    case 0x6: return a | b;                                   /* or */
    case 0x7: return a & b;                                   /* and */
    default: return 0;                                        /* undefined */
    }
}

static uint64_t rng_state;
static uint32_t rnd(void) /* xorshift64* */
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (uint32_t)((rng_state * 2685821657736338717ull) >> 32);
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? strtol(argv[1], NULL, 10) : 200000;
    rng_state = argc > 2 ? strtoull(argv[2], NULL, 10) : 0x5eed5eedull;
    if (!rng_state)
        rng_state = 1;
    static const uint32_t corner[] = { 0, 1, 2, 31, 32, 33, 0x7fffffffu, 0x80000000u,
                                       0x80000001u, 0xfffffffeu, 0xffffffffu, 0x55555555u,
                                       0xaaaaaaaau, 0x0000ffffu, 0xffff0000u, 0x1234abcdu };
    const int nc = (int)(sizeof corner / sizeof corner[0]);
    void *h = alu_new();
    long checked = 0, bad = 0;
    for (unsigned op = 0; op < 16; op++)
        for (int i = 0; i < nc; i++)
            for (int j = 0; j < nc; j++) {
                uint32_t a = corner[i], b = corner[j];
                uint32_t got = alu_eval(h, op, a, b), want = model(op, a, b);
                checked++;
                if (got != want && bad++ < 10)
                    printf("mismatch: op=%x a=%08x b=%08x rtl=%08x model=%08x\n", op, a, b, got, want);
            }
    for (long k = 0; k < n; k++) {
        unsigned op = rnd() & 15u;
        uint32_t a = rnd(), b = rnd();
        if ((k & 7) == 0) /* small shift amounts and nearby values often */
            b &= 63u;
        uint32_t got = alu_eval(h, op, a, b), want = model(op, a, b);
        checked++;
        if (got != want && bad++ < 10)
            printf("mismatch: op=%x a=%08x b=%08x rtl=%08x model=%08x\n", op, a, b, got, want);
    }
    alu_free(h);
    printf("alu-bench: %ld vectors (16 ops x %d x %d corners + %ld random), %ld mismatches\n",
           checked, nc, nc, n, bad);
    return bad ? 1 : 0;
}
