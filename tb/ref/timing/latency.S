/*
 * latency.S - one case of each rule of the model's latency model
 * (tb/ref/latency.c), checked from the commit log's issue cycles by
 * tb/ref/check_timing.py on W = 1, T = 2.  Results are checked too.
 */
#include "simt_asm.h"

        SIMT_TEST_BEGIN
        READ_LANE(s0)                   /* CSR read: the next issue waits for the resolve */
csr_next:
        la      s1, data
indep0: addi    t0, x0, 1               /* independent ALU instructions: one a cycle */
indep1: addi    t1, x0, 2
        addi    t2, x0, 3
dep0:   addi    t3, x0, 4
dep1:   addi    t3, t3, 1               /* reads dep0's result: 6 cycles after dep0 */
ld:     lw      t4, 0(s1)
use:    addi    t4, t4, 1               /* reads the load: 10 cycles after it */
        li      t5, 3
        li      t6, 0
loop:   addi    t5, t5, -1
        addi    t6, t6, 1
lbr:    bnez    t5, loop                /* backward taken (predicted): 3 cycles; the last, not taken: 10 */
after:  addi    a2, x0, 7
split:  beqz    s0, side0               /* lane 0 jumps, lane 1 falls through: a split */
side1:  addi    a1, x0, 1
side1b: addi    a1, a1, 1
        j       join
side0:  addi    a1, x0, 1
side0b: addi    a1, a1, 1
join:   li      t0, 2
        check_eq a1, t0, 1
        li      t0, 6
        check_eq t4, t0, 2
        li      t0, 3
        check_eq t6, t0, 3
        li      t0, 5
        check_eq t3, t0, 4
        SIMT_PASS
        SIMT_TEST_END

        .data
        .balign 4
data:   .word   5
