/*
 * vmod_check.c - what the module model rejects once it is built:
 * identifiers that are not declared or localparams never used, the rules of
 * blocks (V6, V7) and the cross-module design check.  It reads the model and
 * records the first error in it; the name rules checked as each name is
 * declared are in vmod_name.c.  See vmod.h for the contract.
 */
#include "vmod_int.h"

#include <ctype.h>
#include <string.h>

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
                    int k = vm_name_find(m, b, (size_t)(p - b));
                    if (k < 0) {
                        vm_fail(m, "undeclared identifier '%s' in %s", id, where);
                        return;
                    }
                    m->names[k].used = 1;
                    if (m->names[k].kind == N_INT && m->checking) {
                        /* outside its loops an index holds another block's last value */
                        int looped = 0;
                        for (int i = 0; i < m->checking->nloops; i++)
                            looped |= m->checking->loops[i] == k;
                        if (!looped) {
                            vm_fail(m, "integer %s is used in %s, which does not loop on it",
                                    id, where);
                            return;
                        }
                    }
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
    const char *where = vm_fmt(m, "%s block '%s'",
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
    m->checking = b;
    for (int g = 0; g < 3 && !m->failed; g++)
        for (int i = 0; i < ns[g]; i++) {
            struct bline *l = &sets[g][i];
            check_text(m, l->a, where);
            check_text(m, l->b, where);
            check_text(m, l->c, where);
            const char *lhs = l->kind == L_SET ? l->a : l->kind == L_ITEM ? l->b : NULL;
            if (!lhs)
                continue;
            size_t n = lhs_base(lhs);
            int k = vm_name_find(m, lhs, n);
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
                vm_fail(m, "%s assigns the %s '%.*s'", where, vm_nkind_name[m->names[k].kind],
                        (int)n, lhs);
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

int vm_check(struct vmod *m)
{
    if (m->failed)
        return -1;
    for (int k = 0; k < m->nn; k++)
        m->names[k].used = 0;
    for (int i = 0; i < m->npar; i++)
        check_text(m, m->params[i].value,
                   vm_fmt(m, "the default of parameter %s", m->params[i].name));
    for (int i = 0; i < m->nlp; i++)
        check_text(m, m->lparams[i].value, vm_fmt(m, "localparam %s", m->lparams[i].name));
    for (int i = 0; i < m->nports; i++)
        check_text(m, m->ports[i].width, vm_fmt(m, "the width of port %s", m->ports[i].name));
    for (int i = 0; i < m->nsigs; i++) {
        check_text(m, m->sigs[i]->width, vm_fmt(m, "the width of %s", m->sigs[i]->name));
        check_text(m, m->sigs[i]->depth, vm_fmt(m, "the depth of %s", m->sigs[i]->name));
    }
    for (int i = 0; i < m->ninsts; i++) {
        struct vinst *in = m->insts[i];
        for (int k = 0; k < in->np; k++)
            check_text(m, in->params[k].expr,
                       vm_fmt(m, "parameter %s of instance %s", in->params[k].key, in->name));
        for (int k = 0; k < in->nc; k++)
            check_text(m, in->conns[k].expr,
                       vm_fmt(m, "the connection of port %s of instance %s", in->conns[k].key,
                            in->name));
    }
    for (int i = 0; i < m->nitems; i++) {
        struct vitem *it = &m->items[i];
        if (it->kind == I_ASSIGN) {
            const char *where = vm_fmt(m, "assign %s", it->a);
            check_text(m, it->a, where);
            check_text(m, it->b, where);
            size_t n = lhs_base(it->a);
            int k = vm_name_find(m, it->a, n);
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
            m->checking = NULL;
        }
    }
    if (m->failed)
        return -1;
    for (int i = 0; i < m->nlp; i++) {
        int k = vm_name_find(m, m->lparams[i].name, strlen(m->lparams[i].name));
        if (k >= 0 && !m->names[k].used) {
            vm_fail(m, "localparam %s is never used (Verilator -Wall: UNUSEDPARAM)",
                    m->lparams[i].name);
            return -1;
        }
    }
    for (int k = 0; k < m->nn; k++) {
        int kinds = 0;          /* 1 << enum bkind of each block looping on integer k */
        if (m->names[k].kind != N_INT)
            continue;
        for (int i = 0; i < m->nitems; i++)
            if (m->items[i].kind == I_BLOCK)
                for (int j = 0; j < m->items[i].blk->nloops; j++)
                    if (m->items[i].blk->loops[j] == k)
                        kinds |= 1 << m->items[i].blk->seq;
        if ((kinds & (1 << B_SEQ)) && (kinds & (1 << B_COMB))) {
            /* Yosys makes a flip-flop of the clocked block's index and then
             * warns of conflicting drivers; give each kind its own. */
            vm_fail(m, "integer %s is a loop index in both a clocked and a combinational block",
                    m->names[k].name);
            return -1;
        }
    }
    if (m->nports == 0)
        vm_fail(m, "a module needs at least one port");
    return m->failed ? -1 : 0;
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
