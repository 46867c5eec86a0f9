/*
 * simty.h - what a C program running on Simty needs to know about itself.
 *
 * Ids and sizes come from read-only CSRs (numbers in gen/simty_map.h); a
 * program never compiles W or T in.  simty_putc writes the console byte; the
 * harness collects each thread's output and prints whole lines prefixed with
 * the thread id.  stdout/stderr of picolibc are wired to the same console by
 * sw/common/simty_rt.c, so printf works in every thread (picolibc's printf
 * and malloc are not thread-safe in general; printf to the console is fine
 * because the console is per thread and the FILE object is only read).
 */
#ifndef SIMTY_H
#define SIMTY_H

#include <stdint.h>
#include "simty_map.h"

#define SIMTY_XSTR_(x) #x
#define SIMTY_XSTR(x) SIMTY_XSTR_(x)

/* Read a CSR whose number is a compile-time constant. */
#define SIMTY_CSR_READ(csr)                                             \
        ({ uint32_t simty_v_;                                           \
           __asm__ volatile ("csrr %0, " SIMTY_XSTR(csr) : "=r"(simty_v_)); \
           simty_v_; })

#ifndef SIMTY_QEMU_USER
/* Global thread id: warp * T + lane. */
static inline int simty_tid(void)    { return (int)SIMTY_CSR_READ(SIMTY_CSR_MHARTID); }
/* Warp id, 0 .. W-1. */
static inline int simty_warp(void)   { return (int)SIMTY_CSR_READ(SIMTY_CSR_WARPID); }
/* Lane id within the warp, 0 .. T-1. */
static inline int simty_lane(void)   { return (int)SIMTY_CSR_READ(SIMTY_CSR_LANEID); }
/* W: warps per core. */
static inline int simty_nwarps(void) { return (int)SIMTY_CSR_READ(SIMTY_CSR_NWARPS); }
/* T: threads (lanes) per warp. */
static inline int simty_nlanes(void) { return (int)SIMTY_CSR_READ(SIMTY_CSR_NLANES); }
/* W * T: threads in the core. */
static inline int simty_nthreads(void) { return simty_nwarps() * simty_nlanes(); }

/* 64-bit cycle counter (cycleh read twice to catch a carry). */
static inline uint64_t simty_cycle(void)
{
        uint32_t hi, lo, hi2;
        do {
                hi  = SIMTY_CSR_READ(SIMTY_CSR_CYCLEH);
                lo  = SIMTY_CSR_READ(SIMTY_CSR_CYCLE);
                hi2 = SIMTY_CSR_READ(SIMTY_CSR_CYCLEH);
        } while (hi != hi2);
        return ((uint64_t)hi << 32) | lo;
}

/* One byte to this thread's console. */
static inline void simty_putc(char c)
{
        *(volatile uint8_t *)(uintptr_t)SIMTY_CONSOLE = (uint8_t)c;
}

#else /* SIMTY_QEMU_USER: test builds of sw/check.sh, one thread under
       * qemu-user, geometry compiled in, console = write(1, ...). */
#ifdef SIMTY_QEMU_THREADS
/* ... or W*T Linux threads (sw/check/qthreads.S, A builds only): a thread's
 * id follows from its TLS block, which crt0 put at _end + id * share. */
extern char _end[], __simty_dmem_end[];
static inline int simty_qemu_tid(void)
{
        uintptr_t tp;
        __asm__ ("mv %0, tp" : "=r"(tp));
        uintptr_t share = (((uintptr_t)__simty_dmem_end - (uintptr_t)_end) /
                           (SIMTY_QEMU_W * SIMTY_QEMU_T)) & ~(uintptr_t)15;
        return (int)((tp - (uintptr_t)_end) / share);
}
#define SIMTY_QEMU_TID simty_qemu_tid()
#endif
static inline int simty_tid(void)    { return SIMTY_QEMU_TID; }
static inline int simty_nwarps(void) { return SIMTY_QEMU_W; }
static inline int simty_nlanes(void) { return SIMTY_QEMU_T; }
static inline int simty_warp(void)   { return SIMTY_QEMU_TID / SIMTY_QEMU_T; }
static inline int simty_lane(void)   { return SIMTY_QEMU_TID % SIMTY_QEMU_T; }
static inline int simty_nthreads(void) { return SIMTY_QEMU_W * SIMTY_QEMU_T; }
static inline uint64_t simty_cycle(void) { return 0; }
static inline void simty_putc(char c)
{
        register int a0 __asm__("a0") = 1;
        register const char *a1 __asm__("a1") = &c;
        register int a2 __asm__("a2") = 1;
        register int a7 __asm__("a7") = 64;     /* Linux write */
        __asm__ volatile ("ecall" : "+r"(a0) : "r"(a1), "r"(a2), "r"(a7) : "memory");
}
#endif /* SIMTY_QEMU_USER */

/* A string to the console (no newline added). */
static inline void simty_puts(const char *s)
{
        while (*s)
                simty_putc(*s++);
}

/* End this thread now with exit code `code` (no atexit/fini processing). */
static inline __attribute__((noreturn)) void simty_exit(int code)
{
        register int a0 __asm__("a0") = code;
        register int a7 __asm__("a7") = SIMTY_SYS_EXIT;
        __asm__ volatile ("ecall" : : "r"(a0), "r"(a7) : "memory");
        __builtin_unreachable();
}

#endif /* SIMTY_H */
