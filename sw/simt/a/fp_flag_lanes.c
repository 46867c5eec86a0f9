/*
 * fp_flag_lanes.c - NEEDS THE FORWARD-PROGRESS RULE (group simt_fp): on a
 * core without it this test deadlocks as soon as T >= 2.
 *
 * Message passing between two lanes of ONE warp: lane T-1 waits for a flag
 * that lane 0 of its warp sets after writing a message.  The wait comes
 * first in the code, so the waiting lane's path has the lower PC and, under
 * plain MinSP-PC, is chosen forever; lane 0 never sets the flag.  With the
 * rule lane 0 runs, and the message arrives.  Per warp, ROUNDS rounds; at
 * T = 1 nobody waits (lane 0 is also lane T-1 and only sends) and it passes
 * on any core.
 *   1  lane T-1 reads the message lane 0 wrote before raising the flag
 */
#include "simt.h"
#include "simty_sync.h"

#define MAXW 64
#define ROUNDS 4

static volatile uint32_t flag[MAXW], msg[MAXW][ROUNDS + 1];

static NOINLINE void delay(int n)
{
        for (int i = 0; i < n; i++)
                __asm__ volatile ("");
}

int main(void)
{
        int lane = simty_lane(), t = simty_nlanes(), w = simty_warp();

        for (uint32_t r = 1; r <= ROUNDS; r++) {
                if (t > 1 && lane == t - 1) {
                        while (flag[w] < r)     /* < : lane 0 may be ahead (qemu threads) */
                                ;
                        __atomic_thread_fence(__ATOMIC_ACQUIRE);
                        CHECK(1, msg[w][r] == r * 1000 + (uint32_t)w);
                }
                if (lane == 0) {
                        delay(20);
                        msg[w][r] = r * 1000 + (uint32_t)w;
                        simty_atomic_store(&flag[w], r);
                }
        }
        return simt_done();
}
