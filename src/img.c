/* img.c - SVG, PPM and PNG writers; see img.h. */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* Adler-32 of RFC 1950; start with 1.  Reduced every 5552 bytes, as zlib does. */
uint32_t
img_adler32(uint32_t adler, const void *buf, size_t n)
{
	const uint8_t *p = buf;
	uint32_t a = adler & 0xffff, b = adler >> 16;
	size_t k;

	while (n > 0) {
		k = n < 5552 ? n : 5552;
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
	uint32_t adler;
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

/*
 * One scanline (filter byte 0 and the pixels) as stored deflate blocks of
 * at most 65535 bytes; the last block of the image is marked final.
 */
static int
png_scanline(struct png *png, const uint8_t *line, size_t n, int last)
{
	uint8_t hdr[5];
	size_t k;

	png->adler = img_adler32(png->adler, line, n);
	while (n > 0) {
		k = n < 65535 ? n : 65535;
		n -= k;
		hdr[0] = last && n == 0;	/* BFINAL, BTYPE 00: stored */
		hdr[1] = (uint8_t)k;
		hdr[2] = (uint8_t)(k >> 8);
		hdr[3] = (uint8_t)~k;
		hdr[4] = (uint8_t)(~k >> 8);
		if (png_bytes(png, hdr, 5) != 0 || png_bytes(png, line, k) != 0)
			return -1;
		line += k;
	}
	return 0;
}

static int
write_png(FILE *fp, const struct img *im, uint8_t *line, size_t rowlen)
{
	static const uint8_t sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
	static const uint8_t zhdr[2] = { 0x78, 0x01 };	/* deflate, 32K window, no dict */
	struct png png = { fp, 0, 1 };
	uint32_t W = (uint32_t)im->w * (uint32_t)im->scale, H = (uint32_t)im->h * (uint32_t)im->scale;
	size_t n = rowlen + 1, blocks = (n + 65534) / 65535;
	uint64_t idat = 2 + (uint64_t)H * (n + 5 * blocks) + 4;
	uint8_t ihdr[13], b[4];
	uint32_t row = 0;
	int y, k;

	if (idat > 0x7fffffffu) {	/* the largest chunk PNG allows */
		errno = EFBIG;
		return -1;
	}
	put32(ihdr, W);
	put32(ihdr + 4, H);
	ihdr[8] = 8;	/* bits a sample */
	ihdr[9] = 2;	/* RGB */
	ihdr[10] = ihdr[11] = ihdr[12] = 0;	/* deflate, adaptive filters, no interlace */
	if (fwrite(sig, 1, 8, fp) != 8 || png_begin(&png, 13, "IHDR") != 0 ||
	    png_bytes(&png, ihdr, 13) != 0 || png_end(&png) != 0)
		return -1;
	if (png_begin(&png, (uint32_t)idat, "IDAT") != 0 || png_bytes(&png, zhdr, 2) != 0)
		return -1;
	line[0] = 0;	/* filter type None */
	for (y = 0; y < im->h; y++) {
		pixel_row(im, y, line + 1);
		for (k = 0; k < im->scale; k++)
			if (png_scanline(&png, line, n, ++row == H) != 0)
				return -1;
	}
	put32(b, png.adler);
	if (png_bytes(&png, b, 4) != 0 || png_end(&png) != 0)
		return -1;
	return png_begin(&png, 0, "IEND") == 0 && png_end(&png) == 0 ? 0 : -1;
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
	if ((row = malloc(rowlen + 1)) == NULL)
		return -1;
	errno = 0;
	rc = fmt == IMG_SVG ? write_svg(fp, im) : fmt == IMG_PPM ?
	    write_ppm(fp, im, row, rowlen) : write_png(fp, im, row, rowlen);
	free(row);
	if (fflush(fp) != 0 || ferror(fp))
		rc = -1;
	if (rc != 0 && errno == 0)
		errno = EIO;
	return rc;
}
