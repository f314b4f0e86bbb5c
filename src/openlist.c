/* openlist.c - see openlist.h. */
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "openlist.h"

/* Room for n entries in e, keeping those it holds.  -1 when out of memory. */
static int
e_room(struct openlist *ol, size_t n)
{
	struct ol_entry *e;

	if (n <= ol->cap)
		return 0;
	if ((e = realloc(ol->e, n * sizeof(*e))) == NULL)
		return -1;
	ol->e = e;
	ol->cap = n;
	return 0;
}

/*
 * The room in e the buckets and the step queues need, with pool entries
 * in their chunks: e takes the entries of one bucket (bk_take_sorted) or
 * the ties of one key (ol_sq_next), never more than the chunks hold.
 * The step queues' live entries are one a cell at most; the buckets may
 * keep several entries of an open node (ol_bk_pop), and bk_take_sorted
 * may write one past those it keeps.
 */
static int
e_follow(struct openlist *ol, size_t pool)
{
	if (ol->kind == OL_BUCKETS)
		pool++;
	else if (pool > ol->ncells + 1)
		pool = ol->ncells + 1;
	if (e_room(ol, pool) != 0) {
		ol->failed = 1;
		return -1;
	}
	return 0;
}

/*
 * e is full (the heaps and the lists): twice the room, 4,096 entries at
 * first, and never more than a list can hold, an entry a cell.  -1, and
 * the list marked failed, when out of memory.
 */
int
ol_room(struct openlist *ol)
{
	size_t n = ol->cap < 4096 ? 4096 : ol->cap * 2;

	if (n > ol->ncells)
		n = ol->ncells > ol->n ? ol->ncells : ol->n + 1;
	if (e_room(ol, n) != 0) {
		ol->failed = 1;
		return -1;
	}
	return 0;
}

static int	sq_grow(struct openlist *, size_t);
static int	bk_grow(struct openlist *, size_t);

/*
 * Prepare for a search over ncells cells.  Nothing here takes room by
 * the cell: a list holds the open nodes (and the buckets and the step
 * queues the stale entries of improved ones too), which on a large map
 * are a small part of its cells, so every list grows with what it
 * holds.  The heaps and the lists double e when full (ol_room), keeping
 * what they had from earlier searches.  The step queues' and the
 * buckets' chunks are reused as soon as they are read: they need room
 * for the widest frontier of a search, not for the map.  So they start
 * with 16,384 entries (the buckets with 8,192, a chunk of 64 for each
 * of their 65 chains and 63 more, and 256 in the heap of the current
 * bucket) and double when full (ol_sq_grow, ol_bk_grow, ol_bk_room): a
 * few times in a process, in the largest searches; e, which holds a
 * bucket or the ties of one key, grows with them (e_follow).  So on a
 * large map they take memory, and address space, for what the search
 * holds rather than 24 bytes a cell, reserved whether used or not.
 */
int
openlist_init(struct openlist *ol, enum ol_kind kind, struct node *node, size_t ncells)
{
	ol->kind = kind;
	ol->node = node;
	ol->ncells = ncells;
	ol->n = 0;
	ol->failed = 0;
	ol->deadmask = ol->dead = 0;	/* the search's: openlist_dead, before any push */
	if (kind == OL_BUCKETS || kind == OL_STEP_QUEUES) {
		free(ol->pos);	/* the heaps' and lists' alone */
		ol->pos = NULL;
		ol->poscap = 0;
	} else if (ncells > ol->poscap) {
		free(ol->pos);
		ol->poscap = 0;
		if (ncells > SIZE_MAX / sizeof(*ol->pos) ||
		    (ol->pos = malloc(ncells * sizeof(*ol->pos))) == NULL)
			return -1;
		ol->poscap = ncells;
	}
	if (kind == OL_BUCKETS) {
		unsigned b;

		/*
		 * A chunk for each chain (ol_bk_put), and about as many again,
		 * taken in one step, and so the step queues' 256 below: grown
		 * from 64 as they were, each step's memory was copied into
		 * the next's, pages faulted in for nothing but the copy (a
		 * process that solves one small map: 186 -> 94 page faults,
		 * 1,061 -> 903 microseconds; BENCHMARKS.md, item 6).
		 */
		if (ol->bk.n < OL_NBUCKET + 2 && bk_grow(ol, OL_NBUCKET + 2) != 0)
			return -1;
		if (e_follow(ol, ol->bk.n * OL_CHUNK) != 0)
			return -1;
		ol->bk.fresh = OL_NBUCKET + 1;
		ol->bk.freed = OL_NOCHUNK;
		/* chain b: chunk b, empty (OL_NOCHUNK is all ones: memset) */
		for (b = 0; b < OL_NBUCKET; b++)
			ol->bslot[b] = b * OL_CHUNK + 1;
		ol->bslot[OL_OVERFLOW] = OL_OVERFLOW * OL_CHUNK + 1;
		memset(ol->bk.next, 0xff, (OL_NBUCKET + 1) * sizeof(*ol->bk.next));
		ol->bmask = 0;
		ol->nb = 0;
		ol->na = 0;
		ol->ahole = 0;
		ol->ovmin = UINT64_MAX;
		ol->shift = 0;
		ol->bend = 0;
	}
	if (kind == OL_STEP_QUEUES) {
		if (ol->sq.n < 256 && sq_grow(ol, 256) != 0)
			return -1;
		if (e_follow(ol, ol->sq.n * OL_CHUNK) != 0)
			return -1;
		ol->sq.fresh = 0;
		ol->sq.freed = OL_NOCHUNK;
		ol->last = 0;
		ol->nq = 0;
	}
	return 0;
}

/*
 * The nodes moved to node, with room for ncells (JPS's pool, grown in
 * the middle of a search: search.c, jps_grow), the entries kept.  -1 when
 * out of memory for the places of the heaps' and lists' entries; the
 * nodes are node's all the same.
 */
int
openlist_nodes(struct openlist *ol, struct node *node, size_t ncells)
{
	uint32_t *pos;

	ol->node = node;
	if (ol->kind != OL_BUCKETS && ol->kind != OL_STEP_QUEUES && ncells > ol->poscap) {
		if (ncells > SIZE_MAX / sizeof(*pos) ||
		    (pos = realloc(ol->pos, ncells * sizeof(*pos))) == NULL)
			return -1;
		ol->pos = pos;
		ol->poscap = ncells;
	}
	ol->ncells = ncells;
	return 0;
}

void
openlist_free(struct openlist *ol)
{
	free(ol->e);
	free(ol->pool);
	free(ol->sq.next);
	free(ol->bpool);
	free(ol->bk.next);
	free(ol->a);
	free(ol->bix);
	free(ol->pos);
	ol->pos = NULL;
	ol->poscap = 0;
	ol->a = NULL;
	ol->na = ol->acap = 0;
	ol->bix = NULL;
	ol->bixcap = 0;
	ol->ahole = 0;
	ol->e = NULL;
	ol->pool = NULL;
	ol->sq.next = NULL;
	ol->bpool = NULL;
	ol->bk.next = NULL;
	ol->cap = ol->n = ol->sq.n = ol->bk.n = 0;
}

/*
 * Room for more chunks in c, of entries of size sz in *pool: twice as
 * many, and at least want, in one step.  Chunks are named by index, so
 * moving them is harmless.  Returns -1, and marks the list failed, when
 * out of memory.
 */
static int
chunks_grow(struct openlist *ol, struct ol_chunks *c, void **pool, size_t sz, size_t want)
{
	size_t n = c->n < 64 ? 64 : c->n * 2;
	void *p;
	uint32_t *next;

	while (n < want)
		n *= 2;
	if (n * OL_CHUNK > UINT32_MAX || (p = realloc(*pool, n * OL_CHUNK * sz)) == NULL) {
		ol->failed = 1;
		return -1;
	}
	*pool = p;
	if ((next = realloc(c->next, n * sizeof(*next))) == NULL) {
		ol->failed = 1;
		return -1;
	}
	c->next = next;
	c->n = n;
	return 0;
}

/*
 * chunks_grow, and e to follow.  When e cannot, the new chunks are not
 * used: e must hold whatever a chain can give it, even after a failure
 * (the search goes on to its end, and only then reports it).
 */
static int
pool_grow(struct openlist *ol, struct ol_chunks *c, void **pool, size_t sz, size_t want)
{
	size_t was = c->n;

	if (chunks_grow(ol, c, pool, sz, want) != 0)
		return -1;
	if (e_follow(ol, c->n * OL_CHUNK) != 0) {
		c->n = was;
		return -1;
	}
	return 0;
}

static int
sq_grow(struct openlist *ol, size_t want)
{
	void *p = ol->pool;
	int rc = pool_grow(ol, &ol->sq, &p, sizeof(*ol->pool), want);

	ol->pool = p;
	return rc;
}

static int
bk_grow(struct openlist *ol, size_t want)
{
	void *p = ol->bpool;
	int rc = pool_grow(ol, &ol->bk, &p, sizeof(*ol->bpool), want);

	ol->bpool = p;
	return rc;
}

int
ol_sq_grow(struct openlist *ol)
{
	return sq_grow(ol, 0);
}

int
ol_bk_grow(struct openlist *ol)
{
	return bk_grow(ol, 0);
}

/* Room for n places in bix (bk_take_sorted): n, or twice as many as before. */
static int
bix_room(struct openlist *ol, size_t n)
{
	uint32_t *p;

	if (n < 2 * ol->bixcap)
		n = 2 * ol->bixcap;
	if ((p = realloc(ol->bix, n * sizeof(*p))) == NULL) {
		ol->failed = 1;
		return -1;
	}
	ol->bix = p;
	ol->bixcap = n;
	return 0;
}

/* Room for more in the heap of the current bucket: twice as much. */
int
ol_bk_room(struct openlist *ol)
{
	size_t n = ol->acap < 256 ? 256 : ol->acap * 2;
	struct ol_entry *a = realloc(ol->a, n * sizeof(*a));

	if (a == NULL) {
		ol->failed = 1;
		return -1;
	}
	ol->a = a;
	ol->acap = n;
	return 0;
}

/*
 * x into the root of the n-entry 4-ary heap e, whose root was taken (a
 * pop and a push in one), down from the top as far as x must go: not
 * bottom-up as ol_down, since x mostly stays at the root (openlist.h,
 * the buckets), where the bottom-up walk would take the hole all the way
 * down and x all the way back.  No node positions (the small heap).
 */
static void
replace_top(struct ol_entry *e, size_t n, const struct ol_entry *x)
{
	size_t c, best, i = 0;

	while ((c = 4 * i + 1) < n) {
		best = ol_best_child(e, n, c, 4);
		if (!ol_less(&e[best], x))
			break;
		e[i] = e[best];
		i = best;
	}
	e[i] = *x;
}

/*
 * x into the small heap's root, which ol_bk_pop took.  The root still
 * holds the entry taken, u, the least of the heap then: every entry left
 * in the heap comes after u, so an x before u comes before them all, and
 * takes the root without a look at its children.  That is the child that
 * keeps its parent's f with a lower h (openlist.h, the buckets): on every
 * 20th query of Berlin_0_1024 and AR0011SR every x that came here stayed
 * at the root (4.0 million and 133,440), and the four comparisons of
 * replace_top's first level were 31 and 18 search instructions an
 * expansion (cachegrind: 461.5 -> 430.1 and 446.4 -> 428.5).  This and
 * ol_bk_settle are out of line: inlined into the search's loops they
 * took registers that the loops' own values were then spilled from
 * (cachegrind, every 20th query of maze512-1-0, whose heap never holds
 * two: +3.3% instructions against +1.2% out of line).
 */
void
ol_bk_replace(struct openlist *ol, const struct ol_entry *x)
{
	ol->ahole = 0;
	if (ol_less(x, &ol->a[0]))
		ol->a[0] = *x;
	else
		replace_top(ol->a, ol->na, x);
}

/* The small heap's root, which ol_bk_pop took, refilled from its last entry. */
void
ol_bk_settle(struct openlist *ol)
{
	ol->ahole = 0;
	ol->na--;	/* a hole is left in two or more */
	ol_down(ol->a, ol->na, NULL, 0, &ol->a[ol->na], 4);
}

/*
 * Start a search's buckets, 2^shift key units wide; the first key pushed
 * (openlist_push) puts the window where it is.
 */
void
openlist_buckets(struct openlist *ol, unsigned shift)
{
	ol->shift = shift;
}

/*
 * The search closes a node by setting tag bits, and never reopens it:
 * entries whose node's tag & mask is dead are stale (ol_bk_pop).  Set
 * before each search, as the tags of a search are its own.
 */
void
openlist_dead(struct openlist *ol, uint32_t mask, uint32_t dead)
{
	ol->deadmask = mask;
	ol->dead = dead;
}

/* Is x's node open, so that x may be its live entry (ol_bk_pop)? */
static int
bk_live(const struct openlist *ol, const struct ol_entry *x)
{
	return (ol->node[x->idx].tag & ol->deadmask) != ol->dead;
}

_Static_assert(OL_NOCHUNK == UINT32_MAX, "openlist_init: OL_NOCHUNK by memset");

/* The end of the entries of chunk ch of a chain whose last slot is end. */
static inline uint32_t
chunk_end(const struct openlist *ol, uint32_t ch, uint32_t end)
{
	return ol->bk.next[ch] == OL_NOCHUNK ? end : (ch + 1) * OL_CHUNK;
}

/*
 * Offer the entries of the overflow's chain anew (ol_bk_insert), leaving
 * it its first chunk, and give the other chunks back; its own entries may
 * go back into it, so its first chunk's are copied out before it is
 * emptied.  The entries of closed nodes are dropped.
 */
static void
bk_reoffer(struct openlist *ol)
{
	const unsigned b = OL_OVERFLOW;
	uint32_t ch = b, end = ol->bslot[b], k, nx, to;
	struct ol_entry keep[OL_CHUNK];
	size_t nk = 0;

	to = chunk_end(ol, ch, end);
	for (k = ch * OL_CHUNK + 1; k < to; k++)
		if (bk_live(ol, &ol->bpool[k]))
			keep[nk++] = ol->bpool[k];
	ol->nb -= to - (ch * OL_CHUNK + 1);
	nx = ol->bk.next[ch];
	ol->bk.next[ch] = OL_NOCHUNK;
	ol->bslot[b] = ch * OL_CHUNK + 1;
	for (k = 0; k < nk; k++)
		ol_bk_insert(ol, &keep[k]);
	for (ch = nx; ch != OL_NOCHUNK; ch = nx) {
		to = chunk_end(ol, ch, end);
		for (k = ch * OL_CHUNK + 1; k < to; k++)
			if (bk_live(ol, &ol->bpool[k])) {
				/* A copy: the offer may move bpool to grow it. */
				struct ol_entry y = ol->bpool[k];

				ol_bk_insert(ol, &y);
			}
		ol->nb -= to - (ch * OL_CHUNK + 1);
		nx = ol->bk.next[ch];
		ol->bk.next[ch] = ol->bk.freed;
		ol->bk.freed = ch;
	}
}

/*
 * Drop the stale entries of chain b, moving the live ones up in place,
 * and give back the chunks that frees.  The order within a chain does
 * not matter: a bucket is sorted when its turn comes, and the overflow's
 * entries are offered anew.
 */
static void
bk_compact(struct openlist *ol, unsigned b)
{
	uint32_t rc = b, end = ol->bslot[b], wc = b, k, nx, to;
	uint32_t w = b * OL_CHUNK + 1;	/* the next slot to write, never ahead of k */

	for (; rc != OL_NOCHUNK; rc = nx) {
		nx = ol->bk.next[rc];
		to = chunk_end(ol, rc, end);
		for (k = rc * OL_CHUNK + 1; k < to; k++) {
			if (!bk_live(ol, &ol->bpool[k])) {
				ol->nb--;
				continue;
			}
			if (w == (wc + 1) * OL_CHUNK) {	/* chunk wc is full */
				wc = ol->bk.next[wc];
				w = wc * OL_CHUNK + 1;
			}
			ol->bpool[w++] = ol->bpool[k];
		}
	}
	/* Give back the chunks after wc; the first stays, if empty. */
	nx = ol->bk.next[wc];
	ol->bk.next[wc] = OL_NOCHUNK;
	if (w == b * OL_CHUNK + 1) {	/* nothing was written */
		if (b == OL_OVERFLOW)
			ol->ovmin = UINT64_MAX;
		else
			ol->bmask &= ~((uint64_t)1 << b);
	}
	ol->bslot[b] = w;
	while (nx != OL_NOCHUNK) {
		uint32_t ch = nx;

		nx = ol->bk.next[ch];
		ol->bk.next[ch] = ol->bk.freed;
		ol->bk.freed = ch;
	}
}

/*
 * A chain needs a chunk, and there is none left.  Where many nodes are
 * improved while the least key stays the same, stale entries pile up in
 * the chains (an open 4096x4096 map: 2 million, 48 MB): drop those of
 * closed nodes first (bk_live);
 * and grow the pool when it is still more than half full after that, so
 * that the next time is at least half a pool of new entries away.
 */
int
ol_bk_full(struct openlist *ol)
{
	unsigned b;

	for (b = 0; b <= OL_NBUCKET; b++)
		bk_compact(ol, b);
	/* the chains' last chunks are partly full: count them as full */
	if ((ol->nb + (OL_NBUCKET + 1) * OL_CHUNK) * 2 > ol->bk.n * OL_CHUNK)
		return ol_bk_grow(ol);
	return 0;
}

/* Sort e[0..n) best last by insertion: for a few, or nearly sorted. */
static void
insert_best_last(struct ol_entry *e, size_t n)
{
	size_t k, j;

	for (k = 1; k < n; k++) {
		struct ol_entry x = e[k];

		for (j = k; j > 0 && ol_less(&e[j - 1], &x); j--)
			e[j] = e[j - 1];
		e[j] = x;
	}
}

/*
 * Sort e[0..n) best last, with t as scratch room for n entries: a merge
 * sort over runs sorted by insertion, for what sort_small's networks do
 * not take (entries whose keys are not from one bucket, or that share f
 * and s: sort_radix).
 */
static void
sort_best_last(struct ol_entry *e, struct ol_entry *t, size_t n)
{
	size_t k, j, h = n / 2, i;

	if (n <= 12) {
		insert_best_last(e, n);
		return;
	}
	sort_best_last(e, t, h);
	sort_best_last(e + h, t, n - h);
	if (!ol_less(&e[h - 1], &e[h]))	/* in order already */
		return;
	for (i = 0, j = h, k = 0; i < h && j < n; k++) {
		int right = ol_less(&e[i], &e[j]);	/* the worse goes first */

		t[k] = right ? e[j] : e[i];
		j += (size_t)right;
		i += (size_t)!right;
	}
	while (i < h)
		t[k++] = e[i++];
	/* the rest of the right half is where it belongs */
	memcpy(e, t, k * sizeof(*e));
}

/*
 * The small sorts, by sorting networks.  Where an entry goes among a
 * bucket's few is a coin toss, so the insertion and merge sorts above
 * mispredict a branch for about every entry they place: 31% of all the
 * mispredictions on AR0011SR (cachegrind).  A sorting network compares
 * the same pairs whatever the data, without a branch; but on the entries
 * themselves, three fields compared and 24 bytes moved a pair, it cost
 * more than the branches it saved (BENCHMARKS.md, item 1).  So the
 * network sorts one 64-bit word an entry, made so that one compare of
 * words orders the entries as ol_less does, nearly always:
 *
 *   f - flo in the top fb bits (the entries' f span fb bits), then
 *   s - slo, shifted right by ss bits so that it fits below, then
 *   the entry's index in the low SK_IDX bits, which makes words unique.
 *
 * Words in order are entries in order, but where two words differ in
 * their index alone: f equal, and s equal in the bits kept (the ss low
 * bits dropped, or the stamps to decide).  Such words are next to each
 * other once sorted; if there are any, the insertion sort goes over the
 * entries once more with ol_less, which puts right what the words could
 * not see, and compares an entry already in place once.  The places of a
 * network past the entries take the word of all ones, above every
 * entry's (an entry's index is below SK_MAX - 1).  So a network can be
 * cut short: its pairs from some place lim on would compare all ones
 * with all ones, or an entry below with all ones above, and change
 * nothing; CE leaves out those whose higher place is past lim, which
 * the compiler knows (sort_net's N), and so sort_small has networks of
 * 12, 24 and 48 as well, 42, 132 and 384 compare-exchanges where the
 * next larger took 63, 191 and 543.
 *
 * The networks are Batcher's odd-even merge sorts (Knuth 5.2.2, exercise
 * 32) of 4 to 64 words, each two of half the size and a merge of the
 * two: 5, 19, 63, 191 and 543 compare-exchanges.  The pairs were
 * generated, and each merge, whole and cut short at every place, checked
 * on every pair of sorted halves of zeros and ones (the 0-1 principle;
 * tests/sortcheck.c).  Against the merge sort, medians of 7 or 9
 * interleaved runs, time an expansion: random512-40-0 -8%, AR0011SR,
 * brc202d and orz900d -4 to -5%, Berlin_0_1024 -3%, maze512-1-0 the
 * same (BENCHMARKS.md, item 1).
 */
#define SK_IDX 6
#define SK_MAX (1 << SK_IDX)	/* entries a network sorts: fewer than this */

#define CE(i, j) do {							\
	uint64_t a_ = k[i], b_ = k[j];					\
									\
	if ((j) < lim) {						\
		k[i] = a_ < b_ ? a_ : b_;				\
		k[j] = a_ < b_ ? b_ : a_;				\
	}								\
} while (0)

/* lim - h, or 0 */
#define PAST(lim, h) ((lim) > (h) ? (lim) - (h) : 0)

static PF_INLINE void
net4(uint64_t *k, const size_t lim)
{
	CE(0, 1); CE(2, 3);
	CE(0, 2); CE(1, 3); CE(1, 2);
}

static PF_INLINE void
net8(uint64_t *k, const size_t lim)
{
	net4(k, lim);
	net4(k + 4, PAST(lim, 4));
	CE(0, 4); CE(2, 6); CE(2, 4); CE(1, 5); CE(3, 7); CE(3, 5); CE(1, 2); CE(3, 4);
	CE(5, 6);
}

static PF_INLINE void
net16(uint64_t *k, const size_t lim)
{
	net8(k, lim);
	net8(k + 8, PAST(lim, 8));
	CE(0, 8); CE(4, 12); CE(4, 8); CE(2, 10); CE(6, 14); CE(6, 10); CE(2, 4);
	CE(6, 8); CE(10, 12); CE(1, 9); CE(5, 13); CE(5, 9); CE(3, 11); CE(7, 15);
	CE(7, 11); CE(3, 5); CE(7, 9); CE(11, 13); CE(1, 2); CE(3, 4); CE(5, 6);
	CE(7, 8); CE(9, 10); CE(11, 12); CE(13, 14);
}

static PF_INLINE void
net32(uint64_t *k, const size_t lim)
{
	net16(k, lim);
	net16(k + 16, PAST(lim, 16));
	CE(0, 16); CE(8, 24); CE(8, 16); CE(4, 20); CE(12, 28); CE(12, 20); CE(4, 8);
	CE(12, 16); CE(20, 24); CE(2, 18); CE(10, 26); CE(10, 18); CE(6, 22); CE(14, 30);
	CE(14, 22); CE(6, 10); CE(14, 18); CE(22, 26); CE(2, 4); CE(6, 8); CE(10, 12);
	CE(14, 16); CE(18, 20); CE(22, 24); CE(26, 28); CE(1, 17); CE(9, 25); CE(9, 17);
	CE(5, 21); CE(13, 29); CE(13, 21); CE(5, 9); CE(13, 17); CE(21, 25); CE(3, 19);
	CE(11, 27); CE(11, 19); CE(7, 23); CE(15, 31); CE(15, 23); CE(7, 11); CE(15, 19);
	CE(23, 27); CE(3, 5); CE(7, 9); CE(11, 13); CE(15, 17); CE(19, 21); CE(23, 25);
	CE(27, 29); CE(1, 2); CE(3, 4); CE(5, 6); CE(7, 8); CE(9, 10); CE(11, 12);
	CE(13, 14); CE(15, 16); CE(17, 18); CE(19, 20); CE(21, 22); CE(23, 24);
	CE(25, 26); CE(27, 28); CE(29, 30);
}

static PF_INLINE void
net64(uint64_t *k, const size_t lim)
{
	net32(k, lim);
	net32(k + 32, PAST(lim, 32));
	CE(0, 32); CE(16, 48); CE(16, 32); CE(8, 40); CE(24, 56); CE(24, 40); CE(8, 16);
	CE(24, 32); CE(40, 48); CE(4, 36); CE(20, 52); CE(20, 36); CE(12, 44);
	CE(28, 60); CE(28, 44); CE(12, 20); CE(28, 36); CE(44, 52); CE(4, 8); CE(12, 16);
	CE(20, 24); CE(28, 32); CE(36, 40); CE(44, 48); CE(52, 56); CE(2, 34);
	CE(18, 50); CE(18, 34); CE(10, 42); CE(26, 58); CE(26, 42); CE(10, 18);
	CE(26, 34); CE(42, 50); CE(6, 38); CE(22, 54); CE(22, 38); CE(14, 46);
	CE(30, 62); CE(30, 46); CE(14, 22); CE(30, 38); CE(46, 54); CE(6, 10);
	CE(14, 18); CE(22, 26); CE(30, 34); CE(38, 42); CE(46, 50); CE(54, 58); CE(2, 4);
	CE(6, 8); CE(10, 12); CE(14, 16); CE(18, 20); CE(22, 24); CE(26, 28); CE(30, 32);
	CE(34, 36); CE(38, 40); CE(42, 44); CE(46, 48); CE(50, 52); CE(54, 56);
	CE(58, 60); CE(1, 33); CE(17, 49); CE(17, 33); CE(9, 41); CE(25, 57); CE(25, 41);
	CE(9, 17); CE(25, 33); CE(41, 49); CE(5, 37); CE(21, 53); CE(21, 37); CE(13, 45);
	CE(29, 61); CE(29, 45); CE(13, 21); CE(29, 37); CE(45, 53); CE(5, 9); CE(13, 17);
	CE(21, 25); CE(29, 33); CE(37, 41); CE(45, 49); CE(53, 57); CE(3, 35);
	CE(19, 51); CE(19, 35); CE(11, 43); CE(27, 59); CE(27, 43); CE(11, 19);
	CE(27, 35); CE(43, 51); CE(7, 39); CE(23, 55); CE(23, 39); CE(15, 47);
	CE(31, 63); CE(31, 47); CE(15, 23); CE(31, 39); CE(47, 55); CE(7, 11);
	CE(15, 19); CE(23, 27); CE(31, 35); CE(39, 43); CE(47, 51); CE(55, 59); CE(3, 5);
	CE(7, 9); CE(11, 13); CE(15, 17); CE(19, 21); CE(23, 25); CE(27, 29); CE(31, 33);
	CE(35, 37); CE(39, 41); CE(43, 45); CE(47, 49); CE(51, 53); CE(55, 57);
	CE(59, 61); CE(1, 2); CE(3, 4); CE(5, 6); CE(7, 8); CE(9, 10); CE(11, 12);
	CE(13, 14); CE(15, 16); CE(17, 18); CE(19, 20); CE(21, 22); CE(23, 24);
	CE(25, 26); CE(27, 28); CE(29, 30); CE(31, 32); CE(33, 34); CE(35, 36);
	CE(37, 38); CE(39, 40); CE(41, 42); CE(43, 44); CE(45, 46); CE(47, 48);
	CE(49, 50); CE(51, 52); CE(53, 54); CE(55, 56); CE(57, 58); CE(59, 60);
	CE(61, 62);
}
#undef CE

/* Bits of v: the least b with v >> b == 0. */
static PF_INLINE unsigned
width(uint64_t v)
{
	return v == 0 ? 0 : (unsigned)highbit(v) + 1;
}

/*
 * How the entries of a bucket become words (sort_net, sort_words): f -
 * flo in the top fb bits, then s - slo shifted right by ss, then the
 * entry's place in the low iw bits.
 */
struct sk_form {
	uint64_t flo, slo, shi;
	uint64_t fmul, smul;	/* 2^(64 - fb), 0 where fb is 0; 2^iw */
	unsigned fb, ss, iw;
};

/*
 * The form for the entries e[ix[0..n)] (hasix 0: e[0..n)), iw bits a
 * place; 0 when f's span leaves fewer than 8 bits for s.
 */
/*
 * The i-th entry of the sorts below: e[ix[i]] where hasix is set, else
 * e[i] (ix NULL).  hasix is a constant in each of the sorts' copies, so
 * that the test is not made an entry at a time.
 */
#define AT(i) (hasix ? &e[ix[i]] : &e[i])

static PF_INLINE int
sk_form(const struct ol_entry *e, const uint32_t *ix, const int hasix, size_t n, unsigned iw,
    struct sk_form *w)
{
	uint64_t flo = AT(0)->f, fhi = flo, slo = AT(0)->s, shi = slo;
	unsigned sb;
	size_t i;

	for (i = 1; i < n; i++) {
		const struct ol_entry *x = AT(i);

		flo = x->f < flo ? x->f : flo;
		fhi = x->f > fhi ? x->f : fhi;
		slo = x->s < slo ? x->s : slo;
		shi = x->s > shi ? x->s : shi;
	}
	if ((w->fb = width(fhi - flo)) + iw > 64 - 8)
		return 0;
	sb = 64 - iw - w->fb;	/* the bits for s */
	w->ss = width(shi - slo);
	w->ss = w->ss > sb ? w->ss - sb : 0;
	w->fmul = w->fb ? (uint64_t)1 << (64 - w->fb) : 0;
	w->smul = (uint64_t)1 << iw;
	w->flo = flo;
	w->slo = slo;
	w->shi = shi;
	w->iw = iw;
	return 1;
}

/*
 * Entry x's word, i its place.  The shifts left by 64 - fb and by iw are
 * multiplications by fmul and smul, worked out once a sort (sk_form):
 * fmul is 0 where f spans no bits (every f is flo), which the shift could
 * only say with a test of fb, and without BMI2 each variable shift wants
 * its count in %cl.  The same words.  With the sorts' copies for a list
 * of places and for none (hasix), cachegrind, every 20th query, the whole
 * process: Berlin_0_1024 5,461 -> 5,361 million instructions (-1.8%),
 * AR0011SR -1.3%, random512-40-0 -0.8%, brc202d -0.6%, orz900d -0.4%,
 * maze512-1-0 +0.25% (the refill's registers: its buckets mostly take
 * the insertion sort), gen-random8192's largest query five times over
 * 20.78 -> 20.42 billion; times within the host's noise (BENCHMARKS.md,
 * item 1).
 */
static PF_INLINE uint64_t
sk_word(const struct sk_form *w, const struct ol_entry *x, size_t i)
{
	return (x->f - w->flo) * w->fmul | ((x->s - w->slo) >> w->ss) * w->smul | i;
}

/* The words k[0..N) by the network of N (a constant), cut short where it may be. */
static PF_INLINE void
sk_net(uint64_t *k, const size_t N)
{
	if (N <= 8)
		net8(k, N);
	else if (N <= 16)
		net16(k, N);
	else if (N <= 32)
		net32(k, N);
	else
		net64(k, N);
}

/*
 * Put the entries e[ix[0..n)] (hasix 0: e[0..n)), 2 <= n <= N < SK_MAX,
 * into t[0..n) best last, by the network of N (a constant: 8, 12, 16,
 * 24, 32, 48 or 64) words.  0 when f's span leaves fewer than 8 bits of
 * the word for s (keys not from one bucket), and nothing was done.
 */
static PF_INLINE int
sort_net(const struct ol_entry *e, const uint32_t *ix, const int hasix, size_t n,
    struct ol_entry *t, const size_t N)
{
	uint64_t k[SK_MAX], prev;
	struct sk_form w;
	size_t i;
	int ties = 0;

	if (!sk_form(e, ix, hasix, n, SK_IDX, &w))
		return 0;
	for (i = 0; i < n; i++)
		k[i] = sk_word(&w, AT(i), i);
	for (; i < N; i++)
		k[i] = UINT64_MAX;
	sk_net(k, N);
	/* best first in k, best last in t; and are two words equal but for the place? */
	prev = k[0] >> SK_IDX;
	t[n - 1] = *AT(k[0] & (SK_MAX - 1));
	for (i = 1; i < n; i++) {
		ties |= k[i] >> SK_IDX == prev;
		prev = k[i] >> SK_IDX;
		t[n - 1 - i] = *AT(k[i] & (SK_MAX - 1));
	}
	if (ties)
		insert_best_last(t, n);
	return 1;
}

/* sort_net by the smallest network that takes n entries, 2 <= n < SK_MAX. */
static PF_INLINE int
sort_nets(const struct ol_entry *e, const uint32_t *ix, const int hasix, size_t n,
    struct ol_entry *t)
{
	if (n <= 8)
		return sort_net(e, ix, hasix, n, t, 8);
	if (n <= 12)
		return sort_net(e, ix, hasix, n, t, 12);
	if (n <= 16)
		return sort_net(e, ix, hasix, n, t, 16);
	if (n <= 24)
		return sort_net(e, ix, hasix, n, t, 24);
	if (n <= 32)
		return sort_net(e, ix, hasix, n, t, 32);
	if (n <= 48)
		return sort_net(e, ix, hasix, n, t, 48);
	return sort_net(e, ix, hasix, n, t, 64);
}

/*
 * Sort e[0..n) best last, 2 <= n < SK_MAX, with t as scratch room for n
 * entries: by the smallest network that takes them all, or up to four
 * entries by insertion, where a maze's buckets mostly are (2.4 entries on
 * average on maze512-1-0) and the words cost more than the branches they
 * save (with the network of 4 there: 327 instructions an expansion
 * against 318, cachegrind).  The networks cut short at 12, 24 and 48
 * took 3-4 search instructions an expansion fewer on five of the six
 * MovingAI maps of BENCHMARKS.md (AR0011SR 456.9 -> 453.8, Berlin_0_1024
 * 486.0 -> 481.7; maze512-1-0, whose buckets are small, 268.5 -> 268.1).
 */
static void
sort_small(struct ol_entry *e, struct ol_entry *t, size_t n)
{
	if (n <= 4)
		insert_best_last(e, n);
	else if (sort_nets(e, NULL, 0, n, t))
		memcpy(e, t, n * sizeof(*e));
	else
		sort_best_last(e, t, n);
}

#define BK_PARTS_LOG 6
#define BK_PARTS (1 << BK_PARTS_LOG)
#define BK_PART_MIN SK_MAX

/*
 * The words of a bucket of SK_MAX entries or more (sort_words), best
 * first: by a most-significant-digit radix sort into BK_PARTS parts, each
 * part of fewer than SK_MAX words by the smallest network that takes it,
 * in a copy padded with all ones.  The words are unique (their low bits
 * are the entries' places), so a part of more than one word spans more
 * than one value and the recursion ends: at most 64 / BK_PARTS_LOG + 1
 * levels, each with BK_PARTS counters on the stack.
 */
static void
wsort(uint64_t *k, uint64_t *tmp, size_t n, unsigned sh)
{
	size_t cnt[BK_PARTS], odd[BK_PARTS], at[BK_PARTS], ato[BK_PARTS], i, pos;
	uint64_t lo = 0, hi = 0;
	unsigned p;

	if (n < SK_MAX) {
		uint64_t w[SK_MAX];
		size_t N = n <= 8 ? 8 : n <= 12 ? 12 : n <= 16 ? 16 : n <= 24 ? 24 :
		    n <= 32 ? 32 : n <= 48 ? 48 : 64;

		if (n <= 4) {	/* by insertion: the networks' words cost more */
			for (i = 1; i < n; i++) {
				uint64_t x = k[i];
				size_t j;

				for (j = i; j > 0 && k[j - 1] > x; j--)
					k[j] = k[j - 1];
				k[j] = x;
			}
			return;
		}
		memcpy(w, k, n * sizeof(*w));
		for (i = n; i < N; i++)
			w[i] = UINT64_MAX;
		if (N == 8)	/* each a constant for sk_net */
			sk_net(w, 8);
		else if (N == 12)
			sk_net(w, 12);
		else if (N == 16)
			sk_net(w, 16);
		else if (N == 24)
			sk_net(w, 24);
		else if (N == 32)
			sk_net(w, 32);
		else if (N == 48)
			sk_net(w, 48);
		else
			sk_net(w, 64);
		memcpy(k, w, n * sizeof(*w));
		return;
	}
	if (sh == 64) {		/* the part's own range */
		lo = hi = k[0];
		for (i = 1; i < n; i++) {
			lo = k[i] < lo ? k[i] : lo;
			hi = k[i] > hi ? k[i] : hi;
		}
		sh = width(hi - lo);
		sh = sh > BK_PARTS_LOG ? sh - BK_PARTS_LOG : 0;
	}
	/*
	 * The even and the odd words counted and moved apart, each half to
	 * its own end of its part: most words of a bucket go to a few parts,
	 * and a single count or cursor a part is then a chain of stores and
	 * loads of the same place, each waiting on the last (perf put a
	 * third of this function's samples on the count's increment).  The
	 * order within a part does not matter: each is sorted next.
	 */
	memset(cnt, 0, sizeof(cnt));
	memset(odd, 0, sizeof(odd));
	for (i = 0; i + 1 < n; i += 2) {
		cnt[(k[i] - lo) >> sh]++;
		odd[(k[i + 1] - lo) >> sh]++;
	}
	if (i < n)
		cnt[(k[i] - lo) >> sh]++;
	for (p = 0, pos = 0; p < BK_PARTS; p++) {
		at[p] = pos;
		ato[p] = pos + cnt[p];
		pos += cnt[p] + odd[p];
	}
	for (i = 0; i + 1 < n; i += 2) {
		tmp[at[(k[i] - lo) >> sh]++] = k[i];
		tmp[ato[(k[i + 1] - lo) >> sh]++] = k[i + 1];
	}
	if (i < n)
		tmp[at[(k[i] - lo) >> sh]++] = k[i];
	memcpy(k, tmp, n * sizeof(*k));
	for (p = 0, pos = 0; p < BK_PARTS; pos += cnt[p] + odd[p], p++)
		if (cnt[p] + odd[p] > 1)
			wsort(k + pos, tmp, cnt[p] + odd[p], 64);
}

/*
 * The runs of a bucket's words.  A bucket's entries lie in the order
 * they were put, and that order is mostly the order wanted: nodes queued
 * one after another along a line of expansions come with keys rising or
 * falling by a step.  The words of the buckets sort_words took on every
 * 10th query (a copy that wrote them out) fell into 2.3 to 3.1 maximal
 * rising or falling runs a bucket on average, of 97 to 236 words:
 * Berlin_0_1024 3.1 runs of 236, AR0011SR 2.6 of 114, brc202d 2.7 of 97,
 * orz900d 2.3 of 98, 79-98% of the words in rising runs.  wsort ignores
 * that order; a merge of the runs uses it.
 */
#define RUNS_MAX 8

/* a[0..na) and b[0..nb), each rising, merged into o; no branch on which is taken */
static PF_INLINE void
merge_words(const uint64_t *a, size_t na, const uint64_t *b, size_t nb, uint64_t *o)
{
	const uint64_t *ae = a + na, *be = b + nb;

	while (a < ae && b < be) {
		uint64_t x = *a, y = *b;
		int tb = y < x;

		*o++ = tb ? y : x;
		a += !tb;
		b += tb;
	}
	while (a < ae)
		*o++ = *a++;
	while (b < be)
		*o++ = *b++;
}

/*
 * Sort the unique words k[0..n) rising, with tmp as scratch room for n,
 * by their runs: each falling run turned over, then the runs merged two
 * by two.  0 where there are more than RUNS_MAX runs (noise, not order:
 * the words are then some permutation of what they were, for wsort).
 * Each pass over the words costs a few instructions a word, where the
 * radix sort's levels and networks cost 74 (callgrind, Berlin_0_1024's
 * buckets).  Against wsort on the words written out (a harness sorting
 * them as sort_words does, pinned, the least of seven passes): Berlin_0_1024
 * 8.9 -> 3.9 ns a word, AR0011SR 8.4 -> 3.1, brc202d 8.1 -> 3.4, orz900d
 * 8.1 -> 3.1.  The whole process's instructions on every 20th query
 * (cachegrind): Berlin_0_1024 5,184 -> 4,883 million (-5.8%), AR0011SR
 * 280.7 -> 271.3 (-3.4%), brc202d -0.9%, orz900d -0.7%; maze512-1-0 and
 * random512-40-0, whose buckets are under SK_MAX, the same.  The
 * networks stay for those: on their buckets' words the runs took 1.15 to
 * 2.7 times the networks' time (the same harness).
 */
static int
sort_runs(uint64_t *k, uint64_t *tmp, size_t n)
{
	size_t at[RUNS_MAX + 1], nr = 0, i = 0, j, m, r;
	uint64_t *src = k, *dst = tmp, *sw;

	while (i < n) {
		if (nr == RUNS_MAX)
			return 0;
		at[nr++] = i;
		j = i + 1;
		if (j < n && k[j] < k[j - 1]) {
			size_t lo, hi;

			while (j < n && k[j] < k[j - 1])
				j++;
			for (lo = i, hi = j - 1; lo < hi; lo++, hi--) {
				uint64_t x = k[lo];

				k[lo] = k[hi];
				k[hi] = x;
			}
		} else {
			while (j < n && k[j] > k[j - 1])
				j++;
		}
		i = j;
	}
	at[nr] = n;
	while (nr > 1) {	/* runs r and r + 1 of src into dst, the last alone copied */
		for (r = 0, m = 0; r + 1 < nr; r += 2, m++) {
			merge_words(src + at[r], at[r + 1] - at[r], src + at[r + 1],
			    at[r + 2] - at[r + 1], dst + at[r]);
			at[m] = at[r];
		}
		if (r < nr) {
			memcpy(dst + at[r], src + at[r], (n - at[r]) * sizeof(*k));
			at[m++] = at[r];
		}
		at[m] = n;
		nr = m;
		sw = src;
		src = dst;
		dst = sw;
	}
	if (src != k)
		memcpy(k, src, n * sizeof(*k));
	return 1;
}

/*
 * Sort a bucket e[0..n) of SK_MAX entries or more best last, with t as
 * scratch room for 2n entries: as sort_net does, by one word an entry
 * (f - flo, then s - slo cut to the bits left, then the entry's place in
 * the low iw bits), the words sorted by their runs (sort_runs) or, where
 * they lie in more than RUNS_MAX runs, by wsort, and the entries moved
 * once, by them, into t and back.  sort_radix moved the entries themselves, 24
 * bytes each, about three times over (a pass a level, and the network's
 * own gather at the leaves).  Where two words differ in the place alone,
 * their entries share f and the bits kept of s; each run of such words is
 * next to the others of its run once sorted, and in order against every
 * other word, so the merge sort puts each run right by ol_less (the
 * stamps), in O(r log r) for a run of r.  0 when f's span leaves fewer
 * than 8 bits for s (keys not from one bucket), and nothing was done.
 * Search instructions an expansion against sort_radix (cachegrind, every
 * 20th query; the 2048x2048 maps' 20 queries): Berlin_0_1024 482.0 ->
 * 460.7, AR0011SR 453.8 -> 447.1, gen-rooms2048 518.6 -> 497.9,
 * gen-random2048 399.6 -> 388.1; the maze's and random512-40-0's
 * buckets are under SK_MAX.  Every 20th query of Berlin_0_1024, 21
 * interleaved runs pinned to a core: 0.4246 -> 0.4105 s at the least.
 * Out of line (sort_words): inlined into the refill, its registers cost
 * every refill (maze512-1-0, whose buckets hold 2.4 entries: +2
 * instructions an expansion).
 */
#if defined(__GNUC__)
#define OL_NOINLINE __attribute__((noinline))
#else
#define OL_NOINLINE
#endif

static PF_INLINE int
words(struct ol_entry *e, const uint32_t *ix, const int hasix, size_t n, struct ol_entry *t,
    struct ol_entry *dst)
{
	uint64_t *k = (uint64_t *)(void *)(t + n), *tmp = k + n;	/* 2n words in n entries */
	uint64_t imask;
	unsigned sh, iw = width(n - 1);
	struct sk_form w;
	struct ol_entry *out = dst != NULL ? dst : t;
	size_t i, j;

	if (!sk_form(e, ix, hasix, n, iw, &w))
		return 0;
	for (i = 0; i < n; i++)
		k[i] = sk_word(&w, AT(i), i);
	/*
	 * The words' first level needs no pass for their range: they are
	 * at least 0, and below 2^64 (f's top bit set where f spans any
	 * bits) or below 2^(iw + the bits kept of s).
	 */
	sh = w.fb ? 64 : iw + width((w.shi - w.slo) >> w.ss);
	if (!sort_runs(k, tmp, n))
		wsort(k, tmp, n, sh > BK_PARTS_LOG ? sh - BK_PARTS_LOG : 0);
	imask = ((uint64_t)1 << iw) - 1;
	for (i = 0; i < n; i++)		/* best first in k, best last in out */
		out[n - 1 - i] = *AT(k[i] & imask);
	if (dst == NULL) {
		memcpy(e, t, n * sizeof(*e));
		out = e;
	}
	for (i = 1; i < n; i = j + 1) {
		if (k[i] >> iw != k[i - 1] >> iw) {
			j = i;
			continue;
		}
		for (j = i + 1; j < n && k[j] >> iw == k[i] >> iw; j++)
			;
		/* k[i - 1 .. j) share their high bits: out[n - j .. n - i + 1) */
		sort_best_last(out + (n - j), t, j - i + 1);
	}
	return 1;
}
#undef AT

/* words, with the test of ix made once, not an entry at a time. */
static OL_NOINLINE int
sort_words(struct ol_entry *e, const uint32_t *ix, size_t n, struct ol_entry *t,
    struct ol_entry *dst)
{
	return ix != NULL ? words(e, ix, 1, n, t, dst) : words(e, NULL, 0, n, t, dst);
}

/*
 * Sort e[0..n) best last, with t as scratch room for n entries, by f and
 * then by the tie-break s (by = 1), for the buckets sort_words cannot take
 * (f's span too wide for a word): a most-significant-digit radix sort
 * that splits the range of the key over the entries into BK_PARTS equal
 * parts, by one counting pass and one pass that moves each entry to its
 * part, and sorts each part the same way, down to parts of fewer than
 * BK_PART_MIN entries, which sort_small takes.  A part whose entries
 * all share f is split by s; one whose entries share s too, by the merge
 * sort (the stamps).  A part spans less than 2^sh, a 64th of the range
 * it was cut from, so the recursion goes at most 11 levels deep
 * a key (6 of a key's 64 bits a level), 22 in all, a kilobyte each.
 *
 * Why: a bucket holds the keys of one slice of f, and how many different
 * f fall in a slice grows with the length of the paths, a + b sqrt 2
 * being the denser the larger a and b; so does how many nodes share
 * each f.  On the generated 8192x8192 random map a bucket sorted held
 * 268 entries of 25 values of f on average (512x512: 28 entries, 2.2
 * values), and the merge sort's compares an expansion nearly doubled.
 * Measured in instructions an expansion (cachegrind): gen-random8192 -60,
 * gen-rooms8192 -86, gen-random2048 -28, AR0011SR -16, maze512-1-0 +0.3
 * (BENCHMARKS.md).
 */

static void
sort_radix(struct ol_entry *e, struct ol_entry *t, size_t n, int by)
{
	uint64_t lo, hi, span;
	size_t cnt[BK_PARTS], at[BK_PARTS], k, pos;
	unsigned sh, p;

	if (n < BK_PART_MIN) {
		sort_small(e, t, n);
		return;
	}
#define KEY(x) (by ? (x).s : (x).f)
	lo = hi = KEY(e[0]);
	for (k = 1; k < n; k++) {
		uint64_t v = KEY(e[k]);

		lo = v < lo ? v : lo;
		hi = v > hi ? v : hi;
	}
	if ((span = hi - lo) == 0) {
		if (by)
			sort_best_last(e, t, n);
		else
			sort_radix(e, t, n, 1);
		return;
	}
	/*
	 * The least sh with span >> sh below BK_PARTS: span's bits past the
	 * BK_PARTS_LOG lowest, by a count of leading zeros (a loop over sh
	 * took 30-odd turns, 0.3% of the instructions on gen-random2048).
	 */
	sh = width(span);
	sh = sh > BK_PARTS_LOG ? sh - BK_PARTS_LOG : 0;
	memset(cnt, 0, sizeof(cnt));
	for (k = 0; k < n; k++)
		cnt[(KEY(e[k]) - lo) >> sh]++;
	for (p = BK_PARTS, pos = 0; p-- > 0;) {	/* best last: the lowest part last */
		at[p] = pos;
		pos += cnt[p];
	}
	for (k = 0; k < n; k++)
		t[at[(KEY(e[k]) - lo) >> sh]++] = e[k];
#undef KEY
	memcpy(e, t, n * sizeof(*e));
	for (p = BK_PARTS, pos = 0; p-- > 0; pos += cnt[p])
		if (cnt[p] > 1)
			sort_radix(e + pos, t, cnt[p], by);
}

/*
 * Sort a bucket's entries e[0..n), n > 2, best last, with t as scratch
 * room for 2n entries.  The test of n is here, before any call: the
 * call of sort_radix alone cost maze512-1-0, whose buckets hold 3
 * entries, 3 instructions an expansion.
 */
static PF_INLINE void
sort_bucket(struct ol_entry *e, struct ol_entry *t, size_t n)
{
	if (n < BK_PART_MIN)
		sort_small(e, t, n);
	else if (!sort_words(e, NULL, n, t, NULL))
		sort_radix(e, t, n, 0);
}

/*
 * Take the entries of bucket b off into e, and give its chunks back but
 * the first, empty; the entries of closed nodes are dropped.  1: e holds
 * them in order; 0: unsorted (a few, for the insertion sort, or f's
 * span too wide for the words); -1: out of memory.
 *
 * Sorted on the way where a network (sort_nets) or the words
 * (sort_words) take them: the words are made from the entries where
 * they lie in their chunks, through their places, and the entries
 * written once, into e in order.  The refill used to copy each into e,
 * sort it from there into t and copy it back: 24 bytes moved three
 * times.  The whole process's instructions on every 20th query
 * (cachegrind), before and after: random512-40-0 1,521 -> 1,467
 * million, maze512-1-0 9,191 -> 8,743, orz900d 6,953 -> 6,750, brc202d
 * 772 -> 752, AR0011SR 289.7 -> 286.0, Berlin_0_1024 5,404 -> 5,346;
 * mispredicted branches random512-40-0 20.6 -> 19.7 million,
 * maze512-1-0 80.1 -> 76.1.  A chunk of four entries or fewer (a
 * maze's buckets mostly) is copied as it is: through its places, the
 * maze took 8,984 million.
 *
 * The places go into ix without a branch on which are kept, a coin toss
 * where many nodes were improved: each is written, and counted only
 * when kept.  For a chain of more than one chunk, ix is an array of its
 * own (bix), grown to the most entries such a chain has held, and the
 * small heap's array, empty here, is sort_words's scratch room for the n
 * kept: 2n entries, as before the places.  ix was first the last 4m
 * bytes of that array, with room for 2m entries for the m taken, stale
 * ones too: in doubling it grew to 65,536 entries where 16,384 had done,
 * the most of it never written, and a stream of four 512x512 maps with
 * -j 2 reserved 19.7 MB for 13.1 resident, over the 1.5 times of the
 * performance issue in half the runs (tests/hostile.bats).
 */
static PF_INLINE int
bk_take_sorted(struct openlist *ol, unsigned b)
{
	const uint32_t first = b * OL_CHUNK + 1;
	uint32_t ixs[OL_CHUNK], *ix = ixs, ch, end = ol->bslot[b], k, nx, to;
	const struct ol_entry *p = &ol->bpool[first];
	size_t m = end - first, n = 0, i;

	/*
	 * One chunk, most buckets, has a loop of its own: through the
	 * chain's loop below, random512-40-0 took 2.7% more instructions
	 * and maze512-1-0 2.0% (the whole process, every 20th query).
	 */
	if (ol->bk.next[b] == OL_NOCHUNK) {	/* places in the chunk */
		ol->nb -= m;
		ol->bslot[b] = first;
		if (m <= 4) {	/* for the insertion sort: as they are */
			for (i = 0; i < m; i++) {
				ol->e[n] = p[i];
				n += bk_live(ol, &p[i]);
			}
			ol->n = n;
			return 0;
		}
		for (i = 0; i < m; i++) {
			ix[n] = (uint32_t)i;
			n += bk_live(ol, &p[i]);
		}
		ol->n = n;
		if (n > 4 && sort_nets(p, ix, 1, n, ol->e))
			return 1;
		for (i = 0; i < n; i++)
			ol->e[i] = p[ix[i]];
		return 0;
	}
	for (m = 0, ch = b; ch != OL_NOCHUNK; ch = ol->bk.next[ch])
		m += chunk_end(ol, ch, end) - (ch * OL_CHUNK + 1);
	if (m > ol->bixcap && bix_room(ol, m) != 0)
		return -1;
	ix = ol->bix;	/* places in the pool */
	for (ch = b; ch != OL_NOCHUNK; ch = nx) {
		to = chunk_end(ol, ch, end);
		for (k = ch * OL_CHUNK + 1; k < to; k++) {
			ix[n] = k;
			n += bk_live(ol, &ol->bpool[k]);
		}
		nx = ol->bk.next[ch];
		if (ch != b) {
			ol->bk.next[ch] = ol->bk.freed;
			ol->bk.freed = ch;
		}
	}
	ol->nb -= m;
	ol->bk.next[b] = OL_NOCHUNK;
	ol->bslot[b] = first;
	while (n >= SK_MAX && ol->acap < 2 * n)
		if (ol_bk_room(ol) != 0)
			return -1;	/* failed: the bucket's entries are lost */
	ol->n = n;
	if (n > 4 && (n < SK_MAX ? sort_nets(ol->bpool, ix, 1, n, ol->e) :
	    sort_words(ol->bpool, ix, n, ol->a, ol->e)))
		return 1;
	for (i = 0; i < n; i++)
		ol->e[i] = ol->bpool[ix[i]];
	return 0;
}

/*
 * The current bucket is used up: sort the next one that is not empty into
 * e, and move the overflow back into the window when the window reaches
 * it.  Returns 0 when there is nothing left.
 */
int
ol_bk_refill(struct openlist *ol)
{
	while (ol->n == 0 && ol->na == 0) {
		uint64_t cur = (ol->bend >> ol->shift) - 1, next, ov = ol->ovmin >> ol->shift;
		int sorted;

		if (ol->bmask != 0) {
			unsigned r = (unsigned)((cur + 1) % OL_NBUCKET), d = 0;
			uint64_t m = r == 0 ? ol->bmask : ol->bmask >> r | ol->bmask << (OL_NBUCKET - r);

#if defined(__GNUC__) && !defined(PF_NO_BUILTINS)
			/*
			 * m is not 0.  Counted one by one, the next bucket in use
			 * was mostly one or two on, but the loop's exit was
			 * mispredicted once a refill: 566 a query on orz900d with
			 * JPS, 8% of all its mispredictions.
			 */
			d = (unsigned)__builtin_ctzll(m);
#else
			while (!(m >> d & 1))	/* mostly the next one or two */
				d++;
#endif
			next = cur + 1 + d;
		} else if (ol->bslot[OL_OVERFLOW] != OL_OVERFLOW * OL_CHUNK + 1)
			next = ov;
		else
			return 0;
		if (ov < next)
			next = ov;
		ol->bend = (next + 1) << ol->shift;
		if (ol->bmask & (uint64_t)1 << next % OL_NBUCKET) {
			ol->bmask &= ~((uint64_t)1 << next % OL_NBUCKET);
			if ((sorted = bk_take_sorted(ol, (unsigned)(next % OL_NBUCKET))) < 0)
				return 0;
			/*
			 * Most buckets on a maze hold one or two entries (2.4 on
			 * average on maze512-1-0): those without the sort's call,
			 * 2.4% of A*'s instructions there (cachegrind).
			 */
			if (!sorted && ol->n == 2) {
				if (ol_less(&ol->e[0], &ol->e[1])) {
					struct ol_entry x = ol->e[0];

					ol->e[0] = ol->e[1];
					ol->e[1] = x;
				}
			} else if (!sorted && ol->n > 2) {
				while (ol->acap < 2 * ol->n)	/* a is empty: scratch room */
					if (ol_bk_room(ol) != 0)
						return 0;
				sort_bucket(ol->e, ol->a, ol->n);
			}
		}
		/* The overflow's turn, after the sort: its keys below bend go into a. */
		if (ov <= next) {
			ol->ovmin = UINT64_MAX;
			bk_reoffer(ol);
		}
	}
	return 1;
}

/*
 * Start a search's step queues, one for each multiple t * steps[k] of the
 * two base steps (straight, diagonal; in key units) by terrain t = 1 to 9:
 * qof[k][t] is its number, for ol_sq_push.  Equal costs share a queue.
 * fifo: the tie-break among equal keys is fifo, else lifo.
 * Only queues up to the highest one pushed to are looked at (nq).
 * qord lists the queues in the order ol_sq_next moves their runs of ties
 * into e (see there), and rank is its inverse.
 */
void
openlist_steps(struct openlist *ol, const uint64_t steps[2], int fifo, unsigned char qof[2][10])
{
	uint64_t cost[OL_QUEUES];
	unsigned k, q, t, nq = 0;

	for (t = 1; t <= 9; t++)	/* cheap first: on a map without terrain, two */
		for (k = 0; k < 2; k++) {
			for (q = 0; q < nq && cost[q] != steps[k] * t; q++)
				;
			if (q == nq)
				cost[nq++] = steps[k] * t;
			qof[k][t] = (unsigned char)q;
		}
	for (q = 0; q < nq; q++) {
		ol->head[q] = OL_NOCHUNK;
		ol->tail[q] = 0;
		/* fifo: cheapest first; lifo: dearest first */
		for (t = k = 0; k < nq; k++)
			t += fifo ? cost[k] < cost[q] : cost[k] > cost[q];
		ol->qord[t] = (unsigned char)q;
		ol->rank[q] = (unsigned char)t;
	}
	ol->nq = 0;
	ol->fifo = fifo;
}

/* Drop the head entry of queue q; give back its chunk when done with it. */
static void
sq_advance(struct openlist *ol, unsigned q)
{
	uint32_t h = ol->head[q], ch = h / OL_CHUNK;

	if (h + 1 == ol->tail[q]) {	/* the queue is empty */
		ol->head[q] = OL_NOCHUNK;
		ol->tail[q] = 0;
	} else if ((h + 1) % OL_CHUNK != 0) {
		ol->head[q] = h + 1;
		return;
	} else
		ol->head[q] = ol->sq.next[ch] * OL_CHUNK;
	ol->sq.next[ch] = ol->sq.freed;
	ol->sq.freed = ch;
}

/*
 * e is empty: find the least key in the queues, which becomes last, and
 * move all the entries of that key into e, sorted best last by the
 * tie-break, for ol_sq_pop to take from the end; on a grid most keys are
 * shared (on AR0011SR, nine nodes in ten share theirs).
 * An entry is live while its key is its node's g (a closed node's entry
 * has gone, and any other entry of the node has a greater key); stale
 * ones are dropped on the way.  Returns 0 when the queues are empty.
 *
 * The ties need no sorting.  An entry of key k in the queue of step cost
 * c was pushed while the nodes of key k - c were expanded, and those are
 * expanded one after another (all of them are on the list when the first
 * one leaves, as keys pushed are above last): so a queue's entries of key
 * k are one run, in push order, and the runs of two queues were pushed at
 * different times, the dearer step's first (its parents have the lower
 * key).  Stamps count up, so with fifo the cheapest step's run goes into
 * e first, each run turned round, and otherwise the dearest step's run
 * first as it is: e is then in order, best last.
 */
int
ol_sq_next(struct openlist *ol)
{
	uint64_t min = UINT64_MAX, s = ol->s;
	unsigned q, r, runs = 0;	/* bit rank[q]: queue q has entries of key min */
	unsigned lo = OL_QUEUES;	/* the lowest rank in runs */
	const struct ol_qentry *e;
	const struct node *node = ol->node;

	for (q = 0; q < ol->nq; q++) {
		while (ol->head[q] != OL_NOCHUNK) {
			e = &ol->pool[ol->head[q]];
			if (e->f == node[e->idx].g)
				break;
			sq_advance(ol, q);	/* stale */
		}
		if (ol->head[q] == OL_NOCHUNK)
			continue;
		e = &ol->pool[ol->head[q]];
		if (e->f < min) {
			min = e->f;
			runs = 0;
			lo = OL_QUEUES;
		}
		if (e->f == min) {
			runs |= 1u << ol->rank[q];
			lo = ol->rank[q] < lo ? ol->rank[q] : lo;
		}
	}
	if (runs == 0)
		return 0;
	ol->last = min;
	for (r = lo; runs >> r != 0; r++) {
		size_t from = ol->n, k;
		uint32_t h, tail, ch;

		if (!(runs >> r & 1))
			continue;
		q = ol->qord[r];
		h = ol->head[q];
		tail = ol->tail[q];
		/* The run, to its end or the queue's (sq_advance, inline). */
		for (;;) {
			e = &ol->pool[h];
			if (e->f != min)
				break;
			if (e->f == node[e->idx].g) {
				struct ol_entry *x = &ol->e[ol->n++];

				x->f = min;
				x->s = s;
				x->t = e->t;
				x->idx = e->idx;
			}
			ch = h / OL_CHUNK;
			if (++h == tail) {	/* the queue is empty */
				h = OL_NOCHUNK;
				ol->tail[q] = 0;
			} else if (h % OL_CHUNK != 0)
				continue;
			else
				h = ol->sq.next[ch] * OL_CHUNK;
			ol->sq.next[ch] = ol->sq.freed;
			ol->sq.freed = ch;
			if (h == OL_NOCHUNK)
				break;
		}
		ol->head[q] = h;
		for (k = 0; ol->fifo && k < (ol->n - from) / 2; k++) {
			struct ol_entry x = ol->e[from + k];

			ol->e[from + k] = ol->e[ol->n - 1 - k];
			ol->e[ol->n - 1 - k] = x;
		}
	}
	return 1;
}

/*
 * Sorted list: kept in descending order so that the best entry is last
 * and pops in O(1); insertion shifts the tail, O(n) as the tutorial says.
 */
static void
sorted_insert(struct openlist *ol, const struct ol_entry *x)
{
	size_t lo = 0, hi = ol->n, i;

	while (lo < hi) {	/* first position whose entry is better than x */
		size_t mid = lo + (hi - lo) / 2;

		if (ol_less(x, &ol->e[mid]))
			lo = mid + 1;
		else
			hi = mid;
	}
	memmove(&ol->e[lo + 1], &ol->e[lo], (ol->n - lo) * sizeof(*ol->e));
	ol->n++;
	for (i = lo + 1; i < ol->n; i++)
		ol->pos[ol->e[i].idx] = (uint32_t)i;
	ol_place(ol, lo, x);
}

static void
sorted_remove(struct openlist *ol, size_t at)
{
	size_t i;

	memmove(&ol->e[at], &ol->e[at + 1], (ol->n - at - 1) * sizeof(*ol->e));
	ol->n--;
	for (i = at; i < ol->n; i++)
		ol->pos[ol->e[i].idx] = (uint32_t)i;
}

void
openlist_push(struct openlist *ol, const struct ol_entry *x)
{
	if (ol->kind != OL_BUCKETS && ol->kind != OL_STEP_QUEUES && ol->n == ol->cap &&
	    ol_room(ol) != 0)
		return;
	switch (ol->kind) {
	case OL_BINARY_HEAP:
		ol_heap_up(ol, ol->n++, x, 2);
		break;
	case OL_QUAD_HEAP:
		ol_heap_up(ol, ol->n++, x, 4);
		break;
	case OL_SORTED_LIST:
		sorted_insert(ol, x);
		break;
	case OL_UNSORTED_LIST:
		ol_place(ol, ol->n++, x);
		break;
	case OL_BUCKETS:
		if (ol->n == 0 && ol->na == 0 && ol->nb == 0)	/* empty: the window starts here */
			ol->bend = ((x->f >> ol->shift) + 1) << ol->shift;
		ol_bk_insert(ol, x);
		break;
	case OL_STEP_QUEUES:
		/* Only the start comes this way, at key last: see ol_sq_push. */
		ol->last = x->f;
		ol->s = x->s;
		ol->e[ol->n++] = *x;
		break;
	case OL_COUNT:	/* not a list */
		break;
	}
}

/* x->idx is on the list; x has a better key than its entry.  */
void
openlist_decrease(struct openlist *ol, const struct ol_entry *x)
{
	size_t at;

	if (ol->failed && ol->kind != OL_BUCKETS)
		return;	/* x's entry may be the one dropped (ol_room) */
	at = ol->pos != NULL ? ol->pos[x->idx] : 0;	/* the heaps and lists */
	switch (ol->kind) {
	case OL_BINARY_HEAP:
		ol_heap_up(ol, at, x, 2);
		break;
	case OL_QUAD_HEAP:
		ol_heap_up(ol, at, x, 4);
		break;
	case OL_SORTED_LIST:
		sorted_remove(ol, at);
		sorted_insert(ol, x);
		break;
	case OL_UNSORTED_LIST:
		ol_place(ol, at, x);
		break;
	case OL_BUCKETS:
		ol_bk_insert(ol, x);
		break;
	case OL_STEP_QUEUES:	/* not used: ol_sq_push */
	case OL_COUNT:
		break;
	}
}

/* Take the best entry off the list.  Returns 0 when the list is empty. */
int
openlist_pop(struct openlist *ol, struct ol_entry *out)
{
	size_t i, best;

	if (ol->kind == OL_STEP_QUEUES)
		return ol_sq_pop(ol, out);
	if (ol->kind == OL_BUCKETS)
		return ol_bk_pop(ol, out);
	if (ol->n == 0)
		return 0;
	switch (ol->kind) {
	case OL_BINARY_HEAP:
		*out = ol->e[0];
		if (--ol->n > 0)
			ol_heap_down(ol, 0, &ol->e[ol->n], 2);
		break;
	case OL_QUAD_HEAP:
		*out = ol->e[0];
		if (--ol->n > 0)
			ol_heap_down(ol, 0, &ol->e[ol->n], 4);
		break;
	case OL_SORTED_LIST:
		*out = ol->e[--ol->n];
		break;
	case OL_UNSORTED_LIST:
		for (best = 0, i = 1; i < ol->n; i++)
			if (ol_less(&ol->e[i], &ol->e[best]))
				best = i;
		*out = ol->e[best];
		if (best != --ol->n)
			ol_place(ol, best, &ol->e[ol->n]);
		break;
	case OL_STEP_QUEUES:
	case OL_BUCKETS:
	case OL_COUNT:
		break;
	}
	return 1;
}

/*
 * At most how many entries openlist_copy gives: the step queues' are
 * counted a chunk at a time, stale ones included.
 */
size_t
openlist_bound(const struct openlist *ol)
{
	size_t n = ol->n;
	unsigned q;

	if (ol->kind == OL_BUCKETS)
		return n + ol->na + ol->nb;
	if (ol->kind != OL_STEP_QUEUES)
		return n;
	for (q = 0; q < ol->nq; q++) {
		uint32_t ch;

		if (ol->head[q] == OL_NOCHUNK)
			continue;
		for (ch = ol->head[q] / OL_CHUNK; ch != (ol->tail[q] - 1) / OL_CHUNK; ch = ol->sq.next[ch])
			n += OL_CHUNK;
		n += OL_CHUNK;
	}
	return n;
}

/* openlist_copy for the buckets: the live entries of e, a and the chains. */
static size_t
bk_copy(const struct openlist *ol, struct ol_entry *out)
{
	size_t n = 0, k;
	unsigned b;

	for (k = 0; k < ol->n + ol->na; k++) {
		const struct ol_entry *x = k < ol->n ? &ol->e[k] : &ol->a[k - ol->n];

		if (k == ol->n && ol->ahole)	/* taken already (ol_bk_pop) */
			continue;

		if (bk_live(ol, x))
			out[n++] = *x;
	}
	for (b = 0; b <= OL_NBUCKET; b++) {
		uint32_t ch, to;

		for (ch = b; ch != OL_NOCHUNK; ch = ol->bk.next[ch]) {
			to = chunk_end(ol, ch, ol->bslot[b]);
			for (k = ch * OL_CHUNK + 1; k < to; k++)
				if (bk_live(ol, &ol->bpool[k]))
					out[n++] = ol->bpool[k];
		}
	}
	return n;
}

/*
 * The entries on the list, in no particular order, into out (room for
 * openlist_bound of them); returns how many.  The buckets' may hold stale
 * entries of open nodes, each after its node's live one in the order of
 * keys (ol_bk_pop).
 */
size_t
openlist_copy(const struct openlist *ol, struct ol_entry *out)
{
	size_t n = ol->n;
	unsigned q;

	if (ol->kind == OL_BUCKETS)
		return bk_copy(ol, out);
	memcpy(out, ol->e, n * sizeof(*out));
	if (ol->kind != OL_STEP_QUEUES)
		return n;
	for (q = 0; q < ol->nq; q++) {
		uint32_t h = ol->head[q];

		while (h != OL_NOCHUNK) {
			const struct ol_qentry *e = &ol->pool[h];

			if (e->f == ol->node[e->idx].g) {
				out[n].f = e->f;
				out[n].s = ol->s;
				out[n].t = e->t;
				out[n++].idx = e->idx;
			}
			if (h + 1 == ol->tail[q])
				break;
			h = (h + 1) % OL_CHUNK != 0 ? h + 1 : ol->sq.next[h / OL_CHUNK] * OL_CHUNK;
		}
	}
	return n;
}
