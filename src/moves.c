/*
 * moves.c - see moves.h.
 *
 * Eight cells at a time, a byte of a 64-bit word each: for each of the
 * eight directions the word of the eight cells that far off in that
 * direction (an unaligned load of the row above, the same row or the
 * row below, one cell to the left, none or one to the right), each byte
 * made 1 where the cell is passable and 0 where not, and moved to the
 * direction's bit.  Then the rule, on all eight bytes at once: a
 * diagonal's two neighbours in the byte are the bits on either side of
 * its own (d - 1 and d + 1, mod 8), which a rotation of each byte by one
 * either way brings under it.  About 70 instructions for eight cells: a
 * 512 by 512 map's 264,196 cells (with the padding) took 0.19 ms at
 * best, 0.7 ns a cell, and 0.16-0.30 ms in pathfind's runs; search.c
 * (moves_for) says when that is worth it.
 */
#include <string.h>

#include "inline.h"
#include "moves.h"

#define ONES  0x0101010101010101u
#define LOW7  0x7f7f7f7f7f7f7f7fu
#define HIGH1 0x8080808080808080u
#define EVEN  0x5555555555555555u	/* the straight directions' bits, in every byte */
#define ODD   0xaaaaaaaaaaaaaaaau	/* the diagonals' */

/* Forced inline (inline.h): the rule a constant in each of moves_build's loops. */

/* The eight cells from p, each byte 1 where passable (terrain 1-9), else 0. */
static PF_INLINE uint64_t
passable8(const uint8_t *p)
{
	uint64_t w;

	memcpy(&w, p, sizeof(w));
	w &= CELL_COST * ONES;
	/* A byte of 1 to 15 plus 0x7f reaches 0x80; 0 does not.  No carries out of a byte. */
	return ((w + LOW7) & HIGH1) >> 7;
}

/* The steps the rule allows out of each byte's eight neighbours m. */
static PF_INLINE uint64_t
rule8(uint64_t m, enum diagrule rule)
{
	/* Each byte rotated by one: bit d of l is bit d - 1 of m, of r bit d + 1. */
	uint64_t l = ((m << 1) & ~ONES) | ((m >> 7) & ONES);
	uint64_t r = ((m >> 1) & LOW7) | ((m << 7) & HIGH1);

	switch (rule) {
	case DIAG_NEVER:
		return m & EVEN;
	case DIAG_NO_CORNER_CUT:
		return (m & EVEN) | (m & l & r & ODD);
	case DIAG_NO_SQUEEZE:
		return (m & EVEN) | (m & (l | r) & ODD);
	case DIAG_ALWAYS:
	case DIAG_COUNT:
		break;
	}
	return m;
}

static PF_INLINE uint64_t
moves8(const uint8_t *cell, size_t k, size_t st, enum diagrule rule)
{
	uint64_t m = passable8(cell + k - st) | passable8(cell + k - st + 1) << 1 |
	    passable8(cell + k + 1) << 2 | passable8(cell + k + st + 1) << 3 |
	    passable8(cell + k + st) << 4 | passable8(cell + k + st - 1) << 5 |
	    passable8(cell + k - 1) << 6 | passable8(cell + k - st - 1) << 7;

	return rule8(m, rule);
}

/*
 * m[k] for every cell k of g, m of g->ncells bytes.  The padding's first
 * and last rows get 0, its columns what their cells say (nothing is
 * expanded there: they are blocked).
 */
/* The words from k on, while whole; where the first one left over is. */
static PF_INLINE size_t
words(uint8_t *m, const uint8_t *cell, size_t k, size_t end, size_t st, enum diagrule rule)
{
	/* Each word reads cells k - st - 1 to k + st + 8, all within the grid. */
	for (; k + 8 <= end; k += 8) {
		uint64_t w = moves8(cell, k, st, rule);

		memcpy(m + k, &w, sizeof(w));
	}
	return k;
}

void
moves_build(uint8_t *m, const struct grid *g, enum diagrule rule)
{
	const size_t st = g->stride, end = g->ncells - st - 1;
	size_t k = st + 1;

	memset(m, 0, k);
	switch (rule) {
	case DIAG_NEVER:
		k = words(m, g->cell, k, end, st, DIAG_NEVER);
		break;
	case DIAG_NO_CORNER_CUT:
		k = words(m, g->cell, k, end, st, DIAG_NO_CORNER_CUT);
		break;
	case DIAG_NO_SQUEEZE:
		k = words(m, g->cell, k, end, st, DIAG_NO_SQUEEZE);
		break;
	case DIAG_ALWAYS:
	case DIAG_COUNT:
		k = words(m, g->cell, k, end, st, DIAG_ALWAYS);
		break;
	}
	for (; k < end; k++) {
		uint8_t c[32];
		uint64_t w;

		/* The last few one at a time: the same word, from copies of its three rows. */
		memset(c, 0, sizeof(c));
		c[0] = g->cell[k - st - 1], c[1] = g->cell[k - st], c[2] = g->cell[k - st + 1];
		c[8] = g->cell[k - 1], c[10] = g->cell[k + 1];
		c[16] = g->cell[k + st - 1], c[17] = g->cell[k + st], c[18] = g->cell[k + st + 1];
		w = moves8(c, 9, 8, rule);
		m[k] = (uint8_t)w;
	}
	memset(m + end, 0, g->ncells - end);
}
