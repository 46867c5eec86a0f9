"""randprog_mem.py - the memory, MMIO, exit and trap statements of randprog.py.

A mixin of randprog.Gen (it uses the generator's rng, registers and labels):
read-only table loads, private and interleaved-private words, the
single-owner shared arrays, the overlapping-store sink, the console and MMIO,
early exits and planned traps. Kept apart from the control flow (randprog.py)
only for size; the methods are drawn in the same order as before, so a seed
gives the same program.
"""


class MemStmts:
    def addr_ro(self, out, width):
        r = self.rng
        mask = {4: 0x3fc, 2: 0x3fe, 1: 0x3ff}[width]
        src = r.choice(['tp', 's0', self.dreg(), self.dreg()])
        self.ins(out, 'andi t6, %s, %d' % (src, mask))
        self.ins(out, 'la s11, ro_table')
        self.ins(out, 'add s11, s11, t6')
        return 4

    def load(self, out, width, base, off=0):
        r = self.rng
        op = {4: 'lw', 2: r.choice(['lh', 'lhu']), 1: r.choice(['lb', 'lbu'])}[width]
        self.ins(out, '%s %s, %d(%s)' % (op, self.dreg(), off, base))
        return 1

    def store(self, out, width, base, off=0, src=None):
        op = {4: 'sw', 2: 'sh', 1: 'sb'}[width]
        self.ins(out, '%s %s, %d(%s)' % (op, src or self.sreg(), off, base))
        return 1

    def st_priv(self, out):
        r = self.rng
        width = r.choice([1, 2, 4, 4])
        load = r.random() < 0.5
        if r.random() < 0.5:       # immediate offset from gp
            off = r.randrange(0, self.priv, width)
            return (self.load if load else self.store)(out, width, 'gp', off)
        mask = (self.priv - 1) & ~(width - 1)
        self.ins(out, 'andi t6, %s, %d' % (r.choice(['tp', 's0', self.dreg(), self.dreg()]), mask))
        self.ins(out, 'add s11, gp, t6')
        return 2 + (self.load if load else self.store)(out, width, 's11')

    def st_pint(self, out):
        """Interleaved private words: word (slot * MAXT + mhartid), coalesced."""
        r = self.rng
        width = r.choice([1, 2, 4, 4, 4])
        slot = r.randrange(16)
        self.ins(out, 'slli t6, tp, 2')
        self.ins(out, 'la s11, pint + %d' % (slot * self.maxt * 4))
        self.ins(out, 'add s11, s11, t6')
        off = r.randrange(0, 4, width)
        if r.random() < 0.5:
            return 4 + self.load(out, width, 's11', off)
        return 4 + self.store(out, width, 's11', off)

    def st_ro(self, out):
        width = self.rng.choice([1, 2, 4, 4])
        c = self.addr_ro(out, width)
        return c + self.load(out, width, 's11')

    def shex_addr(self, out, j):
        kind, key, stride = self.shex[j]
        c = 0
        if kind == 'g':
            self.ins(out, 'xori t6, tp, %d' % key)
            c += 1
        elif kind == 'l':
            self.ins(out, 'addi t6, s2, -1')
            self.ins(out, 'andi t6, t6, %d' % (key & 63))
            self.ins(out, 'xor t6, tp, t6')
            c += 3
        else:
            self.ins(out, 'mv t6, tp')
            c += 1
        self.ins(out, 'slli t6, t6, %d' % (2 + stride))
        self.ins(out, 'la s11, shex%d' % j)
        self.ins(out, 'add s11, s11, t6')
        return c + 4

    def st_shex(self, out):
        r = self.rng
        j = r.randrange(len(self.shex))
        c = self.shex_addr(out, j)
        width = r.choice([1, 2, 4, 4])
        off = r.randrange(0, 4, width)
        if r.random() < 0.5:
            return c + self.load(out, width, 's11', off)
        return c + self.store(out, width, 's11', off)

    def st_sink(self, out):
        r = self.rng
        self.ins(out, 'sub t6, tp, s0')          # warp * T
        c = 1
        f = r.choice(['zero', 'half', 'mask', 'top', 'xor', 'lane'])
        if f == 'half':
            self.ins(out, 'srli s11, s0, %d' % r.randint(1, 3))
            self.ins(out, 'add t6, t6, s11')
            c += 2
        elif f == 'mask':
            self.ins(out, 'andi s11, s0, %d' % r.choice([1, 2, 3, 4, 6, 12, 48, 60]))
            self.ins(out, 'add t6, t6, s11')
            c += 2
        elif f == 'top':
            self.ins(out, 'addi s11, s2, -1')
            self.ins(out, 'add t6, t6, s11')
            c += 2
        elif f == 'xor':
            self.ins(out, 'xori s11, s0, %d' % r.randrange(64))
            self.ins(out, 'addi t6, s2, -1')
            self.ins(out, 'and s11, s11, t6')
            self.ins(out, 'sub t6, tp, s0')
            self.ins(out, 'add t6, t6, s11')
            c += 5
        elif f == 'lane':
            self.ins(out, 'add t6, t6, s0')
            c += 1
        self.ins(out, 'slli t6, t6, 2')
        self.ins(out, 'la s11, sink')
        self.ins(out, 'add s11, s11, t6')
        c += 3
        width = r.choice([1, 2, 4, 4, 4])
        off = r.randrange(0, 4, width)
        c += self.store(out, width, 's11', off)
        if self.readback and r.random() < 0.3:
            # read back: the value only goes back into the sink (via t6); its
            # value depends on the schedule, so only lock-step co-simulation
            # (which follows the RTL's order) can use this (--sink-readback)
            op = r.choice(['lw', 'lh', 'lhu', 'lb', 'lbu'])
            w2 = {'lw': 4, 'lh': 2, 'lhu': 2, 'lb': 1, 'lbu': 1}[op]
            o2 = r.randrange(0, 4, w2)
            self.ins(out, '%s t6, %d(s11)' % (op, o2))
            self.ins(out, 'xori t6, t6, %d' % self.imm12())
            self.ins(out, 'sw t6, 0(s11)')
            c += 3
        return c

    def st_mmio(self, out):
        r = self.rng
        self.ins(out, 'li s11, 0x%x' % (0xF0000000 + 4 * r.randint(1, 1023)))
        if r.random() < 0.5:
            self.ins(out, 'lw %s, 0(s11)' % self.dreg())
        else:
            self.ins(out, 'sw %s, 0(s11)' % self.sreg())
        return 2

    def st_console(self, out):
        r = self.rng
        self.ins(out, 'li s11, 0xf0000000')
        c = 1
        for ch in r.choice(['ok', 'hi', 'x', 'simt']):
            self.ins(out, 'li t6, %d' % ord(ch))
            self.ins(out, 'sb t6, 0(s11)')
            c += 2
        self.ins(out, 'li t6, 10')
        self.ins(out, 'sb t6, 0(s11)')
        return c + 2

    def st_exit(self, out):
        skip = self.label()
        if self.rng.random() < 0.5:
            c = self.cond(out, skip)
        else:
            c = self.id_guard(out, skip)
        self.ins(out, 'li a0, 0')
        self.ins(out, 'li a7, 93')
        self.ins(out, 'ecall')
        out.append(skip + ':')
        return c + 3

    def st_trap(self, out):
        r = self.rng
        skip = self.label()
        c = self.id_guard(out, skip)
        kind = r.choice(self.trap_kinds)
        if kind == 'ebreak':
            self.ins(out, 'ebreak')
        elif kind == 'illegal0':
            self.ins(out, '.word 0x00000000')
        elif kind == 'illegal1':
            self.ins(out, '.word 0xffffffff')
        elif kind == 'fencei':
            self.ins(out, '.word 0x0000100f')
        elif kind == 'csrw':        # csrrs x0, mhartid, a0 (a write attempt)
            self.ins(out, '.word 0x%08x' % ((0xF14 << 20) | (10 << 15) | (2 << 12) | 0x73))
        elif kind == 'badcsr':      # csrrs a0, mstatus, x0
            self.ins(out, '.word 0x%08x' % ((0x300 << 20) | (2 << 12) | (10 << 7) | 0x73))
        elif kind == 'mislw':
            self.ins(out, 'lw %s, %d(gp)' % (self.dreg(), r.choice([1, 2, 3])))
        elif kind == 'mislh':
            self.ins(out, '%s %s, %d(gp)' % (r.choice(['lh', 'lhu']), self.dreg(), r.choice([1, 3])))
        elif kind == 'missw':
            self.ins(out, 'sw %s, %d(gp)' % (self.sreg(), r.choice([1, 2, 3])))
        elif kind == 'missh':
            self.ins(out, 'sh %s, %d(gp)' % (self.sreg(), r.choice([1, 3])))
        elif kind == 'ldfault':
            self.ins(out, 'li s11, 0x%x' % r.choice([0x1000, 0x7ffffff0, 0x90000000, 0xE0000000]))
            self.ins(out, 'lw %s, 0(s11)' % self.dreg())
        elif kind == 'stfault':
            self.ins(out, 'li s11, 0x%x' % r.choice([0x1000, 0x7ffffff0, 0x90000000, 0xE0000000]))
            self.ins(out, 'sw %s, 0(s11)' % self.sreg())
        elif kind in ('ldfault_mix', 'stfault_mix'):
            # one access, faulting in some of its lanes only (thread id & m == k:
            # often the lowest lane, the coalescer's leader), the others valid
            m = r.choice([1, 3, 7])
            self.ins(out, 'andi t6, tp, %d' % m)
            self.ins(out, 'addi t6, t6, %d' % -r.randrange(m + 1))
            self.ins(out, 'seqz t6, t6')
            self.ins(out, 'neg t6, t6')
            self.ins(out, 'li s11, 0x%x' % r.choice([0x1000, 0x90000000, 0xE0000000]))
            self.ins(out, 'xor s11, s11, gp')
            self.ins(out, 'and s11, s11, t6')
            self.ins(out, 'xor s11, s11, gp')
            if kind == 'ldfault_mix':
                self.ins(out, 'lw %s, 0(s11)' % self.dreg())
            else:
                self.ins(out, 'sw %s, 0(s11)' % self.sreg())
            self.ins(out, 'j %s' % skip)    # the lanes that did not fault go on
        elif kind == 'ecall':
            self.ins(out, 'li a7, %d' % r.choice([0, 64, 94, 1000]))
            self.ins(out, 'ecall')
        elif kind == 'misjump':
            self.ins(out, 'la s11, %s' % skip)
            self.ins(out, 'jalr zero, %d(s11)' % r.choice([2, 6, -2]))
        elif kind == 'fetchfault':
            self.ins(out, 'li s11, 0x%x' % r.choice([0x80010000, 0x90000000, 0x00000000]))
            self.ins(out, 'jr s11')
        else:                       # an atomic's (randprog_amo.py, --isa with A)
            c += self.st_atrap(out, kind, skip)
        # a thread that somehow survives the trap must not go on unnoticed
        self.ins(out, 'li a0, 99')
        self.ins(out, 'li a7, 93')
        self.ins(out, 'ecall')
        out.append(skip + ':')
        return c + 6
