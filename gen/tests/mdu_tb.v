// mdu_tb.v - bench of simty_mdu_lane (ISA=rv32im) against the RISC-V definition
// written plainly here: every pair of corner operands and random ones, for the
// four multiplies (a new one every cycle, checked 4 cycles later) and the four
// divides (32 steps each).  Prints "mdu-tb: N checks, M errors".
`default_nettype none
module mdu_tb;
  reg         clk = 1'b0;
  reg  [1:0]  f3 = 2'd0;
  reg  [31:0] a = 32'd0, b = 32'd0;
  reg         start = 1'b0, step = 1'b0;
  wire [31:0] mul, dv;
  integer     checks = 0, errors = 0;
  integer     i, j, k, n;
  reg  [31:0] corner [0:12];
  reg  [31:0] qa [0:3];
  reg  [31:0] qb [0:3];
  reg  [1:0]  qf [0:3];
  reg  [31:0] ra, rb;
  reg  [1:0]  rf;
  integer     seed = 1;

  simty_mdu_lane u_dut (
    .clk_i      (clk),
    .f3_i       (f3),
    .a_i        (a),
    .b_i        (b),
    .dv_start_i (start),
    .dv_step_i  (step),
    .mul_o      (mul),
    .dv_o       (dv)
  );

  always #5 clk = ~clk;

  function [31:0] mul_ref(input [1:0] f, input [31:0] x, input [31:0] y);
    reg [63:0] p;
    begin
      case (f)
        2'd0: p = x * y;
        2'd1: p = $signed({{32{x[31]}}, x}) * $signed({{32{y[31]}}, y});
        2'd2: p = $signed({{32{x[31]}}, x}) * $signed({32'd0, y});
        default: p = {32'd0, x} * {32'd0, y};
      endcase
      mul_ref = f == 2'd0 ? p[31:0] : p[63:32];
    end
  endfunction

  // f: funct3[1:0] of div (0), divu (1), rem (2), remu (3)
  function [31:0] div_ref(input [1:0] f, input [31:0] x, input [31:0] y);
    begin
      if (y == 32'd0)
        div_ref = f[1] ? x : 32'hffffffff;
      else if (!f[0] && x == 32'h80000000 && y == 32'hffffffff)
        div_ref = f[1] ? 32'd0 : 32'h80000000;
      else if (f[0])
        div_ref = f[1] ? x % y : x / y;
      else
        div_ref = f[1] ? $signed(x) % $signed(y) : $signed(x) / $signed(y);
    end
  endfunction

  task expect(input [31:0] got, input [31:0] want, input [8*8-1:0] what, input [1:0] f,
              input [31:0] x, input [31:0] y);
    begin
      checks = checks + 1;
      if (got !== want) begin
        errors = errors + 1;
        if (errors <= 10)
          $display("mdu-tb: %0s f3=%0d %h, %h: got %h, want %h", what, f, x, y, got, want);
      end
    end
  endtask

  // one multiply a cycle; the product of the one issued 4 cycles ago is on mul_o
  task mul_one(input [1:0] f, input [31:0] x, input [31:0] y);
    begin
      @(negedge clk);
      if (n >= 4)
        expect(mul, mul_ref(qf[n % 4], qa[n % 4], qb[n % 4]), "mul", qf[n % 4], qa[n % 4], qb[n % 4]);
      f3 = f; a = x; b = y;
      qf[n % 4] = f; qa[n % 4] = x; qb[n % 4] = y;
      n = n + 1;
    end
  endtask

  task div_one(input [1:0] f, input [31:0] x, input [31:0] y);
    begin
      @(negedge clk);
      f3 = f; a = x; b = y;
      @(negedge clk);                 // operands registered: start
      start = 1'b1;
      @(negedge clk);
      start = 1'b0; step = 1'b1;
      repeat (32) @(negedge clk);
      step = 1'b0;
      expect(dv, div_ref(f, x, y), "div", f, x, y);
    end
  endtask

  initial begin
    corner[0] = 32'd0;          corner[1] = 32'd1;          corner[2] = 32'd2;
    corner[3] = 32'hffffffff;   corner[4] = 32'h80000000;   corner[5] = 32'h7fffffff;
    corner[6] = 32'h00010000;   corner[7] = 32'h00008000;   corner[8] = 32'h0000ffff;
    corner[9] = 32'hffff8000;   corner[10] = 32'h00010001;  corner[11] = 32'h40000000;
    corner[12] = 32'hfffffffe;
    n = 0;
    for (k = 0; k < 4; k = k + 1)
      for (i = 0; i < 13; i = i + 1)
        for (j = 0; j < 13; j = j + 1)
          mul_one(k, corner[i], corner[j]);
    for (i = 0; i < 20000; i = i + 1) begin
      ra = $random(seed); rb = $random(seed); rf = $random(seed);
      mul_one(rf, ra, rb);
    end
    for (i = 0; i < 4; i = i + 1)
      mul_one(2'd0, 32'd0, 32'd0);    // drain the pipeline
    for (k = 0; k < 4; k = k + 1)
      for (i = 0; i < 13; i = i + 1)
        for (j = 0; j < 13; j = j + 1)
          div_one(k, corner[i], corner[j]);
    for (i = 0; i < 2000; i = i + 1) begin
      ra = $random(seed); rb = $random(seed); rf = $random(seed);
      if (i % 4 == 1) rb = rb >> (rb[4:0]);     // small divisors too
      div_one(rf, ra, rb);
    end
    $display("mdu-tb: %0d checks, %0d errors", checks, errors);
    $finish;
  end
endmodule
`default_nettype wire
