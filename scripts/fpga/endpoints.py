#!/usr/bin/env python3
"""Every endpoint that misses a clock period, grouped by register.

nextpnr reports one critical path per clock; a design whose paths are all
about as long (the core's, see docs/results.md, "The fast core") needs the whole list to
see what a period asks for. With --detailed-timing-report, nextpnr's JSON
report gives, for every net into a register or RAM input, the arrival time at
each sink from the launching clock edge. This script keeps the clocked inputs
(flip-flop data, enable and reset; block-RAM and LUT-RAM write and address
ports), groups them by the register or RAM they belong to (the flat netlist's
cell names keep the RTL name: u_core.u_sched.r1_q_TRELLIS_FF_Q_5 is a bit of
u_sched's r1_q) and prints the groups that miss the period, worst first.

    scripts/fpga/endpoints.py report.json [--period NS | --mhz F] [--top N] [--md FILE]
                         [--paths routed.json [--trace N]]

Arrival times are nextpnr's; the setup time is not in them, so a group is
listed when arrival + SETUP_NS exceeds the period (ECP5 flip-flop setup is
about 0.1 ns, block-RAM inputs 0.13 ns).

nextpnr's report has no path but the critical one. With --paths (the routed
netlist nextpnr writes with --write, ECP5 only), the worst path into each of
the first N groups is rebuilt from the placed cells: cell delays of the ECP5
speed-6 slice (LUT 0.24 ns, the PFUMX/L6MUX21 steps 0.2 to 0.45 ns, carry
0.06 ns a bit), block-RAM and flip-flop clock-to-output (5.6 and 0.53 ns), and
a wire delay estimated from the Manhattan distance (0.45 + 0.085 ns a tile; a
wire inside a tile 0.2 ns), fitted on nextpnr's own critical paths of the
core (within 1 ns of nextpnr's arrival on most groups; the estimate is printed
beside it). Each step names the placed cell (its RTL name, as Yosys and
nextpnr derive it) and its tile, so long wires stand out.
"""
import argparse
import collections
import json
import re
import sys

SETUP_NS = 0.1

# clocked input pins of the packed ECP5 / iCE40 cells
CLOCKED = re.compile(r"^(DI|M|CE|LSR|WAD\d|WD\d?|WRE|"            # ECP5 FF, LUT-RAM
                     r"DI[AB]\d+|AD[AB]\d+|CE[AB]|WE[AB]|CS[AB]\d|OCE[AB]|RST[AB]|"  # DP16KD
                     r"D|E|R|S|"                                    # iCE40 DFF
                     r"WADDR_\d+|RADDR_\d+|WDATA_\d+|MASK_\d+|WE|RE|WCLKE|RCLKE)$")  # SB_RAM40_4K


def is_clocked(cell, port):
    if not CLOCKED.match(port):
        return False
    # ECP5 comb cells have an M input too (the PFUMX select): only flip-flops' M is clocked
    if port == "M":
        return "_TRELLIS_FF" in cell or cell.endswith("_DFF")
    if port in ("D", "E", "R", "S"):
        return "_DFF" in cell or "SB_DFF" in cell
    return True


def group_of(cell):
    """The RTL register or RAM a flat cell name belongs to."""
    g = re.sub(r"_TRELLIS_FF_Q(_\d+)?$", "", cell)
    g = re.sub(r"_SB_DFF\w*$", "", g)
    g = re.sub(r"\.mem\.\d+\.\d+.*$", ".mem", g)
    g = re.sub(r"_(LUT4|TRELLIS|PFUMX|CCU2C|L6MUX21|DPR16X4)(_|$).*$", "", g)
    g = re.sub(r"\$.*$", "", g)
    return g.replace("u_soc.u_core.", "")


def endpoints(report):
    """{(cell, port): worst arrival ns} over same-clock paths."""
    arr = {}
    for n in report.get("detailed_net_timings", []):
        if "posedge" not in n.get("event", ""):
            continue
        for e in n["endpoints"]:
            if "posedge" not in e.get("event", ""):
                continue
            k = (e["cell"], e["port"])
            if is_clocked(*k):
                arr[k] = max(arr.get(k, 0.0), e["delay"][1])
    return arr


# ---- estimated paths over the placed netlist (ECP5) ----
CELL_IN = {     # TRELLIS_COMB output -> (input, delay ns)
    "F": [("A", .24), ("B", .24), ("C", .24), ("D", .24), ("FCI", .25)],
    "OFX": [("A", .45), ("B", .45), ("C", .45), ("D", .45), ("M", .25), ("FXA", .2),
            ("FXB", .2), ("F1", .2)],
    "FCO": [("A", .35), ("B", .35), ("FCI", .06)],
}
LAUNCH = {"TRELLIS_FF": 0.525, "DP16KD": 5.6}


class Placed:
    """Arrival-time estimate over nextpnr's routed netlist (--write JSON)."""

    def __init__(self, routed):
        mod = [m for m in routed["modules"].values()][0]
        self.cells = mod["cells"]
        self.loc = {}
        for n, c in self.cells.items():
            m = re.match(r"X(\d+)/Y(\d+)", c.get("attributes", {}).get("NEXTPNR_BEL", ""))
            if m:
                self.loc[n] = (int(m.group(1)), int(m.group(2)))
        self.drv = {}
        for n, c in self.cells.items():
            for p, bits in c["connections"].items():
                if c["port_directions"].get(p) == "output":
                    for b in bits:
                        if not isinstance(b, str):
                            self.drv[b] = (n, p)
        self.memo = {}

    def wire(self, a, b):
        if a not in self.loc or b not in self.loc:
            return 0.5
        d = abs(self.loc[a][0] - self.loc[b][0]) + abs(self.loc[a][1] - self.loc[b][1])
        return 0.2 if d == 0 else 0.45 + 0.085 * d

    def arr_in(self, cell, port):
        """(arrival at an input pin, the driving (cell, port))."""
        bits = self.cells[cell]["connections"].get(port, [])
        if not bits or isinstance(bits[0], str) or bits[0] not in self.drv:
            return 0.0, None
        dc, dp = self.drv[bits[0]]
        if dc.startswith("$PACKER"):
            return 0.0, None
        a = self.arr_out(dc, dp)[0]
        if dp == "FCO" and port == "FCI":        # the dedicated carry wire
            return a + (0.0 if self.loc.get(dc) == self.loc.get(cell) else 0.05), (dc, dp)
        return a + self.wire(dc, cell), (dc, dp)

    def arr_out(self, cell, port):
        """(arrival at an output pin, the input it comes from)."""
        k = (cell, port)
        if k in self.memo:
            return self.memo[k]
        self.memo[k] = (0.0, None)          # breaks combinational loops
        c = self.cells[cell]
        best = (LAUNCH.get(c["type"], 0.0), None)
        if c["type"] == "TRELLIS_COMB":
            arcs = CELL_IN.get(port, [])
        elif c["type"] == "TRELLIS_RAMW":      # LUT-RAM write ports pass through
            arcs = [(p, 0.0) for p, d in c["port_directions"].items() if d == "input"]
        else:
            arcs = []
        for ip, dl in arcs:
            a = self.arr_in(cell, ip)[0] + dl
            if a > best[0]:
                best = (a, ip)
        self.memo[k] = best
        return best

    def path(self, cell, port):
        """The worst path into an input pin, first step first."""
        steps = []
        cur = (cell, port)
        while cur:
            a, src = self.arr_in(*cur)
            steps.append((a, cur[0], cur[1]))
            if not src:
                break
            oa, ip = self.arr_out(*src)
            steps.append((oa, src[0], src[1]))
            cur = (src[0], ip) if ip else None
        return steps[::-1]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("report", help="nextpnr --report JSON written with --detailed-timing-report")
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--period", type=float, help="clock period, ns")
    g.add_argument("--mhz", type=float, help="clock frequency (default: the report's constraint)")
    ap.add_argument("--top", type=int, default=40, help="groups to list")
    ap.add_argument("--md", help="also write the table to this Markdown file")
    ap.add_argument("--paths", metavar="ROUTED_JSON",
                    help="nextpnr's routed netlist (--write): estimate the worst path of each group")
    ap.add_argument("--trace", type=int, default=12, help="groups whose path --paths lists")
    a = ap.parse_args()
    sys.setrecursionlimit(1000000)

    with open(a.report) as f:
        rep = json.load(f)
    if "detailed_net_timings" not in rep:
        sys.exit("endpoints: %s has no detailed_net_timings (run nextpnr with "
                 "--detailed-timing-report; make synth: scripts/fpga/synth.py --endpoints)" % a.report)
    if a.period:
        period = a.period
    else:
        mhz = a.mhz or min((c["constraint"] for c in rep.get("fmax", {}).values()), default=None)
        if not mhz:
            sys.exit("endpoints: no clock constraint in the report: give --period or --mhz")
        period = 1000.0 / mhz
    arr = endpoints(rep)
    groups = collections.defaultdict(list)
    for (cell, port), t in arr.items():
        groups[group_of(cell)].append(t)
    worst_pin = {}
    for (cell, port), t in arr.items():
        g = group_of(cell)
        if g not in worst_pin or t > worst_pin[g][0]:
            worst_pin[g] = (t, cell, port)
    rows = []
    for name, ts in groups.items():
        worst = max(ts)
        bad = sum(1 for t in ts if t + SETUP_NS > period)
        if bad:
            rows.append((worst, bad, len(ts), name))
    rows.sort(reverse=True)
    worst = max(arr.values()) + SETUP_NS if arr else 0.0
    nbad = sum(r[1] for r in rows)
    lines = ["%d of %d clocked endpoints (in %d of %d registers and RAMs) miss %.2f ns "
             "(%.1f MHz); the worst arrives at %.2f ns (%.1f MHz)"
             % (nbad, len(arr), len(rows), len(groups), period, 1000.0 / period,
                worst, 1000.0 / worst if worst else 0.0), "",
             "| register or RAM | worst arrival ns | slack ns | endpoints over | of |",
             "|---|---|---|---|---|"]
    for worst_t, bad, tot, name in rows[:a.top]:
        lines.append("| `%s` | %.2f | %.2f | %d | %d |"
                     % (name, worst_t, period - worst_t - SETUP_NS, bad, tot))
    if len(rows) > a.top:
        lines.append("| (%d more) | | | %d | |" % (len(rows) - a.top, sum(r[1] for r in rows[a.top:])))
    if a.paths and rows:
        with open(a.paths) as f:
            placed = Placed(json.load(f))
        for worst_t, bad, tot, name in rows[:a.trace]:
            _, cell, port = worst_pin[name]
            steps = placed.path(cell, port)
            lines += ["", "`%s`: nextpnr %.2f ns, estimate %.2f ns" % (name, worst_t, steps[-1][0]),
                      "", "```"]
            for t, c, p in steps:
                if p in ("FCI", "FCO") and "CCU2" in c:
                    continue                # carry steps: only their ends
                lines.append("%6.2f  %-80s %s" % (t, (c.replace("u_soc.u_core.", "") + "." + p)[-80:],
                                                   placed.loc.get(c, "")))
            lines.append("```")
    text = "\n".join(lines)
    print(text)
    if a.md:
        with open(a.md, "w") as f:
            f.write(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
