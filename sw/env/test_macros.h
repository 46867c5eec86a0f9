/*
 * test_macros.h - building blocks of Simty's self-checking RV32I tests
 * (sw/rv32ui).  Written for Simty; the macro names follow the riscv-tests
 * vocabulary so the tests read the same way.
 *
 * Every test case loads TESTNUM (gp) with its number, computes a value and
 * branches to `fail` when the value differs from the expectation.  A test file
 * ends with TEST_PASSFAIL, which provides `fail` and `pass`.
 *
 * Register use:  x11, x12 operands;  x14 result;  x15 base address;  x7
 * expected value;  x4, x5 loop counter and bound of the bypass loops;  x6
 * copy of a result;  x13 scratch.  x1 and x5 are left to the jump tests
 * (they are the link registers of the call-depth hints).
 *
 * The *_BYPASS variants put 0..n `nop`s between producer and consumer and run
 * their body twice (a backward branch), so both back-to-back dependences and
 * a warm second pass are exercised.
 */
#ifndef SIMTY_TEST_MACROS_H
#define SIMTY_TEST_MACROS_H

/* 32-bit view of a constant so `li` accepts negative or unsigned spellings. */
#define MASK_XLEN(x) ((x) & 0xffffffff)

/* The value an I-type immediate stands for once sign-extended. */
#define SEXT_IMM(x) (((x) & 0x7ff) - ((x) & 0x800))

#define TEST_NOPS(n) .rept n; nop; .endr

#define TEST_LOOP2_BEGIN  li x4, 0; 9:
#define TEST_LOOP2_END    addi x4, x4, 1; li x5, 2; bne x4, x5, 9b

#define TEST_CASE(num, reg, expect, code...)                            \
test_ ## num:                                                           \
        li TESTNUM, num;                                                \
        code;                                                           \
        li x7, MASK_XLEN(expect);                                       \
        bne reg, x7, fail;

/* ---- register-immediate ------------------------------------------------ */

#define TEST_IMM_OP(num, inst, expect, v1, imm)                         \
        TEST_CASE(num, x14, expect,                                     \
                li x11, MASK_XLEN(v1);                                  \
                inst x14, x11, SEXT_IMM(imm))

#define TEST_IMM_SRC1_EQ_DEST(num, inst, expect, v1, imm)               \
        TEST_CASE(num, x11, expect,                                     \
                li x11, MASK_XLEN(v1);                                  \
                inst x11, x11, SEXT_IMM(imm))

#define TEST_IMM_DEST_BYPASS(num, nops, inst, expect, v1, imm)          \
        TEST_CASE(num, x6, expect,                                      \
                TEST_LOOP2_BEGIN                                        \
                li x11, MASK_XLEN(v1);                                  \
                inst x14, x11, SEXT_IMM(imm);                           \
                TEST_NOPS(nops);                                        \
                addi x6, x14, 0;                                        \
                TEST_LOOP2_END)

#define TEST_IMM_SRC1_BYPASS(num, nops, inst, expect, v1, imm)          \
        TEST_CASE(num, x14, expect,                                     \
                TEST_LOOP2_BEGIN                                        \
                li x11, MASK_XLEN(v1);                                  \
                TEST_NOPS(nops);                                        \
                inst x14, x11, SEXT_IMM(imm);                           \
                TEST_LOOP2_END)

#define TEST_IMM_ZEROSRC1(num, inst, expect, imm)                       \
        TEST_CASE(num, x11, expect,                                     \
                inst x11, x0, SEXT_IMM(imm))

#define TEST_IMM_ZERODEST(num, inst, v1, imm)                           \
        TEST_CASE(num, x0, 0,                                           \
                li x11, MASK_XLEN(v1);                                  \
                inst x0, x11, SEXT_IMM(imm))

/* ---- register-register ------------------------------------------------- */

#define TEST_RR_OP(num, inst, expect, v1, v2)                           \
        TEST_CASE(num, x14, expect,                                     \
                li x11, MASK_XLEN(v1);                                  \
                li x12, MASK_XLEN(v2);                                  \
                inst x14, x11, x12)

#define TEST_RR_SRC1_EQ_DEST(num, inst, expect, v1, v2)                 \
        TEST_CASE(num, x11, expect,                                     \
                li x11, MASK_XLEN(v1);                                  \
                li x12, MASK_XLEN(v2);                                  \
                inst x11, x11, x12)

#define TEST_RR_SRC2_EQ_DEST(num, inst, expect, v1, v2)                 \
        TEST_CASE(num, x12, expect,                                     \
                li x11, MASK_XLEN(v1);                                  \
                li x12, MASK_XLEN(v2);                                  \
                inst x12, x11, x12)

#define TEST_RR_SRC12_EQ_DEST(num, inst, expect, v1)                    \
        TEST_CASE(num, x11, expect,                                     \
                li x11, MASK_XLEN(v1);                                  \
                inst x11, x11, x11)

#define TEST_RR_DEST_BYPASS(num, nops, inst, expect, v1, v2)            \
        TEST_CASE(num, x6, expect,                                      \
                TEST_LOOP2_BEGIN                                        \
                li x11, MASK_XLEN(v1);                                  \
                li x12, MASK_XLEN(v2);                                  \
                inst x14, x11, x12;                                     \
                TEST_NOPS(nops);                                        \
                addi x6, x14, 0;                                        \
                TEST_LOOP2_END)

/* src1 produced first (n1 nops after it), then src2 (n2 nops after it). */
#define TEST_RR_SRC12_BYPASS(num, n1, n2, inst, expect, v1, v2)         \
        TEST_CASE(num, x14, expect,                                     \
                TEST_LOOP2_BEGIN                                        \
                li x11, MASK_XLEN(v1);                                  \
                TEST_NOPS(n1);                                          \
                li x12, MASK_XLEN(v2);                                  \
                TEST_NOPS(n2);                                          \
                inst x14, x11, x12;                                     \
                TEST_LOOP2_END)

/* src2 produced first, then src1. */
#define TEST_RR_SRC21_BYPASS(num, n1, n2, inst, expect, v1, v2)         \
        TEST_CASE(num, x14, expect,                                     \
                TEST_LOOP2_BEGIN                                        \
                li x12, MASK_XLEN(v2);                                  \
                TEST_NOPS(n1);                                          \
                li x11, MASK_XLEN(v1);                                  \
                TEST_NOPS(n2);                                          \
                inst x14, x11, x12;                                     \
                TEST_LOOP2_END)

#define TEST_RR_ZEROSRC1(num, inst, expect, v)                          \
        TEST_CASE(num, x12, expect,                                     \
                li x11, MASK_XLEN(v);                                   \
                inst x12, x0, x11)

#define TEST_RR_ZEROSRC2(num, inst, expect, v)                          \
        TEST_CASE(num, x12, expect,                                     \
                li x11, MASK_XLEN(v);                                   \
                inst x12, x11, x0)

#define TEST_RR_ZEROSRC12(num, inst, expect)                            \
        TEST_CASE(num, x11, expect,                                     \
                li x11, 0x5a5a;                                         \
                inst x11, x0, x0)

#define TEST_RR_ZERODEST(num, inst, v1, v2)                             \
        TEST_CASE(num, x0, 0,                                           \
                li x11, MASK_XLEN(v1);                                  \
                li x12, MASK_XLEN(v2);                                  \
                inst x0, x11, x12)

/* ---- loads -------------------------------------------------------------- */

#define TEST_LD_OP(num, inst, expect, off, base)                        \
        TEST_CASE(num, x14, expect,                                     \
                la x15, base;                                           \
                inst x14, off(x15))

#define TEST_LD_SRC1_EQ_DEST(num, inst, expect, off, base)              \
        TEST_CASE(num, x15, expect,                                     \
                la x15, base;                                           \
                inst x15, off(x15))

#define TEST_LD_DEST_BYPASS(num, nops, inst, expect, off, base)         \
        TEST_CASE(num, x6, expect,                                      \
                TEST_LOOP2_BEGIN                                        \
                la x15, base;                                           \
                inst x14, off(x15);                                     \
                TEST_NOPS(nops);                                        \
                addi x6, x14, 0;                                        \
                TEST_LOOP2_END)

#define TEST_LD_SRC1_BYPASS(num, nops, inst, expect, off, base)         \
        TEST_CASE(num, x14, expect,                                     \
                TEST_LOOP2_BEGIN                                        \
                la x15, base;                                           \
                TEST_NOPS(nops);                                        \
                inst x14, off(x15);                                     \
                TEST_LOOP2_END)

/* Load through x0 + offset is not possible at 0x80000000, and writing x0
 * with a load must leave it zero. */
#define TEST_LD_ZERODEST(num, inst, off, base)                          \
        TEST_CASE(num, x0, 0,                                           \
                la x15, base;                                           \
                inst x0, off(x15))

/* ---- stores (checked by loading back) ------------------------------------
 * The stored register holds `expect`; `ld` must read it back unchanged
 * (use the sign-extending load of the same width).  Each case should store
 * to its own location: see riscv_test.h about shared data. */

#define TEST_ST_OP(num, ld, st, expect, off, base)                      \
        TEST_CASE(num, x14, expect,                                     \
                la x15, base;                                           \
                li x12, MASK_XLEN(expect);                              \
                st x12, off(x15);                                       \
                ld x14, off(x15))

/* Store `value` with `st`, read it back with `ld` (any width or offset):
 * the result must be `expect`. */
#define TEST_ST_LD_OP(num, st, soff, ld, loff, expect, value, base)     \
        TEST_CASE(num, x14, expect,                                     \
                la x15, base;                                           \
                li x12, MASK_XLEN(value);                               \
                st x12, soff(x15);                                      \
                ld x14, loff(x15))

/* data produced first (n1 nops), then the address (n2 nops). */
#define TEST_ST_SRC12_BYPASS(num, n1, n2, ld, st, expect, off, base)    \
        TEST_CASE(num, x14, expect,                                     \
                TEST_LOOP2_BEGIN                                        \
                li x12, MASK_XLEN(expect);                              \
                TEST_NOPS(n1);                                          \
                la x15, base;                                           \
                TEST_NOPS(n2);                                          \
                st x12, off(x15);                                       \
                ld x14, off(x15);                                       \
                TEST_LOOP2_END)

/* the address produced first, then the data. */
#define TEST_ST_SRC21_BYPASS(num, n1, n2, ld, st, expect, off, base)    \
        TEST_CASE(num, x14, expect,                                     \
                TEST_LOOP2_BEGIN                                        \
                la x15, base;                                           \
                TEST_NOPS(n1);                                          \
                li x12, MASK_XLEN(expect);                              \
                TEST_NOPS(n2);                                          \
                st x12, off(x15);                                       \
                ld x14, off(x15);                                       \
                TEST_LOOP2_END)

/* ---- branches ------------------------------------------------------------
 * TAKEN: the branch must be taken forwards and then backwards.
 * NOTTAKEN: it must fall through forwards and backwards. */

#define TEST_BR2_OP_TAKEN(num, inst, v1, v2)                            \
test_ ## num:                                                           \
        li TESTNUM, num;                                                \
        li x11, MASK_XLEN(v1);                                          \
        li x12, MASK_XLEN(v2);                                          \
        inst x11, x12, 2f;                                              \
        j fail;                                                         \
1:      j 3f;                                                           \
        j fail;                                                         \
2:      inst x11, x12, 1b;                                              \
        j fail;                                                         \
3:

#define TEST_BR2_OP_NOTTAKEN(num, inst, v1, v2)                         \
test_ ## num:                                                           \
        li TESTNUM, num;                                                \
        li x11, MASK_XLEN(v1);                                          \
        li x12, MASK_XLEN(v2);                                          \
        inst x11, x12, 1f;                                              \
        j 2f;                                                           \
1:      j fail;                                                         \
2:      inst x11, x12, 1b;                                              \
3:

/* A not-taken branch right after its operands are produced (loop twice). */
#define TEST_BR2_SRC12_BYPASS(num, n1, n2, inst, v1, v2)                \
test_ ## num:                                                           \
        li TESTNUM, num;                                                \
        TEST_LOOP2_BEGIN                                                \
        li x11, MASK_XLEN(v1);                                          \
        TEST_NOPS(n1);                                                  \
        li x12, MASK_XLEN(v2);                                          \
        TEST_NOPS(n2);                                                  \
        inst x11, x12, fail;                                            \
        TEST_LOOP2_END

#define TEST_BR2_SRC21_BYPASS(num, n1, n2, inst, v1, v2)                \
test_ ## num:                                                           \
        li TESTNUM, num;                                                \
        TEST_LOOP2_BEGIN                                                \
        li x12, MASK_XLEN(v2);                                          \
        TEST_NOPS(n1);                                                  \
        li x11, MASK_XLEN(v1);                                          \
        TEST_NOPS(n2);                                                  \
        inst x11, x12, fail;                                            \
        TEST_LOOP2_END

/* ---- atomics (sw/rv32ua) -------------------------------------------------
 * Every thread of every warp runs the test, and what an AMO returns depends on
 * what the other threads did to its word before.  So TEST_A_BEGIN(nslots)
 * first draws a ticket (amoadd.w on a_ticket): the first `nslots` threads to
 * draw each get a private slot of A_SLOT_BYTES (x8 = its base, x9 = the
 * ticket) in which all their cases work; the others pass at once.  Results are
 * then the same for any W, T and interleaving.  TEST_A_DATA(nslots) places the
 * ticket and the slots in .bss, outside the signature (the ticket ends at
 * W*T).  Each case stores its initial value into its word first, so no case
 * depends on the previous one; `off` (0, 4, 8 or 12) picks the slot word.
 *
 * Register use as above, plus x8 (slot) and x9 (ticket), which no case
 * changes: x12 operand (rs2), x15 address (rs1), x14 result (rd), x13 the word
 * read back, x11 initial value.  AMO cases check rd, the word after the AMO,
 * and that rs2 still holds the operand.
 */
#define A_SLOT_BYTES 16

#define TEST_A_BEGIN(nslots)                                            \
        la x15, a_ticket;                                               \
        li x12, 1;                                                      \
        amoadd.w x9, x12, (x15);                                        \
        li x13, nslots;                                                 \
        bltu x9, x13, 1f;                                               \
        j pass;                                                         \
1:      la x8, a_slots;                                                 \
        slli x13, x9, 4;                                                \
        add x8, x8, x13;

#define TEST_A_DATA(nslots)                                             \
        .pushsection .bss;                                              \
        .balign 16;                                                     \
a_ticket:                                                               \
        .skip 16;                                                       \
a_slots:                                                                \
        .skip (nslots) * A_SLOT_BYTES;                                  \
        .popsection;

/* Checks after an AMO case: rd, the word, the operand register. */
#define TEST_AMO_CHECK(rd, init, v, mem, off)                           \
        lw x13, off(x8);                                                \
        li x7, MASK_XLEN(init);                                         \
        bne rd, x7, fail;                                               \
        li x7, MASK_XLEN(mem);                                          \
        bne x13, x7, fail;

#define TEST_AMO_SETUP(init, v, off)                                    \
        li x11, MASK_XLEN(init);                                        \
        sw x11, off(x8);                                                \
        addi x15, x8, off;                                              \
        li x12, MASK_XLEN(v);

/* The word holds init; `inst x14, x12, (x15)` with x12 = v returns init and
 * leaves mem; the word is read back by the very next instruction. */
#define TEST_AMO_OP(num, inst, init, v, mem, off)                       \
test_ ## num:                                                           \
        li TESTNUM, num;                                                \
        TEST_AMO_SETUP(init, v, off)                                    \
        inst x14, x12, (x15);                                           \
        TEST_AMO_CHECK(x14, init, v, mem, off)                          \
        li x7, MASK_XLEN(v);                                            \
        bne x12, x7, fail;

/* rd is rs2: the old value replaces the operand only after it was used. */
#define TEST_AMO_SRC2_EQ_DEST(num, inst, init, v, mem, off)             \
test_ ## num:                                                           \
        li TESTNUM, num;                                                \
        TEST_AMO_SETUP(init, v, off)                                    \
        inst x12, x12, (x15);                                           \
        TEST_AMO_CHECK(x12, init, v, mem, off)

/* rd is rs1: the address register receives the old value. */
#define TEST_AMO_SRC1_EQ_DEST(num, inst, init, v, mem, off)             \
test_ ## num:                                                           \
        li TESTNUM, num;                                                \
        TEST_AMO_SETUP(init, v, off)                                    \
        inst x15, x12, (x15);                                           \
        TEST_AMO_CHECK(x15, init, v, mem, off)

/* rd = x0: memory is updated, x0 stays zero. */
#define TEST_AMO_ZERODEST(num, inst, init, v, mem, off)                 \
test_ ## num:                                                           \
        li TESTNUM, num;                                                \
        TEST_AMO_SETUP(init, v, off)                                    \
        inst x0, x12, (x15);                                            \
        TEST_AMO_CHECK(x0, 0, v, mem, off)

/* rs2 = x0: the operand is zero. */
#define TEST_AMO_ZEROSRC2(num, inst, init, mem, off)                    \
test_ ## num:                                                           \
        li TESTNUM, num;                                                \
        TEST_AMO_SETUP(init, 0x5a5a5a5a, off)                           \
        inst x14, x0, (x15);                                            \
        TEST_AMO_CHECK(x14, init, 0, mem, off)

/* The result read 0..n instructions after the AMO (twice: a loop). */
#define TEST_AMO_DEST_BYPASS(num, nops, inst, init, v, mem, off)        \
test_ ## num:                                                           \
        li TESTNUM, num;                                                \
        TEST_LOOP2_BEGIN                                                \
        TEST_AMO_SETUP(init, v, off)                                    \
        inst x14, x12, (x15);                                           \
        TEST_NOPS(nops);                                                \
        addi x6, x14, 0;                                                \
        TEST_LOOP2_END;                                                 \
        TEST_AMO_CHECK(x6, init, v, mem, off)

/* The operand produced first (n1 nops), then the address (n2 nops). */
#define TEST_AMO_SRC12_BYPASS(num, n1, n2, inst, init, v, mem, off)     \
test_ ## num:                                                           \
        li TESTNUM, num;                                                \
        TEST_LOOP2_BEGIN                                                \
        li x11, MASK_XLEN(init);                                        \
        sw x11, off(x8);                                                \
        li x12, MASK_XLEN(v);                                           \
        TEST_NOPS(n1);                                                  \
        addi x15, x8, off;                                              \
        TEST_NOPS(n2);                                                  \
        inst x14, x12, (x15);                                           \
        TEST_LOOP2_END;                                                 \
        TEST_AMO_CHECK(x14, init, v, mem, off)

/* The address produced first, then the operand. */
#define TEST_AMO_SRC21_BYPASS(num, n1, n2, inst, init, v, mem, off)     \
test_ ## num:                                                           \
        li TESTNUM, num;                                                \
        TEST_LOOP2_BEGIN                                                \
        li x11, MASK_XLEN(init);                                        \
        sw x11, off(x8);                                                \
        addi x15, x8, off;                                              \
        TEST_NOPS(n1);                                                  \
        li x12, MASK_XLEN(v);                                           \
        TEST_NOPS(n2);                                                  \
        inst x14, x12, (x15);                                           \
        TEST_LOOP2_END;                                                 \
        TEST_AMO_CHECK(x14, init, v, mem, off)

/* A younger ALU write to rd, 0..n instructions behind the AMO, must win. */
#define TEST_AMO_WAW(num, nops, inst, init, v, mem, off)                \
test_ ## num:                                                           \
        li TESTNUM, num;                                                \
        TEST_AMO_SETUP(init, v, off)                                    \
        inst x14, x12, (x15);                                           \
        TEST_NOPS(nops);                                                \
        addi x14, x0, 0x2a5;                                            \
        TEST_AMO_CHECK(x14, 0x2a5, v, mem, off)

/* Two AMOs on the word back to back: the second sees the first's result. */
#define TEST_AMO_TWICE(num, inst, init, v, mid, mem, off)               \
test_ ## num:                                                           \
        li TESTNUM, num;                                                \
        TEST_AMO_SETUP(init, v, off)                                    \
        inst x14, x12, (x15);                                           \
        inst x6, x12, (x15);                                            \
        li x7, MASK_XLEN(mid);                                          \
        bne x6, x7, fail;                                               \
        TEST_AMO_CHECK(x14, init, v, mem, off)

/* The AMO writes its word only: the three other words of the slot keep
 * their sentinels; its result is stored at once and read back. */
#define TEST_AMO_ONE_WORD(num, inst, init, v, mem)                      \
test_ ## num:                                                           \
        li TESTNUM, num;                                                \
        li x11, 0x11111111; sw x11, 0(x8);                              \
        li x11, 0x44444444; sw x11, 12(x8);                             \
        li x11, 0x33333333; sw x11, 8(x8);                              \
        TEST_AMO_SETUP(init, v, 4)                                      \
        inst x14, x12, (x15);                                           \
        sw x14, 8(x8);                                                  \
        lw x6, 8(x8);                                                   \
        li x7, MASK_XLEN(init);                                         \
        bne x6, x7, fail;                                               \
        lw x6, 0(x8);                                                   \
        li x7, 0x11111111;                                              \
        bne x6, x7, fail;                                               \
        lw x6, 12(x8);                                                  \
        li x7, 0x44444444;                                              \
        bne x6, x7, fail;                                               \
        TEST_AMO_CHECK(x14, init, v, mem, 4)

/* ---- end of a test ------------------------------------------------------- */

#define TEST_PASSFAIL                                                   \
        j pass;                                                         \
fail:                                                                   \
        RVTEST_FAIL;                                                    \
pass:                                                                   \
        RVTEST_PASS;

#endif /* SIMTY_TEST_MACROS_H */
