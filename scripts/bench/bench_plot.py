#!/usr/bin/env python3
"""Plots of the benchmark suite from bench.json (scripts/bench/bench.py).

    scripts/bench/bench_plot.py [build/bench/bench.json] [--out DIR]
    scripts/bench/bench_plot.py --self-test     (made-up results, and timeline.py; make test)

Writes, as PNG and SVG:
  simd_efficiency  SIMD efficiency per kernel: RTL sorted / arbiter / model
                   policies, one panel per configuration (8x8 and 4x64 when
                   measured, else the largest ones)
  ipc_vs_w         suite IPC (warp instructions per cycle) and SIMD efficiency
                   against W, at the T measured with the most W values
  throughput_vs_t  thread instructions per cycle (and per second where an
                   Fmax exists) against T, at the W measured with the most T
  reconvergence    every reconvergence scheme per kernel (RTL trackers, model
                   policies): cycles relative to the sorted RTL (or the first
                   engine measured) and peak paths
                   (stack / table entries) per warp, 8x8 and 4x64
Suite figures sum cycles and instructions over the kernels.  A figure whose
sweep has fewer than two points is skipped (with a message).
"""
import argparse
import json
import os
import sys
from pathlib import Path

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib import ticker  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lib"))
import flows  # noqa: E402
flows.use("sim")   # timeline.py (the self-test's timeline)

COLORS = {("rtl", "sorted"): "#1f77b4", ("rtl", "arbiter"): "#d62728",
          ("ref", "minsp-pc"): "#2ca02c", ("ref", "min-pc"): "#98df8a",
          ("ref", "depth-first"): "#bcbd22", ("ref", "breadth-first"): "#c7c7c7",
          ("ref", "ipdom"): "#9467bd", ("ref", "minority-first"): "#c5b0d5",
          ("ref", "mp-ipdom"): "#8c564b"}
EFF_CFGS = ((8, 8), (4, 64))


def label(model, engine):
    return ("RTL " if model == "rtl" else "model ") + engine


def engines(recs):
    seen = []
    for r in recs:
        e = (r["model"], r["engine"])
        if e not in seen:
            seen.append(e)
    return sorted(seen, key=lambda e: (e[0] != "rtl", list(COLORS).index(e) if e in COLORS else 99))


def save(fig, out, name):
    for ext in ("png", "svg"):
        fig.savefig(os.path.join(out, "%s.%s" % (name, ext)), dpi=110, bbox_inches="tight",
                    metadata={"Date": None} if ext == "svg" else None)
    plt.close(fig)


def per_kernel_cfgs(recs, what):
    """The configurations a per-kernel plot shows: those of EFF_CFGS that ran, else the
    two largest above 1x1 (none: the plot is skipped, and said so)."""
    cfgs = sorted({(r["W"], r["T"]) for r in recs if r["W"] * r["T"] > 1},
                  key=lambda c: (c[0] * c[1], c[0]))
    pick = [c for c in EFF_CFGS if c in cfgs] or cfgs[-2:]
    if not pick:
        print("bench_plot: no configuration above 1x1: no %s plot" % what)
    return pick


def plot_efficiency(recs, out):
    pick = per_kernel_cfgs(recs, "SIMD efficiency")
    if not pick:
        return
    kernels = sorted({r["kernel"] for r in recs})
    engs = engines(recs)
    fig, axes = plt.subplots(len(pick), 1, figsize=(12, 3.2 * len(pick)), squeeze=False,
                             constrained_layout=True)
    width = 0.8 / len(engs)
    for ax, (w, t) in zip(axes[:, 0], pick):
        for i, e in enumerate(engs):
            vals = []
            for k in kernels:
                r = [x for x in recs if (x["kernel"], x["W"], x["T"], x["model"], x["engine"])
                     == (k, w, t) + e]
                vals.append(r[0].get("simd_efficiency") or 0 if r else 0)
            ax.bar([j + (i - (len(engs) - 1) / 2) * width for j in range(len(kernels))], vals,
                   width, label=label(*e), color=COLORS.get(e))
        ax.set_xticks(range(len(kernels)))
        ax.set_xticklabels(kernels)
        ax.set_ylim(0, 1.05)
        ax.set_ylabel("SIMD efficiency")
        ax.set_title("W = %d, T = %d" % (w, t))
        ax.grid(axis="y", alpha=0.3)
    fig.legend(*axes[0, 0].get_legend_handles_labels(), ncol=len(engs), fontsize=8,
               loc="outside upper center")
    save(fig, out, "simd_efficiency")


def sweep(summary, fixed, vary):
    """The (fixed value, points) of the sweep with the most points: points are
    summary records with W or T = fixed value, by the other parameter."""
    best = (None, [])
    for v in sorted({s[fixed] for s in summary}):
        pts = [s for s in summary if s[fixed] == v]
        if len({s[vary] for s in pts}) > len({s[vary] for s in best[1]}):
            best = (v, pts)
    return best


def plot_lines(ax, pts, vary, key, engs, style=None, min_points=2):
    xs = set()
    for e in engs:
        p = sorted((s for s in pts if (s["model"], s["engine"]) == e and s.get(key) is not None),
                   key=lambda s: s[vary])
        if len(p) >= min_points:
            ax.plot([s[vary] for s in p], [s[key] for s in p], marker="o", label=label(*e),
                    color=COLORS.get(e), linestyle=(style or {}).get(e[0], "-"))
            xs |= {s[vary] for s in p}
    ax.set_xscale("log", base=2)
    ax.set_xticks(sorted(xs))
    ax.xaxis.set_major_formatter(ticker.ScalarFormatter())
    ax.xaxis.set_minor_locator(ticker.NullLocator())
    ax.grid(alpha=0.3)
    if ax.get_legend_handles_labels()[0]:
        ax.legend(fontsize=8)


def plot_ipc_vs_w(summary, out):
    t, pts = sweep(summary, "T", "W")
    if len({s["W"] for s in pts}) < 2:
        print("bench_plot: fewer than two W at one T: no IPC-against-W plot")
        return
    engs = engines(pts)
    fig, (a, b) = plt.subplots(1, 2, figsize=(11, 4), constrained_layout=True)
    plot_lines(a, pts, "W", "ipc", [e for e in engs if e[0] == "rtl"])
    a.set_xlabel("W (warps), T = %d" % t)
    a.set_ylabel("IPC (warp instructions per cycle)")
    a.set_title("RTL issue rate, all kernels")
    plot_lines(b, pts, "W", "simd_efficiency", engs, {"ref": "--"})
    b.set_xlabel("W (warps), T = %d" % t)
    b.set_ylabel("SIMD efficiency")
    b.set_ylim(0, 1.05)
    b.set_title("SIMD efficiency, all kernels")
    save(fig, out, "ipc_vs_w")


def plot_throughput_vs_t(summary, out):
    w, pts = sweep(summary, "W", "T")
    if len({s["T"] for s in pts}) < 2:
        print("bench_plot: fewer than two T at one W: no throughput-against-T plot")
        return
    engs = engines(pts)
    per_s = any(s.get("thread_insns_per_s") for s in pts)
    fig, axes = plt.subplots(1, 2 if per_s else 1, figsize=(11 if per_s else 6, 4),
                             squeeze=False, constrained_layout=True)
    a = axes[0, 0]
    plot_lines(a, pts, "T", "thread_ipc", engs, {"ref": "--"})
    a.set_xlabel("T (threads per warp), W = %d" % w)
    a.set_ylabel("thread instructions per cycle")
    a.set_title("Throughput, all kernels (model: 1 warp insn/cycle)")
    if per_s:
        b = axes[0, 1]
        for s in pts:
            s["thread_minsn_per_s"] = (s["thread_insns_per_s"] / 1e6
                                       if s.get("thread_insns_per_s") else None)
        plot_lines(b, pts, "T", "thread_minsn_per_s", [e for e in engs if e[0] == "rtl"],
                   min_points=1)
        for s in pts:
            if s["thread_minsn_per_s"] and s["model"] == "rtl":
                b.annotate("%.0f M/s at %.1f MHz" % (s["thread_minsn_per_s"], s["fmax_mhz"]),
                           (s["T"], s["thread_minsn_per_s"]), textcoords="offset points",
                           xytext=(6, -12), fontsize=8)
        b.set_ylim(bottom=0)
        b.set_xlabel("T (threads per warp), W = %d" % w)
        b.set_ylabel("million thread instructions / s (ECP5 Fmax)")
        b.set_title("Throughput at the synthesized Fmax (where make synth ran)")
        save(fig, out, "throughput_vs_t")


def plot_reconvergence(recs, out):
    """Per kernel and configuration: cycles / sorted-RTL cycles and peak paths."""
    pick = per_kernel_cfgs(recs, "reconvergence")
    if not pick:
        return
    kernels = sorted({r["kernel"] for r in recs})
    engs = engines(recs)
    fig, axes = plt.subplots(len(pick), 2, figsize=(18, 3.4 * len(pick)), squeeze=False,
                             constrained_layout=True)
    width = 0.8 / len(engs)

    ref = ("rtl", "sorted") if ("rtl", "sorted") in engs else engs[0]

    def get(k, w, t, e, key):
        r = [x for x in recs if (x["kernel"], x["W"], x["T"], x["model"], x["engine"])
             == (k, w, t) + e]
        return r[0].get(key) if r else None

    for row, (w, t) in enumerate(pick):
        for col, key in enumerate(("cycles", "peak_paths")):
            ax = axes[row, col]
            for i, e in enumerate(engs):
                vals = []
                for k in kernels:
                    v = get(k, w, t, e, key)
                    base = get(k, w, t, ref, "cycles") if key == "cycles" else 1
                    vals.append(v / base if v and base else 0)
                ax.bar([j + (i - (len(engs) - 1) / 2) * width for j in range(len(kernels))],
                       vals, width, label=label(*e), color=COLORS.get(e))
            ax.set_xticks(range(len(kernels)))
            ax.set_xticklabels(kernels, rotation=30)
            ax.set_ylabel("cycles / %s" % label(*ref) if key == "cycles" else
                          "peak paths per warp")
            if key == "peak_paths":
                ax.set_yscale("log", base=2)
            ax.set_title("W = %d, T = %d: %s" % (w, t, "cycles relative to " + label(*ref)
                                                 if key == "cycles" else
                                                 "peak paths (stack / table entries)"))
            ax.grid(axis="y", alpha=0.3)
    axes[0, 0].legend(ncol=3, fontsize=8)
    save(fig, out, "reconvergence")


def plot_all(recs, summary, out):
    os.makedirs(out, exist_ok=True)
    ok = [r for r in recs if r.get("check") == "ok"]
    plot_efficiency(ok, out)
    plot_reconvergence(ok, out)
    plot_ipc_vs_w(summary, out)
    plot_throughput_vs_t(summary, out)


def self_test():
    """The plots and the timeline on made-up results (make test)."""
    import tempfile
    import timeline
    recs, summary = [], []
    cfgs = [(1, 1), (2, 8), (8, 8), (8, 2), (8, 16), (4, 64)]
    engs = [("rtl", "sorted"), ("rtl", "arbiter"), ("ref", "minsp-pc"), ("ref", "mp-ipdom")]
    for w, t in cfgs:
        for m, e in engs:
            for k in ("alpha", "beta"):
                recs.append(dict(kernel=k, W=w, T=t, model=m, engine=e, check="ok",
                                 simd_efficiency=1.0 / (1 + t / 16), cycles=1000 + 10 * t,
                                 peak_paths=2 + (e == "mp-ipdom")))
            summary.append(dict(W=w, T=t, model=m, engine=e, ipc=w / (w + 2.0),
                                thread_ipc=t / 4.0, simd_efficiency=0.5,
                                fmax_mhz=50.0 if (w, t) == (8, 8) and m == "rtl" else None,
                                thread_insns_per_s=1e8 if (w, t) == (8, 8) and m == "rtl"
                                else None))
    names = ["simd_efficiency", "ipc_vs_w", "throughput_vs_t", "reconvergence", "timeline"]
    with tempfile.TemporaryDirectory() as tmp:
        plot_all(recs, summary, tmp)
        log = os.path.join(tmp, "commit.log")
        with open(log, "w") as f:
            for c in range(200):
                for lane in range(4 if c < 100 else 1 + c % 4):
                    f.write("%d %d %d 80000000 00000013\n" % (c, c % 2, lane))
        passes, top = timeline.read_passes(log)
        ok = len(passes) == 200 and top == 3 and passes[(150, 0)] == 3
        timeline.draw(passes, top + 1, 50, "self-test", os.path.join(tmp, "timeline.png"))
        npass = nfail = 0
        for n in names:
            for ext in ("png", "svg"):
                good = os.path.getsize(os.path.join(tmp, "%s.%s" % (n, ext))) > 1000 \
                    if os.path.exists(os.path.join(tmp, "%s.%s" % (n, ext))) else False
                print("%s %s.%s" % ("PASS" if good else "FAIL", n, ext))
                npass += good
                nfail += not good
        print("%s timeline passes and lanes from a commit log" % ("PASS" if ok else "FAIL"))
        npass += ok
        nfail += not ok
    print("%d passed, %d failed" % (npass, nfail))
    return 0 if nfail == 0 else 1


def main():
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(self_test())
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("json", nargs="?", default=os.path.join(flows.ROOT, "build", "bench", "bench.json"))
    ap.add_argument("--out", help="folder of the pictures (default: beside the JSON)")
    a = ap.parse_args()
    try:
        with open(a.json) as f:
            d = json.load(f)
    except (OSError, ValueError) as e:
        sys.exit("bench_plot: %s: %s" % (a.json, e))
    plot_all(d["runs"], d["summary"], a.out or os.path.dirname(os.path.abspath(a.json)))


if __name__ == "__main__":
    main()
