/*
 * dotprod - partial sums of a dot product of two 4096-element vectors of
 * 16-bit values: partial p (of 256) sums x[i] * y[i] over i = p mod 256.  The
 * multiply is libgcc's __mulsi3 (RV32I has no M), whose loop runs once per
 * bit of its second operand, so the lanes diverge with the data.
 */
#include "bench.h"

#define N (NP * 16)
#define NP BENCH_ITEMS(256, 4)

struct bench_input {
        uint16_t x[N], y[N];
};
struct bench_output {
        uint32_t partial[NP];
};

static void bench_init(struct bench_input *in, uint32_t *seed)
{
        for (int i = 0; i < N; i++) {
                in->x[i] = (uint16_t)bench_rand(seed);
                in->y[i] = (uint16_t)bench_rand(seed);
        }
}

static void bench_kernel(const struct bench_input *in, struct bench_output *out,
                         int tid, int nthreads)
{
        BENCH_FOR(p, NP, tid, nthreads) {
                uint32_t s = 0;
                for (int i = p; i < N; i += NP)
                        s += (uint32_t)in->x[i] * in->y[i];
                out->partial[p] = s;
        }
}

#include "bench_main.h"
