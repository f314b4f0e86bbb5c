/* openlist.c - see openlist.h. */
#include <stdlib.h>
#include <string.h>

#include "openlist.h"

/*
 * Prepare for a search over ncells cells: the list never holds more
 * entries than there are cells, so this is the only allocation.
 */
int
openlist_init(struct openlist *ol, enum ol_kind kind, struct node *node, size_t ncells)
{
	ol->kind = kind;
	ol->node = node;
	ol->n = 0;
	if (ncells > ol->cap) {
		struct ol_entry *e = realloc(ol->e, ncells * sizeof(*e));

		if (e == NULL)
			return -1;
		ol->e = e;
		ol->cap = ncells;
	}
	return 0;
}

void
openlist_free(struct openlist *ol)
{
	free(ol->e);
	ol->e = NULL;
	ol->cap = ol->n = 0;
}

static inline void
place(struct openlist *ol, size_t i, const struct ol_entry *x)
{
	ol->e[i] = *x;
	ol->node[x->idx].pos = (uint32_t)i;
}

/*
 * d-ary heaps, root at 0, children of i at d*i+1 .. d*i+d.  The binary
 * heap is the tutorial's; the 4-ary heap does half as many levels and
 * its four children sit side by side, so a sift-down touches fewer cache
 * lines.  Both move a hole rather than swapping, and keep pos up to date.
 */
#if defined(__GNUC__)
#define INLINE inline __attribute__((always_inline))
#else
#define INLINE inline
#endif

static INLINE void
heap_up(struct openlist *ol, size_t i, const struct ol_entry *x, const size_t d)
{
	while (i > 0) {
		size_t p = (i - 1) / d;

		if (!ol_less(x, &ol->e[p]))
			break;
		place(ol, i, &ol->e[p]);
		i = p;
	}
	place(ol, i, x);
}

/*
 * Refill the hole at the root with x (the former last entry).  x nearly
 * always belongs near the bottom, so the hole first goes all the way down
 * along the best children without comparing against x, and x then climbs
 * back the few levels it needs (Floyd's bottom-up variant): about half the
 * comparisons of the textbook sift-down.
 */
static INLINE void
heap_down(struct openlist *ol, size_t i, const struct ol_entry *x, const size_t d)
{
	size_t n = ol->n, c, k, best;

	while ((c = d * i + 1) < n) {
		best = c;
		if (d == 4 && c + 3 < n) {	/* a full group: no bounds checks */
			size_t b2 = ol_less(&ol->e[c + 3], &ol->e[c + 2]) ? c + 3 : c + 2;

			if (ol_less(&ol->e[c + 1], &ol->e[c]))
				best = c + 1;
			if (ol_less(&ol->e[b2], &ol->e[best]))
				best = b2;
		} else
			for (k = c + 1; k < c + d && k < n; k++)
				if (ol_less(&ol->e[k], &ol->e[best]))
					best = k;
		place(ol, i, &ol->e[best]);
		i = best;
	}
	heap_up(ol, i, x, d);
}

/*
 * Sorted list: kept in descending order so that the best entry is last
 * and pops in O(1); insertion shifts the tail, O(n) as the tutorial says.
 */
static void
sorted_insert(struct openlist *ol, const struct ol_entry *x)
{
	size_t lo = 0, hi = ol->n, i;

	while (lo < hi) {	/* first position whose entry is better than x */
		size_t mid = lo + (hi - lo) / 2;

		if (ol_less(x, &ol->e[mid]))
			lo = mid + 1;
		else
			hi = mid;
	}
	memmove(&ol->e[lo + 1], &ol->e[lo], (ol->n - lo) * sizeof(*ol->e));
	ol->n++;
	for (i = lo + 1; i < ol->n; i++)
		ol->node[ol->e[i].idx].pos = (uint32_t)i;
	place(ol, lo, x);
}

static void
sorted_remove(struct openlist *ol, size_t at)
{
	size_t i;

	memmove(&ol->e[at], &ol->e[at + 1], (ol->n - at - 1) * sizeof(*ol->e));
	ol->n--;
	for (i = at; i < ol->n; i++)
		ol->node[ol->e[i].idx].pos = (uint32_t)i;
}

void
openlist_push(struct openlist *ol, const struct ol_entry *x)
{
	switch (ol->kind) {
	case OL_BINARY_HEAP:
		heap_up(ol, ol->n++, x, 2);
		break;
	case OL_QUAD_HEAP:
		heap_up(ol, ol->n++, x, 4);
		break;
	case OL_SORTED_LIST:
		sorted_insert(ol, x);
		break;
	case OL_UNSORTED_LIST:
		place(ol, ol->n++, x);
		break;
	}
}

/* x->idx is on the list; x has a better key than its entry.  */
void
openlist_decrease(struct openlist *ol, const struct ol_entry *x)
{
	size_t at = ol->node[x->idx].pos;

	switch (ol->kind) {
	case OL_BINARY_HEAP:
		heap_up(ol, at, x, 2);
		break;
	case OL_QUAD_HEAP:
		heap_up(ol, at, x, 4);
		break;
	case OL_SORTED_LIST:
		sorted_remove(ol, at);
		sorted_insert(ol, x);
		break;
	case OL_UNSORTED_LIST:
		place(ol, at, x);
		break;
	}
}

/* Take the best entry off the list.  Returns 0 when the list is empty. */
int
openlist_pop(struct openlist *ol, struct ol_entry *out)
{
	size_t i, best;

	if (ol->n == 0)
		return 0;
	switch (ol->kind) {
	case OL_BINARY_HEAP:
		*out = ol->e[0];
		if (--ol->n > 0)
			heap_down(ol, 0, &ol->e[ol->n], 2);
		break;
	case OL_QUAD_HEAP:
		*out = ol->e[0];
		if (--ol->n > 0)
			heap_down(ol, 0, &ol->e[ol->n], 4);
		break;
	case OL_SORTED_LIST:
		*out = ol->e[--ol->n];
		break;
	case OL_UNSORTED_LIST:
		for (best = 0, i = 1; i < ol->n; i++)
			if (ol_less(&ol->e[i], &ol->e[best]))
				best = i;
		*out = ol->e[best];
		if (best != --ol->n)
			place(ol, best, &ol->e[ol->n]);
		break;
	}
	return 1;
}
