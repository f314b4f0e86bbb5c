/*
 * movescheck - checks src/moves.c's moves_build, word by word, against a
 * cell-by-cell reference written from moves.h's definition: bit d of a
 * cell's byte is set when the step in direction d enters a passable cell
 * (terrain 1-9 in its low four bits, whatever its other bits) and, for a
 * diagonal, the rule lets it past the two cells beside it.  Random grids
 * of every width from 1 to 70 and some wider (so that rows end at every
 * place in a word of sixteen cells and of eight), walls at several
 * densities, the goal bit and the unused high bits set at random, under
 * each of the four rules; the padding's first and last rows must be 0.
 * The search's output shows a wrong byte only on maps that reach it.
 *
 * Prints what failed and exits 1; exits 0 silently.  The file includes
 * moves.c; built with -DPF_NO_BUILTINS it checks the eight-cell words
 * alone.
 */
#include <stdio.h>
#include <stdlib.h>

#include "../src/moves.c"

static const int dx[8] = { 0, 1, 1, 1, 0, -1, -1, -1 };	/* N NE E SE S SW W NW */
static const int dy[8] = { -1, -1, 0, 1, 1, 1, 0, -1 };

static uint64_t rng = 0x9e3779b97f4a7c15u;

static uint32_t
next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng >> 16);
}

static int
passable(const struct grid *g, long x, long y)
{
	return (g->cell[(size_t)y * g->stride + (size_t)x] & CELL_COST) != 0;
}

/* The byte for padded cell (x, y), x and y at least 1 from the grid's edge. */
static unsigned
reference(const struct grid *g, long x, long y, enum diagrule rule)
{
	unsigned m = 0;
	int d;

	for (d = 0; d < 8; d++) {
		int ok = passable(g, x + dx[d], y + dy[d]);

		if (d & 1) {
			int a = passable(g, x + dx[d], y), b = passable(g, x, y + dy[d]);

			switch (rule) {
			case DIAG_NEVER:
				ok = 0;
				break;
			case DIAG_NO_CORNER_CUT:
				ok = ok && a && b;
				break;
			case DIAG_NO_SQUEEZE:
				ok = ok && (a || b);
				break;
			case DIAG_ALWAYS:
			case DIAG_COUNT:
				break;
			}
		}
		m |= (unsigned)ok << d;
	}
	return m;
}

int
main(void)
{
	static const int wide[] = { 126, 127, 128, 129, 255, 256, 257, 1000 };
	static const unsigned walls[] = { 0, 10, 40, 70, 100 };	/* percent */
	int bad = 0, w, h, k, r;

	for (k = 0; k < 70 + (int)(sizeof(wide) / sizeof(wide[0])); k++) {
		w = k < 70 ? k + 1 : wide[k - 70];
		for (h = 1; h <= 6; h++) {
			for (r = 0; r < (int)(sizeof(walls) / sizeof(walls[0])); r++) {
				struct grid g = { 0 };
				uint8_t *m;
				size_t i;
				long x, y;
				int rule;

				g.w = w;
				g.h = h;
				g.stride = (size_t)w + 2;
				g.ncells = g.stride * ((size_t)h + 2);
				g.cell = calloc(g.ncells, 1);
				m = malloc(g.ncells);
				if (g.cell == NULL || m == NULL)
					return 2;
				for (y = 1; y <= h; y++)
					for (x = 1; x <= w; x++) {
						uint8_t c = next() % 100 < walls[r] ? 0 :
						    (uint8_t)(1 + next() % 9);

						/* the goal bit and the bits above it, on walls too */
						c |= (uint8_t)(next() & 0xf0);
						g.cell[(size_t)y * g.stride + (size_t)x] = c;
					}
				for (rule = 0; rule < DIAG_COUNT; rule++) {
					memset(m, 0xa5, g.ncells);
					moves_build(m, &g, (enum diagrule)rule);
					for (i = 0; i < g.ncells && !bad; i++) {
						unsigned want;

						x = (long)(i % g.stride);
						y = (long)(i / g.stride);
						if (y == 0 || y == h + 1 ||
						    (x == 0 && y == 1) || (x == w + 1 && y == h))
							want = 0;	/* the padding rows, and its ends */
						else if (x == 0 || x == w + 1)
							continue;	/* the padding columns: not read */
						else
							want = reference(&g, x, y, (enum diagrule)rule);
						if (m[i] != want) {
							printf("%dx%d, %u%% walls, rule %d: cell (%ld, %ld) "
							    "has %#x, want %#x\n", w, h, walls[r], rule,
							    x - 1, y - 1, m[i], want);
							bad = 1;
						}
					}
				}
				free(m);
				free(g.cell);
			}
		}
	}
	return bad;
}
