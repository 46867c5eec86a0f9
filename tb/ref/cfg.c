/*
 * cfg.c - functions, basic blocks and immediate post-dominators of the
 * loaded program (see cfg.h for the rules).
 */
#define _POSIX_C_SOURCE 200809L
#include "cfg.h"

#include <stdlib.h>
#include <string.h>

#include "elf_load.h"
#include "errf.h"
#include "state.h"
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

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

/* The program's code map (elf_load_code): the file is checked again with
 * the memories it was loaded into, nothing written. */
static int read_code(const struct ref *r, const char *path, struct elf_code *c, char *err, size_t n)
{
    struct elf_mem m;
    memset(&m, 0, sizeof m);
    m.imem_base = SIMTY_IMEM_BASE;
    m.imem_size = r->imem_size;
    m.dmem_base = SIMTY_DMEM_BASE;
    m.dmem_size = r->dmem_size;
    return elf_load_code(path, &m, c, err, n);
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

/* Is the aligned target t inside function f? */
static int in_func(const struct func *f, uint32_t t)
{
    return t >= f->start && t < f->end && !(t & 3);
}

/* Step 1: the leaders of f's n instructions (lead[i]: a block starts at
 * instruction i): the first, the one after a block's end, and the targets
 * of branches and jumps inside f.  Returns how many. */
static uint32_t find_leaders(const struct ref *r, const struct func *f, uint8_t *lead, uint32_t n)
{
    uint32_t i, nb = 0;
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
            if (in_func(f, t))
                lead[(t - f->start) / 4] = 1;
        }
    }
    for (i = 0; i < n; i++)
        nb += lead[i];
    return nb;
}

/* Step 2: f's nb blocks, cut at the leaders, appended to g->blk. */
static int make_blocks(struct cfg *g, struct func *f, const uint8_t *lead, uint32_t n, uint32_t nb)
{
    struct block *B;
    uint32_t i, k;
    if (blk_reserve(g, nb))
        return -1;
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
    return 0;
}

/* Step 3: the successors of block k of f (node f->nb is the function's
 * exit).  A jump out of f goes to the exit, unless it goes to code that ends
 * the thread (no successor: a branch keeps its fall-through only). */
static void link_block(struct cfg *g, const struct ref *r, const struct func *f, uint32_t k)
{
    struct block *b = &g->blk[f->b0 + k];
    uint32_t last = b->end - 4, exitn = f->nb, t;
    uint32_t fall = b->end < f->end ? k + 1 : exitn;
    const struct dinsn *d = ref_decode_at(r, last);
    b->succ[0] = b->succ[1] = NO_NODE;
    b->ipdom = NO_NODE;
    if (!d || !ends_block(r, last, d)) {
        b->succ[0] = fall;
    } else if (ends_thread(r, last, d)) {
        b->succ[0] = exitn;                /* the thread ends: the function's exit */
    } else if (d->op == OP_JALR) {
        b->succ[0] = exitn;                /* return or unknown targets */
    } else {
        t = last + (uint32_t)d->imm;
        b->succ[0] = in_func(f, t) ? block_of(g, f, t) : noreturn_at(r, t) ? NO_NODE : exitn;
        if (b->succ[0] == NO_NODE)
            b->succ[0] = is_branch(d) ? fall : NO_NODE;
        else if (is_branch(d) && fall != b->succ[0])
            b->succ[1] = fall;
    }
}

/* What the post-dominator steps of one function work on: its nb blocks B
 * and the exit, node nb. */
struct pdom {
    const struct block *B;
    uint32_t nb;
    uint32_t *npred, *pstart, *pred;   /* reverse CFG: the predecessors of node x are
                                          pred[pstart[x] .. pstart[x] + npred[x]) */
    uint32_t *po, *order, cnt;         /* postorder number of each node; the cnt nodes
                                          that reach the exit, in postorder */
    uint32_t *stack;                   /* depth-first search: nodes, then next indices */
    uint32_t *ip;                      /* immediate post-dominator of each node */
};

static void pdom_free(struct pdom *p)
{
    free(p->npred);
    free(p->pstart);
    free(p->pred);
    free(p->po);
    free(p->order);
    free(p->stack);
    free(p->ip);
}

static int pdom_alloc(struct pdom *p, const struct block *B, uint32_t nb)
{
    memset(p, 0, sizeof *p);
    p->B = B;
    p->nb = nb;
    p->npred = calloc(nb + 2, sizeof *p->npred);
    p->pstart = calloc(nb + 2, sizeof *p->pstart);
    p->pred = calloc(2 * (size_t)nb + 1, sizeof *p->pred);
    p->po = calloc(nb + 1, sizeof *p->po);
    p->order = calloc(nb + 1, sizeof *p->order);
    p->stack = calloc(2 * ((size_t)nb + 1), sizeof *p->stack);
    p->ip = calloc(nb + 1, sizeof *p->ip);
    if (!p->npred || !p->pstart || !p->pred || !p->po || !p->order || !p->stack || !p->ip) {
        pdom_free(p);
        return -1;
    }
    return 0;
}

/* Step 4: the reverse CFG, the predecessors of every node, exit included. */
static void reverse_cfg(struct pdom *p)
{
    uint32_t k, i, nb = p->nb;
    for (k = 0; k < nb; k++)
        for (i = 0; i < 2; i++)
            if (p->B[k].succ[i] != NO_NODE)
                p->npred[p->B[k].succ[i]]++;
    for (k = 1; k <= nb + 1; k++)
        p->pstart[k] = p->pstart[k - 1] + p->npred[k - 1];
    memset(p->npred, 0, (nb + 2) * sizeof *p->npred);
    for (k = 0; k < nb; k++)
        for (i = 0; i < 2; i++)
            if (p->B[k].succ[i] != NO_NODE) {
                uint32_t s = p->B[k].succ[i];
                p->pred[p->pstart[s] + p->npred[s]++] = k;
            }
}

/* Step 5: depth-first postorder of the reverse CFG from the exit
 * (iterative; nodes that cannot reach the exit keep po = NO_NODE). */
static void postorder(struct pdom *p)
{
    uint32_t sp = 0, k, exitn = p->nb, *stack = p->stack, *it = p->stack + p->nb + 1;
    p->cnt = 0;
    for (k = 0; k <= p->nb; k++)
        p->po[k] = NO_NODE;
    p->po[exitn] = 0;                  /* visited mark; numbered when it finishes */
    stack[sp] = exitn;
    it[sp++] = 0;
    while (sp) {
        uint32_t x = stack[sp - 1];
        if (it[sp - 1] < p->npred[x]) {
            uint32_t y = p->pred[p->pstart[x] + it[sp - 1]++];
            if (p->po[y] == NO_NODE) {
                p->po[y] = 0;
                stack[sp] = y;
                it[sp++] = 0;
            }
        } else {
            p->order[p->cnt] = x;
            p->po[x] = p->cnt++;
            sp--;
        }
    }
}

/* The nearest common post-dominator of a and b (Cooper-Harvey-Kennedy's
 * "intersect", on postorder numbers). */
static uint32_t intersect(const struct pdom *p, uint32_t a, uint32_t b)
{
    while (a != b) {
        while (p->po[a] < p->po[b])
            a = p->ip[a];
        while (p->po[b] < p->po[a])
            b = p->ip[b];
    }
    return a;
}

/* Step 6: immediate post-dominators by Cooper-Harvey-Kennedy on the reverse
 * CFG: there a node's "predecessors" are its CFG successors; nodes in
 * reverse postorder until nothing changes. */
static void post_dominators(struct pdom *p)
{
    uint32_t k, i, j;
    int changed;
    for (k = 0; k <= p->nb; k++)
        p->ip[k] = NO_NODE;
    p->ip[p->nb] = p->nb;
    do {
        changed = 0;
        for (j = p->cnt - 1; j-- > 0;) {    /* order[cnt - 1] is the exit */
            uint32_t b = p->order[j], nw = NO_NODE;
            for (i = 0; i < 2; i++) {
                uint32_t s = p->B[b].succ[i];
                if (s == NO_NODE || p->ip[s] == NO_NODE)
                    continue;
                nw = nw == NO_NODE ? s : intersect(p, s, nw);
            }
            if (p->ip[b] != nw) {
                p->ip[b] = nw;
                changed = 1;
            }
        }
    } while (changed);
}

/* Step 7: the reconvergence PC of every instruction of f: the next one
 * inside a block, else the start of the block's immediate post-dominator. */
static void set_reconv(struct cfg *g, const struct func *f)
{
    const struct block *B = g->blk + f->b0;
    uint32_t k, pc;
    for (k = 0; k < f->nb; k++) {
        uint32_t ipd = B[k].ipdom;
        for (pc = B[k].start; pc < B[k].end; pc += 4)
            g->reconv[(pc - g->lo) / 4] = pc + 4 < B[k].end ? pc + 4
                : (ipd == NO_NODE || ipd == f->nb) ? CFG_EXIT : B[ipd].start;
    }
}

/* Function f's blocks, their successors and immediate post-dominators, and
 * the reconvergence PCs of its instructions.  0, or -1 out of memory. */
static int analyse(struct cfg *g, const struct ref *r, struct func *f)
{
    uint32_t n = (f->end - f->start) / 4, nb, k;
    uint8_t *lead = calloc(n + 1, 1);
    struct pdom p;
    int rc;
    if (!lead)
        return -1;
    nb = find_leaders(r, f, lead, n);
    rc = make_blocks(g, f, lead, n, nb);
    free(lead);
    if (rc)
        return -1;
    for (k = 0; k < nb; k++)
        link_block(g, r, f, k);
    if (pdom_alloc(&p, g->blk + f->b0, nb))
        return -1;
    reverse_cfg(&p);
    postorder(&p);
    post_dominators(&p);
    for (k = 0; k < nb; k++)
        g->blk[f->b0 + k].ipdom = p.ip[k];
    pdom_free(&p);
    set_reconv(g, f);
    return 0;
}

/* ---- functions ------------------------------------------------------------------ */

static int in_code(const struct elf_code *v, uint32_t a)
{
    unsigned i;
    for (i = 0; i < v->nseg; i++)
        if (a >= v->seg_lo[i] && a < v->seg_hi[i])
            return 1;
    return 0;
}

/* The code to analyse: the executable segments, cut to instruction memory
 * and to whole words; without a file, the memory up to its last non-zero
 * word.  g->lo and g->hi: their extent. */
static void code_extent(struct cfg *g, const struct ref *r, struct elf_code *v)
{
    uint32_t i;
    for (i = 0; i < v->nseg; i++) {
        if (v->seg_lo[i] < SIMTY_IMEM_BASE)
            v->seg_lo[i] = SIMTY_IMEM_BASE;
        if (v->seg_hi[i] > SIMTY_IMEM_BASE + r->imem_size || v->seg_hi[i] < v->seg_lo[i])
            v->seg_hi[i] = SIMTY_IMEM_BASE + r->imem_size;
        v->seg_lo[i] = (v->seg_lo[i] + 3) & ~3u;
        v->seg_hi[i] &= ~3u;
    }
    if (v->nseg == 0) {
        uint32_t end = r->imem_size;
        while (end >= 4 && !ref_rd32(r->imem + end - 4))
            end -= 4;
        v->seg_lo[0] = SIMTY_IMEM_BASE;
        v->seg_hi[0] = SIMTY_IMEM_BASE + (end ? end : 4);
        v->nseg = 1;
    }
    g->lo = v->seg_lo[0];
    g->hi = v->seg_hi[0];
    for (i = 1; i < v->nseg; i++) {
        if (v->seg_lo[i] < g->lo)
            g->lo = v->seg_lo[i];
        if (v->seg_hi[i] > g->hi)
            g->hi = v->seg_hi[i];
    }
}

/* Is t inside a sized function symbol (not at its start)? */
static int inside_symbol(const struct elf_code *v, uint32_t t)
{
    uint32_t j;
    for (j = 0; j < v->nfunc; j++)
        if (v->func[j].size && t > v->func[j].value && t < v->func[j].value + v->func[j].size)
            return 1;
    return 0;
}

/* Where functions start and end, sorted, each once, into pts (room for
 * cap): segment ends, symbols (start, and end of sized ones), the direct
 * call targets outside sized symbols and the entry point.  Returns how
 * many. */
static uint32_t boundaries(const struct cfg *g, const struct ref *r, const struct elf_code *v,
                           uint32_t *pts, uint32_t cap)
{
    uint32_t npts = 0, i, j, a;
    for (i = 0; i < v->nseg; i++) {
        pts[npts++] = v->seg_lo[i];
        pts[npts++] = v->seg_hi[i];
    }
    for (i = 0; i < v->nfunc; i++)
        if (in_code(v, v->func[i].value) && !(v->func[i].value & 3)) {
            pts[npts++] = v->func[i].value;
            if (v->func[i].size)
                pts[npts++] = (v->func[i].value + v->func[i].size + 3) & ~3u;
        }
    for (a = g->lo; a < g->hi; a += 4) {
        const struct dinsn *d = ref_decode_at(r, a);
        uint32_t t;
        if (!d || d->op != OP_JAL || !is_link(d->rd))
            continue;
        t = a + (uint32_t)d->imm;
        if (in_code(v, t) && !(t & 3) && !inside_symbol(v, t) && npts < cap)
            pts[npts++] = t;
    }
    if (in_code(v, r->pc[0]) && npts < cap)
        pts[npts++] = r->pc[0];           /* the entry point (threads are reset there) */
    qsort(pts, npts, sizeof *pts, cmp_u32);
    for (i = 0, j = 0; i < npts; i++)
        if (j == 0 || pts[i] != pts[j - 1])
            pts[j++] = pts[i];
    return j;
}

/* Name f after the symbol at its start, else sub_<address>. */
static void name_function(struct func *f, const struct elf_code *v)
{
    uint32_t j;
    snprintf(f->name, sizeof f->name, "sub_%08x", (unsigned)f->start);
    for (j = 0; j < v->nfunc; j++)
        if (v->func[j].value == f->start && v->func[j].name[0]) {
            snprintf(f->name, sizeof f->name, "%s", v->func[j].name);
            f->from_symbol = 1;
            return;
        }
}

/* One function from each boundary in code to the next, analysed.  0, or -1
 * out of memory. */
static int cut_functions(struct cfg *g, const struct ref *r, const struct elf_code *v,
                         const uint32_t *pts, uint32_t npts)
{
    uint32_t i;
    g->fn = calloc(npts, sizeof *g->fn);
    if (!g->fn)
        return -1;
    for (i = 0; i + 1 < npts; i++) {
        struct func *f = &g->fn[g->nfn];
        if (!in_code(v, pts[i]) || pts[i + 1] <= pts[i])
            continue;
        f->start = pts[i];
        f->end = pts[i + 1];
        name_function(f, v);
        if (analyse(g, r, f))
            return -1;
        g->nfn++;
    }
    return 0;
}

struct cfg *cfg_build(const struct ref *r, const char *path, char *err, size_t n)
{
    struct cfg *g = calloc(1, sizeof *g);
    struct elf_code v;
    uint32_t *pts = NULL, npts, cap, i;
    memset(&v, 0, sizeof v);
    if (!g) {
        simty_errf(err, n, "out of memory");
        return NULL;
    }
    if (path && read_code(r, path, &v, err, n))
        goto fail;
    code_extent(g, r, &v);
    g->stripped = v.nfunc == 0;
    g->reconv = malloc(((g->hi - g->lo) / 4 + 1) * sizeof *g->reconv);
    cap = 4 * v.nseg + 2 * v.nfunc + (g->hi - g->lo) / 4 + 8;
    pts = malloc(cap * sizeof *pts);
    if (!g->reconv || !pts) {
        simty_errf(err, n, "out of memory");
        goto fail;
    }
    for (i = 0; i < (g->hi - g->lo) / 4 + 1; i++)
        g->reconv[i] = CFG_EXIT;
    npts = boundaries(g, r, &v, pts, cap);
    if (cut_functions(g, r, &v, pts, npts)) {
        simty_errf(err, n, "out of memory");
        goto fail;
    }
    free(pts);
    elf_code_free(&v);
    return g;
fail:
    free(pts);
    elf_code_free(&v);
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
