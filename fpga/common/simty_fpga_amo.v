// simty_fpga_amo.v - the data memory's AMO unit on the FPGA (ISA with A): the new value
// of the one word an amo enables, from the old block the memory read and the operand.
// Combinational; the SoC (simty_fpga_soc.v) writes it back the cycle after the read.
//
//   f5_i   the amo's funct5 (RISC-V encoding: 00000 add, 00001 swap, 00100 xor,
//          01000 or, 01100 and, 10000 min, 10100 max, 11000 minu, 11100 maxu)
//   be_i   the request's byte enables: all four of one word (the leader's)
//   old_i  the block as read; x_i the request's data (the operand in that word)

`default_nettype none

module simty_fpga_amo #(
  parameter integer T = 8
) (
  input  wire [4:0]      f5_i,
  input  wire [4*T-1:0]  be_i,
  input  wire [32*T-1:0] old_i,
  input  wire [32*T-1:0] x_i,
  output reg  [31:0]     new_o
);

  reg  [31:0] old;              // the enabled word, selected AND-OR by its enables
  reg  [31:0] x;
  wire        lt  = $signed(old) < $signed(x);
  wire        ltu = old < x;
  integer     i;

  always @* begin
    old = 32'd0;
    x   = 32'd0;
    for (i = 0; i < T; i = i + 1) begin
      old = old | (old_i[32*i +: 32] & {32{be_i[4*i]}});
      x   = x | (x_i[32*i +: 32] & {32{be_i[4*i]}});
    end
  end

  always @* begin
    case (f5_i[4:2])
      3'b000:  new_o = f5_i[0] ? x : old + x;      // amoswap, amoadd
      3'b001:  new_o = old ^ x;                    // amoxor
      3'b010:  new_o = old | x;                    // amoor
      3'b011:  new_o = old & x;                    // amoand
      3'b100:  new_o = lt ? old : x;               // amomin
      3'b101:  new_o = lt ? x : old;               // amomax
      3'b110:  new_o = ltu ? old : x;              // amominu
      default: new_o = ltu ? x : old;              // amomaxu
    endcase
  end

  wire unused_be = ^{be_i, f5_i[1]};              // one enable per word is enough

endmodule

`default_nettype wire
