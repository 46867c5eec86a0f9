/*
 * top_exec.c - simty_core from execute to stage r: the ALU lanes' stage,
 * membership and the path unit, call-depth forwarding, the coalescer and the
 * branch unit, resolve, gather and load write-back, the M unit (rv32im), and
 * stage r with the trace ports.
 */
#include "top.h"

/* The execute stage (simty_exec) and the membership stage's registers. */
static void top_execute(const struct simt_cfg *cfg, struct vmod *m)
{
    struct vinst *in;
    struct vblock *b;
    const int im = cfg->isa_m;      /* ISA=rv32im: the M unit (gen/mdu.c) */

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
    vm_inst_conns(in, (const char *const[]){
        "clk_i", "clk_i", "cycle_i", "cycle_q",
        "c1_insn_i", "c1_insn_q", "c2_wid_i", "c2_wid_q", "c2_pc_i", "c2_pc_q", "c2_insn_i", "c2_insn_q",
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
    if (cfg->isa_a) {
        vm_wire(m, "mb_lr", "1", "RV32A lr.w");
        vm_wire(m, "mb_sc", "1", "RV32A sc.w");
        vm_wire(m, "mb_rmw", "1", "RV32A amo*.w");
        vm_inst_conn(in, "mb_lr_o", "mb_lr");
        vm_inst_conn(in, "mb_sc_o", "mb_sc");
        vm_inst_conn(in, "mb_rmw_o", "mb_rmw");
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
    vb_zero(b, "mb_valid_q");
}

/* Path tracking's wires and the split stage's registers. */
static void top_split(const struct simt_cfg *cfg, struct vmod *m)
{
    struct vblock *b;
    const int im = cfg->isa_m;
    char tmp[64];

    vm_wire(m, "mb_active", "T", NULL);
    vm_wire(m, "mb_lead1h", "T", "its lowest lane, one-hot");
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
        vb_set(b, "n_d_q", "mb_d");
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
        vb_zero(b, "n_valid_q");
        if (im) {
            vm_reg(m, "n_mul_q", "1", NULL);
            vm_reg(m, "n_div_q", "1", NULL);
            vm_reg(m, "n_dvacc_q", "1", "the divider took it");
            vb_set(b, "n_mul_q", "mb_mul");
            vb_set(b, "n_div_q", "mb_div");
            vb_set(b, "n_dvacc_q", "mdu_acc");
        }
        if (cfg->isa_a) {
            vm_reg(m, "n_lr_q", "1", NULL);
            vm_reg(m, "n_sc_q", "1", NULL);
            vm_reg(m, "n_rmw_q", "1", NULL);
            vb_set(b, "n_lr_q", "mb_lr");
            vb_set(b, "n_sc_q", "mb_sc");
            vb_set(b, "n_rmw_q", "mb_rmw");
        }
    }
}

/* Call-depth forwarding from the warp's older instructions to membership. */
static void top_depth_forward(const struct simt_cfg *cfg, struct vmod *m)
{
    struct vblock *b;
    const int rl = cfg->res_lat;
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

/* The path unit (sorted list or arbiter) and the resolve stage's path registers. */
static void top_path(const struct simt_cfg *cfg, struct vmod *m)
{
    struct vinst *in;
    const int rl = cfg->res_lat;

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
    vm_inst_conns(in, (const char *const[]){
        "clk_i", "clk_i", "rst_i", "rst_i", "init_i", "init", "init_wid_i", "init_cnt_q[WARP_W-1:0]",
        "start_pc_i", "start_pc_i[31:2]", "ex_wid_i", "ex_wid_q",
        "mb_active_o", "mb_active", "mb_lead1h_o", "mb_lead1h", "mb_depth_o", "mb_depth", "n_wid_i", "n_wid_q",
        "m_valid_i", "m_valid_q", "m_wid_i", "m_wid_q", "m_a_i", "m_a_q", "m_b_i", "m_b_q",
        "m_leave_i", "m_exec_q & (m_trap_q | m_exit_q)",
        "r_c_o", "r_c", "r_x_o", "r_x", "r_y_o", "r_y", "r_z_o", "r_z",
        "r_single_o", "r_single", "m_npc_i", "npc_pre", "m_npc_c0_i", "c0_pcn",
        "m_npc_byp_i", "npc_byp", "r_hit_pcn_o", "r_hit_pcn", "r_hit_npc_o", "r_hit_npc", NULL });
    /* the predicted next PC of the warp entering stage r next cycle */
    if (rl == 1)
        vm_inst_conn(in, "m_pcn_i", "m_pcn_q");
    else
        vm_inst_conn(in, "m_pcn_i", "r%d_pcn_q", rl - 1);
    if (cfg->track == TRACK_SORTED) {
        vm_inst_conn(in, "init_row_i", "init_cnt_q[ROW_W-1:0]");
        vm_inst_conn(in, "hold_o", "path_hold");
        vm_inst_conn(in, "g_valid_o", "g_valid");
        vm_inst_conn(in, "g_wid_o", "g_wid");
        vm_inst_conn(in, "g_ahead_o", "g_ahead");
        vm_inst_conn(in, "n_valid_i", "n_valid_q");
        vm_inst_conn(in, "m_cf_i", cfg_lazy_stack(cfg) ? "m_cf_q" : "1'b0");
    }
    if (cfg->yield_w) {
        struct vblock *b;
        vm_comment(m, "Forward progress: a backward jump of all the head's lanes (a jal, or a "
                      "branch every active lane takes, to an offset <= 0) after a load or an "
                      "atomic counts toward a yield (gen/yield.c).");
        vm_reg(m, "m_back_q", "1", NULL);
        vm_reg(m, "m_read_q", "1", "a load or an atomic");
        vm_wire(m, "m_yield", "1", "the head yields (trace)");
        vm_inst_conn(in, "m_back_i", "m_back_q");
        vm_inst_conn(in, "m_read_i", "m_read_q");
        vm_inst_conn(in, "m_yield_o", "m_yield");
        b = vm_seq(m, "back_jump");
        vb_set(b, "m_read_q", "n_load_q");
        vb_set(b, "m_back_q", "|n_active_q && (n_insn_q[31] || (n_jal_q ? n_insn_q[30:12] == 19'd0 : "
                              "n_insn_q[30:25] == 6'd0 && n_insn_q[11:8] == 4'd0 && !n_insn_q[7])) && "
                              "(n_jal_q || (n_branch_q && (n_active_q & ~n_cond_q) == {T{1'b0}}))");
    }
}

/* The coalescer and the branch unit (membership stage, then split stage). */
static void top_coalesce_branch(const struct simt_cfg *cfg, struct vmod *m)
{
    struct vinst *in;
    const int im = cfg->isa_m;

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
    vm_wire(m, "co_sword", "T", "lanes whose address word is the leader's (jalr targets too)");
    in = vm_inst(m, "simty_coalesce", "u_coalesce");
    vm_inst_conns(in, (const char *const[]){
        "clk_i", "clk_i", "s1_mem_i", "mb_mem", "s1_store_i", "mb_store",
        "s1_size_i", "mb_funct3[1:0]", "s1_active_i", "mb_active", "s1_lead1h_i", "mb_lead1h", "s1_addr_i", "mb_d",
        "s1_data_i", "mb_s2", "store_i", "n_store_q", "size_i", "n_funct3_q[1:0]",
        "addr_i", "n_d_q", "data_i", "n_s2_q", "trap_o", "co_trap", "cause_o", "co_cause",
        "served_o", "co_served", "replay_o", "co_replay", "coal_o", "co_coal", "all_o", "co_all",
        "served_any_o", "co_sany", "replay_any_o", "co_rany", "req_o", "co_req",
        "req_addr_o", "co_addr", "req_strb_o", "co_strb", "req_data_o", "co_data",
        "leader_o", "co_leader", "leader_off_o", "co_off", "same_word_o", "co_sword", NULL });
    if (cfg->isa_a) {
        vm_inst_conn(in, "s1_atom_i", "mb_lr || mb_sc || mb_rmw");
        vm_inst_conn(in, "lone_i", "n_sc_q || n_rmw_q");
        vm_inst_conn(in, "drop_i", "n_sc_q && !rs_ok");
        vm_inst_conn(in, "busy_i", "(dmem_req_o && dmem_rmw_o) || amo_wb_q");
    }
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
    vm_inst_conns(in, (const char *const[]){
        "clk_i", "clk_i", "s1_active_i", "mb_active", "s1_lead1h_i", "mb_lead1h", "s1_d_i", "mb_d",
        "pc_i", "n_pc_q", "active_i", "n_active_q", "depth_i", "n_depth_q",
        "same_word_i", "co_sword",
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
}

/* The resolve, gather and extraction stages' registers. */
static void top_resolve_regs(const struct simt_cfg *cfg, struct vmod *m)
{
    vm_reg(m, "m_pc_q", "30", NULL);
    vm_reg(m, "m_insn_q", "32", NULL);
    vm_reg(m, "m_rd_q", "5", NULL);
    vm_reg(m, "m_walu_q", "1", NULL);
    vm_reg(m, "m_load_q", "1", NULL);
    vm_reg(m, "m_branch_q", "1", NULL);
    vm_reg(m, "m_jalr_q", "1", NULL);
    if (cfg_lazy_stack(cfg))
        vm_reg(m, "m_cf_q", "1", "a branch or a jump (the lazy sorter steps at those)");
    vm_reg(m, "m_ecall_q", "1", "the trace's address field holds an ecall's exit code (a0)");
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
}

/* What the load write-back registers take next: valid, warp, its low bit, rd and mask:
 * the extraction stage's load (or product), else (rv32im) a divide's result that
 * takes the port. */
static const char *const *wb_next(const struct simt_cfg *cfg)
{
    static const char *const load[5] = { "ld_valid_q", "ld_wid_q", "ld_wid_q[0]", "ld_rd_q",
                                         "ld_mask_q" };
    static const char *const either[5] = {
        "ld_valid_q || mdu_take", "ld_valid_q ? ld_wid_q : mdu_wid",
        "ld_valid_q ? ld_wid_q[0] : mdu_wid[0]", "ld_valid_q ? ld_rd_q : mdu_rd",
        "ld_valid_q ? ld_mask_q : mdu_mask",
    };
    return cfg->isa_m ? either : load;
}

/* The load write-back (issue + 10), in the resolve block b: the register file's load
 * port, from flip-flops. */
static void top_writeback(const struct simt_cfg *cfg, struct vblock *b)
{
    const char *const *nx = wb_next(cfg);
    const char *ld = cfg->isa_a ? "ld_sc_q ? {T{31'd0, ld_scf_q}} : ld_data" : "ld_data";

    vb_set(b, "wb_valid_q", "%s", nx[0]);
    vb_set(b, "wb_wid_q", "%s", nx[1]);
    vb_set(b, "wb_rd_q", "%s", nx[3]);
    vb_set(b, "wb_mask_q", "%s", nx[4]);
    if (!cfg->isa_m) {
        vb_set(b, "wb_data_q", "%s", ld);
        return;
    }
    if (cfg->res_lat >= 3)
        vb_set(b, "wb_dv_q", "!ld_valid_q");
    vb_set(b, "wb_data_q", "!ld_valid_q ? mdu_dres : ld_mul_q ? ld_mdata_q : %s", ld);
}

/* Past LANE_GROUP lanes, the load write's bank select (a write to bank b: bit b) has a
 * copy per group of lanes: it picks the write data of 32 x T multiplexers per bank
 * (W64T32: two nets of 1,067 sinks across the die). The ALU write's select, which
 * also waits for the late squash, then steers the write enables only: the scheduler's
 * reservations never let both writes reach one bank in a cycle, squashed or not. */
static void top_writeback_copies(const struct simt_cfg *cfg, struct vmod *m)
{
    const char *const *nx = wb_next(cfg);
    char any[160], d[400];

    int n = snprintf(any, sizeof any, "(%s) && (%s) != 5'd0", nx[0], nx[3]);

    if (n < 0 || (size_t)n >= sizeof any
        || (size_t)snprintf(d, sizeof d, cfg->rf_banks_impl > 1 ? "{%s && (%s), %s && !(%s)}"
                            : "%s", any, nx[2], any, nx[2]) >= sizeof d) {
        vm_fail(m, "top_writeback_copies: the bank select does not fit its buffer");
        return;
    }
    lane_copies(m, cfg->t, "wb_bank_q", cfg->rf_banks_impl > 1 ? "2" : "1", d,
                "the load write's bank (bit b: bank b), per group");
}

/* The resolve block: resolve, gather, extraction and load write-back registers, data requests. */
static void top_resolve(const struct simt_cfg *cfg, struct vmod *m)
{
    struct vblock *b;
    const int im = cfg->isa_m;

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
    if (cfg_lazy_stack(cfg))
        vb_set(b, "m_cf_q", "n_branch_q || n_jal_q || n_jalr_q");
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
    vb_set(b, "m_ecall_q", "n_ecall_q");
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
    }
    top_writeback(cfg, b);
    vb_zero(b, "m_valid_q");
    vb_zero(b, "g_valid_q");
    vb_zero(b, "ld_valid_q");
    vb_zero(b, "wb_valid_q");
    vb_zero(b, "dmem_req_o");
    top_writeback_copies(cfg, m);
}

/* The predictor's copy of the valid bits, the gather and the M unit (rv32im). */
static void top_gather_mdu(const struct simt_cfg *cfg, struct vmod *m)
{
    struct vinst *in;
    struct vblock *b;
    const int rl = cfg->res_lat;
    const int im = cfg->isa_m;

    /* kept: synthesis would merge it with m_a_q's and m_b_q's valid bits, which
     * the path unit and the predictor beside fetch pull apart (00025fc seed 3:
     * co_addr -> leader compare -> served -> m_b_q[P_V], 12.98 ns, placed 1.2 ns
     * past its logic) */
    vm_reg(m, "m_bp_q", "2", "the a and b paths' valid bits again, for the branch predictor");
    b = vm_seq(m, "valid bits for the predictor");
    vb_attr(b, "keep");
    vb_set(b, "m_bp_q", "{br_b[P_V], br_a[P_V]}");
    in = vm_inst(m, "simty_gather", "u_gather");
    vm_inst_conns(in, (const char *const[]){
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
        vm_inst_conns(in, (const char *const[]){
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
}

/* Stage r (redirect, release, trace), res_lat cycles after resolve, and the trace ports. */
static void top_stage_r(const struct simt_cfg *cfg, struct vmod *m)
{
    struct vblock *b;
    const int rl = cfg->res_lat;
    const int im = cfg->isa_m;
    /* field, width, resolve-stage source; the first TRC_N are trace ports (trc_<name>_o);
     * load comes last: only a core whose stage r precedes the write-back needs it */
    static const char *const r[][3] = {
        { "valid", "1", "m_valid_q" },     { "wid", "WARP_W", "m_wid_q" },
        { "insn", "32", "m_insn_q" },      { "exec", "T", "m_exec_q" },
        { "trap", "T", "m_trap_q" },       { "cause", "4*T", "m_cause_q" },
        { "exit", "T", "m_exit_q" },       { "wen", "1", "m_walu_q" },
        { "rd", "5", "m_rd_q" },           { "value", "32*T", "m_wdata_q" },
        /* an ecall's exit code is a0, read as rs2: chosen here, on the trace's own
         * path, not in every lane's result (32 LUT4 per lane on an FPGA) */
        { "addr", "32*T", "m_ecall_q ? m_s2_q : m_d_q" }, { "sdata", "32*T", "m_s2_q" },
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
    /* the path unit compares x with pcn a cycle before stage r (r_hit_pcn): pcn
     * stops there */
    vb_delay_line(b, r, R_N - 3, rl, "r", "r", "valid");
    vb_delay_line(b, r + R_N - 2, 1, rl, "r", "r", NULL);
    if (rl > 1) {
        char last[16];
        snprintf(last, sizeof last, "r%d", rl - 1);
        vb_delay_line(b, r + R_N - 3, 1, rl - 1, "r", last, NULL);
    }
    if (rl < 3)
        vb_delay_line(b, im ? rm : r + R_N - 1, 1, rl, "r", "r", NULL);
    else if (im)
        vb_delay_line(b, rm + 1, 1, rl, "r", "r", NULL);
    if (cfg->yield_w) {
        static const char *const ry[][3] = { { "yield", "1", "m_yield" } };
        vb_delay_line(b, ry, 1, rl, "r", "r", NULL);
        vm_assign(m, "trc_yield_o", "r_yield_q");
    } else {
        vm_assign(m, "trc_yield_o", "1'b0");
    }
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

/* The load write-back's trace ports, reported after its pass: stage r may come after it. */
static void top_load_trace(const struct simt_cfg *cfg, struct vmod *m)
{
    struct vblock *b;
    const int rl = cfg->res_lat;
    const char *const tl[][3] = {
        { "valid", "1", "wb_valid_q" }, { "wid", "WARP_W", "wb_wid_q" },
        { "rd", "5", "wb_rd_q" },       { "mask", "T", "wb_mask_q" },
        { "data", "32*T", "wb_data_q" },
    };
    char port[32];
    if (rl >= 3) {
        vm_comment(m, "Load trace, delayed to follow stage r (simulation only).");
        b = vm_seq(m, "load_trace");
        vb_delay_line(b, tl, sizeof tl / sizeof tl[0], rl - 2, "tl", "tl", "valid");
    }
    for (size_t i = 0; i < sizeof tl / sizeof tl[0]; i++) {
        snprintf(port, sizeof port, "trl_%s_o", tl[i][0]);
        if (rl >= 3)
            vm_assign(m, port, "tl_%s_q", tl[i][0]);
        else
            vm_assign(m, port, "%s", tl[i][2]);
    }
}

/* RV32A: the reservations, the atomics' resolve-stage registers and the amo port. */
static void top_atomics(const struct simt_cfg *cfg, struct vmod *m)
{
    struct vinst *in;
    struct vblock *b;
    const char *wib = cfg->t > 1 ? ", co_off[OFF_W-1:2]" : "";
    const char *mwib = cfg->t > 1 ? ", m_off_q[OFF_W-1:2]" : "";

    vm_comment(m, "RV32A: lr.w is a load, sc.w and the amos are stores of the leader alone "
                  "that write rd at load write-back (an amo's old word from the memory, an "
                  "sc.w's 0 when it wrote, else 1); the reservations decide whether an sc.w "
                  "writes (gen/resv.c).");
    vm_wire(m, "rs_ok", "1", "the sc.w's leader holds its reservation");
    vm_reg(m, "m_lr_q", "1", NULL);
    vm_reg(m, "m_sc_q", "1", NULL);
    vm_reg(m, "m_sword_q", "T", NULL);
    vm_reg(m, "m_scf_q", "1", "the sc.w failed: rd = 1");
    vm_reg(m, "g_sc_q", "1", NULL);
    vm_reg(m, "g_scf_q", "1", NULL);
    vm_reg(m, "ld_sc_q", "1", NULL);
    vm_reg(m, "ld_scf_q", "1", NULL);
    vm_reg(m, "amo_wb_q", "1", "an AMO's request went out last cycle: the memory's two cycles");
    in = vm_inst(m, "simty_resv", "u_resv");
    vm_inst_conns(in, (const char *const[]){
        "clk_i", "clk_i", "rst_i", "rst_i", "n_wid_i", "n_wid_q", "n_leader_i", "co_leader",
        "sc_ok_o", "rs_ok", "req_i", "dmem_req_o", "we_i", "dmem_we_o", "blk_i", "dmem_addr_o[31:OFF_W]",
        "strb_i", "co_strb", "wid_i", "dmem_wid_o", "lr_i", "m_lr_q", "sc_i", "m_sc_q",
        "served_i", "m_served_q", "sword_i", "m_sword_q", NULL });
    vm_inst_conn(in, "n_word_i", "{co_addr[DMEM_AW-1:OFF_W]%s}", wib);
    vm_inst_conn(in, "word_i", "{dmem_addr_o[DMEM_AW-1:OFF_W]%s}", mwib);
    b = vm_seq(m, "atomics");
    vb_set(b, "m_lr_q", "n_lr_q");
    vb_set(b, "m_sc_q", "n_sc_q");
    vb_set(b, "m_sword_q", "co_sword");
    vb_set(b, "m_scf_q", "!rs_ok");
    vb_set(b, "g_sc_q", "m_sc_q");
    vb_set(b, "g_scf_q", "m_scf_q");
    vb_set(b, "ld_sc_q", "g_sc_q");
    vb_set(b, "ld_scf_q", "g_scf_q");
    vb_set(b, "dmem_rmw_o", "n_rmw_q");
    vb_set(b, "amo_wb_q", "dmem_req_o && dmem_rmw_o");
    vb_zero(b, "amo_wb_q");
    vb_set(b, "dmem_amo_o", "n_insn_q[31:27]");
}

void top_exec(const struct simt_cfg *cfg, struct vmod *m)
{
    top_execute(cfg, m);
    top_split(cfg, m);
    top_depth_forward(cfg, m);
    top_path(cfg, m);
    top_coalesce_branch(cfg, m);
    top_resolve_regs(cfg, m);
    top_resolve(cfg, m);
    top_gather_mdu(cfg, m);
    if (cfg->isa_a) {
        top_atomics(cfg, m);
    } else {
        vm_assign(m, "dmem_rmw_o", "1'b0");
        vm_assign(m, "dmem_amo_o", "5'd0");
    }
    top_stage_r(cfg, m);
    top_load_trace(cfg, m);
}
