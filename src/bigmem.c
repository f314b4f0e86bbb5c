/*
 * bigmem.c - see bigmem.h.
 *
 * The search reads its per-cell state at random over the whole map: on a
 * map of a million cells, 16 MB of nodes.  With 4 KiB pages each first
 * touch of a page is a fault, and each access to a new page a TLB miss;
 * on Linux an anonymous mapping advised MADV_HUGEPAGE is backed by 2 MiB
 * pages instead, 512 times fewer (measured on the CI machine: -a jps on
 * AR0011SR and Berlin_0_1024 take 40% and 25% less time a query).  Such
 * a mapping comes zeroed, and pages are still only taken when touched.
 * The map reader's text and cells get them too: a first touch of 2 MiB
 * costs 7-10 ms in 4 KiB pages on that machine, 0.2-0.7 ms in one huge
 * page, so a process's first 1024x1024 map parsed in 12 ms, most of it
 * page faults.  From BIGMEM_MIN up an array is mapped, from 2 MiB up on
 * huge pages, where a huge page costs no more than the small ones it
 * replaces even when only a part of it is used; elsewhere, and for
 * smaller arrays, this is calloc.
 */
#define _GNU_SOURCE		/* MAP_ANONYMOUS, madvise and mremap, beyond POSIX.1-2008 */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "bigmem.h"

#if defined(MAP_ANONYMOUS) && defined(MADV_HUGEPAGE)
#define HUGE_PAGE ((size_t)2 << 20)
#define BIGMEM_MIN ((size_t)256 << 10)

/*
 * The length mapped for n bytes: whole small pages, not whole huge ones.
 * The mapping starts on a huge page, and only a huge page's worth that
 * lies wholly inside it gets one; the last part, short of 2 MiB, gets
 * small pages, so that it counts only for the pages it touches, not for
 * 2 MiB (on a 2048x2048 map, 2 MiB of nodes and 2 MiB of cells: 1 byte
 * a cell).
 */
static size_t
mapped(size_t n)
{
	long ps = sysconf(_SC_PAGESIZE);
	size_t page = ps > 0 ? (size_t)ps : 4096;

	return (n + page - 1) / page * page;
}
#endif

#if defined(MAP_ANONYMOUS) && defined(MADV_HUGEPAGE)
/*
 * len bytes mapped from a 2 MiB boundary, where a huge page must start,
 * or NULL.  Not by mapping 2 MiB more and trimming them, where that is
 * avoidable: the process's peak address space (VmPeak) counts the 2 MiB
 * of every such mapping, which on a 512 by 512 map came to a third of
 * what the process had resident (10 MB against 6.5).  The system places
 * a mapping at the top of the highest gap that takes it, so the 2 MiB
 * boundary below it is mostly free as well: the mapping is moved there,
 * or, when something lies in the way, to one of the next seven
 * boundaries below (which passes a page in the way of an array of up to
 * 14 MiB; beyond that the 2 MiB more are a small part of it), and only
 * when all of those fail is one more huge page mapped and trimmed.  An
 * array moved down before, just above, was in the way of the next in 6
 * of 16 runs of -S on gen-random512 (as the libraries happened to lie:
 * VmPeak 8,960 KB against 7,500), before the arrays short of 2 MiB were
 * left where the system puts them (bigmem_map).  MAP_FIXED_NOREPLACE
 * (Linux 4.17 on) fails where anything is mapped already, another
 * thread's arrays among them; an older system takes it as a hint, and a
 * mapping it puts elsewhere is given back.
 */
#define ALIGN_TRIES 8

#if defined(MAP_FIXED_NOREPLACE) || UINTPTR_MAX > 0xffffffffu	/* map_aligned's, sparse_map's */
/*
 * len bytes mapped at a where nothing is mapped yet: 0; -1 where
 * something is (MAP_FIXED_NOREPLACE fails); 1 where the system took a as
 * a hint only and put them elsewhere, given back (no such flag here).
 */
static int
map_at(char *a, size_t len)
{
	int fl = MAP_PRIVATE | MAP_ANONYMOUS;
	char *p;

#ifdef MAP_FIXED_NOREPLACE
	fl |= MAP_FIXED_NOREPLACE;
#endif
	p = mmap(a, len, PROT_READ | PROT_WRITE, fl, -1, 0);
	if (p == a)
		return 0;
	if (p == MAP_FAILED)
		return -1;
	munmap(p, len);
	return 1;
}
#endif

static char *
map_aligned(size_t len)
{
	char *p, *a;
	int k;

	if (len + HUGE_PAGE < len)
		return NULL;
	p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return NULL;
	if ((uintptr_t)p % HUGE_PAGE == 0)
		return p;
#ifdef MAP_FIXED_NOREPLACE
	a = p - (uintptr_t)p % HUGE_PAGE;
	munmap(p, len);
	for (k = 0; k < ALIGN_TRIES && (uintptr_t)a >= HUGE_PAGE; k++, a -= HUGE_PAGE) {
		int r = map_at(a, len);

		if (r == 0)
			return a;
		if (r > 0)	/* a hint, not taken: no such flag here */
			break;
	}
#else
	munmap(p, len);
#endif
	p = mmap(NULL, len + HUGE_PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return NULL;
	a = p + (HUGE_PAGE - (uintptr_t)p % HUGE_PAGE) % HUGE_PAGE;
	if (a > p)
		munmap(p, (size_t)(a - p));
	if (a + len < p + len + HUGE_PAGE)
		munmap(a + len, (size_t)(p + len + HUGE_PAGE - (a + len)));
	return a;
}
#endif

/* How bigmem_map takes the pages: at first touch, all at once, or lazily (bigmem_alloc_lazy). */
enum how { BM_PLAIN, BM_FILLED, BM_LAZY };

#if defined(MAP_ANONYMOUS) && defined(MADV_HUGEPAGE)
/*
 * The spare: a mapping given back (bigmem_free) that is kept, with its
 * pages, for the next array that is to be filled at once
 * (bigmem_alloc_filled).  Writing a page the process has costs a
 * fraction of taking a new one: on the CI machine 400 KB took 100-175
 * us to take (MADV_POPULATE_WRITE, a new page at a time) and 4-7 us to
 * write again.  -S gives back an ASCII map's text (map_drop_text, a
 * byte a cell) just before JPS builds its bitsets (jps_prepare, filled
 * at once): on a 512 x 512 map 257 KB of text for 0.39 MB of bitsets,
 * and the first query, which builds them, took 323 us instead of 380
 * (medians of 31 runs on AR0011SR, when its text was kept too; a
 * MovingAI map's is not written at all now, which costs less: scen.c).
 * Where a page fault is an exit to the host, a page moved by mremap
 * costs about 5 us again at its next write (BENCHMARKS.md, 2026-12-02).
 * Only a mapping of small pages short of a
 * huge page is kept, one at a time, the larger; and it is given back
 * when an array of a huge page or more is mapped to be touched as it is
 * used (A*'s nodes), so that it is never resident beside them.
 */
static pthread_mutex_t spare_mu = PTHREAD_MUTEX_INITIALIZER;
static char *spare;
static size_t spare_len;

/* Keep p, len bytes mapped (len < HUGE_PAGE), as the spare, or give it back. */
static void
spare_put(char *p, size_t len)
{
	pthread_mutex_lock(&spare_mu);
	if (spare == NULL || spare_len < len) {
		char *q = spare;
		size_t ql = spare_len;

		spare = p;
		spare_len = len;
		p = q;
		len = ql;
	}
	pthread_mutex_unlock(&spare_mu);
	if (p != NULL)
		munmap(p, len);
}

/* Take the spare, *len bytes mapped, or NULL. */
static char *
spare_take(size_t *len)
{
	char *p;

	pthread_mutex_lock(&spare_mu);
	p = spare;
	*len = spare_len;
	spare = NULL;
	pthread_mutex_unlock(&spare_mu);
	return p;
}

/*
 * n bytes, zeroed and their pages taken, from the spare, or NULL: the
 * spare cut to length, or grown, its new pages taken at once.
 */
static char *
spare_filled(size_t n)
{
	size_t len, need = mapped(n);
	char *p = spare_take(&len);

	if (p == NULL)
		return NULL;
	if (len >= need) {
		if (len > need)
			munmap(p + need, len - need);
		memset(p, 0, n);
		return p;
	}
#ifdef MREMAP_MAYMOVE
	{
		char *q = mremap(p, len, need, MREMAP_MAYMOVE);

		if (q != MAP_FAILED) {
			memset(q, 0, len);
#ifdef MADV_POPULATE_WRITE
			(void)madvise(q + len, need - len, MADV_POPULATE_WRITE);
#endif
			return q;
		}
	}
#endif
	munmap(p, len);
	return NULL;
}
#endif

static void *bigmem_map(size_t, enum how);

/* n zeroed bytes, or NULL; free with bigmem_free(p, n). */
void *
bigmem_alloc(size_t n)
{
	return bigmem_map(n, BM_PLAIN);
}

/*
 * The same, for an array that its owner is about to fill in full: from
 * BIGMEM_MIN up its pages are taken in one system call
 * (MADV_POPULATE_WRITE, Linux 5.14 on; elsewhere, or when refused, at
 * first touch as usual) rather than a fault each.  Small pages: every
 * page is written at once, so huge ones would save faults but no
 * memory, and on the CI machine a huge page that the host has to back
 * first costs 1.9 ms a MiB to touch against 0.4 in small pages (JPS's
 * bitsets for a 2048 by 2048 map: 0.97-1.70 ms a query, medians of five
 * runs of 20 queries, on huge pages; 1.02-1.05 on small ones).  On a 512
 * by 512 map, 0.55 MB of bitsets, the build took 0.44 ms instead of
 * 0.49, 136 faults fewer.  From the spare, when there is one (below).
 */
void *
bigmem_alloc_filled(size_t n)
{
	return bigmem_map(n, BM_FILLED);
}

/*
 * The same, for an array that is used from its start up, and often only
 * a little of it: its first 2 MiB on small pages, of which a short
 * search touches a few, the rest on huge ones as bigmem_alloc's.  A
 * huge page costs its 2 MiB at first touch however little of it is
 * used (on the CI machine 0.36-0.46 ms for the two of a 512 by 512
 * map's nodes, against 2 us a small page).  JPS's nodes (jps.c).
 */
void *
bigmem_alloc_lazy(size_t n)
{
	return bigmem_map(n, BM_LAZY);
}

static void *
bigmem_map(size_t n, enum how how)
{
#if defined(MAP_ANONYMOUS) && defined(MADV_HUGEPAGE)
	if (n >= BIGMEM_MIN && how == BM_FILLED) {
		char *p = spare_filled(n);

		if (p != NULL)
			return p;
	} else if (mapped(n) >= HUGE_PAGE) {
		size_t len;
		char *p = spare_take(&len);

		if (p != NULL)
			munmap(p, len);
	}
	/*
	 * Filled at once on small pages (bigmem_alloc_filled), or short of
	 * a huge page, which no part of it could get: mapped where the
	 * system puts it, not on a boundary, where it would stand in the way
	 * of the next array that wants one (map_aligned).
	 */
	if (n >= BIGMEM_MIN && (how == BM_FILLED || mapped(n) < HUGE_PAGE)) {
		char *p = mmap(NULL, mapped(n), PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		if (p == MAP_FAILED)
			return NULL;
#ifdef MADV_POPULATE_WRITE
		if (how == BM_FILLED)
			(void)madvise(p, mapped(n), MADV_POPULATE_WRITE);	/* advice too */
#endif
		return p;
	}
	if (n >= BIGMEM_MIN) {
		size_t len = mapped(n);
		char *a = map_aligned(len);

		if (a == NULL)
			return NULL;
		if (how != BM_LAZY)
			(void)madvise(a, len, MADV_HUGEPAGE);	/* advice: no harm if refused */
		else if (len > HUGE_PAGE)
			(void)madvise(a + HUGE_PAGE, len - HUGE_PAGE, MADV_HUGEPAGE);
		return a;
	}
#endif
	(void)how;
	return calloc(1, n > 0 ? n : 1);
}

/*
 * Take the pages of p, n bytes from bigmem_alloc, for writing now rather
 * than at first touch: in one system call where the system has it (as
 * bigmem_alloc_filled), else by writing the zeros again, a page at a
 * time.  Either way no page of it is ever the shared zero page, which a
 * read maps and a write then has to replace (see search.c, prepare).
 */
void
bigmem_touch(void *p, size_t n)
{
#if defined(MAP_ANONYMOUS) && defined(MADV_HUGEPAGE) && defined(MADV_POPULATE_WRITE)
	if (n >= BIGMEM_MIN && madvise(p, mapped(n), MADV_POPULATE_WRITE) == 0)
		return;
#endif
	memset(p, 0, n);
}

/*
 * Take now, for writing, the pages of p's bytes from offset from up to
 * offset to, p an array of n bytes of any kind (bigmem's, malloc's),
 * those of them that lie wholly within the array: in one system call
 * where the system has one (MADV_POPULATE_WRITE), elsewhere not at all,
 * and they are taken at first touch as before.  Nothing in them changes.
 * For an array written a part at a time, whose pages would each take a
 * fault.  On the virtual machine of 2026-12-02 (BENCHMARKS.md) a page's
 * fault cost 14 us, where taking it so, and its first write after, took
 * 6 to 7.
 */
void
bigmem_take(void *p, size_t n, size_t from, size_t to)
{
#if defined(MAP_ANONYMOUS) && defined(MADV_HUGEPAGE) && defined(MADV_POPULATE_WRITE)
	long ps = sysconf(_SC_PAGESIZE);
	uintptr_t pg = ps > 0 ? (uintptr_t)ps : 4096, b = (uintptr_t)p, lo, hi;

	if (to > n)
		to = n;
	if (from >= to)
		return;
	lo = (b + from) / pg * pg;
	hi = (b + to + pg - 1) / pg * pg;
	if (lo < b)	/* the pages that are wholly p's */
		lo = (b + pg - 1) / pg * pg;
	if (hi > b + n)
		hi = (b + n) / pg * pg;
	if (lo < hi)
		(void)madvise((void *)lo, hi - lo, MADV_POPULATE_WRITE);	/* advice */
#else
	(void)p, (void)n, (void)from, (void)to;
#endif
}

/*
 * The same for the part of p, n bytes from bigmem_alloc, past its last
 * whole 2 MiB: all of an array shorter, and at most 2 MiB of a longer
 * one, whose whole 2 MiB are left to be taken as they are touched.
 * bigmem_alloc maps an array of 2 MiB or more from a 2 MiB boundary, so
 * where there are huge pages these are its small pages.
 */
void
bigmem_touch_small(void *p, size_t n)
{
	const size_t huge = (size_t)2 << 20;
	size_t whole = n / huge * huge;

	if (n > whole)
		bigmem_touch((char *)p + whole, n - whole);
}

/*
 * Zero p, n bytes from bigmem_alloc, by giving its pages back: 0 where
 * that was done, -1 where the caller has to clear what it needs itself
 * (an array under BIGMEM_MIN, from calloc; or a system where
 * MADV_DONTNEED is no promise of zeros).  On Linux the pages of a
 * private anonymous mapping given back so read as zero at their next
 * touch, as new ones, and count for nothing until then.
 */
int
bigmem_discard(void *p, size_t n)
{
#if defined(__linux__) && defined(MAP_ANONYMOUS) && defined(MADV_HUGEPAGE) && defined(MADV_DONTNEED)
	if (n >= BIGMEM_MIN && madvise(p, mapped(n), MADV_DONTNEED) == 0)
		return 0;
#endif
	(void)p;
	(void)n;
	return -1;
}

void
bigmem_free(void *p, size_t n)
{
	if (p == NULL)
		return;
#if defined(MAP_ANONYMOUS) && defined(MADV_HUGEPAGE)
	if (n >= BIGMEM_MIN) {
		if (mapped(n) < HUGE_PAGE)
			spare_put(p, mapped(n));
		else
			munmap(p, mapped(n));
		return;
	}
#else
	(void)n;
#endif
	free(p);
}

/*
 * Grow *p, of n0 bytes from bigmem_alloc or bigmem_grow (NULL and 0 at
 * first), to n > n0 bytes, keeping its contents; the bytes beyond n0 are
 * zero.  -1 when out of memory, and *p is left as it was.
 */
int
bigmem_grow(void **p, size_t n0, size_t n)
{
	char *np;

#if defined(MAP_ANONYMOUS) && defined(MADV_HUGEPAGE)
	if (n < BIGMEM_MIN) {	/* and so is n0: realloc */
#endif
		if ((np = realloc(*p, n)) == NULL)
			return -1;
		memset(np + n0, 0, n - n0);
		*p = np;
		return 0;
#if defined(MAP_ANONYMOUS) && defined(MADV_HUGEPAGE)
	}
	if (n0 >= BIGMEM_MIN && mapped(n) == mapped(n0))
		return 0;	/* the mapping has room */
	if ((np = bigmem_alloc(n)) == NULL)
		return -1;
	if (n0 > 0) {
		bigmem_take(np, n, 0, n0);	/* the copy's pages in one call, not a fault each */
		memcpy(np, *p, n0);
	}
	bigmem_free(*p, n0);
	*p = np;
	return 0;
#endif
}

/*
 * Sparse arrays (bigmem.h).  A search on a large map touches a part of
 * its nodes, and with -j N each thread has nodes for the whole map: on a
 * 8192x8192 map 768 MiB a thread, of which a thread's share of six
 * queries touched about half (VmPeak 1.76 times the peak resident size
 * with -j 2).  The pages it never touches need not be mapped at all: the
 * array's address space is left free, and a page of it is mapped, at its
 * place, when the owner asks (sparse_map).  That needs a range that the
 * system will not hand to anything else meanwhile.  Linux places
 * mappings down from below the stack (or, in the legacy layout, up from
 * a third of the address space) and the program and its heap lie far
 * above SPARSE_LOW: the regions are laid out from there up, one after
 * another.  Not checked free by mapping them whole when they are set
 * aside: the process's peak address space would count that mapping.
 * Each page is mapped where nothing is (MAP_FIXED_NOREPLACE, or a hint
 * checked), and where something is all the same (another system's
 * layout, or the sanitizers'), sparse_map fails.  64-bit systems only.
 */
#if defined(MAP_ANONYMOUS) && defined(MADV_HUGEPAGE) && UINTPTR_MAX > 0xffffffffu
#define SPARSE_LOW  ((uintptr_t)2 << 44)	/* 32 TiB: above the sanitizers' shadow */
#define SPARSE_HIGH ((uintptr_t)5 << 44)	/* 80 TiB: below the program's own */
#define SPARSE_ALIGN ((uintptr_t)1 << 30)	/* regions start on a GiB */

static uintptr_t sparse_next = SPARSE_LOW;	/* under spare_mu */

#endif

/* Set aside a region for len bytes, nothing mapped; -1 when there is none. */
int
sparse_reserve(struct sparse *sp, size_t len)
{
	memset(sp, 0, sizeof(*sp));
#if defined(MAP_ANONYMOUS) && defined(MADV_HUGEPAGE) && UINTPTR_MAX > 0xffffffffu
	{
		size_t pages = len / SPARSE_PAGE + (len % SPARSE_PAGE != 0);
		size_t span = pages * SPARSE_PAGE;
		char *a = NULL;

		if (len == 0 || pages > (SPARSE_HIGH - SPARSE_LOW) / SPARSE_PAGE)
			return -1;
		pthread_mutex_lock(&spare_mu);
		if (sparse_next + span <= SPARSE_HIGH) {
			a = (char *)sparse_next;
			sparse_next = (sparse_next + span + SPARSE_ALIGN - 1) / SPARSE_ALIGN * SPARSE_ALIGN;
		}
		pthread_mutex_unlock(&spare_mu);
		if (a == NULL || (sp->have = calloc(pages, 1)) == NULL)
			return -1;
		sp->base = a;
		sp->pages = pages;
		return 0;
	}
#else
	(void)len;
	return -1;
#endif
}

/* Map pages lo to hi of sp (those not mapped yet); -1 when one cannot be. */
int
sparse_map(struct sparse *sp, size_t lo, size_t hi)
{
#if defined(MAP_ANONYMOUS) && defined(MADV_HUGEPAGE) && UINTPTR_MAX > 0xffffffffu
	size_t p;

	for (p = lo; p <= hi && p < sp->pages; p++) {
		char *a = sp->base + p * SPARSE_PAGE;

		if (sp->have[p])
			continue;
		if (map_at(a, SPARSE_PAGE) != 0)	/* something there, or elsewhere */
			return -1;
		(void)madvise(a, SPARSE_PAGE, MADV_HUGEPAGE);	/* advice */
		sp->have[p] = 1;
	}
	return 0;
#else
	(void)sp, (void)lo, (void)hi;
	return -1;
#endif
}

/*
 * Give back the pages of sp, and its region: to be set aside again when
 * it is the last one set aside, as in a stream of large maps searched by
 * JPS, which gives its array back for its own store at each new map.
 */
void
sparse_free(struct sparse *sp)
{
	size_t p, q;

	/* Only the pages it mapped: anything else in the range is not its own. */
	for (p = 0; sp->have != NULL && p < sp->pages; p = q) {
		for (q = p; q < sp->pages && sp->have[q] == sp->have[p]; q++)
			;
#if defined(MAP_ANONYMOUS)
		if (sp->have[p])
			munmap(sp->base + p * SPARSE_PAGE, (q - p) * SPARSE_PAGE);
#endif
	}
#if defined(MAP_ANONYMOUS) && defined(MADV_HUGEPAGE) && UINTPTR_MAX > 0xffffffffu
	if (sp->base != NULL) {
		uintptr_t at = (uintptr_t)sp->base, span = sp->pages * SPARSE_PAGE;

		pthread_mutex_lock(&spare_mu);
		if ((at + span + SPARSE_ALIGN - 1) / SPARSE_ALIGN * SPARSE_ALIGN == sparse_next)
			sparse_next = at;
		pthread_mutex_unlock(&spare_mu);
	}
#endif
	free(sp->have);
	memset(sp, 0, sizeof(*sp));
}

/* The capacity that holds n: cap doubled as often as it takes (64 at first). */
size_t
array_cap(size_t cap, size_t n)
{
	size_t nc = cap ? cap : 64;

	while (nc < n)
		nc *= 2;
	return nc;
}

/* array_grow (bigmem.h) when *cap is short of n. */
int
array_realloc(void *p, size_t *cap, size_t n, size_t sz)
{
	void *np;
	size_t nc;

	if (n <= *cap)
		return 0;
	nc = array_cap(*cap, n);
	if ((np = realloc(*(void **)p, nc * sz)) == NULL)
		return -1;
	*(void **)p = np;
	*cap = nc;
	return 0;
}
