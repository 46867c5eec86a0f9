#!/usr/bin/env python3
"""fuzz.py - random SIMT programs, reference model vs RTL (lock-step co-simulation).

    scripts/fuzz/fuzz.py [--n N] [--seed S] [--configs 1x1,2x4,8x8,4x64[:track]]
                    [--track sorted|sorted_exact|sorted_lazy|arbiter|arbiter_pipe[K]] [--build]
                    [--isa rv32i|rv32im|rv32ia|rv32ima]
                    [--sim-template TEMPLATE]
                    [--sim WxT[:track]=PATH ...] [--sim-args ARGS] [--ref PATH]
                    [--jobs J] [--verbose] [--keep] [--out DIR] [--traps auto|on|off]
                    [--size small|normal|large] [--stop]
    scripts/fuzz/fuzz.py --reduce PROG.S --configs WxT[:track] [--sim ...]
    scripts/fuzz/fuzz.py --self-check [--n N] [--seed S] [--configs ...]

For seeds S .. S+N-1: scripts/fuzz/randprog.py writes a program, it is assembled
and linked (scripts/fuzz/fuzz_link.ld), and for every configuration

  1. the reference model (simty-ref -W w -T t) runs it: it must end (no
     hang) and its exit code is recorded (0 pass, 4 a planned trap; 1 means
     a broken program and is reported too);
  2. the RTL simulator runs it with --cosim: its exit code and its count of
     passed, failed, trapped and unfinished threads must equal the model's
     (and no thread may fail: that would be a cap, below), and co-simulation
     must report no mismatch.

--isa rv32im, rv32ia, rv32ima: programs with M, A or both (randprog.py --isa),
the model with that --isa, the simulators of those cores (build/..._im, _ia,
_ima).  A program with A lists the code whose effects depend on the schedule
(its .simty_sched section; randprog_amo.py); a program with spin-waits (lanes
waiting for lane 0 of their warp, which only the core's forward-progress rule
lets end: the model has none) runs on the model in step 1 under breadth-first,
else under the other policies in turn (SPIN_POLICIES) until one lets no thread
end at a cap (a spin-wait or an LR/SC retry loop that gave up, exit code 91 or
92; the fine interleaving of breadth-first can starve an LR/SC loop).  The exit
code of these programs does not depend on the schedule, so any of them gives
the one the RTL must give.

Tracks: sorted (the default sorter, SORTER=auto), sorted_exact and sorted_lazy (TRACK=sorted
SORTER=exact or lazy, folders W<w>_T<t>_sorted_exact and _sorted_lazy), arbiter (ARBPIPE=auto), arbiter_pipe (TRACK=arbiter ARBPIPE=1,
whose build folder is W<w>_T<t>_arbiter_pipe), arbiter_pipeK (ARBPIPE=K, folder
W<w>_T<t>_arbiter_pipeK).  The simulator of a configuration is in its build folder,
named by simty-gen --tag (scripts/lib/simjobs.py), or TEMPLATE with {w}, {t}, {track}, {im}
(the ISA's folder suffix: _im, _ia, _ima or nothing) filled in, unless --sim gives its path; --build makes each one first (make).
A failure prints the seed, the configuration and a command that replays it,
keeps the program (.S, .elf, logs) under OUT/fail/ (default build/fuzz/fail/)
and makes the exit code 1.  Each failing program gets a line (every program
with --verbose).  Progress (the simulators' builds, then the programs) is one
updating line on a terminal, in a log a line per tenth and at least every 30 s
(scripts/lib/simjobs.py, Progress).  The last line is exactly `N passed, M failed`
(programs, all configurations of a program must pass for it to count as
passed).  Exit: 0 all passed, 1 a failure, 3 bad usage (missing simulator, bad
option).

--standalone compares the commit logs of A programs as --self-check does (the
regions of .simty_sched), the model under the policy of step 1.

Work files are in OUT/work/ and removed after each passing program unless
--keep.  --sim-args passes extra simulator arguments ({seed} is replaced by
a number derived from the program's seed), e.g. Verilator's random initial
state: --sim-args '+verilator+rand+reset+2 +verilator+seed+{seed}'.

Other modes:
  --reduce PROG.S   delta-debug a failing program on the first configuration
                    (removes instruction lines while the RTL/model exit pair
                    or the co-simulation error stays); writes PROG.min.S.
  --self-check      check the generator, no simulator: every thread's commit
                    log (ignoring the cycle column) must be identical under
                    the reference model's seven policies, i.e. the programs
                    are race-free and schedule-independent.  With A, the
                    commits of .simty_sched's regions are compared without
                    their values (straight-line code) or left out (loops),
                    and a run in which a thread ends at a cap (a spin-wait
                    starved: the model has no forward-progress rule; an LR/SC
                    loop starved by the policy's interleaving) is skipped and
                    named on the seed's line; the other runs must agree.

Timing (2 shared cores, 2 jobs, default --size normal): about 0.25 s of CPU
per program and configuration for W*T <= 64, about 1 s for W*T = 256 with
co-simulation; the reference model itself takes milliseconds.
"""

import argparse
import os
import re
import shlex
import shutil
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lib"))
import simjobs  # noqa: E402  (the job runner)

HERE = os.path.dirname(os.path.abspath(__file__))     # randprog.py, fuzz_link.ld
ROOT = simjobs.ROOT
GCC = os.environ.get('RISCV_GCC', 'riscv64-unknown-elf-gcc')
ASFLAGS = ['-march=rv32i_zicsr', '-mabi=ilp32', '-nostdlib', '-nostartfiles', '-static',
           '-Wl,--no-relax', '-Wl,--build-id=none']
RUN_MEM_MIB = 2048      # per simulator or model run (SIMTY_JOB_MEM_MIB overrides)
EXIT_NAMES = {0: 'PASS', 1: 'FAIL', 2: 'HANG', 3: 'ERROR', 4: 'TRAP'}


def parse_configs(text, default_track):
    """WxT[:track] items, spaces or commas between them: simjobs.parse_specs."""
    return simjobs.parse_specs(text, default_track)


def cfg_name(c):
    return '%dx%d:%s' % c


# The exit "code" of a run the wall clock stopped: the machine was too slow for the
# backstop, which says nothing of the program (its bound is --max-cycles).
TIMED_OUT = 'timed out'


def run(cmd, timeout, **kw):
    """(exit code, None when killed for memory or TIMED_OUT for time, stdout,
    stderr): simjobs.run_cmd with the per-run timeout and memory limit."""
    r = simjobs.run_cmd(cmd, timeout, simjobs.job_mem_mib(RUN_MEM_MIB), **kw)
    return (TIMED_OUT if r['status'] == 'timeout' else r['rc']), r['out'], r['err']


class Fuzzer:
    def __init__(self, a, configs, sims):
        self.a = a
        self.configs = configs
        self.sims = sims
        self.work = os.path.join(a.out, 'work')
        self.faildir = os.path.join(a.out, 'fail')
        os.makedirs(self.work, exist_ok=True)
        self.gen_args = gen_args(a)

    def rel(self, p):
        return os.path.relpath(p, os.getcwd())

    def sim_args(self, seed):
        return shlex.split(self.a.sim_args.replace('{seed}', str(seed % 1000000 + 1)))

    def compare_standalone(self, c, d, tag, elf, seed):
        """RTL alone (no lock-step) against the model alone: the programs are
        schedule-independent, so every thread's commit-log sequence must match."""
        w, t, _ = c
        rlog, mlog = os.path.join(d, 'rtl_%s.commits' % tag), os.path.join(d, 'ref_%s.commits' % tag)
        run([self.sims[c]] + self.sim_args(seed) + ['--quiet', '--max-cycles', str(self.a.sim_max_cycles),
            '--commit-log', rlog, elf], self.a.timeout)
        run_model(self.a, w, t, elf, ['--commit-log', mlog])
        if not (os.path.exists(rlog) and os.path.exists(mlog)):
            return 'standalone run left no commit log'
        regions = sched_regions(elf)
        a, b = per_thread_log(rlog, regions), per_thread_log(mlog, regions)
        for k in sorted(set(a) | set(b)):
            x, y = a.get(k, []), b.get(k, [])
            if x != y:
                i = next((j for j in range(min(len(x), len(y))) if x[j] != y[j]), min(len(x), len(y)))
                return ('standalone commit logs differ: thread warp %s lane %s, its commit %d: RTL %r, model %r'
                        % (k[0], k[1], i, x[i] if i < len(x) else None, y[i] if i < len(y) else None))
        if not self.a.keep:
            os.remove(rlog)
            os.remove(mlog)
        return None

    def build(self, seed, d):
        src = os.path.join(d, 'prog_%d.S' % seed)
        elf = os.path.join(d, 'prog_%d.elf' % seed)
        rc, o, e = run([sys.executable, os.path.join(HERE, 'randprog.py'), '--seed', str(seed),
                        '-o', src] + self.gen_args, 120)
        if rc != 0:
            return None, 'generator failed: %s' % (e.strip() or o.strip())
        rc, o, e = run([GCC] + asflags(self.a) + ['-T', os.path.join(HERE, 'fuzz_link.ld'), '-o', elf, src], 120)
        if rc != 0:
            return None, 'assembling failed: %s' % (e.strip()[:2000])
        return (src, elf), None

    def replay_cmd(self, seed, c, elf_dir):
        src = os.path.join(elf_dir, 'prog_%d.S' % seed)
        elf = os.path.join(elf_dir, 'prog_%d.elf' % seed)
        gen = ['python3', self.rel(os.path.join(HERE, 'randprog.py')),
               '--seed', str(seed), '-o', self.rel(src)] + self.gen_args
        asm = [GCC] + asflags(self.a) + ['-T', self.rel(os.path.join(HERE, 'fuzz_link.ld')),
                                 '-o', self.rel(elf), self.rel(src)]
        sim = [self.sims[c]] + self.sim_args(seed) + ['--cosim', '--quiet', '--max-cycles', str(self.a.sim_max_cycles),
               self.rel(elf)]
        return ' && '.join(' '.join(shlex.quote(x) for x in cmd) for cmd in (gen, asm, sim))

    def one(self, seed):
        """Run one program on every configuration; returns (ok, lines, seconds)."""
        t0 = time.time()
        d = os.path.join(self.work, 's%d' % seed)
        os.makedirs(d, exist_ok=True)
        built, err = self.build(seed, d)
        fails = []
        slow = []        # runs the backstop stopped: no verdict
        info = []
        pols = {}        # the model's policy per configuration (programs with spin-waits)
        if err:
            fails.append(('-', err, None))
        else:
            src, elf = built
            for c in self.configs:
                w, t, track = c
                tag = '%dx%d_%s' % c
                mlog = os.path.join(d, 'ref_%s.log' % tag)
                tc = time.time()
                rc_m, o, e, pol = run_model(self.a, w, t, elf)
                pols[c] = pol
                if rc_m == TIMED_OUT:
                    slow.append((c, 'the reference model did not finish within %d s' % self.a.timeout))
                    continue
                if rc_m not in (0, 4):
                    with open(mlog, 'w') as fh:
                        fh.write(o + e)
                    what = {None: 'timed out', 2: 'hangs'}.get(rc_m, 'exit %s' % rc_m)
                    fails.append((c, 'reference model %s: %s' % (what, (o + e).strip()[:600]), None))
                    continue
                m = re.search(r'; (\d+) cycles\]', o)
                mcyc = int(m.group(1)) if m else 0
                if model_unfinished(o):
                    fails.append((c, 'reference model: threads unfinished (hang): %s' % o.strip()[:600], None))
                    continue
                slog = os.path.join(d, 'sim_%s.log' % tag)
                rc_s, o2, e2 = run([self.sims[c]] + self.sim_args(seed) + [
                                   '--cosim', '--quiet', '--max-cycles', str(sim_limit(self.a, mcyc)), elf],
                                   self.a.timeout)
                with open(slog, 'w') as fh:
                    fh.write(o2 + e2)
                if rc_s == TIMED_OUT:
                    slow.append((c, 'the simulator did not finish within %d s (its bound, '
                                    '--max-cycles %d, was not reached)' % (self.a.timeout,
                                                                          sim_limit(self.a, mcyc))))
                    continue
                bad = None
                if rc_s != rc_m:
                    bad = 'RTL exit %s (%s), model exit %d (%s)' % (
                        rc_s, EXIT_NAMES.get(rc_s, 'killed' if rc_s is None else '?'),
                        rc_m, EXIT_NAMES[rc_m])
                elif thread_counts(o2) != thread_counts(o) or failed_threads(o):
                    # (a trap hides a thread's non-zero exit in the exit code: a spin-wait
                    # or an LR/SC loop that ended at its cap, exit code 91 or 92)
                    bad = 'RTL [%s], model [%s]' % (thread_counts(o2), thread_counts(o))
                elif re.search(r'^ERROR |co-simulation', o2 + e2, re.M):
                    bad = 'co-simulation or invariant check failed'
                if not bad and self.a.standalone:
                    bad = self.compare_standalone(c, d, tag, elf, seed)
                if bad:
                    detail = (o2 + e2).strip()
                    fails.append((c, '%s\n%s' % (bad, '\n'.join(detail.splitlines()[:40])), slog))
                else:
                    info.append('%s:%s/%d/%.1fs' % (cfg_name(c), EXIT_NAMES[rc_m], mcyc, time.time() - tc))
        secs = time.time() - t0
        lines = []
        if fails:
            fd = os.path.join(self.faildir, 's%d' % seed)
            if os.path.isdir(fd):
                shutil.rmtree(fd)
            os.makedirs(self.faildir, exist_ok=True)
            shutil.copytree(d, fd)
            for c, why, _ in fails:
                lines.append('FAIL seed %d config %s: %s' % (seed, c if c == '-' else cfg_name(c), why))
                if c != '-':
                    lines.append('  kept: %s' % self.rel(fd))
                    lines.append('  replay: %s' % self.replay_cmd(seed, c, fd))
                    lines.append('  (the model: %s%s%s -W %d -T %d %s)' % (
                        self.rel(self.a.ref), ''.join(' ' + x for x in ref_isa(self.a)),
                        ' --policy ' + pols[c] if pols.get(c) else '', c[0], c[1],
                        self.rel(os.path.join(fd, 'prog_%d.elf' % seed))))
        for c, why in slow:
            lines.append('TOO SLOW seed %d config %s: %s' % (seed, cfg_name(c), why))
        if not self.a.keep:
            shutil.rmtree(d, ignore_errors=True)
        return (not fails and not slow, 'slow' if slow and not fails else None), lines, secs, info


def reduce_program(a, c, sim, src_path):
    """Delta-debug the instruction lines of src_path while the failure stays
    the same kind (same RTL/model exit pair, or a co-simulation/check error).
    Writes <src>.min.S and returns its path."""
    w, t, _ = c
    lines = open(src_path).read().split('\n')
    d = os.path.join(a.out, 'reduce')
    os.makedirs(d, exist_ok=True)
    tmp_s = os.path.join(d, 'r.S')
    tmp_e = os.path.join(d, 'r.elf')

    def outcome(keep):
        txt = '\n'.join(l for i, l in enumerate(lines) if keep[i])
        with open(tmp_s, 'w') as fh:
            fh.write(txt)
        rc, o, e = run([GCC] + asflags(a) + ['-T', os.path.join(HERE, 'fuzz_link.ld'), '-o', tmp_e, tmp_s], 60)
        if rc != 0:
            return None
        rc_m, o, e, _ = run_model(a, w, t, tmp_e)
        if rc_m not in (0, 1, 4) or model_unfinished(o):
            return None
        m = re.search(r'; (\d+) cycles\]', o)
        lim = sim_limit(a, int(m.group(1)) if m else 0)
        rc_s, o2, e2 = run([sim, '--cosim', '--quiet', '--max-cycles', str(lim), tmp_e], a.timeout)
        m = re.search(r'^ERROR [^:]*: (?:cycle \d+: )?(.*)$', o2 + e2, re.M)
        # the kind of check that failed, without numbers (cycle, warp, pc...)
        err = re.sub(r'[0-9a-f]{8}|\d+', '#', m.group(1)) if m else ''
        return (rc_s, rc_m, err)

    everything = [True] * len(lines)
    want = outcome(everything)
    if want is None or (want[0] == want[1] and not want[2]):
        print('reduce: %s does not fail on %s' % (src_path, cfg_name(c)))
        return None
    cand = [i for i, l in enumerate(lines)
            if l.startswith('\t') and not l.startswith('\t.') and '# keep' not in l]
    keep = list(everything)
    n = 2
    tests = 0
    while len(cand) >= 1:
        chunk = max(1, len(cand) // n)
        removed = False
        for start in range(0, len(cand), chunk):
            part = cand[start:start + chunk]
            k2 = list(keep)
            for i in part:
                k2[i] = False
            tests += 1
            got = outcome(k2)
            if got == want:
                keep = k2
                cand = [i for i in cand if i not in part]
                removed = True
                break
        if not removed:
            if chunk == 1:
                break
            n = min(len(cand), n * 2)
        else:
            n = max(2, n - 1)
        if tests % 20 == 0:
            print('reduce: %d tests, %d instructions left' % (tests, len(cand)), flush=True)
    out = src_path[:-2] + '.min.S' if src_path.endswith('.S') else src_path + '.min.S'
    with open(out, 'w') as fh:
        fh.write('\n'.join(l for i, l in enumerate(lines) if keep[i]))
    print('reduce: %d tests; %d instruction lines left -> %s (outcome: RTL exit %s, model exit %s%s)'
          % (tests, len(cand), out, want[0], want[1], ', check: ' + want[2] if want[2] else ''))
    return out


def model_unfinished(out):
    """True when the model's result line reports unfinished threads (a hang
    that a trap's higher exit-code precedence would otherwise hide)."""
    m = re.search(r'(\d+) unfinished', out)
    return bool(m and int(m.group(1)))


def sim_limit(a, model_cycles):
    """RTL cycle limit: generous against the model's warp-instruction count
    (the RTL needs up to ~8 cycles per warp-instruction when W = 1)."""
    return min(a.sim_max_cycles, 40 * model_cycles + 200000)


def asflags(a):
    return [f.replace('rv32i_', a.isa + '_') for f in ASFLAGS]


def ref_isa(a):
    return ['--isa', a.isa] if a.isa != 'rv32i' else []


def gen_args(a):
    return (['--traps', a.traps, '--size', a.size, '--max-threads', str(a.max_threads)]
            + (['--sink-readback'] if a.sink_readback else [])
            + (['--trap-kinds', a.trap_kinds] if a.trap_kinds else [])
            + (['--isa', a.isa] if a.isa != 'rv32i' else []))


def per_thread_log(path, regions=()):
    """Commit log -> {(warp, lane): [line without the cycle column]}.  With the
    program's schedule-dependent regions (sched_regions): the commits of a loop
    region are left out, those of a value region keep their PC and instruction
    only (an exit or a trap in either stays)."""
    th = {}
    with open(path) as fh:
        for line in fh:
            f = line.split()
            if len(f) < 4:
                continue
            kind = region_of(regions, int(f[3], 16)) if regions else 0
            if kind:
                end = [x for i, x in enumerate(f) if i > 4 and (x in ('exit', 'trap') or f[i - 1] in ('exit', 'trap'))]
                if kind == REGION_LOOP and not end:
                    continue
                f = f[:5] + end
            th.setdefault((f[1], f[2]), []).append(' '.join(f[3:]))
    return th


REGION_LOOP, REGION_VALUES = 1, 2     # scripts/fuzz/randprog_amo.py
SPIN_EXIT, RETRY_EXIT = 91, 92


def sched_regions(elf):
    """The (begin, end, kind) words of the ELF's .simty_sched section: the code of a
    program with A whose effects depend on the schedule (scripts/fuzz/randprog_amo.py);
    () when it has none."""
    with open(elf, 'rb') as fh:
        b = fh.read()
    u16 = lambda o: int.from_bytes(b[o:o + 2], 'little')
    u32 = lambda o: int.from_bytes(b[o:o + 4], 'little')
    shoff, shentsize, shnum, shstrndx = u32(0x20), u16(0x2e), u16(0x30), u16(0x32)
    if not shoff or shstrndx >= shnum:
        return ()
    stroff = u32(shoff + shstrndx * shentsize + 16)
    for i in range(shnum):
        sh = shoff + i * shentsize
        name = b[stroff + u32(sh):b.index(b'\0', stroff + u32(sh))]
        if name == b'.simty_sched':
            off, size = u32(sh + 16), u32(sh + 20)
            return tuple((u32(off + k), u32(off + k + 4), u32(off + k + 8))
                         for k in range(0, size - size % 12, 12))
    return ()


def region_of(regions, pc):
    for lo, hi, kind in regions:
        if lo <= pc < hi:
            return kind
    return 0


def spin_waits(elf):
    """How many spin-waits the program has (its source's `# A:` line, next to the
    ELF): a lane waiting for a lane of its own warp, which only the core's
    forward-progress rule lets end; the model has no such rule."""
    src = (elf[:-4] if elf.endswith('.elf') else elf) + '.S'
    try:
        with open(src) as fh:
            for _, line in zip(range(12), fh):      # (the header's lines)
                m = re.match(r'# A: spin-waits (\d+)', line)
                if m:
                    return int(m.group(1))
    except OSError:
        pass
    return 0


# The model's policies for the own run of a program with spin-waits, in order.  The
# model has no forward-progress rule: under MinSP-PC the waiters usually keep their
# lane 0 from ever running and end at their cap (exit code 91).  Breadth-first gives
# every path a turn each round, but its fine interleaving of a warp's paths can make
# an LR/SC loop fail round after round (another path's lr.w between its lr.w and sc.w
# moves the warp's reservation) until its cap (exit code 92); then the next policy
# runs it, and so on: whichever ends with no thread at a cap gives the exit code.
SPIN_POLICIES = ['breadth-first', 'mp-ipdom', 'minority-first', 'ipdom', 'depth-first',
                 'min-pc', 'minsp-pc']


def run_model(a, w, t, elf, extra=()):
    """The model's own run of a program: (exit code, stdout, stderr, policy or None
    for the default).  A program with spin-waits runs under SPIN_POLICIES until one
    ends without a cap (an exit code other than 1: the random programs exit 0, or
    trap, unless a cap ended a thread); the exit code does not depend on which."""
    pols = SPIN_POLICIES if spin_waits(elf) else [None]
    first = None
    for pol in pols:
        rc, o, e = run([a.ref] + ref_isa(a) + (['--policy', pol] if pol else []) + [
                       '-W', str(w), '-T', str(t), '--quiet', '--max-cycles', str(a.ref_max_cycles)]
                       + list(extra) + [elf], a.timeout)
        first = first or (rc, o, e, pol)
        if rc != 1 and not failed_threads(o):
            return rc, o, e, pol
    return first


def thread_counts(out):
    """'N threads: a passed, b failed, c trapped, d unfinished' of a result line
    (the harness's and the model's), or None."""
    m = re.search(r'\[(\d+ threads: [^;\]]*)', out)
    return m.group(1) if m else None


def failed_threads(out):
    """How many threads of the result line exited non-zero."""
    m = re.search(r'(\d+) failed, \d+ trapped', out)
    return int(m.group(1)) if m else 0


def self_check(a, configs):
    """Generator check: every thread's effects must not depend on the schedule.
    Runs the model under its seven policies and compares per-thread commit logs.
    With A, the commits the program lists as schedule-dependent are compared
    without their values or left out (per_thread_log), and a run that a cap ended
    is skipped and named: in a program with spin-waits, a policy that keeps the
    waiters' lane 0 from running (exit code 91: the model has no forward-progress
    rule); anywhere, an LR/SC loop that the policy's interleaving starved (exit code
    92: breadth-first, mp-ipdom).  The other runs must still agree."""
    policies = ['minsp-pc', 'min-pc', 'depth-first', 'breadth-first', 'ipdom', 'minority-first', 'mp-ipdom']
    d = os.path.join(a.out, 'selfcheck')
    os.makedirs(d, exist_ok=True)
    gargs = gen_args(a)
    bad = 0
    for seed in range(a.seed, a.seed + a.n):
        src = os.path.join(d, 'prog_%d.S' % seed)
        elf = os.path.join(d, 'prog_%d.elf' % seed)
        rc, o, e = run([sys.executable, os.path.join(HERE, 'randprog.py'), '--seed', str(seed),
                        '-o', src] + gargs, 120)
        rc2, o2, e2 = run([GCC] + asflags(a) + ['-T', os.path.join(HERE, 'fuzz_link.ld'), '-o', elf, src], 120)
        if rc or rc2:
            print('seed %d: generator/assembler failed: %s' % (seed, (e + e2).strip()[:500]))
            bad += 1
            continue
        regions = sched_regions(elf)
        spins = spin_waits(elf)
        msgs = []
        skipped = []
        compared = 0
        for (w, t, _) in configs:
            ref_logs = None
            ref_rc = ref_pol = None
            for pol in policies:
                log = os.path.join(d, 'c_%d_%s.log' % (seed, pol))
                rc, o, e = run([a.ref] + ref_isa(a) + ['-W', str(w), '-T', str(t), '--policy', pol, '--quiet',
                                '--max-cycles', str(a.ref_max_cycles), '--commit-log', log, elf], a.timeout)
                text = ''
                if os.path.exists(log):
                    with open(log) as fh:
                        text = fh.read()
                caps = {c for c in (SPIN_EXIT, RETRY_EXIT) if ' exit %d\n' % c in text}
                if rc in (1, 4) and caps and (spins or caps == {RETRY_EXIT}) and not re.search(
                        r' exit (?!0\n|%d\n|%d\n)' % (SPIN_EXIT, RETRY_EXIT), text):
                    skipped.append('%dx%d %s (%s)' % (w, t, pol, ' and '.join(
                        {SPIN_EXIT: 'a spin-wait starved', RETRY_EXIT: 'an LR/SC loop starved'}[c]
                        for c in sorted(caps))))
                    os.remove(log)
                    continue
                if rc not in (0, 4):
                    msgs.append('%dx%d %s: exit %s %s' % (w, t, pol, rc, o.strip()[:300]))
                    continue
                logs = per_thread_log(log, regions)
                os.remove(log)
                compared += 1
                if ref_logs is None:
                    ref_logs, ref_rc, ref_pol = logs, rc, pol
                    continue
                if rc != ref_rc:
                    msgs.append('%dx%d %s: exit %d, %s exit %d' % (w, t, pol, rc, ref_pol, ref_rc))
                for k in sorted(set(ref_logs) | set(logs)):
                    x, y = ref_logs.get(k, []), logs.get(k, [])
                    if x != y:
                        i = next((j for j in range(min(len(x), len(y))) if x[j] != y[j]), min(len(x), len(y)))
                        msgs.append('%dx%d %s: thread w%s l%s differs at its commit %d: %r vs %r (%s)'
                                    % (w, t, pol, k[0], k[1], i, x[i] if i < len(x) else None,
                                       y[i] if i < len(y) else None, ref_pol))
                        break
            if ref_logs is None and not msgs:
                msgs.append('%dx%d: no policy ran the program to its end' % (w, t))
        note = ''
        if skipped:
            note = ' (%d runs compared; skipped at a cap: %s)' % (compared, ', '.join(skipped))
        print('seed %d: %s%s' % (seed, 'schedule-independent' if not msgs else 'DEPENDS ON THE SCHEDULE', note),
              flush=True)
        for m in msgs:
            print('  ' + m, flush=True)
        if msgs:
            bad += 1
        else:
            os.remove(src)
            os.remove(elf)
    print('%d passed, %d failed' % (a.n - bad, bad))
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser(description='random SIMT programs: reference model vs RTL co-simulation')
    ap.add_argument('--n', type=int, default=20, help='number of programs (default 20)')
    ap.add_argument('--seed', type=int, default=1, help='first seed (default 1)')
    ap.add_argument('--configs', default='1x1,2x4,8x8,4x64',
                    help='comma-separated WxT[:track] (default 1x1,2x4,8x8,4x64)')
    ap.add_argument('--track', default='sorted',
                    choices=['sorted', 'sorted_exact', 'sorted_lazy', 'arbiter'] + ['arbiter_pipe' + k for k in ('', '0', '2')],
                    help='tracking unit of configurations without :track')
    ap.add_argument('--isa', default='rv32i', choices=['rv32i', 'rv32im', 'rv32ia', 'rv32ima'],
                    help='rv32im: programs with M instructions (randprog.py --isa), the model with '
                         '--isa rv32im, the simulators of ISA=rv32im cores (build/..._im/); rv32ia: '
                         'with A (atomics, spin-waits; build/..._ia/); rv32ima: both (build/..._ima/)')
    ap.add_argument('--sim-template', default=None,
                    help='simulator path with {w} {t} {track} {im} (default: the configuration\'s '
                         'build folder, simty-gen --tag)')
    ap.add_argument('--build', action='store_true',
                    help='build (make) the simulator of every configuration first')
    ap.add_argument('--sim', action='append', default=[], metavar='WxT[:track]=PATH',
                    help='simulator of one configuration (overrides the template)')
    ap.add_argument('--sim-args', default='',
                    help="extra simulator arguments, {seed} is replaced by a number derived from "
                         "the program's seed (e.g. '+verilator+rand+reset+2 +verilator+seed+{seed}')")
    ap.add_argument('--standalone', action='store_true',
                    help='also run the RTL without lock-step and compare every thread\'s '
                         'commit log with the model\'s (about twice the time)')
    ap.add_argument('--ref', default='build/tools/simty-ref')
    ap.add_argument('--jobs', type=int, default=1,
                    help='programs at a time on the LocalCluster (up to the cores; with '
                         'DASK_SCHEDULER the cluster decides)')
    ap.add_argument('--verbose', action='store_true',
                    help='a line for every program, not only for the failing ones')
    ap.add_argument('--keep', action='store_true', help='keep the work files of passing programs')
    ap.add_argument('--out', default='build/fuzz')
    ap.add_argument('--traps', default='auto', choices=['auto', 'on', 'off'])
    ap.add_argument('--size', default='normal', choices=['small', 'normal', 'large'])
    ap.add_argument('--max-threads', type=int, default=256)
    ap.add_argument('--trap-kinds', default='',
                    help='trap kinds the programs may use (randprog.py --trap-kinds; default all)')
    ap.add_argument('--sink-readback', action='store_true',
                    help='programs also load back sink words (values depend on the schedule; '
                         'fine for co-simulation, fails --self-check by design)')
    ap.add_argument('--ref-max-cycles', type=int, default=2000000)
    ap.add_argument('--sim-max-cycles', type=int, default=20000000)
    ap.add_argument('--timeout', type=int, default=300, help='seconds per run')
    ap.add_argument('--stop', action='store_true', help='stop at the first failing program')
    ap.add_argument('--reduce', metavar='PROG.S',
                    help='reduce a failing program on the first configuration instead of fuzzing')
    ap.add_argument('--self-check', action='store_true',
                    help='check the generator instead: per-thread results must be the same '
                         'under the model\'s four policies (no simulator needed)')
    a = ap.parse_args()

    try:
        configs = parse_configs(a.configs, a.track)
        sims = {}
        for c in configs:
            sims[c] = (a.sim_template.format(w=c[0], t=c[1], track=c[2],
                                             im=a.isa[4:] and '_' + a.isa[4:])
                       if a.sim_template else os.path.relpath(
                           simjobs.sim_path(c[0], c[1], c[2], isa=a.isa), ROOT))
        for s in a.sim:
            k, _, p = s.partition('=')
            kc = parse_configs(k, a.track)[0]
            if kc not in sims:
                raise ValueError('--sim %s: configuration not in --configs' % s)
            sims[kc] = p
        if not 1 <= a.jobs <= (os.cpu_count() or 1):
            raise ValueError('--jobs must be 1 to %d (the cores)' % (os.cpu_count() or 1))
        if a.n < 0:
            raise ValueError('--n must be >= 0')
        for c in configs:
            if c[0] * c[1] > a.max_threads:
                raise ValueError('%s has %d threads; programs are built for --max-threads %d'
                                 % (cfg_name(c), c[0] * c[1], a.max_threads))
        if a.self_check:
            sims = {}
        elif a.build:
            overridden = {parse_configs(x.partition('=')[0], a.track)[0] for x in a.sim}
            todo = [c for c in configs if c not in overridden and not a.sim_template]
            with simjobs.Progress(len(todo), 'fuzz: building', 'simulator') as prog:
                for c in todo:
                    prog.start(cfg_name(c))
                    prog.write('fuzz: building the simulator of %s' % cfg_name(c))
                    simjobs.build_sim(c[0], c[1], c[2], what='fuzz', isa=a.isa)
                    prog.update(cfg_name(c))
        missing = [p for p in list(sims.values()) + [a.ref] if not os.access(p, os.X_OK)]
        if missing:
            raise ValueError('not found or not executable: %s' % ', '.join(missing))
    except ValueError as e:
        print('fuzz: %s' % e, file=sys.stderr)
        return 3

    if a.self_check:
        return self_check(a, configs)
    if a.reduce:
        return 0 if reduce_program(a, configs[0], sims[configs[0]], a.reduce) else 1

    f = Fuzzer(a, configs, sims)
    passed = failed = slow = 0
    t_start = time.time()
    seeds = list(range(a.seed, a.seed + a.n))
    with simjobs.Runner(a.jobs) as runner:
        print('fuzz: %d programs from seed %d on %s (%s)' % (
            a.n, a.seed, ', '.join('%s=%s' % (cfg_name(c), sims[c]) for c in configs),
            runner.describe()), flush=True)
        futs = [runner.submit(f.one, s, name='seed%d' % s) for s in seeds]
        prog = simjobs.Progress(len(seeds), 'fuzz', 'program')
        try:
            for i, res, err in runner.results(futs, prog):
                (ok, kind), lines, secs, info = res if res else (
                    (False, None), ['FAIL seed %d: the job did not finish: %s' % (seeds[i], err)], 0.0, [])
                passed, failed, slow = passed + ok, failed + (not ok and kind != 'slow'), slow + (kind == 'slow')
                if not ok or a.verbose:
                    prog.write('[%d/%d] seed %d %s %.1fs %s' % (
                        passed + failed + slow, a.n, seeds[i],
                        'ok' if ok else 'too slow' if kind == 'slow' else 'FAILED', secs, ' '.join(info)))
                    for l in lines:
                        prog.write(l)
                if not ok and a.stop:
                    runner.cancel(futs)
                    break
        finally:
            prog.close()
    el = time.time() - t_start
    print('fuzz: %.1f s total, %.2f s per program' % (el, el / max(1, passed + failed)), flush=True)
    if slow:
        print('fuzz: too slow: %d programs stopped by the %d s backstop before their bound '
              '(the machine, not the design)' % (slow, a.timeout), flush=True)
    print('%d passed, %d failed%s' % (passed, failed, ', %d too slow' % slow if slow else ''), flush=True)
    return 1 if failed else 3 if slow else 0


if __name__ == '__main__':
    sys.exit(main())
