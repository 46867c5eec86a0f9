# lh: load a halfword, sign-extended.
# Self-checking: gp holds the case number; exit code 0 on success,
# (case << 1) | 1 on the first failing case.
#include "riscv_test.h"
#include "test_macros.h"

RVTEST_RV32U
RVTEST_CODE_BEGIN
        # every halfword-aligned offset from -8 to +7 around `mid`
        TEST_LD_OP(2, lh, 0x00007f80, -8, mid)
        TEST_LD_OP(3, lh, 0x000001ff, -6, mid)
        TEST_LD_OP(4, lh, 0xfffffe00, -4, mid)
        TEST_LD_OP(5, lh, 0x00007e81, -2, mid)
        TEST_LD_OP(6, lh, 0x00001234, 0, mid)
        TEST_LD_OP(7, lh, 0xffffabcd, 2, mid)
        TEST_LD_OP(8, lh, 0xffffbeef, 4, mid)
        TEST_LD_OP(9, lh, 0xffffdead, 6, mid)

        # the extreme offsets +2047 and -2048
        TEST_LD_OP(10, lh, 0xffffbeef, 2047, mid+4-2047)
        TEST_LD_OP(11, lh, 0xfffffe00, -2048, mid-4+2048)

        # the base register is also the destination
        TEST_LD_SRC1_EQ_DEST(12, lh, 0x00007f80, -8, mid)
        TEST_LD_SRC1_EQ_DEST(13, lh, 0xffffbeef, 4, mid)

        # result used 0, 1, 2 instructions later; base produced just before
        TEST_LD_DEST_BYPASS(14, 0, lh, 0x00001234, 0, mid)
        TEST_LD_DEST_BYPASS(15, 1, lh, 0xffffbeef, 4, mid)
        TEST_LD_DEST_BYPASS(16, 2, lh, 0xfffffe00, -4, mid)
        TEST_LD_SRC1_BYPASS(17, 0, lh, 0x00007f80, -8, mid)
        TEST_LD_SRC1_BYPASS(18, 1, lh, 0x00001234, 0, mid)
        TEST_LD_SRC1_BYPASS(19, 2, lh, 0xffffbeef, 4, mid)

        # a load into x0 leaves it zero
        TEST_LD_ZERODEST(20, lh, -8, mid)

        # a load right after another, both feeding one add (no lost write)
        li TESTNUM, 21
        la x15, mid
        lh x13, -8(x15)
        lh x14, 4(x15)
        add x14, x14, x13
        li x7, 0x00003e6f
        bne x14, x7, fail

        TEST_PASSFAIL

RVTEST_CODE_END

RVTEST_DATA_BEGIN
# 16 distinct bytes around `mid`; the tests only read them.
        .balign 16
lo:     .byte 0x80, 0x7f, 0xff, 0x01, 0x00, 0xfe, 0x81, 0x7e
mid:    .byte 0x34, 0x12, 0xcd, 0xab, 0xef, 0xbe, 0xad, 0xde
RVTEST_DATA_END
