/*
 * spin.S - a long, non-divergent loop for measuring simty-ref's speed
 * (thread-instructions per second).  Each thread does ITER iterations of
 * ALU work plus a coalesced store and load (lane i touches word i of its
 * warp's block), then exits with 0.  Built by tb/ref/ref.mk (ref-speed).
 */
#include "simty_map.h"

#ifndef ITER
#define ITER 200000
#endif

        .section .text.init, "ax", @progbits
        .globl _start
_start:
        csrr    t0, SIMTY_CSR_MHARTID
        li      t1, ITER
        li      a0, 0
        la      t3, buf
        slli    t4, t0, 2
        add     t3, t3, t4
1:      add     a0, a0, t0
        xor     a1, a0, t1
        slli    a2, a1, 3
        srli    a3, a2, 5
        or      a4, a3, a0
        sw      a4, 0(t3)
        lw      a5, 0(t3)
        addi    t1, t1, -1
        bnez    t1, 1b
        li      a0, 0
        li      a7, SIMTY_SYS_EXIT
        ecall

        .data
        .balign 256
buf:    .space  64 * 64 * 4
