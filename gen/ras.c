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
                   "entry). The top is read a cycle ahead, for the instruction in f2, and "
                   "registered: when the instruction in f3 belongs to the same warp and pushes "
                   "or pops, the top it leaves is taken instead (its PC + 4, or the entry below "
                   "the top, read on a second port). The stacks follow the fetch stream, wrong "
                   "paths included, and are never repaired: a wrong target costs a refetch, "
                   "nothing more, since a return is never followed before it resolves and the "
                   "resolve stage checks the target like any other prediction. Entries are read "
                   "only after they were written since reset, so the prediction does not depend "
                   "on the RAM's start state.", 1 << SIMTY_RAS_BITS);
    vm_latency(m, "1: the top of f2's warp, registered, is f3's; push and pop take effect next cycle");
    vm_localparam(m, "W", cfg->w, "warps");
    vm_localparam(m, "WARP_W", cfg->warp_id_w, "max(1, log2(W))");
    vm_localparam(m, "SP_W", SIMTY_RAS_BITS, "log2(entries per warp)");
    vm_localparam(m, "N_W", SIMTY_RAS_BITS + 1, "entry count 0..2^SP_W");

    vm_port(m, VM_IN, "clk_i", "1", NULL);
    vm_port(m, VM_IN, "rst_i", "1", NULL);
    vm_port(m, VM_IN, "rd_wid_i", "WARP_W", "the warp of the instruction in f2");
    vm_group(m, "from predecode (f3): the instruction going to the buffer");
    vm_port(m, VM_IN, "valid_i", "1", NULL);
    vm_port(m, VM_IN, "wid_i", "WARP_W", NULL);
    vm_port(m, VM_IN, "pc_i", "30", NULL);
    vm_port(m, VM_IN, "call_i", "1", "push pc_i + 1");
    vm_port(m, VM_IN, "ret_i", "1", "pop (if not empty)");
    vm_group(m, "to predecode and fetch (f3), for that instruction");
    vm_port(m, VM_OUT_REG, "ok_o", "1", "its warp's stack is not empty");
    vm_port(m, VM_OUT_REG, "top_o", "30", "its top: the predicted target of a return");

    vm_reg(m, "tp_q", "SP_W*W", "per warp: the top entry");
    vm_reg(m, "n_q", "N_W*W", "per warp: entries held");
    vm_wire(m, "tp", "SP_W", "wid_i's top");
    vm_wire(m, "tp_up", "SP_W", "the entry a push writes, its new top");
    vm_wire(m, "n", "N_W", "wid_i's count");
    vm_wire(m, "rd_tp", "SP_W", "rd_wid_i's top");
    vm_wire(m, "rd_n", "N_W", "rd_wid_i's count");
    vm_wire(m, "rd_top", "30", "rd_wid_i's top entry");
    vm_wire(m, "rd_below", "30", "the entry below it");
    vm_wire(m, "push", "1", NULL);
    vm_wire(m, "pop", "1", NULL);
    vm_wire(m, "same", "1", "f3's warp is f2's");
    vm_wire(m, "fwd", "1", "f3 pushes or pops f2's warp");
    vm_wire(m, "pc_inc", "30", NULL);
    vm_integer(m, "w");
    vm_assign(m, "tp", "tp_q[SP_W*wid_i +: SP_W]");
    vm_assign(m, "tp_up", "tp + {{(SP_W-1){1'b0}}, 1'b1}");
    vm_assign(m, "n", "n_q[N_W*wid_i +: N_W]");
    vm_assign(m, "rd_tp", "tp_q[SP_W*rd_wid_i +: SP_W]");
    vm_assign(m, "rd_n", "n_q[N_W*rd_wid_i +: N_W]");
    vm_assign(m, "push", "valid_i && call_i");
    vm_assign(m, "pop", "valid_i && ret_i && n != {N_W{1'b0}}");
    vm_assign(m, "same", "wid_i == rd_wid_i");
    /* a return on an empty stack pops nothing, yet is forwarded as a pop: the
     * top it leaves is never read, since ok_o is then 0 (no prediction). Not
     * testing the count keeps the warp-indexed count off the top's 30
     * multiplexers (W8T8 5bbfe6c seed 3: rd_wid_i -> rd_n -> fwd -> top_o,
     * 13.4 ns, the only path short of 80 MHz) */
    vm_assign(m, "fwd", "same && valid_i && (call_i || ret_i)");
    vm_assign(m, "pc_inc", "pc_i + 30'd1");
    ram_lut2(m, "u_stack", "WARP_W+SP_W", "30", "push", "{wid_i, tp_up}", "pc_inc",
             "{rd_wid_i, rd_tp}", "rd_top", "{rd_wid_i, rd_tp - {{(SP_W-1){1'b0}}, 1'b1}}",
             "rd_below");
    b = vm_seq(m, "f2's top, registered for f3");
    vb_set(b, "top_o", "!fwd ? rd_top : push ? pc_inc : rd_below");
    /* not empty after f3's push or pop: written on rd_n alone, not on the count
     * of f3's warp that the pop tests (when f3 is f2's warp the two are one) */
    vb_set(b, "ok_o", "(push && same) || rd_n[N_W-1:1] != {(N_W-1){1'b0}} || "
                      "(rd_n[0] && !(valid_i && ret_i && same))");
    b = vm_seq(m, "stack pointers");
    vb_for(b, "w", "0", "W");
    vb_if(b, "push && wid_i == w[WARP_W-1:0]");
    vb_set(b, "tp_q[SP_W*w +: SP_W]", "tp_up");
    vb_set(b, "n_q[N_W*w +: N_W]", "n[N_W-1] ? n : n + {{(N_W-1){1'b0}}, 1'b1}");
    vb_end(b);
    vb_if(b, "pop && wid_i == w[WARP_W-1:0]");
    vb_set(b, "tp_q[SP_W*w +: SP_W]", "tp - {{(SP_W-1){1'b0}}, 1'b1}");
    vb_set(b, "n_q[N_W*w +: N_W]", "n - {{(N_W-1){1'b0}}, 1'b1}");
    vb_end(b);
    vb_end(b);
    vb_reset(b, "tp_q", "{SP_W*W{1'b1}}");
    vb_reset(b, "n_q", "{N_W*W{1'b0}}");
    return vm_status(m);
}
