/*
 * harness_load.c - program images for the harness, through the shared ELF
 * loader (elf_load.c) and signature writer (report.c), with the memory sizes
 * of the generated configuration.
 */
#include <stdlib.h>

#include "elf_load.h"
#include "harness_load.h"
#include "report.h"
#include "simty_config.h"
#include "simty_map.h"

int program_load(const char *path, struct program *p, char *err, size_t errlen)
{
    struct elf_mem m;
    struct elf_info info;

    p->imem_size = (uint32_t)SIMTY_IMEM_KIB * 1024u;
    p->dmem_size = (uint32_t)SIMTY_DMEM_KIB * 1024u;
    p->imem = calloc(1, p->imem_size);
    p->dmem = calloc(1, p->dmem_size);
    if (!p->imem || !p->dmem) {
        program_free(p);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    m = ELF_MEM_SIMTY(p->imem, p->imem_size, p->dmem, p->dmem_size);
    if (elf_load(path, &m, &info, err, errlen) != 0) {
        program_free(p);
        return -1;
    }
    p->entry = info.entry;
    p->has_signature = info.has_signature;
    p->sig_begin = info.sig_begin;
    p->sig_end = info.sig_end;
    return 0;
}

int program_signature(const struct program *p, const char *path, char *err, size_t errlen)
{
    if (!p->has_signature) {
        snprintf(err, errlen, "no begin_signature/end_signature symbols");
        return -1;
    }
    return report_write_signature(path, p->dmem, SIMTY_DMEM_BASE, p->dmem_size, p->sig_begin,
                                  p->sig_end, err, errlen);
}

void program_free(struct program *p)
{
    free(p->imem);
    free(p->dmem);
    p->imem = p->dmem = NULL;
}
