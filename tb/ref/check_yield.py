#!/usr/bin/env python3
"""The model's forward-progress (yield) rule (issue 52) on the A programs.

    tb/ref/check_yield.py --ref build/tools/simty-ref --work DIR [--cfgs "1x1 ..."]
                          --hang ELF --stress "ELF..." --bench "ELF..."
                          --directed "tb/ref/yield/*.S" ELF...

With A (--isa rv32ia) under minsp-pc a head path that spins yields to another
path of its warp (docs/spec.md, "forward progress"; simty-ref --yield):

  (a) every A program (ELF..., built for rv32ia) passes on each of --cfgs
      (default 1x1 1x8 2x4 8x8 4x64) with the RTL's K, once on the run
      loop's fast paths and once on its general path with the path
      invariants checked after every issue (--check-invariants): the two
      runs must give the same statistics, yields included;
  (b) --hang (a program whose lanes wait for a lane of their own warp)
      hangs at 1x8 with --yield 0 (exit 2 within --hang-cycles
      warp-instructions): without the rule it deadlocks;
  (c) the --stress programs pass with the smallest K (--yield 2: a yield
      every other reading back jump) at 1x8 and 2x4, fast and general path
      alike, so that the rotation among yielded paths is exercised;
  (d) each --bench kernel (rv32i builds, no atomics) passes at 8x8 under
      --isa rv32ia in cycles within 1 % of --isa rv32i, without a yield
      (a warp that does not spin is scheduled as before);
  (e) --yield refuses 3, 1 and any K without A (exit 3);
  (f) the --directed programs (assembled here) at 1x4, 2x4, 1x8 and 4x64
      with K = 2, 16 and 256, once without and once with a commit log (the
      same statistics), meet what their comments state:
          count <label> <setter>  in every warp exactly K commits at label
                                  before the warp's first one at setter
          yields <n>              n yields per warp, and exit 0
          hang                    exit 2 within 200000 warp-instructions,
                                  no yield

PASS lines carry the cycles and yields; one line per check, then
"N passed, M failed".
"""
import json
import os
import re
import sys

from refcheck import arguments, Checks, run

RUN_CYCLES = 50000000     # --max-cycles of the runs expected to end


def options(ap):
    ap.add_argument("--cfgs", default="1x1 1x8 2x4 8x8 4x64", help="W x T configurations")
    ap.add_argument("--hang", required=True, help="a program that deadlocks without the rule")
    ap.add_argument("--hang-cycles", type=int, default=2000000)
    ap.add_argument("--stress", default="", help="programs run with --yield 2")
    ap.add_argument("--bench", default="", help="rv32i kernels: rv32ia cycles within 1 %%")
    ap.add_argument("--directed", default="", help="directed programs (sources)")


def name_of(elf):
    return os.path.splitext(os.path.basename(elf))[0]


def wt(cfg):
    w, t = cfg.split("x")
    return ["-W", w, "-T", t]


class Runner:
    """simty-ref runs with their statistics (a dict, or None when missing)."""

    def __init__(self, ref, work):
        self.ref, self.work = ref, work

    def stats(self, args, elf, tag, log=None):
        """(exit code, output, statistics); with log, the commit log's
        lines split into fields."""
        path = os.path.join(self.work, "%s_%s.json" % (name_of(elf), tag))
        lpath = path[:-5] + ".log"
        for p in (path, lpath):
            if os.path.exists(p):
                os.remove(p)
        rc, out = run([self.ref, "--quiet", "--stats", path] + args +
                      (["--commit-log", lpath] if log is not None else []) + [elf], timeout=600)
        st = None
        if os.path.exists(path):
            with open(path) as fh:
                st = json.load(fh)
            os.remove(path)
        if log is not None and os.path.exists(lpath):
            with open(lpath) as fh:
                log.extend(line.split() for line in fh)
            os.remove(lpath)
        return rc, out, st


def both_paths(checks, runner, args, elf, what):
    """(a), (c): the run passes on the fast paths and on the checked general
    path, with the same statistics."""
    rc_f, out_f, st_f = runner.stats(args, elf, "fast")
    rc_g, out_g, st_g = runner.stats(args + ["--check-invariants"], elf, "general")
    ok = rc_f == 0 and rc_g == 0 and st_f is not None and st_f == st_g
    detail = ""
    if ok:
        detail = ": %d cycles, %d yields" % (st_f["cycles"], st_f.get("yields", -1))
    checks.report(ok, "%s passes, fast and checked paths alike%s" % (what, detail),
                  "exit %d / %d, statistics %s: %s" % (
                      rc_f, rc_g, "equal" if st_f == st_g else "differ",
                      (out_f + out_g).strip()[-400:]))


def check_hang(checks, runner, a):
    """(b) without the rule the program deadlocks; with it, it passes."""
    what = "%s 1x8 --yield 0" % name_of(a.hang)
    rc, out = run([runner.ref, "--quiet", "--isa", "rv32ia", "--yield", "0", "--max-cycles",
                   str(a.hang_cycles)] + wt("1x8") + [a.hang], timeout=600)
    checks.report(rc == 2 and out.startswith("HANG"),
                  "%s: hangs within %d warp-instructions (exit 2)" % (what, a.hang_cycles),
                  "exit %d: %s" % (rc, out.strip()[-300:]))
    rc, out = run([runner.ref, "--quiet", "--isa", "rv32ia", "--max-cycles",
                   str(a.hang_cycles)] + wt("1x8") + [a.hang], timeout=600)
    checks.report(rc == 0, "%s 1x8: passes within %d warp-instructions with the rule"
                  % (name_of(a.hang), a.hang_cycles), "exit %d: %s" % (rc, out.strip()[-300:]))


def check_bench(checks, runner, elfs):
    """(d) the kernels' cycles with A within 1 % of those without, no yield."""
    tot = {"rv32i": 0, "rv32ia": 0}
    for elf in elfs:
        got = {}
        for isa in ("rv32i", "rv32ia"):
            got[isa] = runner.stats(["--isa", isa, "--max-cycles", str(RUN_CYCLES)] + wt("8x8"),
                                    elf, isa)
        (rc_i, _, si), (rc_a, out_a, sa) = got["rv32i"], got["rv32ia"]
        ok = rc_i == 0 and rc_a == 0 and si is not None and sa is not None
        if ok:
            tot["rv32i"] += si["cycles"]
            tot["rv32ia"] += sa["cycles"]
            ok = abs(sa["cycles"] - si["cycles"]) * 100 <= si["cycles"] and sa.get("yields") == 0
        cyc = "%d / %d cycles, %s yields" % (si["cycles"], sa["cycles"], sa.get("yields")) \
            if si and sa else "no statistics"
        checks.report(ok, "%s 8x8: --isa rv32i / rv32ia within 1 %%: %s" % (name_of(elf), cyc),
                      "exit %d / %d, %s: %s" % (rc_i, rc_a, cyc, out_a.strip()[-300:]))
    if elfs:
        print("bench 8x8 total: %d cycles (rv32i), %d cycles (rv32ia)"
              % (tot["rv32i"], tot["rv32ia"]))


def check_refusals(checks, ref, elf):
    """(e) bad --yield values: exit 3 with a message."""
    for args, why in ((["--isa", "rv32ia", "--yield", "3"], "not a power of two"),
                      (["--isa", "rv32ia", "--yield", "1"], "below 2"),
                      (["--isa", "rv32i", "--yield", "256"], "no A")):
        rc, out = run([ref, "--quiet"] + args + [elf])
        checks.report(rc == 3 and "yield" in out,
                      "%s: refused (%s, exit 3)" % (" ".join(args), why),
                      "exit %d: %s" % (rc, out.strip()[-200:]))


def counted(log, syms, label, setter, W):
    """Per warp, its commits at label before its first one at setter."""
    n, seen = [0] * W, [False] * W
    for f in log:
        w, pc = int(f[1]), int(f[3], 16)
        seen[w] = seen[w] or pc == syms[setter]
        n[w] += not seen[w] and pc == syms[label]
    return n


def check_directed(checks, runner, src):
    """(f) one directed program against the expectations in its comments."""
    with open(src) as fh:
        text = fh.read()
    count = re.search(r"^ \* count (\S+) (\S+)$", text, re.M)
    nyield = re.search(r"^ \* yields (\d+)$", text, re.M)
    hang = re.search(r"^ \* hang$", text, re.M)
    prog = checks.assembled(src, runner.work)
    if prog is None:
        return
    name, elf, syms = prog
    for cfg in ("1x4", "2x4", "1x8", "4x64"):
        W = int(cfg.split("x")[0])
        for k in (2, 16, 256):
            what = "%s %s --yield %d" % (name, cfg, k)
            args = ["--isa", "rv32ia", "--yield", str(k), "--max-cycles", "200000"] + wt(cfg)
            log = []
            rc_f, out, st_f = runner.stats(args, elf, "fast")
            rc_g, _, st_g = runner.stats(args, elf, "log", log)
            want = 2 if hang else 0
            ok = rc_f == rc_g == want and st_f is not None and st_f == st_g
            yl = st_f.get("yields", -1) if st_f else -1
            checks.report(ok, "%s: exit %d, the same statistics with and without a commit log"
                          % (what, want), "exit %d / %d, statistics %s: %s" % (
                              rc_f, rc_g, "equal" if st_f == st_g else "differ", out[-300:]))
            if hang or nyield:
                n = 0 if hang else int(nyield.group(1)) * W
                checks.report(yl == n, "%s: %d yields" % (what, n), "%d yields" % yl)
            if count:
                got = counted(log, syms, count.group(1), count.group(2), W)
                checks.report(got == [k] * W, "%s: %d jumps at %s before %s in every warp"
                              % (what, k, count.group(1), count.group(2)), "got %s" % got)


def main():
    a = arguments(__doc__, more=options)
    checks = Checks()
    runner = Runner(a.ref, a.work)
    for elf in a.programs:
        for cfg in a.cfgs.split():
            both_paths(checks, runner, ["--isa", "rv32ia", "--max-cycles", str(RUN_CYCLES)]
                       + wt(cfg), elf, "%s %s" % (name_of(elf), cfg))
    check_hang(checks, runner, a)
    for elf in a.stress.split():
        for cfg in ("1x8", "2x4"):
            both_paths(checks, runner, ["--isa", "rv32ia", "--yield", "2", "--max-cycles",
                                        str(RUN_CYCLES)] + wt(cfg), elf,
                       "%s %s --yield 2" % (name_of(elf), cfg))
    check_bench(checks, runner, a.bench.split())
    check_refusals(checks, a.ref, a.hang)
    for src in a.directed.split():
        check_directed(checks, runner, src)
    return checks.total()


if __name__ == "__main__":
    sys.exit(main())
