/*
 * gather.c - simty_gather: load data from the data port to the lanes.
 */
#include "units.h"

int gen_gather(const struct simt_cfg *cfg, struct vmod *m)
{
    struct vblock *b;

    vm_describe(m, "Gather (issue + 6): the data port returns the leader's block. Lanes that "
                   "coalesced take their own word; every other served lane takes the leader's "
                   "word, with byte and halfword extraction and sign extension by funct3. "
                   "Registered for the load write-back at issue + 7.");
    vm_latency(m, "1 cycle: registered output");
    vm_localparam(m, "T", cfg->t, "threads per warp");
    vm_localparam(m, "OFF_W", cfg->block_off_bits, "log2(4 * T): byte offset in a block");
    vm_port(m, VM_IN, "clk_i", "1", NULL);
    vm_group(m, "from the data port and the resolve stage");
    vm_port(m, VM_IN, "rdata_i", "32*T", "the block, word i in bits 32i+31..32i");
    vm_port(m, VM_IN, "coal_i", "T", "lanes that use their own word");
    vm_port(m, VM_IN, "leader_off_i", "OFF_W", "the leader's byte offset in the block");
    vm_port(m, VM_IN, "funct3_i", "3", "load width and signedness");
    vm_group(m, "to the load write-back");
    vm_port(m, VM_OUT_REG, "wb_data_o", "32*T", "per-lane load result");

    vm_wire(m, "word", "32", "the leader's word");
    vm_wire(m, "byte_v", "8", NULL);
    vm_wire(m, "half_v", "16", NULL);
    vm_reg(m, "ext", "32", "the leader's access, extended");
    if (cfg->t > 1)
        vm_assign(m, "word", "rdata_i[32*leader_off_i[OFF_W-1:2] +: 32]");
    else
        vm_assign(m, "word", "rdata_i");
    vm_assign(m, "byte_v", "word[8*leader_off_i[1:0] +: 8]");
    vm_assign(m, "half_v", "word[16*leader_off_i[1] +: 16]");
    b = vm_comb(m, "extend");
    vb_default(b, "ext", "word");
    vb_case(b, "funct3_i");
    vb_item(b, "3'b000", "ext", "{{24{byte_v[7]}}, byte_v}");
    vb_item(b, "3'b100", "ext", "{24'd0, byte_v}");
    vb_item(b, "3'b001", "ext", "{{16{half_v[15]}}, half_v}");
    vb_item(b, "3'b101", "ext", "{16'd0, half_v}");
    vb_item(b, "default", "ext", "word");
    vb_endcase(b);

    vm_integer(m, "l");
    b = vm_seq(m, "lanes");
    vb_for(b, "l", "0", "T");
    vb_set(b, "wb_data_o[32*l +: 32]", "coal_i[l] ? rdata_i[32*l +: 32] : ext");
    vb_end(b);
    return vm_status(m);
}
