/*
 * jump_indirect.S - indirect jumps with 1..T distinct targets per warp
 * (serialized leader-first) and reconvergence after them.
 *
 * `blocks` holds 64 two-instruction blocks; block k sets a1 = 7k + 3 and
 * a2 = k, then jumps to the join point given in a3.  `table` (read-only)
 * holds their addresses, as a compiler's jump table would.
 *
 *   1   target = table[lane]              T distinct targets, in lane order
 *   2   target = table[T - 1 - lane]      reverse order
 *   3   target = table[lane & (k - 1)]    k = 1, 2, 4, ..., T distinct targets
 *   4   target = table[(5 * lane + 3) & (T - 1)]   scattered permutation
 *   5   jalr with a non-zero offset: jalr x0, 8(t1) with t1 = entry - 8
 *   6   computed jump into an addi ladder: lane l enters l steps before the
 *       end, falls through, paths merge on equal PCs; a1 == l
 *   7   indirect call (jalr ra) through the table of `funcs`: function k
 *       returns 11k + 1 with a further divergent branch on bit 0 of k;
 *       target = (lane * 3) & (T - 1)
 *   8   nested indirect calls: funcs2[k], called through t0, calls
 *       funcs[(k + 1) & (T - 1)] through ra and returns through t0
 *   9   the same jumps repeated 3 rounds in a loop (the path list is rebuilt
 *       every time)
 */
#include "simt_asm.h"

/* The targets sit below the code that jumps to them (first in .text.init,
 * before _start), so under MinSP-PC a thread that has run its target waits
 * at the join point (a higher PC) for the replayed jump to send off the
 * other lanes, and the warp reconverges after every jump. */
        .section .text.init, "ax", @progbits
        .balign 4
blocks:
        .set k, 0
        .rept 64
        li      a1, 7 * k + 3
        li      a2, k
        jr      a3
        .set k, k + 1
        .endr

/* funcs[k]: a1 = 11k + 1 (+5 for odd k), return through ra */
funcs_code:
        .set k, 0
        .rept 64
        li      a1, 11 * k + 1
        andi    a7, a1, 0               /* keep blocks the same size */
        .if k & 1
        addi    a1, a1, 5
        .else
        nop
        .endif
        ret
        .set k, k + 1
        .endr

/* funcs2[k] (called through t0): calls funcs[(k + 1) & (T - 1)] through
 * ra, then a1 += 1000 * k; returns through t0 */
funcs2_code:
        .set k, 0
        .rept 64
        li      a6, k
        j       funcs2_body
        .set k, k + 1
        .endr
funcs2_body:
        addi    t1, a6, 1
        and     t1, t1, s4
        slli    t1, t1, 2
        la      t2, funcs
        add     t1, t1, t2
        lw      t1, 0(t1)
        jalr    ra, t1
        li      t4, 1000
        mv      t5, a6
1:      beqz    t5, 2f
        add     a1, a1, t4
        addi    t5, t5, -1
        j       1b
2:      jr      t0


        SIMT_TEST_BEGIN
        READ_LANE(s2)
        READ_NT(s3)
        addi    s4, s3, -1              /* T - 1 */
        la      s5, table
        li      s6, 3                   /* rounds of check 9 */

round:
        /* 1 */
        mv      a0, s2
        la      a3, 1f
        jal     ra, dispatch
1:      mv      a0, s2
        jal     ra, expect_k
        li      a0, 1
        bnez    a4, fail9

        /* 2 */
        sub     a0, s4, s2
        la      a3, 1f
        jal     ra, dispatch
1:      sub     a0, s4, s2
        jal     ra, expect_k
        li      a0, 2
        bnez    a4, fail9

        /* 3: k = 1, 2, 4, ..., T */
        li      s7, 1
2:      addi    t0, s7, -1
        and     a0, s2, t0
        la      a3, 1f
        jal     ra, dispatch
1:      addi    t0, s7, -1
        and     a0, s2, t0
        jal     ra, expect_k
        li      a0, 3
        bnez    a4, fail9
        slli    s7, s7, 1
        bgeu    s3, s7, 2b

        /* 4 */
        slli    a0, s2, 2
        add     a0, a0, s2
        addi    a0, a0, 3
        and     a0, a0, s4
        la      a3, 1f
        jal     ra, dispatch
1:      slli    a0, s2, 2
        add     a0, a0, s2
        addi    a0, a0, 3
        and     a0, a0, s4
        jal     ra, expect_k
        li      a0, 4
        bnez    a4, fail9

        /* 5: offset form */
        slli    t0, s2, 2
        add     t0, t0, s5
        lw      t1, 0(t0)
        addi    t1, t1, -8
        la      a3, 1f
        li      a1, -1
        jalr    x0, 8(t1)
        ebreak                          /* never: wrong path */
1:      mv      a0, s2
        jal     ra, expect_k
        li      a0, 5
        bnez    a4, fail9

        /* 6: ladder */
        la      t1, ladder_end
        slli    t0, s2, 2
        sub     t1, t1, t0
        li      a1, 0
        jr      t1
        ebreak
ladder:
        .rept 64
        addi    a1, a1, 1
        .endr
ladder_end:
        check_eq a1, s2, 6

        /* 7: indirect calls */
        slli    a0, s2, 1
        add     a0, a0, s2
        and     a0, a0, s4
        mv      s8, a0
        slli    t0, a0, 2
        la      t1, funcs
        add     t0, t0, t1
        lw      t1, 0(t0)
        jalr    ra, t1
        mv      t2, s8
        jal     ra, f_value
        li      a0, 7
        bne     a1, t3, fail9

        /* 8: nested indirect calls */
        mv      a0, s2
        slli    t0, a0, 2
        la      t1, funcs2
        add     t0, t0, t1
        lw      t1, 0(t0)
        jalr    t0, t1                  /* a1 = 1000 * k + value(k + 1) */
        addi    t2, s2, 1
        and     t2, t2, s4
        jal     ra, f_value
        li      t4, 1000
        mv      t5, s2
1:      beqz    t5, 2f
        add     t3, t3, t4
        addi    t5, t5, -1
        j       1b
2:      li      a0, 8
        bne     a1, t3, fail9

        addi    s6, s6, -1
        bnez    s6, round
        SIMT_PASS

fail9:  /* a0 = check number; in rounds 2 and 3 it becomes 20 + check */
        li      t0, 3
        beq     s6, t0, 1f
        addi    a0, a0, 20
1:      j       simt_fail

/* dispatch: jump to table[a0]; the block jumps to a3.  a1, a2 set. */
dispatch:
        slli    t0, a0, 2
        add     t0, t0, s5
        lw      t1, 0(t0)
        li      a1, -1
        li      a2, -1
        jr      t1
        ebreak

/* expect_k: a4 = 0 if a1 == 7 * a0 + 3 and a2 == a0, else 1 */
expect_k:
        slli    t0, a0, 3
        sub     t0, t0, a0
        addi    t0, t0, 3
        li      a4, 1
        bne     a1, t0, 1f
        bne     a2, a0, 1f
        li      a4, 0
1:      ret

/* f_value: t3 = value returned by funcs[t2] = 11 * k + 1 (+ 5 if k odd) */
f_value:
        slli    t3, t2, 3
        add     t3, t3, t2
        add     t3, t3, t2
        add     t3, t3, t2
        addi    t3, t3, 1
        andi    t4, t2, 1
        beqz    t4, 1f
        addi    t3, t3, 5
1:      ret

        .section .rodata
        .balign 4
table:
        .set k, 0
        .rept 64
        .word   blocks + 12 * k
        .set k, k + 1
        .endr
funcs:
        .set k, 0
        .rept 64
        .word   funcs_code + 16 * k
        .set k, k + 1
        .endr
funcs2:
        .set k, 0
        .rept 64
        .word   funcs2_code + 8 * k
        .set k, k + 1
        .endr

        .text
        SIMT_TEST_END
