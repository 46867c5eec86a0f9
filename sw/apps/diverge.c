/*
 * diverge.c - a divergent workload for comparing path-tracking policies.
 *
 * Every thread works on its own inputs (chosen by k = thread id mod 64), so
 * loops run different trip counts, data-dependent branches nest inside them,
 * a function is called from inside a divergent branch, and a recursion goes
 * to a different depth in each thread (the call-depth ordering of MinSP-PC).
 * Each thread checks its results against a table computed offline (by a
 * model of this file, sw/check/diverge_model.py) and returns 0 when they all match,
 * or the number of the first phase that did not (1..5).
 *
 * Shared memory is only read, except slot k of `diverge_sig` (the signature,
 * see the harness's --signature), written by thread k < 64 alone.
 * Cost: about 1.5k-2k instructions per thread (qemu count).
 */
#include <stdio.h>
#include "simty.h"

#define NSLOT 64

struct expect {
        unsigned steps, peak, odd, mix, walk;
};

/* k: Collatz steps, peak and odd steps from 7 + 5k; mix(k);
 * walk(k % 9 + 1, k + 11). */
static const struct expect expected[NSLOT] = {
        {  16,     52,   5, 0x00009e37, 0x00000023}, /*  0 */
        {   9,     16,   2, 0x00013c72, 0x00000000}, /*  1 */
        {  12,     52,   3, 0x000070eb, 0x0000000a}, /*  2 */
        {  15,     52,   4, 0x00242c43, 0x00000026}, /*  3 */
        { 111,   9232,  41, 0x6e588ecb, 0x0000006f}, /*  4 */
        {   5,     32,   0, 0x00c05b84, 0x00000000}, /*  5 */
        {  21,    112,   6, 0x6c5f5a0f, 0x00000006}, /*  6 */
        {   8,     64,   1, 0x0993c6bb, 0x00000019}, /*  7 */
        { 104,   9232,  38, 0xb3ef1e65, 0x00000049}, /*  8 */
        {  11,     52,   2, 0x1286a781, 0x0000000b}, /*  9 */
        {  32,    196,  10, 0xe7428aad, 0x00000022}, /* 10 */
        { 107,   9232,  39, 0x7352cd85, 0x00000012}, /* 11 */
        {  27,    304,   8, 0xd4991d5d, 0x00000037}, /* 12 */
        {  22,     72,   6, 0x00009e78, 0x00000007}, /* 13 */
        {  22,    232,   6, 0x00009f4d, 0x0000005e}, /* 14 */
        { 110,   9232,  40, 0x002042d2, 0x0000000e}, /* 15 */
        {  30,    592,   9, 0x48d892fb, 0x00000098}, /* 16 */
        {  17,    160,   4, 0x0026abf8, 0x0000000a}, /* 17 */
        { 118,   9232,  43, 0x60e75f23, 0x00000059}, /* 18 */
        {  25,    232,   7, 0x05792222, 0x0000002d}, /* 19 */
        { 100,   9232,  36, 0x54fc85c7, 0x0000008e}, /* 20 */
        {  20,    112,   5, 0xfd8e0f3e, 0x00000006}, /* 21 */
        {  20,    352,   5, 0x080e62c7, 0x00000030}, /* 22 */
        {  20,    184,   5, 0x34ff48ce, 0x00000014}, /* 23 */
        {  46,   4372,  15, 0x8992c007, 0x0000000a}, /* 24 */
        {  28,    132,   8, 0x75ca1d73, 0x0000002b}, /* 25 */
        {  90,   9232,  32, 0x00013c87, 0x00000020}, /* 26 */
        { 103,   9232,  37, 0x00000ca4, 0x00000012}, /* 27 */
        { 116,   9232,  42, 0x004c7b82, 0x0000003b}, /* 28 */
        {  23,    152,   6, 0x00d21872, 0x00000005}, /* 29 */
        {  36,    472,  11, 0xab097d03, 0x0000005f}, /* 30 */
        {  23,    244,   6, 0x05eadada, 0x0000000c}, /* 31 */
        {  67,   9232,  23, 0xad5c8c90, 0x00000091}, /* 32 */
        {  31,    196,   9, 0x2618b79c, 0x0000000d}, /* 33 */
        {  31,    532,   9, 0x7927284f, 0x0000002e}, /* 34 */
        {  93,   9232,  33, 0x369eb2c8, 0x0000001e}, /* 35 */
        {  44,    952,  14, 0xcb20e6b4, 0x0000008f}, /* 36 */
        {  13,    192,   2, 0xf2b9617a, 0x0000000f}, /* 37 */
        {  26,    592,   7, 0xe98d461b, 0x00000027}, /* 38 */
        {  26,    304,   7, 0x000000dc, 0x00000015}, /* 39 */
        {  88,   9232,  31, 0x000f774d, 0x0000003f}, /* 40 */
        {  13,    212,   2, 0x0007cf08, 0x00000005}, /* 41 */
        {  26,    736,   7, 0x00f4ad79, 0x00000018}, /* 42 */
        {  70,   9232,  24, 0x001df209, 0x00000038}, /* 43 */
        {  13,   1024,   2, 0xf9d17daf, 0x00000087}, /* 44 */
        {  21,    232,   5, 0x0444144a, 0x0000001d}, /* 45 */
        {  34,    712,  10, 0xf96b699b, 0x00000058}, /* 46 */
        {  96,   9232,  34, 0x1216e910, 0x0000002d}, /* 47 */
        {  47,   1672,  15, 0xc031f787, 0x0000008c}, /* 48 */
        { 109,   9232,  39, 0x5ca89544, 0x00000047}, /* 49 */
        { 122,   9232,  44, 0x6bcc5273, 0x00000022}, /* 50 */
        {  29,    592,   8, 0x3d719dca, 0x0000006a}, /* 51 */
        {  21,   1204,   5, 0x00009e6b, 0x00000143}, /* 52 */
        {  16,    272,   3, 0x00013d76, 0x00000002}, /* 53 */
        {  16,    832,   3, 0x0796ca21, 0x000000c5}, /* 54 */
        {  16,    424,   3, 0x001da5e1, 0x00000067}, /* 55 */
        {  42,   4372,  13, 0x5170b5d9, 0x00000134}, /* 56 */
        { 117,   9232,  42, 0x032ea8ee, 0x0000001b}, /* 57 */
        {  73,   9232,  25, 0xb256d91d, 0x0000000a}, /* 58 */
        {  16,   1024,   3, 0x09cb4d71, 0x0000002f}, /* 59 */
        {  37,   1384,  11, 0x70b943ed, 0x00000087}, /* 60 */
        {  37,    312,  11, 0x00aaf927, 0x00000004}, /* 61 */
        {  37,    952,  11, 0x9f0c0881, 0x000000b4}, /* 62 */
        {  99,   9232,  35, 0x0c3440f6, 0x00000024}, /* 63 */
};

/* One slot per thread id below 64 (all zero until then). */
unsigned diverge_sig[NSLOT] __attribute__((section(".signature")));

/* Called from inside the divergent odd branch. */
__attribute__((noinline)) static unsigned odd_step(unsigned x, unsigned *peak)
{
        x = x * 3 + 1;
        if (x > *peak)
                *peak = x;
        return x;
}

/* Phase 1-3: a Collatz walk, its length depends on the thread. */
static unsigned collatz(unsigned x, unsigned *peak, unsigned *odd)
{
        unsigned steps = 0;

        *peak = x;
        *odd = 0;
        while (x != 1) {
                if (x & 1) {
                        x = odd_step(x, peak);
                        (*odd)++;
                } else if ((x & 3) == 0) {
                        x >>= 2;        /* two halvings at once */
                        steps++;
                } else {
                        x >>= 1;
                }
                steps++;
        }
        return steps;
}

/* Phase 4: nested loops with per-thread trip counts and a three-way branch
 * (the % and * go through libgcc calls on RV32I). */
__attribute__((noinline)) static unsigned mix(unsigned k)
{
        unsigned acc = k, n = k % 13 + 1;

        for (unsigned i = 0; i < n; i++) {
                for (unsigned j = 0; j <= ((i ^ k) % 4); j++) {
                        if ((acc ^ j) & 1)
                                acc = acc * 5 + i;
                        else if (acc & 2)
                                acc ^= (acc >> 3) + j;
                        else
                                acc += 0x9e37 ^ i;
                }
        }
        return acc;
}

/* Phase 5: recursion to a per-thread depth with a branch at every level. */
__attribute__((noinline)) static unsigned walk(unsigned d, unsigned x)
{
        if (d == 0)
                return x;
        if (x & 1)
                return walk(d - 1, 3 * x + 1) + 1;
        return walk(d - 1, x >> 1) ^ d;
}

int main(void)
{
        unsigned tid = (unsigned)simty_tid();
        unsigned k = tid % NSLOT;
        const struct expect *e = &expected[k];
        unsigned peak, odd, steps, m, w;
        int bad = 0;

        steps = collatz(7 + 5 * k, &peak, &odd);
        m = mix(k);
        w = walk(k % 9 + 1, k + 11);

        if (steps != e->steps)
                bad = 1;
        else if (peak != e->peak)
                bad = 2;
        else if (odd != e->odd)
                bad = 3;
        else if (m != e->mix)
                bad = 4;
        else if (w != e->walk)
                bad = 5;

        if (tid < NSLOT)
                diverge_sig[tid] = steps ^ (peak << 8) ^ m ^ w;
        if (bad)
                printf("diverge: thread %u phase %d wrong (steps %u peak %u odd %u mix %#x walk %#x)\n",
                       tid, bad, steps, peak, odd, m, w);
        return bad;
}
