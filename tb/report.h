/*
 * report.h - what the reference model (simty-ref) and the RTL harness print
 * and write in the same way: exit-code precedence, the per-run result line,
 * commit-log lines, the stats JSON, the signature dump, and output files that
 * appear only when complete (written under a temporary name, renamed at the
 * end, removed on error).  See docs/spec.md ("The harness").
 */
#ifndef SIMTY_REPORT_H
#define SIMTY_REPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "effect.h"

#define REPORT_MAX_W 64

/* ---- exit codes ----------------------------------------------------------- */

/* The worse of two SIMTY_EXIT_* codes: BADINPUT, then TRAP, then HANG, then
 * FAIL, then PASS. */
int report_exit_worst(int a, int b);
/* "PASS", "FAIL", "HANG", "TRAP" or "ERROR" for an exit code. */
const char *report_exit_word(int code);
/* Short name of a trap cause ("illegal instruction", ...). */
const char *report_cause_name(unsigned cause);

/* ---- per-thread outcome and the result line -------------------------------- */

enum { REPORT_TH_RUNNING = 0, REPORT_TH_EXITED, REPORT_TH_TRAPPED };

struct report_thread {
    uint8_t state;        /* REPORT_TH_* */
    uint8_t cause;        /* trap cause */
    uint32_t code;        /* exit code (a0) */
    uint32_t pc;          /* PC of the exit ecall or of the trapping instruction */
};

struct report_run {
    unsigned W, T;
    const struct report_thread *th; /* W * T entries, global id order */
    int hang;                       /* stopped by --max-cycles */
    uint64_t cycles;
};

/* The exit code of one run (threads' outcomes and hang, with precedence). */
int report_run_exit(const struct report_run *run);
/* Print the one result line: "PASS name (...)", "FAIL name: thread 5 (warp 0,
 * lane 5) exit code 7 (test 3)", "TRAP name: ...", "HANG name: ...".
 * Returns the run's exit code. */
int report_run_line(FILE *f, const char *name, const struct report_run *run);

/* ---- commit log ------------------------------------------------------------- */

/* Format one commit-log line (with its newline) into buf; returns its length
 * (truncated to n - 1 if buf is too small; 200 bytes always suffice). */
int report_commit_line(char *buf, size_t n, uint64_t cycle, unsigned warp,
                       unsigned lane, const struct simty_effect *e);

/* ---- statistics --------------------------------------------------------------- */

struct report_stats {
    const char *model;        /* "ref" or "rtl" */
    const char *policy;       /* "minsp-pc", ... (the RTL: its TRACK) */
    unsigned W, T;
    uint64_t cycles;
    uint64_t warp_instructions;   /* issued warp-instructions (passes) */
    uint64_t thread_instructions; /* committed thread-instructions */
    uint64_t divergences, merges, replays;
    unsigned peak_paths;          /* max over warps */
    unsigned peak_paths_warp[REPORT_MAX_W];
    unsigned threads, passed, failed, trapped, unfinished;
    int exit_code;
    /* Optional keys of the RTL harness; negative = absent. */
    int64_t stalls, cct_peak;
    /* Optional: the model's yields (forward progress with A, minsp-pc); negative = absent. */
    int64_t yields;
    /* Optional: the core the model's --timing rtl follows ("rtl <track> <sorter or cuts>");
     * NULL = absent. */
    const char *timing;
};

/* Fill the thread counts and the exit code from a run. */
void report_stats_outcome(struct report_stats *s, const struct report_run *run);
/* Write the JSON object (keys in tb/README.md) atomically. 0 or -1 + err. */
int report_write_stats(const char *path, const struct report_stats *s,
                       char *err, size_t errlen);

/* ---- signature ------------------------------------------------------------------ */

/* Check that [begin, end) is a word-aligned range inside the memory image
 * mem[0 .. size) mapped at base.  0 or -1 + err. */
int report_signature_check(uint32_t begin, uint32_t end, uint32_t base,
                           uint32_t size, char *err, size_t errlen);
/* Write the words of [begin, end), one 8-digit hex word a line, atomically. */
int report_write_signature(const char *path, const uint8_t *mem, uint32_t base,
                           uint32_t size, uint32_t begin, uint32_t end,
                           char *err, size_t errlen);

/* ---- output files that appear only when complete ----------------------------- */

struct outfile {
    FILE *f;
    char *path, *tmp;
};

/* Create path + ".partial" for writing. 0 or -1 + err. */
int outfile_open(struct outfile *o, const char *path, char *err, size_t errlen);
/* Close and rename to the final name. 0 or -1 + err (the file is removed). */
int outfile_commit(struct outfile *o, char *err, size_t errlen);
/* Close and remove (no-op if not open). */
void outfile_abort(struct outfile *o);

#endif /* SIMTY_REPORT_H */
