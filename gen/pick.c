/*
 * pick.c - selection helpers shared by the units: the round-robin pick, the
 * one-hot AND-OR multiplexer, the one-hot of a binary index.
 */
#include <string.h>

#include "units.h"

/* Round-robin pick among the W bits of `req`, from bit `start` (WARP_W
 * bits) on: the lowest request at or above start, else the lowest of all.
 * With `req_first` (may be NULL), its requests (a subset of req's) go before
 * every other one, in the same round-robin order. One find-first-set on the
 * carry chain over the requests laid out in priority order, {req, req at or
 * above start, req_first, req_first at or above start}, then an OR of the
 * quarters: no multiplexer between a masked and an unmasked search. Drives
 * `valid` (1 bit), `idx` (WARP_W bits, encoded from the one-hot <pfx>_oh);
 * helper wires are named <pfx>_*.  W >= 2. */
void rr_pick(const struct simt_cfg *cfg, struct vmod *m, const char *pfx, const char *req,
             const char *req_first, const char *start, const char *valid, const char *idx)
{
    char mask[40], v[40], f[40], oh[40], enc[1024], w[8];
    size_t n = 0;
    int bit, i, k = req_first ? 4 : 2;
    snprintf(mask, sizeof mask, "%s_from", pfx);
    snprintf(v, sizeof v, "%s_v", pfx);
    snprintf(f, sizeof f, "%s_f", pfx);
    snprintf(oh, sizeof oh, "%s_oh", pfx);
    snprintf(w, sizeof w, "%d*W", k);
    vm_wire(m, mask, "W", "warps at or after the start");
    vm_wire(m, v, w, "the requests in priority order, lowest bit first");
    vm_wire(m, f, w, "its lowest set bit");
    vm_wire(m, oh, "W", "the pick, one-hot");
    vm_assign(m, mask, "{W{1'b1}} << %s", start);
    if (req_first)
        vm_assign(m, v, "{%s, %s & %s, %s, %s & %s}", req, req, mask, req_first, req_first, mask);
    else
        vm_assign(m, v, "{%s, %s & %s}", req, req, mask);
    vm_assign(m, f, "%s & (~%s + 1'b1)", v, v);
    if (req_first)
        vm_assign(m, oh, "%s[0 +: W] | %s[W +: W] | %s[2*W +: W] | %s[3*W +: W]", f, f, f, f);
    else
        vm_assign(m, oh, "%s[0 +: W] | %s[W +: W]", f, f);
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
