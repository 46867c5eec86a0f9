#!/usr/bin/env bash
# sw/check.sh - checks of the software under sw/ that need no Simty model.
#
#   sw/check.sh            build (make -f sw/sw.mk sw), then check
#   SW_CHECK_NOBUILD=1     skip the build (the ELFs must exist)
#
# One line per check (PASS/FAIL name[: reason]) and a last line
# "N passed, M failed"; the exit status is non-zero when anything failed.
#
#  1. every build/sw/rv32ui/*.elf exits 0 under strict-RV32I qemu-riscv32
#     (user mode), and statically: 32-bit little-endian RISC-V EXEC without
#     the RVC/RVE/float-ABI flags, PT_LOAD segments inside
#     [__simty_dmem_base, __simty_dmem_end), no compressed, M-extension or
#     CSR instruction, no gp-relative access, no __global_pointer$ (an MMIO
#     access would show as a qemu segfault: nothing is mapped there);
#  2. a copy of add.S with one broken expectation fails with (case << 1) | 1;
#  3. every build/sw/apps/*.elf, build/sw/simt/*.elf and build/sw/bench/*.elf
#     passes the same static checks (except CSRs: the C start-up and the
#     SIMT tests read them, so they cannot run as such under qemu-user);
#  4. the C start-up (crt0, TLS, errno, printf, exit) runs under qemu-user in
#     test builds with the thread geometry compiled in (-DSIMTY_QEMU_USER),
#     for several (W, T, thread id), including shares too small (exit 126);
#     hello and diverge run the same way for some thread ids;
#  5. the SIMT tests (sw/simt) whose logic is per thread run under qemu-user
#     in test builds with the geometry compiled in, for several (W, T, thread
#     id): the C tests (which also measure their deepest stack use and fail
#     with 125 at SIMT_STACK_LIMIT bytes, see sw/simt/simt.h) and the
#     assembly tests whose checks do not involve other lanes; switch_table's
#     switch must be compiled to a jump table (a `jr` in sw_lane);
#  6. the A extension (issue 52): every build/sw/rv32ua/*.elf passes the
#     static checks of 1 (A instructions allowed) and exits 0 under qemu-user
#     with A, and dies of an illegal instruction without it; a copy of
#     amoadd_w.S with one broken expectation fails with (case << 1) | 1;
#  7. fresh ISA=rv32ia and ISA=rv32ima builds of everything (into
#     build/sw/check/sw-rv32ia, sw-rv32ima) are free of compiler, assembler
#     and linker warnings, and their simt_a, simt_fp and bench_a ELFs pass
#     the static checks of 3 (A allowed; M only at rv32ima);
#  8. every simt_a and simt_fp test under qemu-user with A: at W = T = 1 as one
#     thread, and, except amo_lanes (its checks are about SIMT lanes), as W*T
#     real Linux threads (-DSIMTY_QEMU_THREADS, sw/check/qthreads.S) for
#     several W x T: their logic under real concurrency, not SIMT;
#  9. every bench and bench_a kernel at W = T = 1 under qemu-user, and the
#     bench_a kernels as W*T threads, print their outputs: they must equal
#     the host's expected signature.
set -u
cd "$(dirname "$0")/.." || exit 2

MAKE=${MAKE:-make}
QEMU=${QEMU:-qemu-riscv32}
QEMU_CPU="rv32,m=false,a=false,f=false,d=false,c=false"
mk() { "$MAKE" -s --no-print-directory -f sw/sw.mk "$@"; }
RISCV_PREFIX=${RISCV_PREFIX:-$(mk sw-print-RISCV_PREFIX)}
GCC=$(mk sw-print-RISCV_GCC)
OBJDUMP=$(mk sw-print-RISCV_OBJDUMP)
READELF=${RISCV_PREFIX}readelf
NM=${RISCV_PREFIX}nm
OUT=build/sw/check
mkdir -p "$OUT"

npass=0
nfail=0
nslow=0
# qemu's time limit (SW_QEMU_TIMEOUT, 20 s) is a backstop, not a verdict: a check whose
# qemu run it stopped is TOO SLOW (the machine), not FAIL, and the script exits 3.
# run_qemu leaves a marker, as it often runs in a command substitution's subshell.
slow_mark=$OUT/.qemu-too-slow
pass() { rm -f "$slow_mark"; echo "PASS $1"; npass=$((npass + 1)); }
fail() {
    if [ -e "$slow_mark" ]; then
        rm -f "$slow_mark"
        echo "TOO SLOW $1: qemu did not finish within ${SW_QEMU_TIMEOUT:-20} s ($2)"
        nslow=$((nslow + 1))
    else
        echo "FAIL $1: $2"; nfail=$((nfail + 1))
    fi
}
finish() {
    echo "$npass passed, $nfail failed$([ "$nslow" -eq 0 ] || echo ", $nslow too slow")"
    [ "$nfail" -eq 0 ] || exit 1
    [ "$nslow" -eq 0 ] || exit 3
    exit 0
}

if [ -z "${SW_CHECK_NOBUILD:-}" ]; then
    if mk sw > "$OUT/build.log" 2>&1; then
        pass "build"
    else
        fail "build" "make -f sw/sw.mk sw failed (see $OUT/build.log)"
        tail -n 20 "$OUT/build.log"
        finish
    fi
fi

# static_checks ELF KIND [EXT] (KIND = isa | c; EXT = extensions allowed
# besides RV32I: a, m or am): prints problems, one per line.
static_checks() {
    local elf=$1 kind=$2 ext=${3:-} hdr flags syms base end dis
    hdr=$("$READELF" -h "$elf" 2>&1) || { echo "readelf failed"; return; }
    grep -q 'Class: *ELF32' <<<"$hdr" || echo "not ELF32"
    grep -q "Data: *2's complement, little endian" <<<"$hdr" || echo "not little-endian"
    grep -q 'Machine: *RISC-V' <<<"$hdr" || echo "not RISC-V"
    grep -q 'Type: *EXEC' <<<"$hdr" || echo "not an executable"
    flags=$(sed -n 's/^ *Flags: *\(0x[0-9a-fA-F]*\).*/\1/p' <<<"$hdr")
    [ -n "$flags" ] || flags=0xffffffff
    (( (flags & 0x1) == 0 )) || echo "RVC flag set (e_flags $flags)"
    (( (flags & 0x8) == 0 )) || echo "RVE flag set (e_flags $flags)"
    (( (flags & 0x6) == 0 )) || echo "hard-float ABI (e_flags $flags)"

    syms=$("$NM" "$elf")
    base=$(awk '$3 == "__simty_dmem_base" { print $1 }' <<<"$syms")
    end=$(awk '$3 == "__simty_dmem_end" { print $1 }' <<<"$syms")
    if [ -z "$base" ] || [ -z "$end" ]; then
        echo "no __simty_dmem_base/__simty_dmem_end (not linked with sw/common/link.ld)"
    else
        local type off va pa fs ms rest b=$((16#$base)) e=$((16#$end))
        while read -r type off va pa fs ms rest; do
            [ "$type" = LOAD ] || continue
            if (( va < b || va + ms > e )); then
                printf 'PT_LOAD %s+%s outside [0x%x, 0x%x)\n' "$va" "$ms" "$b" "$e"
            fi
            (( va == pa )) || echo "PT_LOAD vaddr $va != paddr $pa"
            (( fs <= ms )) || echo "PT_LOAD filesz > memsz at $va"
        done < <("$READELF" -lW "$elf")
    fi
    grep -q ' __global_pointer\$$' <<<"$syms" && echo "defines __global_pointer\$"

    dis=$("$OBJDUMP" -d -M no-aliases "$elf" | awk -F'\t' '/^ *[0-9a-f]+:\t/ { gsub(/ /, "", $2); print $2 "\t" $3 "\t" $4 }')
    awk -F'\t' 'length($1) == 4 { print "compressed instruction " $1 " " $2; exit }' <<<"$dis"
    [[ $ext == *m* ]] ||
        awk -F'\t' '$2 ~ /^(mul|mulh|mulhsu|mulhu|div|divu|rem|remu)$/ { print "M-extension instruction: " $2 " " $3; exit }' <<<"$dis"
    if [[ $ext == *a* ]]; then
        awk -F'\t' '($2 ~ /^(f|c\.)/ && $2 !~ /^fence/) || $2 == "fence.i" { print "non-RV32IA instruction: " $2 " " $3; exit }' <<<"$dis"
    else
        awk -F'\t' '($2 ~ /^(lr\.|sc\.|amo|f|c\.)/ && $2 !~ /^fence/) || $2 == "fence.i" { print "non-RV32I instruction: " $2 " " $3; exit }' <<<"$dis"
    fi
    if [ "$kind" = isa ]; then
        awk -F'\t' '$2 ~ /^csr/ { print "CSR instruction: " $2 " " $3; exit }' <<<"$dis"
        awk -F'\t' '$3 ~ /\(gp\)/ { print "gp-relative access: " $2 " " $3; exit }' <<<"$dis"
        awk -F'\t' '$2 == "addi" && $3 ~ /^[a-z0-9]+,gp,/ && $3 !~ /^gp,/ { print "gp-relative address: " $2 " " $3; exit }' <<<"$dis"
    fi
}

# run_qemu ELF...: qemu-user with the CPU of QEMU_CPU (strict RV32I unless a
# caller sets it for one command: QEMU_CPU=... run_qemu ...)
run_qemu() {
    local rc
    rm -f "$slow_mark"
    timeout "${SW_QEMU_TIMEOUT:-20}" "$QEMU" -cpu "$QEMU_CPU" "$@"; rc=$?
    [ $rc -ne 124 ] || : > "$slow_mark"
    return $rc
}

# 1. ISA tests
shopt -s nullglob
isa_elfs=(build/sw/rv32ui/*.elf)
[ ${#isa_elfs[@]} -gt 0 ] || fail "rv32ui" "no ELFs under build/sw/rv32ui"
for elf in "${isa_elfs[@]}"; do
    name=rv32ui/$(basename "$elf" .elf)
    problems=$(static_checks "$elf" isa | paste -sd ';' - | sed 's/;/; /g')
    run_qemu "$elf" > "$OUT/$(basename "$elf" .elf).qemu.out" 2>&1
    rc=$?
    if [ $rc -ne 0 ]; then
        if (( rc & 1 )) && (( rc < 128 )); then
            fail "$name" "qemu exit code $rc (test case $((rc >> 1)) failed)${problems:+; $problems}"
        else
            fail "$name" "qemu exit code $rc${problems:+; $problems}"
        fi
    elif [ -n "$problems" ]; then
        fail "$name" "$problems"
    else
        pass "$name"
    fi
done

# 2. a broken expectation must fail with the right code
SW_ASFLAGS=$(mk sw-print-SW_ASFLAGS_rv32ui)
LDS=$(mk sw-print-SW_LDS)
broken=$OUT/add_broken
if [ -f sw/rv32ui/add.S ]; then
    # case 5's expected value replaced by a wrong one
    sed -E 's/^([[:space:]]*TEST_RR_OP\([[:space:]]*5,[[:space:]]*add,[[:space:]]*)0x[0-9a-fA-F]+/\10x00000bad/' \
        sw/rv32ui/add.S > "$broken.S"
    if cmp -s sw/rv32ui/add.S "$broken.S"; then
        fail "negative/add-case5" "could not find case 5 in sw/rv32ui/add.S"
    elif ! $GCC $SW_ASFLAGS -T "$LDS" -o "$broken.elf" "$broken.S" 2> "$broken.log"; then
        fail "negative/add-case5" "build failed (see $broken.log)"
    else
        run_qemu "$broken.elf" > /dev/null 2>&1
        rc=$?
        if [ $rc -eq $(( (5 << 1) | 1 )) ]; then
            pass "negative/add-case5 (exit $rc)"
        else
            fail "negative/add-case5" "exit code $rc, expected $(( (5 << 1) | 1 ))"
        fi
    fi
fi

# 3. C programs and SIMT tests: static checks
simt_elfs=(build/sw/simt/*.elf)
[ ${#simt_elfs[@]} -gt 0 ] || fail "simt" "no ELFs under build/sw/simt"
for elf in build/sw/apps/*.elf "${simt_elfs[@]}" build/sw/bench/*.elf; do
    name=$(basename "$(dirname "$elf")")/$(basename "$elf" .elf)
    problems=$(static_checks "$elf" c | paste -sd ';' - | sed 's/;/; /g')
    if [ -n "$problems" ]; then fail "$name" "$problems"; else pass "$name (static)"; fi
done

# 4. C start-up under qemu-user (test builds)
CFLAGS=$(mk sw-print-SW_CFLAGS)
LDFLAGS=$(mk sw-print-SW_LDFLAGS_apps)
# qemu_c SRC W T TID [DMEM] -> builds $OUT/q.elf, echoes nothing; returns gcc status
qemu_c() {
    local src=$1 w=$2 t=$3 tid=$4 dmem=${5:-} d
    d="-DSIMTY_QEMU_USER -DSIMTY_QEMU_W=$w -DSIMTY_QEMU_T=$t -DSIMTY_QEMU_TID=$tid"
    $GCC $CFLAGS $d -c -o "$OUT/q_crt0.o" sw/common/crt0.S &&
    $GCC $CFLAGS $d -c -o "$OUT/q_rt.o" sw/common/simty_rt.c &&
    $GCC $CFLAGS $d -c -o "$OUT/q_main.o" "$src" &&
    $GCC $LDFLAGS -Wl,--defsym=__simty_map_free=1 ${dmem:+-Wl,--defsym=__simty_dmem_kib=$dmem} \
        -T "$LDS" -o "$OUT/q.elf" "$OUT/q_crt0.o" "$OUT/q_rt.o" "$OUT/q_main.o"
}
# geometry W T TID DMEM(KiB, empty = default) expected-exit
while read -r w t tid dmem want; do
    [ "$dmem" = "-" ] && dmem=
    name="crt0/W${w}_T${t}_t${tid}${dmem:+_DMEM$dmem}"
    if ! qemu_c sw/check/crt0_test.c "$w" "$t" "$tid" "$dmem" > "$OUT/q.log" 2>&1; then
        fail "$name" "build failed: $(head -n 3 "$OUT/q.log" | tr '\n' ' ')"
        continue
    fi
    outp=$(run_qemu "$OUT/q.elf" 2>&1)
    rc=$?
    if [ $rc -ne "$want" ]; then
        fail "$name" "exit $rc, expected $want: $(tr '\n' ' ' <<<"$outp")"
    elif [ "$want" -eq 0 ] && ! grep -q "^crt0 ok: thread $tid of $((w * t)) " <<<"$outp"; then
        fail "$name" "unexpected output: $(tr '\n' ' ' <<<"$outp")"
    elif [ "$want" -eq 0 ] && ! grep -q "^atexit ran$" <<<"$outp"; then
        fail "$name" "atexit handler did not run through exit()"
    else
        pass "$name (exit $rc)"
    fi
done <<'EOF'
1 1 0 - 0
8 8 0 - 0
8 8 13 - 0
8 8 63 - 0
4 16 37 - 0
64 1 63 - 0
3 5 14 - 0
16 8 127 - 0
32 8 255 - 0
4 64 255 - 0
32 8 255 512 0
64 8 511 - 126
64 64 4095 - 126
4 8 31 64 0
8 8 63 64 0
16 8 127 64 126
16 16 255 128 126
16 16 255 192 0
EOF

if qemu_c sw/apps/hello.c 8 8 13 > "$OUT/q.log" 2>&1; then
    outp=$(run_qemu "$OUT/q.elf" 2>&1)
    rc=$?
    if [ $rc -eq 0 ] && [ "$outp" = "hello from thread 13 of 64 (warp 1 lane 5)" ]; then
        pass "apps/hello (qemu, thread 13 of 64)"
    else
        fail "apps/hello (qemu)" "exit $rc, output: $outp"
    fi
else
    fail "apps/hello (qemu)" "build failed"
fi

for tid in 0 1 2 7 13 31 32 63 77; do
    if qemu_c sw/apps/diverge.c 16 8 "$tid" > "$OUT/q.log" 2>&1; then
        outp=$(run_qemu "$OUT/q.elf" 2>&1)
        rc=$?
        if [ $rc -eq 0 ]; then
            pass "apps/diverge (qemu, thread $tid of 128)"
        else
            fail "apps/diverge (qemu, thread $tid)" "exit $rc: $outp"
        fi
    else
        fail "apps/diverge (qemu, thread $tid)" "build failed"
    fi
done


# 5. SIMT tests under qemu-user (test builds, per-thread logic only)
ASFLAGS_SIMT=$(mk sw-print-SW_ASFLAGS_simt)
qemu_s() {
    local src=$1 w=$2 t=$3 tid=$4
    shift 4
    $GCC $ASFLAGS_SIMT "$@" -DSIMTY_QEMU_USER -DSIMTY_QEMU_W="$w" -DSIMTY_QEMU_T="$t" \
        -DSIMTY_QEMU_TID="$tid" -Wl,--defsym=__simty_map_free=1 -T "$LDS" -o "$OUT/q.elf" "$src"
}
# geometry (W T) and thread ids; T = 64 and W*T = 256 exercise every lane
simt_geoms="1:1:0 2:2:1,3 4:64:0,1,2,13,31,62,63,64,127,200,255 8:8:5,63 64:8:300"
for src in sw/simt/*.c sw/simt/call_x5.S sw/simt/jump_indirect.S \
           sw/simt/mem_subword.S sw/simt/path_fill.S sw/simt/skew_warps.S \
           sw/simt/wrong_path.S sw/simt/load_hazards.S; do
    [ -f "$src" ] || continue
    base=$(basename "$src")
    nrun=0 bad=""
    for g in $simt_geoms; do
        IFS=: read -r w t tids <<<"$g"
        # C tests need W*T <= 256 in the default 256 KiB (crt0 exits 126)
        case $src in *.c) [ $((w * t)) -le 256 ] || continue ;; esac
        for tid in ${tids//,/ }; do
            if [ "${src##*.}" = c ]; then
                qemu_c "$src" "$w" "$t" "$tid" > "$OUT/q.log" 2>&1
            else
                qemu_s "$src" "$w" "$t" "$tid" > "$OUT/q.log" 2>&1
            fi || { bad="$bad build failed W$w T$t t$tid: $(head -n 3 "$OUT/q.log" | tr '\n' ' ');"; continue; }
            outp=$(run_qemu "$OUT/q.elf" 2>&1)
            rc=$?
            nrun=$((nrun + 1))
            [ $rc -eq 0 ] || bad="$bad W$w T$t thread $tid exit $rc: $(tr '\n' ' ' <<<"$outp");"
        done
    done
    if [ -n "$bad" ]; then fail "simt/$base (qemu)" "$bad"; else pass "simt/$base (qemu, $nrun threads)"; fi
done

# a broken expectation in a SIMT test must fail with that check's number
if [ -f sw/simt/call_x5.S ]; then
    sed -E 's/^([[:space:]]*check_eqi a0, )6, 1$/\17, 1/' sw/simt/call_x5.S > "$OUT/call_x5_broken.S"
    if cmp -s sw/simt/call_x5.S "$OUT/call_x5_broken.S"; then
        fail "negative/simt-call_x5-check1" "could not find check 1 in sw/simt/call_x5.S"
    elif ! qemu_s "$OUT/call_x5_broken.S" 2 4 5 -I sw/simt > "$OUT/q.log" 2>&1; then
        fail "negative/simt-call_x5-check1" "build failed (see $OUT/q.log)"
    else
        run_qemu "$OUT/q.elf" > /dev/null 2>&1
        rc=$?
        if [ $rc -eq 1 ]; then pass "negative/simt-call_x5-check1 (exit 1)"
        else fail "negative/simt-call_x5-check1" "exit code $rc, expected 1"; fi
    fi
fi

if [ -f build/sw/simt/switch_table.dump ]; then
    if awk '/<sw_lane>:/,/^$/' build/sw/simt/switch_table.dump | grep -qE $'\tjr\t'; then
        pass "simt/switch_table (jump table in sw_lane)"
    else
        fail "simt/switch_table" "sw_lane has no indirect jump: gcc did not emit a jump table"
    fi
fi

# 6. the A extension: rv32ua
QEMU_CPU_A="rv32,m=false,a=true,f=false,d=false,c=false"
QEMU_CPU_MA="rv32,m=true,a=true,f=false,d=false,c=false"
ua_elfs=(build/sw/rv32ua/*.elf)
[ ${#ua_elfs[@]} -gt 0 ] || fail "rv32ua" "no ELFs under build/sw/rv32ua"
for elf in "${ua_elfs[@]}"; do
    name=rv32ua/$(basename "$elf" .elf)
    problems=$(static_checks "$elf" isa a | paste -sd ';' - | sed 's/;/; /g')
    QEMU_CPU=$QEMU_CPU_A run_qemu "$elf" > "$OUT/$(basename "$elf" .elf).qemu.out" 2>&1
    rc=$?
    # without A: the first instruction after the register clearing traps
    # (SIGILL: qemu-user exits with 128 + 4)
    QEMU_CPU=$QEMU_CPU run_qemu "$elf" > /dev/null 2>&1
    rc_i=$?
    if [ $rc -ne 0 ]; then
        if (( rc & 1 )) && (( rc < 128 )); then
            fail "$name" "qemu exit code $rc (test case $((rc >> 1)) failed)${problems:+; $problems}"
        else
            fail "$name" "qemu exit code $rc${problems:+; $problems}"
        fi
    elif [ $rc_i -ne 132 ]; then
        fail "$name" "without A: qemu exit code $rc_i, expected 132 (SIGILL)"
    elif [ -n "$problems" ]; then
        fail "$name" "$problems"
    else
        pass "$name (qemu with A; illegal without)"
    fi
done

SW_ASFLAGS_A=$(mk sw-print-SW_ASFLAGS_rv32ua)
broken=$OUT/amoadd_broken
if [ -f sw/rv32ua/amoadd_w.S ]; then
    # case 40's expected word replaced by a wrong one
    sed -E 's/^([[:space:]]*TEST_AMO_OP\(40, .*, )0x[0-9a-fA-F]{8}(, [0-9]+\))$/\10x00000bad\2/' \
        sw/rv32ua/amoadd_w.S > "$broken.S"
    if cmp -s sw/rv32ua/amoadd_w.S "$broken.S"; then
        fail "negative/amoadd-case40" "could not find case 40 in sw/rv32ua/amoadd_w.S"
    elif ! $GCC $SW_ASFLAGS_A -T "$LDS" -o "$broken.elf" "$broken.S" 2> "$broken.log"; then
        fail "negative/amoadd-case40" "build failed (see $broken.log)"
    else
        QEMU_CPU=$QEMU_CPU_A run_qemu "$broken.elf" > /dev/null 2>&1
        rc=$?
        if [ $rc -eq $(( (40 << 1) | 1 )) ]; then
            pass "negative/amoadd-case40 (exit $rc)"
        else
            fail "negative/amoadd-case40" "exit code $rc, expected $(( (40 << 1) | 1 ))"
        fi
    fi
fi

# 7. the A builds: fresh (so every warning shows), warning-free, static checks
for isa in rv32ia rv32ima; do
    aout=$OUT/sw-$isa
    ext=a; [ $isa = rv32ima ] && ext=am
    rm -rf "$aout"
    if ! mk ISA=$isa SW_OUT="$aout" sw > "$OUT/build-$isa.log" 2>&1; then
        fail "build ISA=$isa" "make -f sw/sw.mk ISA=$isa sw failed (see $OUT/build-$isa.log)"
        continue
    fi
    if grep -qi 'warning' "$OUT/build-$isa.log"; then
        fail "build ISA=$isa" "warnings (see $OUT/build-$isa.log): $(grep -i -m 2 warning "$OUT/build-$isa.log" | tr '\n' ' ')"
    else
        pass "build ISA=$isa (fresh, no warnings)"
    fi
    a_elfs=("$aout"/simt_a/*.elf "$aout"/simt_fp/*.elf "$aout"/bench_a/*.elf)
    [ ${#a_elfs[@]} -gt 0 ] || fail "A groups ($isa)" "no ELFs under $aout/simt_a, simt_fp, bench_a"
    for elf in "${a_elfs[@]}"; do
        name=$isa/$(basename "$(dirname "$elf")")/$(basename "$elf" .elf)
        problems=$(static_checks "$elf" c $ext | paste -sd ';' - | sed 's/;/; /g')
        if [ -n "$problems" ]; then fail "$name" "$problems"; else pass "$name (static)"; fi
    done
done

# 8. simt_a and simt_fp under qemu-user with A
CFLAGS_A=$(mk ISA=rv32ia sw-print-SW_CFLAGS)
LDFLAGS_A=$(mk ISA=rv32ia sw-print-SW_LDFLAGS_apps)
# qemu_a SRC W T TID|threads [CFLAGS...] -> builds $OUT/q.elf for rv32ia
qemu_a() {
    local src=$1 w=$2 t=$3 tid=$4 d objs
    shift 4
    d="-DSIMTY_QEMU_USER -DSIMTY_QEMU_W=$w -DSIMTY_QEMU_T=$t"
    objs="$OUT/qa_crt0.o $OUT/qa_rt.o $OUT/qa_main.o"
    if [ "$tid" = threads ]; then
        d="$d -DSIMTY_QEMU_THREADS"
        $GCC $CFLAGS_A $d -c -o "$OUT/qa_qt.o" sw/check/qthreads.S || return
        objs="$OUT/qa_qt.o $objs"
    else
        d="$d -DSIMTY_QEMU_TID=$tid"
    fi
    $GCC $CFLAGS_A $d -c -o "$OUT/qa_crt0.o" sw/common/crt0.S &&
    $GCC $CFLAGS_A $d -c -o "$OUT/qa_rt.o" sw/common/simty_rt.c &&
    $GCC $CFLAGS_A $d -I sw/simt "$@" -c -o "$OUT/qa_main.o" "$src" &&
    $GCC $LDFLAGS_A -Wl,--defsym=__simty_map_free=1 -T "$LDS" -o "$OUT/q.elf" $objs
}
# geometries of the multi-threaded runs (W:T); the machine may have 2 cores
a_geoms="1:4 2:2 2:4 4:4"
for src in sw/simt/a/*.c; do
    base=$(basename "$src" .c)
    case $base in fp_*) grp=simt_fp ;; *) grp=simt_a ;; esac
    runs="1:1:0"
    [ "$base" = amo_lanes ] || for g in $a_geoms; do runs="$runs $g:threads"; done
    nrun=0 bad=""
    for r in $runs; do
        IFS=: read -r w t how <<<"$r"
        if ! qemu_a "$src" "$w" "$t" "$how" > "$OUT/q.log" 2>&1; then
            bad="$bad build failed W$w T$t $how: $(head -n 3 "$OUT/q.log" | tr '\n' ' ');"
            continue
        fi
        outp=$(QEMU_CPU=$QEMU_CPU_A run_qemu "$OUT/q.elf" 2>&1)
        rc=$?
        nrun=$((nrun + 1))
        [ $rc -eq 0 ] || bad="$bad W$w T$t $how exit $rc: $(tr '\n' ' ' <<<"$outp" | cut -c1-200);"
    done
    if [ -n "$bad" ]; then fail "$grp/$base (qemu)" "$bad"
    else pass "$grp/$base (qemu: 1x1$([ "$base" = amo_lanes ] || echo ", threads at $a_geoms"))"; fi
done

# 9. bench kernels under qemu-user against the expected signatures
# qemu_bench GROUPDIR SRC W T TID|threads CPU ISA -> compares with GROUPDIR/NAME.sig
qemu_bench() {
    local dir=$1 src=$2 w=$3 t=$4 how=$5 cpu=$6 isa=$7 name cf lf d objs
    name=$(basename "$src" .c)
    cf=$(mk ISA=$isa sw-print-SW_CFLAGS)
    lf=$(mk ISA=$isa sw-print-SW_LDFLAGS_apps)
    d="-DSIMTY_QEMU_USER -DSIMTY_QEMU_W=$w -DSIMTY_QEMU_T=$t"
    objs="$OUT/qb_crt0.o $OUT/qb_rt.o $OUT/qb_main.o"
    if [ "$how" = threads ]; then
        d="$d -DSIMTY_QEMU_THREADS"
        $GCC $cf $d -c -o "$OUT/qb_qt.o" sw/check/qthreads.S || return 2
        objs="$OUT/qb_qt.o $objs"
    else
        d="$d -DSIMTY_QEMU_TID=$how"
    fi
    { $GCC $cf $d -c -o "$OUT/qb_crt0.o" sw/common/crt0.S &&
      $GCC $cf $d -c -o "$OUT/qb_rt.o" sw/common/simty_rt.c &&
      $GCC $cf $d -I sw/bench -I "$dir" -DBENCH_INC="\"$name.inc\"" -c -o "$OUT/qb_main.o" "$src" &&
      $GCC $lf -Wl,--defsym=__simty_map_free=1 -T "$LDS" -o "$OUT/qb.elf" $objs; } > "$OUT/qb.log" 2>&1 ||
        return 2
    QEMU_CPU=$cpu run_qemu "$OUT/qb.elf" > "$OUT/qb.out" 2>&1 || return 3
    cmp -s "$OUT/qb.out" "$dir/$name.sig" || return 4
}
bench_verdict() {   # NAME STATUS
    case $2 in
        0) pass "$1" ;;
        2) fail "$1" "build failed: $(head -n 3 "$OUT/qb.log" | tr '\n' ' ')" ;;
        3) fail "$1" "qemu failed: $(head -n 3 "$OUT/qb.out" | tr '\n' ' ')" ;;
        *) fail "$1" "outputs differ from the expected signature (see $OUT/qb.out)" ;;
    esac
}
for src in sw/bench/*.c; do
    [ -f "build/sw/bench/$(basename "$src" .c).sig" ] || continue
    qemu_bench build/sw/bench "$src" 1 1 0 "$QEMU_CPU" rv32i
    bench_verdict "bench/$(basename "$src" .c) (qemu 1x1 = signature)" $?
done
ia_out=$OUT/sw-rv32ia
for src in sw/bench/a/*.c; do
    name=$(basename "$src" .c)
    [ -f "$ia_out/bench_a/$name.sig" ] || { fail "bench_a/$name" "no $ia_out/bench_a/$name.sig"; continue; }
    qemu_bench "$ia_out/bench_a" "$src" 1 1 0 "$QEMU_CPU_A" rv32ia
    bench_verdict "bench_a/$name (qemu 1x1 = signature)" $?
    for g in 2:4 4:4; do
        IFS=: read -r w t <<<"$g"
        qemu_bench "$ia_out/bench_a" "$src" "$w" "$t" threads "$QEMU_CPU_A" rv32ia
        bench_verdict "bench_a/$name (qemu ${w}x$t threads = signature)" $?
    done
done

finish
