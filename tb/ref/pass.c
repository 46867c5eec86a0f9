/*
 * pass.c - which lanes of a path one pass serves: the spec's rule (a memory
 * access serializes leader-first, word <lane> of the leader's block; an
 * indirect jump serves the lanes with the leader's target; lr.w as lw, sc.w
 * and the AMOs the leader alone) and the model-only study rules of
 * --pass-rule (which leave the A instructions to the spec's rule).  Reads
 * registers, changes nothing.
 */
#include "pass.h"

#include "exec.h"

uint64_t ref_pass_mask(const struct ref *r, unsigned w, uint32_t pc, uint64_t mask)
{
    return ref_pass_mask_d(r, w, ref_decode_at(r, pc), mask);
}

/* The served lanes of a store pass under a study rule that must wait: the
 * results must equal executing the lanes in increasing order, so a served
 * lane j waits while an unserved lower lane i whose store does not trap
 * writes bytes that j writes too (it will write them in a later pass, after
 * j).  A lane that waits is unserved in turn, so repeat until nothing
 * changes (the leader, the lowest lane, never waits). */
static uint64_t study_store_waits(const struct ref *r, const struct dinsn *d, const uint32_t *xr,
                                  uint64_t mask, uint64_t served)
{
    unsigned n = ref_mem_size(d->op);
    uint32_t imm = (uint32_t)d->imm;
    uint64_t waits = 0, deferred, m;
    do {
        deferred = 0;
        for (m = mask & ~(served & ~waits); m; m &= m - 1) {
            unsigned i = (unsigned)__builtin_ctzll(m);
            uint32_t ai = xr[i] + imm;
            uint64_t s;
            if (ref_mem_classify(r, ai, n) < 0)
                continue;
            for (s = served & ~waits & ~((2ull << i) - 1); s; s &= s - 1) {
                unsigned j = (unsigned)__builtin_ctzll(s);
                uint32_t aj = xr[j] + imm;
                if (ai < aj + n && aj < ai + n)     /* (neither is near 2^32) */
                    deferred |= 1ull << j;
            }
        }
        waits |= deferred;
    } while (deferred);
    return waits;
}

/* The memory pass of the study rules (REF_PASS_PACKED, _ROTATE, _BLOCK;
 * simty_ref.h), for a leader at la that does not trap.  The block is the
 * leader's 4T bytes, aligned to 4T: a multiple of T units of any size n, so
 * a lane's unit index in it is (address - block) / n. */
static uint64_t pass_mask_study(const struct ref *r, const struct dinsn *d, const uint32_t *xr,
                                uint64_t mask, unsigned leader, uint32_t la)
{
    unsigned T = r->cfg.T, n = ref_mem_size(d->op), is_load = d->op <= OP_LHU;
    uint32_t imm = (uint32_t)d->imm, block = la & ~(4 * T - 1);
    uint32_t lu = (la - block) / n;      /* the leader's unit index */
    uint64_t served = 1ull << leader, m;
    for (m = mask & (mask - 1); m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m), ok;
        uint32_t ad = xr[l] + imm, unit = (ad - block) / n;
        if (is_load && ad == la) {
            served |= 1ull << l;
            continue;
        }
        if ((ad & (n - 1)) || ad - block >= 4 * T)
            continue;                    /* misaligned (traps) or outside the block */
        switch (r->cfg.pass_rule) {
        case REF_PASS_PACKED: ok = unit % T == l; break;
        case REF_PASS_ROTATE: ok = unit % T == (lu + l - leader) % T; break;
        default:              ok = 1; break;   /* REF_PASS_BLOCK */
        }
        if (ok)
            served |= 1ull << l;
    }
    return is_load ? served : served & ~study_store_waits(r, d, xr, mask, served);
}

/* jalr: the leader with every lane whose target is the leader's. */
static uint64_t pass_jalr(const struct dinsn *d, const uint32_t *xr, uint64_t mask,
                          unsigned leader)
{
    uint32_t lt = (xr[leader] + (uint32_t)d->imm) & ~1u;
    uint64_t served = 1ull << leader, m;
    for (m = mask & (mask - 1); m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        if (((xr[l] + (uint32_t)d->imm) & ~1u) == lt)
            served |= 1ull << l;
    }
    return served;
}

/* A sub-word access under the spec's rule: the leader, with the loads of
 * its very address. */
static uint64_t pass_subword(const struct dinsn *d, const uint32_t *xr, uint64_t mask,
                             unsigned leader, uint32_t la)
{
    uint64_t served = 1ull << leader, m;
    if (d->op >= OP_LB && d->op <= OP_LHU)
        for (m = mask & (mask - 1); m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctzll(m);
            if (xr[l] + (uint32_t)d->imm == la)
                served |= 1ull << l;
        }
    return served;
}

/* The served lanes of a sw pass that must wait: a store must not overtake a
 * lower lane that stores to the same word in a later pass (the result has
 * to equal executing the lanes in increasing order, the highest lane
 * winning), so a lane served for its own slot waits while a lower, unserved
 * lane whose store does not trap writes that word. */
static uint64_t store_waits(const struct ref *r, const struct dinsn *d, const uint32_t *xr,
                            uint64_t mask, uint64_t served)
{
    uint64_t deferred = 0, m = mask & ~served;
    if (!m || (served >> __builtin_ctzll(m)) <= 1)
        return 0;              /* no lane served above the lowest unserved one */
    for (; m; m &= m - 1) {
        unsigned i = (unsigned)__builtin_ctzll(m);
        uint32_t ai = xr[i] + (uint32_t)d->imm;
        if (ref_mem_classify(r, ai, 4) < 0)
            continue;
        for (uint64_t s = served & ~((2ull << i) - 1); s; s &= s - 1) {
            unsigned j = (unsigned)__builtin_ctzll(s);
            uint32_t aj = xr[j] + (uint32_t)d->imm;
            if ((ai >> 2) == (aj >> 2))
                deferred |= 1ull << j;
        }
    }
    return deferred;
}

/* lw, sw or lr.w under the spec's rule, for a leader at la that does not
 * trap. */
static uint64_t pass_word(const struct ref *r, const struct dinsn *d, const uint32_t *xr,
                          uint64_t mask, unsigned leader, uint32_t la)
{
    /* An aligned word access to word l (its lane) of the leader's T-word
     * block is one at block + 4 * l, with block the leader's address rounded
     * down to a multiple of 4T (so block + 4 * l does not wrap). */
    uint32_t block = la & ~(4 * r->cfg.T - 1);
    unsigned is_lw = d->op == OP_LW || d->op == OP_LR;
    uint64_t served = 1ull << leader, m;
    for (m = mask & (mask - 1); m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        uint32_t ad = xr[l] + (uint32_t)d->imm;
        if (ad == block + 4 * l || (is_lw && ad == la))
            served |= 1ull << l;
    }
    if (d->op == OP_SW)
        served &= ~store_waits(r, d, xr, mask, served);
    return served;
}

/* An A instruction, under every pass rule (the RTL's, issue 52): lr.w as
 * lw, sc.w and the AMOs the leader alone; a leader whose access traps
 * (misaligned, or outside data memory: the MMIO page too) alone. */
static uint64_t pass_amo(const struct ref *r, const struct dinsn *d, const uint32_t *xr,
                         uint64_t mask, unsigned leader)
{
    uint32_t la = xr[leader];   /* (no offset) */
    if (d->op != OP_LR || ref_mem_classify(r, la, 4) != 0)
        return 1ull << leader;
    return pass_word(r, d, xr, mask, leader, la);
}

uint64_t ref_pass_mask_d(const struct ref *r, unsigned w, const struct dinsn *d, uint64_t mask)
{
    const uint32_t *xr;       /* rs1, lane by lane */
    unsigned leader;
    uint32_t la;
    if (!d || !mask)
        return mask;
    leader = (unsigned)__builtin_ctzll(mask);
    xr = ref_xwarp(r, w) + d->x1;
    if (d->op == OP_JALR)
        return pass_jalr(d, xr, mask, leader);
    if (ref_is_amo(d))
        return pass_amo(r, d, xr, mask, leader);
    if (!ref_is_mem(d))
        return mask;
    la = xr[leader] + (uint32_t)d->imm;
    if (ref_mem_classify(r, la, ref_mem_size(d->op)) < 0)
        return 1ull << leader;   /* the leader traps, alone */
    if (r->cfg.pass_rule != REF_PASS_WORD)
        return pass_mask_study(r, d, xr, mask, leader, la);
    if (d->op != OP_LW && d->op != OP_SW)
        return pass_subword(d, xr, mask, leader, la);
    return pass_word(r, d, xr, mask, leader, la);
}
