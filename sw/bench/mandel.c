/*
 * mandel - Mandelbrot set iteration counts of a 16 x 8 image (every other row of a
 * 16 x 16 view; weak scaling: 8 x N for N threads, a row through the middle of each
 * of N bands of the view), Q12 fixed point, at most 24 iterations, software multiply:
 * neighbouring pixels leave the loop after very different trip counts (divergence
 * that lasts).  The input is the view window, drawn from the seed.
 */
#include "bench.h"
#define NX (BENCH_WEAK ? 8 : 16)
#define NY BENCH_ITEMS(8, 1)
#define ROW_CI(in, r) (BENCH_WEAK ? (in)->y0 + (2 * (r) + 1) * (1 << FRAC) / NY \
                                  : (in)->y0 + (r) * 2 * (in)->step)
#define MAXIT 24
#define FRAC 12

struct bench_input {
        int32_t x0, y0, step;
};
struct bench_output {
        uint32_t it[NY][NX];
};

static void bench_init(struct bench_input *in, uint32_t *seed)
{
        /* A window of 2.0 x 2.0 around (-0.75, 0) jittered by up to 1/8. */
        in->x0 = -(7 << FRAC) / 4 + (int32_t)bench_range(seed, 0, 1 << (FRAC - 3));
        in->y0 = -(1 << FRAC) + (int32_t)bench_range(seed, 0, 1 << (FRAC - 3));
        in->step = (2 << FRAC) / NX;
}

static void bench_kernel(const struct bench_input *in, struct bench_output *out,
                         int tid, int nthreads)
{
        BENCH_FOR(p, NX * NY, tid, nthreads) {
                int32_t cr = in->x0 + (p % NX) * in->step;
                int32_t ci = ROW_CI(in, p / NX);
                int32_t zr = 0, zi = 0;
                uint32_t n = 0;
                while (n < MAXIT) {
                        int32_t rr = (zr * zr) >> FRAC, ii = (zi * zi) >> FRAC;
                        if (rr + ii > (4 << FRAC))
                                break;
                        zi = ((zr * zi) >> (FRAC - 1)) + ci;
                        zr = rr - ii + cr;
                        n++;
                }
                out->it[p / NX][p % NX] = n;
        }
}

#include "bench_main.h"
