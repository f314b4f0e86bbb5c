/*
 * pngcheck - an independent check of the PNG files pathfind writes, for
 * tests/viz.bats (built there with cc; no zlib, no Python).
 *
 *   pngcheck FILE          prints "W H" when the file is a valid PNG as
 *                          pathfind writes it: signature; IHDR first, 8-bit
 *                          RGB, no interlace; every chunk's CRC; the IDAT
 *                          chunks in a row, their data one zlib stream
 *                          whose deflate blocks (stored, fixed or dynamic
 *                          codes: all of RFC 1951) decode to exactly the
 *                          image's scanlines and whose Adler-32 matches;
 *                          IEND last; every scanline's filter type 0 to 4,
 *                          undone here.
 *   pngcheck FILE X Y      prints "R G B" of pixel (X, Y) instead.
 *   pngcheck FILE PPM      prints "W H" when, besides, every pixel is that
 *                          of the binary PPM (P6, maxval 255) file PPM.
 *   pngcheck -z ZFILE RAW  checks that ZFILE is one zlib stream (header,
 *                          deflate data, Adler-32, nothing after) that
 *                          inflates to exactly the bytes of RAW, for
 *                          tests/deflatecheck.c; prints nothing.
 *
 * Exit 0 when valid, 1 with a message on stderr when not.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t crc_table[256];

static uint32_t
crc(const unsigned char *p, size_t n)
{
	uint32_t c = 0xffffffffu;

	while (n-- > 0)
		c = crc_table[(c ^ *p++) & 0xff] ^ (c >> 8);
	return c ^ 0xffffffffu;
}

static uint32_t
be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static int
fail(const char *msg)
{
	fprintf(stderr, "pngcheck: %s\n", msg);
	return 1;
}

/* An inflater of RFC 1951, written for this check from the RFC alone. */
struct in {
	const unsigned char *p;
	size_t n, pos;		/* in bytes */
	unsigned bit;		/* the next bit of p[pos] */
	unsigned char *out;
	size_t on, cap;
	const char *err;
};

static unsigned
bits(struct in *s, unsigned n)
{
	unsigned v = 0, i;

	for (i = 0; i < n; i++) {
		if (s->pos >= s->n) {
			s->err = "truncated deflate stream";
			return 0;
		}
		v |= (unsigned)(s->p[s->pos] >> s->bit & 1) << i;
		if (++s->bit == 8) {
			s->bit = 0;
			s->pos++;
		}
	}
	return v;
}

/*
 * A canonical code: how many codes of each length, the symbols by code.
 * huff_make returns -1 for lengths that make more codes than there is
 * room for, else how many codes of the longest length are missing
 * (0: complete), for the caller to judge, as zlib does.
 */
struct huff {
	unsigned short count[16];
	unsigned short sym[320];
};

static int
huff_make(struct huff *h, const unsigned char *len, unsigned n)
{
	unsigned short off[16];
	unsigned i;
	int left = 1;

	memset(h->count, 0, sizeof h->count);
	for (i = 0; i < n; i++)
		h->count[len[i]]++;
	h->count[0] = 0;
	for (i = 1; i < 16; i++) {
		left = left * 2 - h->count[i];
		if (left < 0)
			return -1;	/* more codes than the lengths allow */
	}
	off[1] = 0;
	for (i = 1; i < 15; i++)
		off[i + 1] = off[i] + h->count[i];
	for (i = 0; i < n; i++)
		if (len[i] != 0)
			h->sym[off[len[i]]++] = (unsigned short)i;
	return left;
}

/*
 * A dynamic block's literal/length or distance code: complete, or (as
 * zlib allows, RFC 1951 3.2.7) all its codes of one bit, so one or none.
 */
static int
huff_usable(struct huff *h, const unsigned char *len, unsigned n)
{
	int left = huff_make(h, len, n);
	unsigned i, codes = 0;

	for (i = 1; i < 16; i++)
		codes += h->count[i];
	return left == 0 || (left > 0 && codes == h->count[1]) ? 0 : -1;
}

/* Read codes a bit at a time, the first bit the code's highest. */
static int
huff_read(struct in *s, const struct huff *h)
{
	int code = 0, first = 0, index = 0, len;

	for (len = 1; len < 16; len++) {
		code |= (int)bits(s, 1);
		if (s->err)
			return -1;
		if (code - h->count[len] < first)
			return h->sym[index + (code - first)];
		index += h->count[len];
		first = (first + h->count[len]) << 1;
		code <<= 1;
	}
	s->err = "a code not in the block's table";
	return -1;
}

static const unsigned short lbase[29] = { 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27,
	31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258 };
static const unsigned char lext[29] = { 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3,
	3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0 };
static const unsigned short dbase[30] = { 1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129,
	193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577 };
static const unsigned char dext[30] = { 0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7,
	8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13 };

static void
put(struct in *s, unsigned char c)
{
	if (s->on >= s->cap) {
		s->err = "more image data than the scanlines hold";
		return;
	}
	s->out[s->on++] = c;
}

static void
codes(struct in *s, const struct huff *lh, const struct huff *dh)
{
	int sym, d;
	unsigned len, dist;

	while (!s->err && (sym = huff_read(s, lh)) != 256) {
		if (sym < 0)
			return;
		if (sym < 256) {
			put(s, (unsigned char)sym);
			continue;
		}
		if ((sym -= 257) >= 29) {
			s->err = "a bad length code";
			return;
		}
		len = lbase[sym] + bits(s, lext[sym]);	/* the length's extra bits come first */
		if ((d = huff_read(s, dh)) < 0 || d >= 30) {
			s->err = s->err ? s->err : "a bad distance code";
			return;
		}
		dist = dbase[d] + bits(s, dext[d]);
		if (dist > s->on) {
			s->err = "a distance back past the start";
			return;
		}
		while (len-- > 0 && !s->err)
			put(s, s->out[s->on - dist]);
	}
}

static const char *
inflate(struct in *s)
{
	static const unsigned char order[19] = { 16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3,
		13, 2, 14, 1, 15 };
	struct huff lh, dh;
	unsigned char len[320];
	unsigned last, type, i, nlen, ndist, ncode, n;
	int sym;

	do {
		last = bits(s, 1);
		type = bits(s, 2);
		if (s->err)
			return s->err;
		if (type == 0) {
			if (s->bit != 0) {
				s->bit = 0;
				s->pos++;
			}
			if (s->n - s->pos < 4)
				return "truncated stored block";
			n = s->p[s->pos] | (unsigned)s->p[s->pos + 1] << 8;
			if ((n ^ 0xffffu) != (s->p[s->pos + 2] | (unsigned)s->p[s->pos + 3] << 8))
				return "LEN and NLEN disagree";
			s->pos += 4;
			if (s->n - s->pos < n)
				return "truncated stored block";
			for (i = 0; i < n; i++)
				put(s, s->p[s->pos + i]);
			s->pos += n;
		} else if (type == 1) {
			for (i = 0; i < 288; i++)
				len[i] = i < 144 ? 8 : i < 256 ? 9 : i < 280 ? 7 : 8;
			for (i = 0; i < 30; i++)
				len[288 + i] = 5;
			huff_make(&lh, len, 288);
			huff_make(&dh, len + 288, 30);
			codes(s, &lh, &dh);
		} else if (type == 2) {
			nlen = bits(s, 5) + 257;
			ndist = bits(s, 5) + 1;
			ncode = bits(s, 4) + 4;
			if (nlen > 286 || ndist > 30)
				return "too many codes";
			memset(len, 0, 19);
			for (i = 0; i < ncode; i++)
				len[order[i]] = (unsigned char)bits(s, 3);
			if (s->err || huff_make(&lh, len, 19) != 0)	/* complete, as zlib wants */
				return s->err ? s->err : "bad code-length code";
			for (i = 0; i < nlen + ndist;) {
				unsigned rep = 0, v = 0;

				if ((sym = huff_read(s, &lh)) < 0)
					return s->err;
				if (sym < 16) {
					len[i++] = (unsigned char)sym;
					continue;
				}
				if (sym == 16) {
					if (i == 0)
						return "a repeat with no length before it";
					v = len[i - 1];
					rep = 3 + bits(s, 2);
				} else
					rep = sym == 17 ? 3 + bits(s, 3) : 11 + bits(s, 7);
				if (i + rep > nlen + ndist)
					return "code lengths run past their end";
				while (rep-- > 0)
					len[i++] = (unsigned char)v;
			}
			if (len[256] == 0)
				return "no end-of-block code";
			if (huff_usable(&lh, len, nlen) != 0 || huff_usable(&dh, len + nlen, ndist) != 0)
				return "a code with more codes than its lengths allow, or too few";
			codes(s, &lh, &dh);
		} else
			return "a block of type 3";
		if (s->err)
			return s->err;
	} while (!last);
	if (s->bit != 0) {
		s->bit = 0;
		s->pos++;
	}
	return NULL;
}

static unsigned char
paeth(unsigned char a, unsigned char b, unsigned char c)
{
	int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);

	return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/*
 * The zlib stream z of zn bytes: header, deflate data inflated into out
 * (at most cap bytes, *on of them), and its Adler-32, with nothing after.
 * NULL, or what is wrong.
 */
static const char *
zlib_inflate(const unsigned char *z, size_t zn, unsigned char *out, size_t cap, size_t *on)
{
	struct in in;
	const char *err;
	uint32_t a = 1, b = 0;
	size_t k;

	if (zn < 6 || z[0] != 0x78 || ((unsigned)z[0] << 8 | z[1]) % 31 != 0 || (z[1] & 0x20))
		return "bad zlib header";
	in.p = z + 2;
	in.n = zn - 2;
	in.pos = 0;
	in.bit = 0;
	in.out = out;
	in.on = 0;
	in.cap = cap;
	in.err = NULL;
	if ((err = inflate(&in)) != NULL)
		return err;
	for (k = 0; k < in.on; k++) {
		a = (a + out[k]) % 65521;
		b = (b + a) % 65521;
	}
	if (in.n - in.pos != 4 || be32(z + 2 + in.pos) != (b << 16 | a))
		return "bad Adler-32, or bytes after it";
	*on = in.on;
	return NULL;
}

static unsigned char *
slurp(const char *name, size_t *n)
{
	unsigned char *p;
	FILE *fp;
	long len;

	if ((fp = fopen(name, "rb")) == NULL || fseek(fp, 0, SEEK_END) != 0 ||
	    (len = ftell(fp)) < 0 || fseek(fp, 0, SEEK_SET) != 0 ||
	    (p = malloc((size_t)len + 1)) == NULL || fread(p, 1, (size_t)len, fp) != (size_t)len)
		return NULL;
	fclose(fp);
	*n = (size_t)len;
	return p;
}

static int
zlib_check(const char *zname, const char *rawname)
{
	unsigned char *z, *raw, *out;
	size_t zn, rn, on;
	const char *err;

	if ((z = slurp(zname, &zn)) == NULL || (raw = slurp(rawname, &rn)) == NULL)
		return fail("cannot read the files");
	if ((out = malloc(rn + 1)) == NULL)
		return fail("out of memory");
	if ((err = zlib_inflate(z, zn, out, rn, &on)) != NULL)
		return fail(err);
	if (on != rn || memcmp(out, raw, rn) != 0)
		return fail("the stream inflates to other bytes");
	free(out);
	free(raw);
	free(z);
	return 0;
}

int
main(int argc, char **argv)
{
	static const unsigned char sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
	unsigned char *buf, *z = NULL, *raw;
	size_t n, zn = 0, pos, rn = 0, rowlen, k;
	uint32_t w = 0, h = 0, c;
	int seen_iend = 0, first = 1, idat_done = 0, in_idat = 0;
	const char *err;
	FILE *fp;

	for (c = 0; c < 256; c++) {
		uint32_t v = c;
		int j;

		for (j = 0; j < 8; j++)
			v = v & 1 ? 0xedb88320u ^ (v >> 1) : v >> 1;
		crc_table[c] = v;
	}
	if (argc == 4 && strcmp(argv[1], "-z") == 0)
		return zlib_check(argv[2], argv[3]);
	if (argc < 2 || argc > 4)
		return fail("usage: pngcheck file [x y | ppm] | -z zfile raw");
	if ((fp = fopen(argv[1], "rb")) == NULL)
		return fail("cannot open");
	fseek(fp, 0, SEEK_END);
	n = (size_t)ftell(fp);
	rewind(fp);
	if ((buf = malloc(n + 1)) == NULL || fread(buf, 1, n, fp) != n)
		return fail("cannot read");
	fclose(fp);
	if (n < 8 || memcmp(buf, sig, 8) != 0)
		return fail("bad signature");
	for (pos = 8; pos < n;) {
		uint32_t len;

		if (seen_iend)
			return fail("data after IEND");
		if (n - pos < 12 || (len = be32(buf + pos)) > n - pos - 12)
			return fail("truncated chunk");
		if (crc(buf + pos + 4, len + 4) != be32(buf + pos + 8 + len))
			return fail("bad chunk CRC");
		if (first && memcmp(buf + pos + 4, "IHDR", 4) != 0)
			return fail("IHDR is not first");
		if (memcmp(buf + pos + 4, "IHDR", 4) == 0) {
			const unsigned char *d = buf + pos + 8;

			if (len != 13 || !first)
				return fail("bad IHDR");
			w = be32(d);
			h = be32(d + 4);
			if (w == 0 || h == 0 || d[8] != 8 || d[9] != 2 || d[10] || d[11] || d[12])
				return fail("IHDR is not 8-bit RGB, deflate, no interlace");
		} else if (memcmp(buf + pos + 4, "IDAT", 4) == 0) {
			unsigned char *nz;

			if (idat_done)
				return fail("IDAT chunks not in a row");
			in_idat = 1;
			nz = realloc(z, zn + len + 1);

			if (nz == NULL) {
				free(z);
				return fail("out of memory");
			}
			z = nz;
			memcpy(z + zn, buf + pos + 8, len);
			zn += len;
		} else if (memcmp(buf + pos + 4, "IEND", 4) == 0) {
			if (len != 0)
				return fail("bad IEND");
			seen_iend = 1;
		}
		if (in_idat && memcmp(buf + pos + 4, "IDAT", 4) != 0)
			idat_done = 1;
		first = 0;
		pos += 12 + len;
	}
	if (!seen_iend)
		return fail("no IEND");
	if (w > 0x7fffffffu || h > 0x7fffffffu)
		return fail("width or height over 2^31 - 1");
	rowlen = 1 + 3 * (size_t)w;
	if (h > (SIZE_MAX - 1) / rowlen)
		return fail("an image larger than memory can hold");
	if ((raw = malloc(rowlen * h + 1)) == NULL)
		return fail("out of memory");
	if ((err = zlib_inflate(z, zn, raw, rowlen * h, &rn)) != NULL)
		return fail(err);
	if (rn != rowlen * h)
		return fail("image data of the wrong size");
	/* Undo the filters, in place: each scanline's bytes after its filter byte. */
	for (k = 0; k < h; k++) {
		unsigned char *r = raw + k * rowlen, *up = k > 0 ? r - rowlen : NULL, f = r[0];
		size_t i;

		if (f > 4)
			return fail("a scanline with a filter type over 4");
		for (i = 1; i < rowlen; i++) {
			unsigned char left = i > 3 ? r[i - 3] : 0, above = up ? up[i] : 0,
			    corner = up && i > 3 ? up[i - 3] : 0;

			r[i] = (unsigned char)(r[i] + (f == 1 ? left : f == 2 ? above :
			    f == 3 ? (left + above) / 2 : f == 4 ? paeth(left, above, corner) : 0));
		}
	}
	if (argc == 4) {
		unsigned long x = strtoul(argv[2], NULL, 10), y = strtoul(argv[3], NULL, 10);
		const unsigned char *p;

		if (x >= w || y >= h)
			return fail("pixel outside the image");
		p = raw + y * rowlen + 1 + 3 * x;
		printf("%u %u %u\n", p[0], p[1], p[2]);
	} else if (argc == 3) {
		unsigned pw, ph, max;
		int c0;

		if ((fp = fopen(argv[2], "rb")) == NULL)
			return fail("cannot open the PPM file");
		if (fscanf(fp, "P6 %u %u %u", &pw, &ph, &max) != 3 || max != 255 ||
		    (c0 = getc(fp)) == EOF || (c0 != '\n' && c0 != ' '))
			return fail("not a binary PPM of maxval 255");
		if (pw != w || ph != h)
			return fail("the PPM's size differs");
		for (k = 0; k < h; k++) {
			size_t i;

			for (i = 1; i < rowlen; i++)
				if ((c0 = getc(fp)) != raw[k * rowlen + i]) {
					fprintf(stderr, "pngcheck: pixel (%zu, %zu) differs from the PPM's\n",
					    (i - 1) / 3, k);
					return 1;
				}
		}
		if (getc(fp) != EOF)
			return fail("the PPM is longer");
		fclose(fp);
		printf("%u %u\n", (unsigned)w, (unsigned)h);
	} else
		printf("%u %u\n", (unsigned)w, (unsigned)h);
	free(raw);
	free(z);
	free(buf);
	return 0;
}
