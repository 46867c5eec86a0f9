# gen/gen.mk - the generator: build, unit tests, golden files, lint matrix.
# Included by the top Makefile; the working directory is the repository root.
#
# Targets
#   build/tools/simty-gen   the generator (GEN_BIN)
#   gen-unit-test           C unit tests, CLI checks, determinism, golden files, ALU bench
#   gen-golden-update       regenerate gen/tests/golden/ (review the diff, then commit)
#   gen-lint                lint matrix over GEN_LINT_CFGS with GEN_LINT_TOPS
# Variables
#   GEN_LINT_CFGS   WxT configurations (default: every WxT in {1..64} powers of two, 49)
#   GEN_LINT_FAST   the subset `make test` uses
#   GEN_LINT_TOPS   modules linted as tops in each configuration
#   GEN_LINT_JOBS   parallel configurations (default 2; the machines have 2 cores)
#   GEN_LINT_TRACK  tracker of the matrix: sorted (SORTER=exact), sorted-lazy, arbiter,
#                   arbiter-pipe (default sorted), each optionally followed by -im, -ia
#                   or -ima (the ISA)

GEN_BIN      ?= build/tools/simty-gen
GEN_OBJDIR   := build/tools/obj
GEN_CC       ?= gcc
GEN_CFLAGS   := -std=c99 -Wall -Wextra -Wshadow -Werror -O2
GEN_SRCS     := $(wildcard gen/*.c)
GEN_LIB_SRCS := $(filter-out gen/main.c,$(GEN_SRCS))
GEN_OBJS     := $(patsubst gen/%.c,$(GEN_OBJDIR)/%.o,$(GEN_SRCS))
GEN_LIB_OBJS := $(patsubst gen/%.c,$(GEN_OBJDIR)/%.o,$(GEN_LIB_SRCS))
GEN_TEST_BIN := build/tools/simty-gen-test
GEN_VERSION_H := build/tools/simty_version.h
# Recursive (=): git runs only when the version header is checked.
GEN_VERSION   = $(shell git describe --always --tags 2>/dev/null || echo dev)

W_ALL := 1 2 4 8 16 32 64
GEN_LINT_CFGS  ?= $(foreach w,$(W_ALL),$(foreach t,$(W_ALL),$(w)x$(t)))
GEN_LINT_FAST  ?= 1x1 1x64 2x4 8x8 4x64 64x1 64x64
GEN_LINT_TOPS  ?= simty_core simty_ram_1r1w_be simty_ram_1r1w_lut
GEN_LINT_JOBS  ?= 2
GEN_LINT_TRACK ?= sorted
# The tools, named in the top Makefile (these defaults are for make -f gen/gen.mk):
# Verilator, and gen-lint's Yosys, Debian's 0.23 (YOSYS is the pinned YoWASP build).
VERILATOR      ?= verilator
LINT_YOSYS     ?= yosys

.PHONY: gen-tool gen-unit-test gen-golden-update gen-lint FORCE

gen-tool: $(GEN_BIN)

$(GEN_BIN): $(GEN_OBJS)
	@mkdir -p $(@D)
	$(GEN_CC) $(GEN_CFLAGS) -o $@.$$$$ $^ && mv -f $@.$$$$ $@

# The version header is rewritten only when the version changes.
$(GEN_VERSION_H): FORCE
	@mkdir -p $(@D); v='#define SIMTY_VERSION "$(GEN_VERSION)"'; \
	  [ "$$(cat $@ 2>/dev/null)" = "$$v" ] || { echo "$$v" > $@.$$$$ && mv -f $@.$$$$ $@; }

$(GEN_OBJDIR)/main.o: $(GEN_VERSION_H)
$(GEN_OBJDIR)/main.o: GEN_EXTRA = -include $(GEN_VERSION_H)

$(GEN_OBJDIR)/%.o: gen/%.c
	@mkdir -p $(@D)
	$(GEN_CC) $(GEN_CFLAGS) -Igen -MMD -MP $(GEN_EXTRA) -c $< -o $@.$$$$ -MF $(@:.o=.d) -MT $@ && mv -f $@.$$$$ $@

$(GEN_OBJDIR)/tests/%.o: gen/tests/%.c
	@mkdir -p $(@D)
	$(GEN_CC) $(GEN_CFLAGS) -Igen -MMD -MP -c $< -o $@

$(GEN_TEST_BIN): $(GEN_OBJDIR)/tests/test_gen.o $(GEN_LIB_OBJS)
	$(GEN_CC) $(GEN_CFLAGS) -o $@ $^

-include $(GEN_OBJS:.o=.d) $(GEN_OBJDIR)/tests/test_gen.d

# Defined before gen-unit-test: a prerequisite list is expanded when read.
GEN_ALU_DIR   := build/gen-test/alu
GEN_ALU_BENCH := $(GEN_ALU_DIR)/obj/alu-bench

gen-unit-test: $(GEN_BIN) $(GEN_TEST_BIN) $(GEN_ALU_BENCH)
	@gen/tests/run_unit.sh $(GEN_BIN) $(GEN_TEST_BIN) $(GEN_ALU_BENCH)

gen-golden-update: $(GEN_BIN)
	@gen/tests/run_unit.sh $(GEN_BIN) - --golden-update

gen-lint: $(GEN_BIN)
	@GEN_LINT_JOBS=$(GEN_LINT_JOBS) YOSYS=$(LINT_YOSYS) gen/lint.sh $(GEN_BIN) "$(GEN_LINT_TRACK)" \
	  "$(GEN_LINT_TOPS)" $(GEN_LINT_CFGS)

# ---- ALU lane bench (Verilator + plain-C bench + C++ shim) ----
$(GEN_ALU_BENCH): $(GEN_BIN) gen/tests/alu_bench.c gen/tests/alu_shim.cpp gen/alu_ctl.h
	@mkdir -p $(GEN_ALU_DIR)
	@$(GEN_BIN) W=1 T=1 --only=alu_lane -o $(GEN_ALU_DIR)/rtl > /dev/null
	@$(GEN_BIN) W=1 T=1 --only=keep -o $(GEN_ALU_DIR)/keep > /dev/null
	@$(GEN_CC) -std=c99 -O2 -Wall -Wextra -Werror -Igen -c gen/tests/alu_bench.c -o $(CURDIR)/$(GEN_ALU_DIR)/alu_bench.o
	@$(VERILATOR) --cc --exe --build -j 1 -Wall --Mdir $(GEN_ALU_DIR)/obj --top-module simty_alu_lane \
	  -MAKEFLAGS "OPT_FAST=-O1 OPT_GLOBAL=-O1" -o alu-bench \
	  $(GEN_ALU_DIR)/rtl/simty_alu_lane.v $(GEN_ALU_DIR)/keep/simty_keep.v $(CURDIR)/gen/tests/alu_shim.cpp $(CURDIR)/$(GEN_ALU_DIR)/alu_bench.o \
	  > $(GEN_ALU_DIR)/build.log 2>&1 || { tail -n 30 $(GEN_ALU_DIR)/build.log; exit 1; }

.PHONY: gen-alu-bench
gen-alu-bench: $(GEN_ALU_BENCH)
	@$(GEN_ALU_BENCH)
