#!/usr/bin/env bash
# An ASan/UBSan build of the RTL harness, for tb/tests/check_badinput.py.
#
#   tb/tests/build_asan_sim.sh SIM_DIR RTL_DIR OUT_DIR
#
# SIM_DIR is a finished scripts/sim/build_sim.sh output (its obj/ holds the
# Verilated model and the C++ shim, reused as they are, uninstrumented);
# RTL_DIR is the generator output it was built from (simty_config.h).  The
# harness and everything it shares with the reference model (loader, console,
# report, model for --cosim) are compiled again from tb/ with
# -fsanitize=address,undefined into OUT_DIR/simty-sim.  build_sim.sh itself is
# not changed.  HARNESS_C=FILE compiles FILE instead of tb/harness.c (to try
# a patch to the harness without touching the tree).
set -euo pipefail
[ $# = 3 ] || { echo "usage: $0 SIM_DIR RTL_DIR OUT_DIR" >&2; exit 2; }
sim=$(cd "$1" && pwd); rtl=$(cd "$2" && pwd); out=$3
root=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$out/obj"; out=$(cd "$out" && pwd)
for f in Vsimty_core__ALL.a vl_shim.o verilated.o; do
  [ -f "$sim/obj/$f" ] || { echo "build_asan_sim: $sim/obj/$f missing (run scripts/sim/build_sim.sh first)" >&2; exit 2; }
done
san="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -g"
inc="-I$rtl -I$root/tb -I$root/gen -I$root/tb/ref"
objs=()
for c in "${HARNESS_C:-$root/tb/harness.c}" "$root"/tb/harness_load.c "$root"/tb/harness_paths.c "$root"/tb/errf.c "$root"/tb/elf_load.c "$root"/tb/console.c "$root"/tb/report.c \
         "$root"/tb/ref/config.c "$root"/tb/ref/decode.c "$root"/tb/ref/exec.c "$root"/tb/ref/pass.c \
         "$root"/tb/ref/latency.c "$root"/tb/ref/group.c "$root"/tb/ref/cfg.c "$root"/tb/ref/pathlist.c \
         "$root"/tb/ref/stack.c "$root"/tb/ref/run.c "$root"/tb/ref/lifecycle.c; do
  o="$out/obj/$(basename "${c%.c}").o"
  gcc -std=c99 -O1 -Wall -Wextra $san $inc -c "$c" -o "$o"
  objs+=("$o")
done
g++ $san -o "$out/simty-sim" "${objs[@]}" "$sim/obj/vl_shim.o" "$sim"/obj/verilated*.o \
  "$sim/obj/Vsimty_core__ALL.a" -pthread -latomic $(ls "$sim"/obj/verilated_fst*.o > /dev/null 2>&1 && echo -lz)
echo "built $out/simty-sim (ASan/UBSan harness)"
