/*
 * options.h - the command line: one struct, defaults in one place, every
 * value checked before any map is read.
 */
#ifndef OPTIONS_H
#define OPTIONS_H

#include <stdio.h>

#include "search.h"

enum format { FMT_TEXT, FMT_JSON, FMT_PATH, FMT_MOVES };
enum color { COLOR_NEVER, COLOR_ALWAYS, COLOR_AUTO };

#define OPT_COLOR 256	/* long-only option */

struct options {
	struct search_params sp;
	int heur_set;		/* -H given; else the default follows -d */
	int diag_set;		/* -d given; else MovingAI octile maps mean no-corner-cut */
	const char *scen;	/* -S: scenario file, "-" for stdin */
	int jobs;		/* -j */
	enum format format;
	enum color color;
	int quiet;
	int summary;
	int timing;
	char **files;		/* operands; none means standard input */
	int nfiles;
};

/* What options_parse decided. */
enum { OPT_RUN, OPT_EXIT_OK, OPT_USAGE };

#define OPT_JOBS_MAX 256

struct map;

int	options_parse(struct options *, int, char **);
void	options_params(const struct options *, const struct map *, struct search_params *);
void	options_usage(FILE *, int);

extern const char *const algo_names[], *const diag_names[], *const heur_names[],
    *const tb_names[], *const ol_names[], *const format_names[],
    *const color_names[];

#endif
