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
 *
 * Goals are jump points too.  The costs found equal A*'s; the path can be
 * a different one of the same cost.  A jump point's parent is not stored:
 * a node keeps only the direction it was reached in, and the parent is the
 * first closed cell back along that line whose g fits (see jps_parent);
 * any such cell is an optimal predecessor.
 */
#include "search_impl.h"

#define NONE UINT32_MAX

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
 * Scan from i in straight direction d; return the first jump point or
 * NONE.  p1 and p2 are the two directions perpendicular to d.
 */
static INLINE uint32_t
jump_straight(const struct ctx *c, uint32_t i, int d)
{
	const uint8_t *cell = c->grid->cell;
	const long o = c->off[d], o1 = c->off[(d + 2) & 7], o2 = c->off[(d + 6) & 7];

	for (;;) {
		uint32_t j = (uint32_t)((long)i + o);

		if (!free_cell(cell, j))
			return NONE;
		if (is_goal(c, j))
			return j;
		if ((free_cell(cell, (uint32_t)((long)j + o1)) && !free_cell(cell, (uint32_t)((long)i + o1))) ||
		    (free_cell(cell, (uint32_t)((long)j + o2)) && !free_cell(cell, (uint32_t)((long)i + o2))))
			return j;
		i = j;
	}
}

/* Scan from i in diagonal direction d; return the first jump point or NONE. */
static INLINE uint32_t
jump_diagonal(const struct ctx *c, uint32_t i, int d)
{
	const uint8_t *cell = c->grid->cell;
	const int d1 = (d + 7) & 7, d2 = (d + 1) & 7;
	const long o = c->off[d], o1 = c->off[d1], o2 = c->off[d2];

	for (;;) {
		uint32_t j = (uint32_t)((long)i + o);

		if (!free_cell(cell, (uint32_t)((long)i + o1)) ||
		    !free_cell(cell, (uint32_t)((long)i + o2)) || !free_cell(cell, j))
			return NONE;
		if (is_goal(c, j) || jump_straight(c, j, d1) != NONE ||
		    jump_straight(c, j, d2) != NONE)
			return j;
		i = j;
	}
}

/* The jump point's predecessor: the first closed cell back along dir with the right g. */
static uint32_t
jps_parent(const struct ctx *c, uint32_t j)
{
	const struct node *node = c->s->node;
	int d = (int)(node[j].tag & TAG_DIR);
	uint64_t step = c->step[d][1], g = node[j].g;
	uint32_t i = j;

	for (;;) {
		i = (uint32_t)((long)i - c->off[d]);
		g -= step;
		if ((node[i].tag & ~TAG_DIR) == (c->tagbase | TAG_CLOSED) && node[i].g == g)
			return i;
	}
}

/* The path through the jump points, every cell listed; the exact cost. */
static void
jps_trace_path(struct ctx *c, uint32_t goal, struct search_result *r)
{
	uint32_t *path = c->s->path, i = goal;
	size_t n = 0, k;

	/* Collect the cells backwards, then reverse them in place. */
	path[n++] = goal;
	while (i != c->start) {
		uint32_t p = jps_parent(c, i);
		int d = (int)(c->s->node[i].tag & TAG_DIR);

		while (i != p) {
			i = (uint32_t)((long)i - c->off[d]);
			path[n++] = i;
		}
	}
	for (k = 0; k < n / 2; k++) {
		uint32_t t = path[k];

		path[k] = path[n - 1 - k];
		path[n - 1 - k] = t;
	}
	r->steps = n - 1;
	r->a = r->b = 0;
	for (k = 1; k < n; k++) {
		long diff = (long)path[k] - (long)path[k - 1];

		if (diff == c->off[N] || diff == c->off[S] || diff == 1 || diff == -1)
			r->a++;
		else
			r->b++;
	}
	r->path = path;
}

/* Scan direction d from i and offer the jump point found, if any. */
static INLINE void
scan(struct ctx *c, struct search_result *r, uint32_t i, uint64_t gi, int d)
{
	uint32_t j = d & 1 ? jump_diagonal(c, i, d) : jump_straight(c, i, d);

	if (j != NONE) {
		uint64_t k = (uint64_t)(((long)j - (long)i) / c->off[d]);
		uint32_t stride = (uint32_t)c->grid->stride;

		relax(c, c->heur, r, j, d, gi + k * c->step[d][1], (int)(j % stride),
		    (int)(j / stride));
	}
}

void
jps_loop(struct ctx *c, struct search_result *r)
{
	const uint8_t *cell = c->grid->cell;
	struct node *node = c->s->node;
	struct ol_entry e;
	int d;

	while (openlist_pop(&c->s->ol, &e)) {
		uint32_t i = e.idx;
		uint64_t gi;
		unsigned mask;

		node[i].tag |= TAG_CLOSED;
		if (is_goal(c, i)) {
			r->found = 1;
			r->goal = i;
			jps_trace_path(c, i, r);
			return;
		}
		r->expanded++;
		gi = node[i].g;
		if (c->s->obs != NULL && c->s->obs->expand != NULL) {
			uint32_t stride = (uint32_t)c->grid->stride;

			c->s->obs->expand(c->s->obs->arg, i, e.f, gi,
			    heuristic(c, c->heur, (int)(i % stride), (int)(i / stride)));
		}
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
		/* In the usual order N NE E SE S SW W NW. */
		for (d = 0; d < 8; d++)
			if (mask & (1u << d))
				scan(c, r, i, gi, d);
		if (c->s->obs != NULL && c->s->obs->done != NULL)
			c->s->obs->done(c->s->obs->arg);
	}
}
