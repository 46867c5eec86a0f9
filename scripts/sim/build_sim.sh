#!/usr/bin/env bash
# Build the Verilator simulator of one generated configuration.
#
#   scripts/sim/build_sim.sh RTL_DIR OUT_DIR [--trace] [--lib LIB.a]...
#
# RTL_DIR holds what simty-gen wrote (files.f, config.mk, simty_config.h, *.v);
# the configuration (T) comes from its config.mk. The model
# is compiled by Verilator's make (C++), the harness by gcc as C; OUT_DIR gets
# obj/ and the simty-sim binary. With --trace the model supports --trace FILE.fst
# (tracing compiled in costs about 40 % of the speed, so it is a separate build).
set -euo pipefail
rtl=$(cd "$1" && pwd); out=$2; shift 2
trace=""; libs=()
while [ $# -gt 0 ]; do
  case $1 in
    --trace) trace="--trace-fst --trace-structs" ;;
    --lib) libs+=("$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"); shift ;;
    *) echo "build_sim.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
root=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$out/obj"; out=$(cd "$out" && pwd)
# A knob of the configuration, as simty-gen wrote it for make (config.mk: KEY := VALUE).
knob() { awk -v k="$1" '$1 == k && $2 == ":=" { print $3 }' "$rtl/config.mk" 2>/dev/null; }
T=$(knob T)
[ -n "$T" ] || { echo "build_sim.sh: no T in $rtl/config.mk (not a folder simty-gen wrote?)" >&2; exit 2; }

CFLAGS="-std=c99 -O2 -Wall -Wextra -Wshadow -Werror"
inc="-I$rtl -I$root/tb -I$root/gen -I$root/tb/ref"
# The C++ compiler of the Verilated model: clang++ where it is installed
# (scripts/setup/setup.sh installs clang-14 for make fuzz-elf), else g++;
# SIMTY_SIM_CXX overrides.  On the bench kernels (make bench-sim) clang++ -O3
# ran the 8x8 core 1.11x and the 4x64 core 1.45x as fast as g++ -O2, which
# was within 3 % of every other g++ level (docs/results.md, Simulation speed).
cxx=${SIMTY_SIM_CXX:-$(command -v clang++-14 || command -v clang++ || echo g++)}
case $(basename "$cxx") in clang*) opt=-O3 ;; *) opt=-O2 ;; esac
# Verilator: the model and the C++ shim, through OPT_FAST (toolchain.md 1.3).
"${VERILATOR:-verilator}" --cc -O3 --x-assign fast --x-initial unique $trace -Wno-fatal \
  -CFLAGS "$inc -DSIMTY_T=$T" --Mdir "$out/obj" --top-module simty_core \
  -f "$rtl/files.f" "$root/tb/vl_shim.cpp" > "$out/verilator.log" 2>&1 \
  || { cat "$out/verilator.log" >&2; exit 1; }
echo 'simty-globals: $(VK_GLOBAL_OBJS)' > "$out/obj/globals.mk"
make -s -C "$out/obj" -f Vsimty_core.mk -f globals.mk CXX="$cxx" LINK="$cxx" \
  OPT_FAST=$opt OPT_GLOBAL=-O2 Vsimty_core__ALL.a vl_shim.o simty-globals > "$out/make.log" 2>&1 \
  || { tail -n 40 "$out/make.log" >&2; exit 1; }
# The harness is C, compiled as C.
objs=()
# The harness; the shared test-bench modules and the reference model (for
# --cosim) come from the library given with --lib.
for c in "$root"/tb/harness*.c; do
  o="$out/obj/$(basename "${c%.c}").o"
  gcc $CFLAGS $inc -c "$c" -o "$o"
  objs+=("$o")
done
# Linked statically: a dynamic libstdc++ costs about 1 ms of relocation at every
# start, a fifth of a short rv32ui test at W=8 T=8 (docs/results.md, Simulation speed); the
# dynamic link stays as the fallback where no static libraries are installed.
link=("$cxx" -o "$out/simty-sim" "${objs[@]}" "$out/obj/vl_shim.o" "$out"/obj/verilated*.o
      "$out/obj/Vsimty_core__ALL.a" "${libs[@]}" -pthread -latomic ${trace:+-lz})
"${link[@]}" -static 2> "$out/link.log" || "${link[@]}"
tag=$(knob TAG)
echo "built $out/simty-sim${tag:+ ($tag)}"
