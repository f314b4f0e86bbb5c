/*
 * img.h - image writers: SVG, binary PPM (P6) and PNG, for a picture made
 * of square cells of flat colour.
 *
 * The caller decides what each cell means and hands over one palette
 * index a cell; the writers only encode.  Every format is streamed row by
 * row, so memory does not grow with the scale.  The PNG writer needs no
 * zlib: its scanlines are filtered (Sub or Up) and compressed by
 * deflate.c, with our own CRC-32.  SVG draws each run of equal cells in
 * a row as one rectangle.
 */
#ifndef IMG_H
#define IMG_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct img {
	int w, h;		/* in cells */
	int scale;		/* pixels a cell, each way */
	const uint8_t *cell;	/* w * h palette indices, row by row */
	const uint8_t (*pal)[3];	/* RGB of each index */
};

enum img_format { IMG_SVG, IMG_PPM, IMG_PNG };

int	img_format_of(const char *);
int	img_write(FILE *, int, const struct img *);
uint32_t img_crc32(uint32_t, const void *, size_t);

#endif
