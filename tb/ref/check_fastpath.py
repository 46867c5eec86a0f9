#!/usr/bin/env python3
"""The reference model's fast paths against its general path.

    tb/ref/check_fastpath.py --ref build/tools/simty-ref --work DIR [--isa I] [--cfgs "1x1 ..."]
                             tb/ref/fastpath/*.S

With nothing logged, ref_run executes most instructions of the list
policies on fast paths (ref_exec_uniform, ref_exec_branch, ref_exec_mem:
no per-thread effects); with --commit-log every instruction takes the
general path (exec_one).  Both must give the same run.  Each directed
program (assembled for --isa, default rv32i, and run with it) runs on
--cfgs (default 1x1, 2x4 and 8x8) under every policy, once without and once
with a commit log; the two runs must end with the same exit code (0, or
the program's "exit N") and the same statistics.  A program states in
comments what its commit log must show:

    exit <code>            the run's exit code (default 0)
    nowrite <label>        no thread writes a register at that instruction
    trap <label> <cause>   every thread traps there with that cause

One line per check, then "N passed, M failed".
"""
import os
import re
import sys

from refcheck import arguments, ISAS, POLICIES, Checks, run


def options(ap):
    ap.add_argument("--isa", default="rv32i", choices=ISAS,
                    help="assemble for it and run simty-ref --isa with it")
    ap.add_argument("--cfgs", default="1x1 2x4 8x8", help="W x T configurations")


def read(path):
    with open(path) as fh:
        return fh.read()


def main():
    a = arguments(__doc__, more=options)
    cfgs = [tuple(int(x) for x in c.split("x")) for c in a.cfgs.split()]
    checks = Checks()
    report = checks.report

    for src in a.programs:
        text = read(src)
        m = re.search(r"^ \* exit (\d+)$", text, re.M)
        want_rc = int(m.group(1)) if m else 0
        nowrite = re.findall(r"^ \* nowrite (\S+)$", text, re.M)
        traps = re.findall(r"^ \* trap (\S+) (\d+)$", text, re.M)
        prog = checks.assembled(src, a.work, a.isa)
        if prog is None:
            continue
        name, elf, syms = prog
        labels = nowrite + [t[0] for t in traps]
        missing = [lab for lab in labels if lab not in syms]
        report(bool(labels) and not missing, "%s: has expectations" % name,
               "missing labels %s" % missing if missing else "no 'nowrite' or 'trap' lines")
        if missing:
            continue
        for w, t in cfgs:
            for pol in POLICIES:
                what = "%s %dx%d %s" % (name, w, t, pol)
                base = [a.ref, "-W", str(w), "-T", str(t), "--isa", a.isa, "--policy", pol,
                        "--quiet"]
                sf = os.path.join(a.work, "%s_%dx%d_%s_fast.json" % (name, w, t, pol))
                sg = os.path.join(a.work, "%s_%dx%d_%s_log.json" % (name, w, t, pol))
                log = os.path.join(a.work, "%s_%dx%d_%s.log" % (name, w, t, pol))
                rc_f, out_f = run(base + ["--stats", sf, elf])
                rc_g, out_g = run(base + ["--stats", sg, "--commit-log", log, elf])
                report(rc_f == want_rc and rc_g == want_rc,
                       "%s: exit %d with and without a commit log" % (what, want_rc),
                       "exit %d without, %d with: %s" % (rc_f, rc_g, (out_f + out_g).strip()[-300:]))
                if not (os.path.exists(sf) and os.path.exists(sg) and os.path.exists(log)):
                    report(False, "%s: outputs" % what, "a --stats or --commit-log file is missing")
                    continue
                report(read(sf) == read(sg), "%s: the same statistics" % what,
                       "%s differs from %s" % (sf, sg))
                lines = {}
                with open(log) as fh:
                    for line in fh:
                        f = line.split()
                        lines.setdefault(int(f[3], 16), []).append(f[5:])
                os.remove(log)
                for lab in nowrite:
                    got = lines.get(syms[lab], [])
                    bad = [f for f in got if any(x.startswith("x") for x in f)]
                    report(bool(got) and not bad, "%s: no register written at %s" % (what, lab),
                           "%d commits, %s" % (len(got), bad[:2]))
                for lab, cause in traps:
                    got = lines.get(syms[lab], [])
                    bad = [f for f in got if f != ["trap", cause]]
                    report(len(got) == w * t and not bad,
                           "%s: every thread traps (cause %s) at %s" % (what, cause, lab),
                           "%d commits of %d threads, %s" % (len(got), w * t, bad[:2]))
                os.remove(sf)
                os.remove(sg)
    return checks.total()


if __name__ == "__main__":
    sys.exit(main())
