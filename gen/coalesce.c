/*
 * coalesce.c - simty_coalesce: the memory coalescer (leader-follower).
 */
#include "units.h"
#include "simty_map.h"

/* The four memory causes are {1, store, fault} in four bits: stage 1 sets the
 * low two per lane over a default of the misaligned load's. */
typedef char coal_mem_causes[SIMTY_TRAP_MISALIGNED_LOAD == 4 && SIMTY_TRAP_LOAD_FAULT == 5 &&
                             SIMTY_TRAP_MISALIGNED_STORE == 6 && SIMTY_TRAP_STORE_FAULT == 7
                             ? 1 : -1];

/* The MMIO page: a power of two in size, aligned to it. */
typedef char coal_mmio_page[(SIMTY_MMIO_SIZE & (SIMTY_MMIO_SIZE - 1u)) == 0 &&
                            (SIMTY_MMIO_BASE & (SIMTY_MMIO_SIZE - 1u)) == 0 ? 1 : -1];

/* log2 of the MMIO page's size: the bits of an address inside the page. */
static int mmio_page_bits(void)
{
    int b = 0;
    while ((SIMTY_MMIO_SIZE >> b) > 1u)
        b++;
    return b;
}

/* The unit's description, parameters and ports. */
static void coal_interface(const struct simt_cfg *cfg, struct vmod *m)
{
    char lit[32];
    const enum simt_mutation mu = cfg->mutate;

    vm_describe(m, "Memory coalescer over two stages: issue + 5 checks every lane and finds the "
                   "leader and its address (registered), issue + 6 compares every lane with the "
                   "leader and builds the request (registered by the core, sent at issue + 7; the "
                   "byte enables and data from the selections registered here, one multiplexer "
                   "after them). "
                   "Lanes with a misaligned address trap (cause %d/%d), lanes outside data "
                   "memory and the MMIO page trap with an access fault (%d/%d). Per pass the "
                   "leader (lowest remaining lane; found without waiting for those checks, so "
                   "when it traps the pass serves no lane and the others replay without it) "
                   "is served with every lane making a word "
                   "access to word i of the leader's block, i its own lane, and every load of "
                   "the leader's address, of any size; the other lanes replay. Coalesced stores land in "
                   "their own slot, so on overlapping stores the highest lane wins. The leader's "
                   "sub-word store is replicated across its word with byte enables.",
                SIMTY_TRAP_MISALIGNED_LOAD, SIMTY_TRAP_MISALIGNED_STORE, SIMTY_TRAP_LOAD_FAULT,
                SIMTY_TRAP_STORE_FAULT);
    if (cfg->isa_a)
        vm_note(m, "RV32A: lr.w coalesces as a word load; sc.w and the amo*.w serve the leader "
                   "only (a store whose word is written in the memory, read-modify-write for "
                   "the amos), a failing sc.w writes no byte; atomics in the MMIO page fault. "
                   "The two cycles after an amo's request carry none: the memory writes the "
                   "amo's word back then, so a pass that would request in them replays.");
    vm_latency(m, "1 cycle: the outputs belong to the instruction that was at the inputs "
                  "of stage 1 one cycle earlier; req_strb_o and req_data_o, 2 cycles");
    /* --mutate=coal-*: test-only bugs formal/simty_formal_coalesce.sv must catch */
    if (mu >= MUT_COAL_SERVE_TWICE && mu <= MUT_COAL_BAD_OFFSET)
        vm_note(m, "TEST-ONLY MUTATION --mutate=%s (make formal must catch it)",
                cfg_mutation_name(mu));
    vm_localparam(m, "T", cfg->t, "threads per warp");
    vm_localparam(m, "LANE_W", cfg->lane_id_w, "max(1, log2(T))");
    vm_localparam(m, "OFF_W", cfg->block_off_bits, "log2(4 * T): byte offset in a block");
    vm_localparam(m, "DMEM_AW", cfg->dmem_addr_w, "log2(DMEM bytes = %ld)", cfg->dmem_bytes);
    snprintf(lit, sizeof lit, "%d'h%x", 32 - cfg->dmem_addr_w,
             (unsigned)SIMTY_DMEM_BASE >> cfg->dmem_addr_w);
    vm_localparam_lit(m, "DMEM_TAG", 32 - cfg->dmem_addr_w, lit, "DMEM base >> DMEM_AW");
    snprintf(lit, sizeof lit, "%d'h%x", 32 - mmio_page_bits(),
             (unsigned)SIMTY_MMIO_BASE >> mmio_page_bits());
    vm_localparam_lit(m, "MMIO_TAG", 32 - mmio_page_bits(), lit, "MMIO page base >> %d",
                      mmio_page_bits());
    vm_port(m, VM_IN, "clk_i", "1", NULL);
    vm_group(m, "stage 1 (issue + 5): the instruction");
    vm_port(m, VM_IN, "s1_mem_i", "1", "a legal load or store");
    vm_port(m, VM_IN, "s1_store_i", "1", NULL);
    vm_port(m, VM_IN, "s1_size_i", "2", "0 byte, 1 half, 2 word (funct3[1:0])");
    vm_port(m, VM_IN, "s1_active_i", "T", NULL);
    vm_port(m, VM_IN, "s1_lead1h_i", "T", "the lowest active lane, one-hot (stored by the path "
            "unit beside the head path)");
    vm_port(m, VM_IN, "s1_addr_i", "32*T", "per-lane byte address");
    vm_port(m, VM_IN, "s1_data_i", "32*T", "per-lane store data");
    if (cfg->isa_a)
        vm_port(m, VM_IN, "s1_atom_i", "1", "an RV32A instruction: the MMIO page faults");
    vm_group(m, "stage 2 (issue + 6): the same instruction, one cycle later");
    vm_port(m, VM_IN, "store_i", "1", NULL);
    vm_port(m, VM_IN, "size_i", "2", NULL);
    vm_port(m, VM_IN, "addr_i", "32*T", NULL);
    vm_port(m, VM_IN, "data_i", "32*T", NULL);
    if (cfg->isa_a) {
        vm_port(m, VM_IN, "lone_i", "1", "sc.w or an amo: the leader only");
        vm_port(m, VM_IN, "drop_i", "1", "a failing sc.w: the leader writes no byte");
        vm_port(m, VM_IN, "busy_i", "1", "the port is the memory's this cycle (one of the two "
                "after an amo's request): the pass serves no lane, every lane that would replays");
    }
    vm_group(m, "per lane, to the branch unit (stage 2)");
    vm_port(m, VM_OUT, "trap_o", "T", NULL);
    vm_port(m, VM_OUT, "cause_o", "4*T", NULL);
    vm_port(m, VM_OUT, "served_o", "T", "served in this pass");
    vm_port(m, VM_OUT, "replay_o", "T", "left for another pass");
    vm_port(m, VM_OUT, "coal_o", "T", "served from their own word slot");
    vm_port(m, VM_OUT, "all_o", "1", "every active lane is served: no trap, no replay");
    vm_port(m, VM_OUT, "served_any_o", "1", "|served_o, without the store-order logic");
    vm_port(m, VM_OUT, "replay_any_o", "1", "|replay_o, idem");
    vm_port(m, VM_OUT, "same_word_o", "T", "lanes whose word address is the leader's, whatever "
            "the instruction (the branch unit's indirect-jump compare)");
    vm_group(m, "the request (stage 2)");
    vm_port(m, VM_OUT, "req_o", "1", "some lane accesses memory");
    vm_port(m, VM_OUT, "req_addr_o", "32", "block address (aligned to 4T bytes)");
    vm_port(m, VM_OUT, "leader_o", "LANE_W", "leader lane");
    vm_port(m, VM_OUT, "leader_off_o", "OFF_W", "leader's byte offset in the block");
    vm_group(m, "the request's byte enables and data (stage 3, one cycle after the request)");
    vm_port(m, VM_OUT_REG, "req_strb_o", "4*T", "byte enables, 4 per word");
    vm_port(m, VM_OUT_REG, "req_data_o", "32*T", "word i = slot i");
}

/* Stage 1's checks: misaligned and out-of-range lanes and their trap causes. */
static void coal_checks(const struct simt_cfg *cfg, struct vmod *m)
{
    struct vblock *b;
    const enum simt_mutation mu = cfg->mutate;

    vm_comment(m, "Stage 1: misaligned and out-of-range lanes, the leader and its address. The "
                  "leader is the lowest lane that makes the access, found in parallel with the "
                  "checks; when it traps, stage 2 serves no lane.");
    vm_reg(m, "mis", "T", "misaligned lanes");
    vm_reg(m, "fault", "T", "lanes outside data memory and the MMIO page");
    vm_reg(m, "cause", "4*T", NULL);
    vm_reg(m, "a0", "T", "address bit 0 of each lane");
    vm_reg(m, "a1", "T", "address bit 1");
    vm_reg(m, "oor", "T", "lanes whose address is outside data memory and the MMIO page");
    if (cfg->isa_a)
        vm_reg(m, "in_dmem", "T", "lanes whose address is in data memory");
    vm_wire(m, "s1_cand", "T", "lanes that access memory");
    vm_integer(m, "l");
    /* The loop only gathers one bit or one compare per lane; the checks are
     * T-bit operations after it (the same logic, which a simulator evaluates
     * in a few word operations instead of T conditional ones) */
    b = vm_comb(m, "check");
    vb_default(b, "mis", "{T{1'b0}}");
    vb_default(b, "fault", "{T{1'b0}}");
    vb_default(b, "a0", "{T{1'b0}}");
    vb_default(b, "a1", "{T{1'b0}}");
    vb_default(b, "oor", "{T{1'b0}}");
    if (cfg->isa_a)
        vb_default(b, "in_dmem", "{T{1'b0}}");
    vb_default(b, "cause", "{T{4'b%d%d%d%d}}", SIMTY_TRAP_MISALIGNED_LOAD >> 3 & 1,
               SIMTY_TRAP_MISALIGNED_LOAD >> 2 & 1, SIMTY_TRAP_MISALIGNED_LOAD >> 1 & 1,
               SIMTY_TRAP_MISALIGNED_LOAD & 1);
    vb_for(b, "l", "0", "T");
    vb_set(b, "a0[l]", "s1_addr_i[32*l]");
    vb_set(b, "a1[l]", "s1_addr_i[32*l + 1]");
    if (cfg->isa_a) {
        vb_set(b, "in_dmem[l]", "s1_addr_i[32*l + DMEM_AW +: 32 - DMEM_AW] == DMEM_TAG");
        vb_set(b, "oor[l]", "!in_dmem[l] && s1_addr_i[32*l + %d +: %d] != MMIO_TAG", mmio_page_bits(),
               32 - mmio_page_bits());
    } else {
        vb_set(b, "oor[l]", "s1_addr_i[32*l + DMEM_AW +: 32 - DMEM_AW] != DMEM_TAG && "
                            "s1_addr_i[32*l + %d +: %d] != MMIO_TAG", mmio_page_bits(),
               32 - mmio_page_bits());
    }
    vb_end(b);
    if (mu == MUT_COAL_SKIP_MISALIGNED) /* an odd half-word address passes */
        vb_set(b, "mis", "{T{s1_size_i == 2'd2}} & (a0 | a1)");
    else
        vb_set(b, "mis", "({T{s1_size_i == 2'd1}} & a0) | ({T{s1_size_i == 2'd2}} & (a0 | a1))");
    if (cfg->isa_a)     /* atomics: data memory only */
        vb_set(b, "fault", "~mis & (oor | ({T{s1_atom_i}} & ~in_dmem))");
    else
        vb_set(b, "fault", "~mis & oor");
    /* cause 4 / 6 (misaligned load / store) or 5 / 7 (access fault): the default's
     * low two bits replaced by {store, fault} */
    vb_for(b, "l", "0", "T");
    vb_set(b, "cause[4*l +: 2]", "{s1_store_i, !mis[l]}");
    vb_end(b);
    vm_assign(m, "s1_cand", "s1_active_i & ~mis & ~fault & {T{s1_mem_i}}");
}

/* Stage 1's leader and its address and data, and the stage-2 registers. */
static void coal_leader(struct vmod *m)
{
    struct vblock *b;

    /* the lowest active lane whatever the instruction: the memory-operation bit
     * gates the registered one-hot, not the address select behind it (W8T16 at
     * f29b7ba: mb_load_o -> s1_mem -> one-hot -> select -> laddr was the worst
     * path on two seeds of three); the search itself is the path unit's, made
     * when the head path is written (d3db6c1: HCT1 read -> carry chain -> select
     * -> laddr was left) */
    vm_wire(m, "s1_lead1h", "T", "one-hot leader: lowest active lane (it makes the access "
                                 "when the instruction is a memory one)");
    vm_assign(m, "s1_lead1h", "s1_lead1h_i");
    {
        static const struct oh_field f[] = {
            { "s1_leader", "LANE_W", "l[LANE_W-1:0]", NULL },
            { "s1_laddr", "32", "s1_addr_i[32*l +: 32]",
              "the leader's address and data, selected by the one-hot leader (AND-OR: no "
              "encoder on the path)" },
            { "s1_ldata", "32", "s1_data_i[32*l +: 32]", NULL },
        };
        oh_select(m, "leader", "s1_lead1h", "T", "l", f, sizeof f / sizeof f[0]);
    }
    vm_reg(m, "cand", "T", "stage 2");
    vm_reg(m, "lead1h", "T", NULL);
    vm_reg(m, "lead_ok", "1", "the leader does not trap: the pass serves");
    vm_reg(m, "trap_q", "T", NULL);
    vm_reg(m, "cause_q", "4*T", NULL);
    vm_reg(m, "leader_q", "LANE_W", NULL);
    vm_reg(m, "laddr", "32", "leader's address");
    vm_reg(m, "ldata", "32", "leader's store data");
    b = vm_seq(m, "stage2");
    vb_set(b, "cand", "s1_cand");
    vb_set(b, "lead1h", "s1_lead1h & {T{s1_mem_i}}");
    vb_set(b, "lead_ok", "!s1_mem_i || ~|(s1_lead1h & (mis | fault))");
    vb_set(b, "trap_q", "s1_active_i & (mis | fault) & {T{s1_mem_i}}");
    vb_set(b, "cause_q", "cause");
    vb_set(b, "leader_q", "s1_leader");
    vb_set(b, "laddr", "s1_laddr");
    vb_set(b, "ldata", "s1_ldata");
    vm_assign(m, "trap_o", "trap_q");
    vm_assign(m, "cause_o", "cause_q");
    vm_assign(m, "leader_o", "leader_q");
}

/* Stage 2's compares with the leader's address (copied per 8 lanes): the followers' masks. */
static void coal_followers(const struct simt_cfg *cfg, struct vmod *m)
{
    struct vblock *b;
    char lc_hi[256], lc_wib[256], lc_low[256];
    int nlc;
    const enum simt_mutation mu = cfg->mutate;

    /* kept: synthesis would merge it with laddr, which the request address
     * pulls toward the data memory's block RAMs, far from the lanes'
     * addresses (W8T8: laddr -> compares -> a and b path masks, 3.5 ns of
     * routing on the first hop); past 8 lanes one copy per 8 (W8T16: one
     * register's 480 readers began every path under 75 MHz) */
    nlc = lane_copies(m, cfg->t, "lcmp", "32", "s1_laddr",
                      "the leader's address again, one per 8 lanes, for their compares");
    if (!nlc) {
        vm_reg(m, "lcmp", "32", "the leader's address again, for the followers' compares");
        b = vm_seq(m, "leader address for the compares");
        vb_attr(b, "keep");
        vb_set(b, "lcmp", "s1_laddr");
    }
    lane_copy(m, lc_hi, sizeof lc_hi, nlc, "lcmp", "[31:OFF_W]");
    lane_copy(m, lc_wib, sizeof lc_wib, nlc, "lcmp", "[OFF_W-1:2]");
    lane_copy(m, lc_low, sizeof lc_low, nlc, "lcmp", "[1:0]");

    vm_comment(m, "Followers: word accesses to their own slot of the leader's block, and loads "
                  "of the leader's address (any size).");
    vm_reg(m, "coal", "T", NULL);
    vm_reg(m, "bcast", "T", NULL);
    vm_reg(m, "inblk", "T", "lanes whose address is in the leader's block");
    vm_reg(m, "own", "T", "lanes whose address is their own word slot of a block");
    vm_reg(m, "sword", "T", "lanes whose word address is the leader's");
    vm_reg(m, "same", "T", "lanes whose address is the leader's");
    /* one compare of each kind per lane in the loop, the masks from them after
     * it (T-bit operations); the pending lanes below use the same block compare */
    b = vm_comb(m, "followers");
    vb_default(b, "coal", "{T{1'b0}}");
    vb_default(b, "bcast", "{T{1'b0}}");
    vb_default(b, "inblk", "{T{1'b0}}");
    vb_default(b, "own", "{T{1'b1}}");
    vb_default(b, "sword", "{T{1'b0}}");
    vb_default(b, "same", "{T{1'b0}}");
    vb_for(b, "l", "0", "T");
    vb_set(b, "inblk[l]", "addr_i[32*l + OFF_W +: 32 - OFF_W] == %s", lc_hi);
    if (cfg->t > 1)
        vb_set(b, "own[l]", "addr_i[32*l + 2 +: LANE_W] == l[LANE_W-1:0]");
    /* the word and the byte compares extend the block compare: one chain of
     * compares per lane, not three of 27, 30 and 32 bits */
    if (cfg->t > 1)
        vb_set(b, "sword[l]", "inblk[l] && addr_i[32*l + 2 +: LANE_W] == %s", lc_wib);
    else
        vb_set(b, "sword[l]", "inblk[l]");
    /* loads of the leader's very address, any size: the gather gives every served lane
     * outside its own slot the leader's access, extracted and extended by funct3 */
    if (mu != MUT_COAL_NO_BCAST)        /* (the mutation: loads of the leader's address replay) */
        vb_set(b, "same[l]", "sword[l] && addr_i[32*l +: 2] == %s", lc_low);
    vb_end(b);
    vb_set(b, "coal", "cand & {T{size_i == 2'd2%s}} & inblk & own", cfg->isa_a ? " && !lone_i" : "");
    vb_set(b, "bcast", "cand & {T{!store_i}} & same");
}

/* Which lanes a pass serves and which replay (a store waits for a lower lane's write). */
static void coal_serve(const struct simt_cfg *cfg, struct vmod *m)
{
    struct vblock *b;
    const enum simt_mutation mu = cfg->mutate;
    const char *ok = cfg->isa_a ? "go" : "lead_ok";     /* the pass serves */

    if (cfg->t > 1) {
        vm_comment(m, "A store must not overtake a lower lane that replays and writes the same "
                      "word: the result must equal executing the lanes in increasing order. Such "
                      "a lane waits for a later pass.");
        vm_wire(m, "pend", "T", "unserved lanes in the leader's block");
        vm_reg(m, "conflict", "T", "slot j is written later by a lower lane");
        vm_wire(m, "slot", "T", "lanes served from their own slot");
        vm_assign(m, "pend", "cand & ~lead1h & ~coal & inblk");
        b = vm_comb(m, "store_order");
        vb_default(b, "conflict", "{T{1'b0}}");
        /* per lane a mask of the higher slots it conflicts with, not T x T
         * compares: the same logic, simulated T times faster */
        vb_for(b, "l", "0", "T - 1");
        vb_set(b, "conflict", "conflict | ({T{pend[l]}} & ({{(T-1){1'b0}}, 1'b1} << "
                              "addr_i[32*l + 2 +: LANE_W]) & ({T{1'b1}} << (l + 1)))");
        vb_end(b);
        /* --mutate=coal-store-overtake: no lane waits for a lower one */
        vm_assign(m, "slot", mu == MUT_COAL_STORE_OVERTAKE ? "coal"
                                                           : "coal & ~(conflict & {T{store_i}})");
    } else {
        vm_wire(m, "slot", "T", "lanes served from their own slot");
        vm_assign(m, "slot", "coal");
    }
    if (cfg->isa_a) {   /* RV32A: the cycle after an amo's request is the memory's */
        vm_wire(m, "go", "1", "the pass serves: its leader does not trap and the port is free");
        vm_assign(m, "go", "lead_ok && !busy_i");
    }
    /* --mutate=coal-skip-leader: the leader is served only from its own slot */
    vm_assign(m, "served_o", mu == MUT_COAL_SKIP_LEADER ? "(slot | bcast) & {T{%s}}"
                                                        : "(lead1h | slot | bcast) & {T{%s}}", ok);
    /* --mutate=coal-serve-twice: only the leader leaves the replay mask;
     * coal-drop-held: a coalescing store held back leaves it too, unserved */
    vm_assign(m, "replay_o", mu == MUT_COAL_SERVE_TWICE ? "cand & ~(lead1h & {T{%s}})"
                             : mu == MUT_COAL_DROP_HELD ? "cand & ~served_o & ~(coal & {T{%s}})"
                             : "cand & ~served_o", ok);
    vm_assign(m, "coal_o", "slot & {T{%s}}", ok);
    vm_comment(m, "Every lane served, from coal rather than slot: when every lane that accesses "
                  "memory is the leader, in its slot or a load of the leader's address, no lane "
                  "is left pending, so no store is held back and slot = coal; so the prediction "
                  "check skips the store-order logic.");
    vm_wire(m, "left", "T", "lanes neither the leader nor in their slot nor a broadcast load");
    vm_assign(m, "left", "cand & ~(lead1h | coal | bcast)");
    vm_assign(m, "all_o", "%s && trap_q == {T{1'b0}} && left == {T{1'b0}}", ok);
    vm_comment(m, "The same argument gives the a and b paths' valid bits: a pass serves when its "
                  "leader does not trap, and leaves a lane to replay when one is left (held-back "
                  "stores need a pending lane, which is left) or, when the leader traps, when "
                  "another lane accesses memory.");
    vm_assign(m, "served_any_o", "%s && lead1h != {T{1'b0}}", ok);
    vm_assign(m, "replay_any_o", "%s ? left != {T{1'b0}} : cand != {T{1'b0}}", ok);
    vm_assign(m, "same_word_o", "sword");
}

/* The request: the leader's byte enables and data, and the stage-3 words. */
static void coal_request(const struct simt_cfg *cfg, struct vmod *m)
{
    struct vblock *b;
    const enum simt_mutation mu = cfg->mutate;

    vm_comment(m, "The request: coalesced lanes in their slots, the leader in its word. What "
                  "selects each word is registered with the words (stage 3), so that the "
                  "store-order logic ends at a flip-flop and the byte enables and data are one "
                  "multiplexer after it.");
    vm_reg(m, "lstrb", "4", "leader's byte enables in its word");
    vm_reg(m, "lwdata", "32", "leader's data replicated across its word");
    b = vm_comb(m, "leader_data");
    vb_default(b, "lstrb", cfg->isa_a ? "{4{!drop_i}}" : "4'b1111");
    vb_default(b, "lwdata", "ldata");
    vb_if(b, "size_i == 2'd0");
    vb_set(b, "lstrb", "4'b0001 << laddr[1:0]");
    vb_set(b, "lwdata", "{4{ldata[7:0]}}");
    vb_elif(b, "size_i == 2'd1");
    vb_set(b, "lstrb", "laddr[1] ? 4'b1100 : 4'b0011");
    vb_set(b, "lwdata", "{2{ldata[15:0]}}");
    vb_end(b);
    vm_wire(m, "lword", "T", "the leader's word, one-hot");
    if (cfg->t > 1)
        vm_assign(m, "lword", "{{(T-1){1'b0}}, 1'b1} << laddr[OFF_W-1:2]");
    else
        vm_assign(m, "lword", "1'b1");
    vm_reg(m, "r_slot_q", "T", "stage 3: words written by their own lane");
    vm_reg(m, "r_lword_q", "T", "the leader's word");
    vm_reg(m, "r_store_q", "1", NULL);
    vm_reg(m, "r_lstrb_q", "4", NULL);
    vm_reg(m, "r_lwdata_q", "32", NULL);
    vm_reg(m, "r_data_q", "32*T", "the lanes' store data");
    b = vm_seq(m, "stage3");
    vb_set(b, "r_slot_q", "slot");
    vb_set(b, "r_lword_q", "lword");
    vb_set(b, "r_store_q", "store_i");
    vb_set(b, "r_lstrb_q", "lstrb");
    vb_set(b, "r_lwdata_q", "lwdata");
    vb_set(b, "r_data_q", "data_i");
    b = vm_comb(m, "slots");
    vb_default(b, "req_strb_o", "{4*T{1'b0}}");
    vb_default(b, "req_data_o", "{32*T{1'b0}}");
    vb_for(b, "l", "0", "T");
    if (mu == MUT_COAL_LOWEST_WINS) {
        /* the leader's word first: the lowest lane wins its word */
        vb_set(b, "req_strb_o[4*l +: 4]", "!r_store_q ? 4'b0000 : r_lword_q[l] ? r_lstrb_q : "
                                          "{4{r_slot_q[l]}}");
        vb_set(b, "req_data_o[32*l +: 32]", "r_lword_q[l] ? r_lwdata_q : r_data_q[32*l +: 32]");
    } else {
        vb_set(b, "req_strb_o[4*l +: 4]", "!r_store_q ? 4'b0000 : r_slot_q[l] ? 4'b1111 : "
                                          "r_lstrb_q & {4{r_lword_q[l]}}");
        vb_set(b, "req_data_o[32*l +: 32]", "r_slot_q[l] ? r_data_q[32*l +: 32] : r_lwdata_q");
    }
    vb_end(b);
    vm_assign(m, "req_o", "|cand && %s", cfg->isa_a ? "go" : "lead_ok");
    vm_assign(m, "req_addr_o", "{laddr[31:OFF_W], {OFF_W{1'b0}}}");
    /* --mutate=coal-bad-offset: the gather reads the leader's word at byte 0 */
    vm_assign(m, "leader_off_o", mu != MUT_COAL_BAD_OFFSET ? "laddr[OFF_W-1:0]"
                                 : cfg->t > 1 ? "{laddr[OFF_W-1:2], 2'b00}" : "2'b00");
}

int gen_coalesce(const struct simt_cfg *cfg, struct vmod *m)
{
    coal_interface(cfg, m);
    coal_checks(cfg, m);
    coal_leader(m);
    coal_followers(cfg, m);
    coal_serve(cfg, m);
    coal_request(cfg, m);
    return vm_status(m);
}
