/*
 * crt0.S - SIMT-safe start-up of Simty C programs.
 *
 * Every thread of every warp starts here with all registers zero.  This code
 * writes no shared memory: the loader has already placed .data and zeroed
 * .bss (spec.md, "Memory and ports").  Each thread:
 *
 *   1. reads its global id (mhartid = warp * T + lane), W and T from the CSRs;
 *   2. divides the free memory [_end, __simty_dmem_end) evenly among the
 *      N = W * T threads: share = ((__simty_dmem_end - _end) / N) & ~15;
 *      thread i owns [_end + i * share, _end + (i + 1) * share);
 *   3. puts its TLS block at the bottom of its share (tp = block start: on
 *      RISC-V, picolibc's _set_tls just moves the block address into tp and
 *      local-exec offsets count from the start of .tdata), copies .tdata
 *      into it and zeroes the .tbss part;
 *      its stack starts at the top of the share and grows down to the TLS
 *      block;
 *   4. runs .preinit_array and .init_array (once per thread!), calls
 *      main(0, 0) and passes the result to exit(), which runs the fini array
 *      and ends the thread through _exit (sw/common/simty_rt.c: ecall with
 *      a7 = SIMTY_SYS_EXIT).
 *
 * If a share leaves less than SIMTY_MIN_STACK (512 bytes) of stack above the
 * TLS block, every thread exits at once with code SIMTY_EXIT_NOMEM (126):
 * build with a larger DMEM, or run fewer threads.  512 bytes hold printf
 * (about 300 bytes) with room to spare and let C programs run 256 threads
 * (e.g. 4 x 64) in the default 256 KiB.
 *
 * All loops below iterate a number of times that is the same in every thread
 * (they depend on W, T and the image only), so the start-up does not diverge.
 * RV32I has no multiply or divide: both are done by shift-and-add/subtract.
 */
#include "simty_map.h"

#define SIMTY_MIN_STACK  512
#define SIMTY_EXIT_NOMEM 126

/* Test builds for qemu-user (sw/check.sh only) have no Simty CSRs: they
 * compile the geometry in with -DSIMTY_QEMU_USER -DSIMTY_QEMU_W=.. etc.
 * With -DSIMTY_QEMU_THREADS (A builds only) sw/check/qthreads.S starts
 * W*T Linux threads and enters here in each, its id in s11. */
#ifdef SIMTY_QEMU_USER
#define READ_NWARPS(r)  li r, SIMTY_QEMU_W
#define READ_NLANES(r)  li r, SIMTY_QEMU_T
#ifdef SIMTY_QEMU_THREADS
#define READ_TID(r)     mv r, s11
#define _start          simty_crt0_start
#else
#define READ_TID(r)     li r, SIMTY_QEMU_TID
#endif
#else
#define READ_NWARPS(r)  csrr r, SIMTY_CSR_NWARPS
#define READ_NLANES(r)  csrr r, SIMTY_CSR_NLANES
#define READ_TID(r)     csrr r, SIMTY_CSR_MHARTID
#endif

        .section .text.init, "ax", @progbits
        .balign 4
        .globl _start
        .type _start, @function
_start:
        .option push
        .option norelax
        /* N = W * T: shift-and-add driven by the bits of T (uniform). */
        READ_NWARPS(t1)
        READ_NLANES(t2)
        li      s2, 0                   /* s2 = N */
1:      andi    t3, t2, 1
        beqz    t3, 2f
        add     s2, s2, t1
2:      slli    t1, t1, 1
        srli    t2, t2, 1
        bnez    t2, 1b

        /* free = __simty_dmem_end - _end;  share = (free / N) & ~15.
         * Restoring division, 32 steps: q in s3, remainder in t4. */
        la      s4, _end                /* s4 = base of the free area */
        la      t0, __simty_dmem_end
        sub     t0, t0, s4              /* dividend */
        li      s3, 0
        li      t4, 0
        li      t5, 32
3:      srli    t6, t0, 31              /* next dividend bit, MSB first */
        slli    t0, t0, 1
        slli    t4, t4, 1
        or      t4, t4, t6
        slli    s3, s3, 1
        bltu    t4, s2, 4f
        sub     t4, t4, s2
        ori     s3, s3, 1
4:      addi    t5, t5, -1
        bnez    t5, 3b
        andi    s3, s3, -16             /* s3 = share */

        /* TLS block size rounded up to 16; the stack gets the rest. */
        lui     s5, %hi(__tls_size)     /* sizes are absolute symbols */
        addi    s5, s5, %lo(__tls_size)
        addi    s5, s5, 15
        andi    s5, s5, -16
        addi    t0, s5, SIMTY_MIN_STACK
        bltu    s3, t0, .Lnomem

        /* block = _end + tid * share: shift-and-add driven by the bits of
         * share (uniform), adding the shifted thread id. */
        READ_TID(t1)
        mv      t2, s3
        mv      tp, s4
5:      andi    t3, t2, 1
        beqz    t3, 6f
        add     tp, tp, t1
6:      slli    t1, t1, 1
        srli    t2, t2, 1
        bnez    t2, 5b
        add     sp, tp, s3              /* stack top = end of the share */
        li      s0, 0                   /* frame pointer: end of chain */

        /* TLS block: copy .tdata (whole words), zero the rest (.tbss). */
        la      t0, __tdata_source
        lui     t1, %hi(__tdata_size)
        addi    t1, t1, %lo(__tdata_size)
        lui     t2, %hi(__tls_size)
        addi    t2, t2, %lo(__tls_size)
        add     t1, t1, tp              /* end of the copied part */
        add     t2, t2, tp              /* end of the block */
        mv      t3, tp
        j       8f
7:      lw      t4, 0(t0)
        sw      t4, 0(t3)
        addi    t0, t0, 4
        addi    t3, t3, 4
8:      bltu    t3, t1, 7b
        j       10f
9:      sw      zero, 0(t3)
        addi    t3, t3, 4
10:     bltu    t3, t2, 9b

        /* Constructors, in every thread. */
        la      s6, __preinit_array_start
        la      s7, __init_array_end
        j       12f
11:     lw      t0, 0(s6)
        jalr    t0
        addi    s6, s6, 4
12:     bltu    s6, s7, 11b

        li      a0, 0                   /* argc */
        li      a1, 0                   /* argv */
        call    main
        call    exit                    /* does not return */
        j       _exit

.Lnomem:
        li      a0, SIMTY_EXIT_NOMEM
        li      a7, SIMTY_SYS_EXIT
        ecall
        .option pop
        .size _start, . - _start
