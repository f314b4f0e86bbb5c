/*
 * viz.h - letting people see the search, in the tutorial's terms: the
 * cells expanded and still open (-e), a step-by-step log of F, G, H and
 * parents (--trace), the tutorial's figures with F, G and H in every cell
 * (--scores) and a picture (--image); compare.h has one map solved under
 * several settings side by side (--compare).
 *
 * It watches the search through the observer of search.h and asks it
 * about cells afterwards; it never changes how the search runs.  One
 * struct viz serves a whole run: its per-cell arrays grow to the largest
 * map and are reused.  Everything it prints goes to the FILE it is given.
 */
#ifndef VIZ_H
#define VIZ_H

#include <stdio.h>

#include "map.h"
#include "options.h"
#include "out.h"
#include "render.h"
#include "search.h"

#define VIZ_SCORES_MAX 40	/* --scores: map width and height at most */

struct viz;

struct viz *viz_new(void);
void	viz_free(struct viz *);
void	viz_release(struct viz *);

/*
 * Watch the next search_run on map m from start to goal (a cell, or
 * SEARCH_MAP_GOALS): record what -e, --scores and --image need, and with
 * --trace (unless -q) write its steps into the outcome's record as they
 * happen (JSON Lines events with -f json), after the label of ri when
 * ri->label is set and the trace's first line.  All of that waits for the
 * search to start, so a search that fails early prints nothing.  -1 when
 * out of memory.
 */
int	viz_begin(struct viz *, struct search *, const struct map *, uint32_t,
	    uint32_t, const struct search_params *, const struct options *,
	    struct out *, struct outcome *, const struct render_info *);
/*
 * Stop watching; end the trace with the goal or "no path" (r NULL: the
 * search failed).  -1 when memory ran out meanwhile.
 */
int	viz_end(struct viz *, const struct search_result *);

void	viz_explored(FILE *, struct viz *, struct map *, const struct search_result *,
	    const struct render_info *);
void	viz_scores(FILE *, struct viz *, struct map *, const struct search_result *,
	    const struct render_info *);
int	viz_image(struct viz *, FILE *, int, struct map *, const struct search_result *);

#endif
