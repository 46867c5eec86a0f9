# lui: rd = imm20 << 12 (low 12 bits zero).
# Self-checking: gp holds the case number; exit code 0 on success,
# (case << 1) | 1 on the first failing case.
#include "riscv_test.h"
#include "test_macros.h"

RVTEST_RV32U
RVTEST_CODE_BEGIN

        TEST_CASE(2, x14, 0x00000000, lui x14, 0x00000)
        TEST_CASE(3, x14, 0x00001000, lui x14, 0x00001)
        TEST_CASE(4, x14, 0x7ffff000, lui x14, 0x7ffff)
        TEST_CASE(5, x14, 0x80000000, lui x14, 0x80000)
        TEST_CASE(6, x14, 0xfffff000, lui x14, 0xfffff)
        TEST_CASE(7, x14, 0x12345000, lui x14, 0x12345)

        # the low bits are cleared, not kept
        TEST_CASE(8, x14, 0xabcde000, li x14, -1; lui x14, 0xabcde)

        # the value is sign-relevant: shifting right arithmetically
        TEST_CASE(9,  x14, 0xfffff800, lui x14, 0x80000; srai x14, x14, 20)
        TEST_CASE(10, x14, 0x000007ff, lui x14, 0x7ffff; srai x14, x14, 20)
        TEST_CASE(11, x14, 0x00000800, lui x14, 0x80000; srli x14, x14, 20)

        # lui then addi builds any constant (the li idiom), incl. a negative low part
        TEST_CASE(12, x14, 0x12344fff, lui x14, 0x12345; addi x14, x14, -1)
        TEST_CASE(13, x14, 0x7fffffff, lui x14, 0x80000; addi x14, x14, -1)

        # back-to-back use and x0 as the destination
        TEST_CASE(14, x6, 0x00042001, lui x14, 0x42; addi x6, x14, 1)
        TEST_CASE(15, x0, 0, lui x0, 0x80000)

        TEST_PASSFAIL

RVTEST_CODE_END

RVTEST_DATA_BEGIN
        .word 0
RVTEST_DATA_END
