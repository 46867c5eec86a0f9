/*
 * sched.c - simty_sched: instruction buffer and scheduler.
 */
#include "units.h"

#include <string.h>

/* Up to this many warps a warp may issue in the cycle after its own issue
 * (readiness of its second instruction, r2); with more, other warps take that
 * slot.  Without r2 (its second queue view, hazard checks and readiness): W8T8
 * sorted 13,548 LUT4 against 14,456 for 0.00-0.05 % more cycles on every
 * program group, W16T8 15,011 against 17,368 for 0.00-0.06 %; W4T8 would take
 * 0.05-0.23 % more cycles, W2T8 0.2-0.7 %, W1T8 0.9-7 %. */
#define B2B_MAX_W 4

/* The fields of a queue entry: name, 5 bits wide or 1, the refill's source
 * (flip-flops e_<name>_q; none: e_<name>, computed), whether the head's view
 * and the second entry's view read it, and whether only the per-entry waits
 * (with back-to-back issue) need it. */
static const struct qfield {
    const char *name;
    int reg;
    const char *src;
    int head, second, b2b;
} qfields[] = {
    { "use1", 0, "rf_use1_i", 0, 1, 1 },     { "use2", 0, "rf_use2_i", 1, 1, 0 },
    { "walu", 0, "rf_walu_i", 1, 1, 0 },     { "load", 0, "rf_load_i", 1, 0, 0 },
    { "follow", 0, "rf_follow_i", 1, 0, 0 }, { "rs1", 1, "rf_rs1_i", 0, 1, 1 },
    { "rs2", 1, "rf_rs2_i", 0, 1, 1 },       { "rd", 1, "rf_insn_i[11:7]", 1, 1, 0 },
    { "seq", 0, "rf_follow_i && !rf_pred_i", 1, 0, 0 },
    { "wn", 0, NULL, 1, 1, 1 },
};
#define NQF (sizeof qfields / sizeof qfields[0])

/* What field i is written with.  The lazy sorter's stack steps at branches and
 * jumps, so there the follow-on (ahead_q) never follows a branch: `seq` leaves
 * them out (a jump is `seq` only with a misaligned target, which traps). */
static const char *qfield_src(const struct simt_cfg *cfg, size_t i)
{
    if (cfg_lazy_stack(cfg) && strcmp(qfields[i].name, "seq") == 0)
        return "rf_follow_i && !rf_pred_i && rf_insn_i[6:0] != 7'b1100011";
    return qfields[i].src;
}

/* Whether the configuration keeps field i (b2b: back-to-back issue). */
static int kept(size_t i, int b2b)
{
    return b2b || !qfields[i].b2b;
}

/* Whether the view `ahead` (0: head, 1: second) reads field i. */
static int in_view(size_t i, int ahead, int b2b)
{
    return kept(i, b2b) && (ahead ? qfields[i].second : qfields[i].head);
}

/* One view of every warp's queue: <pfx>_<field> is warp h's entry at its
 * read pointer plus `ahead` (0 or 1, modulo IB).  The entry is picked by a
 * loop over the IB slots with constant part-selects, not by one part-select
 * at a computed offset: the same multiplexer for synthesis, but Verilator
 * shifts and masks a multi-word vector for every computed offset (the
 * scheduler was the largest share of the 8x8 simulator's time).  Each view
 * has only the fields marked for it. */
static void queue_view(struct vmod *m, const char *label, const char *pfx, int ahead, int b2b)
{
    struct vblock *b;
    char nm[32], lhs[48];
    size_t i;
    for (i = 0; i < NQF; i++)
        if (in_view(i, ahead, b2b)) {
            snprintf(nm, sizeof nm, "%s_%s", pfx, qfields[i].name);
            vm_reg(m, nm, qfields[i].reg ? "5*W" : "W", NULL);
        }
    b = vm_comb(m, label);
    for (i = 0; i < NQF; i++)
        if (in_view(i, ahead, b2b)) {
            snprintf(nm, sizeof nm, "%s_%s", pfx, qfields[i].name);
            vb_default(b, nm, qfields[i].reg ? "{5*W{1'b0}}" : "{W{1'b0}}");
        }
    vb_default(b, ahead ? "q2" : "qv", "{W{1'b0}}");
    vb_for(b, "h", "0", "W");
    vb_for(b, "j", "0", "IB");
    vb_if(b, ahead ? "rp_q[IB_W*h +: IB_W] + 1'b1 == j[IB_W-1:0]"
                   : "rp_q[IB_W*h +: IB_W] == j[IB_W-1:0]");
    for (i = 0; i < NQF; i++) {
        const char *f = qfields[i].name, *q = qfields[i].src ? "_q" : "";
        if (!in_view(i, ahead, b2b))
            continue;
        if (qfields[i].reg) {
            snprintf(lhs, sizeof lhs, "%s_%s[5*h +: 5]", pfx, f);
            vb_set(b, lhs, "e_%s%s[5*(IB*h + j) +: 5]", f, q);
        } else {
            snprintf(lhs, sizeof lhs, "%s_%s[h]", pfx, f);
            vb_set(b, lhs, "e_%s%s[IB*h + j]", f, q);
        }
    }
    vb_end(b);
    vb_end(b);
    if (ahead)
        vb_set(b, "q2[h]", "qn_q[(IB_W+1)*h +: IB_W+1] > 1");
    else
        vb_set(b, "qv[h]", "qn_q[(IB_W+1)*h +: IB_W+1] != 0");
    vb_end(b);
}

/* What the unit does, its parameters and ports. */
static void sched_interface(const struct simt_cfg *cfg, struct vmod *m)
{
    int nb = cfg->rf_banks_impl;

    vm_describe(m, "Instruction buffer and scheduler. Per warp a queue of %d fetched "
                   "instructions (their words in a RAM read at issue, a ring per warp; the "
                   "registers and resources each needs in flip-flops, in the same ring). A warp is ready when its queue is not empty, it is alive, its register-file bank has the "
                   "read ports (rs1 at issue + 1, rs2 at issue + 2) and the write port (issue + 6, or issue + 10 "
                   "for a load) it needs (a reservation shift register per bank keeps them "
                   "apart), and either nothing of the warp is in flight, or the warp has a single "
                   "path (or the path unit counted how many instructions its head path may run "
                   "before it reaches HCT2's path, and the last instruction issued goes "
                   "on to PC + 4), the last instruction issued may be followed (predecode) and the "
                   "instruction reads no register an instruction in flight has yet to write. "
                   "Such an instruction is issued on the guess that the ones before it go on "
                   "to PC + 4 with the same threads; when one of them does not, the resolve "
                   "stage squashes the warp's younger instructions before they change anything "
                   "(squash_i) and the warp waits for that one's redirect. Loose round-robin "
                   "among ready warps.", cfg->ibuf);
    vm_latency(m, "issue is combinational; the collect-0 outputs are registered");
    vm_note(m, "The front end never sends more than the queue holds (credits), and never "
               "flushes a warp's queue in a cycle the warp issues.");
    vm_localparam(m, "W", cfg->w, "warps");
    vm_localparam(m, "WARP_W", cfg->warp_id_w, "max(1, log2(W))");
    vm_localparam(m, "NB", nb, "register-file banks (1 when W = 1)");
    vm_localparam(m, "IB", cfg->ibuf, "queue entries per warp");
    vm_localparam(m, "IB_W", cfg->ibuf_w, "log2(IB)");
    vm_port(m, VM_IN, "clk_i", "1", NULL);
    vm_port(m, VM_IN, "rst_i", "1", NULL);
    vm_port(m, VM_IN, "init_i", "1", "reset sequence: nothing issues; every warp becomes alive");
    if (cfg->isa_m)
        vm_port(m, VM_IN, "mdu_hold_i", "1", "nothing issues (a divide's result waits for a write slot)");
    vm_group(m, "refill from predecode (stage f2)");
    vm_port(m, VM_IN, "rf_valid_i", "1", NULL);
    vm_port(m, VM_IN, "rf_spec_i", "1", "rf_valid_i before this cycle's redirect (a flush), which "
                                        "comes late in the cycle: readiness a cycle ahead looks "
                                        "at this one, the flush is corrected for the cycle after");
    vm_port(m, VM_IN, "rf_wid_i", "WARP_W", NULL);
    vm_port(m, VM_IN, "rf_bwid_i", "WARP_W", "rf_wid_i from flip-flops of its own, for the buffer's "
                                             "write address (the RAM and the slots' flags lie apart)");
    vm_port(m, VM_IN, "rf_pc_i", "30", NULL);
    vm_port(m, VM_IN, "rf_insn_i", "32", NULL);
    vm_port(m, VM_IN, "rf_fault_i", "1", "fetch access fault");
    vm_port(m, VM_IN, "rf_rs1_i", "5", NULL);
    vm_port(m, VM_IN, "rf_rs2_i", "5", NULL);
    vm_port(m, VM_IN, "rf_use1_i", "1", NULL);
    vm_port(m, VM_IN, "rf_use2_i", "1", NULL);
    vm_port(m, VM_IN, "rf_walu_i", "1", NULL);
    vm_port(m, VM_IN, "rf_load_i", "1", NULL);
    vm_port(m, VM_IN, "rf_follow_i", "1", "may be followed before it resolves");
    vm_port(m, VM_IN, "rf_pred_i", "1", "predicted to jump (fetch went to its target)");
    vm_port(m, VM_IN, "tg_valid_i", "1", "the refill of the cycle before was predicted to jump:");
    vm_port(m, VM_IN, "tg_i", "30", "its target (a jalr's from the return stack or the jump "
                                    "target buffer), registered in fetch");
    vm_port(m, VM_IN, "rf_pc1_i", "30", "PC + 4 (word address + 1)");
    vm_port(m, VM_IN, "flush_i", "1", "drop a warp's queue (fetch redirect)");
    vm_port(m, VM_IN, "flush_wid_i", "WARP_W", NULL);
    vm_group(m, "resolve and load write-back");
    vm_port(m, VM_IN, "res_valid_i", "1", NULL);
    vm_port(m, VM_IN, "res_wid_i", "WARP_W", NULL);
    vm_port(m, VM_IN, "res_alive_i", "1", "the warp still has a path");
    vm_port(m, VM_IN, "res_single_i", "1", "the warp has exactly one path");
    vm_port(m, VM_IN, "res_load_i", "1", "a load that is released at its write-back instead");
    vm_port(m, VM_IN, "wb_valid_i", "1", "load write-back that releases its warp");
    vm_port(m, VM_IN, "wb_wid_i", "WARP_W", NULL);
    vm_port(m, VM_IN, "hold_i", "W", "warps that may not issue next cycle (the exact CCT)");
    vm_group(m, "two cycles after resolve: how far the head path is from the warp's next path");
    vm_port(m, VM_IN, "ah_valid_i", "1", NULL);
    vm_port(m, VM_IN, "ah_wid_i", "WARP_W", NULL);
    vm_port(m, VM_IN, "ah_n_i", "3", "instructions from the head's PC on that may run before "
            "the next path's (7: at least 7)");
    vm_group(m, "squash (resolve, issue + 6): the warp's younger instructions are dropped");
    vm_port(m, VM_IN, "squash_i", "1", NULL);
    vm_port(m, VM_IN, "squash_wid_i", "WARP_W", NULL);
    vm_port(m, VM_IN, "squash_cnt_i", "3", "how many a squash drops (valid only with squash_i)");
    vm_port(m, VM_IN, "msq_i", "1", "the instruction at split may squash its warp's younger ones "
                                    "next cycle (branches, jumps, memory, system, traps): that warp "
                                    "does not issue then, so the squash never meets the issue pick");
    vm_port(m, VM_IN, "msq_wid_i", "WARP_W", NULL);
    vm_group(m, "issue (combinational: takes the warp's oldest queued instruction)");
    vm_port(m, VM_OUT, "iss_oh_o", "W", "the warp issued now, one-hot");
    vm_group(m, "to operand collection (collect 0 = issue + 1)");
    vm_port(m, VM_OUT_REG, "c0_valid_o", "1", NULL);
    vm_port(m, VM_OUT_REG, "c0_wid_o", "WARP_W", NULL);
    vm_port(m, VM_OUT, "c0_pc_o", "30", NULL);
    vm_port(m, VM_OUT, "c0_insn_o", "32", NULL);
    vm_port(m, VM_OUT, "c0_fault_o", "1", NULL);
    vm_port(m, VM_OUT, "c0_rs1_o", "5", NULL);
    vm_port(m, VM_OUT, "c0_rs2_o", "5", NULL);
    vm_port(m, VM_OUT, "c0_pred_o", "1", NULL);
    vm_port(m, VM_OUT, "c0_tgt_o", "30", NULL);
    vm_port(m, VM_OUT, "c0_pc1_o", "30", NULL);
    vm_port(m, VM_OUT_REG, "c0_use2_o", "1", NULL);
    vm_group(m, "status");
    vm_port(m, VM_OUT, "alive_o", "W", "warps with live threads");
    vm_port(m, VM_OUT, "idle_o", "1", "nothing alive, nothing in flight");
}

/* Per-warp state, the queues (flags in flip-flops, words in LUT-RAM) and the
 * record of recent issues. */
static void sched_queue(const struct simt_cfg *cfg, struct vmod *m)
{
    struct vblock *b;

    vm_reg(m, "alive_q", "W", NULL);
    vm_reg(m, "cnt_q", "4*W", "per warp: instructions between issue and resolution");
    vm_reg(m, "nn_q", "W", "nothing may follow the last one issued before it resolves");
    vm_reg(m, "single_q", "W", "the warp has a single path");
    vm_reg(m, "qn_q", "(IB_W+1)*W", "per warp: instructions in the queue");
    vm_reg(m, "wp_q", "IB_W*W", "per warp: ring write pointer");
    vm_reg(m, "rp_q", "IB_W*W", "per warp: ring read pointer");
    vm_comment(m, "Entry j of warp w is bit or field IB*w + j; the oldest is at the read pointer.");
    for (size_t i = 0; i < NQF; i++) {
        char nm[32];
        snprintf(nm, sizeof nm, "e_%s_q", qfields[i].name);
        if (qfields[i].src && kept(i, cfg->w <= B2B_MAX_W))
            vm_reg(m, nm, qfields[i].reg ? "5*IB*W" : "IB*W", NULL);
    }
    vm_comment(m, "The oldest instruction of each warp.");
    vm_reg(m, "qv", "W", "the queue is not empty");
    vm_integer(m, "h");
    vm_integer(m, "j");
    queue_view(m, "heads", "h", 0, cfg->w <= B2B_MAX_W);
    vm_reg(m, "wres_q", "10*NB", "bank b: bit 10b+k-1 = write port busy at now + k");
    /* the hazard record (its comment is printed with the hazards, which read it) */
    vm_reg(m, "hv_q", "8", "a write of rd");
    vm_reg(m, "hl_q", "8", "by a load (at issue + 10, else at issue + 6)");
    vm_reg(m, "hw_q", "8*WARP_W", NULL);
    vm_reg(m, "hr_q", "40", NULL);
    if (cfg->w > 1)
        vm_reg(m, "rr_q", "WARP_W", "round-robin start");

    vm_comment(m, "Buffer contents {pc1, pred, rs2, rs1, fault, insn, pc} and, beside them, the "
                  "target tgt: both next PCs are in the buffer so that the issue only picks one. "
                  "The issue registers the entry's address, collect 0 reads it (LUT-RAM, "
                  "asynchronous read), so the issue pick does not end in the RAM. A predicted "
                  "jump's target is written a cycle after the rest of its entry, from fetch's f4 "
                  "registers (the refill's cone, return stack -> target -> buffer, no longer ends "
                  "in the RAM): the entry is read two cycles after its refill at the earliest "
                  "(readiness registered, then the issue). A slot is never written while its "
                  "entry waits to be read: fetch holds a credit for it until it issues.");
    vm_wire(m, "buf_rdata", "104", NULL);
    vm_wire(m, "buf_tgt", "30", NULL);
    vm_reg(m, "buf_raddr_q", "WARP_W+IB_W", "the issued entry");
    vm_reg(m, "tg_slot_q", "WARP_W+IB_W", "the slot of the refill of the cycle before");
    ram_lut(m, "u_buf", "WARP_W+IB_W", "104", "rf_valid_i", "rf_slot_a",
            "{rf_pc1_i, rf_pred_i, rf_rs2_i, rf_rs1_i, rf_fault_i, rf_insn_i, rf_pc_i}",
            "buf_raddr_q", "buf_rdata");
    ram_lut(m, "u_buf_tgt", "WARP_W+IB_W", "30", "tg_valid_i", "tg_slot_q", "tg_i",
            "buf_raddr_q", "buf_tgt");
    b = vm_seq(m, "target slot");
    vb_set(b, "tg_slot_q", "rf_slot_a");
    vm_assign(m, "c0_pc_o", "buf_rdata[29:0]");
    vm_assign(m, "c0_insn_o", "buf_rdata[61:30]");
    vm_assign(m, "c0_fault_o", "buf_rdata[62]");
    vm_assign(m, "c0_rs1_o", "buf_rdata[67:63]");
    vm_assign(m, "c0_rs2_o", "buf_rdata[72:68]");
    vm_assign(m, "c0_pred_o", "buf_rdata[73]");
    vm_assign(m, "c0_tgt_o", "buf_tgt");
    vm_assign(m, "c0_pc1_o", "buf_rdata[103:74]");
}

/* The registered readiness and, with back-to-back issue, each warp's second instruction. */
static void sched_ready_regs(const struct simt_cfg *cfg, struct vmod *m)
{
    int b2b = cfg->w <= B2B_MAX_W;

    vm_comment(m, "Readiness is computed a cycle ahead, from registers only, and registered: "
                  "%s. %s this cycle's resolve, load release and squash, the hazard "
                  "record and the write ports as they will be next cycle; next cycle corrects "
                  "for what it cannot know (the issue made now: its rs2 read, which can meet "
                  "the next issue's rs1 read in one bank; a flush now, known late in the "
                  "cycle). A warp whose instruction at split may squash is not ready: it never "
                  "issues in the cycle of a squash, which therefore stays off the issue pick. An instruction that arrives in an empty queue may "
                  "issue next cycle if nothing of its warp is in "
                  "flight (it needs no hazard check) and its bank's ALU write slot is free "
                  "whether it writes or not (its decoded fields come out of the instruction "
                  "memory too late in the cycle to be looked at), else a cycle later.",
               b2b ? "r1 for a warp that does not issue now, r2 (its second instruction) for "
                     "one that does"
                   : "r1 for a warp that does not issue now; one that issues now does not "
                     "issue next cycle (with more than 4 warps another one takes the slot)",
               b2b ? "Both see" : "It sees");
    vm_reg(m, "r1_q", "W", "ready next cycle, if the warp does not issue now");
    if (b2b)
        vm_reg(m, "r2_q", "W", "ready next cycle with its second instruction, if it issues now");
    vm_reg(m, "li_oh_q", "W", "the issue of the last cycle, one-hot");
    vm_reg(m, "blk_q", "W", "flushed last cycle, or rs2 port taken by the last issue");
    if (b2b) {
        vm_comment(m, "Each warp's second queued instruction (for r2).");
        vm_reg(m, "q2", "W", "at least two queued");
        queue_view(m, "seconds", "s", 1, 1);
    }
}

/* The wait an instruction (fields use1 ... rd) has from next cycle for
 * record entry k (issued k + 1 cycles ago), as a thermometer (bit i: wait >
 * i).  An instruction issued t cycles after one it depends on needs t >= d:
 * rs1 is read at issue + 1 and rs2 at issue + 2, an ALU result is written at
 * issue + 6 and a load's at issue + 10, so d = 6 and 10 for rs1, 5 and 9 for
 * rs2; an ALU write of a load's register needs d = 4 (3: both would write in
 * one cycle, which the write-port reservation forbids; fewer: the load's
 * write would come last).  From next cycle the wait is d - k - 2. */
static void hazard_therm(char *buf, size_t n, const char *use1, const char *use2,
                         const char *walu, const char *rs1, const char *rs2, const char *rd,
                         const char *k)
{
    snprintf(buf, n,
             "(%s && %s == hr_q[5*%s +: 5] ? (hl_q[%s] ? 8'hff : 8'h0f) >> %s : 8'h00) | "
             "(%s && %s == hr_q[5*%s +: 5] ? (hl_q[%s] ? 8'h7f : 8'h07) >> %s : 8'h00) | "
             "(%s && hl_q[%s] && %s == hr_q[5*%s +: 5] ? 8'h03 >> %s : 8'h00)",
             use1, rs1, k, k, k, use2, rs2, k, k, k, walu, k, rd, k, k);
}

/* An instruction's register fields as the waits read them, packed: {walu,
 * use2, use1, rd, rs2, rs1}, 18 bits (the refill's, registered or in LUT-RAM). */
#define HZ_FIELDS "{rf_walu_i, rf_use2_i, rf_use1_i, rf_insn_i[11:7], rf_rs2_i, rf_rs1_i}"

/* The comb block <label>: reg (8 bits) = the wait, from the whole record, of
 * the instruction whose packed fields (HZ_FIELDS) are d, against the record's
 * entries for which match (of the loop index k) holds. */
static void record_wait(struct vmod *m, const char *label, const char *reg, const char *doc,
                        const char *k, const char *match, const char *d)
{
    struct vblock *b;
    char f[6][24], th[512];

    snprintf(f[0], sizeof f[0], "%s[15]", d);
    snprintf(f[1], sizeof f[1], "%s[16]", d);
    snprintf(f[2], sizeof f[2], "%s[17]", d);
    snprintf(f[3], sizeof f[3], "%s[4:0]", d);
    snprintf(f[4], sizeof f[4], "%s[9:5]", d);
    snprintf(f[5], sizeof f[5], "%s[14:10]", d);
    vm_reg(m, reg, "8", doc);
    vm_integer(m, k);
    b = vm_comb(m, label);
    vb_default(b, reg, "8'h00");
    vb_for(b, k, "0", "8");
    vb_if(b, "%s", match);
    hazard_therm(th, sizeof th, f[0], f[1], f[2], f[3], f[4], f[5], k);
    vb_set(b, reg, "%s | %s", reg, th);
    vb_end(b);
    vb_end(b);
}

/* The refill of the cycle before, registered (its fields come late in the
 * cycle), and its wait for what is in flight, from the whole record: fth. */
static void sched_wait_fresh(const struct simt_cfg *cfg, struct vmod *m)
{
    struct vblock *b;
    int b2b = cfg->w <= B2B_MAX_W;

    vm_reg(m, "fr_v_q", "1", "an entry was refilled last cycle: its wait is set now");
    vm_reg(m, "fr_slot_q", b2b && cfg->w > 1 ? "WARP_W+IB_W" : "IB_W",
           b2b ? "its slot" : "its place in its warp's ring");
    if (cfg->w > 1)
        vm_reg(m, "fr_wid_q", "WARP_W", NULL);
    vm_reg(m, "fr_d_q", "18", "its register fields (HZ_FIELDS)");
    b = vm_seq(m, "refill, registered");
    vb_set(b, "fr_v_q", "rf_valid_i");
    vb_set(b, "fr_slot_q", b2b ? "rf_slot" : "rf_slot[IB_W-1:0]");
    if (cfg->w > 1)
        vb_set(b, "fr_wid_q", "rf_wid_i");
    vb_set(b, "fr_d_q", HZ_FIELDS);
    vb_zero(b, "fr_v_q");
    /* (one warp: its id is 0, but the record keeps it) */
    record_wait(m, "fresh wait", "fth", "the refilled entry's wait, from the whole record", "k",
                cfg->w > 1 ? "hv_q[k] && hw_q[WARP_W*k +: WARP_W] == fr_wid_q"
                           : "hv_q[k] && !hw_q[k]", "fr_d_q");
}

/* With back-to-back issue (W <= B2B_MAX_W) the head and the second entry
 * both need their waits: every entry keeps its own, set a cycle after its
 * refill and raised by each instruction its warp issues meanwhile (the
 * record's newest entry). */
static void sched_wait_entries(const struct simt_cfg *cfg, struct vmod *m)
{
    struct vblock *b;
    char th[512];

    vm_reg(m, "e_wt_q", "8*IB*W", "per entry, bit i: it may not issue in the next i + 1 cycles");
    vm_reg(m, "e_wn", "IB*W", "per entry: it may not issue next cycle");
    vm_reg(m, "wt_n", "8*IB*W", "each entry's wait next cycle");
    vm_reg(m, "dth", "8", NULL);
    vm_integer(m, "eh");
    vm_integer(m, "ej");
    b = vm_comb(m, "waits");
    vb_default(b, "wt_n", "{8*IB*W{1'b0}}");
    vb_default(b, "dth", "8'h00");
    vb_default(b, "e_wn", "{IB*W{1'b0}}");
    vb_for(b, "eh", "0", "W");
    vb_for(b, "ej", "0", "IB");
    hazard_therm(th, sizeof th, "e_use1_q[IB*eh + ej]", "e_use2_q[IB*eh + ej]",
                 "e_walu_q[IB*eh + ej]", "e_rs1_q[5*(IB*eh + ej) +: 5]",
                 "e_rs2_q[5*(IB*eh + ej) +: 5]", "e_rd_q[5*(IB*eh + ej) +: 5]", "0");
    vb_set(b, "dth", cfg->w > 1 ? "hv_q[0] && hw_q[WARP_W-1:0] == eh[WARP_W-1:0] ? %s : 8'h00"
                                : "hv_q[0] ? %s : 8'h00", th);
    vb_set(b, "wt_n[8*(IB*eh + ej) +: 8]", "{1'b0, e_wt_q[8*(IB*eh + ej)+1 +: 7]} | dth | "
           "(fr_v_q && fr_slot_q == %s ? fth : 8'h00)",
           cfg->w > 1 ? "{eh[WARP_W-1:0], ej[IB_W-1:0]}" : "ej[IB_W-1:0]");
    vb_set(b, "e_wn[IB*eh + ej]", "wt_n[8*(IB*eh + ej)]");
    vb_end(b);
    vb_end(b);
    b = vm_seq(m, "waits");
    vb_set(b, "e_wt_q", "wt_n");
    vb_if(b, "rf_valid_i");
    vb_set(b, "e_wt_q[8*rf_slot +: 8]", "8'h00");
    vb_end(b);
}

/* Without back-to-back issue only each warp's head needs its wait, and a
 * head waits for nothing of its own warp issued after it became the head:
 * so the wait is set once, when the entry becomes the head (after its warp's
 * issue, from the entry read out of a LUT-RAM copy of the queue's register
 * fields; after a refill into an empty queue, from the refill), and then
 * only counts down. */
static void sched_wait_heads(struct vmod *m)
{
    struct vblock *b;

    vm_wire(m, "nh_a", "WARP_W+IB_W", "the entry after the last one issued: its warp's head now");
    vm_wire(m, "nh_d", "18", "its {walu, use2, use1, rd, rs2, rs1}");
    vm_assign(m, "nh_a", "{buf_raddr_q[IB_W +: WARP_W], buf_raddr_q[IB_W-1:0] + 1'b1}");
    ram_lut(m, "u_hzf", "WARP_W+IB_W", "18", "rf_valid_i", "rf_slot_a", HZ_FIELDS, "nh_a", "nh_d");
    record_wait(m, "issue wait", "ith", "the wait of the head behind the last issue, from the "
                "whole record", "ki",
                "hv_q[ki] && hw_q[WARP_W*ki +: WARP_W] == buf_raddr_q[IB_W +: WARP_W]", "nh_d");
    vm_reg(m, "hd_wt_q", "8*W", "per warp, bit i: its head may not issue in the next i + 1 cycles");
    vm_reg(m, "hd_n", "8*W", NULL);
    vm_integer(m, "hw");
    b = vm_comb(m, "head waits");
    vb_default(b, "hd_n", "{8*W{1'b0}}");
    vb_for(b, "hw", "0", "W");
    vb_if(b, "li_oh_q[hw]");
    vb_set(b, "hd_n[8*hw +: 8]", "ith");
    vb_elif(b, "fr_v_q && fr_wid_q == hw[WARP_W-1:0] && "
               "fr_slot_q == rp_q[IB_W*hw +: IB_W]");
    vb_set(b, "hd_n[8*hw +: 8]", "fth");
    vb_else(b);
    vb_set(b, "hd_n[8*hw +: 8]", "{1'b0, hd_wt_q[8*hw+1 +: 7]}");
    vb_end(b);
    vb_end(b);
    b = vm_seq(m, "head waits");
    vb_set(b, "hd_wt_q", "hd_n");
}

/* Hazards of the head (and second) instructions next cycle: hz1 (and hz2). */
static void sched_hazards(const struct simt_cfg *cfg, struct vmod *m)
{
    struct vblock *b;
    int b2b = cfg->w <= B2B_MAX_W;

    vm_comment(m, "Hazards: a queued instruction knows how many cycles it must still wait for "
                  "the instructions in flight it depends on (rs1 is read at issue + 1, rs2 at "
                  "issue + 2, an ALU writes at issue + 6, a load at issue + 10; an ALU write "
                  "after a load to the same register waits for the load's write). %s No warp's "
                  "head is compared with the whole record.",
               b2b ? "Each entry keeps its wait, set a cycle after its refill from the record of "
                     "the last 8 issues, raised by its warp's later issues (the record's newest "
                     "entry), and counted down by a shift."
                   : "Each warp keeps its head's wait, set when the entry becomes the head (from "
                     "the record of the last 8 issues) and counted down by a shift.");
    vm_comment(m, "What was issued in the last 8 cycles: their results may not be in the "
                  "register file yet. Entry k was issued k + 1 cycles ago.");
    sched_wait_fresh(cfg, m);
    if (b2b)
        sched_wait_entries(cfg, m);
    else
        sched_wait_heads(m);
    vm_reg(m, "hz1", "W", "the head must wait");
    if (b2b) {
        vm_comment(m, "hz2: the second must wait, for the record or for the head issued now "
                      "(one cycle old then).");
        vm_reg(m, "hz2", "W", NULL);
    }
    vm_integer(m, "w");
    b = vm_comb(m, "hazards");
    vb_default(b, "hz1", b2b ? "h_wn" : "{W{1'b0}}");
    if (b2b) {
        vb_default(b, "hz2", "s_wn");
        vb_for(b, "w", "0", "W");
        vb_if(b, "(h_walu[w] || h_load[w]) && ((s_use1[w] && s_rs1[5*w +: 5] == h_rd[5*w +: 5]) || "
                 "(s_use2[w] && s_rs2[5*w +: 5] == h_rd[5*w +: 5]) || "
                 "(h_load[w] && s_walu[w] && s_rd[5*w +: 5] == h_rd[5*w +: 5]))");
        vb_set(b, "hz2[w]", "1'b1");
        vb_end(b);
        vb_end(b);
    } else {
        vb_for(b, "w", "0", "W");
        vb_set(b, "hz1[w]", "hd_n[8*w]");
        vb_end(b);
    }
}

/* Each warp's state next cycle and its count of instructions it may run ahead. */
static void sched_warp_next(const struct simt_cfg *cfg, struct vmod *m)
{
    (void)cfg;
    struct vblock *b;

    vm_comment(m, "Warp state next cycle, before this cycle's issue.");
    vm_reg(m, "cnt_n", "4*W", NULL);
    vm_reg(m, "nn_n", "W", NULL);
    vm_reg(m, "single_n", "W", NULL);
    vm_reg(m, "alive_n", "W", NULL);
    b = vm_comb(m, "next_state");
    vb_default(b, "cnt_n", "cnt_q");
    vb_default(b, "nn_n", "nn_q");
    vb_default(b, "single_n", "single_q");
    vb_default(b, "alive_n", "alive_q");
    vb_for(b, "w", "0", "W");
    vb_set(b, "cnt_n[4*w +: 4]", "squash_i && squash_wid_i == w[WARP_W-1:0] ? "
           "cnt_q[4*w +: 4] - {3'b000, dec_res[w]} - {3'b000, dec_wb[w]} - {1'b0, squash_cnt_i} : "
           "cnt_q[4*w +: 4] - {3'b000, dec_res[w]} - {3'b000, dec_wb[w]}");
    vb_if(b, "squash_i && squash_wid_i == w[WARP_W-1:0]");
    vb_set(b, "nn_n[w]", "1'b1");
    vb_end(b);
    vb_if(b, "res_valid_i && res_wid_i == w[WARP_W-1:0]");
    vb_set(b, "single_n[w]", "res_single_i");
    vb_set(b, "alive_n[w]", "res_alive_i");
    vb_end(b);
    vb_end(b);

    vm_comment(m, "A warp with several paths may issue path-neutral instructions (followed and "
                  "predicted to go on to PC + 4) back to back while they stay before its next "
                  "path: ahead_q counts the instructions it may still issue. It is cleared at each "
                  "resolve, set two cycles later from the path unit's count less every instruction "
                  "of the warp in flight (some of them older: it can only be too small; counted "
                  "before this cycle's resolve, write-back and squash, which keeps them off its "
                  "path) unless the warp resolved again in between, and counts down at each issue.");
    vm_reg(m, "ahead_q", "3*W", NULL);
    vm_reg(m, "seq_q", "W", "the warp's last issued instruction goes on to PC + 4");
    vm_reg(m, "res1_q", "W", "resolved last cycle: a count arriving now is older than that");
    vm_reg(m, "ahead_n", "3*W", NULL);
    vm_reg(m, "ah_left", "5", NULL);
    b = vm_comb(m, "ahead");
    vb_default(b, "ahead_n", "ahead_q");
    vb_default(b, "ah_left", "5'd0");
    vb_for(b, "w", "0", "W");
    vb_if(b, "res_valid_i && res_wid_i == w[WARP_W-1:0]");
    vb_set(b, "ahead_n[3*w +: 3]", "3'd0");
    vb_elif(b, "ah_valid_i && ah_wid_i == w[WARP_W-1:0] && !res1_q[w]");
    vb_set(b, "ah_left", "{2'b00, ah_n_i} - {1'b0, cnt_q[4*w +: 4]} - {4'b0000, iss_oh[w]}");
    vb_set(b, "ahead_n[3*w +: 3]", "ah_left[4:3] != 2'b00 ? 3'd0 : ah_left[2:0]");
    vb_elif(b, "iss_oh[w] && ahead_q[3*w +: 3] != 3'd0");
    vb_set(b, "ahead_n[3*w +: 3]", "ahead_q[3*w +: 3] - 3'd1");
    vb_end(b);
    vb_end(b);
}

/* Readiness: a cycle ahead (registered), then now. */
static void sched_qualify(const struct simt_cfg *cfg, struct vmod *m)
{
    struct vblock *b;
    int nb = cfg->rf_banks_impl;
    int b2b = cfg->w <= B2B_MAX_W;
    char e[128];

    /* The per-warp counters are compared in a loop, the rest is W-bit
     * operations (the same logic; a simulator evaluates them as words) */
    vm_wire(m, "wport6", "W", "the write port of each warp's bank is busy at issue + 6 next cycle");
    vm_assign(m, "wport6", nb == 2 ? "{(W/2){wres_q[16], wres_q[6]}}" : "{W{wres_q[6]}}");
    vm_wire(m, "msq_oh", "W", "the warp that may squash next cycle, one-hot");
    vm_assign(m, "msq_oh", "%s", oh_of(cfg, e, sizeof e, "msq_i", "msq_wid_i"));
    vm_wire(m, "rfs_oh", "W", "the warp refilled now (before the flush), one-hot");
    vm_assign(m, "rfs_oh", "%s", oh_of(cfg, e, sizeof e, "rf_spec_i", "rf_wid_i"));
    vm_reg(m, "cz", "W", "nothing in flight next cycle");
    vm_reg(m, "az", "W", "ahead_q is not zero");
    if (b2b)
        vm_reg(m, "a2", "W", "ahead_q is above one");
    vm_reg(m, "r1", "W", NULL);
    if (b2b)
        vm_reg(m, "r2", "W", NULL);
    b = vm_comb(m, "qualify_ahead");
    vb_default(b, "cz", "{W{1'b0}}");
    vb_default(b, "az", "{W{1'b0}}");
    if (b2b)
        vb_default(b, "a2", "{W{1'b0}}");
    vb_default(b, "r1", "{W{1'b0}}");
    if (b2b)
        vb_default(b, "r2", "{W{1'b0}}");
    vb_for(b, "w", "0", "W");
    vb_set(b, "cz[w]", "cnt_n[4*w +: 4] == 4'd0");
    vb_set(b, "az[w]", "ahead_q[3*w +: 3] != 3'd0");
    if (b2b)
        vb_set(b, "a2[w]", "ahead_q[3*w +: 3] > 3'd1");
    vb_end(b);
    vb_set(b, "r1", "alive_n & ~hold_i & ~msq_oh & ((qv & (cz | (~nn_n & (single_n | (seq_q & az)) & "
                    "~hz1)) & ~(h_walu & wport6)) | (~qv & rfs_oh & cz & ~wport6))");
    if (b2b)
        vb_set(b, "r2", "q2 & alive_n & ~hold_i & ~msq_oh & h_follow & (single_n | (h_seq & a2)) & "
                        "~hz2 & ~(s_walu & wport6)");
    vm_reg(m, "ready", "W", "warps that may issue now");
    b = vm_comb(m, "qualify");
    vb_default(b, "ready", "{W{1'b0}}");
    vb_for(b, "w", "0", "W");
    {
        vb_set(b, "ready[w]", "%s && !blk_q[w] && !init_i%s",
               b2b ? "(li_oh_q[w] ? r2_q[w] : r1_q[w])" : "!li_oh_q[w] && r1_q[w]",
               cfg->isa_m ? " && !mdu_hold_i" : "");
    }
    vb_end(b);
}

/* The pick, the issued warp's fields, the refill slot and the in-flight counts' steps. */
static void sched_issue(const struct simt_cfg *cfg, struct vmod *m)
{
    char e[128];

    vm_wire(m, "iss_valid", "1", "a warp issues now");
    vm_wire(m, "iss_wid", "WARP_W", "which");
    if (cfg->w > 1) {
        vm_comment(m, "Round robin: the first ready warp at or after rr_q.");
        rr_pick(cfg, m, "pick", "ready", NULL, "rr_q", "iss_valid", "iss_wid");
    } else {
        vm_assign(m, "iss_valid", "ready[0]");
        vm_assign(m, "iss_wid", "1'b0");
    }
    vm_comment(m, "The issued warp's fields, selected by the one-hot pick (AND-OR, no decoder "
                  "behind the encoder).");
    vm_wire(m, "iss_oh", "W", "the issue, one-hot");
    vm_assign(m, "iss_oh", cfg->w > 1 ? "pick_oh" : "ready");
    vm_assign(m, "iss_oh_o", "iss_oh");
    {
        static const struct oh_field f[] = {
            { "i_use2", "1", "h_use2[w]", NULL },       { "i_walu", "1", "h_walu[w]", NULL },
            { "i_load", "1", "h_load[w]", NULL },       { "i_rd", "5", "h_rd[5*w +: 5]", NULL },
            { "i_rp", "IB_W", "rp_q[IB_W*w +: IB_W]", "its read pointer" },
        };
        oh_select(m, "issued", "iss_oh", "W", "w", f, sizeof f / sizeof f[0]);
    }

    vm_wire(m, "rf_slot", cfg->w > 1 ? "WARP_W+IB_W" : "IB_W", "where a refill goes: IB * rf_wid_i + its write pointer");
    vm_wire(m, "rf_slot_a", "WARP_W+IB_W", "... as a buffer address");
    vm_assign(m, "rf_slot", cfg->w > 1 ? "{rf_wid_i, wp_q[IB_W*rf_wid_i +: IB_W]}" : "wp_q");
    vm_assign(m, "rf_slot_a", cfg->w > 1 ? "{rf_bwid_i, wp_q[IB_W*rf_bwid_i +: IB_W]}" :
                                           "{rf_bwid_i & 1'b0, rf_slot}");
    vm_comment(m, "In flight: +1 at issue, -1 at resolve (a load: at its write-back).");
    vm_wire(m, "dec_res", "W", NULL);
    vm_wire(m, "dec_wb", "W", NULL);
    vm_wire(m, "inc", "W", NULL);
    vm_assign(m, "dec_res", "%s", oh_of(cfg, e, sizeof e, "res_valid_i && !res_load_i", "res_wid_i"));
    vm_assign(m, "dec_wb", "%s", oh_of(cfg, e, sizeof e, "wb_valid_i", "wb_wid_i"));
    vm_assign(m, "inc", "iss_oh");
}

/* The clocked state: queues, pointers, write-port reservations, record, counters. */
static void sched_state(const struct simt_cfg *cfg, struct vmod *m)
{
    struct vblock *b;
    int nb = cfg->rf_banks_impl;
    int b2b = cfg->w <= B2B_MAX_W;
    int bk;
    char e[128];

    vm_integer(m, "ws"); /* the clocked block's own index (vmod_check) */
    /* both comments before the block: the model prints them where they are made */
    vm_comment(m, "Queue: a refill writes at the warp's write pointer, an issue advances its "
                  "read pointer, a flush empties it.");
    vm_comment(m, "A warp never issues in the cycle it is squashed (msq_i the cycle before: so "
                  "nn_n is final for it).");
    b = vm_seq(m, "state");
    vb_for(b, "ws", "0", "W");
    vb_set(b, "qn_q[(IB_W+1)*ws +: IB_W+1]", "flush_i && flush_wid_i == ws[WARP_W-1:0] ? "
           "{(IB_W+1){1'b0}} : qn_q[(IB_W+1)*ws +: IB_W+1] "
           "+ {{IB_W{1'b0}}, rf_valid_i && rf_wid_i == ws[WARP_W-1:0]} "
           "- {{IB_W{1'b0}}, iss_oh[ws]}");
    vb_end(b);
    vb_if(b, "rf_valid_i");
    for (size_t i = 0; i < NQF; i++) {
        char lhs[48];
        if (!qfields[i].src || !kept(i, b2b))
            continue;
        snprintf(lhs, sizeof lhs, qfields[i].reg ? "e_%s_q[5*(rf_slot) +: 5]" : "e_%s_q[rf_slot]",
                 qfields[i].name);
        vb_set(b, lhs, "%s", qfield_src(cfg, i));
    }
    vb_set(b, "wp_q[IB_W*rf_wid_i +: IB_W]", "wp_q[IB_W*rf_wid_i +: IB_W] + 1'b1");
    vb_end(b);
    vb_for(b, "ws", "0", "W");
    vb_if(b, "iss_oh[ws]");
    vb_set(b, "rp_q[IB_W*ws +: IB_W]", "rp_q[IB_W*ws +: IB_W] + 1'b1");
    vb_end(b);
    vb_end(b);
    vb_if(b, "flush_i");
    vb_set(b, "wp_q[IB_W*flush_wid_i +: IB_W]", "{IB_W{1'b0}}");
    vb_set(b, "rp_q[IB_W*flush_wid_i +: IB_W]", "{IB_W{1'b0}}");
    vb_end(b);
    for (bk = 0; bk < nb; bk++) {
        char wr[40];
        snprintf(wr, sizeof wr, nb == 2 ? "wres_q[%d:%d]" : "wres_q", 10 * bk + 9, 10 * bk);
        vb_if(b, "iss_valid%s", nb == 2 ? (bk ? " && iss_wid[0]" : " && !iss_wid[0]") : "");
        vb_set(b, wr, "(%s | {i_load, 3'b000, i_walu, 5'b00000}) >> 1", wr);
        vb_else(b);
        vb_set(b, wr, "%s >> 1", wr);
        vb_end(b);
    }
    vb_set(b, "r1_q", "r1");
    if (b2b)
        vb_set(b, "r2_q", "r2");
    vb_set(b, "li_oh_q", "iss_oh");
    vb_set(b, "ahead_q", "ahead_n");
    vb_set(b, "res1_q", "%s", oh_of(cfg, e, sizeof e, "res_valid_i", "res_wid_i"));
    vb_set(b, "hv_q", "{hv_q[6:0], iss_valid && (i_walu || i_load)}");
    vb_set(b, "hl_q", "{hl_q[6:0], i_load}");
    vb_set(b, "hr_q", "{hr_q[0 +: 35], i_rd}");
    vb_set(b, "c0_valid_o", "iss_valid");
    vb_set(b, "buf_raddr_q", "{iss_wid, i_rp}");
    vb_set(b, "c0_wid_o", "iss_wid");
    vb_set(b, "c0_use2_o", "i_use2");
    vb_set(b, "nn_q", "nn_n");
    vb_set(b, "alive_q", "alive_n");
    vb_set(b, "single_q", "single_n");
    if (cfg->w > 1) {
        vb_if(b, "iss_valid");
        vb_set(b, "rr_q", "iss_wid + 1'b1");
        vb_end(b);
    }
    vb_for(b, "ws", "0", "W");
    vb_if(b, "iss_oh[ws]");
    vb_set(b, "nn_q[ws]", "!h_follow[ws]");
    vb_set(b, "seq_q[ws]", "h_seq[ws]");
    vb_end(b);
    vb_set(b, "cnt_q[4*ws +: 4]", "cnt_n[4*ws +: 4] + {3'b000, inc[ws]}");
    /* the issued warp's rs2 read in warp ws's bank: an AND-OR over the one-hot pick,
     * not the encoded warp's bank bit (one level less on the issue loop) */
    vb_set(b, "blk_q[ws]", "(flush_i && flush_wid_i == ws[WARP_W-1:0]) || %s",
           nb == 2 ? "|(iss_oh & h_use2 & ({(W/2){2'b01}} << ws[0]))" : "i_use2");
    vb_end(b);
    vb_if(b, "init_i");
    vb_set(b, "alive_q", "{W{1'b1}}");
    vb_set(b, "single_q", "{W{1'b1}}");
    vb_end(b);

    vb_zero(b, "alive_q");
    vb_zero(b, "nn_q");
    vb_zero(b, "hv_q");
    if (cfg->w > 1)
        vb_zero(b, "rr_q");
    vb_zero(b, "c0_valid_o");
    vb_zero(b, "r1_q");
    if (b2b)
        vb_zero(b, "r2_q");
    vb_zero(b, "li_oh_q");
    vb_zero(b, "ahead_q");
    vb_zero(b, "res1_q");
    vb_zero(b, "blk_q");
    vb_zero(b, "wres_q");
    vb_zero(b, "cnt_q");
    vb_zero(b, "qn_q");
    vb_zero(b, "wp_q");
    vb_zero(b, "rp_q");
}

/* Copies kept apart for timing, and the idle status. */
static void sched_status(const struct simt_cfg *cfg, struct vmod *m)
{
    (void)cfg;
    struct vblock *b;

    /* kept: the record's warp ids equal the pipeline's (c0_wid_o, and the
     * core's stage registers behind it), and synthesis merged them, so one
     * flip-flop drove the hazard checks here and the register file's write
     * enables and squash there (13.0 ns, 82 % routing) */
    b = vm_seq(m, "hazard record: warps");
    vb_attr(b, "keep");
    vb_set(b, "hw_q", "{hw_q[0 +: 7*WARP_W], iss_wid}");
    /* kept: alive_q again, for fetch's steering pick alone; one flip-flop
     * between here and the pick put 2.2 ns of wire before it (seed 2 of
     * 7ed957c, 13.2 ns into f1_pc_q) */
    vm_reg(m, "alive_f_q", "W", "alive_q again, for fetch (alive_o)");
    b = vm_seq(m, "alive, fetch's copy");
    vb_attr(b, "keep");
    vb_set(b, "alive_f_q", "init_i ? {W{1'b1}} : alive_n");
    vb_zero(b, "alive_f_q");
    vm_assign(m, "alive_o", "alive_f_q");
    vm_reg(m, "busy", "W", "something in flight");
    vm_integer(m, "v");
    b = vm_comb(m, "busy");
    vb_default(b, "busy", "{W{1'b0}}");
    vb_for(b, "v", "0", "W");
    vb_set(b, "busy[v]", "cnt_q[4*v +: 4] != 4'd0");
    vb_end(b);
    vm_assign(m, "idle_o", "!init_i && alive_q == {W{1'b0}} && busy == {W{1'b0}}");
}
int gen_sched(const struct simt_cfg *cfg, struct vmod *m)
{
    sched_interface(cfg, m);
    sched_queue(cfg, m);
    sched_ready_regs(cfg, m);
    sched_hazards(cfg, m);
    sched_warp_next(cfg, m);
    sched_qualify(cfg, m);
    sched_issue(cfg, m);
    sched_state(cfg, m);
    sched_status(cfg, m);
    return vm_status(m);
}
