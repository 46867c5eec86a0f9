// simty_uart_tx.v - 8N1 UART transmitter for the FPGA tops' console.
//
// valid_i/ready_o: a byte is taken in the cycle valid_i is high; valid_i must only be
// raised while ready_o is high (the SoC's FIFO does so). ready_o stays low for the ten bit
// times of the frame (plus the cycle before the start bit) (start, 8 data bits LSB first, stop). DIVISOR = clock cycles per bit.
// Reset: synchronous, active high, control state only (style V7).

`default_nettype none

module simty_uart_tx #(
  parameter integer DIVISOR = 217 // 25 MHz / 115200
) (
  input  wire       clk_i,
  input  wire       rst_i,
  // byte in: valid_i only while ready_o
  input  wire       valid_i,
  input  wire [7:0] data_i,
  output wire       ready_o,
  // serial line, idle high
  output wire       tx_o
);

  localparam integer DIV_W = $clog2(DIVISOR + 1);

  reg [8:0]       shift_q;  // {data, start bit}; shifted out LSB first
  reg [3:0]       bits_q;   // bit steps left: the 10 bits of the frame, then the end of the stop bit
  reg [DIV_W-1:0] div_q;
  reg             tx_q;

  assign ready_o = bits_q == 4'd0;
  assign tx_o    = tx_q;

  always @(posedge clk_i) begin
    if (rst_i) begin
      bits_q <= 4'd0;
      div_q  <= {DIV_W{1'b0}};
      tx_q   <= 1'b1;
    end else if (bits_q == 4'd0) begin
      if (valid_i) begin
        shift_q <= {data_i, 1'b0};
        bits_q  <= 4'd11;   // start, 8 data, stop; the 11th step ends the stop bit
        div_q   <= {DIV_W{1'b0}};
      end
    end else if (div_q == {DIV_W{1'b0}}) begin
      tx_q    <= shift_q[0];
      shift_q <= {1'b1, shift_q[8:1]};   // the stop bit shifts in behind the data
      bits_q  <= bits_q - 4'd1;
      div_q   <= DIVISOR[DIV_W-1:0] - 1'b1;
    end else begin
      div_q <= div_q - 1'b1;
    end
  end

endmodule

`default_nettype wire
