/*
 * vw.h - the Verilog writer (style G2): owns the FILE and the indentation.
 * Callers pass text without layout: no leading spaces, no newlines.  Each
 * vw_line prints one line at the current indentation; tables (vw_tab) align
 * their columns (declarations, port maps, assignments).
 *
 * Errors (a write failure, a line containing '\n', unbalanced vw_end) are
 * sticky in w->err and reported by vw_finish().
 */
#ifndef SIMTY_VW_H
#define SIMTY_VW_H

#include <stdio.h>

#define VW_INDENT 2      /* spaces per level */
#define VW_WRAP   96     /* comment wrap column */
#define VW_CODE_WRAP 100 /* code lines longer than this are broken (see put_line) */

struct vw {
    FILE *f;
    int indent;          /* current level */
    int err;             /* sticky: 0 ok, else an errno-like code */
    int blank;           /* last line printed was blank (no double blanks) */
};

void vw_init(struct vw *w, FILE *f);
/* 0, or -1 if anything failed (I/O error, misuse). */
int  vw_finish(struct vw *w);

void vw_line(struct vw *w, const char *fmt, ...);     /* one line */
void vw_blank(struct vw *w);                          /* one empty line, never two */
void vw_indent(struct vw *w);                         /* level + 1 */
void vw_dedent(struct vw *w);                         /* level - 1 */
/* "<text> begin" (or just "begin" with fmt NULL), then indent. */
void vw_begin(struct vw *w, const char *fmt, ...);
/* dedent, then "end" (label NULL) or "end // label". */
void vw_end(struct vw *w, const char *label);
/* "// text", word-wrapped at VW_WRAP columns. */
void vw_comment(struct vw *w, const char *fmt, ...);
/* "// ---- title -----" rule filling to VW_WRAP. */
void vw_banner(struct vw *w, const char *title);

/* Column-aligned table.  Add rows of up to VW_TAB_COLS cells, then flush:
 * every column but the last non-empty one of a row is padded to the widest
 * cell; columns empty in every row vanish. */
#define VW_TAB_COLS 6
struct vw_tab {
    int ncols;
    int nrows, cap;
    char **cells;        /* nrows * VW_TAB_COLS, owned */
    char *raw;           /* per row: 1 = printed as is (cell 0) */
};
void vw_tab_init(struct vw_tab *t);
void vw_tab_row(struct vw_tab *t, int ncells, const char *const *cells);
/* A row printed as is (a comment between declarations), ignored for widths. */
void vw_tab_raw(struct vw_tab *t, const char *text);
/* Convenience: up to 6 cells, NULL ends the list. */
void vw_tab_rowv(struct vw_tab *t, const char *c0, ...);
void vw_tab_flush(struct vw *w, struct vw_tab *t);   /* prints and empties */
void vw_tab_free(struct vw_tab *t);

#endif /* SIMTY_VW_H */
