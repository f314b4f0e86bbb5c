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
	ol_place(ol, lo, x);
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
		ol_heap_up(ol, ol->n++, x, 2);
		break;
	case OL_QUAD_HEAP:
		ol_heap_up(ol, ol->n++, x, 4);
		break;
	case OL_SORTED_LIST:
		sorted_insert(ol, x);
		break;
	case OL_UNSORTED_LIST:
		ol_place(ol, ol->n++, x);
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
		ol_heap_up(ol, at, x, 2);
		break;
	case OL_QUAD_HEAP:
		ol_heap_up(ol, at, x, 4);
		break;
	case OL_SORTED_LIST:
		sorted_remove(ol, at);
		sorted_insert(ol, x);
		break;
	case OL_UNSORTED_LIST:
		ol_place(ol, at, x);
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
			ol_heap_down(ol, 0, &ol->e[ol->n], 2);
		break;
	case OL_QUAD_HEAP:
		*out = ol->e[0];
		if (--ol->n > 0)
			ol_heap_down(ol, 0, &ol->e[ol->n], 4);
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
			ol_place(ol, best, &ol->e[ol->n]);
		break;
	}
	return 1;
}
