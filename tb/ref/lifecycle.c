/*
 * lifecycle.c - the reference model's life cycle: ref_new (allocation, the
 * stack policies' tables), ref_load_elf (the image, through the shared ELF
 * loader, and the post-dominators the stack policies need), ref_reset
 * (decode the instruction memory; threads, paths, latency state and
 * statistics to their start), ref_free; and the accessors of the state.
 * The top layer beside the run loop: it calls the decoder, the policies'
 * resets (pathlist.h, stack.h) and the CFG (cfg.h); nothing calls it.
 */
#include <stdlib.h>
#include <string.h>

#include "cfg.h"
#include "decode.h"
#include "elf_load.h"
#include "errf.h"
#include "pathlist.h"
#include "rtltime.h"
#include "stack.h"
#include "state.h"

/* The arrays of r (its configuration set): 0, or -1 when one is missing
 * (ref_free frees what was allocated). */
static int alloc_state(struct ref *r)
{
    const struct ref_config *c = &r->cfg;
    size_t nth = (size_t)c->W * c->T;
    unsigned w;
    r->imem = calloc(r->imem_size, 1);
    r->dmem = calloc(r->dmem_size, 1);
    r->dec = calloc(r->imem_size / 4, sizeof *r->dec);
    r->x = calloc(nth * 32, sizeof *r->x);
    r->pc = calloc(nth, sizeof *r->pc);
    r->th = calloc(nth, sizeof *r->th);
    r->wl = calloc(c->W, sizeof *r->wl);
    r->eff = calloc(c->T, sizeof *r->eff);
    r->ready = calloc(c->W, sizeof *r->ready);
    r->reg_ready = calloc(nth * 32, sizeof *r->reg_ready);
    r->reg_ready_w = calloc((size_t)c->W * 32, sizeof *r->reg_ready_w);
    r->reg_ready_hi = calloc((size_t)c->W * 32, sizeof *r->reg_ready_hi);
    r->alive = calloc(c->W, sizeof *r->alive);
    r->wready = calloc(c->W, sizeof *r->wready);
    if (!r->imem || !r->dmem || !r->dec || !r->x || !r->pc || !r->th || !r->wl || !r->eff ||
        !r->ready || !r->reg_ready || !r->reg_ready_w || !r->reg_ready_hi || !r->alive || !r->wready ||
        (REF_POLICY_IS_STACK(c->policy) && ref_stack_alloc(r)) ||
        (c->timing == REF_TIMING_RTL && rt_alloc(r)))
        return -1;
    for (w = 0; w < c->W; w++) {
        r->wl[w].p = calloc(c->T + 4, sizeof *r->wl[w].p);
        if (!r->wl[w].p)
            return -1;
    }
    return 0;
}

struct ref *ref_new(const struct ref_config *c, char *err, size_t n)
{
    struct ref *r;
    if (ref_config_check(c, err, n))
        return NULL;
    r = calloc(1, sizeof *r);
    if (!r) {
        simty_errf(err, n, "out of memory");
        return NULL;
    }
    r->cfg = *c;
    while ((1u << r->lg_t) < c->T)
        r->lg_t++;
    r->all = c->T == 64 ? ~0ull : (1ull << c->T) - 1;
    r->imem_size = c->imem_kib << 10;
    r->dmem_size = c->dmem_kib << 10;
    r->yield_k = c->policy == REF_POLICY_MINSP_PC ? ref_yield_jumps(c) : 0;
    r->depth_bits = r->yield_k ? REF_DEPTH_MAX >> 1 : REF_DEPTH_MAX;
    if (alloc_state(r)) {
        ref_free(r);
        simty_errf(err, n, "out of memory");
        return NULL;
    }
    ref_reset(r, SIMTY_IMEM_BASE);
    return r;
}

void ref_free(struct ref *r)
{
    unsigned w;
    if (!r)
        return;
    if (r->wl)
        for (w = 0; w < r->cfg.W; w++)
            free(r->wl[w].p);
    free(r->wl);
    free(r->imem);
    free(r->dmem);
    free(r->dec);
    free(r->x);
    free(r->pc);
    free(r->th);
    free(r->eff);
    free(r->ready);
    free(r->reg_ready);
    free(r->reg_ready_w);
    free(r->reg_ready_hi);
    free(r->alive);
    free(r->wready);
    ref_stack_free(r);
    rt_free(r->rt);
    cfg_free(r->graph);
    free(r);
}

const struct ref_config *ref_config_of(const struct ref *r) { return &r->cfg; }
void ref_set_console(struct ref *r, struct console *con) { r->con = con; }
uint8_t *ref_imem(struct ref *r) { return r->imem; }
uint8_t *ref_dmem(struct ref *r) { return r->dmem; }
uint32_t ref_imem_size(const struct ref *r) { return r->imem_size; }
uint32_t ref_dmem_size(const struct ref *r) { return r->dmem_size; }
const char *ref_error(const struct ref *r) { return r->err; }
void ref_set_check_invariants(struct ref *r, int on) { r->check_inv = on; }
const struct report_thread *ref_threads(const struct ref *r) { return r->th; }
uint32_t ref_reg(const struct ref *r, unsigned tid, unsigned reg)
{
    return ref_xreg(r, tid >> r->lg_t, reg & 31)[tid & (r->cfg.T - 1)];
}
uint32_t ref_pc(const struct ref *r, unsigned tid) { return r->pc[tid]; }
uint64_t ref_cycle(const struct ref *r) { return r->cycle; }

int ref_load_elf(struct ref *r, const char *path, struct elf_info *info, char *err, size_t n)
{
    struct elf_mem m = ELF_MEM_SIMTY(r->imem, r->imem_size, r->dmem, r->dmem_size);
    if (elf_load(path, &m, info, err, n))
        return -1;
    ref_reset(r, info->entry);
    cfg_free(r->graph);
    r->graph = NULL;
    if (REF_POLICY_IS_STACK(r->cfg.policy) && !(r->graph = cfg_build(r, path, err, n)))
        return -1;
    return 0;
}

/* The instruction memory, decoded once (it is not writable). */
static void decode_image(struct ref *r)
{
    uint32_t k, word;
    struct dinsn zero;        /* most of the memory: zero words, decoded once */
    ref_decode(0, &zero, r->cfg.isa_m, r->cfg.isa_a, r->lg_t);
    for (k = 0; k < r->imem_size / 4; k++) {
        word = ref_rd32(r->imem + 4 * (size_t)k);
        if (word)
            ref_decode(word, &r->dec[k], r->cfg.isa_m, r->cfg.isa_a, r->lg_t);
        else
            r->dec[k] = zero;
    }
}

/* Every thread alive at entry, its registers zero, no reservation (RA and
 * V 0), no backward jump counted (the yield rule). */
static void reset_threads(struct ref *r, uint32_t entry)
{
    size_t nth = (size_t)r->cfg.W * r->cfg.T, t;
    unsigned w;
    memset(r->x, 0, nth * 32 * sizeof *r->x);
    memset(r->th, 0, nth * sizeof *r->th);
    for (t = 0; t < nth; t++)
        r->pc[t] = entry;
    for (w = 0; w < r->cfg.W; w++)
        r->alive[w] = r->all;
    memset(r->resv_addr, 0, sizeof r->resv_addr);
    memset(r->resv_valid, 0, sizeof r->resv_valid);
    r->resv_warps = 0;
    memset(r->yield_cnt, 0, sizeof r->yield_cnt);
    r->yield_read = 0;
}

/* The latency model's state: every register written at cycle 0, every warp
 * ready, every warp's ready cycle to compute (wstale). */
static void reset_timing(struct ref *r)
{
    size_t nth = (size_t)r->cfg.W * r->cfg.T;
    unsigned w, reg;
    memset(r->reg_ready, 0, nth * 32 * sizeof *r->reg_ready);
    memset(r->ready, 0, r->cfg.W * sizeof *r->ready);
    for (w = 0; w < r->cfg.W; w++)
        for (reg = 0; reg < 32; reg++)
            r->reg_ready_w[w * 32 + reg] = r->reg_ready_hi[w * 32 + reg] = 0;  /* every lane: at 0 */
    r->wstale = r->cfg.W == 64 ? ~0ull : (1ull << r->cfg.W) - 1;
}

/* The clock, the round-robin pointer and the statistics. */
static void reset_counters(struct ref *r)
{
    unsigned w;
    r->cycle = r->warp_insts = r->thread_insts = 0;
    r->divergences = r->merges = r->replays = r->yields = 0;
    r->last_issue = 0;
    r->err[0] = 0;
    for (w = 0; w < r->cfg.W; w++)
        r->peak[w] = 1;
    r->live_warps = r->cfg.W;
    r->rr = 0;
}

void ref_reset(struct ref *r, uint32_t entry)
{
    decode_image(r);
    reset_threads(r, entry);
    reset_timing(r);
    reset_counters(r);
    ref_list_reset(r, entry);          /* (the view of the stack policies too) */
    if (r->ws)
        ref_stack_reset(r, entry);
    r->order = REF_ORDER_POLICY;
    memset(r->lz_ptr, 0, sizeof r->lz_ptr);
    r->lz_match = 0;
    r->lz_moved = 0;
    if (r->rt)
        rt_reset(r, entry);
    if (r->rt && r->cfg.track == REF_TRACK_SORTED && r->cfg.policy == REF_POLICY_MINSP_PC)
        r->order = ref_sorter_is_exact(&r->cfg) ? REF_ORDER_EXACT : REF_ORDER_LAZY;
}
