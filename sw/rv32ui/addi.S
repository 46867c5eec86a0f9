# addi: rd = rs1 + sext(imm12).
# Self-checking: gp holds the case number; exit code 0 on success,
# (case << 1) | 1 on the first failing case.
#include "riscv_test.h"
#include "test_macros.h"

RVTEST_RV32U
RVTEST_CODE_BEGIN
        # immediates 0, 1, -1, 2047, -2048 against sign bits and -1
        TEST_IMM_OP(2, addi, 0x00000000, 0x00000000, 0x0)
        TEST_IMM_OP(3, addi, 0x00000002, 0x00000001, 0x1)
        TEST_IMM_OP(4, addi, 0x0000000a, 0x00000003, 0x7)
        TEST_IMM_OP(5, addi, 0xfffff800, 0x00000000, 0x800)
        TEST_IMM_OP(6, addi, 0x80000000, 0x80000000, 0x0)
        TEST_IMM_OP(7, addi, 0x7ffff800, 0x80000000, 0x800)
        TEST_IMM_OP(8, addi, 0x000007ff, 0x00000000, 0x7ff)
        TEST_IMM_OP(9, addi, 0x7fffffff, 0x7fffffff, 0x0)
        TEST_IMM_OP(10, addi, 0x800007fe, 0x7fffffff, 0x7ff)
        TEST_IMM_OP(11, addi, 0x800007ff, 0x80000000, 0x7ff)
        TEST_IMM_OP(12, addi, 0x7ffff7ff, 0x7fffffff, 0x800)
        TEST_IMM_OP(13, addi, 0xffffffff, 0x00000000, 0xfff)
        TEST_IMM_OP(14, addi, 0x00000000, 0xffffffff, 0x1)
        TEST_IMM_OP(15, addi, 0xfffffffe, 0xffffffff, 0xfff)
        TEST_IMM_OP(16, addi, 0x80000000, 0x7fffffff, 0x1)
        TEST_IMM_OP(17, addi, 0xff00fe0f, 0xff00ff00, 0xf0f)
        TEST_IMM_OP(18, addi, 0x0ff010e0, 0x0ff00ff0, 0xf0)
        TEST_IMM_OP(19, addi, 0x00ff080e, 0x00ff00ff, 0x70f)
        TEST_IMM_OP(20, addi, 0xf00ff0ff, 0xf00ff00f, 0xf0)
        TEST_IMM_OP(21, addi, 0x12345bcd, 0x12345678, 0x555)
        TEST_IMM_OP(22, addi, 0x12345122, 0x12345678, 0xaaa)
        TEST_IMM_OP(23, addi, 0xfffff000, 0xfffff800, 0x800)
        TEST_IMM_OP(24, addi, 0x00000ffe, 0x000007ff, 0x7ff)
        TEST_IMM_OP(25, addi, 0xfffffffd, 0xfffffffe, 0xfff)

        # destination equal to the source
        TEST_IMM_SRC1_EQ_DEST(26, addi, 0x00000018, 0x0000000d, 0xb)

        # back-to-back dependences (0, 1, 2 instructions apart)
        TEST_IMM_DEST_BYPASS(27, 0, addi, 0x00000018, 0x0000000d, 0xb)
        TEST_IMM_DEST_BYPASS(28, 1, addi, 0xfffff80e, 0x0000000e, 0x800)
        TEST_IMM_DEST_BYPASS(29, 2, addi, 0x7fffffff, 0x80000000, 0xfff)
        TEST_IMM_SRC1_BYPASS(30, 0, addi, 0x00000018, 0x0000000d, 0xb)
        TEST_IMM_SRC1_BYPASS(31, 1, addi, 0xfffff80e, 0x0000000e, 0x800)
        TEST_IMM_SRC1_BYPASS(32, 2, addi, 0x7fffffff, 0x80000000, 0xfff)

        # x0 as the source and as the destination
        TEST_IMM_ZEROSRC1(33, addi, 0x000007ff, 0x7ff)
        TEST_IMM_ZEROSRC1(34, addi, 0xfffff800, 0x800)
        TEST_IMM_ZERODEST(35, addi, 0x12345678, 0x7ff)

        TEST_PASSFAIL

RVTEST_CODE_END

RVTEST_DATA_BEGIN
        .word 0
RVTEST_DATA_END
