/*
 * cct_exact.c - simty_cct_exact: the cold context table of the sorted path
 * list as a pipelined heap per warp (SORTER=exact).
 *
 * The warp's cold paths are HCT2 (path_sorted.c) and this heap; HCT2 is kept
 * the minimum of them, so the CCS's x is always the warp's minimum path
 * (MinSP-PC).  The heap has L = log2(T) levels (2^L - 1 >= T - 2 entries),
 * one RAM group per level, and one pipeline stage per level: stage k owns a
 * node of level k, writes it, and reads the grandchildren quad of its node for
 * stage k + 1 (the address is stage k's own registers: no compare drives a RAM
 * address).  An entry holds the path's key and its leader lane (lowest thread);
 * the masks live in a RAM indexed by {warp, leader lane}, so the heap's width
 * does not grow with T (a warp's paths have disjoint masks: distinct leaders).
 */
#include "path.h"

#include <stdio.h>

/* "entry a comes strictly before entry b" (valid first, deeper, lower PC):
 * a valid and {a's valid, a's depth, b's pc} above {b's valid, b's depth,
 * a's pc}: one compare on the carry chain rather than three beside it and a
 * LUT level to combine them.  The PCs trade places instead of being inverted,
 * so no inverter sits in front of the chain. */
static const char *e_first(char *buf, size_t n, const char *a, const char *b)
{
    snprintf(buf, n,
             "%s[E_V] && {%s[E_V], %s[E_D +: 8], %s[E_PC +: 30]} > "
             "{%s[E_V], %s[E_D +: 8], %s[E_PC +: 30]}",
             a, a, a, b, b, b, a);
    return buf;
}

/* A 1R1W RAM instance; its write port is shared with the reset sequence,
 * which clears every word (valid = 0, count = 0).  With --formal (mirror), a
 * copy of its words written the same way, f_<name>_q, for the observation
 * port (a formal tool cannot look inside the RAM instance). */
enum { RAM_CLEARED = 1, RAM_MIRROR = 2, RAM_ASYNC = 4 };

static void ram(struct vmod *m, const char *name, const char *aw, const char *dw,
                const char *we, const char *waddr, const char *wdata, const char *raddr,
                const char *rdata, int flags)
{
    struct vinst *in = vm_inst(m, flags & RAM_ASYNC ? "simty_ram_1r1w_lut" : "simty_ram_1r1w",
                               name);
    char cwe[160], cwa[160], cwd[160];
    if (flags & RAM_CLEARED) {
        snprintf(cwe, sizeof cwe, "init_i || (%s)", we);
        snprintf(cwa, sizeof cwa, "init_i ? init_row_i[%s-1:0] : %s", aw, waddr);
        snprintf(cwd, sizeof cwd, "init_i ? {%s{1'b0}} : %s", dw, wdata);
    } else {
        snprintf(cwe, sizeof cwe, "%s", we);
        snprintf(cwa, sizeof cwa, "%s", waddr);
        snprintf(cwd, sizeof cwd, "%s", wdata);
    }
    vm_inst_param(in, "DEPTH_W", "%s", aw);
    vm_inst_param(in, "DATA_W", "%s", dw);
    vm_inst_conns(in, (const char *const[]){
        "clk_i", "clk_i", "we_i", cwe, "waddr_i", cwa, "wdata_i", cwd, NULL });
    if (!(flags & RAM_ASYNC))
        vm_inst_conn(in, "re_i", "1'b1");
    vm_inst_conns(in, (const char *const[]){ "raddr_i", raddr, "rdata_o", rdata, NULL });
    if (flags & RAM_MIRROR) {
        char mn[64], buf[240];
        struct vblock *b;
        snprintf(mn, sizeof mn, "f_%s_q", name + 2);
        snprintf(buf, sizeof buf, "1<<(%s)", aw);
        vm_sig_depth(vm_reg(m, mn, dw, "formal: the RAM's words"), buf);
        b = vm_seq(m, mn);
        vb_if(b, "%s", cwe);
        snprintf(buf, sizeof buf, "%s[%s]", mn, cwa);
        vb_set(b, buf, "%s", cwd);
        vb_end(b);
    }
}

/* A 2-bit count `q` of cycles a waiting operation found no slot: cleared
 * when `idle` (nothing waits, or it went), saturating at 3 (every warp held). */
static void starve_count(struct vblock *b, const char *q, const char *idle)
{
    vb_if(b, "%s", idle);
    vb_set(b, q, "2'd0");
    vb_elif(b, "%s != 2'd3", q);
    vb_set(b, q, "%s + 1'b1", q);
    vb_end(b);
}

/* The one-hot of the lowest set bit of `mask` (n bits: "T" lanes or "W"
 * warps), <label>_1h, encoded into `dst` (LANE_W or WARP_W bits) by a loop
 * over integer `it`. */
static void lowest(struct vmod *m, const char *label, const char *mask, int warps,
                   const char *dst, const char *it)
{
    char oh[64], sel[32];
    const char *w = warps ? "WARP_W" : "LANE_W";
    snprintf(sel, sizeof sel, "%s[%s-1:0]", it, w);
    const struct oh_field f[] = { { dst, w, sel, NULL } };
    snprintf(oh, sizeof oh, "%s_1h", label);
    vm_wire(m, oh, warps ? "W" : "T", NULL);
    vm_assign(m, oh, "%s & (~%s + 1'b1)", mask, mask);
    oh_select(m, label, oh, warps ? "W" : "T", it, f, 1);
}

/* The RAMs of heap level k >= 1: two nodes per warp at level 1 (read whole by
 * the pre-stage for stage 0), quads of siblings' children below (read by stage
 * k - 2 for stage k - 1).  A middle level (one whose stage compares: k <= L - 2)
 * is written behind: stage k registers its node's new entry and the RAM takes
 * it the cycle after, so the compares end at flip-flops, not at the LUT-RAM's
 * write port.  A read in that cycle (the warp's next operation, 3 cycles
 * behind, reaching level k) gets the registered entry instead of the RAM's
 * stale word: the RAM is read asynchronously and the choice made before the
 * read register, off the next stage's compares.  The level is still settled
 * by the time the leaves are written (stage L - 1). */
static void level_rams(const struct simt_cfg *cfg, struct vmod *m, int k)
{
    int nl = cfg->lane_id_bits, nq = k == 1 ? 2 : 4, wb = k <= nl - 2, q;
    char aw[32], wa[64], ra[64], nm[64], we[32], wd[32], rd[32];
    char wbe[32], wbd[32], wba[32], ad[32];     /* the write-behind registers, the RAMs' words */
    struct vblock *b = NULL;

    snprintf(aw, sizeof aw, k == 1 ? "WARP_W" : "WARP_W+%d", k - 2);
    if (k <= 2)
        snprintf(wa, sizeof wa, "s%d_w_q", k);
    else
        snprintf(wa, sizeof wa, "{s%d_w_q, s%d_i_q[%d:2]}", k, k, k - 1);
    if (k == 1)
        snprintf(ra, sizeof ra, "pre_w");
    else if (k == 2)
        snprintf(ra, sizeof ra, "s0_w_q");
    else
        snprintf(ra, sizeof ra, "{s%d_w_q, s%d_i_q}", k - 2, k - 2);
    snprintf(we, sizeof we, "l%d_we", k);
    vm_wire(m, we, k == 1 ? "2" : "4", "the nodes stage k writes");
    snprintf(wd, sizeof wd, "l%d_wd", k);
    vm_wire(m, wd, "EW", NULL);
    if (k == 1) {
        (wb ? vm_reg : vm_wire)(m, "s0_cl", "EW", "left child of the root");
        (wb ? vm_reg : vm_wire)(m, "s0_cr", "EW", NULL);
    } else {
        snprintf(nm, sizeof nm, "l%d_rd", k);
        (wb ? vm_reg : vm_wire)(m, nm, "4*EW", "the quad read for stage k - 1");
    }
    if (wb) {
        vm_comment(m, "Level %d, written behind: stage %d's write a cycle later, from flip-flops.",
                   k, k);
        snprintf(wbe, sizeof wbe, "l%d_wbe_q", k);
        vm_reg(m, wbe, k == 1 ? "2" : "4", "the nodes written this cycle");
        snprintf(wbd, sizeof wbd, "l%d_wbd_q", k);
        vm_reg(m, wbd, "EW", NULL);
        snprintf(wba, sizeof wba, "l%d_wba_q", k);
        vm_reg(m, wba, aw, NULL);
        snprintf(ad, sizeof ad, "l%d_ad", k);
        vm_wire(m, ad, k == 1 ? "2*EW" : "4*EW", "the words as the RAMs hold them");
        b = vm_seq(m, (snprintf(nm, sizeof nm, "level%d_wb", k), nm));
        vb_set(b, wbe, "%s", we);
        vb_set(b, wbd, "%s", wd);
        vb_set(b, wba, "%s", wa);
    }
    for (q = 0; q < nq; q++) {
        char qwe[48], qad[64];
        snprintf(nm, sizeof nm, "u_l%d_%d", k, q);
        if (k == 1)
            snprintf(rd, sizeof rd, "%s", q ? "s0_cr" : "s0_cl");
        else
            snprintf(rd, sizeof rd, "l%d_rd[%d*EW +: EW]", k, q);
        if (!wb) {
            snprintf(qwe, sizeof qwe, "%s[%d]", we, q);
            ram(m, nm, aw, "EW", qwe, wa, wd, ra, rd, RAM_CLEARED | (cfg->formal ? RAM_MIRROR : 0));
            continue;
        }
        snprintf(qwe, sizeof qwe, "%s[%d]", wbe, q);
        snprintf(qad, sizeof qad, "%s[%d*EW +: EW]", ad, q);
        ram(m, nm, aw, "EW", qwe, wba, wbd, ra, qad,
            RAM_CLEARED | RAM_ASYNC | (cfg->formal ? RAM_MIRROR : 0));
        vb_set(b, rd, "%s && %s == %s ? %s : %s", qwe, wba, ra, wbd, qad);
    }
    if (wb)
        vb_reset(b, wbe, "%d'b0", nq);
}

/* The unit's description, parameters and ports. */
static void cct_interface(const struct simt_cfg *cfg, struct vmod *m)
{
    char buf[512];
    int nl = cfg->lane_id_bits;

    vm_describe(m, "Cold context table, exact (SORTER=exact): per warp a binary min-heap of the "
                   "paths after the first two, kept so that HCT2 is the warp's minimum "
                   "cold path (or, while an absorb's pop is pending, a copy of the head). Stage r (issue + 8) compares y with the heap's root (read at "
                   "issue + 6; their PCs compared at resolve): HCT2 gets the first of them (a root at y's PC merges with y) and "
                   "the heap gets one operation: replace the root by y (sift down), extract it "
                   "(y invalid or merged), or insert z. When the root was taken and z is valid "
                   "too, z waits in a per-warp register file and is inserted at the first free "
                   "slot at least 3 cycles later; the warp is held from issuing (hold_o) until "
                   "then, so operations of one warp are always 3 cycles apart and never see a "
                   "level another one has yet to write. The heap has %d levels, one pipeline "
                   "stage each: stage k compares its carried entry with the children of its "
                   "node (one compare level, read the cycle before), writes its node and passes "
                   "the entry down. Insertion goes top-down towards a subtree with room (each "
                   "node counts the entries of its subtree). Entries are {valid, depth, pc, "
                   "leader lane, count}; the masks are in a RAM indexed by warp and leader lane.",
                nl);
    vm_latency(m, "1 cycle: HCT2's new entry at issue + 9; the heap settles %d cycles after "
                  "stage r", nl + 1);
    vm_localparam(m, "W", cfg->w, "warps");
    vm_localparam(m, "T", cfg->t, "threads per warp");
    vm_localparam(m, "WARP_W", cfg->warp_id_w, "max(1, log2(W))");
    vm_localparam(m, "LANE_W", cfg->lane_id_w, "log2(T): a leader lane, an entry count");
    vm_localparam(m, "INIT_W", cfg->rf_row_w, "reset-sequence counter");
    path_lp(cfg, m);
    vm_localparam(m, "EW", 39 + 2 * cfg->lane_id_w, "heap entry: {valid, depth, pc, lane, count}");
    vm_localparam(m, "E_V", 38 + 2 * cfg->lane_id_w, "valid bit of an entry");
    vm_localparam(m, "E_D", 30 + 2 * cfg->lane_id_w, "lsb of its depth");
    vm_localparam(m, "E_PC", 2 * cfg->lane_id_w, "lsb of its pc");
    vm_localparam(m, "E_L", cfg->lane_id_w, "lsb of its leader lane");
    vm_port(m, VM_IN, "clk_i", "1", NULL);
    vm_port(m, VM_IN, "rst_i", "1", NULL);
    vm_port(m, VM_IN, "init_i", "1", "reset sequence: clear the heap");
    vm_port(m, VM_IN, "init_row_i", "INIT_W", "word cleared this cycle");
    vm_group(m, "split (issue + 6): read the root");
    vm_port(m, VM_IN, "n_wid_i", "WARP_W", "(ps_w_o when ps_go_o)");
    vm_port(m, VM_IN, "n_valid_i", "1", "an instruction is at split: the slot is taken");
    vm_port(m, VM_OUT, "ps_go_o", "1", "a pop takes the split slot: a pseudo resolve of warp ps_w_o");
    vm_port(m, VM_OUT, "ps_w_o", "WARP_W", NULL);
    vm_group(m, "resolve (issue + 7)");
    vm_port(m, VM_OUT, "m_rpc_o", "30", "the root's PC, for the compares with the CCS's inputs");
    vm_group(m, "from the CCS, registered (stage r)");
    vm_port(m, VM_IN, "m_valid_i", "1", NULL);
    vm_port(m, VM_IN, "m_wid_i", "WARP_W", NULL);
    vm_port(m, VM_IN, "y_i", "PATH_W", "second path after the CCS");
    vm_port(m, VM_IN, "z_i", "PATH_W", "third path");
    vm_port(m, VM_IN, "x_i", "PATH_W", "the head path");
    vm_port(m, VM_IN, "xeq_i", "1", "x's PC is the root's (compared at resolve, registered)");
    vm_port(m, VM_OUT, "ab_o", "1", "the root joins the head path (HCT1 is written with ab_mask_o ORed in)");
    vm_port(m, VM_OUT, "ab_mask_o", "T", "the root's mask when ab_o, else zero");
    vm_port(m, VM_IN, "yeq_i", "1", "y's PC is the root's (compared at resolve, registered)");
    vm_port(m, VM_IN, "rlt_i", "1", "the root's PC is below y's (the same way)");
    vm_port(m, VM_OUT, "empty_o", "1", "the warp's heap is empty");
    vm_group(m, "to HCT2 (issue + 9) and the scheduler");
    vm_port(m, VM_OUT, "h2_o", "PATH_W", "y, the root, or both merged");
    vm_port(m, VM_OUT, "hold_o", "W", "warps that may not issue next cycle");
    if (cfg->formal) {
        vm_group(m, "formal observation (simty-gen --formal, test only)");
        snprintf(buf, sizeof buf, "W*%d*PATH_W", (1 << nl) - 1);
        vm_port(m, VM_OUT, "f_cct_o", buf, "every heap node of every warp (w*nodes+n) as a path");
    }
}

/* The root as stage r sees it (a copy of level 0), and the masks' RAM. */
static void cct_root(const struct simt_cfg *cfg, struct vmod *m)
{
    vm_comment(m, "The root for stage r: a copy of level 0 read at issue + 6, registered at "
                  "issue + 7; its mask is read at issue + 7.");
    vm_wire(m, "rt_rd", "EW", NULL);
    vm_wire(m, "root_we", "1", "stage 0 writes the root");
    vm_wire(m, "root_wd", "EW", NULL);
    vm_reg(m, "s0_w_q", "WARP_W", "stage 0: the operation's warp");
    ram(m, "u_root_r", "WARP_W", "EW", "root_we", "s0_w_q", "root_wd", "n_wid_i", "rt_rd",
        RAM_CLEARED | (cfg->formal ? RAM_MIRROR : 0));
    vm_reg(m, "nw_q", "WARP_W", "warp at issue + 7");
    vm_reg(m, "rt_q", "EW", "the root at stage r");
    vm_wire(m, "mask_we", "1", "an entering operation brings a path");
    vm_wire(m, "mask_wa", "WARP_W+LANE_W", NULL);
    vm_wire(m, "mask_wd", "T", NULL);
    vm_wire(m, "mask_rd", "T", "the root's mask, at stage r");
    ram(m, "u_mask", "WARP_W+LANE_W", "T", "mask_we", "mask_wa", "mask_wd",
        "{nw_q, rt_rd[E_L +: LANE_W]}", "mask_rd", cfg->formal ? RAM_MIRROR : 0);
}

/* Stage r: HCT2 gets y or the root, the absorb, the heap's operation; HCT2's entry at issue + 9. */
static void cct_stage_r(const struct simt_cfg *cfg, struct vmod *m)
{
    vm_comment(m, "Stage r: HCT2 gets y or the root, whichever comes first; a root at y's PC "
                  "merges with y (the spec's merge rule).");
    vm_wire(m, "rv", "1", "the heap is not empty");
    vm_wire(m, "mrg", "1", NULL);
    vm_wire(m, "rfirst", "1", "the root comes before y");
    vm_wire(m, "take", "1", "HCT2 gets the root");
    vm_wire(m, "op_ins", "1", "insert z");
    vm_wire(m, "op_rep", "1", "replace the root by y, or extract it");
    vm_wire(m, "pend_set", "1", "z waits: the root was taken and y and z are valid");
    vm_assign(m, "rv", "rt_q[E_V]");
    vm_comment(m, "The PCs were compared at resolve (yeq_i, rlt_i: the root's PC against the "
                  "CCS's inputs, picked by the input y comes from); only the depths are compared "
                  "here.");
    vm_assign(m, "m_rpc_o", "rt_rd[E_PC +: 30]");
    vm_assign(m, "mrg", "rv && y_i[P_V] && yeq_i");
    /* --mutate=heap-order: y is taken for first when the root is */
    if (cfg->mutate == MUT_HEAP_ORDER) {
        vm_note(m, "TEST-ONLY MUTATION --mutate=heap-order (make formal must catch it)");
        vm_assign(m, "rfirst", "y_i[P_V] && (!rt_q[E_V] || y_i[P_D +: 8] > rt_q[E_D +: 8] || "
                               "(y_i[P_D +: 8] == rt_q[E_D +: 8] && !rlt_i && !yeq_i))");
    } else {
        vm_assign(m, "rfirst", "rt_q[E_V] && (!y_i[P_V] || rt_q[E_D +: 8] > y_i[P_D +: 8] || "
                               "(rt_q[E_D +: 8] == y_i[P_D +: 8] && rlt_i))");
    }
    vm_assign(m, "take", "rv && (!y_i[P_V] || mrg || rfirst)");
    vm_comment(m, "Absorb: with y and z invalid, a root at x's PC joins the head path (the spec's "
                  "merge rule; x comes first, so the root is no deeper). The root is extracted, "
                  "HCT2 holds a copy of the new head until a pop (a pseudo resolve in a free split "
                  "slot, 3 cycles or more later) replaces it with the next root, or absorbs that "
                  "one too. The warp is held meanwhile.");
    vm_wire(m, "ab", "1", NULL);
    vm_assign(m, "ab", "m_valid_i && rv && x_i[P_V] && xeq_i && !y_i[P_V] && !z_i[P_V]");
    vm_assign(m, "ab_o", "ab");
    /* --mutate=absorb-drop: the absorbed root's threads join neither table */
    if (cfg->mutate == MUT_ABSORB_DROP)
        vm_note(m, "TEST-ONLY MUTATION --mutate=absorb-drop (make test-mirror must catch it)");
    vm_wire(m, "ab_rmask", "T", "the root's mask as the head takes it");
    vm_assign(m, "ab_rmask", cfg->mutate == MUT_ABSORB_DROP ? "{T{1'b0}}" : "mask_rd");
    vm_assign(m, "ab_mask_o", "ab ? ab_rmask : {T{1'b0}}");
    vm_assign(m, "op_ins", "m_valid_i && !take && z_i[P_V]");
    vm_assign(m, "op_rep", "m_valid_i && take");
    vm_assign(m, "pend_set", "m_valid_i && take && y_i[P_V] && z_i[P_V]");
    vm_assign(m, "empty_o", "!rv");
    vm_integer(m, "l");
    lowest(m, "lead_y", "y_i[T-1:0]", 0, "ly", "l");
    lowest(m, "lead_z", "z_i[T-1:0]", 0, "lz", "l");
    vm_wire(m, "ye", "EW", "y as an entry");
    vm_wire(m, "ze", "EW", NULL);
    vm_assign(m, "ye", "{y_i[P_V], y_i[P_D +: 8], y_i[P_PC +: 30], ly, {LANE_W{1'b0}}}");
    vm_assign(m, "ze", "{z_i[P_V], z_i[P_D +: 8], z_i[P_PC +: 30], lz, {LANE_W{1'b0}}}");

    vm_comment(m, "Issue + 9: HCT2's entry.");
    vm_reg(m, "g_take_q", "1", NULL);
    vm_reg(m, "g_mrg_q", "1", NULL);
    vm_reg(m, "g_y_q", "PATH_W", NULL);
    vm_reg(m, "g_rpc_q", "30", "the root's pc");
    vm_reg(m, "g_depth_q", "8", "the root's depth, or the deeper of the merged two");
    vm_reg(m, "g_rmask_q", "T", NULL);
    vm_reg(m, "g_ab_q", "1", "HCT2 gets the absorbed head");
    vm_reg(m, "g_x_q", "PATH_W", NULL);
    vm_assign(m, "h2_o", "g_ab_q ? g_x_q : g_take_q ? {1'b1, g_depth_q, g_rpc_q, "
                         "g_rmask_q | (g_mrg_q ? g_y_q[T-1:0] : {T{1'b0}})} : g_y_q");
}

/* A z waiting for a free slot, the choice of the lowest waiting warp, and the held warps. */
static void cct_waiting_z(const struct simt_cfg *cfg, struct vmod *m)
{
    char buf[512];

    vm_comment(m, "A waiting z: stored at issue + 9, eligible 3 cycles after its warp's first "
                  "operation (two delay registers), then inserted in a cycle that stage r leaves "
                  "free (lowest warp first). After 3 cycles without a free slot every warp is "
                  "held, so stage r soon falls silent.");
    vm_reg(m, "g_pend_q", "1", NULL);
    vm_reg(m, "g_z_q", "PATH_W-1", "z without its valid bit");
    vm_reg(m, "g_lz_q", "LANE_W", NULL);
    vm_reg(m, "g_wid_q", "WARP_W", NULL);
    vm_reg(m, "d2_pend_q", "1", NULL);
    vm_reg(m, "d2_wid_q", "WARP_W", NULL);
    vm_reg(m, "pend_q", "W", "warps whose z waits, eligible");
    vm_reg(m, "starve_q", "2", "cycles a waiting z found no slot");
    vm_wire(m, "pz_rd", "PATH_W-1+LANE_W", "{z, its leader}");
    vm_wire(m, "pz_ra", "WARP_W", NULL);
    /* read asynchronously in the pre-stage, so that stage 0 starts from registers */
    ram_lut(m, "u_pz", "WARP_W", "PATH_W-1+LANE_W", "g_pend_q", "g_wid_q", "{g_z_q, g_lz_q}",
            "pz_ra", "pz_rd");
    vm_wire(m, "blocked", "1", "stage r may start an operation now");
    vm_wire(m, "o2_go", "1", "a waiting z is inserted: its pre-stage is now");
    vm_assign(m, "blocked", "m_valid_i && (z_i[P_V] || rv)");
    vm_assign(m, "o2_go", "pend_q != {W{1'b0}} && !blocked");
    /* The lowest waiting warp is found a cycle ahead, on pend_q's next value, and
     * registered: the level-1 RAMs' read address (pre_w) then starts from
     * flip-flops (W8T16 at 5bbfe6c: pend_q -> carry chain -> encoder -> pre_w ->
     * level-1 read -> s0_cl, 13.7 ns, the worst path of its seed). */
    vm_wire(m, "pend_nx", "W", "pend_q's next value");
    vm_wire(m, "arb_nx", "W", "its lowest warp, one-hot");
    vm_reg(m, "arb_1h", "W", "the lowest waiting warp, one-hot");
    vm_assign(m, "pend_nx", "(pend_q & ~(arb_1h & {W{o2_go}})) | %s",
              oh_of(cfg, buf, sizeof buf, "d2_pend_q", "d2_wid_q"));
    vm_assign(m, "arb_nx", "pend_nx & (~pend_nx + 1'b1)");
    {
        const struct oh_field f[] = { { "arb_w_nx", "WARP_W", "w[WARP_W-1:0]", NULL } };
        vm_integer(m, "w");
        oh_select(m, "arb", "arb_nx", "W", "w", f, 1);
    }
    vm_reg(m, "arb_w", "WARP_W", "the lowest waiting warp");
    vm_assign(m, "pz_ra", "arb_w");
    {
        char o1[96], o2[96], o3[96];
        char o4[96], o5[96], o6[96], o7[96];
        vm_assign(m, "hold_o", "pend_q | %s | %s | %s | {W{starve_q == 2'd3}} | "
                               "pop_q | %s | %s | %s | %s | {W{pst_q == 2'd3}}",
                  oh_of(cfg, o1, sizeof o1, "m_valid_i && z_i[P_V]", "m_wid_i"),
                  oh_of(cfg, o2, sizeof o2, "g_pend_q", "g_wid_q"),
                  oh_of(cfg, o3, sizeof o3, "d2_pend_q", "d2_wid_q"),
                  oh_of(cfg, o4, sizeof o4, "ab", "m_wid_i"),
                  oh_of(cfg, o5, sizeof o5, "g_ab_q", "g_wid_q"),
                  oh_of(cfg, o6, sizeof o6, "d2_ab_q", "d2_wid_q"),
                  oh_of(cfg, o7, sizeof o7, "ps1_q", "ps1_w_q"));
    }
}

/* Pops: pseudo resolves in free split slots after an absorb. */
static void cct_pops(const struct simt_cfg *cfg, struct vmod *m)
{
    struct vblock *b;

    vm_comment(m, "Pops: warps whose head absorbed a root wait here (eligible 3 cycles after the "
                  "absorb) for a split slot without an instruction; the lowest goes. After 3 "
                  "cycles without one every warp is held.");
    vm_reg(m, "d2_ab_q", "1", NULL);
    vm_reg(m, "pop_q", "W", "warps waiting for a pop");
    vm_reg(m, "pst_q", "2", "cycles a pop found no slot");
    vm_reg(m, "ps1_q", "1", "a pseudo resolve at resolve");
    vm_reg(m, "ps1_w_q", "WARP_W", NULL);
    lowest(m, "pop", "pop_q", 1, "pop_w", "w");
    vm_assign(m, "ps_w_o", "pop_w");
    vm_assign(m, "ps_go_o", "pop_q != {W{1'b0}} && !n_valid_i");
    {
        char o8[96];
        b = vm_seq(m, "pops");
        vb_set(b, "d2_ab_q", "g_ab_q");
        vb_set(b, "pop_q", "(pop_q & ~(pop_1h & {W{ps_go_o}})) | %s",
               oh_of(cfg, o8, sizeof o8, "d2_ab_q", "d2_wid_q"));
        vb_set(b, "ps1_q", "ps_go_o");
        vb_set(b, "ps1_w_q", "ps_w_o");
        starve_count(b, "pst_q", "pop_q == {W{1'b0}} || ps_go_o");
        vb_zero(b, "d2_ab_q");
        vb_zero(b, "pop_q");
        vb_zero(b, "ps1_q");
        vb_zero(b, "pst_q");
    }
}

/* The heap pipeline's pre-stage: the root, its children, the level RAMs. */
static void cct_pre_stage(const struct simt_cfg *cfg, struct vmod *m)
{
    int nl = cfg->lane_id_bits, k;

    vm_comment(m, "Pre-stage (stage r, or the cycle a waiting z is chosen): read the root and "
                  "the root's children for stage 0.");
    vm_wire(m, "pre_w", "WARP_W", NULL);
    vm_assign(m, "pre_w", "o2_go ? arb_w : m_wid_i");
    vm_reg(m, "s0_ins_q", "1", "stage 0: insert");
    vm_reg(m, "s0_rep_q", "1", "stage 0: replace or extract");
    vm_reg(m, "s0_v_q", "EW", "the carried entry: y, z or a waiting z");
    vm_reg(m, "s0_mask_q", "T", NULL);
    vm_wire(m, "s0_cur", "EW", "the root");
    vm_assign(m, "mask_we", "(s0_ins_q || s0_rep_q) && s0_v_q[E_V]");
    vm_assign(m, "mask_wa", "{s0_w_q, s0_v_q[E_L +: LANE_W]}");
    vm_assign(m, "mask_wd", "s0_mask_q");
    ram(m, "u_root_p", "WARP_W", "EW", "root_we", "s0_w_q", "root_wd", "pre_w", "s0_cur", RAM_CLEARED);
    for (k = 1; k < nl; k++)
        level_rams(cfg, m, k);
}

/* The names heap stage k uses. */
struct heap_stage {
    int k, last;
    char v[32], cur[32], cl[32], cr[32], ins[32], rep[32], w[32];
};

/* Stage k's names (emits nothing). */
static void stage_names(const struct simt_cfg *cfg, int k, struct heap_stage *s)
{
    s->k = k;
    s->last = k == cfg->lane_id_bits - 1;
    snprintf(s->ins, sizeof s->ins, "s%d_ins_q", k);
    snprintf(s->rep, sizeof s->rep, "s%d_rep_q", k);
    snprintf(s->w, sizeof s->w, "s%d_w_q", k);
    snprintf(s->v, sizeof s->v, "s%d_v_q", k);
    snprintf(s->cur, sizeof s->cur, k ? "s%d_cur_q" : "s%d_cur", k);
    snprintf(s->cl, sizeof s->cl, "s%d_cl", k);
    snprintf(s->cr, sizeof s->cr, "s%d_cr", k);
}

/* Stage k's registers (stage 0's are the pre-stage's) and the node's new count. */
static void stage_regs(struct vmod *m, const struct heap_stage *s)
{
    const char *v = s->v, *cur = s->cur, *ins = s->ins, *rep = s->rep, *w = s->w;
    int k = s->k;
    char nm[64], a[64];

    if (k > 0) {
        vm_comment(m, "Stage %d: a node of level %d.", k, k);
        vm_reg(m, ins, "1", NULL);
        vm_reg(m, rep, "1", NULL);
        vm_reg(m, w, "WARP_W", NULL);
        snprintf(nm, sizeof nm, "s%d_i_q", k);
        vm_reg(m, nm, k == 1 ? "1" : (snprintf(a, sizeof a, "%d", k), a), "node index in the level");
        vm_reg(m, v, "EW", "the carried entry");
        vm_reg(m, cur, "EW", "the node's entry before the operation");
    } else {
        vm_comment(m, "Stage 0: the root.");
    }
    snprintf(nm, sizeof nm, "s%d_wd", k);
    vm_wire(m, nm, "EW", "the node's new entry");
    snprintf(nm, sizeof nm, "s%d_cnt", k);
    vm_wire(m, nm, "LANE_W", "the node's new count");
    vm_assign(m, nm, "%s[LANE_W-1:0] + {{(LANE_W-1){1'b0}}, %s} - {{(LANE_W-1){1'b0}}, %s && !%s[E_V]}",
              cur, ins, rep, v);
}

/* Stage k's compares (all but the last): which child is smaller, and which comes before the entry. */
static void stage_compares(const struct simt_cfg *cfg, struct vmod *m, const struct heap_stage *s)
{
    const char *v = s->v, *cl = s->cl, *cr = s->cr;
    int k = s->k, nl = cfg->lane_id_bits, q;
    char buf[512], nm[64], a[64];

    if (k > 0) {
        vm_wire(m, cl, "EW", "children of the node");
        vm_wire(m, cr, "EW", NULL);
        vm_assign(m, cl, "s%d_i_q%s ? l%d_rd[2*EW +: EW] : l%d_rd[0 +: EW]", k,
                  k == 1 ? "" : "[0]", k + 1, k + 1);
        vm_assign(m, cr, "s%d_i_q%s ? l%d_rd[3*EW +: EW] : l%d_rd[EW +: EW]", k,
                  k == 1 ? "" : "[0]", k + 1, k + 1);
    }
    snprintf(a, sizeof a, "s%d_rdir", k);
    vm_wire(m, a, "1", "replace: the right child is the smaller");
    snprintf(nm, sizeof nm, "s%d_lv", k);
    vm_wire(m, nm, "1", "the left child comes before the entry");
    snprintf(nm, sizeof nm, "s%d_rv", k);
    vm_wire(m, nm, "1", NULL);
    if (k == 0) {
        /* Both children against the entry in parallel with rdir: one
         * compare level, then a select. */
        vm_assign(m, a, "%s", e_first(buf, sizeof buf, cr, cl));
        vm_assign(m, "s0_lv", "%s", e_first(buf, sizeof buf, cl, v));
        vm_assign(m, "s0_rv", "%s", e_first(buf, sizeof buf, cr, v));
    } else {
        /* The same compares on both pairs of the quad read, selected by
         * the node index after them: the index's fan-out is not in
         * front of the compares' carry chains. */
        const char *sel = k == 1 ? "" : "[0]";
        char qd[4][16], buf2[512];
        for (q = 0; q < 4; q++) {
            snprintf(qd[q], sizeof qd[q], "s%d_q%d", k, q);
            vm_wire(m, qd[q], "EW", q ? NULL : "the quad read: children of both nodes");
            vm_assign(m, qd[q], "l%d_rd[%d*EW +: EW]", k + 1, q);
        }
        vm_assign(m, a, "s%d_i_q%s ? %s : (%s)", k, sel,
                  e_first(buf, sizeof buf, qd[3], qd[2]),
                  e_first(buf2, sizeof buf2, qd[1], qd[0]));
        vm_assign(m, (snprintf(nm, sizeof nm, "s%d_lv", k), nm), "s%d_i_q%s ? %s : (%s)",
                  k, sel, e_first(buf, sizeof buf, qd[2], v),
                  e_first(buf2, sizeof buf2, qd[0], v));
        vm_assign(m, (snprintf(nm, sizeof nm, "s%d_rv", k), nm), "s%d_i_q%s ? %s : (%s)",
                  k, sel, e_first(buf, sizeof buf, qd[3], v),
                  e_first(buf2, sizeof buf2, qd[1], v));
    }
    snprintf(nm, sizeof nm, "s%d_mv", k);
    vm_wire(m, nm, "EW-LANE_W", "the smaller child, without its count");
    vm_assign(m, nm, "s%d_rdir ? %s[EW-1:E_L] : %s[EW-1:E_L]", k, cr, cl);
    snprintf(nm, sizeof nm, "s%d_down", k);
    vm_wire(m, nm, "1", "replace: the smaller child moves up, the entry goes down");
    vm_assign(m, nm, "s%d_rdir ? s%d_rv : s%d_lv", k, k, k);
    snprintf(nm, sizeof nm, "s%d_idir", k);
    vm_wire(m, nm, "1", "insert: the left subtree is full");
    vm_assign(m, nm, "%s[E_V] && %s[LANE_W-1:0] == %d'd%d", cl, cl, cfg->lane_id_w,
              (1 << (nl - k - 1)) - 1);
}

/* Stage k's new entry and the write port of its level. */
static void stage_write(struct vmod *m, const struct heap_stage *s)
{
    const char *v = s->v, *cur = s->cur, *ins = s->ins, *rep = s->rep;
    int k = s->k, last = s->last;
    char buf[512], nm[64];

    snprintf(nm, sizeof nm, "s%d_vfirst", k);
    vm_wire(m, nm, "1", "insert: the carried entry comes before the node's");
    vm_assign(m, nm, "!%s[E_V] || %s", cur, e_first(buf, sizeof buf, v, cur));
    snprintf(nm, sizeof nm, "s%d_wd", k);
    if (last)
        vm_assign(m, nm, "{%s[EW-1:E_L], s%d_cnt}", v, k);
    else
        vm_assign(m, nm, "{%s ? (s%d_down ? s%d_mv : %s[EW-1:E_L]) : "
                         "(s%d_vfirst ? %s[EW-1:E_L] : %s[EW-1:E_L]), s%d_cnt}",
                  rep, k, k, v, k, v, cur, k);
    /* Write port of this level. */
    if (k == 0) {
        vm_assign(m, "root_we", "s0_ins_q || s0_rep_q");
        vm_assign(m, "root_wd", "s0_wd");
    } else if (k == 1) {
        vm_assign(m, "l1_we", "{2{s1_ins_q || s1_rep_q}} & {s1_i_q, !s1_i_q}");
        vm_assign(m, "l1_wd", "s1_wd");
    } else {
        snprintf(nm, sizeof nm, "l%d_we", k);
        vm_assign(m, nm, "{4{%s || %s}} & (4'b0001 << s%d_i_q[1:0])", ins, rep, k);
        snprintf(nm, sizeof nm, "l%d_wd", k);
        vm_assign(m, nm, "s%d_wd", k);
    }
}

/* Stage k's registers for the next stage, or a leaf's unused old entry. */
static void stage_pass(struct vmod *m, const struct heap_stage *s)
{
    const char *v = s->v, *cur = s->cur, *cl = s->cl, *cr = s->cr;
    const char *ins = s->ins, *rep = s->rep, *w = s->w;
    struct vblock *b;
    int k = s->k;
    char nm[64], a[64];

    if (!s->last) {
        int n = k + 1;
        char nv[32], ni[32];
        snprintf(nv, sizeof nv, "s%d_v_q", n);
        snprintf(ni, sizeof ni, "s%d_i_q", n);
        b = vm_seq(m, (snprintf(a, sizeof a, "stage%d", n), a));
        vb_set(b, (snprintf(nm, sizeof nm, "s%d_ins_q", n), nm), "%s && %s[E_V]", ins, cur);
        vb_set(b, (snprintf(nm, sizeof nm, "s%d_rep_q", n), nm), "%s && s%d_down", rep, k);
        vb_set(b, (snprintf(nm, sizeof nm, "s%d_w_q", n), nm), "%s", w);
        if (k == 0)
            vb_set(b, ni, "%s ? s0_rdir : s0_idir", rep);
        else
            vb_set(b, ni, "{s%d_i_q, %s ? s%d_rdir : s%d_idir}", k, rep, k, k);
        vb_set(b, nv, "%s || !s%d_vfirst ? %s : %s", rep, k, v, cur);
        vb_set(b, (snprintf(nm, sizeof nm, "s%d_cur_q", n), nm),
               "(%s ? s%d_rdir : s%d_idir) ? %s : %s", rep, k, k, cr, cl);
        vb_reset(b, (snprintf(nm, sizeof nm, "s%d_ins_q", n), nm), "1'b0");
        vb_reset(b, (snprintf(nm, sizeof nm, "s%d_rep_q", n), nm), "1'b0");
    } else {
        snprintf(nm, sizeof nm, "s%d_unused", k);
        vm_wire(m, nm, "1", "a leaf's old entry: only its count is used");
        vm_assign(m, nm, "^%s[EW-1:LANE_W] ^ s%d_vfirst", cur, k);
    }
}

/* The heap's stages, one per level. */
static void cct_stages(const struct simt_cfg *cfg, struct vmod *m)
{
    struct heap_stage s;
    int k;

    for (k = 0; k < cfg->lane_id_bits; k++) {
        stage_names(cfg, k, &s);
        stage_regs(m, &s);
        if (!s.last)
            stage_compares(cfg, m, &s);
        stage_write(m, &s);
        stage_pass(m, &s);
    }
}

/* Formal observation (--formal): every heap node of every warp as a path. */
static void cct_formal(const struct simt_cfg *cfg, struct vmod *m)
{
    char buf[512];
    int nl = cfg->lane_id_bits;

    if (!cfg->formal)
        return;
    /* Node n of warp w's heap (level k, index i) as a path: its mask is
     * the mask RAM's word of its leader lane. */
    int nn = (1 << nl) - 1, w, n;
    vm_comment(m, "Formal observation: every heap node of every warp as a path.");
    for (w = 0; w < cfg->w; w++)
        for (n = 0; n < nn; n++) {
            int lv = 0, i;
            char e[48], src[64];
            while ((2 << lv) - 1 <= n)
                lv++;
            i = n - ((1 << lv) - 1);
            snprintf(e, sizeof e, "f_e_%d_%d", w, n);
            if (lv == 0)
                snprintf(src, sizeof src, "f_root_r_q[%d]", w);
            else if (lv == 1)
                snprintf(src, sizeof src, "f_l1_%d_q[%d]", i, w);
            else
                snprintf(src, sizeof src, "f_l%d_%d_q[%d]", lv, i & 3, (w << (lv - 2)) + (i >> 2));
            vm_wire(m, e, "EW", n ? NULL : "warp w's node n");
            vm_assign(m, e, "%s", src);
            snprintf(buf, sizeof buf, "f_cct_o[%d*PATH_W +: PATH_W]", w * nn + n);
            vm_assign(m, buf, "{%s[E_V], %s[E_D +: 8], %s[E_PC +: 30], %s[E_V] ? "
                              "f_mask_q[%d + %s[E_L +: LANE_W]] : {T{1'b0}}}",
                      e, e, e, e, w << cfg->lane_id_w, e);
        }
}

/* The stage-r registers: HCT2's entry, the waiting z's, stage 0's operation. */
static void cct_stage_r_state(struct vmod *m)
{
    struct vblock *b;

    vm_wire(m, "unused_init", "1", "the high bits of the reset-sequence counter");
    vm_assign(m, "unused_init", "^init_row_i");
    b = vm_seq(m, "stage_r");
    vb_set(b, "nw_q", "n_wid_i");
    vb_set(b, "rt_q", "rt_rd");
    vb_set(b, "g_take_q", "take");
    vb_set(b, "g_ab_q", "ab");
    vb_set(b, "g_x_q", "{x_i[PATH_W-1:T], x_i[T-1:0] | ab_rmask}");
    vb_set(b, "g_mrg_q", "mrg");
    vb_set(b, "g_y_q", "y_i");
    vb_set(b, "g_rpc_q", "rt_q[E_PC +: 30]");
    vb_set(b, "g_depth_q", "mrg && y_i[P_D +: 8] > rt_q[E_D +: 8] ? y_i[P_D +: 8] : rt_q[E_D +: 8]");
    vb_set(b, "g_rmask_q", "mask_rd");
    vb_set(b, "g_pend_q", "pend_set");
    vb_set(b, "g_z_q", "z_i[P_V-1:0]");
    vb_set(b, "g_lz_q", "lz");
    vb_set(b, "g_wid_q", "m_wid_i");
    vb_set(b, "d2_pend_q", "g_pend_q");
    vb_set(b, "d2_wid_q", "g_wid_q");
    vb_set(b, "s0_ins_q", "o2_go || op_ins");
    vb_set(b, "s0_rep_q", "!o2_go && op_rep");
    vb_set(b, "s0_w_q", "pre_w");
    vb_set(b, "s0_v_q", "o2_go ? {1'b1, pz_rd[LANE_W+T +: 38], pz_rd[LANE_W-1:0], {LANE_W{1'b0}}} : "
                        "op_ins ? ze : mrg ? {EW{1'b0}} : ye");
    vb_set(b, "s0_mask_q", "o2_go ? pz_rd[LANE_W +: T] : op_ins ? z_i[T-1:0] : y_i[T-1:0]");
    vb_set(b, "pend_q", "pend_nx");
    vb_set(b, "arb_1h", "arb_nx");
    vb_set(b, "arb_w", "arb_w_nx");
    starve_count(b, "starve_q", "pend_q == {W{1'b0}} || o2_go");
    vb_zero(b, "g_take_q");
    vb_zero(b, "g_ab_q");
    vb_zero(b, "g_pend_q");
    vb_zero(b, "d2_pend_q");
    vb_zero(b, "s0_ins_q");
    vb_zero(b, "s0_rep_q");
    vb_zero(b, "pend_q");
    vb_zero(b, "arb_1h");
    vb_zero(b, "arb_w");
    vb_zero(b, "starve_q");
}

int gen_cct_exact(const struct simt_cfg *cfg, struct vmod *m)
{
    cct_interface(cfg, m);
    cct_root(cfg, m);
    cct_stage_r(cfg, m);
    cct_waiting_z(cfg, m);
    cct_pops(cfg, m);
    cct_pre_stage(cfg, m);
    cct_stages(cfg, m);
    cct_formal(cfg, m);
    cct_stage_r_state(m);
    return vm_status(m);
}
