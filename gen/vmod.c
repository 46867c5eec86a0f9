/*
 * vmod.c - the module model: declarations, legalizer, checks, printer.
 * See vmod.h for the contract.
 */
#include "vmod.h"
#include "vw.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Keywords: Verilog-2005 (IEEE 1364) and SystemVerilog-2017 (1800)    */
/* ------------------------------------------------------------------ */

static const char *const keywords[] = {
    /* Verilog-2005 */
    "always", "and", "assign", "automatic", "begin", "buf", "bufif0", "bufif1", "case", "casex",
    "casez", "cell", "cmos", "config", "deassign", "default", "defparam", "design", "disable",
    "edge", "else", "end", "endcase", "endconfig", "endfunction", "endgenerate", "endmodule",
    "endprimitive", "endspecify", "endtable", "endtask", "event", "for", "force", "forever",
    "fork", "function", "generate", "genvar", "highz0", "highz1", "if", "ifnone", "incdir",
    "include", "initial", "inout", "input", "instance", "integer", "join", "large", "liblist",
    "library", "localparam", "macromodule", "medium", "module", "nand", "negedge", "nmos", "nor",
    "noshowcancelled", "not", "notif0", "notif1", "or", "output", "parameter", "pmos", "posedge",
    "primitive", "pull0", "pull1", "pulldown", "pullup", "pulsestyle_ondetect",
    "pulsestyle_onevent", "rcmos", "real", "realtime", "reg", "release", "repeat", "rnmos",
    "rpmos", "rtran", "rtranif0", "rtranif1", "scalared", "showcancelled", "signed", "small",
    "specify", "specparam", "strong0", "strong1", "supply0", "supply1", "table", "task", "time",
    "tran", "tranif0", "tranif1", "tri", "tri0", "tri1", "triand", "trior", "trireg", "unsigned",
    "use", "uwire", "vectored", "wait", "wand", "weak0", "weak1", "while", "wire", "wor", "xnor",
    "xor",
    /* SystemVerilog additions */
    "accept_on", "alias", "always_comb", "always_ff", "always_latch", "assert", "assume",
    "before", "bind", "bins", "binsof", "bit", "break", "byte", "chandle", "checker", "class",
    "clocking", "const", "constraint", "context", "continue", "cover", "covergroup",
    "coverpoint", "cross", "dist", "do", "endchecker", "endclass", "endclocking", "endgroup",
    "endinterface", "endpackage", "endprogram", "endproperty", "endsequence", "enum",
    "eventually", "expect", "export", "extends", "extern", "final", "first_match", "foreach",
    "forkjoin", "global", "iff", "ignore_bins", "illegal_bins", "implements", "implies",
    "import", "inside", "int", "interconnect", "interface", "intersect", "join_any", "join_none",
    "let", "local", "logic", "longint", "matches", "modport", "nettype", "new", "nexttime",
    "null", "package", "packed", "priority", "program", "property", "protected", "pure", "rand",
    "randc", "randcase", "randsequence", "ref", "reject_on", "restrict", "return", "s_always",
    "s_eventually", "s_nexttime", "s_until", "s_until_with", "sequence", "shortint",
    "shortreal", "soft", "solve", "static", "string", "strong", "struct", "super",
    "sync_accept_on", "sync_reject_on", "tagged", "this", "throughout", "timeprecision",
    "timeunit", "type", "typedef", "union", "unique", "unique0", "until", "until_with",
    "untyped", "var", "virtual", "void", "wait_order", "weak", "wildcard", "with", "within",
};

int vm_is_keyword(const char *id)
{
    size_t n = sizeof keywords / sizeof keywords[0];
    for (size_t i = 0; i < n; i++)
        if (strcmp(keywords[i], id) == 0)
            return 1;
    return 0;
}

int vm_legal_ident(const char *id, char *err, size_t errlen)
{
    if (!id || !*id) {
        snprintf(err, errlen, "empty name");
        return -1;
    }
    if (!(isalpha((unsigned char)id[0]) || id[0] == '_')) {
        snprintf(err, errlen, "'%s': a name must start with a letter or '_'", id);
        return -1;
    }
    for (const char *p = id; *p; p++)
        if (!(isalnum((unsigned char)*p) || *p == '_')) {
            snprintf(err, errlen, "'%s': illegal character '%c'", id, *p);
            return -1;
        }
    if (strlen(id) > 200) {
        snprintf(err, errlen, "'%.20s...': name too long", id);
        return -1;
    }
    if (vm_is_keyword(id)) {
        snprintf(err, errlen, "'%s' is a Verilog/SystemVerilog keyword", id);
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* The model                                                          */
/* ------------------------------------------------------------------ */

enum nkind { N_PORT, N_PARAM, N_LOCALPARAM, N_SIG, N_INT, N_INST };
static const char *const nkind_name[] = { "port", "parameter", "localparam", "signal", "integer",
                                          "instance" };

struct vname {
    const char *name;
    enum nkind kind;
    int used;
};

struct vport {
    const char *name, *width, *comment, *group;
    enum vm_dir dir;
};

struct vparam {                 /* parameter or localparam */
    const char *name, *value, *width, *comment;
    int local;
    int untyped;                /* parameter NAME = "string" */
};

struct vsig {
    struct vmod *m;
    const char *name, *width, *comment, *depth, *attr;
    int is_reg, is_int;
};

struct vconn {
    const char *key, *expr;
};

struct vinst {
    struct vmod *m;
    const char *module, *name;
    struct vconn *params;
    int np, capp;
    struct vconn *conns;
    int nc, capc;
};

enum lkind { L_RAW, L_SET, L_ITEM };
struct bline {
    int depth;
    enum lkind kind;
    const char *a, *b, *c;      /* RAW: a; SET: a = lhs, b = rhs; ITEM: a = label, b = lhs, c = rhs */
};

enum bkind { B_COMB = 0, B_SEQ = 1, B_INITIAL = 2 };

struct vblock {
    struct vmod *m;
    int seq;                    /* enum bkind */
    const char *label;
    struct bline *lines;
    int nl, capl;
    struct bline *defaults;     /* SET lines */
    int nd, capd;
    struct bline *resets;       /* SET lines */
    int nr, capr;
    int depth;
    int in_case;
};

enum ikind { I_ASSIGN, I_COMMENT, I_BLOCK };
struct vitem {
    enum ikind kind;
    const char *a, *b;
    struct vblock *blk;
};

struct vmod {
    const struct simt_cfg *cfg;
    const char *name;
    char err[512];
    int failed;
    /* header */
    const char **desc; int ndesc, capdesc;
    const char **notes; int nnotes, capnotes;
    const char *latency;
    /* declarations */
    struct vname *names; int nn, capn;
    int *ht; int htcap;         /* hash index into names, -1 = empty */
    struct vparam *params; int npar, cappar;      /* module parameters */
    struct vparam *lparams; int nlp, caplp;       /* localparams */
    struct vport *ports; int nports, capports;
    const char *cur_group;
    struct vsig **sigs; int nsigs, capsigs;
    struct vinst **insts; int ninsts, capinsts;
    struct vitem *items; int nitems, capitems;
    /* memory owned by the module */
    void **mem; int nmem, capmem;
};

/* Grow a dynamic array: GROW(m, arr, n, cap) makes room for one more. */
static int grow_(struct vmod *m, void **arr, int n, int *cap, size_t sz)
{
    if (n < *cap)
        return 0;
    int nc = *cap ? *cap * 2 : 8;
    void *p = realloc(*arr, (size_t)nc * sz);
    if (!p) {
        if (m && !m->failed) {
            m->failed = 1;
            snprintf(m->err, sizeof m->err, "out of memory");
        }
        return -1;
    }
    *arr = p;
    *cap = nc;
    return 0;
}
#define GROW(m, arr, n, cap) grow_((m), (void **)&(arr), (n), &(cap), sizeof *(arr))

static void *own(struct vmod *m, void *p)
{
    if (!p || GROW(m, m->mem, m->nmem, m->capmem) != 0) {
        free(p);
        if (!m->failed) {
            m->failed = 1;
            snprintf(m->err, sizeof m->err, "out of memory");
        }
        return NULL;
    }
    m->mem[m->nmem++] = p;
    return p;
}

static const char *sdup(struct vmod *m, const char *s)
{
    if (!s)
        return NULL;
    size_t n = strlen(s);
    char *p = malloc(n + 1);
    if (p)
        memcpy(p, s, n + 1);
    return own(m, p);
}

static const char *vfmt(struct vmod *m, const char *fmt, va_list ap)
{
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap2);
    va_end(ap2);
    if (n < 0)
        n = 0;
    char *p = malloc((size_t)n + 1);
    if (p)
        vsnprintf(p, (size_t)n + 1, fmt, ap);
    return own(m, p);
}

static const char *fmt_(struct vmod *m, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    const char *s = vfmt(m, fmt, ap);
    va_end(ap);
    return s;
}

static void failv(struct vmod *m, const char *fmt, va_list ap)
{
    if (m->failed)
        return;
    m->failed = 1;
    int n = snprintf(m->err, sizeof m->err, "%s: ", m->name ? m->name : "?");
    if (n < 0)
        n = 0;
    vsnprintf(m->err + n, sizeof m->err - (size_t)n, fmt, ap);
}

void vm_fail(struct vmod *m, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    failv(m, fmt, ap);
    va_end(ap);
}

int vm_status(const struct vmod *m) { return m->failed ? -1 : 0; }
const char *vm_error(const struct vmod *m) { return m->failed ? m->err : ""; }
const char *vm_name(const struct vmod *m) { return m->name; }

/* ---- name table (hash of indices) ---- */

static unsigned hash(const char *s)
{
    unsigned h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

static int name_find(const struct vmod *m, const char *id, size_t len)
{
    if (!m->htcap)
        return -1;
    unsigned h = 2166136261u;
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)id[i]) * 16777619u;
    for (unsigned i = h & (unsigned)(m->htcap - 1);; i = (i + 1) & (unsigned)(m->htcap - 1)) {
        int k = m->ht[i];
        if (k < 0)
            return -1;
        if (strlen(m->names[k].name) == len && memcmp(m->names[k].name, id, len) == 0)
            return k;
    }
}

static int ht_rebuild(struct vmod *m, int cap)
{
    int *ht = malloc((size_t)cap * sizeof *ht);
    if (!ht)
        return -1;
    for (int i = 0; i < cap; i++)
        ht[i] = -1;
    for (int k = 0; k < m->nn; k++) {
        unsigned i = hash(m->names[k].name) & (unsigned)(cap - 1);
        while (ht[i] >= 0)
            i = (i + 1) & (unsigned)(cap - 1);
        ht[i] = k;
    }
    free(m->ht);
    m->ht = ht;
    m->htcap = cap;
    return 0;
}

/* Naming rules (V4) on top of legality (G5). */
static int naming_rule(struct vmod *m, const char *id, enum nkind kind, enum vm_dir dir)
{
    char e[256];
    if (vm_legal_ident(id, e, sizeof e) != 0) {
        vm_fail(m, "%s", e);
        return -1;
    }
    int upper = 1, lower = 1;
    for (const char *p = id; *p; p++) {
        if (islower((unsigned char)*p))
            upper = 0;
        if (isupper((unsigned char)*p))
            lower = 0;
    }
    size_t n = strlen(id);
    switch (kind) {
    case N_PARAM:
    case N_LOCALPARAM:
        if (!upper || !isupper((unsigned char)id[0])) {
            vm_fail(m, "%s '%s': constants are ALL_CAPS", nkind_name[kind], id);
            return -1;
        }
        break;
    case N_PORT:
        if (!lower) {
            vm_fail(m, "port '%s': names are lower_snake_case", id);
            return -1;
        }
        if (dir == VM_IN ? (n < 3 || strcmp(id + n - 2, "_i") != 0)
                         : (n < 3 || strcmp(id + n - 2, "_o") != 0)) {
            vm_fail(m, "port '%s': %s names end in %s", id, dir == VM_IN ? "input" : "output",
                    dir == VM_IN ? "_i" : "_o");
            return -1;
        }
        break;
    case N_INST:
        if (!lower || strncmp(id, "u_", 2) != 0) {
            vm_fail(m, "instance '%s': names are u_<what>, lower case", id);
            return -1;
        }
        break;
    default:
        if (!lower) {
            vm_fail(m, "%s '%s': names are lower_snake_case", nkind_name[kind], id);
            return -1;
        }
        break;
    }
    return 0;
}

/* Declare a name; returns the owned copy or NULL after an error. */
static const char *declare(struct vmod *m, const char *id, enum nkind kind, enum vm_dir dir)
{
    if (m->failed)
        return NULL;
    if (naming_rule(m, id, kind, dir) != 0)
        return NULL;
    int k = name_find(m, id, strlen(id));
    if (k >= 0) {
        vm_fail(m, "%s '%s' already declared as a %s", nkind_name[kind], id,
                nkind_name[m->names[k].kind]);
        return NULL;
    }
    if (GROW(m, m->names, m->nn, m->capn) != 0)
        return NULL;
    const char *s = sdup(m, id);
    if (!s)
        return NULL;
    m->names[m->nn].name = s;
    m->names[m->nn].kind = kind;
    m->names[m->nn].used = 0;
    m->nn++;
    if (m->nn * 2 > m->htcap && ht_rebuild(m, m->htcap ? m->htcap * 2 : 64) != 0) {
        vm_fail(m, "out of memory");
        return NULL;
    }
    if (m->nn * 2 <= m->htcap) {
        unsigned i = hash(s) & (unsigned)(m->htcap - 1);
        while (m->ht[i] >= 0 && m->ht[i] != m->nn - 1)
            i = (i + 1) & (unsigned)(m->htcap - 1);
        m->ht[i] = m->nn - 1;
    }
    return s;
}

struct vmod *vm_new(const struct simt_cfg *cfg, const char *name)
{
    struct vmod *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->cfg = cfg;
    m->name = sdup(m, name);
    char e[256];
    if (vm_legal_ident(name, e, sizeof e) != 0)
        vm_fail(m, "module name: %s", e);
    else if (strncmp(name, "simty_", 6) != 0)
        vm_fail(m, "module names start with simty_");
    return m;
}

static void block_free(struct vblock *b)
{
    free(b->lines);
    free(b->defaults);
    free(b->resets);
    free(b);
}

void vm_free(struct vmod *m)
{
    if (!m)
        return;
    for (int i = 0; i < m->nsigs; i++)
        free(m->sigs[i]);
    for (int i = 0; i < m->ninsts; i++) {
        free(m->insts[i]->params);
        free(m->insts[i]->conns);
        free(m->insts[i]);
    }
    for (int i = 0; i < m->nitems; i++)
        if (m->items[i].blk)
            block_free(m->items[i].blk);
    for (int i = 0; i < m->nmem; i++)
        free(m->mem[i]);
    free(m->mem);
    free(m->desc);
    free(m->notes);
    free(m->names);
    free(m->ht);
    free(m->params);
    free(m->lparams);
    free(m->ports);
    free(m->sigs);
    free(m->insts);
    free(m->items);
    free(m);
}

/* ---- header text ---- */

void vm_describe(struct vmod *m, const char *fmt, ...)
{
    if (m->failed || GROW(m, m->desc, m->ndesc, m->capdesc) != 0)
        return;
    va_list ap;
    va_start(ap, fmt);
    m->desc[m->ndesc++] = vfmt(m, fmt, ap);
    va_end(ap);
}

void vm_note(struct vmod *m, const char *fmt, ...)
{
    if (m->failed || GROW(m, m->notes, m->nnotes, m->capnotes) != 0)
        return;
    va_list ap;
    va_start(ap, fmt);
    m->notes[m->nnotes++] = vfmt(m, fmt, ap);
    va_end(ap);
}

void vm_latency(struct vmod *m, const char *fmt, ...)
{
    if (m->failed)
        return;
    va_list ap;
    va_start(ap, fmt);
    m->latency = vfmt(m, fmt, ap);
    va_end(ap);
}

/* ---- declarations ---- */

void vm_param(struct vmod *m, const char *name, const char *dflt, const char *comment)
{
    const char *n = declare(m, name, N_PARAM, VM_IN);
    if (!n || GROW(m, m->params, m->npar, m->cappar) != 0)
        return;
    struct vparam *p = &m->params[m->npar++];
    memset(p, 0, sizeof *p);
    p->name = n;
    p->value = sdup(m, dflt);
    p->comment = sdup(m, comment);
}

void vm_param_str(struct vmod *m, const char *name, const char *dflt, const char *comment)
{
    vm_param(m, name, "0", comment);
    if (m->failed)
        return;
    struct vparam *p = &m->params[m->npar - 1];
    p->untyped = 1;
    p->value = fmt_(m, "\"%s\"", dflt ? dflt : "");
    if (dflt && strchr(dflt, '"'))
        vm_fail(m, "parameter %s: a quote in the default string", name);
}

static void add_lparam(struct vmod *m, const char *name, const char *width, const char *value,
                       const char *comment)
{
    const char *n = declare(m, name, N_LOCALPARAM, VM_IN);
    if (!n || GROW(m, m->lparams, m->nlp, m->caplp) != 0)
        return;
    struct vparam *p = &m->lparams[m->nlp++];
    memset(p, 0, sizeof *p);
    p->name = n;
    p->local = 1;
    p->width = width;
    p->value = value;
    p->comment = comment;
}

void vm_localparam(struct vmod *m, const char *name, long value, const char *fmt, ...)
{
    if (m->failed)
        return;
    const char *c = NULL;
    if (fmt) {
        va_list ap;
        va_start(ap, fmt);
        c = vfmt(m, fmt, ap);
        va_end(ap);
    }
    add_lparam(m, name, NULL, fmt_(m, "%ld", value), c);
}

void vm_localparam_lit(struct vmod *m, const char *name, int width, const char *literal,
                       const char *fmt, ...)
{
    if (m->failed)
        return;
    const char *c = NULL;
    if (fmt) {
        va_list ap;
        va_start(ap, fmt);
        c = vfmt(m, fmt, ap);
        va_end(ap);
    }
    add_lparam(m, name, fmt_(m, "%d", width), sdup(m, literal), c);
}

void vm_group(struct vmod *m, const char *fmt, ...)
{
    if (m->failed)
        return;
    va_list ap;
    va_start(ap, fmt);
    m->cur_group = vfmt(m, fmt, ap);
    va_end(ap);
}

void vm_port(struct vmod *m, enum vm_dir dir, const char *name, const char *width,
             const char *comment)
{
    const char *n = declare(m, name, N_PORT, dir);
    if (!n || GROW(m, m->ports, m->nports, m->capports) != 0)
        return;
    struct vport *p = &m->ports[m->nports++];
    p->name = n;
    p->dir = dir;
    p->width = sdup(m, width);
    p->comment = sdup(m, comment);
    p->group = m->cur_group;
}

static struct vsig *add_sig(struct vmod *m, const char *name, const char *width,
                            const char *comment, int is_reg, int is_int)
{
    const char *n = declare(m, name, is_int ? N_INT : N_SIG, VM_IN);
    if (!n || GROW(m, m->sigs, m->nsigs, m->capsigs) != 0)
        return NULL;
    struct vsig *s = calloc(1, sizeof *s);
    if (!s) {
        vm_fail(m, "out of memory");
        return NULL;
    }
    s->m = m;
    s->name = n;
    s->width = sdup(m, width);
    s->comment = sdup(m, comment);
    s->is_reg = is_reg;
    s->is_int = is_int;
    m->sigs[m->nsigs++] = s;
    return s;
}

struct vsig *vm_wire(struct vmod *m, const char *name, const char *width, const char *comment)
{
    return add_sig(m, name, width, comment, 0, 0);
}

struct vsig *vm_reg(struct vmod *m, const char *name, const char *width, const char *comment)
{
    return add_sig(m, name, width, comment, 1, 0);
}

void vm_integer(struct vmod *m, const char *name)
{
    add_sig(m, name, NULL, NULL, 1, 1);
}

void vm_sig_depth(struct vsig *s, const char *depth)
{
    if (!s || s->m->failed)
        return;
    if (!s->is_reg)
        vm_fail(s->m, "'%s': only a reg can be an array", s->name);
    s->depth = sdup(s->m, depth);
}

void vm_sig_attr(struct vsig *s, const char *attr)
{
    if (!s || s->m->failed)
        return;
    s->attr = s->attr ? fmt_(s->m, "%s, %s", s->attr, attr) : sdup(s->m, attr);
}

const char *vm_fresh(struct vmod *m, const char *base)
{
    if (m->failed)
        return NULL;
    if (name_find(m, base, strlen(base)) < 0 && !vm_is_keyword(base))
        return sdup(m, base);
    for (int i = 1;; i++) {
        const char *s = fmt_(m, "%s_%d", base, i);
        if (!s)
            return NULL;
        if (name_find(m, s, strlen(s)) < 0)
            return s;
    }
}

/* ---- instances ---- */

struct vinst *vm_inst(struct vmod *m, const char *module, const char *name)
{
    const char *n = declare(m, name, N_INST, VM_IN);
    if (!n || GROW(m, m->insts, m->ninsts, m->capinsts) != 0)
        return NULL;
    char e[256];
    if (vm_legal_ident(module, e, sizeof e) != 0) {
        vm_fail(m, "instance %s: module %s", name, e);
        return NULL;
    }
    struct vinst *i = calloc(1, sizeof *i);
    if (!i) {
        vm_fail(m, "out of memory");
        return NULL;
    }
    i->m = m;
    i->module = sdup(m, module);
    i->name = n;
    m->insts[m->ninsts++] = i;
    return i;
}

static void add_conn(struct vinst *i, struct vconn **arr, int *n, int *cap, const char *key,
                     const char *expr, const char *what)
{
    struct vmod *m = i->m;
    for (int k = 0; k < *n; k++)
        if (strcmp((*arr)[k].key, key) == 0) {
            vm_fail(m, "instance %s: %s '%s' connected twice", i->name, what, key);
            return;
        }
    char e[256];
    if (vm_legal_ident(key, e, sizeof e) != 0) {
        vm_fail(m, "instance %s: %s", i->name, e);
        return;
    }
    if (grow_(m, (void **)arr, *n, cap, sizeof **arr) != 0)
        return;
    (*arr)[*n].key = sdup(m, key);
    (*arr)[*n].expr = expr;
    (*n)++;
}

void vm_inst_param(struct vinst *i, const char *param, const char *fmt, ...)
{
    if (!i || i->m->failed)
        return;
    va_list ap;
    va_start(ap, fmt);
    const char *e = vfmt(i->m, fmt, ap);
    va_end(ap);
    add_conn(i, &i->params, &i->np, &i->capp, param, e, "parameter");
}

void vm_inst_conn(struct vinst *i, const char *port, const char *fmt, ...)
{
    if (!i || i->m->failed)
        return;
    va_list ap;
    va_start(ap, fmt);
    const char *e = vfmt(i->m, fmt, ap);
    va_end(ap);
    add_conn(i, &i->conns, &i->nc, &i->capc, port, e, "port");
}

/* ---- logic ---- */

static struct vitem *add_item(struct vmod *m, enum ikind kind)
{
    if (m->failed || GROW(m, m->items, m->nitems, m->capitems) != 0)
        return NULL;
    struct vitem *it = &m->items[m->nitems++];
    memset(it, 0, sizeof *it);
    it->kind = kind;
    return it;
}

void vm_assign(struct vmod *m, const char *lhs, const char *fmt, ...)
{
    struct vitem *it = add_item(m, I_ASSIGN);
    if (!it)
        return;
    va_list ap;
    va_start(ap, fmt);
    it->a = sdup(m, lhs);
    it->b = vfmt(m, fmt, ap);
    va_end(ap);
}

void vm_comment(struct vmod *m, const char *fmt, ...)
{
    struct vitem *it = add_item(m, I_COMMENT);
    if (!it)
        return;
    va_list ap;
    va_start(ap, fmt);
    it->a = vfmt(m, fmt, ap);
    va_end(ap);
}

static struct vblock *add_block(struct vmod *m, int seq, const char *label)
{
    struct vitem *it = add_item(m, I_BLOCK);
    if (!it)
        return NULL;
    struct vblock *b = calloc(1, sizeof *b);
    if (!b) {
        m->nitems--;
        vm_fail(m, "out of memory");
        return NULL;
    }
    b->m = m;
    b->seq = seq;
    b->label = sdup(m, label);
    it->blk = b;
    return b;
}

struct vblock *vm_comb(struct vmod *m, const char *label) { return add_block(m, 0, label); }
struct vblock *vm_seq(struct vmod *m, const char *label) { return add_block(m, B_SEQ, label); }
struct vblock *vm_initial(struct vmod *m, const char *label) { return add_block(m, B_INITIAL, label); }

static void bl_add(struct vblock *b, struct bline **arr, int *n, int *cap, enum lkind kind,
                   const char *x, const char *y, const char *z)
{
    if (b->m->failed || grow_(b->m, (void **)arr, *n, cap, sizeof **arr) != 0)
        return;
    struct bline *l = &(*arr)[(*n)++];
    l->depth = b->depth;
    l->kind = kind;
    l->a = x;
    l->b = y;
    l->c = z;
}

#define BFMT(b, fmt, s)                                                                        \
    const char *s;                                                                             \
    do {                                                                                       \
        va_list ap_;                                                                           \
        va_start(ap_, fmt);                                                                    \
        s = vfmt((b)->m, fmt, ap_);                                                            \
        va_end(ap_);                                                                           \
    } while (0)

void vb_default(struct vblock *b, const char *lhs, const char *fmt, ...)
{
    if (!b || b->m->failed)
        return;
    if (b->seq != B_COMB) {
        vm_fail(b->m, "vb_default outside a combinational block ('%s')", b->label);
        return;
    }
    BFMT(b, fmt, rhs);
    int d = b->depth;
    b->depth = 0;
    bl_add(b, &b->defaults, &b->nd, &b->capd, L_SET, sdup(b->m, lhs), rhs, NULL);
    b->depth = d;
}

void vb_reset(struct vblock *b, const char *lhs, const char *fmt, ...)
{
    if (!b || b->m->failed)
        return;
    if (b->seq != B_SEQ) {
        vm_fail(b->m, "vb_reset outside a clocked block ('%s')", b->label);
        return;
    }
    BFMT(b, fmt, rhs);
    int d = b->depth;
    b->depth = 0;
    bl_add(b, &b->resets, &b->nr, &b->capr, L_SET, sdup(b->m, lhs), rhs, NULL);
    b->depth = d;
}

void vb_set(struct vblock *b, const char *lhs, const char *fmt, ...)
{
    if (!b || b->m->failed)
        return;
    BFMT(b, fmt, rhs);
    bl_add(b, &b->lines, &b->nl, &b->capl, L_SET, sdup(b->m, lhs), rhs, NULL);
}

void vb_line(struct vblock *b, const char *fmt, ...)
{
    if (!b || b->m->failed)
        return;
    BFMT(b, fmt, s);
    bl_add(b, &b->lines, &b->nl, &b->capl, L_RAW, s, NULL, NULL);
}

void vb_if(struct vblock *b, const char *fmt, ...)
{
    if (!b || b->m->failed)
        return;
    BFMT(b, fmt, s);
    bl_add(b, &b->lines, &b->nl, &b->capl, L_RAW, fmt_(b->m, "if (%s) begin", s), NULL, NULL);
    b->depth++;
}

void vb_elif(struct vblock *b, const char *fmt, ...)
{
    if (!b || b->m->failed)
        return;
    BFMT(b, fmt, s);
    if (b->depth == 0) {
        vm_fail(b->m, "block '%s': else if without if", b->label);
        return;
    }
    b->depth--;
    bl_add(b, &b->lines, &b->nl, &b->capl, L_RAW, fmt_(b->m, "end else if (%s) begin", s), NULL,
           NULL);
    b->depth++;
}

void vb_else(struct vblock *b)
{
    if (!b || b->m->failed)
        return;
    if (b->depth == 0) {
        vm_fail(b->m, "block '%s': else without if", b->label);
        return;
    }
    b->depth--;
    bl_add(b, &b->lines, &b->nl, &b->capl, L_RAW, "end else begin", NULL, NULL);
    b->depth++;
}

void vb_end(struct vblock *b)
{
    if (!b || b->m->failed)
        return;
    if (b->depth == 0) {
        vm_fail(b->m, "block '%s': unbalanced end", b->label);
        return;
    }
    b->depth--;
    bl_add(b, &b->lines, &b->nl, &b->capl, L_RAW, "end", NULL, NULL);
}

void vb_for(struct vblock *b, const char *var, const char *from, const char *to)
{
    if (!b || b->m->failed)
        return;
    bl_add(b, &b->lines, &b->nl, &b->capl, L_RAW,
           fmt_(b->m, "for (%s = %s; %s < %s; %s = %s + 1) begin", var, from, var, to, var, var),
           NULL, NULL);
    b->depth++;
}

void vb_case(struct vblock *b, const char *fmt, ...)
{
    if (!b || b->m->failed)
        return;
    BFMT(b, fmt, s);
    bl_add(b, &b->lines, &b->nl, &b->capl, L_RAW, fmt_(b->m, "case (%s)", s), NULL, NULL);
    b->depth++;
}

void vb_item(struct vblock *b, const char *label, const char *lhs, const char *fmt, ...)
{
    if (!b || b->m->failed)
        return;
    BFMT(b, fmt, rhs);
    bl_add(b, &b->lines, &b->nl, &b->capl, L_ITEM, fmt_(b->m, "%s:", label), sdup(b->m, lhs), rhs);
}

void vb_endcase(struct vblock *b)
{
    if (!b || b->m->failed)
        return;
    if (b->depth == 0) {
        vm_fail(b->m, "block '%s': endcase without case", b->label);
        return;
    }
    b->depth--;
    bl_add(b, &b->lines, &b->nl, &b->capl, L_RAW, "endcase", NULL, NULL);
}

/* ------------------------------------------------------------------ */
/* Checks                                                             */
/* ------------------------------------------------------------------ */

/* Check every identifier of a piece of Verilog text against the module's
 * names; mark them used.  `where` names the place for the message. */
static void check_text(struct vmod *m, const char *s, const char *where)
{
    if (m->failed || !s)
        return;
    const char *p = s;
    char prev = 0; /* last non-space character before the token */
    while (*p) {
        unsigned char ch = (unsigned char)*p;
        if (isspace(ch)) {
            p++;
            continue;
        }
        if (p[0] == '/' && p[1] == '/')
            break;
        if (p[0] == '/' && p[1] == '*') {
            const char *e = strstr(p + 2, "*/");
            p = e ? e + 2 : p + strlen(p);
            continue;
        }
        if (ch == '"') {
            p++;
            while (*p && *p != '"')
                p += (*p == '\\' && p[1]) ? 2 : 1;
            if (*p)
                p++;
            prev = '"';
            continue;
        }
        if (ch == '$' || ch == '`') { /* system task or directive */
            p++;
            while (isalnum((unsigned char)*p) || *p == '_' || *p == '$')
                p++;
            prev = 'a';
            continue;
        }
        if (isdigit(ch)) {
            while (isdigit((unsigned char)*p) || *p == '_')
                p++;
            prev = '0';
            continue;
        }
        if (ch == '\'') { /* based literal: 'b0101, 'sh7f, '0 */
            p++;
            if (*p == 's' || *p == 'S')
                p++;
            if (strchr("bBoOdDhH", *p) && *p)
                p++;
            while (isspace((unsigned char)*p))
                p++;
            while (isxdigit((unsigned char)*p) || strchr("xXzZ_?", *p))
                if (*p)
                    p++;
                else
                    break;
            prev = '0';
            continue;
        }
        if (isalpha(ch) || ch == '_') {
            const char *b = p;
            while (isalnum((unsigned char)*p) || *p == '_' || *p == '$')
                p++;
            size_t len = (size_t)(p - b);
            if (prev != '.') { /* after '.': a port or hierarchical member */
                char id[256];
                if (len >= sizeof id)
                    len = sizeof id - 1;
                memcpy(id, b, len);
                id[len] = '\0';
                if (!vm_is_keyword(id)) {
                    int k = name_find(m, b, (size_t)(p - b));
                    if (k < 0) {
                        vm_fail(m, "undeclared identifier '%s' in %s", id, where);
                        return;
                    }
                    m->names[k].used = 1;
                }
            }
            prev = 'a';
            continue;
        }
        prev = (char)ch;
        p++;
    }
}

/* The base variable of an assignment target: "x_q[3]" -> "x_q". */
static size_t lhs_base(const char *lhs)
{
    size_t n = 0;
    while (lhs[n] && (isalnum((unsigned char)lhs[n]) || lhs[n] == '_'))
        n++;
    return n;
}

static void check_block(struct vmod *m, struct vblock *b)
{
    const char *where = fmt_(m, "%s block '%s'",
                             b->seq == B_SEQ ? "clocked" : b->seq == B_INITIAL ? "initial" : "combinational",
                             b->label ? b->label : "");
    if (b->depth != 0) {
        vm_fail(m, "%s: %d unclosed begin/case", where, b->depth);
        return;
    }
    if (b->seq == B_SEQ) {
        check_text(m, "clk_i", where);
        if (b->nr)
            check_text(m, "rst_i", where);
    }
    struct bline *sets[3] = { b->defaults, b->lines, b->resets };
    int ns[3] = { b->nd, b->nl, b->nr };
    for (int g = 0; g < 3; g++)
        for (int i = 0; i < ns[g]; i++) {
            struct bline *l = &sets[g][i];
            check_text(m, l->a, where);
            check_text(m, l->b, where);
            check_text(m, l->c, where);
            const char *lhs = l->kind == L_SET ? l->a : l->kind == L_ITEM ? l->b : NULL;
            if (!lhs)
                continue;
            size_t n = lhs_base(lhs);
            int k = name_find(m, lhs, n);
            if (k >= 0 && m->names[k].kind == N_PORT) {
                int isreg = 0;
                for (int q = 0; q < m->nports; q++)
                    if (m->ports[q].name == m->names[k].name)
                        isreg = m->ports[q].dir == VM_OUT_REG;
                if (!isreg) {
                    vm_fail(m, "%s assigns '%.*s', which is not an output reg", where, (int)n, lhs);
                    return;
                }
            } else if (k >= 0 && m->names[k].kind != N_SIG && m->names[k].kind != N_INT) {
                vm_fail(m, "%s assigns the %s '%.*s'", where, nkind_name[m->names[k].kind], (int)n,
                        lhs);
                return;
            }
            if (b->seq == B_COMB && g == 1) { /* V6: a default for everything assigned */
                int found = 0;
                for (int d = 0; d < b->nd && !found; d++)
                    found = lhs_base(b->defaults[d].a) == n &&
                            strncmp(b->defaults[d].a, lhs, n) == 0;
                if (!found) {
                    vm_fail(m, "%s assigns '%.*s' without a default (V6)", where, (int)n, lhs);
                    return;
                }
            }
        }
}

static int is_number(const char *s)
{
    if (!s || !*s)
        return 0;
    for (; *s; s++)
        if (!isdigit((unsigned char)*s))
            return 0;
    return 1;
}

int vm_check(struct vmod *m)
{
    if (m->failed)
        return -1;
    for (int k = 0; k < m->nn; k++)
        m->names[k].used = 0;
    for (int i = 0; i < m->npar; i++)
        check_text(m, m->params[i].value, fmt_(m, "the default of parameter %s", m->params[i].name));
    for (int i = 0; i < m->nlp; i++)
        check_text(m, m->lparams[i].value, fmt_(m, "localparam %s", m->lparams[i].name));
    for (int i = 0; i < m->nports; i++)
        check_text(m, m->ports[i].width, fmt_(m, "the width of port %s", m->ports[i].name));
    for (int i = 0; i < m->nsigs; i++) {
        check_text(m, m->sigs[i]->width, fmt_(m, "the width of %s", m->sigs[i]->name));
        check_text(m, m->sigs[i]->depth, fmt_(m, "the depth of %s", m->sigs[i]->name));
    }
    for (int i = 0; i < m->ninsts; i++) {
        struct vinst *in = m->insts[i];
        for (int k = 0; k < in->np; k++)
            check_text(m, in->params[k].expr,
                       fmt_(m, "parameter %s of instance %s", in->params[k].key, in->name));
        for (int k = 0; k < in->nc; k++)
            check_text(m, in->conns[k].expr,
                       fmt_(m, "the connection of port %s of instance %s", in->conns[k].key,
                            in->name));
    }
    for (int i = 0; i < m->nitems; i++) {
        struct vitem *it = &m->items[i];
        if (it->kind == I_ASSIGN) {
            const char *where = fmt_(m, "assign %s", it->a);
            check_text(m, it->a, where);
            check_text(m, it->b, where);
            size_t n = lhs_base(it->a);
            int k = name_find(m, it->a, n);
            if (k >= 0) {
                int ok = m->names[k].kind == N_SIG || m->names[k].kind == N_PORT;
                for (int s = 0; s < m->nsigs; s++)
                    if (m->sigs[s]->name == m->names[k].name && m->sigs[s]->is_reg)
                        ok = 0;
                for (int q = 0; q < m->nports; q++)
                    if (m->ports[q].name == m->names[k].name && m->ports[q].dir != VM_OUT)
                        ok = 0;
                if (!ok)
                    vm_fail(m, "%s: the target must be a wire or an output wire", where);
            }
        } else if (it->kind == I_BLOCK) {
            check_block(m, it->blk);
        }
    }
    if (m->failed)
        return -1;
    for (int i = 0; i < m->nlp; i++) {
        int k = name_find(m, m->lparams[i].name, strlen(m->lparams[i].name));
        if (k >= 0 && !m->names[k].used) {
            vm_fail(m, "localparam %s is never used (Verilator -Wall: UNUSEDPARAM)",
                    m->lparams[i].name);
            return -1;
        }
    }
    if (m->nports == 0)
        vm_fail(m, "a module needs at least one port");
    return m->failed ? -1 : 0;
}

/* ------------------------------------------------------------------ */
/* Printing                                                           */
/* ------------------------------------------------------------------ */

/* "[31:0]" for "32", "[EXPR-1:0]" for an expression, "" for a scalar. */
static const char *range(struct vmod *m, const char *width)
{
    if (!width || !*width || strcmp(width, "1") == 0)
        return "";
    if (is_number(width))
        return fmt_(m, "[%ld:0]", strtol(width, NULL, 10) - 1);
    int simple = 1;
    for (const char *p = width; *p; p++)
        if (!(isalnum((unsigned char)*p) || *p == '_' || *p == '*' || *p == '/'))
            simple = 0;
    return simple ? fmt_(m, "[%s-1:0]", width) : fmt_(m, "[(%s)-1:0]", width);
}

static const char *depth_range(struct vmod *m, const char *depth)
{
    if (is_number(depth))
        return fmt_(m, "[0:%ld]", strtol(depth, NULL, 10) - 1);
    int simple = 1;
    for (const char *p = depth; *p; p++)
        if (!(isalnum((unsigned char)*p) || *p == '_' || *p == '*' || *p == '/'))
            simple = 0;
    return simple ? fmt_(m, "[0:%s-1]", depth) : fmt_(m, "[0:(%s)-1]", depth);
}

static void print_header(struct vmod *m, struct vw *w, const char *version)
{
    const struct simt_cfg *c = m->cfg;
    char args[160];
    cfg_args(c, args, sizeof args);
    vw_line(w, "// %s.v", m->name);
    vw_line(w, "// Generated by simty-gen %s \xe2\x80\x94 DO NOT EDIT; regenerate with `make gen %s`",
            version, args);
    vw_line(w, "//");
    vw_line(w, "// Configuration:");
    vw_line(w, "//   W = %d warp%s x T = %d thread%s = %d thread%s; TRACK = %s (%s)", c->w,
            c->w > 1 ? "s" : "", c->t, c->t > 1 ? "s" : "", c->threads, c->threads > 1 ? "s" : "",
            cfg_track_name(c->track), cfg_track_desc(c->track));
    vw_line(w, "//   WARP_ID_W = %d, LANE_ID_W = %d, TID_W = %d (log2 widths, at least 1)",
            c->warp_id_w, c->lane_id_w, c->tid_w);
    vw_line(w, "//   register file: %d banks by warp parity (%d built), %d rows per bank", c->reg_banks,
            c->rf_banks_impl, c->rf_rows);
    vw_line(w, "//     (%d warp%s x 32 registers, RF_ROW_W = %d)", c->rf_warps_per_bank,
            c->rf_warps_per_bank > 1 ? "s" : "", c->rf_row_w);
    vw_line(w, "//   IMEM = %d KiB (%d words, IMEM_ADDR_W = %d)", c->imem_kib, c->imem_words,
            c->imem_addr_w);
    vw_line(w, "//   DMEM = %d KiB (DMEM_ADDR_W = %d), data block = T = %d word%s", c->dmem_kib,
            c->dmem_addr_w, c->block_words, c->block_words > 1 ? "s" : "");
    vw_line(w, "//   memory ports: instruction latency %d cycle, data latency %d cycle; "
               "RAMSTYLE = %s",
            c->imem_latency, c->dmem_latency, cfg_ramstyle_name(c->ramstyle));
    if (c->arbpipe)
        vw_line(w, "//   ARBPIPE = 1: the arbiter's reduction tree takes two stages (stage r at t+9)");
    vw_line(w, "//   latency of this unit: %s", m->latency ? m->latency : "not stated");
    for (int i = 0; i < m->ndesc; i++) {
        vw_line(w, "//");
        vw_comment(w, "%s", m->desc[i]);
    }
    for (int i = 0; i < m->nnotes; i++) {
        vw_line(w, "//");
        vw_comment(w, "%s", m->notes[i]);
    }
    if (name_find(m, "rst_i", 5) >= 0) {
        vw_line(w, "//");
        vw_comment(w, "Reset: rst_i is synchronous and active high and reaches control state "
                      "only (valid bits, FSM state, masks, pointers, counters); datapath "
                      "registers and RAM arrays are not reset. This departs from lowRISC's "
                      "asynchronous active-low reset on purpose: FPGA block RAM has no content "
                      "reset and reset-less datapath registers map to plain flip-flops (style "
                      "V7).");
    }
}

static void print_ports(struct vmod *m, struct vw *w)
{
    struct vw_tab t;
    vw_tab_init(&t);
    const char *group = NULL;
    for (int i = 0; i < m->nports; i++) {
        struct vport *p = &m->ports[i];
        if (p->group && p->group != group)
            vw_tab_raw(&t, fmt_(m, "// %s", p->group));
        group = p->group;
        const char *cells[5] = {
            p->dir == VM_IN ? "input" : "output",
            p->dir == VM_OUT_REG ? "reg" : "wire",
            range(m, p->width),
            i + 1 < m->nports ? fmt_(m, "%s,", p->name) : p->name,
            p->comment ? fmt_(m, "// %s", p->comment) : "",
        };
        vw_tab_row(&t, 5, cells);
    }
    vw_tab_flush(w, &t);
    vw_tab_free(&t);
}

static void print_lines(struct vmod *m, struct vw *w, struct bline *l, int n, const char *op)
{
    struct vw_tab t;
    vw_tab_init(&t);
    int base = w->indent;
    for (int i = 0; i < n; i++) {
        if (l[i].kind == L_RAW) {
            vw_tab_flush(w, &t);
            /* "end ..." and "endcase" print one level up from their line's depth */
            w->indent = base + l[i].depth;
            vw_line(w, "%s", l[i].a);
            continue;
        }
        if (i > 0 && (l[i - 1].kind != l[i].kind || l[i - 1].depth != l[i].depth))
            vw_tab_flush(w, &t);
        w->indent = base + l[i].depth;
        if (l[i].kind == L_SET)
            vw_tab_rowv(&t, l[i].a, op, fmt_(m, "%s;", l[i].b), (const char *)NULL);
        else
            vw_tab_rowv(&t, l[i].a, l[i].b, op, fmt_(m, "%s;", l[i].c), (const char *)NULL);
    }
    vw_tab_flush(w, &t);
    vw_tab_free(&t);
    w->indent = base;
}

static void print_block(struct vmod *m, struct vw *w, struct vblock *b)
{
    vw_blank(w);
    if (b->label && *b->label)
        vw_comment(w, "%s", b->label);
    const char *op = b->seq == B_SEQ ? "<=" : "=";
    vw_begin(w, b->seq == B_SEQ ? "always @(posedge clk_i)" : b->seq == B_INITIAL ? "initial" : "always @*");
    print_lines(m, w, b->defaults, b->nd, op);
    print_lines(m, w, b->lines, b->nl, op);
    if (b->nr) {
        vw_begin(w, "if (rst_i)");
        print_lines(m, w, b->resets, b->nr, op);
        vw_end(w, NULL);
    }
    vw_end(w, NULL);
}

int vm_print(struct vmod *m, FILE *f, const struct vm_print_opts *o)
{
    if (vm_check(m) != 0)
        return -1;
    struct vw w;
    vw_init(&w, f);
    print_header(m, &w, o && o->version ? o->version : "dev");
    vw_blank(&w);
    vw_line(&w, "`default_nettype none");
    vw_blank(&w);

    /* module, parameters, ports */
    if (m->npar) {
        vw_line(&w, "module %s #(", m->name);
        vw_indent(&w);
        struct vw_tab t;
        vw_tab_init(&t);
        for (int i = 0; i < m->npar; i++) {
            struct vparam *p = &m->params[i];
            vw_tab_rowv(&t, p->untyped ? "parameter" : "parameter integer", p->name, "=",
                        i + 1 < m->npar ? fmt_(m, "%s,", p->value) : p->value,
                        p->comment ? fmt_(m, "// %s", p->comment) : "", (const char *)NULL);
        }
        vw_tab_flush(&w, &t);
        vw_tab_free(&t);
        vw_dedent(&w);
        vw_line(&w, ") (");
    } else {
        vw_line(&w, "module %s (", m->name);
    }
    vw_indent(&w);
    print_ports(m, &w);
    vw_dedent(&w);
    vw_line(&w, ");");
    vw_indent(&w);

    /* localparams */
    if (m->nlp) {
        vw_blank(&w);
        struct vw_tab t;
        vw_tab_init(&t);
        for (int i = 0; i < m->nlp; i++) {
            struct vparam *p = &m->lparams[i];
            vw_tab_rowv(&t, "localparam", p->width ? range(m, p->width) : "integer", p->name, "=",
                        fmt_(m, "%s;", p->value), p->comment ? fmt_(m, "// %s", p->comment) : "",
                        (const char *)NULL);
        }
        vw_tab_flush(&w, &t);
        vw_tab_free(&t);
    }

    /* signals */
    if (m->nsigs) {
        vw_blank(&w);
        struct vw_tab t;
        vw_tab_init(&t);
        for (int i = 0; i < m->nsigs; i++) {
            struct vsig *s = m->sigs[i];
            if (s->attr) {
                vw_tab_flush(&w, &t);
                vw_line(&w, "(* %s *)", s->attr);
            }
            const char *name = s->depth ? fmt_(m, "%s %s;", s->name, depth_range(m, s->depth))
                                        : fmt_(m, "%s;", s->name);
            vw_tab_rowv(&t, s->is_int ? "integer" : s->is_reg ? "reg" : "wire",
                        s->is_int ? "" : range(m, s->width), name,
                        s->comment ? fmt_(m, "// %s", s->comment) : "", (const char *)NULL);
            if (s->attr)
                vw_tab_flush(&w, &t);
        }
        vw_tab_flush(&w, &t);
        vw_tab_free(&t);
    }

    /* instances */
    for (int i = 0; i < m->ninsts; i++) {
        struct vinst *in = m->insts[i];
        vw_blank(&w);
        struct vw_tab t;
        vw_tab_init(&t);
        if (in->np) {
            vw_line(&w, "%s #(", in->module);
            vw_indent(&w);
            for (int k = 0; k < in->np; k++)
                vw_tab_rowv(&t, fmt_(m, ".%s", in->params[k].key),
                            fmt_(m, "(%s)%s", in->params[k].expr, k + 1 < in->np ? "," : ""),
                            (const char *)NULL);
            vw_tab_flush(&w, &t);
            vw_dedent(&w);
            vw_line(&w, ") %s (", in->name);
        } else {
            vw_line(&w, "%s %s (", in->module, in->name);
        }
        vw_indent(&w);
        for (int k = 0; k < in->nc; k++)
            vw_tab_rowv(&t, fmt_(m, ".%s", in->conns[k].key),
                        fmt_(m, "(%s)%s", in->conns[k].expr, k + 1 < in->nc ? "," : ""),
                        (const char *)NULL);
        vw_tab_flush(&w, &t);
        vw_tab_free(&t);
        vw_dedent(&w);
        vw_line(&w, ");");
    }

    /* logic */
    struct vw_tab t;
    vw_tab_init(&t);
    for (int i = 0; i < m->nitems; i++) {
        struct vitem *it = &m->items[i];
        if (it->kind != I_ASSIGN || i == 0 || m->items[i - 1].kind != I_ASSIGN) {
            vw_tab_flush(&w, &t);
            if (it->kind != I_BLOCK && !(it->kind == I_ASSIGN && i > 0 &&
                                         m->items[i - 1].kind == I_COMMENT))
                vw_blank(&w);
        }
        switch (it->kind) {
        case I_ASSIGN:
            vw_tab_rowv(&t, "assign", it->a, "=", fmt_(m, "%s;", it->b), (const char *)NULL);
            break;
        case I_COMMENT:
            vw_comment(&w, "%s", it->a);
            break;
        case I_BLOCK:
            print_block(m, &w, it->blk);
            break;
        }
    }
    vw_tab_flush(&w, &t);
    vw_tab_free(&t);

    vw_dedent(&w);
    vw_blank(&w);
    vw_line(&w, "endmodule");
    vw_blank(&w);
    vw_line(&w, "`default_nettype wire");
    if (vw_finish(&w) != 0) {
        vm_fail(m, "write error");
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* Design-level check                                                 */
/* ------------------------------------------------------------------ */

int vm_check_design(struct vmod *const *mods, int n, int allow_missing, char *err, size_t errlen)
{
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++)
            if (strcmp(mods[a]->name, mods[b]->name) == 0) {
                snprintf(err, errlen, "module %s generated twice", mods[a]->name);
                return -1;
            }
    for (int a = 0; a < n; a++) {
        const struct vmod *m = mods[a];
        for (int i = 0; i < m->ninsts; i++) {
            const struct vinst *in = m->insts[i];
            const struct vmod *t = NULL;
            for (int b = 0; b < n; b++)
                if (strcmp(mods[b]->name, in->module) == 0)
                    t = mods[b];
            if (!t) {
                if (allow_missing)
                    continue;
                snprintf(err, errlen, "%s: instance %s of unknown module %s", m->name, in->name,
                         in->module);
                return -1;
            }
            if (t == m) {
                snprintf(err, errlen, "%s: instance %s of itself", m->name, in->name);
                return -1;
            }
            for (int k = 0; k < in->np; k++) {
                int found = 0;
                for (int q = 0; q < t->npar; q++)
                    found |= strcmp(t->params[q].name, in->params[k].key) == 0;
                if (!found) {
                    snprintf(err, errlen, "%s: instance %s: %s has no parameter %s", m->name,
                             in->name, t->name, in->params[k].key);
                    return -1;
                }
            }
            for (int k = 0; k < in->nc; k++) {
                int found = 0;
                for (int q = 0; q < t->nports; q++)
                    found |= strcmp(t->ports[q].name, in->conns[k].key) == 0;
                if (!found) {
                    snprintf(err, errlen, "%s: instance %s: %s has no port %s", m->name, in->name,
                             t->name, in->conns[k].key);
                    return -1;
                }
            }
            for (int q = 0; q < t->nports; q++) {
                int found = 0;
                for (int k = 0; k < in->nc; k++)
                    found |= strcmp(t->ports[q].name, in->conns[k].key) == 0;
                if (!found) {
                    snprintf(err, errlen, "%s: instance %s: port %s of %s is not connected",
                             m->name, in->name, t->ports[q].name, t->name);
                    return -1;
                }
            }
        }
    }
    return 0;
}
