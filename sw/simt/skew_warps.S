/*
 * skew_warps.S - warps skewed apart (assembly, so it also runs where the C
 * tests cannot: W*T = 512 in 256 KiB).  Warp w first waits
 * (W - 1 - w) * 64 iterations (the last warp starts first; in odd warps each
 * lane waits 8 * lane more), then all run a common phase: a walk over a
 * read-only table with a divergent branch per step and a call in one side,
 * storing the running value to the thread's own slot and reading it back
 * every step.  Then the reverse skew (warp w waits w * 64) and the same
 * phase with another seed.
 *
 *   1   phase 1 result differs from the value computed branch-free
 *   2   phase 2 result differs
 *   3   a slot read back differs from what the thread stored
 *   4   the ids read after the skews changed
 */
#include "simt_asm.h"

        SIMT_TEST_BEGIN
        READ_TID(s1)
        READ_LANE(s2)
        READ_WARP(s3)
        READ_NW(s4)
        la      t0, _end
        addi    t0, t0, 15
        andi    t0, t0, -16
        slli    t1, s1, 2
        add     s5, t0, t1              /* own slot */

        /* skew A */
        addi    t0, s4, -1
        sub     t0, t0, s3
        slli    t0, t0, 6
        andi    t1, s3, 1
        beqz    t1, 1f
        slli    t1, s2, 3
        add     t0, t0, t1
1:      jal     ra, delay

        li      a0, 3
        jal     ra, phase
        mv      s6, a0
        li      a0, 3
        jal     ra, phase_ref
        check_eq s6, a0, 1

        /* skew B */
        slli    t0, s3, 6
        jal     ra, delay
        li      a0, 11
        jal     ra, phase
        mv      s6, a0
        li      a0, 11
        jal     ra, phase_ref
        check_eq s6, a0, 2

        READ_TID(t0)
        check_eq t0, s1, 4
        READ_LANE(t0)
        check_eq t0, s2, 4
        READ_WARP(t0)
        check_eq t0, s3, 4
        SIMT_PASS

delay:  addi    t0, t0, -1
        bgez    t0, delay
        ret

/* phase(seed a0): h = seed; p = (7 tid + seed) & 63; 24 steps:
 *   t = tab[p]; if t odd: h = mix(h, t) = 33h + t (a call) else h ^= t << (i & 7);
 *   p = (p + (t & 15) + 1) & 63; slot = h; check slot == h */
phase:
        mv      a7, ra
        mv      a1, a0                  /* h */
        slli    a2, s1, 3
        sub     a2, a2, s1
        add     a2, a2, a0
        andi    a2, a2, 63              /* p */
        li      a3, 0                   /* i */
        la      a4, tab
1:      slli    t0, a2, 1
        add     t0, t0, a4
        lhu     t1, 0(t0)               /* t */
        andi    t2, t1, 1
        beqz    t2, 2f
        jal     ra, mix
        j       3f
2:      andi    t3, a3, 7
        sll     t3, t1, t3
        xor     a1, a1, t3
3:      sw      a1, 0(s5)
        lw      t3, 0(s5)
        check_eq t3, a1, 3
        andi    t3, t1, 15
        add     a2, a2, t3
        addi    a2, a2, 1
        andi    a2, a2, 63
        addi    a3, a3, 1
        li      t3, 24
        bltu    a3, t3, 1b
        mv      a0, a1
        jr      a7
mix:    slli    t3, a1, 5
        add     a1, a1, t3
        add     a1, a1, t1
        ret

/* the same without branches: m = -(t & 1);
 * h = (m & (33h + t)) | (~m & (h ^ (t << (i & 7)))) */
phase_ref:
        mv      a1, a0
        slli    a2, s1, 3
        sub     a2, a2, s1
        add     a2, a2, a0
        andi    a2, a2, 63
        li      a3, 0
        la      a4, tab
1:      slli    t0, a2, 1
        add     t0, t0, a4
        lhu     t1, 0(t0)
        andi    t2, t1, 1
        neg     t2, t2                  /* m */
        slli    t3, a1, 5
        add     t3, t3, a1
        add     t3, t3, t1              /* 33h + t */
        andi    t4, a3, 7
        sll     t4, t1, t4
        xor     t4, t4, a1              /* h ^ (t << (i & 7)) */
        and     t3, t3, t2
        not     t2, t2
        and     t4, t4, t2
        or      a1, t3, t4
        andi    t3, t1, 15
        add     a2, a2, t3
        addi    a2, a2, 1
        andi    a2, a2, 63
        addi    a3, a3, 1
        li      t3, 24
        bltu    a3, t3, 1b
        mv      a0, a1
        ret

        .section .rodata
        .balign 4
tab:
        .half 0x1f3, 0x0a1, 0x377, 0x2c0, 0x05e, 0x3ff, 0x120, 0x2d9
        .half 0x0b4, 0x333, 0x1a8, 0x061, 0x2fe, 0x187, 0x0d2, 0x3c5
        .half 0x241, 0x01b, 0x39c, 0x16e, 0x2a3, 0x0f7, 0x358, 0x1c4
        .half 0x08d, 0x3e1, 0x132, 0x27f, 0x0c6, 0x31a, 0x1e9, 0x054
        .half 0x2b7, 0x10c, 0x3a5, 0x07a, 0x2e4, 0x19f, 0x046, 0x36b
        .half 0x1b1, 0x0e8, 0x325, 0x28c, 0x013, 0x3d6, 0x15a, 0x2f1
        .half 0x09c, 0x34e, 0x1d7, 0x026, 0x2ca, 0x171, 0x0ab, 0x3b8
        .half 0x204, 0x07f, 0x3ea, 0x143, 0x295, 0x0da, 0x364, 0x1bd

        .text
        SIMT_TEST_END
