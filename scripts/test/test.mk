# scripts/test/test.mk - the test runner's tiers and the harness's own checks
# (tb/tests/): bad input, the path mirror, ELF-loader fuzzing, random start state.
# Included by the top Makefile, after scripts/sim/sim.mk (SIM_BIN, SIM_DIR, RTL_DIR).
.PHONY: test test-full test-badinput test-mirror fuzz-elf test-randstate

# --- tests -------------------------------------------------------------------
test: setup
	@scripts/test/testsuite.sh fast

test-full: setup
	@scripts/test/testsuite.sh full

# --- bad input, ELF-loader fuzzing, random start state (tb/tests/) -------------
BADINPUT_ASAN := build/badinput/asan-$(CFG)
test-badinput: setup config
	@+$(SUB) $(SIM_BIN) $(GEN_BIN) $(SW_ELFS_rv32ui)
	@tb/tests/build_asan_sim.sh $(SIM_DIR) $(RTL_DIR) $(BADINPUT_ASAN) > /dev/null
	@python3 tb/tests/check_badinput.py --sim $(BADINPUT_ASAN)/simty-sim --sim $(SIM_BIN) --gen $(GEN_BIN)

# The harness's path mirror catches a broken tracker (planted bugs, W=2 T=4).
test-mirror: setup
	@+$(SUB) $(GEN_BIN) $(REF_LIB) $(SW_OUT)/simt/branches.elf \
	  $(SW_OUT)/simt/switch_table.elf
	@tb/tests/check_mirror.sh $(GEN_BIN) $(SW_OUT)/simt/branches.elf build/mirror

FUZZ_SECONDS ?= 60
fuzz-elf: setup
	@+$(SUB) $(SW_ELFS)
	@FUZZ_SECONDS=$(FUZZ_SECONDS) tb/tests/fuzz_elf.sh

# Random initial values in every register (Verilator +verilator+rand+reset+2)
# must not change any result: control state may not rely on zero.  The lists of
# configurations are WxT[:track] (scripts/lib/simjobs.py parses them, simty-gen names
# their folders).
RANDSTATE_CFGS ?= 1x1 2x4 8x8 16x4
test-randstate: setup config
	@+$(SUB) $(SW_ELFS)
	@sims=$$($(PYTHON) scripts/lib/simjobs.py sims --track $(TRACK) $(RANDSTATE_CFGS)) && \
	  tb/tests/check_randstate.sh $$sims
