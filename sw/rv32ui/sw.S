# sw: store a word.
# Self-checking: gp holds the case number; exit code 0 on success,
# (case << 1) | 1 on the first failing case.
# Every case writes its own bytes of `sdat` (initially 0xa5), and each byte is
# only ever written with one value: threads sharing the data area cannot
# disturb one another, whatever the interleaving of warps.
#include "riscv_test.h"
#include "test_macros.h"

RVTEST_RV32U
RVTEST_CODE_BEGIN
        # every word-aligned offset from -64 to -49 below `smid`, read back
        # with the sign-extending load of the same width
        TEST_ST_OP(2, lw, sw, 0xffffffaa, -64, smid)
        TEST_ST_OP(3, lw, sw, 0x00000000, -60, smid)
        TEST_ST_OP(4, lw, sw, 0xffffa00a, -56, smid)
        TEST_ST_OP(5, lw, sw, 0x0000000a, -52, smid)

        # the same 16 bytes read back as whole words
        TEST_LD_OP(6, lw, 0xffffffaa, -64, smid)
        TEST_LD_OP(7, lw, 0x00000000, -60, smid)
        TEST_LD_OP(8, lw, 0xffffa00a, -56, smid)
        TEST_LD_OP(9, lw, 0x0000000a, -52, smid)

        # only the addressed bytes change: upper bits of rs2 are ignored and the
        # neighbours keep their 0xa5 pattern
        TEST_ST_LD_OP(10, sw, -40, lw, -40, 0x12345678, 0x12345678, smid)
        TEST_LD_OP(11, lw, 0x12345678, -40, smid)
        TEST_ST_LD_OP(12, sw, -36, lw, -36, 0x9abcdef0, 0x9abcdef0, smid)
        TEST_LD_OP(13, lw, 0x9abcdef0, -36, smid)
        TEST_ST_LD_OP(14, sw, -28, lw, -28, 0xcafe0180, 0xcafe0180, smid)
        TEST_LD_OP(15, lw, 0xcafe0180, -28, smid)

        # the extreme offsets +2047 / -2048 (the address is aligned)
        TEST_ST_LD_OP(16, sw, 2047, lw, 2047, 0x11223344, 0x11223344, smid-20-2047)
        TEST_ST_LD_OP(17, sw, -2048, lw, -2048, 0x55667788, 0x55667788, smid-16--2048)

        # data or address produced 0, 1, 2 instructions before the store
        TEST_ST_SRC12_BYPASS(18, 0, 0, lw, sw, 0xffff8080, -12, smid)
        TEST_ST_SRC12_BYPASS(19, 0, 1, lw, sw, 0x7fffffff, -8, smid)
        TEST_ST_SRC12_BYPASS(20, 0, 2, lw, sw, 0x12345678, -4, smid)
        TEST_ST_SRC12_BYPASS(21, 1, 0, lw, sw, 0x80000000, 0, smid)
        TEST_ST_SRC12_BYPASS(22, 1, 1, lw, sw, 0xaa0000bb, 4, smid)
        TEST_ST_SRC12_BYPASS(23, 2, 0, lw, sw, 0x0000a00a, 8, smid)
        TEST_ST_SRC21_BYPASS(24, 0, 0, lw, sw, 0xffffffff, 12, smid)
        TEST_ST_SRC21_BYPASS(25, 0, 1, lw, sw, 0x00000001, 16, smid)
        TEST_ST_SRC21_BYPASS(26, 0, 2, lw, sw, 0x87654321, 20, smid)
        TEST_ST_SRC21_BYPASS(27, 1, 0, lw, sw, 0x0000007f, 24, smid)
        TEST_ST_SRC21_BYPASS(28, 1, 1, lw, sw, 0x00008000, 28, smid)
        TEST_ST_SRC21_BYPASS(29, 2, 0, lw, sw, 0xfedcba98, 32, smid)

        # the base register is also the data register (stores its own address)
        li TESTNUM, 30
        la x15, smid+40
        sw x15, 0(x15)
        la x13, smid+40
        lw x14, 0(x13)
        li x7, 0xffffffff
        and x7, x7, x13
        bne x14, x7, fail

        # storing x0 writes zeros
        li TESTNUM, 31
        la x15, smid
        sw x0, 44(x15)
        lw x14, 44(x15)
        li x7, 0x00000000
        bne x14, x7, fail

        TEST_PASSFAIL

RVTEST_CODE_END

RVTEST_DATA_BEGIN
        .balign 16
sdat:   .fill 128, 1, 0xa5
smid:   .fill 128, 1, 0xa5
RVTEST_DATA_END
