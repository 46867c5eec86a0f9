/*
 * sync_queue.c - a bounded multi-producer multi-consumer queue (a ring of
 * N = W*T slots, tickets from amoadd.w, a sequence word per slot), used by
 * every thread as producer and consumer.
 *
 * Round r (ROUNDS rounds): every thread enqueues the item r * N + tid, then
 * dequeues one item.  Enqueue: ticket t = amoadd(tail, 1), slot t % N, lap
 * t / N; wait until seq[slot] == 2 lap (free for this lap), write the value,
 * then seq[slot] = 2 lap + 1 (release).  Dequeue: ticket h = amoadd(head, 1);
 * wait until seq[slot] == 2 lap + 1, read the value, seq[slot] = 2 lap + 2.
 *
 * No lane waits for a lane of its own warp, so this needs no forward-
 * progress rule: a warp finishes its enqueues (every lane, the calls being
 * deeper than main) before any of its lanes dequeues, and its round r before
 * its round r + 1.  A lane waiting to dequeue h needs enqueue h done: drawn
 * (head <= tail) and, if by its own warp, done.  A lane waiting to enqueue
 * ticket t needs dequeue t - N done: that ticket is already drawn (tail -
 * head <= N, each thread being at most one enqueue ahead of its dequeues),
 * not in its own warp's current dequeues (not started), and its enqueue
 * t - N is not by a lane of the same amoadd instruction as t provided fewer
 * than N tickets are drawn between two passes of one instruction -- true
 * when warps take turns (Simty issues round robin: at most (T-1)(W-1) other
 * passes meanwhile, plus T-2 of its own lanes).
 *
 *   1  a dequeued item is one of the ROUNDS * N produced, and nobody else
 *      dequeued it (amoor.w on a bitmap finds its bit clear)
 *   2  after a barrier of all threads: each thread's ROUNDS items were
 *      dequeued (their bits are set)
 *   3  the sum of the dequeued items (amoadd.w) is that of all items
 *   4  head == tail == ROUNDS * N
 */
#include "simt.h"
#include "simty_sync.h"

#define MAXN 4096
#define ROUNDS 4

static volatile uint32_t seq[MAXN], val[MAXN];
static volatile uint32_t tail, head;
static volatile uint32_t taken[ROUNDS * MAXN / 32];
static volatile uint32_t sum;
static simty_barrier_t bar;

static NOINLINE void enqueue(uint32_t v, uint32_t n, int lg)
{
        uint32_t t = simty_atomic_add_relaxed(&tail, 1);
        uint32_t s = t & (n - 1), lap = t >> lg;
        while (seq[s] != 2 * lap)
                ;
        __atomic_thread_fence(__ATOMIC_ACQUIRE);
        val[s] = v;
        simty_atomic_store(&seq[s], 2 * lap + 1);
}

static NOINLINE uint32_t dequeue(uint32_t n, int lg)
{
        uint32_t h = simty_atomic_add_relaxed(&head, 1);
        uint32_t s = h & (n - 1), lap = h >> lg;
        while (seq[s] != 2 * lap + 1)
                ;
        __atomic_thread_fence(__ATOMIC_ACQUIRE);
        uint32_t v = val[s];
        simty_atomic_store(&seq[s], 2 * lap + 2);
        return v;
}

int main(void)
{
        uint32_t tid = (uint32_t)simty_tid(), n = (uint32_t)simty_nthreads();
        int lg = __builtin_ctz(n);              /* N is a power of two */

        for (uint32_t r = 0; r < ROUNDS; r++) {
                enqueue(r * n + tid, n, lg);
                uint32_t v = dequeue(n, lg);
                uint32_t bit = 1u << (v % 32);
                CHECK(1, v < ROUNDS * n && (simty_atomic_or(&taken[v / 32], bit) & bit) == 0);
                simty_atomic_add(&sum, v);
        }

        simty_barrier_wait(&bar);

        for (uint32_t r = 0; r < ROUNDS; r++) {
                uint32_t v = r * n + tid;
                CHECK(2, taken[v / 32] & (1u << (v % 32)));
        }
        uint32_t m = ROUNDS * n;
        CHECK(3, sum == m * (m - 1) / 2);
        CHECK(4, head == m && tail == m);
        return simt_done();
}
