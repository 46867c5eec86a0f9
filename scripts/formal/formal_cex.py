#!/usr/bin/env python3
"""Print the counterexample of a failed make formal job, cycle by cycle.

The pinned SymbiYosys cannot convert the witness Debian's yosys-abc writes
("unexpected data in AIGER witness file"), so a failed BMC job leaves no .vcd.
This replays ABC's trace (job/engine_0/trace.aiw: one line of latch values,
then one line of input values per frame) on the AIGER model the job checked
(job/model/design_aiger.aig) and prints the registers named in its map
(design_aiger.aim) frame by frame, with the assertions that fail in each frame
(their line in formal/simty_formal_path.sv, from design_aiger.ywa).

    scripts/formal/formal_cex.py build/formal/W1_T4_sorted_lazy_bmc [--from 30]
                          [--signals 'v_q,wid_q\\[1\\],u_cct\\.head_q']

--signals: comma-separated regular expressions, matched against the end of a
register's hierarchical name (default: the harness's pipeline and ghost, and
the path unit's tables).  Paths (T + 39 bits) print as [depth:pc:mask] with
the mask lane 0 rightmost, or [-:mask] when not valid.  --list names every
register.  The model's initial values are its latches' zero-init values plus
frame 0's inputs (Yosys maps the free initial state to inputs), as ABC saw it.
"""
import argparse
import json
import os
import re
import sys

DEFAULT = ("icnt_q,v_q,wid_q\\[1\\],cnt_q\\[0\\],nn_q,single_q,act_q\\[7\\],gl_q,ex_l_q\\[\\d+\\],"
           "r_valid_q,r_x_q,r_y_q,r_z_q,u_hct1\\.mem\\[0\\],u_hct2\\.mem\\[0\\],"
           "u_cct\\.head_q\\[0\\],u_cct\\.sptr_q\\[0\\],u_cct\\.smatch_q,u_cct\\.g_swap_q,"
           "u_cct\\.g_pop_q,u_cct\\.g_push_q")


class Aiger:
    """A binary AIGER file as Yosys writes it (write_aiger -B: bad-state outputs)."""

    def __init__(self, path):
        data = open(path, "rb").read()
        self.pos = 0

        def line():
            e = data.index(b"\n", self.pos)
            s = data[self.pos:e].decode()
            self.pos = e + 1
            return s
        hdr = line().split()
        if hdr[0] != "aig":
            sys.exit(f"formal_cex: {path}: not a binary AIGER file")
        m, self.ni, self.nl, no, na = map(int, hdr[1:6])
        nb = int(hdr[6]) if len(hdr) > 6 else 0
        nc = int(hdr[7]) if len(hdr) > 7 else 0
        self.latches = []
        for _ in range(self.nl):
            f = line().split()
            self.latches.append((int(f[0]), int(f[1]) if len(f) > 1 else 0))
        for _ in range(no):
            line()
        self.bads = [int(line()) for _ in range(nb)]
        self.cons = [int(line()) for _ in range(nc)]

        def delta():
            x, i = 0, 0
            while True:
                ch = data[self.pos]
                self.pos += 1
                x |= (ch & 0x7F) << (7 * i)
                i += 1
                if not ch & 0x80:
                    return x
        self.ands = []
        for k in range(na):
            lhs = 2 * (self.ni + self.nl + k + 1)
            r0 = lhs - delta()
            self.ands.append((lhs, r0, r0 - delta()))
        self.nvar = m + 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("job", help="a job folder of build/formal/ (or its job/ subfolder)")
    ap.add_argument("--signals", default=DEFAULT)
    ap.add_argument("--from", dest="first", type=int, default=0, help="first frame printed")
    ap.add_argument("--inputs", default="",
                    help="comma-separated regular expressions: the free inputs ($anyseq) "
                         "printed too, matched against their names (--list names them)")
    ap.add_argument("--list", action="store_true", help="list the registers and stop")
    a = ap.parse_args()
    d = a.job if os.path.isdir(os.path.join(a.job, "model")) else os.path.join(a.job, "job")
    model = os.path.join(d, "model")
    trace = os.path.join(d, "engine_0", "trace.aiw")
    if not os.path.exists(trace):
        sys.exit(f"formal_cex: no {trace}: the job found no counterexample (or is not a BMC job)")
    aig = Aiger(os.path.join(model, "design_aiger.aig"))

    regs = {}   # name -> {bit: (latch index, inverted)}
    for ln in open(os.path.join(model, "design_aiger.aim")):
        f = ln.split()
        if f[0] in ("latch", "invlatch"):
            regs.setdefault(f[3], {})[int(f[2])] = (int(f[1]), f[0] == "invlatch")
    seqs = {}   # free input name -> {bit: AIGER input index}
    try:
        for e in json.load(open(os.path.join(model, "design_aiger.ywa"))).get("seqs", []):
            seqs.setdefault(".".join(x.lstrip("\\") for x in e["path"]), {})[e["offset"]] = e["input"]
    except (OSError, ValueError, KeyError):
        pass
    if a.list:
        for n in sorted(regs):
            print(f"{n} [{len(regs[n])}]")
        for n in sorted(seqs):
            print(f"input {n} [{len(seqs[n])}]")
        return
    ipats = [re.compile(r"(^|\.)" + p + "$") for p in a.inputs.split(",") if p]
    ishown = [n for p in ipats for n in sorted(seqs, key=len) if p.search(n)]
    ishown = list(dict.fromkeys(ishown))
    pats = [re.compile(r"(^|\.)" + p + "$") for p in a.signals.split(",") if p]
    shown = [n for p in pats for n in sorted(regs, key=len) if p.search(n)]
    shown = list(dict.fromkeys(shown))
    label = {}                           # the shortest unambiguous suffix of each name
    for n in shown:
        parts = n.split(".")
        for k in range(1, len(parts) + 1):
            suf = ".".join(parts[-k:])
            if sum(1 for o in shown if o == suf or o.endswith("." + suf)) == 1:
                break
        label[n] = suf
    asserts = []
    try:
        ywa = json.load(open(os.path.join(model, "design_aiger.ywa")))
        for path in ywa.get("asserts", []):
            m = re.search(r"_sv_(\d+)_", path[-1])
            asserts.append(f"line {m.group(1)}" if m else path[-1])
    except (OSError, ValueError):
        pass

    lines = [ln.strip() for ln in open(trace) if ln.strip()]
    if lines and lines[0] == "1":        # a standard AIGER 1.9 witness: 1, b0, latches
        lines = lines[2:]
    if lines and set(lines[0]) - {"0", "x"}:
        print("formal_cex: note: ABC's initial latch values are not all 0; replaying with 0",
              file=sys.stderr)
    frames = [re.sub(r"[^01x]", "", ln) for ln in lines[1:]]
    frames = [f for f in frames if f]

    val = [0] * (2 * aig.nvar)

    def lit(x):
        return val[x & ~1] ^ (x & 1)

    def fmt(name, v, n):
        if n in (aig_path_w, aig_path_w - 1):
            t = n_t
            valid = (v >> (n - 1)) & 1 if n == aig_path_w else 1
            mask = f"{v & ((1 << t) - 1):0{t}b}"
            if not valid:
                return f"[-:{mask}]"
            return f"[{(v >> (t + 30)) & 0xFF}:{(v >> t) & 0x3FFFFFFF}:{mask}]"
        return f"{v:x}"

    # T from the harness's parameters (PATH_W = T + 39), read from the job's .sby
    n_t = 0
    for sby in (os.path.join(os.path.dirname(d), "job.sby"), os.path.join(d, "config.sby")):
        if os.path.exists(sby):
            m = re.search(r"-set T (\d+)", open(sby).read())
            if m:
                n_t = int(m.group(1))
                break
    aig_path_w = n_t + 39 if n_t else -10

    state = [0] * aig.nl
    for t, fr in enumerate(frames):
        for i in range(aig.ni):
            val[2 * (i + 1)] = 1 if i < len(fr) and fr[i] == "1" else 0
        for i in range(aig.nl):
            val[2 * (aig.ni + i + 1)] = state[i]
        for lhs, r0, r1 in aig.ands:
            val[lhs] = lit(r0) & lit(r1)
        bad = [j for j, b in enumerate(aig.bads) if lit(b)]
        if t >= a.first or bad:
            row = []
            for n in shown:
                bits = regs[n]
                v = 0
                for b, (li, inv) in bits.items():
                    v |= (state[li] ^ inv) << b
                row.append(f"{label[n]}={fmt(n, v, len(bits))}")
            for n in ishown:
                v = 0
                for b, ii in seqs[n].items():
                    v |= (1 if ii < len(fr) and fr[ii] == "1" else 0) << b
                row.append(f"{n}={v:x}")
            fails = ", ".join(asserts[j] if j < len(asserts) else f"output {j}" for j in bad)
            print(f"{t:3d} " + " ".join(row) + (f"  FAILS: {fails}" if bad else ""))
        state = [lit(nx) for nx, _ in aig.latches]


if __name__ == "__main__":
    main()
