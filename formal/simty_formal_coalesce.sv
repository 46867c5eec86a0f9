// simty_formal_coalesce.sv - formal harness of the memory coalescer alone (make formal).
//
// The unit under test is simty_coalesce (gen/coalesce.c), possibly generated
// with `--mutate=NAME` (one planted bug).  This module is its whole
// environment; every choice is a free input ($anyseq), gated rather than
// assumed, so nothing is assumed at all:
//
// * Instructions, one after the other, each a load or a store of one size
//   (byte, half, word) with an initial active mask (not empty: the path unit
//   never issues an empty path) and, per lane, a fixed address and free store
//   data.  Its passes go through the unit as in the core (gen/top.c):
//   membership stage s1_* at issue + 5, the split stage's inputs (the same
//   instruction: registered copies, as the core's n_*_q) one cycle later,
//   when the outputs belong to the pass.  The next pass's active lanes are
//   that pass's replay_o, with the same addresses and size; it may enter
//   stage 1 in the very cycle its predecessor is at stage 2 or any cycle
//   after (in the core it is refetched, much later: a superset).
// * Any cycle without a pass of the instruction at stage 1 carries another
//   instruction (free inputs, also s1_mem_i), and its stage 2 free inputs:
//   the unit's pipelining, two instructions overlapped, as in the core.
// * Lanes outside a pass have free addresses and data at both stages, new
//   each cycle (in the core their registers may change between passes).
// * Store data: byte k of lane l is {k, l} (8 bits: T <= 64) XOR byte k of a
//   free word per instruction, so every lane's bytes differ from every other
//   lane's at the same place: a byte from the wrong lane or the wrong place
//   shows (the unit only moves data, never computes with it).
//
// Addresses: a lane's address is a block (4T bytes) and a free offset in it.
// The block is one of five fixed blocks at the edges of the map, or one of two
// made from a free block per instruction (any 32-bit address):
//   0 the first block of data memory      4 the block below data memory
//   1 the second block of data memory     5 the MMIO page's first block (console)
//   2 the last block of data memory       6 the free block + the lane's number
//   3 the block above data memory         7 the instruction's free block
// so lanes share blocks and words often, with in-range, out-of-range and MMIO
// lanes, misaligned ones, in one instruction.  The unit compares blocks only
// for equality and checks each lane's range alone, so what matters is how the
// lanes fall into blocks: choices 0, 1, 2, 5 and 7 give five blocks any number
// of lanes can share, and choice 6 a block of the lane's own, so every way of
// splitting up to 8 lanes into blocks is reached (at most four blocks hold two
// lanes or more); that is the argument that T <= 8 loses nothing here.
// A ghost keeps, per instruction, the initial mask, the lanes served or
// trapped so far and the lanes served so far.  Properties (each under its own
// define, so that a mutation run checks exactly one), checked at every pass:
//   P_ONCE     the pass's active lanes are partitioned into served, trapped and
//              replayed (all_o: all of them served; served_any_o, replay_any_o:
//              some served, some replayed); no lane is served or trapped twice,
//              nor outside the initial mask; when nothing replays, every lane of
//              the initial mask has been served or trapped.
//   P_PROGRESS the leader (lowest active lane) is served or trapped, so the
//              instruction takes at most as many passes as it has lanes (<= T).
//   P_RULE     the served lanes are exactly: when the leader does not trap, the
//              leader, every lane making a word access to word i of the
//              leader's block (i its lane), every load of the leader's address,
//              of any size (the spec's minimum set has word loads of the
//              leader's word; it allows more), less the word stores held back
//              because a lower lane that replays writes the same word (the
//              spec's order rule wins over its minimum); when the leader
//              traps, none.
//   P_TRAP     misaligned lanes (half: odd; word: not a multiple of 4) trap
//              with cause 4 (load) / 6 (store), the other lanes outside data
//              memory and the MMIO page with 5 / 7; the rest do not trap; a
//              trapping lane is never served.
//   P_STORE    store pass: the request covers every served lane's block, its
//              byte enables and data (a cycle later) equal executing the served lanes in
//              increasing lane order (highest lane wins on a shared byte), the
//              console byte's writer is the leader (leader_o, the harness's
//              thread id for it), and no lane served in an earlier pass is
//              above a lane served now that writes one of its bytes (the whole
//              instruction equals the lanes in increasing order).
//   P_LOAD     load pass: the request writes no byte, covers every served
//              lane's block and, for each served lane, what the gather
//              selects is its own access: a lane on coal_o takes word i = its
//              lane of the block and is a word access at that word; any other
//              served lane takes the leader's access at leader_off_o, which
//              must be its own address (same size: one instruction).
`default_nettype none
module simty_formal_coalesce #(
  parameter integer T       = 2,
  parameter integer LANE_W  = 1,   // max(1, log2 T)
  parameter integer OFF_W   = 3,   // log2(4 T)
  parameter integer DMEM_AW = 18   // log2(data memory bytes)
) (
  input wire clk
);
  localparam integer BW = 32 - OFF_W;       // block number width
  localparam [31:0] DMEM_BASE = 32'h8000_0000;
  localparam [31:0] DMEM_SIZE = 32'd1 << DMEM_AW;
  localparam [31:0] MMIO_BASE = 32'hF000_0000;
  localparam [31:0] MMIO_SIZE = 32'h0000_1000;
  localparam [31:0] BLK       = 32'd4 * T;   // block bytes

  // the address of lane `lane`'s block choice `sel` and offset `off`
  function [31:0] addr_of(input integer lane, input [2:0] sel, input [OFF_W-1:0] off,
                          input [BW-1:0] fblk);
    reg [31:0] base;
    begin
      case (sel)
        3'd0: base = DMEM_BASE;
        3'd1: base = DMEM_BASE + BLK;
        3'd2: base = DMEM_BASE + DMEM_SIZE - BLK;
        3'd3: base = DMEM_BASE + DMEM_SIZE;
        3'd4: base = DMEM_BASE - BLK;
        3'd5: base = MMIO_BASE;
        3'd6: base = {fblk + lane[BW-1:0], {OFF_W{1'b0}}};
        default: base = {fblk, {OFF_W{1'b0}}};
      endcase
      addr_of = base | {{BW{1'b0}}, off};
    end
  endfunction

  // ---------------- free inputs ----------------
  wire              f_go    = $anyseq;  // a pass of the instruction enters stage 1
  wire              f_store = $anyseq;  // a new instruction's fields
  wire [1:0]        f_size  = $anyseq;
  wire [T-1:0]      f_mask  = $anyseq;
  wire [3*T-1:0]    f_sel   = $anyseq;
  wire [OFF_W*T-1:0] f_off  = $anyseq;
  wire [BW-1:0]     f_fblk  = $anyseq;
  wire [31:0]       f_dx    = $anyseq;  // a new instruction's data word
  wire [32*T-1:0]   f_xd1   = $anyseq;  // stage 1 data of lanes outside the pass
  wire [32*T-1:0]   f_xa1   = $anyseq;  // stage 1 addresses of lanes outside the pass
  wire [32*T-1:0]   f_xa2   = $anyseq;  // stage 2 addresses ...
  wire [32*T-1:0]   f_xd2   = $anyseq;  // ... and data of lanes outside the pass
  wire              j_mem   = $anyseq;  // another instruction at stage 1
  wire              j_store = $anyseq;
  wire [1:0]        j_size  = $anyseq;
  wire [T-1:0]      j_act   = $anyseq;
  wire              j2_store = $anyseq; // another instruction at stage 2
  wire [1:0]        j2_size  = $anyseq;

  // ---------------- the instruction (ghost) ----------------
  reg              s2_our = 1'b0;       // a pass of the instruction is at stage 2
  reg  [T-1:0]     g_rem  = {T{1'b0}};  // lanes neither served nor trapped yet
  reg  [T-1:0]     s2_act;              // the pass's active lanes
  reg              g_store;
  reg  [1:0]       g_size;
  reg  [3*T-1:0]   g_sel;
  reg  [OFF_W*T-1:0] g_off;
  reg  [BW-1:0]    g_fblk;
  reg  [31:0]      g_dx;
  reg  [T-1:0]     g_m0;                // initial mask
  reg  [T-1:0]     g_done;              // served or trapped in an earlier pass
  reg  [T-1:0]     g_srv;               // served in an earlier pass
  reg  [7:0]       g_np;                // passes so far, this one included

  // the unit's outputs
  wire [T-1:0]      trap_o, served_o, replay_o, coal_o;
  wire              all_o, served_any_o, replay_any_o;
  wire [4*T-1:0]    cause_o;
  wire              req_o;
  wire [31:0]       req_addr_o;
  wire [4*T-1:0]    req_strb_o;
  wire [32*T-1:0]   req_data_o;
  wire [LANE_W-1:0] leader_o;
  wire [OFF_W-1:0]  leader_off_o;

  // stage 1: the next pass of the instruction, or the first pass of a new
  // one once the last has nothing left to replay, or another instruction
  wire [T-1:0] rem_now = s2_our ? replay_o : g_rem;
  wire fresh = rem_now == {T{1'b0}};
  wire go    = f_go && (!fresh || (f_mask != {T{1'b0}} && f_size != 2'd3));
  wire nw    = go && fresh;
  wire             c_store = nw ? f_store : g_store;
  wire [1:0]       c_size  = nw ? f_size  : g_size;
  wire [3*T-1:0]   c_sel   = nw ? f_sel   : g_sel;
  wire [OFF_W*T-1:0] c_off = nw ? f_off   : g_off;
  wire [BW-1:0]    c_fblk  = nw ? f_fblk  : g_fblk;
  wire [31:0]      c_dx    = nw ? f_dx    : g_dx;

  // lane l's store data
  function [31:0] data_of(input integer lane, input [31:0] dx);
    integer q;
    for (q = 0; q < 4; q = q + 1)
      data_of[8*q +: 8] = {q[1:0], lane[5:0]} ^ dx[8*q +: 8];
  endfunction
  wire [T-1:0]     c_act   = nw ? f_mask  : rem_now;

  reg  [32*T-1:0]  s1_addr, s1_data;
  integer i1;
  always @*
    for (i1 = 0; i1 < T; i1 = i1 + 1) begin
      s1_addr[32*i1 +: 32] = go && c_act[i1] ? addr_of(i1, c_sel[3*i1 +: 3], c_off[OFF_W*i1 +: OFF_W], c_fblk)
                                             : f_xa1[32*i1 +: 32];
      s1_data[32*i1 +: 32] = go && c_act[i1] ? data_of(i1, c_dx) : f_xd1[32*i1 +: 32];
    end

  // the instruction's lane addresses and data (held from its first pass on)
  reg  [32*T-1:0]  A, D;
  integer i2;
  always @*
    for (i2 = 0; i2 < T; i2 = i2 + 1) begin
      A[32*i2 +: 32] = addr_of(i2, g_sel[3*i2 +: 3], g_off[OFF_W*i2 +: OFF_W], g_fblk);
      D[32*i2 +: 32] = data_of(i2, g_dx);
    end

  // stage 2: the pass's own values for its lanes, free ones for the others
  reg  [32*T-1:0]  s2_addr, s2_dat;
  integer i3;
  always @*
    for (i3 = 0; i3 < T; i3 = i3 + 1) begin
      s2_addr[32*i3 +: 32] = s2_our && s2_act[i3] ? A[32*i3 +: 32] : f_xa2[32*i3 +: 32];
      s2_dat[32*i3 +: 32]  = s2_our && s2_act[i3] ? D[32*i3 +: 32] : f_xd2[32*i3 +: 32];
    end

  // the path unit's one-hot of the lowest active lane (stored with the head path)
  wire [T-1:0] s1_act = go ? c_act : j_act;
  wire [T-1:0] s1_lead1h = s1_act & (~s1_act + 1'b1);

  simty_coalesce u_coal (
    .clk_i(clk),
    .s1_mem_i(go || (j_mem && j_size != 2'd3)), .s1_store_i(go ? c_store : j_store),
    .s1_size_i(go ? c_size : j_size), .s1_active_i(s1_act), .s1_lead1h_i(s1_lead1h),
    .s1_addr_i(s1_addr), .s1_data_i(s1_data),
    .store_i(s2_our ? g_store : j2_store), .size_i(s2_our ? g_size : j2_size),
    .addr_i(s2_addr), .data_i(s2_dat),
    .trap_o(trap_o), .cause_o(cause_o), .served_o(served_o), .replay_o(replay_o), .coal_o(coal_o), .all_o(all_o),
    .served_any_o(served_any_o), .replay_any_o(replay_any_o),
    .req_o(req_o), .req_addr_o(req_addr_o), .req_strb_o(req_strb_o), .req_data_o(req_data_o),
    .leader_o(leader_o), .leader_off_o(leader_off_o));

  always @(posedge clk) begin
    s2_our  <= go;
    s2_act  <= c_act;
    if (s2_our) begin
      g_rem  <= replay_o;
      g_done <= g_done | served_o | trap_o;
      g_srv  <= g_srv | served_o;
    end
    if (go) g_np <= g_np + 8'd1;
    if (nw) begin
      g_store <= f_store;
      g_size  <= f_size;
      g_sel   <= f_sel;
      g_off   <= f_off;
      g_fblk  <= f_fblk;
      g_dx    <= f_dx;
      g_m0    <= f_mask;
      g_rem   <= f_mask;
      g_done  <= {T{1'b0}};
      g_srv   <= {T{1'b0}};
      g_np    <= 8'd1;
    end
  end

  // ---------------- the rules, from the spec (the pass at stage 2) ----------------
  localparam integer NB = 4 * T;            // bytes in a block
  wire [2:0] n = g_size == 2'd0 ? 3'd1 : g_size == 2'd1 ? 3'd2 : 3'd4;  // access bytes
  reg  [T-1:0]      mis, flt, ok, lh, coal_s, bc_s, min_s, held, exp_srv;
  reg  [LANE_W-1:0] ld;                     // leader: lowest active lane
  reg               lfound;
  reg  [31:0]       la;                     // its address
  integer l, k;
  always @* begin
    lh = {T{1'b0}}; ld = {LANE_W{1'b0}}; lfound = 1'b0;
    for (l = 0; l < T; l = l + 1)
      if (s2_act[l] && !lfound) begin
        lfound = 1'b1; lh[l] = 1'b1; ld = l[LANE_W-1:0];
      end
    la = 32'd0;
    for (l = 0; l < T; l = l + 1)
      if (lh[l]) la = A[32*l +: 32];
    for (l = 0; l < T; l = l + 1) begin
      mis[l] = (g_size == 2'd1 && A[32*l]) || (g_size == 2'd2 && A[32*l +: 2] != 2'd0);
      flt[l] = !mis[l] && !(A[32*l +: 32] - DMEM_BASE < DMEM_SIZE) &&
               !(A[32*l +: 32] - MMIO_BASE < MMIO_SIZE);
      ok[l]  = s2_act[l] && !mis[l] && !flt[l];
      coal_s[l] = ok[l] && g_size == 2'd2 && A[32*l + OFF_W +: BW] == la[31:OFF_W] &&
                  ((A[32*l +: 32] >> 2) & (T - 1)) == l;
      bc_s[l]   = ok[l] && !g_store && A[32*l +: 32] == la;
    end
    min_s = lh | coal_s | bc_s;
    held = {T{1'b0}};
    for (l = 0; l < T; l = l + 1)
      for (k = 0; k < l; k = k + 1)
        if (g_store && coal_s[l] && ok[k] && !min_s[k] && A[32*k + 2 +: 30] == A[32*l + 2 +: 30])
          held[l] = 1'b1;
    exp_srv = (lh & ok) != {T{1'b0}} ? min_s & ~held : {T{1'b0}};
  end

  // each lane's access as byte enables and data placed in a block (at its
  // offset), and in its word (overlaps within an instruction: one size)
  reg  [NB*T-1:0]   bm;                     // byte enables in the block
  reg  [8*NB*T-1:0] bd;                     // data in the block
  reg  [4*T-1:0]    wm;                     // byte enables in the word
  reg  [31:0]       dm;
  integer e;
  always @*
    for (e = 0; e < T; e = e + 1) begin
      dm = g_size == 2'd0 ? 32'h0000_00ff : g_size == 2'd1 ? 32'h0000_ffff : 32'hffff_ffff;
      bm[NB*e +: NB]       = ({NB{1'b0}} | (n == 3'd1 ? 4'b0001 : n == 3'd2 ? 4'b0011 : 4'b1111))
                             << A[32*e +: OFF_W];
      bd[8*NB*e +: 8*NB]   = ({8*NB{1'b0}} | (D[32*e +: 32] & dm)) << (8 * A[32*e +: OFF_W]);
      wm[4*e +: 4]         = (n == 3'd1 ? 4'b0001 : n == 3'd2 ? 4'b0011 : 4'b1111) << A[32*e +: 2];
    end

  // the byte b of the request's block: the highest served lane that writes it
  reg  [NB-1:0]   wr;                       // written
  reg  [8*NB-1:0] wbyte;                    // its value
  reg  [LANE_W*NB-1:0] wlane;               // by that lane
  integer b, m;
  always @* begin
    wr = {NB{1'b0}}; wbyte = {8*NB{1'b0}}; wlane = {LANE_W*NB{1'b0}};
    for (m = 0; m < T; m = m + 1)
      for (b = 0; b < NB; b = b + 1)
        if (served_o[m] && A[32*m + OFF_W +: BW] == req_addr_o[31:OFF_W] && bm[NB*m + b]) begin
          wr[b] = 1'b1;
          wbyte[8*b +: 8] = bd[8*NB*m + 8*b +: 8];
          wlane[LANE_W*b +: LANE_W] = m[LANE_W-1:0];
        end
  end

  // ---------------- properties ----------------
  // the pass one cycle later, for the byte enables and data (stage 3)
  reg              st_q = 1'b0, lo_q = 1'b0, req_q = 1'b0;
  reg  [NB-1:0]    wr_q;
  reg  [8*NB-1:0]  wbyte_q;
  always @(posedge clk) begin
    st_q    <= s2_our && g_store;
    lo_q    <= s2_our && !g_store;
    req_q   <= req_o;
    wr_q    <= wr;
    wbyte_q <= wbyte;
  end
`ifdef P_ONCE
  always @* if (s2_our) begin
    assert ((served_o & trap_o) == {T{1'b0}});
    assert ((served_o & replay_o) == {T{1'b0}});
    assert ((trap_o & replay_o) == {T{1'b0}});
    assert ((served_o | trap_o | replay_o) == s2_act);
    assert (((served_o | trap_o) & g_done) == {T{1'b0}});
    assert (((served_o | trap_o) & ~g_m0) == {T{1'b0}});
    if (replay_o == {T{1'b0}})
      assert ((g_done | served_o | trap_o) == g_m0);
    // all_o, the prediction check's shortcut: every active lane served in this pass
    assert (all_o == (served_o == s2_act));
    // the a and b paths' valid bits, without the store-order logic
    assert (served_any_o == (served_o != {T{1'b0}}));
    assert (replay_any_o == (replay_o != {T{1'b0}}));
  end
`endif
`ifdef P_PROGRESS
  integer pc, pl;
  always @* begin
    pc = 0;
    for (pl = 0; pl < T; pl = pl + 1) pc = pc + g_m0[pl];
    if (s2_our) begin
      assert (((served_o | trap_o) & lh) != {T{1'b0}});
      assert (g_np <= pc);
    end
  end
`endif
`ifdef P_RULE
  always @* if (s2_our) assert (served_o == exp_srv);
`endif
`ifdef P_TRAP
  integer tl;
  always @* begin
    if (s2_our) begin
      assert (trap_o == (s2_act & (mis | flt)));
      assert ((served_o & (mis | flt)) == {T{1'b0}});
    end
    for (tl = 0; tl < T; tl = tl + 1)
      if (s2_our && trap_o[tl])
        assert (cause_o[4*tl +: 4] == (mis[tl] ? (g_store ? 4'd6 : 4'd4) : (g_store ? 4'd7 : 4'd5)));
  end
`endif
`ifdef P_STORE
  wire st = s2_our && g_store;
  integer sl, sj, sb;
  always @* begin
    if (st) begin
      assert (req_o == (served_o != {T{1'b0}}));
      assert (leader_o == ld);
    end
    if (st && req_o) begin
      assert (req_addr_o[OFF_W-1:0] == {OFF_W{1'b0}});
      if (req_addr_o == MMIO_BASE && wr[0])
        assert (wlane[LANE_W-1:0] == leader_o);
    end
    // byte enables and data come a cycle after the rest of the request
    for (sb = 0; sb < NB; sb = sb + 1) begin
      if (st_q && req_q) assert (req_strb_o[sb] == wr_q[sb]);
      if (st_q && req_q && wr_q[sb]) assert (req_data_o[8*sb +: 8] == wbyte_q[8*sb +: 8]);
    end
    for (sl = 0; sl < T; sl = sl + 1) begin
      if (st && served_o[sl]) assert (A[32*sl + OFF_W +: BW] == req_addr_o[31:OFF_W]);
      // nothing served in an earlier pass above it writes one of its bytes
      for (sj = sl + 1; sj < T; sj = sj + 1)
        if (st && served_o[sl] && g_srv[sj] && A[32*sl + 2 +: 30] == A[32*sj + 2 +: 30])
          assert ((wm[4*sl +: 4] & wm[4*sj +: 4]) == 4'd0);
    end
  end
`endif
`ifdef P_LOAD
  wire lo = s2_our && !g_store;
  integer dl;
  always @* begin
    if (lo) begin
      assert (req_o == (served_o != {T{1'b0}}));
      assert (leader_o == ld);
      assert ((coal_o & ~served_o) == {T{1'b0}});
    end
    if (lo_q) assert (req_strb_o == {4*T{1'b0}});  // a load writes no byte (a cycle later)
    for (dl = 0; dl < T; dl = dl + 1) begin
      if (lo && served_o[dl]) assert (A[32*dl + OFF_W +: BW] == req_addr_o[31:OFF_W]);
      if (lo && served_o[dl] && coal_o[dl]) assert (g_size == 2'd2 && A[32*dl +: OFF_W] == 4 * dl);
      if (lo && served_o[dl] && !coal_o[dl]) assert (A[32*dl +: OFF_W] == leader_off_o);
    end
  end
`endif
endmodule
`default_nettype wire
