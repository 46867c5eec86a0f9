/*
 * harness_paths.c - the harness's mirror of every warp's path set.
 *
 * Rebuilt from the trace ports at each resolved pass and checked against the
 * tracker: sorted list, every live thread in exactly one path (and, with the
 * exact sorter, the head handed out is the minimum); arbiter, the active lanes
 * and the choice x.  It gives the hang report and the paths statistics.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>

#include "harness_paths.h"

/* The first failure of an update, kept in the caller's buffer. */
struct fail {
    char *buf;
    size_t n;
    int bad;
};

/* A new thread's depth field: with forward progress (SIMTY_YIELD) bit 7 set,
 * the mark of a path that has not yielded (gen/yield.c). */
#ifdef SIMTY_YIELD
#define DEPTH0 0x80u
#else
#define DEPTH0 0u
#endif

static void failed(struct fail *f, const char *fmt, ...)
{
    va_list ap;
    if (f->bad)
        return;
    f->bad = 1;
    va_start(ap, fmt);
    vsnprintf(f->buf, f->n, fmt, ap);
    va_end(ap);
}

void mirror_reset(struct path_mirror *r, uint32_t entry)
{
    for (unsigned w = 0; w < SIMTY_W; w++) {
        r->paths[w].n = 1;
        r->paths[w].p[0].valid = 1;
        r->paths[w].p[0].pc = entry;
        r->paths[w].p[0].depth = DEPTH0;
        r->paths[w].p[0].mask = SIMTY_T == 64 ? ~0ull : (1ull << SIMTY_T) - 1;
    }
#if SIMTY_TRACK_ARBITER
    r->entry = entry;
#endif
}

#if !SIMTY_TRACK_ARBITER
static int same_path(const struct simty_path *a, const struct simty_path *b)
{
    return a->pc == b->pc && a->mask == b->mask && a->depth == b->depth;
}

static int mirror_take(struct warp_paths *wp, const struct simty_path *p)
{
    for (int i = 0; i < wp->n; i++) {
        if (same_path(&wp->p[i], p)) {
            wp->p[i] = wp->p[--wp->n];
            return 1;
        }
    }
    return 0;
}

#if SIMTY_SORTER_EXACT
/* The exact CCT merges the heap's root into y when they share a PC, and into
 * the head path (absorb): the second or head path is then the union of
 * mirrored paths at its PC. */
static int mirror_take_merged(struct warp_paths *wp, const struct simty_path *p)
{
    uint64_t u = 0;
    unsigned d = 0;
    for (int i = 0; i < wp->n; i++)
        if (wp->p[i].pc == p->pc && !(wp->p[i].mask & ~p->mask)) {
            u |= wp->p[i].mask;
            d = wp->p[i].depth > d ? wp->p[i].depth : d;
        }
    if (u != p->mask || d != p->depth)
        return 0;
    for (int i = 0; i < wp->n;)
        if (wp->p[i].pc == p->pc && !(wp->p[i].mask & ~p->mask))
            wp->p[i] = wp->p[--wp->n];
        else
            i++;
    return 1;
}
#endif
#endif

#if SIMTY_TRACK_ARBITER
/* Arbiter: each thread has its own PC.  Mirror them from a and b and check
 * the tracker's membership (h1 = the active lanes) and its choice x (deepest,
 * then lowest PC, and every live thread at that PC). */

int mirror_update(struct path_mirror *r, const struct simty_trace *t, uint64_t running,
                   char *err, size_t errlen)
{
    struct thread_pc *tp = r->tp;
    struct warp_paths *wp = &r->paths[t->wid];
    struct fail f = {err, errlen, 0};
    uint64_t active = 0, live = 0, xmask = 0;
    unsigned base = t->wid * SIMTY_T, best = SIMTY_T;

    if (!r->seen[t->wid]) {                 /* first pass of the warp: all at the entry */
        r->seen[t->wid] = 1;
        for (unsigned l = 0; l < SIMTY_T; l++) {
            tp[base + l].pc = r->entry;
            tp[base + l].depth = DEPTH0;
        }
    }
    for (unsigned l = 0; l < SIMTY_T; l++)
        if ((running | t->exec) >> l & 1)
            if (tp[base + l].pc == t->pc && !(r->dead_before[base + l]))
                active |= 1ull << l;
    if (active != t->h1.mask)
        failed(&f, "warp %u pc %08" PRIx32 ": active lanes %" PRIx64 ", threads there %" PRIx64,
               t->wid, t->pc, t->h1.mask, active);
    /* a yield marks a's and b's threads; when every other live thread is marked, it
     * unmarks them all (path_arbiter) */
    int unmark = t->yield;
    for (unsigned l = 0; l < SIMTY_T; l++)
        if ((running >> l & 1) && !((t->a.mask | t->b.mask) >> l & 1) && (tp[base + l].depth & 0x80))
            unmark = 0;
    for (unsigned l = 0; l < SIMTY_T; l++) {
        struct thread_pc *p = &tp[base + l];
        if (t->a.mask >> l & 1) {
            p->pc = t->a.pc;
            p->depth = t->yield ? t->a.depth & 0x7fu : t->a.depth;
        } else if (t->b.mask >> l & 1) {
            p->pc = t->b.pc;
            p->depth = t->yield ? t->b.depth & 0x7fu : t->b.depth;
        } else if (unmark) {
            p->depth |= 0x80u;
        }
        if (!(running >> l & 1)) {
            r->dead_before[base + l] = 1;
            continue;
        }
        live |= 1ull << l;
        if (best == SIMTY_T || p->depth > tp[base + best].depth ||
            (p->depth == tp[base + best].depth && p->pc < tp[base + best].pc))
            best = l;
    }
    if (best < SIMTY_T)
        for (unsigned l = 0; l < SIMTY_T; l++)
            if ((live >> l & 1) && tp[base + l].pc == tp[base + best].pc)
                xmask |= 1ull << l;
    if (t->x.valid != (live != 0) ||
        (live && (t->x.pc != tp[base + best].pc || t->x.depth != tp[base + best].depth ||
                  t->x.mask != xmask)))
        failed(&f, "warp %u: arbiter chose %08" PRIx32 "/%" PRIx64 "/%u, expected %08" PRIx32
               "/%" PRIx64 "/%u", t->wid, t->x.pc, t->x.mask, t->x.depth,
               live ? tp[base + best].pc : 0, xmask, live ? tp[base + best].depth : 0);
    /* The path view for the hang report and statistics: threads grouped by PC. */
    wp->n = 0;
    for (unsigned l = 0; l < SIMTY_T; l++) {
        int k;
        if (!(live >> l & 1))
            continue;
        for (k = 0; k < wp->n && wp->p[k].pc != tp[base + l].pc; k++)
            ;
        if (k == wp->n) {
            wp->p[k].valid = 1;
            wp->p[k].pc = tp[base + l].pc;
            wp->p[k].mask = 0;
            wp->p[k].depth = 0;
            wp->n++;
        }
        wp->p[k].mask |= 1ull << l;
        if (tp[base + l].depth > wp->p[k].depth)
            wp->p[k].depth = tp[base + l].depth;
    }
    if ((unsigned)wp->n > r->peak_warp[t->wid])
        r->peak_warp[t->wid] = (unsigned)wp->n;
    if ((unsigned)wp->n > r->peak_paths)
        r->peak_paths = (unsigned)wp->n;
    return f.bad ? -1 : 0;
}
#else
/* Sorted list: a pass replaced the warp's head path h1 and second path c by
 * x, y, z; the path set must still hold every live thread exactly once. */
int mirror_update(struct path_mirror *r, const struct simty_trace *t, uint64_t running,
                   char *err, size_t errlen)
{
    struct warp_paths *wp = &r->paths[t->wid];
    struct fail f = {err, errlen, 0};
    const struct simty_path *out[3] = {&t->x, &t->y, &t->z};
    uint64_t live = 0, seen = 0;

    if (t->h1.valid && !mirror_take(wp, &t->h1)
#if SIMTY_SORTER_EXACT
        && !mirror_take_merged(wp, &t->h1)
#endif
    )
        failed(&f, "warp %u: head path %08" PRIx32 "/%" PRIx64 " is not in its path set",
               t->wid, t->h1.pc, t->h1.mask);
    if (t->c.valid && !mirror_take(wp, &t->c)
#if SIMTY_SORTER_EXACT
        && !mirror_take_merged(wp, &t->c)
#endif
    )
        failed(&f, "warp %u: second path %08" PRIx32 "/%" PRIx64 " is not in its path set",
               t->wid, t->c.pc, t->c.mask);
    for (int i = 0; i < 3; i++)
        if (out[i]->valid && wp->n < (int)(sizeof wp->p / sizeof wp->p[0]))
            wp->p[wp->n++] = *out[i];
    for (int i = 0; i < wp->n; i++) {
        if (!wp->p[i].mask || (wp->p[i].mask & seen))
            failed(&f, "warp %u: path %08" PRIx32 " has an empty or overlapping mask %" PRIx64,
                   t->wid, wp->p[i].pc, wp->p[i].mask);
        seen |= wp->p[i].mask;
    }
    live = running;
    if (seen != live)
        failed(&f, "warp %u: paths hold threads %" PRIx64 " but the live threads are %" PRIx64,
               t->wid, seen, live);
#if SIMTY_SORTER_EXACT
    /* Exact sorter: the head handed out is the minimum of the warp's paths
     * (MinSP-PC: deeper first, then lower PC). */
    for (int i = 0; t->x.valid && i < wp->n; i++) {
        const struct simty_path *p = &wp->p[i];
        if (p->depth > t->x.depth || (p->depth == t->x.depth && p->pc < t->x.pc))
            failed(&f, "warp %u: head %08" PRIx32 "/%u handed out before path %08" PRIx32
                   "/%u (exact sorter)", t->wid, t->x.pc, t->x.depth, p->pc, p->depth);
    }
#endif
    if ((unsigned)wp->n > r->peak_warp[t->wid])
        r->peak_warp[t->wid] = (unsigned)wp->n;
    if ((unsigned)wp->n > r->peak_paths)
        r->peak_paths = (unsigned)wp->n;
    if (wp->n > 2 && (unsigned)wp->n - 2 > r->cct_peak)
        r->cct_peak = (unsigned)wp->n - 2;
    if (wp->n > 2 && wp->n - 2 > (SIMTY_T > 2 ? SIMTY_T - 2 : 0))
        failed(&f, "warp %u: %d paths, more than the CCT holds", t->wid, wp->n);
    return f.bad ? -1 : 0;
}
#endif

void mirror_hang_report(const struct path_mirror *r)
{
    printf("  paths per warp (pc/mask/depth):\n");
    for (unsigned w = 0; w < SIMTY_W; w++) {
        const struct warp_paths *wp = &r->paths[w];
        if (!wp->n)
            continue;
        printf("  warp %u:", w);
        for (int i = 0; i < wp->n; i++)
            printf(" %08" PRIx32 "/%0*" PRIx64 "/%u", wp->p[i].pc, (SIMTY_T + 3) / 4, wp->p[i].mask,
                   wp->p[i].depth);
        printf("\n");
    }
}
