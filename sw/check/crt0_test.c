/*
 * crt0_test.c - checks the C start-up (sw/common/crt0.S) and the picolibc
 * hooks.  sw/check.sh builds it for qemu-user with -DSIMTY_QEMU_USER and a
 * compiled-in thread geometry (qemu has no Simty CSRs) and runs it for
 * several (W, T, thread id).  Exit code 0 = every check passed, otherwise
 * the number of the first failed check (the line printed says which).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include "simty.h"

extern char _end[], __simty_dmem_end[], __tls_base[], __tls_size[];

static __thread int tls_init = 0x1234567;       /* .tdata */
static __thread int tls_zero[3];                /* .tbss */
static __thread char tls_byte = 'x';            /* .tdata, not a word */

static int exit_seen;
static void on_exit_handler(void) { printf("atexit ran\n"); }

static int ctor_ran;
__attribute__((constructor)) static void ctor(void) { ctor_ran++; }

#define CHECK(n, cond)                                                  \
        do { if (!(cond)) { printf("check %d failed: %s\n", n, #cond); return n; } } while (0)

static int deep(int n) { volatile char pad[64]; pad[0] = (char)n; return n ? deep(n - 1) + pad[0] : 0; }

int main(int argc, char **argv)
{
        uintptr_t tp, sp;
        __asm__ volatile ("mv %0, tp" : "=r"(tp));
        __asm__ volatile ("mv %0, sp" : "=r"(sp));
        uintptr_t n = (uintptr_t)simty_nthreads();
        uintptr_t share = (((uintptr_t)__simty_dmem_end - (uintptr_t)_end) / n) & ~(uintptr_t)15;
        uintptr_t block = (uintptr_t)_end + (uintptr_t)simty_tid() * share;

        CHECK(1, argc == 0 && argv == 0);
        CHECK(2, tp == block);                          /* TLS at the bottom */
        CHECK(3, sp < block + share && sp > block + share - 256);  /* stack at the top */
        CHECK(4, (block & 15) == 0 && (share & 15) == 0);
        CHECK(5, tls_init == 0x1234567 && tls_byte == 'x');
        CHECK(6, tls_zero[0] == 0 && tls_zero[1] == 0 && tls_zero[2] == 0);
        CHECK(7, (uintptr_t)&tls_init >= tp && (uintptr_t)&tls_init < tp + (uintptr_t)__tls_size);
        CHECK(8, (uintptr_t)&tls_zero[2] < tp + (uintptr_t)__tls_size);

        /* picolibc's errno lives in this thread's TLS block */
        errno = 0;
        long v = strtol("99999999999", 0, 10);
        CHECK(9, v == 2147483647L && errno == ERANGE);
        CHECK(10, (uintptr_t)&errno >= tp && (uintptr_t)&errno < tp + (uintptr_t)__tls_size);
        /* the template in the image is not the live copy */
        CHECK(11, (uintptr_t)&errno != (uintptr_t)__tls_base + ((uintptr_t)&errno - tp));

        tls_init++;
        tls_zero[1] = 7;
        CHECK(12, tls_init == 0x1234568 && tls_zero[1] == 7);
        /* the template is untouched */
        CHECK(13, *(int *)(__tls_base + ((uintptr_t)&tls_init - tp)) == 0x1234567);

        CHECK(14, ctor_ran == 1);

        char buf[32];
        snprintf(buf, sizeof buf, "%d:%x", -42, 0xbeef);
        CHECK(16, strcmp(buf, "-42:beef") == 0);

        printf("crt0 ok: thread %d of %d (warp %d lane %d) block %#lx share %lu tls %lu\n",
               simty_tid(), simty_nthreads(), simty_warp(), simty_lane(),
               (unsigned long)block, (unsigned long)share, (unsigned long)(uintptr_t)__tls_size);

        /* Deepest stack use so far, with printf (qemu test builds start
         * from zeroed memory): must stay well inside crt0's 512-byte minimum. */
        const volatile uint8_t *p = (const uint8_t *)(tp + (((uintptr_t)__tls_size + 15) & ~(uintptr_t)15));
        while ((uintptr_t)p < sp && *p == 0)
                p++;
        unsigned long used = (unsigned long)(block + share - (uintptr_t)p);
        printf("stack used: %lu bytes\n", used);
        CHECK(17, used < 448);
        CHECK(15, deep(8) == 36);                       /* the stack works */
        atexit(on_exit_handler);
        exit_seen = 1;
        exit(exit_seen ? 0 : 99);                       /* through picolibc's exit */
}
