# srai: rd = rs1 >> shamt, sign-filled.
# Self-checking: gp holds the case number; exit code 0 on success,
# (case << 1) | 1 on the first failing case.
#include "riscv_test.h"
#include "test_macros.h"

RVTEST_RV32U
RVTEST_CODE_BEGIN
        # every value shifted by 0, 1, 7, 14, 20 and 31
        TEST_IMM_OP(2, srai, 0x00000001, 0x00000001, 0x0)
        TEST_IMM_OP(3, srai, 0x00000000, 0x00000001, 0x1)
        TEST_IMM_OP(4, srai, 0x00000000, 0x00000001, 0x7)
        TEST_IMM_OP(5, srai, 0x00000000, 0x00000001, 0xe)
        TEST_IMM_OP(6, srai, 0x00000000, 0x00000001, 0x14)
        TEST_IMM_OP(7, srai, 0x00000000, 0x00000001, 0x1f)
        TEST_IMM_OP(8, srai, 0x80000000, 0x80000000, 0x0)
        TEST_IMM_OP(9, srai, 0xc0000000, 0x80000000, 0x1)
        TEST_IMM_OP(10, srai, 0xff000000, 0x80000000, 0x7)
        TEST_IMM_OP(11, srai, 0xfffe0000, 0x80000000, 0xe)
        TEST_IMM_OP(12, srai, 0xfffff800, 0x80000000, 0x14)
        TEST_IMM_OP(13, srai, 0xffffffff, 0x80000000, 0x1f)
        TEST_IMM_OP(14, srai, 0xffffffff, 0xffffffff, 0x0)
        TEST_IMM_OP(15, srai, 0xffffffff, 0xffffffff, 0x1)
        TEST_IMM_OP(16, srai, 0xffffffff, 0xffffffff, 0x7)
        TEST_IMM_OP(17, srai, 0xffffffff, 0xffffffff, 0xe)
        TEST_IMM_OP(18, srai, 0xffffffff, 0xffffffff, 0x14)
        TEST_IMM_OP(19, srai, 0xffffffff, 0xffffffff, 0x1f)
        TEST_IMM_OP(20, srai, 0x21212121, 0x21212121, 0x0)
        TEST_IMM_OP(21, srai, 0x10909090, 0x21212121, 0x1)
        TEST_IMM_OP(22, srai, 0x00424242, 0x21212121, 0x7)
        TEST_IMM_OP(23, srai, 0x00008484, 0x21212121, 0xe)
        TEST_IMM_OP(24, srai, 0x00000212, 0x21212121, 0x14)
        TEST_IMM_OP(25, srai, 0x00000000, 0x21212121, 0x1f)
        TEST_IMM_OP(26, srai, 0x7fffffff, 0x7fffffff, 0x0)
        TEST_IMM_OP(27, srai, 0x3fffffff, 0x7fffffff, 0x1)
        TEST_IMM_OP(28, srai, 0x00ffffff, 0x7fffffff, 0x7)
        TEST_IMM_OP(29, srai, 0x0001ffff, 0x7fffffff, 0xe)
        TEST_IMM_OP(30, srai, 0x000007ff, 0x7fffffff, 0x14)
        TEST_IMM_OP(31, srai, 0x00000000, 0x7fffffff, 0x1f)
        TEST_IMM_OP(32, srai, 0x81818181, 0x81818181, 0x0)
        TEST_IMM_OP(33, srai, 0xc0c0c0c0, 0x81818181, 0x1)
        TEST_IMM_OP(34, srai, 0xff030303, 0x81818181, 0x7)
        TEST_IMM_OP(35, srai, 0xfffe0606, 0x81818181, 0xe)
        TEST_IMM_OP(36, srai, 0xfffff818, 0x81818181, 0x14)
        TEST_IMM_OP(37, srai, 0xffffffff, 0x81818181, 0x1f)

        # destination equal to the source
        TEST_IMM_SRC1_EQ_DEST(38, srai, 0xff000000, 0x80000001, 0x7)

        # back-to-back dependences (0, 1, 2 instructions apart)
        TEST_IMM_DEST_BYPASS(39, 0, srai, 0xc0000000, 0x80000000, 0x1)
        TEST_IMM_DEST_BYPASS(40, 1, srai, 0xff000000, 0x80000000, 0x7)
        TEST_IMM_DEST_BYPASS(41, 2, srai, 0xffffffff, 0x80000000, 0x1f)
        TEST_IMM_SRC1_BYPASS(42, 0, srai, 0xc0000000, 0x80000000, 0x1)
        TEST_IMM_SRC1_BYPASS(43, 1, srai, 0xff000000, 0x80000000, 0x7)
        TEST_IMM_SRC1_BYPASS(44, 2, srai, 0xffffffff, 0x80000000, 0x1f)

        # x0 as the source and as the destination
        TEST_IMM_ZEROSRC1(45, srai, 0x00000000, 0x5)
        TEST_IMM_ZEROSRC1(46, srai, 0x00000000, 0x1f)
        TEST_IMM_ZERODEST(47, srai, 0x12345678, 0x3)

        TEST_PASSFAIL

RVTEST_CODE_END

RVTEST_DATA_BEGIN
        .word 0
RVTEST_DATA_END
