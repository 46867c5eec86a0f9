/*
 * skew.c - warps deliberately skewed apart before common phases, so the
 * warps run the same code at different times and at different PCs (and the
 * lanes of some warps are skewed inside the warp as well).
 *
 * Phase A: warp w waits (W - 1 - w) * 150 loop iterations (the last warp
 * starts first); in odd warps each lane waits 20 * lane more.  Phase B: the
 * reverse skew (warp w waits w * 150).  After each, a common phase: a
 * per-thread computation over a read-only table with divergent branches and
 * a call, stored to the thread's slot and read back.
 *
 *   1   the 64-bit cycle counter advanced across the delay
 *   2   common phase after skew A: result
 *   3   common phase after skew B: result
 *   4   the slot written in phase A still holds its value after phase B
 *       (nobody else wrote it)
 *   5   the ids read after the skews are unchanged
 */
#include "simt.h"

#define SLOTS 1024

static const uint16_t tab[64] = {
        0x1f3, 0x0a1, 0x377, 0x2c0, 0x05e, 0x3ff, 0x120, 0x2d9,
        0x0b4, 0x333, 0x1a8, 0x061, 0x2fe, 0x187, 0x0d2, 0x3c5,
        0x241, 0x01b, 0x39c, 0x16e, 0x2a3, 0x0f7, 0x358, 0x1c4,
        0x08d, 0x3e1, 0x132, 0x27f, 0x0c6, 0x31a, 0x1e9, 0x054,
        0x2b7, 0x10c, 0x3a5, 0x07a, 0x2e4, 0x19f, 0x046, 0x36b,
        0x1b1, 0x0e8, 0x325, 0x28c, 0x013, 0x3d6, 0x15a, 0x2f1,
        0x09c, 0x34e, 0x1d7, 0x026, 0x2ca, 0x171, 0x0ab, 0x3b8,
        0x204, 0x07f, 0x3ea, 0x143, 0x295, 0x0da, 0x364, 0x1bd,
};

static uint32_t slot_a[SLOTS], slot_b[SLOTS];

/* register-only loop (a volatile counter would live on the stack, and the
 * lanes' stacks are in different blocks: one replay per lane per access) */
static NOINLINE void delay(int n)
{
        for (int i = 0; i < n; i++)
                __asm__ volatile ("");
}

static NOINLINE uint32_t mixcall(uint32_t h, int i) { return (h << 5) + h + (uint32_t)i; }

/* the common phase: walks the table from a per-thread start */
static NOINLINE uint32_t phase(int tid, int salt)
{
        uint32_t h = (uint32_t)salt;
        int p = (tid * 7 + salt) & 63;
        for (int i = 0; i < 24; i++) {
                uint32_t t = tab[p];
                if (t & 1)
                        h = mixcall(h, (int)t);
                else
                        h ^= t << (i & 7);
                p = (p + (int)(t & 15) + 1) & 63;
        }
        return h;
}

/* the same, written without the call and the branch */
static uint32_t phase_ref(int tid, int salt)
{
        uint32_t h = (uint32_t)salt;
        int p = (tid * 7 + salt) & 63;
        for (int i = 0; i < 24; i++) {
                uint32_t t = tab[p], odd = t & 1;
                uint32_t m = 0u - odd;
                h = (m & (h * 33u + t)) | (~m & (h ^ (t << (i & 7))));
                p = (p + (int)(t & 15) + 1) & 63;
        }
        return h;
}

int main(void)
{
        int l = OPAQUE(simty_lane()), w = OPAQUE(simty_warp());
        int nw = simty_nwarps(), tid = simty_tid();

        uint64_t c0 = simty_cycle();
        delay((nw - 1 - w) * 150 + ((w & 1) ? 20 * l : 0));
        uint64_t c1 = simty_cycle();
        CHECK(1, c1 > c0 || !SIMT_HAVE_CYCLE);

        uint32_t a = phase(tid, 3);
        CHECK(2, a == phase_ref(tid, 3));
        if (tid < SLOTS)
                slot_a[tid] = a;

        delay(w * 150);
        uint64_t c2 = simty_cycle();
        CHECK(1, c2 > c1 || !SIMT_HAVE_CYCLE);

        uint32_t b = phase(tid, 11);
        CHECK(3, b == phase_ref(tid, 11));
        if (tid < SLOTS) {
                slot_b[tid] = b;
                CHECK(4, *(volatile uint32_t *)&slot_a[tid] == a &&
                         *(volatile uint32_t *)&slot_b[tid] == b);
        }
        CHECK(5, simty_lane() == l && simty_warp() == w && simty_tid() == tid);
        return simt_done();
}
