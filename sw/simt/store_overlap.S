/*
 * store_overlap.S - overlapping stores from one instruction: the highest
 * active lane must win (spec.md: results equal executing the lanes in
 * increasing lane order).
 *
 * Every case c uses, for each warp w, its own T-word block at
 * R + ((c * W + w) * T) * 4 (R = _end rounded up to 256; the memory above
 * _end is cleared by the loader), so warps never share a word.  In case c
 * the active lanes execute ONE store to word j of the block (j varies per
 * case: 0, T-1, w % T, T/2, so the shared word is sometimes the leader's own
 * slot, sometimes the highest lane's), then each active lane loads it back
 * and compares with the value of the highest active lane.  Inactive lanes
 * skip the store and the check.
 *
 * The read-back is by the same warp right after the store instruction, so
 * it relies on the store having completed for every lane that executed it
 * before any of them runs the next instruction (the store's replays are at
 * a lower PC than the load).
 *
 *   1   sw, all lanes, word 0                  -> value of lane T-1
 *   2   sw, all lanes, word T-1
 *   3   sw, all lanes, word w % T
 *   4   sw, lanes < T/2 (lane 0 if T = 1), word T/2
 *   5   sw, even lanes, word 0                 -> lane (T-1) & ~1
 *   6   sw, lanes != T-1 (none if T = 1), word T-1 -> lane T-2
 *   7   sw, lane 0 only, word T-1
 *   8   sw, two words: even lanes -> word 0, odd lanes -> word 1 (one
 *       instruction); each lane checks its word holds the highest lane of
 *       its parity
 *   9   sh, all lanes, same halfword (offset 2 of word 0)
 *   10  sb, all lanes, same byte (offset 3 of word T-1)
 *   11  sb, all lanes, same byte (offset 1 of word 0), odd lanes only
 *   12  a word store and then a byte store over it by all lanes: the word
 *       written by the highest lane, then its byte 2 from the highest lane
 *   13  sw, lane 0 to word 0 (its own), lanes 1..T-1 to word T-1: lane 0
 *       reads its own value, the others lane T-1's (T >= 2)
 *
 * Stored values: (c << 24) | (tid << 8) | lane (distinct per lane and case);
 * sub-word cases store the low bits of it.
 */
#include "simt_asm.h"


        SIMT_TEST_BEGIN
        READ_TID(s1)
        READ_LANE(s2)
        READ_NT(s3)
        READ_NW(s4)
        READ_WARP(s5)
        log2    s6, s3                  /* log2 T */
        log2    s7, s4                  /* log2 W */
        la      s8, _end
        addi    s8, s8, 255
        andi    s8, s8, -256            /* R */
        addi    s9, s3, -1              /* T - 1 */

        /* macro-like helpers as subroutines:
         *   blk: a0 = case -> a1 = block address of (case, warp)
         *   val: a0 = case, a2 = lane -> a3 = value of lane a2 in this warp */

        /* 1 */
        li      a0, 1
        jal     ra, blk
        li      a0, 1
        jal     ra, myval
        sw      a3, 0(a1)
        lw      a4, 0(a1)
        li      a0, 1
        mv      a2, s9
        jal     ra, val
        check_eq a4, a3, 1

        /* 2 */
        li      a0, 2
        jal     ra, blk
        slli    t0, s9, 2
        add     a1, a1, t0
        li      a0, 2
        jal     ra, myval
        sw      a3, 0(a1)
        lw      a4, 0(a1)
        li      a0, 2
        mv      a2, s9
        jal     ra, val
        check_eq a4, a3, 2

        /* 3 */
        li      a0, 3
        jal     ra, blk
        and     t0, s5, s9
        slli    t0, t0, 2
        add     a1, a1, t0
        li      a0, 3
        jal     ra, myval
        sw      a3, 0(a1)
        lw      a4, 0(a1)
        li      a0, 3
        mv      a2, s9
        jal     ra, val
        check_eq a4, a3, 3

        /* 4: lanes < max(T/2, 1) */
        srli    s10, s3, 1
        bnez    s10, 1f
        li      s10, 1
1:      bgeu    s2, s10, 2f
        li      a0, 4
        jal     ra, blk
        srli    t0, s3, 1
        slli    t0, t0, 2
        add     a1, a1, t0
        li      a0, 4
        jal     ra, myval
        sw      a3, 0(a1)
        lw      a4, 0(a1)
        li      a0, 4
        addi    a2, s10, -1
        jal     ra, val
        check_eq a4, a3, 4
2:
        /* 5: even lanes */
        andi    t0, s2, 1
        bnez    t0, 2f
        li      a0, 5
        jal     ra, blk
        li      a0, 5
        jal     ra, myval
        sw      a3, 0(a1)
        lw      a4, 0(a1)
        li      a0, 5
        andi    a2, s9, -2
        jal     ra, val
        check_eq a4, a3, 5
2:
        /* 6: lanes != T-1 */
        beq     s2, s9, 2f
        li      a0, 6
        jal     ra, blk
        slli    t0, s9, 2
        add     a1, a1, t0
        li      a0, 6
        jal     ra, myval
        sw      a3, 0(a1)
        lw      a4, 0(a1)
        li      a0, 6
        addi    a2, s9, -1
        jal     ra, val
        check_eq a4, a3, 6
2:
        /* 7: lane 0 only */
        bnez    s2, 2f
        li      a0, 7
        jal     ra, blk
        slli    t0, s9, 2
        add     a1, a1, t0
        li      a0, 7
        jal     ra, myval
        sw      a3, 0(a1)
        lw      a4, 0(a1)
        li      a0, 7
        li      a2, 0
        jal     ra, val
        check_eq a4, a3, 7
2:
        /* 8: two words by parity */
        li      a0, 8
        jal     ra, blk
        andi    t0, s2, 1
        slli    t0, t0, 2
        add     a1, a1, t0
        li      a0, 8
        jal     ra, myval
        sw      a3, 0(a1)
        lw      a4, 0(a1)
        /* highest lane of my parity: (T-1) with bit 0 = my parity, if <= T-1 */
        andi    t0, s2, 1
        andi    a2, s9, -2
        or      a2, a2, t0
        li      a0, 8
        jal     ra, val
        check_eq a4, a3, 8

        /* 9: sh, same halfword */
        li      a0, 9
        jal     ra, blk
        li      a0, 9
        jal     ra, myval
        sh      a3, 2(a1)
        lhu     a4, 2(a1)
        li      a0, 9
        mv      a2, s9
        jal     ra, val
        slli    a3, a3, 16
        srli    a3, a3, 16
        check_eq a4, a3, 9
        lhu     a4, 0(a1)               /* the other half is untouched */
        check_eqi a4, 0, 9

        /* 10: sb, same byte, offset 3 of word T-1 */
        li      a0, 10
        jal     ra, blk
        slli    t0, s9, 2
        add     a1, a1, t0
        li      a0, 10
        jal     ra, myval
        sb      a3, 3(a1)
        lbu     a4, 3(a1)
        li      a0, 10
        mv      a2, s9
        jal     ra, val
        andi    a3, a3, 255
        check_eq a4, a3, 10
        lhu     a4, 0(a1)
        check_eqi a4, 0, 10
        lbu     a4, 2(a1)
        check_eqi a4, 0, 10

        /* 11: sb, same byte, odd lanes only (none if T = 1) */
        andi    t0, s2, 1
        beqz    t0, 2f
        li      a0, 11
        jal     ra, blk
        li      a0, 11
        jal     ra, myval
        sb      a3, 1(a1)
        lbu     a4, 1(a1)
        li      a0, 11
        mv      a2, s9                  /* T-1 is odd when T >= 2 */
        jal     ra, val
        andi    a3, a3, 255
        check_eq a4, a3, 11
2:
        /* 12: word then byte, both overlapping */
        li      a0, 12
        jal     ra, blk
        li      a0, 12
        jal     ra, myval
        sw      a3, 0(a1)
        srli    t0, a3, 8               /* byte = tid & 255 */
        sb      t0, 2(a1)
        lw      a4, 0(a1)
        li      a0, 12
        mv      a2, s9
        jal     ra, val                 /* a3 = highest lane's word */
        li      t1, 0xff
        slli    t1, t1, 16
        not     t1, t1
        and     a3, a3, t1              /* clear byte 2 */
        srli    t0, a3, 8
        andi    t0, t0, 255             /* highest lane's tid & 255 */
        add     t2, s1, s9
        sub     t2, t2, s2              /* highest lane's tid */
        andi    t2, t2, 255
        slli    t2, t2, 16
        or      a3, a3, t2
        check_eq a4, a3, 12

        /* 13: leader alone on its word, the rest on word T-1 */
        li      a0, 13
        jal     ra, blk
        beqz    s2, 1f
        slli    t0, s9, 2
        add     a1, a1, t0
1:      li      a0, 13
        jal     ra, myval
        sw      a3, 0(a1)
        lw      a4, 0(a1)
        li      a0, 13
        mv      a2, s9
        beqz    s2, 2f
        jal     ra, val                 /* lanes >= 1: lane T-1's value */
        j       3f
2:      jal     ra, myval               /* lane 0: its own */
3:      check_eq a4, a3, 13

        SIMT_PASS

/* a1 = R + ((case * W + warp) * T) * 4 */
blk:
        sll     t0, a0, s7
        add     t0, t0, s5
        sll     t0, t0, s6
        slli    t0, t0, 2
        add     a1, s8, t0
        ret

/* a3 = value of lane a2 of this warp in case a0 */
val:
        sub     t0, s1, s2              /* warp * T */
        add     t0, t0, a2              /* tid of lane a2 */
        slli    t0, t0, 8
        or      t0, t0, a2
        slli    a3, a0, 24
        or      a3, a3, t0
        ret

/* a3 = my value in case a0 */
myval:
        mv      a2, s2
        j       val

        SIMT_TEST_END
