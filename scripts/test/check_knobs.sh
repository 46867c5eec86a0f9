#!/usr/bin/env bash
# check_knobs.sh - one identity per configuration, every knob validated (issue 53).
#
#  1. The folder name of a configuration comes from simty-gen --tag alone: for a
#     handful of knob combinations, the Makefile's folder (make config), the helper
#     the scripts share (scripts/lib/simjobs.py, from knobs and from a WxT[:track]
#     list), the generated config.mk and simty_config.h, and synth.py's reading of
#     config.mk all agree with it.
#  2. A bogus value of every knob is refused by make gen naming the knob, and
#     writes no record; a bad list item and a bad knob of the model's run too.
#  3. make gen remembers every knob (LAST_MK), and a tracker's own knob only with
#     its tracker.
#  4. The model (MODEL=ref) is told the ISA, so rv32im and rv32ia programs run on it; an
#     rv32ia program traps (illegal instruction) on the model and the RTL without A.
# Ends with "N passed, M failed".
set -uo pipefail
cd "$(dirname "$0")/../.."
pass=0; fail=0
ok() { echo "PASS knobs: $1"; pass=$((pass + 1)); }
ko() { echo "FAIL knobs: $1"; fail=$((fail + 1)); }
mk="make -s --no-print-directory SIMTY_SETUP_DONE=1"
gen=build/tools/simty-gen
py=.venv/bin/python; [ -x $py ] || py=python3
tmp=build/test/knobs; rm -rf $tmp; mkdir -p $tmp
$mk $gen || { echo "FAIL knobs: cannot build $gen"; echo "0 passed, 1 failed"; exit 1; }

# 1. one identity.  spec (WxT[:track], - for none) | extra knobs for simjobs | knobs
combos=(
  "8x8||W=8 T=8"
  "2x4:arbiter_pipe||W=2 T=4 TRACK=arbiter ARBPIPE=1"
  "8x8:sorted_lazy||W=8 T=8 TRACK=sorted SORTER=lazy"
  "1x1:sorted_exact|ISA=rv32im|W=1 T=1 SORTER=exact ISA=rv32im"
  "2x4:arbiter|ISA=rv32ia|W=2 T=4 TRACK=arbiter ISA=rv32ia"
  "8x8:sorted_lazy|ISA=rv32ima|W=8 T=8 SORTER=lazy ISA=rv32ima"
  "4x64:arbiter_pipe0||W=4 T=64 TRACK=arbiter ARBPIPE=0"
  "16x4:arbiter|IMEM=128 DMEM=1024 RAMSTYLE=block|W=16 T=4 TRACK=arbiter IMEM=128 DMEM=1024 RAMSTYLE=block"
)
for c in "${combos[@]}"; do
  IFS='|' read -r spec extra knobs <<< "$c"
  # shellcheck disable=SC2086
  want=$($gen --tag $knobs)
  # shellcheck disable=SC2086
  mkdir=$(SIMTY_NO_LAST=1 $mk config $knobs | sed -n 's/.* -> build\///p')
  # shellcheck disable=SC2086
  helper=$($py scripts/lib/simjobs.py tag $knobs)
  fromspec=$($py - "$spec" "$extra" <<'EOF'
import sys
sys.path.insert(0, "scripts/lib")
import simjobs
(w, t, tr), = simjobs.parse_specs(sys.argv[1])
more = dict(kv.split("=", 1) for kv in sys.argv[2].split())
isa = more.pop("ISA", "rv32i")
print(simjobs.tag(simjobs.knobs(w, t, tr, isa=isa, **more)))
EOF
)
  out=$tmp/gen-$want
  # shellcheck disable=SC2086
  $gen $knobs -o "$out" > /dev/null
  mk_tag=$(awk '$1 == "TAG" { print $3 }' "$out/config.mk")
  h_tag=$(sed -n 's/^#define SIMTY_TAG "\([^"]*\)".*/\1/p' "$out/simty_config.h")
  synth_tag=$($py -c 'import sys; sys.path.insert(0, "scripts/lib"); import flows; flows.use("fpga"); import synth; print(synth.cfg_tag(synth.read_config(sys.argv[1])))' "$out")
  all="make=$mkdir simjobs=$helper list=$fromspec config.mk=$mk_tag simty_config.h=$h_tag synth=$synth_tag"
  if [ -n "$want" ] && [ "$all" = "make=$want simjobs=$want list=$want config.mk=$want simty_config.h=$want synth=$want" ]; then
    ok "$knobs ($spec): every consumer names build/$want"
  else
    ko "$knobs ($spec): simty-gen --tag says '$want', but $all"
  fi
done
# The folder names users and tools rely on (issue 53: kept exactly).
names_ok=1
while IFS='|' read -r knobs name; do
  # shellcheck disable=SC2086
  got=$($gen --tag $knobs)
  [ "$got" = "$name" ] || { names_ok=0; echo "  $knobs: $got, not $name"; }
done <<'EOF'
W=8 T=8|W8_T8_sorted
W=8 T=8 SORTER=lazy|W8_T8_sorted_lazy
W=2 T=4 TRACK=arbiter ARBPIPE=1|W2_T4_arbiter_pipe
W=8 T=8 ISA=rv32im|W8_T8_sorted_im
W=8 T=8 ISA=rv32ia|W8_T8_sorted_ia
W=2 T=4 TRACK=arbiter ISA=rv32ima|W2_T4_arbiter_ima
W=8 T=8 TRACK=arbiter SORTER=exact ARBPIPE=auto|W8_T8_arbiter
W=2 T=2 IMEM=64 DMEM=32 RAMSTYLE=auto|W2_T2_sorted_I64_D32_auto
EOF
[ $names_ok = 1 ] && ok "the folder names of today are kept" || ko "a folder name changed"

# 2. every knob validated, by name, and nothing recorded
sum() { md5sum build/last.mk 2>/dev/null || echo none; }
before=$(sum)
for kv in W=6 T=3 TRACK=bogus SORTER=bogus ARBPIPE=9 ISA=bogus IMEM=3 DMEM=5 RAMSTYLE=bogus; do
  out=$($mk gen $kv 2>&1); rc=$?
  if [ $rc -ne 0 ] && grep -q "^simty-gen: $kv: must be" <<< "$out" && [ "$(sum)" = "$before" ]; then
    ok "make gen $kv is refused, naming the knob, nothing recorded"
  else
    ko "make gen $kv: exit $rc: $(tail -n 2 <<< "$out")"
  fi
done
out=$($mk sim MODEL=ref ISA=bogus TEST=add 2>&1); rc=$?
if [ $rc -ne 0 ] && grep -q "ISA=bogus: must be rv32i, rv32im, rv32ia or rv32ima" <<< "$out"; then
  ok "make sim MODEL=ref ISA=bogus is refused, naming the knob"
else
  ko "make sim MODEL=ref ISA=bogus: exit $rc: $(tail -n 2 <<< "$out")"
fi
out=$($py scripts/lib/simjobs.py sims 2_4 2>&1); rc=$?
if [ $rc -ne 0 ] && grep -q "bad configuration '2_4' (want WxT\[:track\]" <<< "$out"; then
  ok "a configuration list takes one spelling, WxT[:track]"
else
  ko "simjobs.py sims 2_4: exit $rc: $out"
fi

# 3. make gen remembers every knob, a tracker's own knob only with its tracker
last=$tmp/last.mk
$mk gen LAST_MK=$last W=2 T=4 TRACK=arbiter ARBPIPE=0 ISA=rv32im IMEM=32 DMEM=64 RAMSTYLE=block > /dev/null 2>&1
line=$(env -u SIMTY_NO_LAST $mk config LAST_MK=$last 2>&1)
if [ "$line" = "config: W=2 (last make gen) T=4 (last make gen) TRACK=arbiter (last make gen) ISA=rv32im (last make gen) ARBPIPE=0 (last make gen) IMEM=32 (last make gen) DMEM=64 (last make gen) RAMSTYLE=block (last make gen) -> build/W2_T4_arbiter_pipe0_im_I32_D64_block" ]; then
  ok "build/last.mk remembers every knob"
else
  ko "build/last.mk after make gen with every knob: $line"
fi
line=$(env -u SIMTY_NO_LAST $mk config LAST_MK=$last TRACK=sorted 2>&1)
if grep -q -- "-> build/W2_T4_sorted_im_I32_D64_block$" <<< "$line"; then
  ok "TRACK=sorted on the command line does not inherit the arbiter's ARBPIPE"
else
  ko "TRACK=sorted after an arbiter make gen: $line"
fi

# 4. the model is told the ISA
out=$($mk sim MODEL=ref W=2 T=4 ISA=rv32im TEST=rv32um 2>&1); rc=$?
if [ $rc -eq 0 ] && grep -q "^8 passed, 0 failed" <<< "$out"; then
  ok "make sim MODEL=ref ISA=rv32im TEST=rv32um passes"
else
  ko "make sim MODEL=ref ISA=rv32im TEST=rv32um: exit $rc: $(tail -n 2 <<< "$out")"
fi
out=$($mk sim MODEL=ref W=2 T=4 ISA=rv32i TEST=build/sw-im/rv32um/mul.elf 2>&1); rc=$?
if [ $rc -ne 0 ] && grep -q "^TRAP .*illegal instruction" <<< "$out"; then
  ok "an rv32im program traps on the model told ISA=rv32i"
else
  ko "an rv32im program on the model with ISA=rv32i: exit $rc, expected an illegal-instruction trap"
fi
out=$($mk sim MODEL=ref W=2 T=4 ISA=rv32ia TEST=rv32ua 2>&1); rc=$?
if [ $rc -eq 0 ] && grep -q "^10 passed, 0 failed" <<< "$out"; then
  ok "make sim MODEL=ref ISA=rv32ia TEST=rv32ua passes"
else
  ko "make sim MODEL=ref ISA=rv32ia TEST=rv32ua: exit $rc: $(tail -n 2 <<< "$out")"
fi
# an A program on cores without A: the model and the RTL trap (cause 2)
for model in ref rtl; do
  out=$($mk sim MODEL=$model W=2 T=4 ISA=rv32i TEST=build/sw-ia/rv32ua/amoadd_w.elf 2>&1); rc=$?
  if [ $rc -ne 0 ] && grep -q "^TRAP .*illegal instruction" <<< "$out"; then
    ok "an rv32ia program traps on MODEL=$model with ISA=rv32i"
  else
    ko "an rv32ia program on MODEL=$model with ISA=rv32i: exit $rc, expected an illegal-instruction trap"
  fi
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
