/*
 * search_loop.h - A*'s and Dijkstra's search loop (loop) with what it
 * inlines and calls, for the two files that compile its specialised
 * copies: search.c (the 4-ary heap's, the step queues' and the generic
 * loop) and buckets.c (A*'s on the buckets).  Two files, so that a make
 * on two processors compiles them at once.  Every definition here is
 * static, and each file has its own: the loops compile as they did in
 * one file, calling trace_path and nodes_window as functions of their
 * own file, whose use of the registers the compiler knows.  With gcc 12
 * at -O2 every loop has the instructions it had in one file (objdump
 * -d), but for where buckets.c's jump to trace_path goes: a copy of it
 * that gcc specialised.  Not part of the interface (see search.h).
 */
#ifndef SEARCH_LOOP_H
#define SEARCH_LOOP_H

#include <string.h>

#include "search_impl.h"

/*
 * A*'s loops on a sparse array of nodes (struct search, sp) keep a
 * window of nodes whose pages are mapped, as base and span: the rows
 * around node i, which its expansion reads and writes, are mapped when
 * i - base < span (unsigned), one comparison an expansion.  Where they
 * are not, nodes_window maps their pages and makes the window the run of
 * mapped pages around them.  A search's nodes lie in rows next to each
 * other, and a page holds whole rows (search_run takes a sparse array
 * only where three rows of nodes fit in one), so the pages it touches
 * are one run, and the window grows with the search: a call a page it
 * enters.  Cachegrind, search instructions an expansion on gen-random2048
 * and gen-rooms2048: 7.8 and 9.2 more than with an array reserved whole
 * (2.1% and 2.0%), where a first version, which tested the bytes of the
 * pages of the rows' first and last nodes at every expansion, took 17.6
 * and 19.1 more.  span 0: the search failed (cp->sparse_failed).
 */
struct window {
	size_t base, span;
};

static NOINLINE struct window
nodes_window(struct ctx *cp, size_t i)
{
	const struct sparse *sp = &cp->s->sp;
	const size_t st = (size_t)cp->off[S], sz = sizeof(struct node);
	size_t lo = (i - st - 1) * sz >> SPARSE_SHIFT, hi = ((i + st + 2) * sz - 1) >> SPARSE_SHIFT;
	size_t first, end;
	struct window w = { 0, 0 };

	if (nodes_map(cp, lo, hi) != 0)
		return w;
	while (lo > 0 && sp->have[lo - 1])
		lo--;
	while (hi + 1 < sp->pages && sp->have[hi + 1])
		hi++;
	/* the nodes wholly within pages lo to hi */
	first = ((lo << SPARSE_SHIFT) + sz - 1) / sz;
	end = ((hi + 1) << SPARSE_SHIFT) / sz;
	if (end > cp->s->cap)
		end = cp->s->cap;
	w.base = first + st + 1;
	w.span = end - first - 2 * st - 2;
	return w;
}

/*
 * Walk the parent directions back from the goal; sum the exact cost.
 * The cells are listed in a second walk, once their count is known, and
 * not at all where only the cost and steps are wanted (search_cost_only):
 * no path array then, which takes 4 bytes a step (a path of a million
 * cells on a 2048x2048 maze: 4 MB), and on a uniform grid mostly no walk
 * either.
 */
static void
trace_path(struct ctx *c, uint32_t goal, struct search_result *r)
{
	const struct grid *g = c->grid;
	struct node *node = c->s->node;
	uint32_t i = goal, *path = NULL;
	size_t n = 0, m;

	/*
	 * On a uniform grid every straight step counts 1 in a and every
	 * diagonal one 1 in b, and the goal's g decides them where the key
	 * units allow (search_steps_from_cost).  The walk it spares is a
	 * chain of dependent loads, one a step, over nodes long out of the
	 * caches: on gen-maze2048, whose paths are long, 40 -> 34.5 ns an
	 * expansion (BENCHMARKS.md).
	 */
	if (c->s->cost_only && g->uniform &&
	    search_steps_from_cost(c->s, node[goal].g, &r->a, &r->b) == 0) {
		r->steps = r->a + r->b;
		r->path = NULL;
		return;
	}
	if (!c->s->cost_only) {
		for (; i != c->start; n++)
			i = (uint32_t)((long)i - c->off[node[i].tag & TAG_DIR]);
		if (path_room(c, n) != 0)
			return;
		path = c->s->path;
	}
	r->a = r->b = 0;
	for (i = goal, m = 0; i != c->start; m++) {
		int d = (int)(node[i].tag & TAG_DIR);
		uint64_t t = g->cell[i] & CELL_COST;

		if (path != NULL)
			path[n - m] = i;
		if (d & 1)
			r->b += t;
		else
			r->a += t;
		i = (uint32_t)((long)i - c->off[d]);
	}
	if (path != NULL)
		path[0] = i;
	r->steps = m;
	r->path = path;
}

/*
 * Take node i off the list for expanding: it is closed.  1 when it is the
 * goal (the result in *rp, with the path), -1 when --max-expanded stops
 * the search here (it is not expanded), else 0, and it counts as
 * expanded.  r is the loop's copy of the result.
 */
static PF_INLINE int
take(struct ctx *cp, struct search_result *rp, struct search_result *r, struct node *node,
    const uint8_t *cell, uint32_t goal, uint64_t max_exp, uint32_t i)
{
	node[i].tag |= TAG_CLOSED;
	if (i == goal || (goal == SEARCH_MAP_GOALS && (cell[i] & CELL_GOAL))) {
		r->found = 1;
		r->goal = i;
		*rp = *r;
		trace_path(cp, i, rp);
		return 1;
	}
	if (r->expanded == max_exp) {
		node[i].tag &= ~TAG_CLOSED;	/* taken off, not expanded */
		r->limited = 1;
		return -1;
	}
	r->expanded++;
	return 0;
}

/* All but the three directions back against d, each direction's field one (0xf or 1) shifted by w. */
#define SKIP(d, one, w) (~((one) << (w) * (((d) + 3) & 7)) & ~((one) << (w) * (((d) + 4) & 7)) & \
		~((one) << (w) * (((d) + 5) & 7)))

/*
 * A*'s masked loops' side cells.  A node j reached from i by a straight
 * step d has two side cells, at d - 2 and d + 2 from j (for d east, north
 * and south of j), which are i's diagonal neighbours d - 1 and d + 1.
 * Where i offered that diagonal (bit d +- 1 of its offers ok: the cell
 * is free and the rule lets the step through), the side cell's g was at
 * most g(i) + D when i was expanded, and only falls after; from j it
 * would be g(j) + S = g(i) + 2S.  So where D <= 2S j's offer of it is
 * turned down whatever comes in between (a tie too: relax_ol takes a
 * lower g only), and j does not make it: sides[d / 2][ok] has every bit
 * but those side cells', and the loop's offers after d, skip8[d] and it,
 * go into j's tag (relax_ol).  The offers left out change nothing but the
 * work: no stamp, no count, no node is touched by an offer turned down.
 * skip8 leaves out the cells i offered straight (relax_ol's comment on
 * skipnib); these are the ones it offered diagonally.  Where D > 2S the
 * side cells may be cheaper from j, and A*'s masked loops are not taken
 * (sides_hold).  Every 20th query of the six maps of BENCHMARKS.md
 * (cachegrind, the whole process): random512-40-0 19.5 -> 15.5 million
 * mispredicted branches, as many instructions; AR0011SR, brc202d,
 * Berlin_0_1024 and orz900d 2.1-3.3% fewer instructions, maze512-1-0
 * 2.0% more (its corridors have no diagonals to leave out).  Time, every
 * 10th query, 11 rounds in turns pinned to one core, medians:
 * random512-40-0 0.872, Berlin_0_1024 0.957, orz900d 0.973, AR0011SR
 * 0.983, brc202d 0.995, maze512-1-0 1.006.  Dijkstra's masked loop
 * makes every offer: there the look-ups cost more than the offers they
 * leave out (nine rounds: maze512-1-0 1.049 of the time, AR0011SR,
 * brc202d, Berlin_0_1024 and orz900d 1.010-1.023).
 */
#define SIDE_KEEP(ok, d) (0xffu & ~((((ok) >> (((d) + 1) & 7)) & 1u) << (((d) + 2) & 7) | \
		(((ok) >> (((d) + 7) & 7)) & 1u) << (((d) + 6) & 7)))
#define SIDE4(ok, d) SIDE_KEEP(ok, d), SIDE_KEEP((ok) + 1u, d), SIDE_KEEP((ok) + 2u, d), \
		SIDE_KEEP((ok) + 3u, d)
#define SIDE16(ok, d) SIDE4(ok, d), SIDE4((ok) + 4u, d), SIDE4((ok) + 8u, d), SIDE4((ok) + 12u, d)
#define SIDE64(ok, d) SIDE16(ok, d), SIDE16((ok) + 16u, d), SIDE16((ok) + 32u, d), \
		SIDE16((ok) + 48u, d)
#define SIDE256(d) { SIDE64(0u, d), SIDE64(64u, d), SIDE64(128u, d), SIDE64(192u, d) }
static const uint8_t sides[DIR_COUNT / 2][256] = { SIDE256(N), SIDE256(E), SIDE256(S), SIDE256(W) };
#undef SIDE256
#undef SIDE64
#undef SIDE16
#undef SIDE4
#undef SIDE_KEEP

/*
 * loop's masked: not; masked, with the context's prefetch and ahead as
 * they come; or masked with prefetch set and ahead not, or both set, as
 * constants (see masked_loops).
 */
enum { MASKED_NOT, MASKED_ANY, MASKED_AROUND, MASKED_AHEAD };

/* skipnib, a bit a direction, for the masked loops. */
#define SKIP8(d) (0xffu & SKIP(d, 1u, 1))
static const uint8_t skip8[TAG_SIDE + 1] = {
	SKIP8(N), SKIP8(NE), SKIP8(E), SKIP8(SE), SKIP8(S), SKIP8(SW), SKIP8(W), SKIP8(NW),
	[TAG_SIDE] = 0xff
};

/*
 * The search loop, inlined once for every diagonal rule and heuristic so
 * that neither costs a branch per neighbour.  The four orthogonal cells
 * are read first because the diagonal rules look at them; neighbours are
 * still offered in the documented order N NE E SE S SW W NW.
 *
 * masked: a simple loop on the buckets or the step queues over a
 * uniform grid whose moves are built (moves_for), which reads the node's
 * byte of them instead of its eight neighbours' cells: one load and one
 * AND with the offers' mask where there were eight loads and the rule's
 * tests, and a branch a direction where there were up to twelve.  The
 * rule is in the byte, so one masked loop serves every rule.  Every cell
 * costs 1: a straight step's new g and a diagonal's are worked out once
 * a node.  masked is MASKED_NOT, or which of the masked loops this is
 * (masked_loops, loop_MASKED_DIJKSTRA).
 *
 * The byte, less the steps skip8 leaves out after the direction the node
 * was reached in and, in A*'s loops after a straight one, the side cells
 * the parent offered (sides), goes into the node's tag when it is queued
 * (relax_ol), and its expansion takes its offers from the tag, which it
 * has loaded anyway: before, the expansion's first branches waited on
 * two loads of different arrays, the node's and its byte's, and perf's
 * samples on random512-40-0 fell most on the start of the expansion.
 * The byte is read at the queueing instead, where nothing waits on it.
 * Every 20th query, 21 interleaved runs each pinned to one core, least
 * times: random512-40-0 0.966, maze512-1-0 0.964, brc202d 0.968, orz900d
 * 0.984, AR0011SR 1.007, Berlin_0_1024 1.005; 1-2% more instructions.
 */
static PF_INLINE void
loop(struct ctx *cp, struct search_result *rp, const enum diagrule rule, const enum heur heur,
    const int fast, const int simple, const int masked)
{
	/*
	 * Copies that nothing else points to: the compiler may keep the
	 * stamp counter and the statistics in registers, where through the
	 * pointers every store to a node might have changed them.
	 */
	struct ctx lc = *cp, *c = &lc;
	struct search_result lr = *rp, *r = &lr;
	const struct grid *g = c->grid;
	const uint8_t *cell = g->cell;
	struct node *node = c->s->node;
	const long stride = (long)g->stride;
	const uint32_t goal = c->goal;
	struct openlist *ol = &c->s->ol;
	struct ol_entry e;
#ifdef __OPTIMIZE_SIZE__
	/*
	 * ol_pop_fast sets e wherever more is not 0, which gcc -Os does not
	 * see (-Wmaybe-uninitialized).  Only there: zeroing it at -O2 too
	 * changed the code of 14 of the loops (registers, stack slots).
	 */
	memset(&e, 0, sizeof(e));
#endif
	int more = ol_pop_fast(ol, &e, fast);
	size_t pfn = 0;		/* prefetch_ahead's last ol->n */
	/* nodes_window's; every node's rows are there where the array is not sparse */
	struct window win = { 0, c->have != NULL ? 0 : SIZE_MAX };

	if (masked)	/* the start's offers (relax_ol puts every other node's) */
		node[c->start].tag |= (uint32_t)(c->moves[c->start] &
		    skip8[node[c->start].tag & (TAG_DIR | TAG_SIDE)]) << TAG_RUN_SHIFT;
	if (masked >= MASKED_AROUND) {	/* constants where the context held them */
		lc.prefetch = 1;
		lc.ahead = masked == MASKED_AHEAD;
	}

/* The simple loops pass over the parent's side (skipnib). */
#define SKIPS (simple && (fast == OL_FAST_BUCKET || fast == OL_FAST_STEPQ))
	while (more) {
		uint32_t i = e.idx;
		int64_t x, y;
		size_t cn, ce, cs, cw, t;	/* size_t: indices of step, without extension */
		uint64_t gi;
		uint32_t knib = 0;	/* the offers to make (skipnib) */
		int k;

		if ((k = take(cp, rp, r, node, cell, goal, c->max_exp, i)) != 0) {
			if (k > 0)
				return;
			break;
		}
		if (fast == OL_FAST_BUCKET && c->ahead) {
			if ((size_t)i - win.base >= win.span && (win = nodes_window(cp, i)).span == 0)
				break;
			prefetch_ahead(c, ol, &pfn, masked != MASKED_NOT);
		}
		gi = node[i].g;
		y = (int64_t)(((uint64_t)i * c->ydiv) >> 44);	/* i / stride */
		x = (int64_t)i - y * stride;
		if (!simple && c->obs != NULL && c->obs->expand != NULL)
			c->obs->expand(c->obs->arg, i, e.f, gi, heuristic(c, heur, (int)x, (int)y));
		if (simple) {	/* relax_ol takes the offset from the one goal */
			x -= c->gx0;
			y -= c->gy0;
		}
		if (masked) {
			const uint32_t ok = node[i].tag >> TAG_RUN_SHIFT & 0xff;
			const uint64_t ngs = gi + c->step[N][1], ngd = gi + c->step[NE][1];

#define SIDES(d) ((d) & 1 || fast == OL_FAST_STEPQ ? 0xffu : sides[(d) / 2][ok])
#define MOFFER(d, j, ng, dx, dy) \
			if (ok & 1u << (d)) \
				relax_ol(c, heur, r, (size_t)(j), d, ng, x + (dx), y + (dy), fast, \
				    fast == OL_FAST_STEPQ ? c->qof[(d) & 1][1] : 0, \
				    skip8[d] & SIDES(d), simple, 0, 1)
			MOFFER(N, i - stride, ngs, 0, -1);
			MOFFER(NE, i - stride + 1, ngd, 1, -1);
			MOFFER(E, i + 1, ngs, 1, 0);
			MOFFER(SE, i + stride + 1, ngd, 1, 1);
			MOFFER(S, i + stride, ngs, 0, 1);
			MOFFER(SW, i + stride - 1, ngd, -1, 1);
			MOFFER(W, i - 1, ngs, -1, 0);
			MOFFER(NW, i - stride - 1, ngd, -1, -1);
#undef MOFFER
#undef SIDES
			more = ol_pop_fast(ol, &e, fast);
			continue;
		}
		cn = cell[i - stride] & CELL_COST;
		ce = cell[i + 1] & CELL_COST;
		cs = cell[i + stride] & CELL_COST;
		cw = cell[i - 1] & CELL_COST;
		if (SKIPS)
			knib = c->skipnib[node[i].tag & (TAG_DIR | TAG_SIDE)];

/*
 * Whether the rule lets a diagonal past the two orthogonal cells a and b
 * (terrain 0 to 9) it passes.  A*'s loops on the buckets take one branch
 * on it, "both free" as a product, where a && b took two, each a coin
 * toss on a noisy map (cachegrind, every 20th query: maze512-1-0 -16%
 * mispredictions and -2.9% instructions, random512-40-0 -5.6% and
 * -1.8%, AR0011SR +2% and -0.1%).  Dijkstra's loop keeps a && b: the
 * product took 2.5-2.8% more instructions on AR0011SR and brc202d there
 * (maze512-1-0 1.4% fewer).
 */
#define DIAG_OK(a, b) (rule == DIAG_ALWAYS || (fast != OL_FAST_BUCKET ? \
		(rule == DIAG_NO_CORNER_CUT ? (a) && (b) : (a) || (b)) : \
		(rule == DIAG_NO_CORNER_CUT ? (a) * (b) != 0 : ((a) | (b)) != 0)))
#define OFFER(d, j, tc, dx, dy) \
		if ((SKIPS ? (tc) & knib >> 4 * (d) : (tc)) != 0) \
			relax_ol(c, heur, r, (size_t)(j), d, gi + c->step[d][tc], x + (dx), y + (dy), \
			    fast, c->qof[d & 1][tc], 0, simple, 0, 0)

		OFFER(N, i - stride, cn, 0, -1);
		if (rule != DIAG_NEVER && DIAG_OK(cn, ce)) {
			t = cell[i - stride + 1] & CELL_COST;
			OFFER(NE, i - stride + 1, t, 1, -1);
		}
		OFFER(E, i + 1, ce, 1, 0);
		if (rule != DIAG_NEVER && DIAG_OK(cs, ce)) {
			t = cell[i + stride + 1] & CELL_COST;
			OFFER(SE, i + stride + 1, t, 1, 1);
		}
		OFFER(S, i + stride, cs, 0, 1);
		if (rule != DIAG_NEVER && DIAG_OK(cs, cw)) {
			t = cell[i + stride - 1] & CELL_COST;
			OFFER(SW, i + stride - 1, t, -1, 1);
		}
		OFFER(W, i - 1, cw, -1, 0);
		if (rule != DIAG_NEVER && DIAG_OK(cn, cw)) {
			t = cell[i - stride - 1] & CELL_COST;
			OFFER(NW, i - stride - 1, t, -1, -1);
		}
#undef OFFER
#undef DIAG_OK
		if (!simple && c->obs != NULL && c->obs->done != NULL)
			c->obs->done(c->obs->arg);
		more = ol_pop_fast(ol, &e, fast);
	}
	*rp = lr;
#undef SKIPS
}

/*
 * The loops, each compiled and optimised on its own (inlined into one
 * function, they take minutes and gigabytes to build with sanitizers).
 * What the defaults and the benchmarks run is specialised: A*'s buckets
 * for each diagonal rule with the octile and the Manhattan heuristic,
 * the step queues (h = 0) and the 4-ary heap for each rule, the heap
 * taking the heuristic as it comes (1-3% more cycles than a loop for
 * each, by cachegrind).  The buckets with the other heuristics take it
 * as it comes too, and the other lists, which are there to be compared,
 * take the rule as well.  The step queues have three loops a rule:
 * simple runs (simple_run: 9% fewer instructions a node on AR0011SR),
 * simple runs on noisy grids (dijkstra_loop), and the others.  The
 * masked loops (moves_for, masked_loops, loop_MASKED_DIJKSTRA) serve
 * every rule.  33 loops instead of 64, in two files, so that a plain
 * make builds in under 20 seconds on two processors (the Makefile):
 * search.c has the heap's, the step queues' and the generic loop,
 * buckets.c A*'s on the buckets.  The tables are indexed as enum
 * diagrule, enum heur.
 */
#define FOR_RULES(X, heur, fast) X(DIAG_NEVER, heur, fast) X(DIAG_NO_CORNER_CUT, heur, fast) \
	X(DIAG_NO_SQUEEZE, heur, fast) X(DIAG_ALWAYS, heur, fast)
#define LOOP_FN_(rule, name, heur, fast, simple) \
	static NOINLINE void \
	loop_##rule##_##name##_##fast(struct ctx *c, struct search_result *r) \
	{ \
		loop(c, r, rule, heur, fast, simple, MASKED_NOT); \
	}
#define LOOP_FN(rule, heur, fast) LOOP_FN_(rule, heur, heur, fast, 0)
#define LOOP_SIMPLE_FN(rule, heur, fast) LOOP_FN_(rule, heur, heur, fast, 1)
#define LOOP_ANY_FN(rule, any, fast) LOOP_FN_(rule, any, c->heur, fast, 0)
#define LOOP_PTR(rule, heur, fast) loop_##rule##_##heur##_##fast,

typedef void loopfn(struct ctx *, struct search_result *);

/* buckets.c's tables (search.c, run_once) */
extern loopfn *const bucket_loops[DIAG_COUNT][HEUR_COUNT];
extern loopfn *const bucket_any_loops[DIAG_COUNT];
extern loopfn *const masked_loops[HEUR_COUNT][3];

#endif
