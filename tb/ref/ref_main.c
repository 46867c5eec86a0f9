/*
 * ref_main.c - simty-ref, the reference model as a command-line tool.
 *
 *   simty-ref [-W N] [-T N] [--imem KIB] [--dmem KIB] [--isa I] [--policy P]
 *             [--pass-rule R] [--yield N] [--max-cycles N] [--commit-log FILE] [--stats FILE.json]
 *             [--signature FILE] [--quiet] [--cfg] ELF...
 *
 * --cfg prints each ELF's control-flow graph and the reconvergence PC of
 * every branch (cfg.h) instead of running it.
 * Each ELF runs fresh and prints one PASS/FAIL/HANG/TRAP line (ERROR for a
 * file it refuses); the exit code is the worst by the spec's precedence.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfg.h"
#include "console.h"
#include "report.h"
#include "simty_map.h"
#include "simty_ref.h"

#define DEFAULT_MAX_CYCLES 100000000ull

struct opts {
    struct ref_config cfg;
    uint64_t max_cycles;
    const char *commit_log, *stats, *signature;
    int quiet;
    int check;      /* --check-invariants: path invariants after every issue */
    int print_cfg;  /* --cfg: print the CFG and reconvergence PCs, do not run */
};

static void usage(FILE *f)
{
    fprintf(f,
        "usage: simty-ref [options] ELF...\n"
        "Run RV32I programs on the reference model of the Simty SIMT machine.\n"
        "  -W N               warps, power of two 1..64 (default 8)\n"
        "  -T N               threads per warp, power of two 1..64 (default 8)\n"
        "  --imem KIB         instruction memory in KiB, power of two (default %u)\n"
        "  --dmem KIB         data memory in KiB, power of two (default %u)\n"
        "  --isa I            rv32i (default), rv32im, rv32ia or rv32ima: the M extension\n"
        "                     (m) and the A extension (a: LR/SC and AMOs) execute, their\n"
        "                     encodings are illegal without them\n"
        "  --policy P         minsp-pc (default), min-pc, depth-first, breadth-first,\n"
        "                     ipdom, minority-first, mp-ipdom\n"
        "  --pass-rule R      lanes a memory pass serves (a model-only study; the RTL and\n"
        "                     its co-simulation have word): word (default: word <lane> of\n"
        "                     the leader's block), packed (any size, unit <lane mod T>),\n"
        "                     rotate (unit = the leader's + lane - leader, mod T), block\n"
        "                     (any aligned access in the block); all serve loads of the\n"
        "                     leader's address, and results do not depend on the rule\n"
        "  --yield N          forward progress with A under minsp-pc: a head path that\n"
        "                     takes N backward jumps in a row, each after a read of memory,\n"
        "                     while its warp has another path yields to it; 0 = off, else a\n"
        "                     power of two >= 2 (default %u with A, 0 without; the RTL's)\n"
        "  --timing M         the clock: latency (default: the latency model, a few rules\n"
        "                     per instruction) or rtl (the generated core's pipeline:\n"
        "                     fetch, predictors, issue ports, resolve loop; list policies)\n"
        "  --track K          --timing rtl: the core's tracker, sorted (default) or arbiter\n"
        "  --sorter S         --timing rtl, sorted: exact, lazy or auto (default: simty-gen's)\n"
        "  --arbpipe N        --timing rtl, arbiter: the tree's cuts, 0..%d or auto (default)\n"
        "  --max-cycles N     stop as a hang after N warp-instructions (default %llu, 0 = none)\n"
        "  --cfg              print the control-flow graph, post-dominators and each\n"
        "                     branch's reconvergence PC instead of running\n"
        "  --commit-log FILE  one line per committed thread-instruction (one ELF only)\n"
        "  --stats FILE.json  statistics (one ELF only)\n"
        "  --signature FILE   words between begin_signature and end_signature (one ELF only)\n"
        "  --quiet            do not print the program's console output\n"
        "  --check-invariants check the path lists after every warp-instruction (slow)\n"
        "Exit: 0 pass, 1 a thread exited non-zero, 2 hang, 3 bad input, 4 a thread trapped.\n",
        SIMTY_IMEM_KIB_DEFAULT, SIMTY_DMEM_KIB_DEFAULT, SIMTY_YIELD_JUMPS, SIMTY_ARBPIPE_MAX,
        (unsigned long long)DEFAULT_MAX_CYCLES);
}

static int bad(const char *fmt, const char *a, const char *b)
{
    fprintf(stderr, "simty-ref: ");
    fprintf(stderr, fmt, a, b);
    fprintf(stderr, "\n");
    return -1;
}

static int parse_u64(const char *opt, const char *s, uint64_t max, uint64_t *v)
{
    char *end;
    unsigned long long x;
    if (!s || !*s || *s == '-' || *s == '+')
        return bad("%s: expects a non-negative number, got '%s'", opt, s ? s : "");
    errno = 0;
    x = strtoull(s, &end, 10);
    if (errno || *end || x > max)
        return bad("%s: '%s' is not a valid number here", opt, s);
    *v = x;
    return 0;
}

/* Parse the options (anywhere on the line; "--" ends them) and collect the
 * ELF names in elfs.  Returns their number, or -1 after a message. */
static int parse(int argc, char **argv, struct opts *o, char **elfs)
{
    int i, nelf = 0, opts_done = 0;
    ref_config_default(&o->cfg);
    o->max_cycles = DEFAULT_MAX_CYCLES;
    o->commit_log = o->stats = o->signature = NULL;
    o->quiet = 0;
    o->check = 0;
    o->print_cfg = 0;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i], *val = NULL, *eq;
        char name[32];
        uint64_t v;
        if (opts_done || a[0] != '-' || a[1] == 0) {
            elfs[nelf++] = argv[i];
            continue;
        }
        if (strcmp(a, "--") == 0) {
            opts_done = 1;
            continue;
        }
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            usage(stdout);
            exit(0);
        }
        if (strcmp(a, "--check-invariants") == 0) {
            o->check = 1;
            continue;
        }
        if (strcmp(a, "--cfg") == 0) {
            o->print_cfg = 1;
            continue;
        }
        if (strcmp(a, "--quiet") == 0 || strcmp(a, "-q") == 0) {
            o->quiet = 1;
            continue;
        }
        /* --name=value or --name value */
        eq = strchr(a, '=');
        if (eq && a[1] == '-' && (size_t)(eq - a) < sizeof name) {
            memcpy(name, a, (size_t)(eq - a));
            name[eq - a] = 0;
            val = eq + 1;
        } else if (strlen(a) < sizeof name) {
            strcpy(name, a);
        } else {
            return bad("unknown option '%s'%s (try --help)", a, "");
        }
        if (strcmp(name, "-W") && strcmp(name, "-T") && strcmp(name, "--imem") &&
            strcmp(name, "--dmem") && strcmp(name, "--policy") && strcmp(name, "--max-cycles") &&
            strcmp(name, "--pass-rule") && strcmp(name, "--yield") &&
            strcmp(name, "--isa") && strcmp(name, "--timing") && strcmp(name, "--track") &&
            strcmp(name, "--sorter") && strcmp(name, "--arbpipe") &&
            strcmp(name, "--commit-log") && strcmp(name, "--stats") && strcmp(name, "--signature"))
            return bad("unknown option '%s'%s (try --help)", a, "");
        if (!val) {
            if (i + 1 >= argc)
                return bad("%s: missing value%s", name, "");
            val = argv[++i];
        }
        if (strcmp(name, "-W") == 0 || strcmp(name, "-T") == 0) {
            if (parse_u64(name, val, 1u << 30, &v))
                return -1;
            if (v == 0 || v > 64 || (v & (v - 1)))
                return bad("%s %s: must be a power of two in [1,64]", name, val);
            if (name[1] == 'W')
                o->cfg.W = (unsigned)v;
            else
                o->cfg.T = (unsigned)v;
        } else if (strcmp(name, "--imem") == 0 || strcmp(name, "--dmem") == 0) {
            if (parse_u64(name, val, 1u << 30, &v))
                return -1;
            if (v == 0 || v > REF_MAX_MEM_KIB || (v & (v - 1)))
                return bad("%s %s: must be a power of two (KiB), 1..65536", name, val);
            if (name[2] == 'i')
                o->cfg.imem_kib = (unsigned)v;
            else
                o->cfg.dmem_kib = (unsigned)v;
        } else if (strcmp(name, "--isa") == 0) {
            if (ref_isa_parse(val, &o->cfg))
                return bad("--isa %s: unknown (rv32i, rv32im, rv32ia, rv32ima)%s", val, "");
        } else if (strcmp(name, "--policy") == 0) {
            if (ref_policy_parse(val, &o->cfg.policy))
                return bad("--policy %s: unknown (minsp-pc, min-pc, depth-first, breadth-first, "
                           "ipdom, minority-first, mp-ipdom)%s", val, "");
        } else if (strcmp(name, "--pass-rule") == 0) {
            if (ref_pass_rule_parse(val, &o->cfg.pass_rule))
                return bad("--pass-rule %s: unknown (word, packed, rotate, block)%s", val, "");
        } else if (strcmp(name, "--timing") == 0) {
            if (ref_timing_parse(val, &o->cfg.timing))
                return bad("--timing %s: unknown (latency, rtl)%s", val, "");
        } else if (strcmp(name, "--track") == 0) {
            if (ref_track_parse(val, &o->cfg.track))
                return bad("--track %s: unknown (sorted, arbiter)%s", val, "");
        } else if (strcmp(name, "--sorter") == 0) {
            if (ref_sorter_parse(val, &o->cfg.sorter_exact))
                return bad("--sorter %s: unknown (exact, lazy, auto)%s", val, "");
        } else if (strcmp(name, "--arbpipe") == 0) {
            if (strcmp(val, "auto") == 0)
                o->cfg.arbpipe = REF_AUTO;
            else if (parse_u64(name, val, SIMTY_ARBPIPE_MAX, &v))
                return -1;
            else
                o->cfg.arbpipe = (int)v;
        } else if (strcmp(name, "--yield") == 0) {
            if (parse_u64(name, val, REF_YIELD_MAX, &v))
                return -1;
            o->cfg.yield = (int)v;    /* ref_new checks it against the ISA */
        } else if (strcmp(name, "--max-cycles") == 0) {
            if (parse_u64(name, val, UINT64_MAX, &o->max_cycles))
                return -1;
        } else {
            if (!*val)
                return bad("%s: empty file name%s", name, "");
            if (strcmp(name, "--commit-log") == 0)
                o->commit_log = val;
            else if (strcmp(name, "--stats") == 0)
                o->stats = val;
            else
                o->signature = val;
        }
    }
    return nelf;
}

/* ref_run, one warp-instruction at a time with the path invariants checked
 * after each: 1 hang, 0 done, -1 write error, -2 invariant broken. */
static int run_checked(struct ref *r, uint64_t max_cycles, FILE *log, char *err, size_t n)
{
    unsigned W = ref_config_of(r)->W, T = ref_config_of(r)->T, w;
    struct simty_effect eff[REF_MAX_T];
    char line[256];
    if (ref_check_invariants(r, err, n))
        return -2;
    while (!ref_done(r)) {
        int pw = ref_pick(r);
        uint64_t served, cyc, m, done;
        uint32_t pc;
        if (pw < 0)
            break;
        w = (unsigned)pw;
        cyc = ref_cycle(r);
        {
            struct report_stats st;
            ref_stats(r, &st);
            done = st.warp_instructions;
        }
        if (max_cycles && done >= max_cycles)
            return 1;
        if (ref_issue(r, w, eff, &served, &pc)) {
            if (ref_check_invariants(r, err, n))
                return -2;
            for (m = served; log && m; m &= m - 1) {
                unsigned lane = (unsigned)__builtin_ctzll(m);
                int k = report_commit_line(line, sizeof line, cyc, w, lane, &eff[lane]);
                fwrite(line, 1, (size_t)k, log);
            }
            if (log && ferror(log))
                return -1;
        }
    }
    (void)T;
    (void)W;
    return 0;
}

/* Run one ELF; returns its exit code. */
static int run_one(const struct opts *o, struct ref *r, const char *path)
{
    char err[512];
    struct elf_info info;
    struct outfile log, st, sig;
    struct console *con = NULL;
    struct report_run run;
    struct report_stats stats;
    int hang, code, failed = 0;

    memset(&log, 0, sizeof log);
    memset(&st, 0, sizeof st);
    memset(&sig, 0, sizeof sig);
    if (ref_load_elf(r, path, &info, err, sizeof err))
        goto bad_input;
    if (o->print_cfg) {
        struct cfg *g = cfg_build(r, path, err, sizeof err);
        if (!g)
            goto bad_input;
        printf("cfg %s\n", path);
        cfg_print(g, r, stdout);
        cfg_free(g);
        fflush(stdout);
        return ferror(stdout) ? SIMTY_EXIT_BADINPUT : SIMTY_EXIT_PASS;
    }
    if (o->signature) {
        if (!info.has_signature) {
            snprintf(err, sizeof err, "--signature: no begin_signature/end_signature symbols");
            goto bad_input;
        }
        if (report_signature_check(info.sig_begin, info.sig_end, SIMTY_DMEM_BASE,
                                   ref_dmem_size(r), err, sizeof err))
            goto bad_input;
    }
    if ((o->commit_log && outfile_open(&log, o->commit_log, err, sizeof err)) ||
        (o->stats && outfile_open(&st, o->stats, err, sizeof err)) ||
        (o->signature && outfile_open(&sig, o->signature, err, sizeof err)))
        goto bad_input;
    con = console_new(ref_config_of(r)->W * ref_config_of(r)->T, o->quiet ? NULL : stdout);
    if (!con) {
        snprintf(err, sizeof err, "out of memory");
        goto bad_input;
    }
    ref_set_console(r, con);
    if (o->check && ref_config_of(r)->timing == REF_TIMING_RTL) {
        ref_set_check_invariants(r, 1);  /* the timing mode's own loop checks them */
        hang = ref_run(r, o->max_cycles, log.f);
        if (hang < 0)
            snprintf(err, sizeof err, "%s", ref_error(r));
    } else {
        hang = o->check ? run_checked(r, o->max_cycles, log.f, err, sizeof err)
                        : ref_run(r, o->max_cycles, log.f);
    }
    if (hang == -2) {
        ref_set_console(r, NULL);
        console_free(con);
        outfile_abort(&log);
        outfile_abort(&st);
        outfile_abort(&sig);
        fprintf(stderr, "simty-ref: %s: invariant broken: %s\n", path, err);
        printf("ERROR %s: invariant broken: %s\n", path, err);
        ref_print_paths(r, stdout);
        return SIMTY_EXIT_TRAP;
    }
    ref_set_console(r, NULL);
    console_flush(con);
    console_free(con);
    if (hang < 0) {
        if (*ref_error(r))
            snprintf(err, sizeof err, "%s", ref_error(r));
        else
            snprintf(err, sizeof err, "%s: write error", o->commit_log);
        goto bad_input;
    }
    ref_report_run(r, hang, &run);
    code = report_run_line(stdout, path, &run);
    if (hang)
        ref_print_paths(r, stdout);
    fflush(stdout);
    /* Outputs: written, then renamed only if all of them succeed. */
    if (st.f) {
        outfile_abort(&st);
        ref_stats(r, &stats);
        report_stats_outcome(&stats, &run);
        if (report_write_stats(o->stats, &stats, err, sizeof err))
            failed = 1;
    }
    if (!failed && sig.f) {
        outfile_abort(&sig);
        if (report_write_signature(o->signature, ref_dmem(r), SIMTY_DMEM_BASE,
                                   ref_dmem_size(r), info.sig_begin, info.sig_end,
                                   err, sizeof err))
            failed = 1;
    }
    if (!failed && log.f && outfile_commit(&log, err, sizeof err))
        failed = 1;
    if (failed) {
        outfile_abort(&log);
        if (o->stats)
            remove(o->stats);
        if (o->signature)
            remove(o->signature);
        fprintf(stderr, "simty-ref: %s: %s\n", path, err);
        return SIMTY_EXIT_BADINPUT;
    }
    return code;

bad_input:
    outfile_abort(&log);
    outfile_abort(&st);
    outfile_abort(&sig);
    fprintf(stderr, "simty-ref: %s: %s\n", path, err);
    printf("ERROR %s: %s\n", path, err);
    fflush(stdout);
    return SIMTY_EXIT_BADINPUT;
}

int main(int argc, char **argv)
{
    struct opts o;
    struct ref *r;
    char err[256], **elfs;
    int nelf, i, worst = SIMTY_EXIT_PASS;
    elfs = malloc((size_t)argc * sizeof *elfs);
    if (!elfs) {
        fprintf(stderr, "simty-ref: out of memory\n");
        return SIMTY_EXIT_BADINPUT;
    }
    nelf = parse(argc, argv, &o, elfs);
    if (nelf < 0) {
        free(elfs);
        return SIMTY_EXIT_BADINPUT;
    }
    if (nelf == 0) {
        fprintf(stderr, "simty-ref: no ELF file given (try --help)\n");
        free(elfs);
        return SIMTY_EXIT_BADINPUT;
    }
    if (nelf > 1 && (o.commit_log || o.stats || o.signature)) {
        fprintf(stderr, "simty-ref: --commit-log, --stats and --signature take one ELF "
                "(%d given)\n", nelf);
        free(elfs);
        return SIMTY_EXIT_BADINPUT;
    }
    r = ref_new(&o.cfg, err, sizeof err);
    if (!r) {
        fprintf(stderr, "simty-ref: %s\n", err);
        free(elfs);
        return SIMTY_EXIT_BADINPUT;
    }
    for (i = 0; i < nelf; i++)
        worst = report_exit_worst(worst, run_one(&o, r, elfs[i]));
    ref_free(r);
    free(elfs);
    return worst;
}
