/*
 * branch.c - simty_branch: splits the executing path at the membership stage.
 */
#include "path.h"
#include "simty_map.h"

/* A misaligned jump target leaves cause_o at its default, zero. */
typedef char branch_misaligned_target_is_0[SIMTY_TRAP_MISALIGNED_TARGET == 0 ? 1 : -1];

/* The unit's description, parameters and ports. */
static void branch_interface(const struct simt_cfg *cfg, struct vmod *m)
{
    vm_describe(m, "Branch unit (issue + 5 and + 6): splits the active path into a (fall-through, "
                   "jump target or the lanes served by this pass) and b (taken, or the lanes "
                   "an indirect jump or a memory access replays), updates the call depth on "
                   "calls and returns, and collects the lanes that exit or trap. An indirect "
                   "jump serves the leader's target (leader = lowest active lane) with every "
                   "lane going there whose target is aligned; lanes whose target is misaligned "
                   "trap, the other lanes replay it. Stage 1 (issue + 5) "
                   "finds the leader of an indirect jump and its target (registered); stage 2 "
                   "(issue + 6) splits.");
    vm_latency(m, "1 cycle: stage 2's outputs belong to the instruction at stage 1 one "
                  "cycle earlier");
    if (cfg->mutate == MUT_BAD_TARGET)
        vm_note(m, "TEST-ONLY MUTATION --mutate=%s (make formal must catch it)",
                cfg_mutation_name(cfg->mutate));
    vm_localparam(m, "T", cfg->t, "threads per warp");
    path_lp_width(cfg, m);
    vm_port(m, VM_IN, "clk_i", "1", NULL);
    vm_group(m, "stage 1 (issue + 5)");
    vm_port(m, VM_IN, "s1_active_i", "T", NULL);
    vm_port(m, VM_IN, "s1_lead1h_i", "T", "the lowest active lane, one-hot");
    vm_port(m, VM_IN, "s1_d_i", "32*T", "per-lane jalr targets");
    vm_group(m, "stage 2 (issue + 6): the instruction and its active path");
    vm_port(m, VM_IN, "pc_i", "30", "word PC");
    vm_port(m, VM_IN, "active_i", "T", "lanes of the path executing it");
    vm_port(m, VM_IN, "depth_i", "8", "call depth of that path");
    vm_group(m, "from execute");
    vm_port(m, VM_IN, "same_word_i", "T", "lanes whose target's word is the leader's (the "
            "coalescer's compare of the same addresses)");
    vm_port(m, VM_IN, "cond_i", "T", "per-lane branch taken / ecall is an exit");
    vm_port(m, VM_IN, "target_i", "32", "branch or jal target");
    vm_port(m, VM_IN, "branch_i", "1", NULL);
    vm_port(m, VM_IN, "jal_i", "1", NULL);
    vm_port(m, VM_IN, "jalr_i", "1", NULL);
    vm_port(m, VM_IN, "ecall_i", "1", NULL);
    vm_port(m, VM_IN, "call_i", "2", "01 call (+1), 10 return (-1)");
    vm_port(m, VM_IN, "itrap_i", "1", "the whole instruction traps");
    vm_port(m, VM_IN, "pred_i", "1", "predicted to jump (to pcn_i)");
    vm_port(m, VM_IN, "pcn_i", "30", "the predicted next PC");
    vm_port(m, VM_IN, "icause_i", "4", "its cause");
    vm_group(m, "from the coalescer");
    vm_port(m, VM_IN, "mem_i", "1", "a load or store");
    vm_port(m, VM_IN, "mem_served_i", "T", NULL);
    vm_port(m, VM_IN, "mem_replay_i", "T", NULL);
    vm_port(m, VM_IN, "mem_sany_i", "1", "|mem_served_i, computed early");
    vm_port(m, VM_IN, "mem_rany_i", "1", "|mem_replay_i, computed early");
    vm_port(m, VM_IN, "mem_all_i", "1", "every active lane served (the prediction check's shortcut)");
    vm_port(m, VM_IN, "mem_trap_i", "T", NULL);
    vm_port(m, VM_IN, "mem_cause_i", "4*T", NULL);
    vm_group(m, "to the path tracker and the resolve stage");
    vm_port(m, VM_OUT_REG, "a_o", "PATH_W", "fall-through, target or served path");
    vm_port(m, VM_OUT_REG, "b_o", "PATH_W", "taken or replayed path");
    vm_port(m, VM_OUT_REG, "exec_o", "T", "lanes that executed in this pass");
    vm_port(m, VM_OUT_REG, "trap_o", "T", NULL);
    vm_port(m, VM_OUT_REG, "cause_o", "4*T", "4 bits per lane");
    vm_port(m, VM_OUT_REG, "exit_o", "T", NULL);
    vm_port(m, VM_OUT, "wmask_o", "T", "lanes whose rd an ALU-writing instruction writes");
    vm_port(m, VM_OUT, "pok_o", "1", "the instruction went where predicted with the same "
                                     "threads: b is empty and a holds every active lane");
    vm_port(m, VM_OUT, "depth_o", "8", "the call depth after the instruction (depth forwarding)");
}

/* The call depth after a jump, the next PC, and an indirect jump's leader and target (stage 1). */
static void branch_jalr(const struct simt_cfg *cfg, struct vmod *m)
{
    struct vblock *b;

    vm_wire(m, "depth_j", "8", "depth on the jump's target path");
    vm_wire(m, "pc_next", "30", NULL);
    if (cfg->yield_w)   /* bit 7 marks a path that has not yielded (gen/yield.c) */
        vm_assign(m, "depth_j", "call_i == 2'b01 ? {depth_i[7], depth_i[6:0] == 7'h7f ? 7'h7f : "
                                "depth_i[6:0] + 7'd1} : call_i == 2'b10 ? {depth_i[7], "
                                "depth_i[6:0] == 7'h00 ? 7'h00 : depth_i[6:0] - 7'd1} : depth_i");
    else
        vm_assign(m, "depth_j", "call_i == 2'b01 ? (depth_i == 8'hff ? 8'hff : depth_i + 8'd1) : "
                                "call_i == 2'b10 ? (depth_i == 8'h00 ? 8'h00 : depth_i - 8'd1) : depth_i");
    vm_assign(m, "pc_next", "pc_i + 30'd1");

    vm_comment(m, "Indirect jumps (stage 1): misaligned targets trap, the leader's target is "
                  "served (its word: when the leader's target is misaligned, aligned lanes with "
                  "the same word still go there). The leader is the lowest active lane, found by "
                  "the path unit when it wrote the head path.");
    vm_reg(m, "s1_jmis", "T", "lanes whose jalr target is misaligned");
    vm_wire(m, "s1_jcand", "T", NULL);
    vm_wire(m, "s1_jlead", "T", "one-hot leader");
    vm_integer(m, "l");
    b = vm_comb(m, "jalr_misaligned");
    vb_default(b, "s1_jmis", "{T{1'b0}}");
    vb_for(b, "l", "0", "T");
    vb_set(b, "s1_jmis[l]", "s1_d_i[32*l + 1]");
    vb_end(b);
    vm_assign(m, "s1_jcand", "s1_active_i & ~s1_jmis");
    vm_assign(m, "s1_jlead", "s1_lead1h_i");
    {
        static const struct oh_field f[] = {
            { "s1_jtarget", "30", "s1_d_i[32*l + 2 +: 30]", "the leader's target (word address)" },
        };
        oh_select(m, "jalr_leader", "s1_jlead", "T", "l", f, 1);
    }
    vm_reg(m, "jmis", "T", "stage 2");
    vm_reg(m, "jcand", "T", NULL);
    vm_reg(m, "jtarget", "30", "the a path's PC");
    vm_comment(m, "A second copy of the leader's target for the prediction check alone, through "
                  "a kept boundary so that synthesis does not merge the two registers: each is "
                  "placed beside its readers (the a path, the check).");
    vm_wire(m, "s1_jtarget_k", "30", NULL);
    keep_wire(m, "u_jtarget", "30", "s1_jtarget", "s1_jtarget_k");
    vm_reg(m, "jtarget_p", "30", "the copy the prediction check reads");
    b = vm_seq(m, "stage2");
    vb_set(b, "jmis", "s1_jmis");
    vb_set(b, "jcand", "s1_jcand");
    vb_set(b, "jtarget", "s1_jtarget");
    vb_set(b, "jtarget_p", "s1_jtarget_k");
    vm_wire(m, "juni", "T", "lanes jumping to the leader's target");
    vm_assign(m, "juni", "jcand & same_word_i");
}

/* Stage 2's split: the a and b paths, executed, trapping and exiting lanes. */
static void branch_split(const struct simt_cfg *cfg, struct vmod *m)
{
    struct vblock *b;

    vm_comment(m, "The two paths of each kind of instruction. A path is valid when it has lanes.");
    b = vm_comb(m, "split");
    vb_default(b, "a_o", "{|active_i, depth_i, pc_next, active_i}");
    vb_default(b, "b_o", "{1'b0, depth_i, pc_i, {T{1'b0}}}");
    vb_default(b, "exec_o", "active_i");
    vb_default(b, "trap_o", "{T{1'b0}}");
    vb_default(b, "cause_o", "{4*T{1'b0}}");
    vb_default(b, "exit_o", "{T{1'b0}}");
    vb_if(b, "itrap_i");
    vb_set(b, "a_o", "{1'b0, depth_i, pc_next, {T{1'b0}}}");
    vb_set(b, "trap_o", "active_i");
    vb_set(b, "cause_o", "{T{icause_i}}");
    vb_elif(b, "ecall_i");
    vb_set(b, "a_o", "{1'b0, depth_i, pc_next, {T{1'b0}}}");
    vb_set(b, "exit_o", "active_i & cond_i");
    vb_set(b, "trap_o", "active_i & ~cond_i");
    vb_set(b, "cause_o", "{T{4'd%d}}", SIMTY_TRAP_ECALL);
    vb_elif(b, "jal_i && target_i[1]");
    vb_set(b, "a_o", "{1'b0, depth_i, pc_next, {T{1'b0}}}");
    vb_set(b, "trap_o", "active_i");
    vb_elif(b, "jal_i");
    vb_set(b, "a_o", "{|active_i, depth_j, target_i[31:2], active_i}");
    vb_elif(b, "branch_i");
    vb_set(b, "a_o", "{|(active_i & ~cond_i), depth_i, pc_next, active_i & ~cond_i}");
    vb_if(b, "target_i[1]");
    vb_set(b, "trap_o", "active_i & cond_i");
    vb_else(b);
    /* --mutate=bad-target: the taken path one word past the target */
    vb_set(b, "b_o", cfg->mutate == MUT_BAD_TARGET
                     ? "{|(active_i & cond_i), depth_i, target_i[31:2] + 30'd1, active_i & cond_i}"
                     : "{|(active_i & cond_i), depth_i, target_i[31:2], active_i & cond_i}");
    vb_end(b);
    vb_elif(b, "jalr_i");
    vb_set(b, "a_o", "{|juni, depth_j, jtarget, juni}");
    vb_set(b, "b_o", "{|(jcand & ~juni), depth_i, pc_i, jcand & ~juni}");
    vb_set(b, "trap_o", "jmis & active_i");
    vb_set(b, "exec_o", "active_i & ~(jcand & ~juni)");
    vb_elif(b, "mem_i");
    vb_set(b, "a_o", "{mem_sany_i, depth_i, pc_next, mem_served_i}");
    vb_set(b, "b_o", "{mem_rany_i, depth_i, pc_i, mem_replay_i}");
    vb_set(b, "trap_o", "mem_trap_i");
    vb_set(b, "cause_o", "mem_cause_i");
    vb_set(b, "exec_o", "active_i & ~mem_replay_i");
    vb_end(b);
}

/* The register write mask, the prediction check and the depth after the instruction. */
static void branch_check(struct vmod *m)
{
    vm_comment(m, "rd is written for every lane that executed, except when the whole "
                  "instruction traps or a jal's target is misaligned (none then), and except the "
                  "lanes an indirect jump replays or whose target traps: those read rs1 again.");
    vm_assign(m, "wmask_o", "itrap_i || (jal_i && target_i[1]) ? {T{1'b0}} : "
                            "jalr_i ? juni : active_i");
    vm_comment(m, "The prediction check, from the split's inputs rather than from a and b (the "
                  "same function, off the end of the split's multiplexers): exits and traps "
                  "fail it; a jal passes unless its target traps; a branch passes when no active "
                  "lane went against the prediction; an indirect jump when every lane jumps to "
                  "the leader's target and that is the predicted one; a memory access when the "
                  "pass served every active lane (mem_all_i).");
    vm_assign(m, "pok_o", "!(itrap_i || ecall_i) && ("
                          "jal_i ? !target_i[1] || active_i == {T{1'b0}} : "
                          "branch_i && pred_i ? (target_i[1] ? active_i == {T{1'b0}} : "
                          "(active_i & ~cond_i) == {T{1'b0}}) : "
                          "branch_i ? (active_i & cond_i) == {T{1'b0}} : "
                          "jalr_i ? pred_i && jtarget_p == pcn_i && juni == active_i : "
                          "mem_i ? mem_all_i : 1'b1)");
    vm_assign(m, "depth_o", "jal_i || jalr_i ? depth_j : depth_i");
    vm_wire(m, "unused_target", "1", "targets are even");
    vm_assign(m, "unused_target", "target_i[0]");
}

int gen_branch(const struct simt_cfg *cfg, struct vmod *m)
{
    branch_interface(cfg, m);
    branch_jalr(cfg, m);
    branch_split(cfg, m);
    branch_check(m);
    return vm_status(m);
}
