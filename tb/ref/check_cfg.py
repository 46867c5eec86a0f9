#!/usr/bin/env python3
"""Directed tests of the post-dominator analysis and the stack policies.

    tb/ref/check_cfg.py --ref build/tools/simty-ref --work DIR tb/ref/cfgtest/*.S

Each program (if/else, nested loops with break, switch, early return,
recursion) states its hand-derived answers in comments:

    expect <branch label> <label>|exit    simty-ref --cfg gives that branch this
                                          reconvergence PC
    full <label>                          under ipdom, minority-first and
                                          mp-ipdom, every issue of that
                                          instruction has all the warp's lanes

For every program it checks the expectations on the ELF and on a stripped
copy (no symbols: functions from the entry point and call targets), that the
program passes under every policy of the model on 2x4 and 8x8, and the "full"
reconvergence points in the commit logs.  One line per check, then
"N passed, M failed".
"""
import os
import re
import sys

from refcheck import arguments, STRIP, POLICIES, Checks, run

STACK = ["ipdom", "minority-first", "mp-ipdom"]
CFGS = [(2, 4), (8, 8)]


def reconv(ref, elf):
    rc, out = run([ref, "--cfg", elf])
    if rc != 0:
        return None, out
    br = {}
    for m in re.finditer(r"^  branch ([0-9a-f]{8}) \S+\s+reconv (\S+)$", out, re.M):
        br[int(m.group(1), 16)] = m.group(2)
    return br, out


def main():
    a = arguments(__doc__)
    checks = Checks()
    report = checks.report

    for src in a.programs:
        text = open(src).read()
        expects = re.findall(r"^ \* expect (\S+) (\S+)$", text, re.M)
        fulls = re.findall(r"^ \* full (\S+)$", text, re.M)
        prog = checks.assembled(src, a.work)
        if prog is None:
            continue
        name, elf, syms = prog
        stripped = os.path.join(a.work, name + ".stripped.elf")
        rc, out = run([STRIP, "-o", stripped, elf])
        if rc != 0:
            report(False, "%s: strip" % name, out.strip()[-400:])
            continue
        report(bool(expects), "%s: has expectations" % name, "no 'expect' lines")
        for label, elf_kind in ((elf, "symbols"), (stripped, "stripped")):
            br, out = reconv(a.ref, label)
            if br is None:
                report(False, "%s (%s): --cfg" % (name, elf_kind), out.strip()[-400:])
                continue
            for b, want in expects:
                if b not in syms or (want != "exit" and want not in syms):
                    report(False, "%s: labels %s %s" % (name, b, want), "label missing")
                    continue
                got = br.get(syms[b])
                wanted = "exit" if want == "exit" else "%08x" % syms[want]
                report(got == wanted, "%s (%s): %s reconverges at %s" % (name, elf_kind, b, want),
                       "got %s, want %s (%s)" % (got, wanted, want))
        for w, t in CFGS:
            for pol in POLICIES:
                log = os.path.join(a.work, "%s_%dx%d_%s.log" % (name, w, t, pol))
                rc, out = run([a.ref, "-W", str(w), "-T", str(t), "--policy", pol, "--quiet",
                               "--check-invariants", "--commit-log", log, elf])
                report(rc == 0, "%s %dx%d %s: runs" % (name, w, t, pol), out.strip()[-300:])
                if rc != 0 or pol not in STACK:
                    os.remove(log) if os.path.exists(log) else None
                    continue
                issues = {}
                with open(log) as fh:
                    for line in fh:
                        f = line.split()
                        issues.setdefault((f[0], f[1], int(f[3], 16)), set()).add(f[2])
                os.remove(log)
                for lab in fulls:
                    pc = syms.get(lab)
                    lanes = [len(v) for k, v in issues.items() if k[2] == pc]
                    ok = pc is not None and lanes and all(n == t for n in lanes)
                    report(ok, "%s %dx%d %s: all lanes together at %s" % (name, w, t, pol, lab),
                           "issues with %s lanes" % sorted(set(lanes)))
    return checks.total()


if __name__ == "__main__":
    sys.exit(main())
