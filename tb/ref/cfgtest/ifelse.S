/*
 * ifelse.S - if/else and nested if/else on the lane id (directed test of the
 * post-dominator analysis, tb/ref/check_cfg.py).
 *
 * Expectations: "expect <branch label> <reconvergence label or exit>";
 * "full <label>": under the stack policies every issue of that instruction
 * has all the lanes of the warp.
 *
 * expect br_if join1
 * expect br_outer join2
 * expect br_inner join_in
 * full join1
 * full join2
 */
#include "simt_asm.h"

        SIMT_TEST_BEGIN
        READ_LANE(s0)
        andi    t0, s0, 1
br_if:  beqz    t0, else1               /* if (lane odd) a1 = 1 else a1 = 2 */
        li      a1, 1
        j       join1
else1:  li      a1, 2
join1:  add     a2, a1, t0              /* 2 for every lane */
        li      t1, 2
        check_eq a2, t1, 1
        /* if (lane < 2) { if (lane == 0) a3 = 10 else a3 = 11 } else a3 = 12 */
        li      t1, 2
br_outer: bgeu  s0, t1, big
br_inner: bnez  s0, one
        li      a3, 10
        j       join_in
one:    li      a3, 11
join_in: addi   a3, a3, 0
        j       join2
big:    li      a3, 12
join2:  li      t1, 10
        beqz    s0, 1f
        li      t1, 11
        li      t2, 1
        beq     s0, t2, 1f
        li      t1, 12
1:      check_eq a3, t1, 2
        SIMT_PASS
        SIMT_TEST_END
