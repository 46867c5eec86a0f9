# srl: rd = rs1 >> rs2[4:0], zero-filled.
# Self-checking: gp holds the case number; exit code 0 on success,
# (case << 1) | 1 on the first failing case.
#include "riscv_test.h"
#include "test_macros.h"

RVTEST_RV32U
RVTEST_CODE_BEGIN
        # every value shifted by 0, 1, 7, 14, 20 and 31
        TEST_RR_OP(2, srl, 0x00000001, 0x00000001, 0x00000000)
        TEST_RR_OP(3, srl, 0x00000000, 0x00000001, 0x00000001)
        TEST_RR_OP(4, srl, 0x00000000, 0x00000001, 0x00000007)
        TEST_RR_OP(5, srl, 0x00000000, 0x00000001, 0x0000000e)
        TEST_RR_OP(6, srl, 0x00000000, 0x00000001, 0x00000014)
        TEST_RR_OP(7, srl, 0x00000000, 0x00000001, 0x0000001f)
        TEST_RR_OP(8, srl, 0x80000000, 0x80000000, 0x00000000)
        TEST_RR_OP(9, srl, 0x40000000, 0x80000000, 0x00000001)
        TEST_RR_OP(10, srl, 0x01000000, 0x80000000, 0x00000007)
        TEST_RR_OP(11, srl, 0x00020000, 0x80000000, 0x0000000e)
        TEST_RR_OP(12, srl, 0x00000800, 0x80000000, 0x00000014)
        TEST_RR_OP(13, srl, 0x00000001, 0x80000000, 0x0000001f)
        TEST_RR_OP(14, srl, 0xffffffff, 0xffffffff, 0x00000000)
        TEST_RR_OP(15, srl, 0x7fffffff, 0xffffffff, 0x00000001)
        TEST_RR_OP(16, srl, 0x01ffffff, 0xffffffff, 0x00000007)
        TEST_RR_OP(17, srl, 0x0003ffff, 0xffffffff, 0x0000000e)
        TEST_RR_OP(18, srl, 0x00000fff, 0xffffffff, 0x00000014)
        TEST_RR_OP(19, srl, 0x00000001, 0xffffffff, 0x0000001f)
        TEST_RR_OP(20, srl, 0x21212121, 0x21212121, 0x00000000)
        TEST_RR_OP(21, srl, 0x10909090, 0x21212121, 0x00000001)
        TEST_RR_OP(22, srl, 0x00424242, 0x21212121, 0x00000007)
        TEST_RR_OP(23, srl, 0x00008484, 0x21212121, 0x0000000e)
        TEST_RR_OP(24, srl, 0x00000212, 0x21212121, 0x00000014)
        TEST_RR_OP(25, srl, 0x00000000, 0x21212121, 0x0000001f)
        TEST_RR_OP(26, srl, 0x7fffffff, 0x7fffffff, 0x00000000)
        TEST_RR_OP(27, srl, 0x3fffffff, 0x7fffffff, 0x00000001)
        TEST_RR_OP(28, srl, 0x00ffffff, 0x7fffffff, 0x00000007)
        TEST_RR_OP(29, srl, 0x0001ffff, 0x7fffffff, 0x0000000e)
        TEST_RR_OP(30, srl, 0x000007ff, 0x7fffffff, 0x00000014)
        TEST_RR_OP(31, srl, 0x00000000, 0x7fffffff, 0x0000001f)
        TEST_RR_OP(32, srl, 0x81818181, 0x81818181, 0x00000000)
        TEST_RR_OP(33, srl, 0x40c0c0c0, 0x81818181, 0x00000001)
        TEST_RR_OP(34, srl, 0x01030303, 0x81818181, 0x00000007)
        TEST_RR_OP(35, srl, 0x00020606, 0x81818181, 0x0000000e)
        TEST_RR_OP(36, srl, 0x00000818, 0x81818181, 0x00000014)
        TEST_RR_OP(37, srl, 0x00000001, 0x81818181, 0x0000001f)

        # only rs2[4:0] counts
        TEST_RR_OP(38, srl, 0x21212121, 0x21212121, 0xffffffc0)
        TEST_RR_OP(39, srl, 0x10909090, 0x21212121, 0xffffffc1)
        TEST_RR_OP(40, srl, 0x01030303, 0x81818181, 0xffffffc7)
        TEST_RR_OP(41, srl, 0x00020606, 0x81818181, 0xffffffce)
        TEST_RR_OP(42, srl, 0x00000001, 0x80000000, 0xffffffff)
        TEST_RR_OP(43, srl, 0xffffffff, 0xffffffff, 0x00000020)
        TEST_RR_OP(44, srl, 0x00000000, 0x12345678, 0x0000003f)

        # destination equal to a source
        TEST_RR_SRC1_EQ_DEST(45, srl, 0x01000000, 0x80000001, 7)
        TEST_RR_SRC2_EQ_DEST(46, srl, 0x1e000000, 0xf0000000, 3)
        TEST_RR_SRC12_EQ_DEST(47, srl, 0x00000000, 3)

        # back-to-back dependences (0, 1, 2 instructions apart)
        TEST_RR_DEST_BYPASS(48, 0, srl, 0x40000000, 0x80000000, 0x00000001)
        TEST_RR_DEST_BYPASS(49, 1, srl, 0x01000000, 0x80000000, 0x00000007)
        TEST_RR_DEST_BYPASS(50, 2, srl, 0x00020000, 0x80000000, 0x0000000e)
        TEST_RR_SRC12_BYPASS(51, 0, 0, srl, 0x40000000, 0x80000000, 0x00000001)
        TEST_RR_SRC12_BYPASS(52, 0, 1, srl, 0x01000000, 0x80000000, 0x00000007)
        TEST_RR_SRC12_BYPASS(53, 0, 2, srl, 0x00020000, 0x80000000, 0x0000000e)
        TEST_RR_SRC12_BYPASS(54, 1, 0, srl, 0x40000000, 0x80000000, 0x00000001)
        TEST_RR_SRC12_BYPASS(55, 1, 1, srl, 0x01000000, 0x80000000, 0x00000007)
        TEST_RR_SRC12_BYPASS(56, 2, 0, srl, 0x00020000, 0x80000000, 0x0000000e)
        TEST_RR_SRC21_BYPASS(57, 0, 0, srl, 0x40000000, 0x80000000, 0x00000001)
        TEST_RR_SRC21_BYPASS(58, 0, 1, srl, 0x01000000, 0x80000000, 0x00000007)
        TEST_RR_SRC21_BYPASS(59, 0, 2, srl, 0x00020000, 0x80000000, 0x0000000e)
        TEST_RR_SRC21_BYPASS(60, 1, 0, srl, 0x40000000, 0x80000000, 0x00000001)
        TEST_RR_SRC21_BYPASS(61, 1, 1, srl, 0x01000000, 0x80000000, 0x00000007)
        TEST_RR_SRC21_BYPASS(62, 2, 0, srl, 0x00020000, 0x80000000, 0x0000000e)

        # x0 as a source and as the destination
        TEST_RR_ZEROSRC1(63, srl, 0x00000000, 0x0000000f)
        TEST_RR_ZEROSRC2(64, srl, 0x80000000, 0x80000000)
        TEST_RR_ZEROSRC12(65, srl, 0x00000000)
        TEST_RR_ZERODEST(66, srl, 0x11111111, 0x22222222)

        TEST_PASSFAIL

RVTEST_CODE_END

RVTEST_DATA_BEGIN
        .word 0
RVTEST_DATA_END
