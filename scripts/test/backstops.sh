#!/usr/bin/env bash
# scripts/test/backstops.sh - a wall-clock backstop gives no verdict: make fuzz's,
# the model's qemu cross-check's and sw/check.sh's runs that outlive their limit are
# reported TOO SLOW (exit 3), not FAIL; so are those of the checks that share
# TEST_BACKSTOP (scripts/lib/flows.py): dask, bench, badinput, fpga-smoke (fpga_flow,
# check_fmax), synth-core (synth.py), fusesoc and fpga-sim-prog (fpga_soc_sim).  Stand-in
# tools that sleep past a tiny backstop, and qemu given no time; about 50 s
# (sw/check.sh's static checks, the dask stand-ins' 5 s each).
set -uo pipefail
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
printf '#!/bin/sh\nsleep 5\n' > "$tmp/slow-sim"; chmod +x "$tmp/slow-sim"
# a tool that answers a version probe (fpga_flow.version) and sleeps otherwise
printf '#!/bin/sh\ncase "$1" in -V|--version) echo stand-in 0; exit 0;; esac\nexec sleep 5\n' \
  > "$tmp/slow-tool"; chmod +x "$tmp/slow-tool"
printf '#!/bin/sh\nexit 0\n' > "$tmp/ok-tool"; chmod +x "$tmp/ok-tool"
py=${PYTHON:-.venv/bin/python}
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
# slow NAME RC OUT PATTERN: exit 3, a TOO SLOW line matching PATTERN, no FAIL line
slow() {
  local src=$2 text=$3 pat=$4
  check "$1: exit 3, not 1 (exit $src)" '[ $src -eq 3 ]'
  check "$1: a TOO SLOW line naming what was stopped and the backstop, no FAIL line" \
        'grep -q "^TOO SLOW $pat.*within the [0-9.]* s backstop" <<< "$text" && ! grep -q "^FAIL" <<< "$text"'
}
f0=$fail
out=$(FUSESOC_CHECK_FUSESOC="$tmp/slow-sim" TEST_BACKSTOP=1 $py scripts/fpga/fusesoc_check.py --quick 2>&1); rc=$?
slow fusesoc_check $rc "$out" "fusesoc --target lint ::simty"
[ $fail -eq $f0 ] || printf '%s\n' "$out" | sed 's/^/    /'
f0=$fail
build/tools/simty-gen W=2 T=2 -o "$tmp/rtl" > /dev/null
out=$(IVERILOG="$tmp/ok-tool" VVP="$tmp/slow-tool" TEST_BACKSTOP=1 $py scripts/fpga/fpga_soc_sim.py \
      --rtl "$tmp/rtl" --out "$tmp/soc" 2>&1); rc=$?
slow fpga_soc_sim $rc "$out" "vvp, the SoC bench (W=2 T=2)"
[ $fail -eq $f0 ] || printf '%s\n' "$out" | sed 's/^/    /'
f0=$fail
out=$(YOSYS="$tmp/slow-tool" TEST_BACKSTOP=1 $py scripts/fpga/fpga_flow.py --family ice40 --top smoke_lanes \
      --timeout 600 --bitstream --out "$tmp/flow" fpga/smoke/smoke_lanes.v fpga/smoke/smoke_alu.v 2>&1); rc=$?
slow fpga_flow $rc "$out" "fpga_flow ice40 smoke_lanes: synth"
check "fpga_flow: TEST_BACKSTOP replaces --timeout 600" 'grep -q "within the 1 s backstop" <<< "$out"'
out=$(python3 scripts/fpga/check_fmax.py "$tmp/flow/results.json" 2>&1); rc=$?
slow check_fmax $rc "$out" "ice40 smoke_lanes"
[ $fail -eq $f0 ] || printf '%s\n' "$out" | sed 's/^/    /'
f0=$fail
out=$(YOSYS="$tmp/slow-tool" TEST_BACKSTOP=1 $py scripts/fpga/synth.py --board ice40 --rtl "$tmp/rtl" \
      --out "$tmp/synth" --skip-units --no-pnr 2>&1); rc=$?
slow synth $rc "$out" "synth W=2 T=2 on .*: synth:"
[ $fail -eq $f0 ] || printf '%s\n' "$out" | tail -20 | sed 's/^/    /'
f0=$fail
# bench --check with the simulator and the kernel folder stood in for (no build)
out=$(TEST_BACKSTOP=1 $py - "$tmp" 2>&1 <<'EOF'
import os, sys, types
sys.path[:0] = ["scripts/lib", "scripts/bench"]
import bench, simjobs
tmp = sys.argv[1]
kd = os.path.join(tmp, "bench")
os.makedirs(kd)
for f, text in (("k.elf", ""), ("k.sig", "00000001\n")):
    with open(os.path.join(kd, f), "w") as fh:
        fh.write(text)
simjobs.build_sim = lambda *a, **k: os.path.join(tmp, "slow-sim")
bench.bench_sw = lambda *a, **k: kd
sys.exit(bench.check_mode(types.SimpleNamespace(check="2x4", tracks=["sorted"], isa="rv32i",
                                                scale="fixed", seed=1, kernels=None)))
EOF
); rc=$?
slow "bench --check" $rc "$out" "bench/k 2x4 rtl sorted"
check "bench --check: the count says too slow (kernel and negative test)" 'grep -q "^0 passed, 0 failed, 2 too slow$" <<< "$out"'
[ $fail -eq $f0 ] || printf '%s\n' "$out" | sed 's/^/    /'
f0=$fail
out=$(TEST_BACKSTOP=0.1 python3 tb/tests/check_badinput.py --gen "$tmp/slow-tool" --work "$tmp/bad" 2>&1); rc=$?
slow check_badinput $rc "$out" "\[gen\] W=6 not a power of two"
[ $fail -eq $f0 ] || printf '%s\n' "$out" | tail -5 | sed 's/^/    /'
# dask_check: a run (fuzz.py) past the backstop, then the worker's start (dask stood in for)
for case in run worker; do
  f0=$fail
  out=$(TEST_BACKSTOP=1 $py - "$tmp" $case 2>&1 <<'EOF'
import os, sys
sys.path[:0] = ["scripts/lib", "scripts/test"]
import dask_check, simjobs
tmp, case = sys.argv[1], sys.argv[2]
simjobs.build_sim = lambda *a, **k: None
simjobs.make = lambda *a, **k: None
dask_check.OUT = os.path.join(tmp, "dask-" + case)
dask_check.DASK = os.path.join(tmp, "slow-tool")
if case == "run":
    dask_check.PY = os.path.join(tmp, "slow-tool")
    dask_check.wait_for_worker = lambda *a: True
sys.exit(dask_check.main())
EOF
  ); rc=$?
  if [ $case = run ]; then what="scripts/fuzz/fuzz.py (LocalCluster)"; else what="the dask worker's start"; fi
  slow "dask_check ($case)" $rc "$out" "$what"
  [ $fail -eq $f0 ] || printf '%s\n' "$out" | sed 's/^/    /'
done
echo "backstops: $pass passed, $fail failed"
[ $fail -eq 0 ]
