/*
 * compare.h - --compare: solve one map once for every value of one
 * setting (every -a, -H, -t, -d, -o, or the weights of weight=W,...), and
 * once with Dijkstra for the optimum under each diagonal rule met, and
 * print one table of cost, steps, expansions and optimality, as
 * pathfind(1) describes.  A driver of its own, beside the one result of
 * the other views.
 */
#ifndef COMPARE_H
#define COMPARE_H

#include <stdio.h>

#include "map.h"
#include "options.h"
#include "render.h"
#include "search.h"

/*
 * The table for map m from start to goal (a cell, or SEARCH_MAP_GOALS)
 * under the options base, after the label of ri, into the stream that
 * begin(arg) returns, called only once there is a table to print (begin
 * NULL: print nothing).  Returns 1 when some row has no path, else 0; or
 * before printing anything SEARCH_ENOMEM or SEARCH_ECOSTS (negative), as
 * search_run, or the first row's refusal when no row can run.  Adds the
 * rows' expansions to *expanded.
 */
int	compare_table(FILE *(*)(void *), void *, struct search *, const struct map *,
	    uint32_t, uint32_t, const struct options *, const struct render_info *,
	    unsigned long long *);

#endif
