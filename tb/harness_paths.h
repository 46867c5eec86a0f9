/* harness_paths.h - the harness's mirror of every warp's path set
 * (harness_paths.c). */
#ifndef HARNESS_PATHS_H
#define HARNESS_PATHS_H
#include <stddef.h>
#include <stdint.h>

#include "simty_config.h"
#include "simty_sim.h"

struct warp_paths {
    int n;
    struct simty_path p[SIMTY_T + 3];
};

struct path_mirror {
    struct warp_paths paths[SIMTY_W];
    unsigned peak_paths, peak_warp[SIMTY_W], cct_peak;
#if SIMTY_TRACK_ARBITER
    uint32_t entry;
    unsigned char seen[SIMTY_W], dead_before[SIMTY_W * SIMTY_T];
    struct thread_pc {
        uint32_t pc;
        unsigned depth;
    } tp[SIMTY_W * SIMTY_T];
#endif
};

/* Every warp's threads on one path at the entry (the core after reset). */
void mirror_reset(struct path_mirror *m, uint32_t entry);
/* The pass t resolved; running: the lanes of warp t->wid still running after
 * it.  0, or -1 with the first inconsistency found in err. */
int mirror_update(struct path_mirror *m, const struct simty_trace *t, uint64_t running,
                  char *err, size_t errlen);
/* Every warp's paths, to stdout (the hang report). */
void mirror_hang_report(const struct path_mirror *m);
#endif
