/* inject.c - the counting allocators and reads of inject.h. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "inject.h"

#undef malloc
#undef calloc
#undef realloc
#undef strdup
#undef free
#undef read
#undef open
#undef mmap
#undef pthread_create

static atomic_ulong count, reads, opens, fixed;
static unsigned long fail_at, fail_read_at, fail_open_at, fail_fixed_at;	/* 0: never */
static unsigned long fail_to;	/* PF_FAIL_ALLOC=N-M: M, else 0 */
static size_t read_max;		/* 0: no limit */
static int sticky, report, leaks, fail_threads;
static const char *fail_in;	/* PF_FAIL_IN, or NULL: every file */
static atomic_int ready;

/*
 * The live blocks, for PF_INJECT_LEAKS: a small open-addressing set of
 * pointers.  Blocks libc allocated itself are not in it, and freeing them
 * is not counted.  Should it ever fill up, leak checking turns itself off.
 */
#define LIVE_SLOTS 65536
static uintptr_t live[LIVE_SLOTS];
static size_t nlive;
static int live_full;
static pthread_mutex_t live_mu = PTHREAD_MUTEX_INITIALIZER;

static size_t
slot(uintptr_t p)
{
	return (size_t)((p >> 4) * 2654435761u) & (LIVE_SLOTS - 1);
}

static void
live_add(uintptr_t p)
{
	size_t i;

	if (!leaks || p == 0)
		return;
	pthread_mutex_lock(&live_mu);
	if (nlive + 1 >= LIVE_SLOTS / 2)
		live_full = 1;
	else {
		for (i = slot(p); live[i] != 0; i = (i + 1) & (LIVE_SLOTS - 1))
			;
		live[i] = p;
		nlive++;
	}
	pthread_mutex_unlock(&live_mu);
}

/* Remove p (linear probing: re-insert the rest of its cluster). */
static void
live_del(uintptr_t p)
{
	size_t i, j;

	if (!leaks || p == 0)
		return;
	pthread_mutex_lock(&live_mu);
	for (i = slot(p); live[i] != 0; i = (i + 1) & (LIVE_SLOTS - 1))
		if (live[i] == p) {
			live[i] = 0;
			nlive--;
			for (j = (i + 1) & (LIVE_SLOTS - 1); live[j] != 0; j = (j + 1) & (LIVE_SLOTS - 1)) {
				uintptr_t q = live[j];
				size_t k;

				live[j] = 0;
				for (k = slot(q); live[k] != 0; k = (k + 1) & (LIVE_SLOTS - 1))
					;
				live[k] = q;
			}
			break;
		}
	pthread_mutex_unlock(&live_mu);
}

static void
setup(void)
{
	const char *s;
	char *end;

	if (atomic_load(&ready))
		return;
	if ((s = getenv("PF_FAIL_ALLOC")) != NULL && *s != '\0') {
		fail_at = strtoul(s, &end, 10);
		sticky = *end == '+';
		if (*end == '-')
			fail_to = strtoul(end + 1, NULL, 10);
	}
	if ((s = getenv("PF_FAIL_READ")) != NULL)
		fail_read_at = strtoul(s, NULL, 10);
	if ((s = getenv("PF_FAIL_OPEN")) != NULL)
		fail_open_at = strtoul(s, NULL, 10);
	if ((s = getenv("PF_FAIL_FIXED")) != NULL)
		fail_fixed_at = strtoul(s, NULL, 10);
	if ((s = getenv("PF_READ_MAX")) != NULL)
		read_max = strtoul(s, NULL, 10);
	if ((s = getenv("PF_FAIL_IN")) != NULL && *s != '\0')
		fail_in = s;
	fail_threads = (s = getenv("PF_FAIL_THREADS")) != NULL && *s == '1';
	report = (s = getenv("PF_INJECT_REPORT")) != NULL && *s == '1';
	leaks = (s = getenv("PF_INJECT_LEAKS")) != NULL && *s == '1';
	atomic_store(&ready, 1);
}

/* Is file (a path) one of PF_FAIL_IN's, comma-separated last components? */
static int
counted(const char *file)
{
	const char *base = strrchr(file, '/'), *p;
	size_t len;

	if (fail_in == NULL)
		return 1;
	base = base != NULL ? base + 1 : file;
	len = strlen(base);
	for (p = fail_in; *p != '\0'; p += strcspn(p, ","), p += *p == ',')
		if (strcspn(p, ",") == len && strncmp(p, base, len) == 0)
			return 1;
	return 0;
}

/* Should this allocation, made in file, fail?  Counts it (PF_FAIL_IN). */
static int
fail(const char *file)
{
	unsigned long n;

	setup();
	if (!counted(file))
		return 0;
	n = atomic_fetch_add(&count, 1) + 1;
	if (fail_at != 0 && (n == fail_at || (sticky && n > fail_at) ||
	    (n > fail_at && n <= fail_to))) {
		errno = ENOMEM;
		return 1;
	}
	return 0;
}

void *
fail_malloc(size_t n, const char *file)
{
	void *p = fail(file) ? NULL : malloc(n);

	live_add((uintptr_t)p);
	return p;
}

void *
fail_calloc(size_t n, size_t s, const char *file)
{
	void *p = fail(file) ? NULL : calloc(n, s);

	live_add((uintptr_t)p);
	return p;
}

void *
fail_realloc(void *p, size_t n, const char *file)
{
	void *np;

	if (fail(file))
		return NULL;
	live_del((uintptr_t)p);
	np = realloc(p, n);
	live_add(np != NULL ? (uintptr_t)np : (uintptr_t)p);	/* p stays on failure */
	return np;
}

char *
fail_strdup(const char *s, const char *file)
{
	char *p = fail(file) ? NULL : strdup(s);

	live_add((uintptr_t)p);
	return p;
}

void
fail_free(void *p)
{
	live_del((uintptr_t)p);
	free(p);
}

ssize_t
fail_read(int fd, void *buf, size_t n)
{
	setup();
	if (atomic_fetch_add(&reads, 1) + 1 == fail_read_at) {
		errno = EIO;
		return -1;
	}
	if (read_max > 0 && n > read_max)
		n = read_max;
	return read(fd, buf, n);
}

int
fail_open(const char *path, int flags, ...)
{
	mode_t mode = 0;
	va_list ap;

	setup();
	if (flags & O_CREAT) {
		va_start(ap, flags);
		mode = (mode_t)va_arg(ap, int);
		va_end(ap);
	}
	if (atomic_fetch_add(&opens, 1) + 1 == fail_open_at) {
		errno = EMFILE;
		return -1;
	}
	return open(path, flags, mode);
}

void *
fail_mmap(void *a, size_t n, int prot, int flags, int fd, off_t off)
{
	setup();
	if (a != NULL && atomic_fetch_add(&fixed, 1) + 1 == fail_fixed_at) {
		errno = EEXIST;
		return MAP_FAILED;
	}
	return mmap(a, n, prot, flags, fd, off);
}

__attribute__((destructor)) static void
fail_report(void)
{
	setup();
	if (report)
		fprintf(stderr, "inject: %lu allocations, %lu reads, %lu mmaps at an address\n",
		    atomic_load(&count), atomic_load(&reads), atomic_load(&fixed));
	if (leaks && !live_full && nlive > 0) {
		fprintf(stderr, "inject: %zu blocks never freed\n", nlive);
		fflush(stderr);
		_exit(97);
	}
}

int
fail_pthread_create(pthread_t *t, const pthread_attr_t *a, void *(*fn)(void *), void *arg)
{
	setup();
	if (fail_threads)
		return EAGAIN;
	return pthread_create(t, a, fn, arg);
}
