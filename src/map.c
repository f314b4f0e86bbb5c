/* map.c - the ASCII map reader; see map.h. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "map.h"

/* What each byte means in an ASCII map. */
enum { K_BAD = 0, K_WALL = 10, K_A = 11, K_B = 12 };	/* 1-9: terrain cost */

static uint8_t kind[256];	/* ASCII maps */
static uint8_t mkind[256];	/* MovingAI maps */

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
	/* MovingAI: ground and swamp are passable, the rest blocked. */
	mkind['.'] = mkind['G'] = mkind['S'] = 1;
	mkind['@'] = mkind['O'] = mkind['T'] = mkind['W'] = K_WALL;
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
build_grid(struct map *m, int w, int h, const uint8_t *table)
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
	g->uniform = 1;
	for (y = 0; y < h; y++) {
		const unsigned char *row = (const unsigned char *)m->text + m->row[y].off;
		uint8_t *c = g->cell + (size_t)(y + 1) * stride + 1;

		for (x = 0; x < m->row[y].len; x++) {
			uint8_t k = table[row[x]];

			if (k <= 9) {
				c[x] = k;
				if (k > 1)
					g->uniform = 0;
			}
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

/* Append row h to the map's text.  -1 on ENOMEM. */
static int
store_row(struct map *m, size_t *textlen, int h, const char *s, size_t n)
{
	if (grow(&m->text, &m->textcap, *textlen + n + 1, 1) != 0 ||
	    grow(&m->row, &m->rowcap, (size_t)h + 1, sizeof(*m->row)) != 0)
		return -1;
	memcpy(m->text + *textlen, s, n);
	m->row[h].off = *textlen;
	m->row[h].len = (int)n;
	*textlen += n;
	return 0;
}

static int
ioerr(struct mapreader *r, struct diag *d)
{
	seterr(d, r->lines.lineno + 1, 1, "read error: %s", strerror(r->lines.err));
	return MAP_IOERR;
}

static int
nomem(struct mapreader *r, struct map *m, struct diag *d)
{
	if (skip_map(r, d) == MAP_IOERR)
		return MAP_IOERR;
	seterr(d, m->line, 1, "%s", "out of memory");
	return MAP_BAD;
}

/* Out of memory after the map's end was read: skip nothing more. */
static int
nomem_at_end(struct map *m, struct diag *d)
{
	seterr(d, m->line, 1, "%s", "out of memory");
	return MAP_BAD;
}

/* An ASCII map: rows up to the next empty line; s, n is its first row. */
static int
read_ascii(struct mapreader *r, struct map *m, struct diag *d, const char *s, size_t n, int rc)
{
	size_t textlen = 0, i;
	long aline = 0, acol = 0;
	int h = 0, w = 0, nb = 0;

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
		if (store_row(m, &textlen, h, s, n) != 0)
			return nomem(r, m, d);
		h++;

		rc = lines_next(&r->lines, &s, &n);
		if (rc == LINES_ERR)
			return ioerr(r, d);
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
	if (build_grid(m, w, h, kind) != 0)
		return nomem_at_end(m, d);
	return MAP_OK;
}

/* "height 512": the number after the keyword, within 1..max.  0 if bad. */
static int
header_number(const char *s, size_t n, size_t kwlen, int max)
{
	long v = 0;
	size_t i = kwlen;

	if (i >= n || s[i] != ' ')
		return 0;
	while (i < n && s[i] == ' ')
		i++;
	if (i == n)
		return 0;
	for (; i < n; i++) {
		if (s[i] < '0' || s[i] > '9' || v > max)
			return 0;
		v = v * 10 + (s[i] - '0');
	}
	return v >= 1 && v <= max ? (int)v : 0;
}

static int
keyword(const char *s, size_t n, const char *kw)
{
	size_t k = strlen(kw);

	return n >= k && memcmp(s, kw, k) == 0 && (n == k || s[k] == ' ');
}

/*
 * A MovingAI map: "type T", "height H", "width W" (either order), "map",
 * then exactly H rows of exactly W cells.  s, n is the "type" line.
 */
static int
read_movingai(struct mapreader *r, struct map *m, struct diag *d, const char *s, size_t n)
{
	size_t textlen = 0, i;
	int rc, h = 0, w = 0, y;

	n = n > 5 ? n - 5 : 0;	/* the type word, after "type " */
	if (n == 0 || n >= sizeof(m->type)) {
		seterr(d, r->lines.lineno, 6, "%s", "bad 'type' header");
		return skip_map(r, d);
	}
	for (i = 0; i < n; i++)	/* one printable word, such as "octile" */
		if (s[5 + i] <= ' ' || s[5 + i] > '~') {
			seterr(d, r->lines.lineno, (long)i + 6, "%s", "bad 'type' header");
			return skip_map(r, d);
		}
	memcpy(m->type, s + 5, n);
	m->type[n] = '\0';
	for (;;) {
		rc = lines_next(&r->lines, &s, &n);
		if (rc == LINES_ERR)
			return ioerr(r, d);
		if (rc == LINES_EOF || (rc == LINES_OK && n == 0)) {
			seterr(d, r->lines.lineno + (rc == LINES_EOF), 1, "%s",
			    "MovingAI header ends without a 'map' line");
			return MAP_BAD;	/* the map has ended: nothing to skip */
		}
		if (rc == LINES_LONG)
			n = 0;	/* reported as an unknown header below */
		if (keyword(s, n, "height")) {
			if ((h = header_number(s, n, 6, MAP_MAX_HEIGHT)) == 0) {
				seterr(d, r->lines.lineno, 8, "bad height (1 to %s)", "65535");
				return skip_map(r, d);
			}
		} else if (keyword(s, n, "width")) {
			if ((w = header_number(s, n, 5, MAP_MAX_WIDTH)) == 0) {
				seterr(d, r->lines.lineno, 7, "bad width (1 to %s)", "65535");
				return skip_map(r, d);
			}
		} else if (n == 3 && memcmp(s, "map", 3) == 0)
			break;
		else {
			seterr(d, r->lines.lineno, 1, "%s",
			    "unknown MovingAI header line (expected height, width or map)");
			return skip_map(r, d);
		}
	}
	if (h == 0 || w == 0) {
		seterr(d, r->lines.lineno, 1, "missing '%s' header before 'map'",
		    h == 0 ? "height" : "width");
		return skip_map(r, d);
	}
	if ((size_t)w * (size_t)h > MAP_MAX_CELLS) {
		seterr(d, r->lines.lineno, 1, "map larger than %s cells (width x height)",
		    "67108864");
		return skip_map(r, d);
	}
	for (y = 0; y < h; y++) {
		char what[96];

		rc = lines_next(&r->lines, &s, &n);
		if (rc == LINES_ERR)
			return ioerr(r, d);
		if (rc == LINES_EOF || (rc == LINES_OK && n == 0)) {
			snprintf(what, sizeof(what), "map ends after %d rows; height says %d", y, h);
			seterr(d, r->lines.lineno + (rc == LINES_EOF), 1, "%s", what);
			return MAP_BAD;	/* the map has ended: nothing to skip */
		}
		if (rc == LINES_LONG || n != (size_t)w) {
			snprintf(what, sizeof(what), "row has %s%zu cells; width says %d",
			    rc == LINES_LONG ? "over " : "", n, w);
			seterr(d, r->lines.lineno, (long)(n < (size_t)w ? n : (size_t)w) + 1, "%s", what);
			return skip_map(r, d);
		}
		for (i = 0; i < n; i++)
			if (mkind[(unsigned char)s[i]] == K_BAD) {
				char c[16];

				if (s[i] > 0x20 && s[i] < 0x7f)
					snprintf(c, sizeof(c), "'%c'", s[i]);
				else
					snprintf(c, sizeof(c), "0x%02x", (unsigned char)s[i]);
				seterr(d, r->lines.lineno, (long)i + 1,
				    "unknown character %s (allowed: . G S @ O T W)", c);
				return skip_map(r, d);
			}
		if (store_row(m, &textlen, y, s, n) != 0)
			return nomem(r, m, d);
	}
	/* The rows must end the map: a further row means a wrong height. */
	rc = lines_next(&r->lines, &s, &n);
	if (rc == LINES_ERR)
		return ioerr(r, d);
	if (rc == LINES_LONG || (rc == LINES_OK && n > 0)) {
		char what[64];

		snprintf(what, sizeof(what), "more rows than height %d says", h);
		seterr(d, r->lines.lineno, 1, "%s", what);
		return skip_map(r, d);
	}
	m->movingai = 1;
	if (build_grid(m, w, h, mkind) != 0)
		return nomem_at_end(m, d);
	m->grid.start = 0;
	return MAP_OK;
}

/*
 * Read the next map.  MAP_OK: *m holds it.  MAP_EOF: the stream is done.
 * MAP_BAD: *d says what was wrong and the map was skipped.  MAP_IOERR:
 * reading failed and the stream is done.  An input with no map at all is
 * reported once as MAP_BAD ("empty input").  A map whose first line starts
 * with "type " is read as a MovingAI map, any other as an ASCII map.
 */
int
map_read(struct mapreader *r, struct map *m, struct diag *d)
{
	static unsigned long serial;	/* see struct grid */
	const char *s;
	size_t n;
	int rc;

	/* Whatever comes of it, the grid's buffers may change. */
	m->grid.serial = ++serial;
	/* Skip the empty lines before the map. */
	do {
		rc = lines_next(&r->lines, &s, &n);
		if (rc == LINES_ERR) {
			r->nmaps++;
			return ioerr(r, d);
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
	m->movingai = 0;
	m->type[0] = '\0';
	if (rc == LINES_OK && keyword(s, n, "type"))
		return read_movingai(r, m, d, s, n);
	return read_ascii(r, m, d, s, n, rc);
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

/*
 * Label the connected components of the passable cells: label[i] is the
 * same for two cells exactly when one can reach the other.  With eight
 * set, diagonal steps connect too (the "always" rule); the other diagonal
 * rules never connect more than orthogonal steps do, because they only
 * allow a diagonal step beside a passable orthogonal cell.  Blocked cells
 * get label 0.  queue must hold ncells entries.  A flood fill, O(cells).
 */
void
grid_components(const struct grid *g, int eight, uint32_t *label, uint32_t *queue)
{
	const long s = (long)g->stride;
	const long off[8] = { -s, 1, s, -1, -s + 1, s + 1, s - 1, -s - 1 };
	int nd = eight ? 8 : 4;
	uint32_t next = 0;
	size_t i;

	memset(label, 0, g->ncells * sizeof(*label));
	for (i = 0; i < g->ncells; i++) {
		size_t head = 0, tail = 0;

		if (label[i] != 0 || (g->cell[i] & CELL_COST) == 0)
			continue;
		label[i] = ++next;
		queue[tail++] = (uint32_t)i;
		while (head < tail) {
			uint32_t c = queue[head++];
			int d;

			for (d = 0; d < nd; d++) {
				uint32_t j = (uint32_t)((long)c + off[d]);

				if (label[j] == 0 && (g->cell[j] & CELL_COST) != 0) {
					label[j] = next;
					queue[tail++] = j;
				}
			}
		}
	}
}
