/*
 * switch.S - a `switch` twice: as a chain of compares (reconverges at its
 * end) and as a jump table through `jalr` (targets unknown to the analysis:
 * reconvergence at the function's exit, i.e. when the threads return), in a
 * function called from _start.
 *
 * expect br_c0 chain_end
 * expect br_c1 chain_end
 * expect br_bounds exit
 * expect jr_table exit
 * full after_call
 */
#include "simt_asm.h"

        SIMT_TEST_BEGIN
        READ_LANE(s0)
        andi    a0, s0, 3
        call    sw_func
after_call:
        andi    t0, s0, 3
        slli    t1, t0, 1
        add     t0, t0, t1              /* 3 * (lane & 3) */
        addi    t0, t0, 100
        check_eq a0, t0, 1
        SIMT_PASS
        SIMT_TEST_END

        .text
        .type   sw_func, @function
sw_func:                                /* a0 in 0..3 -> a0 = 3 * a0 + 100 */
        li      t1, 0
br_c0:  beqz    a0, c0
        li      t2, 1
br_c1:  beq     a0, t2, c1
        li      t1, 2                   /* default */
        j       chain_end
c0:     li      t1, 0
        j       chain_end
c1:     li      t1, 1
chain_end:
        add     a1, a0, a0              /* 2 * a0 (the chain checked below) */
        li      t2, 3
br_bounds: bgeu a0, t2, dflt
        la      t2, table
        slli    t3, a0, 2
        add     t2, t2, t3
        lw      t2, 0(t2)
jr_table: jr    t2
case0:  li      a0, 100
        ret
case1:  li      a0, 103
        ret
case2:  li      a0, 106
        ret
dflt:   li      a0, 109
        ret
        .size   sw_func, . - sw_func

        .section .rodata
        .balign 4
table:  .word   case0, case1, case2
