/*
 * btb.c - simty_btb: the last target of each indirect jump (jalr), read in
 * fetch and written at resolve.
 */
#include "units.h"

int gen_btb(const struct simt_cfg *cfg, struct vmod *m)
{
    (void)cfg;
    vm_describe(m, "Indirect-jump target buffer: 32 entries, shared by the warps and indexed "
                   "by the word PC's bits 4..0, no tag. A resolved jalr writes its leader's "
                   "target at the resolve stage; fetch reads the entry of the word in f2 and "
                   "predecode gets it, registered, in f3: a jalr that is not a return (those "
                   "use the return-address stack) is predicted to go there. Calls through "
                   "auipc + jalr and through function pointers mostly go where they went last "
                   "time. A wrong target costs what no prediction costs (a refetch at stage "
                   "r): a jalr is never followed before it resolves. The reset sequence clears "
                   "the valid bits (32 cycles).");
    vm_latency(m, "read: address in f2, entry registered for f3; write: resolve stage");
    vm_port(m, VM_IN, "clk_i", "1", NULL);
    vm_group(m, "reset sequence: clear entry init_word_i");
    vm_port(m, VM_IN, "init_i", "1", NULL);
    vm_port(m, VM_IN, "init_word_i", "5", NULL);
    vm_group(m, "from fetch (f2): the word PC being fetched");
    vm_port(m, VM_IN, "f2_pc_i", "5", NULL);
    vm_group(m, "to predecode and fetch (f3)");
    vm_port(m, VM_OUT_REG, "f3_valid_o", "1", "an entry was written");
    vm_port(m, VM_OUT_REG, "f3_target_o", "30", "its target (word PC)");
    vm_group(m, "from the resolve stage: a jalr and its leader's target");
    vm_port(m, VM_IN, "wr_valid_i", "1", NULL);
    vm_port(m, VM_IN, "wr_pc_i", "5", NULL);
    vm_port(m, VM_IN, "wr_target_i", "30", NULL);

    vm_wire(m, "rd", "31", "{valid, target} at f2_pc_i");
    ram_lut(m, "u_table", "5", "31", "init_i || wr_valid_i", "init_i ? init_word_i : wr_pc_i",
            "init_i ? 31'd0 : {1'b1, wr_target_i}", "f2_pc_i", "rd");
    struct vblock *b = vm_seq(m, "read");
    vb_set(b, "f3_valid_o", "rd[30]");
    vb_set(b, "f3_target_o", "rd[29:0]");
    return vm_status(m);
}
