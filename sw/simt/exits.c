/*
 * exits.c - threads ending at very different times and in different ways,
 * while the others of the warp keep running.
 *
 * Kind of a thread: c = (lane + warp) % 5.
 *   c == 0  returns 0 from main at once (through crt0's exit())
 *   c == 1  calls exit(0) at recursion depth lane % 6 + 2 (picolibc exit:
 *           fini array, _exit); returning from exit() is check 1
 *   c == 2  calls simty_exit(0) (the raw ecall) inside a loop at iteration
 *           lane % 7, in a divergent branch; getting past it is check 2
 *   c == 3  runs long (a per-thread loop of 100 + 9 * lane iterations with
 *           divergence inside), checks its result (3), then returns 0
 *   c == 4  calls exit(0) from a function called through a pointer, from
 *           inside a switch case; returning is check 4
 * Odd warps (when W > 1) first wait a warp-dependent time, so whole warps
 * end long after others.  Checks 5-6: a thread that survived the early
 * exits of its neighbours still reads its ids and recurses correctly.
 */
#include "simt.h"

static volatile int sink;

static NOINLINE int descend(int n)
{
        if (n < 0)
                return -1;
        if (n == 0)
                exit(0);
        sink = n;
        return descend(n - 1) + 1;
}

static NOINLINE int sumrec(int n) { return n ? n + sumrec(n - 1) : 0; }

static NOINLINE void leave(int code) { exit(code); }
static void (*volatile leave_ptr)(int) = leave;

int main(void)
{
        int l = OPAQUE(simty_lane()), w = simty_warp();
        int c = (l + w) % 5;

        if (w & 1) {                    /* odd warps start late */
                for (int i = 0; i < 200 * (w + 1); i++)
                        __asm__ volatile ("");
        }

        switch (c) {
        case 0:
                return 0;
        case 1:
                descend(l % 6 + 2);
                CHECK(1, 0);
                break;
        case 2:
                for (int i = 0; i < 10; i++) {
                        if (i == l % 7)
                                simty_exit(0);
                        sink = i;
                }
                CHECK(2, 0);
                break;
        case 3: {
                unsigned a = (unsigned)l, b = 0;
                int n = 100 + 9 * l;
                for (int i = 0; i < n; i++) {
                        if ((a ^ (unsigned)i) & 1)
                                a = a * 5u + 1u;
                        else
                                b += a >> 3;
                }
                /* the same loop again, differently written */
                unsigned a2 = (unsigned)l, b2 = 0;
                for (int i = 0; i < n; i++) {
                        unsigned odd = (a2 ^ (unsigned)i) & 1u;
                        unsigned na = a2 * 5u + 1u;
                        b2 += odd ? 0u : a2 >> 3;
                        a2 = odd ? na : a2;
                }
                CHECK(3, a == a2 && b == b2);
                CHECK(5, simty_lane() == l && simty_warp() == w);
                CHECK(6, sumrec(l % 10) == (l % 10) * (l % 10 + 1) / 2);
                break;
        }
        case 4:
                leave_ptr(0);
                CHECK(4, 0);
                break;
        }
        return simt_done();
}
