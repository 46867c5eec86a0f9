#!/usr/bin/env bash
# Which state of the Verilated core is still random when a program starts?
#
#   tb/tests/randstate_probe.sh SIM_DIR [SEEDS]
#
# A companion of check_randstate.sh: that one shows that results do not
# change; this one shows that the randomization really happens (positive
# control) and lists the state that reset does not set.  It generates a small
# C++ program from SIM_DIR/obj/Vsimty_core___024root.h (the Verilated model's
# state variables), links it with SIM_DIR/obj's model, and for the zero start
# state and each seed (+verilator+rand+reset+2 +verilator+seed+S): constructs
# the model, holds reset for 4 cycles like the harness, then runs (fetching
# `j .`) until init_o falls (the register-file clear) and 8 cycles more.  It
# prints how many state variables differ between seeds at time 0 (must be
# many: else randomization is off) and after reset + init, listing the latter
# with a guess: names that look like control state (valid, count, state,
# pointer, mask, depth, busy, pending, ...) are marked "CONTROL?" - each of
# those must be provably unused until written, else it is a reset bug.
# Output in build/badinput/probe/.
set -euo pipefail
sim=$(cd "$1" && pwd); seeds=${2:-1 2 3}
root=$(cd "$(dirname "$0")/../.." && pwd)
out=$root/build/badinput/probe/$(basename "$sim"); mkdir -p "$out"
hdr=$sim/obj/Vsimty_core___024root.h
[ -f "$hdr" ] || { echo "randstate_probe: $hdr missing" >&2; exit 2; }
vinc=$(verilator --getenv VERILATOR_ROOT)/include

# One dump() per state variable: "name bytes-hex".
python3 - "$hdr" > "$out/probe_vars.inc" <<'EOF'
import re, sys
for line in open(sys.argv[1]):
    m = re.match(r'\s*(?:CData|SData|IData|QData|VlWide<\d+>|VlUnpacked<.*>)\s*(?:/\*[^*]*\*/)?\s*(\w+);', line)
    if m and not m.group(1).startswith("__V"):
        print('D(%s);' % m.group(1))
EOF
cat > "$out/probe.cpp" <<'EOF'
#include "verilated.h"
#include "Vsimty_core.h"
#include "Vsimty_core___024root.h"
#include <cstdio>
double sc_time_stamp() { return 0; }
static void dump(FILE *f, const char *name, const void *p, size_t n) {
    const unsigned char *b = (const unsigned char *)p;
    fprintf(f, "%s ", name);
    for (size_t i = 0; i < n; i++) fprintf(f, "%02x", b[i]);
    fprintf(f, "\n");
}
#define D(x) dump(f, #x, &r->x, sizeof r->x)
static void snap(Vsimty_core *t, const char *path) {
    FILE *f = fopen(path, "w");
    Vsimty_core___024root *r = t->rootp;
#include "probe_vars.inc"
    fclose(f);
}
static void step(Vsimty_core *t) {
    t->clk_i = 1; t->eval(); t->clk_i = 0; t->eval();
}
int main(int argc, char **argv) {
    VerilatedContext *ctx = new VerilatedContext;
    ctx->commandArgs(argc - 1, argv);          // last argument: output prefix
    const char *pre = argv[argc - 1];
    char p[4096];
    Vsimty_core *t = new Vsimty_core{ctx, "TOP"};
    snprintf(p, sizeof p, "%s.t0", pre); snap(t, p);
    t->clk_i = 0; t->rst_i = 1; t->start_pc_i = 0x80000000u; t->imem_rdata_i = 0x0000006fu;
    t->eval();
    for (int i = 0; i < 4; i++) step(t);
    t->rst_i = 0;
    snprintf(p, sizeof p, "%s.reset", pre); snap(t, p);
    int n = 0;
    do { step(t); } while (t->init_o && ++n < 100000);
    for (int i = 0; i < 8; i++) step(t);
    snprintf(p, sizeof p, "%s.start", pre); snap(t, p);
    printf("init took %d cycles\n", n);
    delete t; delete ctx;
    return 0;
}
EOF
g++ -O1 -std=c++17 -I"$sim/obj" -I"$vinc" -I"$vinc/vltstd" -o "$out/probe" "$out/probe.cpp" \
  "$sim/obj/Vsimty_core__ALL.a" "$sim"/obj/verilated.o "$sim"/obj/verilated_threads.o -pthread -latomic \
  $(ls "$sim"/obj/verilated_fst*.o 2>/dev/null) $(ls "$sim"/obj/verilated_fst*.o > /dev/null 2>&1 && echo -lz)
"$out/probe" "$out/zero" > /dev/null
for s in $seeds; do "$out/probe" +verilator+rand+reset+2 "+verilator+seed+$s" "$out/s$s" > /dev/null; done
python3 - "$out" $seeds <<'EOF'
import re, sys
out, seeds = sys.argv[1], sys.argv[2:]
def load(p):
    return dict(l.split() for l in open(p) if len(l.split()) == 2)
ctl = re.compile(r'valid|_v_|cnt|count|state|st_q|ptr|head|tail|busy|pend|mask|depth|sort|full|empty|ready|req|done|init|lock|idx|sel|stall|flag|live|alive|exit', re.I)
for when in ("t0", "reset", "start"):
    runs = [load("%s/%s.%s" % (out, x, when)) for x in ["zero"] + ["s" + s for s in seeds]]
    names = sorted(runs[0])
    diff = [n for n in names if len({r[n] for r in runs}) > 1]
    print("%-6s %4d of %d state variables differ between the zero start and seeds %s"
          % (when, len(diff), len(names), " ".join(seeds)))
    if when == "start":
        for n in diff:
            short = n.replace("simty_core__DOT__", "")
            print("   %s %s (%d bytes)" % ("CONTROL?" if ctl.search(short) else "data    ", short,
                                            len(runs[0][n]) // 2))
EOF
