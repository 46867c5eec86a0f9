#!/usr/bin/env python3
"""Cycles and SIMD efficiency of the sorted list's two sorters against the
arbiter and the reference model (issue 17).

    scripts/bench/sorter_table.py [--cfgs "8x8 8x16 2x32 4x64"] [--groups "rv32ui simt apps bench"]
                            [--jobs 2] [--out docs/sorter] [--readme docs/results.md]

Every program of the groups runs on the RTL with TRACK=sorted SORTER=exact
("exact"), TRACK=sorted SORTER=lazy ("lazy"), TRACK=arbiter ("arbiter") and on
the reference model (MinSP-PC, "ref"), each with --stats (bench kernels also
with --signature, checked against the host's). Writes <out>/sorter.md (every
row, in a history block naming HEAD: make check-tables requires it), <out>/sorter.json
(the records) and, with --readme, replaces the summary table between the markers
"<!-- sorter-table begin -->" and "... end -->".
A run that does not pass makes the script exit 1 after writing the tables.
"""
import argparse
import concurrent.futures
import glob
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lib"))
import simjobs  # noqa: E402
import figures  # noqa: E402  (the history block's markers and note)
import bench  # noqa: E402  (check_signature)

ROOT = simjobs.ROOT
ENGINES = ("ref", "arbiter", "sorted_exact", "sorted_lazy")
LABEL = {"ref": "ref", "arbiter": "arbiter", "sorted_exact": "exact", "sorted_lazy": "lazy"}
BEGIN, END = "<!-- sorter-table begin -->", "<!-- sorter-table end -->"
TIMEOUT = 1800


def run_one(job):
    eng, w, t, sim, group, elf, sig_exp = job
    rec = {"engine": eng, "W": w, "T": t, "group": group,
           "program": os.path.basename(elf)[:-4]}
    with tempfile.TemporaryDirectory() as tmp:
        st, sig = os.path.join(tmp, "s.json"), os.path.join(tmp, "sig.txt")
        if eng == "ref":
            cmd = [simjobs.REF_BIN, "-W", str(w), "-T", str(t), "--policy", "minsp-pc"]
        else:
            cmd = [sim]
        cmd += ["--quiet", "--stats", st] + (["--signature", sig] if sig_exp else []) + [elf]
        r = simjobs.run_cmd(cmd, TIMEOUT, simjobs.job_mem_mib(2048))
        rec["exit_code"] = r["rc"]
        if r["rc"] != 0:
            rec["check"] = "exit %s" % r["rc"]
            return rec
        with open(st) as f:
            s = json.load(f)
        rec["cycles"] = s["cycles"]
        rec["simd_efficiency"] = s["simd_efficiency"]
        rec["check"] = bench.check_signature(sig, sig_exp) if sig_exp else "ok"
    return rec


def pct(a, b):
    return "%+.1f%%" % (100.0 * (a / b - 1)) if a and b else "-"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cfgs", default="8x8 8x16 2x32 4x64")
    ap.add_argument("--groups", default="rv32ui simt apps bench")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", default="docs/sorter")
    ap.add_argument("--readme")
    a = ap.parse_args()
    cfgs = simjobs.parse_cfgs(a.cfgs)
    groups = a.groups.split()
    simjobs.make(["sw"], "sorter_table")
    progs = []
    for g in groups:
        if g == "bench":
            d = simjobs.build_bench_sw(what="sorter_table")
            progs += [(g, e, e[:-4] + ".sig") for e in sorted(glob.glob(os.path.join(d, "*.elf")))]
        else:
            progs += [(g, e, None) for e in
                      sorted(glob.glob(os.path.join(ROOT, "build", "sw", g, "*.elf")))]
    simjobs.make(["build/tools/simty-ref"], "sorter_table")
    jobs = []
    for w, t in cfgs:
        if w * t > simjobs.C_THREADS_DEFAULT_DMEM:
            sys.exit("sorter_table: %dx%d needs a larger DMEM (not supported here)" % (w, t))
        for eng in ENGINES:
            sim = None if eng == "ref" else simjobs.build_sim(w, t, eng, what="sorter_table")
            jobs += [(eng, w, t, sim, g, e, s) for g, e, s in progs]
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        recs = list(ex.map(run_one, jobs))
    os.makedirs(os.path.join(ROOT, a.out), exist_ok=True)
    with open(os.path.join(ROOT, a.out, "sorter.json"), "w") as f:
        json.dump(recs, f, indent=1)
    by = {(r["engine"], r["W"], r["T"], r["program"]): r for r in recs}
    bad = [r for r in recs if r.get("check") != "ok"]

    def row_cells(w, t, p):
        c = {e: by.get((e, w, t, p), {}) for e in ENGINES}
        cyc = [c[e].get("cycles") for e in ENGINES]
        eff = [c[e].get("simd_efficiency") for e in ENGINES]
        return c, cyc, eff

    lines = ["# Exact and lazy sorters against the arbiter and the reference model",
             "", "Written by `scripts/bench/sorter_table.py --cfgs \"%s\"` (issue 17): cycles and SIMD "
             "efficiency of every program; `exact/arb` is the exact sorter's cycles over the "
             "arbiter's (negative: the exact sorter is faster). In the summary, `worst` is the "
             "largest exact/arb of the group." % a.cfgs, ""]
    # a record of this run, not written from docs/data: a history block naming the commit
    head = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"],
                          capture_output=True, text=True).stdout.strip() or "unknown"
    lines += [figures.HISTORY_BEGIN, figures.HISTORY_NOTE % head, ""]
    summary = ["| config | group | programs | cycles ref | arbiter | exact | lazy | exact/arb "
               "(total) | worst exact/arb | exact <= arb + 2 % | exact's SIMD eff. = ref's | "
               "SIMD eff. ref / arb / exact / lazy |",
               "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for w, t in cfgs:
        lines += ["## W%d T%d" % (w, t), "",
                  "| program | cycles ref | arbiter | exact | lazy | exact/arb | lazy/arb | "
                  "SIMD eff. ref | arbiter | exact | lazy |",
                  "|---|---|---|---|---|---|---|---|---|---|---|"]
        for g in groups:
            tot = [0, 0, 0, 0]
            effs = [[], [], [], []]
            worst, within, same, n = None, 0, 0, 0
            for gg, e, _ in progs:
                if gg != g:
                    continue
                p = os.path.basename(e)[:-4]
                c, cyc, eff = row_cells(w, t, p)
                lines.append("| %s/%s | %s | %s | %s | %s |" % (
                    g, p, " | ".join(str(x) if x else "-" for x in cyc),
                    pct(cyc[2], cyc[1]), pct(cyc[3], cyc[1]),
                    " | ".join("%.3f" % x if x is not None else "-" for x in eff)))
                if all(cyc):
                    n += 1
                    for i in range(4):
                        tot[i] += cyc[i]
                        effs[i].append(eff[i])
                    rel = cyc[2] / cyc[1]
                    worst = rel if worst is None or rel > worst else worst
                    within += rel <= 1.02
                    same += abs(eff[2] - eff[0]) < 5e-7
            if n:
                summary.append("| W%dT%d | %s | %d | %s | %s | %s | %s | %s | %s | %d / %d | %d / %d | %s |" % (
                    w, t, g, n, tot[0], tot[1], tot[2], tot[3], pct(tot[2], tot[1]),
                    pct(worst, 1), within, n, same, n,
                    " / ".join("%.3f" % (sum(x) / len(x)) for x in effs)))
        lines.append("")
    lines += ["## Summary", "", "SIMD efficiency: the mean over the group's programs.", ""] + summary
    if bad:
        lines += ["", "Runs that did not pass:", ""] + [
            "- %s %dx%d %s: %s" % (LABEL[r["engine"]], r["W"], r["T"], r["program"], r["check"])
            for r in bad]
    lines.append(figures.HISTORY_END)
    with open(os.path.join(ROOT, a.out, "sorter.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(summary))
    if a.readme:
        path = os.path.join(ROOT, a.readme)
        with open(path) as f:
            text = f.read()
        i, j = text.find(BEGIN), text.find(END)
        if i < 0 or j < i:
            sys.exit("sorter_table: no %s ... %s markers in %s" % (BEGIN, END, a.readme))
        text = text[:i + len(BEGIN)] + "\n" + "\n".join(summary) + "\n" + text[j:]
        with open(path, "w") as f:
            f.write(text)
    for r in bad:
        print("FAIL %s %dx%d %s: %s" % (LABEL[r["engine"]], r["W"], r["T"], r["program"], r["check"]))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
