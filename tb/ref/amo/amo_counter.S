/*
 * amo_counter.S - every thread on shared words at once (directed test of
 * the A extension, tb/ref/check_fastpath.py --isa rv32ia; `make
 * ref-check-a`): lanes of one warp and the warps contend for one
 * reservation, and the last thread to finish checks the totals.
 *
 * Each of the N = W * T threads
 *   - adds 1 to C0 ITER times with an lr.w / sc.w loop (an sc.w fails when
 *     another lane or warp wrote C0 since the warp's lr.w: it retries);
 *   - amoadd 1 to C1, amomax tid to C2, amomin -tid to C3, amomaxu -tid to
 *     C4, amoor (1 << tid % 32) to C5, amoswap tid + 1 to C6 adding the old
 *     value it gets to C7 (every value but the last swapped in comes back
 *     once: C6 + C7 = N (N + 1) / 2);
 *   - then amoadd 1 to DONE; the thread that gets N - 1 back is the last
 *     one and checks (exit code = the failed check):
 *       1 C0 = N * ITER, 2 C1 = N, 3 C2 = N - 1, 4 C3 = 1 - N,
 *       5 C4 = (N > 1 ? -1 : 0), 6 C5 = (N >= 32 ? -1 : 2^N - 1),
 *       7 C6 + C7 = N (N + 1) / 2.
 *
 * nowrite c_x0
 */
#include "simt_asm.h"

#define ITER 3

        .data
        .balign 64
cnt:    .word   0, 0, 0, 0, 0, 0, 0, 0, 0   /* C0 .. C7, DONE */

        SIMT_TEST_BEGIN
        READ_TID(s0)
        READ_NW(t0)
        READ_NT(t1)
        log2    s2, t0
        log2    t2, t1
        add     s2, s2, t2              /* log2 N */
        li      s1, 1
        sll     s1, s1, s2              /* N */
        la      s3, cnt

        li      s4, ITER
1:      lr.w    t0, (s3)
        addi    t0, t0, 1
        sc.w    t1, t0, (s3)
        bnez    t1, 1b
        addi    s4, s4, -1
        bnez    s4, 1b

        li      t0, 1
        addi    a0, s3, 4
        amoadd.w zero, t0, (a0)
        addi    a0, s3, 8
c_x0:   amomax.w zero, s0, (a0)
        neg     t0, s0
        addi    a0, s3, 12
        amomin.w zero, t0, (a0)
        addi    a0, s3, 16
        amomaxu.w zero, t0, (a0)
        li      t0, 1
        sll     t0, t0, s0              /* (shift amount: tid % 32) */
        addi    a0, s3, 20
        amoor.w zero, t0, (a0)
        addi    t0, s0, 1
        addi    a0, s3, 24
        amoswap.w t1, t0, (a0)
        addi    a0, s3, 28
        amoadd.w zero, t1, (a0)

        li      t0, 1
        addi    a0, s3, 32
        amoadd.w t1, t0, (a0)
        addi    t0, s1, -1
        bne     t1, t0, 9f              /* not the last one */

        lw      t0, 0(s3)
        slli    t1, s1, 1
        add     t1, t1, s1              /* N * 3 */
        check_eq t0, t1, 1
        lw      t0, 4(s3)
        check_eq t0, s1, 2
        lw      t0, 8(s3)
        addi    t1, s1, -1
        check_eq t0, t1, 3
        lw      t0, 12(s3)
        neg     t1, t1
        check_eq t0, t1, 4
        lw      t0, 16(s3)
        li      t1, 0
        li      t2, 1
        beq     s1, t2, 2f
        li      t1, -1
2:      check_eq t0, t1, 5
        lw      t0, 20(s3)
        li      t1, -1
        li      t2, 32
        bgeu    s1, t2, 3f
        li      t1, 1
        sll     t1, t1, s1
        addi    t1, t1, -1
3:      check_eq t0, t1, 6
        lw      t0, 24(s3)
        lw      t1, 28(s3)
        add     t0, t0, t1
        sll     t1, s1, s2              /* N * N */
        add     t1, t1, s1
        srli    t1, t1, 1
        check_eq t0, t1, 7
9:      SIMT_PASS
        SIMT_TEST_END
