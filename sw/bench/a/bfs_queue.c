/*
 * bfs_queue - breadth-first search from vertex 0 in 128 graphs of up to 32
 * vertices, the graphs handed out by a work queue: each thread takes the
 * next graph index with amoadd.w until none is left, so threads that drew
 * cheap graphs take more.  The graphs differ a lot (4 to 32 vertices, from
 * sparse chains with long diameters to dense graphs), so a static share
 * would leave threads idle.  For every vertex: its distance (255:
 * unreachable) and the number of shortest paths to it from vertex 0 (mod
 * 2^32), computed level by level over bit masks: loops over set bits whose
 * lengths depend on the graph.  Outputs depend on the graph only, never on
 * which thread took it.  Needs A (group bench_a).
 */
#include "bench.h"
#include "simty_atomic.h"

#define NG BENCH_ITEMS(128, 1)
#define NV 32

struct bench_input {
        uint32_t nv[NG];
        uint32_t adj[NG][NV];
};
struct bench_output {
        uint8_t dist[NG][NV];
        uint32_t paths[NG][NV];
};

/* the work queue: the next graph to take (not an output) */
static volatile uint32_t next_graph;
#define BENCH_HOST_RESET() (next_graph = 0)

static void edge(struct bench_input *in, int g, uint32_t a, uint32_t b)
{
        if (a != b) {
                in->adj[g][a] |= 1u << b;
                in->adj[g][b] |= 1u << a;
        }
}

static void bench_init(struct bench_input *in, uint32_t *seed)
{
        for (int g = 0; g < NG; g++) {
                uint32_t nv = bench_range(seed, 4, NV);
                in->nv[g] = nv;
                for (int v = 0; v < NV; v++)
                        in->adj[g][v] = 0;
                if (bench_rand(seed) & 1) {
                        /* a random path through all vertices plus a few
                         * chords: deep */
                        uint32_t order[NV];
                        for (uint32_t v = 0; v < nv; v++)
                                order[v] = v;
                        for (uint32_t v = nv - 1; v > 0; v--) {
                                uint32_t k = bench_rand(seed) % (v + 1), t = order[v];
                                order[v] = order[k];
                                order[k] = t;
                        }
                        for (uint32_t v = 1; v < nv; v++)
                                edge(in, g, order[v - 1], order[v]);
                        uint32_t nc = bench_range(seed, 0, 3);
                        for (uint32_t c = 0; c < nc; c++)
                                edge(in, g, bench_rand(seed) % nv, bench_rand(seed) % nv);
                } else {
                        /* random edges, 1 to 6 per vertex on average */
                        uint32_t ne = nv * bench_range(seed, 1, 6);
                        for (uint32_t e = 0; e < ne; e++)
                                edge(in, g, bench_rand(seed) % nv, bench_rand(seed) % nv);
                }
        }
}

static void bfs(const uint32_t *adj, uint8_t *dist, uint32_t *paths)
{
        for (int v = 0; v < NV; v++) {
                dist[v] = 255;
                paths[v] = 0;
        }
        uint32_t seen = 1, frontier = 1;
        dist[0] = 0;
        paths[0] = 1;
        for (uint8_t level = 1; frontier; level++) {
                uint32_t reach = 0;
                for (uint32_t f = frontier; f; f &= f - 1)
                        reach |= adj[__builtin_ctz(f)];
                uint32_t fresh = reach & ~seen;
                /* paths to a new vertex: the sum over its neighbours in the
                 * frontier */
                for (uint32_t m = fresh; m; m &= m - 1) {
                        int v = __builtin_ctz(m);
                        uint32_t p = 0;
                        for (uint32_t f = adj[v] & frontier; f; f &= f - 1)
                                p += paths[__builtin_ctz(f)];
                        paths[v] = p;
                        dist[v] = level;
                }
                seen |= fresh;
                frontier = fresh;
        }
}

static void bench_kernel(const struct bench_input *in, struct bench_output *out,
                         int tid, int nthreads)
{
        (void)tid;
        (void)nthreads;
        for (;;) {
                uint32_t g = simty_atomic_add_relaxed(&next_graph, 1);
                if (g >= NG)
                        break;
                bfs(in->adj[g], out->dist[g], out->paths[g]);
        }
}

#include "bench_main.h"
