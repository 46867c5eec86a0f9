// simty_fpga_amo.v - the data memory's AMO unit on the FPGA (ISA with A): writes
// amo(old, operand) back into the one word an AMO enables, two cycles after its request,
// in the two cycles the core leaves without a request (spec, "Memory and ports").
//
//   cycle N    the request (go_i): the SoC reads its block like a load; the funct5,
//              byte enables, operand block and block address are registered here
//   cycle N+1  the block comes out of the RAM (old_i): the enabled word and its operand
//              are selected and registered (the block RAM's output is slow: nothing else
//              on this path)
//   cycle N+2  the AMO of the two, written to that word (we_o, waddr_o, wbe_o, wdata_o)
//
//   f5_i   the AMO's funct5 (RISC-V encoding: 00000 add, 00001 swap, 00100 xor,
//          01000 or, 01100 and, 10000 min, 10100 max, 11000 minu, 11100 maxu)
//   be_i   the request's byte enables: all four of one word (the leader's)
//
// Reset: rst_i is synchronous and active high, on the two valid bits only.

`default_nettype none

module simty_fpga_amo #(
  parameter integer T       = 8,
  parameter integer DMEM_AW = 10
) (
  input  wire               clk_i,
  input  wire               rst_i,
  input  wire               go_i,
  input  wire [4:0]         f5_i,
  input  wire [4*T-1:0]     be_i,
  input  wire [32*T-1:0]    x_i,
  input  wire [DMEM_AW-1:0] addr_i,
  input  wire [32*T-1:0]    old_i,
  output reg                we_o,
  output reg  [DMEM_AW-1:0] waddr_o,
  output reg  [4*T-1:0]     wbe_o,
  output wire [32*T-1:0]    wdata_o
);

  // cycle N: the request
  reg               rd_q;       // N+1: the block coming out is an AMO's
  reg [4:0]         f5_q;
  reg [4*T-1:0]     be_q;
  reg [32*T-1:0]    x_q;
  reg [DMEM_AW-1:0] addr_q;
  // cycle N+1: the enabled word, selected AND-OR by its enables
  reg [31:0]        old_w;
  reg [31:0]        x_w;
  reg [31:0]        old_q;      // N+2
  reg [31:0]        xw_q;
  reg [4:0]         f5_w_q;
  reg [31:0]        new_w;
  integer           i;

  always @* begin
    old_w = 32'd0;
    x_w   = 32'd0;
    for (i = 0; i < T; i = i + 1) begin
      old_w = old_w | (old_i[32*i +: 32] & {32{be_q[4*i]}});
      x_w   = x_w | (x_q[32*i +: 32] & {32{be_q[4*i]}});
    end
  end

  always @(posedge clk_i) begin
    if (rst_i) begin
      rd_q <= 1'b0;
      we_o <= 1'b0;
    end else begin
      rd_q <= go_i;
      we_o <= rd_q;
    end
    f5_q    <= f5_i;
    be_q    <= be_i;
    x_q     <= x_i;
    addr_q  <= addr_i;
    old_q   <= old_w;
    xw_q    <= x_w;
    f5_w_q  <= f5_q;
    waddr_o <= addr_q;
    wbe_o   <= be_q;
  end

  // cycle N+2: the AMO
  wire lt  = $signed(old_q) < $signed(xw_q);
  wire ltu = old_q < xw_q;

  always @* begin
    case (f5_w_q[4:2])
      3'b000:  new_w = f5_w_q[0] ? xw_q : old_q + xw_q;  // amoswap, amoadd
      3'b001:  new_w = old_q ^ xw_q;                     // amoxor
      3'b010:  new_w = old_q | xw_q;                     // amoor
      3'b011:  new_w = old_q & xw_q;                     // amoand
      3'b100:  new_w = lt ? old_q : xw_q;                // amomin
      3'b101:  new_w = lt ? xw_q : old_q;                // amomax
      3'b110:  new_w = ltu ? old_q : xw_q;               // amominu
      default: new_w = ltu ? xw_q : old_q;               // amomaxu
    endcase
  end

  assign wdata_o = {T{new_w}};

  wire unused_f5 = f5_w_q[1];   // 0 in every AMO

endmodule

`default_nettype wire
