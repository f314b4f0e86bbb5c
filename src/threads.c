/*
 * threads.c - see threads.h.
 *
 * A thread's defaults reserve address space it never uses: a stack of
 * the stack limit (8 MiB as a rule), and with glibc a malloc arena of its
 * own for each thread that allocates, 64 MiB reserved (128 while it is
 * aligned).  pathfind's workers allocate seldom (no allocation in the
 * search loop) and nest calls a few dozen KiB deep, so under -j 2 those
 * reservations were most of the process's address space: on a 2048 by
 * 2048 map 246 MB for 102 MB resident, against the 1.5 times the
 * performance issue allows.  The workers get THREAD_STACK of stack, and
 * under glibc share the one arena (M_ARENA_MAX: its lock is taken when a
 * search grows its arrays, not per node).  Both are asked, not required:
 * where refused, the defaults stand.
 */
#include <limits.h>
#include <stdlib.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "threads.h"

/*
 * The workers' deepest calls take under 30 KiB: a stack painted before
 * the thread starts and read after it ends, under -j 2, the most of
 * twenty runs over the drivers, algorithms, lists and outputs (2026-11-29:
 * --compare on a map stream 28.6 KiB with gcc -O2, 29.5 with -O0, its
 * table 11 KiB of that; searches with their output 17-19; --check 18).
 * 256 KiB is over eight times that, for the sanitizers' larger frames
 * and a C library's own.  An unoptimised build fits only because its
 * inlining is not forced (inline.h).
 */
#define THREAD_STACK ((size_t)256 << 10)

/*
 * Below each stack, a guard of THREAD_GUARD that no access may touch,
 * where the default is a page.  A call whose frame is larger than the
 * guard can step over it: when an -O0 build forced its inlining (its
 * refill's frame 195 KiB, inline.h), a worker wrote past its stack into
 * a search's nodes and spun on them; with this guard the same build
 * faulted at once, in each of six runs.  No frame of an optimised build
 * is over 12 KiB (-fstack-usage, gcc and clang), so an overflow faults.
 * Address space only, never resident.
 */
#define THREAD_GUARD ((size_t)64 << 10)

static pthread_once_t once = PTHREAD_ONCE_INIT;

static void
one_arena(void)
{
#if defined(__GLIBC__) && defined(M_ARENA_MAX)
	(void)mallopt(M_ARENA_MAX, 1);
#endif
}

/* pthread_create(t, NULL, fn, arg), but for the stack's size, its guard and the arenas. */
int
thread_start(pthread_t *t, void *(*fn)(void *), void *arg)
{
	pthread_attr_t at;
	size_t sz = THREAD_STACK;
	int rc;

	(void)pthread_once(&once, one_arena);
	if (pthread_attr_init(&at) != 0)
		return pthread_create(t, NULL, fn, arg);
#ifdef PTHREAD_STACK_MIN
	if (sz < (size_t)PTHREAD_STACK_MIN)
		sz = (size_t)PTHREAD_STACK_MIN;
#endif
	(void)pthread_attr_setstacksize(&at, sz);
	(void)pthread_attr_setguardsize(&at, THREAD_GUARD);
	rc = pthread_create(t, &at, fn, arg);
	(void)pthread_attr_destroy(&at);
	return rc;
}
