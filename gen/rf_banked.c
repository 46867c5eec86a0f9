/*
 * rf_banked.c - simty_rf: the banked register file and operand collection.
 */
#include "units.h"

int gen_rf(const struct simt_cfg *cfg, struct vmod *m)
{
    int nb = cfg->rf_banks_impl, bk, l;
    int wib = cfg->rf_warp_in_bank_bits;   /* warp bits inside a bank */
    char row1[96], row2[96], rowa[96], rowl[96];

    vm_describe(m, "Banked register file (RF) and two-cycle operand collection. A warp's "
                   "register r is one row of T lanes; warps are spread over two banks by warp "
                   "parity (one bank when W = 1). Each bank is one single-read single-write "
                   "RAM per lane (simty_ram_1r1w). rs1 is read at issue + 1 and rs2 at issue + 2 "
                   "from the warp's bank; both are registered, so execute (issue + 4) starts "
                   "from flip-flops, not from the RAM outputs. Writes come from the split stage "
                   "(ALU results, issue + 6) and the load write-back (issue + 10). The scheduler "
                   "reserves the ports, so reads never collide and at most one write reaches a "
                   "bank per cycle. While init_i is high every row is written with zero.");
    vm_latency(m, "3 cycles from the rs1 read to registered operands");
    vm_localparam(m, "T", cfg->t, "threads per warp");
    vm_localparam(m, "WARP_W", cfg->warp_id_w, "max(1, log2(W = %d))", cfg->w);
    vm_localparam(m, "ROW_W", cfg->rf_row_w, "5 + log2(warps per bank = %d)", cfg->rf_warps_per_bank);
    vm_port(m, VM_IN, "clk_i", "1", NULL);
    vm_port(m, VM_IN, "init_i", "1", "clear every row");
    vm_port(m, VM_IN, "init_row_i", "ROW_W", "the row cleared this cycle");
    vm_group(m, "collect 0 (issue + 1): rs1 read");
    vm_port(m, VM_IN, "is_valid_i", "1", NULL);
    vm_port(m, VM_IN, "is_wid_i", "WARP_W", NULL);
    vm_port(m, VM_IN, "is_rs1_i", "5", NULL);
    vm_group(m, "collect 1 (issue + 2): rs2 read");
    vm_port(m, VM_IN, "c0_valid_i", "1", NULL);
    vm_port(m, VM_IN, "c0_wid_i", "WARP_W", NULL);
    vm_port(m, VM_IN, "c0_rs2_i", "5", NULL);
    vm_port(m, VM_IN, "c0_use2_i", "1", "reads rs2");
    vm_group(m, "execute (issue + 4): registered operands");
    vm_port(m, VM_OUT_REG, "ex_s1_o", "32*T", "rs1 per lane (x0 reads 0)");
    vm_port(m, VM_OUT_REG, "ex_s2_o", "32*T", "rs2 per lane (x0 reads 0)");
    vm_group(m, "ALU write (split stage, issue + 6)");
    vm_port(m, VM_IN, "wa_valid_i", "1", "an ALU result (from registers: it steers the write data)");
    vm_port(m, VM_IN, "wa_kill_i", "1", "but squashed this cycle: no lane writes (late in the cycle, "
                                         "so it gates the write enables only)");
    vm_port(m, VM_IN, "wa_wid_i", "WARP_W", NULL);
    vm_port(m, VM_IN, "wa_rd_i", "5", NULL);
    vm_port(m, VM_IN, "wa_mask_i", "T", "lanes written");
    vm_port(m, VM_IN, "wa_data_i", "32*T", NULL);
    vm_group(m, "load write (issue + 10), from registers");
    vm_port(m, VM_IN, "wl_valid_i", "1", NULL);
    vm_port(m, VM_IN, "wl_wid_i", "WARP_W", NULL);
    vm_port(m, VM_IN, "wl_rd_i", "5", NULL);
    vm_port(m, VM_IN, "wl_mask_i", "T", NULL);
    vm_port(m, VM_IN, "wl_data_i", "32*T", NULL);

    /* Row of (wid, r) inside its bank: {wid[W-1:1], r}, or r alone. */
#define ROW(buf, wid, r) \
    (wib ? snprintf(buf, sizeof buf, "{%s[%d:1], %s}", wid, wib, r) \
         : snprintf(buf, sizeof buf, "%s", r))
    ROW(row1, "is_wid_i", "is_rs1_i");
    ROW(row2, "c0_wid_i", "c0_rs2_i");
    ROW(rowa, "wa_wid_i", "wa_rd_i");
    ROW(rowl, "wl_wid_i", "wl_rd_i");
#undef ROW

    for (bk = 0; bk < nb; bk++) {
        char c0h[24], c1h[24], wah[24], wlh[24], ra[24], wa[24], rd[24], cmp[48];
        snprintf(c0h, sizeof c0h, "c0_bank%d", bk);
        snprintf(c1h, sizeof c1h, "c1_bank%d", bk);
        snprintf(wah, sizeof wah, "wa_bank%d", bk);
        snprintf(wlh, sizeof wlh, "wl_bank%d", bk);
        snprintf(ra, sizeof ra, "raddr%d", bk);
        snprintf(wa, sizeof wa, "waddr%d", bk);
        snprintf(rd, sizeof rd, "rdata%d", bk);
        vm_comment(m, "Bank %d: %s warps.", bk, nb == 1 ? "all" : bk ? "odd" : "even");
        vm_wire(m, c0h, "1", "rs1 read for this bank (issue)");
        vm_wire(m, c1h, "1", "rs2 read for this bank (collect 0)");
        vm_wire(m, wah, "1", "ALU write to this bank");
        vm_wire(m, wlh, "1", "load write to this bank");
        vm_wire(m, ra, "ROW_W", NULL);
        vm_wire(m, wa, "ROW_W", NULL);
        vm_wire(m, rd, "32*T", "RAM outputs of the bank's lanes");
#define IN_BANK(buf, wid) \
        (nb == 1 ? snprintf(buf, sizeof buf, "1'b1") \
                 : snprintf(buf, sizeof buf, "%s[0] == 1'b%d", wid, bk))
        IN_BANK(cmp, "is_wid_i");
        vm_assign(m, c0h, "is_valid_i && %s", cmp);
        IN_BANK(cmp, "c0_wid_i");
        vm_assign(m, c1h, "c0_valid_i && c0_use2_i && %s", cmp);
        IN_BANK(cmp, "wa_wid_i");
        vm_assign(m, wah, "wa_valid_i && wa_rd_i != 5'd0 && %s", cmp);
        IN_BANK(cmp, "wl_wid_i");
        vm_assign(m, wlh, "wl_valid_i && wl_rd_i != 5'd0 && %s", cmp);
#undef IN_BANK
        vm_assign(m, ra, "%s ? %s : %s", c1h, row2, row1);
        vm_assign(m, wa, "init_i ? init_row_i : %s ? %s : %s", wah, rowa, rowl);
        for (l = 0; l < cfg->t; l++) {
            char name[32];
            struct vinst *in;
            snprintf(name, sizeof name, "u_bank%d_lane%d", bk, l);
            in = vm_inst(m, "simty_ram_1r1w", name);
            vm_inst_param(in, "DEPTH_W", "ROW_W");
            vm_inst_param(in, "DATA_W", "32");
            vm_inst_conn(in, "clk_i", "clk_i");
            vm_inst_conn(in, "we_i", "init_i || (%s ? wa_mask_i[%d] && !wa_kill_i : %s && wl_mask_i[%d])",
                         wah, l, wlh, l);
            vm_inst_conn(in, "waddr_i", "%s", wa);
            vm_inst_conn(in, "wdata_i", "init_i ? 32'd0 : %s ? wa_data_i[%d +: 32] : wl_data_i[%d +: 32]",
                         wah, 32 * l, 32 * l);
            vm_inst_conn(in, "re_i", "%s || %s", c0h, c1h);
            vm_inst_conn(in, "raddr_i", "%s", ra);
            vm_inst_conn(in, "rdata_o", "%s[%d +: 32]", rd, 32 * l);
        }
    }

    vm_comment(m, "rs1 arrives at issue + 2 and is registered twice; rs2 arrives at "
                  "issue + 3 and is registered once. x0 reads as zero.");
    vm_reg(m, "c0_rs1_q", "5", "the rs1 read in flight");
    vm_reg(m, "c0_bank_q", "1", NULL);
    vm_reg(m, "c1_rs2_q", "5", "the rs2 read in flight");
    vm_reg(m, "c1_bank_q", "1", NULL);
    vm_reg(m, "c1_s1_q", "32*T", "rs1, one stage before execute");
    {
        struct vblock *b = vm_seq(m, "banks");
        /* kept: synthesis would merge them with the core's other copies of the
         * warp id's low bit, and one flip-flop would then drive the operand
         * multiplexers and the scheduler from one place (a 4.8 ns route) */
        vb_attr(b, "keep");
        vb_set(b, "c0_bank_q", nb == 1 ? "1'b0" : "is_wid_i[0]");
        vb_set(b, "c1_bank_q", nb == 1 ? "1'b0" : "c0_wid_i[0]");
    }
    {
        struct vblock *b = vm_seq(m, "operands");
        vb_set(b, "c0_rs1_q", "is_rs1_i");
        vb_set(b, "c1_rs2_q", "c0_use2_i ? c0_rs2_i : 5'd0");
        if (nb == 1) {
            vb_set(b, "c1_s1_q", "c0_rs1_q == 5'd0 ? {32*T{1'b0}} : rdata0");
            vb_set(b, "ex_s2_o", "c1_rs2_q == 5'd0 ? {32*T{1'b0}} : rdata0");
        } else {
            vb_set(b, "c1_s1_q", "c0_rs1_q == 5'd0 ? {32*T{1'b0}} : c0_bank_q ? rdata1 : rdata0");
            vb_set(b, "ex_s2_o", "c1_rs2_q == 5'd0 ? {32*T{1'b0}} : c1_bank_q ? rdata1 : rdata0");
        }
        vb_set(b, "ex_s1_o", "c1_s1_q");
    }
    if (nb == 1) {
        vm_wire(m, "unused_wid", "1", "one warp: the warp ids are always 0");
        vm_assign(m, "unused_wid", "^{is_wid_i, c0_wid_i, wa_wid_i, wl_wid_i, c0_bank_q, c1_bank_q}");
    }
    return vm_status(m);
}
