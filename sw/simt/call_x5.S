/*
 * call_x5.S - calls through x5 (t0), tail calls, coroutine swaps and
 * recursion, in uniform and divergent code.  Call depth (spec.md):
 * jal/jalr with rd in {ra, t0} +1; jalr with rs1 in {ra, t0} and rd not a
 * link -1; jalr with both link registers and rd != rs1: 0.
 *
 *   1   `jal t0, f` / `jr t0` in uniform code
 *   2   divergent: odd lanes call through t0, even lanes through ra
 *   3   nested: a ra-call whose body calls through t0 (twice in lanes with
 *       bit 1 set)
 *   4   tail calls: `tail` (jr t1) chosen per lane, then a tail call through
 *       a non-link register (jr a2); the callee returns to the first caller
 *   5   a t0-called function that leaves by a (divergent) branch into one of
 *       two t0-returning functions
 *   6   coroutine swap: jal t0, co; co yields with `jalr ra, t0` (depth 0);
 *       main resumes it with `jalr t0, ra` (depth 0); co ends with jr t0;
 *       only in lanes with lane % 3 != 0
 *   7   `jalr t0, t0` (rd == rs1 == t0: a call)
 *   8   `jalr ra, ra` (a call)
 *   9   `jalr ra, 0(t0)` used as a call (both links, rd != rs1: depth 0)
 *   10  recursion through t0 to depth lane % 16 (stack frames of 16 bytes)
 *   11  recursion alternating ra and t0 calls to depth (lane * 5) % 13
 *   12  tail-recursive loop through `tail` to depth lane % 16 + 1
 */
#include "simt_asm.h"

        SIMT_TEST_BEGIN
        SIMT_STACK(256)
        READ_TID(s1)
        READ_LANE(s2)
        andi    s3, s2, 1

        /* 1 */
        li      a0, 5
        jal     t0, inc_t0
        check_eqi a0, 6, 1

        /* 2 */
        li      a0, 10
        beqz    s3, 1f
        jal     t0, add_lane_t0
        j       2f
1:      jal     ra, add_2lane_ra
2:      slli    t1, s2, 1
        beqz    s3, 3f
        mv      t1, s2
3:      addi    t1, t1, 10
        check_eq a0, t1, 2

        /* 3 */
        li      a0, 0
        jal     ra, outer_ra
        andi    t1, s2, 2
        snez    t1, t1
        addi    t1, t1, 1101
        check_eq a0, t1, 3

        /* 4 */
        li      a0, 1
        jal     ra, tc_entry
        li      t1, 26
        beqz    s3, 1f
        li      t1, 21
1:      check_eq a0, t1, 4

        /* 5 */
        li      a0, 0
        jal     t0, t0_branchy
        andi    t1, s2, 2
        li      t2, 3                   /* 2 + 1 */
        beqz    t1, 1f
        addi    t2, s2, 2               /* 2 + lane */
1:      check_eq a0, t2, 5

        /* 6: lane % 3 by repeated subtraction */
        mv      t1, s2
1:      addi    t2, t1, -3
        bltz    t2, 2f
        mv      t1, t2
        j       1b
2:      li      a0, 0
        li      s4, 7
        beqz    t1, 3f
        li      s4, 1111
        jal     t0, co
        addi    a0, a0, 10
        jalr    t0, ra                  /* resume co (depth 0) */
        addi    a0, a0, 1000
        j       4f
3:      li      a0, 7
4:      check_eq a0, s4, 6

        /* 7 */
        la      t0, inc_t0
        li      a0, 40
        jalr    t0, t0
        check_eqi a0, 41, 7

        /* 8 */
        la      ra, add_2lane_ra
        li      a0, 3
        jalr    ra, ra
        slli    t1, s2, 1
        addi    t1, t1, 3
        check_eq a0, t1, 8

        /* 9 */
        la      t0, add_2lane_ra
        li      a0, 9
        jalr    ra, 0(t0)
        slli    t1, s2, 1
        addi    t1, t1, 9
        check_eq a0, t1, 9

        /* 10: a0 = sum 1..n through t0 recursion, n = lane % 16 */
        andi    a1, s2, 15
        li      a0, 0
        jal     t0, rec_t0
        andi    t1, s2, 15
        addi    t2, t1, 1
        jal     ra, tri                 /* t3 = t1 * t2 / 2 */
        check_eq a0, t3, 10

        /* 11: n = (lane * 5) % 13, alternating calls */
        slli    a1, s2, 2
        add     a1, a1, s2
1:      addi    t1, a1, -13
        bltz    t1, 2f
        mv      a1, t1
        j       1b
2:      mv      s5, a1
        li      a0, 0
        jal     ra, rec_mix
        mv      t1, s5
        addi    t2, t1, 1
        jal     ra, tri
        slli    t3, t3, 1               /* rec_mix adds 2n per level */
        check_eq a0, t3, 11

        /* 12: tail recursion, lane % 16 + 1 steps of +3 */
        andi    a1, s2, 15
        addi    a1, a1, 1
        li      a0, 0
        jal     ra, tail_loop
        andi    t1, s2, 15
        addi    t1, t1, 1
        slli    t2, t1, 1
        add     t1, t1, t2
        check_eq a0, t1, 12

        SIMT_PASS

/* ---- functions ---- */
inc_t0:                                 /* a0 += 1, return through t0 */
        addi    a0, a0, 1
        jr      t0

add_lane_t0:                            /* a0 += lane */
        add     a0, a0, s2
        jr      t0

add_2lane_ra:                           /* a0 += 2 * lane */
        add     a0, a0, s2
        add     a0, a0, s2
        ret

outer_ra:                               /* a0 += 1101 (+1 if lane & 2) */
        addi    a0, a0, 100
        andi    t1, s2, 2
        beqz    t1, 1f
        jal     t0, inc_t0
1:      jal     t0, inc_t0
        addi    a0, a0, 1000
        ret

tc_entry:                               /* a0 *= 16, then tail call */
        slli    a0, a0, 4
        andi    t1, s2, 1
        bnez    t1, 1f
        tail    tc_a
1:      tail    tc_b
tc_a:   addi    a0, a0, 3
        la      a2, tc_c
        jr      a2
tc_b:   addi    a0, a0, 5
        ret
tc_c:   addi    a0, a0, 7
        ret

t0_branchy:                             /* a0 += 2, then leave by a branch */
        addi    a0, a0, 2
        andi    t1, s2, 2
        beqz    t1, inc_t0
        j       add_lane_t0

co:                                     /* coroutine: +1, yield, +100 */
        addi    a0, a0, 1
        jalr    ra, t0                  /* yield (depth 0) */
        addi    a0, a0, 100
        jr      t0

tri:                                    /* t3 = t1 * t2 / 2 (small) */
        li      t3, 0
        mv      t4, t2
1:      beqz    t4, 2f
        add     t3, t3, t1
        addi    t4, t4, -1
        j       1b
2:      srli    t3, t3, 1
        ret

rec_t0:                                 /* a0 += a1 + (a1-1) + ... + 1 */
        beqz    a1, 1f
        addi    sp, sp, -16
        sw      t0, 0(sp)
        sw      a1, 4(sp)
        addi    a1, a1, -1
        jal     t0, rec_t0
        lw      a1, 4(sp)
        lw      t0, 0(sp)
        addi    sp, sp, 16
        add     a0, a0, a1
1:      jr      t0

rec_mix:                                /* a0 += 2 * (a1 + ... + 1) */
        beqz    a1, 9f
        addi    sp, sp, -16
        sw      ra, 0(sp)
        sw      a1, 4(sp)
        addi    a1, a1, -1
        jal     t0, rec_mix_t0
        lw      a1, 4(sp)
        lw      ra, 0(sp)
        addi    sp, sp, 16
        add     a0, a0, a1
        add     a0, a0, a1
9:      ret
rec_mix_t0:
        beqz    a1, 9f
        addi    sp, sp, -16
        sw      t0, 0(sp)
        sw      a1, 4(sp)
        addi    a1, a1, -1
        jal     ra, rec_mix
        lw      a1, 4(sp)
        lw      t0, 0(sp)
        addi    sp, sp, 16
        add     a0, a0, a1
        add     a0, a0, a1
9:      jr      t0

tail_loop:                              /* a1 times: a0 += 3 */
        beqz    a1, 1f
        addi    a0, a0, 3
        addi    a1, a1, -1
        tail    tail_loop
1:      ret

        SIMT_TEST_END
