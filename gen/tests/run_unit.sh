#!/usr/bin/env bash
# gen/tests/run_unit.sh - the generator's tests (run by `make gen-unit-test`).
#
#   run_unit.sh SIMTY_GEN TEST_BIN [ALU_BENCH]     run everything
#   run_unit.sh SIMTY_GEN - --golden-update        rewrite gen/tests/golden/
#
# 1. C unit tests (configuration, writer, module model, registry, determinism
#    in process);  2. the command line (errors, exit codes, summary line,
#    outputs);  3. determinism through files (generate, regenerate, compare
#    byte for byte);  4. golden files for seven small configurations (one rv32im);
#    5. the RAM bench, the RV32M lane bench;  6. the ALU lane bench under Verilator;  7. the CCS
#    proven equal to its definition.
# One line per test, then exactly "N passed, M failed".
set -uo pipefail
gen=$1; tbin=$2; shift 2
out=build/gen-test
golden_dir=gen/tests/golden
# name | arguments.  Keep them small: every module of each is reviewed in diffs.
goldens=(
  "W1_T1_sorted|W=1 T=1"
  "W2_T4_arbiter|W=2 T=4 TRACK=arbiter IMEM=4 DMEM=8 RAMSTYLE=block"
  "W2_T2_arbiter_pipe|W=2 T=2 TRACK=arbiter ARBPIPE=1"
  "W1_T4_arbiter_pipe2|W=1 T=4 TRACK=arbiter ARBPIPE=2"
  "W2_T4_sorted_exact|W=2 T=4 SORTER=exact"
  "W1_T4_sorted_lazy|W=1 T=4 SORTER=lazy"
  "W2_T2_sorted_im|W=2 T=2 ISA=rv32im"
)

if [ "${1:-}" = "--golden-update" ]; then
  for g in "${goldens[@]}"; do
    name=${g%%|*}; args=${g#*|}
    rm -rf "$out/golden/$name" "$golden_dir/$name"
    # shellcheck disable=SC2086
    "$gen" $args --version-tag=golden -o "$out/golden/$name" > /dev/null || exit 1
    mkdir -p "$golden_dir"
    cp -r "$out/golden/$name" "$golden_dir/$name"
    echo "updated $golden_dir/$name ($(ls "$golden_dir/$name" | wc -l) files)"
  done
  exit 0
fi
bench=${1:-}

pass=0; fail=0
ok()  { echo "PASS $*"; pass=$((pass + 1)); }
bad() { echo "FAIL $*"; fail=$((fail + 1)); }
t() { local name=$1; shift; if "$@"; then ok "$name"; else bad "$name"; fi; }

# 1. C unit tests
mkdir -p "$out"
"$tbin" > "$out/unit.log" 2>&1; rc=$?
grep -E '^(PASS|FAIL) ' "$out/unit.log"
pass=$((pass + $(grep -c '^PASS ' "$out/unit.log")))
fail=$((fail + $(grep -c '^FAIL ' "$out/unit.log")))
[ $rc -eq 0 ] || { grep -vE '^(PASS|FAIL) ' "$out/unit.log" | head -n 20; \
  [ "$(grep -c '^FAIL ' "$out/unit.log")" -gt 0 ] || bad "unit test binary exited $rc"; }

# 2. command line
cli=$out/cli; rm -rf "$cli"; mkdir -p "$cli"
err_is() {  # expected-stderr args...: exit non-zero, exact message, no output dir
  local want=$1; shift
  local got rc
  got=$("$gen" "$@" -o "$cli/none" 2>&1 >/dev/null); rc=$?
  [ $rc -ne 0 ] && [ "$got" = "$want" ] && [ ! -e "$cli/none" ] || { echo "  got rc=$rc: $got"; return 1; }
}
t "cli: W=6 -> exit !=0, 'simty-gen: W=6: must be a power of two in [1,64]', nothing written" \
  err_is "simty-gen: W=6: must be a power of two in [1,64]" W=6
t "cli: T=8x rejected" err_is "simty-gen: T=8x: must be a power of two in [1,64]" T=8x
t "cli: bad value after a good one: nothing written" \
  err_is "simty-gen: DMEM=3: must be a power of two in [1,65536] (KiB)" W=4 DMEM=3
t "cli: duplicate key" err_is "simty-gen: W=2: W given twice" W=4 W=2
t "cli: unknown key" err_is "simty-gen: FOO=1: unknown parameter (known: W, T, TRACK, IMEM, DMEM, RAMSTYLE, ARBPIPE, SORTER, ISA)" FOO=1
t "cli: unknown option" err_is "simty-gen: --frobnicate: unknown option (try --help)" --frobnicate
t "cli: unknown unit" err_is "simty-gen: --only=nope: no such unit (see --list)" --only=nope
t "cli: --yield-jumps (test only) takes a power of two" \
  err_is "simty-gen: --yield-jumps=3: must be a power of two in [2,256]" ISA=rv32ia --yield-jumps=3
t "cli: --yield-jumps needs an ISA with A" \
  err_is "simty-gen: --yield-jumps: needs an ISA with A (rv32ia, rv32ima)" --yield-jumps=2
yj_ok() { "$gen" W=2 T=2 ISA=rv32ia -o "$cli/yj0" > /dev/null &&
  "$gen" W=2 T=2 ISA=rv32ia --yield-jumps=256 -o "$cli/yj1" > /dev/null &&
  diff -r -x files.f "$cli/yj0" "$cli/yj1" > /dev/null &&
  "$gen" W=2 T=2 ISA=rv32ia --yield-jumps=4 --only=yield -o "$cli/yj2" > /dev/null &&
  grep -q 'CNT_W  = 2;' "$cli/yj2/simty_yield.v"; }
t "cli: --yield-jumps=256 is the default output; --yield-jumps=4 gives a 2-bit count" yj_ok
sum=$("$gen" W=8 T=16 -o "$cli/a" 2>&1)
t "cli: summary line: $sum" [ "$sum" = "simty-gen: 8 warps x 16 threads = 128 threads, sorted path list -> $cli/a" ]
sum1=$("$gen" W=1 T=1 TRACK=arbiter -o "$cli/b" 2>&1)
t "cli: summary line: $sum1" [ "$sum1" = "simty-gen: 1 warp x 1 thread = 1 thread, per-thread PC arbiter -> $cli/b" ]
files_ok() {
  local d=$1 f
  [ -s "$d/files.f" ] || return 1
  while read -r f; do [ -s "$f" ] || return 1; done < "$d/files.f"
  [ "$(wc -l < "$d/files.f")" -eq "$(ls "$d"/*.v | wc -l)" ]
}
t "cli: files.f lists every generated module, paths usable from the repo root" files_ok "$cli/a"
cfg_h_ok() {
  printf '#include "simty_config.h"\n#if SIMTY_W != 8 || SIMTY_T != 16 || !SIMTY_TRACK_SORTED || SIMTY_RF_ROWS != 128\n#error bad\n#endif\nint main(void){return SIMTY_IMEM_BASE != 0x80000000u;}\n' > "$cli/cfg_test.c"
  gcc -std=c99 -Wall -Werror -I"$cli/a" -Igen "$cli/cfg_test.c" -o "$cli/cfg_test" && "$cli/cfg_test"
}
t "cli: simty_config.h compiles with gen/ on the path and has the configuration" cfg_h_ok
mk_ok() { grep -qx 'W := 8' "$cli/a/config.mk" && grep -qx 'T := 16' "$cli/a/config.mk" && \
  grep -qx 'TRACK := sorted' "$cli/a/config.mk" && grep -qx 'DMEM := 256' "$cli/a/config.mk"; }
t "cli: config.mk has W T TRACK IMEM DMEM" mk_ok
tag_ok() {  # the one identity (issue 53): --tag writes nothing; config.mk and the header agree
  [ "$("$gen" --tag W=2 T=4 TRACK=arbiter ARBPIPE=1 ISA=rv32im -o "$cli/tag")" = W2_T4_arbiter_pipe_im ] &&
    [ ! -e "$cli/tag" ] && [ "$("$gen" --tag W=8 T=16)" = W8_T16_sorted ] &&
    grep -qx 'TAG := W8_T16_sorted' "$cli/a/config.mk" && grep -qx 'ISA := rv32i' "$cli/a/config.mk" &&
    grep -q '^#define SIMTY_TAG "W8_T16_sorted"' "$cli/a/simty_config.h"
}
t "cli: --tag prints the folder name and writes nothing; config.mk and simty_config.h carry it" tag_ok
t "cli: --tag refuses a bad knob by name" err_is "simty-gen: ISA=bogus: must be rv32i, rv32im, rv32ia or rv32ima" --tag ISA=bogus
list_ok() { local n; n=$("$gen" --list | wc -l); [ "$n" -ge 4 ] && "$gen" --list | grep -q '^alu_lane  *simty_alu_lane'; }
t "cli: --list shows every unit" list_ok
doc_ok() { "$gen" --doc | head -n 2 | grep -q '^|---|---|---|$' && "$gen" --doc | grep -q '^| `simty_alu_lane` | `alu_lane` |'; }
t "cli: --doc prints the Markdown module table" doc_ok
only_ok() { "$gen" --only=alu_lane -o "$cli/c" > /dev/null && [ "$(cat "$cli/c/files.f")" = "$cli/c/simty_alu_lane.v" ]; }
t "cli: --only=alu_lane writes one module" only_ok
stamp_ok() {
  touch -d '2001-01-01' "$cli/a/simty_alu_lane.v"
  "$gen" W=8 T=16 -o "$cli/a" > /dev/null
  [ "$(date -r "$cli/a/simty_alu_lane.v" +%Y)" = 2001 ] && ! ls "$cli/a" | grep -q '\.tmp$'
}
t "cli: regenerating leaves unchanged files untouched (time stamps kept, no .tmp left)" stamp_ok
version_ok() { head -n 2 "$cli/a/simty_alu_lane.v" | grep -q "Generated by simty-gen $("$gen" --version | cut -d' ' -f2) "; }
t "cli: headers carry the build's version ($("$gen" --version))" version_ok

# 3. determinism through files
for args in "W=1 T=1" "W=8 T=16" "W=64 T=64 TRACK=arbiter IMEM=1024 DMEM=4096"; do
  d=$out/det/$(echo "$args" | tr ' =' '_-')
  rm -rf "$d" "$d.first"
  # shellcheck disable=SC2086
  "$gen" $args -o "$d" > /dev/null && mv "$d" "$d.first" && "$gen" $args -o "$d" > /dev/null
  t "determinism: $args generated twice, byte-identical" diff -r "$d" "$d.first"
done
host_free() { ! grep -rqE "$(hostname)|$(date +%Y-%m-%d)|$PWD" "$cli/a"; }
t "determinism: no host name, date or absolute path in the output" host_free

# 4. golden files
for g in "${goldens[@]}"; do
  name=${g%%|*}; args=${g#*|}
  rm -rf "$out/golden/$name"
  # shellcheck disable=SC2086
  "$gen" $args --version-tag=golden -o "$out/golden/$name" > /dev/null
  if diff -r "$golden_dir/$name" "$out/golden/$name" > "$out/golden/$name.diff" 2>&1; then
    ok "golden: $name ($args)"
  else
    bad "golden: $name differs (see $out/golden/$name.diff; if intended: make gen-golden-update)"
    head -n 20 "$out/golden/$name.diff"
  fi
done

# 5. RAM bench (iverilog; the tb is plain Verilog)
rd=$out/ram; rm -rf "$rd"; mkdir -p "$rd"
"$gen" W=2 T=2 --only=ram_1r1w -o "$rd" > /dev/null && "$gen" W=2 T=2 --only=ram_1r1w_be -o "$rd/be" > /dev/null \
  && "$gen" W=2 T=2 --only=ram_1r1w_lut -o "$rd/lut" > /dev/null
for i in $(seq 0 15); do printf 'c0de%04x\n' "$i"; done > "$rd/ram_init.hex"
if iverilog -g2005 -Wall -o "$rd/ram_tb" gen/tests/ram_tb.v "$rd"/simty_ram_1r1w.v "$rd"/be/*.v "$rd"/lut/*.v > "$rd/build.log" 2>&1 \
   && res=$(cd "$rd" && vvp -n ./ram_tb 2>&1) && echo "$res" | grep -q ', 0 errors$'; then
  ok "bench: RAM primitives (${res#ram-tb: })"
else
  bad "bench: RAM primitives"; cat "$rd/build.log"; echo "${res:-}" | head -n 12
fi

# 5b. RV32M lane bench (iverilog): corner and random operands against the plain definition
md=$out/mdu; rm -rf "$md"; mkdir -p "$md"
if "$gen" W=2 T=2 ISA=rv32im --only=mdu_lane -o "$md" > /dev/null \
   && iverilog -g2005 -Wall -o "$md/mdu_tb" gen/tests/mdu_tb.v "$md"/simty_mdu_lane.v > "$md/build.log" 2>&1 \
   && [ ! -s "$md/build.log" ] && res=$(vvp -n "$md/mdu_tb" 2>&1) && echo "$res" | grep -q ', 0 errors$'; then
  ok "bench: simty_mdu_lane vs the RV32M definition (${res#mdu-tb: })"
else
  bad "bench: simty_mdu_lane"; cat "$md/build.log"; echo "${res:-}" | head -n 12
fi

# 6. ALU lane bench
if [ -n "$bench" ]; then
  if res=$("$bench" 2>&1); then ok "bench: simty_alu_lane vs C model: ${res#alu-bench: }"
  else bad "bench: simty_alu_lane"; echo "$res" | head -n 12; fi
fi

# 7. the compact-sort unit equals its definition (gen/tests/ccs_ref.v) for every
#    input: a Yosys SAT proof on a miter, at T = 1, 4 and 64.
cd_=$out/ccs; rm -rf "$cd_"; mkdir -p "$cd_"
for T in 1 4 64; do
  if "$gen" W=1 T=$T --only=ccs -o "$cd_/T$T" > /dev/null && ${YOSYS:-yosys} -p "
      read_verilog -sv gen/tests/ccs_ref.v; chparam -set T $T ccs_ref; read_verilog $cd_/T$T/simty_ccs.v
      proc; miter -equiv -flatten -make_outputs ccs_ref simty_ccs miter; hierarchy -top miter
      flatten; opt -fast; sat -verify -prove trigger 0 miter" > "$cd_/T$T.log" 2>&1 \
     && grep -q 'SAT proof finished - no model found: SUCCESS' "$cd_/T$T.log"; then
    ok "proof: simty_ccs equals its definition at T=$T (Yosys SAT)"
  else
    bad "proof: simty_ccs at T=$T (log: $cd_/T$T.log)"
  fi
done

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
