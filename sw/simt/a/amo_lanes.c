/*
 * amo_lanes.c - the lanes of ONE warp on one AMO, LR or SC instruction,
 * exactly as Simty's A semantics define them (issue 52): an AMO or SC pass
 * serves the leader (lowest active lane) only and the others replay, so one
 * instruction acts as if its lanes ran one after the other in increasing
 * lane order; LR serves lanes like LW; each warp has ONE reservation address
 * and a valid bit per lane, and any write to the reserved word clears the
 * whole warp's bits.
 *
 * Every check uses words of its own warp only (other warps never touch
 * them), all lanes active (main starts converged, and every AMO comes before
 * the lane-dependent loops that compute its expectation), so every result
 * below is exact.  After each instruction the warp is converged again and
 * every lane's access is done, so a lane may read what its neighbours did.
 * The sequences whose order matters (LR ... SC) are single asm blocks.
 *
 *   1  amoadd.w of l + 1 by every lane l on one word: lane l gets l(l+1)/2,
 *      the word ends at T(T+1)/2
 *   2  amoswap.w of 100 + l: lane l gets lane l-1's operand (lane 0 the 0)
 *   3  amomax.w (signed, mixed signs): lane l gets the max of 0 and the
 *      operands of lanes < l
 *   4  amominu.w on a word all lanes first amoswap'ed to 0xffffffff
 *   5  amoxor.w, 6 amoand.w (from all ones), 7 amoor.w: folds of the
 *      operands of the lanes below
 *   8  amoadd.w with even lanes on one word, odd lanes on another: each
 *      group in lane order
 *   9  amoadd.w, every lane on its own word (word l of its warp's block):
 *      each gets its word's old value
 *  10  LR by all lanes on one word, then SC by all: only lane 0's succeeds
 *      (its write clears the others' reservations); the word holds its value
 *  11  LR by all lanes on their own words of one T-word block (one pass),
 *      SC by all on the same words: only lane 0 succeeds (only the leader's
 *      word is reserved)
 *  12  LR by all lanes on words two apart (one pass per lane, lane order:
 *      each pass moves the reservation), SC by all: only lane T-1 succeeds
 *  13  LR by all lanes on one word, a store by lane T-1 to it, SC by all:
 *      every SC fails, the stored value stays
 *  14  an LR/SC increment loop by all lanes on one word: it ends at T and
 *      lane l retried exactly l times
 *  15  simty_atomic_cas increment loop (gcc's LR/SC loop): the word ends at
 *      T and the values the lanes saw are distinct
 *
 * SIMT only: the multi-threaded qemu builds (no warps) do not run it;
 * single-threaded qemu runs it at W = T = 1.
 */
#include "simt.h"
#include "simty_atomic.h"

#define MAXW 64
#define MAXN 4096

/* word[w][k]: the word of check k in warp w */
static volatile uint32_t word[MAXW][16] __attribute__((aligned(64)));
/* one word per thread: warp w's block is [w*T, w*T + T), T-word aligned */
static volatile uint32_t own[MAXN] __attribute__((aligned(256)));
static volatile uint32_t own_lr[MAXN] __attribute__((aligned(256)));
/* two words per thread */
static volatile uint32_t spread[2 * MAXN] __attribute__((aligned(512)));

int main(void)
{
        uint32_t l = (uint32_t)simty_lane(), t = (uint32_t)simty_nlanes();
        int w = simty_warp(), tid = simty_tid();
        volatile uint32_t *wd = word[w];
        uint32_t old, exp;

        /* 1: amoadd */
        old = simty_atomic_add(&wd[0], l + 1);
        CHECK(1, old == l * (l + 1) / 2 && wd[0] == t * (t + 1) / 2);

        /* 2: amoswap */
        old = simty_atomic_swap(&wd[1], 100 + l);
        CHECK(2, old == (l ? 100 + l - 1 : 0) && wd[1] == 100 + t - 1);

        /* Checks 3-8 run the AMO first, with a branch-free operand, and
         * compute the expectation afterwards: its loops diverge (l trips). */

        /* 3: amomax, signed */
        int32_t sv = (int32_t)((l * 37 + 11) % 64) - 40;
        int32_t sold = simty_atomic_max((volatile int32_t *)&wd[2], sv), sexp = 0;
        for (uint32_t k = 0; k < l; k++) {
                int32_t o = (int32_t)((k * 37 + 11) % 64) - 40;
                sexp = o > sexp ? o : sexp;
        }
        CHECK(3, sold == sexp);

        /* 4: amominu from all ones */
        simty_atomic_swap(&wd[3], 0xffffffffu);
        old = simty_atomic_minu(&wd[3], 0x80000000u + ((l * 29 + 3) % 64) * 0x01000001u);
        exp = 0xffffffffu;
        for (uint32_t k = 0; k < l; k++) {
                uint32_t o = 0x80000000u + ((k * 29 + 3) % 64) * 0x01000001u;
                exp = o < exp ? o : exp;
        }
        CHECK(4, old == exp);

        /* 5: amoxor; 6: amoand from all ones; 7: amoor */
        uint32_t ox = simty_atomic_xor(&wd[4], (1u << (l % 32)) ^ (l << 20));
        simty_atomic_swap(&wd[5], 0xffffffffu);
        uint32_t oa = simty_atomic_and(&wd[5], ~(1u << (l % 32)));
        uint32_t oo = simty_atomic_or(&wd[6], (1u << ((l * 7) % 32)) | (l << 26));
        uint32_t ex = 0, ea = 0xffffffffu, eo = 0;
        for (uint32_t k = 0; k < l; k++) {
                ex ^= (1u << (k % 32)) ^ (k << 20);
                ea &= ~(1u << (k % 32));
                eo |= (1u << ((k * 7) % 32)) | (k << 26);
        }
        CHECK(5, ox == ex);
        CHECK(6, oa == ea);
        CHECK(7, oo == eo);

        /* 8: two words by parity */
        old = simty_atomic_add(&wd[7 + (l & 1)], l + 1);
        exp = 0;
        for (uint32_t k = l & 1; k < l; k += 2)
                exp += k + 1;
        CHECK(8, old == exp);

        /* 9: own words */
        own[tid] = 5 * l;
        SIMT_COMPILER_BARRIER();
        old = simty_atomic_add(&own[tid], l + 7);
        CHECK(9, old == 5 * l && own[tid] == 6 * l + 7);

        /* 10: LR then SC, all lanes on one word */
        uint32_t lv, rc;
        __asm__ volatile ("lr.w %0, (%2)\n\tsc.w %1, %3, (%2)"
                          : "=&r"(lv), "=&r"(rc) : "r"(&wd[9]), "r"(500 + l) : "memory");
        CHECK(10, lv == 0 && rc == (l ? 1u : 0u) && wd[9] == 500);

        /* 11: LR then SC, each lane on its own word of one block */
        __asm__ volatile ("lr.w %0, (%2)\n\tsc.w %1, %3, (%2)"
                          : "=&r"(lv), "=&r"(rc) : "r"(&own_lr[tid]), "r"(600 + l) : "memory");
        CHECK(11, lv == 0 && rc == (l ? 1u : 0u) && own_lr[tid] == (l ? 0u : 600u));

        /* 12: LR then SC, lanes two words apart */
        __asm__ volatile ("lr.w %0, (%2)\n\tsc.w %1, %3, (%2)"
                          : "=&r"(lv), "=&r"(rc) : "r"(&spread[2 * tid]), "r"(700 + l) : "memory");
        CHECK(12, lv == 0 && rc == (l == t - 1 ? 0u : 1u) &&
                  spread[2 * tid] == (l == t - 1 ? 700 + l : 0u));

        /* 13: a store by lane T-1 between LR and SC */
        __asm__ volatile ("lr.w %0, (%2)\n\t"
                          "bne %4, %5, 1f\n\t"
                          "sw %6, 0(%2)\n"
                          "1:\tsc.w %1, %3, (%2)"
                          : "=&r"(lv), "=&r"(rc)
                          : "r"(&wd[10]), "r"(800 + l), "r"(l), "r"(t - 1), "r"(0x777u)
                          : "memory");
        CHECK(13, lv == 0 && rc == 1 && wd[10] == 0x777);

        /* 14: LR/SC increment loop, counting retries */
        uint32_t retries, tmp;
        __asm__ volatile ("li %0, 0\n"
                          "1:\tlr.w %1, (%3)\n\t"
                          "addi %1, %1, 1\n\t"
                          "sc.w %2, %1, (%3)\n\t"
                          "beqz %2, 2f\n\t"
                          "addi %0, %0, 1\n\t"
                          "j 1b\n"
                          "2:"
                          : "=&r"(retries), "=&r"(tmp), "=&r"(rc) : "r"(&wd[11]) : "memory");
        CHECK(14, retries == l && wd[11] == t);

        /* 15: compare-and-swap increment loop */
        uint32_t seen = wd[12], was;
        while ((was = simty_atomic_cas(&wd[12], seen, seen + 1)) != seen)
                seen = was;
        uint32_t bit = 1u << (seen % 32);
        CHECK(15, seen < t && (simty_atomic_or(&wd[13 + seen / 32], bit) & bit) == 0);
        CHECK(15, wd[12] == t);

        return simt_done();
}
