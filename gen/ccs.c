/*
 * ccs.c - simty_ccs: the single-cycle compact-sort unit of the sorted path
 * list.
 */
#include "path.h"

int gen_ccs(const struct simt_cfg *cfg, struct vmod *m)
{
    static const char *const in[3] = { "a_i", "b_i", "c_i" };
    static const char *const mid[3] = { "a2", "b2", "c2" };
    static const char *const out[3] = { "x_o", "y_o", "z_o" };
    char buf[512];
    int i;

    vm_describe(m, "Compact-sort (CCS): merges paths with equal PCs whatever their call depth "
                   "(the merged path keeps the deeper depth), then orders the three paths "
                   "x, y, z: valid first, deeper call depth first, then lower PC (MinSP-PC). "
                   "Parallel comparators and multiplexers, no sorting network.");
    vm_latency(m, "combinational");
    vm_localparam(m, "T", cfg->t, "threads per warp");
    path_lp(cfg, m);
    vm_group(m, "from the branch unit (a: fall-through or served, b: taken or replayed) "
                "and HCT2 (c)");
    for (i = 0; i < 3; i++)
        vm_port(m, VM_IN, in[i], "PATH_W", NULL);
    vm_group(m, "to HCT1 (x), HCT2 (y) and the CCT (z)");
    for (i = 0; i < 3; i++)
        vm_port(m, VM_OUT, out[i], "PATH_W", NULL);
    vm_port(m, VM_OUT, "xsel_o", "3", "the input x's PC comes from, one-hot {c, b, a}");
    vm_port(m, VM_OUT, "ysel_o", "3", "the input y's PC comes from");

    vm_comment(m, "Every comparison is made on the inputs, in parallel: PCs equal and less "
                  "than, depths greater than. The merged paths' order is derived from them.");
    {
        static const char *const pr[3][2] = { { "a", "b" }, { "a", "c" }, { "b", "c" } };
        for (i = 0; i < 3; i++) {
            const char *p = pr[i][0], *q = pr[i][1];
            snprintf(buf, sizeof buf, "e_%s%s", p, q);
            vm_wire(m, buf, "1", NULL);
            vm_assign(m, buf, "%s_i[P_PC +: 30] == %s_i[P_PC +: 30]", p, q);
            snprintf(buf, sizeof buf, "l_%s%s", p, q);
            vm_wire(m, buf, "1", i ? NULL : "PC of a below b's");
            /* --mutate=bad-order: the higher PC first */
            vm_assign(m, buf, "%s_i[P_PC +: 30] %s %s_i[P_PC +: 30]", p,
                      cfg->mutate == MUT_BAD_ORDER ? ">" : "<", q);
            snprintf(buf, sizeof buf, "l_%s%s", q, p);
            vm_wire(m, buf, "1", NULL);
            vm_assign(m, buf, "!l_%s%s && !e_%s%s", p, q, p, q);
            snprintf(buf, sizeof buf, "g_%s%s", p, q);
            vm_wire(m, buf, "1", i ? NULL : "depth of a above b's");
            vm_assign(m, buf, "%s_i[P_D +: 8] > %s_i[P_D +: 8]", p, q);
            snprintf(buf, sizeof buf, "g_%s%s", q, p);
            vm_wire(m, buf, "1", NULL);
            vm_assign(m, buf, "%s_i[P_D +: 8] > %s_i[P_D +: 8]", q, p);
        }
    }
    vm_wire(m, "ab", "1", "a and b are valid at one PC: they merge");
    vm_wire(m, "ac", "1", NULL);
    vm_wire(m, "bc", "1", NULL);
    if (cfg->mutate == MUT_DROP_MERGE || cfg->mutate == MUT_BAD_ORDER)
        vm_note(m, "TEST-ONLY MUTATION --mutate=%s (make formal must catch it)",
                cfg_mutation_name(cfg->mutate));
    /* --mutate=drop-merge: a and b at one PC stay two paths */
    vm_assign(m, "ab", cfg->mutate == MUT_DROP_MERGE ? "a_i[P_V] && b_i[P_V] && e_ab && 1'b0"
                                                     : "a_i[P_V] && b_i[P_V] && e_ab");
    vm_assign(m, "ac", "a_i[P_V] && c_i[P_V] && e_ac");
    vm_assign(m, "bc", "b_i[P_V] && c_i[P_V] && e_bc");
    vm_wire(m, "d_ab", "8", "the deeper depth of a and b");
    vm_wire(m, "d_abc", "8", NULL);
    vm_wire(m, "d_bc", "8", NULL);
    vm_assign(m, "d_ab", "ab && g_ba ? b_i[P_D +: 8] : a_i[P_D +: 8]");
    vm_assign(m, "d_abc", "ac && g_ca && (!ab || g_cb) ? c_i[P_D +: 8] : d_ab");
    vm_assign(m, "d_bc", "g_cb ? c_i[P_D +: 8] : b_i[P_D +: 8]");

    vm_comment(m, "Merge: a takes b and c when they share its PC; otherwise b takes c. A path "
                  "left invalid carries no threads: its mask is cleared here, beside the ranks, "
                  "so that the outputs are plain selections.");
    for (i = 0; i < 3; i++)
        vm_wire(m, mid[i], "PATH_W", NULL);
    vm_wire(m, "b2v", "1", NULL);
    vm_wire(m, "c2v", "1", NULL);
    vm_assign(m, "b2v", "b_i[P_V] && !ab");
    vm_assign(m, "c2v", "c_i[P_V] && !ac && !bc");
    vm_assign(m, "a2", "{a_i[P_V], d_abc, a_i[P_PC +: 30], "
                       "(a_i[P_V] ? a_i[T-1:0] : {T{1'b0}}) | (ab ? b_i[T-1:0] : {T{1'b0}}) | "
                       "(ac ? c_i[T-1:0] : {T{1'b0}})}");
    vm_assign(m, "b2", "{b2v, bc && !ab ? d_bc : b_i[P_D +: 8], b_i[P_PC +: 30], "
                       "b2v ? b_i[T-1:0] | (bc ? c_i[T-1:0] : {T{1'b0}}) : {T{1'b0}}}");
    vm_assign(m, "c2", "{c2v, c_i[P_D +: 8], c_i[P_PC +: 30], c2v ? c_i[T-1:0] : {T{1'b0}}}");

    vm_comment(m, "Depth order of the merged paths. Two valid merged paths never share a PC, "
                  "and while b2 is valid at most one of a, b took c.");
    vm_wire(m, "ga_b", "1", "a2 deeper than b2 (when both are valid)");
    vm_wire(m, "gb_a", "1", NULL);
    vm_wire(m, "ga_c", "1", NULL);
    vm_wire(m, "gc_a", "1", NULL);
    vm_assign(m, "ga_b", "ac ? g_ab || g_cb : bc ? g_ab && g_ac : g_ab");
    vm_assign(m, "gb_a", "ac ? g_ba && g_bc : bc ? g_ba || g_ca : g_ba");
    vm_assign(m, "ga_c", "g_ac || (ab && g_bc)");
    vm_assign(m, "gc_a", "g_ca && (!ab || g_cb)");

    vm_comment(m, "Sort: a rank per path from three comparisons; ties go to the earlier input, "
                  "so the ranks are a permutation.");
    vm_wire(m, "a_b", "1", "a before b (a wins ties)");
    vm_wire(m, "a_c", "1", NULL);
    vm_wire(m, "b_c", "1", NULL);
    vm_assign(m, "a_b", "!(b2[P_V] && (!a2[P_V] || gb_a || (!ga_b && l_ba)))");
    vm_assign(m, "a_c", "!(c2[P_V] && (!a2[P_V] || gc_a || (!ga_c && l_ca)))");
    vm_assign(m, "b_c", "!(c2[P_V] && (!b2[P_V] || g_cb || (!g_bc && l_cb)))");
    vm_wire(m, "rank_a", "2", "paths before a");
    vm_wire(m, "rank_b", "2", NULL);
    vm_assign(m, "rank_a", "{1'b0, !a_b} + {1'b0, !a_c}");
    vm_assign(m, "rank_b", "{1'b0, a_b} + {1'b0, !b_c}");
    vm_comment(m, "Each output selects with the one-hot of its rank (AND-OR).");
    vm_wire(m, "zsel", "3", NULL);
    vm_assign(m, "xsel_o", "{rank_a != 2'd0 && rank_b != 2'd0, rank_a != 2'd0 && rank_b == 2'd0, "
                           "rank_a == 2'd0}");
    vm_assign(m, "ysel_o", "{rank_a != 2'd1 && rank_b != 2'd1, rank_a != 2'd1 && rank_b == 2'd1, "
                           "rank_a == 2'd1}");
    vm_assign(m, "zsel", "{rank_a != 2'd2 && rank_b != 2'd2, rank_a != 2'd2 && rank_b == 2'd2, "
                         "rank_a == 2'd2}");
    vm_assign(m, "x_o", "({PATH_W{xsel_o[0]}} & a2) | ({PATH_W{xsel_o[1]}} & b2) | "
                        "({PATH_W{xsel_o[2]}} & c2)");
    vm_assign(m, "y_o", "({PATH_W{ysel_o[0]}} & a2) | ({PATH_W{ysel_o[1]}} & b2) | "
                        "({PATH_W{ysel_o[2]}} & c2)");
    vm_assign(m, "z_o", "({PATH_W{zsel[0]}} & a2) | ({PATH_W{zsel[1]}} & b2) | "
                        "({PATH_W{zsel[2]}} & c2)");
    return vm_status(m);
}
