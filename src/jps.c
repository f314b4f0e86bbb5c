/*
 * jps.c - Jump Point Search (Harabor and Grastien 2011) for uniform-cost
 * grids under the no-corner-cut rule, the MovingAI benchmark's rule.
 *
 * A* expands every cell on its way; JPS expands only "jump points" and
 * scans the cells between them.  From an expanded node it looks only in
 * the directions an optimal path can continue (pruning), and in each it
 * runs until something forces a turn:
 *
 *  - moving straight, say east from p to n: the natural successor is the
 *    next cell east.  If the cell north of p is blocked but the one north
 *    of n is free, then north of n, and north-east of n when the rule
 *    allows that diagonal, can only be reached optimally through n: they
 *    are "forced", and n is a jump point.  Likewise to the south.
 *  - moving diagonally, say north-east: the successors are north, east and
 *    north-east.  Without corner cutting a diagonal step needs both of its
 *    orthogonal cells free, so no neighbour is ever forced; instead a cell
 *    is a jump point when a straight scan north or east from it finds one.
 *    With intermediate pruning (scan_diagonal) that cell is passed over,
 *    and the jump points its straight scans found are the successors.
 *
 * Goals are jump points too.  The costs found equal A*'s; the path can be
 * a different one of the same cost.  A jump point's parent is not stored:
 * a node keeps the direction it was reached in and, when a straight scan
 * from a diagonal one found it, the bend (how far back the diagonal is,
 * and which); the parent is the first closed cell back along the line
 * whose g fits (see jps_parent); any such cell is an optimal predecessor.
 */
#include <stdlib.h>
#include <string.h>

#include "search_impl.h"

static INLINE int
free_cell(const uint8_t *cell, uint32_t i)
{
	return (cell[i] & CELL_COST) != 0;
}

static INLINE int
is_goal(const struct ctx *c, uint32_t i)
{
	return i == c->goal || (c->goal == SEARCH_MAP_GOALS && (c->grid->cell[i] & CELL_GOAL));
}

/*
 * The block-based scan (Harabor and Grastien, "Improving Jump Point
 * Search", 2014).  A straight scan reads the grid 64 cells at a time from
 * bitsets (struct jpsbits): the line it moves along and the lines either
 * side.  Rows serve east and west; north and south read the columns,
 * which are stored transposed as rows, so every scan is a scan along an
 * array of words.  Cell k of a line is bit k % 64 of word k / 64, so
 * "forward" (east, south) is towards higher bits and "backward" (west,
 * north) towards lower ones; backward scans find the highest set bit with
 * clz rather than keeping reversed copies.
 *
 * Moving forward, cell k stops the scan if it is blocked, a goal, or
 * forced: a side cell free at k but blocked at k - 1.  For a side line A
 * the word of cells whose side is forced is A & ~(A << 1 | carry), where
 * carry is bit 63 of the previous word (cell k - 1 for k at bit 0).
 * OR-ing the three conditions and masking off the cells up to the start
 * gives a word whose lowest set bit is where the scan ends, as a scan
 * cell by cell would (it, too, compares the first cell's side with the
 * start's).  The padding of blocked cells around the grid ends every
 * scan within the line.  Backward, the same with the shifts turned round
 * (k + 1 is the previous cell) and the highest set bit.
 */
#if defined(__GNUC__) && !defined(PF_NO_BUILTINS)
static INLINE int lowbit(uint64_t v) { return __builtin_ctzll(v); }
static INLINE int highbit(uint64_t v) { return 63 - __builtin_clzll(v); }
#else
/* The portable way: halve the range where the bit is, six times. */
static INLINE int
lowbit(uint64_t v)
{
	int n = 0, k;

	for (k = 32; k > 0; k >>= 1)
		if ((v & (((uint64_t)1 << k) - 1)) == 0) {
			n += k;
			v >>= k;
		}
	return n;
}

static INLINE int
highbit(uint64_t v)
{
	int n = 0, k;

	for (k = 32; k > 0; k >>= 1)
		if (v >> k) {
			n += k;
			v >>= k;
		}
	return n;
}
#endif

/*
 * The first cell after p on line mid that stops a forward scan, and in
 * *open whether it is free; a and b are the side lines, gl the goals'
 * line when goals is set.  The scan starts in p's own word with the cells
 * up to p masked off, so that the shifts within the word bring in p's side
 * cells; the carries into bit 0 of that word only reach masked cells.
 */
static INLINE uint32_t
stop_forward(const uint64_t *mid, const uint64_t *a, const uint64_t *b, const uint64_t *gl,
    uint32_t p, int *open, const int goals)
{
	uint32_t w = p >> 6;
	uint64_t ca = 0, cb = 0;
	uint64_t keep = ~(uint64_t)0 << (p & 63) << 1;	/* 0 when p is bit 63 */

	for (;; w++) {
		uint64_t wm = mid[w], wa = a[w], wb = b[w];
		uint64_t stop = ~wm | (wa & ~(wa << 1 | ca)) | (wb & ~(wb << 1 | cb));

		if (goals)
			stop |= gl[w];
		if ((stop &= keep) != 0) {
			stop &= -stop;	/* the lowest bit alone */
			*open = (wm & stop) != 0;
			return w << 6 | (uint32_t)lowbit(stop);
		}
		keep = ~(uint64_t)0;
		ca = wa >> 63;
		cb = wb >> 63;
	}
}

/* The last cell before p on line mid that stops a backward scan. */
static INLINE uint32_t
stop_backward(const uint64_t *mid, const uint64_t *a, const uint64_t *b, const uint64_t *gl,
    uint32_t p, int *open, const int goals)
{
	uint32_t w = p >> 6;
	uint64_t ca = 0, cb = 0;
	uint64_t keep = ((uint64_t)1 << (p & 63)) - 1;	/* the bits below p */

	for (;; w--) {
		uint64_t wm = mid[w], wa = a[w], wb = b[w];
		uint64_t stop = ~wm | (wa & ~(wa >> 1 | ca << 63)) | (wb & ~(wb >> 1 | cb << 63));

		if (goals)
			stop |= gl[w];
		if ((stop &= keep) != 0) {
			int k = highbit(stop);

			*open = (int)(wm >> k & 1);
			return w << 6 | (uint32_t)k;
		}
		keep = ~(uint64_t)0;
		ca = wa & 1;
		cb = wb & 1;
	}
}

/*
 * What one search's scans need.  gx, gy: the one goal's padded
 * coordinates, or UINT32_MAX when the goals are the grid's Bs (then the
 * goal bitsets stop the scans).
 */
struct jctx {
	const struct ctx *c;
	const struct jpsbits *jb;
	const uint8_t *cell;
	uint32_t gx, gy;
};

/*
 * Scan from padded cell (x, y) in straight direction d; return how many
 * steps away the first jump point is, or 0 if there is none.  With
 * goals, the grid's Bs stop the scan; otherwise the one goal is checked
 * against the stretch scanned, which must stop on it if it lies there.
 */
static INLINE uint32_t
jump_line(const uint64_t *mid, size_t n, const uint64_t *gl, uint32_t p, int onit, uint32_t gp,
    const int forward, const int goals)
{
	uint32_t q;
	int open;

	if (forward) {
		q = stop_forward(mid, mid - n, mid + n, gl, p, &open, goals);
		if (onit && p < gp && gp < q)
			return gp - p;
		return open ? q - p : 0;
	}
	q = stop_backward(mid, mid - n, mid + n, gl, p, &open, goals);
	if (onit && q < gp && gp < p)
		return p - gp;
	return open ? p - q : 0;
}

static INLINE uint32_t
jump_straight(const struct jctx *j, uint32_t x, uint32_t y, int d, const int goals)
{
	const struct jpsbits *jb = j->jb;
	const int ax = d == N || d == S;	/* columns for north and south */
	const size_t n = jb->words[ax];
	const uint32_t line = ax ? x : y;

	return jump_line(jb->free[ax] + line * n, n, goals ? jb->goal[ax] + line * n : NULL,
	    ax ? y : x, line == (ax ? j->gx : j->gy), ax ? j->gy : j->gx, d == E || d == S, goals);
}

/* Bit k of out[w] set when cell 64 w + k of the n at cells has a bit of mask. */
static void
row_bits(const uint8_t *cells, size_t n, uint8_t mask, uint64_t *out)
{
	size_t w, k;

	for (w = 0; w < n / 64; w++) {
		uint64_t v = 0;

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
		/*
		 * Eight cells at once: adding 0x7f to each masked byte (at
		 * most 0x1f, so nothing carries into the next) sets its top
		 * bit when it is not 0; the multiplication gathers the eight
		 * top bits, byte j's into bit 56 + j, as its partial products
		 * land in distinct bits.
		 */
		for (k = 0; k < 8; k++) {
			uint64_t b;

			memcpy(&b, cells + 64 * w + 8 * k, 8);
			b = ((b & 0x0101010101010101u * mask) + 0x7f7f7f7f7f7f7f7fu) &
			    0x8080808080808080u;
			v |= (b >> 7) * 0x0102040810204080u >> 56 << 8 * k;
		}
#else
		for (k = 0; k < 64; k++)
			v |= (uint64_t)((cells[64 * w + k] & mask) != 0) << k;
#endif
		out[w] = v;
	}
	if (n % 64 != 0) {
		uint64_t v = 0;

		for (k = 0; k < n % 64; k++)
			v |= (uint64_t)((cells[64 * w + k] & mask) != 0) << k;
		out[w] = v;
	}
}

/*
 * Transpose the 64 x 64 bit matrix a: bit c of a[r] goes to bit r of a[c].
 * Six rounds swap ever smaller blocks: the halves of 32 x 32, then of
 * 16 x 16 and so on (Warren, Hacker's Delight, 7-3, with bit 0 first).
 */
static void
transpose64(uint64_t a[64])
{
	uint64_t m = 0x00000000ffffffffu, t;
	int j, k;

	for (j = 32; j != 0; j >>= 1, m ^= m << j)
		for (k = 0; k < 64; k = ((k | j) + 1) & ~j) {
			t = ((a[k] >> j) ^ a[k | j]) & m;
			a[k | j] ^= t;
			a[k] ^= t << j;
		}
}

/*
 * The bitsets of the cells with a bit of mask: row by row into rows, then
 * column by column into cols, transposed 64 x 64 cells at a time.
 */
static void
build(const struct grid *g, uint8_t mask, uint64_t *rows, uint64_t *cols,
    const size_t words[2])
{
	size_t nrow = (size_t)g->h + 2, ncol = g->stride, y, bx, by, k;
	uint64_t a[64];

	for (y = 0; y < nrow; y++)
		row_bits(g->cell + y * ncol, ncol, mask, rows + y * words[0]);
	for (by = 0; by < words[1]; by++)
		for (bx = 0; bx < words[0]; bx++) {
			for (k = 0; k < 64; k++)
				a[k] = 64 * by + k < nrow ? rows[(64 * by + k) * words[0] + bx] : 0;
			transpose64(a);
			for (k = 0; k < 64 && 64 * bx + k < ncol; k++)
				cols[(64 * bx + k) * words[1] + by] = a[k];
		}
}

/*
 * Build the bitsets for grid g unless they were built for it already.
 * Rows are padded rows 0 to h + 1, columns padded columns 0 to w + 1;
 * the bits past a line's end are 0 (blocked), as are the padding cells.
 * -1 when out of memory.
 */
int
jps_prepare(struct jpsbits *jb, const struct grid *g)
{
	size_t rows = (size_t)g->h + 2, cols = g->stride;
	size_t rw = (cols + 63) / 64, cw = (rows + 63) / 64;
	size_t one = rows * rw + cols * cw, need = g->ngoal > 0 ? 2 * one : one;

	if (jb->grid == g && jb->serial == g->serial && g->serial != 0)
		return 0;
	jb->grid = NULL;
	if (need > jb->cap) {
		free(jb->mem);
		if ((jb->mem = malloc(need * sizeof(*jb->mem))) == NULL) {
			jb->cap = 0;
			return -1;
		}
		jb->cap = need;
	}
	jb->words[0] = rw;
	jb->words[1] = cw;
	jb->free[0] = jb->mem;
	jb->free[1] = jb->free[0] + rows * rw;
	jb->goal[0] = g->ngoal > 0 ? jb->free[1] + cols * cw : NULL;
	jb->goal[1] = g->ngoal > 0 ? jb->goal[0] + rows * rw : NULL;
	build(g, CELL_COST, jb->free[0], jb->free[1], jb->words);
	if (g->ngoal > 0)
		build(g, CELL_GOAL, jb->goal[0], jb->goal[1], jb->words);
	jb->grid = g;
	jb->serial = g->serial;
	return 0;
}

/*
 * How many steps back along direction d from cell i, of cost g, its
 * predecessor is: the first closed cell of this search back along that
 * line whose g is g less the steps between.  Any such cell is an optimal
 * predecessor (the cells between are free and on one line, so the path
 * through it costs g); the walk stops at the first one back, the nearest,
 * so that which of the equally cheap paths is printed never depends on
 * anything but the search itself.
 */
static uint32_t
jps_back(const struct ctx *c, uint32_t i, int d, uint64_t g)
{
	const struct node *node = c->s->node;
	const uint32_t want = c->tagbase | TAG_CLOSED;
	uint64_t step = c->step[d][1];
	uint32_t k = 0;

	for (;;) {
		i = (uint32_t)((long)i - c->off[d]);
		g -= step;
		k++;
		if ((node[i].tag & (TAG_GEN | TAG_CLOSED)) == want && node[i].g == g)
			return k;
	}
}

/*
 * The way back from jump point j to its predecessor: *run straight steps
 * back along j's direction d (its bend, or all of them), then, after a
 * bend, *diag steps back along *dd, the diagonal it came from.
 */
static void
jps_parent(const struct ctx *c, uint32_t j, uint32_t *run, uint32_t *diag, int *dd)
{
	const struct node *node = c->s->node;
	uint32_t tag = node[j].tag, bend = tag >> TAG_RUN_SHIFT & TAG_RUN_MAX;
	int d = (int)(tag & TAG_DIR);

	if (bend == 0) {
		*run = jps_back(c, j, d, node[j].g);
		*diag = 0;
		*dd = d;
		return;
	}
	*run = bend;
	*dd = (d + (tag & TAG_SIDE ? 1 : 7)) & 7;
	*diag = jps_back(c, (uint32_t)((long)j - (long)bend * c->off[d]), *dd,
	    node[j].g - bend * c->step[d][1]);
}

/*
 * The path through the jump points, every cell listed; the exact cost.
 * Two passes: the first finds each jump point's predecessor, counting the
 * steps, and keeps them in the jump point's pos field: the straight ones,
 * or after a bend the diagonal ones (the straight ones are in its tag).
 * That field holds a node's
 * open-list position only while the node is open; the jump points on the
 * path are all closed (popped: the goal just now, the others before their
 * successors were found), nothing reads pos of a closed node, and the
 * search ends here, so the field is free.  The second pass then writes the
 * cells straight into their places, from the goal's at the end back to the
 * start's at 0, without reading the grid again or reversing.  On a uniform
 * map every straight step counts 1 in a, every diagonal one 1 in b, as the
 * cells' own steps did.
 */
static void
jps_trace_path(struct ctx *c, uint32_t goal, struct search_result *r)
{
	struct node *node = c->s->node;
	uint32_t *path, i, k, run, diag;
	size_t n = 0;
	int d, dd;

	r->a = r->b = 0;
	for (i = goal; i != c->start;) {
		jps_parent(c, i, &run, &diag, &dd);
		d = (int)(node[i].tag & TAG_DIR);
		node[i].pos = diag != 0 ? diag : run;
		n += run + diag;
		if (d & 1)
			r->b += run;
		else
			r->a += run;
		r->b += diag;
		i = (uint32_t)((long)i - (long)run * c->off[d] - (long)diag * c->off[dd]);
	}
	if (path_room(c, n) != 0)
		return;
	path = c->s->path;
	r->steps = n;
	path[n] = goal;
	for (i = goal; i != c->start;) {
		uint32_t tag = node[i].tag, bend = tag >> TAG_RUN_SHIFT & TAG_RUN_MAX;
		long o;

		d = (int)(tag & TAG_DIR);
		o = c->off[d];
		if (bend == 0) {
			run = node[i].pos;
			diag = 0;
			dd = d;
		} else {
			run = bend;
			diag = node[i].pos;
			dd = (d + (tag & TAG_SIDE ? 1 : 7)) & 7;
		}
		for (k = run; k > 0; k--) {
			i = (uint32_t)((long)i - o);
			path[--n] = i;
		}
		for (k = diag; k > 0; k--) {
			i = (uint32_t)((long)i - c->off[dd]);
			path[--n] = i;
		}
	}
	r->path = path;
}

static const int dx[DIR_COUNT] = { 0, 1, 1, 1, 0, -1, -1, -1 };
static const int dy[DIR_COUNT] = { -1, -1, 0, 1, 1, 1, 0, -1 };

/*
 * Offer the jump point n cells from cell i, padded (x, y), at cost gi, in
 * straight direction d; i was reached k steps along diagonal dd, and the
 * bend leads back there (none when k is 0: i is the expanded node).
 */
static INLINE void
offer_straight(struct ctx *c, struct search_result *r, uint32_t i, uint32_t x, uint32_t y,
    uint64_t gi, int d, uint32_t n, uint32_t k, int dd, const enum heur heur, const int fast)
{
	uint32_t bend = 0;

	if (k != 0)	/* n <= TAG_RUN_MAX: lines are at most MAP_MAX_WIDTH cells */
		bend = n << TAG_RUN_SHIFT | (dd == ((d + 1) & 7) ? TAG_SIDE : 0);
	relax_ol(c, heur, r, (uint32_t)((long)i + (long)n * c->off[d]), d,
	    gi + n * c->step[d][1], (int)x + (int)n * dx[d], (int)y + (int)n * dy[d], fast, 0, bend);
}

static INLINE void
scan_straight(struct ctx *c, const struct jctx *j, struct search_result *r, uint32_t i,
    uint32_t x, uint32_t y, uint64_t gi, int d, const int goals, const enum heur heur,
    const int fast)
{
	uint32_t n = jump_straight(j, x, y, d, goals);

	if (n != 0)
		offer_straight(c, r, i, x, y, gi, d, n, 0, 0, heur, fast);
}

/*
 * Scan diagonal direction d from cell i, padded (x, y), a cell at a time,
 * with intermediate pruning (Harabor and Grastien 2014): where a straight
 * scan from a cell of the diagonal finds a jump point, the original JPS
 * stops and offers that cell, whose expansion later repeats the straight
 * scans and goes on along the diagonal.  Here the jump points the straight
 * scans find are offered at once, their tags saying where they bend off
 * the diagonal, and the diagonal goes on: fewer nodes on the open list,
 * and each straight line scanned once.  A goal on the diagonal is offered
 * and ends the scan (anything beyond it costs more).
 */
static INLINE void
scan_diagonal(struct ctx *c, const struct jctx *j, struct search_result *r, uint32_t i,
    uint32_t x, uint32_t y, uint64_t gi, int d, const int goals, const enum heur heur,
    const int fast)
{
	const uint8_t *cell = j->cell;
	const int d1 = (d + 7) & 7, d2 = (d + 1) & 7;
	const long o = c->off[d], o1 = c->off[d1], o2 = c->off[d2];
	const uint32_t sx = (uint32_t)dx[d], sy = (uint32_t)dy[d];	/* +1 or -1, mod 2^32 */
	const uint64_t step = c->step[d][1];
	/*
	 * The lines of the two straight scans, moved one line a step: d1's
	 * runs along a column when d1 is north or south, else along a row.
	 */
	const struct jpsbits *jb = j->jb;
	const int ax1 = d1 == N || d1 == S;
	const size_t n1 = jb->words[ax1], n2 = jb->words[!ax1];
	const long st1 = (long)n1 * (ax1 ? dx[d] : dy[d]), st2 = (long)n2 * (ax1 ? dy[d] : dx[d]);
	const uint64_t *m1 = jb->free[ax1] + (ax1 ? x : y) * n1;
	const uint64_t *m2 = jb->free[!ax1] + (ax1 ? y : x) * n2;
	const uint64_t *g1 = goals ? jb->goal[ax1] + (ax1 ? x : y) * n1 : NULL;
	const uint64_t *g2 = goals ? jb->goal[!ax1] + (ax1 ? y : x) * n2 : NULL;
	uint32_t k, n;

	for (k = 1;; k++) {
		if (!free_cell(cell, (uint32_t)((long)i + o1)) ||
		    !free_cell(cell, (uint32_t)((long)i + o2)) || !free_cell(cell, (uint32_t)((long)i + o)))
			return;
		i = (uint32_t)((long)i + o);
		x += sx;
		y += sy;
		gi += step;
		if (is_goal(c, i)) {
			relax_ol(c, heur, r, i, d, gi, (int)x, (int)y, fast, 0, 0);
			return;
		}
		m1 += st1;
		m2 += st2;
		if (goals) {
			g1 += st1;
			g2 += st2;
		}
		if ((n = jump_line(m1, n1, g1, ax1 ? y : x, (ax1 ? x : y) == (ax1 ? j->gx : j->gy),
		    ax1 ? j->gy : j->gx, d1 == E || d1 == S, goals)) != 0)
			offer_straight(c, r, i, x, y, gi, d1, n, k, d, heur, fast);
		if ((n = jump_line(m2, n2, g2, ax1 ? x : y, (ax1 ? y : x) == (ax1 ? j->gy : j->gx),
		    ax1 ? j->gx : j->gy, d2 == E || d2 == S, goals)) != 0)
			offer_straight(c, r, i, x, y, gi, d2, n, k, d, heur, fast);
	}
}

/*
 * The search loop, inlined with goals set when the grid's Bs are the
 * goals, and with fast set (and heur the constant H_OCTILE) for the
 * default open list and heuristic, whose operations then inline too.
 */
static INLINE void
loop(struct ctx *c, struct search_result *r, const int goals, const enum heur heur,
    const int fast)
{
	const uint8_t *cell = c->grid->cell;
	const uint32_t stride = (uint32_t)c->grid->stride;
	struct node *node = c->s->node;
	struct jctx j;
	struct ol_entry e;
	int d;

	j.c = c;
	j.jb = &c->s->jb;
	j.cell = cell;
	/* No single goal when the Bs are the goals (even if there are none). */
	j.gx = c->goal == SEARCH_MAP_GOALS ? UINT32_MAX : c->goal % stride;
	j.gy = c->goal == SEARCH_MAP_GOALS ? UINT32_MAX : c->goal / stride;
	while (ol_pop_fast(&c->s->ol, &e, fast)) {
		uint32_t i = e.idx, x, y;
		uint64_t gi;
		unsigned mask;

		node[i].tag |= TAG_CLOSED;
		if (is_goal(c, i)) {
			r->found = 1;
			r->goal = i;
			jps_trace_path(c, i, r);
			return;
		}
		if (r->expanded == c->max_exp) {	/* --max-expanded: stop here */
			node[i].tag &= ~TAG_CLOSED;	/* taken off, not expanded */
			r->limited = 1;
			return;
		}
		r->expanded++;
		gi = node[i].g;
		x = i % stride;
		y = i / stride;
		if (c->obs != NULL && c->obs->expand != NULL)
			c->obs->expand(c->obs->arg, i, e.f, gi, heuristic(c, heur, (int)x, (int)y));
		if (i == c->start)
			mask = 0xff;	/* no direction yet: every neighbour */
		else if ((d = (int)(node[i].tag & TAG_DIR)) & 1)
			/* Diagonal: the two straight parts, and on. */
			mask = 1u << ((d + 7) & 7) | 1u << d | 1u << ((d + 1) & 7);
		else {
			/*
			 * Straight: on, and the forced turns: to a side whose
			 * cell is free here but was blocked one cell back, and
			 * the diagonal towards it (scanning checks the rule).
			 */
			int l = (d + 6) & 7, rt = (d + 2) & 7;
			uint32_t back = (uint32_t)((long)i - c->off[d]);

			mask = 1u << d;
			if (free_cell(cell, (uint32_t)((long)i + c->off[l])) &&
			    !free_cell(cell, (uint32_t)((long)back + c->off[l])))
				mask |= 1u << l | 1u << ((d + 7) & 7);
			if (free_cell(cell, (uint32_t)((long)i + c->off[rt])) &&
			    !free_cell(cell, (uint32_t)((long)back + c->off[rt])))
				mask |= 1u << rt | 1u << ((d + 1) & 7);
		}
		/*
		 * In the usual order N NE E SE S SW W NW, each with its
		 * direction a constant, so that the scans inline without
		 * branching on it.
		 */
#define SCAN(dir) \
		if (mask & (1u << (dir))) { \
			if ((dir) & 1) \
				scan_diagonal(c, &j, r, i, x, y, gi, dir, goals, heur, fast); \
			else \
				scan_straight(c, &j, r, i, x, y, gi, dir, goals, heur, fast); \
		}
		SCAN(N);
		SCAN(NE);
		SCAN(E);
		SCAN(SE);
		SCAN(S);
		SCAN(SW);
		SCAN(W);
		SCAN(NW);
#undef SCAN
		if (c->obs != NULL && c->obs->done != NULL)
			c->obs->done(c->obs->arg);
	}
}

/* The search, once search_run has pushed the start and jps_prepare built the bitsets. */
void
jps_loop(struct ctx *c, struct search_result *r)
{
	const int goals = c->goal == SEARCH_MAP_GOALS && c->s->jb.goal[0] != NULL;

	if (c->s->ol.kind == OL_QUAD_HEAP && c->heur == H_OCTILE) {
		if (goals)
			loop(c, r, 1, H_OCTILE, OL_FAST_QUAD);
		else
			loop(c, r, 0, H_OCTILE, OL_FAST_QUAD);
	} else if (goals)
		loop(c, r, 1, c->heur, OL_FAST_NONE);
	else
		loop(c, r, 0, c->heur, OL_FAST_NONE);
}
