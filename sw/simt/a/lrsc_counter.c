/*
 * lrsc_counter.c - counters updated by every thread with LR/SC loops: the
 * totals are exact however the reservations of warps and lanes collide.
 *
 * Every thread, ROUNDS times:
 *   - adds 1 to `one` with an LR/SC loop (one asm block: lr, addi, sc, bnez);
 *   - adds 1 to quarter[tid % 4] the same way: the lanes of a warp are on
 *     four words, only the lanes on the leader's word get a reservation per
 *     LR, so the others' SCs fail and retry;
 *   - adds 1 to `cas` with simty_atomic_cas (gcc's LR/SC compare-and-swap
 *     loop) around a plain load;
 *   - raises `hi` to f(tid, r) with an LR/SC loop that stores only when the
 *     value grows (an LR with no SC after it on most iterations); f maps
 *     the N * ROUNDS pairs one to one onto 1000 .. 1000 + N*ROUNDS - 1 in a
 *     scrambled order (N and ROUNDS are powers of two).
 * Checks (after a barrier of all threads, N = W*T):
 *   1  one == ROUNDS * N
 *   2  quarter[q] == ROUNDS * (number of threads with tid % 4 == q)
 *   3  cas == ROUNDS * N
 *   4  hi == 1000 + N*ROUNDS - 1, the largest f
 *   5  (before the barrier) every SC loop ended with a success: the value it
 *      stored is above the value it loaded
 */
#include "simt.h"
#include "simty_sync.h"

#define ROUNDS 4

static volatile uint32_t one, cas, hi;
static volatile uint32_t quarter[4];
static simty_barrier_t bar;

/* adds 1 to *p with LR/SC; returns the value it stored */
static inline uint32_t lrsc_inc(volatile uint32_t *p)
{
        uint32_t v, fail;
        __asm__ volatile ("1:\tlr.w %0, (%2)\n\t"
                          "addi %0, %0, 1\n\t"
                          "sc.w %1, %0, (%2)\n\t"
                          "bnez %1, 1b"
                          : "=&r"(v), "=&r"(fail) : "r"(p) : "memory");
        return v;
}

/* *p = max(*p, v) (unsigned) with LR/SC, storing only when it grows */
static inline void lrsc_max(volatile uint32_t *p, uint32_t v)
{
        uint32_t cur, fail;
        __asm__ volatile ("1:\tlr.w %0, (%2)\n\t"
                          "bgeu %0, %3, 2f\n\t"
                          "sc.w %1, %3, (%2)\n\t"
                          "bnez %1, 1b\n"
                          "2:"
                          : "=&r"(cur), "=&r"(fail) : "r"(p), "r"(v) : "memory");
}

static uint32_t f(uint32_t tid, uint32_t r, uint32_t n)
{
        return 1000 + (((tid * ROUNDS + r) * 0x9e3779b1u) & (n * ROUNDS - 1));
}

int main(void)
{
        uint32_t tid = (uint32_t)simty_tid(), n = (uint32_t)simty_nthreads();

        for (uint32_t r = 0; r < ROUNDS; r++) {
                CHECK(5, lrsc_inc(&one) >= 1);
                CHECK(5, lrsc_inc(&quarter[tid % 4]) >= 1);
                uint32_t seen = cas, was;
                while ((was = simty_atomic_cas(&cas, seen, seen + 1)) != seen)
                        seen = was;
                lrsc_max(&hi, f(tid, r, n));
        }

        simty_barrier_wait(&bar);

        CHECK(1, one == ROUNDS * n);
        for (uint32_t q = 0; q < 4; q++)
                CHECK(2, quarter[q] == ROUNDS * (n / 4 + (q < n % 4)));
        CHECK(3, cas == ROUNDS * n);
        CHECK(4, hi == 1000 + n * ROUNDS - 1);
        return simt_done();
}
