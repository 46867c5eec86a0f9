# bne: branch if rs1 != rs2.
# Self-checking: gp holds the case number; exit code 0 on success,
# (case << 1) | 1 on the first failing case.
#include "riscv_test.h"
#include "test_macros.h"

RVTEST_RV32U
RVTEST_CODE_BEGIN
        # each case goes forwards then backwards, taken or not taken
        TEST_BR2_OP_NOTTAKEN(2, bne, 0x00000000, 0x00000000)
        TEST_BR2_OP_NOTTAKEN(3, bne, 0x00000001, 0x00000001)
        TEST_BR2_OP_NOTTAKEN(4, bne, 0xffffffff, 0xffffffff)
        TEST_BR2_OP_TAKEN(5, bne, 0x00000000, 0x00000001)
        TEST_BR2_OP_TAKEN(6, bne, 0x00000001, 0x00000000)
        TEST_BR2_OP_TAKEN(7, bne, 0xffffffff, 0x00000001)
        TEST_BR2_OP_TAKEN(8, bne, 0x00000001, 0xffffffff)
        TEST_BR2_OP_TAKEN(9, bne, 0xffffffff, 0xfffffffe)
        TEST_BR2_OP_TAKEN(10, bne, 0xfffffffe, 0xffffffff)
        TEST_BR2_OP_TAKEN(11, bne, 0x80000000, 0x7fffffff)
        TEST_BR2_OP_TAKEN(12, bne, 0x7fffffff, 0x80000000)
        TEST_BR2_OP_NOTTAKEN(13, bne, 0x80000000, 0x80000000)
        TEST_BR2_OP_TAKEN(14, bne, 0x80000000, 0x00000000)
        TEST_BR2_OP_TAKEN(15, bne, 0x00000000, 0x80000000)
        TEST_BR2_OP_NOTTAKEN(16, bne, 0x7fffffff, 0x7fffffff)
        TEST_BR2_OP_TAKEN(17, bne, 0xffffffff, 0x00000000)
        TEST_BR2_OP_TAKEN(18, bne, 0x00000000, 0xffffffff)
        TEST_BR2_OP_TAKEN(19, bne, 0x12345678, 0x12345679)
        TEST_BR2_OP_TAKEN(20, bne, 0x80000001, 0x80000000)

        # not-taken branch right after its operands (0, 1, 2 apart)
        TEST_BR2_SRC12_BYPASS(21, 0, 0, bne, 0x00000000, 0x00000000)
        TEST_BR2_SRC12_BYPASS(22, 0, 1, bne, 0x00000001, 0x00000001)
        TEST_BR2_SRC12_BYPASS(23, 0, 2, bne, 0xffffffff, 0xffffffff)
        TEST_BR2_SRC12_BYPASS(24, 1, 0, bne, 0x00000000, 0x00000000)
        TEST_BR2_SRC12_BYPASS(25, 1, 1, bne, 0x00000001, 0x00000001)
        TEST_BR2_SRC12_BYPASS(26, 2, 0, bne, 0xffffffff, 0xffffffff)
        TEST_BR2_SRC21_BYPASS(27, 0, 0, bne, 0x00000000, 0x00000000)
        TEST_BR2_SRC21_BYPASS(28, 0, 1, bne, 0x00000001, 0x00000001)
        TEST_BR2_SRC21_BYPASS(29, 0, 2, bne, 0xffffffff, 0xffffffff)
        TEST_BR2_SRC21_BYPASS(30, 1, 0, bne, 0x00000000, 0x00000000)
        TEST_BR2_SRC21_BYPASS(31, 1, 1, bne, 0x00000001, 0x00000001)
        TEST_BR2_SRC21_BYPASS(32, 2, 0, bne, 0xffffffff, 0xffffffff)

        # the instructions after a taken branch must not execute
        li TESTNUM, 33
        li x14, 0
        li x11, 0x00000000
        li x12, 0x00000001
        bne x11, x12, 1f
        addi x14, x14, 1
        addi x14, x14, 1
1:      addi x14, x14, 1
        addi x14, x14, 1
        li x7, 2
        bne x14, x7, fail

        TEST_PASSFAIL

RVTEST_CODE_END

RVTEST_DATA_BEGIN
        .word 0
RVTEST_DATA_END
