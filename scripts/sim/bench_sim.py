#!/usr/bin/env python3
"""Simulator speed: the Verilated core and the reference model (`make bench-sim`).

    scripts/sim/bench_sim.py [--cfgs "8x8 4x64"] [--track sorted] [--repeat 3]
                         [--seed 1] [--kernels "saxpy mandel"] [--short add]
                         [--sim WxT=PATH]... [--ref PATH] [--label TEXT]
                         [--out build/bench-sim]
    scripts/sim/bench_sim.py --check     # make test: one small run, the files checked

For each configuration (W x T):
  - cycles/s of the Verilated core on the benchmark kernels (sw/bench, the
    programs of `make bench`): all kernels in one simulator process, no
    output options (what the harness does by default: outcome, statistics
    counters and the path checks, no commit log); simulated clock cycles
    (their --stats) / seconds;
  - start-up: ELF loading, Verilator construction and reset, per program,
    as a fraction of the run of a short rv32ui test (--short, default `add`):
    the per-program time of N copies of the test in one process under
    --max-cycles 1 (start-up, one cycle, the hang report) against N full
    runs, each less the time of one copy, so the process start cancels out.
    The process start itself (exec, dynamic linking, one start-up) is
    reported beside it: a one-test process pays it once;
  - the reference model (build/tools/simty-ref, policy minsp-pc, the same W x
    T): thread instructions/s on the same kernels, all in one process.
Times are CPU seconds (user + system) of the measured process, the median of
--repeat runs, so another job sharing the machine costs less accuracy than it
would in wall-clock time (which is recorded too); the load average before and
after is in the results.  Runs are one at a time, not through the job runner
(scripts/lib/simjobs.py), which would run them side by side and skew each other.

--sim WxT=PATH and --ref PATH measure other binaries (an older build kept for
a before/after comparison) on the same programs; they must be builds of the
same configuration.  Writes <out>/bench-sim.json and bench-sim.md, prints the
table.
"""
import argparse
import glob
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lib"))
import simjobs  # noqa: E402

STARTUP_COPIES = 40     # programs per process for the start-up difference
REF_COPIES = 5          # times the kernel list is repeated in one model process


def load_average():
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return None


def timed(cmd, ok=(0,)):
    """Run cmd (output discarded); CPU seconds of the child and wall seconds."""
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    p = subprocess.run(cmd, cwd=simjobs.ROOT, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - t0
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode not in ok:
        sys.exit("bench-sim: %s: exit %d\n%s" % (" ".join(cmd[:4]) + " ...", p.returncode,
                                                 p.stderr[-2000:]))
    return (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime), wall


def median_timed(cmd, repeat, ok=(0,)):
    runs = [timed(cmd, ok) for _ in range(repeat)]
    return statistics.median(c for c, _ in runs), statistics.median(w for _, w in runs)


def stats_of(cmd):
    """--stats of one run (the simulator's or the model's)."""
    with tempfile.TemporaryDirectory() as tmp:
        st = os.path.join(tmp, "s.json")
        p = subprocess.run(cmd[:1] + ["--quiet", "--stats", st] + cmd[1:], cwd=simjobs.ROOT,
                           capture_output=True, text=True)
        if p.returncode != 0:
            sys.exit("bench-sim: %s: exit %d\n%s" % (" ".join(cmd), p.returncode, p.stdout))
        with open(st) as f:
            return json.load(f)


def measure_cfg(w, t, a, sim, elfs, short_elf):
    rec = {"W": w, "T": t, "track": a.track, "sim": os.path.relpath(sim, simjobs.ROOT),
           "kernels": len(elfs)}
    # Simulated cycles of each kernel (deterministic), then the timed runs.
    rec["cycles"] = sum(stats_of([sim, e])["cycles"] for e in elfs)
    cpu, wall = median_timed([sim, "--quiet"] + elfs, a.repeat)
    rec.update(sim_cpu_s=round(cpu, 4), sim_wall_s=round(wall, 4),
               cycles_per_s=round(rec["cycles"] / cpu), cycles_per_wall_s=round(rec["cycles"] / wall))
    # Start-up against a short test, per program (process start cancelled).
    n = STARTUP_COPIES
    short_cycles = stats_of([sim, short_elf])["cycles"]
    hang = ["--max-cycles", "1"]
    one_s, _ = median_timed([sim, "--quiet"] + hang + [short_elf], a.repeat, ok=(2,))
    many_s, _ = median_timed([sim, "--quiet"] + hang + [short_elf] * n, a.repeat, ok=(2,))
    one_f, _ = median_timed([sim, "--quiet", short_elf], a.repeat)
    many_f, _ = median_timed([sim, "--quiet"] + [short_elf] * n, a.repeat)
    start = max(0.0, (many_s - one_s) / (n - 1))
    run = max(1e-9, (many_f - one_f) / (n - 1))
    proc = max(0.0, one_s - start)      # exec, dynamic linking, static constructors
    rec.update(short_test=os.path.relpath(short_elf, simjobs.ROOT), short_cycles=short_cycles,
               startup_ms=round(start * 1e3, 3), short_run_ms=round(run * 1e3, 3),
               startup_fraction=round(start / run, 4), process_start_ms=round(proc * 1e3, 3),
               process_fraction=round((proc + start) / (proc + run), 4))
    # The reference model on the same kernels and configuration.
    ref = a.ref
    dmem = simjobs.c_dmem_kib(w, t)
    base = [ref, "-W", str(w), "-T", str(t), "--policy", "minsp-pc"] + \
        (["--dmem", str(dmem)] if dmem else [])
    ti = sum(stats_of(base + [e])["thread_instructions"] for e in elfs)
    cpu, wall = median_timed(base + ["--quiet"] + elfs * REF_COPIES, a.repeat)
    rec.update(ref=os.path.relpath(ref, simjobs.ROOT), ref_thread_instructions=ti * REF_COPIES,
               ref_cpu_s=round(cpu, 4), ref_thread_insns_per_s=round(ti * REF_COPIES / cpu))
    return rec


def table(recs):
    lines = ["| W x T | tracker | kernels | cycles | cycles/s (CPU) | cycles/s (wall) "
             "| start-up / short test | process start | model thread insns/s |",
             "|---|---|---|---|---|---|---|---|---|"]
    for r in recs:
        lines.append("| %d x %d | %s | %d | %d | %s | %s | %.3f ms / %.2f ms = %.1f %% | %.2f ms "
                     "(one-test process: %.0f %%) | %.1f M |" % (
                         r["W"], r["T"], r["track"], r["kernels"], r["cycles"],
                         "{:,}".format(r["cycles_per_s"]), "{:,}".format(r["cycles_per_wall_s"]),
                         r["startup_ms"], r["short_run_ms"], 100 * r["startup_fraction"],
                         r["process_start_ms"], 100 * r["process_fraction"],
                         r["ref_thread_insns_per_s"] / 1e6))
    return lines


def write(out, recs, meta):
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "bench-sim.json"), "w") as f:
        json.dump({"meta": meta, "results": recs}, f, indent=1)
    md = ["# Simulator speed (`make bench-sim`)", "",
          "%s%d bench kernels (seed %s), all in one process; cycles/s = simulated clock "
          "cycles / CPU seconds of the simulator (median of %d runs). Start-up: ELF loading, "
          "Verilator construction and reset per program, against a run of `%s` (both per "
          "program, the process start cancelled); process start: exec, dynamic linking and one "
          "start-up, paid once by a process. Model: `simty-ref --policy minsp-pc`, same "
          "configuration and kernels, thread instructions / CPU second. Load average before "
          "/ after: %s / %s on %s cores." % (
              (meta["label"] + ": ") if meta["label"] else "", len(meta["kernels"]), meta["seed"],
              meta["repeat"], meta["short"], meta["load_before"], meta["load_after"],
              meta["cores"]), ""]
    md += table(recs)
    with open(os.path.join(out, "bench-sim.md"), "w") as f:
        f.write("\n".join(md) + "\n")


def parse_sims(items):
    out = {}
    for it in items or []:
        cfg, _, path = it.partition("=")
        if not path:
            sys.exit("bench-sim: --sim %s: want WxT=PATH" % it)
        try:
            out[simjobs.parse_cfg(cfg)] = os.path.abspath(path)
        except ValueError as e:
            sys.exit("bench-sim: --sim: %s" % e)
        if not os.access(out[simjobs.parse_cfg(cfg)], os.X_OK):
            sys.exit("bench-sim: --sim %s: not an executable" % it)
    return out


def check_mode():
    """make test: 2x4, two kernels, one repetition; the outputs must be sane."""
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [sys.executable, os.path.abspath(__file__), "--cfgs", "2x4", "--repeat", "1",
               "--kernels", "saxpy matmul", "--out", tmp]
        p = subprocess.run(cmd, capture_output=True, text=True)
        ok = p.returncode == 0
        print("%s bench-sim runs (exit %d)" % ("PASS" if ok else "FAIL", p.returncode))
        if not ok:
            print(p.stdout + p.stderr)
            print("0 passed, 1 failed")
            return 1
        with open(os.path.join(tmp, "bench-sim.json")) as f:
            res = json.load(f)["results"]
        md = open(os.path.join(tmp, "bench-sim.md")).read()
        checks = [
            ("one record for 2x4", len(res) == 1 and (res[0]["W"], res[0]["T"]) == (2, 4)),
            ("cycles of two kernels", res and res[0]["kernels"] == 2 and res[0]["cycles"] > 0),
            ("positive speeds", res and res[0]["cycles_per_s"] > 0
             and res[0]["ref_thread_insns_per_s"] > 0),
            ("start-up fraction in [0, 1)", res and 0 <= res[0]["startup_fraction"] < 1),
            ("Markdown table row", "| 2 x 4 | sorted | 2 |" in md),
        ]
        n = 0
        for name, good in checks:
            print("%s %s" % ("PASS" if good else "FAIL", name))
            n += bool(good)
        print("%d passed, %d failed" % (n + 1, len(checks) - n))
        return 0 if n == len(checks) else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cfgs", default="8x8 4x64", help="W x T list (BENCH_SIM_CFGS)")
    ap.add_argument("--track", default="sorted", choices=simjobs.TRACKS)
    ap.add_argument("--repeat", type=int, default=3, help="timed runs per figure (median)")
    ap.add_argument("--seed", type=int, default=1, help="BENCH_SEED of the kernels' inputs")
    ap.add_argument("--kernels", help="a subset of the kernels")
    ap.add_argument("--short", default="add", help="the short rv32ui test of the start-up figure")
    ap.add_argument("--sim", action="append", metavar="WxT=PATH",
                    help="measure this simulator binary for WxT instead of building one")
    ap.add_argument("--ref", default=simjobs.REF_BIN, help="the reference model binary")
    ap.add_argument("--label", default="", help="a name for this measurement in the Markdown")
    ap.add_argument("--out", default=os.path.join(simjobs.ROOT, "build", "bench-sim"))
    ap.add_argument("--check", action="store_true", help="the make test check")
    a = ap.parse_args()
    if a.check:
        return check_mode()
    if a.repeat < 1:
        sys.exit("bench-sim: --repeat %d: at least 1" % a.repeat)
    try:
        cfgs = simjobs.parse_cfgs(a.cfgs)
    except ValueError as e:
        sys.exit("bench-sim: --cfgs: %s" % e)
    sims = parse_sims(a.sim)
    a.ref = os.path.abspath(a.ref)
    if a.ref == simjobs.REF_BIN:
        simjobs.make(["ref"], "bench-sim")
    short = os.path.join(simjobs.sw_out(), "rv32ui", a.short + ".elf")
    if not os.path.exists(os.path.join(simjobs.ROOT, "sw", "rv32ui", a.short + ".S")):
        sys.exit("bench-sim: --short %s: no sw/rv32ui/%s.S" % (a.short, a.short))
    simjobs.make([os.path.relpath(short, simjobs.ROOT)], "bench-sim")
    meta = {"label": a.label, "seed": a.seed, "repeat": a.repeat, "short": a.short,
            "cores": os.cpu_count(), "machine": platform.machine(),
            "load_before": load_average(), "date": time.strftime("%Y-%m-%d %H:%M:%S UTC",
                                                                 time.gmtime())}
    recs, kernels = [], []
    print("| W x T | tracker | kernels | cycles | cycles/s (CPU) | cycles/s (wall) "
          "| start-up / short test | process start | model thread insns/s |", flush=True)
    print("|---|---|---|---|---|---|---|---|---|", flush=True)
    for w, t in cfgs:
        dmem = simjobs.c_dmem_kib(w, t)
        bench_dir = simjobs.build_bench_sw(dmem, a.seed, "bench-sim")
        elfs = sorted(glob.glob(os.path.join(bench_dir, "*.elf")))
        if a.kernels:
            want = a.kernels.split()
            elfs = [e for e in elfs if os.path.basename(e)[:-4] in want]
            if len(elfs) != len(want):
                sys.exit("bench-sim: --kernels %s: not all in %s" % (a.kernels, bench_dir))
        kernels = [os.path.basename(e)[:-4] for e in elfs]
        sim = sims.get((w, t)) or simjobs.build_sim(w, t, a.track, dmem, "bench-sim")
        # (an rv32ui test needs no more than the default data memory: it runs as it is
        # on a simulator built with a larger one)
        rec = measure_cfg(w, t, a, sim, elfs, short)
        recs.append(rec)
        print(table([rec])[-1], flush=True)
    meta["kernels"] = kernels
    meta["load_after"] = load_average()
    write(a.out, recs, meta)
    print("bench-sim: load average %s before, %s after (%s cores); %s/bench-sim.{md,json}" % (
        meta["load_before"], meta["load_after"], meta["cores"],
        os.path.relpath(a.out, os.getcwd())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
