/*
 * ras.c - simty_ras: per-warp return-address stacks, pushed and popped by
 * the fetch stream at predecode, so that fetch can follow a return.
 */
#include "units.h"

int gen_ras(const struct simt_cfg *cfg, struct vmod *m)
{
    struct vblock *b;

    vm_describe(m, "Return-address stacks: %d entries per warp. At predecode (f3) a call (jal or "
                   "jalr with rd = x1 or x5) pushes its PC + 4 and a return (jalr through x1 or "
                   "x5 that links nothing) pops; the top is the predicted target of a return, "
                   "valid when the warp's stack is not empty (an overflow overwrites the oldest "
                   "entry). The stacks follow the fetch stream, wrong paths included, and are "
                   "never repaired: a wrong target costs a refetch, nothing more, since a "
                   "return is never followed before it resolves and the resolve stage checks "
                   "the target like any other prediction. Entries are read only after they "
                   "were written since reset, so the prediction does not depend on the RAM's "
                   "start state.", 1 << SIMTY_RAS_BITS);
    vm_latency(m, "top combinational (LUT-RAM read), push and pop take effect next cycle");
    vm_localparam(m, "W", cfg->w, "warps");
    vm_localparam(m, "WARP_W", cfg->warp_id_w, "max(1, log2(W))");
    vm_localparam(m, "SP_W", SIMTY_RAS_BITS, "log2(entries per warp)");
    vm_localparam(m, "N_W", SIMTY_RAS_BITS + 1, "entry count 0..2^SP_W");

    vm_port(m, VM_IN, "clk_i", "1", NULL);
    vm_port(m, VM_IN, "rst_i", "1", NULL);
    vm_group(m, "from predecode (f3): the instruction going to the buffer");
    vm_port(m, VM_IN, "valid_i", "1", NULL);
    vm_port(m, VM_IN, "wid_i", "WARP_W", NULL);
    vm_port(m, VM_IN, "pc_i", "30", NULL);
    vm_port(m, VM_IN, "call_i", "1", "push pc_i + 1");
    vm_port(m, VM_IN, "ret_i", "1", "pop (if not empty)");
    vm_group(m, "to predecode and fetch (f3)");
    vm_port(m, VM_OUT, "ok_o", "1", "wid_i's stack is not empty");
    vm_port(m, VM_OUT, "top_o", "30", "its top: the predicted target of a return");

    vm_reg(m, "sp_q", "SP_W*W", "per warp: the next free entry");
    vm_reg(m, "n_q", "N_W*W", "per warp: entries held");
    vm_wire(m, "sp", "SP_W", "wid_i's stack pointer");
    vm_wire(m, "n", "N_W", "wid_i's count");
    vm_wire(m, "push", "1", NULL);
    vm_wire(m, "pop", "1", NULL);
    vm_wire(m, "pc_inc", "30", NULL);
    vm_integer(m, "w");
    vm_assign(m, "sp", "sp_q[SP_W*wid_i +: SP_W]");
    vm_assign(m, "n", "n_q[N_W*wid_i +: N_W]");
    vm_assign(m, "push", "valid_i && call_i");
    vm_assign(m, "pop", "valid_i && ret_i && n != {N_W{1'b0}}");
    vm_assign(m, "ok_o", "n != {N_W{1'b0}}");
    vm_assign(m, "pc_inc", "pc_i + 30'd1");
    ram_lut(m, "u_stack", "WARP_W+SP_W", "30", "push", "{wid_i, sp}", "pc_inc",
            "{wid_i, sp - {{(SP_W-1){1'b0}}, 1'b1}}", "top_o");
    b = vm_seq(m, "stack pointers");
    vb_for(b, "w", "0", "W");
    vb_if(b, "push && wid_i == w[WARP_W-1:0]");
    vb_set(b, "sp_q[SP_W*w +: SP_W]", "sp + {{(SP_W-1){1'b0}}, 1'b1}");
    vb_set(b, "n_q[N_W*w +: N_W]", "n[N_W-1] ? n : n + {{(N_W-1){1'b0}}, 1'b1}");
    vb_end(b);
    vb_if(b, "pop && wid_i == w[WARP_W-1:0]");
    vb_set(b, "sp_q[SP_W*w +: SP_W]", "sp - {{(SP_W-1){1'b0}}, 1'b1}");
    vb_set(b, "n_q[N_W*w +: N_W]", "n - {{(N_W-1){1'b0}}, 1'b1}");
    vb_end(b);
    vb_end(b);
    vb_reset(b, "sp_q", "{SP_W*W{1'b0}}");
    vb_reset(b, "n_q", "{N_W*W{1'b0}}");
    return vm_status(m);
}
