/*
 * path_arbiter.c - simty_path_arbiter: per-thread PCs and a min-reduction
 * tree (TRACK=arbiter), behind the same ports as simty_path_sorted.
 */
#include "path.h"

/* --formal: a copy of a RAM's words, written as the RAM is, read by the
 * observation ports (a formal tool cannot look inside the RAM instance). */
static void f_mirror(struct vmod *m, const char *name, const char *dw, const char *we,
                     const char *wa, const char *wd)
{
    char buf[160];
    struct vblock *b;
    vm_sig_depth(vm_reg(m, name, dw, "formal: the RAM's words"), "1<<WARP_W");
    b = vm_seq(m, name);
    vb_if(b, "%s", we);
    snprintf(buf, sizeof buf, "%s[%s]", name, wa);
    vb_set(b, buf, "%s", wd);
    vb_end(b);
}

/* 1 + the index of the cut that registers tree level lvl, or 0 */
static int cut_of(const int *cuts, int k, int lvl)
{
    for (int j = 0; j < k; j++)
        if (cuts[j] == lvl)
            return j + 1;
    return 0;
}

/* The reduction tree: node n<lvl>_<i> (level 0 = the lanes; each level
 * halves), registered as c<lvl>_<i>_q at each of the k ARBPIPE cuts (cuts[]).
 * Beside the nodes of the last stage, e<lvl>_<i> = {PC == next-issue PC, PC
 * == predicted next PC}: compared at the last stage's inputs, in parallel
 * with its levels, and carried up with the winner, so the root's compares
 * add a multiplexer per level, not a compare after the root (W8T8: 57 MHz). */
static void arb_tree(const struct simt_cfg *cfg, struct vmod *m, const int *cuts, int k)
{
    int t = cfg->t, lvl, i, n;
    int l0 = k ? cuts[k - 1] : 0;        /* the last stage's first level */
    char name[32], lf[32], rt[32], g[32], src0[32];

    vm_comment(m, "Reduction tree: at each node the left thread wins if it is alive and the "
                  "right one is not, or it is deeper, or as deep with a PC no higher.");
    /* Each of the ARBPIPE cuts registers the nodes of one level (with the row,
     * for x's mask): cut j at level j * levels / (k + 1), so that the stages
     * hold as many levels as they can share evenly; with fewer levels than
     * cuts, one level each (the root last). */
    for (i = 0; i < t; i++) {
        snprintf(name, sizeof name, "n0_%d", i);
        vm_wire(m, name, "TS_W", NULL);
        vm_assign(m, name, "st_p_q[%d +: TS_W]", 39 * i);
    }
    for (i = 0; i < (t >> l0); i++) {
        snprintf(src0, sizeof src0, cut_of(cuts, k, l0) ? "c%d_%d_q" : "n%d_%d", l0, i);
        snprintf(name, sizeof name, "e%d_%d", l0, i);
        vm_wire(m, name, "2", i ? NULL : "{PC == next-issue PC, PC == predicted next PC}");
        vm_assign(m, name, "{%s[29:0] == (m_npc_byp_i ? m_npc_c0_i : m_npc_i), %s[29:0] == m_pcn_i}",
                  src0, src0);
    }
    for (lvl = 1, n = t / 2; n >= 1; lvl++, n /= 2) {
        int c = cut_of(cuts, k, lvl - 1);
        const char *src = c ? "c" : "n";
        const char *sfx = c ? "_q" : "";
        for (i = 0; i < n; i++) {
            snprintf(name, sizeof name, "n%d_%d", lvl, i);
            snprintf(g, sizeof g, "g%d_%d", lvl, i);
            snprintf(lf, sizeof lf, "%s%d_%d%s", src, lvl - 1, 2 * i, sfx);
            snprintf(rt, sizeof rt, "%s%d_%d%s", src, lvl - 1, 2 * i + 1, sfx);
            vm_wire(m, g, "1", i ? NULL : "the left one wins");
            vm_assign(m, g, "%s[38] && (!%s[38] || %s[37:30] > %s[37:30] || "
                            "(%s[37:30] == %s[37:30] && %s[29:0] %s %s[29:0]))",
                      lf, rt, lf, rt, lf, rt, lf, cfg->mutate == MUT_BAD_ORDER ? ">=" : "<=", rt);
            vm_wire(m, name, "TS_W", NULL);
            vm_assign(m, name, "%s ? %s : %s", g, lf, rt);
            if (lvl > l0) {
                snprintf(name, sizeof name, "e%d_%d", lvl, i);
                vm_wire(m, name, "2", NULL);
                vm_assign(m, name, "%s ? e%d_%d : e%d_%d", g, lvl - 1, 2 * i, lvl - 1, 2 * i + 1);
            }
        }
    }
}

/* Where the k ARBPIPE cuts register the tree: cut j at level j * levels /
 * (k + 1), at least one above the last (cfg.c allows k <= max(1, levels);
 * T = 1 registers its one thread). */
static void arb_cuts(const struct simt_cfg *cfg, int *cuts)
{
    int levels = cfg->lane_id_bits, k = cfg->arbpipe;
    for (int j = 1; j <= k; j++) {
        int c = j * levels / (k + 1);
        if (c <= (j > 1 ? cuts[j - 2] : 0))
            c = (j > 1 ? cuts[j - 2] : 0) + 1;
        cuts[j - 1] = c > levels ? levels : c;
    }
}

/* A row of thread states at reset, {alive, depth, PC} per lane: every thread
 * alive at the start PC (--mutate=bad-init: lane 0 starts dead). */
static void arb_init_row(const struct simt_cfg *cfg, char *buf, size_t n)
{
    if (cfg->mutate == MUT_BAD_INIT)
        snprintf(buf, n, cfg->t == 1 ? "{1'b0, 8'd0, start_pc_i}"
                                     : "{{(T-1){1'b1, 8'd0, start_pc_i}}, 1'b0, 8'd0, start_pc_i}");
    else
        snprintf(buf, n, "{T{1'b1, %s, start_pc_i}}", path_depth0(cfg));
}

/* What the unit does, its parameters and ports. */
static void arb_interface(const struct simt_cfg *cfg, struct vmod *m)
{
    int t = cfg->t, k = cfg->arbpipe;
    char desc[48];
    const char *mut = cfg->mutate != MUT_NONE ? cfg_mutation_name(cfg->mutate) : NULL;

    if (k)
        snprintf(desc, sizeof desc, "over %d pipeline stages (ARBPIPE=%d)", k + 1, k);
    else
        snprintf(desc, sizeof desc, "in one pipeline stage");
    vm_describe(m, "Arbiter path tracker (TRACK=arbiter): per warp one RAM row holding every "
                   "thread's state {alive, call depth, PC}, and the warp's head path {PC, depth, "
                   "threads} in a small RAM. Membership (issue + 5): the active lanes are the "
                   "head path's threads (the live threads at its PC, whatever their depth, run "
                   "together at the deepest of their depths). Resolve (issue + 7): the threads "
                   "of path a take a's PC and depth, those of b take b's, exiting and trapping "
                   "threads die; the updated row is registered and written back. Then a "
                   "reduction tree over it picks the deepest call depth, then the lowest PC "
                   "(MinSP-PC), %s; the head path is every live thread at that PC. The same order "
                   "as the sorted list, without the list: the cost is a wide RAM row and a tree "
                   "of T - 1 comparators.", desc);
    vm_latency(m, "head read at issue + 4; row read at issue + 6; x at stage r = issue + %d",
               7 + cfg->res_lat);
    vm_localparam(m, "T", t, "threads per warp");
    vm_localparam(m, "WARP_W", cfg->warp_id_w, "max(1, log2(W = %d))", cfg->w);
    vm_localparam(m, "TS_W", 39, "thread state: {alive, depth[7:0], pc[29:0]}");
    path_lp(cfg, m);
    vm_port(m, VM_IN, "clk_i", "1", NULL);
    vm_port(m, VM_IN, "rst_i", "1", NULL);
    vm_port(m, VM_IN, "init_i", "1", "reset sequence: every thread alive at start_pc_i");
    vm_port(m, VM_IN, "init_wid_i", "WARP_W", NULL);
    vm_port(m, VM_IN, "start_pc_i", "30", NULL);
    vm_group(m, "execute (issue + 4): read the head path");
    vm_port(m, VM_IN, "ex_wid_i", "WARP_W", NULL);
    vm_group(m, "membership (issue + 5)");
    vm_port(m, VM_OUT, "mb_active_o", "T", NULL);
    vm_port(m, VM_OUT, "mb_depth_o", "8", "deepest depth among the active threads");
    vm_port(m, VM_OUT, "mb_lead1h_o", "T", "the lowest active lane, one-hot");
    vm_group(m, "split (issue + 6): read the thread states");
    vm_port(m, VM_IN, "n_wid_i", "WARP_W", NULL);
    vm_group(m, "resolve (issue + 7)");
    vm_port(m, VM_IN, "m_valid_i", "1", NULL);
    vm_port(m, VM_IN, "m_wid_i", "WARP_W", NULL);
    vm_port(m, VM_IN, "m_a_i", "PATH_W", NULL);
    vm_port(m, VM_IN, "m_b_i", "PATH_W", NULL);
    vm_port(m, VM_IN, "m_leave_i", "T", "lanes that exited or trapped");
    vm_group(m, "the cycle before stage r: what the tree's root is compared with");
    vm_port(m, VM_IN, "m_pcn_i", "30", "the predicted next PC of the warp entering stage r");
    vm_port(m, VM_IN, "m_npc_i", "30", "the PC of its next instruction to issue, as registered");
    vm_port(m, VM_IN, "m_npc_c0_i", "30", "... as collect 0 writes it this cycle");
    vm_port(m, VM_IN, "m_npc_byp_i", "1", "m_npc_c0_i is the one");
    if (cfg->yield_w) {
        vm_port(m, VM_IN, "m_back_i", "1", "a backward jump of all its lanes (simty_yield)");
        vm_port(m, VM_IN, "m_read_i", "1", "a load or an atomic (simty_yield)");
        vm_port(m, VM_OUT, "m_yield_o", "1", "the head yields (trace)");
    }
    vm_group(m, "stage r");
    vm_port(m, VM_OUT, "r_c_o", "PATH_W", "(no second path: invalid)");
    vm_port(m, VM_OUT, "r_x_o", "PATH_W", "the next PC, its depth and the threads there");
    vm_port(m, VM_OUT, "r_y_o", "PATH_W", "(invalid)");
    vm_port(m, VM_OUT, "r_z_o", "PATH_W", "(invalid)");
    vm_port(m, VM_OUT, "r_single_o", "1", "every live thread is at x's PC");
    vm_port(m, VM_OUT, "r_hit_pcn_o", "1", "x's PC is m_pcn_i (compared in the tree, registered)");
    vm_port(m, VM_OUT, "r_hit_npc_o", "1", "x's PC is the next-issue PC (idem)");
    if (cfg->formal) {
        vm_group(m, "formal observation (simty-gen --formal, test only)");
        vm_port(m, VM_OUT, "f_head_o", "(1<<WARP_W)*PATH_W", "every warp's head path");
        vm_port(m, VM_OUT, "f_row_o", "(1<<WARP_W)*TS_W*T", "every warp's thread states");
    }
    if (mut)
        vm_note(m, "TEST-ONLY MUTATION --mutate=%s (make formal must catch it)", mut);
}

/* The head path's RAM (written at stage r, read at execute) and the
 * membership outputs. */
static void arb_head(const struct simt_cfg *cfg, struct vmod *m)
{
    struct vinst *in;
    char lane0[32], lead_buf[96], wd[128];

    if (cfg->t == 1)
        snprintf(lane0, sizeof lane0, "1'b1");
    else
        snprintf(lane0, sizeof lane0, "{{%d{1'b0}}, 1'b1}", cfg->t - 1);
    vm_comment(m, "The head path, written at stage r, read for the next instruction.");
    vm_wire(m, "hd", "T+PATH_W", "{its lowest lane one-hot, the head path}");
    vm_wire(m, "x", "PATH_W", NULL);
    vm_wire(m, "x_lead", "T", "x's lowest lane, one-hot");
    vm_assign(m, "x_lead", "%s", path_lead1h(lead_buf, sizeof lead_buf, "x"));
    in = vm_inst(m, "simty_ram_1r1w", "u_head");
    vm_inst_param(in, "DEPTH_W", "WARP_W");
    vm_inst_param(in, "DATA_W", "T+PATH_W");
    snprintf(wd, sizeof wd, "init_i ? {%s, 1'b1, %s, start_pc_i, {T{1'b1}}} : {x_lead, x}", lane0,
             path_depth0(cfg));
    vm_inst_conns(in, (const char *const[]){
        "clk_i", "clk_i", "we_i", "init_i || r_valid_q", "waddr_i", "init_i ? init_wid_i : r_wid_q",
        "wdata_i", wd, "re_i", "1'b1", "raddr_i", "ex_wid_i", "rdata_o", "hd", NULL });
    if (cfg->mutate == MUT_EXTRA_LANE)
        vm_assign(m, "mb_active_o", "(hd[P_V] ? hd[T-1:0] : {T{1'b0}}) | %s", lane0);
    else
        vm_assign(m, "mb_active_o", "hd[P_V] ? hd[T-1:0] : {T{1'b0}}");
    vm_assign(m, "mb_depth_o", "hd[P_D +: 8]");
    vm_assign(m, "mb_lead1h_o", "hd[PATH_W +: T]");

}

/* Forward progress: the other live threads of the warp at resolve, and whether
 * the head yields (simty_yield). */
static void arb_yield(struct vmod *m)
{
    struct vinst *in;
    struct vblock *b;

    vm_reg(m, "others", "T", "live threads outside a and b");
    vm_reg(m, "umark", "T", "... that have not yielded");
    vm_wire(m, "others_unmarked", "1", "some other live thread has not yielded");
    vm_wire(m, "yl", "1", "the head yields");
    b = vm_comb(m, "others");
    vb_default(b, "others", "{T{1'b0}}");
    vb_default(b, "umark", "{T{1'b0}}");
    vb_for(b, "l", "0", "T");
    vb_set(b, "others[l]", "st_m[TS_W*l + 38] && !m_a_i[l] && !m_b_i[l] && !m_leave_i[l]");
    vb_set(b, "umark[l]", "others[l] && st_m[TS_W*l + 37]");
    vb_end(b);
    vm_assign(m, "others_unmarked", "umark != {T{1'b0}}");
    in = vm_inst(m, "simty_yield", "u_yield");
    vm_inst_conns(in, (const char *const[]){
        "clk_i", "clk_i", "rst_i", "rst_i", "valid_i", "m_valid_i", "wid_i", "m_wid_i",
        "back_i", "m_back_i", "read_i", "m_read_i", "others_i", "others != {T{1'b0}}", "yield_o", "yl", NULL });
    vm_assign(m, "m_yield_o", "yl");
}

/* The thread states' RAM (read at split, written after resolve) and the
 * update of a warp's row by a pass. */
static void arb_rows(const struct simt_cfg *cfg, struct vmod *m)
{
    struct vinst *in;
    struct vblock *b;
    int t = cfg->t;
    char init_row[96], wd[128];

    arb_init_row(cfg, init_row, sizeof init_row);
    vm_wire(m, "st_m", "TS_W*T", "the warp's thread states at resolve");
    vm_reg(m, "st_new", "TS_W*T", "after the pass");
    vm_reg(m, "p_valid_q", "1", "the updated row (issue + 8)");
    vm_reg(m, "p_wid_q", "WARP_W", NULL);
    vm_reg(m, "st_p_q", "TS_W*T", NULL);
    in = vm_inst(m, "simty_ram_1r1w", "u_threads");
    vm_inst_param(in, "DEPTH_W", "WARP_W");
    vm_inst_param(in, "DATA_W", "TS_W*T");
    snprintf(wd, sizeof wd, "init_i ? %s : st_p_q", init_row);
    vm_inst_conns(in, (const char *const[]){
        "clk_i", "clk_i", "we_i", "init_i || p_valid_q", "waddr_i", "init_i ? init_wid_i : p_wid_q",
        "wdata_i", wd, "re_i", "1'b1", "raddr_i", "n_wid_i", "rdata_o", "st_m", NULL });

    vm_integer(m, "l");
    if (cfg->yield_w)
        arb_yield(m);
    /* --mutate=yield-no-mark: a and b keep their mark bit; yield-no-unmark: the others stay
     * marked when every one of them is */
    const char *mark = cfg->mutate == MUT_YIELD_NO_MARK ? "" : " & !yl";
    char da[48], db[48];
    snprintf(da, sizeof da, "m_a_i[P_D+7]%s, m_a_i[P_D +: 7]", mark);
    snprintf(db, sizeof db, "m_b_i[P_D+7]%s, m_b_i[P_D +: 7]", mark);
    vm_comment(m, "Update: a's threads to a, b's to b, the leaving ones die.%s",
               cfg->yield_w ? " On a yield, a and b are marked and, when every other live "
                              "thread is marked, they are all unmarked: each of them runs before the "
                              "yielding path again." : "");
    b = vm_comb(m, "update");
    vb_default(b, "st_new", "st_m");
    vb_for(b, "l", "0", "T");
    vb_if(b, "m_a_i[l]");
    vb_set(b, "st_new[TS_W*l +: TS_W]", "{1'b1, %s, m_a_i[P_PC +: 30]}",
           cfg->yield_w ? da : "m_a_i[P_D +: 8]");
    if (cfg->mutate == MUT_SKIP_MASK_BIT)
        vb_elif(b, "m_b_i[l] && l != %d", t - 1);
    else
        vb_elif(b, "m_b_i[l]");
    vb_set(b, "st_new[TS_W*l +: TS_W]", "{1'b1, %s, m_b_i[P_PC +: 30]}",
           cfg->yield_w ? db : "m_b_i[P_D +: 8]");
    if (cfg->mutate != MUT_KEEP_EXITED) {
        vb_elif(b, "m_leave_i[l]");
        vb_set(b, "st_new[TS_W*l + 38]", "1'b0");
    }
    if (cfg->yield_w && cfg->mutate != MUT_YIELD_NO_UNMARK) {
        vb_elif(b, "yl && !others_unmarked");
        vb_set(b, "st_new[TS_W*l + 37]", "1'b1");
    }
    vb_end(b);
    vb_end(b);
    b = vm_seq(m, "row");
    vb_set(b, "p_valid_q", "m_valid_i");
    vb_set(b, "p_wid_q", "m_wid_i");
    vb_set(b, "st_p_q", "st_new");
    vb_zero(b, "p_valid_q");

}

/* Stage r: the winner, the row and the hits registered, through the cuts. */
static void arb_stage_r(const struct simt_cfg *cfg, struct vmod *m, const int *cuts)
{
    struct vblock *b;
    int t = cfg->t, j, i, levels = cfg->lane_id_bits, k = cfg->arbpipe;
    char name[32];

    vm_reg(m, "win_q", "TS_W", "the winning thread state (stage r)");
    vm_reg(m, "st_r_q", "TS_W*T", "the row at stage r");
    vm_reg(m, "r_valid_q", "1", NULL);
    vm_reg(m, "r_wid_q", "WARP_W", NULL);
    /* compared in the tree (arb_tree) rather than with x after it: the
     * redirect's hit went through a 30-bit compare into fetch's kill (W8T8 at
     * 86d458e: every seed's worst path, 71.0 MHz, 79 % routing) */
    vm_reg(m, "r_hit_pcn_q", "1", "x's PC is the predicted next PC");
    vm_reg(m, "r_hit_npc_q", "1", "x's PC is the next-issue PC");
    b = vm_seq(m, "tree");
    snprintf(name, sizeof name, cut_of(cuts, k, levels) ? "c%d_0_q" : "n%d_0", levels);
    for (j = 1; j <= k; j++) {
        char v[32], wd[32], st[32], pv[32], pw[32], ps[32];
        snprintf(v, sizeof v, "q%d_valid_q", j);
        snprintf(wd, sizeof wd, "q%d_wid_q", j);
        snprintf(st, sizeof st, "st_q%d_q", j);
        snprintf(pv, sizeof pv, j == 1 ? "p_valid_q" : "q%d_valid_q", j - 1);
        snprintf(pw, sizeof pw, j == 1 ? "p_wid_q" : "q%d_wid_q", j - 1);
        snprintf(ps, sizeof ps, j == 1 ? "st_p_q" : "st_q%d_q", j - 1);
        vm_reg(m, v, "1", j == 1 ? "the tree's cuts (ARBPIPE)" : NULL);
        vm_reg(m, wd, "WARP_W", NULL);
        vm_reg(m, st, "TS_W*T", NULL);
        vb_set(b, v, "%s", pv);
        vb_set(b, wd, "%s", pw);
        vb_set(b, st, "%s", ps);
        vb_zero(b, v);
        for (i = 0; i < (t >> cuts[j - 1]); i++) {
            char reg[32], src[32];
            snprintf(reg, sizeof reg, "c%d_%d_q", cuts[j - 1], i);
            snprintf(src, sizeof src, "n%d_%d", cuts[j - 1], i);
            vm_reg(m, reg, "TS_W", NULL);
            vb_set(b, reg, "%s", src);
        }
    }
    vb_set(b, "win_q", "%s", name);
    vb_set(b, "r_hit_pcn_q", "e%d_0[0]", levels);
    vb_set(b, "r_hit_npc_q", "e%d_0[1]", levels);
    if (k) {
        vb_set(b, "st_r_q", "st_q%d_q", k);
        vb_set(b, "r_valid_q", "q%d_valid_q", k);
        vb_set(b, "r_wid_q", "q%d_wid_q", k);
    } else {
        vb_set(b, "st_r_q", "st_p_q");
        vb_set(b, "r_valid_q", "p_valid_q");
        vb_set(b, "r_wid_q", "p_wid_q");
    }
    vb_zero(b, "r_valid_q");

}

/* The next path: the threads at the winner's PC, and the stage-r outputs. */
static void arb_next_path(const struct simt_cfg *cfg, struct vmod *m)
{
    struct vblock *b;

    vm_reg(m, "xmask", "T", "threads at the winning PC");
    vm_reg(m, "live", "T", NULL);
    b = vm_comb(m, "next_path");
    vb_default(b, "xmask", "{T{1'b0}}");
    vb_default(b, "live", "{T{1'b0}}");
    vb_for(b, "l", "0", "T");
    vb_set(b, "live[l]", "st_r_q[TS_W*l + 38]");
    if (cfg->mutate == MUT_DROP_MERGE)
        vb_set(b, "xmask[l]", "st_r_q[TS_W*l + 38] && st_r_q[TS_W*l +: 30] == win_q[29:0] && "
                              "st_r_q[TS_W*l + 30 +: 8] == win_q[37:30]");
    else
        vb_set(b, "xmask[l]", "st_r_q[TS_W*l + 38] && st_r_q[TS_W*l +: 30] == win_q[29:0]");
    vb_end(b);
    vm_assign(m, "x", "{win_q[38], win_q[37:30], win_q[29:0], xmask}");
    vm_assign(m, "r_x_o", "x");
    vm_assign(m, "r_hit_pcn_o", "r_hit_pcn_q");
    vm_assign(m, "r_hit_npc_o", "r_hit_npc_q");
    vm_assign(m, "r_single_o", cfg->mutate == MUT_SINGLE_EARLY ? "xmask != {T{1'b0}}" : "xmask == live");
}

/* Formal observation (simty-gen --formal): every warp's head path and row. */
static void arb_formal(const struct simt_cfg *cfg, struct vmod *m)
{
    char init_row[96];

    arb_init_row(cfg, init_row, sizeof init_row);
    char mw[128];
    struct vblock *fb;
    snprintf(mw, sizeof mw, "init_i ? {1'b1, %s, start_pc_i, {T{1'b1}}} : x", path_depth0(cfg));
    f_mirror(m, "f_head_q", "PATH_W", "init_i || r_valid_q", "init_i ? init_wid_i : r_wid_q", mw);
    snprintf(mw, sizeof mw, "init_i ? %s : st_p_q", init_row);
    f_mirror(m, "f_row_q", "TS_W*T", "init_i || p_valid_q", "init_i ? init_wid_i : p_wid_q", mw);
    vm_integer(m, "fw");
    vm_reg(m, "f_head", "(1<<WARP_W)*PATH_W", NULL);
    vm_reg(m, "f_row", "(1<<WARP_W)*TS_W*T", NULL);
    fb = vm_comb(m, "f_observe");
    vb_default(fb, "f_head", "{(1<<WARP_W)*PATH_W{1'b0}}");
    vb_default(fb, "f_row", "{(1<<WARP_W)*TS_W*T{1'b0}}");
    vb_for(fb, "fw", "0", "1<<WARP_W");
    vb_set(fb, "f_head[PATH_W*fw +: PATH_W]", "f_head_q[fw]");
    vb_set(fb, "f_row[TS_W*T*fw +: TS_W*T]", "f_row_q[fw]");
    vb_end(fb);
    vm_assign(m, "f_head_o", "f_head");
    vm_assign(m, "f_row_o", "f_row");
}

int gen_path_arbiter(const struct simt_cfg *cfg, struct vmod *m)
{
    int cuts[CFG_ARBPIPE_MAX];

    arb_cuts(cfg, cuts);
    arb_interface(cfg, m);
    arb_head(cfg, m);
    arb_rows(cfg, m);
    arb_tree(cfg, m, cuts, cfg->arbpipe);
    arb_stage_r(cfg, m, cuts);
    arb_next_path(cfg, m);
    if (cfg->formal)
        arb_formal(cfg, m);
    vm_assign(m, "r_c_o", "{PATH_W{1'b0}}");
    vm_assign(m, "r_y_o", "{PATH_W{1'b0}}");
    vm_assign(m, "r_z_o", "{PATH_W{1'b0}}");
    vm_wire(m, "unused_ports", "1", NULL);
    vm_assign(m, "unused_ports", "^{rst_i, m_a_i[P_V], m_b_i[P_V]}");
    return vm_status(m);
}
