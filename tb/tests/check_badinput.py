#!/usr/bin/env python3
"""Bad input to the RTL harness (simty-sim) and to the generator (simty-gen).

  tb/tests/check_badinput.py --sim build/W2_T4_sorted/sim/simty-sim \
      [--sim OTHER/simty-sim ...] [--gen build/tools/simty-gen] \
      [--work build/badinput/work] [--imem 64 --dmem 256] [--mutants 40]

The bad ELFs are made at test time by tb/ref/check_loader.py's generator (the
same cases simty-ref is tested with, imported, not copied), plus a few small
programs assembled here.  For every simulator given:

  * bad files and bad command lines -> exit 3, a message naming the problem
    (the harness prints "ERROR FILE: ..." on stdout or "simty-sim: ..." on
    stderr), no signal, no sanitizer report (meaningful with an ASan build:
    tb/tests/build_asan_sim.sh), and no output file left behind although
    --commit-log, --stats and --signature were given (not even FILE.partial);
  * a spin loop with --max-cycles 5000 -> exit 2, a HANG line and a hang
    report listing every warp's paths, whose masks cover all its threads;
  * ebreak and a misaligned load in some threads -> exit 4, the TRAP line with
    the spec's mcause number (3, 4) and both causes in the commit log;
  * some threads exiting 7 -> exit 1, the FAIL line naming the thread and
    "test 3";
  * random mutants of a good ELF never crash the harness.

With --gen: bad generator parameters -> exit non-zero, a message naming the
parameter, and no output directory (or, for an existing one, no file changed
or added); also I/O failures (-o under a regular file, an output file that
cannot be written).

One line per case, then "N passed, M failed"; exit 1 on any failure.  The verdicts come
from the programs' cycle limits (--max-cycles, the harness's default) and the tools'
own ends; the wall clock is a backstop only (BACKSTOP s a run, TEST_BACKSTOP replaces
it): a case whose run it stopped prints "TOO SLOW ...", no verdict, and the script
exits 3 if nothing failed.
"""
import argparse
import hashlib
import os
import random
import shutil
import signal
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "ref"))
sys.path.insert(0, os.path.join(HERE, "..", "..", "scripts", "lib"))
import flows  # noqa: E402  (the backstop)
from check_loader import (BASE, PROG_PASS, SAN_MARKERS, bad_files,  # noqa: E402
                          build_elf, patch)

# ---- a tiny RV32I encoder for the test programs ------------------------------
A0, A7, T0, T1, T2 = 10, 17, 5, 6, 7
MHARTID = 0xF14


def i_type(op, f3, rd, rs1, imm):
    return (imm & 0xFFF) << 20 | rs1 << 15 | f3 << 12 | rd << 7 | op


def addi(rd, rs1, imm): return i_type(0x13, 0, rd, rs1, imm)
def andi(rd, rs1, imm): return i_type(0x13, 7, rd, rs1, imm)
def lw(rd, rs1, imm): return i_type(0x03, 2, rd, rs1, imm)
def csrr(rd, csr): return i_type(0x73, 2, rd, 0, csr)
def jalr(rd, rs1, imm): return i_type(0x67, 0, rd, rs1, imm)
def lui(rd, imm20): return (imm20 & 0xFFFFF) << 12 | rd << 7 | 0x37


def branch(f3, rs1, rs2, off):
    return ((off >> 12 & 1) << 31 | (off >> 5 & 0x3F) << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 |
            (off >> 1 & 0xF) << 8 | (off >> 11 & 1) << 7 | 0x63)


def beq(rs1, rs2, off): return branch(0, rs1, rs2, off)
def bne(rs1, rs2, off): return branch(1, rs1, rs2, off)


def jal(rd, off):
    return ((off >> 20 & 1) << 31 | (off >> 1 & 0x3FF) << 21 | (off >> 11 & 1) << 20 |
            (off >> 12 & 0xFF) << 12 | rd << 7 | 0x6F)


ECALL, EBREAK = 0x00000073, 0x00100073


def prog(*w):
    return b"".join(struct.pack("<I", x) for x in w)


# Threads with id % 2 == 1 spin at 0x10, the others at 0x0c: two paths per
# warp when T >= 2, neither ever ends.
PROG_SPIN = prog(csrr(A0, MHARTID), andi(T0, A0, 1), bne(T0, 0, 8), jal(0, 0), jal(0, 0))
# id % 4 == 0: ebreak (cause 3); id % 4 == 1: lw from BASE + 1 (cause 4);
# the others exit 0 and must run on to the end.
PROG_TRAPS = prog(csrr(A0, MHARTID), andi(T0, A0, 3), addi(T1, 0, 1),
                  beq(T0, 0, 0x14), beq(T0, T1, 0x14),
                  addi(A0, 0, 0), addi(A7, 0, 93), ECALL,        # 0x14
                  EBREAK,                                        # 0x20
                  lui(T2, BASE >> 12), lw(T1, T2, 1))            # 0x24
# Even ids jump out of instruction memory (cause 1); odd ids make a misaligned
# load (cause 4) first, so that with T >= 2 the faulting fetch follows the
# fetch of a load: the fault must not carry that stale word (the harness checks).
PROG_FETCHFAULT = prog(csrr(A0, MHARTID), andi(T0, A0, 1), bne(T0, 0, 12),
                       lui(T1, (BASE + 0x10000) >> 12), jalr(0, T1, 0),   # 0x0c
                       lui(T2, BASE >> 12), lw(T1, T2, 1), lw(T1, T2, 1))  # 0x14
# An indirect jump whose leader (lane 0: id % 4 == 0) has a misaligned target
# (BASE + 0x3a, cause 0) in the word id % 4 == 1 jumps to (BASE + 0x38); the
# others go to BASE + 0x34. Every thread but the leaders exits 0.
PROG_JALRMIS = prog(csrr(A0, MHARTID), andi(T0, A0, 3), lui(T1, BASE >> 12), addi(T2, 0, 1),
                    beq(T0, 0, 0x10), beq(T0, T2, 0x14),               # 0x10
                    addi(T1, T1, 0x34), jal(0, 0x14),                  # 0x18
                    addi(T1, T1, 0x3a), jal(0, 0xc),                   # 0x20
                    addi(T1, T1, 0x38), jal(0, 4),                     # 0x28
                    jalr(0, T1, 0),                                    # 0x30
                    addi(A0, 0, 0), addi(A0, 0, 0), addi(A7, 0, 93), ECALL)  # 0x34
# Even ids exit 7 (riscv-tests: test 3 failed), odd ids exit 0.
PROG_EXIT7 = prog(csrr(A0, MHARTID), andi(T0, A0, 1), addi(A0, 0, 0), bne(T0, 0, 8),
                  addi(A0, 0, 7), addi(A7, 0, 93), ECALL)

SIGNALS = {-s.value: s.name for s in signal.Signals}
# Seconds a run may take before the backstop stops it (flows.backstop): a run takes
# well under a second, an ASan build's or a generation a few seconds.
BACKSTOP = 300


class Checker:
    def __init__(self, work):
        self.work = work
        self.npass = self.nfail = self.nslow = 0
        self.slow = []      # the runs the backstop stopped since the last report

    def report(self, name, problem, real=False):
        """A case's line; TOO SLOW if a run of it was stopped by the backstop, unless
        `real` says its problem is another run's (a failure wins over too slow)."""
        slow, self.slow = self.slow, []
        if slow and not (problem and real):
            self.nslow += 1
            print(flows.too_slow("%s (%s)" % (name, "; ".join(slow)), flows.backstop(BACKSTOP),
                                 "its bound (the harness's --max-cycles, or the tool's end)"))
        elif problem:
            self.nfail += 1
            print("FAIL %s: %s" % (name, problem))
        else:
            self.npass += 1
            print("PASS %s" % name)
        sys.stdout.flush()

    @staticmethod
    def sanitizer(text):
        return next((m for m in SAN_MARKERS if m in text), None)

    def run(self, argv, leaks=1):
        env = dict(os.environ, ASAN_OPTIONS="detect_leaks=%d:abort_on_error=0" % leaks,
                   UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1")
        timeout = flows.backstop(BACKSTOP)
        try:
            p = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               timeout=timeout, env=env)
        except subprocess.TimeoutExpired:
            self.slow.append(" ".join(os.path.basename(a) for a in argv[:3]) + " ...")
            return None, "", "timeout after %g s" % timeout
        return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")

    def crash(self, rc, out, err):
        """A signal, a sanitizer report or a timeout, else None."""
        if rc is None:
            return err
        if rc < 0:
            return "killed by %s" % SIGNALS.get(rc, rc)
        s = self.sanitizer(err) or self.sanitizer(out)
        return "sanitizer report: %s" % err.strip()[:400] if s else None


# ---- the harness ------------------------------------------------------------------

class Sim:
    def __init__(self, c, sim, tag, imem, dmem):
        self.c, self.sim, self.tag = c, sim, tag
        self.dir = os.path.join(c.work, tag)
        shutil.rmtree(self.dir, ignore_errors=True)
        os.makedirs(self.dir)
        self.imem, self.dmem = imem, dmem

    def outs(self):
        d = self.dir
        return [os.path.join(d, "out.log"), os.path.join(d, "out.json"), os.path.join(d, "out.sig")]

    def leftovers(self):
        return sorted(p for p in os.listdir(self.dir) if p.startswith("out."))

    def clean(self):
        for p in self.leftovers():
            os.remove(os.path.join(self.dir, p))

    def write(self, name, data):
        path = os.path.join(self.dir, name)
        if os.path.isdir(path):
            os.rmdir(path)
        elif os.path.lexists(path):
            os.remove(path)
        if data == "DIR":
            os.mkdir(path)
        elif data is not None:
            with open(path, "wb") as f:
                f.write(data)
        return path

    def out_args(self):
        o = self.outs()
        return ["--commit-log", o[0], "--stats", o[1], "--signature", o[2]]

    def expect_bad(self, name, argv, with_outputs=True, need=None):
        """Exit 3, a message, no crash, no output files."""
        self.clean()
        rc, out, err = self.c.run([self.sim] + (self.out_args() if with_outputs else []) + argv)
        left = self.leftovers()
        msgs = [l for l in out.splitlines() if l.startswith("ERROR ")] + \
               [l for l in err.splitlines() if l.startswith(("simty-sim: ", "usage: simty-sim"))]
        msg = msgs[0] if msgs else ""
        problem = self.c.crash(rc, out, err)
        if problem:
            pass
        elif rc != 3:
            problem = "exit %d, expected 3 (stdout: %s; stderr: %s)" % (rc, out.strip()[-200:],
                                                                       err.strip()[:200])
        elif len(msg) < 20:
            problem = "no clear message (stdout %r, stderr %r)" % (out[:200], err[:200])
        elif need and not any(n.lower() in msg.lower() for n in need):
            problem = "message does not name the problem (want one of %s): %s" % (need, msg)
        elif left:
            problem = "left output files behind: %s" % ", ".join(left)
        self.c.report("%s bad input: %s -> exit 3%s" % (self.tag, name, (": " + msg[:110]) if not problem else ""),
                      problem)

    def expect_rc(self, name, argv, want, need=(), outputs=True, check=None):
        self.clean()
        rc, out, err = self.c.run([self.sim] + (self.out_args() if outputs else []) + argv)
        problem = self.c.crash(rc, out, err)
        if not problem and rc != want:
            problem = "exit %s, expected %d: %s | %s" % (rc, want, out.strip()[-300:], err.strip()[:300])
        for s in need:
            if not problem and s not in out:
                problem = "output lacks %r: %s" % (s, out.strip()[-400:])
        if not problem and outputs:
            missing = [os.path.basename(p) for p in self.outs() if not os.path.exists(p)]
            partial = [p for p in os.listdir(self.dir) if p.endswith(".partial")]
            if missing or partial:
                problem = "outputs missing %s / partial %s" % (missing, partial)
        if not problem and check:
            problem = check(out)
        self.c.report("%s %s -> exit %d" % (self.tag, name, want), problem)
        return out


def hang_check(out, W, T):
    """Every warp listed with paths whose masks are disjoint and cover its T threads."""
    warps = {}
    for line in out.splitlines():
        s = line.strip()
        if s.startswith("warp ") and ":" in s:
            head, rest = s.split(":", 1)
            try:
                w = int(head.split()[1])
                warps[w] = [p.split("/") for p in rest.split()]
            except (ValueError, IndexError):
                continue
    if sorted(warps) != list(range(W)):
        return "hang report lists warps %s, expected 0..%d" % (sorted(warps), W - 1)
    full = (1 << T) - 1
    for w, paths in warps.items():
        seen = 0
        for p in paths:
            m = int(p[1], 16)
            if seen & m:
                return "warp %d: overlapping masks %s" % (w, paths)
            seen |= m
        if seen != full:
            return "warp %d: masks %s do not cover all %d threads" % (w, paths, T)
        pcs = sorted(int(p[0], 16) for p in paths)
        want = [BASE + 0x0c] if T == 1 else [BASE + 0x0c, BASE + 0x10]
        if pcs != want:
            return "warp %d: path PCs %s, expected %s" % (w, [hex(x) for x in pcs], [hex(x) for x in want])
    return None


def sim_config(c, sim):
    """(W, T) from the harness's --help line."""
    rc, out, err = c.run([sim, "--help"], leaks=0)
    for line in out.splitlines():
        if "warps x" in line:
            w = line.split("(")[1].split()
            return int(w[0]), int(w[3])
    return None


def check_sim(c, sim, imem, dmem, mutants):
    cfg = sim_config(c, sim)
    if not cfg:
        c.report("%s --help gives the configuration" % sim, "no '(W warps x T threads' in --help")
        return
    W, T = cfg
    tag = "[sim %dx%d]" % (W, T)
    s = Sim(c, sim, "sim_%dx%d" % (W, T), imem, dmem)
    good = build_elf(PROG_PASS)
    goodf = s.write("good.elf", good)

    # A good run writes every output (else the "nothing left" checks prove nothing).
    s.expect_rc("good ELF with all outputs", [goodf], 0, ["PASS"])
    try:
        with open(s.outs()[2]) as f:
            sig = f.read().split()
    except OSError:
        sig = None
    c.report("%s signature dump" % tag, None if sig == ["11111111", "22222222", "33333333", "44444444"]
             else "signature %r" % sig)

    # Files: the check_loader.py set (missing, empty, truncations, class,
    # endianness, machine, RVC, RVE, ET_DYN/REL, segments outside memory, ...).
    names = {
        "missing file": ["cannot open", "no such file"], "empty file": ["empty"],
        "directory": ["directory"], "ELF64 class": ["32-bit", "ELF64"], "big-endian": ["endian"],
        "wrong machine (x86-64)": ["RISC-V", "machine"], "RVC flag": ["RVC", "compressed"],
        "RVE flag": ["RVE", "RV32E"], "ET_DYN": ["ET_DYN"], "ET_REL": ["ET_REL"],
    }
    for name, data in bad_files(good):
        need = names.get(name)
        if name.startswith("truncated"):
            need = ["truncated", "bad magic", "past the end"]
        elif "memory" in name or "MMIO" in name:
            need = ["does not fit", "outside"]
        s.expect_bad(name, [s.write("bad.elf", data)], need=need)
    s.write("bad.elf", None)
    # Cut the real programs too, at several points.
    real = "build/sw/rv32ui/add.elf"
    if os.path.exists(real):
        data = open(real, "rb").read()
        for cut in (1, 4, 40, 52, 100, len(data) // 3, len(data) - 1):
            s.expect_bad("rv32ui/add.elf cut to %d of %d bytes" % (cut, len(data)),
                         [s.write("cut.elf", data[:cut])], need=["truncated", "bad magic", "past the end"])
    # Segments outside this configuration's memories (sizes from --imem/--dmem).
    ph = 52
    s.expect_bad("segment just past data memory (%d KiB)" % dmem,
                 [s.write("bad.elf", patch(good, ph + 8, "<I", BASE + (dmem << 10) - 16))],
                 need=["does not fit"])
    if imem < dmem:
        # the message names the knob and the size that would hold the code
        s.expect_bad("executable segment past instruction memory (%d KiB), inside data memory" % imem,
                     [s.write("bad.elf", patch(good, ph + 8, "<I", BASE + (imem << 10) - 16))],
                     need=["needs %d KiB of instruction memory" % (2 * imem)])
        # Only the file bytes of an executable segment go to instruction memory:
        # its bss and stacks (p_memsz past p_filesz) live in data memory.
        s.expect_rc("executable segment whose bss ends past instruction memory (%d KiB) runs"
                    % imem, [s.write("bss.elf", patch(good, ph + 20, "<I", (imem + dmem) << 9))],
                    0, ["PASS"])
    s.expect_bad("/dev/null (not a regular file)", ["/dev/null"], need=["regular"])
    s.expect_bad("text file", [s.write("bad.elf", b"#!/bin/sh\necho not an ELF\n")], need=["magic"])
    s.write("bad.elf", None)

    # Command lines.
    missing = os.path.join(s.dir, "missing.elf")
    for name, argv, outs, need in [
        ("unknown option", ["--frobnicate", goodf], True, ["unknown option"]),
        ("unknown short option", ["-x", goodf], True, ["unknown option"]),
        ("--commit-log missing its argument", [goodf, "--commit-log"], False, ["--commit-log"]),
        ("--stats missing its argument", [goodf, "--stats"], False, ["--stats"]),
        ("--max-cycles missing its argument", [goodf, "--max-cycles"], True, ["--max-cycles"]),
        ("--max-cycles 0", ["--max-cycles", "0", goodf], True, ["--max-cycles"]),
        ("--max-cycles -5", ["--max-cycles", "-5", goodf], True, ["--max-cycles"]),
        ("--max-cycles abc", ["--max-cycles", "abc", goodf], True, ["--max-cycles"]),
        ("--max-cycles 1e6", ["--max-cycles", "1e6", goodf], True, ["--max-cycles"]),
        ("--max-cycles 99999999999999999999999", ["--max-cycles", "9" * 23, goodf], True, ["--max-cycles"]),
        ("no ELF", [], True, ["usage", "no ELF"]),
        ("+verilator+seed+abc", ["+verilator+seed+abc", goodf], True, ["verilator"]),
        ("+verilator+seed+0", ["+verilator+seed+0", goodf], True, ["verilator"]),
        ("+verilator+rand+reset+9", ["+verilator+rand+reset+9", goodf], True, ["verilator"]),
        ("+verilator+frobnicate", ["+verilator+frobnicate", goodf], True, ["verilator"]),
        ("two ELFs with --commit-log", [goodf, goodf], True, ["one program"]),
        ("two ELFs with --stats", ["--stats", s.outs()[1], goodf, goodf], False, ["one program"]),
        ("missing ELF among outputs", [missing], True, ["cannot open"]),
        ("--stats into a missing directory",
         ["--stats", os.path.join(s.dir, "no/such/dir/s.json"), goodf], False, ["no/such/dir", "cannot"]),
    ]:
        s.expect_bad(name, argv, with_outputs=outs, need=need)
    s.expect_rc("good ELF with +verilator+rand+reset+2 +verilator+seed+5",
                ["+verilator+rand+reset+2", "+verilator+seed+5", goodf], 0, ["PASS"])
    s.expect_rc("good ELF with --cosim", ["--cosim", goodf], 0, ["PASS"])
    s.expect_bad("bad ELF with --cosim", ["--cosim", s.write("bad.elf", patch(good, 4, "B", 2))],
                 need=["32-bit"])
    s.write("bad.elf", None)
    # Outputs whose problem shows only at the end of the run: nothing may be left.
    nosym = s.write("nosym.elf", build_elf(PROG_PASS, with_syms=False))
    s.expect_bad("--signature without begin/end_signature symbols (with --commit-log and --stats)",
                 [nosym], need=["signature"])
    s.expect_bad("--stats into a missing directory, with --commit-log",
                 ["--commit-log", s.outs()[0], "--stats", os.path.join(s.dir, "out.dir/s.json"), goodf],
                 with_outputs=False, need=["out.dir", "cannot"])
    rc, out, err = c.run([sim, "--trace", os.path.join(s.dir, "out.fst")] + s.out_args() + [goodf])
    if rc == 0:
        s.clean()
        c.report("%s --trace on a traced build runs (exit 0)" % tag, c.crash(rc, out, err))
    else:
        s.expect_bad("--trace on a build without tracing", ["--trace", os.path.join(s.dir, "out.fst"), goodf],
                     need=["trace"])
    # A bad file among good ones (no per-run outputs): ERROR line, the others run.
    rc, out, err = c.run([sim, "--quiet", goodf, missing, goodf])
    c.report("%s bad file among good ones -> exit 3, the others still run" % tag,
             c.crash(rc, out, err) or (None if rc == 3 and out.count("PASS") == 2 and "ERROR" in out
                                      else "exit %s: %s" % (rc, out.strip()[-300:])))

    # Run-time outcomes.
    spin = s.write("spin.elf", build_elf(PROG_SPIN))
    s.expect_rc("spin loop, --max-cycles 5000", ["--max-cycles", "5000", spin], 2,
                ["HANG", "paths per warp"], check=lambda out: hang_check(out, W, T))
    traps = s.write("traps.elf", build_elf(PROG_TRAPS))

    def log_lacks(first):
        """The commit log's missing trap entries: `first` always, cause 4 with 2+ threads."""
        with open(s.outs()[0]) as f:
            log = f.read()
        miss = [w for w in [first] + (["trap 4"] if W * T > 1 else []) if w not in log]
        return log, ("commit log lacks %s" % miss if miss else None)

    def trap_check(out):
        log, problem = log_lacks("trap 3")
        if problem:
            return problem
        if W * T > 2 and " exit 0" not in log:
            return "the threads that do not trap did not run on to exit 0"
        if "cause 3" not in out and "cause 4" not in out:
            return "TRAP line names no mcause 3/4: %s" % out.strip()
        return None
    s.expect_rc("ebreak (mcause 3) and misaligned load (mcause 4) in some threads", [traps], 4,
                ["TRAP"], check=trap_check)
    ffault = s.write("fetchfault.elf", build_elf(PROG_FETCHFAULT))
    s.expect_rc("jump out of instruction memory (mcause 1) after a load's fetch", [ffault], 4,
                ["TRAP", "cause 1"], check=lambda out: log_lacks("trap 1")[1])
    jmis = s.write("jalrmis.elf", build_elf(PROG_JALRMIS))

    def jmis_check(out):
        with open(s.outs()[0]) as f:
            log = f.read()
        if "trap 0" not in log:
            return "commit log lacks trap 0"
        if W * T > 1 and " exit 0" not in log:
            return "the threads whose target is aligned did not exit 0"
        return None
    s.expect_rc("indirect jump, the leader's target misaligned (mcause 0), --cosim",
                ["--cosim", jmis], 4, ["TRAP", "cause 0"], check=jmis_check)
    exit7 = s.write("exit7.elf", build_elf(PROG_EXIT7))
    s.expect_rc("even threads exit 7", [exit7], 1, ["FAIL", "exit code 7", "test 3", "thread 0"])
    # Precedence: bad input beats a trap in the same invocation.
    rc, out, err = c.run([sim, "--quiet", traps, missing])
    c.report("%s trap + bad file in one run -> exit 3 (3 before 4)" % tag,
             c.crash(rc, out, err) or (None if rc == 3 else "exit %s" % rc))

    # Random mutants of the good ELF: never a crash.
    rnd = random.Random(2026)
    bad = []
    mpath = os.path.join(s.dir, "mutant.elf")
    for k in range(mutants):
        b = bytearray(good)
        for _ in range(rnd.randint(1, 4)):
            i = rnd.randrange(0, min(len(b), 0x110) if rnd.random() < 0.8 else len(b))
            b[i] = rnd.randrange(256)
        if rnd.random() < 0.2:
            b = b[:rnd.randrange(len(b))]
        with open(mpath, "wb") as f:
            f.write(b)
        s.clean()
        rc, out, err = c.run([sim, "--quiet", "--max-cycles", "2000"] + s.out_args() + [mpath])
        if rc is None:      # the backstop stopped it: no verdict (c.slow)
            continue
        problem = c.crash(rc, out, err)
        if not problem and rc not in (0, 1, 2, 3, 4):
            problem = "exit %s" % rc
        if not problem and rc == 3 and s.leftovers():
            problem = "exit 3 but left %s" % s.leftovers()
        if problem:
            keep = os.path.join(s.dir, "mutant_%d.elf" % k)
            shutil.copy(mpath, keep)
            bad.append("mutant %d (%s): %s" % (k, keep, problem))
    s.clean()
    c.report("%s %d random mutants: no crash, no leftovers on exit 3" % (tag, mutants),
             "; ".join(bad[:3]) if bad else None, real=True)


# ---- the generator -------------------------------------------------------------------

def tree_digest(d):
    """{relative path: sha1} of every file under d (None if d does not exist)."""
    if not os.path.exists(d):
        return None
    res = {}
    for root, dirs, files in os.walk(d):
        for f in files:
            p = os.path.join(root, f)
            with open(p, "rb") as fh:
                res[os.path.relpath(p, d)] = hashlib.sha1(fh.read()).hexdigest()
    return res


def check_gen(c, gen):
    work = os.path.join(c.work, "gen")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    out = os.path.join(work, "out")
    cases = [
        # (name, args, the parameter the message must name)
        ("W=6 not a power of two", ["W=6"], "W=6"),
        ("T=12 not a power of two", ["T=12"], "T=12"),
        ("W=0", ["W=0"], "W=0"),
        ("T=0", ["T=0"], "T=0"),
        ("W=128 out of range", ["W=128"], "W=128"),
        ("T=128 out of range", ["T=128"], "T=128"),
        ("IMEM=131072 out of range", ["IMEM=131072"], "IMEM=131072"),
        ("DMEM=0", ["DMEM=0"], "DMEM=0"),
        ("unknown key FOO=1", ["FOO=1"], "FOO"),
        ("lower-case key w=8", ["w=8"], "w=8"),
        ("W=8x", ["W=8x"], "W=8x"),
        ("W= (empty)", ["W="], "W="),
        ("W=0x10", ["W=0x10"], "W=0x10"),
        ("W=-1", ["W=-1"], "W=-1"),
        ("T=1.5", ["T=1.5"], "T=1.5"),
        ("T=4e0", ["T=4e0"], "T=4e0"),
        ("W=99999999999999999999 (overflow)", ["W=" + "9" * 20], "W=9999"),
        ("duplicate key W=4 W=2", ["W=4", "W=2"], "W"),
        ("TRACK=foo", ["TRACK=foo"], "TRACK=foo"),
        ("TRACK= (empty)", ["TRACK="], "TRACK="),
        ("IMEM=3", ["IMEM=3"], "IMEM=3"),
        ("DMEM=1k", ["DMEM=1k"], "DMEM=1k"),
        ("RAMSTYLE=fast", ["RAMSTYLE=fast"], "RAMSTYLE=fast"),
        ("bare word W", ["W"], "W"),
        ("good W=2, then bad T=3", ["W=2", "T=3"], "T=3"),
        ("unknown option --frobnicate", ["--frobnicate"], "--frobnicate"),
    ]
    for name, args, param in cases:
        shutil.rmtree(out, ignore_errors=True)
        rc, so, se = c.run([gen] + args + ["-o", out])
        problem = c.crash(rc, so, se)
        if not problem and rc == 0:
            problem = "exit 0"
        elif not problem and param not in se:
            problem = "message does not name %s: %r" % (param, se.strip()[:200])
        elif not problem and os.path.exists(out):
            problem = "left output behind: %s" % (os.listdir(out) if os.path.isdir(out) else out)
        c.report("[gen] %s -> exit %s, no output%s" % (name, rc, (": " + se.strip().splitlines()[0])
                                                          if not problem and se.strip() else ""), problem)
    # -o with its argument missing.
    rc, so, se = c.run([gen, "W=2", "-o"])
    c.report("[gen] -o missing its argument -> exit non-zero, message",
             c.crash(rc, so, se) or (None if rc not in (0, None) and "-o" in se else
                                     "exit %s, stderr %r" % (rc, se.strip()[:200])))
    # An existing output directory is left exactly as it was by a bad parameter.
    keep = os.path.join(work, "keep")
    rc, so, se = c.run([gen, "W=2", "T=2", "-o", keep])
    before = tree_digest(keep)
    rc2, so2, se2 = c.run([gen, "W=2", "T=3", "-o", keep])
    after = tree_digest(keep)
    c.report("[gen] bad parameter with an existing output directory: exit non-zero, nothing changed",
             c.crash(rc2, so2, se2) or ("generating W=2 T=2 failed: %s" % se.strip()[:200] if rc != 0 else
                                        "exit 0" if rc2 == 0 else
                                        None if before == after else "directory changed"))
    # I/O failures: -o below a regular file; an output file that is a directory.
    plain = os.path.join(work, "plain")
    with open(plain, "w") as f:
        f.write("x\n")
    rc, so, se = c.run([gen, "W=2", "T=2", "-o", os.path.join(plain, "sub")])
    c.report("[gen] -o below a regular file -> exit non-zero, message, nothing created",
             c.crash(rc, so, se) or ("exit 0" if rc == 0 else
                                     "no message" if len(se.strip()) < 10 else
                                     "plain file changed" if open(plain).read() != "x\n" else None))
    # Make one output file impossible to write (a directory in its place):
    # the run must fail and leave no stray temporary files.
    io = os.path.join(work, "io")
    shutil.rmtree(io, ignore_errors=True)
    shutil.copytree(keep, io) if os.path.isdir(keep) else os.makedirs(io)
    files = sorted(f for f in os.listdir(io) if f.endswith(".v"))
    victim = files[len(files) // 2] if files else "simty_core.v"
    vpath = os.path.join(io, victim)
    if os.path.exists(vpath):
        os.remove(vpath)
    os.mkdir(vpath)
    rc, so, se = c.run([gen, "W=2", "T=4", "-o", io])
    stray = sorted(f for f in os.listdir(io) if f.endswith((".tmp", ".partial")) or "~" in f)
    c.report("[gen] an output file that cannot be written (%s is a directory) -> exit non-zero, "
             "message, no temporary files" % victim,
             c.crash(rc, so, se) or ("exit 0" if rc == 0 else
                                     "no message naming %s: %r" % (victim, se.strip()[:200]) if victim not in se else
                                     "stray files %s" % stray if stray else None))
    # After that failure the directory must not pass for a complete
    # configuration: either nothing changed, or the record of the
    # configuration (config.mk, simty_config.h) is gone, so that no later
    # build takes a mix of old (W=2 T=2) and new (W=2 T=4) files for one.
    if rc not in (0, None):
        os.rmdir(vpath)
        ref = tree_digest(keep)
        now = tree_digest(io)
        changed = sorted(f for f in now if ref.get(f) != now[f])
        kept = sorted(f for f in ("config.mk", "simty_config.h") if f in now and now[f] == ref.get(f))
        c.report("[gen] after the failed write the directory is unchanged or no longer claims a "
                 "configuration",
                 None if not changed or not kept else
                 "%d files rewritten for W=2 T=4 (%s...) but %s still say W=2 T=2: a mixed, "
                 "seemingly complete directory" % (len(changed), ", ".join(changed[:3]), " and ".join(kept)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sim", action="append", default=[], help="simty-sim to test (repeatable)")
    ap.add_argument("--gen", help="simty-gen to test")
    ap.add_argument("--work", default="build/badinput/work")
    ap.add_argument("--imem", type=int, default=64, help="the simulators' IMEM in KiB (default 64)")
    ap.add_argument("--dmem", type=int, default=256, help="the simulators' DMEM in KiB (default 256)")
    ap.add_argument("--mutants", type=int, default=40)
    args = ap.parse_args()
    if not args.sim and not args.gen:
        ap.error("give --sim and/or --gen")
    os.makedirs(args.work, exist_ok=True)
    c = Checker(args.work)
    for sim in args.sim:
        if not os.access(sim, os.X_OK):
            c.report("simulator %s exists" % sim, "not found or not executable")
            continue
        check_sim(c, sim, args.imem, args.dmem, args.mutants)
    if args.gen:
        if not os.access(args.gen, os.X_OK):
            c.report("generator %s exists" % args.gen, "not found or not executable")
        else:
            check_gen(c, args.gen)
    print("%d passed, %d failed%s" % (c.npass, c.nfail, ", %d too slow" % c.nslow if c.nslow else ""))
    return 1 if c.nfail else flows.SLOW_EXIT if c.nslow else 0


if __name__ == "__main__":
    sys.exit(main())
