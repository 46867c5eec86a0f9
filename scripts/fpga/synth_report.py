"""What one synthesis run reports (scripts/fpga/synth.py): the per-unit rows and cell
kinds it counts, results.csv (one row, the columns of CSV_HEAD) and the Markdown
summary it prints at the end, with the exit status of the run."""
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lib"))
import flows  # noqa: E402  (too_slow)
import fpga_flow  # noqa: E402
from figures import cells  # noqa: E402  (what the family's cells are called)

ROOT = fpga_flow.ROOT

# Per-unit rows (synth.py's UNIT_OF_MODULE maps the core's modules to them) and the
# cell kinds counted for each
UNITS = ["fetch", "predecode", "sched", "rf", "exec", "alu_lanes", "mdu", "path", "branch",
         "coalesce", "gather", "core_glue", "core", "memories", "board_glue", "total"]
KINDS = ["lut", "carry", "ff", "bram", "lutram", "dsp", "mux"]


CSV_HEAD = (["board", "W", "T", "TRACK", "status", "lut", "carry", "ff", "bram", "lutram",
             "dsp", "mux", "fmax_mhz", "fmax_seeds", "crit_from", "crit_to", "crit_ns"] +
            ["%s_%s" % (u, k) for u in UNITS for k in KINDS] +
            ["synth_s", "synth_peak_mib", "pnr_s", "pnr_peak_mib", "total_s",
             "yosys", "nextpnr"])


def placer_of(res):
    """The placer nextpnr ran (auto resolved), for results of any synth.py."""
    return res.get("placer_used") or res.get("placer", "heap")


def csv_row(res):
    c, ar, u = res["config"], res.get("area", {}), res.get("units", {})
    cp = res.get("critical_path") or {}
    steps = res.get("steps", {})
    pnr = [v for k, v in steps.items() if k.startswith("pnr_seed")]
    syn = [steps.get("synth_hier", {}), steps.get("synth", {})]
    peaks = [s.get("peak_mib") for s in syn if s.get("peak_mib")]
    ppeaks = [s.get("peak_mib") for s in pnr if s.get("peak_mib")]
    row = {"board": res["board"], "W": c["W"], "T": c["T"], "TRACK": c["TRACK"],
           "status": res.get("status"), "fmax_mhz": res.get("fmax_mhz", ""),
           "fmax_seeds": " ".join("%s" % f for f in res.get("fmax_seeds_mhz", [])),
           "crit_from": cp.get("from_unit", ""), "crit_to": cp.get("to_unit", ""),
           "crit_ns": cp.get("delay_ns", ""),
           "synth_s": round(sum(s.get("seconds", 0) or 0 for s in syn), 1),
           "synth_peak_mib": round(max(peaks)) if peaks else "",
           "pnr_s": round(sum(s.get("seconds", 0) or 0 for s in pnr), 1) if pnr else "",
           "pnr_peak_mib": round(max(ppeaks)) if ppeaks else "",
           "total_s": res.get("seconds_total", ""),
           "yosys": res["tools"]["yosys"], "nextpnr": res["tools"]["nextpnr"]}
    for k in KINDS:
        row[k] = ar.get(k, "")
    for un in UNITS:
        for k in KINDS:
            row["%s_%s" % (un, k)] = u.get(un, {}).get(k, "")
    return row


def csv_line(values):
    out = []
    for v in values:
        s = "%s" % v
        out.append('"%s"' % s.replace('"', '""') if any(ch in s for ch in ',"\n') else s)
    return ",".join(out)


def write_csv(res, path):
    row = csv_row(res)
    with open(path + ".tmp", "w") as f:
        f.write(csv_line(CSV_HEAD) + "\n")
        f.write(csv_line([row[h] for h in CSV_HEAD]) + "\n")
    os.replace(path + ".tmp", path)


def finish(res, out, status):
    c, ar, u = res["config"], res.get("area", {}), res.get("units", {})
    print()
    print("### W=%d T=%d TRACK=%s on %s (%s)" % (c["W"], c["T"], c["TRACK"], res["board_name"],
                                                 res["device"]))
    print()
    print("status: %s; memories: instruction %d KiB, data %d KiB; program %s"
          % (status, res["memories"]["imem_bytes"] // 1024, res["memories"]["dmem_bytes"] // 1024,
             res["memories"]["program"]))
    print()
    fam = res.get("family", "ecp5")
    names = cells(fam)
    print("| unit | %s | carry (%s) | FF | BRAM | LUT-RAM | DSP | mux (%s) |"
          % (names["lut"], names["carry"], "/".join(fpga_flow.DEVICES[fam]["mux"])))
    print("|---|---|---|---|---|---|---|---|")
    for un in UNITS:
        if un in u and (un != "mdu" or c.get("config_mk", {}).get("ISA") == "rv32im"):
            d = u[un]
            print("| %s | %s |" % (un.replace("_", " "),
                                    " | ".join(str(d[k]) for k in KINDS)))
    if ar:
        print("| **flat (placed)** | %s |" % " | ".join(str(ar.get(k, "-")) for k in KINDS))
    print()
    print("(units from the hierarchy-preserving run; `flat` is the netlist nextpnr places)")
    fit = res.get("fit", {})
    if res.get("lut_tables"):
        print("The generator's small tables in LUT-RAM: with them in block RAM the design "
              "needed %d DP16KD (synth.py, LUT_TABLES)" % res["lut_tables"]["dp16kd_before"])
    for m in fit.get("over", []):
        print("DOES NOT FIT: " + m)
    if res.get("fmax_mhz"):
        cp = res.get("critical_path") or {}
        tgt = res["freq_target_mhz"]
        low = [f for f in res.get("fmax_seeds_mhz", []) if f and f < tgt]
        print("Fmax %.1f MHz%s (median of seeds %s: %s MHz; target %g MHz; placer %s)"
              % (res["fmax_mhz"], ", nextpnr's estimate" if names.get("fmax_estimate") else "",
                 ",".join(str(s) for s in res["seeds"]),
                 ", ".join(str(f) for f in res.get("fmax_seeds_mhz", [])),
                 tgt, placer_of(res) + (
                     "" if placer_of(res) != "heap" else
                     " (timing weight %d)" % res["heap_timing_weight"] if res.get("heap_timing_weight")
                     else " (timing weight 10, nextpnr's default)")))
        print("timing at the %s %g MHz: %s" % (
            "PLL's" if res.get("clock", {}).get("pll") else "board clock's", tgt, "met on every seed" if not low else
            "NOT met on %d of %d seeds: a bitstream needs a lower FREQ (e.g. FREQ=%d)"
            % (len(low), len(res.get("fmax_seeds_mhz", [])), int(min(low)))))
        print("critical path: %s -> %s, %s ns (%s ns logic, %s ns routing, %s steps)"
              % (cp.get("from_unit"), cp.get("to_unit"), cp.get("delay_ns"),
                 cp.get("logic_ns"), cp.get("routing_ns"), cp.get("stages")))
        if cp.get("units"):
            print("critical path crosses: " + " -> ".join(cp["units"]))
            if "unknown" in cp["units"]:
                print("(units from the Verilog sources the netlist keeps for each cell; unknown: "
                      "logic Yosys merged, whose source it did not keep)")
    st = res.get("steps", {})
    print("time: " + ", ".join("%s %.0f s%s" % (k, v.get("seconds") or 0,
                                                 " (%.0f MiB)" % v["peak_mib"]
                                                 if v.get("peak_mib") else "")
                               for k, v in st.items() if "seconds" in v)
          + "; total %.0f s" % res.get("seconds_total", 0))
    print("results: %s/results.json, results.csv" % os.path.relpath(out, ROOT))
    if status == "ok":
        return 0
    if status == "does_not_fit":
        return 3
    if status == "timeout":     # no verdict: the machine, not the design (flows.too_slow)
        print(flows.too_slow("synth W=%d T=%d on %s: %s" % (
            c["W"], c["T"], res["board_name"], ", ".join(k for k, v in st.items()
                                                         if v.get("status") == "timeout")),
            res.get("timeout_s") or 0, "the step's end (it has no other bound: it ends or fails)"))
        return flows.SLOW_EXIT
    return 1
