#!/usr/bin/env bash
# check_knobs.sh - the Makefile forwards every knob (issue 53): a bad ISA is
# refused by simty-gen naming the knob, and the model (MODEL=ref) is told the
# ISA, so rv32im programs run on it.  Ends with "N passed, M failed".
set -uo pipefail
cd "$(dirname "$0")/.."
pass=0; fail=0
ok() { echo "PASS knobs: $1"; pass=$((pass + 1)); }
ko() { echo "FAIL knobs: $1"; fail=$((fail + 1)); }
mk="make -s --no-print-directory SIMTY_SETUP_DONE=1"

out=$($mk gen W=2 T=2 ISA=bogus 2>&1); rc=$?
if [ $rc -ne 0 ] && grep -q "ISA=bogus: must be rv32i or rv32im" <<< "$out"; then
  ok "make gen ISA=bogus is refused, naming the knob"
else
  ko "make gen ISA=bogus: exit $rc: $(tail -n 2 <<< "$out")"
fi
out=$($mk sim MODEL=ref W=2 T=4 ISA=rv32im TEST=rv32um 2>&1); rc=$?
if [ $rc -eq 0 ] && grep -q "^8 passed, 0 failed" <<< "$out"; then
  ok "make sim MODEL=ref ISA=rv32im TEST=rv32um passes"
else
  ko "make sim MODEL=ref ISA=rv32im TEST=rv32um: exit $rc: $(tail -n 2 <<< "$out")"
fi
out=$($mk sim MODEL=ref W=2 T=4 ISA=rv32i TEST=build/sw-im/rv32um/mul.elf 2>&1); rc=$?
if [ $rc -ne 0 ] && grep -q "^TRAP .*illegal instruction" <<< "$out"; then
  ok "an rv32im program traps on the model told ISA=rv32i"
else
  ko "an rv32im program on the model with ISA=rv32i: exit $rc, expected an illegal-instruction trap"
fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
