/*
 * simty_rt.c - picolibc hooks for Simty: the console as stdin/stdout/stderr
 * and _exit as the exit call.  Linked into every C program by sw/sw.mk.
 */
#include <stdio.h>
#include <unistd.h>
#include "simty.h"

static int simty_console_put(char c, FILE *f)
{
        (void)f;
        simty_putc(c);
        return (unsigned char)c;
}

/* The console cannot be read: stdin is always at end of file. */
static int simty_console_get(FILE *f)
{
        (void)f;
        return _FDEV_EOF;
}

/* One shared FILE: unbuffered, so printing only reads it (safe in every
 * thread at once). */
static FILE simty_console = FDEV_SETUP_STREAM(simty_console_put, simty_console_get,
                                              NULL, _FDEV_SETUP_RW);

FILE *const stdin  = &simty_console;
FILE *const stdout = &simty_console;
FILE *const stderr = &simty_console;

/* picolibc's exit() runs the atexit handlers and the fini array, then calls
 * this.  Only the calling thread ends. */
void _exit(int code)
{
        simty_exit(code);
}
