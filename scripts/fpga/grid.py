"""The W x T area grid of an area-only make compare (issue 51: RR-8944 figure 3 as a grid).

compare.py --area-only with several W and several T calls write_grid() on its rows:

    grid.csv   one row a point: status, logic (LUT4 + 2 x carry), LUT4, carry, FF,
               LUT-RAM, block RAMs (core, board, total), the resources the device lacks
               (synth.py's fit record), the point's synthesis wall time
    grid.md    W rows x T columns: logic with the short resource marked, block RAMs,
               wall time; the largest configuration of each shape that fits
    grid.png / .svg  logic and block RAMs against T, one curve per W, log-log, with the
               device's capacity

"Fits" means Yosys's counts are within the device (synth.py's fit check), not that the
point was placed and routed. grid_md() depends only on the CSV's rows and a provenance
text, so scripts/docs/tables.py renders docs/grid-<board>.md's table from the committed CSV.
"""
import csv
import os
import re
import sys
import textwrap
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lib"))

import synth  # noqa: E402  (BOARDS: the device's capacity)
from figures import typed  # noqa: E402  (a CSV field read back)

COLS = ["W", "T", "status", "logic", "lut", "carry", "ff", "lutram", "bram_core", "bram_mem",
        "bram_total", "short", "synth_s", "note"]
# synth.py's fit keys as the table names the resource that is short
SHORT_NAMES = {"comb": "LUT4", "ff": "FF", "bram": "BRAM", "ramw": "LUT-RAM", "dsp": "DSP",
               "lc": "logic cells", "lc_packed": "logic cells"}


LOGIC = {"ecp5": "LUT4 + 2 x CCU2C", "ice40": "LUT4"}


def wrap(text):
    """A paragraph wrapped as the documents wrap theirs (90 columns)."""
    return textwrap.wrap(text, 90, break_long_words=False, break_on_hyphens=False)


def short_of(res):
    """The resources a point's synthesis needs beyond the device ("LUT4 BRAM"), from
    synth.py's fit record; "" when it fits or was never measured."""
    fit = (res or {}).get("fit") or {}
    need, cap = fit.get("need") or {}, fit.get("capacity") or {}
    short = [SHORT_NAMES.get(k, k) for k, n in need.items()
             if k in cap and n is not None and n > cap[k]]
    return " ".join(dict.fromkeys(short))


def grid_rows(rows, short):
    """compare.py's rows as the grid's: short maps (W, T) to short_of()'s text; a row
    from an earlier grid (compare.py --base) brings its own."""
    return [{"W": r["W"], "T": r["T"], "status": r["status"], "logic": r["logic"],
             "lut": r["lut"], "carry": r["carry"], "ff": r["ff"], "lutram": r["lutram"],
             "bram_core": r["bram_core"], "bram_mem": r["bram_mem"],
             "bram_total": r["bram_total"],
             "short": short.get((r["W"], r["T"])) or r.get("short") or "",
             "synth_s": r["total_s"], "note": r["note"]} for r in rows]


def write_csv(path, rows):
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=COLS)
        w.writeheader()
        for r in rows:
            w.writerow({k: "" if r[k] is None else r[k] for k in COLS})


def read_csv(path):
    """grid.csv's rows, typed as grid_rows() makes them."""
    with open(path, newline="") as f:
        return [{k: (v if k in ("status", "short", "note") else typed(v)) for k, v in r.items()}
                for r in csv.DictReader(f)]


def measured(r):
    """The point has its area: synthesized, whether it fits or not."""
    return r["status"] in ("ok", "does_not_fit") and r["logic"] is not None


def fits(r):
    """Measured and within the device (a does-not-fit row from a compare.csv base names
    no short resource, but its status says it)."""
    return measured(r) and not r["short"] and r["status"] != "does_not_fit"


def cell(r, value, mark):
    """A table cell: the figure (with the short resource marked), or why there is none."""
    if r is None:
        return "-"
    if not measured(r):
        return r["status"].replace("_", " ")
    over = " (%s over)" % ", ".join(r["short"].split()) if mark and r["short"] else ""
    return value(r) + over


def table(rows, Ws, Ts, value, mark=True):
    """W rows x T columns of value(row)."""
    at = {(r["W"], r["T"]): r for r in rows}
    lines = ["| W \\ T | %s |" % " | ".join(str(t) for t in Ts),
             "|---|%s" % ("---|" * len(Ts))]
    for W in Ws:
        lines.append("| %d | %s |" % (W, " | ".join(cell(at.get((W, T)), value, mark)
                                                    for T in Ts)))
    return lines


def largest(rows, Ws, Ts):
    """The largest configuration that fits, per W (over T) and per T (over W), each
    with the larger points not measured, which could still fit."""
    at = {(r["W"], r["T"]): r for r in rows}
    out = []
    for name, fixed, along in (("W", Ws, Ts), ("T", Ts, Ws)):
        for v in fixed:
            pts = [at.get((v, x) if name == "W" else (x, v)) for x in along]
            ok = [x for x, r in zip(along, pts) if r and fits(r)]
            best = ok[-1] if ok else None
            open_ = [x for x, r in zip(along, pts) if (best is None or x > best)
                     and not (r and measured(r))]
            cfg = (("W%dT%d" % ((v, best) if name == "W" else (best, v))) if best
                   else "none" if len(open_) < len(along) else "not measured")
            other = "T" if name == "W" else "W"
            out.append("%s=%d: %s%s" % (name, v, cfg, "" if not open_ or not best else
                       " (%s=%s not measured)" % (other, ", ".join(str(x) for x in open_))))
    ok = [r for r in rows if fits(r)]
    most = max((r["W"] * r["T"] for r in ok), default=0)
    if most:
        out.append("most threads: %s (%d threads)" % (", ".join(
            "W%dT%d" % (r["W"], r["T"]) for r in sorted(ok, key=lambda r: r["T"])
            if r["W"] * r["T"] == most), most))
    return out


def grid_md(rows, board, provenance):
    """grid.md: the tables and the largest fitting configurations of the rows."""
    Ws, Ts = sorted({r["W"] for r in rows}), sorted({r["T"] for r in rows})
    cap = synth.BOARDS[board]["capacity"]
    done = [r for r in rows if measured(r)]
    pend = [r for r in rows if not measured(r)]
    sites = ("%s LUT4 sites (LUT4 + 2 x CCU2C + 2 x DPR16X4)" % "{:,}".format(cap["comb"])
             if "comb" in cap else "%s logic cells" % "{:,}".format(cap["lc"]))
    lines = wrap("Logic = %s of the flat netlist (Yosys, no place and route); the device: "
                 "%s, %s block RAMs. \"(LUT4 over)\": the resource the design needs beyond "
                 "the device. %d of %d points measured. %s"
                 % (LOGIC[board], sites, cap["bram"], len(done), len(rows), provenance))
    lines += ["", "Logic:", ""]
    lines += table(rows, Ws, Ts, lambda r: "{:,}".format(r["logic"]))
    lines += ["", "Block RAMs, core + board (instruction and data memories, console FIFO):", ""]
    lines += table(rows, Ws, Ts, lambda r: "%s + %s" % (r["bram_core"], r["bram_mem"]))
    lines += ["", "Synthesis wall time (synth.py, s):", ""]
    lines += table(rows, Ws, Ts, lambda r: "%s" % r["synth_s"], mark=False)
    lines += ["", "Largest configuration that fits (by Yosys's counts), per number of warps "
              "and per threads per warp:", ""]
    lines += ["- " + x for x in largest(rows, Ws, Ts)]
    return "\n".join(lines + not_measured(pend)) + "\n"


def not_measured(pend):
    """The points without an area: the pending ones by name (each one's area-only
    command has the same form), the others with what stopped them."""
    waiting = [r for r in pend if r["status"] == "pending"]
    lines = []
    if waiting:
        cmd = re.sub(r"(\w*)W=\d+ (\w*)T=\d+", r"\1W=<w> \2T=<t>",
                     waiting[0]["note"].replace("run: ", "", 1))
        lines += [""] + wrap("Pending (%d, not measured yet): %s. Each: `%s`, or the grid's "
                             "command again (finished points are reused)."
                             % (len(waiting), ", ".join("W%dT%d" % (r["W"], r["T"])
                                                        for r in waiting), cmd))
    for r in pend:
        if r["status"] != "pending":
            lines += ["", "W%dT%d: %s%s" % (r["W"], r["T"], r["status"].replace("_", " "),
                                            ", " + r["note"] if r["note"] else "")]
    return lines


def plot(rows, board, outdir, name):
    """grid.png / .svg: logic and block RAMs against T, one curve per W, log-log."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return
    cap = synth.BOARDS[board]["capacity"]
    fig, axes = plt.subplots(1, 2, figsize=(13, 5.5))
    Ts = sorted({r["T"] for r in rows})
    for key, ax, title, limit in (("logic", axes[0], "logic (%s)" % LOGIC[board], cap.get("comb")),
                                  ("bram_total", axes[1], "block RAMs (DP16KD, core + board)",
                                   cap["bram"])):
        for i, W in enumerate(sorted({r["W"] for r in rows})):
            pts = [r for r in rows if r["W"] == W and measured(r)]
            ax.plot([r["T"] for r in pts], [r[key] for r in pts], marker="o", color="C%d" % i,
                    label="W=%d" % W)
            over = [r for r in pts if r["short"]]
            ax.plot([r["T"] for r in over], [r[key] for r in over], linestyle="none",
                    marker="x", markersize=10, color="black")
        if limit:
            ax.axhline(limit, color="red", linestyle="--", linewidth=1)
            ax.annotate("ECP5-85F: %s" % "{:,}".format(limit), (Ts[0], limit),
                        textcoords="offset points", xytext=(2, 4), fontsize=8, color="red")
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_xticks(Ts)
        ax.set_xticklabels([str(t) for t in Ts])
        ax.set_xlabel("threads per warp T")
        # 1-2-5 steps, written out: a log axis would label only the powers of ten
        lo, hi = ax.get_ylim()
        ticks = [m * 10 ** e for e in range(7) for m in (1, 2, 5) if lo <= m * 10 ** e <= hi]
        ax.set_yticks(ticks)
        ax.set_yticklabels(["{:,}".format(t) for t in ticks])
        ax.minorticks_off()
        ax.set_title(title, fontsize=10)
        ax.grid(True, which="both", alpha=0.3)
    axes[0].legend(fontsize=8)
    fig.suptitle("Simty on %s, Yosys area per W x T (x: does not fit; points missing: "
                 "not measured)" % board, fontsize=11)
    fig.tight_layout()
    for ext in ("png", "svg"):
        fig.savefig(os.path.join(outdir, "%s.%s" % (name, ext)), dpi=120)
    plt.close(fig)


def write_grid(rows, board, outdir, provenance, name="grid"):
    """NAME.csv, .md, .png and .svg in OUTDIR; the Markdown text."""
    write_csv(os.path.join(outdir, name + ".csv"), rows)
    md = "# Simty W x T area grid on %s\n\n%s" % (board, grid_md(rows, board, provenance))
    with open(os.path.join(outdir, name + ".md"), "w") as f:
        f.write(md)
    plot(rows, board, outdir, name)
    return md
