/*
 * histogram_amo - the 16-bin histograms of sw/bench/histogram (the same
 * 64 chunks of 64 bytes, the same inputs for a seed, so the same expected
 * signature), but with the bytes, not the chunks, as work items: thread tid
 * takes bytes tid, tid + nthreads, ... and adds 1 to its chunk's bin with a
 * relaxed amoadd.w.  The lanes of a warp load consecutive bytes (one memory
 * pass) and then hit the 16 bins of one chunk together: an AMO serves one
 * lane per pass, so this measures AMO contention against histogram's
 * owner-computes version.  Needs A (group bench_a).
 */
#include "bench.h"
#include "simty_atomic.h"

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
        /* as histogram.c: the sum of two uniform 7-bit values, skewed to
         * the middle bins */
        for (int i = 0; i < N; i++) {
                uint32_t r = bench_rand(seed);
                in->v[i] = (uint8_t)(((r & 0x7f) + ((r >> 8) & 0x7f)));
        }
}

static void bench_kernel(const struct bench_input *in, struct bench_output *out,
                         int tid, int nthreads)
{
        BENCH_FOR(i, N, tid, nthreads)
                simty_atomic_add_relaxed(&out->bins[i / CHUNK][in->v[i] >> 4], 1);
}

#include "bench_main.h"
