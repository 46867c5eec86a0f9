#!/usr/bin/env python3
"""Simulate the FPGA SoC (board memories, console FIFO, UART) around a generated core.

    fpga_soc_sim.py --rtl RTL_DIR [--out DIR] [--imem-aw 8] [--dmem-aw 8]

The board tops' common part, fpga/common/simty_fpga_soc.v, runs the default FPGA
program (fpga/sw/fpga_hello.S, the one `make synth` puts in block RAM) from $readmemh
images under iverilog, with fpga/common/tb_fpga_soc.v decoding the UART line. Every
thread t must print 'A' + t % 16 (its self-check passed) and thread 0 a newline: the
bytes received must be exactly that multiset (the order depends on the schedule), the
core must raise done, and the console FIFO must not overflow. The default memory sizes
are the iCE40 plan's (1 KiB of instructions, 256 blocks of T words).

Prints what it checked and ends with "N passed, M failed"; exit 0 only if all passed.
"""
import argparse
import collections
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import synth  # noqa: E402  (read_config, rtl_files, build_program, log2, ROOT)

ROOT = synth.ROOT


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rtl", required=True, help="generated RTL directory (files.f, config.mk)")
    ap.add_argument("--out", help="default build/<config>/fpga-soc-sim, beside RTL_DIR")
    ap.add_argument("--imem-aw", type=int, default=8)
    ap.add_argument("--dmem-aw", type=int, default=8)
    ap.add_argument("--max-cycles", type=int, default=400000)
    a = ap.parse_args()

    cfg = synth.read_config(a.rtl)
    W, T = cfg["W"], cfg["T"]
    out = os.path.abspath(a.out or os.path.join(synth.default_dir(
        os.path.abspath(a.rtl), "W%d_T%d_%s" % (W, T, cfg["TRACK"])), "fpga-soc-sim"))
    os.makedirs(out, exist_ok=True)
    elf = synth.build_program(None, out)
    h = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "elf2hex.py"), elf,
                        "--imem-words", str(1 << a.imem_aw), "--dmem-blocks", str(1 << a.dmem_aw),
                        "--block-words", str(T), "--out", out], capture_output=True, text=True)
    if h.returncode != 0:
        sys.exit("fpga_soc_sim: " + h.stderr.strip())
    entry = int(h.stdout.strip(), 16)

    params = {"T": T, "WARP_W": synth.log2(W), "LANE_W": synth.log2(T), "IMEM_AW": a.imem_aw,
              "DMEM_AW": a.dmem_aw, "START_PC": entry, "MAX_CYCLES": a.max_cycles}
    src = synth.rtl_files(a.rtl) + [os.path.join(ROOT, "fpga", "common", f) for f in
                                     ("simty_fpga_soc.v", "simty_uart_tx.v", "tb_fpga_soc.v")]
    vvp = os.path.join(out, "tb.vvp")
    cmd = ["iverilog", "-g2005", "-s", "tb_fpga_soc", "-o", vvp]
    cmd += ["-Ptb_fpga_soc.%s=%d" % kv for kv in params.items()] + src
    c = subprocess.run(cmd, capture_output=True, text=True)
    if c.returncode != 0:
        print(c.stdout + c.stderr)
        print("FAIL iverilog could not compile the SoC bench")
        print("0 passed, 1 failed")
        return 1
    r = subprocess.run(["vvp", "-n", vvp], cwd=out, capture_output=True, text=True, timeout=1800)
    log = r.stdout
    with open(os.path.join(out, "vvp.log"), "w") as f:
        f.write(log + r.stderr)

    got = collections.Counter()
    for line in log.splitlines():
        if line.startswith("RX "):
            got[chr(int(line[3:], 16))] += 1
    want = collections.Counter(chr(ord("A") + t % 16) for t in range(W * T))
    want["\n"] += 1
    checks = [
        ("the core raised done", "DONE " in log),
        ("the bench ended before its cycle limit", "END " in log and "TIMEOUT" not in log),
        ("no console byte dropped", "OVERFLOW" not in log),
        ("no UART framing error", "FRAMING" not in log),
        ("the UART sent one byte per thread and a newline (%d bytes, got %d)"
         % (sum(want.values()), sum(got.values())), got == want),
    ]
    npass = 0
    tag = "W=%d T=%d" % (W, T)
    for name, ok in checks:
        print("%s %s: %s" % ("PASS" if ok else "FAIL", tag, name))
        npass += ok
    if got != want:
        print("  received %r, expected %r" % (dict(got), dict(want)))
    print("%d passed, %d failed" % (npass, len(checks) - npass))
    return 0 if npass == len(checks) else 1


if __name__ == "__main__":
    sys.exit(main())
