/* map.c - the ASCII map reader; see map.h. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "map.h"

/* What each byte means in an ASCII map. */
enum { K_BAD = 0, K_WALL = 10, K_A = 11, K_B = 12 };	/* 1-9: terrain cost */

static uint8_t kind[256];

static void
kind_init(void)
{
	int c;

	if (kind['#'] == K_WALL)
		return;
	for (c = '1'; c <= '9'; c++)
		kind[c] = (uint8_t)(c - '0');
	kind['.'] = kind[' '] = 1;
	kind['A'] = K_A;
	kind['B'] = K_B;
	kind['#'] = K_WALL;
}

int
mapreader_open(struct mapreader *r, int fd)
{
	kind_init();
	r->nmaps = 0;
	return lines_open(&r->lines, fd, MAP_MAX_WIDTH);
}

void
mapreader_close(struct mapreader *r)
{
	lines_close(&r->lines);
}

void
map_free(struct map *m)
{
	free(m->text);
	free(m->row);
	free(m->grid.cell);
	free(m->grid.goal);
	memset(m, 0, sizeof(*m));
}

static void
seterr(struct diag *d, long line, long col, const char *fmt, const char *arg)
{
	d->line = line;
	d->col = col;
	snprintf(d->msg, sizeof(d->msg), fmt, arg);
}

/* Grow *p (of *cap elements of size sz) to hold at least n.  -1 on ENOMEM. */
static int
grow(void *p, size_t *cap, size_t n, size_t sz)
{
	void *np;
	size_t nc = *cap ? *cap : 64;

	if (n <= *cap)
		return 0;
	while (nc < n)
		nc *= 2;
	if ((np = realloc(*(void **)p, nc * sz)) == NULL)
		return -1;
	*(void **)p = np;
	*cap = nc;
	return 0;
}

static void
badchar(struct diag *d, long line, long col, unsigned char c)
{
	char what[16];

	if (c == '0') {
		seterr(d, line, col, "%s", "terrain '0' not allowed (terrain costs are 1-9)");
		return;
	}
	if (c > 0x20 && c < 0x7f)
		snprintf(what, sizeof(what), "'%c'", c);
	else
		snprintf(what, sizeof(what), "0x%02x", c);
	seterr(d, line, col, "unknown character %s (allowed: A B # . space 1-9)", what);
}

/* Skip the rest of a bad map: everything up to the next empty line. */
static int
skip_map(struct mapreader *r, struct diag *d)
{
	const char *s;
	size_t n;
	int rc;

	while ((rc = lines_next(&r->lines, &s, &n)) != LINES_EOF) {
		if (rc == LINES_ERR) {
			seterr(d, r->lines.lineno + 1, 1, "read error: %s",
			    strerror(r->lines.err));
			return MAP_IOERR;
		}
		if (rc == LINES_OK && n == 0)
			break;
	}
	return MAP_BAD;
}

/* Fill the padded grid from the rows read. */
static int
build_grid(struct map *m, int w, int h)
{
	struct grid *g = &m->grid;
	size_t stride = (size_t)w + 2, ncells = stride * ((size_t)h + 2);
	int x, y;

	if (grow(&g->cell, &m->cellcap, ncells, 1) != 0)
		return -1;
	memset(g->cell, 0, ncells);
	g->w = w, g->h = h;
	g->stride = stride;
	g->ncells = ncells;
	g->ngoal = 0;
	for (y = 0; y < h; y++) {
		const unsigned char *row = (const unsigned char *)m->text + m->row[y].off;
		uint8_t *c = g->cell + (size_t)(y + 1) * stride + 1;

		for (x = 0; x < m->row[y].len; x++) {
			uint8_t k = kind[row[x]];

			if (k <= 9)
				c[x] = k;
			else if (k == K_A) {
				c[x] = 1;
				g->start = (uint32_t)(c + x - g->cell);
			} else if (k == K_B) {
				c[x] = 1 | CELL_GOAL;
				if (grow(&g->goal, &m->goalcap, g->ngoal + 1, sizeof(*g->goal)) != 0)
					return -1;
				g->goal[g->ngoal++] = (uint32_t)(c + x - g->cell);
			}
		}
	}
	return 0;
}

/*
 * Read the next map.  MAP_OK: *m holds it.  MAP_EOF: the stream is done.
 * MAP_BAD: *d says what was wrong and the map was skipped.  MAP_IOERR:
 * reading failed and the stream is done.  An input with no map at all is
 * reported once as MAP_BAD ("empty input").
 */
int
map_read(struct mapreader *r, struct map *m, struct diag *d)
{
	const char *s;
	size_t n, textlen = 0, i;
	long aline = 0, acol = 0;
	int rc, h = 0, w = 0, nb = 0;

	/* Skip the empty lines before the map. */
	do {
		rc = lines_next(&r->lines, &s, &n);
		if (rc == LINES_ERR) {
			seterr(d, r->lines.lineno + 1, 1, "read error: %s",
			    strerror(r->lines.err));
			r->nmaps++;
			return MAP_IOERR;
		}
		if (rc == LINES_EOF) {
			if (r->nmaps > 0)
				return MAP_EOF;
			r->nmaps++;
			seterr(d, 1, 1, "%s", "empty input");
			return MAP_BAD;
		}
	} while (rc == LINES_OK && n == 0);
	r->nmaps++;
	m->line = r->lines.lineno;

	for (;;) {
		long line = r->lines.lineno;

		if (rc == LINES_LONG) {
			seterr(d, line, MAP_MAX_WIDTH + 1,
			    "line longer than %s characters", "65535");
			return skip_map(r, d);
		}
		if (h == MAP_MAX_HEIGHT) {
			seterr(d, line, 1, "map higher than %s rows", "65535");
			return skip_map(r, d);
		}
		if ((int)n > w)
			w = (int)n;
		if ((size_t)w * (size_t)(h + 1) > MAP_MAX_CELLS) {
			seterr(d, line, 1, "map larger than %s cells (width x height)",
			    "67108864");
			return skip_map(r, d);
		}
		for (i = 0; i < n; i++) {
			uint8_t k = kind[(unsigned char)s[i]];

			if (k == K_BAD) {
				badchar(d, line, (long)i + 1, (unsigned char)s[i]);
				return skip_map(r, d);
			}
			if (k == K_A) {
				if (aline != 0) {
					char first[48];

					snprintf(first, sizeof(first), "%ld:%ld", aline, acol);
					seterr(d, line, (long)i + 1,
					    "second start 'A' (the first is at %s)", first);
					return skip_map(r, d);
				}
				aline = line, acol = (long)i + 1;
			} else if (k == K_B)
				nb++;
		}
		if (grow(&m->text, &m->textcap, textlen + n + 1, 1) != 0 ||
		    grow(&m->row, &m->rowcap, (size_t)h + 1, sizeof(*m->row)) != 0)
			goto nomem;
		memcpy(m->text + textlen, s, n);
		m->row[h].off = textlen;
		m->row[h].len = (int)n;
		textlen += n;
		h++;

		rc = lines_next(&r->lines, &s, &n);
		if (rc == LINES_ERR) {
			seterr(d, r->lines.lineno + 1, 1, "read error: %s",
			    strerror(r->lines.err));
			return MAP_IOERR;
		}
		if (rc == LINES_EOF || (rc == LINES_OK && n == 0))
			break;
	}
	if (aline == 0) {
		seterr(d, m->line, 1, "%s", "no start 'A' in map");
		return MAP_BAD;
	}
	if (nb == 0) {
		seterr(d, m->line, 1, "%s", "no goal 'B' in map");
		return MAP_BAD;
	}
	if (build_grid(m, w, h) != 0)
		goto nomem;
	return MAP_OK;
nomem:
	if (skip_map(r, d) == MAP_IOERR)
		return MAP_IOERR;
	seterr(d, m->line, 1, "%s", "out of memory");
	return MAP_BAD;
}

/*
 * Is there another map in the stream?  Skips empty lines and puts the
 * first non-empty one back.  Used to label a stream's first result when
 * more maps follow.
 */
int
map_more(struct mapreader *r)
{
	const char *s;
	size_t n;
	int rc;

	do
		rc = lines_next(&r->lines, &s, &n);
	while (rc == LINES_OK && n == 0);
	if (rc == LINES_OK || rc == LINES_LONG) {
		lines_unget(&r->lines);
		return 1;
	}
	/* EOF: no; a read error will be reported by the next map_read. */
	return rc == LINES_ERR;
}
