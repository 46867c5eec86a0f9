#!/usr/bin/env bash
# make synth and make bitstream from a copy of this checkout under /tmp.
#
# The YoWASP tools (Yosys, nextpnr) run in a WebAssembly sandbox that cannot
# open absolute paths under /tmp, so every flow hands them paths relative to
# the folder they run in; this check would fail if one did not.  It copies the
# tracked and new files (not build/) into a fresh folder under /tmp, links the
# project's .venv, and runs there: make synth BOARD=ice40 W=1 T=1, then
# make bitstream (pack, unpack round trip).  About 2 minutes.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d /tmp/simty-tmpcheck.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
co=$tmp/simty
mkdir -p "$co"
(cd "$root" && git ls-files -z --cached --others --exclude-standard | xargs -0 tar -cf - 2>/dev/null) \
  | tar -C "$co" -xf -
ln -s "$root/.venv" "$co/.venv"
cd "$co"
pass=0; fail=0
check() { # name, condition
  if eval "$2"; then echo "PASS $1"; pass=$((pass + 1)); else echo "FAIL $1"; fail=$((fail + 1)); fi
}
make -s SIMTY_SETUP_DONE=1 synth BOARD=ice40 W=1 T=1 > synth.log 2>&1
rc=$?
cfg=$(build/tools/simty-gen --tag W=1 T=1 2>/dev/null)   # the folder's name: simty-gen alone computes it
res=build/$cfg/synth-ice40/results.json
check "make synth BOARD=ice40 W=1 T=1 in $co: exit 0, placed and routed with an Fmax" \
  "[ $rc -eq 0 ] && .venv/bin/python -c 'import json,sys; r=json.load(open(\"$res\")); sys.exit(not (r[\"status\"] == \"ok\" and r[\"fmax_mhz\"]))'"
make -s SIMTY_SETUP_DONE=1 bitstream BOARD=ice40 W=1 T=1 > bitstream.log 2>&1
rc=$?
check "make bitstream there: exit 0, the round trip passes, it prints the path" \
  "[ $rc -eq 0 ] && ! grep -q '^FAIL' bitstream.log && grep -q \"bitstream: build/$cfg/synth-ice40/simty_ice40.bin\" bitstream.log"
if [ $fail -ne 0 ]; then
  echo "--- synth.log"; tail -n 20 synth.log; echo "--- bitstream.log"; tail -n 20 bitstream.log
fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
