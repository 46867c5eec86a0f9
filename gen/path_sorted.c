/*
 * path_sorted.c - simty_path_sorted: the sorted path list (TRACK=sorted).
 */
#include "path.h"

int gen_path_sorted(const struct simt_cfg *cfg, struct vmod *m)
{
    struct vinst *in;
    int has_cct = cfg->t > 2;
    int exact = has_cct && cfg->sorter == SORTER_EXACT;

    vm_describe(m, "Sorted path list (TRACK=sorted): HCT1 holds each warp's head path (the one "
                   "executing), HCT2 the second, the CCT the rest%s. Membership (issue + 5): "
                   "the instruction's active lanes are the head path's threads (the scheduler "
                   "issues only instructions of the head path). Resolve (issue + 7): the CCS "
                   "merges and sorts the branch unit's a and b with HCT2's c into x, y, z, "
                   "registered. Stage r (issue + 8): HCT1 takes x, whose PC redirects the front "
                   "end; y and z go to the CCT, which refills HCT2 at issue + 9.",
                has_cct ? "" : " (no CCT: with T <= 2 a warp never has three paths)");
    vm_latency(m, "HCT1 read at issue + 4, HCT2 at issue + 6; x, y, z registered at issue + 8");
    vm_localparam(m, "W", cfg->w, "warps");
    vm_localparam(m, "T", cfg->t, "threads per warp");
    vm_localparam(m, "WARP_W", cfg->warp_id_w, "max(1, log2(W = %d))", cfg->w);
    vm_localparam(m, "INIT_W", cfg->rf_row_w, "reset-sequence counter");
    path_lp_width(cfg, m);
    vm_localparam(m, "P_V", cfg->t + 38, "T + 38: valid bit of a path");
    vm_localparam(m, "P_D", cfg->t + 30, "T + 30: lsb of the call depth");
    vm_port(m, VM_IN, "clk_i", "1", NULL);
    vm_port(m, VM_IN, "rst_i", "1", NULL);
    vm_port(m, VM_IN, "init_i", "1", "reset sequence: every warp gets one path");
    vm_port(m, VM_IN, "init_wid_i", "WARP_W", "warp initialised this cycle");
    vm_port(m, VM_IN, "init_row_i", "INIT_W", "reset-sequence counter (clears the exact CCT)");
    vm_port(m, VM_IN, "start_pc_i", "30", NULL);
    vm_group(m, "execute (issue + 4): read the head path");
    vm_port(m, VM_IN, "ex_wid_i", "WARP_W", NULL);
    vm_group(m, "membership (issue + 5)");
    vm_port(m, VM_OUT, "mb_active_o", "T", "lanes executing the instruction");
    vm_port(m, VM_OUT, "mb_depth_o", "8", "their call depth");
    vm_group(m, "split (issue + 6): read the second path");
    vm_port(m, VM_IN, "n_wid_i", "WARP_W", NULL);
    vm_group(m, "resolve (issue + 7)");
    vm_port(m, VM_IN, "m_valid_i", "1", NULL);
    vm_port(m, VM_IN, "m_wid_i", "WARP_W", NULL);
    vm_port(m, VM_IN, "m_a_i", "PATH_W", NULL);
    vm_port(m, VM_IN, "m_b_i", "PATH_W", NULL);
    vm_port(m, VM_IN, "m_leave_i", "T", "lanes that exited or trapped (unused here)");
    vm_group(m, "stage r (issue + 8)");
    vm_port(m, VM_OUT, "r_c_o", "PATH_W", "HCT2's path at resolve (trace)");
    vm_port(m, VM_OUT, "r_x_o", "PATH_W", "the next head path: redirect");
    vm_port(m, VM_OUT, "r_y_o", "PATH_W", "(trace)");
    vm_port(m, VM_OUT, "r_z_o", "PATH_W", "(trace)");
    vm_port(m, VM_OUT, "r_single_o", "1", "the warp is left with one path");
    vm_port(m, VM_OUT, "hold_o", "W", "warps that may not issue next cycle (exact CCT)");

    vm_reg(m, "r_valid_q", "1", "stage r");
    vm_reg(m, "r_wid_q", "WARP_W", NULL);
    vm_reg(m, "r_c_q", "PATH_W", NULL);
    vm_reg(m, "r_x_q", "PATH_W", NULL);
    vm_reg(m, "r_y_q", "PATH_W", NULL);
    vm_reg(m, "r_z_q", "PATH_W", NULL);
    vm_wire(m, "h1", "PATH_W", "HCT1 entry of the warp at membership");
    in = vm_inst(m, "simty_ram_1r1w", "u_hct1");
    vm_inst_param(in, "DEPTH_W", "WARP_W");
    vm_inst_param(in, "DATA_W", "PATH_W");
    vm_inst_conn(in, "clk_i", "clk_i");
    vm_inst_conn(in, "we_i", "init_i || r_valid_q");
    vm_inst_conn(in, "waddr_i", "init_i ? init_wid_i : r_wid_q");
    vm_inst_conn(in, "wdata_i", "init_i ? {1'b1, 8'd0, start_pc_i, {T{1'b1}}} : r_x_q");
    vm_inst_conn(in, "re_i", "1'b1");
    vm_inst_conn(in, "raddr_i", "ex_wid_i");
    vm_inst_conn(in, "rdata_o", "h1");
    vm_assign(m, "mb_active_o", "h1[P_V] ? h1[T-1:0] : {T{1'b0}}");
    vm_assign(m, "mb_depth_o", "h1[P_D +: 8]");

    vm_reg(m, "g_valid_q", "1", "HCT2 write at issue + 9");
    vm_reg(m, "g_wid_q", "WARP_W", NULL);
    vm_wire(m, "h2_wdata", "PATH_W", NULL);
    vm_wire(m, "c", "PATH_W", "HCT2 entry of the warp at resolve");
    in = vm_inst(m, "simty_ram_1r1w", "u_hct2");
    vm_inst_param(in, "DEPTH_W", "WARP_W");
    vm_inst_param(in, "DATA_W", "PATH_W");
    vm_inst_conn(in, "clk_i", "clk_i");
    vm_inst_conn(in, "we_i", "init_i || g_valid_q");
    vm_inst_conn(in, "waddr_i", "init_i ? init_wid_i : g_wid_q");
    vm_inst_conn(in, "wdata_i", "init_i ? {PATH_W{1'b0}} : h2_wdata");
    vm_inst_conn(in, "re_i", "1'b1");
    vm_inst_conn(in, "raddr_i", "n_wid_i");
    vm_inst_conn(in, "rdata_o", "c");

    vm_wire(m, "x", "PATH_W", NULL);
    vm_wire(m, "y", "PATH_W", NULL);
    vm_wire(m, "z", "PATH_W", NULL);
    in = vm_inst(m, "simty_ccs", "u_ccs");
    vm_inst_conn(in, "a_i", "m_a_i");
    vm_inst_conn(in, "b_i", "m_b_i");
    vm_inst_conn(in, "c_i", "c");
    vm_inst_conn(in, "x_o", "x");
    vm_inst_conn(in, "y_o", "y");
    vm_inst_conn(in, "z_o", "z");
    {
        struct vblock *b = vm_seq(m, "ccs_result");
        vb_set(b, "r_valid_q", "m_valid_i");
        vb_set(b, "r_wid_q", "m_wid_i");
        vb_set(b, "r_c_q", "c");
        vb_set(b, "r_x_q", "x");
        vb_set(b, "r_y_q", "y");
        vb_set(b, "r_z_q", "z");
        vb_reset(b, "r_valid_q", "1'b0");
    }
    vm_assign(m, "r_c_o", "r_c_q");
    vm_assign(m, "r_x_o", "r_x_q");
    vm_assign(m, "r_y_o", "r_y_q");
    vm_assign(m, "r_z_o", "r_z_q");

    if (exact) {
        vm_wire(m, "cct_empty", "1", NULL);
        in = vm_inst(m, "simty_cct_exact", "u_cct");
        vm_inst_conn(in, "clk_i", "clk_i");
        vm_inst_conn(in, "rst_i", "rst_i");
        vm_inst_conn(in, "init_i", "init_i");
        vm_inst_conn(in, "init_row_i", "init_row_i");
        vm_inst_conn(in, "n_wid_i", "n_wid_i");
        vm_inst_conn(in, "m_valid_i", "r_valid_q");
        vm_inst_conn(in, "m_wid_i", "r_wid_q");
        vm_inst_conn(in, "y_i", "r_y_q");
        vm_inst_conn(in, "z_i", "r_z_q");
        vm_inst_conn(in, "empty_o", "cct_empty");
        vm_inst_conn(in, "h2_o", "h2_wdata");
        vm_inst_conn(in, "hold_o", "hold_o");
        vm_assign(m, "r_single_o", "!r_y_q[P_V] && cct_empty");
    } else if (has_cct) {
        vm_wire(m, "cct_empty", "1", NULL);
        in = vm_inst(m, "simty_cct", "u_cct");
        vm_inst_conn(in, "clk_i", "clk_i");
        vm_inst_conn(in, "rst_i", "rst_i");
        vm_inst_conn(in, "m_valid_i", "r_valid_q");
        vm_inst_conn(in, "m_wid_i", "r_wid_q");
        vm_inst_conn(in, "y_i", "r_y_q");
        vm_inst_conn(in, "z_i", "r_z_q");
        vm_inst_conn(in, "empty_o", "cct_empty");
        vm_inst_conn(in, "h2_o", "h2_wdata");
        vm_assign(m, "r_single_o", "!r_y_q[P_V] && cct_empty");
    } else {
        vm_reg(m, "g_y_q", "PATH_W", NULL);
        vm_assign(m, "h2_wdata", "g_y_q");
        vm_assign(m, "r_single_o", "!r_y_q[P_V]");
    }
    {
        struct vblock *b = vm_seq(m, "hct2_write");
        vb_set(b, "g_valid_q", "r_valid_q");
        vb_set(b, "g_wid_q", "r_wid_q");
        if (!has_cct)
            vb_set(b, "g_y_q", "r_y_q");
        vb_reset(b, "g_valid_q", "1'b0");
    }
    vm_wire(m, "unused_leave", "1", "the sorted list learns exits from the masks");
    vm_assign(m, "unused_leave", exact ? "^m_leave_i" : "^m_leave_i ^ ^init_row_i");
    if (!exact)
        vm_assign(m, "hold_o", "{W{1'b0}}");
    return vm_status(m);
}
