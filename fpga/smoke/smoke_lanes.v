// smoke_lanes: LANES RV32I ALU lanes behind registers, the FPGA flows' own
// test design (make fpga-smoke) and, with LANES=64, the calibration design of
// the scale the core reaches (make fpga-calibrate).
//
// Four pins keep every lane alive without a wide pin-out: operands and
// opcode shift in serially on din_i; lane i takes lane i-1's registered result
// as its first operand, so no two lanes compute the same function and nothing
// can be merged away (lane 0 closes the ring with the last lane's result);
// dout_o is the XOR of the last lane's result bits.
// Reset: synchronous, active-high, control state only (style V7).
`default_nettype none
module smoke_lanes #(
  parameter LANES = 1
) (
  input  wire clk_i,
  input  wire rst_i,
  input  wire din_i,
  output wire dout_o
);
  // Serial input: 32-bit operand, 4-bit opcode.
  reg [35:0] shift_q;
  always @(posedge clk_i) begin
    if (rst_i) shift_q <= 36'd0;
    else       shift_q <= {shift_q[34:0], din_i};
  end

  wire [31:0] b_in  = shift_q[31:0];
  wire [3:0]  op_in = shift_q[35:32];

  wire [32*LANES-1:0] res;
  reg  [32*LANES-1:0] res_q;
  always @(posedge clk_i) res_q <= res;

  genvar i;
  generate
    for (i = 0; i < LANES; i = i + 1) begin : g_lane
      reg  [31:0] a_q, b_q;
      reg  [3:0]  op_q;
      always @(posedge clk_i) begin
        a_q  <= (i == 0) ? res_q[32*LANES-1 -: 32] : res_q[32*i-1 -: 32];
        b_q  <= b_in ^ i;
        op_q <= op_in;
      end
      smoke_alu u_alu (
        .op_i (op_q),
        .a_i  (a_q),
        .b_i  (b_q),
        .y_o  (res[32*i +: 32])
      );
    end
  endgenerate

  reg dout_q;
  always @(posedge clk_i) dout_q <= ^res_q[32*LANES-1 -: 32];
  assign dout_o = dout_q;
endmodule
`default_nettype wire
