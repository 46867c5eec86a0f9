/*
 * test_amo.c - RV32A on the reference model, against the brief of issue 52
 * (the contract the RTL follows): hand-assembled sequences driven through
 * the lock-step API (ref_step, warp by warp and lane mask by lane mask, as
 * the RTL's passes drive it), with every effect, register and memory word
 * checked, and the reservations (RA, V) read from the model's state after
 * each LR pass; the decoder's answers; the pass rule (ref_pass_mask) of the
 * A instructions under every --pass-rule; reservations across ref_run's fast
 * path, its general path and ref_reset.
 *
 *   test_amo          one line per check, then "N passed, M failed"
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decode.h"
#include "simty_map.h"
#include "simty_ref.h"
#include "state.h"

static int npass, nfail;

static void check(int ok, const char *fmt, ...)
{
    va_list ap;
    printf("%s ", ok ? "PASS" : "FAIL");
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
    if (ok)
        npass++;
    else
        nfail++;
}

/* ---- hand assembly --------------------------------------------------------------- */

enum { X0 = 0, T0 = 5, T1 = 6, T2 = 7, S0 = 8, S1 = 9, A0 = 10, A1 = 11, A2 = 12, A3 = 13,
       A4 = 14, A5 = 15, A7 = 17 };
enum { F_ADD = 0x00, F_SWAP = 0x01, F_LR = 0x02, F_SC = 0x03, F_XOR = 0x04, F_OR = 0x08,
       F_AND = 0x0c, F_MIN = 0x10, F_MAX = 0x14, F_MINU = 0x18, F_MAXU = 0x1c };

static uint32_t r_type(unsigned f7, unsigned rs2, unsigned rs1, unsigned f3, unsigned rd,
                       unsigned opc)
{
    return f7 << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | rd << 7 | opc;
}
static uint32_t i_type(int32_t imm, unsigned rs1, unsigned f3, unsigned rd, unsigned opc)
{
    return ((uint32_t)imm & 0xfff) << 20 | rs1 << 15 | f3 << 12 | rd << 7 | opc;
}
/* An A instruction: funct5, rd, rs1 (the address), rs2; aq = rl = 0. */
static uint32_t amo(unsigned f5, unsigned rd, unsigned rs1, unsigned rs2)
{
    return r_type(f5 << 2, rs2, rs1, 2, rd, 0x2f);
}
static uint32_t lr(unsigned rd, unsigned rs1) { return amo(F_LR, rd, rs1, 0); }
static uint32_t sc(unsigned rd, unsigned rs1, unsigned rs2) { return amo(F_SC, rd, rs1, rs2); }
static uint32_t lui(unsigned rd, uint32_t hi20) { return hi20 << 12 | rd << 7 | 0x37; }
static uint32_t addi(unsigned rd, unsigned rs1, int32_t imm)
{
    return i_type(imm, rs1, 0, rd, 0x13);
}
static uint32_t slli(unsigned rd, unsigned rs1, unsigned sh)
{
    return i_type((int32_t)sh, rs1, 1, rd, 0x13);
}
static uint32_t add(unsigned rd, unsigned rs1, unsigned rs2)
{
    return r_type(0, rs2, rs1, 0, rd, 0x33);
}
static uint32_t lw(unsigned rd, unsigned rs1, int32_t imm) { return i_type(imm, rs1, 2, rd, 0x03); }
static uint32_t csrr(unsigned rd, unsigned csr) { return i_type((int32_t)csr, 0, 2, rd, 0x73); }
static uint32_t ecall(void) { return 0x73; }
/* A store of funct3 f3 (0 sb, 1 sh, 2 sw): rs2 to imm(rs1). */
static uint32_t store(unsigned f3, unsigned rs2, unsigned rs1, int32_t imm)
{
    uint32_t u = (uint32_t)imm & 0xfff;
    return (u >> 5) << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | (u & 31) << 7 | 0x23;
}
/* bne rs1, rs2, off (off even, within 4 KiB). */
static uint32_t bne(unsigned rs1, unsigned rs2, int32_t off)
{
    uint32_t u = (uint32_t)off;
    return ((u >> 12) & 1) << 31 | ((u >> 5) & 0x3f) << 25 | rs2 << 20 | rs1 << 15 | 1 << 12 |
           ((u >> 1) & 0xf) << 8 | ((u >> 11) & 1) << 7 | 0x63;
}

/* ---- a model with a program ------------------------------------------------------ */

#define DATA    0x80001000u  /* a0: the word the tests work on (A), operands after it */
#define MMIO_W  0xf0000004u  /* a word of the MMIO page that is not the console */

struct rig {
    struct ref *r;
    unsigned W, T, n;        /* n: instructions written */
    struct simty_effect e[REF_MAX_T];
};

static void emit(struct rig *g, uint32_t insn)
{
    uint8_t *p = ref_imem(g->r) + 4 * g->n++;
    p[0] = (uint8_t)insn;
    p[1] = (uint8_t)(insn >> 8);
    p[2] = (uint8_t)(insn >> 16);
    p[3] = (uint8_t)(insn >> 24);
}

/* The prologue every thread runs: a0 = DATA (the word A), s0 = lane, s1 =
 * warp, t0 = the lane's word of the block at A (A + 4 * lane), t1 = A + 4,
 * a1 = the word at A + 64 (an operand), t2 = MMIO_W. */
#define PROLOGUE_N 9
static void prologue(struct rig *g)
{
    emit(g, lui(A0, DATA >> 12));
    emit(g, csrr(S0, SIMTY_CSR_LANEID));
    emit(g, csrr(S1, SIMTY_CSR_WARPID));
    emit(g, slli(T0, S0, 2));
    emit(g, add(T0, A0, T0));
    emit(g, addi(T1, A0, 4));
    emit(g, lw(A1, A0, 64));
    emit(g, lui(T2, MMIO_W >> 12));
    emit(g, addi(T2, T2, (int32_t)(MMIO_W & 0xfff)));
}

/* A model of configuration c, its program the prologue then the n
 * instructions of body (up to a 0 word): 0, or -1 after a FAIL line. */
static int rig_new_cfg(struct rig *g, const struct ref_config *c, const uint32_t *body,
                       unsigned n)
{
    char err[256];
    unsigned i;
    memset(g, 0, sizeof *g);
    g->W = c->W;
    g->T = c->T;
    g->r = ref_new(c, err, sizeof err);
    if (!g->r) {
        check(0, "ref_new: %s", err);
        return -1;
    }
    prologue(g);
    for (i = 0; i < n && body[i]; i++)
        emit(g, body[i]);
    return 0;
}

/* rig_new_cfg of W x T threads with ISA isa and pass rule rule. */
static int rig_new(struct rig *g, unsigned W, unsigned T, const char *isa,
                   enum ref_pass_rule rule, const uint32_t *body, unsigned n)
{
    struct ref_config c;
    ref_config_default(&c);
    c.W = W;
    c.T = T;
    c.pass_rule = rule;
    if (ref_isa_parse(isa, &c)) {
        check(0, "ISA %s parses", isa);
        return -1;
    }
    return rig_new_cfg(g, &c, body, n);
}

static void set_word(struct rig *g, uint32_t a, uint32_t v)
{
    uint8_t *p = ref_dmem(g->r) + (a - SIMTY_DMEM_BASE);
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

static uint32_t get_word(struct rig *g, uint32_t a)
{
    return ref_rd32(ref_dmem(g->r) + (a - SIMTY_DMEM_BASE));
}

static uint64_t lanes(const struct rig *g) { return g->T == 64 ? ~0ull : (1ull << g->T) - 1; }

/* Warp w's lanes of mask execute the instruction at their PC (one pass). */
static int step(struct rig *g, unsigned w, uint64_t mask)
{
    unsigned lead = (unsigned)__builtin_ctzll(mask);
    uint32_t pc = ref_pc(g->r, w * g->T + lead);
    if (ref_step(g->r, w, pc, mask, NULL, g->e)) {
        check(0, "ref_step warp %u pc %08x mask %llx: %s", w, pc, (unsigned long long)mask,
              ref_error(g->r));
        return -1;
    }
    return 0;
}

/* Reset (every thread at the program's start; the memory stays), word A =
 * 0x11, operand b, then the prologue for every thread. */
static int rig_start(struct rig *g, uint32_t b)
{
    unsigned w, k;
    ref_reset(g->r, SIMTY_IMEM_BASE);
    set_word(g, DATA, 0x11);
    set_word(g, DATA + 64, b);
    for (w = 0; w < g->W; w++)
        for (k = 0; k < PROLOGUE_N; k++)
            if (step(g, w, lanes(g)))
                return -1;
    return 0;
}

/* The reservations of warp w are (ra, v)? */
static void check_resv(struct rig *g, unsigned w, uint32_t ra, uint64_t v, const char *what)
{
    struct ref *r = g->r;
    check(r->resv_addr[w] == ra && r->resv_valid[w] == v,
          "%s: warp %u RA %08x V %llx (want %08x %llx)", what, w, r->resv_addr[w],
          (unsigned long long)r->resv_valid[w], ra, (unsigned long long)v);
}

/* ---- expected effects ---------------------------------------------------------------- */

/* The effect the brief lists: value v in rd (rd 0: none); a load at la
 * (la != 0); a store of sn bytes of sd at sa (sa != 0); or a trap (cause
 * >= 0). */
struct want {
    unsigned rd;
    uint32_t v, la, sa, sd;
    unsigned sn;
    int cause;
};

static struct want want_rd(unsigned rd, uint32_t v)
{
    struct want w = { rd, v, 0, 0, 0, 0, -1 };
    return w;
}
static struct want want_store(uint32_t a, uint32_t d, unsigned n)
{
    struct want w = { 0, 0, 0, a, d, n, -1 };
    return w;
}
static struct want want_lr(unsigned rd, uint32_t v, uint32_t a)
{
    struct want w = { rd, v, a, 0, 0, 0, -1 };
    return w;
}
static struct want want_sc(unsigned rd, int ok, uint32_t a, uint32_t b)
{
    struct want w = { rd, ok ? 0 : 1, 0, ok ? a : 0, b, 4, -1 };
    return w;
}
static struct want want_amo(unsigned rd, uint32_t old, uint32_t a, uint32_t b)
{
    struct want w = { rd, old, a, a, b, 4, -1 };
    return w;
}
static struct want want_trap(int cause)
{
    struct want w = { 0, 0, 0, 0, 0, 0, cause };
    return w;
}

/* Lane `lane`'s effect in g->e against w; what names the check. */
static void check_eff(struct rig *g, unsigned lane, struct want w, const char *what)
{
    const struct simty_effect *e = &g->e[lane];
    int trapped = w.cause >= 0;
    int ok = e->valid && e->trapped == trapped && (!trapped || e->cause == w.cause) &&
             e->rd == (trapped ? 0 : w.rd) && (!e->rd || e->value == w.v) &&
             e->has_load == (w.la != 0) && (!w.la || e->load_addr == w.la) &&
             e->has_store == (w.sa != 0);
    if (ok && w.sa)
        ok = e->store_addr == w.sa && e->store_data == w.sd && e->store_bytes == w.sn &&
             e->store_be == ((1u << w.sn) - 1) << (w.sa & 3);
    if (ok && !trapped)
        ok = e->next_pc == e->pc + 4;
    check(ok, "%s: lane %u x%u=%08x ld %d %08x st %d %08x %08x %u be %x trap %d %u", what, lane,
          e->rd, e->value, e->has_load, e->load_addr, e->has_store, e->store_addr, e->store_data,
          e->store_bytes, e->store_be, e->trapped, e->cause);
}

/* ---- the decoder ----------------------------------------------------------------- */

struct dec_case { uint32_t insn; int isa_m, isa_a; unsigned op; };

static void test_decode(void)
{
    static const struct dec_case c[] = {
        { 0x1005262f, 0, 1, OP_LR },      /* lr.w a2, (a0) */
        { 0x18b526af, 0, 1, OP_SC },      /* sc.w a3, a1, (a0) */
        { 0x08b5262f, 1, 1, OP_AMOSWAP }, { 0x00b5262f, 0, 1, OP_AMOADD },
        { 0x20b5262f, 0, 1, OP_AMOXOR },  { 0x60b5262f, 0, 1, OP_AMOAND },
        { 0x40b5262f, 0, 1, OP_AMOOR },   { 0x80b5262f, 0, 1, OP_AMOMIN },
        { 0xa0b5262f, 0, 1, OP_AMOMAX },  { 0xc0b5262f, 0, 1, OP_AMOMINU },
        { 0xe6b5202f, 0, 1, OP_AMOMAXU }, /* amomaxu.w.aqrl zero, a1, (a0): aq/rl ignored */
        { 0x1205262f, 0, 1, OP_LR },      /* lr.w.aq */
        { 0x10b5262f, 0, 1, OP_ILLEGAL }, /* lr.w with rs2 = a1 */
        { 0x28b5262f, 0, 1, OP_ILLEGAL }, /* funct5 00101 */
        { 0xf8b5262f, 0, 1, OP_ILLEGAL }, /* funct5 11111 */
        { 0x00b5362f, 0, 1, OP_ILLEGAL }, /* amoadd.d (funct3 011) */
        { 0x00b5062f, 0, 1, OP_ILLEGAL }, /* funct3 000 */
        { 0x1005262f, 0, 0, OP_ILLEGAL }, /* rv32i */
        { 0x18b526af, 1, 0, OP_ILLEGAL }, /* rv32im */
        { 0x00b5262f, 0, 0, OP_ILLEGAL },
    };
    size_t i;
    for (i = 0; i < sizeof c / sizeof c[0]; i++) {
        struct dinsn d;
        int ok;
        ref_decode(c[i].insn, &d, c[i].isa_m, c[i].isa_a, 3);
        ok = d.op == c[i].op;
        if (ok && d.op != OP_ILLEGAL)   /* rd through the load write-back; waits for rs1, rs2 */
            ok = d.wlat == REF_LAT_LOAD && d.src1 == A0 && d.src2 == (d.op == OP_LR ? 0 : A1) &&
                 d.imm == 0 && d.kind == DK_OTHER;
        check(ok, "decode %08x (m %d, a %d): op %u (want %u), wlat %u, sources x%u x%u", c[i].insn,
              c[i].isa_m, c[i].isa_a, d.op, c[i].op, d.wlat, d.src1, d.src2);
    }
}

/* ---- the AMOs' arithmetic -------------------------------------------------------- */

struct amo_case { unsigned f5; const char *name; uint32_t old, b, mem; };

/* Hand-computed new memory words (signed and unsigned edges). */
static const struct amo_case amo_cases[] = {
    { F_SWAP, "amoswap", 0x12345678, 0x9abcdef0, 0x9abcdef0 },
    { F_ADD,  "amoadd",  0xffffffff, 0x00000001, 0x00000000 },
    { F_ADD,  "amoadd",  0x7fffffff, 0x00000001, 0x80000000 },
    { F_XOR,  "amoxor",  0xff00ff00, 0x0ff00ff0, 0xf0f0f0f0 },
    { F_AND,  "amoand",  0xff00ff00, 0x0ff00ff0, 0x0f000f00 },
    { F_OR,   "amoor",   0xff00ff00, 0x0ff00ff0, 0xfff0fff0 },
    { F_MIN,  "amomin",  0x80000000, 0x7fffffff, 0x80000000 },
    { F_MIN,  "amomin",  0x00000000, 0xffffffff, 0xffffffff },
    { F_MIN,  "amomin",  0x00000005, 0x00000005, 0x00000005 },
    { F_MAX,  "amomax",  0x80000000, 0x7fffffff, 0x7fffffff },
    { F_MAX,  "amomax",  0xffffffff, 0x00000000, 0x00000000 },
    { F_MAX,  "amomax",  0x80000000, 0x80000001, 0x80000001 },
    { F_MINU, "amominu", 0x80000000, 0x7fffffff, 0x7fffffff },
    { F_MINU, "amominu", 0x00000000, 0xffffffff, 0x00000000 },
    { F_MINU, "amominu", 0xffffffff, 0xfffffffe, 0xfffffffe },
    { F_MAXU, "amomaxu", 0x80000000, 0x7fffffff, 0x80000000 },
    { F_MAXU, "amomaxu", 0x00000000, 0xffffffff, 0xffffffff },
    { F_MAXU, "amomaxu", 0x00000001, 0x00000000, 0x00000001 },
};

/* One AMO with rd = rd (a2, x0, or a1 = rs2) on the word at a0 = A. */
static void amo_one(const struct amo_case *c, unsigned rd)
{
    struct rig g;
    const uint32_t body[] = { amo(c->f5, rd, A0, A1) };
    if (rig_new(&g, 1, 1, "rv32ia", REF_PASS_WORD, body, 1))
        return;
    if (!rig_start(&g, c->b)) {
        set_word(&g, DATA, c->old);
        if (!step(&g, 0, 1)) {
            check_eff(&g, 0, want_amo(rd, c->old, DATA, c->b), c->name);
            check(get_word(&g, DATA) == c->mem,
                  "%s old %08x rs2 %08x rd x%u: memory %08x (want %08x)", c->name, c->old,
                  c->b, rd, get_word(&g, DATA), c->mem);
            check(ref_reg(g.r, 0, A1) == (rd == A1 ? c->old : c->b) &&
                  (rd != A2 || ref_reg(g.r, 0, A2) == c->old) && ref_reg(g.r, 0, X0) == 0,
                  "%s rd x%u: registers", c->name, rd);
        }
    }
    ref_free(g.r);
}

static void test_amo_ops(void)
{
    size_t i;
    for (i = 0; i < sizeof amo_cases / sizeof amo_cases[0]; i++)
        amo_one(&amo_cases[i], A2);
    amo_one(&amo_cases[1], X0);          /* rd = x0: memory only */
    amo_one(&amo_cases[6], X0);
    amo_one(&amo_cases[0], A1);          /* rd == rs2: the store takes rs2 first */
    amo_one(&amo_cases[12], A1);
}

/* ---- one thread ------------------------------------------------------------------ */

/* A sequence of one thread (1x1) under isa: the instructions of body after
 * the prologue (up to the first 0 word), word A = 0x11 and a1 = 0x22; each
 * step's effect must be want[i], and word A mem_a at the end. */
struct single {
    const char *what, *isa;
    uint32_t mem_a;
    uint32_t body[4];
    struct want want[4];
};

static void run_single(const struct single *c)
{
    struct rig g;
    unsigned i, n;
    for (n = 0; n < 4 && c->body[n]; n++)
        ;
    if (rig_new(&g, 1, 1, c->isa, REF_PASS_WORD, c->body, n))
        return;
    if (!rig_start(&g, 0x22))
        for (i = 0; i < n && !step(&g, 0, 1); i++) {
            char name[128];
            snprintf(name, sizeof name, "%s, instruction %u", c->what, i + 1);
            check_eff(&g, 0, c->want[i], name);
        }
    check(get_word(&g, DATA) == c->mem_a, "%s: word A %08x (want %08x)", c->what,
          get_word(&g, DATA), c->mem_a);
    ref_free(g.r);
}

static void run_singles(const struct single *c, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        run_single(&c[i]);
}

#define RUN_SINGLES(c) run_singles(c, sizeof c / sizeof c[0])

static void test_lr_sc(void)
{
    const struct want lr_a = want_lr(A2, 0x11, DATA), fail = want_sc(A3, 0, 0, 0);
    const struct single c[] = {
        { "lr; sc succeeds and writes; lw reads it", "rv32ia", 0x22,
          { lr(A2, A0), sc(A3, A0, A1), lw(A2, A0, 0) },
          { lr_a, want_sc(A3, 1, DATA, 0x22), want_lr(A2, 0x22, DATA) } },
        { "sc without lr fails and writes nothing", "rv32ia", 0x11,
          { sc(A3, A0, A1), lw(A2, A0, 0) }, { fail, lr_a } },
        { "lr; sc; a second sc fails (the first dropped the reservation)", "rv32ima", 0x22,
          { lr(A2, A0), sc(A3, A0, A1), sc(A3, A0, A1) },
          { lr_a, want_sc(A3, 1, DATA, 0x22), fail } },
        { "lr; sc to another word fails, drops the reservation", "rv32ia", 0x11,
          { lr(A2, A0), sc(A3, T1, A1), sc(A3, A0, A1) }, { lr_a, fail, fail } },
        { "lr with rd = x0 still reserves", "rv32ia", 0x22,
          { lr(X0, A0), sc(A3, A0, A1) }, { want_lr(X0, 0, DATA), want_sc(A3, 1, DATA, 0x22) } },
        { "a second lr moves the reservation: sc there succeeds", "rv32ia", 0x11,
          { lr(A2, A0), lr(A2, T1), sc(A3, T1, A1) },
          { lr_a, want_lr(A2, 0, DATA + 4), want_sc(A3, 1, DATA + 4, 0x22) } },
        { "a second lr moves the reservation: sc at the first fails", "rv32ia", 0x11,
          { lr(A2, A0), lr(A2, T1), sc(A3, A0, A1) },
          { lr_a, want_lr(A2, 0, DATA + 4), fail } },
    };
    RUN_SINGLES(c);
}

/* lr, then a write of the thread's own (a store of each size, an AMO) to
 * the word (the sc fails) or beside it / to the MMIO page (it succeeds). */
static void test_own_writes(void)
{
    const struct want lr_a = want_lr(A2, 0x11, DATA), fail = want_sc(A3, 0, 0, 0);
    const struct want ok = want_sc(A3, 1, DATA, 0x22);
    const struct single c[] = {
        { "lr; sw to the word; sc fails", "rv32ia", 0x22,
          { lr(A2, A0), store(2, A1, A0, 0), sc(A3, A0, A1) },
          { lr_a, want_store(DATA, 0x22, 4), fail } },
        { "lr; sb to its byte 3; sc fails", "rv32ia", 0x22000011,
          { lr(A2, A0), store(0, A1, A0, 3), sc(A3, A0, A1) },
          { lr_a, want_store(DATA + 3, 0x22, 1), fail } },
        { "lr; sh to its upper half; sc fails", "rv32ia", 0x00220011,
          { lr(A2, A0), store(1, A1, A0, 2), sc(A3, A0, A1) },
          { lr_a, want_store(DATA + 2, 0x22, 2), fail } },
        { "lr; amoor x0 to the word; sc fails", "rv32ia", 0x33,
          { lr(A2, A0), amo(F_OR, X0, A0, A1), sc(A3, A0, A1) },
          { lr_a, want_amo(X0, 0, DATA, 0x22), fail } },
        { "lr; stores to the next word and the previous byte; sc succeeds", "rv32ia", 0x22,
          { lr(A2, A0), store(2, A1, A0, 4), store(0, A1, A0, -1), sc(A3, A0, A1) },
          { lr_a, want_store(DATA + 4, 0x22, 4), want_store(DATA - 1, 0x22, 1), ok } },
        { "lr; sw to the MMIO page; sc succeeds", "rv32ia", 0x22,
          { lr(A2, A0), store(2, A1, T2, 0), sc(A3, A0, A1) },
          { lr_a, want_store(MMIO_W, 0x22, 4), ok } },
    };
    RUN_SINGLES(c);
}

/* Misaligned (checked first) and outside data memory, the MMIO page
 * included: causes 4 / 5 for lr, 6 / 7 for sc and the AMOs, and no other
 * effect (word A keeps 0x11). */
static void test_traps(void)
{
    const uint32_t end = 0x80040000;   /* the end of 256 KiB of data memory */
    const struct single c[] = {
        { "lr misaligned: cause 4", "rv32ia", 0x11,
          { addi(A3, A0, 2), lr(A2, A3) }, { want_rd(A3, DATA + 2), want_trap(4) } },
        { "lr at address 0: cause 5", "rv32ia", 0x11, { lr(A2, X0) }, { want_trap(5) } },
        { "lr on the MMIO page: cause 5", "rv32ia", 0x11, { lr(A2, T2) }, { want_trap(5) } },
        { "lr past data memory: cause 5", "rv32ia", 0x11,
          { lui(A3, end >> 12), lr(A2, A3) }, { want_rd(A3, end), want_trap(5) } },
        { "lr of data memory's last word", "rv32ia", 0x11,
          { lui(A3, end >> 12), addi(A3, A3, -4), lr(A2, A3) },
          { want_rd(A3, end), want_rd(A3, end - 4), want_lr(A2, 0, end - 4) } },
        { "sc misaligned: cause 6", "rv32ia", 0x11,
          { addi(A3, A0, 1), sc(A2, A3, A1) }, { want_rd(A3, DATA + 1), want_trap(6) } },
        { "sc misaligned outside memory: cause 6 (misalignment first)", "rv32ia", 0x11,
          { addi(A3, X0, 2), sc(A2, A3, A1) }, { want_rd(A3, 2), want_trap(6) } },
        { "sc on the MMIO page: cause 7", "rv32ia", 0x11, { sc(A2, T2, A1) }, { want_trap(7) } },
        { "amoadd misaligned: cause 6", "rv32ia", 0x11,
          { addi(A3, A0, 3), amo(F_ADD, A2, A3, A1) }, { want_rd(A3, DATA + 3), want_trap(6) } },
        { "amoswap on the console: cause 7", "rv32ia", 0x11,
          { lui(A3, SIMTY_CONSOLE >> 12), amo(F_SWAP, A2, A3, A1) },
          { want_rd(A3, SIMTY_CONSOLE), want_trap(7) } },
        { "amomaxu at address 0: cause 7", "rv32ia", 0x11,
          { amo(F_MAXU, A2, X0, A1) }, { want_trap(7) } },
        { "amoor past data memory: cause 7", "rv32ia", 0x11,
          { lui(A3, end >> 12), amo(F_OR, A2, A3, A1) }, { want_rd(A3, end), want_trap(7) } },
    };
    RUN_SINGLES(c);
}

/* Illegal encodings under rv32ia (cause 2), aq/rl ignored, and every A
 * instruction illegal without A. */
static void test_illegal(void)
{
    const struct want ill = want_trap(2);
    const struct single c[] = {
        { "funct5 00101: illegal", "rv32ia", 0x11, { amo(0x05, A2, A0, A1) }, { ill } },
        { "funct3 011 (amoadd.d): illegal", "rv32ia", 0x11,
          { r_type(0, A1, A0, 3, A2, 0x2f) }, { ill } },
        { "lr.w with rs2 != 0: illegal", "rv32ima", 0x11, { amo(F_LR, A2, A0, A1) }, { ill } },
        { "amoadd.w.aqrl: aq and rl ignored", "rv32ia", 0x33,
          { amo(F_ADD, A2, A0, A1) | 3u << 25 }, { want_amo(A2, 0x11, DATA, 0x22) } },
        { "lr.w under rv32i: illegal", "rv32i", 0x11, { lr(A2, A0) }, { ill } },
        { "sc.w under rv32i: illegal", "rv32i", 0x11, { sc(A2, A0, A1) }, { ill } },
        { "amoswap.w under rv32im: illegal", "rv32im", 0x11, { amo(F_SWAP, A2, A0, A1) }, { ill } },
    };
    RUN_SINGLES(c);
}

/* A trapping lr or sc changes no reservation. */
static void test_trap_resv(void)
{
    const uint32_t body[2][3] = {
        { lr(A2, A0), addi(A3, A0, 2), lr(A2, A3) },
        { lr(A2, A0), addi(A3, A0, 2), sc(A2, A3, A1) },
    };
    unsigned k, i;
    for (k = 0; k < 2; k++) {
        struct rig g;
        if (rig_new(&g, 1, 1, "rv32ia", REF_PASS_WORD, body[k], 3))
            return;
        if (!rig_start(&g, 0x22))
            for (i = 0; i < 3 && !step(&g, 0, 1); i++)
                ;
        check(g.e[0].trapped, "%s traps", k ? "sc" : "lr");
        check_resv(&g, 0, DATA, 1, k ? "after a trapping sc" : "after a trapping lr");
        ref_free(g.r);
    }
}

/* ---- other warps ----------------------------------------------------------------- */

/* W = 4, T = 1: the even warps run lr; sc on A, the odd ones `write`.
 * Warps 0 and 2 reserve A, warp 1 writes, then warps 0 and 2 try their sc:
 * ok0 and ok2 say which succeed. */
static void warps_case(const char *what, uint32_t write, int ok0, int ok2, uint32_t mem_a)
{
    static const unsigned order[] = { 0, 2, 1, 0, 2 };
    const uint32_t body[] = { i_type(1, S1, 7, A5, 0x13) /* andi a5, s1, 1 */, bne(A5, X0, 12),
                              lr(A2, A0), sc(A3, A0, A1), write };
    struct rig g;
    unsigned i;
    if (rig_new(&g, 4, 1, "rv32ia", REF_PASS_WORD, body, 5))
        return;
    if (rig_start(&g, 0x22))
        goto out;
    for (i = 0; i < 4; i++)
        if (step(&g, i, 1) || step(&g, i, 1))
            goto out;
    for (i = 0; i < 5; i++) {
        if (step(&g, order[i], 1))
            goto out;
        if (i == 1)
            check_resv(&g, 2, DATA, 1, what);
        if (i >= 3)
            check_eff(&g, 0, want_sc(A3, i == 3 ? ok0 : ok2, DATA, 0x22), what);
    }
    check(get_word(&g, DATA) == mem_a, "%s: word A %08x (want %08x)", what, get_word(&g, DATA),
          mem_a);
out:
    ref_free(g.r);
}

static void test_warps(void)
{
    warps_case("another warp's sw to the word", store(2, A1, A0, 0), 0, 0, 0x22);
    warps_case("another warp's sb to its byte 2", store(0, A1, A0, 2), 0, 0, 0x220011);
    warps_case("another warp's sh to its low half", store(1, A1, A0, 0), 0, 0, 0x22);
    warps_case("another warp's amoadd to the word", amo(F_ADD, X0, A0, A1), 0, 0, 0x33);
    warps_case("another warp's failing sc", sc(A3, A0, A1), 1, 0, 0x22);
    warps_case("another warp's lr (warp 0's sc then clears warp 2's)", lr(A2, A0), 1, 0, 0x22);
    warps_case("another warp's sw to the next word", store(2, A1, A0, 4), 1, 0, 0x22);
    warps_case("another warp's sw to the MMIO page", store(2, A1, T2, 0), 1, 0, 0x22);
}

/* ---- the lanes of one warp ------------------------------------------------------- */

/* The lanes of left at the sc at pc try it pass by pass as ref_pass_mask
 * serves them (the leader alone each time): the lanes that succeed. */
static uint64_t sc_passes(struct rig *g, uint32_t pc, uint64_t left, const char *what)
{
    uint64_t won = 0;
    while (left) {
        uint64_t m = ref_pass_mask(g->r, 0, pc, left);
        unsigned l = (unsigned)__builtin_ctzll(left);
        check(m == 1ull << l, "%s: an sc pass of lanes %llx serves %llx", what,
              (unsigned long long)left, (unsigned long long)m);
        if (step(g, 0, 1ull << l))
            break;
        if (g->e[l].rd && g->e[l].value == 0)
            won |= 1ull << l;
        left &= ~(1ull << l);
    }
    return won;
}

#define PC(k) (SIMTY_IMEM_BASE + 4 * (PROLOGUE_N + (k)))

/* T = 4, every lane lr then sc on A: one sc succeeds per sequence (lane 0,
 * storing a1 + lane), and its write drops the others' reservations; the
 * three others again: lane 1; then lane 0 alone. */
static void test_contention(void)
{
    const uint32_t body[] = { add(A1, A1, S0), lr(A2, A0), sc(A3, A0, A1), lr(A2, A0),
                              sc(A3, A0, A1) };
    struct rig g;
    unsigned l;
    if (rig_new(&g, 1, 4, "rv32ia", REF_PASS_WORD, body, 5))
        return;
    if (rig_start(&g, 0x22) || step(&g, 0, 0xf))
        goto out;
    check(ref_pass_mask(g.r, 0, PC(1), 0xf) == 0xf, "an lr pass serves every lane at one word");
    if (step(&g, 0, 0xf))
        goto out;
    for (l = 0; l < 4; l++)
        check_eff(&g, l, want_lr(A2, 0x11, DATA), "lr by every lane");
    check_resv(&g, 0, DATA, 0xf, "lr by every lane");
    check(sc_passes(&g, PC(2), 0xf, "round 1") == 1 && get_word(&g, DATA) == 0x22,
          "round 1: lane 0 alone succeeds, word A %08x", get_word(&g, DATA));
    check_resv(&g, 0, DATA, 0, "after round 1");
    if (step(&g, 0, 0xe))
        goto out;
    check_resv(&g, 0, DATA, 0xe, "lr by lanes 1-3");
    check(sc_passes(&g, PC(4), 0xe, "round 2") == 2 && get_word(&g, DATA) == 0x23,
          "round 2: lane 1 alone succeeds, word A %08x", get_word(&g, DATA));
    if (!step(&g, 0, 1))
        check(sc_passes(&g, PC(4), 1, "round 3") == 1 && get_word(&g, DATA) == 0x22,
              "round 3: lane 0 succeeds, word A %08x", get_word(&g, DATA));
out:
    ref_free(g.r);
}

/* T = 4, lr at each lane's own word of the block (one pass): only the
 * leader, at A, reserves; the others' sc fail. */
static void test_slots(void)
{
    const uint32_t body[] = { lr(A2, T0), sc(A3, T0, A1) };
    struct rig g;
    unsigned l;
    if (rig_new(&g, 1, 4, "rv32ia", REF_PASS_WORD, body, 2))
        return;
    if (rig_start(&g, 0x22))
        goto out;
    check(ref_pass_mask(g.r, 0, PC(0), 0xf) == 0xf, "an lr pass serves every lane at its slot");
    if (step(&g, 0, 0xf))
        goto out;
    for (l = 0; l < 4; l++)
        check_eff(&g, l, want_lr(A2, l ? 0 : 0x11, DATA + 4 * l), "lr at the lanes' slots");
    check_resv(&g, 0, DATA, 1, "lr at the lanes' slots");
    check(sc_passes(&g, PC(1), 0xf, "slots") == 1, "slots: lane 0 alone succeeds");
    for (l = 1; l < 4; l++)
        check(get_word(&g, DATA + 4 * l) == 0, "slots: word %u unwritten", l);
out:
    ref_free(g.r);
}

/* T = 4, the LR rule V = (RA == A ? V & ~S : 0) | SW pass by pass: passes
 * at A add lanes; a pass led at A serving a lane elsewhere drops that lane;
 * a pass led at another word starts afresh; an sc of a lane that holds the
 * reservation succeeds, then no other lane's does. */
static void test_lr_rule(void)
{
    const uint32_t body[] = { lr(A2, A0), lr(A2, A0), lr(A2, T0), lr(A2, T0), sc(A3, A0, A1),
                              sc(A3, A0, A1) };
    struct rig g;
    if (rig_new(&g, 1, 4, "rv32ia", REF_PASS_WORD, body, 6))
        return;
    if (rig_start(&g, 0x22) || step(&g, 0, 0x3))
        goto out;
    check_resv(&g, 0, DATA, 0x3, "lr by lanes 0-1");
    if (step(&g, 0, 0xc))
        goto out;
    check_resv(&g, 0, DATA, 0xf, "then lr by lanes 2-3 at the same word");
    if (step(&g, 0, 0xf) || step(&g, 0, 0x3))
        goto out;
    check_resv(&g, 0, DATA, 0xd, "then lr by lanes 0-1 at their slots (lane 1 elsewhere)");
    if (step(&g, 0, 0x3) || step(&g, 0, 0x2))
        goto out;
    check_eff(&g, 1, want_sc(A3, 0, 0, 0), "lane 1 lost its reservation");
    if (step(&g, 0, 0x1))
        goto out;
    check_eff(&g, 0, want_sc(A3, 1, DATA, 0x22), "lane 0 kept its reservation");
    check_resv(&g, 0, DATA, 0, "after lane 0's sc");
    if (step(&g, 0, 0xc))
        goto out;
    check_resv(&g, 0, DATA + 8, 0x4, "lr by lanes 2-3 at their slots (led at A + 8)");
out:
    ref_free(g.r);
}

/* ---- pass rule ------------------------------------------------------------------- */

/* W = 1, T = 8 under each --pass-rule: lr serves what lw serves under the
 * spec's rule (word); sc and the AMOs the leader alone; an lr whose leader
 * is on the MMIO page or misaligned, the leader alone. */
#define NRULES (REF_PASS_LAST + 1)
static void test_pass_rule(void)
{
    const uint32_t body[] = {
        slli(A4, S0, 3), add(A4, A0, A4),                  /* a4 = A + 8 * lane */
        addi(A5, A0, 2),                                   /* a5 = A + 2 */
        lr(A2, A0), lr(A2, T0), lr(A2, A4), lw(A2, A0, 0), lw(A2, T0, 0), lw(A2, A4, 0),
        sc(A3, A0, A1), amo(F_ADD, A3, T0, A1), amo(F_MIN, A3, A0, A1), lr(A2, T2), lr(A2, A5)
    };
    static const uint64_t masks[] = { 0xff, 0xfe, 0xa5, 0x80, 0x3c };
    struct rig g[NRULES];
    unsigned k, i, j;
    for (k = 0; k < NRULES; k++) {
        if (rig_new(&g[k], 1, 8, "rv32ia", (enum ref_pass_rule)k, body,
                    sizeof body / sizeof body[0]))
            return;
        if (rig_start(&g[k], 0x22))
            return;
        for (i = 0; i < 3; i++)
            step(&g[k], 0, 0xff);
    }
    for (k = 0; k < NRULES; k++)
        for (j = 0; j < sizeof masks / sizeof masks[0]; j++) {
            uint64_t m = masks[j], lead = m & -m;
            for (i = 0; i < 3; i++) {
                uint64_t want = ref_pass_mask(g[0].r, 0, PC(6 + i), m);
                uint64_t got = ref_pass_mask(g[k].r, 0, PC(3 + i), m);
                check(got == want,
                      "--pass-rule %s, lanes %02llx: lr %u serves %02llx as lw (%02llx)",
                      ref_pass_rule_name((enum ref_pass_rule)k), (unsigned long long)m, i,
                      (unsigned long long)got, (unsigned long long)want);
            }
            for (i = 9; i < 14; i++) {
                uint64_t got = ref_pass_mask(g[k].r, 0, PC(i), m);
                check(got == lead, "--pass-rule %s, lanes %02llx: instruction %u serves %02llx",
                      ref_pass_rule_name((enum ref_pass_rule)k), (unsigned long long)m, i,
                      (unsigned long long)got);
            }
        }
    for (k = 0; k < NRULES; k++)
        ref_free(g[k].r);
}

/* ---- whole runs ------------------------------------------------------------------ */

/* lr; a store to the word (sw, then sb) or beside it; sc: the stand-alone
 * run's fast path (ref_exec_mem, no commit log) must drop the reservation
 * as the general path (a commit log, a stack policy) does.  The thread
 * keeps the three sc results in a3, a4, a5. */
static void run_whole(const char *policy, int logged)
{
    const uint32_t body[] = {
        lr(A2, A0), store(2, A1, A0, 0), sc(A3, A0, A1),
        lr(A2, A0), store(2, A1, A0, 4), sc(A4, A0, A1),
        lr(A2, A0), store(0, A1, A0, 3), sc(A5, A0, A1),
        addi(A0, X0, 0), addi(A7, X0, SIMTY_SYS_EXIT), ecall()
    };
    struct rig g;
    FILE *log = NULL;
    struct ref_config c;
    ref_config_default(&c);
    c.W = c.T = 1;
    c.isa_a = 1;
    if (ref_policy_parse(policy, &c.policy) || (logged && !(log = tmpfile()))) {
        check(0, "%s: set-up", policy);
        return;
    }
    if (rig_new_cfg(&g, &c, body, sizeof body / sizeof body[0])) {
        if (log)
            fclose(log);
        return;
    }
    ref_reset(g.r, SIMTY_IMEM_BASE);
    set_word(&g, DATA + 64, 0x22);
    check(ref_run(g.r, 1000, log) == 0 && ref_threads(g.r)[0].state == REPORT_TH_EXITED &&
          ref_reg(g.r, 0, A3) == 1 && ref_reg(g.r, 0, A4) == 0 && ref_reg(g.r, 0, A5) == 1,
          "ref_run %s%s: sc after a sw to the word %u (want 1), beside it %u (0), "
          "after an sb %u (1)",
          policy, logged ? " with a commit log" : "", ref_reg(g.r, 0, A3), ref_reg(g.r, 0, A4),
          ref_reg(g.r, 0, A5));
    if (log)
        fclose(log);
    ref_free(g.r);
}

/* ref_reset drops every reservation. */
static void test_reset(void)
{
    const uint32_t body[] = { lr(A2, A0) };
    struct rig g;
    if (rig_new(&g, 2, 2, "rv32ia", REF_PASS_WORD, body, 1))
        return;
    if (!rig_start(&g, 0x22) && !step(&g, 1, 0x3)) {
        check_resv(&g, 1, DATA, 0x3, "lr by warp 1");
        ref_reset(g.r, SIMTY_IMEM_BASE);
        check_resv(&g, 1, 0, 0, "after ref_reset");
        check(g.r->resv_warps == 0, "after ref_reset: no warp may hold a reservation");
    }
    ref_free(g.r);
}

/* The four ISA names, both ways; others refused. */
static void test_isa_names(void)
{
    static const char *const names[] = { "rv32i", "rv32im", "rv32ia", "rv32ima" };
    static const char *const bad[] = { "rv32iam", "rv32a", "RV32IA", "", "rv32ima " };
    struct ref_config c;
    unsigned i;
    for (i = 0; i < 4; i++) {
        ref_config_default(&c);
        check(ref_isa_parse(names[i], &c) == 0 && c.isa_m == (int)(i & 1) &&
              c.isa_a == (int)(i >> 1) && strcmp(ref_isa_name(&c), names[i]) == 0,
              "--isa %s: isa_m %d isa_a %d", names[i], c.isa_m, c.isa_a);
    }
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
        check(ref_isa_parse(bad[i], &c) != 0, "--isa '%s' refused", bad[i]);
    ref_config_default(&c);
    check(c.isa_m == 0 && c.isa_a == 0, "the default ISA is rv32i");
}

/* The yield rule's K (--yield) per ISA and its refusals; a new thread's depth
 * field: 0x80 (REF_UNYIELDED, call depth 0) with the rule on (minsp-pc with
 * A), 0 otherwise. */
static void test_yield_config(void)
{
    static const struct { const char *isa; int yield, policy, ok; unsigned k, depth0; } c[] = {
        { "rv32i", REF_YIELD_DEFAULT, REF_POLICY_MINSP_PC, 1, 0, 0 },
        { "rv32im", REF_YIELD_DEFAULT, REF_POLICY_MINSP_PC, 1, 0, 0 },
        { "rv32ia", REF_YIELD_DEFAULT, REF_POLICY_MINSP_PC, 1, SIMTY_YIELD_JUMPS, REF_UNYIELDED },
        { "rv32ima", 64, REF_POLICY_MINSP_PC, 1, 64, REF_UNYIELDED },
        { "rv32ia", 0, REF_POLICY_MINSP_PC, 1, 0, 0 },
        { "rv32ia", REF_YIELD_DEFAULT, REF_POLICY_MIN_PC, 1, SIMTY_YIELD_JUMPS, 0 },
        { "rv32ia", 3, REF_POLICY_MINSP_PC, 0, 0, 0 },
        { "rv32ia", 1, REF_POLICY_MINSP_PC, 0, 0, 0 },
        { "rv32ia", -2, REF_POLICY_MINSP_PC, 0, 0, 0 },
        { "rv32i", 256, REF_POLICY_MINSP_PC, 0, 0, 0 },
    };
    char err[256];
    unsigned i;
    for (i = 0; i < sizeof c / sizeof c[0]; i++) {
        struct ref_config cf;
        struct ref *r;
        ref_config_default(&cf);
        ref_isa_parse(c[i].isa, &cf);
        cf.yield = c[i].yield;
        cf.policy = (enum ref_policy)c[i].policy;
        r = ref_new(&cf, err, sizeof err);
        check(!r == !c[i].ok, "--isa %s --yield %d --policy %s: %s", c[i].isa, c[i].yield,
              ref_policy_name(cf.policy), c[i].ok ? "accepted" : "refused");
        if (!r)
            continue;
        check(ref_yield_jumps(&cf) == c[i].k && ref_paths(r, 0)[0].depth == c[i].depth0,
              "--isa %s --yield %d --policy %s: K %u, a new thread's depth %u", c[i].isa,
              c[i].yield, ref_policy_name(cf.policy), ref_yield_jumps(&cf),
              ref_paths(r, 0)[0].depth);
        ref_free(r);
    }
}

int main(void)
{
    static const char *const policies[] = { "minsp-pc", "depth-first", "ipdom", "mp-ipdom" };
    unsigned i;
    test_isa_names();
    test_yield_config();
    test_decode();
    test_amo_ops();
    test_lr_sc();
    test_own_writes();
    test_traps();
    test_illegal();
    test_trap_resv();
    test_warps();
    test_contention();
    test_slots();
    test_lr_rule();
    test_pass_rule();
    for (i = 0; i < 4; i++) {
        run_whole(policies[i], 0);
        run_whole(policies[i], 1);
    }
    test_reset();
    printf("%d passed, %d failed\n", npass, nfail);
    return nfail ? 1 : 0;
}
