/*
 * deflatecheck - checks src/deflate.c apart from the images, where the
 * PNG files of a few maps would hardly reach its corners: codes longer
 * than 15 bits, a block boundary inside a run, the window's slide.
 *
 *   deflatecheck lengths
 *	huff_lengths on counts made to need long codes (Fibonacci numbers,
 *	powers of two), equal ones, one or no symbol used, and random ones,
 *	for the literal/length alphabet (at most 15 bits) and the code
 *	lengths' (at most 7): every code length within its limit, one for
 *	every symbol counted and none for the others, at least two codes,
 *	and the lengths a complete prefix code (Kraft's sum exactly 1).
 *	Where the limit cannot bind (counts within a factor of two of one
 *	another), the code costs what Huffman's algorithm makes it cost
 *	(worked out here the plain way).  Prints nothing when all hold.
 *   deflatecheck stream KIND SEED ZFILE RAWFILE
 *	Compresses a pseudo-random input of KIND (empty, byte, runs,
 *	noise, skewed, rows; window and beyond, random bytes repeating
 *	every 32,768 and 32,769 bytes, matches at the window's edge and
 *	just past it) made from SEED, whole, in pieces of random sizes
 *	and in pieces of 1 to 5 bytes, checks that all three give the
 *	same bytes and that every piece handed to the sink but the last is
 *	DEFLATE_PIECE bytes, that window's input, its second 32,768 bytes
 *	on, comes out as matches (the stream under a tenth of it) and rows'
 *	as matches a row back (under a ninth), and
 *	writes the zlib stream to ZFILE and the input to RAWFILE, for
 *	tests/pngcheck.c -z to inflate and compare.
 *   deflatecheck codes ZFILE RAWFILE
 *	A stream whose symbols are given, not found: every literal, every
 *	length 3 to 258, every distance code at its least and its greatest
 *	distance, some skewed, a block of exactly 16,384 symbols, the last
 *	block empty; RAWFILE the bytes they stand for.
 *
 * Exit 0 when all hold, 1 with a message on stderr when not.
 */
#include "../src/deflate.c"

#include <stdio.h>

static int failures;

static void
fail(const char *what, int n, int limit)
{
	if (failures++ < 10)
		fprintf(stderr, "deflatecheck: %s (n %d, limit %d)\n", what, n, limit);
}

/* The cost sum(count * length) of a Huffman code, by merging the two least, O(n^2). */
static uint64_t
huffman_cost(const uint32_t *count, int n)
{
	uint64_t w[NLIT], cost = 0, least;
	int m = 0, i, a, b;

	for (i = 0; i < n; i++)
		if (count[i] > 0)
			w[m++] = count[i];
	if (m < 2)
		return m == 1 ? w[0] : 0;	/* a lone symbol gets one bit */
	while (m > 1) {
		for (a = 0, i = 1; i < m; i++)
			if (w[i] < w[a])
				a = i;
		least = w[a];	/* taken out: the last put in its place */
		w[a] = w[--m];
		for (b = 0, i = 1; i < m; i++)
			if (w[i] < w[b])
				b = i;
		w[b] += least;
		cost += w[b];
	}
	return cost;
}

static void
check_lengths(const uint32_t *count, int n, int limit, int optimal)
{
	uint8_t len[NLIT];
	uint64_t kraft = 0, cost = 0;	/* Kraft's sum in units of 2^-limit */
	int i, used = 0, coded = 0;

	huff_lengths(count, n, limit, len);
	for (i = 0; i < n; i++) {
		used += count[i] > 0;
		coded += len[i] > 0;
		if (count[i] > 0 && len[i] == 0)
			fail("a symbol counted has no code", n, limit);
		if (len[i] > limit)
			fail("a code longer than the limit", n, limit);
		if (len[i] > 0)
			kraft += (uint64_t)1 << (limit - len[i]);
		cost += (uint64_t)count[i] * len[i];
	}
	if (used >= 2 && coded != used)
		fail("a symbol not counted has a code", n, limit);
	if (coded < 2)
		fail("fewer than two codes", n, limit);
	if (kraft != (uint64_t)1 << limit)
		fail("the lengths are not a complete prefix code", n, limit);
	if (optimal && cost != huffman_cost(count, n))
		fail("the code costs more than Huffman's", n, limit);
}

static uint32_t rng = 1;

static uint32_t
next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 17;
	rng ^= rng << 5;
	return rng;
}

static int
lengths(void)
{
	uint32_t c[NLIT];
	int n, limit, i, k, trial;

	for (k = 0; k < 2; k++) {
		n = k == 0 ? NLIT : NCL;
		limit = k == 0 ? MAXBITS : MAXCLBITS;
		/* Fibonacci counts: Huffman's code would be n - 1 bits deep */
		for (i = 0; i < n; i++)
			c[i] = i < 2 ? 1 : c[i - 1] + c[i - 2] > 100000000 ? 100000000 :
			    c[i - 1] + c[i - 2];
		check_lengths(c, n, limit, 0);
		/* powers of two, and in the other order */
		for (i = 0; i < n; i++)
			c[i] = (uint32_t)1 << (i % 30);
		check_lengths(c, n, limit, 0);
		for (i = 0; i < n; i++)
			c[n - 1 - i] = (uint32_t)1 << (i % 30);
		check_lengths(c, n, limit, 0);
		for (i = 0; i < n; i++)
			c[i] = 7;
		check_lengths(c, n, limit, 1);
		memset(c, 0, sizeof c);
		check_lengths(c, n, limit, 0);
		c[n - 1] = 5;
		check_lengths(c, n, limit, 0);
		c[3] = 1;
		check_lengths(c, n, limit, 0);
		for (trial = 0; trial < 2000; trial++) {
			int kind = trial % 4;

			for (i = 0; i < n; i++) {
				uint32_t r = next();

				c[i] = kind == 0 ? 500 + r % 500 : kind == 1 ? (r % 4 == 0 ? r % 50000 : 0) :
				    kind == 2 ? (uint32_t)1 << (r % 24) : (r % 3 == 0) * (r >> 20);
			}
			check_lengths(c, n, limit, kind == 0);
		}
	}
	return failures > 0;
}

/* The sink: the zlib stream gathered, and the pieces' sizes checked. */
struct gather {
	uint8_t *p;
	size_t n, cap;
	int short_piece;	/* a piece shorter than DEFLATE_PIECE was seen */
	int bad;
};

static int
gather(void *arg, const uint8_t *p, size_t n)
{
	struct gather *g = arg;

	if (g->short_piece || n == 0 || n > DEFLATE_PIECE)
		g->bad = 1;
	if (n < DEFLATE_PIECE)
		g->short_piece = 1;
	if (g->n + n > g->cap) {
		g->cap = (g->n + n) * 2;
		if ((g->p = realloc(g->p, g->cap)) == NULL) {
			errno = ENOMEM;
			return -1;
		}
	}
	memcpy(g->p + g->n, p, n);
	g->n += n;
	return 0;
}

/* pieces: 0 the input whole, 1 random sizes to 70,000, 2 sizes 1 to 5. */
static int
compress(const uint8_t *in, size_t n, int pieces, struct gather *g)
{
	struct deflate *z;
	size_t k, off = 0;

	memset(g, 0, sizeof *g);
	if ((z = deflate_new(gather, g)) == NULL)
		return -1;
	while (off < n) {
		k = pieces == 0 ? n : pieces == 2 ? 1 + next() % 5 :
		    1 + next() % (next() % 2 ? 300 : 70000);
		if (k > n - off)
			k = n - off;
		if (deflate_put(z, in + off, k) != 0)
			break;
		off += k;
	}
	if (off < n || deflate_finish(z) != 0) {
		deflate_free(z);
		return -1;
	}
	deflate_free(z);
	return g->bad ? -1 : 0;
}

static size_t
make_input(const char *kind, uint8_t *p, size_t cap)
{
	size_t n = 0, k, run;
	uint8_t b;

	if (strcmp(kind, "empty") == 0)
		return 0;
	if (strcmp(kind, "byte") == 0) {
		p[0] = (uint8_t)next();
		return 1;
	}
	if (strcmp(kind, "runs") == 0)	/* runs of 1 to 600 of a byte */
		while (n < cap) {
			b = (uint8_t)next();
			for (run = 1 + next() % 600; run > 0 && n < cap; run--)
				p[n++] = b;
		}
	else if (strcmp(kind, "noise") == 0)
		while (n < cap)
			p[n++] = (uint8_t)next();
	else if (strcmp(kind, "skewed") == 0)	/* byte k with chance 0.62^k: deep codes */
		while (n < cap) {
			for (b = 0; b < 255 && next() % 1000 >= 380; b++)
				;
			p[n++] = b;
		}
	else if (strcmp(kind, "rows") == 0)	/* rows of 30,001 bytes, each the last with a few changed */
		while (n < cap) {
			for (k = 0; k < 30001 && n < cap; k++, n++)
				p[n] = n < 30001 ? (uint8_t)(next() % 16) : next() % 50 == 0 ?
				    (uint8_t)next() : p[n - 30001];
		}
	else if (strcmp(kind, "window") == 0 || strcmp(kind, "beyond") == 0) {
		run = kind[0] == 'w' ? 32768 : 32769;
		for (; n < cap; n++)
			p[n] = n < run ? (uint8_t)next() : p[n - run];
	} else
		return (size_t)-1;
	return n;
}

/* The bytes symbols stand for, as an inflater makes them. */
static size_t
lit_out(uint8_t *out, size_t n, unsigned c)
{
	out[n] = (uint8_t)c;
	return n + 1;
}

static size_t
match_out(uint8_t *out, size_t n, unsigned len, unsigned dist)
{
	for (; len > 0; len--, n++)
		out[n] = out[n - dist];
	return n;
}

/* "codes": literal() and match() called directly, with the bytes they mean. */
static int
codes(const char *zname, const char *rawname)
{
	static uint8_t raw[600000];
	struct gather g;
	struct deflate *z;
	size_t n = 0;
	unsigned i, k;
	FILE *fp;

	memset(&g, 0, sizeof g);
	if ((z = deflate_new(gather, &g)) == NULL)
		return 1;
	for (i = 0; i < 256; i++)
		literal(z, i), n = lit_out(raw, n, i);
	for (i = 0; i < 130; i++)	/* 33,540 bytes: room for every distance */
		match(z, MAXMATCH, 1), n = match_out(raw, n, MAXMATCH, 1);
	for (i = MINMATCH; i <= MAXMATCH; i++)
		match(z, i, 7), n = match_out(raw, n, i, 7);
	for (k = 0; k < 2; k++)
		for (i = 0; i < 30; i++) {
			unsigned d = dist_base[i] + (k ? (1u << dist_extra[i]) - 1 : 0);

			match(z, 3 + i, d);
			n = match_out(raw, n, 3 + i, d);
		}
	for (i = 0; i < 5000; i++)
		literal(z, 0), n = lit_out(raw, n, 0);
	flush_block(z, 0);
	for (i = 0; i < BLOCK; i++)	/* fills the block: the last is empty */
		literal(z, i % 7), n = lit_out(raw, n, i % 7);
	z->adler = deflate_adler32(1, raw, n);
	if (deflate_finish(z) != 0 || g.bad) {
		fprintf(stderr, "deflatecheck: the stream failed, or a piece was not full\n");
		return 1;
	}
	deflate_free(z);
	if ((fp = fopen(zname, "wb")) == NULL || fwrite(g.p, 1, g.n, fp) != g.n ||
	    fclose(fp) != 0 || (fp = fopen(rawname, "wb")) == NULL ||
	    fwrite(raw, 1, n, fp) != n || fclose(fp) != 0) {
		fprintf(stderr, "deflatecheck: cannot write the files\n");
		return 1;
	}
	free(g.p);
	return 0;
}

int
main(int argc, char **argv)
{
	enum { CAP = 600000 };
	struct gather whole, cut, bits;
	static uint8_t in[CAP];
	size_t n;
	FILE *fp;

	if (argc == 2 && strcmp(argv[1], "lengths") == 0)
		return lengths();
	if (argc == 4 && strcmp(argv[1], "codes") == 0)
		return codes(argv[2], argv[3]);
	if (argc != 6 || strcmp(argv[1], "stream") != 0) {
		fprintf(stderr, "usage: deflatecheck lengths | stream kind seed zfile rawfile | "
		    "codes zfile rawfile\n");
		return 1;
	}
	rng = (uint32_t)strtoul(argv[3], NULL, 10) * 2654435761u | 1;
	if ((n = make_input(argv[2], in, CAP)) == (size_t)-1) {
		fprintf(stderr, "deflatecheck: no kind %s\n", argv[2]);
		return 1;
	}
	if (compress(in, n, 0, &whole) != 0 || compress(in, n, 1, &cut) != 0 ||
	    compress(in, n, 2, &bits) != 0) {
		fprintf(stderr, "deflatecheck: the stream failed, or a piece was not full\n");
		return 1;
	}
	if (whole.n != cut.n || memcmp(whole.p, cut.p, whole.n) != 0 ||
	    whole.n != bits.n || memcmp(whole.p, bits.p, whole.n) != 0) {
		fprintf(stderr, "deflatecheck: the input in pieces gave other bytes\n");
		return 1;
	}
	if (strcmp(argv[2], "window") == 0 && whole.n > n / 10) {
		fprintf(stderr, "deflatecheck: matches 32,768 bytes back were not taken\n");
		return 1;
	}
	/*
	 * A row's three bytes recur within it (16 values, so every 4,096
	 * bytes or so), so the match a row back is found only down the hash
	 * chains, and past a slide of the window only if the chains follow
	 * it: 63 kB of the 600 kB, where the head of each chain alone makes
	 * 126 kB, and chains that lose their links at each slide 70 kB.
	 */
	if (strcmp(argv[2], "rows") == 0 && whole.n > n / 9) {
		fprintf(stderr, "deflatecheck: matches a row back were not found\n");
		return 1;
	}
	if ((fp = fopen(argv[4], "wb")) == NULL || fwrite(whole.p, 1, whole.n, fp) != whole.n ||
	    fclose(fp) != 0 || (fp = fopen(argv[5], "wb")) == NULL ||
	    fwrite(in, 1, n, fp) != n || fclose(fp) != 0) {
		fprintf(stderr, "deflatecheck: cannot write the files\n");
		return 1;
	}
	free(whole.p);
	free(cut.p);
	free(bits.p);
	return 0;
}
