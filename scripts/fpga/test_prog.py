#!/usr/bin/env python3
"""make test-prog: make bitstream PROG= and make fpga-sim PROG= checked without a board.

    test_prog.py --rtl RTL_DIR --sim SIMTY_SIM [--board ice40]

On the smallest board configuration (W=2 T=2 on the iCE40 by default; the first run
places and routes its patchable design once, scripts/fpga/synth.py --patchable):
 1. bitstream.py --elf puts fpga/sw/entry_offset.S (entry point 0x80000004) into the
    routed design; its own checks (the generic round trip, and the unpacked bitstream
    holding exactly the program's images) must pass, in seconds;
 2. the check must fail on a wrong image: the same unpacked bitstream against another
    program's images (fpga/sw/fpga_hello.S), against the images with one data bit
    flipped, and the unpatched marker design against the program's;
 3. a program too big for the board's memories is refused (exit 3) naming the memory,
    and no bitstream is written;
 4. fpga_soc_sim.py --prog runs both programs from the same images through the SoC:
    done, and the UART's bytes are the harness's console bytes.
Ends with "N passed, M failed"; exit 0 only if all passed.
"""
import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lib"))
import flows  # noqa: E402  (the other scripts' paths)
import fpga_flow  # noqa: E402
import progpatch  # noqa: E402
import synth  # noqa: E402

ROOT = synth.ROOT
PY = sys.executable


def asm(src, elf):
    cmd = [synth.RISCV_GCC, "-march=rv32i_zicsr", "-mabi=ilp32", "-nostdlib", "-nostartfiles",
           "-static", "-Wl,--no-relax", "-Wl,--build-id=none", "-Wl,-N",
           "-Wl,--no-warn-rwx-segments", "-Wl,-Ttext=0x80000000", "-o", elf, src]
    subprocess.run(cmd, check=True)
    return elf


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rtl", required=True)
    ap.add_argument("--sim", required=True)
    ap.add_argument("--board", default="ice40", choices=sorted(progpatch.BOOT_AW))
    ap.add_argument("--big", default=os.path.join(ROOT, "build", "sw", "rv32ui", "add.elf"),
                    help="an ELF too big for the board (default: rv32ui/add, 1.7 KiB of code)")
    a = ap.parse_args()
    rtl = os.path.abspath(a.rtl)
    cfg = synth.read_config(rtl)
    T = cfg["T"]
    fam = synth.BOARDS[a.board]["family"]
    work = os.path.join(os.path.dirname(rtl), "test-prog")
    os.makedirs(work, exist_ok=True)
    entry = asm(os.path.join(ROOT, "fpga", "sw", "entry_offset.S"), os.path.join(work, "entry_offset.elf"))
    hello = synth.build_program(None, work)
    results = []

    def check(name, ok):
        print("%s %s" % ("PASS" if ok else "FAIL", name), flush=True)
        results.append(ok)

    # 1. make bitstream PROG=
    bs = [PY, flows.script("fpga", "bitstream.py"), "--board", a.board, "--rtl", rtl]
    t0 = time.time()
    r = subprocess.run(bs + ["--elf", entry], capture_output=True, text=True)
    secs = time.time() - t0
    print(r.stdout.rstrip())
    check("bitstream.py --elf entry_offset.elf: patched, packed and checked (exit %d, %.1f s)"
          % (r.returncode, secs), r.returncode == 0)
    out = os.path.join(os.path.dirname(rtl), "prog-" + a.board)
    ext = fpga_flow.PACK[fam]["ext"]
    rext = os.path.splitext(fpga_flow.PACK[fam]["routed"])[1]
    bit = os.path.join(out, "entry_offset" + ext)
    unpacked = bit + ".check/unpacked" + rext
    res, best = bitstream_best(out)
    if r.returncode != 0 or not best or not os.path.isfile(unpacked):
        check("the patched design and its unpacked bitstream exist", False)
        return finish(results)
    geom = progpatch.geometry(a.board, T, *progpatch.board_plan(a.board, T))
    mk = {m: progpatch.read_hex(os.path.join(out, m + ".hex")) for m in geom}
    with open(os.path.join(out, best["routed"])) as f:
        mtext = f.read()
    with open(unpacked) as f:
        utext = f.read()
    img_e, _ = progpatch.load_elf(entry, geom)
    img_h, _ = progpatch.load_elf(hello, geom)

    def holds(text, images):
        return all(ok for _, ok, _ in progpatch.check(a.board, mtext, mk, text, images, geom))
    check("the unpacked bitstream holds entry_offset's images", holds(utext, img_e))
    # 2. the check can fail
    check("... and the check fails against fpga_hello's images", not holds(utext, img_h))
    flip = dict(img_e)
    flip["dmem"] = list(img_e["dmem"])
    flip["dmem"][5] ^= 1 << 7
    check("... and against entry_offset's images with one data bit flipped", not holds(utext, flip))
    check("the unpatched marker design fails the check against entry_offset's images",
          not holds(mtext, img_e))
    # 3. refusal of a program too big, before anything is written
    big = os.path.join(out, os.path.splitext(os.path.basename(a.big))[0] + ext)
    if os.path.exists(big):
        os.remove(big)
    r = subprocess.run(bs + ["--elf", a.big], capture_output=True, text=True)
    msg = (r.stdout + r.stderr).strip()
    print(msg)
    check("a program too big is refused (exit %d) naming the memory, no bitstream written"
          % r.returncode, r.returncode == 3 and "instruction memory" in msg
          and "bytes" in msg and not os.path.exists(big))
    # 4. the same images through the SoC, against the harness
    for elf in (entry, hello):
        r = subprocess.run([PY, flows.script("fpga", "fpga_soc_sim.py"), "--rtl", rtl,
                            "--prog", elf, "--board", a.board, "--sim", a.sim],
                           capture_output=True, text=True)
        print(r.stdout.rstrip())
        check("fpga-sim PROG=%s: the board's images through the SoC match the harness"
              % os.path.basename(elf), r.returncode == 0)
    return finish(results)


def bitstream_best(out):
    import bitstream
    return bitstream.best_routed(out)


def finish(results):
    n = sum(results)
    print("%d passed, %d failed" % (n, len(results) - n))
    return 0 if n == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
