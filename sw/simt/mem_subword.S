/*
 * mem_subword.S - sub-word loads and stores from all lanes at once, at every
 * byte offset (assembly, so it also runs where the C tests cannot:
 * W*T = 512 in 256 KiB; coalesce.c covers the same and the word patterns
 * in C).
 *
 * Loads read `ro8` (read-only, ro8[i] = (73 i + 0x91) & 255), viewed as
 * bytes and as halfwords (halfword m = ro8[2m] | ro8[2m+1] << 8).  Stores
 * go to per-thread slots in the zeroed memory above _end (regions of
 * 4 * 4096 + 64 bytes, enough for 4096 threads); each thread reads back
 * only its own bytes.
 *
 *   1   lb  ro8[lane + k], k = 0..3 (lanes share words, every alignment)
 *   2   lbu ro8[lane + k]
 *   3   lb/lbu ro8[4 lane + k] (one byte per word, offset k)
 *   4   lb/lbu ro8[k] (all lanes on one byte)
 *   5   lh/lhu at byte address 2 (lane + j), j = 0, 1 (both halves)
 *   6   lh/lhu at 4 lane + 2 j and all lanes on one halfword
 *   7   sb to region 1 + tid + k (consecutive bytes, shifted by k), one
 *       store instruction per k; lbu and lb read back
 *   8   sb to region 2 + 4 tid + k for k = 0..3, then lw of the word
 *   9   sh to region 3 + 2 tid + 2 j (both alignments of lanes to words)
 *   10  sh to region 4 + 4 tid + 2 j for j = 0, 1, then lw of the word
 */
#include "simt_asm.h"

#define REGION 16448                    /* 4 * 4096 + 64 */

        SIMT_TEST_BEGIN
        READ_TID(s1)
        READ_LANE(s2)
        la      s3, ro8
        la      s4, _end
        addi    s4, s4, 63
        andi    s4, s4, -64             /* region base */

        /* 1, 2: lb/lbu ro8[lane + k] */
        li      s5, 0
1:      add     a0, s2, s5
        add     t0, s3, a0
        lb      s6, 0(t0)
        lbu     s7, 0(t0)
        jal     ra, f8                  /* a0 = ro8[a0] */
        check_eq s7, a0, 2
        jal     ra, sx8
        check_eq s6, a0, 1
        addi    s5, s5, 1
        li      t0, 4
        bltu    s5, t0, 1b

        /* 3: ro8[4 lane + k] */
        li      s5, 0
1:      slli    a0, s2, 2
        add     a0, a0, s5
        add     t0, s3, a0
        lb      s6, 0(t0)
        lbu     s7, 0(t0)
        jal     ra, f8
        check_eq s7, a0, 3
        jal     ra, sx8
        check_eq s6, a0, 3
        addi    s5, s5, 1
        li      t0, 4
        bltu    s5, t0, 1b

        /* 4: ro8[k] */
        li      s5, 0
1:      mv      a0, s5
        add     t0, s3, a0
        lb      s6, 0(t0)
        lbu     s7, 0(t0)
        jal     ra, f8
        check_eq s7, a0, 4
        jal     ra, sx8
        check_eq s6, a0, 4
        addi    s5, s5, 1
        li      t0, 4
        bltu    s5, t0, 1b

        /* 5: halfword at 2 (lane + j) */
        li      s5, 0
1:      add     a0, s2, s5
        slli    a0, a0, 1
        add     t0, s3, a0
        lh      s6, 0(t0)
        lhu     s7, 0(t0)
        jal     ra, f16                 /* a0 = halfword at byte a0 */
        check_eq s7, a0, 5
        jal     ra, sx16
        check_eq s6, a0, 5
        addi    s5, s5, 1
        li      t0, 2
        bltu    s5, t0, 1b

        /* 6: halfword at 4 lane + 2 j, and at 2 j for all lanes */
        li      s5, 0
1:      slli    a0, s2, 2
        slli    t0, s5, 1
        add     a0, a0, t0
        add     t0, s3, a0
        lh      s6, 0(t0)
        lhu     s7, 0(t0)
        jal     ra, f16
        check_eq s7, a0, 6
        jal     ra, sx16
        check_eq s6, a0, 6
        slli    a0, s5, 1
        add     t0, s3, a0
        lh      s6, 0(t0)
        lhu     s7, 0(t0)
        jal     ra, f16
        check_eq s7, a0, 6
        jal     ra, sx16
        check_eq s6, a0, 6
        addi    s5, s5, 1
        li      t0, 2
        bltu    s5, t0, 1b

        /* 7: sb region1 + tid + k, k = 0..3 (each k its own sub-area) */
        li      s5, 0
1:      slli    t0, s5, 12              /* k * 4096 */
        add     t0, t0, s4
        add     t0, t0, s1
        add     t0, t0, s5              /* + tid + k */
        slli    t1, s1, 3
        sub     t1, t1, s1              /* 7 tid */
        add     t1, t1, s5
        addi    t1, t1, 0x80
        andi    t1, t1, 255             /* value */
        sb      t1, 0(t0)
        lbu     t2, 0(t0)
        check_eq t2, t1, 7
        lb      t2, 0(t0)
        mv      a0, t1
        jal     ra, sx8
        check_eq t2, a0, 7
        addi    s5, s5, 1
        li      t0, 4
        bltu    s5, t0, 1b

        /* 8: sb region2 + 4 tid + k, then lw */
        li      t0, REGION
        add     s6, s4, t0
        slli    t0, s1, 2
        add     s6, s6, t0              /* own word */
        li      s5, 0
        li      s7, 0                   /* expected word */
1:      add     t0, s6, s5
        li      t1, 0xf0
        sub     t1, t1, s1
        sub     t1, t1, s5
        andi    t1, t1, 255
        sb      t1, 0(t0)
        slli    t2, s5, 3
        sll     t1, t1, t2
        or      s7, s7, t1
        addi    s5, s5, 1
        li      t0, 4
        bltu    s5, t0, 1b
        lw      t0, 0(s6)
        check_eq t0, s7, 8

        /* 9: sh region3 + 2 tid + 2 j, j = 0, 1 (sub-areas of 8192) */
        li      s5, 0
1:      li      t0, 2 * REGION
        add     t0, t0, s4
        slli    t1, s5, 13
        add     t0, t0, t1
        slli    t1, s1, 1
        add     t0, t0, t1
        slli    t1, s5, 1
        add     t0, t0, t1              /* region3 + j * 8192 + 2 tid + 2 j */
        li      t1, 0x8000
        slli    t2, s1, 1
        add     t2, t2, s1
        add     t1, t1, t2              /* 0x8000 + 3 tid */
        add     t1, t1, s5
        slli    t1, t1, 16
        srli    t1, t1, 16
        sh      t1, 0(t0)
        lhu     t2, 0(t0)
        check_eq t2, t1, 9
        lh      t2, 0(t0)
        mv      a0, t1
        jal     ra, sx16
        check_eq t2, a0, 9
        addi    s5, s5, 1
        li      t0, 2
        bltu    s5, t0, 1b

        /* 10: sh region4 + 4 tid + 2 j, then lw */
        li      t0, 3 * REGION
        add     s6, s4, t0
        slli    t0, s1, 2
        add     s6, s6, t0
        li      t1, 0xc001
        add     t1, t1, s1
        slli    t1, t1, 16
        srli    t1, t1, 16              /* low half */
        sh      t1, 0(s6)
        li      t2, 0xc101
        add     t2, t2, s1
        slli    t2, t2, 16              /* high half << 16 */
        srli    t3, t2, 16
        sh      t3, 2(s6)
        or      t1, t1, t2
        lw      t0, 0(s6)
        check_eq t0, t1, 10

        SIMT_PASS

/* a0 = ro8[a0] by the formula (73 a0 + 0x91) & 255 */
f8:     slli    t5, a0, 6
        slli    t6, a0, 3
        add     t5, t5, t6
        add     t5, t5, a0
        addi    t5, t5, 0x91
        andi    a0, t5, 255
        ret
/* a0 = halfword at byte offset a0 (even) = ro8[a0] | ro8[a0 + 1] << 8 */
f16:    mv      a5, ra
        mv      a6, a0
        addi    a0, a0, 1
        jal     ra, f8
        slli    a7, a0, 8
        mv      a0, a6
        jal     ra, f8
        or      a0, a0, a7
        jr      a5
sx8:    slli    a0, a0, 24
        srai    a0, a0, 24
        ret
sx16:   slli    a0, a0, 16
        srai    a0, a0, 16
        ret

        .section .rodata
        .balign 4
ro8:
        .set i, 0
        .rept 264
        .byte   (73 * i + 0x91) & 255
        .set i, i + 1
        .endr

        .text
        SIMT_TEST_END
