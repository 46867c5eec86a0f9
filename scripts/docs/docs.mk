# scripts/docs/docs.mk - the documents' generated parts (included by the top Makefile).
.PHONY: docs-modules check-docs tables check-tables

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
