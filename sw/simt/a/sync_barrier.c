/*
 * sync_barrier.c - simty_barrier_wait (sw/common/simty_sync.h) across all
 * W*T threads, two episodes per round, ROUNDS rounds, with the warps skewed
 * by different delays before each episode (uniform inside a warp: the
 * barrier needs converged warps, see simty_sync.h).
 *
 * Round r: every thread writes slot[tid] = val(r, tid) and adds 1 to
 * `arrived`; barrier; checks; barrier (nobody rewrites a slot before all
 * have read it).
 *   1  the slot of the next thread, (tid + 1) % N, holds val(r, ...)
 *   2  the slot of the same lane in the next warp, (tid + T) % N, too, and
 *      the slot of thread N - 1 - tid
 *   3  arrived == (r + 1) * N: nobody has started round r + 1 yet
 *   4  after the last round and one more episode (2 ROUNDS + 1 in all), the
 *      sense has flipped once per episode: it is 1
 *   5  the delays really ran (the cycle counter advanced; not under qemu)
 */
#include "simt.h"
#include "simty_sync.h"

#define MAXN 4096
#define ROUNDS 8

static volatile uint32_t slot[MAXN];
static volatile uint32_t arrived;
static simty_barrier_t bar;

static uint32_t val(uint32_t r, uint32_t t) { return (r << 24) ^ (t * 0x9e3779b1u); }

/* register-only delay, the same in every lane of a warp */
static NOINLINE void delay(int n)
{
        for (int i = 0; i < n; i++)
                __asm__ volatile ("");
}

int main(void)
{
        uint32_t tid = (uint32_t)simty_tid(), n = (uint32_t)simty_nthreads();
        uint32_t t = (uint32_t)simty_nlanes(), w = (uint32_t)simty_warp();
        uint64_t c0 = simty_cycle();

        for (uint32_t r = 0; r < ROUNDS; r++) {
                delay((int)(((w * 37 + r * 11) % 7) * 40));
                slot[tid] = val(r, tid);
                simty_atomic_add(&arrived, 1);
                simty_barrier_wait(&bar);

                uint32_t a = (tid + 1) % n, b = (tid + t) % n, c = n - 1 - tid;
                CHECK(1, slot[a] == val(r, a));
                CHECK(2, slot[b] == val(r, b) && slot[c] == val(r, c));
                CHECK(3, arrived == (r + 1) * n);

                delay((int)(((w * 13 + r * 5) % 5) * 30));
                simty_barrier_wait(&bar);
        }
        simty_barrier_wait(&bar);
        CHECK(4, bar.sense == 1);
        CHECK(5, simty_cycle() > c0 || !SIMT_HAVE_CYCLE);
        return simt_done();
}
