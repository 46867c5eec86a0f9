# xor: rd = rs1 ^ rs2.
# Self-checking: gp holds the case number; exit code 0 on success,
# (case << 1) | 1 on the first failing case.
#include "riscv_test.h"
#include "test_macros.h"

RVTEST_RV32U
RVTEST_CODE_BEGIN
        # sign bits, carries, 0x80000000, -1
        TEST_RR_OP(2, xor, 0x00000000, 0x00000000, 0x00000000)
        TEST_RR_OP(3, xor, 0x00000000, 0x00000001, 0x00000001)
        TEST_RR_OP(4, xor, 0x00000004, 0x00000003, 0x00000007)
        TEST_RR_OP(5, xor, 0xffff8000, 0x00000000, 0xffff8000)
        TEST_RR_OP(6, xor, 0x80000000, 0x80000000, 0x00000000)
        TEST_RR_OP(7, xor, 0x7fff8000, 0x80000000, 0xffff8000)
        TEST_RR_OP(8, xor, 0x00007fff, 0x00000000, 0x00007fff)
        TEST_RR_OP(9, xor, 0x7fffffff, 0x7fffffff, 0x00000000)
        TEST_RR_OP(10, xor, 0x7fff8000, 0x7fffffff, 0x00007fff)
        TEST_RR_OP(11, xor, 0x80007fff, 0x80000000, 0x00007fff)
        TEST_RR_OP(12, xor, 0x80007fff, 0x7fffffff, 0xffff8000)
        TEST_RR_OP(13, xor, 0xffffffff, 0x00000000, 0xffffffff)
        TEST_RR_OP(14, xor, 0xfffffffe, 0xffffffff, 0x00000001)
        TEST_RR_OP(15, xor, 0x00000000, 0xffffffff, 0xffffffff)
        TEST_RR_OP(16, xor, 0x7ffffffe, 0x00000001, 0x7fffffff)
        TEST_RR_OP(17, xor, 0x00000000, 0x80000000, 0x80000000)
        TEST_RR_OP(18, xor, 0xffffffff, 0x80000000, 0x7fffffff)
        TEST_RR_OP(19, xor, 0xffffffff, 0x7fffffff, 0x80000000)
        TEST_RR_OP(20, xor, 0xf00ff00f, 0xff00ff00, 0x0f0f0f0f)
        TEST_RR_OP(21, xor, 0xff00ff00, 0x0ff00ff0, 0xf0f0f0f0)
        TEST_RR_OP(22, xor, 0x0ff00ff0, 0x00ff00ff, 0x0f0f0f0f)
        TEST_RR_OP(23, xor, 0x00ff00ff, 0xf00ff00f, 0xf0f0f0f0)
        TEST_RR_OP(24, xor, 0x88888888, 0x12345678, 0x9abcdef0)
        TEST_RR_OP(25, xor, 0x00000001, 0xfffffffe, 0xffffffff)

        # destination equal to a source
        TEST_RR_SRC1_EQ_DEST(26, xor, 0x00000006, 0x0000000d, 11)
        TEST_RR_SRC2_EQ_DEST(27, xor, 0x00000005, 0x0000000e, 11)
        TEST_RR_SRC12_EQ_DEST(28, xor, 0x00000000, 13)

        # back-to-back dependences (0, 1, 2 instructions apart)
        TEST_RR_DEST_BYPASS(29, 0, xor, 0x00000006, 0x0000000d, 0x0000000b)
        TEST_RR_DEST_BYPASS(30, 1, xor, 0x00000005, 0x0000000e, 0x0000000b)
        TEST_RR_DEST_BYPASS(31, 2, xor, 0x7fffffff, 0x80000000, 0xffffffff)
        TEST_RR_SRC12_BYPASS(32, 0, 0, xor, 0x00000006, 0x0000000d, 0x0000000b)
        TEST_RR_SRC12_BYPASS(33, 0, 1, xor, 0x00000005, 0x0000000e, 0x0000000b)
        TEST_RR_SRC12_BYPASS(34, 0, 2, xor, 0x7fffffff, 0x80000000, 0xffffffff)
        TEST_RR_SRC12_BYPASS(35, 1, 0, xor, 0x00000006, 0x0000000d, 0x0000000b)
        TEST_RR_SRC12_BYPASS(36, 1, 1, xor, 0x00000005, 0x0000000e, 0x0000000b)
        TEST_RR_SRC12_BYPASS(37, 2, 0, xor, 0x7fffffff, 0x80000000, 0xffffffff)
        TEST_RR_SRC21_BYPASS(38, 0, 0, xor, 0x00000006, 0x0000000d, 0x0000000b)
        TEST_RR_SRC21_BYPASS(39, 0, 1, xor, 0x00000005, 0x0000000e, 0x0000000b)
        TEST_RR_SRC21_BYPASS(40, 0, 2, xor, 0x7fffffff, 0x80000000, 0xffffffff)
        TEST_RR_SRC21_BYPASS(41, 1, 0, xor, 0x00000006, 0x0000000d, 0x0000000b)
        TEST_RR_SRC21_BYPASS(42, 1, 1, xor, 0x00000005, 0x0000000e, 0x0000000b)
        TEST_RR_SRC21_BYPASS(43, 2, 0, xor, 0x7fffffff, 0x80000000, 0xffffffff)

        # x0 as a source and as the destination
        TEST_RR_ZEROSRC1(44, xor, 0xffffff9c, 0xffffff9c)
        TEST_RR_ZEROSRC2(45, xor, 0x80000020, 0x80000020)
        TEST_RR_ZEROSRC12(46, xor, 0x00000000)
        TEST_RR_ZERODEST(47, xor, 0x11111111, 0x22222222)

        TEST_PASSFAIL

RVTEST_CODE_END

RVTEST_DATA_BEGIN
        .word 0
RVTEST_DATA_END
