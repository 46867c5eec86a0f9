/*
 * latency.c - the reference model's latency model (latency.h), shared by
 * every policy and the run loop (run.c), so that its cycles can be set
 * beside the RTL's.
 *
 * It follows the core's issue rule (gen/ARCHITECTURE.md): one warp-instruction
 * issues per cycle, round-robin among the warps that are ready; an
 * instruction issued at t resolves at t + 7 and redirects fetch at t + 8.
 * The same path may issue its next instruction
 *  - at t + 1 (t + 3 when it jumps: jal, a taken backward branch; the fetch
 *    redirect, REF_LAT_TAKEN) when the path holds every live thread of its
 *    warp and the instruction goes where static prediction said with all its
 *    threads: not `jalr`, a call or a system instruction (ecall, ebreak, CSR
 *    read); a branch that does not split and goes the predicted way
 *    (backward taken, forward not taken); a memory access served in one pass;
 *    The same holds for a path-neutral instruction (on to PC + 4 with all its
 *    threads) of a minsp-pc warp with several paths while PC + 4 stays
 *    before HCT2's PC (pathlist.h: the sorted list's follow-on);
 *  - at t + 10 otherwise (REF_LAT_RESOLVE: redirect, fetch, schedule): after
 *    a split, a mispredicted branch, a replay, and for the other instructions
 *    of a warp whose threads are on several paths (the core runs those one at
 *    a time);
 *  - and not before its source registers are written: ALU results at t + 6
 *    (REF_LAT_ALU), loads at t + 10 (REF_LAT_LOAD; multiplies and the A
 *    instructions too: their rd comes through the load write-back), per
 *    thread.
 * A path of the stack policies is the warp's issuing stack entry; each split
 * of mp-ipdom is a path of its own, so the splits of one warp interleave and
 * hide each other's loop (the point of MP-IPDOM).  Not modelled: the fetch
 * queues, bank conflicts of the register file, the sorted list's lazy CCT
 * (the model's order is exact), memory latency beyond the load's t + 10.
 * A finished run's cycles are its last issue + REF_LAT_RESOLVE (ref_stats).
 *
 * Calibration: `make perf PERF_CFGS="1x1 1x8 8x8" TRACK=sorted` against
 * simty-ref --policy minsp-pc on the same programs, cycles per warp
 * instruction RTL / model: 1x1 apps 4.50 / 4.00, simt 4.69 / 4.43; 1x8
 * (divergent: the resolve loop) apps 8.74 / 8.38, simt 8.29 / 8.12; 8x8
 * apps 1.50 / 1.31, simt 1.35 / 1.21.  A loop of 9 (docs/bench/README.md)
 * gives 7.61 and 7.41 at 1x8, 11 gives 9.15 and 8.84: 10 fits best.  On
 * the 13 bench kernels (seed 1) model / sorted RTL cycles are 0.85 to 1.04
 * at 1x1, 0.69 to 0.97 at 8x8, 0.62 to 0.99 at 4x64: the model is
 * optimistic (no register-bank, memory-port or fetch-queue conflicts, the
 * exact MinSP-PC order rather than the lazy CCT), most where many warps or
 * lanes compete.  Its cycles rank policies; beside the RTL they are a lower
 * bound.
 */
#include "latency.h"

uint64_t ref_reg_ready_lanes(const struct ref *r, unsigned w, unsigned reg, uint64_t mask)
{
    const uint64_t *rr = r->reg_ready + (((size_t)w * 32 + reg) << r->lg_t);
    uint64_t t = 0, m;
    for (m = mask; m; m &= m - 1) {
        uint64_t x = rr[__builtin_ctzll(m)];
        if (x > t)
            t = x;
    }
    return t;
}

uint64_t ref_operands_ready(const struct ref *r, unsigned w, uint32_t pc, uint64_t mask)
{
    const struct dinsn *d = ref_decode_at(r, pc);
    if (!d || !mask)
        return 0;
    return ref_operands_after(r, w, d, mask, 0);
}

uint64_t ref_written(uint64_t served, const struct simty_effect *eff)
{
    uint64_t m, wmask = 0;
    for (m = served; m; m &= m - 1) {
        unsigned lane = (unsigned)__builtin_ctzll(m);
        if (eff[lane].rd)
            wmask |= 1ull << lane;
    }
    return wmask;
}

unsigned ref_timing_issue(struct ref *r, unsigned w, const struct dinsn *d, uint32_t pc,
                          const struct ref_path *head, uint64_t served, uint64_t wmask,
                          const struct ref_path *g, unsigned ng, int single, uint64_t t)
{
    if (d)
        ref_ready_write(r, w, d, wmask, t);
    return ref_lat(d, pc, single && served == head->mask, g, ng);
}
