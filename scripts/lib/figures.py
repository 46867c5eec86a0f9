"""Definitions that the figures of several flows share, each in one place: what a
design's logic is (logic_of: make synth's reports, make compare, make bench's figure of
merit, the area tables), how a CSV field of bench.py or compare.py reads back (typed),
and the history block that holds figures as recorded at a commit (the markers and the
note that docs/tables.py checks and bench/sorter_table.py writes).
"""
import re


# Per FPGA family: what its cells are called in the reports, and how many LUT4 sites a
# carry cell fills (logic_of): an ECP5 CCU2C two, a Gowin ALU one (a LUT4 site of its
# slice); an iCE40 SB_CARRY sits beside its LUT (none). "boards": the make synth boards of
# the family not named after it (synth.py's BOARDS agree: checked where it loads).
# "device": the results tables' name; "part": the flows' (fpga/README.md);
# "fmax_estimate": nextpnr's timing of the family is not validated against the vendor's.
CELLS = {
    "ecp5": {"device": "ECP5-85F-6", "part": "LFE5U-85F", "logic": "LUT4+2xCCU2C",
             "lut": "LUT4", "carry": "CCU2C", "carry_sites": 2, "bram": "DP16KD",
             "dsp": "MULT18X18D"},
    "ice40": {"device": "iCE40-HX8K", "part": "iCE40-HX8K", "logic": "LUT4",
              "lut": "LUT4", "carry": "SB_CARRY", "carry_sites": 0, "bram": "RAM4K",
              "dsp": "SB_MAC16"},
    "gowin": {"device": "GW5AST-138C", "part": "GW5AST-138C", "logic": "LUT1..4+ALU",
              "lut": "LUT", "carry": "ALU", "carry_sites": 1, "bram": "BSRAM", "dsp": "DSP",
              "fmax_estimate": True, "boards": ("tangmega138k",)},
}


def cells(name):
    """CELLS' entry of a family, or of a make synth board by its family."""
    if name in CELLS:
        return CELLS[name]
    fam = [c for c in CELLS.values() if name in c.get("boards", ())]
    if not fam:
        raise KeyError("figures.CELLS: no family has board %r" % name)
    return fam[0]


def logic_of(area, board="ecp5"):
    """Logic cells of Yosys's counts (the whole design or one unit), or None when
    there are none: LUT4 + carry_sites x carry (LUT4 + 2 x CCU2C on ECP5, LUT1..4 +
    ALU on Gowin, LUTs alone on iCE40; CELLS).  The one definition that the
    reports, the bench's figure and the area tables use."""
    if not area or area.get("lut") in (None, ""):
        return None
    return area["lut"] + cells(board)["carry_sites"] * (area.get("carry") or 0)


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
