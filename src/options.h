/*
 * options.h - the command line: one struct, defaults in one place, every
 * value checked before any map is read.
 */
#ifndef OPTIONS_H
#define OPTIONS_H

#include <stdio.h>

#include "search.h"

enum format { FMT_TEXT, FMT_PATH };

struct options {
	struct search_params sp;
	int heur_set;		/* -H given; else the default follows -d */
	enum format format;
	int quiet;
	int timing;
	char **files;		/* operands; none means standard input */
	int nfiles;
};

/* What options_parse decided. */
enum { OPT_RUN, OPT_EXIT_OK, OPT_USAGE };

int	options_parse(struct options *, int, char **);
void	options_usage(FILE *, int);

extern const char *const algo_names[], *const diag_names[], *const heur_names[],
    *const tb_names[], *const ol_names[], *const format_names[];

#endif
