/*
 * bench.h - what every kernel of sw/bench shares: the seeded generator and
 * the contract between a kernel file and bench_main.h.
 *
 * A kernel file defines, in this order:
 *
 *   struct bench_input  { ... };   inputs: uint8/16/32 fields and arrays only
 *   struct bench_output { ... };   outputs (the signature): same rule, a whole
 *                                  number of words
 *   static void bench_init(struct bench_input *in, uint32_t *seed);
 *        fills the inputs from the generator (runs on the host only)
 *   static void bench_kernel(const struct bench_input *in,
 *                            struct bench_output *out, int tid, int nthreads);
 *        the SIMT kernel: thread tid of nthreads writes only the outputs it
 *        owns (work items tid, tid + nthreads, ...), so no item is shared and
 *        the outputs do not depend on the number of threads or the schedule
 *
 * Optionally, before the #include (the kernels of sw/bench/a, which combine
 * their outputs with atomics, need them):
 *
 *   #define BENCH_OUT_INIT { ... }   initializer of struct bench_output (the
 *        outputs start from it instead of zero: a minimum starts at the
 *        largest value); in .data on the target, before every run on the host
 *   #define BENCH_HOST_RESET() ...   run on the host before each run, to
 *        reset shared state that is not an output (a work-queue index); on
 *        the target such state starts zeroed in .bss
 *
 * and ends with #include "bench_main.h", which supplies main() for both
 * builds:
 *
 *   target (riscv, picolibc, crt0): the inputs are an initialized object in
 *     .data (BENCH_INC, written by the host build), the outputs an object in
 *     .bss that begin_signature and end_signature enclose exactly (both
 *     256-byte aligned: a lane reading word i of an array is served with
 *     lane i of any warp size); every thread calls bench_kernel with its id
 *     and W * T from the CSRs;
 *   host (-DBENCH_HOST): `<kernel> input SEED` prints the inputs as the words
 *     of BENCH_INC; `<kernel> expect SEED` runs the kernel as 1 thread and as
 *     several other thread counts (each thread in turn), checks they agree
 *     and prints the expected signature in the harness's --signature format.
 *
 * The layouts of both structs are the same on the host and on RV32 because
 * they hold only fixed-width integers (no pointers, no long).
 *
 * A kernel may also take its work items dynamically (sw/bench/a/bfs_queue:
 * an amoadd.w work index) instead of BENCH_FOR, as long as each item's
 * outputs depend on the item alone: the host runs the threads one after the
 * other, so there thread 0 takes every item.  Such kernels never wait for
 * another thread (no barrier, no lock): the host could not run them.
 */
#ifndef BENCH_H
#define BENCH_H

#include <stdint.h>

struct bench_input;
struct bench_output;
#ifndef BENCH_HOST
/* Only the host build generates inputs. */
static void bench_init(struct bench_input *in, uint32_t *seed) __attribute__((unused));
#endif

/* xorshift32: the one generator of every kernel's inputs (never 0 from a
 * non-zero state; bench_main.h seeds it with seed * golden ratio | 1). */
static inline uint32_t bench_rand(uint32_t *s)
{
        uint32_t x = *s;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        *s = x;
        return x;
}

/* A value in [lo, hi] (hi - lo < 2^16, so the bias does not matter). */
static inline uint32_t bench_range(uint32_t *s, uint32_t lo, uint32_t hi)
{
        return lo + (bench_rand(s) >> 8) % (hi - lo + 1);
}

/* Work items tid, tid + nthreads, ... < n: the cyclic distribution keeps the
 * lanes of a warp on neighbouring items (coalesced accesses). */
#define BENCH_FOR(i, n, tid, nthreads) \
        for (int i = (tid); i < (int)(n); i += (nthreads))

/* A kernel's problem size: `fixed` items (the default, the same problem at
 * every W x T), or under weak scaling (-DBENCH_THREADS=N, scripts/bench/bench.py
 * --scale weak) `per_thread` items for each of the N threads, so every
 * thread has the same work at every configuration.  per_thread is chosen so
 * that a thread's inputs and outputs stay under 400 bytes: with the 512 bytes
 * of stack crt0 asks for, they fit the 1 KiB per thread of data memory that
 * bench.py links for at any W x T (the linker and crt0 fail otherwise). */
#ifdef BENCH_THREADS
#define BENCH_WEAK 1
#define BENCH_ITEMS(fixed, per_thread) ((per_thread) * (BENCH_THREADS))
#else
#define BENCH_WEAK 0
#define BENCH_ITEMS(fixed, per_thread) (fixed)
#endif

#endif /* BENCH_H */
