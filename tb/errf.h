/* errf.h - an error message into the caller's buffer, the "char *err, size_t n"
 * convention of the loaders, the report writers and the reference model. */
#ifndef SIMTY_ERRF_H
#define SIMTY_ERRF_H

#include <stddef.h>

/* Formats the message into err[0..n) when err is not NULL and n > 0, and
 * returns -1, so that "return simty_errf(err, n, ...);" fails in one line. */
int simty_errf(char *err, size_t n, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

#endif
