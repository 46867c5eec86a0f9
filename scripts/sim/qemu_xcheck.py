#!/usr/bin/env python3
"""Cross-check simty-ref against qemu-riscv32, instruction by instruction.

For W = T = 1, each ELF runs under Debian's qemu-riscv32 in strict RV32I mode
with its per-instruction register trace (qemu prints the PC and all 32
registers before every instruction) and under simty-ref with --commit-log.
The script compares, for every instruction, the PC, and after it every
register (the model's commit log gives its rd writes), then the exit codes.

qemu-user starts with some registers (sp) set by the OS; a register is
compared from the start if qemu's initial value is 0 (the model's reset
value), else from the model's first write to it; until then qemu may not
change it either.

  scripts/sim/qemu_xcheck.py --ref build/tools/simty-ref [--work DIR] [--isa rv32i|rv32im]
                         [--random N [--seed S]] ELF...

--random N also generates N random RV32I programs (ALU, loads and stores,
forward branches, jal/jalr; no CSR, no MMIO, no misaligned access), builds
them with riscv64-unknown-elf-gcc and checks them the same way.

One line per ELF, then "N passed, M failed"; exit status 1 on any failure.
"""
import argparse
import os
import re
import subprocess
import sys

QEMU = ["qemu-riscv32", "-cpu", "rv32,m=false,a=false,f=false,d=false,c=false",
        "-singlestep", "-d", "nochain,cpu"]
ABI = ["zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0", "a1", "a2",
       "a3", "a4", "a5", "a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9",
       "s10", "s11", "t3", "t4", "t5", "t6"]
REG_RE = re.compile(r"x(\d+)/\w+\s+([0-9a-f]{8})")
COMMIT_RE = re.compile(
    r"^(\d+) (\d+) (\d+) ([0-9a-f]{8}) ([0-9a-f]{8})"
    r"(?: x(\d+)=([0-9a-f]{8}))?(?: ld ([0-9a-f]{8}))?"
    r"(?: st ([0-9a-f]{8}) ([0-9a-f]{8}) (\d+))?(?: exit (-?\d+))?(?: trap (\d+))?$")


def parse_qemu(path):
    """[(pc, [32 regs])] in execution order."""
    steps = []
    pc, regs = None, None
    with open(path) as f:
        for line in f:
            s = line.strip()
            if s.startswith("pc "):
                if pc is not None:
                    steps.append((pc, regs))
                pc, regs = int(s.split()[1], 16), [None] * 32
            elif pc is not None and s.startswith("x"):
                for m in REG_RE.finditer(s):
                    regs[int(m.group(1))] = int(m.group(2), 16)
    if pc is not None:
        steps.append((pc, regs))
    for i, (_, r) in enumerate(steps):
        if None in r:
            raise ValueError("qemu trace step %d lacks registers" % i)
    return steps


def parse_commit(path):
    out = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            m = COMMIT_RE.match(line.rstrip("\n"))
            if not m:
                raise ValueError("commit log line %d malformed: %r" % (n, line))
            g = m.groups()
            out.append({
                "pc": int(g[3], 16), "insn": int(g[4], 16),
                "rd": int(g[5]) if g[5] else 0,
                "value": int(g[6], 16) if g[6] else 0,
                "exit": int(g[11]) if g[11] is not None else None,
                "trap": int(g[12]) if g[12] is not None else None,
                "line": line.rstrip("\n"),
            })
    return out


def rname(r):
    return "x%d/%s" % (r, ABI[r])


def compare(name, steps, commits, qrc, rrc):
    """None if equal, else a message."""
    if not commits:
        return "the model committed nothing (exit %d)" % rrc
    regs = [0] * 32
    synced = [steps[0][1][r] == 0 for r in range(32)] if steps else [True] * 32
    for i, c in enumerate(commits):
        if i >= len(steps):
            return ("instruction %d (pc %08x insn %08x): the model goes on, qemu ended "
                    "(exit %d)" % (i, c["pc"], c["insn"], qrc))
        qpc, qregs = steps[i]
        if qpc != c["pc"]:
            return ("instruction %d: pc model %08x qemu %08x (previous: %s)"
                    % (i, c["pc"], qpc, commits[i - 1]["line"] if i else "none"))
        if c["rd"]:
            regs[c["rd"]] = c["value"]
            synced[c["rd"]] = True
        if c["exit"] is not None or c["trap"] is not None:
            break
        if i + 1 < len(steps):
            after = steps[i + 1][1]
            for r in range(1, 32):
                if synced[r]:
                    if after[r] != regs[r]:
                        return ("instruction %d: pc %08x insn %08x (%s): %s model %08x qemu %08x"
                                % (i, c["pc"], c["insn"], c["line"], rname(r), regs[r], after[r]))
                elif after[r] != qregs[r]:
                    return ("instruction %d: pc %08x insn %08x (%s): qemu writes %s = %08x, "
                            "the model writes nothing" % (i, c["pc"], c["insn"], c["line"],
                                                          rname(r), after[r]))
    last = commits[-1]
    if last["trap"] is not None:
        return "the model trapped (cause %d) at pc %08x, qemu exit %d" % (last["trap"], last["pc"], qrc)
    if last["exit"] is None:
        return "the model's log ends without an exit (exit %d)" % rrc
    if len(commits) != len(steps):
        return "instruction count: model %d, qemu %d" % (len(commits), len(steps))
    if (last["exit"] & 0xff) != qrc:
        return "exit code: model %d, qemu %d" % (last["exit"], qrc)
    want = 0 if last["exit"] == 0 else 1
    if rrc != want:
        return "simty-ref exit status %d for exit code %d" % (rrc, last["exit"])
    return None


RR = ["add", "sub", "sll", "slt", "sltu", "xor", "srl", "sra", "or", "and"]
RI = ["addi", "slti", "sltiu", "xori", "ori", "andi"]
SH = ["slli", "srli", "srai"]
BR = ["beq", "bne", "blt", "bge", "bltu", "bgeu"]
LD = [("lb", 1), ("lh", 2), ("lw", 4), ("lbu", 1), ("lhu", 2)]
ST = [("sb", 1), ("sh", 2), ("sw", 4)]


def random_program(rnd, n=300):
    """Assembly text of one random self-contained program (x8 = data base)."""
    regs = [r for r in range(1, 32) if r != 8]
    out = [".section .text.init,\"ax\",@progbits", ".globl _start", "_start:",
           "la x8, rdata"]
    for r in regs:
        out.append("li x%d, %d" % (r, rnd.choice([0, 1, -1, 0x7fffffff, -0x80000000,
                                                   rnd.randrange(-2**31, 2**31)])))
    label = 0
    pending = []          # (instructions left, label) for forward targets
    for _ in range(n):
        k = rnd.random()
        rd, a, b = rnd.choice(regs), rnd.choice(regs + [0]), rnd.choice(regs + [0])
        if k < 0.30:
            out.append("%s x%d, x%d, x%d" % (rnd.choice(RR), rd, a, b))
        elif k < 0.50:
            out.append("%s x%d, x%d, %d" % (rnd.choice(RI), rd, a, rnd.randrange(-2048, 2048)))
        elif k < 0.57:
            out.append("%s x%d, x%d, %d" % (rnd.choice(SH), rd, a, rnd.randrange(32)))
        elif k < 0.62:
            out.append("%s x%d, %d" % (rnd.choice(["lui", "auipc"]), rd, rnd.randrange(1 << 20)))
        elif k < 0.74:
            op, sz = rnd.choice(LD)
            out.append("%s x%d, %d(x8)" % (op, rd, rnd.randrange(0, 256, sz)))
        elif k < 0.84:
            op, sz = rnd.choice(ST)
            out.append("%s x%d, %d(x8)" % (op, b, rnd.randrange(0, 256, sz)))
        elif k < 0.93 and not pending:
            label += 1
            out.append("%s x%d, x%d, L%d" % (rnd.choice(BR), a, b, label))
            pending.append([rnd.randint(1, 4), label])
        elif k < 0.96 and not pending:
            label += 1
            out.append("jal x%d, L%d" % (rnd.choice([0, 1, 5, rd]), label))
            pending.append([rnd.randint(1, 3), label])
        elif k < 0.98 and not pending:
            label += 1
            t = rnd.choice([r for r in regs if r != rd] or [9])
            out.append("la x%d, L%d" % (t, label))
            out.append("jalr x%d, 0(x%d)" % (rnd.choice([0, 1, 5, rd]), t))
            pending.append([rnd.randint(1, 3), label])
        else:
            out.append("fence")
        for p in pending:
            p[0] -= 1
        while pending and pending[0][0] <= 0:
            out.append("L%d:" % pending.pop(0)[1])
    for _, lab in pending:
        out.append("L%d:" % lab)
    out += ["andi a0, x%d, 0x7f" % rnd.choice(regs), "li a7, 93", "ecall",
            ".data", ".balign 256", "rdata:"]
    out += [".word %d" % rnd.randrange(2**32) for _ in range(64)]
    return "\n".join(out) + "\n"


def build_random(args):
    import random
    rnd = random.Random(args.seed)
    elfs = []
    # qemu-user maps segments with mmap: page-aligned segments, text and data
    # apart (like the riscv-tests layout).
    lds = os.path.join(args.work, "random.ld")
    with open(lds, "w") as f:
        f.write("ENTRY(_start)\nSECTIONS {\n  . = 0x80000000;\n"
                "  .text : { *(.text.init) *(.text*) }\n  . = ALIGN(0x1000);\n"
                "  .data : { *(.data*) }\n}\n")
    for i in range(args.random):
        src = os.path.join(args.work, "random%03d.S" % i)
        elf = os.path.join(args.work, "random%03d.elf" % i)
        with open(src, "w") as f:
            f.write(random_program(rnd))
        p = subprocess.run([args.cc, "-march=rv32i", "-mabi=ilp32", "-nostdlib", "-nostartfiles",
                            "-T", lds, "-Wl,--no-relax", "-o", elf, src],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if p.returncode != 0:
            raise RuntimeError("cannot build %s: %s" % (src, p.stdout.decode()[:500]))
        elfs.append(elf)
    return elfs


class SLOW(str):
    """check()'s result when the --timeout backstop stopped a run: the machine was
    too slow, nothing is known of the program (make test reports the check SLOW)."""


def check(elf, args):
    base = os.path.splitext(os.path.basename(elf))[0]
    qlog = os.path.join(args.work, base + ".qemu.log")
    clog = os.path.join(args.work, base + ".commit")
    for p in (qlog, clog):
        if os.path.exists(p):
            os.remove(p)
    try:
        qemu = QEMU if args.isa == "rv32i" else [QEMU[0], QEMU[1], QEMU[2].replace("m=false", "m=true")] + QEMU[3:]
        q = subprocess.run(qemu + ["-D", qlog, elf], stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, timeout=args.timeout)
    except subprocess.TimeoutExpired:      # the backstop: no verdict (TOO SLOW)
        return SLOW("qemu did not finish within %d s" % args.timeout)
    try:
        r = subprocess.run([args.ref, "-W", "1", "-T", "1", "--isa", args.isa, "--quiet",
                            "--commit-log", clog, elf], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=args.timeout)
    except subprocess.TimeoutExpired:
        return SLOW("simty-ref did not finish within %d s" % args.timeout)
    if r.returncode == 3 or not os.path.exists(clog):
        return "simty-ref failed (exit %d): %s" % (r.returncode, r.stderr.decode().strip())
    if not os.path.exists(qlog):
        return "qemu wrote no trace (exit %d): %s" % (q.returncode, q.stderr.decode().strip())
    steps = parse_qemu(qlog)
    commits = parse_commit(clog)
    msg = compare(base, steps, commits, q.returncode, r.returncode)
    if msg is None:
        return None, len(commits)
    return msg


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ref", required=True)
    ap.add_argument("--work", default="build/ref/qemu")
    ap.add_argument("--isa", default="rv32i", choices=["rv32i", "rv32im"],
                    help="rv32im: qemu with M, the model with --isa rv32im (the rv32um tests)")
    ap.add_argument("--timeout", type=int, default=60)
    ap.add_argument("--random", type=int, default=0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cc", default="riscv64-unknown-elf-gcc")
    ap.add_argument("elfs", nargs="*")
    args = ap.parse_args()
    os.makedirs(args.work, exist_ok=True)
    if args.random:
        args.elfs += build_random(args)
    if not args.elfs:
        print("qemu_xcheck: no ELF given (build them with: make sw)")
        print("0 passed, 1 failed")
        return 1
    npass = nfail = nslow = 0
    for elf in args.elfs:
        res = check(elf, args)
        name = os.path.relpath(elf)
        if isinstance(res, tuple):
            npass += 1
            print("PASS %s: %d instructions agree with qemu" % (name, res[1]))
        elif isinstance(res, SLOW):
            nslow += 1
            print("TOO SLOW %s: %s" % (name, res))
        else:
            nfail += 1
            print("FAIL %s: %s" % (name, res))
    print("%d passed, %d failed%s" % (npass, nfail, ", %d too slow" % nslow if nslow else ""))
    return 1 if nfail else 3 if nslow else 0


if __name__ == "__main__":
    sys.exit(main())
