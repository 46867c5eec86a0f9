/*
 * top.c - simty_core: the pipeline that connects every unit.
 */
#include <string.h>

#include "path.h"
#include "simty_map.h"

/* Connect a list of "port=expression" pairs; NULL ends the list. */
static void conns(struct vinst *in, const char *const *pairs)
{
    for (; *pairs; pairs += 2)
        vm_inst_conn(in, pairs[0], "%s", pairs[1]);
}

/* A delay line: each field {name, width, source} goes through n registers,
 * <stem><j>_<name>_q for j = 1 .. n - 1 and <last>_<name>_q at the end.  The
 * field named "valid" is reset. */
static void delay_line(struct vmod *m, struct vblock *b, const char *const (*f)[3], size_t nf,
                       int n, const char *stem, const char *last)
{
    char reg[40], prev[40];
    for (size_t i = 0; i < nf; i++) {
        for (int j = 1; j <= n; j++) {
            if (j == n)
                snprintf(reg, sizeof reg, "%s_%s_q", last, f[i][0]);
            else
                snprintf(reg, sizeof reg, "%s%d_%s_q", stem, j, f[i][0]);
            vm_reg(m, reg, f[i][1], NULL);
            vb_set(b, reg, "%s", j == 1 ? f[i][2] : prev);
            if (!strcmp(f[i][0], "valid"))
                vb_reset(b, reg, "1'b0");
            snprintf(prev, sizeof prev, "%s", reg);
        }
    }
}

int gen_top(const struct simt_cfg *cfg, struct vmod *m)
{
    struct vinst *in;
    struct vblock *b;
    /* Stage r (redirect, release, trace) comes res_lat cycles after resolve. */
    const int rl = cfg->res_lat;
    const int im = cfg->isa_m;      /* ISA=rv32im: the M unit (gen/mdu.c) */
    char tmp[64];
    char pre_wid[24];   /* the warp entering stage r next cycle */

    if (rl == 1)
        snprintf(pre_wid, sizeof pre_wid, "m_wid_q");
    else
        snprintf(pre_wid, sizeof pre_wid, "r%d_wid_q", rl - 1);

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
                cfg->w, cfg->t, cfg_track_desc(cfg->track), 7 + rl);
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
    vb_reset(b, "init_cnt_q", "{(ROW_W+1){1'b0}}");
    vb_reset(b, "cycle_q", "64'd0");
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

    /* ---- front end ---- */
    vm_wire(m, "alive", "W", NULL);
    vm_wire(m, "flush", "1", NULL);
    vm_wire(m, "flush_wid", "WARP_W", NULL);
    vm_wire(m, "iss_oh", "W", NULL);
    vm_wire(m, "rf_valid", "1", NULL);
    vm_wire(m, "rf_spec", "1", "rf_valid without this cycle's redirect: for the return stack and the scheduler's readiness");
    vm_wire(m, "rf_fault", "1", NULL);
    vm_wire(m, "rf_wid", "WARP_W", NULL);
    vm_wire(m, "rf_pc", "30", NULL);
    vm_wire(m, "rf_insn", "32", NULL);
    vm_wire(m, "r_x", "PATH_W", "next head path (stage r)");
    vm_wire(m, "r_single", "1", NULL);
    vm_wire(m, "r_seq", "1", "the instruction went where predicted with the same threads");
    if (cfg->track == TRACK_SORTED) {
        vm_wire(m, "r_hit_pcn", "1", "x's PC is the predicted next PC (compared at resolve)");
        vm_wire(m, "r_hit_npc", "1", "x's PC is the warp's next-issue PC (compared at resolve)");
        vm_wire(m, "npc_pre", "30", "the resolving warp's next-issue PC");
        vm_assign(m, "r_seq", "r_pok_q && r_hit_pcn");
    } else {
        vm_assign(m, "r_seq", "r_pok_q && r_x[P_PC +: 30] == r_pcn_q");
    }
    in = vm_inst(m, "simty_fetch", "u_fetch");
    conns(in, (const char *const[]){
        "clk_i", "clk_i", "rst_i", "rst_i", "init_i", "init_f_q", "init_pick_i", "init_p_q",
        "start_pc_i", "start_pc_i[31:2]",
        "alive_i", "alive", "iss_oh_i", "iss_oh",
        "redir_valid_i", "r_valid_q", "redir_wid_i", "r_wid_q", "redir_pc_i", "r_x[P_PC +: 30]",
        "redir_alive_i", "r_x[P_V]", "redir_seq_i", "r_seq", "pre_wid_i", pre_wid,
        "imem_req_o", "imem_req_o", "imem_addr_o", "imem_addr_o",
        "imem_rdata_i", "imem_rdata_i", "rf_valid_o", "rf_valid", "rf_spec_o", "rf_spec", "rf_wid_o", "rf_wid",
        "rf_pc_o", "rf_pc", "rf_insn_o", "rf_insn", "rf_fault_o", "rf_fault",
        "flush_o", "flush", "flush_wid_o", "flush_wid", "pred_i", "pd_pred", "off_i", "pd_off",
        "bp_pc_o", "bp_pc", "jalr_i", "pd_jalr", "rtgt_i", "jtgt",
        "c0_valid_i", "c0_valid", "c0_wid_i", "c0_wid", "c0_pcn_i", "c0_pcn", NULL });
    if (cfg->track == TRACK_SORTED) {
        vm_inst_conn(in, "redir_hit_i", "r_hit_npc");
        vm_inst_conn(in, "npc_pre_o", "npc_pre");
    }
    vm_wire(m, "pd_rs1", "5", NULL);
    vm_wire(m, "pd_rs2", "5", NULL);
    vm_wire(m, "pd_use1", "1", NULL);
    vm_wire(m, "pd_use2", "1", NULL);
    vm_wire(m, "pd_walu", "1", NULL);
    vm_wire(m, "pd_load", "1", NULL);
    vm_wire(m, "pd_follow", "1", NULL);
    vm_wire(m, "pd_pred", "1", NULL);
    vm_wire(m, "pd_off", "30", NULL);
    vm_wire(m, "bp_pc", "BP_W", NULL);
    vm_wire(m, "bp_flip", "1", NULL);
    vm_wire(m, "bp_tr_valid", "1", "a resolved branch of a single path trains the predictor");
    vm_assign(m, "bp_tr_valid", "m_valid_q && m_branch_q && (m_a_q[P_V] != m_b_q[P_V])");
    in = vm_inst(m, "simty_bpred", "u_bpred");
    conns(in, (const char *const[]){
        "clk_i", "clk_i", "init_i", "init", "init_word_i", "init_cnt_q[4:0]",
        "f2_pc_i", "bp_pc", "f3_flip_o", "bp_flip",
        "tr_valid_i", "bp_tr_valid", "tr_pc_i", "m_pc_q[BP_W-1:0]", "tr_back_i", "m_insn_q[31]",
        "tr_taken_i", "m_b_q[P_V]", NULL });
    vm_wire(m, "pd_call", "1", NULL);
    vm_wire(m, "pd_ret", "1", NULL);
    vm_wire(m, "ras_ok", "1", NULL);
    vm_wire(m, "ras_top", "30", NULL);
    in = vm_inst(m, "simty_ras", "u_ras");
    conns(in, (const char *const[]){
        "clk_i", "clk_i", "rst_i", "rst_i", "valid_i", "rf_spec", "wid_i", "rf_wid", "pc_i", "rf_pc",
        "call_i", "pd_call", "ret_i", "pd_ret", "ok_o", "ras_ok", "top_o", "ras_top", NULL });
    vm_wire(m, "pd_jalr", "1", NULL);
    vm_wire(m, "btb_ok", "1", NULL);
    vm_wire(m, "btb_target", "30", NULL);
    vm_wire(m, "jtgt", "30", "a jalr's predicted target");
    vm_assign(m, "jtgt", "pd_ret ? ras_top : btb_target");
    in = vm_inst(m, "simty_btb", "u_btb");
    conns(in, (const char *const[]){
        "clk_i", "clk_i", "init_i", "init", "init_word_i", "init_cnt_q[4:0]",
        "f2_pc_i", "bp_pc[4:0]", "f3_valid_o", "btb_ok", "f3_target_o", "btb_target",
        "wr_valid_i", "m_valid_q && m_jalr_q && m_a_q[P_V]", "wr_pc_i", "m_pc_q[4:0]",
        "wr_target_i", "m_a_q[P_PC +: 30]", NULL });
    in = vm_inst(m, "simty_predecode", "u_predecode");
    conns(in, (const char *const[]){
        "insn_i", "rf_insn", "flip_i", "bp_flip", "ras_ok_i", "ras_ok", "call_o", "pd_call", "ret_o", "pd_ret",
        "btb_ok_i", "btb_ok", "jalr_o", "pd_jalr", "rs1_o", "pd_rs1", "rs2_o", "pd_rs2", "use1_o", "pd_use1",
        "use2_o", "pd_use2", "walu_o", "pd_walu", "load_o", "pd_load",
        "follow_o", "pd_follow", "pred_o", "pd_pred", "off_o", "pd_off", NULL });

    vm_reg(m, "wb_valid_q", "1", "load write-back stage (issue + 10)");
    vm_reg(m, "wb_wid_q", "WARP_W", NULL);
    vm_wire(m, "c0_valid", "1", "collect 0 (issue + 1)");
    vm_wire(m, "c0_fault", "1", NULL);
    vm_wire(m, "c0_use2", "1", NULL);
    vm_wire(m, "c0_wid", "WARP_W", NULL);
    vm_wire(m, "c0_pc", "30", NULL);
    vm_wire(m, "c0_insn", "32", NULL);
    vm_wire(m, "c0_rs1", "5", NULL);
    vm_wire(m, "c0_rs2", "5", NULL);
    vm_wire(m, "c0_pred", "1", NULL);
    vm_wire(m, "path_hold", "W", "warps the path unit holds back from issuing");
    vm_wire(m, "g_valid", "1", "stage g: how far a warp's head path is from its next path");
    vm_wire(m, "g_wid", "WARP_W", NULL);
    vm_wire(m, "g_ahead", "3", NULL);
    if (cfg->track != TRACK_SORTED) {
        vm_assign(m, "path_hold", "{W{1'b0}}");
        vm_assign(m, "g_valid", "1'b0");
        vm_assign(m, "g_wid", "{WARP_W{1'b0}}");
        vm_assign(m, "g_ahead", "3'd0");
    }
    vm_comment(m, "Both next PCs of the fetched instruction, added before the issue buffer.");
    vm_wire(m, "rf_tgt", "30", "where a predicted jump goes");
    vm_wire(m, "rf_pc1", "30", NULL);
    vm_assign(m, "rf_tgt", "pd_jalr ? jtgt : rf_pc + pd_off");
    vm_assign(m, "rf_pc1", "rf_pc + 30'd1");
    in = vm_inst(m, "simty_sched", "u_sched");
    conns(in, (const char *const[]){
        "clk_i", "clk_i", "rst_i", "rst_i", "init_i", "init_s_q",
        "rf_valid_i", "rf_valid", "rf_spec_i", "rf_spec", "rf_wid_i", "rf_wid", "rf_pc_i", "rf_pc", "rf_insn_i", "rf_insn",
        "rf_fault_i", "rf_fault", "rf_rs1_i", "pd_rs1", "rf_rs2_i", "pd_rs2", "rf_use1_i", "pd_use1",
        "rf_use2_i", "pd_use2", "rf_walu_i", "pd_walu", "rf_load_i", "pd_load",
        "rf_follow_i", "pd_follow", "rf_pred_i", "pd_pred", "rf_tgt_i", "rf_tgt", "rf_pc1_i", "rf_pc1", "squash_i", "sq", "squash_wid_i", "m_wid_q",
        "squash_cnt_i", "sq_cnt", "msq_i", "n_valid_q && n_msq_q", "msq_wid_i", "n_wid_q",
        "flush_i", "flush", "flush_wid_i", "flush_wid", "res_valid_i", "r_valid_q", "res_wid_i", "r_wid_q",
        "res_alive_i", "r_x[P_V]", "res_single_i", "r_single", "hold_i", "path_hold",
        "ah_valid_i", "g_valid", "ah_wid_i", "g_wid", "ah_n_i", "g_ahead",
        "iss_oh_o", "iss_oh",
        "c0_valid_o", "c0_valid", "c0_wid_o", "c0_wid", "c0_pc_o", "c0_pc", "c0_insn_o", "c0_insn",
        "c0_fault_o", "c0_fault", "c0_rs1_o", "c0_rs1", "c0_rs2_o", "c0_rs2", "c0_pred_o", "c0_pred", "c0_tgt_o", "c0_tgt", "c0_pc1_o", "c0_pc1",
        "c0_use2_o", "c0_use2", "alive_o", "alive", "idle_o", "done_o", NULL });
    /* A load is released by whichever comes last: its write-back (issue + 10) or
     * stage r (issue + 7 + rl). */
    if (im)
        vm_inst_conn(in, "mdu_hold_i", "mdu_hold");
    if (rl < 3) {
        vm_inst_conn(in, "res_load_i", "r_load_q");
        vm_inst_conn(in, "wb_valid_i", "wb_valid_q");
        vm_inst_conn(in, "wb_wid_i", "wb_wid_q");
    } else if (im) {
        /* A multiply, like a load, is released at stage r (after its write-back); a
         * divide always at its write-back, long after. */
        vm_inst_conn(in, "res_load_i", "r_dvacc_q");
        vm_inst_conn(in, "wb_valid_i", "wb_valid_q && wb_dv_q");
        vm_inst_conn(in, "wb_wid_i", "wb_wid_q");
    } else {
        vm_inst_conn(in, "res_load_i", "1'b0");
        vm_inst_conn(in, "wb_valid_i", "1'b0");
        vm_inst_conn(in, "wb_wid_i", "{WARP_W{1'b0}}");
    }

    vm_comment(m, "The issued instruction's predicted next PC, for the fetch unit.");
    vm_wire(m, "c0_pcn", "30", NULL);
    vm_wire(m, "c0_tgt", "30", NULL);
    vm_wire(m, "c0_pc1", "30", NULL);
    vm_assign(m, "c0_pcn", "c0_pred ? c0_tgt : c0_pc1");

    /* ---- squash: the resolve stage drops the younger instructions of its warp ---- */
    vm_comment(m, "An instruction that does not go where predicted with the same threads "
                  "(m_pok_q low) drops the younger instructions of its warp, issued behind it on "
                  "that guess, before any of them writes a register or memory (at the split "
                  "stage, gated here).");
    vm_wire(m, "sq", "1", NULL);
    vm_assign(m, "sq", "m_valid_q && !m_pok_q");
    {
        /* kill wire, the stage's valid and warp */
        static const char *const ks[][3] = {
            { "kill_c0", "c0_valid", "c0_wid" },     { "kill_c1", "c1_valid_q", "c1_wid_q" },
            { "kill_c2", "c2_valid_q", "c2_wid_q" }, { "kill_ex", "ex_valid_q", "ex_wid_q" },
            { "kill_mb", "mb_valid_q", "mb_wid_q" }, { "kill_n", "n_valid_q", "n_wid_q" },
        };
        char sum[512];
        size_t len = 0;
        for (size_t i = 0; i < sizeof ks / sizeof ks[0]; i++) {
            vm_wire(m, ks[i][0], "1", NULL);
            vm_assign(m, ks[i][0], "sq && %s && %s == m_wid_q", ks[i][1], ks[i][2]);
            len += (size_t)snprintf(sum + len, sizeof sum - len, "%s{2'b00, %s && %s == m_wid_q}",
                                    i ? " + " : "", ks[i][1], ks[i][2]);
        }
        vm_wire(m, "sq_cnt", "3", "how many a squash drops (counted whether or not one happens: "
                                  "the scheduler applies it last, off m_pok_q's path)");
        vm_assign(m, "sq_cnt", "%s", sum);
    }

    /* ---- collect 1 and execute pipeline registers ---- */
    vm_reg(m, "c1_valid_q", "1", "collect 1 (issue + 2)");
    vm_reg(m, "c1_fault_q", "1", NULL);
    vm_reg(m, "c1_wid_q", "WARP_W", NULL);
    vm_reg(m, "c1_pc_q", "30", NULL);
    vm_reg(m, "c1_insn_q", "32", NULL);
    vm_reg(m, "c1_use2_q", "1", NULL);
    vm_reg(m, "c1_rs2_q", "5", NULL);
    vm_reg(m, "c1_pred_q", "1", NULL);
    vm_reg(m, "c1_pcn_q", "30", "predicted next PC, checked at resolve");
    vm_reg(m, "c2_valid_q", "1", "collect 2 (issue + 3)");
    vm_reg(m, "c2_fault_q", "1", NULL);
    vm_reg(m, "c2_wid_q", "WARP_W", NULL);
    vm_reg(m, "c2_pc_q", "30", NULL);
    vm_reg(m, "c2_insn_q", "32", NULL);
    vm_reg(m, "c2_pred_q", "1", NULL);
    vm_reg(m, "c2_pcn_q", "30", NULL);
    vm_reg(m, "ex_valid_q", "1", "execute (issue + 4)");
    vm_reg(m, "ex_fault_q", "1", NULL);
    vm_reg(m, "ex_wid_q", "WARP_W", NULL);
    vm_reg(m, "ex_pc_q", "30", NULL);
    vm_reg(m, "ex_insn_q", "32", NULL);
    vm_reg(m, "ex_pred_q", "1", NULL);
    vm_reg(m, "ex_pcn_q", "30", NULL);
    b = vm_seq(m, "collect");
    vb_set(b, "c1_valid_q", "c0_valid && !kill_c0");
    vb_set(b, "c1_fault_q", "c0_fault");
    vb_set(b, "c1_wid_q", "c0_wid");
    vb_set(b, "c1_pc_q", "c0_pc");
    vb_set(b, "c1_insn_q", "c0_insn");
    vb_set(b, "c1_use2_q", "c0_use2");
    vb_set(b, "c1_rs2_q", "c0_rs2");
    vb_set(b, "c1_pred_q", "c0_pred");
    vb_set(b, "c1_pcn_q", "c0_pcn");
    vb_set(b, "c2_valid_q", "c1_valid_q && !kill_c1");
    vb_set(b, "c2_fault_q", "c1_fault_q");
    vb_set(b, "c2_wid_q", "c1_wid_q");
    vb_set(b, "c2_pc_q", "c1_pc_q");
    vb_set(b, "c2_insn_q", "c1_insn_q");
    vb_set(b, "c2_pred_q", "c1_pred_q");
    vb_set(b, "c2_pcn_q", "c1_pcn_q");
    vb_set(b, "ex_valid_q", "c2_valid_q && !kill_c2");
    vb_set(b, "ex_fault_q", "c2_fault_q");
    vb_set(b, "ex_wid_q", "c2_wid_q");
    vb_set(b, "ex_pc_q", "c2_pc_q");
    vb_set(b, "ex_insn_q", "c2_insn_q");
    vb_set(b, "ex_pred_q", "c2_pred_q");
    vb_set(b, "ex_pcn_q", "c2_pcn_q");
    vb_reset(b, "c1_valid_q", "1'b0");
    vb_reset(b, "c2_valid_q", "1'b0");
    vb_reset(b, "ex_valid_q", "1'b0");

    /* ---- register file ---- */
    vm_wire(m, "ex_s1", "32*T", NULL);
    vm_wire(m, "ex_s2", "32*T", NULL);
    vm_wire(m, "br_wmask", "T", NULL);
    vm_reg(m, "n_valid_q", "1", "split (issue + 6)");
    vm_reg(m, "n_wid_q", "WARP_W", NULL);
    vm_reg(m, "n_walu_q", "1", NULL);
    vm_reg(m, "n_rd_q", "5", NULL);
    vm_reg(m, "n_d_q", "32*T", NULL);
    vm_reg(m, "n_link_q", "32", NULL);
    vm_reg(m, "n_jal_q", "1", NULL);
    vm_reg(m, "n_jalr_q", "1", NULL);
    vm_reg(m, "n_msq_q", "1", "may squash at resolve (anything but ALU operations, lui, auipc, fence, "
                              "multiplies, a jal to an aligned target): its warp issues nothing then");
    vm_wire(m, "n_wdata", "32*T", "rd values: results, or the link of jumps");
    vm_assign(m, "n_wdata", "n_jal_q || n_jalr_q ? {T{n_link_q}} : n_d_q");
    vm_reg(m, "wb_rd_q", "5", NULL);
    vm_reg(m, "wb_mask_q", "T", NULL);
    vm_reg(m, "wb_data_q", "32*T", "load data, product or quotient, registered: the register "
                                  "file's write data comes from flip-flops");
    in = vm_inst(m, "simty_rf", "u_rf");
    conns(in, (const char *const[]){
        "clk_i", "clk_i", "init_i", "init", "init_row_i", "init_cnt_q[ROW_W-1:0]",
        "is_valid_i", "c0_valid", "is_wid_i", "c0_wid", "is_rs1_i", "c0_rs1",
        "c0_valid_i", "c1_valid_q", "c0_wid_i", "c1_wid_q", "c0_rs2_i", "c1_rs2_q", "c0_use2_i", "c1_use2_q",
        "ex_s1_o", "ex_s1", "ex_s2_o", "ex_s2",
        "wa_valid_i", "n_valid_q && n_walu_q", "wa_kill_i", "kill_n", "wa_wid_i", "n_wid_q", "wa_rd_i", "n_rd_q",
        "wa_mask_i", "br_wmask", "wa_data_i", "n_wdata",
        "wl_valid_i", "wb_valid_q", "wl_wid_i", "wb_wid_q", "wl_rd_i", "wb_rd_q",
        "wl_mask_i", "wb_mask_q", "wl_data_i", "wb_data_q", NULL });


    /* ---- execute ---- */
    {
        static const char *const w32T[] = { "mb_d", "mb_s2", NULL };
        static const char *const w1[] = { "mb_walu", "mb_branch", "mb_jal", "mb_jalr", "mb_load",
                                          "mb_store", "mb_ecall", "mb_trap", NULL };
        const char *const *p;
        for (p = w32T; *p; p++)
            vm_wire(m, *p, "32*T", NULL);
        for (p = w1; *p; p++)
            vm_wire(m, *p, "1", NULL);
    }
    vm_wire(m, "mb_cond", "T", NULL);
    vm_wire(m, "mb_target", "32", NULL);
    vm_wire(m, "mb_link", "32", NULL);
    vm_wire(m, "mb_rd", "5", NULL);
    vm_wire(m, "mb_funct3", "3", NULL);
    vm_wire(m, "mb_call", "2", NULL);
    vm_wire(m, "mb_cause", "4", NULL);
    in = vm_inst(m, "simty_exec", "u_exec");
    conns(in, (const char *const[]){
        "clk_i", "clk_i", "cycle_i", "cycle_q",
        "c2_wid_i", "c2_wid_q", "c2_pc_i", "c2_pc_q", "c2_insn_i", "c2_insn_q",
        "ex_pc_i", "ex_pc_q",
        "ex_insn_i", "ex_insn_q", "ex_fault_i", "ex_fault_q", "ex_s1_i", "ex_s1", "ex_s2_i", "ex_s2",
        "mb_d_o", "mb_d", "mb_s2_o", "mb_s2", "mb_cond_o", "mb_cond", "mb_target_o", "mb_target",
        "mb_link_o", "mb_link", "mb_rd_o", "mb_rd", "mb_funct3_o", "mb_funct3",
        "mb_walu_o", "mb_walu", "mb_branch_o", "mb_branch", "mb_jal_o", "mb_jal",
        "mb_jalr_o", "mb_jalr", "mb_load_o", "mb_load", "mb_store_o", "mb_store",
        "mb_ecall_o", "mb_ecall", "mb_call_o", "mb_call", "mb_trap_o", "mb_trap",
        "mb_cause_o", "mb_cause", NULL });
    if (im) {
        vm_wire(m, "mb_mul", "1", "RV32M multiply");
        vm_wire(m, "mb_div", "1", "RV32M divide or remainder");
        vm_inst_conn(in, "mb_mul_o", "mb_mul");
        vm_inst_conn(in, "mb_div_o", "mb_div");
    }
    vm_reg(m, "mb_valid_q", "1", "membership (issue + 5)");
    vm_reg(m, "mb_wid_q", "WARP_W", NULL);
    vm_reg(m, "mb_pc_q", "30", NULL);
    vm_reg(m, "mb_insn_q", "32", NULL);
    vm_reg(m, "mb_pred_q", "1", NULL);
    vm_reg(m, "mb_pcn_q", "30", NULL);
    b = vm_seq(m, "membership");
    vb_set(b, "mb_valid_q", "ex_valid_q && !kill_ex");
    vb_set(b, "mb_wid_q", "ex_wid_q");
    vb_set(b, "mb_pc_q", "ex_pc_q");
    vb_set(b, "mb_insn_q", "ex_insn_q");
    vb_set(b, "mb_pred_q", "ex_pred_q");
    vb_set(b, "mb_pcn_q", "ex_pcn_q");
    vb_reset(b, "mb_valid_q", "1'b0");

    /* ---- path tracking (membership), split stage registers ---- */
    vm_wire(m, "mb_active", "T", NULL);
    vm_wire(m, "mb_depth", "8", NULL);
    vm_wire(m, "mb_depth_fwd", "8", "the head path's depth after every older instruction of the warp");
    vm_wire(m, "mb_mem", "1", NULL);
    vm_assign(m, "mb_mem", "mb_load || mb_store");
    {
        /* name, width: membership-stage value -> split-stage register n_<name>_q */
        static const char *const st[][3] = {
            { "pc", "30", "mb_pc_q" },        { "insn", "32", "mb_insn_q" },
            { "load", "1", "mb_load" },        { "store", "1", "mb_store" },
            { "mem", "1", "mb_mem" },          { "funct3", "3", "mb_funct3" },
            { "s2", "32*T", "mb_s2" },         { "cond", "T", "mb_cond" },
            { "target", "32", "mb_target" },   { "branch", "1", "mb_branch" },
            { "ecall", "1", "mb_ecall" },      { "call", "2", "mb_call" },
            { "trap", "1", "mb_trap" },        { "cause", "4", "mb_cause" },
            { "active", "T", "mb_active" },    { "depth", "8", "mb_depth_fwd" },
            { "pred", "1", "mb_pred_q" },       { "pcn", "30", "mb_pcn_q" },
        };
        b = vm_seq(m, "split");
        vb_set(b, "n_valid_q", "mb_valid_q && !kill_mb");
        vb_set(b, "n_wid_q", "mb_wid_q");
        vb_set(b, "n_walu_q", "mb_walu");
        vb_set(b, "n_rd_q", "mb_rd");
        vb_set(b, "n_d_q", "mb_ecall ? mb_s2 : mb_d"); /* an ecall's exit code is a0, read as rs2 */
        vb_set(b, "n_link_q", "mb_link");
        vb_set(b, "n_jal_q", "mb_jal");
        vb_set(b, "n_jalr_q", "mb_jalr");
        vb_set(b, "n_msq_q", "mb_trap || mb_ecall || (mb_jal && mb_target[1]) || mb_branch || mb_jalr || "
               "%s", im ? "mb_mem || mb_div" : "mb_mem");
        for (size_t i = 0; i < sizeof st / sizeof st[0]; i++) {
            snprintf(tmp, sizeof tmp, "n_%s_q", st[i][0]);
            vm_reg(m, tmp, st[i][1], NULL);
            vb_set(b, tmp, "%s", st[i][2]);
        }
        vb_reset(b, "n_valid_q", "1'b0");
        if (im) {
            vm_reg(m, "n_mul_q", "1", NULL);
            vm_reg(m, "n_div_q", "1", NULL);
            vm_reg(m, "n_dvacc_q", "1", "the divider took it");
            vb_set(b, "n_mul_q", "mb_mul");
            vb_set(b, "n_div_q", "mb_div");
            vb_set(b, "n_dvacc_q", "mdu_acc");
        }
    }
    /* ---- call depth forwarding ---- */
    {
        /* the warp's older instructions between split (issue + 6) and the cycle after
         * stage r, whose head-path write a read at execute has not seen */
        const int nd = rl + 2;
        char w[32];
        vm_comment(m, "Call depth: an instruction issued behind a call or a return (before it "
                      "resolves) read the head path's depth at execute before the call wrote it "
                      "at stage r. It takes instead the depth after the youngest older "
                      "instruction of its warp still between split and the cycle after stage "
                      "r (%d stages): those were all followed, so they are on its path, and "
                      "a wrong guess among them squashes it.", nd + 1);
        snprintf(w, sizeof w, "%d", nd);
        vm_reg(m, "fd_valid_q", w, "after split: one per stage, youngest in bit 0");
        snprintf(w, sizeof w, "WARP_W*%d", nd);
        vm_reg(m, "fd_wid_q", w, NULL);
        snprintf(w, sizeof w, "8*%d", nd);
        vm_reg(m, "fd_depth_q", w, "the call depth after each");
        b = vm_seq(m, "depth_forward");
        vb_set(b, "fd_valid_q", "{fd_valid_q[%d:0], n_valid_q && !kill_n}", nd - 2);
        vb_set(b, "fd_wid_q", "{fd_wid_q[WARP_W*%d-1:0], n_wid_q}", nd - 1);
        vb_set(b, "fd_depth_q", "{fd_depth_q[8*%d-1:0], br_depth}", nd - 1);
        vb_reset(b, "fd_valid_q", "{%d{1'b0}}", nd);
        vm_reg(m, "mb_depth_fwd_r", "8", NULL);
        b = vm_comb(m, "depth_select");
        vb_default(b, "mb_depth_fwd_r", "mb_depth");
        for (int k = nd - 1; k >= 0; k--) {
            vb_if(b, "fd_valid_q[%d] && fd_wid_q[WARP_W*%d +: WARP_W] == mb_wid_q", k, k);
            vb_set(b, "mb_depth_fwd_r", "fd_depth_q[8*%d +: 8]", k);
            vb_end(b);
        }
        vb_if(b, "n_valid_q && n_wid_q == mb_wid_q");
        vb_set(b, "mb_depth_fwd_r", "br_depth");
        vb_end(b);
        vm_assign(m, "mb_depth_fwd", "mb_depth_fwd_r");
    }

    vm_wire(m, "r_c", "PATH_W", NULL);
    vm_wire(m, "r_y", "PATH_W", NULL);
    vm_wire(m, "r_z", "PATH_W", NULL);
    vm_reg(m, "m_valid_q", "1", "resolve (issue + 7)");
    vm_reg(m, "m_wid_q", "WARP_W", NULL);
    vm_reg(m, "m_a_q", "PATH_W", NULL);
    vm_reg(m, "m_b_q", "PATH_W", NULL);
    vm_reg(m, "m_exec_q", "T", NULL);
    vm_reg(m, "m_trap_q", "T", NULL);
    vm_reg(m, "m_exit_q", "T", NULL);
    in = vm_inst(m, cfg->track == TRACK_ARBITER ? "simty_path_arbiter" : "simty_path_sorted",
                 "u_path");
    conns(in, (const char *const[]){
        "clk_i", "clk_i", "rst_i", "rst_i", "init_i", "init", "init_wid_i", "init_cnt_q[WARP_W-1:0]",
        "start_pc_i", "start_pc_i[31:2]", "ex_wid_i", "ex_wid_q",
        "mb_active_o", "mb_active", "mb_depth_o", "mb_depth", "n_wid_i", "n_wid_q",
        "m_valid_i", "m_valid_q", "m_wid_i", "m_wid_q", "m_a_i", "m_a_q", "m_b_i", "m_b_q",
        "m_leave_i", "m_exec_q & (m_trap_q | m_exit_q)",
        "r_c_o", "r_c", "r_x_o", "r_x", "r_y_o", "r_y", "r_z_o", "r_z",
        "r_single_o", "r_single", NULL });
    if (cfg->track == TRACK_SORTED) {
        vm_inst_conn(in, "init_row_i", "init_cnt_q[ROW_W-1:0]");
        vm_inst_conn(in, "hold_o", "path_hold");
        vm_inst_conn(in, "g_valid_o", "g_valid");
        vm_inst_conn(in, "g_wid_o", "g_wid");
        vm_inst_conn(in, "g_ahead_o", "g_ahead");
        vm_inst_conn(in, "m_pcn_i", "m_pcn_q");
        vm_inst_conn(in, "m_npc_i", "npc_pre");
        vm_inst_conn(in, "r_hit_pcn_o", "r_hit_pcn");
        vm_inst_conn(in, "r_hit_npc_o", "r_hit_npc");
    }

    /* ---- coalescing and branch: membership stage, then split stage ---- */
    vm_wire(m, "co_trap", "T", NULL);
    vm_wire(m, "co_served", "T", NULL);
    vm_wire(m, "co_replay", "T", NULL);
    vm_wire(m, "co_coal", "T", NULL);
    vm_wire(m, "co_all", "1", NULL);
    vm_wire(m, "co_sany", "1", NULL);
    vm_wire(m, "co_rany", "1", NULL);
    vm_wire(m, "co_cause", "4*T", NULL);
    vm_wire(m, "co_req", "1", NULL);
    vm_wire(m, "co_addr", "32", NULL);
    vm_wire(m, "co_strb", "4*T", NULL);
    vm_wire(m, "co_data", "32*T", NULL);
    vm_wire(m, "co_leader", "LANE_W", NULL);
    vm_wire(m, "co_off", "OFF_W", NULL);
    in = vm_inst(m, "simty_coalesce", "u_coalesce");
    conns(in, (const char *const[]){
        "clk_i", "clk_i", "s1_mem_i", "mb_mem", "s1_store_i", "mb_store",
        "s1_size_i", "mb_funct3[1:0]", "s1_active_i", "mb_active", "s1_addr_i", "mb_d",
        "s1_data_i", "mb_s2", "store_i", "n_store_q", "size_i", "n_funct3_q[1:0]",
        "addr_i", "n_d_q", "data_i", "n_s2_q", "trap_o", "co_trap", "cause_o", "co_cause",
        "served_o", "co_served", "replay_o", "co_replay", "coal_o", "co_coal", "all_o", "co_all",
        "served_any_o", "co_sany", "replay_any_o", "co_rany", "req_o", "co_req",
        "req_addr_o", "co_addr", "req_strb_o", "co_strb", "req_data_o", "co_data",
        "leader_o", "co_leader", "leader_off_o", "co_off", NULL });
    vm_assign(m, "dmem_wstrb_o", "co_strb");
    vm_assign(m, "dmem_wdata_o", "co_data");
    vm_wire(m, "br_a", "PATH_W", NULL);
    vm_wire(m, "br_b", "PATH_W", NULL);
    vm_wire(m, "br_exec", "T", NULL);
    vm_wire(m, "br_trap", "T", NULL);
    vm_wire(m, "br_exit", "T", NULL);
    vm_wire(m, "br_cause", "4*T", NULL);
    vm_wire(m, "br_pok", "1", "went where predicted with the same threads");
    vm_wire(m, "br_depth", "8", "the call depth after the instruction");
    in = vm_inst(m, "simty_branch", "u_branch");
    conns(in, (const char *const[]){
        "clk_i", "clk_i", "s1_active_i", "mb_active", "s1_d_i", "mb_d",
        "pc_i", "n_pc_q", "active_i", "n_active_q", "depth_i", "n_depth_q", "d_i", "n_d_q",
        "cond_i", "n_cond_q", "target_i", "n_target_q", "branch_i", "n_branch_q", "jal_i", "n_jal_q",
        "jalr_i", "n_jalr_q", "ecall_i", "n_ecall_q", "call_i", "n_call_q", "itrap_i", "n_trap_q",
        "icause_i", "n_cause_q", "mem_i", im ? "n_mem_q || n_div_q" : "n_mem_q",
        "mem_served_i", im ? "n_div_q ? (n_dvacc_q ? n_active_q : {T{1'b0}}) : co_served" : "co_served",
        "mem_replay_i", im ? "n_div_q ? (n_dvacc_q ? {T{1'b0}} : n_active_q) : co_replay" : "co_replay",
        "mem_sany_i", im ? "n_div_q ? n_dvacc_q && n_active_q != {T{1'b0}} : co_sany" : "co_sany",
        "mem_rany_i", im ? "n_div_q ? !n_dvacc_q && n_active_q != {T{1'b0}} : co_rany" : "co_rany",
        "mem_all_i", im ? "n_div_q ? n_dvacc_q || n_active_q == {T{1'b0}} : co_all" : "co_all",
        "mem_trap_i", im ? "n_div_q ? {T{1'b0}} : co_trap" : "co_trap", "mem_cause_i", "co_cause",
        "a_o", "br_a", "b_o", "br_b", "exec_o", "br_exec", "trap_o", "br_trap",
        "cause_o", "br_cause", "exit_o", "br_exit", "wmask_o", "br_wmask",
        "pred_i", "n_pred_q", "pcn_i", "n_pcn_q", "pok_o", "br_pok", "depth_o", "br_depth", NULL });

    /* ---- resolve, gather, load write-back ---- */
    vm_reg(m, "m_pc_q", "30", NULL);
    vm_reg(m, "m_insn_q", "32", NULL);
    vm_reg(m, "m_rd_q", "5", NULL);
    vm_reg(m, "m_walu_q", "1", NULL);
    vm_reg(m, "m_load_q", "1", NULL);
    vm_reg(m, "m_branch_q", "1", NULL);
    vm_reg(m, "m_jalr_q", "1", NULL);
    vm_reg(m, "m_pok_q", "1", "went where predicted (m_pcn_q) with the same threads");
    vm_reg(m, "m_pcn_q", "30", "predicted next PC: the target of a predicted jump, else PC + 4");
    vm_reg(m, "m_h1_q", "PATH_W", "the head path that executed (trace)");
    vm_reg(m, "m_cause_q", "4*T", NULL);
    vm_reg(m, "m_wdata_q", "32*T", NULL);
    vm_reg(m, "m_d_q", "32*T", NULL);
    vm_reg(m, "m_s2_q", "32*T", NULL);
    vm_reg(m, "m_served_q", "T", NULL);
    vm_reg(m, "m_coal_q", "T", NULL);
    vm_reg(m, "m_off_q", "OFF_W", NULL);
    vm_reg(m, "m_funct3_q", "3", NULL);
    vm_reg(m, "g_valid_q", "1", "gather (issue + 8)");
    vm_reg(m, "g_wid_q", "WARP_W", NULL);
    vm_reg(m, "g_rd_q", "5", NULL);
    vm_reg(m, "g_served_q", "T", NULL);
    vm_reg(m, "g_coal_q", "T", NULL);
    vm_reg(m, "g_off_q", "OFF_W", NULL);
    vm_reg(m, "g_funct3_q", "3", NULL);
    vm_reg(m, "ld_valid_q", "1", "extraction (issue + 9): the gather's output is registered");
    vm_reg(m, "ld_wid_q", "WARP_W", NULL);
    vm_reg(m, "ld_rd_q", "5", NULL);
    vm_reg(m, "ld_mask_q", "T", NULL);
    vm_wire(m, "ld_data", "32*T", "the lanes' load values, from the gather");
    vm_comment(m, "Went where predicted with every active thread, at the same depth: no "
                  "jalr, exit or trap; a jal to its (aligned) target; a branch predicted taken "
                  "taken by every thread, any other instruction on to PC + 4 with no thread "
                  "taking a branch or replaying a memory access.");
    b = vm_seq(m, "resolve");
    vb_set(b, "m_valid_q", "n_valid_q && !kill_n");
    vb_set(b, "m_wid_q", "n_wid_q");
    vb_set(b, "m_pc_q", "n_pc_q");
    vb_set(b, "m_insn_q", "n_insn_q");
    vb_set(b, "m_rd_q", "n_rd_q");
    vb_set(b, "m_walu_q", "n_walu_q");
    vb_set(b, "m_load_q", "n_load_q");
    vb_set(b, "m_branch_q", "n_branch_q");
    vb_set(b, "m_jalr_q", "n_jalr_q");
    vb_set(b, "m_pok_q", "br_pok");
    vb_set(b, "m_pcn_q", "n_pcn_q");
    vb_set(b, "m_a_q", "br_a");
    vb_set(b, "m_b_q", "br_b");
    vb_set(b, "m_h1_q", "{|n_active_q, n_depth_q, n_pc_q, n_active_q}");
    vb_set(b, "m_exec_q", "br_exec");
    vb_set(b, "m_trap_q", "br_trap");
    vb_set(b, "m_cause_q", "br_cause");
    vb_set(b, "m_exit_q", "br_exit");
    vb_set(b, "m_wdata_q", "n_wdata");
    vb_set(b, "m_d_q", "n_d_q");
    vb_set(b, "m_s2_q", "n_s2_q");
    vb_set(b, "m_served_q", im ? "n_mul_q ? n_active_q : co_served" : "co_served");
    vb_set(b, "m_coal_q", "co_coal");
    vb_set(b, "m_off_q", "co_off");
    vb_set(b, "m_funct3_q", "n_funct3_q");
    vb_set(b, "dmem_req_o", "n_valid_q && n_mem_q && co_req && !kill_n");
    vb_set(b, "dmem_we_o", "n_store_q");
    vb_set(b, "dmem_addr_o", "co_addr");
    vb_set(b, "dmem_wid_o", "n_wid_q");
    vb_set(b, "dmem_lane_o", "co_leader");
    vb_set(b, "g_valid_q", im ? "m_valid_q && (m_load_q || m_mul_q)" : "m_valid_q && m_load_q");
    vb_set(b, "g_wid_q", "m_wid_q");
    vb_set(b, "g_rd_q", "m_rd_q");
    vb_set(b, "g_served_q", "m_served_q");
    vb_set(b, "g_coal_q", "m_coal_q");
    vb_set(b, "g_off_q", "m_off_q");
    vb_set(b, "g_funct3_q", "m_funct3_q");
    vb_set(b, "ld_valid_q", "g_valid_q");
    vb_set(b, "ld_wid_q", "g_wid_q");
    vb_set(b, "ld_rd_q", "g_rd_q");
    vb_set(b, "ld_mask_q", "g_served_q");
    if (im) {
        vb_set(b, "m_mul_q", "n_mul_q");
        vb_set(b, "m_dvacc_q", "n_div_q && n_dvacc_q");
        vb_set(b, "g_mul_q", "m_mul_q");
        vb_set(b, "ld_mul_q", "g_mul_q");
        vb_set(b, "ld_mdata_q", "mdu_mul");
        vb_set(b, "wb_valid_q", "ld_valid_q || mdu_take");
        vb_set(b, "wb_wid_q", "ld_valid_q ? ld_wid_q : mdu_wid");
        vb_set(b, "wb_rd_q", "ld_valid_q ? ld_rd_q : mdu_rd");
        vb_set(b, "wb_mask_q", "ld_valid_q ? ld_mask_q : mdu_mask");
        if (rl >= 3)
            vb_set(b, "wb_dv_q", "!ld_valid_q");
        vb_set(b, "wb_data_q", "!ld_valid_q ? mdu_dres : ld_mul_q ? ld_mdata_q : ld_data");
    } else {
        vb_set(b, "wb_valid_q", "ld_valid_q");
        vb_set(b, "wb_wid_q", "ld_wid_q");
        vb_set(b, "wb_rd_q", "ld_rd_q");
        vb_set(b, "wb_mask_q", "ld_mask_q");
        vb_set(b, "wb_data_q", "ld_data");
    }
    vb_reset(b, "m_valid_q", "1'b0");
    vb_reset(b, "g_valid_q", "1'b0");
    vb_reset(b, "ld_valid_q", "1'b0");
    vb_reset(b, "wb_valid_q", "1'b0");
    vb_reset(b, "dmem_req_o", "1'b0");
    in = vm_inst(m, "simty_gather", "u_gather");
    conns(in, (const char *const[]){
        "clk_i", "clk_i", "rdata_i", "dmem_rdata_i", "coal_i", "g_coal_q",
        "leader_off_i", "g_off_q", "funct3_i", "g_funct3_q", "wb_data_o", "ld_data", NULL });
    if (im) {
        vm_comment(m, "RV32M: multiplies ride with the loads (write-back at issue + 10, through "
                      "the load port); a divide is taken by the shared divider at membership or "
                      "replayed, and its result takes the load write-back port in a cycle no "
                      "load or multiply needs it and no ALU result goes to its bank.");
        vm_reg(m, "m_mul_q", "1", NULL);
        vm_reg(m, "m_dvacc_q", "1", "a divide the divider took: released at its write-back");
        vm_reg(m, "g_mul_q", "1", NULL);
        vm_reg(m, "ld_mul_q", "1", "the extraction stage holds a product, not load data");
        vm_reg(m, "ld_mdata_q", "32*T", "the product");
        if (rl >= 3)
            vm_reg(m, "wb_dv_q", "1", "the write-back is a divide's (released there)");
        vm_wire(m, "mdu_acc", "1", NULL);
        vm_wire(m, "mdu_mul", "32*T", NULL);
        vm_wire(m, "mdu_req", "1", NULL);
        vm_wire(m, "mdu_wid", "WARP_W", NULL);
        vm_wire(m, "mdu_rd", "5", NULL);
        vm_wire(m, "mdu_mask", "T", NULL);
        vm_wire(m, "mdu_dres", "32*T", NULL);
        vm_wire(m, "mdu_take", "1", "the divide's result is written next cycle");
        vm_wire(m, "mdu_hold", "1", "hold issue: the divide's result has waited too long");
        vm_assign(m, "mdu_take", cfg->rf_banks_impl == 2
                  ? "mdu_req && !ld_valid_q && !(mb_valid_q && mb_walu && mb_wid_q[0] == mdu_wid[0])"
                  : "mdu_req && !ld_valid_q && !(mb_valid_q && mb_walu)");
        in = vm_inst(m, "simty_mdu", "u_mdu");
        conns(in, (const char *const[]){
            "clk_i", "clk_i", "rst_i", "rst_i", "ex_f3_i", "ex_insn_q[13:12]",
            "ex_s1_i", "ex_s1", "ex_s2_i", "ex_s2",
            "mb_div_i", "mb_valid_q && !kill_mb && mb_div", "mb_acc_o", "mdu_acc",
            "n_acc_i", "n_valid_q && n_div_q && n_dvacc_q && !kill_n",
            "n_kill_i", "n_valid_q && n_div_q && n_dvacc_q && kill_n",
            "n_wid_i", "n_wid_q", "n_rd_i", "n_rd_q", "n_mask_i", "n_active_q",
            "g_mul_o", "mdu_mul", "dv_req_o", "mdu_req", "dv_wid_o", "mdu_wid",
            "dv_rd_o", "mdu_rd", "dv_mask_o", "mdu_mask", "dv_res_o", "mdu_dres",
            "dv_ack_i", "mdu_take", "hold_o", "mdu_hold", NULL });
    }

    vm_wire(m, "unused_start", "1", "entry points are word aligned");
    vm_assign(m, "unused_start", "^start_pc_i[1:0]");

    /* ---- stage r: res_lat cycles after resolve; the trace is delayed to it ---- */
    {
        /* field, width, resolve-stage source; the first TRC_N are trace ports (trc_<name>_o);
         * load comes last: only a core whose stage r precedes the write-back needs it */
        static const char *const r[][3] = {
            { "valid", "1", "m_valid_q" },     { "wid", "WARP_W", "m_wid_q" },
            { "insn", "32", "m_insn_q" },      { "exec", "T", "m_exec_q" },
            { "trap", "T", "m_trap_q" },       { "cause", "4*T", "m_cause_q" },
            { "exit", "T", "m_exit_q" },       { "wen", "1", "m_walu_q" },
            { "rd", "5", "m_rd_q" },           { "value", "32*T", "m_wdata_q" },
            { "addr", "32*T", "m_d_q" },       { "sdata", "32*T", "m_s2_q" },
            { "a", "PATH_W", "m_a_q" },        { "b", "PATH_W", "m_b_q" },
            { "h1", "PATH_W", "m_h1_q" },
            { "pc", "30", "m_pc_q" },          { "pcn", "30", "m_pcn_q" },
            { "pok", "1", "m_pok_q" },         { "load", "1", "m_load_q" },
        };
        /* rv32im: multiplies and the divides the divider took are released at their
         * write-back too */
        static const char *const rm[][3] = {
            { "load", "1", "m_load_q || m_mul_q || m_dvacc_q" }, { "dvacc", "1", "m_dvacc_q" },
        };
        enum { TRC_N = 15, R_N = sizeof r / sizeof r[0] };
        char port[32];
        b = vm_seq(m, "stage_r");
        if (cfg->track == TRACK_SORTED) {
            /* the path unit compared x with pcn at resolve (r_hit_pcn): pcn stops there */
            delay_line(m, b, r, R_N - 3, rl, "r", "r");
            delay_line(m, b, r + R_N - 2, 1, rl, "r", "r");
        } else {
            delay_line(m, b, r, R_N - 1, rl, "r", "r");
        }
        if (rl < 3)
            delay_line(m, b, im ? rm : r + R_N - 1, 1, rl, "r", "r");
        else if (im)
            delay_line(m, b, rm + 1, 1, rl, "r", "r");
        for (size_t i = 0; i < TRC_N; i++) {
            snprintf(port, sizeof port, "trc_%s_o", r[i][0]);
            vm_assign(m, port, "r_%s_q", r[i][0]);
        }
        vm_assign(m, "trc_pc_o", "{r_pc_q, 2'b00}");
        vm_assign(m, "trc_c_o", "r_c");
        vm_assign(m, "trc_x_o", "r_x");
        vm_assign(m, "trc_y_o", "r_y");
        vm_assign(m, "trc_z_o", "r_z");
    }

    /* The load write-back is reported after its pass: stage r may come after it. */
    {
        const char *const tl[][3] = {
            { "valid", "1", "wb_valid_q" }, { "wid", "WARP_W", "wb_wid_q" },
            { "rd", "5", "wb_rd_q" },       { "mask", "T", "wb_mask_q" },
            { "data", "32*T", "wb_data_q" },
        };
        char port[32];
        if (rl >= 3) {
            vm_comment(m, "Load trace, delayed to follow stage r (simulation only).");
            b = vm_seq(m, "load_trace");
            delay_line(m, b, tl, sizeof tl / sizeof tl[0], rl - 2, "tl", "tl");
        }
        for (size_t i = 0; i < sizeof tl / sizeof tl[0]; i++) {
            snprintf(port, sizeof port, "trl_%s_o", tl[i][0]);
            if (rl >= 3)
                vm_assign(m, port, "tl_%s_q", tl[i][0]);
            else
                vm_assign(m, port, "%s", tl[i][2]);
        }
    }
    return vm_status(m);
}
