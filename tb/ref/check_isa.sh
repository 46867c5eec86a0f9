#!/usr/bin/env bash
# Run every ISA test on simty-ref for several W x T and all seven policies.
#   tb/ref/check_isa.sh SIMTY_REF "1x1 2x4 ..." ELF... [-- TEST_STEP ELF...]
# REF_POLICIES="..." restricts the policies (default: all seven); REF_ISA=rv32im
# runs the model with the M extension.
# One line per (test, configuration, policy) that fails, one summary line per
# configuration and policy.  After "--": the lock-step API check
# (tb/ref/check_step.sh) on the ELFs given there.  Then "N passed, M failed".
# Exit 1 on failure.
set -uo pipefail
ref=$1; cfgs=$2; shift 2
isa=(); while [ $# -gt 0 ] && [ "$1" != "--" ]; do isa+=("$1"); shift; done
[ "${1:-}" = "--" ] && shift
step=("$@")
set -- "${isa[@]}"
[ $# -gt 0 ] || { echo "check_isa: no ELF (build them with: make sw)"; echo "0 passed, 1 failed"; exit 1; }
pass=0; fail=0
out=$(mktemp); trap 'rm -f "$out"' EXIT
for cfg in $cfgs; do
  w=${cfg%x*}; t=${cfg#*x}
  for pol in ${REF_POLICIES:-minsp-pc min-pc depth-first breadth-first ipdom minority-first mp-ipdom}; do
    "$ref" -W "$w" -T "$t" --isa "${REF_ISA:-rv32i}" --policy "$pol" --quiet --max-cycles 10000000 "$@" > "$out" 2>&1
    rc=$?
    p=$(grep -c '^PASS' "$out"); f=$(( $# - p ))
    [ $rc -ne 0 ] && [ $f -eq 0 ] && f=1
    pass=$((pass + p)); fail=$((fail + f))
    if [ $f -eq 0 ]; then
      echo "PASS W=$w T=$t $pol: $p tests"
    else
      echo "FAIL W=$w T=$t $pol: $p passed, $f failed (exit $rc)"
      grep -v '^PASS' "$out" | sed 's/^/    /' | head -n 20
    fi
  done
done
if [ ${#step[@]} -gt 1 ]; then
  tb/ref/check_step.sh "${step[@]}" > "$out" 2>&1
  cat "$out"
  p=$(sed -nE 's/^step API: ([0-9]+) passed, ([0-9]+) failed/\1/p' "$out")
  f=$(sed -nE 's/^step API: ([0-9]+) passed, ([0-9]+) failed/\2/p' "$out")
  pass=$((pass + ${p:-0})); fail=$((fail + ${f:-1}))
fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
