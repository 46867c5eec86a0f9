/*
 * state.h - the reference model's state (struct ref), the one record every
 * layer of the model reads and writes, and the small look-ups into it
 * (decoded instruction at a PC, a warp's registers).  Data only: the
 * functions that change it live in the layers (tb/README.md, "Layers of
 * the model").
 */
#ifndef SIMTY_REF_STATE_H
#define SIMTY_REF_STATE_H

#include "decode.h"
#include "simty_map.h"
#include "simty_ref.h"

struct warp_list {
    unsigned n;
    struct ref_path *p;       /* capacity T + 4 */
    const struct dinsn *hd;   /* the instruction at p[0].pc (NULL: none; list policies,
                                 ref_list_head) */
};

struct cfg;
struct warp_stack;            /* stack.c: reconvergence stack / split tables */
struct rt_state;              /* rtltime.c: the RTL timing mode */

struct ref {
    struct ref_config cfg;
    unsigned lg_t;
    uint64_t all;             /* the lanes of a warp: T bits */
    uint32_t imem_size, dmem_size;
    uint8_t *imem, *dmem;
    struct dinsn *dec;        /* imem_size / 4 entries */
    uint32_t *x;              /* W * 32 * T registers: [(w * 32 + reg) * T + lane] (ref_xreg) */
    uint32_t *pc;             /* W * T thread PCs */
    struct report_thread *th; /* W * T outcomes */
    struct console *con;
    struct warp_list *wl;     /* W path lists */
    struct simty_effect *eff; /* T scratch effects */
    uint64_t cycle;
    uint64_t warp_insts, thread_insts, divergences, merges, replays;
    unsigned peak[REF_MAX_W];
    unsigned live_warps, rr;  /* round-robin pointer */
    struct cfg *graph;        /* post-dominators (stack policies), or NULL */
    struct warp_stack *ws;    /* W stacks (stack policies), or NULL */
    uint64_t *ready;          /* latency.c: per warp, earliest next issue of its path */
    uint64_t *reg_ready;      /* latency.c: cycle each register is written, per warp, register
                                 and lane: [(w * 32 + reg) * T + lane] (a register's lanes
                                 side by side) */
    uint64_t *reg_ready_w;    /* latency.c: W * 32, that cycle when it is the same for every
                                 live lane of the warp (reg_ready is then stale for the
                                 register), else REF_READY_MIXED (reg_ready holds it) */
    uint64_t *reg_ready_hi;   /* latency.c: W * 32, while reg_ready_w is REF_READY_MIXED: no
                                 less than any lane's reg_ready of the register */
    uint64_t *alive;          /* per warp: lanes whose thread runs (not exited, not trapped) */
    uint64_t *wready;         /* per warp, the earliest cycle it can issue (its path's turn
                                 and operands; list policies, ref_list_head): only the
                                 warp's own issue changes it */
    uint64_t wstale;          /* the warps whose wready and head (ref_list_head) list_pick is
                                 to compute (bit w): every warp after a reset; ref_issue
                                 computes the issuing warp's */
    uint64_t last_issue;      /* cycle of the last issue, + 1 (0: none) */
    /* RV32A reservations (exec.c), reset to none: per warp one reserved word
     * address (RA) and the lanes holding a reservation on it (V). */
    uint32_t resv_addr[REF_MAX_W];
    uint64_t resv_valid[REF_MAX_W];
    uint64_t resv_warps;      /* bit w: warp w may have a V bit set (a superset; 0: a store
                                 has no reservation to clear) */
    /* Forward progress (pathlist.h, ref_yield_pass): the rule's K (0: off; on only
     * under minsp-pc with A), the call-depth bits of a depth field (REF_DEPTH_MAX;
     * with the rule on 0x7f: bit 7 is REF_UNYIELDED), and per warp the count of
     * reading backward jumps in a row (0..K-1) and whether the warp read memory
     * since its last backward jump (bit w of yield_read); yields: a statistic. */
    unsigned yield_k, depth_bits;
    unsigned yield_cnt[REF_MAX_W];
    uint64_t yield_read, yields;
    int order;                /* REF_ORDER_*: whose order a list policy's paths follow */
    unsigned ex_defer;        /* REF_ORDER_EXACT: heap operations the last issue deferred */
    unsigned lz_ptr[REF_MAX_W];  /* REF_ORDER_LAZY: each warp's sorter pointer into its stack */
    uint64_t lz_match;        /* bit w: the entry at warp w's pointer comes first: swap next */
    uint64_t lz_moved;        /* bit w: warp w's last take popped or swapped (HCT2 from the stack) */
    struct rt_state *rt;      /* the RTL timing mode's state (rtltime.h), or NULL */
    int check_inv;            /* the timing mode's run checks the invariants after each issue */
    uint64_t rt_end;          /* --timing rtl: the run's cycles in the core's clock */
    char err[256];
};

/* ref.order: the policy's own (every list policy), or under --timing rtl
 * with TRACK=sorted and minsp-pc the core's sorted list (pathlist.c), with
 * the exact heap or the lazy sorter as its cold paths. */
enum { REF_ORDER_POLICY, REF_ORDER_EXACT, REF_ORDER_LAZY };

#if defined(__GNUC__)
#define REF_ALWAYS_INLINE __attribute__((always_inline))
#else
#define REF_ALWAYS_INLINE
#endif

/* The deepest call depth a path records (saturating). */
#define REF_DEPTH_MAX ((1u << SIMTY_CALLDEPTH_BITS) - 1)

/* Is p one of the policies that reconverge at immediate post-dominators? */
#define REF_POLICY_IS_STACK(p) ((p) >= REF_POLICY_IPDOM)

/* The predecoded instruction at pc, NULL outside instruction memory (a pc
 * below it wraps to an offset beyond any memory size: checked here). */
typedef char ref_check_imem_base[(uint64_t)SIMTY_IMEM_BASE + REF_MAX_MEM_KIB * 1024ull
                                 <= 0x100000000ull ? 1 : -1];
static inline const struct dinsn *ref_decode_at(const struct ref *r, uint32_t pc)
{
    uint32_t off = pc - SIMTY_IMEM_BASE;
    if (off >= r->imem_size)
        return NULL;
    return &r->dec[off >> 2];
}
/* The little-endian word at p of a memory image. */
static inline uint32_t ref_rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
/* Register reg of warp w, lane by lane (lane l at [l]). */
static inline uint32_t *ref_xreg(const struct ref *r, unsigned w, unsigned reg)
{
    return r->x + (((size_t)w * 32 + reg) << r->lg_t);
}
/* The registers of warp w: register reg's lanes from [reg << lg_t] (a
 * decoded instruction's x1, x2, xd). */
static inline uint32_t *ref_xwarp(const struct ref *r, unsigned w)
{
    return r->x + ((size_t)w << (r->lg_t + 5));
}

#endif
