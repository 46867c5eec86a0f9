/*
 * sched.c - simty_sched: instruction buffer and scheduler.
 */
#include "units.h"

int gen_sched(const struct simt_cfg *cfg, struct vmod *m)
{
    struct vblock *b;
    int nb = cfg->rf_banks_impl;
    int bk;

    vm_describe(m, "Instruction buffer and scheduler. One buffer slot per warp (its contents "
                   "in a RAM read at issue; the resources it needs in flip-flops). A warp is "
                   "ready when its slot is full, it is alive, it has no instruction in flight "
                   "(the previous one resolved its path at issue + 5, or wrote its load result "
                   "at issue + 7) and its register-file bank has the read ports (issue + 1, "
                   "issue + 2) and the write port (issue + 5 or issue + 7) it needs: a "
                   "reservation shift register per bank keeps them apart. Loose round-robin "
                   "among ready warps.");
    vm_latency(m, "issue is combinational; the collect-0 outputs are registered");
    vm_note(m, "The buffer is filled only when empty (the front end ensures it), so a "
               "refill and an issue of one warp never meet.");
    vm_localparam(m, "W", cfg->w, "warps");
    vm_localparam(m, "WARP_W", cfg->warp_id_w, "max(1, log2(W))");
    vm_localparam(m, "NB", nb, "register-file banks (1 when W = 1)");
    vm_port(m, VM_IN, "clk_i", "1", NULL);
    vm_port(m, VM_IN, "rst_i", "1", NULL);
    vm_port(m, VM_IN, "init_i", "1", "reset sequence: nothing issues; every warp becomes alive");
    vm_group(m, "refill from predecode (stage f2)");
    vm_port(m, VM_IN, "rf_valid_i", "1", NULL);
    vm_port(m, VM_IN, "rf_wid_i", "WARP_W", NULL);
    vm_port(m, VM_IN, "rf_pc_i", "30", NULL);
    vm_port(m, VM_IN, "rf_insn_i", "32", NULL);
    vm_port(m, VM_IN, "rf_fault_i", "1", "fetch access fault");
    vm_port(m, VM_IN, "rf_rs1_i", "5", NULL);
    vm_port(m, VM_IN, "rf_rs2_i", "5", NULL);
    vm_port(m, VM_IN, "rf_use1_i", "1", NULL);
    vm_port(m, VM_IN, "rf_use2_i", "1", NULL);
    vm_port(m, VM_IN, "rf_walu_i", "1", NULL);
    vm_port(m, VM_IN, "rf_load_i", "1", NULL);
    vm_port(m, VM_IN, "buf_valid_i", "W", "buffer slots holding an instruction (fetch)");
    vm_group(m, "resolve (issue + 5) and load write-back (issue + 7)");
    vm_port(m, VM_IN, "res_valid_i", "1", NULL);
    vm_port(m, VM_IN, "res_wid_i", "WARP_W", NULL);
    vm_port(m, VM_IN, "res_alive_i", "1", "the warp still has a path");
    vm_port(m, VM_IN, "res_load_i", "1", "a load: in flight until its write-back");
    vm_port(m, VM_IN, "wb_valid_i", "1", NULL);
    vm_port(m, VM_IN, "wb_wid_i", "WARP_W", NULL);
    vm_group(m, "issue (combinational: empties the buffer slot)");
    vm_port(m, VM_OUT_REG, "iss_valid_o", "1", NULL);
    vm_port(m, VM_OUT_REG, "iss_wid_o", "WARP_W", NULL);
    vm_group(m, "to operand collection (collect 0 = issue + 1)");
    vm_port(m, VM_OUT_REG, "c0_valid_o", "1", NULL);
    vm_port(m, VM_OUT_REG, "c0_wid_o", "WARP_W", NULL);
    vm_port(m, VM_OUT, "c0_pc_o", "30", NULL);
    vm_port(m, VM_OUT, "c0_insn_o", "32", NULL);
    vm_port(m, VM_OUT, "c0_fault_o", "1", NULL);
    vm_port(m, VM_OUT, "c0_rs1_o", "5", NULL);
    vm_port(m, VM_OUT, "c0_rs2_o", "5", NULL);
    vm_port(m, VM_OUT_REG, "c0_use2_o", "1", NULL);
    vm_group(m, "status");
    vm_port(m, VM_OUT, "alive_o", "W", "warps with live threads");
    vm_port(m, VM_OUT, "idle_o", "1", "nothing alive, nothing in flight");

    vm_reg(m, "alive_q", "W", NULL);
    vm_reg(m, "inflight_q", "W", "an instruction between issue and resolution");
    vm_reg(m, "use1_q", "W", "needs of the buffered instruction, per warp");
    vm_reg(m, "use2_q", "W", NULL);
    vm_reg(m, "walu_q", "W", NULL);
    vm_reg(m, "load_q", "W", NULL);
    vm_reg(m, "rres_q", "2*NB", "bank b: bit 2b+k-1 = read port busy at now + k");
    vm_reg(m, "wres_q", "7*NB", "bank b: bit 7b+k-1 = write port busy at now + k");
    if (cfg->w > 1)
        vm_reg(m, "rr_q", "WARP_W", "round-robin start");

    vm_comment(m, "Buffer contents {rs2, rs1, fault, insn, pc}, read at issue.");
    vm_wire(m, "buf_rdata", "73", NULL);
    {
        struct vinst *in = vm_inst(m, "simty_ram_1r1w", "u_buf");
        vm_inst_param(in, "DEPTH_W", "WARP_W");
        vm_inst_param(in, "DATA_W", "73");
        vm_inst_conn(in, "clk_i", "clk_i");
        vm_inst_conn(in, "we_i", "rf_valid_i");
        vm_inst_conn(in, "waddr_i", "rf_wid_i");
        vm_inst_conn(in, "wdata_i", "{rf_rs2_i, rf_rs1_i, rf_fault_i, rf_insn_i, rf_pc_i}");
        vm_inst_conn(in, "re_i", "1'b1");
        vm_inst_conn(in, "raddr_i", "iss_wid_o");
        vm_inst_conn(in, "rdata_o", "buf_rdata");
    }
    vm_assign(m, "c0_pc_o", "buf_rdata[29:0]");
    vm_assign(m, "c0_insn_o", "buf_rdata[61:30]");
    vm_assign(m, "c0_fault_o", "buf_rdata[62]");
    vm_assign(m, "c0_rs1_o", "buf_rdata[67:63]");
    vm_assign(m, "c0_rs2_o", "buf_rdata[72:68]");

    vm_reg(m, "ready", "W", "warps that may issue now");
    vm_integer(m, "w");
    b = vm_comb(m, "qualify");
    vb_default(b, "ready", "{W{1'b0}}");
    vb_for(b, "w", "0", "W");
    if (nb == 2)
        vb_set(b, "ready[w]", "buf_valid_i[w] && alive_q[w] && !inflight_q[w] && !init_i && "
                              "!(use1_q[w] && rres_q[2*(w%%2)]) && !(use2_q[w] && rres_q[2*(w%%2)+1]) && "
                              "!(walu_q[w] && wres_q[7*(w%%2)+4]) && !(load_q[w] && wres_q[7*(w%%2)+6])");
    else
        vb_set(b, "ready[w]", "buf_valid_i[w] && alive_q[w] && !inflight_q[w] && !init_i && "
                              "!(use1_q[w] && rres_q[0]) && !(use2_q[w] && rres_q[1]) && "
                              "!(walu_q[w] && wres_q[4]) && !(load_q[w] && wres_q[6])");
    vb_end(b);

    if (cfg->w > 1) {
        vm_comment(m, "Round robin: the first ready warp at or after rr_q.");
        vm_integer(m, "k");
        b = vm_comb(m, "select");
        vb_default(b, "iss_valid_o", "1'b0");
        vb_default(b, "iss_wid_o", "rr_q");
        vb_for(b, "k", "0", "W");
        vb_if(b, "!iss_valid_o && ready[k[WARP_W-1:0] + rr_q]");
        vb_set(b, "iss_valid_o", "1'b1");
        vb_set(b, "iss_wid_o", "k[WARP_W-1:0] + rr_q");
        vb_end(b);
        vb_end(b);
    } else {
        b = vm_comb(m, "select");
        vb_default(b, "iss_valid_o", "ready[0]");
        vb_default(b, "iss_wid_o", "1'b0");
    }

    b = vm_seq(m, "state");
    vb_if(b, "init_i");
    vb_set(b, "alive_q", "{W{1'b1}}");
    vb_end(b);
    vb_if(b, "rf_valid_i");
    vb_set(b, "use1_q[rf_wid_i]", "rf_use1_i");
    vb_set(b, "use2_q[rf_wid_i]", "rf_use2_i");
    vb_set(b, "walu_q[rf_wid_i]", "rf_walu_i");
    vb_set(b, "load_q[rf_wid_i]", "rf_load_i");
    vb_end(b);
    for (bk = 0; bk < nb; bk++) {
        vb_if(b, "iss_valid_o%s", nb == 2 ? (bk ? " && iss_wid_o[0]" : " && !iss_wid_o[0]") : "");
        vb_set(b, nb == 2 ? (bk ? "rres_q[3:2]" : "rres_q[1:0]") : "rres_q",
               "(%s | {use2_q[iss_wid_o], use1_q[iss_wid_o]}) >> 1",
               nb == 2 ? (bk ? "rres_q[3:2]" : "rres_q[1:0]") : "rres_q");
        vb_set(b, nb == 2 ? (bk ? "wres_q[13:7]" : "wres_q[6:0]") : "wres_q",
               "(%s | {load_q[iss_wid_o], 1'b0, walu_q[iss_wid_o], 4'b0000}) >> 1",
               nb == 2 ? (bk ? "wres_q[13:7]" : "wres_q[6:0]") : "wres_q");
        vb_else(b);
        vb_set(b, nb == 2 ? (bk ? "rres_q[3:2]" : "rres_q[1:0]") : "rres_q", "%s >> 1",
               nb == 2 ? (bk ? "rres_q[3:2]" : "rres_q[1:0]") : "rres_q");
        vb_set(b, nb == 2 ? (bk ? "wres_q[13:7]" : "wres_q[6:0]") : "wres_q", "%s >> 1",
               nb == 2 ? (bk ? "wres_q[13:7]" : "wres_q[6:0]") : "wres_q");
        vb_end(b);
    }
    vb_set(b, "c0_valid_o", "iss_valid_o");
    vb_set(b, "c0_wid_o", "iss_wid_o");
    vb_set(b, "c0_use2_o", "use2_q[iss_wid_o]");
    vb_if(b, "iss_valid_o");
    if (cfg->w > 1)
        vb_set(b, "rr_q", "iss_wid_o + 1'b1");
    vb_set(b, "inflight_q[iss_wid_o]", "1'b1");
    vb_end(b);
    vb_if(b, "res_valid_i");
    vb_set(b, "alive_q[res_wid_i]", "res_alive_i");
    vb_if(b, "!res_load_i");
    vb_set(b, "inflight_q[res_wid_i]", "1'b0");
    vb_end(b);
    vb_end(b);
    vb_if(b, "wb_valid_i");
    vb_set(b, "inflight_q[wb_wid_i]", "1'b0");
    vb_end(b);
    vb_reset(b, "alive_q", "{W{1'b0}}");
    vb_reset(b, "inflight_q", "{W{1'b0}}");
    if (cfg->w > 1)
        vb_reset(b, "rr_q", "{WARP_W{1'b0}}");
    vb_reset(b, "c0_valid_o", "1'b0");
    vb_reset(b, "rres_q", "{2*NB{1'b0}}");
    vb_reset(b, "wres_q", "{7*NB{1'b0}}");
    vm_assign(m, "alive_o", "alive_q");
    vm_assign(m, "idle_o", "!init_i && alive_q == {W{1'b0}} && inflight_q == {W{1'b0}}");
    return vm_status(m);
}
