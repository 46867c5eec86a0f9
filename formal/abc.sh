#!/usr/bin/env bash
# formal/abc.sh - the ABC that SymbiYosys runs for the `abc pdr` and `abc bmc3`
# engines: Debian's yosys-abc (the YoWASP Yosys has no ABC executable). The
# pinned SymbiYosys asks pdr for `-l` (log the invariant), an option this older
# ABC lacks; it is dropped, nothing else changes.
args=()
for a in "$@"; do args+=("${a//pdr -v -l/pdr -v}"); done
exec yosys-abc "${args[@]}"
