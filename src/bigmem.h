/*
 * bigmem.h - memory for arrays: zeroed arrays for the per-cell search
 * state and the map reader's text and cells, on huge pages where the
 * system offers them; and ordinary arrays that double as they grow.
 */
#ifndef BIGMEM_H
#define BIGMEM_H

#include <stddef.h>

void	*bigmem_alloc(size_t);
void	*bigmem_alloc_filled(size_t);
void	*bigmem_alloc_lazy(size_t);
void	bigmem_free(void *, size_t);
int	bigmem_discard(void *, size_t);
void	bigmem_touch(void *, size_t);
void	bigmem_touch_small(void *, size_t);
void	bigmem_take(void *, size_t, size_t, size_t);
int	bigmem_grow(void **, size_t, size_t);

/*
 * A sparse array: address space set aside for len bytes, of which only the
 * pages asked for (sparse_map) are mapped, a SPARSE_PAGE at a time; the
 * rest is no mapping at all, which the process's address space does not
 * count.  The region lies where the system does not put mappings of its
 * own (bigmem.c); a page that cannot be mapped at its place makes
 * sparse_map fail, and the owner then takes an ordinary array.
 */
#define SPARSE_SHIFT 21
#define SPARSE_PAGE ((size_t)1 << SPARSE_SHIFT)

struct sparse {
	char *base;		/* NULL: none */
	size_t pages;		/* SPARSE_PAGEs from base, for the bytes asked for */
	unsigned char *have;	/* have[p]: page p is mapped */
};

int	sparse_reserve(struct sparse *, size_t);
int	sparse_map(struct sparse *, size_t, size_t);
void	sparse_free(struct sparse *);

size_t	array_cap(size_t, size_t);
int	array_realloc(void *, size_t *, size_t, size_t);

/*
 * Grow the array *p (void **, really: of *cap elements of size sz, from
 * malloc, or NULL and 0) to hold at least n, doubling, and keeping its
 * contents.  -1 when out of memory, and *p and *cap are left as they were.
 * Called once a row and once a map: the common case, room enough, inline.
 */
static inline int
array_grow(void *p, size_t *cap, size_t n, size_t sz)
{
	return n <= *cap ? 0 : array_realloc(p, cap, n, sz);
}

#endif
