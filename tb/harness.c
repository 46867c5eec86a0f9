/*
 * harness.c - runs RISC-V programs on the Verilated Simty core.
 *
 * Plain C; the Verilated model is reached only through simty_sim.h.  The
 * harness provides the instruction and data memories behind the core's ports
 * (both latency 1) and the MMIO console, and reads the trace ports to keep
 * each thread's state, the commit log, the statistics and a mirror of every
 * warp's path set (harness_paths.c: hang report, path invariants).  With
 * --cosim the reference model executes every pass the RTL resolves, for the
 * same threads and in the same order, and every architectural effect is
 * compared.
 *
 * Output formats, exit codes and statistics keys are those of report.c, shared
 * with simty-ref, so the two models' outputs can be compared directly.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "console.h"
#include "harness_load.h"
#include "harness_paths.h"
#include "report.h"
#include "simty_config.h"
#include "simty_map.h"
#include "simty_ref.h"
#include "simty_sim.h"

#define NTHREADS (SIMTY_W * SIMTY_T)
#define HISTORY 4             /* commits of a thread shown with a mismatch */

struct opts {
    uint64_t max_cycles;
    const char *fst, *commit_log, *stats, *signature;
    int quiet, cosim;
};

#ifndef SIMTY_ISA_M
#define SIMTY_ISA_M 0   /* simty_config.h defines it for ISA=rv32im only */
#endif
#ifndef SIMTY_ISA_A
#define SIMTY_ISA_A 0   /* simty_config.h defines it for ISA=rv32ia, rv32ima only */
#endif

/* A load between its pass (addresses, reference model stepped) and its
 * write-back (data), which comes up to three cycles later: the warp's next
 * passes may come in between (a load is followed), and so may its next
 * loads. Their commit lines wait in `after` so that each thread's lines stay in
 * program order (spec: commit log). */
#define PEND_N 4
struct deferred_line {
    unsigned tid;
    char line[200];
};
struct pending_load {
    uint64_t cycle;
    struct simty_trace tr;
    struct simty_effect ref[SIMTY_T];
    struct deferred_line *after;    /* the warp's commits after this load, before the next */
    size_t n_after, cap_after;
};
struct load_queue {                 /* one warp's loads waiting for their write-back */
    unsigned head, n;
    struct pending_load e[PEND_N];
};

struct run {
    const struct opts *o;
    const char *name;
    struct program prog;
    sim_t *sim;
    struct simty_in in;
    struct simty_out out;
    struct simty_trace tr;
    struct report_thread th[NTHREADS];
    uint64_t running[SIMTY_W];              /* per warp: lanes whose thread is REPORT_TH_RUNNING */
    int amo_last;                           /* cycles since an AMO's data request: 1, 2; else 0 */
    struct path_mirror paths;
    struct load_queue *pend;                /* [SIMTY_W] */
    uint64_t cycle;
    struct console *con;
    struct outfile log;
    int logging;
    int full;                               /* commit log or cosim: every effect decoded */
    struct ref *ref;                        /* --cosim */
    char (*hist)[HISTORY][200];             /* last commits per thread (cosim) */
    unsigned hist_n[NTHREADS];
    uint64_t warp_insts, thread_insts, replays, divergences, merges, yields;
    int error;                              /* a check failed: the run fails */
};

static int popcount64(uint64_t v)
{
    int n = 0;
    for (; v; v &= v - 1)
        n++;
    return n;
}

static void check_failed(struct run *r, const char *fmt, ...)
{
    va_list ap;
    if (r->error)
        return;
    r->error = 1;
    fprintf(stderr, "ERROR %s: cycle %" PRIu64 ": ", r->name, r->cycle);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

/* ---- memories ----------------------------------------------------------- */

static void wr32(uint8_t *m, uint32_t off, uint32_t v)
{
    for (unsigned b = 0; b < 4; b++)
        m[off + b] = (uint8_t)(v >> (8 * b));
}

static uint32_t rd32(const uint8_t *m, uint32_t off)
{
    return (uint32_t)m[off] | (uint32_t)m[off + 1] << 8 | (uint32_t)m[off + 2] << 16 |
           (uint32_t)m[off + 3] << 24;
}

/* amo(old, x) of the amo whose funct5 is f5 (ISA with A). */
static uint32_t amo_apply(unsigned f5, uint32_t old, uint32_t x)
{
    switch (f5) {
    case 0x01: return x;                                            /* amoswap */
    case 0x00: return old + x;                                      /* amoadd */
    case 0x04: return old ^ x;                                      /* amoxor */
    case 0x0c: return old & x;                                      /* amoand */
    case 0x08: return old | x;                                      /* amoor */
    case 0x10: return (int32_t)old < (int32_t)x ? old : x;          /* amomin */
    case 0x14: return (int32_t)old > (int32_t)x ? old : x;          /* amomax */
    case 0x18: return old < x ? old : x;                            /* amominu */
    default:   return old > x ? old : x;                            /* amomaxu (0x1c) */
    }
}

/* The data port: one block of T words.  The core only sends blocks inside
 * data memory or the MMIO page (it traps the rest); loads of the MMIO page
 * read zero, the console takes the byte at SIMTY_CONSOLE.  An amo (dmem_rmw,
 * only inside data memory) returns the old block and writes amo(old, data) to
 * its enabled words (whole words). */
static void data_access(struct run *r)
{
    const struct simty_out *o = &r->out;
    uint32_t base = o->dmem_addr;
    int in_dmem = base - SIMTY_DMEM_BASE < r->prog.dmem_size;
    int in_mmio = base - SIMTY_MMIO_BASE < SIMTY_MMIO_SIZE;

    if (!in_dmem && !in_mmio) {
        check_failed(r, "data request outside memory at %08" PRIx32, base);
        return;
    }
    if (o->dmem_rmw && (!in_dmem || !o->dmem_we)) {
        check_failed(r, "amo request outside data memory or without a write at %08" PRIx32, base);
        return;
    }
    for (unsigned i = 0; i < SIMTY_T; i++) {
        uint32_t addr = base + 4 * i;
        if (o->dmem_rmw) {
            uint32_t old = rd32(r->prog.dmem, addr - SIMTY_DMEM_BASE);
            unsigned strb = (unsigned)(o->dmem_wstrb[i / 16] >> (4 * (i % 16))) & 15u;
            r->in.dmem_rdata[i] = old;
            if (strb != 0 && strb != 15u)
                check_failed(r, "amo with byte enables %x at %08" PRIx32, strb, addr);
            else if (strb)
                wr32(r->prog.dmem, addr - SIMTY_DMEM_BASE, amo_apply(o->dmem_amo, old, o->dmem_wdata[i]));
            continue;
        }
        if (!o->dmem_we) {
            r->in.dmem_rdata[i] = in_dmem ? rd32(r->prog.dmem, addr - SIMTY_DMEM_BASE) : 0;
            continue;
        }
        unsigned strb = (unsigned)(o->dmem_wstrb[i / 16] >> (4 * (i % 16))) & 15u;
        for (unsigned b = 0; b < 4; b++) {
            uint8_t v = (uint8_t)(o->dmem_wdata[i] >> (8 * b));
            if (!(strb >> b & 1))
                continue;
            if (in_dmem)
                r->prog.dmem[addr + b - SIMTY_DMEM_BASE] = v;
            else if (addr + b == SIMTY_CONSOLE)
                console_byte(r->con, o->dmem_wid * SIMTY_T + o->dmem_lane, v);
        }
    }
}

/* ---- effects ------------------------------------------------------------- */

/* A legal RV32A instruction word (on a core with A): as simty_exec decodes. */
static int is_atomic(uint32_t insn)
{
    unsigned f5 = insn >> 27, rs2 = insn >> 20 & 31;
    return SIMTY_ISA_A && (insn & 0x707f) == 0x202f &&
           ((f5 & 3) == 0 || (f5 >> 2 == 0 && (f5 != 2 || rs2 == 0)));
}

static int is_sc(uint32_t insn)
{
    return is_atomic(insn) && insn >> 27 == 3;
}

/* The effect of lane l in the pass t, as the RTL reports it (load data comes
 * later, at write-back). */
static void rtl_effect(const struct simty_trace *t, unsigned l, struct simty_effect *e)
{
    unsigned opcode = t->insn & 0x7f, f3 = t->insn >> 12 & 7;
    int trapped = (int)(t->trap >> l & 1);

    memset(e, 0, sizeof *e);
    e->valid = 1;
    e->pc = t->pc;
    e->insn = t->insn;
    if (t->wen && !trapped && t->rd) {
        e->rd = (uint8_t)t->rd;
        e->value = t->value[l];
    }
    if (opcode == 0x03 && !trapped) {
        e->has_load = 1;
        e->load_addr = t->addr[l];
    }
    if (is_atomic(t->insn) && !trapped) {  /* lr: a load; sc: a store; amo: both */
        unsigned f5 = t->insn >> 27;
        e->has_load = f5 != 3;
        e->load_addr = f5 != 3 ? t->addr[l] : 0;
        if (f5 != 2) {             /* a failing sc.w: on_load_writeback takes the store back */
            e->has_store = 1;
            e->store_bytes = 4;
            e->store_addr = t->addr[l];
            e->store_be = 15;
            e->store_data = t->sdata[l];
        }
    }
    if (opcode == 0x23 && !trapped) {
        unsigned bytes = 1u << (f3 & 3);
        e->has_store = 1;
        e->store_bytes = (uint8_t)bytes;
        e->store_addr = t->addr[l];
        e->store_be = (uint8_t)(((1u << bytes) - 1) << (t->addr[l] & 3));
        e->store_data = bytes == 4 ? t->sdata[l] : t->sdata[l] & ((1u << (8 * bytes)) - 1);
    }
    if (t->exit >> l & 1) {
        e->exited = 1;
        e->exit_code = t->addr[l];
    }
    if (trapped) {
        e->trapped = 1;
        e->cause = (uint8_t)t->cause[l];
    }
    e->next_pc = (t->a.mask >> l & 1) ? t->a.pc : (t->b.mask >> l & 1) ? t->b.pc : t->pc;
}

static void remember(struct run *r, unsigned tid, const char *line)
{
    if (!r->hist)
        return;
    snprintf(r->hist[tid][r->hist_n[tid]++ % HISTORY], sizeof r->hist[tid][0], "%s", line);
}

static void emit(struct run *r, unsigned tid, const char *line)
{
    if (r->logging)
        fputs(line, r->log.f);
    remember(r, tid, line);
}

/* A commit line, or, behind a load of its warp still waiting for its data,
 * kept until that load's lines are out. */
static void commit(struct run *r, uint64_t cycle, unsigned warp, unsigned lane,
                   const struct simty_effect *e)
{
    struct load_queue *q = &r->pend[warp];
    char line[200];
    report_commit_line(line, sizeof line, cycle, warp, lane, e);
    if (q->n) {
        struct pending_load *p = &q->e[(q->head + q->n - 1) % PEND_N];
        if (p->n_after == p->cap_after) {
            size_t cap = p->cap_after ? 2 * p->cap_after : 2 * SIMTY_T;
            struct deferred_line *a = realloc(p->after, cap * sizeof *a);
            if (!a) {
                check_failed(r, "out of memory");
                return;
            }
            p->after = a;
            p->cap_after = cap;
        }
        p->after[p->n_after].tid = warp * SIMTY_T + lane;
        memcpy(p->after[p->n_after].line, line, sizeof line);
        p->n_after++;
        return;
    }
    emit(r, warp * SIMTY_T + lane, line);
}

/* The oldest waiting load of a warp leaves the queue: the lines kept behind it go out. */
static void load_pop(struct run *r, struct load_queue *q)
{
    struct pending_load *p = &q->e[q->head];
    q->head = (q->head + 1) % PEND_N;
    q->n--;
    for (size_t i = 0; i < p->n_after; i++)    /* they precede the next waiting load */
        emit(r, p->after[i].tid, p->after[i].line);
    p->n_after = 0;
}

/* Compare the RTL's effect with the model's; on a difference print both with
 * the thread's last commits and fail the run. */
static void compare(struct run *r, unsigned warp, unsigned lane, const struct simty_effect *rtl,
                    const struct simty_effect *ref, int with_value)
{
    unsigned tid = warp * SIMTY_T + lane;
    char a[200], b[200];
    int same = rtl->rd == ref->rd && (!with_value || rtl->value == ref->value) &&
               rtl->has_load == ref->has_load && rtl->load_addr == ref->load_addr &&
               rtl->has_store == ref->has_store &&
               (!rtl->has_store || (rtl->store_addr == ref->store_addr &&
                                    rtl->store_data == ref->store_data &&
                                    rtl->store_bytes == ref->store_bytes)) &&
               rtl->exited == ref->exited && rtl->exit_code == ref->exit_code &&
               rtl->trapped == ref->trapped && (!rtl->trapped || rtl->cause == ref->cause) &&
               (rtl->exited || rtl->trapped || rtl->next_pc == ref->next_pc);
    if (same || r->error)
        return;
    report_commit_line(a, sizeof a, r->cycle, warp, lane, rtl);
    report_commit_line(b, sizeof b, r->cycle, warp, lane, ref);
    check_failed(r, "co-simulation: thread %u (warp %u lane %u) differs", tid, warp, lane);
    fprintf(stderr, "  rtl: %s  next pc %08" PRIx32 "\n", strtok(a, "\n"), rtl->next_pc);
    fprintf(stderr, "  ref: %s  next pc %08" PRIx32 "\n", strtok(b, "\n"), ref->next_pc);
    fprintf(stderr, "  last commits of thread %u:\n", tid);
    for (unsigned i = r->hist_n[tid] > HISTORY ? r->hist_n[tid] - HISTORY : 0; i < r->hist_n[tid]; i++)
        fprintf(stderr, "    %s", r->hist[tid][i % HISTORY]);
}

/* ---- trace events ------------------------------------------------------------- */

static void on_pass(struct run *r)
{
    const struct simty_trace *t = &r->tr;
    unsigned opcode = t->insn & 0x7f, csr = t->insn >> 20;
    int in = t->a.valid + t->b.valid + t->c.valid;
    int outn = t->x.valid + t->y.valid + t->z.valid;
    struct simty_effect rtl, ref[SIMTY_T];
    /* written back later, even if every lane trapped: loads; with RV32M the
     * multiplies and the divides the divider took (a divide it did not take
     * is replayed: no lane executed) */
    int load = opcode == 0x03 || is_atomic(t->insn) ||
               (SIMTY_ISA_M && opcode == 0x33 && t->insn >> 25 == 1 && t->exec != 0);

    r->warp_insts++;
    r->thread_insts += (uint64_t)popcount64(t->exec);
    if ((opcode == 0x63 || opcode == 0x67) && t->a.valid && t->b.valid && t->b.pc != t->pc)
        r->divergences++;
    if (t->b.valid && t->b.pc == t->pc)
        r->replays++;
    r->yields += (uint64_t)t->yield;
    if (in > outn)
        r->merges += (uint64_t)(in - outn);

    if (r->ref) {
        /* cycle / cycleh read the RTL's counter */
        uint64_t cyc = 0;
        unsigned lead = 0;
        while (lead + 1 < SIMTY_T && !(t->exec >> lead & 1))
            lead++;
        if (opcode == 0x73 && (csr == SIMTY_CSR_CYCLE || csr == SIMTY_CSR_CYCLEH))
            cyc = csr == SIMTY_CSR_CYCLE ? t->value[lead] : (uint64_t)t->value[lead] << 32;
        if (ref_step(r->ref, t->wid, t->pc, t->exec, &cyc, ref) != 0)
            check_failed(r, "co-simulation: warp %u pc %08" PRIx32 " lanes %" PRIx64 ": %s", t->wid,
                         t->pc, t->exec, ref_error(r->ref));
    }
    for (uint64_t m = t->exec; m; m &= m - 1) {    /* the executing lanes, in order */
        unsigned l = (unsigned)__builtin_ctzll(m);
        struct report_thread *th = &r->th[t->wid * SIMTY_T + l];
        int exited = (int)(t->exit >> l & 1), trapped = (int)(t->trap >> l & 1);
        if (th->state != REPORT_TH_RUNNING)
            check_failed(r, "thread %u executed %08" PRIx32 " after it ended", t->wid * SIMTY_T + l,
                         t->pc);
        if (trapped && t->cause[l] == 1 && t->insn != 0)
            check_failed(r, "warp %u pc %08" PRIx32 ": fetch fault carries the word %08" PRIx32
                         " (must be 0)", t->wid, t->pc, t->insn);
        if (exited) {
            th->state = REPORT_TH_EXITED;
            th->code = t->addr[l];     /* as rtl_effect's exit_code */
            th->pc = t->pc;
            r->running[t->wid] &= ~(1ull << l);
        } else if (trapped) {
            th->state = REPORT_TH_TRAPPED;
            th->cause = (uint8_t)t->cause[l];
            th->pc = t->pc;
            r->running[t->wid] &= ~(1ull << l);
        }
        if (load || !r->full)
            continue;                  /* loads: logged and compared at write-back */
        rtl_effect(t, l, &rtl);
        if (r->ref)
            compare(r, t->wid, l, &rtl, &ref[l], 1);
        commit(r, r->cycle, t->wid, l, &rtl);
    }
    {
        char err[256];
        if (mirror_update(&r->paths, t, r->running[t->wid], err, sizeof err) != 0)
            check_failed(r, "%s", err);
    }
    if (load) {
        struct load_queue *q = &r->pend[t->wid];
        struct pending_load *p = &q->e[(q->head + q->n) % PEND_N];
        if (q->n == PEND_N) {
            check_failed(r, "warp %u: %d loads waiting for their write-back", t->wid, PEND_N + 1);
            return;
        }
        q->n++;
        p->cycle = r->cycle;
        if (r->full)
            p->tr = *t;                /* what the write-back logs and compares */
        if (r->ref)
            memcpy(p->ref, ref, sizeof ref);
    }
}

static void on_load_writeback(struct run *r)
{
    const struct simty_trace *t = &r->tr;
    struct load_queue *q = &r->pend[t->l_wid];
    struct pending_load *p = &q->e[q->head];
    struct simty_effect rtl;
    char line[200];

    if (!q->n) {
        check_failed(r, "warp %u: load write-back without a load", t->l_wid);
        return;
    }
    for (unsigned l = 0; r->full && l < SIMTY_T; l++) {
        if (!(p->tr.exec >> l & 1))
            continue;
        rtl_effect(&p->tr, l, &rtl);
        if ((t->l_mask >> l & 1) && t->l_rd) {
            rtl.rd = (uint8_t)t->l_rd;
            rtl.value = t->l_data[l];
        }
        if (is_sc(p->tr.insn) && (t->l_mask >> l & 1) && t->l_data[l] != 0)
            rtl.has_store = 0;         /* sc.w's rd: 0 it wrote, 1 it did not */
        if (r->ref)
            compare(r, t->l_wid, l, &rtl, &p->ref[l], 1);
        report_commit_line(line, sizeof line, p->cycle, t->l_wid, l, &rtl);
        emit(r, t->l_wid * SIMTY_T + l, line);   /* the oldest waiting: its turn */
    }
    load_pop(r, q);
}

/* ---- one program ------------------------------------------------------------- */

static int setup(struct run *r, const char *path, int argc, char **argv)
{
    char err[256];
    const struct opts *o = r->o;

    if (program_load(path, &r->prog, err, sizeof err) != 0) {
        printf("ERROR %s: %s\n", path, err);
        return -1;
    }
    /* Everything that can make the outputs fail is checked before the run,
     * so that bad input leaves no output file behind (spec). */
    if (o->signature && !r->prog.has_signature) {
        printf("ERROR %s: --signature: no begin_signature/end_signature symbols\n", path);
        return -1;
    }
    if (o->signature && report_signature_check(r->prog.sig_begin, r->prog.sig_end, SIMTY_DMEM_BASE,
                                               r->prog.dmem_size, err, sizeof err) != 0) {
        printf("ERROR %s: --signature: %s\n", path, err);
        return -1;
    }
    for (int i = 0; i < 2; i++) {
        const char *f = i ? o->signature : o->stats;
        struct outfile probe;
        if (!f)
            continue;
        if (outfile_open(&probe, f, err, sizeof err) != 0) {
            printf("ERROR %s: %s\n", path, err);
            return -1;
        }
        outfile_abort(&probe);
    }
    r->con = console_new(NTHREADS, o->quiet ? NULL : stdout);
    if (!r->con) {
        printf("ERROR %s: out of memory\n", path);
        return -1;
    }
    if (o->commit_log) {
        if (outfile_open(&r->log, o->commit_log, err, sizeof err) != 0) {
            printf("ERROR %s: %s\n", path, err);
            return -1;
        }
        r->logging = 1;
    }
    if (o->cosim) {
        struct ref_config c;
        struct elf_info info;
        ref_config_default(&c);
        c.W = SIMTY_W;
        c.T = SIMTY_T;
        c.imem_kib = SIMTY_IMEM_KIB;
        c.dmem_kib = SIMTY_DMEM_KIB;
        c.isa_m = SIMTY_ISA_M;
        c.isa_a = SIMTY_ISA_A;
        /* The RTL's pass rule; the model's others (--pass-rule) are studies
         * that the lock step must never take. */
        c.pass_rule = REF_PASS_WORD;
        r->ref = ref_new(&c, err, sizeof err);
        r->hist = calloc(NTHREADS, sizeof *r->hist);
        if (!r->ref || !r->hist || ref_load_elf(r->ref, path, &info, err, sizeof err) != 0) {
            printf("ERROR %s: co-simulation: %s\n", path, r->hist ? err : "out of memory");
            return -1;
        }
        ref_reset(r->ref, info.entry);
    }
    r->full = r->logging || r->ref;
    r->pend = calloc(SIMTY_W, sizeof *r->pend);
    if (!r->pend) {
        printf("ERROR %s: out of memory\n", path);
        return -1;
    }
    r->sim = sim_new(argc, argv, o->fst);
    mirror_reset(&r->paths, r->prog.entry);
    return 0;
}

static void teardown(struct run *r)
{
    if (r->sim)
        sim_free(r->sim);
    if (r->logging)
        outfile_abort(&r->log);
    if (r->con)
        console_free(r->con);
    if (r->ref)
        ref_free(r->ref);
    free(r->hist);
    for (unsigned w = 0; r->pend && w < SIMTY_W; w++)
        for (unsigned i = 0; i < PEND_N; i++)
            free(r->pend[w].e[i].after);
    free(r->pend);
    program_free(&r->prog);
}

static int write_outputs(struct run *r, const struct report_run *rr, int code)
{
    char err[256];
    const struct opts *o = r->o;

    if (r->logging) {
        r->logging = 0;
        if (outfile_commit(&r->log, err, sizeof err) != 0) {
            printf("ERROR %s: %s\n", r->name, err);
            return SIMTY_EXIT_BADINPUT;
        }
    }
    if (o->stats) {
        struct report_stats s;
        memset(&s, 0, sizeof s);
        s.model = "rtl";
        s.policy = SIMTY_TRACK_NAME;
        s.W = SIMTY_W;
        s.T = SIMTY_T;
        s.cycles = r->cycle;
        s.warp_instructions = r->warp_insts;
        s.thread_instructions = r->thread_insts;
        s.divergences = r->divergences;
        s.merges = r->merges;
        s.replays = r->replays;
        s.peak_paths = r->paths.peak_paths;
        memcpy(s.peak_paths_warp, r->paths.peak_warp, sizeof r->paths.peak_warp);
        s.stalls = -1;
        s.yields = SIMTY_ISA_A ? (int64_t)r->yields : -1;   /* forward progress (with A) */
        s.cct_peak = SIMTY_TRACK_ARBITER ? -1 : (int64_t)r->paths.cct_peak;
        report_stats_outcome(&s, rr);
        s.exit_code = code;
        if (report_write_stats(o->stats, &s, err, sizeof err) != 0) {
            printf("ERROR %s: %s\n", r->name, err);
            if (o->commit_log)
                remove(o->commit_log);
            return SIMTY_EXIT_BADINPUT;
        }
    }
    if (o->signature && program_signature(&r->prog, o->signature, err, sizeof err) != 0) {
        printf("ERROR %s: %s\n", r->name, err);
        goto undo;
    }
    return code;
undo:   /* a late write error: leave no output of this run behind */
    if (o->commit_log)
        remove(o->commit_log);
    if (o->stats)
        remove(o->stats);
    return SIMTY_EXIT_BADINPUT;
}

/* Run one ELF; returns a spec exit code. */
static int run_one(const struct opts *o, const char *path, int argc, char **argv)
{
    static struct run r;    /* large: keep it off the stack */
    struct report_run rr;
    int code, hang;

    memset(&r, 0, sizeof r);
    r.o = o;
    r.name = path;
    if (setup(&r, path, argc, argv) != 0) {
        teardown(&r);
        return SIMTY_EXIT_BADINPUT;
    }
    for (unsigned w = 0; w < SIMTY_W; w++)     /* every thread starts running */
        r.running[w] = SIMTY_T == 64 ? ~0ull : (1ull << SIMTY_T) - 1;
    r.in.start_pc = r.prog.entry;
    r.in.rst = 1;
    for (int i = 0; i < 4; i++)
        sim_step(r.sim, &r.in, &r.out);
    r.in.rst = 0;
    while (!r.out.done && !r.error && !(o->max_cycles && r.cycle >= o->max_cycles)) {
        /* This cycle's requests; the data is applied after the clock edge. */
        if (r.out.imem_req) {
            uint32_t off = r.out.imem_addr - SIMTY_IMEM_BASE;
            r.in.imem_rdata = off < r.prog.imem_size ? rd32(r.prog.imem, off) : 0;
        }
        if (r.out.dmem_req && r.amo_last)  /* the memory writes the AMO back then (spec) */
            check_failed(&r, "a data request %d cycle%s after an AMO's", r.amo_last,
                         r.amo_last > 1 ? "s" : "");
        r.amo_last = r.out.dmem_req && r.out.dmem_rmw ? 1 : r.amo_last == 1 ? 2 : 0;
        if (r.out.dmem_req)
            data_access(&r);
        sim_step(r.sim, &r.in, &r.out);
        r.cycle++;
        if (r.out.trc_valid || r.out.trl_valid) {
            sim_trace(r.sim, &r.tr, r.full);
            if (r.out.trl_valid)
                on_load_writeback(&r);
            if (r.out.trc_valid)
                on_pass(&r);
        }
    }
    /* a run cut short (hang, error) may leave loads without their data: what
     * waited behind them still goes to the log, in order */
    for (unsigned w = 0; w < SIMTY_W; w++)
        while (r.pend[w].n) {
            load_pop(&r, &r.pend[w]);
        }
    console_flush(r.con);
    if (r.out.done && r.ref) {
        const struct report_thread *mt = ref_threads(r.ref);
        for (unsigned i = 0; i < NTHREADS; i++)
            if (mt[i].state == REPORT_TH_RUNNING) {
                check_failed(&r, "co-simulation: the core finished but thread %u lives in the model", i);
                break;
            }
    }

    hang = !r.out.done && !r.error;
    rr.W = SIMTY_W;
    rr.T = SIMTY_T;
    rr.th = r.th;
    rr.hang = hang;
    rr.cycles = r.cycle;
    if (r.error) {
        printf("FAIL %s: the harness's checks failed (see above)\n", path);
        code = SIMTY_EXIT_FAIL;
    } else {
        code = report_run_line(stdout, path, &rr);
        if (hang)
            mirror_hang_report(&r.paths);
    }
    code = write_outputs(&r, &rr, code);
    teardown(&r);
    return code;
}

static void usage(FILE *f)
{
    fprintf(f,
            "usage: simty-sim [--max-cycles N] [--trace FILE.fst] [--commit-log FILE]\n"
            "                 [--stats FILE.json] [--signature FILE] [--cosim] [--quiet]\n"
            "                 [+verilator+rand+reset+2 +verilator+seed+N] ELF...\n"
            "Runs RISC-V programs on the Verilated Simty core (%d warps x %d threads, %s).\n"
            "Exit: 0 all threads exited 0, 1 a thread exited non-zero, 2 hang, 3 bad input,\n"
            "4 a thread trapped.\n",
            SIMTY_W, SIMTY_T, SIMTY_TRACK_NAME);
}

int main(int argc, char **argv)
{
    struct opts o;
    const char **elfs = calloc((size_t)argc, sizeof *elfs);
    char **vl_argv = calloc((size_t)argc + 1, sizeof *vl_argv);
    int nelf = 0, vl_argc = 0, code = SIMTY_EXIT_PASS;

    if (!elfs || !vl_argv) {
        fprintf(stderr, "simty-sim: out of memory\n");
        code = SIMTY_EXIT_BADINPUT;
        goto done;
    }
    memset(&o, 0, sizeof o);
    vl_argv[vl_argc++] = argv[0];
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char **val = NULL;
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            goto done;
        } else if (!strncmp(a, "+verilator+", 11)) {
            /* Verilator aborts on a bad runtime argument (and would leave a
             * .partial output behind): check the two the harness documents. */
            const char *v = NULL;
            char *end;
            unsigned long n = 0;
            if (!strncmp(a, "+verilator+rand+reset+", 22))
                v = a + 22;
            else if (!strncmp(a, "+verilator+seed+", 16))
                v = a + 16;
            if (v && *v >= '0' && *v <= '9') {
                errno = 0;
                n = strtoul(v, &end, 10);
                if (errno || *end)
                    v = NULL;
            } else {
                v = NULL;
            }
            if (!v || (a[11] == 'r' && n > 2) || (a[11] == 's' && (n < 1 || n > 2147483647ul))) {
                fprintf(stderr, "simty-sim: %s: bad Verilator option (supported: "
                                "+verilator+rand+reset+0|1|2, +verilator+seed+1..2147483647)\n", a);
                code = SIMTY_EXIT_BADINPUT;
                goto done;
            }
            vl_argv[vl_argc++] = argv[i];
            continue;
        } else if (!strcmp(a, "--quiet")) {
            o.quiet = 1;
            continue;
        } else if (!strcmp(a, "--cosim")) {
            o.cosim = 1;
            continue;
        } else if (!strcmp(a, "--max-cycles")) {
            char *end;
            if (++i >= argc) {
                fprintf(stderr, "simty-sim: --max-cycles needs a number\n");
                code = SIMTY_EXIT_BADINPUT;
                goto done;
            }
            errno = 0;
            o.max_cycles = strtoull(argv[i], &end, 10);
            if (errno || end == argv[i] || *end || argv[i][0] == '-' || !o.max_cycles) {
                fprintf(stderr, "simty-sim: --max-cycles %s: not a positive number\n", argv[i]);
                code = SIMTY_EXIT_BADINPUT;
                goto done;
            }
            continue;
        } else if (!strcmp(a, "--trace")) {
            val = &o.fst;
        } else if (!strcmp(a, "--commit-log")) {
            val = &o.commit_log;
        } else if (!strcmp(a, "--stats")) {
            val = &o.stats;
        } else if (!strcmp(a, "--signature")) {
            val = &o.signature;
        } else if (a[0] == '-') {
            fprintf(stderr, "simty-sim: unknown option %s (see --help)\n", a);
            code = SIMTY_EXIT_BADINPUT;
            goto done;
        } else {
            elfs[nelf++] = a;
            continue;
        }
        if (++i >= argc) {
            fprintf(stderr, "simty-sim: %s needs a file name\n", a);
            code = SIMTY_EXIT_BADINPUT;
            goto done;
        }
        *val = argv[i];
    }
    if (!nelf) {
        fprintf(stderr, "simty-sim: no ELF file given\n");
        usage(stderr);
        code = SIMTY_EXIT_BADINPUT;
        goto done;
    }
    if (nelf > 1 && (o.fst || o.commit_log || o.stats || o.signature)) {
        fprintf(stderr, "simty-sim: --trace, --commit-log, --stats and --signature take one program\n");
        code = SIMTY_EXIT_BADINPUT;
        goto done;
    }
    if (o.fst) {
        sim_t *s = sim_new(1, argv, NULL);
        int traced = sim_tracing(s);
        sim_free(s);
        if (!traced) {
            fprintf(stderr, "simty-sim: --trace needs the traced build (make sim TRACE=1)\n");
            code = SIMTY_EXIT_BADINPUT;
            goto done;
        }
    }
    for (int i = 0; i < nelf; i++) {
        code = report_exit_worst(code, run_one(&o, elfs[i], vl_argc, vl_argv));
        fflush(stdout);
    }
done:
    free(elfs);
    free(vl_argv);
    return code;
}
