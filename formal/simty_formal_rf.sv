// simty_formal_rf.sv - the register file abstracted for the whole-core checks
// (simty_formal_core.sv): the generated simty_rf's ports, every operand read a free
// value. The core's control flow then depends on free data (branch conditions,
// addresses, indirect targets) rather than on what earlier instructions wrote, which
// covers every value a program could compute, with none of the register file's state.
`default_nettype none

module simty_rf #(
  parameter integer T      = 2,
  parameter integer WARP_W = 1,
  parameter integer ROW_W  = 5
) (
  input  wire              clk_i,
  input  wire              init_i,
  input  wire [ROW_W-1:0]  init_row_i,
  input  wire              is_valid_i,
  input  wire [WARP_W-1:0] is_wid_i,
  input  wire [4:0]        is_rs1_i,
  input  wire              c0_valid_i,
  input  wire [WARP_W-1:0] c0_wid_i,
  input  wire [4:0]        c0_rs2_i,
  input  wire              c0_use2_i,
  output reg  [32*T-1:0]   ex_s1_o,
  output reg  [32*T-1:0]   ex_s2_o,
  input  wire              wa_valid_i,
  input  wire              wa_kill_i,
  input  wire [WARP_W-1:0] wa_wid_i,
  input  wire [4:0]        wa_rd_i,
  input  wire [T-1:0]      wa_mask_i,
  input  wire [32*T-1:0]   wa_data_i,
  input  wire              wl_valid_i,
  input  wire [WARP_W-1:0] wl_wid_i,
  input  wire [4:0]        wl_rd_i,
  input  wire [T-1:0]      wl_mask_i,
  input  wire [32*T-1:0]   wl_data_i
);
  wire [32*T-1:0] f_s1 = $anyseq;
  wire [32*T-1:0] f_s2 = $anyseq;
  always @(posedge clk_i) begin
    ex_s1_o <= f_s1;
    ex_s2_o <= f_s2;
  end
endmodule
