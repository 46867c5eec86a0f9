# sra: rd = rs1 >> rs2[4:0], sign-filled.
# Self-checking: gp holds the case number; exit code 0 on success,
# (case << 1) | 1 on the first failing case.
#include "riscv_test.h"
#include "test_macros.h"

RVTEST_RV32U
RVTEST_CODE_BEGIN
        # every value shifted by 0, 1, 7, 14, 20 and 31
        TEST_RR_OP(2, sra, 0x00000001, 0x00000001, 0x00000000)
        TEST_RR_OP(3, sra, 0x00000000, 0x00000001, 0x00000001)
        TEST_RR_OP(4, sra, 0x00000000, 0x00000001, 0x00000007)
        TEST_RR_OP(5, sra, 0x00000000, 0x00000001, 0x0000000e)
        TEST_RR_OP(6, sra, 0x00000000, 0x00000001, 0x00000014)
        TEST_RR_OP(7, sra, 0x00000000, 0x00000001, 0x0000001f)
        TEST_RR_OP(8, sra, 0x80000000, 0x80000000, 0x00000000)
        TEST_RR_OP(9, sra, 0xc0000000, 0x80000000, 0x00000001)
        TEST_RR_OP(10, sra, 0xff000000, 0x80000000, 0x00000007)
        TEST_RR_OP(11, sra, 0xfffe0000, 0x80000000, 0x0000000e)
        TEST_RR_OP(12, sra, 0xfffff800, 0x80000000, 0x00000014)
        TEST_RR_OP(13, sra, 0xffffffff, 0x80000000, 0x0000001f)
        TEST_RR_OP(14, sra, 0xffffffff, 0xffffffff, 0x00000000)
        TEST_RR_OP(15, sra, 0xffffffff, 0xffffffff, 0x00000001)
        TEST_RR_OP(16, sra, 0xffffffff, 0xffffffff, 0x00000007)
        TEST_RR_OP(17, sra, 0xffffffff, 0xffffffff, 0x0000000e)
        TEST_RR_OP(18, sra, 0xffffffff, 0xffffffff, 0x00000014)
        TEST_RR_OP(19, sra, 0xffffffff, 0xffffffff, 0x0000001f)
        TEST_RR_OP(20, sra, 0x21212121, 0x21212121, 0x00000000)
        TEST_RR_OP(21, sra, 0x10909090, 0x21212121, 0x00000001)
        TEST_RR_OP(22, sra, 0x00424242, 0x21212121, 0x00000007)
        TEST_RR_OP(23, sra, 0x00008484, 0x21212121, 0x0000000e)
        TEST_RR_OP(24, sra, 0x00000212, 0x21212121, 0x00000014)
        TEST_RR_OP(25, sra, 0x00000000, 0x21212121, 0x0000001f)
        TEST_RR_OP(26, sra, 0x7fffffff, 0x7fffffff, 0x00000000)
        TEST_RR_OP(27, sra, 0x3fffffff, 0x7fffffff, 0x00000001)
        TEST_RR_OP(28, sra, 0x00ffffff, 0x7fffffff, 0x00000007)
        TEST_RR_OP(29, sra, 0x0001ffff, 0x7fffffff, 0x0000000e)
        TEST_RR_OP(30, sra, 0x000007ff, 0x7fffffff, 0x00000014)
        TEST_RR_OP(31, sra, 0x00000000, 0x7fffffff, 0x0000001f)
        TEST_RR_OP(32, sra, 0x81818181, 0x81818181, 0x00000000)
        TEST_RR_OP(33, sra, 0xc0c0c0c0, 0x81818181, 0x00000001)
        TEST_RR_OP(34, sra, 0xff030303, 0x81818181, 0x00000007)
        TEST_RR_OP(35, sra, 0xfffe0606, 0x81818181, 0x0000000e)
        TEST_RR_OP(36, sra, 0xfffff818, 0x81818181, 0x00000014)
        TEST_RR_OP(37, sra, 0xffffffff, 0x81818181, 0x0000001f)

        # only rs2[4:0] counts
        TEST_RR_OP(38, sra, 0x21212121, 0x21212121, 0xffffffc0)
        TEST_RR_OP(39, sra, 0x10909090, 0x21212121, 0xffffffc1)
        TEST_RR_OP(40, sra, 0xff030303, 0x81818181, 0xffffffc7)
        TEST_RR_OP(41, sra, 0xfffe0606, 0x81818181, 0xffffffce)
        TEST_RR_OP(42, sra, 0xffffffff, 0x80000000, 0xffffffff)
        TEST_RR_OP(43, sra, 0xffffffff, 0xffffffff, 0x00000020)
        TEST_RR_OP(44, sra, 0x00000000, 0x12345678, 0x0000003f)

        # destination equal to a source
        TEST_RR_SRC1_EQ_DEST(45, sra, 0xff000000, 0x80000001, 7)
        TEST_RR_SRC2_EQ_DEST(46, sra, 0xfe000000, 0xf0000000, 3)
        TEST_RR_SRC12_EQ_DEST(47, sra, 0x00000000, 3)

        # back-to-back dependences (0, 1, 2 instructions apart)
        TEST_RR_DEST_BYPASS(48, 0, sra, 0xc0000000, 0x80000000, 0x00000001)
        TEST_RR_DEST_BYPASS(49, 1, sra, 0xff000000, 0x80000000, 0x00000007)
        TEST_RR_DEST_BYPASS(50, 2, sra, 0xfffe0000, 0x80000000, 0x0000000e)
        TEST_RR_SRC12_BYPASS(51, 0, 0, sra, 0xc0000000, 0x80000000, 0x00000001)
        TEST_RR_SRC12_BYPASS(52, 0, 1, sra, 0xff000000, 0x80000000, 0x00000007)
        TEST_RR_SRC12_BYPASS(53, 0, 2, sra, 0xfffe0000, 0x80000000, 0x0000000e)
        TEST_RR_SRC12_BYPASS(54, 1, 0, sra, 0xc0000000, 0x80000000, 0x00000001)
        TEST_RR_SRC12_BYPASS(55, 1, 1, sra, 0xff000000, 0x80000000, 0x00000007)
        TEST_RR_SRC12_BYPASS(56, 2, 0, sra, 0xfffe0000, 0x80000000, 0x0000000e)
        TEST_RR_SRC21_BYPASS(57, 0, 0, sra, 0xc0000000, 0x80000000, 0x00000001)
        TEST_RR_SRC21_BYPASS(58, 0, 1, sra, 0xff000000, 0x80000000, 0x00000007)
        TEST_RR_SRC21_BYPASS(59, 0, 2, sra, 0xfffe0000, 0x80000000, 0x0000000e)
        TEST_RR_SRC21_BYPASS(60, 1, 0, sra, 0xc0000000, 0x80000000, 0x00000001)
        TEST_RR_SRC21_BYPASS(61, 1, 1, sra, 0xff000000, 0x80000000, 0x00000007)
        TEST_RR_SRC21_BYPASS(62, 2, 0, sra, 0xfffe0000, 0x80000000, 0x0000000e)

        # x0 as a source and as the destination
        TEST_RR_ZEROSRC1(63, sra, 0x00000000, 0x0000000f)
        TEST_RR_ZEROSRC2(64, sra, 0x80000000, 0x80000000)
        TEST_RR_ZEROSRC12(65, sra, 0x00000000)
        TEST_RR_ZERODEST(66, sra, 0x11111111, 0x22222222)

        TEST_PASSFAIL

RVTEST_CODE_END

RVTEST_DATA_BEGIN
        .word 0
RVTEST_DATA_END
