# sltiu: rd = (rs1 < sext(imm12)) unsigned (so imm -1 compares as 0xffffffff).
# Self-checking: gp holds the case number; exit code 0 on success,
# (case << 1) | 1 on the first failing case.
#include "riscv_test.h"
#include "test_macros.h"

RVTEST_RV32U
RVTEST_CODE_BEGIN
        # immediates 0, 1, -1, 2047, -2048 against sign bits and -1
        TEST_IMM_OP(2, sltiu, 0x00000000, 0x00000000, 0x0)
        TEST_IMM_OP(3, sltiu, 0x00000000, 0x00000001, 0x1)
        TEST_IMM_OP(4, sltiu, 0x00000001, 0x00000003, 0x7)
        TEST_IMM_OP(5, sltiu, 0x00000001, 0x00000000, 0x800)
        TEST_IMM_OP(6, sltiu, 0x00000000, 0x80000000, 0x0)
        TEST_IMM_OP(7, sltiu, 0x00000001, 0x80000000, 0x800)
        TEST_IMM_OP(8, sltiu, 0x00000001, 0x00000000, 0x7ff)
        TEST_IMM_OP(9, sltiu, 0x00000000, 0x7fffffff, 0x0)
        TEST_IMM_OP(10, sltiu, 0x00000000, 0x7fffffff, 0x7ff)
        TEST_IMM_OP(11, sltiu, 0x00000000, 0x80000000, 0x7ff)
        TEST_IMM_OP(12, sltiu, 0x00000001, 0x7fffffff, 0x800)
        TEST_IMM_OP(13, sltiu, 0x00000001, 0x00000000, 0xfff)
        TEST_IMM_OP(14, sltiu, 0x00000000, 0xffffffff, 0x1)
        TEST_IMM_OP(15, sltiu, 0x00000000, 0xffffffff, 0xfff)
        TEST_IMM_OP(16, sltiu, 0x00000000, 0x7fffffff, 0x1)
        TEST_IMM_OP(17, sltiu, 0x00000001, 0xff00ff00, 0xf0f)
        TEST_IMM_OP(18, sltiu, 0x00000000, 0x0ff00ff0, 0xf0)
        TEST_IMM_OP(19, sltiu, 0x00000000, 0x00ff00ff, 0x70f)
        TEST_IMM_OP(20, sltiu, 0x00000000, 0xf00ff00f, 0xf0)
        TEST_IMM_OP(21, sltiu, 0x00000000, 0x12345678, 0x555)
        TEST_IMM_OP(22, sltiu, 0x00000001, 0x12345678, 0xaaa)
        TEST_IMM_OP(23, sltiu, 0x00000000, 0xfffff800, 0x800)
        TEST_IMM_OP(24, sltiu, 0x00000000, 0x000007ff, 0x7ff)
        TEST_IMM_OP(25, sltiu, 0x00000001, 0xfffffffe, 0xfff)

        # destination equal to the source
        TEST_IMM_SRC1_EQ_DEST(26, sltiu, 0x00000000, 0x0000000d, 0xb)

        # back-to-back dependences (0, 1, 2 instructions apart)
        TEST_IMM_DEST_BYPASS(27, 0, sltiu, 0x00000000, 0x0000000d, 0xb)
        TEST_IMM_DEST_BYPASS(28, 1, sltiu, 0x00000001, 0x0000000e, 0x800)
        TEST_IMM_DEST_BYPASS(29, 2, sltiu, 0x00000001, 0x80000000, 0xfff)
        TEST_IMM_SRC1_BYPASS(30, 0, sltiu, 0x00000000, 0x0000000d, 0xb)
        TEST_IMM_SRC1_BYPASS(31, 1, sltiu, 0x00000001, 0x0000000e, 0x800)
        TEST_IMM_SRC1_BYPASS(32, 2, sltiu, 0x00000001, 0x80000000, 0xfff)

        # x0 as the source and as the destination
        TEST_IMM_ZEROSRC1(33, sltiu, 0x00000001, 0x7ff)
        TEST_IMM_ZEROSRC1(34, sltiu, 0x00000001, 0x800)
        TEST_IMM_ZERODEST(35, sltiu, 0x12345678, 0x7ff)

        TEST_PASSFAIL

RVTEST_CODE_END

RVTEST_DATA_BEGIN
        .word 0
RVTEST_DATA_END
