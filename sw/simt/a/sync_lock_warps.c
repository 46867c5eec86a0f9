/*
 * sync_lock_warps.c - the spin lock and the ticket lock of simty_sync.h,
 * used in the two ways that need no forward-progress rule (no lane ever
 * waits for a lane of its own warp):
 *   A  only lane 0 of each warp takes the lock, ROUNDS times: the warps
 *      contend with each other (lane 0's part is called through
 *      simty_lanes_in_turn too, so that the warp is converged again at the
 *      barrier after it whatever the code layout);
 *   B  every thread takes it, ROUNDS times, through simty_lanes_in_turn:
 *      one lane of a warp at a time, all warps contending.
 * Inside a lock: its owner = tid, a short delay, the owner must still be tid;
 * then a plain (non-atomic) load, add and store of a counter.
 *   1  spin lock: nobody else got in (owner unchanged)
 *   2  ticket lock: the same
 *   3  ticket lock: the counter seen inside equals the ticket drawn (threads
 *      enter in ticket order and each adds exactly 1)
 *   4  after a barrier of all threads: the counters of A hold ROUNDS * W
 *   5  after another: the counters of B hold ROUNDS * (W + N), N = W*T
 *   6  thread 0, alone at the end: trylock of a held spin lock fails, of a
 *      free one succeeds
 */
#include "simt.h"
#include "simty_sync.h"

#define ROUNDS 3

static simty_spinlock_t spin = SIMTY_SPINLOCK_INIT;
static simty_ticketlock_t ticket = SIMTY_TICKETLOCK_INIT;
static volatile uint32_t spin_count, ticket_count;
static volatile int spin_owner = -1, ticket_owner = -1;   /* one per lock: a thread
                                                               holds one lock while another holds the other */
static simty_barrier_t bar;

static NOINLINE void delay(int n)
{
        for (int i = 0; i < n; i++)
                __asm__ volatile ("");
}

static NOINLINE void with_spin(void *arg)
{
        int tid = *(int *)arg;
        simty_spin_lock(&spin);
        spin_owner = tid;
        delay(10 + tid % 7);
        CHECK(1, spin_owner == tid);
        spin_count = spin_count + 1;
        simty_spin_unlock(&spin);
}

static NOINLINE void with_ticket(void *arg)
{
        int tid = *(int *)arg;
        uint32_t me = simty_ticket_lock(&ticket);
        ticket_owner = tid;
        delay(10 + tid % 5);
        CHECK(2, ticket_owner == tid);
        CHECK(3, ticket_count == me);
        ticket_count = ticket_count + 1;
        simty_ticket_unlock(&ticket);
}

/* part A: lane 0 only */
static NOINLINE void lane0_rounds(void *arg)
{
        if (simty_lane() != 0)
                return;
        for (int r = 0; r < ROUNDS; r++) {
                with_spin(arg);
                with_ticket(arg);
        }
}

int main(void)
{
        int tid = simty_tid();
        uint32_t nw = (uint32_t)simty_nwarps(), n = (uint32_t)simty_nthreads();

        /* A: one lane per warp */
        simty_lanes_in_turn(lane0_rounds, &tid);
        simty_barrier_wait(&bar);
        CHECK(4, spin_count == ROUNDS * nw && ticket_count == ROUNDS * nw);
        simty_barrier_wait(&bar);

        /* B: every thread, the lanes of a warp in turn */
        for (int r = 0; r < ROUNDS; r++) {
                simty_lanes_in_turn(with_spin, &tid);
                simty_lanes_in_turn(with_ticket, &tid);
        }
        simty_barrier_wait(&bar);
        CHECK(5, spin_count == ROUNDS * (nw + n) && ticket_count == ROUNDS * (nw + n));
        simty_barrier_wait(&bar);

        if (tid == 0) {
                CHECK(6, simty_spin_trylock(&spin));
                CHECK(6, !simty_spin_trylock(&spin));
                simty_spin_unlock(&spin);
                CHECK(6, simty_spin_trylock(&spin));
                simty_spin_unlock(&spin);
        }
        return simt_done();
}
