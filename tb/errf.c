/* errf.c - see errf.h. */
#include "errf.h"

#include <stdarg.h>
#include <stdio.h>

int simty_errf(char *err, size_t n, const char *fmt, ...)
{
    va_list ap;
    if (err && n) {
        va_start(ap, fmt);
        vsnprintf(err, n, fmt, ap);
        va_end(ap);
    }
    return -1;
}
