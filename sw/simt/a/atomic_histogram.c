/*
 * atomic_histogram.c - a histogram every thread adds to with amoadd.w: each
 * of N = W*T threads drops ITEMS items into NBIN shared bins, so the lanes of
 * a warp hit different bins (and the same bins) in one instruction, and all
 * warps hit the same bins.
 *
 * Item i of thread t goes to bin b = (7t + c[i]) % NBIN.  For a fixed i,
 * t -> b is one to one on residues mod NBIN (7 is odd), so bin b receives
 * item i from the threads t < N with t = 7 (b - c[i]) mod NBIN (7 * 7 = 1 mod
 * 16): the expected counts have a closed form and no thread has to replay
 * the others' work.
 *   count[b]   += 1         (relaxed amoadd.w)
 *   weight[b]  += i + 1     (amoadd.w)
 *   total      += i + 1     (one word for everybody)
 *   items[t]   += 1         (the thread's own word: no contention)
 * Checks after a barrier of all threads (thread b checks bin b, b < NBIN):
 *   1  count[b] matches the closed form
 *   2  weight[b] matches it
 *   3  total == N * ITEMS (ITEMS + 1) / 2
 *   4  items[tid] == ITEMS, and the counts of all bins add up to N * ITEMS
 */
#include "simt.h"
#include "simty_sync.h"

#define MAXN 4096
#define NBIN 16
#define ITEMS 8

static const uint8_t c[ITEMS] = { 0, 5, 11, 2, 14, 9, 3, 12 };

static volatile uint32_t count[NBIN], weight[NBIN], total;
static volatile uint32_t items[MAXN];
static simty_barrier_t bar;

/* how many t < n have t % NBIN == r */
static uint32_t nres(uint32_t n, uint32_t r)
{
        return n / NBIN + (r < n % NBIN);
}

int main(void)
{
        uint32_t tid = (uint32_t)simty_tid(), n = (uint32_t)simty_nthreads();

        for (uint32_t i = 0; i < ITEMS; i++) {
                uint32_t b = (7 * tid + c[i]) % NBIN;
                simty_atomic_add_relaxed(&count[b], 1);
                simty_atomic_add(&weight[b], i + 1);
                simty_atomic_add_relaxed(&total, i + 1);
                simty_atomic_add(&items[tid], 1);
        }

        simty_barrier_wait(&bar);

        if (tid < NBIN) {
                uint32_t ec = 0, ew = 0;
                for (uint32_t i = 0; i < ITEMS; i++) {
                        uint32_t k = nres(n, (7 * (tid + NBIN - c[i])) % NBIN);
                        ec += k;
                        ew += k * (i + 1);
                }
                CHECK(1, count[tid] == ec);
                CHECK(2, weight[tid] == ew);
        }
        CHECK(3, total == n * ITEMS * (ITEMS + 1) / 2);
        uint32_t all = 0;
        for (uint32_t b = 0; b < NBIN; b++)
                all += count[b];
        CHECK(4, items[tid] == ITEMS && all == n * ITEMS);
        return simt_done();
}
