/*
 * path_sorted.c - simty_path_sorted: the sorted path list (TRACK=sorted).
 */
#include "path.h"

int gen_path_sorted(const struct simt_cfg *cfg, struct vmod *m)
{
    struct vinst *in;
    int has_cct = cfg->t > 2;

    vm_describe(m, "Sorted path list (TRACK=sorted): HCT1 holds each warp's head path (the one "
                   "executing), HCT2 the second, the CCT the rest%s. Membership (issue + 4): "
                   "the instruction's active lanes are the head path's mask when the PCs agree. "
                   "Resolve (issue + 5): the CCS merges and sorts the branch unit's a and b with "
                   "HCT2's c into x, y, z; HCT1 takes x, whose PC redirects the front end; y "
                   "and z go to the CCT, which refills HCT2 at issue + 6.",
                has_cct ? "" : " (no CCT: with T <= 2 a warp never has three paths)");
    vm_latency(m, "HCT1 read at issue + 3, HCT2 at issue + 4; x combinational at issue + 5");
    vm_localparam(m, "T", cfg->t, "threads per warp");
    vm_localparam(m, "WARP_W", cfg->warp_id_w, "max(1, log2(W = %d))", cfg->w);
    path_lp(cfg, m);
    vm_port(m, VM_IN, "clk_i", "1", NULL);
    vm_port(m, VM_IN, "rst_i", "1", NULL);
    vm_port(m, VM_IN, "init_i", "1", "reset sequence: every warp gets one path");
    vm_port(m, VM_IN, "init_wid_i", "WARP_W", "warp initialised this cycle");
    vm_port(m, VM_IN, "start_pc_i", "30", NULL);
    vm_group(m, "execute (issue + 3): read the head path");
    vm_port(m, VM_IN, "ex_wid_i", "WARP_W", NULL);
    vm_group(m, "membership (issue + 4)");
    vm_port(m, VM_IN, "mb_wid_i", "WARP_W", NULL);
    vm_port(m, VM_IN, "mb_pc_i", "30", NULL);
    vm_port(m, VM_OUT, "mb_active_o", "T", "lanes executing the instruction");
    vm_port(m, VM_OUT, "mb_depth_o", "8", "their call depth");
    vm_port(m, VM_OUT, "mb_h1_o", "PATH_W", "the head path (trace)");
    vm_group(m, "resolve (issue + 5)");
    vm_port(m, VM_IN, "m_valid_i", "1", NULL);
    vm_port(m, VM_IN, "m_wid_i", "WARP_W", NULL);
    vm_port(m, VM_IN, "m_a_i", "PATH_W", NULL);
    vm_port(m, VM_IN, "m_b_i", "PATH_W", NULL);
    vm_port(m, VM_IN, "m_leave_i", "T", "lanes that exited or trapped (unused here)");
    vm_port(m, VM_OUT, "m_c_o", "PATH_W", "HCT2's path (trace)");
    vm_port(m, VM_OUT, "m_x_o", "PATH_W", "the next head path: redirect");
    vm_port(m, VM_OUT, "m_y_o", "PATH_W", "(trace)");
    vm_port(m, VM_OUT, "m_z_o", "PATH_W", "(trace)");

    vm_wire(m, "h1", "PATH_W", "HCT1 entry of the warp at membership");
    in = vm_inst(m, "simty_ram_1r1w", "u_hct1");
    vm_inst_param(in, "DEPTH_W", "WARP_W");
    vm_inst_param(in, "DATA_W", "PATH_W");
    vm_inst_conn(in, "clk_i", "clk_i");
    vm_inst_conn(in, "we_i", "init_i || m_valid_i");
    vm_inst_conn(in, "waddr_i", "init_i ? init_wid_i : m_wid_i");
    vm_inst_conn(in, "wdata_i", "init_i ? {1'b1, 8'd0, start_pc_i, {T{1'b1}}} : m_x_o");
    vm_inst_conn(in, "re_i", "1'b1");
    vm_inst_conn(in, "raddr_i", "ex_wid_i");
    vm_inst_conn(in, "rdata_o", "h1");
    vm_assign(m, "mb_h1_o", "h1");
    vm_assign(m, "mb_active_o", "h1[P_V] && h1[P_PC +: 30] == mb_pc_i ? h1[T-1:0] : {T{1'b0}}");
    vm_assign(m, "mb_depth_o", "h1[P_D +: 8]");

    vm_reg(m, "g_valid_q", "1", "HCT2 write at issue + 6");
    vm_reg(m, "g_wid_q", "WARP_W", NULL);
    vm_wire(m, "h2_wdata", "PATH_W", NULL);
    in = vm_inst(m, "simty_ram_1r1w", "u_hct2");
    vm_inst_param(in, "DEPTH_W", "WARP_W");
    vm_inst_param(in, "DATA_W", "PATH_W");
    vm_inst_conn(in, "clk_i", "clk_i");
    vm_inst_conn(in, "we_i", "init_i || g_valid_q");
    vm_inst_conn(in, "waddr_i", "init_i ? init_wid_i : g_wid_q");
    vm_inst_conn(in, "wdata_i", "init_i ? {PATH_W{1'b0}} : h2_wdata");
    vm_inst_conn(in, "re_i", "1'b1");
    vm_inst_conn(in, "raddr_i", "mb_wid_i");
    vm_inst_conn(in, "rdata_o", "m_c_o");

    in = vm_inst(m, "simty_ccs", "u_ccs");
    vm_inst_conn(in, "a_i", "m_a_i");
    vm_inst_conn(in, "b_i", "m_b_i");
    vm_inst_conn(in, "c_i", "m_c_o");
    vm_inst_conn(in, "x_o", "m_x_o");
    vm_inst_conn(in, "y_o", "m_y_o");
    vm_inst_conn(in, "z_o", "m_z_o");

    if (has_cct) {
        in = vm_inst(m, "simty_cct", "u_cct");
        vm_inst_conn(in, "clk_i", "clk_i");
        vm_inst_conn(in, "rst_i", "rst_i");
        vm_inst_conn(in, "m_valid_i", "m_valid_i");
        vm_inst_conn(in, "m_wid_i", "m_wid_i");
        vm_inst_conn(in, "y_i", "m_y_o");
        vm_inst_conn(in, "z_i", "m_z_o");
        vm_inst_conn(in, "h2_o", "h2_wdata");
    } else {
        vm_reg(m, "g_y_q", "PATH_W", NULL);
        vm_assign(m, "h2_wdata", "g_y_q");
    }
    {
        struct vblock *b = vm_seq(m, "hct2_write");
        vb_set(b, "g_valid_q", "m_valid_i");
        vb_set(b, "g_wid_q", "m_wid_i");
        if (!has_cct)
            vb_set(b, "g_y_q", "m_y_o");
        vb_reset(b, "g_valid_q", "1'b0");
    }
    vm_wire(m, "unused_leave", "1", "the sorted list learns exits from the masks");
    vm_assign(m, "unused_leave", "^m_leave_i");
    return vm_status(m);
}
