#!/usr/bin/env python3
"""The figure tables of README.md, docs/ and fpga/README.md, written from committed data
(issue 56).

    scripts/docs/tables.py                 rewrite every generated block (make tables)
    scripts/docs/tables.py --check         PASS or FAIL per block, with a diff, and "N passed,
                                      M failed"; exit 1 if any block is stale (make test)
    scripts/docs/tables.py --self-test     the check catches a changed number, a changed data
                                      file, a lost marker, a changed source CSV and a
                                      hand-typed table of figures
    scripts/docs/tables.py --import-synth build/<cfg>/synth-<board>/results.json --commit C
                      [--date YYYY-MM-DD] [--note TEXT] [--out docs/data/NAME.json]
    scripts/docs/tables.py --import-bench build/bench/bench.json --commit C [...]
    scripts/docs/tables.py --import-flow build/fpga/smoke-ecp5/results.json --commit C [...]

A block is the text between a line "<!-- table:NAME begin -->" and a line
"<!-- table:NAME end -->" (the bench and sorter tables keep the markers their own
scripts write).  Each block has one renderer below, which reads only committed data:
docs/data/*.json (copies of make synth's results.json and make bench's bench.json,
trimmed to what the tables use, with the commit and date of the run),
docs/data/transcribed/*.json (runs whose results files are gone, transcribed from the
notes that state them, and labelled so), and the CSVs other scripts commit
(docs/bench/bench.csv, docs/compare-*.csv), whose provenance and SHA-256 are in
docs/data/sources.json: a CSV that changes without its entry fails the check.
docs/data/README.md describes every file.

Every other table of figures in the tree's Markdown documents must sit in a history
block ("<!-- history begin -->", a note naming the commit its figures are as recorded
at, "<!-- history end -->"): the check fails on one that is in neither, so no new
hand-typed table of figures can appear (figure_tables below says what counts).

The arithmetic is the project's: logic = figures.logic_of (LUT4 + 2 x carry on ECP5),
the figure of merit = bench.figure (thread IPC x Fmax / (logic / 1,000)), the bench
tables = bench.readme_table and readme_policy_table, the compare tables = compare.py's
own writer, steps per lane = area_step.rows.  --root DIR works on another copy of the
tree (the self-test's).
"""
import argparse
import contextlib
import csv
import datetime
import difflib
import glob
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import textwrap
from decimal import Decimal, ROUND_HALF_UP
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lib"))
import flows  # noqa: E402  (the checkout's root, the flows this one reads)
import simjobs  # noqa: E402  (Checks)
from figures import (HISTORY_BEGIN, HISTORY_END, HISTORY_NOTE, HISTORY_NOTE_RE,  # noqa: E402
                     cells, logic_of, typed)  # (LUT4 + 2 x carry; a CSV field as written)
flows.use("bench", "fpga")
import bench  # noqa: E402  (the figure of merit, the bench tables, picorv32)
import area_step  # noqa: E402  (fpga: logic per added lane or warp)
import compare  # noqa: E402  (fpga: the compare tables)
import grid  # noqa: E402  (fpga: the W x T area grid)

ROOT = str(flows.ROOT)
DATA = "docs/data"
SOURCES = DATA + "/sources.json"


# --- numbers as the documents write them ---------------------------------------------

def rnd(x, nd=0):
    """x rounded half up to nd decimals (Python's round() rounds half to even)."""
    return Decimal(repr(x)).quantize(Decimal(1).scaleb(-nd), rounding=ROUND_HALF_UP)


def n(x):
    """An integer with thousands separators: 10,752."""
    return "{:,}".format(int(rnd(x)))


def f(x, nd=1):
    return "%s" % rnd(x, nd)


def bold(text, on=True):
    return "**%s**" % text if on else text


# --- the data ----------------------------------------------------------------------

class Data:
    """The committed data under ROOT, each file read once."""

    def __init__(self, root):
        self.root = root
        self.cache = {}

    def path(self, rel):
        return os.path.join(self.root, rel)

    def json(self, name):
        """docs/data/NAME.json (NAME may start with transcribed/)."""
        rel = "%s/%s.json" % (DATA, name)
        if rel not in self.cache:
            with open(self.path(rel)) as fh:
                self.cache[rel] = json.load(fh)
        return self.cache[rel]

    def csv_rows(self, rel):
        if rel not in self.cache:
            with open(self.path(rel), newline="") as fh:
                self.cache[rel] = [{k: typed(v) for k, v in r.items()} for r in csv.DictReader(fh)]
        return self.cache[rel]

    def source(self, rel):
        """docs/data/sources.json's entry of a committed CSV."""
        return self.json("sources")[rel]


def logic(d):
    """Flat logic of a synthesis record: LUT4 + 2 x carry (or its stated total)."""
    return logic_of(d.get("area"), d.get("board", "ecp5")) or d.get("logic")


def logic_hier(d):
    """The hierarchy-kept total (units.total), or its stated total."""
    return logic_of((d.get("units") or {}).get("total"), d.get("board", "ecp5")) or d.get("logic_hier")


def unit_logic(d, unit):
    u = (d.get("units") or {}).get(unit)
    return logic_of(u, d.get("board", "ecp5")) if u and "lut" in u else (u or {}).get("logic")


def when(d):
    """`commit`, date, and "transcribed" for a file that is (a run whose notes name no
    commit gives what they say instead)."""
    what = "`%s`" % d["commit"] if d.get("commit") else d["commit_text"]
    return "%s, %s%s" % (what, d["date"], ", transcribed" if d.get("transcribed") else "")


def prose(text):
    """A paragraph wrapped as the documents wrap theirs."""
    return textwrap.wrap(text, 90, break_long_words=False, break_on_hyphens=False)


def bench_row(b, w, t, engine):
    for r in b["rows"]:
        if (r["W"], r["T"], r["engine"]) == (w, t, engine):
            return r
    raise KeyError("%s: no %dx%d %s row" % (b.get("source"), w, t, engine))


def thread_ipc(r):
    return r["thread_instructions"] / r["cycles"]


def merit(ipc, fmax, lg):
    """M thread instructions/s per 1,000 logic (bench.figure's arithmetic)."""
    r = {"thread_ipc": ipc}
    bench.figure(r, {"fmax_mhz": fmax, "logic": lg, "logic_hier": None})
    return r["thread_insns_per_s_per_klogic"] / 1e6


def compare_row(db, rel, w, t, track):
    for r in db.csv_rows(rel):
        if (r["W"], r["T"], r["TRACK"]) == (w, t, track):
            return r
    raise KeyError("%s: no %dx%d %s row" % (rel, w, t, track))


# --- README.md ---------------------------------------------------------------------

ICE40_LC, ICE40_RAM = 7680, 32

# W8T8's synthesis for the results and figure rows: the generator at 5de6e53, whose
# cycles are dd6c816's (an equal-cycles edit), so the figure sets it beside that bench
W8T8_SYNTH = "synth-ecp5-W8_T8_sorted-4946c35"
# W8T16's synthesis for the figure, per-lane step and results rows
W8T16_SYNTH = "synth-ecp5-W8_T16_sorted-a5d16b2"
# W8T32's: a5d16b2's synthesis, placed and routed again alone (its first run timed out)
W8T32_SYNTH = "synth-ecp5-W8_T32_sorted-0cf5c02"
# The bench of round 1 (its rows carry the Fmax and logic of round 1's synthesis)
ROUND1_BENCH = ("bench-fixed-032bcdb", "bench-weak-032bcdb")

# (label, data file or ("csv", file, W, T, track), bold)
RESULTS_ROWS = (
    ("W8T8 sorted (default)", W8T8_SYNTH, True),
    ("W8T16 sorted", W8T16_SYNTH, False),
    ("W8T32 sorted", W8T32_SYNTH, False),
    ("W64T16 sorted (1,024 threads)", "synth-ecp5-W64_T16_sorted-249af05", False),
    ("W8T8 arbiter", "synth-ecp5-W8_T8_arbiter-a5d16b2", False),
    ("W8T8 sorted, `ISA=rv32ia`", "synth-ecp5-W8_T8_sorted_ia-d9f93f1", False),
    ("W8T8 sorted, `ISA=rv32ima`", "synth-ecp5-W8_T8_sorted_ima-2b8629d", False),
    ("W2T2 sorted", "transcribed/synth-ice40-W2_T2_sorted-86d458e", False),
    ("W1T1 sorted", "transcribed/synth-ice40-W1_T1_sorted-86d458e", False),
    ("W8T8 sorted", "synth-tangmega138k-W8_T8_sorted-3928019", False),
)


def from_compare(db, rel, w, t, track):
    """A compare.csv row as a synthesis record (with its provenance from sources.json)."""
    r = compare_row(db, rel, w, t, track)
    prov = db.source(rel)["rows"]["%dx%d:%s" % (w, t, track)]
    return {"board": r["board"], "area": {"lut": r["lut"], "carry": r["carry"], "ff": r["ff"]},
            "units": {"core": {"bram": r["bram_core"]}, "memories": {"bram": r["bram_mem"]}},
            "fmax_mhz": r["fmax_mhz"],
            "fmax_seeds_mhz": [typed(x) for x in str(r["fmax_seeds"]).split()],
            "placer_used": "static" if "static placer" in (r["note"] or "") else "heap",
            "commit": prov["commit"], "date": prov["date"]}


def record(db, src):
    return from_compare(db, *src[1:]) if isinstance(src, tuple) else db.json(src)


def results_cells(d, strong):
    a = d["area"]
    units = d.get("units") or {}
    if d["board"] == "ice40":
        lc = d["logic_cells"]
        lg = "%s logic cells (%d %%)" % (n(lc), int(rnd(100.0 * lc / ICE40_LC)))
        ram = "%d of %d RAM4K" % (a["bram"], ICE40_RAM)
    else:
        names = cells(d["board"])
        lg = "%s (%s %s + %s %s)" % (bold(n(logic(d)), strong), n(a["lut"]), names["lut"],
                                     n(a["carry"]), names["carry"])
        if a.get("dsp"):
            lg += ", %d %s" % (a["dsp"], names["dsp"])
        core, mem = (units.get("core") or {}).get("bram"), (units.get("memories") or {}).get("bram")
        kind = names["bram"]
        ram = "%d + %d %s" % (core, mem, kind) if core is not None else "%d %s" % (a["bram"], kind)
    seeds = d.get("fmax_seeds_mhz") or [d["fmax_mhz"]]
    fmax = bold("%s MHz" % f(d["fmax_mhz"]), strong)
    if cells(d["board"]).get("fmax_estimate"):
        fmax += " (nextpnr's estimate)"
    if len(seeds) == 2:         # a median of two is their mean: both shown
        fmax += " (%s)" % ", ".join(str(s) for s in seeds)
    if d.get("placer_used") == "static":
        fmax += " (static placer)"
    return [lg, n(a["ff"]), ram, fmax, str(len(seeds))]


def readme_results(db):
    lines = ["| configuration | device | logic | FF | block RAM (core + board) | Fmax | seeds "
             "| measured |", "|---|---|---|---|---|---|---|---|"]
    for label, src, strong in RESULTS_ROWS:
        d = record(db, src)
        lines.append("| %s | %s | %s | %s |" % (
            bold(label, strong), cells(d["board"])["device"], " | ".join(results_cells(d, strong)), when(d)))
    return lines


# (label, synthesis, fixed bench, weak bench or None, engine, bold, what "before" was)
FIGURE_ROWS = (
    ("W8T8 sorted", W8T8_SYNTH, "bench-fixed-a5d16b2",
     "bench-weak-a5d16b2", "sorted", True, "exact"),
    ("W8T16 sorted", W8T16_SYNTH, "bench-fixed-a5d16b2", "bench-weak-dd6c816", "sorted",
     False, "round1"),
    ("W8T32 sorted", W8T32_SYNTH, "bench-fixed-a5d16b2", "bench-weak-a5d16b2", "sorted",
     False, None),
    ("W8T8 arbiter (two cuts in its tree)", "synth-ecp5-W8_T8_arbiter-a5d16b2",
     "bench-fixed-a5d16b2", None, "arbiter", False, None),
)
BEFORE_EXACT = ("transcribed/synth-ecp5-W8_T8_sorted-a410257", "bench-fixed-exact-a410257")


def before_note(db, kind, w, t):
    """The figure before issue 49's steps (exact sorter, a410257) or before round 2 (the
    synthesis the round-1 bench recorded in its own rows)."""
    if kind == "exact":
        s, b = (db.json(x) for x in BEFORE_EXACT)
        r = bench_row(b, w, t, "sorted")
        return "%s before issue 49's lean steps" % f(merit(thread_ipc(r), s["fmax_mhz"], logic(s)))
    fixed, weak = (db.json(x) for x in ROUND1_BENCH)
    rf, rw = bench_row(fixed, w, t, "sorted"), bench_row(weak, w, t, "sorted")
    return "%s / %s before round 2" % tuple(
        f(merit(thread_ipc(r), r["fmax_mhz"], r["logic"])) for r in (rf, rw))


def readme_figure(db):
    lines = ["| configuration | thread IPC, fixed / weak | M thread instructions/s per 1,000 "
             "logic, fixed / weak |", "|---|---|---|"]
    for label, sname, fname, wname, eng, strong, before in FIGURE_ROWS:
        s, fb = db.json(sname), db.json(fname)
        w, t = s["config"]["W"], s["config"]["T"]
        ipcs = [thread_ipc(bench_row(fb, w, t, eng))]
        if wname:
            ipcs.append(thread_ipc(bench_row(db.json(wname), w, t, eng)))
        figs = [f(merit(i, s["fmax_mhz"], logic(s))) for i in ipcs]
        if not wname:
            ipcs.append(None)
            figs.append("-")
        cell = bold(" / ".join(figs), strong)
        if before:
            cell += " (%s)" % before_note(db, before, w, t)
        lines.append("| %s | %s | %s |" % (bold(label, strong), " / ".join(
            f(i, 3) if i is not None else "-" for i in ipcs), cell))
    p = bench.PICORV32
    lines.append("| picorv32 (yardstick: published CPI about 4, %s logic, %s MHz) | %s | %s |" % (
        n(p["logic"]), p["fmax_mhz"], f(p["thread_ipc"], 2),
        f(merit(p["thread_ipc"], p["fmax_mhz"], p["logic"]))))
    benches = {}                  # (bench file, scale): the rows it gave
    for label, _, fname, wname, _, _, _ in FIGURE_ROWS:
        for name, scale in ((fname, "fixed"), (wname, "weak")):
            if name:
                benches.setdefault((name, scale), []).append(label.split(" (")[0])
    said = "; ".join("%s (%s, %s)" % (when(db.json(name)), ", ".join(rows), scale)
                     for (name, scale), rows in benches.items())
    s_exact, b_exact = (db.json(x) for x in BEFORE_EXACT)
    r16 = bench_row(db.json(ROUND1_BENCH[0]), 8, 16, "sorted")
    lines += [""] + prose(
        "Measured: Fmax and logic as above; thread IPC by `make bench` at %s (the generator's "
        "edits since kept every cycle). Before: the exact sorter, synthesis at %s, bench at %s; "
        "round 1's W8T16 as its bench recorded it (%s MHz, %s logic)."
        % (said, when(s_exact), when(b_exact), r16["fmax_mhz"], n(r16["logic"])))
    return lines


def area_record(d):
    """A data file as area_step.load() returns a results.json: (res, W, T)."""
    return d, int(d["config"]["W"]), int(d["config"]["T"])


# The per-lane and per-warp steps: (label, configuration A, configuration B), each pair
# from the generator as it stands (its Verilog unchanged since 5de6e53).
STEPS = (
    ("lane (W = 8, T = 8 -> 16)", W8T8_SYNTH, W8T16_SYNTH, "per_lane_flat"),
    ("lane (W = 8, T = 16 -> 32)", W8T16_SYNTH, W8T32_SYNTH, None),
    ("warp (T = 8, W = 8 -> 32)", W8T8_SYNTH, "synth-ecp5-W32_T8_sorted-508af5f",
     "per_warp_flat"),
)


def readme_steps(db):
    before = db.json("transcribed/area-steps-a410257")
    lines = ["| logic per added | flat netlist | hierarchy kept (the core) | before issue 49 "
             "(flat) |", "|---|---|---|---|"]
    runs = []
    for label, a, b, old in STEPS:
        runs += [x for x in (a, b) if x not in runs]
        out = area_step.rows(area_record(db.json(a)), area_record(db.json(b)))[0]
        flat = out[-1][3]
        core = [r[3] for r in out if r[0] == "core"][0]
        lines.append("| %s | %s | %s | %s |" % (label, n(flat), n(core),
                                                n(before[old]) if old else "-"))
    said = "; ".join("W%sT%s at %s" % (d["config"]["W"], d["config"]["T"], when(d))
                     for d in (db.json(x) for x in runs))
    return lines + [""] + prose(
        "Measured (Yosys's counts of the netlists `make synth` places): %s; before: %s. A "
        "step is (B - A) / (T_B - T_A) or / (W_B - W_A), `scripts/fpga/area_step.py`."
        % (said, when(before)))


# --- docs/results.md: issue 49's round 2 ---------------------------------------------

ROUND2 = (
    ("round 1's end", "transcribed/synth-ecp5-W8_T8_sorted-032bcdb"),
    ("4. each queued instruction carries its hazard wait",
     "transcribed/synth-ecp5-W8_T8_sorted-bf58994"),
    ("5. per-warp PCs in LUT-RAM from W = 4", "synth-ecp5-W8_T8_sorted-52f2c19"),
)

ROUND2_COLS = ("round 1's end", "step 4", "step 5")


def results_round2_steps(db):
    fixed, weak = db.json("bench-fixed-032bcdb"), db.json("bench-weak-032bcdb")
    ipc = [thread_ipc(bench_row(b, 8, 8, "sorted")) for b in (fixed, weak)]
    lines = ["| step (W8T8 sorted) | flat logic (LUT4 + 2 x carry) | hierarchy kept | Fmax (seeds) "
             "| figure fixed / weak |", "|---|---|---|---|---|"]
    for i, (label, name) in enumerate(ROUND2):
        d = db.json(name)
        last = i == len(ROUND2) - 1
        lines.append("| %s (`%s`) | %s (%s + %s) | %s | %s (%s) | %s |" % (
            label, d["commit"], bold(n(logic(d)), last), n(d["area"]["lut"]),
            n(d["area"]["carry"]),
            n(logic_hier(d)), bold("%s MHz" % f(d["fmax_mhz"]), last),
            ", ".join(str(s) for s in d["fmax_seeds_mhz"]),
            bold(" / ".join(f(merit(x, d["fmax_mhz"], logic(d))) for x in ipc), last)))
    steps = "; ".join("%s at %s" % (col, when(db.json(name)))
                      for col, (_, name) in zip(ROUND2_COLS, ROUND2))
    lines += [""] + prose("Measured: %s; thread IPC %s (fixed) and %s (weak) by `make bench` at "
                          "%s." % (steps, f(ipc[0], 3), f(ipc[1], 3), when(fixed)))
    return lines


ROUND2_UNITS = (("fetch", ("fetch",)), ("sched", ("sched",)), ("path", ("path",)),
                ("alu lanes, rf, exec, branch, coalesce, gather, predecode, core glue",
                 ("alu_lanes", "rf", "exec", "branch", "coalesce", "gather", "predecode",
                  "core_glue")), ("core", ("core",)))


def results_round2_units(db):
    ds = [db.json(name) for _, name in ROUND2]
    lines = ["| unit | %s |" % " | ".join(ROUND2_COLS), "|---|---|---|---|"]
    for label, units in ROUND2_UNITS:
        lines.append("| %s | %s |" % (label, " | ".join(
            n(sum(unit_logic(d, u) for u in units)) for d in ds)))
    lines.append("| flat (placed) | %s |" % " | ".join(n(logic(d)) for d in ds))
    lines += [""] + prose("Measured: %s." % "; ".join(
        "%s at %s" % (col, when(d)) for col, d in zip(ROUND2_COLS, ds)))
    return lines


ICE40_FIT = ("transcribed/synth-ice40-W1_T1_sorted-86d458e",
             "transcribed/synth-ice40-W2_T2_sorted-86d458e")


def results_ice40_fit(db):
    """docs/results.md's iCE40 fit (the README's iCE40 rows come from the same runs)."""
    lines = ["| W x T | threads | fits | logic cells | FF | RAM4K | Fmax MHz | make synth time "
             "(nextpnr) |", "|---|---|---|---|---|---|---|---|"]
    ds = [db.json(x) for x in ICE40_FIT]
    for d in ds:
        w, t, lc = d["config"]["W"], d["config"]["T"], d["logic_cells"]
        fits = lc <= ICE40_LC and d["area"]["bram"] <= ICE40_RAM
        lines.append("| %d x %d | %d | %s | %s (%d %%) | %s | %d | %s | %d s (%d s) |" % (
            w, t, w * t, "yes" if fits else "no", n(lc), int(rnd(100.0 * lc / ICE40_LC)),
            n(d["area"]["ff"]), d["area"]["bram"], f(d["fmax_mhz"]), d["seconds_total"],
            d["seconds_pnr"]))
    return lines + [""] + prose("Measured: %s." % "; ".join(
        "%dx%d at %s" % (d["config"]["W"], d["config"]["T"], when(d)) for d in ds))


# --- fpga/README.md: the flows' own designs and the patchable designs ------------------

def num(x):
    """A figure as the documents write times: one decimal below 100 (none where it was
    stated as a whole number), whole from 100."""
    return n(x) if x >= 100 or float(x).is_integer() else f(x, 1)


def secs(x):
    return "%s s" % num(x)


def mib(x):
    return "%s MiB" % n(x)


# (label, data file): make fpga-smoke's designs, then make fpga-calibrate's
FLOW_ROWS = (
    ("1 ALU lane (smoke)", "flow-ecp5-smoke-9949e0e"),
    ("1 ALU lane (smoke)", "flow-ice40-smoke-9949e0e"),
    ("1 ALU lane (smoke)", "flow-gowin-smoke-78d7d10"),
    ("48 ALU lanes (calibration)", "transcribed/flow-ecp5-calib48-51ce9ca"),
    ("8 ALU lanes (calibration)", "transcribed/flow-ice40-calib8-16c151e"),
)


def fpga_flows(db):
    lines = ["| design | device | LUT4 | carry | FF | Fmax MHz | synth (peak memory) | P&R "
             "| P&R peak memory | measured |", "|---|---|---|---|---|---|---|---|---|---|"]
    for label, name in FLOW_ROWS:
        d = db.json(name)
        a, st = d["area"], d["steps"]
        synth = secs(st["synth"]["seconds"])
        if st["synth"].get("peak_mib"):
            synth += " (%s)" % mib(st["synth"]["peak_mib"])
        lines.append("| %s | %s | %s | %s%s | %s | %s | %s | %s | %s | %s |" % (
            label, cells(d["board"])["part"], n(a["lut"]), n(a["carry"]),
            " " + cells(d["board"])["carry"], n(a["ff"]), f(d["fmax_mhz"]), synth,
            secs(st["pnr"]["seconds"]), mib(st["pnr"]["peak_mib"]), when(d)))
    return lines


# (label, the patchable design, what else to say of its commit, the make bitstream PROG=
# times)
PATCHABLE_ROWS = (
    ("iCE40 W=2 T=2", "prog-ice40-W2_T2_sorted-0446fa3", "",
     "transcribed/bitstream-prog-ice40-W2_T2_sorted-b4040d5"),
    ("ECP5 W=8 T=8", "prog-ecp5-W8_T8_sorted-0446fa3", " (its report module a draft of it)",
     "transcribed/bitstream-prog-ecp5-W8_T8_sorted-b4040d5"),
)


def fpga_patchable(db):
    lines = ["| board, configuration | the patchable design, once (`synth.py --patchable`) | then "
             "`make bitstream PROG=` |", "|---|---|---|"]
    measured = []
    for label, name, qual, pname in PATCHABLE_ROWS:
        d, pt = db.json(name), db.json(pname)
        a, st = d["area"], d["steps"]
        pnr = [v["seconds"] for k, v in sorted(st.items()) if k.startswith("pnr")]
        if d["board"] == "ice40":
            area = "%s LUT4 in %s logic cells, %d of %d RAM4K" % (
                n(a["lut"]), n(d["logic_cells"]), a["bram"], ICE40_RAM)
        else:
            area = "%s LUT4, %d DP16KD" % (n(a["lut"]), a["bram"])
        clock = "met" if d["fmax_mhz"] >= d["freq_target_mhz"] else "missed"
        lo, hi = pt["prog_seconds"]
        lines.append("| %s | %s s (Yosys %s s, nextpnr %s s; %s, %s MHz: the %s MHz clock is %s) "
                     "| %s to %s (%s) |" % (
                         label, n(d["seconds_total"]), n(st["synth"]["seconds"]),
                         " and ".join(n(x) for x in pnr), area, f(d["fmax_mhz"]),
                         n(d["freq_target_mhz"]), clock, num(lo), secs(hi), pt["steps"]))
        measured.append("%s, the design at %s%s, `make bitstream PROG=` at %s" % (
            label, when(d), qual, when(pt)))
    return lines + [""] + prose("Measured here (2 cores, shared with other runs): %s."
                                % "; ".join(measured))


# --- docs/bench/README.md and the compare tables (their scripts' own writers) ---------

BENCH_CSV = "docs/bench/bench.csv"


def bench_records(db):
    recs = [dict(r) for r in db.csv_rows(BENCH_CSV)]
    for r in recs:
        for k in ("kernel", "model", "engine", "check", "scale"):
            if r.get(k) is not None:
                r[k] = str(r[k])
    return recs, bench.totals(recs)


def bench_kernels(db):
    return bench.readme_table(*bench_records(db)).splitlines()


def bench_policies(db):
    return bench.readme_policy_table(*bench_records(db)).splitlines()


def bench_measured(db):
    s = db.source(BENCH_CSV)
    m = s.get("model")
    model = ("; the model's rows re-run at `%s`, %s, with `--model-timing %s` against these RTL "
             "rows (`bench.py --rtl-from`)" % (m["commit"], m["date"], m["timing"])) if m else ""
    return prose("Measured at `%s`, %s (`make bench-docs`, seed 1, recorded in `%s`%s; full "
                 "tables in [`docs/bench/bench.md`](bench.md), CSV beside it). Speed-up: cycles "
                 "of the 1x1 RTL core / cycles; memory passes per memory instruction include the "
                 "start-up and exit code (per-thread stack accesses take one pass per lane):"
                 % (s["commit"], s["date"], s["recorded_in"], model))


def compare_table(rel):
    def render(db):
        rows = list(compare.base_rows(db.path(rel), "ecp5").values())   # every column set
        s = db.source(rel)
        bench = s.get("bench") if any(r["thread_ipc"] for r in rows) else None
        a = argparse.Namespace(board="ecp5", placer="auto", seeds=1)
        plot, compare.plot = compare.plot, lambda *args: None   # the table, not the plot
        try:
            with tempfile.TemporaryDirectory() as tmp:
                md = compare.write_outputs(a, rows, tmp, 0.0)
        finally:
            compare.plot = plot
        return [line for line in md.splitlines() if line.startswith("|")] + [""] + prose(
            "Recorded in `%s`, %s ([`%s`](%s), scripts/fpga/compare.py's CSV, which names no commit "
            "per point; %s)." % (s["recorded_in"], s["date"], os.path.basename(rel),
                                os.path.basename(rel), "the bench columns: " + bench if bench else
                                "the bench columns are empty: no bench result was joined to these "
                                "points"))
    return render


def grid_block(rel, board):
    """A W x T grid's tables, as grid.py writes them from its committed CSV."""
    def render(db):
        s, name = db.source(rel), os.path.basename(rel)
        prov = "Recorded in `%s`, %s ([`%s`](%s)): %s" % (s["recorded_in"], s["date"], name,
                                                          name, s["note"])
        return grid.grid_md(grid.read_csv(db.path(rel)), board, prov).splitlines()
    return render


def sorter_summary(db):
    """docs/results.md's copy of the summary scripts/bench/sorter_table.py wrote into
    docs/sorter/sorter.md (the same run)."""
    with open(db.path("docs/sorter/sorter.md")) as fh:
        text = fh.read().split("## Summary", 1)[1]
    return [line for line in text.splitlines() if line.startswith("|")]


# --- the blocks ----------------------------------------------------------------------

def markers(name):
    return "<!-- table:%s begin -->" % name, "<!-- table:%s end -->" % name


# (file, name, renderer, markers: None for the table:NAME pair)
BLOCKS = [
    ("README.md", "results", readme_results, None),
    ("README.md", "figure", readme_figure, None),
    ("README.md", "steps", readme_steps, None),
    ("docs/results.md", "round2-steps", results_round2_steps, None),
    ("docs/results.md", "round2-units", results_round2_units, None),
    ("docs/results.md", "ice40-fit", results_ice40_fit, None),
    ("docs/results.md", "sorter-summary", sorter_summary,
     ("<!-- sorter-table begin -->", "<!-- sorter-table end -->")),
    ("fpga/README.md", "fpga-flows", fpga_flows, None),
    ("fpga/README.md", "fpga-patchable", fpga_patchable, None),
    ("docs/bench/README.md", "bench-measured", bench_measured, None),
    ("docs/bench/README.md", "bench-kernels", bench_kernels,
     (bench.README_BEGIN, bench.README_END)),
    ("docs/bench/README.md", "bench-policies", bench_policies,
     (bench.README_POL_BEGIN, bench.README_POL_END)),
] + [("docs/%s.md" % c, c, compare_table("docs/%s.csv" % c), None) for c in (
    "compare-ecp5-W8", "compare-ecp5-W8-heap", "compare-ecp5-W8-static", "compare-ecp5-T8")] + [
    ("docs/grid-ecp5.md", "grid-ecp5", grid_block("docs/grid-ecp5.csv", "ecp5"), None)]


def find_block(lines, begin, end):
    """(i, j): the begin and end markers' line numbers, or an error text."""
    bs = [i for i, line in enumerate(lines) if line == begin]
    es = [i for i, line in enumerate(lines) if line == end]
    if len(bs) != 1 or len(es) != 1 or es[0] < bs[0]:
        return "needs one line %r and, after it, one line %r (has %d and %d)" % (
            begin, end, len(bs), len(es))
    return bs[0], es[0]


# --- every table of figures is generated or history ------------------------------------
# A table of figures (measured results) in any document of the tree must be written from
# data (a block of BLOCKS, or a document a script writes whole, GENERATED_DOCS), or sit
# in a history block: figures of runs whose results are gone, as recorded at the commit
# its note names, never regenerated.  make check-tables fails on any other, so a new
# hand-typed table of figures cannot appear.

# The block's markers and note: HISTORY_BEGIN, HISTORY_NOTE, HISTORY_END (scripts/lib/figures.py).
# Documents a script writes whole from its run's records (the tables are its output).
GENERATED_DOCS = {
    "docs/bench/bench.md": "scripts/bench/bench.py --docs (make bench-docs), beside bench.csv",
    "docs/bench/policies.md": "scripts/bench/bench.py --docs (make bench-docs), beside bench.csv",
    "docs/bench/policy-sweep.md": "scripts/bench/policy_sweep.py --docs (make policy-sweep), "
                                  "with the run's commit and date",
}
SKIP_DIRS = {"build", "node_modules", "__pycache__"}

# What a figure looks like in a cell.  A cell (code spans, links' targets, bold and
# parenthesised asides removed) is split at ", ", "; " and ": "; a part made only of
# numbers with their units and joiners ("80.0 MHz", "2.525 / 2.400", "14,480 -> 14,862",
# "191 to 216 s") is a figure when one of its numbers has a decimal point, a thousands
# separator or four digits, or a unit of time or a percentage; sizes (KiB, bytes, words)
# are not figures.  A table is a table of figures when a body cell after the first column
# holds one, or when most of those cells are bare numbers.  Parameter tables ("power of
# two, 1..64 | 8"), sizes, versions in text and section numbers stay out.
_NUM = r"[-+]?\d[\d,]*(?:\.\d+)?(?:%|x)?"
_ITEM = (r"(?:(?:about|~|≈|<=?|>=?|up to|under|over|at most|at least)\s*)?" + _NUM +
         r"(?:\s+[A-Za-z%µ][\w%/.]*)?")
FIGURE_PART = re.compile(r"^%s(?:\s*(?:/|->|→|to|\+|-|x|×|and|or|of|vs\.?)\s*%s)*$"
                         % (_ITEM, _ITEM))
FIGURE_NUM = re.compile(r"(?<![\w.])(?:\d+\.\d+|\d{1,3}(?:,\d{3})+|\d{4,})(?![\w])")
TIME_NUM = re.compile(r"(?<![\w.])\d+(?:\.\d+)?\s*(?:s|ms|min|h|%)(?![\w])")
SIZE_NUM = re.compile(r"(?<![\w.])[\d.,]+\s*(?:KiB|MiB|GiB|B|bytes|bits|words|KB)(?![\w])")
BARE_NUM = re.compile(r"^[-+]?\d[\d,]*(?:\.\d+)?%?$")


def cell_text(cell):
    c = re.sub(r"`[^`]*`", " ", cell)
    c = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", c).replace("**", "")
    while True:
        c2 = re.sub(r"\([^()]*\)", " ", c)
        if c2 == c:
            break
        c = c2
    return re.sub(r"\s+", " ", c).strip()


def cell_figures(cell):
    """The parts of a table cell that are figures (see FIGURE_PART)."""
    out = []
    for part in re.split(r",\s+|;\s+|:\s+", cell_text(cell)):
        part = part.strip()
        if part and FIGURE_PART.match(part):
            rest = SIZE_NUM.sub(" ", part)
            if FIGURE_NUM.search(rest) or TIME_NUM.search(rest):
                out.append(part)
    return out


def split_row(line):
    """A table row's cells ("|" inside code spans or escaped is not a separator)."""
    spans = []
    line = re.sub(r"`[^`]*`", lambda m: spans.append(m.group(0)) or "\0%d\0" % (len(spans) - 1),
                  line.strip().replace("\\|", "\1"))
    cells = line.strip("|").split("|")
    return [re.sub(r"\0(\d+)\0", lambda m: spans[int(m.group(1))], c).replace("\1", "|").strip()
            for c in cells]


def md_tables(lines):
    """(first line's index, body rows) of every Markdown table outside code fences."""
    out, i, fence = [], 0, False
    while i < len(lines):
        if lines[i].lstrip().startswith("```"):
            fence = not fence
        elif (not fence and lines[i].startswith("|") and i + 1 < len(lines)
              and re.match(r"^\|\s*:?-", lines[i + 1])):
            j = i + 2
            while j < len(lines) and lines[j].startswith("|"):
                j += 1
            out.append((i, lines[i + 2:j]))
            i = j
            continue
        i += 1
    return out


def table_figures(rows):
    """The figures of a table's body (empty: not a table of figures)."""
    figs, cells, bare = [], 0, 0
    for row in rows:
        for c in split_row(row)[1:]:
            figs += cell_figures(c)
            cells += 1
            bare += bool(BARE_NUM.match(cell_text(c)))
    if not figs and cells and 2 * bare > cells:
        figs = ["%d of %d cells bare numbers" % (bare, cells)]
    return figs


def docs_of(root):
    """Every Markdown document of the tree, relative to it."""
    out = []
    for d, dirs, files in os.walk(root):
        dirs[:] = sorted(x for x in dirs if not x.startswith(".") and x not in SKIP_DIRS)
        out += [os.path.relpath(os.path.join(d, x), root) for x in sorted(files)
                if x.endswith(".md")]
    return sorted(out)


_commits = {}


def commits_known(shas):
    """Which of shas name a commit of this checkout's history: one git cat-file for them
    all (every one counts as known where git cannot say: no git, no history)."""
    ask = sorted(set(shas) - set(_commits))
    if ask:
        try:
            r = subprocess.run(["git", "-C", ROOT, "cat-file", "--batch-check"],
                               input="".join(x + "^{commit}\n" for x in ask),
                               capture_output=True, text=True)
            got = r.stdout.splitlines() if r.returncode == 0 else []
        except OSError:
            got = []
        for sha, line in zip(ask, got + [None] * len(ask)):
            _commits[sha] = line is None or line.split()[1:2] == ["commit"]
    return {x: _commits[x] for x in shas}


def figure_tables(root, rel, text):
    """Problems of one document: tables of figures outside generated and history blocks,
    history blocks without their note, naming no commit, or badly nested; [] when there
    are none."""
    if rel in GENERATED_DOCS:
        return []
    lines = text.split("\n")
    where = [None] * len(lines)      # None, "generated" or "history"
    problems = []
    for brel, name, _, marks in BLOCKS:
        if brel != rel:
            continue
        begin, end = marks or markers(name)
        span = find_block(lines, begin, end)
        if not isinstance(span, str):
            for k in range(span[0], span[1] + 1):
                where[k] = "generated"
    start, notes = None, []
    for k, line in enumerate(lines):
        if line == HISTORY_BEGIN:
            if start is not None:
                problems.append("%s:%d: a history block inside another (begun at line %d)"
                                % (rel, k + 1, start + 1))
            start = k
            note = next((x for x in lines[k + 1:] if x.strip()), "")
            m = HISTORY_NOTE_RE.fullmatch(note.strip())
            if not m:
                problems.append("%s:%d: a history block needs its note first, the line %s"
                                % (rel, k + 1, HISTORY_NOTE % "<commit>"))
            else:
                notes.append((k, m.group(1)))
        elif line == HISTORY_END:
            if start is None:
                problems.append("%s:%d: %s without its begin" % (rel, k + 1, HISTORY_END))
            else:
                for i in range(start, k + 1):
                    if where[i] == "generated":
                        problems.append("%s:%d: a generated block inside the history block "
                                        "begun at line %d" % (rel, i + 1, start + 1))
                        break
                    where[i] = "history"
            start = None
    if start is not None:
        problems.append("%s:%d: %s without its end" % (rel, start + 1, HISTORY_BEGIN))
    known = commits_known([sha for _, sha in notes])
    problems += ["%s:%d: the history note's %s is no commit of this history" % (rel, k + 1, sha)
                 for k, sha in notes if not known[sha]]
    hand = []
    for i, rows in md_tables(lines):
        figs = table_figures(rows) if where[i] is None else []
        if figs:
            hand.append("%s:%d: a table of figures (%s) is neither generated nor history"
                        % (rel, i + 1, "; ".join(figs[:3])))
    if hand:
        hand.append("  write each from docs/data/ (a block of scripts/docs/tables.py) or, for figures "
                    "whose results are gone, put it between %s and %s, the block's first line %s"
                    % (HISTORY_BEGIN, HISTORY_END, HISTORY_NOTE % "<commit>"))
    return problems + hand


def sha256(path):
    with open(path, "rb") as fh:
        return hashlib.sha256(fh.read()).hexdigest()


class Run(simjobs.Checks):
    """Checks that also keep the names of the failed ones."""

    def __init__(self):
        super().__init__()
        self.failures = []

    def __call__(self, name, ok):
        super().__call__(name, ok)
        if not ok:
            self.failures.append(name)


def run(root, write=False, only=None):
    """Check (or rewrite) every block; returns the Run (PASS/FAIL lines printed)."""
    db = Data(root)
    checks = Run()
    for rel, entry in sorted(db.json("sources").items()):
        if rel.startswith("_"):
            continue
        got = sha256(db.path(rel))
        ok = got == entry["sha256"]
        if not ok:
            print("%s changed since docs/data/sources.json recorded its provenance: give its "
                  "entry the commit and date of the run that wrote it, and sha256 %s" % (rel, got))
        checks("%s is the file sources.json describes" % rel, ok)
    files = {}
    for rel, name, render, marks in BLOCKS:
        if only and name not in only:
            continue
        begin, end = marks or markers(name)
        if rel not in files:
            with open(os.path.join(root, rel)) as fh:
                files[rel] = fh.read().split("\n")
        lines = files[rel]
        where = find_block(lines, begin, end)
        what = "%s: block %s" % (rel, name)
        if isinstance(where, str):
            print("%s %s" % (what, where))
            checks(what, False)
            continue
        i, j = where
        try:
            want = render(db)
        except (OSError, KeyError, ValueError, TypeError) as e:
            print("%s: its renderer failed: %s: %s" % (what, type(e).__name__, e))
            checks(what, False)
            continue
        have = lines[i + 1:j]
        if write:
            lines[i + 1:j] = want
            checks(what + (" rewritten" if have != want else " unchanged"), True)
        else:
            if have != want:
                sys.stdout.writelines(difflib.unified_diff(
                    [x + "\n" for x in have], [x + "\n" for x in want],
                    "%s (%s, as committed)" % (rel, name), "%s (%s, from its data)" % (rel, name)))
                print("%s is stale: make tables rewrites it from the data" % what)
            checks(what, have == want)
    for rel in docs_of(root):
        with open(os.path.join(root, rel)) as fh:
            text = files.get(rel) and "\n".join(files[rel]) or fh.read()
        if not md_tables(text.split("\n")) and HISTORY_BEGIN not in text:
            continue
        problems = figure_tables(root, rel, text)
        for p in problems:
            print(p)
        checks("%s: every table of figures is generated or history" % rel, not problems)
    if write:
        for rel, lines in files.items():
            path = os.path.join(root, rel)
            text = "\n".join(lines)
            with open(path) as fh:
                if fh.read() == text:
                    continue
            with open(path, "w") as fh:
                fh.write(text)
    return checks


# --- importing a run's results into docs/data ------------------------------------------

AREA_KEYS = ("lut", "carry", "ff", "bram", "lutram", "dsp")
CONFIG_KEYS = ("TAG", "W", "T", "TRACK", "SORTER", "ARBPIPE", "ARB_CUTS", "ISA", "IMEM", "DMEM",
               "RAMSTYLE")
SYNTH_KEYS = ("board", "board_name", "device", "fmax_mhz", "fmax_seeds_mhz", "seeds",
              "placer_used", "freq_target_mhz", "fit", "tools", "rtl_digest", "seconds_total")
FLOW_KEYS = ("family", "device", "top", "chparam", "fmax_mhz", "freq_target_mhz", "seed", "tools")


def run_date(path):
    """The date of a make synth run: its last place and route's (pnr_history.jsonl), else
    the results file's modification time."""
    hist = os.path.join(os.path.dirname(path), "pnr_history.jsonl")
    try:
        with open(hist) as fh:
            return [json.loads(x) for x in fh if x.strip()][-1]["date"][:10]
    except (OSError, ValueError, IndexError, KeyError):
        return datetime.date.fromtimestamp(os.path.getmtime(path)).isoformat()


def source_name(path):
    """build/... as the run's own tree names it."""
    p = os.path.abspath(path)
    return p[p.index("/build/") + 1:] if "/build/" in p else p


def steps_of(res):
    """The seconds and peak memory (MiB) of each step that ran."""
    return {k: {"seconds": v.get("seconds"), "peak_mib": v.get("peak_mib")}
            for k, v in sorted((res.get("steps") or {}).items()) if v.get("status") == "ok"}


def import_synth(path, commit, date=None, note=None):
    """A make synth results.json; kind "prog" for the patchable design synth.py
    --patchable writes (prog-<board>/, make bitstream PROG=)."""
    with open(path) as fh:
        res = json.load(fh)
    cfg = res.get("config", {})
    knobs = dict(cfg.get("config_mk") or {}, W=cfg.get("W"), T=cfg.get("T"), TRACK=cfg.get("TRACK"))
    patchable = bool((res.get("memories") or {}).get("patchable"))
    out = {"kind": "prog" if patchable else "synth", "commit": commit,
           "date": date or run_date(path), "source": source_name(path), "note": note or "",
           "config": {k: knobs[k] for k in CONFIG_KEYS if knobs.get(k) is not None}}
    out.update({k: res[k] for k in SYNTH_KEYS if k in res})
    out["steps"] = steps_of(res)
    out["area"] = {k: res["area"].get(k) for k in AREA_KEYS}
    if res.get("units"):
        out["units"] = {u: {k: a.get(k) for k in AREA_KEYS}
                        for u, a in sorted(res["units"].items())}
    if out.get("board") == "ice40":
        out["logic_cells"] = (res.get("fit") or {}).get("need", {}).get("lc_packed")
    return out


def import_flow(path, commit, date=None, note=None):
    """A scripts/fpga/fpga_flow.py results.json (make fpga-smoke, make fpga-calibrate)."""
    with open(path) as fh:
        res = json.load(fh)
    out = {"kind": "flow", "commit": commit,
           "date": date or datetime.date.fromtimestamp(os.path.getmtime(path)).isoformat(),
           "source": source_name(path), "note": note or "", "board": res["family"]}
    out.update({k: res[k] for k in FLOW_KEYS if k in res})
    out["area"] = {k: res["area"].get(k) for k in AREA_KEYS}
    out["steps"] = steps_of(res)
    return out


def import_bench(path, commit, date=None, note=None):
    with open(path) as fh:
        b = json.load(fh)
    m = b.get("meta", {})
    keys = ("W", "T", "engine", "cycles", "warp_instructions", "thread_instructions",
            "fmax_mhz", "logic", "logic_hier")
    return {"kind": "bench", "commit": commit,
            "date": date or datetime.date.fromtimestamp(os.path.getmtime(path)).isoformat(),
            "source": source_name(path), "note": note or "",
            "seed": m.get("seed"), "scale": m.get("scale"), "kernels": m.get("kernels"),
            "rows": [{k: s.get(k) for k in keys} for s in b["summary"] if s.get("model") == "rtl"]}


# --- self-test -----------------------------------------------------------------------

def copy_tree(dst):
    """What the check reads, under dst."""
    for rel, _, _, _ in BLOCKS:
        os.makedirs(os.path.dirname(os.path.join(dst, rel)) or dst, exist_ok=True)
        shutil.copy(os.path.join(ROOT, rel), os.path.join(dst, rel))
    shutil.copytree(os.path.join(ROOT, DATA), os.path.join(dst, DATA))
    for rel in glob.glob(os.path.join(ROOT, "docs", "*.csv")) + [
            os.path.join(ROOT, BENCH_CSV), os.path.join(ROOT, "docs/sorter/sorter.md")]:
        d = os.path.join(dst, os.path.relpath(rel, ROOT))
        os.makedirs(os.path.dirname(d), exist_ok=True)
        shutil.copy(rel, d)


def edit(path, old, new):
    with open(path) as fh:
        text = fh.read()
    if old not in text:
        raise ValueError("%s: %r not found" % (path, old))
    with open(path, "w") as fh:
        fh.write(text.replace(old, new, 1))


def self_test():
    check = simjobs.Checks()

    def failures(tmp, write=False):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            r = run(tmp, write=write)
        return set(r.failures), out.getvalue()

    def block(rel, name):
        return "%s: block %s" % (rel, name)

    def present(*names):
        """Those of the blocks named that BLOCKS has."""
        return set(names) & {block(rel, name) for rel, name, _, _ in BLOCKS}

    with tempfile.TemporaryDirectory() as tmp:
        copy_tree(tmp)
        check("the committed blocks are what their data gives", failures(tmp)[0] == set())
        readme = os.path.join(tmp, "README.md")
        with open(readme) as fh:
            text = fh.read()
        begin, end = markers("results")
        old = text[text.index(begin):text.index(end)]
        with open(os.path.join(tmp, DATA, W8T8_SYNTH + ".json")) as fh:
            ff = json.load(fh)["area"]["ff"]      # W8T8's flip-flops, a number of its row
        was, now = "| {:,} |".format(ff), "| {:,} |".format(ff + 1)
        new = old.replace(was, now, 1)
        with open(readme, "w") as fh:
            fh.write(text.replace(old, new))
        got, out = failures(tmp)
        check("a number changed by hand in a block fails the check, that block alone",
              got == {block("README.md", "results")})
        row = "| **W8T8 sorted (default)** | "
        diff = out.splitlines()
        check("and the diff shows the number against the data's",
              any(x.startswith("-" + row) and now in x for x in diff)
              and any(x.startswith("+" + row) and was in x for x in diff))
        failures(tmp, write=True)
        with open(readme) as fh:
            check("make tables writes the block back and nothing else", fh.read() == text)
        edit(readme, "\n" + end + "\n", "\n")
        check("a lost end marker fails the check (and leaves its table hand-typed)",
              failures(tmp)[0] == {block("README.md", "results"),
                                   "README.md: every table of figures is generated or history"})
        shutil.copy(os.path.join(ROOT, "README.md"), readme)
        name = W8T8_SYNTH + ".json"
        with open(os.path.join(tmp, DATA, name)) as f:
            fmax = '"fmax_mhz": %s' % json.load(f)["fmax_mhz"]
        edit(os.path.join(tmp, DATA, name), fmax, '"fmax_mhz": 1.5')
        check("a data file changed makes every block it feeds stale", failures(tmp)[0] == present(
            block("README.md", "results"), block("README.md", "figure")))
        shutil.copy(os.path.join(ROOT, DATA, name), os.path.join(tmp, DATA, name))
        name = "prog-ice40-W2_T2_sorted-0446fa3.json"
        edit(os.path.join(tmp, DATA, name), '"lut": 5263', '"lut": 5569')
        check("fpga/README's patchable table follows its data file (an iCE40 LUT4 count "
              "changed)", failures(tmp)[0] == present(block("fpga/README.md", "fpga-patchable")))
        shutil.copy(os.path.join(ROOT, DATA, name), os.path.join(tmp, DATA, name))
        rel = "docs/compare-ecp5-W8.csv"
        edit(os.path.join(tmp, rel), "ecp5,8,16,sorted,ok,18023,16809,607,8250,",
             "ecp5,8,16,sorted,ok,18023,16809,607,8251,")
        want = {"%s is the file sources.json describes" % rel} | present(
            block("docs/compare-ecp5-W8.md", "compare-ecp5-W8"))
        check("a source CSV changed without its provenance fails the check, with the tables it "
              "feeds", failures(tmp)[0] == want)
        # every table of figures is generated or history
        shutil.copy(os.path.join(ROOT, rel), os.path.join(tmp, rel))
        shutil.copy(os.path.join(ROOT, "README.md"), readme)
        doc = "README.md: every table of figures is generated or history"
        hand = ("| configuration | logic | Fmax |\n|---|---|---|\n"
                "| W8T8 sorted | 10,752 | 80.0 MHz |\n")
        with open(readme, "a") as fh:
            fh.write("\n" + hand)
        got, out = failures(tmp)
        check("a hand-typed table of figures fails the check, naming its document and line",
              got == {doc} and re.search(r"README\.md:\d+: a table of figures \(10,752; 80\.0 "
                                         r"MHz\) is neither generated nor history", out))
        shutil.copy(os.path.join(ROOT, "README.md"), readme)
        with open(readme, "a") as fh:
            fh.write("\n%s\n%s\n\n%s%s\n" % (HISTORY_BEGIN, HISTORY_NOTE % "9f90d98", hand,
                                               HISTORY_END))
        check("the same table in a history block whose note names a commit passes",
              failures(tmp)[0] == set())
        for what, note in (("no note", ""), ("a commit that is none", HISTORY_NOTE % "0000000")):
            shutil.copy(os.path.join(ROOT, "README.md"), readme)
            with open(readme, "a") as fh:
                fh.write("\n%s\n%s\n\n%s%s\n" % (HISTORY_BEGIN, note, hand, HISTORY_END))
            check("a history block with %s fails" % what, failures(tmp)[0] == {doc})
        shutil.copy(os.path.join(ROOT, "README.md"), readme)
        edit(readme, begin + "\n", "%s\n%s\n\n%s\n" % (HISTORY_BEGIN, HISTORY_NOTE % "9f90d98",
                                                        begin))
        edit(readme, end + "\n", end + "\n" + HISTORY_END + "\n")
        got, out = failures(tmp)
        check("a generated block inside a history block fails",
              got == {doc} and "a generated block inside the history block" in out)
        shutil.copy(os.path.join(ROOT, "README.md"), readme)
        with open(readme, "a") as fh:
            fh.write("\n| knob | allowed | default |\n|---|---|---|\n"
                     "| `W` | power of two, 1..64 | 8 |\n| `DMEM` | KiB, 32..4096 | 256 KiB |\n"
                     "| `FREQ` | MHz | 65 MHz (ECP5) |\n")
        check("a table of parameters (small numbers, sizes, clocks asked for) is no table of "
              "figures", failures(tmp)[0] == set())
    return check.summary("tables-selftest")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="compare every block with its data")
    ap.add_argument("--self-test", action="store_true")
    ap.add_argument("--root", default=ROOT, help="the tree to work on (default this one)")
    ap.add_argument("--only", nargs="*", help="these blocks only")
    ap.add_argument("--import-synth", metavar="RESULTS_JSON")
    ap.add_argument("--import-bench", metavar="BENCH_JSON")
    ap.add_argument("--import-flow", metavar="RESULTS_JSON",
                    help="a scripts/fpga/fpga_flow.py results.json (make fpga-smoke)")
    ap.add_argument("--commit", help="with --import-*: the commit the run measured")
    ap.add_argument("--date", help="with --import-*: YYYY-MM-DD (default: the run's)")
    ap.add_argument("--note", help="with --import-*: what else to know about the run")
    ap.add_argument("--out", help="with --import-*: the data file (default: print it)")
    a = ap.parse_args()
    if a.self_test:
        return self_test()
    if a.import_synth or a.import_bench or a.import_flow:
        if not a.commit or not re.fullmatch(r"[0-9a-f]{7,40}", a.commit):
            ap.error("--import-*: --commit names the commit the run measured (7+ hex digits)")
        d = (import_synth(a.import_synth, a.commit, a.date, a.note) if a.import_synth
             else import_flow(a.import_flow, a.commit, a.date, a.note) if a.import_flow
             else import_bench(a.import_bench, a.commit, a.date, a.note))
        text = json.dumps(d, indent=1, sort_keys=True) + "\n"
        if a.out:
            with open(a.out, "w") as fh:
                fh.write(text)
            print("tables: wrote %s" % a.out)
        else:
            sys.stdout.write(text)
        return 0
    checks = run(a.root, write=not a.check, only=a.only)
    return checks.summary("tables")


if __name__ == "__main__":
    sys.exit(main())
