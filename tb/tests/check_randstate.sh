#!/usr/bin/env bash
# Randomized start state (issue 5, item 6): the results must not depend on
# the flip-flops' values before reset.
#
#   tb/tests/check_randstate.sh SIM... [-- ELF...]
#   SEEDS="1 7 12345" tb/tests/check_randstate.sh build/W*/sim/simty-sim
#
# For each simulator (each built by scripts/sim/build_sim.sh, which Verilates with
# --x-initial unique: checked here in SIM's obj/ when it is there) and each
# program, a run with the default all-zero start state is the reference; then
# one run per seed with +verilator+rand+reset+2 +verilator+seed+SEED must give
# the same exit code, the same result line and the same commit log ignoring
# its first column (the cycle).  A difference means some control state is
# used before it is reset: the first differing commit-log line is printed, and
# the logs are kept in build/badinput/randstate/.  A difference only in the
# cycle counts (same per-thread results, other timing) is reported separately.
#
# Default programs: a few rv32ui tests, build/sw/apps and some build/sw/simt
# tests (those present).  Environment: SEEDS (default "1 7 12345"),
# MAX_CYCLES (default 2000000), OUT (default build/badinput/randstate).
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
sims=(); elfs=()
while [ $# -gt 0 ]; do
  case $1 in
    --) shift; elfs=("$@"); break ;;
    *) sims+=("$1") ;;
  esac
  shift
done
[ ${#sims[@]} -gt 0 ] || { echo "usage: $0 SIM... [-- ELF...]" >&2; exit 2; }
if [ ${#elfs[@]} = 0 ]; then
  for p in rv32ui/{simple,add,beq,bltu,jal,jalr,lb,lhu,lw,sb,sh,sw,st_ld,ld_st} \
           apps/{hello,diverge} simt/{branches,calls,call_x5,coalesce,exits,jump_indirect,loops,mem_subword,path_fill,skew_warps,store_overlap,switch_table,wrong_path}; do
    f=$root/build/sw/$p.elf
    [ -f "$f" ] && elfs+=("$f")
  done
fi
[ ${#elfs[@]} -gt 0 ] || { echo "check_randstate: no programs (make sw)" >&2; exit 2; }
seeds=${SEEDS:-1 7 12345}
maxc=${MAX_CYCLES:-2000000}
out=${OUT:-$root/build/badinput/randstate}
mkdir -p "$out"
pass=0; fail=0
ok()  { echo "PASS $*"; pass=$((pass + 1)); }
bad() { echo "FAIL $*"; fail=$((fail + 1)); }

for sim in "${sims[@]}"; do
  if [ ! -x "$sim" ]; then bad "$sim: not found"; continue; fi
  cfg=$("$sim" --help | sed -n 's/.*(\([0-9]*\) warps x \([0-9]*\) threads, \([a-z]*\)).*/\1x\2_\3/p')
  [ -n "$cfg" ] || cfg=$(basename "$(dirname "$sim")")
  d=$out/$cfg; mkdir -p "$d"
  # The model must have been Verilated with --x-initial unique, else the
  # plusargs change nothing and this test proves nothing.
  obj=$(dirname "$sim")/obj
  if [ -d "$obj" ]; then
    if grep -qs "VL_RAND_RESET\|VL_SCOPED_RAND_RESET" "$obj"/*.cpp; then
      ok "[$cfg] model built with --x-initial unique ($(cat "$obj"/*.cpp | grep -c 'RAND_RESET') random initial values)"
    else
      bad "[$cfg] model has no VL_RAND_RESET: not built with --x-initial unique, randomization has no effect"
    fi
  fi
  for elf in "${elfs[@]}"; do
    name=$(basename "$(dirname "$elf")")/$(basename "$elf" .elf)
    base=$d/$(echo "$name" | tr / _)
    "$sim" --quiet --max-cycles "$maxc" --commit-log "$base.zero.log" "$elf" > "$base.zero.out" 2>&1
    rc0=$?
    res0=$(grep -E '^(PASS|FAIL|HANG|TRAP|ERROR) ' "$base.zero.out" | head -n 1)
    # A program that fails even from zero is another bug (reported by the
    # other tests): it is noted, and its outcome must still not change.
    [ $rc0 = 0 ] || echo "NOTE [$cfg] $name: fails from the zero start state too (exit $rc0: $res0)"
    [ -f "$base.zero.log" ] || { bad "[$cfg] $name: no commit log from the zero-init run"; continue; }
    cut -d' ' -f2- "$base.zero.log" > "$base.zero.cut"
    line0=$(echo "$res0" | sed 's/; [0-9]* cycles\]/]/')
    for s in $seeds; do
      "$sim" --quiet --max-cycles "$maxc" --commit-log "$base.s$s.log" \
        +verilator+rand+reset+2 "+verilator+seed+$s" "$elf" > "$base.s$s.out" 2>&1
      rc=$?
      res=$(grep -E '^(PASS|FAIL|HANG|TRAP|ERROR) ' "$base.s$s.out" | head -n 1)
      line=$(echo "$res" | sed 's/; [0-9]* cycles\]/]/')
      if [ $rc != $rc0 ] || [ "$line" != "$line0" ]; then
        bad "[$cfg] $name seed $s: exit $rc ($res), zero-init exit $rc0 ($res0); logs in $base.*"
        continue
      fi
      if [ ! -f "$base.s$s.log" ]; then bad "[$cfg] $name seed $s: no commit log"; continue; fi
      cut -d' ' -f2- "$base.s$s.log" > "$base.s$s.cut"
      if cmp -s "$base.zero.cut" "$base.s$s.cut"; then
        c0=$(grep -o '[0-9]* cycles' <<< "$res0"); c1=$(grep -o '[0-9]* cycles' <<< "$res")
        if [ "$c0" = "$c1" ]; then
          ok "[$cfg] $name seed $s: same exit ($rc), same commit log, same cycles ($c0)"
        else
          bad "[$cfg] $name seed $s: same results but $c1 instead of $c0: timing depends on the start state"
        fi
        rm -f "$base.s$s.log" "$base.s$s.cut" "$base.s$s.out"
      elif cmp -s <(sort -s -n -k1,1 -k2,2 "$base.zero.cut") <(sort -s -n -k1,1 -k2,2 "$base.s$s.cut"); then
        bad "[$cfg] $name seed $s: per-thread results equal but commit order differs (schedule depends on the start state); logs in $base.*"
      else
        first=$(diff "$base.zero.cut" "$base.s$s.cut" | head -n 4 | tr '\n' '|')
        bad "[$cfg] $name seed $s: commit logs differ: $first logs in $base.*"
      fi
    done
    rm -f "$base.zero.cut"
  done
done
echo "$pass passed, $fail failed"
[ $fail = 0 ]
