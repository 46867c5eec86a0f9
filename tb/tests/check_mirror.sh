#!/usr/bin/env bash
# The harness's path mirror (tb/harness_paths.c) catches a broken tracker.
#
#   tb/tests/check_mirror.sh GEN_BIN ELF OUT_DIR
#
# For each planted bug (simty-gen --mutate, the formal proofs' mutations) a
# W=2 T=4 simulator is built into OUT_DIR and runs ELF, a divergent program:
# the run must fail (exit 1) with the mirror's own message, not with a wrong
# result or a hang. The same program on the unmutated core passes (make test
# runs it); so a mirror that stopped checking fails here. A case may name its
# own W, T and program (a sibling of ELF): absorb-drop needs a join of more
# paths than T = 4 holds (switch_table at W=2 T=8).
set -euo pipefail
[ $# = 3 ] || { echo "usage: $0 GEN_BIN ELF OUT_DIR" >&2; exit 2; }
gen=$1; elf=$2; out=$3
root=$(cd "$(dirname "$0")/../.." && pwd)
lib=$(dirname "$gen")/libsimtyref.a   # the model and shared modules, beside simty-gen
# mutation | TRACK | the mirror's message (extended regular expression) [| W | T | program]
cases=(
  "skip-mask-bit|sorted|is not in its path set|paths hold threads"
  "bad-order|sorted|handed out before path"
  "extra-lane|arbiter|active lanes"
  "absorb-drop|sorted|handed out before path|paths hold threads|2|8|switch_table"
)
npass=0; nfail=0
for c in "${cases[@]}"; do
  IFS='|' read -r mut track want <<< "$c"
  w=2; t=4; prog=$elf
  if [[ $want =~ ^(.*)\|([0-9]+)\|([0-9]+)\|([a-z_0-9]+)$ ]]; then
    want=${BASH_REMATCH[1]}; w=${BASH_REMATCH[2]}; t=${BASH_REMATCH[3]}
    prog=$(dirname "$elf")/${BASH_REMATCH[4]}.elf
  fi
  dir=$out/$mut-$track
  # sorted: the exact sorter, whose head the mirror checks is the minimum (SORTER=auto
  # would build the lazy one at these T)
  "$gen" W="$w" T="$t" TRACK="$track" $([ "$track" = sorted ] && echo SORTER=exact) \
    --mutate="$mut" -o "$dir/rtl" > /dev/null
  "$root/scripts/sim/build_sim.sh" "$dir/rtl" "$dir/sim" --lib "$lib" > /dev/null
  rc=0
  res=$("$dir/sim/simty-sim" --max-cycles 200000 "$prog" 2>&1) || rc=$?
  if [ "$rc" = 1 ] && grep -Eq "ERROR .*($want)" <<< "$res"; then
    echo "PASS mirror: --mutate=$mut (TRACK=$track, ${w}x$t) caught: $(grep -m1 ERROR <<< "$res" | cut -c1-160)"
    npass=$((npass + 1))
  else
    echo "FAIL mirror: --mutate=$mut (TRACK=$track, ${w}x$t): exit $rc, expected 1 with /$want/: $(tail -n 3 <<< "$res")"
    nfail=$((nfail + 1))
  fi
done
echo "$npass passed, $nfail failed"
[ "$nfail" = 0 ]
