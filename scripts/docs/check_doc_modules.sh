#!/usr/bin/env bash
# The README's module table is `simty-gen --doc`'s output, kept between the lines
# "<!-- simty-gen --doc -->" and "<!-- end simty-gen --doc -->" (issue 53).
#
#   scripts/docs/check_doc_modules.sh           check: PASS, or FAIL with the diff (exit 1);
#                                               the README also at most 250 lines
#   scripts/docs/check_doc_modules.sh --write   rewrite the table from the generator
#
# `make check-docs` (in `make test`) and `make docs-modules` run it; SIMTY_GEN and
# DOC_FILE name another generator or file (the check's own test uses them).
set -euo pipefail
cd "$(dirname "$0")/../.."
gen=${SIMTY_GEN:-build/tools/simty-gen}
file=${DOC_FILE:-README.md}
begin='<!-- simty-gen --doc -->'
end='<!-- end simty-gen --doc -->'
mode=${1:-check}

[ -x "$gen" ] || { echo "FAIL $gen is missing (make gen-tool)"; exit 1; }
nb=$(grep -cxF -e "$begin" "$file" || true)
ne=$(grep -cxF -e "$end" "$file" || true)
if [ "$nb" != 1 ] || [ "$ne" != 1 ]; then
  echo "FAIL $file: needs one line '$begin' and one line '$end' (has $nb and $ne)"
  exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$gen" --doc > "$tmp/want"
awk -v b="$begin" -v e="$end" '$0 == e { p = 0 } p { print } $0 == b { p = 1 }' "$file" > "$tmp/have"

case $mode in
  --write)
    awk -v b="$begin" -v e="$end" -v f="$tmp/want" '
      $0 == b { print; while ((getline l < f) > 0) print l; skip = 1; next }
      $0 == e { skip = 0 }
      !skip { print }' "$file" > "$tmp/new"
    if cmp -s "$tmp/new" "$file"; then
      echo "docs-modules: $file's module table is already $gen --doc's"
    else
      cat "$tmp/new" > "$file"
      echo "docs-modules: $file's module table rewritten from $gen --doc"
    fi ;;
  check)
    # the front door stays short (issue 53: at most 250 lines; the rest lives next to
    # what it describes); only for the README itself, not a DOC_FILE under test
    if [ -z "${DOC_FILE:-}" ]; then
      max=250 lines=$(wc -l < "$file")
      if [ "$lines" -gt "$max" ]; then
        echo "FAIL $file has $lines lines, more than $max: move reference and history next to what it describes (docs/, gen/, tb/, fpga/)"
        exit 1
      fi
      echo "PASS $file has $lines lines (at most $max)"
    fi
    if diff -u --label "$file (module table)" --label "$gen --doc" "$tmp/have" "$tmp/want"; then
      echo "PASS $file's module table is $gen --doc's"
    else
      echo "FAIL $file's module table differs from $gen --doc: run make docs-modules and commit"
      exit 1
    fi ;;
  *) echo "usage: $0 [--write]" >&2; exit 2 ;;
esac
