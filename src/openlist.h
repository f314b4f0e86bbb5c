/*
 * openlist.h - the open list: interchangeable strategies behind one
 * interface (the tutorial's unsorted list, sorted list and binary heap,
 * a 4-ary heap, step queues for Dijkstra and buckets for A*).
 *
 * Entries are ordered lowest first by f, the estimated total cost; among
 * equal f by the tie-break on h; among equal h by the insertion stamp t.
 * No two entries share a stamp, so the order is total and every strategy
 * pops the same sequence: they differ only in speed.
 *
 * The heaps and lists record an entry's position in an array a cell, pos,
 * so decrease-key finds the entry without searching; the step queues and
 * the buckets never move an entry, and leave stale ones behind instead.
 * The operations are inline here so that the search loop can specialise
 * on them.
 */
#ifndef OPENLIST_H
#define OPENLIST_H

#include <stddef.h>
#include <stdint.h>

#include "inline.h"
#include "search.h"		/* enum ol_kind */

/*
 * Per-cell search state: 12 bytes.  Private, like all of this header, to
 * search.c, jps.c and openlist.c.
 *
 * Packed where the compiler can, so that g is aligned to 4 bytes only:
 * on the generated 8192x8192 maps A*'s first touch of its memory took
 * 0.49-0.80 of the time a node with 12-byte nodes against 16, and the
 * peak resident size fell by a quarter, for 1-4% more time on the open
 * 512x512 and 1024x1024 maps, where the 16-byte nodes cost nothing in
 * memory (a node's address is its index times 12, not a shift; item 2
 * in BENCHMARKS.md).  The open list needs no field of its own here: the
 * heaps and the lists keep their entries' places in an array of their
 * own (pos below), and the buckets and the step queues tell a stale
 * entry by its node (ol_bk_pop, ol_sq_next).
 */
#if defined(__GNUC__)
#define NODE_PACKED __attribute__((packed, aligned(4)))
#else
#define NODE_PACKED
#endif
struct NODE_PACKED node {
	uint64_t g;		/* cost from the start, key units */
	uint32_t tag;		/* the search's own (search_impl.h); the buckets test one bit of it */
};

struct ol_entry {
	uint64_t f;
	uint64_t s;		/* the tie-break on h */
	uint32_t t;		/* insertion stamp, compared as is */
	uint32_t idx;		/* cell index */
};

#define OL_CHUNK  64		/* entries in a chunk of a step queue */
#define OL_NOCHUNK UINT32_MAX
#define OL_QUEUES 18		/* step costs: 9 terrains, straight and diagonal */

#define OL_NBUCKET 64		/* buckets of keys ahead of the heap (ol_bk_insert) */
#define OL_OVERFLOW OL_NBUCKET	/* the chain of keys beyond them */

/* An entry of a step queue: no tie-break on h, which is 0 there. */
struct ol_qentry {
	uint64_t f;
	uint32_t t, idx;
};

/*
 * Chunks of OL_CHUNK entries, named by index into an array of entries
 * kept beside this, chained into queues or buckets by next: the ones
 * never used start at fresh, the ones given back are chained from freed.
 */
struct ol_chunks {
	uint32_t *next;		/* per chunk: the next chunk of its chain */
	size_t n;		/* room, in chunks */
	uint32_t fresh;
	uint32_t freed;
};

struct openlist {
	enum ol_kind kind;
	struct ol_entry *e;	/* the heap, or the sorted or unsorted list */
	size_t n, cap;		/* entries in e, and room */
	struct node *node;
	size_t ncells;		/* of the search's grid */
	uint32_t *pos;		/* the heaps and lists: pos[i], the place in e of node i's entry */
	size_t poscap;		/* room in pos, in nodes */
	uint32_t deadmask, dead;	/* the buckets: node tags & deadmask == dead are closed */

	/*
	 * The step queues (see ol_sq_push): one FIFO queue a step cost, each
	 * a chain of chunks in pool, and in e the entries of key last, sorted
	 * best last.
	 */
	struct ol_qentry *pool;
	struct ol_chunks sq;
	int failed;		/* a queue or bucket could not grow: out of memory */
	uint64_t last;		/* the key of the entries in e */
	uint64_t s;		/* their tie-break on h (h = 0: one value) */
	int fifo;		/* ties go oldest first, else newest first */
	unsigned nq;		/* queues in use: 0 to nq - 1 */
	unsigned char qord[OL_QUEUES];	/* the queues by step cost (openlist_steps) */
	unsigned char rank[OL_QUEUES];	/* and each queue's place there */
	uint32_t head[OL_QUEUES];	/* slot of the first entry; OL_NOCHUNK: empty */
	uint32_t tail[OL_QUEUES];	/* one past the last entry's slot */

	/*
	 * The buckets (see ol_bk_insert): chains of chunks in bpool, one a
	 * bucket and one for the overflow, chain b starting at chunk b
	 * (ol_bk_put); e (sorted) and a (a heap) hold the keys below bend,
	 * the current bucket's end.
	 */
	struct ol_entry *bpool;
	struct ol_chunks bk;
	uint32_t bslot[OL_NBUCKET + 1];	/* one past the last entry's slot */
	struct ol_entry *a;	/* the heap of keys pushed into the current bucket */
	size_t na, acap;
	int ahole;		/* a[0] was taken, not refilled: na - 1 live (ol_bk_pop) */
	uint64_t bmask;		/* buckets that are not empty */
	uint64_t bend;		/* keys below this are in e or a */
	uint64_t ovmin;		/* no key in the overflow is below this */
	unsigned shift;		/* a bucket is 2^shift key units wide */
	size_t nb;		/* entries in the buckets, stale ones included */
	uint32_t *bix;		/* a bucket of several chunks: its entries' places (bk_take_sorted) */
	size_t bixcap;
};

/*
 * Is a before b in the total order?  Without branches: on a grid f ties
 * are common (a third of the heap's comparisons) and which way one goes
 * is a coin toss, so a branch on it is mispredicted at every other tie;
 * a few more instructions cost less (measured: 3.3 against 1.3
 * mispredictions per expansion on AR0011SR).
 */
static PF_INLINE int
ol_less(const struct ol_entry *a, const struct ol_entry *b)
{
	return (a->f < b->f) | ((a->f == b->f) & ((a->s < b->s) | ((a->s == b->s) & (a->t < b->t))));
}

static PF_INLINE void
ol_put(struct ol_entry *e, uint32_t *pos, size_t i, const struct ol_entry *x)
{
	e[i] = *x;
	if (pos != NULL)
		pos[x->idx] = (uint32_t)i;
}

static PF_INLINE void
ol_place(struct openlist *ol, size_t i, const struct ol_entry *x)
{
	ol_put(ol->e, ol->pos, i, x);
}

/*
 * d-ary heaps in e, root at 0, children of i at d*i+1 .. d*i+d.  The
 * binary heap is the tutorial's; the 4-ary heap does half as many levels
 * and its four children sit side by side (96 bytes).  Both move a hole
 * rather than swapping, and keep pos up to date unless it is NULL.
 */
static PF_INLINE void
ol_up(struct ol_entry *e, uint32_t *pos, size_t i, const struct ol_entry *x, const size_t d)
{
	while (i > 0) {
		size_t p = (i - 1) / d;

		if (!ol_less(x, &e[p]))
			break;
		ol_put(e, pos, i, &e[p]);
		i = p;
	}
	ol_put(e, pos, i, x);
}

/* The least child of a node of the n-entry d-ary heap e whose first child is at c < n. */
static PF_INLINE size_t
ol_best_child(const struct ol_entry *e, size_t n, size_t c, const size_t d)
{
	size_t k, best = c;

	if (d == 4 && c + 3 < n) {	/* a full group: no bounds checks */
		/*
		 * Which child wins is a coin toss to the branch predictor, so
		 * the choices are arithmetic.
		 */
		size_t b1 = c + (size_t)ol_less(&e[c + 1], &e[c]);
		size_t b2 = c + 2 + (size_t)ol_less(&e[c + 3], &e[c + 2]);

		best = b1 ^ ((b1 ^ b2) & -(size_t)ol_less(&e[b2], &e[b1]));
	} else
		for (k = c + 1; k < c + d && k < n; k++)
			if (ol_less(&e[k], &e[best]))
				best = k;
	return best;
}

/*
 * Refill the hole at i of the n-entry heap e with x (the former last
 * entry).  x nearly always belongs near the bottom, so the hole first
 * goes all the way down along the best children without comparing
 * against x, and x then climbs back the few levels it needs (Floyd's
 * bottom-up variant): about half the comparisons of the textbook
 * sift-down.
 */
static PF_INLINE void
ol_down(struct ol_entry *e, size_t n, uint32_t *pos, size_t i, const struct ol_entry *x,
    const size_t d)
{
	size_t c, best;

	while ((c = d * i + 1) < n) {
		best = ol_best_child(e, n, c, d);
		ol_put(e, pos, i, &e[best]);
		i = best;
	}
	ol_up(e, pos, i, x, d);
}

static PF_INLINE void
ol_heap_up(struct openlist *ol, size_t i, const struct ol_entry *x, const size_t d)
{
	ol_up(ol->e, ol->pos, i, x, d);
}

static PF_INLINE void
ol_heap_down(struct openlist *ol, size_t i, const struct ol_entry *x, const size_t d)
{
	ol_down(ol->e, ol->n, ol->pos, i, x, d);
}

/*
 * The 4-ary heap's operations, for a loop that specialises on them.
 */
/*
 * The heaps and the lists grow their array as they fill (ol_room): a full
 * array doubles, a few times in a search at most, and a list that cannot
 * grow drops the entry and is marked failed, as the buckets are.  The
 * search is void then, and goes on only to its end: a decrease-key, whose
 * node may be the one dropped, with no entry at its pos, does nothing.
 */
int	ol_room(struct openlist *);

static PF_INLINE void
ol_quad_push(struct openlist *ol, const struct ol_entry *x)
{
	if (ol->n == ol->cap && ol_room(ol) != 0)
		return;
	ol_heap_up(ol, ol->n++, x, 4);
}

static PF_INLINE void
ol_quad_decrease(struct openlist *ol, const struct ol_entry *x)
{
	if (ol->failed)
		return;
	ol_heap_up(ol, ol->pos[x->idx], x, 4);
}

static PF_INLINE int
ol_quad_pop(struct openlist *ol, struct ol_entry *out)
{
	if (ol->n == 0)
		return 0;
	*out = ol->e[0];
	if (--ol->n > 0)
		ol_heap_down(ol, 0, &ol->e[ol->n], 4);
	return 1;
}

/*
 * The step queues, for Dijkstra (keys g, which only grow).  A key is the
 * key of the node being expanded, last, plus the cost of one step, and
 * nodes are expanded in order of key: so the keys pushed with any one
 * step cost come in order, and a FIFO queue for each step cost is sorted
 * by key without comparing anything.  The least key overall is at the head
 * of one of the queues.  A cheaper path for an open node is one more push
 * (into the queue of its new step cost, which cannot be the old one, as
 * keys in one queue only grow); the entry left behind is stale, as its key
 * is no longer the node's g, and is dropped when it reaches the head.  So a
 * cell has at most one entry a queue.
 *
 * Equal keys must still leave in the order of the tie-break, that is of
 * their stamps; as every key pushed is above last, the entries of the
 * next key are all in the queues when its turn comes, and move into e,
 * sorted (ol_sq_next).
 */
int	ol_sq_grow(struct openlist *);
int	ol_sq_next(struct openlist *);

/*
 * A chunk to append to a chain: one given back, or a fresh one, after
 * grow when there are none; OL_NOCHUNK when out of memory.
 */
static PF_INLINE uint32_t
ol_chunk(struct openlist *ol, struct ol_chunks *c, int (*grow)(struct openlist *))
{
	uint32_t ch;

	if (c->freed != OL_NOCHUNK) {
		ch = c->freed;
		c->freed = c->next[ch];
	} else {
		if (c->fresh == c->n && grow(ol) != 0)
			return OL_NOCHUNK;
		ch = c->fresh++;
	}
	c->next[ch] = OL_NOCHUNK;
	return ch;
}

static PF_INLINE void
ol_sq_push(struct openlist *ol, unsigned q, const struct ol_entry *x)
{
	uint32_t slot = ol->tail[q];

	if (slot % OL_CHUNK == 0) {	/* the tail chunk is full, or none */
		uint32_t ch = ol_chunk(ol, &ol->sq, ol_sq_grow);

		if (ch == OL_NOCHUNK)
			return;
		if (ol->head[q] == OL_NOCHUNK)
			ol->head[q] = ch * OL_CHUNK;
		else
			ol->sq.next[slot / OL_CHUNK - 1] = ch;
		slot = ch * OL_CHUNK;
	}
	if (q >= ol->nq)
		ol->nq = q + 1;
	ol->pool[slot].f = x->f;
	ol->pool[slot].t = x->t;
	ol->pool[slot].idx = x->idx;
	ol->tail[q] = slot + 1;
}

static PF_INLINE int
ol_sq_pop(struct openlist *ol, struct ol_entry *out)
{
	if (ol->n == 0 && !ol_sq_next(ol))
		return 0;
	*out = ol->e[--ol->n];
	return 1;
}

/*
 * The buckets, for A* (keys f = g + h).  With a consistent heuristic no
 * key pushed is below the key last taken, nor more than a step plus h's
 * change over it above: all the keys on the list lie in a window a few
 * steps wide, which slides up as the search goes on.  The window is cut
 * into OL_NBUCKET buckets of 2^shift key units (openlist_buckets).  Only
 * the keys of the lowest bucket that is not empty, the current one, are
 * kept in order; a key beyond it goes into its bucket, an unsorted chain,
 * in O(1).  When the current bucket is used up, the next one is sorted
 * into e, best last (openlist.c, sort_bucket), and taken
 * from the end.
 * Keys pushed into the current bucket meanwhile go into a 4-ary heap of
 * their own, in a: with a consistent h and the default tie-break these
 * are mostly children with the parent's f.  The sorted array and the
 * small heap cost about half the comparisons of one heap of everything.
 * A bucket is a small slice of f (a 22nd of a straight step on a
 * uniform map: bucket_shift), so such a child mostly comes before every
 * entry left in e, and then goes after them in e instead (ol_bk_insert),
 * which keeps e in order.  On every 20th query of the six MovingAI maps
 * of BENCHMARKS.md each push into the current bucket found e empty or
 * came before its last entry (Berlin_0_1024 4,161,411 pushes, random512-40-0
 * 1,272,372); with the children put in e, 94.5% (random512-40-0) to 100%
 * (maze512-1-0) of those that find e holding entries come before its
 * last.  The pop then finds the small heap empty far more often, a
 * branch it mispredicted: cachegrind's model, every 20th query,
 * random512-40-0 15.8 -> 13.9 million mispredictions, Berlin_0_1024 (every
 * 40th) 3.96 -> 3.29; 0.1-1.0% fewer instructions (the maze 0.25% more), and
 * 0.933 (Berlin_0_1024), 0.975 (brc202d), 0.985 (orz900d) and 0.991
 * (AR0011SR) of the time, the maze 1.000 and random512-40-0 1.006 (in
 * turns, pinned, medians of 11 to 15 rounds).  Not where e is empty:
 * with those pushes put in e too, random512-40-0 took 1.04 of the time
 * (1.035 with the loops aligned otherwise) for fewer instructions and
 * fewer mispredictions in cachegrind's model, which does not say why.
 *
 * On an open map the small heap grows: the nodes of one f found while
 * its bucket is taken (at 86% of the pushes into it on Berlin_0_1024 it
 * held 16 to 1,023 entries, on AR0011SR 69%; on random512-40-0 it never
 * held 16, on the maze never two; counted when every push into the
 * current bucket went into the heap, where now it takes those that find
 * e empty, 40% of them on Berlin_0_1024).  There a node taken from the heap is mostly
 * followed by a child of lower h on the same f, the new least entry.
 * So its root is not refilled when it is taken (ahole): the next key
 * pushed into the heap goes into the root and down as far as it must
 * (ol_bk_replace), which for that child is not at all (one comparison,
 * with the entry just taken, tells), where refilling
 * from the last entry and then pushing the child took two walks over the
 * heap's height.  Only a pop that finds the hole still there refills it
 * as before (ol_bk_settle).  A hole is left only in a heap of two or
 * more, so a heap with a hole is never empty.
 *
 * No entry is ever moved for a cheaper path: the new entry goes where its
 * key says, and the old one is stale.  Nothing in the node says which is
 * which, and nothing needs to: a cheaper path is a lower g and the same
 * h, so a lower f (g + h, or g plus h weighted: h is the cell's), and
 * the entries come off in the order of their keys; so a node's live
 * entry, its last, comes off before any stale one, and the search closes
 * the node as it takes it (it never reopens one).  An entry whose node
 * is closed is stale, then, and no other comes off: the search says
 * which tags are closed (openlist_dead).  Stale entries are dropped when
 * they come up, and those of closed nodes from all the chains when the
 * chunks run out (ol_bk_full).  Those of open ones stay until their node
 * is closed: a copy of the list (openlist_copy) may hold them, after the
 * node's live entry in the order of keys.  A field a node for the live
 * entry's stamp, as there was, took a third more memory for the nodes
 * (item 2 in BENCHMARKS.md).
 *
 * Nothing depends on the heuristic for correctness: a key below the
 * current bucket (an inconsistent or weighted h) goes into the heap,
 * which is where the least keys are; one beyond the window into the
 * overflow chain, whose least key is remembered and whose entries move
 * back into the buckets when the search gets there.
 */
int	ol_bk_grow(struct openlist *);
int	ol_bk_full(struct openlist *);
int	ol_bk_refill(struct openlist *);
int	ol_bk_room(struct openlist *);
void	ol_bk_replace(struct openlist *, const struct ol_entry *);
void	ol_bk_settle(struct openlist *);

/*
 * Append x to chain b (a bucket, or the overflow).  Every chain keeps its
 * first chunk, chunk b, empty or not, and a chunk's first slot is never
 * used, so that "the last chunk is full" is the one test an append makes,
 * whatever the chain held.  With a chain emptied down to nothing, as a
 * maze's small buckets mostly are, the first append took a chunk, a
 * branch that was a coin toss: 0.29 mispredictions an expansion on
 * maze512-1-0, 11% of them (cachegrind).  Every 20th query of the six
 * MovingAI maps of BENCHMARKS.md: 0.08-0.27 fewer an expansion
 * (maze512-1-0 2.60 -> 2.33; Berlin_0_1024's the same), the instructions
 * within one, and 0.89-0.97 of the time on four of them, interleaved
 * (AR0011SR and Berlin_0_1024 within their noise).  JPS on AR0011SR,
 * whose short searches put a few entries in many chains, took 2.6% more
 * time, with twice the write misses at the appends in cachegrind's
 * first-level cache.  Neither the chains' first slots spread over the
 * cache's sets nor each search's chains counted from its first key took
 * those misses away (BENCHMARKS.md, item 3): what the 2.6% is, is open.
 */
static PF_INLINE void
ol_bk_put(struct openlist *ol, unsigned b, const struct ol_entry *x)
{
	uint32_t slot = ol->bslot[b];

	if (slot % OL_CHUNK == 0) {	/* the last chunk is full */
		if (ol->bk.freed == OL_NOCHUNK && ol->bk.fresh == ol->bk.n) {
			/* No chunk left: drop the stale entries, or grow (ol_bk_full). */
			if (ol_bk_full(ol) != 0)
				return;
			slot = ol->bslot[b];
		}
		if (slot % OL_CHUNK == 0) {
			uint32_t ch = ol_chunk(ol, &ol->bk, ol_bk_grow);

			if (ch == OL_NOCHUNK)
				return;
			ol->bk.next[slot / OL_CHUNK - 1] = ch;
			slot = ch * OL_CHUNK + 1;
		}
	}
	ol->bpool[slot] = *x;
	ol->bslot[b] = slot + 1;
	ol->nb++;
}

/* Put x on the list (openlist_push for the first, the start). */
static PF_INLINE void
ol_bk_insert(struct openlist *ol, const struct ol_entry *x)
{
	uint64_t d;

	if (x->f < ol->bend) {
		/*
		 * Before e's last entry (a child on its parent's f, of
		 * lower h): after it, in e, which stays in order
		 * (openlist.h, the buckets).
		 */
		if (ol->n != 0 && ol->n < ol->cap && ol_less(x, &ol->e[ol->n - 1])) {
			ol->e[ol->n++] = *x;
			return;
		}
		if (ol->ahole) {	/* the root just taken (ol_bk_pop) */
			/*
			 * A copy goes out of line, not x: with x's address
			 * passed on, the loops kept the key they build in
			 * memory, field by field, and each append to a chain
			 * then read it back whole, 16 bytes over two 8-byte
			 * stores, which cannot be forwarded (perf on AR0011SR:
			 * the appends' copies held 18% of the loop's samples).
			 * Now the appends store the loop's registers: 0.6%
			 * fewer instructions, 1-2% less time on AR0011SR.
			 */
			struct ol_entry y = *x;

			ol_bk_replace(ol, &y);
			return;
		}
		if (ol->na == ol->acap && ol_bk_room(ol) != 0)
			return;
		ol_up(ol->a, NULL, ol->na++, x, 4);
		return;
	}
	/* Buckets ahead of the current one: 1 to OL_NBUCKET - 1. */
	d = (x->f >> ol->shift) - ((ol->bend - 1) >> ol->shift);
	if (d < OL_NBUCKET) {
		unsigned b = (unsigned)(x->f >> ol->shift) % OL_NBUCKET;

		ol->bmask |= (uint64_t)1 << b;
		ol_bk_put(ol, b, x);
	} else {
		if (x->f < ol->ovmin)
			ol->ovmin = x->f;
		ol_bk_put(ol, OL_OVERFLOW, x);
	}
}

static PF_INLINE int
ol_bk_pop(struct openlist *ol, struct ol_entry *out)
{
	for (;;) {
		int froma = 0;

		if (ol->na != 0) {
			if (ol->ahole)	/* no key came since: refill the root */
				ol_bk_settle(ol);
			froma = ol->n == 0 || ol_less(&ol->a[0], &ol->e[ol->n - 1]);
		}
		if (froma) {
			*out = ol->a[0];
			if (ol->na > 1)
				ol->ahole = 1;
			else
				ol->na = 0;	/* a heap of one: empty now */
		} else if (ol->n != 0)
			*out = ol->e[--ol->n];
		else if (!ol_bk_refill(ol))
			return 0;
		else
			continue;
		if ((ol->node[out->idx].tag & ol->deadmask) != ol->dead)
			return 1;
	}
}

int	openlist_init(struct openlist *, enum ol_kind, struct node *, size_t);
int	openlist_nodes(struct openlist *, struct node *, size_t);
void	openlist_free(struct openlist *);
void	openlist_push(struct openlist *, const struct ol_entry *);
void	openlist_decrease(struct openlist *, const struct ol_entry *);
int	openlist_pop(struct openlist *, struct ol_entry *);
void	openlist_steps(struct openlist *, const uint64_t[2], int, unsigned char[2][10]);
void	openlist_buckets(struct openlist *, unsigned);
void	openlist_dead(struct openlist *, uint32_t, uint32_t);
size_t	openlist_bound(const struct openlist *);
size_t	openlist_copy(const struct openlist *, struct ol_entry *);

#endif
