/*
 * calls.c - function calls inside divergent branches (call-depth ordering:
 * the deeper path runs first), recursion to a different depth in every
 * thread, mutual recursion, indirect calls through a table of functions,
 * and a divergent early return.  Per-thread data only.
 *
 *   1   odd lanes call f (which calls h), even lanes call g: values
 *   2   a call made only by lanes with bit 1 set, inside a loop whose trip
 *       count is per lane; the callee diverges again and calls deeper
 *   3   recursion to depth l % 16 + 1 with a branch at every level
 *       (compared with a loop)
 *   4   tree recursion fib(l % 12) (compared with a loop)
 *   5   mutual recursion is_even/is_odd to depth tid % 23
 *   6   indirect calls through a table of 8 functions chosen by l & 7,
 *       twice nested (the callee calls through the table again)
 *   7   recursion with a divergent early return (depth limited by a per-lane
 *       predicate): gcd by subtraction
 *   8   a call whose argument list is long (stack-passed arguments) from a
 *       divergent branch
 */
#include "simt.h"

static NOINLINE int h(int x) { return x * 5 + 2; }
static NOINLINE int f(int x) { return h(x) + 1; }
static NOINLINE int g(int x) { return x - 9; }

static NOINLINE int deep3(int x) { return (x & 1) ? x + 30 : x + 40; }
static NOINLINE int deep2(int x) { return (x & 2) ? deep3(x) * 2 : x; }
static NOINLINE int deep1(int x) { return deep2(x + 1) + 1; }

static NOINLINE int rec(int n)
{
        if (n == 0)
                return 1;
        int r = rec(n - 1);
        if (n & 1)
                return r * 3 + n;
        return r ^ (n << 4);
}

static NOINLINE int fib(int n)
{
        return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

static NOINLINE int is_odd(int n);
static NOINLINE int is_even(int n) { return n == 0 ? 1 : is_odd(n - 1); }
static NOINLINE int is_odd(int n)  { return n == 0 ? 0 : is_even(n - 1); }

typedef int (*fn_t)(int, int);
static int op0(int a, int d);
static int op1(int a, int d);
static int op2(int a, int d);
static int op3(int a, int d);
static int op4(int a, int d);
static int op5(int a, int d);
static int op6(int a, int d);
static int op7(int a, int d);
static fn_t const ops[8] = {op0, op1, op2, op3, op4, op5, op6, op7};
/* d = remaining nesting: each op calls ops[(a + k) & 7] once more if d > 0 */
#define OP(k, expr) \
        static NOINLINE int op##k(int a, int d) \
        { int r = (expr); return d ? ops[(r + (k)) & 7](r, d - 1) + 1 : r; }
OP(0, a + 1)
OP(1, a * 3)
OP(2, a ^ 0x55)
OP(3, a - 7)
OP(4, a << 2)
OP(5, a | 0x100)
OP(6, (a >> 1) + 3)
OP(7, ~a)

static int op_ref(int k, int a)
{
        switch (k) {
        case 0: return a + 1;
        case 1: return a * 3;
        case 2: return a ^ 0x55;
        case 3: return a - 7;
        case 4: return a << 2;
        case 5: return a | 0x100;
        case 6: return (a >> 1) + 3;
        default: return ~a;
        }
}

static NOINLINE int gcd(int a, int b)
{
        if (a == b)
                return a;
        if (a > b)
                return gcd(a - b, b);
        return gcd(a, b - a);
}

static NOINLINE int many(int a, int b, int c, int d, int e, int f_, int g_,
                         int h_, int i, int j, int k)
{
        return a + 2 * b + 3 * c + 4 * d + 5 * e + 6 * f_ + 7 * g_ + 8 * h_ +
               9 * i + 10 * j + 11 * k;
}

int main(void)
{
        int l = OPAQUE(simty_lane()), tid = OPAQUE(simty_tid());
        int r;

        /* 1 */
        if (l & 1)
                r = f(l);
        else
                r = g(l);
        CHECK(1, r == ((l & 1) ? l * 5 + 3 : l - 9));

        /* 2 */
        int acc = 0, acc2 = 0;
        for (int i = 0; i < (l & 7) + 2; i++) {
                if (l & 2)
                        acc += deep1(i + l);
                else
                        acc += i;
        }
        for (int i = 0; i < (l & 7) + 2; i++) {
                int x = i + l + 1;
                acc2 += (l & 2) ? ((x & 2) ? ((x & 1) ? x + 30 : x + 40) * 2 : x) + 1 : i;
        }
        CHECK(2, acc == acc2);

        /* 3 */
        int n = l % 16 + 1, e = 1;
        for (int k = 1; k <= n; k++)
                e = (k & 1) ? e * 3 + k : e ^ (k << 4);
        CHECK(3, rec(n) == e);

        /* 4 */
        int a = 0, b = 1;
        for (int k = 0; k < l % 12; k++) {
                int t = a + b;
                a = b;
                b = t;
        }
        CHECK(4, fib(l % 12) == a);

        /* 5 */
        n = tid % 23;
        CHECK(5, is_even(n) == !(n & 1) && is_odd(n) == (n & 1));

        /* 6 */
        int k0 = l & 7;
        r = ops[k0](tid, 2);
        int v = op_ref(k0, tid), k1 = (v + k0) & 7;
        int v1 = op_ref(k1, v), k2 = (v1 + k1) & 7;
        e = op_ref(k2, v1) + 2;
        CHECK(6, r == e);

        /* 7: gcd by subtraction: (l % 9 + 1) * 6 and (l % 4 + 1) * 4 */
        int ga = (l % 9 + 1) * 6, gb = (l % 4 + 1) * 4, x = ga, y = gb;
        while (y) {
                int t = x % y;
                x = y;
                y = t;
        }
        CHECK(7, gcd(ga, gb) == x);

        /* 8 */
        if (l % 3 == 1)
                r = many(l, 1, 2, 3, 4, 5, 6, 7, 8, 9, tid);
        else
                r = -1;
        CHECK(8, r == (l % 3 == 1 ? l + 2 + 6 + 12 + 20 + 30 + 42 + 56 + 72 + 90 + 11 * tid : -1));

        return simt_done();
}
