/*
 * alu_ctl.h - the control word of one ALU lane.
 *
 * simty_exec decodes the instruction into this word a stage early (collect 2)
 * and every simty_alu_lane registers its own copy, so the decoded controls
 * start the execute cycle in a flip-flop beside the lane's adder instead of
 * fanning out from one decoder across the die.  The ALU bench
 * (tests/alu_bench.c) builds the same words, so the layout lives here once.
 *
 * Result: exactly one of RADD, RLT, RSH or a logic operation (LOP != 0); none
 * gives 0.  There is no "pass the immediate": lui, auipc and CSR reads add it
 * to x0 (the predecoder reads rs1 = x0 for them).
 * Branch condition: cond = CINV ^ (CEQ ? a == b : CLT & lt), where the adder
 * subtracts (SUB) and lt is its signed or unsigned (LTU) borrow.
 */
#ifndef SIMTY_ALU_CTL_H
#define SIMTY_ALU_CTL_H

enum alu_ctl {
    ALU_BIMM,   /* b = immediate (else rs2) */
    ALU_LOR,    /* OR the lane number into the immediate (mhartid, lane id) */
    ALU_SUB,    /* the adder computes a - b: sub, slt(u), branches, exit check */
    ALU_LTU,    /* lt is unsigned */
    ALU_RADD,   /* result = a +/- b */
    ALU_RLT,    /* result = lt */
    ALU_LOP0,   /* result = logic operation LOP = {LOP1, LOP0}: 00 none, 01 a ^ b,
                   10 a | b, 11 a & b (the "none" code keeps it out of the result) */
    ALU_LOP1,
    ALU_RSH,    /* result = shift of a by b[4:0] */
    ALU_SHL,    /* shift left (else right) */
    ALU_SHA,    /* arithmetic right shift */
    ALU_CEQ,    /* cond = (a == b) */
    ALU_CLT,    /* cond = lt */
    ALU_CINV,   /* cond inverted */
    ALU_CTL_W   /* width of the word */
};

#endif
