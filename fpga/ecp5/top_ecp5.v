// top_ecp5.v - Simty on the ULX3S 85F (LFE5U-85F-6BG381, CABGA381, speed grade 6).
//
// Pins (fpga/ecp5/ulx3s.lpf): clk_25mhz G2; ftdi_rxd L4 (FPGA -> FTDI: the console UART,
// 115200 8N1); btn_pwr_n D6 (the PWR button, active low) resets the core; led[7:0]:
//   led[0] init (reset sequence running)   led[1] done (every thread ended)
//   led[2] console activity (toggles)      led[3] console FIFO overflow
//   led[4] heartbeat (~1.5 Hz)             led[7:5] off
// Parameters: see fpga/common/simty_fpga_soc.v; scripts/synth.py sets them from the
// generated config.mk and the board's memory plan (scripts/synth.py, BOARDS["ecp5"]).
// Reset: a power-on counter holds rst high for 2^16 cycles, and the button resets again;
// both are synchronous and active high toward the SoC (style V7).

`default_nettype none

module top_ecp5 #(
  parameter integer T        = 8,
  parameter integer WARP_W   = 3,
  parameter integer LANE_W   = 3,
  parameter integer IMEM_AW  = 12,
  parameter integer DMEM_AW  = 10,
  parameter         IMEM_HEX = "imem.hex", // in the working directory (the flow writes it)
  parameter         DMEM_HEX = "dmem.hex",
  parameter [31:0]  START_PC = 32'h8000_0000
) (
  input  wire       clk_25mhz,
  input  wire       btn_pwr_n,
  output wire       ftdi_rxd,
  output wire [7:0] led
);

  // ---- reset: power-on counter and the button (2-flop synchronizer) -------------------
  reg  [1:0]  btn_q = 2'b11;
  reg  [15:0] por_q = 16'd0;
  reg         rst_q = 1'b1;
  reg  [23:0] beat_q = 24'd0;

  always @(posedge clk_25mhz) begin
    btn_q  <= {btn_q[0], btn_pwr_n};
    beat_q <= beat_q + 24'd1;
    if (~btn_q[1]) begin
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
    .CLK_HZ   (25000000),
    .BAUD     (115200)
  ) u_soc (
    .clk_i      (clk_25mhz),
    .rst_i      (rst_q),
    .init_o     (init),
    .done_o     (done),
    .overflow_o (overflow),
    .activity_o (activity),
    .uart_tx_o  (ftdi_rxd)
  );

  assign led = {3'b000, beat_q[23], overflow, activity, done, init};

endmodule

`default_nettype wire
