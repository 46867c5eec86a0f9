/*
 * fetch.c - simty_fetch: fetch steering and the instruction port.
 */
#include "units.h"
#include "simty_map.h"

/* From this many warps the per-warp PCs live in LUT-RAM (see pc_rams); with
 * fewer, in flip-flops.  The RAMs save their write multiplexers: the fetch
 * unit alone (Yosys synth_ecp5, T = 8) takes 819 LUT4 and 40 DPR16X4 at W = 4
 * against 1,424 LUT4 in flip-flops, 624 and 58 at W = 8 against 2,283; at
 * W = 2 they save 45 LUT4 for 24 DPR16X4, at W = 1 nothing.  Their cost is
 * timing (the steering pick's encoded warp drives the RAMs' read address,
 * where flip-flops are read by a one-hot AND-OR): W8T8 sorted at bf58994,
 * 3 seeds, 80.0 MHz (80.01, 76.45, 80.46) against 81.2 in flip-flops, for 10,752
 * against 12,375 logic (LUT4 + 2 x CCU2C): the figure of merit (thread
 * instructions per second per 1,000 logic) 18.8 against 16.6. */
#define PC_RAM_MIN_W 4

/* From this many warps the steering pick is registered (stage f0) and the
 * picked warp's PC is read the cycle after.  W16T8 sorted at 45154c4: every
 * worst path ran from the eligibility through the 2W-bit find-first-set, the
 * encoder and the PC RAMs' read into f1_pc_q (15.4 ns, 65.0 MHz, seed 1). */
#define PICK_REG_MIN_W 16

/* The per-warp PCs in LUT-RAM: the fetch PC's banks f1 (PC + 4 of each fetch),
 * f4 (a predicted jump's target) and r (a redirect), read by the steering pick;
 * the next-issue PC's banks c0 (collect 0) and r, read by the warp entering
 * stage r.  A redirect writes both PCs alike, so bank r is one RAM with a read
 * port for each.  A live-value table per PC picks the bank. */
static void pc_rams(const struct simt_cfg *cfg, struct vmod *m, const char *sel,
                    const char *sel_oh)
{
    char e[64 * 64];
    size_t n = 0;
    vm_wire(m, "f4_target", "30", NULL);
    vm_wire(m, "kill", "1", "a redirect that refetches (below)");
    vm_wire(m, "fpc_f1", "30", NULL);
    vm_wire(m, "fpc_f4", "30", NULL);
    vm_wire(m, "fpc_r", "30", NULL);
    vm_wire(m, "pick_lvt", "2", "the picked warp's fetch-PC bank (one-hot AND-OR)");
    vm_wire(m, "pick_pc", "30", "the picked warp's fetch PC");
    ram_lut(m, "u_fpc_f1", "WARP_W", "30", "f1_valid_q", "f1_wid_q", "f1_inc", sel, "fpc_f1");
    ram_lut(m, "u_fpc_f4", "WARP_W", "30", "f4_valid_q", "f4_wid_q", "f4_target", sel, "fpc_f4");
    for (int w = 0; w < cfg->w && n < sizeof e; w++)
        n += (size_t)snprintf(e + n, sizeof e - n, "%s({2{%s[%d]}} & fpc_lvt_q[%d +: 2])",
                              w ? " | " : "", sel_oh, w, 2 * w);
    vm_assign(m, "pick_lvt", "%s", e);
    vm_assign(m, "pick_pc", "pick_lvt[1] ? (pick_lvt[0] ? start_q : fpc_r) : "
                            "(pick_lvt[0] ? fpc_f4 : fpc_f1)");
    vm_wire(m, "npc_c0", "30", NULL);
    vm_wire(m, "npc_r", "30", NULL);
    vm_wire(m, "npc_lvt", "2", NULL);
    vm_wire(m, "npc_pre", "30", "the next-issue PC of the warp that reaches stage r next cycle");
    ram_lut(m, "u_npc_c0", "WARP_W", "30", "c0_valid_i", "c0_wid_i", "c0_pcn_i", "pre_wid_i", "npc_c0");
    ram_lut2(m, "u_pc_r", "WARP_W", "30", "kill", "redir_wid_i", "redir_pc_i", sel, "fpc_r",
             "pre_wid_i", "npc_r");
    vm_assign(m, "npc_lvt", "npc_lvt_q[2*pre_wid_i +: 2]");
    vm_assign(m, "npc_pre", "npc_lvt[1] ? (npc_lvt[0] ? start_q : npc_r) : npc_c0");
}

/* What shapes the unit: one warp, PCs in LUT-RAM, a registered pick, and so
 * the names of the warp whose fetch PC is read this cycle (the pick, or with
 * a registered pick, never at W = 1, the one of the cycle before). */
struct fetch_opts {
    int w1, pc_ram, pick_reg;
    const char *fsel, *fsel_oh, *fsel_valid, *jk_fsel;
};

static struct fetch_opts fetch_opts(const struct simt_cfg *cfg)
{
    struct fetch_opts o;
    o.w1 = cfg->w == 1;
    o.pc_ram = cfg->w >= PC_RAM_MIN_W;
    o.pick_reg = cfg->w >= PICK_REG_MIN_W && !o.w1;
    o.fsel = o.pick_reg ? "f0_wid_q" : "sel";
    o.fsel_oh = o.pick_reg ? "f0_oh_q" : "sel_oh";
    o.fsel_valid = o.pick_reg ? "f0_valid_q" : "sel_valid";
    o.jk_fsel = o.pick_reg ? "jk_f0" : "jk_sel";
    return o;
}

/* What the unit does, its parameters and ports. */
static void fetch_interface(const struct simt_cfg *cfg, struct vmod *m, const struct fetch_opts *o)
{
    char lit[32];
    int pick_reg = o->pick_reg;

    vm_describe(m, "Fetch steering and fetch. Per warp: the next fetch PC, the PC of the next "
                   "instruction to issue, and a credit count of the instructions fetched and not "
                   "yet issued (in flight or in the warp's %d-entry buffer). Steering picks, round "
                   "robin, a live warp with a free credit%s, sends its PC to the instruction port "
                   "and guesses PC + 4 for its next fetch. When predecode predicts a jump (jal, a "
                   "branch predicted taken, a jalr with a predicted target), the cycle after predecode (f4) sets the warp's next fetch "
                   "PC to the target and drops the warp's younger fetches. The resolve stage "
                   "redirects a warp to its next path PC: unless that is the PC of the warp's "
                   "next instruction to issue, everything of the warp fetched and not issued "
                   "is dropped and the warp refetches from it. An instruction that went where "
                   "it was predicted to go with the same threads never redirects: the fetch "
                   "stream is already past it, and the instructions behind it may have issued. "
                   "Fetches outside instruction memory do not reach the port: they carry an "
                   "access fault to the scheduler instead.", cfg->ibuf,
                pick_reg ? " (the pick is registered, stage f0, and its PC read the cycle after)" : "");
    vm_latency(m, "instruction port latency 1: request registered in f1, data in f2, "
                  "registered for predecode in f3 (the memory's data output is slow)");
    if (cfg->mutate == MUT_FETCH_SKEW)
        vm_note(m, "TEST-ONLY MUTATION --mutate=%s (make formal must catch it)",
                cfg_mutation_name(cfg->mutate));
    vm_localparam(m, "W", cfg->w, "warps");
    vm_localparam(m, "WARP_W", cfg->warp_id_w, "max(1, log2(W))");
    vm_localparam(m, "CR_W", cfg->ibuf_w + 1, "log2(instruction-buffer entries per warp = %d) + 1: "
                  "a credit count, full at its msb", cfg->ibuf);
    vm_localparam(m, "BP_W", cfg->bp_w, "log2(branch-predictor counters)");
    vm_localparam(m, "IMEM_AW", cfg->imem_addr_w, "log2(IMEM words = %d)", cfg->imem_words);
    snprintf(lit, sizeof lit, "%d'h%x", 30 - cfg->imem_addr_w,
             ((unsigned)SIMTY_IMEM_BASE >> 2) >> cfg->imem_addr_w);
    vm_localparam_lit(m, "IMEM_TAG", 30 - cfg->imem_addr_w, lit, "IMEM word base >> IMEM_AW");
    vm_port(m, VM_IN, "clk_i", "1", NULL);
    vm_port(m, VM_IN, "rst_i", "1", NULL);
    vm_port(m, VM_IN, "init_i", "1", "reset sequence: load start_pc_i, fetch nothing");
    vm_port(m, VM_IN, "init_pick_i", "1", "init_i's copy for the steering pick alone (its own "
            "flip-flop, placed near the pick)");
    vm_port(m, VM_IN, "start_pc_i", "30", "word PC every thread starts at");
    vm_port(m, VM_IN, "alive_i", "W", "warps with live threads");
    vm_group(m, "from the scheduler: an issue frees a credit; collect 0 gives the issued "
                "instruction's predicted next PC");
    vm_port(m, VM_IN, "iss_oh_i", "W", "the warp issued, one-hot");
    vm_port(m, VM_IN, "c0_valid_i", "1", NULL);
    vm_port(m, VM_IN, "c0_wid_i", "WARP_W", NULL);
    vm_port(m, VM_IN, "c0_pcn_i", "30", NULL);
    vm_group(m, "from the resolve stage (stage r)");
    vm_port(m, VM_IN, "redir_valid_i", "1", NULL);
    vm_port(m, VM_IN, "redir_wid_i", "WARP_W", NULL);
    vm_port(m, VM_IN, "redir_pc_i", "30", "the warp's next path PC");
    vm_port(m, VM_IN, "redir_alive_i", "1", "the warp still has a path");
    vm_port(m, VM_IN, "redir_seq_i", "1", "the instruction went where it was predicted to go "
                                          "with the same threads");
    vm_port(m, VM_IN, "pre_wid_i", "WARP_W", "the warp that reaches stage r next cycle");
    vm_port(m, VM_IN, "redir_hit_i", "1", "redir_pc_i is the warp's next-issue PC (npc_pre_o of "
                                          "the cycle before, compared by the path unit)");
    vm_port(m, VM_OUT, "npc_pre_o", "30", "next-issue PC of the warp that reaches stage r next cycle, "
                                          "as registered (npc_byp_o: c0_pcn_i instead)");
    vm_port(m, VM_OUT, "npc_byp_o", "1", "collect 0 writes that warp's next-issue PC this cycle");
    vm_group(m, "instruction port (latency 1)");
    vm_port(m, VM_OUT_REG, "imem_req_o", "1", NULL);
    vm_port(m, VM_OUT_REG, "imem_addr_o", "32", "byte address");
    vm_port(m, VM_IN, "imem_rdata_i", "32", "the word requested the cycle before");
    vm_group(m, "to predecode and the instruction buffer (f3)");
    vm_port(m, VM_OUT, "rf_valid_o", "1", NULL);
    vm_port(m, VM_OUT, "rf_spec_o", "1", "f3 holds an instruction not dropped by a predicted "
                                        "jump: rf_valid_o before this cycle's redirect, for "
                                        "the return stack (a predictor: a dropped push or pop "
                                        "costs a guess, and the redirect stays off its path)");
    vm_port(m, VM_OUT, "rf_wid_o", "WARP_W", NULL);
    vm_port(m, VM_OUT, "tg_valid_o", "1", "the refill of the cycle before was predicted to jump:");
    vm_port(m, VM_OUT, "tg_o", "30", "its target, for the issue queue");
    vm_port(m, VM_OUT, "rf_bwid_o", "WARP_W", "rf_wid_o again, for the issue buffer's write address");
    vm_port(m, VM_OUT, "rf_pc_o", "30", NULL);
    vm_port(m, VM_OUT, "rf_insn_o", "32", NULL);
    vm_port(m, VM_OUT, "rf_fault_o", "1", NULL);
    vm_port(m, VM_OUT, "flush_o", "1", "drop the warp's buffered instructions");
    vm_port(m, VM_OUT, "flush_wid_o", "WARP_W", NULL);
    vm_group(m, "to the branch predictor (f2)");
    vm_port(m, VM_OUT, "bp_pc_o", "BP_W", "low bits of the word PC in f2");
    vm_group(m, "from predecode (f3)");
    vm_port(m, VM_IN, "pred_i", "1", "the instruction is predicted to jump");
    vm_port(m, VM_IN, "off_i", "30", "to rf_pc_o + off_i");
    vm_port(m, VM_IN, "jalr_i", "1", "a jalr: if predicted, to rtgt_i instead");
    vm_port(m, VM_IN, "rtgt_i", "30", "its predicted target (return-address stack or target buffer)");
}

/* The per-warp PCs (LUT-RAM or flip-flops), credits and the f0-f4 registers. */
static void fetch_state(struct vmod *m, const struct fetch_opts *o)
{
    int w1 = o->w1;
    int pc_ram = o->pc_ram;
    int pick_reg = o->pick_reg;

    if (pc_ram) {
        vm_comment(m, "Per warp, two PCs: the next fetch PC (but see f1) and the PC of the next "
                      "instruction to issue. Each is read for one warp at a time, so they live "
                      "in LUT-RAM: one bank per writer (several writers may write in one cycle, "
                      "to different warps) and a live-value table in flip-flops naming the bank "
                      "that holds the warp's latest value, or start_q after the reset sequence.");
        vm_reg(m, "start_q", "30", "start_pc_i, taken during the reset sequence");
        vm_reg(m, "fpc_lvt_q", "2*W", "per warp, where its fetch PC is: 0 bank f1, 1 bank f4 "
               "(a predicted jump), 2 bank r (a redirect), 3 start_q");
        vm_reg(m, "npc_lvt_q", "2*W", "per warp, where its next-issue PC is: 0 bank c0 (an "
               "issue), 2 bank r (a redirect), 3 start_q");
        vm_reg(m, "inimem_q", "W", "the warp's fetch PC lies in instruction memory");
    } else {
        vm_sig_depth(vm_reg(m, "fetch_pc_q", "30", "next fetch PC per warp (but see f1)"), "W");
        vm_reg(m, "inimem_q", "W", "fetch_pc_q[w] lies in instruction memory");
        vm_sig_depth(vm_reg(m, "npc_q", "30", "PC of the warp's next instruction to issue"), "W");
    }
    vm_reg(m, "cred_q", "CR_W*W", "per warp: fetched and not yet issued nor dropped");
    if (!w1)
        vm_reg(m, "rr_q", "WARP_W", "round-robin start");
    if (pick_reg) {
        vm_reg(m, "f0_valid_q", "1", "fetch stage 0: the pick, registered; its PC is read now");
        vm_reg(m, "f0_wid_q", "WARP_W", NULL);
        vm_reg(m, "f0_oh_q", "W", "f0's warp, one-hot");
    }
    vm_reg(m, "f1_valid_q", "1", "fetch stage 1: the request");
    vm_reg(m, "f1_wid_q", "WARP_W", NULL);
    vm_reg(m, "f1_pc_q", "30", NULL);
    vm_reg(m, "f1_fault_q", "1", NULL);
    vm_reg(m, "f2_valid_q", "1", "fetch stage 2: the data");
    vm_reg(m, "f2_wid_q", "WARP_W", NULL);
    vm_reg(m, "f2_pc_q", "30", NULL);
    vm_reg(m, "f2_fault_q", "1", NULL);
    vm_reg(m, "f3_valid_q", "1", "fetch stage 3: the word, registered, goes to predecode");
    vm_reg(m, "f3_wid_q", "WARP_W", NULL);
    vm_reg(m, "f3_owid_q", "WARP_W", "f3_wid_q again, for the issue queue (rf_wid_o)");
    vm_reg(m, "f3_bwid_q", "WARP_W", "and again, for the issue buffer's RAM (rf_bwid_o)");
    vm_reg(m, "f3_pc_q", "30", NULL);
    vm_reg(m, "f3_fault_q", "1", NULL);
    vm_reg(m, "f3_insn_q", "32", NULL);
    vm_reg(m, "f3_drop_q", "1", "f3's instruction is dropped by the predicted jump in f4 "
           "(f4_valid_q && f3_wid_q == f4_wid_q, registered from f3 and f2)");
    vm_reg(m, "f4_valid_q", "1", "f4: a predicted jump went to the buffer");
    vm_reg(m, "f4_wid_q", "WARP_W", NULL);
    vm_reg(m, "f4_pc_q", "30", NULL);
    vm_reg(m, "f4_off_q", "30", NULL);
}

/* Steering: the eligible warps and the round-robin pick. */
static void fetch_steer(const struct simt_cfg *cfg, struct vmod *m, const struct fetch_opts *o)
{
    struct vblock *b;
    int w1 = o->w1;

    vm_comment(m, "Steering: the first eligible warp at or after rr_q, warps with nothing "
                  "fetched first (a warp ahead of its issue may be redirected and lose it).");
    vm_reg(m, "elig", "W", NULL);
    if (!w1)
        vm_reg(m, "hungry", "W", "eligible with no credit used");
    vm_wire(m, "sel_valid", "1", NULL);
    vm_wire(m, "sel", "WARP_W", NULL);
    vm_wire(m, "sel_oh", "W", "the pick, one-hot");
    vm_integer(m, "w");
    b = vm_comb(m, "eligible");
    vb_default(b, "elig", "{W{1'b0}}");
    if (!w1)
        vb_default(b, "hungry", "{W{1'b0}}");
    vb_for(b, "w", "0", "W");
    vb_set(b, "elig[w]", "alive_i[w] && !init_pick_i && !cred_q[CR_W*w + CR_W-1]");
    if (!w1)
        vb_set(b, "hungry[w]", "alive_i[w] && !init_pick_i && cred_q[CR_W*w +: CR_W] == {CR_W{1'b0}}");
    vb_end(b);
    if (w1) {
        vm_assign(m, "sel_valid", "elig[0]");
        vm_assign(m, "sel", "1'b0");
        vm_assign(m, "sel_oh", "elig");
    } else {
        rr_pick(cfg, m, "pick", "elig", "hungry", "rr_q", "sel_valid", "sel");
        vm_assign(m, "sel_oh", "pick_oh");
    }
}

/* The picked warp's PC: f1's increment, or the PC flip-flops or RAMs. */
static void fetch_pc_select(const struct simt_cfg *cfg, struct vmod *m, const struct fetch_opts *o)
{
    int w1 = o->w1;
    int pc_ram = o->pc_ram;
    const char *fsel = o->fsel;
    const char *fsel_oh = o->fsel_oh;

    vm_comment(m, "A fetch writes the warp's next PC one cycle later, from f1; a warp fetched "
                  "in the last cycle takes its PC from f1 meanwhile. So no adder sits behind "
                  "the pick, and whether a PC lies in instruction memory is known beforehand.");
    vm_wire(m, "f1_inc", "30", NULL);
    vm_wire(m, "f1_inc_in", "1", NULL);
    vm_wire(m, "byp", "1", "the picked warp was fetched in the last cycle");
    vm_wire(m, "sel_pc", "30", NULL);
    vm_wire(m, "sel_in_imem", "1", NULL);
    vm_assign(m, "f1_inc", "f1_pc_q + 30'd1");
    vm_assign(m, "f1_inc_in", "f1_inc[29:IMEM_AW] == IMEM_TAG");
    if (w1)
        vm_assign(m, "byp", "f1_valid_q");
    else {
        vm_reg(m, "f1_oh_q", "W", "f1's warp, one-hot");
        vm_assign(m, "byp", "f1_valid_q && |(f1_oh_q & %s)", fsel_oh);
    }
    if (pc_ram) {
        pc_rams(cfg, m, fsel, fsel_oh);
    } else {
        /* unrolled: a loop over the fetch_pc_q array in an always block would make
         * it sensitive to the whole array */
        char e[64 * 48];
        size_t n = 0;
        vm_wire(m, "pick_pc", "30", "the picked warp's fetch PC (one-hot AND-OR, no decoder)");
        for (int w = 0; w < cfg->w && n < sizeof e; w++)
            n += (size_t)snprintf(e + n, sizeof e - n, "%s({30{%s[%d]}} & fetch_pc_q[%d])",
                                  w ? " | " : "", fsel_oh, w, w);
        vm_assign(m, "pick_pc", "%s", e);
    }
    vm_wire(m, "pick_in", "1", NULL);
    vm_assign(m, "pick_in", "|(%s & inimem_q)", fsel_oh);
    vm_assign(m, "sel_pc", "byp ? f1_inc : pick_pc");
    vm_assign(m, "sel_in_imem", "byp ? f1_inc_in : pick_in");
    if (!pc_ram)        /* else declared with the RAMs that read them */
        vm_wire(m, "f4_target", "30", NULL);
    vm_assign(m, "f4_target", "f4_pc_q + f4_off_q");
    vm_assign(m, "tg_valid_o", "f4_valid_q");
    vm_assign(m, "tg_o", "f4_target");
}

/* Redirects and predicted jumps: what each stage drops, and the credits' masks. */
static void fetch_redirect(const struct simt_cfg *cfg, struct vmod *m, const struct fetch_opts *o)
{
    int pc_ram = o->pc_ram;
    int pick_reg = o->pick_reg;

    vm_comment(m, "Redirect: unless the warp's next instruction to issue is at the new PC, "
                  "drop what it fetched and refetch from there. A predicted jump in f4 drops "
                  "the warp's younger fetches (f3, f2, f1, %ssteering).", pick_reg ? "f0, " : "");
    if (!pc_ram)
        vm_wire(m, "kill", "1", NULL);
    vm_assign(m, "kill", "redir_valid_i && !(redir_alive_i && (redir_seq_i || redir_hit_i))");
    vm_wire(m, "jk_sel", "1", "dropped by a predicted jump or a redirect");
    vm_wire(m, "jk_f1", "1", NULL);
    vm_wire(m, "jk_f2", "1", NULL);
    vm_wire(m, "jk_f3", "1", NULL);
    vm_wire(m, "drop", "W", "warps whose fetches are dropped now (jump at f4, refetch)");
    {
        char e1[128], e2[128];
        vm_assign(m, "drop", "%s | %s", oh_of(cfg, e1, sizeof e1, "f4_valid_q", "f4_wid_q"),
                  oh_of(cfg, e2, sizeof e2, "kill", "redir_wid_i"));
    }
    vm_assign(m, "jk_sel", "|(sel_oh & drop)");
    {
        /* the credits' increments and decrements as one-hot warp masks, made
         * once (the same logic as W compares in the update loop; a simulator
         * makes them in a few word operations) */
        char e[128];
        vm_wire(m, "cr_kill", "W", "credits cleared: the warp redirected now");
        vm_assign(m, "cr_kill", "%s", oh_of(cfg, e, sizeof e, "kill", "redir_wid_i"));
        vm_wire(m, "cr_inc", "W", "a credit taken: the warp fetched now, not dropped");
        vm_assign(m, "cr_inc", "sel_oh & ~drop");
        if (pick_reg) {
            vm_wire(m, "cr_d0", "W", "a credit given back: the fetch at f0 was dropped");
            vm_assign(m, "cr_d0", "{W{jk_f0}} & f0_oh_q");
        }
        vm_wire(m, "cr_d1", "W", "the same at f1");
        vm_assign(m, "cr_d1", "%s", oh_of(cfg, e, sizeof e, "jk_f1", "f1_wid_q"));
        vm_wire(m, "cr_d2", "W", "at f2");
        vm_assign(m, "cr_d2", "%s", oh_of(cfg, e, sizeof e, "jk_f2", "f2_wid_q"));
        vm_wire(m, "cr_d3", "W", "at f3");
        vm_assign(m, "cr_d3", "%s", oh_of(cfg, e, sizeof e, "jk_f3", "f3_wid_q"));
    }
    if (pick_reg) {
        vm_wire(m, "jk_f0", "1", NULL);
        vm_assign(m, "jk_f0", "f0_valid_q && |(f0_oh_q & drop)");
    }
    vm_assign(m, "jk_f1", "f1_valid_q && ((f4_valid_q && f1_wid_q == f4_wid_q) || "
                          "(kill && f1_wid_q == redir_wid_i))");
    vm_assign(m, "jk_f2", "f2_valid_q && ((f4_valid_q && f2_wid_q == f4_wid_q) || "
                          "(kill && f2_wid_q == redir_wid_i))");
    vm_assign(m, "jk_f3", "f3_valid_q && (f3_drop_q || (kill && f3_wid_q == redir_wid_i))");
}

/* The clocked block, first: the pick and stages f0 to f4 advance. */
static void fetch_pipeline(const struct simt_cfg *cfg, const struct fetch_opts *o, struct vblock *b)
{
    int w1 = o->w1;
    int pick_reg = o->pick_reg;
    const char *fsel = o->fsel;
    const char *fsel_oh = o->fsel_oh;
    const char *fsel_valid = o->fsel_valid;
    const char *jk_fsel = o->jk_fsel;

    if (pick_reg) {
        vb_set(b, "f0_valid_q", "sel_valid && !jk_sel");
        vb_set(b, "f0_wid_q", "sel");
        vb_set(b, "f0_oh_q", "sel_oh");
    }
    vb_set(b, "f1_valid_q", "%s && !%s", fsel_valid, jk_fsel);
    vb_set(b, "f1_wid_q", "%s", fsel);
    if (!w1)
        vb_set(b, "f1_oh_q", "%s", fsel_oh);
    vb_set(b, "f1_pc_q", "sel_pc");
    vb_set(b, "f1_fault_q", "!sel_in_imem");
    vb_set(b, "imem_req_o", "%s && sel_in_imem", fsel_valid);
    vb_set(b, "imem_addr_o", "{sel_pc, 2'b00}");
    vb_set(b, "f2_valid_q", "f1_valid_q && !jk_f1");
    vb_set(b, "f2_wid_q", "f1_wid_q");
    vb_set(b, "f2_pc_q", "f1_pc_q");
    vb_set(b, "f2_fault_q", "f1_fault_q");
    vb_set(b, "f3_valid_q", "f2_valid_q && !jk_f2");
    vb_set(b, "f3_wid_q", "f2_wid_q");
    /* --mutate=fetch-skew: the word goes with the PC fetched after it */
    vb_set(b, "f3_pc_q", cfg->mutate == MUT_FETCH_SKEW ? "f1_pc_q" : "f2_pc_q");
    vb_set(b, "f3_fault_q", "f2_fault_q");
    vb_set(b, "f3_insn_q", "f2_fault_q ? 32'h0000_0000 : imem_rdata_i");  /* no stale word */
    vb_set(b, "f4_valid_q", "rf_valid_o && pred_i");
    vb_set(b, "f3_drop_q", "rf_valid_o && pred_i && f2_wid_q == f3_wid_q");
    vb_set(b, "f4_wid_q", "f3_wid_q");
    vb_set(b, "f4_pc_q", "jalr_i ? rtgt_i : f3_pc_q");   /* so f4 adds nothing for a jalr */
    vb_set(b, "f4_off_q", "jalr_i ? 30'd0 : off_i");
    if (!w1) {
        vb_if(b, "sel_valid");
        vb_set(b, "rr_q", "sel + 1'b1");
        vb_end(b);
    }
}

/* The clocked block, next: each writer of the per-warp PCs, and the reset sequence. */
static void fetch_pc_writes(const struct fetch_opts *o, struct vblock *b)
{
    int pc_ram = o->pc_ram;

    vb_if(b, "f1_valid_q");
    vb_set(b, pc_ram ? "fpc_lvt_q[2*f1_wid_q +: 2]" : "fetch_pc_q[f1_wid_q]",
           pc_ram ? "2'd0" : "f1_inc");
    vb_set(b, "inimem_q[f1_wid_q]", "f1_inc_in");
    vb_end(b);
    vb_if(b, "f4_valid_q");
    vb_set(b, pc_ram ? "fpc_lvt_q[2*f4_wid_q +: 2]" : "fetch_pc_q[f4_wid_q]",
           pc_ram ? "2'd1" : "f4_target");
    vb_set(b, "inimem_q[f4_wid_q]", "f4_target[29:IMEM_AW] == IMEM_TAG");
    vb_end(b);
    vb_if(b, "c0_valid_i");
    vb_set(b, pc_ram ? "npc_lvt_q[2*c0_wid_i +: 2]" : "npc_q[c0_wid_i]",
           pc_ram ? "2'd0" : "c0_pcn_i");
    vb_end(b);
    /* redir_hit_i compared the next-issue PC a cycle ahead: a refetch of the same warp
     * cannot come between, since an instruction at stage r that redirects was squashed
     * by an older one of its warp if it went the wrong way, so it is not valid, and a
     * valid one behind a redirect has not yet issued. */
    vb_if(b, "kill");
    vb_set(b, pc_ram ? "fpc_lvt_q[2*redir_wid_i +: 2]" : "fetch_pc_q[redir_wid_i]",
           pc_ram ? "2'd2" : "redir_pc_i");
    vb_set(b, "inimem_q[redir_wid_i]", "redir_pc_i[29:IMEM_AW] == IMEM_TAG");
    vb_set(b, pc_ram ? "npc_lvt_q[2*redir_wid_i +: 2]" : "npc_q[redir_wid_i]",
           pc_ram ? "2'd2" : "redir_pc_i");
    vb_end(b);
    vb_if(b, "init_i");
    if (pc_ram) {
        vb_set(b, "start_q", "start_pc_i");
        vb_set(b, "fpc_lvt_q", "{2*W{1'b1}}");
        vb_set(b, "npc_lvt_q", "{2*W{1'b1}}");
    }
    vb_for(b, "ws", "0", "W");
    if (!pc_ram)
        vb_set(b, "fetch_pc_q[ws]", "start_pc_i");
    vb_set(b, "inimem_q[ws]", "start_pc_i[29:IMEM_AW] == IMEM_TAG");
    if (!pc_ram)
        vb_set(b, "npc_q[ws]", "start_pc_i");
    vb_end(b);
    vb_end(b);
}

/* The clocked block, last: the credits (commented before the block, in gen_fetch) and
 * the resets. */
static void fetch_credits(const struct fetch_opts *o, struct vblock *b)
{
    int w1 = o->w1;
    int pick_reg = o->pick_reg;

    vb_for(b, "ws", "0", "W");
    vb_if(b, "cr_kill[ws]");
    vb_set(b, "cred_q[CR_W*ws +: CR_W]", "{CR_W{1'b0}}");
    vb_else(b);
    vb_set(b, "cred_q[CR_W*ws +: CR_W]", "cred_q[CR_W*ws +: CR_W] "
           "+ {{(CR_W-1){1'b0}}, cr_inc[ws]} "
           "- {{(CR_W-1){1'b0}}, iss_oh_i[ws]} "
           "%s"
           "- {{(CR_W-1){1'b0}}, cr_d1[ws]} "
           "- {{(CR_W-1){1'b0}}, cr_d2[ws]} "
           "- {{(CR_W-1){1'b0}}, cr_d3[ws]}",
           pick_reg ? "- {{(CR_W-1){1'b0}}, cr_d0[ws]} " : "");
    vb_end(b);
    vb_end(b);
    vb_zero(b, "cred_q");
    if (!w1)
        vb_zero(b, "rr_q");
    if (pick_reg)
        vb_zero(b, "f0_valid_q");
    vb_zero(b, "f1_valid_q");
    vb_zero(b, "f2_valid_q");
    vb_zero(b, "f3_valid_q");
    vb_zero(b, "f4_valid_q");
    vb_zero(b, "imem_req_o");
}

/* The outputs to predecode, the buffer, the predictor and the path unit. */
static void fetch_outputs(struct vmod *m, const struct fetch_opts *o)
{
    struct vblock *b;
    int pc_ram = o->pc_ram;

    vm_assign(m, "rf_valid_o", "f3_valid_q && !jk_f3");
    vm_assign(m, "rf_spec_o", "f3_valid_q && !f3_drop_q");
    /* kept: synthesis would merge them with f3_wid_q, which the fetch
     * credits pull away from the return stack and the issue queue, its
     * readers in the refill (W8T8 c8c8f73 seed 1: f3_wid_q -> return stack
     * -> jump target -> issue queue write, 4.3 ns on the first hop, 13.1
     * ns), and the queue's counters pulled one copy shared by both away
     * from the stack (d3ab48b seed 2: 4.2 ns, 13.0 ns) */
    b = vm_seq(m, "f3 warp for the refill and the buffer's RAM");
    vb_attr(b, "keep");
    vb_set(b, "f3_owid_q", "f2_wid_q");
    vb_set(b, "f3_bwid_q", "f2_wid_q");
    vm_assign(m, "rf_wid_o", "f3_owid_q");
    vm_assign(m, "rf_bwid_o", "f3_bwid_q");
    vm_assign(m, "rf_pc_o", "f3_pc_q");
    vm_assign(m, "rf_insn_o", "f3_insn_q");
    vm_assign(m, "rf_fault_o", "f3_fault_q");
    vm_assign(m, "bp_pc_o", "f2_pc_q[BP_W-1:0]");
    /* The choice is left to the path unit, after its compares: the warp ids'
     * compare then selects a bit, not 30 (W8T8 9d5c68b seed 3: c0_wid ->
     * 30-bit select -> compares -> r_hit_npc_q, 12.8 ns, 80 % routing). */
    vm_assign(m, "npc_pre_o", pc_ram ? "npc_pre" : "npc_q[pre_wid_i]");
    vm_assign(m, "npc_byp_o", "c0_valid_i && c0_wid_i == pre_wid_i");
    vm_assign(m, "flush_o", "kill");
    vm_assign(m, "flush_wid_o", "redir_wid_i");
}

int gen_fetch(const struct simt_cfg *cfg, struct vmod *m)
{
    struct fetch_opts o = fetch_opts(cfg);
    struct vblock *b;

    fetch_interface(cfg, m, &o);
    fetch_state(m, &o);
    fetch_steer(cfg, m, &o);
    fetch_pc_select(cfg, m, &o);
    fetch_redirect(cfg, m, &o);
    vm_integer(m, "ws"); /* the clocked block's own index (vmod_check) */
    vm_comment(m, "Credits: + a fetch, - an issue, - a fetch dropped by a predicted jump; a "
                  "redirect that refetches clears them (nothing of the warp issues then).");
    b = vm_seq(m, "fetch");
    fetch_pipeline(cfg, &o, b);
    fetch_pc_writes(&o, b);
    fetch_credits(&o, b);
    fetch_outputs(m, &o);
    return vm_status(m);
}
