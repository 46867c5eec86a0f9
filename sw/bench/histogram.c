/*
 * histogram - 16-bin histograms of 4096 bytes, one per chunk of 64 bytes
 * (64 chunks): chunk c's bins belong to the one thread that owns chunk c, so
 * the increments need no atomics.  Lanes read bytes 64 apart (one memory
 * pass per lane) and increment data-dependent bins.
 */
#include "bench.h"

#define N (NCHUNK * CHUNK)
#define CHUNK 64
#define NCHUNK BENCH_ITEMS(64, 2)
#define NBIN 16

struct bench_input {
        uint8_t v[N];
};
struct bench_output {
        uint32_t bins[NCHUNK][NBIN];
};

static void bench_init(struct bench_input *in, uint32_t *seed)
{
        /* Skewed: the sum of two uniform nibbles piles up in the middle bins. */
        for (int i = 0; i < N; i++) {
                uint32_t r = bench_rand(seed);
                in->v[i] = (uint8_t)(((r & 0x7f) + ((r >> 8) & 0x7f)));
        }
}

static void bench_kernel(const struct bench_input *in, struct bench_output *out,
                         int tid, int nthreads)
{
        BENCH_FOR(c, NCHUNK, tid, nthreads) {
                uint32_t *bins = out->bins[c];
                for (int i = 0; i < CHUNK; i++)
                        bins[in->v[c * CHUNK + i] >> 4]++;
        }
}

#include "bench_main.h"
