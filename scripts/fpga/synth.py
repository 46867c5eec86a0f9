#!/usr/bin/env python3
"""Synthesis report of one generated Simty core on one board (make synth).

    synth.py --board ecp5|ice40|tangmega138k --rtl RTL_DIR [--out DIR] [--seeds N] [--jobs J] [--timeout S]
             [--freq MHZ] [--prog ELF] [--no-pnr | --pnr-only]
    synth.py --crit-self-test       (the critical path's units on recorded paths)
    synth.py --resume-self-test     (which earlier runs --pnr-only places again)
    synth.py --lut-tables-self-test (LUT_TABLES keeps a W-deep table out of block RAM)

RTL_DIR is what simty-gen wrote (files.f, config.mk, simty_*.v). tangmega138k (Gowin
GW5AST-138C) is an area target: no PLL, no bitstream, nextpnr's timing estimate.
The board top (fpga/<board>/top_<board>.v around fpga/common/simty_fpga_soc.v) gets the core's
configuration from config.mk and the board's memory plan (BOARDS below) through
chparam; the program (default: fpga/sw/fpga_hello.S, assembled here) becomes the
block-RAM images imem.hex / dmem.hex and the start PC.

Steps, all with the one pinned Yosys (YoWASP 0.70) and a backstop each (--timeout S, or
auto by default: an hour a Yosys step, and for place and route an hour per 10,000 logic,
at least one; TEST_BACKSTOP in the environment replaces it, scripts/lib/flows.py):
 1. hierarchy-preserving synthesis (keep_hierarchy on the core's units and the RAMs)
    -> per-unit cell counts (top_<board>_hier.json, stat_hier.json);
 2. flat synthesis -> the netlist nextpnr places (top_<board>.json) and the
    whole-design counts (stat.json); the counts are checked against the device
    before place and route: a design that cannot fit stops here, saying by how much
    (on ECP5, one that is short of block RAM only is first synthesized again with the
    generator's small tables in LUT-RAM: LUT_TABLES);
 3. nextpnr (fpga_flow.py's devices, with the board's constraint file) for
    seeds 1..N one after the other (--jobs J: J at once, on scripts/lib/simjobs.py's runner);
    Fmax = the median over the seeds that routed.
Writes under --out (default: beside RTL_DIR, build/<config>/synth-<board>/): logs, netlists,
nextpnr reports (seed<N>/), results.json, results.csv (one row) and prints a Markdown
summary. Exit status: 0 done, 1 a step failed, 3 does not fit, or a step too slow: its
backstop stopped it, no verdict (a line "TOO SLOW ...", status "timeout" in results.json).
"""
import argparse
import hashlib
import json
import os
import re
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lib"))
import flows  # noqa: E402  (the tools, the other scripts' paths)
import simjobs  # noqa: E402  (read_config, config_tag: a configuration's knobs and name)
from figures import cells, logic_of  # noqa: E402  (LUT4 + 2 x carry: the one definition)
import fpga_flow  # noqa: E402  (run, version, count, DEVICES, PACK)
from fpga_flow import PACK  # noqa: E402
from synth_report import KINDS, UNITS, finish, write_csv  # noqa: E402

ROOT = fpga_flow.ROOT
YOSYS = flows.tool("YOSYS")
RISCV_GCC = os.environ.get("RISCV_GCC", "riscv64-unknown-elf-gcc")

# Board: family, top, constraint file, memory plan, device capacity.
# Memory plan (see fpga/README.md's board table):
#  ecp5  (208 DP16KD of 18 Kbit): instruction memory 16 KiB (8 DP16KD), 8 KiB at
#        T = 64 (4 DP16KD: W8T64's register file takes 128 and its path unit 10, so
#        with 16 KiB the design needs 211); data memory max(32 KiB, 2T KiB) = at least
#        512 rows, since one DP16KD is a 512 x 36 column of a T-word row (T = 8: 16
#        DP16KD; T = 64: 64).
#  ice40 (32 SB_RAM40_4K of 4 Kbit): instruction memory 1 KiB (2 RAMs), data memory
#        256 rows of T words = T KiB (2T RAMs); the register file alone takes
#        2 banks x T lanes x 2 RAMs, so T <= 4 is the most that can fit.
def big_imem_aw(t):
    """log2 of the instruction memory's words on the big boards (ecp5, tangmega138k)."""
    return 12 if t < 64 else 11


def big_dmem_aw(t):
    """log2 of the data memory's T-word rows on the big boards."""
    return max(9, (32768 // (4 * t)).bit_length() - 1)


BOARDS = {
    "ecp5": {
        "family": "ecp5", "top": "top_ecp5",
        "constraints": os.path.join(ROOT, "fpga", "ecp5", "ulx3s.lpf"),
        "cells": ["+/ecp5/cells_sim.v", "+/ecp5/cells_bb.v"],
        "board": "ULX3S 85F",
        "imem_aw": big_imem_aw,
        "dmem_aw": big_dmem_aw,
        # TRELLIS_COMB = LUT4 + 2 per CCU2C + 2 per DPR16X4 (its RAM half-slice)
        "capacity": {"comb": 83640, "ff": 83640, "bram": 208, "ramw": 10455, "dsp": 156},
    },
    "ice40": {
        "family": "ice40", "top": "top_ice40",
        "constraints": os.path.join(ROOT, "fpga", "ice40", "hx8k_breakout.pcf"),
        "cells": ["+/ice40/cells_sim.v"],
        "board": "iCE40-HX8K breakout",
        "imem_aw": lambda t: 8,
        "dmem_aw": lambda t: 8,
        "capacity": {"lc": 7680, "bram": 32},
    },
    # An area target, not a board flow: nextpnr's Gowin timing is an estimate
    # (fpga/tangmega138k/top_tangmega138k.v); the ECP5's memory plan, for equal cores.
    "tangmega138k": {
        "family": "gowin", "top": "top_tangmega138k",
        "constraints": os.path.join(ROOT, "fpga", "tangmega138k", "tangmega138k.cst"),
        "cells": ["+/gowin/cells_sim.v"],
        "board": "Tang Mega 138K Pro",
        "imem_aw": big_imem_aw,
        "dmem_aw": big_dmem_aw,
        # LUT4 sites (LUT1..4 + ALU, one carry bit a site; fit_check), flip-flops, B-SRAM
        "capacity": {"comb": 138240, "ff": 138240, "bram": 340},
    },
}
# Every board's cells are named by its family's entry in figures.CELLS (the reports read
# a board's names there): one fact, checked where it could drift.
for _b, _bd in BOARDS.items():
    assert cells(_b) is cells(_bd["family"]), "figures.CELLS: %s is not a %s board" % (_b, _bd["family"])
# The SoC's sources, for every flow that builds it (synthesis, fpga_soc_sim.py).
FPGA_SRC = [os.path.join(ROOT, "fpga", "common", f)
            for f in ("simty_fpga_soc.v", "simty_fpga_amo.v", "simty_uart_tx.v",
                      "simty_fpga_report.v", "simty_fpga_lines.v")]

# Per-unit rows: the direct children of simty_core by module, plus the ALU lanes
# inside simty_exec and the board's memories.
UNIT_OF_MODULE = {
    "simty_fetch": "fetch", "simty_predecode": "predecode", "simty_sched": "sched",
    "simty_rf": "rf", "simty_exec": "exec", "simty_path_sorted": "path",
    "simty_path_arbiter": "path", "simty_branch": "branch",
    "simty_coalesce": "coalesce", "simty_gather": "gather",
    # the predictors are counted with fetch (the front end they steer)
    "simty_bpred": "fetch", "simty_btb": "fetch",
    "simty_mdu": "mdu",     # ISA=rv32im: the M unit (multipliers, divider)
}
MUX = {fam: d["mux"] for fam, d in fpga_flow.DEVICES.items()}
# The generator's small tables (simty_ram_*_lut: asynchronous read, meant for LUT-RAM)
# W deep at W = 64: with a register behind their read, Yosys turns them into block RAM
# (W64T32: 42 of its 218 DP16KD, 10 more than the ECP5-85F has).  When the block RAMs
# do not fit, the flat synthesis runs again with them held in LUT-RAM (W64T32: 190
# DP16KD, +1,914 LUT4 and 1,300 DPR16X4).  iCE40 has no LUT-RAM: ECP5 only.
LUT_TABLES = {"ecp5": 'setattr -set ram_style "distributed" *simty_ram_*_lut*/m:*; '}
# The fitting steps' revision, in results.json: a "does not fit" verdict of an earlier
# revision is not final (make compare runs it again).  2: LUT_TABLES.
FIT_REV = 2


# config.mk's knobs ({"TAG": ..., "W": 8, ...}): scripts/lib/simjobs.py reads it for every script.
read_config = simjobs.read_config


# The generator names its version in every file's header; two generators that
# write the same Verilog make the same core, so the digest leaves the name out.
GEN_VERSION_RE = re.compile(rb"simty-gen \S+")
# Lines config.mk gained when it began to carry the tag and every knob (issue 53): they
# name the configuration without changing it, so results measured before stay reusable.
CFG_NAME_RE = re.compile(rb"^(# the build folder's name .*|TAG := .*|ISA := rv32i)\n", re.M)


def files_digest(files):
    """SHA-256 of the files' names and contents, the generator's version left out."""
    h = hashlib.sha256()
    for f in files:
        with open(f, "rb") as fh:
            text = GEN_VERSION_RE.sub(b"simty-gen", fh.read())
        if os.path.basename(f) == "config.mk":
            text = CFG_NAME_RE.sub(b"", text)
        h.update(os.path.basename(f).encode() + b"\0" + str(len(text)).encode() + b"\0" + text)
    return h.hexdigest()


def synth_files(rtl, board):
    """The Verilog a synthesis of RTL on BOARD reads: the core's, the SoC, the top."""
    return rtl_files(rtl) + FPGA_SRC + [os.path.join(ROOT, "fpga", board, BOARDS[board]["top"] + ".v")]


def rtl_digest(rtl, board):
    """The digest of what a synthesis of RTL on BOARD reads (its Verilog and RTL's
    config.mk): equal digests, equal netlists."""
    return files_digest(synth_files(rtl, board) + [os.path.join(rtl, "config.mk")])


def rtl_files(rtl):
    files = []
    with open(os.path.join(rtl, "files.f")) as f:
        for line in f:
            p = line.strip()
            if not p or p.startswith("//") or p.startswith("#"):
                continue
            if not os.path.isabs(p):
                # files.f from `make gen` is relative to the repository; else to itself
                cand = [os.path.join(ROOT, p), os.path.join(rtl, os.path.basename(p))]
                p = next((c for c in cand if os.path.isfile(c)), cand[0])
            files.append(p)
    return files


def cfg_tag(cfg):
    """The build folder's name of a configuration read from config.mk (simty-gen wrote
    it there, scripts/lib/simjobs.py config_tag): W8_T8_sorted, W8_T8_arbiter_pipe0, ..."""
    return simjobs.config_tag(cfg)


def default_dir(rtl, tag):
    """Where outputs go by default: beside RTL_DIR when it is a configuration's rtl/
    folder (build/<config>/rtl, whatever knobs named it), else build/<tag>."""
    if os.path.basename(os.path.normpath(rtl)) == "rtl" and \
            os.path.basename(os.path.dirname(os.path.normpath(rtl))).startswith("W"):
        return os.path.dirname(os.path.normpath(rtl))
    return os.path.join(ROOT, "build", tag)


# nextpnr placers; results of any but the default (auto) go to their own folder.
PLACERS = ["auto", "heap", "static", "sa"]

# auto: nextpnr's HeAP placer, but its static placer on ECP5 from STATIC_MIN_T
# threads a warp when the design is past STATIC_MIN_LOGIC (LUT4 + 2 x CCU2C). Measured
# on W = 8 (the same netlists, seed 1): T = 16, HeAP 1,206 s of nextpnr (router 993 s),
# 77.0 MHz, static 615 s (router 410 s), 73.8 MHz; T = 32, HeAP not routed within the
# hour (its nextpnr, left running, took about 4,150 s, 64.7 MHz), static 2,163 s,
# 62.3 MHz; T = 8 (15,888 logic), HeAP 82.4 MHz in 5 to 13 minutes. It is the lanes'
# datapath that congests HeAP's placements: W = 16..64 at T = 8, as big, route with HeAP
# (W64T8, 51,223 logic: 1,486 s), so they keep it. docs/results.md, lean core round 5.
STATIC_MIN_T = {"ecp5": 16, "ice40": None, "gowin": None}
STATIC_MIN_LOGIC = 20000


def out_folder(board, placer):
    """synth-<board>, or synth-<board>-<placer> for a placer named explicitly."""
    return "synth-" + board + ("" if placer == "auto" else "-" + placer)


def logic_area(area):
    """LUT4 + 2 x carry (0 before there are any counts): the size the flow's
    choices go by."""
    return logic_of(area) or 0


def resolve_placer(placer, fam, T, area):
    """The placer nextpnr runs: PLACER, or for auto the one T and the area call for."""
    if placer != "auto":
        return placer
    if STATIC_MIN_T[fam] and T >= STATIC_MIN_T[fam] and logic_area(area) > STATIC_MIN_LOGIC:
        return "static"
    return "heap"


def log2(n):
    return max(1, (n - 1).bit_length())


def build_program(prog, out):
    """Assemble the default FPGA program, or take the given ELF."""
    if prog:
        return os.path.abspath(prog)
    elf = os.path.join(out, "fpga_hello.elf")
    src = os.path.join(ROOT, "fpga", "sw", "fpga_hello.S")
    cmd = [RISCV_GCC, "-march=rv32i_zicsr", "-mabi=ilp32", "-nostdlib", "-nostartfiles",
           "-static", "-I", os.path.join(ROOT, "gen"), "-Wl,--no-relax",
           "-Wl,--build-id=none", "-Wl,-N", "-Wl,--no-warn-rwx-segments",
           "-Wl,-Ttext=0x80000000", "-o", elf, src]
    subprocess.run(cmd, check=True)
    return elf


def base_name(mod):
    m = re.search(r"\\([A-Za-z_][A-Za-z0-9_]*)", mod)
    return m.group(1) if m else mod.lstrip("\\")


def hier_units(net, dev, family):
    """Per-unit counts from the hierarchy-preserving netlist (write_json).

    Every module keeps its hierarchy except the board top, the board's own modules
    (simty_fpga_*) and simty_core, which are flattened into the top: so the core's
    trace ports, which the board leaves open, do not keep trace-only logic alive (a
    kept simty_core would keep them as module ports), and a board module a constant
    turns off (simty_fpga_amo without the A extension: 801 LUT4 and 414 flip-flops
    at W8T8 while it was kept) is removed as the flat run removes it. Units are the instances the core makes
    (their totals include their RAMs and submodules); the ALU lanes are counted
    apart from the rest of simty_exec; the top's own cells are the core's glue
    (named u_soc.u_core.*) or the board's."""
    # design modules only (the JSON also holds the cell library's (black/white)boxes)
    mods = {n: m for n, m in net["modules"].items()
            if re.match(r"(simty_|top_)", base_name(n))}
    memo = {}

    def kinds(types):
        r = {k: fpga_flow.count(types, dev[k]) for k in KINDS if k != "mux"}
        r["mux"] = fpga_flow.count(types, MUX[family])
        return r

    def split(name):
        prim, subs = {}, []
        for cname, c in mods[name]["cells"].items():
            t = c["type"]
            if t in mods:
                subs.append((cname, t))
            else:
                t = base_name(t)
                prim[t] = prim.get(t, 0) + 1
        return prim, subs

    def total(name):
        if name not in memo:
            prim, subs = split(name)
            acc = kinds(prim)
            for _, t in subs:
                st = total(t)
                for k in KINDS:
                    acc[k] += st[k]
            memo[name] = acc
        return memo[name]

    units = {u: {k: 0 for k in KINDS} for u in UNITS}

    def add(u, d):
        for k in KINDS:
            units[u][k] += d[k]

    top = [n for n in mods if mods[n].get("attributes", {}).get("top")]
    top = top[0] if top else [n for n in mods if base_name(n).startswith("top_")][0]
    core_prim, board_prim = {}, {}
    for cname, c in mods[top]["cells"].items():
        t = c["type"]
        if t in mods:
            b = base_name(t)
            u = UNIT_OF_MODULE.get(b)
            in_core = cname.startswith("u_soc.u_core.")
            if u == "exec":
                prim, subs = split(t)
                add("exec", kinds(prim))
                for _, t2 in subs:
                    add("alu_lanes" if base_name(t2) == "simty_alu_lane" else "exec", total(t2))
            elif u:
                add(u, total(t))
            elif in_core:
                add("core_glue", total(t))
            elif b.startswith("simty_ram"):
                add("memories", total(t))
            else:
                add("board_glue", total(t))
            if u or in_core:
                add("core", total(t))
        else:
            d = core_prim if cname.startswith("u_soc.u_core.") else board_prim
            d[base_name(t)] = d.get(base_name(t), 0) + 1
    add("core_glue", kinds(core_prim))
    add("core", kinds(core_prim))
    add("board_glue", kinds(board_prim))
    add("total", total(top))
    return units


# ISA=rv32im: what the M unit needs per lane, checked before any synthesis.
# ECP5: four 17 x 17 partial products per lane, each one MULT18X18D (measured:
# docs/results.md, RV32M).  iCE40-HX8K: no multipliers; one lane's M unit in logic is about
# half the device, and W=1 T=1 was measured not to fit (docs/results.md, RV32M).
M_DSP_PER_LANE = 4
M_ICE40_LUT_PER_LANE = 3734     # simty_mdu at W=1 T=1, hierarchy kept (+370 carry, 445 FF)


def m_fit_check(board, T):
    """None, or why ISA=rv32im cannot fit this board at this T."""
    if board == "ecp5":
        need, cap = M_DSP_PER_LANE * T, BOARDS[board]["capacity"]["dsp"]
        if need > cap:
            return ("ISA=rv32im needs %d MULT18X18D per lane, %d for T=%d; the LFE5U-85F has "
                    "%d (T <= %d fits): use a smaller T or ISA=rv32i"
                    % (M_DSP_PER_LANE, need, T, cap,
                       1 << ((cap // M_DSP_PER_LANE).bit_length() - 1)))
    elif board == "ice40":
        return ("ISA=rv32im: the iCE40-HX8K has no multipliers; the M unit in logic takes "
                "about %d LUT4 per lane (measured), and even W=1 T=1 needs 8,865 logic cells "
                "of the 7,680 (115 %%; nextpnr cannot place it): use ISA=rv32i on this board"
                % M_ICE40_LUT_PER_LANE)
    return None


# nextpnr's HeAP placer weighs timing-critical nets by this (its default: 10).
# None: leave nextpnr's default. ECP5 W8T8 sorted, the same netlists, seeds 1-3:
# 30 gave 77.5, 78.8, 78.4 MHz against 75.4, 70.2, 72.1 with 10 (d896c39), and
# 80.6 against 73.4 on seed 1 of another (docs/results.md, round 11). Past
# HEAP_TW_MAX_LOGIC (LUT4 + 2 x CCU2C) the weight costs routing time for little:
# W8T16 (25,920 logic, seed 1, the same netlist, one process per core) took
# 1,000 s of nextpnr at 30 (76.4 MHz), 673 s at 20 (74.1), 431 s at 10 (74.2);
# make synth's W8T16 has 15 minutes (issue 16), so bigger designs get nextpnr's 10.
HEAP_TIMING_WEIGHT = {"ecp5": 30, "ice40": None, "gowin": None}
HEAP_TW_MAX_LOGIC = 20000


# HeAP's legaliser gives up on a cell after max(10,000, cells^2 / 8) attempts, a product
# nextpnr 0.11.1 computes in int: from 46,341 cells it wraps (W16T64 on the GW5AST-138C,
# 113,543 cells: 888,870 attempts where 1.6 x 10^9 were meant; a negative wrap gives
# 10,000). 0 lifts that limit: a placement that succeeded within it is the same, and the
# step's backstop still bounds the run. (W16T64's failure to legalise is another limit,
# the legaliser's total rip-ups, 8 x cells: docs/results.md, issue 51 round 6.)
HEAP_NO_TIMEOUT = ["--placer-heap-cell-placement-timeout", "0"]


def heap_timing_weight(fam, area):
    """The default HeAP timing weight of a design of this family and area."""
    tw = HEAP_TIMING_WEIGHT[fam]
    if tw and logic_area(area) > HEAP_TW_MAX_LOGIC:
        return None
    return tw


def fit_check(board, area):
    """Compare Yosys's counts with the device; returns a list of overflow messages."""
    cap = BOARDS[board]["capacity"]
    msgs = []
    if board == "ecp5":
        need = {"comb": area["lut"] + 2 * area["carry"] + 2 * area["lutram"],
                "ff": area["ff"], "bram": area["bram"], "ramw": area["lutram"],
                "dsp": area["dsp"]}
        names = {"comb": "LUT4 sites (LUT4 + 2 x CCU2C + 2 x DPR16X4)", "ff": "flip-flops",
                 "bram": "DP16KD block RAMs", "ramw": "LUT-RAM write ports", "dsp": "DSPs"}
    elif BOARDS[board]["family"] == "gowin":
        # A lower bound: nextpnr also spends a LUT4 site on each flip-flop that no LUT of
        # its own feeds (W8T8: 15,419 LUT4 sites placed for 11,421 LUT1..4 and 170 RAMs).
        need = {"comb": area["lut"] + area["carry"] + 4 * area["lutram"], "ff": area["ff"],
                "bram": area["bram"]}
        names = {"comb": "LUT4 sites (at least LUT1..4 + ALU + 4 x RAM16SDP4)",
                 "ff": "flip-flops", "bram": "block RAMs (B-SRAM)"}
    else:
        # Each logic cell holds one LUT4 and one flip-flop (and the carry of its LUT):
        # max(LUT4, FF) is a lower bound of the logic cells needed.
        need = {"lc": max(area["lut"], area["ff"]), "bram": area["bram"]}
        names = {"lc": "logic cells (at least max(LUT4, FF))",
                 "bram": "SB_RAM40_4K block RAMs"}
    for k, n in need.items():
        if n > cap[k]:
            msgs.append("%s: needs %d, the device has %d (%.0f %% over, %d too many)"
                        % (names[k], n, cap[k], 100.0 * (n - cap[k]) / cap[k], n - cap[k]))
    return need, msgs


# A cell's name line in Yosys's write_json, and its type line two lines below.
JSON_NAME_RE = re.compile(r'^\s*"(.*)": \{$')
JSON_TYPE_RE = re.compile(r'^\s*"type": "(.*)",?$')
CORE_PREFIX = "u_soc.u_core."


def core_brams(netlist, types):
    """Block RAMs of the flat netlist that belong to the core (flatten keeps the
    instance path in the cell's name): the core's and the board's share without the
    hierarchy-kept run, which an area-only sweep skips. Read line by line: the netlist
    of a large point is hundreds of MB."""
    n, name = 0, ""
    with open(netlist) as f:
        for line in f:
            m = JSON_NAME_RE.match(line)
            if m:
                name = m.group(1)
                continue
            m = JSON_TYPE_RE.match(line)
            if m and m.group(1) in types and name.startswith(CORE_PREFIX):
                n += 1
    return n


def packed_fit(dev, bd, top, out, timeout):
    """iCE40: nextpnr's packer (seconds) counts the logic cells the LUT4/FF pairs
    really take, which max(LUT4, FF) underestimates (a flip-flop fed by no LUT of
    its own, as in a table built of flip-flops, takes a cell alone). Returns
    (cells used, overflow messages, the step's record if the backstop stopped it); used
    is None if the packer did not report."""
    cmd = dev["nextpnr"] + fpga_flow.constraint_args(bd["family"], os.path.relpath(
        bd["constraints"], out)) + ["--json", top + ".json", "--pack-only",
                            "-l", "pack.log", "-q"]
    st, secs, peak = fpga_flow.run(cmd, os.path.join(out, "pack.out"), timeout, out)
    if st == "timeout":
        return None, [], {"status": st, "seconds": secs, "peak_mib": peak}
    try:
        with open(os.path.join(out, "pack.log")) as f:
            m = re.search(r"Info:\s+ICESTORM_LC:\s+(\d+)/", f.read())
    except OSError:
        m = None
    if st != "ok" or not m:
        return None, [], None
    n, cap, msgs = int(m.group(1)), bd["capacity"]["lc"], []
    if n > cap:
        msgs.append("logic cells after packing (nextpnr --pack-only): needs %d, the device has "
                    "%d (%.1f %% over, %d too many)" % (n, cap, 100.0 * (n - cap) / cap, n - cap))
    return n, msgs, None


def unit_of_cell(name):
    """Instance path and signal of a flattened (mapped) cell name, e.g.
    u_soc.u_core.u_path/g_y_q: the text before the first mapped-cell suffix."""
    if not name:
        return None
    name = re.split(r"_(?:SB|TRELLIS|LUT4|CCU2C|DP16KD|PFUMX|L6MUX21)_|\$", name)[0]
    parts = name.split(".")
    inst = [p for p in parts[:-1]]
    return "%s/%s" % (".".join(inst), parts[-1]) if inst else parts[-1]


# Instantiations in the generated Verilog: a module, optional parameters, an instance
# name (the generator's u_<what>, style V4).
INST_RE = re.compile(r"^\s*(simty_\w+)\s+(?:#\s*\((?:[^()]|\([^()]*\))*\)\s*)?(u_\w+)\s*\(", re.M)
CORE_PATH = "u_soc.u_core"          # the core's instance path in both board tops
BOARD_MODULES = ("simty_fpga_soc", "simty_uart_tx", "simty_fpga_report", "simty_fpga_lines")


def unit_map(files):
    """Where each module of the design sits, from the RTL's instantiations: {module:
    set of units} (a unit is an instance the core makes, by its path, e.g.
    u_soc.u_core.u_path; "u_soc.u_core" for the core's own logic, "board" outside it)
    and {module: set of its instance names}."""
    children = {}
    for f in files:
        with open(f) as fh:
            children[os.path.splitext(os.path.basename(f))[0]] = INST_RE.findall(fh.read())
    units, names = {"simty_core": {CORE_PATH}}, {}

    def walk(mod, unit, seen):
        for child, inst in children.get(mod, []):
            u = unit or "%s.%s" % (CORE_PATH, inst)
            units.setdefault(child, set()).add(u)
            names.setdefault(child, set()).add(inst)
            if child not in seen:
                walk(child, u, seen | {child})
    walk("simty_core", None, {"simty_core"})
    for m in list(children) + list(BOARD_MODULES):
        if m.startswith("top_") or m in BOARD_MODULES:
            units[m] = {"board"}
    return units, names


def rtl_modules(srcs):
    """The design's modules a src attribute (or nextpnr's net sources) names: the
    Verilog files of the design (simty_*.v, top_*.v), not Yosys's cell libraries."""
    mods = set()
    for src in srcs:
        for part in (src or "").split("|"):
            base = os.path.basename(part.split(":")[0])
            if re.match(r"(simty_|top_)\w+\.v$", base):
                mods.add(base[:-2])
    return mods


def cell_unit(name, mods, units, names):
    """The unit a cell of the flat netlist belongs to, from MODS (the modules its own
    src attribute and the nets it drives name), or "unknown".  A module with one
    place in the design says where; one instantiated in several units (a RAM) only
    through the cell's name, when that names an instance of the module inside one of
    them.  Names alone are not used: Yosys names a merged cell after one net it
    drives, which may belong to a unit the path does not cross."""
    found = set()
    parts = (name or "").split(".")
    for m in mods:
        us = units.get(m)
        if not us:
            return "unknown"
        if len(us) == 1:
            found |= us
            continue
        u = ".".join(parts[:3])
        if u in us and any(p in names.get(m, ()) for p in parts[3:-1]):
            found.add(u)
        else:
            return "unknown"
    return found.pop() if len(found) == 1 else "unknown"


def netlist_cell(cells, name):
    """A cell of nextpnr's report in Yosys's netlist: nextpnr's packer appends to
    the names ($CCU2_COMB0, $tr_io on ECP5; _LC, _DFFLC on iCE40)."""
    for cand in (name, re.sub(r"\$[\w$]+$", "", name or ""),
                 re.sub(r"_(?:DFF)?LC$", "", name or "")):
        if cand in cells:
            return cells[cand]
    return None


def path_units(path, cells, units, names):
    """The units a critical path (nextpnr's report: steps with from/to cells, and
    for routing steps the net and its sources) goes through, in order, repeats
    merged: each cell mapped by cell_unit() from its src attribute in the flat
    netlist (CELLS) and the sources of the nets it drives on the path."""
    order, drives = [], {}
    for e in path:
        for k in ("from", "to"):
            c = e.get(k, {}).get("cell")
            if c and (not order or order[-1] != c):
                order.append(c)
        if e.get("type") == "routing":
            drives.setdefault(e.get("from", {}).get("cell"), []).extend(e.get("sources") or [])
    out = []
    for c in order:
        cell = netlist_cell(cells, c) or {}
        mods = rtl_modules([cell.get("attributes", {}).get("src")] + drives.get(c, []))
        u = cell_unit(c, mods, units, names) if mods else "unknown"
        if not out or out[-1] != u:
            out.append(u)
    return out


def crit_self_test():
    """path_units() on the critical paths of two W1T1 runs (scripts/fpga/tests/critpath_*:
    nextpnr's report and the cells' src attributes), unit_map() on the committed rtl/;
    PASS/FAIL lines, returns 0 or 1."""
    check = simjobs.Checks()
    tests = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tests")
    um = unit_map(synth_files(os.path.join(ROOT, "rtl"), "ecp5"))
    units, names = um
    core = CORE_PATH + "."
    check("crit: unit_map: simty_ccs sits in the path unit, simty_bpred is u_bpred (%s, %s)"
          % (sorted(units.get("simty_ccs", ())), sorted(units.get("simty_bpred", ()))),
          units.get("simty_ccs") == {core + "u_path"} and units.get("simty_bpred") == {core + "u_bpred"})
    check("crit: unit_map: the register file's RAM is in several units (%s)"
          % sorted(units.get("simty_ram_1r1w", ())),
          {core + "u_rf", core + "u_path"} <= units.get("simty_ram_1r1w", set())
          and "u_bank0_lane0" in names.get("simty_ram_1r1w", ()))
    check("crit: unit_map: the core's own logic and the board's",
          units.get("simty_core") == {CORE_PATH} and units.get("top_ecp5") == {"board"}
          and units.get("simty_uart_tx") == {"board"})
    cases = [
        ("a RAM cell named inside an instance of its module",
         core + "u_rf.u_bank0_lane0.mem.0.0_DP16KD", {"simty_ram_1r1w"}, core + "u_rf"),
        ("a RAM cell named at its unit's level", core + "u_rf.rdata_q_TRELLIS_FF_Q",
         {"simty_ram_1r1w"}, "unknown"),
        ("src says the path unit, the name bpred", core + "u_bpred.tr_taken_i_LUT4_C_Z",
         {"simty_path_sorted"}, core + "u_path"),
        ("two units' sources", core + "u_path.x", {"simty_path_sorted", "simty_sched"}, "unknown"),
        ("no design source", core + "u_path.x", set(), "unknown"),
        ("a module not in the design", core + "u_path.x", {"simty_other"}, "unknown"),
    ]
    for what, name, mods, want in cases:
        got = cell_unit(name, mods, units, names) if mods else "unknown"
        check("crit: cell_unit: %s -> %s" % (what, got), got == want)
    check("crit: nextpnr's packed names found in the netlist",
          netlist_cell({"a_LUT4_Z": 1}, "a_LUT4_Z$CCU2_COMB0") == 1
          and netlist_cell({"b_SB_LUT4_O": 2}, "b_SB_LUT4_O_LC") == 2
          and netlist_cell({"c_SB_DFF_Q": 3}, "c_SB_DFF_Q_DFFLC") == 3
          and netlist_cell({}, "d") is None)
    check("crit: rtl_modules keeps the design's files, not the cell libraries",
          rtl_modules(["../rtl/simty_ccs.v:89.18-89.51|/share/ice40/arith_map.v:62.5-70.4",
                       "/share/lattice/cells_map_trellis.v:108.23-108.24",
                       "../../../fpga/ecp5/top_ecp5.v:40.21-40.30"]) == {"simty_ccs", "top_ecp5"})
    want = {"ecp5": [core + "u_path", "unknown", core + "u_path"],
            "ice40": ["unknown", core + "u_path", "unknown", core + "u_path"]}
    for board in ("ecp5", "ice40"):
        with open(os.path.join(tests, "critpath_%s_w1t1.json" % board)) as f:
            fx = json.load(f)
        got = path_units(fx["path"], fx["cells"], units, names)
        # what the names alone said (the report before): a unit the path does not cross
        by_name = {".".join(unit_of_cell(e[k]["cell"]).split("/")[0].split(".")[:3])
                   for e in fx["path"] for k in ("from", "to")}
        check("crit: %s W1T1 path crosses %s, not u_bpred (its names said %s)"
              % (board, " -> ".join(got), ", ".join(sorted(u for u in by_name if "u_" in u))),
              got == want[board] and core + "u_bpred" in by_name)
    return check.summary("crit")


def place_seed(job):
    """One nextpnr run (job: seed, dir, cmd, timeout, endpoints, routed) and what its
    report says: status, time, peak memory, Fmax, utilization, the critical path."""
    sd, seed = job["dir"], job["seed"]
    st, secs, peak = fpga_flow.run(job["cmd"], os.path.join(sd, "nextpnr.out"), job["timeout"], sd)
    r = {"seed": seed, "status": st, "seconds": secs, "peak_mib": peak, "routed": job["routed"]}
    # the durations later runs of this configuration take their ETA from
    fpga_flow.pnr_record(os.path.dirname(sd), os.path.join(sd, "nextpnr.log"), secs, st,
                         seed=seed, placer=job.get("placer"))
    if st != "ok":
        return r
    if job["endpoints"]:
        subprocess.run([sys.executable, flows.script("fpga", "endpoints.py"),
                        os.path.join(sd, "report.json"), "--mhz", str(job["endpoints"]),
                        "--top", "60", "--md", os.path.join(sd, "endpoints.md"),
                        "--paths", os.path.join(sd, "routed.json")],
                       stdout=subprocess.DEVNULL, check=False)
    with open(os.path.join(sd, "report.json")) as f:
        rep = json.load(f)
    fm = rep.get("fmax", {})
    r["fmax_mhz"] = min((c["achieved"] for c in fm.values()), default=None)
    r["utilization"] = {k: v for k, v in rep.get("utilization", {}).items() if v.get("used")}
    crit = rep.get("critical_paths", [])
    path = crit[0].get("path", []) if crit else []     # the slowest clock's path
    if path:
        frm = path[0].get("from", {}).get("cell")
        to = path[-1].get("to", {}).get("cell")
        logic = sum(p.get("delay", 0) for p in path if p.get("type") == "logic")
        route = sum(p.get("delay", 0) for p in path if p.get("type") == "routing")
        units = None
        try:
            with open(job["netlist"]) as f:
                net = json.load(f)
            top = next(m for m in net["modules"].values() if m.get("attributes", {}).get("top"))
            units = path_units(path, top["cells"], *unit_map(job["rtl_files"]))
        except (OSError, ValueError, KeyError, StopIteration):
            pass
        r["critical_path"] = {
            "units": units,
            "from": frm, "to": to, "from_unit": unit_of_cell(frm),
            "to_unit": unit_of_cell(to), "stages": len(path),
            "delay_ns": round(sum(p.get("delay", 0) for p in path), 3),
            "logic_ns": round(logic, 3), "routing_ns": round(route, 3)}
    return r


def test_rtl(check, name, *knobs):
    """A self-test's Verilog: simty-gen KNOBS into build/test/NAME/rtl (YoWASP reads
    no /tmp), checked; returns build/test/NAME, or None when the generator failed."""
    d = os.path.join(ROOT, "build", "test", name)
    g = simjobs.run_cmd([os.path.join(ROOT, "build", "tools", "simty-gen")] + list(knobs)
                        + ["-o", os.path.join(d, "rtl")], 120)
    check("%s: simty-gen %s (%s)" % (name, " ".join(knobs), g["err"].strip()[:80]), g["rc"] == 0)
    return d if g["rc"] == 0 else None


def lut_tables_self_test():
    """The generator's simty_ram_1r1w_lut, 64 x 36 with a register behind its read (a
    W64 table), through synth_ecp5's memory mapping with and without LUT_TABLES: one
    DP16KD without, none and LUT-RAM with.  PASS/FAIL lines, returns 0 or 1."""
    check = simjobs.Checks()
    d = test_rtl(check, "lut-tables", "W=64", "T=1")
    if not d:
        return check.summary("lut-tables")
    with open(os.path.join(d, "top.v"), "w") as f:
        f.write("module top(input clk, input we, input [5:0] wa, input [5:0] ra,\n"
                "           input [35:0] wd, output reg [35:0] q);\n"
                "  wire [35:0] r;\n"
                "  simty_ram_1r1w_lut #(.DEPTH_W(6), .DATA_W(36)) u_t (.clk_i(clk), .we_i(we),\n"
                "    .waddr_i(wa), .wdata_i(wd), .raddr_i(ra), .rdata_o(r));\n"
                "  always @(posedge clk) q <= r;\n"
                "endmodule\n")
    for prep, dp, what in (("", 1, "without: one DP16KD"),
                           (LUT_TABLES["ecp5"], 0, "with LUT_TABLES: LUT-RAM, no DP16KD")):
        script = ("read_verilog -defer rtl/simty_ram_1r1w_lut.v top.v; hierarchy -top top; "
                  "%ssynth_ecp5 -top top -run begin:map_ffs; tee -q -o stat.json stat -json" % prep)
        st, _, _ = fpga_flow.run([YOSYS, "-q", "-p", script], os.path.join(d, "yosys.out"), 300, d)
        cells = {}
        if st == "ok":
            with open(os.path.join(d, "stat.json")) as f:
                cells = json.load(f)["design"]["num_cells_by_type"]
        n, lr = cells.get("DP16KD", 0), cells.get("TRELLIS_DPR16X4", 0)
        check("lut-tables: %s (%s: %d DP16KD, %d DPR16X4)" % (what, st, n, lr),
              st == "ok" and n == dp and (lr > 0) == (dp == 0))
    return check.summary("lut-tables")


def lane_copies_self_test():
    """The copies simty-gen makes of a register every lane reads (one per 8 lanes past
    T = 8, gen/keep.c) survive synth_ecp5 as separate flip-flops: the register file of
    W2T16, whose operand selects have two copies each.  Yosys merges equal flip-flops
    unless they are kept; merged, both copies' nets would be one.  PASS/FAIL lines,
    returns 0 or 1."""
    check = simjobs.Checks()
    d = test_rtl(check, "lane-copies", "W=2", "T=16")
    if not d:
        return check.summary("lane-copies")
    script = ("read_verilog -defer rtl/simty_ram_1r1w.v rtl/simty_rf.v; hierarchy -top simty_rf; "
              "synth_ecp5 -top simty_rf; write_json rf.json")
    st, _, _ = fpga_flow.run([YOSYS, "-q", "-p", script], os.path.join(d, "yosys.out"), 300, d)
    nets = {}
    if st == "ok":
        with open(os.path.join(d, "rf.json")) as f:
            nets = json.load(f)["modules"]["simty_rf"]["netnames"]
    for reg in ("c0_rs1_q", "c1_rs2_q", "c0_bank_q", "c1_bank_q"):
        bits = [tuple(nets.get("%s_c%d" % (reg, k), {}).get("bits", ())) for k in (0, 1)]
        check("lane-copies: %s_c0 and %s_c1 are flip-flops of their own (%s)" % (reg, reg, st),
              st == "ok" and all(bits) and bits[0] != bits[1]
              and not set(bits[0]) & set(bits[1]))
    return check.summary("lane-copies")


def synthesis_finished(res):
    """Whether an earlier results.json holds a synthesis to place: one that stopped
    after Yosys (--no-pnr), or whose place and route failed or timed out (placing it
    again with a longer --timeout or another placer needs no new Yosys run); not one
    that does not fit."""
    if res.get("status") == "ok":
        return True
    steps = res.get("steps", {})
    return ("synth" in steps and not (res.get("fit") or {"over": True}).get("over")
            and all(v.get("status") in ("ok", "skipped")
                    for k, v in steps.items() if not k.startswith("pnr")))


def resume_self_test():
    """synthesis_finished on made-up results.json records: which earlier runs
    --pnr-only may place again.  PASS/FAIL lines, returns 0 or 1."""
    check = simjobs.Checks()
    ok, fit = {"status": "ok", "seconds": 1.0}, {"over": []}
    cases = [
        ("a --no-pnr run", {"status": "ok", "steps": {"synth": ok, "synth_hier": ok}}, True),
        ("place and route timed out", {"status": "timeout", "fit": fit, "steps": {
            "synth": ok, "synth_hier": ok, "pnr_seed1": {"status": "timeout"}}}, True),
        ("place and route failed, units skipped", {"status": "failed", "fit": fit, "steps": {
            "synth": ok, "synth_hier": {"status": "skipped"},
            "pnr_seed1": {"status": "failed"}}}, True),
        ("the LUT tables' second run", {"status": "timeout", "fit": fit, "steps": {
            "synth": ok, "synth_lut_tables": ok, "pnr_seed1": {"status": "timeout"}}}, True),
        ("does not fit", {"status": "does_not_fit", "fit": {"over": ["LUT4"]}, "steps": {
            "synth": ok, "pnr": {"status": "skipped"}}}, False),
        ("Yosys timed out", {"status": "timeout", "steps": {"synth": {"status": "timeout"}}},
         False),
        ("the units' run failed", {"status": "failed", "fit": fit, "steps": {
            "synth": ok, "synth_hier": {"status": "failed"}}}, False),
        ("no fit recorded", {"status": "timeout", "steps": {
            "synth": ok, "pnr_seed1": {"status": "timeout"}}}, False),
        ("no record", {}, False),
    ]
    for what, res, want in cases:
        got = synthesis_finished(res)
        check("resume: %s: %s" % (what, "placed again" if got else "refused"), got == want)
    # the backstop a timed-out place and route is placed again under (--timeout auto)
    auto = flows.timeout_arg("auto")
    check("backstop: auto gives a Yosys step an hour", flows.step_s(auto) == 3600)
    check("backstop: auto gives a place and route of 9,000 logic an hour, of 20,000 two",
          flows.pnr_s(auto, 9000) == 3600 and flows.pnr_s(auto, 20000) == 7200)
    check("backstop: auto gives W64T32's (48,347 logic) 4.8 hours",
          round(flows.pnr_s(auto, 48347)) == 17405)
    check("backstop: seconds given hold for every step",
          flows.step_s(600.0) == 600 and flows.pnr_s(600.0, 48347) == 600)
    for bad in ("0", "-5", "soon"):
        try:
            flows.timeout_arg(bad)
            check("backstop: --timeout %s refused" % bad, False)
        except argparse.ArgumentTypeError:
            check("backstop: --timeout %s refused" % bad, True)
    return check.summary("resume")


def main():
    if sys.argv[1:] == ["--lane-copies-self-test"]:
        return lane_copies_self_test()
    if sys.argv[1:] == ["--crit-self-test"]:
        return crit_self_test()
    if sys.argv[1:] == ["--resume-self-test"]:
        return resume_self_test()
    if sys.argv[1:] == ["--lut-tables-self-test"]:
        return lut_tables_self_test()
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--board", required=True, choices=sorted(BOARDS))
    ap.add_argument("--rtl", required=True, help="generated RTL directory (files.f, config.mk)")
    ap.add_argument("--out", help="default build/<config>/synth-<board>[-<placer>], beside RTL_DIR")
    ap.add_argument("--seeds", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1,
                    help="seeds placed and routed at once (default 1; each nextpnr is one "
                         "process: at most one per core)")
    ap.add_argument("--timeout", type=flows.timeout_arg, default=flows.AUTO,
                    help="seconds per step, a backstop; auto (default): an hour a Yosys step, "
                         "place and route an hour per 10,000 logic, at least one "
                         "(TEST_BACKSTOP replaces it)")
    ap.add_argument("--freq", type=float,
                    help="core clock in MHz: the board PLL makes it (the closest it can, not "
                         "above) and nextpnr works toward it (default: ecp5 %g, ice40 %g)"
                         % (fpga_flow.CORE_MHZ["ecp5"], fpga_flow.CORE_MHZ["ice40"]))
    ap.add_argument("--placer", default="auto", choices=PLACERS,
                    help="nextpnr placer (static: ECP5 only); auto (default): heap, but static "
                         "on ECP5 from T = %d past %d logic (LUT4 + 2 x carry); a placer named "
                         "writes to synth-<board>-<placer>" % (STATIC_MIN_T["ecp5"], STATIC_MIN_LOGIC))
    ap.add_argument("--timing-weight", type=int, metavar="N",
                    help="nextpnr's HeAP placer timing weight (--placer-heap-timingweight; "
                         "nextpnr's default is 10; default here: %s, and nextpnr's past %d "
                         "logic (LUT4 + 2 x carry): routing time)"
                         % (", ".join("%s %s" % (k, v if v else "nextpnr's")
                                      for k, v in sorted(HEAP_TIMING_WEIGHT.items())),
                            HEAP_TW_MAX_LOGIC))
    ap.add_argument("--prog", help="ELF to put in the memories (default fpga/sw/fpga_hello.S)")
    ap.add_argument("--patchable", action="store_true",
                    help="random marker images in the memories and the entry point in the boot "
                         "RAM instead of a program, so that make bitstream PROG= patches any "
                         "program into the routed design (scripts/fpga/progpatch.py)")
    ap.add_argument("--no-pnr", action="store_true", help="stop after synthesis")
    ap.add_argument("--abc9-delay", type=int, metavar="PS",
                    help="ABC9's delay target in picoseconds (scratchpad abc9.D; 0: none, "
                         "ABC9 maps for the least delay)")
    ap.add_argument("--allow-m-overflow", action="store_true",
                    help="ISA=rv32im: synthesize even where the M unit cannot fit (to measure it)")
    ap.add_argument("--endpoints", type=float, metavar="MHZ",
                    help="also write nextpnr's detailed timing report and list every endpoint "
                         "that misses MHZ, by register, in seed<N>/endpoints.md "
                         "(scripts/fpga/endpoints.py)")
    ap.add_argument("--skip-units", action="store_true",
                    help="skip the hierarchy-preserving run (no per-unit counts; a quick fit check)")
    ap.add_argument("--units-only", action="store_true",
                    help="redo only the per-unit (hierarchy-preserving) run; update results.json")
    ap.add_argument("--pnr-only", action="store_true",
                    help="place and route the synthesis a --no-pnr run left in --out")
    a = ap.parse_args()
    a.timeout = flows.backstop(a.timeout)
    step_s = flows.step_s(a.timeout)        # a Yosys run's or a pack's backstop
    fpga_flow.end_sessions_on_sigterm()     # a stopped synth.py stops its Yosys, nextpnr

    t_start = time.time()
    rtl = os.path.abspath(a.rtl)
    if not os.path.isfile(os.path.join(rtl, "config.mk")):
        sys.exit("synth: %s: no config.mk (run make gen first)" % a.rtl)
    cfg = read_config(rtl)
    W, T, track = cfg["W"], cfg["T"], cfg["TRACK"]
    bd = BOARDS[a.board]
    fam = bd["family"]
    fpga_flow.warm_tools(fam)
    dev = fpga_flow.DEVICES[fam]
    if a.placer == "static" and fam != "ecp5":
        sys.exit("synth: --placer static: nextpnr-%s has no static placer (heap or sa)" % fam)
    isa_m = cfg.get("ISA") == "rv32im"
    tag = cfg_tag(cfg)
    why = m_fit_check(a.board, T) if isa_m and not a.allow_m_overflow else None
    if why:
        print("synth: %s on %s: %s" % (tag, a.board, why), file=sys.stderr)
        return 3        # as a configuration that does not fit (finish)
    out = os.path.abspath(a.out or os.path.join(default_dir(rtl, tag),
                                                out_folder(a.board, a.placer)))
    os.makedirs(out, exist_ok=True)
    print("synth: %s on %s (%s), seeds 1..%d, %s -> %s"
          % (tag, a.board, dev["device"], a.seeds, flows.timeout_text(a.timeout),
             os.path.relpath(out, ROOT)),
          flush=True)

    # Program images.
    imem_aw, dmem_aw = bd["imem_aw"](T), bd["dmem_aw"](T)
    elf = build_program(a.prog, out) if not a.patchable else None
    h = None if a.patchable else subprocess.run([sys.executable, flows.script("fpga", "elf2hex.py"), elf,
                        "--imem-words", str(1 << imem_aw), "--dmem-blocks", str(1 << dmem_aw),
                        "--block-words", str(T), "--out", out],
                       capture_output=True, text=True)
    if a.patchable:
        import progpatch  # noqa: E402  (the marker images of make bitstream PROG=)
        geom = progpatch.geometry(a.board, T, imem_aw, dmem_aw)
        progpatch.write_images(out, progpatch.markers(geom), geom)
        entry = progpatch.BASE
    elif h.returncode != 0:
        sys.exit("synth: " + h.stderr.strip())
    else:
        entry = int(h.stdout.strip(), 16)

    # The core clock: the board PLL's settings for --freq, and the frequency they make
    # (the constraint: the oscillator's in the board's file, the PLL's derived from it).
    osc = fpga_flow.OSC_MHZ[fam]
    pll = fpga_flow.PLL[fam](osc, a.freq or fpga_flow.CORE_MHZ[fam])
    if pll is None:
        sys.exit("synth: --freq %g: the %s PLL cannot make it from %g MHz"
                 % (a.freq, a.board, osc))
    pll_params, core_mhz = pll
    if a.freq and abs(core_mhz - a.freq) > 0.01 * a.freq:
        print("synth: the PLL makes %.3f MHz, not %g (the closest from %g MHz)"
              % (core_mhz, a.freq, osc), flush=True)
    params = {"T": T, "WARP_W": log2(W), "LANE_W": log2(T), "IMEM_AW": imem_aw,
              "DMEM_AW": dmem_aw, "START_PC": entry}
    if a.patchable:
        params.update({"BOOT_ROM": 1, "BOOT_AW": progpatch.BOOT_AW[a.board],
                       "REPORT": progpatch.REPORT[a.board], "LINE_AW": progpatch.LINE_AW[a.board]})
    params.update(pll_params)
    params["CLK_HZ"] = int(round(core_mhz * 1e6))
    chparam = " ".join("-chparam %s %d" % kv for kv in params.items())
    top = bd["top"]
    files = synth_files(rtl, a.board)
    for f in files:
        if not os.path.isfile(f):
            sys.exit("synth: %s: no such file" % f)
    # Paths relative to OUT, where the tools run: the WebAssembly tools do not see
    # absolute paths under /tmp (their WASI preopens), so a checkout there works too.
    # The vendor cells first (the PLL), as the synth_* script itself reads them, so
    # that hierarchy -check knows them.
    read = "read_verilog -lib -specify %s; read_verilog -defer %s; hierarchy -check -top %s %s" % (
        " ".join(bd["cells"]), " ".join(os.path.relpath(f, out) for f in files), top, chparam)

    synth_cmd = ("scratchpad -set abc9.D %d; " % a.abc9_delay if a.abc9_delay else "") + dev["synth"]
    digest = rtl_digest(rtl, a.board)
    try:        # the results of an earlier run, before this one overwrites them
        with open(os.path.join(out, "results.json")) as f:
            earlier = json.load(f)
    except (OSError, ValueError):
        earlier = None

    res = {
        "board": a.board, "board_name": bd["board"], "family": fam, "device": dev["device"],
        "rtl_digest": digest, "timeout_s": step_s,
        "config": {"W": W, "T": T, "TRACK": track, "rtl": os.path.relpath(rtl, ROOT),
                   "config_mk": cfg},
        "memories": {"imem_bytes": 4 << imem_aw, "dmem_bytes": (4 * T) << dmem_aw,
                     "program": os.path.relpath(elf, ROOT) if elf else "none (--patchable: marker images)",
                     "start_pc": "%08x" % entry,
                     "patchable": {"seed": progpatch.MARKER_SEED, "images": ["imem.hex", "dmem.hex",
                                   "boot.hex"]} if a.patchable else None},
        "chparam": params, "seeds": list(range(1, a.seeds + 1)),
        "freq_target_mhz": round(core_mhz, 3), "placer": a.placer,
        "abc9_delay_ps": a.abc9_delay or 0,
        "clock": {"osc_mhz": osc, "core_mhz": round(core_mhz, 3), "pll": pll_params},
        "tools": {"yosys": fpga_flow.version([YOSYS, "-V"]),
                  "nextpnr": fpga_flow.version(dev["nextpnr"][:1] + ["--version"])},
        "steps": {},
    }
    status = "ok"

    def save():
        res["status"] = status
        if not a.units_only:
            res["seconds_total"] = round(time.time() - t_start, 1)
        with open(os.path.join(out, "results.json.tmp"), "w") as f:
            json.dump(res, f, indent=2, sort_keys=True)
        os.replace(os.path.join(out, "results.json.tmp"), os.path.join(out, "results.json"))
        write_csv(res, os.path.join(out, "results.csv"))

    hier, units_thread = {}, None

    def units_join(status):
        """Wait for the per-unit run started in the background (step 1), if any; its
        failure becomes the report's status."""
        if units_thread is None:
            return status
        units_thread.join()
        res["steps"]["synth_hier"] = hier.get("step", {"status": "failed", "seconds": 0.0,
                                                       "peak_mib": None})
        if "units" in hier:
            res["units"] = hier["units"]
        elif status == "ok":
            status = res["steps"]["synth_hier"]["status"]
        return status

    if a.pnr_only:
        # Place and route what an earlier --no-pnr run left in OUT (make compare
        # runs the two halves as separate jobs, the second one holding a "pnr" slot).
        try:
            with open(os.path.join(out, "results.json")) as f:
                old = json.load(f)
        except (OSError, ValueError):
            old = {}
        if (not synthesis_finished(old) or "area" not in old
                or not os.path.isfile(os.path.join(out, top + ".json"))):
            sys.exit("synth: --pnr-only: %s holds no finished synthesis that fits (a --no-pnr "
                     "run, or one whose place and route failed or timed out)"
                     % os.path.relpath(out, ROOT))
        t_start -= old.get("seconds_total") or 0.0
        for k in ("pnr", "fmax_mhz", "fmax_seeds_mhz", "critical_path", "utilization"):
            old.pop(k, None)
        old["steps"] = {k: v for k, v in old.get("steps", {}).items() if not k.startswith("pnr")}
        if old.get("rtl_digest") != digest:
            sys.exit("synth: --pnr-only: %s was synthesized from other RTL: run it again "
                     "without --pnr-only" % os.path.relpath(out, ROOT))
        if old.get("chparam") != params:
            sys.exit("synth: --pnr-only: %s was synthesized with other parameters "
                     "(another --freq?): run it again without --pnr-only"
                     % os.path.relpath(out, ROOT))
        old.update(seeds=res["seeds"], freq_target_mhz=res["freq_target_mhz"],
                   clock=res["clock"], placer=a.placer, tools=res["tools"])
        res = old
    else:
        # 1. hierarchy-preserving synthesis: per-unit counts.
        # keep_hierarchy on every module but the top, the core and the board's own modules
        # (simty_fpga_*: flattened into the board glue, so that what the flat run removes, such
        # as simty_fpga_amo without the A extension, is removed here too; see hier_units)
        script = ("%s; setattr -mod -set keep_hierarchy 1 *; setattr -mod -unset keep_hierarchy "
                  "%s simty_core *simty_fpga_*; %s -top %s; delete t:$scopeinfo; "
                  "write_json %s_hier.json; tee -q -o stat_hier.json stat -json"
                  % (read, top, synth_cmd, top, top))

        def units_step():
            st, secs, peak = fpga_flow.run([YOSYS, "-q", "-l", "yosys_hier.log", "-p", script],
                                           os.path.join(out, "yosys_hier.out"), step_s, out)
            hier["step"] = {"status": st, "seconds": secs, "peak_mib": peak}
            if st == "ok":
                with open(os.path.join(out, top + "_hier.json")) as f:
                    hier["units"] = hier_units(json.load(f), dev, fam)

        if a.units_only:
            print("synth: [1/3] Yosys, hierarchy kept (per-unit counts)", flush=True)
            units_step()
            res["steps"]["synth_hier"] = hier["step"]
            if "units" not in hier:
                status = hier["step"]["status"]
                save()
                return finish(res, out, status)
            old = {}
            try:
                with open(os.path.join(out, "results.json")) as f:
                    old = json.load(f)
            except (OSError, ValueError):
                pass
            if old:
                old.setdefault("steps", {})["synth_hier"] = hier["step"]
                res = old
                status = res.get("status", "ok")
            res["units"] = hier["units"]
            save()
            return finish(res, out, status)
        # On a second core, beside the flat synthesis and nextpnr (one process each):
        # the per-unit counts then cost no wall time (make synth's default is one seed).
        print("synth: [1/3] Yosys, hierarchy kept (per-unit counts)%s"
              % (": skipped" if a.skip_units else ", in the background"), flush=True)
        if a.skip_units:
            res["steps"]["synth_hier"] = {"status": "skipped", "seconds": 0.0, "peak_mib": None}
        else:
            units_thread = threading.Thread(target=units_step, daemon=True)
            units_thread.start()


        # 2. flat synthesis: the netlist and the whole-design counts.
        def flat(step, prep):
            script = ("%s; %s%s -top %s; %s; delete t:$scopeinfo; write_json %s.json; "
                      "tee -q -o stat.json stat -json"
                      % (read, prep, synth_cmd, top, fpga_flow.flatten_kept(fam), top))
            # the pass Yosys runs, and the time left by this configuration's last run
            last = ((earlier or {}).get("steps") or {}).get(step) or {}
            with fpga_flow.PnrWatch([("", os.path.join(out, "yosys.log"),
                                      {"seconds": last["seconds"]} if last.get("status") == "ok"
                                      else None)],
                                    "synth: [2/3] Yosys", parser=fpga_flow.YosysLog):
                st, secs, peak = fpga_flow.run([YOSYS, "-q", "-l", "yosys.log", "-p", script],
                                               os.path.join(out, "yosys.out"), step_s, out)
            res["steps"][step] = {"status": st, "seconds": secs, "peak_mib": peak}
            if st == "ok":
                res["cells"], res["area"] = fpga_flow.stat_area(out, dev)
                res["area"]["mux"] = fpga_flow.count(res["cells"], MUX[fam])
            return st

        print("synth: [2/3] Yosys, flat (netlist for nextpnr)", flush=True)
        st = flat("synth", "")
        if st == "ok":
            need, _ = fit_check(a.board, res["area"])
            short = [k for k, n in need.items() if n > bd["capacity"][k]]
            if fam in LUT_TABLES and short == ["bram"]:
                print("synth: [2/3] block RAM short (%d of %d DP16KD): again with the LUT "
                      "tables in LUT-RAM" % (need["bram"], bd["capacity"]["bram"]), flush=True)
                res["lut_tables"] = {"dp16kd_before": need["bram"]}
                st = flat("synth_lut_tables", LUT_TABLES[fam])
        if st != "ok":
            status = units_join(st)
            save()
            return finish(res, out, status)
        core = core_brams(os.path.join(out, top + ".json"), dev["bram"])
        res["bram_split"] = {"core": core, "board": res["area"]["bram"] - core}
        need, over = fit_check(a.board, res["area"])
        if not over and fam == "ice40":
            need["lc_packed"], over, slow = packed_fit(dev, bd, top, out, step_s)
            if slow:    # no verdict on the fit
                res["steps"]["pack_fit"] = slow
                status = units_join("timeout")
                save()
                return finish(res, out, status)
        res["fit"] = {"need": need, "capacity": bd["capacity"], "over": over}
        res["fit_rev"] = FIT_REV
        if over:
            status = units_join("does_not_fit")
            res["steps"]["pnr"] = {"status": "skipped", "reason": "; ".join(over)}
            save()
            print("synth: %s does not fit the %s:" % (tag, dev["device"]), file=sys.stderr)
            for m in over:
                print("synth:   " + m, file=sys.stderr)
            return finish(res, out, status)
        if a.no_pnr:
            status = units_join(status)
            save()
            return finish(res, out, status)
        save()      # the synthesis results, before the long part

    # 3. nextpnr, the seeds one after the other, or --jobs of them at once.
    placer = resolve_placer(a.placer, fam, T, res.get("area"))
    # what this configuration's earlier runs took (its history, else the results.json
    # this run found): the ETA of the progress line
    expected = fpga_flow.pnr_history(out, placer, earlier)
    res["placer_used"] = placer
    # the place and route's backstop (what a later run that timed out is held to)
    res["timeout_s"] = pnr_timeout = flows.pnr_s(a.timeout, logic_area(res.get("area")))
    tw = a.timing_weight if a.timing_weight is not None else heap_timing_weight(fam, res.get("area"))
    res["heap_timing_weight"] = tw if placer == "heap" else None
    jobs = []
    for seed in range(1, a.seeds + 1):
        sd = os.path.join(out, "seed%d" % seed)
        os.makedirs(sd, exist_ok=True)
        cmd = dev["nextpnr"] + fpga_flow.constraint_args(fam, os.path.relpath(
            bd["constraints"], sd)) + [
            "--json", os.path.relpath(os.path.join(out, top + ".json"), sd),
            "--freq", "%.3f" % core_mhz,
            "--timing-allow-fail", "--seed", str(seed), "--report", "report.json",
            "-l", "nextpnr.log", "-q", PACK[fam]["routed_opt"], PACK[fam]["routed"]] + (
            ["--placer", placer] if placer != "heap" else []) + (
            ["--placer-heap-timingweight", str(tw)] if placer == "heap" and tw else []) + (
            HEAP_NO_TIMEOUT if placer == "heap" else []) + (
            ["--detailed-timing-report", "--write", "routed.json"] if a.endpoints else [])
        jobs.append({"seed": seed, "dir": sd, "cmd": cmd, "timeout": pnr_timeout,
                     "endpoints": a.endpoints, "placer": placer,
                     "netlist": os.path.join(out, top + ".json"), "rtl_files": files,
                     "routed": os.path.relpath(os.path.join(sd, PACK[fam]["routed"]), out)})
    runs = []

    def record(r):
        runs.append(r)
        res["steps"]["pnr_seed%d" % r["seed"]] = {k: r[k] for k in ("status", "seconds", "peak_mib")}
        res["pnr"] = runs
        save()

    if a.jobs > 1 and len(jobs) > 1:
        # Seeds at once on the project's job runner (scripts/lib/simjobs.py), each
        # job one nextpnr process; the results in seed order.
        import simjobs
        print("synth: [3/3] nextpnr seeds 1..%d, %d at a time" % (a.seeds, min(a.jobs, a.seeds)),
              flush=True)
        watch = [("seed%d" % j["seed"], os.path.join(j["dir"], "nextpnr.log"), expected)
                 for j in jobs]
        with fpga_flow.PnrWatch(watch, "synth: nextpnr", position=1, idle="none running yet"):
            for r in simjobs.run_map(place_seed, jobs, jobs=min(a.jobs, len(jobs)),
                                     desc="nextpnr", names=["seed%d" % j["seed"] for j in jobs]):
                record(r)
    else:
        t_pnr = time.monotonic()
        for j in jobs:
            done = j["seed"] - 1   # ETA from the seeds already placed and routed
            eta = "" if not done else ", about %.0f s left" % (
                (time.monotonic() - t_pnr) / done * (a.seeds - done))
            print("synth: [3/3] nextpnr seed %d of %d%s" % (j["seed"], a.seeds, eta), flush=True)
            with fpga_flow.PnrWatch([("", os.path.join(j["dir"], "nextpnr.log"), expected)],
                                    "synth: [3/3] nextpnr seed %d" % j["seed"]):
                record(place_seed(j))
            if runs[-1]["status"] == "timeout":
                break
    ok = [r for r in runs if r.get("fmax_mhz")]
    if ok:
        fms = sorted(r["fmax_mhz"] for r in ok)
        res["fmax_mhz"] = round(statistics.median(fms), 2)
        res["fmax_seeds_mhz"] = [round(r["fmax_mhz"], 2) if r.get("fmax_mhz") else None
                                 for r in runs]
        med = min(ok, key=lambda r: abs(r["fmax_mhz"] - res["fmax_mhz"]))
        res["critical_path"] = med.get("critical_path")
        res["utilization"] = med.get("utilization")
    bad = [r["status"] for r in runs if r["status"] != "ok"]
    if bad:
        status = "timeout" if "timeout" in bad else "failed"
    status = units_join(status)
    save()
    return finish(res, out, status)


if __name__ == "__main__":
    sys.exit(main())
