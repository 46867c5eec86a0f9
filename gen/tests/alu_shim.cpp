// alu_shim.cpp - the only C++ of the ALU bench: the Verilated simty_alu_lane
// behind three extern "C" functions (the bench itself is plain C).
#include <cstdint>
#include "Vsimty_alu_lane.h"
#include "verilated.h"

extern "C" {
void *alu_new(void);
void alu_free(void *h);
uint32_t alu_eval(void *h, unsigned ctl, uint32_t lane, uint32_t imm, uint32_t a, uint32_t s2,
                  unsigned *cond);
}

struct alu {
    VerilatedContext ctx;
    Vsimty_alu_lane *top;
};

void *alu_new(void)
{
    alu *h = new alu;
    h->top = new Vsimty_alu_lane{&h->ctx};
    h->top->clk_i = 0;
    h->top->eval();
    return h;
}

void alu_free(void *p)
{
    alu *h = static_cast<alu *>(p);
    h->top->final();
    delete h->top;
    delete h;
}

// The lane registers its control word: one clock edge with ctl_i, then the
// operands, as in the core (control in collect 2, operands in execute).
uint32_t alu_eval(void *p, unsigned ctl, uint32_t lane, uint32_t imm, uint32_t a, uint32_t s2,
                  unsigned *cond)
{
    alu *h = static_cast<alu *>(p);
    h->top->ctl_i = ctl;
    h->top->clk_i = 1;
    h->top->eval();
    h->top->clk_i = 0;
    h->top->ctl_i = 0;
    h->top->lane_i = lane;
    h->top->imm_i = imm;
    h->top->a_i = a;
    h->top->s2_i = s2;
    h->top->eval();
    *cond = h->top->cond_o;
    return h->top->result_o;
}
