/* hello.c - every thread prints one line and exits 0. */
#include <stdio.h>
#include "simty.h"

int main(void)
{
        printf("hello from thread %d of %d (warp %d lane %d)\n",
               simty_tid(), simty_nthreads(), simty_warp(), simty_lane());
        return 0;
}
