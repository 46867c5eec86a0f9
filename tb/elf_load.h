/*
 * elf_load.h - a small, strict ELF32 loader for Simty's memories.
 *
 * Why our own and not libelf/BFD: the spec's rules are narrow (RV32, little
 * endian, ET_EXEC, no RVC/RVE, segments inside fixed memories), the file is
 * untrusted user input that must never crash the tools, and the same code is
 * linked into the RTL harness.  ~460 lines with every offset checked in
 * 64-bit arithmetic is easy to review and to run under ASan/UBSan over
 * malformed files (make ref-check-loader), and adds no dependency.  It is
 * the only ELF reader of the test bench: the reference model's control-flow
 * analysis reads a program's code map through it too (elf_load_code), so a
 * file passes the same checks whoever reads it.
 *
 * Rules (spec.md, "Memory and ports"): every PT_LOAD segment with p_memsz > 0
 * must lie inside data memory (by p_vaddr) and is copied there; executable
 * ones (PF_X) must also lie inside instruction memory and are copied there
 * too; p_memsz - p_filesz is zero-filled and the rest of both memories is
 * cleared.  Nothing is written to the memories unless the whole file is
 * valid.  begin_signature / end_signature are looked up in .symtab.
 */
#ifndef SIMTY_ELF_LOAD_H
#define SIMTY_ELF_LOAD_H

#include <stddef.h>
#include <stdint.h>

/* Largest file accepted (the memories are at most a few MiB). */
#define ELF_LOAD_MAX_FILE (64u << 20)

struct elf_mem {
    uint8_t *imem;
    uint32_t imem_base, imem_size;  /* bytes */
    uint8_t *dmem;
    uint32_t dmem_base, dmem_size;
};

/* Simty's two memories at their bases of the memory map (simty_map.h). */
#define ELF_MEM_SIMTY(im, isz, dm, dsz) \
    ((struct elf_mem){ (im), SIMTY_IMEM_BASE, (isz), (dm), SIMTY_DMEM_BASE, (dsz) })

struct elf_info {
    uint32_t entry;
    unsigned segments;         /* PT_LOAD segments copied */
    int has_signature;         /* both symbols found */
    uint32_t sig_begin, sig_end;
};

/* Load the file at path.  0 on success; -1 with a message in err (which
 * names the problem, without the file name) on any error. */
int elf_load(const char *path, const struct elf_mem *m, struct elf_info *info,
             char *err, size_t errlen);
/* The same on a buffer in memory (for tests and fuzzing). */
int elf_load_buffer(const uint8_t *buf, size_t len, const struct elf_mem *m,
                    struct elf_info *info, char *err, size_t errlen);

/* Where a program's code is and its functions, for the reference model's
 * control-flow analysis (tb/ref/cfg.c). */
#define ELF_CODE_MAX_SEGMENTS 8
struct elf_func {
    uint32_t value, size;      /* st_value, st_size */
    char name[48];             /* cut to 47 characters; "" for a symbol without one */
};
struct elf_code {
    unsigned nseg;             /* executable PT_LOAD segments with file bytes, the first 8 */
    uint32_t seg_lo[ELF_CODE_MAX_SEGMENTS], seg_hi[ELF_CODE_MAX_SEGMENTS];
                               /* [p_vaddr, p_vaddr + p_filesz) */
    struct elf_func *func;     /* the STT_FUNC symbols of .symtab (elf_code_free) */
    unsigned nfunc;
};

/* Check the file at path as elf_load does (every rule, the same messages;
 * m's memories are not written, they may be NULL) and read its code map.
 * 0, or -1 with a message; code is empty on error. */
int elf_load_code(const char *path, const struct elf_mem *m, struct elf_code *code,
                  char *err, size_t errlen);
void elf_code_free(struct elf_code *code);

#endif /* SIMTY_ELF_LOAD_H */
