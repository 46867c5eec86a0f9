/*
 * registry.c - the table of units (G3).  Order = order of files.f: leaves
 * first, the top last.
 */
#include "units.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int is_sorted(const struct simt_cfg *c) { return c->track == TRACK_SORTED; }
static int is_arbiter(const struct simt_cfg *c) { return c->track == TRACK_ARBITER; }
/* With T <= 2 a warp never has three paths: no CCT. */
static int has_m(const struct simt_cfg *c) { return c->isa_m; }
static int has_a(const struct simt_cfg *c) { return c->isa_a; }
static int has_yield(const struct simt_cfg *c) { return c->yield_w > 0; }
static int has_cct(const struct simt_cfg *c)
{
    return c->track == TRACK_SORTED && c->t > 2 && c->sorter == SORTER_LAZY;
}
static int has_cct_exact(const struct simt_cfg *c)
{
    return c->track == TRACK_SORTED && c->t > 2 && c->sorter == SORTER_EXACT;
}

const struct unit simty_units[] = {
    { "ram_1r1w", "simty_ram_1r1w", gen_ram_1r1w,
      "1R1W RAM, synchronous write and registered read; the block-RAM primitive every storage uses", NULL },
    { "ram_1r1w_be", "simty_ram_1r1w_be", gen_ram_1r1w_be,
      "1R1W RAM with byte write enables (data memory behind the data port on FPGA tops)", NULL },
    { "ram_1r1w_lut", "simty_ram_1r1w_lut", gen_ram_1r1w_lut,
      "1R1W RAM with asynchronous read, for small tables meant for LUT-RAM or flip-flops", NULL },
    { "ram_2r1w_lut", "simty_ram_2r1w_lut", gen_ram_2r1w_lut,
      "the same with a second asynchronous read port (branch predictor, fetch PCs)", NULL },
    { "keep", "simty_keep", gen_keep,
      "a wire kept as a synthesis boundary: a shared value built once, not copied into each reader", NULL },
    { "alu_lane", "simty_alu_lane", gen_alu_lane,
      "one RV32I ALU lane: add/sub/sll/slt/sltu/xor/srl/sra/or/and, combinational", NULL },
    { "fetch", "simty_fetch", gen_fetch,
      "fetch steering: per-warp next PC, credits, predicted jumps; instruction port", NULL },
    { "predecode", "simty_predecode", gen_predecode,
      "register fields, register-file ports, may it be followed, jump prediction", NULL },
    { "bpred", "simty_bpred", gen_bpred,
      "branch predictor: two-bit counters read in fetch, trained by resolved single-path branches", NULL },
    { "btb", "simty_btb", gen_btb,
      "indirect-jump target buffer: the last target of each jalr, for the others", NULL },
    { "sched", "simty_sched", gen_sched,
      "per-warp instruction queues and scheduler: readiness a cycle ahead, hazard record, round robin", NULL },
    { "rf", "simty_rf", gen_rf,
      "banked register file (2 banks by warp parity, 1R1W RAM per lane), two-cycle collect", NULL },
    { "exec", "simty_exec", gen_exec,
      "decode, T ALU lanes, CSRs, branch conditions, call-depth hints", NULL },
    { "ccs", "simty_ccs", gen_ccs,
      "compact-sort: merge equal PCs, order three paths by depth then PC", is_sorted },
    { "cct", "simty_cct", gen_cct,
      "cold context table: per-warp path stack with its lazy insertion sorter (SORTER=lazy)", has_cct },
    { "cct_exact", "simty_cct_exact", gen_cct_exact,
      "cold context table as a pipelined heap per warp: its root is always the minimum (SORTER=exact)",
      has_cct_exact },
    { "yield", "simty_yield", gen_yield,
      "forward progress: per-warp count of a head's back jumps, when it yields (ISA with A)", has_yield },
    { "path_sorted", "simty_path_sorted", gen_path_sorted,
      "sorted path list: HCT1, HCT2, CCS, CCT (TRACK=sorted)", is_sorted },
    { "path_arbiter", "simty_path_arbiter", gen_path_arbiter,
      "per-thread PCs and a MinSP-PC reduction tree (TRACK=arbiter)", is_arbiter },
    { "branch", "simty_branch", gen_branch,
      "branch unit: path split, indirect-jump serialization, call depth, traps", NULL },
    { "coalesce", "simty_coalesce", gen_coalesce,
      "memory coalescer: leader-follower passes, byte enables, address traps", NULL },
    { "gather", "simty_gather", gen_gather,
      "gather: word broadcast, sub-word extraction and sign extension", NULL },
    { "mdu_lane", "simty_mdu_lane", gen_mdu_lane,
      "one RV32M lane: 4-stage multiplier on 17 x 17 partial products, radix-2 divider (ISA=rv32im)", has_m },
    { "mdu", "simty_mdu", gen_mdu,
      "RV32M unit: T lanes, pipelined multiplies, one shared iterative divide (ISA=rv32im)", has_m },
    { "resv", "simty_resv", gen_resv,
      "lr.w / sc.w reservations: a word per warp, a valid bit per thread (ISA=rv32ia, rv32ima)", has_a },
    { "top", "simty_core", gen_top,
      "the core: pipeline registers, reset sequence, memory and trace ports", NULL },
};
const int simty_nunits = (int)(sizeof simty_units / sizeof simty_units[0]);

const struct unit *unit_find(const char *name)
{
    for (int i = 0; i < simty_nunits; i++)
        if (strcmp(simty_units[i].name, name) == 0)
            return &simty_units[i];
    return NULL;
}

int units_generate(const struct simt_cfg *c, const char *only, struct vmod ***mods, int *n,
                   char *err, size_t errlen)
{
    struct vmod **v = calloc((size_t)simty_nunits, sizeof *v);
    int k = 0;
    if (!v) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (only && !unit_find(only)) {
        snprintf(err, errlen, "--only=%s: no such unit (see --list)", only);
        free(v);
        return -1;
    }
    int rc = 0;
    for (int i = 0; i < simty_nunits && rc == 0; i++) {
        const struct unit *u = &simty_units[i];
        if ((only && strcmp(only, u->name) != 0) || (u->applies && !u->applies(c)))
            continue;
        struct vmod *m = vm_new(c, u->module);
        if (!m) {
            snprintf(err, errlen, "out of memory");
            rc = -1;
            break;
        }
        v[k++] = m;
        if (vm_status(m) != 0 || u->gen(c, m) != 0 || vm_check(m) != 0) {
            snprintf(err, errlen, "unit %s: %s", u->name,
                     *vm_error(m) ? vm_error(m) : "generator failed");
            rc = -1;
        }
    }
    if (rc == 0)
        rc = vm_check_design(v, k, only != NULL, err, errlen);
    if (rc != 0) {
        for (int i = 0; i < k; i++)
            vm_free(v[i]);
        free(v);
        return -1;
    }
    *mods = v;
    *n = k;
    return 0;
}
