#!/usr/bin/env python3
"""The model's RTL timing mode (--timing rtl, tb/ref/rtltime.c): its options, the core it
follows, and results that do not depend on the clock.

    tb/ref/check_rtltime.py --ref build/tools/simty-ref --gen build/tools/simty-gen
                            --work DIR PROGRAM.elf...

1. Options: a bad --timing, --track, --sorter or --arbpipe, a sorter with the arbiter
   and cuts with the sorted list are refused (exit 3) with a message naming the option.
2. The core: for T = 1..64 and both trackers, the sorter and the arbiter's cuts the model
   follows by default (its statistics' "timing") are simty-gen's for that configuration
   (config.mk's SORTER and ARB_CUTS).
3. The clock changes no result: every program at 2x4 and 8x8 under every policy ends with
   the same exit code, console lines (in any order: the warps' interleaving follows the
   clock) and thread instructions as under the latency model;
   with --track arbiter the same warp instructions too (the arbiter's order is the
   policy's, but for mp-ipdom, whose choice of split follows the clock).
4. The fast and the general paths agree: each run on the RTL timing mode with the sorted
   list (exact, lazy) and the arbiter gives the same statistics with and without a commit
   log, and passes --check-invariants (the sorted list's cold paths may share a PC).

One line per check, then "N passed, M failed".
"""
import json
import os

from refcheck import arguments, POLICIES, Checks, run

CFGS = [(2, 4), (8, 8)]
CORES = [["--track", "sorted", "--sorter", "exact"], ["--track", "sorted", "--sorter", "lazy"],
         ["--track", "arbiter"]]


def options(ap):
    ap.add_argument("--gen", required=True, help="simty-gen, for the core's auto rules")


def stats(ref, w, t, args, elf, path, more=()):
    """(exit code, output, statistics) of one model run."""
    rc, out = run([ref, "-W", str(w), "-T", str(t), "--stats", path] + list(args) + list(more)
                  + [elf])
    try:
        with open(path) as fh:
            return rc, out, json.load(fh)
    except (OSError, ValueError):
        return rc, out, {}


def check_options(c, ref, elf):
    bad = [(["--timing", "bogus"], "--timing"), (["--track", "bogus"], "--track"),
           (["--sorter", "bogus"], "--sorter"), (["--arbpipe", "7"], "--arbpipe"),
           (["--arbpipe", "x"], "--arbpipe"),
           (["--timing", "rtl", "--track", "arbiter", "--sorter", "exact"], "sorter"),
           (["--timing", "rtl", "--arbpipe", "1"], "arbpipe")]
    for args, name in bad:
        rc, out = run([ref, "-W", "2", "-T", "4"] + args + [elf])
        c.report(rc == 3 and name in out, "options: %s refused naming %s" % (" ".join(args), name),
                 "exit %d: %s" % (rc, out.strip()[-200:]))


def gen_core(gen, work, t, track):
    """simty-gen's (SORTER, ARB_CUTS) for W = 1, T = t and track."""
    d = os.path.join(work, "gen-T%d-%s" % (t, track))
    run([gen, "W=1", "T=%d" % t, "TRACK=" + track, "--only=btb", "-o", d])
    keys = {}
    with open(os.path.join(d, "config.mk")) as fh:
        for line in fh:
            k, sep, v = line.partition(" := ")
            if sep:
                keys[k.strip()] = v.strip()
    return keys.get("SORTER"), keys.get("ARB_CUTS")


def check_core(c, ref, gen, work, elf):
    for t in (1, 2, 4, 8, 16, 32, 64):
        for track in ("sorted", "arbiter"):
            sorter, cuts = gen_core(gen, work, t, track)
            want = ("rtl sorted %s" % sorter) if track == "sorted" else ("rtl arbiter %s" % cuts)
            _, _, s = stats(ref, 1, t, ["--timing", "rtl", "--track", track], elf,
                            os.path.join(work, "core.json"))
            c.report(s.get("timing") == want, "core: T=%d %s follows %s" % (t, track, want),
                     "the model says %r" % s.get("timing"))


def lines(out, st):
    """The console's lines, in order (warps print in the clock's order), the
    result line's cycles left out."""
    return sorted(out.replace(" %s cycles]" % st.get("cycles"), "]").splitlines())


def same(a, b, keys):
    return all(a.get(k) == b.get(k) for k in keys)


def check_results(c, ref, work, elfs):
    for w, t in CFGS:
        for elf in elfs:
            name = os.path.splitext(os.path.basename(elf))[0]
            for pol in POLICIES:
                base = ["--policy", pol]
                ra, oa, sa = stats(ref, w, t, base, elf, os.path.join(work, "a.json"))
                rb, ob, sb = stats(ref, w, t, base + ["--timing", "rtl", "--track", "arbiter"], elf,
                                   os.path.join(work, "b.json"))
                keys = ["exit_code", "thread_instructions"] + \
                       ([] if pol == "mp-ipdom" else ["warp_instructions"])
                c.report(ra == rb and lines(oa, sa) == lines(ob, sb) and same(sa, sb, keys),
                         "results: %s %dx%d %s on the arbiter's clock as on the latency model"
                         % (name, w, t, pol), "exit %d/%d, %s" % (
                             ra, rb, {k: (sa.get(k), sb.get(k)) for k in keys}))


def check_paths(c, ref, work, elfs):
    keys = ["exit_code", "cycles", "warp_instructions", "thread_instructions", "divergences",
            "merges", "replays", "peak_paths"]
    for w, t in CFGS:
        for elf in elfs:
            name = os.path.splitext(os.path.basename(elf))[0]
            for core in CORES:
                args = ["--timing", "rtl"] + core
                ra, _, sa = stats(ref, w, t, args, elf, os.path.join(work, "f.json"))
                rb, _, sb = stats(ref, w, t, args, elf, os.path.join(work, "g.json"),
                                  ["--commit-log", os.path.join(work, "g.log"),
                                   "--check-invariants"])
                c.report(ra == rb and sa and same(sa, sb, keys),
                         "paths: %s %dx%d %s with and without a log, invariants held"
                         % (name, w, t, " ".join(core[1::2])),
                         "exit %d/%d, %s" % (ra, rb, {k: (sa.get(k), sb.get(k)) for k in keys}))


def main():
    a = arguments(__doc__, more=options)
    c = Checks()
    check_options(c, a.ref, a.programs[0])
    check_core(c, a.ref, a.gen, a.work, a.programs[0])
    check_results(c, a.ref, a.work, a.programs)
    check_paths(c, a.ref, a.work, a.programs)
    return c.total()


if __name__ == "__main__":
    raise SystemExit(main())
