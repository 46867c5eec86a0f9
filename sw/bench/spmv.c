/*
 * spmv - y = A x for a 512 x 512 sparse matrix in CSR form with 1 to 16
 * non-zeros per row (one row per work item): per-lane trip counts, gathers
 * from x through the column indices, software multiply of 12-bit values.
 */
#include "bench.h"

#define NROW BENCH_ITEMS(512, 8)
#define MAXNZ 16
#define NNZ_MAX (NROW * MAXNZ / 2)

struct bench_input {
        uint32_t rowptr[NROW + 1], pad;
        uint16_t col[NNZ_MAX], val[NNZ_MAX];
        uint32_t x[NROW];
};
struct bench_output {
        uint32_t y[NROW];
};

static void bench_init(struct bench_input *in, uint32_t *seed)
{
        uint32_t k = 0;
        /* Row lengths 1..16, skewed to short rows, capped by NNZ_MAX. */
        for (int r = 0; r < NROW; r++) {
                uint32_t len = bench_range(seed, 1, MAXNZ);
                if (bench_rand(seed) & 1)
                        len = (len + 3) / 4;
                in->rowptr[r] = k;
                for (uint32_t j = 0; j < len && k < NNZ_MAX; j++, k++) {
                        in->col[k] = (uint16_t)bench_range(seed, 0, NROW - 1);
                        in->val[k] = (uint16_t)(bench_rand(seed) & 0xfff);
                }
        }
        in->rowptr[NROW] = k;
        in->pad = 0;
        for (; k < NNZ_MAX; k++)
                in->col[k] = in->val[k] = 0;
        for (int c = 0; c < NROW; c++)
                in->x[c] = bench_rand(seed) & 0xfff;
}

static void bench_kernel(const struct bench_input *in, struct bench_output *out,
                         int tid, int nthreads)
{
        BENCH_FOR(r, NROW, tid, nthreads) {
                uint32_t s = 0;
                for (uint32_t k = in->rowptr[r]; k < in->rowptr[r + 1]; k++)
                        s += in->val[k] * in->x[in->col[k]];
                out->y[r] = s;
        }
}

#include "bench_main.h"
