# auipc: rd = pc + (imm20 << 12).
# Self-checking: gp holds the case number; exit code 0 on success,
# (case << 1) | 1 on the first failing case.
# Each case subtracts the address of the auipc (taken from a label) so the
# expected value does not depend on where the test is linked.
#include "riscv_test.h"
#include "test_macros.h"

#define TEST_AUIPC(num, imm, expect)                                    \
        TEST_CASE(num, x14, expect,                                     \
                1: auipc x14, imm;                                      \
                la x13, 1b;                                             \
                sub x14, x14, x13)

RVTEST_RV32U
RVTEST_CODE_BEGIN

        TEST_AUIPC(2, 0x00000, 0x00000000)
        TEST_AUIPC(3, 0x00001, 0x00001000)
        TEST_AUIPC(4, 0x7ffff, 0x7ffff000)
        TEST_AUIPC(5, 0x80000, 0x80000000)
        TEST_AUIPC(6, 0xfffff, 0xfffff000)
        TEST_AUIPC(7, 0x12345, 0x12345000)

        # absolute value: the code is linked at SIMTY_IMEM_BASE
        TEST_CASE(8, x14, 0,
                1: auipc x14, 0;
                la x13, _start;
                sub x14, x14, x13;
                la x12, 1b;
                sub x12, x12, x13;
                sub x14, x14, x12)
        TEST_CASE(9, x14, SIMTY_IMEM_BASE,
                la x14, _start)

        # consecutive auipc differ by 4
        TEST_CASE(10, x14, 4,
                auipc x13, 0;
                auipc x14, 0;
                sub x14, x14, x13)

        # 0x80000000 + pc wraps around modulo 2^32
        TEST_CASE(11, x14, 0,
                1: auipc x14, 0x80000;
                la x13, 1b;
                li x12, 0x80000000;
                add x13, x13, x12;
                sub x14, x14, x13)

        # x0 as the destination
        TEST_CASE(12, x0, 0, auipc x0, 0x12345)

        TEST_PASSFAIL

RVTEST_CODE_END

RVTEST_DATA_BEGIN
        .word 0
RVTEST_DATA_END
