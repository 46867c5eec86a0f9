/*
 * rf_banked.c - simty_rf: the banked register file and operand collection.
 */
#include "units.h"

#include <stdio.h>

/* Past LANE_GROUP lanes, the operands with a copy of the reads' register numbers
 * and banks per group of lanes: each reaches 32 x T multiplexers (W64T32 at b61e744:
 * four nets of 1,024 sinks each, spanning the die).  n: the number of groups. */
static void rf_operands_grouped(const struct simt_cfg *cfg, struct vmod *m, int nb, int n)
{
    char z1[256], z2[256], k1[256], k2[256], d1[320], d2[320];
    struct vblock *b;

    lane_copies(m, cfg->t, "c1_rs2_q", "5", "c0_use2_i ? c0_rs2_i : 5'd0",
                "the rs2 read in flight, per group");
    if (nb > 1) {
        lane_copies(m, cfg->t, "c0_bank_q", "1", "is_wid_i[0]", "rs1's bank, per group");
        lane_copies(m, cfg->t, "c1_bank_q", "1", "c0_wid_i[0]", "rs2's bank, per group");
    }
    vm_reg(m, "c1_s1_q", "32*T", "rs1, one stage before execute");
    lane_copy(m, z1, sizeof z1, n, "c0_rs1_q", "");
    lane_copy(m, z2, sizeof z2, n, "c1_rs2_q", "");
    lane_copy(m, k1, sizeof k1, n, "c0_bank_q", "");  /* read when nb > 1 */
    lane_copy(m, k2, sizeof k2, n, "c1_bank_q", "");
    if (nb > 1) {
        snprintf(d1, sizeof d1, "%s ? rdata1[32*l +: 32] : rdata0[32*l +: 32]", k1);
        snprintf(d2, sizeof d2, "%s ? rdata1[32*l +: 32] : rdata0[32*l +: 32]", k2);
    } else {
        snprintf(d1, sizeof d1, "rdata0[32*l +: 32]");
        snprintf(d2, sizeof d2, "rdata0[32*l +: 32]");
    }
    vm_integer(m, "l");
    b = vm_seq(m, "operands");
    vb_for(b, "l", "0", "T");
    vb_set(b, "c1_s1_q[32*l +: 32]", "%s == 5'd0 ? 32'd0 : %s", z1, d1);
    vb_set(b, "ex_s2_o[32*l +: 32]", "%s == 5'd0 ? 32'd0 : %s", z2, d2);
    vb_end(b);
    vb_set(b, "ex_s1_o", "c1_s1_q");
}

/* The registered operands, one multiplexer per lane: rs1 read at issue + 1 and
 * registered twice, rs2 at issue + 2 and registered once, x0 read as zero. */
static void rf_operands(const struct simt_cfg *cfg, struct vmod *m, int nb)
{
    struct vblock *b;
    int n;

    vm_comment(m, "rs1 arrives at issue + 2 and is registered twice; rs2 arrives at "
                  "issue + 3 and is registered once. x0 reads as zero.");
    n = lane_copies(m, cfg->t, "c0_rs1_q", "5", "is_rs1_i", "the rs1 read in flight, per group");
    if (n) {
        rf_operands_grouped(cfg, m, nb, n);
        return;
    }
    vm_reg(m, "c0_rs1_q", "5", "the rs1 read in flight");
    vm_reg(m, "c0_bank_q", "1", NULL);
    vm_reg(m, "c1_rs2_q", "5", "the rs2 read in flight");
    vm_reg(m, "c1_bank_q", "1", NULL);
    vm_reg(m, "c1_s1_q", "32*T", "rs1, one stage before execute");
    b = vm_seq(m, "banks");
    /* kept: synthesis would merge them with the core's other copies of the
     * warp id's low bit, and one flip-flop would then drive the operand
     * multiplexers and the scheduler from one place (a 4.8 ns route) */
    vb_attr(b, "keep");
    vb_set(b, "c0_bank_q", nb == 1 ? "1'b0" : "is_wid_i[0]");
    vb_set(b, "c1_bank_q", nb == 1 ? "1'b0" : "c0_wid_i[0]");
    b = vm_seq(m, "operands");
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

/* The register file's ports, by pipeline stage. */
static void rf_ports(const struct simt_cfg *cfg, struct vmod *m)
{
    vm_port(m, VM_IN, "clk_i", "1", NULL);
    vm_port(m, VM_IN, "init_i", "1", "clear every row");
    if (cfg->t > LANE_GROUP)
        vm_port(m, VM_IN, "init_l_i", "T", "init_i again, per lane (a copy per group of lanes)");
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
    for (int bk = 0; bk < cfg->rf_banks_impl && cfg->t > LANE_GROUP; bk++) {
        char name[24], what[96];
        snprintf(name, sizeof name, "wl_bank%d_l_i", bk);
        snprintf(what, sizeof what, "the load write goes to bank %d, per lane (a copy per group "
                                    "of lanes)", bk);
        vm_port(m, VM_IN, name, "T", what);
    }
}

/* One bank's RAM per lane: written with zero while init, else by the ALU write or
 * the load write (never both in a cycle: the scheduler reserves the bank's port), the
 * ALU's select first, or past LANE_GROUP lanes the load's, from its group's copy;
 * read at the row raddr. */
static void rf_bank_lanes(const struct simt_cfg *cfg, struct vmod *m, int bk)
{
    const int ld = cfg->t > LANE_GROUP;   /* the load write first, its group's copy */
    const char *src[2] = { ld ? "wl" : "wa", ld ? "wa" : "wl" };

    for (int l = 0; l < cfg->t; l++) {
        char name[32], init[24], sel[32], wa[64], wl[48];
        const char *en[2];
        struct vinst *in;
        if (ld) {   /* the selected write's bank is in sel; the other tests its own */
            snprintf(sel, sizeof sel, "wl_bank%d_l_i[%d]", bk, l);
            snprintf(wl, sizeof wl, "wl_mask_i[%d]", l);
            snprintf(wa, sizeof wa, "wa_bank%d && wa_mask_i[%d] && !wa_kill_i", bk, l);
        } else {
            snprintf(sel, sizeof sel, "wa_bank%d", bk);
            snprintf(wa, sizeof wa, "wa_mask_i[%d] && !wa_kill_i", l);
            snprintf(wl, sizeof wl, "wl_bank%d && wl_mask_i[%d]", bk, l);
        }
        en[0] = ld ? wl : wa;
        en[1] = ld ? wa : wl;
        snprintf(name, sizeof name, "u_bank%d_lane%d", bk, l);
        if (cfg->t > LANE_GROUP)
            snprintf(init, sizeof init, "init_l_i[%d]", l);
        else
            snprintf(init, sizeof init, "init_i");
        in = vm_inst(m, "simty_ram_1r1w", name);
        vm_inst_param(in, "DEPTH_W", "ROW_W");
        vm_inst_param(in, "DATA_W", "32");
        vm_inst_conn(in, "clk_i", "clk_i");
        vm_inst_conn(in, "we_i", "%s || (%s ? %s : %s)", init, sel, en[0], en[1]);
        vm_inst_conn(in, "waddr_i", "waddr%d", bk);
        vm_inst_conn(in, "wdata_i", "%s ? 32'd0 : %s ? %s_data_i[%d +: 32] : %s_data_i[%d +: 32]",
                     init, sel, src[0], 32 * l, src[1], 32 * l);
        vm_inst_conn(in, "re_i", "c0_bank%d || c1_bank%d", bk, bk);
        vm_inst_conn(in, "raddr_i", "raddr%d", bk);
        vm_inst_conn(in, "rdata_o", "rdata%d[%d +: 32]", bk, 32 * l);
    }
}

/* Bank bk of nb (warp parity): its read and write selects and addresses, then its
 * lanes.  row: the rows of the rs1 read, the rs2 read, the ALU and the load writes. */
static void rf_bank(const struct simt_cfg *cfg, struct vmod *m, int bk, const char row[4][96])
{
    static const char *const sel[4][3] = {   /* select, its warp id, what else it needs */
        { "c0_bank%d", "is_wid_i", "is_valid_i" },
        { "c1_bank%d", "c0_wid_i", "c0_valid_i && c0_use2_i" },
        { "wa_bank%d", "wa_wid_i", "wa_valid_i && wa_rd_i != 5'd0" },
        { "wl_bank%d", "wl_wid_i", "wl_valid_i && wl_rd_i != 5'd0" },
    };
    static const char *const what[4] = {
        "rs1 read for this bank (issue)", "rs2 read for this bank (collect 0)",
        "ALU write to this bank", "load write to this bank",
    };
    const int nb = cfg->rf_banks_impl;
    char name[4][24], buf[24];
    int first;

    vm_comment(m, "Bank %d: %s warps.", bk, nb == 1 ? "all" : bk ? "odd" : "even");
    for (int i = 0; i < 4; i++) {
        snprintf(name[i], sizeof name[i], sel[i][0], bk);
        vm_wire(m, name[i], "1", what[i]);
    }
    snprintf(buf, sizeof buf, "raddr%d", bk);
    vm_wire(m, buf, "ROW_W", NULL);
    snprintf(buf, sizeof buf, "waddr%d", bk);
    vm_wire(m, buf, "ROW_W", NULL);
    snprintf(buf, sizeof buf, "rdata%d", bk);
    vm_wire(m, buf, "32*T", "RAM outputs of the bank's lanes");
    for (int i = 0; i < 4; i++) {
        if (nb == 1)
            vm_assign(m, name[i], "%s && 1'b1", sel[i][2]);
        else
            vm_assign(m, name[i], "%s && %s[0] == 1'b%d", sel[i][2], sel[i][1], bk);
    }
    snprintf(buf, sizeof buf, "raddr%d", bk);
    vm_assign(m, buf, "%s ? %s : %s", name[1], row[1], row[0]);
    snprintf(buf, sizeof buf, "waddr%d", bk);
    first = cfg->t > LANE_GROUP ? 3 : 2;   /* the write the lanes' selects put first */
    vm_assign(m, buf, "init_i ? init_row_i : %s ? %s : %s", name[first], row[first], row[5 - first]);
    rf_bank_lanes(cfg, m, bk);
}

int gen_rf(const struct simt_cfg *cfg, struct vmod *m)
{
    static const char *const rowsrc[4][2] = {
        { "is_wid_i", "is_rs1_i" }, { "c0_wid_i", "c0_rs2_i" },
        { "wa_wid_i", "wa_rd_i" },  { "wl_wid_i", "wl_rd_i" },
    };
    int nb = cfg->rf_banks_impl;
    int wib = cfg->rf_warp_in_bank_bits;   /* warp bits inside a bank */
    char row[4][96];

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
    rf_ports(cfg, m);
    /* the row of (wid, r) inside its bank: {wid[W-1:1], r}, or r alone */
    for (int i = 0; i < 4; i++) {
        if (wib)
            snprintf(row[i], sizeof row[i], "{%s[%d:1], %s}", rowsrc[i][0], wib, rowsrc[i][1]);
        else
            snprintf(row[i], sizeof row[i], "%s", rowsrc[i][1]);
    }
    for (int bk = 0; bk < nb; bk++)
        rf_bank(cfg, m, bk, (const char (*)[96])row);
    rf_operands(cfg, m, nb);
    if (nb == 1) {
        vm_wire(m, "unused_wid", "1", "one warp: the warp ids are always 0");
        vm_assign(m, "unused_wid", cfg->t > LANE_GROUP ? "^{is_wid_i, c0_wid_i, wa_wid_i, wl_wid_i}"
                                                       : "^{is_wid_i, c0_wid_i, wa_wid_i, wl_wid_i, "
                                                         "c0_bank_q, c1_bank_q}");
    }
    return vm_status(m);
}
