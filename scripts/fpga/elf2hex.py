#!/usr/bin/env python3
"""Memory images of an ELF for the FPGA tops ($readmemh files).

    elf2hex.py ELF --imem-words N --dmem-blocks N --block-words T --out DIR

Loads the ELF as the harness does (spec, "Memory and ports"): every PT_LOAD segment
goes into data memory, executable ones also into instruction memory, p_memsz - p_filesz
is zero-filled, the rest of data memory is zero. Both memories start at 0x80000000.
Writes DIR/imem.hex (one 32-bit word per line) and DIR/dmem.hex (one block of T words per
line, word i in bits 32i+31..32i) and prints the entry point in hex. Exit status 3 when
the ELF is not a 32-bit little-endian RISC-V executable or does not fit the memories.
"""
import argparse
import os
import struct
import sys

BASE = 0x80000000


def fail(msg):
    print("elf2hex: " + msg, file=sys.stderr)
    sys.exit(3)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("elf")
    ap.add_argument("--imem-words", type=int, required=True)
    ap.add_argument("--dmem-blocks", type=int, required=True)
    ap.add_argument("--block-words", type=int, required=True)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    try:
        data = open(a.elf, "rb").read()
    except OSError as e:
        fail("%s: %s" % (a.elf, e.strerror))
    if len(data) < 52 or data[:4] != b"\x7fELF" or data[4] != 1 or data[5] != 1:
        fail("%s: not a 32-bit little-endian ELF" % a.elf)
    (e_type, e_machine, _, e_entry, e_phoff, _, e_flags, _, e_phentsize,
     e_phnum) = struct.unpack_from("<HHIIIIIHHH", data, 16)
    if e_machine != 243 or e_flags & 0x9:
        fail("%s: not an RV32I ELF without RVC/RVE" % a.elf)
    isize, dsize = 4 * a.imem_words, 4 * a.block_words * a.dmem_blocks
    imem, dmem = bytearray(isize), bytearray(dsize)
    for i in range(e_phnum):
        p_type, p_offset, p_vaddr, _, p_filesz, p_memsz, p_flags, _ = struct.unpack_from(
            "<IIIIIIII", data, e_phoff + i * e_phentsize)
        if p_type != 1 or p_memsz == 0:
            continue
        off = p_vaddr - BASE
        seg = data[p_offset:p_offset + p_filesz] + bytes(p_memsz - p_filesz)
        if off < 0 or off + p_memsz > dsize:
            fail("%s: segment at %08x (%d bytes) does not fit data memory (%d bytes)"
                 % (a.elf, p_vaddr, p_memsz, dsize))
        dmem[off:off + p_memsz] = seg
        if p_flags & 1:
            if off + p_memsz > isize:
                fail("%s: code at %08x (%d bytes) does not fit instruction memory (%d bytes)"
                     % (a.elf, p_vaddr, p_memsz, isize))
            imem[off:off + p_memsz] = seg
    os.makedirs(a.out, exist_ok=True)
    with open(os.path.join(a.out, "imem.hex"), "w") as f:
        for w in range(a.imem_words):
            f.write("%08x\n" % struct.unpack_from("<I", imem, 4 * w)[0])
    bw = a.block_words
    with open(os.path.join(a.out, "dmem.hex"), "w") as f:
        for b in range(a.dmem_blocks):
            words = struct.unpack_from("<%dI" % bw, dmem, 4 * bw * b)
            f.write("".join("%08x" % w for w in reversed(words)) + "\n")
    print("%08x" % e_entry)
    return 0


if __name__ == "__main__":
    sys.exit(main())
