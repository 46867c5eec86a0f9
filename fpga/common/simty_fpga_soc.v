// simty_fpga_soc.v - the board-independent part of the FPGA tops: one simty_core, its
// instruction and data memories in block RAM, the MMIO console behind a UART transmitter.
//
// Parameters (the flow, scripts/fpga/synth.py, sets them with chparam from the generated
// config.mk and the board's memory plan; the defaults are W=8 T=8 on the ULX3S):
//   T          threads per warp of the generated core (width of the data port)
//   WARP_W     max(1, log2 W): width of dmem_wid_o
//   LANE_W     max(1, log2 T): width of dmem_lane_o
//   IMEM_AW    instruction memory: 1 << IMEM_AW words of 32 bits
//   DMEM_AW    data memory: 1 << DMEM_AW blocks of T words (4T bytes)
//   IMEM_HEX   $readmemh image of the instruction memory (32-bit words), "" = empty
//   DMEM_HEX   $readmemh image of the data memory (one 32T-bit block per line)
//   START_PC   the program's ELF entry point (when BOOT_ROM = 0)
//   BOOT_ROM   1: the entry point comes from a block RAM instead (BOOT_HEX), so that a
//              routed bitstream can take any program by rewriting block-RAM contents
//              alone (make bitstream PROG=, scripts/fpga/progpatch.py); 0: START_PC, no RAM
//   BOOT_AW    the boot RAM: 1 << BOOT_AW words of 16 bits, entry = {word 1, word 0};
//              9 on ECP5 (ecpbram matches 512-word slices), 8 on iCE40 (one 256 x 16 RAM)
//   BOOT_HEX   $readmemh image of the boot RAM (16-bit words)
//   REPORT     1: the console as the harness prints it: every line with its thread in
//              front (simty_fpga_lines.v, "[t5] hello": a line buffer of 1 << LINE_AW
//              bytes per thread; the FIFO keeps each byte's thread), and when the run ends one line with its outcome
//              (simty_fpga_report.v: threads passed, failed, trapped, cycles), which keeps
//              the core's exit and trap trace alive. 0: the bare bytes, no line
//   CLK_HZ     clock frequency, BAUD the UART rate (8N1)
//
// The boot RAM (BOOT_ROM = 1): after rst_i falls the SoC reads words 0 and 1 (three
// cycles) and holds the core in reset until the entry point is in start_pc_q; the core
// takes start_pc_i during its own reset sequence, which follows.
//
// Memory map (spec, "Memory and ports"): both memories start at 0x80000000. The top
// decodes only the index bits, so addresses past the end of a board memory alias into it
// (the core itself faults outside its generated IMEM/DMEM sizes). Data requests to the MMIO
// page 0xF0000xxx never reach the data memory: loads read zero, a store whose byte enable 0
// is set writes byte 0 (the console at 0xF0000000) into the UART FIFO.
//
// The console: the core's data port has no back-pressure, so console bytes go into a
// 512-byte FIFO (one block RAM) that the UART drains; bytes arriving while it is full are
// dropped and overflow_o stays high until reset. Bytes of different threads interleave in
// the order the core stores them (the harness buffers per thread; the board cannot).
//
// The trace ports of the core are left open on purpose (but for the exit and trap lanes
// when REPORT = 1): nothing on the FPGA reads them, so Yosys removes the trace-only logic, and every lane is kept alive by the memories
// (register file -> ALU lanes -> data memory -> loads -> branches -> fetch -> done_o).
//
// Reset: rst_i is synchronous and active high (style V7); the board top makes it from a
// power-on counter and the reset button.

`default_nettype none

module simty_fpga_soc #(
  parameter integer T        = 8,
  parameter integer WARP_W   = 3,
  parameter integer LANE_W   = 3,
  parameter integer IMEM_AW  = 12,
  parameter integer DMEM_AW  = 10,
  parameter         IMEM_HEX = "",
  parameter         DMEM_HEX = "",
  parameter [31:0]  START_PC = 32'h8000_0000,
  parameter integer BOOT_ROM = 0,
  parameter integer BOOT_AW  = 9,
  parameter         BOOT_HEX = "",
  parameter integer REPORT   = 0,
  parameter integer LINE_AW  = 6,
  parameter integer CLK_HZ   = 25000000,
  parameter integer BAUD     = 115200
) (
  input  wire clk_i,
  input  wire rst_i,        // synchronous, active high
  // status
  output wire init_o,       // the core's reset sequence is running
  output wire done_o,       // every thread has ended
  output wire overflow_o,   // a console byte was dropped (FIFO full)
  output wire activity_o,   // toggles with every console byte
  // console
  output wire uart_tx_o
);

  localparam integer OFF_W   = $clog2(4 * T); // byte offset inside a data block
  localparam integer FIFO_AW = 9;             // 512-entry console FIFO
  localparam integer TID_W   = WARP_W + LANE_W;
  localparam integer ENT_W   = (REPORT != 0) ? 9 + TID_W : 8; // FIFO entry (below)

  // ---- the core ---------------------------------------------------------------------
  wire              imem_req;
  wire [31:0]       imem_addr;
  wire [31:0]       imem_rdata;
  wire              dmem_req;
  wire              dmem_we;
  wire [31:0]       dmem_addr;
  wire [4*T-1:0]    dmem_wstrb;
  wire [32*T-1:0]   dmem_wdata;
  wire [32*T-1:0]   dmem_rdata;
  wire [32*T-1:0]   dmem_ram_rdata;
  wire              dmem_rmw;   // an amo (ISA with A; 0 otherwise): read-modify-write below
  wire [4:0]        dmem_amo;   // its funct5
  wire [WARP_W-1:0] dmem_wid;   // the console's thread (REPORT = 1), else unused
  wire [LANE_W-1:0] dmem_lane;  // idem
  // Bits the board does not decode (Verilator's default --unused-regexp matches *unused*).
  wire              unused_bits = ^{dmem_wid, dmem_lane, imem_addr[31:IMEM_AW+2], imem_addr[1:0],
                                   dmem_addr[31], dmem_addr[29:12]};  // see mmio below

  // ---- the entry point: START_PC, or read from the boot RAM after reset -------------------
  wire        core_rst;
  wire [31:0] start_pc;

  generate
    if (BOOT_ROM != 0) begin : g_boot
      reg  [1:0]         step_q;    // 0: read word 0, 1: word 1, 2: take it, 3: loaded
      reg  [1:0]         step_d;
      reg  [BOOT_AW-1:0] addr_q;    // full width, so no tool trims the RAM to two words
      reg  [BOOT_AW-1:0] addr_d;
      reg  [15:0]        lo_q;
      reg  [15:0]        lo_d;
      reg  [31:0]        pc_q;
      reg  [31:0]        pc_d;
      wire [15:0]        boot_rdata;

      always @* begin
        step_d = step_q;
        addr_d = addr_q;
        lo_d   = lo_q;
        pc_d   = pc_q;
        case (step_q)
          2'd0: begin
            step_d = 2'd1;
            addr_d = addr_q + 1'b1;
          end
          2'd1: begin
            step_d = 2'd2;
            lo_d   = boot_rdata;
          end
          2'd2: begin
            step_d = 2'd3;
            pc_d   = {boot_rdata, lo_q};
          end
          default: begin
          end
        endcase
      end

      always @(posedge clk_i) begin
        if (rst_i) begin
          step_q <= 2'd0;
          addr_q <= {BOOT_AW{1'b0}};
        end else begin
          step_q <= step_d;
          addr_q <= addr_d;
        end
        lo_q <= lo_d;
        pc_q <= pc_d;
      end

      simty_ram_1r1w #(
        .DEPTH_W   (BOOT_AW),
        .DATA_W    (16),
        .INIT_FILE (BOOT_HEX)
      ) u_boot (
        .clk_i   (clk_i),
        .we_i    (1'b0),
        .waddr_i ({BOOT_AW{1'b0}}),
        .wdata_i (16'd0),
        .re_i    (step_q != 2'd3),
        .raddr_i (addr_q),
        .rdata_o (boot_rdata)
      );

      assign core_rst = rst_i | (step_q != 2'd3);
      assign start_pc = pc_q;
    end else begin : g_start_pc
      assign core_rst = rst_i;
      assign start_pc = START_PC;
    end
  endgenerate

  wire              trc_valid;
  wire [WARP_W-1:0] trc_wid;
  wire [T-1:0]      trc_exit;
  wire [T-1:0]      trc_trap;
  wire [4*T-1:0]    trc_cause;
  wire [32*T-1:0]   trc_addr;

  simty_core u_core (
    .clk_i        (clk_i),
    .rst_i        (core_rst),
    .start_pc_i   (start_pc),
    .init_o       (init_o),
    .done_o       (done_o),
    .imem_req_o   (imem_req),
    .imem_addr_o  (imem_addr),
    .imem_rdata_i (imem_rdata),
    .dmem_req_o   (dmem_req),
    .dmem_we_o    (dmem_we),
    .dmem_addr_o  (dmem_addr),
    .dmem_wstrb_o (dmem_wstrb),
    .dmem_wdata_o (dmem_wdata),
    .dmem_wid_o   (dmem_wid),
    .dmem_lane_o  (dmem_lane),
    .dmem_rmw_o   (dmem_rmw),
    .dmem_amo_o   (dmem_amo),
    .dmem_rdata_i (dmem_rdata),
    // trace ports: simulation only, open on the board
    .trc_valid_o  (trc_valid),
    .trc_wid_o    (trc_wid),
    .trc_pc_o     (),
    .trc_insn_o   (),
    .trc_exec_o   (),
    .trc_trap_o   (trc_trap),
    .trc_cause_o  (trc_cause),
    .trc_exit_o   (trc_exit),
    .trc_wen_o    (),
    .trc_rd_o     (),
    .trc_value_o  (),
    .trc_addr_o   (trc_addr),
    .trc_sdata_o  (),
    .trc_a_o      (),
    .trc_b_o      (),
    .trc_h1_o     (),
    .trc_c_o      (),
    .trc_x_o      (),
    .trc_y_o      (),
    .trc_z_o      (),
    .trc_yield_o  (),
    .trl_valid_o  (),
    .trl_wid_o    (),
    .trl_rd_o     (),
    .trl_mask_o   (),
    .trl_data_o   ()
  );

  // ---- instruction memory: read-only block RAM, latency 1 -----------------------------
  simty_ram_1r1w #(
    .DEPTH_W   (IMEM_AW),
    .DATA_W    (32),
    .INIT_FILE (IMEM_HEX)
  ) u_imem (
    .clk_i   (clk_i),
    .we_i    (1'b0),
    .waddr_i ({IMEM_AW{1'b0}}),
    .wdata_i (32'd0),
    .re_i    (imem_req),
    .raddr_i (imem_addr[2 +: IMEM_AW]),
    .rdata_o (imem_rdata)
  );

  // ---- data memory: one T-word block per row, byte enables, latency 1 -----------------
  // The core sends only accesses that hit data memory (from 0x8000_0000, less than
  // 1 GiB) or the MMIO page (0xF000_0000); every other address traps before the
  // port. Bit 30 tells the two apart: one wire instead of a 20-bit compare in
  // front of every block RAM's enable.
  // An AMO (ISA with A, spec "Memory and ports") reads its block like a load; two cycles
  // later, the core having left both without a request, simty_fpga_amo writes
  // amo(old, data) to its one enabled word. Without A dmem_rmw is 0 and synthesis
  // removes this part.
  wire mmio     = dmem_addr[30];
  wire dmem_wen = dmem_req & dmem_we & ~dmem_rmw & ~mmio;
  wire               amo_we;
  wire [DMEM_AW-1:0] amo_waddr;
  wire [4*T-1:0]     amo_wbe;
  wire [32*T-1:0]    amo_wdata;

  simty_fpga_amo #(
    .T       (T),
    .DMEM_AW (DMEM_AW)
  ) u_amo (
    .clk_i   (clk_i),
    .rst_i   (rst_i),
    .go_i    (dmem_req & dmem_we & dmem_rmw & ~mmio),
    .f5_i    (dmem_amo),
    .be_i    (dmem_wstrb),
    .x_i     (dmem_wdata),
    .addr_i  (dmem_addr[OFF_W +: DMEM_AW]),
    .old_i   (dmem_ram_rdata),
    .we_o    (amo_we),
    .waddr_o (amo_waddr),
    .wbe_o   (amo_wbe),
    .wdata_o (amo_wdata)
  );

  simty_ram_1r1w_be #(
    .DEPTH_W   (DMEM_AW),
    .DATA_W    (32 * T),
    .INIT_FILE (DMEM_HEX)
  ) u_dmem (
    .clk_i   (clk_i),
    .we_i    (dmem_wen | amo_we),
    .waddr_i (amo_we ? amo_waddr : dmem_addr[OFF_W +: DMEM_AW]),
    .wdata_i (amo_we ? amo_wdata : dmem_wdata),
    .wbe_i   (amo_we ? amo_wbe : dmem_wstrb),
    .re_i    (dmem_req & (~dmem_we | dmem_rmw)),
    .raddr_i (dmem_addr[OFF_W +: DMEM_AW]),
    .rdata_o (dmem_ram_rdata)
  );

  // The block returned next cycle is an MMIO load: the lanes read zero. The flag that
  // says so reaches 32 x T multiplexers, so each group of 8 lanes has its own copy
  // (kept: synthesis would merge them back into one flip-flop, whose net spanned the
  // die at W64T32).
  localparam RD_LANES = T < 8 ? T : 8;
  genvar rg;
  generate
    for (rg = 0; rg < T / RD_LANES; rg = rg + 1) begin : g_rd
      reg mmio_rd_q;
      (* keep *)
      always @(posedge clk_i) begin
        if (rst_i) begin
          mmio_rd_q <= 1'b0;
        end else begin
          mmio_rd_q <= dmem_req & ~dmem_we & mmio;
        end
      end
      assign dmem_rdata[32 * RD_LANES * rg +: 32 * RD_LANES] =
          mmio_rd_q ? {32 * RD_LANES{1'b0}} : dmem_ram_rdata[32 * RD_LANES * rg +: 32 * RD_LANES];
    end
  endgenerate

  // ---- console: FIFO in block RAM, then the UART ---------------------------------------
  wire               core_push = dmem_req & dmem_we & mmio & (dmem_addr[11:0] == 12'd0) &
                                 dmem_wstrb[0];
  wire               rep_push;   // the end-of-run line (REPORT), only once the core is done
  wire [7:0]         rep_byte;
  wire               con_push = core_push | rep_push;
  // A FIFO entry: the byte, and with REPORT its thread and whether it is the report's
  // (raw): {raw, thread id, byte}; thread id = warp * T + lane.
  wire [TID_W-1:0]   con_tid  = (T == 1) ? {{LANE_W{1'b0}}, dmem_wid} : {dmem_wid, dmem_lane};
  wire [ENT_W-1:0]   con_ent;
  wire [ENT_W-1:0]   fifo_rdata;
  wire               tx_valid;
  wire [7:0]         tx_data;
  reg  [FIFO_AW:0]   wr_ptr_q;  // one extra bit tells full from empty
  reg  [FIFO_AW:0]   rd_ptr_q;
  reg                overflow_q;
  reg                activity_q;
  wire               fifo_empty = wr_ptr_q == rd_ptr_q;
  wire               fifo_full  = (wr_ptr_q[FIFO_AW] != rd_ptr_q[FIFO_AW]) &
                                  (wr_ptr_q[FIFO_AW-1:0] == rd_ptr_q[FIFO_AW-1:0]);
  wire               tx_ready;
  wire               out_ready; // the UART (or with REPORT the prefixer) takes an entry
  reg                pop_q;     // an entry was read from the FIFO last cycle
  wire               pop = ~fifo_empty & out_ready & ~pop_q;

  always @(posedge clk_i) begin
    if (rst_i) begin
      wr_ptr_q   <= {(FIFO_AW + 1){1'b0}};
      rd_ptr_q   <= {(FIFO_AW + 1){1'b0}};
      overflow_q <= 1'b0;
      activity_q <= 1'b0;
      pop_q      <= 1'b0;
    end else begin
      pop_q <= pop;
      if (con_push & ~fifo_full) begin
        wr_ptr_q   <= wr_ptr_q + 1'b1;
        activity_q <= ~activity_q;
      end
      if (core_push & fifo_full) begin
        overflow_q <= 1'b1;
      end
      if (pop) begin
        rd_ptr_q <= rd_ptr_q + 1'b1;
      end
    end
  end

  simty_ram_1r1w #(
    .DEPTH_W (FIFO_AW),
    .DATA_W  (ENT_W)
  ) u_con_fifo (
    .clk_i   (clk_i),
    .we_i    (con_push & ~fifo_full),
    .waddr_i (wr_ptr_q[FIFO_AW-1:0]),
    .wdata_i (con_ent),
    .re_i    (pop),
    .raddr_i (rd_ptr_q[FIFO_AW-1:0]),
    .rdata_o (fifo_rdata)
  );

  generate
    if (REPORT != 0) begin : g_report
      simty_fpga_report #(
        .T      (T),
        .WARP_W (WARP_W),
        .LANE_W (LANE_W)
      ) u_report (
        .clk_i       (clk_i),
        .rst_i       (rst_i),
        .core_rst_i  (core_rst),
        .done_i      (done_o),
        .trc_valid_i (trc_valid),
        .trc_wid_i   (trc_wid),
        .trc_exit_i  (trc_exit),
        .trc_trap_i  (trc_trap),
        .trc_cause_i (trc_cause),
        .trc_code_i  (trc_addr),
        .full_i      (fifo_full | core_push),
        .push_o      (rep_push),
        .byte_o      (rep_byte)
      );

      assign con_ent = core_push ? {1'b0, con_tid, dmem_wdata[7:0]} : {1'b1, {TID_W{1'b0}}, rep_byte};

      simty_fpga_lines #(
        .TID_W   (TID_W),
        .LINE_AW (LINE_AW)
      ) u_lines (
        .clk_i      (clk_i),
        .rst_i      (rst_i),
        .in_valid_i (pop_q),
        .in_raw_i   (fifo_rdata[8 + TID_W]),
        .in_tid_i   (fifo_rdata[8 +: TID_W]),
        .in_byte_i  (fifo_rdata[7:0]),
        .ready_o    (out_ready),
        .tx_ready_i (tx_ready),
        .tx_valid_o (tx_valid),
        .tx_data_o  (tx_data)
      );
    end else begin : g_no_report
      // the trace is left unused: Yosys removes the logic behind it (see above)
      wire        unused_trc     = ^{trc_valid, trc_wid, trc_exit, trc_trap, trc_cause, trc_addr,
                                     con_tid, rep_byte};
      wire [31:0] unused_line_aw = LINE_AW;   // the line buffers' size, for REPORT only
      assign rep_push  = 1'b0;
      assign rep_byte  = 8'd0;
      assign con_ent   = dmem_wdata[7:0];
      assign out_ready = tx_ready;
      assign tx_valid  = pop_q;
      assign tx_data   = fifo_rdata[7:0];
    end
  endgenerate

  simty_uart_tx #(
    .DIVISOR (CLK_HZ / BAUD)
  ) u_uart (
    .clk_i   (clk_i),
    .rst_i   (rst_i),
    .valid_i (tx_valid),
    .data_i  (tx_data),
    .ready_o (tx_ready),
    .tx_o    (uart_tx_o)
  );

  assign overflow_o = overflow_q;
  assign activity_o = activity_q;

endmodule

`default_nettype wire
