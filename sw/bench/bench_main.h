/*
 * bench_main.h - main() of a sw/bench kernel, target and host builds (the
 * contract is in bench.h).  Included at the end of each kernel file.
 */
#ifndef BENCH_MAIN_H
#define BENCH_MAIN_H

_Static_assert(sizeof(struct bench_input) % 4 == 0, "bench_input: whole words");
_Static_assert(sizeof(struct bench_output) % 4 == 0, "bench_output: whole words");
#define BENCH_IN_WORDS (sizeof(struct bench_input) / 4)
#define BENCH_OUT_WORDS (sizeof(struct bench_output) / 4)

union bench_in_words {
        struct bench_input s;
        uint32_t w[BENCH_IN_WORDS];
};
union bench_out_words {
        struct bench_output s;
        uint32_t w[BENCH_OUT_WORDS];
};
#ifdef BENCH_OUT_INIT
#define BENCH_OUT_INITIALIZER = { .s = BENCH_OUT_INIT }
#else
#define BENCH_OUT_INITIALIZER
#endif

#ifndef BENCH_HOST

#include "simty.h"

/* External and not const, so the compiler cannot fold the inputs into the
 * code: the kernel reads them from data memory.  Aligned to the largest
 * warp's block (64 words), as a GPU allocator aligns arrays, so that lanes
 * reading consecutive words of an array are served in one memory pass. */
#define BENCH_ALIGN __attribute__((aligned(4 * 64)))
union bench_in_words bench_in BENCH_ALIGN = { .w = {
#include BENCH_INC
} };
/* The outputs are the signature: begin_signature and end_signature are
 * defined here (link.ld only PROVIDEs them), around bench_out exactly; in the
 * .signature section the alignment would put padding before it. */
union bench_out_words bench_out BENCH_ALIGN BENCH_OUT_INITIALIZER;

#ifdef SIMTY_QEMU_USER
#include <stdio.h>
/* sw/check.sh's qemu-user builds: thread 0 prints the outputs in the
 * signature format once every thread is done (at W = T = 1 when one thread
 * runs; the multi-threaded builds of the A kernels count the threads that
 * are done with an AMO), for comparison with the expected signature. */
static void bench_qemu_report(void)
{
#ifdef SIMTY_QEMU_THREADS
        static volatile uint32_t done;
        __atomic_fetch_add(&done, 1, __ATOMIC_SEQ_CST);
        if (simty_tid() != 0)
                return;
        while (done != (uint32_t)simty_nthreads())
                ;
        __atomic_thread_fence(__ATOMIC_SEQ_CST);
#else
        if (simty_tid() != 0)
                return;
#endif
        for (unsigned i = 0; i < BENCH_OUT_WORDS; i++)
                printf("%08lx\n", (unsigned long)bench_out.w[i]);
}
#endif

int main(void)
{
        __asm__ (".globl begin_signature\n\t.set begin_signature, bench_out\n\t"
                 ".globl end_signature\n\t.set end_signature, bench_out + %0"
                 : : "i"(sizeof bench_out));
        bench_kernel(&bench_in.s, &bench_out.s, simty_tid(), simty_nthreads());
#ifdef SIMTY_QEMU_USER
        bench_qemu_report();
#endif
        return 0;
}

#else /* BENCH_HOST */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static union bench_in_words bench_in;
static union bench_out_words bench_out, bench_ref;
static const union bench_out_words bench_out_init BENCH_OUT_INITIALIZER;

static void bench_run(int nthreads)
{
        bench_out = bench_out_init;
#ifdef BENCH_HOST_RESET
        BENCH_HOST_RESET();
#endif
        for (int t = 0; t < nthreads; t++)
                bench_kernel(&bench_in.s, &bench_out.s, t, nthreads);
}

int main(int argc, char **argv)
{
        /* Thread counts the host tries besides 1: odd ones, one above every
         * item count, the largest core (64 x 64). */
        static const int counts[] = { 2, 3, 7, 64, 100, 1024, 4096 };
        uint32_t seed;
        if (argc != 3 || (strcmp(argv[1], "input") && strcmp(argv[1], "expect"))) {
                fprintf(stderr, "usage: %s input|expect SEED\n", argv[0]);
                return 3;
        }
        seed = (uint32_t)strtoul(argv[2], NULL, 0) * 0x9e3779b9u | 1u;
        bench_init(&bench_in.s, &seed);
        if (!strcmp(argv[1], "input")) {
                for (size_t i = 0; i < BENCH_IN_WORDS; i++)
                        printf("0x%08x,\n", (unsigned)bench_in.w[i]);
                return 0;
        }
        bench_run(1);
        bench_ref = bench_out;
        for (size_t k = 0; k < sizeof counts / sizeof counts[0]; k++) {
                bench_run(counts[k]);
                if (memcmp(&bench_out, &bench_ref, sizeof bench_out)) {
                        fprintf(stderr, "%s: %d threads give another result than 1 thread\n",
                                argv[0], counts[k]);
                        return 1;
                }
        }
        for (size_t i = 0; i < BENCH_OUT_WORDS; i++)
                printf("%08x\n", (unsigned)bench_ref.w[i]);
        return 0;
}

#endif /* BENCH_HOST */
#endif /* BENCH_MAIN_H */
