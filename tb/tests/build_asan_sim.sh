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
# The model library's sources, in its layer order, from the one list (tb/ref/ref.mk).
lib=$(make -s --no-print-directory -C "$root" -f tb/ref/ref.mk ref-lib-srcs) && [ -n "$lib" ] \
  || { echo "build_asan_sim: cannot read REF_LIB_SRCS from tb/ref/ref.mk" >&2; exit 2; }
srcs=("${HARNESS_C:-$root/tb/harness.c}" "$root"/tb/harness_load.c "$root"/tb/harness_paths.c)
for c in $lib; do srcs+=("$root/$c"); done
for c in "${srcs[@]}"; do
  o="$out/obj/$(basename "${c%.c}").o"
  gcc -std=c99 -O1 -Wall -Wextra $san $inc -c "$c" -o "$o"
  objs+=("$o")
done
g++ $san -o "$out/simty-sim" "${objs[@]}" "$sim/obj/vl_shim.o" "$sim"/obj/verilated*.o \
  "$sim/obj/Vsimty_core__ALL.a" -pthread -latomic $(ls "$sim"/obj/verilated_fst*.o > /dev/null 2>&1 && echo -lz)
echo "built $out/simty-sim (ASan/UBSan harness)"
