/*
 * elf_load.h - a small, strict ELF32 loader for Simty's memories.
 *
 * Why our own and not libelf/BFD: the spec's rules are narrow (RV32, little
 * endian, ET_EXEC, no RVC/RVE, segments inside fixed memories), the file is
 * untrusted user input that must never crash the tools, and the same code is
 * linked into the RTL harness.  ~300 lines with every offset checked in
 * 64-bit arithmetic is easy to review and to run under ASan/UBSan over
 * malformed files (make ref-check-loader), and adds no dependency.
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

#endif /* SIMTY_ELF_LOAD_H */
