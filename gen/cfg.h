/*
 * cfg.h - the generator's configuration: parsed once from key=value
 * arguments, validated up front (style G4), then derived in one place
 * (cfg_derive).  Everything downstream takes a `const struct simt_cfg *`.
 *
 * Naming of derived widths:
 *   *_BITS  exact log2 of a count; may be 0 (use it for arithmetic);
 *   *_W     width of a signal that must exist; clamped to at least 1
 *           (W = 1 and T = 1 must generate legal Verilog).
 */
#ifndef SIMTY_CFG_H
#define SIMTY_CFG_H

#include <stddef.h>

#include "simty_map.h"

enum simt_track { TRACK_SORTED = 0, TRACK_ARBITER = 1 };

/* How the sorted list keeps its cold paths (TRACK=sorted, T > 2): EXACT, a
 * pipelined heap whose root is always the minimum (gen/cct_exact.c); LAZY,
 * the paper's stack with one compare-and-swap per idle visit (gen/cct.c). */
enum simt_sorter { SORTER_EXACT = 0, SORTER_LAZY = 1 };

/* Test-only variants for the formal checks (formal/README.md), never part of a
 * configuration: simty-gen --formal adds observation ports to the path units
 * (mirrors of their tables); --mutate=NAME plants one deliberate bug that a
 * formal property must catch; --yield-jumps=N (ISA with A) gives the yield a
 * count small enough for a bounded proof to reach.  All leave the default output
 * unchanged. */
enum simt_mutation {
    MUT_NONE = 0,
    MUT_DROP_MERGE,     /* paths at one PC are not merged (CCS: a and b; arbiter: depth too) */
    MUT_SKIP_MASK_BIT,  /* the last lane is dropped from a written path / thread row */
    MUT_BAD_ORDER,      /* the head is the highest PC, not the lowest */
    MUT_KEEP_EXITED,    /* exiting and trapping threads stay in their path */
    MUT_EXTRA_LANE,     /* lane 0 always executes (outside the issued mask) */
    MUT_SINGLE_EARLY,   /* "one path left" is reported while other paths remain */
    MUT_BAD_INIT,       /* the reset sequence leaves a wrong path set */
    MUT_HEAP_ORDER,     /* SORTER=exact: HCT2 takes y even when the heap's root comes first */
    MUT_ABSORB_DROP,    /* SORTER=exact: a root absorbed by the head path loses its threads
                           (deeper than BMC reaches: the harness mirror catches it) */
    MUT_LAZY_SWAP,      /* SORTER=lazy: a sorter swap does not write y back (its threads are lost) */
    /* the memory coalescer (simty_coalesce, formal/simty_formal_coalesce.sv) */
    MUT_COAL_SERVE_TWICE,   /* lanes served from their slot or the leader's word also replay */
    MUT_COAL_DROP_HELD,     /* a store held back by a lower lane is neither served nor replayed */
    MUT_COAL_SKIP_LEADER,   /* the leader is served only when it coalesces (its own slot) */
    MUT_COAL_NO_BCAST,      /* word loads of the leader's word are not served with it */
    MUT_COAL_SKIP_MISALIGNED, /* an odd half-word address is not misaligned */
    MUT_COAL_LOWEST_WINS,   /* in the leader's word the leader's store beats a higher lane's */
    MUT_COAL_STORE_OVERTAKE, /* a store is not held back by a lower lane that replays to its word */
    MUT_COAL_BAD_OFFSET,    /* the leader's offset for the gather loses its byte bits */
    /* the whole core (formal/simty_formal_core.sv) */
    MUT_FETCH_SKEW,     /* fetch pairs each word with the PC fetched after it */
    MUT_BAD_TARGET,     /* a taken branch's path goes one word past its target */
    /* forward progress (ISA with A, gen/yield.c; formal/simty_formal_path.sv with YIELD) */
    MUT_YIELD_NO_MARK,  /* a yield leaves the yielding path's a and b unmarked */
    MUT_YIELD_NO_UNMARK, /* a yield does not unmark the others (sorted: HCT2's c; arbiter: every
                           other live thread when all are marked) */
    MUT_YIELD_NO_READ,  /* simty_yield counts backward jumps without a read of memory between */
    MUT_COUNT
};

/* Hint put on every RAM array as (* ram_style = "..." *); AUTO prints none. */
enum simt_ramstyle { RAMSTYLE_AUTO = 0, RAMSTYLE_BLOCK, RAMSTYLE_DISTRIBUTED, RAMSTYLE_LOGIC };

struct simt_cfg {
    /* ---- user parameters (key=value) ---- */
    int w;               /* W: warps per core, power of two 1..64 */
    int t;               /* T: threads per warp (lanes), power of two 1..64 */
    enum simt_track track;   /* TRACK: sorted | arbiter */
    int imem_kib;        /* IMEM: instruction memory, KiB, power of two */
    int dmem_kib;        /* DMEM: data memory, KiB, power of two */
    enum simt_ramstyle ramstyle; /* RAMSTYLE: auto | block | distributed | logic */
    int arbpipe;         /* ARBPIPE: registered cuts in the arbiter's reduction tree */
    int arbpipe_auto;    /* ARBPIPE=auto (default): arbpipe derived, one cut per two levels */
    enum simt_sorter sorter; /* SORTER: exact | lazy (TRACK=sorted), as resolved */
    int sorter_auto;     /* SORTER=auto (default): lazy from 4 to SIMTY_LAZY_MAX_T lanes, else
                            exact (at T <= 2 there are no cold paths: both are one RTL) */
    int isa_m;           /* ISA has M: rv32im, rv32ima (the M unit, gen/mdu.c) */
    int isa_a;           /* ISA has A: rv32ia, rv32ima (atomics: gen/resv.c, the coalescer) */
    int imem_given, dmem_given, ramstyle_given; /* IMEM=, DMEM=, RAMSTYLE= given (any value):
                            the tag names them, as the Makefile's folder names always did */
    int formal;          /* --formal: observation ports on the path units (test only) */
    enum simt_mutation mutate; /* --mutate=NAME: one planted bug (test only) */
    int yield_jumps;     /* --yield-jumps=N: the yield's count of backward jumps (test only:
                            make formal's small count); 0: SIMTY_YIELD_JUMPS */

    /* ---- derived by cfg_derive() ---- */
    int threads;         /* W * T */
    int warp_id_bits;    /* log2(W), may be 0 */
    int warp_id_w;       /* max(1, log2(W)) */
    int lane_id_bits;    /* log2(T), may be 0 */
    int lane_id_w;       /* max(1, log2(T)) */
    int tid_bits;        /* log2(W*T): global thread id (mhartid) */
    int tid_w;           /* max(1, tid_bits) */
    int reg_banks;       /* register-file banks, selected by warp parity: 2 */
    int rf_banks_impl;   /* banks actually built: 1 when W = 1 (bank 1 unused), else 2 */
    int rf_warps_per_bank;   /* max(1, W/2) */
    int rf_warp_in_bank_bits;/* log2(rf_warps_per_bank), may be 0 */
    int rf_rows;         /* rows per bank: 32 * rf_warps_per_bank */
    int rf_row_w;        /* log2(rf_rows) = 5 + rf_warp_in_bank_bits */
    int ibuf;            /* instruction-buffer entries per warp (power of two >= 2) */
    int ibuf_w;          /* log2(ibuf) */
    int bp_w;            /* log2(branch-predictor counters): SIMTY_BPRED_BITS */
    int bp_sel_w;        /* log2(counters per predictor word): bp_w - 5 (32 words, cleared by the reset sequence) */
    int res_lat;         /* cycles from resolve (issue + 6) to stage r: sorted 1, arbiter 2 + arbpipe */
    int xlen;            /* 32 */
    int pc_w;            /* 30: word PC (byte PC[31:2]) */
    int calldepth_w;     /* SIMTY_CALLDEPTH_BITS */
    int yield_w;         /* forward progress (ISA with A): log2(SIMTY_YIELD_JUMPS) (or of
                            --yield-jumps), the width of
                            a warp's back-jump counter (gen/yield.c); 0: off (rv32i, rv32im) */
    int block_words;     /* data-port block: T words */
    int block_bytes;     /* 4 * T */
    int block_bits;      /* 32 * T */
    int block_off_bits;  /* log2(4T): byte offset inside a block */
    long imem_bytes, dmem_bytes;
    int imem_words;
    int imem_addr_w;     /* word address width of instruction memory */
    int dmem_addr_w;     /* byte address width of data memory */
    int dmem_blocks;     /* DMEM bytes / (4T) */
    int dmem_block_addr_w;   /* max(1, log2(dmem_blocks)) */
    int imem_latency;    /* instruction port latency, cycles */
    int dmem_latency;    /* data port latency, cycles */
    unsigned cfg_id;     /* compact signature, see cfg_derive() */
};

/* Branch predictor size: SIMTY_BPRED_BITS in simty_map.h (measured: gen/bpred.c). */

/* Bounds of the user parameters. */
#define CFG_WT_MAX    64
#define CFG_ARBPIPE_MAX SIMTY_ARBPIPE_MAX   /* log2(CFG_WT_MAX): a cut per level of the tree */
#define CFG_MEM_MIN_KIB 1
#define CFG_MEM_MAX_KIB 65536   /* 64 MiB: well inside 0x80000000..0xF0000000 */

void cfg_defaults(struct simt_cfg *c);

/* Apply one "key=value" argument.  Returns 0, or -1 with a message of the
 * form "KEY=VALUE: reason" in err.  `seen` is a bit set of the keys already
 * given (duplicate detection); start it at 0. */
int cfg_set(struct simt_cfg *c, const char *arg, unsigned *seen, char *err, size_t errlen);

/* Parse every argument (none may be an option), then derive.  Stops at the
 * first error.  Returns 0 or -1 with err filled. */
int cfg_parse(struct simt_cfg *c, int argc, char **argv, char *err, size_t errlen);

/* Compute every derived field from the user parameters. */
void cfg_derive(struct simt_cfg *c);

/* Is `arg` of the form KEY=... for a known key? (main.c tells options from
 * parameters with it). */
int cfg_is_param(const char *arg);

const char *cfg_track_name(enum simt_track t);      /* "sorted" | "arbiter" */
const char *cfg_track_desc(enum simt_track t);      /* "sorted path list" ... */
const char *cfg_ramstyle_name(enum simt_ramstyle s); /* "auto" ... */
const char *cfg_sorter_name(enum simt_sorter s);     /* "exact" | "lazy" */
/* The sorted list's cold paths are the lazy sorter's stack (T > 2): it steps at
 * branches and jumps only (gen/cct.c), and the follow-on never follows a branch. */
int cfg_lazy_stack(const struct simt_cfg *c);
const char *cfg_isa_name(const struct simt_cfg *c);  /* "rv32i" | "rv32im" | "rv32ia" | "rv32ima" */
const char *cfg_mutation_name(enum simt_mutation u); /* "drop-merge" ... */
/* The mutation named `name`, or -1. */
int cfg_mutation_find(const char *name);

/* The build folder's name of a configuration, its one identity (simty-gen --tag;
 * the Makefile and scripts/lib/simjobs.py ask for it): W<w>_T<t>_<track>, then
 * _pipe (ARBPIPE=1) or _pipe<k> when ARBPIPE is given (not auto), _<sorter> when
 * TRACK=sorted and SORTER is given (not auto), _im for ISA=rv32im, _I<kib> and
 * _D<kib> when IMEM and DMEM are given, _<ramstyle> when RAMSTYLE is given.
 * "W8_T8_sorted", "W2_T4_arbiter_pipe", "W8_T8_sorted_lazy_im_D1024". */
void cfg_tag(const struct simt_cfg *c, char *buf, size_t len);
#define CFG_TAG_MAX 96  /* "W64_T64_arbiter_pipe6_im_I65536_D65536_distributed": 51 */

/* The arguments that reproduce this configuration: "W=8 T=16 TRACK=sorted",
 * with IMEM=, DMEM=, RAMSTYLE=, ARBPIPE=, SORTER=, ISA= appended when they
 * differ from the defaults. */
void cfg_args(const struct simt_cfg *c, char *buf, size_t len);

/* ceil(log2(n)) for n >= 1. */
int cfg_clog2(long n);

#endif /* SIMTY_CFG_H */
