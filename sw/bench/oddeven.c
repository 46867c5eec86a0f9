/*
 * oddeven - odd-even transposition sort of 64 blocks of 32 words, one block
 * per work item: the block is copied to the output and sorted there in 32
 * rounds; whether two neighbours swap depends on the data (short divergent
 * branches), and lanes touch words 128 bytes apart.
 */
#include "bench.h"

#define NBLK BENCH_ITEMS(64, 1)
#define BLK 32

struct bench_input {
        uint32_t v[NBLK][BLK];
};
struct bench_output {
        uint32_t v[NBLK][BLK];
};

static void bench_init(struct bench_input *in, uint32_t *seed)
{
        for (int b = 0; b < NBLK; b++)
                for (int i = 0; i < BLK; i++)
                        in->v[b][i] = bench_rand(seed) >> (b & 15);
}

static void bench_kernel(const struct bench_input *in, struct bench_output *out,
                         int tid, int nthreads)
{
        BENCH_FOR(b, NBLK, tid, nthreads) {
                uint32_t *v = out->v[b];
                for (int i = 0; i < BLK; i++)
                        v[i] = in->v[b][i];
                for (int round = 0; round < BLK; round++)
                        for (int i = round & 1; i + 1 < BLK; i += 2)
                                if (v[i] > v[i + 1]) {
                                        uint32_t t = v[i];
                                        v[i] = v[i + 1];
                                        v[i + 1] = t;
                                }
        }
}

#include "bench_main.h"
