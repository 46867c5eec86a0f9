/* elf_load.c - see elf_load.h. */
#define _POSIX_C_SOURCE 200809L
#include "elf_load.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "errf.h"

#define EHDR_SIZE   52u
#define PHDR_SIZE   32u
#define SHDR_SIZE   40u
#define SYM_SIZE    16u
#define ET_EXEC     2u
#define EM_RISCV    243u
#define PT_LOAD     1u
#define PT_DYNAMIC  2u
#define PT_INTERP   3u
#define PF_X        1u
#define SHT_SYMTAB  2u
#define STT_FUNC    2u
#define EF_RISCV_RVC 0x1u
#define EF_RISCV_RVE 0x8u

static uint32_t rd16(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8; }
static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* [addr, addr + len) inside [base, base + size)?  64-bit, no overflow. */
static int inside(uint64_t addr, uint64_t len, uint64_t base, uint64_t size)
{
    return addr >= base && addr + len <= base + size;
}

/* The memory size, in KiB and a power of two as the IMEM/DMEM knobs take it, that
 * holds [base, addr + len): what an error message asks for (0: cannot help,
 * the range starts below base or needs more than 4 GiB). */
static uint64_t kib_needed(uint64_t addr, uint64_t len, uint64_t base)
{
    uint64_t k = 1;
    if (addr < base)
        return 0;
    while (k << 10 < addr + len - base)
        k <<= 1;
    return k <= (1u << 22) ? k : 0;
}

struct seg {
    uint32_t off, vaddr, filesz, memsz, flags;
};

/* Look up begin_signature / end_signature.  Symbols are optional, but a
 * section or symbol table that points outside the file is an error. */
static int find_symbols(const uint8_t *b, size_t len, struct elf_info *info,
                        char *err, size_t n)
{
    uint32_t shoff = rd32(b + 32), shentsize = rd16(b + 46), shnum = rd16(b + 48);
    uint32_t i, found = 0;
    if (shoff == 0 || shnum == 0)
        return 0;
    if (shentsize != SHDR_SIZE)
        return simty_errf(err, n, "section header entry size %" PRIu32 " (expected %u)",
                          shentsize, SHDR_SIZE);
    if (!inside(shoff, (uint64_t)shnum * SHDR_SIZE, 0, len))
        return simty_errf(err, n, "section header table (offset %" PRIu32 ", %" PRIu32
                          " entries) extends past the end of the file (%zu bytes)", shoff, shnum, len);
    for (i = 0; i < shnum; i++) {
        const uint8_t *sh = b + shoff + (size_t)i * SHDR_SIZE;
        uint32_t off, size, link, entsize, j;
        const uint8_t *str;
        uint32_t stroff, strsize;
        if (rd32(sh + 4) != SHT_SYMTAB)
            continue;
        off = rd32(sh + 16);
        size = rd32(sh + 20);
        link = rd32(sh + 24);
        entsize = rd32(sh + 36);
        if (entsize != SYM_SIZE)
            return simty_errf(err, n, "symbol table entry size %" PRIu32 " (expected %u)",
                              entsize, SYM_SIZE);
        if (!inside(off, size, 0, len))
            return simty_errf(err, n, "symbol table extends past the end of the file");
        if (link >= shnum)
            return simty_errf(err, n, "symbol table links to section %" PRIu32 " of %" PRIu32,
                              link, shnum);
        stroff = rd32(b + shoff + (size_t)link * SHDR_SIZE + 16);
        strsize = rd32(b + shoff + (size_t)link * SHDR_SIZE + 20);
        if (!inside(stroff, strsize, 0, len))
            return simty_errf(err, n, "string table extends past the end of the file");
        str = b + stroff;
        for (j = 0; j + SYM_SIZE <= size; j += SYM_SIZE) {
            const uint8_t *s = b + off + j;
            uint32_t name = rd32(s), value = rd32(s + 4);
            const char *nm;
            if (name == 0)
                continue;
            if (name >= strsize || !memchr(str + name, 0, strsize - name))
                return simty_errf(err, n, "symbol name outside the string table");
            nm = (const char *)str + name;
            if (strcmp(nm, "begin_signature") == 0) {
                info->sig_begin = value;
                found |= 1;
            } else if (strcmp(nm, "end_signature") == 0) {
                info->sig_end = value;
                found |= 2;
            }
        }
    }
    info->has_signature = found == 3;
    return 0;
}

/* What the checks of the file header leave for the rest of the loader. */
struct ehdr {
    uint32_t entry, phoff, phnum;
};

/* The ELF header: RV32, little-endian, ET_EXEC, no RVC/RVE, an aligned
 * entry, a program header table inside the file. */
static int check_header(const uint8_t *b, size_t len, struct ehdr *h, char *err, size_t n)
{
    uint32_t type, machine, version, flags, phentsize;

    if (len == 0)
        return simty_errf(err, n, "empty file");
    if (len < 4 || memcmp(b, "\177ELF", 4) != 0)
        return simty_errf(err, n, "not an ELF file (bad magic)");
    if (len < EHDR_SIZE)
        return simty_errf(err, n, "truncated: %zu bytes, an ELF32 header needs %u", len, EHDR_SIZE);
    if (b[4] != 1)
        return simty_errf(err, n, "not a 32-bit ELF (class %u%s); Simty runs RV32 only", b[4],
                          b[4] == 2 ? ", ELF64" : "");
    if (b[5] != 1)
        return simty_errf(err, n, "not little-endian (data encoding %u%s)", b[5],
                          b[5] == 2 ? ", big-endian" : "");
    if (b[6] != 1)
        return simty_errf(err, n, "unknown ELF version %u", b[6]);
    type = rd16(b + 16);
    machine = rd16(b + 18);
    version = rd32(b + 20);
    h->entry = rd32(b + 24);
    h->phoff = rd32(b + 28);
    flags = rd32(b + 36);
    phentsize = rd16(b + 42);
    h->phnum = rd16(b + 44);
    if (machine != EM_RISCV)
        return simty_errf(err, n, "not a RISC-V file (e_machine %" PRIu32 ", expected %u)",
                          machine, EM_RISCV);
    if (type != ET_EXEC)
        return simty_errf(err, n, "not a static executable (e_type %" PRIu32 "%s, expected ET_EXEC)",
                          type, type == 3 ? " = ET_DYN" : type == 1 ? " = ET_REL" : "");
    if (version != 1)
        return simty_errf(err, n, "unknown ELF version %" PRIu32, version);
    if (flags & EF_RISCV_RVC)
        return simty_errf(err, n, "built for compressed instructions (RVC flag in e_flags "
                          "0x%" PRIx32 "); Simty runs RV32I only", flags);
    if (flags & EF_RISCV_RVE)
        return simty_errf(err, n, "built for RV32E (RVE flag in e_flags 0x%" PRIx32 ")", flags);
    if (h->entry & 3)
        return simty_errf(err, n, "entry point %08" PRIx32 " is not 4-byte aligned", h->entry);
    if (h->phnum == 0)
        return simty_errf(err, n, "no program headers");
    if (h->phnum == 0xffffu)
        return simty_errf(err, n, "extended program header count is not supported");
    if (phentsize != PHDR_SIZE)
        return simty_errf(err, n, "program header entry size %" PRIu32 " (expected %u)",
                          phentsize, PHDR_SIZE);
    if (!inside(h->phoff, (uint64_t)h->phnum * PHDR_SIZE, 0, len))
        return simty_errf(err, n, "truncated: program headers (offset %" PRIu32 ", %" PRIu32
                          " entries) extend past the end of the file (%zu bytes)", h->phoff,
                          h->phnum, len);
    return 0;
}

/* Segment i (PT_LOAD, with bytes in memory) inside the memories: all of it
 * in data memory, the file bytes of an executable one in instruction memory
 * too. */
static int check_placement(uint32_t i, const struct seg *s, const struct elf_mem *m,
                           char *err, size_t n)
{
    if (!inside(s->vaddr, s->memsz, m->dmem_base, m->dmem_size)) {
        uint64_t k = kib_needed(s->vaddr, s->memsz, m->dmem_base);
        if (k)
            return simty_errf(err, n, "does not fit the memories: segment %" PRIu32 " at %08"
                              PRIx32 "..%08" PRIx64 " (code, data, bss and stacks) needs %" PRIu64
                              " KiB of data memory, this one has %" PRIu32 " KiB: build with DMEM=%"
                              PRIu64 " (simty-ref --dmem %" PRIu64 ")", i, s->vaddr,
                              (uint64_t)s->vaddr + s->memsz - 1, k, m->dmem_size >> 10, k, k);
        return simty_errf(err, n, "does not fit the memories: segment %" PRIu32 " at %08" PRIx32
                          "..%08" PRIx64 " is outside data memory %08" PRIx32 "..%08" PRIx64
                          " (%" PRIu32 " KiB)", i, s->vaddr, (uint64_t)s->vaddr + s->memsz - 1,
                          m->dmem_base, (uint64_t)m->dmem_base + m->dmem_size - 1,
                          m->dmem_size >> 10);
    }
    /* Only the file bytes of an executable segment are copied into
     * instruction memory: its bss and stacks (p_memsz - p_filesz) live in
     * data memory alone, and fetching there is an access fault anyway. */
    if ((s->flags & PF_X) && !inside(s->vaddr, s->filesz, m->imem_base, m->imem_size)) {
        uint64_t k = kib_needed(s->vaddr, s->filesz, m->imem_base);
        if (k)
            return simty_errf(err, n, "does not fit the memories: executable segment %" PRIu32
                              " at %08" PRIx32 "..%08" PRIx64 " (its %" PRIu32 " bytes of code and "
                              "initialized data) needs %" PRIu64 " KiB of instruction memory, this "
                              "one has %" PRIu32 " KiB: build with IMEM=%" PRIu64 " (simty-ref "
                              "--imem %" PRIu64 ")", i, s->vaddr, (uint64_t)s->vaddr + s->filesz - 1,
                              s->filesz, k, m->imem_size >> 10, k, k);
        return simty_errf(err, n, "does not fit the memories: executable segment %" PRIu32
                          " at %08" PRIx32 "..%08" PRIx64 " is outside instruction memory %08"
                          PRIx32 "..%08" PRIx64 " (%" PRIu32 " KiB)", i, s->vaddr,
                          (uint64_t)s->vaddr + s->filesz - 1, m->imem_base,
                          (uint64_t)m->imem_base + m->imem_size - 1, m->imem_size >> 10);
    }
    return 0;
}

/* The program headers: static only; every PT_LOAD segment with bytes in
 * memory, checked, into segs (room for h->phnum), their count in *nseg. */
static int check_segments(const uint8_t *b, size_t len, const struct ehdr *h,
                          const struct elf_mem *m, struct seg *segs, unsigned *nseg,
                          char *err, size_t n)
{
    uint32_t i;
    *nseg = 0;
    for (i = 0; i < h->phnum; i++) {
        const uint8_t *ph = b + h->phoff + (size_t)i * PHDR_SIZE;
        uint32_t ptype = rd32(ph);
        struct seg s;
        if (ptype == PT_INTERP || ptype == PT_DYNAMIC)
            return simty_errf(err, n, "dynamically linked (program header %" PRIu32 " is %s)", i,
                              ptype == PT_INTERP ? "PT_INTERP" : "PT_DYNAMIC");
        if (ptype != PT_LOAD)
            continue;
        s.off = rd32(ph + 4);
        s.vaddr = rd32(ph + 8);
        s.filesz = rd32(ph + 16);
        s.memsz = rd32(ph + 20);
        s.flags = rd32(ph + 24);
        if (s.filesz > s.memsz)
            return simty_errf(err, n, "segment %" PRIu32 ": p_filesz %" PRIu32 " > p_memsz %" PRIu32,
                              i, s.filesz, s.memsz);
        if (!inside(s.off, s.filesz, 0, len))
            return simty_errf(err, n, "truncated: segment %" PRIu32 " (file offset %" PRIu32 ", %"
                              PRIu32 " bytes) extends past the end of the file (%zu bytes)",
                              i, s.off, s.filesz, len);
        if (s.memsz == 0)
            continue;
        if (check_placement(i, &s, m, err, n))
            return -1;
        segs[(*nseg)++] = s;
    }
    if (*nseg == 0)
        return simty_errf(err, n, "no loadable segment");
    return 0;
}

/* Every check of the file, nothing written: its segments (malloc'd, for the
 * caller to free) and, in info, its entry and signature symbols. */
static int check_file(const uint8_t *b, size_t len, const struct elf_mem *m,
                      struct elf_info *info, struct seg **segs, unsigned *nseg,
                      char *err, size_t n)
{
    struct ehdr h = { 0, 0, 0 };   /* (set by check_header; gcc -flto cannot tell) */

    memset(info, 0, sizeof *info);
    *segs = NULL;
    if (check_header(b, len, &h, err, n))
        return -1;
    *segs = malloc(h.phnum * sizeof **segs);
    if (!*segs)
        return simty_errf(err, n, "out of memory");
    if (check_segments(b, len, &h, m, *segs, nseg, err, n) ||
        find_symbols(b, len, info, err, n)) {
        free(*segs);
        *segs = NULL;
        return -1;
    }
    info->entry = h.entry;
    info->segments = *nseg;
    return 0;
}

int elf_load_buffer(const uint8_t *b, size_t len, const struct elf_mem *m,
                    struct elf_info *info, char *err, size_t n)
{
    struct seg *segs;
    unsigned nseg, i;

    if (check_file(b, len, m, info, &segs, &nseg, err, n))
        return -1;
    /* Everything checked: now write the memories. */
    memset(m->imem, 0, m->imem_size);
    memset(m->dmem, 0, m->dmem_size);
    for (i = 0; i < nseg; i++) {
        const struct seg *s = &segs[i];
        memcpy(m->dmem + (s->vaddr - m->dmem_base), b + s->off, s->filesz);
        if (s->flags & PF_X)
            memcpy(m->imem + (s->vaddr - m->imem_base), b + s->off, s->filesz);
    }
    free(segs);
    return 0;
}

/* The whole file at path into a malloc'd buffer (NULL with a message). */
static uint8_t *read_file(const char *path, size_t *len, char *err, size_t n)
{
    FILE *f;
    struct stat st;
    uint8_t *buf;

    if (stat(path, &st) != 0) {
        simty_errf(err, n, "cannot open: %s", strerror(errno));
        return NULL;
    }
    if (S_ISDIR(st.st_mode)) {
        simty_errf(err, n, "is a directory, not an ELF file");
        return NULL;
    }
    if (!S_ISREG(st.st_mode)) {
        simty_errf(err, n, "not a regular file");
        return NULL;
    }
    if (st.st_size == 0) {
        simty_errf(err, n, "empty file");
        return NULL;
    }
    if ((uint64_t)st.st_size > ELF_LOAD_MAX_FILE) {
        simty_errf(err, n, "file too large (%" PRIu64 " bytes, at most %u)",
                   (uint64_t)st.st_size, ELF_LOAD_MAX_FILE);
        return NULL;
    }
    f = fopen(path, "rb");
    if (!f) {
        simty_errf(err, n, "cannot open: %s", strerror(errno));
        return NULL;
    }
    *len = (size_t)st.st_size;
    buf = malloc(*len);
    if (!buf) {
        fclose(f);
        simty_errf(err, n, "out of memory");
        return NULL;
    }
    *len = fread(buf, 1, *len, f);
    if (ferror(f)) {
        fclose(f);
        free(buf);
        simty_errf(err, n, "read error");
        return NULL;
    }
    fclose(f);
    return buf;
}

int elf_load(const char *path, const struct elf_mem *m, struct elf_info *info,
             char *err, size_t n)
{
    uint8_t *buf;
    size_t len = 0;
    int rc;

    memset(info, 0, sizeof *info);
    buf = read_file(path, &len, err, n);
    if (!buf)
        return -1;
    rc = elf_load_buffer(buf, len, m, info, err, n);
    free(buf);
    return rc;
}

/* The executable segments with file bytes among the checked ones, the first
 * ELF_CODE_MAX_SEGMENTS. */
static void code_segments(const struct seg *segs, unsigned nseg, struct elf_code *c)
{
    unsigned i;
    for (i = 0; i < nseg && c->nseg < ELF_CODE_MAX_SEGMENTS; i++)
        if ((segs[i].flags & PF_X) && segs[i].filesz) {
            c->seg_lo[c->nseg] = segs[i].vaddr;
            c->seg_hi[c->nseg] = segs[i].vaddr + segs[i].filesz;
            c->nseg++;
        }
}

/* The STT_FUNC symbols of the symbol table (a file has one; of several, the
 * last one's), names cut to fit.  find_symbols has checked every table and
 * name: the offsets are inside the file. */
static int code_functions(const uint8_t *b, struct elf_code *c)
{
    uint32_t shoff = rd32(b + 32), shnum = rd16(b + 48), i, j;
    if (shoff == 0 || shnum == 0)
        return 0;
    for (i = 0; i < shnum; i++) {
        const uint8_t *sh = b + shoff + (size_t)i * SHDR_SIZE, *st, *str;
        uint32_t off, cnt, strsize;
        if (rd32(sh + 4) != SHT_SYMTAB)
            continue;
        off = rd32(sh + 16);
        cnt = rd32(sh + 20) / SYM_SIZE;
        st = b + shoff + (size_t)rd32(sh + 24) * SHDR_SIZE;   /* its string table */
        str = b + rd32(st + 16);
        strsize = rd32(st + 20);
        free(c->func);
        c->nfunc = 0;
        c->func = calloc(cnt + 1, sizeof *c->func);
        if (!c->func)
            return -1;
        for (j = 0; j < cnt; j++) {
            const uint8_t *s = b + off + (size_t)j * SYM_SIZE;
            uint32_t name = rd32(s);
            struct elf_func *o;
            size_t k;
            if ((s[12] & 0xf) != STT_FUNC)      /* st_info's type */
                continue;
            o = &c->func[c->nfunc++];
            o->value = rd32(s + 4);
            o->size = rd32(s + 8);
            for (k = 0; k + 1 < sizeof o->name && name + k < strsize && str[name + k]; k++)
                o->name[k] = (char)str[name + k];
            o->name[k] = 0;
        }
    }
    return 0;
}

int elf_load_code(const char *path, const struct elf_mem *m, struct elf_code *code,
                  char *err, size_t n)
{
    struct elf_info info;
    struct seg *segs;
    unsigned nseg;
    uint8_t *buf;
    size_t len = 0;
    int rc = -1;

    memset(code, 0, sizeof *code);
    buf = read_file(path, &len, err, n);
    if (!buf)
        return -1;
    if (check_file(buf, len, m, &info, &segs, &nseg, err, n) == 0) {
        code_segments(segs, nseg, code);
        rc = code_functions(buf, code);
        if (rc) {
            memset(code, 0, sizeof *code);
            simty_errf(err, n, "out of memory");
        }
        free(segs);
    }
    free(buf);
    return rc;
}

void elf_code_free(struct elf_code *code)
{
    free(code->func);
    code->func = NULL;
    code->nfunc = 0;
}
