/*
 * nqueens - solutions of the N-queens problem for boards of 5 to 8 squares,
 * one work item per (board, queen in row 0, queen in row 1): a recursive
 * bitmask search whose depth and trip counts differ per lane, plus calls at
 * per-lane depths.  The input is the list of items (board size and the two
 * columns), shuffled by the seed (weak scaling: 11 per thread, that list over again). */
#include "bench.h"
#define NBASE (5 * 5 + 6 * 6 + 7 * 7 + 8 * 8)
#define NITEM BENCH_ITEMS(NBASE, 11)

struct bench_input {
        uint8_t n[NITEM], c0[NITEM], c1[NITEM], pad[4 - 3 * NITEM % 4];
};
struct bench_output {
        uint32_t count[NITEM];
};

static void bench_init(struct bench_input *in, uint32_t *seed)
{
        uint8_t bn[NBASE], b0[NBASE], b1[NBASE];
        int k = 0;
        for (int n = 5; n <= 8; n++)
                for (int a = 0; a < n; a++)
                        for (int b = 0; b < n; b++, k++)
                                bn[k] = (uint8_t)n, b0[k] = (uint8_t)a, b1[k] = (uint8_t)b;
        for (int i = NBASE - 1; i > 0; i--) {   /* Fisher-Yates */
                int j = (int)(bench_rand(seed) % (uint32_t)(i + 1));
                uint8_t t;
                t = bn[i]; bn[i] = bn[j]; bn[j] = t;
                t = b0[i]; b0[i] = b0[j]; b0[j] = t;
                t = b1[i]; b1[i] = b1[j]; b1[j] = t;
        }
        for (int i = 0; i < NITEM; i++)         /* weak scaling: the list over again */
                in->n[i] = bn[i % NBASE], in->c0[i] = b0[i % NBASE], in->c1[i] = b1[i % NBASE];
        for (int i = 0; i < 4 - 3 * NITEM % 4; i++)
                in->pad[i] = 0;
}

/* Placements of the remaining rows given the attacked columns and diagonals
 * of the next row. */
static uint32_t solve(uint32_t full, uint32_t cols, uint32_t ld, uint32_t rd)
{
        uint32_t count = 0, free;
        if (cols == full)
                return 1;
        free = full & ~(cols | ld | rd);
        while (free) {
                uint32_t bit = free & -free;
                free ^= bit;
                count += solve(full, cols | bit, (ld | bit) << 1, (rd | bit) >> 1);
        }
        return count;
}

static void bench_kernel(const struct bench_input *in, struct bench_output *out,
                         int tid, int nthreads)
{
        BENCH_FOR(k, NITEM, tid, nthreads) {
                uint32_t full = (1u << in->n[k]) - 1;
                uint32_t a = 1u << in->c0[k], b = 1u << in->c1[k];
                uint32_t r = 0;
                /* Row 1 may not share row 0's column or a diagonal. */
                if (!(b & (a | a << 1 | a >> 1)))
                        r = solve(full, a | b, (a << 2 | b << 1) & full, (a >> 2 | b >> 1));
                out->count[k] = r;
        }
}

#include "bench_main.h"
