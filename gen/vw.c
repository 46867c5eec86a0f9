/*
 * vw.c - the Verilog writer: indentation, comments, aligned tables.
 */
#include "vw.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void vw_init(struct vw *w, FILE *f)
{
    w->f = f;
    w->indent = 0;
    w->err = 0;
    w->blank = 1; /* no blank line at the top of a file */
}

int vw_finish(struct vw *w)
{
    if (w->indent != 0)
        w->err = 1;
    if (fflush(w->f) != 0 || ferror(w->f))
        w->err = 1;
    return w->err ? -1 : 0;
}

/* Where to break a code line of length n so that the first part fits in
 * `room` columns: after the last ", " that fits, else at the last space that
 * fits; never inside a string or a // comment (text from `stop` on).
 * Returns the index of the space to break at, or 0 for none. */
static size_t break_at(const char *s, size_t n, size_t room)
{
    size_t comma = 0, space = 0, stop = n;
    int quote = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '"')
            quote = !quote;
        if (!quote && s[i] == '/' && i + 1 < n && s[i + 1] == '/') {
            stop = i;
            break;
        }
    }
    while (stop > 0 && s[stop - 1] == ' ')
        stop--;
    if (stop <= room)
        return 0; /* the code fits; a trailing comment may overhang */
    quote = 0;
    for (size_t i = 1; i < stop && i <= room; i++) {
        if (s[i] == '"')
            quote = !quote;
        if (quote || s[i] != ' ' || s[i - 1] == ' ')
            continue;
        space = i;
        if (s[i - 1] == ',')
            comma = i;
    }
    return comma ? comma : space;
}

/* Print one finished line (text has no newline) at the current indentation,
 * without trailing spaces.  Code lines longer than VW_CODE_WRAP are broken
 * at spaces (whitespace is free in Verilog), continuation lines indented two
 * more levels.  Comment lines are never broken here (vw_comment wraps). */
static void put_line(struct vw *w, const char *text)
{
    size_t n = strlen(text);
    while (n > 0 && text[n - 1] == ' ')
        n--;
    if (memchr(text, '\n', n))
        w->err = 1; /* callers never write layout newlines */
    if (n == 0) {
        vw_blank(w);
        return;
    }
    int ind = w->indent * VW_INDENT;
    int cont = 0;
    const char *p = text;
    for (;;) {
        int col = ind + (cont ? 2 * VW_INDENT : 0);
        size_t room = VW_CODE_WRAP > col + 20 ? (size_t)(VW_CODE_WRAP - col) : 20;
        size_t cut = 0;
        if (n > room && !(p[0] == '/' && p[1] == '/'))
            cut = break_at(p, n, room);
        size_t len = cut ? cut : n;
        while (len > 0 && p[len - 1] == ' ')
            len--;
        if (fprintf(w->f, "%*s%.*s\n", col, "", (int)len, p) < 0)
            w->err = 1;
        if (!cut)
            break;
        p += cut;
        n -= cut;
        while (n > 0 && *p == ' ') {
            p++;
            n--;
        }
        if (n == 0)
            break;
        cont = 1;
    }
    w->blank = 0;
}

static char *vfmt(const char *fmt, va_list ap)
{
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap2);
    va_end(ap2);
    if (n < 0)
        n = 0;
    char *s = malloc((size_t)n + 1);
    if (s)
        vsnprintf(s, (size_t)n + 1, fmt, ap);
    return s;
}

void vw_line(struct vw *w, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = vfmt(fmt, ap);
    va_end(ap);
    if (!s) {
        w->err = 1;
        return;
    }
    put_line(w, s);
    free(s);
}

void vw_blank(struct vw *w)
{
    if (w->blank)
        return;
    if (fputc('\n', w->f) == EOF)
        w->err = 1;
    w->blank = 1;
}

void vw_indent(struct vw *w) { w->indent++; }

void vw_dedent(struct vw *w)
{
    if (w->indent == 0)
        w->err = 1;
    else
        w->indent--;
}

void vw_begin(struct vw *w, const char *fmt, ...)
{
    if (!fmt) {
        put_line(w, "begin");
    } else {
        va_list ap;
        va_start(ap, fmt);
        char *s = vfmt(fmt, ap);
        va_end(ap);
        if (!s) {
            w->err = 1;
            return;
        }
        vw_line(w, "%s begin", s);
        free(s);
    }
    vw_indent(w);
}

void vw_end(struct vw *w, const char *label)
{
    vw_dedent(w);
    if (label)
        vw_line(w, "end // %s", label);
    else
        put_line(w, "end");
}

void vw_comment(struct vw *w, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = vfmt(fmt, ap);
    va_end(ap);
    if (!s) {
        w->err = 1;
        return;
    }
    int width = VW_WRAP - w->indent * VW_INDENT - 3;
    if (width < 20)
        width = 20;
    const char *p = s;
    if (!*p)
        put_line(w, "//");
    while (*p) {
        while (*p == ' ')
            p++;
        size_t len = strlen(p);
        size_t take = len;
        if ((int)len > width) {
            take = (size_t)width;
            while (take > 0 && p[take] != ' ')
                take--;
            if (take == 0) { /* one long word: keep it whole */
                take = (size_t)width;
                while (p[take] && p[take] != ' ')
                    take++;
            }
        }
        vw_line(w, "// %.*s", (int)take, p);
        p += take;
    }
    free(s);
}

void vw_banner(struct vw *w, const char *title)
{
    int used = w->indent * VW_INDENT + 9 + (int)strlen(title);
    int fill = VW_WRAP - used;
    if (fill < 4)
        fill = 4;
    char dash[VW_WRAP + 1];
    memset(dash, '-', (size_t)fill);
    dash[fill] = '\0';
    vw_line(w, "// ---- %s %s", title, dash);
}

/* ---- tables ---- */

void vw_tab_init(struct vw_tab *t)
{
    memset(t, 0, sizeof *t);
}

void vw_tab_row(struct vw_tab *t, int ncells, const char *const *cells)
{
    if (t->nrows == t->cap) {
        int cap = t->cap ? 2 * t->cap : 16;
        char **c = realloc(t->cells, (size_t)cap * VW_TAB_COLS * sizeof *c);
        if (!c)
            return;
        t->cells = c;
        char *rw = realloc(t->raw, (size_t)cap);
        if (!rw)
            return;
        t->raw = rw;
        t->cap = cap;
    }
    char **row = t->cells + (size_t)t->nrows * VW_TAB_COLS;
    for (int i = 0; i < VW_TAB_COLS; i++) {
        const char *s = i < ncells && cells[i] ? cells[i] : "";
        size_t n = strlen(s);
        row[i] = malloc(n + 1);
        if (row[i])
            memcpy(row[i], s, n + 1);
    }
    if (ncells > t->ncols)
        t->ncols = ncells;
    t->raw[t->nrows] = 0;
    t->nrows++;
}

void vw_tab_raw(struct vw_tab *t, const char *text)
{
    vw_tab_row(t, 1, &text);
    if (t->nrows > 0)
        t->raw[t->nrows - 1] = 1;
}

void vw_tab_rowv(struct vw_tab *t, const char *c0, ...)
{
    const char *cells[VW_TAB_COLS];
    int n = 0;
    va_list ap;
    va_start(ap, c0);
    for (const char *c = c0; c && n < VW_TAB_COLS; c = va_arg(ap, const char *))
        cells[n++] = c;
    va_end(ap);
    vw_tab_row(t, n, cells);
}

static void tab_clear(struct vw_tab *t)
{
    for (int i = 0; i < t->nrows * VW_TAB_COLS; i++)
        free(t->cells[i]);
    t->nrows = 0;
    t->ncols = 0;
}

void vw_tab_flush(struct vw *w, struct vw_tab *t)
{
    int width[VW_TAB_COLS] = { 0 };
    for (int r = 0; r < t->nrows; r++)
        for (int c = 0; c < VW_TAB_COLS && !t->raw[r]; c++) {
            const char *s = t->cells[(size_t)r * VW_TAB_COLS + c];
            int n = s ? (int)strlen(s) : 0;
            if (n > width[c])
                width[c] = n;
        }
    for (int r = 0; r < t->nrows; r++) {
        char **row = t->cells + (size_t)r * VW_TAB_COLS;
        if (t->raw[r]) {
            put_line(w, row[0] ? row[0] : "");
            continue;
        }
        int last = -1;
        for (int c = 0; c < VW_TAB_COLS; c++)
            if (row[c] && row[c][0])
                last = c;
        size_t cap = 1;
        for (int c = 0; c < VW_TAB_COLS; c++)
            cap += (size_t)width[c] + 1;
        char *line = malloc(cap);
        if (!line) {
            w->err = 1;
            break;
        }
        size_t n = 0;
        int first = 1;
        for (int c = 0; c <= last; c++) {
            if (width[c] == 0)
                continue;
            if (!first)
                line[n++] = ' ';
            first = 0;
            const char *s = row[c] ? row[c] : "";
            size_t l = strlen(s);
            memcpy(line + n, s, l);
            n += l;
            if (c < last)
                for (; l < (size_t)width[c]; l++)
                    line[n++] = ' ';
        }
        line[n] = '\0';
        put_line(w, line);
        free(line);
    }
    tab_clear(t);
}

void vw_tab_free(struct vw_tab *t)
{
    tab_clear(t);
    free(t->cells);
    free(t->raw);
    memset(t, 0, sizeof *t);
}
