/*
 * inject.h - fault injection for test builds of pathfind: allocations
 * that fail and reads that fail or come short (build/fault/pathfind and
 * the make coverage build; see tests/fault.bats).
 *
 * The sources are compiled with -include tests/fault/inject.h, so that
 * their malloc, calloc, realloc, strdup, free and read calls (and only
 * theirs, not libc's own) go through the wrappers in inject.c:
 *
 *   PF_FAIL_ALLOC=N    the N-th allocation (from 1) fails: it returns NULL
 *                      with errno ENOMEM; the others succeed
 *   PF_FAIL_ALLOC=N+   the N-th and every later allocation fails
 *   PF_FAIL_READ=N     the N-th read(2) fails with EIO
 *   PF_READ_MAX=K      every read(2) returns at most K bytes, as from a
 *                      pipe, so that a file takes many reads
 *   PF_INJECT_REPORT=1 at exit, print "inject: K allocations, R reads"
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

#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

void	*fail_malloc(size_t);
void	*fail_calloc(size_t, size_t);
void	*fail_realloc(void *, size_t);
char	*fail_strdup(const char *);
void	fail_free(void *);
ssize_t	fail_read(int, void *, size_t);

#define malloc(n)	fail_malloc(n)
#define calloc(n, s)	fail_calloc(n, s)
#define realloc(p, n)	fail_realloc(p, n)
#define strdup(s)	fail_strdup(s)
#define free(p)		fail_free(p)
#define read(fd, b, n)	fail_read(fd, b, n)

#endif
