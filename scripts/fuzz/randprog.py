#!/usr/bin/env python3
"""randprog.py - random terminating SIMT RV32I programs for Simty fuzzing.

    scripts/fuzz/randprog.py --seed S [-o FILE.S] [--traps auto|on|off]
                        [--max-threads N] [--size small|normal|large]
                        [--isa rv32i|rv32im|rv32ia|rv32ima]

Writes one assembly program (stdout or FILE.S); link it with
scripts/fuzz/fuzz_link.ld (scripts/fuzz/fuzz.py does the whole build):

    riscv64-unknown-elf-gcc -march=rv32i_zicsr -mabi=ilp32 -nostdlib \
        -nostartfiles -static -Wl,--no-relax -Wl,--build-id=none \
        -T scripts/fuzz/fuzz_link.ld -o prog.elf prog.S

The same seed always gives the same program (Python's random.Random with an
explicit seed; no other input).  Control flow and addresses depend on the
thread id (mhartid, lane 0xFC1, warp 0xFC0, T 0xFC3, W 0xFC2) and on data
derived from it, so warps diverge: branches of all six kinds, nested if/else,
counted loops with per-thread trip counts and break/continue, direct and
indirect calls through ra and t0, nested calls, tail calls, bounded
recursion, jump tables with lane-dependent targets, loads and stores of every
width, early exits and (with --traps, or in about one program in six by
default) traps in some threads.  With --isa rv32im (assemble with
-march=rv32im_zicsr) runs of M instructions too: corner operands (0, 1, -1,
INT_MIN, INT_MAX, powers of two) and thread-dependent values, results read back
to back by M and ALU instructions, overwritten by younger ALU results.  With
--isa rv32ia (-march=rv32ia_zicsr; rv32ima: both) the A extension too
(scripts/fuzz/randprog_amo.py): every AMO with and without aq/rl, lr.w/sc.w pairs
and LR/SC retry loops on thread-private and on shared words, sc.w that must
fail, misaligned and out-of-range atomics among the planned traps, and in some
programs spin-waits where lanes wait for lane 0 of their own warp (they end
only through the core's forward-progress rule).  The default rv32i gives the
same programs as before the options existed.

Determinism (the reference model and the RTL must agree on every thread's
result even when they schedule warps and paths differently):

  * no cycle/cycleh reads; all values are functions of the ids and the data;
  * memory written by a program is either thread-private (the thread's own
    block, indexed by mhartid, and its stack) or a shared array where every
    word has exactly ONE owner thread for the whole run (owner = a fixed
    permutation of mhartid per array; only the owner reads it back);
  * the "sink" array takes overlapping stores of one instruction (several
    lanes of ONE warp on one word, highest lane wins); its words belong to
    one warp each (index warp*T + f(lane)), and a value read back from it
    only ever flows into a store to the sink (through the scratch register),
    never into control flow or addresses, so schedule order cannot change
    any thread's outcome (read-backs only with --sink-readback: without it
    every thread's commit-log sequence is the same under every schedule,
    which `scripts/fuzz/fuzz.py --self-check` verifies with the model's four
    policies);
  * loop trip counts are masked to small bounds, recursion depth to 0..7,
    calls go only from a function to a later one (no cycles): every thread
    ends within a bounded number of instructions (estimated worst case below
    --max-dyn per thread), with ecall a7=93 a0=0 or with a planned trap;
  * with A, what may depend on the schedule (values read from shared words,
    whether an sc.w succeeds, how many rounds a retry loop or a spin-wait
    takes) is listed in the ELF section .simty_sched, which scripts/fuzz/fuzz.py
    uses when it compares two schedules (randprog_amo.py says what is where);
    a spin-wait or retry loop that reaches its cap ends the thread with exit
    code 91 or 92.

Registers: x0; ra, t0 links; sp per-thread stack; gp per-thread private
block; tp mhartid; s0 lane; s1 warp; s2 T; s3 W; s4-s6 loop counters of
main; s7-s8 loop counters of functions (saved in their frame); s10 recursion
depth; s11 and t6 address scratch (and s9, with A); t1 t2 a0-a7 t3-t5 data.
"""

import argparse
import random
import sys

from randprog_mem import MemStmts
from randprog_amo import AmoStmts, A_TRAP_KINDS

DATA = ['t1', 't2', 'a0', 'a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 't3', 't4', 't5']
ID_REGS = ['tp', 's0', 's1']           # mhartid, lane, warp
MAIN_CNT = ['s4', 's5', 's6']
FUNC_CNT = ['s7', 's8']
BRANCHES = ['beq', 'bne', 'blt', 'bge', 'bltu', 'bgeu']
RTYPE = ['add', 'sub', 'xor', 'or', 'and', 'sll', 'srl', 'sra', 'slt', 'sltu']
MTYPE = ['mul', 'mulh', 'mulhsu', 'mulhu', 'div', 'divu', 'rem', 'remu']
M_CORNER = [0, 1, -1, 2, -2, 3, -7, 0x7fffffff, -0x80000000, 0x8000, 0xffff, 0x10000, -0x10000,
            1 << 30, -(1 << 30)]
ITYPE = ['addi', 'xori', 'ori', 'andi', 'slti', 'sltiu']
SHIFTI = ['slli', 'srli', 'srai']
CSRS = [0xF14, 0xFC0, 0xFC1, 0xFC2, 0xFC3]
REGNUM = {'zero': 0, 'ra': 1, 'sp': 2, 'gp': 3, 'tp': 4, 't0': 5, 't1': 6, 't2': 7,
          's0': 8, 's1': 9, 'a0': 10, 'a1': 11, 'a2': 12, 'a3': 13, 'a4': 14,
          'a5': 15, 'a6': 16, 'a7': 17, 's2': 18, 's3': 19, 's4': 20, 's5': 21,
          's6': 22, 's7': 23, 's8': 24, 's9': 25, 's10': 26, 's11': 27,
          't3': 28, 't4': 29, 't5': 30, 't6': 31}
TRAP_KINDS = ['ebreak', 'illegal0', 'illegal1', 'fencei', 'csrw', 'badcsr',
              'mislw', 'mislh', 'missw', 'missh', 'ldfault', 'stfault',
              'ecall', 'misjump', 'fetchfault', 'ldfault_mix', 'stfault_mix']
SIZES = {'small': (20, 3000), 'normal': (45, 8000), 'large': (90, 16000)}
MAX_STATIC = {'small': 300, 'normal': 600, 'large': 1400}


class Func:
    def __init__(self, idx, link):
        self.idx = idx
        self.name = 'f%d' % idx
        self.link = link          # 'ra' or 't0'
        self.cost = 0
        self.lines = []
        self.may_die = False      # may end the thread (an exit, a trap, a call of one)


class Ctx:
    def __init__(self, fn, counters, callable_funcs, depth=0, loops=(), in_rec=False,
                 no_death=False, no_lrsc=False):
        self.fn = fn                        # Func, 'rec' or None (main)
        self.counters = counters            # free loop counter registers
        self.callable = callable_funcs
        self.depth = depth
        self.loops = loops                  # ((cont, end), ...) innermost last
        self.in_rec = in_rec
        self.no_death = no_death            # nothing that may end the thread (A: spin setter)
        self.no_lrsc = no_lrsc              # no lr.w/sc.w (A: waiters move the reservation)

    def child(self, **kw):
        c = Ctx(self.fn, self.counters, self.callable, self.depth + 1, self.loops, self.in_rec,
                self.no_death, self.no_lrsc)
        for k, v in kw.items():
            setattr(c, k, v)
        return c


class Gen(MemStmts, AmoStmts):
    def __init__(self, seed, traps='auto', max_threads=256, size='normal', max_dyn=None,
                 readback=False, trap_kinds=None, isa='rv32i'):
        self.seed = seed
        self.isa_m = isa in ('rv32im', 'rv32ima')
        self.isa_a = isa in ('rv32ia', 'rv32ima')
        self.trap_kinds = trap_kinds or (TRAP_KINDS + A_TRAP_KINDS if self.isa_a else TRAP_KINDS)
        self.readback = readback
        self.rng = random.Random(seed)
        r = self.rng
        if traps == 'auto':
            self.traps = r.random() < 0.17
        else:
            self.traps = traps == 'on'
        if max_threads & (max_threads - 1) or not 1 <= max_threads <= 512:
            raise ValueError('--max-threads must be a power of two 1..512')
        self.maxt = max_threads
        self.ptb = 512 if max_threads <= 256 else 256     # per-thread block
        self.priv = 256 if max_threads <= 256 else 64      # private part of it
        self.stmt_budget, self.dyn_budget = SIZES[size]
        if max_dyn is not None:
            self.dyn_budget = max_dyn
        self.nlabel = 0
        self.rodata = []
        self.static = 0            # instructions emitted (rough)
        self.max_static = MAX_STATIC[size]     # also keeps branches in range
        # features of this program (weights vary per program for variety)
        self.w = self.weights()
        # shared exclusive arrays: (global xor key or lane xor key, stride log2)
        self.shex = []
        for j in range(r.randint(1, 4)):
            kind = r.choice(['g', 'l', 'id'])
            key = r.randrange(max_threads) if kind != 'id' else 0
            self.shex.append((kind, key, r.choice([0, 0, 1, 2])))
        self.ro_words = [r.getrandbits(32) for _ in range(256)]
        # functions: f0..fn-1, fi may call fj (j > i) and rec
        nf = r.choice([0, 1, 2, 3, 4, 4, 5])
        self.funcs = [Func(i, r.choice(['ra', 'ra', 't0'])) for i in range(nf)]
        self.use_rec = r.random() < 0.6
        self.rec_cost = 0
        self.console = r.random() < 0.1
        self.a_init()             # (after every draw of the other ISAs: they stay as they were)

    def weights(self):
        r = self.rng
        base = {
            'alu': 6, 'csr': 1, 'priv': 3, 'pint': 3, 'ro': 3, 'shex': 3, 'sink': 2,
            'if': 6, 'ifelse': 5, 'loop': 3, 'switch': 2, 'ladder': 1, 'depth': 1, 'call': 3, 'icall': 2,
            'rec': 1, 'exit': 0.3, 'trap': 0, 'brk': 1.5, 'cont': 1, 'mmio': 0.3,
            'console': 0, 'alurun': 2,
        }
        # per-program emphasis
        for k in base:
            base[k] *= r.choice([0.3, 1, 1, 1, 2])
        if self.isa_m:        # after the others: rv32i programs stay as they were
            base['mdu'] = r.choice([1, 2, 2, 4])
        if self.isa_a:
            self.a_weights(base)
        return base

    # ---------------------------------------------------------------- helpers
    def label(self, stem='L'):
        self.nlabel += 1
        return '.%s%d' % (stem, self.nlabel)

    def dreg(self):
        return self.rng.choice(DATA)

    def sreg(self):
        """A source register: mostly data, sometimes the ids or zero."""
        r = self.rng.random()
        if r < 0.75:
            return self.dreg()
        if r < 0.95:
            return self.rng.choice(ID_REGS)
        return 'zero'

    def imm12(self):
        r = self.rng
        return r.choice([r.randint(-2048, 2047), r.randint(-8, 8), r.choice([0, 1, -1, 2047, -2048])])

    def ins(self, out, text):
        out.append('\t' + text)
        self.static += 1

    # --------------------------------------------------------------- pieces
    def alu(self, out):
        r = self.rng
        d = self.dreg()
        k = r.random()
        if k < 0.45:
            self.ins(out, '%s %s, %s, %s' % (r.choice(RTYPE), d, self.sreg(), self.sreg()))
        elif k < 0.75:
            self.ins(out, '%s %s, %s, %d' % (r.choice(ITYPE), d, self.sreg(), self.imm12()))
        elif k < 0.9:
            self.ins(out, '%s %s, %s, %d' % (r.choice(SHIFTI), d, self.sreg(), r.randrange(32)))
        elif k < 0.97:
            self.ins(out, 'lui %s, 0x%x' % (d, r.getrandbits(20)))
        else:
            self.ins(out, 'auipc %s, 0x%x' % (d, r.getrandbits(20)))
        return 1

    def alu_run(self, out):
        """A run of ALU instructions, each mostly reading the one before it (as rs1,
        rs2 or both), with an occasional independent one: the read-after-write
        distances 1, 2, 3... that back-to-back issue of one warp must respect."""
        r = self.rng
        prev = self.dreg()
        n = r.randint(4, 16)
        for _ in range(n):
            d = r.choice([prev, self.dreg(), self.dreg()])
            k = r.random()
            if k < 0.15:
                self.alu(out)
                continue
            if k < 0.5:
                a, b = (prev, self.sreg()) if r.random() < 0.6 else (self.sreg(), prev)
                if r.random() < 0.2:
                    a = b = prev
                self.ins(out, '%s %s, %s, %s' % (r.choice(RTYPE), d, a, b))
            elif k < 0.8:
                self.ins(out, '%s %s, %s, %d' % (r.choice(ITYPE), d, prev, self.imm12()))
            else:
                self.ins(out, '%s %s, %s, %d' % (r.choice(SHIFTI), d, prev, r.randrange(32)))
            prev = d
        return n

    def st_mdu(self, out):
        """RV32M (--isa rv32im): a run of M instructions on corner values and
        thread-dependent data, each mostly reading the one before it; some results
        are read at once by an ALU instruction or overwritten by one (write after
        write against the longer M latency)."""
        r = self.rng
        prev = self.dreg()
        cost = 0
        for _ in range(r.randint(2, 8)):
            k = r.random()
            if k < 0.3:
                v = r.choice(M_CORNER) if r.random() < 0.7 else r.choice([1, -1]) << r.randrange(31)
                self.ins(out, 'li %s, %d' % (self.dreg(), v))
                cost += 2
                continue
            d = r.choice([prev, self.dreg(), self.dreg()])
            if k < 0.85:
                a, b = (prev, self.sreg()) if r.random() < 0.6 else (self.sreg(), prev)
                if r.random() < 0.15:
                    a = b = prev
                self.ins(out, '%s %s, %s, %s' % (r.choice(MTYPE), d, a, b))
            elif k < 0.93:
                self.ins(out, '%s %s, %s, %s' % (r.choice(RTYPE), d, prev, self.sreg()))
            else:
                self.ins(out, 'addi %s, %s, %d' % (prev, self.sreg(), self.imm12()))
                d = prev
            prev = d
            cost += 1
        return cost

    def csr(self, out):
        r = self.rng
        d = self.dreg()
        c = r.choice(CSRS)
        form = r.choice(['csrrs %s, 0x%x, zero', 'csrrc %s, 0x%x, zero',
                         'csrrsi %s, 0x%x, 0', 'csrrci %s, 0x%x, 0'])
        self.ins(out, form % (d, c))
        return 1

    def cond(self, out, target, invert_ok=True):
        """Emit a divergent conditional branch to target; returns cost."""
        r = self.rng
        k = r.random()
        op = r.choice(BRANCHES)
        if k < 0.4:
            a, b = self.sreg(), self.sreg()
            if a == b and r.random() < 0.8:
                b = self.dreg()
            self.ins(out, '%s %s, %s, %s' % (op, a, b, target))
            return 1
        if k < 0.55:
            a = self.dreg()
            if r.random() < 0.5:
                self.ins(out, '%s %s, zero, %s' % (op, a, target))
            else:
                self.ins(out, '%s zero, %s, %s' % (op, a, target))
            return 1
        if k < 0.75:      # lane / thread-id bit test
            src = r.choice(['s0', 's0', 'tp', 's1', self.dreg()])
            self.ins(out, 'andi t6, %s, %d' % (src, 1 << r.randrange(7)))
            self.ins(out, '%s t6, zero, %s' % (r.choice(['beq', 'bne']), target))
            return 2
        if k < 0.9:       # id against a constant
            src = r.choice(['tp', 's0', 's0', 's1'])
            self.ins(out, 'li t6, %d' % r.randrange(self.maxt if src == 'tp' else 64))
            self.ins(out, '%s %s, t6, %s' % (op, src, target))
            return 2
        # small masked data value against a constant
        self.ins(out, 'andi t6, %s, %d' % (self.dreg(), r.choice([1, 3, 7, 15])))
        self.ins(out, 'li s11, %d' % r.randrange(8))
        self.ins(out, '%s t6, s11, %s' % (op, target))
        return 3

    def id_guard(self, out, skip):
        """Branch to skip for most threads: the body runs in a few threads."""
        r = self.rng
        k = r.random()
        if k < 0.4:
            self.ins(out, 'li t6, %d' % r.randrange(min(self.maxt, 64)))
            self.ins(out, 'bne tp, t6, %s' % skip)
        elif k < 0.7:
            self.ins(out, 'andi t6, s0, %d' % r.choice([1, 3, 5, 7, 15, 31]))
            self.ins(out, 'li s11, %d' % r.randrange(4))
            self.ins(out, 'bne t6, s11, %s' % skip)
        else:
            self.ins(out, 'andi t6, %s, %d' % (r.choice(['tp', 's1', self.dreg()]),
                                                 r.choice([3, 7, 15, 31])))
            self.ins(out, 'bnez t6, %s' % skip)
        return 3

    def st_if(self, out, ctx, budget):
        r = self.rng
        els = r.random() < 0.5
        lelse, lend = self.label(), self.label()
        c = self.cond(out, lelse)
        tb, tc = self.block(ctx.child(), budget, r.randint(1, 4))
        out += tb
        if els:
            self.ins(out, r.choice(['j %s', 'jal zero, %s', 'beq zero, zero, %s']) % lend)
            out.append(lelse + ':')
            eb, ec = self.block(ctx.child(), budget, r.randint(1, 4))
            out += eb
            out.append(lend + ':')
            return c + 1 + max(tc, ec)
        out.append(lelse + ':')
        return c + tc

    def st_loop(self, out, ctx, budget):
        r = self.rng
        if not ctx.counters:
            return None
        cnt = ctx.counters[0]
        top, cont, end = self.label(), self.label(), self.label()
        maxtrip = r.choice([1, 3, 3, 7, 7, 15]) if ctx.depth < 2 else r.choice([1, 3])
        src = r.choice(['s0', 'tp', self.dreg(), self.dreg()])
        self.ins(out, 'andi %s, %s, %d' % (cnt, src, maxtrip))
        c = 1
        plus = r.random() < 0.4
        if plus:
            self.ins(out, 'addi %s, %s, 1' % (cnt, cnt))
            maxtrip += 1
            c += 1
        form = r.choice(['bottom', 'bottom', 'top'])
        inner_budget = max(10, budget // (maxtrip + 1))
        sub = ctx.child(counters=ctx.counters[1:], loops=ctx.loops + ((cont, end),))
        if form == 'bottom':
            if not plus or r.random() < 0.3:
                self.ins(out, 'beqz %s, %s' % (cnt, end))
                c += 1
            out.append(top + ':')
            body, bc = self.block(sub, inner_budget, r.randint(1, 5))
            out += body
            out.append(cont + ':')
            self.ins(out, 'addi %s, %s, -1' % (cnt, cnt))
            self.ins(out, r.choice(['bnez %s, %s', 'bgtz %s, %s', 'bltu zero, %s, %s',
                                    'blt zero, %s, %s', 'bne %s, zero, %s']) % (cnt, top))
            out.append(end + ':')
            return c + maxtrip * (bc + 2)
        out.append(top + ':')
        self.ins(out, r.choice(['beqz %s, %s', 'bge zero, %s, %s', 'bgeu zero, %s, %s',
                                'beq zero, %s, %s']) % (cnt, end))
        body, bc = self.block(sub, inner_budget, r.randint(1, 5))
        out += body
        out.append(cont + ':')
        self.ins(out, 'addi %s, %s, -1' % (cnt, cnt))
        self.ins(out, 'j %s' % top)
        out.append(end + ':')
        return c + maxtrip * (bc + 3) + 1

    def st_brk(self, out, ctx, which):
        if not ctx.loops:
            return None
        cont, end = ctx.loops[-1]
        return self.cond(out, end if which == 'brk' else cont)

    def st_switch(self, out, ctx, budget):
        r = self.rng
        n = r.choice([2, 4, 4, 8, 8, 16, 32, 64])
        src = r.choice(['s0', 's0', 'tp', self.dreg()])
        tbl = self.label('T')
        join = self.label()
        cases = [self.label() for _ in range(n)]
        # distinct case bodies (many: up to one path per lane, CCT worst case)
        ncases = r.randint(2, min(n, 6 if r.random() < 0.7 else 24))
        targets = [cases[r.randrange(ncases)] if i >= ncases else cases[i] for i in range(n)]
        r.shuffle(targets)
        off = r.choice([0, 0, 4, 8])
        self.rodata.append('\t.balign 4')
        self.rodata.append('%s:' % tbl)
        for t in targets:
            self.rodata.append('\t.word %s%s' % (t, ' - %d' % off if off else ''))
        self.ins(out, 'andi t6, %s, %d' % (src, n - 1))
        self.ins(out, 'slli t6, t6, 2')
        self.ins(out, 'la s11, %s' % tbl)
        self.ins(out, 'add s11, s11, t6')
        self.ins(out, 'lw s11, 0(s11)')
        self.ins(out, r.choice(['jalr zero, %d(s11)' % off] + (['jr s11'] if off == 0 else [])))
        c = 6
        worst = 0
        acc = 0
        for i in range(ncases):
            out.append(cases[i] + ':')
            b, bc = self.block(ctx.child(), max(8, budget // 2),
                               r.randint(1, 3) if ncases <= 6 else r.randint(1, 2))
            out += b
            acc += bc
            if i == ncases - 1 or r.random() < 0.75:
                if i != ncases - 1:
                    self.ins(out, 'j %s' % join)
                worst = max(worst, acc + 1)
                acc = 0
            # else fall through into the next case
        out.append(join + ':')
        return c + worst

    def st_ladder(self, out):
        """Computed jump into a ladder of ALU instructions: lanes enter at
        different rungs and merge as they fall through."""
        r = self.rng
        n = r.choice([4, 8, 16])
        lad = self.label('D')
        src = r.choice(['s0', 's0', 'tp', self.dreg()])
        self.ins(out, 'andi t6, %s, %d' % (src, n - 1))
        self.ins(out, 'slli t6, t6, 2')
        self.ins(out, 'la s11, %s' % lad)
        self.ins(out, 'add s11, s11, t6')
        self.ins(out, r.choice(['jr s11', 'jalr zero, 0(s11)']))
        out.append(lad + ':')
        for _ in range(n):
            d = self.dreg()
            self.ins(out, r.choice(['addi %s, %s, %d', 'xori %s, %s, %d']) % (d, d, self.imm12()))
        return 6 + n

    def st_depth(self, out, ctx):
        """Change the call depth without calling a function (main only, where
        ra and t0 are free): per-thread numbers of `jal ra, next` (+1 each, up
        to saturation at 255), returns to the next instruction (-1 each, down
        to saturation at 0), and jalr forms with both link registers."""
        if ctx.fn != 'main':
            return None
        r = self.rng
        kind = r.choice(['pump', 'pump', 'drain', 'drain', 'both'])
        mask = r.choice([3, 15, 63, 63, 255, 511])
        src = r.choice(['s0', 'tp', self.dreg()])
        top, nxt = self.label(), self.label()
        self.ins(out, 'andi t6, %s, %d' % (src, mask))
        self.ins(out, 'addi t6, t6, 1')
        out.append(top + ':')
        if kind == 'pump':
            link = r.choice(['ra', 'ra', 't0'])
            self.ins(out, 'jal %s, %s' % (link, nxt))
            out.append(nxt + ':')
            per = 3
        elif kind == 'drain':
            link = r.choice(['ra', 'ra', 't0'])
            self.ins(out, 'auipc %s, 0' % link)
            self.ins(out, 'addi %s, %s, 12' % (link, link))
            self.ins(out, 'jalr zero, 0(%s)' % link)
            per = 5
        else:
            form = r.choice(['jalr ra, 0(t0)', 'jalr t0, 0(ra)', 'jalr ra, 0(ra)', 'jalr t0, 0(t0)'])
            base = form.split('(')[1][:2]
            self.ins(out, 'auipc %s, 0' % base)
            self.ins(out, 'addi %s, %s, 12' % (base, base))
            self.ins(out, form)
            per = 5
        self.ins(out, 'addi t6, t6, -1')
        self.ins(out, 'bnez t6, %s' % top)
        return 2 + per * (mask + 1)

    def call_to(self, out, f, indirect=False):
        r = self.rng
        if f.link == 'ra':
            if indirect:
                self.ins(out, 'la s11, %s' % f.name)
                self.ins(out, 'jalr ra, 0(s11)')
                return 3
            self.ins(out, r.choice(['jal ra, %s', 'call %s', 'jal %s']) % f.name)
            return 2
        if indirect:
            self.ins(out, 'la s11, %s' % f.name)
            self.ins(out, 'jalr t0, 0(s11)')
            return 3
        self.ins(out, 'jal t0, %s' % f.name)
        return 1

    def st_call(self, out, ctx):
        if not ctx.callable:
            return None
        f = self.rng.choice(ctx.callable)
        return self.call_to(out, f, self.rng.random() < 0.2) + f.cost

    def st_icall(self, out, ctx):
        r = self.rng
        if not ctx.callable:
            return None
        link = r.choice(['ra', 't0'])
        fs = [f for f in ctx.callable if f.link == link]
        if not fs:
            return None
        n = r.choice([2, 4, 8])
        tbl = self.label('F')
        self.rodata.append('\t.balign 4')
        self.rodata.append('%s:' % tbl)
        for _ in range(n):
            self.rodata.append('\t.word %s' % r.choice(fs).name)
        src = r.choice(['s0', 's0', 'tp', self.dreg()])
        self.ins(out, 'andi t6, %s, %d' % (src, n - 1))
        self.ins(out, 'slli t6, t6, 2')
        self.ins(out, 'la s11, %s' % tbl)
        self.ins(out, 'add s11, s11, t6')
        self.ins(out, 'lw s11, 0(s11)')
        self.ins(out, 'jalr %s, 0(s11)' % link)
        return 7 + max(f.cost for f in fs)

    def st_rec(self, out, ctx):
        if not self.use_rec or ctx.in_rec:
            return None
        r = self.rng
        self.ins(out, 'andi s10, %s, %d' % (r.choice(['s0', 'tp', self.dreg()]), r.choice([3, 7, 7])))
        self.ins(out, 'jal ra, rec')
        return 2 + self.rec_cost

    # ------------------------------------------------------------ structure
    def block(self, ctx, budget, nstmts):
        """A sequence of statements; returns (lines, worst-case dynamic cost)."""
        r = self.rng
        out = []
        cost = 0
        w = dict(self.w)
        if ctx.depth >= 4:
            for k in ('if', 'ifelse', 'loop', 'switch'):
                w[k] = 0
        if ctx.fn is not None and ctx.fn != 'main' and ctx.depth >= 2:
            w['loop'] = 0
        if ctx.in_rec:
            for k in ('loop', 'call', 'icall', 'rec', 'switch'):
                w[k] = 0
        if self.traps:
            w['trap'] = 0.5
        if self.console:
            w['console'] = 0.3
        if ctx.no_death:
            w['exit'] = w['trap'] = 0
            if any(f.may_die for f in ctx.callable):
                w['call'] = w['icall'] = 0
            if self.rec_may_die:
                w['rec'] = 0
        if ctx.no_lrsc:
            w['lrsc'] = w['lrloop'] = 0
        kinds = list(w)
        weights = [w[k] for k in kinds]
        for _ in range(nstmts):
            if self.static > self.static_limit:
                break
            for _attempt in range(4):
                k = r.choices(kinds, weights)[0]
                save_static, save_ro, save_lab = self.static, len(self.rodata), self.nlabel
                save_a = self.a_save()
                piece = []
                left = budget - cost
                if k == 'alu':
                    c = sum(self.alu(piece) for _ in range(r.randint(1, 3)))
                elif k == 'alurun':
                    c = self.alu_run(piece)
                elif k == 'csr':
                    c = self.csr(piece)
                elif k == 'mdu':
                    c = self.st_mdu(piece)
                elif k == 'priv':
                    c = self.st_priv(piece)
                elif k == 'depth':
                    c = self.st_depth(piece, ctx)
                elif k == 'ladder':
                    c = self.st_ladder(piece)
                elif k == 'pint':
                    c = self.st_pint(piece)
                elif k == 'ro':
                    c = self.st_ro(piece)
                elif k == 'shex':
                    c = self.st_shex(piece)
                elif k == 'sink':
                    c = self.st_sink(piece)
                elif k == 'mmio':
                    c = self.st_mmio(piece)
                elif k == 'console':
                    c = self.st_console(piece)
                elif k in ('if', 'ifelse'):
                    c = self.st_if(piece, ctx, left)
                elif k == 'loop':
                    c = self.st_loop(piece, ctx, left)
                elif k == 'switch':
                    c = self.st_switch(piece, ctx, left)
                elif k == 'call':
                    c = self.st_call(piece, ctx)
                elif k == 'icall':
                    c = self.st_icall(piece, ctx)
                elif k == 'rec':
                    c = self.st_rec(piece, ctx)
                elif k == 'exit':
                    c = self.st_exit(piece)
                elif k == 'trap':
                    c = self.st_trap(piece)
                elif k in ('brk', 'cont'):
                    c = self.st_brk(piece, ctx, k)
                elif k == 'amo':
                    c = self.st_amo(piece)
                elif k == 'amosh':
                    c = self.st_amosh(piece)
                elif k == 'lrsc':
                    c = self.st_lrsc(piece)
                elif k == 'lrloop':
                    c = self.st_lrloop(piece, ctx)
                elif k == 'spin':
                    c = self.st_spin(piece, ctx, cost)
                else:
                    c = None
                if c is None or cost + c > budget:
                    self.static, self.nlabel = save_static, save_lab
                    del self.rodata[save_ro:]
                    self.a_restore(save_a)
                    continue
                out += piece
                cost += c
                if (k in ('exit', 'trap') or (k == 'rec' and self.rec_may_die)
                        or (k in ('call', 'icall') and any(f.may_die for f in ctx.callable))):
                    self.deaths += 1     # (a statement kept inside one dropped later counts too)
                if k == 'depth':
                    self.depth_skew = True
                break
        if not out:
            c = self.alu(out)
            cost += c
        return out, cost

    def gen_rec(self):
        r = self.rng
        deaths = self.deaths
        out = ['\t.balign 4', 'rec:']
        self.ins(out, 'addi sp, sp, -16')
        self.ins(out, 'sw ra, 0(sp)')
        self.ins(out, 'sw s10, 4(sp)')
        self.ins(out, r.choice(['beqz s10, .Lrec_ret', 'bge zero, s10, .Lrec_ret',
                                'bgeu zero, s10, .Lrec_ret']))
        ctx = Ctx('rec', [], [], depth=2, in_rec=True)
        b1, c1 = self.block(ctx, 60, r.randint(1, 3))
        out += b1
        self.ins(out, 'addi s10, s10, -1')
        self.ins(out, r.choice(['jal ra, rec', 'call rec', 'jal rec']))
        b2, c2 = self.block(ctx, 60, r.randint(0, 3))
        out += b2
        out.append('.Lrec_ret:')
        self.ins(out, 'lw ra, 0(sp)')
        self.ins(out, 'lw s10, 4(sp)')
        self.ins(out, 'addi sp, sp, 16')
        self.ins(out, r.choice(['ret', 'jalr zero, 0(ra)', 'jr ra']))
        self.rec_cost = 8 * (c1 + c2 + 12)
        self.rec_may_die = self.deaths != deaths
        return out

    def gen_func(self, f, later):
        r = self.rng
        deaths = self.deaths
        out = ['\t.balign 4', '%s:' % f.name]
        body_ctx = Ctx(f, list(FUNC_CNT), later, depth=1)
        body, bc = self.block(body_ctx, r.choice([80, 200, 400]), r.randint(2, 5))
        frame = any(('jal' in l or 'call' in l) for l in body) or any(
            c in l for l in body for c in FUNC_CNT)
        tails = [g for g in later if g.link == f.link]
        tail = tails and r.random() < 0.3
        frame = frame or tail
        c = bc
        if frame:
            for l in ('addi sp, sp, -16', 'sw ra, 0(sp)', 'sw t0, 4(sp)',
                      'sw s7, 8(sp)', 'sw s8, 12(sp)'):
                self.ins(out, l)
            c += 5
        out += body
        if frame:
            for l in ('lw ra, 0(sp)', 'lw t0, 4(sp)', 'lw s7, 8(sp)', 'lw s8, 12(sp)',
                      'addi sp, sp, 16'):
                self.ins(out, l)
            c += 5
        if tail:
            g = r.choice(tails)
            self.ins(out, r.choice(['j %s', 'tail %s' if f.link == 'ra' and False else 'j %s']) % g.name)
            c += 1 + g.cost
        elif f.link == 'ra':
            self.ins(out, r.choice(['ret', 'jalr zero, 0(ra)', 'jr ra']))
            c += 1
        else:
            self.ins(out, r.choice(['jr t0', 'jalr zero, 0(t0)', 'jalr x0, t0, 0']))
            c += 1
        f.cost = c
        f.lines = out
        f.may_die = (self.deaths != deaths or self.rec_may_die
                     or any(g.may_die for g in later))

    def program(self):
        r = self.rng
        head = []
        head.append('# Simty random SIMT program, seed %d%s' % (self.seed, ' (with traps)' if self.traps else ''))
        head.append('# generated by scripts/fuzz/randprog.py; max threads %d' % self.maxt)
        head.append('\t.option norvc')
        head.append('\t.section .text.init, "ax", @progbits')
        head.append('\t.globl _start')
        head.append('_start:')
        pro = []
        self.ins(pro, 'csrr tp, mhartid')
        self.ins(pro, 'csrr s0, 0xfc1')
        self.ins(pro, 'csrr s1, 0xfc0')
        self.ins(pro, 'csrr s2, 0xfc3')
        self.ins(pro, 'csrr s3, 0xfc2')
        self.ins(pro, 'li t6, %d' % self.maxt)
        self.ins(pro, 'bgeu tp, t6, .Ltoo_many')
        self.ins(pro, 'la gp, thr_area')
        self.ins(pro, 'slli t6, tp, %d' % (self.ptb.bit_length() - 1))
        self.ins(pro, 'add gp, gp, t6')
        self.ins(pro, 'addi sp, gp, %d' % (self.ptb - 16))
        self.ins(pro, 'addi sp, sp, 16')
        for d in DATA:
            k = r.random()
            if k < 0.3:
                self.ins(pro, 'andi t6, %s, %d' % (r.choice(['tp', 's0']), 0x3fc))
                self.ins(pro, 'la s11, ro_table')
                self.ins(pro, 'add s11, s11, t6')
                self.ins(pro, 'lw %s, 0(s11)' % d)
            elif k < 0.6:
                self.ins(pro, '%s %s, %s, %d' % (r.choice(['slli', 'srli']), d,
                                                  r.choice(ID_REGS), r.randrange(6)))
                self.ins(pro, 'xori %s, %s, %d' % (d, d, self.imm12()))
            elif k < 0.8:
                self.ins(pro, 'lui %s, 0x%x' % (d, r.getrandbits(20)))
                self.ins(pro, '%s %s, %s, %s' % (r.choice(['add', 'xor', 'sub']), d, d,
                                                 r.choice(ID_REGS)))
            else:
                self.ins(pro, 'mv %s, %s' % (d, r.choice(ID_REGS)))
        # functions, last first (fi calls only fj with j > i)
        func_lines = []
        self.static_limit = self.static + self.max_static * 2 // 5
        if self.use_rec:
            func_lines += self.gen_rec()
        for i in reversed(range(len(self.funcs))):
            self.gen_func(self.funcs[i], self.funcs[i + 1:])
        # main body
        self.static_limit = self.max_static
        self.main_deaths = self.deaths
        ctx = Ctx('main', list(MAIN_CNT), self.funcs, depth=0)
        body, cost = self.block(ctx, self.dyn_budget, self.stmt_budget)
        self.main_cost = cost
        end = []
        self.ins(end, 'li a0, 0')
        self.ins(end, 'li a7, 93')
        self.ins(end, 'ecall')
        end.append('.Ltoo_many:')
        self.ins(end, 'li a0, 1')
        self.ins(end, 'li a7, 93')
        self.ins(end, 'ecall')
        for f in self.funcs:
            func_lines += f.lines
        ro = ['\t.section .rodata', '\t.balign 4', 'ro_table:']
        for i in range(0, 256, 8):
            ro.append('\t.word ' + ', '.join('0x%08x' % v for v in self.ro_words[i:i + 8]))
        ro += self.rodata
        bss = ['\t.section .bss', '\t.balign 16', 'thr_area:', '\t.space %d' % (self.maxt * self.ptb)]
        for j, (_, _, stride) in enumerate(self.shex):
            bss += ['\t.balign 16', 'shex%d:' % j, '\t.space %d' % (self.maxt * 4 << stride)]
        bss += ['\t.balign 16', 'pint:', '\t.space %d' % (self.maxt * 4 * 16)]
        bss += ['\t.balign 16', 'sink:', '\t.space %d' % (self.maxt * 4)]
        info = ['# worst-case dynamic instructions per thread (estimate): %d; static: %d'
                % (cost + len(pro) + 3, self.static)]
        sched = []
        if self.isa_a:
            a_bss, sched = self.a_tail()
            bss += a_bss
            info.append('# A: spin-waits %d, schedule-dependent regions %d (section .simty_sched)'
                        % (self.nspin, len(self.sdep)))
        return '\n'.join(head + info + pro + body + end + func_lines + ro + bss + sched) + '\n'


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--seed', type=int, required=True)
    ap.add_argument('-o', '--output')
    ap.add_argument('--traps', choices=['auto', 'on', 'off'], default='auto')
    ap.add_argument('--max-threads', type=int, default=256)
    ap.add_argument('--size', choices=sorted(SIZES), default='normal')
    ap.add_argument('--max-dyn', type=int)
    ap.add_argument('--sink-readback', action='store_true',
                    help='also load back sink words (schedule-dependent values; '
                         'fine under lock-step co-simulation only)')
    ap.add_argument('--isa', choices=['rv32i', 'rv32im', 'rv32ia', 'rv32ima'], default='rv32i',
                    help='rv32im: also M instructions; rv32ia: also A (atomics, spin-waits); '
                         'rv32ima: both (assemble with -march=ISA_zicsr)')
    ap.add_argument('--trap-kinds', default=None,
                    help='comma-separated trap kinds to draw from (default: all of the ISA): '
                         + ','.join(TRAP_KINDS) + ' (with A also ' + ','.join(A_TRAP_KINDS) + ')')
    a = ap.parse_args()
    try:
        known = TRAP_KINDS + (A_TRAP_KINDS if a.isa in ('rv32ia', 'rv32ima') else [])
        kinds = [k for k in (a.trap_kinds if a.trap_kinds is not None else ','.join(known)).split(',') if k]
        bad = [k for k in kinds if k not in known]
        if bad or not kinds:
            raise ValueError('--trap-kinds: unknown kind %s' % ','.join(bad) if bad else '--trap-kinds: empty')
        text = Gen(a.seed, a.traps, a.max_threads, a.size, a.max_dyn, a.sink_readback, kinds,
                   a.isa).program()
    except ValueError as e:
        print('randprog: %s' % e, file=sys.stderr)
        return 3
    if a.output:
        with open(a.output, 'w') as fh:
            fh.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == '__main__':
    sys.exit(main())
