#!/usr/bin/env bash
# Install everything the project needs on a Debian 12 machine, idempotently.
#
#   scripts/setup.sh           install what is missing, check versions
#   scripts/setup.sh --check   only check; exit 1 naming what is missing
#
# Debian packages go through apt-get (as root, or through sudo); PyPI packages go
# into the project-local virtual environment .venv/ with the versions pinned in
# scripts/requirements.txt. A run with nothing to do takes well under a second.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
venv="$root/.venv"
req="$root/scripts/requirements.txt"
check_only=0
[ "${1:-}" = "--check" ] && check_only=1

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
                                 # clang++ compiles the Verilated core (scripts/build_sim.sh)
  qemu-user                      # qemu-riscv32: independent ISA cross-check
  python3-venv time              # the virtual environment; /usr/bin/time for peak memory
)

say() { printf 'setup: %s\n' "$*"; }
die() { printf 'setup: error: %s\n' "$*" >&2; exit 1; }

missing=()
for p in "${debs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  [ $check_only = 1 ] && die "missing Debian packages: ${missing[*]} (run scripts/setup.sh)"
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
  [ $check_only = 1 ] && die "Python environment .venv is missing or stale (run scripts/setup.sh)"
  [ -x "$venv/bin/python" ] || { say "creating $venv"; python3 -m venv "$venv" || die "python3 -m venv failed"; }
  say "installing PyPI packages: $(grep -v '^#' "$req" | tr '\n' ' ')"
  "$venv/bin/python" -m pip install -q --disable-pip-version-check -r "$req" \
    || die "pip install failed (see above)"
  cp "$req" "$stamp"
fi
exit 0
