/*
 * pngcheck - an independent check of the PNG files pathfind writes, for
 * tests/viz.bats (built there with cc; no zlib, no Python).
 *
 *   pngcheck FILE          prints "W H" when the file is a valid PNG as
 *                          pathfind writes it: signature; IHDR first, 8-bit
 *                          RGB, no interlace; every chunk's CRC; IDAT a
 *                          zlib stream of stored deflate blocks whose
 *                          lengths check and whose Adler-32 matches; IEND
 *                          last; every scanline with filter type 0.
 *   pngcheck FILE X Y      prints "R G B" of pixel (X, Y) instead.
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

int
main(int argc, char **argv)
{
	static const unsigned char sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
	unsigned char *buf, *z = NULL, *raw;
	size_t n, zn = 0, pos, rn = 0, rowlen, k;
	uint32_t w = 0, h = 0, a = 1, b = 0, c;
	int seen_iend = 0, first = 1, last = 0;
	FILE *fp;

	for (c = 0; c < 256; c++) {
		uint32_t v = c;
		int j;

		for (j = 0; j < 8; j++)
			v = v & 1 ? 0xedb88320u ^ (v >> 1) : v >> 1;
		crc_table[c] = v;
	}
	if (argc != 2 && argc != 4)
		return fail("usage: pngcheck file [x y]");
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
			unsigned char *nz = realloc(z, zn + len + 1);

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
		first = 0;
		pos += 12 + len;
	}
	if (!seen_iend)
		return fail("no IEND");
	if (zn < 6 || z[0] != 0x78 || ((unsigned)z[0] << 8 | z[1]) % 31 != 0 || (z[1] & 0x20))
		return fail("bad zlib header");
	rowlen = 1 + 3 * (size_t)w;
	if ((raw = malloc(rowlen * h + 1)) == NULL)
		return fail("out of memory");
	/* Stored blocks only: header byte, LEN, NLEN, LEN bytes. */
	for (pos = 2; !last;) {
		unsigned len, nlen;

		if (zn - pos < 5 + 4)
			return fail("truncated deflate stream");
		if ((z[pos] & 0x06) != 0)
			return fail("not a stored block");
		last = z[pos] & 1;
		len = z[pos + 1] | (unsigned)z[pos + 2] << 8;
		nlen = z[pos + 3] | (unsigned)z[pos + 4] << 8;
		if ((len ^ 0xffffu) != nlen)
			return fail("LEN and NLEN disagree");
		pos += 5;
		if (zn - pos < len + 4 || rn + len > rowlen * h)
			return fail("stored block too long");
		memcpy(raw + rn, z + pos, len);
		rn += len;
		pos += len;
	}
	if (rn != rowlen * h)
		return fail("image data of the wrong size");
	for (k = 0; k < rn; k++) {
		a = (a + raw[k]) % 65521;
		b = (b + a) % 65521;
	}
	if (zn - pos != 4 || be32(z + pos) != (b << 16 | a))
		return fail("bad Adler-32");
	for (k = 0; k < h; k++)
		if (raw[k * rowlen] != 0)
			return fail("a scanline with a filter other than None");
	if (argc == 4) {
		unsigned long x = strtoul(argv[2], NULL, 10), y = strtoul(argv[3], NULL, 10);
		const unsigned char *p;

		if (x >= w || y >= h)
			return fail("pixel outside the image");
		p = raw + y * rowlen + 1 + 3 * x;
		printf("%u %u %u\n", p[0], p[1], p[2]);
	} else
		printf("%u %u\n", (unsigned)w, (unsigned)h);
	free(raw);
	free(z);
	free(buf);
	return 0;
}
