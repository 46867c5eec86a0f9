// vl_shim.cpp - the only C++ file: exposes the Verilated simty_core through
// the plain C interface of simty_sim.h.  Overloads copy every port width that
// Verilator uses (CData, SData, IData, QData, VlWide) into 32-bit words.
#include "verilated.h"
#include "Vsimty_core.h"
#if VM_TRACE_FST
#include "verilated_fst_c.h"
#endif
#include "simty_config.h"
#include "simty_sim.h"
#include <cstring>

struct sim {
    VerilatedContext *ctx;
    Vsimty_core *top;
#if VM_TRACE_FST
    VerilatedFstC *fst;
#endif
};

namespace {
// Port -> 32-bit words.
void words(uint32_t *w, int n, uint64_t v) {
    for (int i = 0; i < n; i++) w[i] = i < 2 ? (uint32_t)(v >> (32 * i)) : 0;
}
template <std::size_t N> void words(uint32_t *w, int n, const VlWide<N> &v) {
    for (int i = 0; i < n; i++) w[i] = i < (int)N ? v[i] : 0;
}
// 32-bit words -> port.
void set(CData &p, const uint32_t *w) { p = (CData)w[0]; }
void set(SData &p, const uint32_t *w) { p = (SData)w[0]; }
void set(IData &p, const uint32_t *w) { p = w[0]; }
void set(QData &p, const uint32_t *w) { p = w[0] | (QData)w[1] << 32; }
template <std::size_t N> void set(VlWide<N> &p, const uint32_t *w) { for (std::size_t i = 0; i < N; i++) p[i] = w[i]; }

template <typename P> uint64_t bits64(const P &p) { uint32_t w[2]; words(w, 2, p); return w[0] | (uint64_t)w[1] << 32; }

// Extract bits [lo, lo+n) (n <= 64) from a word array that has at least two
// readable words past the one holding bit lo (callers pad with zeros).
uint64_t field(const uint32_t *w, int lo, int n) {
    int i = lo / 32, s = lo % 32;
    uint64_t v = (w[i] | (uint64_t)w[i + 1] << 32) >> s;
    if (s) v |= (uint64_t)w[i + 2] << (64 - s);
    return n < 64 ? v & ((1ull << n) - 1) : v;
}

// Path = {valid, depth[7:0], pc[29:0], mask[T-1:0]}: at most 103 bits.
// Up to T = 16 Verilator keeps it in one 64-bit word (QData): fields by shifts
// (seven paths a pass; the word copies of the general case cost 3 % at 8x8).
#if SIMTY_T <= 16
simty_path path(const QData &p) {
    const int T = SIMTY_T;
    simty_path r;
    r.mask = p & ((1ull << T) - 1);
    r.pc = (uint32_t)(p >> T & 0x3fffffffu) << 2;
    r.depth = (unsigned)(p >> (T + 30) & 0xffu);
    r.valid = (int)(p >> (T + 38) & 1u);
    return r;
}
#endif
template <typename P> simty_path path(const P &p) {
    const int T = SIMTY_T;
    uint32_t w[6];
    words(w, 6, p);
    simty_path r;
    r.mask = field(w, 0, T);
    r.pc = (uint32_t)field(w, T, 30) << 2;
    r.depth = (unsigned)field(w, T + 30, 8);
    r.valid = (int)field(w, T + 38, 1);
    return r;
}
}  // namespace

extern "C" sim_t *sim_new(int argc, char **argv, const char *fst_path) {
    sim_t *s = new sim;
    s->ctx = new VerilatedContext;
    s->ctx->commandArgs(argc, argv);
#if VM_TRACE_FST
    s->fst = nullptr;
    if (fst_path) s->ctx->traceEverOn(true);
#endif
    s->top = new Vsimty_core{s->ctx, "TOP"};
#if VM_TRACE_FST
    if (fst_path) {
        s->fst = new VerilatedFstC;
        s->top->trace(s->fst, 99);
        s->fst->open(fst_path);
    }
#else
    (void)fst_path;
#endif
    s->top->clk_i = 0;
    s->top->rst_i = 1;
    s->top->eval();
    return s;
}

extern "C" void sim_free(sim_t *s) {
    s->top->final();
#if VM_TRACE_FST
    if (s->fst) { s->fst->close(); delete s->fst; }
#endif
    delete s->top;
    delete s->ctx;
    delete s;
}

extern "C" int sim_tracing(const sim_t *s) {
    (void)s;
    return VM_TRACE_FST ? 1 : 0;
}

extern "C" void sim_step(sim_t *s, const simty_in *in, simty_out *o) {
    Vsimty_core *t = s->top;
    // Rising edge with the inputs of the ending cycle, then the inputs of the
    // new cycle (memory data answering the previous cycle's requests).
    t->clk_i = 1;
    t->eval();
    t->rst_i = in->rst;
    t->start_pc_i = in->start_pc;
    t->imem_rdata_i = in->imem_rdata;
    set(t->dmem_rdata_i, in->dmem_rdata);
    s->ctx->timeInc(1);
#if VM_TRACE_FST
    if (s->fst) s->fst->dump(s->ctx->time());
#endif
    t->clk_i = 0;
    t->eval();
    s->ctx->timeInc(1);
#if VM_TRACE_FST
    if (s->fst) s->fst->dump(s->ctx->time());
#endif
    o->done = t->done_o;
    o->imem_req = t->imem_req_o;
    o->imem_addr = t->imem_addr_o;
    o->dmem_req = t->dmem_req_o;
    o->dmem_we = t->dmem_we_o;
    o->dmem_addr = t->dmem_addr_o;
    if (o->dmem_req && o->dmem_we) {    // the harness reads them only then
        words((uint32_t *)o->dmem_wstrb, 2 * 4, t->dmem_wstrb_o);
        words(o->dmem_wdata, SIMTY_T, t->dmem_wdata_o);
    }
    o->dmem_wid = t->dmem_wid_o;
    o->dmem_lane = t->dmem_lane_o;
    o->dmem_rmw = t->dmem_rmw_o;      // 0 without A
    o->dmem_amo = t->dmem_amo_o;
    o->trc_valid = t->trc_valid_o;
    o->trl_valid = t->trl_valid_o;
}

extern "C" void sim_trace(sim_t *s, simty_trace *r, int full) {
    Vsimty_core *t = s->top;
    r->wid = t->trc_wid_o;
    r->pc = t->trc_pc_o;
    r->insn = t->trc_insn_o;
    r->exec = bits64(t->trc_exec_o);
    r->trap = bits64(t->trc_trap_o);
    r->exit = bits64(t->trc_exit_o);
    if (full || r->trap) {      // 4 bits a lane: a field never straddles two words
        uint32_t cause[SIMTY_MAX_T / 8];
        words(cause, (4 * SIMTY_T + 31) / 32, t->trc_cause_o);
        for (int i = 0; i < SIMTY_T; i++) r->cause[i] = cause[i / 8] >> (4 * (i % 8)) & 15u;
    }
    r->wen = t->trc_wen_o;
    r->rd = t->trc_rd_o;
    if (full || r->exit) words(r->addr, SIMTY_T, t->trc_addr_o);   // an exit code is in addr
    if (full) {
        words(r->value, SIMTY_T, t->trc_value_o);
        words(r->sdata, SIMTY_T, t->trc_sdata_o);
    }
    r->a = path(t->trc_a_o);
    r->b = path(t->trc_b_o);
    r->h1 = path(t->trc_h1_o);
    r->c = path(t->trc_c_o);
    r->x = path(t->trc_x_o);
    r->y = path(t->trc_y_o);
    r->z = path(t->trc_z_o);
    r->yield = t->trc_yield_o;      // 0 without A
    r->l_wid = t->trl_wid_o;
    r->l_rd = t->trl_rd_o;
    r->l_mask = bits64(t->trl_mask_o);
    if (full) words(r->l_data, SIMTY_T, t->trl_data_o);
}
