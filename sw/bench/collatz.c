/*
 * collatz - the number of Collatz steps to reach 1 from 512 starting values
 * in [1, 4095]: a data-dependent while loop with a data-dependent branch
 * inside (odd: 3n + 1, even: n / 2).
 */
#include "bench.h"

#define N BENCH_ITEMS(512, 32)

struct bench_input {
        uint32_t n[N];
};
struct bench_output {
        uint32_t steps[N];
};

static void bench_init(struct bench_input *in, uint32_t *seed)
{
        for (int i = 0; i < N; i++)
                in->n[i] = bench_range(seed, 1, 4095);
}

static void bench_kernel(const struct bench_input *in, struct bench_output *out,
                         int tid, int nthreads)
{
        BENCH_FOR(i, N, tid, nthreads) {
                uint32_t n = in->n[i], s = 0;
                while (n != 1) {
                        if (n & 1)
                                n = n + (n << 1) + 1;
                        else
                                n >>= 1;
                        s++;
                }
                out->steps[i] = s;
        }
}

#include "bench_main.h"
