/* monotime.h - seconds on the monotonic clock, for the timings of -T and -S. */
#ifndef MONOTIME_H
#define MONOTIME_H

double	monotime(void);

#endif
