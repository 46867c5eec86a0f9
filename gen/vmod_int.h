/*
 * vmod_int.h - private to the vmod*.c files: the data of the module model
 * and the few helpers they share.  Unit generators use vmod.h only.
 *
 *   vmod_name.c   name rules (G5, V4): pure functions of a name
 *   vmod.c        building: memory, the name table, declarations, logic
 *   vmod_check.c  what the built model rejects: undeclared and unused
 *                 identifiers, block rules (V6), the design check
 *   vmod_print.c  the Verilog printer (vm_print)
 *
 * Calls go one way, down this list's dependencies: vmod_print.c calls
 * vmod_check.c and vmod.c, vmod_check.c calls vmod.c, and vmod.c calls
 * vmod_name.c; nothing calls back up.
 */
#ifndef SIMTY_VMOD_INT_H
#define SIMTY_VMOD_INT_H

#include "vmod.h"

enum nkind { N_PORT, N_PARAM, N_LOCALPARAM, N_SIG, N_INT, N_INST };
/* vmod_name.c: "port", "parameter", ... indexed by enum nkind, for messages. */
extern const char *const vm_nkind_name[];

struct vname {
    const char *name;
    enum nkind kind;
    int used;
};

struct vport {
    const char *name, *width, *comment, *group;
    enum vm_dir dir;
};

struct vparam {                 /* parameter or localparam */
    const char *name, *value, *width, *comment;
    int local;
    int untyped;                /* parameter NAME = "string" */
};

struct vsig {
    struct vmod *m;
    const char *name, *width, *comment, *depth, *attr;
    int is_reg, is_int;
};

struct vconn {
    const char *key, *expr;
};

struct vinst {
    struct vmod *m;
    const char *module, *name;
    struct vconn *params;
    int np, capp;
    struct vconn *conns;
    int nc, capc;
};

enum lkind { L_RAW, L_SET, L_ITEM };
struct bline {
    int depth;
    enum lkind kind;
    const char *a, *b, *c;      /* RAW: a; SET: a = lhs, b = rhs; ITEM: a = label, b = lhs, c = rhs */
};

enum bkind { B_COMB = 0, B_SEQ = 1, B_INITIAL = 2 };

struct vblock {
    struct vmod *m;
    int seq;                    /* enum bkind */
    const char *label;
    const char *attr;           /* printed as (* attr *) before the block, or NULL */
    struct bline *lines;
    int nl, capl;
    struct bline *defaults;     /* SET lines */
    int nd, capd;
    struct bline *resets;       /* SET lines */
    int nr, capr;
    int depth;
    int in_case;
    int loops[8], nloops;       /* names[] index of each integer it loops on (vb_for) */
    int item;                   /* its index in the module's items */
};

enum ikind { I_ASSIGN, I_COMMENT, I_BLOCK };
struct vitem {
    enum ikind kind;
    const char *a, *b;
    struct vblock *blk;
};

struct vmod {
    const struct simt_cfg *cfg;
    const char *name;
    char err[512];
    int failed;
    const struct vblock *checking; /* vm_check: the block whose text is being checked */
    /* header */
    const char **desc; int ndesc, capdesc;
    const char **notes; int nnotes, capnotes;
    const char *latency;
    const char *attr;           /* (* ... *) before `module`, or NULL */
    /* declarations */
    struct vname *names; int nn, capn;
    int *ht; int htcap;         /* hash index into names, -1 = empty */
    struct vparam *params; int npar, cappar;      /* module parameters */
    struct vparam *lparams; int nlp, caplp;       /* localparams */
    struct vport *ports; int nports, capports;
    const char *cur_group;
    struct vsig **sigs; int nsigs, capsigs;
    struct vinst **insts; int ninsts, capinsts;
    struct vitem *items; int nitems, capitems;
    int last_comment;           /* index in items of the last vm_comment, -1 before one */
    /* memory owned by the module */
    void **mem; int nmem, capmem;
};

/* printf into a string owned by m (NULL when out of memory, with the error set). */
const char *vm_fmt(struct vmod *m, const char *fmt, ...);
/* Index in m->names of the name id[0..len), or -1. */
int vm_name_find(const struct vmod *m, const char *id, size_t len);
/* vmod_name.c: legality (G5) and the naming rules (V4) of a name about to be
 * declared as `kind`; -1 with the reason in err. */
int vm_name_rule(const char *id, enum nkind kind, enum vm_dir dir, char *err, size_t errlen);

#endif /* SIMTY_VMOD_INT_H */
