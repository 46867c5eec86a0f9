/*
 * effect.h - the architectural effect of one thread-instruction.
 *
 * Shared by the reference model (which produces it), the report module (which
 * prints it as a commit-log line) and the RTL harness (which builds the same
 * record from the core's trace ports and compares it with the model's), so
 * both simulators print byte-identical commit logs.
 */
#ifndef SIMTY_EFFECT_H
#define SIMTY_EFFECT_H

#include <stdint.h>

struct simty_effect {
    uint8_t valid;        /* the thread executed this instruction */
    uint8_t rd;           /* destination register, 0 if nothing written */
    uint8_t has_load;     /* a load was performed (ld field) */
    uint8_t has_store;    /* a store was performed (st field) */
    uint8_t store_bytes;  /* 1, 2 or 4 */
    uint8_t store_be;     /* byte enables within the aligned word */
    uint8_t exited;       /* ecall exit (a7 = 93): exit_code holds a0 */
    uint8_t trapped;      /* trap: cause holds the mcause number */
    uint8_t cause;
    uint32_t pc, insn;
    uint32_t next_pc;     /* the thread's PC after the instruction */
    uint32_t value;       /* value written to rd */
    uint32_t load_addr;
    uint32_t store_addr;  /* byte address */
    uint32_t store_data;  /* stored value, zero-extended from store_bytes */
    uint32_t exit_code;   /* a0 at the exit ecall (printed as signed decimal) */
};

#endif /* SIMTY_EFFECT_H */
