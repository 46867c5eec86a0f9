/* harness_load.h - a program image for the harness's memories. */
#ifndef HARNESS_LOAD_H
#define HARNESS_LOAD_H
#include <stddef.h>
#include <stdint.h>

struct program {
    uint8_t *imem, *dmem;           /* images at SIMTY_IMEM_BASE / SIMTY_DMEM_BASE */
    uint32_t imem_size, dmem_size;  /* bytes */
    uint32_t entry;
    int has_signature;
    uint32_t sig_begin, sig_end;
};

/* Load an ELF per the spec; 0 on success, else a message in err. */
int program_load(const char *path, struct program *p, char *err, size_t errlen);
/* Write the words between begin_signature and end_signature, one a line. */
int program_signature(const struct program *p, const char *path, char *err, size_t errlen);
void program_free(struct program *p);
#endif
