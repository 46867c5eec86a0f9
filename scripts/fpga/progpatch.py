#!/usr/bin/env python3
"""A program's memory images, put into a routed design's block RAMs and read back out.

    progpatch.py images ELF --board ecp5|ice40 --T N --out DIR   (the images and entry)
    progpatch.py check --board B --T N --marker DIR --image DIR CONFIG
                                     (does CONFIG hold the images where DIR's markers are?)

`make bitstream PROG=x.elf` (scripts/fpga/bitstream.py) needs no synthesis and no place and
route: the design it patches was synthesized with random marker images in its three
memories (scripts/fpga/synth.py --patchable: instruction memory, data memory, and the 16-bit
boot RAM whose words 0 and 1 hold the entry point, fpga/common/simty_fpga_soc.v), so
ecpbram (ECP5) and icebram (iCE40) find each memory's slices in the routed configuration
by their contents and replace them with the program's.

The loader is the simulator's (docs/spec.md, "Memory and ports"): every PT_LOAD segment
goes into data memory (p_memsz - p_filesz zero-filled, the rest of data memory zero), the
file bytes of executable segments into instruction memory as well; both start at
0x80000000. The memories are the board build's (synth.py's BOARDS); a program that does
not fit is refused naming the memory and both sizes, before anything is written (exit 3),
and so is an entry point outside the board's instruction memory (the board decodes only
the index bits: it would run aliased code where the simulator traps).

The check is independent of the patchers: from the marker design's own configuration it
finds where every 512-bit (ECP5, the slices ecpbram matches) or 256-bit (iCE40) column
slice of every marker image lives, then reads the same places of CONFIG (an unpacked
bitstream) and compares them with the program's images. Every slice must be found at
least once, and every place must hold the program's bits.
"""
import argparse
import os
import random
import re
import struct
import sys

BASE = 0x80000000
BOOT_AW = {"ecp5": 9, "ice40": 8}   # ecpbram matches 512-word slices; one 256 x 16 iCE40 RAM
BOOT_W = 16
MARKER_SEED = 55                    # fixed: the marker images are reproducible
SLICE = {"ecp5": 512, "ice40": 256}  # words per column slice
# The console as the harness prints it and the end-of-run line (simty_fpga_soc.v's
# REPORT, line buffers of 1 << LINE_AW bytes): on the ECP5; the HX8K at W=2 T=2 has no
# room for them (measured: 8,699 logic cells packed, of 7,680).
REPORT = {"ecp5": 1, "ice40": 0}
LINE_AW = {"ecp5": 6, "ice40": 5}


class Refused(Exception):
    """The ELF cannot go on the board (exit 3, nothing written)."""


def geometry(board, T, imem_aw, dmem_aw):
    """{memory: (words, bits per word)} of the board build."""
    return {"imem": (1 << imem_aw, 32), "dmem": (1 << dmem_aw, 32 * T),
            "boot": (1 << BOOT_AW[board], BOOT_W)}


def board_plan(board, T):
    """(imem_aw, dmem_aw) of synth.py's memory plan."""
    import synth  # (BOARDS)
    bd = synth.BOARDS[board]
    return bd["imem_aw"](T), bd["dmem_aw"](T)


def markers(geom):
    """Random images, one per memory, from MARKER_SEED."""
    out = {}
    for name in sorted(geom):
        words, bits = geom[name]
        rng = random.Random("%d/%s/%d/%d" % (MARKER_SEED, name, words, bits))
        out[name] = [rng.getrandbits(bits) for _ in range(words)]
    return out


def load_elf(path, geom):
    """(images, entry) by the simulator's loader rules; Refused if it cannot run here."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise Refused("%s: %s" % (path, e.strerror))
    if len(data) < 52 or data[:4] != b"\x7fELF" or data[4] != 1 or data[5] != 1:
        raise Refused("%s: not a 32-bit little-endian ELF" % path)
    (e_type, e_machine, _, e_entry, e_phoff, _, e_flags, _, e_phentsize,
     e_phnum) = struct.unpack_from("<HHIIIIIHHH", data, 16)
    if e_machine != 243 or e_flags & 0x9:
        raise Refused("%s: not a RISC-V ELF without the RVC and RVE flags" % path)
    if e_type != 2 or e_entry & 3:
        raise Refused("%s: not an executable (ET_EXEC) with a 4-byte-aligned entry point" % path)
    iwords, dwords = geom["imem"][0], geom["dmem"][0]
    block = geom["dmem"][1] // 8
    isize, dsize = 4 * iwords, block * dwords
    imem, dmem = bytearray(isize), bytearray(dsize)
    for i in range(e_phnum):
        p_type, p_offset, p_vaddr, _, p_filesz, p_memsz, p_flags, _ = struct.unpack_from(
            "<IIIIIIII", data, e_phoff + i * e_phentsize)
        if p_type != 1 or p_memsz == 0:
            continue
        off = p_vaddr - BASE
        if p_offset + p_filesz > len(data) or p_filesz > p_memsz:
            raise Refused("%s: segment at %08x lies outside the file" % (path, p_vaddr))
        if off < 0 or off + p_memsz > dsize:
            raise Refused("%s: segment at %08x..%08x (%d bytes) does not fit the board's data "
                          "memory: %d bytes at %08x..%08x"
                          % (path, p_vaddr, p_vaddr + p_memsz, p_memsz, dsize, BASE, BASE + dsize))
        seg = data[p_offset:p_offset + p_filesz]
        dmem[off:off + p_filesz] = seg
        dmem[off + p_filesz:off + p_memsz] = bytes(p_memsz - p_filesz)
        if p_flags & 1:
            if off + p_filesz > isize:
                raise Refused("%s: code at %08x..%08x (%d bytes) does not fit the board's "
                              "instruction memory: %d bytes at %08x..%08x"
                              % (path, p_vaddr, p_vaddr + p_filesz, p_filesz, isize, BASE,
                                 BASE + isize))
            imem[off:off + p_filesz] = seg
    if not BASE <= e_entry < BASE + isize:
        raise Refused("%s: entry point %08x is outside the board's instruction memory "
                      "(%d bytes at %08x)" % (path, e_entry, isize, BASE))
    end = elf_symbol(data, b"__simty_dmem_end")
    if end is not None and end > BASE + dsize:
        print("progpatch: warning: %s was linked for %d KiB of data memory (__simty_dmem_end "
              "%08x); the board has %d KiB, and its stacks there alias into it: relink with "
              "DMEM=%d (sw/sw.mk)" % (path, (end - BASE) // 1024, end, dsize // 1024,
                                      dsize // 1024), file=sys.stderr)
    images = {
        "imem": list(struct.unpack("<%dI" % iwords, imem)),
        "dmem": [int.from_bytes(dmem[block * r:block * (r + 1)], "little") for r in range(dwords)],
        "boot": [e_entry & 0xFFFF, e_entry >> 16] + [0] * (geom["boot"][0] - 2),
    }
    return images, e_entry


def elf_symbol(data, name):
    """The value of symbol NAME in the ELF's .symtab, or None."""
    e_shoff, = struct.unpack_from("<I", data, 32)
    e_shentsize, e_shnum = struct.unpack_from("<HH", data, 46)
    secs = []
    for i in range(e_shnum):
        off = e_shoff + i * e_shentsize
        if off + 40 > len(data):
            return None
        secs.append(struct.unpack_from("<IIIIIIIIII", data, off))
    for sh in secs:
        if sh[1] != 2 or sh[6] >= len(secs):          # SHT_SYMTAB, its string table
            continue
        strs = secs[sh[6]]
        for k in range(sh[5] // 16):
            st_name, st_value = struct.unpack_from("<II", data, sh[4] + 16 * k)
            a = strs[4] + st_name
            if data[a:a + len(name) + 1] == name + b"\0":
                return st_value
    return None


def write_hex(path, words, bits):
    digits = (bits + 3) // 4
    with open(path + ".tmp", "w") as f:
        for w in words:
            f.write("%0*x\n" % (digits, w))
    os.replace(path + ".tmp", path)


def read_hex(path):
    with open(path) as f:
        return [int(l, 16) for l in f if l.strip()]


def write_images(out, images, geom, suffix=""):
    """DIR/<mem><suffix>.hex for each memory; returns {mem: path}."""
    os.makedirs(out, exist_ok=True)
    paths = {}
    for name, (words, bits) in sorted(geom.items()):
        paths[name] = os.path.join(out, name + suffix + ".hex")
        write_hex(paths[name], images[name], bits)
    return paths


# ---- block-RAM contents of a text configuration -----------------------------------------

def ecp5_brams(text):
    """{'.bram_init N': [2048 9-bit words]} of a Trellis text configuration."""
    brams, cur = {}, None
    for line in text.splitlines():
        if line.startswith("."):
            cur = None
            if line.startswith(".bram_init"):
                cur = brams.setdefault(line.strip(), [])
            continue
        if cur is not None:
            cur.extend(int(t, 16) for t in line.split())
    return brams


def ice40_brams(text):
    """{'.ram_data X Y': [256 16-bit words]} of an IceStorm .asc (16 lines of 256 bits,
    word 16 * line + k in bits 16k+15..16k of the line)."""
    brams, cur = {}, None
    for line in text.splitlines():
        if line.startswith("."):
            cur = None
            if line.startswith(".ram_data"):
                cur = brams.setdefault(line.strip(), [])
            continue
        if cur is not None and line.strip():
            v = int(line.strip(), 16)
            cur.extend((v >> (16 * k)) & 0xFFFF for k in range(16))
    return brams


def bram_slices(board, words):
    """Every (mode, column) slice of one BRAM as ecpbram reads it (ECP5: 1/2/4-bit modes
    keep 8 bits a word, 9/18/36-bit modes 9), or the 16 columns of a 256 x 16 iCE40 RAM:
    [(place, bits as a tuple)]."""
    out = []
    if board == "ice40":
        for j in range(16):
            out.append((("c", j), tuple((words[k] >> j) & 1 for k in range(256))))
        return out
    for m, (w, nw, b) in enumerate(((1, 8, 32), (2, 8, 32), (4, 8, 32),
                                    (9, 9, 36), (18, 9, 36), (36, 9, 36))):
        for j in range(b):
            bits = []
            for k in range(512):
                bn = k * w + (j % w) + (j // w) * 512 * w
                bits.append((words[bn // nw] >> (bn % nw)) & 1 if bn // nw < len(words) else 0)
            out.append(((m, j), tuple(bits)))
    return out


def image_slices(board, image, bits):
    """{(bit column, slice index): bits as a tuple} of one memory image."""
    n = SLICE[board]
    out = {}
    for b in range(bits):
        col = [(w >> b) & 1 for w in image]
        for s in range(len(image) // n):
            out[(b, s)] = tuple(col[s * n:(s + 1) * n])
    return out


def brams_of(board, text):
    return (ecp5_brams if board == "ecp5" else ice40_brams)(text)


def locate(board, marker_text, marker_images, geom):
    """{(memory, column, slice): [(bram, place)]}: where the marker design keeps each
    slice of each memory."""
    want = {}
    for name, (words, bits) in geom.items():
        for key, sl in image_slices(board, marker_images[name], bits).items():
            want[sl] = (name,) + key
    found = {v: [] for v in want.values()}
    for bram, words in brams_of(board, marker_text).items():
        for place, sl in bram_slices(board, words):
            if sl in want:
                found[want[sl]].append((bram, place))
    return found


def check(board, marker_text, marker_images, text, images, geom):
    """[(check name, ok, detail)]: TEXT holds IMAGES where MARKER_TEXT holds the markers."""
    where = locate(board, marker_text, marker_images, geom)
    brams = brams_of(board, text)
    cache = {}
    res = []
    for name in ("imem", "dmem", "boot"):
        words, bits = geom[name]
        want = image_slices(board, images[name], bits)
        keys = [k for k in where if k[0] == name]
        missing = [k for k in keys if not where[k]]
        bad = []
        for k in keys:
            for bram, place in where[k]:
                if bram not in cache:
                    cache[bram] = dict(bram_slices(board, brams.get(bram, [])))
                if cache[bram].get(place) != want[k[1:]]:
                    bad.append((k, bram))
        detail = "%d slices of %d bits in %d places" % (
            len(keys), SLICE[board], sum(len(v) for v in (where[k] for k in keys)))
        if missing:
            detail += "; %d slices not found in the marker design (first: bit %d, slice %d)" % (
                len(missing), missing[0][1], missing[0][2])
        if bad:
            k, bram = bad[0]
            detail += "; %d differ (first: bit %d of words %d.., in %s)" % (
                len(bad), k[1], k[2] * SLICE[board], bram)
        res.append(("the %s (%d x %d bits) holds the program's image" % (name, words, bits),
                    not missing and not bad and keys != [], detail))
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("images", help="write DIR/{imem,dmem,boot}.hex of an ELF, print the entry")
    p.add_argument("elf")
    p.add_argument("--board", required=True, choices=sorted(BOOT_AW))
    p.add_argument("--T", type=int, required=True)
    p.add_argument("--out", required=True)
    c = sub.add_parser("check", help="does an unpacked configuration hold the images?")
    c.add_argument("config")
    c.add_argument("--board", required=True, choices=sorted(BOOT_AW))
    c.add_argument("--T", type=int, required=True)
    c.add_argument("--marker", required=True, help="the patchable design's folder "
                   "(routed config named by --marker-config, marker *.hex)")
    c.add_argument("--marker-config", required=True)
    c.add_argument("--image", required=True, help="folder with the program's *.hex")
    a = ap.parse_args()
    geom = geometry(a.board, a.T, *board_plan(a.board, a.T))
    if a.cmd == "images":
        try:
            images, entry = load_elf(a.elf, geom)
        except Refused as e:
            print("progpatch: %s" % e, file=sys.stderr)
            return 3
        write_images(a.out, images, geom)
        print("%08x" % entry)
        return 0
    mk = {n: read_hex(os.path.join(a.marker, n + ".hex")) for n in geom}
    im = {n: read_hex(os.path.join(a.image, n + ".hex")) for n in geom}
    with open(a.marker_config) as f:
        mtext = f.read()
    with open(a.config) as f:
        text = f.read()
    ok = True
    for name, good, detail in check(a.board, mtext, mk, text, im, geom):
        print("%s %s (%s)" % ("PASS" if good else "FAIL", name, detail))
        ok &= good
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
