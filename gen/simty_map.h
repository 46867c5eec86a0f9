/*
 * simty_map.h - the one definition of Simty's memory map, CSRs, exit and trap
 * numbers.  The generator, the reference model, the harness and the software
 * (C, assembly and linker scripts through cpp) all include this file, so the
 * numbers cannot drift apart.  See docs/spec.md ("Memory and
 * ports", "Execution model").  Plain macros only: it must stay valid for the
 * assembler.
 */
#ifndef SIMTY_MAP_H
#define SIMTY_MAP_H

#ifdef __ASSEMBLER__
#define SIMTY_U32(x) x
#else
#define SIMTY_U32(x) x##u
#endif

/* Memories: both start at 0x80000000 (the riscv-tests link address).  Sizes
 * are in KiB, powers of two; boards choose their own. */
#define SIMTY_IMEM_BASE        SIMTY_U32(0x80000000)
#define SIMTY_DMEM_BASE        SIMTY_U32(0x80000000)
#define SIMTY_IMEM_KIB_DEFAULT 64
#define SIMTY_DMEM_KIB_DEFAULT 256

/* MMIO page: a write-only console byte at its base. */
#define SIMTY_MMIO_BASE        SIMTY_U32(0xF0000000)
#define SIMTY_MMIO_SIZE        SIMTY_U32(0x00001000)
#define SIMTY_CONSOLE          SIMTY_U32(0xF0000000)

/* Read-only CSRs. */
#define SIMTY_CSR_CYCLE        0xC00
#define SIMTY_CSR_CYCLEH       0xC80
#define SIMTY_CSR_MHARTID      0xF14 /* warp * T + lane */
#define SIMTY_CSR_WARPID       0xFC0
#define SIMTY_CSR_LANEID       0xFC1
#define SIMTY_CSR_NWARPS       0xFC2 /* W */
#define SIMTY_CSR_NLANES       0xFC3 /* T */

/* A thread ends with ecall when a7 = 93; its exit code is a0. */
#define SIMTY_SYS_EXIT         93

/* Call depth counter width (saturating). */
#define SIMTY_CALLDEPTH_BITS   8

/* Forward progress (ISA with A, issue 52): a warp's head path that takes this
 * many backward jumps in a row while the warp has another path yields; a
 * yielded path has bit 7 of its depth field cleared (the call depth is then
 * bits 6..0), so it ranks after every path that has not yielded. */
#define SIMTY_YIELD_JUMPS      256

/* The largest T whose sorted list takes the lazy sorter by default (SORTER=auto;
 * simty-gen and the model's RTL timing mode share the rule, simty_sorter_lazy). */
#define SIMTY_LAZY_MAX_T       16
/* Branch predictor size: 2^SIMTY_BPRED_BITS two-bit counters (>= 6; measured:
 * gen/bpred.c); the jump target buffer: 2^SIMTY_BTB_BITS entries. */
#define SIMTY_BPRED_BITS       7
#define SIMTY_BTB_BITS         5
/* The most cuts of the arbiter's reduction tree (ARBPIPE): one per level. */
#define SIMTY_ARBPIPE_MAX      6

/* Trap causes (RISC-V mcause numbers). */
#define SIMTY_TRAP_MISALIGNED_TARGET 0
#define SIMTY_TRAP_FETCH_FAULT       1
#define SIMTY_TRAP_ILLEGAL           2
#define SIMTY_TRAP_EBREAK            3
#define SIMTY_TRAP_MISALIGNED_LOAD   4
#define SIMTY_TRAP_LOAD_FAULT        5
#define SIMTY_TRAP_MISALIGNED_STORE  6
#define SIMTY_TRAP_STORE_FAULT       7
#define SIMTY_TRAP_ECALL             8

/* Exit codes of the harness and of simty-ref.  When several apply the
 * precedence is BADINPUT, TRAP, HANG, FAIL. */
#define SIMTY_EXIT_PASS     0 /* every thread exited 0 */
#define SIMTY_EXIT_FAIL     1 /* some thread exited non-zero */
#define SIMTY_EXIT_HANG     2 /* --max-cycles reached */
#define SIMTY_EXIT_BADINPUT 3 /* bad file, option or ELF */
#define SIMTY_EXIT_TRAP     4 /* some thread trapped */

#ifndef __ASSEMBLER__
/* The auto rules of SORTER and ARBPIPE, simty-gen's (gen/cfg.c says why) and the
 * model's --timing rtl: the lazy sorter for 2 < T <= SIMTY_LAZY_MAX_T; the arbiter's
 * tree cut none up to lane_bits = 2 (T <= 4), twice at 3 (T = 8), then once per two
 * levels less one (T = 16: 1; T = 32, 64: 2). */
static inline int simty_sorter_lazy(unsigned t)
{
    return t > 2 && t <= SIMTY_LAZY_MAX_T;
}

static inline int simty_arbpipe_auto(unsigned lane_bits)
{
    return lane_bits <= 2 ? 0 : lane_bits == 3 ? 2 : (int)(lane_bits + 1) / 2 - 1;
}
#endif

#endif /* SIMTY_MAP_H */
