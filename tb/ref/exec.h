/*
 * exec.h - the executor: what one thread does when it executes an
 * instruction (registers, memory and MMIO, CSRs, traps, exit), for the lanes
 * of a pass in increasing lane order, and the fast paths the stand-alone run
 * takes when nobody reads the effects.  It does not decide which lanes run
 * (pass.h, the run loop) nor where they go next (group.h, the policies).
 * Below it: state.h and decode.h only.
 */
#ifndef SIMTY_REF_EXEC_H
#define SIMTY_REF_EXEC_H

#include "state.h"

/* Execute the lanes of mask (all alive, at pc) of warp w; cyc is what
 * `cycle` reads; eff[lane] gets each lane's effect. */
void ref_exec(struct ref *r, unsigned w, uint32_t pc, uint64_t mask, uint64_t cyc,
              struct simty_effect *eff);

/* The fast paths of the stand-alone run, where nobody reads the effects.
 * Registers, memory and counters exactly as ref_exec, no effects; the
 * thread PCs are left as they are: the lanes are at their path's PC, and
 * the run loop writes them when it returns.
 * Execute a DK_UNIFORM instruction for the lanes of mask. */
void ref_exec_uniform(struct ref *r, unsigned w, uint32_t pc, uint64_t mask, uint64_t cyc,
                      const struct dinsn *d);
/* A load or a store (d) for the lanes of mask (a pass, ref_pass_mask) when
 * every lane's access is aligned and in data memory: 1; else 0 and nothing
 * done. */
int ref_exec_mem(struct ref *r, unsigned w, uint64_t mask, const struct dinsn *d);
/* A conditional branch with an aligned target (imm % 4 == 0), for the lanes
 * of mask: the lanes that take it. */
uint64_t ref_exec_branch(struct ref *r, unsigned w, uint64_t mask, const struct dinsn *d);

/* Where a data access of n bytes at a goes: 0 data memory, 1 MMIO page,
 * -1 misaligned, -2 access fault (misalignment is checked first). */
static inline int ref_mem_classify(const struct ref *r, uint32_t a, unsigned n)
{
    if (a & (n - 1))
        return -1;
    if (a >= SIMTY_DMEM_BASE && a - SIMTY_DMEM_BASE < r->dmem_size)
        return 0;
    if (a >= SIMTY_MMIO_BASE && a - SIMTY_MMIO_BASE < SIMTY_MMIO_SIZE)
        return 1;
    return -2;
}

#endif
