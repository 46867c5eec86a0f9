/*
 * fetch.c - simty_fetch: fetch steering and the instruction port.
 */
#include "units.h"
#include "simty_map.h"

int gen_fetch(const struct simt_cfg *cfg, struct vmod *m)
{
    struct vblock *b;
    char lit[32];
    int w1 = cfg->w == 1;

    vm_describe(m, "Fetch steering and fetch. Per warp: the next fetch PC, a buffer-slot valid "
                   "bit with the slot's PC, and at most one fetch in flight. Steering picks, "
                   "round robin, a live warp whose slot is empty and that has no fetch in flight, "
                   "sends its PC to the instruction port and guesses PC + 4 for its next fetch; "
                   "when predecode predicts a jump (jal, a backward branch), the cycle after "
                   "the data (f3) sets the warp's next fetch PC to the target instead. "
                   "The resolve stage redirects a warp to its next path PC: when neither the "
                   "slot nor the fetch in flight holds that PC they are dropped and the warp "
                   "refetches from it. An instruction that went on to PC + 4 with "
                   "the same threads to where it was predicted to go never redirects: the fetch "
                   "stream is already past it, and "
                   "the instructions behind it may have issued. Fetches outside instruction memory do not reach the port: "
                   "they carry an access fault to the scheduler instead.");
    vm_latency(m, "instruction port latency 1: request registered in f1, data in f2");
    vm_localparam(m, "W", cfg->w, "warps");
    vm_localparam(m, "WARP_W", cfg->warp_id_w, "max(1, log2(W))");
    vm_localparam(m, "IMEM_AW", cfg->imem_addr_w, "log2(IMEM words = %d)", cfg->imem_words);
    snprintf(lit, sizeof lit, "%d'h%x", 30 - cfg->imem_addr_w,
             ((unsigned)SIMTY_IMEM_BASE >> 2) >> cfg->imem_addr_w);
    vm_localparam_lit(m, "IMEM_TAG", 30 - cfg->imem_addr_w, lit, "IMEM word base >> IMEM_AW");
    vm_port(m, VM_IN, "clk_i", "1", NULL);
    vm_port(m, VM_IN, "rst_i", "1", NULL);
    vm_port(m, VM_IN, "init_i", "1", "reset sequence: load start_pc_i, fetch nothing");
    vm_port(m, VM_IN, "start_pc_i", "30", "word PC every thread starts at");
    vm_port(m, VM_IN, "alive_i", "W", "warps with live threads");
    vm_group(m, "from the scheduler: an issue empties the slot");
    vm_port(m, VM_IN, "iss_valid_i", "1", NULL);
    vm_port(m, VM_IN, "iss_wid_i", "WARP_W", NULL);
    vm_group(m, "from the resolve stage (issue + 8)");
    vm_port(m, VM_IN, "redir_valid_i", "1", NULL);
    vm_port(m, VM_IN, "redir_wid_i", "WARP_W", NULL);
    vm_port(m, VM_IN, "redir_pc_i", "30", "the warp's next path PC");
    vm_port(m, VM_IN, "redir_alive_i", "1", "the warp still has a path");
    vm_port(m, VM_IN, "redir_seq_i", "1", "the instruction went where it was predicted to go "
                                          "with the same threads");
    vm_group(m, "instruction port (latency 1)");
    vm_port(m, VM_OUT_REG, "imem_req_o", "1", NULL);
    vm_port(m, VM_OUT_REG, "imem_addr_o", "32", "byte address");
    vm_port(m, VM_IN, "imem_rdata_i", "32", "the word requested the cycle before");
    vm_group(m, "to predecode and the buffer slot (f2)");
    vm_port(m, VM_OUT, "rf_valid_o", "1", NULL);
    vm_port(m, VM_OUT, "rf_wid_o", "WARP_W", NULL);
    vm_port(m, VM_OUT, "rf_pc_o", "30", NULL);
    vm_port(m, VM_OUT, "rf_insn_o", "32", NULL);
    vm_port(m, VM_OUT, "rf_fault_o", "1", NULL);
    vm_port(m, VM_OUT, "buf_valid_o", "W", "buffer slots holding an instruction");
    vm_group(m, "from predecode (f2)");
    vm_port(m, VM_IN, "pred_i", "1", "the instruction is predicted to jump");
    vm_port(m, VM_IN, "off_i", "30", "to rf_pc_o + off_i");

    vm_sig_depth(vm_reg(m, "fetch_pc_q", "30", "next fetch PC per warp"), "W");
    vm_sig_depth(vm_reg(m, "bpc_q", "30", "PC of the instruction in the slot"), "W");
    vm_reg(m, "pend_q", "W", "a fetch in flight");
    vm_reg(m, "bvalid_q", "W", "the slot holds an instruction");
    if (!w1)
        vm_reg(m, "rr_q", "WARP_W", "round-robin start");
    vm_reg(m, "f1_valid_q", "1", "fetch stage 1: the request");
    vm_reg(m, "f1_wid_q", "WARP_W", NULL);
    vm_reg(m, "f1_pc_q", "30", NULL);
    vm_reg(m, "f1_fault_q", "1", NULL);
    vm_reg(m, "f2_valid_q", "1", "fetch stage 2: the data");
    vm_reg(m, "f2_wid_q", "WARP_W", NULL);
    vm_reg(m, "f2_pc_q", "30", NULL);
    vm_reg(m, "f2_fault_q", "1", NULL);
    vm_reg(m, "f3_valid_q", "1", "f3: a predicted jump went to the slot");
    vm_reg(m, "f3_wid_q", "WARP_W", NULL);
    vm_reg(m, "f3_pc_q", "30", NULL);
    vm_reg(m, "f3_off_q", "30", NULL);

    vm_comment(m, "Steering: the first eligible warp at or after rr_q.");
    vm_wire(m, "elig", "W", NULL);
    vm_reg(m, "sel_valid", "1", NULL);
    vm_reg(m, "sel", "WARP_W", NULL);
    vm_assign(m, "elig", "alive_i & ~bvalid_q & ~pend_q & {W{!init_i}}");
    b = vm_comb(m, "steer");
    if (w1) {
        vb_default(b, "sel_valid", "elig[0]");
        vb_default(b, "sel", "1'b0");
    } else {
        vm_integer(m, "k");
        vb_default(b, "sel_valid", "1'b0");
        vb_default(b, "sel", "rr_q");
        vb_for(b, "k", "0", "W");
        vb_if(b, "!sel_valid && elig[k[WARP_W-1:0] + rr_q]");
        vb_set(b, "sel_valid", "1'b1");
        vb_set(b, "sel", "k[WARP_W-1:0] + rr_q");
        vb_end(b);
        vb_end(b);
    }
    vm_wire(m, "sel_pc", "30", NULL);
    vm_wire(m, "sel_in_imem", "1", NULL);
    vm_assign(m, "sel_pc", "fetch_pc_q[sel]");
    vm_assign(m, "sel_in_imem", "sel_pc[29:IMEM_AW] == IMEM_TAG");

    vm_comment(m, "Redirect: is the new PC already in the slot, in flight, or being fetched?");
    vm_wire(m, "held", "1", NULL);
    vm_wire(m, "kill", "1", "drop the warp's slot and fetch; refetch from redir_pc_i");
    vm_assign(m, "held", "(bvalid_q[redir_wid_i] && bpc_q[redir_wid_i] == redir_pc_i) || "
                         "(f1_valid_q && f1_wid_q == redir_wid_i && f1_pc_q == redir_pc_i) || "
                         "(f2_valid_q && f2_wid_q == redir_wid_i && f2_pc_q == redir_pc_i) || "
                         "(sel_valid && sel == redir_wid_i && fetch_pc_q[redir_wid_i] == redir_pc_i)");
    vm_assign(m, "kill", "redir_valid_i && !(redir_alive_i && (held || redir_seq_i))");

    vm_integer(m, "w");
    b = vm_seq(m, "fetch");
    vb_if(b, "init_i");
    vb_for(b, "w", "0", "W");
    vb_set(b, "fetch_pc_q[w]", "start_pc_i");
    vb_end(b);
    vb_end(b);
    vb_set(b, "f1_valid_q", "sel_valid && !(kill && sel == redir_wid_i)");
    vb_set(b, "f1_wid_q", "sel");
    vb_set(b, "f1_pc_q", "sel_pc");
    vb_set(b, "f1_fault_q", "!sel_in_imem");
    vb_set(b, "imem_req_o", "sel_valid && sel_in_imem");
    vb_set(b, "imem_addr_o", "{sel_pc, 2'b00}");
    vb_if(b, "sel_valid");
    if (!w1)
        vb_set(b, "rr_q", "sel + 1'b1");
    vb_set(b, "fetch_pc_q[sel]", "sel_pc + 30'd1");
    vb_set(b, "pend_q[sel]", "1'b1");
    vb_end(b);
    vb_set(b, "f2_valid_q", "f1_valid_q && !(kill && f1_wid_q == redir_wid_i)");
    vb_set(b, "f2_wid_q", "f1_wid_q");
    vb_set(b, "f2_pc_q", "f1_pc_q");
    vb_set(b, "f2_fault_q", "f1_fault_q");
    vb_if(b, "f2_valid_q");
    vb_set(b, "pend_q[f2_wid_q]", "1'b0");
    vb_if(b, "!(kill && f2_wid_q == redir_wid_i)");
    vb_set(b, "bvalid_q[f2_wid_q]", "1'b1");
    vb_set(b, "bpc_q[f2_wid_q]", "f2_pc_q");
    vb_end(b);
    vb_end(b);
    vb_if(b, "iss_valid_i");
    vb_set(b, "bvalid_q[iss_wid_i]", "1'b0");
    vb_end(b);
    vm_comment(m, "A predicted jump: the warp's next fetch comes from the target. The warp "
                  "cannot be steered before (its slot is full in f3), and a redirect wins.");
    vb_set(b, "f3_valid_q", "rf_valid_o && pred_i");
    vb_set(b, "f3_wid_q", "f2_wid_q");
    vb_set(b, "f3_pc_q", "f2_pc_q");
    vb_set(b, "f3_off_q", "off_i");
    vb_if(b, "f3_valid_q");
    vb_set(b, "fetch_pc_q[f3_wid_q]", "f3_pc_q + f3_off_q");
    vb_end(b);
    vb_if(b, "kill");
    vb_set(b, "fetch_pc_q[redir_wid_i]", "redir_pc_i");
    vb_set(b, "bvalid_q[redir_wid_i]", "1'b0");
    vb_set(b, "pend_q[redir_wid_i]", "1'b0");
    vb_end(b);
    vb_reset(b, "pend_q", "{W{1'b0}}");
    vb_reset(b, "bvalid_q", "{W{1'b0}}");
    if (!w1)
        vb_reset(b, "rr_q", "{WARP_W{1'b0}}");
    vb_reset(b, "f1_valid_q", "1'b0");
    vb_reset(b, "f2_valid_q", "1'b0");
    vb_reset(b, "f3_valid_q", "1'b0");
    vb_reset(b, "imem_req_o", "1'b0");

    vm_assign(m, "rf_valid_o", "f2_valid_q && !(kill && f2_wid_q == redir_wid_i)");
    vm_assign(m, "rf_wid_o", "f2_wid_q");
    vm_assign(m, "rf_pc_o", "f2_pc_q");
    vm_assign(m, "rf_insn_o", "f2_fault_q ? 32'h0000_0000 : imem_rdata_i");  /* no stale word */
    vm_assign(m, "rf_fault_o", "f2_fault_q");
    vm_assign(m, "buf_valid_o", "bvalid_q");
    return vm_status(m);
}
