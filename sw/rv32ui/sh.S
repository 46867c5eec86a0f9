# sh: store the low halfword of rs2.
# Self-checking: gp holds the case number; exit code 0 on success,
# (case << 1) | 1 on the first failing case.
# Every case writes its own bytes of `sdat` (initially 0xa5), and each byte is
# only ever written with one value: threads sharing the data area cannot
# disturb one another, whatever the interleaving of warps.
#include "riscv_test.h"
#include "test_macros.h"

RVTEST_RV32U
RVTEST_CODE_BEGIN
        # every halfword-aligned offset from -64 to -49 below `smid`, read back
        # with the sign-extending load of the same width
        TEST_ST_OP(2, lh, sh, 0xffffffaa, -64, smid)
        TEST_ST_OP(3, lh, sh, 0x00000000, -62, smid)
        TEST_ST_OP(4, lh, sh, 0xffffa00a, -60, smid)
        TEST_ST_OP(5, lh, sh, 0x0000000a, -58, smid)
        TEST_ST_OP(6, lh, sh, 0xffff8080, -56, smid)
        TEST_ST_OP(7, lh, sh, 0xffffffff, -54, smid)
        TEST_ST_OP(8, lh, sh, 0x00005678, -52, smid)
        TEST_ST_OP(9, lh, sh, 0x00000000, -50, smid)

        # the same 16 bytes read back as whole words
        TEST_LD_OP(10, lw, 0x0000ffaa, -64, smid)
        TEST_LD_OP(11, lw, 0x000aa00a, -60, smid)
        TEST_LD_OP(12, lw, 0xffff8080, -56, smid)
        TEST_LD_OP(13, lw, 0x00005678, -52, smid)

        # only the addressed bytes change: upper bits of rs2 are ignored and the
        # neighbours keep their 0xa5 pattern
        TEST_ST_LD_OP(14, sh, -40, lhu, -40, 0x00005678, 0x12345678, smid)
        TEST_LD_OP(15, lw, 0xa5a55678, -40, smid)
        TEST_ST_LD_OP(16, sh, -34, lhu, -34, 0x0000def0, 0x9abcdef0, smid)
        TEST_LD_OP(17, lw, 0xdef0a5a5, -36, smid)
        TEST_ST_LD_OP(18, sh, -30, lhu, -30, 0x00000180, 0xcafe0180, smid)
        TEST_LD_OP(19, lw, 0x0180a5a5, -32, smid)

        # the extreme offsets +2047 / -2048 (the address is aligned)
        TEST_ST_LD_OP(20, sh, 2047, lh, 2047, 0x00003344, 0x11223344, smid-20-2047)
        TEST_ST_LD_OP(21, sh, -2048, lh, -2048, 0x00007788, 0x55667788, smid-16--2048)

        # data or address produced 0, 1, 2 instructions before the store
        TEST_ST_SRC12_BYPASS(22, 0, 0, lh, sh, 0x000000bb, -12, smid)
        TEST_ST_SRC12_BYPASS(23, 0, 1, lh, sh, 0xffffa00a, -8, smid)
        TEST_ST_SRC12_BYPASS(24, 0, 2, lh, sh, 0xffffffff, -4, smid)
        TEST_ST_SRC12_BYPASS(25, 1, 0, lh, sh, 0x00000001, 0, smid)
        TEST_ST_SRC12_BYPASS(26, 1, 1, lh, sh, 0x00004321, 4, smid)
        TEST_ST_SRC12_BYPASS(27, 2, 0, lh, sh, 0x0000007f, 8, smid)
        TEST_ST_SRC21_BYPASS(28, 0, 0, lh, sh, 0xffff8000, 12, smid)
        TEST_ST_SRC21_BYPASS(29, 0, 1, lh, sh, 0xffffba98, 16, smid)
        TEST_ST_SRC21_BYPASS(30, 0, 2, lh, sh, 0xffffffaa, 20, smid)
        TEST_ST_SRC21_BYPASS(31, 1, 0, lh, sh, 0x00000000, 24, smid)
        TEST_ST_SRC21_BYPASS(32, 1, 1, lh, sh, 0xffffa00a, 28, smid)
        TEST_ST_SRC21_BYPASS(33, 2, 0, lh, sh, 0x0000000a, 32, smid)

        # the base register is also the data register (stores its own address)
        li TESTNUM, 34
        la x15, smid+40
        sh x15, 0(x15)
        la x13, smid+40
        lhu x14, 0(x13)
        li x7, 0xffff
        and x7, x7, x13
        bne x14, x7, fail

        # storing x0 writes zeros
        li TESTNUM, 35
        la x15, smid
        sh x0, 44(x15)
        lw x14, 44(x15)
        li x7, 0xa5a50000
        bne x14, x7, fail

        TEST_PASSFAIL

RVTEST_CODE_END

RVTEST_DATA_BEGIN
        .balign 16
sdat:   .fill 128, 1, 0xa5
smid:   .fill 128, 1, 0xa5
RVTEST_DATA_END
