// ram_tb.v - self-checking bench of the generated RAM primitives (iverilog):
// registered read with read enable (rdata_o holds while re_i is low), write
// then read, byte enables, asynchronous read of the LUT variant, and
// INIT_FILE.  Stimulus changes at the falling edge (toolchain.md 1.5).
// Prints "ram-tb: N checks, E errors" and exits through $finish.
`default_nettype none
module ram_tb;
  reg         clk = 1'b0;
  reg         we = 1'b0, re = 1'b0;
  reg  [3:0]  waddr = 4'd0, raddr = 4'd0;
  reg  [31:0] wdata = 32'd0;
  reg  [3:0]  wbe = 4'd0;
  wire [31:0] q, q_be, q_lut, q_init;
  integer     checks = 0, errors = 0, i;

  always #5 clk = ~clk;

  simty_ram_1r1w     #(.DEPTH_W(4), .DATA_W(32)) u_ram  (.clk_i(clk), .we_i(we), .waddr_i(waddr), .wdata_i(wdata), .re_i(re), .raddr_i(raddr), .rdata_o(q));
  simty_ram_1r1w_be  #(.DEPTH_W(4), .DATA_W(32)) u_be   (.clk_i(clk), .we_i(we), .waddr_i(waddr), .wdata_i(wdata), .wbe_i(wbe), .re_i(re), .raddr_i(raddr), .rdata_o(q_be));
  simty_ram_1r1w_lut #(.DEPTH_W(4), .DATA_W(32)) u_lut  (.clk_i(clk), .we_i(we), .waddr_i(waddr), .wdata_i(wdata), .raddr_i(raddr), .rdata_o(q_lut));
  simty_ram_1r1w     #(.DEPTH_W(4), .DATA_W(32), .INIT_FILE("ram_init.hex")) u_init (.clk_i(clk), .we_i(1'b0), .waddr_i(4'd0), .wdata_i(32'd0), .re_i(re), .raddr_i(raddr), .rdata_o(q_init));

  task expect(input [31:0] got, input [31:0] want, input [8*24-1:0] what);
    begin
      checks = checks + 1;
      if (got !== want) begin
        errors = errors + 1;
        $display("ram-tb: %0s: got %h, want %h", what, got, want);
      end
    end
  endtask

  initial begin
    // write every word of all three RAMs (all bytes enabled)
    @(negedge clk);
    for (i = 0; i < 16; i = i + 1) begin
      we = 1'b1; wbe = 4'hf; waddr = i; wdata = 32'h1000_0000 + i * 32'h0101_0101;
      @(negedge clk);
    end
    we = 1'b0;
    // registered read: data one cycle after re_i; the LUT RAM reads at once
    for (i = 0; i < 16; i = i + 1) begin
      re = 1'b1; raddr = i;
      #1 expect(q_lut, 32'h1000_0000 + i * 32'h0101_0101, "lut async read");
      @(negedge clk);
      expect(q, 32'h1000_0000 + i * 32'h0101_0101, "1r1w read");
      expect(q_be, 32'h1000_0000 + i * 32'h0101_0101, "be read");
      expect(q_init, 32'hc0de_0000 + i, "INIT_FILE read");
    end
    // rdata_o holds while re_i is low
    re = 1'b0; raddr = 4'd3;
    @(negedge clk); @(negedge clk);
    expect(q, 32'h1000_0000 + 15 * 32'h0101_0101, "hold when re_i low");
    // byte enables: write bytes 0 and 2 of word 5 only
    we = 1'b1; wbe = 4'b0101; waddr = 4'd5; wdata = 32'haabb_ccdd;
    @(negedge clk);
    we = 1'b0; re = 1'b1; raddr = 4'd5;
    @(negedge clk);
    expect(q_be, {8'h15, 8'hbb, 8'h05, 8'hdd}, "byte enables");
    expect(q, 32'haabb_ccdd, "1r1w ignores wbe");
    // write enable low writes nothing
    we = 1'b0; waddr = 4'd6; wdata = 32'hdead_beef;
    @(negedge clk);
    raddr = 4'd6;
    @(negedge clk);
    expect(q, 32'h1000_0000 + 6 * 32'h0101_0101, "no write without we_i");
    $display("ram-tb: %0d checks, %0d errors", checks, errors);
    $finish;
  end
endmodule
`default_nettype wire
