/*
 * fence_rd.S - fence with rd != x0 (hand-encoded: assemblers write rd = 0;
 * directed test of tb/ref/check_fastpath.py).
 *
 * A fence (MISC-MEM, funct3 = 0) is legal whatever its other fields, and the
 * core writes no register for it: its write enable (mb_walu of gen/exec.c)
 * leaves MISC-MEM out.  So the model may not write rd either, on its fast
 * path (ref_exec_uniform, no commit log) or its general one (exec_one), with
 * every lane of a warp (f_all, f_t6) or some of them (f_even, on a divergent
 * path but at 1x1).  The registers keep their values: checks 1 to 6 otherwise.
 *
 * nowrite f_all
 * nowrite f_even
 * nowrite f_t6
 */
#include "simt_asm.h"

        SIMT_TEST_BEGIN
        READ_LANE(s0)
        li      t0, 0x1230
        add     t0, t0, s0              /* t0 = 0x1230 + lane */
        li      a1, 0x5670
        add     a1, a1, s0              /* a1 = 0x5670 + lane */
        li      t6, -7
f_all:  .word   0x0ff0028f              /* fence iorw, iorw with rd = t0 */
        mv      t2, t0                  /* reads it at once */
        li      t1, 0x1230
        add     t1, t1, s0
        check_eq t0, t1, 1
        check_eq t2, t1, 2
        andi    t3, s0, 1
        bnez    t3, 1f
f_even: .word   0x0ff5858f              /* the even lanes: fence with rd = rs1 = a1 */
        addi    a2, a1, 0
1:      li      t1, 0x5670
        add     t1, t1, s0
        check_eq a1, t1, 3
        bnez    t3, 2f
        check_eq a2, t1, 4
2:
f_t6:   .word   0x00000f8f              /* fence (no predecessor or successor set), rd = t6 */
        li      t1, -7
        check_eq t6, t1, 5
        fence                           /* and the usual one */
        check_eq t6, t1, 6
        SIMT_PASS
        SIMT_TEST_END
