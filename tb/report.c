/* report.c - see report.h. */
#include "report.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "errf.h"
#include "simty_map.h"

/* ---- exit codes ---------------------------------------------------------- */

static int exit_rank(int c)
{
    switch (c) {
    case SIMTY_EXIT_BADINPUT: return 4;
    case SIMTY_EXIT_TRAP:     return 3;
    case SIMTY_EXIT_HANG:     return 2;
    case SIMTY_EXIT_FAIL:     return 1;
    default:                  return 0;
    }
}

int report_exit_worst(int a, int b)
{
    return exit_rank(a) >= exit_rank(b) ? a : b;
}

const char *report_exit_word(int code)
{
    switch (code) {
    case SIMTY_EXIT_PASS:     return "PASS";
    case SIMTY_EXIT_FAIL:     return "FAIL";
    case SIMTY_EXIT_HANG:     return "HANG";
    case SIMTY_EXIT_TRAP:     return "TRAP";
    default:                  return "ERROR";
    }
}

const char *report_cause_name(unsigned cause)
{
    switch (cause) {
    case SIMTY_TRAP_MISALIGNED_TARGET: return "misaligned jump or branch target";
    case SIMTY_TRAP_FETCH_FAULT:       return "instruction fetch access fault";
    case SIMTY_TRAP_ILLEGAL:           return "illegal instruction";
    case SIMTY_TRAP_EBREAK:            return "ebreak";
    case SIMTY_TRAP_MISALIGNED_LOAD:   return "misaligned load";
    case SIMTY_TRAP_LOAD_FAULT:        return "load access fault";
    case SIMTY_TRAP_MISALIGNED_STORE:  return "misaligned store";
    case SIMTY_TRAP_STORE_FAULT:       return "store access fault";
    case SIMTY_TRAP_ECALL:             return "ecall other than exit";
    default:                           return "unknown cause";
    }
}

/* ---- result line ----------------------------------------------------------- */

struct counts {
    unsigned passed, failed, trapped, unfinished;
    int first_fail, first_trap;
};

static void count_threads(const struct report_run *run, struct counts *c)
{
    unsigned n = run->W * run->T, i;
    memset(c, 0, sizeof *c);
    c->first_fail = c->first_trap = -1;
    for (i = 0; i < n; i++) {
        const struct report_thread *t = &run->th[i];
        if (t->state == REPORT_TH_EXITED && t->code == 0) {
            c->passed++;
        } else if (t->state == REPORT_TH_EXITED) {
            c->failed++;
            if (c->first_fail < 0)
                c->first_fail = (int)i;
        } else if (t->state == REPORT_TH_TRAPPED) {
            c->trapped++;
            if (c->first_trap < 0)
                c->first_trap = (int)i;
        } else {
            c->unfinished++;
        }
    }
}

int report_run_exit(const struct report_run *run)
{
    struct counts c;
    count_threads(run, &c);
    if (c.trapped)
        return SIMTY_EXIT_TRAP;
    if (run->hang || c.unfinished)
        return SIMTY_EXIT_HANG;
    if (c.failed)
        return SIMTY_EXIT_FAIL;
    return SIMTY_EXIT_PASS;
}

int report_run_line(FILE *f, const char *name, const struct report_run *run)
{
    struct counts c;
    int code = report_run_exit(run);
    unsigned n = run->W * run->T;
    count_threads(run, &c);
    fprintf(f, "%s %s", report_exit_word(code), name);
    if (code == SIMTY_EXIT_TRAP) {
        const struct report_thread *t = &run->th[c.first_trap];
        fprintf(f, ": thread %d (warp %u, lane %u) trapped: cause %u (%s) at pc %08" PRIx32,
                c.first_trap, (unsigned)c.first_trap / run->T,
                (unsigned)c.first_trap % run->T, t->cause,
                report_cause_name(t->cause), t->pc);
    } else if (code == SIMTY_EXIT_HANG) {
        fprintf(f, ": no end after %" PRIu64 " cycles", run->cycles);
    } else if (code == SIMTY_EXIT_FAIL) {
        const struct report_thread *t = &run->th[c.first_fail];
        fprintf(f, ": thread %d (warp %u, lane %u) exit code %" PRId32,
                c.first_fail, (unsigned)c.first_fail / run->T,
                (unsigned)c.first_fail % run->T, (int32_t)t->code);
        if ((t->code & 1) && (t->code >> 1) != 0)
            fprintf(f, " (riscv-tests: test %" PRIu32 " failed)", t->code >> 1);
    }
    fprintf(f, " [%u threads: %u passed, %u failed, %u trapped, %u unfinished; %" PRIu64
            " cycles]\n", n, c.passed, c.failed, c.trapped, c.unfinished, run->cycles);
    return code;
}

/* ---- commit log ---------------------------------------------------------------- */

int report_commit_line(char *buf, size_t n, uint64_t cycle, unsigned warp,
                       unsigned lane, const struct simty_effect *e)
{
    char tmp[256];
    int k = snprintf(tmp, sizeof tmp, "%" PRIu64 " %u %u %08" PRIx32 " %08" PRIx32,
                     cycle, warp, lane, e->pc, e->insn);
    if (e->rd)
        k += snprintf(tmp + k, sizeof tmp - (size_t)k, " x%u=%08" PRIx32, e->rd, e->value);
    if (e->has_load)
        k += snprintf(tmp + k, sizeof tmp - (size_t)k, " ld %08" PRIx32, e->load_addr);
    if (e->has_store)
        k += snprintf(tmp + k, sizeof tmp - (size_t)k, " st %08" PRIx32 " %08" PRIx32 " %u",
                      e->store_addr, e->store_data, e->store_bytes);
    if (e->exited)
        k += snprintf(tmp + k, sizeof tmp - (size_t)k, " exit %" PRId32, (int32_t)e->exit_code);
    if (e->trapped)
        k += snprintf(tmp + k, sizeof tmp - (size_t)k, " trap %u", e->cause);
    tmp[k++] = '\n';
    tmp[k] = 0;
    if (n) {
        size_t m = (size_t)k < n ? (size_t)k : n - 1;
        memcpy(buf, tmp, m);
        buf[m] = 0;
        return (int)m;
    }
    return 0;
}

/* ---- output files ---------------------------------------------------------------- */

int outfile_open(struct outfile *o, const char *path, char *err, size_t errlen)
{
    size_t len = strlen(path);
    memset(o, 0, sizeof *o);
    if (len == 0) {
        simty_errf(err, errlen, "empty output file name");
        return -1;
    }
    o->path = malloc(len + 1);
    o->tmp = malloc(len + sizeof ".partial");
    if (!o->path || !o->tmp) {
        free(o->path);
        free(o->tmp);
        o->path = o->tmp = NULL;
        simty_errf(err, errlen, "out of memory");
        return -1;
    }
    memcpy(o->path, path, len + 1);
    memcpy(o->tmp, path, len);
    memcpy(o->tmp + len, ".partial", sizeof ".partial");
    o->f = fopen(o->tmp, "w");
    if (!o->f) {
        simty_errf(err, errlen, "%s: cannot create: %s", o->tmp, strerror(errno));
        free(o->path);
        free(o->tmp);
        o->path = o->tmp = NULL;
        return -1;
    }
    return 0;
}

static void outfile_release(struct outfile *o)
{
    free(o->path);
    free(o->tmp);
    o->path = o->tmp = NULL;
    o->f = NULL;
}

int outfile_commit(struct outfile *o, char *err, size_t errlen)
{
    int bad;
    if (!o->f)
        return 0;
    bad = ferror(o->f);
    if (fclose(o->f) != 0)
        bad = 1;
    o->f = NULL;
    if (bad) {
        simty_errf(err, errlen, "%s: write error", o->path);
        remove(o->tmp);
        outfile_release(o);
        return -1;
    }
    if (rename(o->tmp, o->path) != 0) {
        simty_errf(err, errlen, "%s: cannot rename from %s: %s", o->path, o->tmp, strerror(errno));
        remove(o->tmp);
        outfile_release(o);
        return -1;
    }
    outfile_release(o);
    return 0;
}

void outfile_abort(struct outfile *o)
{
    if (o->f) {
        fclose(o->f);
        remove(o->tmp);
    }
    outfile_release(o);
}

/* ---- statistics ------------------------------------------------------------------ */

void report_stats_outcome(struct report_stats *s, const struct report_run *run)
{
    struct counts c;
    count_threads(run, &c);
    s->threads = run->W * run->T;
    s->passed = c.passed;
    s->failed = c.failed;
    s->trapped = c.trapped;
    s->unfinished = c.unfinished;
    s->exit_code = report_run_exit(run);
}

int report_write_stats(const char *path, const struct report_stats *s,
                       char *err, size_t errlen)
{
    struct outfile o;
    FILE *f;
    unsigned w;
    double ipc, tipc, eff;
    if (outfile_open(&o, path, err, errlen))
        return -1;
    f = o.f;
    ipc = s->cycles ? (double)s->warp_instructions / (double)s->cycles : 0.0;
    tipc = s->cycles ? (double)s->thread_instructions / (double)s->cycles : 0.0;
    eff = s->warp_instructions
        ? (double)s->thread_instructions / ((double)s->warp_instructions * s->T) : 0.0;
    fprintf(f, "{\n");
    fprintf(f, "  \"model\": \"%s\",\n", s->model);
    fprintf(f, "  \"policy\": \"%s\",\n", s->policy);
    fprintf(f, "  \"W\": %u,\n  \"T\": %u,\n", s->W, s->T);
    fprintf(f, "  \"cycles\": %" PRIu64 ",\n", s->cycles);
    fprintf(f, "  \"warp_instructions\": %" PRIu64 ",\n", s->warp_instructions);
    fprintf(f, "  \"thread_instructions\": %" PRIu64 ",\n", s->thread_instructions);
    fprintf(f, "  \"ipc\": %.6f,\n", ipc);
    fprintf(f, "  \"thread_ipc\": %.6f,\n", tipc);
    fprintf(f, "  \"simd_efficiency\": %.6f,\n", eff);
    fprintf(f, "  \"divergences\": %" PRIu64 ",\n", s->divergences);
    fprintf(f, "  \"merges\": %" PRIu64 ",\n", s->merges);
    fprintf(f, "  \"replays\": %" PRIu64 ",\n", s->replays);
    fprintf(f, "  \"peak_paths\": %u,\n", s->peak_paths);
    fprintf(f, "  \"peak_paths_per_warp\": [");
    for (w = 0; w < s->W && w < REPORT_MAX_W; w++)
        fprintf(f, "%s%u", w ? ", " : "", s->peak_paths_warp[w]);
    fprintf(f, "],\n");
    if (s->stalls >= 0)
        fprintf(f, "  \"stalls\": %" PRId64 ",\n", s->stalls);
    if (s->cct_peak >= 0)
        fprintf(f, "  \"cct_peak\": %" PRId64 ",\n", s->cct_peak);
    if (s->yields >= 0)
        fprintf(f, "  \"yields\": %" PRId64 ",\n", s->yields);
    if (s->timing)
        fprintf(f, "  \"timing\": \"%s\",\n", s->timing);
    fprintf(f, "  \"threads\": %u,\n", s->threads);
    fprintf(f, "  \"threads_passed\": %u,\n", s->passed);
    fprintf(f, "  \"threads_failed\": %u,\n", s->failed);
    fprintf(f, "  \"threads_trapped\": %u,\n", s->trapped);
    fprintf(f, "  \"threads_unfinished\": %u,\n", s->unfinished);
    fprintf(f, "  \"result\": \"%s\",\n", report_exit_word(s->exit_code));
    fprintf(f, "  \"exit_code\": %d\n", s->exit_code);
    fprintf(f, "}\n");
    return outfile_commit(&o, err, errlen);
}

/* ---- signature -------------------------------------------------------------------- */

int report_signature_check(uint32_t begin, uint32_t end, uint32_t base,
                           uint32_t size, char *err, size_t errlen)
{
    if ((begin & 3) || (end & 3)) {
        simty_errf(err, errlen, "signature bounds %08" PRIx32 "..%08" PRIx32 " are not word-aligned",
                   begin, end);
        return -1;
    }
    if (end < begin || begin < base || (uint64_t)end > (uint64_t)base + size) {
        simty_errf(err, errlen, "signature %08" PRIx32 "..%08" PRIx32 " is not inside data memory",
                   begin, end);
        return -1;
    }
    return 0;
}

int report_write_signature(const char *path, const uint8_t *mem, uint32_t base,
                           uint32_t size, uint32_t begin, uint32_t end,
                           char *err, size_t errlen)
{
    struct outfile o;
    uint32_t a;
    if (report_signature_check(begin, end, base, size, err, errlen))
        return -1;
    if (outfile_open(&o, path, err, errlen))
        return -1;
    for (a = begin; a < end; a += 4) {
        const uint8_t *p = mem + (a - base);
        uint32_t v = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
                     (uint32_t)p[3] << 24;
        fprintf(o.f, "%08" PRIx32 "\n", v);
    }
    return outfile_commit(&o, err, errlen);
}
