# st_ld: stores followed at once by loads of the same bytes, with every
# width and offset combination (a wide store read back narrow and the other
# way round), through the same or an aliasing base register.
# Self-checking: gp holds the case number; exit code 0 on success,
# (case << 1) | 1 on the first failing case.
# Every byte of `buf` (initially 0xa5) is written with one value only, and no
# read expects the initial value of a byte that some case writes, so threads
# sharing the data area cannot disturb one another.
#include "riscv_test.h"
#include "test_macros.h"

RVTEST_RV32U
RVTEST_CODE_BEGIN

        # sw, then every byte and halfword of it
        TEST_ST_LD_OP( 2, sw, 0, lw,  0, 0x89abcdef, 0x89abcdef, buf)
        TEST_ST_LD_OP( 3, sw, 0, lb,  0, 0xffffffef, 0x89abcdef, buf)
        TEST_ST_LD_OP( 4, sw, 0, lb,  1, 0xffffffcd, 0x89abcdef, buf)
        TEST_ST_LD_OP( 5, sw, 0, lb,  2, 0xffffffab, 0x89abcdef, buf)
        TEST_ST_LD_OP( 6, sw, 0, lb,  3, 0xffffff89, 0x89abcdef, buf)
        TEST_ST_LD_OP( 7, sw, 0, lbu, 0, 0x000000ef, 0x89abcdef, buf)
        TEST_ST_LD_OP( 8, sw, 0, lbu, 1, 0x000000cd, 0x89abcdef, buf)
        TEST_ST_LD_OP( 9, sw, 0, lbu, 2, 0x000000ab, 0x89abcdef, buf)
        TEST_ST_LD_OP(10, sw, 0, lbu, 3, 0x00000089, 0x89abcdef, buf)
        TEST_ST_LD_OP(11, sw, 0, lh,  0, 0xffffcdef, 0x89abcdef, buf)
        TEST_ST_LD_OP(12, sw, 0, lh,  2, 0xffff89ab, 0x89abcdef, buf)
        TEST_ST_LD_OP(13, sw, 0, lhu, 0, 0x0000cdef, 0x89abcdef, buf)
        TEST_ST_LD_OP(14, sw, 0, lhu, 2, 0x000089ab, 0x89abcdef, buf)
        # positive bytes: no sign extension
        TEST_ST_LD_OP(15, sw, 4, lb,  5, 0x0000007f, 0x017e7f00, buf)
        TEST_ST_LD_OP(16, sw, 4, lb,  4, 0x00000000, 0x017e7f00, buf)
        TEST_ST_LD_OP(17, sw, 4, lh,  6, 0x0000017e, 0x017e7f00, buf)
        TEST_ST_LD_OP(18, sw, 4, lh,  4, 0x00007f00, 0x017e7f00, buf)

        # two sh make a word; halves read back as bytes
        TEST_ST_LD_OP(19, sh, 8,  lhu, 8,  0x00008001, 0x12348001, buf)
        TEST_ST_LD_OP(20, sh, 10, lw,  8,  0x7fff8001, 0x56787fff, buf)
        TEST_ST_LD_OP(21, sh, 10, lb,  11, 0x0000007f, 0x56787fff, buf)
        TEST_ST_LD_OP(22, sh, 10, lbu, 10, 0x000000ff, 0x56787fff, buf)
        TEST_ST_LD_OP(23, sh, 8,  lb,  9,  0xffffff80, 0x12348001, buf)
        TEST_ST_LD_OP(24, sh, 8,  lh,  8,  0xffff8001, 0x12348001, buf)

        # four sb make a word; each read only covers bytes already written
        TEST_ST_LD_OP(25, sb, 12, lbu, 12, 0x00000011, 0x00000011, buf)
        TEST_ST_LD_OP(26, sb, 13, lh,  12, 0xffff9911, 0x00000099, buf)
        TEST_ST_LD_OP(27, sb, 13, lhu, 12, 0x00009911, 0x00000099, buf)
        TEST_ST_LD_OP(28, sb, 14, lb,  14, 0x00000022, 0xffffff22, buf)
        TEST_ST_LD_OP(29, sb, 15, lw,  12, 0x80229911, 0x00000080, buf)
        TEST_ST_LD_OP(30, sb, 15, lh,  14, 0xffff8022, 0x00000080, buf)

        # store through one base register, load through another that
        # points elsewhere (negative offset)
        TEST_CASE(31, x14, 0x0badf00d,
                la x15, buf+16;
                addi x13, x15, 32;
                li x12, 0x0badf00d;
                sw x12, 0(x15);
                lw x14, -32(x13))

        # store then load of the partly written word: unwritten bytes keep
        # their old value
        TEST_CASE(32, x14, 0xa5a53ca5,
                la x15, buf;
                li x12, 0x3c;
                sb x12, 21(x15);
                lw x14, 20(x15))
        TEST_CASE(33, x14, 0x7e7ea5a5,
                la x15, buf;
                li x12, 0x7e7e;
                sh x12, 26(x15);
                lw x14, 24(x15))

        # stored data produced by a load just before (load -> store -> load)
        TEST_CASE(34, x14, 0x89abcdef,
                la x15, buf;
                lw x12, 0(x15);
                sw x12, 28(x15);
                lw x14, 28(x15))

        # several stores then several loads, in a different order
        TEST_CASE(35, x14, 0x00000000,
                la x15, buf+32;
                li x12, 0x01;
                sb x12, 0(x15);
                li x12, 0x0302;
                sh x12, 2(x15);
                li x12, 0x07060504;
                sw x12, 4(x15);
                li x12, 0x0201;
                sh x12, 8(x15);
                lw x14, 4(x15);
                li x7, 0x07060504;
                bne x14, x7, fail;
                lhu x14, 0(x15);
                li x7, 0xa501;
                bne x14, x7, fail;
                lw x14, 0(x15);
                li x7, 0x0302a501;
                bne x14, x7, fail;
                lbu x14, 9(x15);
                li x7, 2;
                bne x14, x7, fail;
                li x14, 0)

        TEST_PASSFAIL

RVTEST_CODE_END

RVTEST_DATA_BEGIN
        .balign 16
buf:    .fill 64, 1, 0xa5
RVTEST_DATA_END
