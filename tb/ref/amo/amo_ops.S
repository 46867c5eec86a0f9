/*
 * amo_ops.S - RV32A on every thread's own word (directed test of the A
 * extension, tb/ref/check_fastpath.py --isa rv32ia; `make ref-check-a`).
 *
 * Each thread owns the word R + 4 * tid (R = _end rounded up to 256, zero),
 * so lanes of a warp sit at their own slots of one block: an lr.w pass
 * serves them together, sc.w and the AMOs serve one lane per pass.  The
 * results do not depend on the schedule: every check compares with values
 * computed from tid.  Exit code = the failed check.
 *
 *   1-2    sc.w without lr.w fails (rd = 1) and writes nothing
 *   3-9    amoswap, amoadd, amoxor, amoand, amoor: old values and the word
 *   10-17  amomin, amominu, amomax, amomaxu of tid - 2 against 0 (signed
 *          negative for tids 0 and 1), and of INT_MIN against INT_MAX
 *   18-19  rd = x0 (the word changes) and rd == rs2 (the old word in rd)
 *   20-21  lr.w, sw to the word, sc.w fails; the word keeps the sw's value
 *   22-24  lr.w / sc.w retried until it succeeds; a second sc.w fails
 *
 * nowrite a_x0
 */
#include "amo_asm.h"

        /* amo op, operand register, expected old (register), check number */
        .macro amo_old op, rs2, old, n
        \op     t0, \rs2, (s2)
        check_eq t0, \old, \n
        .endm
        /* the word must hold the value of register r (clobbers t1) */
        .macro word_is r, n
        lw      t1, 0(s2)
        check_eq t1, \r, \n
        .endm

        SIMT_TEST_BEGIN
        READ_TID(s0)
        own_word s2, s0, t0             /* s2: this thread's word */

        sc.w    t0, s0, (s2)
        check_eqi t0, 1, 1
        word_is zero, 2

        amo_old amoswap.w, s0, zero, 3  /* word = tid */
        li      a1, 5
        amo_old amoadd.w, a1, s0, 4     /* word = tid + 5 */
        addi    s3, s0, 5
        li      a1, 0xff
        amo_old amoxor.w, a1, s3, 5
        xori    s3, s3, 0xff
        word_is s3, 6
        li      a1, 0x0f
        amo_old amoand.w, a1, s3, 7
        andi    s3, s3, 0x0f
        li      a1, 0x100
        amo_old amoor.w, a1, s3, 8
        ori     s3, s3, 0x100
        word_is s3, 9

        addi    s4, s0, -2              /* tid - 2 */
        slti    s5, s0, 2               /* tid - 2 < 0 */
        mv      s6, s4                  /* min(tid - 2, 0) signed */
        bnez    s5, 1f
        li      s6, 0
1:      sub     s7, s4, s6              /* max(tid - 2, 0) signed = tid - 2 - min */
        amo_old amoswap.w, s4, s3, 10
        amo_old amomin.w, zero, s4, 11
        word_is s6, 12
        amoswap.w zero, s4, (s2)
        amominu.w zero, zero, (s2)
        word_is zero, 13
        amoswap.w zero, s4, (s2)
        amomax.w zero, zero, (s2)
        word_is s7, 14
        amoswap.w zero, s4, (s2)
        amomaxu.w zero, zero, (s2)
        word_is s4, 15
        li      a1, 0x80000000
        li      a2, 0x7fffffff
        amoswap.w zero, a1, (s2)
        amomax.w zero, a2, (s2)
        word_is a2, 16
        amominu.w zero, a1, (s2)
        word_is a2, 17

        li      a1, 3
a_x0:   amoadd.w zero, a1, (s2)         /* rd = x0: the word is INT_MAX + 3 */
        add     s3, a2, a1
        word_is s3, 18
        mv      a1, s0
        amoswap.w a1, a1, (s2)          /* rd == rs2: the old word back, tid stored */
        check_eq a1, s3, 19

        lr.w    t0, (s2)
        sw      s4, 0(s2)
        sc.w    t0, s0, (s2)
        check_eqi t0, 1, 20
        word_is s4, 21

        li      s8, 0x5a00
        add     s8, s8, s0
2:      lr.w    t0, (s2)
        sc.w    t0, s8, (s2)            /* one reservation per warp: retry */
        bnez    t0, 2b
        word_is s8, 22
        sc.w    t0, s0, (s2)
        check_eqi t0, 1, 23
        word_is s8, 24
        SIMT_PASS
        SIMT_TEST_END
