/* search.c - A* and Dijkstra; see search.h.  The loop is search_loop.h's. */
#include <stdio.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "bigmem.h"
#include "moves.h"
#include "search_loop.h"

struct search *
search_new(void)
{
	return calloc(1, sizeof(struct search));
}

/* Give back the array of nodes, sparse or not. */
static void
nodes_free(struct search *s)
{
	if (s->sp.base != NULL)
		sparse_free(&s->sp);
	else
		bigmem_free(s->node, s->cap * sizeof(*s->node));
	s->node = NULL;
	s->cap = 0;
}

/* Is node i there?  Not on a sparse array's pages never mapped, whose nodes are unseen. */
static int
node_mapped(const struct search *s, size_t i)
{
	return s->sp.base == NULL || node_on_pages(s->sp.have, i);
}

/* Give back JPS's node store (struct jpsnodes); which grid takes the array stays. */
static void
jps_nodes_free(struct jpsnodes *jn)
{
	bigmem_free(jn->pool, jn->blocks * JPS_PAGE * sizeof(*jn->pool));
	free(jn->dir);
	free(jn->first);
	jn->pool = NULL;
	jn->dir = jn->first = NULL;
	jn->pages = jn->blocks = 0;
	jn->touched = 0;
	jn->filled = 0;
	jn->last = 0;
}

/*
 * Give back the memory s keeps from run to run (the nodes, the open list,
 * the path...), keeping its settings (search_observe, search_cost_only,
 * search_threaded): the next run takes what it needs again.
 */
void
search_release(struct search *s)
{
	const struct search_observer *obs = s->obs;
	int cost_only = s->cost_only, threaded = s->threaded;

	nodes_free(s);
	jps_nodes_free(&s->jn);
	free(s->path);
	free(s->gx);
	free(s->gy);
	openlist_free(&s->ol);
	bigmem_free(s->jb.mem, s->jb.cap * sizeof(*s->jb.mem));
	bigmem_free(s->moves, s->movescap);
	memset(s, 0, sizeof(*s));	/* as search_new made it */
	s->obs = obs;
	s->cost_only = cost_only;
	s->threaded = threaded;
}

void
search_free(struct search *s)
{
	if (s == NULL)
		return;
	search_release(s);
	free(s);
}

/*
 * The memory a search on g under p takes at least: the nodes, a cell
 * each, and with a heap or a list the places of their entries (the
 * other open lists, and the path, grow with what they hold).  The
 * drivers weigh threads against it.
 */
size_t
search_footprint(const struct grid *g, const struct search_params *p)
{
	size_t pos = p->ol == OL_BUCKETS || p->ol == OL_STEP_QUEUES ? 0 : sizeof(uint32_t);
	/* the masked loops: a byte of moves a cell (moves_for) */
	size_t mv = ((p->algo == ALGO_ASTAR && p->ol == OL_BUCKETS) || p->ol == OL_STEP_QUEUES) &&
	    g->uniform;

	return g->ncells * (sizeof(struct node) + pos + mv);
}

/*
 * Room in JPS's node store for the pages of grid g: a directory entry
 * for every page, every one stale, and a pool of JPS_BLOCKS0 blocks at
 * most, which grows as a search takes them (jps_grow).  -1 when out of
 * memory.
 */
static int
jps_nodes_room(struct jpsnodes *jn, const struct grid *g)
{
	size_t pages = (g->ncells + JPS_PAGE - 1) / JPS_PAGE;
	size_t blocks = pages + 1 < JPS_BLOCKS0 ? pages + 1 : JPS_BLOCKS0;

	if (pages <= jn->pages)
		return 0;
	jps_nodes_free(jn);
	jn->pool = bigmem_alloc_lazy(blocks * JPS_PAGE * sizeof(*jn->pool));
	jn->dir = calloc(pages, sizeof(*jn->dir));
	jn->first = malloc(blocks * sizeof(*jn->first));
	jn->pages = pages;
	jn->blocks = blocks;
	if (jn->pool == NULL || jn->dir == NULL || jn->first == NULL) {
		jps_nodes_free(jn);
		return -1;
	}
	return 0;
}

/*
 * The search of c has given out every block of JPS's pool but the spare
 * (struct jpsnodes): twice the blocks, up to one for each page and the
 * spare, the nodes and their tags kept (other searches' stale ones
 * among them), the new ones zero.  The pool and first may move, and
 * with them c's copies and the open list's nodes.  -1, and c->nomem set,
 * when out of memory; c's copies are then the store's still, with the
 * room it had.
 */
int
jps_grow(struct ctx *c)
{
	struct jpsnodes *jn = &c->s->jn;
	const size_t sz = JPS_PAGE * sizeof(*jn->pool);
	size_t nb = jn->blocks * 2 < jn->pages + 1 ? jn->blocks * 2 : jn->pages + 1;
	void *pool = jn->pool;
	uint32_t *first;
	int rc = -1;

	/* first may be the larger: the pool's size is what bigmem_free needs */
	if (nb > jn->blocks && (first = realloc(jn->first, nb * sizeof(*first))) != NULL) {
		jn->first = first;
		if (bigmem_grow(&pool, jn->blocks * sz, nb * sz) == 0) {
			jn->pool = pool;
			jn->blocks = nb;
			rc = openlist_nodes(&c->s->ol, jn->pool, nb * JPS_PAGE);
			if (rc == 0)
				c->jroom = (uint32_t)nb - 1;
		}
	}
	c->node = jn->pool;
	c->jfirst = jn->first;
	if (rc != 0)
		c->nomem = 1;
	return rc;
}

/*
 * Block b of JPS's pool is given out for the first time, and its pages
 * may not be taken yet: take them now, with those of as many blocks
 * again as were given out before it (JPS_FILL0 at least), in one call
 * (bigmem_take), not a fault a page as the searches first write them.
 * A process's first searches write a new page every few nodes: on the
 * virtual machine of 2026-12-02, whose faults cost 14 us, 29 of the pool's
 * pages took about 0.4 ms of the 5.7 of AR0011SR's 1,280 queries
 * (BENCHMARKS.md).  At most twice the blocks given out are taken.
 */
#define JPS_FILL0 32
void
jps_fill(struct ctx *c, uint32_t b)
{
	struct jpsnodes *jn = &c->s->jn;
	const size_t sz = JPS_PAGE * sizeof(*jn->pool);
	size_t to = 2 * (size_t)b > JPS_FILL0 ? 2 * (size_t)b : JPS_FILL0;

	if (to > jn->blocks)
		to = jn->blocks;
	bigmem_take(jn->pool, jn->blocks * sz, (size_t)b * sz, to * sz);
	jn->filled = (uint32_t)to;
}

/* Every entry and node of JPS's store stale, for the generations to start again. */
static void
jps_nodes_clear(struct jpsnodes *jn)
{
	size_t k;

	if (jn->pages == 0)
		return;
	memset(jn->dir, 0, jn->pages * sizeof(*jn->dir));
	for (k = 0; k < (size_t)jn->touched * JPS_PAGE; k++)
		jn->pool[k].tag = 0;
}

/*
 * An array of n nodes, in place of the one s has: a sparse one (struct
 * search, sp) where sparse is set and a region can be set aside, else
 * one reserved whole.  -1 when out of memory.
 *
 * A search reads a node (its tag) before it first writes it.  A read of
 * a page never touched maps the shared zero page, and the write that
 * follows replaces it, a second fault; the old mapping must then leave
 * the TLB of every CPU the process runs on, which with other threads
 * running is an interprocessor interrupt each page (on a virtual
 * machine, an exit to the host each).  perf on 64 maps of 256x256 with
 * -j 2: 15% of the CPU time in those interrupts (do_wp_page,
 * flush_tlb_mm_range); with the nodes written at allocation, 57.5 ->
 * 51.0 ms of CPU time, 33 -> 31 ms of wall time.  So a threaded search
 * takes its nodes' small pages at once (bigmem_touch_small): all of an
 * array under 2 MiB, and past the last whole 2 MiB of a larger one,
 * whose huge pages cost a flush each 2 MiB and, written at once, their
 * first touch in full where the searches may touch little of them.  On
 * AR0011SR's 512x512 (3.0 MiB of nodes) its last 1.0 MiB took about
 * 360 interrupts a run with -j 2 (/proc/interrupts, TLB), under 30
 * written at once; -j 1's time over -j 2's, interleaved pairs of whole
 * runs, 1.846 -> 1.892.  A search on its own has no other CPU to
 * interrupt, and a short search on a 256x256 map took 0.4 ms longer
 * with its 1 MB of nodes written.
 */
static int
nodes_alloc(struct search *s, size_t n, int sparse)
{
	size_t bytes = n * sizeof(*s->node);

	nodes_free(s);
	if (sparse && sparse_reserve(&s->sp, bytes) == 0) {
		s->node = (struct node *)(void *)s->sp.base;
		s->cap = n;
		return 0;
	}
	if ((s->node = bigmem_alloc(bytes)) == NULL)
		return -1;
	if (s->threaded)
		bigmem_touch_small(s->node, bytes);
	s->cap = n;
	return 0;
}

/*
 * Size the state for this grid, the array or with paged JPS's pages
 * (struct jpsnodes), and start a new generation.  sparse: the run can
 * take a sparse array (run_once); an array already large enough is kept
 * either way, and a sparse one mapped whole for a run that cannot.
 */
/*
 * Every node's tag to 0, once every GEN_MAX searches (prepare).  A
 * sparse array's nodes page by page, only those on mapped pages: by
 * node_mapped's test of every node, 100,000 scenarios of one step on a
 * map of 67 million cells took 2.08 s, 48 clears, and take 0.19 s so.
 * An array mapped whole gives its pages back (bigmem_discard), all its
 * nodes zero again, and a threaded search takes its small pages anew as
 * nodes_alloc does; where it cannot, it is read whole and written only
 * where a tag is set.  The same scenarios with Dijkstra took 2.9-3.8 s
 * reading every tag at each clear, 1.4 s writing only those set, and
 * the array then counted whole in the resident size, 857 MB; given back,
 * 0.39 s and 72 MB, where the scan took 8.2 s on the same host.
 */
static void
nodes_clear_tags(struct search *s)
{
	const size_t sz = sizeof(struct node);
	size_t p, k, k1;

	if (s->sp.base == NULL) {
		if (bigmem_discard(s->node, s->cap * sz) == 0) {
			if (s->threaded)
				bigmem_touch_small(s->node, s->cap * sz);
			return;
		}
		for (k = 0; k < s->cap; k++)
			if (s->node[k].tag != 0)
				s->node[k].tag = 0;
		return;
	}
	for (p = 0; p < s->sp.pages; p++) {
		if (!s->sp.have[p])
			continue;
		/* the nodes that start on page p; the last may end on the next */
		k = ((p << SPARSE_SHIFT) + sz - 1) / sz;
		k1 = (((p + 1) << SPARSE_SHIFT) + sz - 1) / sz;
		for (; k < k1 && k < s->cap; k++)
			if (node_on_pages(s->sp.have, k))
				s->node[k].tag = 0;
	}
}

static int
prepare(struct search *s, const struct grid *g, const uint32_t *goal, size_t ngoal, int paged,
    int sparse)
{
	size_t k, gc = s->goalcap;

	/* One store of nodes at a time, the array or JPS's pages, for the memory. */
	if (paged) {
		nodes_free(s);
		if (jps_nodes_room(&s->jn, g) != 0)
			return -1;
	} else {
		jps_nodes_free(&s->jn);
		if (g->ncells > s->cap) {
			if (nodes_alloc(s, g->ncells, sparse && !s->nosparse) != 0)
				return -1;
		} else if (s->sp.base != NULL && !sparse &&
		    sparse_map(&s->sp, 0, s->sp.pages - 1) != 0 &&
		    nodes_alloc(s, g->ncells, 0) != 0)
			return -1;
	}
	if (array_grow(&s->gx, &gc, ngoal, sizeof(*s->gx)) != 0 ||
	    array_grow(&s->gy, &s->goalcap, ngoal, sizeof(*s->gy)) != 0)
		return -1;
	s->ngoal = ngoal;
	s->bx0 = s->by0 = INT32_MAX;
	s->bx1 = s->by1 = 0;
	for (k = 0; k < ngoal; k++) {
		s->gx[k] = (int)(goal[k] % g->stride);	/* padded coordinates */
		s->gy[k] = (int)(goal[k] / g->stride);
		if (s->gx[k] < s->bx0) s->bx0 = s->gx[k];
		if (s->gx[k] > s->bx1) s->bx1 = s->gx[k];
		if (s->gy[k] < s->by0) s->by0 = s->gy[k];
		if (s->gy[k] > s->by1) s->by1 = s->gy[k];
	}
	if (++s->gen > GEN_MAX) {	/* wrapped: the one time we clear */
		nodes_clear_tags(s);
		jps_nodes_clear(&s->jn);
		s->gen = 1;
	}
	return 0;
}

int
nodes_map(struct ctx *cp, size_t lo, size_t hi)
{
	if (sparse_map(&cp->s->sp, lo, hi) == 0)
		return 0;
	cp->sparse_failed = 1;
	return -1;
}

/*
 * Room in the path buffer for a path of n steps, taken when a path is
 * found rather than for the longest path a map could have (4 bytes a
 * cell).  -1, and c->nomem set, when out of memory.
 */
int
path_room(struct ctx *c, size_t n)
{
	struct search *s = c->s;

	if (array_grow(&s->path, &s->pathcap, n + 1, sizeof(*s->path)) != 0) {
		c->nomem = 1;
		return -1;
	}
	return 0;
}

/* x y mod m, in 128 bits as cost.c reckons. */
static uint64_t
mulmod(uint64_t x, uint64_t y, uint64_t m)
{
	__extension__ typedef unsigned __int128 u128;

	return (uint64_t)((u128)x * y % m);
}

/*
 * The key units' part of search_steps_from_cost (struct search, dec*): e =
 * gcd(sq, dq), m = sq / e and the inverse of dq / e mod m.
 */
static void
steps_prepare(struct search *s, uint64_t sq, uint64_t dq)
{
	uint64_t e = sq, t = dq, r;
	int64_t u0 = 1, u1 = 0, v0 = 0, v1 = 1, k;

	s->decsq = sq;
	s->decdq = dq;
	/* extended Euclid: u0 sq + v0 dq = e throughout, for the pair (e, t) */
	while (t != 0) {
		k = (int64_t)(e / t);
		r = e - (uint64_t)k * t;
		e = t;
		t = r;
		r = (uint64_t)(u0 - k * u1);
		u0 = u1;
		u1 = (int64_t)r;
		r = (uint64_t)(v0 - k * v1);
		v0 = v1;
		v1 = (int64_t)r;
	}
	s->dece = e;
	s->decm = sq / e;
	/* v0 dq / e = 1 mod m: the inverse, |v0| < m */
	s->decinv = v0 < 0 ? s->decm - (uint64_t)-v0 % s->decm : (uint64_t)v0 % s->decm;
}

/*
 * The straight steps a and diagonal steps b of every path of cost g on a
 * uniform grid, from g alone, where the path's cells are not wanted
 * (search_cost_only): each straight step costs sq key units and each
 * diagonal one dq, so g = a sq + b dq.  With e = gcd(sq, dq), m = sq / e
 * and q = dq / e, which share no factor, that makes b = (g / e) q^-1 mod
 * m up to a multiple of m, and b dq <= g: when g / dq < m, b is that
 * residue, and every path of cost g, the one trace_path or
 * jps_trace_path would walk too, has these a and b.  With D = S sqrt(2)
 * dq is sq sqrt(2) rounded up (cost.h), and m was 16 million on a map of
 * 8192 by 8192 cells and billions on the smaller ones of the benchmarks:
 * far above g / dq.  With decimal costs such as 10,14 (m = 5) paths of
 * one cost can differ in their steps, and those are walked.  0, or -1
 * when g does not decide them.
 */
int
search_steps_from_cost(struct search *s, uint64_t g, uint64_t *a, uint64_t *b)
{
	uint64_t sq = s->ku.sq, dq = s->ku.dq, bb, rest;

	if (sq == 0 || dq == 0)
		return -1;
	if (sq != s->decsq || dq != s->decdq)
		steps_prepare(s, sq, dq);
	if (g % s->dece != 0 || g / dq >= s->decm)
		return -1;
	bb = mulmod(g / s->dece % s->decm, s->decinv, s->decm);
	if (bb > g / dq || (rest = g - bb * dq) % sq != 0)
		return -1;	/* not a cost of straight and diagonal steps */
	*a = rest / sq;
	*b = bb;
	return 0;
}

/* Is the distance a1*S + b1*D less than a2*S + b2*D?  Exactly (cost.h). */
static int
dist_less(const struct costs *k, int64_t a1, int64_t b1, int64_t a2, int64_t b2)
{
	return cost_compare(k, (uint64_t)a1, (uint64_t)b1, (uint64_t)a2, (uint64_t)b2) < 0;
}

/* The distance (a straight, b diagonal steps) of an offset dx, dy, into *a, *b if less. */
static void
near_offer(const struct search_params *p, int64_t dx, int64_t dy, int64_t *a, int64_t *b)
{
	int64_t ga, gb;

	dx = dx < 0 ? -dx : dx;
	dy = dy < 0 ? -dy : dy;
	if (p->diag == DIAG_NEVER)
		ga = dx + dy, gb = 0;
	else
		gb = dx < dy ? dx : dy, ga = (dx < dy ? dy : dx) - gb;
	if (*a == INT64_MAX || dist_less(&p->costs, ga, gb, *a, *b))
		*a = ga, *b = gb;
}

/* The first of the n sorted xs at or past v. */
static size_t
near_lower(const int *xs, size_t n, int64_t v)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (xs[mid] < v)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/*
 * The goals by rows, for many goals (near_rows): the rows holding one,
 * ascending, and where each row's goals start in s->gx, which lists them
 * in reading order as the map does.
 */
struct nearrows {
	int *y;
	size_t *off;		/* row k's goals: gx[off[k]] to gx[off[k + 1] - 1] */
	size_t n;
};

/* 0 with the rows of s's goals; -1 when they are not in reading order or there is no memory. */
static int
near_rows(const struct search *s, struct nearrows *nr)
{
	size_t k, n = 1;

	for (k = 1; k < s->ngoal; k++) {
		if (s->gy[k] < s->gy[k - 1] || (s->gy[k] == s->gy[k - 1] && s->gx[k] <= s->gx[k - 1]))
			return -1;
		n += s->gy[k] != s->gy[k - 1];
	}
	nr->y = malloc(n * sizeof(*nr->y));
	nr->off = malloc((n + 1) * sizeof(*nr->off));
	if (nr->y == NULL || nr->off == NULL) {
		free(nr->y);
		free(nr->off);
		return -1;
	}
	for (k = 0, nr->n = 0; k < s->ngoal; k++)
		if (k == 0 || s->gy[k] != s->gy[k - 1]) {
			nr->y[nr->n] = s->gy[k];
			nr->off[nr->n++] = k;
		}
	nr->off[nr->n] = s->ngoal;
	return 0;
}

/*
 * The least distance from (x, y) to a goal, by the goals' rows: outward
 * from row y, a row t rows off at a time, while t steps could still beat
 * the least found for the cell and, given (ba, bb) (ha set), the least of
 * the cells before.  In a row t off, the distance of a goal dx off falls
 * or rises linearly for dx up to t (D < S or D >= S) and rises beyond:
 * the least is at a goal nearest x, x - t or x + t.  A cell that cannot
 * beat the cells before gets a distance above theirs, not its own.
 */
static void
near_cell(const struct search *s, const struct search_params *p, const struct nearrows *nr,
    int64_t x, int64_t y, int ha, int64_t ba, int64_t bb, int64_t *a, int64_t *b)
{
	size_t down = near_lower(nr->y, nr->n, y);	/* rows at or below y */
	size_t up = down;				/* rows above: up - 1, up - 2... */

	*a = INT64_MAX, *b = 0;
	while (down < nr->n || up > 0) {
		int below = up == 0 || (down < nr->n && nr->y[down] - y <= y - nr->y[up - 1]);
		size_t row = below ? down++ : --up, lo = nr->off[row], n = nr->off[row + 1] - lo, j;
		int64_t t = below ? nr->y[row] - y : y - nr->y[row], la = t, lb = 0;
		const int *xs = s->gx + lo;
		int q;

		if (p->diag != DIAG_NEVER && dist_less(&p->costs, 0, t, t, 0))
			la = 0, lb = t;		/* t steps at the least of S and D */
		if (*a != INT64_MAX && !dist_less(&p->costs, la, lb, *a, *b))
			break;
		if (ha && dist_less(&p->costs, ba, bb, la, lb))
			break;
		for (q = -1; q <= 1; q++) {
			j = near_lower(xs, n, x + q * t);
			if (j < n)
				near_offer(p, xs[j] - x, t, a, b);
			if (j > 0)
				near_offer(p, xs[j - 1] - x, t, a, b);
		}
	}
}

/*
 * Each cell's distance to the nearest goal, over the whole grid at once
 * (a chamfer distance transform): the goals at 0, then one sweep down the
 * rows, left to right, taking each cell's least over its neighbours
 * above and to its left plus the step, and one sweep up, right to left,
 * over those below and to its right.  The result is the least cost of a
 * path of the mask's steps with no obstacle.  It is exact because such a
 * path can take its steps in any order without leaving the rectangle of
 * its ends: first those down, down-left, down-right and right, which the
 * sweep down follows, then the others, which the sweep up follows from
 * where it left off.  The sweeps keep to the map inside its border,
 * where the cells reached and the goals lie, so that no path has more
 * than 65,534 steps of a kind.
 *
 * NEAR_SWEEPS(RELAX) runs the two sweeps over dt; RELAX(i, j, STEP) takes
 * dt[i]'s least of itself and dt[j] plus the step from j to i, STEP
 * H across, V up or down, P along the diagonal (1, 1) or Q along (1, -1)
 * (diagonal steps only where diag is set).
 */
#define NEAR_SWEEPS(RELAX) do {							\
	size_t x_, y_;								\
	for (y_ = 1; y_ + 1 < rows; y_++)					\
		for (x_ = 1; x_ + 1 < stride; x_++) {				\
			size_t i_ = y_ * stride + x_;				\
			if (y_ > 1) {						\
				RELAX(i_, i_ - stride, V);			\
				if (diag && x_ > 1)				\
					RELAX(i_, i_ - stride - 1, P);		\
				if (diag && x_ + 2 < stride)			\
					RELAX(i_, i_ - stride + 1, Q);		\
			}							\
			if (x_ > 1)						\
				RELAX(i_, i_ - 1, H);				\
		}								\
	for (y_ = rows - 1; y_-- > 1; )						\
		for (x_ = stride - 1; x_-- > 1; ) {				\
			size_t i_ = y_ * stride + x_;				\
			if (y_ + 2 < rows) {					\
				RELAX(i_, i_ + stride, V);			\
				if (diag && x_ + 2 < stride)			\
					RELAX(i_, i_ + stride + 1, P);		\
				if (diag && x_ > 1)				\
					RELAX(i_, i_ + stride - 1, Q);		\
			}							\
			if (x_ + 2 < stride)					\
				RELAX(i_, i_ + 1, H);				\
		}								\
	} while (0)

/*
 * near_offer's distance, the pair (a, b) of straight and diagonal steps,
 * is the cost of the cheapest path of steps at S and D under -d never,
 * and otherwise when S <= D <= 2S (near_dt_exact): near_dt's transform.
 * No distance has more than 65,534 steps of a kind, so the pair packs as
 * a << 16 | b with diagonal steps (a step more, of either kind, still
 * fits), a alone under -d never; NEAR_FAR (the border's) for none.  0,
 * or -1 without memory (dt NULL).
 */
#define NEAR_FAR UINT32_MAX

static int
near_dt_exact(const struct search_params *p)
{
	const struct costs *k = &p->costs;

	return p->diag == DIAG_NEVER || k->d_sqrt2 || (k->s <= k->d && k->d <= 2 * k->s);
}

static int
near_dt(const struct search *s, const struct search_params *p, size_t rows, uint32_t **dtp)
{
	const size_t stride = s->stride, n = stride * rows;
	const int diag = p->diag != DIAG_NEVER;
	const uint32_t H = diag ? (uint32_t)1 << 16 : 1, V = H, P = 1, Q = 1;	/* a step's pair */
	uint32_t *dt = malloc(n * sizeof(*dt));
	size_t k;

	*dtp = dt;
	if (dt == NULL)
		return -1;
	for (k = 0; k < n; k++)
		dt[k] = NEAR_FAR;
	for (k = 0; k < s->ngoal; k++)
		dt[(size_t)s->gy[k] * stride + (size_t)s->gx[k]] = 0;
#define NEAR_RELAX(i, j, t) do {						\
		uint32_t v_ = dt[j], w_ = dt[i];					\
		if (v_ != NEAR_FAR) {						\
			v_ += (t);						\
			if (w_ == NEAR_FAR || dist_less(&p->costs,			\
			    diag ? v_ >> 16 : v_, diag ? v_ & 0xffff : 0,		\
			    diag ? w_ >> 16 : w_, diag ? w_ & 0xffff : 0))		\
				dt[i] = v_;					\
		}								\
	} while (0)
	NEAR_SWEEPS(NEAR_RELAX);
#undef NEAR_RELAX
	return 0;
}

/*
 * With diagonal steps and D below S or above 2S (whole micro-units:
 * sqrt2 lies between), near_offer's distance S (M - m) + D m, for the
 * offset's larger and smaller parts M and m, is no path's cost.  But at
 * every offset it is the lesser of two costs that are, of two masks of
 * steps, and so each cell's distance is the lesser of two transforms'
 * (near_dt_sum, mask 0 and 1):
 *
 * D > 2S: S M + (D - S) m is the lesser of S |dx| + (D - S) |dy| and
 * (D - S) |dx| + S |dy| (the larger weight on the smaller part), each the
 * cost of straight steps alone, at S across and D - S up or down, or the
 * other way round.
 *
 * D < S: with u = |dx + dy| and v = |dx - dy|, the offset along the two
 * diagonals, M = (u + v) / 2 and m = |u - v| / 2, so the distance is
 * (D max(u, v) + (2S - D) min(u, v)) / 2, and as 2S - D > D, the lesser
 * of (D u + (2S - D) v) / 2 and ((2S - D) u + D v) / 2: the cost of
 * steps at S across and up or down, D along one diagonal and 2S - D
 * along the other.
 *
 * The distances are totals in micro-units, 8 bytes a cell, NEAR_FAR64 for
 * none: under 2^48, for 131,068 steps of at most 2,000 units.  The
 * caller's dt of stride * rows totals.
 */
#define NEAR_FAR64 UINT64_MAX

static void
near_dt_sum(const struct search *s, const struct search_params *p, size_t rows, int mask,
    uint64_t *dt)
{
	const size_t stride = s->stride, n = stride * rows;
	const uint64_t st = p->costs.s, dg = p->costs.d;
	const int diag = dg < st;
	uint64_t H = st, V = st, P = dg, Q = 2 * st - dg;
	size_t k;

	if (!diag)		/* D > 2S */
		H = mask ? dg - st : st, V = mask ? st : dg - st;
	else if (mask)
		P = 2 * st - dg, Q = dg;
	for (k = 0; k < n; k++)
		dt[k] = NEAR_FAR64;
	for (k = 0; k < s->ngoal; k++)
		dt[(size_t)s->gy[k] * stride + (size_t)s->gx[k]] = 0;
#define NEAR_RELAX64(i, j, t) do {						\
		if (dt[j] != NEAR_FAR64 && dt[j] + (t) < dt[i])			\
			dt[i] = dt[j] + (t);					\
	} while (0)
	NEAR_SWEEPS(NEAR_RELAX64);
#undef NEAR_RELAX64
}

/* The cells this search expanded: closed in its generation. */
static int
near_reached(const struct ctx *c, uint32_t i)
{
	return node_mapped(c->s, i) &&
	    (c->s->node[i].tag & (TAG_GEN | TAG_CLOSED)) == (c->tagbase | TAG_CLOSED);
}

/*
 * Where the cells' distances come from, for near_pick: dt's pairs, dt64's
 * totals, the goals' rows (nr), or else every goal.
 */
struct nearsrc {
	const uint32_t *dt;
	const uint64_t *dt64;
	const struct nearrows *nr;
};

/*
 * Of the cells expanded, the one nearest a goal (ties to the lower g,
 * then the first in reading order): its index, UINT32_MAX for none, and
 * its distance in *ba and *bb under *k (dt64's totals as (total, 0)
 * under unit costs), its g in *bg.
 */
static uint32_t
near_pick(const struct ctx *c, const struct search_params *p, const struct nearsrc *src,
    const struct costs *k, int64_t *ba, int64_t *bb, uint64_t *bg)
{
	const struct search *s = c->s;
	const uint32_t stride = s->stride;
	const int diag = p->diag != DIAG_NEVER;
	uint32_t best = UINT32_MAX, i;
	size_t g;

	for (i = 0; i < s->cap && i < c->grid->ncells; i++) {
		int64_t a = INT64_MAX, b = 0;

		if (!near_reached(c, i))
			continue;
		if (src->dt64 != NULL)
			a = (int64_t)src->dt64[i];
		else if (src->dt != NULL) {
			a = diag ? src->dt[i] >> 16 : src->dt[i];
			b = diag ? src->dt[i] & 0xffff : 0;
		} else if (src->nr != NULL)
			near_cell(s, p, src->nr, (int64_t)(i % stride), (int64_t)(i / stride),
			    best != UINT32_MAX, *ba, *bb, &a, &b);
		else
			for (g = 0; g < s->ngoal; g++)
				near_offer(p, (int64_t)(i % stride) - s->gx[g],
				    (int64_t)(i / stride) - s->gy[g], &a, &b);
		if (best == UINT32_MAX || dist_less(k, a, b, *ba, *bb) ||
		    (!dist_less(k, *ba, *bb, a, b) && s->node[i].g < *bg)) {
			best = i;
			*ba = a, *bb = b, *bg = s->node[i].g;
		}
	}
	return best;
}

/*
 * --nearest, when no goal was reached: of the cells expanded (with the
 * open list empty, every cell the start reaches), the one nearest a goal
 * by the obstacle-free distance of the diagonal rule (straight steps
 * only with -d never, else diagonal ones first, at the base costs S and
 * D); ties go to the lower path cost, then to the first in reading order.
 * Its path becomes the result's, marked partial.  Costs nothing unless
 * asked for: it runs after the search, over the nodes of this generation.
 * With several goals each cell looks only at the rows of goals that could
 * be nearest (near_cell); each cell against each goal took a minute for
 * 65,000 goals walled off a 512x512 map.  But a cell may look at every
 * row of goals: where the cells reached times the rows of goals passes
 * four times the grid's cells, the distances come from a transform
 * instead, whose time and memory go with the grid: a 1024x1024 map with
 * a goal at the end of every row, walled off from the half reached, took
 * 8.2 s by the rows and takes 0.12 s so.  near_dt's (4 bytes a cell) where
 * the distance is a path's cost, else the lesser of two of near_dt_sum's
 * (8 bytes a cell, one at a time): the cell nearest by the lesser of two
 * distances is the nearer of the cells nearest by each, ties broken alike.
 */
static void
nearest(struct ctx *c, const struct search_params *p, struct search_result *r)
{
	static const struct costs unit = { 1, 1, 0 };
	const struct search *s = c->s;
	const size_t n = c->grid->ncells, rows = n / s->stride;
	uint32_t best = UINT32_MAX, i, pick;
	int64_t ba = 0, bb = 0, a, b;
	uint64_t bg = 0, g;
	struct nearrows nr = { NULL, NULL, 0 };
	int byrows = s->ngoal > 1 && near_rows(s, &nr) == 0, mask;
	struct nearsrc src = { NULL, NULL, byrows ? &nr : NULL };
	uint32_t *dt = NULL;
	uint64_t *dt64 = NULL;

	if (byrows) {
		size_t reached = 0;

		for (i = 0; i < s->cap && i < n; i++)
			reached += near_reached(c, i);
		if ((double)reached * (double)nr.n <= 4.0 * (double)n)
			;	/* by the rows */
		else if (near_dt_exact(p)) {
			if (near_dt(s, p, rows, &dt) == 0)
				src.dt = dt;	/* else no memory: by the rows */
		} else if ((dt64 = malloc(n * sizeof(*dt64))) != NULL) {
			src.dt64 = dt64;
			for (mask = 0; mask < 2; mask++) {
				near_dt_sum(s, p, rows, mask, dt64);
				a = b = 0, g = 0;
				pick = near_pick(c, p, &src, &unit, &a, &b, &g);
				if (pick != UINT32_MAX && (best == UINT32_MAX ||
				    a < ba || (a == ba && (g < bg || (g == bg && pick < best))))) {
					best = pick;
					ba = a, bg = g;
				}
			}
		}
	}
	if (dt64 == NULL)
		best = near_pick(c, p, &src, &p->costs, &ba, &bb, &bg);
	if (byrows) {
		free(nr.y);
		free(nr.off);
	}
	free(dt);
	free(dt64);
	if (best == UINT32_MAX)
		best = c->start;	/* --max-expanded=0: the start, not expanded */
	r->partial = 1;
	r->goal = best;
	trace_path(c, best, r);
}

/*
 * The neighbours the simple loops (A*'s on the buckets, with the octile
 * or Manhattan heuristic, and Dijkstra's on the step queues) offer after
 * a node reached in direction d, a nibble a direction (N in the lowest),
 * 0xf to offer and 0 not: all but the parent, back against d, and the
 * two cells on either side of it, which are neighbours of both.  The
 * parent offered each of those two at its expansion by a straight step
 * (or passed over it by this same rule, its own parent having offered as
 * much): after a diagonal d they are the parent's straight neighbours
 * along d's two components, after a straight d the two beside it,
 * straight from the parent and diagonal from here.  That is a cost no
 * higher than this node's step to it, added to a g no higher (S <= D for
 * the terrain entered, as every heuristic of A*'s simple loops needs
 * under a diagonal rule, search_no_guarantee; where D < S under a
 * diagonal rule, Dijkstra's take noskip: search_run), so the offer
 * would be turned down: with a consistent h a node's g is final when it
 * is expanded.  The parent is closed; under `never` the two diagonals
 * are not offered anyway.  The start is reached from nowhere: its tag
 * has TAG_SIDE (search_run), entry 16 here, and offers all.  Not making
 * the offers: 5-6% fewer instructions on every 20th query of AR0011SR
 * and random512-40-0 (cachegrind, the whole process), 1-5% less time on
 * the six maps of BENCHMARKS.md.
 */
#define SKIP_NIB(d) SKIP(d, 0xfu, 4)
static const uint32_t skipnib[TAG_SIDE + 1] = {
	SKIP_NIB(N), SKIP_NIB(NE), SKIP_NIB(E), SKIP_NIB(SE), SKIP_NIB(S), SKIP_NIB(SW), SKIP_NIB(W),
	SKIP_NIB(NW), [TAG_SIDE] = 0xffffffffu
};
static const uint32_t noskip[TAG_SIDE + 1] = {
	0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu,
	0xffffffffu, [TAG_SIDE] = 0xffffffffu
};

/*
 * Dijkstra's loop on the step queues (h = 0) for simple runs (simple_run:
 * no observer, stamps t = ~seq) on grids whose passability is noise
 * (grid_mixed), inlined once for every diagonal rule; the others take
 * loop.  A neighbour is offered by one branch, on whether it
 * is queued: the cell is passable (and the diagonal rule lets the step
 * through) and the new g is below the node's.  Everything before that
 * branch is arithmetic, where loop's branches on the cells were coin
 * tosses there (2.6 mispredictions a node on random512-40-0):
 *  - a blocked cell, or a diagonal the rule forbids, gets ng = ~0, which
 *    is below no g;
 *  - a node of an earlier search counts as g = ~0;
 *  - a closed node needs no test of its own: nodes close in order of g,
 *    so its g is at most gi, below any ng.
 * Neighbours are offered in the documented order N NE E SE S SW W NW
 * (the stamps, hence the ties, depend on it).  The padding of blocked
 * cells around the grid keeps every neighbour of a passable cell, and
 * its node, in the arrays.  Each node queued has its rows asked for, as
 * in loop (prefetch_nodes), from this loop's own node and stride, without
 * a branch on whether it is new.
 */
static PF_INLINE void
dijkstra_loop(struct ctx *cp, struct search_result *rp, const enum diagrule rule)
{
	struct ctx lc = *cp, *c = &lc;	/* see loop */
	struct search_result lr = *rp, *r = &lr;
	const uint8_t *cell = c->grid->cell;
	struct node *node = c->s->node;
	const size_t stride = c->grid->stride;
	const uint32_t goal = c->goal, tagbase = c->tagbase;
	struct openlist *ol = &c->s->ol;
	struct ol_entry e;
	int more = ol_sq_pop(ol, &e);

	while (more) {
		size_t i = e.idx;
		uint64_t gi = e.f;	/* a live entry's key is its node's g */
		size_t tn, tne, te, tse, ts, tsw, tw, tnw;
		int k;

		if ((k = take(cp, rp, r, node, cell, goal, c->max_exp, (uint32_t)i)) != 0) {
			if (k > 0)
				return;
			break;
		}
		tn = cell[i - stride] & CELL_COST;
		te = cell[i + 1] & CELL_COST;
		ts = cell[i + stride] & CELL_COST;
		tw = cell[i - 1] & CELL_COST;
		tne = tse = tsw = tnw = 0;
		if (rule != DIAG_NEVER) {
			tne = cell[i - stride + 1] & CELL_COST;
			tse = cell[i + stride + 1] & CELL_COST;
			tsw = cell[i + stride - 1] & CELL_COST;
			tnw = cell[i - stride - 1] & CELL_COST;
		}
		/* A diagonal the rule forbids counts as blocked (t = 0). */
		if (rule == DIAG_NO_CORNER_CUT) {
			tne &= -(size_t)((tn != 0) & (te != 0));
			tse &= -(size_t)((ts != 0) & (te != 0));
			tsw &= -(size_t)((ts != 0) & (tw != 0));
			tnw &= -(size_t)((tn != 0) & (tw != 0));
		} else if (rule == DIAG_NO_SQUEEZE) {
			tne &= -(size_t)((tn | te) != 0);
			tse &= -(size_t)((ts | te) != 0);
			tsw &= -(size_t)((ts | tw) != 0);
			tnw &= -(size_t)((tn | tw) != 0);
		}
		/*
		 * Blocked: ng >= 3 * 2^62 (step[d][0]).  Not seen: g's top bit
		 * set, so that gj is at least 2^63, above any key, and below
		 * any blocked ng: a node's g is always below 2^62, as the nodes
		 * start zeroed and every search writes keys, which stay below
		 * 2^62 (search_run).
		 */
#define DOFFER(d, j, tc) do { \
		struct node *nj_ = &node[j]; \
		uint64_t ng_ = gi + c->step[d][tc]; \
		uint32_t seen_ = (nj_->tag & TAG_GEN) == tagbase; \
		\
		if (ng_ < (nj_->g | (uint64_t)!seen_ << 63)) { \
			struct ol_entry ne_; \
			\
			nj_->g = ng_; \
			nj_->tag = tagbase | (uint32_t)(d); \
			ne_.f = ng_; \
			ne_.s = ol->s; \
			ne_.t = ~++c->seq; \
			ne_.idx = (uint32_t)(j); \
			ol_sq_push(ol, c->qof[(d) & 1][tc], &ne_); \
			prefetch_rows(node, j, stride); \
			r->updated += seen_; \
			r->generated += !seen_; \
		} \
	} while (0)
		DOFFER(N, i - stride, tn);
		if (rule != DIAG_NEVER)
			DOFFER(NE, i - stride + 1, tne);
		DOFFER(E, i + 1, te);
		if (rule != DIAG_NEVER)
			DOFFER(SE, i + stride + 1, tse);
		DOFFER(S, i + stride, ts);
		if (rule != DIAG_NEVER)
			DOFFER(SW, i + stride - 1, tsw);
		DOFFER(W, i - 1, tw);
		if (rule != DIAG_NEVER)
			DOFFER(NW, i - stride - 1, tnw);
#undef DOFFER
		more = ol_sq_pop(ol, &e);
	}
	*rp = lr;
}

FOR_RULES(LOOP_ANY_FN, ANY, OL_FAST_QUAD)
FOR_RULES(LOOP_FN, H_ZERO, OL_FAST_STEPQ)
#define LOOP_DIJKSTRA_FN(rule, heur, fast) LOOP_FN_(rule, SIMPLE, heur, fast, 1)
FOR_RULES(LOOP_DIJKSTRA_FN, H_ZERO, OL_FAST_STEPQ)
#define MIXED_FN(rule, heur, fast) \
	static NOINLINE void \
	loop_##rule##_MIXED_##fast(struct ctx *c, struct search_result *r) \
	{ \
		dijkstra_loop(c, r, rule); \
	}
FOR_RULES(MIXED_FN, H_ZERO, OL_FAST_STEPQ)

/*
 * Dijkstra's on the step queues, for simple runs (simple_run) on grids
 * that are not noise (grid_mixed; there dijkstra_loop's offers without
 * branches pay more).  Against dijkstra_simple_loops, which read the
 * cells: cachegrind, every 20th query of brc202d, 926.7 -> 729.6 million
 * instructions for the whole process and 9.50 -> 7.48 million
 * mispredicted branches; time, interleaved runs pinned to a core, brc202d
 * 0.911 (the whole file, seven runs each), AR0011SR 0.854, maze512-1-0
 * 0.795, Berlin_0_1024 0.810, orz900d 0.907 (every 10th query, five).
 */
static NOINLINE void
loop_MASKED_DIJKSTRA(struct ctx *c, struct search_result *r)
{
	loop(c, r, DIAG_ALWAYS, H_ZERO, OL_FAST_STEPQ, 1, MASKED_ANY);
}

/* Any rule, heuristic and list: the lists' operations are calls anyway. */
static NOINLINE void
generic_loop(struct ctx *c, struct search_result *r)
{
	loop(c, r, c->diag, c->heur, OL_FAST_NONE, 0, MASKED_NOT);
}

/* Each table has a loop for every rule (and heuristic but h = 0): */
#define COUNT(...) (sizeof((loopfn *[]){ __VA_ARGS__ }) / sizeof(loopfn *))
_Static_assert(COUNT(FOR_RULES(LOOP_PTR, ANY, OL_FAST_QUAD)) == DIAG_COUNT, "FOR_RULES: every rule");
#undef COUNT

static loopfn *const quad_loops[DIAG_COUNT] = { FOR_RULES(LOOP_PTR, ANY, OL_FAST_QUAD) };
static loopfn *const dijkstra_loops[DIAG_COUNT] = { FOR_RULES(LOOP_PTR, H_ZERO, OL_FAST_STEPQ) };
static loopfn *const dijkstra_simple_loops[DIAG_COUNT] = { FOR_RULES(LOOP_PTR, SIMPLE, OL_FAST_STEPQ) };
static loopfn *const mixed_loops[DIAG_COUNT] = { FOR_RULES(LOOP_PTR, MIXED, OL_FAST_STEPQ) };

/*
 * The moves of grid g under rule (moves.h) for the masked loops, or NULL
 * where the loops that read the cells are to run.  Having them costs
 * about 0.7 ns a cell, half of it taking the memory and half building
 * it (0.32-0.36 ns a cell, moves.c: a 512 by 512 map's in 0.09 ms, an
 * 8192 by 8192 one's in 24 ms), and reading them saves 1-6 ns an
 * expansion (BENCHMARKS.md, item 1): worth it only over searches that
 * expand a good part of the map between them, which nothing tells in
 * advance.  So the rule of renting skis: the moves are built once the
 * grid's searches without them have expanded an eighth as many nodes as
 * it has cells (MOVES_RENT), and kept while its serial and the rule stay
 * the same.  That is about what building them costs, in expansions at
 * 4 ns saved each, as a quarter was when their build took 0.8-1.0 ns a
 * cell (eight cells a word, where sixteen are now).  A scenario file's
 * later queries share them; a map solved once, as a stream's maps are,
 * or by a few short queries, never pays for them; and no run pays more
 * than about twice what it had with the better choice made in
 * hindsight.  NULL too when out of memory and on a grid not from
 * map_read (serial 0).  The two kinds of loop offer the same neighbours
 * in the same order: the output is the same.
 */
#define MOVES_RENT 8

static const uint8_t *
moves_for(struct search *s, const struct grid *g, enum diagrule rule)
{
	if (g->serial == 0)
		return NULL;
	if (s->mvgrid != g || s->mvserial != g->serial) {
		s->mvgrid = g;
		s->mvserial = g->serial;
		s->mvrule = -1;
		s->mvexp = 0;
	}
	if (s->mvrule == (int)rule)
		return s->moves;
	if (s->mvexp < g->ncells / MOVES_RENT)
		return NULL;
	if (s->movescap < g->ncells) {
		bigmem_free(s->moves, s->movescap);
		s->moves = bigmem_alloc_filled(g->ncells);
		s->movescap = s->moves != NULL ? g->ncells : 0;
		if (s->moves == NULL) {
			s->mvrule = -1;
			return NULL;
		}
	}
	moves_build(s->moves, g, rule);
	s->mvrule = (int)rule;
	return s->moves;
}

/*
 * Can A*'s masked loops leave out what they leave out: the cells beside
 * the parent (skip8: skipnib, not noskip, which D < S under a diagonal
 * rule takes, where A* has no guarantee and Dijkstra must examine them),
 * and the side cells of a straight step (sides: D <= 2S, or no diagonal
 * steps)?  dq >= sq where skipnib is taken under a diagonal rule.
 * Dijkstra's masked loop leaves out the first alone: skipnib.
 */
static int
sides_hold(const struct ctx *c, enum diagrule rule)
{
	return c->skipnib == skipnib && (rule == DIAG_NEVER || c->ku.dq - c->ku.sq <= c->ku.sq);
}

/*
 * The masked loop where the run may take one (maskable: a uniform grid,
 * and sides_hold or skipnib) and the grid's moves under rule are built,
 * or built now (moves_for); else the loop that reads the cells, whose
 * expansions count towards building them.
 */
static void
masked_or_not(struct search *s, const struct grid *g, enum diagrule rule, int maskable,
    loopfn *masked, loopfn *plain, struct ctx *c, struct search_result *r)
{
	if (maskable && (c->moves = moves_for(s, g, rule)) != NULL)
		masked(c, r);
	else {
		plain(c, r);
		if (maskable)
			s->mvexp += r->expanded;
	}
}

/*
 * Can the run take a simple loop, the buckets' with the octile or the
 * Manhattan heuristic, or the step queues' (h = 0)?  These leave out, at
 * each neighbour offered, the checks for a weight, for more goals and
 * for an observer, and the tie-break's masks (low h first: s = h, t =
 * ~stamp), which the benchmarks' runs never have: weighted, many-goal,
 * traced runs and other tie-breaks take the loops with the heuristic as
 * it comes.
 */
static int
simple_run(const struct ctx *c)
{
	return c->weight == 1000 && c->ngoal <= 1 && c->obs == NULL && c->smask == 0 &&
	    c->sand == UINT64_MAX && c->tmask == UINT32_MAX;
}

/*
 * How wide the open list's buckets are (see openlist.h), as a power of
 * two in key units.  With a consistent h, the keys on the list lie
 * within a step plus h's change over that step of the least one: within
 * the dearest step and W times the dearest base step.  The window of
 * OL_NBUCKET buckets is made that wide, less one bucket for the current
 * one and one for rounding.  JPS's keys grow by a jump at a time, and
 * many would land beyond such a window, in the overflow: its window is
 * eight times as wide.  Measured in instructions of the search: on the
 * open maps wider is better (AR0011SR 7% fewer than with A*'s window,
 * 10% at 64 times; Berlin_0_1024 14% at 16 times), on maze512-1-0 and
 * random512-40-0 narrower (maze512-1-0 7% fewer, and 2% more at 16
 * times than at eight); eight times is the compromise.
 */
static unsigned
bucket_shift(const struct ctx *c, const struct grid *g, int jps)
{
	uint64_t base = c->ku.dq > c->ku.sq ? c->ku.dq : c->ku.sq;
	uint64_t span = base * (g->uniform ? 1 : 9) + base / 1000 * c->weight;
	unsigned shift = 0;

	if (jps)
		span *= 8;
	/* By 8 bits, then by one: 38 rounds a query, one bit at a time (AR0011SR). */
	while ((span >> (shift + 8)) >= OL_NBUCKET - 2)
		shift += 8;
	while ((span >> shift) >= OL_NBUCKET - 2)
		shift++;
	return shift;
}

/*
 * log2(x) for x >= 1, to about 1e-15, without libm (see cost.c): x =
 * 2^e m with m in [1, 2), and ln m = 2 atanh(z), z = (m - 1) / (m + 1) <=
 * 1/3, whose series gains a digit a term.
 */
static double
log2_ge1(double x)
{
	double e = 0, z, z2, t, sum = 0;
	int k;

	while (x >= 2) {
		x /= 2;
		e++;
	}
	z = (x - 1) / (x + 1);
	z2 = z * z;
	for (k = 1, t = z; k < 60 && t > 1e-18; k += 2, t *= z2)
		sum += t / k;
	return e + 2 * sum / 0.69314718055994530942;
}

/*
 * Does which of a free cell's eight neighbours are passable vary like
 * noise?  Then branches on it are coin tosses, and Dijkstra takes the
 * loop without them (dijkstra_loop), which tests every neighbour's node
 * instead; elsewhere, and on mazes, the branches are mostly predicted,
 * and that loop's extra work costs more than the mispredictions it saves
 * (cachegrind, every 20th query: random512-40-0 232 instructions and 4.0
 * mispredicted branches a node against 296 and 1.7, 17% less time;
 * maze512-1-0 188 and 2.1 against 279 and 1.2, 13-33% more time).  The
 * measure is the entropy of the neighbourhood's pattern (2^8 of them)
 * over the free cells among 4,096 spread over the grid: random512-40-0
 * 7.5 bits, maze512-1-0 5.0, random512-10-0 3.8, the game and city maps
 * 0.4 to 3.2 (over all the free cells the same within 0.1).  Worked out
 * once per grid (and serial): about 40 microseconds, for a stream of
 * small maps as much as parsing one.
 */
static int
grid_mixed(struct search *s, const struct grid *g)
{
	uint32_t count[256] = { 0 };
	size_t i, n = 0, step = g->ncells / 4096 + 1, k;
	const long off[DIR_COUNT] = { -(long)g->stride, -(long)g->stride + 1, 1, (long)g->stride + 1,
		(long)g->stride, (long)g->stride - 1, -1, -(long)g->stride - 1 };
	double sum = 0;

	if (s->mixgrid == g && s->mixserial == g->serial && g->serial != 0)
		return s->mixed;
	if (step % g->stride == 0)	/* not one column */
		step++;
	/* The padding's blocked cells keep the neighbours of a free one in the grid. */
	for (i = 0; i < g->ncells; i += step) {
		unsigned m = 0;
		int d;

		if (!(g->cell[i] & CELL_COST))
			continue;
		for (d = 0; d < DIR_COUNT; d++)
			m |= (unsigned)((g->cell[(size_t)((long)i + off[d])] & CELL_COST) != 0) << d;
		count[m]++;
		n++;
	}
	for (k = 0; k < 256; k++)
		if (count[k] != 0)
			sum += count[k] * log2_ge1((double)count[k]);
	s->mixgrid = g;
	s->mixserial = g->serial;
	s->mixed = n > 0 && log2_ge1((double)n) - sum / (double)n > 6.0;
	return s->mixed;
}

/*
 * Keys must stay below 2^62: g is at most 9 * ncells steps and W*h at
 * most 100 * (width + height) steps, each no dearer than the largest
 * base step.  The bound in steps, for cost_units.
 */
static uint64_t
key_bound(const struct grid *g)
{
	return 9 * (uint64_t)g->ncells + 100 * ((uint64_t)g->stride + (uint64_t)g->h + 2) + 1;
}

/* Does the search p names refuse g, whatever the start and goal?  Not its step costs' keys. */
static int
refuses(const struct grid *g, const struct search_params *p)
{
	if (p->algo == ALGO_JPS && !g->uniform)
		return SEARCH_EJPS_MAP;
	if (p->algo == ALGO_JPS && !search_jps_costs(&p->costs))
		return SEARCH_EJPS_COSTS;
	/* Step queues need keys that grow by one step at a time (see openlist.h). */
	if (p->ol == OL_STEP_QUEUES && p->algo != ALGO_DIJKSTRA &&
	    (p->heur != H_ZERO || p->algo == ALGO_JPS))
		return SEARCH_ESTEPQ;
	return SEARCH_OK;
}

/* search_run's one run: an enum search_status, or RUN_AGAIN when a sparse array failed it (c.sparse_failed). */
#define RUN_AGAIN 1
_Static_assert(SEARCH_OK == 0 && SEARCH_ENOMEM < 0, "RUN_AGAIN is none of the statuses");

static int
run_once(struct search *s, const struct grid *g, uint32_t start, uint32_t goal,
    const struct search_params *p, struct search_result *r)
{
	/* JPS's own nodes (struct jpsnodes), until a search on the grid takes too many */
	const int paged = p->algo == ALGO_JPS && !(s->jn.flat == g && s->jn.flatserial == g->serial &&
	    g->serial != 0);
	struct ctx c;
	struct ol_entry e;
	struct node *sn;
	uint64_t bound, hs;
	int d, skips, sparse;

	memset(r, 0, sizeof(*r));
	memset(&c, 0, sizeof(c));
	c.grid = g;
	c.s = s;
	c.start = start;
	c.goal = goal;
	if ((d = refuses(g, p)) != SEARCH_OK)
		return d;
	c.heur = p->algo == ALGO_DIJKSTRA ? H_ZERO : p->heur;
	c.diag = p->diag;
	c.smask = p->tb == TB_HIGH_H ? UINT64_MAX : 0;	/* high h first: ~h */
	c.sand = p->tb == TB_LOW_H || p->tb == TB_HIGH_H ? UINT64_MAX : 0;
	c.tmask = p->tb == TB_FIFO ? 0 : UINT32_MAX;
	c.weight = p->algo == ALGO_DIJKSTRA ? 1000 : p->weight;

	bound = key_bound(g);
	if (s->kubound == bound && s->costs.s == p->costs.s && s->costs.d == p->costs.d &&
	    s->costs.d_sqrt2 == p->costs.d_sqrt2)
		c.ku = s->ku;	/* as the last run's: a scenario file's runs share them */
	else if (cost_units(&p->costs, bound, &c.ku) != 0)
		return SEARCH_ECOSTS;
	c.dq2s = c.ku.dq - 2 * c.ku.sq;
	/*
	 * On a map past AHEAD_MIN of nodes, A*'s simple loops on the buckets
	 * (skips, below) map their pages as they go (struct search, sp),
	 * where three rows of nodes fit in a page (nodes_window), and so does
	 * JPS on the array (jps_node).  The other loops read and write the
	 * nodes without a look at their pages: they have them all.
	 */
	c.obs = s->obs;
	c.ngoal = goal == SEARCH_MAP_GOALS ? g->ngoal : 1;
	c.simple = simple_run(&c);
	skips = !paged && p->algo != ALGO_JPS && p->ol == OL_BUCKETS && c.heur != H_ZERO &&
	    c.simple && search_no_guarantee(p) == NULL;
	sparse = g->ncells * sizeof(struct node) > AHEAD_MIN &&
	    ((skips && (2 * g->stride + 3) * sizeof(struct node) <= SPARSE_PAGE) ||
	    (p->algo == ALGO_JPS && !paged));
	if (goal == SEARCH_MAP_GOALS ? prepare(s, g, g->goal, g->ngoal, paged, sparse) :
	    prepare(s, g, &goal, 1, paged, sparse))
		return SEARCH_ENOMEM;
	c.have = sparse && s->sp.base != NULL ? s->sp.have : NULL;
	if (c.have != NULL && sparse_map(&s->sp, node_page(start), node_last_page(start)) != 0)
		return RUN_AGAIN;	/* the start's node */
	/* JPS's open list takes its nodes from the pool (struct jpsnodes). */
	if (openlist_init(&s->ol, p->ol, paged ? s->jn.pool : s->node,
	    paged ? s->jn.blocks * JPS_PAGE : g->ncells) != 0)
		return SEARCH_ENOMEM;
	/*
	 * The buckets' chains start each at a chunk of their own (ol_bk_put),
	 * 98 KiB for the 65, a page every 2.7 chunks, which a process's first
	 * searches write as they come to each bucket: taken at once
	 * (bigmem_take), once for each pool, not a fault a page.  On the
	 * virtual machine of 2026-12-02 (14 us a fault) a process's JPS on
	 * AR0011SR faulted 24 of them in.
	 */
	if (p->ol == OL_BUCKETS && (uintptr_t)s->ol.bpool != s->bktaken) {
		bigmem_take(s->ol.bpool, s->ol.bk.n * OL_CHUNK * sizeof(*s->ol.bpool), 0,
		    (OL_NBUCKET + 1) * OL_CHUNK * sizeof(*s->ol.bpool));
		s->bktaken = (uintptr_t)s->ol.bpool;
	}
	if (p->algo == ALGO_JPS && jps_prepare(&s->jb, g, p->diag) != 0)
		return SEARCH_ENOMEM;
	c.node = paged ? s->jn.pool : s->node;
	c.jpaged = paged;
	c.jdir = s->jn.dir;
	c.jfirst = s->jn.first;
	c.jtouched = s->jn.touched;
	c.jroom = paged ? (uint32_t)s->jn.blocks - 1 : 0;
	s->jn.last = paged;
	c.gx0 = s->ngoal > 0 ? s->gx[0] : 0;
	c.gy0 = s->ngoal > 0 ? s->gy[0] : 0;
	s->ku = c.ku;
	s->costs = p->costs;
	s->kubound = bound;
	s->stride = (uint32_t)g->stride;

	c.off[N] = -(long)g->stride;
	c.off[S] = (long)g->stride;
	c.off[E] = 1;
	c.off[W] = -1;
	c.off[NE] = c.off[N] + 1;
	c.off[SE] = c.off[S] + 1;
	c.off[SW] = c.off[S] - 1;
	c.off[NW] = c.off[N] - 1;
	/*
	 * Straight and diagonal, then copied (480 instructions a query in one
	 * loop); terrain 0 is a blocked cell, for Dijkstra's noisy-grid loop.
	 */
	for (int t = 0; t < 10; t++) {
		c.step[0][t] = t == 0 ? STEP_BLOCKED : c.ku.sq * (uint64_t)t;
		c.step[1][t] = t == 0 ? STEP_BLOCKED : c.ku.dq * (uint64_t)t;
	}
	for (d = 2; d < DIR_COUNT; d++)
		memcpy(c.step[d], c.step[d & 1], sizeof(c.step[d]));

	/*
	 * i / stride as a multiplication: with m = floor(2^44 / stride) + 1,
	 * (i * m) >> 44 is the quotient whenever i * stride < 2^44, and the
	 * limits keep i * stride below (w + 2)^2 (h + 2) < 2^43; the product
	 * stays below 2^61.
	 */
	c.ydiv = ((uint64_t)1 << 44) / g->stride + 1;
	c.max_exp = p->limit_set ? p->max_expanded : UINT64_MAX;
	c.prefetch = g->ncells * sizeof(struct node) > PREFETCH_MIN;
	c.ahead = g->ncells * sizeof(struct node) > AHEAD_MIN;
	/*
	 * JPS reads no neighbour's node when it expands one: what it offers
	 * lies where its scans stopped, mostly far off.  The rows asked for
	 * around each node it queues (prefetch_around) pay only where jump
	 * points crowd, a few cells apart, on a map whose neighbourhoods vary
	 * as noise does (grid_mixed), and only when its nodes are by the cell
	 * (not paged; paged, the rows' addresses are not the nodes').
	 * Medians of interleaved pairs, without them against with: AR0011SR
	 * 0.974, brc202d 0.970, Berlin_0_1024 0.935, orz900d 0.952,
	 * maze512-1-0 0.945 (every 10th query), random512-40-0 1.114.
	 */
	if (p->algo == ALGO_JPS && c.prefetch)
		c.prefetch = !paged && grid_mixed(s, g);
	if (p->ol == OL_STEP_QUEUES) {
		uint64_t base[2] = { c.ku.sq, c.ku.dq };

		openlist_steps(&s->ol, base, p->tb == TB_FIFO, c.qof);
	}
	if (p->ol == OL_BUCKETS)
		openlist_buckets(&s->ol, bucket_shift(&c, g, p->algo == ALGO_JPS));
	c.tagbase = s->gen << TAG_GEN_SHIFT;
	openlist_dead(&s->ol, TAG_GEN | TAG_CLOSED, c.tagbase | TAG_CLOSED);
	c.skipnib = (p->diag == DIAG_NEVER || c.ku.sq <= c.ku.dq) ? skipnib : noskip;
	sn = paged ? jps_node(&c, start) : &s->node[start];
	sn->g = 0;
	sn->tag = c.tagbase | (skips || (p->ol == OL_STEP_QUEUES && c.simple) ? TAG_SIDE : 0);
	hs = heuristic(&c, c.heur, (int)(start % g->stride), (int)(start / g->stride));
	mkkey(&c, &e, (uint32_t)(paged ? (size_t)(sn - c.node) : start), 0, hs, 0);
	openlist_push(&s->ol, &e);
	r->generated = 1;
	/*
	 * The observer sees the start added, the tutorial's first step, so
	 * that it knows the start's F, G and H when no expansion follows
	 * (--max-expanded=0); the trace does not print it.
	 */
	if (c.obs != NULL && c.obs->offer != NULL)
		c.obs->offer(c.obs->arg, start, 0, e.f, 0, hs);

	/*
	 * JPS has its own loop; so do the 4-ary heap and the step queues.  The
	 * buckets' simple loops count on a consistent h (relax_ol), so they
	 * take only the runs whose heuristic never overestimates
	 * (search_no_guarantee); the others take the loops that test for
	 * closed nodes.  An open list that could not grow has lost entries,
	 * and a path that found no room is not there: the result is void.
	 */
	if (paged) {
		jps_loop(&c, r, p->diag);
		s->jn.touched = c.jtouched;
		if (c.jused > JPS_FLAT) {
			s->jn.flat = g;
			s->jn.flatserial = g->serial;
		}
	} else if (p->algo == ALGO_JPS)
		jps_loop(&c, r, p->diag);
	else if (p->ol == OL_STEP_QUEUES && c.simple && !grid_mixed(s, g))
		masked_or_not(s, g, p->diag, g->uniform && c.skipnib == skipnib, loop_MASKED_DIJKSTRA,
		    dijkstra_simple_loops[p->diag], &c, r);
	else if (p->ol == OL_STEP_QUEUES)
		(!c.simple ? dijkstra_loops : mixed_loops)[p->diag](&c, r);
	else if (p->ol == OL_QUAD_HEAP)
		quad_loops[p->diag](&c, r);
	else if (skips)
		masked_or_not(s, g, p->diag, g->uniform && masked_loops[c.heur][0] != NULL &&
		    sides_hold(&c, p->diag), masked_loops[c.heur][c.prefetch + c.ahead],
		    bucket_loops[p->diag][c.heur], &c, r);
	else if (p->ol == OL_BUCKETS && c.heur != H_ZERO)
		bucket_any_loops[p->diag](&c, r);
	else
		generic_loop(&c, r);
	if (c.sparse_failed)
		return RUN_AGAIN;
	if (s->ol.failed || c.nomem)
		return SEARCH_ENOMEM;
	if (!r->found && p->nearest && p->algo != ALGO_JPS)
		nearest(&c, p, r);
	return c.nomem ? SEARCH_ENOMEM : SEARCH_OK;
}

/*
 * Search from start to goal, or with goal == SEARCH_MAP_GOALS to the
 * nearest of the grid's B cells: SEARCH_OK and the result in *r, or why
 * not (enum search_status).  A search whose sparse array could not map a
 * page runs again from the start on an ordinary array, with the same
 * result: nothing of the first run is kept.
 */
enum search_status
search_run(struct search *s, const struct grid *g, uint32_t start, uint32_t goal,
    const struct search_params *p, struct search_result *r)
{
	int rc = run_once(s, g, start, goal, p, r);

	if (rc != RUN_AGAIN)
		return (enum search_status)rc;
	nodes_free(s);
	s->nosparse = 1;
	rc = run_once(s, g, start, goal, p, r);	/* not sparse: never RUN_AGAIN */
	return rc == RUN_AGAIN ? SEARCH_ENOMEM : (enum search_status)rc;
}

/*
 * Whether search_run refuses g with p, whatever the start and goal:
 * SEARCH_OK, or its reason (search_strerror).  For callers that answer
 * without a search where there is no path (-S, by the map's components)
 * or search with other options (--check, Dijkstra for the optimum): a
 * refusal is an error all the same.
 */
enum search_status
search_refuses(const struct grid *g, const struct search_params *p)
{
	struct keyunits ku;
	int rc = refuses(g, p);

	if (rc == SEARCH_OK && cost_units(&p->costs, key_bound(g), &ku) != 0)
		rc = SEARCH_ECOSTS;
	return (enum search_status)rc;
}

/*
 * Can JPS run with these step costs?  Its pruning assumes that a diagonal
 * step is no cheaper than a straight one (else zigzags beat straight
 * scans) and no dearer than two (else the side cells it prunes are
 * reached better around the corner): S <= D <= 2S, as with sqrt2.
 */
int
search_jps_costs(const struct costs *c)
{
	return c->d_sqrt2 || (c->d >= c->s && c->d <= 2 * c->s);
}

/* What a search_run result means. */
const char *
search_strerror(enum search_status rc)
{
	switch (rc) {
	case SEARCH_OK:
		return "no error";
	case SEARCH_ENOMEM:
		return "out of memory";
	case SEARCH_ECOSTS:
		return "step costs too large for a map this size";
	case SEARCH_EJPS_MAP:
		return "-a jps needs a map without terrain costs 2-9";
	case SEARCH_EJPS_COSTS:
		return "-a jps needs step costs with S <= D <= 2S";
	case SEARCH_ESTEPQ:
		return "-o step-queues needs -a dijkstra, or -a astar with -H zero";
	}
	return "search failed";	/* not an enum search_status */
}

/*
 * NULL when the configuration guarantees an optimal path, else why not.
 * A heuristic is admissible when it never exceeds the obstacle-free cost;
 * on a grid these heuristics are then also consistent, because a step
 * changes them by no more than its base cost and terrain only adds to it.
 */
const char *
search_no_guarantee(const struct search_params *p)
{
	const struct costs *c = &p->costs;
	int diag = p->diag != DIAG_NEVER;
	/* Compare D with S, 2S and S*sqrt(2) exactly. */
	int d_ge_s = c->d_sqrt2 || c->d >= c->s;
	int d_le_2s = c->d_sqrt2 || c->d <= 2 * c->s;
	int d_ge_2s = !c->d_sqrt2 && c->d >= 2 * c->s;
	int d_ge_r2s = c->d_sqrt2 || c->d * c->d >= 2 * c->s * c->s;

	if (p->algo == ALGO_DIJKSTRA || p->heur == H_ZERO)
		return NULL;	/* h = 0: the weight changes nothing */
	if (p->weight != 1000)
		return "weight above 1";
	switch (p->heur) {
	case H_MANHATTAN:
		if (diag && !d_ge_2s)
			return "manhattan heuristic overestimates diagonal steps";
		break;
	case H_OCTILE:
		if (!d_le_2s)
			return "octile heuristic overestimates: diagonal cost above twice the straight cost";
		if (diag && !d_ge_s)
			return "octile heuristic overestimates: diagonal cost below the straight cost";
		break;
	case H_EUCLIDEAN:
		if (diag && !d_ge_r2s)
			return "euclidean heuristic overestimates: diagonal cost below sqrt2 times the straight cost";
		break;
	case H_CHEBYSHEV:
		if (diag && !d_ge_s)
			return "chebyshev heuristic overestimates: diagonal cost below the straight cost";
		break;
	case H_ZERO:
	case HEUR_COUNT:
		break;
	}
	return NULL;
}

/* Other threads run beside this search.  See search.h. */
void
search_threaded(struct search *s, int on)
{
	s->threaded = on;
}

/* Leave the path out when only its cost and steps are wanted.  See search.h. */
void
search_cost_only(struct search *s, int on)
{
	s->cost_only = on;
}

/* Watch the next searches (NULL: stop watching).  See search.h. */
void
search_observe(struct search *s, const struct search_observer *obs)
{
	s->obs = obs;
}

/*
 * A value in key units of the last run, in the user's units: exact for
 * decimal costs; with sqrt2, whole multiples of a micro-unit are exact and
 * the rest are within 1e-9 before rounding to six decimals.
 */
void
search_key_format(const struct search *s, uint64_t key, char *buf, size_t n)
{
	uint64_t per = s->costs.d_sqrt2 ? s->ku.sq / s->costs.s : 1;	/* key units a micro-unit */
	uint64_t micro = key / per;

	if (key % per != 0)
		snprintf(buf, n, "%.6Lf", (long double)key / per / COST_MICRO);
	else if (micro % COST_MICRO == 0)
		snprintf(buf, n, "%llu", (unsigned long long)(micro / COST_MICRO));
	else
		snprintf(buf, n, "%llu.%06llu", (unsigned long long)(micro / COST_MICRO),
		    (unsigned long long)(micro % COST_MICRO));
}

/*
 * What the last run left in cell i: SEARCH_UNSEEN, SEARCH_OPEN or
 * SEARCH_CLOSED, and when it is not unseen its g in *g (g may be NULL).
 */
int
search_cell(const struct search *s, uint32_t i, uint64_t *g)
{
	const struct node *nd;

	if (s->jn.last) {	/* JPS's store (struct jpsnodes) */
		uint32_t d;

		if (i / JPS_PAGE >= s->jn.pages ||
		    ((d = s->jn.dir[i / JPS_PAGE]) >> TAG_GEN_SHIFT) != s->gen)
			return SEARCH_UNSEEN;
		nd = jps_page_node(s->jn.pool, d, i);
	} else if (i >= s->cap || !node_mapped(s, i))
		return SEARCH_UNSEEN;
	else
		nd = &s->node[i];
	if (nd->tag >> TAG_GEN_SHIFT != s->gen)
		return SEARCH_UNSEEN;
	if (g != NULL)
		*g = nd->g;
	return nd->tag & TAG_CLOSED ? SEARCH_CLOSED : SEARCH_OPEN;
}

static int
entry_cmp(const void *a, const void *b)
{
	return ol_less(a, b) ? -1 : ol_less(b, a) ? 1 : 0;
}

/*
 * The open list of the last run in pop order: up to max cells into out.
 * The buckets' copy may hold stale entries of open nodes, each after its
 * node's live one (openlist_copy): a node's first entry alone is its.
 * 0 when out of memory.
 */
size_t
search_open_cells(const struct search *s, uint32_t *out, size_t max)
{
	struct ol_entry *e;
	unsigned char *seen;
	size_t k, top = 0, n = openlist_bound(&s->ol), got = 0;

	if (n == 0 || (e = malloc(n * sizeof(*e))) == NULL)
		return 0;
	n = openlist_copy(&s->ol, e);
	for (k = 0; k < n; k++)
		if (e[k].idx >= top)
			top = (size_t)e[k].idx + 1;
	if ((seen = calloc(top / CHAR_BIT + 1, 1)) == NULL) {
		free(e);
		return 0;
	}
	qsort(e, n, sizeof(*e), entry_cmp);
	for (k = 0; k < n && got < max; k++) {
		uint32_t i = e[k].idx;

		if (seen[i / CHAR_BIT] & 1u << i % CHAR_BIT)
			continue;
		seen[i / CHAR_BIT] |= (unsigned char)(1u << i % CHAR_BIT);
		/* JPS's idx: a node of its pool */
		out[got++] = s->jn.last ? jps_node_cell(s->jn.first, i) : i;
	}
	free(seen);
	free(e);
	return got;
}
