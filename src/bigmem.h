/*
 * bigmem.h - zeroed arrays for the per-cell search state, on huge pages
 * where the system offers them.
 */
#ifndef BIGMEM_H
#define BIGMEM_H

#include <stddef.h>

void	*bigmem_alloc(size_t);
void	bigmem_free(void *, size_t);

#endif
