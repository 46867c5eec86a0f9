/*
 * path_arbiter.c - simty_path_arbiter: per-thread PCs and a min-reduction
 * tree (TRACK=arbiter), behind the same ports as simty_path_sorted.
 */
#include "path.h"

int gen_path_arbiter(const struct simt_cfg *cfg, struct vmod *m)
{
    struct vinst *in;
    struct vblock *b;
    int t = cfg->t, lvl, i, n;
    char name[32], lf[32], rt[32];
    const char *tree_in = cfg->arbpipe ? "st_p_q" : "st_new";

    vm_describe(m, "Arbiter path tracker (TRACK=arbiter): per warp one RAM row holding every "
                   "thread's state {alive, call depth, PC}. Membership (issue + 4): the active "
                   "lanes are the live threads whose PC equals the instruction's, whatever their "
                   "depth (they run together at the deepest of their depths, as a merged path "
                   "would). Resolve (issue + 5): the threads of path a take a's PC and depth, "
                   "those of b take b's, exiting and trapping threads die; a reduction tree over "
                   "the updated row picks the deepest call depth, then the lowest PC (MinSP-PC), "
                   "as the next PC of the warp. The same order as the sorted list, without the "
                   "list: the cost is a wide RAM row and a tree of T - 1 comparators.");
    if (cfg->arbpipe)
        vm_latency(m, "state read at issue + 3; x combinational at issue + 6 (ARBPIPE=1: the "
                      "updated row is registered before the reduction tree)");
    else
        vm_latency(m, "state read at issue + 3; x combinational at issue + 5");
    vm_localparam(m, "T", t, "threads per warp");
    vm_localparam(m, "WARP_W", cfg->warp_id_w, "max(1, log2(W = %d))", cfg->w);
    vm_localparam(m, "TS_W", 39, "thread state: {alive, depth[7:0], pc[29:0]}");
    path_lp(cfg, m);
    vm_port(m, VM_IN, "clk_i", "1", NULL);
    vm_port(m, VM_IN, "rst_i", "1", NULL);
    vm_port(m, VM_IN, "init_i", "1", "reset sequence: every thread alive at start_pc_i");
    vm_port(m, VM_IN, "init_wid_i", "WARP_W", NULL);
    vm_port(m, VM_IN, "start_pc_i", "30", NULL);
    vm_group(m, "execute (issue + 3): read the warp's thread states");
    vm_port(m, VM_IN, "ex_wid_i", "WARP_W", NULL);
    vm_group(m, "membership (issue + 4)");
    vm_port(m, VM_IN, "mb_wid_i", "WARP_W", "(unused: the row was read at issue + 3)");
    vm_port(m, VM_IN, "mb_pc_i", "30", NULL);
    vm_port(m, VM_OUT, "mb_active_o", "T", NULL);
    vm_port(m, VM_OUT_REG, "mb_depth_o", "8", "deepest depth among the active threads");
    vm_port(m, VM_OUT, "mb_h1_o", "PATH_W", "the active path (trace)");
    vm_group(m, "resolve (issue + 5)");
    vm_port(m, VM_IN, "m_valid_i", "1", NULL);
    vm_port(m, VM_IN, "m_wid_i", "WARP_W", NULL);
    vm_port(m, VM_IN, "m_a_i", "PATH_W", NULL);
    vm_port(m, VM_IN, "m_b_i", "PATH_W", NULL);
    vm_port(m, VM_IN, "m_leave_i", "T", "lanes that exited or trapped");
    vm_port(m, VM_OUT, "m_c_o", "PATH_W", "(no second path: invalid)");
    vm_port(m, VM_OUT, "m_x_o", "PATH_W", cfg->arbpipe ? "the next PC, its depth and the threads "
             "there, one cycle after m_valid_i" : "the next PC, its depth and the threads there");
    vm_port(m, VM_OUT, "m_y_o", "PATH_W", "(invalid)");
    vm_port(m, VM_OUT, "m_z_o", "PATH_W", "(invalid)");

    vm_wire(m, "st_mb", "TS_W*T", "the warp's thread states at membership");
    vm_reg(m, "st_m_q", "TS_W*T", "the same at resolve");
    vm_reg(m, "st_new", "TS_W*T", "after the pass");
    in = vm_inst(m, "simty_ram_1r1w", "u_threads");
    vm_inst_param(in, "DEPTH_W", "WARP_W");
    vm_inst_param(in, "DATA_W", "TS_W*T");
    vm_inst_conn(in, "clk_i", "clk_i");
    vm_inst_conn(in, "we_i", "init_i || m_valid_i");
    vm_inst_conn(in, "waddr_i", "init_i ? init_wid_i : m_wid_i");
    vm_inst_conn(in, "wdata_i", "init_i ? {T{1'b1, 8'd0, start_pc_i}} : st_new");
    vm_inst_conn(in, "re_i", "1'b1");
    vm_inst_conn(in, "raddr_i", "ex_wid_i");
    vm_inst_conn(in, "rdata_o", "st_mb");

    vm_comment(m, "Membership: live threads at the instruction's PC; they run at their deepest depth.");
    vm_reg(m, "act", "T", NULL);
    vm_integer(m, "l");
    b = vm_comb(m, "membership");
    vb_default(b, "act", "{T{1'b0}}");
    vb_default(b, "mb_depth_o", "8'd0");
    vb_for(b, "l", "0", "T");
    vb_set(b, "act[l]", "st_mb[TS_W*l + 38] && st_mb[TS_W*l +: 30] == mb_pc_i");
    vb_if(b, "act[l] && st_mb[TS_W*l + 30 +: 8] > mb_depth_o");
    vb_set(b, "mb_depth_o", "st_mb[TS_W*l + 30 +: 8]");
    vb_end(b);
    vb_end(b);
    vm_assign(m, "mb_active_o", "act");
    vm_assign(m, "mb_h1_o", "{|act, mb_depth_o, mb_pc_i, act}");
    b = vm_seq(m, "resolve");
    vb_set(b, "st_m_q", "st_mb");

    vm_comment(m, "Update: a's threads to a, b's to b, the leaving ones die.");
    b = vm_comb(m, "update");
    vb_default(b, "st_new", "st_m_q");
    vb_for(b, "l", "0", "T");
    vb_if(b, "m_a_i[l]");
    vb_set(b, "st_new[TS_W*l +: TS_W]", "{1'b1, m_a_i[P_D +: 8], m_a_i[P_PC +: 30]}");
    vb_elif(b, "m_b_i[l]");
    vb_set(b, "st_new[TS_W*l +: TS_W]", "{1'b1, m_b_i[P_D +: 8], m_b_i[P_PC +: 30]}");
    vb_elif(b, "m_leave_i[l]");
    vb_set(b, "st_new[TS_W*l + 38]", "1'b0");
    vb_end(b);
    vb_end(b);

    if (cfg->arbpipe) {
        vm_reg(m, "st_p_q", "TS_W*T", "the updated row, input of the reduction tree (ARBPIPE=1)");
        b = vm_seq(m, "tree_stage");
        vb_set(b, "st_p_q", "st_new");
    }
    vm_comment(m, "Reduction tree: at each node the left thread wins if it is alive and the "
                  "right one is not, or it is deeper, or as deep with a PC no higher.");
    /* level 0 = the lanes; each level halves */
    for (i = 0; i < t; i++) {
        snprintf(name, sizeof name, "n0_%d", i);
        vm_wire(m, name, "TS_W", NULL);
        vm_assign(m, name, "%s[%d +: TS_W]", tree_in, 39 * i);
    }
    for (lvl = 1, n = t / 2; n >= 1; lvl++, n /= 2) {
        for (i = 0; i < n; i++) {
            snprintf(name, sizeof name, "n%d_%d", lvl, i);
            snprintf(lf, sizeof lf, "n%d_%d", lvl - 1, 2 * i);
            snprintf(rt, sizeof rt, "n%d_%d", lvl - 1, 2 * i + 1);
            vm_wire(m, name, "TS_W", NULL);
            vm_assign(m, name, "%s[38] && (!%s[38] || %s[37:30] > %s[37:30] || "
                               "(%s[37:30] == %s[37:30] && %s[29:0] <= %s[29:0])) ? %s : %s",
                      lf, rt, lf, rt, lf, rt, lf, rt, lf, rt);
        }
    }
    snprintf(name, sizeof name, "n%d_0", lvl - 1);
    vm_wire(m, "win", "TS_W", "the winning thread state");
    vm_assign(m, "win", "%s", name);
    vm_reg(m, "xmask", "T", "threads at the winning PC");
    b = vm_comb(m, "next_path");
    vb_default(b, "xmask", "{T{1'b0}}");
    vb_for(b, "l", "0", "T");
    vb_set(b, "xmask[l]", "%s[TS_W*l + 38] && %s[TS_W*l +: 30] == win[29:0]", tree_in, tree_in);
    vb_end(b);
    vm_assign(m, "m_x_o", "{win[38], win[37:30], win[29:0], xmask}");
    vm_assign(m, "m_c_o", "{PATH_W{1'b0}}");
    vm_assign(m, "m_y_o", "{PATH_W{1'b0}}");
    vm_assign(m, "m_z_o", "{PATH_W{1'b0}}");
    vm_wire(m, "unused_ports", "1", NULL);
    vm_assign(m, "unused_ports", "^{rst_i, mb_wid_i, m_a_i[P_V], m_b_i[P_V]}");
    return vm_status(m);
}
