/*
 * cct.c - simty_cct: the cold context table of the sorted path list.
 */
#include "path.h"

/* The unit's description, parameters and ports. */
static void cct_interface(const struct simt_cfg *cfg, struct vmod *m)
{
    vm_describe(m, "Cold context table (CCT): per warp a stack of the paths after the first "
                   "two, T entries deep (at most T - 2 are used: one thread per path). At the "
                   "stage r (issue + 8): a valid z is pushed; an invalid y pops the top "
                   "into HCT2; otherwise, at a branch or a jump, the warp's sorter takes one "
                   "step (other instructions may resolve a cycle apart: they leave the stack "
                   "alone). The sorter walks the stack from the top and compares each entry "
                   "with y; when an entry comes first (deeper, or as deep with a lower PC) the "
                   "next step swaps it with y, so HCT2 gets the better path. A push or a pop cancels a pending swap. "
                   "The comparison is made a cycle after the read, from registers (the RAM's "
                   "data output is slow); its result is dropped when the warp used its stack "
                   "meanwhile, and the entry is probed again at the next step. "
                   "Reads happen at issue + 8 and writes at issue + 9, so the RAM never reads "
                   "and writes one address in one cycle.");
    vm_latency(m, "1 cycle: HCT2's new entry at issue + 9");
    vm_localparam(m, "W", cfg->w, "warps");
    vm_localparam(m, "WARP_W", cfg->warp_id_w, "max(1, log2(W))");
    vm_localparam(m, "LANE_W", cfg->lane_id_w, "max(1, log2(T))");
    path_lp(cfg, m);
    vm_port(m, VM_IN, "clk_i", "1", NULL);
    vm_port(m, VM_IN, "rst_i", "1", NULL);
    vm_group(m, "from the CCS, registered (stage r)");
    vm_port(m, VM_IN, "m_valid_i", "1", NULL);
    vm_port(m, VM_IN, "m_wid_i", "WARP_W", NULL);
    vm_port(m, VM_IN, "step_i", "1", "a branch or a jump: the sorter may take its step");
    vm_port(m, VM_IN, "y_i", "PATH_W", "second path after the CCS");
    vm_port(m, VM_IN, "z_i", "PATH_W", "third path: pushed when valid");
    vm_port(m, VM_OUT, "empty_o", "1", "the warp's stack is empty");
    vm_group(m, "to HCT2 (issue + 9)");
    vm_port(m, VM_OUT, "h2_o", "PATH_W", "y, or the popped or swapped entry");
    vm_port(m, VM_OUT, "y_o", "PATH_W", "y as registered here (h2_o unless a pop or a swap)");
    vm_port(m, VM_OUT, "swap_o", "1", "h2_o is a swapped entry (registered)");
    if (cfg->formal) {
        vm_group(m, "formal observation (simty-gen --formal, test only)");
        vm_port(m, VM_OUT, "f_cct_o", "W*(1<<LANE_W)*PATH_W",
                "every slot of every warp's stack (w*2^LANE_W+slot) as a path");
    }
}

/* Stage r: the warp's stack pointers and its operation (push, pop, swap or probe). */
static void cct_stage_r(struct vmod *m)
{
    vm_sig_depth(vm_reg(m, "head_q", "LANE_W", "entries on the warp's stack"), "W");
    vm_sig_depth(vm_reg(m, "sptr_q", "LANE_W", "sorter pointer"), "W");
    vm_reg(m, "smatch_q", "W", "the entry at sptr comes before y: swap at the next step");
    vm_wire(m, "head", "LANE_W", NULL);
    vm_wire(m, "sptr", "LANE_W", NULL);
    vm_assign(m, "head", "head_q[m_wid_i]");
    vm_assign(m, "sptr", "sptr_q[m_wid_i]");
    vm_assign(m, "empty_o", "head == {LANE_W{1'b0}}");
    vm_wire(m, "push", "1", NULL);
    vm_wire(m, "pop", "1", NULL);
    vm_wire(m, "idle", "1", "neither push nor pop, at a branch or a jump: the sorter steps");
    vm_wire(m, "swap", "1", NULL);
    vm_wire(m, "probe", "1", NULL);
    vm_assign(m, "push", "m_valid_i && z_i[P_V]");
    vm_assign(m, "pop", "m_valid_i && !y_i[P_V] && head != {LANE_W{1'b0}}");
    vm_assign(m, "idle", "m_valid_i && step_i && !push && !pop && y_i[P_V] && head != {LANE_W{1'b0}}");
    vm_assign(m, "swap", "idle && smatch_q[m_wid_i]");
    vm_assign(m, "probe", "idle && !smatch_q[m_wid_i]");
}

/* Issue + 9: the registered operation and the stacks' RAM (with its formal copy). */
static void cct_ram(const struct simt_cfg *cfg, struct vmod *m)
{
    const char *we;

    vm_comment(m, "Stage issue + 9: what was read, and what to write.");
    vm_reg(m, "g_pop_q", "1", NULL);
    vm_reg(m, "g_swap_q", "1", NULL);
    vm_reg(m, "g_probe_q", "1", NULL);
    vm_reg(m, "g_push_q", "1", NULL);
    vm_reg(m, "g_wid_q", "WARP_W", NULL);
    vm_reg(m, "g_idx_q", "LANE_W", "entry written: the old head (push) or sptr (swap)");
    vm_reg(m, "g_y_q", "PATH_W", NULL);
    vm_reg(m, "g_z_q", "PATH_W-1", "z without its valid bit");
    vm_wire(m, "rdata", "PATH_W-1", "entry without its valid bit");
    /* --mutate=lazy-swap: a swap hands the entry to HCT2 but does not write y back */
    if (cfg->mutate == MUT_LAZY_SWAP)
        vm_note(m, "TEST-ONLY MUTATION --mutate=lazy-swap (make formal must catch it)");
    we = cfg->mutate == MUT_LAZY_SWAP ? "g_push_q" : "g_push_q || g_swap_q";
    {
        struct vinst *in = vm_inst(m, "simty_ram_1r1w", "u_ram");
        vm_inst_param(in, "DEPTH_W", "WARP_W + LANE_W");
        vm_inst_param(in, "DATA_W", "PATH_W - 1");
        vm_inst_conns(in, (const char *const[]){
            "clk_i", "clk_i", "we_i", we, "waddr_i", "{g_wid_q, g_idx_q}",
            "wdata_i", "g_push_q ? g_z_q : g_y_q[P_V-1:0]", "re_i", "pop || swap || probe",
            "raddr_i", "{m_wid_i, pop ? head - 1'b1 : sptr}", "rdata_o", "rdata", NULL });
    }
    if (cfg->formal) {
        /* a copy of the RAM's words, written as it is: slot i of warp w is a
         * path when i < head_q[w] */
        struct vblock *fb;
        int fw, fi;
        vm_sig_depth(vm_reg(m, "f_ram_q", "PATH_W-1", "formal: the RAM's words"), "1<<(WARP_W+LANE_W)");
        fb = vm_seq(m, "f_ram_q");
        vb_if(fb, "%s", we);
        vb_set(fb, "f_ram_q[{g_wid_q, g_idx_q}]", "g_push_q ? g_z_q : g_y_q[P_V-1:0]");
        vb_end(fb);
        for (fw = 0; fw < cfg->w; fw++)
            for (fi = 0; fi < 1 << cfg->lane_id_w; fi++) {
                char lhs[64];
                snprintf(lhs, sizeof lhs, "f_cct_o[%d*PATH_W +: PATH_W]", (fw << cfg->lane_id_w) + fi);
                vm_assign(m, lhs, "%d < {1'b0, head_q[%d]} ? {1'b1, f_ram_q[%d]} : {PATH_W{1'b0}}",
                          fi, fw, (fw << cfg->lane_id_w) + fi);
            }
    }
}

/* Issue + 10: a probe's entry compared with its y, and HCT2's new entry. */
static void cct_probe(struct vmod *m)
{
    char buf[256];

    vm_wire(m, "entry", "PATH_W", "the entry read, as a valid path");
    vm_assign(m, "entry", "{1'b1, rdata}");
    vm_comment(m, "Stage issue + 10: a probe's entry against its y, from registers.");
    vm_reg(m, "p_valid_q", "1", "a probe's result is due, its warp untouched since");
    vm_reg(m, "p_wid_q", "WARP_W", NULL);
    vm_reg(m, "p_entry_q", "PATH_W", NULL);
    vm_reg(m, "p_y_q", "PATH_W", NULL);
    vm_wire(m, "p_apply", "1", "the warp did not use its stack at issue + 8 either");
    vm_wire(m, "entry_first", "1", "the probed entry comes before y");
    vm_assign(m, "p_apply", "p_valid_q && !(m_valid_i && m_wid_i == p_wid_q)");
    vm_assign(m, "entry_first", "%s", path_first(buf, sizeof buf, "p_entry_q", "p_y_q"));
    vm_assign(m, "h2_o", "g_pop_q || g_swap_q ? entry : g_y_q");
    vm_assign(m, "y_o", "g_y_q");
    vm_assign(m, "swap_o", "g_swap_q");
}

/* The clocked state: the operation's registers, the probe's, the stack pointers and matches. */
static void cct_stacks(const struct simt_cfg *cfg, struct vmod *m)
{
    struct vblock *b;
    int w;

    b = vm_seq(m, "stacks");
    vb_set(b, "g_pop_q", "pop");
    vb_set(b, "g_swap_q", "swap");
    vb_set(b, "g_probe_q", "probe");
    vb_set(b, "g_push_q", "push");
    vb_set(b, "g_wid_q", "m_wid_i");
    vb_set(b, "g_idx_q", "push ? head : sptr");
    vb_set(b, "g_y_q", "y_i");
    vb_set(b, "g_z_q", "z_i[P_V-1:0]");
    vb_set(b, "p_valid_q", "g_probe_q && !(m_valid_i && m_wid_i == g_wid_q)");
    vb_set(b, "p_wid_q", "g_wid_q");
    vb_set(b, "p_entry_q", "entry");
    vb_set(b, "p_y_q", "g_y_q");
    vb_if(b, "push");
    vb_set(b, "head_q[m_wid_i]", "head + 1'b1");
    vb_set(b, "sptr_q[m_wid_i]", "head");
    vb_set(b, "smatch_q[m_wid_i]", "1'b0");
    vb_end(b);
    vb_if(b, "pop");
    vb_set(b, "head_q[m_wid_i]", "head - 1'b1");
    vb_set(b, "sptr_q[m_wid_i]", "head - 1'b1 - 1'b1");
    vb_set(b, "smatch_q[m_wid_i]", "1'b0");
    vb_end(b);
    vb_if(b, "swap");
    vb_set(b, "sptr_q[m_wid_i]", "head - 1'b1");
    vb_set(b, "smatch_q[m_wid_i]", "1'b0");
    vb_end(b);
    vb_if(b, "p_apply && entry_first");
    vb_set(b, "smatch_q[p_wid_q]", "1'b1");
    vb_elif(b, "p_apply");
    vb_set(b, "sptr_q[p_wid_q]", "sptr_q[p_wid_q] == {LANE_W{1'b0}} ? head_q[p_wid_q] - 1'b1 : "
                                 "sptr_q[p_wid_q] - 1'b1");
    vb_end(b);
    vb_zero(b, "g_pop_q");
    vb_zero(b, "g_swap_q");
    vb_zero(b, "g_probe_q");
    vb_zero(b, "p_valid_q");
    vb_zero(b, "g_push_q");
    vb_zero(b, "smatch_q");
    for (w = 0; w < cfg->w; w++) {
        char lhs[32];
        snprintf(lhs, sizeof lhs, "head_q[%d]", w);
        vb_reset(b, lhs, "{LANE_W{1'b0}}");
        snprintf(lhs, sizeof lhs, "sptr_q[%d]", w);
        vb_reset(b, lhs, "{LANE_W{1'b0}}");
    }
}

int gen_cct(const struct simt_cfg *cfg, struct vmod *m)
{
    cct_interface(cfg, m);
    cct_stage_r(m);
    cct_ram(cfg, m);
    cct_probe(m);
    cct_stacks(cfg, m);
    return vm_status(m);
}
