/*
 * simty_sync.h - locks and a barrier for Simty programs built with A
 * (ISA=rv32ia or rv32ima), on top of simty_atomic.h.
 *
 *   simty_spinlock_t    test-and-test-and-set lock (amoswap.w)
 *   simty_ticketlock_t  FIFO ticket lock (amoadd.w)
 *   simty_barrier_t     sense-reversing barrier of all W*T threads
 *   simty_lanes_in_turn(fn, arg)  runs fn(arg) in the active lanes of a warp
 *                       one after the other
 *
 * All objects start zeroed (static storage, or the _INIT initializers);
 * none is tied to a geometry: the barrier reads W and T from the CSRs.
 *
 * ---- Forward progress on Simty: read this before spinning ----------------
 * A warp runs one path at a time, chosen by MinSP-PC (the deepest call,
 * then the lowest PC; spec.md, "Execution model").  A lane that spins until
 * another lane OF ITS OWN WARP does something can keep that lane from ever
 * running: the spinning path loops at a lower PC (or a deeper call) than
 * the code the other lane still has to run, so it is always chosen, and the
 * warp deadlocks, as the same code does on pre-Volta GPUs.  With the A
 * extension the core has a forward-progress rule (spec.md, "forward
 * progress"): a head path that takes 256 backward jumps in a row, each after
 * a memory read, while its warp has another path, gives the turn to another
 * path, so every wait below finishes (at the cost of up to 256 spins per
 * hand-over).  On a core without it (or to avoid that cost), what is safe is:
 *
 *   - waiting on threads of OTHER warps: warps are scheduled independently;
 *   - every AMO, and LR/SC retry loops (simty_atomic_cas): they never wait
 *     for anybody.  The lanes of one AMO are served one per pass, lowest
 *     lane first, inside the instruction; in an LR/SC loop the leader's SC
 *     succeeds and the others retry, one lane further per round;
 *   - simty_barrier_wait, provided every warp reaches it CONVERGED (all its
 *     threads in one path: call it from code every thread runs, not from
 *     inside a divergent branch or loop) -- then the lanes of a warp arrive
 *     together and only ever wait for other warps.  It is one asm block so
 *     that the last thread to arrive releases everybody before its own warp
 *     starts waiting, whatever the compiler's code layout.  Divergent code
 *     before the call is fine when its paths rejoin at a lower PC than the
 *     barrier, as if/else and loops do in gcc's usual layout; to depend on
 *     no layout, run lane-dependent work before a barrier through
 *     simty_lanes_in_turn (sw/simt/a/sync_lock_warps.c does);
 *   - simty_spin_lock / simty_ticket_lock when at most one lane per warp
 *     contends at a time, for example inside simty_lanes_in_turn (one lane
 *     of the warp after the other, each call finished before the next
 *     starts: other warps still contend, which is safe);
 *
 * and what needs the forward-progress rule (tests: group simt_fp):
 *
 *   - several lanes of one warp taking the same lock at once: lane 0 gets
 *     it, lanes 1..T-1 spin, and lane 0 never reaches its unlock;
 *   - a barrier reached by a diverged warp, or by only some of its lanes;
 *   - any flag or queue where a lane waits for a lane of its own warp.
 *
 * Every thread counted by a barrier must reach it: a thread that has exited
 * leaves the others waiting forever (so does a failing check in a test).
 *
 * Guarantees (on any machine that implements RV32A, Simty included):
 *   spin lock    mutual exclusion; acquire on lock, release on unlock; no
 *                fairness.  Waits with loads (one coalesced pass for a warp)
 *                and tries amoswap only when the lock looks free.
 *   ticket lock  mutual exclusion in the order tickets were drawn (on Simty
 *                the lanes of one amoadd draw in lane order); acquire and
 *                release as above; waits with loads too.
 *   barrier      no thread leaves episode k before all n threads arrived at
 *                episode k, and what any of them wrote before arriving is
 *                visible to all after leaving; reusable at once (the next
 *                episode may start while slow threads are still leaving).
 *                One amoadd.w per thread; waits with loads of one word.
 *   lanes_in_turn  fn runs once per active lane, in lane order, never in
 *                two lanes of one warp at once.
 */
#ifndef SIMTY_SYNC_H
#define SIMTY_SYNC_H

#include <stdint.h>
#include "simty.h"
#include "simty_atomic.h"

/* ---- spin lock --------------------------------------------------------- */
typedef struct { volatile uint32_t locked; } simty_spinlock_t;
#define SIMTY_SPINLOCK_INIT { 0 }

/* 1 if the lock was taken (amoswap.w.aq). */
SIMTY_ATOMIC_FN int simty_spin_trylock(simty_spinlock_t *l)
{
        return __atomic_exchange_n(&l->locked, 1, __ATOMIC_ACQUIRE) == 0;
}

/* Test and test-and-set: waits with loads (a warp's lanes on one word: one
 * pass), tries amoswap.w only when the lock looks free.  One asm block, so
 * the layout is fixed: the waiting lanes loop back to a lower PC, the lane
 * that got the lock falls through (this is what needs the forward-progress
 * rule when lanes of one warp contend; see above). */
SIMTY_ATOMIC_FN void simty_spin_lock(simty_spinlock_t *l)
{
        uint32_t t;
        __asm__ volatile (
                "1:     lw     %[t], 0(%[l])\n\t"
                "       bnez   %[t], 1b\n\t"
                "       amoswap.w.aq %[t], %[one], 0(%[l])\n\t"
                "       bnez   %[t], 1b"
                : [t] "=&r"(t)
                : [l] "r"(&l->locked), [one] "r"(1)
                : "memory");
}

SIMTY_ATOMIC_FN void simty_spin_unlock(simty_spinlock_t *l)
{
        simty_atomic_store(&l->locked, 0);
}

/* ---- ticket lock ------------------------------------------------------- */
typedef struct {
        volatile uint32_t next;         /* the next ticket to draw */
        volatile uint32_t serving;      /* the ticket allowed in */
} simty_ticketlock_t;
#define SIMTY_TICKETLOCK_INIT { 0, 0 }

/* Draws a ticket (amoadd.w on next), waits until serving reaches it, and
 * returns it (0, 1, 2, ... in entry order).  One asm block, like
 * simty_spin_lock. */
SIMTY_ATOMIC_FN uint32_t simty_ticket_lock(simty_ticketlock_t *l)
{
        uint32_t me, t;
        __asm__ volatile (
                "       amoadd.w %[me], %[one], 0(%[l])\n\t"
                "1:     lw     %[t], 4(%[l])\n\t"
                "       bne    %[t], %[me], 1b\n\t"
                "       fence  r, rw"
                : [me] "=&r"(me), [t] "=&r"(t)
                : [l] "r"(l), [one] "r"(1)
                : "memory");
        return me;
}

/* Only the holder writes `serving`. */
SIMTY_ATOMIC_FN void simty_ticket_unlock(simty_ticketlock_t *l)
{
        simty_atomic_store(&l->serving, l->serving + 1);
}

_Static_assert(__builtin_offsetof(simty_ticketlock_t, serving) == 4, "asm above uses 4(l)");

/* ---- barrier ----------------------------------------------------------- */
typedef struct {
        volatile uint32_t count;        /* threads arrived in this episode */
        volatile uint32_t sense;        /* flips when an episode completes */
} simty_barrier_t;
#define SIMTY_BARRIER_INIT { 0, 0 }
_Static_assert(__builtin_offsetof(simty_barrier_t, sense) == 4, "asm below uses 4(b)");

/* Wait until n threads have called it (an episode), then all go on.
 * A thread reads the episode's sense on arrival (the previous episode's
 * flip is already visible to it), counts itself with amoadd.w; the n-th
 * resets the count and then flips the sense; everybody waits for the flip.
 * The flip comes before the wait loop in the code, so in the last thread's
 * warp the flipping lane runs first (lower PC) and the warp never waits
 * on itself. */
SIMTY_ATOMIC_FN void simty_barrier_wait_n(simty_barrier_t *b, uint32_t n)
{
        uint32_t sense, old, tmp;
        __asm__ volatile (
                "lw     %[s], 4(%[b])\n\t"          /* sense */
                "amoadd.w.aqrl %[o], %[one], 0(%[b])\n\t"   /* count */
                "addi   %[t], %[n], -1\n\t"
                "bne    %[o], %[t], 1f\n\t"
                "sw     zero, 0(%[b])\n\t"
                "xori   %[t], %[s], 1\n\t"
                "fence  rw, w\n\t"
                "sw     %[t], 4(%[b])\n"
                "1:\n\t"
                "lw     %[t], 4(%[b])\n\t"
                "beq    %[t], %[s], 1b\n\t"
                "fence  r, rw"
                : [s] "=&r"(sense), [o] "=&r"(old), [t] "=&r"(tmp)
                : [b] "r"(b), [n] "r"(n), [one] "r"(1)
                : "memory");
}

/* The barrier of every thread of the core: n = W * T from the CSRs. */
SIMTY_ATOMIC_FN void simty_barrier_wait(simty_barrier_t *b)
{
        simty_barrier_wait_n(b, (uint32_t)simty_nthreads());
}

/* ---- one lane of the warp at a time ------------------------------------- */
/* Calls fn(arg) in each active lane of the warp, lane 0 first, each call
 * returning before the next lane's starts.  The loop is one asm block with
 * the call below the test, so the calling lane (in a deeper call, then at a
 * lower PC than the lanes waiting for their turn) always runs first. */
static inline __attribute__((unused)) void simty_lanes_in_turn(void (*fn)(void *), void *arg)
{
        register void (*f)(void *) __asm__("s2") = fn;
        register void *a __asm__("s3") = arg;
        register uint32_t turn __asm__("s4") = 0;
        register uint32_t lane __asm__("s5") = (uint32_t)simty_lane();
        register uint32_t nl __asm__("s6") = (uint32_t)simty_nlanes();
        __asm__ volatile (
                "1:     bne    %[turn], %[lane], 2f\n\t"
                "       mv     a0, %[a]\n\t"
                "       jalr   ra, 0(%[f])\n"
                "2:     addi   %[turn], %[turn], 1\n\t"
                "       bltu   %[turn], %[nl], 1b"
                : [turn] "+r"(turn)
                : [f] "r"(f), [a] "r"(a), [lane] "r"(lane), [nl] "r"(nl)
                : "ra", "t0", "t1", "t2", "t3", "t4", "t5", "t6",
                  "a0", "a1", "a2", "a3", "a4", "a5", "a6", "a7", "memory");
}

#endif /* SIMTY_SYNC_H */
