#!/usr/bin/env python3
"""Checks of the reference model's latency model (tb/ref/latency.c).

    tb/ref/check_timing.py --ref build/tools/simty-ref --work DIR

Assembles tb/ref/timing/latency.S, runs it on W = 1, T = 2 under every
policy with a commit log and checks the issue cycles of its labels: one
cycle between independent instructions, 6 after an ALU result, 10 after a
load, 3 after a predicted taken backward branch, 10 after a CSR read, a
mispredicted branch or a split and between the instructions of a warp with
several paths (minsp-pc, the sorted list: one while the head's next PC stays
before the only other path's); under mp-ipdom the two splits interleave (one cycle apart),
under breadth-first they alternate, under the others they run one after
the other; a run's cycles are its last issue + 10.  One line per check, "N passed, M failed".
"""
import json
import os
import sys

from refcheck import arguments, HERE, POLICIES, Checks, run


def main():
    a = arguments(__doc__, programs=False)
    checks = Checks()
    report = checks.report

    src = os.path.join(HERE, "timing", "latency.S")
    prog = checks.assembled(src, a.work)
    if prog is None:
        return checks.total()
    _, elf, syms = prog
    for pol in POLICIES:
        log = os.path.join(a.work, "latency_%s.log" % pol)
        st = os.path.join(a.work, "latency_%s.json" % pol)
        rc, out = run([a.ref, "-W", "1", "-T", "2", "--policy", pol, "--quiet",
                       "--commit-log", log, "--stats", st, elf])
        report(rc == 0, "%s: latency.S passes" % pol, out.strip()[-300:])
        if rc:
            continue
        issues = {}          # pc -> sorted issue cycles of the warp
        last = 0
        with open(log) as fh:
            for line in fh:
                f = line.split()
                c, pc = int(f[0]), int(f[3], 16)
                issues.setdefault(pc, set()).add(c)
                last = max(last, c)
        issues = {k: sorted(v) for k, v in issues.items()}

        def at(label, k=0, off=0):
            v = issues.get(syms[label] + off, [])
            return v[k] if -len(v) <= k < len(v) else None

        def delta(what, x, y, want):
            ok = x is not None and y is not None and y - x == want
            report(ok, "%s: %s: %s cycles" % (pol, what, want),
                   "got %s" % (None if x is None or y is None else y - x))

        delta("CSR read -> next", at("_start"), at("csr_next"), 10)
        delta("independent ALU", at("indep0"), at("indep1"), 1)
        delta("ALU result -> use", at("dep0"), at("dep1"), 6)
        delta("load -> use", at("ld"), at("use"), 10)
        delta("predicted taken backward branch", at("lbr", 0), at("loop", 1), 3)
        delta("mispredicted (not taken backward)", at("lbr", -1), at("after"), 10)
        delta("split -> next", at("split"), min(at("side0"), at("side1")), 10)
        first, second = sorted([(at("side0"), "side0"), (at("side1"), "side1")])
        if pol == "breadth-first":     # the queue alternates the two paths
            delta("several paths: the other path next", first[0], second[0], 10)
            delta("several paths: back after the other one", first[0], at(first[1] + "b"), 20)
            continue
        if pol == "minsp-pc":
            # the sorted list's follow-on: side1b (before side0) waits only for
            # side1's result, the jump to join follows it, side0 comes when
            # that resolves
            delta("two paths: the head follows on (ALU result -> use)", first[0],
                  at(first[1] + "b"), 6)
            delta("two paths: the other path after the head's jump resolves", first[0],
                  second[0], 6 + 1 + 10)
        else:
            delta("several paths: one instruction per resolve", first[0],
                  at(first[1] + "b"), 10)
            if pol == "mp-ipdom":
                delta("mp-ipdom: the other split interleaves", first[0], second[0], 1)
            else:
                ok = second[0] - first[0] >= 20
                report(ok, "%s: the other path waits (>= 20 cycles)" % pol,
                       "got %d" % (second[0] - first[0]))
        with open(st) as fh:
            cyc = json.load(fh)["cycles"]
        report(cyc == last + 10, "%s: cycles = last issue + 10" % pol,
               "cycles %d, last issue %d" % (cyc, last))
    return checks.total()


if __name__ == "__main__":
    sys.exit(main())
