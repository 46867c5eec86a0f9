/*
 * top.c - simty_core: the pipeline that connects every unit.  This file holds
 * the core's interface and reset sequence; the pipeline is in top_issue.c
 * (fetch to register file) and top_exec.c (execute to stage r).
 */
#include "top.h"

int gen_top(const struct simt_cfg *cfg, struct vmod *m)
{
    struct vblock *b;

    vm_describe(m, "Simty core: %d warps x %d threads, %s. Stages, for an instruction issued "
                   "at t: fetch steering, fetch, predecode (before t), issue (t), collect "
                   "(t+1 .. t+3: rs1 read, rs2 read, both registered), execute (t+4), membership "
                   "and leader search (t+5), split, coalescing and ALU write-back (t+6), "
                   "resolve: data request and path update (t+7), stage r: redirect, release and "
                   "trace (t+%d), gather (t+8: the block registered), extraction (t+9: the lanes' load values "
                   "registered), load write-back (t+10, from flip-flops). A warp with a single path may issue its next instruction "
                   "before the previous ones resolve, on the guess that they go where predecode "
                   "predicted (PC + 4, a jal's target, a backward branch's target) with the same threads; the resolve stage squashes what was issued on a "
                   "wrong guess before it writes anything, so correctness does not depend on W. After reset a sequencer clears the register file and "
                   "sets up the path tables (init_o high) before the first fetch.",
                cfg->w, cfg->t, cfg_track_desc(cfg->track), 7 + cfg->res_lat);
    vm_latency(m, "instruction and data ports: latency 1 (request registered, data the next "
                  "cycle); reset sequence %d cycles", cfg->rf_rows);
    vm_note(m, "Reset: synchronous, active high, on control state only (valid bits, "
               "pointers, counters); datapath registers and RAMs are not reset, the RAMs "
               "are cleared by the reset sequence instead.");
    vm_note(m, "Trace ports (trc_*, trl_*) report every resolved pass and every load "
               "write-back for the simulation harness; an FPGA top leaves them open.");
    vm_localparam(m, "W", cfg->w, "warps");
    vm_localparam(m, "T", cfg->t, "threads per warp");
    vm_localparam(m, "WARP_W", cfg->warp_id_w, "max(1, log2(W))");
    vm_localparam(m, "LANE_W", cfg->lane_id_w, "max(1, log2(T))");
    vm_localparam(m, "BP_W", cfg->bp_w, "log2(branch-predictor counters)");
    vm_localparam(m, "ROW_W", cfg->rf_row_w, "register-file row address: 5 + log2(W / banks)");
    vm_localparam(m, "OFF_W", cfg->block_off_bits, "log2(4 * T): byte offset in a data block");
    if (cfg->isa_a)
        vm_localparam(m, "DMEM_AW", cfg->dmem_addr_w, "log2(DMEM bytes = %ld)", cfg->dmem_bytes);
    path_lp_width(cfg, m);
    vm_localparam(m, "P_V", cfg->t + 38, "T + 38: valid bit of a path");
    vm_localparam(m, "P_PC", cfg->t, "T: lsb of a path's word PC");

    vm_port(m, VM_IN, "clk_i", "1", NULL);
    vm_port(m, VM_IN, "rst_i", "1", "synchronous, active high");
    vm_port(m, VM_IN, "start_pc_i", "32", "entry point of every thread (stable from reset on)");
    vm_port(m, VM_OUT, "init_o", "1", "reset sequence running");
    vm_port(m, VM_OUT, "done_o", "1", "every thread has ended");
    vm_group(m, "instruction port: latency 1");
    vm_port(m, VM_OUT, "imem_req_o", "1", NULL);
    vm_port(m, VM_OUT, "imem_addr_o", "32", "byte address");
    vm_port(m, VM_IN, "imem_rdata_i", "32", "the word requested the cycle before");
    vm_group(m, "data port: one block of T words per request, latency 1");
    vm_port(m, VM_OUT_REG, "dmem_req_o", "1", NULL);
    vm_port(m, VM_OUT_REG, "dmem_we_o", "1", "store (else load)");
    vm_port(m, VM_OUT_REG, "dmem_addr_o", "32", "block address, aligned to 4T bytes");
    vm_port(m, VM_OUT, "dmem_wstrb_o", "4*T", "byte enables, word i in bits 4i+3..4i");
    vm_port(m, VM_OUT, "dmem_wdata_o", "32*T", "word i in bits 32i+31..32i (both from the "
            "coalescer's registers, one multiplexer after them)");
    vm_port(m, VM_OUT_REG, "dmem_wid_o", "WARP_W", "warp of the request");
    vm_port(m, VM_OUT_REG, "dmem_lane_o", "LANE_W", "leader lane (owner of a sub-word or console access)");
    /* every core has them, 0 without A, so that one memory serves every core */
    vm_port(m, cfg->isa_a ? VM_OUT_REG : VM_OUT, "dmem_rmw_o", "1", "an amo (A; else 0): "
            "write amo(old, data), return old; none the 2 next cycles");
    vm_port(m, cfg->isa_a ? VM_OUT_REG : VM_OUT, "dmem_amo_o", "5", "its funct5 (RISC-V encoding)");
    vm_port(m, VM_IN, "dmem_rdata_i", "32*T", "the block requested the cycle before");
    vm_group(m, "trace: one resolved pass (stage r)");
    vm_port(m, VM_OUT, "trc_valid_o", "1", NULL);
    vm_port(m, VM_OUT, "trc_wid_o", "WARP_W", NULL);
    vm_port(m, VM_OUT, "trc_pc_o", "32", NULL);
    vm_port(m, VM_OUT, "trc_insn_o", "32", NULL);
    vm_port(m, VM_OUT, "trc_exec_o", "T", "lanes that executed in this pass");
    vm_port(m, VM_OUT, "trc_trap_o", "T", NULL);
    vm_port(m, VM_OUT, "trc_cause_o", "4*T", NULL);
    vm_port(m, VM_OUT, "trc_exit_o", "T", NULL);
    vm_port(m, VM_OUT, "trc_wen_o", "1", "rd written in this pass (not loads)");
    vm_port(m, VM_OUT, "trc_rd_o", "5", NULL);
    vm_port(m, VM_OUT, "trc_value_o", "32*T", "rd values");
    vm_port(m, VM_OUT, "trc_addr_o", "32*T", "load/store addresses, exit codes");
    vm_port(m, VM_OUT, "trc_sdata_o", "32*T", "store data");
    vm_port(m, VM_OUT, "trc_a_o", "PATH_W", "paths: {valid, depth, pc, mask}");
    vm_port(m, VM_OUT, "trc_b_o", "PATH_W", NULL);
    vm_port(m, VM_OUT, "trc_h1_o", "PATH_W", NULL);
    vm_port(m, VM_OUT, "trc_c_o", "PATH_W", NULL);
    vm_port(m, VM_OUT, "trc_x_o", "PATH_W", NULL);
    vm_port(m, VM_OUT, "trc_y_o", "PATH_W", NULL);
    vm_port(m, VM_OUT, "trc_z_o", "PATH_W", NULL);
    vm_port(m, VM_OUT, "trc_yield_o", "1", "the head path yielded (forward progress; 0 without A)");
    vm_group(m, "trace: one load write-back (after its pass's stage r)");
    vm_port(m, VM_OUT, "trl_valid_o", "1", NULL);
    vm_port(m, VM_OUT, "trl_wid_o", "WARP_W", NULL);
    vm_port(m, VM_OUT, "trl_rd_o", "5", NULL);
    vm_port(m, VM_OUT, "trl_mask_o", "T", NULL);
    vm_port(m, VM_OUT, "trl_data_o", "32*T", NULL);

    /* ---- reset sequence ---- */
    vm_comment(m, "Reset sequence: 2^ROW_W cycles clearing register-file rows; the first W "
                  "also set up each warp's path.");
    vm_reg(m, "init_cnt_q", "ROW_W+1", NULL);
    vm_reg(m, "cycle_q", "64", "the cycle CSR");
    vm_wire(m, "init", "1", NULL);
    vm_assign(m, "init", "!init_cnt_q[ROW_W]");
    vm_assign(m, "init_o", "init");
    b = vm_seq(m, "init");
    vb_if(b, "init");
    vb_set(b, "init_cnt_q", "init_cnt_q + 1'b1");
    vb_end(b);
    vb_set(b, "cycle_q", "cycle_q + 64'd1");
    vb_zero(b, "init_cnt_q");
    vb_zero(b, "cycle_q");
    vm_comment(m, "Copies of init for the scheduler and fetch, whose issue and steering picks "
                  "it gates: one flip-flop fanning out to the whole core was their longest path. "
                  "Fetch has two: one loads the start PC into every warp's PC, one gates the "
                  "steering pick.");
    for (int i = 0; i < 3; i++) {
        static const char *const q_[] = { "init_s_q", "init_f_q", "init_p_q" };
        static const char *const what[] = { "the scheduler", "fetch's PCs", "fetch's pick" };
        const char *q = q_[i];
        char c[64];
        snprintf(c, sizeof c, "init, a copy for %s", what[i]);
        vm_reg(m, q, "1", c);
        snprintf(c, sizeof c, "init copy for %s", what[i]);
        b = vm_seq(m, c);
        vb_attr(b, "keep");
        vb_set(b, q, "init && init_cnt_q[ROW_W-1:0] != {ROW_W{1'b1}}");
        vb_reset(b, q, "1'b1");
    }

    /* past 8 lanes, the register file's write enables and data (2 x 33 x T readers)
     * take a copy per group of lanes: W64T32's one init net had 2,815 sinks */
    lane_copies(m, cfg->t, "init_r_q", "1", "init && init_cnt_q[ROW_W-1:0] != {ROW_W{1'b1}}",
                "init, a copy per 8 lanes for the register file");

    top_issue(cfg, m);
    top_exec(cfg, m);
    return vm_status(m);
}
