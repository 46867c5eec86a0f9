/*
 * reduce_amo - eight reductions (wrapping sum, xor, or, and, signed and
 * unsigned min and max) of each group of 64 words, 64 groups, combined with
 * the eight AMOs.  Thread tid takes words tid, tid + nthreads, ...; it
 * folds consecutive words of the same group into local values and flushes
 * them (eight AMOs) when its next word is in another group or it is done:
 * one flush per group with one thread, one per word with 64 threads or
 * more.  Every lane of a warp flushes into the same group's eight words:
 * T AMO passes each.  The results do not depend on the order (all eight
 * operations are associative and commutative).  The minima start at the
 * largest value (BENCH_OUT_INIT).  Needs A (group bench_a).
 */
#include "bench.h"
#include "simty_atomic.h"

#define GROUP 64
#define NGROUP BENCH_ITEMS(64, 1)
#define N (NGROUP * GROUP)

struct bench_input {
        uint32_t v[N];
};
struct red {
        uint32_t sum, xor_, or_, and_;
        int32_t min, max;
        uint32_t minu, maxu;
};
struct bench_output {
        struct red r[NGROUP];
};

#define RED_INIT { 0, 0, 0, 0xffffffffu, INT32_MAX, INT32_MIN, 0xffffffffu, 0 }
#define BENCH_OUT_INIT { .r = { [0 ... NGROUP - 1] = RED_INIT } }

static void bench_init(struct bench_input *in, uint32_t *seed)
{
        /* Per group, a few bits set in every word (so `and` keeps them and
         * the unsigned minimum is not 0) and some bits in none (so `or` is
         * not all ones); the other bits random, often shifted down to make
         * small values, sometimes full width (negative). */
        for (int g = 0; g < NGROUP; g++) {
                uint32_t fixed = (bench_rand(seed) & 0x00f000f0u) | 0x100u;
                uint32_t mask = (bench_rand(seed) | 0x80000001u) & ~fixed;
                for (int i = 0; i < GROUP; i++) {
                        uint32_t x = bench_rand(seed), r = bench_rand(seed);
                        uint32_t noise = (r & 3) ? x >> (r % 24 + 1) : x;
                        in->v[g * GROUP + i] = fixed | (noise & mask);
                }
        }
}

static void flush(struct red *g, const struct red *l)
{
        simty_atomic_add_relaxed(&g->sum, l->sum);
        simty_atomic_xor_relaxed(&g->xor_, l->xor_);
        simty_atomic_or_relaxed(&g->or_, l->or_);
        simty_atomic_and_relaxed(&g->and_, l->and_);
        simty_atomic_min(&g->min, l->min);
        simty_atomic_max(&g->max, l->max);
        simty_atomic_minu(&g->minu, l->minu);
        simty_atomic_maxu(&g->maxu, l->maxu);
}

static void bench_kernel(const struct bench_input *in, struct bench_output *out,
                         int tid, int nthreads)
{
        static const struct red init = RED_INIT;
        struct red l = init;
        int cur = -1;
        BENCH_FOR(i, N, tid, nthreads) {
                int g = i / GROUP;
                if (g != cur) {
                        if (cur >= 0)
                                flush(&out->r[cur], &l);
                        l = init;
                        cur = g;
                }
                uint32_t v = in->v[i];
                int32_t s = (int32_t)v;
                l.sum += v;
                l.xor_ ^= v;
                l.or_ |= v;
                l.and_ &= v;
                l.min = s < l.min ? s : l.min;
                l.max = s > l.max ? s : l.max;
                l.minu = v < l.minu ? v : l.minu;
                l.maxu = v > l.maxu ? v : l.maxu;
        }
        if (cur >= 0)
                flush(&out->r[cur], &l);
}

#include "bench_main.h"
