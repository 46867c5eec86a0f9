/*
 * coalesce.c - every memory access pattern from all lanes of a warp: each
 * access below is one load or store instruction executed by every lane at
 * once (the accessors are noinline functions holding one inline-asm lw, lb,
 * lbu, lh, lhu, sw, sh or sb).
 *
 * Loads read read-only tables whose contents follow a formula
 * (ro32[i] = i * 0x9e3779b1 ^ 0x5a5a5a5a, ro8[i] = i * 73 + 0x91,
 * ro16[i] = i * 40503 + 0x8001), so every expected value is computed,
 * not loaded.  Stores go to per-thread slots of shared arrays (SLOTS
 * threads at most take part; W*T > SLOTS cannot run a C test in 256 KiB
 * anyway), each slot written by one thread only, and every thread reads back
 * only its own slots.
 *
 * Loads (lw):
 *   1   consecutive words ro32[lane]        2   the same word ro32[5]
 *   3   strides 2, 3, 4, 8, 16, 64, -1     4   scattered (37 * lane + 11)
 *   5   consecutive but misaligned to the T-word block: ro32[lane + k],
 *       k = 1..3, ro32[lane + T/2]
 *   6   half the lanes on one word, the others consecutive
 * Sub-word loads, every offset k = 0..3 (sign- and zero-extending):
 *   7   lb  ro8[lane + k]  (lanes share words)     8   lbu ro8[lane + k]
 *   9   lb/lbu ro8[4 * lane + k] (one per word)   10  lb/lbu ro8[k], all on one byte
 *  11   lh/lhu ro16[lane + j] (j = 0, 1: both halves)
 *  12   lh/lhu ro16[2 * lane + j], ro16[j] (same halfword)
 *  13   lb/lh scattered: ro8[(37 * lane + k) & 255], ro16[(29 * lane + j) & 127]
 * Stores (then read back by the same thread, word, half and byte views):
 *  14   sw consecutive  w1[tid]            15  sw strided w4[4 * tid + k]
 *  16   sw scattered: ws[warp * T + ((37 * lane + 11) & (T - 1))]
 *  17   sb consecutive bytes b1k[k][tid + k] for k = 0..3 (every alignment)
 *  18   sb one byte per word, every offset: b4[4 * tid + k]
 *  19   sh consecutive halves h1[tid], and h2[tid + 1] (odd alignment of
 *       lanes to words)
 *  20   sh at both offsets of the thread's own word: h4[2 * tid + j]
 *  21   mixed widths on the thread's own word: sw then sb at offset k then
 *       sh at offset 2: lw sees the merge
 */
#include "simt.h"

#define SLOTS 1024

#define R4(f, i)   f(i) f((i) + 1) f((i) + 2) f((i) + 3)
#define R16(f, i)  R4(f, i) R4(f, (i) + 4) R4(f, (i) + 8) R4(f, (i) + 12)
#define R64(f, i)  R16(f, i) R16(f, (i) + 16) R16(f, (i) + 32) R16(f, (i) + 48)
#define R256(f, i) R64(f, i) R64(f, (i) + 64) R64(f, (i) + 128) R64(f, (i) + 192)

#define F32(i) ((uint32_t)(i) * 0x9e3779b1u ^ 0x5a5a5a5au)
#define F8(i)  ((uint8_t)((i) * 73 + 0x91))
#define F16(i) ((uint16_t)((i) * 40503 + 0x8001))
#define E32(i) F32(i),
#define E8(i)  F8(i),
#define E16(i) F16(i),

static const uint32_t ro32[256 + 64] = { R256(E32, 0) R64(E32, 256) };
static const uint8_t  ro8[256 + 8]   = { R256(E8, 0) E8(256) E8(257) E8(258) E8(259) };
static const uint16_t ro16[128 + 4]  = { R64(E16, 0) R64(E16, 64) E16(128) E16(129) };

static uint32_t w1[SLOTS], w4[4 * SLOTS], ws[SLOTS], wm[SLOTS];
static uint8_t  b1k[4][SLOTS + 4], b4[4 * SLOTS] __attribute__((aligned(4)));
static uint16_t h1[SLOTS], h2[SLOTS + 1], h4[2 * SLOTS] __attribute__((aligned(4)));

/* One access instruction each (inline asm: the compiler may not turn an
 * lb into lbu plus shifts, or merge accesses). */
#define LOADER(name, insn, T_)                                          \
        static NOINLINE T_ name(const void *p)                          \
        { T_ r; __asm__ volatile (insn " %0, 0(%1)" : "=r"(r) : "r"(p) : "memory"); return r; }
#define STORER(name, insn)                                              \
        static NOINLINE void name(void *p, uint32_t v)                  \
        { __asm__ volatile (insn " %0, 0(%1)" : : "r"(v), "r"(p) : "memory"); }
LOADER(lw_, "lw", uint32_t)
LOADER(lb_, "lb", int32_t)
LOADER(lbu_, "lbu", uint32_t)
LOADER(lh_, "lh", int32_t)
LOADER(lhu_, "lhu", uint32_t)
STORER(sw_, "sw")
STORER(sh_, "sh")
STORER(sb_, "sb")

static int32_t sx8(uint32_t v)  { return (int32_t)(v << 24) >> 24; }
static int32_t sx16(uint32_t v) { return (int32_t)(v << 16) >> 16; }

int main(void)
{
        int l = OPAQUE(simty_lane()), tid = OPAQUE(simty_tid());
        int nl = simty_nlanes(), w = simty_warp();
        int i, k;

        /* 1-6: word loads */
        CHECK(1, lw_(&ro32[l]) == F32(l));
        CHECK(2, lw_(&ro32[5]) == F32(5));
        static const int strides[6] = {2, 3, 4, 8, 16, 64};
        for (k = 0; k < 6; k++) {
                i = (l * strides[k]) & 255;
                CHECK(3, lw_(&ro32[i]) == F32(i));
        }
        CHECK(3, lw_(&ro32[63 - l]) == F32(63 - l));
        i = (37 * l + 11) & 255;
        CHECK(4, lw_(&ro32[i]) == F32(i));
        for (k = 1; k <= 3; k++)
                CHECK(5, lw_(&ro32[l + k]) == F32(l + k));
        CHECK(5, lw_(&ro32[l + nl / 2]) == F32(l + nl / 2));
        i = (l & 1) ? 7 : l;
        CHECK(6, lw_(&ro32[i]) == F32(i));

        /* 7-13: sub-word loads */
        for (k = 0; k < 4; k++) {
                CHECK(7, lb_(&ro8[l + k]) == sx8(F8(l + k)));
                CHECK(8, lbu_(&ro8[l + k]) == F8(l + k));
                CHECK(9, lb_(&ro8[4 * l + k]) == sx8(F8(4 * l + k)));
                CHECK(9, lbu_(&ro8[4 * l + k]) == F8(4 * l + k));
                CHECK(10, lb_(&ro8[k]) == sx8(F8(k)) && lbu_(&ro8[k]) == F8(k));
                i = (37 * l + k) & 255;
                CHECK(13, lb_(&ro8[i]) == sx8(F8(i)));
        }
        for (k = 0; k < 2; k++) {
                CHECK(11, lh_(&ro16[l + k]) == sx16(F16(l + k)));
                CHECK(11, lhu_(&ro16[l + k]) == F16(l + k));
                CHECK(12, lh_(&ro16[2 * l + k]) == sx16(F16(2 * l + k)));
                CHECK(12, lhu_(&ro16[2 * l + k]) == F16(2 * l + k));
                CHECK(12, lh_(&ro16[k]) == sx16(F16(k)) && lhu_(&ro16[k]) == F16(k));
                i = (29 * l + k) & 127;
                CHECK(13, lh_(&ro16[i]) == sx16(F16(i)) && lhu_(&ro16[i]) == F16(i));
        }

        if (tid >= SLOTS)
                return simt_done();

        /* 14-16: word stores */
        uint32_t v = (uint32_t)tid * 0x01010101u ^ 0x80c0e0f0u;
        sw_(&w1[tid], v);
        CHECK(14, lw_(&w1[tid]) == v);
        for (k = 0; k < 4; k++)
                sw_(&w4[4 * tid + k], v + (uint32_t)k);
        for (k = 0; k < 4; k++)
                CHECK(15, lw_(&w4[4 * tid + k]) == v + (uint32_t)k);
        i = w * nl + ((37 * l + 11) & (nl - 1));
        sw_(&ws[i], v ^ 0xffu);
        CHECK(16, lw_(&ws[i]) == (v ^ 0xffu));

        /* 17-18: byte stores */
        for (k = 0; k < 4; k++)
                sb_(&b1k[k][tid + k], (uint32_t)(tid * 7 + k + 0x80));
        for (k = 0; k < 4; k++) {
                uint32_t e = (uint8_t)(tid * 7 + k + 0x80);
                CHECK(17, lbu_(&b1k[k][tid + k]) == e && lb_(&b1k[k][tid + k]) == sx8(e));
        }
        for (k = 0; k < 4; k++)
                sb_(&b4[4 * tid + k], (uint32_t)(0xf0 - tid - k));
        uint32_t word = 0;
        for (k = 0; k < 4; k++)
                word |= (uint32_t)(uint8_t)(0xf0 - tid - k) << (8 * k);
        CHECK(18, lw_(&b4[4 * tid]) == word);
        for (k = 0; k < 4; k++)
                CHECK(18, lb_(&b4[4 * tid + k]) == sx8((uint8_t)(0xf0 - tid - k)));

        /* 19-20: halfword stores */
        sh_(&h1[tid], (uint32_t)(0x8000 + tid * 3));
        sh_(&h2[tid + 1], (uint32_t)(0x7ff0 + tid));
        CHECK(19, lhu_(&h1[tid]) == (uint16_t)(0x8000 + tid * 3));
        CHECK(19, lh_(&h1[tid]) == sx16((uint16_t)(0x8000 + tid * 3)));
        CHECK(19, lhu_(&h2[tid + 1]) == (uint16_t)(0x7ff0 + tid));
        for (k = 0; k < 2; k++)
                sh_(&h4[2 * tid + k], (uint32_t)(0xc001 + tid + 0x100 * k));
        CHECK(20, lw_(&h4[2 * tid]) == ((uint32_t)(uint16_t)(0xc001 + tid) |
                                        (uint32_t)(uint16_t)(0xc101 + tid) << 16));

        /* 21: mixed widths on one word */
        k = l & 3;
        sw_(&wm[tid], 0x11223344u);
        sb_((uint8_t *)&wm[tid] + k, 0xa5);
        sh_((uint8_t *)&wm[tid] + 2, 0xbeef);
        uint32_t e = 0x11223344u;
        e = (e & ~(0xffu << (8 * k))) | (0xa5u << (8 * k));
        e = (e & 0xffffu) | 0xbeef0000u;
        CHECK(21, lw_(&wm[tid]) == e);

        return simt_done();
}
