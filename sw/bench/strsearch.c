/*
 * strsearch - occurrences of 64 patterns (4 to 8 letters of "acgt") in a
 * 512-letter text, one work item per (pattern, quarter of the text): naive
 * matching whose inner loop ends at the first mismatch, a different point
 * in every lane.
 */
#include "bench.h"

#define TEXT 512
#define NPAT BENCH_ITEMS(64, 4)
#define PMAX 8
#define NSEG 4
#define SEG (TEXT / NSEG)

struct bench_input {
        uint8_t text[TEXT + PMAX];      /* padded with 0: no match runs off */
        uint8_t pat[NPAT][PMAX];
        uint32_t plen[NPAT];
};
struct bench_output {
        uint32_t count[NPAT][NSEG];
};

static void bench_init(struct bench_input *in, uint32_t *seed)
{
        static const char acgt[4] = { 'a', 'c', 'g', 't' };
        for (int i = 0; i < TEXT; i++)
                in->text[i] = (uint8_t)acgt[bench_rand(seed) >> 30];
        for (int i = TEXT; i < TEXT + PMAX; i++)
                in->text[i] = 0;
        for (int p = 0; p < NPAT; p++) {
                in->plen[p] = bench_range(seed, 4, PMAX);
                /* Half the patterns are taken from the text: they occur. */
                uint32_t at = bench_range(seed, 0, TEXT - PMAX);
                for (int j = 0; j < PMAX; j++)
                        in->pat[p][j] = (uint8_t)((uint32_t)j < in->plen[p] ?
                                (p & 1 ? in->text[at + j] : acgt[bench_rand(seed) >> 30]) : 0);
        }
}

static void bench_kernel(const struct bench_input *in, struct bench_output *out,
                         int tid, int nthreads)
{
        BENCH_FOR(k, NPAT * NSEG, tid, nthreads) {
                int p = k / NSEG, s = k % NSEG;
                const uint8_t *pat = in->pat[p];
                uint32_t n = in->plen[p], count = 0;
                for (int i = s * SEG; i < (s + 1) * SEG; i++) {
                        uint32_t j = 0;
                        while (j < n && in->text[i + j] == pat[j])
                                j++;
                        count += j == n;
                }
                out->count[p][s] = count;
        }
}

#include "bench_main.h"
