# lw: load a word.
# Self-checking: gp holds the case number; exit code 0 on success,
# (case << 1) | 1 on the first failing case.
#include "riscv_test.h"
#include "test_macros.h"

RVTEST_RV32U
RVTEST_CODE_BEGIN
        # every word-aligned offset from -8 to +7 around `mid`
        TEST_LD_OP(2, lw, 0x01ff7f80, -8, mid)
        TEST_LD_OP(3, lw, 0x7e81fe00, -4, mid)
        TEST_LD_OP(4, lw, 0xabcd1234, 0, mid)
        TEST_LD_OP(5, lw, 0xdeadbeef, 4, mid)

        # the extreme offsets +2047 and -2048
        TEST_LD_OP(6, lw, 0xdeadbeef, 2047, mid+4-2047)
        TEST_LD_OP(7, lw, 0x7e81fe00, -2048, mid-4+2048)

        # the base register is also the destination
        TEST_LD_SRC1_EQ_DEST(8, lw, 0x01ff7f80, -8, mid)
        TEST_LD_SRC1_EQ_DEST(9, lw, 0xdeadbeef, 4, mid)

        # result used 0, 1, 2 instructions later; base produced just before
        TEST_LD_DEST_BYPASS(10, 0, lw, 0xabcd1234, 0, mid)
        TEST_LD_DEST_BYPASS(11, 1, lw, 0xdeadbeef, 4, mid)
        TEST_LD_DEST_BYPASS(12, 2, lw, 0x7e81fe00, -4, mid)
        TEST_LD_SRC1_BYPASS(13, 0, lw, 0x01ff7f80, -8, mid)
        TEST_LD_SRC1_BYPASS(14, 1, lw, 0xabcd1234, 0, mid)
        TEST_LD_SRC1_BYPASS(15, 2, lw, 0xdeadbeef, 4, mid)

        # a load into x0 leaves it zero
        TEST_LD_ZERODEST(16, lw, -8, mid)

        # a load right after another, both feeding one add (no lost write)
        li TESTNUM, 17
        la x15, mid
        lw x13, -8(x15)
        lw x14, 4(x15)
        add x14, x14, x13
        li x7, 0xe0ad3e6f
        bne x14, x7, fail

        TEST_PASSFAIL

RVTEST_CODE_END

RVTEST_DATA_BEGIN
# 16 distinct bytes around `mid`; the tests only read them.
        .balign 16
lo:     .byte 0x80, 0x7f, 0xff, 0x01, 0x00, 0xfe, 0x81, 0x7e
mid:    .byte 0x34, 0x12, 0xcd, 0xab, 0xef, 0xbe, 0xad, 0xde
RVTEST_DATA_END
