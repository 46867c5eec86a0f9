#!/usr/bin/env bash
# scripts/test/backstops.sh - a wall-clock backstop gives no verdict: make fuzz's,
# the model's qemu cross-check's and sw/check.sh's runs that outlive their limit are
# reported TOO SLOW (exit 3), not FAIL. A stand-in simulator that sleeps past a 1 s
# backstop, and qemu given no time; about 25 s (sw/check.sh's static checks).
set -uo pipefail
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
printf '#!/bin/sh\nsleep 5\n' > "$tmp/slow-sim"; chmod +x "$tmp/slow-sim"
out=$(.venv/bin/python scripts/fuzz/fuzz.py --n 1 --configs 1x1 --sim "1x1:sorted=$tmp/slow-sim" \
      --timeout 1 --ref build/tools/simty-ref --out "$tmp/fuzz" 2>&1); rc=$?
pass=0 fail=0
check() { if eval "$2"; then echo "PASS $1"; pass=$((pass + 1)); else echo "FAIL $1"; fail=$((fail + 1)); fi; }
check "exit 3 (too slow, no verdict), not 1 (exit $rc)" '[ $rc -eq 3 ]'
check "a TOO SLOW line names the seed and the bound" 'grep -q "^TOO SLOW seed 1 config 1x1:sorted: .*--max-cycles" <<< "$out"'
check "no FAIL line" '! grep -q "^FAIL" <<< "$out"'
check "the count says too slow" 'grep -q "^0 passed, 0 failed, 1 too slow$" <<< "$out"'
[ $fail -eq 0 ] || printf '%s\n' "$out" | sed 's/^/    /'
f0=$fail
out=$(python3 scripts/sim/qemu_xcheck.py --ref build/tools/simty-ref --work "$tmp/qemu" --timeout 0 \
      build/sw/rv32ui/add.elf 2>&1); rc=$?
check "qemu_xcheck: exit 3, not 1 (exit $rc)" '[ $rc -eq 3 ]'
check "qemu_xcheck: a TOO SLOW line, no FAIL line" 'grep -q "^TOO SLOW build/sw/rv32ui/add.elf: qemu did not finish" <<< "$out" && ! grep -q "^FAIL" <<< "$out"'
[ $fail -eq $f0 ] || printf '%s\n' "$out" | sed 's/^/    /'
f0=$fail
out=$(SW_CHECK_NOBUILD=1 SW_QEMU_TIMEOUT=0.001 sw/check.sh 2>&1); rc=$?
check "sw/check.sh: exit 3, not 1 (exit $rc)" '[ $rc -eq 3 ]'
check "sw/check.sh: TOO SLOW lines, no FAIL line" 'grep -q "^TOO SLOW rv32ui/add: qemu did not finish" <<< "$out" && ! grep -q "^FAIL" <<< "$out"'
[ $fail -eq $f0 ] || printf '%s\n' "$out" | tail -20 | sed 's/^/    /'
echo "backstops: $pass passed, $fail failed"
[ $fail -eq 0 ]
