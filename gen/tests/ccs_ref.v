// gen/tests/ccs_ref.v - the compact-sort unit written as its definition, for
// the equivalence check of run_unit.sh (section 7) against the generated
// simty_ccs, whose comparisons are restructured for speed.
//
// Paths are {valid, depth[7:0], pc[29:0], mask[T-1:0]}.  Step 1 merges paths
// of equal PC (a takes b and c, else b takes c; the merged path keeps the
// deeper depth).  Step 2 orders the three: valid first, deeper first, then
// lower PC; ties go to the earlier input.  Invalid outputs carry no threads.
// xsel_o and ysel_o name the inputs whose PCs x and y carry (the redirect and the
// exact CCT compare them early).
`default_nettype none
module ccs_ref #(parameter integer T = 4) (
  input  wire [T+38:0] a_i,
  input  wire [T+38:0] b_i,
  input  wire [T+38:0] c_i,
  output wire [T+38:0] x_o,
  output wire [T+38:0] y_o,
  output wire [T+38:0] z_o,
  output wire [2:0]    xsel_o,  // x's PC is a's, b's or c's: {c, b, a}, one-hot
  output wire [2:0]    ysel_o   // y's PC, the same way
);
  localparam integer V = T + 38, D = T + 30, P = T;

  function automatic first;  // p strictly before q
    input [T+38:0] p, q;
    first = p[V] && (!q[V] || p[D +: 8] > q[D +: 8] ||
                     (p[D +: 8] == q[D +: 8] && p[P +: 30] < q[P +: 30]));
  endfunction
  function automatic [7:0] deeper;
    input [7:0] u, v;
    deeper = v > u ? v : u;
  endfunction

  wire ab = a_i[V] && b_i[V] && a_i[P +: 30] == b_i[P +: 30];
  wire ac = a_i[V] && c_i[V] && a_i[P +: 30] == c_i[P +: 30];
  wire bc = b_i[V] && c_i[V] && b_i[P +: 30] == c_i[P +: 30];
  wire [7:0] da = deeper(deeper(a_i[D +: 8], ab ? b_i[D +: 8] : 8'd0), ac ? c_i[D +: 8] : 8'd0);
  wire [7:0] db = bc && !ab ? deeper(b_i[D +: 8], c_i[D +: 8]) : b_i[D +: 8];
  wire [T+38:0] a2 = {a_i[V], da, a_i[P +: 30],
                      a_i[T-1:0] | (ab ? b_i[T-1:0] : {T{1'b0}}) | (ac ? c_i[T-1:0] : {T{1'b0}})};
  wire [T+38:0] b2 = {b_i[V] && !ab, db, b_i[P +: 30],
                      b_i[T-1:0] | (bc && !ab ? c_i[T-1:0] : {T{1'b0}})};
  wire [T+38:0] c2 = {c_i[V] && !ac && !bc, c_i[T+37:0]};

  wire a_b = !first(b2, a2), a_c = !first(c2, a2), b_c = !first(c2, b2);
  wire [1:0] ra = {1'b0, !a_b} + {1'b0, !a_c};
  wire [1:0] rb = {1'b0, a_b} + {1'b0, !b_c};
  wire [T+38:0] x = ra == 2'd0 ? a2 : rb == 2'd0 ? b2 : c2;
  wire [T+38:0] y = ra == 2'd1 ? a2 : rb == 2'd1 ? b2 : c2;
  wire [T+38:0] z = ra == 2'd2 ? a2 : rb == 2'd2 ? b2 : c2;
  assign xsel_o = {ra != 2'd0 && rb != 2'd0, ra != 2'd0 && rb == 2'd0, ra == 2'd0};
  assign ysel_o = {ra != 2'd1 && rb != 2'd1, ra != 2'd1 && rb == 2'd1, ra == 2'd1};
  assign x_o = {x[V:P], x[V] ? x[T-1:0] : {T{1'b0}}};
  assign y_o = {y[V:P], y[V] ? y[T-1:0] : {T{1'b0}}};
  assign z_o = {z[V:P], z[V] ? z[T-1:0] : {T{1'b0}}};
endmodule
