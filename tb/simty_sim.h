/*
 * simty_sim.h - the C view of a Verilated simty_core (implemented by the one
 * C++ file, vl_shim.cpp).  Port values are copied in and out of plain C
 * structs sized for the largest configuration (T <= 64), so the harness stays
 * plain C and independent of Verilator's types.
 */
#ifndef SIMTY_SIM_H
#define SIMTY_SIM_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SIMTY_MAX_T 64

/* A path as the trace reports it. */
struct simty_path {
    int valid;
    unsigned depth;
    uint32_t pc;          /* byte address */
    uint64_t mask;
};

/* Inputs, applied by sim_step after the clock edge. */
struct simty_in {
    int rst;
    uint32_t start_pc;
    uint32_t imem_rdata;
    uint32_t dmem_rdata[SIMTY_MAX_T];
};

/* Memory ports and status, read after every clock edge. */
struct simty_out {
    int done;
    int imem_req;
    uint32_t imem_addr;
    int dmem_req, dmem_we;
    uint32_t dmem_addr;
    uint64_t dmem_wstrb[4];   /* 4 bits per word, word i at bits 4i..4i+3; */
    uint32_t dmem_wdata[SIMTY_MAX_T]; /* both only updated by a write request */
    unsigned dmem_wid, dmem_lane;
    int dmem_rmw;             /* ISA with A: the write is an amo (dmem_amo: its funct5) */
    unsigned dmem_amo;
    int trc_valid;            /* a pass was resolved: read it with sim_trace */
    int trl_valid;            /* a load wrote back: read it with sim_trace */
};

/* Trace of one resolved pass (t+5) and of one load write-back (t+7). */
struct simty_trace {
    unsigned wid;
    uint32_t pc, insn;
    uint64_t exec, trap, exit;
    unsigned cause[SIMTY_MAX_T];
    int wen;
    unsigned rd;
    uint32_t value[SIMTY_MAX_T], addr[SIMTY_MAX_T], sdata[SIMTY_MAX_T];
    struct simty_path a, b, h1, c, x, y, z;
    int yield;                /* the head yielded (ISA with A: forward progress) */
    /* load write-back */
    unsigned l_wid, l_rd;
    uint64_t l_mask;
    uint32_t l_data[SIMTY_MAX_T];
};

typedef struct sim sim_t;

/* argv carries Verilator's +verilator+ options; fst_path NULL = no trace. */
sim_t   *sim_new(int argc, char **argv, const char *fst_path);
void     sim_free(sim_t *s);
/* Apply in, run one clock cycle, read out. */
void     sim_step(sim_t *s, const struct simty_in *in, struct simty_out *out);
/* Read the trace ports of the current cycle (valid flags are in simty_out).
 * full = 0 reads only what the outcome, the statistics and the path checks
 * need: no register values, store or load data; addr only when a lane exits
 * (its exit code), cause only when one traps.  full = 1 reads every field
 * (commit log, co-simulation). */
void     sim_trace(sim_t *s, struct simty_trace *t, int full);
int      sim_tracing(const sim_t *s); /* 1 if built with FST support */

#ifdef __cplusplus
}
#endif
#endif /* SIMTY_SIM_H */
