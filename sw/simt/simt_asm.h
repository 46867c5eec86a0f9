/*
 * simt_asm.h - common macros of the assembly tests of the `simt` group.
 *
 * Every thread starts at _start with all registers zero.  A test ends each
 * thread with SIMT_PASS (exit code 0) or by jumping to simt_fail with the
 * number of the failed check in a0 (exit code = that number, 1..125, distinct
 * per check).  W, T and the ids always come from the CSRs; test builds for
 * qemu-user (sw/check.sh, -DSIMTY_QEMU_USER) compile them in instead.
 *
 * Include it, then write
 *
 *         SIMT_TEST_BEGIN
 *         ... code ...
 *         SIMT_PASS
 *         SIMT_TEST_END
 */
#ifndef SIMT_ASM_H
#define SIMT_ASM_H

#include "simty_map.h"

#ifdef SIMTY_QEMU_USER
#define READ_TID(r)   li r, SIMTY_QEMU_TID
#define READ_WARP(r)  li r, (SIMTY_QEMU_TID / SIMTY_QEMU_T)
#define READ_LANE(r)  li r, (SIMTY_QEMU_TID % SIMTY_QEMU_T)
#define READ_NW(r)    li r, SIMTY_QEMU_W
#define READ_NT(r)    li r, SIMTY_QEMU_T
#else
#define READ_TID(r)   csrr r, SIMTY_CSR_MHARTID
#define READ_WARP(r)  csrr r, SIMTY_CSR_WARPID
#define READ_LANE(r)  csrr r, SIMTY_CSR_LANEID
#define READ_NW(r)    csrr r, SIMTY_CSR_NWARPS
#define READ_NT(r)    csrr r, SIMTY_CSR_NLANES
#endif

#define SIMT_TEST_BEGIN                                                 \
        .section .text.init, "ax", @progbits;                           \
        .balign 4;                                                      \
        .globl _start;                                                  \
        .type _start, @function;                                        \
_start:

/* simt_fail: exit with the code in a0.  Also a stray `ebreak` after it so a
 * fall-through is caught. */
#define SIMT_TEST_END                                                   \
simt_fail:                                                              \
        li a7, SIMTY_SYS_EXIT;                                          \
        ecall;                                                          \
        ebreak;

#define SIMT_PASS                                                       \
        li a0, 0;                                                       \
        li a7, SIMTY_SYS_EXIT;                                          \
        ecall;                                                          \
        ebreak;

/* Assembler macros (unique local labels through \@). */
        .macro check_eq ra, rb, n
        beq \ra, \rb, .Lchk_ok\@
        li a0, \n
        j simt_fail
.Lchk_ok\@:
        .endm

        .macro check_ne ra, rb, n
        bne \ra, \rb, .Lchk_ok\@
        li a0, \n
        j simt_fail
.Lchk_ok\@:
        .endm

        /* fail with n unless ra == imm (clobbers t6) */
        .macro check_eqi ra, imm, n
        li t6, \imm
        check_eq \ra, t6, \n
        .endm

        /* rd = floor(log2(rs)) for rs > 0 (clobbers t6) */
        .macro log2 rd, rs
        mv t6, \rs
        li \rd, -1
.Llog2_loop\@:
        addi \rd, \rd, 1
        srli t6, t6, 1
        bnez t6, .Llog2_loop\@
        .endm

/* SIMT_STACK(min): per-thread stack for assembly tests, without crt0.  The
 * free memory [_end, __simty_dmem_end) is cut into W*T power-of-two shares
 * (share = largest power of two <= free / (W*T)); thread i gets
 * sp = _end + (i + 1) * share.  If a share is smaller than `min` bytes every
 * thread exits with 126 (as crt0 does).  Clobbers t0-t6, sets sp. */
#define SIMT_STACK(min)                                                 \
        READ_NW(t0);                                                    \
        READ_NT(t1);                                                    \
        log2 t2, t0;                                                    \
        log2 t3, t1;                                                    \
        add t2, t2, t3;                 /* log2(W*T) */                 \
        la t4, _end;                                                    \
        la t5, __simty_dmem_end;                                        \
        sub t5, t5, t4;                                                 \
        srl t5, t5, t2;                 /* free / (W*T) */              \
        log2 t3, t5;                    /* share = 1 << t3 */           \
        li t0, 1;                                                       \
        sll t0, t0, t3;                                                 \
        li t1, (min);                                                   \
        bgeu t0, t1, 1f;                                                \
        li a0, 126;                                                     \
        li a7, SIMTY_SYS_EXIT;                                          \
        ecall;                                                          \
1:      READ_TID(t1);                                                   \
        addi t1, t1, 1;                                                 \
        sll t1, t1, t3;                                                 \
        add sp, t4, t1

#endif /* SIMT_ASM_H */
