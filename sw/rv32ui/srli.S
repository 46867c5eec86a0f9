# srli: rd = rs1 >> shamt, zero-filled.
# Self-checking: gp holds the case number; exit code 0 on success,
# (case << 1) | 1 on the first failing case.
#include "riscv_test.h"
#include "test_macros.h"

RVTEST_RV32U
RVTEST_CODE_BEGIN
        # every value shifted by 0, 1, 7, 14, 20 and 31
        TEST_IMM_OP(2, srli, 0x00000001, 0x00000001, 0x0)
        TEST_IMM_OP(3, srli, 0x00000000, 0x00000001, 0x1)
        TEST_IMM_OP(4, srli, 0x00000000, 0x00000001, 0x7)
        TEST_IMM_OP(5, srli, 0x00000000, 0x00000001, 0xe)
        TEST_IMM_OP(6, srli, 0x00000000, 0x00000001, 0x14)
        TEST_IMM_OP(7, srli, 0x00000000, 0x00000001, 0x1f)
        TEST_IMM_OP(8, srli, 0x80000000, 0x80000000, 0x0)
        TEST_IMM_OP(9, srli, 0x40000000, 0x80000000, 0x1)
        TEST_IMM_OP(10, srli, 0x01000000, 0x80000000, 0x7)
        TEST_IMM_OP(11, srli, 0x00020000, 0x80000000, 0xe)
        TEST_IMM_OP(12, srli, 0x00000800, 0x80000000, 0x14)
        TEST_IMM_OP(13, srli, 0x00000001, 0x80000000, 0x1f)
        TEST_IMM_OP(14, srli, 0xffffffff, 0xffffffff, 0x0)
        TEST_IMM_OP(15, srli, 0x7fffffff, 0xffffffff, 0x1)
        TEST_IMM_OP(16, srli, 0x01ffffff, 0xffffffff, 0x7)
        TEST_IMM_OP(17, srli, 0x0003ffff, 0xffffffff, 0xe)
        TEST_IMM_OP(18, srli, 0x00000fff, 0xffffffff, 0x14)
        TEST_IMM_OP(19, srli, 0x00000001, 0xffffffff, 0x1f)
        TEST_IMM_OP(20, srli, 0x21212121, 0x21212121, 0x0)
        TEST_IMM_OP(21, srli, 0x10909090, 0x21212121, 0x1)
        TEST_IMM_OP(22, srli, 0x00424242, 0x21212121, 0x7)
        TEST_IMM_OP(23, srli, 0x00008484, 0x21212121, 0xe)
        TEST_IMM_OP(24, srli, 0x00000212, 0x21212121, 0x14)
        TEST_IMM_OP(25, srli, 0x00000000, 0x21212121, 0x1f)
        TEST_IMM_OP(26, srli, 0x7fffffff, 0x7fffffff, 0x0)
        TEST_IMM_OP(27, srli, 0x3fffffff, 0x7fffffff, 0x1)
        TEST_IMM_OP(28, srli, 0x00ffffff, 0x7fffffff, 0x7)
        TEST_IMM_OP(29, srli, 0x0001ffff, 0x7fffffff, 0xe)
        TEST_IMM_OP(30, srli, 0x000007ff, 0x7fffffff, 0x14)
        TEST_IMM_OP(31, srli, 0x00000000, 0x7fffffff, 0x1f)
        TEST_IMM_OP(32, srli, 0x81818181, 0x81818181, 0x0)
        TEST_IMM_OP(33, srli, 0x40c0c0c0, 0x81818181, 0x1)
        TEST_IMM_OP(34, srli, 0x01030303, 0x81818181, 0x7)
        TEST_IMM_OP(35, srli, 0x00020606, 0x81818181, 0xe)
        TEST_IMM_OP(36, srli, 0x00000818, 0x81818181, 0x14)
        TEST_IMM_OP(37, srli, 0x00000001, 0x81818181, 0x1f)

        # destination equal to the source
        TEST_IMM_SRC1_EQ_DEST(38, srli, 0x01000000, 0x80000001, 0x7)

        # back-to-back dependences (0, 1, 2 instructions apart)
        TEST_IMM_DEST_BYPASS(39, 0, srli, 0x40000000, 0x80000000, 0x1)
        TEST_IMM_DEST_BYPASS(40, 1, srli, 0x01000000, 0x80000000, 0x7)
        TEST_IMM_DEST_BYPASS(41, 2, srli, 0x00000001, 0x80000000, 0x1f)
        TEST_IMM_SRC1_BYPASS(42, 0, srli, 0x40000000, 0x80000000, 0x1)
        TEST_IMM_SRC1_BYPASS(43, 1, srli, 0x01000000, 0x80000000, 0x7)
        TEST_IMM_SRC1_BYPASS(44, 2, srli, 0x00000001, 0x80000000, 0x1f)

        # x0 as the source and as the destination
        TEST_IMM_ZEROSRC1(45, srli, 0x00000000, 0x5)
        TEST_IMM_ZEROSRC1(46, srli, 0x00000000, 0x1f)
        TEST_IMM_ZERODEST(47, srli, 0x12345678, 0x3)

        TEST_PASSFAIL

RVTEST_CODE_END

RVTEST_DATA_BEGIN
        .word 0
RVTEST_DATA_END
