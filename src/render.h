/*
 * render.h - turning a search result into output.  Everything written to
 * stdout passes through here; nothing here decides anything.
 */
#ifndef RENDER_H
#define RENDER_H

#include <stdio.h>

#include "map.h"
#include "search.h"

struct render_info {
	const char *label;	/* "==> NAME map N <==" line, or NULL */
	const char *noguarantee;	/* why the cost may not be optimal, or NULL */
	const struct costs *costs;
	int timing;		/* print seconds */
	double seconds;
};

void	render_text(FILE *, struct map *, const struct search_result *,
	    const struct render_info *);
void	render_path(FILE *, const struct map *, const struct search_result *);

#endif
