#!/usr/bin/env bash
# The project's test runner: `make test` (fast tier, what CI runs) and
# `make test-full` (adds the wide matrix and long runs).
#
#   scripts/test/testsuite.sh fast|full [CHECK...]
#
# Each check is a make target (or command) whose output goes to
# build/test/<check>.log.  A check that ends its output with "N passed,
# M failed" contributes those counts, any other check counts as one test.  The
# run closes with the totals on a line of their own; exit status 1 if anything
# failed.
#
# Checks run TEST_JOBS at a time (default 2, the machine's cores), in phases
# separated by "--" entries: a phase starts when the one before it has ended.
# The first two build what every later check shares (the generator, then
# the programs and the model), the third builds each configuration's simulator
# once, the last reuses them (fuzz, random start state, the job runner).
# Checks that write the same folders share a lock (lock_of below) and never
# run together.  Lines are printed as checks end.
#
# A check whose log has "TOO SLOW" job lines and no "FAIL" line (a wall-clock backstop
# stopped a job before the bound that decides its verdict: cycles, steps, BMC depth)
# is reported as SLOW rather than FAIL, and named apart on the closing line: the
# machine was too slow or too loaded, nothing is known to be wrong with the design.
# It still fails the run (no verdict is not a pass); rerun it when the machine is
# quieter, or with a larger backstop: FORMAL_BACKSTOP (formal/README.md) for formal,
# TEST_BACKSTOP (seconds, scripts/lib/flows.py) for dask, bench, badinput, fpga-smoke,
# synth-core, fusesoc and fpga-sim-prog.
set -uo pipefail
cd "$(dirname "$0")/../.."

tier=${1:-fast}; shift || true
mk="make -s --no-print-directory SIMTY_SETUP_DONE=1"
# The checks' Python: the Makefile's PYTHON (it exports its tool variables), else the .venv's.
py=${PYTHON:-.venv/bin/python}
# The checks name their configurations: no knob a `make gen` left in build/last.mk
# may leak into them (the Makefile takes the defaults instead).
export SIMTY_NO_LAST=1

# name | command.  Order: cheapest first.
# The RTL on one configuration: every program, each checked in lock step
# against the reference model.
rtl() { # W T TRACK TESTS (sorted: SORTER=exact unless given)
  local tr=$3
  [ "$tr" = sorted ] && tr="sorted SORTER=exact"
  echo "$mk sim W=$1 T=$2 TRACK=$tr TEST='$4' COSIM=1 SIMFLAGS=--quiet"
}
# ISA=rv32im: its own build folders (build/W<w>_T<t>_<track>_im, build/sw-im)
rtl_m() { # W T TRACK TESTS
  echo "$mk sim W=$1 T=$2 TRACK=$3 ISA=rv32im TEST='$4' COSIM=1 SIMFLAGS=--quiet"
}
# ISA=rv32ia / rv32ima: atomics and forward progress (build/..._ia, build/sw-ia; _ima, sw-ima)
rtl_a() { # W T TRACK TESTS [ISA]
  echo "$mk sim W=$1 T=$2 TRACK=$3 ISA=${5:-rv32ia} TEST='$4' COSIM=1 SIMFLAGS=--quiet"
}
all_sw="rv32ui apps simt"
# the A programs: the ISA tests, the SIMT tests that need no rule, then those that need
# forward progress (a lane waits for a lane of its own warp), so a hang cannot hide the rest
a_sw="rv32ua simt_a simt_fp"
fast=(
  "setup|scripts/setup/setup.sh --check"
  # the scripts' layout: the import rule, the tools' defaults, the paths named (scripts/README.md)
  "scripts|$py scripts/test/check_scripts.py"
  "gen-unit|$mk gen-unit-test"
  "--"
  "check-gen|$mk check-gen"
  "check-docs|$mk check-docs"
  # the figure tables against docs/data (scripts/docs/tables.py), and that a stale one fails
  "tables|$py scripts/docs/tables.py --check"
  "tables-selftest|$py scripts/docs/tables.py --self-test"
  # the A software too, once, so that the rtl-a checks below only read build/sw-ia, sw-ima
  "sw|$mk sw && $mk sw ISA=rv32ia && $mk sw ISA=rv32ima && sw/check.sh"
  "tools|$mk build/tools/simty-ref build/tools/libsimtyref.a"
  "--"
  # Longest first, so that the two slots end together.
  "postsynth|$mk postsynth"
  "formal-quick|$mk formal FORMAL_FLAGS=--quick"
  "gen-lint|$mk gen-lint GEN_LINT_CFGS='\$(GEN_LINT_FAST)' GEN_LINT_TRACK=sorted"
  "rtl-4x64|$(rtl 4 64 sorted "$all_sw")"
  "rtl-lazy-4x64|$(rtl 4 64 "sorted SORTER=lazy" "$all_sw")"
  "rtl-arb-4x64|$(rtl 4 64 arbiter "$all_sw")"
  "synth-core|$mk gen-tool && build/tools/simty-gen W=2 T=2 -o build/test/synth-core/rtl > /dev/null && $py scripts/fpga/synth.py --board ice40 --rtl build/test/synth-core/rtl --out build/test/synth-core/ice40 --skip-units --no-pnr && $py scripts/fpga/synth.py --board ecp5 --rtl build/test/synth-core/rtl --out build/test/synth-core/ecp5 --no-pnr && grep -q '\"alu_lanes\"' build/test/synth-core/ecp5/results.json && $py scripts/fpga/synth.py --board tangmega138k --rtl build/test/synth-core/rtl --out build/test/synth-core/gowin --skip-units --no-pnr && grep -q '\"IBUF\": 1,' build/test/synth-core/gowin/results.json"
  "gen-lint-lazy|$mk gen-lint GEN_LINT_CFGS='\$(GEN_LINT_FAST)' GEN_LINT_TRACK=sorted-lazy"
  "gen-lint-arb|$mk gen-lint GEN_LINT_CFGS='\$(GEN_LINT_FAST)' GEN_LINT_TRACK=arbiter"
  "gen-lint-arbp|$mk gen-lint GEN_LINT_CFGS='1x1 2x4 8x8 4x64' GEN_LINT_TRACK=arbiter-pipe"
  "gen-lint-m|$mk gen-lint GEN_LINT_CFGS='2x4 8x8' GEN_LINT_TRACK=sorted-im GEN_LINT_TOPS=simty_core"
  "gen-lint-a|$mk gen-lint GEN_LINT_CFGS='1x1 2x4 8x8 4x64' GEN_LINT_TRACK=sorted-ia GEN_LINT_TOPS=simty_core && $mk gen-lint GEN_LINT_CFGS='1x1 8x8 4x64' GEN_LINT_TRACK=sorted-lazy-ima GEN_LINT_TOPS=simty_core && $mk gen-lint GEN_LINT_CFGS='1x1 2x4 8x8 4x64' GEN_LINT_TRACK=arbiter-ia GEN_LINT_TOPS=simty_core"
  # 4x64: the lock that 63 lanes of each warp spin on (2.8 M cycles), not the ticket lock
  # (4.8 M, in the full tier with the arbiter's)
  "rtl-a-4x64|$(rtl_a 4 64 sorted "simt_a fp_lock_warp fp_flag_lanes fp_barrier_diverged")"
  "ref-cfg|$mk ref-check-cfg"
  "fpga-smoke|$mk fpga-smoke"
  "rtl-8x8|$(rtl 8 8 sorted "$all_sw")"
  "rtl-lazy-8x8|$(rtl 8 8 "sorted SORTER=lazy" "$all_sw")"
  "rtl-arb-8x8|$(rtl 8 8 arbiter "$all_sw")"
  "rtl-arbp0-8x8|$(rtl 8 8 "arbiter ARBPIPE=0" "$all_sw")"
  "rtl-m-arb-8x8|$(rtl_m 8 8 arbiter rv32um)"
  "rtl-m-2x4|$(rtl_m 2 4 sorted rv32um)"
  # past 8 lanes the load port's bank select is copied per group of lanes, the
  # divide's results included; W = 1: one bank
  "rtl-m-1x16|$(rtl_m 1 16 sorted "rv32um simt")"
  "rtl-a-8x8|$(rtl_a 8 8 sorted "$a_sw")"
  "rtl-a-arb-8x8|$(rtl_a 8 8 arbiter "$a_sw")"
  "rtl-a-2x4|$(rtl_a 2 4 sorted "$a_sw")"
  "rtl-a-1x8|$(rtl_a 1 8 sorted "$a_sw")"
  "rtl-a-arb-1x8|$(rtl_a 1 8 arbiter "$a_sw")"
  "rtl-a-1x1|$(rtl_a 1 1 sorted "$a_sw")"
  "rtl-ima-arb-2x4|$(rtl_a 2 4 arbiter "rv32um $a_sw" rv32ima)"
  "rtl-2x4|$(rtl 2 4 sorted "$all_sw")"
  "rtl-16x4|$(rtl 16 4 sorted "$all_sw")"
  "rtl-lazy-2x4|$(rtl 2 4 "sorted SORTER=lazy" "$all_sw")"
  "rtl-arb-2x4|$(rtl 2 4 arbiter "$all_sw")"
  "rtl-arbp-2x4|$(rtl 2 4 "arbiter ARBPIPE=1" "$all_sw")"
  "rtl-1x1|$(rtl 1 1 sorted "$all_sw")"
  "rtl-arb-1x1|$(rtl 1 1 arbiter "$all_sw")"
  "ref-loader|$mk ref-check-loader"
  "ref-qemu|$mk ref-check-qemu"
  "ref-isa|$mk ref-check-isa"
  "ref-m|$mk ref-check-m"
  "ref-a|$mk ref-check-a"
  # the model's forward-progress rule on the A programs (it builds build/sw-ia: lock ia)
  "ref-yield|$mk ref-check-yield"
  # the model's RTL timing mode: options, its core against simty-gen, results (~30 s)
  "ref-rtltime|$mk ref-check-rtltime"
  "fusesoc|$py scripts/fpga/fusesoc_check.py --quick"
  "pll-selftest|$py scripts/fpga/fpga_flow.py --pll-self-test"
  # formal.py's verdicts from recorded sby outputs; its backstop gives TOO SLOW (~3 s)
  "formal-selftest|$py scripts/formal/formal.py --self-test"
  # two first runs of a YoWASP tool at once on an empty cache: one compiles (~10 s)
  "yowasp-warm|scripts/setup/setup.sh --warm-self-test"
  # the backstops of fuzz, qemu_xcheck, sw/check.sh and of the TEST_BACKSTOP checks:
  # a run past its limit is TOO SLOW, not FAIL (stand-ins, ~50 s)
  "backstops|scripts/test/backstops.sh"
  "compare-selftest|$py scripts/fpga/compare.py --self-test"
  "congestion-selftest|$py scripts/fpga/congestion.py --self-test"
  "bench-plot-selftest|$py scripts/bench/bench_plot.py --self-test"
  "bench-selftest|$py scripts/bench/bench.py --self-test"
  # make policy-sweep's tables and plot on made-up records (~2 s)
  "policy-sweep-selftest|$py scripts/bench/policy_sweep.py --self-test"
  # make model-parity's verdicts and tables, issue_diff's matching and patterns (made-up, <1 s)
  "parity-selftest|$py scripts/bench/model_parity.py --self-test"
  "issue-diff-selftest|$py scripts/sim/issue_diff.py --self-test"
  "area-step-selftest|$py scripts/fpga/area_step.py --self-test"
  # nextpnr's progress lines (recorded logs, scripts/fpga/tests/); a stopped flow leaves no tool running
  "pnr-progress|$py scripts/fpga/fpga_flow.py --progress-self-test"
  "flow-stop|$py scripts/fpga/fpga_flow.py --stop-self-test"
  # the progress display of the long runs and of this runner: done/total, lines in a log
  "progress|$py scripts/lib/simjobs.py --progress-self-test"
  "tool-version|$py scripts/fpga/fpga_flow.py --version-self-test"
  # the critical path's units from the cells' sources (recorded W1T1 paths, scripts/fpga/tests/)
  "crit-path|$py scripts/fpga/synth.py --crit-self-test"
  # --pnr-only places a synthesis again after a timeout, never one that does not fit
  "pnr-resume|$py scripts/fpga/synth.py --resume-self-test"
  # the flow's LUT_TABLES holds a W-deep table of the generator in LUT-RAM (Yosys, ~3 s)
  "lut-tables|$mk gen-tool && $py scripts/fpga/synth.py --lut-tables-self-test"
  # the copies of a register every lane reads stay apart through synthesis (W2T16's register file)
  "lane-copies|$mk gen-tool && $py scripts/fpga/synth.py --lane-copies-self-test"
  # the model's study pass rules: results independent of the rule, passes fall (~15 s)
  "pass-rules|$py scripts/bench/pass_rules.py --self-test"
  "knobs|scripts/test/check_knobs.sh"
  "--"
  # These reuse the simulators built above.
  "fuzz|$mk fuzz N=200 SEED=1 FUZZ_TRACKS='sorted_exact sorted_lazy arbiter'"
  # the model's timing mode against the RTL (make model-parity's short form: every bench
  # kernel at 1x1, 8x8 and 4x64 on the cores built above, ~1 min)
  "parity|$py scripts/bench/model_parity.py --cfgs 1x1 --tracks 'sorted arbiter' --out build/test/parity-1x1 && $py scripts/bench/model_parity.py --cfgs '8x8 4x64' --tracks 'sorted lazy arbiter' --out build/test/parity"
  # random programs with atomics and spin-waits on the A cores of rtl-a-* (sorted: exact
  # at 1x1 and 4x64, lazy at 2x4 and 8x8) and the arbiter (1x1 and 2x4 built here, ~40 s);
  # 1.5 s a program with 2 jobs (~100 s in all)
  "fuzz-a|$mk fuzz ISA=rv32ia N=40 SEED=1 FUZZ_TRACKS='sorted arbiter' FUZZ_FLAGS='--out build/fuzz-a'"
  "dask|$py scripts/test/dask_check.py"
  "randstate|$mk test-randstate"
  "bench-2x4|$py scripts/bench/bench.py --check 2x4 --track sorted"
  # the A kernels (sw/bench/a, atomics) on the rv32ia core against their host signatures
  "bench-a-2x4|$py scripts/bench/bench.py --check 2x4 --track sorted --isa rv32ia --kernels bench_a"
  # weak scaling: kernels sized for 1 and 8 threads, against their host signatures
  "bench-weak|$py scripts/bench/bench.py --check '1x1 2x4' --track sorted --scale weak --kernels 'saxpy mandel matmul nqueens'"
  "badinput|$mk test-badinput W=2 T=4"
  "mirror|$mk test-mirror"
  "bench-sim|$py scripts/sim/bench_sim.py --check"
  "fpga-lint|$mk fpga-lint W=2 T=4 && $mk fpga-lint W=8 T=64 TRACK=arbiter"
  "fpga-sim|$mk fpga-sim W=2 T=2 && $mk fpga-sim W=8 T=8 TRACK=arbiter"
  # make bitstream PROG='s images of 9 programs through the ECP5 SoC against make sim (~40 s)
  "fpga-sim-prog|$mk test-fpga-sim-prog W=2 T=4 TRACK=sorted SORTER=exact"
  # the SoC's read-modify-write: A programs on the ECP5 SoC against make sim
  "fpga-sim-a|$mk fpga-sim W=2 T=4 TRACK=sorted ISA=rv32ia BOARD=ecp5 PROG='build/sw-ia/rv32ua/amoadd_w.elf build/sw-ia/rv32ua/amomaxu_w.elf build/sw-ia/rv32ua/lrsc.elf build/sw-ia/simt_a/atomic_counter.elf build/sw-ia/simt_fp/fp_flag_lanes.elf'"
  "term-selftest|$py scripts/fpga/term.py --self-test"
)
# simjobs.py --progress-self-test's run of this runner: three quick checks, two phases.
progress_selftest=(
  "fake-a|sleep 1; echo '2 passed, 0 failed'"
  "fake-b|true"
  "--"
  "fake-c|echo '1 passed, 0 failed'"
)
# C programs need at least 512 bytes of data memory per thread: with the
# default 256 KiB, configurations above 256 threads run the ISA tests only.
full=(
  "${fast[@]}"
  "--"
  "gen-lint-all|$mk gen-lint GEN_LINT_TRACK=sorted"
  "gen-lint-all-arb|$mk gen-lint GEN_LINT_TRACK=arbiter"
  "rtl-8x16|$(rtl 8 16 sorted "$all_sw")"
  "rtl-16x32|$(rtl 16 32 sorted rv32ui)"
  "rtl-64x8|$(rtl 64 8 sorted rv32ui)"
  "rtl-8x64|$(rtl 8 64 sorted rv32ui)"
  "rtl-arb-8x16|$(rtl 8 16 arbiter "$all_sw")"
  "rtl-arb-16x32|$(rtl 16 32 arbiter rv32ui)"
  "rtl-arbp-1x1|$(rtl 1 1 "arbiter ARBPIPE=1" "$all_sw")"
  "rtl-arbp-4x64|$(rtl 4 64 "arbiter ARBPIPE=1" "$all_sw")"
  "fuzz-1000|$mk fuzz N=1000 SEED=100000"
  "synth-ice40|$mk synth BOARD=ice40 W=2 T=2 && $mk bitstream BOARD=ice40 W=2 T=2"
  "synth-tmp|scripts/fpga/synth_tmp_check.sh"
  "randstate-arb|$mk test-randstate TRACK=arbiter RANDSTATE_CFGS='2x4 8x8'"
  "fuzz-elf|$mk fuzz-elf"
  "formal|$mk formal"
  "fusesoc-synth|$py scripts/fpga/fusesoc_check.py --synth-only"
  "rtl-a-full-4x64|$(rtl_a 4 64 sorted "$a_sw")"
  "rtl-a-arb-4x64|$(rtl_a 4 64 arbiter "$a_sw")"
)

case $tier in
  fast) checks=("${fast[@]}") ;;
  full) checks=("${full[@]}") ;;
  progress-selftest) checks=("${progress_selftest[@]}") ;;
  *) echo "testsuite: unknown tier '$tier' (fast or full)" >&2; exit 3 ;;
esac

# Checks that write the same folders: one at a time.
declare -A lock_of=(
  [gen-lint]=lint [gen-lint-lazy]=lint [gen-lint-arb]=lint [gen-lint-arbp]=lint
  [gen-lint-m]=lint [gen-lint-all]=lint [gen-lint-all-arb]=lint   # build/lint/
  [ref-loader]=ref [ref-qemu]=ref [ref-isa]=ref [ref-cfg]=ref [ref-m]=ref [ref-a]=ref [ref-rtltime]=ref  # build/ref/
  [rtl-m-2x4]=im [rtl-m-1x16]=im [rtl-m-arb-8x8]=im [knobs]=im      # build/sw-im/
  [gen-lint-a]=lint       # build/lint/ (the rtl-a checks read build/sw-ia, built by "sw")
  [ref-yield]=ia [fuzz-a]=ia                                       # build/sw-ia/, build/fuzz-a
  [formal-quick]=formal [formal]=formal                           # build/formal/
  [fusesoc]=fusesoc [fusesoc-synth]=fusesoc                       # build/test/fusesoc/
  [bench-2x4]=benchsw [bench-weak]=benchsw [parity]=benchsw        # build/sw/bench/ and the
  [dask]=benchsw [bench-sim]=benchsw       # 1x1 and 2x4 simulators they relink after a model change
  [bench-a-2x4]=ia                                                 # build/sw-ia/bench_a/
)
jobs=${TEST_JOBS:-2}
case $jobs in ''|*[!0-9]*|0) echo "testsuite: TEST_JOBS=$jobs: a positive number" >&2; exit 3 ;; esac

mkdir -p build/test
total_pass=0; total_fail=0; failed=(); slow=()
# Checks run YoWASP tools in parallel: compile them first, once, under setup.sh's
# lock (make test has done it already; this is for a direct run of this script).
scripts/setup/setup.sh --warm || { echo "testsuite: scripts/setup/setup.sh --warm failed" >&2; exit 1; }
t_start=$(date +%s)

# The run's progress (scripts/lib/simjobs.py progress, the project's one progress
# display): on a terminal one updating line (checks done/total, elapsed, time left,
# the checks running), in a log a line per tenth of the checks and at least every
# 30 s.  This script's output goes through it (lines printed as they are); the
# checks' start and end reach it as "@progress" lines.  Without Python: no display.
pyp=$py; [ -x "$pyp" ] || pyp=python3
event() { :; }
if "$pyp" -c "" 2>/dev/null; then
  selected=0
  for entry in "${checks[@]}"; do
    [ "$entry" = "--" ] && continue
    if [ $# -eq 0 ] || [[ " $* " == *" ${entry%%|*} "* ]]; then selected=$((selected + 1)); fi
  done
  exec 1> >(exec "$pyp" scripts/lib/simjobs.py progress --total "$selected" \
              --desc "make test ($tier)" --unit check)
  prog_pid=$!
  trap 'exec 1>&-; wait "$prog_pid"' EXIT   # its last lines before the script ends
  trap '' PIPE                             # should it die, the run goes on
  event() { echo "@progress $*"; }
fi

run_check() { # name cmd: the check's log, then its exit status and seconds
  local t0=$(date +%s) rc
  bash -c "$2" > "build/test/$1.log" 2>&1
  rc=$?
  echo "$rc $(( $(date +%s) - t0 ))" > "build/test/$1.rc"
}

report() { # name: the line of a finished check, counts added to the totals
  local name=$1 log=build/test/$1.log rc secs counts p f
  read -r rc secs < "build/test/$name.rc"
  counts=$(grep -E '^([A-Za-z-]+: )?[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
  if [ -n "$counts" ]; then
    p=$(sed -E 's/^([A-Za-z-]+: )?([0-9]+) passed.*/\2/' <<<"$counts")
    f=$(sed -E 's/.* ([0-9]+) failed.*/\1/' <<<"$counts")
  else
    p=$(( rc == 0 )); f=$(( rc != 0 ))
  fi
  # A non-zero exit fails the check even if its own counts said otherwise.
  [ "$rc" -ne 0 ] && [ "$f" -eq 0 ] && f=1
  total_pass=$(( total_pass + p )); total_fail=$(( total_fail + f ))
  if [ "$rc" -eq 0 ]; then
    printf 'PASS %-12s %4d passed %6ds\n' "$name" "$p" "$secs"
  elif grep -q '^TOO SLOW ' "$log" && ! grep -q '^FAIL ' "$log"; then
    printf 'SLOW %-12s %4d passed, %d failed %ds  (too slow: a backstop stopped a job before its bound; the machine, not the design; log: %s)\n' \
      "$name" "$p" "$f" "$secs" "$log"
    grep -E '^(TOO SLOW |formal: too slow)' "$log" | sed 's/^/    /'
    slow+=("$name")
  else
    printf 'FAIL %-12s %4d passed, %d failed %ds  (log: %s)\n' "$name" "$p" "$f" "$secs" "$log"
    tail -n 25 "$log" | sed 's/^/    /'
    failed+=("$name")
  fi
}

declare -A running=()   # pid -> check name
declare -A held=()      # lock -> 1 while a check holding it runs
wait_one() { # wait for any running check, report it, free its lock
  local pid name
  wait -n -p pid "${!running[@]}"
  name=${running[$pid]}; unset "running[$pid]"
  [ -n "${lock_of[$name]:-}" ] && unset "held[${lock_of[$name]}]"
  report "$name"
  event done "$name"
}

run_phase() { # entries of one phase, TEST_JOBS at a time
  local pending=("$@") rest entry name lock started
  while [ ${#pending[@]} -gt 0 ]; do
    started=0; rest=()
    for entry in "${pending[@]}"; do
      name=${entry%%|*}; lock=${lock_of[$name]:-}
      if [ $started -eq 0 ] && [ ${#running[@]} -lt "$jobs" ] && { [ -z "$lock" ] || [ -z "${held[$lock]:-}" ]; }; then
        run_check "$name" "${entry#*|}" &
        running[$!]=$name; [ -n "$lock" ] && held[$lock]=1
        event start "$name"
        started=1
      else
        rest+=("$entry")
      fi
    done
    pending=("${rest[@]}")
    # Nothing could start: a slot or a lock is busy.
    [ $started -eq 0 ] && wait_one
  done
  while [ ${#running[@]} -gt 0 ]; do wait_one; done
}

phase=()
for entry in "${checks[@]}" "--"; do
  if [ "$entry" = "--" ]; then
    [ ${#phase[@]} -gt 0 ] && run_phase "${phase[@]}"
    phase=(); continue
  fi
  name=${entry%%|*}
  if [ $# -gt 0 ] && [[ " $* " != *" $name "* ]]; then continue; fi
  rm -f "build/test/$name.rc"
  phase+=("$entry")
done
echo "tier $tier: $(( $(date +%s) - t_start )) s, $jobs at a time${failed[*]:+; failed checks: ${failed[*]}}${slow[*]:+; too slow (no verdict): ${slow[*]}}"
echo "$total_pass passed, $total_fail failed"
[ $total_fail -eq 0 ]
