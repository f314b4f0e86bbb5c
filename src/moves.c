/*
 * moves.c - see moves.h.
 *
 * Sixteen cells at a time where GCC's vector types are (SSE2 registers
 * on x86-64), a byte a cell: for each of the eight directions the
 * sixteen cells that far off (an unaligned load of the row above, the
 * same row or the row below, one cell to the left, none or one to the
 * right), each byte made all ones where the cell is passable and 0 where
 * not; a diagonal's byte is then ANDed with what the rule makes of its
 * two neighbours' (both, either, or nothing asked), and each direction
 * keeps its own bit.  About 66 instructions for sixteen cells under
 * no-corner-cut (gcc 12, -O2; cachegrind), where the eight-cell words
 * below take 80 for eight; timed on their own, best of nine, 0.34
 * against 0.83 ns a cell on a 512 by 512 map and 0.36 against 1.01 on
 * an 8192 by 8192 one (BENCHMARKS.md).
 *
 * Eight cells at a time elsewhere, and for the cells a row of sixteen
 * leaves over: a byte of a 64-bit word each, for each of the eight
 * directions the word of the eight cells that far off in that direction,
 * each byte made 1 where the cell is passable and 0 where not, and moved
 * to the direction's bit.  Then the rule, on all eight bytes at once: a
 * diagonal's two neighbours in the byte are the bits on either side of
 * its own (d - 1 and d + 1, mod 8), which a rotation of each byte by one
 * either way brings under it.  search.c (moves_for) says when building
 * them is worth it.
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

#if defined(__GNUC__) && !defined(PF_NO_BUILTINS)
typedef uint8_t v16 __attribute__((vector_size(16)));

/* The sixteen cells from p, each byte all ones where passable (terrain 1-9), else 0. */
static PF_INLINE v16
passable16(const uint8_t *p)
{
	v16 v, zero = { 0 };

	memcpy(&v, p, sizeof(v));
	return (v16)((v & CELL_COST) != zero);
}

/* What the rule asks of a diagonal's two neighbours a and b (passable16's). */
static PF_INLINE v16
beside16(v16 a, v16 b, enum diagrule rule)
{
	switch (rule) {
	case DIAG_NO_CORNER_CUT:
		return a & b;
	case DIAG_NO_SQUEEZE:
		return a | b;
	case DIAG_NEVER:	/* not called */
	case DIAG_ALWAYS:
	case DIAG_COUNT:
		break;
	}
	return ~(a & ~a);	/* all ones */
}

/* The words of sixteen from k on, while whole; where the first one left over is. */
static PF_INLINE size_t
words16(uint8_t *m, const uint8_t *cell, size_t k, size_t end, size_t st, enum diagrule rule)
{
	/* Each reads cells k - st - 1 to k + st + 16, all within the grid. */
	for (; k + 16 <= end; k += 16) {
		const uint8_t *c = cell + k;
		const v16 n = passable16(c - st), e = passable16(c + 1);
		const v16 s = passable16(c + st), w = passable16(c - 1);
		v16 r = (n & 1) | (e & 4) | (s & 16) | (w & 64);

		if (rule != DIAG_NEVER)
			r |= (passable16(c - st + 1) & beside16(n, e, rule) & 2) |
			    (passable16(c + st + 1) & beside16(s, e, rule) & 8) |
			    (passable16(c + st - 1) & beside16(s, w, rule) & 32) |
			    (passable16(c - st - 1) & beside16(n, w, rule) & 128);
		memcpy(m + k, &r, sizeof(r));
	}
	return k;
}
#else
/* No vector types: the eight-cell words take every cell they can. */
#define words16(m, cell, k, end, st, rule) (k)
#endif

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

/* The words of sixteen, then those of eight, from k on; where the cells left over start. */
static PF_INLINE size_t
all_words(uint8_t *m, const uint8_t *cell, size_t k, size_t end, size_t st, enum diagrule rule)
{
	return words(m, cell, words16(m, cell, k, end, st, rule), end, st, rule);
}

void
moves_build(uint8_t *m, const struct grid *g, enum diagrule rule)
{
	const size_t st = g->stride, end = g->ncells - st - 1;
	size_t k = st + 1;

	memset(m, 0, k);
	switch (rule) {
	case DIAG_NEVER:
		k = all_words(m, g->cell, k, end, st, DIAG_NEVER);
		break;
	case DIAG_NO_CORNER_CUT:
		k = all_words(m, g->cell, k, end, st, DIAG_NO_CORNER_CUT);
		break;
	case DIAG_NO_SQUEEZE:
		k = all_words(m, g->cell, k, end, st, DIAG_NO_SQUEEZE);
		break;
	case DIAG_ALWAYS:
	case DIAG_COUNT:
		k = all_words(m, g->cell, k, end, st, DIAG_ALWAYS);
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
