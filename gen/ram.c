/*
 * ram.c - the RAM primitives (style V8).  Every storage array of the core
 * goes through one of these, so block-RAM inference is checked in one place.
 *
 *   simty_ram_1r1w      sync write, registered read (read-first data
 *                       register), (* no_rw_check *): Yosys maps it to block
 *                       RAM with no bypass logic (toolchain.md 4.2).
 *   simty_ram_1r1w_be   the same with per-byte write enables.
 *   simty_ram_1r1w_lut  sync write, asynchronous read: LUT-RAM (ECP5) or
 *                       flip-flops (iCE40, which has no LUT-RAM); only for
 *                       small tables.
 *   simty_ram_2r1w_lut  the same with a second asynchronous read port: on
 *                       ECP5 Yosys gives each port its own copy of the
 *                       LUT-RAM; on iCE40 both ports read one set of
 *                       flip-flops (two copies written alike would double them).
 *
 * DEPTH_W (address width) and DATA_W are module parameters (V5: instances
 * differ); their defaults come from the configuration so that each module
 * also lints alone.  The arrays are never reset (V7); the core clears its
 * register file with a reset sequencer instead.
 */
#include "units.h"

#include <stdio.h>

/* The (* ... *) attribute text of a RAM array. */
static void ram_attrs(const struct simt_cfg *c, struct vsig *mem, int lut)
{
    if (!lut)
        vm_sig_attr(mem, "no_rw_check");
    if (lut) {
        /* An asynchronous read never maps to block RAM, so by default Yosys picks
         * LUT-RAM where the device has it (ECP5) and flip-flops where it has not
         * (iCE40: forcing "distributed" there fails). */
        if (c->ramstyle == RAMSTYLE_LOGIC)
            vm_sig_attr(mem, "ram_style = \"logic\"");
        else if (c->ramstyle == RAMSTYLE_DISTRIBUTED)
            vm_sig_attr(mem, "ram_style = \"distributed\"");
    } else if (c->ramstyle != RAMSTYLE_AUTO)
        switch (c->ramstyle) {
        case RAMSTYLE_BLOCK: vm_sig_attr(mem, "ram_style = \"block\""); break;
        case RAMSTYLE_DISTRIBUTED: vm_sig_attr(mem, "ram_style = \"distributed\""); break;
        default: vm_sig_attr(mem, "ram_style = \"logic\""); break;
        }
}

/* lut: the number of asynchronous read ports (1 or 2), or 0 for one
 * registered read port. */
static void ram_common(const struct simt_cfg *c, struct vmod *m, int depth_w, int data_w, int be,
                       int lut)
{
    char d[16], w[16];
    snprintf(d, sizeof d, "%d", depth_w);
    snprintf(w, sizeof w, "%d", data_w);
    vm_param(m, "DEPTH_W", d, "address width: 1 << DEPTH_W words");
    vm_param(m, "DATA_W", w, be ? "word width in bits, a multiple of 8" : "word width in bits");
    vm_param_str(m, "INIT_FILE", "", "$readmemh file loaded at time 0, if not empty");

    vm_group(m, "clock");
    vm_port(m, VM_IN, "clk_i", NULL, NULL);
    vm_group(m, "write port: written at the rising edge when we_i");
    vm_port(m, VM_IN, "we_i", NULL, NULL);
    vm_port(m, VM_IN, "waddr_i", "DEPTH_W", NULL);
    vm_port(m, VM_IN, "wdata_i", "DATA_W", NULL);
    if (be)
        vm_port(m, VM_IN, "wbe_i", "DATA_W/8", "byte i written when wbe_i[i]");
    if (lut) {
        vm_group(m, "read port: asynchronous");
    } else {
        vm_group(m, "read port: rdata_o holds mem[raddr_i] one cycle after re_i, else keeps its value");
        vm_port(m, VM_IN, "re_i", NULL, NULL);
    }
    vm_port(m, VM_IN, "raddr_i", "DEPTH_W", NULL);
    vm_port(m, lut ? VM_OUT : VM_OUT_REG, "rdata_o", "DATA_W", NULL);
    if (lut > 1) {
        vm_group(m, "second read port: asynchronous");
        vm_port(m, VM_IN, "raddr2_i", "DEPTH_W", NULL);
        vm_port(m, VM_OUT, "rdata2_o", "DATA_W", NULL);
    }

    struct vsig *mem = vm_reg(m, "mem", "DATA_W", "never reset (V7)");
    vm_sig_depth(mem, "1<<DEPTH_W");
    ram_attrs(c, mem, lut);
    if (be)
        vm_integer(m, "i");

    struct vblock *in = vm_initial(m, "optional initial contents (block RAM keeps them on FPGAs)");
    vb_if(in, "INIT_FILE != \"\"");
    vb_line(in, "$readmemh(INIT_FILE, mem);");
    vb_end(in);

    struct vblock *wr = vm_seq(m, "write port");
    vb_if(wr, "we_i");
    if (be) {
        vb_for(wr, "i", "0", "DATA_W/8");
        vb_if(wr, "wbe_i[i]");
        vb_set(wr, "mem[waddr_i][i*8 +: 8]", "wdata_i[i*8 +: 8]");
        vb_end(wr);
        vb_end(wr);
    } else {
        vb_set(wr, "mem[waddr_i]", "wdata_i");
    }
    vb_end(wr);

    if (lut) {
        vm_comment(m, "read port: asynchronous (LUT-RAM or flip-flops, never block RAM)");
        vm_assign(m, "rdata_o", "mem[raddr_i]");
        if (lut > 1)
            vm_assign(m, "rdata2_o", "mem[raddr2_i]");
    } else {
        struct vblock *rd = vm_seq(m, "read port: registered read (read-first)");
        vb_if(rd, "re_i");
        vb_set(rd, "rdata_o", "mem[raddr_i]");
        vb_end(rd);
    }
}

static const char *const rdw_note =
    "Read during write: a read of the address being written in the same cycle returns "
    "undefined data (old or new). The array carries (* no_rw_check *) so that Yosys maps "
    "it to block RAM without collision bypass logic (toolchain.md 4.2: 75 FF + 40-54 LUT "
    "per 512x32 RAM otherwise). Users must never depend on it; the core schedules reads "
    "and writes of one address in different cycles.";

int gen_ram_1r1w(const struct simt_cfg *c, struct vmod *m)
{
    vm_describe(m, "Single-read single-write RAM: synchronous write, synchronous registered "
                   "read with read enable. The one block-RAM primitive of the core (register "
                   "file banks, path and context tables, instruction memory on FPGA tops). "
                   "Parameter defaults are the register-file bank of this configuration "
                   "(%d rows of 32 bits).", c->rf_rows);
    vm_latency(m, "read 1 cycle (rdata_o registered), write 1 cycle");
    vm_note(m, "%s", rdw_note);
    ram_common(c, m, c->rf_row_w, 32, 0, 0);
    return vm_status(m);
}

int gen_ram_1r1w_be(const struct simt_cfg *c, struct vmod *m)
{
    vm_describe(m, "Single-read single-write RAM with per-byte write enables: synchronous "
                   "write, synchronous registered read. For the data memory behind the data "
                   "port on FPGA tops: one instance per word slot of a T-word block, so each "
                   "is %d rows of 32 bits here (DMEM = %d KiB, T = %d). Keep DATA_W small "
                   "(at most 72): every byte lane is a separate write port for the synthesis "
                   "tool until it merges them.",
                c->dmem_blocks, c->dmem_kib, c->t);
    vm_latency(m, "read 1 cycle (rdata_o registered), write 1 cycle");
    vm_note(m, "%s", rdw_note);
    ram_common(c, m, c->dmem_block_addr_w, 32, 1, 0);
    return vm_status(m);
}

int gen_ram_1r1w_lut(const struct simt_cfg *c, struct vmod *m)
{
    vm_describe(m, "Single-read single-write RAM with asynchronous read: synchronous write, "
                   "rdata_o = mem[raddr_i] combinationally. Only for small tables where "
                   "LUT-RAM (ECP5) or flip-flops are intended; iCE40 has no LUT-RAM, so there "
                   "it becomes flip-flops and multiplexers. The (* ram_style *) hint says so.");
    vm_latency(m, "read combinational, write 1 cycle");
    vm_note(m, "Read during write: the read returns the old word until the clock edge that "
               "writes it.");
    ram_common(c, m, 5, 32, 0, 1);
    return vm_status(m);
}

int gen_ram_2r1w_lut(const struct simt_cfg *c, struct vmod *m)
{
    vm_describe(m, "Two-read single-write RAM with asynchronous reads: simty_ram_1r1w_lut with "
                   "a second read port, for a table read at two addresses in one cycle. On ECP5 "
                   "each read port gets its own copy of the LUT-RAM, written alike; on iCE40 the "
                   "flip-flops are shared and only the read multiplexers are doubled.");
    vm_latency(m, "read combinational, write 1 cycle");
    vm_note(m, "Read during write: both reads return the old word until the clock edge that "
               "writes it.");
    ram_common(c, m, 5, 32, 0, 2);
    return vm_status(m);
}

/* An instance of a LUT-RAM module: its parameters, write port and first read port. */
static struct vinst *lut_inst(struct vmod *m, const char *module, const char *inst,
                              const char *depth_w, const char *data_w, const char *we,
                              const char *waddr, const char *wdata, const char *raddr,
                              const char *rdata)
{
    struct vinst *in = vm_inst(m, module, inst);
    vm_inst_param(in, "DEPTH_W", "%s", depth_w);
    vm_inst_param(in, "DATA_W", "%s", data_w);
    vm_inst_conns(in, (const char *const[]){
        "clk_i", "clk_i", "we_i", we, "waddr_i", waddr, "wdata_i", wdata,
        "raddr_i", raddr, "rdata_o", rdata, NULL });
    return in;
}

void ram_lut2(struct vmod *m, const char *inst, const char *depth_w, const char *data_w,
              const char *we, const char *waddr, const char *wdata, const char *raddr,
              const char *rdata, const char *raddr2, const char *rdata2)
{
    struct vinst *in = lut_inst(m, "simty_ram_2r1w_lut", inst, depth_w, data_w, we, waddr,
                                wdata, raddr, rdata);
    vm_inst_conns(in, (const char *const[]){ "raddr2_i", raddr2, "rdata2_o", rdata2, NULL });
}

void ram_lut(struct vmod *m, const char *inst, const char *depth_w, const char *data_w,
             const char *we, const char *waddr, const char *wdata, const char *raddr,
             const char *rdata)
{
    lut_inst(m, "simty_ram_1r1w_lut", inst, depth_w, data_w, we, waddr, wdata, raddr, rdata);
}
