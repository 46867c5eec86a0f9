#!/usr/bin/env python3
"""Issue cycles of the RTL against the model's: a calibration aid of the model's timing
(issue 54).

    scripts/sim/issue_diff.py ELF [--cfg 8x8] [--track sorted|lazy|arbiter|<track>]
                              [--model-args "--timing rtl"] [--show N] [--top 25] [--keep DIR]
    scripts/sim/issue_diff.py --rtl-log A --model-log B [--elf ELF] [--show N] [--top 25]
    scripts/sim/issue_diff.py --self-test

Runs the ELF with --commit-log on the RTL simulator of --cfg and --track (sorted: the exact
sorter, lazy: SORTER=lazy, or any track of scripts/lib/simjobs.py; built with make) and
on the model (--policy minsp-pc and --model-args), or reads two logs already written.
A commit log has a line per thread (spec.md); the lines of one (cycle, warp, PC) are one
issue.  Per warp, the k-th issue of the RTL is matched with the model's k-th while their
PCs agree; the first position where they differ is reported and that warp's matching
stops there.  For each matched issue after a warp's first, the delta is the cycles since
the same warp's previous issue, in each log.  Reports:
  (a) totals: issues of each log, matched issues, the sums of the RTL's and the model's deltas;
  (b) the --top patterns by total |RTL delta - model delta|, a pattern being (class of the
      previous instruction, class of this one, RTL delta, model delta), with counts; the
      class is alu, mul/div, lui/auipc, load, store, branch-taken-back, branch-taken-fwd,
      branch-not-taken, jal, jalr, csr, system, fence, amo (taken from the next PC);
  (c) --show N: the first N issues whose deltas differ, each after the warp's 3 issues
      before it: PC, disassembly (riscv64-unknown-elf-objdump -d of the ELF), deltas;
  (d) with more than one warp, the cycles in which nothing issued, in each log.
--self-test: two small hand-written logs.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lib"))
import simjobs  # noqa: E402

OBJDUMP = os.environ.get("OBJDUMP", "riscv64-unknown-elf-objdump")
GAP_BUCKETS = ((1, 1), (2, 2), (3, 3), (4, 7), (8, 15), (16, None))


# --- the logs ------------------------------------------------------------------
def read_issues(path):
    """{warp: [(cycle, pc, insn)]} of a commit log, one entry per (cycle, warp, pc):
    the lines of a multi-lane issue collapse to one."""
    out = {}
    with open(path) as f:
        for line in f:
            p = line.split(None, 5)
            if len(p) < 5:
                continue
            w, issue = int(p[1]), (int(p[0]), int(p[3], 16), int(p[4], 16))
            seq = out.setdefault(w, [])
            if not seq or seq[-1][:2] != issue[:2]:
                seq.append(issue)
    return out


def branch_target(pc, insn):
    imm = (((insn >> 31) & 1) << 12) | (((insn >> 7) & 1) << 11) \
        | (((insn >> 25) & 0x3f) << 5) | (((insn >> 8) & 0xf) << 1)
    return (pc + (imm - (1 << 13) if imm & (1 << 12) else imm)) & 0xffffffff


SIMPLE = {0x37: "lui/auipc", 0x17: "lui/auipc", 0x03: "load", 0x23: "store", 0x6f: "jal",
          0x67: "jalr", 0x0f: "fence", 0x2f: "amo", 0x13: "alu"}


def insn_class(pc, insn, next_pc):
    """The class of an instruction; a branch's from the PC its warp issued next (None:
    none followed)."""
    op = insn & 0x7f
    if op in SIMPLE:
        return SIMPLE[op]
    if op == 0x33:
        return "mul/div" if insn >> 25 == 1 else "alu"
    if op == 0x73:
        return "csr" if (insn >> 12) & 7 else "system"
    if op != 0x63:
        return "other"
    target = branch_target(pc, insn)
    if next_pc == target and target != (pc + 4) & 0xffffffff:
        return "branch-taken-back" if target < pc else "branch-taken-fwd"
    return "branch-not-taken" if next_pc == (pc + 4) & 0xffffffff else "branch-?"


def classes(seq):
    """The class of each issue of a warp's sequence."""
    return [insn_class(pc, insn, seq[i + 1][1] if i + 1 < len(seq) else None)
            for i, (_, pc, insn) in enumerate(seq)]


def match(rtl, model):
    """Per warp: the matched issues (dicts with the deltas and classes) and the first
    divergence (warp, position, RTL PC, model PC; None for a log that has ended)."""
    matched, diverged = [], []
    for w in sorted(set(rtl) | set(model)):
        a, b = rtl.get(w, []), model.get(w, [])
        n = 0
        while n < min(len(a), len(b)) and a[n][1] == b[n][1]:
            n += 1
        if n < max(len(a), len(b)):
            diverged.append((w, n, a[n][1] if n < len(a) else None,
                             b[n][1] if n < len(b) else None))
        cls = classes(a)
        for k in range(1, n):
            matched.append({"warp": w, "k": k, "pc": a[k][1], "cls": cls[k], "prev": cls[k - 1],
                            "rd": a[k][0] - a[k - 1][0], "md": b[k][0] - b[k - 1][0],
                            "rc": a[k][0]})
    matched.sort(key=lambda m: (m["rc"], m["warp"]))
    return matched, diverged


def patterns(matched, top):
    """The `top` patterns (prev class, class, RTL delta, model delta) by total |difference|:
    [(pattern, count, total |RTL - model|)]."""
    count = Counter((m["prev"], m["cls"], m["rd"], m["md"]) for m in matched)
    rows = [(p, n, n * abs(p[2] - p[3])) for p, n in count.items() if p[2] != p[3]]
    rows.sort(key=lambda r: (-r[2], -r[1], r[0]))
    return rows[:top]


def idle(seqs):
    """Per-cycle view of a log: (span from first to last issue, cycles with an issue, gaps
    histogram {bucket: gaps of that many idle cycles})."""
    cycles = sorted({c for seq in seqs.values() for c, _, _ in seq})
    if not cycles:
        return 0, 0, {}
    hist = Counter()
    for a, b in zip(cycles, cycles[1:]):
        gap = b - a - 1
        for lo, hi in GAP_BUCKETS:
            if gap >= lo and (hi is None or gap <= hi):
                hist[(lo, hi)] += 1
    return cycles[-1] - cycles[0] + 1, len(cycles), hist


# --- the report ----------------------------------------------------------------
def disassembly(elf):
    """{pc: "mnemonic operands"} of the ELF (objdump -d), {} without one."""
    if not elf:
        return {}
    r = subprocess.run([OBJDUMP, "-d", elf], capture_output=True, text=True)
    out = {}
    for line in r.stdout.splitlines():
        m = re.match(r"\s*([0-9a-f]+):\s+[0-9a-f]+\s+(.*)$", line)
        if m:
            out[int(m.group(1), 16)] = " ".join(m.group(2).split())
    return out


def totals_lines(rtl, model, matched, diverged):
    n = lambda s: sum(len(x) for x in s.values())      # noqa: E731
    lines = ["## Totals", "",
             "issues: RTL %d, model %d; matched %d (with a delta), over %d warps"
             % (n(rtl), n(model), len(matched), len(set(rtl) | set(model))),
             "sum of deltas: RTL %d, model %d (model - RTL %+d, %s)" % (
                 sum(m["rd"] for m in matched), sum(m["md"] for m in matched),
                 sum(m["md"] - m["rd"] for m in matched), pct(matched))]
    for w, k, a, b in diverged:
        lines.append("warp %d: PCs diverge at issue %d: RTL %s, model %s" % (
            w, k, hexpc(a), hexpc(b)))
    return lines + [""]


def pct(matched):
    rd = sum(m["rd"] for m in matched)
    return "%+.1f %%" % (100.0 * (sum(m["md"] for m in matched) - rd) / rd) if rd else "-"


def hexpc(pc):
    return "(ended)" if pc is None else "%08x" % pc


def pattern_lines(rows, top):
    lines = ["## Top %d patterns by total |RTL delta - model delta|" % top, "",
             "| previous | this | RTL delta | model delta | count | total abs diff |",
             "|---|---|---|---|---|---|"]
    lines += ["| %s | %s | %d | %d | %d | %d |" % (p[0], p[1], p[2], p[3], n, tot)
              for p, n, tot in rows]
    return lines + [""]


def show_lines(rtl, matched, dis, show):
    """The first `show` issues whose deltas differ, after their warp's 3 issues before."""
    bad = [m for m in matched if m["rd"] != m["md"]][:show]
    lines = ["## First %d mismatching issues" % len(bad), ""]
    by = {(m["warp"], m["k"]): m for m in matched}
    for m in bad:
        lines.append("warp %d issue %d at RTL cycle %d:" % (m["warp"], m["k"], m["rc"]))
        for k in range(max(0, m["k"] - 3), m["k"] + 1):
            pc = rtl[m["warp"]][k][1]
            d = by.get((m["warp"], k))
            lines.append("  %s %08x  %-32s %s" % (
                ">" if k == m["k"] else " ", pc, dis.get(pc, "?"),
                "RTL +%d model +%d" % (d["rd"], d["md"]) if d else "(first)"))
    return lines + [""]


def idle_lines(rtl, model):
    (sa, ia, ha), (sb, ib, hb) = idle(rtl), idle(model)
    lines = ["## Cycles without an issue (first to last issue)", "",
             "| | RTL | model |", "|---|---|---|",
             "| span, cycles | %d | %d |" % (sa, sb),
             "| cycles with an issue | %d | %d |" % (ia, ib),
             "| cycles with none | %d (%.1f %%) | %d (%.1f %%) |" % (
                 sa - ia, 100.0 * (sa - ia) / sa if sa else 0, sb - ib,
                 100.0 * (sb - ib) / sb if sb else 0)]
    for lo, hi in GAP_BUCKETS:
        name = "%d" % lo if lo == hi else "%d+" % lo if hi is None else "%d-%d" % (lo, hi)
        lines.append("| gaps of %s idle cycles | %d | %d |" % (name, ha[(lo, hi)], hb[(lo, hi)]))
    return lines + [""]


def report(rtl, model, elf=None, show=0, top=25):
    """The whole report as text, from the two logs' issues (read_issues)."""
    matched, diverged = match(rtl, model)
    lines = totals_lines(rtl, model, matched, diverged) + pattern_lines(patterns(matched, top), top)
    if show:
        lines += show_lines(rtl, matched, disassembly(elf), show)
    if len(set(rtl) | set(model)) > 1:
        lines += idle_lines(rtl, model)
    return "\n".join(lines)


# --- the runs ------------------------------------------------------------------
def run_logs(a, tmp):
    """Run the ELF on the RTL and on the model with commit logs; their paths."""
    w, t = simjobs.parse_cfg(a.cfg)
    track = simjobs.engine_track(a.track)
    dmem = simjobs.c_dmem_kib(w, t)
    sim = simjobs.build_sim(w, t, track, dmem, "issue_diff")
    simjobs.make(["ref"], "issue_diff")
    margs = simjobs.model_args(a.model_args, track)
    msg = simjobs.model_refusal(margs, w, t, a.elf)
    if msg:
        sys.exit("issue_diff: the model refuses --model-args %r: %s" % (a.model_args, msg))
    logs = (os.path.join(tmp, "rtl.log"), os.path.join(tmp, "model.log"))
    ref = [simjobs.REF_BIN, "-W", str(w), "-T", str(t), "--policy", "minsp-pc"] + margs \
        + (["--dmem", str(dmem)] if dmem else [])
    for cmd, log in (([sim], logs[0]), (ref, logs[1])):
        r = subprocess.run(cmd + ["--quiet", "--commit-log", log, a.elf], capture_output=True,
                           text=True)
        print("issue_diff: %s: %s" % (os.path.basename(cmd[0]), (r.stdout + r.stderr).strip()))
        if r.returncode != 0:
            sys.exit("issue_diff: %s exited %d" % (cmd[0], r.returncode))
    return logs


# --- self-test -------------------------------------------------------------------
# Two warps of two lanes: addi at 0 and 8, lw at 4, beq x0, x0, -4 at c, sw at 10.
SELF_RTL = """10 0 0 80000000 00000013
10 0 1 80000000 00000013
11 1 0 80000000 00000013
12 0 0 80000004 00002083
12 0 1 80000004 00002083
14 1 0 80000004 00002083
21 0 0 80000008 00000013
22 0 0 8000000c fe000ee3
23 1 0 80000008 00000013
24 1 0 8000000c fe000ee3
25 0 0 80000008 00000013
26 0 0 8000000c fe000ee3
27 0 0 80000010 00102023
27 0 1 80000010 00102023
"""
SELF_MODEL = """0 0 0 80000000 00000013
0 0 1 80000000 00000013
1 0 0 80000004 00002083
2 1 0 80000000 00000013
3 1 0 80000004 00002083
10 0 0 80000008 00000013
11 0 0 8000000c fe000ee3
12 1 0 80000008 00000013
13 1 0 80000010 00102023
14 0 0 80000008 00000013
15 0 0 8000000c fe000ee3
16 0 0 80000010 00102023
"""


def self_test():
    check = simjobs.Checks()
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for name, text in (("rtl.log", SELF_RTL), ("model.log", SELF_MODEL)):
            paths.append(os.path.join(tmp, name))
            with open(paths[-1], "w") as f:
                f.write(text)
        rtl, model = read_issues(paths[0]), read_issues(paths[1])
    check("one issue per (cycle, warp, pc): RTL 7 + 4, model 7 + 4",
          [len(rtl[0]), len(rtl[1]), len(model[0]), len(model[1])] == [7, 4, 7, 4])
    matched, diverged = match(rtl, model)
    check("warp 1 diverges at issue 3 (RTL 8000000c, model 80000010): %r" % diverged,
          diverged == [(1, 3, 0x8000000c, 0x80000010)])
    check("matched issues with deltas: 6 of warp 0, 2 of warp 1; sums 29 and 26",
          len(matched) == 8 and sum(m["rd"] for m in matched) == 29
          and sum(m["md"] for m in matched) == 26)
    cls = classes(rtl[0])
    check("classes: alu, load, alu, branch taken back, alu, not taken, store (%s)" % cls,
          cls == ["alu", "load", "alu", "branch-taken-back", "alu", "branch-not-taken", "store"])
    check("classes of the other encodings",
          [insn_class(0, i, None) for i in (0x00000037, 0x00000017, 0x0000006f, 0x00008067,
                                             0xc0002573, 0x00000073, 0x02208033, 0x00208033)]
          == ["lui/auipc"] * 2 + ["jal", "jalr", "csr", "system", "mul/div", "alu"]
          and insn_class(0x100, 0x00000863, 0x110) == "branch-taken-fwd")
    rows = patterns(matched, 25)
    check("patterns: (alu, load, 3, 1) first, then (alu, load, 2, 1); equal deltas left out "
          "(%r)" % rows, rows == [(("alu", "load", 3, 1), 1, 2), (("alu", "load", 2, 1), 1, 1)])
    text = report(rtl, model, show=1)
    check("--show 1: warp 0's issue 1 after its first, both deltas",
          "warp 0 issue 1 at RTL cycle 12:" in text and
          "  > 80000004  ?                                RTL +2 model +1" in text
          and "    80000000  ?                                (first)" in text)
    check("per-cycle view: RTL 18 cycles, 7 idle; model 17, 6 idle",
          "| span, cycles | 18 | 17 |" in text and "| cycles with none | 7 (38.9 %) | 6 (35.3 %) |"
          in text and "| gaps of 4-7 idle cycles | 1 | 1 |" in text
          and "| gaps of 1 idle cycles | 1 | 0 |" in text)
    check("totals line", "sum of deltas: RTL 29, model 26 (model - RTL -3, -10.3 %)" in text)
    return check.summary("issue-diff-selftest")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("elf", nargs="?", help="the program (its disassembly for --show)")
    ap.add_argument("--cfg", default="8x8", help="W x T (default %(default)s)")
    ap.add_argument("--track", default="sorted",
                    help="sorted (exact sorter), lazy, arbiter or a simjobs track")
    ap.add_argument("--model-args", default="--timing rtl",
                    help="the model's timing arguments (with --timing rtl the track's "
                         "--track and --sorter or --arbpipe follow; default %(default)s)")
    ap.add_argument("--rtl-log", help="compare this RTL log (with --model-log), run nothing")
    ap.add_argument("--model-log")
    ap.add_argument("--show", type=int, default=0, help="the first N mismatching issues")
    ap.add_argument("--top", type=int, default=25, help="patterns listed (default 25)")
    ap.add_argument("--keep", metavar="DIR", help="write the two logs there")
    ap.add_argument("--self-test", action="store_true")
    a = ap.parse_args()
    if a.self_test:
        return self_test()
    if bool(a.rtl_log) != bool(a.model_log) or not (a.rtl_log or a.elf):
        ap.error("an ELF to run, or --rtl-log and --model-log")
    try:
        if a.rtl_log:
            logs = (a.rtl_log, a.model_log)
            print(report(read_issues(logs[0]), read_issues(logs[1]), a.elf, a.show, a.top))
            return 0
        with tempfile.TemporaryDirectory() as tmp:
            if a.keep:
                os.makedirs(a.keep, exist_ok=True)
            logs = run_logs(a, a.keep or tmp)
            print(report(read_issues(logs[0]), read_issues(logs[1]), a.elf, a.show, a.top))
    except ValueError as e:
        sys.exit("issue_diff: %s" % e)
    return 0


if __name__ == "__main__":
    sys.exit(main())
