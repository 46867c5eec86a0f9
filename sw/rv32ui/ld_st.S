# ld_st: loads feeding stores: the loaded value is stored (0, 1, 2
# instructions later, each width, sign and zero extension visible in the
# stored word), and a loaded value used as the store address.
# Self-checking: gp holds the case number; exit code 0 on success,
# (case << 1) | 1 on the first failing case.
# `src` is only read; every byte of `dst` (initially 0xa5) is written with one
# value only, so threads sharing the data area cannot disturb one another.
#include "riscv_test.h"
#include "test_macros.h"

/* ld from src+soff, st to dst+doff with n nops between, read the word back */
#define TEST_LD_ST(num, n, ld, soff, st, doff, expect)                  \
        TEST_CASE(num, x14, expect,                                     \
                TEST_LOOP2_BEGIN                                        \
                la x15, src;                                            \
                la x13, dst;                                            \
                ld x12, soff(x15);                                      \
                TEST_NOPS(n);                                           \
                st x12, doff(x13);                                      \
                lw x14, ((doff) & ~3)(x13);                             \
                TEST_LOOP2_END)

RVTEST_RV32U
RVTEST_CODE_BEGIN

        # word copies
        TEST_LD_ST( 2, 0, lw,  0, sw,  0, 0xdeadbeef)
        TEST_LD_ST( 3, 1, lw,  4, sw,  4, 0x80000001)
        TEST_LD_ST( 4, 2, lw,  8, sw,  8, 0x7ffffffe)
        # a byte loaded sign- or zero-extended, stored as a word
        TEST_LD_ST( 5, 0, lb,  0, sw, 12, 0xffffffef)
        TEST_LD_ST( 6, 0, lbu, 0, sw, 16, 0x000000ef)
        TEST_LD_ST( 7, 1, lb,  7, sw, 20, 0xffffff80)
        TEST_LD_ST( 8, 2, lbu, 3, sw, 24, 0x000000de)
        # a halfword loaded sign- or zero-extended, stored as a word
        TEST_LD_ST( 9, 0, lh,  2, sw, 28, 0xffffdead)
        TEST_LD_ST(10, 0, lhu, 2, sw, 32, 0x0000dead)
        TEST_LD_ST(11, 1, lh,  4, sw, 36, 0x00000001)
        TEST_LD_ST(12, 2, lhu, 6, sw, 40, 0x00008000)
        # narrow copies: only the addressed bytes change
        TEST_LD_ST(13, 0, lb,  1, sb, 44, 0xa5a5a5be)
        TEST_LD_ST(14, 0, lbu, 11, sb, 49, 0xa5a57fa5)
        TEST_LD_ST(15, 0, lh,  8, sh, 54, 0xfffea5a5)
        TEST_LD_ST(16, 1, lhu, 10, sh, 56, 0xa5a57fff)
        TEST_LD_ST(17, 2, lw,  0, sh, 62, 0xbeefa5a5)

        # a loaded pointer is the store address (pointer chase), 0 and 1 apart
        TEST_CASE(18, x14, 0x00c0ffee,
                la x15, ptr;
                lw x13, 0(x15);
                li x12, 0x00c0ffee;
                sw x12, 0(x13);
                la x13, dst+64;
                lw x14, 0(x13))
        TEST_CASE(19, x14, 0x0000abcd,
                la x15, ptr;
                lw x13, 4(x15);
                nop;
                li x12, 0xabcd;
                sh x12, 0(x13);
                la x13, dst+68;
                lhu x14, 0(x13))

        # a loaded value both as data and, through add, as the next address
        TEST_CASE(20, x14, 0x00000048,
                la x15, ptr;
                lw x13, 8(x15);
                lw x12, 12(x15);
                add x13, x13, x12;
                sw x12, 0(x13);
                la x13, dst+72;
                lw x14, 0(x13))

        TEST_PASSFAIL

RVTEST_CODE_END

RVTEST_DATA_BEGIN
        .balign 16
src:    .word 0xdeadbeef, 0x80000001, 0x7ffffffe, 0x7fff0ff0
ptr:    .word dst+64, dst+68, dst+72-0x48, 0x00000048
dst:    .fill 80, 1, 0xa5
RVTEST_DATA_END
