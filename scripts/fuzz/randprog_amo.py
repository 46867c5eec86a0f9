"""randprog_amo.py - the RV32A statements of randprog.py (--isa rv32ia, rv32ima).

A mixin of randprog.Gen, like randprog_mem.py; none of it runs without A, so
the programs of the other ISAs are unchanged.  What each statement may depend
on (docs/spec.md, "Project addition: atomics" and "forward progress"):

  * AMOs on thread-private words (the thread's block at gp, its interleaved
    `pint` word, the word it owns in a `shex` array): the old value and the
    new one are functions of the thread's own data, so rd may flow anywhere.
  * lr.w on a private word: its value too.  Whether an sc.w succeeds is not
    always a function of the thread: the reservation is one word per warp, so
    another path of the warp (or the next memory pass of the same instruction)
    that reserves another word between them makes it fail, and when that
    happens depends on the schedule.  So a lone pair writes back the value it
    loaded (memory is the same either way) and its result (rd) only reaches
    the sink; the failures that are certain (a store or an AMO of the thread
    to the word in between, an sc.w to another word) keep their result; and
    an LR/SC retry loop (always ends: the lowest lane still holding the warp's
    word succeeds each round) leaves registers and memory that do not depend
    on how many rounds it took.
  * Shared words (`awarp`: a few per warp; `aglob`: a few for everybody): any
    thread may write them, so what an AMO, lr.w or sc.w returns there depends
    on the schedule; it goes only into the scratch registers and from there
    into the sink, never into control flow, an address or a data register.
  * A spin-wait (in about a fifth of the programs, which have no retry loops;
    one per program, in main at the top level): lane 0 of each warp does some
    work and then raises a per-warp flag (sw, amoswap.w or amoor.w); some other
    lanes of the warp wait for it in a loop that reads it (lw, lr.w, amoor.w,
    amoadd.w), placed before lane 0's code, so that under plain MinSP-PC they
    would keep lane 0 from ever running: only the forward-progress rule ends
    the wait.  Each hand-over costs the waiters up to 256 reads, and they get
    the turn back whenever another path of the warp yields or a late group of
    waiters merges into theirs (a merged path is unmarked); so the wait comes
    early in main (SPIN_BEFORE: no path can have taken 256 back jumps, i.e.
    yielded, by then), before anything that could end a thread or make the
    lanes' call depths differ (st_depth: a deeper path runs first, whatever its
    PC, so waiters could start far ahead of lane 0), and lane 0's work is
    short (SPIN_WORK: it cannot yield).  Then the warp reaches the wait as one
    path, or as a few under the lazy sorter; the waiters read the flag 257
    times on the RTL.  The loop is capped (SPIN_CAP reads, four hand-overs;
    the thread ends with exit code 91); the retry loops likewise (exit code
    92).  A program whose spinner hits the cap fails loudly.

The instructions whose effects depend on the schedule are listed in the
non-loaded ELF section `.simty_sched` as (begin, end, kind) words: kind 1, a
loop whose commits are dropped when two schedules are compared (its round or
spin count varies; what it leaves does not); kind 2, straight-line code whose
commits are compared without their values (scripts/fuzz/fuzz.py, --self-check and
--standalone).  The header's `# A:` line counts the spin-waits, so that
scripts/fuzz/fuzz.py knows the model must run the program with a policy that gives
every path a turn (breadth-first: the model has no forward-progress rule).
"""

AMO_OPS = ['amoswap', 'amoadd', 'amoxor', 'amoand', 'amoor', 'amomin', 'amomax',
           'amominu', 'amomaxu']
ORDER = ['', '', '.aq', '.rl', '.aqrl']
A_TRAP_KINDS = ['amomis', 'amofault', 'amofault_mix']
SPIN_CAP = 1024         # reads of a spin loop before it gives up (the rule: 256 per hand-over)
SPIN_WORK = 160         # at most this much work by the flag's setter (below 256 back jumps)
SPIN_BEFORE = 200       # at most this much of main before a spin-wait (below 256 back jumps)
MAX_SPINS = 1
SPIN_SHARE = 0.5        # programs that may have a spin-wait (and have no retry loops)
REGION_LOOP, REGION_VALUES = 1, 2
SPIN_EXIT, RETRY_EXIT = 91, 92


class AmoStmts:
    def a_init(self):
        r = self.rng
        self.sdep = []           # (begin label, end label, kind)
        self.nspin = 0
        self.deaths = 0          # statements emitted so far that may end a thread
        self.main_deaths = None  # self.deaths when main's body starts
        self.rec_may_die = False
        self.depth_skew = False  # main has changed the lanes' call depths (st_depth)
        if not self.isa_a:
            return
        tmax = min(self.maxt, 64)                 # T is at most 64
        self.lr_cap = 2 * tmax + 16
        self.glob_mask = r.choice([3, 7, 15])     # threads tp & mask == 0 take the global loops
        self.glob_cap = 2 * max(1, self.maxt // (self.glob_mask + 1)) + 16

    def a_weights(self, base):
        r = self.rng
        for k, v in (('amo', 3), ('amosh', 1.5), ('lrsc', 2), ('lrloop', 1), ('spin', 10)):
            base[k] = v * r.choice([0.3, 1, 1, 2])
        # spin-waits or LR/SC retry loops, not both: the model runs a program with
        # spin-waits under a policy that interleaves a warp's paths instruction by
        # instruction (it has no forward-progress rule), and there another path's lr.w
        # lands between a loop's lr.w and sc.w round after round (T = 64: 64 paths)
        if r.random() < SPIN_SHARE:
            base['lrloop'] = 0
        else:
            base['spin'] = 0

    def a_save(self):
        return len(self.sdep), self.nspin

    def a_restore(self, s):
        del self.sdep[s[0]:]
        self.nspin = s[1]

    def region(self, kind):
        b, e = self.label('S'), self.label('S')
        self.sdep.append((b, e, kind))
        return b, e

    def order(self):
        return self.rng.choice(ORDER)

    def ddistinct(self, n, avoid=()):
        """n distinct data registers, none in avoid."""
        regs = []
        while len(regs) < n:
            d = self.dreg()
            if d not in regs and d not in avoid:
                regs.append(d)
        return regs

    # ------------------------------------------------------------ addresses
    def priv_word(self, out):
        """s11 = a word that only this thread ever touches; returns the cost."""
        r = self.rng
        k = r.random()
        if k < 0.35:
            self.ins(out, 'addi s11, gp, %d' % r.randrange(0, self.priv, 4))
            return 1
        if k < 0.55:
            self.ins(out, 'andi t6, %s, %d' % (r.choice(['tp', 's0', self.dreg()]),
                                                (self.priv - 1) & ~3))
            self.ins(out, 'add s11, gp, t6')
            return 2
        if k < 0.8:     # interleaved: lane i at word i of the warp's block (one pass)
            self.ins(out, 'slli t6, tp, 2')
            self.ins(out, 'la s11, pint + %d' % (r.randrange(16) * self.maxt * 4))
            self.ins(out, 'add s11, s11, t6')
            return 4
        return self.shex_addr(out, r.randrange(len(self.shex)))

    def sink_word(self, out, reg='s9', tmp='t6'):
        """reg = a sink word of this thread's warp (tmp as scratch)."""
        r = self.rng
        f = r.choice(['own', 'own', 'warp', 'half'])
        if f == 'own':
            self.ins(out, 'slli %s, tp, 2' % tmp)
            c = 1
        elif f == 'warp':
            self.ins(out, 'sub %s, tp, s0' % tmp)
            self.ins(out, 'slli %s, %s, 2' % (tmp, tmp))
            c = 2
        else:
            self.ins(out, 'srli %s, s0, 1' % tmp)
            self.ins(out, 'sub %s, tp, s0' % reg)
            self.ins(out, 'add %s, %s, %s' % (tmp, tmp, reg))
            self.ins(out, 'slli %s, %s, 2' % (tmp, tmp))
            c = 4
        self.ins(out, 'la %s, sink' % reg)
        self.ins(out, 'add %s, %s, %s' % (reg, reg, tmp))
        return c + 3

    def shared_word(self, out, glob=None):
        """s11 = a shared word: one of its warp's (awarp) or a global one (aglob)."""
        r = self.rng
        if glob is None:
            glob = r.random() < 0.4
        if glob:
            self.ins(out, 'la s11, aglob + %d' % (4 * r.randrange(4)))
            return 2
        self.ins(out, 'slli t6, s1, 4')
        self.ins(out, 'la s11, awarp + %d' % (4 * r.randrange(4)))
        self.ins(out, 'add s11, s11, t6')
        return 4

    def to_sink(self, out, src='t6'):
        r = self.rng
        c = 0
        if r.random() < 0.5:
            self.ins(out, 'xori %s, %s, %d' % (src, src, self.imm12()))
            c += 1
        op, w = r.choice([('sw', 4), ('sw', 4), ('sh', 2), ('sb', 1)])
        self.ins(out, '%s %s, %d(s9)' % (op, src, r.randrange(0, 4, w)))
        return c + 1

    # ------------------------------------------------------------ statements
    def st_amo(self, out):
        """An AMO on a private word; rd anything (x0, a data register, s11 itself)."""
        r = self.rng
        c = self.priv_word(out)
        rd = r.choice([self.dreg(), self.dreg(), self.dreg(), 'zero', 's11'])
        self.ins(out, '%s.w%s %s, %s, (s11)' % (r.choice(AMO_OPS), self.order(), rd, self.sreg()))
        if r.random() < 0.3 and rd != 's11':       # read it back (or the AMO's result)
            self.ins(out, 'lw %s, 0(s11)' % self.dreg())
            c += 1
        return c + 1

    def st_amosh(self, out):
        """An AMO (or lr.w, or an LR/SC pair) on a shared word: values to the sink."""
        r = self.rng
        c = self.sink_word(out)
        c += self.shared_word(out)
        k = r.random()
        b, e = self.region(REGION_VALUES)
        out.append(b + ':')
        if k < 0.25:      # result discarded: the commit shows nothing that varies
            self.ins(out, '%s.w%s zero, %s, (s11)' % (r.choice(AMO_OPS), self.order(), self.sreg()))
            c += 1
        elif k < 0.7:
            self.ins(out, '%s.w%s t6, %s, (s11)' % (r.choice(AMO_OPS), self.order(), self.sreg()))
            c += 1 + self.to_sink(out)
        else:
            self.ins(out, 'lr.w%s t6, (s11)' % self.order())
            c += 1
            if r.random() < 0.7:
                self.ins(out, '%s t6, t6, %d' % (r.choice(['addi', 'xori', 'ori']), self.imm12()))
                self.ins(out, 'sc.w%s t6, t6, (s11)' % self.order())
                c += 2
            c += self.to_sink(out)
        out.append(e + ':')
        return c

    def st_lrsc(self, out):
        """lr.w/sc.w pairs on private words: certain failures keep their result."""
        r = self.rng
        c = self.priv_word(out)
        d, d2 = self.ddistinct(2)
        k = r.random()
        self.ins(out, 'lr.w%s %s, (s11)' % (self.order(), d))
        c += 1
        if k < 0.35:      # a write of the thread to the word in between: sc.w fails
            w = r.random()
            if w < 0.5:
                self.ins(out, 'sw %s, 0(s11)' % self.sreg())
            elif w < 0.75:
                op, n = r.choice([('sh', 2), ('sb', 1)])
                self.ins(out, '%s %s, %d(s11)' % (op, self.sreg(), r.randrange(0, 4, n)))
            else:
                self.ins(out, '%s.w%s zero, %s, (s11)' % (r.choice(AMO_OPS), self.order(), self.sreg()))
            self.ins(out, 'sc.w%s %s, %s, (s11)' % (self.order(), d2, self.sreg()))
            return c + 2
        if k < 0.55:      # sc.w to another private word: fails
            self.ins(out, 'addi s11, s11, %d' % r.choice([4, 8, -4]) if r.random() < 0.5
                     else 'xori s11, s11, 4')
            self.ins(out, 'sc.w%s %s, %s, (s11)' % (self.order(), d2, self.sreg()))
            return c + 2
        # the pair itself: it may succeed or not; it writes back what it loaded
        if r.random() < 0.5:
            self.ins(out, '%s %s, %s, %s' % (r.choice(['add', 'xor', 'or']), d2, d, self.sreg()))
            c += 1
        c += self.sink_word(out)
        b, e = self.region(REGION_VALUES)
        out.append(b + ':')
        self.ins(out, 'sc.w%s t6, %s, (s11)' % (self.order(), d))
        c += 1 + self.to_sink(out)
        out.append(e + ':')
        return c

    def st_lrloop(self, out, ctx):
        """An LR/SC retry loop: on a private word (what it leaves is the thread's own),
        on its warp's shared word or on a global one (values to the sink)."""
        r = self.rng
        kind = r.choice(['priv', 'priv', 'warp', 'glob'])
        c = 0
        skip = None
        if kind == 'glob':        # a fraction of the threads only: the cap stays small
            skip = self.label()
            self.ins(out, 'andi t6, tp, %d' % self.glob_mask)
            self.ins(out, 'bnez t6, %s' % skip)
            c += 2
            cap = self.glob_cap
        else:
            cap = self.lr_cap
        if kind == 'priv':
            c += self.priv_word(out)
            dv, dn, cnt = self.ddistinct(3)
            val, new, res = dv, dn, 't6'
        else:
            c += self.shared_word(out, glob=kind == 'glob')
            cnt, = self.ddistinct(1)
            val, new, res = 't6', 's9', 's9'
        top, ok, b, e = self.label(), self.label(), None, None
        self.ins(out, 'li %s, %d' % (cnt, cap))
        b, e = self.region(REGION_LOOP)
        out.append(b + ':')
        out.append(top + ':')
        self.ins(out, 'lr.w%s %s, (s11)' % (self.order(), val))
        body = 1
        form = r.random()
        src = self.sreg()
        if src in (new, cnt) or (kind != 'priv' and src in ('t6', 's9')):
            src = r.choice(ID_SRC)
        if form < 0.2 and kind == 'priv':       # a max that often does not write
            self.ins(out, 'mv %s, %s' % (new, src))
            self.ins(out, 'bgeu %s, %s, %s' % (val, src, ok))
            body += 2
        elif form < 0.6:
            self.ins(out, '%s %s, %s, %s' % (r.choice(['add', 'xor', 'or', 'and', 'sub']), new, val, src))
            body += 1
        else:
            self.ins(out, '%s %s, %s, %d' % (r.choice(['addi', 'xori', 'ori']), new, val, self.imm12()))
            body += 1
        self.ins(out, 'sc.w%s %s, %s, (s11)' % (self.order(), res, new))
        self.ins(out, 'beqz %s, %s' % (res, ok))
        self.ins(out, 'addi %s, %s, -1' % (cnt, cnt))
        self.ins(out, 'bnez %s, %s' % (cnt, top))
        body += 4
        self.ins(out, 'li a0, %d' % RETRY_EXIT)
        self.ins(out, 'li a7, 93')
        self.ins(out, 'ecall')
        out.append(ok + ':')
        out.append(e + ':')
        c += 1 + cap * body
        self.ins(out, 'li %s, %d' % (cnt, r.randrange(-8, 8)))     # the count left varies
        c += 1
        if kind == 'priv':
            self.ins(out, 'li t6, 0')
            c += 1
        else:     # the last value read goes to the sink
            b, e = self.region(REGION_VALUES)
            out.append(b + ':')
            c += self.sink_word(out, 's11', 's9')
            self.ins(out, 'sw %s, 0(s11)' % val)
            out.append(e + ':')
            c += 1
        if skip:
            out.append(skip + ':')
        return c

    def st_spin(self, out, ctx, before):
        """Lane 0 works then raises its warp's flag; other lanes wait for it in a loop
        placed before lane 0's code (needs the forward-progress rule).  before: the
        cost of main's statements before this one."""
        r = self.rng
        if (ctx.fn != 'main' or ctx.depth != 0 or self.nspin >= MAX_SPINS
                or self.main_deaths is None or self.deaths != self.main_deaths
                or self.depth_skew or before > SPIN_BEFORE):
            return None
        k = self.nspin
        self.nspin += 1
        flag = 'aspin + %d' % (256 * k)
        work, wait, done, seen = self.label(), self.label(), self.label(), self.label()
        self.ins(out, 'la s11, %s' % flag)
        self.ins(out, 'slli t6, s1, 2')
        self.ins(out, 'add s11, s11, t6')
        self.ins(out, 'beqz s0, %s' % work)
        c = 4
        who = r.choice(['all', 'all', 'odd', 'last', 'half'])
        if who == 'odd':
            self.ins(out, 'andi t6, s0, 1')
            self.ins(out, 'beqz t6, %s' % done)
            c += 2
        elif who == 'last':
            self.ins(out, 'addi t6, s2, -1')
            self.ins(out, 'bne s0, t6, %s' % done)
            c += 2
        elif who == 'half':
            self.ins(out, 'srli t6, s2, 1')
            self.ins(out, 'bltu s0, t6, %s' % done)
            c += 2
        dv, cnt = self.ddistinct(2)
        read = r.choice(['lw', 'lw', 'lr', 'amoor', 'amoadd'])
        self.ins(out, 'li %s, %d' % (cnt, SPIN_CAP))
        b, e = self.region(REGION_LOOP)
        out.append(b + ':')
        out.append(wait + ':')
        if read == 'lw':
            self.ins(out, 'lw %s, 0(s11)' % dv)
        elif read == 'lr':
            self.ins(out, 'lr.w%s %s, (s11)' % (self.order(), dv))
        else:
            self.ins(out, '%s.w%s %s, zero, (s11)' % (read, self.order(), dv))
        self.ins(out, 'bnez %s, %s' % (dv, seen))
        self.ins(out, 'addi %s, %s, -1' % (cnt, cnt))
        self.ins(out, 'bnez %s, %s' % (cnt, wait))
        self.ins(out, 'li a0, %d' % SPIN_EXIT)
        self.ins(out, 'li a7, 93')
        self.ins(out, 'ecall')
        out.append(seen + ':')
        out.append(e + ':')
        self.ins(out, 'j %s' % done)
        spin_cost = c + 2 + 4 * SPIN_CAP + 1
        out.append(work + ':')
        # lane 0's work: nothing that could end it, no wait; no LR/SC when the
        # waiters use lr.w (they move the warp's reservation at every read)
        # (st_depth may come: it makes lane 0 deeper, after the flag)
        sub = ctx.child(no_death=True, no_lrsc=read == 'lr', loops=())
        body, bc = self.block(sub, SPIN_WORK, r.randint(1, 4))
        out += body
        val = r.randrange(1, 2048)
        dk = self.dreg()
        self.ins(out, 'la s11, %s' % flag)
        self.ins(out, 'slli t6, s1, 2')
        self.ins(out, 'add s11, s11, t6')
        self.ins(out, 'li %s, %d' % (dk, val))
        setter = r.choice(['sw', 'amoswap', 'amoor'])
        if setter == 'sw':
            self.ins(out, 'sw %s, 0(s11)' % dk)
        else:     # the flag was 0 (the waiters' AMOs write back what they read)
            self.ins(out, '%s.w%s %s, %s, (s11)' % (setter, self.order(),
                                                   r.choice([dk, 'zero', self.dreg()]), dk))
        set_cost = 4 + bc + 5
        out.append(done + ':')
        self.ins(out, 'li %s, 0' % cnt)
        self.ins(out, 'li t6, 0')
        return max(spin_cost, set_cost) + 2

    def st_atrap(self, out, kind, skip):
        """A planned trap of an atomic: misaligned (cause 4 for lr.w, 6 otherwise),
        outside data memory or on the MMIO page (5, 7), or in some lanes only."""
        r = self.rng
        op = r.choice(['lr', 'sc', 'amo', 'amo'])
        if kind == 'amomis':
            self.ins(out, 'addi s11, gp, %d' % r.choice([1, 2, 3, 5, 6]))
        elif kind == 'amofault':
            self.ins(out, 'li s11, 0x%x' % r.choice([0x1000, 0x7ffffff0, 0x90000000, 0xE0000000,
                                                      0xF0000000, 0xF0000000 + 4 * r.randint(1, 1023)]))
        else:     # faulting in the lanes tid & m == k, the others on their own word
            m = r.choice([1, 3, 7])
            self.ins(out, 'andi t6, tp, %d' % m)
            self.ins(out, 'addi t6, t6, %d' % -r.randrange(m + 1))
            self.ins(out, 'seqz t6, t6')
            self.ins(out, 'neg t6, t6')
            self.ins(out, 'li s11, 0x%x' % r.choice([0x1000, 0x90000000, 0xE0000000, 0xF0000000]))
            self.ins(out, 'xor s11, s11, gp')
            self.ins(out, 'and s11, s11, t6')
            self.ins(out, 'xor s11, s11, gp')
            op = r.choice(['lr', 'amo', 'amo'])      # (an sc.w of the others would depend on
                                                     # the reservation left before)
        if op == 'lr':
            self.ins(out, 'lr.w%s %s, (s11)' % (self.order(), self.dreg()))
        elif op == 'sc':
            self.ins(out, 'sc.w%s %s, %s, (s11)' % (self.order(), self.dreg(), self.sreg()))
        else:
            self.ins(out, '%s.w%s %s, %s, (s11)' % (r.choice(AMO_OPS), self.order(),
                                                   self.dreg(), self.sreg()))
        if kind == 'amofault_mix':
            self.ins(out, 'j %s' % skip)    # the lanes that did not fault go on
            return 10
        return 2

    def a_tail(self):
        """The A program's shared words and its list of schedule-dependent code."""
        bss = ['\t.balign 16', 'awarp:', '\t.space %d' % (64 * 16),
               '\t.balign 16', 'aglob:', '\t.space 16']
        if self.nspin:
            bss += ['\t.balign 16', 'aspin:', '\t.space %d' % (256 * self.nspin)]
        sec = []
        if self.sdep:
            sec = ['\t.section .simty_sched, "", @progbits', '\t.balign 4']
            for b, e, kind in self.sdep:
                sec.append('\t.word %s, %s, %d' % (b, e, kind))
        return bss, sec


ID_SRC = ['tp', 's0', 's1']
