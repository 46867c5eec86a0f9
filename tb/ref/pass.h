/*
 * pass.h - which lanes one pass serves (pass.c); the public ref_pass_mask is
 * the same for an instruction given by its PC.  Below it: exec.h (where a
 * data access goes), state.h, decode.h.
 */
#ifndef SIMTY_REF_PASS_H
#define SIMTY_REF_PASS_H

#include "state.h"

/* ref_pass_mask of the instruction d (ref_decode_at of its pc; NULL: every
 * lane of mask). */
uint64_t ref_pass_mask_d(const struct ref *r, unsigned w, const struct dinsn *d, uint64_t mask);

#endif
