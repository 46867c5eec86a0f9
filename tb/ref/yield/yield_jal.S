/*
 * yield_jal.S - yield_branch.S with the loop closed by a jal: a jump back
 * (the branch out is not taken: forward) after a read counts as well.
 *
 * count spin_back setter
 */
#include "yield_asm.h"

        SIMT_TEST_BEGIN
        warp_flags
        bnez    s0, setter
spin:   lw      t1, 0(s2)
        bnez    t1, out
spin_back:
        j       spin
out:    SIMT_PASS
setter: sw      t0, 0(s2)
        SIMT_PASS
        SIMT_TEST_END
        flags_bss
