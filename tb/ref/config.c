/*
 * config.c - the reference model's configuration: its defaults, its checks
 * (every parameter named in the message) and the names of the ISAs, the
 * policies and the pass rules.  The lowest layer: it knows nothing of a model.
 */
#include <string.h>

#include "errf.h"
#include "simty_map.h"
#include "simty_ref.h"

#define IS_POW2(v) ((v) != 0 && ((v) & ((v) - 1)) == 0)

void ref_config_default(struct ref_config *c)
{
    c->W = 8;
    c->T = 8;
    c->imem_kib = SIMTY_IMEM_KIB_DEFAULT;
    c->dmem_kib = SIMTY_DMEM_KIB_DEFAULT;
    c->policy = REF_POLICY_MINSP_PC;
    c->isa_m = 0;
    c->isa_a = 0;
    c->pass_rule = REF_PASS_WORD;
    c->yield = REF_YIELD_DEFAULT;
    c->timing = REF_TIMING_LATENCY;
    c->track = REF_TRACK_SORTED;
    c->sorter_exact = REF_AUTO;
    c->arbpipe = REF_AUTO;
}

int ref_config_check(const struct ref_config *c, char *err, size_t n)
{
    if (!IS_POW2(c->W) || c->W > REF_MAX_W)
        return simty_errf(err, n, "W=%u: must be a power of two in [1,64]", c->W);
    if (!IS_POW2(c->T) || c->T > REF_MAX_T)
        return simty_errf(err, n, "T=%u: must be a power of two in [1,64]", c->T);
    /* Both memories start at 0x80000000; REF_MAX_MEM_KIB (64 MiB) keeps them
     * far below the MMIO page and the model's footprint reasonable. */
    if (!IS_POW2(c->imem_kib) || c->imem_kib > REF_MAX_MEM_KIB)
        return simty_errf(err, n, "IMEM=%u: must be a power of two in KiB, 1..%u", c->imem_kib,
                          REF_MAX_MEM_KIB);
    if (!IS_POW2(c->dmem_kib) || c->dmem_kib > REF_MAX_MEM_KIB)
        return simty_errf(err, n, "DMEM=%u: must be a power of two in KiB, 1..%u", c->dmem_kib,
                          REF_MAX_MEM_KIB);
    if ((unsigned)c->policy > REF_POLICY_LAST)
        return simty_errf(err, n, "policy %d: unknown", (int)c->policy);
    if ((unsigned)c->pass_rule > REF_PASS_LAST)
        return simty_errf(err, n, "pass rule %d: unknown", (int)c->pass_rule);
    if (c->yield != REF_YIELD_DEFAULT && c->yield != 0 &&
        (c->yield < 2 || c->yield > REF_YIELD_MAX || !IS_POW2(c->yield)))
        return simty_errf(err, n, "yield=%d: 0 (off) or a power of two in [2,%d]", c->yield,
                          REF_YIELD_MAX);
    if ((unsigned)c->timing > REF_TIMING_LAST)
        return simty_errf(err, n, "timing %d: unknown", (int)c->timing);
    if ((unsigned)c->track > REF_TRACK_ARBITER)
        return simty_errf(err, n, "track %d: unknown", (int)c->track);
    if (c->arbpipe != REF_AUTO && (c->arbpipe < 0 || c->arbpipe > SIMTY_ARBPIPE_MAX))
        return simty_errf(err, n, "arbpipe=%d: auto or 0..%d", c->arbpipe, SIMTY_ARBPIPE_MAX);
    if (c->arbpipe > 0 && c->track != REF_TRACK_ARBITER)
        return simty_errf(err, n, "arbpipe=%d: needs track arbiter", c->arbpipe);
    if (c->sorter_exact != REF_AUTO && c->track != REF_TRACK_SORTED)
        return simty_errf(err, n, "sorter: needs track sorted%s", "");
    if (c->yield > 0 && !c->isa_a)
        return simty_errf(err, n, "yield=%d: the rule needs the A extension (rv32ia, rv32ima)",
                          c->yield);
    return 0;
}

unsigned ref_yield_jumps(const struct ref_config *c)
{
    if (!c->isa_a)
        return 0;
    return c->yield == REF_YIELD_DEFAULT ? SIMTY_YIELD_JUMPS : (unsigned)c->yield;
}

static const char *const policy_names[] = {
    "minsp-pc", "min-pc", "depth-first", "breadth-first", "ipdom", "minority-first", "mp-ipdom"
};

/* The index of s in names[0..n-1], or -1. */
static int name_index(const char *const *names, unsigned n, const char *s)
{
    unsigned i;
    for (i = 0; i < n; i++)
        if (strcmp(s, names[i]) == 0)
            return (int)i;
    return -1;
}

const char *ref_policy_name(enum ref_policy p)
{
    return (unsigned)p <= REF_POLICY_LAST ? policy_names[p] : "?";
}

int ref_policy_parse(const char *s, enum ref_policy *p)
{
    int i = name_index(policy_names, REF_POLICY_LAST + 1, s);
    if (i < 0)
        return -1;
    *p = (enum ref_policy)i;
    return 0;
}

/* Indexed by isa_m + 2 * isa_a. */
static const char *const isa_names[] = { "rv32i", "rv32im", "rv32ia", "rv32ima" };

const char *ref_isa_name(const struct ref_config *c)
{
    return isa_names[(c->isa_m != 0) + 2 * (c->isa_a != 0)];
}

int ref_isa_parse(const char *s, struct ref_config *c)
{
    int i = name_index(isa_names, 4, s);
    if (i < 0)
        return -1;
    c->isa_m = i & 1;
    c->isa_a = i >> 1;
    return 0;
}

static const char *const pass_rule_names[] = { "word", "packed", "rotate", "block" };

const char *ref_pass_rule_name(enum ref_pass_rule p)
{
    return (unsigned)p <= REF_PASS_LAST ? pass_rule_names[p] : "?";
}

int ref_pass_rule_parse(const char *s, enum ref_pass_rule *p)
{
    int i = name_index(pass_rule_names, REF_PASS_LAST + 1, s);
    if (i < 0)
        return -1;
    *p = (enum ref_pass_rule)i;
    return 0;
}

static const char *const timing_names[] = { "latency", "rtl" };
static const char *const track_names[] = { "sorted", "arbiter" };

const char *ref_timing_name(enum ref_timing t)
{
    return (unsigned)t <= REF_TIMING_LAST ? timing_names[t] : "?";
}

int ref_timing_parse(const char *s, enum ref_timing *t)
{
    int i = name_index(timing_names, REF_TIMING_LAST + 1, s);
    if (i < 0)
        return -1;
    *t = (enum ref_timing)i;
    return 0;
}

const char *ref_track_name(enum ref_track t)
{
    return (unsigned)t <= REF_TRACK_ARBITER ? track_names[t] : "?";
}

int ref_track_parse(const char *s, enum ref_track *t)
{
    int i = name_index(track_names, 2, s);
    if (i < 0)
        return -1;
    *t = (enum ref_track)i;
    return 0;
}

int ref_sorter_parse(const char *s, int *exact)
{
    static const char *const names[] = { "lazy", "exact", "auto" };
    int i = name_index(names, 3, s);
    if (i < 0)
        return -1;
    *exact = i == 2 ? REF_AUTO : i;
    return 0;
}

/* simty-gen's rules (simty_map.h); lane_bits is at least 1, as the generator's. */
int ref_sorter_is_exact(const struct ref_config *c)
{
    if (c->sorter_exact != REF_AUTO)
        return c->sorter_exact;
    return !simty_sorter_lazy(c->T);
}

unsigned ref_arbpipe(const struct ref_config *c)
{
    unsigned lg = 1;
    if (c->track != REF_TRACK_ARBITER)
        return 0;
    if (c->arbpipe != REF_AUTO)
        return (unsigned)c->arbpipe;
    while ((1u << lg) < c->T)
        lg++;
    return (unsigned)simty_arbpipe_auto(lg);
}

static const char *const cuts_labels[] = { "rtl arbiter 0", "rtl arbiter 1", "rtl arbiter 2",
                                           "rtl arbiter 3", "rtl arbiter 4", "rtl arbiter 5",
                                           "rtl arbiter 6" };
typedef char check_cuts_labels[sizeof cuts_labels / sizeof cuts_labels[0] == SIMTY_ARBPIPE_MAX + 1
                               ? 1 : -1];

const char *ref_timing_label(const struct ref_config *c)
{
    if (c->timing == REF_TIMING_LATENCY)
        return NULL;
    if (c->track == REF_TRACK_ARBITER)
        return cuts_labels[ref_arbpipe(c)];
    return ref_sorter_is_exact(c) ? "rtl sorted exact" : "rtl sorted lazy";
}
