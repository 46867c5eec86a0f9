/* console.c - see console.h. */
#include "console.h"

#include <stdlib.h>

struct console {
    FILE *out;
    unsigned n;
    unsigned *len;      /* bytes buffered per thread */
    char *buf;          /* n * CONSOLE_LINE_MAX */
};

struct console *console_new(unsigned nthreads, FILE *out)
{
    struct console *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->out = out;
    c->n = nthreads;
    c->len = calloc(nthreads ? nthreads : 1, sizeof *c->len);
    c->buf = malloc((size_t)(nthreads ? nthreads : 1) * CONSOLE_LINE_MAX);
    if (!c->len || !c->buf) {
        console_free(c);
        return NULL;
    }
    return c;
}

void console_free(struct console *c)
{
    if (!c)
        return;
    free(c->len);
    free(c->buf);
    free(c);
}

static void emit(struct console *c, unsigned tid)
{
    if (c->out)
        fprintf(c->out, "[t%u] %.*s\n", tid, (int)c->len[tid],
                c->buf + (size_t)tid * CONSOLE_LINE_MAX);
    c->len[tid] = 0;
}

void console_byte(struct console *c, unsigned tid, uint8_t byte)
{
    if (!c || tid >= c->n)
        return;
    if (byte == '\n') {
        emit(c, tid);
        return;
    }
    c->buf[(size_t)tid * CONSOLE_LINE_MAX + c->len[tid]++] = (char)byte;
    if (c->len[tid] == CONSOLE_LINE_MAX)
        emit(c, tid);
}

void console_flush(struct console *c)
{
    unsigned t;
    if (!c)
        return;
    for (t = 0; t < c->n; t++)
        if (c->len[t])
            emit(c, t);
    if (c->out)
        fflush(c->out);
}
