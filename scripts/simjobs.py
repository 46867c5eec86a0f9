"""Shared helpers of the scripts that run programs on Simty's simulators.

Configuration names ("8x8"), build folders (the Makefile's naming), building a
simulator or the bench programs through make, the synthesis result of a
configuration, and pool_map: a small job pool with a progress bar.  Used by
scripts/bench.py, scripts/timeline.py and scripts/perf.py; compare.py and fuzz.py still have
their own thread pools and could move to pool_map.
"""
import concurrent.futures as cf
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
MAKE = ["make", "-s", "--no-print-directory", "SIMTY_SETUP_DONE=1"]
REF_BIN = os.path.join(ROOT, "build", "tools", "simty-ref")
# The reference model's traversal policies (tb/README.md, "Policies").
POLICIES = ("minsp-pc", "min-pc", "depth-first", "breadth-first", "ipdom", "minority-first",
            "mp-ipdom")
TRACKS = ("sorted", "arbiter")
# Threads that C programs run in the default data memory (512 bytes of stack
# each, sw/README.md); above, the bench builds with a larger DMEM.
C_THREADS_DEFAULT_DMEM = 256

try:
    from tqdm import tqdm
except ImportError:     # the .venv of scripts/setup.sh has it; plain python3 may not
    tqdm = None


def parse_cfg(text):
    """ "8x8" -> (8, 8); W and T powers of two 1..64."""
    m = re.fullmatch(r"(\d+)x(\d+)", text.strip())
    if not m:
        raise ValueError("bad configuration %r (want WxT, e.g. 8x8)" % text)
    w, t = int(m.group(1)), int(m.group(2))
    for name, v in (("W", w), ("T", t)):
        if v < 1 or v > 64 or v & (v - 1):
            raise ValueError("%s=%d in %r: not a power of two 1..64" % (name, v, text))
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


def cfg_name(w, t, track, dmem=None):
    """The Makefile's CFG: W8_T8_sorted, W4_T64_arbiter_pipe, W16_T64_sorted_D1024."""
    return "W%d_T%d_%s%s" % (w, t, track, "_D%d" % dmem if dmem else "")


def make_vars(w, t, track, dmem=None):
    v = ["W=%d" % w, "T=%d" % t]
    v += ["TRACK=arbiter", "ARBPIPE=1"] if track == "arbiter_pipe" else ["TRACK=" + track]
    return v + (["DMEM=%d" % dmem] if dmem else [])


def make(args, what):
    """Run make in ROOT; exit with its output on failure."""
    r = subprocess.run(MAKE + args, cwd=ROOT, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("%s: make %s failed:\n%s%s" % (what, " ".join(args), r.stdout, r.stderr))


def build_sim(w, t, track, dmem=None, what="simjobs"):
    """Build (or bring up to date) the RTL simulator of a configuration; its path."""
    sim = os.path.join("build", cfg_name(w, t, track, dmem), "sim", "simty-sim")
    make(make_vars(w, t, track, dmem) + [sim], what)
    return os.path.join(ROOT, sim)


def sw_out(dmem=None):
    """Where sw/sw.mk builds the programs for a DMEM (SW_OUT)."""
    return os.path.join(ROOT, "build", "sw" if not dmem else "sw-D%d" % dmem)


def build_bench_sw(dmem=None, seed=None, what="simjobs"):
    """The bench ELFs and expected signatures linked for DMEM; their folder."""
    out = sw_out(dmem)
    args = ["sw-bench"]
    if dmem:
        args += ["DMEM=%d" % dmem, "SW_OUT=" + os.path.relpath(out, ROOT)]
    if seed is not None:
        args.append("BENCH_SEED=%d" % seed)
    make(args, what)
    return os.path.join(out, "bench")


def synth_result(root, w, t, track, board="ecp5"):
    """results.json of `make synth` for this configuration (scripts/synth.py
    writes build/<cfg>/synth-<board>/), or None when absent or not routed."""
    p = os.path.join(root, "build", cfg_name(w, t, track), "synth-" + board, "results.json")
    try:
        with open(p) as f:
            res = json.load(f)
    except (OSError, ValueError):
        return None
    return res if res.get("status") == "ok" and res.get("fmax_mhz") else None


def pool_map(fn, items, jobs=1, desc=None):
    """fn(item) for every item, `jobs` at a time (threads: the work is in
    subprocesses); results in the order of items.  Progress: a tqdm bar on a
    terminal, else a line at every tenth of the items with the time left."""
    items = list(items)
    n = len(items)
    tty = sys.stderr.isatty()
    bar = tqdm(total=n, desc=desc, unit="run", leave=False) if tqdm and tty else None
    out = [None] * n
    t0, step, done = time.time(), max(1, n // 10), 0
    with cf.ThreadPoolExecutor(max_workers=max(1, jobs)) as ex:
        futs = {ex.submit(fn, it): i for i, it in enumerate(items)}
        for fut in cf.as_completed(futs):
            out[futs[fut]] = fut.result()
            done += 1
            if bar:
                bar.update(1)
            elif desc and (done % step == 0 or done == n):
                el = time.time() - t0
                print("%s: %d/%d done, %.0f s, about %.0f s left" % (
                    desc, done, n, el, el / done * (n - done)), flush=True)
    if bar:
        bar.close()
    return out
