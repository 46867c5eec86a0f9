#!/usr/bin/env python3
"""IPC table: run every program of some test groups on RTL simulators with
--stats and sum cycles and instructions per group and configuration.

    scripts/sim/perf.py [--cfgs "1x1 8x8"] [--track sorted] [--groups "rv32ui apps simt"]
                    [--json out.json]

Builds each simulator with `make` (so the configuration's RTL is fresh), then
prints a Markdown table: warp IPC (warp instructions per cycle), cycles per
warp instruction, SIMD efficiency (thread instructions / (warp instructions x
T)), summed over the group's programs.  A program that does not pass is an
error: figures of a broken run mean nothing.
"""
import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lib"))
import simjobs  # noqa: E402


def measure(w, t, track, groups):
    cfg = simjobs.cfg_name(w, t, track)
    sim = simjobs.build_sim(w, t, track, what="perf")
    rows = {}
    with tempfile.TemporaryDirectory() as tmp:
        for g in groups:
            tot = {"cycles": 0, "warp_instructions": 0, "thread_instructions": 0, "programs": 0}
            for elf in sorted(glob.glob(os.path.join(simjobs.sw_out(), g, "*.elf"))):
                st = os.path.join(tmp, "s.json")
                r = subprocess.run([sim, "--quiet", "--stats", st, elf], cwd=simjobs.ROOT,
                                   capture_output=True, text=True)
                if r.returncode != 0:
                    sys.exit(f"perf: {cfg} {elf}: exit {r.returncode}\n{r.stdout}")
                with open(st) as f:
                    s = json.load(f)
                for k in ("cycles", "warp_instructions", "thread_instructions"):
                    tot[k] += s[k]
                tot["programs"] += 1
            rows[g] = tot
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cfgs", default="1x1 1x8 2x8 4x8 8x8 16x8")
    ap.add_argument("--track", default="sorted")
    ap.add_argument("--groups", default="rv32ui apps simt")
    ap.add_argument("--json")
    a = ap.parse_args()
    groups = a.groups.split()
    simjobs.make(["sw"], "perf")
    out = []
    print("| W x T | group | programs | cycles | warp insns | IPC | cycles/insn | SIMD eff. |")
    print("|---|---|---|---|---|---|---|---|")
    try:
        cfgs = simjobs.parse_cfgs(a.cfgs)
    except ValueError as e:
        sys.exit("perf: --cfgs: %s" % e)
    for w, t in cfgs:
        rows = measure(w, t, a.track, groups)
        for g in groups:
            s = rows[g]
            ipc = s["warp_instructions"] / s["cycles"]
            eff = s["thread_instructions"] / (s["warp_instructions"] * t)
            out.append(dict(W=w, T=t, track=a.track, group=g, ipc=ipc, simd_efficiency=eff, **s))
            print(f"| {w} x {t} | {g} | {s['programs']} | {s['cycles']} | {s['warp_instructions']} "
                  f"| {ipc:.3f} | {1 / ipc:.2f} | {eff:.3f} |", flush=True)
    if a.json:
        with open(a.json, "w") as f:
            json.dump(out, f, indent=1)


if __name__ == "__main__":
    main()
