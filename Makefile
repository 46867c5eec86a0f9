# Simty generator: top-level Makefile.  `make` (= `make help`) lists the targets.
#
# Configuration precedence (spec): the command line, then the record of the last
# `make gen` (build/last.mk), then the defaults below.  Every user-facing target
# prints the configuration it uses on its first line.

SHELL       := bash
.DEFAULT_GOAL := help
.SUFFIXES:

# SIMTY_NO_LAST=1: the defaults, not the last make gen (the test runner's checks name
# their configurations in full).  LAST_MK: another record (scripts/test/check_knobs.sh).
LAST_MK ?= build/last.mk
-include $(if $(SIMTY_NO_LAST),,$(LAST_MK))
comma := ,
empty :=
space := $(empty) $(empty)
W       ?= $(or $(LAST_W),8)
T       ?= $(or $(LAST_T),8)
TRACK   ?= $(or $(LAST_TRACK),sorted)
# A tracker's own knob comes from the last make gen only when it built that tracker.
same_track = $(filter $(TRACK),$(LAST_TRACK))
SORTER  ?= $(or $(if $(same_track),$(LAST_SORTER)),auto)
ARBPIPE ?= $(if $(same_track),$(LAST_ARBPIPE))
ISA     ?= $(or $(LAST_ISA),rv32i)
IMEM    ?= $(LAST_IMEM)
DMEM    ?= $(LAST_DMEM)
RAMSTYLE ?= $(LAST_RAMSTYLE)
TEST    ?= rv32ui
MODEL   ?= rtl
COSIM   ?= 0
TRACE   ?= 0
BOARD   ?= ecp5
SIMFLAGS ?=

# The knobs of a configuration, every one forwarded to simty-gen (which refuses a
# bad value naming the knob) and remembered in build/last.mk by make gen.
KNOBS    := W T TRACK SORTER ARBPIPE ISA IMEM DMEM RAMSTYLE
GEN_BIN  := build/tools/simty-gen
GEN_ARGS = W=$(W) T=$(T) TRACK=$(TRACK) SORTER=$(SORTER) ISA=$(ISA) $(if $(ARBPIPE),ARBPIPE=$(ARBPIPE)) \
           $(if $(IMEM),IMEM=$(IMEM)) $(if $(DMEM),DMEM=$(DMEM)) $(if $(RAMSTYLE),RAMSTYLE=$(RAMSTYLE))

# The configuration's identity, its build folder's name: simty-gen --tag computes it,
# nothing else does (issue 53; scripts/lib/simjobs.py asks the same question).  The
# generator is built here when it is missing or older than the code of the tag.  A
# bad knob stops the targets that build a configuration (through `config`) with
# simty-gen's message; make help and make clean never ask.
ifneq ($(filter-out help clean,$(or $(MAKECMDGOALS),help)),)
CFG_Q := $(shell { [ -x $(GEN_BIN) ] && [ -z "$$(find gen/cfg.c gen/cfg.h gen/main.c -newer $(GEN_BIN))" ]; } || \
    $(MAKE) -s --no-print-directory -f gen/gen.mk $(GEN_BIN) > /dev/null 2>&1; \
    if [ -x $(GEN_BIN) ]; then $(GEN_BIN) --tag $(GEN_ARGS) 2>&1 || echo '!'; \
    else echo "simty-gen could not be built when make started (make setup installs the compiler): run the command again !"; fi)
endif
ifeq ($(lastword $(CFG_Q)),!)
CFG_ERROR := $(filter-out !,$(CFG_Q))
CFG       := invalid-configuration
else
CFG       := $(CFG_Q)
endif
CFG_DIR   := build/$(CFG)
PYTHON    := .venv/bin/python

# Where each knob came from, for the first line of every target.
src = $(if $(filter command line environment,$(origin $1)),command line,$(if $(and $(LAST_$1),$(filter $(LAST_$1),$($1))),last make gen,default))
CONFIG_LINE = $(strip config: W=$(W) ($(call src,W)) T=$(T) ($(call src,T)) TRACK=$(TRACK) ($(call src,TRACK))$(if $(filter sorted,$(TRACK)), SORTER=$(SORTER) ($(call src,SORTER)))$(if $(filter-out rv32i,$(ISA)), ISA=$(ISA) ($(call src,ISA)))$(foreach k,ARBPIPE IMEM DMEM RAMSTYLE,$(if $($k), $k=$($k) ($(call src,$k)))) -> build/$(CFG))

# Fragments owned by each folder.
include $(wildcard gen/gen.mk sw/sw.mk tb/ref/ref.mk)

.PHONY: help setup config gen rtl check-gen sim test test-full test-badinput test-mirror fuzz fuzz-elf test-randstate formal \
        fpga-smoke fpga-calibrate perf bench bench-docs bench-sim synth bitstream prog test-prog test-fpga-sim-prog term compare postsynth fpga-sim fpga-lint clean \
        docs-modules check-docs tables check-tables

help:
	@echo "Simty: a SIMT RISC-V (RV32I, or RV32IM with ISA=rv32im) core generator.  Targets:"
	@echo ""
	@echo "  make setup                      install what is missing (Debian packages, .venv, compiled YoWASP tools); every target runs it"
	@echo "  make gen   [W= T= TRACK= ISA=]  generate Verilog into build/<tag>/rtl, remember every knob (build/last.mk)"
	@echo "  make sim   [TEST=] [MODEL=] [COSIM=1] [TRACE=1] [W= T= TRACK=] [SIMFLAGS=]"
	@echo "                                  run tests: TEST = a group ($(SW_GROUPS)), a test name (add,"
	@echo "                                  rv32ui/add) or a path to an ELF; MODEL = rtl (Verilator, default)"
	@echo "                                  or ref (C model); COSIM=1 checks the RTL against the model"
	@echo "                                  in lock step; TRACE=1 builds with FST tracing (SIMFLAGS=--trace f.fst)"
	@echo "  make sw                         build every program under sw/ into build/sw/"
	@echo "  make rtl | check-gen            regenerate / check the committed default RTL in rtl/"
	@echo "  make docs-modules | check-docs  rewrite / check the README's module table (simty-gen --doc)"
	@echo "  make tables | check-tables      rewrite / check the figure tables of README.md, docs/, fpga/ from docs/data/"
	@echo "  make test [TEST_JOBS=2]          the regression CI runs (fast tier, under ~20 min on 2 cores; checks TEST_JOBS at a time)"
	@echo "  make test-full                  the wide tier: larger configuration matrix and long runs"
	@echo "  make test-badinput [W= T=]      bad files, options and parameters: exit 3, no crash, no output left"
	@echo "  make test-mirror                the harness's path mirror catches planted tracker bugs (W=2 T=4, 8)"
	@echo "  make test-randstate             random initial register values must not change any result"
	@echo "  make fuzz [N=100] [SEED=1]      random SIMT programs co-simulated on FUZZ_CFGS ($(FUZZ_CFGS)),"
	@echo "                                  FUZZ_TRACKS (sorted_exact sorted_lazy arbiter arbiter_pipe0); a failure prints a replay command;"
	@echo "                                  ISA=rv32im: programs with M instructions on the rv32im cores;"
	@echo "                                  ISA=rv32ia (rv32ima): atomics and spin-waits on the A cores"
	@echo "  make fuzz-elf [FUZZ_SECONDS=60] libFuzzer over the ELF loader"
	@echo "  make formal [FORMAL_FLAGS=]     SymbiYosys: the path trackers', the coalescer's and the whole core's invariants, proven (PDR) or bounded"
	@echo "                                  (BMC) at 1x2 2x2 2x4 4x4, every planted mutation caught;"
	@echo "                                  FORMAL_FLAGS=--quick: the bounded 1x2 run of make test; FORMAL_BACKSTOP=7200:"
	@echo "                                  seconds after which a job stops as TOO SLOW, no verdict (formal/README.md)"
	@echo "  make perf [PERF_CFGS=\"1x1 8x8\"]  IPC, cycles per instruction, SIMD efficiency per test group (--stats)"
	@echo "  make bench [BENCH_CFGS=\"8x8 4x64\"] [TRACK=sorted|arbiter|both] [BENCH_SEED=1] [BENCH_SCALE=fixed|weak]"
	@echo "                                  the sw/bench kernels on the RTL (both trackers unless TRACK=)"
	@echo "                                  and the model (4 policies), 1x1 baseline added, results checked:"
	@echo "                                  build/bench/bench.{md,csv,json} and plots; -j2 runs 2 at a time;"
	@echo "                                  thread instructions/s per 1,000 logic where make synth left a result;"
	@echo "                                  BENCH_SCALE=weak: each problem sized for W*T threads (the same items"
	@echo "                                  per thread everywhere) into build/bench-weak/"
	@echo "  make bench-docs [SYNTH_ROOT=.]  the benchmark tables (docs/bench/README.md), plots and timeline into docs/bench/"
	@echo "  make bench-sim [BENCH_SIM_CFGS=\"8x8 4x64\"]  simulator speed: cycles/s of the Verilated core on the"
	@echo "                                  bench kernels, start-up against a short test, the model's thread"
	@echo "                                  instructions/s: build/bench-sim/bench-sim.{md,json}"
	@echo "  make fpga-smoke                 ECP5 and iCE40 flow smoke test (one ALU lane): area and Fmax"
	@echo "  make fpga-calibrate             place and route at the core's scale; records time and peak memory"
	@echo "  make synth [BOARD=ecp5|ice40] [W= T= TRACK=] [SEEDS=1 SYNTH_JOBS=1] [ENDPOINTS=MHz] [TIMING_WEIGHT=N]"
	@echo "                                  board top + core: Yosys, nextpnr; area per unit, Fmax, report; ENDPOINTS: every register that misses MHz"
	@echo "  make bitstream [BOARD=] [W= T=] pack the routed design (make synth first if needed), check it by"
	@echo "                                  unpacking it, print its path; make prog loads it (openFPGALoader)"
	@echo "  make bitstream|prog PROG=x.elf  put any ELF into the configuration's patchable routed design"
	@echo "                                  (prog-BOARD/, routed once): no synthesis, no place and route;"
	@echo "                                  the unpacked bitstream must hold exactly the ELF's images"
	@echo "  make test-prog                  bitstream PROG= and fpga-sim PROG= checked without a board (iCE40 W=2 T=2)"
	@echo "  make compare [BOARD=] [CMP_W=8] [CMP_T=\"2 4 8 16 32 64\"] [CMP_TRACKS=\"sorted arbiter\"]"
	@echo "                                  sorted list vs arbiter sweep over T: CSV, Markdown, plot;"
	@echo "                                  several CMP_W at one CMP_T sweep W instead (CMP_W=\"1 2 4 8 16 32 64\""
	@echo "                                  CMP_T=8 CMP_TRACKS=sorted: build/compare-BOARD-T8/);"
	@echo "                                  CMP_BUDGET=S starts no job after S seconds (rest: pending);"
	@echo "                                  CMP_RENDER=1 runs nothing: tables each point's last result"
	@echo "                                  (CMP_BASE=docs/compare-ecp5-W8.csv: the rows of points measured elsewhere);"
	@echo "                                  thread instructions/s per 1,000 logic per point from make bench's"
	@echo "                                  CMP_BENCH (build/bench/bench.json; build/bench-weak/bench.json: weak)"
	@echo "  make postsynth                  gate-level netlist of W=2 T=2 against its RTL on rv32ui tests"
	@echo "  make fpga-sim [W= T= TRACK=]    the board SoC (memories, console FIFO, UART) under iverilog"
	@echo "                [PROG=x.elf BOARD=] that ELF from make bitstream PROG='s images; its UART bytes"
	@echo "                                  must be make sim's console bytes and its result line the board's"
	@echo "  make term [BOARD=] [PORT=] [TERM_TIMEOUT=s] the board's console (115200 8N1) until its report line;"
	@echo "                                  exit 0 PASS, 1 FAIL, 4 TRAP, 2 none; MINITERM=1: pyserial's miniterm"
	@echo "  make test-fpga-sim-prog [W= T=] make fpga-sim BOARD=ecp5 PROG= of 9 programs of 4 kinds (in make test)"
	@echo "  make fpga-lint [W= T=]          verilator -Wall over both board tops"
	@echo "  make clean                      remove build/ (keeps .venv)"
	@echo ""
	@echo "Knobs (current value):"
	@echo "  W=$(W)  warps per core, power of two 1..64        T=$(T)  threads per warp, power of two 1..64"
	@echo "  TRACK=$(TRACK)  path tracking: sorted | arbiter      TEST=$(TEST)  MODEL=$(MODEL)  BOARD=$(BOARD)"
	@echo "  ARBPIPE=auto|0..6  with TRACK=arbiter: registered cuts in the reduction tree (auto: T=8 2, T=16 1,"
	@echo "                     T=32,64 2); an explicit value builds in W<w>_T<t>_arbiter_pipe<k> (_pipe for 1)"
	@echo "  SORTER=auto|exact|lazy  with TRACK=sorted: cold paths in a pipelined heap or the lazy sorter;"
	@echo "                     auto (default): lazy for T=4..16, exact otherwise; an explicit value builds in"
	@echo "                     W<w>_T<t>_sorted_<sorter>"
	@echo "  ISA=$(ISA)  rv32i | rv32im | rv32ia | rv32ima: M (pipelined multiplies on DSPs, iterative"
	@echo "                                  divide), A (atomics, and forward progress within a warp); the C"
	@echo "                                  programs build into build/sw-im/, sw-ia/, sw-ima/ (-march=...)"
	@echo "  IMEM= DMEM=  memory sizes in KiB (64, 256)     RAMSTYLE=auto|block|distributed|logic"
	@echo "  Identity: a configuration's folder is build/<tag>, its tag computed by simty-gen --tag alone"
	@echo "                     (W<w>_T<t>_<track>, then _pipe[<k>] _<sorter> _im _I<kib> _D<kib> _<ramstyle> for"
	@echo "                     the knobs given); config.mk and simty_config.h there hold it and every knob."
	@echo "                     Every knob goes to simty-gen, which refuses a bad value naming it; make gen"
	@echo "                     remembers them all (SIMTY_NO_LAST=1: ignore build/last.mk). Lists of"
	@echo "                     configurations are WxT[:track]: \"2x8 8x8:arbiter 4x64:sorted_lazy\""
	@echo "  COSIM=$(COSIM)  TRACE=$(TRACE)  SEEDS=$(SEEDS)  SYNTH_TIMEOUT=$(SYNTH_TIMEOUT) (s per step)"
	@echo "  FREQ=  core clock in MHz the board PLL makes (default ecp5 65, ice40 48); make synth/bitstream"
	@echo "  PLACER=$(PLACER)  nextpnr placer: auto (heap; static on ECP5 from T=16 past 20,000 logic) | heap | static (ECP5) | sa; not auto -> synth-BOARD-PLACER/"
	@echo "  SIMFLAGS=  extra options for the simulator (--max-cycles N, --stats F, --commit-log F, ...)"
	@echo "  DASK_SCHEDULER=tcp://host:port  compare, fuzz and bench send their jobs to that Dask cluster"
	@echo "                                  (default: a LocalCluster on this machine; fpga/README.md, Sweeps on Dask)"

# --- set-up ----------------------------------------------------------------
# A phony prerequisite of every user-facing target: quick when nothing is
# missing.  Sub-makes of the test runner skip it (SIMTY_SETUP_DONE=1).  It also
# compiles the YoWASP tools into their cache once, under a lock, so that no two
# first runs of a tool write that cache at once (scripts/setup/setup.sh).
setup:
ifndef SIMTY_SETUP_DONE
	@scripts/setup/setup.sh
endif

config:
ifdef CFG_ERROR
	@echo "$(CFG_ERROR)" >&2; exit 3
endif
	@echo "$(CONFIG_LINE)"

# --- generator -------------------------------------------------------------
# build/last.mk: every knob of this configuration (empty: the default).
gen: setup config $(GEN_BIN)
	@$(GEN_BIN) $(GEN_ARGS) -o $(CFG_DIR)/rtl
	@mkdir -p $(dir $(LAST_MK)) && printf '%s\n' $(foreach k,$(KNOBS),'LAST_$k := $($k)') > $(LAST_MK)

# rtl/ holds the default configuration for browsing; check-gen proves it is
# what the generator writes today (make rtl regenerates it).
RTL_COMMITTED := W=8 T=8 TRACK=sorted --version-tag=committed
rtl: setup $(GEN_BIN)
	@rm -rf rtl && $(GEN_BIN) $(RTL_COMMITTED) -o rtl

check-gen: $(GEN_BIN)
	@rm -rf build/check-gen && $(GEN_BIN) $(RTL_COMMITTED) -o build/check-gen/rtl >/dev/null
	@if diff -r -x files.f rtl build/check-gen/rtl >/dev/null; then echo "PASS rtl/ is fresh"; \
	 else echo "FAIL rtl/ differs from the generator's output: run make rtl and commit"; exit 1; fi

# The README's module table is simty-gen --doc's, between markers (issue 53);
# check-docs is in make test's fast tier.
docs-modules: $(GEN_BIN)
	@scripts/docs/check_doc_modules.sh --write

check-docs: $(GEN_BIN)
	@scripts/docs/check_doc_modules.sh

# The figure tables of README.md, docs/ and fpga/README.md (results, figure of merit,
# bench, compare, the FPGA flows and patchable designs),
# written from the runs' data in docs/data/ by scripts/docs/tables.py (issue 56);
# make test runs check-tables' check and its self-test.
tables: setup
	@$(PYTHON) scripts/docs/tables.py

check-tables: setup
	@$(PYTHON) scripts/docs/tables.py --check

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
	@$(MAKE) -s --no-print-directory SIMTY_SETUP_DONE=1 $(filter-out $(filter %.elf,$(TEST)),$(SIM_ELFS)) \
	    $(if $(filter ref,$(MODEL)),$(REF_BIN),$(SIM_BIN))
ifeq ($(MODEL),ref)
	@scripts/sim/sim.sh $(REF_BIN) -W $(W) -T $(T) --isa $(ISA) $(if $(IMEM),--imem $(IMEM)) $(if $(DMEM),--dmem $(DMEM)) \
	    $(SIMFLAGS) -- $(SIM_ELFS)
else ifeq ($(MODEL),rtl)
	@scripts/sim/sim.sh $(SIM_BIN) $(if $(filter 1,$(COSIM)),--cosim) $(SIMFLAGS) -- $(SIM_ELFS)
else
	@echo "make sim: MODEL=$(MODEL): must be rtl (the generated core) or ref (the C model)" >&2; exit 3
endif

# --- bad input, ELF-loader fuzzing, random start state (tb/tests/) -------------
BADINPUT_ASAN := build/badinput/asan-$(CFG)
test-badinput: setup config
	@$(MAKE) -s --no-print-directory SIMTY_SETUP_DONE=1 $(SIM_BIN) $(GEN_BIN) $(SW_ELFS_rv32ui)
	@tb/tests/build_asan_sim.sh $(SIM_DIR) $(RTL_DIR) $(BADINPUT_ASAN) > /dev/null
	@python3 tb/tests/check_badinput.py --sim $(BADINPUT_ASAN)/simty-sim --sim $(SIM_BIN) --gen $(GEN_BIN)

# The harness's path mirror catches a broken tracker (planted bugs, W=2 T=4).
test-mirror: setup
	@$(MAKE) -s --no-print-directory SIMTY_SETUP_DONE=1 $(GEN_BIN) $(REF_LIB) $(SW_OUT)/simt/branches.elf \
	  $(SW_OUT)/simt/switch_table.elf
	@tb/tests/check_mirror.sh $(GEN_BIN) $(SW_OUT)/simt/branches.elf build/mirror

FUZZ_SECONDS ?= 60
fuzz-elf: setup
	@$(MAKE) -s --no-print-directory SIMTY_SETUP_DONE=1 $(SW_ELFS)
	@FUZZ_SECONDS=$(FUZZ_SECONDS) tb/tests/fuzz_elf.sh

# Random initial values in every register (Verilator +verilator+rand+reset+2)
# must not change any result: control state may not rely on zero.  The lists of
# configurations are WxT[:track] (scripts/lib/simjobs.py parses them, simty-gen names
# their folders).
RANDSTATE_CFGS ?= 1x1 2x4 8x8 16x4
test-randstate: setup config
	@$(MAKE) -s --no-print-directory SIMTY_SETUP_DONE=1 $(SW_ELFS)
	@sims=$$($(PYTHON) scripts/lib/simjobs.py sims --track $(TRACK) $(RANDSTATE_CFGS)) && \
	  tb/tests/check_randstate.sh $$sims

# Random SIMT programs (scripts/fuzz/randprog.py), each run on every configuration
# and tracker with lock-step co-simulation (scripts/fuzz/fuzz.py, which builds the
# simulators).  A failure prints the seed and the command that replays it.
N          ?= 100
SEED       ?= 1
FUZZ_CFGS  ?= 1x1 2x4 8x8 4x64
FUZZ_TRACKS ?= sorted_exact sorted_lazy arbiter arbiter_pipe0
FUZZ_FLAGS ?=
fuzz: setup
	@$(MAKE) -s --no-print-directory SIMTY_SETUP_DONE=1 $(REF_BIN)
	@$(PYTHON) scripts/fuzz/fuzz.py --build --n $(N) --seed $(SEED) --jobs 2 --ref $(REF_BIN) --isa $(ISA) $(FUZZ_FLAGS) \
	    --configs "$(foreach k,$(FUZZ_TRACKS),$(foreach c,$(FUZZ_CFGS),$c:$k))"

# IPC table from --stats over the test groups: a report, not a test.
PERF_CFGS ?= 1x1 1x8 2x8 4x8 8x8 16x8
perf: setup
	@$(PYTHON) scripts/sim/perf.py --cfgs "$(PERF_CFGS)" --track $(TRACK)

# The benchmark suite (sw/bench, scripts/bench/bench.py): every kernel on BENCH_CFGS
# plus 1x1, on the RTL of each tracker (TRACK= on the command line picks one)
# and on the model under each policy; a wrong signature fails the run.
BENCH_CFGS  ?= 8x8 4x64
BENCH_TRACK  = $(if $(filter command line environment,$(origin TRACK)),$(TRACK),both)
BENCH_FLAGS ?=
BENCH_SCALE ?= fixed
bench: setup
	@echo "bench: BENCH_CFGS=\"$(BENCH_CFGS)\" TRACK=$(BENCH_TRACK) BENCH_SEED=$(BENCH_SEED) BENCH_SCALE=$(BENCH_SCALE)"
	@j=$$(echo " $(MAKEFLAGS)" | sed -n 's/.* -j\([0-9][0-9]*\).*/\1/p'); j=$${j:-1}; [ $$j -le 2 ] || j=2; \
	  $(PYTHON) scripts/bench/bench.py --cfgs "$(BENCH_CFGS)" --track $(BENCH_TRACK) \
	    --seed $(BENCH_SEED) --scale $(BENCH_SCALE) --jobs $$j $(BENCH_FLAGS)

# The benchmark figures (docs/bench/README.md): the W and T sweeps of both trackers and the model into
# docs/bench/ (Fmax from SYNTH_ROOT's make synth results, default this tree),
# and the divergence timeline of mandel.
BENCH_DOCS_CFGS ?= 1x8 2x8 4x8 8x8 16x8 8x2 8x4 8x16 8x32 8x64 4x64
SYNTH_ROOT      ?= .
bench-docs: setup
	@$(MAKE) -s --no-print-directory SIMTY_SETUP_DONE=1 bench TRACK=both \
	    BENCH_CFGS="$(BENCH_DOCS_CFGS)" BENCH_FLAGS="--docs docs/bench --synth-root $(SYNTH_ROOT)"
	@$(PYTHON) scripts/sim/timeline.py --kernel mandel --cfg 8x8 --track sorted \
	    --out docs/bench/timeline-mandel-8x8-sorted.png

# Simulator speed (scripts/sim/bench_sim.py): cycles/s of the Verilated core
# (TRACK, default sorted) on the bench kernels, start-up, the model's speed.
# Runs one at a time: timings of runs sharing the machine mean little.
BENCH_SIM_CFGS  ?= 8x8 4x64
BENCH_SIM_FLAGS ?=
bench-sim: setup
	@echo "bench-sim: BENCH_SIM_CFGS=\"$(BENCH_SIM_CFGS)\" TRACK=$(TRACK)"
	@$(PYTHON) scripts/sim/bench_sim.py --cfgs "$(BENCH_SIM_CFGS)" --track $(TRACK) \
	    --seed $(BENCH_SEED) $(BENCH_SIM_FLAGS)

# --- formal proofs (scripts/formal/formal.py, formal/) --------------------------------
# The path tracker alone, and the coalescer alone, under free inputs: properties
# proven by PDR where it closes, BMC otherwise; each mutation (simty-gen --mutate)
# must be caught. FORMAL_FLAGS="--units coalesce" runs the coalescer's part only.
# Verdicts come from each job's bound; FORMAL_BACKSTOP (seconds, read by formal.py
# from the environment) only stops a job as TOO SLOW.
FORMAL_FLAGS ?=
formal: setup
	@$(MAKE) -s --no-print-directory SIMTY_SETUP_DONE=1 $(GEN_BIN)
	@$(PYTHON) scripts/formal/formal.py --gen $(GEN_BIN) $(FORMAL_FLAGS)

# --- tests -------------------------------------------------------------------
test: setup
	@scripts/test/testsuite.sh fast

test-full: setup
	@scripts/test/testsuite.sh full

# --- FPGA flows (scripts/fpga/fpga_flow.py) ---------------------------------------
SMOKE_SRC := fpga/smoke/smoke_lanes.v fpga/smoke/smoke_alu.v
FLOW      := $(PYTHON) scripts/fpga/fpga_flow.py

fpga-smoke: setup
	@$(FLOW) --family ecp5  --top smoke_lanes --timeout 600 --bitstream --out build/fpga/smoke-ecp5  $(SMOKE_SRC)
	@$(FLOW) --family ice40 --top smoke_lanes --timeout 600 --bitstream --out build/fpga/smoke-ice40 $(SMOKE_SRC) | tail -n 1
	@scripts/fpga/check_fmax.py build/fpga/smoke-ecp5/results.json build/fpga/smoke-ice40/results.json

# The scale of the generated core: ~35k LUT4 on ECP5, ~80 % of an HX8K.
fpga-calibrate: setup
	@$(FLOW) --family ecp5  --top smoke_lanes --chparam LANES=48 --timeout 5400 --out build/fpga/calib-ecp5-48 $(SMOKE_SRC)
	@$(FLOW) --family ice40 --top smoke_lanes --chparam LANES=8  --timeout 1800 --out build/fpga/calib-ice40-8 $(SMOKE_SRC) | tail -n 1

# --- synthesis reports and the tracker comparison (scripts/fpga/synth.py, compare.py) ---
# make synth: board top + core, hierarchy-preserving synthesis for per-unit
# counts, flat synthesis, nextpnr over SEEDS seeds (Fmax = median); results in
# $(CFG_DIR)/synth-$(BOARD)[-$(PLACER)]/ (synth.py puts them beside RTL_DIR).
# make compare: T sweep at W=CMP_W over CMP_TRACKS; several CMP_W at one CMP_T
# sweep W instead (the points are shared: W<w>_T<t>_<track>/synth-<board>).
SEEDS         ?= 1
SYNTH_JOBS    ?= 1
SYNTH_TIMEOUT ?= 3600
PLACER        ?= auto
CMP_W         ?= 8
CMP_T         ?= 2 4 8 16 32 64
CMP_TRACKS    ?= sorted arbiter
CMP_BUDGET    ?=
CMP_RENDER    ?=
CMP_BASE      ?=
CMP_BENCH     ?= build/bench/bench.json
synth: setup config
	@$(MAKE) -s --no-print-directory SIMTY_SETUP_DONE=1 $(RTL_DIR)/files.f
	@$(PYTHON) scripts/fpga/synth.py --board $(BOARD) --rtl $(RTL_DIR) \
	    --seeds $(SEEDS) --jobs $(SYNTH_JOBS) --timeout $(SYNTH_TIMEOUT) --placer $(PLACER) $(if $(FREQ),--freq $(FREQ)) \
	    $(if $(ENDPOINTS),--endpoints $(ENDPOINTS)) $(if $(TIMING_WEIGHT),--timing-weight $(TIMING_WEIGHT))

# make bitstream: pack the routed design of make synth (run first if missing)
# into $(CFG_DIR)/synth-$(BOARD)/simty_$(BOARD).bit|.bin, checked by a round trip;
# make prog: load it with openFPGALoader.
bitstream prog: setup config
	@$(MAKE) -s --no-print-directory SIMTY_SETUP_DONE=1 $(RTL_DIR)/files.f
	@$(PYTHON) scripts/fpga/bitstream.py --board $(BOARD) --rtl $(RTL_DIR) --seeds $(SEEDS) \
	    --timeout $(SYNTH_TIMEOUT) --placer $(PLACER) $(if $(FREQ),--freq $(FREQ)) $(if $(filter prog,$@),--prog) \
	    $(if $(PROG),--elf $(PROG))

# make bitstream PROG= and make fpga-sim PROG= without a board, on the smallest
# board configuration (its patchable design is placed and routed once).
# Every knob given, so that neither build/last.mk nor this command line picks another.
TEST_PROG_CFG := W=2 T=2 TRACK=sorted SORTER=auto ISA=rv32i
test-prog: setup $(GEN_BIN)
	@d=build/$$($(GEN_BIN) --tag $(TEST_PROG_CFG)) && \
	  $(MAKE) -s --no-print-directory SIMTY_SETUP_DONE=1 $(TEST_PROG_CFG) ARBPIPE= IMEM= DMEM= RAMSTYLE= \
	    $$d/rtl/files.f $$d/sim/simty-sim $(SW_OUT)/rv32ui/add.elf && \
	  $(PYTHON) scripts/fpga/test_prog.py --rtl $$d/rtl --sim $$d/sim/simty-sim

compare: setup
	@$(MAKE) -s --no-print-directory SIMTY_SETUP_DONE=1 $(GEN_BIN)
	@j=$$(echo " $(MAKEFLAGS)" | sed -n 's/.* -j\([0-9][0-9]*\).*/\1/p'); j=$${j:-2}; \
	  $(PYTHON) scripts/fpga/compare.py --board $(BOARD) --W "$(CMP_W)" --T "$(CMP_T)" --tracks "$(CMP_TRACKS)" --jobs $$j \
	    --pnr-slots $$([ $$j -le 2 ] && echo 1 || echo $$j) --seeds $(SEEDS) --timeout $(SYNTH_TIMEOUT) \
	    --gen $(GEN_BIN) --placer $(PLACER) $(if $(CMP_BUDGET),--budget $(CMP_BUDGET)) \
	    $(if $(filter 1,$(CMP_RENDER)),--render) $(if $(CMP_BASE),--base "$(CMP_BASE)") --bench "$(CMP_BENCH)"

# The generic gate netlist of W=2 T=2 (pinned Yosys) against its RTL, same harness.
postsynth: setup
	@$(MAKE) -s --no-print-directory SIMTY_SETUP_DONE=1 $(GEN_BIN) $(REF_LIB) $(SW_ELFS_rv32ui)
	@scripts/fpga/postsynth.sh

# The SoC of the board tops (memories, console FIFO, UART) around the core, under
# iverilog with the default FPGA program: every thread's byte must arrive.
# PROG="a.elf b.elf": those programs instead, from make bitstream PROG='s images of BOARD,
# each checked against make sim (its console bytes, its result line).
fpga-sim: setup config
	@$(MAKE) -s --no-print-directory SIMTY_SETUP_DONE=1 $(RTL_DIR)/files.f $(if $(PROG),$(SIM_BIN) $(filter build/%,$(PROG)))
	@$(PYTHON) scripts/fpga/fpga_soc_sim.py --rtl $(RTL_DIR) $(if $(PROG),$(foreach p,$(PROG),--prog $p) --board $(BOARD) --sim $(SIM_BIN))

# The board's serial console (scripts/fpga/term.py): the program's bytes, then its report.
term: setup
	@$(PYTHON) scripts/fpga/term.py --board $(BOARD) $(if $(PORT),--port $(PORT)) \
	    $(if $(TERM_TIMEOUT),--timeout $(TERM_TIMEOUT)) $(if $(filter 1,$(MINITERM)),--miniterm)

# The FPGA's own test programs (fpga/sw/*.S) and C programs linked for a board's 32 KiB
# of data memory (DMEM=32), for make fpga-sim PROG= and make test.
FPGA_SW := build/fpga-sw
$(FPGA_SW)/%.elf: fpga/sw/%.S | setup
	@mkdir -p $(@D)
	@$(RISCV_GCC) -march=rv32i_zicsr -mabi=ilp32 -nostdlib -nostartfiles -static -Igen -Wl,--no-relax \
	    -Wl,--build-id=none -Wl,-N -Wl,--no-warn-rwx-segments -Wl,-Ttext=0x80000000 -o $@ $<
$(FPGA_SW)/d32/%.elf: FORCE | setup
	@$(MAKE) -s --no-print-directory -f sw/sw.mk SW_OUT=$(FPGA_SW)/d32 DMEM=32 $@
FORCE:
# make test's check: 9 programs of 4 kinds (riscv-tests, SIMT tests with divergence,
# C with printf, trapping and failing threads) through the ECP5 board's SoC and images.
FPGA_SIM_PROGS := $(addprefix $(SW_OUT)/rv32ui/,add.elf lw.elf sw.elf) \
                  $(addprefix $(SW_OUT)/simt/,branches.elf exits.elf) $(FPGA_SW)/d32/simt/switch_table.elf \
                  $(FPGA_SW)/d32/apps/hello.elf $(FPGA_SW)/d32/apps/diverge.elf $(FPGA_SW)/report_mix.elf
test-fpga-sim-prog: setup
	@$(MAKE) -s --no-print-directory SIMTY_SETUP_DONE=1 fpga-sim BOARD=ecp5 PROG="$(FPGA_SIM_PROGS)"

# verilator -Wall over both board tops around the configuration's core.
fpga-lint: setup config
	@$(MAKE) -s --no-print-directory SIMTY_SETUP_DONE=1 $(RTL_DIR)/files.f
	@scripts/fpga/fpga_lint.sh $(RTL_DIR)

clean:
	rm -rf build
