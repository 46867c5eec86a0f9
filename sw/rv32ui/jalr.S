# jalr: rd = pc + 4; pc = (rs1 + sext(imm12)) & ~1.
# Self-checking: gp holds the case number; exit code 0 on success,
# (case << 1) | 1 on the first failing case.
#include "riscv_test.h"
#include "test_macros.h"

RVTEST_RV32U
RVTEST_CODE_BEGIN

        # link value and target
test_2: li TESTNUM, 2
        li x1, 0
        la x6, 1f
        jalr x1, 0(x6)
2:      j fail
1:      la x13, 2b
        bne x1, x13, fail

        # positive and negative offsets
test_3: li TESTNUM, 3
        la x6, 1f-8
        jalr x0, 8(x6)
        j fail
1:      la x6, 2f+12
        jalr x0, -12(x6)
        j fail
2:      la x6, 3f-2047
        jalr x0, 2047(x6)
        j fail
3:      la x6, 4f+2048
        jalr x0, -2048(x6)
        j fail
4:

        # rd == rs1: the target uses the old value
test_4: li TESTNUM, 4
        la x1, 1f
        jalr x1, 0(x1)
2:      j fail
1:      la x13, 2b
        bne x1, x13, fail
        la x10, 3f
        jalr x10, 0(x10)
4:      j fail
3:      la x13, 4b
        bne x10, x13, fail

        # bit 0 of the target is cleared
test_5: li TESTNUM, 5
        la x6, 1f
        jalr x0, 1(x6)
        j fail
1:      la x6, 2f+1
        jalr x0, 0(x6)
        j fail
2:

        # target produced 0, 1, 2 instructions before; link used at once
test_6: li TESTNUM, 6
        li x4, 0
9:      la x6, 1f
        jalr x14, 0(x6)
2:      j fail
1:      addi x6, x14, 0
        la x13, 2b
        bne x6, x13, fail
        addi x4, x4, 1
        li x7, 2
        bne x4, x7, 9b

test_7: li TESTNUM, 7
        li x4, 0
9:      la x6, 1f
        nop
        jalr x14, 0(x6)
        j fail
1:      nop
        nop
        la x6, 2f
        nop
        nop
        jalr x0, 0(x6)
        j fail
2:      addi x4, x4, 1
        li x7, 2
        bne x4, x7, 9b

        # nothing after a jalr executes before its target
test_8: li TESTNUM, 8
        li x14, 0
        la x6, 1f
        jalr x0, 0(x6)
        addi x14, x14, 1
        addi x14, x14, 1
1:      addi x14, x14, 1
        addi x14, x14, 1
        li x7, 2
        bne x14, x7, fail

        # backward target
test_9: li TESTNUM, 9
        j 2f
1:      j 3f
2:      la x6, 1b
        jalr x0, 0(x6)
        j fail
3:

        # calls and returns through ra and through t0, and a call through a
        # register loaded from memory (a function pointer)
test_10: li TESTNUM, 10
        li x14, 0
        la x6, func_inc
        jalr x1, 0(x6)
        jalr x1, 0(x6)
        la x6, func_inc_t0
        jalr x5, 0(x6)
        la x15, fptr
        lw x6, 0(x15)
        jalr x1, 0(x6)
        li x7, 4
        bne x14, x7, fail

        TEST_PASSFAIL

func_inc:
        addi x14, x14, 1
        jalr x0, 0(x1)

func_inc_t0:
        addi x14, x14, 1
        jalr x0, 0(x5)

RVTEST_CODE_END

RVTEST_DATA_BEGIN
fptr:   .word func_inc
RVTEST_DATA_END
