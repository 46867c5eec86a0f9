#!/usr/bin/env bash
# Run a simulator over ELF files and close with the suite's summary line.
#   scripts/sim/sim.sh SIMULATOR [OPTION...] -- ELF...
# The simulator prints one PASS/FAIL/HANG/TRAP line per ELF; this adds
# `N passed, M failed` and returns the simulator's exit code (spec exit codes).
set -uo pipefail
sim=$1; shift
opts=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do opts+=("$1"); shift; done
[ "${1:-}" = "--" ] && shift
[ $# -gt 0 ] || { echo "sim.sh: no ELF to run" >&2; exit 3; }
out=$(mktemp); trap 'rm -f "$out"' EXIT
"$sim" "${opts[@]}" "$@" | tee "$out"
rc=${PIPESTATUS[0]}
pass=$(grep -c '^PASS' "$out")
fail=$(grep -c -E '^(FAIL|HANG|TRAP|ERROR)' "$out")
# A run that died before printing its lines still counts as failed.
[ $rc -ne 0 ] && [ "$fail" -eq 0 ] && fail=1
echo "$pass passed, $fail failed"
exit $rc
