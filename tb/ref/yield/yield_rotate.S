/*
 * yield_rotate.S - when every other path of the warp has yielded too, a
 * yield unmarks them all (the RTL arbiter's rotation): without it the
 * lowest marked path would keep the turn.  Per warp (T >= 4), three paths
 * by PC: P0 (lane 0) waits for f0; P1 (lane 1) waits for f1, then sets f2;
 * P2 (lanes 2 and up) sets f1, waits for f2, then sets f0.  P0 yields (1),
 * P1 yields (2), P2 sets f1 and yields with P0 and P1 marked: all unmarked
 * (3); P0 yields again (4); P1 sets f2 and ends; P0 yields with P2 marked
 * (5); P2 sets f0 and ends, then P0.  Five yields per warp at every K.
 *
 * yields 5
 */
#include "yield_asm.h"

        SIMT_TEST_BEGIN
        warp_flags
        bnez    s0, not0
p0:     lw      t1, 0(s2)
        beqz    t1, p0
        j       done
not0:   addi    t2, s0, -1
        bnez    t2, p2
p1:     lw      t1, 4(s2)
        beqz    t1, p1
        sw      t0, 8(s2)
        j       done
p2:     sw      t0, 4(s2)
p2_spin:
        lw      t1, 8(s2)
        beqz    t1, p2_spin
        sw      t0, 0(s2)
done:   SIMT_PASS
        SIMT_TEST_END
        flags_bss
