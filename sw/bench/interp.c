/*
 * interp - a bytecode interpreter: 128 work items, each runs one of 16
 * random register-machine programs on its own input.  The dispatch is a C
 * switch compiled to a jump table, so the lanes of a warp that run
 * different programs (or leave their loops at different times) jump to
 * different handlers: indirect jumps with several targets per warp.
 *
 * Program word: op (bits 0-3), rd (4-5), rs (6-7), imm (16-31).  Every
 * program is `li r3, count-from-input; body; djnz r3, body; halt`, so it ends.
 */
#include "bench.h"

#define NITEM BENCH_ITEMS(128, 8)
#define NPROG 16
#define PLEN 16
#define BODY 12

enum { OP_HALT, OP_LI, OP_ADD, OP_SUB, OP_XOR, OP_AND, OP_OR, OP_SHL, OP_SHR,
       OP_ADDI, OP_ROL, OP_DJNZ, OP_LOOPN, OP_NOPS };

struct bench_input {
        uint32_t prog[NPROG][PLEN];
        uint32_t which[NITEM], x[NITEM];
};
struct bench_output {
        uint32_t r[NITEM];
};

static uint32_t insn(uint32_t op, uint32_t rd, uint32_t rs, uint32_t imm)
{
        return op | rd << 4 | rs << 6 | imm << 16;
}

static void bench_init(struct bench_input *in, uint32_t *seed)
{
        for (int p = 0; p < NPROG; p++) {
                uint32_t *c = in->prog[p];
                c[0] = insn(OP_LOOPN, 3, 0, 0);    /* r3 = 2 + (r0 & 7) */
                for (int i = 1; i <= BODY; i++) {
                        uint32_t op = bench_range(seed, OP_ADD, OP_ROL);
                        c[i] = insn(op, bench_range(seed, 0, 2), bench_range(seed, 0, 2),
                                    bench_rand(seed) >> 16);
                }
                c[BODY + 1] = insn(OP_DJNZ, 3, 0, 1);
                c[BODY + 2] = insn(OP_HALT, 0, 0, 0);
                c[BODY + 3] = insn(OP_HALT, 0, 0, 0);
        }
        for (int i = 0; i < NITEM; i++) {
                in->which[i] = bench_range(seed, 0, NPROG - 1);
                in->x[i] = bench_rand(seed);
        }
}

static uint32_t run(const uint32_t *code, uint32_t x)
{
        uint32_t r[4] = { x, ~x, 0x9e3779b9u, 0 };
        for (int pc = 0;;) {
                uint32_t w = code[pc++], imm = w >> 16;
                uint32_t *d = &r[(w >> 4) & 3], s = r[(w >> 6) & 3];
                switch (w & 15) {
                case OP_HALT:  return r[0] ^ r[1] ^ r[2];
                case OP_LI:    *d = imm; break;
                case OP_ADD:   *d += s; break;
                case OP_SUB:   *d -= s; break;
                case OP_XOR:   *d ^= s; break;
                case OP_AND:   *d &= s | imm; break;
                case OP_OR:    *d |= s & imm; break;
                case OP_SHL:   *d <<= imm & 7; break;
                case OP_SHR:   *d >>= imm & 7; break;
                case OP_ADDI:  *d += imm; break;
                case OP_ROL:   *d = *d << (imm & 31) | *d >> ((32 - (imm & 31)) & 31); break;
                case OP_DJNZ:  if (--*d) pc = (int)imm; break;
                case OP_LOOPN: *d = 2 + (r[0] & 7); break;
                default:       return 0;
                }
        }
}

static void bench_kernel(const struct bench_input *in, struct bench_output *out,
                         int tid, int nthreads)
{
        BENCH_FOR(i, NITEM, tid, nthreads)
                out->r[i] = run(in->prog[in->which[i]], in->x[i]);
}

#include "bench_main.h"
