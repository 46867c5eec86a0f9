/*
 * test_gen.c - unit tests of the generator framework: configuration parsing
 * and derivation, the writer, the module model (printing, legalizer,
 * identifier checks, design check) and in-process determinism.
 * One line per test (PASS/FAIL name), then "N passed, M failed".
 */
#include "cfg.h"
#include "units.h"
#include "vmod.h"
#include "vw.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct tctx {
    int pass, fail;
};

static void check(struct tctx *t, int ok, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    printf("%s ", ok ? "PASS" : "FAIL");
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
    if (ok)
        t->pass++;
    else
        t->fail++;
}

/* Read a whole tmpfile into a malloc'd string. */
static char *slurp(FILE *f)
{
    long n;
    fflush(f);
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    rewind(f);
    char *s = malloc((size_t)n + 1);
    if (!s)
        return NULL;
    size_t r = fread(s, 1, (size_t)n, f);
    s[r] = '\0';
    return s;
}

/* ---------------- configuration ---------------- */

static int parse_str(struct simt_cfg *c, const char *args, char *err, size_t len)
{
    char buf[512];
    char *argv[16];
    int argc = 0;
    snprintf(buf, sizeof buf, "%s", args);
    /* split on '|' so that arguments may contain spaces */
    char *p = buf;
    while (argc < 16) {
        argv[argc++] = p;
        char *bar = strchr(p, '|');
        if (!bar)
            break;
        *bar = '\0';
        p = bar + 1;
    }
    if (!*args)
        argc = 0;
    return cfg_parse(c, argc, argv, err, len);
}

static void test_cfg(struct tctx *t)
{
    struct simt_cfg c;
    char err[512];

    cfg_defaults(&c);
    check(t, c.w == 8 && c.t == 8 && c.track == TRACK_SORTED && c.imem_kib == 64 &&
                 c.dmem_kib == 256 && c.ramstyle == RAMSTYLE_AUTO,
          "cfg: defaults W=8 T=8 TRACK=sorted IMEM=64 DMEM=256");

    int rc = parse_str(&c, "W=8|T=16|TRACK=sorted|IMEM=64|DMEM=256", err, sizeof err);
    check(t, rc == 0 && c.w == 8 && c.t == 16 && c.threads == 128 && c.warp_id_w == 3 &&
                 c.lane_id_w == 4 && c.tid_w == 7 && c.rf_banks_impl == 2 && c.rf_rows == 128 &&
                 c.rf_row_w == 7 && c.block_bytes == 64 && c.imem_addr_w == 14 &&
                 c.dmem_addr_w == 18 && c.dmem_block_addr_w == 12,
          "cfg: W=8 T=16 parses and derives (WARP_ID_W 3, LANE_ID_W 4, RF 128 rows)");

    rc = parse_str(&c, "W=1|T=1", err, sizeof err);
    check(t, rc == 0 && c.warp_id_bits == 0 && c.warp_id_w == 1 && c.lane_id_bits == 0 &&
                 c.lane_id_w == 1 && c.tid_bits == 0 && c.tid_w == 1 && c.rf_banks_impl == 1 &&
                 c.rf_warps_per_bank == 1 && c.rf_rows == 32 && c.rf_row_w == 5 &&
                 c.block_off_bits == 2,
          "cfg: W=1 T=1 clamps zero widths to 1, one RF bank of 32 rows");

    rc = parse_str(&c, "W=2|T=2", err, sizeof err);
    check(t, rc == 0 && c.warp_id_w == 1 && c.rf_banks_impl == 2 && c.rf_rows == 32 &&
                 c.rf_warp_in_bank_bits == 0,
          "cfg: W=2 two banks of one warp each");

    rc = parse_str(&c, "W=64|T=64|TRACK=arbiter|IMEM=1|DMEM=65536|RAMSTYLE=block", err, sizeof err);
    check(t, rc == 0 && c.rf_rows == 1024 && c.rf_row_w == 10 && c.tid_w == 12 &&
                 c.track == TRACK_ARBITER && c.imem_addr_w == 8 && c.dmem_addr_w == 26 &&
                 c.ramstyle == RAMSTYLE_BLOCK,
          "cfg: W=64 T=64 arbiter IMEM=1 DMEM=65536 RAMSTYLE=block");

    char args[160];
    cfg_args(&c, args, sizeof args);
    check(t, strcmp(args, "W=64 T=64 TRACK=arbiter IMEM=1 DMEM=65536 RAMSTYLE=block") == 0,
          "cfg: cfg_args reproduces non-default parameters (%s)", args);
    rc = parse_str(&c, "TRACK=arbiter|ARBPIPE=1|W=2", err, sizeof err);
    cfg_args(&c, args, sizeof args);
    check(t, rc == 0 && c.arbpipe == 1 && strcmp(args, "W=2 T=8 TRACK=arbiter ARBPIPE=1") == 0,
          "cfg: ARBPIPE=1 with the arbiter (%s)", args);
    {
        /* ARBPIPE=auto: one cut per two levels of the tree but two at T = 8, none
         * for the sorted list */
        static const int want[7] = { 0, 0, 0, 2, 1, 2, 2 };
        char s[64];
        int ok = 1;
        for (int lg = 0; lg <= 6; lg++) {
            snprintf(s, sizeof s, "TRACK=arbiter|T=%d", 1 << lg);
            ok &= parse_str(&c, s, err, sizeof err) == 0 && c.arbpipe_auto && c.arbpipe == want[lg] &&
                  c.res_lat == 2 + want[lg];
            snprintf(s, sizeof s, "T=%d", 1 << lg);
            ok &= parse_str(&c, s, err, sizeof err) == 0 && c.arbpipe == 0 && c.res_lat == 1;
        }
        check(t, ok, "cfg: ARBPIPE=auto gives 0,0,0,2,1,2,2 cuts at T=1..64 (arbiter), 0 (sorted)");
        rc = parse_str(&c, "TRACK=arbiter|ARBPIPE=2|T=64", err, sizeof err);
        cfg_args(&c, args, sizeof args);
        check(t, rc == 0 && c.arbpipe == 2 && !c.arbpipe_auto && c.res_lat == 4 &&
                 strcmp(args, "W=8 T=64 TRACK=arbiter ARBPIPE=2") == 0,
              "cfg: ARBPIPE=2 at T=64 (%s)", args);
        rc = parse_str(&c, "TRACK=arbiter|ARBPIPE=0|T=64", err, sizeof err);
        cfg_args(&c, args, sizeof args);
        check(t, rc == 0 && c.arbpipe == 0 && c.res_lat == 2 &&
                 strcmp(args, "W=8 T=64 TRACK=arbiter ARBPIPE=0") == 0,
              "cfg: ARBPIPE=0 overrides auto (%s)", args);
    }
    rc = parse_str(&c, "SORTER=lazy|T=16", err, sizeof err);
    cfg_args(&c, args, sizeof args);
    check(t, rc == 0 && c.sorter == SORTER_LAZY && strcmp(args, "W=8 T=16 TRACK=sorted SORTER=lazy") == 0,
          "cfg: SORTER=lazy with the sorted list (%s)", args);
    rc = parse_str(&c, "ISA=rv32im|W=2", err, sizeof err);
    cfg_args(&c, args, sizeof args);
    check(t, rc == 0 && c.isa_m == 1 && strcmp(args, "W=2 T=8 TRACK=sorted ISA=rv32im") == 0,
          "cfg: ISA=rv32im (%s)", args);
    rc = parse_str(&c, "ISA=rv32i", err, sizeof err);
    check(t, rc == 0 && c.isa_m == 0, "cfg: ISA=rv32i is the default");
    parse_str(&c, "", err, sizeof err);
    cfg_args(&c, args, sizeof args);
    check(t, strcmp(args, "W=8 T=8 TRACK=sorted") == 0 && c.sorter == SORTER_LAZY && c.sorter_auto,
          "cfg: cfg_args of the defaults, SORTER=auto resolved to lazy at T=8 (%s)", args);
    {
        /* SORTER=auto: lazy for T = 4..16, exact elsewhere; the arbiter never sorts */
        static const struct { const char *args; enum simt_sorter s; } au[] = {
            { "T=1", SORTER_EXACT }, { "T=2", SORTER_EXACT }, { "T=4", SORTER_LAZY },
            { "T=16", SORTER_LAZY }, { "T=32", SORTER_EXACT }, { "T=64|SORTER=auto", SORTER_EXACT },
            { "T=64|SORTER=lazy", SORTER_LAZY }, { "T=8|SORTER=exact", SORTER_EXACT },
        };
        char tag[CFG_TAG_MAX];
        for (size_t i = 0; i < sizeof au / sizeof au[0]; i++) {
            rc = parse_str(&c, au[i].args, err, sizeof err);
            check(t, rc == 0 && c.sorter == au[i].s, "cfg: SORTER resolved at %s", au[i].args);
        }
        rc = parse_str(&c, "T=8|SORTER=exact", err, sizeof err);
        cfg_tag(&c, tag, sizeof tag);
        check(t, rc == 0 && strcmp(tag, "W8_T8_sorted_exact") == 0, "cfg: tag of an explicit sorter (%s)", tag);
        rc = parse_str(&c, "TRACK=arbiter|ARBPIPE=1", err, sizeof err);
        cfg_tag(&c, tag, sizeof tag);
        check(t, rc == 0 && strcmp(tag, "W8_T8_arbiter_pipe") == 0, "cfg: tag of ARBPIPE=1 (%s)", tag);
        rc = parse_str(&c, "", err, sizeof err);
        cfg_tag(&c, tag, sizeof tag);
        check(t, rc == 0 && strcmp(tag, "W8_T8_sorted") == 0, "cfg: tag of the defaults (%s)", tag);
        /* every knob that names a folder, in the order the Makefile's CFG had them */
        static const struct { const char *args, *tag; } tg[] = {
            { "TRACK=arbiter|ARBPIPE=0", "W8_T8_arbiter_pipe0" },
            { "TRACK=arbiter|ARBPIPE=auto", "W8_T8_arbiter" },
            { "TRACK=arbiter|SORTER=exact", "W8_T8_arbiter" },
            { "SORTER=auto|ISA=rv32i", "W8_T8_sorted" },
            { "W=2|T=4|SORTER=lazy|ISA=rv32im", "W2_T4_sorted_lazy_im" },
            { "IMEM=64|DMEM=1024|RAMSTYLE=block", "W8_T8_sorted_I64_D1024_block" },
            { "W=64|T=64|TRACK=arbiter|ARBPIPE=6|ISA=rv32im|IMEM=65536|DMEM=65536|RAMSTYLE=distributed",
              "W64_T64_arbiter_pipe6_im_I65536_D65536_distributed" },
        };
        for (size_t i = 0; i < sizeof tg / sizeof tg[0]; i++) {
            rc = parse_str(&c, tg[i].args, err, sizeof err);
            cfg_tag(&c, tag, sizeof tag);
            check(t, rc == 0 && strcmp(tag, tg[i].tag) == 0, "cfg: tag of %s (%s)", tg[i].args, tag);
        }
    }

    static const struct {
        const char *args, *msg;
    } bad[] = {
        { "W=6", "W=6: must be a power of two in [1,64]" },
        { "W=8x", "W=8x: must be a power of two in [1,64]" },
        { "W=", "W=: must be a power of two in [1,64]" },
        { "W=-1", "W=-1: must be a power of two in [1,64]" },
        { "W=0x10", "W=0x10: must be a power of two in [1,64]" },
        { "W=0", "W=0: must be a power of two in [1,64]" },
        { "W=128", "W=128: must be a power of two in [1,64]" },
        { "W=08", "W=08: must be a power of two in [1,64]" },
        { "W=+8", "W=+8: must be a power of two in [1,64]" },
        { "W= 8", "W= 8: must be a power of two in [1,64]" },
        { "W=99999999999", "W=99999999999: must be a power of two in [1,64]" },
        { "T=3", "T=3: must be a power of two in [1,64]" },
        { "T=65", "T=65: must be a power of two in [1,64]" },
        { "IMEM=3", "IMEM=3: must be a power of two in [1,65536] (KiB)" },
        { "IMEM=0", "IMEM=0: must be a power of two in [1,65536] (KiB)" },
        { "DMEM=131072", "DMEM=131072: must be a power of two in [1,65536] (KiB)" },
        { "DMEM=1k", "DMEM=1k: must be a power of two in [1,65536] (KiB)" },
        { "TRACK=foo", "TRACK=foo: must be sorted or arbiter" },
        { "TRACK=", "TRACK=: must be sorted or arbiter" },
        { "TRACK=Sorted", "TRACK=Sorted: must be sorted or arbiter" },
        { "RAMSTYLE=bram", "RAMSTYLE=bram: must be auto, block, distributed or logic" },
        { "X=3", "X=3: unknown parameter (known: W, T, TRACK, IMEM, DMEM, RAMSTYLE, ARBPIPE, SORTER, ISA)" },
        { "w=8", "w=8: unknown parameter (known: W, T, TRACK, IMEM, DMEM, RAMSTYLE, ARBPIPE, SORTER, ISA)" },
        { "W", "W: expected KEY=VALUE (keys: W, T, TRACK, IMEM, DMEM, RAMSTYLE, ARBPIPE, SORTER, ISA)" },
        { "=8", "=8: expected KEY=VALUE (keys: W, T, TRACK, IMEM, DMEM, RAMSTYLE, ARBPIPE, SORTER, ISA)" },
        { "ARBPIPE=7", "ARBPIPE=7: must be auto or 0..6" },
        { "ARBPIPE=yes", "ARBPIPE=yes: must be auto or 0..6" },
        { "ARBPIPE=01", "ARBPIPE=01: must be auto or 0..6" },
        { "TRACK=arbiter|ARBPIPE=", "ARBPIPE=: must be auto or 0..6" },
        { "TRACK=arbiter|T=4|ARBPIPE=3",
          "ARBPIPE=3: at most 2 with T=4 (a cut per level of the reduction tree, log2 T = 2)" },
        { "TRACK=arbiter|T=1|ARBPIPE=2",
          "ARBPIPE=2: at most 1 with T=1 (a cut per level of the reduction tree, log2 T = 0)" },
        { "ARBPIPE=2", "ARBPIPE=2: needs TRACK=arbiter (the sorted list has no arbiter)" },
        { "ISA=rv32", "ISA=rv32: must be rv32i, rv32im, rv32ia or rv32ima" },
        { "ISA=rv32imx", "ISA=rv32imx: must be rv32i, rv32im, rv32ia or rv32ima" },
        { "ISA=RV32IM", "ISA=RV32IM: must be rv32i, rv32im, rv32ia or rv32ima" },
        { "ARBPIPE=1", "ARBPIPE=1: needs TRACK=arbiter (the sorted list has no arbiter)" },
        { "TRACK=sorted|ARBPIPE=1", "ARBPIPE=1: needs TRACK=arbiter (the sorted list has no arbiter)" },
        { "SORTER=heap", "SORTER=heap: must be auto, exact or lazy" },
        { "SORTER=", "SORTER=: must be auto, exact or lazy" },
        { "TRACK=arbiter|SORTER=lazy", "SORTER=lazy: needs TRACK=sorted (the arbiter sorts nothing)" },
        { "W=8|W=4", "W=4: W given twice" },
        { "T=4|W=8|T=4", "T=4: T given twice" },
        { "W=8|T=6", "T=6: must be a power of two in [1,64]" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = '\0';
        rc = parse_str(&c, bad[i].args, err, sizeof err);
        check(t, rc != 0 && strcmp(err, bad[i].msg) == 0, "cfg: rejects '%s' with \"%s\"%s%s",
              bad[i].args, bad[i].msg, rc != 0 && strcmp(err, bad[i].msg) ? " -- got: " : "",
              rc != 0 && strcmp(err, bad[i].msg) ? err : "");
    }
    check(t, cfg_is_param("W=3") && cfg_is_param("TRACK=x") && !cfg_is_param("-o") &&
                 !cfg_is_param("foo=1"),
          "cfg: cfg_is_param");
}

/* ---------------- writer ---------------- */

static void test_vw(struct tctx *t)
{
    FILE *f = tmpfile();
    struct vw w;
    vw_init(&w, f);
    vw_line(&w, "module x;");
    vw_begin(&w, "always @*");
    vw_line(&w, "a = %d;   ", 1);
    vw_blank(&w);
    vw_blank(&w);
    vw_begin(&w, NULL);
    vw_line(&w, "b = 2;");
    vw_end(&w, "inner");
    vw_end(&w, NULL);
    struct vw_tab tab;
    vw_tab_init(&tab);
    vw_tab_rowv(&tab, "input", "wire", "[31:0]", "data_i,", "// data", (const char *)NULL);
    vw_tab_raw(&tab, "// group");
    vw_tab_rowv(&tab, "output", "reg", "", "v_o", (const char *)NULL);
    vw_tab_flush(&w, &tab);
    vw_tab_rowv(&tab, "a", "", "b", (const char *)NULL);
    vw_tab_flush(&w, &tab);
    vw_tab_free(&tab);
    vw_comment(&w, "%s", "one two three four five six seven eight nine ten eleven twelve thirteen "
                         "fourteen fifteen sixteen seventeen eighteen nineteen twenty twenty-one");
    vw_banner(&w, "logic");
    int rc = vw_finish(&w);
    char *s = slurp(f);
    const char *want =
        "module x;\n"
        "always @* begin\n"
        "  a = 1;\n"
        "\n"
        "  begin\n"
        "    b = 2;\n"
        "  end // inner\n"
        "end\n"
        "input  wire [31:0] data_i, // data\n"
        "// group\n"
        "output reg         v_o\n"
        "a b\n"
        "// one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen\n"
        "// sixteen seventeen eighteen nineteen twenty twenty-one\n"
        "// ---- logic ----------------------------------------------------------------------------------\n";
    check(t, rc == 0 && s && strcmp(s, want) == 0,
          "vw: indentation, begin/end, blank collapse, trailing spaces, tables, wrap, banner");
    if (s && strcmp(s, want) != 0)
        printf("---- got:\n%s---- want:\n%s----\n", s, want);
    free(s);
    fclose(f);

    /* long code lines break at spaces after commas, never in strings or comments */
    f = tmpfile();
    vw_init(&w, f);
    vw_indent(&w);
    char longl[600];
    size_t n = (size_t)snprintf(longl, sizeof longl, "assign x = {");
    for (int i = 0; i < 40; i++)
        n += (size_t)snprintf(longl + n, sizeof longl - n, "a_i[%d]%s", i, i < 39 ? ", " : "};");
    vw_line(&w, "%s", longl);
    vw_line(&w, "(* ram_style = \"a b c d e f g h i j k l m n o p q r s t u v w x y z 0 1 2 3 4 5 6 7 8 9 a b c d e f\" *)");
    vw_line(&w, "x = y; // a comment that is long enough to pass the limit of one hundred columns easily, yes");
    vw_dedent(&w);
    vw_finish(&w);
    s = slurp(f);
    int ok = s != NULL;
    size_t joined = 0;
    char buf[2048];
    for (char *line = s; ok && line && *line;) {
        char *nl = strchr(line, '\n');
        size_t len = nl ? (size_t)(nl - line) : strlen(line);
        if (len > 100 && !strstr(line, "//") && !strchr(line, '"'))
            ok = 0;
        /* rebuild the statement: strip indentation, join with one space */
        size_t k = 0;
        while (k < len && line[k] == ' ')
            k++;
        if (joined && joined < sizeof buf)
            buf[joined++] = ' ';
        for (; k < len && joined < sizeof buf - 1; k++)
            buf[joined++] = line[k];
        line = nl ? nl + 1 : NULL;
    }
    buf[joined < sizeof buf ? joined : sizeof buf - 1] = '\0';
    ok = ok && strncmp(buf, longl, strlen(longl)) == 0 && strstr(s, "\n      a_i[") &&
         strstr(s, "\"a b c d e f g h i j k l m n o p q r s t u v w x y z 0 1 2 3 4 5 6 7 8 9 a b c d e f\" *)") && strstr(s, "  x = y; // a comment that is long enough to pass the limit of one hundred columns easily, yes\n");
    check(t, ok, "vw: long code lines break after commas (<= 100 columns), strings and comments stay whole");
    if (!ok && s)
        printf("%s", s);
    free(s);
    fclose(f);

    f = tmpfile();
    vw_init(&w, f);
    vw_line(&w, "a\nb");
    check(t, vw_finish(&w) != 0, "vw: a newline inside a line is an error");
    vw_init(&w, f);
    vw_end(&w, NULL);
    check(t, vw_finish(&w) != 0, "vw: unbalanced end is an error");
    vw_init(&w, f);
    vw_begin(&w, "x");
    check(t, vw_finish(&w) != 0, "vw: unclosed begin is an error");
    fclose(f);
}

/* ---------------- module model ---------------- */

/* Print m; returns the text (malloc'd) or NULL on error. */
static char *print_mod(struct vmod *m)
{
    FILE *f = tmpfile();
    struct vm_print_opts o = { "test" };
    int rc = vm_print(m, f, &o);
    char *s = rc == 0 ? slurp(f) : NULL;
    fclose(f);
    return s;
}

static struct vmod *small_mod(const struct simt_cfg *c)
{
    struct vmod *m = vm_new(c, "simty_demo");
    vm_describe(m, "A demonstration module.");
    vm_latency(m, "1 cycle");
    vm_localparam(m, "LANES", c->t, "T = %d", c->t);
    vm_group(m, "clock and reset");
    vm_port(m, VM_IN, "clk_i", NULL, NULL);
    vm_port(m, VM_IN, "rst_i", NULL, NULL);
    vm_group(m, "data");
    vm_port(m, VM_IN, "d_i", "LANES", "one bit per lane");
    vm_port(m, VM_OUT, "q_o", "LANES", NULL);
    vm_reg(m, "q_q", "LANES", NULL);
    vm_reg(m, "q_d", "LANES", NULL);
    vm_wire(m, "ram_q", "32", NULL);
    struct vinst *i = vm_inst(m, "simty_ram_1r1w", "u_ram");
    vm_inst_param(i, "DEPTH_W", "5");
    vm_inst_param(i, "DATA_W", "32");
    vm_inst_conn(i, "clk_i", "clk_i");
    vm_inst_conn(i, "we_i", "1'b0");
    vm_inst_conn(i, "waddr_i", "5'd0");
    vm_inst_conn(i, "wdata_i", "32'hdead_beef");
    vm_inst_conn(i, "re_i", "1'b1");
    vm_inst_conn(i, "raddr_i", "5'd0");
    vm_inst_conn(i, "rdata_o", "ram_q");
    struct vblock *b = vm_comb(m, "next state");
    vb_default(b, "q_d", "q_q");
    vb_if(b, "d_i != {LANES{1'b0}}");
    vb_set(b, "q_d", "d_i ^ ram_q[LANES-1:0]");
    vb_end(b);
    b = vm_seq(m, "state");
    vb_attr(b, "keep");
    vb_set(b, "q_q", "q_d");
    vb_reset(b, "q_q", "{LANES{1'b0}}");
    vm_assign(m, "q_o", "q_q");
    return m;
}

static void test_vmod(struct tctx *t)
{
    struct simt_cfg c;
    char err[512];
    parse_str(&c, "W=2|T=4", err, sizeof err);

    /* printing order and content */
    struct vmod *m = small_mod(&c);
    char *s = print_mod(m);
    check(t, s != NULL, "vmod: a small module prints (%s)", vm_error(m));
    if (s) {
        const char *order[] = { "// simty_demo.v",
                                "// Generated by simty-gen test \xe2\x80\x94 DO NOT EDIT; "
                                "regenerate with `make gen W=2 T=4 TRACK=sorted`",
                                "latency of this unit: 1 cycle",
                                "// A demonstration module.",
                                "// Reset: rst_i is synchronous",
                                "`default_nettype none",
                                "module simty_demo (",
                                "  // clock and reset\n  input  wire             clk_i,",
                                "  input  wire [LANES-1:0] d_i,   // one bit per lane",
                                "  output wire [LANES-1:0] q_o\n);",
                                "  localparam integer LANES = 4; // T = 4",
                                "  reg  [LANES-1:0] q_q;",
                                "  simty_ram_1r1w #(\n    .DEPTH_W (5),\n    .DATA_W  (32)\n  ) u_ram (",
                                "    .rdata_o (ram_q)\n  );",
                                "  always @* begin\n    q_d = q_q;\n    if (d_i != {LANES{1'b0}}) begin",
                                "  (* keep *)\n  always @(posedge clk_i) begin\n    q_q <= q_d;\n    if (rst_i) begin\n"
                                "      q_q <= {LANES{1'b0}};\n    end\n  end",
                                "  assign q_o = q_q;",
                                "endmodule\n\n`default_nettype wire\n" };
        const char *p = s;
        int ok = 1;
        for (size_t k = 0; k < sizeof order / sizeof order[0] && ok; k++) {
            const char *q = strstr(p, order[k]);
            if (!q) {
                printf("  missing or out of order: %s\n", order[k]);
                ok = 0;
            } else
                p = q + strlen(order[k]);
        }
        check(t, ok && *p == '\0', "vmod: fixed print order and aligned declarations");
        if (!ok)
            printf("%s", s);
        check(t, strstr(s, " \n") == NULL && strstr(s, "\t") == NULL,
              "vmod: no trailing spaces, no tabs");
    }
    free(s);

    /* design check with the real RAM */
    struct vmod *ram = vm_new(&c, "simty_ram_1r1w");
    gen_ram_1r1w(&c, ram);
    struct vmod *mods[2] = { ram, m };
    check(t, vm_check_design(mods, 2, 0, err, sizeof err) == 0, "vmod: design check passes (%s)",
          err);
    vm_free(m);

    struct {
        const char *what, *msg;
    } cases[] = {
        { "keyword wire", "'logic' is a Verilog/SystemVerilog keyword" },
        { "keyword port", "'do' is a Verilog/SystemVerilog keyword" },
        { "duplicate", "signal 'x' already declared as a signal" },
        { "dup port/sig", "signal 'a_i' already declared as a port" },
        { "input suffix", "port 'a': input names end in _i" },
        { "output suffix", "port 'b_i': output names end in _o" },
        { "lower case", "signal 'Foo': names are lower_snake_case" },
        { "const case", "localparam 'Width': constants are ALL_CAPS" },
        { "instance name", "instance 'ram': names are u_<what>, lower case" },
        { "bad char", "'a$b': illegal character '$'" },
        { "undeclared conn", "undeclared identifier 'nope' in the connection of port rdata_o of instance u_ram" },
        { "undeclared assign", "undeclared identifier 'ghost' in assign y" },
        { "undeclared block", "undeclared identifier 'phantom' in combinational block 'c'" },
        { "no default", "combinational block 'c' assigns 'y' without a default (V6)" },
        { "assign to reg", "assign r: the target must be a wire or an output wire" },
        { "unused lp", "localparam UNUSED is never used (Verilator -Wall: UNUSEDPARAM)" },
        { "module prefix", "module names start with simty_" },
        { "unbalanced", "combinational block 'c': 1 unclosed begin/case" },
        { "seq no rst", "undeclared identifier 'rst_i' in clocked block 's'" },
        { "shared index", "integer i is a loop index in both a clocked and a combinational block" },
        { "stray index", "integer i is used in clocked block 's', which does not loop on it" },
        { "comment in block", "block 'c' is still being filled after the comment \"the next "
                              "state...\", which prints after it: make the comment before the "
                              "block" },
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        const char *w = cases[k].what;
        m = vm_new(&c, strcmp(w, "module prefix") == 0 ? "demo" : "simty_x");
        vm_port(m, VM_IN, "a_i", NULL, NULL);
        if (!strcmp(w, "keyword wire"))
            vm_wire(m, "logic", NULL, NULL);
        else if (!strcmp(w, "keyword port"))
            vm_port(m, VM_IN, "do", NULL, NULL);
        else if (!strcmp(w, "duplicate")) {
            vm_wire(m, "x", NULL, NULL);
            vm_reg(m, "x", NULL, NULL);
        } else if (!strcmp(w, "dup port/sig"))
            vm_wire(m, "a_i", NULL, NULL);
        else if (!strcmp(w, "input suffix"))
            vm_port(m, VM_IN, "a", NULL, NULL);
        else if (!strcmp(w, "output suffix"))
            vm_port(m, VM_OUT, "b_i", NULL, NULL);
        else if (!strcmp(w, "lower case"))
            vm_wire(m, "Foo", NULL, NULL);
        else if (!strcmp(w, "const case"))
            vm_localparam(m, "Width", 3, NULL);
        else if (!strcmp(w, "instance name"))
            vm_inst(m, "simty_ram_1r1w", "ram");
        else if (!strcmp(w, "bad char"))
            vm_wire(m, "a$b", NULL, NULL);
        else if (!strcmp(w, "undeclared conn")) {
            struct vinst *i = vm_inst(m, "simty_ram_1r1w", "u_ram");
            vm_inst_conn(i, "rdata_o", "nope[3:0]");
        } else if (!strcmp(w, "undeclared assign")) {
            vm_wire(m, "y", NULL, NULL);
            vm_assign(m, "y", "a_i & ghost");
        } else if (!strcmp(w, "undeclared block")) {
            vm_reg(m, "y", NULL, NULL);
            struct vblock *b = vm_comb(m, "c");
            vb_default(b, "y", "1'b0");
            vb_line(b, "y = phantom;");
        } else if (!strcmp(w, "no default")) {
            vm_reg(m, "y", NULL, NULL);
            struct vblock *b = vm_comb(m, "c");
            vb_set(b, "y", "a_i");
        } else if (!strcmp(w, "assign to reg")) {
            vm_reg(m, "r", NULL, NULL);
            vm_assign(m, "r", "a_i");
        } else if (!strcmp(w, "unused lp"))
            vm_localparam(m, "UNUSED", 1, NULL);
        else if (!strcmp(w, "unbalanced")) {
            struct vblock *b = vm_comb(m, "c");
            vb_if(b, "a_i");
        } else if (!strcmp(w, "seq no rst")) {
            vm_port(m, VM_IN, "clk_i", NULL, NULL);
            vm_reg(m, "q", NULL, NULL);
            struct vblock *b = vm_seq(m, "s");
            vb_set(b, "q", "a_i");
            vb_reset(b, "q", "1'b0");
        } else if (!strcmp(w, "stray index")) {
            vm_port(m, VM_IN, "clk_i", NULL, NULL);
            vm_reg(m, "q", "2", NULL);
            vm_integer(m, "i");
            struct vblock *b = vm_seq(m, "s");
            vb_set(b, "q[i]", "a_i");
        } else if (!strcmp(w, "comment in block")) {
            vm_reg(m, "y", NULL, NULL);
            struct vblock *b = vm_comb(m, "c");
            vb_default(b, "y", "1'b0");
            vm_comment(m, "the next state");
            vb_set(b, "y", "a_i");
        } else if (!strcmp(w, "shared index")) {
            vm_port(m, VM_IN, "clk_i", NULL, NULL);
            vm_reg(m, "q", "2", NULL);
            vm_reg(m, "y", "2", NULL);
            vm_integer(m, "i");
            struct vblock *b = vm_comb(m, "c");
            vb_default(b, "y", "2'b00");
            vb_for(b, "i", "0", "2");
            vb_set(b, "y[i]", "a_i");
            vb_end(b);
            b = vm_seq(m, "s");
            vb_for(b, "i", "0", "2");
            vb_set(b, "q[i]", "y[i]");
            vb_end(b);
        }
        vm_check(m);
        const char *e = vm_error(m);
        const char *body = strchr(e, ':') ? strchr(e, ':') + 2 : e;
        int ok = vm_status(m) != 0 && strcmp(body, cases[k].msg) == 0;
        check(t, ok, "vmod: %s rejected: \"%s\"%s%s", w, cases[k].msg, ok ? "" : " -- got: ",
              ok ? "" : e);
        vm_free(m);
    }

    /* initial blocks and string parameters */
    m = vm_new(&c, "simty_x");
    vm_param_str(m, "INIT_FILE", "", "file");
    vm_port(m, VM_IN, "a_i", NULL, NULL);
    vm_reg(m, "r", NULL, NULL);
    struct vblock *ib = vm_initial(m, "init");
    vb_if(ib, "INIT_FILE != \"\"");
    vb_set(ib, "r", "1'b1");
    vb_end(ib);
    s = print_mod(m);
    check(t, s && strstr(s, "  parameter INIT_FILE = \"\" // file\n") &&
                 strstr(s, "  initial begin\n    if (INIT_FILE != \"\") begin\n      r = 1'b1;\n"),
          "vmod: string parameter and initial block print (%s)", vm_error(m));
    free(s);
    vb_reset(ib, "r", "1'b0");
    check(t, vm_status(m) != 0 && strstr(vm_error(m), "vb_reset outside a clocked block"),
          "vmod: vb_reset in an initial block is rejected");
    vm_free(m);

    /* the helpers: connections from a list, a delay line */
    m = vm_new(&c, "simty_x");
    vm_port(m, VM_IN, "clk_i", NULL, NULL);
    vm_port(m, VM_IN, "rst_i", NULL, NULL);
    vm_port(m, VM_IN, "v_i", NULL, NULL);
    vm_port(m, VM_IN, "d_i", "8", NULL);
    vm_port(m, VM_OUT, "q_o", "32", NULL);
    vm_inst_conns(vm_inst(m, "simty_y", "u_y"),
                  (const char *const[]){ "a_i", "{24'd0, d_i}", "bb_o", "q_o", NULL });
    {
        static const char *const f[][3] = { { "valid", "1", "v_i" }, { "d", "8", "d_i" } };
        vb_delay_line(vm_seq(m, "pipe"), f, 2, 3, "p", "z", "valid");
    }
    s = print_mod(m);
    check(t, s && strstr(s, "  simty_y u_y (\n    .a_i  ({24'd0, d_i}),\n    .bb_o (q_o)\n  );\n") &&
                 strstr(s, "    p1_valid_q <= v_i;\n    p2_valid_q <= p1_valid_q;\n"
                           "    z_valid_q  <= p2_valid_q;\n    p1_d_q     <= d_i;\n") &&
                 strstr(s, "    z_d_q      <= p2_d_q;\n    if (rst_i) begin\n      p1_valid_q <= 1'b0;\n"
                           "      p2_valid_q <= 1'b0;\n      z_valid_q  <= 1'b0;\n    end\n") &&
                 strstr(s, "  reg [7:0] p2_d_q;\n"),
          "vmod: vm_inst_conns and vb_delay_line print (%s)", vm_error(m));
    free(s);
    vm_free(m);

    /* vb_zero: the zero of each declared width, as the units spell it */
    struct vblock *zb;
    m = vm_new(&c, "simty_x");
    vm_localparam(m, "N", 3, NULL);
    vm_port(m, VM_IN, "clk_i", NULL, NULL);
    vm_port(m, VM_IN, "rst_i", NULL, NULL);
    vm_port(m, VM_OUT_REG, "v_o", NULL, NULL);
    {
        static const char *const zw[][2] = { { "a_q", "1" }, { "b_q", "5" }, { "c_q", "N" },
                                             { "d_q", "N*4" }, { "e_q", "N+1" },
                                             { "f_q", "(N+1)*2" } };
        zb = vm_seq(m, "zero");
        for (size_t k = 0; k < sizeof zw / sizeof zw[0]; k++) {
            vm_reg(m, zw[k][0], zw[k][1], NULL);
            vb_set(zb, zw[k][0], "%s", zw[k][0]);
            vb_zero(zb, zw[k][0]);
        }
        vb_set(zb, "v_o", "1'b1");
        vb_zero(zb, "v_o");
    }
    s = print_mod(m);
    check(t, s && strstr(s, "      a_q <= 1'b0;\n      b_q <= 5'd0;\n      c_q <= {N{1'b0}};\n"
                            "      d_q <= {N*4{1'b0}};\n      e_q <= {(N+1){1'b0}};\n"
                            "      f_q <= {(N+1)*2{1'b0}};\n      v_o <= 1'b0;\n"),
          "vmod: vb_zero spells the zero of the declared width (%s)", vm_error(m));
    free(s);
    vm_wire(m, "w", "N", NULL);
    vb_zero(zb, "w");
    check(t, vm_status(m) != 0 && strstr(vm_error(m), "vb_zero: 'w' is not a declared reg"),
          "vmod: vb_zero of a wire is rejected");
    vm_free(m);

    /* identifier scanning accepts literals, system functions, keywords */
    m = vm_new(&c, "simty_x");
    vm_port(m, VM_IN, "a_i", "32", NULL);
    vm_port(m, VM_OUT, "y_o", "32", NULL);
    vm_assign(m, "y_o", "$signed(a_i) >>> 5'd3 ^ 32'hDEAD_beef ^ {16'b0, 16'sd7} ^ 'h0 // x y z");
    check(t, vm_check(m) == 0, "vmod: literals, $functions and comments pass the identifier check (%s)",
          vm_error(m));
    const char *f1 = vm_fresh(m, "a_i"), *f2 = vm_fresh(m, "tmp");
    check(t, f1 && f2 && strcmp(f1, "a_i_1") == 0 && strcmp(f2, "tmp") == 0,
          "vmod: vm_fresh gives a_i_1 for a taken name, tmp for a free one");
    vm_free(m);

    check(t, vm_is_keyword("always_ff") && vm_is_keyword("reg") && vm_is_keyword("bit") &&
                 !vm_is_keyword("data") && !vm_is_keyword("mem"),
          "vmod: keyword list (Verilog-2005 and SystemVerilog)");

    /* design check errors */
    static const char *dcases[][2] = {
        { "missing", "simty_top: instance u_r of unknown module simty_nothing" },
        { "port", "simty_top: instance u_r: simty_ram_1r1w has no port bogus_i" },
        { "param", "simty_top: instance u_r: simty_ram_1r1w has no parameter WIDTH" },
        { "unconnected", "simty_top: instance u_r: port raddr_i of simty_ram_1r1w is not connected" },
    };
    for (size_t k = 0; k < 4; k++) {
        struct vmod *top = vm_new(&c, "simty_top");
        vm_port(top, VM_IN, "clk_i", NULL, NULL);
        struct vinst *i = vm_inst(top, k == 0 ? "simty_nothing" : "simty_ram_1r1w", "u_r");
        const char *ports[] = { "clk_i", "we_i", "waddr_i", "wdata_i", "re_i", "raddr_i", "rdata_o" };
        for (int q = 0; q < 7; q++)
            if (!(k == 3 && q == 5))
                vm_inst_conn(i, ports[q], "");
        if (k == 1)
            vm_inst_conn(i, "bogus_i", "");
        if (k == 2)
            vm_inst_param(i, "WIDTH", "3");
        struct vmod *ms[2] = { ram, top };
        err[0] = '\0';
        int rc = vm_check_design(ms, 2, 0, err, sizeof err);
        check(t, rc != 0 && strcmp(err, dcases[k][1]) == 0, "vmod: design check: %s -> \"%s\"%s%s",
              dcases[k][0], dcases[k][1], rc != 0 && !strcmp(err, dcases[k][1]) ? "" : " -- got: ",
              rc != 0 && !strcmp(err, dcases[k][1]) ? "" : err);
        vm_free(top);
    }
    vm_free(ram);
}

/* ---------------- registry and determinism ---------------- */

static char *print_all(const char *args)
{
    struct simt_cfg c;
    char err[512];
    if (parse_str(&c, args, err, sizeof err) != 0)
        return NULL;
    struct vmod **mods;
    int n;
    if (units_generate(&c, NULL, &mods, &n, err, sizeof err) != 0) {
        printf("  %s\n", err);
        return NULL;
    }
    FILE *f = tmpfile();
    struct vm_print_opts o = { "test" };
    int rc = 0;
    for (int i = 0; i < n; i++) {
        rc |= vm_print(mods[i], f, &o);
        vm_free(mods[i]);
    }
    free(mods);
    char *s = rc == 0 ? slurp(f) : NULL;
    fclose(f);
    return s;
}

static void test_registry(struct tctx *t)
{
    int ok = simty_nunits > 0;
    for (int i = 0; i < simty_nunits; i++) {
        ok &= unit_find(simty_units[i].name) == &simty_units[i];
        ok &= strncmp(simty_units[i].module, "simty_", 6) == 0 && simty_units[i].desc[0];
        for (int j = 0; j < i; j++)
            ok &= strcmp(simty_units[i].name, simty_units[j].name) != 0;
    }
    check(t, ok && !unit_find("nope"), "registry: %d units, unique names, simty_ modules",
          simty_nunits);
    static const char *cfgs[] = { "W=1|T=1", "W=8|T=16", "W=64|T=64|TRACK=arbiter" };
    for (int k = 0; k < 3; k++) {
        char *a = print_all(cfgs[k]), *b = print_all(cfgs[k]);
        check(t, a && b && strcmp(a, b) == 0, "determinism: %s printed twice is byte-identical",
              cfgs[k]);
        free(a);
        free(b);
    }
}

int main(void)
{
    struct tctx t = { 0, 0 };
    test_cfg(&t);
    test_vw(&t);
    test_vmod(&t);
    test_registry(&t);
    printf("%d passed, %d failed\n", t.pass, t.fail);
    return t.fail ? 1 : 0;
}
