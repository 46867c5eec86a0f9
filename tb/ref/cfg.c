/*
 * cfg.c - functions, basic blocks and immediate post-dominators of the
 * loaded program (see cfg.h for the rules).
 */
#define _POSIX_C_SOURCE 200809L
#include "cfg.h"

#include <stdlib.h>
#include <string.h>

#include "errf.h"
#include "ref_internal.h"
#include "simty_map.h"

#define NO_NODE 0xffffffffu

struct block {
    uint32_t start, end;          /* [start, end) */
    uint32_t succ[2];             /* block index, nb = exit, NO_NODE = none */
    uint32_t ipdom;               /* block index, nb = exit, NO_NODE = cannot reach the exit */
};

struct func {
    uint32_t start, end;
    char name[48];
    unsigned from_symbol;
    uint32_t b0, nb;              /* its blocks: g->blk[b0 .. b0 + nb) */
};

struct cfg {
    uint32_t lo, hi;              /* analysed code [lo, hi) */
    uint32_t *reconv;             /* (hi - lo) / 4 entries */
    struct func *fn;
    unsigned nfn;
    struct block *blk;
    unsigned nblk, capblk;
    int stripped;
};

struct sym {
    uint32_t value, size;
    char name[48];
};

static uint32_t rd16(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8; }
static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

/* ---- the ELF again: executable segments and function symbols ---------------- */

struct elf_view {
    uint32_t xlo[8], xhi[8];
    unsigned nx;
    struct sym *syms;
    unsigned nsym;
};

static uint8_t *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    uint8_t *b = NULL;
    long sz;
    if (!f)
        return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (sz = ftell(f)) > 0 && (unsigned long)sz <= ELF_LOAD_MAX_FILE &&
        fseek(f, 0, SEEK_SET) == 0 && (b = malloc((size_t)sz)) != NULL) {
        if (fread(b, 1, (size_t)sz, f) != (size_t)sz) {
            free(b);
            b = NULL;
        } else {
            *len = (size_t)sz;
        }
    }
    fclose(f);
    return b;
}

/* The loader has validated the file already; every offset is checked again
 * anyway (64-bit arithmetic), and anything odd is skipped, not trusted. */
static int read_elf(const char *path, struct elf_view *v, char *err, size_t n)
{
    size_t len = 0;
    uint8_t *b = slurp(path, &len);
    uint64_t phoff, shoff;
    unsigned phnum, shnum, phent, shent, i, j;
    memset(v, 0, sizeof *v);
    if (!b)
        return simty_errf(err, n, "cannot read the file again");
    if (len < 52) {
        free(b);
        return simty_errf(err, n, "file too short");
    }
    phoff = rd32(b + 28);
    shoff = rd32(b + 32);
    phent = rd16(b + 42);
    phnum = rd16(b + 44);
    shent = rd16(b + 46);
    shnum = rd16(b + 48);
    for (i = 0; i < phnum && phent >= 32; i++) {
        const uint8_t *ph = b + phoff + (uint64_t)i * phent;
        if (phoff + (uint64_t)(i + 1) * phent > len)
            break;
        if (rd32(ph) == 1 && (rd32(ph + 24) & 1) && rd32(ph + 16) && v->nx < 8) {
            v->xlo[v->nx] = rd32(ph + 8);
            v->xhi[v->nx] = rd32(ph + 8) + rd32(ph + 16);
            v->nx++;
        }
    }
    for (i = 0; i < shnum && shent >= 40; i++) {
        const uint8_t *sh = b + shoff + (uint64_t)i * shent, *st;
        uint64_t off, size, stroff, strsize;
        unsigned link, cnt;
        if (shoff + (uint64_t)(i + 1) * shent > len || rd32(sh + 4) != 2)
            continue;
        off = rd32(sh + 16);
        size = rd32(sh + 20);
        link = rd32(sh + 24);
        if (off + size > len || link >= shnum || shoff + (uint64_t)(link + 1) * shent > len)
            continue;
        st = b + shoff + (uint64_t)link * shent;
        stroff = rd32(st + 16);
        strsize = rd32(st + 20);
        if (stroff + strsize > len)
            continue;
        cnt = (unsigned)(size / 16);
        free(v->syms);
        v->syms = calloc(cnt + 1, sizeof *v->syms);
        if (!v->syms) {
            free(b);
            return simty_errf(err, n, "out of memory");
        }
        v->nsym = 0;
        for (j = 0; j < cnt; j++) {
            const uint8_t *s = b + off + (uint64_t)j * 16;
            uint32_t name = rd32(s);
            struct sym *o;
            size_t k;
            if ((s[12] & 0xf) != 2)              /* STT_FUNC */
                continue;
            o = &v->syms[v->nsym++];
            o->value = rd32(s + 4);
            o->size = rd32(s + 8);
            for (k = 0; k + 1 < sizeof o->name && name + k < strsize && b[stroff + name + k]; k++)
                o->name[k] = (char)b[stroff + name + k];
            o->name[k] = 0;
        }
    }
    free(b);
    return 0;
}

/* ---- blocks and post-dominators of one function ------------------------------ */

static int is_branch(const struct dinsn *d) { return d->op >= OP_BEQ && d->op <= OP_BGEU; }
static int is_link(unsigned rd) { return rd == 1 || rd == 5; }
static int is_call(const struct dinsn *d)
{
    return (d->op == OP_JAL || d->op == OP_JALR) && is_link(d->rd);
}
/* Ends the thread: ebreak and illegal words trap, `ecall` right after
 * `li a7, 93` exits.  Such a block has no successor. */
static int ends_thread(const struct ref *r, uint32_t pc, const struct dinsn *d)
{
    const struct dinsn *p;
    if (d->op == OP_EBREAK || d->op == OP_ILLEGAL)
        return 1;
    if (d->op != OP_ECALL)
        return 0;
    p = ref_decode_at(r, pc - 4);
    return p && p->op == OP_ADDI && p->rd == 17 && p->rs1 == 0 && p->imm == SIMTY_SYS_EXIT;
}

/* Does straight-line code from t end the thread within a few instructions
 * (a shared `fail: li a7, 93; ecall` outside the function)? */
static int noreturn_at(const struct ref *r, uint32_t t)
{
    unsigned i;
    for (i = 0; i < 16; i++, t += 4) {
        const struct dinsn *d = ref_decode_at(r, t);
        if (!d)
            return 0;
        if (ends_thread(r, t, d))
            return 1;
        if (d->op == OP_JAL || d->op == OP_JALR || is_branch(d))
            return 0;
    }
    return 0;
}

/* Ends a basic block: branches, every jump that is not a call, the end of a
 * thread. */
static int ends_block(const struct ref *r, uint32_t pc, const struct dinsn *d)
{
    return is_branch(d) || ((d->op == OP_JAL || d->op == OP_JALR) && !is_call(d)) ||
           ends_thread(r, pc, d);
}

static int blk_reserve(struct cfg *g, unsigned more)
{
    if (g->nblk + more > g->capblk) {
        unsigned cap = (g->nblk + more) * 2 + 16;
        struct block *nb = realloc(g->blk, cap * sizeof *nb);
        if (!nb)
            return -1;
        g->blk = nb;
        g->capblk = cap;
    }
    return 0;
}

/* Block index of pc inside function f (blocks sorted by start). */
static uint32_t block_of(const struct cfg *g, const struct func *f, uint32_t pc)
{
    uint32_t lo = 0, hi = f->nb;
    while (hi - lo > 1) {
        uint32_t mid = (lo + hi) / 2;
        if (g->blk[f->b0 + mid].start <= pc)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

static int analyse(struct cfg *g, const struct ref *r, struct func *f)
{
    uint32_t n = (f->end - f->start) / 4, i, nb = 0, k, exitn;
    uint8_t *lead = calloc(n + 1, 1);
    uint32_t *po = NULL, *order = NULL, *stack = NULL, *pred = NULL, *npred = NULL, *pstart = NULL;
    struct block *B;
    int rc = -1, changed;
    if (!lead)
        return -1;
    lead[0] = 1;
    for (i = 0; i < n; i++) {
        uint32_t pc = f->start + 4 * i, t;
        const struct dinsn *d = ref_decode_at(r, pc);
        if (!d || !ends_block(r, pc, d))
            continue;
        if (i + 1 < n)
            lead[i + 1] = 1;
        if (is_branch(d) || d->op == OP_JAL) {
            t = pc + (uint32_t)d->imm;
            if (t >= f->start && t < f->end && !(t & 3))
                lead[(t - f->start) / 4] = 1;
        }
    }
    for (i = 0; i < n; i++)
        nb += lead[i];
    if (blk_reserve(g, nb))
        goto out;
    f->b0 = g->nblk;
    f->nb = nb;
    B = g->blk + f->b0;
    for (i = 0, k = 0; i < n; i++)
        if (lead[i]) {
            if (k)
                B[k - 1].end = f->start + 4 * i;
            B[k].start = f->start + 4 * i;
            k++;
        }
    B[nb - 1].end = f->end;
    g->nblk += nb;
    exitn = nb;
    /* Successors. */
    for (k = 0; k < nb; k++) {
        uint32_t last = B[k].end - 4, t;
        const struct dinsn *d = ref_decode_at(r, last);
        uint32_t fall = B[k].end < f->end ? k + 1 : exitn;
        B[k].succ[0] = B[k].succ[1] = NO_NODE;
        B[k].ipdom = NO_NODE;
        if (!d || !ends_block(r, last, d)) {
            B[k].succ[0] = fall;
        } else if (ends_thread(r, last, d)) {
            B[k].succ[0] = exitn;         /* the thread ends: the function's exit */
        } else if (d->op == OP_JALR) {
            B[k].succ[0] = exitn;                      /* return or unknown targets */
        } else {
            t = last + (uint32_t)d->imm;
            B[k].succ[0] = (t >= f->start && t < f->end && !(t & 3)) ? block_of(g, f, t)
                         : noreturn_at(r, t) ? NO_NODE : exitn;
            if (B[k].succ[0] == NO_NODE)
                B[k].succ[0] = is_branch(d) ? fall : NO_NODE;
            else if (is_branch(d) && fall != B[k].succ[0])
                B[k].succ[1] = fall;
        }
    }
    /* Reverse CFG: predecessors of every node, exit included. */
    npred = calloc(nb + 2, sizeof *npred);
    pstart = calloc(nb + 2, sizeof *pstart);
    pred = calloc(2 * (size_t)nb + 1, sizeof *pred);
    po = calloc(nb + 1, sizeof *po);
    order = calloc(nb + 1, sizeof *order);
    stack = calloc(2 * ((size_t)nb + 1), sizeof *stack);
    if (!npred || !pstart || !pred || !po || !order || !stack)
        goto out;
    for (k = 0; k < nb; k++)
        for (i = 0; i < 2; i++)
            if (B[k].succ[i] != NO_NODE)
                npred[B[k].succ[i]]++;
    for (k = 1; k <= nb + 1; k++)
        pstart[k] = pstart[k - 1] + npred[k - 1];
    memset(npred, 0, (nb + 2) * sizeof *npred);
    for (k = 0; k < nb; k++)
        for (i = 0; i < 2; i++)
            if (B[k].succ[i] != NO_NODE) {
                uint32_t s = B[k].succ[i];
                pred[pstart[s] + npred[s]++] = k;
            }
    /* Depth-first postorder of the reverse CFG from the exit (iterative). */
    {
        uint32_t sp = 0, cnt = 0, *it = stack + nb + 1;
        for (k = 0; k <= nb; k++)
            po[k] = NO_NODE;
        po[exitn] = 0;               /* visited mark; renumbered below */
        stack[sp] = exitn;
        it[sp++] = 0;
        while (sp) {
            uint32_t x = stack[sp - 1];
            if (it[sp - 1] < npred[x]) {
                uint32_t y = pred[pstart[x] + it[sp - 1]++];
                if (po[y] == NO_NODE) {
                    po[y] = 0;
                    stack[sp] = y;
                    it[sp++] = 0;
                }
            } else {
                order[cnt] = x;
                po[x] = cnt++;
                sp--;
            }
        }
        /* Cooper-Harvey-Kennedy on the reverse CFG: "predecessors" there are
         * CFG successors; process in reverse postorder. */
        {
            uint32_t *ip = calloc(nb + 1, sizeof *ip);
            if (!ip)
                goto out;
            for (k = 0; k <= nb; k++)
                ip[k] = NO_NODE;
            ip[exitn] = exitn;
            do {
                uint32_t j;
                changed = 0;
                for (j = cnt - 1; j-- > 0;) {    /* order[cnt-1] is the exit */
                    uint32_t b = order[j], nw = NO_NODE;
                    for (i = 0; i < 2; i++) {
                        uint32_t s = B[b].succ[i];
                        if (s == NO_NODE || ip[s] == NO_NODE)
                            continue;
                        if (nw == NO_NODE) {
                            nw = s;
                        } else {
                            uint32_t f1 = s, f2 = nw;
                            while (f1 != f2) {
                                while (po[f1] < po[f2])
                                    f1 = ip[f1];
                                while (po[f2] < po[f1])
                                    f2 = ip[f2];
                            }
                            nw = f1;
                        }
                    }
                    if (ip[b] != nw) {
                        ip[b] = nw;
                        changed = 1;
                    }
                }
            } while (changed);
            for (k = 0; k < nb; k++)
                B[k].ipdom = ip[k];
            free(ip);
        }
    }
    /* Reconvergence PC of every instruction of the function. */
    for (k = 0; k < nb; k++) {
        uint32_t pc, ipd = B[k].ipdom;
        for (pc = B[k].start; pc < B[k].end; pc += 4)
            g->reconv[(pc - g->lo) / 4] = pc + 4 < B[k].end ? pc + 4
                : (ipd == NO_NODE || ipd == exitn) ? CFG_EXIT : B[ipd].start;
    }
    rc = 0;
out:
    free(lead);
    free(po);
    free(order);
    free(stack);
    free(pred);
    free(npred);
    free(pstart);
    return rc;
}

/* ---- functions ------------------------------------------------------------------ */

static int in_code(const struct elf_view *v, uint32_t a)
{
    unsigned i;
    for (i = 0; i < v->nx; i++)
        if (a >= v->xlo[i] && a < v->xhi[i])
            return 1;
    return 0;
}

struct cfg *cfg_build(const struct ref *r, const char *path, char *err, size_t n)
{
    struct cfg *g = calloc(1, sizeof *g);
    struct elf_view v;
    uint32_t *pts = NULL, npts = 0, cap, i, j, a;
    memset(&v, 0, sizeof v);
    if (!g) {
        simty_errf(err, n, "out of memory");
        return NULL;
    }
    if (path && read_elf(path, &v, err, n))
        goto fail;
    /* Code extent: the executable segments inside instruction memory. */
    for (i = 0; i < v.nx; i++) {
        if (v.xlo[i] < SIMTY_IMEM_BASE)
            v.xlo[i] = SIMTY_IMEM_BASE;
        if (v.xhi[i] > SIMTY_IMEM_BASE + r->imem_size || v.xhi[i] < v.xlo[i])
            v.xhi[i] = SIMTY_IMEM_BASE + r->imem_size;
        v.xlo[i] = (v.xlo[i] + 3) & ~3u;
        v.xhi[i] &= ~3u;
    }
    if (v.nx == 0) {                 /* no file: the non-zero part of the memory */
        uint32_t end = r->imem_size;
        while (end >= 4 && !rd32(r->imem + end - 4))
            end -= 4;
        v.xlo[0] = SIMTY_IMEM_BASE;
        v.xhi[0] = SIMTY_IMEM_BASE + (end ? end : 4);
        v.nx = 1;
    }
    g->lo = v.xlo[0];
    g->hi = v.xhi[0];
    for (i = 1; i < v.nx; i++) {
        if (v.xlo[i] < g->lo)
            g->lo = v.xlo[i];
        if (v.xhi[i] > g->hi)
            g->hi = v.xhi[i];
    }
    g->reconv = malloc(((g->hi - g->lo) / 4 + 1) * sizeof *g->reconv);
    cap = 4 * v.nx + 2 * v.nsym + (g->hi - g->lo) / 4 + 8;
    pts = malloc(cap * sizeof *pts);
    if (!g->reconv || !pts) {
        simty_errf(err, n, "out of memory");
        goto fail;
    }
    for (i = 0; i < (g->hi - g->lo) / 4 + 1; i++)
        g->reconv[i] = CFG_EXIT;
    /* Boundaries: segment ends, symbols (start, end of sized ones), the entry
     * and the direct call targets outside sized symbols. */
    g->stripped = v.nsym == 0;
    for (i = 0; i < v.nx; i++) {
        pts[npts++] = v.xlo[i];
        pts[npts++] = v.xhi[i];
    }
    for (i = 0; i < v.nsym; i++)
        if (in_code(&v, v.syms[i].value) && !(v.syms[i].value & 3)) {
            pts[npts++] = v.syms[i].value;
            if (v.syms[i].size)
                pts[npts++] = (v.syms[i].value + v.syms[i].size + 3) & ~3u;
        }
    for (a = g->lo; a < g->hi; a += 4) {
        const struct dinsn *d = ref_decode_at(r, a);
        uint32_t t;
        int inside = 0;
        if (!d || d->op != OP_JAL || !is_link(d->rd))
            continue;
        t = a + (uint32_t)d->imm;
        if (!in_code(&v, t) || (t & 3))
            continue;
        for (j = 0; j < v.nsym && !inside; j++)
            inside = v.syms[j].size && t > v.syms[j].value && t < v.syms[j].value + v.syms[j].size;
        if (!inside && npts < cap)
            pts[npts++] = t;
    }
    if (in_code(&v, r->pc[0]) && npts < cap)
        pts[npts++] = r->pc[0];           /* the entry point (threads are reset there) */
    qsort(pts, npts, sizeof *pts, cmp_u32);
    for (i = 0, j = 0; i < npts; i++)
        if (j == 0 || pts[i] != pts[j - 1])
            pts[j++] = pts[i];
    npts = j;
    g->fn = calloc(npts, sizeof *g->fn);
    if (!g->fn) {
        simty_errf(err, n, "out of memory");
        goto fail;
    }
    for (i = 0; i + 1 < npts; i++) {
        struct func *f = &g->fn[g->nfn];
        if (!in_code(&v, pts[i]) || pts[i + 1] <= pts[i])
            continue;
        f->start = pts[i];
        f->end = pts[i + 1];
        snprintf(f->name, sizeof f->name, "sub_%08x", (unsigned)pts[i]);
        for (j = 0; j < v.nsym; j++)
            if (v.syms[j].value == pts[i] && v.syms[j].name[0]) {
                snprintf(f->name, sizeof f->name, "%s", v.syms[j].name);
                f->from_symbol = 1;
                break;
            }
        if (analyse(g, r, f)) {
            simty_errf(err, n, "out of memory");
            goto fail;
        }
        g->nfn++;
    }
    free(pts);
    free(v.syms);
    return g;
fail:
    free(pts);
    free(v.syms);
    cfg_free(g);
    return NULL;
}

void cfg_free(struct cfg *g)
{
    if (!g)
        return;
    free(g->reconv);
    free(g->fn);
    free(g->blk);
    free(g);
}

uint32_t cfg_reconv(const struct cfg *g, uint32_t pc)
{
    if (!g || pc < g->lo || pc >= g->hi || (pc & 3))
        return CFG_EXIT;
    return g->reconv[(pc - g->lo) / 4];
}

static const char *mnem(const struct dinsn *d)
{
    static const char *const br[] = { "beq", "bne", "blt", "bge", "bltu", "bgeu" };
    if (is_branch(d))
        return br[d->op - OP_BEQ];
    if (d->op == OP_JAL)
        return is_call(d) ? "call" : "jal";
    if (d->op == OP_JALR)
        return is_call(d) ? "jalr-call" : (d->rs1 == 1 || d->rs1 == 5) ? "ret" : "jalr";
    return "?";
}

static void print_node(FILE *f, const struct cfg *g, const struct func *fn, uint32_t k)
{
    if (k == NO_NODE)
        fprintf(f, " none");
    else if (k == fn->nb)
        fprintf(f, " exit");
    else
        fprintf(f, " %08x", (unsigned)g->blk[fn->b0 + k].start);
}

void cfg_print(const struct cfg *g, const struct ref *r, FILE *f)
{
    unsigned i, k;
    fprintf(f, "cfg: code %08x..%08x, %u functions%s\n", (unsigned)g->lo, (unsigned)g->hi,
            g->nfn, g->stripped ? " (no symbols: cut at the entry and the call targets)" : "");
    for (i = 0; i < g->nfn; i++) {
        const struct func *fn = &g->fn[i];
        uint32_t pc;
        fprintf(f, "function %s %08x..%08x%s\n", fn->name, (unsigned)fn->start,
                (unsigned)fn->end, fn->from_symbol ? "" : " (no symbol)");
        for (k = 0; k < fn->nb; k++) {
            const struct block *b = &g->blk[fn->b0 + k];
            fprintf(f, "  block %08x..%08x succ", (unsigned)b->start, (unsigned)b->end);
            print_node(f, g, fn, b->succ[0]);
            if (b->succ[1] != NO_NODE)
                print_node(f, g, fn, b->succ[1]);
            fprintf(f, " ipdom");
            print_node(f, g, fn, b->ipdom);
            fprintf(f, "\n");
        }
        /* Every instruction that can split a warp: branches, jalr. */
        for (pc = fn->start; pc < fn->end; pc += 4) {
            const struct dinsn *d = ref_decode_at(r, pc);
            uint32_t rc = cfg_reconv(g, pc);
            if (!d || !(is_branch(d) || d->op == OP_JALR))
                continue;
            if (rc == CFG_EXIT)
                fprintf(f, "  branch %08x %-9s reconv exit\n", (unsigned)pc, mnem(d));
            else
                fprintf(f, "  branch %08x %-9s reconv %08x\n", (unsigned)pc, mnem(d), (unsigned)rc);
        }
    }
}
