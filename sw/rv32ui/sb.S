# sb: store the low byte of rs2.
# Self-checking: gp holds the case number; exit code 0 on success,
# (case << 1) | 1 on the first failing case.
# Every case writes its own bytes of `sdat` (initially 0xa5), and each byte is
# only ever written with one value: threads sharing the data area cannot
# disturb one another, whatever the interleaving of warps.
#include "riscv_test.h"
#include "test_macros.h"

RVTEST_RV32U
RVTEST_CODE_BEGIN
        # every byte-aligned offset from -64 to -49 below `smid`, read back
        # with the sign-extending load of the same width
        TEST_ST_OP(2, lb, sb, 0xffffffaa, -64, smid)
        TEST_ST_OP(3, lb, sb, 0x00000000, -63, smid)
        TEST_ST_OP(4, lb, sb, 0x0000000a, -62, smid)
        TEST_ST_OP(5, lb, sb, 0x0000000a, -61, smid)
        TEST_ST_OP(6, lb, sb, 0xffffff80, -60, smid)
        TEST_ST_OP(7, lb, sb, 0xffffffff, -59, smid)
        TEST_ST_OP(8, lb, sb, 0x00000078, -58, smid)
        TEST_ST_OP(9, lb, sb, 0x00000000, -57, smid)
        TEST_ST_OP(10, lb, sb, 0xffffffbb, -56, smid)
        TEST_ST_OP(11, lb, sb, 0x0000000a, -55, smid)
        TEST_ST_OP(12, lb, sb, 0xffffffff, -54, smid)
        TEST_ST_OP(13, lb, sb, 0x00000001, -53, smid)
        TEST_ST_OP(14, lb, sb, 0x00000021, -52, smid)
        TEST_ST_OP(15, lb, sb, 0x0000007f, -51, smid)
        TEST_ST_OP(16, lb, sb, 0x00000000, -50, smid)
        TEST_ST_OP(17, lb, sb, 0xffffff98, -49, smid)

        # the same 16 bytes read back as whole words
        TEST_LD_OP(18, lw, 0x0a0a00aa, -64, smid)
        TEST_LD_OP(19, lw, 0x0078ff80, -60, smid)
        TEST_LD_OP(20, lw, 0x01ff0abb, -56, smid)
        TEST_LD_OP(21, lw, 0x98007f21, -52, smid)

        # only the addressed bytes change: upper bits of rs2 are ignored and the
        # neighbours keep their 0xa5 pattern
        TEST_ST_LD_OP(22, sb, -40, lbu, -40, 0x00000078, 0x12345678, smid)
        TEST_LD_OP(23, lw, 0xa5a5a578, -40, smid)
        TEST_ST_LD_OP(24, sb, -35, lbu, -35, 0x000000f0, 0x9abcdef0, smid)
        TEST_LD_OP(25, lw, 0xa5a5f0a5, -36, smid)
        TEST_ST_LD_OP(26, sb, -31, lbu, -31, 0x00000080, 0xcafe0180, smid)
        TEST_LD_OP(27, lw, 0xa5a580a5, -32, smid)

        # the extreme offsets +2047 / -2048 (the address is aligned)
        TEST_ST_LD_OP(28, sb, 2047, lb, 2047, 0x00000044, 0x11223344, smid-20-2047)
        TEST_ST_LD_OP(29, sb, -2048, lb, -2048, 0xffffff88, 0x55667788, smid-16--2048)

        # data or address produced 0, 1, 2 instructions before the store
        TEST_ST_SRC12_BYPASS(30, 0, 0, lb, sb, 0xffffffaa, -12, smid)
        TEST_ST_SRC12_BYPASS(31, 0, 1, lb, sb, 0x00000000, -8, smid)
        TEST_ST_SRC12_BYPASS(32, 0, 2, lb, sb, 0x0000000a, -4, smid)
        TEST_ST_SRC12_BYPASS(33, 1, 0, lb, sb, 0x0000000a, 0, smid)
        TEST_ST_SRC12_BYPASS(34, 1, 1, lb, sb, 0xffffff80, 4, smid)
        TEST_ST_SRC12_BYPASS(35, 2, 0, lb, sb, 0xffffffff, 8, smid)
        TEST_ST_SRC21_BYPASS(36, 0, 0, lb, sb, 0x00000078, 12, smid)
        TEST_ST_SRC21_BYPASS(37, 0, 1, lb, sb, 0x00000000, 16, smid)
        TEST_ST_SRC21_BYPASS(38, 0, 2, lb, sb, 0xffffffbb, 20, smid)
        TEST_ST_SRC21_BYPASS(39, 1, 0, lb, sb, 0x0000000a, 24, smid)
        TEST_ST_SRC21_BYPASS(40, 1, 1, lb, sb, 0xffffffff, 28, smid)
        TEST_ST_SRC21_BYPASS(41, 2, 0, lb, sb, 0x00000001, 32, smid)

        # the base register is also the data register (stores its own address)
        li TESTNUM, 42
        la x15, smid+40
        sb x15, 0(x15)
        la x13, smid+40
        lbu x14, 0(x13)
        li x7, 0xff
        and x7, x7, x13
        bne x14, x7, fail

        # storing x0 writes zeros
        li TESTNUM, 43
        la x15, smid
        sb x0, 44(x15)
        lw x14, 44(x15)
        li x7, 0xa5a5a500
        bne x14, x7, fail

        TEST_PASSFAIL

RVTEST_CODE_END

RVTEST_DATA_BEGIN
        .balign 16
sdat:   .fill 128, 1, 0xa5
smid:   .fill 128, 1, 0xa5
RVTEST_DATA_END
