/*
 * test_step.c - checks the lock-step API the RTL harness uses.
 *
 * Model A runs an ELF on its own path list (ref_issue); every pass it issues
 * (warp, PC, served lanes, cycle) drives model B through ref_step, as the RTL
 * would.  Every thread's effect must be identical, and so must the final
 * registers, memories and outcomes.  ref_step must also refuse a lane that is
 * not at the PC given, or has ended.
 *
 *   test_step [-W N] [-T N] [--policy P] [--isa I] ELF...
 *                                      one line per ELF, then "N passed, M failed"
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "simty_ref.h"

static int check_elf(const struct ref_config *cfg, const char *path, char *msg, size_t n)
{
    char err[512];
    struct elf_info ia, ib;
    struct ref *a = ref_new(cfg, err, sizeof err), *b = ref_new(cfg, err, sizeof err);
    struct simty_effect ea[REF_MAX_T], eb[REF_MAX_T];
    unsigned W = cfg->W, T = cfg->T, w, lane, t, k;
    uint64_t steps = 0, served, cyc;
    uint32_t pc;
    int rc = -1;

    if (!a || !b) {
        snprintf(msg, n, "ref_new: %s", err);
        goto out;
    }
    if (ref_load_elf(a, path, &ia, err, sizeof err) || ref_load_elf(b, path, &ib, err, sizeof err)) {
        snprintf(msg, n, "load: %s", err);
        goto out;
    }
    /* A refused step changes nothing. */
    if (ref_step(b, 0, ia.entry + 4, 1, NULL, eb) == 0) {
        snprintf(msg, n, "ref_step accepted a lane at the wrong pc");
        goto out;
    }
    if (ref_step(b, W, ia.entry, 1, NULL, eb) == 0) {
        snprintf(msg, n, "ref_step accepted warp %u", W);
        goto out;
    }
    while (!ref_done(a) && steps < 50000000) {
        for (w = 0; w < W; w++) {
            cyc = ref_cycle(a);
            if (!ref_issue(a, w, ea, &served, &pc))
                continue;
            steps++;
            if (ref_step(b, w, pc, served, &cyc, eb)) {
                snprintf(msg, n, "step %llu: ref_step refused: %s", (unsigned long long)steps,
                         ref_error(b));
                goto out;
            }
            for (lane = 0; lane < T; lane++) {
                char la[256], lb[256];
                if (!(served >> lane & 1)) {
                    if (eb[lane].valid) {
                        snprintf(msg, n, "step %llu: lane %u outside the mask is valid",
                                 (unsigned long long)steps, lane);
                        goto out;
                    }
                    continue;
                }
                report_commit_line(la, sizeof la, cyc, w, lane, &ea[lane]);
                report_commit_line(lb, sizeof lb, cyc, w, lane, &eb[lane]);
                if (strcmp(la, lb) || ea[lane].next_pc != eb[lane].next_pc ||
                    ea[lane].store_be != eb[lane].store_be) {
                    snprintf(msg, n, "step %llu: path list %.*s / step API %.*s",
                             (unsigned long long)steps, (int)strlen(la) - 1, la,
                             (int)strlen(lb) - 1, lb);
                    goto out;
                }
            }
            /* A thread that ended cannot step again. */
            for (lane = 0; lane < T; lane++)
                if ((served >> lane & 1) && (ea[lane].exited || ea[lane].trapped) &&
                    ref_step(b, w, pc, 1ull << lane, NULL, NULL) == 0) {
                    snprintf(msg, n, "ref_step accepted an ended thread");
                    goto out;
                }
        }
    }
    if (!ref_done(a)) {
        snprintf(msg, n, "did not finish");
        goto out;
    }
    for (t = 0; t < W * T; t++) {
        const struct report_thread *x = &ref_threads(a)[t], *y = &ref_threads(b)[t];
        if (x->state != y->state || x->code != y->code || x->cause != y->cause || x->pc != y->pc) {
            snprintf(msg, n, "thread %u outcome differs", t);
            goto out;
        }
        for (k = 0; k < 32; k++)
            if (ref_reg(a, t, k) != ref_reg(b, t, k)) {
                snprintf(msg, n, "thread %u x%u differs", t, k);
                goto out;
            }
    }
    if (memcmp(ref_dmem(a), ref_dmem(b), ref_dmem_size(a))) {
        snprintf(msg, n, "data memories differ");
        goto out;
    }
    snprintf(msg, n, "%llu passes agree", (unsigned long long)steps);
    rc = 0;
out:
    ref_free(a);
    ref_free(b);
    return rc;
}

int main(int argc, char **argv)
{
    struct ref_config cfg;
    int i, pass = 0, fail = 0;
    char msg[1024];
    ref_config_default(&cfg);
    for (i = 1; i < argc; i++) {
        if (i + 1 < argc && strcmp(argv[i], "-W") == 0) {
            cfg.W = (unsigned)atoi(argv[++i]);
        } else if (i + 1 < argc && strcmp(argv[i], "-T") == 0) {
            cfg.T = (unsigned)atoi(argv[++i]);
        } else if (i + 1 < argc && strcmp(argv[i], "--policy") == 0) {
            if (ref_policy_parse(argv[++i], &cfg.policy))
                return 3;
        } else if (i + 1 < argc && strcmp(argv[i], "--isa") == 0) {
            if (ref_isa_parse(argv[++i], &cfg))
                return 3;
        } else {
            int r = check_elf(&cfg, argv[i], msg, sizeof msg);
            printf("%s step API W=%u T=%u %s %s %s: %s\n", r ? "FAIL" : "PASS", cfg.W, cfg.T,
                   ref_policy_name(cfg.policy), ref_isa_name(&cfg), argv[i], msg);
            if (r)
                fail++;
            else
                pass++;
        }
    }
    printf("%d passed, %d failed\n", pass, fail);
    return fail ? 1 : 0;
}
