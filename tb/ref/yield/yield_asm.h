/*
 * yield_asm.h - what the forward-progress programs (tb/ref/yield/*.S,
 * tb/ref/check_yield.py) share beside sw/simt's macros.
 */
#ifndef YIELD_ASM_H
#define YIELD_ASM_H

#include "simt_asm.h"

        /* s0 = the lane, s2 = the warp's flags (four words, zero at the
         * start: .bss of 64 warps), t0 = 1 (clobbers s1) */
        .macro warp_flags
        READ_LANE(s0)
        READ_WARP(s1)
        la      s2, flags
        slli    s1, s1, 4
        add     s2, s2, s1
        li      t0, 1
        .endm

        .macro flags_bss
        .bss
        .balign 16
flags:  .space  64 * 16
        .endm

#endif /* YIELD_ASM_H */
