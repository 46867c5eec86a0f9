/*
 * loops.c - loops whose trip counts differ per thread, break and continue,
 * nested loops with divergent inner bounds, loops that exit from the middle
 * of a function.  Each result is compared with a closed form or with a
 * differently structured computation.  Per-thread data only.
 *
 *   1   for with trip count l + 1: sum of squares (closed form)
 *   2   while on data: population count of a per-thread hash (bit loop vs
 *       nibble table)
 *   3   continue and break with per-thread step and limit
 *   4   nested loops, inner bound depends on outer index and thread
 *   5   do-while with a per-thread exit condition (digits of tid * 7919 + 1)
 *   6   early return from inside a loop (search in a read-only table)
 *   7   a loop whose body diverges every iteration (odd/even of i ^ l)
 *   8   down-counting loop with the counter shared by two exits
 */
#include "simt.h"

static const unsigned char nib[16] = {0,1,1,2,1,2,2,3,1,2,2,3,2,3,3,4};
static const short keys[64] = {
         3, 17,  4, 40, 99,  1,  8, 23, 61, 12,  5, 77, 30,  2, 45, 66,
        13, 90, 31, 55,  7, 70, 24, 11, 88, 36,  9, 50, 27, 63, 19, 42,
        81, 14, 58,  6, 95, 33, 72, 21, 48, 10, 67, 29, 84, 16, 53, 38,
        92, 25, 74, 15, 59, 32, 86, 20, 44, 69, 28, 97, 35, 80, 18, 51,
};

static NOINLINE int find(int key)
{
        for (int i = 0; i < 64; i++)
                if (keys[i] == key)
                        return i;
        return -1;
}

static NOINLINE int find_ref(int key)
{
        int r = -1;
        for (int i = 63; i >= 0; i--)
                r = keys[i] == key ? i : r;
        return r;
}

int main(void)
{
        int l = OPAQUE(simty_lane()), tid = OPAQUE(simty_tid());
        int n;

        /* 1 */
        unsigned s = 0;
        for (int i = 0; i <= l; i++)
                s += (unsigned)(i * i);
        n = l;
        CHECK(1, s == (unsigned)(n * (n + 1) * (2 * n + 1) / 6));

        /* 2 */
        unsigned x = (unsigned)tid * 2654435761u + 12345u, y = x;
        int c = 0;
        while (x) {
                x &= x - 1;
                c++;
        }
        int c2 = 0;
        for (int i = 0; i < 8; i++, y >>= 4)
                c2 += nib[y & 15];
        CHECK(2, c == c2);

        /* 3: skip multiples of step, stop once i * i > limit */
        int step = l % 5 + 2, limit = 37 * l + 50, sum = 0, last = 0;
        for (int i = 0; i < 64; i++) {
                if (i % step == 0)
                        continue;
                if (i * i > limit)
                        break;
                sum += i;
                last = i;
        }
        int sum2 = 0, last2 = 0;
        for (int i = 1; i * i <= limit && i < 64; i++)
                if (i % step) {
                        sum2 += i;
                        last2 = i;
                }
        CHECK(3, sum == sum2 && last == last2);

        /* 4: nested, triangular */
        int m = l % 7 + 1, t = 0;
        for (int i = 0; i < m; i++)
                for (int j = 0; j < i + (l % 3); j++)
                        t += i ^ j;
        int t2 = 0;
        for (int k = 0; k < 8 * 16; k++) {     /* i < 8, j < 16 */
                int i = k >> 4, j = k & 15;
                if (i < m && j < i + (l % 3))
                        t2 += i ^ j;
        }
        CHECK(4, t == t2);

        /* 5: do-while over decimal digits */
        unsigned v = (unsigned)tid * 7919u + 1u, w = v;
        int digits = 0, dsum = 0;
        do {
                dsum += (int)(v % 10u);
                v /= 10u;
                digits++;
        } while (v);
        int digits2 = 1;
        for (unsigned p = 10; p <= w && digits2 < 10; p *= 10)
                digits2++;
        CHECK(5, digits == digits2 && dsum > 0 && dsum <= 9 * digits);

        /* 6: early return from a loop */
        int key = keys[(l * 5 + 3) & 63] + (l & 1 ? 0 : 1000);
        CHECK(6, find(key) == find_ref(key) && (l & 1 ? find(key) == ((l * 5 + 3) & 63) : find(key) == -1));

        /* 7: divergent every iteration */
        int a = 0, b = 0;
        for (int i = 0; i < 12 + (l & 3); i++) {
                if ((i ^ l) & 1)
                        a += i;
                else
                        b += 2 * i;
        }
        int a2 = 0, b2 = 0;
        for (int i = 0; i < 12 + (l & 3); i++) {
                int odd = (i ^ l) & 1;
                a2 += odd * i;
                b2 += (1 - odd) * 2 * i;
        }
        CHECK(7, a == a2 && b == b2);

        /* 8: two exits from one down-counting loop */
        int cnt = 20 + (l & 7), hits = 0;
        while (cnt > 0) {
                cnt--;
                if (cnt == (l & 15)) break;
                hits++;
        }
        int exp_hits = (l & 15) < 20 + (l & 7) ? 20 + (l & 7) - 1 - (l & 15) : 20 + (l & 7);
        CHECK(8, hits == exp_hits);

        return simt_done();
}
