/*
 * load_hazards.S - registers around a load an instruction may issue behind.
 *
 * A warp with a single path issues behind a load before the load's data is
 * written (issue + 9, three cycles after an ALU result).  Every thread runs
 * the same straight-line code, so each case meets the load at distance 1, 2,
 * 3 ... instructions in every configuration where the warp runs alone:
 *
 *   1-3   write after write: an ALU write of the load's rd 1, 2, 3 instructions
 *         behind it must win (the load's late write-back must not undo it)
 *   4-12  read after write: the load's rd read 0..8 instructions behind it
 *   13    a load behind a load to the same rd: the second one's value stays
 *   14    a store behind a load reads the loaded register as its data
 *   15    jal and lui behind a load to their rd
 */
#include "simt_asm.h"

        SIMT_TEST_BEGIN
        la      s1, data

        /* 1-3: write after write */
        lw      t0, 0(s1)
        li      t0, -1
        check_eqi t0, -1, 1
        lw      t1, 0(s1)
        nop
        li      t1, -2
        check_eqi t1, -2, 2
        lw      t2, 0(s1)
        nop
        nop
        li      t2, -3
        check_eqi t2, -3, 3

        /* 4-12: read after write at distances 0..8 */
        lw      t0, 4(s1)
        addi    a1, t0, 1
        check_eqi a1, 0x1235, 4
        lw      t0, 4(s1)
        nop
        addi    a1, t0, 2
        check_eqi a1, 0x1236, 5
        lw      t0, 4(s1)
        nop
        nop
        addi    a1, t0, 3
        check_eqi a1, 0x1237, 6
        lw      t0, 4(s1)
        nop
        nop
        nop
        add     a1, zero, t0            /* rs2 */
        check_eqi a1, 0x1234, 7
        lw      t0, 4(s1)
        nop
        nop
        nop
        nop
        add     a1, zero, t0
        check_eqi a1, 0x1234, 8
        lw      t0, 4(s1)
        nop
        nop
        nop
        nop
        nop
        add     a1, t0, zero
        check_eqi a1, 0x1234, 9
        lw      t0, 4(s1)
        nop
        nop
        nop
        nop
        nop
        nop
        add     a1, zero, t0
        check_eqi a1, 0x1234, 10
        lw      t0, 4(s1)
        nop
        nop
        nop
        nop
        nop
        nop
        nop
        add     a1, t0, zero
        check_eqi a1, 0x1234, 11
        lw      t0, 8(s1)
        addi    a1, t0, 0
        lw      t0, 4(s1)
        add     a2, t0, a1
        check_eqi a2, 0x5678 + 0x1234, 12

        /* 13: load behind load, same rd */
        lw      t0, 0(s1)
        lw      t0, 8(s1)
        nop
        nop
        nop
        check_eqi t0, 0x5678, 13

        /* 14: a store of the loaded register right behind the load (per-thread slot) */
        READ_TID(a3)
        slli    a3, a3, 2
        la      a4, _end
        add     a4, a4, a3
        lw      t0, 8(s1)
        sw      t0, 0(a4)
        lw      a5, 0(a4)
        check_eqi a5, 0x5678, 14

        /* 15: jal and lui write the load's rd right behind it */
        lw      ra, 0(s1)
        jal     ra, 1f
1:      la      t0, 1b
        check_eq ra, t0, 15
        lw      t3, 0(s1)
        lui     t3, 0x12345
        check_eqi t3, 0x12345000, 15

        SIMT_PASS
        SIMT_TEST_END

        .data
        .balign 4
data:   .word 0x0badcafe, 0x00001234, 0x00005678, 0
