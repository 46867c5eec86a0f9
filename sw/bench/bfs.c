/*
 * bfs - breadth-first search from vertex 0 in 128 random graphs of 32
 * vertices (adjacency bit masks, about 3 edges per vertex), one graph per work
 * item: the distance of every vertex (255: unreachable).  A queue on the
 * thread's stack, loops over set bits: irregular control flow and memory.
 */
#include "bench.h"

#define NG BENCH_ITEMS(128, 2)
#define NV 32

struct bench_input {
        uint32_t adj[NG][NV];
};
struct bench_output {
        uint8_t dist[NG][NV];
};

static void bench_init(struct bench_input *in, uint32_t *seed)
{
        for (int g = 0; g < NG; g++) {
                for (int v = 0; v < NV; v++)
                        in->adj[g][v] = 0;
                /* 40 to 56 random undirected edges. */
                uint32_t ne = bench_range(seed, 40, 56);
                for (uint32_t e = 0; e < ne; e++) {
                        uint32_t a = bench_rand(seed) % NV, b = bench_rand(seed) % NV;
                        if (a != b) {
                                in->adj[g][a] |= 1u << b;
                                in->adj[g][b] |= 1u << a;
                        }
                }
        }
}

static void bench_kernel(const struct bench_input *in, struct bench_output *out,
                         int tid, int nthreads)
{
        BENCH_FOR(g, NG, tid, nthreads) {
                const uint32_t *adj = in->adj[g];
                uint8_t *dist = out->dist[g];
                uint8_t queue[NV];
                uint32_t seen = 1;
                int head = 0, tail = 0;
                for (int v = 0; v < NV; v++)
                        dist[v] = 255;
                dist[0] = 0;
                queue[tail++] = 0;
                while (head < tail) {
                        int u = queue[head++];
                        uint32_t next = adj[u] & ~seen;
                        seen |= next;
                        for (int v = 0; next; v++, next >>= 1)
                                if (next & 1) {
                                        dist[v] = (uint8_t)(dist[u] + 1);
                                        queue[tail++] = (uint8_t)v;
                                }
                }
        }
}

#include "bench_main.h"
