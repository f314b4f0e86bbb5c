/* map.c - the ASCII and MovingAI map readers; see map.h. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bigmem.h"
#include "bits.h"
#include "map.h"

#if defined(__SSE2__) && !defined(PF_NO_BUILTINS)
#include <emmintrin.h>
#endif

/*
 * What each byte means: a 256-entry table per format from byte to the
 * grid cell it becomes (terrain cost 1-9, 0 blocked, CELL_GOAL), with
 * K_SPECIAL on the bytes the fast loop cannot finish alone: the ASCII A
 * and B (which must be recorded) and every byte that is not allowed.
 * Costs 2-9 all have a bit of 0x0e set and 1 has none, so the OR of a
 * map's entries also says whether it is uniform.
 */
#define K_SPECIAL 0x80
#define K_CELL    (CELL_COST | CELL_GOAL)
#define K_HEAVY   0x0e		/* some bit of a cost above 1 */

#define RESERVE_CELLS ((size_t)1 << 22)	/* see read_movingai */

static uint8_t kind[256];	/* ASCII maps */
static uint8_t mkind[256];	/* MovingAI maps */

static void
kind_init(void)
{
	int c;

	if (kind[0] == K_SPECIAL)
		return;
	memset(kind, K_SPECIAL, sizeof(kind));
	memset(mkind, K_SPECIAL, sizeof(mkind));
	for (c = '1'; c <= '9'; c++)
		kind[c] = (uint8_t)(c - '0');
	kind['.'] = kind[' '] = 1;
	kind['A'] = K_SPECIAL | 1;
	kind['B'] = K_SPECIAL | CELL_GOAL | 1;
	kind['#'] = 0;
	/* MovingAI: ground and swamp are passable, the rest blocked. */
	mkind['.'] = mkind['G'] = mkind['S'] = 1;
	mkind['@'] = mkind['O'] = mkind['T'] = mkind['W'] = 0;
}

/*
 * The per-byte loop: out[i] = tab[s[i]] for i < n, returning the OR of
 * the entries.  Eight bytes a round: eight equal bytes (most of a map, in
 * runs of floor or wall) take one lookup; other rounds take eight, OR-ed
 * together as one word read back from out (the order of the bytes in a
 * word does not matter to either), so that a byte costs little more than
 * its two loads and its store.
 */
static unsigned
translate(const uint8_t *restrict tab, const unsigned char *restrict s, size_t n,
    uint8_t *restrict out)
{
	const uint64_t ones = 0x0101010101010101u;
	uint64_t all = 0, w;
	size_t i = 0;

	for (; i + 8 <= n; i += 8) {
		memcpy(&w, s + i, sizeof(w));
		if (w == s[i] * ones) {
			w = tab[s[i]] * ones;
			memcpy(out + i, &w, sizeof(w));
			all |= w;
			continue;
		}
		out[i] = tab[s[i]];
		out[i + 1] = tab[s[i + 1]];
		out[i + 2] = tab[s[i + 2]];
		out[i + 3] = tab[s[i + 3]];
		out[i + 4] = tab[s[i + 4]];
		out[i + 5] = tab[s[i + 5]];
		out[i + 6] = tab[s[i + 6]];
		out[i + 7] = tab[s[i + 7]];
		memcpy(&w, out + i, sizeof(w));
		all |= w;
	}
	for (; i < n; i++)
		all |= out[i] = tab[s[i]];
	all |= all >> 32;
	all |= all >> 16;
	all |= all >> 8;
	return (unsigned)(all & 0xff);
}

int
mapreader_open(struct mapreader *r, int fd)
{
	kind_init();
	r->nmaps = 0;
	r->start_optional = r->goal_optional = 0;
	r->no_text = 0;
	r->skip = 0;
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
	bigmem_free(m->text, m->textcap);
	free(m->row);
	bigmem_free(m->grid.cell, m->cellcap);
	free(m->grid.goal);
	memset(m, 0, sizeof(*m));
}

/* A problem at line, col (line 0: none), for the caller to report. */
void
diag_set(struct diag *d, long line, long col, const char *msg)
{
	d->line = line;
	d->col = col;
	snprintf(d->msg, sizeof(d->msg), "%s", msg);
}

static void
seterr(struct diag *d, long line, long col, const char *fmt, const char *arg)
{
	d->line = line;
	d->col = col;
	snprintf(d->msg, sizeof(d->msg), fmt, arg);
}

/*
 * array_grow for the text and the cells, which are large: see bigmem.c.
 * The first time, just the room asked for: a MovingAI map asks for all
 * of it at once, and what doubling would add is address space never used
 * and, on huge pages, up to 2 MiB resident that is not.
 */
static int
grow_big(void *p, size_t *cap, size_t n)
{
	size_t nc;

	if (n <= *cap)
		return 0;
	nc = *cap == 0 ? n : array_cap(*cap, n);
	if (bigmem_grow(p, *cap, nc) != 0)
		return -1;
	*cap = nc;
	return 0;
}

/*
 * Whether the rest of r's input, what is read ahead and what the file
 * has past the reading position, is at least need bytes: only a regular
 * file can say so; a pipe or a terminal cannot (0).
 */
static int
input_holds(const struct mapreader *r, size_t need)
{
	struct stat st;
	off_t at;

	if (r->lines.eof)	/* (all of it read ahead: no file open, maps.c) */
		return r->lines.end - r->lines.start >= need;
	if (fstat(r->lines.fd, &st) != 0 || !S_ISREG(st.st_mode) ||
	    (at = lseek(r->lines.fd, 0, SEEK_CUR)) < 0 || at > st.st_size)
		return 0;
	return (uintmax_t)(st.st_size - at) + (r->lines.end - r->lines.start) >= (uintmax_t)need;
}

/* An unknown byte c at line:col of an ASCII or (movingai) a MovingAI map. */
static void
badchar(struct diag *d, long line, long col, unsigned char c, int movingai)
{
	char what[16];

	if (c == '0' && !movingai) {
		seterr(d, line, col, "%s", "terrain '0' not allowed (terrain costs are 1-9)");
		return;
	}
	if (c > 0x20 && c < 0x7f)
		snprintf(what, sizeof(what), "'%c'", c);
	else
		snprintf(what, sizeof(what), "0x%02x", c);
	seterr(d, line, col, movingai ? "unknown character %s (allowed: . G S @ O T W)" :
	    "unknown character %s (allowed: A B # . space 1-9)", what);
}

/*
 * A bad map: the rest of it, up to the next empty line, is skipped by the
 * next map_read, so that the map is reported as soon as it is known to be
 * bad, not when its end has been read (which may be never).
 */
static int
skip_map(struct mapreader *r)
{
	r->skip = 1;
	return MAP_BAD;
}

static int
ioerr(struct mapreader *r, struct diag *d)
{
	seterr(d, r->lines.lineno + 1, 1, "read error: %s", strerror(r->lines.err));
	return MAP_IOERR;
}

/* The skipping skip_map asked for.  MAP_OK, or MAP_IOERR with *d set. */
static int
skip_rest(struct mapreader *r, struct diag *d)
{
	const char *s;
	size_t n;
	int rc;

	if (!r->skip)
		return MAP_OK;
	r->skip = 0;
	while ((rc = lines_next(&r->lines, &s, &n)) != LINES_EOF) {
		if (rc == LINES_ERR)
			return ioerr(r, d);
		if (rc == LINES_OK && n == 0)
			break;
	}
	return MAP_OK;
}

/* Set the grid's size fields for a w x h map. */
static void
grid_size(struct grid *g, int w, int h)
{
	g->w = w, g->h = h;
	g->stride = (size_t)w + 2;
	g->ncells = g->stride * ((size_t)h + 2);
}

/*
 * Append row y to the map's text and make its cells cellend bytes.
 * -1 on ENOMEM.
 */
static int
store_row(struct map *m, size_t *textlen, int y, const char *s, size_t n, size_t cellend)
{
	if (grow_big(&m->text, &m->textcap, *textlen + n + 1) != 0 ||
	    array_grow(&m->row, &m->rowcap, (size_t)y + 1, sizeof(*m->row)) != 0 ||
	    grow_big(&m->grid.cell, &m->cellcap, cellend) != 0)
		return -1;
	memcpy(m->text + *textlen, s, n);
	m->row[y].off = *textlen;
	m->row[y].len = (int)n;
	*textlen += n;
	return 0;
}

static int
nomem(struct mapreader *r, struct map *m, struct diag *d)
{
	seterr(d, m->line, 1, "%s", "out of memory");
	return skip_map(r);
}

/* Out of memory after the map's end was read: skip nothing more. */
static int
nomem_at_end(struct map *m, struct diag *d)
{
	seterr(d, m->line, 1, "%s", "out of memory");
	return MAP_BAD;
}

/*
 * Check an ASCII row the slow way, byte by byte in reading order, as the
 * fast loop cannot: the first bad byte or second A (unless many) is the
 * error (-1, *d set).  Records the first A's position in *aline, *acol
 * and, as y << 16 | x until the map's width is known, in g->start.
 */
static int
check_ascii_row(struct grid *g, struct diag *d, long line, int y,
    const unsigned char *s, size_t n, long *aline, long *acol, int many)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (!(kind[s[i]] & K_SPECIAL) || s[i] == 'B')
			continue;
		if (s[i] != 'A') {
			badchar(d, line, (long)i + 1, s[i], 0);
			return -1;
		}
		if (*aline != 0 && many)
			continue;
		if (*aline != 0) {
			char first[48];

			snprintf(first, sizeof(first), "%ld:%ld", *aline, *acol);
			seterr(d, line, (long)i + 1, "second start 'A' (the first is at %s)", first);
			return -1;
		}
		*aline = line, *acol = (long)i + 1;
		g->start = (uint32_t)y << 16 | (uint32_t)i;
	}
	return 0;
}

/*
 * After a good row with an A or B: finish their cells (the fast loop left
 * the K_SPECIAL bit) and record the Bs, as y << 16 | x.  -1 on ENOMEM.
 */
static int
mark_ascii_row(struct map *m, int y, const unsigned char *s, size_t n, uint8_t *cell)
{
	struct grid *g = &m->grid;
	size_t i;

	for (i = 0; i < n; i++) {
		if (!(cell[i] & K_SPECIAL))
			continue;
		cell[i] &= K_CELL;
		if (s[i] != 'B')
			continue;
		if (array_grow(&g->goal, &m->goalcap, g->ngoal + 1, sizeof(*g->goal)) != 0)
			return -1;
		g->goal[g->ngoal++] = (uint32_t)y << 16 | (uint32_t)i;
	}
	return 0;
}

/*
 * The end of an ASCII map: its width is known now.  The cells were kept
 * packed, row y at cell[row[y].off] like the text; move them to their
 * places in the padded grid, last row first (row y's place starts past
 * the packed rows before it, so nothing is overwritten before it moved),
 * and turn the A's and the Bs' y << 16 | x into cell indices.
 */
static int
spread_ascii(struct map *m, int w, int h)
{
	struct grid *g = &m->grid;
	size_t stride = (size_t)w + 2, k;
	int y;

	if (grow_big(&g->cell, &m->cellcap, stride * ((size_t)h + 2)) != 0)
		return -1;
	grid_size(g, w, h);
	for (y = h - 1; y >= 0; y--) {
		uint8_t *c = g->cell + ((size_t)y + 1) * stride;
		size_t len = (size_t)m->row[y].len;

		memmove(c + 1, g->cell + m->row[y].off, len);
		c[0] = 0;
		memset(c + 1 + len, 0, stride - 1 - len);
	}
	memset(g->cell, 0, stride);
	memset(g->cell + ((size_t)h + 1) * stride, 0, stride);
	g->start = grid_index(g, (int)(g->start & 0xffff), (int)(g->start >> 16));
	for (k = 0; k < g->ngoal; k++)
		g->goal[k] = grid_index(g, (int)(g->goal[k] & 0xffff), (int)(g->goal[k] >> 16));
	return 0;
}

/* An ASCII map: rows up to the next empty line; s, n is its first row. */
static int
read_ascii(struct mapreader *r, struct map *m, struct diag *d, const char *s, size_t n, int rc)
{
	struct grid *g = &m->grid;
	size_t textlen = 0;
	long aline = 0, acol = 0;
	unsigned all = 0;
	int h = 0, w = 0;

	g->ngoal = 0;
	for (;;) {
		const unsigned char *u = (const unsigned char *)s;
		long line = r->lines.lineno;
		unsigned t;

		if (h == MAP_MAX_HEIGHT) {
			seterr(d, line, 1, "map higher than %s rows", "65535");
			return skip_map(r);
		}
		if (rc == LINES_LONG) {
			/* The first problem in reading order: one within the limit comes first. */
			if (check_ascii_row(g, d, line, h, u, MAP_MAX_WIDTH, &aline, &acol, r->start_optional) == 0)
				seterr(d, line, MAP_MAX_WIDTH + 1,
				    "line longer than %s characters", "65535");
			return skip_map(r);
		}
		if ((int)n > w)
			w = (int)n;
		if ((size_t)w * (size_t)(h + 1) > MAP_MAX_CELLS) {
			seterr(d, line, 1, "map larger than %s cells (width x height)",
			    "67108864");
			return skip_map(r);
		}
		/* Cells packed like the text: see spread_ascii. */
		if (store_row(m, &textlen, h, s, n, textlen + n) != 0) {
			/* A bad row is reported before the memory it lacked. */
			if (check_ascii_row(g, d, line, h, u, n, &aline, &acol, r->start_optional) != 0)
				return skip_map(r);
			return nomem(r, m, d);
		}
		t = translate(kind, u, n, g->cell + m->row[h].off);
		all |= t;
		if (t & K_SPECIAL) {
			if (check_ascii_row(g, d, line, h, u, n, &aline, &acol, r->start_optional) != 0)
				return skip_map(r);
			if (mark_ascii_row(m, h, u, n, g->cell + m->row[h].off) != 0)
				return nomem(r, m, d);
		}
		h++;

		rc = lines_next(&r->lines, &s, &n);
		if (rc == LINES_ERR)
			return ioerr(r, d);
		if (rc == LINES_EOF || (rc == LINES_OK && n == 0))
			break;
	}
	if (aline == 0 && !r->start_optional) {
		seterr(d, m->line, 1, "%s", "no start 'A' in map");
		return MAP_BAD;
	}
	if (g->ngoal == 0 && !r->goal_optional) {
		seterr(d, m->line, 1, "%s", "no goal 'B' in map");
		return MAP_BAD;
	}
	if (spread_ascii(m, w, h) != 0)
		return nomem_at_end(m, d);
	if (aline == 0)
		g->start = 0;	/* none (a border cell): --start gives it */
	g->uniform = (all & K_HEAVY) == 0;
	return MAP_OK;
}

/*
 * The number of a "height" or "width" line s, n, whose keyword is kwlen
 * bytes: 1 to max, after one space or more, spaces after it allowed.  0
 * when it is not, with *col the column of what does not fit: a byte that
 * is no digit, the number out of range, or one past the line's end where
 * the space or the number is missing.
 */
static int
header_number(const char *s, size_t n, size_t kwlen, int max, long *col)
{
	long v = 0;
	size_t i = kwlen, start;

	if (i >= n || s[i] != ' ') {
		*col = (long)i + 1;
		return 0;
	}
	while (i < n && s[i] == ' ')
		i++;
	for (start = i; i < n && s[i] >= '0' && s[i] <= '9'; i++)
		if (v <= max)	/* past it, out of range whatever follows */
			v = v * 10 + (s[i] - '0');
	*col = (long)start + 1;
	if (i == start || v < 1 || v > max)
		return 0;
	while (i < n && s[i] == ' ')
		i++;
	if (i < n) {
		*col = (long)i + 1;
		return 0;
	}
	return (int)v;
}

/* Is the line s, n blank from byte k on (spaces after a header's word)? */
static int
header_blank(const char *s, size_t n, size_t k)
{
	while (k < n && s[k] == ' ')
		k++;
	return k == n;
}

static int
keyword(const char *s, size_t n, const char *kw)
{
	size_t k = strlen(kw);

	return n >= k && memcmp(s, kw, k) == 0 && (n == k || s[k] == ' ');
}

/* The first bad byte of a MovingAI row is an error (-1, *d set); else 0. */
static int
check_movingai_row(struct diag *d, long line, const unsigned char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (mkind[s[i]] & K_SPECIAL) {
			badchar(d, line, (long)i + 1, s[i], 1);
			return -1;
		}
	return 0;
}

/*
 * A MovingAI map: "type T", "height H", "width W" (either order), "map",
 * then exactly H rows of exactly W cells.  s, n is the "type" line.
 */
static int
read_movingai(struct mapreader *r, struct map *m, struct diag *d, const char *s, size_t n)
{
	size_t textlen = 0, stride, i, cell0, text0;
	int rc, h = 0, w = 0, y, big, fresh, holds;
	long hline = 0, wline = 0, first;	/* where the height and width were given */
	long col;

	/* the type word, after "type " (a line of "type" alone: one past its end) */
	while (n > 5 && s[n - 1] == ' ')	/* spaces after it taken, as after a number */
		n--;
	col = n > 5 ? 6 : (long)n + 1;
	n = n > 5 ? n - 5 : 0;
	if (n == 0 || n >= sizeof(m->type)) {
		seterr(d, r->lines.lineno, col, "%s", "bad 'type' header");
		return skip_map(r);
	}
	for (i = 0; i < n; i++)	/* one printable word, such as "octile" */
		if (s[5 + i] <= ' ' || s[5 + i] > '~') {
			seterr(d, r->lines.lineno, (long)i + 6, "%s", "bad 'type' header");
			return skip_map(r);
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
		first = keyword(s, n, "height") ? hline : keyword(s, n, "width") ? wline : 0;
		if (first != 0) {	/* not "last wins": the map is ambiguous */
			char what[96];

			snprintf(what, sizeof(what), "repeated '%s' header (the first is on line %ld)",
			    keyword(s, n, "height") ? "height" : "width", first);
			seterr(d, r->lines.lineno, 1, "%s", what);
			return skip_map(r);
		}
		if (keyword(s, n, "height")) {
			hline = r->lines.lineno;
			if ((h = header_number(s, n, 6, MAP_MAX_HEIGHT, &col)) == 0) {
				seterr(d, r->lines.lineno, col, "bad height (1 to %s)", "65535");
				return skip_map(r);
			}
		} else if (keyword(s, n, "width")) {
			wline = r->lines.lineno;
			if ((w = header_number(s, n, 5, MAP_MAX_WIDTH, &col)) == 0) {
				seterr(d, r->lines.lineno, col, "bad width (1 to %s)", "65535");
				return skip_map(r);
			}
		} else if (keyword(s, n, "map") && header_blank(s, n, 3))
			break;
		else {
			seterr(d, r->lines.lineno, 1, "%s",
			    "unknown MovingAI header line (expected height, width or map)");
			return skip_map(r);
		}
	}
	if (h == 0 || w == 0) {
		seterr(d, r->lines.lineno, 1, "missing '%s' header before 'map'",
		    h == 0 ? "height" : "width");
		return skip_map(r);
	}
	if ((size_t)w * (size_t)h > MAP_MAX_CELLS) {
		seterr(d, r->lines.lineno, 1, "map larger than %s cells (width x height)",
		    "67108864");
		return skip_map(r);
	}
	/*
	 * The cells go straight to their places in the padded grid.  Room
	 * for the whole map at once, so that nothing is copied as it grows;
	 * but past RESERVE_CELLS only where the input is a file that holds
	 * the rows the header promises (input_holds), else as the rows come,
	 * so that a header that promises more rows than follow does not
	 * claim memory for them.  Growing doubles, and copies: on a 4096 by
	 * 4096 map the text and the cells each mapped 32 MiB beside the 16
	 * they copied, 85 MB of address space at the peak of -a jps -S, whose
	 * searches had 54 resident.
	 *
	 * Where the file holds the rows, the pages of the room they will
	 * fill are taken at once (bigmem_take), not a fault a page as the
	 * rows come: on the virtual machine of 2026-12-02 a page's fault cost
	 * 13 us and a page taken so 6, first write included, and a process
	 * that solves one query on a 512 x 512 map writes 65 pages of cells
	 * (BENCHMARKS.md).  Only the room that was new: a stream's next map
	 * of the same size has its pages.
	 */
	stride = (size_t)w + 2;
	cell0 = m->cellcap;
	text0 = m->textcap;
	big = (size_t)w * (size_t)h > RESERVE_CELLS;
	fresh = cell0 < stride * ((size_t)h + 2) ||
	    (!r->no_text && text0 < (size_t)w * (size_t)h + 1);
	holds = (big || fresh) && input_holds(r, (size_t)w * (size_t)h + (size_t)h - 1);
	if ((!big || holds) &&
	    ((!r->no_text && (grow_big(&m->text, &m->textcap, (size_t)w * (size_t)h + 1) != 0 ||
	    array_grow(&m->row, &m->rowcap, (size_t)h, sizeof(*m->row)) != 0)) ||
	    grow_big(&m->grid.cell, &m->cellcap, stride * ((size_t)h + 2)) != 0))
		return nomem(r, m, d);
	if (holds && fresh) {
		bigmem_take(m->grid.cell, m->cellcap, cell0, stride * ((size_t)h + 2));
		if (!r->no_text)
			bigmem_take(m->text, m->textcap, text0, (size_t)w * (size_t)h + 1);
	}
	for (y = 0; y < h; y++) {
		char what[96];
		uint8_t *c;

		rc = lines_next(&r->lines, &s, &n);
		if (rc == LINES_ERR)
			return ioerr(r, d);
		if (rc == LINES_EOF || (rc == LINES_OK && n == 0)) {
			snprintf(what, sizeof(what), "map ends after %d row%s; height says %d", y,
			    y == 1 ? "" : "s", h);
			seterr(d, r->lines.lineno + (rc == LINES_EOF), 1, "%s", what);
			return MAP_BAD;	/* the map has ended: nothing to skip */
		}
		if (rc == LINES_LONG || n != (size_t)w) {
			size_t at = n < (size_t)w ? n : (size_t)w;

			/* A bad cell before where the row goes wrong comes first. */
			if (check_movingai_row(d, r->lines.lineno, (const unsigned char *)s, at) != 0)
				return skip_map(r);
			/* (a long line: n is the limit + 1, and the row is over the limit) */
			snprintf(what, sizeof(what), "row has %s%zu cell%s; width says %d",
			    rc == LINES_LONG ? "over " : "", rc == LINES_LONG ? n - 1 : n,
			    n == 1 && rc != LINES_LONG ? "" : "s", w);
			seterr(d, r->lines.lineno, (long)at + 1, "%s", what);
			return skip_map(r);
		}
		if (r->no_text ? grow_big(&m->grid.cell, &m->cellcap, ((size_t)y + 2) * stride) != 0 :
		    store_row(m, &textlen, y, s, n, ((size_t)y + 2) * stride) != 0) {
			/* A bad row is reported before the memory it lacked. */
			if (check_movingai_row(d, r->lines.lineno, (const unsigned char *)s, n) != 0)
				return skip_map(r);
			return nomem(r, m, d);
		}
		c = m->grid.cell + ((size_t)y + 1) * stride;
		if (y == 0)
			memset(m->grid.cell, 0, stride);
		c[0] = c[stride - 1] = 0;
		if ((translate(mkind, (const unsigned char *)s, n, c + 1) & K_SPECIAL) &&
		    check_movingai_row(d, r->lines.lineno, (const unsigned char *)s, n) != 0)
			return skip_map(r);
	}
	/* The rows must end the map: a further row means a wrong height. */
	rc = lines_next(&r->lines, &s, &n);
	if (rc == LINES_ERR)
		return ioerr(r, d);
	if (rc == LINES_LONG || (rc == LINES_OK && n > 0)) {
		char what[64];

		snprintf(what, sizeof(what), "more rows than height %d says", h);
		seterr(d, r->lines.lineno, 1, "%s", what);
		return skip_map(r);
	}
	m->movingai = 1;
	if (grow_big(&m->grid.cell, &m->cellcap, stride * ((size_t)h + 2)) != 0)
		return nomem_at_end(m, d);
	memset(m->grid.cell + ((size_t)h + 1) * stride, 0, stride);
	grid_size(&m->grid, w, h);
	m->grid.uniform = 1;
	m->grid.start = 0;
	m->grid.ngoal = 0;
	return MAP_OK;
}

/*
 * Read the next map.  MAP_OK: *m holds it.  MAP_EOF: the stream is done.
 * MAP_BAD: *d says what was wrong, and the next call skips the rest of
 * the map (stopping at a read error: MAP_IOERR).  MAP_IOERR:
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
	if (skip_rest(r, d) != MAP_OK) {
		r->nmaps++;
		return MAP_IOERR;
	}
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
	struct diag d;
	const char *s;
	size_t n;
	int rc;

	if (skip_rest(r, &d) != MAP_OK)	/* the rest of a bad map is no map */
		return 1;	/* the read error is the next map_read's to report */
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
 * Bit k % 64 of out[k / 64] set when cell k of the n at cells has a bit
 * of mask; the last word's bits past n are 0.
 */
void
cells_bits(const uint8_t *cells, size_t n, uint8_t mask, uint64_t *out)
{
	size_t w, k;

	for (w = 0; w < n / 64; w++) {
		uint64_t v = 0;

#if defined(__SSE2__) && !defined(PF_NO_BUILTINS)
		/* sixteen cells at once: the bytes with no bit of mask, as a mask of bits */
		for (k = 0; k < 4; k++) {
			__m128i b = _mm_loadu_si128((const __m128i *)(const void *)(cells + 64 * w +
			    16 * k));

			b = _mm_cmpeq_epi8(_mm_and_si128(b, _mm_set1_epi8((char)mask)),
			    _mm_setzero_si128());
			v |= (uint64_t)(~(unsigned)_mm_movemask_epi8(b) & 0xffff) << 16 * k;
		}
#elif defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
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

/* The root of run r's tree in comps_build, halving the path on the way. */
static uint32_t
find(uint32_t *parent, uint32_t r)
{
	while (parent[r] != r) {
		parent[r] = parent[parent[r]];
		r = parent[r];
	}
	return r;
}

/* Join the trees of runs r and q: the larger root below the smaller. */
static void
join(uint32_t *parent, uint32_t r, uint32_t q)
{
	uint32_t rr = find(parent, r), rq = find(parent, q);

	if (rr < rq)
		parent[rq] = rr;
	else
		parent[rr] = rq;
}

/*
 * Row y of g as bits (cells_bits) into f, n words, and its run starts
 * into st, the free cells whose cell before is blocked; pre[w] is the
 * number of starts in the words before w.
 */
static void
row_runs(const struct grid *g, size_t y, size_t n, uint64_t *f, uint64_t *st, uint32_t *pre)
{
	uint64_t carry = 0;
	uint32_t k = 0;
	size_t w;

	cells_bits(g->cell + y * g->stride, g->stride, CELL_COST, f);
	for (w = 0; w < n; w++) {
		st[w] = f[w] & ~(f[w] << 1 | carry);
		carry = f[w] >> 63;
		pre[w] = k;
		k += (uint32_t)bitcount(st[w]);
	}
}

/* The end of the run from column a of a row's bits f: its next blocked cell. */
static size_t
run_end(const uint64_t *f, size_t a)
{
	size_t q = a / 64;
	uint64_t z;

	for (z = ~f[q] & ~(uint64_t)0 << a % 64; z == 0; z = ~f[++q])
		;
	return 64 * q + (size_t)lowbit(z);
}

/* How many runs of a row (row_runs' st and pre) start at column x or before. */
static uint32_t
starts_to(const uint64_t *st, const uint32_t *pre, size_t x)
{
	uint64_t m = x % 64 == 63 ? ~(uint64_t)0 : ((uint64_t)1 << (x % 64 + 1)) - 1;

	return pre[x / 64] + (uint32_t)bitcount(st[x / 64] & m);
}

/*
 * The connected components of the passable cells of g into c, in as
 * little room as they fit: -S keeps them beside a search's 12 bytes a
 * cell.  Most maps have one component that holds most of the passable
 * cells: that one is every passable cell that is not listed, and the
 * cells outside it are a sorted list of cells and labels (8 bytes each),
 * looked up by bisection; a map whose passable cells all connect keeps
 * nothing but the grid it already has.  Where the list is no smaller
 * than a label for every cell (4 bytes), every cell's label is kept
 * instead (0 for a blocked cell).  The component is the majority's when
 * there is one (Boyer and Moore's vote, weighed by the runs' lengths, in
 * one pass and no room); any other would be as right, only larger.
 * With eight set diagonal steps connect too (the "always" rule); the
 * other diagonal rules never connect more than orthogonal steps do,
 * because they only allow a diagonal step beside a passable orthogonal
 * cell.  g must outlive c.  -1 when out of memory.
 *
 * Union-find over the runs of free cells in each row, numbered in
 * reading order, with parent[] as the forest, where a parent always has
 * a smaller number than its child and a root is its own parent.  A run
 * of columns [a, b) is joined with every run of the row above that
 * touches it: those overlapping its columns, and with eight set those
 * one column beyond, [a - 1, b].  Those are runs numbered one after
 * another, from the one at column a (a - 1) if that cell is free, else
 * the first to start after it, to the last to start at column b - 1 (b),
 * counted from the row above's starts with counts of set bits.  Joining
 * links the larger root below the smaller, so that one pass in order
 * then turns every parent into its root, each parent being done before
 * its children.  The rows are read as bits (cells_bits), 64 cells a
 * word, and a run found by the lowest set bit of a word rather than by
 * a branch on every cell.  A run a cell, labels in an array of 4 bytes
 * a cell were a quarter of a gigabyte at 8192 x 8192, written and read
 * four times over; the runs' two arrays take 6 bytes a run, and the
 * cells are read twice, as bits.  O(cells).  The runs' arrays grow as
 * runs are found (grow_runs, twice as large each time): room for the
 * most a map can have, a run every other cell, is 3 bytes a cell of
 * address space, which reserved at once was 50 MB on an open map of
 * 4096 x 4096 with a run a row, more than its search ever had resident
 * (BENCHMARKS.md, item 2).
 */
static int
grow_runs(uint32_t **parent, uint16_t **len, size_t *cap, size_t most)
{
	size_t n = *cap < most / 2 ? 2 * *cap : most;
	uint32_t *p;
	uint16_t *l;

	if ((p = realloc(*parent, n * sizeof(*p))) == NULL)
		return -1;
	*parent = p;
	if ((l = realloc(*len, n * sizeof(*l))) == NULL)
		return -1;
	*len = l;
	*cap = n;
	return 0;
}

int
comps_build(struct comps *c, const struct grid *g, int eight)
{
	const size_t s = g->stride, rw = (s + 63) / 64, e = eight ? 1 : 0, h = (size_t)g->h;
	/* at most one run every other column of a row: (w + 1) / 2 */
	const size_t most = h * ((size_t)(g->w + 1) / 2) + 1;
	uint64_t *bits, *up, *ust, *cur, *cst, *t;
	uint32_t *parent, *pre, *upre, *cpre, *tp, cand = 0, r = 0, q;
	uint16_t *len;
	size_t y, w, votes = 0, n = 0, cap = most < 4096 ? most : 4096;

	memset(c, 0, sizeof(*c));
	parent = malloc(cap * sizeof(*parent));
	len = malloc(cap * sizeof(*len));
	bits = malloc(4 * rw * sizeof(*bits));
	pre = malloc(2 * rw * sizeof(*pre));
	if (parent == NULL || len == NULL || bits == NULL || pre == NULL)
		goto nomem;
	up = bits, ust = bits + rw, cur = bits + 2 * rw, cst = bits + 3 * rw;
	upre = pre, cpre = pre + rw;
	memset(bits, 0, 2 * rw * sizeof(*bits));	/* row 0, the padding: no runs */
	memset(upre, 0, rw * sizeof(*upre));
	for (y = 1; y <= h; y++) {
		const uint32_t above = r - upre[rw - 1] - (uint32_t)bitcount(ust[rw - 1]);

		row_runs(g, y, rw, cur, cst, cpre);
		for (w = 0; w < rw; w++) {
			uint64_t st;

			for (st = cst[w]; st != 0; st &= st - 1) {
				/* a >= 1 and b <= s - 1: the padding columns are blocked */
				size_t a = 64 * w + (size_t)lowbit(st), b = run_end(cur, a);
				size_t lo = a - e, hi = b - 1 + e;
				uint32_t to = starts_to(ust, upre, hi);

				if (r == cap && grow_runs(&parent, &len, &cap, most) != 0)
					goto nomem;
				parent[r] = r;
				len[r] = (uint16_t)(b - a);
				q = starts_to(ust, upre, lo) - (uint32_t)(up[lo / 64] >> lo % 64 & 1);
				for (; q < to; q++)
					join(parent, r, above + q);
				r++;
			}
		}
		t = up, up = cur, cur = t;
		t = ust, ust = cst, cst = t;
		tp = upre, upre = cpre, cpre = tp;
	}
	/* Every run's parent its root, and the vote. */
	for (q = 0; q < r; q++) {
		uint32_t l = parent[q] = parent[parent[q]];

		if (votes == 0)
			cand = l;
		if (l == cand)
			votes += len[q];
		else if (votes >= len[q])
			votes -= len[q];
		else {
			cand = l;
			votes = len[q] - votes;
		}
	}
	for (q = 0; q < r; q++)
		n += parent[q] != cand ? len[q] : 0;
	c->cell = g->cell;
	c->main = cand + 1;
	if (n == 0)
		goto done;	/* one component, or none */
	if (n * 2 * sizeof(uint32_t) >= g->ncells * sizeof(uint32_t)) {
		if ((c->label = calloc(g->ncells, sizeof(*c->label))) == NULL)
			goto nomem;
	} else {
		if ((c->rest = malloc(n * sizeof(*c->rest))) == NULL ||
		    (c->rlabel = malloc(n * sizeof(*c->rlabel))) == NULL)
			goto nomem;
	}
	/* The runs again, in the same order: their cells' labels, run numbers + 1. */
	for (y = 1, r = 0; y <= h; y++) {
		row_runs(g, y, rw, cur, cst, cpre);
		for (w = 0; w < rw; w++) {
			uint64_t st;

			for (st = cst[w]; st != 0; st &= st - 1, r++) {
				size_t a = 64 * w + (size_t)lowbit(st), k;
				uint32_t l = parent[r] + 1;

				if (c->label != NULL)
					for (k = a; k < a + len[r]; k++)
						c->label[y * s + k] = l;
				else if (l != c->main)
					for (k = a; k < a + len[r]; k++) {
						c->rest[c->nrest] = (uint32_t)(y * s + k);
						c->rlabel[c->nrest++] = l;
					}
			}
		}
	}
done:
	free(parent);
	free(len);
	free(bits);
	free(pre);
	return 0;
nomem:
	free(parent);
	free(len);
	free(bits);
	free(pre);
	comps_free(c);
	return -1;
}

void
comps_free(struct comps *c)
{
	free(c->label);
	free(c->rest);
	free(c->rlabel);
	memset(c, 0, sizeof(*c));
}

/* Cell i's label (comps_build): the same for two cells of one component; 0: blocked. */
static uint32_t
comps_label(const struct comps *c, uint32_t i)
{
	size_t lo = 0, hi = c->nrest;

	if (c->label != NULL)
		return c->label[i];
	if (!(c->cell[i] & CELL_COST))
		return 0;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (c->rest[mid] < i)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < c->nrest && c->rest[lo] == i ? c->rlabel[lo] : c->main;
}

/* Can cell a reach cell b (or are both blocked)? */
int
comps_same(const struct comps *c, uint32_t a, uint32_t b)
{
	return comps_label(c, a) == comps_label(c, b);
}

/*
 * Give back the map's text, which only the text output draws: -S never
 * does, and a large map's text is a byte a cell.  The rows go with it.
 */
void
map_drop_text(struct map *m)
{
	bigmem_free(m->text, m->textcap);
	free(m->row);
	m->text = NULL;
	m->row = NULL;
	m->textcap = m->rowcap = 0;
}
