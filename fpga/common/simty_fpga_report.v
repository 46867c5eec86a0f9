// simty_fpga_report.v - the board's end-of-run line, as the simulation harness prints it.
//
// Counts, from the core's commit trace, the threads that exit with code 0 (passed), with
// another code (failed) and that trap, and the cycles from the core's reset to done; when
// done_i rises it writes one line into the console FIFO:
//
//   PASS [4 threads: 4 passed, 0 failed, 0 trapped, 0 unfinished; 120 cycles]
//   FAIL [64 threads: 63 passed, 1 failed, ...; 5208 cycles] first failure: t7 exit 5
//   TRAP [4 threads: 3 passed, 0 failed, 1 trapped, ...] first trap: t2 cause 2
//
// The word is TRAP if a thread trapped, else FAIL if one failed, else PASS (the harness's
// exit-code order); every thread has ended when done rises, so "0 unfinished" is literal.
// The harness's line also names the ELF; the board does not know it.
//
// Parameters: T lanes, LANE_W = max(1, log2 T); thread id = warp * T + lane.
// Ports: the trace group is the core's (trc_*: one pass of one warp per valid cycle);
// push_o/byte_o write the console FIFO when full_i is low (valid, no ready: the FIFO
// takes a byte in the cycle push_o is high). Reset: rst_i (synchronous, active high)
// clears the counters and the formatter (style V7); the core's own reset sequence
// (core_rst_i) is not counted as cycles.
//
// The line is a template string (TMPL) read one byte a step; bytes from 8'o200 up are
// fields: 8'o200 the result word, 8'o201..8'o211 a number in decimal (digit by digit by
// subtracting powers of ten, leading zeros dropped, '-' for a negative exit code), and
// 8'o220..8'o223 open and close the parts printed only when a thread failed or trapped.
// The program's unfinished lines are ended before it (simty_fpga_lines.v).

`default_nettype none

module simty_fpga_report #(
  parameter integer T      = 8,
  parameter integer WARP_W = 3,
  parameter integer LANE_W = 3
) (
  input  wire              clk_i,
  input  wire              rst_i,
  input  wire              core_rst_i,
  input  wire              done_i,
  // from the core's trace port
  input  wire              trc_valid_i,
  input  wire [WARP_W-1:0] trc_wid_i,
  input  wire [T-1:0]      trc_exit_i,
  input  wire [T-1:0]      trc_trap_i,
  input  wire [4*T-1:0]    trc_cause_i,
  input  wire [32*T-1:0]   trc_code_i,   // trc_addr_o: the exit codes of exiting lanes
  // to the console FIFO
  input  wire              full_i,
  output wire              push_o,
  output wire [7:0]        byte_o
);

  localparam [8*121-1:0] TMPL =
    "\200 [\201 threads: \202 passed, \203 failed, \204 trapped, 0 unfinished; \205 cycles]\220 first failure: t\206 exit \207\221\222 first trap: t\210 cause \211\223\n";
  localparam integer TMPL_N = 121;  // bytes of TMPL
  localparam integer TID_W  = WARP_W + LANE_W;

  // ---- counting ---------------------------------------------------------------------
  reg  [15:0]      pass_q;
  reg  [15:0]      fail_q;
  reg  [15:0]      trap_q;
  reg  [31:0]      cycles_q;
  reg              done_q;
  reg              done_q2;     // the line starts when the last pass has been counted
  reg              fail_seen_q;
  reg  [TID_W-1:0] fail_tid_q;
  reg  [31:0]      fail_code_q;
  reg              trap_seen_q;
  reg  [TID_W-1:0] trap_tid_q;
  reg  [3:0]       trap_cause_q;

  // Two stages, so that no path runs from the core's registers through the exit codes'
  // compares into the counters (W8T8 on the ECP5: 18.2 ns in one): stage 1 registers which
  // lanes of this pass passed, failed and trapped, and the lowest failing and trapping
  // lane; stage 2 counts them.
  reg  [T-1:0]      pass_m;
  reg  [T-1:0]      fail_m;
  reg               f_any;
  reg  [LANE_W-1:0] f_lane;
  reg  [31:0]       f_code;
  reg               t_any;
  reg  [LANE_W-1:0] t_lane;
  reg  [3:0]        t_cause;
  integer           i;

  always @* begin
    pass_m  = {T{1'b0}};
    fail_m  = {T{1'b0}};
    f_any   = 1'b0;
    f_lane  = {LANE_W{1'b0}};
    f_code  = 32'd0;
    t_any   = 1'b0;
    t_lane  = {LANE_W{1'b0}};
    t_cause = 4'd0;
    for (i = T - 1; i >= 0; i = i - 1) begin
      if (trc_exit_i[i]) begin
        if (trc_code_i[32*i +: 32] == 32'd0) begin
          pass_m[i] = 1'b1;
        end else begin
          fail_m[i] = 1'b1;
          f_any     = 1'b1;
          f_lane    = i[LANE_W-1:0];
          f_code    = trc_code_i[32*i +: 32];
        end
      end
      if (trc_trap_i[i]) begin
        t_any   = 1'b1;
        t_lane  = i[LANE_W-1:0];
        t_cause = trc_cause_i[4*i +: 4];
      end
    end
  end

  reg               s1_valid_q;
  reg  [T-1:0]      s1_pass_q;
  reg  [T-1:0]      s1_fail_q;
  reg  [T-1:0]      s1_trap_q;
  reg               s1_f_any_q;
  reg  [TID_W-1:0]  s1_f_tid_q;
  reg  [31:0]       s1_f_code_q;
  reg               s1_t_any_q;
  reg  [TID_W-1:0]  s1_t_tid_q;
  reg  [3:0]        s1_t_cause_q;

  // thread id = warp * T + lane (LANE_W bits hold the lane; at T = 1 the lane bit is 0)
  wire [TID_W-1:0] f_tid = (T == 1) ? {{LANE_W{1'b0}}, trc_wid_i} : {trc_wid_i, f_lane};
  wire [TID_W-1:0] t_tid = (T == 1) ? {{LANE_W{1'b0}}, trc_wid_i} : {trc_wid_i, t_lane};

  reg  [15:0]       n_pass;
  reg  [15:0]       n_fail;
  reg  [15:0]       n_trap;
  always @* begin
    n_pass = 16'd0;
    n_fail = 16'd0;
    n_trap = 16'd0;
    for (i = 0; i < T; i = i + 1) begin
      n_pass = n_pass + {15'd0, s1_pass_q[i]};
      n_fail = n_fail + {15'd0, s1_fail_q[i]};
      n_trap = n_trap + {15'd0, s1_trap_q[i]};
    end
  end

  always @(posedge clk_i) begin
    if (rst_i) begin
      s1_valid_q  <= 1'b0;
      pass_q      <= 16'd0;
      fail_q      <= 16'd0;
      trap_q      <= 16'd0;
      cycles_q    <= 32'd0;
      done_q      <= 1'b0;
      done_q2     <= 1'b0;
      fail_seen_q <= 1'b0;
      trap_seen_q <= 1'b0;
    end else begin
      s1_valid_q <= trc_valid_i;
      done_q     <= done_i;
      done_q2    <= done_q;
      if (~core_rst_i & ~done_q) begin
        cycles_q <= cycles_q + 32'd1;   // up to the cycle done rises in, as the harness counts
      end
      if (s1_valid_q) begin
        pass_q <= pass_q + n_pass;
        fail_q <= fail_q + n_fail;
        trap_q <= trap_q + n_trap;
        if (s1_f_any_q & ~fail_seen_q) begin
          fail_seen_q <= 1'b1;
        end
        if (s1_t_any_q & ~trap_seen_q) begin
          trap_seen_q <= 1'b1;
        end
      end
    end
    s1_pass_q    <= pass_m;
    s1_fail_q    <= fail_m;
    s1_trap_q    <= trc_trap_i;
    s1_f_any_q   <= f_any;
    s1_f_tid_q   <= f_tid;
    s1_f_code_q  <= f_code;
    s1_t_any_q   <= t_any;
    s1_t_tid_q   <= t_tid;
    s1_t_cause_q <= t_cause;
    if (s1_valid_q & s1_f_any_q & ~fail_seen_q) begin
      fail_tid_q  <= s1_f_tid_q;
      fail_code_q <= s1_f_code_q;
    end
    if (s1_valid_q & s1_t_any_q & ~trap_seen_q) begin
      trap_tid_q   <= s1_t_tid_q;
      trap_cause_q <= s1_t_cause_q;
    end
  end

  // ---- the line ---------------------------------------------------------------------
  localparam [1:0] ST_WAIT = 2'd0;  // for done
  localparam [1:0] ST_TEXT = 2'd1;  // template bytes
  localparam [1:0] ST_NUM  = 2'd2;  // a number's digits
  localparam [1:0] ST_END  = 2'd3;  // written, until reset

  reg  [1:0]  state_q;
  reg  [1:0]  state_d;
  reg  [6:0]  pos_q;       // template byte
  reg  [6:0]  pos_d;
  reg  [1:0]  sub_q;       // letter of the result word
  reg  [1:0]  sub_d;
  reg         skip_q;      // inside a part that is not printed
  reg         skip_d;
  reg  [31:0] val_q;       // what is left of the number
  reg  [31:0] val_d;
  reg  [3:0]  pow_q;       // power of ten being counted
  reg  [3:0]  pow_d;
  reg  [3:0]  digit_q;
  reg  [3:0]  digit_d;
  reg         lead_q;      // a digit was written (zeros count from then on)
  reg         lead_d;
  reg         push;
  reg  [7:0]  byte_d;

  localparam [6:0] TMPL_LAST = 7'd120;                 // TMPL_N - 1
  wire [6:0]  tmpl_idx  = TMPL_LAST - pos_q;            // byte pos_q, from the string's left
  wire [7:0]  tmpl_byte = TMPL[{tmpl_idx, 3'b000} +: 8];
  wire [15:0] threads   = pass_q + fail_q + trap_q;
  wire        res_trap  = trap_q != 16'd0;
  wire        res_fail  = fail_q != 16'd0;

  reg  [31:0] field;       // the number a field byte names
  reg         field_neg;
  always @* begin
    field     = 32'd0;
    field_neg = 1'b0;
    case (tmpl_byte[3:0])
      4'd1:    field = {16'd0, threads};
      4'd2:    field = {16'd0, pass_q};
      4'd3:    field = {16'd0, fail_q};
      4'd4:    field = {16'd0, trap_q};
      4'd5:    field = cycles_q;
      4'd6:    field = {{(32 - TID_W){1'b0}}, fail_tid_q};
      4'd7:    begin
                 field_neg = fail_code_q[31];
                 field     = fail_code_q[31] ? (~fail_code_q + 32'd1) : fail_code_q;
               end
      4'd8:    field = {{(32 - TID_W){1'b0}}, trap_tid_q};
      4'd9:    field = {28'd0, trap_cause_q};
      default: field = 32'd0;
    endcase
  end

  reg  [31:0] pow10;
  always @* begin
    case (pow_q)
      4'd9:    pow10 = 32'd1000000000;
      4'd8:    pow10 = 32'd100000000;
      4'd7:    pow10 = 32'd10000000;
      4'd6:    pow10 = 32'd1000000;
      4'd5:    pow10 = 32'd100000;
      4'd4:    pow10 = 32'd10000;
      4'd3:    pow10 = 32'd1000;
      4'd2:    pow10 = 32'd100;
      4'd1:    pow10 = 32'd10;
      default: pow10 = 32'd1;
    endcase
  end

  reg [7:0] word_byte;     // the result word's letters
  always @* begin
    case ({res_trap, res_fail & ~res_trap, sub_q})
      4'b1000: word_byte = "T";
      4'b1001: word_byte = "R";
      4'b1010: word_byte = "A";
      4'b1011: word_byte = "P";
      4'b0100: word_byte = "F";
      4'b0101: word_byte = "A";
      4'b0110: word_byte = "I";
      4'b0111: word_byte = "L";
      4'b0000: word_byte = "P";
      4'b0001: word_byte = "A";
      4'b0010: word_byte = "S";
      default: word_byte = "S";
    endcase
  end

  always @* begin
    state_d = state_q;
    pos_d   = pos_q;
    sub_d   = sub_q;
    skip_d  = skip_q;
    val_d   = val_q;
    pow_d   = pow_q;
    digit_d = digit_q;
    lead_d  = lead_q;
    push    = 1'b0;
    byte_d  = 8'd0;
    case (state_q)
      ST_WAIT: begin
        if (done_q2) begin
          state_d = ST_TEXT;
          pos_d   = 7'd0;
          sub_d   = 2'd0;
          skip_d  = 1'b0;
        end
      end
      ST_TEXT: begin
        if (tmpl_byte == 8'o220 || tmpl_byte == 8'o222) begin
          skip_d = (tmpl_byte == 8'o220) ? ~res_fail : ~res_trap;
          pos_d  = pos_q + 7'd1;
        end else if (tmpl_byte == 8'o221 || tmpl_byte == 8'o223) begin
          skip_d = 1'b0;
          pos_d  = pos_q + 7'd1;
        end else if (skip_q) begin
          pos_d = pos_q + 7'd1;
        end else if (~full_i) begin
          if (tmpl_byte == 8'o200) begin
            push   = 1'b1;
            byte_d = word_byte;
            sub_d  = sub_q + 2'd1;
            if (sub_q == 2'd3) begin
              pos_d = pos_q + 7'd1;
            end
          end else if (tmpl_byte[7]) begin
            // a number: its sign now, its digits in ST_NUM
            push    = field_neg;
            byte_d  = "-";
            val_d   = field;
            pow_d   = 4'd9;
            digit_d = 4'd0;
            lead_d  = 1'b0;
            state_d = ST_NUM;
          end else begin
            push   = 1'b1;
            byte_d = tmpl_byte;
            pos_d  = pos_q + 7'd1;
          end
        end
        if (state_d == ST_TEXT && pos_d == TMPL_N[6:0]) begin
          state_d = ST_END;
        end
      end
      ST_NUM: begin
        if (val_q >= pow10) begin
          val_d   = val_q - pow10;
          digit_d = digit_q + 4'd1;
        end else if (digit_q != 4'd0 || lead_q || pow_q == 4'd0) begin
          if (~full_i) begin
            push    = 1'b1;
            byte_d  = "0" + {4'd0, digit_q};
            lead_d  = 1'b1;
            digit_d = 4'd0;
            pow_d   = pow_q - 4'd1;
            if (pow_q == 4'd0) begin
              state_d = ST_TEXT;
              pos_d   = pos_q + 7'd1;
            end
          end
        end else begin
          pow_d = pow_q - 4'd1;
        end
      end
      default: begin
      end
    endcase
  end

  always @(posedge clk_i) begin
    if (rst_i) begin
      state_q <= ST_WAIT;
    end else begin
      state_q <= state_d;
    end
    pos_q   <= pos_d;
    sub_q   <= sub_d;
    skip_q  <= skip_d;
    val_q   <= val_d;
    pow_q   <= pow_d;
    digit_q <= digit_d;
    lead_q  <= lead_d;
  end

  assign push_o = push;
  assign byte_o = byte_d;

endmodule

`default_nettype wire
