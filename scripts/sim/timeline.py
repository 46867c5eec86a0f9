#!/usr/bin/env python3
"""Divergence timeline: each warp's active lanes over time, from a commit log.

    scripts/sim/timeline.py LOG [--T N] [--bins 400] [--title S] [--out F.png]
    scripts/sim/timeline.py --kernel mandel [--cfg 8x8] [--track sorted] [--out F.png]

A commit log (the harness's or the model's --commit-log, spec.md) has one
line per committed thread-instruction: "<cycle> <warp> <lane> <pc> ...".
The lines of one warp with one cycle are one pass (one issued warp
instruction); its active lanes are their number.  The picture is a heatmap,
one row per warp, time in --bins columns: the colour is the mean number of
active lanes per pass in that time slice (white: the warp issued nothing,
e.g. waiting or done).  Full-width colour is convergent code; darker bands are
divergence (fewer lanes per pass), until the paths reconverge.

--kernel runs one sw/bench kernel on the RTL simulator of --cfg/--track
(built with make) with a commit log in a temporary file, checks its
signature, and draws it (default output build/bench/timeline-<kernel>-<cfg>-
<track>.png, and .svg).
"""
import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lib"))
import simjobs  # noqa: E402


def read_passes(path):
    """{(cycle, warp): active lanes} and the highest lane seen."""
    passes, top = {}, 0
    with open(path) as f:
        for line in f:
            p = line.split(None, 3)
            if len(p) < 3:
                continue
            key = (int(p[0]), int(p[1]))
            passes[key] = passes.get(key, 0) + 1
            top = max(top, int(p[2]))
    return passes, top


def draw(passes, T, bins, title, out):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np
    if not passes:
        sys.exit("timeline: the commit log is empty")
    nwarps = max(w for _, w in passes) + 1
    last = max(c for c, _ in passes) + 1
    bins = max(1, min(bins, last))
    lanes = np.zeros((nwarps, bins))
    count = np.zeros((nwarps, bins))
    for (c, w), n in passes.items():
        b = c * bins // last
        lanes[w, b] += n
        count[w, b] += 1
    with np.errstate(invalid="ignore", divide="ignore"):
        mean = np.where(count > 0, lanes / count, np.nan)
    cmap = matplotlib.colormaps["viridis"].copy()
    cmap.set_bad("white")
    fig, ax = plt.subplots(figsize=(11, 0.35 * nwarps + 1.4), constrained_layout=True)
    im = ax.imshow(mean, aspect="auto", interpolation="nearest", cmap=cmap, vmin=0, vmax=T,
                   extent=(0, last, nwarps - 0.5, -0.5))
    ax.set_yticks(range(nwarps))
    ax.set_ylabel("warp")
    ax.set_xlabel("cycle")
    ax.set_title(title)
    fig.colorbar(im, ax=ax, label="active lanes per pass (of %d)" % T, pad=0.01)
    base = os.path.splitext(out)[0]
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    fig.savefig(base + ".png", dpi=110)
    fig.savefig(base + ".svg", metadata={"Date": None})
    plt.close(fig)
    print("timeline: %d warps, %d cycles, %d passes -> %s.{png,svg}" % (
        nwarps, last, len(passes), os.path.relpath(base, os.getcwd())))


def run_kernel(a):
    """Run a bench kernel with a commit log; draw it."""
    w, t = simjobs.parse_cfg(a.cfg)
    dmem = simjobs.c_dmem_kib(w, t)
    bench_dir = simjobs.build_bench_sw(dmem, None, "timeline")
    elf = os.path.join(bench_dir, a.kernel + ".elf")
    if not os.path.exists(elf):
        sys.exit("timeline: no kernel %s in %s" % (a.kernel, bench_dir))
    sim = simjobs.build_sim(w, t, a.track, dmem, "timeline")
    with tempfile.TemporaryDirectory() as tmp:
        log, sig = os.path.join(tmp, "commit.log"), os.path.join(tmp, "sig.txt")
        r = subprocess.run([sim, "--quiet", "--commit-log", log, "--signature", sig, elf],
                           capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit("timeline: %s exited %d:\n%s" % (a.kernel, r.returncode, r.stdout))
        with open(sig) as f, open(os.path.join(bench_dir, a.kernel + ".sig")) as g:
            if f.read().split() != g.read().split():
                sys.exit("timeline: %s: wrong signature" % a.kernel)
        passes, _ = read_passes(log)
    out = a.out or os.path.join(simjobs.ROOT, "build", "bench", "timeline-%s-%dx%d-%s.png" % (
        a.kernel, w, t, a.track))
    title = a.title or "%s on W = %d, T = %d, %s tracker: active lanes per pass" % (
        a.kernel, w, t, a.track)
    draw(passes, t, a.bins, title, out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("log", nargs="?", help="commit log (--commit-log of simty-sim or simty-ref)")
    ap.add_argument("--T", type=int, help="lanes per warp (default: highest lane in the log + 1)")
    ap.add_argument("--bins", type=int, default=400, help="time slices (400)")
    ap.add_argument("--title")
    ap.add_argument("--out", help="picture (.png; an .svg is written beside it)")
    ap.add_argument("--kernel", help="run this sw/bench kernel with a commit log instead")
    ap.add_argument("--cfg", default="8x8")
    ap.add_argument("--track", default="sorted", choices=simjobs.TRACKS)
    a = ap.parse_args()
    if a.bins < 1:
        sys.exit("timeline: --bins must be at least 1")
    if a.kernel:
        if a.log:
            sys.exit("timeline: a log or --kernel, not both")
        return run_kernel(a)
    if not a.log:
        sys.exit("timeline: give a commit log or --kernel (see --help)")
    try:
        passes, top = read_passes(a.log)
    except (OSError, ValueError) as e:
        sys.exit("timeline: %s: %s" % (a.log, e))
    out = a.out or os.path.splitext(a.log)[0] + "-timeline.png"
    draw(passes, a.T or top + 1, a.bins, a.title or os.path.basename(a.log), out)


if __name__ == "__main__":
    main()
