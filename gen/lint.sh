#!/usr/bin/env bash
# gen/lint.sh - the generator's lint matrix (run by `make gen-lint`).
#
#   gen/lint.sh SIMTY_GEN TRACK "TOP..." WxT [WxT...]
#
# TRACK is sorted (SORTER=exact), sorted-lazy (TRACK=sorted SORTER=lazy), arbiter,
# or arbiter-pipe (TRACK=arbiter ARBPIPE=1), each optionally followed by -im, -ia
# or -ima (ISA=rv32im, rv32ia, rv32ima: the M unit, the atomics and forward progress).
# For each configuration: generate into build/lint/W<w>_T<t>/, then for each
# top module run
#   verilator --lint-only -Wall           (warnings are fatal)
#   iverilog -g2005 -Wall                 (any warning fails)
#   yosys 0.23: read_verilog; hierarchy -check -top; proc; check -assert;
#               and no latch cells ($dlatch, $adlatch, $dlatchsr, $sr)
# One line per item (PASS/FAIL <cfg> <top> <tool>), logs next to the RTL,
# then the wall time and exactly "N passed, M failed".  Configurations run
# GEN_LINT_JOBS at a time (default 2).
set -uo pipefail
gen=$1; track=$2; tops=$3; shift 3
jobs=${GEN_LINT_JOBS:-2}
VERILATOR=${VERILATOR:-verilator}
IVERILOG=${IVERILOG:-iverilog}
YOSYS=${YOSYS:-yosys}
[ $# -gt 0 ] || { echo "gen/lint.sh: no configurations" >&2; exit 2; }
for c in "$@"; do   # configuration lists have one spelling (issue 53); simty-gen checks the values
  [[ $c =~ ^[0-9]+x[0-9]+$ ]] || { echo "gen/lint.sh: $c: want WxT, e.g. 8x8" >&2; exit 2; }
done

one_cfg() {   # WxT -> result lines in build/lint/W<w>_T<t>/lint.res
  local w=${1%x*} t=${1#*x}
  local name=W${w}_T${t} dir=build/lint/W${w}_T${t}
  mkdir -p "$dir"
  local res=$dir/lint.res
  : > "$res"
  local tr=${track%-im} isa=rv32i
  [ "$tr" != "$track" ] && isa=rv32im
  case $tr in *-ia) tr=${tr%-ia}; isa=rv32ia ;; *-ima) tr=${tr%-ima}; isa=rv32ima ;; esac
  if ! "$gen" W="$w" T="$t" TRACK="${tr%%-*}" $([ "$tr" = arbiter-pipe ] && echo ARBPIPE=1) \
       $([ "$tr" = sorted-lazy ] && echo SORTER=lazy) $([ "$tr" = sorted ] && echo SORTER=exact) \
       ISA=$isa \
       -o "$dir" > "$dir/gen.log" 2>&1; then
    echo "FAIL $name generate (log: $dir/gen.log)" >> "$res"
    return 0
  fi
  echo "PASS $name generate" >> "$res"
  local files
  files=$(tr '\n' ' ' < "$dir/files.f")
  for top in $tops; do
    local log=$dir/$top
    if $VERILATOR --lint-only -Wall --top-module "$top" -f "$dir/files.f" > "$log.verilator.log" 2>&1; then
      echo "PASS $name $top verilator" >> "$res"
    else
      echo "FAIL $name $top verilator (log: $log.verilator.log)" >> "$res"
    fi
    if $IVERILOG -g2005 -Wall -s "$top" -o /dev/null -c "$dir/files.f" > "$log.iverilog.log" 2>&1 \
        && [ ! -s "$log.iverilog.log" ]; then
      echo "PASS $name $top iverilog" >> "$res"
    else
      echo "FAIL $name $top iverilog (log: $log.iverilog.log)" >> "$res"
    fi
    if $YOSYS -q -l "$log.yosys.log" -p "read_verilog $files; hierarchy -check -top $top; proc; \
        check -assert; select -assert-none t:\$dlatch t:\$adlatch t:\$dlatchsr t:\$sr" \
        > /dev/null 2>&1 && ! grep -q -i '^warning' "$log.yosys.log"; then
      echo "PASS $name $top yosys" >> "$res"
    else
      echo "FAIL $name $top yosys (log: $log.yosys.log)" >> "$res"
    fi
  done
}
export -f one_cfg
export gen track tops VERILATOR IVERILOG YOSYS

t0=$(date +%s.%N)
printf '%s\n' "$@" | xargs -P "$jobs" -I{} bash -c 'one_cfg "$@"' _ {}
pass=0; fail=0
for c in "$@"; do
  res=build/lint/W${c%x*}_T${c#*x}/lint.res
  if [ -f "$res" ]; then
    cat "$res"
    pass=$(( pass + $(grep -c '^PASS' "$res") ))
    fail=$(( fail + $(grep -c '^FAIL' "$res") ))
  else
    echo "FAIL W${c%x*}_T${c#*x} (no result)"; fail=$(( fail + 1 ))
  fi
done
t1=$(date +%s.%N)
printf 'gen-lint: %d configurations x tops {%s}, TRACK=%s, %d jobs: %.1f s\n' \
  $# "$tops" "$track" "$jobs" "$(echo "$t1 - $t0" | bc)"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
