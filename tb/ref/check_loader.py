#!/usr/bin/env python3
"""Bad-input tests of simty-ref's loader and options (run under ASan/UBSan).

Generates, at test time, a small valid RV32I ELF and many broken variants
(missing, empty, truncated at several points, ELF64, big-endian, wrong
machine, RVC and RVE flags, ET_DYN/ET_REL, program headers or segments out of
the file, segments outside the memories, p_filesz > p_memsz, 32-bit overflow,
a directory, ...) and bad command lines.  Every bad case must exit 3 with a
"simty-ref: ..." message on stderr, no sanitizer report, and leave no output
file (not even a .partial one).  A few good runs check exit codes 0, 1, 2, 4
and the outputs.  A seeded random-mutation pass checks that no input crashes.

  tb/ref/check_loader.py --tool build/ref/asan/simty-ref --work DIR [ELF...]

One line per case, then "N passed, M failed"; exit 1 on failure.
"""
import argparse
import os
import random
import shutil
import struct
import subprocess
import sys

BASE = 0x80000000
SAN_MARKERS = ("AddressSanitizer", "runtime error", "LeakSanitizer", "UndefinedBehavior",
               "Segmentation fault", "core dumped")


def insns(*words):
    return b"".join(struct.pack("<I", w) for w in words)


# li a0, 0; li a7, 93; ecall            (exit 0)
PROG_PASS = insns(0x00000513, 0x05d00893, 0x00000073)
# li a0, 7; li a7, 93; ecall            (exit 7 -> riscv-tests test 3)
PROG_FAIL = insns(0x00700513, 0x05d00893, 0x00000073)
# ebreak
PROG_TRAP = insns(0x00100073)
# j .
PROG_HANG = insns(0x0000006f)


def build_elf(code, flags=0, with_syms=True, vaddr=BASE, entry=None):
    """ELF32 LE RISC-V ET_EXEC: one RWX PT_LOAD at vaddr (code + 16-byte
    signature area), optional .symtab with begin/end_signature."""
    ehsize, phsize = 52, 32
    seg_off = 0x100
    sig = struct.pack("<4I", 0x11111111, 0x22222222, 0x33333333, 0x44444444)
    body = code + b"\0" * ((-len(code)) % 16)
    sig_addr = vaddr + len(body)
    seg = body + sig
    out = bytearray(seg_off)
    out += seg
    shoff = 0
    shnum = 0
    if with_syms:
        strtab = b"\0begin_signature\0end_signature\0"
        symtab = b"\0" * 16
        symtab += struct.pack("<IIIBBH", 1, sig_addr, 0, 0, 0, 1)
        symtab += struct.pack("<IIIBBH", 17, sig_addr + 16, 0, 0, 0, 1)
        while len(out) % 4:
            out += b"\0"
        sym_off = len(out)
        out += symtab
        str_off = len(out)
        out += strtab
        while len(out) % 4:
            out += b"\0"
        shoff = len(out)
        sh = b"\0" * 40
        sh += struct.pack("<10I", 0, 1, 6, vaddr, seg_off, len(seg), 0, 0, 4, 0)       # .text
        sh += struct.pack("<10I", 0, 2, 0, 0, sym_off, len(symtab), 3, 1, 4, 16)      # .symtab
        sh += struct.pack("<10I", 0, 3, 0, 0, str_off, len(strtab), 0, 0, 1, 0)       # .strtab
        out += sh
        shnum = 4
    ident = b"\x7fELF" + bytes([1, 1, 1, 0]) + b"\0" * 8
    eh = ident + struct.pack("<HHIIIIIHHHHHH", 2, 243, 1, vaddr if entry is None else entry,
                             ehsize, shoff, flags, ehsize, phsize, 1, 40, shnum, 0)
    out[0:ehsize] = eh
    ph = struct.pack("<8I", 1, seg_off, vaddr, vaddr, len(seg), len(seg), 7, 4)
    out[ehsize:ehsize + phsize] = ph
    return bytes(out)


def patch(data, off, fmt, *vals):
    b = bytearray(data)
    struct.pack_into(fmt, b, off, *vals)
    return bytes(b)


PH = 52  # program header offset in build_elf


def bad_files(good):
    """(name, bytes or None for 'missing', or 'DIR')."""
    n = len(good)
    yield "missing file", None
    yield "empty file", b""
    yield "directory", "DIR"
    yield "text file", b"hello, this is not an ELF file\n"
    for cut in (3, 20, 51, 60, 83, 0x104):
        yield "truncated at %d bytes" % cut, good[:cut]
    yield "truncated inside the segment", good[:0x100 + 6]
    yield "ELF64 class", patch(good, 4, "B", 2)
    yield "big-endian", patch(good, 5, "B", 2)
    yield "bad ELF version", patch(good, 6, "B", 9)
    yield "wrong machine (x86-64)", patch(good, 18, "<H", 62)
    yield "RVC flag", patch(good, 36, "<I", 0x1)
    yield "RVE flag", patch(good, 36, "<I", 0x8)
    yield "ET_DYN", patch(good, 16, "<H", 3)
    yield "ET_REL", patch(good, 16, "<H", 1)
    yield "misaligned entry", patch(good, 24, "<I", BASE + 2)
    yield "no program headers", patch(good, 44, "<H", 0)
    yield "program header entry size 40", patch(good, 42, "<H", 40)
    yield "program headers outside the file", patch(good, 28, "<I", n - 8)
    yield "program header offset overflow", patch(good, 28, "<I", 0xfffffff0)
    yield "many program headers past the end", patch(good, 44, "<H", 0xfff0)
    yield "segment data outside the file", patch(good, PH + 4, "<I", n - 4)
    yield "segment offset overflow", patch(good, PH + 4, "<I", 0xfffffff8)
    yield "p_filesz > p_memsz", patch(good, PH + 20, "<I", 4)
    yield "segment below memory", patch(good, PH + 8, "<I", 0x10000)
    yield "segment above data memory", patch(good, PH + 8, "<I", BASE + (256 << 10) - 8)
    yield "segment memsz overflow", patch(good, PH + 20, "<I", 0xfffffff0)
    yield "segment in MMIO page", patch(good, PH + 8, "<I", 0xF0000000)
    yield "executable segment outside instruction memory", patch(good, PH + 8, "<I",
                                                                  BASE + (128 << 10))
    yield "dynamic (PT_INTERP)", patch(good, PH, "<I", 3)
    yield "no loadable segment", patch(good, PH, "<I", 4)
    shoff = struct.unpack_from("<I", good, 32)[0]
    yield "section headers outside the file", patch(good, 32, "<I", n - 20)
    yield "symbol table outside the file", patch(good, shoff + 2 * 40 + 16, "<I", n - 8)
    yield "symbol table link out of range", patch(good, shoff + 2 * 40 + 24, "<I", 77)
    yield "string table outside the file", patch(good, shoff + 3 * 40 + 20, "<I", 0x7fffffff)
    sym_off = struct.unpack_from("<I", good, shoff + 2 * 40 + 16)[0]
    yield "symbol name outside the string table", patch(good, sym_off + 16, "<I", 9999)


class Checker:
    def __init__(self, tool, work):
        self.tool, self.work = tool, work
        self.npass = self.nfail = 0

    def outputs(self):
        return [os.path.join(self.work, "out." + e) for e in ("log", "json", "sig")]

    def clean(self):
        for p in os.listdir(self.work):
            if p.startswith("out."):
                os.remove(os.path.join(self.work, p))

    def run(self, argv, timeout=60):
        env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:abort_on_error=0",
                   UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1")
        p = subprocess.run([self.tool] + argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=timeout, env=env)
        return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")

    def report(self, name, problem):
        if problem:
            self.nfail += 1
            print("FAIL %s: %s" % (name, problem))
        else:
            self.npass += 1
            print("PASS %s" % name)

    def sanitizer(self, err):
        return next((m for m in SAN_MARKERS if m in err), None)

    def expect_bad(self, name, argv, with_outputs=True):
        self.clean()
        o = self.outputs()
        full = (["--commit-log", o[0], "--stats", o[1], "--signature", o[2]]
                if with_outputs else []) + argv
        rc, out, err = self.run(full)
        left = [p for p in os.listdir(self.work) if p.startswith("out.")]
        msg = err.strip().splitlines()[0] if err.strip() else ""
        problem = None
        if self.sanitizer(err):
            problem = "sanitizer report: " + err.strip()[:400]
        elif rc != 3:
            problem = "exit %d, expected 3 (stderr: %s)" % (rc, err.strip()[:200])
        elif not msg.startswith("simty-ref: ") or len(msg) < 20:
            problem = "no clear message on stderr: %r" % msg
        elif left:
            problem = "left output files: %s" % ", ".join(left)
        self.report("bad input: %s -> exit 3: %s" % (name, msg[len("simty-ref: "):][:90])
                    if not problem else "bad input: " + name, problem)

    def expect_rc(self, name, argv, want, need=(), outputs=True):
        self.clean()
        o = self.outputs()
        full = (["--commit-log", o[0], "--stats", o[1], "--signature", o[2]]
                if outputs else []) + argv
        rc, out, err = self.run(full)
        problem = None
        if self.sanitizer(err):
            problem = "sanitizer report: " + err.strip()[:400]
        elif rc != want:
            problem = "exit %d, expected %d: %s %s" % (rc, want, out.strip()[-300:], err.strip()[:200])
        else:
            for s in need:
                if s not in out:
                    problem = "output lacks %r: %s" % (s, out.strip()[-300:])
                    break
            if not problem and outputs:
                missing = [p for p in o if not os.path.exists(p)]
                partial = [p for p in os.listdir(self.work) if p.endswith(".partial")]
                if missing or partial:
                    problem = "outputs missing %s / partial %s" % (missing, partial)
        self.report("good input: %s -> exit %d" % (name, want), problem)
        return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", required=True)
    ap.add_argument("--work", default="build/ref/loader")
    ap.add_argument("--mutants", type=int, default=300)
    ap.add_argument("elfs", nargs="*", help="extra good ELFs (must PASS)")
    args = ap.parse_args()
    shutil.rmtree(args.work, ignore_errors=True)
    os.makedirs(args.work)
    c = Checker(args.tool, args.work)
    good = build_elf(PROG_PASS)
    goodf = os.path.join(args.work, "good.elf")
    with open(goodf, "wb") as f:
        f.write(good)

    for name, data in bad_files(good):
        path = os.path.join(args.work, "bad.elf")
        if os.path.isdir(path):
            os.rmdir(path)
        elif os.path.exists(path):
            os.remove(path)
        if data == "DIR":
            os.mkdir(path)
        elif data is not None:
            with open(path, "wb") as f:
                f.write(data)
        c.expect_bad(name, ["--imem", "64", path])
    if os.path.isdir(os.path.join(args.work, "bad.elf")):
        os.rmdir(os.path.join(args.work, "bad.elf"))

    nosym = os.path.join(args.work, "nosym.elf")
    with open(nosym, "wb") as f:
        f.write(build_elf(PROG_PASS, with_syms=False))
    c.expect_bad("--signature without begin/end_signature symbols", [nosym])
    c.expect_bad("output directory does not exist",
                 ["--stats", os.path.join(args.work, "no/such/dir/s.json"), goodf], False)
    for name, argv in [
        ("unknown option", ["--frobnicate", goodf]),
        ("unknown short option", ["-x", goodf]),
        ("W=6 not a power of two", ["-W", "6", goodf]),
        ("W=128 too large", ["-W", "128", goodf]),
        ("T=0", ["-T", "0", goodf]),
        ("T=abc", ["-T", "abc", goodf]),
        ("W= empty", ["-W=", goodf]),
        ("--imem 3", ["--imem", "3", goodf]),
        ("--dmem 0", ["--dmem", "0", goodf]),
        ("--policy unknown", ["--policy", "fastest", goodf]),
        ("--max-cycles -1", ["--max-cycles", "-1", goodf]),
        ("--max-cycles 1e6", ["--max-cycles", "1e6", goodf]),
        ("missing option value", [goodf, "--stats"]),
        ("no ELF", []),
        ("per-run outputs with two ELFs", [goodf, goodf]),
    ]:
        c.expect_bad(name, argv, with_outputs=name == "per-run outputs with two ELFs")
    # A bad file among good ones: its ERROR line, the others still run.
    rc, out, err = c.run(["--quiet", goodf, os.path.join(args.work, "missing.elf"), goodf])
    c.report("bad file among good ones -> exit 3, others run",
             None if rc == 3 and out.count("PASS") == 2 and "ERROR" in out and not c.sanitizer(err)
             else "exit %d: %s" % (rc, out))

    # Good runs and exit codes.
    out = c.expect_rc("exit 0", [goodf], 0, ["PASS"])
    with open(c.outputs()[2]) as f:
        sig = f.read().split()
    c.report("signature dump", None if sig == ["11111111", "22222222", "33333333", "44444444"]
             else "signature %r" % sig)
    for name, prog, want, need, extra in [
        ("exit 7 (riscv-tests test 3)", PROG_FAIL, 1, ["FAIL", "exit code 7", "test 3"], []),
        ("ebreak", PROG_TRAP, 4, ["TRAP", "cause 3"], []),
        ("hang", PROG_HANG, 2, ["HANG", "warp 1", "mask 0xf"], ["--max-cycles", "100", "-W", "2", "-T", "4"]),
        ("fetch outside IMEM", PROG_PASS, 4, ["TRAP", "cause 1"], []),
    ]:
        path = os.path.join(args.work, "prog.elf")
        data = build_elf(prog) if name != "fetch outside IMEM" else \
            patch(build_elf(prog), 24, "<I", BASE + (64 << 10))
        with open(path, "wb") as f:
            f.write(data)
        c.expect_rc(name, extra + [path], want, need)
    for elf in args.elfs:
        c.expect_rc(os.path.relpath(elf), ["--quiet", elf], 0, ["PASS"], outputs="rv32ui" in elf)

    # Random mutations: never a crash or sanitizer report.
    rnd = random.Random(12345)
    bad = []
    mpath = os.path.join(args.work, "mutant.elf")
    for k in range(args.mutants):
        b = bytearray(good)
        for _ in range(rnd.randint(1, 4)):
            i = rnd.randrange(0, min(len(b), 0x110) if rnd.random() < 0.8 else len(b))
            b[i] = rnd.randrange(256)
        if rnd.random() < 0.2:
            b = b[:rnd.randrange(len(b))]
        with open(mpath, "wb") as f:
            f.write(b)
        rc, out, err = c.run(["--quiet", "--max-cycles", "1000", mpath])
        if c.sanitizer(err) or rc not in (0, 1, 2, 3, 4):
            bad.append("mutant %d: exit %d %s" % (k, rc, err.strip()[:300]))
    c.report("%d random mutants: no crash, no sanitizer report" % args.mutants,
             "; ".join(bad[:3]) if bad else None)
    c.clean()
    print("%d passed, %d failed" % (c.npass, c.nfail))
    return 1 if c.nfail else 0


if __name__ == "__main__":
    sys.exit(main())
