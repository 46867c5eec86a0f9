/*
 * branches.c - 2-way, 4-way and T-way divergence with reconvergence, nested
 * if/else, and stores inside each side (which must happen on that side
 * only).  Every thread computes from its lane l and thread id; results are
 * checked against the same values obtained by straight-line arithmetic.
 * Per-thread data only (locals on the thread's own stack).
 *
 *   1-2   2-way (l & 1): value and the side's store
 *   3-4   4-way (l & 3 through an if/else-if chain): value and store
 *   5-6   T-way: a 6-level tree on the bits of l (up to 64 leaves, one per
 *         lane at T = 64): value and the leaf's store
 *   7     nested if/else with uniform conditions (on T, W) inside divergent
 *         ones and divergent ones inside uniform ones
 *   8     divergence on the thread id across warps (tid % 3), 10 times in a
 *         row with reconvergence in between (accumulated value)
 *   9     short-circuit conditions (&&, ||) on lane bits
 */
#include "simt.h"

#define LEAF(id) { r = (id) * 13 + 7; side[2] = (id) + 1000; }
#define N1(b) if (l & 1)  { LEAF((b) + 1) } else { LEAF(b) }
#define N2(b) if (l & 2)  { N1((b) + 2) }   else { N1(b) }
#define N3(b) if (l & 4)  { N2((b) + 4) }   else { N2(b) }
#define N4(b) if (l & 8)  { N3((b) + 8) }   else { N3(b) }
#define N5(b) if (l & 16) { N4((b) + 16) }  else { N4(b) }
#define N6(b) if (l & 32) { N5((b) + 32) }  else { N5(b) }

static NOINLINE int tway(int l, volatile int *side)
{
        int r;
        N6(0)
        return r;
}

static NOINLINE int nested(int l, int tid, int nl, int nw, volatile int *side)
{
        int r = 0;
        if (l & 1) {
                if (nl >= 4) {                  /* uniform inside divergent */
                        if (l & 2) { r = 11; side[0] = 1; }
                        else       { r = 12; side[0] = 2; }
                } else {
                        r = 13; side[0] = 3;
                }
        } else if (l & 2) {
                if (nw > 1 && (tid & nl) != 0) { r = 21; side[0] = 4; }  /* odd warps */
                else                           { r = 22; side[0] = 5; }
        } else {
                r = 30; side[0] = 6;
        }
        if (nw >= 1) {                          /* uniform, divergent inside */
                if ((l % 3) == 0) r += 100;
                else r += 200;
        }
        return r;
}

static int nested_expect(int l, int tid, int nl, int nw, int *s)
{
        int r, odd = l & 1, b1 = (l >> 1) & 1;
        int warp_odd = nw > 1 && (tid & nl) != 0;
        r   = odd ? (nl >= 4 ? (b1 ? 11 : 12) : 13) : (b1 ? (warp_odd ? 21 : 22) : 30);
        *s  = odd ? (nl >= 4 ? (b1 ? 1 : 2) : 3)   : (b1 ? (warp_odd ? 4 : 5) : 6);
        return r + ((l % 3) == 0 ? 100 : 200);
}

int main(void)
{
        int l = simty_lane(), tid = simty_tid();
        int nl = simty_nlanes(), nw = simty_nwarps();
        volatile int side[4] = {0, 0, 0, 0};
        int r;

        /* 1-2: 2-way */
        if (OPAQUE(l) & 1) { r = 3 * l + 1;      side[0] = 1; }
        else               { r = (l >> 1) + 100; side[1] = 2; }
        CHECK(1, r == ((l & 1) ? 3 * l + 1 : (l >> 1) + 100));
        CHECK(2, (l & 1) ? (side[0] == 1 && side[1] == 0) : (side[0] == 0 && side[1] == 2));
        side[0] = side[1] = 0;

        /* 3-4: 4-way */
        int q = OPAQUE(l) & 3;
        if (q == 0)      { r = l + 5;  side[0] = 10; }
        else if (q == 1) { r = l ^ 9;  side[1] = 11; }
        else if (q == 2) { r = l << 2; side[2] = 12; }
        else             { r = ~l;     side[3] = 13; }
        int e = q == 0 ? l + 5 : q == 1 ? (l ^ 9) : q == 2 ? l * 4 : -l - 1;
        CHECK(3, r == e);
        for (int i = 0; i < 4; i++)
                CHECK(4, side[i] == (i == q ? 10 + q : 0));
        side[0] = side[1] = side[2] = side[3] = 0;

        /* 5-6: T-way */
        r = tway(OPAQUE(l), side);
        CHECK(5, r == l * 13 + 7);
        CHECK(6, side[2] == l + 1000 && side[0] == 0 && side[1] == 0 && side[3] == 0);
        side[2] = 0;

        /* 7: nested */
        int s;
        e = nested_expect(l, tid, nl, nw, &s);
        r = nested(OPAQUE(l), tid, nl, nw, side);
        CHECK(7, r == e && side[0] == s);

        /* 8: tid % 3, ten times */
        int acc = 0, m = OPAQUE(tid) % 3;
        for (int i = 0; i < 10; i++) {
                if (m == 0)      acc += i;
                else if (m == 1) acc ^= i << 3;
                else             acc -= 2 * i;
        }
        CHECK(8, acc == (m == 0 ? 45 : m == 1 ? ((1 ^ 2 ^ 3 ^ 4 ^ 5 ^ 6 ^ 7 ^ 8 ^ 9) << 3) : -90));

        /* 9: short-circuit */
        int x = OPAQUE(l);
        int c1 = ((x & 1) && (x & 4)) || ((x & 2) && !(x & 8));
        int c2 = (((l >> 0) & (l >> 2) & 1) | (((l >> 1) & 1) & !((l >> 3) & 1)));
        CHECK(9, c1 == c2);

        return simt_done();
}
