/*
 * fp_ticket_warp.c - NEEDS THE FORWARD-PROGRESS RULE (group simt_fp): on a
 * core without it this test deadlocks as soon as T >= 2.
 *
 * Every thread takes simty_ticket_lock (sw/common/simty_sync.h) directly,
 * ROUNDS times.  The lanes of a warp draw consecutive tickets in one
 * amoadd.w (lane order); lane 0's turn comes first (or after other warps'),
 * and lanes 1..T-1 wait in the lock's loop, at a lower PC than lane 0's
 * critical section: under plain MinSP-PC they spin forever while lane 0
 * never reaches its unlock.  With the rule the lanes enter in ticket order.
 * At T = 1 no lane waits for its own warp and it passes on any core.
 *
 *   1  nobody else got in (owner unchanged through a short delay)
 *   2  the counter seen inside equals the ticket: entry in ticket order
 *   3  (SIMT only) the lanes of a warp drew increasing tickets in lane order (not
 *      consecutive: an amo serves one lane per pass, and other warps' amos come between)
 *   4  after a barrier of all threads: counter == ROUNDS * W * T
 */
#include "simt.h"
#include "simty_sync.h"

#define ROUNDS 3
#define MAXN 4096

static simty_ticketlock_t lock = SIMTY_TICKETLOCK_INIT;
static volatile uint32_t counter;
static volatile int owner = -1;
/* each lane's ticket of the round, by round parity: lane l-1 is at most one
 * round ahead of lane l (it draws its next ticket after l's), and it writes
 * its next round's ticket only inside that round's section, after l's */
static volatile uint32_t drawn[2][MAXN];
static simty_barrier_t bar;

static NOINLINE void delay(int n)
{
        for (int i = 0; i < n; i++)
                __asm__ volatile ("");
}

int main(void)
{
        int tid = simty_tid(), lane = simty_lane();

        for (int r = 0; r < ROUNDS; r++) {
                uint32_t me = simty_ticket_lock(&lock);
                owner = tid;
                drawn[r & 1][tid] = me;
                delay(10 + tid % 5);
                CHECK(1, owner == tid);
                CHECK(2, counter == me);
                counter = counter + 1;
                simty_ticket_unlock(&lock);
                CHECK(3, !SIMT_LOCKSTEP || lane == 0 || drawn[r & 1][tid] > drawn[r & 1][tid - 1]);
        }
        simty_barrier_wait(&bar);
        CHECK(4, counter == ROUNDS * (uint32_t)simty_nthreads());
        return simt_done();
}
