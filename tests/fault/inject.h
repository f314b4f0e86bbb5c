/*
 * inject.h - fault injection for test builds of pathfind: allocations
 * that fail and reads that fail or come short (build/fault/pathfind and
 * the make coverage build; see tests/fault.bats).
 *
 * The sources are compiled with -include tests/fault/inject.h, so that
 * their malloc, calloc, realloc, strdup, free, read, open and mmap calls (and only
 * theirs, not libc's own) go through the wrappers in inject.c:
 *
 *   PF_FAIL_ALLOC=N    the N-th allocation (from 1) fails: it returns NULL
 *                      with errno ENOMEM; the others succeed
 *   PF_FAIL_ALLOC=N+   the N-th and every later allocation fails
 *   PF_FAIL_ALLOC=N-M  the N-th to the M-th allocation fail
 *   PF_FAIL_IN=F,G     count only the allocations made in the source files
 *                      named (by their last component, e.g. search.c):
 *                      the others neither fail nor count
 *   PF_FAIL_READ=N     the N-th read(2) fails with EIO
 *   PF_FAIL_OPEN=N     the N-th open(2) fails with EMFILE, as when the
 *                      process has no descriptor left
 *   PF_READ_MAX=K      every read(2) returns at most K bytes, as from a
 *                      pipe, so that a file takes many reads
 *   PF_FAIL_FIXED=N    the N-th mmap(2) at an address of the caller's
 *                      choosing (a hint, or MAP_FIXED_NOREPLACE) fails with
 *                      EEXIST, as when something else lies there
 *   PF_FAIL_THREADS=1  every pthread_create fails with EAGAIN, as when
 *                      the system has no more threads to give
 *   PF_INJECT_REPORT=1 at exit, print "inject: K allocations, R reads,
 *                      F mmaps at an address"
 *                      on standard error
 *   PF_INJECT_LEAKS=1  at exit, if a block these allocators handed out
 *                      was never freed, say how many and exit with status
 *                      97 (much faster than LeakSanitizer, which
 *                      tests/fault.bats would otherwise run hundreds of
 *                      times)
 *
 * Unset, everything behaves as usual and nothing is printed.
 */
#ifndef INJECT_H
#define INJECT_H

/*
 * This file comes before any source's own first line, and the first
 * header fixes what the C library declares: bigmem.c's mappings
 * (MAP_ANONYMOUS, madvise) need what it asks for, or it takes calloc.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/types.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>	/* (declares malloc again: not after the macros) */
#endif

void	*fail_malloc(size_t, const char *);
void	*fail_calloc(size_t, size_t, const char *);
void	*fail_realloc(void *, size_t, const char *);
char	*fail_strdup(const char *, const char *);
void	fail_free(void *);
ssize_t	fail_read(int, void *, size_t);
int	fail_open(const char *, int, ...);
void	*fail_mmap(void *, size_t, int, int, int, off_t);
int	fail_pthread_create(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);

#define malloc(n)	fail_malloc(n, __FILE__)
#define calloc(n, s)	fail_calloc(n, s, __FILE__)
#define realloc(p, n)	fail_realloc(p, n, __FILE__)
#define strdup(s)	fail_strdup(s, __FILE__)
#define free(p)		fail_free(p)
#define read(fd, b, n)	fail_read(fd, b, n)
#define open(...)	fail_open(__VA_ARGS__)
#define mmap(a, n, p, f, fd, o)	fail_mmap(a, n, p, f, fd, o)
#define pthread_create(t, a, f, g)	fail_pthread_create(t, a, f, g)

#endif
