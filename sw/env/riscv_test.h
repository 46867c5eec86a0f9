/*
 * riscv_test.h - Simty's test environment for self-checking ISA tests written
 * in the riscv-tests style (same macro names, so a test written for that suite
 * assembles against it unchanged, as long as it only needs user-level RV32I).
 *
 * What differs from the stock "p" environment (spec.md, "Execution model"):
 *   - RVTEST_CODE_BEGIN only defines _start and zeroes x1..x31.  No CSR is
 *     touched (Simty's CSRs are read-only and qemu-user has none of the
 *     machine-mode ones), no trap vector, no tohost.  Zeroing the registers
 *     makes qemu-user register traces start from the state Simty starts in.
 *   - RVTEST_PASS / RVTEST_FAIL end the thread with the exit call
 *     (ecall, a7 = SIMTY_SYS_EXIT): a0 = 0 on success, a0 = (TESTNUM << 1) | 1
 *     when test case TESTNUM failed.  Both Simty and qemu-riscv32 (user mode)
 *     understand it.
 *   - Tests use no CSR and no MMIO, so they run unchanged under qemu-riscv32.
 *
 * Every thread of every warp runs the same test and they all share the data
 * area.  That is safe only because every thread stores the same values; the
 * tests under sw/rv32ui also never store two different values to one byte,
 * so the outcome does not depend on how warps interleave.
 */
#ifndef SIMTY_RISCV_TEST_H
#define SIMTY_RISCV_TEST_H

#include "simty_map.h"

/* The register holding the number of the test case being run. */
#define TESTNUM gp

/* Environment selectors of the stock suite.  Only RV32 user code exists. */
#define RVTEST_RV32U
#define RVTEST_RV64U .error "Simty is RV32 only"
#define RVTEST_RV32M .error "Simty has no machine-mode test environment"
#define RVTEST_RV32S .error "Simty has no supervisor mode"

#define SIMTY_ZERO_XREGS                                                \
        li x1, 0;  li x2, 0;  li x3, 0;  li x4, 0;  li x5, 0;           \
        li x6, 0;  li x7, 0;  li x8, 0;  li x9, 0;  li x10, 0;          \
        li x11, 0; li x12, 0; li x13, 0; li x14, 0; li x15, 0;          \
        li x16, 0; li x17, 0; li x18, 0; li x19, 0; li x20, 0;          \
        li x21, 0; li x22, 0; li x23, 0; li x24, 0; li x25, 0;          \
        li x26, 0; li x27, 0; li x28, 0; li x29, 0; li x30, 0;          \
        li x31, 0

#define RVTEST_CODE_BEGIN                                               \
        .section .text.init, "ax", @progbits;                           \
        .balign 4;                                                      \
        .globl _start;                                                  \
        .type _start, @function;                                        \
_start:                                                                 \
        SIMTY_ZERO_XREGS;

/* Never reached: the test ends through RVTEST_PASS or RVTEST_FAIL. */
#define RVTEST_CODE_END                                                 \
        ebreak;

#define RVTEST_PASS                                                     \
        fence;                                                          \
        li TESTNUM, 1;                                                  \
        li a7, SIMTY_SYS_EXIT;                                          \
        li a0, 0;                                                       \
        ecall;

#define RVTEST_FAIL                                                     \
        fence;                                                          \
        slli a0, TESTNUM, 1;                                            \
        ori a0, a0, 1;                                                  \
        li a7, SIMTY_SYS_EXIT;                                          \
        ecall;

/* The data area doubles as the signature region (riscv-tests style); the
 * harness's --signature option dumps it. */
#define RVTEST_DATA_BEGIN                                               \
        .data;                                                          \
        .balign 16;                                                     \
        .globl begin_signature;                                         \
begin_signature:

#define RVTEST_DATA_END                                                 \
        .balign 16;                                                     \
        .globl end_signature;                                           \
end_signature:

#endif /* SIMTY_RISCV_TEST_H */
