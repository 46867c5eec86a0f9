/*
 * cfg.h - control-flow graphs and immediate post-dominators of a loaded
 * program, for the reconvergence-stack policies of the reference model
 * (ipdom, minority-first, mp-ipdom) and for `simty-ref --cfg`.
 *
 * The analysis works on the binary alone (no compiler help):
 *  - Functions: STT_FUNC symbols of the ELF's .symtab (start and size); code
 *    not covered by a sized symbol, and every code of a stripped binary, is
 *    cut into functions at the entry point and at the targets of direct
 *    calls (`jal` with rd = ra/t0), each running to the next start.
 *  - Per function, a CFG of basic blocks: a conditional branch has two
 *    successors; `jal x0` one (its target, or the function's exit when the
 *    target lies outside: a tail call); a call (`jal`/`jalr` with a link rd)
 *    falls through; `jalr` that is not a call (a return, or an indirect jump
 *    such as a jump table whose targets the binary does not tell) goes to
 *    the function's exit: the conservative choice, so a branch from which
 *    such a jump is reachable reconverges only when its threads return.
 *    `ebreak`, illegal words and `ecall` right after `li a7, 93` end the
 *    thread: they go to the exit.  A jump outside the function to such
 *    straight-line code (a shared `fail:` label of the assembly tests) has
 *    no successor at all: threads that take it never need to reconverge, so
 *    it does not move the reconvergence point of the checks before it.
 *    Calls fall through, even to functions that never return.
 *  - Immediate post-dominators by Cooper, Harvey and Kennedy's iterative
 *    algorithm on the reverse CFG rooted at a virtual exit.  Blocks that
 *    cannot reach the exit (an infinite loop, `ecall` exit followed by a
 *    `j .`) have none: their branches reconverge at the exit too.
 *
 * The reconvergence point of an instruction is the first instruction of its
 * block's immediate post-dominator (the next instruction if it is not the
 * last of its block), or CFG_EXIT: "when the thread returns from this
 * function" (the model checks the call depth, see stack.c).
 */
#ifndef SIMTY_CFG_H
#define SIMTY_CFG_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define CFG_EXIT 0xffffffffu

struct ref;
struct cfg;

/* Analyse the program loaded in r from the ELF at path (its symbols and
 * executable segments are read again; a NULL path or a file without
 * symbols is treated as stripped).  NULL with a message on error. */
struct cfg *cfg_build(const struct ref *r, const char *path, char *err, size_t errlen);
void cfg_free(struct cfg *g);
/* Reconvergence PC of the instruction at pc, or CFG_EXIT (also for a pc
 * outside the analysed code). */
uint32_t cfg_reconv(const struct cfg *g, uint32_t pc);
/* Functions, blocks with successors and immediate post-dominators, and the
 * reconvergence PC of every branch and indirect jump. */
void cfg_print(const struct cfg *g, const struct ref *r, FILE *f);

#endif /* SIMTY_CFG_H */
