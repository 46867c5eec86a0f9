// smoke_alu: one RV32I ALU (op = {funct7[5], funct3}), combinational.
`default_nettype none
module smoke_alu (
  input  wire [3:0]  op_i,
  input  wire [31:0] a_i,
  input  wire [31:0] b_i,
  output reg  [31:0] y_o
);
  wire [32:0] diff = {1'b0, a_i} - {1'b0, b_i};
  wire        lt   = (a_i[31] ^ b_i[31]) ? a_i[31] : diff[32];
  always @* begin
    case (op_i)
      4'b0000: y_o = a_i + b_i;
      4'b1000: y_o = diff[31:0];
      4'b0001: y_o = a_i << b_i[4:0];
      4'b0010: y_o = {31'd0, lt};
      4'b0011: y_o = {31'd0, diff[32]};
      4'b0100: y_o = a_i ^ b_i;
      4'b0101: y_o = a_i >> b_i[4:0];
      4'b1101: y_o = $signed(a_i) >>> b_i[4:0];
      4'b0110: y_o = a_i | b_i;
      4'b0111: y_o = a_i & b_i;
      default: y_o = 32'd0;
    endcase
  end
endmodule
`default_nettype wire
