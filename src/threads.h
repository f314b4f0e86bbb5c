/*
 * threads.h - the worker threads of -j, started with the address space
 * they use rather than the C library's defaults.
 */
#ifndef THREADS_H
#define THREADS_H

#include <pthread.h>

int	thread_start(pthread_t *, void *(*)(void *), void *);

#endif
