#!/usr/bin/env python3
"""Sorted path list vs PC arbiter: area and Fmax against T or W (make compare).

    compare.py [--board ecp5] [--W "8"] [--T "2 4 8 16 32 64"] [--tracks "sorted arbiter"]
               [--jobs 2] [--pnr-slots N] [--seeds 1] [--timeout auto] [--mem MiB]
               [--budget S] [--force] [--render] [--area-only] [--rtl-pattern build/{CFG}/rtl]
               [--points-root build] [--bench build/bench/bench.json]
               [--gen build/tools/simty-gen] [--out build/compare-<board>-W<w>|-T<t>]

--W and --T take lists: a point is (W, T, tracker). Several T at one W sweep T (the
table and plot against T); several W at one T sweep W (against W, like the scaling
figure of the Simty report: --W "1 2 4 8 16 32 64" --T 8 --tracks sorted; OUT is then
build/compare-<board>-T<t>); when both vary, x is T with one curve per (tracker, W).

Two jobs per point on the project's Dask runner (scripts/lib/simjobs.py): the
synthesis (scripts/fpga/synth.py --no-pnr, after generating missing RTL with --gen), then
its place and route (--pnr-only), which holds one "pnr" resource of its worker. On
the default LocalCluster --jobs jobs run at a time (up to the cores) and --pnr-slots
of them (default --jobs) may place and route; with DASK_SCHEDULER=tcp://host:port the
cluster's workers decide (start them with --resources pnr=N). Smallest T, then W first; a
point's earlier results.json is reused unless --force when it was made from the same RTL
(synth.py records a digest of what it read, the generator's version left out: a generator
change that alters the point's Verilog reruns it) and is complete, or timed out under a
step timeout at least as long as this run's. Each job has
a timeout (--timeout per synthesis step, which synth.py applies, plus a guard; auto by
default: synth.py's, which grows with the point's logic for place and route) and a
memory limit (--mem, its whole process tree). With --budget, no job is started after
that many seconds: the points left are recorded as pending with the exact command
that produces them. Failed, timed-out and oversized points are kept and marked. With
--render nothing runs: the table and plot show what each point last measured (an hour-long
point is not rerun for every generator change), and a point measured on RTL other than what
the generator writes now says so in its note.

Writes OUT/compare.csv, OUT/compare.md and OUT/compare.png / .svg: logic area
(LUT4 + 2 x CCU2C on ECP5, where a CCU2C fills two LUT4 sites; LUT4 on iCE40, whose
carries sit beside the LUTs), flip-flops, block RAMs of the core (the board's memories
in their own column), Fmax, and the path-tracking unit's own logic area, one curve per
tracker, like figure 4 of the path-list paper.  Where bench results of a point exist
(--bench: make bench's bench.json, default build/bench/bench.json; a weak-scaled
build/bench-weak/bench.json works too) the table adds the issue-49 figure of merit:
the bench's thread IPC over all kernels x Fmax / (logic / 1,000), thread instructions
per second per 1,000 logic cells; otherwise that column is empty and the table says
which make bench fills it.

Exit status: 0 when every point was measured, 1 when a point failed or timed out (or a
scaling check failed), 3 when the others were measured and points are pending only because
--budget was spent: the same command resumes them.

--area-only runs the synthesis job alone, flat (synth.py --no-pnr --skip-units), never
place and route: a point is complete once its flat synthesis finished (reused by the next
area-only run under the digest rule above; a later full run still places and routes it,
synthesizing it again with the hierarchy kept). When W and T both take several values it
also writes the W x T grid (scripts/fpga/grid.py): OUT/grid.csv, grid.md (logic and block
RAMs, W rows x T columns, the resource that is short marked; the largest configuration that
fits per W and per T) and grid.png / .svg.
"""
import argparse
import csv
import json
import os
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lib"))
import flows  # noqa: E402  (the checkout's root, the other scripts' paths)
import simjobs  # noqa: E402  (the job runner)
from figures import cells, logic_of, typed  # noqa: E402  (LUT4 + 2 x carry; a CSV field read back)
import fpga_flow  # noqa: E402  (PnrWatch, pnr_history: nextpnr's progress)
import synth  # noqa: E402  (PLACERS, out_folder)
import grid  # noqa: E402  (the W x T grid of an area-only run)

ROOT = str(flows.ROOT)
PY = sys.executable
MEM_MIB = 8192      # per job (--mem, SIMTY_JOB_MEM_MIB): nextpnr took 0.8 GiB at W=8 T=16


def say(msg, out=print):
    out("[%s] %s" % (time.strftime("%H:%M:%S"), msg))


def int_list(text):
    """--W and --T: one number or a list ("1 2 4 8"), sorted, without repeats (argparse
    reports a ValueError as an invalid value)."""
    vals = sorted({int(v) for v in text.replace(",", " ").split()})
    if not vals or vals[0] < 1:
        raise ValueError(text)
    return vals


def sweep_axis(Ws, Ts):
    """What the table and the plot run against: W when several W share one T (the
    report's scaling figure); otherwise T, as the sweep always did, with one curve per
    (tracker, W) when W varies too."""
    return "W" if len(set(Ws)) > 1 and len(set(Ts)) == 1 else "T"


def sweep_of(rows):
    """(axis, the W values, the T values) of a table's points."""
    Ws, Ts = sorted({r["W"] for r in rows}), sorted({r["T"] for r in rows})
    return sweep_axis(Ws, Ts), Ws, Ts


def default_out(board, placer, Ws, Ts):
    """build/compare-<board>-W<w> for a T sweep (-W4-8 for W in 4 8 when W varies too),
    build/compare-<board>-T<t> for a W sweep: the sweeps share points, not tables."""
    tag = ("T%d" % Ts[0] if sweep_axis(Ws, Ts) == "W"
           else "W" + "-".join(str(w) for w in Ws))
    return "build/compare-%s-%s%s" % (board, tag, "" if placer == "auto" else "-" + placer)


def span(name, vals):
    """"W=8" for one value, "W in [1, 2, 4]" for several: the sweep's log line."""
    return "%s=%d" % (name, vals[0]) if len(vals) == 1 else "%s in %s" % (name, vals)


def point_name(W, T, track):
    """A point's build folder name, W8_T8_sorted (simty-gen --tag, scripts/lib/simjobs.py)."""
    return simjobs.cfg_name(W, T, track)


def point_paths(a, W, T, track):
    rtl = os.path.join(ROOT, a.rtl_pattern.format(W=W, T=T, TRACK=track, CFG=point_name(W, T, track)))
    out = os.path.join(ROOT, a.points_root, point_name(W, T, track),
                       synth.out_folder(a.board, a.placer))
    return rtl, out


def synth_cmd(a, rtl, out, half):
    """synth.py's command for one half of a point: "--no-pnr" or "--pnr-only". An
    area-only run wants the flat counts alone: it skips the hierarchy-kept Yosys run,
    which would double a large point's time."""
    return [PY, flows.script("fpga", "synth.py"), "--board", a.board,
            "--rtl", rtl, "--out", out, "--seeds", str(a.seeds), "--timeout", str(a.timeout),
            half, "--placer", a.placer] + (["--skip-units"] if a.area_only else [])


def make_cmd(a, W, T, track):
    """The command that measures a point left pending: its area-only sweep of one point
    (its results land in the point's shared folder, where a grid's --render finds them)."""
    if a.area_only:
        return "make compare BOARD=%s CMP_W=%d CMP_T=%d CMP_TRACKS=%s CMP_AREA_ONLY=1%s" % (
            a.board, W, T, track, "" if a.placer == "auto" else " PLACER=" + a.placer)
    return "make synth BOARD=%s W=%d T=%d TRACK=%s SEEDS=%d%s" % (
        a.board, W, T, track, a.seeds, "" if a.placer == "auto" else " PLACER=" + a.placer)


def load(out):
    try:
        with open(os.path.join(out, "results.json")) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def complete(a, res):
    """The point needs no more work: it does not fit (a verdict of the flow's current
    fitting steps, synth.FIT_REV), or it is placed and routed over the seeds asked, or
    (an area-only run) its flat synthesis finished."""
    if not res:
        return False
    if res.get("status") == "does_not_fit":
        return res.get("fit_rev", 1) >= synth.FIT_REV
    if a.area_only:
        return res.get("status") == "ok" and bool(res.get("area"))
    return res.get("status") == "ok" and len(res.get("pnr", [])) >= a.seeds


def fresh_rtl(a, W, T, track):
    """Generate the point's RTL when it is missing or older than the generator; the
    digest of what its synthesis reads, or a failed point's result."""
    rtl, _ = point_paths(a, W, T, track)
    cmk = os.path.join(rtl, "config.mk")
    stale = (os.path.isfile(cmk) and os.path.isfile(a.gen)
             and os.path.getmtime(a.gen) > os.path.getmtime(cmk))
    if not os.path.isfile(cmk) or stale:
        g = simjobs.run_cmd([a.gen] + simjobs.gen_args(simjobs.knobs(W, T, track)) + ["-o", rtl], 600)
        if g["rc"] != 0:
            return None, {"status": "failed", "reason": "generator: " + g["err"].strip()[:200]}
    return synth.rtl_digest(rtl, a.board), None


def same_point(a, res, digest):
    """An earlier result is of this point: made from the same RTL (a generator change
    that alters it makes another point) under the same PLACER."""
    return bool(res) and res.get("rtl_digest") == digest and res.get("placer", "heap") == a.placer


def reusable(a, res, digest):
    """An earlier result stands for the point: the same point, finished, or timed out
    under a step timeout at least as long as this run's."""
    if not same_point(a, res, digest):
        return False
    return complete(a, res) or (res.get("status") == "timeout"
                                      and (res.get("timeout_s") or 0) >= step_backstop(a, res))


def step_backstop(a, res):
    """The backstop this run gives the step a point's result stopped at: place and
    route's for its logic once it was synthesized (it has a fit; the logic synth.py
    sizes it by), else a Yosys step's."""
    if res.get("fit"):
        return flows.pnr_s(a.timeout, synth.logic_area(res.get("area")))
    return flows.step_s(a.timeout)


def synth_job(a, W, T, track, deadline):
    """The first job of a point (on a worker): generate missing RTL, synthesize.
    None when the budget was spent before it started, else its seconds and, when
    it failed, the point's result."""
    if deadline is not None and time.time() > deadline:
        return None
    rtl, out = point_paths(a, W, T, track)
    os.makedirs(out, exist_ok=True)
    # synth.py applies the per-step timeout (two Yosys runs); this one guards against a hang.
    r = simjobs.run_cmd(synth_cmd(a, rtl, out, "--no-pnr"), 2 * flows.step_s(a.timeout) + 600, a.mem,
                        os.path.join(out, "synth.out"))
    return {"seconds": r["seconds"], "res": killed(load(out), r) if r["rc"] is None else None}


def synth_result(a, W, T, track, first):
    """The result the first job of a point left, (result, its seconds), or None when
    it did not start: the second job of an area-only point, which never places."""
    if first is None:
        return None
    res = first["res"] or load(point_paths(a, W, T, track)[1])
    return res or {"status": "failed", "reason": "no results.json"}, first["seconds"]


def pnr_job(a, W, T, track, first):
    """The second job of a point (holds a "pnr" slot): place and route what the
    first one synthesized; (the point's result, its job seconds), or None when
    the first job did not start."""
    done = synth_result(a, W, T, track, first)
    if done is None or first["res"] or done[0].get("status") != "ok":
        return done
    rtl, out = point_paths(a, W, T, track)
    r = simjobs.run_cmd(synth_cmd(a, rtl, out, "--pnr-only"),
                        a.seeds * step_backstop(a, done[0]) + 600, a.mem,
                        os.path.join(out, "pnr.out"))
    res = load(out) or {"status": "failed", "reason": "no results.json"}
    return (killed(res, r) if r["rc"] is None else res), first["seconds"] + r["seconds"]


def yosys_watch(a, todo):
    """An area-only run's progress: the points' flat Yosys logs, each with an ETA
    from the synthesis time its point's last results.json recorded."""
    watch = []
    for _, W, T, tr in todo:
        out = point_paths(a, W, T, tr)[1]
        last = (((load(out) or {}).get("steps") or {}).get("synth")) or {}
        watch.append((point_name(W, T, tr), os.path.join(out, "yosys.log"),
                      {"seconds": last["seconds"]} if last.get("status") == "ok" else None))
    return fpga_flow.PnrWatch(watch, "compare: Yosys", position=1, parser=fpga_flow.YosysLog,
                              idle="no synthesis running yet").__enter__()


def point_jobs(runner, a, W, T, tr, deadline):
    """Submit a point's jobs: its synthesis, then its place and route or, in an
    area-only run, only the synthesis' result; the future of the last."""
    name = point_name(W, T, tr)
    first = runner.submit(synth_job, a, W, T, tr, deadline, name=name + ":synth")
    if a.area_only:
        return runner.submit(synth_result, a, W, T, tr, first, name=name + ":area")
    return runner.submit(pnr_job, a, W, T, tr, first, name=name + ":pnr", resources={"pnr": 1})


def pnr_watch(a, todo):
    """The progress of the points' place and route (started): their nextpnr logs
    followed while the jobs run on the workers, each with an ETA from its point's
    earlier runs (fpga_flow.pnr_history: the history beside its results.json)."""
    if a.area_only:
        return yosys_watch(a, todo)
    watch = []
    for _, W, T, tr in todo:
        out = point_paths(a, W, T, tr)[1]
        expected = fpga_flow.pnr_history(out, None, load(out))
        for s in range(1, a.seeds + 1):
            watch.append(("%s%s" % (point_name(W, T, tr), " seed%d" % s if a.seeds > 1 else ""),
                          os.path.join(out, "seed%d" % s, "nextpnr.log"), expected))
    return fpga_flow.PnrWatch(watch, "compare: nextpnr", position=1,
                              idle="no place and route running yet").__enter__()


def killed(res, r):
    """The result of a point whose job the runner killed (timeout or memory)."""
    return dict(res or {}, status="timeout" if r["status"] == "timeout" else "failed",
                reason=r["err"].strip().splitlines()[-1])


def not_started(a, W, T, tr, digest):
    """A point whose jobs the budget kept from starting: what an earlier run of the
    same RTL left."""
    _, out = point_paths(a, W, T, tr)
    res = load(out)
    if not same_point(a, res, digest):
        res = None      # another core's, or another placer's: not this point's area either
    if res and (complete(a, res) or res.get("status") in ("timeout", "failed")):
        return res, "reusing %s (%s)" % (os.path.relpath(out, ROOT), res.get("status"))
    if res:
        # synthesized earlier, never placed and routed: keep the area, mark it
        res = dict(res, status="pnr_pending" if res.get("area") else "pending")
    return res, "not run (budget spent); run: %s" % make_cmd(a, W, T, tr)


def rendered(a, res, digest):
    """--render: the point's last result, whatever RTL it came from; (result, note) where
    the note says when that RTL is not what the generator writes now."""
    if not res:
        return None, ""
    if res.get("status") == "ok" and not res.get("pnr") and not a.area_only:
        res = dict(res, status="pnr_pending")      # synthesized, never placed and routed
    if not same_point(a, res, digest):
        return res, "measured on earlier RTL"
    return res, ""


TEXT_COLUMNS = ("board", "TRACK", "status", "fmax_seeds", "crit", "note")


def base_rows(path, board, tracks=("sorted",)):
    """--base: the rows of an earlier compare.csv by (W, T, tracker), typed as row_of makes
    them (numbers as numbers or None, the text columns as text). A grid.csv (no board or
    tracker column: one board's grid of one tracker) is taken as this run's board and its
    one tracker, each row keeping its short resource."""
    with open(path, newline="") as f:
        rd = csv.DictReader(f)
        cols = set(rd.fieldnames or [])
        if not ({"board", "TRACK"} <= cols or set(grid.COLS) <= cols):
            sys.exit("compare: --base %s: neither a compare.csv nor a grid.csv" % path)
        if "board" not in cols:
            if len(tracks) != 1:
                sys.exit("compare: --base %s is a W x T grid, of one tracker: give one "
                         "(CMP_TRACKS)" % path)
            rows = [dict(g, board=board, TRACK=tracks[0], total_s=g["synth_s"])
                    for g in grid.read_csv(path)]
        else:
            rows = [{k: v if k in TEXT_COLUMNS else typed(v) for k, v in r.items()}
                    for r in rd]
    for r in rows:
        for k in COLS + ["ibuf"]:       # an older table may lack a column
            r.setdefault(k, "" if k in ("crit", "note", "fmax_seeds") else None)
    return {(r["W"], r["T"], r["TRACK"]): r for r in rows if r["board"] == board}


def queue_depth(a, W, T, track):
    """The point's instruction-queue entries per warp (SIMTY_IBUF of its RTL), or None."""
    try:
        with open(os.path.join(point_paths(a, W, T, track)[0], "simty_config.h")) as f:
            m = re.search(r"^#define SIMTY_IBUF (\d+)", f.read(), re.M)
    except OSError:
        return None
    return int(m.group(1)) if m else None


def row_of(a, W, T, track, res, secs):
    u = (res or {}).get("units", {})
    ar = (res or {}).get("area", {})
    cp = (res or {}).get("critical_path") or {}
    st = (res or {}).get("status", "pending")
    total_s = (res or {}).get("seconds_total")
    pnr = [v for k, v in (res or {}).get("steps", {}).items() if k.startswith("pnr_seed")]
    # the hierarchy-kept run's block RAMs per unit, else (area-only) the flat netlist's split
    split = (res or {}).get("bram_split") or {}
    note = ""
    if st == "does_not_fit":
        note = "; ".join((res.get("fit") or {}).get("over", []))
    elif st in ("pending", "pnr_pending"):
        note = "run: " + make_cmd(a, W, T, track)
    elif st != "ok" and res.get("reason"):
        note = res["reason"]
    elif st != "ok":
        bad = [k for k, v in res.get("steps", {}).items() if v.get("status") not in ("ok", "skipped")]
        note = "%s in %s" % (st, ", ".join(bad))
    if res and a.placer == "auto" and res.get("placer_used") not in (None, "heap"):
        note = "; ".join(n for n in ("%s placer" % res["placer_used"], note) if n)
    return {
        "board": a.board, "W": W, "T": T, "TRACK": track, "status": st,
        "logic": logic_of(ar, a.board), "lut": ar.get("lut"), "carry": ar.get("carry"),
        "ff": ar.get("ff"), "lutram": ar.get("lutram"), "mux": ar.get("mux"),
        "bram_core": u["core"].get("bram") if u.get("core") else split.get("core"),
        "bram_mem": u["memories"].get("bram") if u.get("memories") else split.get("board"),
        "bram_total": ar.get("bram"),
        "path_logic": logic_of(u.get("path"), a.board), "path_ff": (u.get("path") or {}).get("ff"),
        "path_lutram": (u.get("path") or {}).get("lutram"),
        "core_logic_hier": logic_of(u.get("core"), a.board),
        "lanes_logic": logic_of(u.get("alu_lanes"), a.board),
        "fmax_mhz": (res or {}).get("fmax_mhz"),
        "target_mhz": (res or {}).get("freq_target_mhz"),
        "fmax_seeds": " ".join(str(x) for x in (res or {}).get("fmax_seeds_mhz", [])),
        "crit": "%s -> %s" % (cp.get("from_unit"), cp.get("to_unit")) if cp else "",
        "pnr_s": round(sum(v.get("seconds") or 0 for v in pnr)) if pnr else None,
        "pnr_peak_mib": round(max(v.get("peak_mib") or 0 for v in pnr)) if pnr else None,
        "total_s": round(total_s) if total_s else None,
        "note": note, "ibuf": queue_depth(a, W, T, track),
        "thread_ipc": None, "bench_scale": None, "thread_insns_per_s_per_klogic": None,
    }


def bench_ipc(path):
    """{(W, T, tracker): (thread IPC over all kernels, scale)} of make bench's bench.json
    (its RTL summary rows of the default data memory, the one compare's points have: the
    bench gives W64T8 a 512 KiB one, another core); {} when there is none."""
    try:
        with open(path) as f:
            b = json.load(f)
    except (OSError, ValueError):
        return {}
    scale = b.get("meta", {}).get("scale", "fixed")
    return {(s["W"], s["T"], s["engine"]): (s["thread_ipc"], scale)
            for s in b.get("summary", []) if s.get("model") == "rtl" and s.get("thread_ipc")
            and (s.get("dmem_kib") or simjobs.DEFAULT_DMEM_KIB) == simjobs.DEFAULT_DMEM_KIB}


def add_figure(rows, ipc):
    """Each row's bench thread IPC, its scale and the figure: thread IPC x Fmax (MHz) x 1e6
    / (logic / 1000), where the bench measured the point and synthesis gave both."""
    for r in rows:
        r["thread_ipc"], r["bench_scale"] = ipc.get((r["W"], r["T"], r["TRACK"]), (None, None))
        ok = r["thread_ipc"] and r["fmax_mhz"] and r["logic"]
        r["thread_insns_per_s_per_klogic"] = (
            round(r["thread_ipc"] * r["fmax_mhz"] * 1e6 / (r["logic"] / 1000.0)) if ok else None)
    return rows


def figure_note(rows):
    """What the figure column rests on, or the make bench that would fill it."""
    miss = [r for r in rows if r["thread_insns_per_s_per_klogic"] is None]
    scales = sorted({r["bench_scale"] for r in rows if r["bench_scale"]})
    text = ("Minsn/s per 1,000 logic: the bench's thread IPC over all kernels (%s problems) "
            "x Fmax / (logic / 1,000)." % "/".join(scales) if scales else
            "Minsn/s per 1,000 logic: no bench results for these points.")
    if miss:
        cfgs = " ".join(dict.fromkeys("%dx%d" % (r["W"], r["T"]) for r in miss))
        tracks = sorted({r["TRACK"] for r in miss})
        text += (" Empty for %d point(s): run `make bench BENCH_CFGS=\"%s\" TRACK=%s` "
                 "(weak scaling: BENCH_SCALE=weak, then CMP_BENCH=build/bench-weak/bench.json), "
                 "or a point has no Fmax yet, or the bench ran it with a larger data memory "
                 "(another core: `make synth DMEM=...` of it gives that core's figure in make "
                 "bench)." % (len(miss), cfgs,
                                                  tracks[0] if len(tracks) == 1 else "both"))
    return text


COLS = ["board", "W", "T", "TRACK", "status", "logic", "lut", "carry", "ff", "lutram", "mux",
        "bram_core", "bram_mem", "bram_total", "path_logic", "path_ff", "path_lutram",
        "core_logic_hier", "lanes_logic", "fmax_mhz", "target_mhz", "fmax_seeds", "crit", "pnr_s", "pnr_peak_mib",
        "total_s", "note", "thread_ipc", "bench_scale", "thread_insns_per_s_per_klogic"]


def fmt(v):
    return "-" if v is None or v == "" else str(v)


# What the scaling check asks along each axis: over T the ALU lanes (hierarchical run)
# must grow about in proportion too; they do not depend on W, so over W any growth of
# the placed logic passes.
SCALING = {
    "T": ("Scaling check", "logic and ALU-lane logic grow",
          "logic or ALU lanes do not grow with T: optimised-away lanes?", "ALU logic per lane"),
    "W": ("Scaling check over W", "placed logic grows",
          "placed logic does not grow with W: optimised-away warps?", "logic per added warp"),
    # an area-only run keeps no hierarchy, so it has no ALU-lane counts: logic alone
    "T-flat": ("Scaling check", "logic grows",
               "logic does not grow with T: optimised-away lanes?", "logic per added lane"),
}


# Over W the check judges a pair only when its added warps would add more logic than
# the flat netlist's noise: equal-logic edits move the flat count by up to 4 % (issue
# 49), and a warp adds at least about 90 logic (W = 8 -> 16 at T = 16 in the W x T grid;
# 188 at T = 8).
FLAT_NOISE = 0.04
WARP_MIN = 90


def scaling_check(rows, axis="T"):
    """No lane (axis T) or warp (axis W) may be optimised away: per tracker and value of
    the other axis, the placed logic must grow along the axis. Points of a different
    value of the other axis are never compared (a W sweep has no T pair to flag), nor
    two points whose warps have queues of different depths (the generator gives W <= 2
    four entries per warp, two from W = 4: W = 2 may be the larger core). Over W a pair
    that did not grow is named, not failed, when its warps would add less than the flat
    netlist's noise."""
    other = "W" if axis == "T" else "T"
    lanes = axis == "T" and any(r["lanes_logic"] for r in rows)
    title, grows, why, detail = SCALING[axis if lanes or axis == "W" else "T-flat"]
    several = len({r[other] for r in rows}) > 1
    out = []
    for track, fixed in sorted({(r["TRACK"], r[other]) for r in rows}):
        pts = sorted((r for r in rows if (r["TRACK"], r[other]) == (track, fixed)
                      and r["logic"] and (r["lanes_logic"] or not lanes)), key=lambda r: r[axis])
        pairs = list(zip(pts, pts[1:]))
        apart = [(p, q) for p, q in pairs
                 if None not in (p.get("ibuf"), q.get("ibuf")) and p["ibuf"] != q["ibuf"]]
        pairs = [pq for pq in pairs if pq not in apart]
        # over W, a pair that did not grow cannot be judged when its added warps would add
        # less than the flat netlist's noise (at T >= 32 a warp is about 0.3 % of the core)
        blur = [(p, q) for p, q in pairs if axis == "W" and q["logic"] <= p["logic"]
                and WARP_MIN * (q["W"] - p["W"]) < FLAT_NOISE * p["logic"]]
        pairs = [pq for pq in pairs if pq not in blur]
        bad = ["%s=%d -> %d" % (axis, p[axis], q[axis]) for p, q in pairs
               if not (q["logic"] > p["logic"]
                       and (not lanes or q["lanes_logic"] > 1.5 * p["lanes_logic"]))]
        if lanes:
            per = ", ".join("T=%d: %d" % (r["T"], r["lanes_logic"] // r["T"]) for r in pts)
        else:
            per = ", ".join("%s=%d -> %d: %d" % (axis, p[axis], q[axis], (q["logic"] - p["logic"])
                                                  // (q[axis] - p[axis])) for p, q in pairs)
        name = "%s, %s=%d" % (track, other, fixed) if several else track
        skip = "".join(" %s=%d -> %d not compared (queue depth %d -> %d)."
                       % (axis, p[axis], q[axis], p["ibuf"], q["ibuf"]) for p, q in apart)
        skip += "".join(" %s=%d -> %d not judged (%+d logic: its warps are within the flat "
                        "netlist's noise)." % (axis, p[axis], q[axis], q["logic"] - p["logic"])
                        for p, q in blur)
        if bad:
            out.append("%s, %s: FAILED between %s (%s)%s" % (title, name, ", ".join(bad), why,
                                                              skip.rstrip(".")))
        else:
            out.append("%s, %s: %s with %s over %d points (%s %s).%s"
                       % (title, name, grows, axis, len(pts), detail, per or "-", skip))
    return out


def checks(rows):
    """The scaling checks the points allow: over T at each W unless only W is swept,
    over W at each T when W varies."""
    axis, Ws, _ = sweep_of(rows)
    return ((scaling_check(rows, "T") if axis == "T" else [])
            + (scaling_check(rows, "W") if len(Ws) > 1 else []))


TRACK_NAMES = {"sorted": "sorted path list", "arbiter": "PC arbiter"}


def trackers_title(rows):
    """"sorted path list vs PC arbiter", or the one tracker a sweep ran."""
    return " vs ".join(TRACK_NAMES.get(t, t) for t in dict.fromkeys(r["TRACK"] for r in rows))


def fixed_title(rows):
    """What the sweep holds and what it varies: "W=8" for a T sweep (the title it always
    had), "against W at T=8" for a W sweep."""
    axis, Ws, Ts = sweep_of(rows)
    if axis == "W":
        return "against W at T=%d" % Ts[0]
    if len(Ws) > 1:
        return "against T at W=%s" % ", ".join(str(w) for w in Ws)
    return "W=%d" % Ws[0]


def flow_of(a, rows):
    """("3 seed(s)", "65"): the seeds the points were placed with (a point reused from a
    longer run may have more) and the clock nextpnr was asked for (synth.py's PLL)."""
    ns = sorted({len(r["fmax_seeds"].split()) for r in rows if r["fmax_seeds"]}) or [a.seeds]
    seeds = "%d seed(s)" % ns[0] if len(ns) == 1 else "%d to %d seeds per point" % (ns[0], ns[-1])
    tg = sorted({r["target_mhz"] for r in rows if r["target_mhz"]})
    target = "-" if not tg else "%g" % tg[0] if len(tg) == 1 else "%g to %g" % (tg[0], tg[-1])
    return seeds, target


def placer_text(a):
    """The placer the table's points were placed with, as its caption says it."""
    if a.placer != "auto":
        return "%s placer" % a.placer
    static_t = synth.STATIC_MIN_T[synth.BOARDS[a.board]["family"]]
    if not static_t:
        return "heap placer"
    return ("heap placer (static from T = %d past %d logic, noted per point)"
            % (static_t, synth.STATIC_MIN_LOGIC))


def write_csv(path, rows, cols=COLS):
    """compare.csv: one row a point, the columns in order, None as an empty field."""
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=cols)
        w.writeheader()
        for r in rows:
            w.writerow({k: ("" if r[k] is None else r[k]) for k in cols})
    return path


def write_outputs(a, rows, outdir, sweep_s):
    write_csv(os.path.join(outdir, "compare.csv"), rows)
    lname = cells(a.board)["logic"]     # what logic_of counts there
    title = trackers_title(rows)
    flow = flow_of(a, rows)     # the plot's legend says it too
    seeds, target = flow
    lines = ["# %s%s on %s, %s" % (title[0].upper(), title[1:], a.board, fixed_title(rows)), "",
             "Logic = %s of the placed (flat) netlist; path = the path-tracking unit alone "
             "(hierarchy-preserving run); BRAM core = register file and path tables, BRAM mem "
             "= the board's instruction/data memories and console FIFO. Fmax: median of %s, "
             "nextpnr target %s MHz, %s. This run: %.0f s (finished points are reused; `job s` "
             "is each point's synthesis plus place-and-route time)." % (
                 lname, seeds, target, placer_text(a), sweep_s), "",
             "| W | T | tracker | status | logic | FF | LUT-RAM | BRAM core | BRAM mem "
             "| path logic | path FF | Fmax MHz | critical path | P&R s | job s | note "
             "| thread IPC (bench) | Minsn/s per 1,000 logic |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        fig = r["thread_insns_per_s_per_klogic"]
        lines.append("| %s | %s | %s |" % (" | ".join(fmt(r[k]) for k in (
            "W", "T", "TRACK", "status", "logic", "ff", "lutram", "bram_core", "bram_mem",
            "path_logic", "path_ff", "fmax_mhz", "crit", "pnr_s", "total_s", "note")),
            "-" if r["thread_ipc"] is None else "%.3f" % r["thread_ipc"],
            "-" if fig is None else "%.1f" % (fig / 1e6)))
    lines += [""] + checks(rows) + ["", figure_note(rows)]
    md = "\n".join(lines) + "\n"
    with open(os.path.join(outdir, "compare.md"), "w") as f:
        f.write(md)
    plot(a, rows, outdir, lname, flow)
    return md


def write_grids(a, rows, results, outdir, sweep_s):
    """An area-only run over several W and T: the grid of each tracker (grid.*, or
    grid-<tracker>.* when there are several), whose cells say which resource is short."""
    tracks = list(dict.fromkeys(r["TRACK"] for r in rows))
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    text = []
    for tr in tracks:
        short = {(r["W"], r["T"]): grid.short_of(results.get((r["W"], r["T"], tr)))
                 for r in rows if r["TRACK"] == tr}
        prov = ("Written by compare.py --area-only --render on %s from each point's last "
                "result." % when if a.render else "Written by compare.py --area-only on %s: "
                "this run took %.0f s (finished points are reused)." % (when, sweep_s))
        text.append(grid.write_grid(grid.grid_rows([r for r in rows if r["TRACK"] == tr], short),
                                    a.board, outdir, prov,
                                    "grid" if len(tracks) == 1 else "grid-" + tr))
    return "\n".join(text)


def curves(rows):
    """(label, tracker, points, style) per curve: one per tracker, or per (tracker, W)
    when W and T both vary, the colour then telling the W and the line style the tracker."""
    axis, Ws, _ = sweep_of(rows)
    per_w = Ws if axis == "T" and len(Ws) > 1 else [None]
    style = {"sorted": ("tab:blue", "o", "-"), "arbiter": ("tab:red", "s", "--")}
    out = []
    for track in sorted({r["TRACK"] for r in rows}):
        col, mk, ls = style.get(track, ("tab:gray", "^", ":"))
        for i, W in enumerate(per_w):
            st = ({"color": col, "marker": mk} if W is None
                  else {"color": "C%d" % (i % 10), "marker": mk, "linestyle": ls})
            out.append((track if W is None else "%s W=%d" % (track, W), track,
                        [r for r in rows if r["TRACK"] == track and W in (None, r["W"])], st))
    return out


def plot(a, rows, outdir, lname, flow):
    """compare.png and .svg; the panels' titles (None without matplotlib)."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        say("matplotlib missing: no plot (make setup installs it into .venv)")
        return
    panels = [("logic", "logic area (%s)" % lname), ("ff", "flip-flops"),
              ("bram_core", "block RAMs (core; memories apart)"), ("fmax_mhz", "Fmax (MHz)"),
              ("path_logic", "path-tracking unit logic (%s)" % lname)]
    # The figure of merit where make bench measured the points (add_figure): the sixth
    # panel, the notes then under the plots; a point with no bench is left out of it.
    scales = sorted({r["bench_scale"] for r in rows if r.get("thread_insns_per_s_per_klogic")})
    if scales:
        rows = [dict(r, figure=r["thread_insns_per_s_per_klogic"] / 1e6
                     if r.get("thread_insns_per_s_per_klogic") else None) for r in rows]
        panels.append(("figure", "M thread instr./s per 1,000 logic (%s problems)"
                       % " and ".join(scales)))
    fig, grid = plt.subplots(2, 3, figsize=(13, 8.2 if scales else 7.5))
    axes = list(grid.flat)
    if not scales:
        axes[-1].axis("off")
    axis, Ws, Ts = sweep_of(rows)
    xs_all = sorted({r[axis] for r in rows})
    ws = ", ".join(str(w) for w in Ws)
    if axis == "W":
        xlabel, fixed = "warps W (T=%d)" % Ts[0], "T = %d threads per warp" % Ts[0]
    else:
        xlabel, fixed = "threads per warp T (W=%s)" % ws, "W = %s warps" % ws
    cs = curves(rows)
    for ax, (key, title) in zip(axes, panels):
        for label, track, pts, st in cs:
            ax.plot([r[axis] for r in pts if r[key] is not None],
                    [r[key] for r in pts if r[key] is not None], label=label, **st)
            # points without this value: marked on the axis, with their status
            for r in pts:
                if r[key] is None and key != "figure":
                    ax.plot([r[axis]], [0], marker="x", color=st["color"], markersize=9,
                            clip_on=False)
                    ax.annotate(r["status"].replace("_", " "), (r[axis], 0),
                                textcoords="offset points", xytext=(0, 6 if track == "sorted" else 16),
                                ha="center", fontsize=7, color=st["color"])
        ax.set_xscale("log", base=2)
        ax.set_xticks(xs_all)
        ax.set_xticklabels([str(x) for x in xs_all])
        ax.set_xlabel(xlabel)
        ax.set_title(title, fontsize=10)
        ax.set_ylim(bottom=0)
        ax.grid(True, alpha=0.3)
    axes[0].legend(fontsize=7 if len(cs) > 4 else None)
    notes = ("%s, %s\nlogic: %s of the placed netlist\n"
             "path unit: hierarchy-preserving run\nFmax: median of %s,\n"
             "nextpnr target %s MHz\n"
             "x on the axis: no value (failed,\ntimed out, too big or pending)"
             % ((fixed, a.board, lname) + flow))
    if scales:
        fig.text(0.01, 0.01, notes.replace(",\n", ", ").replace("\n", "; "), fontsize=8,
                 va="bottom", wrap=True)
    else:
        axes[-1].text(0.0, 0.9, notes, va="top", fontsize=9)
    fig.suptitle("Simty on %s: %s" % (a.board, trackers_title(rows)), fontsize=11)
    fig.tight_layout(rect=(0, 0.05, 1, 1) if scales else None)
    for ext in ("png", "svg"):
        fig.savefig(os.path.join(outdir, "compare." + ext), dpi=120)
    plt.close(fig)
    return [t for _, t in panels]


def made_up(T, lanes, logic, status="ok", fmax=40.0):
    """A results.json of synth.py with the given ALU-lane and placed logic."""
    unit = lambda lut: {"lut": lut, "carry": 0, "ff": 10, "bram": 1}
    r = {"status": status, "area": {"lut": logic, "carry": 0, "ff": 100, "bram": 30},
         "units": {"alu_lanes": unit(lanes), "path": unit(50 * T), "core": unit(logic),
                   "memories": unit(0)},
         "seconds_total": 10.0, "steps": {"synth": {"status": "ok"}}, "freq_target_mhz": 65.0}
    if status == "ok":
        r.update(fmax_mhz=fmax, fmax_seeds_mhz=[fmax], pnr=[{"seed": 1}],
                 steps={"synth": {"status": "ok"}, "pnr_seed1": {"status": "ok", "seconds": 5}})
    elif status == "timeout":
        r["steps"]["pnr_seed1"] = {"status": "timeout", "seconds": 3600}
    return r


def t_sweep_tests(a, tmp):
    """The T sweep at one W, as make compare has always run it."""
    good = [row_of(a, 8, T, "sorted", made_up(T, 1000 * T, 3000 + 1000 * T), 0) for T in (2, 4, 8)]
    dead = [row_of(a, 8, T, "arbiter", made_up(T, 1000 * min(T, 4), 3000 + 1000 * T), 0)
            for T in (2, 4, 8)]
    late = [row_of(a, 8, 16, "sorted", made_up(16, 16000, 20000, "timeout"), 0),
            row_of(a, 8, 16, "arbiter", None, 0)]
    tests = [
        ("growing lanes pass the scaling check",
         "grow with T over 3 points" in scaling_check(good)[0]),
        ("lanes that stop growing fail it",
         "FAILED between T=4 -> 8" in scaling_check(dead)[0]),
        ("a timed-out point keeps its area and says where it stopped",
         late[0]["logic"] == 20000 and late[0]["note"] == "timeout in pnr_seed1"),
        ("a point never run is pending with its command",
         late[1]["status"] == "pending" and "make synth" in late[1]["note"]),
    ]
    a.placer = "static"
    rtl, out = point_paths(a, 8, 16, "sorted")
    tests.append(("another placer has its own folders and is passed on",
                  out.endswith("W8_T16_sorted/synth-%s-static" % a.board)
                  and synth_cmd(a, rtl, out, "--pnr-only")[-3:] == ["--pnr-only", "--placer", "static"]
                  and make_cmd(a, 8, 16, "sorted").endswith("PLACER=static")))
    a.placer = "auto"
    md = write_outputs(a, good + dead + late, tmp, 0)
    return tests + [
        ("the table has one row per point", md.count("\n| ") == 1 + 8),
        ("csv, md, png and svg are written",
         all(os.path.getsize(os.path.join(tmp, "compare." + e)) > 0
             for e in ("csv", "md", "png", "svg"))),
        ("a T sweep's table is titled by its W", md.startswith(
            "# Sorted path list vs PC arbiter on %s, W=8\n" % a.board)),
        ("the table names the clock nextpnr was asked for", "nextpnr target 65 MHz" in md),
    ]


def w_sweep_tests(a, tmp):
    """The W sweep at one T (the report's scaling figure), and W and T both varying."""
    Ws = (1, 2, 4, 8, 16)
    grow = [row_of(a, W, 8, "sorted", made_up(8, 8000, 5000 + 1500 * W), 0) for W in Ws]
    flat = [row_of(a, W, 8, "sorted", made_up(8, 8000, 5000 + 1500 * min(W, 4)), 0) for W in Ws]
    # W <= 2 has 4-entry queues, W >= 4 two: W = 2 is larger than W = 4
    qlogic = {1: 1500, 2: 5000, 4: 4500, 8: 7500, 16: 13500}
    queues = [dict(row_of(a, W, 8, "sorted", made_up(8, 8000, qlogic[W]), 0),
                   ibuf=4 if W <= 2 else 2) for W in Ws]
    # over T at W=4 and W=8: W=8 T=2 has more logic than W=4 T=4, so mixing Ws would fail
    both = [row_of(a, W, T, "sorted", made_up(T, 1000 * T, 1000 * (W + T)), 0)
            for T in (2, 4) for W in (4, 8)]
    md = write_outputs(a, grow, tmp, 0)
    body = [line.split(" | ")[0] for line in md.splitlines()[6:6 + len(Ws)]]
    return [
        ("--W and --T take one value or a list", int_list("8") == [8]
         and int_list("16 1 2,4 2") == [1, 2, 4, 16]),
        ("a W sweep's rows and plot run against W", sweep_of(grow)[0] == "W"
         and body == ["| %d" % W for W in Ws] and [r["W"] for r in curves(grow)[0][2]] == list(Ws)
         and md.startswith("# Sorted path list on %s, against W at T=8\n" % a.board)),
        ("the md table of a W sweep has one row per point", md.count("\n| ") == 1 + len(Ws)),
        ("growing logic passes the W scaling check, the T check is not run",
         checks(grow) == scaling_check(grow, "W")
         and "grows with W over 5 points" in checks(grow)[0] and "FAILED" not in md),
        ("logic that stops growing with W fails it, where warps would show above the noise",
         "FAILED between W=8 -> 16" in scaling_check(flat, "W")[0]
         and "W=4 -> 8 not judged (+0 logic: its warps are within the flat netlist's noise)"
         in scaling_check(flat, "W")[0]
         and any("FAILED" in line for line in checks(flat))),
        ("a drop over W within the noise of a large core is named, not failed",
         "FAILED" not in scaling_check([dict(r, logic=70000 - (r["W"] == 8) * 900)
                                        for r in grow[2:4]], "W")[0]),
        ("the W check does not compare points of different queue depths",
         queues[1]["logic"] > queues[2]["logic"]
         and scaling_check(queues, "W")[0].endswith(
             "over 5 points (logic per added warp W=1 -> 2: 3500, W=4 -> 8: 750, W=8 -> 16: "
             "750). W=2 -> 4 not compared (queue depth 4 -> 2).")
         and "FAILED between W=4 -> 8 (placed logic does not grow with W: optimised-away "
             "warps?) W=2 -> 4 not compared (queue depth 4 -> 2)" in scaling_check(
                 [dict(r, logic=4000) if r["W"] == 8 else r for r in queues], "W")[0]),
        ("the T check compares only points of the same W",
         sweep_of(both)[0] == "T" and len(curves(both)) == 2
         and [line.split(":")[0] for line in scaling_check(both)]
         == ["Scaling check, sorted, W=4", "Scaling check, sorted, W=8"]
         and not any("FAILED" in line for line in checks(both))),
        ("each sweep has its own default out folder",
         default_out("ecp5", "auto", [8], [2, 4, 8]) == "build/compare-ecp5-W8"
         and default_out("ecp5", "auto", [1, 2, 4], [8]) == "build/compare-ecp5-T8"
         and default_out("ice40", "static", [1, 2], [8]) == "build/compare-ice40-T8-static"
         and default_out("ecp5", "auto", [4, 8], [2, 4]) == "build/compare-ecp5-W4-8"),
    ]


def reuse_tests(a, tmp):
    """Which earlier results a run reuses: the RTL's digest decides, not the folder."""
    def write(d, name, text):
        os.makedirs(os.path.join(tmp, d), exist_ok=True)
        with open(os.path.join(tmp, d, name), "w") as f:
            f.write("// Generated by simty-gen %s \u2014 DO NOT EDIT\n%s" % (d, text))
        return os.path.join(tmp, d, name)

    d1, d2, d3, d1b = (synth.files_digest([write(d, n, t)]) for d, n, t in (
        ("1eb94a7", "m.v", "module m; endmodule\n"), ("3f30b91", "m.v", "module m; endmodule\n"),
        ("3f30b91", "n.v", "module n; endmodule\n"),
        # the digest names the file too: the same text under another name is another core
        ("1eb94a7", "m2.v", "module m; endmodule\n")))
    ok = dict(made_up(8, 8000, 11000), rtl_digest=d1, timeout_s=3600, placer="auto")
    late = dict(made_up(32, 32000, 40000, "timeout"), rtl_digest=d1, timeout_s=3600,
                placer="auto", placer_used="static")
    old = {k: v for k, v in ok.items() if k != "rtl_digest"}
    row = row_of(a, 8, 8, "sorted", ok, 0)
    return [
        ("another generator writing the same Verilog gives the same digest", d1 == d2),
        ("other Verilog gives another digest", d2 != d3 and d1 != d1b),
        ("a finished point of the same RTL is reused", reusable(a, ok, d1)),
        ("a finished point of other RTL is rerun", not reusable(a, ok, d3)),
        ("a result without a digest (older synth.py) is rerun", not reusable(a, old, d1)),
        ("a point timed out under a timeout as long is reused", reusable(a, late, d1)),
        ("a point timed out under a shorter timeout is rerun",
         not reusable(a, dict(late, timeout_s=1800), d1)),
        ("a point placed under another PLACER is rerun", not reusable(a, dict(ok, placer="heap"), d1)),
        # --timeout auto: place and route's backstop grows with the point's logic
        ("auto: a 40,000-logic point timed out in place and route under an hour is rerun",
         not reusable(argparse.Namespace(**dict(vars(a), timeout=flows.AUTO)),
                      dict(late, fit={"over": []}), d1)),
        ("auto: a 10,000-logic one is reused",
         reusable(argparse.Namespace(**dict(vars(a), timeout=flows.AUTO)),
                  dict(late, fit={"over": []}, area={"lut": 10000, "carry": 0}), d1)),
        ("auto: a 40,000-logic one timed out under its own backstop is reused",
         reusable(argparse.Namespace(**dict(vars(a), timeout=flows.AUTO)),
                  dict(late, fit={"over": []}, timeout_s=flows.pnr_s(flows.AUTO, 40000)), d1)),
        ("a does-not-fit verdict of the current fitting steps is reused, an earlier one's rerun",
         reusable(a, dict(ok, status="does_not_fit", fit_rev=synth.FIT_REV), d1)
         and not reusable(a, dict(ok, status="does_not_fit"), d1)),
        ("auto places wide warps past the size with the static placer, the rest with HeAP",
         synth.resolve_placer("auto", "ecp5", 16, {"lut": 23587, "carry": 989}) == "static"
         and synth.resolve_placer("auto", "ecp5", 8, {"lut": 49023, "carry": 1100}) == "heap"
         and synth.resolve_placer("auto", "ecp5", 32, {"lut": 9000, "carry": 100}) == "heap"
         and synth.resolve_placer("auto", "ice40", 16, {"lut": 30000}) == "heap"
         and synth.resolve_placer("heap", "ecp5", 32, {"lut": 40000}) == "heap"),
        ("--render keeps a point of the same RTL as it is",
         rendered(a, ok, d1) == (ok, "")),
        ("--render keeps a point of other RTL and says so",
         rendered(a, ok, d3) == (ok, "measured on earlier RTL")),
        ("--render leaves a point never measured pending", rendered(a, None, d1) == (None, "")),
        ("--render marks a point synthesized but never placed",
         rendered(a, dict(ok, pnr=[]), d1)[0]["status"] == "pnr_pending"),
        ("--base takes only its board's rows, and fills the columns an older table lacks",
         base_rows(write_csv(os.path.join(tmp, "b2.csv"), [row]), "ice40") == {}
         and base_rows(write_csv(os.path.join(tmp, "older.csv"), [row],
                                [k for k in COLS if k != "target_mhz"]), "ecp5")[(8, 8, "sorted")]["target_mhz"] is None),
        ("--base reads an earlier table's rows back as row_of makes them",
         base_rows(write_csv(os.path.join(tmp, "base.csv"), [row]), "ecp5")[(8, 8, "sorted")]
         == dict(row, ibuf=None)),
        ("a point the auto placer gave to the static placer says so",
         row_of(a, 8, 32, "sorted", late, 0)["note"] == "static placer; timeout in pnr_seed1"
         and row_of(a, 8, 8, "sorted", dict(ok, placer_used="heap"), 0)["note"] == ""),
    ]


def figure_tests(a, tmp):
    """The figure of merit from a made-up bench.json: its arithmetic, column and note."""
    path = os.path.join(tmp, "bench.json")
    with open(path, "w") as f:
        json.dump({"meta": {"scale": "weak"}, "summary": [
            {"W": 8, "T": 8, "model": "rtl", "engine": "sorted", "thread_ipc": 2.5},
            {"W": 8, "T": 8, "model": "ref", "engine": "minsp-pc", "thread_ipc": 3.0},
            # another core: the bench's larger data memory (its W64T8)
            {"W": 64, "T": 8, "model": "rtl", "engine": "sorted", "thread_ipc": 3.6,
             "dmem_kib": 512}]}, f)
    ipc = bench_ipc(path)
    rows = add_figure([row_of(a, 8, 8, "sorted", made_up(8, 8000, 10000, fmax=80.0), 0),
                       row_of(a, 8, 16, "sorted", made_up(16, 16000, 20000), 0)], ipc)
    md = write_outputs(a, rows, tmp, 0)
    panel = "M thread instr./s per 1,000 logic (weak problems)"
    with_fig = plot(a, rows, tmp, "LUT4", flow_of(a, rows)) or []
    without = plot(a, add_figure([dict(r) for r in rows], {}), tmp, "LUT4",
                   flow_of(a, rows)) or []
    return [
        ("the plot has the figure's panel where the bench measured a point, none without",
         panel in with_fig and len(with_fig) == 6 and panel not in without and len(without) == 5),
        ("bench.json gives the RTL rows' thread IPC and scale only, of the default memory",
         ipc == {(8, 8, "sorted"): (2.5, "weak")} and bench_ipc(path + ".none") == {}),
        ("the figure is thread IPC x Fmax / (logic / 1000)",
         rows[0]["thread_insns_per_s_per_klogic"] == 20000000 and rows[0]["bench_scale"] == "weak"),
        ("a point the bench did not measure has no figure",
         rows[1]["thread_ipc"] is None and rows[1]["thread_insns_per_s_per_klogic"] is None),
        ("the md table has the figure column, the note says how to fill the rest",
         "| 2.500 | 20.0 |" in md and "| - | - |" in md
         and 'make bench BENCH_CFGS="8x16" TRACK=sorted' in md and "(weak problems)" in md),
    ]


def area_made_up(logic, short=(), status=None):
    """A results.json of an area-only synthesis (synth.py --no-pnr --skip-units): flat
    counts, the block-RAM split, the fit record; SHORT: the fit keys over capacity."""
    cap = dict(synth.BOARDS["ecp5"]["capacity"])
    need = {k: (cap[k] + 1 if k in short else 1) for k in cap}
    return {"status": status or ("does_not_fit" if short else "ok"),
            "area": {"lut": logic, "carry": 0, "ff": logic // 2, "bram": 30, "lutram": 8},
            "bram_split": {"core": 5, "board": 25}, "seconds_total": logic / 100.0,
            "fit": {"need": need, "capacity": cap, "over": ["%s over" % k for k in short]},
            "fit_rev": synth.FIT_REV,
            "steps": {"synth": {"status": "ok", "seconds": 9.0},
                      "synth_hier": {"status": "skipped"}}, "rtl_digest": "d", "placer": "auto",
            "timeout_s": 3600}


class SyncRunner:
    """simjobs.Runner's submit, run at once: a point's jobs without a cluster."""
    def submit(self, fn, *args, name, resources=None):
        return fn(*args)


def fake_synth(cmds, area):
    """simjobs.run_cmd's stand-in: records synth.py's command line and writes the
    results.json synth.py would (AREA after --no-pnr; placed after --pnr-only)."""
    def run(cmd, timeout, mem=None, log=None):
        cmds.append(cmd)
        out = cmd[cmd.index("--out") + 1]
        res = dict(area, pnr=[{"seed": 1}], fmax_mhz=50.0) if "--pnr-only" in cmd else area
        with open(os.path.join(out, "results.json"), "w") as f:
            json.dump(res, f)
        return {"rc": 0, "seconds": 1.0, "status": "ok", "err": ""}
    return run


def area_tests(a, tmp):
    """--area-only: no place and route, reuse of a finished synthesis, the W x T grid."""
    a = argparse.Namespace(**dict(vars(a), points_root=tmp, area_only=True))
    ran = {}
    run_cmd = simjobs.run_cmd
    try:
        for mode in (True, False):
            a.area_only, ran[mode] = mode, []
            simjobs.run_cmd = fake_synth(ran[mode], area_made_up(5000))
            ran[mode] = (point_jobs(SyncRunner(), a, 2, 2, "sorted", None), ran[mode])
    finally:
        simjobs.run_cmd, a.area_only = run_cmd, True
    (got, cmds), (full, full_cmds) = ran[True], ran[False]
    flat = area_made_up(5000)
    row = row_of(a, 2, 2, "sorted", flat, 0)
    tests = [
        ("an area-only point runs one synth.py, --no-pnr --skip-units, and never places",
         len(cmds) == 1 and {"--no-pnr", "--skip-units"} <= set(cmds[0])
         and not any("--pnr-only" in c for c in cmds) and got[0]["status"] == "ok"
         and "pnr" not in got[0]),
        ("a full run of the same point still places and routes it (and keeps the units run)",
         [c[c.index("--placer") - 1] for c in full_cmds] == ["--no-pnr", "--pnr-only"]
         and "--skip-units" not in full_cmds[0] and full[0]["pnr"]),
        ("an area-only run reuses a finished flat synthesis of the same RTL",
         reusable(a, flat, "d") and reusable(a, area_made_up(90000, ["comb"]), "d")
         and not reusable(a, flat, "other")),
        ("an area-only run reruns a synthesis that timed out under a shorter timeout",
         not reusable(a, dict(flat, status="timeout", timeout_s=600), "d")),
        ("exit status: 0 all measured (a does-not-fit verdict too), 3 points pending (the "
         "budget), 1 a point timed out; a rendered table 0",
         [exit_status(argparse.Namespace(render=r), [dict(row, status=s) for s in st])
          for r, st in ((False, ["ok"]), (False, ["ok", "pending"]), (False, ["pnr_pending"]),
                        (False, ["timeout", "pending"]), (True, ["timeout", "pending"]),
                        (False, ["ok", "does_not_fit"]))]
         == [0, 3, 3, 1, 0, 0]
         and exit_status(argparse.Namespace(render=True), [row], failed_checks=True) == 1),
        ("a full run does not take an area-only result for a placed one",
         not reusable(argparse.Namespace(area_only=False, seeds=1, placer="auto", timeout=3600),
                      flat, "d")),
        ("--render of an area-only run keeps a synthesized point as measured",
         rendered(a, flat, "d")[0]["status"] == "ok"),
        ("without the hierarchy-kept run the block RAMs split as the flat netlist says",
         (row["bram_core"], row["bram_mem"], row["bram_total"]) == (5, 25, 30)),
    ]
    netlist = os.path.join(tmp, "n.json")
    with open(netlist, "w") as f:
        json.dump({"modules": {"top": {"cells": {
            "u_soc.u_core.u_rf.u_bank0_lane0.mem.0.0": {"hide_name": 0, "type": "DP16KD"},
            "u_soc.u_core.u_fetch.x": {"hide_name": 0, "type": "LUT4"},
            "u_soc.u_dmem.mem.0.0": {"hide_name": 0, "type": "DP16KD"}}}}}, f, indent=2)
    tests.append(("the core's block RAMs are the flat netlist's under u_soc.u_core",
                  synth.core_brams(netlist, ["DP16KD", "PDPW16KD"]) == 1))
    return tests + grid_tests(a, tmp)


def grid_tests(a, tmp):
    """The grid on made-up points: each figure in its W row and T column, the short
    resource marked, the points not measured said so, the largest that fits."""
    Ws, Ts = (1, 2, 4), (1, 2, 4)
    res = {(W, T): area_made_up(1000 * W + 10 * T) for W in Ws for T in Ts}
    res.update({(2, 4): area_made_up(2040, ["bram"]), (4, 4): area_made_up(4040, ["comb", "ff"]),
                (1, 4): dict(area_made_up(1040), status="timeout", reason="timeout in synth"),
                (4, 2): None})
    rows = [row_of(a, W, T, "sorted", res[(W, T)], 0) for W in Ws for T in Ts]
    grows = grid.grid_rows(rows, {p: grid.short_of(r) for p, r in res.items()})
    md = grid.write_grid(grows, "ecp5", tmp, "Made up.")
    lines = md.splitlines()
    first = lines.index("| W \\ T | 1 | 2 | 4 |")
    cells = {(W, T): c.strip() for W, line in zip(Ws, lines[first + 2:first + 5])
             for T, c in zip(Ts, line.strip("|").split("|")[1:])}
    want = {(W, T): "{:,}".format(1000 * W + 10 * T) for W in Ws for T in Ts}
    want.update({(2, 4): "2,040 (BRAM over)", (4, 4): "4,040 (LUT4, FF over)",
                 (1, 4): "timeout", (4, 2): "pending"})
    base = base_rows(os.path.join(tmp, "grid.csv"), "ecp5", ["arbiter"])
    return [
        ("the grid's logic table puts each point in its W row and T column", cells == want),
        ("the block-RAM table marks the short resource too",
         "| 2 | 5 + 25 | 5 + 25 | 5 + 25 (BRAM over) |" in lines),
        ("the largest configuration that fits, per W and per T, with what is not measured",
         "- W=1: W1T2 (T=4 not measured)" in lines and "- W=4: W4T1 (T=2 not measured)" in lines
         and "- T=4: none" in lines and "- T=2: W2T2 (W=4 not measured)" in lines
         and "- most threads: W4T1, W2T2 (4 threads)" in lines),
        ("points not measured: pending with their command, the timeout with its reason",
         "Pending (1, not measured yet): W4T2. Each: `make compare BOARD=ecp5 CMP_W=<w> "
         "CMP_T=<t> CMP_TRACKS=sorted CMP_AREA_ONLY=1`, or the grid's command again "
         "(finished points are reused)." in " ".join(md.split())
         and "W1T4: timeout, timeout in synth" in lines),
        ("grid.csv reads back as the grid's rows, and the plot is written",
         grid.read_csv(os.path.join(tmp, "grid.csv")) == grows
         and all(os.path.getsize(os.path.join(tmp, "grid." + e)) > 0 for e in ("png", "svg"))),
        ("a grid.csv as --base gives the grid back, short resources and all, as one tracker's",
         grid.grid_rows([base[(r["W"], r["T"], "arbiter")] for r in grows], {}) == grows
         and base[(2, 4, "arbiter")]["short"] == "BRAM" and base[(2, 4, "arbiter")]["board"] == "ecp5"),
    ]


def self_test(a):
    """Rows, scaling checks and outputs on made-up results: what make test can afford."""
    import tempfile

    a.seeds, a.placer = 1, "auto"
    tests = []
    for group in (t_sweep_tests, w_sweep_tests, reuse_tests, figure_tests, area_tests):
        with tempfile.TemporaryDirectory(dir=os.path.join(ROOT, "build")) as d:
            # made-up points: no RTL of this tree may lend them its queue depth
            a.rtl_pattern = os.path.join(d, "{CFG}", "rtl")
            tests += group(a, d)
    return simjobs.report_tests(tests)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--board", default="ecp5", choices=["ecp5", "ice40"])
    ap.add_argument("--W", type=int_list, default="8",
                    help="warps: one value (a T sweep) or a list (at one T: a W sweep)")
    ap.add_argument("--T", type=int_list, default="2 4 8 16 32 64", help="threads per warp: a list")
    ap.add_argument("--tracks", default="sorted arbiter", help="trackers, e.g. \"sorted\"")
    ap.add_argument("--jobs", type=int, default=2,
                    help="jobs at a time on the LocalCluster (DASK_SCHEDULER: the cluster's)")
    ap.add_argument("--pnr-slots", type=int,
                    help="places and routes at a time on the LocalCluster (default --jobs)")
    ap.add_argument("--mem", type=int, default=simjobs.job_mem_mib(MEM_MIB),
                    help="memory limit of a job's processes, MiB (0: none)")
    ap.add_argument("--seeds", type=int, default=1)
    ap.add_argument("--timeout", type=flows.timeout_arg, default=flows.AUTO,
                    help="seconds per step of a job (auto: synth.py's, scripts/lib/flows.py)")
    ap.add_argument("--placer", default="auto", choices=synth.PLACERS,
                    help="nextpnr placer of every point (results under synth-<board>-<placer>)")
    ap.add_argument("--budget", type=float, help="start no job after this many seconds")
    ap.add_argument("--area-only", action="store_true",
                    help="flat synthesis only (no hierarchy-kept run, no place and route): "
                         "a point is complete once its area is known; with several W and T "
                         "also the W x T grid (grid.csv, grid.md, grid.png)")
    ap.add_argument("--force", action="store_true", help="rerun complete points")
    ap.add_argument("--render", action="store_true",
                    help="run nothing: table and plot what each point last measured, "
                         "marking points whose RTL has changed since")
    ap.add_argument("--base", metavar="CSV",
                    help="with --render: rows of an earlier compare.csv (e.g. docs/) for the "
                         "points this machine has no result of")
    ap.add_argument("--rtl-pattern", default="build/{CFG}/rtl",
                    help="a point's RTL folder: {CFG} (its build folder name), {W} {T} {TRACK}")
    ap.add_argument("--points-root", default="build",
                    help="each point's results go to POINTS_ROOT/W<w>_T<t>_<track>/synth-<board>")
    ap.add_argument("--gen", default=os.path.join(ROOT, "build", "tools", "simty-gen"))
    ap.add_argument("--bench", default=os.path.join(ROOT, "build", "bench", "bench.json"),
                    help="make bench's bench.json whose thread IPC gives the figure of merit "
                         "(thread instructions/s per 1,000 logic) per point")
    ap.add_argument("--out", help="default build/compare-<board>-W<w>, -T<t> for a W sweep")
    ap.add_argument("--self-test", action="store_true",
                    help="check the table, scaling check and plot on made-up results, then exit")
    a = ap.parse_args()
    if a.base and not a.render:
        ap.error("--base goes with --render")
    if a.self_test:
        return self_test(a)
    cores = os.cpu_count() or 1
    if a.jobs < 1 or a.jobs > cores:
        sys.exit("compare: --jobs %d: 1 to %d (the machine's cores)" % (a.jobs, cores))
    if a.pnr_slots is not None and not 1 <= a.pnr_slots <= a.jobs:
        sys.exit("compare: --pnr-slots %d: 1 to --jobs (%d)" % (a.pnr_slots, a.jobs))
    Ws, Ts, tracks = a.W, a.T, a.tracks.split()
    outdir = os.path.join(ROOT, a.out or default_out(a.board, a.placer, Ws, Ts))
    os.makedirs(outdir, exist_ok=True)
    a.outdir = outdir
    # cheapest first: T, then W. Yosys's time follows T far more than W (flat, ECP5:
    # W64T1 92 s, W1T32 206 s, W1T64 over 15 minutes), so a budget spends itself on
    # the cores it can finish
    points = [(W, T, tr) for T in Ts for W in Ws for tr in tracks]
    n = len(points)
    t0 = time.time()
    deadline = t0 + a.budget if a.budget is not None else None
    results = {}
    todo = []
    digests = {}
    notes = {}          # --render: points measured on other RTL
    for i, (W, T, tr) in enumerate(points):
        _, out = point_paths(a, W, T, tr)
        res = load(out)
        digests[(W, T, tr)], failed = fresh_rtl(a, W, T, tr)
        if failed:
            say("[%d/%d] %s: %s" % (i + 1, n, point_name(W, T, tr), failed["reason"]))
            results[(W, T, tr)] = (failed, 0.0)
        elif a.render:
            res, notes[(W, T, tr)] = rendered(a, res, digests[(W, T, tr)])
            results[(W, T, tr)] = (res, 0.0)
        elif not a.force and reusable(a, res, digests[(W, T, tr)]):
            say("[%d/%d] %s: reusing %s (%s)" % (i + 1, n, point_name(W, T, tr),
                                                os.path.relpath(out, ROOT), res["status"]))
            results[(W, T, tr)] = (res, 0.0)
        else:
            if res and res.get("rtl_digest") != digests[(W, T, tr)]:
                say("[%d/%d] %s: %s %s: rerun"
                    % (i + 1, n, point_name(W, T, tr), os.path.relpath(out, ROOT),
                       "was made from other RTL" if res.get("rtl_digest")
                       else "records no RTL digest (an older synth.py)"))
            todo.append((i + 1, W, T, tr))
    if not a.render:        # --render runs nothing, so it starts no cluster
        with simjobs.Runner(a.jobs, a.pnr_slots) as runner:
            say("compare: %s, %s, %s, trackers %s: %d points, %d to run on %s; seeds %d, "
                "%s, %s per job%s"
                % (a.board, span("W", Ws), span("T", Ts), tracks, n, len(todo), runner.describe(),
                   a.seeds, flows.timeout_text(a.timeout),
                   "%d MiB" % a.mem if a.mem else "no memory limit",
                   ", budget %.0f s" % a.budget if a.budget else ""))
            if todo and runner.workers() and not runner.resource("pnr"):
                sys.exit("compare: no worker of %s offers the resource pnr, so no place and route "
                         "could start: start the workers with --resources pnr=1 (one per core)"
                         % runner.addr)
            futs = [point_jobs(runner, a, W, T, tr, deadline) for _, W, T, tr in todo]
            prog = simjobs.Progress(len(futs), "compare", "point")
            watch = pnr_watch(a, todo)
            try:
                for k, got, err in runner.results(futs, prog):
                    i, W, T, tr = todo[k]
                    name = point_name(W, T, tr)
                    if got is None and err is None:
                        res, why = not_started(a, W, T, tr, digests[(W, T, tr)])
                        say("[%d/%d] %s: %s" % (i, n, name, why), prog.write)
                        results[(W, T, tr)] = (res, 0.0)
                        continue
                    res, secs = got if got else ({"status": "failed", "reason": err}, 0.0)
                    ar = res.get("area", {})
                    say("[%d/%d] %s: %s in %.0f s: %s LUT4, %s FF, %s BRAM, Fmax %s MHz%s (log %s)"
                        % (i, n, name, res.get("status"), secs, ar.get("lut", "-"),
                           ar.get("ff", "-"), ar.get("bram", "-"), res.get("fmax_mhz", "-"),
                           "; " + res["reason"] if res.get("reason") else "",
                           os.path.relpath(point_paths(a, W, T, tr)[1], ROOT)), prog.write)
                    results[(W, T, tr)] = (res, secs)
            finally:
                watch.__exit__(None, None, None)
                prog.close()
    sweep_s = time.time() - t0
    rows = [row_of(a, *p, *results.get(p, (None, 0))) for p in points]
    base = base_rows(a.base, a.board, tracks) if a.base else {}
    for k, p in enumerate(points):
        if notes.get(p):
            rows[k]["note"] = "; ".join(x for x in (rows[k]["note"], notes[p]) if x)
        elif results.get(p, (None,))[0] is None and p in base:
            # measured elsewhere: the earlier table's row, with the queue depth of this
            # tree's RTL (the W scaling check skips pairs whose queues differ)
            rows[k] = dict(base[p], ibuf=rows[k]["ibuf"])
    add_figure(rows, bench_ipc(a.bench))
    md = write_outputs(a, rows, outdir, sweep_s)
    print()
    print(md)
    if a.area_only and len(Ws) > 1 and len(Ts) > 1:
        print(write_grids(a, rows, {p: r[0] for p, r in results.items()}, outdir, sweep_s))
    print("sweep: %.0f s; %s/compare.csv, compare.md, compare.png, compare.svg"
          % (sweep_s, os.path.relpath(outdir, ROOT)))
    pend = [r for r in rows if r["status"] in ("pending", "pnr_pending")]
    if pend:
        print("pending (%d): %s; the same command resumes them (exit status 3)"
              % (len(pend), "; ".join(r["note"][5:] for r in pend)))
    return exit_status(a, rows, any("FAILED" in line for line in checks(rows)))


def exit_status(a, rows, failed_checks=False):
    """0 when every point was measured (a design that does not fit the device is a
    verdict: its short resource is named); 1 when a check of the table failed or a point
    did not finish (failed, timed out; a rendered table lists what was measured, so
    there they are results); 3 when the rest were measured and points are pending
    only because --budget was spent (the same command resumes them)."""
    if failed_checks:
        return 1
    pend = ("pending", "pnr_pending")
    if not a.render and any(r["status"] not in ("ok", "does_not_fit") + pend for r in rows):
        return 1
    return 3 if any(r["status"] in pend for r in rows) and not a.render else 0


if __name__ == "__main__":
    sys.exit(main())
