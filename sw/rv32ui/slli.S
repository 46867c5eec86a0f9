# slli: rd = rs1 << shamt.
# Self-checking: gp holds the case number; exit code 0 on success,
# (case << 1) | 1 on the first failing case.
#include "riscv_test.h"
#include "test_macros.h"

RVTEST_RV32U
RVTEST_CODE_BEGIN
        # every value shifted by 0, 1, 7, 14, 20 and 31
        TEST_IMM_OP(2, slli, 0x00000001, 0x00000001, 0x0)
        TEST_IMM_OP(3, slli, 0x00000002, 0x00000001, 0x1)
        TEST_IMM_OP(4, slli, 0x00000080, 0x00000001, 0x7)
        TEST_IMM_OP(5, slli, 0x00004000, 0x00000001, 0xe)
        TEST_IMM_OP(6, slli, 0x00100000, 0x00000001, 0x14)
        TEST_IMM_OP(7, slli, 0x80000000, 0x00000001, 0x1f)
        TEST_IMM_OP(8, slli, 0x80000000, 0x80000000, 0x0)
        TEST_IMM_OP(9, slli, 0x00000000, 0x80000000, 0x1)
        TEST_IMM_OP(10, slli, 0x00000000, 0x80000000, 0x7)
        TEST_IMM_OP(11, slli, 0x00000000, 0x80000000, 0xe)
        TEST_IMM_OP(12, slli, 0x00000000, 0x80000000, 0x14)
        TEST_IMM_OP(13, slli, 0x00000000, 0x80000000, 0x1f)
        TEST_IMM_OP(14, slli, 0xffffffff, 0xffffffff, 0x0)
        TEST_IMM_OP(15, slli, 0xfffffffe, 0xffffffff, 0x1)
        TEST_IMM_OP(16, slli, 0xffffff80, 0xffffffff, 0x7)
        TEST_IMM_OP(17, slli, 0xffffc000, 0xffffffff, 0xe)
        TEST_IMM_OP(18, slli, 0xfff00000, 0xffffffff, 0x14)
        TEST_IMM_OP(19, slli, 0x80000000, 0xffffffff, 0x1f)
        TEST_IMM_OP(20, slli, 0x21212121, 0x21212121, 0x0)
        TEST_IMM_OP(21, slli, 0x42424242, 0x21212121, 0x1)
        TEST_IMM_OP(22, slli, 0x90909080, 0x21212121, 0x7)
        TEST_IMM_OP(23, slli, 0x48484000, 0x21212121, 0xe)
        TEST_IMM_OP(24, slli, 0x12100000, 0x21212121, 0x14)
        TEST_IMM_OP(25, slli, 0x80000000, 0x21212121, 0x1f)
        TEST_IMM_OP(26, slli, 0x7fffffff, 0x7fffffff, 0x0)
        TEST_IMM_OP(27, slli, 0xfffffffe, 0x7fffffff, 0x1)
        TEST_IMM_OP(28, slli, 0xffffff80, 0x7fffffff, 0x7)
        TEST_IMM_OP(29, slli, 0xffffc000, 0x7fffffff, 0xe)
        TEST_IMM_OP(30, slli, 0xfff00000, 0x7fffffff, 0x14)
        TEST_IMM_OP(31, slli, 0x80000000, 0x7fffffff, 0x1f)
        TEST_IMM_OP(32, slli, 0x81818181, 0x81818181, 0x0)
        TEST_IMM_OP(33, slli, 0x03030302, 0x81818181, 0x1)
        TEST_IMM_OP(34, slli, 0xc0c0c080, 0x81818181, 0x7)
        TEST_IMM_OP(35, slli, 0x60604000, 0x81818181, 0xe)
        TEST_IMM_OP(36, slli, 0x18100000, 0x81818181, 0x14)
        TEST_IMM_OP(37, slli, 0x80000000, 0x81818181, 0x1f)

        # destination equal to the source
        TEST_IMM_SRC1_EQ_DEST(38, slli, 0x00000080, 0x80000001, 0x7)

        # back-to-back dependences (0, 1, 2 instructions apart)
        TEST_IMM_DEST_BYPASS(39, 0, slli, 0x00000000, 0x80000000, 0x1)
        TEST_IMM_DEST_BYPASS(40, 1, slli, 0x00000000, 0x80000000, 0x7)
        TEST_IMM_DEST_BYPASS(41, 2, slli, 0x00000000, 0x80000000, 0x1f)
        TEST_IMM_SRC1_BYPASS(42, 0, slli, 0x00000000, 0x80000000, 0x1)
        TEST_IMM_SRC1_BYPASS(43, 1, slli, 0x00000000, 0x80000000, 0x7)
        TEST_IMM_SRC1_BYPASS(44, 2, slli, 0x00000000, 0x80000000, 0x1f)

        # x0 as the source and as the destination
        TEST_IMM_ZEROSRC1(45, slli, 0x00000000, 0x5)
        TEST_IMM_ZEROSRC1(46, slli, 0x00000000, 0x1f)
        TEST_IMM_ZERODEST(47, slli, 0x12345678, 0x3)

        TEST_PASSFAIL

RVTEST_CODE_END

RVTEST_DATA_BEGIN
        .word 0
RVTEST_DATA_END
