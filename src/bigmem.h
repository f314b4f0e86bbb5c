/*
 * bigmem.h - memory for arrays: zeroed arrays for the per-cell search
 * state and the map reader's text and cells, on huge pages where the
 * system offers them; and ordinary arrays that double as they grow.
 */
#ifndef BIGMEM_H
#define BIGMEM_H

#include <stddef.h>

void	*bigmem_alloc(size_t);
void	bigmem_free(void *, size_t);
int	bigmem_grow(void **, size_t, size_t);

size_t	array_cap(size_t, size_t);
int	array_grow(void *, size_t *, size_t, size_t);

#endif
