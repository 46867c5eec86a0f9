/*
 * csr_read.S - every Simty CSR, in every read form, from every thread.
 *
 *   1-2   W (0xFC2) and T (0xFC3) are powers of two in 1..64
 *   3-4   warp id (0xFC0) < W, lane id (0xFC1) < T
 *   5     mhartid == warp * T + lane
 *   6-10  csrrs/csrrc with rs1 = x0 and csrrsi/csrrci with 0 read the same
 *         value as csrr, for mhartid, warp, lane, W and T
 *   11    cycle/cycleh read as a 64-bit value (cycleh twice) strictly
 *         increases over 16 reads with work in between
 *   12    all read forms of cycle increase
 *   13    the ids read inside a divergent branch (odd / even lanes, a
 *         lane-dependent delay loop) are the same as before
 *   14    cycle advances across the divergent section (per thread)
 *   15    mhartid < W * T
 */
#include "simt_asm.h"

        SIMT_TEST_BEGIN
        csrr    s0, mhartid
        csrr    s1, 0xfc0               /* warp */
        csrr    s2, 0xfc1               /* lane */
        csrr    s3, 0xfc2               /* W */
        csrr    s4, 0xfc3               /* T */

        /* 1: W power of two, 1..64 */
        beqz    s3, 1f
        addi    t0, s3, -1
        and     t0, t0, s3
        bnez    t0, 1f
        li      t0, 64
        bgtu    s3, t0, 1f
        j       2f
1:      li      a0, 1
        j       simt_fail
2:      /* 2: T power of two, 1..64 */
        beqz    s4, 1f
        addi    t0, s4, -1
        and     t0, t0, s4
        bnez    t0, 1f
        li      t0, 64
        bgtu    s4, t0, 1f
        j       2f
1:      li      a0, 2
        j       simt_fail
2:
        /* 3, 4 */
        bltu    s1, s3, 1f
        li      a0, 3
        j       simt_fail
1:      bltu    s2, s4, 1f
        li      a0, 4
        j       simt_fail
1:
        /* 5: mhartid == warp * T + lane (shift-and-add multiply) */
        mv      t0, s1
        mv      t1, s4
        li      t2, 0
1:      andi    t3, t1, 1
        beqz    t3, 2f
        add     t2, t2, t0
2:      slli    t0, t0, 1
        srli    t1, t1, 1
        bnez    t1, 1b
        add     t2, t2, s2
        check_eq s0, t2, 5

        /* 15: mhartid < W * T */
        log2    t0, s3
        sll     t1, s4, t0
        bltu    s0, t1, 1f
        li      a0, 15
        j       simt_fail
1:
        /* 6..10: the other read forms */
        csrrs   t0, mhartid, x0
        csrrc   t1, mhartid, x0
        csrrsi  t2, mhartid, 0
        csrrci  t3, mhartid, 0
        check_eq t0, s0, 6
        check_eq t1, s0, 6
        check_eq t2, s0, 6
        check_eq t3, s0, 6
        csrrs   t0, 0xfc0, x0
        csrrc   t1, 0xfc0, x0
        csrrsi  t2, 0xfc0, 0
        csrrci  t3, 0xfc0, 0
        check_eq t0, s1, 7
        check_eq t1, s1, 7
        check_eq t2, s1, 7
        check_eq t3, s1, 7
        csrrs   t0, 0xfc1, x0
        csrrc   t1, 0xfc1, x0
        csrrsi  t2, 0xfc1, 0
        csrrci  t3, 0xfc1, 0
        check_eq t0, s2, 8
        check_eq t1, s2, 8
        check_eq t2, s2, 8
        check_eq t3, s2, 8
        csrrs   t0, 0xfc2, x0
        csrrc   t1, 0xfc2, x0
        csrrsi  t2, 0xfc2, 0
        csrrci  t3, 0xfc2, 0
        check_eq t0, s3, 9
        check_eq t1, s3, 9
        check_eq t2, s3, 9
        check_eq t3, s3, 9
        csrrs   t0, 0xfc3, x0
        csrrc   t1, 0xfc3, x0
        csrrsi  t2, 0xfc3, 0
        csrrci  t3, 0xfc3, 0
        check_eq t0, s4, 10
        check_eq t1, s4, 10
        check_eq t2, s4, 10
        check_eq t3, s4, 10

        /* 11: 64-bit cycle strictly increasing.  (s6:s5) = previous. */
        jal     ra, read_cycle
        mv      s5, a0
        mv      s6, a1
        li      s7, 16
1:      andi    t0, s7, 3               /* a little work in between */
2:      addi    t0, t0, -1
        bgez    t0, 2b
        jal     ra, read_cycle
        bltu    s6, a1, 3f              /* hi grew: fine */
        bne     s6, a1, 4f              /* hi shrank */
        bltu    s5, a0, 3f              /* same hi, lo grew */
4:      li      a0, 11
        j       simt_fail
3:      mv      s5, a0
        mv      s6, a1
        addi    s7, s7, -1
        bnez    s7, 1b

        /* 12: every read form of cycle increases */
        rdcycle t0
        csrrs   t1, cycle, x0
        csrrc   t2, cycle, x0
        csrrsi  t3, cycle, 0
        csrrci  t4, cycle, 0
        csrrs   t5, cycleh, x0          /* just readable */
        csrrci  t5, cycleh, 0
        sub     a1, t1, t0              /* unsigned differences, > 0 */
        beqz    a1, 5f
        bltz    a1, 5f
        sub     a1, t2, t1
        beqz    a1, 5f
        bltz    a1, 5f
        sub     a1, t3, t2
        beqz    a1, 5f
        bltz    a1, 5f
        sub     a1, t4, t3
        beqz    a1, 5f
        bltz    a1, 5f
        j       6f
5:      li      a0, 12
        j       simt_fail
6:
        /* 13, 14: ids inside divergent code; cycle across it */
        jal     ra, read_cycle
        mv      s5, a0
        mv      s6, a1
        andi    t0, s2, 1
        beqz    t0, 1f
        slli    t1, s2, 2               /* odd lanes: delay 4 * lane */
2:      addi    t1, t1, -1
        bgtz    t1, 2b
        csrr    t2, 0xfc1
        csrr    t3, mhartid
        csrr    t4, 0xfc0
        j       3f
1:      csrr    t3, mhartid             /* even lanes: read at once */
        csrr    t2, 0xfc1
        csrr    t4, 0xfc0
3:      check_eq t2, s2, 13
        check_eq t3, s0, 13
        check_eq t4, s1, 13
        jal     ra, read_cycle
        bltu    s6, a1, 3f
        bne     s6, a1, 4f
        bltu    s5, a0, 3f
4:      li      a0, 14
        j       simt_fail
3:
        SIMT_PASS

/* a1:a0 = 64-bit cycle (cycleh read twice to catch a carry) */
read_cycle:
        csrr    a1, cycleh
        csrr    a0, cycle
        csrr    t0, cycleh
        bne     a1, t0, read_cycle
        ret

        SIMT_TEST_END
