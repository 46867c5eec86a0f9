#!/usr/bin/env python3
"""Fail unless every given fpga_flow results.json finished with an Fmax and,
where the flow packed a bitstream (--bitstream), its round-trip checks passed.  A flow
whose step its backstop stopped (status "timeout") gives no verdict: a TOO SLOW line, no
FAIL line, exit 3 when nothing failed (scripts/lib/flows.py)."""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lib"))
import flows  # noqa: E402  (too_slow)

bad = n = slow = 0
for path in sys.argv[1:]:
    n += 1
    try:
        with open(path) as f:
            r = json.load(f)
    except (OSError, ValueError) as e:
        print("FAIL %s: %s" % (path, e))
        bad += 1
        continue
    fmax = r.get("fmax_mhz")
    if r.get("status") == "timeout":
        n -= 1
        slow += 1
        print(flows.too_slow("%s %s: %s" % (r.get("family"), r.get("top"), ", ".join(
            k for k, v in r.get("steps", {}).items() if v.get("status") == "timeout")),
            r.get("timeout_s") or 0, "the step's end (fpga_flow's; no verdict)"))
    elif r.get("status") != "ok" or not fmax:
        print("FAIL %s %s: status %s, no Fmax" % (r.get("family"), r.get("top"), r.get("status")))
        bad += 1
    else:
        print("PASS %s %s: %d LUT4, %d FF, Fmax %.1f MHz" % (
            r["family"], r["top"], r["area"]["lut"], r["area"]["ff"], fmax))
    for name, ok in (r.get("bitstream") or {}).get("checks", []):
        n += 1
        bad += not ok
        print("%s %s %s" % ("PASS" if ok else "FAIL", r.get("family"), name))
print("%d passed, %d failed%s" % (n - bad, bad, ", %d too slow" % slow if slow else ""))
sys.exit(1 if bad else flows.SLOW_EXIT if slow else 0)
