# scripts/fpga/fpga.mk - the FPGA flows: smoke and calibration runs, make synth,
# bitstream and prog (PROG= too), compare (the tracker sweeps), postsynth, fpga-sim,
# term, fpga-lint and the FPGA's test programs.  Included by the top Makefile, after
# scripts/sim/sim.mk (RTL_DIR, SIM_BIN).
.PHONY: fpga-smoke fpga-calibrate synth congestion bitstream prog test-prog compare postsynth fpga-sim term \
        test-fpga-sim-prog fpga-lint

# --- FPGA flows (scripts/fpga/fpga_flow.py) ---------------------------------------
SMOKE_SRC := fpga/smoke/smoke_lanes.v fpga/smoke/smoke_alu.v
FLOW      := $(PYTHON) scripts/fpga/fpga_flow.py

fpga-smoke: setup
	@$(FLOW) --family ecp5  --top smoke_lanes --timeout 600 --bitstream --out build/fpga/smoke-ecp5  $(SMOKE_SRC)
	@$(FLOW) --family ice40 --top smoke_lanes --timeout 600 --bitstream --out build/fpga/smoke-ice40 $(SMOKE_SRC) | tail -n 1
	@$(FLOW) --family gowin --top smoke_lanes --timeout 600 --constraints fpga/smoke/smoke_tangmega138k.cst \
	  --out build/fpga/smoke-gowin $(SMOKE_SRC) | tail -n 1
	@scripts/fpga/check_fmax.py build/fpga/smoke-ecp5/results.json build/fpga/smoke-ice40/results.json \
	  build/fpga/smoke-gowin/results.json

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
SYNTH_TIMEOUT ?= auto
PLACER        ?= auto
CMP_W         ?= 8
CMP_T         ?= 2 4 8 16 32 64
CMP_TRACKS    ?= sorted arbiter
CMP_BUDGET    ?=
CMP_RENDER    ?=
CMP_AREA_ONLY ?=
CMP_BASE      ?=
CMP_BENCH     ?= build/bench/bench.json
synth: setup config
	@+$(SUB) $(RTL_DIR)/files.f
	@$(PYTHON) scripts/fpga/synth.py --board $(BOARD) --rtl $(RTL_DIR) \
	    --seeds $(SEEDS) --jobs $(SYNTH_JOBS) --timeout $(SYNTH_TIMEOUT) --placer $(PLACER) $(if $(FREQ),--freq $(FREQ)) \
	    $(if $(ENDPOINTS),--endpoints $(ENDPOINTS)) $(if $(TIMING_WEIGHT),--timing-weight $(TIMING_WEIGHT))

# make congestion: where nextpnr's router2 finds W x T's make synth netlist congested
# after its first iteration (scripts/fpga/congestion.py; ECP5)
congestion: setup
	@$(PYTHON) scripts/fpga/congestion.py --synth $(CFG_DIR)/synth-ecp5 --seed $(SEEDS) \
	    --timeout $(SYNTH_TIMEOUT)

# make bitstream: pack the routed design of make synth (run first if missing)
# into $(CFG_DIR)/synth-$(BOARD)/simty_$(BOARD).bit|.bin, checked by a round trip;
# make prog: load it with openFPGALoader.
bitstream prog: setup config
	@+$(SUB) $(RTL_DIR)/files.f
	@$(PYTHON) scripts/fpga/bitstream.py --board $(BOARD) --rtl $(RTL_DIR) --seeds $(SEEDS) \
	    --timeout $(SYNTH_TIMEOUT) --placer $(PLACER) $(if $(FREQ),--freq $(FREQ)) $(if $(filter prog,$@),--prog) \
	    $(if $(PROG),--elf $(PROG))

# make bitstream PROG= and make fpga-sim PROG= without a board, on the smallest
# board configuration (its patchable design is placed and routed once).
# Every knob given, so that neither build/last.mk nor this command line picks another.
TEST_PROG_CFG := W=2 T=2 TRACK=sorted SORTER=auto ISA=rv32i
test-prog: setup $(GEN_BIN)
	@+d=build/$$($(GEN_BIN) --tag $(TEST_PROG_CFG)) && \
	  $(SUB) $(TEST_PROG_CFG) ARBPIPE= IMEM= DMEM= RAMSTYLE= \
	    $$d/rtl/files.f $$d/sim/simty-sim $(SW_OUT)/rv32ui/add.elf && \
	  $(PYTHON) scripts/fpga/test_prog.py --rtl $$d/rtl --sim $$d/sim/simty-sim

compare: setup
	@+$(SUB) $(GEN_BIN)
	@j=$$(echo " $(MAKEFLAGS)" | sed -n 's/.* -j\([0-9][0-9]*\).*/\1/p'); j=$${j:-2}; \
	  $(PYTHON) scripts/fpga/compare.py --board $(BOARD) --W "$(CMP_W)" --T "$(CMP_T)" --tracks "$(CMP_TRACKS)" --jobs $$j \
	    --pnr-slots $$([ $$j -le 2 ] && echo 1 || echo $$j) --seeds $(SEEDS) --timeout $(SYNTH_TIMEOUT) \
	    --gen $(GEN_BIN) --placer $(PLACER) $(if $(CMP_BUDGET),--budget $(CMP_BUDGET)) \
	    $(if $(filter 1,$(CMP_RENDER)),--render) $(if $(filter 1,$(CMP_AREA_ONLY)),--area-only) \
	    $(if $(CMP_BASE),--base "$(CMP_BASE)") --bench "$(CMP_BENCH)"

# The generic gate netlist of W=2 T=2 (pinned Yosys) against its RTL, same harness.
postsynth: setup
	@+$(SUB) $(GEN_BIN) $(REF_LIB) $(SW_ELFS_rv32ui)
	@scripts/fpga/postsynth.sh

# The SoC of the board tops (memories, console FIFO, UART) around the core, under
# iverilog with the default FPGA program: every thread's byte must arrive.
# PROG="a.elf b.elf": those programs instead, from make bitstream PROG='s images of BOARD,
# each checked against make sim (its console bytes, its result line).
fpga-sim: setup config
	@+$(SUB) $(RTL_DIR)/files.f $(if $(PROG),$(SIM_BIN) $(filter build/%,$(PROG)))
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
	@+$(SUB) -f sw/sw.mk SW_OUT=$(FPGA_SW)/d32 DMEM=32 $@
FORCE:
# make test's check: 9 programs of 4 kinds (riscv-tests, SIMT tests with divergence,
# C with printf, trapping and failing threads) through the ECP5 board's SoC and images.
FPGA_SIM_PROGS := $(addprefix $(SW_OUT)/rv32ui/,add.elf lw.elf sw.elf) \
                  $(addprefix $(SW_OUT)/simt/,branches.elf exits.elf) $(FPGA_SW)/d32/simt/switch_table.elf \
                  $(FPGA_SW)/d32/apps/hello.elf $(FPGA_SW)/d32/apps/diverge.elf $(FPGA_SW)/report_mix.elf
test-fpga-sim-prog: setup
	@+$(SUB) fpga-sim BOARD=ecp5 PROG="$(FPGA_SIM_PROGS)"

# verilator -Wall over both board tops around the configuration's core.
fpga-lint: setup config
	@+$(SUB) $(RTL_DIR)/files.f
	@scripts/fpga/fpga_lint.sh $(RTL_DIR)
