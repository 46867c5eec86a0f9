// simty_fpga_lines.v - the console as the harness prints it: whole lines, each thread's
// own, with the thread in front ("[t5] hello").
//
// Between the console FIFO and the UART (REPORT = 1). Each FIFO entry is a byte with the
// thread that stored it, or a raw byte (the end-of-run line, simty_fpga_report.v). A
// thread's bytes collect in its own line buffer (1 << LINE_AW bytes); a newline, or a full
// buffer, sends the line: "[t<id>] " (the id in decimal), its bytes, and a newline of ours
// when the buffer filled without one (a longer line is split; the harness's is not). The
// first raw byte (the run is over) first sends every thread's unfinished line, ended with
// a newline, as the harness does at the end of a run; then the raw bytes go out as they come.
//
// Parameters: TID_W bits of thread id; LINE_AW: line buffers of 1 << LINE_AW bytes.
// Storage: lengths (1 << TID_W) x LINE_AW bits and buffers (1 << (TID_W + LINE_AW)) x 8
// bits, both through simty_ram_1r1w (block RAM). The lengths are cleared after reset
// (1 << TID_W cycles) before the first entry is taken.
// Ports: in_valid_i is a FIFO entry read last cycle; take one only while ready_o.
// tx_valid_o/tx_data_o go to simty_uart_tx, sent in a cycle where tx_ready_i is high.
// Reset: rst_i, synchronous, active high (style V7).

`default_nettype none

module simty_fpga_lines #(
  parameter integer TID_W   = 6,
  parameter integer LINE_AW = 6
) (
  input  wire             clk_i,
  input  wire             rst_i,
  // from the console FIFO
  input  wire             in_valid_i,
  input  wire             in_raw_i,
  input  wire [TID_W-1:0] in_tid_i,
  input  wire [7:0]       in_byte_i,
  output wire             ready_o,
  // to the UART
  input  wire             tx_ready_i,
  output wire             tx_valid_o,
  output wire [7:0]       tx_data_o
);

  localparam [3:0] ST_CLR    = 4'd0;   // clear the lengths after reset
  localparam [3:0] ST_IDLE   = 4'd1;
  localparam [3:0] ST_LEN    = 4'd2;   // the thread's length is read: store the byte
  localparam [3:0] ST_OPEN   = 4'd3;   // '['
  localparam [3:0] ST_T      = 4'd4;   // 't'
  localparam [3:0] ST_DIG    = 4'd5;   // the id's digits
  localparam [3:0] ST_CLOSE  = 4'd6;   // ']'
  localparam [3:0] ST_SP     = 4'd7;   // ' '
  localparam [3:0] ST_BUF_RD = 4'd8;   // read the line's next byte
  localparam [3:0] ST_BUF_TX = 4'd9;   // send it
  localparam [3:0] ST_NL     = 4'd10;  // our newline
  localparam [3:0] ST_SCAN   = 4'd11;  // read a thread's length (end of run)
  localparam [3:0] ST_SCAN_U = 4'd12;  // use it
  localparam [3:0] ST_RAW    = 4'd13;  // send the raw byte

  localparam [LINE_AW-1:0] LEN_LAST = {LINE_AW{1'b1}};
  localparam [TID_W-1:0]   TID_LAST = {TID_W{1'b1}};

  reg  [3:0]         state_q;
  reg  [3:0]         state_d;
  reg  [TID_W-1:0]   tid_q;       // the entry's thread, then the line's
  reg  [TID_W-1:0]   tid_d;
  reg  [7:0]         byte_q;
  reg  [7:0]         byte_d;
  reg  [LINE_AW:0]   n_q;         // bytes in the line being sent
  reg  [LINE_AW:0]   n_d;
  reg  [LINE_AW:0]   i_q;         // next of them
  reg  [LINE_AW:0]   i_d;
  reg                nl_q;        // end the line with our newline
  reg                nl_d;
  reg                scan_q;      // sending the unfinished lines (end of run)
  reg                scan_d;
  reg                flushed_q;   // they have been sent
  reg                flushed_d;
  reg  [12:0]        val_q;       // what is left of the id
  reg  [12:0]        val_d;
  reg  [1:0]         pow_q;       // 3: thousands .. 0: units
  reg  [1:0]         pow_d;
  reg  [3:0]         digit_q;
  reg  [3:0]         digit_d;
  reg                lead_q;      // a digit was sent
  reg                lead_d;
  reg                send;
  reg  [7:0]         data;
  // RAM ports
  reg                len_re;
  reg  [TID_W-1:0]   len_raddr;
  reg                len_we;
  reg  [TID_W-1:0]   len_waddr;
  reg  [LINE_AW-1:0] len_wdata;
  wire [LINE_AW-1:0] len_rdata;
  reg                buf_we;
  reg                buf_re;
  wire [7:0]         buf_rdata;

  reg  [12:0]        pow10;
  always @* begin
    case (pow_q)
      2'd3:    pow10 = 13'd1000;
      2'd2:    pow10 = 13'd100;
      2'd1:    pow10 = 13'd10;
      default: pow10 = 13'd1;
    endcase
  end

  always @* begin
    state_d   = state_q;
    tid_d     = tid_q;
    byte_d    = byte_q;
    n_d       = n_q;
    i_d       = i_q;
    nl_d      = nl_q;
    scan_d    = scan_q;
    flushed_d = flushed_q;
    val_d     = val_q;
    pow_d     = pow_q;
    digit_d   = digit_q;
    lead_d    = lead_q;
    send      = 1'b0;
    data      = 8'd0;
    len_re    = 1'b0;
    len_raddr = tid_q;
    len_we    = 1'b0;
    len_waddr = tid_q;
    len_wdata = {LINE_AW{1'b0}};
    buf_we    = 1'b0;
    buf_re    = 1'b0;
    case (state_q)
      ST_CLR: begin
        len_we = 1'b1;
        tid_d  = tid_q + 1'b1;
        if (tid_q == TID_LAST) begin
          state_d = ST_IDLE;
        end
      end
      ST_IDLE: begin
        if (in_valid_i) begin
          tid_d  = in_tid_i;
          byte_d = in_byte_i;
          if (in_raw_i) begin
            if (flushed_q) begin
              state_d = ST_RAW;
            end else begin
              tid_d   = {TID_W{1'b0}};
              state_d = ST_SCAN;
            end
          end else begin
            len_re    = 1'b1;
            len_raddr = in_tid_i;
            state_d   = ST_LEN;
          end
        end
      end
      ST_LEN: begin
        // the byte goes in at the thread's length; a newline or a full buffer sends it
        buf_we = 1'b1;
        if (byte_q == 8'h0a || len_rdata == LEN_LAST) begin
          len_we  = 1'b1;
          n_d     = {1'b0, len_rdata} + 1'b1;
          nl_d    = byte_q != 8'h0a;
          state_d = ST_OPEN;
        end else begin
          len_we    = 1'b1;
          len_wdata = len_rdata + 1'b1;
          state_d   = ST_IDLE;
        end
      end
      ST_OPEN: begin
        send = tx_ready_i;
        data = "[";
        if (tx_ready_i) begin
          state_d = ST_T;
        end
      end
      ST_T: begin
        send = tx_ready_i;
        data = "t";
        if (tx_ready_i) begin
          state_d = ST_DIG;
          val_d   = {{(13 - TID_W){1'b0}}, tid_q};
          pow_d   = 2'd3;
          digit_d = 4'd0;
          lead_d  = 1'b0;
        end
      end
      ST_DIG: begin
        if (val_q >= pow10) begin
          val_d   = val_q - pow10;
          digit_d = digit_q + 4'd1;
        end else if (digit_q != 4'd0 || lead_q || pow_q == 2'd0) begin
          send = tx_ready_i;
          data = "0" + {4'd0, digit_q};
          if (tx_ready_i) begin
            lead_d  = 1'b1;
            digit_d = 4'd0;
            pow_d   = pow_q - 2'd1;
            if (pow_q == 2'd0) begin
              state_d = ST_CLOSE;
            end
          end
        end else begin
          pow_d = pow_q - 2'd1;
        end
      end
      ST_CLOSE: begin
        send = tx_ready_i;
        data = "]";
        if (tx_ready_i) begin
          state_d = ST_SP;
        end
      end
      ST_SP: begin
        send = tx_ready_i;
        data = " ";
        if (tx_ready_i) begin
          state_d = ST_BUF_RD;
          i_d     = {(LINE_AW + 1){1'b0}};
        end
      end
      ST_BUF_RD: begin
        buf_re  = 1'b1;
        state_d = ST_BUF_TX;
      end
      ST_BUF_TX: begin
        send = tx_ready_i;
        data = buf_rdata;
        if (tx_ready_i) begin
          i_d = i_q + 1'b1;
          if (i_q + 1'b1 != n_q) begin
            state_d = ST_BUF_RD;
          end else if (nl_q) begin
            state_d = ST_NL;
          end else begin
            state_d = scan_q ? ST_SCAN : ST_IDLE;
            tid_d   = scan_q ? tid_q + 1'b1 : tid_q;
            if (scan_q && tid_q == TID_LAST) begin
              state_d   = ST_RAW;
              scan_d    = 1'b0;
              flushed_d = 1'b1;
            end
          end
        end
      end
      ST_NL: begin
        send = tx_ready_i;
        data = 8'h0a;
        if (tx_ready_i) begin
          state_d = scan_q ? ST_SCAN : ST_IDLE;
          tid_d   = scan_q ? tid_q + 1'b1 : tid_q;
          if (scan_q && tid_q == TID_LAST) begin
            state_d   = ST_RAW;
            scan_d    = 1'b0;
            flushed_d = 1'b1;
          end
        end
      end
      ST_SCAN: begin
        len_re    = 1'b1;
        len_raddr = tid_q;
        state_d   = ST_SCAN_U;
      end
      ST_SCAN_U: begin
        if (len_rdata != {LINE_AW{1'b0}}) begin
          len_we  = 1'b1;           // cleared: a second run after reset starts empty
          n_d     = {1'b0, len_rdata};
          nl_d    = 1'b1;
          scan_d  = 1'b1;
          state_d = ST_OPEN;
        end else if (tid_q == TID_LAST) begin
          scan_d    = 1'b0;
          flushed_d = 1'b1;
          state_d   = ST_RAW;
        end else begin
          tid_d   = tid_q + 1'b1;
          state_d = ST_SCAN;
        end
      end
      default: begin // ST_RAW
        send = tx_ready_i;
        data = byte_q;
        if (tx_ready_i) begin
          state_d = ST_IDLE;
        end
      end
    endcase
  end

  always @(posedge clk_i) begin
    if (rst_i) begin
      state_q   <= ST_CLR;
      tid_q     <= {TID_W{1'b0}};
      scan_q    <= 1'b0;
      flushed_q <= 1'b0;
    end else begin
      state_q   <= state_d;
      tid_q     <= tid_d;
      scan_q    <= scan_d;
      flushed_q <= flushed_d;
    end
    byte_q  <= byte_d;
    n_q     <= n_d;
    i_q     <= i_d;
    nl_q    <= nl_d;
    val_q   <= val_d;
    pow_q   <= pow_d;
    digit_q <= digit_d;
    lead_q  <= lead_d;
  end

  simty_ram_1r1w #(
    .DEPTH_W (TID_W),
    .DATA_W  (LINE_AW)
  ) u_len (
    .clk_i   (clk_i),
    .we_i    (len_we),
    .waddr_i (len_waddr),
    .wdata_i (len_wdata),
    .re_i    (len_re),
    .raddr_i (len_raddr),
    .rdata_o (len_rdata)
  );

  simty_ram_1r1w #(
    .DEPTH_W (TID_W + LINE_AW),
    .DATA_W  (8)
  ) u_buf (
    .clk_i   (clk_i),
    .we_i    (buf_we),
    .waddr_i ({tid_q, len_rdata}),
    .wdata_i (byte_q),
    .re_i    (buf_re),
    .raddr_i ({tid_q, i_q[LINE_AW-1:0]}),
    .rdata_o (buf_rdata)
  );

  assign ready_o    = state_q == ST_IDLE;
  assign tx_valid_o = send;
  assign tx_data_o  = data;

endmodule

`default_nettype wire
