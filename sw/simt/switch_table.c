/*
 * switch_table.c - a C `switch` compiled to a jump table (checked in the
 * .dump by sw/check.sh: a `jr` through a table load in sw_lane), reached
 * with up to T distinct targets per warp, plus case groups with fall-through.
 * Expected values come from the same expressions evaluated in a function
 * compiled without jump tables (an if/else decision tree).
 * Per-thread data only.
 *
 *   1   switch (lane): one target per lane (up to 64), value
 *   2   the case's own store (side) happened, and only it
 *   3   switch ((lane * 5 + 3) & 63): a permutation of the targets
 *   4   switch ((tid >> 1) & 63): lanes share targets in pairs
 *   5   case groups with fall-through: switch (lane & 15)
 *   6   the default case (values outside the table), taken by some lanes
 *   7   ten switches in a loop with a per-iteration selector
 */
#include "simt.h"

#define CASES(X) \
        X( 0, a + 11) \
        X( 1, a ^ 48) \
        X( 2, a * 4) \
        X( 3, (a >> 4) + 122) \
        X( 4, (a << 5) ^ 159) \
        X( 5, a - 196) \
        X( 6, ~a + 233) \
        X( 7, (a | 270) - 3) \
        X( 8, a + 307) \
        X( 9, a ^ 344) \
        X(10, a * 5) \
        X(11, (a >> 2) + 418) \
        X(12, (a << 3) ^ 455) \
        X(13, a - 492) \
        X(14, ~a + 529) \
        X(15, (a | 566) - 1) \
        X(16, a + 603) \
        X(17, a ^ 640) \
        X(18, a * 6) \
        X(19, (a >> 5) + 714) \
        X(20, (a << 1) ^ 751) \
        X(21, a - 788) \
        X(22, ~a + 825) \
        X(23, (a | 862) - 4) \
        X(24, a + 899) \
        X(25, a ^ 936) \
        X(26, a * 7) \
        X(27, (a >> 3) + 1010) \
        X(28, (a << 4) ^ 23) \
        X(29, a - 60) \
        X(30, ~a + 97) \
        X(31, (a | 134) - 2) \
        X(32, a + 171) \
        X(33, a ^ 208) \
        X(34, a * 8) \
        X(35, (a >> 1) + 282) \
        X(36, (a << 2) ^ 319) \
        X(37, a - 356) \
        X(38, ~a + 393) \
        X(39, (a | 430) - 5) \
        X(40, a + 467) \
        X(41, a ^ 504) \
        X(42, a * 2) \
        X(43, (a >> 4) + 578) \
        X(44, (a << 5) ^ 615) \
        X(45, a - 652) \
        X(46, ~a + 689) \
        X(47, (a | 726) - 3) \
        X(48, a + 763) \
        X(49, a ^ 800) \
        X(50, a * 3) \
        X(51, (a >> 2) + 874) \
        X(52, (a << 3) ^ 911) \
        X(53, a - 948) \
        X(54, ~a + 985) \
        X(55, (a | 1022) - 1) \
        X(56, a + 35) \
        X(57, a ^ 72) \
        X(58, a * 4) \
        X(59, (a >> 5) + 146) \
        X(60, (a << 1) ^ 183) \
        X(61, a - 220) \
        X(62, ~a + 257) \
        X(63, (a | 294) - 4)

static NOINLINE int sw_lane(int k, int a, volatile int *side)
{
        switch (k) {
#define X(k, e) case k: side[0] = k + 1; return e;
        CASES(X)
#undef X
        default:
                side[0] = -1;
                return -12345;
        }
}

static NOINLINE __attribute__((optimize("no-jump-tables"))) int ref(int k, int a)
{
#define X(k, e) if (k_ == k) return e;
        int k_ = k;
        CASES(X)
#undef X
        return -12345;
}

static NOINLINE int groups(int k)
{
        int r = 0;
        switch (k) {
        case 0:  r += 1;        /* fall through */
        case 1:  r += 2;        break;
        case 2:
        case 3:  r += 40;       /* fall through */
        case 4:  r *= 3;        break;
        case 5:  r = 7;         /* fall through */
        case 6:  r += 100;      /* fall through */
        case 7:  r += 1000;     break;
        case 9:  r = -9;        break;
        case 10: r = k * k;     /* fall through */
        case 11: r -= 1;        break;
        case 13: r = 13;        break;
        case 14: r = 1400;      /* fall through */
        case 15: r ^= 0xf0;     break;
        default: r = 77;        break;
        }
        return r;
}

static const int groups_ref[16] = {
        3, 2, 120, 120, 0, 1107, 1100, 1000, 77, -9, 99, -1, 77, 13, 1400 ^ 0xf0, 0xf0,
};

int main(void)
{
        int l = OPAQUE(simty_lane()), tid = OPAQUE(simty_tid());
        volatile int side[1] = {0};
        int a = tid * 1103 + 17, k, r;

        /* 1, 2 */
        r = sw_lane(l, a, side);
        CHECK(1, r == ref(l, a));
        CHECK(2, side[0] == l + 1);

        /* 3 */
        k = (l * 5 + 3) & 63;
        CHECK(3, sw_lane(k, a, side) == ref(k, a) && side[0] == k + 1);

        /* 4 */
        k = (tid >> 1) & 63;
        CHECK(4, sw_lane(k, a + 1, side) == ref(k, a + 1) && side[0] == k + 1);

        /* 5 */
        CHECK(5, groups(l & 15) == groups_ref[l & 15]);

        /* 6: lanes with bit 0 set go to the default case */
        k = (l & 1) ? 64 + l : l;
        r = sw_lane(k, a, side);
        CHECK(6, (l & 1) ? (r == -12345 && side[0] == -1) : (r == ref(k, a) && side[0] == k + 1));

        /* 7 */
        int acc = 0, acc2 = 0;
        for (int i = 0; i < 10; i++) {
                k = (l + i * 7) & 63;
                acc += sw_lane(k, acc, side);
                acc2 += ref(k, acc2);
        }
        CHECK(7, acc == acc2);

        return simt_done();
}
