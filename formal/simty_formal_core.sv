// simty_formal_core.sv - the whole core under SymbiYosys (make formal, --units core).
//
// The core (simty_core, generated as is) runs every program of PROG_N words at once:
// the instruction memory holds free constants ($anyconst; byte address a reads word
// (a / 4) mod PROG_N, so every fetch of one address returns the same word) and the data
// memory returns a free block each time ($anyseq). The harness watches only the trace
// port, where each resolved pass appears at stage r, and keeps a ghost of every thread
// (live, word PC, call depth), updated by each pass's paths a and b and its exiting and
// trapping lanes. Properties, checked at every pass (names as in the README's table):
//
//   P_FETCH  the pass's instruction is the program's word at its PC;
//   P_STEP   the pass's head path holds live threads at its PC only, and its lanes are
//            split exactly once into path a, path b, exiting and trapping lanes;
//   P_FLOW   paths a and b go where RV32I sends them: PC + 4 after a path-neutral
//            instruction, a load or a store (a replay stays at the PC), the branch's
//            target or PC + 4, the jal's target; a jalr's replay stays at the PC;
//   P_MIN    (MINSP) the pass runs the warp's MinSP-PC minimum: no live thread of the
//            warp is deeper, or as deep at a lower PC (SORTER=exact, arbiter);
//   P_EXIT   a thread that exited or trapped never runs again (P_STEP's "live").
//
// Free inputs are the instruction words and the load data, so the run covers every
// program of PROG_N words and every memory content; W x T come from chparam.
`default_nettype none

module simty_formal_core #(
  parameter integer W      = 1,
  parameter integer T      = 2,
  parameter integer WARP_W = 1,
  parameter integer PROG_W = 4,   // log2(PROG_N): the program's words
  parameter integer MINSP  = 1,   // check P_MIN (not for SORTER=lazy)
  parameter integer IMEM_AW = 16  // log2(IMEM bytes): gen/simty_map.h's default 64 KiB
) (
  input wire clk
);
  localparam integer PATH_W = T + 39;
  localparam integer P_V    = T + 38;
  localparam integer P_D    = T + 30;
  localparam integer P_PC   = T;
  localparam integer PROG_N = 1 << PROG_W;
  localparam [31:0]  START  = 32'h8000_0000;  // SIMTY_IMEM_BASE

  reg rst_q = 1'b1;
  always @(posedge clk) rst_q <= 1'b0;

  // ---------------- memories ----------------
  wire [32*PROG_N-1:0] prog = $anyconst;
  wire              imem_req;
  wire [31:0]       imem_addr;
  reg  [PROG_W-1:0] ia_q;
  always @(posedge clk) if (imem_req) ia_q <= imem_addr[2 +: PROG_W];
  wire [31:0] imem_rdata = prog[32*ia_q +: 32];
  wire [32*T-1:0] dmem_rdata = $anyseq;

  wire              trc_valid;
  wire [WARP_W-1:0] trc_wid;
  wire [31:0]       trc_pc, trc_insn;
  wire [T-1:0]      trc_exec, trc_trap, trc_exit;
  wire [PATH_W-1:0] trc_a, trc_b, trc_h1;

  simty_core u_core (
    .clk_i(clk), .rst_i(rst_q), .start_pc_i(START),
    .init_o(), .done_o(),
    .imem_req_o(imem_req), .imem_addr_o(imem_addr), .imem_rdata_i(imem_rdata),
    .dmem_req_o(), .dmem_we_o(), .dmem_addr_o(), .dmem_wstrb_o(), .dmem_wdata_o(),
    .dmem_wid_o(), .dmem_lane_o(), .dmem_rdata_i(dmem_rdata),
    .trc_valid_o(trc_valid), .trc_wid_o(trc_wid), .trc_pc_o(trc_pc), .trc_insn_o(trc_insn),
    .trc_exec_o(trc_exec), .trc_trap_o(trc_trap), .trc_cause_o(), .trc_exit_o(trc_exit),
    .trc_wen_o(), .trc_rd_o(), .trc_value_o(), .trc_addr_o(), .trc_sdata_o(),
    .trc_a_o(trc_a), .trc_b_o(trc_b), .trc_h1_o(trc_h1), .trc_c_o(), .trc_x_o(), .trc_y_o(),
    .trc_z_o(),
    .trl_valid_o(), .trl_wid_o(), .trl_rd_o(), .trl_mask_o(), .trl_data_o());

  // ---------------- the ghost: every thread's state ----------------
  reg [W*T-1:0]  g_live;
  reg [29:0]     g_pc [0:W*T-1];
  reg [7:0]      g_d  [0:W*T-1];
  integer i, j, l;
  always @(posedge clk) begin
    if (rst_q) begin
      g_live <= {W*T{1'b1}};
      for (i = 0; i < W*T; i = i + 1) begin
        g_pc[i] <= START[31:2];
        g_d[i]  <= 8'd0;
      end
    end else if (trc_valid) begin
      for (j = 0; j < T; j = j + 1) begin
        if (trc_a[P_V] && trc_a[j]) begin
          g_pc[trc_wid*T + j] <= trc_a[P_PC +: 30];
          g_d[trc_wid*T + j]  <= trc_a[P_D +: 8];
        end
        if (trc_b[P_V] && trc_b[j]) begin
          g_pc[trc_wid*T + j] <= trc_b[P_PC +: 30];
          g_d[trc_wid*T + j]  <= trc_b[P_D +: 8];
        end
        if (trc_exit[j] || trc_trap[j]) g_live[trc_wid*T + j] <= 1'b0;
      end
    end
  end

  // ---------------- the pass, decoded ----------------
  wire [29:0] P    = trc_pc[31:2];
  wire [31:0] word = prog[32*P[PROG_W-1:0] +: 32];
  wire [6:0]  op   = trc_insn[6:0];
  wire [31:0] imm_b = {{20{trc_insn[31]}}, trc_insn[7], trc_insn[30:25], trc_insn[11:8], 1'b0};
  wire [31:0] imm_j = {{12{trc_insn[31]}}, trc_insn[19:12], trc_insn[20], trc_insn[30:21], 1'b0};
  wire [29:0] t_br  = trc_pc[31:2] + imm_b[31:2];
  wire [29:0] t_jal = trc_pc[31:2] + imm_j[31:2];
  // opcodes whose threads continue at PC + 4 together (a memory access may replay)
  wire neutral = op == 7'b0110011 || op == 7'b0010011 || op == 7'b0110111 || op == 7'b0010111;
  wire memop   = op == 7'b0000011 || op == 7'b0100011;
  wire [T-1:0] head = trc_h1[P_V] ? trc_h1[T-1:0] : {T{1'b0}};
  wire [T-1:0] am = trc_a[P_V] ? trc_a[T-1:0] : {T{1'b0}};
  wire [T-1:0] bm = trc_b[P_V] ? trc_b[T-1:0] : {T{1'b0}};

  // live threads of the warp at the pass's PC; the warp's MinSP-PC key
  reg [T-1:0] at_p, live_w;
  reg         deeper;
  always @* begin
    at_p = {T{1'b0}};
    live_w = {T{1'b0}};
    deeper = 1'b0;
    for (l = 0; l < T; l = l + 1) begin
      live_w[l] = g_live[trc_wid*T + l];
      at_p[l] = live_w[l] && g_pc[trc_wid*T + l] == P;
      if (live_w[l] && (g_d[trc_wid*T + l] > trc_h1[P_D +: 8] ||
                        (g_d[trc_wid*T + l] == trc_h1[P_D +: 8] && g_pc[trc_wid*T + l] < P)))
        deeper = 1'b1;
    end
  end

  always @(posedge clk) begin
    if (!rst_q && trc_valid) begin
`ifdef P_FETCH
      if (trc_pc[31:IMEM_AW] == START[31:IMEM_AW]) assert (trc_insn == word);
`endif
`ifdef P_STEP
      assert (trc_h1[P_PC +: 30] == P);
      assert ((head & ~at_p) == {T{1'b0}});
      assert ((am | bm | trc_exit | trc_trap) == head);
      assert ((am & bm) == 0 && ((am | bm) & (trc_exit | trc_trap)) == 0 && (trc_exit & trc_trap) == 0);
`endif
`ifdef P_FLOW
      if (neutral || memop) begin
        assert (am == {T{1'b0}} || trc_a[P_PC +: 30] == P + 30'd1);
        assert (bm == {T{1'b0}} || trc_b[P_PC +: 30] == P);
      end
      if (op == 7'b1100011) begin
        assert (am == {T{1'b0}} || trc_a[P_PC +: 30] == P + 30'd1);
        assert (bm == {T{1'b0}} || trc_b[P_PC +: 30] == t_br);
      end
      if (op == 7'b1101111)
        assert (am == {T{1'b0}} || trc_a[P_PC +: 30] == t_jal);
      if (op == 7'b1100111)
        assert (bm == {T{1'b0}} || trc_b[P_PC +: 30] == P);
`endif
`ifdef P_MIN
      if (MINSP != 0) assert (head != {T{1'b0}} && !deeper);
`endif
    end
  end
endmodule
