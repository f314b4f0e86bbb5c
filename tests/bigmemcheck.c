/*
 * bigmemcheck - checks the spare of src/bigmem.c: the mapping that
 * bigmem_free keeps, pages and all, for the next bigmem_alloc_filled;
 * and its sparse arrays, whose pages are mapped as they are asked for.
 * The search's output would not show it missing (only the time of a
 * first JPS query does), nor an array handed out from it with last use's
 * bytes in it, where the code reading it happened to write them all.
 *
 * 1. A mapping of small pages given back is kept; the next filled array
 *    is made from it, grown (mremap) or cut to length, zeroed in full and
 *    with every page present (mincore).
 *    Of two given back, the larger is kept.
 * 2. A mapping of a huge page or more given back is not kept, and one
 *    mapped to be touched as used (bigmem_alloc) gives the spare back.
 * 3. Two threads taking filled arrays and giving them back at once: each
 *    array zeroed when handed out, and no array handed to both.
 * 4. Sparse arrays (below).
 * 5. bigmem_touch_small takes the pages of an array past its last whole
 *    2 MiB, zeroed, and none of those 2 MiB; all of an array shorter.
 * 6. bigmem_take takes the pages a range of an array touches that lie
 *    wholly within the array, and no other; what they hold stays.
 *
 * Prints what failed and exits 1; exits 0 silently.  The file includes
 * bigmem.c, whose spare is static.
 */
#include "../src/bigmem.c"

#include <errno.h>
#include <stdio.h>
#include <sys/resource.h>

#if defined(MAP_ANONYMOUS) && defined(MADV_HUGEPAGE)
static int failures;

static void
fail(const char *what)
{
	if (failures++ < 10)
		fprintf(stderr, "bigmemcheck: %s\n", what);
}

/* Are all n bytes from p 0? */
static int
zeroed(const char *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (p[i] != 0)
			return 0;
	return 1;
}

/*
 * Does the system take pages on advice (MADV_POPULATE_WRITE, Linux 5.14
 * on)?  Elsewhere they come at first touch, as bigmem.c says, and
 * neither which pages are present nor how many were taken says anything.
 */
static int
populates(void)
{
#ifdef MADV_POPULATE_WRITE
	size_t page = mapped(1);
	char *p = mmap(NULL, page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int ok;

	if (p == MAP_FAILED)
		return 0;
	ok = madvise(p, page, MADV_POPULATE_WRITE) == 0;
	munmap(p, page);
	return ok;
#else
	return 0;
#endif
}

/* The pages this process has taken so far (minor faults, which count those taken on advice). */
static long
taken(void)
{
	struct rusage ru;

	return getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_minflt : 0;
}

/* How many pages of p, n bytes (4 MiB at most), are present; -1 if mincore fails. */
static long
in_core(char *p, size_t n)
{
	size_t page = mapped(1), k, np = mapped(n) / page;
	unsigned char v[1024];
	long c = 0;

	if (np > sizeof(v) || mincore(p, np * page, v) != 0)
		return -1;
	for (k = 0; k < np; k++)
		c += v[k] & 1;
	return c;
}

/* Are all pages of p, n bytes, present? */
static int
present(char *p, size_t n)
{
	return !populates() || in_core(p, n) == (long)(mapped(n) / mapped(1));
}

/* p, an allocation's result; when it failed, says so. */
static char *
got(void *p)
{
	if (p == NULL)
		fail("an allocation failed");
	return p;
}

static void
sequence(void)
{
	const size_t small = 300 << 10, large = 400 << 10, cut = 260 << 10;
	const size_t page = mapped(1);
	char *p, *q, *r, *s;
	size_t len;
	long t0, fresh;

	/* the pages a filled array takes with no spare */
	t0 = taken();
	if ((p = got(bigmem_alloc_filled(large))) == NULL)
		return;
	fresh = taken() - t0;
	bigmem_free(p, large);
	if ((p = spare_take(&len)) != NULL)
		munmap(p, len);

	/* a plain array, written, given back: kept */
	if ((p = got(bigmem_alloc(small))) == NULL)
		return;
	memset(p, 0xab, small);
	bigmem_free(p, small);
	if (spare != p || spare_len != mapped(small))
		fail("a mapping of small pages given back is not the spare");

	/*
	 * grown into a larger filled array: the pages it has are kept, and
	 * the new ones taken; at least half the spare's fewer than with no
	 * spare (not all: a sanitizer's shadow of the pages written takes
	 * some)
	 */
	t0 = taken();
	if ((q = got(bigmem_alloc_filled(large))) == NULL)
		return;
	if (populates() && taken() - t0 > fresh - (long)(small / page / 2))
		fail("a filled array grown from the spare took pages anew");
	if (spare != NULL)
		fail("the spare is still there after a filled array took it");
	if (!zeroed(q, large))
		fail("a filled array grown from the spare is not zeroed");
	if (!present(q, large))
		fail("a filled array grown from the spare has pages not yet taken");
	memset(q, 0xcd, large);
	bigmem_free(q, large);

	/* cut to a smaller one, where it is */
	if ((r = bigmem_alloc_filled(cut)) != q)
		fail("a filled array shorter than the spare is not the spare");
	if (r == NULL)
		return;
	if (!zeroed(r, cut))
		fail("a filled array cut from the spare is not zeroed");
	if (!present(r, cut))
		fail("a filled array cut from the spare has pages not present");

	/* of two given back, the larger */
	if ((s = got(bigmem_alloc(small))) == NULL)
		return;
	bigmem_free(r, cut);
	bigmem_free(s, small);
	if (spare != s || spare_len != mapped(small))
		fail("of two mappings given back, the larger is not the spare");
	bigmem_free(NULL, small);
	if (spare != s)
		fail("giving back NULL changed the spare");

	/* an array to be touched as used, of a huge page or more: gives it back */
	if ((p = got(bigmem_alloc(HUGE_PAGE))) == NULL)
		return;
	if (spare != NULL)
		fail("the spare is still there beside a huge array");
	/* which is not kept either */
	bigmem_free(p, HUGE_PAGE);
	if (spare != NULL)
		fail("a mapping of a huge page or more was kept");

	/* and a small array keeps it */
	if ((p = got(bigmem_alloc(small))) == NULL)
		return;
	bigmem_free(p, small);
	if ((q = got(bigmem_alloc(small))) == NULL)
		return;
	if (spare == NULL)
		fail("a small plain array took the spare");
	bigmem_free(q, small);
	p = spare_take(&len);
	if (p != NULL)
		munmap(p, len);
}

#define ROUNDS 2000

/* Take filled arrays and give them back, marked: a shared one shows the other's mark. */
static void *
churn(void *arg)
{
	const unsigned char mark = (unsigned char)(uintptr_t)arg;
	const size_t n = (256 << 10) + 4096 * (size_t)(uintptr_t)arg;
	long bad = 0;
	int k;

	for (k = 0; k < ROUNDS; k++) {
		unsigned char *p = bigmem_alloc_filled(n);
		size_t i;

		if (p == NULL || !zeroed((char *)p, n)) {
			bad++;
			if (p == NULL)
				continue;
		}
		memset(p, mark, n);
		for (i = 0; i < n; i += 4096)
			if (p[i] != mark)
				bad++;
		bigmem_free(p, n);
	}
	return (void *)bad;
}

static void
threads(void)
{
	pthread_t t[2];
	void *bad;
	int k, started = 0;

	for (k = 0; k < 2; k++)
		if (pthread_create(&t[k], NULL, churn, (void *)(uintptr_t)(k + 1)) == 0)
			started++;
		else
			fail("pthread_create failed");
	for (k = 0; k < started; k++) {
		pthread_join(t[k], &bad);
		if (bad != NULL)
			fail("two threads: an array not zeroed, or shared");
	}
}

/* Is any of the n bytes from p mapped?  mincore fails with ENOMEM on a range with a hole. */
static int
unmapped(const char *p, size_t n)
{
	size_t page = mapped(1), k;
	unsigned char v;

	for (k = 0; k < n; k += page)
		if (mincore((void *)(uintptr_t)(p + k), page, &v) == 0 || errno != ENOMEM)
			return 0;
	return 1;
}

/*
 * 4. Sparse arrays: a region set aside maps nothing; sparse_map maps the
 *    pages asked for, zeroed, at their places, and the others stay
 *    unmapped; two regions do not overlap; a page whose place is taken
 *    fails, and sparse_free gives back its own pages and nothing else;
 *    the last region given back is the next one set aside.
 */
static void
sparse(void)
{
#if UINTPTR_MAX > 0xffffffffu
	struct sparse a, b;
	char *other;
	size_t k;

	if (sparse_reserve(&a, 2 * SPARSE_PAGE + 1) != 0) {
		fail("no sparse region");
		return;
	}
	if (a.pages != 3 || (uintptr_t)a.base % SPARSE_PAGE != 0 || !unmapped(a.base, 3 * SPARSE_PAGE))
		fail("a sparse region is not three pages, unmapped, on a page boundary");
	if (sparse_reserve(&b, SPARSE_PAGE) != 0 || b.base < a.base + 3 * SPARSE_PAGE)
		fail("two sparse regions overlap");
	if (sparse_map(&a, 1, 1) != 0 || !a.have[1] || a.have[0] || a.have[2])
		fail("sparse_map did not map the one page asked for");
	for (k = 0; k < SPARSE_PAGE; k++)
		if (a.base[SPARSE_PAGE + k] != 0) {
			fail("a sparse page is not zeroed");
			break;
		}
	a.base[2 * SPARSE_PAGE - 1] = 1;
	if (!unmapped(a.base, SPARSE_PAGE) || !unmapped(a.base + 2 * SPARSE_PAGE, SPARSE_PAGE))
		fail("sparse_map mapped a page not asked for");
	/* something else where page 0 goes */
	other = mmap(a.base, mapped(1), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (other != a.base) {
		if (other != MAP_FAILED)
			munmap(other, mapped(1));
		fail("could not map at a sparse region's first page");
	} else {
		other[0] = 7;
		if (sparse_map(&a, 0, 0) == 0 || a.have[0])
			fail("a sparse page mapped where something else lies");
		sparse_free(&a);
		if (other[0] != 7)
			fail("sparse_free changed a mapping not its own");
		if (!unmapped(other + SPARSE_PAGE, 2 * SPARSE_PAGE))
			fail("sparse_free left a page of its own mapped");
		munmap(other, mapped(1));
	}
	if (a.base != NULL)
		sparse_free(&a);
	other = b.base;
	sparse_free(&b);
	if (a.base != NULL || a.have != NULL || b.base != NULL)
		fail("sparse_free left a region behind");
	/* the last region set aside, given back, is set aside again */
	if (sparse_reserve(&b, 3 * SPARSE_PAGE) != 0 || b.base != other)
		fail("the last sparse region given back was not set aside again");
	sparse_free(&b);
#endif
}

/*
 * 5. The part of an array that huge pages cannot hold, taken at once:
 * past 2 MiB, 300 KiB (taken on advice) and 100 KiB (written, being
 * under BIGMEM_MIN); and an array of 1 MiB, all of it.
 */
static void
touch_small(void)
{
	const size_t tails[3] = { 300 << 10, 100 << 10, 0 };
	size_t k;

	for (k = 0; k < 3; k++) {
		size_t n = k < 2 ? HUGE_PAGE + tails[k] : (size_t)1 << 20;
		char *p = got(bigmem_alloc(n));

		if (p == NULL)
			return;
		bigmem_touch_small(p, n);
		if (k < 2 && in_core(p, HUGE_PAGE) != 0)
			fail("bigmem_touch_small took a page of the whole 2 MiB");
		if (k < 2 && (!present(p + HUGE_PAGE, tails[k]) || !zeroed(p + HUGE_PAGE, tails[k])))
			fail("bigmem_touch_small left a page past the whole 2 MiB, or not zeroed");
		if (k == 2 && (!present(p, n) || !zeroed(p, n)))
			fail("bigmem_touch_small left a page of an array under 2 MiB, or not zeroed");
		bigmem_free(p, n);
	}
}

/*
 * An array of 5.5 pages from 1.25 pages into a mapping of 8: bigmem_take
 * of its bytes from 0.5 to 2.25 pages in takes the pages 2 and 3 of the
 * mapping (the array's first, 1.25 to 2, is not wholly its own), then
 * of 3.5 to 5.5 pages the pages 4 and 5 (the array's end, at 6.75, cuts
 * page 6); an empty range and one past the array's end take nothing.
 */
static void
take(void)
{
	const size_t page = mapped(1), n = 5 * page + page / 2;
	char *m = mmap(NULL, 8 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char *p;
	unsigned char v[8];
	int k, want[8] = { 0, 0, 1, 0, 0, 0, 0, 0 };

	if (m == MAP_FAILED) {
		fail("a mapping failed");
		return;
	}
	p = m + page + page / 4;
	p[page] = 7;	/* page 2: written, then taken, and kept */
	bigmem_take(p, n, page / 2, 2 * page + page / 4);
	bigmem_take(p, n, 3 * page, 3 * page);
	bigmem_take(p, n, 8 * page, 9 * page);
	want[3] = 1;
	if (populates() && (mincore(m, 8 * page, v) != 0 ||
	    memcmp((int[8]){ v[0] & 1, v[1] & 1, v[2] & 1, v[3] & 1, v[4] & 1, v[5] & 1,
	    v[6] & 1, v[7] & 1 }, want, sizeof(want)) != 0))
		fail("bigmem_take took other pages than those of its range wholly the array's");
	bigmem_take(p, n, 3 * page + page / 2, 5 * page + page / 2);
	for (k = 4; k < 6; k++)
		want[k] = 1;
	if (populates() && (mincore(m, 8 * page, v) != 0 ||
	    memcmp((int[8]){ v[0] & 1, v[1] & 1, v[2] & 1, v[3] & 1, v[4] & 1, v[5] & 1,
	    v[6] & 1, v[7] & 1 }, want, sizeof(want)) != 0))
		fail("bigmem_take took the array's last page, cut, or not its whole ones");
	if (p[page] != 7 || !zeroed(p + page + 1, 4 * page))
		fail("bigmem_take changed what the pages hold");
	munmap(m, 8 * page);
}

int
main(void)
{
	sequence();
	threads();
	sparse();
	touch_small();
	take();
	return failures != 0;
}
#else
int
main(void)
{
	return 0;	/* no mappings here, and no spare: bigmem is calloc */
}
#endif
