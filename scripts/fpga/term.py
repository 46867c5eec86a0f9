#!/usr/bin/env python3
"""The board's serial console (make term): the UART at 115200 8N1, until the report.

    term.py --board ecp5|ice40 [--port DEV] [--timeout S] [--miniterm]
    term.py --self-test

Prints what the board sends (the program's console bytes, threads interleaved in store
order) until the end-of-run line of a design made by make bitstream PROG=
(fpga/common/simty_fpga_report.v), then exits with the harness's code for it: 0 PASS,
1 FAIL, 4 TRAP; 2 when no report came within --timeout seconds (0: wait for ever) or no
serial port opens. Reset the board (ULX3S: the PWR button; the HX8K breakout: program
it again) to see a run from its start. --miniterm opens pyserial's interactive terminal
instead (Ctrl-] quits). The default ports are the FTDI's: the ULX3S's only one, the
HX8K breakout's second channel (its first is the SPI flash's).
"""
import argparse
import re
import sys
import time

PORT = {"ecp5": "/dev/ttyUSB0", "ice40": "/dev/ttyUSB1"}
BAUD = 115200
REPORT = re.compile(rb"(?:^|\n)(PASS|FAIL|TRAP) \[[^]\n]*\][^\n]*\n")
EXIT = {b"PASS": 0, b"FAIL": 1, b"TRAP": 4}


def follow(ser, out, timeout):
    """Copy the port to OUT until a report line; (exit code, the line or None)."""
    buf = b""
    t0 = time.time()
    while not timeout or time.time() - t0 < timeout:
        chunk = ser.read(256)
        if not chunk:
            continue
        out.write(chunk.decode("latin-1"))
        out.flush()
        buf = (buf + chunk)[-4096:]
        m = REPORT.search(buf)
        if m:
            return EXIT[m.group(1)], m.group(0).strip().decode("latin-1")
    return 2, None


def self_test():
    """The parser on pyserial's loop:// port (what is written comes back)."""
    import io
    import serial
    fails = 0
    cases = [(b"ok\nok\nPASS [2 threads: 2 passed, 0 failed, 0 trapped, 0 unfinished; 9 cycles]\n", 0),
             (b"AB\nTRAP [2 threads: 1 passed, 0 failed, 1 trapped, 0 unfinished; 9 cycles] "
              b"first trap: t1 cause 2\n", 4),
             (b"FAIL [1 threads: 0 passed, 1 failed, 0 trapped, 0 unfinished; 9 cycles] "
              b"first failure: t0 exit 3\n", 1),
             (b"PASS without a bracket\n", 2)]
    for data, want in cases:
        ser = serial.serial_for_url("loop://", timeout=0.05)
        ser.write(data)
        got, _ = follow(ser, io.StringIO(), 0.5)
        ok = got == want
        fails += not ok
        print("%s term: %r -> exit %d (want %d)" % ("PASS" if ok else "FAIL", data[-40:], got, want))
    print("%d passed, %d failed" % (len(cases) - fails, fails))
    return 1 if fails else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--board", default="ecp5", choices=sorted(PORT))
    ap.add_argument("--port", help="serial device (default: ecp5 %s, ice40 %s)"
                    % (PORT["ecp5"], PORT["ice40"]))
    ap.add_argument("--timeout", type=float, default=0.0)
    ap.add_argument("--miniterm", action="store_true")
    ap.add_argument("--self-test", action="store_true")
    a = ap.parse_args()
    if a.self_test:
        return self_test()
    import serial
    port = a.port or PORT[a.board]
    if a.miniterm:
        from serial.tools import miniterm
        sys.argv = ["miniterm", port, str(BAUD), "--raw", "--eol", "LF"]
        return miniterm.main()
    try:
        ser = serial.Serial(port, BAUD, timeout=0.2)
    except (serial.SerialException, OSError) as e:
        print("term: %s: %s (connect the board; make prog first)" % (port, e), file=sys.stderr)
        return 2
    print("term: %s at %d 8N1; waiting for the board's report (Ctrl-C stops)" % (port, BAUD),
          file=sys.stderr)
    try:
        code, line = follow(ser, sys.stdout, a.timeout)
    except KeyboardInterrupt:
        return 130
    if line is None:
        print("term: no report within %g s" % a.timeout, file=sys.stderr)
    return code


if __name__ == "__main__":
    sys.exit(main())
