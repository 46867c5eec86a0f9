/*
 * gather.c - simty_gather: load data from the data port to the lanes.
 */
#include "units.h"

int gen_gather(const struct simt_cfg *cfg, struct vmod *m)
{
    struct vblock *b;

    vm_describe(m, "Gather: the data port returns the leader's block, which is registered "
                   "as it comes (a block RAM's data output is slow); the cycle after, lanes "
                   "that coalesced take their own word and every other served lane takes the "
                   "leader's word, with byte and halfword extraction and sign extension by "
                   "funct3, straight to the load write-back.");
    vm_latency(m, "1 cycle: inputs registered, output combinational from them");
    vm_localparam(m, "T", cfg->t, "threads per warp");
    vm_localparam(m, "OFF_W", cfg->block_off_bits, "log2(4 * T): byte offset in a block");
    vm_port(m, VM_IN, "clk_i", "1", NULL);
    vm_group(m, "from the data port and the resolve stage");
    vm_port(m, VM_IN, "rdata_i", "32*T", "the block, word i in bits 32i+31..32i");
    vm_port(m, VM_IN, "coal_i", "T", "lanes that use their own word");
    vm_port(m, VM_IN, "leader_off_i", "OFF_W", "the leader's byte offset in the block");
    vm_port(m, VM_IN, "funct3_i", "3", "load width and signedness");
    vm_group(m, "to the load write-back");
    vm_port(m, VM_OUT, "wb_data_o", "32*T", "per-lane load result, the cycle after the inputs");

    vm_reg(m, "rdata_q", "32*T", "the block, registered");
    vm_reg(m, "coal_q", "T", NULL);
    vm_reg(m, "off_q", "OFF_W", NULL);
    vm_reg(m, "funct3_q", "3", NULL);
    b = vm_seq(m, "inputs");
    vb_set(b, "rdata_q", "rdata_i");
    vb_set(b, "coal_q", "coal_i");
    vb_set(b, "off_q", "leader_off_i");
    vb_set(b, "funct3_q", "funct3_i");
    vm_wire(m, "word", "32", "the leader's word");
    vm_wire(m, "byte_v", "8", NULL);
    vm_wire(m, "half_v", "16", NULL);
    vm_reg(m, "ext", "32", "the leader's access, extended");
    if (cfg->t > 1)
        vm_assign(m, "word", "rdata_q[32*off_q[OFF_W-1:2] +: 32]");
    else
        vm_assign(m, "word", "rdata_q");
    vm_assign(m, "byte_v", "word[8*off_q[1:0] +: 8]");
    vm_assign(m, "half_v", "word[16*off_q[1] +: 16]");
    b = vm_comb(m, "extend");
    vb_default(b, "ext", "word");
    vb_case(b, "funct3_q");
    vb_item(b, "3'b000", "ext", "{{24{byte_v[7]}}, byte_v}");
    vb_item(b, "3'b100", "ext", "{24'd0, byte_v}");
    vb_item(b, "3'b001", "ext", "{{16{half_v[15]}}, half_v}");
    vb_item(b, "3'b101", "ext", "{16'd0, half_v}");
    vb_item(b, "default", "ext", "word");
    vb_endcase(b);

    vm_wire(m, "ext_k", "32", "ext, built once for every lane");
    keep_wire(m, "u_ext", "32", "ext", "ext_k");
    vm_integer(m, "l");
    vm_reg(m, "lanes_d", "32*T", NULL);
    b = vm_comb(m, "lanes");
    vb_default(b, "lanes_d", "{32*T{1'b0}}");
    vb_for(b, "l", "0", "T");
    vb_set(b, "lanes_d[32*l +: 32]", "coal_q[l] ? rdata_q[32*l +: 32] : ext_k");
    vb_end(b);
    vm_assign(m, "wb_data_o", "lanes_d");
    return vm_status(m);
}
