/*
 * main.c - simty-gen: command line, output files.
 *
 *   simty-gen [--list] [--doc] [--only=UNIT] [-o DIR] [--version-tag=TAG] KEY=VALUE...
 *   simty-gen --tag KEY=VALUE...     print the configuration's build folder name
 *
 * Writes DIR/<module>.v for every unit, DIR/files.f (ordered file list, paths
 * as DIR/<module>.v), DIR/simty_config.h (for tb/ and sw/) and DIR/config.mk.
 * A file whose content did not change is not rewritten (its time stamp stays,
 * so make and Verilator do not rebuild).  Output is byte-identical for
 * identical arguments: no dates, no host names; the only absolute path that
 * can appear is an absolute DIR given by the user (in files.f).
 */
#define _POSIX_C_SOURCE 200809L

#include "cfg.h"
#include "simty_map.h"
#include "units.h"
#include "vmod.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#ifndef SIMTY_VERSION
#define SIMTY_VERSION "dev"
#endif

#define PROG "simty-gen"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: " PROG " [options] [KEY=VALUE...]\n"
            "  W=8 T=8 TRACK=sorted IMEM=64 DMEM=256 RAMSTYLE=auto ARBPIPE=auto SORTER=auto\n"
            "  ISA=rv32i (defaults shown)\n"
            "    W, T      power of two in [1,64]: warps, threads per warp\n"
            "    TRACK     sorted | arbiter: path tracking\n"
            "    IMEM/DMEM power of two in [1,65536]: memory sizes in KiB\n"
            "    RAMSTYLE  auto | block | distributed | logic: (* ram_style *) hint on RAMs\n"
            "    ARBPIPE   auto | 0..6: with TRACK=arbiter, registered cuts in the reduction\n"
            "              tree, each one a stage (a warp resolves a cycle later); auto:\n"
            "              none up to T = 4, two at T = 8, then one per two levels of the\n"
            "              tree (T = 16: 1; T = 32, 64: 2)\n"
            "    SORTER    auto | exact | lazy: with TRACK=sorted, the cold paths in a\n"
            "              pipelined heap (the head is always the minimum) or the paper's\n"
            "              lazy sorter; auto: lazy for T = 4..16, exact otherwise\n"
            "    ISA       rv32i | rv32im | rv32ia | rv32ima: the M and A extensions\n"
            "options:\n"
            "  -o DIR            output directory (default build/<tag>/rtl)\n"
            "  --tag             print the configuration's tag, its build folder's name, and\n"
            "                    write nothing: W<w>_T<t>_<track>, then _pipe[<k>] (ARBPIPE\n"
            "                    given), _<sorter> (TRACK=sorted, SORTER given), _im, _ia, _ima (ISA),\n"
            "                    _I<kib>, _D<kib>, _<ramstyle> (IMEM, DMEM, RAMSTYLE given)\n"
            "  --only=UNIT       generate one unit only (see --list)\n"
            "  --list            list the units\n"
            "  --doc             print the module table (Markdown) for the README\n"
            "  --version-tag=TAG use TAG instead of the build's version in headers\n"
            "  --formal          test only: observation ports on the path units (make formal)\n"
            "  --mutate=NAME     test only: plant one bug a formal property must catch:\n"
            "                    drop-merge skip-mask-bit bad-order keep-exited extra-lane\n"
            "                    single-early bad-init heap-order lazy-swap; absorb-drop\n"
            "                    (caught by make test-mirror); the coalescer's:\n"
            "                    coal-serve-twice coal-drop-held coal-skip-leader coal-no-bcast\n"
            "                    coal-skip-misaligned coal-lowest-wins coal-store-overtake\n"
            "                    coal-bad-offset; the whole core's: fetch-skew bad-target;\n"
            "                    forward progress (ISA with A): yield-no-mark\n"
            "                    yield-no-unmark yield-no-read (formal/README.md)\n"
            "  --yield-jumps=N   test only: the yield's count of backward jumps (ISA with A),\n"
            "                    a power of two in [2,%d] instead of %d (make formal)\n"
            "  --version, -h/--help\n", SIMTY_YIELD_JUMPS, SIMTY_YIELD_JUMPS);
}

/* mkdir -p */
static int mkdirs(const char *path)
{
    char buf[4096];
    size_t n = strlen(path);
    if (n == 0 || n >= sizeof buf)
        return -1;
    memcpy(buf, path, n + 1);
    for (size_t i = 1; i <= n; i++)
        if (buf[i] == '/' || buf[i] == '\0') {
            char ch = buf[i];
            buf[i] = '\0';
            if (mkdir(buf, 0777) != 0 && errno != EEXIST)
                return -1;
            buf[i] = ch;
        }
    return 0;
}

/* Replace `path` by `tmp` unless identical; removes tmp. */
static int commit_file(const char *tmp, const char *path)
{
    FILE *a = fopen(tmp, "rb"), *b = fopen(path, "rb");
    int same = a && b;
    while (same) {
        int x = getc(a), y = getc(b);
        if (x != y)
            same = 0;
        if (x == EOF || y == EOF)
            break;
    }
    if (a)
        fclose(a);
    if (b)
        fclose(b);
    if (same)
        return remove(tmp);
    return rename(tmp, path);
}

struct outctx {
    const char *dir;
    const struct simt_cfg *cfg;
    const char *version;
    const char *tag;    /* cfg_tag */
};

enum ftype { F_VERILOG, F_FILES, F_HEADER, F_MK };

static int write_config_h(FILE *f, const struct outctx *o)
{
    const struct simt_cfg *c = o->cfg;
    char args[160];
    cfg_args(c, args, sizeof args);
    fprintf(f, "/*\n * simty_config.h - configuration of the generated core.\n"
               " * Generated by simty-gen %s \xe2\x80\x94 DO NOT EDIT; regenerate with `make gen %s`.\n"
               " * Needs gen/ on the include path (simty_map.h: memory map, CSRs, exit codes).\n"
               " * Plain macros: valid for C and for the assembler.\n */\n",
            o->version, args);
    fprintf(f, "#ifndef SIMTY_CONFIG_H\n#define SIMTY_CONFIG_H\n\n#include \"simty_map.h\"\n\n");
    fprintf(f, "#define SIMTY_GEN_VERSION \"%s\"\n", o->version);
    fprintf(f, "#define SIMTY_TAG \"%s\" /* the build folder's name (simty-gen --tag) */\n",
            o->tag);
    fprintf(f, "#define SIMTY_CFG_ID 0x%08xu /* [3:0] log2 W, [7:4] log2 T, [11:8] TRACK, "
               "[16:12] log2 IMEM, [21:17] log2 DMEM, [31:24] 0x53 */\n\n",
            c->cfg_id);
    fprintf(f, "/* parameters */\n");
    fprintf(f, "#define SIMTY_W %d\n#define SIMTY_T %d\n#define SIMTY_THREADS %d\n", c->w, c->t,
            c->threads);
    fprintf(f, "#define SIMTY_TRACK_SORTED %d\n#define SIMTY_TRACK_ARBITER %d\n",
            c->track == TRACK_SORTED, c->track == TRACK_ARBITER);
    fprintf(f, "#define SIMTY_TRACK_NAME \"%s\"\n", cfg_track_name(c->track));
    fprintf(f, "#define SIMTY_SORTER_EXACT %d /* the head is always the minimum */\n",
            c->track == TRACK_SORTED && c->sorter == SORTER_EXACT);
    fprintf(f, "#define SIMTY_IMEM_KIB %d\n#define SIMTY_DMEM_KIB %d\n", c->imem_kib, c->dmem_kib);
    if (c->isa_m)   /* absent for rv32i: #ifndef SIMTY_ISA_M in tb/ means rv32i */
        fprintf(f, "#define SIMTY_ISA_M 1 /* ISA=%s */\n", cfg_isa_name(c));
    if (c->isa_a)   /* absent without A: #ifndef SIMTY_ISA_A in tb/ means no atomics */
        fprintf(f, "#define SIMTY_ISA_A 1 /* ISA=%s */\n", cfg_isa_name(c));
    fprintf(f, "#define SIMTY_ISA_NAME \"%s\"\n", cfg_isa_name(c));
    if (c->yield_w)  /* absent without A: no yield, the depth field is 8 bits of call depth */
        fprintf(f, "#define SIMTY_YIELD 1 /* a head path yields after SIMTY_YIELD_JUMPS back jumps */\n");
    fprintf(f, "#define SIMTY_SORTER_NAME \"%s\"\n#define SIMTY_ARB_CUTS %d\n",
            cfg_sorter_name(c->sorter), c->arbpipe);
    fprintf(f, "#define SIMTY_RAMSTYLE_NAME \"%s\"\n", cfg_ramstyle_name(c->ramstyle));
    fprintf(f, "#define SIMTY_IMEM_BYTES %ld\n#define SIMTY_DMEM_BYTES %ld\n\n", c->imem_bytes,
            c->dmem_bytes);
    fprintf(f, "/* derived (cfg_derive in gen/cfg.c; *_W are at least 1) */\n");
    fprintf(f, "#define SIMTY_WARP_ID_W %d\n#define SIMTY_LANE_ID_W %d\n#define SIMTY_TID_W %d\n",
            c->warp_id_w, c->lane_id_w, c->tid_w);
    fprintf(f, "#define SIMTY_REG_BANKS %d\n#define SIMTY_RF_BANKS_BUILT %d\n", c->reg_banks,
            c->rf_banks_impl);
    fprintf(f, "#define SIMTY_RF_ROWS %d\n#define SIMTY_RF_ROW_W %d\n", c->rf_rows, c->rf_row_w);
    fprintf(f, "#define SIMTY_IBUF %d /* instruction-queue entries per warp */\n", c->ibuf);
    fprintf(f, "#define SIMTY_BLOCK_WORDS %d\n#define SIMTY_BLOCK_BYTES %d\n", c->block_words,
            c->block_bytes);
    fprintf(f, "#define SIMTY_IMEM_ADDR_W %d /* word address */\n", c->imem_addr_w);
    fprintf(f, "#define SIMTY_DMEM_ADDR_W %d /* byte address */\n", c->dmem_addr_w);
    fprintf(f, "#define SIMTY_DMEM_BLOCK_ADDR_W %d\n", c->dmem_block_addr_w);
    fprintf(f, "#define SIMTY_IMEM_LATENCY %d\n#define SIMTY_DMEM_LATENCY %d\n\n", c->imem_latency,
            c->dmem_latency);
    fprintf(f, "#endif /* SIMTY_CONFIG_H */\n");
    return 0;
}

static int write_config_mk(FILE *f, const struct outctx *o)
{
    const struct simt_cfg *c = o->cfg;
    char args[160];
    cfg_args(c, args, sizeof args);
    fprintf(f, "# config.mk - configuration of this generated core, for make.\n"
               "# Generated by simty-gen %s \xe2\x80\x94 DO NOT EDIT; regenerate with `make gen %s`\n",
            o->version, args);
    fprintf(f, "# the build folder's name (simty-gen --tag)\nTAG := %s\n", o->tag);
    fprintf(f, "W := %d\nT := %d\nTRACK := %s\nIMEM := %d\nDMEM := %d\nRAMSTYLE := %s\n",
            c->w, c->t, cfg_track_name(c->track), c->imem_kib, c->dmem_kib,
            cfg_ramstyle_name(c->ramstyle));
    if (c->arbpipe_auto)
        fprintf(f, "ARBPIPE := auto\n");
    else
        fprintf(f, "ARBPIPE := %d\n", c->arbpipe);
    fprintf(f, "# the arbiter's reduction tree: %d registered cut%s\nARB_CUTS := %d\n"
               "SORTER := %s\n",
            c->arbpipe, c->arbpipe == 1 ? "" : "s", c->arbpipe, cfg_sorter_name(c->sorter));
    fprintf(f, "ISA := %s\n", cfg_isa_name(c));
    return 0;
}

/* Write one output file through a temporary; -1 on error (message printed). */
static int emit(const struct outctx *o, const char *fname, enum ftype type, struct vmod *m,
                struct vmod *const *mods, int n)
{
    char path[4096], tmp[4200];
    snprintf(path, sizeof path, "%s/%s", o->dir, fname);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "wb");
    if (!f) {
        fprintf(stderr, PROG ": %s: %s\n", tmp, strerror(errno));
        return -1;
    }
    int rc = 0;
    switch (type) {
    case F_VERILOG: {
        struct vm_print_opts po = { o->version };
        rc = vm_print(m, f, &po);
        if (rc)
            fprintf(stderr, PROG ": %s\n", vm_error(m));
        break;
    }
    case F_FILES:
        for (int i = 0; i < n; i++)
            fprintf(f, "%s/%s.v\n", o->dir, vm_name(mods[i]));
        break;
    case F_HEADER:
        rc = write_config_h(f, o);
        break;
    case F_MK:
        rc = write_config_mk(f, o);
        break;
    }
    if (fclose(f) != 0 && rc == 0) {
        fprintf(stderr, PROG ": %s: write error\n", tmp);
        rc = -1;
    }
    if (rc == 0 && commit_file(tmp, path) != 0) {
        fprintf(stderr, PROG ": %s: %s\n", path, strerror(errno));
        rc = -1;
    }
    if (rc != 0)
        remove(tmp);
    return rc;
}

static void list_units(int doc)
{
    if (doc) {
        printf("| module | unit (`--only=`) | description |\n|---|---|---|\n");
        for (int i = 0; i < simty_nunits; i++)
            printf("| `%s` | `%s` | %s |\n", simty_units[i].module, simty_units[i].name,
                   simty_units[i].desc);
        return;
    }
    int wn = 0, wm = 0;
    for (int i = 0; i < simty_nunits; i++) {
        int a = (int)strlen(simty_units[i].name), b = (int)strlen(simty_units[i].module);
        wn = a > wn ? a : wn;
        wm = b > wm ? b : wm;
    }
    for (int i = 0; i < simty_nunits; i++)
        printf("%-*s  %-*s  %s\n", wn, simty_units[i].name, wm, simty_units[i].module,
               simty_units[i].desc);
}

int main(int argc, char **argv)
{
    const char *dir = NULL, *only = NULL, *version = SIMTY_VERSION;
    int list = 0, doc = 0, formal = 0, mutate = MUT_NONE, tag_only = 0, yield_jumps = 0;
    char **params = calloc((size_t)argc + 1, sizeof *params);
    int np = 0;
    if (!params)
        return 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--list") == 0)
            list = 1;
        else if (strcmp(a, "--doc") == 0)
            doc = 1;
        else if (strcmp(a, "--tag") == 0)
            tag_only = 1;
        else if (strncmp(a, "--only=", 7) == 0)
            only = a + 7;
        else if (strcmp(a, "--formal") == 0)
            formal = 1;
        else if (strncmp(a, "--mutate=", 9) == 0) {
            mutate = cfg_mutation_find(a + 9);
            if (mutate <= MUT_NONE) {
                fprintf(stderr, PROG ": %s: unknown mutation (see --help)\n", a);
                free(params);
                return 2;
            }
        } else if (strncmp(a, "--yield-jumps=", 14) == 0) {
            char *end;
            long v = strtol(a + 14, &end, 10);
            if (*end || end == a + 14 || v < 2 || v > SIMTY_YIELD_JUMPS || (v & (v - 1))) {
                fprintf(stderr, PROG ": %s: must be a power of two in [2,%d]\n", a,
                        SIMTY_YIELD_JUMPS);
                free(params);
                return 2;
            }
            yield_jumps = (int)v;
        } else if (strncmp(a, "--version-tag=", 14) == 0)
            version = a + 14;
        else if (strcmp(a, "-o") == 0 && i + 1 < argc)
            dir = argv[++i];
        else if (strncmp(a, "--out=", 6) == 0)
            dir = a + 6;
        else if (strcmp(a, "--version") == 0) {
            printf(PROG " %s\n", SIMTY_VERSION);
            free(params);
            return 0;
        } else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            usage(stdout);
            free(params);
            return 0;
        } else if (a[0] == '-') {
            fprintf(stderr, PROG ": %s: unknown option (try --help)\n", a);
            free(params);
            return 2;
        } else
            params[np++] = argv[i];
    }
    if (list || doc) {
        list_units(doc);
        free(params);
        return 0;
    }

    /* Parse and validate everything before emitting anything (G4). */
    struct simt_cfg cfg;
    char err[512];
    if (cfg_parse(&cfg, np, params, err, sizeof err) != 0) {
        fprintf(stderr, PROG ": %s\n", err);
        free(params);
        return 2;
    }
    free(params);
    cfg.formal = formal;
    cfg.mutate = (enum simt_mutation)mutate;
    if (yield_jumps) {
        if (!cfg.isa_a) {
            fprintf(stderr, PROG ": --yield-jumps: needs an ISA with A (rv32ia, rv32ima)\n");
            return 2;
        }
        cfg.yield_jumps = yield_jumps;
        cfg_derive(&cfg);   /* yield_w */
    }
    char tag[CFG_TAG_MAX];
    cfg_tag(&cfg, tag, sizeof tag);
    if (tag_only) {
        printf("%s\n", tag);
        return 0;
    }
    if (only && !unit_find(only)) {
        fprintf(stderr, PROG ": --only=%s: no such unit (see --list)\n", only);
        return 2;
    }
    if (!*version || strchr(version, '\n')) {
        fprintf(stderr, PROG ": --version-tag: empty or multi-line\n");
        return 2;
    }

    char defdir[256];
    if (!dir) {
        snprintf(defdir, sizeof defdir, "build/%s/rtl", tag);
        dir = defdir;
    }
    if (!*dir) {
        fprintf(stderr, PROG ": -o: empty directory name\n");
        return 2;
    }

    struct vmod **mods;
    int n;
    if (units_generate(&cfg, only, &mods, &n, err, sizeof err) != 0) {
        fprintf(stderr, PROG ": %s\n", err);
        return 1;
    }
    int rc = 0;
    if (mkdirs(dir) != 0) {
        fprintf(stderr, PROG ": %s: cannot create: %s\n", dir, strerror(errno));
        rc = 1;
    }
    struct outctx o = { dir, &cfg, version, tag };
    for (int i = 0; i < n && rc == 0; i++) {
        char fname[300];
        snprintf(fname, sizeof fname, "%s.v", vm_name(mods[i]));
        if (emit(&o, fname, F_VERILOG, mods[i], NULL, 0) != 0)
            rc = 1;
    }
    if (rc == 0 && (emit(&o, "files.f", F_FILES, NULL, mods, n) != 0 ||
                    emit(&o, "simty_config.h", F_HEADER, NULL, NULL, 0) != 0 ||
                    emit(&o, "config.mk", F_MK, NULL, NULL, 0) != 0))
        rc = 1;
    if (rc != 0) {
        /* A write failed part-way: some modules may be new while files.f,
         * simty_config.h and config.mk still describe the previous
         * configuration.  Remove those records so that the directory cannot
         * pass for a complete configuration (unchanged files keep their time
         * stamps on success; this runs only on failure). */
        static const char *const rec[] = { "config.mk", "simty_config.h", "files.f" };
        for (size_t i = 0; i < sizeof rec / sizeof rec[0]; i++) {
            char path[4096];
            snprintf(path, sizeof path, "%s/%s", dir, rec[i]);
            remove(path);
        }
    }
    for (int i = 0; i < n; i++)
        vm_free(mods[i]);
    free(mods);
    if (rc == 0)
        printf(PROG ": %d warp%s x %d thread%s = %d thread%s, %s%s -> %s\n", cfg.w,
               cfg.w > 1 ? "s" : "", cfg.t, cfg.t > 1 ? "s" : "", cfg.threads,
               cfg.threads > 1 ? "s" : "", cfg_track_desc(cfg.track),
               cfg.arbpipe ? " (tree pipelined)" : "", dir);
    return rc;
}
