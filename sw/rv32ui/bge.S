# bge: branch if rs1 >= rs2, signed.
# Self-checking: gp holds the case number; exit code 0 on success,
# (case << 1) | 1 on the first failing case.
#include "riscv_test.h"
#include "test_macros.h"

RVTEST_RV32U
RVTEST_CODE_BEGIN
        # each case goes forwards then backwards, taken or not taken
        TEST_BR2_OP_TAKEN(2, bge, 0x00000000, 0x00000000)
        TEST_BR2_OP_TAKEN(3, bge, 0x00000001, 0x00000001)
        TEST_BR2_OP_TAKEN(4, bge, 0xffffffff, 0xffffffff)
        TEST_BR2_OP_NOTTAKEN(5, bge, 0x00000000, 0x00000001)
        TEST_BR2_OP_TAKEN(6, bge, 0x00000001, 0x00000000)
        TEST_BR2_OP_NOTTAKEN(7, bge, 0xffffffff, 0x00000001)
        TEST_BR2_OP_TAKEN(8, bge, 0x00000001, 0xffffffff)
        TEST_BR2_OP_TAKEN(9, bge, 0xffffffff, 0xfffffffe)
        TEST_BR2_OP_NOTTAKEN(10, bge, 0xfffffffe, 0xffffffff)
        TEST_BR2_OP_NOTTAKEN(11, bge, 0x80000000, 0x7fffffff)
        TEST_BR2_OP_TAKEN(12, bge, 0x7fffffff, 0x80000000)
        TEST_BR2_OP_TAKEN(13, bge, 0x80000000, 0x80000000)
        TEST_BR2_OP_NOTTAKEN(14, bge, 0x80000000, 0x00000000)
        TEST_BR2_OP_TAKEN(15, bge, 0x00000000, 0x80000000)
        TEST_BR2_OP_TAKEN(16, bge, 0x7fffffff, 0x7fffffff)
        TEST_BR2_OP_NOTTAKEN(17, bge, 0xffffffff, 0x00000000)
        TEST_BR2_OP_TAKEN(18, bge, 0x00000000, 0xffffffff)
        TEST_BR2_OP_NOTTAKEN(19, bge, 0x12345678, 0x12345679)
        TEST_BR2_OP_TAKEN(20, bge, 0x80000001, 0x80000000)

        # not-taken branch right after its operands (0, 1, 2 apart)
        TEST_BR2_SRC12_BYPASS(21, 0, 0, bge, 0x00000000, 0x00000001)
        TEST_BR2_SRC12_BYPASS(22, 0, 1, bge, 0xffffffff, 0x00000001)
        TEST_BR2_SRC12_BYPASS(23, 0, 2, bge, 0xfffffffe, 0xffffffff)
        TEST_BR2_SRC12_BYPASS(24, 1, 0, bge, 0x00000000, 0x00000001)
        TEST_BR2_SRC12_BYPASS(25, 1, 1, bge, 0xffffffff, 0x00000001)
        TEST_BR2_SRC12_BYPASS(26, 2, 0, bge, 0xfffffffe, 0xffffffff)
        TEST_BR2_SRC21_BYPASS(27, 0, 0, bge, 0x00000000, 0x00000001)
        TEST_BR2_SRC21_BYPASS(28, 0, 1, bge, 0xffffffff, 0x00000001)
        TEST_BR2_SRC21_BYPASS(29, 0, 2, bge, 0xfffffffe, 0xffffffff)
        TEST_BR2_SRC21_BYPASS(30, 1, 0, bge, 0x00000000, 0x00000001)
        TEST_BR2_SRC21_BYPASS(31, 1, 1, bge, 0xffffffff, 0x00000001)
        TEST_BR2_SRC21_BYPASS(32, 2, 0, bge, 0xfffffffe, 0xffffffff)

        # the instructions after a taken branch must not execute
        li TESTNUM, 33
        li x14, 0
        li x11, 0x00000000
        li x12, 0x00000000
        bge x11, x12, 1f
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
