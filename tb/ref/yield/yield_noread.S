/*
 * yield_noread.S - a loop that computes never yields.  Lane 0 waits for its
 * warp's flag as in yield_branch.S, but between two reads an inner loop
 * takes two backward jumps: the second (no read since the first) and the
 * outer one restart the count, so lane 0 never reaches K and its warp's
 * other lanes never run: a hang under every --yield.
 *
 * hang
 */
#include "yield_asm.h"

        SIMT_TEST_BEGIN
        warp_flags
        bnez    s0, setter
spin:   lw      t1, 0(s2)
        li      t2, 3
inner:  addi    t2, t2, -1
        bnez    t2, inner
        beqz    t1, spin
        SIMT_PASS
setter: sw      t0, 0(s2)
        SIMT_PASS
        SIMT_TEST_END
        flags_bss
