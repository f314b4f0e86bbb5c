/*
 * search_impl.h - what search.c (with search_loop.h and buckets.c) and
 * jps.c share: the search object, the per-run context, and the heuristic
 * and key helpers that both inline into their loops.  Not part of the
 * interface (see search.h).
 */
#ifndef SEARCH_IMPL_H
#define SEARCH_IMPL_H

#include "bigmem.h"
#include "inline.h"
#include "openlist.h"
#include "search.h"

/*
 * A node's tag: generation << TAG_GEN_SHIFT | bend | closed | direction.
 * The direction is the one the node was reached in (enum below).  JPS sets
 * the bend of a node reached by a straight scan from a diagonal one, or
 * with -d never from an east or west one (jps.c): the straight steps, and
 * which of the two directions either side came before them.  A*'s and
 * Dijkstra's masked loops (search_loop.h) keep the same bits for the steps a
 * node's expansion offers: its moves less those skip8 leaves out after
 * the direction it was reached in.  Eleven bits of generation: the tags
 * are cleared once every 2,047 searches.
 */
#define TAG_DIR       7u
#define TAG_CLOSED    8u
#define TAG_SIDE      16u		/* that was direction + 1 (never: + 2), else - 1 (- 2) */
#define TAG_RUN_SHIFT 5		/* JPS: 16 bits of straight steps, 0: no bend; masked loops: the offers */
#define TAG_RUN_MAX   0xffffu
#define TAG_GEN_SHIFT 21
#define TAG_GEN       (~0u << TAG_GEN_SHIFT)
#define GEN_MAX       ((1u << (32 - TAG_GEN_SHIFT)) - 1)
#define SEARCH_GOALS_EXACT 16	/* up to this many goals h is exact per goal */
#define STEP_BLOCKED  ((uint64_t)3 << 62)	/* step[d][0]: above any key (dijkstra_loop) */

/*
 * Directions clockwise from north; odd ones are diagonal, and the two
 * orthogonal neighbours a diagonal step passes are its even neighbours
 * d - 1 and d + 1 (mod 8).  Neighbours are generated in this order.
 */
enum { N, NE, E, SE, S, SW, W, NW, DIR_COUNT };

/*
 * JPS's bitsets of a grid (see jps.c).  Lines of axis 0 are the padded
 * rows, those of axis 1 the padded columns, stored transposed: bit k % 64
 * of word k / 64 of line l is set when cell k of line l is free (free),
 * is one of the grid's B cells (goal), or stops a straight scan along
 * the line towards higher bits (stop[ax][1]) or lower ones (stop[ax][0])
 * under the diagonal rule stoprule.  bstop[d], for d a diagonal, has a
 * bit a cell along the diagonal lines of d (see jps.c, build_bstop), set
 * when a scan a cell at a time in direction d has to stop on entering
 * the cell, for anything but the one goal.  A diagonal line keeps only
 * the words that hold a cell of the grid: word k of line l of d is at
 * bstop[d] + doff[d == SE || d == NW][l] + k.  bstop[E] and bstop[W]
 * (the same rows) are the same for -d never's east and west scans, a
 * bit a cell along the rows, built for -d never alone (rowstops).
 * Built once per grid, kept while the grid's serial (and for stop and
 * bstop, the rule's forced neighbours) stay the same.
 */
struct jpsbits {
	uint64_t *mem;		/* all of them, one allocation */
	size_t cap;		/* words */
	const struct grid *grid;	/* built for this grid and serial, or NULL */
	unsigned long serial;
	int stoprule;		/* stop was built for this rule, or -1 */
	int rowstops;		/* and bstop[E] with it (-d never) */
	size_t words[2];	/* words a line */
	uint64_t *free[2];
	uint64_t *stop[2][2];
	uint64_t *goal[2];	/* NULL when the grid has no B */
	uint64_t *bstop[DIR_COUNT];	/* NULL for north and south */
	uint32_t *doff[2];	/* where the diagonal lines' words are, x + y and x - y */
};

/*
 * JPS's nodes.  A search of JPS writes the nodes of its jump points
 * alone, a few dozen of the hundreds of thousands of cells on most maps,
 * scattered over the map: a node a cell (struct search, node), zeroed
 * by the system at first touch, costs the whole array's pages, 0.36-0.46
 * ms for the 4 MB of a 512x512 map's nodes of 16 bytes, as they were,
 * on the CI machine, about a tenth of
 * AR0011SR's 1,280 queries' time (3.53 -> 3.33 us a query without it,
 * BENCHMARKS.md, item 3).  So JPS keeps its nodes by pages of
 * JPS_PAGE cells (a part of a row): page p's entry in dir, once a node
 * of it is written, is this search's generation << TAG_GEN_SHIFT | b,
 * and block b of the pool holds the page's nodes; first[b] is the
 * page's first cell.  Each search gives out the blocks from 0 up, a
 * page at most one, and a node's own tag says whether this search wrote
 * it, as in the array, so nothing is cleared between searches.  The
 * open lists see the pool as the nodes, and an entry's idx is the
 * node's place in it.  touched: the blocks ever given out.
 *
 * The pool holds blocks blocks, the last of them a spare, and grows as
 * a search fills it (jps_grow), twice as large each time, up to a block
 * for each page and the spare.  It was reserved for every page: on
 * AR0011SR's scenario file, whose searches write a few dozen pages, 3 MB
 * of the process's 7.8 MB of address space, with 3.2-3.4 MB resident
 * (now 4.8 MB); on a 4096x4096 map 201 MB.  Growing moves
 * it, so nothing keeps a node's address across a jps_node call: the
 * loops take c->node afresh, and the open list is told (openlist_nodes).
 * The spare takes the writes of the search that finds no room to grow,
 * whose result is void (c->nomem), until its loop stops.
 */
#define JPS_PAGE 64
/*
 * A search that takes more blocks than this has JPS take the array on
 * this grid from the next search on: over a few hundred pages a search
 * the pool's double look-up costs more than the array's first touch
 * saves (BENCHMARKS.md).
 */
#define JPS_FLAT 256
/* The pool's blocks at first: room for every search that stays on the pages. */
#define JPS_BLOCKS0 (JPS_FLAT + 2)

struct jpsnodes {
	struct node *pool;
	uint32_t *dir;
	uint32_t *first;
	size_t pages;		/* room for this many pages (dir) */
	size_t blocks;		/* room in pool and first, the spare included */
	uint32_t touched;
	uint32_t filled;	/* the blocks whose pages are taken (jps_fill) */
	int last;		/* the last run was JPS's: search_cell and the like look here */
	const struct grid *flat;	/* JPS takes the array on this grid and serial (JPS_FLAT) */
	unsigned long flatserial;
};

struct search {
	struct jpsnodes jn;
	struct node *node;
	size_t cap;
	/*
	 * The array's pages, when node is a sparse array (bigmem.h): A*'s
	 * simple loops on a map past AHEAD_MIN of nodes map the pages of the
	 * rows around each node they expand (search_loop.h, nodes_window), JPS
	 * those of the nodes it writes (jps_node), and the rest of the map's
	 * nodes take no address space.  Other runs map them all.
	 * nosparse: a page could not be mapped at its place; ordinary arrays
	 * from then on.
	 */
	struct sparse sp;
	int nosparse;
	uint32_t gen;
	struct openlist ol;
	uint32_t *path;
	size_t pathcap;
	int *gx, *gy;		/* goal coordinates, for the heuristic */
	size_t ngoal, goalcap;
	int bx0, by0, bx1, by1;	/* the goals' bounding box, for many goals */
	const struct search_observer *obs;	/* --trace and friends, or NULL */
	int cost_only;		/* search_cost_only */
	int threaded;		/* search_threaded */
	struct keyunits ku;	/* of the last run, for search_key_format */
	struct costs costs;
	uint64_t kubound;	/* the bound ku was worked out for (0: none yet) */
	uint32_t stride;
	uintptr_t bktaken;	/* the buckets' pool whose first chunks are taken (run_once) */
	struct jpsbits jb;
	/*
	 * The steps each cell allows under a rule (moves.h), for A*'s
	 * masked loops: built for this grid, serial and rule once its
	 * searches have expanded enough nodes (search.c, moves_for).
	 */
	uint8_t *moves;
	size_t movescap;	/* bytes */
	const struct grid *mvgrid;
	unsigned long mvserial;
	int mvrule;		/* built for this rule, or -1 */
	uint64_t mvexp;		/* nodes the grid's searches expanded without them */
	const struct grid *mixgrid;	/* mixed was worked out for this grid and serial */
	unsigned long mixserial;
	int mixed;		/* its cells' neighbourhoods vary as noise does (grid_mixed) */
	/* a path's steps from its cost (search_steps_from_cost), for these key units */
	uint64_t decsq, decdq, dece, decm, decinv;
};

/*
 * Everything one run needs, derived once from the params and the grid.
 * The loops work on a copy of their own, which nothing else points to:
 * what is copied here from the search object (node, obs, the first goal)
 * stays in registers, where through s every store to a node or an
 * open-list entry could have changed it.
 */
struct ctx {
	const struct grid *grid;
	struct search *s;
	struct node *node;	/* s->node */
	const struct search_observer *obs;	/* s->obs */
	size_t ngoal;		/* s->ngoal */
	int gx0, gy0;		/* s->gx[0], s->gy[0] */
	enum heur heur;
	enum diagrule diag;
	uint32_t weight;
	struct keyunits ku;
	uint64_t dq2s;		/* ku.dq - 2 ku.sq, mod 2^64 (h1) */
	uint32_t start;
	uint32_t goal;		/* the one goal, or SEARCH_MAP_GOALS */
	long off[DIR_COUNT];
	uint64_t step[DIR_COUNT][10];	/* step[d][t]: entering terrain t (0 to 9) in direction d */
	uint32_t seq;
	uint64_t smask, sand;	/* the tie-break is (h ^ smask) & sand */
	uint32_t tmask;		/* stamps are seq ^ tmask: 0 for fifo, else ~0 */
	uint32_t tagbase;	/* generation << TAG_GEN_SHIFT: tags of this search */
	uint64_t ydiv;		/* y = i * ydiv >> 44 (see search_run) */
	uint64_t max_exp;	/* expansions allowed: --max-expanded, or all */
	unsigned char qof[2][10];	/* step queue of a straight, diagonal step on terrain t */
	int nomem;		/* no room for the path found (path_room) */
	int prefetch;		/* nodes beyond PREFETCH_MIN: prefetch_around */
	int ahead;		/* nodes beyond AHEAD_MIN: prefetch_ahead */
	int simple;		/* JPS: simple_run (search.c), for relax_ol */
	const unsigned char *have;	/* the sparse nodes' pages mapped (struct search), or NULL */
	int sparse_failed;	/* one of them could not be mapped: run again on an array */
	struct node spare;	/* JPS: takes the writes meant for such a page (jps_node) */
	const uint32_t *skipnib;	/* the simple loops' offers: skipnib or noskip */
	const uint8_t *moves;	/* the masked loops': s->moves, else NULL */
	int jpaged;		/* JPS: the nodes are s->jn's, else the array as A*'s */
	uint32_t *jdir, *jfirst;	/* JPS: s->jn's dir and first */
	uint32_t jused, jtouched;	/* JPS: blocks given out in this search, ever (jps_node) */
	uint32_t jroom;		/* JPS: blocks that can be given out before the pool grows */
};

int	jps_grow(struct ctx *);
void	jps_fill(struct ctx *, uint32_t);

/* The loops are specialised by forced inlining (inline.h), kept apart by NOINLINE. */
#if defined(__GNUC__)
#define NOINLINE __attribute__((noinline))
#else
#define NOINLINE
#endif

/* h for one goal, in key units.  heur is a constant where this is inlined. */
static PF_INLINE uint64_t
h1(const struct ctx *c, enum heur heur, int64_t dx, int64_t dy)
{
	uint64_t ax = (uint64_t)(dx < 0 ? -dx : dx), ay = (uint64_t)(dy < 0 ? -dy : dy);
	uint64_t mx = ax > ay ? ax : ay, mn = ax > ay ? ay : ax;

	switch (heur) {
	case H_MANHATTAN:
		return (ax + ay) * c->ku.sq;
	case H_OCTILE:
		/*
		 * (mx - mn) S + mn D, as (ax + ay) S + mn (D - 2S): no
		 * larger of the two, and the same bits, all of it mod 2^64
		 * (D - 2S wraps below 0 where D < 2S).  3 search instructions
		 * an expansion fewer on random512-40-0, 6 on Berlin_0_1024.
		 */
		return (ax + ay) * c->ku.sq + mn * c->dq2s;
	case H_EUCLIDEAN:
		return cost_mul_sqrt(c->ku.sq, ax * ax + ay * ay);
	case H_CHEBYSHEV:
		return mx * c->ku.sq;
	case H_ZERO:
	case HEUR_COUNT:
		break;
	}
	return 0;
}

/*
 * h of the cell at padded coordinates (x, y): with several goals the least
 * estimate over all of them, which is still admissible and consistent.
 */
static PF_INLINE uint64_t
heuristic(const struct ctx *c, enum heur heur, int x, int y)
{
	const struct search *s = c->s;
	uint64_t best, h;
	size_t k;

	if (heur == H_ZERO)
		return 0;
	if (c->ngoal > SEARCH_GOALS_EXACT) {
		/*
		 * The distance to the goals' bounding box: no more than the
		 * distance to any goal, and like it consistent (the distance to
		 * a convex set in a norm is 1-Lipschitz), but O(1), so that a
		 * map with thousands of goals does not cost thousands of times
		 * more per node.
		 */
		int dx = x < s->bx0 ? s->bx0 - x : x > s->bx1 ? x - s->bx1 : 0;
		int dy = y < s->by0 ? s->by0 - y : y > s->by1 ? y - s->by1 : 0;

		return h1(c, heur, dx, dy);
	}
	best = h1(c, heur, x - c->gx0, y - c->gy0);
	for (k = 1; k < c->ngoal; k++)
		if ((h = h1(c, heur, x - s->gx[k], y - s->gy[k])) < best)
			best = h;
	return best;
}

/*
 * The open-list key of cell i with cost g and estimate h.  simple is a
 * constant where this is inlined: when set, the weight is known to be
 * 1000 and the tie-break low h first, the default (see simple_run).
 */
static PF_INLINE void
mkkey(struct ctx *c, struct ol_entry *e, uint32_t i, uint64_t g, uint64_t h, const int simple)
{
	uint64_t wh = h;

	if (!simple && c->weight != 1000)	/* floor(h * W), W in thousandths, without overflow */
		wh = h / 1000 * c->weight + h % 1000 * c->weight / 1000;
	e->f = g + wh;
	e->s = simple ? h : (h ^ c->smask) & c->sand;
	/* Stamps count up; "most recent first" compares their complement. */
	e->t = ++c->seq ^ (simple ? UINT32_MAX : c->tmask);
	e->idx = i;
}

/*
 * Which open list a loop is specialised on: fast is a constant where the
 * helpers below are inlined, and with the 4-ary heap or the step queues
 * their operations are inlined too; any other list goes through
 * openlist.c.
 */
enum { OL_FAST_NONE, OL_FAST_QUAD, OL_FAST_STEPQ, OL_FAST_BUCKET };

static PF_INLINE int
ol_pop_fast(struct openlist *ol, struct ol_entry *e, const int fast)
{
	if (fast == OL_FAST_QUAD)
		return ol_quad_pop(ol, e);
	if (fast == OL_FAST_STEPQ)
		return ol_sq_pop(ol, e);
	if (fast == OL_FAST_BUCKET)
		return ol_bk_pop(ol, e);
	return openlist_pop(ol, e);
}

/*
 * Ask for the nodes around cell j (prefetch_rows) and the cells of the
 * rows above and below it, which its expansion reads.  On a map whose
 * nodes are larger than the caches (2048x2048: 50 MB) each of those rows
 * is mostly a miss to memory, and the expansion waits for them one after
 * another; a node just generated is often expanded soon after (A*'s ties
 * go to it: a corridor, the straight line to the goal), and asked for
 * now, they come in meanwhile.  Measured: 71 -> 52 ns/expansion on the
 * generated 2048x2048 maze, 72 -> 65 on the random map.  Its own row's
 * cells were just read.  The 512x512 maps' 3 MiB of nodes outgrow this
 * machine's 1 MiB of L2 as well, and their rows come from L3 one after
 * another: asked for, maze512-1-0 took 12-19% less time, random512-40-0
 * 2-10%, 8room_000 7%, AR0011SR 3-5%, brc202d nothing (medians of
 * interleaved runs; BENCHMARKS.md, item 1), for 19-20 instructions an
 * expansion (AR0011SR, random512-40-0; 3-6 more since all nine nodes
 * are asked for).  Only where the nodes are larger than PREFETCH_MIN:
 * smaller ones stay in L2, and maps of 256x256 (1 MiB of 16-byte nodes) and
 * 194x194 gained nothing (with the nine, from 3% less time to 4% more:
 * BENCHMARKS.md).
 */
#define PREFETCH_MIN ((size_t)2 << 20)

/*
 * Dijkstra's loop on the step queues asks for the nodes' rows alone (the
 * cells, 16 to a node's line, mostly stay cached), on every map: there a
 * node is expanded a whole wave front after it is queued, and the rows
 * beyond it are mostly first touched then.  Measured (wall clock under
 * load, interleaved runs, every 20th query): Berlin_0_1024 a third less
 * time, maze512-1-0 10-20% less, AR0011SR a few per cent, for about 7
 * instructions a node (prefetch_around: 13-18, and less gain).
 * dijkstra_loop (search.c) calls prefetch_rows with its own node and
 * stride: random512-40-0 42.1 -> 35.1 ns a node (every 20th query,
 * medians of nine interleaved runs pinned to one core), for 14
 * instructions a node (24 through the context, as prefetch_nodes goes,
 * for the same time).
 *
 * What is asked for is the lines of all nine nodes around j, the ones the
 * expansion of j reads.  A 64-byte line holds five or six 12-byte nodes
 * (four of 16 bytes, measured below), and the three nodes of a row, 36
 * bytes, lie across two lines half the time (48 bytes of 16 did too):
 * the first and the last of each row are asked for (the middle one is in
 * the line of one of them), and in j's own row those on either side of
 * it, whose lines hold j's too.  Asking for the middle node of the rows
 * above and below alone, as before, left the other line of a row to a
 * miss half the time, and the same beside j.  With the nine, medians of
 * interleaved pairs: A* 6-12% less time on random512-40-0 and Dijkstra
 * 8-19%, both 4% on maze512-1-0, the open maps within 4% either way;
 * 1-3% more instructions for A*, 3-7% for Dijkstra (BENCHMARKS.md,
 * item 1).
 */
static PF_INLINE void
prefetch_rows(const struct node *node, size_t j, size_t stride)
{
#if defined(__GNUC__)
	/* The last byte of each row's last node: it may end on the next line. */
	const size_t end = sizeof(*node) - 1;

	__builtin_prefetch(&node[j - stride - 1]);
	__builtin_prefetch((const char *)&node[j - stride + 1] + end);
	__builtin_prefetch(&node[j - 1]);
	__builtin_prefetch((const char *)&node[j + 1] + end);
	__builtin_prefetch(&node[j + stride - 1]);
	__builtin_prefetch((const char *)&node[j + stride + 1] + end);
#else
	(void)node, (void)j, (void)stride;
#endif
}

static PF_INLINE void
prefetch_nodes(const struct ctx *c, size_t j)
{
	prefetch_rows(c->node, j, (size_t)c->off[S]);
}

/*
 * The masked loops read j's own byte of moves where the others read the
 * cells of the rows above and below it: one line asked for instead of
 * two.  Measured on a first version of those loops, medians of nine
 * interleaved runs of every 20th query, the cells' rows asked for
 * instead took Berlin_0_1024 1.10 and maze512-1-0 1.06 of the time.
 * mv: as relax_ol's.
 */
static PF_INLINE void
prefetch_around(const struct ctx *c, size_t j, const int mv)
{
	prefetch_nodes(c, j);
#if defined(__GNUC__)
	if (mv)
		return;
	__builtin_prefetch(&c->grid->cell[j - c->off[S]]);
	__builtin_prefetch(&c->grid->cell[j + c->off[S]]);
#endif
}

/*
 * On a map whose nodes outgrow the last-level cache as well (AHEAD_MIN:
 * 32 MiB, this machine's L3), the rows around a node are often gone
 * again by the time it is expanded, asked for when it was queued or not:
 * in between, the search has gone along a frontier of thousands of nodes,
 * each row of it a row of the map away from the next.  The buckets'
 * sorted array says which nodes come next (but for the small heap's
 * ties, which come in between, and stale entries): at each expansion ask
 * for the rows around the one AHEAD entries down it, nodes and cells, so
 * that they are in by its turn.  Asking for the next entry alone had come
 * too late (BENCHMARKS.md); 2 to 4 entries down did alike, 6, 8 and 16
 * less well; without the cells' rows less than half the gain was left.
 * Measured with the memory touched, medians of interleaved runs:
 * gen-random8192 65.1 -> 60.8 ns an expansion, gen-rooms8192 54.3 ->
 * 52.2, the maze and the 2048x2048 maps within their noise.  It costs
 * about 25 instructions an expansion, which on Berlin_0_1024 and orz900d
 * (16 MiB of nodes of 16 bytes) made them 1-2% slower, hence the threshold.
 * An entry taken from the small heap leaves the array as it was: *last,
 * the array's length at the last call, spares asking again for what was
 * just asked (5-7 instructions an expansion fewer on the 2048x2048 and
 * 8192x8192 random and rooms maps).
 */
#define AHEAD_MIN ((size_t)32 << 20)
#define AHEAD 4

static PF_INLINE void
prefetch_ahead(const struct ctx *c, const struct openlist *ol, size_t *last, const int mv)
{
#if defined(__GNUC__)
	if (ol->n > AHEAD && ol->n != *last) {
		size_t j = ol->e[ol->n - AHEAD].idx;

		*last = ol->n;
		prefetch_around(c, j, mv);	/* j's own node among the nine */
	}
#else
	(void)c, (void)ol, (void)last, (void)mv;
#endif
}

/*
 * The same maps, the other way round: a node just queued, reached in
 * direction d, asks for the node and cell BEYOND steps further on in that
 * direction, where a corridor or the straight line to the goal leads
 * the search a few expansions later.  Its rows around, asked for as it is
 * queued (prefetch_around), come in time for its own expansion but not
 * for those after it, whose nodes are mostly taken from the small heap as
 * they are queued, not from the sorted array prefetch_ahead reads.
 * Measured with the memory touched (medians of three interleaved runs):
 * gen-maze2048 45.8 -> 40.6 ns an expansion, gen-maze8192 45.8 -> 41.5,
 * gen-random2048 53.5 -> 51.1, gen-random8192 62.4 -> 58.5,
 * gen-rooms8192 52.9 -> 51.8; 2 to 8 steps measured, 3 to 6 alike.
 */
#define BEYOND 4

static PF_INLINE void
prefetch_beyond(const struct ctx *c, size_t j, int d, const int mv)
{
#if defined(__GNUC__)
	size_t k = j + (size_t)(BEYOND * c->off[d]);	/* wraps below 0 */

	if (k < c->grid->ncells) {	/* no address outside the arrays */
		__builtin_prefetch(&c->node[k]);
		__builtin_prefetch(mv ? &c->moves[k] : &c->grid->cell[k]);
	}
#else
	(void)c, (void)j, (void)d, (void)mv;
#endif
}

/* The pages lo to hi of a sparse array of nodes mapped (search.c), or -1 and c->sparse_failed. */
int	nodes_map(struct ctx *, size_t, size_t);

/*
 * The pages of a sparse array (bigmem.h) that node i lies on: two where
 * it straddles a boundary (2 MiB is no multiple of 12 bytes: two
 * boundaries in three cut a node, its g on one page and its tag on the
 * next).  Is it mapped, by have?
 */
static PF_INLINE size_t
node_page(size_t i)
{
	return i * sizeof(struct node) >> SPARSE_SHIFT;
}

static PF_INLINE size_t
node_last_page(size_t i)
{
	return ((i + 1) * sizeof(struct node) - 1) >> SPARSE_SHIFT;
}

static PF_INLINE int
node_on_pages(const unsigned char *have, size_t i)
{
	return have[node_page(i)] & have[node_last_page(i)];
}

/* In JPS's store: the node of cell i, whose page's directory entry is d; the cell of node k. */
static PF_INLINE struct node *
jps_page_node(struct node *pool, uint32_t d, uint32_t i)
{
	return &pool[(size_t)(d & ~TAG_GEN) * JPS_PAGE + i % JPS_PAGE];
}

static PF_INLINE uint32_t
jps_node_cell(const uint32_t *first, uint32_t k)
{
	return first[k / JPS_PAGE] + k % JPS_PAGE;
}

/*
 * JPS's node of cell i (struct jpsnodes), its page given a block first
 * if this search has none for it yet.  The block's first node is
 * written when the block is first given out, so that its memory page is
 * taken by a write, not mapped to the shared zero page by the read of a
 * tag and then replaced (see search.c, prepare).
 */
static PF_INLINE struct node *
jps_node(struct ctx *c, uint32_t i)
{
	uint32_t *d, b;

	if (!c->jpaged) {
		/* a sparse array (struct search, sp): the node's page mapped first */
		if (c->have != NULL && !node_on_pages(c->have, i) &&
		    nodes_map(c, node_page(i), node_last_page(i)) != 0) {
			c->nomem = 1;	/* jps_loop stops; search_run runs the search again */
			return &c->spare;
		}
		return &c->node[i];
	}
	d = &c->jdir[i / JPS_PAGE];
	if ((*d & TAG_GEN) == c->tagbase)
		return jps_page_node(c->node, *d, i);
	b = c->jused++;
	if (b >= c->jroom && jps_grow(c) != 0) {
		/* the search is void (c->nomem): the spare block takes the writes */
		c->jused--;
		b = c->jroom;
		c->jfirst[b] = i - i % JPS_PAGE;
		return &c->node[(size_t)b * JPS_PAGE + i % JPS_PAGE];
	}
	c->jfirst[b] = i - i % JPS_PAGE;
	if (b >= c->jtouched) {
		if (b >= c->s->jn.filled)
			jps_fill(c, b);
		c->node[(size_t)b * JPS_PAGE].tag = 0;
		c->jtouched = b + 1;
	}
	*d = c->tagbase | b;
	return &c->node[(size_t)b * JPS_PAGE + i % JPS_PAGE];
}

/*
 * The same, without giving out a block: NULL when this search wrote no
 * node of i's page (or, on a sparse array, no search mapped it).
 */
static PF_INLINE const struct node *
jps_node_seen(const struct ctx *c, uint32_t i)
{
	uint32_t d;

	if (!c->jpaged)
		return c->have == NULL || node_on_pages(c->have, i) ? &c->node[i] : NULL;
	d = c->jdir[i / JPS_PAGE];
	return (d & TAG_GEN) == c->tagbase ? jps_page_node(c->node, d, i) : NULL;
}

/* The cell of JPS's node k (its place in the pool). */
static PF_INLINE uint32_t
jps_cell(const struct ctx *c, uint32_t k)
{
	return c->jpaged ? jps_node_cell(c->jfirst, k) : k;
}

/*
 * Offer cell j, reached from the current node in direction d at cost ng,
 * to the open list: new nodes are pushed, open ones improved, closed ones
 * left alone (they are never reopened).  q is the step queue of the step
 * (see ol_sq_push), used only with the step queues; bend goes into the
 * tag (JPS), or with mv is the mask of the steps an expansion after d
 * offers (search_loop.h, skip8), whose bits of cell j's moves go into the tag
 * from TAG_RUN_SHIFT up for the masked loop to read at j's expansion.
 * simple is a constant: when set, the run has at most one goal, weight
 * 1000, the default tie-break and no observer (simple_run), and (x, y)
 * is the cell's offset from the goal rather than its coordinates.  j is
 * a size_t so that the loops' i - stride and the like are not wrapped to
 * 32 bits: the neighbours' nodes are then at fixed distances from the
 * current one, where a uint32_t j had the compiler work out and keep
 * each neighbour's index and address apart (23 instructions an
 * expansion of A* on AR0011SR, 20 of Dijkstra's).  x and y are 64 bits
 * wide too, which spares h1 sign extensions (7).  mv is a constant, 1
 * in the masked loops, the only ones c->moves is set for: the
 * prefetches ask for the cells' rows elsewhere, without a test of
 * c->moves.
 */
static PF_INLINE void
relax_ol(struct ctx *c, enum heur heur, struct search_result *r, size_t j, int d,
    uint64_t ng, int64_t x, int64_t y, const int fast, unsigned q, uint32_t bend, const int simple,
    const int jps, const int mv)
{
	struct node *nj = jps ? jps_node(c, (uint32_t)j) : &c->node[j];
	struct ol_entry ne;
	uint64_t h;
	uint32_t tag = nj->tag & (TAG_GEN | TAG_CLOSED);
	int improved;

	if (fast == OL_FAST_STEPQ || (fast == OL_FAST_BUCKET && simple && !jps)) {
		/*
		 * h = 0 (the step queues take nothing else): nodes close in
		 * order of g, so a closed node's g is at most the current
		 * node's, below ng, and "no better than its g" covers closed
		 * and open nodes alike.  One branch where there were two:
		 * which of closed, open or new a neighbour is, is much harder
		 * to predict than whether it is seen (1.9 mispredictions a
		 * node on AR0011SR, as a BFS's visited test takes 0.5).  The
		 * same holds for A*'s simple loops on the buckets, which run
		 * with a consistent h alone (search_run): a closed node's g is
		 * then final, at most ng.  There the two tests took 1.48
		 * mispredictions an expansion on random512-40-0, the one 1.0
		 * (cachegrind's model; 11% fewer in all, 18% on AR0011SR).
		 */
		uint64_t gj;

		improved = (tag & TAG_GEN) == c->tagbase;
		gj = improved ? nj->g : UINT64_MAX;
		if (ng >= gj)
			return;
	} else {
		if (tag == (c->tagbase | TAG_CLOSED))	/* closed: half the offers (AR0011SR) */
			return;
		improved = tag == c->tagbase;
		if (improved && ng >= nj->g)
			return;
	}
	nj->g = ng;
	if (mv)
		bend = (uint32_t)(c->moves[j] & bend) << TAG_RUN_SHIFT;
	nj->tag = c->tagbase | bend | (uint32_t)d;
	if (fast == OL_FAST_BUCKET && !improved && c->prefetch) {
		prefetch_around(c, j, mv);
		if (c->ahead)
			prefetch_beyond(c, j, d, mv);
	}
	if (fast == OL_FAST_STEPQ && !improved)
		prefetch_nodes(c, j);
	h = simple ? h1(c, heur, x, y) : heuristic(c, heur, (int)x, (int)y);
	mkkey(c, &ne, jps && c->jpaged ? (uint32_t)(nj - c->node) : (uint32_t)j, ng, h, simple);
	if (fast == OL_FAST_STEPQ)	/* an improved node is queued again */
		ol_sq_push(&c->s->ol, q, &ne);
	else if (fast == OL_FAST_BUCKET)
		ol_bk_insert(&c->s->ol, &ne);
	else if (fast == OL_FAST_QUAD && improved)
		ol_quad_decrease(&c->s->ol, &ne);
	else if (fast == OL_FAST_QUAD)
		ol_quad_push(&c->s->ol, &ne);
	else if (improved)
		openlist_decrease(&c->s->ol, &ne);
	else
		openlist_push(&c->s->ol, &ne);
	if (improved)
		r->updated++;
	else
		r->generated++;
	if (!simple && c->obs != NULL && c->obs->offer != NULL)
		c->obs->offer(c->obs->arg, (uint32_t)j, improved, ne.f, ng, h);
}

int	path_room(struct ctx *, size_t);
int	search_steps_from_cost(struct search *, uint64_t, uint64_t *, uint64_t *);
int	jps_prepare(struct jpsbits *, const struct grid *, enum diagrule);
void	jps_loop(struct ctx *, struct search_result *, enum diagrule);

#endif
