# sw/sw.mk - builds the programs under sw/ into build/sw/.
#
# Included by the top-level Makefile (paths are relative to the repository
# root, the make working directory).  Standalone use:  make -f sw/sw.mk sw
#
# Exports:
#   SW_GROUPS          program groups: rv32ui rv32um rv32ua apps simt bench,
#                      and with ISA=rv32ia or rv32ima also simt_a simt_fp bench_a
#   SW_ELFS_<group>    the ELFs of one group  (build/sw/<group>/<name>.elf;
#                      build/sw-im/, sw-ia/, sw-ima/... with ISA=rv32im, rv32ia,
#                      rv32ima).  Program names are unique across groups.
#   SW_ELFS            every ELF
#   SW_DUMPS           every disassembly     (build/sw/<group>/<name>.dump)
#   targets  sw        build every ELF and its .dump
#            sw-bench  build the bench ELFs and their expected signatures
#            sw-check  build, then run sw/check.sh (qemu-user + objdump checks)
#            sw-clean  remove build/sw
#            sw-print-VAR  print a variable of this file (used by sw/check.sh)
# Knobs:
#   RISCV_PREFIX (riscv64-unknown-elf-), RISCV_GCC, RISCV_OBJDUMP
#   DMEM=<KiB>   data memory the C start-up divides among threads
#                (default SIMTY_DMEM_KIB_DEFAULT from gen/simty_map.h)
#   IMEM=<KiB>   instruction memory size checked at link time (same default)
#   HEAP=<KiB>   heap for picolibc's malloc (default 0: malloc returns NULL)
#   SW_OPT       optimisation of C programs (-Os)
#   ISA          rv32i (default), rv32im, rv32ia or rv32ima: the C programs
#                (apps, simt, bench and the A groups) are compiled with
#                -march=<ISA>_zicsr into build/sw/ (rv32i), build/sw-im/,
#                build/sw-ia/ or build/sw-ima/.  The ISA tests are the same
#                at every ISA (rv32um always has M, rv32ua always A).  gcc
#                has no rv32ima multilib: it links rv32ima programs with the
#                rv32ia/ilp32 picolibc and libgcc (no M inside the library).
#                The A groups (simt_a, simt_fp, bench_a) exist only with
#                rv32ia and rv32ima: they need atomics (gcc's __atomic
#                builtins become libatomic calls without A, which picolibc
#                does not provide).
#   BENCH_SEED   seed of the bench kernels' inputs (1)
#   BENCH_THREADS  weak scaling: size each bench kernel's problem for this many
#                threads (BENCH_ITEMS in sw/bench/bench.h; scripts/bench/bench.py
#                --scale weak builds into build/sw-weak<N>/); empty (default):
#                the fixed problems
#   HOST_CC      host C compiler of the bench kernels' input and expected
#                signature generators (cc)
#
# Groups:
#   rv32ui  sw/rv32ui/*.S  one self-checking test per RV32I instruction, in
#           the riscv-tests style (sw/env).  Of the public rv32ui suite two
#           tests are deliberately absent: fence_i (code is not writable on
#           Simty; fence.i is an illegal instruction) and ma_data (misaligned
#           loads and stores trap on Simty).
#   rv32um  sw/rv32um/*.S  one self-checking test per RV32M instruction, same
#           style and macros (always assembled with -march=rv32im_zicsr; on an
#           ISA=rv32i core they trap: illegal instruction).
#   rv32ua  sw/rv32ua/*.S  one self-checking test per RV32A instruction
#           (amo*_w, and lrsc for LR.W/SC.W), same style; always assembled
#           with -march=rv32ia_zicsr, so on a core without A they trap
#           (illegal instruction) at their first instruction.  Every thread
#           draws a ticket with amoadd.w and works in its own slot, so the
#           results do not depend on how threads interleave (see the A
#           section of sw/env/test_macros.h).
#   apps    sw/apps/*.c    C programs linked with picolibc and sw/common.
#   simt    sw/simt/*.c *.S  directed SIMT tests (divergence, reconvergence,
#           calls, indirect jumps, exits, coalescing, wrong-path stores, path
#           list filling).  Each is self-checking and reads W, T and its ids
#           from the CSRs, so one ELF runs on every configuration.  C tests
#           are linked like apps (picolibc, crt0); assembly tests have their
#           own _start (sw/simt/simt_asm.h) and no C library.  A C test and an
#           assembly test must not share a name.
#   simt_a  sw/simt/a/*.c except fp_*  directed SIMT tests of the atomics and
#           of sw/common/simty_sync.h (counters, LR/SC loops, a histogram,
#           barriers, locks across warps, a queue, the lane order of AMOs
#           and reservations in one warp), built like the C simt tests.  None
#           needs the forward-progress rule.  Only with ISA=rv32ia/rv32ima.
#   simt_fp sw/simt/a/fp_*.c  the same kind of tests where lanes of one warp
#           spin on each other (a lock contended inside a warp): without the
#           core's forward-progress rule they deadlock, so a test suite runs
#           them apart, after simt_a.  Only with ISA=rv32ia/rv32ima.
#   bench   sw/bench/*.c  benchmark kernels (see sw/bench/bench.h).  Each
#           kernel source is also compiled for the host (-DBENCH_HOST) into
#           build/sw/bench/host/<name>, which writes the kernel's inputs
#           (<name>.inc, compiled into the ELF) and its expected signature
#           (<name>.sig, compared with the harness's --signature output by
#           scripts/bench/bench.py), both from BENCH_SEED.
#   bench_a sw/bench/a/*.c  benchmark kernels using atomics (a histogram and a
#           reduction with AMOs, BFS over a work queue), same contract and
#           rules (build/sw-ia/bench_a/, host/); their expected signatures
#           do not depend on how threads interleave.  Only with
#           ISA=rv32ia/rv32ima.

RISCV_PREFIX  ?= riscv64-unknown-elf-
RISCV_GCC     ?= $(RISCV_PREFIX)gcc
RISCV_OBJDUMP ?= $(RISCV_PREFIX)objdump
SW_ISA        := $(or $(filter rv32im rv32ia rv32ima,$(ISA)),rv32i)
SW_HAS_A      := $(filter rv32ia rv32ima,$(SW_ISA))
SW_ARCH       ?= -march=$(SW_ISA)_zicsr -mabi=ilp32
# Linking selects the library variant by -march; the rv32i/ilp32 (rv32im/ilp32,
# rv32ia/ilp32) multilib of gcc and picolibc is only matched by the plain
# spelling (rv32ima matches rv32ia/ilp32).
SW_LINK_ARCH  ?= -march=$(SW_ISA) -mabi=ilp32
SW_OPT        ?= -Os

SW_DIR   := sw
SW_OUT   := build/sw$(if $(filter-out rv32i,$(SW_ISA)),-$(patsubst rv32%,%,$(SW_ISA)))
SW_GROUPS := rv32ui rv32um rv32ua apps simt bench$(if $(SW_HAS_A), simt_a simt_fp bench_a)

SW_SRCS_rv32ui := $(sort $(wildcard $(SW_DIR)/rv32ui/*.S))
SW_SRCS_apps   := $(sort $(wildcard $(SW_DIR)/apps/*.c))
SW_ELFS_rv32ui := $(patsubst $(SW_DIR)/rv32ui/%.S,$(SW_OUT)/rv32ui/%.elf,$(SW_SRCS_rv32ui))
SW_SRCS_rv32um := $(sort $(wildcard $(SW_DIR)/rv32um/*.S))
SW_ELFS_rv32um := $(patsubst $(SW_DIR)/rv32um/%.S,$(SW_OUT)/rv32um/%.elf,$(SW_SRCS_rv32um))
SW_ELFS_apps   := $(patsubst $(SW_DIR)/apps/%.c,$(SW_OUT)/apps/%.elf,$(SW_SRCS_apps))
SW_SRCS_simt_c := $(sort $(wildcard $(SW_DIR)/simt/*.c))
SW_SRCS_simt_S := $(sort $(wildcard $(SW_DIR)/simt/*.S))
SW_ELFS_simt_c := $(patsubst $(SW_DIR)/simt/%.c,$(SW_OUT)/simt/%.elf,$(SW_SRCS_simt_c))
SW_ELFS_simt_S := $(patsubst $(SW_DIR)/simt/%.S,$(SW_OUT)/simt/%.elf,$(SW_SRCS_simt_S))
SW_ELFS_simt   := $(sort $(SW_ELFS_simt_c) $(SW_ELFS_simt_S))
ifneq ($(filter $(SW_ELFS_simt_c),$(SW_ELFS_simt_S)),)
$(error sw/simt: a C test and an assembly test share a name: $(notdir $(filter $(SW_ELFS_simt_c),$(SW_ELFS_simt_S))))
endif
SW_SRCS_bench  := $(sort $(wildcard $(SW_DIR)/bench/*.c))
SW_ELFS_bench  := $(patsubst $(SW_DIR)/bench/%.c,$(SW_OUT)/bench/%.elf,$(SW_SRCS_bench))
SW_SIGS_bench  := $(SW_ELFS_bench:.elf=.sig)
SW_SRCS_rv32ua := $(sort $(wildcard $(SW_DIR)/rv32ua/*.S))
SW_ELFS_rv32ua := $(patsubst $(SW_DIR)/rv32ua/%.S,$(SW_OUT)/rv32ua/%.elf,$(SW_SRCS_rv32ua))
# The A groups: empty unless the ISA has A.  sw/simt/a/fp_*.c form simt_fp.
SW_SRCS_simt_all_a := $(if $(SW_HAS_A),$(sort $(wildcard $(SW_DIR)/simt/a/*.c)))
SW_SRCS_simt_fp := $(filter $(SW_DIR)/simt/a/fp_%,$(SW_SRCS_simt_all_a))
SW_SRCS_simt_a  := $(filter-out $(SW_SRCS_simt_fp),$(SW_SRCS_simt_all_a))
SW_ELFS_simt_a  := $(patsubst $(SW_DIR)/simt/a/%.c,$(SW_OUT)/simt_a/%.elf,$(SW_SRCS_simt_a))
SW_ELFS_simt_fp := $(patsubst $(SW_DIR)/simt/a/%.c,$(SW_OUT)/simt_fp/%.elf,$(SW_SRCS_simt_fp))
SW_SRCS_bench_a := $(if $(SW_HAS_A),$(sort $(wildcard $(SW_DIR)/bench/a/*.c)))
SW_ELFS_bench_a := $(patsubst $(SW_DIR)/bench/a/%.c,$(SW_OUT)/bench_a/%.elf,$(SW_SRCS_bench_a))
SW_SIGS_bench_a := $(SW_ELFS_bench_a:.elf=.sig)
SW_ELFS  := $(foreach g,$(SW_GROUPS),$(SW_ELFS_$(g)))
# make sim TEST=<name> finds a program by its name alone.
SW_DUP_NAMES := $(strip $(foreach n,$(sort $(notdir $(SW_ELFS))),$(if $(word 2,$(filter %/$(n),$(SW_ELFS))),$(n))))
ifneq ($(SW_DUP_NAMES),)
$(error sw/: programs of different groups share a name: $(SW_DUP_NAMES))
endif
SW_DUMPS := $(SW_ELFS:.elf=.dump)

# Link-time memory knobs -> --defsym understood by sw/common/link.ld.
SW_COMMA   := ,
SW_DEFSYMS := $(if $(strip $(DMEM)),-Wl$(SW_COMMA)--defsym=__simty_dmem_kib=$(strip $(DMEM))) \
              $(if $(strip $(IMEM)),-Wl$(SW_COMMA)--defsym=__simty_imem_kib=$(strip $(IMEM))) \
              $(if $(strip $(HEAP)),-Wl$(SW_COMMA)--defsym=__simty_heap_kib=$(strip $(HEAP)))

SW_LDS    := $(SW_OUT)/link.ld
SW_DEPFLAGS = -MMD -MP -MF $(@:%.elf=%).d -MT $@

# ISA tests: no C library, no start files, no relaxation and no
# __global_pointer$ (nothing becomes gp-relative; gp is TESTNUM).
SW_ASFLAGS_rv32ui := $(SW_ARCH) -nostdlib -nostartfiles -static \
        -I $(SW_DIR)/env -I gen -Wl,--no-relax -Wl,--build-id=none
SW_ASFLAGS_rv32um := $(filter-out -march=%,$(SW_ASFLAGS_rv32ui)) -march=rv32im_zicsr
SW_ASFLAGS_rv32ua := $(filter-out -march=%,$(SW_ASFLAGS_rv32ui)) -march=rv32ia_zicsr

# C programs: picolibc (rv32i/ilp32 multilib), our crt0, integer-only printf.
SW_CFLAGS := $(SW_ARCH) $(SW_OPT) -g -Wall -Wextra -std=gnu11 --specs=picolibc.specs \
        -ffunction-sections -fdata-sections -I $(SW_DIR)/common -I gen
SW_LDFLAGS_apps := $(SW_LINK_ARCH) --specs=picolibc.specs -nostartfiles \
        -DPICOLIBC_INTEGER_PRINTF_SCANF -Wl,--no-relax -Wl,--gc-sections \
        -Wl,--build-id=none
SW_COMMON_OBJS := $(SW_OUT)/common/crt0.o $(SW_OUT)/common/simty_rt.o
SW_APP_OBJS    := $(SW_ELFS_apps:.elf=.o) $(SW_ELFS_simt_c:.elf=.o) $(SW_ELFS_bench:.elf=.o) \
                  $(SW_ELFS_simt_a:.elf=.o) $(SW_ELFS_simt_fp:.elf=.o) $(SW_ELFS_bench_a:.elf=.o)

# Bench kernels on the host: inputs and expected signatures (sw/bench/bench.h).
BENCH_SEED   ?= 1
HOST_CC      ?= cc
BENCH_THREADS ?=
BENCH_DEFS   := $(if $(strip $(BENCH_THREADS)),-DBENCH_THREADS=$(strip $(BENCH_THREADS)))
# (-I sw/common: the bench_a kernels include simty_atomic.h, which the host
# compiles with its own atomics.)
BENCH_HOST_CFLAGS := $(strip -std=gnu11 -O2 -Wall -Wextra -DBENCH_HOST $(BENCH_DEFS) -I $(SW_DIR)/bench \
        -I $(SW_DIR)/common)
BENCH_HOSTS  := $(patsubst $(SW_DIR)/bench/%.c,$(SW_OUT)/bench/host/%,$(SW_SRCS_bench))
BENCH_HOSTS_A := $(patsubst $(SW_DIR)/bench/a/%.c,$(SW_OUT)/bench_a/host/%,$(SW_SRCS_bench_a))

# SIMT assembly tests: no C library, own _start (sw/simt/simt_asm.h); they
# read the Simty CSRs.  Same link rules as the ISA tests.
SW_ASFLAGS_simt := $(SW_ARCH) -nostdlib -nostartfiles -static \
        -I $(SW_DIR)/simt -I gen -Wl,--no-relax -Wl,--build-id=none

# Everything that changes an output without changing a file, per kind of
# output: build/sw/<kind>.stamp is rewritten only when its text changes, so
# the outputs rebuild exactly then (DMEM=... relinks the C programs only).
SW_STAMP_TEXT_isa := $(RISCV_GCC) $(SW_ASFLAGS_rv32ui) $(SW_ASFLAGS_rv32um) $(SW_ASFLAGS_rv32ua) \
        $(SW_ASFLAGS_simt)
SW_STAMP_TEXT_cc  := $(RISCV_GCC) $(SW_CFLAGS)
SW_STAMP_TEXT_ld  := $(RISCV_GCC) $(SW_LDFLAGS_apps) $(SW_DEFSYMS)
SW_STAMP_TEXT_bench := $(HOST_CC) $(BENCH_HOST_CFLAGS) seed $(BENCH_SEED)
SW_STAMP_BENCH := $(SW_OUT)/bench.stamp
SW_STAMP_ISA := $(SW_OUT)/isa.stamp
SW_STAMP_C   := $(SW_OUT)/cc.stamp
SW_STAMP_LD  := $(SW_OUT)/ld.stamp

.PHONY: sw sw-bench sw-check sw-clean sw-force-stamp sw-print-%
.SECONDARY: $(SW_COMMON_OBJS) $(SW_APP_OBJS) $(SW_STAMP_ISA) $(SW_STAMP_C) $(SW_STAMP_LD) \
        $(SW_STAMP_BENCH) $(BENCH_HOSTS) $(SW_ELFS_bench:.elf=.inc) \
        $(BENCH_HOSTS_A) $(SW_ELFS_bench_a:.elf=.inc)

sw: $(SW_ELFS) $(SW_DUMPS) $(SW_SIGS_bench) $(SW_SIGS_bench_a)

sw-bench: $(SW_ELFS_bench) $(SW_SIGS_bench) $(SW_ELFS_bench_a) $(SW_SIGS_bench_a)

sw-check: sw
	@$(SW_DIR)/check.sh

sw-clean:
	rm -rf $(SW_OUT)

# sw-print-VAR prints a variable (sw/check.sh takes the flags from here).
sw-print-%:
	@echo '$($*)'

$(SW_OUT)/%.stamp: sw-force-stamp
	@mkdir -p $(@D)
	@echo '$(SW_STAMP_TEXT_$*)' | cmp -s - $@ || echo '$(SW_STAMP_TEXT_$*)' > $@

$(SW_LDS): $(SW_DIR)/common/link.ld gen/simty_map.h
	@mkdir -p $(@D)
	$(RISCV_GCC) -E -P -x assembler-with-cpp -undef -I gen -o $@ $<

$(SW_OUT)/rv32ui/%.elf: $(SW_DIR)/rv32ui/%.S $(SW_LDS) $(SW_STAMP_ISA)
	@mkdir -p $(@D)
	$(RISCV_GCC) $(SW_ASFLAGS_rv32ui) $(SW_DEPFLAGS) -T $(SW_LDS) -o $@ $<

$(SW_OUT)/rv32um/%.elf: $(SW_DIR)/rv32um/%.S $(SW_LDS) $(SW_STAMP_ISA)
	@mkdir -p $(@D)
	$(RISCV_GCC) $(SW_ASFLAGS_rv32um) $(SW_DEPFLAGS) -T $(SW_LDS) -o $@ $<

$(SW_OUT)/rv32ua/%.elf: $(SW_DIR)/rv32ua/%.S $(SW_LDS) $(SW_STAMP_ISA)
	@mkdir -p $(@D)
	$(RISCV_GCC) $(SW_ASFLAGS_rv32ua) $(SW_DEPFLAGS) -T $(SW_LDS) -o $@ $<

# (DMEM matters to them too: SIMT_STACK divides the memory above _end.)
$(SW_ELFS_simt_S): $(SW_OUT)/simt/%.elf: $(SW_DIR)/simt/%.S $(SW_LDS) $(SW_STAMP_ISA) $(SW_STAMP_LD)
	@mkdir -p $(@D)
	$(RISCV_GCC) $(SW_ASFLAGS_simt) $(SW_DEFSYMS) $(SW_DEPFLAGS) -T $(SW_LDS) -o $@ $<

$(SW_OUT)/common/%.o: $(SW_DIR)/common/%.S $(SW_STAMP_C)
	@mkdir -p $(@D)
	$(RISCV_GCC) $(SW_CFLAGS) -MMD -MP -c -o $@ $<

$(SW_OUT)/common/%.o: $(SW_DIR)/common/%.c $(SW_STAMP_C)
	@mkdir -p $(@D)
	$(RISCV_GCC) $(SW_CFLAGS) -MMD -MP -c -o $@ $<

$(SW_OUT)/apps/%.o: $(SW_DIR)/apps/%.c $(SW_STAMP_C)
	@mkdir -p $(@D)
	$(RISCV_GCC) $(SW_CFLAGS) -MMD -MP -c -o $@ $<

$(SW_OUT)/apps/%.elf: $(SW_OUT)/apps/%.o $(SW_COMMON_OBJS) $(SW_LDS) $(SW_STAMP_LD)
	$(RISCV_GCC) $(SW_LDFLAGS_apps) $(SW_DEFSYMS) -T $(SW_LDS) -o $@ \
	    $(SW_COMMON_OBJS) $< -Wl,-Map=$(@:.elf=.map)

$(SW_OUT)/simt/%.o: $(SW_DIR)/simt/%.c $(SW_STAMP_C)
	@mkdir -p $(@D)
	$(RISCV_GCC) $(SW_CFLAGS) -I $(SW_DIR)/simt -MMD -MP -c -o $@ $<

$(SW_ELFS_simt_c): $(SW_OUT)/simt/%.elf: $(SW_OUT)/simt/%.o $(SW_COMMON_OBJS) $(SW_LDS) $(SW_STAMP_LD)
	$(RISCV_GCC) $(SW_LDFLAGS_apps) $(SW_DEFSYMS) -T $(SW_LDS) -o $@ \
	    $(SW_COMMON_OBJS) $< -Wl,-Map=$(@:.elf=.map)

# simt_a and simt_fp: sources in sw/simt/a/, built like the C simt tests.
# (two rules: a pattern rule with two targets would make both in one run)
$(SW_OUT)/simt_a/%.o: $(SW_DIR)/simt/a/%.c $(SW_STAMP_C)
	@mkdir -p $(@D)
	$(RISCV_GCC) $(SW_CFLAGS) -I $(SW_DIR)/simt -MMD -MP -c -o $@ $<

$(SW_OUT)/simt_fp/%.o: $(SW_DIR)/simt/a/%.c $(SW_STAMP_C)
	@mkdir -p $(@D)
	$(RISCV_GCC) $(SW_CFLAGS) -I $(SW_DIR)/simt -MMD -MP -c -o $@ $<

$(SW_ELFS_simt_a) $(SW_ELFS_simt_fp): %.elf: %.o $(SW_COMMON_OBJS) $(SW_LDS) $(SW_STAMP_LD)
	$(RISCV_GCC) $(SW_LDFLAGS_apps) $(SW_DEFSYMS) -T $(SW_LDS) -o $@ \
	    $(SW_COMMON_OBJS) $< -Wl,-Map=$(@:.elf=.map)

$(BENCH_HOSTS): $(SW_OUT)/bench/host/%: $(SW_DIR)/bench/%.c $(SW_STAMP_BENCH)
	@mkdir -p $(@D)
	$(HOST_CC) $(BENCH_HOST_CFLAGS) -MMD -MP -MF $@.d -o $@ $<

$(SW_OUT)/bench/%.inc: $(SW_OUT)/bench/host/%
	$< input $(BENCH_SEED) > $@.tmp && mv $@.tmp $@

# The host runs the kernel as 1 thread and as several other thread counts;
# they must agree before the result becomes the expected signature.
$(SW_OUT)/bench/%.sig: $(SW_OUT)/bench/host/%
	$< expect $(BENCH_SEED) > $@.tmp && mv $@.tmp $@

$(SW_OUT)/bench/%.o: $(SW_DIR)/bench/%.c $(SW_OUT)/bench/%.inc $(SW_STAMP_C)
	$(RISCV_GCC) $(SW_CFLAGS) -I $(SW_DIR)/bench -I $(SW_OUT)/bench \
	    -DBENCH_INC='"$*.inc"' $(BENCH_DEFS) -MMD -MP -c -o $@ $<

$(SW_ELFS_bench): $(SW_OUT)/bench/%.elf: $(SW_OUT)/bench/%.o $(SW_COMMON_OBJS) $(SW_LDS) $(SW_STAMP_LD)
	$(RISCV_GCC) $(SW_LDFLAGS_apps) $(SW_DEFSYMS) -T $(SW_LDS) -o $@ \
	    $(SW_COMMON_OBJS) $< -Wl,-Map=$(@:.elf=.map)

# bench_a: sources in sw/bench/a/, the same rules as bench.
$(BENCH_HOSTS_A): $(SW_OUT)/bench_a/host/%: $(SW_DIR)/bench/a/%.c $(SW_STAMP_BENCH)
	@mkdir -p $(@D)
	$(HOST_CC) $(BENCH_HOST_CFLAGS) -MMD -MP -MF $@.d -o $@ $<

$(SW_OUT)/bench_a/%.inc: $(SW_OUT)/bench_a/host/%
	$< input $(BENCH_SEED) > $@.tmp && mv $@.tmp $@

$(SW_OUT)/bench_a/%.sig: $(SW_OUT)/bench_a/host/%
	$< expect $(BENCH_SEED) > $@.tmp && mv $@.tmp $@

$(SW_OUT)/bench_a/%.o: $(SW_DIR)/bench/a/%.c $(SW_OUT)/bench_a/%.inc $(SW_STAMP_C)
	$(RISCV_GCC) $(SW_CFLAGS) -I $(SW_DIR)/bench -I $(SW_OUT)/bench_a \
	    -DBENCH_INC='"$*.inc"' $(BENCH_DEFS) -MMD -MP -c -o $@ $<

$(SW_ELFS_bench_a): $(SW_OUT)/bench_a/%.elf: $(SW_OUT)/bench_a/%.o $(SW_COMMON_OBJS) $(SW_LDS) $(SW_STAMP_LD)
	$(RISCV_GCC) $(SW_LDFLAGS_apps) $(SW_DEFSYMS) -T $(SW_LDS) -o $@ \
	    $(SW_COMMON_OBJS) $< -Wl,-Map=$(@:.elf=.map)

$(SW_OUT)/%.dump: $(SW_OUT)/%.elf
	$(RISCV_OBJDUMP) -d $< > $@

-include $(wildcard $(SW_OUT)/*/*.d $(SW_OUT)/bench/host/*.d $(SW_OUT)/bench_a/host/*.d)
