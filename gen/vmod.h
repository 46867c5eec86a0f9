/*
 * vmod.h - declare-then-print model of one Verilog module (style G1).
 *
 * A unit generator fills a struct vmod (ports, localparams, signals,
 * instances, logic) and vm_print() writes it in a fixed order:
 *   header comment (V3) / `default_nettype none / module + parameters +
 *   grouped ports / localparams / signals / instances / logic /
 *   endmodule / `default_nettype wire
 *
 * Errors are sticky: the first one is kept (vm_error()) and every later
 * call is a no-op, so generators need not check each call; they return
 * vm_status(m).  The legalizer (G5) checks every declared name (legal
 * identifier, not a Verilog-2005/SystemVerilog keyword, unique in the module,
 * naming rules of V4) and vm_print() checks that every identifier used in
 * widths, parameter maps, port connections and logic text is declared, and
 * that every localparam is used (Verilator -Wall would warn).
 *
 * All strings given to the model are copied; the module owns its memory
 * and vm_free() releases everything.
 */
#ifndef SIMTY_VMOD_H
#define SIMTY_VMOD_H

#include <stddef.h>
#include <stdio.h>

#include "cfg.h"

struct vmod;
struct vsig;
struct vinst;
struct vblock;

enum vm_dir { VM_IN, VM_OUT, VM_OUT_REG };  /* input wire / output wire / output reg */

/* ---- the module ---- */
struct vmod *vm_new(const struct simt_cfg *cfg, const char *name);
void vm_free(struct vmod *m);
const char *vm_name(const struct vmod *m);
int vm_status(const struct vmod *m);           /* 0 ok, -1 after an error */
const char *vm_error(const struct vmod *m);    /* first error, "" if none */
/* Record an error from the generator itself (a cross-constraint etc.). */
void vm_fail(struct vmod *m, const char *fmt, ...);

/* Header text: description paragraph(s), this unit's latency (one line,
 * e.g. "combinational" or "1 cycle: registered read"), extra notes (port
 * protocols, reset exceptions, read-during-write semantics). */
void vm_describe(struct vmod *m, const char *fmt, ...);
void vm_latency(struct vmod *m, const char *fmt, ...);
void vm_note(struct vmod *m, const char *fmt, ...);
/* An attribute printed before `module`, e.g. "keep_hierarchy". */
void vm_mod_attr(struct vmod *m, const char *attr);

/* ---- declarations ----
 * Widths are bit counts given as text: a decimal number ("32"), a
 * localparam/parameter name or an expression of them ("DATA_W/8").  NULL,
 * "" or "1" declare a scalar.  Numbers print as [31:0], expressions as
 * [EXPR-1:0]. */

/* Module parameter (V5: only where instances differ).  `dflt` is an
 * expression; printed `parameter integer NAME = dflt`. */
void vm_param(struct vmod *m, const char *name, const char *dflt, const char *comment);
/* Untyped module parameter, for strings: `parameter NAME = "dflt"` (dflt
 * given without quotes). */
void vm_param_str(struct vmod *m, const char *name, const char *dflt, const char *comment);

/* `localparam integer NAME = value; // comment` (comment = derivation, V5). */
void vm_localparam(struct vmod *m, const char *name, long value, const char *fmt, ...);
/* `localparam [width-1:0] NAME = literal;` e.g. ("ALU_ADD", 4, "4'b0000"). */
void vm_localparam_lit(struct vmod *m, const char *name, int width, const char *literal,
                       const char *fmt, ...);

/* Start a group of ports: printed as a `// title` line in the port list. */
void vm_group(struct vmod *m, const char *fmt, ...);
void vm_port(struct vmod *m, enum vm_dir dir, const char *name, const char *width,
             const char *comment);

struct vsig *vm_wire(struct vmod *m, const char *name, const char *width, const char *comment);
struct vsig *vm_reg(struct vmod *m, const char *name, const char *width, const char *comment);
/* `integer NAME;` (for-loop index inside an always block). */
void vm_integer(struct vmod *m, const char *name);
/* Make a reg an array: reg [..] name [0:depth-1]. */
void vm_sig_depth(struct vsig *s, const char *depth);
/* Attribute printed before the declaration, text inside (* *), e.g.
 * "no_rw_check" or "ram_style = \"block\"". */
void vm_sig_attr(struct vsig *s, const char *attr);

/* A fresh unique name from `base` (base, base_1, base_2 ...), legal and
 * not yet used; returned string is owned by the module. */
const char *vm_fresh(struct vmod *m, const char *base);

/* ---- instances ---- */
struct vinst *vm_inst(struct vmod *m, const char *module, const char *name);
void vm_inst_param(struct vinst *i, const char *param, const char *fmt, ...);
/* Connect a port of the instance to an expression of this module's names
 * (empty expression = explicitly unconnected output). */
void vm_inst_conn(struct vinst *i, const char *port, const char *fmt, ...);
/* Connect several ports in order, from a NULL-ended list of port, expression
 * pairs (expressions taken as they are, not as formats):
 *     vm_inst_conns(in, (const char *const[]){ "clk_i", "clk_i", "we_i", we, NULL }); */
void vm_inst_conns(struct vinst *i, const char *const *pairs);

/* ---- logic ----
 * Continuous assignment, printed aligned with its neighbours. */
void vm_assign(struct vmod *m, const char *lhs, const char *fmt, ...);
/* A comment line (or paragraph) between logic items, printed where it is made:
 * a block made before it takes no more lines (its lines would print above). */
void vm_comment(struct vmod *m, const char *fmt, ...);

/* Blocks: `always @*` (comb) or `always @(posedge clk_i)` (seq).  A comb
 * block first prints its defaults (vb_default) and the generator checks that
 * every variable it assigns with vb_set has one (V6).  A seq block uses only
 * non-blocking assignments; vb_reset adds `if (rst_i)` assignments at the end
 * of the block (last assignment wins), for control state only (V7). */
struct vblock *vm_comb(struct vmod *m, const char *label);
struct vblock *vm_seq(struct vmod *m, const char *label);
/* `initial begin ... end` (simulation and FPGA memory initialization only,
 * e.g. $readmemh); vb_set prints a blocking `=`. */
struct vblock *vm_initial(struct vmod *m, const char *label);
/* An attribute printed before the block, e.g. "keep": a seq block marked keep
 * is not merged with an identical one by synthesis (per-lane register copies). */
void vb_attr(struct vblock *b, const char *attr);
void vb_default(struct vblock *b, const char *lhs, const char *fmt, ...);
void vb_reset(struct vblock *b, const char *lhs, const char *fmt, ...);
/* vb_reset of a reg (or output reg) to the zero of its declared width: 1'b0,
 * N'd0, {NAME{1'b0}} or {(A+B){1'b0}}.  Declare it first. */
void vb_zero(struct vblock *b, const char *lhs);
void vb_set(struct vblock *b, const char *lhs, const char *fmt, ...);  /* = or <= */
void vb_line(struct vblock *b, const char *fmt, ...);      /* one raw statement */
void vb_if(struct vblock *b, const char *fmt, ...);        /* if (cond) begin */
void vb_elif(struct vblock *b, const char *fmt, ...);      /* end else if (cond) begin */
void vb_else(struct vblock *b);                            /* end else begin */
void vb_end(struct vblock *b);                             /* end */
void vb_for(struct vblock *b, const char *var, const char *from, const char *to); /* for (v = from; v < to; v = v + 1) begin */
void vb_case(struct vblock *b, const char *fmt, ...);      /* case (expr) */
/* One case item `label: lhs = rhs;` (aligned); lhs counts as assigned. */
void vb_item(struct vblock *b, const char *label, const char *lhs, const char *fmt, ...);
void vb_endcase(struct vblock *b);
/* A delay line in the clocked block b: each field f[k] = {name, width, source}
 * goes through n registers, declared here as <stem><j>_<name>_q for j = 1 ..
 * n - 1 and <last>_<name>_q at the end; the first takes the source, each
 * next one the one before.  The field named `reset` (none if NULL) is reset
 * to zero (vb_zero).  Printed field by field, register by register. */
void vb_delay_line(struct vblock *b, const char *const (*f)[3], size_t nf, int n,
                   const char *stem, const char *last, const char *reset);

/* ---- printing ---- */
struct vm_print_opts {
    const char *version;  /* "dev", a git describe, or a fixed tag for golden files */
};
/* Check, then print.  Returns 0, or -1 (error in vm_error(m); nothing
 * printed if the check failed). */
int vm_print(struct vmod *m, FILE *f, const struct vm_print_opts *o);
/* The checks vm_print runs, alone. */
int vm_check(struct vmod *m);

/* Cross-module check of a design: every instance's module exists among
 * mods (unless allow_missing), its parameters are parameters of that
 * module, and every port is connected exactly once to an existing port.
 * On error returns -1 and writes a message to err. */
int vm_check_design(struct vmod *const *mods, int n, int allow_missing, char *err, size_t errlen);

/* Name rules, exposed for tests. */
int vm_is_keyword(const char *id);
/* 0 if `id` is a legal identifier, else -1 with the reason in err. */
int vm_legal_ident(const char *id, char *err, size_t errlen);

#endif /* SIMTY_VMOD_H */
