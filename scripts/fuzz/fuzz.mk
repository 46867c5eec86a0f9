# scripts/fuzz/fuzz.mk - make fuzz (included by the top Makefile).
.PHONY: fuzz

# Random SIMT programs (scripts/fuzz/randprog.py), each run on every configuration
# and tracker with lock-step co-simulation (scripts/fuzz/fuzz.py, which builds the
# simulators).  A failure prints the seed and the command that replays it.
N          ?= 100
SEED       ?= 1
FUZZ_CFGS  ?= 1x1 2x4 8x8 4x64
FUZZ_TRACKS ?= sorted_exact sorted_lazy arbiter arbiter_pipe0
FUZZ_FLAGS ?=
fuzz: setup
	@+$(SUB) $(REF_BIN)
	@$(PYTHON) scripts/fuzz/fuzz.py --build --n $(N) --seed $(SEED) --jobs 2 --ref $(REF_BIN) --isa $(ISA) $(FUZZ_FLAGS) \
	    --configs "$(foreach k,$(FUZZ_TRACKS),$(foreach c,$(FUZZ_CFGS),$c:$k))"
