/*
 * crc32 - the CRC-32 (IEEE, reflected, bitwise) of 128 messages of 24 to 88
 * bytes: per-lane trip counts differ with the message length.  Messages are
 * 96-byte records; a lane reads its own record (strided accesses).
 */
#include "bench.h"

#define NMSG BENCH_ITEMS(128, 3)
#define MAXLEN 96

struct bench_input {
        uint32_t len[NMSG];
        uint8_t data[NMSG][MAXLEN];
};
struct bench_output {
        uint32_t crc[NMSG];
};

static void bench_init(struct bench_input *in, uint32_t *seed)
{
        for (int m = 0; m < NMSG; m++) {
                in->len[m] = bench_range(seed, 24, 88);
                for (int i = 0; i < MAXLEN; i++)
                        in->data[m][i] = (uint8_t)bench_rand(seed);
        }
}

static uint32_t crc32(const uint8_t *p, uint32_t n)
{
        uint32_t crc = 0xffffffffu;
        while (n--) {
                crc ^= *p++;
                for (int k = 0; k < 8; k++)
                        crc = (crc >> 1) ^ (0xedb88320u & -(crc & 1));
        }
        return ~crc;
}

static void bench_kernel(const struct bench_input *in, struct bench_output *out,
                         int tid, int nthreads)
{
        BENCH_FOR(m, NMSG, tid, nthreads)
                out->crc[m] = crc32(in->data[m], in->len[m]);
}

#include "bench_main.h"
