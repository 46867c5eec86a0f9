// top_ice40.v - Simty on the iCE40-HX8K breakout board (iCE40HX8K-CT256).
//
// Pins (fpga/ice40/hx8k_breakout.pcf): clk_12mhz J3; uart_tx B12 (FPGA -> FTDI channel B:
// the console UART, 115200 8N1); led[7:0] (D9..D2 on the board):
//   led[0] init (reset sequence running)   led[1] done (every thread ended)
//   led[2] console activity (toggles)      led[3] console FIFO overflow
//   led[4] heartbeat (~0.7 Hz at 48 MHz)   led[7:5] off
// The board has no user button: reset is the power-on counter (re-program or power-cycle
// to rerun). Parameters: see fpga/common/simty_fpga_soc.v; scripts/fpga/synth.py sets them from
// the generated config.mk and the board's memory plan. Only small cores fit the HX8K
// (7680 logic cells, 32 block RAMs of 4 Kbit): see the README's board table.
// Clock: the PLL (SB_PLL40_CORE, simple feedback) makes the core clock from the 12 MHz
// oscillator: 12 * (DIVF + 1) / ((DIVR + 1) * 2^DIVQ) MHz, VCO 533..1066 MHz.
// scripts/fpga/synth.py computes the settings for FREQ (scripts/fpga/fpga_flow.py, ice40_pll) and
// passes CLK_HZ, the frequency made, for the UART divisor. The defaults make 48 MHz.
// Reset: held until the PLL locks, then 2^16 cycles; synchronous, active high toward the
// SoC (style V7).

`default_nettype none

module top_ice40 #(
  parameter integer T        = 2,
  parameter integer WARP_W   = 1,
  parameter integer LANE_W   = 1,
  parameter integer IMEM_AW  = 9,
  parameter integer DMEM_AW  = 8,
  parameter         IMEM_HEX = "imem.hex", // in the working directory (the flow writes it)
  parameter         DMEM_HEX = "dmem.hex",
  parameter [31:0]  START_PC = 32'h8000_0000,
  parameter integer BOOT_ROM = 0,          // 1: the entry point from the boot RAM (make bitstream PROG=)
  parameter integer BOOT_AW  = 8,
  parameter         BOOT_HEX = "boot.hex",
  parameter integer REPORT   = 0,          // 1: console lines per thread, the end-of-run line (make bitstream PROG=)
  parameter integer LINE_AW  = 6,
  parameter integer DIVR         = 0,      // 12 MHz * 64 / 16 = 48 MHz
  parameter integer DIVF         = 63,     // VCO 768 MHz
  parameter integer DIVQ         = 4,
  parameter integer FILTER_RANGE = 1,
  parameter integer CLK_HZ       = 48000000
) (
  input  wire       clk_12mhz,
  output wire       uart_tx,
  output wire [7:0] led
);

  // ---- clock: the PLL ------------------------------------------------------------------
  wire clk;
  wire locked;

  SB_PLL40_CORE #(
    .FEEDBACK_PATH ("SIMPLE"),
    .DIVR          (DIVR[3:0]),
    .DIVF          (DIVF[6:0]),
    .DIVQ          (DIVQ[2:0]),
    .FILTER_RANGE  (FILTER_RANGE[2:0])
  ) u_pll (
    .REFERENCECLK (clk_12mhz),
    .PLLOUTCORE   (),
    .PLLOUTGLOBAL (clk),
    .LOCK         (locked),
    .BYPASS       (1'b0),
    .RESETB       (1'b1)
  );

  // ---- reset: power-on counter (iCE40 flip-flops start at zero after configuration) ----
  reg  [1:0]  lock_q = 2'b00;
  reg  [15:0] por_q = 16'd0;
  reg         rst_q = 1'b1;
  reg  [25:0] beat_q = 26'd0;

  always @(posedge clk) begin
    lock_q <= {lock_q[0], locked};
    beat_q <= beat_q + 26'd1;
    if (~lock_q[1]) begin
      por_q <= 16'd0;
    end else if (~&por_q) begin
      por_q <= por_q + 16'd1;
    end
    rst_q <= ~&por_q;
  end

  wire init;
  wire done;
  wire overflow;
  wire activity;

  simty_fpga_soc #(
    .T        (T),
    .WARP_W   (WARP_W),
    .LANE_W   (LANE_W),
    .IMEM_AW  (IMEM_AW),
    .DMEM_AW  (DMEM_AW),
    .IMEM_HEX (IMEM_HEX),
    .DMEM_HEX (DMEM_HEX),
    .START_PC (START_PC),
    .BOOT_ROM (BOOT_ROM),
    .BOOT_AW  (BOOT_AW),
    .BOOT_HEX (BOOT_HEX),
    .REPORT   (REPORT),
    .LINE_AW  (LINE_AW),
    .CLK_HZ   (CLK_HZ),
    .BAUD     (115200)
  ) u_soc (
    .clk_i      (clk),
    .rst_i      (rst_q),
    .init_o     (init),
    .done_o     (done),
    .overflow_o (overflow),
    .activity_o (activity),
    .uart_tx_o  (uart_tx)
  );

  assign led = {3'b000, beat_q[25], overflow, activity, done, init};

endmodule

`default_nettype wire
