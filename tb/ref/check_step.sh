#!/usr/bin/env bash
# Lock-step API check over a few configurations and policies.
#   tb/ref/check_step.sh TEST_STEP ELF...
set -uo pipefail
bin=$1; shift
out=$(mktemp); trap 'rm -f "$out"' EXIT
for cfg in "-W 1 -T 1 --policy minsp-pc" "-W 2 -T 4 --policy depth-first" \
           "-W 8 -T 8 --policy minsp-pc" "-W 4 -T 16 --policy breadth-first" \
           "-W 2 -T 64 --policy min-pc"; do
  # shellcheck disable=SC2086
  "$bin" $cfg "$@" >> "$out"
done
grep -v '^[0-9]* passed' "$out" | grep -v '^PASS' | head -n 20
p=$(grep -c '^PASS' "$out"); f=$(grep -c '^FAIL' "$out")
echo "step API: $p passed, $f failed"
[ "$f" -eq 0 ] && [ "$p" -gt 0 ]
