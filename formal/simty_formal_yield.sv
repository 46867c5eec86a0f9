// simty_formal_yield.sv - formal harness of simty_yield alone, at its real count
// (make formal; the path units' harness, simty_formal_path.sv with YIELD, checks the
// unit inside the path trackers with the small count of simty-gen --yield-jumps).
//
// simty_yield is generated as the core has it (SIMTY_YIELD_JUMPS = 256, an 8-bit
// count; or the count given to --yield-jumps). Every input is free ($anyseq) but the
// warp id, which names one of the W warps; one cycle of reset, then anything.
//
// P_COUNT  the unit yields exactly when the rule says (the brief, issue 52, written
//          apart from the unit's registers: a count 0 .. 2^CNT_W - 1 and a read bit per
//          warp): a pass that is a backward jump of all its lanes, of a warp that read
//          memory since its last backward jump and has another path, whose count is at
//          its last value. With the count it is the bound: a warp whose head takes
//          2^CNT_W backward jumps in a row, each after a read, while the warp has another
//          path, yields at the last of them; a backward jump without a read, or a pass
//          with no other path, starts the count again.
`default_nettype none
module simty_formal_yield #(
  parameter integer W      = 1,
  parameter integer WARP_W = 1,
  parameter integer CNT_W  = 8
) (
  input wire clk
);
  localparam integer WW = 1 << WARP_W;

  reg rst_q = 1'b1;
  always @(posedge clk) rst_q <= 1'b0;

  wire              f_valid  = $anyseq;
  wire [WARP_W-1:0] f_wid    = $anyseq;
  wire              f_back   = $anyseq;
  wire              f_read   = $anyseq;
  wire              f_others = $anyseq;
  wire              valid = !rst_q && f_valid && f_wid < W;
  wire              yield;

  simty_yield u_yield (
    .clk_i(clk), .rst_i(rst_q), .valid_i(valid), .wid_i(f_wid), .back_i(f_back),
    .read_i(f_read), .others_i(f_others), .yield_o(yield));

  // the rule
  reg [CNT_W-1:0] cnt_q [0:WW-1];
  reg [WW-1:0]    rd_q;
  wire spec = valid && f_back && rd_q[f_wid] && f_others && cnt_q[f_wid] == {CNT_W{1'b1}};
  integer w;
  always @(posedge clk) begin
    if (valid) begin
      cnt_q[f_wid] <= !f_others || spec || (f_back && !rd_q[f_wid]) ? {CNT_W{1'b0}}
                                                                      : cnt_q[f_wid] + f_back;
      rd_q[f_wid]  <= !f_back && (rd_q[f_wid] || f_read);
    end
    if (rst_q) begin
      rd_q <= {WW{1'b0}};
      for (w = 0; w < WW; w = w + 1) cnt_q[w] <= {CNT_W{1'b0}};
    end
  end

`ifdef P_COUNT
  always @* if (!rst_q) assert (yield == spec);
`endif
endmodule
`default_nettype wire
