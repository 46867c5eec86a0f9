/*
 * path_sorted.c - simty_path_sorted: the sorted path list (TRACK=sorted).
 */
#include "path.h"

#include <stdlib.h>

/* --formal: a copy of a RAM's words, written as the RAM is, read by the
 * observation ports (a formal tool cannot look inside the RAM instance). */
static void f_mirror(struct vmod *m, const char *name, const char *aw, const char *dw,
                     const char *we, const char *wa, const char *wd)
{
    char buf[96];
    struct vblock *b;
    snprintf(buf, sizeof buf, "1<<(%s)", aw);
    vm_sig_depth(vm_reg(m, name, dw, "formal: the RAM's words"), buf);
    b = vm_seq(m, name);
    vb_if(b, "%s", we);
    snprintf(buf, sizeof buf, "%s[%s]", name, wa);
    vb_set(b, buf, "%s", wd);
    vb_end(b);
}

/* "|(sel & {<lhs>c<rhs>, <lhs>b<rhs>, <lhs>a<rhs>})" over the CCS's three input PCs:
 * a compare made on the inputs, picked by the one-hot of the input an output's PC
 * comes from (xsel, ysel). */
static const char *picked(char *buf, size_t n, const char *sel, const char *lhs, const char *rhs)
{
    snprintf(buf, n, "|(%s & {%sc[P_PC +: 30]%s, %sm_b_i[P_PC +: 30]%s, %sm_a_i[P_PC +: 30]%s})",
             sel, lhs, rhs, lhs, rhs, lhs, rhs);
    return buf;
}

/* What the parts share, worked out from cfg once. */
struct sorted {
    int has_cct, exact, lazy;     /* lazy: the lazy sorter's stack (cct.c) */
    /* --formal: cold paths the CCT shows (cct_exact.c: every heap node; cct.c: every slot) */
    int nc;
    const char *h2_init, *h1_we;
    char h1_wd[128], lane0[64];
};

/* The shared values and the written head path's expression (emits nothing). */
static void sorted_setup(const struct simt_cfg *cfg, struct sorted *s)
{
    char lane_last[64];
    int exact;

    s->has_cct = cfg->t > 2;
    s->exact = exact = s->has_cct && cfg->sorter == SORTER_EXACT;
    s->lazy = cfg_lazy_stack(cfg);
    s->nc = !s->has_cct ? 0 : exact ? (1 << cfg->lane_id_bits) - 1 : 1 << cfg->lane_id_w;
    /* --mutate=skip-mask-bit drops the last lane from the head path written;
     * bad-init sets HCT2 up as a second copy of every thread. */
    if (cfg->t == 1) {
        snprintf(lane_last, sizeof lane_last, "1'b1");
        snprintf(s->lane0, sizeof s->lane0, "1'b1");
    } else {
        snprintf(lane_last, sizeof lane_last, "{1'b1, {%d{1'b0}}}", cfg->t - 1);
        snprintf(s->lane0, sizeof s->lane0, "{{%d{1'b0}}, 1'b1}", cfg->t - 1);
    }
    if (cfg->mutate == MUT_SKIP_MASK_BIT)
        snprintf(s->h1_wd, sizeof s->h1_wd, "{r_x_q[PATH_W-1:T], r_x_q[T-1:0] & ~%s}", lane_last);
    else
        snprintf(s->h1_wd, sizeof s->h1_wd, exact ? "{r_x_q[PATH_W-1:T], r_x_q[T-1:0] | ab_mask}"
                                                  : "r_x_q");
    s->h2_init = cfg->mutate == MUT_BAD_INIT ? "{1'b1, 8'd0, start_pc_i, {T{1'b1}}}" : "{PATH_W{1'b0}}";
    /* HCT1's write enable, for the RAM and its formal mirror: stage r, and an absorb */
    s->h1_we = exact ? "init_i || r_valid_q || ab" : "init_i || r_valid_q";
}

/* The unit's description, parameters and ports. */
static void sorted_interface(const struct simt_cfg *cfg, struct vmod *m, const struct sorted *s)
{
    int has_cct = s->has_cct, nc = s->nc;

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
    vm_localparam(m, "P_PC", cfg->t, "T: lsb of the word PC");
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
    vm_port(m, VM_OUT, "mb_lead1h_o", "T", "their lowest lane, one-hot");
    vm_group(m, "split (issue + 6): read the second path");
    vm_port(m, VM_IN, "n_wid_i", "WARP_W", NULL);
    vm_port(m, VM_IN, "n_valid_i", "1", "an instruction is at split (else the exact CCT may "
            "use the slot for a pop; unused otherwise)");
    vm_group(m, "resolve (issue + 7)");
    vm_port(m, VM_IN, "m_valid_i", "1", NULL);
    vm_port(m, VM_IN, "m_wid_i", "WARP_W", NULL);
    vm_port(m, VM_IN, "m_a_i", "PATH_W", NULL);
    vm_port(m, VM_IN, "m_b_i", "PATH_W", NULL);
    vm_port(m, VM_IN, "m_cf_i", "1", "a branch or a jump: the lazy sorter may take its step "
            "(unused otherwise)");
    vm_port(m, VM_IN, "m_leave_i", "T", "lanes that exited or trapped (unused here)");
    vm_port(m, VM_IN, "m_pcn_i", "30", "the PC the instruction was predicted to go to");
    vm_port(m, VM_IN, "m_npc_i", "30", "the PC of the warp's next instruction to issue, as registered");
    vm_port(m, VM_IN, "m_npc_c0_i", "30", "... as collect 0 writes it this cycle");
    vm_port(m, VM_IN, "m_npc_byp_i", "1", "m_npc_c0_i is the one");
    if (cfg->yield_w) {
        vm_port(m, VM_IN, "m_back_i", "1", "a backward jump of all its lanes (simty_yield)");
        vm_port(m, VM_IN, "m_read_i", "1", "a load or an atomic (simty_yield)");
        vm_port(m, VM_OUT, "m_yield_o", "1", "the head yields (trace)");
    }
    vm_group(m, "stage r (issue + 8)");
    vm_port(m, VM_OUT, "r_c_o", "PATH_W", "HCT2's path at resolve (trace)");
    vm_port(m, VM_OUT, "r_x_o", "PATH_W", "the next head path: redirect");
    vm_port(m, VM_OUT, "r_y_o", "PATH_W", "(trace)");
    vm_port(m, VM_OUT, "r_z_o", "PATH_W", "(trace)");
    vm_port(m, VM_OUT, "r_single_o", "1", "the warp is left with one path");
    vm_port(m, VM_OUT, "r_hit_pcn_o", "1", "x's PC is m_pcn_i (compared at resolve, registered)");
    vm_port(m, VM_OUT, "r_hit_npc_o", "1", "x's PC is m_npc_i");
    vm_port(m, VM_OUT, "hold_o", "W", "warps that may not issue next cycle (exact CCT)");
    vm_group(m, "issue + 10: how far the head path is from HCT2's (computed at stage g)");
    vm_port(m, VM_OUT, "g_valid_o", "1", "a count for warp g_wid_o (its HCT2 was written last cycle)");
    vm_port(m, VM_OUT, "g_wid_o", "WARP_W", NULL);
    vm_port(m, VM_OUT, "g_ahead_o", "3", "instructions from the head's PC before HCT2's "
            "(7: 7 or more, or HCT2 is less deep); 0 when the exact heap holds a path, or when "
            "the lazy stack gave HCT2 its path");
    if (cfg->formal) {
        vm_localparam(m, "F_NP", 2 + nc, "formal: paths shown per warp (HCT1, HCT2, %d of the CCT)", nc);
        vm_group(m, "formal observation (simty-gen --formal, test only)");
        vm_port(m, VM_OUT, "f_paths_o", "W*F_NP*PATH_W",
                "per warp: HCT1, HCT2, then the CCT's slots (path p of warp w at (w*F_NP+p)*PATH_W)");
        if (cfg->yield_w)
            vm_port(m, VM_OUT, "f_c_o", "PATH_W", "HCT2's path at resolve (c), as read: the path "
                    "a yield unmarks");
    }
}

/* Stage r's registers, the exact CCT's absorb and pops, and HCT1 (read at execute). */
static void sorted_hct1(const struct simt_cfg *cfg, struct vmod *m, const struct sorted *s)
{
    struct vinst *in;
    int exact = s->exact;
    const char *lane0 = s->lane0, *h1_wd = s->h1_wd, *h1_we = s->h1_we;
    char sel_buf[160], wd[160];

    vm_reg(m, "r_valid_q", "1", "stage r");
    vm_reg(m, "r_wid_q", "WARP_W", NULL);
    vm_reg(m, "r_c_q", "PATH_W", NULL);
    vm_reg(m, "r_x_q", "PATH_W", NULL);
    vm_reg(m, "r_y_q", "PATH_W", NULL);
    vm_reg(m, "r_z_q", "PATH_W", NULL);
    if (cfg->mutate != MUT_NONE)
        vm_note(m, "TEST-ONLY MUTATION --mutate=%s (make %s must catch it)",
                cfg_mutation_name(cfg->mutate),
                cfg->mutate == MUT_ABSORB_DROP ? "test-mirror" : "formal");
    if (exact) {
        vm_comment(m, "The exact CCT's absorb: a heap root at x's PC joins the head path (its mask "
                      "ORed in at stage r); the pops that follow use free split slots, pseudo "
                      "resolves that only the path unit sees.");
        vm_wire(m, "ab", "1", "stage r: the root joins the head path");
        vm_wire(m, "ab_mask", "T", "its mask (zero when not)");
        vm_wire(m, "ps_go", "1", "a pop takes this split slot");
        vm_wire(m, "ps_w", "WARP_W", "its warp");
        vm_wire(m, "nw", "WARP_W", "the warp read at split");
        vm_assign(m, "nw", "ps_go ? ps_w : n_wid_i");
        vm_reg(m, "p_q", "1", "resolve: a pop's pseudo resolve");
        vm_reg(m, "p_w_q", "WARP_W", NULL);
        vm_reg(m, "r_ps_q", "1", "stage r: a pseudo resolve");
        vm_reg(m, "r_xeq_q", "1", "x's PC is the root's");
    }
    vm_wire(m, "h1_w", "PATH_W", "the head path written at stage r");
    vm_assign(m, "h1_w", "%s", h1_wd);
    vm_wire(m, "h1_lead", "T", "its lowest lane, one-hot");
    vm_assign(m, "h1_lead", "%s", path_lead1h(sel_buf, sizeof sel_buf, "h1_w"));
    vm_wire(m, "h1", "T+PATH_W", "HCT1 entry of the warp at membership: {leader, path}");
    in = vm_inst(m, "simty_ram_1r1w", "u_hct1");
    vm_inst_param(in, "DEPTH_W", "WARP_W");
    vm_inst_param(in, "DATA_W", "T+PATH_W");
    snprintf(wd, sizeof wd, "init_i ? {%s, 1'b1, %s, start_pc_i, {T{1'b1}}} : {h1_lead, h1_w}", lane0,
             path_depth0(cfg));
    vm_inst_conns(in, (const char *const[]){
        "clk_i", "clk_i", "we_i", h1_we, "waddr_i", "init_i ? init_wid_i : r_wid_q",
        "wdata_i", wd, "re_i", "1'b1", "raddr_i", "ex_wid_i", "rdata_o", "h1", NULL });
    if (cfg->mutate == MUT_EXTRA_LANE)
        vm_assign(m, "mb_active_o", "(h1[P_V] ? h1[T-1:0] : {T{1'b0}}) | %s", lane0);
    else
        vm_assign(m, "mb_active_o", "h1[P_V] ? h1[T-1:0] : {T{1'b0}}");
    vm_assign(m, "mb_depth_o", "h1[P_D +: 8]");
    vm_assign(m, "mb_lead1h_o", "h1[PATH_W +: T]");
}

/* HCT2, read at split, written at issue + 9. */
static void sorted_hct2(struct vmod *m, const struct sorted *s)
{
    struct vinst *in;
    int exact = s->exact;
    const char *h2_init = s->h2_init;
    char wd[160];

    vm_reg(m, "g_valid_q", "1", "HCT2 write at issue + 9");
    if (exact)
        vm_reg(m, "g_ps_q", "1", "... by a pseudo resolve (no count for the scheduler)");
    vm_reg(m, "g_wid_q", "WARP_W", NULL);
    vm_reg(m, "g_xpc_q", "30", "the head path's PC and depth, written to HCT1 at stage r");
    vm_reg(m, "g_xd_q", "8", NULL);
    if (exact)
        vm_reg(m, "g_two_q", "1", "the heap stays empty: the warp has two paths at most");
    vm_wire(m, "h2_wdata", "PATH_W", NULL);
    vm_wire(m, "c", "PATH_W", "HCT2 entry of the warp at resolve");
    in = vm_inst(m, "simty_ram_1r1w", "u_hct2");
    vm_inst_param(in, "DEPTH_W", "WARP_W");
    vm_inst_param(in, "DATA_W", "PATH_W");
    snprintf(wd, sizeof wd, "init_i ? %s : h2_wdata", h2_init);
    vm_inst_conns(in, (const char *const[]){
        "clk_i", "clk_i", "we_i", "init_i || g_valid_q", "waddr_i", "init_i ? init_wid_i : g_wid_q",
        "wdata_i", wd, "re_i", "1'b1", "raddr_i", exact ? "nw" : "n_wid_i", "rdata_o", "c", NULL });
}

/* Forward progress: a yield marks a (bit 7 of its depth cleared) and unmarks c,
 * so that c, HCT2's path, the first of the others, becomes the head. */
static void sorted_yield(const struct simt_cfg *cfg, struct vmod *m, int exact)
{
    struct vinst *in;
    /* --mutate=yield-no-mark: a and b keep their mark bit; yield-no-unmark: c keeps its */
    const char *mark = cfg->mutate == MUT_YIELD_NO_MARK ? "" : " & !yl";
    const char *unmark = cfg->mutate == MUT_YIELD_NO_UNMARK ? "" : " | yl";

    vm_comment(m, "Forward progress (simty_yield): a head path that spins yields. Its path (a "
                  "or b: it does not diverge) is marked (bit 7 of the depth cleared: after every unmarked path) and HCT2's "
                  "c, the first of the others, unmarked, so c becomes the head even when every "
                  "path of the warp has yielded.");
    vm_wire(m, "yl", "1", "the head yields");
    vm_wire(m, "a_yl", "PATH_W", "a, marked when the head yields");
    vm_wire(m, "b_yl", "PATH_W", "b, idem (a taken branch's lanes)");
    vm_wire(m, "c_yl", "PATH_W", "c, unmarked when the head yields");
    in = vm_inst(m, "simty_yield", "u_yield");
    vm_inst_conns(in, (const char *const[]){
        "clk_i", "clk_i", "rst_i", "rst_i", "wid_i", "m_wid_i", "back_i", "m_back_i", "read_i", "m_read_i",
        "others_i", "c[P_V]", "yield_o", "yl", NULL });
    vm_inst_conn(in, "valid_i", exact ? "m_valid_i && !p_q" : "m_valid_i");
    vm_assign(m, "a_yl", "{m_a_i[PATH_W-1:P_D+8], m_a_i[P_D+7]%s, m_a_i[P_D+6:0]}", mark);
    vm_assign(m, "b_yl", "{m_b_i[PATH_W-1:P_D+8], m_b_i[P_D+7]%s, m_b_i[P_D+6:0]}", mark);
    vm_assign(m, "c_yl", "{c[PATH_W-1:P_D+8], c[P_D+7]%s, c[P_D+6:0]}", unmark);
    vm_assign(m, "m_yield_o", "yl");
    if (cfg->formal)
        vm_assign(m, "f_c_o", "c");
}

/* The CCS, the redirect's PC compares made on its inputs, and its registered result. */
static void sorted_ccs(const struct simt_cfg *cfg, struct vmod *m, const struct sorted *s)
{
    struct vinst *in;
    int exact = s->exact;
    char sel_buf[160];

    if (s->lazy) {
        vm_reg(m, "r_cf_q", "1", "a branch or a jump at stage r: the lazy sorter's step");
    } else {
        vm_wire(m, "unused_cf", "1", "only the lazy sorter steps at branches and jumps");
        vm_assign(m, "unused_cf", "m_cf_i");
    }
    vm_wire(m, "x", "PATH_W", NULL);
    vm_wire(m, "y", "PATH_W", NULL);
    vm_wire(m, "z", "PATH_W", NULL);
    const char *ma = cfg->yield_w ? "a_yl" : "m_a_i", *mb = cfg->yield_w ? "b_yl" : "m_b_i";
    char bin[64];
    if (cfg->yield_w)
        sorted_yield(cfg, m, exact);
    if (exact)
        snprintf(bin, sizeof bin, "{%s[P_V] & ~p_q, %s[PATH_W-2:0]}", mb, mb);
    else
        snprintf(bin, sizeof bin, "%s", mb);
    in = vm_inst(m, "simty_ccs", "u_ccs");
    if (cfg->mutate == MUT_KEEP_EXITED)
        vm_inst_conn(in, "a_i", "{%s[P_V] | (|m_leave_i), %s[PATH_W-2:T], %s[T-1:0] | m_leave_i}",
                     ma, ma, ma);
    else if (exact)
        vm_inst_conn(in, "a_i", "{%s[P_V] & ~p_q, %s[PATH_W-2:0]}", ma, ma);
    else
        vm_inst_conn(in, "a_i", "%s", ma);
    vm_inst_conns(in, (const char *const[]){
        "b_i", bin,
        "c_i", cfg->yield_w ? "c_yl" : "c",
        "x_o", "x", "y_o", "y", "z_o", "z", "xsel_o", "xsel", "ysel_o", "ysel", NULL });
    vm_comment(m, "The redirect compares x's PC with the predicted next PC and with the warp's "
                  "next-issue PC. Made here, on the CCS's inputs in parallel with it, they leave "
                  "stage r register bits instead of two 30-bit compares behind the CCS's register: "
                  "the first picked by the input x comes from, then registered; the second "
                  "registered per input, with x's input, and picked at stage r.");
    vm_wire(m, "xsel", "3", "x's PC is a's, b's or c's");
    vm_reg(m, "r_hit_pcn_q", "1", NULL);
    /* the next-issue PC's compares are registered per input and picked at
     * stage r: xsel (the CCS's ranks) then reaches a register directly (W8T8
     * d3db6c1: m_b_q -> ranks -> xsel -> pick -> r_hit_npc_q, the one path
     * short of 80 MHz on two seeds of three) */
    vm_reg(m, "r_hnpc_q", "3", "a's, b's, c's PC is the next-issue PC {c, b, a}");
    vm_reg(m, "r_xsel_q", "3", "x's input");
    {
        struct vblock *b = vm_seq(m, "hits");
        vb_set(b, "r_hit_pcn_q", "%s", picked(sel_buf, sizeof sel_buf, "xsel", "", " == m_pcn_i"));
        vb_set(b, "r_hnpc_q", "m_npc_byp_i ? {c[P_PC +: 30] == m_npc_c0_i, m_b_i[P_PC +: 30] == "
                              "m_npc_c0_i, m_a_i[P_PC +: 30] == m_npc_c0_i} : {c[P_PC +: 30] == "
                              "m_npc_i, m_b_i[P_PC +: 30] == m_npc_i, m_a_i[P_PC +: 30] == m_npc_i}");
        vb_set(b, "r_xsel_q", "xsel");
    }
    vm_wire(m, "ysel", "3", "y's PC is a's, b's or c's");
    if (exact) {
        vm_comment(m, "The exact CCT's compares of y with its root, the same way: the root's PC "
                      "(read at issue + 6) against the CCS's inputs, picked by the input y comes "
                      "from.");
        vm_wire(m, "rpc", "30", "the warp's heap root's PC at resolve");
        vm_reg(m, "r_yeq_q", "1", "y's PC is the root's");
        vm_reg(m, "r_rlt_q", "1", "the root's PC is below y's");
        struct vblock *b = vm_seq(m, "root_compares");
        vb_set(b, "r_yeq_q", "%s", picked(sel_buf, sizeof sel_buf, "ysel", "", " == rpc"));
        vb_set(b, "r_rlt_q", "%s", picked(sel_buf, sizeof sel_buf, "ysel", "rpc < ", ""));
        vb_set(b, "r_xeq_q", "%s", picked(sel_buf, sizeof sel_buf, "xsel", "", " == rpc"));
    } else {
        vm_wire(m, "unused_ysel", "1", "only the exact CCT compares y early");
        vm_assign(m, "unused_ysel", "^ysel");
    }
    vm_assign(m, "r_hit_pcn_o", "r_hit_pcn_q");
    vm_assign(m, "r_hit_npc_o", "|(r_xsel_q & r_hnpc_q)");
    {
        struct vblock *b = vm_seq(m, "ccs_result");
        vb_set(b, "r_valid_q", "m_valid_i");
        vb_set(b, "r_wid_q", exact ? "p_q ? p_w_q : m_wid_i" : "m_wid_i");
        if (exact) {
            vb_set(b, "p_q", "ps_go");
            vb_set(b, "p_w_q", "ps_w");
            vb_set(b, "r_ps_q", "p_q");
            vb_zero(b, "p_q");
            vb_zero(b, "r_ps_q");
        }
        if (s->lazy)
            vb_set(b, "r_cf_q", "m_cf_i");
        vb_set(b, "r_c_q", "c");
        vb_set(b, "r_x_q", "x");
        vb_set(b, "r_y_q", "y");
        vb_set(b, "r_z_q", "z");
        vb_zero(b, "r_valid_q");
    }
    vm_assign(m, "r_c_o", "r_c_q");
    vm_assign(m, "r_x_o", "r_x_q");
    vm_assign(m, "r_y_o", "r_y_q");
    vm_assign(m, "r_z_o", "r_z_q");
}

/* The CCT (exact heap or lazy sorter; none for T <= 2) and HCT2's write. */
static void sorted_cct(const struct simt_cfg *cfg, struct vmod *m, const struct sorted *s)
{
    struct vinst *in;
    int exact = s->exact, has_cct = s->has_cct;

    if (exact) {
        vm_wire(m, "cct_empty", "1", NULL);
        in = vm_inst(m, "simty_cct_exact", "u_cct");
        vm_inst_conns(in, (const char *const[]){
            "clk_i", "clk_i", "rst_i", "rst_i", "init_i", "init_i", "init_row_i", "init_row_i",
            "n_wid_i", "nw", "n_valid_i", "n_valid_i", "ps_go_o", "ps_go", "ps_w_o", "ps_w",
            "m_valid_i", "r_valid_q || r_ps_q", "m_wid_i", "r_wid_q", "m_rpc_o", "rpc",
            "x_i", "r_x_q", "xeq_i", "r_xeq_q", "ab_o", "ab", "ab_mask_o", "ab_mask",
            "y_i", "r_y_q", "z_i", "r_z_q", "yeq_i", "r_yeq_q", "rlt_i", "r_rlt_q",
            "empty_o", "cct_empty", "h2_o", "h2_wdata", "hold_o", "hold_o", NULL });
        if (cfg->formal)
            vm_inst_conn(in, "f_cct_o", "f_cct");
        vm_assign(m, "r_single_o", cfg->mutate == MUT_SINGLE_EARLY ? "!r_y_q[P_V]"
                                                                   : "!r_y_q[P_V] && cct_empty");
    } else if (has_cct) {
        vm_wire(m, "cct_empty", "1", NULL);
        vm_wire(m, "cct_swap", "1", "HCT2's new entry is the stack's (a swap)");
        vm_wire(m, "cct_y", "PATH_W", "y, registered with the CCT's operation");
        in = vm_inst(m, "simty_cct", "u_cct");
        vm_inst_conns(in, (const char *const[]){
            "clk_i", "clk_i", "rst_i", "rst_i", "m_valid_i", "r_valid_q", "m_wid_i", "r_wid_q",
            "step_i", "r_cf_q", "y_i", "r_y_q", "z_i", "r_z_q", "empty_o", "cct_empty", "h2_o", "h2_wdata",
            "y_o", "cct_y", "swap_o", "cct_swap", NULL });
        if (cfg->formal)
            vm_inst_conn(in, "f_cct_o", "f_cct");
        vm_assign(m, "r_single_o", cfg->mutate == MUT_SINGLE_EARLY ? "!r_y_q[P_V]"
                                                                   : "!r_y_q[P_V] && cct_empty");
    } else {
        vm_reg(m, "g_y_q", "PATH_W", NULL);
        vm_assign(m, "h2_wdata", "g_y_q");
        vm_assign(m, "r_single_o", cfg->mutate == MUT_SINGLE_EARLY ? "1'b1" : "!r_y_q[P_V]");
    }
    {
        struct vblock *b = vm_seq(m, "hct2_write");
        vb_set(b, "g_valid_q", exact ? "r_valid_q || r_ps_q" : "r_valid_q");
        if (exact)
            vb_set(b, "g_ps_q", "r_ps_q");
        vb_set(b, "g_wid_q", "r_wid_q");
        vb_set(b, "g_xpc_q", "r_x_q[P_PC +: 30]");
        vb_set(b, "g_xd_q", "r_x_q[P_D +: 8]");
        if (exact)
            vb_set(b, "g_two_q", "cct_empty && !r_z_q[P_V]");
        if (!has_cct)
            vb_set(b, "g_y_q", "r_y_q");
        vb_zero(b, "g_valid_q");
    }
}

/* Formal observation (--formal): HCT1's and HCT2's words and the CCT's paths. Nonzero when out of memory. */
static int sorted_formal(const struct simt_cfg *cfg, struct vmod *m, const struct sorted *s)
{
    int nc = s->nc;
    const char *h1_wd = s->h1_wd, *h1_we = s->h1_we, *h2_init = s->h2_init;

    if (!cfg->formal)
        return 0;
    size_t len = 0, cap = (size_t)(cfg->w * (2 + nc)) * 64 + 16;
    char *cat = malloc(cap);
    int w, p;
    if (!cat)
        return -1;
    char wd[192];
    snprintf(wd, sizeof wd, "init_i ? {1'b1, %s, start_pc_i, {T{1'b1}}} : %s", path_depth0(cfg), h1_wd);
    f_mirror(m, "f_hct1_q", "WARP_W", "PATH_W", h1_we, "init_i ? init_wid_i : r_wid_q", wd);
    snprintf(wd, sizeof wd, "init_i ? %s : h2_wdata", h2_init);
    f_mirror(m, "f_hct2_q", "WARP_W", "PATH_W", "init_i || g_valid_q", "init_i ? init_wid_i : g_wid_q", wd);
    {
        char wd2[32];
        snprintf(wd2, sizeof wd2, "W*%d*PATH_W", nc);
        if (nc)
            vm_wire(m, "f_cct", wd2, "the CCT's paths");
    }
    for (w = cfg->w - 1; w >= 0; w--)
        for (p = 1 + nc; p >= 0; p--) {
            char item[48];
            if (p < 2)
                snprintf(item, sizeof item, "f_hct%d_q[%d]", p + 1, w);
            else
                snprintf(item, sizeof item, "f_cct[%d*PATH_W +: PATH_W]", w * nc + p - 2);
            len += (size_t)snprintf(cat + len, cap - len, "%s%s", len ? ", " : "{", item);
        }
    snprintf(cat + len, cap - len, "}");
    vm_assign(m, "f_paths_o", "%s", cat);
    free(cat);
    return 0;
}

/* How far the head path may run before HCT2's path (for the scheduler), and the unused inputs. */
static void sorted_ahead(struct vmod *m, const struct sorted *s)
{
    int exact = s->exact, lazy = s->lazy;
    /* HCT2's new entry: the lazy stack's comes from its RAM late in the cycle, so
     * the count reads y's registered copy and is 0 after a pop (y invalid) or a
     * swap (HCT2 is the stack's entry); then HCT2 comes after the head. */
    const char *h2v = lazy ? "cct_y[P_V] && !cct_swap" : "h2_wdata[P_V]";
    const char *h2pc = lazy ? "cct_y[P_PC +: 30]" : "h2_wdata[P_PC +: 30]";
    const char *h2d = lazy ? "cct_y[P_D +: 8]" : "h2_wdata[P_D +: 8]";

    vm_comment(m, "How many instructions the head path may run before it reaches HCT2's path "
                  "(with the exact heap, when that is the warp's only other one: its heap "
                  "empty): the scheduler lets the warp issue that many path-neutral "
                  "instructions back to back, so that they never pass the point where HCT2's "
                  "path waits. Those resolve a cycle apart and leave the tables as they are: "
                  "the lazy sorter steps only at branches and jumps, which the scheduler does "
                  "not follow this way; with paths in the exact heap a resolve may merge its "
                  "root into HCT2, and the heap's operations of one warp must be 3 cycles apart.");
    vm_reg(m, "a_valid_q", "1", "the count, registered (issue + 10)");
    vm_reg(m, "a_wid_q", "WARP_W", NULL);
    vm_reg(m, "a_n_q", "3", NULL);
    vm_wire(m, "g_ahead", "3", NULL);
    {
        struct vblock *b = vm_seq(m, "ahead");
        vb_set(b, "a_valid_q", exact ? "g_valid_q && !g_ps_q" : "g_valid_q");
        vb_set(b, "a_wid_q", "g_wid_q");
        vb_set(b, "a_n_q", "g_ahead");
        vb_zero(b, "a_valid_q");
    }
    vm_assign(m, "g_valid_o", "a_valid_q");
    vm_assign(m, "g_wid_o", "a_wid_q");
    vm_assign(m, "g_ahead_o", "a_n_q");
    vm_wire(m, "g_dist", "31", "HCT2's PC - the head's (negative: HCT2's is behind)");
    vm_assign(m, "g_dist", "{1'b0, %s} - {1'b0, g_xpc_q}", h2pc);
    vm_comment(m, "Paths at one PC merge whatever their depths, so the head stops before "
                  "HCT2's PC when that is ahead of it; one behind it (less deep) is never "
                  "reached.");
    vm_assign(m, "g_ahead", "!(%s)%s ? 3'd0 : "
                              "g_dist[30] || g_dist == 31'd0 ? (%s < g_xd_q ? "
                              "3'd7 : 3'd0) : g_dist[29:3] != 27'd0 ? 3'd7 : g_dist[2:0]",
              h2v, exact ? " || !g_two_q" : "", h2d);
    vm_wire(m, "unused_leave", "1", "the sorted list learns exits from the masks");
    vm_assign(m, "unused_leave", exact ? "^m_leave_i" : "^m_leave_i ^ ^init_row_i ^ n_valid_i");
    if (!exact)
        vm_assign(m, "hold_o", "{W{1'b0}}");
}

int gen_path_sorted(const struct simt_cfg *cfg, struct vmod *m)
{
    struct sorted s;

    sorted_setup(cfg, &s);
    sorted_interface(cfg, m, &s);
    sorted_hct1(cfg, m, &s);
    sorted_hct2(m, &s);
    sorted_ccs(cfg, m, &s);
    sorted_cct(cfg, m, &s);
    if (sorted_formal(cfg, m, &s))
        return vm_status(m);
    sorted_ahead(m, &s);
    return vm_status(m);
}
