/*
 * scen.h - MovingAI scenario batches (-S): parse scenario lines, solve
 * them on one map with N threads, print one row per scenario in input
 * order, and check each cost against the published optimum.
 */
#ifndef SCEN_H
#define SCEN_H

#include <stddef.h>

#include "map.h"
#include "options.h"

struct scen {
	long line;		/* line in the scenario file: the scenario's id */
	int mw, mh;		/* the map size the scenario is for */
	int sx, sy, gx, gy;
	double length;		/* published optimal length */
	char lenstr[32];	/* ... as printed in the file */
	int decimals;		/* places printed after the point */
};

enum { SCEN_SKIP = 0, SCEN_OK = 1, SCEN_BAD = -1 };

int	scen_parse(const char *, size_t, struct scen *, struct diag *);
double	scen_tolerance(const struct scen *);
int	scen_batch(const struct options *, const char *, const char *);

#endif
