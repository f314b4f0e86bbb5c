/*
 * threadattr - the stack and guard a thread started by thread_start
 * (src/threads.c) gets (tests/hostile.bats; glibc only: it asks with
 * pthread_getattr_np).
 *
 *   threadattr
 *
 * Starts one thread, which reads its own attributes, and prints
 * "stack=BYTES guard=BYTES".  Exits 2 where they cannot be read.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>

#include "threads.h"

static size_t stack, guard;
static int ok;

static void *
look(void *arg)
{
	pthread_attr_t a;

	(void)arg;
#ifdef __GLIBC__
	if (pthread_getattr_np(pthread_self(), &a) == 0) {
		ok = pthread_attr_getstacksize(&a, &stack) == 0 &&
		    pthread_attr_getguardsize(&a, &guard) == 0;
		(void)pthread_attr_destroy(&a);
	}
#else
	(void)a;
#endif
	return NULL;
}

int
main(void)
{
	pthread_t t;

	if (thread_start(&t, look, NULL) != 0 || pthread_join(t, NULL) != 0 || !ok)
		return 2;
	printf("stack=%zu guard=%zu\n", stack, guard);
	return 0;
}
