/*
 * simt.h - common helpers of the C tests of the `simt` group.
 *
 * CHECK(n, cond): when cond is false, print which check failed (thread id,
 * check number, line) and end this thread with exit code n.  Check numbers
 * are distinct within a test, 1..125 (126 is crt0's "no memory" code).
 *
 * simt_done(): the end of main (`return simt_done();`).  In the qemu-user
 * test builds of sw/check.sh it also measures the deepest stack use of the
 * run (memory starts zeroed there) and fails with SIMT_EXIT_STACK when it
 * reaches SIMT_STACK_LIMIT, which keeps every test well inside crt0's
 * 512-byte minimum share.
 */
#ifndef SIMT_H
#define SIMT_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "simty.h"

#define SIMT_STACK_LIMIT 448
#define SIMT_EXIT_STACK  125

#define NOINLINE __attribute__((noinline))

/* qemu-user test builds have no cycle counter (simty_cycle() returns 0). */
#ifdef SIMTY_QEMU_USER
#define SIMT_HAVE_CYCLE 0
#else
#define SIMT_HAVE_CYCLE 1
#endif

/* 1 when the lanes of a warp run in SIMT (Simty, and qemu-user running one
 * thread): checks of the lane order inside one instruction, or of what a
 * converged warp has done, hold only then.  0 in the multi-threaded qemu-user
 * builds of sw/check.sh (-DSIMTY_QEMU_THREADS: one Linux thread per Simty
 * thread, see sw/check/qthreads.S). */
#ifdef SIMTY_QEMU_THREADS
#define SIMT_LOCKSTEP 0
#else
#define SIMT_LOCKSTEP 1
#endif

/* Compiler barrier: no memory access moves across it. */
#define SIMT_COMPILER_BARRIER() __asm__ volatile ("" : : : "memory")

/* Keep the compiler from folding a value computed from the thread id. */
#define OPAQUE(x) ({ __typeof__(x) simt_o_ = (x); __asm__ ("" : "+r"(simt_o_)); simt_o_; })

static NOINLINE __attribute__((noreturn, unused)) void simt_fail(int n, int line)
{
        printf("check %d failed (line %d)\n", n, line);
        exit(n);
}

#define CHECK(n, cond)                                                  \
        do { if (!(cond)) simt_fail((n), __LINE__); } while (0)

#ifdef SIMTY_QEMU_USER
extern char _end[], __simty_dmem_end[], __tls_size[];
static inline int simt_done(void)
{
        uintptr_t tp, sp;
        __asm__ volatile ("mv %0, tp" : "=r"(tp));
        __asm__ volatile ("mv %0, sp" : "=r"(sp));
        uintptr_t n = (uintptr_t)simty_nthreads();
        uintptr_t share = (((uintptr_t)__simty_dmem_end - (uintptr_t)_end) / n) & ~(uintptr_t)15;
        uintptr_t top = tp + share;
        const volatile uint8_t *p = (const uint8_t *)(tp + (((uintptr_t)__tls_size + 15) & ~(uintptr_t)15));
        while ((uintptr_t)p < sp && *p == 0)
                p++;
        unsigned long used = (unsigned long)(top - (uintptr_t)p);
        printf("stack used: %lu bytes\n", used);
        return used < SIMT_STACK_LIMIT ? 0 : SIMT_EXIT_STACK;
}
#else
static inline int simt_done(void) { return 0; }
#endif

#endif /* SIMT_H */
