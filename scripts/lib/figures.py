"""Definitions that the figures of several flows share, each in one place: what a
design's logic is (logic_of: make synth's reports, make compare, make bench's figure of
merit, the area tables), how a CSV field of bench.py or compare.py reads back (typed),
and the history block that holds figures as recorded at a commit (the markers and the
note that docs/tables.py checks and bench/sorter_table.py writes).
"""
import re


# LUT4 sites a carry cell fills, by board: an ECP5 CCU2C two, a Gowin ALU one (a LUT4
# site of its slice); an iCE40 SB_CARRY sits beside its LUT (none).
CARRY_SITES = {"ecp5": 2, "tangmega138k": 1}


def logic_of(area, board="ecp5"):
    """Logic cells of Yosys's counts (the whole design or one unit), or None when
    there are none: LUT4 + CARRY_SITES x carry (LUT4 + 2 x CCU2C on ECP5, LUT1..4 +
    ALU on the Gowin board, LUTs alone on iCE40).  The one definition that the
    reports, the bench's figure and the area tables use."""
    if not area or area.get("lut") in (None, ""):
        return None
    return area["lut"] + CARRY_SITES.get(board, 0) * (area.get("carry") or 0)


def typed(v):
    """A CSV field as compare.py and bench.py write it: number, text, or None when empty."""
    if v == "":
        return None
    for conv in (int, float):
        try:
            return conv(v)
        except ValueError:
            pass
    return v


# A history block: figures of runs whose results are gone, as recorded at the commit
# its note names, never regenerated (docs/tables.py: make check-tables accepts a table
# of figures only in a generated block or in one of these; fpga/sorter_area.sh writes
# the same lines).
HISTORY_BEGIN, HISTORY_END = "<!-- history begin -->", "<!-- history end -->"
HISTORY_NOTE = "*History: figures as recorded at `%s`, not regenerated.*"
HISTORY_NOTE_RE = re.compile(r"\*History: figures as recorded at `([0-9a-f]{7,40})`, "
                             r"not regenerated\b[^*]*\*")
