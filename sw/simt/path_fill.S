/*
 * path_fill.S - fill a warp's path list to its worst case: one thread per
 * path, T paths at once (HCT1, HCT2 and T-2 CCT entries), in an order the
 * sorter has to fix.
 *
 * Layout: the dispatching `jalr` sits below 64 blocks, which sit below the
 * join point.  Under MinSP-PC the replayed jump (lowest PC) runs again until
 * every lane has left, one lane per pass, so T single-thread paths at T
 * distinct PCs coexist; then the lowest block runs to the join (above every
 * block) and waits there, and so on: every path merges at the join.
 *
 * Lane l of round r (r = 0..5) goes to block p = (l * (2r + 1) + 3r) mod T
 * (a permutation), which loops p % 5 + 1 times adding p + 1 to a1 and calls
 * a leaf through ra (rounds 3-5: depth-1 paths among depth-0 ones).
 *
 *   1..6   round r+1: a1 != (p % 5 + 1) * (p + 1) or a2 != p
 *   7      recursion to depth (7l + 1) mod T mod 16 with a lane-dependent
 *          branch at every level (paths at different depths and PCs): the
 *          value differs from the same computation done by a loop
 *   8      the leaf calls were not made exactly once per round
 */
#include "simt_asm.h"

#define ROUNDS 6

        SIMT_TEST_BEGIN
        SIMT_STACK(256)
        READ_LANE(s2)
        READ_NT(s3)
        addi    s4, s3, -1              /* T - 1 */
        li      s6, 0                   /* round */
        li      s7, 0                   /* leaf calls */

round:  /* p = (l * (2r + 1) + 3r) & (T - 1) */
        slli    t0, s6, 1
        addi    t0, t0, 1
        li      s8, 0
        mv      t1, s2
1:      beqz    t0, 2f                  /* s8 = l * (2r + 1) */
        add     s8, s8, t1
        addi    t0, t0, -1
        j       1b
2:      add     s8, s8, s6
        add     s8, s8, s6
        add     s8, s8, s6
        and     s8, s8, s4              /* s8 = p */
        slli    t0, s8, 2
        la      t1, table
        add     t0, t0, t1
        lw      t1, 0(t0)
        li      a1, 0
        li      a2, -1
        li      t5, 3
        sltu    s9, s6, t5
        xori    s9, s9, 1               /* s9 = 1: blocks call the leaf */
        jr      t1                      /* T targets */
        ebreak

        .balign 4
blocks:
        .set k, 0
        .rept 64
        li      a2, k
        li      t1, (k % 5) + 1
1:      addi    a1, a1, k + 1
        addi    t1, t1, -1
        bnez    t1, 1b
        beqz    s9, 2f
        jal     ra, leaf
2:      j       join
        .set k, k + 1
        .endr

join:   /* expected: a1 = (p % 5 + 1) * (p + 1), a2 = p */
        mv      t0, s8
1:      addi    t1, t0, -5
        bltz    t1, 2f
        mv      t0, t1
        j       1b
2:      addi    t0, t0, 1               /* p % 5 + 1 */
        addi    t2, s8, 1
        li      t3, 0
3:      add     t3, t3, t2
        addi    t0, t0, -1
        bnez    t0, 3b
        addi    a0, s6, 1               /* check number = round + 1 */
        bne     a1, t3, simt_fail
        bne     a2, s8, simt_fail
        addi    s6, s6, 1
        li      t0, ROUNDS
        bltu    s6, t0, round

        /* 8: leaf called once in each of rounds 3..5 */
        check_eqi s7, ROUNDS - 3, 8

        /* 7: recursion, depth n = ((7l + 1) & (T - 1)) & 15 */
        slli    t0, s2, 3
        sub     t0, t0, s2
        addi    t0, t0, 1
        and     t0, t0, s4
        andi    a0, t0, 15
        mv      s10, a0
        jal     ra, rec
        mv      s11, a0
        /* the same by a loop: r = 0; for i = 1..n: r = 2r + i, then
         * r += 3 if i odd, r ^= 5 if even */
        li      t1, 0
        li      t2, 1
1:      bgtu    t2, s10, 3f
        slli    t1, t1, 1
        add     t1, t1, t2
        andi    t3, t2, 1
        beqz    t3, 2f
        addi    t1, t1, 3
        addi    t2, t2, 1
        j       1b
2:      xori    t1, t1, 5
        addi    t2, t2, 1
        j       1b
3:      check_eq s11, t1, 7
        SIMT_PASS

leaf:   addi    s7, s7, 1
        ret

/* rec(n): 0 if n == 0, else r = 2 * rec(n - 1) + n, then +3 (n odd) or
 * ^5 (n even) */
rec:    beqz    a0, 9f
        addi    sp, sp, -16
        sw      ra, 0(sp)
        sw      a0, 4(sp)
        addi    a0, a0, -1
        jal     ra, rec
        lw      t0, 4(sp)
        lw      ra, 0(sp)
        addi    sp, sp, 16
        slli    a0, a0, 1
        add     a0, a0, t0
        andi    t1, t0, 1
        beqz    t1, 1f
        addi    a0, a0, 3
        ret
1:      xori    a0, a0, 5
        ret
9:      ret

        .section .rodata
        .balign 4
table:
        .set k, 0
        .rept 64
        .word   blocks + 32 * k
        .set k, k + 1
        .endr

        .text
        SIMT_TEST_END
