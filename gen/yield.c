/*
 * yield.c - simty_yield: when a spinning head path gives its warp's turn to
 * another path (forward progress, ISA with A).
 */
#include "units.h"
#include "simty_map.h"

typedef char yield_jumps_pow2[SIMTY_YIELD_JUMPS >= 2 &&
                              (SIMTY_YIELD_JUMPS & (SIMTY_YIELD_JUMPS - 1)) == 0 ? 1 : -1];

int gen_yield(const struct simt_cfg *cfg, struct vmod *m)
{
    struct vblock *b;
    int jumps = 1 << cfg->yield_w;   /* SIMTY_YIELD_JUMPS, or --yield-jumps (test only) */
    int no_read = cfg->mutate == MUT_YIELD_NO_READ;

    vm_describe(m, "Forward progress: per warp a count of the backward jumps its head path "
                   "took in a row while the warp had another path (a jump or branch whose "
                   "lanes all go to one PC at or before its own), each after a read of memory "
                   "(a load or an atomic) since the one before: a loop that waits for another "
                   "thread must read memory to see it act, a loop that computes need not, and "
                   "it keeps its reconvergence (a backward jump without a read clears the "
                   "count). The %dth yields: the path unit marks the head's path yielded "
                   "(bit 7 of its depth cleared: it ranks after every path that has not "
                   "yielded) and gives the turn to another path. A pass of a warp with one "
                   "path clears its count.", jumps);
    if (jumps != SIMTY_YIELD_JUMPS)
        vm_note(m, "TEST-ONLY COUNT --yield-jumps=%d (make formal), not SIMTY_YIELD_JUMPS = %d",
                jumps, SIMTY_YIELD_JUMPS);
    if (no_read)
        vm_note(m, "TEST-ONLY MUTATION --mutate=%s (make formal must catch it)",
                cfg_mutation_name(cfg->mutate));
    vm_latency(m, "yield_o combinational (resolve stage); the counts change at its end");
    vm_localparam(m, "W", cfg->w, "warps");
    vm_localparam(m, "WARP_W", cfg->warp_id_w, "max(1, log2(W))");
    vm_localparam(m, "CNT_W", cfg->yield_w, "log2(%d)", jumps);
    vm_port(m, VM_IN, "clk_i", "1", NULL);
    vm_port(m, VM_IN, "rst_i", "1", NULL);
    vm_group(m, "a resolved pass of a warp's head path");
    vm_port(m, VM_IN, "valid_i", "1", NULL);
    vm_port(m, VM_IN, "wid_i", "WARP_W", NULL);
    vm_port(m, VM_IN, "back_i", "1", "a backward jump of all its lanes");
    vm_port(m, VM_IN, "read_i", "1", "a load or an atomic");
    vm_port(m, VM_IN, "others_i", "1", "the warp has another path");
    vm_port(m, VM_OUT, "yield_o", "1", "the head yields");

    vm_reg(m, "cnt_q", "W*CNT_W", "backward jumps in a row, per warp");
    vm_reg(m, "full_q", "W", "the count is at its last value: the next one yields");
    vm_reg(m, "read_q", "W", "the warp read memory since its last backward jump");
    vm_wire(m, "cnt", "CNT_W", "the warp's count");
    vm_wire(m, "next", "CNT_W", "its next value");
    vm_assign(m, "cnt", "cnt_q[CNT_W*wid_i +: CNT_W]");
    /* --mutate=yield-no-read: every backward jump counts, read or not */
    vm_assign(m, "yield_o", no_read ? "valid_i && back_i && others_i && full_q[wid_i]"
                                    : "valid_i && back_i && read_q[wid_i] && others_i && full_q[wid_i]");
    vm_assign(m, "next", no_read ? "!others_i || yield_o ? {CNT_W{1'b0}} : "
                                   "cnt + {{(CNT_W-1){1'b0}}, back_i}"
                                 : "!others_i || yield_o || (back_i && !read_q[wid_i]) ? {CNT_W{1'b0}} : "
                                   "cnt + {{(CNT_W-1){1'b0}}, back_i}");
    b = vm_seq(m, "counts");
    vb_if(b, "valid_i");
    vb_set(b, "cnt_q[CNT_W*wid_i +: CNT_W]", "next");
    vb_set(b, "full_q[wid_i]", "&next");
    vb_set(b, "read_q[wid_i]", "!back_i && (read_q[wid_i] || read_i)");
    vb_end(b);
    vb_zero(b, "cnt_q");
    vb_zero(b, "full_q");
    vb_zero(b, "read_q");
    return vm_status(m);
}
