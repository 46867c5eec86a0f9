#!/usr/bin/env python3
"""simty.core under FuseSoC (make test's `fusesoc` check).

Runs, from a folder under build/test/fusesoc with this checkout as the cores root:
  1. `fusesoc run --target lint ::simty`: Verilator -Wall over the core that the
     generator simty_gen made from simty.core's own instance (W=8 T=8 sorted);
  2. the same lint target of a user's core (written here, as an SoC would) that
     depends on ::simty and instantiates the generator at W=2 T=4 TRACK=arbiter;
  3. `fusesoc run --target sim ::simty`: the board SoC around a W=2 T=2 core under
     Icarus Verilog, which must print one byte per thread and a newline;
  4. a user's instance with W=3: the generator must refuse it and fusesoc fail.
Prints PASS/FAIL per check and `N passed, M failed`.
"""
import glob
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FUSESOC = os.path.join(ROOT, ".venv", "bin", "fusesoc")
WORK = os.path.join(ROOT, "build", "test", "fusesoc")
USER_CORE = """CAPI=2:
name: ::simty_user_%(tag)s:0.1.0
description: A user's core around Simty (scripts/fusesoc_check.py)
generate:
  my_simty: {generator: simty_gen, parameters: {W: %(W)s, T: %(T)s, TRACK: %(TRACK)s}}
targets:
  lint:
    default_tool: verilator
    filesets: [deps]
    generate: [my_simty]
    toplevel: simty_core
    tools: {verilator: {mode: lint-only, verilator_options: [-Wall]}}
filesets:
  deps: {depend: ["::simty"]}
"""


def fusesoc(args, cores, tag):
    cmd = [FUSESOC] + sum((["--cores-root", c] for c in cores), []) + ["run"] + args
    d = os.path.join(WORK, tag)
    os.makedirs(d, exist_ok=True)
    r = subprocess.run(cmd, cwd=d, capture_output=True, text=True, timeout=900)
    with open(os.path.join(d, "fusesoc.log"), "w") as f:
        f.write(" ".join(cmd) + "\n" + r.stdout + r.stderr)
    return r.returncode, r.stdout + r.stderr, d


def generated(d, name):
    """config.mk of the core the generator wrote in work folder d."""
    hits = glob.glob(os.path.join(d, "build", "**", name + "*", "rtl", "config.mk"), recursive=True)
    if not hits:
        return {}
    with open(hits[0]) as f:
        return dict(re.findall(r"^(\w+)\s*:?=\s*(\S+)", f.read(), re.M))


def user_core(tag, W, T, TRACK):
    d = os.path.join(WORK, "cores", tag)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "user.core"), "w") as f:
        f.write(USER_CORE % {"tag": tag, "W": W, "T": T, "TRACK": TRACK})
    return d


def main():
    os.makedirs(WORK, exist_ok=True)
    checks = []
    rc, out, d = fusesoc(["--target", "lint", "::simty"], [ROOT], "lint-default")
    cfg = generated(d, "simty-simty_default")
    checks.append(("fusesoc lint ::simty: the generator's W=8 T=8 sorted core passes "
                   "verilator --lint-only -Wall",
                   rc == 0 and (cfg.get("W"), cfg.get("T"), cfg.get("TRACK")) == ("8", "8", "sorted")
                   and "lint-only" in open(glob.glob(os.path.join(d, "build", "*", "lint-verilator",
                                                                    "Makefile"))[0]).read()))
    rc, out, d = fusesoc(["--target", "lint", "::simty_user_w2t4:0.1.0"],
                         [ROOT, user_core("w2t4", 2, 4, "arbiter")], "lint-user-w2t4")
    cfg = generated(d, "simty_user_w2t4-my_simty")
    checks.append(("fusesoc lint of a user's core instantiating simty_gen at W=2 T=4 arbiter",
                   rc == 0 and (cfg.get("W"), cfg.get("T"), cfg.get("TRACK")) == ("2", "4", "arbiter")))
    rc, out, d = fusesoc(["--target", "sim", "::simty"], [ROOT], "sim")
    rx = [l for l in out.splitlines() if l.startswith("RX ")]
    checks.append(("fusesoc sim ::simty: the W=2 T=2 SoC under Icarus prints 4 bytes and a "
                   "newline, raises done (got %d bytes)" % len(rx),
                   rc == 0 and len(rx) == 5 and "DONE " in out and "TIMEOUT" not in out))
    rc, out, d = fusesoc(["--target", "lint", "::simty_user_w3:0.1.0"],
                         [ROOT, user_core("w3", 3, 4, "sorted")], "lint-user-w3")
    checks.append(("a user's instance with W=3: the generator refuses it, fusesoc fails",
                   rc != 0 and "W=3" in out))
    for name, ok in checks:
        print("%s %s" % ("PASS" if ok else "FAIL", name))
    bad = sum(1 for _, ok in checks if not ok)
    print("%d passed, %d failed" % (len(checks) - bad, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
