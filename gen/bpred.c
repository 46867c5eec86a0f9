/*
 * bpred.c - simty_bpred: the conditional-branch predictor, a table of
 * two-bit counters read in fetch and trained at resolve.
 *
 * Each counter says how far the branch at its PC disagrees with the static
 * rule (backward taken, forward not taken): 0 and 1 follow the rule, 2 and 3
 * predict the other way.  The reset sequence sets every counter to 1 (weakly
 * the static rule), so a forward branch that is always taken is predicted
 * taken from its second execution on (from 0, strongly, it took one more:
 * hello at W1T1 7516 -> 7358 cycles).  Size (SIMTY_BPRED_BITS, W1T1 apps
 * cycles): 64 counters 10501, 128 10506, 256 10503, 512 10468.
 */
#include "units.h"

int gen_bpred(const struct simt_cfg *cfg, struct vmod *m)
{
    struct vblock *b;
    int sel = cfg->bp_sel_w;

    vm_describe(m, "Conditional-branch predictor: %d two-bit counters, shared by the warps "
                   "and indexed by the branch's word PC (bits %d..0). A counter of 2 or 3 "
                   "predicts the branch the other way than the static rule (a backward branch "
                   "taken, a forward one not taken); the reset sequence sets every counter to 1. "
                   "Fetch reads it with the PC of the word in f2 and predecode uses the "
                   "registered bit in f3. A resolved branch of a single path (every active "
                   "thread went the same way) trains its counter a cycle after the resolve "
                   "stage, from registered inputs (the table sits by fetch, far from the branch "
                   "unit): up when "
                   "it went against the static rule, else down; a divergent branch trains "
                   "nothing. Only resolved instructions train it: the squash has already "
                   "dropped every wrong-path one. The table is 32 words of %d counters, two "
                   "read ports (one read by fetch, one by the training read-modify-write; "
                   "two LUT-RAM copies on ECP5), so the reset sequence sets it in 32 cycles.",
                1 << cfg->bp_w, cfg->bp_w - 1, 1 << sel);
    vm_latency(m, "read: address in f2, prediction registered for f3; training: inputs "
                  "registered, then read, update and write in the next cycle");
    vm_localparam(m, "BP_W", cfg->bp_w, "log2(counters) = SIMTY_BPRED_BITS");
    vm_localparam(m, "SEL_W", sel, "log2(counters per word) = BP_W - 5");
    vm_localparam(m, "WORD_W", 2 << sel, "2 bits x 2^SEL_W counters");

    vm_port(m, VM_IN, "clk_i", "1", NULL);
    vm_group(m, "reset sequence: set word init_word_i to weakly the static rule");
    vm_port(m, VM_IN, "init_i", "1", NULL);
    vm_port(m, VM_IN, "init_word_i", "5", NULL);
    vm_group(m, "from fetch (f2): the word PC being fetched");
    vm_port(m, VM_IN, "f2_pc_i", "BP_W", NULL);
    vm_group(m, "to predecode (f3)");
    vm_port(m, VM_OUT_REG, "f3_flip_o", "1", "predict the other way than the static rule");
    vm_group(m, "from the resolve stage: a branch of a single path");
    vm_port(m, VM_IN, "tr_valid_i", "1", NULL);
    vm_port(m, VM_IN, "tr_pc_i", "BP_W", NULL);
    vm_port(m, VM_IN, "tr_back_i", "1", "backward: the static rule says taken");
    vm_port(m, VM_IN, "tr_taken_i", "1", NULL);

    vm_reg(m, "tr_valid_q", "1", "the training inputs, registered");
    vm_reg(m, "tr_pc_q", "BP_W", NULL);
    vm_reg(m, "tr_back_q", "1", NULL);
    vm_reg(m, "tr_taken_q", "1", NULL);
    vm_wire(m, "pr_word", "WORD_W", "the word at f2_pc_i, for fetch");
    vm_wire(m, "tr_word", "WORD_W", "the word at tr_pc_q, for training");
    vm_wire(m, "f2_sel", "SEL_W", "counter of the fetched word's PC in its table word");
    vm_wire(m, "tr_sel", "SEL_W", "counter of the branch in its table word");
    vm_wire(m, "tr_cnt", "2", "the branch's counter");
    vm_reg(m, "tr_new", "2", "its next value");
    vm_reg(m, "wr_word", "WORD_W", "tr_word with the counter replaced");
    vm_wire(m, "we", "1", NULL);
    vm_wire(m, "waddr", "5", NULL);
    vm_wire(m, "wdata", "WORD_W", NULL);

    vm_comment(m, "Counter i of word a holds the PC with bits [4:0] = a and bits "
                  "[BP_W-1:5] = i.");
    b = vm_seq(m, "train_in");
    vb_set(b, "tr_valid_q", "tr_valid_i");
    vb_set(b, "tr_pc_q", "tr_pc_i");
    vb_set(b, "tr_back_q", "tr_back_i");
    vb_set(b, "tr_taken_q", "tr_taken_i");
    vm_assign(m, "f2_sel", "f2_pc_i[BP_W-1:5]");
    vm_assign(m, "tr_sel", "tr_pc_q[BP_W-1:5]");
    vm_assign(m, "tr_cnt", "tr_word[{tr_sel, 1'b0} +: 2]");
    b = vm_comb(m, "train");
    vb_default(b, "tr_new", "tr_cnt");
    vb_default(b, "wr_word", "tr_word");
    vb_if(b, "tr_taken_q != tr_back_q");
    vb_set(b, "tr_new", "tr_cnt == 2'd3 ? 2'd3 : tr_cnt + 2'd1");
    vb_else(b);
    vb_set(b, "tr_new", "tr_cnt == 2'd0 ? 2'd0 : tr_cnt - 2'd1");
    vb_end(b);
    vb_set(b, "wr_word[{tr_sel, 1'b0} +: 2]", "tr_new");
    vm_assign(m, "we", "init_i || tr_valid_q");
    vm_assign(m, "waddr", "init_i ? init_word_i : tr_pc_q[4:0]");
    vm_assign(m, "wdata", "init_i ? {(WORD_W/2){2'b01}} : wr_word");

    ram_lut2(m, "u_table", "5", "WORD_W", "we", "waddr", "wdata", "f2_pc_i[4:0]", "pr_word",
             "tr_pc_q[4:0]", "tr_word");
    b = vm_seq(m, "predict");
    vb_set(b, "f3_flip_o", "pr_word[{f2_sel, 1'b1}]");
    return vm_status(m);
}
