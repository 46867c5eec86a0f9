#!/usr/bin/env python3
"""Speed and SIMD efficiency of simty-ref.

  tb/ref/measure.py --ref build/tools/simty-ref --spin build/ref/bench/spin.elf \
      [--work DIR] [DIVERGENT.elf ...]

Speed: thread-instructions per second on the non-divergent loop (W = T = 8),
best of three runs.  Then every given program runs under the four policies
(W = T = 8) and a table of SIMD efficiency and path statistics is printed.
Ends with "N passed, M failed" (a run that does not PASS, or a speed below
--min-speed, fails).
"""
import argparse
import json
import os
import subprocess
import sys
import time

POLICIES = ["minsp-pc", "min-pc", "depth-first", "breadth-first", "ipdom", "minority-first",
            "mp-ipdom"]


def run(ref, argv):
    t0 = time.perf_counter()
    p = subprocess.run([ref] + argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return p.returncode, time.perf_counter() - t0, p.stdout.decode() + p.stderr.decode()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ref", required=True)
    ap.add_argument("--spin", required=True)
    ap.add_argument("--work", default="build/ref/measure")
    ap.add_argument("--min-speed", type=float, default=20e6)
    ap.add_argument("-W", type=int, default=8)
    ap.add_argument("-T", type=int, default=8)
    ap.add_argument("elfs", nargs="*")
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)
    npass = nfail = 0
    cfg = ["-W", str(a.W), "-T", str(a.T)]

    st = os.path.join(a.work, "spin.json")
    best = None
    for _ in range(3):
        rc, secs, out = run(a.ref, cfg + ["--quiet", "--max-cycles", "0", "--stats", st, a.spin])
        if rc != 0:
            break
        best = secs if best is None else min(best, secs)
    if rc != 0:
        print("FAIL speed: spin did not pass (exit %d): %s" % (rc, out.strip()))
        nfail += 1
    else:
        s = json.load(open(st))
        rate = s["thread_instructions"] / best
        ok = rate >= a.min_speed
        print("%s speed: %.1f M thread-instructions/s (%d thread-instructions, W=%d T=%d, %.2f s;"
              " target %.0f M/s)" % ("PASS" if ok else "FAIL", rate / 1e6,
                                     s["thread_instructions"], a.W, a.T, best, a.min_speed / 1e6))
        npass += ok
        nfail += not ok

    for elf in a.elfs:
        name = os.path.splitext(os.path.basename(elf))[0]
        print("%s, W=%d T=%d:" % (elf, a.W, a.T))
        print("  %-14s %10s %12s %14s %8s %8s %8s %6s" % (
            "policy", "simd_eff", "warp_insts", "thread_insts", "diverg", "merges",
            "replays", "peak"))
        for pol in POLICIES:
            st = os.path.join(a.work, "%s.%s.json" % (name, pol))
            rc, secs, out = run(a.ref, cfg + ["--quiet", "--policy", pol, "--stats", st, elf])
            if rc != 0:
                print("FAIL %s %s: exit %d: %s" % (name, pol, rc, out.strip()[-300:]))
                nfail += 1
                continue
            s = json.load(open(st))
            print("  %-14s %10.4f %12d %14d %8d %8d %8d %6d" % (
                pol, s["simd_efficiency"], s["warp_instructions"], s["thread_instructions"],
                s["divergences"], s["merges"], s["replays"], s["peak_paths"]))
            npass += 1
    print("%d passed, %d failed" % (npass, nfail))
    return 1 if nfail else 0


if __name__ == "__main__":
    sys.exit(main())
