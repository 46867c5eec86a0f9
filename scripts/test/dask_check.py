#!/usr/bin/env python3
"""The job runner on a real Dask cluster (make test's `dask` check).

Starts `dask scheduler` and one `dask worker` (2 threads, resource pnr=1) as
processes on localhost, then runs three small sweeps twice, once on the default
LocalCluster and once with DASK_SCHEDULER naming that scheduler, and checks that
both give the same results:

  fuzz.py     12 random programs on the 2x4 sorted simulator (every seed's verdict,
              exit kind and model cycles);
  bench.py    two kernels on the reference model at 2x4 (bench.csv without timings);
  compare.py  an iCE40 sweep with --budget 0: every point's two jobs go through the
              cluster (the place-and-route job needs the worker's "pnr" resource, or
              it never runs and the check times out), find the budget spent and
              report what an earlier run left; the table must be the same.

Prints PASS/FAIL per check and `N passed, M failed`; exit 1 on a failure.  The
verdicts come from the runs' own bounds (the programs' cycle limits, the sweeps' sizes);
the wall clock is a backstop only (BACKSTOP s a run or for the worker to start;
TEST_BACKSTOP replaces it): a run it stops prints "TOO SLOW ...", no verdict for it or
the checks after it, exit 3 if nothing failed.
"""
import csv
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lib"))
import flows  # noqa: E402  (PYTHON, the scripts' paths, the backstop)
import simjobs  # noqa: E402

ROOT = simjobs.ROOT
PY = flows.tool("PYTHON")
DASK = os.path.join(ROOT, ".venv", "bin", "dask")
OUT = os.path.join(ROOT, "build", "test", "dask")
# The whole check (the worker's start and six runs) took 20 s at load average 5 on this
# 2-core machine; 900 s a run is far from that on any loaded machine (flows.backstop).
BACKSTOP = 900


class TooSlow(Exception):
    pass


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(cmd, log):
    return subprocess.Popen(cmd, stdout=open(log, "w"), stderr=subprocess.STDOUT, cwd=ROOT)


def wait_for_worker(addr, procs):
    """True once the scheduler has a worker; False if a process ended (a failure);
    TooSlow if neither happened within the backstop."""
    from distributed import Client
    t0, secs = time.time(), flows.backstop(BACKSTOP)
    while time.time() - t0 < secs:
        if any(p.poll() is not None for p in procs):
            return False
        try:
            with Client(addr, timeout="%ds" % max(1, min(5, int(secs)))) as c:
                if c.scheduler_info()["workers"]:
                    return True
        except OSError:
            pass
        time.sleep(1)
    raise TooSlow(flows.too_slow("the dask worker's start", secs, "its registration "
                                 "with the scheduler (its processes still running)"))


def run(cmd, env, bound):
    """(exit status, output) of cmd; TooSlow if the backstop stopped it before its
    bound (what decides its verdict)."""
    secs = flows.backstop(BACKSTOP)
    r = simjobs.run_cmd(cmd, secs, 0, cwd=ROOT, env=env)
    if r["status"] == "timeout":
        raise TooSlow(flows.too_slow("%s%s" % (cmd[1],
                                               " (through the scheduler)" if "DASK_SCHEDULER" in env
                                               else " (LocalCluster)"), secs, bound))
    return r["rc"], r["out"] + r["err"]


def fuzz_verdicts(text):
    """seed -> "ok 2x4:sorted:PASS/660" (the timings dropped)."""
    out = {}
    for m in re.finditer(r"^\[\d+/\d+\] seed (\d+) (\S+) [\d.]+s (.*)$", text, re.M):
        out[int(m.group(1))] = m.group(2) + " " + re.sub(r"/[\d.]+s\b", "", m.group(3))
    return out


def bench_rows(path):
    with open(path) as f:
        return sorted(tuple((k, v) for k, v in r.items() if "seconds" not in k and k != "mips")
                      for r in csv.DictReader(f))


def executing_counts(addr):
    """How many jobs Runner.executing() names, polled while five 1-second jobs go
    through the scheduler's worker (2 threads): never more than 2, though the worker
    holds all five from the start (the scheduler's processing() names them all)."""
    saved = os.environ.get("DASK_SCHEDULER")
    os.environ["DASK_SCHEDULER"] = addr
    seen = []
    try:
        with simjobs.Runner(2) as r:
            futs = [r.submit(time.sleep, 1.0, name="sleep%d" % i) for i in range(5)]
            t0 = time.time()
            while not all(f.done() for f in futs):
                if time.time() - t0 > BACKSTOP:
                    raise TooSlow("TOO SLOW the runner's five 1-second jobs")
                seen.append(len(r.executing()))
                time.sleep(0.2)
    finally:
        if saved is None:
            os.environ.pop("DASK_SCHEDULER", None)
        else:
            os.environ["DASK_SCHEDULER"] = saved
    return seen


# Two LocalCluster runners at once (make compare beside make bench) in one process.
TWO_RUNNERS = """
import sys, warnings
sys.path.insert(0, "scripts/lib")   # run from the checkout (run() sets cwd)
import simjobs
if __name__ == "__main__":          # (the workers' processes import this file again)
    warnings.simplefilter("always")
    with warnings.catch_warnings(record=True) as got:
        with simjobs.Runner(jobs=1) as a, simjobs.Runner(jobs=1) as b:
            fa, fb = a.client.submit(sum, [1, 2]), b.client.submit(sum, [3, 4])
            print("sums", fa.result(), fb.result())
    print("port warnings", sum("already in use" in str(w.message) for w in got))
"""


def main():
    shutil.rmtree(OUT, ignore_errors=True)     # compare must find no finished point
    os.makedirs(OUT, exist_ok=True)
    simjobs.build_sim(2, 4, "sorted", what="dask_check")
    simjobs.make(["build/tools/simty-ref", "build/tools/simty-gen"], "dask_check")
    port = free_port()
    addr = "tcp://127.0.0.1:%d" % port
    procs = [start([DASK, "scheduler", "--host", "127.0.0.1", "--port", str(port),
                    "--no-dashboard"], os.path.join(OUT, "scheduler.log"))]
    checks, slow = [], None
    try:
        procs.append(start([DASK, "worker", addr, "--nthreads", "2", "--nworkers", "1",
                            "--resources", "pnr=1", "--no-dashboard", "--name", "check-worker"],
                           os.path.join(OUT, "worker.log")))
        up = wait_for_worker(addr, procs)
        checks.append(("a dask scheduler and a worker started on %s" % addr, up))
        if not up:
            return flows.report(checks)
        local = dict(os.environ)
        local.pop("DASK_SCHEDULER", None)
        remote = dict(local, DASK_SCHEDULER=addr)

        fuzz = [PY, "scripts/fuzz/fuzz.py", "--n", "12", "--seed", "7", "--jobs", "2", "--verbose",
                "--ref", "build/tools/simty-ref", "--configs", "2x4", "--out", "build/test/dask/fuzz"]
        bound = "its programs' cycle limits (--max-cycles)"
        (rl, ol), (rr, orr) = run(fuzz, local, bound), run(fuzz, remote, bound)
        vl, vr = fuzz_verdicts(ol), fuzz_verdicts(orr)
        checks += [
            ("fuzz on the LocalCluster: 12 programs pass", rl == 0 and "12 passed, 0 failed" in ol),
            ("fuzz through the scheduler: 12 programs pass, on its worker",
             rr == 0 and "12 passed, 0 failed" in orr and addr in orr and "1 worker, 2 threads" in orr),
            ("fuzz: the same verdict, exit and cycles for every seed either way",
             len(vl) == 12 and vl == vr),
        ]

        def bench(env, tag):
            out = os.path.join(OUT, "bench-" + tag)
            rc, text = run([PY, "scripts/bench/bench.py", "--cfgs", "2x4", "--kernels", "saxpy collatz",
                            "--track", "none", "--policies", "minsp-pc depth-first", "--jobs", "2",
                            "--no-plots", "--out", out], env,
                           "its runs' cycle limits (the model's --max-cycles)")
            return rc, (bench_rows(os.path.join(out, "bench.csv")) if rc == 0 else None)
        (rl, bl), (rr, br) = bench(local, "local"), bench(remote, "remote")
        checks.append(("bench: the same table on the LocalCluster and through the scheduler",
                       rl == 0 and rr == 0 and bl and len(bl) == 8 and bl == br))

        def compare(env, tag):
            out = "build/test/dask/compare-" + tag
            rc, text = run([PY, "scripts/fpga/compare.py", "--board", "ice40", "--W", "2", "--T", "1 2",
                            "--budget", "0", "--jobs", "2", "--pnr-slots", "1",
                            "--rtl-pattern", "build/test/dask/{CFG}/rtl",
                            "--points-root", "build/test/dask/points", "--out", out], env,
                           "--budget 0: its points' synthesis and place and route ended")
            try:
                with open(os.path.join(ROOT, out, "compare.csv")) as f:
                    rows = [{k: v for k, v in r.items() if k != "total_s"} for r in csv.DictReader(f)]
            except OSError:
                rows = None
            return text, rows
        (tl, cl), (tr, cr) = compare(local, "local"), compare(remote, "remote")
        checks += [
            ("compare: 4 points through the scheduler, their jobs run on its worker",
             cr is not None and len(cr) == 4 and addr in tr and tr.count("budget spent") == 4),
            ("compare: the same table on the LocalCluster and through the scheduler",
             cl is not None and cl == cr),
        ]
        script = os.path.join(OUT, "two_runners.py")
        with open(script, "w") as f:
            f.write(TWO_RUNNERS)
        rc, out = run([PY, script], local, "two one-job runs")
        checks.append(("two LocalCluster runners at once: both run, no port warning and no "
                       "traceback at their close", rc == 0 and "sums 3 7" in out
                       and "port warnings 0" in out and "Traceback" not in out))
        seen = executing_counts(addr)
        checks.append(("the runner names as running only the jobs its worker's 2 threads run "
                       "(polled: %s)" % " ".join(map(str, seen[:12])),
                       seen and 1 <= max(seen) <= 2))
    except TooSlow as e:      # no verdict for it nor for the checks after it
        slow = str(e)
    finally:
        for p in reversed(procs):
            p.send_signal(signal.SIGINT)
        for p in reversed(procs):
            try:
                p.wait(20)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
    return flows.report(checks, slow)


if __name__ == "__main__":
    sys.exit(main())
