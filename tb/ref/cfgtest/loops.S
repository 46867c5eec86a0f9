/*
 * loops.S - nested loops with a `break` out of the inner one, trip counts
 * from the lane id (directed test of the post-dominator analysis).
 *
 *   for (i = 0; i < 3; i++) { for (j = 0; j < 4; j++) { if (j == lane) break; n++; } }
 *
 * expect br_break ibreak
 * expect br_inner ibreak
 * expect br_outer odone
 * full odone
 */
#include "simt_asm.h"

        SIMT_TEST_BEGIN
        READ_LANE(s0)
        li      s3, 0                   /* n */
        li      s1, 0                   /* i */
oloop:  li      s2, 0                   /* j */
iloop:
br_break: beq   s2, s0, ibreak
        addi    s3, s3, 1
        addi    s2, s2, 1
        li      t1, 4
br_inner: blt   s2, t1, iloop
ibreak: addi    s1, s1, 1
        li      t1, 3
br_outer: blt   s1, t1, oloop
odone:  /* n = 3 * min(lane, 4) */
        mv      t0, s0
        li      t1, 4
        bltu    t0, t1, 1f
        mv      t0, t1
1:      slli    t1, t0, 1
        add     t0, t0, t1
        check_eq s3, t0, 1
        SIMT_PASS
        SIMT_TEST_END
