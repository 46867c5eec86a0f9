/*
 * vmod.c - the module model: memory, the name table, declarations, logic.
 * The name rules are in vmod_name.c, the checks in vmod_check.c, the printer
 * in vmod_print.c; the shared data in vmod_int.h.  See vmod.h for the
 * contract.
 */
#include "vmod_int.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* The model                                                          */
/* ------------------------------------------------------------------ */

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

const char *vm_fmt(struct vmod *m, const char *fmt, ...)
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

int vm_name_find(const struct vmod *m, const char *id, size_t len)
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

/* Declare a name; returns the owned copy or NULL after an error. */
static const char *declare(struct vmod *m, const char *id, enum nkind kind, enum vm_dir dir)
{
    if (m->failed)
        return NULL;
    char e[256];
    if (vm_name_rule(id, kind, dir, e, sizeof e) != 0) {
        vm_fail(m, "%s", e);
        return NULL;
    }
    int k = vm_name_find(m, id, strlen(id));
    if (k >= 0) {
        vm_fail(m, "%s '%s' already declared as a %s", vm_nkind_name[kind], id,
                vm_nkind_name[m->names[k].kind]);
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
    m->last_comment = -1;
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

void vm_mod_attr(struct vmod *m, const char *attr)
{
    if (m->failed)
        return;
    m->attr = m->attr ? vm_fmt(m, "%s, %s", m->attr, attr) : sdup(m, attr);
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
    p->value = vm_fmt(m, "\"%s\"", dflt ? dflt : "");
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
    add_lparam(m, name, NULL, vm_fmt(m, "%ld", value), c);
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
    add_lparam(m, name, vm_fmt(m, "%d", width), sdup(m, literal), c);
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
    s->attr = s->attr ? vm_fmt(s->m, "%s, %s", s->attr, attr) : sdup(s->m, attr);
}

const char *vm_fresh(struct vmod *m, const char *base)
{
    if (m->failed)
        return NULL;
    if (vm_name_find(m, base, strlen(base)) < 0 && !vm_is_keyword(base))
        return sdup(m, base);
    for (int i = 1;; i++) {
        const char *s = vm_fmt(m, "%s_%d", base, i);
        if (!s)
            return NULL;
        if (vm_name_find(m, s, strlen(s)) < 0)
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

void vm_inst_conns(struct vinst *i, const char *const *pairs)
{
    for (; i && !i->m->failed && *pairs; pairs += 2)
        add_conn(i, &i->conns, &i->nc, &i->capc, pairs[0], sdup(i->m, pairs[1]), "port");
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
    m->last_comment = m->nitems - 1;
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
    b->item = m->nitems - 1;
    it->blk = b;
    return b;
}

struct vblock *vm_comb(struct vmod *m, const char *label) { return add_block(m, 0, label); }

void vb_attr(struct vblock *b, const char *attr)
{
    if (!b || b->m->failed)
        return;
    b->attr = b->attr ? vm_fmt(b->m, "%s, %s", b->attr, attr) : sdup(b->m, attr);
}
struct vblock *vm_seq(struct vmod *m, const char *label) { return add_block(m, B_SEQ, label); }
struct vblock *vm_initial(struct vmod *m, const char *label) { return add_block(m, B_INITIAL, label); }

static void bl_add(struct vblock *b, struct bline **arr, int *n, int *cap, enum lkind kind,
                   const char *x, const char *y, const char *z)
{
    if (b->m->failed)
        return;
    if (b->m->last_comment > b->item) {
        /* a comment prints where it was made: after this whole block */
        vm_fail(b->m, "block '%s' is still being filled after the comment \"%.40s...\", which "
                "prints after it: make the comment before the block", b->label,
                b->m->items[b->m->last_comment].a);
        return;
    }
    if (grow_(b->m, (void **)arr, *n, cap, sizeof **arr) != 0)
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

/* The zero of a declared width, spelled as the units spell it: 1'b0 for a
 * scalar, N'd0 for a number N, {(A+B){1'b0}} for a sum or difference,
 * {EXPR{1'b0}} for a name or a product. */
static const char *zero_of(struct vmod *m, const char *w)
{
    int num = 1, depth = 0, sum = 0;
    if (!w || !*w || strcmp(w, "1") == 0)
        return "1'b0";
    for (const char *p = w; *p; p++) {
        num &= isdigit((unsigned char)*p) != 0;
        depth += *p == '(' ? 1 : *p == ')' ? -1 : 0;
        sum |= depth == 0 && (*p == '+' || *p == '-');
    }
    if (num)
        return vm_fmt(m, "%s'd0", w);
    return vm_fmt(m, sum ? "{(%s){1'b0}}" : "{%s{1'b0}}", w);
}

void vb_zero(struct vblock *b, const char *lhs)
{
    if (!b || b->m->failed)
        return;
    struct vmod *m = b->m;
    int found = 0;
    const char *w = NULL;
    for (int i = 0; i < m->nsigs && !found; i++) {
        const struct vsig *g = m->sigs[i];
        found = strcmp(g->name, lhs) == 0 && g->is_reg && !g->is_int && !g->depth;
        w = g->width;
    }
    for (int i = 0; i < m->nports && !found; i++) {
        found = strcmp(m->ports[i].name, lhs) == 0 && m->ports[i].dir == VM_OUT_REG;
        w = m->ports[i].width;
    }
    if (!found) {
        vm_fail(m, "vb_zero: '%s' is not a declared reg or output reg ('%s')", lhs, b->label);
        return;
    }
    vb_reset(b, lhs, "%s", zero_of(m, w));
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
    bl_add(b, &b->lines, &b->nl, &b->capl, L_RAW, vm_fmt(b->m, "if (%s) begin", s), NULL, NULL);
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
    bl_add(b, &b->lines, &b->nl, &b->capl, L_RAW, vm_fmt(b->m, "end else if (%s) begin", s), NULL,
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
    int k = vm_name_find(b->m, var, strlen(var));
    if (k >= 0) {
        int i = 0;
        while (i < b->nloops && b->loops[i] != k)
            i++;
        if (i == (int)(sizeof b->loops / sizeof b->loops[0]))
            vm_fail(b->m, "block '%s': more than %d loop indexes", b->label, i);
        else if (i == b->nloops)
            b->loops[b->nloops++] = k;
    }
    bl_add(b, &b->lines, &b->nl, &b->capl, L_RAW,
           vm_fmt(b->m, "for (%s = %s; %s < %s; %s = %s + 1) begin", var, from, var, to, var, var),
           NULL, NULL);
    b->depth++;
}

void vb_case(struct vblock *b, const char *fmt, ...)
{
    if (!b || b->m->failed)
        return;
    BFMT(b, fmt, s);
    bl_add(b, &b->lines, &b->nl, &b->capl, L_RAW, vm_fmt(b->m, "case (%s)", s), NULL, NULL);
    b->depth++;
}

void vb_item(struct vblock *b, const char *label, const char *lhs, const char *fmt, ...)
{
    if (!b || b->m->failed)
        return;
    BFMT(b, fmt, rhs);
    bl_add(b, &b->lines, &b->nl, &b->capl, L_ITEM, vm_fmt(b->m, "%s:", label), sdup(b->m, lhs),
           rhs);
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

void vb_delay_line(struct vblock *b, const char *const (*f)[3], size_t nf, int n,
                   const char *stem, const char *last, const char *reset)
{
    if (!b || b->m->failed)
        return;
    if (b->seq != B_SEQ) {
        vm_fail(b->m, "vb_delay_line outside a clocked block ('%s')", b->label);
        return;
    }
    for (size_t i = 0; i < nf && !b->m->failed; i++) {
        const char *prev = f[i][2];
        for (int j = 1; j <= n; j++) {
            const char *reg = j == n ? vm_fmt(b->m, "%s_%s_q", last, f[i][0])
                                     : vm_fmt(b->m, "%s%d_%s_q", stem, j, f[i][0]);
            if (!reg)
                return;
            vm_reg(b->m, reg, f[i][1], NULL);
            vb_set(b, reg, "%s", prev);
            if (reset && strcmp(f[i][0], reset) == 0)
                vb_zero(b, reg);
            prev = reg;
        }
    }
}
