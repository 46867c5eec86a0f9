/*
 * console.h - the MMIO console byte, buffered per thread.
 *
 * Every thread has its own line buffer; a newline prints the whole line
 * prefixed with the thread's global id ("[t5] hello").  console_flush prints
 * what is left of unfinished lines at the end of a run (in thread order, with
 * a newline added).  Lines longer than CONSOLE_LINE_MAX are printed in pieces.
 * Used by the reference model and by the RTL harness alike.
 */
#ifndef SIMTY_CONSOLE_H
#define SIMTY_CONSOLE_H

#include <stdint.h>
#include <stdio.h>

#define CONSOLE_LINE_MAX 1024

struct console;

/* out NULL: bytes are accepted and dropped (--quiet). NULL if out of memory. */
struct console *console_new(unsigned nthreads, FILE *out);
void console_free(struct console *c);
/* A byte written by thread tid (ids >= nthreads are ignored). */
void console_byte(struct console *c, unsigned tid, uint8_t byte);
/* Print every unfinished line. */
void console_flush(struct console *c);

#endif /* SIMTY_CONSOLE_H */
