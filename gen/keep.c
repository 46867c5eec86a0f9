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
