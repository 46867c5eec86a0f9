# scripts/formal/formal.mk - make formal (included by the top Makefile).
.PHONY: formal

# --- formal proofs (scripts/formal/formal.py, formal/) --------------------------------
# The path tracker alone, and the coalescer alone, under free inputs: properties
# proven by PDR where it closes, BMC otherwise; each mutation (simty-gen --mutate)
# must be caught. FORMAL_FLAGS="--units coalesce" runs the coalescer's part only.
# Verdicts come from each job's bound; FORMAL_BACKSTOP (seconds, read by formal.py
# from the environment) only stops a job as TOO SLOW.
FORMAL_FLAGS ?=
formal: setup
	@+$(SUB) $(GEN_BIN)
	@$(PYTHON) scripts/formal/formal.py --gen $(GEN_BIN) $(FORMAL_FLAGS)
