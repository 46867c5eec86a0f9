#!/usr/bin/env python3
"""Memory-pass rules of the reference model measured on the bench kernels (issue 50).

    scripts/bench/pass_rules.py [--cfgs "8x8 4x64"] [--weak-cfgs "8x32 8x8"] [--rules ...]
                          [--kernels "..."] [--jobs N] [--md FILE]
    scripts/bench/pass_rules.py --self-test

Runs every bench kernel on the model (simty-ref --pass-rule R, tb/README.md) under
each rule, for the fixed-size kernels at --cfgs and the weak-scaled ones (sized for
W*T threads, BENCH_SCALE=weak) at --weak-cfgs, through simjobs' job runner as
scripts/bench/bench.py does.  Every run must pass and match its expected signature (the
results do not depend on the rule).  The table gives, per configuration and rule, the
memory passes per memory instruction (bench.mem_passes of the commit log), the model's
cycles summed over the kernels, those cycles relative to `word`, and the share of the
memory passes that are stack accesses (rs1 = sp, s0/fp or tp: x2, x8, x4; per-thread
stacks and thread-local data lie in different blocks, so no in-block rule merges them),
and what the passes per memory instruction would be if every stack instruction took one
pass (as it would with the threads' stacks interleaved word by word).
A second table gives the passes per memory instruction kernel by kernel.  --md FILE
writes the tables there (else they are printed).

--self-test (make test, `pass-rules` of scripts/test/testsuite.sh): at 2x4, 8x8 and 4x64 the
simt store and sub-word tests and three kernels under every rule must pass with the same
signatures; memory passes per memory instruction must fall strictly from word to packed
on dotprod (a half-word array read by consecutive threads) and, at 4x64, from word to
block on oddeven (each thread's 32 words, two threads per block of 4T bytes); a bad rule
must exit 3.
"""
import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lib"))
import simjobs  # noqa: E402
from bench import check_signature, kernels_in, mem_passes  # noqa: E402

RULES = ("word", "packed", "rotate", "block")
STACK_REGS = (2, 8, 4)          # sp, s0/fp, tp
RUN_TIMEOUT = 600
RUN_MEM_MIB = 4096


def is_stack_mem(line):
    """A commit-log line of a load or store whose rs1 is sp, s0 or tp."""
    insn = int(line.split(None, 5)[4], 16)
    return insn & 0x7f in (0x03, 0x23) and (insn >> 15) & 31 in STACK_REGS


def stack_passes(log):
    """Memory passes whose instruction's rs1 is sp, s0 or tp, and the memory
    instructions among them, split as bench.mem_passes splits them."""
    return mem_passes(log, is_stack_mem)


def run_rule(job):
    """One kernel under one rule: a record (exit code, check, cycles, passes)."""
    w, t, dmem, bench_dir, kernel, rule, scale = job
    elf = os.path.join(bench_dir, kernel + ".elf")
    rec = {"kernel": kernel, "W": w, "T": t, "rule": rule, "scale": scale}
    with tempfile.TemporaryDirectory() as tmp:
        st, sig = os.path.join(tmp, "stats.json"), os.path.join(tmp, "sig.txt")
        log = os.path.join(tmp, "commit.log")
        cmd = [simjobs.REF_BIN, "-W", str(w), "-T", str(t), "--pass-rule", rule, "--quiet",
               "--stats", st, "--signature", sig, "--commit-log", log]
        if dmem:
            cmd += ["--dmem", str(dmem)]
        r = simjobs.run_cmd(cmd + [elf], RUN_TIMEOUT, simjobs.job_mem_mib(RUN_MEM_MIB))
        rec["exit_code"] = r["rc"]
        if r["rc"] != 0:
            out = (r["out"] + r["err"]).strip()
            rec["check"] = "exit %s: %s" % (r["rc"], out.splitlines()[-1] if out else "")
            return rec
        with open(st) as f:
            rec["cycles"] = json.load(f)["cycles"]
        with open(sig) as f:
            rec["signature"] = f.read()
        rec["check"] = check_signature(sig, os.path.join(bench_dir, kernel + ".sig"))
        rec["mem_passes"], rec["mem_instructions"] = mem_passes(log)
        rec["stack_passes"], rec["stack_instructions"] = stack_passes(log)
    return rec


def summarize(recs):
    """{(scale, W, T, rule): totals over the kernels}."""
    out = {}
    for r in recs:
        key = (r["scale"], r["W"], r["T"], r["rule"])
        s = out.setdefault(key, {"cycles": 0, "mem_passes": 0, "mem_instructions": 0,
                                 "stack_passes": 0, "stack_instructions": 0, "kernels": 0})
        for k in ("cycles", "mem_passes", "mem_instructions", "stack_passes",
                  "stack_instructions"):
            s[k] += r.get(k, 0)
        s["kernels"] += 1
    return out


def table(summary, rules):
    lines = ["| configuration | rule | memory passes / memory instr. | cycles | cycles / word "
             "| stack share of memory passes | passes / instr. if stack instr. took one |",
             "|---|---|---|---|---|---|---|"]
    keys = sorted({k[:3] for k in summary}, key=lambda k: (k[0] != "fixed", k[1] * k[2], k[2]))
    for scale, w, t in keys:
        base = summary.get((scale, w, t, "word"))
        for rule in rules:
            s = summary.get((scale, w, t, rule))
            if not s:
                continue
            rel = "%.3f" % (s["cycles"] / base["cycles"]) if base and base["cycles"] else "-"
            lines.append("| %dx%d%s | `%s` | %.2f | %s | %s | %.0f %% | %.2f |" % (
                w, t, " weak" if scale == "weak" else "", rule,
                s["mem_passes"] / max(1, s["mem_instructions"]), format(s["cycles"], ","), rel,
                100.0 * s["stack_passes"] / max(1, s["mem_passes"]),
                (s["mem_passes"] - s["stack_passes"] + s["stack_instructions"])
                / max(1, s["mem_instructions"])))
    return "\n".join(lines) + "\n"


def kernel_table(recs, rules):
    """Memory passes per memory instruction, kernel by kernel, per configuration."""
    cfgs = sorted({(r["scale"], r["W"], r["T"]) for r in recs},
                  key=lambda k: (k[0] != "fixed", k[1] * k[2], k[2]))
    ks = sorted({r["kernel"] for r in recs})
    by = {(r["scale"], r["W"], r["T"], r["kernel"], r["rule"]): r for r in recs}
    head = ["kernel"] + ["%dx%d%s `%s`" % (w, t, " weak" if sc == "weak" else "", ru)
                         for sc, w, t in cfgs for ru in rules]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for k in ks:
        row = [k]
        for sc, w, t in cfgs:
            for ru in rules:
                r = by.get((sc, w, t, k, ru))
                row.append("%.2f" % (r["mem_passes"] / r["mem_instructions"])
                           if r and r.get("mem_instructions") else "-")
        lines.append("| " + " | ".join(row) + " |")
    return "\n".join(lines) + "\n"


def measure(a):
    simjobs.make(["build/tools/simty-ref"], "pass_rules")
    jobs, names = [], []
    groups = [("fixed", c) for c in simjobs.parse_cfgs(a.cfgs)] if a.cfgs.strip() else []
    groups += [("weak", c) for c in simjobs.parse_cfgs(a.weak_cfgs)] if a.weak_cfgs.strip() else []
    for scale, (w, t) in groups:
        dmem = simjobs.c_dmem_kib(w, t)
        if scale == "weak":
            bench_dir = simjobs.build_bench_sw_weak(w * t, dmem, a.seed, "pass_rules")
        else:
            bench_dir = simjobs.build_bench_sw(dmem, a.seed, "pass_rules")
        for k, kdir in kernels_in(bench_dir, a.kernels):
            for rule in a.rules:
                jobs.append((w, t, dmem, kdir, k, rule, scale))
                names.append("%s-%dx%d%s-%s" % (k, w, t, "w" if scale == "weak" else "", rule))
    recs = simjobs.run_map(run_rule, jobs, a.jobs, "pass_rules", names)
    bad = [r for r in recs if r.get("check") != "ok"]
    # The same signature under every rule (also implied by the expected one).
    sigs = {}
    for r in recs:
        if "signature" in r:
            sigs.setdefault((r["scale"], r["W"], r["T"], r["kernel"]), set()).add(r["signature"])
    differ = [k for k, v in sigs.items() if len(v) > 1]
    for r in bad:
        print("FAIL %s %dx%d %s %s: %s" % (r["kernel"], r["W"], r["T"], r["scale"], r["rule"],
                                          r.get("check")))
    for k in differ:
        print("FAIL %s %dx%d %s: the signature depends on the rule" % (k[3], k[1], k[2], k[0]))
    md = ("Memory passes per memory instruction and model cycles (sums over %d kernels, "
          "minsp-pc, BENCH_SEED %d) per pass rule (`simty-ref --pass-rule`).\n\n"
          % (len(set(r["kernel"] for r in recs)), a.seed) + table(summarize(recs), a.rules) +
          "\nMemory passes per memory instruction, kernel by kernel:\n\n" +
          kernel_table(recs, a.rules))
    if a.md:
        with open(a.md, "w") as f:
            f.write(md)
        print("pass_rules: wrote %s" % a.md)
    else:
        print(md, end="")
    return 1 if bad or differ else 0


def self_test():
    """Results independent of the rule; passes fall where the rules promise."""
    simjobs.make(["build/tools/simty-ref", "sw"], "pass_rules --self-test")
    ok = fail = 0

    def check(cond, what):
        nonlocal ok, fail
        print("%s %s" % ("PASS" if cond else "FAIL", what))
        ok, fail = ok + bool(cond), fail + (not cond)

    sw = os.path.join(simjobs.ROOT, "build", "sw")
    simt = [os.path.join(sw, "simt", p + ".elf")
            for p in ("store_overlap", "repro_store_order", "mem_subword", "coalesce")]
    bench_dir = os.path.join(sw, "bench")
    for w, t in ((2, 4), (8, 8), (4, 64)):
        for rule in RULES:
            r = simjobs.run_cmd([simjobs.REF_BIN, "-W", str(w), "-T", str(t), "--quiet",
                                 "--pass-rule", rule] + simt, RUN_TIMEOUT)
            check(r["rc"] == 0, "simt store and sub-word tests %dx%d --pass-rule %s" % (w, t, rule))
        recs = {}
        for k in ("dotprod", "oddeven", "histogram"):
            for rule in RULES:
                recs[k, rule] = run_rule((w, t, None, bench_dir, k, rule, "fixed"))
            check(all(recs[k, ru].get("check") == "ok" for ru in RULES),
                  "%s %dx%d: expected signature under every rule" % (k, w, t))
            check(len({recs[k, ru].get("signature") for ru in RULES}) == 1,
                  "%s %dx%d: one signature across rules" % (k, w, t))

        def ppi(k, rule):
            r = recs[k, rule]
            return r.get("mem_passes", 0) / max(1, r.get("mem_instructions", 0))
        check(ppi("dotprod", "word") > ppi("dotprod", "packed"),
              "dotprod %dx%d: passes/instr. word %.2f > packed %.2f"
              % (w, t, ppi("dotprod", "word"), ppi("dotprod", "packed")))
        # (each oddeven thread sorts its own 32 words, 128 bytes from the next
        # thread's: two threads share a block of 4T bytes from T = 64 on)
        if t >= 64:
            check(ppi("oddeven", "word") > ppi("oddeven", "block"),
                  "oddeven %dx%d: passes/instr. word %.2f > block %.2f"
                  % (w, t, ppi("oddeven", "word"), ppi("oddeven", "block")))
    r = simjobs.run_cmd([simjobs.REF_BIN, "--pass-rule", "bytes", simt[0]], RUN_TIMEOUT)
    check(r["rc"] == 3 and "--pass-rule" in r["err"], "--pass-rule bytes: exit 3 with a message")
    print("%d passed, %d failed" % (ok, fail))
    return 1 if fail else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cfgs", default="8x8 4x64", help="fixed-size configurations")
    ap.add_argument("--weak-cfgs", default="8x32 8x8",
                    help="configurations of the weak-scaled kernels (sized for W*T threads)")
    ap.add_argument("--rules", default=" ".join(RULES))
    ap.add_argument("--kernels", default=None, help="a subset of the bench kernels")
    ap.add_argument("--seed", type=int, default=1, help="BENCH_SEED of the inputs")
    ap.add_argument("--jobs", type=int, default=1, help="runs at a time")
    ap.add_argument("--md", help="write the markdown table here")
    ap.add_argument("--self-test", action="store_true")
    a = ap.parse_args()
    if a.self_test:
        return self_test()
    a.rules = a.rules.split()
    for r in a.rules:
        if r not in RULES:
            sys.exit("pass_rules: --rules: %s is not one of %s" % (r, " ".join(RULES)))
    a.kernels = a.kernels.split() if a.kernels else None
    return measure(a)


if __name__ == "__main__":
    sys.exit(main())
