/*
 * fp_barrier_diverged.c - NEEDS THE FORWARD-PROGRESS RULE (group simt_fp):
 * on a core without it this test deadlocks as soon as T >= 2.
 *
 * simty_barrier_wait reached by a DIVERGED warp: odd lanes call it from one
 * branch, even lanes from the other (two inlined copies, two PCs).  The
 * lanes of the branch that runs first arrive and spin until the episode
 * completes, which needs the other lanes of their own warp: under plain
 * MinSP-PC the spinning path is chosen forever.  (simty_sync.h: the barrier
 * needs converged warps on a core without the rule.)  At T = 1 a warp cannot
 * diverge and it passes on any core.
 *
 * Round r (ROUNDS rounds): slot[tid] = val(r, tid); barrier from the lane's
 * branch; check; barrier again (from the other branch this time).
 *   1  the slots of the neighbour lanes ((tid + 1) % N and (tid + N - 1) % N,
 *      the other parity) and of the same lane in the next warp hold val(r, .)
 *   2  each lane went through its own branch
 */
#include "simt.h"
#include "simty_sync.h"

#define MAXN 4096
#define ROUNDS 4

static volatile uint32_t slot[MAXN], side[MAXN];
static simty_barrier_t bar;

static uint32_t val(uint32_t r, uint32_t t) { return (r << 20) + t * 3 + 1; }

int main(void)
{
        uint32_t tid = (uint32_t)simty_tid(), n = (uint32_t)simty_nthreads();
        uint32_t lane = (uint32_t)simty_lane(), t = (uint32_t)simty_nlanes();

        for (uint32_t r = 0; r < ROUNDS; r++) {
                slot[tid] = val(r, tid);
                /* (the stores around each call keep gcc from merging the
                 * two calls into one after the branch) */
                if (OPAQUE(lane) & 1) {
                        side[tid] = 1;
                        simty_barrier_wait(&bar);
                        side[tid] = 2;
                } else {
                        side[tid] = 3;
                        simty_barrier_wait(&bar);
                        side[tid] = 4;
                }
                uint32_t a = (tid + 1) % n, b = (tid + n - 1) % n, c = (tid + t) % n;
                CHECK(1, slot[a] == val(r, a) && slot[b] == val(r, b) && slot[c] == val(r, c));
                if (OPAQUE(lane) & 1) {
                        side[tid] = 5;
                        simty_barrier_wait(&bar);
                        side[tid] = 6;
                } else {
                        side[tid] = 7;
                        simty_barrier_wait(&bar);
                        side[tid] = 8;
                }
                CHECK(2, side[tid] == ((lane & 1) ? 6u : 8u));
        }
        return simt_done();
}
