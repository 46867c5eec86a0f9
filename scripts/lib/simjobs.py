"""Shared helpers of the scripts that run jobs: configuration lists ("8x8
2x4:arbiter"), a configuration's knobs and build folder (simty-gen --tag, the one
place its name is computed), building a simulator or the bench programs through make, the synthesis result of a configuration, and the one job
runner of the project (Runner, run_cmd, Progress): Dask, on a LocalCluster of
this machine or on the cluster named by DASK_SCHEDULER.  Used by the scripts of
every flow (bench/bench.py, fpga/compare.py, fuzz/fuzz.py, formal/formal.py,
fpga/synth.py, sim/perf.py, sim/timeline.py, ...).

Configurations.  Users write a list of configurations one way: WxT[:track],
separated by spaces or commas ("1x1 8x8:arbiter_pipe0"); parse_specs reads it.
A track is sorted (SORTER=auto), sorted_exact, sorted_lazy, arbiter (ARBPIPE=auto),
arbiter_pipe (ARBPIPE=1) or arbiter_pipeK.  knobs() turns one into the knobs make
and simty-gen take; tag() asks simty-gen --tag for its build folder's name.  The
command line does the same for the Makefile:

    simjobs.py tag KEY=VALUE...                  the folder name (simty-gen --tag)
    simjobs.py sims [--track T] [--isa I] SPEC...  build each simulator, print its path

The runner.  Runner(jobs, pnr_slots) connects to DASK_SCHEDULER=tcp://host:port
when it is set (the workers must see this checkout at the same path: the jobs
read and write its build/ folder), else starts a LocalCluster: one worker
process with `jobs` threads (default: one per core; the jobs are subprocesses,
the threads wait on them) and the resource "pnr" = pnr_slots, the number of
place-and-route jobs that may run at once.  Every job's command runs through
run_cmd, which kills its process tree after the job's timeout or when the
tree's resident memory passes the per-job limit (SIMTY_JOB_MEM_MIB, or the
caller's default).

Progress, the one progress display of the project's long runs (the runner's jobs,
make bench's and make fuzz's builds, make formal's checks, make test's checks): a
tqdm line with done/total, elapsed, time left and the running items on a terminal;
otherwise a plain line per tenth of the items and at least every PROGRESS_QUIET_S
seconds while they run, so logs stay short and never go quiet for long.  Shell
scripts get it through the command line:

    simjobs.py progress --total N [--desc D] [--unit U]   the script's output on stdin,
                     printed as it is but for the lines "@progress start NAME" and
                     "@progress done NAME"
    simjobs.py --progress-self-test
"""
import json
import logging
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
import warnings

import flows  # the checkout's root, the scripts' folders (scripts/lib)

ROOT = str(flows.ROOT)


def map_constant(name):
    """An integer #define of gen/simty_map.h, the constants the generator, the
    harness and the model share (SIMTY_DMEM_KIB_DEFAULT -> 256)."""
    with open(os.path.join(ROOT, "gen", "simty_map.h")) as f:
        m = re.search(r"^#define %s\s+(\d+)\b" % re.escape(name), f.read(), re.M)
    if not m:
        raise KeyError("gen/simty_map.h defines no integer %s" % name)
    return int(m.group(1))


# The data memory a configuration has when DMEM is not given (KiB).
DEFAULT_DMEM_KIB = map_constant("SIMTY_DMEM_KIB_DEFAULT")

MAKE = ["make", "-s", "--no-print-directory", "SIMTY_SETUP_DONE=1"]
REF_BIN = os.path.join(ROOT, "build", "tools", "simty-ref")
# The reference model's traversal policies (tb/README.md, "Policies").
POLICIES = ("minsp-pc", "min-pc", "depth-first", "breadth-first", "ipdom", "minority-first",
            "mp-ipdom")
TRACKS = ("sorted", "arbiter")
# The generator's and the model's ISAs (ISA=, simty-ref --isa).
ISAS = ("rv32i", "rv32im", "rv32ia", "rv32ima")
# Threads that C programs run in the default data memory (512 bytes of stack
# each, sw/README.md); above, the bench builds with a larger DMEM.
C_THREADS_DEFAULT_DMEM = 256

try:
    from tqdm import tqdm
except ImportError:     # the .venv of scripts/setup/setup.sh has it; plain python3 may not
    tqdm = None


# One item of a configuration list: WxT, optionally :track.
CFG_ITEM_RE = re.compile(r"(\d+)x(\d+)(?::(\w+))?")
TRACK_RE = re.compile(r"sorted(_exact|_lazy)?|arbiter(_pipe\d*)?")
KNOBS = ("W", "T", "TRACK", "SORTER", "ARBPIPE", "ISA", "IMEM", "DMEM", "RAMSTYLE")
GEN_BIN = os.path.join(ROOT, "build", "tools", "simty-gen")


class Checks:
    """A self-test's checks: check(name, ok) prints a PASS or FAIL line and counts
    it; summary(label) prints "<label>: N passed, M failed" and returns the exit
    status, 0 or 1."""

    def __init__(self):
        self.passed = self.failed = 0

    def __call__(self, name, ok):
        print("%s %s" % ("PASS" if ok else "FAIL", name))
        if ok:
            self.passed += 1
        else:
            self.failed += 1

    def summary(self, label):
        print("%s: %d passed, %d failed" % (label, self.passed, self.failed))
        return 1 if self.failed else 0


def report_tests(tests):
    """A self-test's list of (name, ok): a PASS or FAIL line each, then "N passed, M
    failed"; returns the exit status, 0 or 1 (Checks, when they are made one by one)."""
    for name, ok in tests:
        print("%s %s" % ("PASS" if ok else "FAIL", name))
    bad = sum(1 for _, ok in tests if not ok)
    print("%d passed, %d failed" % (len(tests) - bad, bad))
    return 1 if bad else 0


def _parse_item(text):
    m = CFG_ITEM_RE.fullmatch(text.strip())
    if not m:
        raise ValueError("bad configuration %r (want WxT[:track], e.g. 8x8 or 8x8:arbiter)" % text)
    w, t = int(m.group(1)), int(m.group(2))
    for name, v in (("W", w), ("T", t)):
        if v < 1 or v > 64 or v & (v - 1):
            raise ValueError("%s=%d in %r: not a power of two 1..64" % (name, v, text))
    if m.group(3) and not TRACK_RE.fullmatch(m.group(3)):
        raise ValueError("track %r in %r: sorted, sorted_exact, sorted_lazy, arbiter, "
                         "arbiter_pipe or arbiter_pipeK" % (m.group(3), text))
    return w, t, m.group(3)


def parse_specs(text, track="sorted"):
    """ "1x1 8x8:arbiter,4x64" -> [(1, 1, track), (8, 8, "arbiter"), (4, 64, track)]:
    the one spelling of a configuration list; duplicates dropped."""
    out = []
    for item in re.split(r"[\s,]+", text.strip()):
        if item:
            w, t, tr = _parse_item(item)
            if (w, t, tr or track) not in out:
                out.append((w, t, tr or track))
    if not out:
        raise ValueError("no configuration")
    return out


def parse_cfg(text):
    """ "8x8" -> (8, 8); W and T powers of two 1..64 (lists whose track is an option)."""
    w, t, tr = _parse_item(text)
    if tr:
        raise ValueError("%r: no :track here (the track is an option of its own)" % text)
    return w, t


def parse_cfgs(text):
    """ "1x1 8x8,4x64" -> [(1, 1), (8, 8), (4, 64)], duplicates dropped."""
    out = []
    for item in re.split(r"[\s,]+", text.strip()):
        if item and parse_cfg(item) not in out:
            out.append(parse_cfg(item))
    if not out:
        raise ValueError("no configuration")
    return out


def knobs(w, t, track="sorted", dmem=None, isa="rv32i", **more):
    """Every knob of a configuration, as make and simty-gen take them ({"W": "8", ...}):
    the track's TRACK, SORTER and ARBPIPE; ISA; DMEM when given; IMEM=, RAMSTYLE=... in
    `more`.  An empty value is a knob not given (its default, no suffix in the tag)."""
    k = {"W": str(w), "T": str(t), "TRACK": track, "SORTER": "auto", "ARBPIPE": "", "ISA": isa,
         "IMEM": "", "DMEM": str(dmem) if dmem else "", "RAMSTYLE": ""}
    if track.startswith("arbiter_pipe"):
        k.update(TRACK="arbiter", ARBPIPE=track[len("arbiter_pipe"):] or "1")
    elif track.startswith("sorted_"):
        k.update(TRACK="sorted", SORTER=track[len("sorted_"):])
    for key, v in more.items():
        if key not in KNOBS:
            raise ValueError("%s: not a knob (%s)" % (key, " ".join(KNOBS)))
        k[key] = "" if v is None else str(v)
    return k


def gen_args(k):
    """simty-gen's arguments for knobs k: the knobs given."""
    return ["%s=%s" % (key, k[key]) for key in KNOBS if k.get(key, "") != ""]


def make_args(k):
    """make's arguments for knobs k: every knob, the empty ones too, so that nothing
    comes from build/last.mk or the caller's command line (MAKEFLAGS)."""
    return ["%s=%s" % (key, k.get(key, "")) for key in KNOBS]


_gen_ready = []
_tags = {}


def ensure_gen():
    """Build simty-gen (gen/gen.mk) once per process, so that --tag is today's."""
    if not _gen_ready:
        r = subprocess.run(["make", "-s", "--no-print-directory", "-f", "gen/gen.mk", "build/tools/simty-gen"],
                           cwd=ROOT, capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit("simjobs: building simty-gen failed:\n%s%s" % (r.stdout, r.stderr))
        _gen_ready.append(True)
    return GEN_BIN


def tag(k):
    """The build folder's name of the configuration of knobs k (a dict of knobs(), or
    a list of KEY=VALUE): simty-gen --tag, the one place it is computed.  A bad knob
    raises ValueError with simty-gen's message, which names it."""
    args = tuple(gen_args(k) if isinstance(k, dict) else k)
    if args not in _tags:
        r = subprocess.run([ensure_gen(), "--tag"] + list(args), capture_output=True, text=True)
        if r.returncode != 0:
            raise ValueError(r.stderr.strip() or "simty-gen --tag failed (exit %d)" % r.returncode)
        _tags[args] = r.stdout.strip()
    return _tags[args]


def read_config(rtl):
    """The knobs simty-gen wrote to RTL/config.mk ({"TAG": ..., "W": 8, "T": 8, ...}; W, T
    as numbers, ISA rv32i when an older generator wrote none)."""
    cfg = {}
    with open(os.path.join(rtl, "config.mk")) as f:
        for line in f:
            m = re.match(r"\s*(\w+)\s*:?=\s*(\S+)", line)
            if m:
                cfg[m.group(1)] = m.group(2)
    for key in ("W", "T"):
        cfg[key] = int(cfg[key])
    cfg.setdefault("ISA", "rv32i")
    return cfg


def config_tag(cfg):
    """The build folder's name of a config.mk's configuration (read_config): its TAG; for
    a config.mk written before simty-gen wrote one, simty-gen --tag of its knobs."""
    if "TAG" in cfg:
        return cfg["TAG"]
    ap = cfg.get("ARBPIPE", "auto")
    return tag(knobs(cfg["W"], cfg["T"], cfg["TRACK"], isa=cfg["ISA"],
                     ARBPIPE="" if ap == "auto" else ap))


def c_dmem_kib(w, t):
    """DMEM (KiB) C programs need at W x T: None (the default) up to 256 threads,
    else the power of two >= W*T KiB (about 1 KiB per thread)."""
    n = w * t
    if n <= C_THREADS_DEFAULT_DMEM:
        return None
    k = 1
    while k < n:
        k *= 2
    return k


def cfg_name(w, t, track, dmem=None, isa="rv32i"):
    """The build folder's name (simty-gen --tag): W8_T8_sorted (SORTER=auto),
    W4_T64_arbiter_pipe (ARBPIPE=1), W8_T8_arbiter_pipe0, W8_T8_sorted_lazy,
    W16_T64_sorted_D1024, W2_T4_sorted_im."""
    return tag(knobs(w, t, track, dmem, isa))


def make_vars(w, t, track, dmem=None, isa="rv32i"):
    # every knob: the sweeps name rv32i build folders (cfg_name, sw_out) by default,
    # whatever a `make gen ISA=rv32im DMEM=...` left in build/last.mk
    return make_args(knobs(w, t, track, dmem, isa))


def make(args, what):
    """Run make in ROOT; exit with its output on failure."""
    r = subprocess.run(MAKE + args, cwd=ROOT, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("%s: make %s failed:\n%s%s" % (what, " ".join(args), r.stdout, r.stderr))


def sim_path(w, t, track, dmem=None, isa="rv32i"):
    """Where make builds the RTL simulator of a configuration."""
    return os.path.join(ROOT, "build", cfg_name(w, t, track, dmem, isa), "sim", "simty-sim")


def build_sim(w, t, track, dmem=None, what="simjobs", isa="rv32i"):
    """Build (or bring up to date) the RTL simulator of a configuration; its path."""
    sim = sim_path(w, t, track, dmem, isa)
    make(make_vars(w, t, track, dmem, isa) + [os.path.relpath(sim, ROOT)], what)
    return sim


# The engines the model's timing is held against (make model-parity, sim/issue_diff.py):
# name -> the track of parse_specs (sorted: the exact sorter whatever SORTER=auto picks).
TIMING_ENGINES = {"sorted": "sorted_exact", "lazy": "sorted_lazy", "arbiter": "arbiter"}


def engine_track(name):
    """A timing engine's track (TIMING_ENGINES), or a track of parse_specs as it is."""
    track = TIMING_ENGINES.get(name, name)
    if not TRACK_RE.fullmatch(track):
        raise ValueError("engine %r: %s or a track (sorted_exact, arbiter_pipe0, ...)"
                         % (name, ", ".join(TIMING_ENGINES)))
    return track


def model_args(text, track):
    """The model's extra arguments (--model-args) for an engine's track: the words of
    text and, when they hold --timing rtl, the core that mode follows: --track, and
    --sorter (sorted) or --arbpipe (arbiter, when the knob is not auto), from the
    track's knobs, so one option list times every engine."""
    import shlex
    words = shlex.split(text)
    k = knobs(1, 1, track)
    joined = " ".join(words)
    if "--timing rtl" in joined or "--timing=rtl" in joined:
        words += ["--track", k["TRACK"]]
        if k["TRACK"] == "sorted":
            words += ["--sorter", k["SORTER"]]
        elif k["ARBPIPE"]:
            words += ["--arbpipe", str(k["ARBPIPE"])]
    return words


def model_refusal(args, w, t, elf):
    """None if the model takes these arguments (-W w -T t --policy minsp-pc args), else
    its message: it is run for one issue (--max-cycles 1), and exit 3 is a refusal."""
    r = subprocess.run([REF_BIN, "-W", str(w), "-T", str(t), "--policy", "minsp-pc"] + list(args)
                       + ["--max-cycles", "1", "--quiet", elf], capture_output=True, text=True)
    if r.returncode != 3:
        return None
    return (r.stderr.strip() or r.stdout.strip() or "exit 3").splitlines()[0]


def has_a(isa):
    """Does the ISA have the A extension (the bench_a kernels, forward progress)?"""
    return isa in ("rv32ia", "rv32ima")


def isa_suffix(isa):
    """sw/sw.mk's suffix of an ISA's build folder: "" (rv32i), "-im", "-ia", "-ima"."""
    return "" if isa == "rv32i" else "-" + isa[len("rv32"):]


def sw_out(dmem=None, isa="rv32i"):
    """Where sw/sw.mk builds the programs for a DMEM and an ISA (SW_OUT): build/sw,
    build/sw-D1024, build/sw-ia, build/sw-ia-D1024..."""
    return os.path.join(ROOT, "build", "sw" + isa_suffix(isa) + ("-D%d" % dmem if dmem else ""))


def build_bench_sw(dmem=None, seed=None, what="simjobs", isa="rv32i"):
    """The bench ELFs and expected signatures linked for DMEM, compiled for the ISA
    (with A also the bench_a kernels, in the sibling folder bench_a); the bench folder."""
    out = sw_out(dmem, isa)
    args = ["sw-bench", "ISA=" + isa]
    if dmem:
        args += ["DMEM=%d" % dmem, "SW_OUT=" + os.path.relpath(out, ROOT)]
    if seed is not None:
        args.append("BENCH_SEED=%d" % seed)
    make(args, what)
    return os.path.join(out, "bench")


def build_bench_sw_weak(threads, dmem=None, seed=None, what="simjobs", isa="rv32i"):
    """The bench ELFs and expected signatures with every kernel's problem sized for
    `threads` threads (weak scaling: BENCH_THREADS of sw/sw.mk), linked for DMEM and
    compiled for the ISA, in build/sw-weak<threads>[-<isa suffix>][-D<dmem>]/bench (with
    A bench_a beside it); the bench folder."""
    out = os.path.join(ROOT, "build", "sw-weak%d%s%s" % (threads, isa_suffix(isa),
                                                        "-D%d" % dmem if dmem else ""))
    args = ["sw-bench", "ISA=" + isa, "BENCH_THREADS=%d" % threads,
            "SW_OUT=" + os.path.relpath(out, ROOT)] + (["DMEM=%d" % dmem] if dmem else [])
    if seed is not None:
        args.append("BENCH_SEED=%d" % seed)
    make(args, what)
    return os.path.join(out, "bench")


def synth_result(root, w, t, track, board="ecp5", dmem=None, isa="rv32i"):
    """results.json of `make synth` for this configuration (scripts/fpga/synth.py
    writes build/<cfg>/synth-<board>/), or None when absent or not routed."""
    p = os.path.join(root, "build", cfg_name(w, t, track, dmem, isa), "synth-" + board,
                     "results.json")
    try:
        with open(p) as f:
            res = json.load(f)
    except (OSError, ValueError):
        return None
    return res if res.get("status") == "ok" and res.get("fmax_mhz") else None


# --- the job runner (Dask) ---------------------------------------------------
PROGRESS_QUIET_S = 30       # without a terminal: a progress line at least this often


def job_mem_mib(default):
    """The per-job memory limit in MiB: SIMTY_JOB_MEM_MIB, else the caller's default
    (0: no limit)."""
    v = os.environ.get("SIMTY_JOB_MEM_MIB", "")
    return int(v) if v.strip() else default


def _tree_rss_mib(proc):
    try:
        procs = [proc] + proc.children(recursive=True)
    except Exception:       # psutil.NoSuchProcess: it has just ended
        return 0.0
    rss = 0
    for p in procs:
        try:
            rss += p.memory_info().rss
        except Exception:
            pass
    return rss / 2.0 ** 20


def _kill_tree(proc):
    try:
        procs = proc.children(recursive=True) + [proc]
    except Exception:
        return
    for p in procs:
        try:
            p.kill()
        except Exception:
            pass


def with_parent(cmd):
    """cmd, run so that it gets SIGTERM when the process that started it dies
    (util-linux's setpriv --pdeathsig; cmd itself where there is no setpriv).  A job
    of the runner runs in a Dask worker: when make compare is stopped, its cluster
    ends the worker, and the synthesis it started must not run on, orphaned (its own
    SIGTERM handler then ends the Yosys or nextpnr session, fpga_flow.py)."""
    sp = shutil.which("setpriv")
    return [sp, "--pdeathsig", "TERM", "--"] + list(cmd) if sp else list(cmd)


def exit_on_sigterm():
    """SIGTERM raises SystemExit(143) in the main thread, so that `with` blocks and
    finally clauses run (the runner's cluster is closed, its workers and their jobs
    end) instead of the process vanishing with its children left running."""
    def stop(signum, frame):
        raise SystemExit(128 + signum)
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, stop)


def run_cmd(cmd, timeout=None, mem_mib=0, log=None, cwd=None, env=None):
    """Run cmd; kill it and its children after `timeout` seconds or when their
    resident memory together passes `mem_mib` MiB (0: no limit).  Output goes to
    the file `log` (stdout and stderr) or is captured.  Returns a dict: rc (None
    when killed), status ("ok", "failed", "timeout", "memory"), out, err (captured
    text, "" with a log), seconds, peak_mib (sampled twice a second; None without
    psutil)."""
    try:
        import psutil
    except ImportError:     # distributed depends on it; plain python3 may not have it
        psutil = None
    t0 = time.time()
    fh = open(log, "w") if log else None
    try:
        p = subprocess.Popen(with_parent(cmd), cwd=cwd, env=env,
                             stdout=fh or subprocess.PIPE,
                             stderr=subprocess.STDOUT if fh else subprocess.PIPE)
        try:
            ps = psutil.Process(p.pid) if psutil else None
        except Exception:   # psutil.NoSuchProcess: it has already ended
            ps = None
        peak, why = 0.0, None
        while True:
            left = None if timeout is None else max(0.0, timeout - (time.time() - t0))
            try:
                out, err = p.communicate(timeout=min(0.5, left) if left is not None else 0.5)
                break
            except subprocess.TimeoutExpired:
                pass
            if ps:
                rss = _tree_rss_mib(ps)
                peak = max(peak, rss)
                if mem_mib and rss > mem_mib:
                    why = "memory"
            if timeout is not None and time.time() - t0 >= timeout:
                why = "timeout"
            if why:
                if ps:
                    _kill_tree(ps)
                else:
                    p.kill()
                out, err = p.communicate()
                break
    finally:
        if fh:
            fh.close()
    dec = lambda b: (b or b"").decode(errors="replace")
    if why:
        msg = ("timeout after %.0f s" % timeout if why == "timeout"
               else "killed: more than %d MiB of memory" % mem_mib)
        if fh:
            with open(log, "a") as f:
                f.write("\n%s\n" % msg)
        return {"rc": None, "status": why, "out": dec(out), "err": dec(err) + msg,
                "seconds": time.time() - t0, "peak_mib": peak if ps else None}
    return {"rc": p.returncode, "status": "ok" if p.returncode == 0 else "failed",
            "out": dec(out), "err": dec(err), "seconds": time.time() - t0,
            "peak_mib": peak if ps else None}


def _scripts_on_path(paths):
    """A worker plugin that puts the folders of scripts/ that this process imports
    from (flows.script_paths: lib, the script's own flow, the flows it uses) on
    sys.path, in the same order, so that the jobs' modules (simjobs, synth, fpga_flow,
    ...) import on any worker, also ones that join later.  A local class: cloudpickle
    sends it by value, the worker need not import it."""
    from distributed.diagnostics.plugin import WorkerPlugin

    class ScriptsOnPath(WorkerPlugin):
        def setup(self, worker):
            import sys as _sys
            for path in reversed(paths):
                if path not in _sys.path:
                    _sys.path.insert(0, path)
    return ScriptsOnPath()


def _call_pickled():
    """The function every job runs: it unpickles (fn, args) on the worker, after
    the plugin above put the scripts' folders on its path.  The scheduler, which deserializes
    the task graph and need not see this checkout, meets only this function (sent
    by value, a local one) and bytes."""
    def call(payload, *deps):
        import cloudpickle
        fn, args, slots = cloudpickle.loads(payload)
        args = list(args)
        for pos, value in zip(slots, deps):
            args[pos] = value
        return fn(*args)
    return call


def mmss(s):
    """Seconds as m:ss (h:mm:ss from an hour)."""
    s = int(round(s))
    return "%d:%02d" % (s // 60, s % 60) if s < 3600 else "%d:%02d:%02d" % (
        s // 3600, s // 60 % 60, s % 60)


class _AboveBar:
    """sys.stdout while a Progress bar shows: each whole line printed goes above the
    bar (Progress.write), the rest to the stream it replaced."""

    def __init__(self, prog, stream):
        self.prog, self.stream, self.buf = prog, stream, ""

    def write(self, text):
        self.buf += text
        *lines, self.buf = self.buf.split("\n")
        for line in lines:
            self.prog.write(line)
        return len(text)

    def flush_line(self):
        if self.buf:
            self.prog.write(self.buf)
            self.buf = ""

    def flush(self):
        self.stream.flush()

    def __getattr__(self, name):
        return getattr(self.stream, name)


class Progress:
    """What is done, what runs and an ETA, for every long run of the project (the
    runner's jobs, make bench's and make fuzz's builds, make formal's checks, make
    test's checks through `simjobs.py progress`).

    On a terminal: one tqdm line on stderr that updates every second (done/total,
    elapsed, time left, the items running).  Otherwise plain lines on stdout: one
    per tenth of the items done (every item when there are fewer than ten) and,
    while they run, one naming what runs at least every PROGRESS_QUIET_S seconds,
    so a log is never silent longer than that and stays short.  A thread of its own
    keeps the time moving between items.  Use as a context manager or close() it;
    out (tests): one stream for both, tty: force either mode.

    The caller says what runs: start(name) and finish(name) around each item,
    or running(names) with the whole set (the runner polls Dask for it); update()
    counts an item done, or done, a function that returns how many are, is read
    every tick (a script that keeps its rows in a list: done=lambda: len(rows)).
    write(line) prints a line without breaking the bar; while the bar shows, what
    the script prints to sys.stdout goes above it the same way."""

    def __init__(self, n, desc, unit="job", out=None, tty=None, interval=None, tick=1.0,
                 done=None):
        self.n, self.desc, self.unit, self.done, self.t0 = n, desc, unit, 0, time.time()
        self.step = max(1, n // 10)
        self.names = []
        self.out = out
        self.tty = (out or sys.stderr).isatty() if tty is None else tty
        self.interval = PROGRESS_QUIET_S if interval is None else interval
        self.last_line = self.t0
        self.lock = threading.RLock()
        self.bar = (tqdm(total=n, desc=desc, unit=unit, leave=False, file=out or sys.stderr,
                         dynamic_ncols=True) if tqdm and self.tty else None)
        self.done_fn = done
        self.stdout = out or sys.stdout
        if self.bar and out is None:        # print() above the bar, not through it
            sys.stdout = _AboveBar(self, sys.stdout)
        self.stop_evt = threading.Event()
        self.thread = threading.Thread(target=self._tick, args=(tick,), daemon=True)
        self.thread.start()

    def _names_text(self):
        names = sorted(self.names)
        return ", ".join(names[:4]) + (" +%d" % (len(names) - 4) if len(names) > 4 else "")

    def line(self, names=True):
        """The plain progress line: desc: 3/10 jobs done, 0:42 elapsed, about 1:38
        left; running: a, b (names: with what runs)."""
        el = time.time() - self.t0
        units = self.unit + ("" if self.n == 1 else "s")
        if self.done >= self.n:
            return "%s: %d/%d %s done in %s" % (self.desc, self.done, self.n, units, mmss(el))
        text = "%s: %d/%d %s done, %s elapsed" % (self.desc, self.done, self.n, units, mmss(el))
        if self.done:
            text += ", about %s left" % mmss(el / self.done * (self.n - self.done))
        if names and self.names:
            text += "; running: " + self._names_text()
        return text

    def _print(self, text):
        print(text, file=self.out or sys.stdout, flush=True)
        self.last_line = time.time()

    def _show(self):
        if self.bar:
            self.bar.set_postfix_str(("running: " + self._names_text()) if self.names else "",
                                     refresh=False)
            self.bar.refresh()
        elif self.done < self.n and time.time() - self.last_line >= self.interval:
            self._print(self.line())

    def _poll_done(self):
        """Count what the caller's done() says has ended since the last look."""
        try:
            k = self.done_fn() if self.done_fn else None
        except Exception:   # noqa: BLE001  e.g. its list not made yet
            k = None
        while k is not None and self.done < min(k, self.n):
            self.update()

    def _tick(self, tick):
        while not self.stop_evt.wait(tick):
            try:
                with self.lock:
                    self._poll_done()
                    self._show()
            except Exception:   # noqa: BLE001  a progress line must never stop the run
                pass

    def running(self, names):
        """The items running now (the whole set)."""
        with self.lock:
            self.names = list(names)
            if self.bar:
                self._show()

    def start(self, name):
        with self.lock:
            self.names.append(name)

    def finish(self, name):
        with self.lock:
            if name in self.names:
                self.names.remove(name)

    def update(self, name=None):
        """One item done (name: it no longer runs)."""
        with self.lock:
            if name is not None:
                self.finish(name)
            self.done += 1
            if self.bar:
                self.bar.update(1)
                self._show()
            elif self.done % self.step == 0 or self.done == self.n:
                self._print(self.line(names=False))     # what runs next is not known yet

    def write(self, line):
        """A line of output that does not break the bar."""
        with self.lock:
            if self.bar:
                self.bar.write(line, file=self.stdout)
            else:
                print(line, file=self.stdout, flush=True)

    def close(self):
        self.stop_evt.set()
        if self.thread.is_alive() and self.thread is not threading.current_thread():
            self.thread.join()
        with self.lock:
            self._poll_done()
            if isinstance(sys.stdout, _AboveBar) and sys.stdout.prog is self:
                sys.stdout.flush_line()
                sys.stdout = self.stdout
            if self.bar:
                self.bar.close()
                self.bar = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class Runner:
    """The project's job runner: Dask futures on a LocalCluster of this machine or
    on the cluster of DASK_SCHEDULER (see the module's docstring).  Use as a
    context manager; submit() jobs, then iterate over results()."""

    def __init__(self, jobs=None, pnr_slots=None):
        from distributed import Client, LocalCluster
        exit_on_sigterm()
        self.addr = os.environ.get("DASK_SCHEDULER", "").strip() or None
        self.cluster = None
        if self.addr:
            self.client = Client(self.addr, timeout="30s")
        else:
            jobs = jobs or os.cpu_count() or 1
            # Two runners at once (make compare beside make bench) both want the
            # scheduler's HTTP port, 8787, which it opens even with no dashboard: the
            # second takes another and said so in a warning. At close, a worker's last
            # heartbeat can meet the closed scheduler and log a CommClosedError trace
            # (ERROR); a job's own failure reaches results() through its future.
            with warnings.catch_warnings():
                warnings.filterwarnings("ignore", message="Port [0-9]+ is already in use")
                self.cluster = LocalCluster(
                    n_workers=1, threads_per_worker=jobs, processes=True,
                    resources={"pnr": pnr_slots or jobs}, dashboard_address=None,
                    silence_logs=logging.CRITICAL)
            self.client = Client(self.cluster)
        self.client.register_plugin(_scripts_on_path(flows.script_paths()), name="simty-scripts")
        self.call = _call_pickled()
        self.names = {}
        self.submitted = 0      # the jobs' priorities: the earlier submitted, the higher

    def workers(self):
        """The number of workers connected now."""
        return len(self.client.scheduler_info(n_workers=-1)["workers"])

    def resource(self, name):
        """How much of a resource the workers offer together."""
        info = self.client.scheduler_info(n_workers=-1)["workers"]
        return sum(w.get("resources", {}).get(name, 0) for w in info.values())

    def describe(self):
        info = self.client.scheduler_info(n_workers=-1)["workers"]
        threads = sum(w.get("nthreads", 0) for w in info.values())
        pnr = self.resource("pnr")
        where = self.addr or "LocalCluster"
        return "%s: %d worker%s, %d thread%s, pnr=%g" % (
            where, len(info), "" if len(info) == 1 else "s", threads,
            "" if threads == 1 else "s", pnr)

    def submit(self, fn, *args, name, resources=None):
        """A future of fn(*args) (futures among args are passed as their results);
        resources: e.g. {"pnr": 1} for a place and route. Jobs start in the order they
        were submitted: left to itself, a worker that receives many at once starts
        the last first (measured: make compare began a grid with its largest point)."""
        import cloudpickle
        from distributed import Future
        slots = [i for i, v in enumerate(args) if isinstance(v, Future)]
        plain = [None if i in slots else v for i, v in enumerate(args)]
        payload = cloudpickle.dumps((fn, plain, slots))
        key = "%s-%s" % (name, os.urandom(4).hex())
        self.submitted += 1
        fut = self.client.submit(self.call, payload, *[args[i] for i in slots], key=key,
                                 resources=resources, pure=False, priority=-self.submitted)
        self.names[key] = name
        return fut

    def executing(self):
        """The keys of the jobs that run now.  The scheduler's processing() also names
        the jobs a worker holds but has not started (make compare named all four
        queued points of its one worker as running), so ask the workers."""
        try:
            got = self.client.run(lambda dask_worker: [ts.key for ts in dask_worker.state.executing])
        except Exception:   # noqa: BLE001  a worker gone between polls: the scheduler's view
            try:
                got = self.client.processing()
            except Exception:   # noqa: BLE001
                got = {}
        return [k for ks in got.values() for k in ks]

    def results(self, futs, progress):
        """(index into futs, result, error) as each finishes; error is None or the
        text of the exception the job raised (its result is then None)."""
        from distributed import wait
        index = {f.key: i for i, f in enumerate(futs)}
        pending = set(futs)
        while pending:
            try:
                done = wait(pending, timeout=2, return_when="FIRST_COMPLETED").done
            except TimeoutError:
                done = set()
            if not done:
                progress.running([self.names.get(k, str(k)) for k in self.executing()])
                continue
            for f in sorted(done, key=lambda f: index[f.key]):
                pending.discard(f)
                try:
                    yield index[f.key], f.result(), None
                except Exception as e:  # the job raised, was cancelled or its worker died
                    yield index[f.key], None, "%s: %s" % (type(e).__name__, e)
                progress.update(self.names.get(f.key))     # it no longer runs

    def cancel(self, futs):
        self.client.cancel(list(futs))

    def close(self):
        self.client.close()
        if self.cluster:
            self.cluster.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def run_map(fn, items, jobs=None, desc="jobs", names=None):
    """fn(item) for every item on a Runner; the results in the order of items.
    A job that raises stops the run with its error."""
    items = list(items)
    out = [None] * len(items)
    with Runner(jobs) as r:
        futs = [r.submit(fn, it, name=(names[i] if names else "%s%d" % (desc, i)))
                for i, it in enumerate(items)]
        prog = Progress(len(items), desc, "run")
        try:
            for i, res, err in r.results(futs, prog):
                if err:
                    r.cancel(futs)
                    sys.exit("%s: job %s failed: %s" % (desc, r.names[futs[i].key], err))
                out[i] = res
        finally:
            prog.close()
    return out


EVENT = "@progress "


def follow(stream, prog):
    """Drive PROG from a shell script's output (simjobs.py progress): the lines
    "@progress start NAME" and "@progress done NAME" say what runs and what ended,
    every other line is printed as it is."""
    for raw in stream:
        line = raw.rstrip("\n")
        kind, _, name = line[len(EVENT):].partition(" ")
        if line.startswith(EVENT) and kind == "start":
            prog.start(name)
        elif line.startswith(EVENT) and kind == "done":
            prog.update(name)
        else:
            prog.write(line)


def progress_self_test():
    """Progress without a terminal (plain lines, also while nothing ends), on one (one
    updating line), and through `simjobs.py progress` as scripts/test/testsuite.sh drives it."""
    import io
    check = Checks()
    # three fake jobs, no terminal; the first runs long enough for two quiet-time lines
    out = io.StringIO()
    with Progress(3, "fake", "job", out=out, tty=False, interval=0.2, tick=0.02) as p:
        p.start("slow")
        time.sleep(0.7)
        p.update("slow")
        for name in ("b", "c"):
            p.start(name)
            p.write("PASS %s" % name)
            p.update(name)
    lines = out.getvalue().splitlines()
    quiet = [x for x in lines if x.startswith("fake: 0/3 jobs done") and "running: slow" in x]
    check("no terminal: a line at least every interval while a job runs (%d lines in 0.7 s at "
          "0.2 s: %r)" % (len(quiet), quiet[:1]), len(quiet) >= 2)
    done = [x for x in lines if re.match(r"fake: [1-3]/3 jobs done", x)]
    check("no terminal: done/total counted 1/3, 2/3, 3/3 (%s)" % "; ".join(done),
          [x.split()[1] for x in done] == ["1/3", "2/3", "3/3"] and "left" in done[0]
          and done[-1].startswith("fake: 3/3 jobs done in "))
    check("no terminal: the run's own lines between them, in order",
          lines.index("PASS b") < lines.index(done[1]) < lines.index("PASS c"))
    # on a terminal: one line rewritten in place, the run's lines above it
    out = io.StringIO()
    with Progress(3, "fake", "job", out=out, tty=True, tick=0.02) as p:
        for name in ("a", "b", "c"):
            p.start(name)
            time.sleep(0.05)
            p.write("PASS %s" % name)
            p.update(name)
    text = out.getvalue()
    last = ([x.strip() for x in text.split("\r") if "/3" in x] or [""])[-1]
    check("terminal: one updating line with done/total and the running job, no plain lines "
          "(last: %r)" % last, tqdm is None or ("\r" in text and "3/3" in text and
                                                "running: a" in text and "jobs done" not in text))
    check("terminal: the run's lines still printed whole",
          all("PASS %s\n" % x in text for x in "abc"))
    # a script that keeps its rows in a list and prints them: done=len(rows), its print()
    # lines above the bar
    rows, out, err, saved = [], io.StringIO(), io.StringIO(), (sys.stdout, sys.stderr)
    sys.stdout, sys.stderr = out, err
    try:
        with Progress(3, "rows", "row", tty=True, tick=0.02, done=lambda: len(rows)) as p:
            for name in ("a", "b", "c"):
                p.running([name])
                time.sleep(0.06)
                rows.append(name)
                print("PASS %s" % name)
        restored = sys.stdout is out
    finally:
        sys.stdout, sys.stderr = saved
    last = ([x.strip() for x in err.getvalue().split("\r") if "/3" in x] or [""])[-1]
    check("done=len(rows): the bar counts the rows (last: %r)" % last,
          tqdm is None or "3/3" in last)
    check("print() during the bar comes out whole, in order, and stdout is given back",
          out.getvalue() == "PASS a\nPASS b\nPASS c\n" and restored)
    rows, out = [], io.StringIO()
    with Progress(3, "rows", "row", out=out, tty=False, tick=0.02, done=lambda: len(rows)) as p:
        for name in ("a", "b", "c"):
            rows.append(name)
            time.sleep(0.06)
    got = [x.split(" done")[0] for x in out.getvalue().splitlines()]
    check("done=len(rows) without a terminal: 1/3, 2/3, 3/3 (%s)" % "; ".join(got),
          got == ["rows: %d/3 rows" % k for k in (1, 2, 3)])
    # the shell's door: its output with the events, as make test's runner sends them
    ev = "".join("%sstart %s\nPASS %s\n%sdone %s\n" % (EVENT, x, x, EVENT, x)
                 for x in ("c1", "c2", "c3"))
    r = subprocess.run([sys.executable, os.path.abspath(__file__), "progress", "--total", "3",
                        "--desc", "make test", "--unit", "check"], input=ev,
                       capture_output=True, text=True)
    got = r.stdout.splitlines()
    check("simjobs.py progress: its lines and done/total, in order (%s)" % " | ".join(got),
          r.returncode == 0 and got == [
              "PASS c1", got[1], "PASS c2", got[3], "PASS c3", got[5]]
          and [x.split(" done")[0] for x in got[1::2]] == [
              "make test: 1/3 checks", "make test: 2/3 checks", "make test: 3/3 checks"])
    # make test's runner itself on three fake checks (logs build/test/fake-*), in a log
    r = subprocess.run([flows.script("test", "testsuite.sh"), "progress-selftest"], cwd=ROOT,
                       capture_output=True, text=True)
    got = r.stdout.splitlines()
    prog = [x.split(",")[0].split(" done")[0] for x in got if x.startswith("make test (")]
    check("testsuite.sh: its checks' lines, done/total after each (%s)" % " | ".join(prog),
          r.returncode == 0 and prog == ["make test (progress-selftest): %d/3 checks" % k
                                         for k in (1, 2, 3)]
          and sorted(x.split()[1] for x in got if x.startswith("PASS ")) == [
              "fake-a", "fake-b", "fake-c"])
    check("testsuite.sh: the totals last, after the progress (%r)" % got[-2:],
          got[-1:] == ["4 passed, 0 failed"] and got[-2].startswith("tier progress-selftest:")
          and got[-3].startswith("make test (progress-selftest): 3/3 checks done in "))
    return check.summary("progress")


def main(argv=None):
    """The Makefile's door to the helpers above: `tag KEY=VALUE...` prints the build
    folder's name; `sims [--track T] [--isa I] SPEC...` builds the simulator of each
    configuration of the list and prints its path, one a line; `progress --total N`
    shows the progress of a shell script's items from its events on stdin."""
    import argparse
    ap = argparse.ArgumentParser(prog="simjobs.py", description=main.__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("tag", help="the build folder's name of KEY=VALUE... (simty-gen --tag)")
    p.add_argument("knobs", nargs="*", metavar="KEY=VALUE")
    p = sub.add_parser("sims", help="build each configuration's simulator, print its path")
    p.add_argument("--track", default="sorted", help="the track of items without :track")
    p.add_argument("--isa", default="rv32i", choices=ISAS)
    p.add_argument("specs", nargs="+", metavar="WxT[:track]")
    p = sub.add_parser("progress", help="a progress line for a shell script: its output on "
                       "stdin, with the lines @progress start NAME and @progress done NAME")
    p.add_argument("--total", type=int, required=True)
    p.add_argument("--desc", default="progress")
    p.add_argument("--unit", default="job")
    p.add_argument("--interval", type=float, default=PROGRESS_QUIET_S,
                   help="without a terminal: a line at least every S seconds (default %(default)s)")
    argv = sys.argv[1:] if argv is None else argv
    if argv == ["--progress-self-test"]:
        return progress_self_test()
    a = ap.parse_args(argv)
    if a.cmd == "progress":
        with Progress(a.total, a.desc, a.unit, interval=a.interval) as prog:
            follow(sys.stdin, prog)
        return 0
    try:
        if a.cmd == "tag":
            print(tag(a.knobs))
        else:
            specs = parse_specs(" ".join(a.specs), a.track)
            for w, t, tr in specs:
                cfg_name(w, t, tr, isa=a.isa)       # a bad track stops before any build
            for w, t, tr in specs:
                print(os.path.relpath(build_sim(w, t, tr, what="simjobs sims", isa=a.isa), ROOT))
    except ValueError as e:
        sys.exit("simjobs: %s" % e)
    return 0


if __name__ == "__main__":
    sys.exit(main())
