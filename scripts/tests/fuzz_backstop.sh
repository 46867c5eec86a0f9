#!/usr/bin/env bash
# scripts/tests/fuzz_backstop.sh - make fuzz's wall-clock backstop gives no verdict:
# a simulator that outlives --timeout is reported TOO SLOW (exit 3), not FAIL.
# A stand-in simulator that sleeps past a 1 s backstop; about 3 s.
set -uo pipefail
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
printf '#!/bin/sh\nsleep 5\n' > "$tmp/slow-sim"; chmod +x "$tmp/slow-sim"
out=$(.venv/bin/python scripts/fuzz.py --n 1 --configs 1x1 --sim "1x1:sorted=$tmp/slow-sim" \
      --timeout 1 --ref build/tools/simty-ref --out "$tmp/fuzz" 2>&1); rc=$?
pass=0 fail=0
check() { if eval "$2"; then echo "PASS $1"; pass=$((pass + 1)); else echo "FAIL $1"; fail=$((fail + 1)); fi; }
check "exit 3 (too slow, no verdict), not 1 (exit $rc)" '[ $rc -eq 3 ]'
check "a TOO SLOW line names the seed and the bound" 'grep -q "^TOO SLOW seed 1 config 1x1:sorted: .*--max-cycles" <<< "$out"'
check "no FAIL line" '! grep -q "^FAIL" <<< "$out"'
check "the count says too slow" 'grep -q "^0 passed, 0 failed, 1 too slow$" <<< "$out"'
[ $fail -eq 0 ] || printf '%s\n' "$out" | sed 's/^/    /'
echo "fuzz-backstop: $pass passed, $fail failed"
[ $fail -eq 0 ]
