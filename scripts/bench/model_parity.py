#!/usr/bin/env python3
"""The reference model's timing against the RTL's (issue 54): make model-parity.

    scripts/bench/model_parity.py [--cfgs "1x1 8x8 8x16 4x64"] [--tracks "sorted arbiter lazy"]
                     [--model-args "--timing rtl"] [--kernels "saxpy bfs"] [--jobs 1]
                     [--cycle-tol 5] [--lazy-tol 10] [--insn-tol 1] [--no-fail]
                     [--out build/model-parity]
    scripts/bench/model_parity.py --self-test

Runs the 13 bench kernels (fixed problems, seed 1) on the RTL of each engine and on the
model (--policy minsp-pc and --model-args) at each configuration, through bench.py's
run_kernel (signatures checked as make bench checks them).  Engines: sorted (TRACK=sorted
SORTER=exact), lazy (SORTER=lazy), arbiter (ARBPIPE=auto), or any track of
scripts/lib/simjobs.py (sorted_exact, arbiter_pipe0, ...).  With --timing rtl the model
is told each engine's core (--track, --sorter or --arbpipe: simjobs.model_args); it runs
once per distinct argument list.  A model that refuses an argument stops the run before any simulation.

A point is a kernel at a configuration on an engine: RTL and model cycles, their ratio,
warp instructions of both and their differences in %.  It passes when the cycles are
within --cycle-tol % (--lazy-tol % for the lazy sorter) and the warp instructions within
--insn-tol %, both runs ending with the expected signature.  Writes
<out>/parity.{md,csv,json} (the points, then per configuration and engine the totals and
the worst kernel) and ends with one line, "model-parity: N of M points within
tolerance; worst: ...".  Exit 1 if a point fails (0 with --no-fail), else 0.
--self-test: the verdicts and the tables on made-up records (no simulation).
"""
import argparse
import csv
import io
import json
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lib"))
import simjobs  # noqa: E402
import bench  # noqa: E402  (run_kernel, kernels_in: the same runs and checks as make bench)

DEFAULT_CFGS = "1x1 8x8 8x16 4x64"
DEFAULT_TRACKS = "sorted arbiter lazy"
DEFAULT_MODEL_ARGS = "--timing rtl"
SEED = 1
COLS = ("kernel", "cfg", "engine", "rtl_cycles", "model_cycles", "ratio", "cycles_diff_pct",
        "rtl_warp_insns", "model_warp_insns", "insns_diff_pct", "verdict")
SUM_COLS = ("cfg", "engine", "points", "within", "rtl_cycles", "model_cycles", "ratio",
            "cycles_diff_pct", "rtl_warp_insns", "model_warp_insns", "insns_diff_pct",
            "worst_kernel", "worst_cycles_diff_pct")


def diff_pct(model, rtl):
    """(model - rtl) / rtl in %, or None without both."""
    return 100.0 * (model - rtl) / rtl if rtl and model is not None else None


def cycle_tol(engine, tol):
    """The cycle tolerance of an engine: lazy sorters have their own."""
    return tol["lazy"] if simjobs.engine_track(engine) == "sorted_lazy" else tol["cycles"]


def point(kernel, cfg, engine, rtl, model, tol):
    """One point from the RTL's and the model's run_kernel records: the columns of COLS,
    the verdict ("ok" or what is out) and `score`, the worst difference over its
    tolerance (1 = at the limit; infinite when a run failed)."""
    p = {"kernel": kernel, "cfg": cfg, "engine": engine, "rtl_cycles": rtl.get("cycles"),
         "model_cycles": model.get("cycles"), "rtl_warp_insns": rtl.get("warp_instructions"),
         "model_warp_insns": model.get("warp_instructions")}
    p["cycles_diff_pct"] = diff_pct(p["model_cycles"], p["rtl_cycles"])
    p["insns_diff_pct"] = diff_pct(p["model_warp_insns"], p["rtl_warp_insns"])
    p["ratio"] = p["model_cycles"] / p["rtl_cycles"] if p["cycles_diff_pct"] is not None else None
    bad = ["%s: %s" % (who, r["check"]) for who, r in (("RTL", rtl), ("model", model))
           if r.get("check") != "ok"]
    if bad or p["cycles_diff_pct"] is None or p["insns_diff_pct"] is None:
        p["verdict"], p["score"] = "; ".join(bad) or "no cycles", float("inf")
        return p
    ct = cycle_tol(engine, tol)
    sc, si = abs(p["cycles_diff_pct"]) / ct, abs(p["insns_diff_pct"]) / tol["insns"]
    out = (["cycles %+.1f %% (tolerance %g %%)" % (p["cycles_diff_pct"], ct)] if sc > 1 else []) \
        + (["warp insns %+.2f %% (tolerance %g %%)" % (p["insns_diff_pct"], tol["insns"])]
           if si > 1 else [])
    p["verdict"], p["score"] = "; ".join(out) or "ok", max(sc, si)
    p["limit"] = "insns" if si > sc else "cycles"      # what its score measures
    return p


def summaries(points):
    """Per (configuration, engine), in the points' order: totals and the worst kernel."""
    groups = {}
    for p in points:
        groups.setdefault((p["cfg"], p["engine"]), []).append(p)
    out = []
    for (cfg, eng), ps in groups.items():
        s = {"cfg": cfg, "engine": eng, "points": len(ps),
             "within": sum(1 for p in ps if p["verdict"] == "ok")}
        for k in ("rtl_cycles", "model_cycles", "rtl_warp_insns", "model_warp_insns"):
            s[k] = sum(p[k] or 0 for p in ps)
        s["cycles_diff_pct"] = diff_pct(s["model_cycles"], s["rtl_cycles"])
        s["insns_diff_pct"] = diff_pct(s["model_warp_insns"], s["rtl_warp_insns"])
        s["ratio"] = s["model_cycles"] / s["rtl_cycles"] if s["rtl_cycles"] else None
        worst = max(ps, key=lambda p: p["score"])
        s["worst_kernel"], s["worst_cycles_diff_pct"] = worst["kernel"], worst["cycles_diff_pct"]
        out.append(s)
    return out


def fmt(v, spec="%d"):
    return "-" if v is None else spec % v


def pct(v, nd=1):
    return "-" if v is None else "%+.*f %%" % (nd, v)


def md_tables(points, sums, meta):
    """parity.md: the points, then the totals per configuration and engine."""
    lines = ["# Model timing against the RTL (`make model-parity`)", "",
             "Model: %s; kernels of sw/bench, fixed problems, "
             "seed %d. Tolerances: cycles %g %% (lazy sorter %g %%), warp instructions %g %%. "
             "Differences are (model - RTL) / RTL." % (
                 "`simty-ref --policy minsp-pc %s`" % meta["model_args"].strip()
                 if meta["model_args"].strip() else
                 "`simty-ref --policy minsp-pc` (no timing arguments)", SEED, meta["tol"]["cycles"],
                 meta["tol"]["lazy"], meta["tol"]["insns"]), "",
             "## Per configuration and engine", "",
             "| W x T | engine | within | RTL cycles | model cycles | model/RTL | cycles diff "
             "| RTL warp insns | model warp insns | insns diff | worst kernel |",
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    for s in sums:
        lines.append("| %s | %s | %d of %d | %d | %d | %s | %s | %d | %d | %s | %s %s |" % (
            s["cfg"], s["engine"], s["within"], s["points"], s["rtl_cycles"], s["model_cycles"],
            fmt(s["ratio"], "%.3f"), pct(s["cycles_diff_pct"]), s["rtl_warp_insns"],
            s["model_warp_insns"], pct(s["insns_diff_pct"], 2), s["worst_kernel"],
            pct(s["worst_cycles_diff_pct"])))
    lines += ["", "## Per kernel", "",
              "| kernel | W x T | engine | RTL cycles | model cycles | model/RTL | cycles diff "
              "| RTL warp insns | model warp insns | insns diff | verdict |",
              "|---|---|---|---|---|---|---|---|---|---|---|"]
    for p in points:
        lines.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            p["kernel"], p["cfg"], p["engine"], fmt(p["rtl_cycles"]), fmt(p["model_cycles"]),
            fmt(p["ratio"], "%.3f"), pct(p["cycles_diff_pct"]), fmt(p["rtl_warp_insns"]),
            fmt(p["model_warp_insns"]), pct(p["insns_diff_pct"], 2), p["verdict"]))
    return "\n".join(lines) + "\n"


def csv_text(points):
    f = io.StringIO()
    wr = csv.DictWriter(f, fieldnames=COLS, extrasaction="ignore", lineterminator="\n")
    wr.writeheader()
    for p in points:
        wr.writerow({k: ("%.4f" % v if isinstance(v, float) else v) for k, v in p.items()})
    return f.getvalue()


def summary_line(points):
    """The closing line: how many points are within tolerance, and the worst."""
    ok = sum(1 for p in points if p["verdict"] == "ok")
    line = "model-parity: %d of %d points within tolerance" % (ok, len(points))
    if not points:
        return line
    w = max(points, key=lambda p: p["score"])
    what = pct(w["cycles_diff_pct"]) if w["score"] != float("inf") else w["verdict"]
    if w.get("limit") == "insns":
        what = "warp insns %s (cycles %s)" % (pct(w["insns_diff_pct"], 2), what)
    return line + "; worst: %s %s %s %s" % (w["kernel"], w["cfg"], w["engine"], what)


def write_outputs(out, points, sums, meta):
    os.makedirs(out, exist_ok=True)
    clean = [{k: v for k, v in p.items() if k not in ("score", "limit")} for p in points]
    with open(os.path.join(out, "parity.json"), "w") as f:
        json.dump({"meta": meta, "points": clean, "summary": sums}, f, indent=1)
    with open(os.path.join(out, "parity.csv"), "w") as f:
        f.write(csv_text(points))
    with open(os.path.join(out, "parity.md"), "w") as f:
        f.write(md_tables(points, sums, meta))


# --- the runs ------------------------------------------------------------------
def plan(a, cfgs, ks_of, dmem_of):
    """The run_kernel jobs: every kernel on each engine's RTL and on the model under each
    distinct argument list, per configuration; and which model run each engine reads."""
    jobs, model_of = [], {}
    for w, t in cfgs:
        dmem = dmem_of[(w, t)]
        engines = [("rtl", e, simjobs.build_sim(w, t, simjobs.engine_track(e), dmem,
                                                "model-parity")) for e in a.tracks]
        margs = {e: tuple(simjobs.model_args(a.model_args, simjobs.engine_track(e)))
                 for e in a.tracks}
        for e in a.tracks:
            model_of[(w, t, e)] = margs[e]
        engines += [("ref", "minsp-pc", list(m)) for m in sorted(set(margs.values()))]
        for eng in engines:
            for k, kdir in ks_of[(w, t)]:
                jobs.append((eng, w, t, dmem, kdir, k, os.path.join(kdir, k + ".sig"), False,
                             "rv32i"))
    return jobs, model_of


def collect(jobs, recs, model_of, tol):
    """The points from the records of plan()'s jobs, by configuration, engine, kernel."""
    rtl, model = {}, {}
    for job, r in zip(jobs, recs):
        eng, w, t, k = job[0], job[1], job[2], job[5]
        if eng[0] == "rtl":
            rtl[(w, t, eng[1], k)] = r
        else:
            model[(w, t, tuple(eng[2]), k)] = r
    return [point(k, "%dx%d" % (w, t), e, r, model[(w, t, model_of[(w, t, e)], k)], tol)
            for (w, t, e, k), r in rtl.items()]


def check_model(a, cfgs, ks_of):
    """Stop before any run if the model refuses --model-args at a configuration."""
    for w, t in cfgs:
        k, kdir = ks_of[(w, t)][0]
        for e in a.tracks:
            args = simjobs.model_args(a.model_args, simjobs.engine_track(e))
            msg = simjobs.model_refusal(args, w, t, os.path.join(kdir, k + ".elf"))
            if msg:
                sys.exit("model-parity: the model refuses --model-args %r at %dx%d: %s"
                         % (a.model_args, w, t, msg))


def run(a):
    cfgs = simjobs.parse_cfgs(a.cfgs)
    for e in a.tracks:
        simjobs.engine_track(e)                 # a bad engine stops before any build
    simjobs.make(["ref"], "model-parity")
    ks_of, dmem_of = {}, {}
    for w, t in cfgs:
        dmem_of[(w, t)] = simjobs.c_dmem_kib(w, t)
        bdir = simjobs.build_bench_sw(dmem_of[(w, t)], SEED, "model-parity")
        ks_of[(w, t)] = bench.kernels_in(bdir, a.kernels)
    check_model(a, cfgs, ks_of)
    jobs, model_of = plan(a, cfgs, ks_of, dmem_of)
    print("model-parity: %d runs (%s; %s; model --policy minsp-pc %s)" % (
        len(jobs), " ".join("%dx%d" % c for c in cfgs), " ".join(a.tracks),
        a.model_args or "(no timing arguments)"), flush=True)
    recs = simjobs.run_map(bench.run_kernel, jobs, a.jobs, "model-parity",
                           ["%s-%dx%d-%s" % (j[5], j[1], j[2], j[0][1]) for j in jobs])
    points = collect(jobs, recs, model_of, a.tol)
    meta = {"cfgs": ["%dx%d" % c for c in cfgs], "engines": a.tracks, "seed": SEED,
            "model_args": a.model_args, "tol": a.tol,
            "kernels": sorted({p["kernel"] for p in points})}
    write_outputs(a.out, points, summaries(points), meta)
    for p in points:
        if p["verdict"] != "ok":
            print("OUT %s %s %s: %s" % (p["kernel"], p["cfg"], p["engine"], p["verdict"]))
    print("model-parity: tables in %s/parity.{md,csv,json}" % os.path.relpath(a.out))
    print(summary_line(points))
    return 0 if a.no_fail or all(p["verdict"] == "ok" for p in points) else 1


# --- self-test -------------------------------------------------------------------
def fake(cycles, insns, check="ok"):
    return {"cycles": cycles, "warp_instructions": insns, "check": check}


def self_test():
    """Verdicts at each tolerance's edge, the tables and the closing line on made-up records."""
    check = simjobs.Checks()
    tol = {"cycles": 5.0, "lazy": 10.0, "insns": 1.0}
    r = fake(100000, 10000)
    cases = [("sorted", fake(104900, 10000), True), ("sorted", fake(105100, 10000), False),
             ("arbiter", fake(95100, 10000), True), ("arbiter", fake(94900, 10000), False),
             ("lazy", fake(109900, 10000), True), ("lazy", fake(110100, 10000), False),
             ("sorted", fake(100000, 10099), True), ("sorted", fake(100000, 10101), False),
             ("sorted", fake(100000, 10000, "signature: word 0"), False)]
    for i, (eng, m, want) in enumerate(cases):
        p = point("k%d" % i, "8x8", eng, r, m, tol)
        check("%s, cycles %+.1f %%, insns %+.2f %%, %s: %s (%s)" % (
            eng, p["cycles_diff_pct"], p["insns_diff_pct"], m["check"],
            "within" if want else "out", p["verdict"]), (p["verdict"] == "ok") == want)
    p = point("k", "8x8", "sorted", fake(100000, 10000, "exit 2: HANG"), r, tol)
    check("an RTL run that failed is out, named (%s)" % p["verdict"],
          p["verdict"] == "RTL: exit 2: HANG" and p["score"] == float("inf"))
    p = point("k", "1x1", "sorted", r, fake(100000, 10150), tol)
    check("the instruction count alone fails a point (%s)" % p["verdict"],
          p["verdict"].startswith("warp insns +1.50 %") and "cycles" not in p["verdict"])
    pts = [point("a", "8x8", "lazy", r, fake(107000, 10000), tol),
           point("b", "8x8", "lazy", fake(300000, 20000), fake(267000, 20000), tol),
           point("a", "8x8", "sorted", r, fake(104000, 10000), tol)]
    sums = summaries(pts)
    s = sums[0]
    check("totals per configuration and engine: sums, ratio, within, worst (b, -11.0 %%): %r"
          % s, (s["rtl_cycles"], s["model_cycles"], s["within"], s["worst_kernel"]) ==
          (400000, 374000, 1, "b") and abs(s["ratio"] - 0.935) < 1e-9 and len(sums) == 2)
    line = summary_line(pts)
    check("closing line: %s" % line, line == "model-parity: 2 of 3 points within tolerance; "
          "worst: b 8x8 lazy -11.0 %")
    line = summary_line(pts + [point("c", "1x1", "sorted", r, fake(103000, 10150), tol)])
    check("closing line names the instruction count when it is the worst: %s" % line,
          line.endswith("worst: c 1x1 sorted warp insns +1.50 % (cycles +3.0 %)"))
    with tempfile.TemporaryDirectory() as tmp:
        write_outputs(tmp, pts, sums, {"model_args": "--timing rtl", "tol": tol})
        md = open(os.path.join(tmp, "parity.md")).read()
        rows = list(csv.DictReader(open(os.path.join(tmp, "parity.csv"))))
        js = json.load(open(os.path.join(tmp, "parity.json")))
    check("parity.md: the model's command, the summary row and a kernel row",
          "Model: `simty-ref --policy minsp-pc --timing rtl`;" in md and "| 8x8 | lazy | 1 of 2 | 400000 | 374000 | 0.935 | -6.5 % | 30000 | 30000 | +0.00 % "
          "| b -11.0 % |" in md and "| a | 8x8 | lazy | 100000 | 107000 | 1.070 | +7.0 % |" in md)
    check("parity.csv and parity.json: every point, the columns",
          len(rows) == 3 and list(rows[0]) == list(COLS) and rows[1]["verdict"].startswith(
              "cycles -11.0 %") and len(js["points"]) == 3 and "score" not in js["points"][0])
    check("model arguments per engine: --timing rtl names the core, nothing else does",
          simjobs.model_args("--timing rtl", simjobs.engine_track("lazy"))
          == ["--timing", "rtl", "--track", "sorted", "--sorter", "lazy"] and
          simjobs.model_args("--timing rtl", simjobs.engine_track("arbiter"))
          == ["--timing", "rtl", "--track", "arbiter"] and
          simjobs.model_args("--timing rtl", "arbiter_pipe0")[-2:] == ["--arbpipe", "0"] and
          simjobs.model_args("", "sorted_exact") == [])
    return check.summary("parity-selftest")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cfgs", default=DEFAULT_CFGS, help="W x T list (default %(default)s)")
    ap.add_argument("--tracks", default=DEFAULT_TRACKS,
                    help="engines: sorted (exact sorter), lazy, arbiter, or simjobs tracks "
                         "(default %(default)s)")
    ap.add_argument("--model-args", default=DEFAULT_MODEL_ARGS,
                    help="the model's timing arguments; with --timing rtl each engine's "
                         "--track and --sorter or --arbpipe follow (default %(default)s)")
    ap.add_argument("--kernels", help="a subset of the kernels (default: all 13)")
    ap.add_argument("--jobs", type=int, default=1, help="runs at a time (default 1)")
    ap.add_argument("--cycle-tol", type=float, default=5.0, help="cycles, %% (default 5)")
    ap.add_argument("--lazy-tol", type=float, default=10.0,
                    help="cycles against the lazy sorter, %% (default 10)")
    ap.add_argument("--insn-tol", type=float, default=1.0, help="warp instructions, %% (default 1)")
    ap.add_argument("--no-fail", action="store_true", help="report only: exit 0")
    ap.add_argument("--out", default=os.path.join(simjobs.ROOT, "build", "model-parity"))
    ap.add_argument("--self-test", action="store_true", help="check the verdicts and tables")
    a = ap.parse_args()
    if a.self_test:
        return self_test()
    a.tracks = a.tracks.split()
    a.kernels = a.kernels.split() if a.kernels else None
    a.tol = {"cycles": a.cycle_tol, "lazy": a.lazy_tol, "insns": a.insn_tol}
    try:
        return run(a)
    except ValueError as e:
        sys.exit("model-parity: %s" % e)


if __name__ == "__main__":
    sys.exit(main())
