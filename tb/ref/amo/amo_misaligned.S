/*
 * amo_misaligned.S - an AMO at a misaligned address traps every thread
 * with cause 6 (store/AMO address misaligned) before any access (lr.w
 * would give 4; directed test of the A extension,
 * tb/ref/check_fastpath.py --isa rv32ia; `make ref-check-a`).  Lanes whose
 * addresses differ (each its own word + 2): a pass serves the trapping
 * leader alone.  The checks before the trap: an amoadd to the aligned
 * word beside it works (exit code = the failed check otherwise).
 *
 * exit 4
 * trap m_amo 6
 */
#include "amo_asm.h"

        SIMT_TEST_BEGIN
        READ_TID(s0)
        own_word s2, s0, t0
        li      a1, 7
        amoadd.w t0, a1, (s2)
        check_eqi t0, 0, 1
        addi    s3, s2, 2
m_amo:  amoadd.w t0, a1, (s3)
        li      a0, 2                   /* not reached */
        j       simt_fail
        SIMT_TEST_END
