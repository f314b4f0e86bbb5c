/*
 * openlist.h - the open list: interchangeable strategies behind one
 * interface (the tutorial's unsorted list, sorted list and binary heap,
 * a 4-ary heap, and step queues for Dijkstra).
 *
 * Entries are ordered lowest first by f, the estimated total cost; among
 * equal f by the tie-break on h; among equal h by the insertion stamp t.
 * No two entries share a stamp, so the order is total and every strategy
 * pops the same sequence: they differ only in speed.
 *
 * Each strategy records an entry's position in its node's pos field, so
 * decrease-key finds the entry without searching.  The heap operations
 * are inline here so that the search loop can specialise on them.
 */
#ifndef OPENLIST_H
#define OPENLIST_H

#include <stddef.h>
#include <stdint.h>

/* Per-cell search state: 16 bytes. */
struct node {
	uint64_t g;		/* cost from the start, key units */
	uint32_t tag;		/* generation << 4 | closed << 3 | parent direction */
	uint32_t pos;		/* index of the node's open-list entry */
};

struct ol_entry {
	uint64_t f;
	uint64_t s;		/* the tie-break on h */
	uint32_t t;		/* insertion stamp, compared as is */
	uint32_t idx;		/* cell index */
};

enum ol_kind { OL_BINARY_HEAP, OL_SORTED_LIST, OL_UNSORTED_LIST, OL_QUAD_HEAP, OL_STEP_QUEUES };

#define OL_CHUNK  64		/* entries in a chunk of a step queue */
#define OL_NOCHUNK UINT32_MAX
#define OL_QUEUES 18		/* step costs: 9 terrains, straight and diagonal */

/* An entry of a step queue: no tie-break on h, which is 0 there. */
struct ol_qentry {
	uint64_t f;
	uint32_t t, idx;
};

struct openlist {
	enum ol_kind kind;
	struct ol_entry *e;	/* the heap, or the sorted or unsorted list */
	size_t n, cap;		/* entries in e, and room */
	struct node *node;

	/*
	 * The step queues (see ol_sq_push): one FIFO queue a step cost, each
	 * a chain of chunks in pool, and in e the entries of key last, sorted
	 * best last.
	 */
	struct ol_qentry *pool;
	uint32_t *next;		/* per chunk: the next chunk of its queue */
	size_t nchunk;		/* room in pool, in chunks */
	uint32_t fresh;		/* chunks never used yet start here */
	uint32_t freed;		/* chunks given back, chained by next */
	int failed;		/* a queue could not grow: out of memory */
	uint64_t last;		/* the key of the entries in e */
	uint64_t s;		/* their tie-break on h (h = 0: one value) */
	int fifo;		/* ties go oldest first, else newest first */
	unsigned nq;		/* queues in use: 0 to nq - 1 */
	uint32_t head[OL_QUEUES];	/* slot of the first entry; OL_NOCHUNK: empty */
	uint32_t tail[OL_QUEUES];	/* one past the last entry's slot */
};

/*
 * Forced inlining, except in sanitizer builds, which leave it to the
 * compiler: forced, the instrumented search loops take clang minutes and
 * gigabytes to compile, and they test the same code either way.
 */
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PF_SANITIZER 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) && !defined(PF_SANITIZER)
#define PF_SANITIZER 1
#endif
#if defined(__GNUC__) && !defined(PF_SANITIZER)
#define OL_INLINE inline __attribute__((always_inline))
#else
#define OL_INLINE inline
#endif

/*
 * Is a before b in the total order?  Without branches: on a grid f ties
 * are common (a third of the heap's comparisons) and which way one goes
 * is a coin toss, so a branch on it is mispredicted at every other tie;
 * a few more instructions cost less (measured: 3.3 against 1.3
 * mispredictions per expansion on AR0011SR).
 */
static OL_INLINE int
ol_less(const struct ol_entry *a, const struct ol_entry *b)
{
	return (a->f < b->f) | ((a->f == b->f) & ((a->s < b->s) | ((a->s == b->s) & (a->t < b->t))));
}

static OL_INLINE void
ol_place(struct openlist *ol, size_t i, const struct ol_entry *x)
{
	ol->e[i] = *x;
	ol->node[x->idx].pos = (uint32_t)i;
}

/*
 * d-ary heaps, root at 0, children of i at d*i+1 .. d*i+d.  The binary
 * heap is the tutorial's; the 4-ary heap does half as many levels and
 * its four children sit side by side (96 bytes).  Both move a hole rather than
 * swapping, and keep pos up to date.
 */
static OL_INLINE void
ol_heap_up(struct openlist *ol, size_t i, const struct ol_entry *x, const size_t d)
{
	while (i > 0) {
		size_t p = (i - 1) / d;

		if (!ol_less(x, &ol->e[p]))
			break;
		ol_place(ol, i, &ol->e[p]);
		i = p;
	}
	ol_place(ol, i, x);
}

/*
 * Refill the hole at the root with x (the former last entry).  x nearly
 * always belongs near the bottom, so the hole first goes all the way down
 * along the best children without comparing against x, and x then climbs
 * back the few levels it needs (Floyd's bottom-up variant): about half the
 * comparisons of the textbook sift-down.
 */
static OL_INLINE void
ol_heap_down(struct openlist *ol, size_t i, const struct ol_entry *x, const size_t d)
{
	size_t n = ol->n, c, k, best;

	while ((c = d * i + 1) < n) {
		best = c;
		if (d == 4 && c + 3 < n) {	/* a full group: no bounds checks */
			/*
			 * Which child wins is a coin toss to the branch
			 * predictor, so the choices are arithmetic.
			 */
			size_t b1 = c + (size_t)ol_less(&ol->e[c + 1], &ol->e[c]);
			size_t b2 = c + 2 + (size_t)ol_less(&ol->e[c + 3], &ol->e[c + 2]);

			best = b1 ^ ((b1 ^ b2) & -(size_t)ol_less(&ol->e[b2], &ol->e[b1]));
		} else
			for (k = c + 1; k < c + d && k < n; k++)
				if (ol_less(&ol->e[k], &ol->e[best]))
					best = k;
		ol_place(ol, i, &ol->e[best]);
		i = best;
	}
	ol_heap_up(ol, i, x, d);
}

/*
 * The 4-ary heap's operations, for a loop that specialises on them.
 */
static OL_INLINE void
ol_quad_push(struct openlist *ol, const struct ol_entry *x)
{
	ol_heap_up(ol, ol->n++, x, 4);
}

static OL_INLINE void
ol_quad_decrease(struct openlist *ol, const struct ol_entry *x)
{
	ol_heap_up(ol, ol->node[x->idx].pos, x, 4);
}

static OL_INLINE int
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
int	ol_sq_next(struct openlist *, struct ol_entry *);

static OL_INLINE void
ol_sq_push(struct openlist *ol, unsigned q, const struct ol_entry *x)
{
	uint32_t slot = ol->tail[q];

	if (slot % OL_CHUNK == 0) {	/* the tail chunk is full, or none */
		uint32_t ch;

		if (ol->freed != OL_NOCHUNK) {
			ch = ol->freed;
			ol->freed = ol->next[ch];
		} else {
			if (ol->fresh == ol->nchunk && ol_sq_grow(ol) != 0)
				return;
			ch = ol->fresh++;
		}
		ol->next[ch] = OL_NOCHUNK;
		if (ol->head[q] == OL_NOCHUNK)
			ol->head[q] = ch * OL_CHUNK;
		else
			ol->next[slot / OL_CHUNK - 1] = ch;
		slot = ch * OL_CHUNK;
	}
	if (q >= ol->nq)
		ol->nq = q + 1;
	ol->pool[slot].f = x->f;
	ol->pool[slot].t = x->t;
	ol->pool[slot].idx = x->idx;
	ol->tail[q] = slot + 1;
}

static OL_INLINE int
ol_sq_pop(struct openlist *ol, struct ol_entry *out)
{
	if (ol->n == 0)
		return ol_sq_next(ol, out);
	*out = ol->e[--ol->n];
	return 1;
}

int	openlist_init(struct openlist *, enum ol_kind, struct node *, size_t);
void	openlist_free(struct openlist *);
void	openlist_push(struct openlist *, const struct ol_entry *);
void	openlist_decrease(struct openlist *, const struct ol_entry *);
int	openlist_pop(struct openlist *, struct ol_entry *);
void	openlist_steps(struct openlist *, const uint64_t[2], int, unsigned char[2][10]);
size_t	openlist_bound(const struct openlist *);
size_t	openlist_copy(const struct openlist *, struct ol_entry *);

#endif
