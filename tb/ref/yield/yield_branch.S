/*
 * yield_branch.S - the yield rule's count (issue 52; tb/ref/check_yield.py,
 * `make ref-check-yield`).  In each warp lane 0 (the lower PC: it runs
 * first) waits for a flag that its other lanes set: a load, then a branch
 * back that all its lanes take.  Each such jump follows a read, so the K-th
 * yields (simty-ref --yield K) and the setters run: lane 0 takes exactly K
 * backward jumps before its warp's first instruction at `setter`.
 *
 * count spin_back setter
 */
#include "yield_asm.h"

        SIMT_TEST_BEGIN
        warp_flags
        bnez    s0, setter
spin:   lw      t1, 0(s2)
spin_back:
        beqz    t1, spin
        SIMT_PASS
setter: sw      t0, 0(s2)
        SIMT_PASS
        SIMT_TEST_END
        flags_bss
