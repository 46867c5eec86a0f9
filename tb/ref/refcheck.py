"""Helpers shared by the model's directed checks (check_cfg.py, check_timing.py,
check_fastpath.py): running a tool, assembling a directed program, its symbols,
and the PASS/FAIL lines with their "N passed, M failed" total."""
import argparse
import os
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
GCC = os.environ.get("REF_RISCV_GCC", "riscv64-unknown-elf-gcc")
NM = GCC[:-3] + "nm" if GCC.endswith("gcc") else "nm"
STRIP = GCC[:-3] + "strip" if GCC.endswith("gcc") else "riscv64-unknown-elf-strip"
# The reference model's policies (simty-ref --help), the list policies first.
POLICIES = ["minsp-pc", "min-pc", "depth-first", "breadth-first", "ipdom", "minority-first",
            "mp-ipdom"]


# The model's ISAs (simty-ref --isa); a directed program is assembled for its own.
ISAS = ["rv32i", "rv32im", "rv32ia", "rv32ima"]


def arguments(doc, programs=True, more=None):
    """The checks' command line: --ref, --work (created) and, with programs,
    the directed programs' sources; more(parser), if given, adds a check's
    own options."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--ref", required=True)
    ap.add_argument("--work", required=True)
    if programs:
        ap.add_argument("programs", nargs="+")
    if more:
        more(ap)
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)
    return a


def run(cmd, timeout=120):
    """(exit code, stdout + stderr) of cmd."""
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    return r.returncode, r.stdout + r.stderr


def assemble(src, elf, isa="rv32i"):
    """A directed program (sw/simt's macros, gen's memory map) for ISA isa,
    linked alone at the instruction memory's base: (exit code, the tools'
    output)."""
    return run([GCC, "-march=%s_zicsr" % isa, "-mabi=ilp32", "-nostdlib", "-nostartfiles",
                "-static", "-Wl,-N", "-I", os.path.join(ROOT, "sw", "simt"), "-I",
                os.path.join(ROOT, "gen"), "-Wl,-Ttext=0x80000000", "-Wl,--no-relax",
                "-Wl,--build-id=none", "-Wl,--no-warn-rwx-segments", "-o", elf, src])


def symbols(elf):
    """{name: address} of the ELF's symbols."""
    syms = {}
    for line in run([NM, elf])[1].splitlines():
        f = line.split()
        if len(f) == 3:
            syms[f[2]] = int(f[0], 16)
    return syms


class Checks:
    """One PASS or FAIL line per check; total() prints the count and gives the
    exit code."""

    def __init__(self):
        self.npass = self.nfail = 0

    def report(self, ok, what, detail=""):
        self.npass += bool(ok)
        self.nfail += not ok
        print("%s %s%s" % ("PASS" if ok else "FAIL", what, "" if ok else ": " + detail), flush=True)

    def assembled(self, src, work, isa="rv32i"):
        """src assembled for isa into WORK/<name>.elf: (name, elf, its
        symbols), or None after a FAIL line when the tools fail."""
        name = os.path.splitext(os.path.basename(src))[0]
        elf = os.path.join(work, name + ".elf")
        rc, out = assemble(src, elf, isa)
        if rc != 0:
            self.report(False, "%s: assemble" % name, out.strip()[-400:])
            return None
        return name, elf, symbols(elf)

    def total(self):
        print("%d passed, %d failed" % (self.npass, self.nfail))
        return 1 if self.nfail else 0
