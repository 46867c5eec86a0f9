/*
 * exec.c - simty_exec: decode and execute for T lanes.
 */
#include "units.h"
#include "alu_ctl.h"
#include "simty_map.h"

/* The Simty CSRs (warp id, lane id, W, T) are four consecutive numbers from a
 * multiple of 4: a read of one of them is a compare of csr[11:2]. */
typedef char exec_simty_csrs_aligned[SIMTY_CSR_WARPID % 4 == 0 &&
                                     SIMTY_CSR_LANEID == SIMTY_CSR_WARPID + 1 &&
                                     SIMTY_CSR_NWARPS == SIMTY_CSR_WARPID + 2 &&
                                     SIMTY_CSR_NLANES == SIMTY_CSR_WARPID + 3 ? 1 : -1];

/* Every CSR the core has, in the order the decode lists them. */
static const int exec_csrs[] = { SIMTY_CSR_CYCLE,  SIMTY_CSR_CYCLEH, SIMTY_CSR_MHARTID,
                                 SIMTY_CSR_WARPID, SIMTY_CSR_LANEID, SIMTY_CSR_NWARPS,
                                 SIMTY_CSR_NLANES };

/* A CSR number as a 12-bit literal: 12'hc00. */
static const char *csr_lit(char *buf, size_t n, int csr)
{
    snprintf(buf, n, "12'h%03x", (unsigned)csr);
    return buf;
}

/* A legal CSR read in instruction word `insn`: SYSTEM, csrrs or csrrc (funct3
 * bit 1) with rs1 = x0, of a counter or an id the core has. */
static const char *is_csr(char *buf, size_t n, const char *insn)
{
    char c0[16], c1[16], c2[16];
    snprintf(buf, n, "%s[6:0] == OP_SYS && %s[13] && %s[19:15] == 5'd0 && (%s[31:20] == %s || "
             "%s[31:20] == %s || %s[31:20] == %s || %s[31:22] == 10'h%03x)",
             insn, insn, insn, insn, csr_lit(c0, sizeof c0, SIMTY_CSR_CYCLE),
             insn, csr_lit(c1, sizeof c1, SIMTY_CSR_CYCLEH), insn,
             csr_lit(c2, sizeof c2, SIMTY_CSR_MHARTID), insn, (unsigned)SIMTY_CSR_WARPID >> 2);
    return buf;
}

/* The unit's description, parameters and ports. */
static void exec_interface(const struct simt_cfg *cfg, struct vmod *m)
{
    char cond[64];

    vm_describe(m, "Decode and execute (collect 2 and issue + 4): in collect 2, the ALU lanes' "
                   "control word and immediate, including the read-only CSRs (mhartid, warp and "
                   "lane ids, W, T, cycle); in execute, full decode with illegal-instruction "
                   "detection (%s fence.i, CSR writes and unknown "
                   "CSRs are illegal), T ALU lanes with their branch conditions, jalr targets "
                   "and the call-depth hint of jumps. Everything is registered for the "
                   "membership stage.%s", cfg->isa_m ? "RV32IM: the M instructions go to simty_mdu;"
                                                    : "RV32I only: RV32M encodings,",
                cfg->isa_a ? " RV32A: lr.w, sc.w and the amo*.w address rs1 (immediate 0) and "
                             "go to the coalescer as word accesses that write rd at load "
                             "write-back." : "");
    vm_latency(m, "c2_* inputs: the cycle before their ex_* inputs; outputs registered (1 cycle)");
    vm_localparam(m, "W", cfg->w, "warps");
    vm_localparam(m, "T", cfg->t, "threads per warp");
    vm_localparam(m, "WARP_W", cfg->warp_id_w, "max(1, log2(W))");
    alu_ctl_params(m);
    vm_port(m, VM_IN, "clk_i", "1", NULL);
    vm_port(m, VM_IN, "cycle_i", "64", "cycles since reset");
    vm_group(m, "from operand collection (collect 1 and 2, the cycles before execute)");
    vm_port(m, VM_IN, "c1_insn_i", "32", NULL);
    vm_port(m, VM_IN, "c2_wid_i", "WARP_W", NULL);
    vm_port(m, VM_IN, "c2_pc_i", "30", "word PC");
    vm_port(m, VM_IN, "c2_insn_i", "32", NULL);
    vm_group(m, "from operand collection (execute stage)");
    vm_port(m, VM_IN, "ex_pc_i", "30", "word PC");
    vm_port(m, VM_IN, "ex_insn_i", "32", NULL);
    vm_port(m, VM_IN, "ex_fault_i", "1", "fetch access fault");
    vm_port(m, VM_IN, "ex_s1_i", "32*T", "rs1 per lane");
    vm_port(m, VM_IN, "ex_s2_i", "32*T", "rs2 per lane");
    vm_group(m, "to the membership stage");
    vm_port(m, VM_OUT_REG, "mb_d_o", "32*T", "result, address or jalr target");
    vm_port(m, VM_OUT_REG, "mb_s2_o", "32*T", "store data");
    snprintf(cond, sizeof cond, "branch taken / ecall is an exit (a7 = %d)", SIMTY_SYS_EXIT);
    vm_port(m, VM_OUT_REG, "mb_cond_o", "T", cond);
    vm_port(m, VM_OUT_REG, "mb_target_o", "32", "pc + imm of branches and jal");
    vm_port(m, VM_OUT_REG, "mb_link_o", "32", "pc + 4");
    vm_port(m, VM_OUT_REG, "mb_rd_o", "5", NULL);
    vm_port(m, VM_OUT_REG, "mb_funct3_o", "3", NULL);
    vm_port(m, VM_OUT_REG, "mb_walu_o", "1", "writes rd at resolve");
    vm_port(m, VM_OUT_REG, "mb_branch_o", "1", NULL);
    vm_port(m, VM_OUT_REG, "mb_jal_o", "1", NULL);
    vm_port(m, VM_OUT_REG, "mb_jalr_o", "1", NULL);
    vm_port(m, VM_OUT_REG, "mb_load_o", "1", NULL);
    vm_port(m, VM_OUT_REG, "mb_store_o", "1", NULL);
    vm_port(m, VM_OUT_REG, "mb_ecall_o", "1", NULL);
    vm_port(m, VM_OUT_REG, "mb_call_o", "2", "01 call (+1), 10 return (-1)");
    vm_port(m, VM_OUT_REG, "mb_trap_o", "1", "fetch fault, illegal instruction or ebreak");
    vm_port(m, VM_OUT_REG, "mb_cause_o", "4", NULL);
    if (cfg->isa_m) {
        vm_port(m, VM_OUT_REG, "mb_mul_o", "1", "RV32M multiply (written at issue + 10)");
        vm_port(m, VM_OUT_REG, "mb_div_o", "1", "RV32M divide or remainder (the shared divider)");
    }
    if (cfg->isa_a) {
        vm_port(m, VM_OUT_REG, "mb_lr_o", "1", "RV32A lr.w (also a load)");
        vm_port(m, VM_OUT_REG, "mb_sc_o", "1", "RV32A sc.w (also a load and a store)");
        vm_port(m, VM_OUT_REG, "mb_rmw_o", "1", "RV32A amo*.w (also a load and a store)");
    }
}

/* Execute's decode: opcodes, fields, immediates and the legal encodings. */
static void exec_decode(const struct simt_cfg *cfg, struct vmod *m)
{
    struct vblock *b;

    vm_localparam_lit(m, "OP_LUI", 7, "7'b0110111", "major opcodes");
    vm_localparam_lit(m, "OP_AUIPC", 7, "7'b0010111", NULL);
    vm_localparam_lit(m, "OP_JAL", 7, "7'b1101111", NULL);
    vm_localparam_lit(m, "OP_JALR", 7, "7'b1100111", NULL);
    vm_localparam_lit(m, "OP_BR", 7, "7'b1100011", NULL);
    vm_localparam_lit(m, "OP_LD", 7, "7'b0000011", NULL);
    vm_localparam_lit(m, "OP_ST", 7, "7'b0100011", NULL);
    vm_localparam_lit(m, "OP_IMM", 7, "7'b0010011", NULL);
    vm_localparam_lit(m, "OP_OP", 7, "7'b0110011", NULL);
    vm_localparam_lit(m, "OP_FENCE", 7, "7'b0001111", NULL);
    vm_localparam_lit(m, "OP_SYS", 7, "7'b1110011", NULL);
    if (cfg->isa_a)
        vm_localparam_lit(m, "OP_AMO", 7, "7'b0101111", "RV32A");

    vm_wire(m, "op", "7", NULL);
    vm_wire(m, "f3", "3", NULL);
    vm_wire(m, "f7", "7", NULL);
    vm_wire(m, "rd", "5", NULL);
    vm_wire(m, "rs1", "5", NULL);
    vm_wire(m, "csr", "12", NULL);
    vm_assign(m, "op", "ex_insn_i[6:0]");
    vm_assign(m, "f3", "ex_insn_i[14:12]");
    vm_assign(m, "f7", "ex_insn_i[31:25]");
    vm_assign(m, "rd", "ex_insn_i[11:7]");
    vm_assign(m, "rs1", "ex_insn_i[19:15]");
    vm_assign(m, "csr", "ex_insn_i[31:20]");
    vm_wire(m, "imm_b", "32", NULL);
    vm_wire(m, "imm_j", "32", NULL);
    vm_wire(m, "pc", "32", "byte PC");
    vm_assign(m, "imm_b", "{{19{ex_insn_i[31]}}, ex_insn_i[31], ex_insn_i[7], ex_insn_i[30:25], "
                          "ex_insn_i[11:8], 1'b0}");
    vm_assign(m, "imm_j", "{{11{ex_insn_i[31]}}, ex_insn_i[31], ex_insn_i[19:12], ex_insn_i[20], "
                          "ex_insn_i[30:21], 1'b0}");
    vm_assign(m, "pc", "{ex_pc_i, 2'b00}");

    vm_comment(m, "Legal RV32I encodings; CSRs only read with csrrs/csrrc (rs1 = x0) or "
                  "csrrsi/csrrci (zero immediate).");
    vm_wire(m, "csr_ok", "1", "a CSR of the spec");
    vm_wire(m, "is_csr", "1", NULL);
    vm_wire(m, "is_ecall", "1", NULL);
    vm_wire(m, "is_ebreak", "1", NULL);
    {
        char ok[256], c[16];
        size_t len = 0;
        for (size_t i = 0; i < sizeof exec_csrs / sizeof exec_csrs[0]; i++)
            len += (size_t)snprintf(ok + len, sizeof ok - len, "%scsr == %s", i ? " || " : "",
                                    csr_lit(c, sizeof c, exec_csrs[i]));
        vm_assign(m, "csr_ok", "%s", ok);
    }
    vm_assign(m, "is_csr", "op == OP_SYS && f3[1] && rs1 == 5'd0 && csr_ok");
    vm_assign(m, "is_ecall", "op == OP_SYS && ex_insn_i[31:7] == 25'd0");
    vm_assign(m, "is_ebreak", "op == OP_SYS && ex_insn_i[31:7] == 25'h2000");
    vm_reg(m, "legal", "1", NULL);
    b = vm_comb(m, "legal");
    vb_default(b, "legal", "1'b0");
    vb_case(b, "op");
    vb_item(b, "OP_LUI, OP_AUIPC, OP_JAL", "legal", "1'b1");
    vb_item(b, "OP_JALR", "legal", "f3 == 3'b000");
    vb_item(b, "OP_BR", "legal", "f3 != 3'b010 && f3 != 3'b011");
    vb_item(b, "OP_LD", "legal", "f3 != 3'b011 && f3[2:1] != 2'b11");
    vb_item(b, "OP_ST", "legal", "f3[2] == 1'b0 && f3[1:0] != 2'b11");
    vb_item(b, "OP_IMM", "legal", "f3 == 3'b001 ? f7 == 7'd0 : "
                                  "f3 == 3'b101 ? (f7 == 7'd0 || f7 == 7'b0100000) : 1'b1");
    vb_item(b, "OP_OP", "legal", "f7 == 7'd0 || %s(f7 == 7'b0100000 && (f3 == 3'b000 || f3 == 3'b101))",
            cfg->isa_m ? "f7 == 7'd1 || " : "");
    vb_item(b, "OP_FENCE", "legal", "f3 == 3'b000");
    vb_item(b, "OP_SYS", "legal", "is_csr || is_ecall || is_ebreak");
    /* RV32A, funct5 = insn[31:27]: lr (00010, rs2 = x0), sc (00011), amoswap (00001)
     * and the eight with funct5[1:0] = 00 (add, xor, or, and, min, max, minu, maxu) */
    if (cfg->isa_a)
        vb_item(b, "OP_AMO", "legal", "f3 == 3'b010 && (ex_insn_i[28:27] == 2'b00 || "
                                      "(ex_insn_i[31:29] == 3'b000 && "
                                      "(ex_insn_i[28:27] != 2'b10 || ex_insn_i[24:20] == 5'd0)))");
    vb_item(b, "default", "legal", "1'b0");
    vb_endcase(b);
    vm_wire(m, "ok", "1", "legal and fetched");
    vm_assign(m, "ok", "legal && !ex_fault_i");
}

/* Collect 1: the lanes' ALU control word, registered for collect 2. */
static void exec_lane_control(const struct simt_cfg *cfg, struct vmod *m)
{
    char e[320], c0[16], c1[16];
    struct vblock *b;

    vm_comment(m, "Collect 1: decode the lanes' control word, registered here and again "
                  "inside each lane: the lanes spread over the die, so the last hop to them "
                  "starts from a flip-flop.");
    vm_wire(m, "k_op", "7", NULL);
    vm_wire(m, "k_f3", "3", NULL);
    vm_wire(m, "k_csr", "12", NULL);
    vm_wire(m, "k_is_csr", "1", "a legal CSR read");
    vm_assign(m, "k_op", "c1_insn_i[6:0]");
    vm_assign(m, "k_f3", "c1_insn_i[14:12]");
    vm_assign(m, "k_csr", "c1_insn_i[31:20]");
    vm_assign(m, "k_is_csr", "%s", is_csr(e, sizeof e, "c1_insn_i"));
    vm_wire(m, "unused_k_rd", "1", "rd is decoded a cycle later");
    vm_assign(m, "unused_k_rd", "^c1_insn_i[11:7]");
    vm_reg(m, "k_ctl", "CTL_W", "the ALU control word of the instruction in collect 1");
    b = vm_comb(m, "lane_control");
    vb_default(b, "k_ctl", "{CTL_W{1'b0}}");
    vb_if(b, "k_op == OP_OP || k_op == OP_IMM");
    vb_set(b, "k_ctl[C_BIMM]", "k_op == OP_IMM");
    vb_set(b, "k_ctl[C_SUB]", "k_f3 == 3'b000 ? k_op == OP_OP && c1_insn_i[30] : k_f3[2:1] == 2'b01");
    vb_set(b, "k_ctl[C_RADD]", "k_f3 == 3'b000");
    vb_set(b, "k_ctl[C_RLT]", "k_f3[2:1] == 2'b01");
    vb_set(b, "k_ctl[C_LTU]", "k_f3[0]");
    vb_set(b, "k_ctl[C_LOP1]", "k_f3 == 3'b110 || k_f3 == 3'b111");
    vb_set(b, "k_ctl[C_LOP0]", "k_f3 == 3'b100 || k_f3 == 3'b111");
    vb_set(b, "k_ctl[C_RSH]", "k_f3[1:0] == 2'b01");
    vb_set(b, "k_ctl[C_SHL]", "!k_f3[2]");
    vb_set(b, "k_ctl[C_SHA]", "k_f3[2] && c1_insn_i[30]");
    vb_elif(b, "k_op == OP_LD || k_op == OP_ST || k_op == OP_JALR || k_op == OP_LUI || "
               "k_op == OP_AUIPC%s", cfg->isa_a ? " || k_op == OP_AMO" : "");
    vb_set(b, "k_ctl[C_BIMM]", "1'b1");
    vb_set(b, "k_ctl[C_RADD]", "1'b1");
    vb_elif(b, "k_op == OP_BR");
    vb_set(b, "k_ctl[C_SUB]", "1'b1");
    vb_set(b, "k_ctl[C_CEQ]", "!k_f3[2]");
    vb_set(b, "k_ctl[C_CLT]", "k_f3[2]");
    vb_set(b, "k_ctl[C_LTU]", "k_f3[1]");
    vb_set(b, "k_ctl[C_CINV]", "k_f3[0]");
    vb_elif(b, "k_op == OP_SYS");
    vb_set(b, "k_ctl[C_BIMM]", "1'b1");
    vb_set(b, "k_ctl[C_LOR]", "k_is_csr && (k_csr == %s || k_csr == %s)",
           csr_lit(c0, sizeof c0, SIMTY_CSR_MHARTID), csr_lit(c1, sizeof c1, SIMTY_CSR_LANEID));
    vb_set(b, "k_ctl[C_RADD]", "1'b1");
    vb_set(b, "k_ctl[C_SUB]", "!k_is_csr");
    vb_set(b, "k_ctl[C_CEQ]", "1'b1");
    vb_end(b);
    vm_reg(m, "c2_ctl_q", "CTL_W", "the control word in collect 2");
    b = vm_seq(m, "control");
    vb_set(b, "c2_ctl_q", "k_ctl");
}

/* Collect 2: the CSR values and the lanes' immediate (copied per 8 lanes); returns the copies. */
static int exec_immediate(const struct simt_cfg *cfg, struct vmod *m)
{
    char e[320], c[16];
    struct vblock *b;
    int nimm;

    vm_comment(m, "Collect 2: the immediate (registered here), so execute starts from "
                  "flip-flops. lui, auipc and CSR reads add their value to rs1 = x0 (predecode "
                  "reads x0); a CSR read passes its value (mhartid and the lane id OR in the "
                  "lane number); anything else of SYSTEM checks a7 == %d (an ecall exits).",
               SIMTY_SYS_EXIT);
    vm_wire(m, "d_op", "7", NULL);
    vm_wire(m, "d_csr", "12", NULL);
    vm_wire(m, "d_pc", "32", "byte PC");
    vm_wire(m, "d_imm_i", "32", NULL);
    vm_wire(m, "d_imm_u", "32", NULL);
    vm_wire(m, "d_is_csr", "1", "a legal CSR read");
    vm_assign(m, "d_op", "c2_insn_i[6:0]");
    vm_assign(m, "d_csr", "c2_insn_i[31:20]");
    vm_assign(m, "d_pc", "{c2_pc_i, 2'b00}");
    vm_assign(m, "d_imm_i", "{{20{c2_insn_i[31]}}, c2_insn_i[31:20]}");
    vm_assign(m, "d_imm_u", "{c2_insn_i[31:12], 12'd0}");
    vm_assign(m, "d_is_csr", "%s", is_csr(e, sizeof e, "c2_insn_i"));
    vm_reg(m, "d_csr_val", "32", "CSR value common to the lanes (mhartid without the lane)");
    b = vm_comb(m, "csr_value");
    vb_default(b, "d_csr_val", "32'd0");
    vb_case(b, "d_csr");
    vb_item(b, csr_lit(c, sizeof c, SIMTY_CSR_CYCLE), "d_csr_val", "cycle_i[31:0]");
    vb_item(b, csr_lit(c, sizeof c, SIMTY_CSR_CYCLEH), "d_csr_val", "cycle_i[63:32]");
    if (cfg->warp_id_bits) {
        csr_lit(c, sizeof c, SIMTY_CSR_MHARTID);
        if (cfg->lane_id_bits)
            vb_item(b, c, "d_csr_val", "{%d'd0, c2_wid_i, %d'd0}",
                    32 - cfg->warp_id_bits - cfg->lane_id_bits, cfg->lane_id_bits);
        else
            vb_item(b, c, "d_csr_val", "{%d'd0, c2_wid_i}", 32 - cfg->warp_id_bits);
        vb_item(b, csr_lit(c, sizeof c, SIMTY_CSR_WARPID), "d_csr_val",
                "{{(32-WARP_W){1'b0}}, c2_wid_i}");
    }
    vb_item(b, csr_lit(c, sizeof c, SIMTY_CSR_NWARPS), "d_csr_val", "W");
    vb_item(b, csr_lit(c, sizeof c, SIMTY_CSR_NLANES), "d_csr_val", "T");
    vb_item(b, "default", "d_csr_val", "32'd0");
    vb_endcase(b);

    vm_reg(m, "d_imm", "32", "next cycle's immediate");
    b = vm_comb(m, "lane_immediate");
    vb_default(b, "d_imm", "d_imm_i");
    vb_if(b, "d_op == OP_ST");
    vb_set(b, "d_imm", "{{20{c2_insn_i[31]}}, c2_insn_i[31:25], c2_insn_i[11:7]}");
    vb_elif(b, "d_op == OP_LUI");
    vb_set(b, "d_imm", "d_imm_u");
    vb_elif(b, "d_op == OP_AUIPC");
    vb_set(b, "d_imm", "d_pc + d_imm_u");
    vb_elif(b, "d_op == OP_SYS");
    vb_set(b, "d_imm", "d_is_csr ? d_csr_val : 32'd%d", SIMTY_SYS_EXIT);
    if (cfg->isa_a) {           /* the address of an atomic is rs1 */
        vb_elif(b, "d_op == OP_AMO");
        vb_set(b, "d_imm", "32'd0");
    }
    vb_end(b);
    /* past 8 lanes, a copy per 8 lanes (W8T16 at 32eb14c: one register's 512
     * readers, placed 49 rows from a lane: a 5.7 ns hop to its condition) */
    nimm = lane_copies(m, cfg->t, "imm_q", "32", "d_imm", "the lanes' immediate, one per 8 lanes");
    if (!nimm) {
        vm_reg(m, "imm_q", "32", "the lanes' immediate");
        b = vm_seq(m, "immediate");
        vb_set(b, "imm_q", "d_imm");
    }
    return nimm;
}

/* Execute: the T ALU lanes. */
static void exec_lanes(const struct simt_cfg *cfg, struct vmod *m, int nimm)
{
    int l;

    vm_comment(m, "T ALU lanes: result and branch condition per lane.");
    vm_wire(m, "res", "32*T", NULL);
    vm_wire(m, "cond", "T", NULL);
    for (l = 0; l < cfg->t; l++) {
        char name[32];
        struct vinst *in;
        snprintf(name, sizeof name, "u_alu_%d", l);
        in = vm_inst(m, "simty_alu_lane", name);
        vm_inst_conn(in, "clk_i", "clk_i");
        vm_inst_conn(in, "ctl_i", "c2_ctl_q");
        vm_inst_conn(in, "lane_i", "6'd%d", l);
        if (nimm)
            vm_inst_conn(in, "imm_i", "imm_q_c%d", l / LANE_GROUP);
        else
            vm_inst_conn(in, "imm_i", "imm_q");
        vm_inst_conn(in, "a_i", "ex_s1_i[%d +: 32]", 32 * l);
        vm_inst_conn(in, "s2_i", "ex_s2_i[%d +: 32]", 32 * l);
        vm_inst_conn(in, "result_o", "res[%d +: 32]", 32 * l);
        vm_inst_conn(in, "cond_o", "cond[%d]", l);
    }
}

/* The call-depth hints and the registers to the membership stage. */
static void exec_to_membership(const struct simt_cfg *cfg, struct vmod *m)
{
    struct vblock *b;

    vm_comment(m, "Call-depth hints of the RISC-V return-address stack: x1 and x5 are links.");
    vm_wire(m, "link_rd", "1", NULL);
    vm_wire(m, "link_rs1", "1", NULL);
    vm_wire(m, "call", "2", NULL);
    vm_assign(m, "link_rd", "rd == 5'd1 || rd == 5'd5");
    vm_assign(m, "link_rs1", "rs1 == 5'd1 || rs1 == 5'd5");
    vm_assign(m, "call", "op == OP_JAL ? {1'b0, link_rd} : op != OP_JALR ? 2'b00 : "
                         "link_rd ? {1'b0, !(link_rs1 && rs1 != rd)} : {link_rs1, 1'b0}");

    b = vm_seq(m, "to_membership");
    vb_set(b, "mb_d_o", "res");
    vb_set(b, "mb_s2_o", "ex_s2_i");
    vb_set(b, "mb_cond_o", "cond");
    vb_set(b, "mb_target_o", "pc + (op == OP_JAL ? imm_j : imm_b)");
    vb_set(b, "mb_link_o", "pc + 32'd4");
    vb_set(b, "mb_rd_o", "rd");
    vb_set(b, "mb_funct3_o", "f3");
    vb_set(b, "mb_walu_o", "ok && rd != 5'd0 && (op == OP_LUI || op == OP_AUIPC || op == OP_JAL || "
                           "op == OP_JALR || op == OP_IMM || %s || is_csr)",
           cfg->isa_m ? "(op == OP_OP && f7 != 7'd1)" : "op == OP_OP");
    if (cfg->isa_m) {
        vb_set(b, "mb_mul_o", "ok && op == OP_OP && f7 == 7'd1 && !f3[2]");
        vb_set(b, "mb_div_o", "ok && op == OP_OP && f7 == 7'd1 && f3[2]");
    }
    vb_set(b, "mb_branch_o", "ok && op == OP_BR");
    vb_set(b, "mb_jal_o", "ok && op == OP_JAL");
    vb_set(b, "mb_jalr_o", "ok && op == OP_JALR");
    if (cfg->isa_a) {
        /* funct5 = insn[31:27]: lr 00010, sc 00011, the amos the rest */
        vb_set(b, "mb_load_o", "ok && (op == OP_LD || op == OP_AMO)");
        vb_set(b, "mb_store_o", "ok && (op == OP_ST || (op == OP_AMO && ex_insn_i[28:27] != 2'b10))");
        vb_set(b, "mb_lr_o", "ok && op == OP_AMO && ex_insn_i[28:27] == 2'b10");
        vb_set(b, "mb_sc_o", "ok && op == OP_AMO && ex_insn_i[28:27] == 2'b11");
        vb_set(b, "mb_rmw_o", "ok && op == OP_AMO && !ex_insn_i[28]");
    } else {
        vb_set(b, "mb_load_o", "ok && op == OP_LD");
        vb_set(b, "mb_store_o", "ok && op == OP_ST");
    }
    vb_set(b, "mb_ecall_o", "ok && is_ecall");
    vb_set(b, "mb_call_o", "call");
    vb_set(b, "mb_trap_o", "!ok || is_ebreak");
    vb_set(b, "mb_cause_o", "ex_fault_i ? 4'd%d : !legal ? 4'd%d : 4'd%d", SIMTY_TRAP_FETCH_FAULT,
           SIMTY_TRAP_ILLEGAL, SIMTY_TRAP_EBREAK);
    if (!cfg->warp_id_bits) {
        vm_wire(m, "unused_wid", "1", "one warp: its id is always 0");
        vm_assign(m, "unused_wid", "c2_wid_i");
    }
}

int gen_exec(const struct simt_cfg *cfg, struct vmod *m)
{
    int nimm;

    exec_interface(cfg, m);
    exec_decode(cfg, m);
    exec_lane_control(cfg, m);
    nimm = exec_immediate(cfg, m);
    exec_lanes(cfg, m, nimm);
    exec_to_membership(cfg, m);
    return vm_status(m);
}
