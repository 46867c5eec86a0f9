# lb: load a byte, sign-extended.
# Self-checking: gp holds the case number; exit code 0 on success,
# (case << 1) | 1 on the first failing case.
#include "riscv_test.h"
#include "test_macros.h"

RVTEST_RV32U
RVTEST_CODE_BEGIN
        # every byte-aligned offset from -8 to +7 around `mid`
        TEST_LD_OP(2, lb, 0xffffff80, -8, mid)
        TEST_LD_OP(3, lb, 0x0000007f, -7, mid)
        TEST_LD_OP(4, lb, 0xffffffff, -6, mid)
        TEST_LD_OP(5, lb, 0x00000001, -5, mid)
        TEST_LD_OP(6, lb, 0x00000000, -4, mid)
        TEST_LD_OP(7, lb, 0xfffffffe, -3, mid)
        TEST_LD_OP(8, lb, 0xffffff81, -2, mid)
        TEST_LD_OP(9, lb, 0x0000007e, -1, mid)
        TEST_LD_OP(10, lb, 0x00000034, 0, mid)
        TEST_LD_OP(11, lb, 0x00000012, 1, mid)
        TEST_LD_OP(12, lb, 0xffffffcd, 2, mid)
        TEST_LD_OP(13, lb, 0xffffffab, 3, mid)
        TEST_LD_OP(14, lb, 0xffffffef, 4, mid)
        TEST_LD_OP(15, lb, 0xffffffbe, 5, mid)
        TEST_LD_OP(16, lb, 0xffffffad, 6, mid)
        TEST_LD_OP(17, lb, 0xffffffde, 7, mid)

        # the extreme offsets +2047 and -2048
        TEST_LD_OP(18, lb, 0xffffffef, 2047, mid+4-2047)
        TEST_LD_OP(19, lb, 0x00000000, -2048, mid-4+2048)

        # the base register is also the destination
        TEST_LD_SRC1_EQ_DEST(20, lb, 0xffffff80, -8, mid)
        TEST_LD_SRC1_EQ_DEST(21, lb, 0xffffffef, 4, mid)

        # result used 0, 1, 2 instructions later; base produced just before
        TEST_LD_DEST_BYPASS(22, 0, lb, 0x00000034, 0, mid)
        TEST_LD_DEST_BYPASS(23, 1, lb, 0xffffffef, 4, mid)
        TEST_LD_DEST_BYPASS(24, 2, lb, 0x00000000, -4, mid)
        TEST_LD_SRC1_BYPASS(25, 0, lb, 0xffffff80, -8, mid)
        TEST_LD_SRC1_BYPASS(26, 1, lb, 0x00000034, 0, mid)
        TEST_LD_SRC1_BYPASS(27, 2, lb, 0xffffffef, 4, mid)

        # a load into x0 leaves it zero
        TEST_LD_ZERODEST(28, lb, -8, mid)

        # a load right after another, both feeding one add (no lost write)
        li TESTNUM, 29
        la x15, mid
        lb x13, -8(x15)
        lb x14, 4(x15)
        add x14, x14, x13
        li x7, 0xffffff6f
        bne x14, x7, fail

        TEST_PASSFAIL

RVTEST_CODE_END

RVTEST_DATA_BEGIN
# 16 distinct bytes around `mid`; the tests only read them.
        .balign 16
lo:     .byte 0x80, 0x7f, 0xff, 0x01, 0x00, 0xfe, 0x81, 0x7e
mid:    .byte 0x34, 0x12, 0xcd, 0xab, 0xef, 0xbe, 0xad, 0xde
RVTEST_DATA_END
