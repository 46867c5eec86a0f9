# scripts/bench/bench.mk - the benchmark suite and its figures (included by the top
# Makefile).
.PHONY: bench bench-docs model-parity policy-sweep

# The benchmark suite (sw/bench, scripts/bench/bench.py): every kernel on BENCH_CFGS
# plus 1x1, on the RTL of each tracker (TRACK= on the command line picks one)
# and on the model under each policy; a wrong signature fails the run.
BENCH_CFGS  ?= 8x8 4x64
BENCH_TRACK  = $(if $(filter command line environment,$(origin TRACK)),$(TRACK),both)
BENCH_FLAGS ?=
BENCH_SCALE ?= fixed
# The model's clock: rtl (simty-ref --timing rtl --track arbiter, the arbiter core's
# pipeline: every policy on one clock) or latency (tb/ref/latency.c).
BENCH_MODEL_TIMING ?= rtl
bench: setup
	@echo "bench: BENCH_CFGS=\"$(BENCH_CFGS)\" TRACK=$(BENCH_TRACK) BENCH_SEED=$(BENCH_SEED) BENCH_SCALE=$(BENCH_SCALE) BENCH_MODEL_TIMING=$(BENCH_MODEL_TIMING)"
	@j=$$(echo " $(MAKEFLAGS)" | sed -n 's/.* -j\([0-9][0-9]*\).*/\1/p'); j=$${j:-1}; [ $$j -le 2 ] || j=2; \
	  $(PYTHON) scripts/bench/bench.py --cfgs "$(BENCH_CFGS)" --track $(BENCH_TRACK) \
	    --seed $(BENCH_SEED) --scale $(BENCH_SCALE) --model-timing $(BENCH_MODEL_TIMING) \
	    --jobs $$j $(BENCH_FLAGS)

# The benchmark figures (docs/bench/README.md): the W and T sweeps of both trackers and the model into
# docs/bench/ (Fmax from SYNTH_ROOT's make synth results, default this tree),
# and the divergence timeline of mandel.
BENCH_DOCS_CFGS ?= 1x8 2x8 4x8 8x8 16x8 8x2 8x4 8x16 8x32 8x64 4x64
SYNTH_ROOT      ?= .
bench-docs: setup
	@+$(SUB) bench TRACK=both \
	    BENCH_CFGS="$(BENCH_DOCS_CFGS)" BENCH_FLAGS="--docs docs/bench --synth-root $(SYNTH_ROOT)"
	@$(PYTHON) scripts/sim/timeline.py --kernel mandel --cfg 8x8 --track sorted \
	    --out docs/bench/timeline-mandel-8x8-sorted.png

# The model's timing against the RTL's (issue 54, scripts/bench/model_parity.py): the
# bench kernels on each engine's RTL and on the model at each configuration; exits 1 when
# a point is past its tolerance (cycles 5 %, lazy sorter 10 %, warp instructions 1 %).
# PARITY_FLAGS="--no-fail" only reports; --model-args "" runs the model without timing options.
PARITY_CFGS       ?= 1x1 8x8 8x16 4x64
PARITY_TRACKS     ?= sorted arbiter lazy
PARITY_MODEL_ARGS ?= --timing rtl
PARITY_FLAGS      ?=
model-parity: setup
	@echo "model-parity: PARITY_CFGS=\"$(PARITY_CFGS)\" PARITY_TRACKS=\"$(PARITY_TRACKS)\" PARITY_MODEL_ARGS=\"$(PARITY_MODEL_ARGS)\""
	@$(PYTHON) scripts/bench/model_parity.py --cfgs "$(PARITY_CFGS)" --tracks "$(PARITY_TRACKS)" \
	    --model-args "$(PARITY_MODEL_ARGS)" $(PARITY_FLAGS)

# Every reconvergence policy over W x T on the model (issue 54,
# scripts/bench/policy_sweep.py): bench.py --track none --model-timing rtl on the 13
# kernels at every SWEEP_W x SWEEP_T, then per policy thread IPC and SIMD efficiency on
# the grid into docs/bench/policy-sweep.md and policy_sweep.{png,svg}.
SWEEP_W     ?= 1 2 4 8 16 32 64
SWEEP_T     ?= 1 2 4 8 16 32 64
SWEEP_FLAGS ?= --docs docs/bench
policy-sweep: setup
	@echo "policy-sweep: SWEEP_W=\"$(SWEEP_W)\" SWEEP_T=\"$(SWEEP_T)\" BENCH_SEED=$(BENCH_SEED)"
	@j=$$(echo " $(MAKEFLAGS)" | sed -n 's/.* -j\([0-9][0-9]*\).*/\1/p'); j=$${j:-1}; [ $$j -le 2 ] || j=2; \
	  $(PYTHON) scripts/bench/policy_sweep.py --w "$(SWEEP_W)" --t "$(SWEEP_T)" \
	    --seed $(BENCH_SEED) --jobs $$j $(SWEEP_FLAGS)
