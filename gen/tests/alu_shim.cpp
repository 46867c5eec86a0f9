// alu_shim.cpp - the only C++ of the ALU bench: the Verilated simty_alu_lane
// behind three extern "C" functions (the bench itself is plain C).
#include <cstdint>
#include "Vsimty_alu_lane.h"
#include "verilated.h"

extern "C" {
void *alu_new(void);
void alu_free(void *h);
uint32_t alu_eval(void *h, unsigned op, uint32_t a, uint32_t b);
}

struct alu {
    VerilatedContext ctx;
    Vsimty_alu_lane *top;
};

void *alu_new(void)
{
    alu *h = new alu;
    h->top = new Vsimty_alu_lane{&h->ctx};
    return h;
}

void alu_free(void *p)
{
    alu *h = static_cast<alu *>(p);
    h->top->final();
    delete h->top;
    delete h;
}

uint32_t alu_eval(void *p, unsigned op, uint32_t a, uint32_t b)
{
    alu *h = static_cast<alu *>(p);
    h->top->op_i = op & 15u;
    h->top->a_i = a;
    h->top->b_i = b;
    h->top->eval();
    return h->top->result_o;
}
