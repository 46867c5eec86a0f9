/*
 * simty_atomic.h - word atomics for Simty programs (the A extension, issue 52).
 *
 * Needs a core with A: build with ISA=rv32ia or ISA=rv32ima (sw/sw.mk).  On
 * RV32 without A this header refuses to compile: gcc would turn the atomics
 * into calls to libatomic, which picolibc does not have.  It includes no
 * Simty header and also compiles on the host (the bench kernels' host build),
 * where every function maps to the host's own atomics.
 *
 * Every function works on one aligned 32-bit word (sub-word atomics are
 * libatomic calls in gcc 12: not provided) and returns the word's OLD value:
 *
 *   function                 RV32A instruction      new value
 *   simty_atomic_add(p, v)   amoadd.w               *p + v (wraps)
 *   simty_atomic_swap(p, v)  amoswap.w              v
 *   simty_atomic_and/or/xor  amoand.w/amoor.w/amoxor.w
 *   simty_atomic_min/max     amomin.w/amomax.w      signed (int32_t words)
 *   simty_atomic_minu/maxu   amominu.w/amomaxu.w    unsigned
 *   simty_atomic_cas(p, e, d)  lr.w/sc.w loop       d if *p == e, else *p
 *                            (success iff the value returned equals e)
 *   simty_atomic_load(p)     lw, then fence r,rw    (acquire)
 *   simty_atomic_store(p, v) fence rw,w, then sw    (release)
 *
 * Ordering: the read-modify-writes are sequentially consistent in the C
 * sense (gcc adds a fence and the aq bit; min/max use .aqrl); the _relaxed
 * forms of add, and, or and xor give the bare instruction, for counters and
 * histograms whose order does not matter.  On Simty itself the ordering bits
 * and fences change nothing (one data memory, every access of a warp in
 * program order, FENCE is a no-op); they are there for the compiler and for
 * other RISC-V machines (qemu-user runs these programs in sw/check.sh).
 *
 * SIMT cost: an AMO or SC serves one lane per memory pass (the leader; the
 * others replay, lowest lane first), so T lanes hitting one AMO cost T
 * passes, while T lanes loading one word cost one.  This is why the spin
 * loops of simty_sync.h wait with loads.  An atomic store would be an
 * amoswap in gcc 12; simty_atomic_store is a plain sw, which coalesces.
 *
 * CAS: gcc's lr.w/sc.w loop retries only when the SC fails, never waits for
 * another thread, so it needs no forward-progress rule (see simty_sync.h):
 * on Simty the lanes of a warp at one word all reserve it, the leader's SC
 * wins, the others' fail and retry, one lane further per round.
 */
#ifndef SIMTY_ATOMIC_H
#define SIMTY_ATOMIC_H

#include <stdint.h>

#if defined(__riscv) && !defined(__riscv_atomic)
#error "simty_atomic.h needs the A extension: build with ISA=rv32ia or ISA=rv32ima"
#endif

#define SIMTY_ATOMIC_FN static inline __attribute__((always_inline, unused))

#define SIMTY_ATOMIC_FETCH(name, builtin)                                       \
        SIMTY_ATOMIC_FN uint32_t simty_atomic_##name(volatile uint32_t *p, uint32_t v) \
        { return builtin(p, v, __ATOMIC_SEQ_CST); }                             \
        SIMTY_ATOMIC_FN uint32_t simty_atomic_##name##_relaxed(volatile uint32_t *p, uint32_t v) \
        { return builtin(p, v, __ATOMIC_RELAXED); }

SIMTY_ATOMIC_FETCH(add, __atomic_fetch_add)
SIMTY_ATOMIC_FETCH(and, __atomic_fetch_and)
SIMTY_ATOMIC_FETCH(or,  __atomic_fetch_or)
SIMTY_ATOMIC_FETCH(xor, __atomic_fetch_xor)
#undef SIMTY_ATOMIC_FETCH

SIMTY_ATOMIC_FN uint32_t simty_atomic_swap(volatile uint32_t *p, uint32_t v)
{
        return __atomic_exchange_n(p, v, __ATOMIC_SEQ_CST);
}

/* The old value; the swap happened iff it equals `expected`. */
SIMTY_ATOMIC_FN uint32_t simty_atomic_cas(volatile uint32_t *p, uint32_t expected, uint32_t desired)
{
        __atomic_compare_exchange_n(p, &expected, desired, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
        return expected;
}

#if defined(__riscv)
/* No gcc builtin has min/max: the instructions themselves. */
#define SIMTY_ATOMIC_MINMAX(name, type)                                         \
        SIMTY_ATOMIC_FN type simty_atomic_##name(volatile type *p, type v)      \
        {                                                                       \
                type old;                                                       \
                __asm__ volatile ("amo" #name ".w.aqrl %0, %2, (%1)"            \
                                  : "=r"(old) : "r"(p), "r"(v) : "memory");     \
                return old;                                                     \
        }

SIMTY_ATOMIC_FN uint32_t simty_atomic_load(const volatile uint32_t *p)
{
        uint32_t v = *p;
        __asm__ volatile ("fence r, rw" : : : "memory");
        return v;
}

SIMTY_ATOMIC_FN void simty_atomic_store(volatile uint32_t *p, uint32_t v)
{
        __asm__ volatile ("fence rw, w" : : : "memory");
        *p = v;
}
#else
/* Elsewhere (the host): a compare-and-swap loop. */
#define SIMTY_ATOMIC_MINMAX(name, type)                                         \
        SIMTY_ATOMIC_FN type simty_atomic_##name(volatile type *p, type v)      \
        {                                                                       \
                type old = __atomic_load_n(p, __ATOMIC_RELAXED), new_;          \
                do {                                                            \
                        new_ = simty_atomic_pick_##name(old, v);                \
                } while (!__atomic_compare_exchange_n(p, &old, new_, 1,         \
                                __ATOMIC_SEQ_CST, __ATOMIC_RELAXED));           \
                return old;                                                     \
        }
#define simty_atomic_pick_min(a, b)  ((a) < (b) ? (a) : (b))
#define simty_atomic_pick_max(a, b)  ((a) > (b) ? (a) : (b))
#define simty_atomic_pick_minu(a, b) ((a) < (b) ? (a) : (b))
#define simty_atomic_pick_maxu(a, b) ((a) > (b) ? (a) : (b))

SIMTY_ATOMIC_FN uint32_t simty_atomic_load(const volatile uint32_t *p)
{
        return __atomic_load_n(p, __ATOMIC_ACQUIRE);
}

SIMTY_ATOMIC_FN void simty_atomic_store(volatile uint32_t *p, uint32_t v)
{
        __atomic_store_n(p, v, __ATOMIC_RELEASE);
}
#endif

SIMTY_ATOMIC_MINMAX(min, int32_t)
SIMTY_ATOMIC_MINMAX(max, int32_t)
SIMTY_ATOMIC_MINMAX(minu, uint32_t)
SIMTY_ATOMIC_MINMAX(maxu, uint32_t)
#undef SIMTY_ATOMIC_MINMAX

#endif /* SIMTY_ATOMIC_H */
