// top_tangmega138k.v - Simty on the Sipeed Tang Mega 138K Pro (Gowin GW5AST-LV138FPG676A).
//
// An area target, not yet a board flow: `make synth BOARD=tangmega138k` measures the
// core on a device larger than the ECP5-85F (138,240 LUT4, 340 block RAMs of 18 Kbit)
// with nextpnr-himbaechel's Gowin support. nextpnr's Gowin timing is not validated
// against the vendor's, so the Fmax it reports is an estimate; no bitstream is made.
//
// Pins (fpga/tangmega138k/tangmega138k.cst, after the board's published pin list):
// clk_50mhz P16; uart_tx P15 (FPGA -> the debugger's USB UART, 115200 8N1);
// led_n[5:0] on the module, active low:
//   led_n[0] init (reset sequence running)  led_n[1] done (every thread ended)
//   led_n[2] console activity (toggles)     led_n[3] console FIFO overflow
//   led_n[4] heartbeat (~0.7 Hz at 50 MHz)  led_n[5] off
// Clock: the 50 MHz oscillator drives the core directly (nextpnr's GW5AST-138C database
// places no PLL), so CLK_HZ is 50 MHz and the UART divisor follows it.
// Reset: a power-on counter, 2^16 cycles after configuration (flip-flops start at their
// initial values); synchronous, active high toward the SoC (style V7).

`default_nettype none

module top_tangmega138k #(
  parameter integer T        = 8,
  parameter integer WARP_W   = 3,
  parameter integer LANE_W   = 3,
  parameter integer IMEM_AW  = 12,
  parameter integer DMEM_AW  = 10,
  parameter         IMEM_HEX = "imem.hex", // in the working directory (the flow writes it)
  parameter         DMEM_HEX = "dmem.hex",
  parameter [31:0]  START_PC = 32'h8000_0000,
  parameter integer BOOT_ROM = 0,
  parameter integer BOOT_AW  = 9,
  parameter         BOOT_HEX = "boot.hex",
  parameter integer REPORT   = 0,
  parameter integer LINE_AW  = 6,
  parameter integer CLK_HZ   = 50000000
) (
  input  wire       clk_50mhz,
  output wire       uart_tx,
  output wire [5:0] led_n
);

  wire clk = clk_50mhz;

  // ---- reset: power-on counter ---------------------------------------------------------
  reg  [15:0] por_q = 16'd0;
  reg         rst_q = 1'b1;
  reg  [25:0] beat_q = 26'd0;

  always @(posedge clk) begin
    beat_q <= beat_q + 26'd1;
    if (~&por_q) begin
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

  assign led_n = ~{1'b0, beat_q[25], overflow, activity, done, init};

endmodule

`default_nettype wire
