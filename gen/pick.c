/*
 * pick.c - selection helpers shared by the units: the round-robin pick, the
 * one-hot AND-OR multiplexer, the one-hot of a binary index.
 */
#include <string.h>

#include "units.h"

/* Round-robin pick among the W bits of `req`, from bit `start` (WARP_W
 * bits) on: the lowest request at or above start, else the lowest of all
 * (a masked and an unmasked find-first-set, each one adder's carry chain,
 * then a one-hot encoder).  Drives `valid` (1 bit) and `idx` (WARP_W bits);
 * helper wires are named <pfx>_*.  W >= 2. */
void rr_pick(const struct simt_cfg *cfg, struct vmod *m, const char *pfx, const char *req,
             const char *start, const char *valid, const char *idx)
{
    char hi[40], any[40], oh[40], enc[1024];
    size_t n = 0;
    int bit, i;
    snprintf(hi, sizeof hi, "%s_hi", pfx);
    snprintf(any, sizeof any, "%s_req", pfx);
    snprintf(oh, sizeof oh, "%s_oh", pfx);
    vm_wire(m, hi, "W", "requests at or after the start");
    vm_wire(m, any, "W", "the requests searched");
    vm_wire(m, oh, "W", "the pick, one-hot: the lowest of them");
    vm_assign(m, hi, "%s & ({W{1'b1}} << %s)", req, start);
    vm_assign(m, any, "|%s ? %s : %s", hi, hi, req);
    vm_assign(m, oh, "%s & (~%s + 1'b1)", any, any);
    vm_assign(m, valid, "|%s", req);
    n += (size_t)snprintf(enc + n, sizeof enc - n, "{");
    for (bit = cfg->warp_id_bits - 1; bit >= 0; bit--) {
        n += (size_t)snprintf(enc + n, sizeof enc - n, "|(%s & %d'b", oh, cfg->w);
        for (i = cfg->w - 1; i >= 0; i--)
            n += (size_t)snprintf(enc + n, sizeof enc - n, "%d", (i >> bit) & 1);
        n += (size_t)snprintf(enc + n, sizeof enc - n, ")%s", bit ? ", " : "}");
    }
    vm_assign(m, idx, "%s", enc);
}

/* An always block `label` that, for every i in [0, n) with oh[i] set, ORs each
 * field's source (an expression of `var`) into its destination, declared here
 * as a reg.  With `oh` one-hot this is a multiplexer without a decoder: each
 * output bit is an OR of ANDs, two LUT levels for eight inputs, and the
 * one-hot select needs no encoder before it. */
void oh_select(struct vmod *m, const char *label, const char *oh, const char *n,
               const char *var, const struct oh_field *f, size_t nf)
{
    struct vblock *b;
    size_t i;
    for (i = 0; i < nf; i++)
        vm_reg(m, f[i].dst, f[i].width, f[i].doc);
    b = vm_comb(m, label);
    for (i = 0; i < nf; i++) {
        const char *w = f[i].width;
        if (strspn(w, "0123456789") == strlen(w))
            vb_default(b, f[i].dst, "%s'd0", w);
        else if (strspn(w, "ABCDEFGHIJKLMNOPQRSTUVWXYZ_") == strlen(w))
            vb_default(b, f[i].dst, "{%s{1'b0}}", w);
        else
            vb_default(b, f[i].dst, "{(%s){1'b0}}", w);
    }
    vb_for(b, var, "0", n);
    vb_if(b, "%s[%s]", oh, var);
    for (i = 0; i < nf; i++)
        vb_set(b, f[i].dst, "%s | %s", f[i].dst, f[i].src);
    vb_end(b);
    vb_end(b);
}

/* The W-bit one-hot of the WARP_W-bit index `idx`, all zero when `en` is low:
 * ({W{en}} & (1 << idx)); when W = 1 the index is 0 (its one bit is read so
 * that it is not left unused).  Writes the expression to buf and returns it. */
const char *oh_of(const struct simt_cfg *cfg, char *buf, size_t len, const char *en,
                  const char *idx)
{
    if (cfg->w == 1)
        snprintf(buf, len, "(%s && %s == 1'b0)", en, idx);
    else
        snprintf(buf, len, "({W{%s}} & ({{(W-1){1'b0}}, 1'b1} << %s))", en, idx);
    return buf;
}
