/*
 * cfg.c - parse, validate and derive the generator's configuration (G4).
 * Errors name the parameter as the user typed it: "W=6: must be a power of
 * two in [1,64]"; main.c prefixes "simty-gen: ".
 */
#include "cfg.h"
#include "simty_map.h"

#include <stdio.h>
#include <string.h>

enum { K_W, K_T, K_TRACK, K_IMEM, K_DMEM, K_RAMSTYLE, K_ARBPIPE, K_SORTER, K_ISA, K_COUNT };
static const char *const key_names[K_COUNT] = { "W", "T", "TRACK", "IMEM", "DMEM", "RAMSTYLE",
                                                "ARBPIPE", "SORTER", "ISA" };
#define KEY_LIST "W, T, TRACK, IMEM, DMEM, RAMSTYLE, ARBPIPE, SORTER, ISA"

void cfg_defaults(struct simt_cfg *c)
{
    memset(c, 0, sizeof *c);
    c->w = 8;
    c->t = 8;
    c->track = TRACK_SORTED;
    c->imem_kib = SIMTY_IMEM_KIB_DEFAULT;
    c->dmem_kib = SIMTY_DMEM_KIB_DEFAULT;
    c->ramstyle = RAMSTYLE_AUTO;
    c->arbpipe_auto = 1;
    c->sorter_auto = 1;
    cfg_derive(c);
}

int cfg_clog2(long n)
{
    int b = 0;
    while ((1L << b) < n)
        b++;
    return b;
}

static int max1(int x) { return x < 1 ? 1 : x; }

void cfg_derive(struct simt_cfg *c)
{
    c->threads = c->w * c->t;
    c->yield_w = c->isa_a ? cfg_clog2(c->yield_jumps ? c->yield_jumps : SIMTY_YIELD_JUMPS) : 0;
    c->warp_id_bits = cfg_clog2(c->w);
    c->warp_id_w = max1(c->warp_id_bits);
    c->lane_id_bits = cfg_clog2(c->t);
    c->lane_id_w = max1(c->lane_id_bits);
    c->tid_bits = cfg_clog2(c->threads);
    c->tid_w = max1(c->tid_bits);
    /* Two banks selected by warp_id[0].  With W = 1 only bank 0 ever holds a
     * warp, so the generator builds one bank (spec: structures that cannot
     * be used may be omitted); the scheduler sees bank 1 as never busy. */
    c->reg_banks = 2;
    c->rf_banks_impl = c->w >= 2 ? 2 : 1;
    c->rf_warps_per_bank = c->w >= 2 ? c->w / 2 : 1;
    c->rf_warp_in_bank_bits = cfg_clog2(c->rf_warps_per_bank);
    c->rf_rows = 32 * c->rf_warps_per_bank;
    c->rf_row_w = 5 + c->rf_warp_in_bank_bits;
    /* Four entries let a lone warp issue every cycle (fetch takes three);
     * with more warps two are as fast (measured) and half the size. */
    c->ibuf = c->w <= 2 ? 4 : 2;
    c->ibuf_w = cfg_clog2(c->ibuf);
    /* The predictor's table has 32 words (the reset sequence, at least 32 cycles,
     * clears one a cycle), each holding 2^bp_sel_w counters. */
    c->bp_w = SIMTY_BPRED_BITS;
    c->bp_sel_w = c->bp_w - 5;
    /* ARBPIPE=auto: at most two levels of the arbiter's tree per stage (T = 16:
     * one cut; T = 32, 64: two), but at T = 8 one level per stage (two cuts):
     * W8T8 placed at 76.2 and 79.2 MHz (seeds 1, 2) against 71.8 (median of 3)
     * with one cut, for 5.6 % more cycles, a better figure of merit and the
     * issue's 74 MHz; the sorted list has no tree. */
    if (c->arbpipe_auto)
        c->arbpipe = c->track == TRACK_ARBITER ? simty_arbpipe_auto((unsigned)c->lane_id_bits) : 0;
    c->res_lat = c->track == TRACK_ARBITER ? 2 + c->arbpipe : 1;
    /* SORTER=auto: the lazy sorter up to SIMTY_LAZY_MAX_T lanes, the exact one above.
     * Per 1,000 logic cells the lazy sorter delivers more thread instructions per
     * second where the exact heap's levels cost more than its cycles win
     * (docs/results.md, "Throughput per logic"): since its warps follow on at any
     * number of paths, W8T8 and W8T16 take 2.8 and 4.5 % fewer cycles than the exact
     * core's on the bench, with 14 % less logic.  At W8T32 it takes 6 % fewer cycles
     * on the fixed problems (the model's timing mode) but 14 % more on the
     * weak-scaled ones (the RTL), for 13 % less logic: about even on the figure there,
     * and the spec promises the heap's minimum-path head at T = 32 and 64. */
    if (c->sorter_auto)
        c->sorter = c->track == TRACK_SORTED && simty_sorter_lazy((unsigned)c->t) ? SORTER_LAZY
                                                                                : SORTER_EXACT;
    c->xlen = 32;
    c->pc_w = 30;
    c->calldepth_w = SIMTY_CALLDEPTH_BITS;
    c->block_words = c->t;
    c->block_bytes = 4 * c->t;
    c->block_bits = 32 * c->t;
    c->block_off_bits = cfg_clog2(c->block_bytes);
    c->imem_bytes = (long)c->imem_kib * 1024;
    c->dmem_bytes = (long)c->dmem_kib * 1024;
    c->imem_words = (int)(c->imem_bytes / 4);
    c->imem_addr_w = cfg_clog2(c->imem_words);
    c->dmem_addr_w = cfg_clog2(c->dmem_bytes);
    c->dmem_blocks = (int)(c->dmem_bytes / c->block_bytes);
    c->dmem_block_addr_w = max1(cfg_clog2(c->dmem_blocks));
    c->imem_latency = 1;
    c->dmem_latency = 1;
    /* cfg_id: [3:0] log2 W, [7:4] log2 T, [11:8] TRACK, [16:12] log2 IMEM KiB,
     * [21:17] log2 DMEM KiB, [31:24] 0x53 ('S'). */
    c->cfg_id = (unsigned)c->warp_id_bits | (unsigned)c->lane_id_bits << 4 |
                (unsigned)c->track << 8 | (unsigned)cfg_clog2(c->imem_kib) << 12 |
                (unsigned)cfg_clog2(c->dmem_kib) << 17 | 0x53u << 24;
}

const char *cfg_track_name(enum simt_track t)
{
    return t == TRACK_ARBITER ? "arbiter" : "sorted";
}

const char *cfg_track_desc(enum simt_track t)
{
    return t == TRACK_ARBITER ? "per-thread PC arbiter" : "sorted path list";
}

static const char *const mutation_names[MUT_COUNT] = {
    "none", "drop-merge", "skip-mask-bit", "bad-order", "keep-exited", "extra-lane",
    "single-early", "bad-init", "heap-order", "absorb-drop", "lazy-swap",
    "coal-serve-twice", "coal-drop-held", "coal-skip-leader", "coal-no-bcast",
    "coal-skip-misaligned", "coal-lowest-wins", "coal-store-overtake", "coal-bad-offset",
    "fetch-skew", "bad-target", "yield-no-mark", "yield-no-unmark", "yield-no-read",
};

const char *cfg_mutation_name(enum simt_mutation u)
{
    return (unsigned)u < MUT_COUNT ? mutation_names[u] : "?";
}

int cfg_mutation_find(const char *name)
{
    for (int i = 0; i < MUT_COUNT; i++)
        if (strcmp(name, mutation_names[i]) == 0)
            return i;
    return -1;
}

const char *cfg_isa_name(const struct simt_cfg *c)
{
    static const char *const names[] = { "rv32i", "rv32im", "rv32ia", "rv32ima" };
    return names[!!c->isa_m + 2 * !!c->isa_a];
}

const char *cfg_sorter_name(enum simt_sorter s)
{
    return s == SORTER_LAZY ? "lazy" : "exact";
}

int cfg_lazy_stack(const struct simt_cfg *c)
{
    return c->track == TRACK_SORTED && c->t > 2 && c->sorter == SORTER_LAZY;
}

const char *cfg_ramstyle_name(enum simt_ramstyle s)
{
    switch (s) {
    case RAMSTYLE_BLOCK: return "block";
    case RAMSTYLE_DISTRIBUTED: return "distributed";
    case RAMSTYLE_LOGIC: return "logic";
    default: return "auto";
    }
}

void cfg_tag(const struct simt_cfg *c, char *buf, size_t len)
{
    char pipe[16] = "", sorter[16] = "", imem[16] = "", dmem[16] = "", ramstyle[16] = "";
    if (!c->arbpipe_auto)       /* _pipe for one cut, _pipe<k> otherwise */
        snprintf(pipe, sizeof pipe, c->arbpipe == 1 ? "_pipe" : "_pipe%d", c->arbpipe);
    if (!c->sorter_auto && c->track == TRACK_SORTED)
        snprintf(sorter, sizeof sorter, "_%s", cfg_sorter_name(c->sorter));
    if (c->imem_given)
        snprintf(imem, sizeof imem, "_I%d", c->imem_kib);
    if (c->dmem_given)
        snprintf(dmem, sizeof dmem, "_D%d", c->dmem_kib);
    if (c->ramstyle_given)
        snprintf(ramstyle, sizeof ramstyle, "_%s", cfg_ramstyle_name(c->ramstyle));
    /* the ISA's suffix: rv32im -> _im, rv32ia -> _ia, rv32ima -> _ima, rv32i -> none */
    const char *isa = cfg_isa_name(c) + strlen("rv32");
    snprintf(buf, len, "W%d_T%d_%s%s%s%s%s%s%s%s", c->w, c->t, cfg_track_name(c->track), pipe,
             sorter, isa[1] ? "_" : "", isa[1] ? isa : "", imem, dmem, ramstyle);
}

void cfg_args(const struct simt_cfg *c, char *buf, size_t len)
{
    size_t n = (size_t)snprintf(buf, len, "W=%d T=%d TRACK=%s", c->w, c->t, cfg_track_name(c->track));
    if (n < len && c->imem_kib != SIMTY_IMEM_KIB_DEFAULT)
        n += (size_t)snprintf(buf + n, len - n, " IMEM=%d", c->imem_kib);
    if (n < len && c->dmem_kib != SIMTY_DMEM_KIB_DEFAULT)
        n += (size_t)snprintf(buf + n, len - n, " DMEM=%d", c->dmem_kib);
    if (n < len && c->ramstyle != RAMSTYLE_AUTO)
        n += (size_t)snprintf(buf + n, len - n, " RAMSTYLE=%s", cfg_ramstyle_name(c->ramstyle));
    if (n < len && !c->arbpipe_auto)
        n += (size_t)snprintf(buf + n, len - n, " ARBPIPE=%d", c->arbpipe);
    if (n < len && !c->sorter_auto)
        n += (size_t)snprintf(buf + n, len - n, " SORTER=%s", cfg_sorter_name(c->sorter));
    if (n < len && (c->isa_m || c->isa_a))
        snprintf(buf + n, len - n, " ISA=%s", cfg_isa_name(c));
}

/* Strict decimal: digits only, no sign, no leading zero, no base prefix,
 * at most 9 digits.  Returns -1 if malformed. */
static long parse_dec(const char *s)
{
    long v = 0;
    size_t n = strlen(s);
    if (n == 0 || n > 9 || (s[0] == '0' && n > 1))
        return -1;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        v = v * 10 + (s[i] - '0');
    }
    return v;
}

static int is_pow2(long v) { return v > 0 && (v & (v - 1)) == 0; }

static int find_key(const char *arg, size_t klen)
{
    for (int k = 0; k < K_COUNT; k++)
        if (strlen(key_names[k]) == klen && strncmp(arg, key_names[k], klen) == 0)
            return k;
    return -1;
}

int cfg_is_param(const char *arg)
{
    const char *eq = strchr(arg, '=');
    return eq && arg[0] != '-' && find_key(arg, (size_t)(eq - arg)) >= 0;
}

int cfg_set(struct simt_cfg *c, const char *arg, unsigned *seen, char *err, size_t errlen)
{
    const char *eq = strchr(arg, '=');
    if (!eq || eq == arg) {
        snprintf(err, errlen, "%s: expected KEY=VALUE (keys: " KEY_LIST ")", arg);
        return -1;
    }
    int k = find_key(arg, (size_t)(eq - arg));
    const char *val = eq + 1;
    if (k < 0) {
        snprintf(err, errlen, "%s: unknown parameter (known: " KEY_LIST ")", arg);
        return -1;
    }
    if (*seen & (1u << k)) {
        snprintf(err, errlen, "%s: %s given twice", arg, key_names[k]);
        return -1;
    }
    *seen |= 1u << k;
    long v;
    switch (k) {
    case K_W:
    case K_T:
        v = parse_dec(val);
        if (v < 1 || v > CFG_WT_MAX || !is_pow2(v)) {
            snprintf(err, errlen, "%s: must be a power of two in [1,%d]", arg, CFG_WT_MAX);
            return -1;
        }
        if (k == K_W)
            c->w = (int)v;
        else
            c->t = (int)v;
        break;
    case K_IMEM:
    case K_DMEM:
        v = parse_dec(val);
        if (v < CFG_MEM_MIN_KIB || v > CFG_MEM_MAX_KIB || !is_pow2(v)) {
            snprintf(err, errlen, "%s: must be a power of two in [%d,%d] (KiB)", arg,
                     CFG_MEM_MIN_KIB, CFG_MEM_MAX_KIB);
            return -1;
        }
        if (k == K_IMEM) {
            c->imem_kib = (int)v;
            c->imem_given = 1;
        } else {
            c->dmem_kib = (int)v;
            c->dmem_given = 1;
        }
        break;
    case K_TRACK:
        if (strcmp(val, "sorted") == 0)
            c->track = TRACK_SORTED;
        else if (strcmp(val, "arbiter") == 0)
            c->track = TRACK_ARBITER;
        else {
            snprintf(err, errlen, "%s: must be sorted or arbiter", arg);
            return -1;
        }
        break;
    case K_ARBPIPE:
        if (strcmp(val, "auto") == 0) {
            c->arbpipe_auto = 1;
            break;
        }
        v = strcmp(val, "0") == 0 ? 0 : parse_dec(val);
        if (v < 0 || v > CFG_ARBPIPE_MAX) {
            snprintf(err, errlen, "%s: must be auto or 0..%d", arg, CFG_ARBPIPE_MAX);
            return -1;
        }
        c->arbpipe = (int)v;
        c->arbpipe_auto = 0;
        break;
    case K_SORTER:
        c->sorter_auto = strcmp(val, "auto") == 0;
        if (strcmp(val, "exact") == 0)
            c->sorter = SORTER_EXACT;
        else if (strcmp(val, "lazy") == 0)
            c->sorter = SORTER_LAZY;
        else if (!c->sorter_auto) {
            snprintf(err, errlen, "%s: must be auto, exact or lazy", arg);
            return -1;
        }
        break;
    case K_ISA:
        if (strcmp(val, "rv32i") && strcmp(val, "rv32im") && strcmp(val, "rv32ia") &&
            strcmp(val, "rv32ima")) {
            snprintf(err, errlen, "%s: must be rv32i, rv32im, rv32ia or rv32ima", arg);
            return -1;
        }
        c->isa_m = strchr(val + strlen("rv32i"), 'm') != NULL;
        c->isa_a = strchr(val + strlen("rv32i"), 'a') != NULL;
        break;
    case K_RAMSTYLE: {
        int found = 0;
        for (int s = RAMSTYLE_AUTO; s <= RAMSTYLE_LOGIC; s++)
            if (strcmp(val, cfg_ramstyle_name((enum simt_ramstyle)s)) == 0) {
                c->ramstyle = (enum simt_ramstyle)s;
                c->ramstyle_given = found = 1;
            }
        if (!found) {
            snprintf(err, errlen, "%s: must be auto, block, distributed or logic", arg);
            return -1;
        }
        break;
    }
    default:
        break;
    }
    return 0;
}

int cfg_parse(struct simt_cfg *c, int argc, char **argv, char *err, size_t errlen)
{
    unsigned seen = 0;
    cfg_defaults(c);
    for (int i = 0; i < argc; i++)
        if (cfg_set(c, argv[i], &seen, err, errlen) != 0)
            return -1;
    /* Cross-constraints.  A data block (4T bytes, at most 256) always fits
     * in DMEM (at least 1 KiB), so nothing else can fail today; new
     * constraints go here, before anything is emitted. */
    if ((long)c->dmem_kib * 1024 < 4L * c->t) {
        snprintf(err, errlen, "DMEM=%d: smaller than one data block of T=%d words", c->dmem_kib, c->t);
        return -1;
    }
    if (!c->arbpipe_auto && c->arbpipe > 0 && c->track != TRACK_ARBITER) {
        snprintf(err, errlen, "ARBPIPE=%d: needs TRACK=arbiter (the sorted list has no arbiter)",
                 c->arbpipe);
        return -1;
    }
    if (!c->arbpipe_auto && c->arbpipe > 1 && c->arbpipe > cfg_clog2(c->t)) {
        snprintf(err, errlen, "ARBPIPE=%d: at most %d with T=%d (a cut per level of the "
                 "reduction tree, log2 T = %d)", c->arbpipe, cfg_clog2(c->t) > 1 ? cfg_clog2(c->t) : 1,
                 c->t, cfg_clog2(c->t));
        return -1;
    }
    if (!c->sorter_auto && c->sorter == SORTER_LAZY && c->track != TRACK_SORTED) {
        snprintf(err, errlen, "SORTER=lazy: needs TRACK=sorted (the arbiter sorts nothing)");
        return -1;
    }
    cfg_derive(c);
    return 0;
}
