/*
 * fuzz_map.c - libFuzzer target: the ASCII and MovingAI map readers
 * (mapreader_open, map_read, map_more) over a file descriptor.
 *
 * Input: byte 0 says how the stream is delivered, the rest is the stream.
 *   bits 0-2  read(2) size: whole, or at most 1, 2, 3, 7, 64, 4093 or
 *             65537 bytes a call, as a pipe delivers (fuzz_chunk_for)
 *   bit 3     ask map_more after every outcome (main.c asks after the first)
 *   bit 4     expand runs: 0xff C X Y becomes the pair X Y repeated
 *             (C + 1) * 128 times, so that small inputs reach the width and
 *             height limits (a long line of X = Y = '.', many rows of ".\n")
 *
 * Checked on every input: the stream gives exactly one outcome per block
 * of non-empty lines (one "empty input" when there is none), every
 * diagnostic has a sane position and message, and every map read agrees
 * with its text: size, limits, padding, terrain, the A and the Bs.
 */
#include <string.h>

#include "../../src/map.h"
#include "fuzz.h"

#define EXPAND_MAX (256u << 10)	/* bytes an expanded input may reach */

/* Apply the 0xff C X Y runs.  Returns a malloc'd buffer. */
static uint8_t *
expand(const uint8_t *p, size_t n, size_t *outn)
{
	size_t cap = n + 1, len = 0, i, k, rep;
	uint8_t *out = malloc(cap);

	CHECK(out != NULL);
	for (i = 0; i < n; i++) {
		if (p[i] == 0xff && i + 3 < n) {
			rep = ((size_t)p[i + 1] + 1) * 256;
			if (len + rep > EXPAND_MAX)
				break;
			if (len + rep > cap) {
				while (cap < len + rep)
					cap *= 2;
				out = realloc(out, cap);
				CHECK(out != NULL);
			}
			for (k = 0; k < rep; k++)
				out[len++] = p[i + 2 + (k & 1)];
			i += 3;
			continue;
		}
		if (len == cap) {
			cap *= 2;
			out = realloc(out, cap);
			CHECK(out != NULL);
		}
		out[len++] = p[i];
	}
	*outn = len;
	return out;
}

/*
 * The independent view of the stream: how many blocks of non-empty lines
 * (a line is empty when nothing is left once its LF and one CR before it
 * are removed; a UTF-8 byte-order mark at the very start is no part of
 * it) and how many lines.
 */
static void
blocks(const uint8_t *p, size_t n, long *nblocks, long *nlines)
{
	size_t i = n >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0 ? 3 : 0, s;
	int inblock = 0;

	*nblocks = *nlines = 0;
	while (i < n) {
		size_t len;

		s = i;
		while (i < n && p[i] != '\n')
			i++;
		len = i - s;
		if (len > 0 && p[s + len - 1] == '\r')
			len--;
		if (i < n)
			i++;	/* the LF */
		++*nlines;
		if (len == 0)
			inblock = 0;
		else if (!inblock) {
			inblock = 1;
			++*nblocks;
		}
	}
}

static void
check_diag(const struct diag *d, long nlines)
{
	size_t len = strnlen(d->msg, sizeof(d->msg));

	CHECK(len > 0 && len < sizeof(d->msg));
	CHECK(d->line >= 1 && d->line <= nlines + 1);
	CHECK(d->col >= 1 && d->col <= MAP_MAX_WIDTH + 1);
}

/* Terrain an ASCII or MovingAI byte stands for: 0-9 plus CELL_GOAL, or -1. */
static int
cell_of(int movingai, unsigned char c)
{
	if (movingai)
		switch (c) {
		case '.': case 'G': case 'S': return 1;
		case '@': case 'O': case 'T': case 'W': return 0;
		default: return -1;
		}
	if (c >= '1' && c <= '9')
		return c - '0';
	switch (c) {
	case '.': case ' ': case 'A': return 1;
	case 'B': return 1 | CELL_GOAL;
	case '#': return 0;
	}
	return -1;
}

static void
check_map(const struct map *m, long nlines)
{
	const struct grid *g = &m->grid;
	size_t x, y, i, nb = 0, na = 0, maxlen = 0;
	int uniform = 1;

	CHECK(m->line >= 1 && m->line <= nlines);
	CHECK(g->w >= 1 && g->w <= MAP_MAX_WIDTH);
	CHECK(g->h >= 1 && g->h <= MAP_MAX_HEIGHT);
	CHECK((size_t)g->w * (size_t)g->h <= MAP_MAX_CELLS);
	CHECK(g->stride == (size_t)g->w + 2);
	CHECK(g->ncells == g->stride * ((size_t)g->h + 2));
	CHECK(g->ncells <= UINT32_MAX);
	/* The padding is blocked. */
	for (x = 0; x < g->stride; x++)
		CHECK(g->cell[x] == 0 && g->cell[((size_t)g->h + 1) * g->stride + x] == 0);
	for (y = 0; y < (size_t)g->h + 2; y++)
		CHECK(g->cell[y * g->stride] == 0 && g->cell[y * g->stride + g->stride - 1] == 0);
	for (y = 0; y < (size_t)g->h; y++) {
		const struct row *r = &m->row[y];
		const unsigned char *t = (const unsigned char *)m->text + r->off;

		CHECK(r->len >= 0 && r->len <= g->w);
		if ((size_t)r->len > maxlen)
			maxlen = (size_t)r->len;
		if (m->movingai)
			CHECK(r->len == g->w);
		for (x = 0; x < (size_t)g->w; x++) {
			i = (y + 1) * g->stride + x + 1;
			if (x >= (size_t)r->len) {
				CHECK(g->cell[i] == 0);	/* past a short row */
				continue;
			}
			CHECK(cell_of(m->movingai, t[x]) >= 0);
			CHECK(g->cell[i] == cell_of(m->movingai, t[x]));
			if ((g->cell[i] & CELL_COST) > 1)
				uniform = 0;
			if (m->movingai)
				continue;
			if (t[x] == 'A') {
				na++;
				CHECK(g->start == i);
			} else if (t[x] == 'B') {
				CHECK(nb < g->ngoal);
				CHECK(g->goal[nb] == i);	/* in reading order */
				nb++;
			}
		}
	}
	CHECK(maxlen == (size_t)g->w);
	CHECK(g->uniform == uniform);	/* no terrain above 1 (for -a jps) */
	if (m->movingai) {
		size_t tl = strnlen(m->type, sizeof(m->type));

		CHECK(tl > 0 && tl < sizeof(m->type));
	} else {
		CHECK(na == 1);
		CHECK(nb >= 1 && nb == g->ngoal);
		CHECK(m->type[0] == '\0');
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct mapreader rd;
	struct map map;
	struct diag d;
	uint8_t *buf = NULL;
	const uint8_t *in;
	long nblocks, nlines, outcomes = 0;
	int fd, rc, flags, more_each;

	if (size == 0)
		return 0;
	flags = data[0];
	in = data + 1;
	size--;
	if (flags & 0x10)
		in = buf = expand(in, size, &size);
	more_each = flags & 0x08;
	blocks(in, size, &nblocks, &nlines);

	fd = fuzz_fd(in, size);
	fuzz_read_chunk(fd, fuzz_chunk_for((unsigned)flags, size));
	memset(&map, 0, sizeof(map));
	CHECK(mapreader_open(&rd, fd) == 0);
	while ((rc = map_read(&rd, &map, &d)) != MAP_EOF) {
		CHECK(rc == MAP_OK || rc == MAP_BAD);	/* a memfd has no read errors */
		outcomes++;
		CHECK(outcomes <= (nblocks > 0 ? nblocks : 1));
		CHECK(rd.nmaps == outcomes);
		if (rc == MAP_OK)
			check_map(&map, nlines);
		else {
			check_diag(&d, nlines);
			if (nblocks == 0)
				CHECK(strcmp(d.msg, "empty input") == 0 && d.line == 1 && d.col == 1);
		}
		if (more_each)	/* another map follows exactly when a block is left */
			CHECK(map_more(&rd) == (outcomes < nblocks));
	}
	CHECK(outcomes == (nblocks > 0 ? nblocks : 1));
	CHECK(map_read(&rd, &map, &d) == MAP_EOF);	/* and stays done */
	mapreader_close(&rd);
	map_free(&map);
	fuzz_read_chunk(-1, 0);
	free(buf);
	return 0;
}
