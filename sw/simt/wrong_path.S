/*
 * wrong_path.S - nothing on a wrong path may execute: no store, no trap.
 *
 * `canary` (16 words in .data) is never written by a correct execution: a
 * store into it sits right after every taken branch/jump below.  Wrong-path
 * loads from address 0 (access fault), `ebreak` and an all-zero (illegal)
 * instruction sit there too: executing one traps the thread (exit 4 from
 * the harness).  Every thread checks all canaries at the end.  Per-thread
 * slots P[tid], Q[tid] (in the zeroed memory above _end) record which side
 * of a divergent branch ran.
 *
 *   1   uniform taken beq: the store after it did not execute
 *   2   uniform not-taken branch: the store after it did execute (P slot)
 *   3   divergent if/else on lane bit 0: odd lanes wrote P = 3 only, even
 *       lanes Q = 4 only; the stores right after the branch and after the
 *       `j` over the else side are canaries for the other side
 *   4   jal x0 forward, jr (jalr x0) forward, ret from a call: canaries
 *   5   divergent jalr to two targets (lane bit 1): canaries after each
 *   6   backward loop with per-lane trip count: the fall-through store runs
 *       exactly once (Q slot incremented once)
 *   7   the lanes with bit 1 set (none when T <= 2) exit with an ecall
 *       followed by a canary store; the others wait a lane-dependent delay,
 *       then check the canaries
 *   8   the final canary check (any canary changed)
 */
#include "simt_asm.h"

        SIMT_TEST_BEGIN
        READ_TID(s1)
        READ_LANE(s2)
        la      s3, canary              /* canary base */
        li      s4, 0xdead              /* value of any stray store */
        la      t0, _end
        addi    t0, t0, 15
        andi    t0, t0, -16
        slli    t1, s1, 3
        add     s5, t0, t1              /* P = s5, Q = s5 + 4 (per thread) */

        /* 1: uniform taken */
        beq     zero, zero, 1f
        sw      s4, 0(s3)
        lw      t0, 0(zero)
        ebreak
1:      /* 2: uniform not taken: the store must run */
        bne     zero, zero, 1f
        li      t0, 2
        sw      t0, 0(s5)
        lw      t1, 0(s5)
        check_eqi t1, 2, 2
        sw      zero, 0(s5)
        j       2f
1:      sw      s4, 4(s3)
        ebreak
2:
        /* 3: divergent */
        andi    t2, s2, 1
        beqz    t2, 1f
        li      t0, 3                   /* odd lanes */
        sw      t0, 0(s5)
        j       2f
        sw      s4, 8(s3)               /* after j: never */
        ebreak
1:      li      t0, 4                   /* even lanes */
        sw      t0, 4(s5)
2:      lw      t0, 0(s5)
        lw      t1, 4(s5)
        beqz    t2, 3f
        check_eqi t0, 3, 3
        check_eqi t1, 0, 3
        j       4f
3:      check_eqi t0, 0, 3
        check_eqi t1, 4, 3
4:      sw      zero, 0(s5)
        sw      zero, 4(s5)

        /* 3b: the same with the store directly after a divergent branch */
        bnez    t2, 1f
        sw      s2, 0(s5)               /* even lanes only: P = lane */
1:      lw      t0, 0(s5)
        beqz    t2, 2f
        check_eqi t0, 0, 3              /* odd: untouched */
        j       3f
2:      check_eq t0, s2, 3
3:      sw      zero, 0(s5)

        /* 4: jal forward, jr forward, ret */
        jal     x0, 1f
        sw      s4, 12(s3)
        .word   0                       /* illegal instruction */
1:      la      t0, 2f
        jr      t0
        sw      s4, 16(s3)
        lw      t0, 0(zero)
2:      jal     ra, leaf
        /* 5: divergent jalr */
        andi    t2, s2, 2
        la      t0, 5f
        beqz    t2, 1f
        la      t0, 6f
1:      jalr    x0, 0(t0)
        sw      s4, 20(s3)
        ebreak
5:      li      t3, 55
        j       7f
        sw      s4, 24(s3)
        ebreak
6:      li      t3, 66
        j       7f
        sw      s4, 28(s3)
        ebreak
7:      li      t4, 55
        beqz    t2, 1f
        li      t4, 66
1:      check_eq t3, t4, 5

        /* 6: backward loop, trip count lane % 8 + 1 */
        andi    t0, s2, 7
        addi    t0, t0, 1
        li      t1, 0
1:      addi    t1, t1, 1
        addi    t0, t0, -1
        bnez    t0, 1b
        lw      t3, 4(s5)               /* fall-through: once */
        addi    t3, t3, 1
        sw      t3, 4(s5)
        andi    t0, s2, 7
        addi    t0, t0, 1
        check_eq t1, t0, 6
        lw      t3, 4(s5)
        check_eqi t3, 1, 6

        /* 7: lanes with bit 1 set exit now (after checking the canaries) */
        jal     ra, check_canaries
        andi    t2, s2, 2
        beqz    t2, 1f
        li      a0, 0
        li      a7, SIMTY_SYS_EXIT
        ecall
        sw      s4, 32(s3)              /* after exit: never */
        lw      t0, 0(zero)
        ebreak
1:      slli    t0, s2, 4               /* the others wait */
        addi    t0, t0, 200
2:      addi    t0, t0, -1
        bnez    t0, 2b
        jal     ra, check_canaries
        SIMT_PASS

leaf:   ret
        sw      s4, 36(s3)
        ebreak

/* 8: every canary still holds its initial value 0x5a5a0000 + i */
check_canaries:
        li      t0, 0
        li      t1, 0x5a5a0000
1:      slli    t2, t0, 2
        add     t2, t2, s3
        lw      t3, 0(t2)
        add     t4, t1, t0
        beq     t3, t4, 2f
        li      a0, 8
        j       simt_fail
2:      addi    t0, t0, 1
        li      t5, 16
        bltu    t0, t5, 1b
        ret

        .data
        .balign 16
canary:
        .set i, 0
        .rept 16
        .word   0x5a5a0000 + i
        .set i, i + 1
        .endr

        .text
        SIMT_TEST_END
