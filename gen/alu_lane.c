/*
 * alu_lane.c - one RV32I ALU lane (simty_alu_lane), combinational.
 *
 * op_i = {funct7[5], funct3} of the R-type encoding (the decoder gives 0 in
 * bit 3 for the I-type forms except srai):
 *   0000 add  1000 sub  0001 sll  0010 slt  0011 sltu
 *   0100 xor  0101 srl  1101 sra  0110 or   0111 and
 * Any other code gives 0.
 *
 * Area: one 33-bit adder serves add, sub, slt and sltu (b inverted plus a
 * carry-in for the subtracting ops), and one right shifter serves all three
 * shifts (sll shifts the bit-reversed operand and reverses the result; sra
 * ORs in a sign fill).  Everything is width-exact: no truncation, no unused
 * bits, so the lane is clean under Verilator -Wall.
 */
#include "units.h"

#include <stdio.h>
#include <string.h>

static const struct {
    const char *name;
    const char *code;
    const char *what;
} ops[] = {
    { "ALU_ADD", "4'b0000", "add" },   { "ALU_SUB", "4'b1000", "sub" },
    { "ALU_SLL", "4'b0001", "sll" },   { "ALU_SLT", "4'b0010", "slt" },
    { "ALU_SLTU", "4'b0011", "sltu" }, { "ALU_XOR", "4'b0100", "xor" },
    { "ALU_SRL", "4'b0101", "srl" },   { "ALU_SRA", "4'b1101", "sra" },
    { "ALU_OR", "4'b0110", "or" },     { "ALU_AND", "4'b0111", "and" },
};

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
    vm_describe(m, "One RV32I ALU lane: add, sub, sll, slt, sltu, xor, srl, sra, or, and on "
                   "32-bit operands. op_i = {funct7[5], funct3} (R-type encoding); undefined "
                   "codes give 0. One shared 33-bit adder (add/sub/slt/sltu) and one shared "
                   "right shifter (sll through bit reversal, sra through a sign fill). The "
                   "core instantiates T of these, one per SIMD lane.");
    vm_latency(m, "combinational (0 cycles)");

    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        vm_localparam_lit(m, ops[i].name, 4, ops[i].code, "%s", ops[i].what);

    vm_group(m, "operation and operands (combinational, no handshake)");
    vm_port(m, VM_IN, "op_i", "4", "{funct7[5], funct3}");
    vm_port(m, VM_IN, "a_i", "32", "rs1 value (or pc)");
    vm_port(m, VM_IN, "b_i", "32", "rs2 value or immediate");
    vm_group(m, "result");
    vm_port(m, VM_OUT_REG, "result_o", "32", NULL);

    vm_wire(m, "sub", NULL, "subtract: sub, slt, sltu");
    vm_wire(m, "sum", "33", "{carry, a +/- b}");
    vm_wire(m, "lt_u", NULL, "a < b unsigned");
    vm_wire(m, "lt_s", NULL, "a < b signed");
    vm_wire(m, "shamt", "5", NULL);
    vm_wire(m, "sh_left", NULL, "sll: shift the reversed operand right");
    vm_wire(m, "sh_in", "32", NULL);
    vm_wire(m, "sh_fill", "32", "sign bits shifted in by sra");
    vm_wire(m, "sh_out", "32", "sh_in shifted right, filled");
    vm_wire(m, "sh_rev", "32", "sh_out reversed (sll result)");

    char rev_a[512], rev_s[512];
    reversed(rev_a, sizeof rev_a, "a_i");
    reversed(rev_s, sizeof rev_s, "sh_out");

    vm_comment(m, "adder: a + b, or a + ~b + 1 = a - b with sum[32] = (a >= b) unsigned");
    vm_assign(m, "sub", "op_i[3] | op_i[1]");
    vm_assign(m, "sum", "{1'b0, a_i} + {1'b0, b_i ^ {32{sub}}} + {32'd0, sub}");
    vm_assign(m, "lt_u", "~sum[32]");
    vm_assign(m, "lt_s", "(a_i[31] == b_i[31]) ? lt_u : a_i[31]");
    vm_comment(m, "shifter: one right shifter for sll (bit-reversed), srl and sra");
    vm_assign(m, "shamt", "b_i[4:0]");
    vm_assign(m, "sh_left", "op_i == ALU_SLL");
    vm_assign(m, "sh_in", "sh_left ? %s : a_i", rev_a);
    vm_assign(m, "sh_fill", "{32{op_i[3] & a_i[31]}} & ~(32'hffff_ffff >> shamt)");
    vm_assign(m, "sh_out", "(sh_in >> shamt) | sh_fill");
    vm_assign(m, "sh_rev", "%s", rev_s);

    struct vblock *b = vm_comb(m, "result select");
    vb_default(b, "result_o", "32'd0");
    vb_case(b, "op_i");
    vb_item(b, "ALU_ADD", "result_o", "sum[31:0]");
    vb_item(b, "ALU_SUB", "result_o", "sum[31:0]");
    vb_item(b, "ALU_SLL", "result_o", "sh_rev");
    vb_item(b, "ALU_SLT", "result_o", "{31'd0, lt_s}");
    vb_item(b, "ALU_SLTU", "result_o", "{31'd0, lt_u}");
    vb_item(b, "ALU_XOR", "result_o", "a_i ^ b_i");
    vb_item(b, "ALU_SRL", "result_o", "sh_out");
    vb_item(b, "ALU_SRA", "result_o", "sh_out");
    vb_item(b, "ALU_OR", "result_o", "a_i | b_i");
    vb_item(b, "ALU_AND", "result_o", "a_i & b_i");
    vb_item(b, "default", "result_o", "32'd0");
    vb_endcase(b);
    return vm_status(m);
}
