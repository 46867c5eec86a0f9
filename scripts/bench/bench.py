#!/usr/bin/env python3
"""The SIMT benchmark suite (sw/bench) on the RTL simulators and the reference model.

    scripts/bench/bench.py [--cfgs "8x8 4x64"] [--track sorted|arbiter|both]
                     [--policies "minsp-pc min-pc depth-first breadth-first ipdom
                                  minority-first mp-ipdom"]
                     [--kernels "saxpy mandel"] [--jobs 1] [--out build/bench]
                     [--scale fixed|weak] [--isa rv32i|rv32im|rv32ia|rv32ima]
                     [--synth-root DIR] [--no-plots] [--model-timing rtl|latency]
                     [--no-mem-passes] [--docs DIR] [--policy-docs DIR]
                     [--rtl-from CSV_OR_JSON]
    scripts/bench/bench.py --check "1x1 2x4" [--track sorted] [--scale weak] [--isa I]
    scripts/bench/bench.py --self-test

Every kernel runs on each configuration (plus the scalar baseline 1x1) on the
RTL simulator of each tracker and on the reference model under each policy,
with --stats and --signature; the signature must equal the expected one the
host computed (build/sw/bench/<kernel>.sig), else the run fails and the
script exits 1 after writing its tables.  Configurations above 256 threads
build the programs and simulators with a larger DMEM (scripts/lib/simjobs.py).

Writes <out>/bench.json (one record per run), bench.csv (the same, flat) and
bench.md (a summary per configuration and engine, then one row per kernel):
cycles, warp and thread instructions, IPC (warp instructions per cycle),
thread IPC, SIMD efficiency, replays per warp instruction, peak paths per
warp, the speed-up over the same engine at 1x1 and, where `make synth` left a
result for the configuration (build/<cfg>/synth-ecp5/results.json under
--synth-root), Fmax, thread instructions per second, logic (LUT4 + 2 x CCU2C
of the flat netlist), logic_hier (the hierarchy-kept total) and the figure of
merit of issue 49, thread_insns_per_s_per_klogic (thread instructions per
second per 1,000 logic), with a table of it in bench.md beside picorv32's
published-CPI estimate.  Then policies.md: every
reconvergence scheme side by side (the RTL trackers and the model's
policies, issue 22): SIMD efficiency, warp instructions, cycles and peak
paths (stack or table entries for the stack policies) per warp, per
configuration.  Then the plots of scripts/bench/bench_plot.py into the same folder.

--model-timing: the model's clock (records and meta carry model_timing).  rtl, the
default: `simty-ref --timing rtl --track arbiter` (tb/ref/rtltime.c), the arbiter core's
pipeline, so every policy's cycles come from one clock and minsp-pc's are within 5 %
of the arbiter RTL's (make model-parity); the other policies run on the same front end.
latency: the older latency model (tb/ref/latency.c), a lower bound of the RTL's cycles.

--rtl-from FILE: with --track none, take the RTL records of an earlier run (its
bench.csv or bench.json, e.g. docs/bench/bench.csv) for this run's configurations and
kernels as they are (cycles, Fmax, speed-up), and run only the model: the policy study
re-run with another model clock without re-simulating the RTL.

--scale weak: each kernel's problem sized for W*T threads (sw/bench/bench.h,
BENCH_ITEMS: the same items per thread at every configuration), checked
against the host build of the same size; output in build/bench-weak (records
carry scale; the speed-up is then work per cycle over 1x1).  The default,
fixed, runs the same programs at every W x T, comparable with earlier figures.

--isa: the programs are compiled for that ISA (make sw-bench ISA=...: build/sw-im,
build/sw-ia, build/sw-ima), the simulators generated with it (build/W8_T8_sorted_ia...)
and the model run with it (simty-ref --isa: with A its forward-progress rule); with A
the kernels of sw/bench/a (bench_a, atomics) run too, against their own host-computed
signatures.  Records carry isa; the output goes to build/bench-<isa> (e.g.
build/bench-ia, build/bench-weak-ia); --docs and --policy-docs take rv32i only.
--kernels takes kernel names and group names (bench, bench_a: all of their kernels).

--check CFGS: only those configurations' RTL (one tracker) and the signature
check, one PASS/FAIL line per kernel (with --scale weak also the sizes against
1 thread and the fixed problem), then a negative test (a corrupted expected
signature must fail), and "N passed, M failed" (make test).  Each run's bound is the
simulator's cycle limit (its --max-cycles default); the wall clock is a backstop only
(RUN_TIMEOUT s a run, TEST_BACKSTOP replaces it): a run it stops prints "TOO SLOW ...",
no verdict, and the script exits 3 if nothing failed.  --self-test: the
figure's arithmetic, columns and tables on a made-up results.json.
"""
import argparse
import csv
import glob
import json
import os
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lib"))
import flows  # noqa: E402  (the backstop)
import simjobs  # noqa: E402
from figures import logic_of  # noqa: E402  (LUT4 + 2 x carry: the one definition)

# Stats keys copied into every record.
STAT_KEYS = ("cycles", "warp_instructions", "thread_instructions", "ipc", "thread_ipc",
             "simd_efficiency", "divergences", "merges", "replays", "peak_paths",
             "stalls", "cct_peak", "yields")
# The backstop of one run (flows.backstop): the longest kernel at 4x64 takes some
# seconds, a minute at most on a loaded machine.
RUN_TIMEOUT = 600
RUN_MEM_MIB = 4096      # per run (SIMTY_JOB_MEM_MIB overrides): 4x64 with commit logs stays far below


def kernels_in(bench_dir, names=None, isa="rv32i"):
    """The kernels of bench_dir (sw/bench's ELFs) and, when the ISA has A, of the
    bench_a folder beside it (sw/bench/a's): [(kernel, its folder)] by name.  names: a
    subset, kernel names or group names (bench, bench_a: all of that folder's kernels);
    exits naming the ones not found."""
    dirs = [bench_dir] + ([os.path.join(os.path.dirname(bench_dir), "bench_a")]
                          if simjobs.has_a(isa) else [])
    found = sorted((os.path.basename(p)[:-4], d) for d in dirs
                   for p in glob.glob(os.path.join(d, "*.elf")))
    if not names:
        return found
    groups = {os.path.basename(d): [k for k, kd in found if kd == d] for d in dirs}
    want = set(k for n in names for k in groups.get(n, [n]))
    missing = [n for n in names if n not in groups and n not in [k for k, _ in found]]
    if missing:
        sys.exit("bench: no kernel %s in %s" % (", ".join(missing), " or ".join(dirs)))
    return [(k, d) for k, d in found if k in want]


def is_mem_line(line):
    """A commit-log line of a load or store (spec.md format)."""
    return " ld " in line or " st " in line


def mem_passes(log, counted=is_mem_line):
    """Memory passes and memory instructions of a commit log (spec.md format);
    with `counted`, the passes with a line for which counted(line) holds.

    The lines of one (cycle, warp) are one pass; a pass with a load or store is
    a memory pass.  A memory pass whose warp's previous pass had the same PC
    and disjoint lanes is a replay of that instruction (its unserved lanes:
    paths with equal PCs merge, so two paths of one warp never hold one PC);
    every other memory pass starts a memory instruction (so a replay must be
    its warp's next pass: not under the model's breadth-first policy).  The
    harness's and
    the model's --stats count replays of memory and indirect jumps together,
    so this is the only source of the split."""
    last = {}
    npass = ninsn = 0
    cur, lanes, pc, mem = None, set(), None, False

    def flush():
        nonlocal npass, ninsn
        if cur is None:
            return
        w = cur[1]
        prev = last.get(w)
        if mem:
            npass += 1
            if not (prev and prev[0] == pc and prev[1].isdisjoint(lanes)):
                ninsn += 1
        last[w] = (pc, lanes)

    with open(log) as f:
        for line in f:
            p = line.split(None, 4)
            key = (p[0], p[1])
            if key != cur:
                flush()
                cur, lanes, pc, mem = key, set(), p[3], False
            lanes.add(p[2])
            if counted(line):
                mem = True
        flush()
    return npass, ninsn


def run_kernel(job):
    """One kernel on one engine: a record with the stats and the check.  The engine is
    ("rtl", tracker, simulator) or ("ref", policy, more model arguments or None: the
    timing options of scripts/bench/model_parity.py)."""
    eng, w, t, dmem, kdir, kernel, expected, want_mem, isa = job
    elf = os.path.join(kdir, kernel + ".elf")
    rec = {"kernel": kernel, "W": w, "T": t, "model": eng[0], "engine": eng[1],
           "dmem_kib": dmem or simjobs.DEFAULT_DMEM_KIB, "isa": isa,
           "model_timing": model_timing_of(eng[2]) if eng[0] == "ref" else None}
    with tempfile.TemporaryDirectory() as tmp:
        st, sig = os.path.join(tmp, "stats.json"), os.path.join(tmp, "sig.txt")
        log = os.path.join(tmp, "commit.log")
        if eng[0] == "rtl":
            cmd = [eng[2], "--quiet", "--stats", st, "--signature", sig]
        else:
            cmd = [simjobs.REF_BIN, "-W", str(w), "-T", str(t), "--policy", eng[1],
                   "--isa", isa, "--quiet", "--stats", st, "--signature", sig]
            if dmem:
                cmd += ["--dmem", str(dmem)]
            cmd += list(eng[2] or [])
        # (mp-ipdom interleaves a warp's splits: a replay need not be next)
        want_mem = want_mem and eng[1] not in ("breadth-first", "mp-ipdom")
        cmd += (["--commit-log", log] if want_mem else []) + [elf]
        t0, ru0 = time.time(), resource.getrusage(resource.RUSAGE_CHILDREN)
        secs = flows.backstop(RUN_TIMEOUT)
        r = simjobs.run_cmd(cmd, secs, simjobs.job_mem_mib(RUN_MEM_MIB))
        ru1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        # the run's CPU seconds (its process, reaped by run_cmd; with several runs at a
        # time in one worker process, those that ended meanwhile too)
        rec["cpu_seconds"] = round(ru1.ru_utime + ru1.ru_stime - ru0.ru_utime - ru0.ru_stime, 3)
        rc, out = r["rc"], r["out"] + r["err"]
        rec["seconds"] = round(time.time() - t0, 3)
        rec["exit_code"] = rc
        if r["status"] == "timeout":    # no verdict: the machine, not the kernel
            rec["check"] = "too slow"
            rec["too_slow"] = flows.too_slow(
                "bench/%s %dx%d %s" % (kernel, w, t, " ".join(eng[:2])), secs,
                "its cycle limit (the %s's --max-cycles)"
                % ("simulator" if eng[0] == "rtl" else "model"))
            return rec
        if rc != 0:
            rec["check"] = "exit %s: %s" % (rc, out.strip().splitlines()[-1] if out.strip() else "")
            return rec
        with open(st) as f:
            s = json.load(f)
        for k in STAT_KEYS:
            if k in s:
                rec[k] = s[k]
        ppw = s.get("peak_paths_per_warp") or []
        rec["mean_peak_paths"] = round(sum(ppw) / len(ppw), 3) if ppw else None
        rec["check"] = check_signature(sig, expected)
        # The replay rule needs the replay to be the warp's next pass: true of
        # MinSP-PC and the policies that run the lowest PC first, not of
        # breadth-first, which queues the unserved lanes behind other paths.
        if want_mem:
            rec["mem_passes"], rec["mem_instructions"] = mem_passes(log)
            rec["mem_passes_per_insn"] = (round(rec["mem_passes"] / rec["mem_instructions"], 4)
                                          if rec["mem_instructions"] else None)
    return rec


def check_signature(got_path, expected_path):
    """'ok', or what differs."""
    try:
        with open(got_path) as f:
            got = f.read().split()
        with open(expected_path) as f:
            exp = f.read().split()
    except OSError as e:
        return "signature: %s" % e
    if len(got) != len(exp):
        return "signature: %d words, expected %d" % (len(got), len(exp))
    for i, (g, e) in enumerate(zip(got, exp)):
        if g != e:
            n = sum(1 for a, b in zip(got, exp) if a != b)
            return "signature: word %d is %s, expected %s (%d words differ)" % (i, g, e, n)
    return "ok"


MODEL_TIMINGS = ("rtl", "latency")


def model_timing_args(timing):
    """The model's arguments for a --model-timing: rtl follows the arbiter core's pipeline
    (simjobs.model_args adds --track arbiter and its knobs), latency is the default clock."""
    return simjobs.model_args("--timing rtl", "arbiter") if timing == "rtl" else []


def model_timing_of(args):
    """The clock a model run's arguments select: rtl or latency (simty-ref's default)."""
    words = " ".join(args or [])
    return "rtl" if "--timing rtl" in words or "--timing=rtl" in words else "latency"


def engines_for(a, w, t, dmem, what):
    """The engines of one configuration: ("rtl", tracker, simulator path) and
    ("ref", policy, the model's timing arguments)."""
    out = [("rtl", tr, simjobs.build_sim(w, t, tr, dmem, what, a.isa)) for tr in a.tracks]
    margs = model_timing_args(getattr(a, "model_timing", "latency"))
    out += [("ref", p, list(margs)) for p in a.policies]
    return out


def rtl_records(path, cfgs, kernels):
    """The RTL records of an earlier run (bench.csv or bench.json) for these configurations
    [(W, T)] and kernels (names; None: all), typed as bench.py wrote them."""
    from figures import typed
    if path.endswith(".json"):
        with open(path) as f:
            rows = json.load(f)["runs"]
    else:
        with open(path, newline="") as f:
            rows = [{k: typed(v) for k, v in r.items()} for r in csv.DictReader(f)]
    out = []
    for r in rows:
        if r.get("model") != "rtl" or (r["W"], r["T"]) not in cfgs:
            continue
        if kernels is not None and r["kernel"] not in kernels:
            continue
        r = dict(r)
        for k in ("kernel", "model", "engine", "check", "scale", "isa"):
            if r.get(k) is not None:
                r[k] = str(r[k])
        r["model_timing"] = None
        out.append(r)
    return out


# The figure of merit (issue 49): thread instructions per second per 1,000 logic
# cells, logic = LUT4 + 2 x CCU2C (a carry fills two LUT4 sites) on ECP5.
FIGURE_KEYS = ("fmax_mhz", "logic", "logic_hier", "thread_insns_per_s",
               "thread_insns_per_s_per_klogic")
# A yardstick, not measured by this bench: picorv32 (default configuration) on the
# same ECP5 flow, at its published CPI of about 4 (issue 49).
PICORV32 = {"logic": 1722, "fmax_mhz": 104.3, "thread_ipc": 0.25}


def synth_figures(res):
    """Fmax (MHz), flat logic and hierarchy-kept logic (the whole top, the flat
    count's scope) of a make synth results.json; None where it has none."""
    res = res or {}
    board = res.get("board", "ecp5")
    return {"fmax_mhz": res.get("fmax_mhz"), "logic": logic_of(res.get("area"), board),
            "logic_hier": logic_of((res.get("units") or {}).get("total"), board)}


def figure(r, synth):
    """Fill r's FIGURE_KEYS from its thread IPC and a synth_figures() result."""
    r.update(synth)
    ok = r.get("thread_ipc") is not None and r["fmax_mhz"]
    r["thread_insns_per_s"] = r["thread_ipc"] * r["fmax_mhz"] * 1e6 if ok else None
    r["thread_insns_per_s_per_klogic"] = (r["thread_insns_per_s"] / (r["logic"] / 1000.0)
                                          if ok and r["logic"] else None)


def scaled_speedup(r, base_cycles):
    """Speed-up over 1x1: cycles at 1x1 / cycles; under weak scaling W*T times as much
    work, so the ratio of work per cycle (W*T x cycles at 1x1 / cycles)."""
    if not base_cycles or not r.get("cycles"):
        return None
    work = r["W"] * r["T"] if r.get("scale") == "weak" else 1
    return work * base_cycles / r["cycles"]


def derive(recs, synth_root):
    """Speed-up over 1x1 of the same engine and kernel; Fmax-based throughput and
    the figure of merit (thread instructions/s per 1,000 logic) where `make synth`
    left a result for the configuration (RTL records only)."""
    base = {(r["model"], r["engine"], r["kernel"]): r["cycles"] for r in recs
            if r["W"] == 1 and r["T"] == 1 and r.get("cycles")}
    synth = {}
    for r in recs:
        sp = scaled_speedup(r, base.get((r["model"], r["engine"], r["kernel"])))
        r["speedup"] = round(sp, 3) if sp else None
        r["replays_per_insn"] = (round(r["replays"] / r["warp_instructions"], 4)
                                 if r.get("warp_instructions") else None)
        # the synthesis of this record's own core: its ISA and data memory name the folder
        key = (r["W"], r["T"], r["engine"], r.get("dmem_kib"), r.get("isa", "rv32i"))
        if r["model"] == "rtl" and key not in synth:
            w, t, eng, dmem, isa = key
            if dmem == simjobs.DEFAULT_DMEM_KIB:
                dmem = None                 # the default memory's folder names none
            synth[key] = synth_figures(simjobs.synth_result(
                synth_root, w, t, eng, dmem=dmem, isa=isa))
        figure(r, synth[key] if r["model"] == "rtl" else synth_figures(None))
        for k in ("thread_insns_per_s", "thread_insns_per_s_per_klogic"):
            r[k] = round(r[k]) if r[k] is not None else None


def totals(recs):
    """One summary record per (configuration, engine): sums over the kernels."""
    groups = {}
    for r in recs:
        if r.get("cycles") is None:
            continue
        groups.setdefault((r["W"], r["T"], r["model"], r["engine"]), []).append(r)
    out = []
    for (w, t, m, e), rs in groups.items():
        s = {k: sum(r[k] for r in rs) for k in ("cycles", "warp_instructions",
                                                "thread_instructions", "replays")}
        if all(r.get("mem_instructions") for r in rs):
            s["mem_passes"] = sum(r["mem_passes"] for r in rs)
            s["mem_instructions"] = sum(r["mem_instructions"] for r in rs)
            s["mem_passes_per_insn"] = s["mem_passes"] / s["mem_instructions"]
        else:
            s["mem_passes_per_insn"] = None
        s.update(W=w, T=t, model=m, engine=e, kernels=len(rs), scale=rs[0].get("scale"),
                 dmem_kib=max(r.get("dmem_kib") or simjobs.DEFAULT_DMEM_KIB for r in rs),
                 ipc=s["warp_instructions"] / s["cycles"],
                 thread_ipc=s["thread_instructions"] / s["cycles"],
                 simd_efficiency=s["thread_instructions"] / (s["warp_instructions"] * t),
                 replays_per_insn=s["replays"] / s["warp_instructions"],
                 peak_paths=max(r.get("peak_paths", 0) for r in rs))
        figure(s, {k: rs[0].get(k) for k in ("fmax_mhz", "logic", "logic_hier")})
        out.append(s)
    base = {(s["model"], s["engine"]): s["cycles"] for s in out if s["W"] == 1 and s["T"] == 1}
    for s in out:
        s["speedup"] = scaled_speedup(s, base.get((s["model"], s["engine"])))
    out.sort(key=lambda s: (s["W"] * s["T"], s["W"], s["model"] != "rtl", s["engine"]))
    return out


def fmt(v, nd=3):
    if v is None:
        return "-"
    if isinstance(v, float):
        return "%.*f" % (nd, v)
    return str(v)


def engine_label(r):
    return ("RTL " if r["model"] == "rtl" else "model ") + r["engine"]


def write_outputs(out_dir, recs, summary, meta):
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "bench.json"), "w") as f:
        json.dump({"meta": meta, "runs": recs, "summary": summary}, f, indent=1)
    cols = ["kernel", "W", "T", "model", "engine", "check", "cycles", "warp_instructions",
            "thread_instructions", "ipc", "thread_ipc", "simd_efficiency", "replays",
            "replays_per_insn", "mem_passes", "mem_instructions", "mem_passes_per_insn",
            "divergences", "merges", "peak_paths", "mean_peak_paths",
            "cct_peak", "stalls", "speedup", "fmax_mhz", "thread_insns_per_s", "logic",
            "logic_hier", "thread_insns_per_s_per_klogic", "scale", "dmem_kib", "seconds",
            "isa", "yields", "model_timing", "cpu_seconds"]
    with open(os.path.join(out_dir, "bench.csv"), "w", newline="") as f:
        wr = csv.DictWriter(f, fieldnames=cols, extrasaction="ignore")
        wr.writeheader()
        for r in recs:
            wr.writerow(r)
    isa = meta.get("isa", "rv32i")
    md = ["# Simty benchmark suite (`make bench`)", "",
          ("" if isa == "rv32i" else "ISA %s (the programs, the cores and the model). " % isa) +
          "Seed %s; %d kernels; configurations %s; RTL trackers %s; model policies %s. "
          "IPC: warp instructions per cycle (%s). SIMD efficiency: thread instructions / "
          "(warp instructions x T). Replays: passes that left lanes of a memory access or "
          "indirect jump for later, per warp instruction (--stats). Memory passes per memory "
          "instruction: from the commit log (a memory pass at the PC of its warp's previous "
          "pass with other lanes is a replay; not measured under breadth-first, which does "
          "not run a replay next). Peak paths: most paths of one warp; per kernel "
          "also the mean over warps of each warp's peak. Speed-up: cycles of the same engine "
          "at 1x1 / cycles%s. Thread instructions per second: thread IPC x Fmax of `make synth` "
          "(ECP5), where it exists.%s" % (meta["seed"], len(meta["kernels"]),
                                         " ".join(meta["cfgs"]), " ".join(meta["tracks"]) or "-",
                                         " ".join(meta["policies"]) or "-",
                                         MODEL_CLOCK_TEXT[meta.get("model_timing", "latency")],
                                         SCALE_TEXT[meta["scale"]], rtl_from_text(meta)),
          ""] + figure_table(summary) + ["",
          "## All kernels", "",
          "| W x T | engine | cycles | warp insns | thread insns | IPC | thread IPC | SIMD eff. "
          "| replays/insn | mem passes/mem insn | peak paths | speed-up | Fmax MHz "
          "| thread Minsn/s |",
          "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for s in summary:
        md.append("| %d x %d | %s | %d | %d | %d | %s | %s | %s | %s | %s | %d | %s | %s | %s |" % (
            s["W"], s["T"], engine_label(s), s["cycles"], s["warp_instructions"],
            s["thread_instructions"], fmt(s["ipc"]), fmt(s["thread_ipc"]),
            fmt(s["simd_efficiency"]), fmt(s["replays_per_insn"]),
            fmt(s.get("mem_passes_per_insn")), s["peak_paths"],
            fmt(s["speedup"], 2), fmt(s["fmax_mhz"], 1),
            fmt(s["thread_insns_per_s"] / 1e6 if s["thread_insns_per_s"] else None, 1)))
    md += ["", "## Per kernel", "",
           "| kernel | W x T | engine | check | cycles | thread insns | IPC | SIMD eff. "
           "| replays/insn | mem passes/mem insn | peak paths (mean per warp) | speed-up |",
           "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    order = sorted(recs, key=lambda r: (r["kernel"], r["W"] * r["T"], r["W"],
                                        r["model"] != "rtl", r["engine"]))
    for r in order:
        md.append("| %s | %d x %d | %s | %s | %s | %s | %s | %s | %s | %s | %s (%s) | %s |" % (
            r["kernel"], r["W"], r["T"], engine_label(r), r["check"], fmt(r.get("cycles")),
            fmt(r.get("thread_instructions")), fmt(r.get("ipc")), fmt(r.get("simd_efficiency")),
            fmt(r.get("replays_per_insn")), fmt(r.get("mem_passes_per_insn")),
            fmt(r.get("peak_paths")),
            fmt(r.get("mean_peak_paths"), 2), fmt(r.get("speedup"), 2)))
    with open(os.path.join(out_dir, "bench.md"), "w") as f:
        f.write("\n".join(md) + "\n")


MODEL_CLOCK_TEXT = {
    "rtl": "the model's cycles come from its RTL timing mode on the arbiter core's front end, "
           "`simty-ref --timing rtl --track arbiter`, tb/ref/rtltime.c: within 5 % of the "
           "arbiter RTL's for MinSP-PC, `make model-parity`",
    "latency": "the model's cycles come from its latency model, tb/ref/latency.c: a lower "
               "bound of the RTL's"}


def rtl_from_text(meta):
    """The sentence that says where the RTL records came from, when not from this run."""
    if not meta.get("rtl_from"):
        return ""
    return (" The RTL records are those of an earlier run (%s), taken as they were; this "
            "run measured only the model. Where that run's core is older than the model's, "
            "model / RTL differences include the core's changes since (`make model-parity` "
            "sets the model beside the current core)." % meta["rtl_from"])


SCALE_TEXT = {
    "fixed": " (fixed problems: the same work at every W x T)",
    "weak": " x W*T (weak scaling: each kernel's problem sized for W*T threads, the same "
            "items per thread at every W x T, so this is the gain in work per cycle)"}


def figure_table(summary):
    """bench.md's summary: per configuration and tracker, the figure of merit."""
    def m(v):
        return fmt(v / 1e6 if v is not None else None, 1)
    lines = ["## Throughput per logic", "",
             "Thread IPC over all kernels x Fmax of `make synth` / (logic / 1,000), logic = "
             "LUT4 + 2 x CCU2C of the flat placed netlist (hierarchy kept: the same count with "
             "every unit kept apart; steadier across equal-logic edits). Empty: no synthesis "
             "result for the configuration (`make synth W= T= TRACK=`, or --synth-root).", "",
             "| W x T | tracker | thread IPC | Fmax MHz | logic | logic (hier. kept) "
             "| thread Minsn/s | Minsn/s per 1,000 logic |", "|---|---|---|---|---|---|---|---|"]
    for s in summary:
        if s["model"] == "rtl":
            lines.append("| %d x %d | %s | %s | %s | %s | %s | %s | %s |" % (
                s["W"], s["T"], s["engine"], fmt(s["thread_ipc"]), fmt(s["fmax_mhz"], 1),
                fmt(s["logic"]), fmt(s["logic_hier"]), m(s["thread_insns_per_s"]),
                m(s["thread_insns_per_s_per_klogic"])))
    p = dict(PICORV32)
    figure(p, {})
    lines.append("| picorv32 (yardstick: published CPI about 4, not measured by this bench) | - "
                 "| %s | %s | %s | - | %s | %s |" % (
                     fmt(p["thread_ipc"], 2), fmt(p["fmax_mhz"], 1), p["logic"],
                     m(p["thread_insns_per_s"]), m(p["thread_insns_per_s_per_klogic"])))
    return lines


def engine_order(recs):
    """RTL trackers first, then the model's policies in simjobs.POLICIES order."""
    engs = {(r["model"], r["engine"]) for r in recs}
    return ([e for e in (("rtl", t) for t in simjobs.TRACKS) if e in engs] +
            [e for e in (("ref", p) for p in simjobs.POLICIES) if e in engs])


POLICY_METRICS = (("simd_efficiency", "SIMD efficiency", 2), ("warp_instructions",
                  "warp instructions", 0), ("cycles", "cycles", 0),
                  ("peak_paths", "peak paths per warp (stack or table entries for "
                   "ipdom, minority-first, mp-ipdom)", 0))


def policy_summary(recs, summary, w, t):
    """The all-kernel rows of one configuration, one per engine."""
    lines = ["| engine | SIMD eff. | warp insns | cycles | peak paths per warp "
             "(max / mean over kernels) |", "|---|---|---|---|---|"]
    for m, e in engine_order(recs):
        s = [x for x in summary if (x["W"], x["T"], x["model"], x["engine"]) == (w, t, m, e)]
        rs = [r for r in recs if (r["W"], r["T"], r["model"], r["engine"]) == (w, t, m, e)
              and r.get("mean_peak_paths") is not None]
        if not s:
            continue
        mean = sum(r["mean_peak_paths"] for r in rs) / len(rs) if rs else None
        lines.append("| %s | %s | %d | %d | %d / %s |" % (
            engine_label(s[0]), fmt(s[0]["simd_efficiency"]), s[0]["warp_instructions"],
            s[0]["cycles"], s[0]["peak_paths"], fmt(mean, 1)))
    return lines


def one_clock_text(summary, timing):
    """policies.md's paragraph on the model's clock: with --model-timing rtl, that every
    policy's cycles come from the arbiter core's pipeline and how close minsp-pc on it is
    to the arbiter RTL (cycles and warp instructions over the kernels, per configuration)."""
    if timing != "rtl":
        return ["The model's cycles are a lower bound of the RTL's (no register-bank, "
                "memory-port or fetch-queue conflicts): compare model rows with model rows.", ""]
    pairs = []
    for s in summary:
        if (s["model"], s["engine"]) != ("rtl", "arbiter"):
            continue
        m = [x for x in summary if (x["W"], x["T"], x["model"], x["engine"])
             == (s["W"], s["T"], "ref", "minsp-pc")]
        if m:
            pairs.append((s["W"], s["T"], m[0]["cycles"] / s["cycles"],
                          m[0]["warp_instructions"] == s["warp_instructions"]))
    text = ("Every model scheme's cycles come from one clock, the arbiter core's pipeline "
            "(`simty-ref --timing rtl --track arbiter`: its fetch streams, predictors, issue "
            "ports, register-file banks, memory passes and resolve loop; one fetch stream per "
            "warp, a warp with several paths or splits issues one instruction at a time), so "
            "the model rows compare with each other and with the RTL rows. On it, `minsp-pc` "
            "is the arbiter RTL: the same path order (MinSP-PC), the same instructions and "
            "cycles within 5 % (`make model-parity`).")
    if pairs:
        ratios = [r for _, _, r, _ in pairs]
        same = all(eq for _, _, _, eq in pairs)
        text += (" Here, over the kernels, model minsp-pc cycles / RTL arbiter cycles: %s "
                 "(from %.3f to %.3f); warp instructions %s." % (
                     ", ".join("%.3f at %dx%d" % (r, w, t) for w, t, r, _ in pairs),
                     min(ratios), max(ratios),
                     "equal at every configuration" if same else "not equal everywhere"))
    return [text, ""]


def policy_tables(recs, summary, meta):
    """policies.md: every reconvergence scheme on the same binaries."""
    timing = meta.get("model_timing", "latency")
    clock = ("cycles from its RTL timing mode on the arbiter core's front end, `--timing rtl "
             "--track arbiter`, tb/ref/rtltime.c" if timing == "rtl" else
             "cycles from its latency model, tb/ref/latency.c")
    md = ["# Reconvergence schemes on the same binaries (`make bench`)", "",
          ("Seed %s. RTL: the sorted path list and the arbiter (MinSP-PC, implicit "
          "reconvergence). Model (`simty-ref --policy`, CLOCK): "
          "minsp-pc, min-pc, depth-first, breadth-first (implicit), ipdom "
          "and minority-first (SIMT stack reconverging at the immediate post-dominator of "
          "the binary's CFG), mp-ipdom (split and reconvergence tables, splits of a warp "
          "interleaved). Peak paths: the most paths of one warp (list entries; stack entries "
          "for ipdom and minority-first; split + reconvergence table entries for mp-ipdom)."
          % meta["seed"]).replace("CLOCK", clock), ""] + one_clock_text(summary, timing) + [rtl_from_text(meta).strip()]
    if md[-1]:
        md.append("")
    else:
        md.pop()
    cfgs = sorted({(r["W"], r["T"]) for r in recs if r["W"] * r["T"] > 1},
                  key=lambda c: (c[0] * c[1], c[0]))
    engs = engine_order(recs)
    kernels = sorted({r["kernel"] for r in recs})
    index = {(x["kernel"], x["W"], x["T"], x["model"], x["engine"]): x for x in recs}
    for w, t in cfgs:
        md += ["## W = %d, T = %d" % (w, t), "", "All kernels:", ""]
        md += policy_summary(recs, summary, w, t) + [""]
        for key, title, nd in POLICY_METRICS:
            md += ["%s per kernel:" % (title[0].upper() + title[1:]), "",
                   "| kernel | " + " | ".join(engine_label({"model": m, "engine": e})
                                                for m, e in engs) + " |",
                   "|---|" + "---|" * len(engs)]
            for k in kernels:
                row = []
                for m, e in engs:
                    r = index.get((k, w, t, m, e))
                    v = r.get(key) if r and r.get("check") == "ok" else None
                    row.append(fmt(v, nd) if isinstance(v, float) else fmt(v))
                md.append("| %s | %s |" % (k, " | ".join(row)))
            md.append("")
    return "\n".join(md) + "\n"


README_BEGIN = "<!-- bench table: make bench-docs rewrites this -->"
README_END = "<!-- end of bench table -->"
README_POL_BEGIN = "<!-- policy table: make bench-docs rewrites this -->"
README_POL_END = "<!-- end of policy table -->"
README_CFGS = ((8, 8), (4, 64))


def readme_table(recs, summary):
    """The README's compact table: per kernel, 1x1 and the README_CFGS."""
    def get(rows, kernel, w, t, model, engine, key):
        for r in rows:
            if (r.get("kernel", "all"), r["W"], r["T"], r["model"], r["engine"]) == \
                    (kernel, w, t, model, engine):
                return r.get(key)
        return None

    cfgs = [c for c in README_CFGS if any((r["W"], r["T"]) == c for r in recs)]
    head = "| kernel | 1x1 cycles (sorted) |"
    rule = "|---|---|"
    for w, t in cfgs:
        head += (" %dx%d cycles sorted / arbiter | %dx%d SIMD eff. sorted / arbiter / model "
                 "| %dx%d mem passes per mem insn | %dx%d speed-up (sorted) |" % ((w, t) * 4))
        rule += "---|---|---|---|"
    lines = [head, rule]
    kernels = sorted({r["kernel"] for r in recs})
    for k in kernels + ["all"]:
        rows = summary if k == "all" else recs
        line = "| %s | %s |" % ("**all %d**" % len(kernels) if k == "all" else k,
                                fmt(get(rows, k, 1, 1, "rtl", "sorted", "cycles")))
        for w, t in cfgs:
            line += " %s / %s | %s / %s / %s | %s | %s |" % (
                fmt(get(rows, k, w, t, "rtl", "sorted", "cycles")),
                fmt(get(rows, k, w, t, "rtl", "arbiter", "cycles")),
                fmt(get(rows, k, w, t, "rtl", "sorted", "simd_efficiency"), 2),
                fmt(get(rows, k, w, t, "rtl", "arbiter", "simd_efficiency"), 2),
                fmt(get(rows, k, w, t, "ref", "minsp-pc", "simd_efficiency"), 2),
                fmt(get(rows, k, w, t, "rtl", "sorted", "mem_passes_per_insn"), 2),
                fmt(get(rows, k, w, t, "rtl", "sorted", "speedup"), 1))
        lines.append(line)
    return "\n".join(lines)


def readme_policy_table(recs, summary):
    """The README's policy comparison: all kernels, README_CFGS, every engine."""
    lines = []
    for w, t in README_CFGS:
        if any((r["W"], r["T"]) == (w, t) for r in recs):
            lines += ["W = %d, T = %d:" % (w, t), ""] + policy_summary(recs, summary, w, t) + [""]
    return "\n".join(lines).rstrip()


def update_readme(path, table, begin=README_BEGIN, end=README_END):
    """Replace the table between the README's markers; False if they are absent."""
    with open(path) as f:
        text = f.read()
    i, j = text.find(begin), text.find(end)
    if i < 0 or j < i:
        return False
    text = text[:i + len(begin)] + "\n" + table + "\n" + text[j:]
    with open(path, "w") as f:
        f.write(text)
    return True


def bench_sw(scale, w, t, dmem, seed, what, isa="rv32i"):
    """The folder of the bench programs for W x T and the ISA: the fixed problems (one
    build per DMEM), or under weak scaling sized for W*T threads."""
    if scale == "weak":
        return simjobs.build_bench_sw_weak(w * t, dmem, seed, what, isa)
    return simjobs.build_bench_sw(dmem, seed, what, isa)


def sig_words(kdir, kernel):
    with open(os.path.join(kdir, kernel + ".sig")) as f:
        return len(f.read().split())


def weak_sizing(ks, w, t, seed, isa):
    """Weak scaling sizes by threads: each kernel's outputs (one per item or per
    fixed group of items) are W*T times those of 1 thread, and at 1 thread smaller
    than the fixed problem's.  Lines of PASS/FAIL and the number failed."""
    one = dict(kernels_in(simjobs.build_bench_sw_weak(1, None, seed, "bench --check", isa),
                          isa=isa))
    fixed = dict(kernels_in(simjobs.build_bench_sw(None, seed, "bench --check", isa), isa=isa))
    lines, bad = [], 0
    for k, kdir in ks:
        n, n1, nf = sig_words(kdir, k), sig_words(one[k], k), sig_words(fixed[k], k)
        ok = n == w * t * n1 and 0 < n1 < nf
        bad += not ok
        lines.append("%s weak sizing: %s has %d signature words at %d threads, %d at 1, "
                     "%d fixed" % ("PASS" if ok else "FAIL", k, n, w * t, n1, nf))
    return lines, bad


def check_mode(a):
    """make test: every kernel on each --check configuration (under weak scaling with
    the sizing check), then the negative test on the first."""
    npass = nfail = nslow = 0
    track = a.tracks[0]
    isa = "" if a.isa == "rv32i" else " " + a.isa
    for n, (w, t) in enumerate(simjobs.parse_cfgs(a.check)):
        dmem = simjobs.c_dmem_kib(w, t)
        bench_dir = bench_sw(a.scale, w, t, dmem, a.seed, "bench --check", a.isa)
        sim = simjobs.build_sim(w, t, track, dmem, "bench --check", a.isa)
        ks = kernels_in(bench_dir, a.kernels, a.isa)
        for k, kdir in ks:
            rec = run_kernel((("rtl", track, sim), w, t, dmem, kdir, k,
                              os.path.join(kdir, k + ".sig"), False, a.isa))
            if rec.get("too_slow"):
                print(rec["too_slow"], flush=True)
                nslow += 1
                continue
            ok = rec["check"] == "ok"
            npass += ok
            nfail += not ok
            print("%s %s/%s %dx%d %s %s%s%s" % ("PASS" if ok else "FAIL", os.path.basename(kdir),
                                                k, w, t, a.scale, track, isa,
                                                "" if ok else ": " + rec["check"]), flush=True)
        if a.scale == "weak":
            lines, bad = weak_sizing(ks, w, t, a.seed, a.isa)
            print("\n".join(lines))
            npass += len(lines) - bad
            nfail += bad
        if n:
            continue
        # Negative test: one word of an expected signature changed must fail.
        k, kdir = ks[0]
        with tempfile.TemporaryDirectory() as tmp:
            bad = os.path.join(tmp, k + ".sig")
            with open(os.path.join(kdir, k + ".sig")) as f:
                words = f.read().split()
            words[len(words) // 2] = "%08x" % (int(words[len(words) // 2], 16) ^ 1)
            with open(bad, "w") as f:
                f.write("\n".join(words) + "\n")
            rec = run_kernel((("rtl", track, sim), w, t, dmem, kdir, k, bad, False, a.isa))
        if rec.get("too_slow"):
            print(rec["too_slow"] + " (the negative test)", flush=True)
            nslow += 1
            continue
        ok = rec["exit_code"] == 0 and rec["check"].startswith("signature: word")
        npass += ok
        nfail += not ok
        print("%s negative: %s with a corrupted expected signature -> %s" % (
            "PASS" if ok else "FAIL", k, rec["check"]))
    print("%d passed, %d failed%s" % (npass, nfail, ", %d too slow" % nslow if nslow else ""))
    return 1 if nfail else flows.SLOW_EXIT if nslow else 0


def default_out(scale, isa):
    """build/bench, build/bench-weak; for another ISA than rv32i with its suffix
    (build/bench-ia, build/bench-weak-ima)."""
    return os.path.join(simjobs.ROOT, "build", ("bench" if scale == "fixed" else "bench-" + scale)
                        + simjobs.isa_suffix(isa))


# A stand-in for simty-ref in the self-test: its arguments into args.txt beside it, the
# statistics and the signature (expected.sig beside it) where --stats and --signature say.
FAKE_REF = """#!/bin/sh
d=$(dirname "$0"); echo "$@" > "$d/args.txt"
while [ $# -gt 0 ]; do
  case $1 in
    --stats) printf '{"cycles": 100, "thread_instructions": 50, "yields": 3}' > "$2"; shift ;;
    --signature) cp "$d/expected.sig" "$2"; shift ;;
  esac; shift
done
"""


def isa_self_test(tmp):
    """--isa: the folders named as sw/sw.mk names them, kernels_in's bench_a kernels and
    groups, the model run with the ISA (a stand-in simty-ref), the records and outputs."""
    tests = []
    for isa in simjobs.ISAS:
        r = simjobs.run_cmd(simjobs.MAKE + ["-f", "sw/sw.mk", "ISA=" + isa, "sw-print-SW_OUT"],
                            60, cwd=simjobs.ROOT)
        tests.append(("%s: sw_out is sw/sw.mk's SW_OUT (%s)" % (isa, r["out"].strip()),
                      os.path.relpath(simjobs.sw_out(None, isa), simjobs.ROOT) == r["out"].strip()))
    tests.append(("sw_out with DMEM and an ISA: build/sw-ia-D1024", simjobs.sw_out(1024, "rv32ia")
                  == os.path.join(simjobs.ROOT, "build", "sw-ia-D1024")))
    sw = os.path.join(tmp, "sw-ia")
    for f in ("bench/a.elf", "bench/b.elf", "bench_a/c.elf", "bench_a/c.sig"):
        os.makedirs(os.path.dirname(os.path.join(sw, f)), exist_ok=True)
        open(os.path.join(sw, f), "w").close()
    bench, bench_a = os.path.join(sw, "bench"), os.path.join(sw, "bench_a")
    try:
        kernels_in(bench, ["c"], "rv32i")
        refused = False
    except SystemExit:
        refused = True
    tests += [
        ("kernels_in: with A also bench_a's kernels, by name",
         kernels_in(bench, None, "rv32ia") == [("a", bench), ("b", bench), ("c", bench_a)]),
        ("kernels_in: without A only bench's, and a bench_a kernel is refused",
         kernels_in(bench, None, "rv32im") == [("a", bench), ("b", bench)] and refused),
        ("kernels_in: a group name selects its kernels, names and groups mix",
         kernels_in(bench, ["bench_a"], "rv32ima") == [("c", bench_a)]
         and kernels_in(bench, ["bench_a", "a"], "rv32ia") == [("a", bench), ("c", bench_a)]),
        ("default output folders: build/bench, build/bench-ia, build/bench-weak-ima",
         [os.path.relpath(default_out(s, i), simjobs.ROOT) for s, i in
          (("fixed", "rv32i"), ("fixed", "rv32ia"), ("weak", "rv32ima"))]
         == ["build/bench", "build/bench-ia", "build/bench-weak-ima"]),
    ]
    fake = fake_model(tmp)
    real, simjobs.REF_BIN = simjobs.REF_BIN, fake
    try:
        rec = run_kernel((("ref", "minsp-pc", None), 2, 4, None, bench_a, "c",
                          os.path.join(tmp, "expected.sig"), False, "rv32ia"))
    finally:
        simjobs.REF_BIN = real
    with open(os.path.join(tmp, "args.txt")) as f:
        args = f.read().split()
    tests.append(("the model runs with --isa; the record has the ISA and the yields",
                  "--isa rv32ia" in " ".join(args) and args[-1] == os.path.join(bench_a, "c.elf")
                  and rec["check"] == "ok" and rec["isa"] == "rv32ia" and rec["yields"] == 3))
    return tests


def timing_self_test(tmp, recs, summary):
    """--model-timing: the model's arguments (a stand-in simty-ref records them), the
    records' and tables' clock, and --rtl-from's RTL records read back from a bench.csv."""
    tests = []
    d = os.path.join(tmp, "timing")
    os.makedirs(d)
    fake = fake_model(d)
    open(os.path.join(d, "k.elf"), "w").close()
    got = {}
    real, simjobs.REF_BIN = simjobs.REF_BIN, fake
    try:
        for timing in MODEL_TIMINGS:
            a = argparse.Namespace(tracks=[], policies=["ipdom"], isa="rv32i",
                                   model_timing=timing)
            eng = engines_for(a, 8, 8, None, "self-test")[0]
            rec = run_kernel((eng, 8, 8, None, d, "k", os.path.join(d, "expected.sig"),
                              False, "rv32i"))
            with open(os.path.join(d, "args.txt")) as f:
                got[timing] = (f.read().split(), rec)
    finally:
        simjobs.REF_BIN = real
    args, rec = got["rtl"]
    tests += [
        ("--model-timing rtl: the model runs with --timing rtl --track arbiter "
         "(simjobs.model_args), the record says rtl",
         " ".join(args).find("--policy ipdom") >= 0 and "--timing rtl --track arbiter"
         in " ".join(args) and rec["model_timing"] == "rtl" and rec["check"] == "ok"),
        ("--model-timing latency: no timing argument, the record says latency",
         "--timing" not in got["latency"][0] and "--track" not in got["latency"][0]
         and got["latency"][1]["model_timing"] == "latency"),
        ("the default clock is rtl", main_defaults().model_timing == "rtl"),
    ]
    meta = {"seed": 1, "scale": "fixed", "kernels": ["a", "b"], "cfgs": ["1x1", "8x8"],
            "tracks": ["sorted"], "policies": ["minsp-pc"]}
    out = os.path.join(tmp, "timing-out")
    write_outputs(out, recs, summary, dict(meta, model_timing="rtl"))
    with open(os.path.join(out, "bench.md")) as f:
        md_rtl = f.read()
    with open(os.path.join(out, "bench.csv")) as f:
        rows = list(csv.DictReader(f))
    pol_rtl = policy_tables(recs, summary, dict(meta, model_timing="rtl"))
    pol_lat = policy_tables(recs, summary, dict(meta, model_timing="latency"))
    tests += [
        ("bench.csv has the model_timing column; bench.md names the clock",
         "model_timing" in rows[0] and "--timing rtl --track arbiter" in md_rtl
         and "latency model" not in md_rtl),
        ("policies.md: one clock under rtl (the arbiter core's pipeline), the latency "
         "model's caveat under latency",
         "one clock, the arbiter core's pipeline" in pol_rtl and "latency model" not in pol_rtl
         and "cycles from its latency model" in pol_lat and "lower bound" in pol_lat),
    ]
    arb = [dict(r, engine="arbiter", model_timing=None) for r in recs if r["model"] == "rtl"]
    ref = [dict(r, model_timing="rtl") for r in recs if r["model"] == "ref"]
    write_outputs(out, arb + ref, totals(arb + ref), dict(meta, model_timing="rtl"))
    back = rtl_records(os.path.join(out, "bench.csv"), {(8, 8), (1, 1)}, ["a"])
    pol = policy_tables(back + ref, totals(back + ref), dict(meta, model_timing="rtl"))
    tests += [
        ("--rtl-from: the RTL records of a bench.csv, typed, for the configurations and "
         "kernels asked",
         sorted((r["kernel"], r["W"], r["T"], r["engine"]) for r in back)
         == [("a", 1, 1, "arbiter"), ("a", 8, 8, "arbiter")]
         and [(r["cycles"], r["fmax_mhz"]) for r in back if r["W"] == 8] == [(1000, 80.0)]),
        ("policies.md: model minsp-pc / RTL arbiter cycles per configuration (900 / 1000)",
         "0.900 at 8x8" in pol and "warp instructions equal at every configuration" in pol),
    ]
    return tests


def main_defaults():
    """main()'s options with no argument (the self-test's view of the defaults)."""
    argv, sys.argv = sys.argv, [sys.argv[0]]
    try:
        return build_parser().parse_args()
    finally:
        sys.argv = argv


def fake_model(d):
    """The self-tests' stand-in simty-ref (FAKE_REF) in d, with the signature it
    passes, d/expected.sig: its path."""
    fake = os.path.join(d, "simty-ref")
    with open(fake, "w") as f:
        f.write(FAKE_REF)
    os.chmod(fake, 0o755)
    with open(os.path.join(d, "expected.sig"), "w") as f:
        f.write("00000001\n")
    return fake


def self_test():
    """derive(), totals() and the outputs on made-up runs and a made-up results.json:
    the figure's arithmetic, its columns and tables, and the weak speed-up."""
    def rec(kernel, w, t, model, cycles, tinsns, scale="fixed"):
        return {"kernel": kernel, "W": w, "T": t, "model": model, "engine":
                "sorted" if model == "rtl" else "minsp-pc", "check": "ok", "cycles": cycles,
                "warp_instructions": tinsns // t, "thread_instructions": tinsns, "replays": 0,
                "thread_ipc": tinsns / cycles, "peak_paths": 1, "scale": scale}
    tests = []
    with tempfile.TemporaryDirectory() as tmp:
        res = {"status": "ok", "fmax_mhz": 80.0, "area": {"lut": 10000, "carry": 500},
               "units": {"total": {"lut": 12000, "carry": 600}, "core": {"lut": 9000}}}
        for cfg, r in (("W8_T8_sorted", res), ("W2_T4_sorted", dict(res, status="timeout")),
                       ("W8_T8_sorted_ia", dict(res, fmax_mhz=70.0))):
            d = os.path.join(tmp, "build", cfg, "synth-ecp5")
            os.makedirs(d)
            with open(os.path.join(d, "results.json"), "w") as f:
                json.dump(r, f)
        recs = [rec("a", 8, 8, "rtl", 1000, 2000), rec("b", 8, 8, "rtl", 3000, 3000),
                rec("a", 1, 1, "rtl", 8000, 2000), rec("b", 1, 1, "rtl", 9000, 3000),
                rec("a", 2, 4, "rtl", 2000, 2000), rec("a", 8, 8, "ref", 900, 2000)]
        derive(recs, tmp)
        ia = [dict(rec("a", 8, 8, "rtl", 1000, 2000), isa="rv32ia", dmem_kib=256)]
        derive(ia, tmp)
        summary = totals(recs)
        r88, r11, r24, ref = recs[0], recs[2], recs[4], recs[5]
        s88 = [s for s in summary if (s["W"], s["T"], s["model"]) == (8, 8, "rtl")][0]
        tests += [
            ("logic is LUT4 + 2 x carry of the flat count, logic_hier of the kept total",
             (r88["logic"], r88["logic_hier"]) == (11000, 13200)),
            ("per record: thread IPC x Fmax / (logic / 1000)",
             r88["thread_insns_per_s"] == 160000000
             and r88["thread_insns_per_s_per_klogic"] == round(2.0 * 80e6 / 11)),
            ("all kernels: total thread IPC (5000 / 4000 cycles), not a mean of the kernels",
             abs(s88["thread_insns_per_s_per_klogic"] - 1.25 * 80e6 / 11) < 1e-3),
            ("empty without a result, with one not routed, and for the model",
             all(x[k] is None for x in (r11, r24, ref) for k in FIGURE_KEYS)),
            ("fixed speed-up: cycles at 1x1 / cycles", r88["speedup"] == 8.0),
            ("an rv32ia record takes the rv32ia core's synthesis (W8_T8_sorted_ia), not rv32i's",
             ia[0]["fmax_mhz"] == 70.0),
        ]
        out = os.path.join(tmp, "out")
        write_outputs(out, recs, summary, {"seed": 1, "scale": "fixed", "kernels": ["a", "b"],
                                           "cfgs": ["1x1", "8x8"], "tracks": ["sorted"],
                                           "policies": ["minsp-pc"]})
        with open(os.path.join(out, "bench.csv")) as f:
            rows = list(csv.DictReader(f))
        with open(os.path.join(out, "bench.md")) as f:
            md = f.read()
        tests += [
            ("bench.csv has the figure's columns and the scale",
             rows[0]["thread_insns_per_s_per_klogic"] == str(round(2.0 * 80e6 / 11))
             and rows[0]["logic"] == "11000" and rows[0]["logic_hier"] == "13200"
             and rows[0]["scale"] == "fixed" and rows[2]["thread_insns_per_s_per_klogic"] == ""),
            ("bench.md's figure table: 8x8 row and the picorv32 yardstick (15.1 M/s)",
             "| 8 x 8 | sorted | 1.250 | 80.0 | 11000 | 13200 | 100.0 | 9.1 |" in md
             and "| 1 x 1 | sorted | 0.294 | - | - | - | - | - |" in md
             and "| 104.3 | 1722 | - | 26.1 | 15.1 |" in md),
        ]
        weak = [rec("a", 8, 8, "rtl", 2000, 128000, "weak"), rec("a", 1, 1, "rtl", 8000, 2000, "weak")]
        derive(weak, tmp)
        tests.append(("weak speed-up: W*T x cycles at 1x1 / cycles",
                      weak[0]["speedup"] == 256.0 and totals(weak)[-1]["speedup"] == 256.0))
        write_outputs(out, recs, summary, {"seed": 1, "scale": "fixed", "kernels": ["a", "b"],
                                           "cfgs": ["1x1", "8x8"], "tracks": ["sorted"],
                                           "policies": ["minsp-pc"], "isa": "rv32ia"})
        with open(os.path.join(out, "bench.md")) as f:
            md_ia = f.read()
        tests.append(("bench.md names another ISA than rv32i, not rv32i",
                      "ISA rv32ia (the programs" in md_ia and "ISA rv32i" not in md))
        tests += isa_self_test(tmp)
        tests += timing_self_test(tmp, recs, summary)
    return simjobs.report_tests(tests)


def build_parser():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cfgs", default="8x8 4x64", help="W x T list; 1x1 is always added")
    ap.add_argument("--track", default="both", choices=("sorted", "arbiter", "both", "none"))
    ap.add_argument("--policies", default=" ".join(simjobs.POLICIES),
                    help="reference model policies ('none': no model runs)")
    ap.add_argument("--kernels", help="a subset of the kernels")
    ap.add_argument("--seed", type=int, default=1, help="BENCH_SEED of the inputs")
    ap.add_argument("--jobs", type=int, default=1,
                    help="runs at a time on the LocalCluster (up to the cores; "
                         "DASK_SCHEDULER: the cluster's threads)")
    ap.add_argument("--scale", default="fixed", choices=("fixed", "weak"),
                    help="fixed: the same problems at every W x T (comparable with earlier "
                         "figures); weak: each kernel's problem sized for W*T threads")
    ap.add_argument("--isa", default="rv32i", choices=simjobs.ISAS,
                    help="compile the programs, generate the cores and run the model for it; "
                         "with A the bench_a kernels too (default %(default)s)")
    ap.add_argument("--out", help="default build/bench, build/bench-weak for --scale weak, "
                                  "with -<isa> (build/bench-ia) for another ISA than rv32i")
    ap.add_argument("--synth-root", default=simjobs.ROOT,
                    help="tree whose build/<cfg>/synth-ecp5/results.json give Fmax")
    ap.add_argument("--no-plots", action="store_true")
    ap.add_argument("--model-timing", default="rtl", choices=MODEL_TIMINGS,
                    help="the model's clock: rtl (--timing rtl --track arbiter, the arbiter "
                         "core's pipeline) or latency (tb/ref/latency.c) (default %(default)s)")
    ap.add_argument("--rtl-from", metavar="FILE",
                    help="with --track none: the RTL records of an earlier run's bench.csv or "
                         "bench.json (e.g. docs/bench/bench.csv), only the model runs")
    ap.add_argument("--docs", metavar="DIR",
                    help="also copy bench.md, bench.csv and the plots there and rewrite "
                         "the README's table (make bench-docs)")
    ap.add_argument("--policy-docs", metavar="DIR",
                    help="copy only policies.md and the reconvergence plot there and rewrite "
                         "the README's policy table (a partial run, e.g. 8x8 and 4x64)")
    ap.add_argument("--no-mem-passes", action="store_true",
                    help="no commit logs: faster, without memory passes per memory instruction")
    ap.add_argument("--check", metavar="WxT", help="signature check on these configurations")
    ap.add_argument("--self-test", action="store_true",
                    help="check the figure's arithmetic, columns and tables on made-up results")
    return ap


def main():
    a = build_parser().parse_args()
    if a.self_test:
        return self_test()
    a.out = a.out or default_out(a.scale, a.isa)
    if a.scale != "fixed" and (a.docs or a.policy_docs):
        sys.exit("bench: --docs and --policy-docs write the README's tables of the fixed "
                 "problems: not with --scale %s" % a.scale)
    if a.isa != "rv32i" and (a.docs or a.policy_docs):
        sys.exit("bench: --docs and --policy-docs write the README's tables of the rv32i "
                 "programs: not with --isa %s" % a.isa)
    if not 1 <= a.jobs <= (os.cpu_count() or 1):
        sys.exit("bench: --jobs %d: 1 to %d (the machine's cores)" % (a.jobs, os.cpu_count() or 1))
    a.tracks = [] if a.track == "none" else list(simjobs.TRACKS) if a.track == "both" else [a.track]
    a.policies = [] if a.policies.strip() == "none" else a.policies.split()
    for p in a.policies:
        if p not in simjobs.POLICIES:
            sys.exit("bench: --policies: %s is not one of %s" % (p, " ".join(simjobs.POLICIES)))
    a.kernels = a.kernels.split() if a.kernels else None
    if a.rtl_from and a.tracks:
        sys.exit("bench: --rtl-from takes the RTL records of an earlier run: with --track none")
    if a.check:
        if not a.tracks:
            sys.exit("bench: --check needs a tracker")
        return check_mode(a)

    cfgs = simjobs.parse_cfgs("1x1 " + a.cfgs)
    simjobs.make(["ref"], "bench")
    jobs, ks = [], None
    t_start = time.time()
    # the programs and simulators of each configuration (minutes for a simulator)
    with simjobs.Progress(len(cfgs), "bench: building", "configuration") as prog:
        for w, t in cfgs:
            prog.start("%dx%d" % (w, t))
            dmem = simjobs.c_dmem_kib(w, t)
            bench_dir = bench_sw(a.scale, w, t, dmem, a.seed, "bench", a.isa)
            ks = kernels_in(bench_dir, a.kernels, a.isa)
            prog.write("bench: %dx%d: building %s" % (w, t, ", ".join(a.tracks) or "no simulator"))
            for eng in engines_for(a, w, t, dmem, "bench"):
                for k, kdir in ks:
                    jobs.append((eng, w, t, dmem, kdir, k, os.path.join(kdir, k + ".sig"),
                                 not a.no_mem_passes, a.isa))
            prog.update("%dx%d" % (w, t))
    print("bench: %d runs (%d kernels x %d configurations x %d engines), %d at a time, "
          "%s problems, %s" % (len(jobs), len(ks), len(cfgs), len(a.tracks) + len(a.policies),
                               a.jobs, a.scale, a.isa), flush=True)
    recs = simjobs.run_map(run_kernel, jobs, a.jobs, "bench",
                           ["%s-%dx%d-%s" % (j[5], j[1], j[2], j[0][1]) for j in jobs])
    for r in recs:
        r["scale"] = a.scale
    derive(recs, a.synth_root)
    if a.rtl_from:
        old = rtl_records(a.rtl_from, set(cfgs), [k for k, _ in ks])
        if not old:
            sys.exit("bench: --rtl-from %s has no RTL record of %s" % (a.rtl_from, a.cfgs))
        a.tracks = [t for t in simjobs.TRACKS if any(r["engine"] == t for r in old)]
        recs = old + recs
    summary = totals(recs)
    meta = {"seed": a.seed, "scale": a.scale, "kernels": [k for k, _ in ks],
            "cfgs": ["%dx%d" % c for c in cfgs], "tracks": a.tracks, "policies": a.policies,
            "isa": a.isa, "model_timing": a.model_timing,
            "model_args": model_timing_args(a.model_timing),
            "rtl_from": a.rtl_from and os.path.relpath(a.rtl_from, simjobs.ROOT),
            "seconds": round(time.time() - t_start, 1)}
    write_outputs(a.out, recs, summary, meta)
    with open(os.path.join(a.out, "policies.md"), "w") as f:
        f.write(policy_tables(recs, summary, meta))
    if not a.no_plots:
        import bench_plot
        bench_plot.plot_all(recs, summary, a.out)
    slow = [r for r in recs if r.get("too_slow")]
    for r in slow:
        print(r["too_slow"])
    bad = [r for r in recs if r["check"] != "ok" and not r.get("too_slow")]
    for r in bad:
        print("FAIL bench/%s %dx%d %s: %s" % (r["kernel"], r["W"], r["T"], engine_label(r),
                                               r["check"]))
    if a.docs:
        os.makedirs(a.docs, exist_ok=True)
        for f in sorted(os.listdir(a.out)):
            if f in ("bench.md", "bench.csv", "policies.md") or (f.endswith((".png", ".svg"))
                                                  and not f.startswith("timeline")):
                shutil.copy(os.path.join(a.out, f), a.docs)
        readme = os.path.join(simjobs.ROOT, "docs", "bench", "README.md")
        if not update_readme(readme, readme_table(recs, summary)):
            print("bench: docs/bench/README.md has no bench table markers: not updated")
        if not update_readme(readme, readme_policy_table(recs, summary),
                             README_POL_BEGIN, README_POL_END):
            print("bench: docs/bench/README.md has no policy table markers: not updated")
    if a.policy_docs:
        os.makedirs(a.policy_docs, exist_ok=True)
        for f in ("policies.md", "reconvergence.png", "reconvergence.svg"):
            if os.path.exists(os.path.join(a.out, f)):
                shutil.copy(os.path.join(a.out, f), a.policy_docs)
        if not update_readme(os.path.join(simjobs.ROOT, "docs", "bench", "README.md"),
                             readme_policy_table(recs, summary), README_POL_BEGIN,
                             README_POL_END):
            print("bench: docs/bench/README.md has no policy table markers: not updated")
    print("bench: %d runs, %d failed%s, %.0f s; %s/bench.{md,csv,json}" % (
        len(recs), len(bad), ", %d too slow" % len(slow) if slow else "",
        time.time() - t_start, os.path.relpath(a.out, os.getcwd())))
    return 1 if bad else flows.SLOW_EXIT if slow else 0


if __name__ == "__main__":
    sys.exit(main())
