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

--prog x.elf (make fpga-sim PROG=x.elf) runs that program instead, from the very images
make bitstream PROG=x.elf patches into the board's block RAMs (scripts/fpga/progpatch.py, the
memory plan of --board, the entry point read from the boot RAM as on the board): the
core must raise done with no byte dropped or mangled, and the UART's bytes are printed.
With --sim SIMTY_SIM the program also runs on the harness (Verilator) and the bytes the
UART sent must be exactly the console bytes of every thread there (as a multiset: the
board interleaves threads in store order, the harness prints whole lines per thread).

Prints what it checked and ends with "N passed, M failed"; exit 0 only if all passed.
The verdicts come from the bench's cycle limit (--max-cycles) and the harness's; the wall
clock is a backstop only (BACKSTOP s a run, or TEST_BACKSTOP): a run it stops prints
"TOO SLOW ...", no FAIL line, and the script exits 3 if nothing else failed.
"""
import argparse
import collections
import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lib"))
import flows  # noqa: E402  (the tools, the other scripts' paths)
import progpatch  # noqa: E402  (geometry, board_plan, load_elf, write_images)
import re  # noqa: E402
import synth  # noqa: E402  (read_config, cfg_tag, rtl_files, build_program, log2, ROOT)

ROOT = synth.ROOT


# Seconds a vvp or harness run may take before the backstop stops it (flows.backstop):
# make test's fpga-sim-prog (9 programs, each compiled and run) took 36 s in all at load
# average 5; 1800 s a run is far from that, and from the larger fpga-sim configurations.
BACKSTOP = 1800


def bounded(cmd, what, bound, cwd=None):
    """subprocess.run(cmd) stopped at the backstop: the CompletedProcess, or None after
    printing the TOO SLOW line (what was stopped, the bound it had not reached)."""
    secs = flows.backstop(BACKSTOP)
    try:
        return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=secs)
    except subprocess.TimeoutExpired:
        print(flows.too_slow(what, secs, bound), flush=True)
        return None


def compile_bench(a, params, out):
    """Compile tb_fpga_soc with the core and the SoC at these parameters: the vvp
    file, or None (its output and a FAIL line printed)."""
    src = synth.rtl_files(a.rtl) + synth.FPGA_SRC + [os.path.join(ROOT, "fpga", "common",
                                                                    "tb_fpga_soc.v")]
    vvp = os.path.join(out, "tb.vvp")
    cmd = [flows.tool("IVERILOG"), "-g2005", "-s", "tb_fpga_soc", "-o", vvp]
    cmd += ["-Ptb_fpga_soc.%s=%d" % kv for kv in params.items()] + src
    c = subprocess.run(cmd, capture_output=True, text=True)
    if c.returncode != 0:
        print(c.stdout + c.stderr)
        print("FAIL iverilog could not compile the SoC bench")
        return None
    return vvp


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rtl", required=True, help="generated RTL directory (files.f, config.mk)")
    ap.add_argument("--out", help="default build/<config>/fpga-soc-sim, beside RTL_DIR")
    ap.add_argument("--imem-aw", type=int, default=8)
    ap.add_argument("--dmem-aw", type=int, default=8)
    ap.add_argument("--max-cycles", type=int, default=400000)
    ap.add_argument("--prog", action="append", help="run this ELF from make bitstream PROG='s "
                    "images (several: each in turn, the counts summed)")
    ap.add_argument("--board", default="ice40", choices=sorted(progpatch.BOOT_AW),
                    help="with --prog: the board whose memory plan and boot RAM to use")
    ap.add_argument("--sim", help="with --prog: simty-sim of the same configuration; the UART "
                    "must send exactly its console bytes")
    a = ap.parse_args()
    if a.prog:
        total, fails, worst, slow = 0, 0, 0, 0
        for elf in a.prog:
            n, f, rc = run_prog(a, elf)
            total, fails, slow = total + n, fails + f, slow + (n == 0 and rc == flows.SLOW_EXIT)
            worst = 1 if 1 in (worst, rc) else max(worst, rc)   # a failure over too slow
        if len(a.prog) > 1 or slow:
            print("%d programs: %d passed, %d failed%s" % (len(a.prog), total - fails, fails,
                                                           ", %d too slow" % slow if slow else ""))
        return worst

    cfg = synth.read_config(a.rtl)
    W, T = cfg["W"], cfg["T"]
    out = os.path.abspath(a.out or os.path.join(synth.default_dir(
        os.path.abspath(a.rtl), synth.cfg_tag(cfg)), "fpga-soc-sim"))
    os.makedirs(out, exist_ok=True)
    elf = synth.build_program(None, out)
    h = subprocess.run([sys.executable, flows.script("fpga", "elf2hex.py"), elf,
                        "--imem-words", str(1 << a.imem_aw), "--dmem-blocks", str(1 << a.dmem_aw),
                        "--block-words", str(T), "--out", out], capture_output=True, text=True)
    if h.returncode != 0:
        sys.exit("fpga_soc_sim: " + h.stderr.strip())
    entry = int(h.stdout.strip(), 16)

    params = {"T": T, "WARP_W": synth.log2(W), "LANE_W": synth.log2(T), "IMEM_AW": a.imem_aw,
              "DMEM_AW": a.dmem_aw, "START_PC": entry, "MAX_CYCLES": a.max_cycles}
    vvp = compile_bench(a, params, out)
    if vvp is None:
        print("0 passed, 1 failed")
        return 1
    r = bounded([flows.tool("VVP"), "-n", vvp], "vvp, the SoC bench (W=%d T=%d)" % (W, T),
                "its cycle limit (--max-cycles %d)" % a.max_cycles, cwd=out)
    if r is None:
        print("0 passed, 0 failed, 1 too slow")
        return flows.SLOW_EXIT
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


def run_prog(a, elf):
    """make fpga-sim PROG=: the program's board images through the SoC; (checks, failed,
    exit status)."""
    cfg = synth.read_config(a.rtl)
    W, T = cfg["W"], cfg["T"]
    name = os.path.splitext(os.path.basename(elf))[0]
    out = os.path.abspath(a.out or os.path.join(synth.default_dir(
        os.path.abspath(a.rtl), synth.cfg_tag(cfg)),
        "fpga-soc-sim-%s" % a.board, name))
    imem_aw, dmem_aw = progpatch.board_plan(a.board, T)
    geom = progpatch.geometry(a.board, T, imem_aw, dmem_aw)
    try:
        images, entry = progpatch.load_elf(elf, geom)
    except progpatch.Refused as e:
        print("fpga_soc_sim: %s" % e)
        print("FAIL %s: refused" % os.path.relpath(elf))
        return 1, 1, 3
    progpatch.write_images(out, images, geom)
    params = {"T": T, "WARP_W": synth.log2(W), "LANE_W": synth.log2(T), "IMEM_AW": imem_aw,
              "DMEM_AW": dmem_aw, "BOOT_ROM": 1, "BOOT_AW": progpatch.BOOT_AW[a.board],
              "REPORT": progpatch.REPORT[a.board], "LINE_AW": progpatch.LINE_AW[a.board],
              # the line buffers may work this long without sending: a FIFO of entries
              # (3 cycles each) and the end-of-run scan (2 per thread)
              "END_IDLE": 16 * 8 + (3 * 512 + 2 * (1 << (synth.log2(W) + synth.log2(T))) + 64
                                    if progpatch.REPORT[a.board] else 0),
              "MAX_CYCLES": a.max_cycles}
    vvp = compile_bench(a, params, out)
    if vvp is None:
        return 1, 1, 1
    r = bounded([flows.tool("VVP"), "-n", vvp], "vvp, the SoC bench running %s" % os.path.relpath(elf),
                "its cycle limit (--max-cycles %d)" % a.max_cycles, cwd=out)
    if r is None:
        return 0, 0, flows.SLOW_EXIT
    log = r.stdout
    with open(os.path.join(out, "vvp.log"), "w") as f:
        f.write(log + r.stderr)
    got = bytes(int(l[3:], 16) for l in log.splitlines() if l.startswith("RX "))
    m = re.search(r"DONE (\d+)", log)
    print("fpga-sim: %s on the %s memory plan (W=%d T=%d), entry %08x from the boot RAM"
          % (os.path.relpath(elf), a.board, W, T, entry))
    print("uart (%d bytes%s):" % (len(got), ", done at cycle %s" % m.group(1) if m else ""))
    sys.stdout.write(got.decode("latin-1") + ("" if got.endswith(b"\n") or not got else "\n"))
    tag = "%s W=%d T=%d" % (name, W, T)
    # With REPORT the board's last line is its report (simty_fpga_report.v) and every line
    # before it is a thread's, "[t5] ...", as the harness prints them.
    report = progpatch.REPORT[a.board]
    cut = got[:-1].rfind(b"\n") + 1
    rep = re.match(r"(PASS|FAIL|TRAP) \[([^]]*)\]", got[cut:].decode("latin-1")) \
        if report and got.endswith(b"\n") else None
    prog_bytes = got[:cut] if rep else got
    checks = [
        ("the core raised done", m is not None),
        ("the bench ended before its cycle limit", "END " in log and "TIMEOUT" not in log),
        ("no console byte dropped", "OVERFLOW" not in log),
        ("no UART framing error", "FRAMING" not in log),
    ]
    if report:
        checks.append(("the board's last line is its report", rep is not None))
    if a.sim:
        s = bounded([a.sim, elf], "the harness running %s" % os.path.relpath(elf),
                    "its cycle limit (simty-sim --max-cycles)")
        if s is None:
            return 0, 0, flows.SLOW_EXIT
        hlines = [l for l in s.stdout.splitlines() if re.match(r"\[t\d+\] ", l)]
        res = [l for l in s.stdout.splitlines() if re.match(r"(PASS|FAIL|TRAP|HANG|ERROR)\b", l)]
        print("harness: %s" % (res[-1] if res else "(no result line)"))
        if not report:
            # bare bytes, threads interleaved: the same bytes, newlines aside (the harness
            # ends a thread's unfinished line with one of its own)
            want = collections.Counter("".join(l.split("] ", 1)[1] for l in hlines).encode("latin-1"))
            gotc = collections.Counter(b for b in prog_bytes if b != 10)
            checks.append(("the UART sent the harness's console bytes, newlines aside (%d, got %d)"
                           % (sum(want.values()), sum(gotc.values())), gotc == want))
            npass = sum(ok for _, ok in checks)
            for cname, ok in checks:
                print("%s %s: %s" % ("PASS" if ok else "FAIL", tag, cname))
            if len(a.prog) == 1:
                print("%d passed, %d failed" % (npass, len(checks) - npass))
            return len(checks), len(checks) - npass, 0 if npass == len(checks) else 1
        # Each thread's lines, in order, are the harness's; a line longer than the board's
        # buffer (1 << LINE_AW bytes) comes in pieces of that length, joined here.
        L = 1 << progpatch.LINE_AW[a.board]
        want, got_t, stray = {}, {}, []
        for line in hlines:
            t, text = line[2:].split("] ", 1)
            want.setdefault(int(t), []).append(text)
        joining = {}
        for line in prog_bytes.decode("latin-1").splitlines():
            mm = re.match(r"\[t(\d+)\] (.*)$", line)
            if not mm:
                stray.append(line)
                continue
            t, text = int(mm.group(1)), mm.group(2)
            lines = got_t.setdefault(t, [])
            if joining.get(t):
                lines[-1] += text
            else:
                lines.append(text)
            joining[t] = len(text.encode("latin-1")) == L
        diff = sorted(t for t in set(want) | set(got_t) if want.get(t) != got_t.get(t))
        checks.append(("every line starts with its thread, [t<id>]%s"
                       % (" (not: %r)" % stray[0] if stray else ""), not stray))
        checks.append(("each thread's lines are the harness's (%d threads, %d lines%s)"
                       % (len(want), len(hlines), "; differ: t%d %r, harness %r"
                          % (diff[0], got_t.get(diff[0]), want.get(diff[0])) if diff else ""),
                       not diff))
        hm = re.match(r"(PASS|FAIL|TRAP) .*\[([^]]*)\]\s*$", res[-1]) if res else None
        checks.append(("the board's report is the harness's result (%s [%s])"
                       % (hm.group(1), hm.group(2)) if hm else "the harness printed a result",
                       bool(hm and rep and hm.group(1) == rep.group(1) and hm.group(2) == rep.group(2))))
        ht = re.search(r"thread (\d+) .*trapped: cause (\d+)", res[-1]) if res else None
        if ht:
            bt = re.search(r"first trap: t(\d+) cause (\d+)", got[cut:].decode("latin-1"))
            checks.append(("the board names the harness's trapping thread and cause (t%s, cause %s)"
                           % ht.groups(), bool(bt and bt.groups() == ht.groups())))
    npass = 0
    for cname, ok in checks:
        print("%s %s: %s" % ("PASS" if ok else "FAIL", tag, cname))
        npass += ok
    if len(a.prog) == 1:
        print("%d passed, %d failed" % (npass, len(checks) - npass))
    return len(checks), len(checks) - npass, 0 if npass == len(checks) else 1


if __name__ == "__main__":
    sys.exit(main())
