/* img.c - SVG, PPM and PNG writers; see img.h. */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "deflate.h"
#include "img.h"

/* The format a file name asks for by its ending, or -1. */
int
img_format_of(const char *name)
{
	size_t n = strlen(name);

	if (n < 4)
		return -1;
	if (strcmp(name + n - 4, ".svg") == 0)
		return IMG_SVG;
	if (strcmp(name + n - 4, ".ppm") == 0)
		return IMG_PPM;
	if (strcmp(name + n - 4, ".png") == 0)
		return IMG_PNG;
	return -1;
}

static uint32_t crc_table[256];

static void
crc_init(void)
{
	uint32_t c;
	int k, b;

	for (k = 0; k < 256; k++) {
		c = (uint32_t)k;
		for (b = 0; b < 8; b++)
			c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
		crc_table[k] = c;
	}
}

/*
 * CRC-32 of ISO 3309 / PNG (reflected, polynomial 0xedb88320), table
 * driven; the table is made once, whichever thread draws first (-j).
 */
uint32_t
img_crc32(uint32_t crc, const void *buf, size_t n)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	const uint32_t *table = crc_table;
	const uint8_t *p = buf;

	pthread_once(&once, crc_init);
	crc = ~crc;
	while (n-- > 0)
		crc = table[(crc ^ *p++) & 0xff] ^ (crc >> 8);
	return ~crc;
}

/* One pixel row of the image: cell row y, each cell repeated scale times. */
static void
pixel_row(const struct img *im, int y, uint8_t *out)
{
	const uint8_t *c = im->cell + (size_t)y * (size_t)im->w;
	int x, k;

	for (x = 0; x < im->w; x++) {
		const uint8_t *rgb = im->pal[c[x]];

		for (k = 0; k < im->scale; k++) {
			*out++ = rgb[0];
			*out++ = rgb[1];
			*out++ = rgb[2];
		}
	}
}

static int
write_ppm(FILE *fp, const struct img *im, uint8_t *row, size_t rowlen)
{
	int y, k;

	fprintf(fp, "P6\n%d %d\n255\n", im->w * im->scale, im->h * im->scale);
	for (y = 0; y < im->h; y++) {
		pixel_row(im, y, row);
		for (k = 0; k < im->scale; k++)
			if (fwrite(row, 1, rowlen, fp) != rowlen)
				return -1;
	}
	return 0;
}

/* Each run of equal cells in a row is one rectangle, in cell units. */
static int
write_svg(FILE *fp, const struct img *im)
{
	int x, y, run;

	fprintf(fp, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
	    "viewBox=\"0 0 %d %d\" shape-rendering=\"crispEdges\">\n",
	    im->w * im->scale, im->h * im->scale, im->w, im->h);
	for (y = 0; y < im->h; y++) {
		const uint8_t *c = im->cell + (size_t)y * (size_t)im->w;

		for (x = 0; x < im->w; x += run) {
			const uint8_t *rgb = im->pal[c[x]];

			for (run = 1; x + run < im->w && c[x + run] == c[x]; run++)
				;
			fprintf(fp, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"1\" "
			    "fill=\"#%02x%02x%02x\"/>\n", x, y, run, rgb[0], rgb[1], rgb[2]);
		}
	}
	fputs("</svg>\n", fp);
	return 0;
}

/* PNG: the bytes of one chunk's payload go through here, for its CRC. */
struct png {
	FILE *fp;
	uint32_t crc;
};

static void
put32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

static int
png_bytes(struct png *png, const void *buf, size_t n)
{
	png->crc = img_crc32(png->crc, buf, n);
	return fwrite(buf, 1, n, png->fp) == n ? 0 : -1;
}

/* The length and type of a chunk; its CRC starts with the type. */
static int
png_begin(struct png *png, uint32_t len, const char *type)
{
	uint8_t b[4];

	put32(b, len);
	if (fwrite(b, 1, 4, png->fp) != 4)
		return -1;
	png->crc = 0;
	return png_bytes(png, type, 4);
}

static int
png_end(struct png *png)
{
	uint8_t b[4];

	put32(b, png->crc);
	return fwrite(b, 1, 4, png->fp) == 4 ? 0 : -1;
}

/* Each piece of the zlib stream is one IDAT chunk (PNG allows any number, in a row). */
static int
png_idat(void *arg, const uint8_t *p, size_t n)
{
	struct png *png = arg;

	return png_begin(png, (uint32_t)n, "IDAT") == 0 && png_bytes(png, p, n) == 0 &&
	    png_end(png) == 0 ? 0 : -1;
}

/* How well a filtered scanline may compress: libpng's sum of |byte| taken as signed. */
static uint64_t
png_weight(const uint8_t *f, size_t n)
{
	uint64_t sum = 0;
	size_t i;

	for (i = 0; i < n; i++)
		sum += f[i] < 128 ? f[i] : 256u - f[i];
	return sum;
}

/*
 * The scanlines of one cell row: the first filtered Sub (each byte less
 * the one a pixel to its left) or Up (less the one above), whichever
 * weighs less, tie to Sub; the scale - 1 repeats of it Up, all zeros.
 * Flat runs of cells become runs of zeros either way, which the deflate
 * stream codes as matches at distance 1.
 */
static int
png_cellrow(struct deflate *z, const uint8_t *cur, const uint8_t *prev, size_t rowlen,
    int scale, uint8_t *sub, uint8_t *up, const uint8_t *zeros)
{
	size_t i;
	int k;

	sub[0] = 1;
	up[0] = 2;
	for (i = 0; i < rowlen; i++) {
		sub[1 + i] = (uint8_t)(cur[i] - (i >= 3 ? cur[i - 3] : 0));
		up[1 + i] = (uint8_t)(cur[i] - prev[i]);
	}
	if (deflate_put(z, png_weight(up + 1, rowlen) < png_weight(sub + 1, rowlen) ?
	    up : sub, rowlen + 1) != 0)
		return -1;
	for (k = 1; k < scale; k++)
		if (deflate_put(z, zeros, rowlen + 1) != 0)
			return -1;
	return 0;
}

static int
write_png(FILE *fp, const struct img *im, size_t rowlen)
{
	static const uint8_t sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
	struct png png = { fp, 0 };
	uint32_t W = (uint32_t)im->w * (uint32_t)im->scale, H = (uint32_t)im->h * (uint32_t)im->scale;
	uint8_t ihdr[13], *mem, *cur, *prev, *sub, *up, *zeros, *t;
	struct deflate *z = NULL;
	int y, rc = -1;

	/* Two rows of pixels, and three filtered scanlines (filter byte first). */
	if ((mem = calloc(5, rowlen + 1)) == NULL)
		return -1;
	cur = mem;
	prev = cur + rowlen + 1;	/* the row above the first: zeros */
	sub = prev + rowlen + 1;
	up = sub + rowlen + 1;
	zeros = up + rowlen + 1;
	zeros[0] = 2;	/* Up */
	put32(ihdr, W);
	put32(ihdr + 4, H);
	ihdr[8] = 8;	/* bits a sample */
	ihdr[9] = 2;	/* RGB */
	ihdr[10] = ihdr[11] = ihdr[12] = 0;	/* deflate, adaptive filters, no interlace */
	if (fwrite(sig, 1, 8, fp) != 8 || png_begin(&png, 13, "IHDR") != 0 ||
	    png_bytes(&png, ihdr, 13) != 0 || png_end(&png) != 0 ||
	    (z = deflate_new(png_idat, &png)) == NULL)
		goto out;
	for (y = 0; y < im->h; y++) {
		pixel_row(im, y, cur);
		if (png_cellrow(z, cur, prev, rowlen, im->scale, sub, up, zeros) != 0)
			goto out;
		t = prev;
		prev = cur;
		cur = t;
	}
	if (deflate_finish(z) == 0 && png_begin(&png, 0, "IEND") == 0 && png_end(&png) == 0)
		rc = 0;
out:
	deflate_free(z);
	free(mem);
	return rc;
}

/*
 * Write the image to fp in format fmt (enum img_format) and flush it.
 * 0, or -1 with errno set.  The caller opens and closes fp.
 */
int
img_write(FILE *fp, int fmt, const struct img *im)
{
	size_t rowlen = (size_t)im->w * (size_t)im->scale * 3;
	uint8_t *row;
	int rc;

	if (im->w <= 0 || im->h <= 0 || im->scale <= 0) {
		errno = EINVAL;
		return -1;
	}
	errno = 0;
	if (fmt == IMG_PPM) {
		if ((row = malloc(rowlen)) == NULL)
			return -1;
		rc = write_ppm(fp, im, row, rowlen);
		free(row);
	} else
		rc = fmt == IMG_SVG ? write_svg(fp, im) : write_png(fp, im, rowlen);
	if (fflush(fp) != 0 || ferror(fp))
		rc = -1;
	if (rc != 0 && errno == 0)
		errno = EIO;
	return rc;
}
