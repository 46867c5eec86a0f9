# and: rd = rs1 & rs2.
# Self-checking: gp holds the case number; exit code 0 on success,
# (case << 1) | 1 on the first failing case.
#include "riscv_test.h"
#include "test_macros.h"

RVTEST_RV32U
RVTEST_CODE_BEGIN
        # sign bits, carries, 0x80000000, -1
        TEST_RR_OP(2, and, 0x00000000, 0x00000000, 0x00000000)
        TEST_RR_OP(3, and, 0x00000001, 0x00000001, 0x00000001)
        TEST_RR_OP(4, and, 0x00000003, 0x00000003, 0x00000007)
        TEST_RR_OP(5, and, 0x00000000, 0x00000000, 0xffff8000)
        TEST_RR_OP(6, and, 0x00000000, 0x80000000, 0x00000000)
        TEST_RR_OP(7, and, 0x80000000, 0x80000000, 0xffff8000)
        TEST_RR_OP(8, and, 0x00000000, 0x00000000, 0x00007fff)
        TEST_RR_OP(9, and, 0x00000000, 0x7fffffff, 0x00000000)
        TEST_RR_OP(10, and, 0x00007fff, 0x7fffffff, 0x00007fff)
        TEST_RR_OP(11, and, 0x00000000, 0x80000000, 0x00007fff)
        TEST_RR_OP(12, and, 0x7fff8000, 0x7fffffff, 0xffff8000)
        TEST_RR_OP(13, and, 0x00000000, 0x00000000, 0xffffffff)
        TEST_RR_OP(14, and, 0x00000001, 0xffffffff, 0x00000001)
        TEST_RR_OP(15, and, 0xffffffff, 0xffffffff, 0xffffffff)
        TEST_RR_OP(16, and, 0x00000001, 0x00000001, 0x7fffffff)
        TEST_RR_OP(17, and, 0x80000000, 0x80000000, 0x80000000)
        TEST_RR_OP(18, and, 0x00000000, 0x80000000, 0x7fffffff)
        TEST_RR_OP(19, and, 0x00000000, 0x7fffffff, 0x80000000)
        TEST_RR_OP(20, and, 0x0f000f00, 0xff00ff00, 0x0f0f0f0f)
        TEST_RR_OP(21, and, 0x00f000f0, 0x0ff00ff0, 0xf0f0f0f0)
        TEST_RR_OP(22, and, 0x000f000f, 0x00ff00ff, 0x0f0f0f0f)
        TEST_RR_OP(23, and, 0xf000f000, 0xf00ff00f, 0xf0f0f0f0)
        TEST_RR_OP(24, and, 0x12345670, 0x12345678, 0x9abcdef0)
        TEST_RR_OP(25, and, 0xfffffffe, 0xfffffffe, 0xffffffff)

        # destination equal to a source
        TEST_RR_SRC1_EQ_DEST(26, and, 0x00000009, 0x0000000d, 11)
        TEST_RR_SRC2_EQ_DEST(27, and, 0x0000000a, 0x0000000e, 11)
        TEST_RR_SRC12_EQ_DEST(28, and, 0x0000000d, 13)

        # back-to-back dependences (0, 1, 2 instructions apart)
        TEST_RR_DEST_BYPASS(29, 0, and, 0x00000009, 0x0000000d, 0x0000000b)
        TEST_RR_DEST_BYPASS(30, 1, and, 0x0000000a, 0x0000000e, 0x0000000b)
        TEST_RR_DEST_BYPASS(31, 2, and, 0x80000000, 0x80000000, 0xffffffff)
        TEST_RR_SRC12_BYPASS(32, 0, 0, and, 0x00000009, 0x0000000d, 0x0000000b)
        TEST_RR_SRC12_BYPASS(33, 0, 1, and, 0x0000000a, 0x0000000e, 0x0000000b)
        TEST_RR_SRC12_BYPASS(34, 0, 2, and, 0x80000000, 0x80000000, 0xffffffff)
        TEST_RR_SRC12_BYPASS(35, 1, 0, and, 0x00000009, 0x0000000d, 0x0000000b)
        TEST_RR_SRC12_BYPASS(36, 1, 1, and, 0x0000000a, 0x0000000e, 0x0000000b)
        TEST_RR_SRC12_BYPASS(37, 2, 0, and, 0x80000000, 0x80000000, 0xffffffff)
        TEST_RR_SRC21_BYPASS(38, 0, 0, and, 0x00000009, 0x0000000d, 0x0000000b)
        TEST_RR_SRC21_BYPASS(39, 0, 1, and, 0x0000000a, 0x0000000e, 0x0000000b)
        TEST_RR_SRC21_BYPASS(40, 0, 2, and, 0x80000000, 0x80000000, 0xffffffff)
        TEST_RR_SRC21_BYPASS(41, 1, 0, and, 0x00000009, 0x0000000d, 0x0000000b)
        TEST_RR_SRC21_BYPASS(42, 1, 1, and, 0x0000000a, 0x0000000e, 0x0000000b)
        TEST_RR_SRC21_BYPASS(43, 2, 0, and, 0x80000000, 0x80000000, 0xffffffff)

        # x0 as a source and as the destination
        TEST_RR_ZEROSRC1(44, and, 0x00000000, 0xffffff9c)
        TEST_RR_ZEROSRC2(45, and, 0x00000000, 0x80000020)
        TEST_RR_ZEROSRC12(46, and, 0x00000000)
        TEST_RR_ZERODEST(47, and, 0x11111111, 0x22222222)

        TEST_PASSFAIL

RVTEST_CODE_END

RVTEST_DATA_BEGIN
        .word 0
RVTEST_DATA_END
