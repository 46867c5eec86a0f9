/*
 * fp_lock_warp.c - NEEDS THE FORWARD-PROGRESS RULE (group simt_fp): on a core
 * without it this test deadlocks as soon as T >= 2.
 *
 * Every thread takes simty_spin_lock (sw/common/simty_sync.h) directly,
 * ROUNDS times.  In each warp the lanes run the lock's amoswap.w together:
 * lane 0 (served first) gets the lock, lanes 1..T-1 find it taken and loop
 * back to the lock's test, a lower PC than lane 0's critical section.  Under
 * plain MinSP-PC that spinning path is chosen forever and lane 0 never
 * reaches its unlock: lanes spinning on a lane of their own warp, as on
 * pre-Volta GPUs.  With the rule lane 0 gets to run, unlocks, and the lanes
 * go through one after another (other warps contend as well).  At T = 1 no
 * lane waits for its own warp and it passes on any core.
 *
 * Inside the lock: owner = tid, a short delay, owner must still be tid, then
 * a plain load, add and store of a counter.
 *   1  nobody else got in (owner unchanged)
 *   2  after a barrier of all threads: counter == ROUNDS * W * T
 */
#include "simt.h"
#include "simty_sync.h"

#define ROUNDS 3

static simty_spinlock_t lock = SIMTY_SPINLOCK_INIT;
static volatile uint32_t counter;
static volatile int owner = -1;
static simty_barrier_t bar;

static NOINLINE void delay(int n)
{
        for (int i = 0; i < n; i++)
                __asm__ volatile ("");
}

int main(void)
{
        int tid = simty_tid();

        for (int r = 0; r < ROUNDS; r++) {
                simty_spin_lock(&lock);
                owner = tid;
                delay(10 + tid % 7);
                CHECK(1, owner == tid);
                counter = counter + 1;
                simty_spin_unlock(&lock);
        }
        simty_barrier_wait(&bar);
        CHECK(2, counter == ROUNDS * (uint32_t)simty_nthreads());
        return simt_done();
}
