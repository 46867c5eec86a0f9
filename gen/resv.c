/*
 * resv.c - simty_resv: the reservations of lr.w / sc.w (ISA=rv32ia, rv32ima).
 */
#include "units.h"
#include "simty_map.h"

/* The unit's description, parameters and ports. */
static void resv_interface(const struct simt_cfg *cfg, struct vmod *m)
{
    char lit[32];

    vm_describe(m, "Reservations of lr.w and sc.w: per warp one reserved word (its address in "
                   "data memory) and per thread a valid bit, in flip-flops. They change as "
                   "the passes send their data requests, in that order: an lr.w pass reserves "
                   "the leader's word for the served lanes at that word (it keeps the warp's "
                   "other holders of that word, drops the rest); an sc.w pass clears its "
                   "leader's bit; every request that writes a byte of a reserved word clears "
                   "that warp's bits. An sc.w's leader succeeds when its bit is set, the word "
                   "is its warp's and the request going out in the same cycle does not write "
                   "it (the one change the registers do not hold yet; lr.w and sc.w are not "
                   "followed, so no older one of the warp is in flight).");
    vm_latency(m, "sc_ok_o combinational (split stage); the reservations change at the end of "
                  "the cycle the request goes out");
    vm_localparam(m, "W", cfg->w, "warps");
    vm_localparam(m, "T", cfg->t, "threads per warp");
    vm_localparam(m, "WARP_W", cfg->warp_id_w, "max(1, log2(W))");
    vm_localparam(m, "LANE_W", cfg->lane_id_w, "max(1, log2(T))");
    vm_localparam(m, "OFF_W", cfg->block_off_bits, "log2(4 * T): byte offset in a block");
    vm_localparam(m, "DMEM_AW", cfg->dmem_addr_w, "log2(DMEM bytes = %ld)", cfg->dmem_bytes);
    vm_localparam(m, "RA_W", cfg->dmem_addr_w - 2, "a word address in data memory");
    snprintf(lit, sizeof lit, "%d'h%x", 32 - cfg->dmem_addr_w,
             (unsigned)SIMTY_DMEM_BASE >> cfg->dmem_addr_w);
    vm_localparam_lit(m, "DMEM_TAG", 32 - cfg->dmem_addr_w, lit, "DMEM base >> DMEM_AW");
    vm_port(m, VM_IN, "clk_i", "1", NULL);
    vm_port(m, VM_IN, "rst_i", "1", NULL);
    vm_group(m, "split stage (issue + 6): an sc.w's leader");
    vm_port(m, VM_IN, "n_wid_i", "WARP_W", NULL);
    vm_port(m, VM_IN, "n_leader_i", "LANE_W", NULL);
    vm_port(m, VM_IN, "n_word_i", "RA_W", "the leader's word address in data memory");
    vm_port(m, VM_OUT, "sc_ok_o", "1", "the leader may write: its reservation holds");
    vm_group(m, "the data request going out (issue + 7)");
    vm_port(m, VM_IN, "req_i", "1", NULL);
    vm_port(m, VM_IN, "we_i", "1", NULL);
    vm_port(m, VM_IN, "blk_i", "32-OFF_W", "block address bits 31..OFF_W");
    vm_port(m, VM_IN, "strb_i", "4*T", NULL);
    vm_port(m, VM_IN, "wid_i", "WARP_W", NULL);
    vm_port(m, VM_IN, "lr_i", "1", "an lr.w pass");
    vm_port(m, VM_IN, "sc_i", "1", "an sc.w pass");
    vm_port(m, VM_IN, "served_i", "T", NULL);
    vm_port(m, VM_IN, "sword_i", "T", "lanes whose word is the leader's");
    vm_port(m, VM_IN, "word_i", "RA_W", "the leader's word address in data memory");
}

/* Which warps' reserved words the request going out writes. */
static void resv_hits(const struct simt_cfg *cfg, struct vmod *m)
{
    struct vblock *b;

    vm_reg(m, "ra_q", "W*RA_W", "each warp's reserved word");
    vm_reg(m, "v_q", "W*T", "each thread's reservation is valid");
    vm_reg(m, "wslot", "T", "words of the block the request writes");
    vm_wire(m, "wr", "1", "the request writes data memory");
    vm_reg(m, "hit", "W", "the request writes the warp's reserved word");
    vm_integer(m, "u");
    vm_integer(m, "l");
    b = vm_comb(m, "written_words");
    vb_default(b, "hit", "{W{1'b0}}");
    vb_for(b, "u", "0", "W");
    if (cfg->t > 1)
        vb_set(b, "hit[u]", "wr && blk_i[DMEM_AW - OFF_W - 1:0] == "
                            "ra_q[RA_W*u + OFF_W - 2 +: DMEM_AW - OFF_W] && "
                            "wslot[ra_q[RA_W*u +: LANE_W]]");
    else
        vb_set(b, "hit[u]", "wr && wslot[0] && blk_i[DMEM_AW - OFF_W - 1:0] == ra_q[RA_W*u +: RA_W]");
    vb_end(b);
    b = vm_comb(m, "slots");
    vb_default(b, "wslot", "{T{1'b0}}");
    vb_for(b, "l", "0", "T");
    vb_set(b, "wslot[l]", "|strb_i[4*l +: 4]");
    vb_end(b);
    vm_assign(m, "wr", "req_i && we_i && blk_i[31 - OFF_W:DMEM_AW - OFF_W] == DMEM_TAG");
    vm_wire(m, "n_v", "T", "the sc.w's warp's valid bits");
    vm_assign(m, "n_v", "v_q[T*n_wid_i +: T]");
    vm_assign(m, "sc_ok_o", "n_v[n_leader_i] && ra_q[RA_W*n_wid_i +: RA_W] == n_word_i && "
                            "!hit[n_wid_i]");
}

/* The next reservations: writes clear, an lr.w reserves, an sc.w drops its leader's.
 * Each warp's row is written under a compare with the requesting warp's id, not
 * through a part-select indexed by it (Yosys built that as shifters: the unit was
 * 1,469 LUT4 at W8T8). */
static void resv_update(struct vmod *m)
{
    struct vblock *b;

    vm_reg(m, "nv", "W*T", "the valid bits after this request");
    vm_wire(m, "own", "T", "the requesting warp's valid bits");
    vm_wire(m, "same", "1", "an lr.w of the word its warp has reserved");
    vm_wire(m, "lr", "1", "an lr.w pass goes out");
    vm_wire(m, "sc", "1", "an sc.w pass goes out");
    vm_assign(m, "own", "v_q[T*wid_i +: T]");
    vm_assign(m, "same", "ra_q[RA_W*wid_i +: RA_W] == word_i");
    vm_assign(m, "lr", "req_i && lr_i");
    vm_assign(m, "sc", "req_i && sc_i");
    b = vm_comb(m, "next");
    vb_default(b, "nv", "v_q");
    vb_for(b, "u", "0", "W");
    vb_if(b, "lr && wid_i == u[WARP_W-1:0]");
    vb_set(b, "nv[T*u +: T]", "(own & ~served_i & {T{same}}) | (served_i & sword_i)");
    vb_elif(b, "hit[u]");
    vb_set(b, "nv[T*u +: T]", "{T{1'b0}}");
    vb_elif(b, "sc && wid_i == u[WARP_W-1:0]");
    vb_set(b, "nv[T*u +: T]", "v_q[T*u +: T] & ~served_i");
    vb_end(b);
    vb_end(b);
    vm_integer(m, "k");
    b = vm_seq(m, "reservations");
    vb_set(b, "v_q", "nv");
    vb_for(b, "k", "0", "W");
    vb_if(b, "lr && wid_i == k[WARP_W-1:0]");
    vb_set(b, "ra_q[RA_W*k +: RA_W]", "word_i");
    vb_end(b);
    vb_end(b);
    vb_zero(b, "v_q");
}

int gen_resv(const struct simt_cfg *cfg, struct vmod *m)
{
    resv_interface(cfg, m);
    resv_hits(cfg, m);
    resv_update(m);
    return vm_status(m);
}
