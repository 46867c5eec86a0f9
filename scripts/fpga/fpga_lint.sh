#!/usr/bin/env bash
# Lint the FPGA tops around one generated core: verilator --lint-only -Wall for every
# board, with the core's configuration (config.mk) and the waivers of fpga/common/lint.vlt.
#   scripts/fpga/fpga_lint.sh RTL_DIR
# --unroll-count: simty_ram_1r1w_be's byte-enable loop has 4T iterations (256 at T=64);
# Verilator 5.006 refuses a non-unrolled loop of non-blocking array writes (BLKLOOPINIT).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
rtl=$1
W=$(sed -n 's/^W *:= *//p' "$rtl/config.mk"); T=$(sed -n 's/^T *:= *//p' "$rtl/config.mk")
lg() { local n=$1 b=0; while [ $((1 << b)) -lt "$n" ]; do b=$((b + 1)); done; [ $b -lt 1 ] && b=1; echo $b; }
rc=0
# each board's top as make synth builds it, and as make bitstream PROG= builds it (the
# entry point from the boot RAM, and on ECP5 the per-thread lines and the result line;
# tangmega138k makes no bitstream: as make synth builds it only)
for b in ecp5 ice40 tangmega138k; do
  vs=("" "-GBOOT_ROM=1 -GREPORT=$([ $b = ecp5 ] && echo 1 || echo 0)")
  [ $b = tangmega138k ] && vs=("")
  for v in "${vs[@]}"; do
    # shellcheck disable=SC2086
    if "${VERILATOR:-verilator}" --lint-only -Wall --unroll-count 1024 --top-module top_$b "$root/fpga/common/lint.vlt" \
         -f "$rtl/files.f" "$root"/fpga/common/simty_fpga_soc.v "$root"/fpga/common/simty_fpga_amo.v \
         "$root"/fpga/common/simty_uart_tx.v \
         "$root"/fpga/common/simty_fpga_report.v "$root"/fpga/common/simty_fpga_lines.v \
         "$root"/fpga/common/lint_prims.v "$root/fpga/$b/top_$b.v" \
         -GT="$T" -GWARP_W="$(lg "$W")" -GLANE_W="$(lg "$T")" $v; then
      echo "PASS lint top_$b W=$W T=$T${v:+ $v}"
    else
      echo "FAIL lint top_$b W=$W T=$T${v:+ $v}"; rc=1
    fi
  done
done
exit $rc
