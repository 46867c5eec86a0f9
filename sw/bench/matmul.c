/*
 * matmul - C = A * B for 16 x 16 matrices (weak scaling: A and C have a row
 * per thread) of 8-bit values, one element of C per work item, software
 * multiply (__mulsi3).  Lanes read the same row of A (broadcast) and
 * neighbouring columns of B. */
#include "bench.h"
#define M 16
#define NR BENCH_ITEMS(M, 1)

struct bench_input {
        uint32_t a[NR][M], b[M][M];
};
struct bench_output {
        uint32_t c[NR][M];
};

static void bench_init(struct bench_input *in, uint32_t *seed)
{
        for (int i = 0; i < NR || i < M; i++)
                for (int j = 0; j < M; j++) {   /* (fixed: a and b in turn) */
                        if (i < NR) in->a[i][j] = bench_rand(seed) & 0xff;
                        if (i < M) in->b[i][j] = bench_rand(seed) & 0xff;
                }
}

static void bench_kernel(const struct bench_input *in, struct bench_output *out,
                         int tid, int nthreads)
{
        BENCH_FOR(e, NR * M, tid, nthreads) {
                int i = e / M, j = e % M;
                uint32_t s = 0;
                for (int k = 0; k < M; k++)
                        s += in->a[i][k] * in->b[k][j];
                out->c[i][j] = s;
        }
}

#include "bench_main.h"
