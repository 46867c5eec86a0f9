/*
 * simty_rt.c - picolibc hooks for Simty: the console as stdin/stdout/stderr
 * and _exit as the exit call.  Linked into every C program by sw/sw.mk.
 */
#include <stdio.h>
#include <unistd.h>
#include "simty.h"

static int simty_console_put(char c, FILE *f)
{
        (void)f;
        simty_putc(c);
        return (unsigned char)c;
}

/* The console cannot be read: stdin is always at end of file. */
static int simty_console_get(FILE *f)
{
        (void)f;
        return _FDEV_EOF;
}

/* One shared FILE: unbuffered, so printing only reads it (safe in every
 * thread at once). */
static FILE simty_console = FDEV_SETUP_STREAM(simty_console_put, simty_console_get,
                                              NULL, _FDEV_SETUP_RW);

FILE *const stdin  = &simty_console;
FILE *const stdout = &simty_console;
FILE *const stderr = &simty_console;

/* picolibc's exit() runs the atexit handlers and the fini array, then calls
 * this.  Only the calling thread ends. */
#ifndef SIMTY_QEMU_THREADS
void _exit(int code)
{
        simty_exit(code);
}
#else
/* sw/check.sh's multi-threaded qemu-user builds: the exit call ends one
 * Linux thread, and the process takes the code of the last one.  So a
 * non-zero code ends the whole process at once with that code (the other
 * threads may be waiting for this one, in a barrier say), and the last
 * thread to end with 0 ends it with 0. */
static volatile uint32_t qemu_live = SIMTY_QEMU_W * SIMTY_QEMU_T;

static __attribute__((noreturn)) void qemu_exit_group(int code)
{
        register int a0 __asm__("a0") = code;
        register int a7 __asm__("a7") = 94;     /* Linux exit_group */
        __asm__ volatile ("ecall" : : "r"(a0), "r"(a7) : "memory");
        __builtin_unreachable();
}

void _exit(int code)
{
        if (code || __atomic_fetch_sub(&qemu_live, 1, __ATOMIC_SEQ_CST) == 1)
                qemu_exit_group(code);
        simty_exit(0);
}
#endif
