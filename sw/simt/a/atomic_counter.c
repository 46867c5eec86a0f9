/*
 * atomic_counter.c - one counter incremented by every thread with amoadd.w:
 * the values returned are a permutation of 0 .. 3N-1 (N = W*T) and the totals
 * are exact.
 *
 * Three rounds; in each, every thread does v = simty_atomic_add(&count, 1):
 *   1  v < 3N
 *   2  nobody else got v: the thread sets bit v of `seen` with amoor.w and
 *      finds it clear
 *   3  (SIMT only) the lanes of one AMO are served in lane order: right after
 *      the instruction (the warp is converged, every lane's AMO and its store
 *      of v are done) lane l's value of round 0 exceeds lane l-1's
 * Also every thread adds tid + 1 to `sum` (amoadd.w), subtracts tid + 1 from
 * `neg` (relaxed amoadd.w) and ORs bit tid % 32 into `bits` (amoor.w).
 * After a barrier of all threads:
 *   4  count == 3N
 *   5  the bits 3*tid .. 3*tid+2 of `seen` are set (with 1 and 2: every value
 *      0 .. 3N-1 was returned exactly once)
 *   6  sum == N(N+1)/2, neg == -N(N+1)/2
 *   7  bits == the low min(N, 32) bits set
 */
#include "simt.h"
#include "simty_sync.h"

#define MAXN 4096
#define ROUNDS 3

static volatile uint32_t count, sum, neg, bits;
static volatile uint32_t seen[ROUNDS * MAXN / 32];
static volatile uint32_t first[MAXN];
static simty_barrier_t bar;

int main(void)
{
        int tid = simty_tid(), lane = simty_lane();
        uint32_t n = (uint32_t)simty_nthreads();

        for (int r = 0; r < ROUNDS; r++) {
                uint32_t v = simty_atomic_add(&count, 1);
                if (r == 0)
                        first[tid] = v;
                CHECK(1, v < ROUNDS * n);
                uint32_t bit = 1u << (v % 32);
                CHECK(2, (simty_atomic_or(&seen[v / 32], bit) & bit) == 0);
                if (r == 0 && SIMT_LOCKSTEP && lane > 0) {
                        SIMT_COMPILER_BARRIER();
                        CHECK(3, first[tid] > first[tid - 1]);
                }
        }
        simty_atomic_add(&sum, (uint32_t)tid + 1);
        simty_atomic_add_relaxed(&neg, 0u - ((uint32_t)tid + 1));
        simty_atomic_or(&bits, 1u << (tid % 32));

        simty_barrier_wait(&bar);

        CHECK(4, count == ROUNDS * n);
        for (int k = 0; k < ROUNDS; k++) {
                uint32_t v = (uint32_t)(ROUNDS * tid + k);
                CHECK(5, seen[v / 32] & (1u << (v % 32)));
        }
        uint32_t total = n * (n + 1) / 2;
        CHECK(6, sum == total && neg == 0u - total);
        CHECK(7, bits == (n >= 32 ? 0xffffffffu : (1u << n) - 1));
        return simt_done();
}
