/*
 * render.h - turning a search result into output: text, JSON Lines, path
 * and moves; and --check's verdicts, text and JSON.  Everything written to stdout passes through here; nothing
 * here decides anything.
 */
#ifndef RENDER_H
#define RENDER_H

#include <stdio.h>

#include "map.h"
#include "search.h"

struct render_info {
	const char *name;	/* source name: operand or <stdin> */
	unsigned long long mapno;	/* map number within the source, 1-based */
	int label;		/* text: print "==> NAME map N <==" first */
	int color;		/* text: ANSI colours in the map */
	const struct search_params *params;
	const char *noguarantee;	/* why the cost may not be optimal, or NULL */
	int timing;		/* print seconds */
	double seconds;
};

void	render_text(FILE *, struct map *, const struct search_result *,
	    const struct render_info *);

/*
 * The pieces of the text format, for the views of viz.c.  Marks are one
 * byte a map cell, x + y * width: a cell with a mark other than
 * MARK_NONE is drawn as 'o' (open) or 'x' (closed, in the colour of its
 * third of the expansion order), unless it shows A, B or the path's '*'.
 */
enum { MARK_NONE, MARK_OPEN, MARK_CLOSED1, MARK_CLOSED2, MARK_CLOSED3 };
#define MARK_SHADES 3

void	render_name(FILE *, const char *);
void	render_name_buf(char *, size_t, const char *);
void	render_label(FILE *, const struct render_info *);
void	render_draw_path(struct map *, const struct search_result *);
void	render_map(FILE *, struct map *, const struct search_result *,
	    const uint8_t *, int);
void	render_stats(FILE *, const struct map *, const struct search_result *,
	    const struct render_info *);
void	render_cell_char(FILE *, char, int, int);
void	render_json(FILE *, const struct map *, const struct search_result *,
	    const struct render_info *);
/* What a scenario row shows besides the search result. */
struct scen_row {
	long id;
	int sx, sy, gx, gy;
	const char *length;	/* published length, as printed in the file */
	int mismatch;
};

void	render_scen_header(FILE *, int, int);
void	render_scen_tsv(FILE *, const struct scen_row *, const struct search_result *,
	    const struct render_info *);
void	render_scen_json(FILE *, const struct grid *, const struct scen_row *,
	    const struct search_result *, const struct render_info *);
struct check_result;
void	render_check_text(FILE *, const struct check_result *, const struct render_info *);
void	render_check_json(FILE *, const struct map *, const struct check_result *,
	    const struct render_info *);
void	render_check_scen_tsv(FILE *, const struct scen_row *, const struct check_result *,
	    const struct render_info *);
void	render_check_scen_json(FILE *, const struct scen_row *, const struct check_result *,
	    const struct render_info *);
void	render_path(FILE *, const struct grid *, const struct search_result *);
void	render_moves(FILE *, const struct grid *, const struct search_result *);
void	json_string(FILE *, const char *);
void	render_weight(FILE *, uint32_t);

#endif
