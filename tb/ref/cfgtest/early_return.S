/*
 * early_return.S - a function with an early `return` (two `ret`s: the
 * branch reconverges when the threads return), a loop that leaves the
 * function from its middle, and the caller reconverging after the call.
 *
 *   int f(int x) { if (x & 1) return 7; for (i = 0; i < x; i++) if (i == 2) return i; return x; }
 *
 * expect br_early exit
 * expect br_found exit
 * expect br_done exit
 * full after_call
 */
#include "simt_asm.h"

        SIMT_TEST_BEGIN
        READ_LANE(s0)
        mv      a0, s0
        call    f
after_call:
        mv      s1, a0
        li      t0, 7
        andi    t1, s0, 1
        bnez    t1, 1f
        mv      t0, s0
        li      t1, 3
        bltu    s0, t1, 1f
        li      t0, 2
1:      check_eq s1, t0, 1
        SIMT_PASS
        SIMT_TEST_END

        .text
        .type   f, @function
f:      andi    t0, a0, 1
br_early: bnez  t0, odd
        li      t1, 0
loop:   li      t2, 2
br_done: bge     t1, a0, done
br_found: beq   t1, t2, found
        addi    t1, t1, 1
        j       loop
found:  mv      a0, t1
        ret
done:   ret
odd:    li      a0, 7
        ret
        .size   f, . - f
