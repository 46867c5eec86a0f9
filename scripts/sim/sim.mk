# scripts/sim/sim.mk - the simulators: the Verilated core of a configuration, make sim,
# and the reports on them (make perf, make bench-sim).  Included by the top Makefile,
# after gen/gen.mk, sw/sw.mk and tb/ref/ref.mk (REF_LIB, SW_ELFS).
.PHONY: sim perf bench-sim

# --- RTL simulator: generated Verilog + Verilator + the C harness --------------
RTL_DIR  := $(CFG_DIR)/rtl
SIM_DIR  := $(CFG_DIR)/sim$(if $(filter 1,$(TRACE)),-trace)
SIM_BIN  := $(SIM_DIR)/simty-sim
TB_SRC   := $(wildcard tb/*.c tb/*.h tb/*.cpp)

# The RTL is regenerated whenever the generator changes. simty-gen leaves
# unchanged files alone (files.f rarely changes), so files.f is touched when any
# module changed: it is what the simulator and the other consumers depend on.
$(RTL_DIR)/files.f: $(GEN_BIN)
	@$(GEN_BIN) $(GEN_ARGS) -o $(RTL_DIR)
	@if [ -n "$$(find $(RTL_DIR) -name '*.v' -newer $@)" ]; then touch $@; fi

$(SIM_BIN): $(RTL_DIR)/files.f $(TB_SRC) scripts/sim/build_sim.sh $(REF_LIB)
	@echo "building the simulator for W=$(W) T=$(T) TRACK=$(TRACK)$(if $(filter 1,$(TRACE)), with FST tracing)"
	@scripts/sim/build_sim.sh $(RTL_DIR) $(SIM_DIR) $(if $(filter 1,$(TRACE)),--trace) $(addprefix --lib ,$(REF_LIB))

# --- software ----------------------------------------------------------------
$(SW_ELFS): | setup

# --- simulation --------------------------------------------------------------
# TEST: one or more group names, test names (with or without their group) or
# paths to ELF files.
sim_elfs_of = $(if $(filter $1,$(SW_GROUPS)),$(SW_ELFS_$1),\
  $(if $(filter %.elf,$1),$1,\
  $(or $(filter %/$1.elf,$(SW_ELFS)),\
       $(error TEST=$1: not a group ($(SW_GROUPS)), a test under sw/ or a .elf path))))
SIM_ELFS = $(strip $(foreach t,$(TEST),$(call sim_elfs_of,$t)))

sim: setup config
	@+$(SUB) $(filter-out $(filter %.elf,$(TEST)),$(SIM_ELFS)) \
	    $(if $(filter ref,$(MODEL)),$(REF_BIN),$(SIM_BIN))
ifeq ($(MODEL),ref)
	@scripts/sim/sim.sh $(REF_BIN) -W $(W) -T $(T) --isa $(ISA) $(if $(IMEM),--imem $(IMEM)) $(if $(DMEM),--dmem $(DMEM)) \
	    $(SIMFLAGS) -- $(SIM_ELFS)
else ifeq ($(MODEL),rtl)
	@scripts/sim/sim.sh $(SIM_BIN) $(if $(filter 1,$(COSIM)),--cosim) $(SIMFLAGS) -- $(SIM_ELFS)
else
	@echo "make sim: MODEL=$(MODEL): must be rtl (the generated core) or ref (the C model)" >&2; exit 3
endif

# IPC table from --stats over the test groups: a report, not a test.
PERF_CFGS ?= 1x1 1x8 2x8 4x8 8x8 16x8
perf: setup
	@$(PYTHON) scripts/sim/perf.py --cfgs "$(PERF_CFGS)" --track $(TRACK)

# Simulator speed (scripts/sim/bench_sim.py): cycles/s of the Verilated core
# (TRACK, default sorted) on the bench kernels, start-up, the model's speed.
# Runs one at a time: timings of runs sharing the machine mean little.
BENCH_SIM_CFGS  ?= 8x8 4x64
BENCH_SIM_FLAGS ?=
bench-sim: setup
	@echo "bench-sim: BENCH_SIM_CFGS=\"$(BENCH_SIM_CFGS)\" TRACK=$(TRACK)"
	@$(PYTHON) scripts/sim/bench_sim.py --cfgs "$(BENCH_SIM_CFGS)" --track $(TRACK) \
	    --seed $(BENCH_SEED) $(BENCH_SIM_FLAGS)
