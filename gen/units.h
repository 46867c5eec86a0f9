/*
 * units.h - the unit registry (style G3): one generator function per
 * hardware module, one C file per unit.  The table in registry.c drives
 * `simty-gen --list`, `--only=UNIT`, `--doc` (README module table) and the
 * order of files.f (leaves first, the top last).
 *
 * To add a unit: write gen/<unit>.c with
 *     int gen_<unit>(const struct simt_cfg *c, struct vmod *m);
 * declare it below, and add a row to the table in registry.c.  The function
 * fills `m` (already named after the row's module) and returns
 * vm_status(m); it never prints and never exits.
 */
#ifndef SIMTY_UNITS_H
#define SIMTY_UNITS_H

#include <stddef.h>

#include "cfg.h"
#include "vmod.h"

struct unit {
    const char *name;        /* --only=<name> */
    const char *module;      /* Verilog module (and file) name */
    int (*gen)(const struct simt_cfg *c, struct vmod *m);
    const char *desc;        /* one line, for --list and --doc */
    /* NULL, or whether the unit belongs to a configuration (a tracker's own
     * units, the CCT only when a warp can have three paths). */
    int (*applies)(const struct simt_cfg *c);
};

extern const struct unit simty_units[];
extern const int simty_nunits;

const struct unit *unit_find(const char *name);

/* Generate every unit (or only `only`, if not NULL) and run the design
 * check.  On success *mods holds *n modules in registry order (free each
 * with vm_free and the array with free).  On error returns -1 with a
 * message in err (and nothing to free). */
int units_generate(const struct simt_cfg *c, const char *only, struct vmod ***mods, int *n,
                   char *err, size_t errlen);

/* ---- selection helpers (pick.c) ---- */
void rr_pick(const struct simt_cfg *cfg, struct vmod *m, const char *pfx, const char *req,
             const char *req_first, const char *start, const char *valid, const char *idx);
struct oh_field {
    const char *dst;    /* declared as a reg by oh_select */
    const char *width;
    const char *src;    /* an expression of the loop variable */
    const char *doc;    /* the reg's comment, or NULL */
};
void oh_select(struct vmod *m, const char *label, const char *oh, const char *n,
               const char *var, const struct oh_field *f, size_t nf);
const char *oh_of(const struct simt_cfg *cfg, char *buf, size_t len, const char *en,
                  const char *idx);

/* ---- unit generators ---- */
int gen_ram_1r1w(const struct simt_cfg *c, struct vmod *m);     /* ram.c */
int gen_ram_1r1w_be(const struct simt_cfg *c, struct vmod *m);  /* ram.c */
int gen_ram_1r1w_lut(const struct simt_cfg *c, struct vmod *m); /* ram.c */
/* An instance `inst` of simty_ram_1r1w_lut: DEPTH_W and DATA_W are Verilog
 * expressions, the other arguments the expressions on its ports. */
void ram_lut(struct vmod *m, const char *inst, const char *depth_w, const char *data_w,
             const char *we, const char *waddr, const char *wdata, const char *raddr,
             const char *rdata);                               /* ram.c */
int gen_ram_2r1w_lut(const struct simt_cfg *c, struct vmod *m); /* ram.c */
/* The same for simty_ram_2r1w_lut, with its second read port. */
void ram_lut2(struct vmod *m, const char *inst, const char *depth_w, const char *data_w,
              const char *we, const char *waddr, const char *wdata, const char *raddr,
              const char *rdata, const char *raddr2, const char *rdata2); /* ram.c */
int gen_alu_lane(const struct simt_cfg *c, struct vmod *m);     /* alu_lane.c */
void alu_ctl_params(struct vmod *m);  /* alu_lane.c: the control word's bit names as localparams */
int gen_fetch(const struct simt_cfg *c, struct vmod *m);        /* fetch.c */
int gen_predecode(const struct simt_cfg *c, struct vmod *m);    /* predecode.c */
int gen_bpred(const struct simt_cfg *c, struct vmod *m);        /* bpred.c */
int gen_btb(const struct simt_cfg *c, struct vmod *m);          /* btb.c */
void pd_jump_offset(struct vmod *m, const char *insn, const char *pfx, const char *off);
int gen_sched(const struct simt_cfg *c, struct vmod *m);        /* sched.c */
int gen_rf(const struct simt_cfg *c, struct vmod *m);           /* rf_banked.c */
int gen_exec(const struct simt_cfg *c, struct vmod *m);         /* exec.c */
int gen_ccs(const struct simt_cfg *c, struct vmod *m);          /* ccs.c */
int gen_cct(const struct simt_cfg *c, struct vmod *m);          /* cct.c */
int gen_cct_exact(const struct simt_cfg *c, struct vmod *m);    /* cct_exact.c */
int gen_path_sorted(const struct simt_cfg *c, struct vmod *m);  /* path_sorted.c */
int gen_path_arbiter(const struct simt_cfg *c, struct vmod *m); /* path_arbiter.c */
int gen_branch(const struct simt_cfg *c, struct vmod *m);       /* branch.c */
int gen_coalesce(const struct simt_cfg *c, struct vmod *m);     /* coalesce.c */
int gen_gather(const struct simt_cfg *c, struct vmod *m);       /* gather.c */
int gen_keep(const struct simt_cfg *c, struct vmod *m);         /* keep.c */
void keep_wire(struct vmod *m, const char *inst, const char *width, const char *d,
               const char *q);                                 /* keep.c */
/* registers read by every lane are copied once per LANE_GROUP lanes beyond it */
#define LANE_GROUP 8
int lane_copies(struct vmod *m, int t, const char *reg, const char *width, const char *d,
                const char *what);                             /* keep.c */
const char *lane_copy(struct vmod *m, char *buf, size_t len, int n, const char *reg,
                      const char *sel);                        /* keep.c */
const char *lane_spread(struct vmod *m, char *buf, size_t len, int n, const char *reg,
                        const char *sel);                      /* keep.c */
int gen_mdu_lane(const struct simt_cfg *c, struct vmod *m);     /* mdu.c (ISA=rv32im) */
int gen_mdu(const struct simt_cfg *c, struct vmod *m);          /* mdu.c (ISA=rv32im) */
int gen_resv(const struct simt_cfg *c, struct vmod *m);         /* resv.c (ISA=rv32ia) */
int gen_yield(const struct simt_cfg *c, struct vmod *m);        /* yield.c (ISA=rv32ia) */
int gen_top(const struct simt_cfg *c, struct vmod *m);          /* top.c, top_issue.c, top_exec.c */

#endif /* SIMTY_UNITS_H */
