#!/usr/bin/env bash
# Fuzz the ELF loader (tb/elf_load.c) with libFuzzer for a bounded time.
#
#   tb/tests/fuzz_elf.sh                 # 60 s
#   FUZZ_SECONDS=600 tb/tests/fuzz_elf.sh
#
# Builds build/fuzz-elf/fuzz_elf from tb/tests/fuzz_elf.c, tb/elf_load.c and tb/errf.c
# with clang -fsanitize=fuzzer,address,undefined (Debian: clang-14 and
# libclang-rt-14-dev), replays every regression input in tb/tests/corpus/
# (inputs that once crashed the loader: they must now pass), then fuzzes,
# starting from the ELFs under build/sw/ (when built), the regression inputs
# and a few tiny generated ELFs.  The corpus grows in build/fuzz-elf/corpus/
# and is kept between runs.  A crash leaves build/fuzz-elf/crash-* and makes
# the script exit 1; reproduce with build/fuzz-elf/fuzz_elf FILE, then copy
# the file into tb/tests/corpus/ once fixed.
#
# Environment: FUZZ_SECONDS (default 60), FUZZ_JOBS (default 1: the machine
# is shared), CLANG (default: clang, else clang-14), FUZZ_COVERAGE=1 (then
# print the loader's line coverage by the corpus, with llvm-cov).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
out=build/fuzz-elf
secs=${FUZZ_SECONDS:-60}
jobs=${FUZZ_JOBS:-1}
cc=${CLANG:-}
if [ -z "$cc" ]; then
  for c in clang clang-14; do command -v "$c" >/dev/null && { cc=$c; break; }; done
fi
[ -n "$cc" ] || { echo "fuzz_elf: no clang (apt-get install clang-14 libclang-rt-14-dev)" >&2; exit 2; }
mkdir -p "$out/corpus" "$out/seed"

echo "fuzz_elf: building with $cc"
"$cc" -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
  -Wall -Wextra -Itb tb/tests/fuzz_elf.c tb/errf.c tb/elf_load.c -o "$out/fuzz_elf" \
  || { echo "fuzz_elf: build failed (libFuzzer runtime: apt-get install libclang-rt-14-dev)" >&2; exit 2; }

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

# 1. Regression inputs: each must run clean.
regs=(tb/tests/corpus/*)
npass=0
if [ -e "${regs[0]}" ]; then
  if "$out/fuzz_elf" "${regs[@]}" > "$out/regress.log" 2>&1; then
    echo "PASS fuzz_elf: ${#regs[@]} regression inputs in tb/tests/corpus/"; npass=1
  else
    grep -E "ERROR|SUMMARY|runtime error|fuzz_elf:" "$out/regress.log" | head -n 20
    echo "FAIL fuzz_elf: a regression input crashes the loader (see $out/regress.log)"
    echo "0 passed, 1 failed"
    exit 1
  fi
fi

# 2. Seeds: the built programs, the regression inputs, tiny generated ELFs.
rm -f "$out"/seed/*
n=0
for f in build/sw/rv32ui/*.elf build/sw/apps/*.elf build/sw/simt/*.elf; do
  [ -f "$f" ] || continue
  cp "$f" "$out/seed/$(basename "$(dirname "$f")")_$(basename "$f")"; n=$((n + 1))
done
[ -e "${regs[0]}" ] && cp "${regs[@]}" "$out/seed/"
python3 - "$out/seed" <<'EOF'
import os, struct, sys
sys.path.insert(0, "tb/ref")
from check_loader import build_elf, PROG_PASS, PROG_TRAP
d = sys.argv[1]
for name, data in [("tiny_syms", build_elf(PROG_PASS)), ("tiny_nosyms", build_elf(PROG_PASS, with_syms=False)),
                   ("tiny_trap", build_elf(PROG_TRAP))]:
    with open(os.path.join(d, name + ".elf"), "wb") as f:
        f.write(data)
EOF
echo "fuzz_elf: $n ELFs from build/sw + $(ls "$out/seed" | wc -l | tr -d ' ') seeds in all; fuzzing ${secs}s, $jobs job(s)"

# 3. Fuzz.  -use_value_profile helps through the magic/field comparisons.
rm -f "$out"/crash-* "$out"/leak-* "$out"/timeout-* "$out"/oom-*
set +e
"$out/fuzz_elf" -max_total_time="$secs" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
  -use_value_profile=1 -print_final_stats=1 -artifact_prefix="$out/" \
  $( [ "$jobs" -gt 1 ] && echo "-jobs=$jobs -workers=$jobs" ) "$out/corpus" "$out/seed" > "$out/fuzz.log" 2>&1
rc=$?
set -e
# With -jobs, libFuzzer writes each worker's log to fuzz-N.log in the cwd.
for l in fuzz-[0-9]*.log; do [ -f "$l" ] && { cat "$l" >> "$out/fuzz.log"; rm -f "$l"; }; done
grep -E "stat::number_of_executed_units|Done [0-9]+ runs|cov: " "$out/fuzz.log" | tail -n 3
arts=$(ls "$out"/crash-* "$out"/leak-* "$out"/timeout-* "$out"/oom-* 2>/dev/null || true)
if [ -n "$arts" ] || { [ $rc != 0 ] && ! grep -q "Done [0-9]* runs" "$out/fuzz.log"; }; then
  grep -E "ERROR|SUMMARY|runtime error|fuzz_elf:" "$out/fuzz.log" | head -n 20
  echo "FAIL fuzz_elf: ${secs}s: found ${arts:-a problem (exit $rc)}; reproduce: $out/fuzz_elf FILE"
  echo "$npass passed, 1 failed"
  exit 1
fi
if [ "${FUZZ_COVERAGE:-0}" = 1 ]; then
  v=${cc#clang}
  "$cc" -g -O0 -fsanitize=fuzzer -fprofile-instr-generate -fcoverage-mapping -Itb \
    tb/tests/fuzz_elf.c tb/errf.c tb/elf_load.c -o "$out/fuzz_cov"
  rm -f "$out/cov.profraw"
  LLVM_PROFILE_FILE="$out/cov.profraw" "$out/fuzz_cov" -runs=0 "$out/corpus" > "$out/cov.log" 2>&1
  llvm-profdata$v merge -sparse "$out/cov.profraw" -o "$out/cov.profdata"
  echo "fuzz_elf: coverage of tb/elf_load.c by the corpus (regions, functions, lines, branches; elf_load() itself is the file wrapper, tested by check_badinput.py):"
  llvm-cov$v report "$out/fuzz_cov" -instr-profile="$out/cov.profdata" | grep -E "^Filename|elf_load.c"
  llvm-cov$v show "$out/fuzz_cov" -instr-profile="$out/cov.profdata" > "$out/cov.txt"
  echo "fuzz_elf: line-by-line in $out/cov.txt"
fi
echo "PASS fuzz_elf: ${secs}s of libFuzzer, no crash; corpus $(ls "$out/corpus" | wc -l | tr -d ' ') inputs"
echo "$((npass + 1)) passed, 0 failed"
