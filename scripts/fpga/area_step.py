#!/usr/bin/env python3
"""Logic per added lane or warp, unit by unit, from two `make synth` results.

    scripts/fpga/area_step.py A/results.json B/results.json [--md]
    scripts/fpga/area_step.py --self-test

A and B are two configurations that differ in T alone (per lane) or in W alone
(per warp); each is the results.json `scripts/fpga/synth.py` writes (build/<cfg>/
synth-<board>/).  For every unit of the hierarchy-kept run, and for the core,
the whole design and the flat (placed) netlist, it prints the logic (LUT4 +
2 x carry) of A and of B and (B - A) / (T_B - T_A) or / (W_B - W_A).  The
hierarchy-kept counts move little with edits that keep the logic; the flat
count is what nextpnr places but moves by up to 10 % with such edits
(docs/results.md), so the two are shown side by side.
"""
import argparse
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lib"))
from figures import logic_of  # noqa: E402  (LUT4 + 2 x carry: the one definition)

ORDER = ("fetch", "predecode", "bpred", "sched", "rf", "exec", "alu_lanes", "mdu", "path",
         "branch", "coalesce", "gather", "core_glue", "core", "total")


def load(path):
    with open(path) as f:
        res = json.load(f)
    if "units" not in res or "area" not in res:
        sys.exit("area_step: %s: no per-unit or flat counts (a --skip-units run?)" % path)
    cfg = res.get("config", {})
    return res, int(cfg["W"]), int(cfg["T"])


def rows(a, b):
    """(name, logic A, logic B, per step) for each unit both runs have, then flat."""
    (ra, wa, ta), (rb, wb, tb) = a, b
    if (wa != wb) == (ta != tb):
        sys.exit("area_step: the two runs must differ in W alone or in T alone "
                 "(W%dT%d against W%dT%d)" % (wa, ta, wb, tb))
    step = (tb - ta) if ta != tb else (wb - wa)
    names = [u for u in ORDER if u in ra["units"] and u in rb["units"]]
    names += sorted(u for u in ra["units"] if u in rb["units"] and u not in names)
    out = []
    for u in names:
        la, lb = logic_of(ra["units"][u]) or 0, logic_of(rb["units"][u]) or 0
        if la or lb:
            out.append((u.replace("_", " "), la, lb, (lb - la) / step))
    la, lb = logic_of(ra["area"]) or 0, logic_of(rb["area"]) or 0
    out.append(("flat (placed)", la, lb, (lb - la) / step))
    kind = "lane" if ta != tb else "warp"
    return out, kind, (wa, ta), (wb, tb)


def render(out, kind, ca, cb, md):
    head = ("unit", "W%dT%d" % ca, "W%dT%d" % cb, "per %s" % kind)
    lines = []
    if md:
        lines.append("| %s |" % " | ".join(head))
        lines.append("|---|---|---|---|")
        for name, la, lb, d in out:
            lines.append("| %s | %s | %s | %s |" % (name, f"{la:,}", f"{lb:,}", f"{d:,.0f}"))
    else:
        lines.append("%-16s %10s %10s %10s" % head)
        for name, la, lb, d in out:
            lines.append("%-16s %10d %10d %10.0f" % (name, la, lb, d))
    return "\n".join(lines)


def self_test():
    """Made-up runs: the per-lane and per-warp arithmetic, the refusal of two
    runs that differ in both W and T; ends with `N passed, M failed`."""
    def run(w, t, alu, rf, flat_lut, flat_carry):
        return ({"config": {"W": w, "T": t},
                 "units": {"alu_lanes": {"lut": alu, "carry": 2 * t}, "rf": {"lut": rf},
                           "fetch": {"lut": 100 * w}},
                 "area": {"lut": flat_lut, "carry": flat_carry}}, w, t)
    ok = bad = 0

    def check(cond, what):
        nonlocal ok, bad
        ok, bad = ok + bool(cond), bad + (not cond)
        print("%s area_step: %s" % ("PASS" if cond else "FAIL", what))
    out, kind, _, _ = rows(run(8, 8, 2880, 1146, 12000, 400), run(8, 16, 5760, 2226, 20000, 600))
    d = {name: step for name, _, _, step in out}
    check(kind == "lane", "two values of T give a per-lane table")
    check(d["alu lanes"] == (5760 + 64 - 2880 - 32) / 8, "alu lanes per lane = (B - A) / 8, carry x 2")
    check(d["fetch"] == 0 and d["rf"] == 135, "units that do not grow with T: 0; rf 135")
    check(d["flat (placed)"] == (20000 + 1200 - 12000 - 800) / 8, "the flat netlist per lane")
    out, kind, _, _ = rows(run(8, 8, 2880, 1146, 12000, 400), run(32, 8, 2880, 1146, 20000, 400))
    d = {name: step for name, _, _, step in out}
    check(kind == "warp" and d["fetch"] == 100 and d["flat (placed)"] == 8000 / 24,
          "two values of W give a per-warp table")
    md = render(out, kind, (8, 8), (32, 8), True)
    check("| fetch | 800 | 3,200 | 100 |" in md, "the Markdown row of a unit")
    try:
        rows(run(8, 8, 1, 1, 1, 1), run(16, 16, 1, 1, 1, 1))
        check(False, "W and T both changed: refused")
    except SystemExit:
        check(True, "W and T both changed: refused")
    print("%d passed, %d failed" % (ok, bad))
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("a", nargs="?", help="results.json of the smaller configuration")
    ap.add_argument("b", nargs="?", help="results.json of the larger one (more lanes or more warps)")
    ap.add_argument("--md", action="store_true", help="a Markdown table")
    ap.add_argument("--self-test", action="store_true", help="check the arithmetic on made-up runs")
    args = ap.parse_args()
    if args.self_test:
        sys.exit(self_test())
    if not args.b:
        ap.error("two results.json files are needed")
    out, kind, ca, cb = rows(load(args.a), load(args.b))
    print(render(out, kind, ca, cb, args.md))


if __name__ == "__main__":
    main()
