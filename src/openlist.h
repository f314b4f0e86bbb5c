/*
 * openlist.h - the open list: three interchangeable strategies behind one
 * interface (the tutorial's unsorted list, sorted list and binary heap).
 *
 * Entries are ordered by a key (f, s, t) compared lexicographically, lowest
 * first: f is the estimated total cost, s the tie-break on h and t the
 * insertion stamp.  No two entries ever share a stamp, so the order is
 * total and every strategy pops the same sequence: they differ only in
 * speed.  A 4-ary heap joins the tutorial's three (it is faster).  Each strategy records an entry's position in its node's pos
 * field, so decrease-key finds the entry without searching.
 */
#ifndef OPENLIST_H
#define OPENLIST_H

#include <stddef.h>
#include <stdint.h>

/* Per-cell search state: 16 bytes. */
struct node {
	uint64_t g;		/* cost from the start, key units */
	uint32_t tag;		/* generation << 4 | closed << 3 | parent direction */
	uint32_t pos;		/* index of the node's open-list entry */
};

struct ol_entry {
	uint64_t f;
	uint64_t s;
	uint32_t t;
	uint32_t idx;		/* cell index */
};

enum ol_kind { OL_BINARY_HEAP, OL_SORTED_LIST, OL_UNSORTED_LIST, OL_QUAD_HEAP };

struct openlist {
	enum ol_kind kind;
	struct ol_entry *e;
	size_t n, cap;
	struct node *node;
};

static inline int
ol_less(const struct ol_entry *a, const struct ol_entry *b)
{
	if (a->f != b->f)
		return a->f < b->f;
	if (a->s != b->s)
		return a->s < b->s;
	return a->t < b->t;
}

int	openlist_init(struct openlist *, enum ol_kind, struct node *, size_t);
void	openlist_free(struct openlist *);
void	openlist_push(struct openlist *, const struct ol_entry *);
void	openlist_decrease(struct openlist *, const struct ol_entry *);
int	openlist_pop(struct openlist *, struct ol_entry *);

#endif
