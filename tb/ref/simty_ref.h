/*
 * simty_ref.h - the reference model of the Simty SIMT machine (the oracle).
 *
 * W warps x T threads (powers of two, 1..64) run RV32I (with M and A as
 * configured) as the spec's execution model says (docs/spec.md, "Execution
 * model"; A: docs of issue 52, the reservation rules in exec.c).
 * Two layers, usable separately:
 *
 *  1. The executor (ref_step): "warp w executes the instruction at PC p for
 *     the threads of mask m".  It runs the threads in increasing lane order,
 *     updates their registers, PCs and memory, and returns each thread's
 *     architectural effect (struct simty_effect, tb/effect.h).  The caller
 *     decides the schedule: the RTL harness drives it in the RTL's commit
 *     order (lock-step co-simulation) and may supply the value that `cycle` /
 *     `cycleh` read.  The model checks that every thread of the mask is alive
 *     and at PC p.
 *  2. The path list (ref_issue / ref_run): per warp a list of paths (PC,
 *     thread mask, call depth) ordered by a traversal policy; the head path
 *     issues, serialized leader-first by ref_pass_mask; divergent branches
 *     split, equal PCs merge (or, under the stack policies, reconverge at
 *     the immediate post-dominator of the binary's CFG, cfg.h); warps take
 *     turns round-robin among those ready under the latency model (latency.c:
 *     one warp-instruction per cycle, a path's next issue 1 to 8 cycles
 *     later as in the RTL); `cycle` counts those cycles.
 *
 * Nothing here prints except the console (when attached) and
 * ref_print_paths; errors come back as return codes with a message.
 */
#ifndef SIMTY_REF_H
#define SIMTY_REF_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "effect.h"
#include "elf_load.h"
#include "report.h"

struct console;

#define REF_MAX_W 64
#define REF_MAX_T 64
#define REF_MAX_MEM_KIB 65536u   /* largest --imem / --dmem */

enum ref_policy {
    REF_POLICY_MINSP_PC,      /* deepest call first, then lowest PC (spec default) */
    REF_POLICY_MIN_PC,        /* lowest PC first, call depth ignored */
    REF_POLICY_DEPTH_FIRST,   /* path stack, path-list paper section 2.1 */
    REF_POLICY_BREADTH_FIRST, /* path queue, round-robin over paths */
    /* Reconvergence at immediate post-dominators of the binary (stack.c): */
    REF_POLICY_IPDOM,         /* SIMT stack, lower PC side first */
    REF_POLICY_MINORITY_FIRST,/* SIMT stack, side with fewer threads first */
    REF_POLICY_MP_IPDOM       /* split table + reconvergence table, splits interleaved */
};
#define REF_POLICY_LAST REF_POLICY_MP_IPDOM

/* Which lanes a memory pass serves with its leader (ref_pass_mask).  Only
 * REF_PASS_WORD is the spec's rule, the one the RTL implements and the
 * lock-step co-simulation compares; the others are model-only options for
 * memory studies (issue 50: what serving more lanes per pass would save).
 * Every rule serves the loads of the leader's very address, and the results
 * never depend on the rule (a store waits for an overlapping lower lane). */
enum ref_pass_rule {
    REF_PASS_WORD,            /* aligned word access to word <lane> of the block */
    REF_PASS_PACKED,          /* aligned access, unit index (offset / size) = lane mod T */
    REF_PASS_ROTATE,          /* unit index = leader's unit index + lane - leader, mod T */
    REF_PASS_BLOCK            /* any aligned access inside the leader's block */
};
#define REF_PASS_LAST REF_PASS_BLOCK

/* The model's clock (--timing).  REF_TIMING_LATENCY (the default): the
 * latency model (latency.c), a few rules per instruction, which ranks policies
 * but runs ahead of the core.  REF_TIMING_RTL: the timing mode (rtltime.c),
 * which follows the generated core's pipeline (fetch and its queues, the
 * predictors, the scheduler's readiness and register-file ports, the resolve
 * loop) to predict its cycles; the core is named by track, sorter and
 * arbpipe, simty-gen's knobs.  Results never depend on the clock. */
enum ref_timing { REF_TIMING_LATENCY, REF_TIMING_RTL };
#define REF_TIMING_LAST REF_TIMING_RTL
enum ref_track { REF_TRACK_SORTED, REF_TRACK_ARBITER };
#define REF_AUTO (-1)                /* sorter_exact, arbpipe: simty-gen's auto rule */

struct ref_config {
    unsigned W, T;               /* powers of two, 1..64 */
    unsigned imem_kib, dmem_kib; /* powers of two, 1..REF_MAX_MEM_KIB */
    enum ref_policy policy;
    int isa_m;                   /* 1: M executes, 0: its encodings are illegal */
    int isa_a;                   /* 1: A executes (LR/SC/AMO, opcode 0x2F), 0: illegal */
    enum ref_pass_rule pass_rule;/* REF_PASS_WORD (default; the only one the RTL has) */
    int yield;                   /* forward progress (issue 52, minsp-pc with A): K, the
                                    reading backward jumps in a row after which a spinning
                                    head path yields to another path of its warp; 0 off,
                                    else a power of two >= 2 (needs A); REF_YIELD_DEFAULT:
                                    SIMTY_YIELD_JUMPS with A, 0 without (ref_yield_jumps) */
    enum ref_timing timing;      /* the clock (above) */
    enum ref_track track;        /* --timing rtl: the core's path tracker */
    int sorter_exact;            /* TRACK=sorted: 1 SORTER=exact, 0 lazy, REF_AUTO */
    int arbpipe;                 /* TRACK=arbiter: the tree's cuts, 0..SIMTY_ARBPIPE_MAX, or
                                    REF_AUTO */
};
#define REF_YIELD_DEFAULT (-1)
#define REF_YIELD_MAX (1 << 30)

struct ref_path {
    uint32_t pc;
    uint64_t mask;               /* bit i = lane i */
    unsigned depth;              /* call depth, 0..255; with the yield rule on (minsp-pc
                                    with A): {not yielded, call depth 0..127} (REF_UNYIELDED) */
};
/* With the yield rule on, the bit of the depth field of a path that has not
 * yielded (a new thread's depth is REF_UNYIELDED, call depth 0). */
#define REF_UNYIELDED 0x80u

struct ref;

/* Defaults: W = T = 8, sizes from simty_map.h, MinSP-PC. */
void ref_config_default(struct ref_config *c);
/* 0, or -1 with a message naming the parameter ("W=6: must be ..."). */
int ref_config_check(const struct ref_config *c, char *err, size_t errlen);
/* "minsp-pc", "min-pc", "depth-first", "breadth-first", "ipdom",
 * "minority-first", "mp-ipdom". */
const char *ref_policy_name(enum ref_policy p);
int ref_policy_parse(const char *s, enum ref_policy *p);
/* The ISA of isa_m and isa_a: "rv32i", "rv32im", "rv32ia", "rv32ima". */
const char *ref_isa_name(const struct ref_config *c);
/* Sets c->isa_m and c->isa_a from one of those names: 0, or -1 (c unchanged). */
int ref_isa_parse(const char *s, struct ref_config *c);
/* The yield rule's K for c's ISA and c->yield (0: off); the model applies
 * it under minsp-pc only. */
unsigned ref_yield_jumps(const struct ref_config *c);
/* "word", "packed", "rotate", "block". */
const char *ref_pass_rule_name(enum ref_pass_rule p);
int ref_pass_rule_parse(const char *s, enum ref_pass_rule *p);
/* "latency", "rtl"; "sorted", "arbiter"; "exact", "lazy", "auto". */
const char *ref_timing_name(enum ref_timing t);
int ref_timing_parse(const char *s, enum ref_timing *t);
const char *ref_track_name(enum ref_track t);
int ref_track_parse(const char *s, enum ref_track *t);
int ref_sorter_parse(const char *s, int *exact);
/* The auto rules of simty-gen (gen/cfg.c) for c's W and T: whether the
 * sorted list's sorter is the exact heap, and the arbiter's cuts. */
int ref_sorter_is_exact(const struct ref_config *c);
unsigned ref_arbpipe(const struct ref_config *c);
/* The core --timing rtl follows, for the statistics: "rtl sorted exact", "rtl
 * sorted lazy" or "rtl arbiter K" (K: the tree's cuts); NULL with the latency model. */
const char *ref_timing_label(const struct ref_config *c);

struct ref *ref_new(const struct ref_config *c, char *err, size_t errlen);
void ref_free(struct ref *r);
const struct ref_config *ref_config_of(const struct ref *r);
/* Under --timing rtl, ref_run checks the path invariants (ref_check_invariants)
 * after every issue and returns -2 on a broken one, its message in ref_error
 * (with the latency model a caller checks between ref_issue calls). */
void ref_set_check_invariants(struct ref *r, int on);
/* Console for MMIO bytes (NULL: stores to the console only show as effects). */
void ref_set_console(struct ref *r, struct console *con);

/* Load an ELF (elf_load rules) and reset.  0, or -1 with a message. */
int ref_load_elf(struct ref *r, const char *path, struct elf_info *info,
                 char *err, size_t errlen);
/* Reset threads (all registers 0, PC = entry), paths and statistics; keeps
 * the memories.  Decodes the instruction memory. */
void ref_reset(struct ref *r, uint32_t entry);
/* The memory images (to load them in another simulator or dump them). */
uint8_t *ref_imem(struct ref *r);
uint8_t *ref_dmem(struct ref *r);
uint32_t ref_imem_size(const struct ref *r);
uint32_t ref_dmem_size(const struct ref *r);

/* ---- lock-step API -------------------------------------------------------- */

/* Execute the instruction at pc for the lanes in mask of warp `warp`, in
 * increasing lane order (one pass: an lr.w reserves the word of the
 * lowest lane for the lanes at it; an sc.w or AMO of several lanes acts as
 * one pass per lane, in order).  cycle: the value `cycle`/`cycleh` read
 * (NULL: the model's own counter).  out: T entries indexed by lane (NULL allowed);
 * lanes outside mask get valid = 0.  Counts one warp-instruction.
 * Returns 0, or -1 (nothing executed, message in ref_error) if a lane of the
 * mask has ended or is not at pc, or warp/mask is out of range. */
int ref_step(struct ref *r, unsigned warp, uint32_t pc, uint64_t mask,
             const uint64_t *cycle, struct simty_effect *out);
/* The lanes of mask that one pass of the instruction at pc serves, per the
 * configuration's pass_rule; under the default (REF_PASS_WORD) the spec's
 * rule (leader = lowest lane; memory: the leader with every lane that
 * makes an aligned word access to word <its lane> of the leader's T-word
 * block, or a load of the leader's address, of any size (the spec allows
 * serving more than its minimum, a word load of the leader's word; the RTL
 * does this); lr.w: as lw; sc.w and AMOs: the leader alone (under every
 * pass_rule); indirect jumps: lanes with the leader's target; anything
 * else: all).  A leader whose access would trap
 * is served alone.  The other rules serve more memory lanes (enum
 * ref_pass_rule); a store lane that overlaps an unserved lower lane's bytes
 * waits, so that the results equal executing the lanes in increasing order. */
uint64_t ref_pass_mask(const struct ref *r, unsigned warp, uint32_t pc, uint64_t mask);
const char *ref_error(const struct ref *r);

/* ---- running alone on the path list --------------------------------------- */

/* Issue one warp-instruction (one pass) of warp's head path at cycle
 * ref_cycle (whether or not it is ready) and update the path list; the
 * cycle advances by one.  out: T entries (NULL allowed); *served (may be NULL) gets the
 * lanes executed, *pc their PC.  Returns 1 if issued, 0 if the warp has no
 * path left. */
int ref_issue(struct ref *r, unsigned warp, struct simty_effect *out,
              uint64_t *served, uint32_t *pc);
/* The warp that issues next under the latency model (round-robin among the
 * warps whose path is ready; the clock skips ahead when none is), or -1 when
 * every thread has ended. */
int ref_pick(struct ref *r);
/* Run (ref_pick, ref_issue) until every thread has ended or max_cycles warp-
 * instructions have issued (0 = no limit).  commit_log: NULL or a stream for
 * the spec's commit-log lines.  Returns 1 if stopped by max_cycles, else 0;
 * -1 on a write error of the commit log. */
int ref_run(struct ref *r, uint64_t max_cycles, FILE *commit_log);

/* ---- state ------------------------------------------------------------------ */

unsigned ref_npaths(const struct ref *r, unsigned warp);
const struct ref_path *ref_paths(const struct ref *r, unsigned warp); /* list order */
/* Print every warp's paths (hang report). */
void ref_print_paths(const struct ref *r, FILE *f);
/* Path invariants: masks non-empty and disjoint, union = the warp's live
 * threads, each thread's PC = its path's PC, no two paths with one PC (sorted
 * policies).  0, or -1 with a message. */
int ref_check_invariants(const struct ref *r, char *err, size_t errlen);
/* W * T thread outcomes (global id order). */
const struct report_thread *ref_threads(const struct ref *r);
uint32_t ref_reg(const struct ref *r, unsigned tid, unsigned reg);
uint32_t ref_pc(const struct ref *r, unsigned tid);
uint64_t ref_cycle(const struct ref *r);
int ref_done(const struct ref *r);   /* every thread has ended */
/* Statistics so far (model = "ref"); outcome fields via report_stats_outcome. */
void ref_stats(const struct ref *r, struct report_stats *s);
/* Fill a report_run for the result line. */
void ref_report_run(const struct ref *r, int hang, struct report_run *run);

#endif /* SIMTY_REF_H */
