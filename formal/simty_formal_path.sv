// simty_formal_path.sv - formal harness of the path tracker alone (make formal).
//
// The unit under test is simty_path_sorted (TRACK = 0) or simty_path_arbiter
// (TRACK = 1), generated with `simty-gen --formal` (observation ports that
// mirror its tables) and possibly `--mutate=NAME` (one planted bug).  This
// module is its whole environment; nothing is assumed, every choice is a free
// input ($anyseq), so the proofs cover every instruction stream:
//
// * Reset: one cycle of rst_i, then the reset sequence (2^SEQ_W cycles of
//   init_i with the counter on init_wid_i / init_row_i; the core's is 2^INIT_W).
// * Issue, as simty_sched decides it (gen/sched.c): any warp, any cycle, if it
//   is alive, not held (hold_o, a cycle late), and either nothing of it is in
//   flight or the last resolve said it has a single path and the last
//   instruction issued may be followed (a free bit per instruction).  Then
//   execute at issue + 4 (ex_wid_i), membership at + 5 (mb_active_o),
//   split at + 6 (n_wid_i), resolve at + 7 (m_*), stage r at + 7 + RL.
// * Resolve: every active lane goes to path a, to path b, or leaves (exit or
//   trap), freely; a and b get free PCs and depths.  An instruction that did
//   not keep its threads together (pok, free but only when a holds every
//   active lane) squashes the younger instructions of its warp, as the core's
//   resolve stage does.
//
// PCs and depths are drawn from FPC and FD low bits (the rest zero): the path
// units only compare and copy them, never compute with them, and a warp never
// holds more than T paths plus a and b, so small domains realize every order
// (data independence).
//
// A ghost model keeps each thread's state: live, PC, depth (those of the path
// it last took).  Properties (each under its own define, so that a mutation
// run checks exactly one):
//   P_PART   at quiet points of a warp (nothing in flight, tables settled):
//            sorted: HCT1, HCT2 and the CCT's paths have disjoint masks whose
//            union is the live mask, each thread at its path's PC; arbiter:
//            each thread's row state is its ghost state (alive, PC, depth),
//            and the head RAM holds the warp's MinSP-PC head.
//   P_MIN    the head handed out at stage r is the MinSP-PC minimum over the
//            live threads (deepest, then lowest PC) and valid iff a thread
//            is live (sorted with SORTER=exact, arbiter).
//   P_HEAD   the part of P_MIN that does not depend on the order, for
//            SORTER=lazy (whose head need not be the minimum): the head at
//            stage r is valid iff a thread is live.  (P_MIN implies it; with
//            both defined P_MIN is checked.)  That its threads are at its PC
//            is P_PART's, when quiet: checked here at every stage r, with
//            30-bit PCs, it stalled the full-width BMC at 1x4 (frame 42 not
//            done in 180 s, 29 s to depth 52 without it).
//   P_MERGE  paths at one PC are one path: sorted: x, y, z of the CCS never
//            share a PC; arbiter: the head holds every live thread at its PC.
//   P_MASK   the lanes an instruction executes for (mb_active_o) hold the
//            warp's head path handed out at its last stage r, and are live
//            threads at its PC (with the exact sorter the head absorbs cold
//            paths at its PC after stage r); the leader the unit stores with
//            it (mb_lead1h_o) is their lowest lane, one-hot.
//   P_EXIT   a thread that exited or trapped never appears in a path again.
//   P_SINGLE "one path left" (r_single_o, which lets the scheduler issue
//            behind an unresolved instruction) only when the head holds every
//            live thread.
`default_nettype none
module simty_formal_path #(
  parameter integer W      = 2,
  parameter integer T      = 2,
  parameter integer WARP_W = 1,
  parameter integer INIT_W = 5,
  // the reset sequence lasts 2^SEQ_W cycles (WARP_W <= SEQ_W <= INIT_W): the core's
  // is 2^INIT_W (it clears the register file); the path units' cleared words need
  // fewer (the exact heap's: the warp id, and log2(T) - 3 node bits from T = 16), so
  // a shorter sequence reaches the same state sooner
  parameter integer SEQ_W  = INIT_W,
  parameter integer TRACK  = 0,  // 0 sorted, 1 arbiter
  parameter integer NP     = 2,  // sorted: paths per warp on f_paths_o
  // cycles from resolve to stage r, where the unit's r_* outputs are registered:
  // 1 for the sorted list with either CCT, 2 + ARBPIPE for the arbiter; a wrong
  // value makes every stage-r check read the cycle after (P_HEAD fails at once)
  parameter integer RL     = 1,
  parameter integer QUIET  = 6,  // cycles without activity before a warp's tables are settled
  parameter integer FPC    = 3,
  parameter integer FD     = 2,
  // with the yield logic (`define YIELD, the unit generated with an ISA with A): the
  // width of simty_yield's count, log2 of its jumps (simty-gen --yield-jumps)
  parameter integer YK_W   = 1
) (
  input wire clk
);
  localparam integer PATH_W = T + 39;
  localparam integer P_V    = T + 38;
  localparam integer P_D    = T + 30;
  localparam integer P_PC   = T;
  localparam integer TS_W   = 39;
  localparam integer SR     = 7 + RL;  // stage r, in cycles after issue
  localparam integer QW     = 4;
  localparam integer WW     = 1 << WARP_W;  // warp ids the ports can carry (W = 1: 2)

`ifdef YIELD
  localparam integer YIELD = 1;
`else
  localparam integer YIELD = 0;
`endif
  // A depth as the harness draws it: FD low bits, and with YIELD bit 7, the mark
  // (0: the path yielded), as the top bit GDW-1 (at FD = 8 it is bit 7 already).
  // The map to 8 bits keeps the order, so the ghost compares these directly.
  localparam integer YM  = YIELD && FD < 8;
  localparam integer GDW = FD + YM;
  localparam integer MB  = GDW - 1;          // the mark's bit (YIELD)
  localparam [GDW-1:0] GD0 = YIELD ? 1 << MB : 0;   // a new thread's depth (8'h80, 8'd0)

  // a free PC or depth, zero-extended
  function [29:0] pcx(input [FPC-1:0] v);
    pcx = {{30{1'b0}}, v};
  endfunction
  function [7:0] dx(input [GDW-1:0] v);
    begin
      dx = {{8{1'b0}}, v};
      if (YM) dx = {v[MB], 7'd0} | ({{8{1'b0}}, v} & ~(8'd1 << MB));
    end
  endfunction
  // and back: an 8-bit depth of the unit's as the ghost keeps it
  function [GDW-1:0] dg(input [7:0] d);
    begin
      dg = d[GDW-1:0];
      if (YM) dg[MB] = d[7];
    end
  endfunction

  // ---------------- reset and the reset sequence ----------------
  reg rst_q = 1'b1;
  reg [SEQ_W:0] icnt_q;
  always @(posedge clk) begin
    rst_q <= 1'b0;
    if (rst_q) icnt_q <= {(SEQ_W+1){1'b0}};
    else if (!icnt_q[SEQ_W]) icnt_q <= icnt_q + 1'b1;
  end
  wire init    = !rst_q && !icnt_q[SEQ_W];
  wire started = !rst_q && icnt_q[SEQ_W];
  wire [INIT_W-1:0] init_row = icnt_q[SEQ_W-1:0];   // zero-extended
  generate
    if (SEQ_W < WARP_W || SEQ_W > INIT_W) begin : g_bad_seq
      $error("simty_formal_path: SEQ_W must lie within WARP_W .. INIT_W");
    end
  endgenerate

  // ---------------- free inputs ----------------
  wire [FPC-1:0]    f_start = $anyconst;
  wire              f_iss   = $anyseq;
  wire [WARP_W-1:0] f_iss_w = $anyseq;
  wire              f_fol   = $anyseq;
  wire [2*T-1:0]    f_own   = $anyseq;  // per lane: 0, 3 -> a, 1 -> b, 2 -> leaves
  wire              f_pok   = $anyseq;
  wire              f_cf    = $anyseq;  // a branch or a jump (the lazy sorter steps at those)
  wire [FPC-1:0]    f_pca   = $anyseq;
  wire [FPC-1:0]    f_pcb   = $anyseq;
  wire [GDW-1:0]    f_da    = $anyseq;  // with YIELD, the mark bit of a and b is free too
  wire [GDW-1:0]    f_db    = $anyseq;
  wire              f_back  = $anyseq;  // YIELD: a backward jump (when the pass is uniform)
  wire              f_read  = $anyseq;  // YIELD: a load or an atomic
  wire [29:0]       start_pc = pcx(f_start);

  // ---------------- the pipeline: stage s = cycles since issue ----------------
  reg [SR:1]        v_q;
  reg [WARP_W-1:0]  wid_q [1:SR];
  reg [T-1:0]       act_q [6:7];   // mb_active_o, captured at membership
  // expected head at stage r, computed at resolve from the ghost, carried along
  reg               ex_v_q  [8:SR];
  reg [7:0]         ex_d_q  [8:SR];
  reg [29:0]        ex_pc_q [8:SR];
  reg [T-1:0]       ex_m_q  [8:SR];   // live threads at that PC
  reg [T-1:0]       ex_l_q  [8:SR];   // live threads

  // scheduler state per warp
  reg [3:0]   cnt_q  [0:WW-1];
  reg [WW-1:0] nn_q, single_q, alive_q, hold_q;
  reg [T-1:0] head_q [0:WW-1];      // mask of the head path last written
  reg [29:0]  hpc_q  [0:WW-1];      // and its PC

  // the unit
  wire [T-1:0]      mb_active, mb_lead1h;
  wire [7:0]        mb_depth;
  wire [PATH_W-1:0] r_c, r_x, r_y, r_z;
  wire              r_single;
  wire [W-1:0]      hold;

  // resolve
  wire [WARP_W-1:0] mw  = wid_q[7];
  wire [T-1:0]      act = act_q[7];
  reg  [T-1:0]      ma, mb, ml;
  integer l0;
  always @* begin
    ma = {T{1'b0}}; mb = {T{1'b0}}; ml = {T{1'b0}};
    for (l0 = 0; l0 < T; l0 = l0 + 1) begin
      ma[l0] = act[l0] && (f_own[2*l0 +: 2] == 2'd0 || f_own[2*l0 +: 2] == 2'd3);
      mb[l0] = act[l0] && f_own[2*l0 +: 2] == 2'd1;
      ml[l0] = act[l0] && f_own[2*l0 +: 2] == 2'd2;
    end
  end
  wire [PATH_W-1:0] m_a = {|ma, dx(f_da), pcx(f_pca), ma};
  wire [PATH_W-1:0] m_b = {|mb, dx(f_db), pcx(f_pcb), mb};
  wire pok = f_pok && ma == act;
  wire sq  = v_q[7] && !pok;
  // YIELD: a backward jump only when the pass is a uniform jump (a or b holds every
  // active lane: a jal, or a branch every lane takes), as the core's m_back_q; a read
  // on any pass
  wire m_back = f_back && act != {T{1'b0}} && (ma == act || mb == act);
  wire m_read = f_read;
  wire m_yield;               // the unit's yield_o at resolve (0 without YIELD)

  // issue
  wire ready = started && f_iss_w < W && alive_q[f_iss_w] && !hold_q[f_iss_w] &&
               (cnt_q[f_iss_w] == 4'd0 || (!nn_q[f_iss_w] && single_q[f_iss_w])) &&
               !(sq && mw == f_iss_w);
  wire iss = f_iss && ready;
  wire res = v_q[SR];
  wire [WARP_W-1:0] rw = wid_q[SR];

  // squashed: the younger instructions of the resolving warp (stages 1 .. 6)
  reg [3:0] sq_cnt;
  integer s0;
  always @* begin
    sq_cnt = 4'd0;
    for (s0 = 1; s0 <= 6; s0 = s0 + 1)
      if (sq && v_q[s0] && wid_q[s0] == mw) sq_cnt = sq_cnt + 4'd1;
  end

  integer w, s;
  always @(posedge clk) begin
    for (s = SR; s >= 2; s = s - 1) begin
      v_q[s]   <= v_q[s-1] && !(s <= 7 && sq && wid_q[s-1] == mw);
      wid_q[s] <= wid_q[s-1];
    end
    v_q[1]   <= iss;
    wid_q[1] <= f_iss_w;
    act_q[6] <= mb_active;
    act_q[7] <= act_q[6];
    for (w = 0; w < WW; w = w + 1) begin
      cnt_q[w] <= cnt_q[w] + (iss && f_iss_w == w) - (res && rw == w) - (sq && mw == w ? sq_cnt : 4'd0);
      if (sq && mw == w) nn_q[w] <= 1'b1;
      if (iss && f_iss_w == w) nn_q[w] <= !f_fol;
      if (res && rw == w) begin
        single_q[w] <= r_single;
        alive_q[w]  <= r_x[P_V];
        head_q[w]   <= r_x[T-1:0];
        hpc_q[w]    <= r_x[P_PC +: 30];
      end
    end
    hold_q <= {{(WW-W){1'b0}}, hold};
    if (rst_q || init) begin
      v_q      <= {SR{1'b0}};
      nn_q     <= {WW{1'b0}};
      single_q <= {WW{1'b1}};
      alive_q  <= {WW{1'b1}};
      hold_q   <= {WW{1'b0}};
      for (w = 0; w < WW; w = w + 1) begin
        cnt_q[w]  <= 4'd0;
        head_q[w] <= {T{1'b1}};
        hpc_q[w]  <= start_pc;
      end
    end
  end

  // ---------------- ghost: every thread's state ----------------
  reg [WW*T-1:0]     gl_q;           // live
  reg [WW*T*FPC-1:0] gpc_q;
  reg [WW*T*GDW-1:0] gd_q;
  wire [PATH_W-1:0]  f_c;            // YIELD, sorted: HCT2's path at resolve (c)
  // the resolving warp's threads after this resolve
  reg [T-1:0]       nl;
  reg [T*FPC-1:0]   npc;
  reg [T*GDW-1:0]   nd;
  reg               e_v;
  reg [GDW-1:0]     e_d;
  reg [FPC-1:0]     e_pc;
  reg [T-1:0]       e_m;
  // YIELD: the live threads outside this pass's paths a and b, and whether one of
  // them has not yielded (its mark bit set)
  reg [T-1:0]       oth;
  reg               oth_um;
  wire              yl = YIELD && v_q[7] && m_yield;
  integer l;
  always @* begin
    for (l = 0; l < T; l = l + 1) begin
      nl[l] = gl_q[mw*T + l] && !ml[l];
      npc[FPC*l +: FPC] = ma[l] ? f_pca : mb[l] ? f_pcb : gpc_q[(mw*T + l)*FPC +: FPC];
      nd[GDW*l +: GDW]  = ma[l] ? f_da  : mb[l] ? f_db  : gd_q[(mw*T + l)*GDW +: GDW];
      // a yield marks the yielding pass's paths a and b
      if (yl && (ma[l] || mb[l])) nd[GDW*l + MB] = 1'b0;
    end
    oth = nl & ~(ma | mb);
    oth_um = 1'b0;
    for (l = 0; l < T; l = l + 1)
      if (oth[l] && nd[GDW*l + MB]) oth_um = 1'b1;
    // ... and unmarks others: the arbiter every other live thread when none of them is
    // unmarked (its rule), the sorted list HCT2's path c (its rule: the second path,
    // whose identity is the list's, read from the unit; its threads take c's depth,
    // as the path's depth is what the unit keeps for them)
    for (l = 0; l < T; l = l + 1)
      if (yl && oth[l]) begin
        if (TRACK == 1 && !oth_um) nd[GDW*l + MB] = 1'b1;
        if (TRACK == 0 && f_c[P_V] && f_c[l]) nd[GDW*l +: GDW] = dg(f_c[P_D +: 8] | 8'h80);
      end
    // MinSP-PC: the deepest live thread, then the lowest PC
    e_v = 1'b0; e_d = {GDW{1'b0}}; e_pc = {FPC{1'b0}};
    for (l = 0; l < T; l = l + 1)
      if (nl[l] && (!e_v || nd[GDW*l +: GDW] > e_d ||
                    (nd[GDW*l +: GDW] == e_d && npc[FPC*l +: FPC] < e_pc))) begin
        e_v = 1'b1; e_d = nd[GDW*l +: GDW]; e_pc = npc[FPC*l +: FPC];
      end
    for (l = 0; l < T; l = l + 1)
      e_m[l] = nl[l] && npc[FPC*l +: FPC] == e_pc;
  end
  // YIELD: the rule's count as the brief states it (gen/yield.c's, written apart from
  // its registers): per warp the backward jumps in a row (0 .. 2^YK_W - 1) and whether
  // the warp read memory since its last one; "others" from the ghost
  reg [YK_W-1:0] yc_q [0:WW-1];
  reg [WW-1:0]   yr_q;
  wire           y_oth  = oth != {T{1'b0}};
  wire           y_spec = m_back && yr_q[mw] && y_oth && yc_q[mw] == {YK_W{1'b1}};
  // YIELD: the yielding pass's threads and target PC, carried to its stage r
  reg            yv_q  [8:SR];   // the pass yielded, and the warp has threads outside it
  reg [T-1:0]    ym_q  [8:SR];
  reg [29:0]     ypc_q [8:SR];
  integer s1, w1;
  always @(posedge clk) begin
    if (v_q[7]) begin
      gl_q[mw*T +: T]          <= nl;
      gpc_q[mw*T*FPC +: T*FPC] <= npc;
      gd_q[mw*T*GDW +: T*GDW]  <= nd;
      yc_q[mw] <= !y_oth || y_spec || (m_back && !yr_q[mw]) ? {YK_W{1'b0}} : yc_q[mw] + m_back;
      yr_q[mw] <= !m_back && (yr_q[mw] || m_read);
    end
    if (rst_q || init) begin
      gl_q  <= {WW*T{1'b1}};
      gpc_q <= {WW*T{f_start}};
      gd_q  <= {WW*T{GD0}};
    end
    if (rst_q) begin
      yr_q <= {WW{1'b0}};
      for (w1 = 0; w1 < WW; w1 = w1 + 1) yc_q[w1] <= {YK_W{1'b0}};
    end
    ex_v_q[8]  <= e_v;
    ex_d_q[8]  <= dx(e_d);
    ex_pc_q[8] <= pcx(e_pc);
    ex_m_q[8]  <= e_m;
    ex_l_q[8]  <= nl;
    yv_q[8]    <= yl && y_oth;
    ym_q[8]    <= ma | mb;
    ypc_q[8]   <= pcx(ma != {T{1'b0}} ? f_pca : f_pcb);
    for (s1 = 9; s1 <= SR; s1 = s1 + 1) begin
      ex_v_q[s1] <= ex_v_q[s1-1]; ex_d_q[s1] <= ex_d_q[s1-1]; ex_pc_q[s1] <= ex_pc_q[s1-1];
      ex_m_q[s1] <= ex_m_q[s1-1]; ex_l_q[s1] <= ex_l_q[s1-1];
      yv_q[s1] <= yv_q[s1-1]; ym_q[s1] <= ym_q[s1-1]; ypc_q[s1] <= ypc_q[s1-1];
    end
  end

  // quiet: nothing of the warp in flight or held for QUIET cycles
  reg [QW-1:0] quiet_q [0:W-1];
  reg [W-1:0]  busy;
  integer w2, s2, w3;
  always @* begin
    for (w2 = 0; w2 < W; w2 = w2 + 1) begin
      busy[w2] = hold[w2] || hold_q[w2];
      for (s2 = 1; s2 <= SR; s2 = s2 + 1)
        if (v_q[s2] && wid_q[s2] == w2) busy[w2] = 1'b1;
    end
  end
  always @(posedge clk)
    for (w3 = 0; w3 < W; w3 = w3 + 1)
      if (rst_q || init || busy[w3]) quiet_q[w3] <= {QW{1'b0}};
      else if (quiet_q[w3] != QUIET) quiet_q[w3] <= quiet_q[w3] + 1'b1;

  // ---------------- the unit ----------------
  generate
    if (TRACK == 0) begin : g_sorted
      wire [W*NP*PATH_W-1:0] paths;
      simty_path_sorted u_path (
        .clk_i(clk), .rst_i(rst_q), .init_i(init), .init_wid_i(icnt_q[WARP_W-1:0]),
        .init_row_i(init_row), .start_pc_i(start_pc),
        .ex_wid_i(wid_q[4]), .mb_active_o(mb_active), .mb_lead1h_o(mb_lead1h), .mb_depth_o(mb_depth),
        .n_wid_i(wid_q[6]), .n_valid_i(v_q[6]),
        .m_valid_i(v_q[7]), .m_wid_i(mw), .m_a_i(m_a), .m_b_i(m_b), .m_cf_i(f_cf), .m_leave_i(ml), .m_pcn_i(30'd0), .m_npc_i(30'd0), .m_npc_c0_i(30'd0), .m_npc_byp_i(1'b0),
        .r_c_o(r_c), .r_x_o(r_x), .r_y_o(r_y), .r_z_o(r_z), .r_single_o(r_single), .r_hit_pcn_o(), .r_hit_npc_o(),
`ifdef YIELD
        .m_back_i(m_back), .m_read_i(m_read), .m_yield_o(m_yield), .f_c_o(f_c),
`endif
        .hold_o(hold), .f_paths_o(paths));
`ifndef YIELD
      assign m_yield = 1'b0;
      assign f_c = {PATH_W{1'b0}};
`endif

`ifdef P_PART
      // disjoint masks, union = live, each thread at its path's PC, no deeper than it
      reg [W*T-1:0] uni;
      integer fw, p;
      always @* begin
        uni = {W*T{1'b0}};
        for (fw = 0; fw < W; fw = fw + 1)
          for (p = 0; p < NP; p = p + 1)
            uni[fw*T +: T] = uni[fw*T +: T] | paths[(fw*NP+p)*PATH_W +: T];
      end
      genvar gw, gp, gq, gl;
      for (gw = 0; gw < W; gw = gw + 1) begin : g_pw
        wire qt = started && quiet_q[gw] == QUIET;
        always @* if (qt) assert (uni[gw*T +: T] == gl_q[gw*T +: T]);
        for (gp = 0; gp < NP; gp = gp + 1) begin : g_pp
          wire [PATH_W-1:0] pa = paths[(gw*NP+gp)*PATH_W +: PATH_W];
          always @* if (qt && !pa[P_V]) assert (pa[T-1:0] == {T{1'b0}});
          for (gq = gp + 1; gq < NP; gq = gq + 1) begin : g_pq
            always @* if (qt) assert ((pa[T-1:0] & paths[(gw*NP+gq)*PATH_W +: T]) == {T{1'b0}});
          end
          for (gl = 0; gl < T; gl = gl + 1) begin : g_pl
            always @* if (qt && pa[gl])
              assert (pa[P_PC +: 30] == pcx(gpc_q[(gw*T+gl)*FPC +: FPC]) &&
                      pa[P_D +: 8] >= dx(gd_q[(gw*T+gl)*GDW +: GDW]));
          end
        end
      end
`endif
`ifdef P_MERGE
      always @* begin
        if (started && res) begin
          if (r_x[P_V] && r_y[P_V]) assert (r_x[P_PC +: 30] != r_y[P_PC +: 30]);
          if (r_x[P_V] && r_z[P_V]) assert (r_x[P_PC +: 30] != r_z[P_PC +: 30]);
          if (r_y[P_V] && r_z[P_V]) assert (r_y[P_PC +: 30] != r_z[P_PC +: 30]);
        end
      end
`endif
`ifdef P_EXIT
      always @* begin
        if (started && res)
          assert (((r_x[T-1:0] | r_y[T-1:0] | r_z[T-1:0]) & ~ex_l_q[SR]) == {T{1'b0}});
      end
`endif
    end else begin : g_arbiter
      wire [(1<<WARP_W)*PATH_W-1:0]    heads;
      wire [(1<<WARP_W)*TS_W*T-1:0]    rows;
      simty_path_arbiter u_path (
        .clk_i(clk), .rst_i(rst_q), .init_i(init), .init_wid_i(icnt_q[WARP_W-1:0]),
        .start_pc_i(start_pc),
        .ex_wid_i(wid_q[4]), .mb_active_o(mb_active), .mb_lead1h_o(mb_lead1h), .mb_depth_o(mb_depth),
        .n_wid_i(wid_q[6]),
        .m_valid_i(v_q[7]), .m_wid_i(mw), .m_a_i(m_a), .m_b_i(m_b), .m_leave_i(ml),
        .m_pcn_i(30'd0), .m_npc_i(30'd0), .m_npc_c0_i(30'd0), .m_npc_byp_i(1'b0),
        .r_c_o(r_c), .r_x_o(r_x), .r_y_o(r_y), .r_z_o(r_z), .r_single_o(r_single),
        .r_hit_pcn_o(), .r_hit_npc_o(),
`ifdef YIELD
        .m_back_i(m_back), .m_read_i(m_read), .m_yield_o(m_yield),
`endif
        .f_head_o(heads), .f_row_o(rows));
      assign hold = {W{1'b0}};
      assign f_c  = {PATH_W{1'b0}};
`ifndef YIELD
      assign m_yield = 1'b0;
`endif

`ifdef P_PART
      // each thread has one state, its ghost's; the head RAM holds the minimum
      genvar gw, gl;
      for (gw = 0; gw < W; gw = gw + 1) begin : g_pw
        wire qt = started && quiet_q[gw] == QUIET;
        reg h_v;
        reg [GDW-1:0] h_d;
        reg [FPC-1:0] h_pc;
        integer fl;
        always @* begin
          h_v = 1'b0; h_d = {GDW{1'b0}}; h_pc = {FPC{1'b0}};
          for (fl = 0; fl < T; fl = fl + 1)
            if (gl_q[gw*T+fl] && (!h_v || gd_q[(gw*T+fl)*GDW +: GDW] > h_d ||
                (gd_q[(gw*T+fl)*GDW +: GDW] == h_d && gpc_q[(gw*T+fl)*FPC +: FPC] < h_pc))) begin
              h_v = 1'b1; h_d = gd_q[(gw*T+fl)*GDW +: GDW]; h_pc = gpc_q[(gw*T+fl)*FPC +: FPC];
            end
        end
        wire [PATH_W-1:0] hd = heads[gw*PATH_W +: PATH_W];
        always @* if (qt) assert (hd[P_V] == h_v);
        always @* if (qt && h_v)
          assert (hd[P_PC +: 30] == pcx(h_pc) && hd[P_D +: 8] == dx(h_d));
        for (gl = 0; gl < T; gl = gl + 1) begin : g_pl
          wire [TS_W-1:0] st = rows[(gw*T+gl)*TS_W +: TS_W];
          always @* if (qt) assert (st[38] == gl_q[gw*T+gl]);
          always @* if (qt && gl_q[gw*T+gl])
            assert (st[29:0] == pcx(gpc_q[(gw*T+gl)*FPC +: FPC]) &&
                    st[37:30] == dx(gd_q[(gw*T+gl)*GDW +: GDW]));
        end
      end
`endif
`ifdef P_MERGE
      always @* begin
        if (started && res) assert (r_x[T-1:0] == ex_m_q[SR]);
      end
`endif
`ifdef P_EXIT
      always @* if (started && res) assert ((r_x[T-1:0] & ~ex_l_q[SR]) == {T{1'b0}});
      genvar ew, el;
      for (ew = 0; ew < W; ew = ew + 1) begin : g_ew
        for (el = 0; el < T; el = el + 1) begin : g_el
          always @* if (started && quiet_q[ew] == QUIET && !gl_q[ew*T+el])
            assert (!rows[(ew*T+el)*TS_W + 38]);
        end
      end
`endif
    end
  endgenerate

  // ---------------- properties of both trackers ----------------
`ifdef P_MIN
  always @* begin
    if (started && res) begin
      assert (r_x[P_V] == ex_v_q[SR]);
      if (ex_v_q[SR])
        assert (r_x[P_D +: 8] == ex_d_q[SR] && r_x[P_PC +: 30] == ex_pc_q[SR]);
    end
  end
`endif
`ifdef P_MASK
  // the head handed out, and with the exact sorter the cold paths at its PC it
  // absorbed since: live threads at the head's PC (their PCs are checked when
  // nothing older of the warp is in flight: the ghost moves at resolve, the
  // head at stage r)
  integer l5, s5;
  reg older;
  always @* begin
    older = 1'b0;
    for (s5 = 6; s5 <= SR; s5 = s5 + 1)
      if (v_q[s5] && wid_q[s5] == wid_q[5]) older = 1'b1;
    if (started && v_q[5]) begin
      assert ((head_q[wid_q[5]] & ~mb_active) == {T{1'b0}});
      assert ((mb_active & ~gl_q[wid_q[5]*T +: T]) == {T{1'b0}});
      // the arbiter never absorbs, nor does the sorted list behind an older instruction
      if (TRACK == 1 || older)
        assert (mb_active == head_q[wid_q[5]]);
      for (l5 = 0; l5 < T; l5 = l5 + 1)
        if (mb_active[l5] && !older)
          assert (pcx(gpc_q[(wid_q[5]*T + l5)*FPC +: FPC]) == hpc_q[wid_q[5]]);
      assert (mb_lead1h == (mb_active & (~mb_active + 1'b1)));
    end
  end
`endif
`ifdef P_SINGLE
  always @* begin
    if (started && res && r_single)
      assert (r_x[T-1:0] == ex_l_q[SR]);
  end
`endif
  // every thread of a path is at its PC (the head at stage r)
`ifdef P_MIN
  always @* begin
    if (started && res)
      assert ((r_x[T-1:0] & ~ex_m_q[SR]) == {T{1'b0}});
  end
`elsif P_HEAD
  always @* begin
    if (started && res)
      assert (r_x[P_V] == ex_v_q[SR]);
  end
`endif

`ifdef P_YIELD
  // forward progress: the head handed out at the stage r of a pass that yielded, when
  // the warp has live threads outside the pass's paths, holds one of them; it holds a
  // thread of the yielding pass only when it is at that pass's PC (a merge)
  always @* begin
    if (started && res && yv_q[SR]) begin
      assert (r_x[P_V] && (r_x[T-1:0] & ~ym_q[SR]) != {T{1'b0}});
      if ((r_x[T-1:0] & ym_q[SR]) != {T{1'b0}}) assert (r_x[P_PC +: 30] == ypc_q[SR]);
    end
  end
`endif
`ifdef P_BOUND
  // the count: the unit yields exactly at the 2^YK_W-th backward jump after a read in a
  // row while the warp has another path (the rule, yc_q and yr_q above)
  always @* begin
    if (started && v_q[7]) assert (m_yield == y_spec);
  end
`endif

  wire unused = ^{r_c, mb_depth, f_c, m_yield, m_back, m_read, y_spec, yv_q[SR], ym_q[SR], ypc_q[SR]};
endmodule
`default_nettype wire
