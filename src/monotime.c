/* monotime.c - see monotime.h. */
#include <time.h>

#include "monotime.h"

/* Seconds since some fixed point: only differences mean anything. */
double
monotime(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}
