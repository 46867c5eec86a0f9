# lrsc: LR.W (load a word and reserve it) and SC.W (store it only if the
# reservation still holds; rd = 0 on success, 1 on failure, and no write).
# Our RV32A test (not from riscv-tests):
#   LR returns the word; LR then SC succeeds and writes; a second SC after a
#   success fails; SC without a reservation fails and writes nothing; SC after
#   an intervening store (word or byte) or AMO to the reserved word fails; a
#   store or AMO to another word does not break the reservation; SC to another
#   address than the LR's fails (and ends the reservation); a second LR moves
#   the reservation; a reservation survives loads and ALU instructions; rd =
#   rs2, rd = rs1, rd = x0 forms; dependences on LR's and SC's results; write
#   after write; the aq/rl forms; an LR/SC increment loop that never retries.
# Only one thread runs the cases (TEST_A_BEGIN(1); the others pass at once):
# Simty keeps one reservation address per warp, so lanes of one warp
# reserving different words would make each other's SC fail (as the
# semantics intend).  Every SC expectation here also holds under qemu-user,
# whose SC compares the value the LR loaded: every intervening write that
# must break a reservation changes the word.  (On Simty a store of the same
# value also breaks it; qemu would not notice, so no case relies on that.)
# Self-checking: gp holds the case number (2..31); exit code 0 on success,
# (case << 1) | 1 on the first failing case.  Without A: illegal instruction.
#include "riscv_test.h"
#include "test_macros.h"

#define CHECK_EQ(reg, val)      li x7, MASK_XLEN(val); bne reg, x7, fail
#define CHECK_WORD(off, val)    lw x13, off(x8); CHECK_EQ(x13, val)
#define SET_WORD(off, val)      li x11, MASK_XLEN(val); sw x11, off(x8)
#define CASE(num)               test_ ## num: li TESTNUM, num

RVTEST_RV32U
RVTEST_CODE_BEGIN
        TEST_A_BEGIN(1)

        # LR returns the word (and reserves it)
        CASE(2)
        SET_WORD(0, 0x11223344)
        addi x15, x8, 0
        lr.w x14, (x15)
        CHECK_EQ(x14, 0x11223344)

        # SC right after it succeeds (rd = 0) and writes
        CASE(3)
        li x12, 0xa5a5a5a5
        sc.w x14, x12, (x15)
        CHECK_EQ(x14, 0)
        CHECK_WORD(0, 0xa5a5a5a5)

        # a second SC after the success fails (rd = 1) and writes nothing
        CASE(4)
        li x12, 0x5a5a5a5a
        sc.w x14, x12, (x15)
        CHECK_EQ(x14, 1)
        CHECK_WORD(0, 0xa5a5a5a5)

        # SC to a word never reserved fails and writes nothing
        CASE(5)
        SET_WORD(4, 0x0000c0de)
        addi x15, x8, 4
        li x12, 0x12345678
        sc.w x14, x12, (x15)
        CHECK_EQ(x14, 1)
        CHECK_WORD(4, 0x0000c0de)

        # a store to the reserved word between LR and SC: SC fails
        CASE(6)
        SET_WORD(0, 0x00000100)
        addi x15, x8, 0
        lr.w x14, (x15)
        li x11, 0x00000777
        sw x11, 0(x15)
        li x12, 0x00000101
        sc.w x14, x12, (x15)
        CHECK_EQ(x14, 1)
        CHECK_WORD(0, 0x00000777)

        # a byte store into the reserved word: SC fails
        CASE(7)
        SET_WORD(0, 0x44332211)
        addi x15, x8, 0
        lr.w x14, (x15)
        li x11, 0xee
        sb x11, 2(x15)
        li x12, 0x99999999
        sc.w x14, x12, (x15)
        CHECK_EQ(x14, 1)
        CHECK_WORD(0, 0x44ee2211)

        # a store to another word of the slot does not break the reservation
        CASE(8)
        SET_WORD(0, 0x00000200)
        addi x15, x8, 0
        lr.w x14, (x15)
        li x11, 0x00000888
        sw x11, 8(x8)
        li x12, 0x00000201
        sc.w x14, x12, (x15)
        CHECK_EQ(x14, 0)
        CHECK_WORD(0, 0x00000201)
        CHECK_WORD(8, 0x00000888)

        # SC to another address than the LR's fails, writes nothing, and
        # ends the reservation: an SC to the LR's address then fails too
        CASE(9)
        SET_WORD(0, 0x00000300)
        SET_WORD(4, 0x00000400)
        addi x15, x8, 0
        lr.w x14, (x15)
        addi x10, x8, 4
        li x12, 0x00000401
        sc.w x14, x12, (x10)
        CHECK_EQ(x14, 1)
        CHECK_WORD(4, 0x00000400)
        CASE(10)
        li x12, 0x00000301
        sc.w x14, x12, (x15)
        CHECK_EQ(x14, 1)
        CHECK_WORD(0, 0x00000300)

        # a second LR to another word moves the reservation: SC to the
        # first fails ...
        CASE(11)
        SET_WORD(0, 0x00000500)
        SET_WORD(4, 0x00000600)
        addi x15, x8, 0
        addi x10, x8, 4
        lr.w x14, (x15)
        lr.w x6, (x10)
        CHECK_EQ(x14, 0x00000500)
        CHECK_EQ(x6, 0x00000600)
        li x12, 0x00000501
        sc.w x14, x12, (x15)
        CHECK_EQ(x14, 1)
        CHECK_WORD(0, 0x00000500)
        # ... and SC to the second succeeds
        CASE(12)
        lr.w x14, (x15)
        lr.w x6, (x10)
        li x12, 0x00000601
        sc.w x14, x12, (x10)
        CHECK_EQ(x14, 0)
        CHECK_WORD(4, 0x00000601)
        CHECK_WORD(0, 0x00000500)

        # LR twice to the same word, then SC: succeeds
        CASE(13)
        SET_WORD(12, 0x00000700)
        addi x15, x8, 12
        lr.w x14, (x15)
        lr.w x14, (x15)
        li x12, 0x00000701
        sc.w x14, x12, (x15)
        CHECK_EQ(x14, 0)
        CHECK_WORD(12, 0x00000701)

        # an AMO to the reserved word between LR and SC: SC fails, the
        # AMO's write stays
        CASE(14)
        SET_WORD(0, 0x00000800)
        addi x15, x8, 0
        lr.w x14, (x15)
        li x11, 1
        amoadd.w x6, x11, (x15)
        CHECK_EQ(x6, 0x00000800)
        li x12, 0x0000080f
        sc.w x14, x12, (x15)
        CHECK_EQ(x14, 1)
        CHECK_WORD(0, 0x00000801)

        # an AMO to another word does not break the reservation
        CASE(15)
        SET_WORD(0, 0x00000900)
        SET_WORD(4, 0x00000a00)
        addi x15, x8, 0
        lr.w x14, (x15)
        li x11, 0x0000000b
        addi x10, x8, 4
        amoor.w x6, x11, (x10)
        li x12, 0x00000901
        sc.w x14, x12, (x15)
        CHECK_EQ(x14, 0)
        CHECK_WORD(0, 0x00000901)
        CHECK_WORD(4, 0x00000a0b)

        # a reservation survives loads (of that word too) and ALU work
        CASE(16)
        SET_WORD(0, 0x00000b00)
        addi x15, x8, 0
        lr.w x14, (x15)
        lw x6, 0(x15)
        lw x6, 4(x15)
        lbu x6, 1(x15)
        addi x6, x6, 3
        slli x6, x6, 2
        li x12, 0x00000b01
        sc.w x14, x12, (x15)
        CHECK_EQ(x14, 0)
        CHECK_WORD(0, 0x00000b01)

        # SC with rd = rs2: the old rs2 is stored, then rd = 0
        CASE(17)
        SET_WORD(0, 0x00000c00)
        addi x15, x8, 0
        lr.w x14, (x15)
        li x12, 0x00000c01
        sc.w x12, x12, (x15)
        CHECK_EQ(x12, 0)
        CHECK_WORD(0, 0x00000c01)

        # SC with rd = x0 still stores (and x0 stays zero)
        CASE(18)
        SET_WORD(0, 0x00000d00)
        addi x15, x8, 0
        lr.w x14, (x15)
        li x12, 0x00000d01
        sc.w x0, x12, (x15)
        CHECK_EQ(x0, 0)
        CHECK_WORD(0, 0x00000d01)

        # LR with rd = x0 still reserves
        CASE(19)
        SET_WORD(0, 0x00000e00)
        addi x15, x8, 0
        lr.w x0, (x15)
        CHECK_EQ(x0, 0)
        li x12, 0x00000e01
        sc.w x14, x12, (x15)
        CHECK_EQ(x14, 0)
        CHECK_WORD(0, 0x00000e01)

        # LR with rd = rs1: the address register receives the word, the
        # reservation is on the address
        CASE(20)
        SET_WORD(4, 0x00000f00)
        addi x15, x8, 4
        lr.w x15, (x15)
        CHECK_EQ(x15, 0x00000f00)
        addi x15, x8, 4
        li x12, 0x00000f01
        sc.w x14, x12, (x15)
        CHECK_EQ(x14, 0)
        CHECK_WORD(4, 0x00000f01)

        # LR's result used 0, 1, 2 instructions later
        CASE(21)
        SET_WORD(8, 0x00001000)
        addi x15, x8, 8
        lr.w x14, (x15)
        addi x6, x14, 1
        CHECK_EQ(x6, 0x00001001)
        CASE(22)
        lr.w x14, (x15)
        nop
        addi x6, x14, 2
        CHECK_EQ(x6, 0x00001002)
        CASE(23)
        lr.w x14, (x15)
        nop
        nop
        addi x6, x14, 3
        CHECK_EQ(x6, 0x00001003)

        # SC's operands produced right before it, its result used at once:
        # the usual increment (lr; addi; sc; bnez)
        CASE(24)
        SET_WORD(8, 0x00002000)
        addi x15, x8, 8
        lr.w x14, (x15)
        addi x14, x14, 5
        sc.w x6, x14, (x15)
        bnez x6, fail
        CHECK_WORD(8, 0x00002005)
        # a failing SC's result used at once
        CASE(25)
        addi x14, x14, 5
        sc.w x6, x14, (x15)
        beqz x6, fail
        addi x6, x6, 1
        CHECK_EQ(x6, 2)
        CHECK_WORD(8, 0x00002005)

        # write after write: a younger ALU write to LR's or SC's rd wins
        CASE(26)
        SET_WORD(12, 0x00003000)
        addi x15, x8, 12
        lr.w x14, (x15)
        addi x14, x0, 0x123
        CHECK_EQ(x14, 0x123)
        CASE(27)
        li x12, 0x00003001
        sc.w x14, x12, (x15)
        addi x14, x0, 0x456
        CHECK_EQ(x14, 0x456)
        CHECK_WORD(12, 0x00003001)

        # the aq/rl forms (Simty ignores the ordering bits)
        CASE(28)
        SET_WORD(0, 0x00004000)
        addi x15, x8, 0
        lr.w.aq x14, (x15)
        li x12, 0x00004001
        sc.w.rl x14, x12, (x15)
        CHECK_EQ(x14, 0)
        CHECK_WORD(0, 0x00004001)
        CASE(29)
        lr.w.aqrl x14, (x15)
        CHECK_EQ(x14, 0x00004001)
        li x12, 0x00004002
        sc.w.aqrl x14, x12, (x15)
        CHECK_EQ(x14, 0)
        CHECK_WORD(0, 0x00004002)
        CASE(30)
        lr.w.rl x14, (x15)
        li x12, 0x00004003
        sc.w.aq x14, x12, (x15)
        CHECK_EQ(x14, 0)
        CHECK_WORD(0, 0x00004003)

        # an LR/SC increment loop, 100 times: the word gains 100 and, with
        # nobody else on it, no SC ever fails (x6 counts the retries)
        CASE(31)
        SET_WORD(4, 1000)
        addi x15, x8, 4
        li x4, 100
        li x6, 0
        j 2f
1:      addi x6, x6, 1
2:      lr.w x14, (x15)
        addi x14, x14, 1
        sc.w x13, x14, (x15)
        bnez x13, 1b
        addi x4, x4, -1
        bnez x4, 2b
        CHECK_EQ(x6, 0)
        CHECK_WORD(4, 1100)

        TEST_PASSFAIL

RVTEST_CODE_END

RVTEST_DATA_BEGIN
RVTEST_DATA_END
TEST_A_DATA(1)
