# fence: orders memory accesses; on Simty (one in-order memory port per core)
# it executes as a no-op.  Checks that every ordering variant executes, writes
# no register and does not disturb the accesses around it.
# Self-checking: gp holds the case number; exit code 0 on success,
# (case << 1) | 1 on the first failing case.
# (fence.i is not tested: Simty's code is not writable and fence.i is an
# illegal instruction there.)
#include "riscv_test.h"
#include "test_macros.h"

RVTEST_RV32U
RVTEST_CODE_BEGIN

        # store, fence, load back
        TEST_CASE(2, x14, 0x11223344,
                la x15, fdat;
                li x12, 0x11223344;
                sw x12, 0(x15);
                fence;
                lw x14, 0(x15))

        TEST_CASE(3, x14, 0x55667788,
                la x15, fdat;
                li x12, 0x55667788;
                sw x12, 4(x15);
                fence w, r;
                lw x14, 4(x15))

        TEST_CASE(4, x14, 0x000000ab,
                la x15, fdat;
                li x12, 0xab;
                sb x12, 8(x15);
                fence rw, rw;
                fence iorw, iorw;
                fence r, r;
                fence w, w;
                fence o, i;
                lbu x14, 8(x15))

        # fence.tso (fm = 1000) and pause (fence w, 0) are RV32I encodings
        # of fence too: no-ops here.
        TEST_CASE(5, x14, 0x0000cdef,
                la x15, fdat;
                li x12, 0xcdef;
                sh x12, 12(x15);
                .word 0x8330000f;
                .word 0x0100000f;
                lhu x14, 12(x15))

        # a fence writes no register (rd and rs1 fields are zero) and keeps
        # the registers around it intact
        TEST_CASE(6, x14, 0x00000042,
                li x14, 0x42;
                fence;
                fence;
                addi x14, x14, 0)

        TEST_PASSFAIL

RVTEST_CODE_END

RVTEST_DATA_BEGIN
        .balign 16
fdat:   .word 0, 0, 0, 0
RVTEST_DATA_END
