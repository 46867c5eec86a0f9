/*
 * vmod_name.c - the name rules of the module model: the Verilog-2005 and
 * SystemVerilog keywords, legal identifiers (G5) and the naming of V4.  Pure
 * functions of a name: they report into a caller's buffer and read no
 * module, so the model (vmod.c) and its checks (vmod_check.c) both call
 * them and nothing here calls back.  See vmod.h for the contract.
 */
#include "vmod_int.h"

#include <ctype.h>
#include <string.h>

const char *const vm_nkind_name[] = { "port", "parameter", "localparam", "signal", "integer",
                                      "instance" };

/* ------------------------------------------------------------------ */
/* Keywords: Verilog-2005 (IEEE 1364) and SystemVerilog-2017 (1800)    */
/* ------------------------------------------------------------------ */

static const char *const keywords[] = {
    /* Verilog-2005 */
    "always", "and", "assign", "automatic", "begin", "buf", "bufif0", "bufif1", "case", "casex",
    "casez", "cell", "cmos", "config", "deassign", "default", "defparam", "design", "disable",
    "edge", "else", "end", "endcase", "endconfig", "endfunction", "endgenerate", "endmodule",
    "endprimitive", "endspecify", "endtable", "endtask", "event", "for", "force", "forever",
    "fork", "function", "generate", "genvar", "highz0", "highz1", "if", "ifnone", "incdir",
    "include", "initial", "inout", "input", "instance", "integer", "join", "large", "liblist",
    "library", "localparam", "macromodule", "medium", "module", "nand", "negedge", "nmos", "nor",
    "noshowcancelled", "not", "notif0", "notif1", "or", "output", "parameter", "pmos", "posedge",
    "primitive", "pull0", "pull1", "pulldown", "pullup", "pulsestyle_ondetect",
    "pulsestyle_onevent", "rcmos", "real", "realtime", "reg", "release", "repeat", "rnmos",
    "rpmos", "rtran", "rtranif0", "rtranif1", "scalared", "showcancelled", "signed", "small",
    "specify", "specparam", "strong0", "strong1", "supply0", "supply1", "table", "task", "time",
    "tran", "tranif0", "tranif1", "tri", "tri0", "tri1", "triand", "trior", "trireg", "unsigned",
    "use", "uwire", "vectored", "wait", "wand", "weak0", "weak1", "while", "wire", "wor", "xnor",
    "xor",
    /* SystemVerilog additions */
    "accept_on", "alias", "always_comb", "always_ff", "always_latch", "assert", "assume",
    "before", "bind", "bins", "binsof", "bit", "break", "byte", "chandle", "checker", "class",
    "clocking", "const", "constraint", "context", "continue", "cover", "covergroup",
    "coverpoint", "cross", "dist", "do", "endchecker", "endclass", "endclocking", "endgroup",
    "endinterface", "endpackage", "endprogram", "endproperty", "endsequence", "enum",
    "eventually", "expect", "export", "extends", "extern", "final", "first_match", "foreach",
    "forkjoin", "global", "iff", "ignore_bins", "illegal_bins", "implements", "implies",
    "import", "inside", "int", "interconnect", "interface", "intersect", "join_any", "join_none",
    "let", "local", "logic", "longint", "matches", "modport", "nettype", "new", "nexttime",
    "null", "package", "packed", "priority", "program", "property", "protected", "pure", "rand",
    "randc", "randcase", "randsequence", "ref", "reject_on", "restrict", "return", "s_always",
    "s_eventually", "s_nexttime", "s_until", "s_until_with", "sequence", "shortint",
    "shortreal", "soft", "solve", "static", "string", "strong", "struct", "super",
    "sync_accept_on", "sync_reject_on", "tagged", "this", "throughout", "timeprecision",
    "timeunit", "type", "typedef", "union", "unique", "unique0", "until", "until_with",
    "untyped", "var", "virtual", "void", "wait_order", "weak", "wildcard", "with", "within",
};

int vm_is_keyword(const char *id)
{
    size_t n = sizeof keywords / sizeof keywords[0];
    for (size_t i = 0; i < n; i++)
        if (strcmp(keywords[i], id) == 0)
            return 1;
    return 0;
}

int vm_legal_ident(const char *id, char *err, size_t errlen)
{
    if (!id || !*id) {
        snprintf(err, errlen, "empty name");
        return -1;
    }
    if (!(isalpha((unsigned char)id[0]) || id[0] == '_')) {
        snprintf(err, errlen, "'%s': a name must start with a letter or '_'", id);
        return -1;
    }
    for (const char *p = id; *p; p++)
        if (!(isalnum((unsigned char)*p) || *p == '_')) {
            snprintf(err, errlen, "'%s': illegal character '%c'", id, *p);
            return -1;
        }
    if (strlen(id) > 200) {
        snprintf(err, errlen, "'%.20s...': name too long", id);
        return -1;
    }
    if (vm_is_keyword(id)) {
        snprintf(err, errlen, "'%s' is a Verilog/SystemVerilog keyword", id);
        return -1;
    }
    return 0;
}

/* Naming rules (V4) on top of legality (G5). */
int vm_name_rule(const char *id, enum nkind kind, enum vm_dir dir, char *err, size_t errlen)
{
    if (vm_legal_ident(id, err, errlen) != 0)
        return -1;
    int upper = 1, lower = 1;
    for (const char *p = id; *p; p++) {
        if (islower((unsigned char)*p))
            upper = 0;
        if (isupper((unsigned char)*p))
            lower = 0;
    }
    size_t n = strlen(id);
    switch (kind) {
    case N_PARAM:
    case N_LOCALPARAM:
        if (!upper || !isupper((unsigned char)id[0])) {
            snprintf(err, errlen, "%s '%s': constants are ALL_CAPS", vm_nkind_name[kind], id);
            return -1;
        }
        break;
    case N_PORT:
        if (!lower) {
            snprintf(err, errlen, "port '%s': names are lower_snake_case", id);
            return -1;
        }
        if (dir == VM_IN ? (n < 3 || strcmp(id + n - 2, "_i") != 0)
                         : (n < 3 || strcmp(id + n - 2, "_o") != 0)) {
            snprintf(err, errlen, "port '%s': %s names end in %s", id,
                     dir == VM_IN ? "input" : "output", dir == VM_IN ? "_i" : "_o");
            return -1;
        }
        break;
    case N_INST:
        if (!lower || strncmp(id, "u_", 2) != 0) {
            snprintf(err, errlen, "instance '%s': names are u_<what>, lower case", id);
            return -1;
        }
        break;
    default:
        if (!lower) {
            snprintf(err, errlen, "%s '%s': names are lower_snake_case", vm_nkind_name[kind], id);
            return -1;
        }
        break;
    }
    return 0;
}
