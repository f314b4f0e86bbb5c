/*
 * bits.h - the lowest and highest set bit of a word, its set bits, and a line of
 * cells as bits: what JPS's bitsets (jps.c) and the connected components
 * (map.c) read the grid through, 64 cells a word.
 */
#ifndef BITS_H
#define BITS_H

#include <stddef.h>
#include <stdint.h>

#include "inline.h"		/* PF_INLINE */

/* Forced inline into JPS's scans wherever they are called, as the loops are (inline.h). */

/* The place of the lowest and of the highest set bit of v, which is not 0. */
#if defined(__GNUC__) && !defined(PF_NO_BUILTINS)
static PF_INLINE int lowbit(uint64_t v) { return __builtin_ctzll(v); }
static PF_INLINE int highbit(uint64_t v) { return 63 - __builtin_clzll(v); }
#else
/* The portable way: halve the range where the bit is, six times. */
static PF_INLINE int
lowbit(uint64_t v)
{
	int n = 0, k;

	for (k = 32; k > 0; k >>= 1)
		if ((v & (((uint64_t)1 << k) - 1)) == 0) {
			n += k;
			v >>= k;
		}
	return n;
}

static PF_INLINE int
highbit(uint64_t v)
{
	int n = 0, k;

	for (k = 32; k > 0; k >>= 1)
		if (v >> k) {
			n += k;
			v >>= k;
		}
	return n;
}
#endif

/* The set bits of v. */
#if defined(__GNUC__) && !defined(PF_NO_BUILTINS)
static PF_INLINE int bitcount(uint64_t v) { return __builtin_popcountll(v); }
#else
static PF_INLINE int
bitcount(uint64_t v)
{
	v -= v >> 1 & 0x5555555555555555u;
	v = (v & 0x3333333333333333u) + (v >> 2 & 0x3333333333333333u);
	v = (v + (v >> 4)) & 0x0f0f0f0f0f0f0f0fu;
	return (int)((v * 0x0101010101010101u) >> 56);
}
#endif

void	cells_bits(const uint8_t *, size_t, uint8_t, uint64_t *);

#endif
