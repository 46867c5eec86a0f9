/*
 * keep.c - simty_keep: a wire that synthesis keeps as a boundary.
 *
 * A value computed once and read by every lane (the gather's extended
 * leader word, for one) is cheap as one shared cone plus a LUT per reader.
 * A technology mapper that looks for the shallowest cover may instead copy
 * the whole cone into every reader's wide LUT: at T = 16 that tripled the
 * gather.  Passing the value through this module, which keeps its hierarchy
 * (Yosys keep_hierarchy; nextpnr flattens it on import), leaves one copy.
 * It adds no logic and no delay beyond the cone it protects.
 */
#include "units.h"

#include <stdio.h>

int gen_keep(const struct simt_cfg *c, struct vmod *m)
{
    (void)c;
    vm_describe(m, "A W-bit wire kept as a hierarchy boundary in synthesis, so that a value "
                   "shared by many readers is built once instead of being copied into each "
                   "reader's LUTs.");
    vm_latency(m, "combinational (a wire)");
    vm_mod_attr(m, "keep_hierarchy");
    vm_param(m, "W", "1", "width in bits");
    vm_port(m, VM_IN, "d_i", "W", NULL);
    vm_port(m, VM_OUT, "q_o", "W", NULL);
    vm_assign(m, "q_o", "d_i");
    return vm_status(m);
}

/* Instance `inst` of simty_keep: q = d, `width` bits wide (q declared by the caller). */
void keep_wire(struct vmod *m, const char *inst, const char *width, const char *d, const char *q)
{
    struct vinst *in = vm_inst(m, "simty_keep", inst);
    vm_inst_param(in, "W", "%s", width);
    vm_inst_conn(in, "d_i", "%s", d);
    vm_inst_conn(in, "q_o", "%s", q);
}

/* Kept copies of a register read by every lane: one per group of LANE_GROUP lanes
 * when T > LANE_GROUP (`reg`_c0, `reg`_c1, ...; declared here, loaded with `d` in one
 * kept block, so synthesis neither merges them nor with another register of the same
 * value), so that each copy is placed among its own lanes. Returns the number of
 * copies, 0 when T <= LANE_GROUP (the caller's single register serves every lane).
 * make test's lane-copies check synthesizes W2T16's register file and finds them apart. */
int lane_copies(struct vmod *m, int t, const char *reg, const char *width, const char *d,
                const char *what)
{
    int n = t > LANE_GROUP ? (t + LANE_GROUP - 1) / LANE_GROUP : 0;
    char name[64];
    struct vblock *b;

    if (!n)
        return 0;
    for (int k = 0; k < n; k++) {
        snprintf(name, sizeof name, "%s_c%d", reg, k);
        vm_reg(m, name, width, k ? NULL : what);
    }
    b = vm_seq(m, "per-group copies");
    vb_attr(b, "keep");
    for (int k = 0; k < n; k++) {
        snprintf(name, sizeof name, "%s_c%d", reg, k);
        vb_set(b, name, "%s", d);
    }
    return n;
}

/* What lane `l` (a loop variable) reads of `reg``sel` (sel: a part select or ""):
 * "(l < 8 ? r_c0[..] : l < 16 ? r_c1[..] : r_c2[..])", constant once the loop is
 * unrolled; `reg``sel` itself when there are no copies (n = 0).  An expression that
 * does not fit in buf fails the module (vm_fail) rather than print cut short. */
const char *lane_copy(struct vmod *m, char *buf, size_t len, int n, const char *reg,
                      const char *sel)
{
    size_t at = 0;

    if (!n)
        at = (size_t)snprintf(buf, len, "%s%s", reg, sel);
    else {
        at += (size_t)snprintf(buf + at, len - at, "(");
        for (int k = 0; k < n - 1 && at < len; k++)
            at += (size_t)snprintf(buf + at, len - at, "l < %d ? %s_c%d%s : ",
                                   (k + 1) * LANE_GROUP, reg, k, sel);
        if (at < len)
            at += (size_t)snprintf(buf + at, len - at, "%s_c%d%s)", reg, n - 1, sel);
    }
    if (at >= len)
        vm_fail(m, "lane_copy: %s's copies need more than %zu characters", reg, len);
    return buf;
}

/* The per-lane spread of lane_copies' n copies for a T-bit port, lane l reading its
 * group's copy: "{{8{reg_c3sel}}, {8{reg_c2sel}}, {8{reg_c1sel}}, {8{reg_c0sel}}}"
 * (sel: a bit select or ""). An expression that does not fit in buf fails the module. */
const char *lane_spread(struct vmod *m, char *buf, size_t len, int n, const char *reg,
                        const char *sel)
{
    size_t at = (size_t)snprintf(buf, len, "{");

    for (int k = n - 1; k >= 0 && at < len; k--)
        at += (size_t)snprintf(buf + at, len - at, "{%d{%s_c%d%s}}%s", LANE_GROUP, reg, k, sel,
                               k ? ", " : "}");
    if (at >= len)
        vm_fail(m, "lane_spread: %s's copies need more than %zu characters", reg, len);
    return buf;
}
