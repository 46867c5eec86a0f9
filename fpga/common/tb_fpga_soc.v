// tb_fpga_soc.v - simulation bench of simty_fpga_soc (scripts/fpga/fpga_soc_sim.py runs it
// under iverilog): the board-independent SoC with its block-RAM images, a UART receiver
// on the console line, and the status outputs.
//
// Prints one line "RX xx" per byte the UART sends (hex), "DONE <cycle>" when done_o
// rises, "OVERFLOW" if the console FIFO dropped a byte, and ends with "END <cycle>" once
// the core is done and the line has been idle for END_IDLE cycles (16 bit times), or "TIMEOUT" after
// MAX_CYCLES. The UART runs at DIVISOR clock cycles per bit (CLK_HZ = DIVISOR, BAUD = 1).

`timescale 1ns / 1ps
`default_nettype none

module tb_fpga_soc;
  parameter integer T          = 2;
  parameter integer WARP_W     = 1;
  parameter integer LANE_W     = 1;
  parameter integer IMEM_AW    = 8;
  parameter integer DMEM_AW    = 8;
  parameter         IMEM_HEX   = "imem.hex";
  parameter         DMEM_HEX   = "dmem.hex";
  parameter [31:0]  START_PC   = 32'h8000_0000;
  parameter integer BOOT_ROM   = 0;          // 1: the entry point from BOOT_HEX
  parameter integer BOOT_AW    = 9;
  parameter         BOOT_HEX   = "boot.hex";
  parameter integer REPORT     = 0;          // 1: the console as the harness prints it, the end-of-run line
  parameter integer LINE_AW    = 6;
  parameter integer DIVISOR    = 8;
  parameter integer MAX_CYCLES = 200000;
  parameter integer END_IDLE   = 16 * DIVISOR; // idle line cycles after done that end the run
                                               // (REPORT: longer, the line buffers work silently)

  reg clk = 1'b0;
  reg rst = 1'b1;
  wire init, done, overflow, activity, tx;

  always #5 clk = ~clk;

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
    .CLK_HZ   (DIVISOR),
    .BAUD     (1)
  ) dut (
    .clk_i      (clk),
    .rst_i      (rst),
    .init_o     (init),
    .done_o     (done),
    .overflow_o (overflow),
    .activity_o (activity),
    .uart_tx_o  (tx)
  );

  integer cycle = 0;
  integer idle = 0;
  integer i;
  reg     done_seen = 1'b0;
  reg     ovf_seen = 1'b0;
  reg [7:0] byte_q;

  always @(posedge clk) begin
    cycle <= cycle + 1;
    if (cycle == 4) rst <= 1'b0;
    // idle time counts from done on (x before reset must not stick; the report line follows done)
    idle <= (tx === 1'b1 && done_seen) ? idle + 1 : 0;
    if (done && !done_seen) begin
      done_seen <= 1'b1;
      $display("DONE %0d", cycle);
    end
    if (overflow && !ovf_seen) begin
      ovf_seen <= 1'b1;
      $display("OVERFLOW");
    end
    if (done_seen && idle > END_IDLE) begin
      $display("END %0d", cycle);
      $finish;
    end
    if (cycle >= MAX_CYCLES) begin
      $display("TIMEOUT");
      $finish;
    end
  end

  // 8N1 receiver: sample the middle of every bit after a falling edge.
  initial begin
    forever begin
      @(negedge tx);
      repeat (DIVISOR / 2) @(posedge clk);
      if (tx == 1'b0) begin
        for (i = 0; i < 8; i = i + 1) begin
          repeat (DIVISOR) @(posedge clk);
          byte_q[i] = tx;
        end
        repeat (DIVISOR) @(posedge clk);
        if (tx == 1'b1)
          $display("RX %02x", byte_q);
        else
          $display("FRAMING %0d", cycle);
      end
    end
  end
endmodule

`default_nettype wire
