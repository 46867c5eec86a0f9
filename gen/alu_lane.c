/*
 * alu_lane.c - one RV32I ALU lane (simty_alu_lane).
 *
 * The lane takes a decoded control word (alu_ctl.h) one cycle before its
 * operands and registers it itself: T lanes hold T copies, kept apart from
 * each other by a keep attribute (synthesis would otherwise merge identical
 * flip-flops back into one with a fanout of 32 x T).  The operands, the
 * immediate and the results are combinational.
 *
 * Area on ECP5 (Yosys synth_ecp5, the lane alone): 360 LUT4 + 16 carry
 * cells (496 without the boundary behind the shifter, which lets the mapper
 * cover it with the result multiplexer in wide LUTs).  The lane number is 6
 * bits (T <= 64), so only those bits of b need a fifth input.  One 33-bit
 * adder serves
 * add, sub, slt, sltu, lui/auipc/CSR values (added to x0), the address of
 * loads, stores and jalr, and every branch condition (a - b: its borrow gives
 * lt, its zero gives eq).  Everything after the adder's operand takes its
 * second operand already inverted for a subtraction (bx = b ^ SUB): the logic
 * operations and shifts never subtract, and the signed compare only needs the
 * sign test flipped, so b itself is never built.  One right shifter serves
 * all three shifts (sll shifts the bit-reversed operand and reverses the
 * result; sra shifts in the sign as a 33rd bit), its output kept as a
 * simty_keep boundary.  One LUT per bit does
 * xor/or/and, with a "none" code so that it needs no separate gate in the
 * result.  Everything is width-exact, so the lane is clean under Verilator
 * -Wall.
 */
#include "units.h"
#include "alu_ctl.h"

#include <stdio.h>
#include <string.h>

static const char *const ctl_name[ALU_CTL_W] = {
    [ALU_BIMM] = "C_BIMM", [ALU_LOR] = "C_LOR",   [ALU_SUB] = "C_SUB",   [ALU_LTU] = "C_LTU",
    [ALU_RADD] = "C_RADD", [ALU_RLT] = "C_RLT",   [ALU_LOP0] = "C_LOP0",
    [ALU_LOP1] = "C_LOP1", [ALU_RSH] = "C_RSH",   [ALU_SHL] = "C_SHL",   [ALU_SHA] = "C_SHA",
    [ALU_CEQ] = "C_CEQ",   [ALU_CLT] = "C_CLT",   [ALU_CINV] = "C_CINV",
};

static const char *const ctl_what[ALU_CTL_W] = {
    [ALU_BIMM] = "b = immediate (else rs2)",
    [ALU_LOR] = "OR the lane number into the immediate",
    [ALU_SUB] = "adder subtracts",
    [ALU_LTU] = "lt unsigned",
    [ALU_RADD] = "result = a +/- b",
    [ALU_RLT] = "result = lt",
    [ALU_LOP0] = "logic op {LOP1, LOP0}: 00 none, 01 xor, 10 or, 11 and",
    [ALU_LOP1] = "see C_LOP0",
    [ALU_RSH] = "result = shift",
    [ALU_SHL] = "shift left",
    [ALU_SHA] = "shift right arithmetic",
    [ALU_CEQ] = "cond = (a == b), with C_SUB",
    [ALU_CLT] = "cond = lt",
    [ALU_CINV] = "cond inverted",
};

void alu_ctl_params(struct vmod *m)
{
    vm_localparam(m, "CTL_W", ALU_CTL_W, "ALU control word (gen/alu_ctl.h)");
    for (int i = 0; i < ALU_CTL_W; i++)
        vm_localparam(m, ctl_name[i], i, "%s", ctl_what[i]);
}

/* "{x[0], x[1], ..., x[31]}": the bit reversal, unrolled by the generator. */
static void reversed(char *buf, size_t len, const char *x)
{
    size_t n = (size_t)snprintf(buf, len, "{");
    for (int i = 0; i < 32 && n < len; i++)
        n += (size_t)snprintf(buf + n, len - n, "%s[%d]%s", x, i, i < 31 ? ", " : "}");
}

int gen_alu_lane(const struct simt_cfg *c, struct vmod *m)
{
    (void)c; /* the lane is the same for every configuration */
    vm_describe(m, "One RV32I ALU lane: add, sub, sll, slt, sltu, xor, srl, sra, or, and, the "
                   "immediate added to x0 (lui, auipc, CSR values), and the branch condition. "
                   "It registers its own copy of the decoded control word (ctl_i, one cycle "
                   "ahead of the operands). One 33-bit adder (sums, compares, branches), one "
                   "right shifter (sll by bit reversal, sra with the sign as a 33rd bit). The core "
                   "instantiates T of these, one per SIMD lane.");
    vm_latency(m, "ctl_i: registered (1 cycle); operands to results: combinational");
    alu_ctl_params(m);

    vm_port(m, VM_IN, "clk_i", "1", NULL);
    vm_group(m, "decoded operation, one cycle ahead of its operands");
    vm_port(m, VM_IN, "ctl_i", "CTL_W", "control word (gen/alu_ctl.h)");
    vm_group(m, "operands (combinational, no handshake)");
    vm_port(m, VM_IN, "lane_i", "6", "this lane's number (a constant; T <= 64)");
    vm_port(m, VM_IN, "imm_i", "32", "immediate, common to the lanes");
    vm_port(m, VM_IN, "a_i", "32", "rs1 value");
    vm_port(m, VM_IN, "s2_i", "32", "rs2 value");
    vm_group(m, "results");
    vm_port(m, VM_OUT_REG, "result_o", "32", NULL);
    vm_port(m, VM_OUT, "cond_o", "1", "branch taken / ecall exit check");

    vm_reg(m, "ctl_q", "CTL_W", "this lane's copy of the control word");
    struct vblock *b = vm_seq(m, "control word, one copy per lane");
    vb_attr(b, "keep");
    vb_set(b, "ctl_q", "ctl_i");

    vm_wire(m, "b", "32", "second operand");
    vm_wire(m, "bx", "32", "b, inverted when the adder subtracts");
    vm_wire(m, "sum", "33", "{carry, a +/- b}");
    vm_wire(m, "lt_u", NULL, "a < b unsigned");
    vm_wire(m, "lt_s", NULL, "a < b signed");
    vm_wire(m, "lt", NULL, NULL);
    vm_wire(m, "zero", NULL, "a - b == 0");
    vm_reg(m, "logres", "32", "logic operation, 0 when none");
    vm_wire(m, "shamt", "5", NULL);
    vm_wire(m, "sh_in", "33", "{sign fill, a or a reversed}");
    vm_wire(m, "sh_out", "33", "sh_in shifted right arithmetically");
    vm_wire(m, "shifted", "32", "sh_out, reversed again for sll");
    vm_wire(m, "unused_sh", "1", "the fill bit itself");

    char rev_a[512], rev_s[512];
    reversed(rev_a, sizeof rev_a, "a_i");
    reversed(rev_s, sizeof rev_s, "sh_out");

    vm_assign(m, "b", "ctl_q[C_BIMM] ? imm_i | {26'd0, ctl_q[C_LOR] ? lane_i : 6'd0} : s2_i");
    vm_assign(m, "bx", "b ^ {32{ctl_q[C_SUB]}}");
    vm_comment(m, "adder: a + b, or a + ~b + 1 = a - b with sum[32] = (a >= b) unsigned");
    vm_assign(m, "sum", "{1'b0, a_i} + {1'b0, bx} + {32'd0, ctl_q[C_SUB]}");
    vm_assign(m, "lt_u", "~sum[32]");
    vm_comment(m, "with SUB set (every compare), bx[31] is ~b[31]");
    vm_assign(m, "lt_s", "(a_i[31] != bx[31]) ? lt_u : a_i[31]");
    vm_assign(m, "lt", "ctl_q[C_LTU] ? lt_u : lt_s");
    vm_assign(m, "zero", "sum[31:0] == 32'd0");
    vm_comment(m, "logic operations and shifts never subtract: bx is b there");
    b = vm_comb(m, "logic operations");
    vb_default(b, "logres", "32'd0");
    vb_case(b, "{ctl_q[C_LOP1], ctl_q[C_LOP0]}");
    vb_item(b, "2'b01", "logres", "a_i ^ bx");
    vb_item(b, "2'b10", "logres", "a_i | bx");
    vb_item(b, "2'b11", "logres", "a_i & bx");
    vb_item(b, "default", "logres", "32'd0");
    vb_endcase(b);
    vm_comment(m, "shifter: one arithmetic right shifter over 33 bits for sll (bit-reversed), "
                  "srl (fill 0) and sra (fill the sign)");
    vm_assign(m, "shamt", "bx[4:0]");
    vm_assign(m, "sh_in", "{ctl_q[C_SHA] & a_i[31], ctl_q[C_SHL] ? %s : a_i}", rev_a);
    /* The shift goes through a simty_keep boundary: merged with the result
     * multiplexer and the reversal behind it, the mapper covered the three with
     * wide LUTs, 496 LUT4 for the lane alone against 360 kept apart (ECP5).
     * One boundary is enough, and the simulator still sees one shift. */
    vm_wire(m, "sh_raw", "33", "sh_in shifted right arithmetically, before the boundary");
    vm_assign(m, "sh_raw", "$unsigned($signed(sh_in) >>> shamt)");
    keep_wire(m, "u_sh", "33", "sh_raw", "sh_out");
    vm_assign(m, "shifted", "ctl_q[C_SHL] ? %s : sh_out[31:0]", rev_s);
    vm_assign(m, "unused_sh", "sh_out[32]");

    b = vm_comb(m, "result: one-hot select");
    vb_default(b, "result_o", "({32{ctl_q[C_RADD]}} & sum[31:0]) | logres | "
                              "({32{ctl_q[C_RSH]}} & shifted) | {31'd0, ctl_q[C_RLT] & lt}");
    vm_assign(m, "cond_o", "ctl_q[C_CINV] ^ (ctl_q[C_CEQ] ? zero : ctl_q[C_CLT] & lt)");
    return vm_status(m);
}
