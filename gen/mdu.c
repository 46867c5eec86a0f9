/*
 * mdu.c - simty_mdu and simty_mdu_lane: the RV32M unit (ISA=rv32im).
 *
 * Multiplies are pipelined with the latency of a load: operands registered
 * at execute, the product written back at issue + 10 through the load
 * write-back, so the scheduler treats mul/mulh/mulhsu/mulhu as loads (write
 * port at issue + 10, the hazard record's load rule) and they issue back to
 * back.  Each lane splits a 33 x 33 signed product (the operands extended by
 * their signedness) into four 17 x 17 signed products, one MULT18X18D each on
 * ECP5 (4 per lane), summed over two more stages.
 *
 * Divides are iterative: one divider per lane, shared by the warps, radix 2
 * (32 steps).  A divide that finds it busy is replayed (like a memory access
 * that was not served: the warp's pass goes back to the same PC); an
 * accepted one holds its warp (predecode marks it not followable, the
 * scheduler releases the warp at the write-back) until the result is written
 * through the load write-back port in a cycle that port is free.
 */
#include "units.h"

int gen_mdu_lane(const struct simt_cfg *cfg, struct vmod *m)
{
    struct vblock *b;
    (void)cfg;
    vm_describe(m, "One lane of the RV32M unit. Multiply: the operands, extended to 33 bits "
                   "by their signedness (mulh: both signed, mulhsu: rs1 signed, mulhu and mul: "
                   "unsigned; mul takes the low word, which does not depend on it), are split "
                   "into a signed high part of 17 bits and an unsigned low part of 16 bits; the "
                   "four 17 x 17 signed products (one 18 x 18 DSP multiplier each) are "
                   "registered, the two middle ones added, then everything summed and the "
                   "word selected. Divide: restoring radix 2 on the magnitudes, one quotient "
                   "bit per step, the signs applied at the end; division by zero gives a "
                   "quotient of all ones and the dividend as remainder, and the overflow "
                   "(-2^31 / -1) gives -2^31 and 0, both as RISC-V specifies.");
    vm_latency(m, "multiply: 4 cycles (a_i at execute, mul_o registered 4 cycles later); "
                  "divide: 32 steps after dv_start_i");
    vm_port(m, VM_IN, "clk_i", "1", NULL);
    vm_group(m, "execute stage");
    vm_port(m, VM_IN, "f3_i", "2", "funct3[1:0]: which multiply, signed or not, quotient or remainder");
    vm_port(m, VM_IN, "a_i", "32", "rs1");
    vm_port(m, VM_IN, "b_i", "32", "rs2");
    vm_group(m, "divider control (from simty_mdu)");
    vm_port(m, VM_IN, "dv_start_i", "1", "load the operands registered at execute (now at membership)");
    vm_port(m, VM_IN, "dv_step_i", "1", "one quotient bit");
    vm_group(m, "results");
    vm_port(m, VM_OUT_REG, "mul_o", "32", "product word, 4 cycles after a_i");
    vm_port(m, VM_OUT, "dv_o", "32", "quotient or remainder, valid after the 32nd step");

    vm_reg(m, "a_q", "32", "operands, registered at execute");
    vm_reg(m, "b_q", "32", NULL);
    vm_reg(m, "f3_q", "2", NULL);
    b = vm_seq(m, "operands");
    vb_set(b, "a_q", "a_i");
    vb_set(b, "b_q", "b_i");
    vb_set(b, "f3_q", "f3_i");

    vm_comment(m, "Multiply, stage 1: the four partial products.");
    vm_wire(m, "a_sx", "1", "rs1 is signed: mulh, mulhsu");
    vm_wire(m, "b_sx", "1", "rs2 is signed: mulh");
    vm_assign(m, "a_sx", "f3_q[1:0] == 2'b01 || f3_q[1:0] == 2'b10");
    vm_assign(m, "b_sx", "f3_q[1:0] == 2'b01");
    vm_wire(m, "a_hi", "17", "bits 32..16 of the extended operand, signed");
    vm_wire(m, "b_hi", "17", NULL);
    vm_wire(m, "a_lo", "17", "bits 15..0, unsigned (a positive 17-bit signed value)");
    vm_wire(m, "b_lo", "17", NULL);
    vm_assign(m, "a_hi", "{a_sx & a_q[31], a_q[31:16]}");
    vm_assign(m, "b_hi", "{b_sx & b_q[31], b_q[31:16]}");
    vm_assign(m, "a_lo", "{1'b0, a_q[15:0]}");
    vm_assign(m, "b_lo", "{1'b0, b_q[15:0]}");
    vm_reg(m, "ll_q", "34", "a_lo * b_lo");
    vm_reg(m, "lh_q", "34", "a_lo * b_hi");
    vm_reg(m, "hl_q", "34", "a_hi * b_lo");
    vm_reg(m, "hh_q", "34", "a_hi * b_hi");
    vm_reg(m, "hi1_q", "1", "the high word is wanted");
    b = vm_seq(m, "products");
    vb_set(b, "ll_q", "$signed(a_lo) * $signed(b_lo)");
    vb_set(b, "lh_q", "$signed(a_lo) * $signed(b_hi)");
    vb_set(b, "hl_q", "$signed(a_hi) * $signed(b_lo)");
    vb_set(b, "hh_q", "$signed(a_hi) * $signed(b_hi)");
    vb_set(b, "hi1_q", "f3_q[1:0] != 2'b00");
    vm_comment(m, "Stage 2: the middle products added.");
    vm_reg(m, "mid_q", "35", "lh + hl, signed");
    vm_reg(m, "ll2_q", "32", NULL);
    vm_reg(m, "hh2_q", "32", "only its low 32 bits reach the 64-bit product");
    vm_reg(m, "hi2_q", "1", NULL);
    b = vm_seq(m, "middle");
    vb_set(b, "mid_q", "{lh_q[33], lh_q} + {hl_q[33], hl_q}");
    vb_set(b, "ll2_q", "ll_q[31:0]");
    vb_set(b, "hh2_q", "hh_q[31:0]");
    vb_set(b, "hi2_q", "hi1_q");
    vm_comment(m, "Stage 3: the 64-bit product and its word.");
    vm_wire(m, "prod", "64", NULL);
    vm_assign(m, "prod", "{32'd0, ll2_q} + {{13{mid_q[34]}}, mid_q, 16'd0} + {hh2_q, 32'd0}");
    b = vm_seq(m, "product");
    vb_set(b, "mul_o", "hi2_q ? prod[63:32] : prod[31:0]");
    vm_wire(m, "unused_prod", "1", "ll < 2^32, and hh's high bits are past the product's 64");
    vm_assign(m, "unused_prod", "^{ll_q[33:32], hh_q[33:32]}");

    vm_comment(m, "Divide: restoring, radix 2, on the magnitudes.");
    vm_wire(m, "d_sx", "1", "div, rem: signed");
    vm_wire(m, "a_neg", "1", NULL);
    vm_wire(m, "b_neg", "1", NULL);
    vm_assign(m, "d_sx", "!f3_q[0]");
    vm_assign(m, "a_neg", "d_sx && a_q[31]");
    vm_assign(m, "b_neg", "d_sx && b_q[31]");
    vm_reg(m, "rem_q", "32", "partial remainder");
    vm_reg(m, "quo_q", "32", "dividend bits still to shift in, then quotient bits");
    vm_reg(m, "dvs_q", "32", "divisor magnitude");
    vm_reg(m, "negq_q", "1", "negate the quotient");
    vm_reg(m, "negr_q", "1", "negate the remainder (the dividend's sign)");
    vm_reg(m, "isrem_q", "1", "rem, remu");
    vm_reg(m, "bz_q", "1", "division by zero");
    vm_wire(m, "trial", "34", "{remainder, next dividend bit} - divisor");
    vm_assign(m, "trial", "{1'b0, rem_q, quo_q[31]} - {2'b00, dvs_q}");
    b = vm_seq(m, "divide");
    vb_if(b, "dv_start_i");
    vb_set(b, "rem_q", "32'd0");
    vb_set(b, "quo_q", "a_neg ? 32'd0 - a_q : a_q");
    vb_set(b, "dvs_q", "b_neg ? 32'd0 - b_q : b_q");
    vb_set(b, "negq_q", "a_neg ^ b_neg");
    vb_set(b, "negr_q", "a_neg");
    vb_set(b, "isrem_q", "f3_q[1]");
    vb_set(b, "bz_q", "b_q == 32'd0");
    vb_elif(b, "dv_step_i");
    vb_set(b, "rem_q", "trial[33] ? {rem_q[30:0], quo_q[31]} : trial[31:0]");
    vb_set(b, "quo_q", "{quo_q[30:0], !trial[33]}");
    vb_end(b);
    vm_wire(m, "unused_trial", "1", "the trial difference is below 2^33");
    vm_assign(m, "unused_trial", "trial[32]");
    vm_assign(m, "dv_o", "isrem_q ? (negr_q ? 32'd0 - rem_q : rem_q) : "
                         "bz_q ? 32'hffffffff : negq_q ? 32'd0 - quo_q : quo_q");
    return vm_status(m);
}

int gen_mdu(const struct simt_cfg *cfg, struct vmod *m)
{
    struct vblock *b;
    vm_describe(m, "RV32M unit (ISA=rv32im): T lanes of simty_mdu_lane. Multiplies are "
                   "pipelined: operands from execute (issue + 4), the product out at issue + 8 "
                   "for the load write-back at issue + 10. The divider is shared by the warps: "
                   "it takes a divide at membership (issue + 5) when it is idle (mb_acc_o; "
                   "a divide it does not take is replayed), drops it if the split stage "
                   "squashes it, takes 32 steps, then asks for the load write-back port "
                   "(dv_req_o) until the core gives it (dv_ack_i).");
    vm_latency(m, "multiply 4 cycles; divide 33 cycles from acceptance to dv_req_o, then "
                  "until a write-back slot is free");
    vm_localparam(m, "T", cfg->t, "threads per warp");
    vm_localparam(m, "WARP_W", cfg->warp_id_w, "max(1, log2(W))");
    vm_port(m, VM_IN, "clk_i", "1", NULL);
    vm_port(m, VM_IN, "rst_i", "1", NULL);
    vm_group(m, "execute stage (issue + 4)");
    vm_port(m, VM_IN, "ex_f3_i", "2", "funct3[1:0] of the instruction at execute");
    vm_port(m, VM_IN, "ex_s1_i", "32*T", "rs1 per lane");
    vm_port(m, VM_IN, "ex_s2_i", "32*T", "rs2 per lane");
    vm_group(m, "membership (issue + 5)");
    vm_port(m, VM_IN, "mb_div_i", "1", "a divide, valid and not squashed");
    vm_port(m, VM_OUT, "mb_acc_o", "1", "the divider takes it (else it is replayed)");
    vm_group(m, "split (issue + 6): the divide taken last cycle");
    vm_port(m, VM_IN, "n_acc_i", "1", "it is here, not squashed: keep its destination");
    vm_port(m, VM_IN, "n_kill_i", "1", "it is squashed: drop it");
    vm_port(m, VM_IN, "n_wid_i", "WARP_W", NULL);
    vm_port(m, VM_IN, "n_rd_i", "5", NULL);
    vm_port(m, VM_IN, "n_mask_i", "T", "its active lanes");
    vm_group(m, "multiply result (issue + 8)");
    vm_port(m, VM_OUT, "g_mul_o", "32*T", NULL);
    vm_group(m, "divide result: held until written");
    vm_port(m, VM_OUT, "dv_req_o", "1", "a result waits for the write-back port");
    vm_port(m, VM_OUT, "dv_wid_o", "WARP_W", NULL);
    vm_port(m, VM_OUT, "dv_rd_o", "5", NULL);
    vm_port(m, VM_OUT, "dv_mask_o", "T", NULL);
    vm_port(m, VM_OUT, "dv_res_o", "32*T", NULL);
    vm_port(m, VM_IN, "dv_ack_i", "1", "written now: the divider is free next cycle");
    vm_port(m, VM_OUT_REG, "hold_o", "1", "the result has waited 16 cycles: issue nothing until "
                                          "it is written (the write slots drain within 10)");

    vm_reg(m, "busy_q", "1", "a divide is held, from acceptance to its write-back");
    vm_reg(m, "step_q", "6", "steps done");
    vm_reg(m, "wait_q", "4", "cycles the result has waited for a write slot");
    vm_reg(m, "wid_q", "WARP_W", NULL);
    vm_reg(m, "rd_q", "5", NULL);
    vm_reg(m, "mask_q", "T", NULL);
    vm_wire(m, "step", "1", "one quotient bit this cycle");
    vm_assign(m, "mb_acc_o", "mb_div_i && !busy_q");
    vm_assign(m, "step", "busy_q && !step_q[5]");
    vm_assign(m, "dv_req_o", "busy_q && step_q[5]");
    vm_comment(m, "A result normally finds a free slot within a few cycles; should the other "
                  "warps keep the load port and its bank's port busy every cycle (loads "
                  "issued back to back, a spin on a flag the divide's warp sets), issue is "
                  "held once it has waited 16 cycles, so it is always written.");
    b = vm_seq(m, "control");
    vb_if(b, "mb_acc_o");
    vb_set(b, "busy_q", "1'b1");
    vb_set(b, "step_q", "6'd0");
    vb_elif(b, "n_kill_i || dv_ack_i");
    vb_set(b, "busy_q", "1'b0");
    vb_elif(b, "step");
    vb_set(b, "step_q", "step_q + 6'd1");
    vb_end(b);
    vb_set(b, "wait_q", "dv_req_o && !dv_ack_i && wait_q != 4'd15 ? wait_q + 4'd1 : "
                        "dv_req_o && !dv_ack_i ? wait_q : 4'd0");
    vb_set(b, "hold_o", "dv_req_o && !dv_ack_i && wait_q == 4'd15");
    vb_if(b, "n_acc_i");
    vb_set(b, "wid_q", "n_wid_i");
    vb_set(b, "rd_q", "n_rd_i");
    vb_set(b, "mask_q", "n_mask_i");
    vb_end(b);
    vb_zero(b, "busy_q");
    vb_zero(b, "wait_q");
    vb_zero(b, "hold_o");
    vm_assign(m, "dv_wid_o", "wid_q");
    vm_assign(m, "dv_rd_o", "rd_q");
    vm_assign(m, "dv_mask_o", "mask_q");

    for (int l = 0; l < cfg->t; l++) {
        char name[32];
        struct vinst *in;
        snprintf(name, sizeof name, "u_lane_%d", l);
        in = vm_inst(m, "simty_mdu_lane", name);
        vm_inst_conn(in, "clk_i", "clk_i");
        vm_inst_conn(in, "f3_i", "ex_f3_i");
        vm_inst_conn(in, "a_i", "ex_s1_i[%d +: 32]", 32 * l);
        vm_inst_conn(in, "b_i", "ex_s2_i[%d +: 32]", 32 * l);
        vm_inst_conn(in, "dv_start_i", "mb_acc_o");
        vm_inst_conn(in, "dv_step_i", "step");
        vm_inst_conn(in, "mul_o", "g_mul_o[%d +: 32]", 32 * l);
        vm_inst_conn(in, "dv_o", "dv_res_o[%d +: 32]", 32 * l);
    }
    return vm_status(m);
}
