# jal: rd = pc + 4; pc = pc + sext(imm21).
# Self-checking: gp holds the case number; exit code 0 on success,
# (case << 1) | 1 on the first failing case.
# Calls use x1/x5 as link (the call-depth hint) and are matched by returns.
#include "riscv_test.h"
#include "test_macros.h"

RVTEST_RV32U
RVTEST_CODE_BEGIN

        # the link register gets the address of the next instruction
test_2: li TESTNUM, 2
        li x1, 0
        jal x1, 1f
2:      j fail
1:      la x13, 2b
        bne x1, x13, fail

        # jal x0 (a plain jump) writes nothing
test_3: li TESTNUM, 3
        jal x0, 1f
        j fail
1:      bne x0, zero, fail

        # backward jump, linking through x5 (the alternate link register)
test_4: li TESTNUM, 4
        li x5, 0
        j 2f
1:      j 3f
2:      jal x5, 1b
4:      j fail
3:      la x13, 4b
        bne x5, x13, fail

        # a link register that is not x1/x5
test_5: li TESTNUM, 5
        jal x10, 1f
2:      j fail
1:      la x13, 2b
        bne x10, x13, fail

        # the link value is usable by the very next instruction
test_6: li TESTNUM, 6
        jal x14, 1f
2:      j fail
1:      addi x6, x14, 4
        la x13, 2b+4
        bne x6, x13, fail

        # nothing after a jal executes before its target
test_7: li TESTNUM, 7
        li x14, 0
        jal x0, 1f
        addi x14, x14, 1
        addi x14, x14, 1
1:      addi x14, x14, 1
        addi x14, x14, 1
        li x7, 2
        bne x14, x7, fail

        # jump to the next instruction
test_8: li TESTNUM, 8
        li x14, 1
        jal x0, 1f
1:      addi x14, x14, 1
        li x7, 2
        bne x14, x7, fail

        # call and return (jal ra / jalr x0, 0(ra)), twice, then through t0
test_9: li TESTNUM, 9
        li x14, 0
        jal x1, func_inc
        jal x1, func_inc
        jal x5, func_inc_t0
        li x7, 3
        bne x14, x7, fail

        # far jumps: over 4 KiB of ebreaks, forwards and backwards
test_10: li TESTNUM, 10
        jal x1, 1f
2:      j 3f
        .rept 1024
        ebreak
        .endr
1:      la x13, 2b
        bne x1, x13, fail
        jal x0, 2b
3:

        TEST_PASSFAIL

func_inc:
        addi x14, x14, 1
        jalr x0, 0(x1)

func_inc_t0:
        addi x14, x14, 1
        jalr x0, 0(x5)

RVTEST_CODE_END

RVTEST_DATA_BEGIN
        .word 0
RVTEST_DATA_END
