/*
 * jps.c - Jump Point Search (Harabor and Grastien 2011) for uniform-cost
 * grids, under every diagonal rule.
 *
 * A* expands every cell on its way; JPS expands only "jump points" and
 * scans the cells between them.  From an expanded node it looks only in
 * the directions an optimal path can continue (pruning), and in each it
 * runs until something forces a turn.  With diagonal steps:
 *
 *  - moving straight, say east from p to n: the natural successor is the
 *    next cell east.  Without corner cutting, if the cell north of p is
 *    blocked but the one north of n is free, then north of n, and
 *    north-east of n when the rule allows that diagonal, can only be
 *    reached optimally through n: they are "forced", and n is a jump
 *    point.  With -d always, north of n is reached diagonally from p
 *    whenever it is free; what is forced is north-east of n when north of
 *    n is blocked (the 2011 paper's rule); with no-squeeze the same, when
 *    the cell east of n is free so that the diagonal step is allowed.
 *    Likewise to the south.
 *  - moving diagonally, say north-east: the successors are north, east and
 *    north-east.  Without corner cutting a diagonal step needs both of its
 *    orthogonal cells free, so no neighbour is ever forced.  With always
 *    and no-squeeze, when the cell west of n is blocked, north-west of n
 *    is forced (if the rule allows that step), and likewise south-east
 *    when the cell south of n is blocked.  A cell is also a jump point
 *    when a straight scan north or east from it finds one.  With
 *    intermediate pruning (scan_bend) that cell is passed over, and the
 *    jump points its straight scans found are the successors.
 *
 * With -d never (4-connected) the same scheme runs on a horizontal-first
 * order of the straight steps (Baum's JPS4): an east or west scan runs
 * the north and south scans from every cell it passes, as a diagonal one
 * runs its straight scans, and a north or south scan stops where a cell
 * beside it is free but the one beside the previous cell was blocked (a
 * way east or west opens that the scans before could not take).
 *
 * Goals are jump points too.  The costs found equal A*'s; the path can be
 * a different one of the same cost.  A jump point's parent is not stored:
 * a node keeps the direction it was reached in and, when a straight scan
 * from a diagonal (or, 4-connected, horizontal) one found it, the bend
 * (how far back the turn is, and to which side); the parent is the first
 * closed cell back along the line whose g fits (see jps_parent); any such
 * cell is an optimal predecessor.
 */
#include <stdlib.h>
#include <string.h>

#include "bigmem.h"
#include "bits.h"
#include "search_impl.h"

static PF_INLINE int
free_cell(const uint8_t *cell, uint32_t i)
{
	return (cell[i] & CELL_COST) != 0;
}

static PF_INLINE int
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
 * forced (side_forced): with no-corner-cut, a side cell free at k but
 * blocked at k - 1; for a side line A the word of such cells is
 * A & ~(A << 1 | carry), where carry is bit 63 of the previous word (cell
 * k - 1 for k at bit 0).  With always and no-squeeze the side cell is
 * blocked at k and free at k + 1, which reads bit 0 of the next word.
 * None of that depends on where the scan starts, so jps_prepare works it
 * out once per map and rule, OR-ing the three conditions into the stop
 * bitsets, one for each axis and way.  A scan masks off the cells up to
 * its start in its first word of the line's stop bitset, and the lowest
 * set bit left is where it ends, as a scan cell by cell would (it, too,
 * compares the first cell's side with the start's); one more bit, of
 * the free cells, says whether that is a blocked cell or a jump point.
 * The padding of blocked cells around the grid ends every scan within
 * the line.  Backward, the same with the shifts turned round (k + 1 is
 * the previous cell) and the highest set bit (lowbit and highbit,
 * bits.h).
 */

/*
 * The side cells that force a turn: a, the word of a side line's cells
 * beside the cells scanned, aback the same line's cells one back, aon
 * one on, and mon the cells of the line scanned one on, all lined up
 * with the cells scanned.
 *
 *  - no-corner-cut, and -d never (where only north and south are
 *    scanned this way): the side cell free here but blocked one back;
 *    the side and the diagonal towards it are forced.
 *  - always: the side cell blocked here, free one on; the diagonal to it
 *    is forced (the side cell itself is reached diagonally from before).
 *  - no-squeeze: the same, when the cell on is free too, for the
 *    diagonal step has to pass one free cell.
 */
static PF_INLINE uint64_t
forced_cells(uint64_t a, uint64_t aback, uint64_t aon, uint64_t mon, const int rule)
{
	if (rule == DIAG_NEVER || rule == DIAG_NO_CORNER_CUT)
		return a & ~aback;
	if (rule == DIAG_ALWAYS)
		return ~a & aon;
	return ~a & aon & mon;
}

/*
 * The same for the word of cells wm of the line scanned and the words wa
 * of a side line, cell k at bit k.  Forward (towards higher bits) the
 * previous cell is at k - 1, carried in from the word before as ca (its
 * bit 63), and the next one at k + 1, from the word after as na (its bit
 * 0); nm is that of the line scanned.  Backward the same with the shifts
 * turned round, ca the previous word's bit 0 and na the next word's bit
 * 63.
 */
static PF_INLINE uint64_t
side_forced(uint64_t wm, uint64_t nm, uint64_t wa, uint64_t ca, uint64_t na, const int forward,
    const int rule)
{
	uint64_t back = forward ? wa << 1 | ca : wa >> 1 | ca << 63;
	uint64_t on = forward ? wa >> 1 | na << 63 : wa << 1 | na >> 63;

	return forced_cells(wa, back, on, forward ? wm >> 1 | nm << 63 : wm << 1 | nm >> 63, rule);
}

/*
 * The first cell after p on a line that stops a forward scan, from the
 * line's stop bitset stop (and its goals gl, when goals is set), and in
 * *open whether it is free (mid: the line's free cells).
 */
static PF_INLINE uint32_t
stop_forward(const uint64_t *stop, const uint64_t *mid, const uint64_t *gl, uint32_t p, int *open,
    const int goals)
{
	uint32_t w = p >> 6;
	uint64_t keep = ~(uint64_t)0 << (p & 63) << 1;	/* 0 when p is bit 63 */

	for (;; w++, keep = ~(uint64_t)0) {
		uint64_t st = stop[w];

		if (goals)
			st |= gl[w];
		if ((st &= keep) != 0) {
			int k = lowbit(st);

			*open = (int)(mid[w] >> k & 1);
			return w << 6 | (uint32_t)k;
		}
	}
}

/* The last cell before p that stops a backward scan. */
static PF_INLINE uint32_t
stop_backward(const uint64_t *stop, const uint64_t *mid, const uint64_t *gl, uint32_t p, int *open,
    const int goals)
{
	uint32_t w = p >> 6;
	uint64_t keep = ((uint64_t)1 << (p & 63)) - 1;	/* the bits below p */

	for (;; w--, keep = ~(uint64_t)0) {
		uint64_t st = stop[w];

		if (goals)
			st |= gl[w];
		if ((st &= keep) != 0) {
			int k = highbit(st);

			*open = (int)(mid[w] >> k & 1);
			return w << 6 | (uint32_t)k;
		}
	}
}

/*
 * The first set bit of line l after bit p (forward), or the last before
 * it: the next cell that stops a scan along l from cell p.
 */
static PF_INLINE uint32_t
next_stop(const uint64_t *l, uint32_t p, const int forward)
{
	uint32_t w = p >> 6;
	uint64_t st;

	if (forward) {
		for (st = l[w] & ~(uint64_t)0 << (p & 63) << 1; st == 0; st = l[++w])
			;
		return w << 6 | (uint32_t)lowbit(st);
	}
	for (st = l[w] & (((uint64_t)1 << (p & 63)) - 1); st == 0; st = l[--w])
		;
	return w << 6 | (uint32_t)highbit(st);
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
 * Scan from position p of a line (stop: its stop bitset for the way the
 * scan goes, mid its free cells, gl its goals) towards higher bits when
 * forward is set; return how many steps away the first jump point is, or
 * 0 if there is none.  With goals, the grid's Bs stop the scan; the one
 * goal is in the stop bitsets while its search runs (jps_loop).
 */
static PF_INLINE uint32_t
jump_line(const uint64_t *stop, const uint64_t *mid, const uint64_t *gl, uint32_t p,
    const int forward, const int goals)
{
	uint32_t q;
	int open;

	if (forward) {
		q = stop_forward(stop, mid, gl, p, &open, goals);
		return open ? q - p : 0;
	}
	q = stop_backward(stop, mid, gl, p, &open, goals);
	return open ? p - q : 0;
}

/* Scan from padded cell (x, y) in straight direction d, as jump_line. */
static PF_INLINE uint32_t
jump_straight(const struct jctx *j, uint32_t x, uint32_t y, int d, const int goals)
{
	const struct jpsbits *jb = j->jb;
	const int ax = d == N || d == S;	/* columns for north and south */
	const int fw = d == E || d == S;
	const size_t n = jb->words[ax];
	const uint32_t line = ax ? x : y;

	return jump_line(jb->stop[ax][fw] + line * n, jb->free[ax] + line * n,
	    goals ? jb->goal[ax] + line * n : NULL, ax ? y : x, fw, goals);
}

/*
 * Pairs of words, each half worked on as a word of its own: with GCC's
 * vector types (SSE2 registers on x86-64) one instruction does both, so
 * that two bit matrices are transposed (transpose64) for the
 * instructions of one; elsewhere a pair of words, word by word.
 */
#if defined(__GNUC__) && !defined(PF_NO_BUILTINS)
typedef uint64_t pair __attribute__((vector_size(16)));

static PF_INLINE pair pr(uint64_t a, uint64_t b) { pair v = { a, b }; return v; }
static PF_INLINE uint64_t pr0(pair v) { return v[0]; }
static PF_INLINE uint64_t pr1(pair v) { return v[1]; }
static PF_INLINE pair pr_and(pair a, pair b) { return a & b; }
static PF_INLINE pair pr_or(pair a, pair b) { return a | b; }
static PF_INLINE pair pr_xor(pair a, pair b) { return a ^ b; }
static PF_INLINE pair pr_shl(pair a, int k) { return a << k; }
static PF_INLINE pair pr_shr(pair a, int k) { return a >> k; }
#else
typedef struct { uint64_t w[2]; } pair;

static PF_INLINE pair pr(uint64_t a, uint64_t b) { pair v; v.w[0] = a; v.w[1] = b; return v; }
static PF_INLINE uint64_t pr0(pair v) { return v.w[0]; }
static PF_INLINE uint64_t pr1(pair v) { return v.w[1]; }
static PF_INLINE pair pr_and(pair a, pair b) { return pr(a.w[0] & b.w[0], a.w[1] & b.w[1]); }
static PF_INLINE pair pr_or(pair a, pair b) { return pr(a.w[0] | b.w[0], a.w[1] | b.w[1]); }
static PF_INLINE pair pr_xor(pair a, pair b) { return pr(a.w[0] ^ b.w[0], a.w[1] ^ b.w[1]); }
static PF_INLINE pair pr_shl(pair a, int k) { return pr(a.w[0] << k, a.w[1] << k); }
static PF_INLINE pair pr_shr(pair a, int k) { return pr(a.w[0] >> k, a.w[1] >> k); }
#endif

/*
 * Transpose two 64 x 64 bit matrices, one in each half of a: bit c of
 * a[r] goes to bit r of a[c].  Six rounds swap ever smaller blocks: the
 * halves of 32 x 32, then of 16 x 16 and so on (Warren, Hacker's
 * Delight, 7-3, with bit 0 first); the rounds never mix the halves.
 */
static PF_INLINE void
transpose_round(pair a[64], const int j, const uint64_t m)
{
	const pair mm = pr(m, m);
	int k0, k;

	for (k0 = 0; k0 < 64; k0 += 2 * j)
		for (k = k0; k < k0 + j; k++) {
			pair t = pr_and(pr_xor(pr_shr(a[k], j), a[k + j]), mm);

			a[k + j] = pr_xor(a[k + j], t);
			a[k] = pr_xor(a[k], pr_shl(t, j));
		}
}

static void
transpose64(pair a[64])
{
	/* each round with its constants: half the instructions of a loop over them */
	transpose_round(a, 32, 0x00000000ffffffffu);
	transpose_round(a, 16, 0x0000ffff0000ffffu);
	transpose_round(a, 8, 0x00ff00ff00ff00ffu);
	transpose_round(a, 4, 0x0f0f0f0f0f0f0f0fu);
	transpose_round(a, 2, 0x3333333333333333u);
	transpose_round(a, 1, 0x5555555555555555u);
}

/*
 * Bit l of word k / 64 of line k of dst = bit k of line l of src: src has
 * ns lines of sw words, dst nd lines of dw words (dw 64ths of ns, sw of
 * nd), transposed 64 x 64 bits at a time, two blocks side by side (bx
 * and bx + 1; the last alone with a block of 0s beside it when sw is odd).
 */
static void
transpose_lines(const uint64_t *src, size_t ns, size_t sw, uint64_t *dst, size_t nd, size_t dw)
{
	size_t bx, by, k;
	pair a[64];

	for (by = 0; by < dw; by++)
		for (bx = 0; bx < sw; bx += 2) {
			const int two = bx + 1 < sw;

			for (k = 0; k < 64; k++) {
				/* past the last line: a row of 0s, no pointer formed there */
				const uint64_t *l = 64 * by + k < ns ? src + (64 * by + k) * sw + bx : NULL;

				a[k] = pr(l != NULL ? l[0] : 0, l != NULL && two ? l[1] : 0);
			}
			transpose64(a);
			for (k = 0; k < 64 && 64 * bx + k < nd; k++)
				dst[(64 * bx + k) * dw + by] = pr0(a[k]);
			for (k = 0; two && k < 64 && 64 * (bx + 1) + k < nd; k++)
				dst[(64 * (bx + 1) + k) * dw + by] = pr1(a[k]);
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
	size_t nrow = (size_t)g->h + 2, ncol = g->stride, y;

	for (y = 0; y < nrow; y++)
		cells_bits(g->cell + y * ncol, ncol, mask, rows + y * words[0]);
	transpose_lines(rows, nrow, words[0], cols, ncol, words[1]);
}

/*
 * The stop bitsets of one line of n words (see the block-based scan):
 * sf for the scans towards higher bits, sb towards lower ones, from the
 * free cells of the line, m, and of the lines either side, a and b,
 * under the rule.
 */
static void
build_stops(const uint64_t *m, const uint64_t *a, const uint64_t *b, size_t n, uint64_t *sf,
    uint64_t *sb, const int rule)
{
	size_t w;

	for (w = 0; w < n; w++) {
		uint64_t pm = w > 0 ? m[w - 1] : 0, pa = w > 0 ? a[w - 1] : 0, pb = w > 0 ? b[w - 1] : 0;
		uint64_t nm = w + 1 < n ? m[w + 1] : 0, na = w + 1 < n ? a[w + 1] : 0;
		uint64_t nb = w + 1 < n ? b[w + 1] : 0;

		sf[w] = ~m[w] | side_forced(m[w], nm, a[w], pa >> 63, na, 1, rule) |
		    side_forced(m[w], nm, b[w], pb >> 63, nb, 1, rule);
		sb[w] = ~m[w] | side_forced(m[w], pm, a[w], na & 1, pa, 0, rule) |
		    side_forced(m[w], pm, b[w], nb & 1, pb, 0, rule);
	}
}

/*
 * The stop bitsets of every line of axis ax, nl lines of n words: the
 * first and last lines are padding, along which no scan runs.
 */
static void
build_stop_axis(const uint64_t *fr, size_t nl, size_t n, uint64_t *sf, uint64_t *sb, int rule)
{
	size_t l;

	memset(sf, 0xff, n * sizeof(*sf));
	memset(sb, 0xff, n * sizeof(*sb));
	memset(sf + (nl - 1) * n, 0xff, n * sizeof(*sf));
	memset(sb + (nl - 1) * n, 0xff, n * sizeof(*sb));
	for (l = 1; l + 1 < nl; l++) {
		const uint64_t *m = fr + l * n;

		if (rule == DIAG_NO_SQUEEZE)
			build_stops(m, m - n, m + n, n, sf + l * n, sb + l * n, DIAG_NO_SQUEEZE);
		else if (rule == DIAG_ALWAYS)
			build_stops(m, m - n, m + n, n, sf + l * n, sb + l * n, DIAG_ALWAYS);
		else
			build_stops(m, m - n, m + n, n, sf + l * n, sb + l * n, DIAG_NO_CORNER_CUT);
	}
}

/*
 * The cells of one line of n words from which a straight scan finds a
 * jump point (as jump_line, but for the one goal): bit k of out set when
 * the first cell past k that stops the scan (stop: the line's stop
 * bitset for the way the scan goes, fr its free cells) is free, towards
 * higher bits when forward is set.  Backward, val(k) = fr(k - 1) if cell
 * k - 1 stops the scan, else val(k - 1): after a free stop the cells up
 * to and with the next stop.  Adding 1 just above each free stop to the
 * cells that do not stop (prop) carries through those runs and stops on
 * the stop that ends them, so the bits that change are the run; c
 * carries val from word to word.  Forward the carry would have to run
 * towards lower bits: there a fill of the free stops one cell down (gen)
 * through prop, in six rounds of doubling length (Kogge-Stone).
 */
static PF_INLINE void
jump_bits(const uint64_t *stop, const uint64_t *fr, size_t n, uint64_t *out, const int forward)
{
	uint64_t c = 0, st, gen, prop;
	size_t k, w;
	int s;

	for (k = 0; k < n; k++) {
		w = forward ? n - 1 - k : k;
		st = stop[w];
		if (forward) {
			gen = (st & fr[w]) >> 1 | c << 63;
			prop = ~st >> 1;
			for (s = 1; s < 64; s <<= 1) {
				gen |= prop & gen >> s;
				prop &= prop >> s;
			}
			/* what cell 63 of the word before sees: cell 0 of this one */
			c = st & 1 ? fr[w] & 1 : gen & 1;
		} else {
			prop = ~st;
			gen = (prop + ((st & fr[w]) << 1) + c) ^ prop;
			c = st >> 63 ? fr[w] >> 63 : gen >> 63;
		}
		out[w] = gen;
	}
}

/* Word w of line l of n words with each bit the cell before (west of) it, or after (east). */
static PF_INLINE uint64_t
west_of(const uint64_t *l, size_t w)
{
	return l[w] << 1 | (w > 0 ? l[w - 1] >> 63 : 0);
}

static PF_INLINE uint64_t
east_of(const uint64_t *l, size_t w, size_t n)
{
	return l[w] >> 1 | (w + 1 < n ? l[w + 1] << 63 : 0);
}

/*
 * Row l of n words a cell out of line, each word the cells east of (e)
 * and west of (w) its own: what the stops below read of a row, worked
 * out once a row rather than once for every use of it.
 */
static void
shift_row(const uint64_t *l, size_t n, uint64_t *e, uint64_t *w)
{
	size_t k;

	for (k = 0; k < n; k++) {
		e[k] = east_of(l, k, n);
		w[k] = west_of(l, k);
	}
}

/*
 * A word of the stops of a north or south scan (the stop bitsets of the
 * columns, here in rows): m the row's word, o that of the row the scan
 * goes to, and each row's shifted words (shift_row), the row the scan
 * comes from as b.
 */
static PF_INLINE uint64_t
vstop(uint64_t m, uint64_t mw, uint64_t me, uint64_t bw, uint64_t be, uint64_t o, uint64_t ow,
    uint64_t oe, const int rule)
{
	return ~m | forced_cells(mw, bw, ow, o, rule) | forced_cells(me, be, oe, o, rule);
}

/* diag_ok, word-wide: t the cells whose step is to a free cell, a and b those passed. */
static PF_INLINE uint64_t
diag_ok_bits(uint64_t t, uint64_t a, uint64_t b, const int rule)
{
	if (rule == DIAG_NO_CORNER_CUT)
		return t & a & b;
	if (rule == DIAG_NO_SQUEEZE)
		return t & (a | b);
	return t;
}

/*
 * A word of the stops of diagonal d (a constant) of row y's cells fm,
 * nb[k] the cells whose neighbour k is free, j1 and j2 the cells whose
 * straight scans d - 1 and d + 1 find a jump point.  Entered from the
 * cell back along d, whose neighbours d -/+ 1 are ours d + 5 and d + 3.
 */
static PF_INLINE uint64_t
dstop_dir(const uint64_t nb[DIR_COUNT], uint64_t fm, uint64_t j1, uint64_t j2, const int d,
    const int rule)
{
	uint64_t st = ~diag_ok_bits(fm, nb[(d + 5) & 7], nb[(d + 3) & 7], rule) | j1 | j2;

	if (rule == DIAG_ALWAYS || rule == DIAG_NO_SQUEEZE)
		st |= (~nb[(d + 5) & 7] & diag_ok_bits(nb[(d + 6) & 7], nb[(d + 5) & 7],
		    nb[(d + 7) & 7], rule)) | (~nb[(d + 3) & 7] & diag_ok_bits(nb[(d + 2) & 7],
		    nb[(d + 1) & 7], nb[(d + 3) & 7], rule));
	return st;
}

/*
 * The lines along which a scan in diagonal direction d runs, cell (x, y)
 * (padded) at bit y of line x + y (north-east and south-west) or of line
 * x - y + rows - 1 (south-east and north-west): cols + rows - 1 lines,
 * each of at most words[1] words (as a column; diag_layout keeps those
 * that hold a cell of the grid).  North-east and north-west go
 * towards lower bits, the others towards higher ones.
 */
static PF_INLINE size_t
diag_line(int d, size_t x, size_t y, size_t rows)
{
	return d == NE || d == SW ? x + y : x + rows - 1 - y;
}

/*
 * Which lines of diagonal geometry sum (x + y, else x - y; see
 * diag_line) have cells in word by, rows 64 by to 64 by + 63, of the
 * grid of rows by cols padded cells: those from *lo to *hi.  A line of
 * x + y = l holds rows l - cols + 1 to l, and one of x - y + rows - 1 =
 * l rows rows - 1 - l to cols + rows - 2 - l, of those the grid has.
 */
static void
diag_span(int sum, size_t by, size_t rows, size_t cols, long *lo, long *hi)
{
	const long top = 64 * (long)by;

	*lo = sum ? top : (long)rows - 64 - top;
	*hi = sum ? top + 62 + (long)cols : (long)(rows + cols) - 2 - top;
}

/*
 * The words that diagonal lines keep (struct jpsbits, doff): line l of
 * geometry sum keeps its words from that of its first cell to that of
 * its last, one after another in order of l, after a gap of cw words,
 * so that doff[l], where word 0 of line l would be, is not before the
 * array.  Fills doff when it is not NULL; returns the words taken.
 */
static size_t
diag_layout(int sum, size_t rows, size_t cols, size_t cw, uint32_t *doff)
{
	const size_t lines = cols + rows - 1;
	size_t l, at = cw, y0, y1;

	for (l = 0; l < lines; l++) {
		if (sum) {
			y0 = l + 1 > cols ? l + 1 - cols : 0;
			y1 = l < rows - 1 ? l : rows - 1;
		} else {
			y0 = l < rows - 1 ? rows - 1 - l : 0;
			y1 = l + rows < cols + rows - 1 ? rows - 1 : cols + rows - 2 - l;
		}
		if (doff != NULL)
			doff[l] = (uint32_t)(at - y0 / 64);
		at += y1 / 64 - y0 / 64 + 1;
	}
	return at;
}

/* Word at of oa and ob: v's halves under mask, stored, or OR-ed in (merge). */
static PF_INLINE void
put_pair(uint64_t *oa, uint64_t *ob, size_t at, pair v, uint64_t mask, const int merge)
{
	if (merge) {	/* a constant */
		oa[at] |= pr0(v) & mask;
		ob[at] |= pr1(v) & mask;
	} else {
		oa[at] = pr0(v) & mask;
		ob[at] = pr1(v) & mask;
	}
}

/*
 * Word by of the lines of two diagonals of one geometry (NE and SW, or SE
 * and NW; see diag_line) from ba and bb, the stops of the 64 rows 64 by
 * on, each of n words (the rows past the grid's 0), into oa and ob at
 * the lines' places doff (struct jpsbits).  The bands' 64 x 64 blocks
 * are transposed a pair at a time (transpose64: the bitsets of AR0011SR
 * took 3.08 million instructions where one block at a time took 3.36,
 * those of a 2048 x 2048 map 43.3 against 47.6), each row k turned by k
 * bits first, k up (NE and SW, along which x + y is the line) or down
 * (x - y), so that every word of the transposed block holds the cells of
 * two lines, 64 apart: those of rows k up to m of word m on one line, the
 * others on the next (NE and SW; x - y: rows k up to 63 - m, the others
 * on the line before).  A line takes one part from each of two blocks
 * side by side, and the first written is stored, the second OR-ed in.
 * Parts of lines that have no cell in word by (diag_span), or past the
 * last line or before the first, hold no cell of the grid and are
 * dropped.  sum (a constant): NE and SW.
 */
static PF_INLINE void
band_lines(const uint64_t *ba, const uint64_t *bb, size_t n, size_t by, const int sum,
    size_t rows, size_t lines, const uint32_t *doff, uint64_t *oa, uint64_t *ob)
{
	/* the line of bit 0 of word 0 */
	const long c = sum ? 64 * (long)by : (long)rows - 1 - 64 * (long)by;
	long llo, lhi;
	pair a[64];
	size_t bx, k;

	diag_span(sum, by, rows, lines + 1 - rows, &llo, &lhi);
	if (llo < 0)
		llo = 0;
	if (lhi > (long)lines - 1)
		lhi = (long)lines - 1;
	for (bx = 0; bx < n; bx++) {
		/*
		 * Word m's rows on lines l1 + m (lo) and l2 + m: m from m0 to
		 * m1 - 1, and from m2 to m3 - 1, the lines from llo to lhi.
		 */
		const long l1 = 64 * (long)bx + c, l2 = sum ? l1 + 64 : l1 - 64;
		const long m0 = llo > l1 ? llo - l1 : 0, m1 = lhi - l1 + 1 < 64 ? lhi - l1 + 1 : 64;
		const long m2 = llo > l2 ? llo - l2 : 0, m3 = lhi - l2 + 1 < 64 ? lhi - l2 + 1 : 64;
		pair any = pr(0, 0), all = pr(~(uint64_t)0, ~(uint64_t)0);
		uint64_t lo;	/* the rows of line l1 + m */
		long m;

		if (m0 >= m1 && m2 >= m3)
			continue;
		a[0] = pr(ba[bx], bb[bx]);
		for (k = 1; k < 64; k++) {
			pair v = pr(ba[k * n + bx], bb[k * n + bx]);

			a[k] = sum ? pr_or(pr_shl(v, (int)k), pr_shr(v, 64 - (int)k)) :
			    pr_or(pr_shr(v, (int)k), pr_shl(v, 64 - (int)k));
		}
		for (k = 0; k < 64; k++) {
			any = pr_or(any, a[k]);
			all = pr_and(all, a[k]);
		}
		/* most of a band is blocked cells (all set) or open (all 0) */
		if ((pr0(any) != 0 && pr0(all) != ~(uint64_t)0) ||
		    (pr1(any) != 0 && pr1(all) != ~(uint64_t)0))
			transpose64(a);
		/*
		 * Stored first: the lo parts (sum) or the others (x - y), but
		 * at bx 0 both, which no block before has begun.
		 */
		lo = m0 >= m1 ? 0 : sum ? ~(uint64_t)0 >> (63 - m0) : ~(uint64_t)0 >> m0;
		if (sum && bx > 0)
			for (m = m0; m < m1; m++, lo = lo << 1 | 1)
				put_pair(oa, ob, doff[l1 + m] + by, a[m], lo, 1);
		else
			for (m = m0; m < m1; m++, lo = sum ? lo << 1 | 1 : lo >> 1)
				put_pair(oa, ob, doff[l1 + m] + by, a[m], lo, 0);
		lo = m2 >= m3 ? 0 : sum ? ~(uint64_t)0 >> (63 - m2) : ~(uint64_t)0 >> m2;
		if (!sum && bx > 0)
			for (m = m2; m < m3; m++, lo = lo >> 1)
				put_pair(oa, ob, doff[l2 + m] + by, a[m], ~lo, 1);
		else
			for (m = m2; m < m3; m++, lo = sum ? lo << 1 | 1 : lo >> 1)
				put_pair(oa, ob, doff[l2 + m] + by, a[m], ~lo, 0);
	}
}

/* band_lines for each geometry, its tests of sum folded away. */
static NOINLINE void
band_lines_sum(const uint64_t *ba, const uint64_t *bb, size_t n, size_t by, size_t rows,
    size_t lines, const uint32_t *doff, uint64_t *oa, uint64_t *ob)
{
	band_lines(ba, bb, n, by, 1, rows, lines, doff, oa, ob);
}

static NOINLINE void
band_lines_diff(const uint64_t *ba, const uint64_t *bb, size_t n, size_t by, size_t rows,
    size_t lines, const uint32_t *doff, uint64_t *oa, uint64_t *ob)
{
	band_lines(ba, bb, n, by, 0, rows, lines, doff, oa, ob);
}

/*
 * The scans' stops (struct jpsbits, bstop) of the grid under rule: a
 * scan a cell at a time in direction d, entering cell c, goes on
 * (scan_bend) unless the step is not allowed, c is forced (always and
 * no-squeeze: diag_forced), or a straight scan either side from c finds
 * a jump point; or c is the goal, or the goal lies on a line of those
 * straight scans, which scan_bend sees itself.  For -d never, whose
 * stops are no-corner-cut's, the east and west bits are built too (the
 * same for both) into bstop[E]; it is NULL for the other rules.
 * The padding rows stop every scan, the padding columns are blocked.
 *
 * All in rows, a word operation for 64 cells: the cells whose east and
 * west scans find a jump point, from the rows' stop bitsets (jump_bits);
 * those whose north scan does, row by row downwards: the same as the
 * cell above, unless that cell stops the scan, and then whether it is
 * free; south the same upwards, in a pass of its own first, into tmp (a
 * row bitset).  The stops of the north and south scans are those of the
 * columns' stop bitsets, worked out from the rows again (vstop).  Each
 * row's words a cell to the east and to the west (shift_row) are worked
 * out once, into a ring of four rows (sh), for the rows around the one
 * at hand.  Each diagonal's row words go into band, 64 rows of n words
 * for each diagonal, and every 64 rows the band is transposed into the
 * lines' words (band_lines).  row: room for eleven rows.
 */
static PF_INLINE void
build_bstop(struct jpsbits *jb, const struct grid *g, const int rule, uint64_t *tmp,
    uint64_t *row, uint64_t *band)
{
	const size_t rows = (size_t)g->h + 2, cols = g->stride, n = jb->words[0];
	const size_t lines = cols + rows - 1;
	const uint64_t *fr = jb->free[0];
	uint64_t *jn = row, *je = row + n, *jw = row + 2 * n, *sh = row + 3 * n;
	size_t y, w;
	int d;

	/* the ring: row r's east shift at sh + 2 n (r % 4), its west one n words on */
#define SHE(r) (sh + 2 * n * ((r) % 4))
#define SHW(r) (SHE(r) + n)
	memset(tmp + (rows - 2) * n, 0, n * sizeof(*tmp));
	shift_row(fr + (rows - 1) * n, n, SHE(rows - 1), SHW(rows - 1));
	shift_row(fr + (rows - 2) * n, n, SHE(rows - 2), SHW(rows - 2));
	for (y = rows - 3; y >= 1; y--) {
		const uint64_t *f1 = fr + (y + 1) * n, *f2 = f1 + n;
		const uint64_t *e0 = SHE(y), *w0 = SHW(y), *e1 = SHE(y + 1), *w1 = SHW(y + 1);
		const uint64_t *e2 = SHE(y + 2), *w2 = SHW(y + 2);

		shift_row(fr + y * n, n, SHE(y), SHW(y));
		for (w = 0; w < n; w++) {
			uint64_t ss = vstop(f1[w], w1[w], e1[w], w0[w], e0[w], f2[w], w2[w], e2[w],
			    rule);

			tmp[y * n + w] = (ss & f1[w]) | (~ss & tmp[(y + 1) * n + w]);
		}
	}
	memset(jn, 0, n * sizeof(*jn));
	shift_row(fr, n, SHE(0), SHW(0));
	for (y = 0; y < rows; y++) {
		uint64_t *hs = jb->bstop[E] != NULL ? jb->bstop[E] + y * n : NULL;
		/* this row's stops of the diagonals NE, SE, SW and NW, 64 n apart */
		uint64_t *dr = band + y % 64 * n;

		if (y + 1 < rows)
			shift_row(fr + (y + 1) * n, n, SHE(y + 1), SHW(y + 1));
		if (y == 0 || y == rows - 1) {
			/* padding: every cell of the row stops */
			if (hs != NULL)
				memset(hs, 0xff, n * sizeof(*hs));
			for (d = 0; d < 4; d++)
				memset(dr + (size_t)d * 64 * n, 0xff, n * sizeof(*dr));
		} else {
			const uint64_t *fu = fr + (y - 1) * n, *fm = fu + n, *fd = fm + n;
			const uint64_t *eu = SHE(y - 1), *wu = SHW(y - 1), *em = SHE(y), *wm = SHW(y);
			const uint64_t *ed = SHE(y + 1), *wd = SHW(y + 1);

			if (y >= 2) {
				const uint64_t *f2 = fu - n, *e2 = SHE(y - 2), *w2 = SHW(y - 2);

				for (w = 0; w < n; w++) {
					uint64_t sn = vstop(fu[w], wu[w], eu[w], wm[w], em[w], f2[w],
					    w2[w], e2[w], rule);

					jn[w] = (sn & fu[w]) | (~sn & jn[w]);
				}
			}
			jump_bits(jb->stop[0][1] + y * n, fm, n, je, 1);
			jump_bits(jb->stop[0][0] + y * n, fm, n, jw, 0);
			for (w = 0; w < n; w++) {
				uint64_t nb[DIR_COUNT], js = tmp[y * n + w];

				if (fm[w] == 0) {
					/* 64 blocked cells, which stop every scan */
					if (hs != NULL)
						hs[w] = ~(uint64_t)0;
					dr[w] = dr[64 * n + w] = dr[128 * n + w] = dr[192 * n + w] =
					    ~(uint64_t)0;
					continue;
				}
				nb[N] = fu[w];
				nb[NE] = eu[w];
				nb[E] = em[w];
				nb[SE] = ed[w];
				nb[S] = fd[w];
				nb[SW] = wd[w];
				nb[W] = wm[w];
				nb[NW] = wu[w];
				if (hs != NULL)
					hs[w] = ~fm[w] | jn[w] | js;
				/* the diagonals' rows, NE SE SW NW */
				dr[w] = dstop_dir(nb, fm[w], jn[w], je[w], NE, rule);
				dr[64 * n + w] = dstop_dir(nb, fm[w], je[w], js, SE, rule);
				dr[128 * n + w] = dstop_dir(nb, fm[w], js, jw[w], SW, rule);
				dr[192 * n + w] = dstop_dir(nb, fm[w], jw[w], jn[w], NW, rule);
			}
		}
		if (y % 64 != 63 && y != rows - 1)
			continue;
		/*
		 * The band of rows 64 (y / 64) on: word y / 64 of every line;
		 * NE and SW, along x + y, two at a time, and SE and NW, along
		 * x - y.  The last band's rows past the grid's are 0.
		 */
		for (d = 0; d < 4; d++)
			memset(band + ((size_t)d * 64 + y % 64 + 1) * n, 0,
			    (63 - y % 64) * n * sizeof(*band));
		band_lines_sum(band, band + 128 * n, n, y / 64, rows, lines, jb->doff[0],
		    jb->bstop[NE], jb->bstop[SW]);
		band_lines_diff(band + 64 * n, band + 192 * n, n, y / 64, rows, lines, jb->doff[1],
		    jb->bstop[SE], jb->bstop[NW]);
	}
#undef SHE
#undef SHW
}

/*
 * build_bstop for each rule but never (which takes no-corner-cut's), its
 * rule a constant, as the searches' loops are: called with the rule as
 * an argument, the compiler made one function of it that tested the rule
 * for every word (2.52 million instructions for AR0011SR's bitsets, 2.23
 * million so).
 */
#define BUILD_BSTOP_FN(rule) \
	static NOINLINE void \
	build_bstop_##rule(struct jpsbits *jb, const struct grid *g, uint64_t *tmp, \
	    uint64_t *row, uint64_t *band) \
	{ \
		build_bstop(jb, g, rule, tmp, row, band); \
	}
BUILD_BSTOP_FN(DIAG_NO_CORNER_CUT)
BUILD_BSTOP_FN(DIAG_NO_SQUEEZE)
BUILD_BSTOP_FN(DIAG_ALWAYS)

/*
 * Build the bitsets for grid g and the rule unless they were built for
 * them already (never and no-corner-cut force the same cells; never's
 * rows, bstop[E], come with the first never).  Rows are padded rows 0 to
 * h + 1, columns padded columns 0 to w + 1; the bits past a line's end
 * are 0 (blocked), as are the padding cells.  -1 when out of memory.
 *
 * The memory is filled at once (bigmem_alloc_filled): on the CI machine
 * each page costs 1.3-1.8 us at its first touch, a third of the build on
 * a 512 x 512 map, which is why a diagonal line keeps only the words that
 * hold a cell of the grid (diag_layout, about half), the rows of -d
 * never are there for never alone, the build's own rows go where the
 * columns' stops will be, and -S builds the bitsets in the pages of an
 * ASCII map's text where it can (bigmem.c, the spare; a MovingAI map's
 * text is not written at all, which costs less: scen.c).
 */
int
jps_prepare(struct jpsbits *jb, const struct grid *g, enum diagrule rule)
{
	const size_t rows = (size_t)g->h + 2, cols = g->stride;
	const size_t rw = (cols + 63) / 64, cw = (rows + 63) / 64, lines = cols + rows - 1;
	const size_t one = rows * rw + cols * cw;
	const int sr = rule == DIAG_NEVER ? DIAG_NO_CORNER_CUT : (int)rule;
	const int same = jb->grid == g && jb->serial == g->serial && g->serial != 0;
	size_t dw[2], base, need, tmpw;
	uint64_t *tmp;

	if (same && jb->stoprule == sr && (rule != DIAG_NEVER || jb->rowstops))
		return 0;
	dw[0] = diag_layout(1, rows, cols, cw, NULL);
	dw[1] = diag_layout(0, rows, cols, cw, NULL);
	/* the free bits, the stops and the goals; the diagonals; doff, two words of uint32_t */
	base = (g->ngoal > 0 ? 4 : 3) * one + 2 * (dw[0] + dw[1]) + lines;
	need = base + (rule == DIAG_NEVER ? rows * rw : 0);
	if (!same || need > jb->cap) {
		jb->grid = NULL;
		if (need > jb->cap) {
			bigmem_free(jb->mem, jb->cap * sizeof(*jb->mem));
			if ((jb->mem = bigmem_alloc_filled(need * sizeof(*jb->mem))) == NULL) {
				jb->cap = 0;
				return -1;
			}
			jb->cap = need;
		}
		jb->words[0] = rw;
		jb->words[1] = cw;
		jb->free[0] = jb->mem;
		jb->free[1] = jb->free[0] + rows * rw;
		jb->stop[0][0] = jb->free[1] + cols * cw;
		jb->stop[0][1] = jb->stop[0][0] + rows * rw;
		jb->stop[1][0] = jb->stop[0][1] + rows * rw;
		jb->stop[1][1] = jb->stop[1][0] + cols * cw;
		jb->goal[0] = g->ngoal > 0 ? jb->stop[1][1] + cols * cw : NULL;
		jb->goal[1] = g->ngoal > 0 ? jb->goal[0] + rows * rw : NULL;
		jb->bstop[N] = jb->bstop[S] = NULL;
		jb->bstop[NE] = jb->stop[1][1] + cols * cw + (g->ngoal > 0 ? one : 0);
		jb->bstop[SW] = jb->bstop[NE] + dw[0];
		jb->bstop[SE] = jb->bstop[SW] + dw[0];
		jb->bstop[NW] = jb->bstop[SE] + dw[1];
		jb->doff[0] = (uint32_t *)(void *)(jb->bstop[NW] + dw[1]);
		jb->doff[1] = jb->doff[0] + lines;
		(void)diag_layout(1, rows, cols, cw, jb->doff[0]);
		(void)diag_layout(0, rows, cols, cw, jb->doff[1]);
		build(g, CELL_COST, jb->free[0], jb->free[1], jb->words);
		if (g->ngoal > 0)
			build(g, CELL_GOAL, jb->goal[0], jb->goal[1], jb->words);
		jb->grid = g;
		jb->serial = g->serial;
	}
	/* never's rows after the rest, which is laid out the same with or without them */
	jb->bstop[E] = jb->bstop[W] = rule == DIAG_NEVER ? jb->mem + base : NULL;
	jb->stoprule = -1;
	/*
	 * build_bstop's rows go where the columns' stops will be, which are
	 * built after it, when they have room (from about 270 rows): pages
	 * already taken, where a malloc of their own took 14 new ones on a
	 * 512 x 512 map.
	 */
	tmpw = (rows + 11) * rw + 4 * 64 * rw;
	tmp = tmpw <= 2 * cols * cw ? jb->stop[1][0] : malloc(tmpw * sizeof(*tmp));
	if (tmp == NULL)
		return -1;
	build_stop_axis(jb->free[0], rows, rw, jb->stop[0][1], jb->stop[0][0], sr);
	if (sr == DIAG_NO_SQUEEZE)
		build_bstop_DIAG_NO_SQUEEZE(jb, g, tmp, tmp + rows * rw, tmp + (rows + 11) * rw);
	else if (sr == DIAG_ALWAYS)
		build_bstop_DIAG_ALWAYS(jb, g, tmp, tmp + rows * rw, tmp + (rows + 11) * rw);
	else
		build_bstop_DIAG_NO_CORNER_CUT(jb, g, tmp, tmp + rows * rw, tmp + (rows + 11) * rw);
	if (tmp != jb->stop[1][0])
		free(tmp);
	build_stop_axis(jb->free[1], cols, cw, jb->stop[1][1], jb->stop[1][0], sr);
	jb->stoprule = sr;
	jb->rowstops = rule == DIAG_NEVER;
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
	const uint32_t want = c->tagbase | TAG_CLOSED;
	uint64_t step = c->step[d][1];
	uint32_t k = 0;

	for (;;) {
		const struct node *nd;

		i = (uint32_t)((long)i - c->off[d]);
		g -= step;
		k++;
		if ((nd = jps_node_seen(c, i)) != NULL &&
		    (nd->tag & (TAG_GEN | TAG_CLOSED)) == want && nd->g == g)
			return k;
	}
}

/*
 * The direction a bend in tag turns back to: the diagonal next to the
 * tag's direction (bs 1), or with -d never the horizontal at right
 * angles to it (bs 2); TAG_SIDE says which side.
 */
static PF_INLINE int
bend_dir(uint32_t tag, int bs)
{
	return ((int)(tag & TAG_DIR) + (tag & TAG_SIDE ? bs : 8 - bs)) & 7;
}

/*
 * The way back from jump point j to its predecessor: *run straight steps
 * back along j's direction d (its bend, or all of them), then, after a
 * bend, *turn steps back along *dd, the direction it came from.
 */
static void
jps_parent(const struct ctx *c, uint32_t j, int bs, uint32_t *run, uint32_t *turn, int *dd)
{
	const struct node *nj = jps_node_seen(c, j);	/* a jump point: written */
	uint32_t tag = nj->tag, bend = tag >> TAG_RUN_SHIFT & TAG_RUN_MAX;
	int d = (int)(tag & TAG_DIR);

	if (bend == 0) {
		*run = jps_back(c, j, d, nj->g);
		*turn = 0;
		*dd = d;
		return;
	}
	*run = bend;
	*dd = bend_dir(tag, bs);
	*turn = jps_back(c, (uint32_t)((long)j - (long)bend * c->off[d]), *dd,
	    nj->g - bend * c->step[d][1]);
}

/*
 * The path through the jump points, every cell listed; the exact cost.
 * Two passes: the first finds each jump point's predecessor, counting the
 * steps, and keeps the two counts of each jump point in turn at the start
 * of the path's array: the straight steps, or after a bend the ones before
 * it (the straight ones are in its tag), and the turn's.  The second
 * moves them up past the path's last cell, and then writes the cells
 * straight into their places, from the goal's at the end back to the
 * start's at 0, below the counts it still reads, without reading the grid
 * again or reversing.  On a uniform map every straight step counts 1 in
 * a, every diagonal one 1 in b, as the cells' own steps did.  bs: as
 * bend_dir.
 */
static void
jps_trace_path(struct ctx *c, uint32_t goal, struct search_result *r, int bs)
{
	const int cells = !c->s->cost_only;	/* else the cells are not wanted (search_cost_only) */
	uint32_t *path, *jumps, i, k, run, turn;
	size_t n = 0, m = 0;
	int d, dd;

	/* The jump points on the path are written, so jps_node finds their blocks. */
	if (!cells && search_steps_from_cost(c->s, jps_node(c, goal)->g, &r->a, &r->b) == 0) {
		r->steps = r->a + r->b;
		r->path = NULL;
		return;
	}
	r->a = r->b = 0;
	for (i = goal; i != c->start;) {
		const struct node *ni = jps_node(c, i);

		jps_parent(c, i, bs, &run, &turn, &dd);
		d = (int)(ni->tag & TAG_DIR);
		if (cells) {
			if (path_room(c, 2 * m + 1) != 0)
				return;
			c->s->path[2 * m] = run;
			c->s->path[2 * m + 1] = turn;
			m++;
		}
		n += run + turn;
		if (d & 1)
			r->b += run;
		else
			r->a += run;
		if (dd & 1)
			r->b += turn;
		else
			r->a += turn;
		i = (uint32_t)((long)i - (long)run * c->off[d] - (long)turn * c->off[dd]);
	}
	r->steps = n;
	if (!cells) {
		r->path = NULL;
		return;
	}
	if (path_room(c, n + 2 * m) != 0)
		return;
	path = c->s->path;
	jumps = memmove(path + n + 1, path, 2 * m * sizeof(*path));
	path[n] = goal;
	for (i = goal; i != c->start; jumps += 2) {
		const struct node *ni = jps_node(c, i);
		uint32_t tag = ni->tag, bend = tag >> TAG_RUN_SHIFT & TAG_RUN_MAX;
		long o;

		d = (int)(tag & TAG_DIR);
		o = c->off[d];
		run = jumps[0];
		turn = jumps[1];
		dd = bend == 0 ? d : bend_dir(tag, bs);
		for (k = run; k > 0; k--) {
			i = (uint32_t)((long)i - o);
			path[--n] = i;
		}
		for (k = turn; k > 0; k--) {
			i = (uint32_t)((long)i - c->off[dd]);
			path[--n] = i;
		}
	}
	r->path = path;
}

static const int dx[DIR_COUNT] = { 0, 1, 1, 1, 0, -1, -1, -1 };
static const int dy[DIR_COUNT] = { -1, -1, 0, 1, 1, 1, 0, -1 };

/* The open list that the fast loops inline: JPS's default (options.c). */
#define JPS_FAST OL_FAST_BUCKET
#define JPS_FAST_KIND OL_BUCKETS

/*
 * Offer a jump point (relax_ol).  A query offers tens to thousands of
 * them against millions of cells scanned, so the offer is a call, one
 * for each heuristic and list a loop is specialised on: inlined at every
 * one of the twenty places a loop offers from, it made jps.c take half a
 * minute to build, for no measurable speed.  The default list's offers
 * take relax_ol's simple form when the run is simple (c->simple: one
 * goal, no weight, observer or other tie-break), which leaves out its
 * checks for those: 4% of the instructions of orz900d's queries.
 */
#define JPS_OFFER_FN(name, heur, fast) \
	static NOINLINE void \
	name(struct ctx *c, struct search_result *r, uint32_t j, int d, uint64_t ng, int x, \
	    int y, uint32_t bend) \
	{ \
		if (fast != OL_FAST_NONE && c->simple) \
			relax_ol(c, heur, r, j, d, ng, (int64_t)x - c->gx0, (int64_t)y - c->gy0, \
			    fast, 0, bend, 1, 1, 0); \
		else \
			relax_ol(c, heur, r, j, d, ng, x, y, fast, 0, bend, 0, 1, 0); \
	}
JPS_OFFER_FN(offer_fast_manhattan, H_MANHATTAN, JPS_FAST)
JPS_OFFER_FN(offer_fast_octile, H_OCTILE, JPS_FAST)
JPS_OFFER_FN(offer_any, c->heur, OL_FAST_NONE)

static PF_INLINE void
jps_offer(struct ctx *c, struct search_result *r, uint32_t j, int d, uint64_t ng, int x, int y,
    uint32_t bend, const enum heur heur, const int fast)
{
	if (fast == JPS_FAST && heur == H_MANHATTAN)
		offer_fast_manhattan(c, r, j, d, ng, x, y, bend);
	else if (fast == JPS_FAST && heur == H_OCTILE)
		offer_fast_octile(c, r, j, d, ng, x, y, bend);
	else
		offer_any(c, r, j, d, ng, x, y, bend);
}

/* How far a bend turns: to a diagonal next to a straight direction, or with -d never by a right angle. */
#define BEND_STEP(rule) ((rule) == DIAG_NEVER ? 2 : 1)

/*
 * Offer the jump point n cells from cell i, padded (x, y), at cost gi, in
 * straight direction d; i was reached k steps along direction dd, and the
 * bend leads back there (none when k is 0: i is the expanded node).
 */
static PF_INLINE void
offer_straight(struct ctx *c, struct search_result *r, uint32_t i, uint32_t x, uint32_t y,
    uint64_t gi, int d, uint32_t n, uint32_t k, int dd, const enum heur heur, const int fast,
    const int rule)
{
	uint32_t bend = 0;

	if (k != 0)	/* n <= TAG_RUN_MAX: lines are at most MAP_MAX_WIDTH cells */
		bend = n << TAG_RUN_SHIFT | (dd == ((d + BEND_STEP(rule)) & 7) ? TAG_SIDE : 0);
	jps_offer(c, r, (uint32_t)((long)i + (long)n * c->off[d]), d, gi + n * c->step[d][1],
	    (int)x + (int)n * dx[d], (int)y + (int)n * dy[d], bend, heur, fast);
}

static PF_INLINE void
scan_straight(struct ctx *c, const struct jctx *j, struct search_result *r, uint32_t i,
    uint32_t x, uint32_t y, uint64_t gi, int d, const int goals, const enum heur heur,
    const int fast, const int rule)
{
	uint32_t n = jump_straight(j, x, y, d, goals);

	if (n != 0)
		offer_straight(c, r, i, x, y, gi, d, n, 0, 0, heur, fast, rule);
}

/*
 * Can a diagonal step in direction d leave cell i, given the rule?  The
 * cell it enters must be free; without corner cutting both orthogonal
 * cells it passes, with no-squeeze one of them.
 */
static PF_INLINE int
diag_ok(const uint8_t *cell, uint32_t i, const long off[8], int d, const int rule)
{
	int o1 = free_cell(cell, (uint32_t)((long)i + off[(d + 7) & 7]));
	int o2 = free_cell(cell, (uint32_t)((long)i + off[(d + 1) & 7]));

	if (!free_cell(cell, (uint32_t)((long)i + off[d])))
		return 0;
	if (rule == DIAG_NO_CORNER_CUT)
		return o1 && o2;
	if (rule == DIAG_NO_SQUEEZE)
		return o1 || o2;
	return 1;
}

/*
 * With always and no-squeeze, is cell i, reached diagonally in direction
 * d, a jump point of its own: is the cell behind it on one side (d + 5,
 * west for north-east) blocked while the diagonal step past it (d + 6,
 * north-west) can be taken, or likewise on the other side (d + 3, d + 2)?
 */
static PF_INLINE int
diag_forced(const uint8_t *cell, uint32_t i, const long off[8], int d, const int rule)
{
	return (!free_cell(cell, (uint32_t)((long)i + off[(d + 5) & 7])) &&
	    diag_ok(cell, i, off, (d + 6) & 7, rule)) ||
	    (!free_cell(cell, (uint32_t)((long)i + off[(d + 3) & 7])) &&
	    diag_ok(cell, i, off, (d + 2) & 7, rule));
}

/*
 * Scan from cell i, padded (x, y), in direction d a cell at a time: a
 * diagonal, or with -d never east or west.  From every cell reached run
 * the two straight scans either side of d (d - 1 and d + 1, or with -d
 * never north and south), with intermediate pruning (Harabor and
 * Grastien 2014): where a straight scan from a cell of the diagonal finds
 * a jump point, the original JPS stops and offers that cell, whose
 * expansion later repeats the straight scans and goes on along the
 * diagonal.  Here the jump points the straight scans find are offered at
 * once, their tags saying where they bend off the diagonal, and the
 * diagonal goes on: fewer nodes on the open list, and each straight line
 * scanned once.  A goal on the way is offered and ends the scan
 * (anything beyond it costs more); so does a cell with a forced
 * neighbour of its own (always and no-squeeze: diag_forced), which its
 * expansion then scans from.
 *
 * With -d never a scan also stops, as the original JPS's do, at the cell
 * where its north and south scans would find jump points for the
 * (JPS4_FINDS + 1)th time, and offers that cell, whose expansion scans
 * on from it.  East and west scans, unlike diagonal ones, start from
 * every jump point a north or south scan finds, and on a row where a way
 * east or west opens at every other cell (a lattice of pillars) each of
 * them ran to the end of the row: time and open-list entries quadratic
 * in the row's length (a map 8,192 cells wide and 8 high, its goal
 * walled off: 4.7 s, 530 MB and 25 million updates).  Offered, the cell
 * is turned down where another scan reached it as cheaply, and the scan
 * ends there: 0.05 s and 5.5 MB.  The same costs as A*'s on every query
 * of the 20 MovingAI maps under -d never; on the six of BENCHMARKS.md,
 * every 10th query, 0-5% more jump points expanded (brc202d 5.2%,
 * orz900d 2.5%) and the time 0.85-1.01 of what it was (three rounds);
 * with 4 finds brc202d expanded 14% more and orz900d 9%.  The other
 * rules take the scan as it was: their loops for one goal, the ones the
 * benchmarks run, have the instructions they had (objdump -d).
 */
#define JPS4_FINDS 8
static PF_INLINE void
scan_bend(struct ctx *c, const struct jctx *j, struct search_result *r, uint32_t i,
    uint32_t x, uint32_t y, uint64_t gi, int d, const int goals, const enum heur heur,
    const int fast, const int rule)
{
	const uint8_t *cell = j->cell;
	const int bs = BEND_STEP(rule);
	const int d1 = (d + 8 - bs) & 7, d2 = (d + bs) & 7;
	/*
	 * Copies that the stores to the nodes and the open list cannot
	 * change, so that they stay in registers.
	 */
	const long off[8] = { c->off[0], c->off[1], c->off[2], c->off[3], c->off[4], c->off[5],
	    c->off[6], c->off[7] };
	const uint32_t goal = c->goal;
	const long o = off[d];
	const uint32_t sx = (uint32_t)dx[d], sy = (uint32_t)dy[d];	/* +1, -1 or 0, mod 2^32 */
	const uint64_t step = c->step[d][1];
	/*
	 * The lines of the two straight scans: a scan runs along a column
	 * when it goes north or south, else along a row.
	 */
	const struct jpsbits *jb = j->jb;
	const int ax1 = d1 == N || d1 == S, ax2 = d2 == N || d2 == S;
	const size_t n1 = jb->words[ax1], n2 = jb->words[ax2];
	const int fw1 = d1 == E || d1 == S, fw2 = d2 == E || d2 == S;
	const uint64_t *m1, *m2, *s1, *s2, *g1 = NULL, *g2 = NULL;
	/*
	 * The line of the scan's stops (bstop): a row for -d never, whose
	 * east scans go towards higher bits, else a diagonal line, along
	 * which the position is the row, towards higher bits going south.
	 */
	const int bfw = rule == DIAG_NEVER ? d == E : sy == 1;
	const uint64_t *bl = NULL;
	const uint32_t x0 = x, y0 = y, p0 = rule == DIAG_NEVER ? x : y;
	const uint64_t g0 = gi;
	uint32_t k, n, nb, ka = 0, kb = 0, lim, t, finds = 0;

	/*
	 * Most steps find nothing: bstop says at which cells something can
	 * happen but for the goal, and the loop passes the others as the
	 * straight scans do, 64 cells a word.  The goal is seen where the
	 * scan reaches its column (ka steps on) or its row (kb), where those
	 * steps are taken in full; they are worked out when there is
	 * something to pass (kb 0: not yet), for many scans end at once (on
	 * a maze most end at the first step).  With the grid's Bs as the
	 * goals (which bstop does not know) every step is taken in full.
	 */
	bl = goals ? NULL : rule == DIAG_NEVER ? jb->bstop[d] + y0 * jb->words[0] :
	    jb->bstop[d] + jb->doff[d == SE || d == NW][diag_line(d, x0, y0,
	    (size_t)c->grid->h + 2)];
	for (k = 0;;) {
		/* t steps on is the next cell that stops the scan */
		if (!goals && (t = bfw ? next_stop(bl, p0 + k, 1) - (p0 + k) :
		    (p0 - k) - next_stop(bl, p0 - k, 0)) > 1) {
			if (kb == 0) {
				ka = kb = UINT32_MAX;
				if (j->gx != UINT32_MAX) {
					/* past it, or never: over 2^31 */
					if (sx != 0)
						ka = (j->gx - x0) * sx;
					if (sy != 0)
						kb = (j->gy - y0) * sy;
					if (ka > kb) {
						lim = ka;
						ka = kb;
						kb = lim;
					}
				}
			}
			lim = ka > k ? ka : kb > k ? kb : UINT32_MAX;
			if (t > lim - k)
				t = lim - k;
			/* Up to the cell before it: every step there is allowed. */
			i = (uint32_t)((long)i + (long)(t - 1) * o);
			k += t - 1;
		}
		if (rule == DIAG_NEVER ? !free_cell(cell, (uint32_t)((long)i + o)) :
		    !diag_ok(cell, i, off, d, rule))
			return;
		i = (uint32_t)((long)i + o);
		k++;
		x = x0 + k * sx;
		y = y0 + k * sy;
		gi = g0 + k * step;
		/* A goal (is_goal: with no Bs, none has CELL_GOAL), or forced. */
		if (i == goal || (goals && (cell[i] & CELL_GOAL)) ||
		    ((rule == DIAG_ALWAYS || rule == DIAG_NO_SQUEEZE) &&
		    diag_forced(cell, i, off, d, rule))) {
			jps_offer(c, r, i, d, gi, (int)x, (int)y, 0, heur, fast);
			return;
		}
		m1 = jb->free[ax1] + (ax1 ? x : y) * n1;
		m2 = jb->free[ax2] + (ax2 ? x : y) * n2;
		s1 = jb->stop[ax1][fw1] + (ax1 ? x : y) * n1;
		s2 = jb->stop[ax2][fw2] + (ax2 ? x : y) * n2;
		if (goals) {
			g1 = jb->goal[ax1] + (ax1 ? x : y) * n1;
			g2 = jb->goal[ax2] + (ax2 ? x : y) * n2;
		}
		if (rule != DIAG_NEVER) {
			if ((n = jump_line(s1, m1, g1, ax1 ? y : x, fw1, goals)) != 0)
				offer_straight(c, r, i, x, y, gi, d1, n, k, d, heur, fast, rule);
			if ((n = jump_line(s2, m2, g2, ax2 ? y : x, fw2, goals)) != 0)
				offer_straight(c, r, i, x, y, gi, d2, n, k, d, heur, fast, rule);
			continue;
		}
		n = jump_line(s1, m1, g1, ax1 ? y : x, fw1, goals);
		nb = jump_line(s2, m2, g2, ax2 ? y : x, fw2, goals);
		if ((n | nb) != 0 && ++finds > JPS4_FINDS) {
			jps_offer(c, r, i, d, gi, (int)x, (int)y, 0, heur, fast);
			return;
		}
		if (n != 0)
			offer_straight(c, r, i, x, y, gi, d1, n, k, d, heur, fast, rule);
		if (nb != 0)
			offer_straight(c, r, i, x, y, gi, d2, nb, k, d, heur, fast, rule);
	}
}

/*
 * Which directions to scan from node i, reached in direction d (start:
 * not reached).  back is the cell before i along d.
 */
static PF_INLINE unsigned
scan_mask(const struct ctx *c, const uint8_t *cell, uint32_t i, uint32_t tag, const int rule)
{
	const long *off = c->off;
	uint32_t back;
	unsigned mask;
	int d;

	if (i == c->start)	/* no direction yet: every neighbour */
		return rule == DIAG_NEVER ? 1u << N | 1u << E | 1u << S | 1u << W : 0xff;
	d = (int)(tag & TAG_DIR);
	back = (uint32_t)((long)i - off[d]);
	if (rule == DIAG_NEVER) {
		/* East or west: on, and the north and south scans. */
		if (d == E || d == W)
			return 1u << d | 1u << N | 1u << S;
		/*
		 * North or south: on, and east or west where the cell beside
		 * is free here but was blocked one cell back.
		 */
		mask = 1u << d;
		if (free_cell(cell, (uint32_t)((long)i + off[E])) &&
		    !free_cell(cell, (uint32_t)((long)back + off[E])))
			mask |= 1u << E;
		if (free_cell(cell, (uint32_t)((long)i + off[W])) &&
		    !free_cell(cell, (uint32_t)((long)back + off[W])))
			mask |= 1u << W;
		return mask;
	}
	if (d & 1) {
		/* Diagonal: the two straight parts, and on. */
		mask = 1u << ((d + 7) & 7) | 1u << d | 1u << ((d + 1) & 7);
		/*
		 * With always and no-squeeze, the diagonal past a blocked cell
		 * behind (diag_forced; scanning checks the rule).
		 */
		if (rule != DIAG_NO_CORNER_CUT) {
			if (!free_cell(cell, (uint32_t)((long)i + off[(d + 5) & 7])))
				mask |= 1u << ((d + 6) & 7);
			if (!free_cell(cell, (uint32_t)((long)i + off[(d + 3) & 7])))
				mask |= 1u << ((d + 2) & 7);
		}
		return mask;
	}
	mask = 1u << d;
	if (rule == DIAG_NO_CORNER_CUT) {
		/*
		 * Straight: on, and the forced turns: to a side whose cell is
		 * free here but was blocked one cell back, and the diagonal
		 * towards it (scanning checks the rule).
		 */
		int l = (d + 6) & 7, rt = (d + 2) & 7;

		if (free_cell(cell, (uint32_t)((long)i + off[l])) &&
		    !free_cell(cell, (uint32_t)((long)back + off[l])))
			mask |= 1u << l | 1u << ((d + 7) & 7);
		if (free_cell(cell, (uint32_t)((long)i + off[rt])) &&
		    !free_cell(cell, (uint32_t)((long)back + off[rt])))
			mask |= 1u << rt | 1u << ((d + 1) & 7);
		return mask;
	}
	/* always, no-squeeze: the diagonal past a blocked side cell. */
	if (!free_cell(cell, (uint32_t)((long)i + off[(d + 6) & 7])))
		mask |= 1u << ((d + 7) & 7);
	if (!free_cell(cell, (uint32_t)((long)i + off[(d + 2) & 7])))
		mask |= 1u << ((d + 1) & 7);
	return mask;
}

/*
 * The search loop, inlined with goals set when the grid's Bs are the
 * goals, and with fast set (and heur a constant) for the default open
 * list and heuristic, whose operations then inline too;
 * rule is the diagonal rule, a constant as well.
 */
static PF_INLINE void
loop(struct ctx *c, struct search_result *r, const int goals, const enum heur heur,
    const int fast, const int rule)
{
	const uint8_t *cell = c->grid->cell;
	const uint32_t stride = (uint32_t)c->grid->stride;
	struct jctx j;
	struct ol_entry e;

	j.c = c;
	j.jb = &c->s->jb;
	j.cell = cell;
	/* No single goal when the Bs are the goals (even if there are none). */
	j.gx = c->goal == SEARCH_MAP_GOALS ? UINT32_MAX : c->goal % stride;
	j.gy = c->goal == SEARCH_MAP_GOALS ? UINT32_MAX : c->goal / stride;
	/* c->node: the pool (struct jpsnodes), which moves as it grows; c->nomem: it could not */
	while (!c->nomem && ol_pop_fast(&c->s->ol, &e, fast)) {
		struct node *nd = &c->node[e.idx];
		uint32_t i = jps_cell(c, e.idx), x, y;
		uint64_t gi;
		unsigned mask;

		nd->tag |= TAG_CLOSED;
		if (is_goal(c, i)) {
			r->found = 1;
			r->goal = i;
			jps_trace_path(c, i, r, BEND_STEP(rule));
			return;
		}
		if (r->expanded == c->max_exp) {	/* --max-expanded: stop here */
			nd->tag &= ~TAG_CLOSED;	/* taken off, not expanded */
			r->limited = 1;
			return;
		}
		r->expanded++;
		gi = nd->g;
		x = i % stride;
		y = i / stride;
		if (c->obs != NULL && c->obs->expand != NULL)
			c->obs->expand(c->obs->arg, i, e.f, gi, heuristic(c, heur, (int)x, (int)y));
		mask = scan_mask(c, cell, i, nd->tag, rule);
		/*
		 * In the usual order N NE E SE S SW W NW, each with its
		 * direction a constant, so that the scans inline without
		 * branching on it.  Diagonals scan like east and west with -d
		 * never: a cell at a time, with straight scans either side.
		 */
#define SCAN(dir) \
		if (mask & (1u << (dir))) { \
			if ((dir) & 1 || (rule == DIAG_NEVER && ((dir) == E || (dir) == W))) \
				scan_bend(c, &j, r, i, x, y, gi, dir, goals, heur, fast, rule); \
			else \
				scan_straight(c, &j, r, i, x, y, gi, dir, goals, heur, fast, rule); \
		}
		SCAN(N);
		if (rule != DIAG_NEVER)
			SCAN(NE);
		SCAN(E);
		if (rule != DIAG_NEVER)
			SCAN(SE);
		SCAN(S);
		if (rule != DIAG_NEVER)
			SCAN(SW);
		SCAN(W);
		if (rule != DIAG_NEVER)
			SCAN(NW);
#undef SCAN
		if (c->obs != NULL && c->obs->done != NULL)
			c->obs->done(c->obs->arg);
	}
}

/*
 * The loops: for the default list (JPS_FAST) with the rule's default
 * heuristic (FAST_HEUR), whose operations inline, one for each diagonal rule and
 * goal mode, each compiled on its own; for any other list and heuristic,
 * taken through openlist.c, one for each goal mode, taking the rule as
 * it comes (ten loops, not sixteen: jps.c builds in half the time).
 */
#define FAST_HEUR(rule) ((rule) == DIAG_NEVER ? H_MANHATTAN : H_OCTILE)
#define JPS_LOOP_FN(rule, goals) \
	static NOINLINE void \
	loop_##rule##_##goals##_fast(struct ctx *c, struct search_result *r) \
	{ \
		loop(c, r, goals, FAST_HEUR(rule), JPS_FAST, rule); \
	}
#define JPS_LOOP_RULE(rule) JPS_LOOP_FN(rule, 0) JPS_LOOP_FN(rule, 1)
JPS_LOOP_RULE(DIAG_NEVER)
JPS_LOOP_RULE(DIAG_NO_CORNER_CUT)
JPS_LOOP_RULE(DIAG_NO_SQUEEZE)
JPS_LOOP_RULE(DIAG_ALWAYS)

static NOINLINE void
loop_any_0(struct ctx *c, struct search_result *r)
{
	loop(c, r, 0, c->heur, OL_FAST_NONE, (int)c->diag);
}

static NOINLINE void
loop_any_1(struct ctx *c, struct search_result *r)
{
	loop(c, r, 1, c->heur, OL_FAST_NONE, (int)c->diag);
}

typedef void jps_loopfn(struct ctx *, struct search_result *);

#define JPS_LOOP_PTRS(rule) { loop_##rule##_0_fast, loop_##rule##_1_fast }
/* Indexed as enum diagrule, goals. */
static jps_loopfn *const jps_fast_loops[4][2] = {
	JPS_LOOP_PTRS(DIAG_NEVER), JPS_LOOP_PTRS(DIAG_NO_CORNER_CUT),
	JPS_LOOP_PTRS(DIAG_NO_SQUEEZE), JPS_LOOP_PTRS(DIAG_ALWAYS)
};

/*
 * The search under diagonal rule rule, once search_run has pushed the
 * start and jps_prepare built the bitsets.
 */
void
jps_loop(struct ctx *c, struct search_result *r, enum diagrule rule)
{
	const int goals = c->goal == SEARCH_MAP_GOALS && c->s->jb.goal[0] != NULL;
	const int fast = c->s->ol.kind == JPS_FAST_KIND && c->heur == FAST_HEUR(rule);
	struct jpsbits *jb = &c->s->jb;
	uint64_t *gw[4] = { NULL, NULL, NULL, NULL }, keep[4] = { 0, 0, 0, 0 };
	int k;

	/*
	 * The one goal stops every straight scan that reaches it: its bit
	 * goes into the four stop bitsets of its row and column for this
	 * search (their words kept, and put back after), so that the scans
	 * need not check for it: 3% of the instructions of the queries on
	 * AR0011SR and orz900d.
	 */
	if (c->goal != SEARCH_MAP_GOALS) {
		const uint32_t stride = (uint32_t)c->grid->stride;
		const uint32_t gx = c->goal % stride, gy = c->goal / stride;

		for (k = 0; k < 4; k++) {
			uint32_t line = k < 2 ? gy : gx, p = k < 2 ? gx : gy;

			gw[k] = jb->stop[k / 2][k % 2] + line * jb->words[k / 2] + p / 64;
			keep[k] = *gw[k];
			*gw[k] |= (uint64_t)1 << p % 64;
		}
	}
	if (fast)
		jps_fast_loops[rule][goals](c, r);
	else if (goals)
		loop_any_1(c, r);
	else
		loop_any_0(c, r);
	for (k = 0; k < 4; k++)
		if (gw[k] != NULL)
			*gw[k] = keep[k];
}
