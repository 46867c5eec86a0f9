# sll: rd = rs1 << rs2[4:0].
# Self-checking: gp holds the case number; exit code 0 on success,
# (case << 1) | 1 on the first failing case.
#include "riscv_test.h"
#include "test_macros.h"

RVTEST_RV32U
RVTEST_CODE_BEGIN
        # every value shifted by 0, 1, 7, 14, 20 and 31
        TEST_RR_OP(2, sll, 0x00000001, 0x00000001, 0x00000000)
        TEST_RR_OP(3, sll, 0x00000002, 0x00000001, 0x00000001)
        TEST_RR_OP(4, sll, 0x00000080, 0x00000001, 0x00000007)
        TEST_RR_OP(5, sll, 0x00004000, 0x00000001, 0x0000000e)
        TEST_RR_OP(6, sll, 0x00100000, 0x00000001, 0x00000014)
        TEST_RR_OP(7, sll, 0x80000000, 0x00000001, 0x0000001f)
        TEST_RR_OP(8, sll, 0x80000000, 0x80000000, 0x00000000)
        TEST_RR_OP(9, sll, 0x00000000, 0x80000000, 0x00000001)
        TEST_RR_OP(10, sll, 0x00000000, 0x80000000, 0x00000007)
        TEST_RR_OP(11, sll, 0x00000000, 0x80000000, 0x0000000e)
        TEST_RR_OP(12, sll, 0x00000000, 0x80000000, 0x00000014)
        TEST_RR_OP(13, sll, 0x00000000, 0x80000000, 0x0000001f)
        TEST_RR_OP(14, sll, 0xffffffff, 0xffffffff, 0x00000000)
        TEST_RR_OP(15, sll, 0xfffffffe, 0xffffffff, 0x00000001)
        TEST_RR_OP(16, sll, 0xffffff80, 0xffffffff, 0x00000007)
        TEST_RR_OP(17, sll, 0xffffc000, 0xffffffff, 0x0000000e)
        TEST_RR_OP(18, sll, 0xfff00000, 0xffffffff, 0x00000014)
        TEST_RR_OP(19, sll, 0x80000000, 0xffffffff, 0x0000001f)
        TEST_RR_OP(20, sll, 0x21212121, 0x21212121, 0x00000000)
        TEST_RR_OP(21, sll, 0x42424242, 0x21212121, 0x00000001)
        TEST_RR_OP(22, sll, 0x90909080, 0x21212121, 0x00000007)
        TEST_RR_OP(23, sll, 0x48484000, 0x21212121, 0x0000000e)
        TEST_RR_OP(24, sll, 0x12100000, 0x21212121, 0x00000014)
        TEST_RR_OP(25, sll, 0x80000000, 0x21212121, 0x0000001f)
        TEST_RR_OP(26, sll, 0x7fffffff, 0x7fffffff, 0x00000000)
        TEST_RR_OP(27, sll, 0xfffffffe, 0x7fffffff, 0x00000001)
        TEST_RR_OP(28, sll, 0xffffff80, 0x7fffffff, 0x00000007)
        TEST_RR_OP(29, sll, 0xffffc000, 0x7fffffff, 0x0000000e)
        TEST_RR_OP(30, sll, 0xfff00000, 0x7fffffff, 0x00000014)
        TEST_RR_OP(31, sll, 0x80000000, 0x7fffffff, 0x0000001f)
        TEST_RR_OP(32, sll, 0x81818181, 0x81818181, 0x00000000)
        TEST_RR_OP(33, sll, 0x03030302, 0x81818181, 0x00000001)
        TEST_RR_OP(34, sll, 0xc0c0c080, 0x81818181, 0x00000007)
        TEST_RR_OP(35, sll, 0x60604000, 0x81818181, 0x0000000e)
        TEST_RR_OP(36, sll, 0x18100000, 0x81818181, 0x00000014)
        TEST_RR_OP(37, sll, 0x80000000, 0x81818181, 0x0000001f)

        # only rs2[4:0] counts
        TEST_RR_OP(38, sll, 0x21212121, 0x21212121, 0xffffffc0)
        TEST_RR_OP(39, sll, 0x42424242, 0x21212121, 0xffffffc1)
        TEST_RR_OP(40, sll, 0xc0c0c080, 0x81818181, 0xffffffc7)
        TEST_RR_OP(41, sll, 0x60604000, 0x81818181, 0xffffffce)
        TEST_RR_OP(42, sll, 0x00000000, 0x80000000, 0xffffffff)
        TEST_RR_OP(43, sll, 0xffffffff, 0xffffffff, 0x00000020)
        TEST_RR_OP(44, sll, 0x00000000, 0x12345678, 0x0000003f)

        # destination equal to a source
        TEST_RR_SRC1_EQ_DEST(45, sll, 0x00000080, 0x80000001, 7)
        TEST_RR_SRC2_EQ_DEST(46, sll, 0x80000000, 0xf0000000, 3)
        TEST_RR_SRC12_EQ_DEST(47, sll, 0x00000018, 3)

        # back-to-back dependences (0, 1, 2 instructions apart)
        TEST_RR_DEST_BYPASS(48, 0, sll, 0x00000000, 0x80000000, 0x00000001)
        TEST_RR_DEST_BYPASS(49, 1, sll, 0x00000000, 0x80000000, 0x00000007)
        TEST_RR_DEST_BYPASS(50, 2, sll, 0x00000000, 0x80000000, 0x0000000e)
        TEST_RR_SRC12_BYPASS(51, 0, 0, sll, 0x00000000, 0x80000000, 0x00000001)
        TEST_RR_SRC12_BYPASS(52, 0, 1, sll, 0x00000000, 0x80000000, 0x00000007)
        TEST_RR_SRC12_BYPASS(53, 0, 2, sll, 0x00000000, 0x80000000, 0x0000000e)
        TEST_RR_SRC12_BYPASS(54, 1, 0, sll, 0x00000000, 0x80000000, 0x00000001)
        TEST_RR_SRC12_BYPASS(55, 1, 1, sll, 0x00000000, 0x80000000, 0x00000007)
        TEST_RR_SRC12_BYPASS(56, 2, 0, sll, 0x00000000, 0x80000000, 0x0000000e)
        TEST_RR_SRC21_BYPASS(57, 0, 0, sll, 0x00000000, 0x80000000, 0x00000001)
        TEST_RR_SRC21_BYPASS(58, 0, 1, sll, 0x00000000, 0x80000000, 0x00000007)
        TEST_RR_SRC21_BYPASS(59, 0, 2, sll, 0x00000000, 0x80000000, 0x0000000e)
        TEST_RR_SRC21_BYPASS(60, 1, 0, sll, 0x00000000, 0x80000000, 0x00000001)
        TEST_RR_SRC21_BYPASS(61, 1, 1, sll, 0x00000000, 0x80000000, 0x00000007)
        TEST_RR_SRC21_BYPASS(62, 2, 0, sll, 0x00000000, 0x80000000, 0x0000000e)

        # x0 as a source and as the destination
        TEST_RR_ZEROSRC1(63, sll, 0x00000000, 0x0000000f)
        TEST_RR_ZEROSRC2(64, sll, 0x80000000, 0x80000000)
        TEST_RR_ZEROSRC12(65, sll, 0x00000000)
        TEST_RR_ZERODEST(66, sll, 0x11111111, 0x22222222)

        TEST_PASSFAIL

RVTEST_CODE_END

RVTEST_DATA_BEGIN
        .word 0
RVTEST_DATA_END
