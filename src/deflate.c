/* deflate.c - a zlib stream of deflate data, blocks with their own codes; see deflate.h. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "deflate.h"

enum {
	WSIZE = 32768,		/* how far back a match may reach (RFC 1951) */
	BUFSZ = 4 * WSIZE,	/* the window, then input not yet coded */
	MINMATCH = 3,
	MAXMATCH = 258,
	/*
	 * Input is coded only while this much follows it, unless the stream
	 * is ending: then every match, and every position a match passes and
	 * enters into the hash, sees what it would have seen had all of the
	 * input come at once, so the output does not depend on the pieces.
	 */
	LOOKAHEAD = MAXMATCH + MINMATCH,
	HBITS = 15,
	/*
	 * The search for a match: at most CHAIN earlier positions of the
	 * same hash, a quarter of them once a match of GOOD bytes is in
	 * hand, none once one of NICE is; and a match is put off by a byte
	 * (lazy matching) only while shorter than LAZY.  zlib's level 6 has
	 * 128, 8, 128 and 16, which here took 2.64 s for 4.66 MB on the
	 * scanlines of a 4096x4096 map of random walls, where these take
	 * 1.13 s for 5.15 MB and one candidate a position with no lazy
	 * matching took 0.29 s for 6.97 MB; on a query across Berlin_0_1024,
	 * 15, 12 and 6 ms for 44, 49 and 86 kB.
	 */
	CHAIN = 32,
	GOOD = 8,
	NICE = 64,
	LAZY = 16,
	NLIT = 286,		/* literal/length codes used: 0..285 */
	NDIST = 30,
	NCL = 19,		/* the code-length alphabet */
	MAXBITS = 15,		/* the longest code of a literal, length or distance */
	MAXCLBITS = 7,		/* the longest code of a code length */
	BLOCK = 16384		/* symbols a block */
};

/* RFC 1951, 3.2.7: the order in which the code lengths' code lengths are sent. */
static const uint8_t cl_order[NCL] = {
	16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15
};

/* RFC 1951, 3.2.5: lengths 3..258 and distances 1..32768 as base + extra bits. */
static const uint16_t len_base[29] = {
	3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
	35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258
};
static const uint8_t len_extra[29] = {
	0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
	3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0
};
static const uint16_t dist_base[30] = {
	1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
	257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577
};
static const uint8_t dist_extra[30] = {
	0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
	7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13
};

struct deflate {
	deflate_sink *sink;
	void *arg;
	uint8_t *buf;		/* BUFSZ bytes */
	int32_t *head;		/* by hash of 3 bytes: the last position in buf, or -1 */
	int32_t *prev;		/* [p % WSIZE]: the position before p with p's hash, or -1 */
	size_t pos;		/* the next byte of buf to code */
	size_t end;		/* the end of the input in buf */
	unsigned plen, pdist;	/* a match at pos - 1 put off (plen 0: none) */
	uint32_t adler;
	uint64_t bits;		/* bits not yet in out, the first in bit 0 */
	unsigned nbits;
	int failed;
	size_t nout;
	/*
	 * The block being gathered: each symbol a literal (< 256) or 256 +
	 * a match's length - 3, with the match's distance (0 for a literal),
	 * and how often each code will be sent.
	 */
	uint16_t sym[BLOCK];
	uint16_t dist[BLOCK];
	size_t nsym;
	uint32_t lfreq[NLIT];
	uint32_t dfreq[NDIST];
	uint8_t lsym[MAXMATCH + 1];	/* a length's index into len_base */
	uint8_t dsym[512];	/* a distance's index into dist_base: see dist_index */
	uint8_t out[DEFLATE_PIECE];
};

uint32_t
deflate_adler32(uint32_t adler, const void *buf, size_t n)
{
	const uint8_t *p = buf;
	uint32_t a = adler & 0xffff, b = adler >> 16;
	size_t k;

	while (n > 0) {
		k = n < 5552 ? n : 5552;	/* the most before b can overflow */
		n -= k;
		while (k-- > 0) {
			a += *p++;
			b += a;
		}
		a %= 65521;
		b %= 65521;
	}
	return b << 16 | a;
}

static unsigned
reverse(unsigned c, unsigned n)
{
	unsigned r = 0;

	while (n-- > 0) {
		r = r << 1 | (c & 1);
		c >>= 1;
	}
	return r;
}

static void
flush_out(struct deflate *z)
{
	if (z->nout > 0 && !z->failed && z->sink(z->arg, z->out, z->nout) != 0)
		z->failed = 1;
	z->nout = 0;
}

/* n <= 16 bits of v, the first in bit 0. */
static void
put_bits(struct deflate *z, uint32_t v, unsigned n)
{
	z->bits |= (uint64_t)v << z->nbits;
	z->nbits += n;
	while (z->nbits >= 8) {
		if (z->nout == DEFLATE_PIECE)
			flush_out(z);
		z->out[z->nout++] = (uint8_t)z->bits;
		z->bits >>= 8;
		z->nbits -= 8;
	}
}

/*
 * Distances up to 256 are looked up directly; above, every code's base
 * less one is a multiple of 128, so (d - 1) >> 7 tells the code (as in
 * zlib's d_code).
 */
static unsigned
dist_index(const struct deflate *z, unsigned d)
{
	return d <= 256 ? z->dsym[d - 1] : z->dsym[256 + ((d - 1) >> 7)];
}

static void flush_block(struct deflate *, int);

static void
literal(struct deflate *z, unsigned c)
{
	z->sym[z->nsym] = (uint16_t)c;
	z->dist[z->nsym++] = 0;
	z->lfreq[c]++;
	if (z->nsym == BLOCK)
		flush_block(z, 0);
}

static void
match(struct deflate *z, unsigned len, unsigned dist)
{
	z->sym[z->nsym] = (uint16_t)(256 + len - MINMATCH);
	z->dist[z->nsym++] = (uint16_t)dist;
	z->lfreq[257 + z->lsym[len]]++;
	z->dfreq[dist_index(z, dist)]++;
	if (z->nsym == BLOCK)
		flush_block(z, 0);
}

/*
 * Code lengths of at most limit bits for the n symbols by their counts,
 * into len (0 for a symbol not sent).  A Huffman code by the two-queue
 * method over the symbols sorted by count then symbol, so the result
 * depends on nothing else; when it runs longer than limit, the counts are
 * halved (none to 0) and the code made again, which flattens it.  At
 * least two symbols get a code, as inflaters expect.
 */
static void
huff_lengths(const uint32_t *count, int n, int limit, uint8_t *len)
{
	uint32_t w[2 * NLIT], f[NLIT];
	int leaf[NLIT], parent[2 * NLIT], depth[2 * NLIT];
	int nl, ni, li, ii, a, b, i, j, t, maxd;

	for (i = 0; i < n; i++)
		f[i] = count[i];
	for (i = 0, nl = 0; i < n; i++)
		nl += f[i] > 0;
	for (i = 0; nl < 2; i++)
		if (f[i] == 0)
			f[i] = 1, nl++;
	for (;;) {
		for (i = 0, nl = 0; i < n; i++)
			if (f[i] > 0)
				leaf[nl++] = i;
		/* insertion sort by count, then symbol: n is at most 286 */
		for (i = 1; i < nl; i++) {
			t = leaf[i];
			for (j = i; j > 0 && f[leaf[j - 1]] > f[t]; j--)
				leaf[j] = leaf[j - 1];
			leaf[j] = t;
		}
		/* nodes 0..nl-1 are the sorted leaves, nl.. the merged ones, in order made */
		for (i = 0; i < nl; i++)
			w[i] = f[leaf[i]];
		li = 0;
		ii = ni = nl;
		while (ni < 2 * nl - 1) {
			a = li < nl && (ii == ni || w[li] <= w[ii]) ? li++ : ii++;
			b = li < nl && (ii == ni || w[li] <= w[ii]) ? li++ : ii++;
			w[ni] = w[a] + w[b];
			parent[a] = parent[b] = ni++;
		}
		depth[ni - 1] = 0;
		maxd = 0;
		for (i = ni - 2; i >= 0; i--) {
			depth[i] = depth[parent[i]] + 1;
			if (i < nl && depth[i] > maxd)
				maxd = depth[i];
		}
		if (maxd <= limit)
			break;
		for (i = 0; i < n; i++)
			if (f[i] > 0)
				f[i] = f[i] / 2 + 1;
	}
	memset(len, 0, (size_t)n);
	for (i = 0; i < nl; i++)
		len[leaf[i]] = (uint8_t)depth[i];
}

/* RFC 1951, 3.2.2: the canonical codes of the lengths, bit-reversed for sending. */
static void
huff_codes(const uint8_t *len, int n, uint16_t *code)
{
	unsigned count[MAXBITS + 1] = { 0 }, next[MAXBITS + 1], c = 0;
	int i, b;

	for (i = 0; i < n; i++)
		count[len[i]]++;
	count[0] = 0;
	for (b = 1; b <= MAXBITS; b++) {
		c = (c + count[b - 1]) << 1;
		next[b] = c;
	}
	for (i = 0; i < n; i++)
		code[i] = len[i] ? (uint16_t)reverse(next[len[i]]++, len[i]) : 0;
}

/*
 * Send the gathered symbols as one block with codes made for them (BTYPE
 * 10), and the end of the block.  The lengths of both codes go as one
 * sequence, runs of a length shortened by the code-length alphabet's 16,
 * 17 and 18; that alphabet's own lengths go first, 3 bits each.
 */
static void
flush_block(struct deflate *z, int last)
{
	uint8_t len[NLIT + NDIST], llen[NLIT], dlen[NDIST], cllen[NCL];
	uint16_t lcode[NLIT], dcode[NDIST], clcode[NCL];
	uint8_t rle[NLIT + NDIST], rlex[NLIT + NDIST];
	uint32_t clfreq[NCL] = { 0 };
	int nlit = NLIT, ndist = NDIST, ncl = NCL, n, nr = 0, i, j, run;
	size_t k;
	unsigned s, d, li;

	z->lfreq[256]++;	/* the end of the block */
	huff_lengths(z->lfreq, NLIT, MAXBITS, llen);
	huff_lengths(z->dfreq, NDIST, MAXBITS, dlen);
	huff_codes(llen, NLIT, lcode);
	huff_codes(dlen, NDIST, dcode);
	while (nlit > 257 && llen[nlit - 1] == 0)
		nlit--;
	while (ndist > 1 && dlen[ndist - 1] == 0)
		ndist--;
	memcpy(len, llen, (size_t)nlit);
	memcpy(len + nlit, dlen, (size_t)ndist);
	n = nlit + ndist;
	for (i = 0; i < n; i += run) {
		for (run = 1; i + run < n && len[i + run] == len[i]; run++)
			;
		if (len[i] == 0 && run >= 3) {
			if (run > 138)
				run = 138;
			rle[nr] = run >= 11 ? 18 : 17;
			rlex[nr++] = (uint8_t)(run - (run >= 11 ? 11 : 3));
		} else if (len[i] != 0 && run >= 4) {
			/* the length once, then repeats of it, 3 to 6 at a time */
			rle[nr] = len[i];
			rlex[nr++] = 0;
			if (run > 7)
				run = 7;
			rle[nr] = 16;
			rlex[nr++] = (uint8_t)(run - 1 - 3);
		} else {
			run = 1;
			rle[nr] = len[i];
			rlex[nr++] = 0;
		}
	}
	for (i = 0; i < nr; i++)
		clfreq[rle[i]]++;
	huff_lengths(clfreq, NCL, MAXCLBITS, cllen);
	huff_codes(cllen, NCL, clcode);
	while (ncl > 4 && cllen[cl_order[ncl - 1]] == 0)
		ncl--;
	put_bits(z, (unsigned)last | 2u << 1, 3);	/* BFINAL, BTYPE 10 */
	put_bits(z, (unsigned)(nlit - 257), 5);
	put_bits(z, (unsigned)(ndist - 1), 5);
	put_bits(z, (unsigned)(ncl - 4), 4);
	for (i = 0; i < ncl; i++)
		put_bits(z, cllen[cl_order[i]], 3);
	for (i = 0; i < nr; i++) {
		j = rle[i];
		put_bits(z, clcode[j], cllen[j]);
		if (j >= 16)
			put_bits(z, rlex[i], j == 16 ? 2 : j == 17 ? 3 : 7);
	}
	for (k = 0; k < z->nsym; k++) {
		s = z->sym[k];
		if (s < 256) {
			put_bits(z, lcode[s], llen[s]);
			continue;
		}
		s = s - 256 + MINMATCH;
		li = z->lsym[s];
		put_bits(z, lcode[257 + li], llen[257 + li]);
		put_bits(z, s - len_base[li], len_extra[li]);
		d = dist_index(z, z->dist[k]);
		put_bits(z, dcode[d], dlen[d]);
		put_bits(z, z->dist[k] - dist_base[d], dist_extra[d]);
	}
	put_bits(z, lcode[256], llen[256]);
	z->nsym = 0;
	memset(z->lfreq, 0, sizeof z->lfreq);
	memset(z->dfreq, 0, sizeof z->dfreq);
}

static uint32_t
hash3(const uint8_t *p)
{
	uint32_t v = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16;

	return (v * 2654435761u) >> (32 - HBITS);
}

/* Enter position p, which has 3 bytes after it, into the hash chains. */
static void
insert(struct deflate *z, size_t p)
{
	uint32_t h = hash3(z->buf + p);

	z->prev[p % WSIZE] = z->head[h];
	z->head[h] = (int32_t)p;
}

/*
 * The longest match for position p among the earlier positions of its
 * hash, nearest first, within the window; the first of the longest
 * wins.  Walked before p is entered, so that no link is overwritten
 * while it can be followed: a position's link is taken only by the
 * position WSIZE on, past the window's reach from p.
 */
static size_t
longest(const struct deflate *z, size_t p, size_t have, size_t *dist)
{
	const uint8_t *b = z->buf;
	size_t avail = z->end - p, max = avail < MAXMATCH ? avail : MAXMATCH;
	size_t best = have, len, c;
	unsigned chain = have >= GOOD ? CHAIN / 4 : CHAIN;
	int32_t cand = z->head[hash3(b + p)];

	if (have >= max)
		return 0;	/* nothing longer fits before the end */
	while (cand >= 0 && p - (size_t)cand <= WSIZE && chain-- > 0) {
		c = (size_t)cand;
		if (b[c + best] == b[p + best]) {	/* (best < max: else stopped) */
			for (len = 0; len < max && b[c + len] == b[p + len]; len++)
				;
			if (len > best) {
				best = len;
				*dist = p - c;
				if (len >= max || len >= NICE)
					break;
			}
		}
		cand = z->prev[c % WSIZE];
	}
	return best > have ? best : 0;
}

/*
 * LZ77 with lazy matching: a match found at p is put off, and taken only
 * if p + 1 has none longer; else p is a literal and p + 1's match is put
 * off in turn.  Every position coded or passed enters the chains, so a
 * run of one byte becomes matches at distance 1.  The match put off
 * (plen, pdist) carries over to the next call.
 */
static void
code(struct deflate *z, int final)
{
	const uint8_t *b = z->buf;
	size_t lim, p, len, dist = 0, k, start;

	if (!final && z->end < LOOKAHEAD)
		return;
	lim = final ? z->end : z->end - LOOKAHEAD;
	while (z->pos < lim) {
		p = z->pos;
		len = 0;
		if (z->end - p >= MINMATCH) {
			if (z->plen < LAZY)
				len = longest(z, p, z->plen > 0 ? z->plen : MINMATCH - 1, &dist);
			insert(z, p);
		}
		if (z->plen > 0 && len == 0) {
			/* the match at p - 1 stands: code it, enter what it passes */
			start = p - 1;
			match(z, z->plen, z->pdist);
			for (k = p + 1; k < start + z->plen && k + MINMATCH <= z->end; k++)
				insert(z, k);
			z->pos = start + z->plen;
			z->plen = 0;
			continue;
		}
		if (z->plen > 0)
			literal(z, b[p - 1]);	/* p's match is longer */
		if (len >= MINMATCH) {
			z->plen = (unsigned)len;
			z->pdist = (unsigned)dist;
		} else {
			z->plen = 0;
			literal(z, b[p]);
		}
		z->pos = p + 1;
	}
	/*
	 * A final call leaves no match put off: one is put off only where 3
	 * bytes follow, and the next position, before the end, codes it.
	 */
}

/*
 * Keep the window before pos at the start of buf, moving by a multiple
 * of WSIZE so that prev's slots keep their positions; the links follow.
 * (pos is past 3 WSIZE here: see deflate_put.)
 */
static void
slide(struct deflate *z)
{
	size_t d = (z->pos - WSIZE) / WSIZE * WSIZE, i;

	memmove(z->buf, z->buf + d, z->end - d);
	z->pos -= d;
	z->end -= d;
	for (i = 0; i < (size_t)1 << HBITS; i++)
		z->head[i] = z->head[i] >= (int32_t)d ? z->head[i] - (int32_t)d : -1;
	for (i = 0; i < WSIZE; i++)
		z->prev[i] = z->prev[i] >= (int32_t)d ? z->prev[i] - (int32_t)d : -1;
}

struct deflate *
deflate_new(deflate_sink *sink, void *arg)
{
	struct deflate *z;
	unsigned s, i, d;

	if ((z = calloc(1, sizeof *z)) == NULL)	/* every count, bit and position 0 */
		return NULL;
	z->buf = malloc(BUFSZ);
	z->head = malloc(sizeof *z->head << HBITS);
	z->prev = malloc(sizeof *z->prev * WSIZE);
	if (z->buf == NULL || z->head == NULL || z->prev == NULL) {
		deflate_free(z);
		errno = ENOMEM;
		return NULL;
	}
	z->sink = sink;
	z->arg = arg;
	z->adler = 1;
	for (i = 0; i < (size_t)1 << HBITS; i++)
		z->head[i] = -1;
	for (i = 0; i < WSIZE; i++)
		z->prev[i] = -1;
	for (i = 0; i < 29; i++)
		for (s = len_base[i]; s <= (i < 28 ? len_base[i + 1] - 1u : MAXMATCH); s++)
			z->lsym[s] = (uint8_t)i;
	for (i = 0; i < 30; i++)
		for (d = dist_base[i]; d < dist_base[i] + (1u << dist_extra[i]); d++)
			z->dsym[d <= 256 ? d - 1 : 256 + ((d - 1) >> 7)] = (uint8_t)i;
	put_bits(z, 0x78, 8);	/* CMF: deflate, 32 KiB window */
	put_bits(z, 0x01, 8);	/* FLG: no dictionary, fastest; 0x7801 % 31 == 0 */
	return z;
}

int
deflate_put(struct deflate *z, const void *data, size_t n)
{
	const uint8_t *p = data;
	size_t k;

	while (n > 0 && !z->failed) {
		if (z->end == BUFSZ)
			slide(z);
		k = BUFSZ - z->end < n ? BUFSZ - z->end : n;
		memcpy(z->buf + z->end, p, k);
		z->adler = deflate_adler32(z->adler, p, k);
		z->end += k;
		p += k;
		n -= k;
		code(z, 0);
	}
	return z->failed ? -1 : 0;
}

int
deflate_finish(struct deflate *z)
{
	int i;

	if (z->failed)
		return -1;
	code(z, 1);
	flush_block(z, 1);
	if (z->nbits > 0)
		put_bits(z, 0, 8 - z->nbits);
	for (i = 24; i >= 0; i -= 8)
		put_bits(z, z->adler >> i & 0xff, 8);
	flush_out(z);
	return z->failed ? -1 : 0;
}

void
deflate_free(struct deflate *z)
{
	if (z == NULL)
		return;
	free(z->buf);
	free(z->head);
	free(z->prev);
	free(z);
}
