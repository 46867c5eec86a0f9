#!/usr/bin/env python3
"""Where the router is congested: router2's congestion maps of a make synth netlist (issue 51).

    congestion.py --synth build/<cfg>/synth-ecp5 [--seed 1] [--timeout S] [--out DIR]
                  [--placer static|heap|sa] [--nextpnr-args="..."]
                  [--report-only]   (the report again from OUT's maps, no nextpnr)
    congestion.py --self-test

Places the flat netlist `make synth` wrote (SYNTH/top_ecp5.json) with the static
placer (or --placer's; --nextpnr-args adds options to compare placements by, e.g.
--nextpnr-args="--no-tmdriv") and routes it with nextpnr's router2, which writes
congestion maps after each of its iterations (--router2-heatmap). The run stops
after the first iteration: a design that routes is measured by `make synth` itself;
this is for one that does not.
Writes into OUT (default SYNTH/congestion):

    congestion.md   the wires in use and overused after the first iteration, the
                    overuse's share by unit (from the nets' flat names:
                    u_soc.u_core.u_<unit>...; "core" for the core's own registers)
                    and by net group (a name with its numbers as N: the lanes' copies
                    of a signal and its bits together), with each group's worst net
    congestion.png  overused wires per tile, the die as nextpnr's grid
    nextpnr.log, heat_*_1.csv   nextpnr's own

ECP5 only (router2's maps are nextpnr's; the iCE40 designs route). The first iteration
of W8T64 takes a few minutes after about 20 minutes of placement (docs/results.md, issue
51, round 5). Exit status 0 with the maps written, 1 when nextpnr failed or the timeout
(default 3600 s) came first.
"""
import argparse
import collections
import csv
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lib"))

import figures  # noqa: E402  (logic_of)
import flows  # noqa: E402  (the checkout's root)
import fpga_flow  # noqa: E402  (the device's nextpnr command, sessions)
import simjobs  # noqa: E402  (report_tests)

ROOT = flows.ROOT
LPF = os.path.join(ROOT, "fpga", "ecp5", "ulx3s.lpf")
FIRST = re.compile(r"iter=1 wires=(\d+) overused=(\d+) overuse=(\d+)")


def unit_of(net):
    """The unit a flat net name belongs to: u_soc.u_core.u_exec.u_alu_3.x -> u_exec;
    u_soc.u_core.n_d_q[3] -> core; u_soc.u_dmem.x (or u_soc.g_rd[2].x) -> board u_dmem
    (board g_rd); anything else other."""
    parts = net.split(".")
    if parts[:2] == ["u_soc", "u_core"]:
        return parts[2] if len(parts) > 3 and parts[2].startswith("u_") else "core"
    if parts[0] == "u_soc" and len(parts) > 2:
        return "board " + parts[1].split("[")[0]
    return "other"


def read_tiles(path):
    """heat_congestion_by_coordinate_1.csv: overused wires per tile, [x][y]."""
    with open(path, newline="") as f:
        rows = [[int(v) for v in r if v != ""] for r in csv.reader(f)]
    width = max((len(r) for r in rows), default=0)
    return [r + [0] * (width - len(r)) for r in rows]


def read_nets(path):
    """heat_congestion_by_net_1.csv: [(net, its overuse)]."""
    with open(path, newline="") as f:
        return [(r[0], int(r[1])) for r in csv.reader(f)
                if len(r) >= 2 and r[1].strip().isdigit()]


def by_unit(nets_use):
    """(overuse, nets) per unit of read_nets' list."""
    use, nets = collections.Counter(), collections.Counter()
    for net, v in nets_use:
        u = unit_of(net)
        use[u] += v
        nets[u] += 1
    return use, nets


GROUPS = 15      # net groups in the report's second table


def group_of(net):
    """A net's group: its flat name with bit indices and numbers as N, so that the
    lanes' copies of one signal add up (u_soc.u_core.u_rf.rdata1[37] and rdata0[5]
    -> u_soc.u_core.u_rf.rdataN[N]; init_r_q_c2 -> init_r_q_cN)."""
    return re.sub(r"\d+", "N", net)


def by_group(nets_use):
    """{group: (overuse, nets, (the worst net, its overuse))} of read_nets' list."""
    out = {}
    for net, v in nets_use:
        g = group_of(net)
        use, n, worst = out.get(g, (0, 0, ("", -1)))
        out[g] = (use + v, n + 1, worst if worst[1] >= v else (net, v))
    return out


def group_lines(groups, total):
    """The report's table of the net groups with the most overuse."""
    top = sorted(groups.items(), key=lambda kv: (-kv[1][0], kv[0]))[:GROUPS]
    lines = ["| net group (flat names, numbers as N) | share of the overuse | nets | "
             "the worst net (its overuse) |", "|---|---|---|---|"]
    lines += ["| `%s` | %.1f %% | %s | `%s` (%s) |" % (g, 100.0 * use / total, "{:,}".format(n),
                                                   w[0], "{:,}".format(w[1]))
              for g, (use, n, w) in top]
    return lines


def report(out, title):
    """congestion.md and congestion.png from the first iteration's maps in out; the md text."""
    with open(os.path.join(out, "nextpnr.log")) as f:
        m = FIRST.search(f.read())
    net_use = read_nets(os.path.join(out, "heat_congestion_by_net_1.csv"))
    use, nets = by_unit(net_use)
    tiles = read_tiles(os.path.join(out, "heat_congestion_by_coordinate_1.csv"))
    total = sum(use.values()) or 1
    lines = ["# Router congestion: %s" % title, ""]
    if m:
        wires, over, excess = (int(x) for x in m.groups())
        lines += ["After router2's first iteration: %s of %s wires in use overused (%.1f %%), "
                  "%s excess uses." % ("{:,}".format(over), "{:,}".format(wires),
                                       100.0 * over / wires, "{:,}".format(excess)), ""]
    lines += ["| unit (flat net names) | share of the overuse | nets |", "|---|---|---|"]
    lines += ["| %s | %.1f %% | %s |" % (u, 100.0 * c / total, "{:,}".format(nets[u]))
              for u, c in use.most_common()]
    lines += ["", "The %d net groups with the most overuse (a group: the lanes' or warps' "
              "copies of one signal, and its bits):" % GROUPS, ""]
    lines += group_lines(by_group(net_use), total)
    text = "\n".join(lines) + "\n\n![overused wires per tile](congestion.png)\n"
    with open(os.path.join(out, "congestion.md"), "w") as f:
        f.write(text)
    plot(tiles, title, os.path.join(out, "congestion.png"))
    return text


def plot(tiles, title, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(7, 5.5))
    im = ax.imshow([list(c) for c in zip(*tiles)], origin="lower", cmap="inferno", aspect="auto")
    ax.set_xlabel("x (tile column)")
    ax.set_ylabel("y (tile row)")
    ax.set_title("%s: overused wires per tile\n(nextpnr router2, first iteration)" % title,
                 fontsize=9)
    fig.colorbar(im, ax=ax, label="overused wires")
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    plt.close(fig)


def synthesized_logic(synth):
    """The logic (LUT4 + 2 x carry) make synth's results.json in synth recorded, or 0."""
    try:
        with open(os.path.join(synth, "results.json")) as f:
            return figures.logic_of(json.load(f).get("area") or {}) or 0
    except (OSError, ValueError):
        return 0


def route(synth, out, seed, timeout, placer="static", extra=()):
    """nextpnr in out until its first router2 iteration has written its maps; True then."""
    netlist = os.path.join(synth, "top_ecp5.json")
    if not os.path.exists(netlist):
        sys.exit("congestion: %s: no flat netlist (make synth writes it)" % netlist)
    os.makedirs(out, exist_ok=True)
    fpga_flow.warm_tools("ecp5")
    cmd = fpga_flow.DEVICES["ecp5"]["nextpnr"] + [
        "--lpf", os.path.relpath(LPF, out), "--json", os.path.relpath(netlist, out),
        "--freq", "65", "--timing-allow-fail", "--seed", str(seed), "--placer", placer,
        "--router", "router2", "--router2-heatmap", "heat", "-l", "nextpnr.log", "-q"] + list(extra)
    log = os.path.join(out, "nextpnr.log")
    with open(os.path.join(out, "nextpnr.out"), "w") as f:
        p = subprocess.Popen(cmd, stdout=f, stderr=subprocess.STDOUT, cwd=out,
                             start_new_session=True)
    end = time.time() + timeout
    with fpga_flow.live(p):   # killed with the rest if this run is stopped (SIGTERM)
        try:
            while p.poll() is None and time.time() < end:
                time.sleep(5)
                if os.path.exists(log):
                    with open(log) as f:
                        if FIRST.search(f.read()):
                            return True
            return p.poll() == 0 and os.path.exists(os.path.join(out,
                                                                 "heat_congestion_by_net_1.csv"))
        finally:
            fpga_flow.kill_session(p)


def self_test():
    """The report on made-up maps: units from flat names, shares, the picture."""
    with tempfile.TemporaryDirectory(dir=os.path.join(ROOT, "build")) as d:
        with open(os.path.join(d, "nextpnr.log"), "w") as f:
            f.write("Info:     iter=1 wires=1000 overused=100 overuse=150 archfail=NA\n")
        with open(os.path.join(d, "heat_congestion_by_net_1.csv"), "w") as f:
            f.write("u_soc.u_core.u_exec.u_alu_3.s[0],4\nu_soc.u_core.u_exec.u_alu_1.s[2],2\n"
                    "u_soc.u_core.n_d_q[3],2\n"
                    "u_soc.u_dmem.mem.0.1_DIB6,1\nrst_q,1\n")
        with open(os.path.join(d, "heat_congestion_by_coordinate_1.csv"), "w") as f:
            f.write("0,1,2,\n3,4,\n")
        text = report(d, "made up")
        tiles = read_tiles(os.path.join(d, "heat_congestion_by_coordinate_1.csv"))
        png = os.path.getsize(os.path.join(d, "congestion.png")) > 0
    return simjobs.report_tests([
        ("flat names map to units", [unit_of(n) for n in (
            "u_soc.u_core.u_exec.u_alu_3.x", "u_soc.u_core.n_d_q[3]", "u_soc.u_dmem.m",
            "u_soc.g_rd[2].q", "rst_q")] == ["u_exec", "core", "board u_dmem", "board g_rd",
                                            "other"]),
        ("the first iteration's wires and overuse are read from nextpnr's log",
         "100 of 1,000 wires in use overused (10.0 %), 150 excess uses" in text),
        ("each unit's share of the overuse, largest first",
         "| u_exec | 60.0 % | 2 |\n| core | 20.0 % | 1 |" in text),
        ("net groups: numbers as N",
         [group_of(n) for n in ("u_soc.u_core.u_rf.rdata1[37]", "u_soc.u_core.init_r_q_c2")]
         == ["u_soc.u_core.u_rf.rdataN[N]", "u_soc.u_core.init_r_q_cN"]),
        ("net groups: overuse and nets summed, the worst net named, largest first",
         "| `u_soc.u_core.u_exec.u_alu_N.s[N]` | 60.0 % | 2 | "
         "`u_soc.u_core.u_exec.u_alu_3.s[0]` (4) |" in text
         and text.index("u_alu_N.s[N]`") < text.index("`u_soc.u_core.n_d_q[N]`")),
        ("the tiles' map reads rows of any length, and the picture is written",
         tiles == [[0, 1, 2], [3, 4, 0]] and png),
    ])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--synth", help="make synth's folder: build/<cfg>/synth-ecp5")
    ap.add_argument("--out", help="default SYNTH/congestion")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=flows.timeout_arg, default=flows.AUTO,
                    help="seconds for nextpnr (auto: make synth's place and route backstop "
                         "for the netlist's logic, scripts/lib/flows.py)")
    ap.add_argument("--placer", choices=["static", "heap", "sa"], default="static")
    ap.add_argument("--nextpnr-args", default="",
                    help="more nextpnr options (placer options to compare), one string")
    ap.add_argument("--report-only", action="store_true",
                    help="write the report again from OUT's maps (no nextpnr)")
    ap.add_argument("--self-test", action="store_true")
    a = ap.parse_args()
    if a.self_test:
        return self_test()
    if not a.synth:
        ap.error("--synth DIR (or --self-test)")
    synth = os.path.abspath(a.synth)
    out = os.path.abspath(a.out or os.path.join(synth, "congestion"))
    if a.report_only:
        if not os.path.exists(os.path.join(out, "heat_congestion_by_net_1.csv")):
            sys.exit("congestion: --report-only: %s holds no maps" % os.path.relpath(out, ROOT))
    else:
        fpga_flow.end_sessions_on_sigterm()
        timeout = flows.pnr_s(flows.backstop(a.timeout), synthesized_logic(synth))
        if not route(synth, out, a.seed, timeout, a.placer, a.nextpnr_args.split()):
            print("congestion: nextpnr stopped before router2's first maps (%s)"
                  % os.path.relpath(os.path.join(out, "nextpnr.log"), ROOT), file=sys.stderr)
            return 1
    how = "%s placer%s, seed %d" % (a.placer, ", " + a.nextpnr_args if a.nextpnr_args else "",
                                    a.seed)
    print(report(out, "%s (%s)" % (os.path.basename(os.path.dirname(synth)), how)))
    print("congestion: %s/congestion.md, congestion.png" % os.path.relpath(out, ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
