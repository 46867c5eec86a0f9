// lint_prims.v - the vendor primitives the board tops instantiate, as Verilator sees
// them for lint only (scripts/fpga/fpga_lint.sh): the ports and parameters the tops use,
// the clock passed through and the lock high. Yosys has its own models (synth_ecp5,
// synth_ice40); this file is never synthesized.

`default_nettype none

/* verilator lint_off DECLFILENAME */
/* verilator lint_off UNUSEDSIGNAL */
/* verilator lint_off UNUSEDPARAM */
module EHXPLLL #(
  parameter         PLLRST_ENA      = "DISABLED",
  parameter         INTFB_WAKE      = "DISABLED",
  parameter         STDBY_ENABLE    = "DISABLED",
  parameter         DPHASE_SOURCE   = "DISABLED",
  parameter         OUTDIVIDER_MUXA = "DIVA",
  parameter         OUTDIVIDER_MUXB = "DIVB",
  parameter         OUTDIVIDER_MUXC = "DIVC",
  parameter         OUTDIVIDER_MUXD = "DIVD",
  parameter integer CLKI_DIV        = 1,
  parameter         CLKOP_ENABLE    = "ENABLED",
  parameter integer CLKOP_DIV       = 8,
  parameter integer CLKOP_CPHASE    = 0,
  parameter integer CLKOP_FPHASE    = 0,
  parameter         FEEDBK_PATH     = "CLKOP",
  parameter integer CLKFB_DIV       = 1
) (
  input  wire RST,
  input  wire STDBY,
  input  wire CLKI,
  output wire CLKOP,
  input  wire CLKFB,
  output wire CLKINTFB,
  input  wire PHASESEL0,
  input  wire PHASESEL1,
  input  wire PHASEDIR,
  input  wire PHASESTEP,
  input  wire PHASELOADREG,
  input  wire PLLWAKESYNC,
  input  wire ENCLKOP,
  output wire LOCK
);
  assign CLKOP    = CLKI;
  assign CLKINTFB = CLKI;
  assign LOCK     = 1'b1;
endmodule

module SB_PLL40_CORE #(
  parameter       FEEDBACK_PATH = "SIMPLE",
  parameter [3:0] DIVR          = 4'd0,
  parameter [6:0] DIVF          = 7'd0,
  parameter [2:0] DIVQ          = 3'd0,
  parameter [2:0] FILTER_RANGE  = 3'd0
) (
  input  wire REFERENCECLK,
  output wire PLLOUTCORE,
  output wire PLLOUTGLOBAL,
  output wire LOCK,
  input  wire BYPASS,
  input  wire RESETB
);
  assign PLLOUTCORE   = REFERENCECLK;
  assign PLLOUTGLOBAL = REFERENCECLK;
  assign LOCK         = 1'b1;
endmodule
/* verilator lint_on UNUSEDPARAM */
/* verilator lint_on UNUSEDSIGNAL */
/* verilator lint_on DECLFILENAME */

`default_nettype wire
