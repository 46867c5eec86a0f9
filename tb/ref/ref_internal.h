/* ref_internal.h - the model's state, shared by exec.c and paths.c only. */
#ifndef SIMTY_REF_INTERNAL_H
#define SIMTY_REF_INTERNAL_H

#include "simty_ref.h"

/* Predecoded instruction (instruction memory is not writable, so the whole
 * image is decoded once at reset). */
struct dinsn {
    uint8_t op, rd, rs1, rs2;
    int32_t imm;
};

enum {
    OP_ILLEGAL = 0,
    OP_LUI, OP_AUIPC, OP_JAL, OP_JALR,
    OP_BEQ, OP_BNE, OP_BLT, OP_BGE, OP_BLTU, OP_BGEU,
    OP_LB, OP_LH, OP_LW, OP_LBU, OP_LHU,
    OP_SB, OP_SH, OP_SW,
    OP_ADDI, OP_SLTI, OP_SLTIU, OP_XORI, OP_ORI, OP_ANDI, OP_SLLI, OP_SRLI, OP_SRAI,
    OP_ADD, OP_SUB, OP_SLL, OP_SLT, OP_SLTU, OP_XOR, OP_SRL, OP_SRA, OP_OR, OP_AND,
    OP_FENCE, OP_ECALL, OP_EBREAK,
    OP_CSR_CYCLE, OP_CSR_CYCLEH, OP_CSR_MHARTID, OP_CSR_WARPID, OP_CSR_LANEID,
    OP_CSR_NWARPS, OP_CSR_NLANES
};

struct warp_list {
    unsigned n;
    struct ref_path *p;       /* capacity T + 4 */
};

struct ref {
    struct ref_config cfg;
    unsigned lg_t;
    uint32_t imem_size, dmem_size;
    uint8_t *imem, *dmem;
    struct dinsn *dec;        /* imem_size / 4 entries */
    uint32_t *x;              /* W * T * 32 registers */
    uint32_t *pc;             /* W * T thread PCs */
    struct report_thread *th; /* W * T outcomes */
    struct console *con;
    struct warp_list *wl;     /* W path lists */
    struct simty_effect *eff; /* T scratch effects */
    uint64_t cycle;
    uint64_t warp_insts, thread_insts, divergences, merges, replays;
    unsigned peak[REF_MAX_W];
    unsigned live_warps, rr;  /* round-robin pointer */
    char err[256];
};

/* exec.c: execute lanes of mask (all alive, at pc) and fill eff[lane]. */
void ref_exec(struct ref *r, unsigned w, uint32_t pc, uint64_t mask, uint64_t cyc,
              struct simty_effect *eff);
int ref_is_mem(const struct dinsn *d);
const struct dinsn *ref_decode_at(const struct ref *r, uint32_t pc);
void ref_paths_reset(struct ref *r, uint32_t entry);

#endif
