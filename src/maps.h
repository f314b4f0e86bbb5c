/*
 * maps.h - map streams: every map of the operands (or standard input)
 * solved, on -j threads, and written in input order through out.h.
 */
#ifndef MAPS_H
#define MAPS_H

#include "options.h"

/* Solve every map the options name.  Returns the exit status (status.h). */
int	maps_run(const struct options *);

#endif
