// top_ecp5.v - Simty on the ULX3S 85F (LFE5U-85F-6BG381, CABGA381, speed grade 6).
//
// Pins (fpga/ecp5/ulx3s.lpf): clk_25mhz G2; ftdi_rxd L4 (FPGA -> FTDI: the console UART,
// 115200 8N1); btn_pwr_n D6 (the PWR button, active low) resets the core; led[7:0]:
//   led[0] init (reset sequence running)   led[1] done (every thread ended)
//   led[2] console activity (toggles)      led[3] console FIFO overflow
//   led[4] heartbeat (~1 Hz at 65 MHz)     led[7:5] off
// Parameters: see fpga/common/simty_fpga_soc.v; scripts/fpga/synth.py sets them from the
// generated config.mk and the board's memory plan (scripts/fpga/synth.py, BOARDS["ecp5"]).
// Clock: the PLL (EHXPLLL, feedback from CLKOP) makes the core clock from the 25 MHz
// oscillator: 25 / CLKI_DIV * CLKFB_DIV MHz, VCO = that * CLKOP_DIV (400..800 MHz).
// scripts/fpga/synth.py computes the dividers for FREQ (scripts/fpga/fpga_flow.py, ecp5_pll) and
// passes CLK_HZ, the frequency made, for the UART divisor. The defaults make 65 MHz.
// Reset: a power-on counter holds rst high for 2^16 cycles after the PLL locks, and the
// button resets again; both are synchronous and active high toward the SoC (style V7).

`default_nettype none

module top_ecp5 #(
  parameter integer T        = 8,
  parameter integer WARP_W   = 3,
  parameter integer LANE_W   = 3,
  parameter integer IMEM_AW  = 12,
  parameter integer DMEM_AW  = 10,
  parameter         IMEM_HEX = "imem.hex", // in the working directory (the flow writes it)
  parameter         DMEM_HEX = "dmem.hex",
  parameter [31:0]  START_PC = 32'h8000_0000,
  parameter integer BOOT_ROM = 0,          // 1: the entry point from the boot RAM (make bitstream PROG=)
  parameter integer BOOT_AW  = 9,
  parameter         BOOT_HEX = "boot.hex",
  parameter integer REPORT   = 0,          // 1: console lines per thread, the end-of-run line (make bitstream PROG=)
  parameter integer LINE_AW  = 6,
  parameter integer CLKI_DIV     = 5,      // 25 MHz / 5 * 13 = 65 MHz
  parameter integer CLKFB_DIV    = 13,
  parameter integer CLKOP_DIV    = 7,      // VCO 455 MHz
  parameter integer CLKOP_CPHASE = 6,      // CLKOP_DIV - 1: no phase shift
  parameter integer CLK_HZ       = 65000000
) (
  input  wire       clk_25mhz,
  input  wire       btn_pwr_n,
  output wire       ftdi_rxd,
  output wire [7:0] led
);

  // ---- clock: the PLL ------------------------------------------------------------------
  wire clk;
  wire locked;

  EHXPLLL #(
    .PLLRST_ENA      ("DISABLED"),
    .INTFB_WAKE      ("DISABLED"),
    .STDBY_ENABLE    ("DISABLED"),
    .DPHASE_SOURCE   ("DISABLED"),
    .OUTDIVIDER_MUXA ("DIVA"),
    .OUTDIVIDER_MUXB ("DIVB"),
    .OUTDIVIDER_MUXC ("DIVC"),
    .OUTDIVIDER_MUXD ("DIVD"),
    .CLKI_DIV        (CLKI_DIV),
    .CLKOP_ENABLE    ("ENABLED"),
    .CLKOP_DIV       (CLKOP_DIV),
    .CLKOP_CPHASE    (CLKOP_CPHASE),
    .CLKOP_FPHASE    (0),
    .FEEDBK_PATH     ("CLKOP"),
    .CLKFB_DIV       (CLKFB_DIV)
  ) u_pll (
    .RST          (1'b0),
    .STDBY        (1'b0),
    .CLKI         (clk_25mhz),
    .CLKOP        (clk),
    .CLKFB        (clk),
    .CLKINTFB     (),
    .PHASESEL0    (1'b0),
    .PHASESEL1    (1'b0),
    .PHASEDIR     (1'b1),
    .PHASESTEP    (1'b1),
    .PHASELOADREG (1'b1),
    .PLLWAKESYNC  (1'b0),
    .ENCLKOP      (1'b0),
    .LOCK         (locked)
  );

  // ---- reset: power-on counter and the button (2-flop synchronizers) -------------------
  reg  [1:0]  lock_q = 2'b00;
  reg  [1:0]  btn_q = 2'b11;
  reg  [15:0] por_q = 16'd0;
  reg         rst_q = 1'b1;
  reg  [25:0] beat_q = 26'd0;

  always @(posedge clk) begin
    lock_q <= {lock_q[0], locked};
    btn_q  <= {btn_q[0], btn_pwr_n};
    beat_q <= beat_q + 26'd1;
    if (~btn_q[1] || ~lock_q[1]) begin
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
    .uart_tx_o  (ftdi_rxd)
  );

  assign led = {3'b000, beat_q[25], overflow, activity, done, init};

endmodule

`default_nettype wire
