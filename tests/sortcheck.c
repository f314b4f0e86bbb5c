/*
 * sortcheck - checks the buckets' small sorts (src/openlist.c), which
 * the search's output alone would hardly ever catch wrong: a network
 * with a pair missing puts two words out of order only for some inputs.
 *
 * 1. The networks, whole and pruned to their first lim places (the
 *    rest above every entry).  net4, net8 and net16 on every input of
 *    zeros and ones; each of net8 to net64 on every input whose two
 *    halves are sorted, which (the halves' networks being right, and
 *    leaving sorted input as it is) checks its merge of the two on
 *    every input that merge can get.  By the 0-1 principle (Knuth
 *    5.3.4, theorem Z) and induction on the size, each network sorts
 *    every input.
 * 2. sort_small against the insertion sort (insert_best_last) on random
 *    entries whose f lie in one bucket's width, with few values of s so
 *    that f and s often tie and the stamps decide, and with s spread over
 *    all 64 bits so that the words drop low bits of s: every n from 2 to
 *    SK_MAX - 1, stamps in and against the order of the entries.
 * 3. The networks as the refill of a one-chunk bucket calls them
 *    (sort_nets through the live entries' places) against the
 *    insertion sort: the same kinds of f and s as 2., n from 5 to
 *    SK_MAX - 1 live entries at random places among SK_MAX - 1.
 * 4. sort_bucket, as the refill calls it for what bk_take_sorted left
 *    unsorted, against qsort by (f, s, t), on buckets of SK_MAX entries
 *    and more (sort_words: a word an entry, sorted by wsort's radix
 *    levels and networks; runs of words equal but for the entry's
 *    place, put right by the merge sort; sort_radix where f's span
 *    leaves too few bits for s): the same kinds of f and s as 2., and f
 *    over 60 bits, which takes sort_radix.
 * 5. sort_words as bk_take_sorted calls it for a bucket of several
 *    chunks, through the live entries' places in the pool (a random
 *    half of them or more), the places in an array of their own and
 *    the scratch room 2n entries, its end the end of an array (a write
 *    past it is the sanitizers' to catch), against qsort.
 * 6. sort_runs (a bucket's words by their rising and falling runs)
 *    against qsort: unique words made of 1 to RUNS_MAX + 1 runs of
 *    random lengths, each rising or falling, n from 2 to 4097, the
 *    scratch room the end of an array; it must take every input of
 *    RUNS_MAX runs or fewer, and leave the words it turns down a
 *    permutation of what they were, which wsort then sorts.  And 4.
 *    and 5. again on buckets made of a few runs in the entries' order,
 *    so that sort_words takes them by their runs.
 * 7. Keys pushed into the current bucket while its sorted entries are
 *    taken (ol_bk_insert: one before e's last entry is put after it in
 *    e, others go to the small heap), through the open list's own calls:
 *    every pop gives the least of the entries pushed and not yet taken.
 * 8. The refill of a bucket of many chunks through the open list's own
 *    calls: it keeps the live entries alone, gives them best first, and
 *    takes scratch room for those it keeps, not for the stale ones too
 *    (the small heap's array at most 4n entries, twice the 2n the sort
 *    needs: it doubles).
 *
 * Prints what failed and exits 1; exits 0 silently.  The file includes
 * openlist.c, whose functions are static.
 */
#include "../src/openlist.c"

#include <stdio.h>

static int failures;

static void
fail(const char *what, size_t n, unsigned long round)
{
	if (failures++ < 10)
		fprintf(stderr, "sortcheck: %s: n %zu, round %lu\n", what, n, round);
}

static int
sorted(const uint64_t *k, size_t n)
{
	size_t i;

	for (i = 1; i < n; i++)
		if (k[i - 1] > k[i])
			return 0;
	return 1;
}

/* The network of n (4 to 64) pruned to its first lim places (sort_net). */
static void
run_net(uint64_t *k, size_t n, size_t lim)
{
	switch (n) {
	case 4: net4(k, lim); break;
	case 8: net8(k, lim); break;
	case 16: net16(k, lim); break;
	case 32: net32(k, lim); break;
	default: net64(k, lim); break;
	}
}

/*
 * Each network of n, pruned to every lim from 1 to n (lim = n: the whole
 * network), the places from lim on holding 2, above every entry, as
 * sort_net's do: sorted, which the pruning counts on (its pairs past lim
 * compare 2 with 2, or an entry below with a 2 above, and change
 * nothing, so the 2s stay where they are).
 */
static void
check_networks(void)
{
	uint64_t k[SK_MAX];
	size_t n, lim, h, a, b, i;
	unsigned long v;

	for (n = 4; n <= 16; n *= 2)
		for (lim = 1; lim <= n; lim++)
			for (v = 0; v < 1ul << lim; v++) {
				for (i = 0; i < n; i++)
					k[i] = i < lim ? v >> i & 1 : 2;
				run_net(k, n, lim);
				if (!sorted(k, n))
					fail("network, zeros and ones", lim, v);
			}
	for (n = 8; n <= SK_MAX; n *= 2) {
		h = n / 2;
		for (lim = 1; lim <= n; lim++) {
			size_t la = lim < h ? lim : h, lb = lim > h ? lim - h : 0;

			for (a = 0; a <= la; a++)
				for (b = 0; b <= lb; b++) {
					/* each half: zeros, then a (b) ones; 2 from lim on */
					for (i = 0; i < h; i++) {
						k[i] = i >= la ? 2 : i >= la - a;
						k[h + i] = i >= lb ? 2 : i >= lb - b;
					}
					run_net(k, n, lim);
					if (!sorted(k, n))
						fail("network, sorted halves", lim,
						    (unsigned long)(a * (h + 1) + b));
				}
		}
	}
}

/* xorshift64*: the same numbers on every machine */
static uint64_t rng = 0x9e3779b97f4a7c15u;

static uint64_t
next(void)
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return rng * 0x2545f4914f6cdd1du;
}

/*
 * n random entries into e and want: f of one bucket, a base and up to
 * 2^width more; s of a few values (ties) or any 64 bits (low bits
 * dropped), by round; stamps in or against the entries' order, by round.
 */
static void
fill(struct ol_entry *e, struct ol_entry *want, size_t n, unsigned width, unsigned long round)
{
	uint64_t base = next() >> 8, fspan = ((uint64_t)1 << width) - 1;
	unsigned kind = (unsigned)(round % 3);
	int down = (round / 3) % 2;
	size_t i;

	for (i = 0; i < n; i++) {
		e[i].f = base + (next() & fspan) % (kind == 0 ? 3 : fspan + 1);
		e[i].s = kind == 0 ? next() % 2 : kind == 1 ? next() % 5 : next();
		e[i].t = (uint32_t)(down ? 100000 - i : i);
		e[i].idx = (uint32_t)i;
		want[i] = e[i];
	}
}

/* Do e and want hold the same entries in the same order? */
static int
same(const struct ol_entry *e, const struct ol_entry *want, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (e[i].idx != want[i].idx)
			return 0;
	return 1;
}

static void
check_sorts(void)
{
	struct ol_entry e[SK_MAX], want[SK_MAX], t[SK_MAX];
	unsigned long round;
	size_t n;

	for (round = 0; round < 4000; round++)
		for (n = 2; n < SK_MAX; n++) {
			fill(e, want, n, (unsigned)(next() % 60), round);
			insert_best_last(want, n);
			sort_small(e, t, n);
			if (!same(e, want, n))
				fail("sort_small against insertion", n, round);
		}
}

/*
 * n of the m entries of all, at places picked at random in order, into
 * ix and want (the others stand for the stale entries, never to be read).
 */
static void
pick(const struct ol_entry *all, size_t m, size_t n, uint32_t *ix, struct ol_entry *want)
{
	size_t i, k;

	for (i = k = 0; i < m && k < n; i++)	/* each kept with the odds left */
		if (next() % (m - i) < n - k) {
			ix[k] = (uint32_t)i;
			want[k++] = all[i];
		}
}

/*
 * The networks as the refill of a bucket of one chunk uses them
 * (bk_take_sorted): n live entries, 5 to SK_MAX - 1, named by their
 * places among the SK_MAX - 1 of a chunk, sorted from there into
 * another array.
 */
static void
check_gathers(void)
{
	struct ol_entry e[SK_MAX], all[SK_MAX], want[SK_MAX], t[SK_MAX];
	uint32_t ix[SK_MAX];
	unsigned long round, sorted = 0;
	size_t n, m = SK_MAX - 1, i;

	for (round = 0; round < 4000; round++)
		for (n = 5; n < SK_MAX; n++) {
			fill(all, e, m, (unsigned)(next() % 60), round);
			pick(all, m, n, ix, want);
			insert_best_last(want, n);
			for (i = 0; i < n; i++)
				t[i].idx = UINT32_MAX;
			if (!sort_nets(all, ix, 1, n, t))
				continue;	/* f too wide: the refill sorts them in e */
			sorted++;
			if (!same(t, want, n))
				fail("sort_nets through places against insertion", n, round);
		}
	if (sorted < round * (SK_MAX - 5) / 2)
		fail("sort_nets took too few of the buckets", 0, sorted);
}

/* qsort's order: best last, as the buckets' e holds them */
static int
cmp_worse_first(const void *a, const void *b)
{
	return ol_less(a, b) - ol_less(b, a);
}

/* qsort's orders of words: rising, falling */
static int
cmp_words(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

static int
cmp_words_falling(const void *a, const void *b)
{
	return cmp_words(b, a);
}

/* qsort's order of entries: best first */
static int
cmp_best_first(const void *a, const void *b)
{
	return cmp_worse_first(b, a);
}

/*
 * Cut the n items of size bytes at base into up to r runs (r >= 1) of
 * random lengths, each put in one of the orders one and two at random:
 * a bucket's entries as nodes queued along lines of expansions leave
 * them (sort_runs).  The number of runs made.
 */
static size_t
make_runs(void *base, size_t n, size_t size, size_t r,
    int (*one)(const void *, const void *), int (*two)(const void *, const void *))
{
	size_t at, len, runs;

	for (at = 0, runs = 0; at < n; at += len, runs++) {
		len = runs + 1 >= r ? n - at : 1 + next() % (2 * (n - at) / r + 1);
		if (len > n - at)
			len = n - at;
		qsort((char *)base + at * size, len, size, next() % 2 ? one : two);
	}
	return runs;
}

/*
 * sort_runs on words of r runs, 1 <= r <= RUNS_MAX + 1, of random
 * lengths; the words unique, as sort_words makes them (the place in the
 * low bits), and their high bits from few values or from all 64 bits.
 */
static void
check_runs(void)
{
	static const size_t sizes[] = { 2, 3, 5, 8, 9, 17, SK_MAX, SK_MAX + 1, 100, 300, 1000, 4097 };
	static uint64_t k[4097], want[4097], tmp[4097];
	unsigned long round, took = 0, tries = 0;
	size_t z, n, i, runs;
	const unsigned iw = 13;	/* the places of 4097 words */

	for (round = 0; round < 600; round++)
		for (z = 0; z < sizeof(sizes) / sizeof(sizes[0]); z++) {
			n = sizes[z];
			for (i = 0; i < n; i++) {
				uint64_t hi = round % 2 ? next() % 4 : next() >> iw;

				k[i] = hi << iw | i;
			}
			runs = make_runs(k, n, sizeof(*k), 1 + round % (RUNS_MAX + 1), cmp_words,
			    cmp_words_falling);
			memcpy(want, k, n * sizeof(*k));
			qsort(want, n, sizeof(*want), cmp_words);
			tries++;
			/* runs <= RUNS_MAX: maximal runs can only be fewer */
			if (sort_runs(k, tmp + 4097 - n, n))
				took++;
			else if (runs <= RUNS_MAX)
				fail("sort_runs turned down few runs", n, round);
			else	/* a permutation, for wsort */
				qsort(k, n, sizeof(*k), cmp_words);
			if (memcmp(k, want, n * sizeof(*k)) != 0)
				fail("sort_runs against qsort", n, round);
		}
	if (took < tries / 2)
		fail("sort_runs took too few", 0, took);
}

static void
check_buckets(void)
{
	static const size_t sizes[] = { SK_MAX, SK_MAX + 1, 100, 127, 128, 129, 300, 1000, 4097 };
	static struct ol_entry e[4097], want[4097], t[2 * 4097];
	unsigned long round;
	size_t z, n;

	for (round = 0; round < 120; round++)
		for (z = 0; z < sizeof(sizes) / sizeof(sizes[0]); z++) {
			/* as check_sorts, and f over 60 bits (sort_radix) */
			n = sizes[z];
			fill(e, want, n, round % 8 == 7 ? 60 : (unsigned)(next() % 56), round);
			if (round % 4 == 1) {	/* a few runs, as the buckets mostly are */
				make_runs(e, n, sizeof(*e), 1 + next() % RUNS_MAX, cmp_worse_first,
				    cmp_best_first);
				memcpy(want, e, n * sizeof(*e));
			}
			qsort(want, n, sizeof(*want), cmp_worse_first);
			sort_bucket(e, t, n);
			if (!same(e, want, n))
				fail("sort_bucket against qsort", n, round);
		}
}

/*
 * sort_words as the refill of a bucket of several chunks uses it: n live
 * entries named by their places among m in the pool, the places in an
 * array of their own, sorted from there into e, with scratch room for 2n
 * entries that ends where t ends (a write past it is the sanitizers').
 */
static void
check_word_gathers(void)
{
	static const size_t sizes[] = { SK_MAX, SK_MAX + 1, 100, 127, 128, 129, 300, 1000 };
	static struct ol_entry all[2000], want[2000], e[2000], t[2000];
	static uint32_t ix[2000];
	unsigned long round, sorted = 0;
	size_t z, n, m, i;

	for (round = 0; round < 120; round++)
		for (z = 0; z < sizeof(sizes) / sizeof(sizes[0]); z++) {
			n = sizes[z];
			m = n + next() % (n + 1);	/* up to half of them stale */
			fill(all, e, m, round % 8 == 7 ? 60 : (unsigned)(next() % 56), round);
			if (round % 4 == 1)	/* a few runs, as the buckets mostly are */
				make_runs(all, m, sizeof(*all), 1 + next() % RUNS_MAX, cmp_worse_first,
				    cmp_best_first);
			pick(all, m, n, ix, want);
			qsort(want, n, sizeof(*want), cmp_worse_first);
			for (i = 0; i < n; i++)
				e[i].idx = UINT32_MAX;
			if (!sort_words(all, ix, n, t + 2000 - 2 * n, e))
				continue;	/* f too wide: the refill sorts them in e */
			sorted++;
			if (!same(e, want, n))
				fail("sort_words through places against qsort", n, round);
		}
	if (sorted < round * 8 / 2)
		fail("sort_words took too few of the buckets", 0, sorted);
}

static void
check_refill_room(void)
{
	enum { M = 3000, NODES = M + 1 };	/* within the first pool: no compaction */
	static struct node node[NODES];
	struct openlist ol;
	struct ol_entry x, prev;
	size_t i, live = 0, got = 0;

	memset(&ol, 0, sizeof(ol));
	if (openlist_init(&ol, OL_BUCKETS, node, NODES) != 0) {
		failures++;
		fprintf(stderr, "sortcheck: refill: openlist_init: out of memory\n");
		return;
	}
	openlist_buckets(&ol, 8);	/* buckets 256 keys wide */
	openlist_dead(&ol, 1, 1);	/* a node whose tag's low bit is set is closed */
	/* A first entry, taken, makes bucket 0 the current one ... */
	memset(&x, 0, sizeof(x));
	x.idx = M;
	ol_bk_insert(&ol, &x);
	if (!ol_bk_pop(&ol, &prev) || prev.idx != M)
		fail("refill: the first entry", 1, 0);
	node[M].tag = 1;
	/* ... and M entries go to bucket 2, a quarter of them live. */
	for (i = 0; i < M; i++) {
		x.f = 512 + next() % 256;
		x.s = next() % 64;
		x.t = (uint32_t)i;
		x.idx = (uint32_t)i;
		node[i].tag = next() % 4 != 0;
		live += node[i].tag == 0;
		ol_bk_insert(&ol, &x);
	}
	while (ol_bk_pop(&ol, &x)) {
		if (node[x.idx].tag != 0 || (got > 0 && ol_less(&x, &prev)))
			fail("refill: a stale entry or one out of order", got, 0);
		prev = x;
		node[x.idx].tag = 1;
		got++;
	}
	if (got != live) {
		failures++;
		fprintf(stderr, "sortcheck: refill: %zu entries out of %zu live\n", got, live);
	}
	if (ol.acap > 4 * live) {
		failures++;
		fprintf(stderr, "sortcheck: refill: room for %zu entries to sort %zu of %d\n",
		    ol.acap, live, M);
	}
	openlist_free(&ol);
}

/*
 * Pushes into the current bucket between its pops, some before e's last
 * entry (the same f, a lower s) and some not, against a list kept by
 * hand: each pop must give the least entry left by ol_less.
 */
static void
check_current_pushes(void)
{
	enum { NODES = 4000 };
	static struct node node[NODES];
	static struct ol_entry left[NODES];
	struct openlist ol;
	struct ol_entry x, got;
	unsigned long round;
	size_t nleft, i, best, pops, appended = 0;
	uint32_t id;

	memset(&ol, 0, sizeof(ol));
	for (round = 0; round < 40; round++) {
		if (openlist_init(&ol, OL_BUCKETS, node, NODES) != 0) {
			failures++;
			fprintf(stderr, "sortcheck: pushes: openlist_init: out of memory\n");
			return;
		}
		openlist_buckets(&ol, 8);	/* buckets 256 keys wide */
		openlist_dead(&ol, 1, 1);	/* every tag 0: every entry live */
		memset(&x, 0, sizeof(x));
		id = 0;
		x.idx = id++;
		openlist_push(&ol, &x);		/* the window starts at bucket 0 */
		if (!ol_bk_pop(&ol, &got) || got.idx != 0)
			fail("pushes: the first entry", 0, round);
		/* 300 entries into bucket 1, a few values of f and s */
		for (nleft = 0; nleft < 300; nleft++) {
			x.f = 256 + next() % (round % 2 ? 4 : 256);
			x.s = next() % 64;
			x.t = id;
			x.idx = id++;
			left[nleft] = x;
			ol_bk_insert(&ol, &x);
		}
		for (pops = 0; nleft > 0; pops++) {
			if (!ol_bk_pop(&ol, &got)) {
				fail("pushes: the list ran dry", nleft, round);
				break;
			}
			for (best = 0, i = 1; i < nleft; i++)
				if (ol_less(&left[i], &left[best]))
					best = i;
			if (got.idx != left[best].idx)
				fail("pushes: not the least entry", pops, round);
			for (i = 0; i < nleft && left[i].idx != got.idx; i++)
				;
			if (i < nleft)
				left[i] = left[--nleft];
			/* up to two pushes into the current bucket, f from got's on */
			while (id < NODES - 2 && next() % 3 != 0) {
				x.f = got.f + next() % (next() % 2 ? 1 : 512 - got.f);
				x.s = next() % 2 ? got.s - (got.s > 0) : next() % 64;
				x.t = id;
				x.idx = id++;
				if (ol.n != 0 && ol_less(&x, &ol.e[ol.n - 1]))
					appended++;
				left[nleft++] = x;
				ol_bk_insert(&ol, &x);
				if (next() % 2)
					break;
			}
		}
		if (ol_bk_pop(&ol, &got))
			fail("pushes: an entry left over", 0, round);
	}
	if (appended < round * 100)
		fail("pushes: too few pushes put after e's last entry", 0, appended);
	openlist_free(&ol);
}

int
main(void)
{
	check_networks();
	check_sorts();
	check_gathers();
	check_buckets();
	check_word_gathers();
	check_runs();
	check_current_pushes();
	check_refill_room();
	if (failures > 0) {
		fprintf(stderr, "sortcheck: %d failures\n", failures);
		return 1;
	}
	return 0;
}
