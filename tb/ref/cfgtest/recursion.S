/*
 * recursion.S - a recursive function whose base case and recursive case
 * meet at a common epilogue: the branch reconverges there, and only at the
 * same call depth (a deeper activation passing the epilogue must not pop
 * the caller's entry).
 *
 *   int sum(int n) { int r; if (n <= 0) r = 0; else r = n + sum(n - 1); return r; }
 *
 * expect br_base epilogue
 * full after_call
 */
#include "simt_asm.h"

        SIMT_TEST_BEGIN
        READ_LANE(s0)
        READ_TID(t0)                    /* a 256-byte stack per thread */
        la      sp, stacks
        addi    t0, t0, 1
        slli    t0, t0, 8
        add     sp, sp, t0
        mv      a0, s0
        call    sum
after_call:
        /* expected n (n + 1) / 2 by a loop */
        li      t1, 0
        mv      t2, s0
1:      beqz    t2, 2f
        add     t1, t1, t2
        addi    t2, t2, -1
        j       1b
2:      check_eq a0, t1, 1
        SIMT_PASS
        SIMT_TEST_END

        .text
        .type   sum, @function
sum:    addi    sp, sp, -16
        sw      ra, 12(sp)
        sw      s1, 8(sp)
        mv      s1, a0
br_base: blez   a0, base
        addi    a0, a0, -1
        call    sum
        add     a0, a0, s1
        j       epilogue
base:   li      a0, 0
epilogue:
        lw      s1, 8(sp)
        lw      ra, 12(sp)
        addi    sp, sp, 16
        ret
        .size   sum, . - sum

        .bss
        .balign 16
stacks: .space  256 * 64                /* up to 64 threads */
