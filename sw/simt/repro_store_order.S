/*
 * repro_store_order.S - minimal reproducer: overlapping word stores from one
 * instruction must leave the value of the highest active lane (spec.md,
 * "Execution model": results equal executing the lanes in increasing lane
 * order).
 *
 * All lanes of a warp store their lane id with ONE `sw` to word T-1 of the
 * warp's own T-word block, then load it back: it must be T-1.
 *
 * Word T-1 is the highest lane's own slot, so the coalescer serves lane T-1
 * together with the leader (lane 0) in the first pass and replays lanes
 * 1..T-2 afterwards; if the replays then overwrite the word, lane T-2 wins
 * (found on the prototype RTL and in simty-ref, every policy, for every
 * T >= 4).  The condition is general: a lane j served in the first pass
 * because its word is slot j of the leader's block loses to every lower
 * lane that stores to the same word and is replayed later (store_overlap.S
 * case 13: lane 0 alone on word 0, lanes 1..T-1 on word T-1).
 *
 *   1   the word read back is not T-1
 */
#include "simt_asm.h"

        SIMT_TEST_BEGIN
        READ_LANE(s2)
        READ_NT(s3)
        READ_WARP(s4)
        la      a1, _end                /* memory above _end is zeroed */
        addi    a1, a1, 255
        andi    a1, a1, -256            /* block aligned to 4T bytes */
        log2    t1, s3
        addi    t1, t1, 2
        sll     t0, s4, t1
        add     a1, a1, t0              /* this warp's block */
        addi    s5, s3, -1              /* T - 1 */
        slli    t0, s5, 2
        add     a1, a1, t0              /* word T-1 */
        sw      s2, 0(a1)               /* every lane, one instruction */
        lw      a4, 0(a1)
        check_eq a4, s5, 1
        SIMT_PASS
        SIMT_TEST_END
