#!/usr/bin/env python3
"""simty.core under FuseSoC (make test's `fusesoc` check).

Runs, from a folder under build/test/fusesoc with this checkout as the cores root:
  1. `fusesoc run --target lint ::simty`: Verilator -Wall over the core that the
     generator simty_gen made from simty.core's own instance (W=8 T=8 sorted);
  2. the same lint target of a user's core (written here, as an SoC would) that
     depends on ::simty and instantiates the generator at W=2 T=4 TRACK=arbiter;
  3. `fusesoc run --target sim ::simty`: the board SoC around a W=2 T=2 core under
     Icarus Verilog, which must print one byte per thread and a newline;
  4. a user's instance with W=3: the generator must refuse it and fusesoc fail;
  5. `fusesoc run --target synth_ice40 ::simty` (W=2 T=2 on the iCE40-HX8K board top,
     edalize's icestorm flow: Debian's yosys, then scripts/fpga/fusesoc-bin first on PATH
     for the pinned YoWASP nextpnr-ice40 and icepack): the routed .asc must configure
     logic and RAM tiles, the .bin must be the HX8K's size, nextpnr must be the pinned
     one and report the board clock's Fmax (72 s).
--quick (make test) runs checks 1-4, --synth-only (make test-full adds it) check 5.
Prints PASS/FAIL per check and `N passed, M failed`.
"""
import argparse
import glob
import os
import re
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lib"))
import flows  # noqa: E402  (the checkout's root, the other scripts' paths, the backstop)
import simjobs  # noqa: E402  (run_cmd: the run stopped with its processes at the backstop)
import fpga_flow  # noqa: E402  (config_tiles)

ROOT = str(flows.ROOT)
FUSESOC = os.environ.get("FUSESOC_CHECK_FUSESOC") or os.path.join(ROOT, ".venv", "bin", "fusesoc")
# Each fusesoc run's verdict comes from its own bounds (the lint, the SoC bench's cycle
# limit, a place and route that ends); the wall clock is a backstop only (flows.backstop,
# TEST_BACKSTOP): a run it stops is TOO SLOW, no verdict.  --quick's four runs took 12 s
# in all at load average 5, the place and route (--synth-only) some minutes: 3600 s a
# run is far from either.
BACKSTOP = 3600


class TooSlow(Exception):
    pass
WORK = os.path.join(ROOT, "build", "test", "fusesoc")
USER_CORE = """CAPI=2:
name: ::simty_user_%(tag)s:0.1.0
description: A user's core around Simty (scripts/fpga/fusesoc_check.py)
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


# edalize's synth flows run nextpnr-*, icepack, ecppack from PATH: the pinned YoWASP ones.
FUSESOC_BIN = flows.script("fpga", "fusesoc-bin")
# An iCE40-HX8K bitstream (icepack) has a fixed size, whatever the design.
HX8K_BIN_BYTES = 135100


def fusesoc(args, cores, tag, env=None):
    cmd = [FUSESOC] + sum((["--cores-root", c] for c in cores), []) + ["run"] + args
    d = os.path.join(WORK, tag)
    os.makedirs(d, exist_ok=True)
    secs = flows.backstop(BACKSTOP)
    r = simjobs.run_cmd(cmd, secs, cwd=d, env=env)
    with open(os.path.join(d, "fusesoc.log"), "w") as f:
        f.write(" ".join(cmd) + "\n" + r["out"] + r["err"])
    if r["status"] == "timeout":
        raise TooSlow(flows.too_slow("fusesoc " + " ".join(args), secs,
                                     "its tool ended (lint, or the SoC bench's cycle limit)"))
    return r["rc"], r["out"] + r["err"], d


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


def synth_ice40_check(rc, path, d):
    """The synth_ice40 target's outputs in work folder d, run with PATH path (whose
    nextpnr-ice40 and icepack must be the pinned ones): (check name, ok)."""
    b = glob.glob(os.path.join(d, "build", "*", "synth_ice40"))
    b = b[0] if b else d
    asc, bits = (os.path.join(b, "simty_0.1.0" + e) for e in (".asc", ".bin"))
    tiles = fpga_flow.config_tiles(asc) if os.path.isfile(asc) else {}
    kinds = {h.split()[0]: sum(1 for k in tiles if k.split()[0] == h.split()[0]) for h in tiles}
    nlog = open(os.path.join(b, "next.log")).read() if os.path.isfile(os.path.join(b, "next.log")) else ""
    # the core's clock: the PLL's output since the tops have one (u_top.clk), not the pin
    fmax = re.findall(r"Max frequency for clock '[^']*\bclk': ([\d.]+) MHz", nlog)
    lc = re.search(r"ICESTORM_LC:\s+(\d+)/", nlog)
    size = os.path.getsize(bits) if os.path.isfile(bits) else 0
    tools = [shutil.which(t, path=path) for t in ("nextpnr-ice40", "icepack")]
    ver = fpga_flow.version([tools[0] or "nextpnr-ice40", "--version"])
    return ("fusesoc synth_ice40 ::simty: W=2 T=2 on the HX8K board top, %s logic cells, "
            "%d logic tiles and %d RAM contents configured, %d-byte bitstream, Fmax %s MHz "
            "(%s, through scripts/fpga/fusesoc-bin)"
            % (lc.group(1) if lc else "?", kinds.get(".logic_tile", 0), kinds.get(".ram_data", 0),
               size, fmax[-1] if fmax else "?", ver),
            rc == 0 and kinds.get(".logic_tile", 0) > 100 and kinds.get(".ram_data", 0) > 0
            and size == HX8K_BIN_BYTES and bool(fmax) and lc is not None
            and int(lc.group(1)) > 1000 and "0.11.1" in ver
            and all(t and os.path.dirname(t) == FUSESOC_BIN for t in tools))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--quick", action="store_true",
                   help="checks 1-4 only (make test; the place and route is make test-full's)")
    g.add_argument("--synth-only", action="store_true", help="check 5 only")
    a = ap.parse_args()
    os.makedirs(WORK, exist_ok=True)
    checks = []
    slow = None
    try:
        if not a.synth_only:
            lint_and_sim(checks)
        if not a.quick:
            env = dict(os.environ, PATH=FUSESOC_BIN + os.pathsep + os.environ.get("PATH", ""))
            rc, out, d = fusesoc(["--target", "synth_ice40", "::simty"], [ROOT], "synth-ice40", env)
            checks.append(synth_ice40_check(rc, env["PATH"], d))
    except TooSlow as e:       # no verdict for it nor for the checks after it
        slow = str(e)
    return flows.report(checks, slow)


def lint_and_sim(checks):
    """Checks 1-4."""
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


if __name__ == "__main__":
    sys.exit(main())
