/*
 * saxpy - y = a * x + y over 4096 words, a = 3 (shift and add, no multiply):
 * the regular case, every lane busy, every access coalesced.
 */
#include "bench.h"

#define N BENCH_ITEMS(4096, 32)

struct bench_input {
        uint32_t x[N], y[N];
};
struct bench_output {
        uint32_t y[N];
};

static void bench_init(struct bench_input *in, uint32_t *seed)
{
        for (int i = 0; i < N; i++) {
                in->x[i] = bench_rand(seed);
                in->y[i] = bench_rand(seed);
        }
}

static void bench_kernel(const struct bench_input *in, struct bench_output *out,
                         int tid, int nthreads)
{
        BENCH_FOR(i, N, tid, nthreads)
                out->y[i] = 3 * in->x[i] + in->y[i];
}

#include "bench_main.h"
