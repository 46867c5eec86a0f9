/*
 * amo_asm.h - what the A extension's directed programs (tb/ref/amo/*.S)
 * share beside sw/simt's macros.
 */
#ifndef AMO_ASM_H
#define AMO_ASM_H

#include "simt_asm.h"

        /* reg = this thread's own word, R + 4 * tid (R = _end rounded up to
         * 256: zero at the start), so the lanes of a warp sit at their own
         * slots of one block; tid in register tid (clobbers tmp) */
        .macro own_word reg, tid, tmp
        la      \reg, _end
        addi    \reg, \reg, 255
        andi    \reg, \reg, -256
        slli    \tmp, \tid, 2
        add     \reg, \reg, \tmp
        .endm

#endif /* AMO_ASM_H */
