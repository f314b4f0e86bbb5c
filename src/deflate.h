/*
 * deflate.h - a zlib stream (RFC 1950) of deflate data (RFC 1951), for
 * the PNG writer.
 *
 * LZ77 over a 32 KiB window, the matches found down hash chains of the
 * next three bytes and put off by a byte when the next position has a
 * longer one (as zlib does), in blocks of 16,384 symbols, each with
 * Huffman codes made for its own symbols (at most 15 bits, flattened by
 * halving the counts where Huffman's would be longer).  On PNG scanlines
 * filtered as img.c filters them it makes between zlib's level 1 and its
 * default, at 45 MB a second (a 4096x4096 map of random walls, 10:1) to
 * 260 (Berlin_0_1024, 64:1) on the machine it was built on.  Random
 * bytes, which no image is, grow by 0.3%: there is no fallback to stored
 * blocks.  The output is handed to a sink in pieces of at most
 * DEFLATE_PIECE bytes, each of which the PNG writer makes one IDAT chunk.
 * Deterministic: the same input, in pieces of any sizes, gives the same
 * bytes.
 */
#ifndef DEFLATE_H
#define DEFLATE_H

#include <stddef.h>
#include <stdint.h>

enum { DEFLATE_PIECE = 65536 };

/* Takes n bytes of output; 0, or -1 with errno set (which then stops the stream). */
typedef int deflate_sink(void *arg, const uint8_t *p, size_t n);

struct deflate;

/* A new stream writing to sink, or NULL with errno set (out of memory). */
struct deflate *deflate_new(deflate_sink *sink, void *arg);
/* Compress n more bytes; 0, or -1 once the sink has failed. */
int deflate_put(struct deflate *, const void *p, size_t n);
/* Code what is left, end the stream and hand the rest to the sink; 0 or -1. */
int deflate_finish(struct deflate *);
void deflate_free(struct deflate *);

/* Adler-32 of RFC 1950; start with 1. */
uint32_t deflate_adler32(uint32_t adler, const void *buf, size_t n);

#endif
