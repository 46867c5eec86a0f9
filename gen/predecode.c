/*
 * predecode.c - simty_predecode: the register fields of a fetched
 * instruction and the register-file ports it needs at issue.
 */
#include "units.h"

/* The word offset of a jal or branch in instruction `insn`, into the 30-bit
 * signal `off`; helper wires <pfx>off_b and <pfx>off_j (bit 0 of each is
 * offset bit 1: the target is not word aligned). */
void pd_jump_offset(struct vmod *m, const char *insn, const char *pfx, const char *off)
{
    char ob[40], oj[40];
    snprintf(ob, sizeof ob, "%soff_b", pfx);
    snprintf(oj, sizeof oj, "%soff_j", pfx);
    vm_wire(m, ob, "12", "branch offset bits 12..1");
    vm_wire(m, oj, "20", "jal offset bits 20..1");
    vm_assign(m, ob, "{%s[31], %s[7], %s[30:25], %s[11:8]}", insn, insn, insn, insn);
    vm_assign(m, oj, "{%s[31], %s[19:12], %s[20], %s[30:21]}", insn, insn, insn, insn);
    vm_assign(m, off, "%s[6:0] == 7'b1101111 ? {{11{%s[19]}}, %s[19:1]} : {{19{%s[11]}}, %s[11:1]}",
              insn, oj, oj, ob, ob);
}

int gen_predecode(const struct simt_cfg *cfg, struct vmod *m)
{
    vm_describe(m, "Predecode: classifies a fetched instruction by the register-file ports it "
                   "needs, so the scheduler can reserve them at issue. ecall and ebreak read a7 "
                   "(x17) as rs1 and a0 (x10) as rs2: the exit test and the exit code. It also "
                   "predicts where the warp goes next: jal to its target, a branch by the rule "
                   "(backward taken, forward not taken) unless the branch predictor says "
                   "otherwise, a jalr (returns included) to where it went last time (the "
                   "jump target buffer), everything else to PC + 4 (fetch follows the "
                   "prediction). Every "
                   "instruction but system instructions and a jalr without a predicted target may be followed: "
                   "the scheduler may issue the warp's next instruction (the predicted one) "
                   "behind it before it resolves, and squashes that one if the warp does not "
                   "go there with the same threads.");
    vm_latency(m, "combinational");
    vm_group(m, "from fetch (stage f2)");
    vm_port(m, VM_IN, "insn_i", "32", "instruction word");
    vm_port(m, VM_IN, "flip_i", "1", "the branch predictor: a branch goes the other way than the rule");
    vm_port(m, VM_IN, "btb_ok_i", "1", "the jump target buffer has a target for this PC");
    vm_group(m, "to the instruction buffer");
    vm_port(m, VM_OUT, "rs1_o", "5", "rs1, 0 if not read");
    vm_port(m, VM_OUT, "rs2_o", "5", "rs2, 0 if not read");
    vm_port(m, VM_OUT, "use1_o", "1", "reads rs1 (bank read at issue + 1)");
    vm_port(m, VM_OUT, "use2_o", "1", "reads rs2 (bank read at issue + 2)");
    vm_port(m, VM_OUT, "walu_o", "1", "writes rd from the ALU (issue + 6)");
    vm_port(m, VM_OUT, "load_o", "1", "writes rd at load write-back (issue + 10)");
    vm_port(m, VM_OUT, "follow_o", "1", "the next instruction may issue before this one resolves");
    vm_port(m, VM_OUT, "pred_o", "1", "predicted to jump: jal, a branch predicted taken, a jalr with a buffered target");
    vm_port(m, VM_OUT, "jalr_o", "1", "a jalr: if pred_o, to the jump target buffer's target");
    vm_port(m, VM_OUT, "off_o", "30", "its word offset (pc + off_o is the predicted target)");

    vm_wire(m, "op", "7", "major opcode");
    vm_wire(m, "rd_nz", "1", "rd is not x0");
    vm_wire(m, "is_env", "1", "ecall / ebreak (SYSTEM, funct3 = 0)");
    vm_wire(m, "is_csr", "1", "other SYSTEM: CSR reads");
    vm_wire(m, "uses_rs2", "1", "branch, store, register-register ALU");
    vm_assign(m, "op", "insn_i[6:0]");
    vm_assign(m, "rd_nz", "insn_i[11:7] != 5'd0");
    vm_assign(m, "is_env", "op == 7'b1110011 && insn_i[14:12] == 3'b000");
    vm_assign(m, "is_csr", "op == 7'b1110011 && insn_i[14:12] != 3'b000");
    vm_assign(m, "uses_rs2", "op == 7'b1100011 || op == 7'b0100011 || op == 7'b0110011%s",
              cfg->isa_a ? " || op == 7'b0101111" : "");
    vm_assign(m, "use1_o", "uses_rs2 || is_env || op == 7'b1100111 || op == 7'b0000011 || "
                           "op == 7'b0010011");
    vm_assign(m, "use2_o", "uses_rs2 || is_env");
    vm_assign(m, "rs1_o", "is_env ? 5'd17 : use1_o ? insn_i[19:15] : 5'd0");
    vm_assign(m, "rs2_o", "is_env ? 5'd10 : use2_o ? insn_i[24:20] : 5'd0");
    if (cfg->isa_m) {
        vm_comment(m, "RV32M: a multiply writes rd at the load write-back (issue + 10), so it is "
                      "scheduled as a load; a divide writes it whenever the shared divider is "
                      "done, so it is not followed: its warp waits for the write-back.");
        vm_wire(m, "is_m", "1", "mul, mulh, mulhsu, mulhu, div, divu, rem, remu");
        vm_assign(m, "is_m", "op == 7'b0110011 && insn_i[31:25] == 7'b0000001");
    }
    vm_assign(m, "walu_o", "rd_nz && (op == 7'b0110111 || op == 7'b0010111 || op == 7'b1101111 || "
                           "op == 7'b1100111 || op == 7'b0010011 || %s || is_csr)",
              cfg->isa_m ? "(op == 7'b0110011 && !is_m)" : "op == 7'b0110011");
    vm_assign(m, "load_o", "op == 7'b0000011%s%s", cfg->isa_m ? " || (is_m && !insn_i[14])" : "",
              cfg->isa_a ? " || op == 7'b0101111" : "");
    vm_comment(m, "Prediction: jal goes to its target; a branch with a negative offset (a "
                  "loop) is taken, one with a positive offset is not, unless the predictor "
                  "flips it. A target that is not word aligned traps: it is not predicted.");
    pd_jump_offset(m, "insn_i", "", "off_o");
    vm_assign(m, "jalr_o", "op == 7'b1100111");
    vm_comment(m, "A jalr, returns included, goes where that jalr went last time (the jump "
                  "target buffer): return-address stacks cost more logic than the cycles they "
                  "save (docs/results.md, Throughput per logic).");
    vm_assign(m, "pred_o", "op == 7'b1101111 ? !off_j[0] : "
                           "op == 7'b1100011 ? (insn_i[31] ^ flip_i) && !off_b[0] : "
                           "jalr_o && btb_ok_i");
    vm_comment(m, "A jalr without a predicted target and system instructions are not "
                  "followed before they resolve.");
    if (cfg->isa_a)
        vm_comment(m, "RV32A: lr.w and sc.w (funct5 = 0001x) are not followed either: the next "
                      "sc.w of the warp must see the reservation they leave (gen/resv.c).");
    vm_assign(m, "follow_o", "!(op == 7'b1110011 || (jalr_o && !pred_o)%s%s)",
              cfg->isa_m ? " || (is_m && insn_i[14])" : "",
              cfg->isa_a ? " || (op == 7'b0101111 && insn_i[28])" : "");
    return vm_status(m);
}
