/*
 * top_issue.c - simty_core from fetch steering to the register file: fetch,
 * the branch predictor, return stack and jump targets, predecode, the
 * scheduler's issue, the squash of a mispredicted warp's younger
 * instructions, the collect stages and the banked register file.
 */
#include "top.h"

/* The front end's wires and the fetch unit. */
static void top_fetch(const struct simt_cfg *cfg, struct vmod *m)
{
    struct vinst *in;
    /* Stage r (redirect, release, trace) comes res_lat cycles after resolve. */
    const int rl = cfg->res_lat;
    char pre_wid[24];   /* the warp entering stage r next cycle */

    if (rl == 1)
        snprintf(pre_wid, sizeof pre_wid, "m_wid_q");
    else
        snprintf(pre_wid, sizeof pre_wid, "r%d_wid_q", rl - 1);

    vm_wire(m, "alive", "W", NULL);
    vm_wire(m, "flush", "1", NULL);
    vm_wire(m, "flush_wid", "WARP_W", NULL);
    vm_wire(m, "iss_oh", "W", NULL);
    vm_wire(m, "rf_valid", "1", NULL);
    vm_wire(m, "rf_spec", "1", "rf_valid without this cycle's redirect: for the return stack and the scheduler's readiness");
    vm_wire(m, "rf_fault", "1", NULL);
    vm_wire(m, "rf_wid", "WARP_W", NULL);
    vm_wire(m, "rf_bwid", "WARP_W", "and again, for the issue buffer's RAM");
    vm_wire(m, "rf_pc", "30", NULL);
    vm_wire(m, "rf_insn", "32", NULL);
    vm_wire(m, "r_x", "PATH_W", "next head path (stage r)");
    vm_wire(m, "r_single", "1", NULL);
    vm_wire(m, "r_seq", "1", "the instruction went where predicted with the same threads");
    vm_wire(m, "r_hit_pcn", "1", "x's PC is the predicted next PC (compared a cycle before r)");
    vm_wire(m, "r_hit_npc", "1", "x's PC is the warp's next-issue PC (compared a cycle before r)");
    vm_wire(m, "npc_pre", "30", "the next-issue PC of the warp entering stage r, as registered");
    vm_wire(m, "npc_byp", "1", "c0_pcn instead: collect 0 writes it this cycle");
    vm_assign(m, "r_seq", "r_pok_q && r_hit_pcn");
    in = vm_inst(m, "simty_fetch", "u_fetch");
    vm_inst_conns(in, (const char *const[]){
        "clk_i", "clk_i", "rst_i", "rst_i", "init_i", "init_f_q", "init_pick_i", "init_p_q",
        "start_pc_i", "start_pc_i[31:2]",
        "alive_i", "alive", "iss_oh_i", "iss_oh",
        "redir_valid_i", "r_valid_q", "redir_wid_i", "r_wid_q", "redir_pc_i", "r_x[P_PC +: 30]",
        "redir_alive_i", "r_x[P_V]", "redir_seq_i", "r_seq", "pre_wid_i", pre_wid,
        "imem_req_o", "imem_req_o", "imem_addr_o", "imem_addr_o",
        "imem_rdata_i", "imem_rdata_i", "rf_valid_o", "rf_valid", "rf_spec_o", "rf_spec", "rf_wid_o", "rf_wid", "rf_bwid_o", "rf_bwid", "tg_valid_o", "tg_valid", "tg_o", "tg",
        "rf_pc_o", "rf_pc", "rf_insn_o", "rf_insn", "rf_fault_o", "rf_fault",
        "flush_o", "flush", "flush_wid_o", "flush_wid", "pred_i", "pd_pred", "off_i", "pd_off",
        "bp_pc_o", "bp_pc", "jalr_i", "pd_jalr", "rtgt_i", "jtgt",
        "c0_valid_i", "c0_valid", "c0_wid_i", "c0_wid", "c0_pcn_i", "c0_pcn", NULL });
    vm_inst_conn(in, "redir_hit_i", "r_hit_npc");
    vm_inst_conn(in, "npc_pre_o", "npc_pre");
    vm_inst_conn(in, "npc_byp_o", "npc_byp");
}

/* Predecode's wires, the branch predictor, the jump target buffer and predecode. */
static void top_predict(struct vmod *m)
{
    struct vinst *in;

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
    vm_assign(m, "bp_tr_valid", "m_valid_q && m_branch_q && (m_bp_q[0] != m_bp_q[1])");
    in = vm_inst(m, "simty_bpred", "u_bpred");
    vm_inst_conns(in, (const char *const[]){
        "clk_i", "clk_i", "init_i", "init", "init_word_i", "init_cnt_q[4:0]",
        "f2_pc_i", "bp_pc", "f3_flip_o", "bp_flip",
        "tr_valid_i", "bp_tr_valid", "tr_pc_i", "m_pc_q[BP_W-1:0]", "tr_back_i", "m_insn_q[31]",
        "tr_taken_i", "m_bp_q[1]", NULL });
    vm_wire(m, "pd_jalr", "1", NULL);
    vm_wire(m, "btb_ok", "1", NULL);
    vm_wire(m, "btb_target", "30", NULL);
    vm_wire(m, "jtgt", "30", "a jalr's predicted target");
    vm_assign(m, "jtgt", "btb_target");
    in = vm_inst(m, "simty_btb", "u_btb");
    vm_inst_conns(in, (const char *const[]){
        "clk_i", "clk_i", "init_i", "init", "init_word_i", "init_cnt_q[4:0]",
        "f2_pc_i", "bp_pc[4:0]", "f3_valid_o", "btb_ok", "f3_target_o", "btb_target",
        "wr_valid_i", "m_valid_q && m_jalr_q && m_a_q[P_V]", "wr_pc_i", "m_pc_q[4:0]",
        "wr_target_i", "m_a_q[P_PC +: 30]", NULL });
    in = vm_inst(m, "simty_predecode", "u_predecode");
    vm_inst_conns(in, (const char *const[]){
        "insn_i", "rf_insn", "flip_i", "bp_flip",
        "btb_ok_i", "btb_ok", "jalr_o", "pd_jalr", "rs1_o", "pd_rs1", "rs2_o", "pd_rs2", "use1_o", "pd_use1",
        "use2_o", "pd_use2", "walu_o", "pd_walu", "load_o", "pd_load",
        "follow_o", "pd_follow", "pred_o", "pd_pred", "off_o", "pd_off", NULL });
}

/* Collect 0's wires, the path unit's holds and counts, and the scheduler. */
static void top_sched(const struct simt_cfg *cfg, struct vmod *m)
{
    struct vinst *in;
    /* Stage r (redirect, release, trace) comes res_lat cycles after resolve. */
    const int rl = cfg->res_lat;
    const int im = cfg->isa_m;      /* ISA=rv32im: the M unit (gen/mdu.c) */

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
    vm_wire(m, "g_valid", "1", "how far a warp's head path is from its next path (the path unit's count, computed at stage g, registered: issue + 10)");
    vm_wire(m, "g_wid", "WARP_W", NULL);
    vm_wire(m, "g_ahead", "3", NULL);
    if (cfg->track != TRACK_SORTED) {
        vm_assign(m, "path_hold", "{W{1'b0}}");
        vm_assign(m, "g_valid", "1'b0");
        vm_assign(m, "g_wid", "{WARP_W{1'b0}}");
        vm_assign(m, "g_ahead", "3'd0");
    }
    vm_comment(m, "Both next PCs of the fetched instruction, added before the issue buffer.");
    vm_wire(m, "tg_valid", "1", "a predicted jump refilled in the cycle before (f4)");
    vm_wire(m, "tg", "30", "its target, registered");
    vm_wire(m, "rf_pc1", "30", NULL);
    vm_assign(m, "rf_pc1", "rf_pc + 30'd1");
    in = vm_inst(m, "simty_sched", "u_sched");
    vm_inst_conns(in, (const char *const[]){
        "clk_i", "clk_i", "rst_i", "rst_i", "init_i", "init_s_q",
        "rf_valid_i", "rf_valid", "rf_spec_i", "rf_spec", "rf_wid_i", "rf_wid", "rf_bwid_i", "rf_bwid", "rf_pc_i", "rf_pc", "rf_insn_i", "rf_insn",
        "rf_fault_i", "rf_fault", "rf_rs1_i", "pd_rs1", "rf_rs2_i", "pd_rs2", "rf_use1_i", "pd_use1",
        "rf_use2_i", "pd_use2", "rf_walu_i", "pd_walu", "rf_load_i", "pd_load",
        "rf_follow_i", "pd_follow", "rf_pred_i", "pd_pred", "tg_valid_i", "tg_valid", "tg_i", "tg", "rf_pc1_i", "rf_pc1", "squash_i", "sq", "squash_wid_i", "m_wid_q",
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
}

/* The squash: the resolve stage drops the younger instructions of its warp. */
static void top_squash(struct vmod *m)
{
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
}

/* Collect 1, collect 2 and execute pipeline registers. */
static void top_collect(struct vmod *m)
{
    struct vblock *b;

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
    vb_zero(b, "c1_valid_q");
    vb_zero(b, "c2_valid_q");
    vb_zero(b, "ex_valid_q");
}

/* The split stage's rd values: the results, or the link of jumps.  The select
 * reaches 32 x T multiplexers; past LANE_GROUP lanes each group of lanes has its own
 * registered copy of it (W64T32 at b61e744: one net of 1,032 sinks across the die). */
static void top_wdata(const struct simt_cfg *cfg, struct vmod *m)
{
    char sel[256];
    struct vblock *b;
    int n = lane_copies(m, cfg->t, "n_lsel_q", "1", "mb_jal || mb_jalr",
                        "rd takes the link (a jump), per group");

    if (!n) {
        vm_wire(m, "n_wdata", "32*T", "rd values: results, or the link of jumps");
        vm_assign(m, "n_wdata", "n_jal_q || n_jalr_q ? {T{n_link_q}} : n_d_q");
        return;
    }
    vm_reg(m, "n_wdata", "32*T", "rd values: results, or the link of jumps");
    vm_integer(m, "l");
    b = vm_comb(m, "rd values");
    vb_default(b, "n_wdata", "n_d_q");
    vb_for(b, "l", "0", "T");
    vb_set(b, "n_wdata[32*l +: 32]", "%s ? n_link_q : n_d_q[32*l +: 32]",
           lane_copy(m, sel, sizeof sel, n, "n_lsel_q", ""));
    vb_end(b);
}

/* The split stage's registers, the write-back data and the register file. */
static void top_rf(const struct simt_cfg *cfg, struct vmod *m)
{
    struct vinst *in;

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
    top_wdata(cfg, m);
    vm_reg(m, "wb_rd_q", "5", NULL);
    vm_reg(m, "wb_mask_q", "T", NULL);
    vm_reg(m, "wb_data_q", "32*T", "load data, product or quotient, registered: the register "
                                  "file's write data comes from flip-flops");
    in = vm_inst(m, "simty_rf", "u_rf");
    vm_inst_conns(in, (const char *const[]){
        "clk_i", "clk_i", "init_i", "init", "init_row_i", "init_cnt_q[ROW_W-1:0]",
        "is_valid_i", "c0_valid", "is_wid_i", "c0_wid", "is_rs1_i", "c0_rs1",
        "c0_valid_i", "c1_valid_q", "c0_wid_i", "c1_wid_q", "c0_rs2_i", "c1_rs2_q", "c0_use2_i", "c1_use2_q",
        "ex_s1_o", "ex_s1", "ex_s2_o", "ex_s2",
        "wa_valid_i", "n_valid_q && n_walu_q", "wa_kill_i", "kill_n", "wa_wid_i", "n_wid_q", "wa_rd_i", "n_rd_q",
        "wa_mask_i", "br_wmask", "wa_data_i", "n_wdata",
        "wl_valid_i", "wb_valid_q", "wl_wid_i", "wb_wid_q", "wl_rd_i", "wb_rd_q",
        "wl_mask_i", "wb_mask_q", "wl_data_i", "wb_data_q", NULL });
    if (cfg->t > LANE_GROUP) {
        const int n = cfg->t / LANE_GROUP;
        char cat[256];
        vm_inst_conn(in, "init_l_i", "%s", lane_spread(m, cat, sizeof cat, n, "init_r_q", ""));
        for (int bk = 0; bk < cfg->rf_banks_impl; bk++) {
            char port[24], sel[8];
            snprintf(port, sizeof port, "wl_bank%d_l_i", bk);
            snprintf(sel, sizeof sel, cfg->rf_banks_impl > 1 ? "[%d]" : "", bk);
            vm_inst_conn(in, port, "%s", lane_spread(m, cat, sizeof cat, n, "wb_bank_q", sel));
        }
    }
}

void top_issue(const struct simt_cfg *cfg, struct vmod *m)
{
    top_fetch(cfg, m);
    top_predict(m);
    top_sched(cfg, m);
    top_squash(m);
    top_collect(m);
    top_rf(cfg, m);
}
