/*
 * options.h - the command line: one struct, defaults in one place, every
 * value checked before any map is read.
 */
#ifndef OPTIONS_H
#define OPTIONS_H

#include <stdio.h>

#include "check.h"
#include "search.h"

/* Each ends with its count, which sizes its table of names (options.c). */
enum format { FMT_TEXT, FMT_JSON, FMT_PATH, FMT_MOVES, FMT_COUNT };
enum color { COLOR_NEVER, COLOR_ALWAYS, COLOR_AUTO, COLOR_COUNT };

/* Long-only options. */
enum {
	OPT_COLOR = 256, OPT_TRACE, OPT_SCORES, OPT_IMAGE, OPT_COMPARE, OPT_START,
	OPT_GOAL, OPT_LABEL, OPT_NO_LABEL, OPT_MAX_EXPANDED, OPT_NEAREST, OPT_CHECK,
	OPT_CHECK_FORMAT
};

/* Labels of text results: when more maps follow (auto), always, never. */
enum label { LABEL_AUTO, LABEL_ALWAYS, LABEL_NEVER };

/* --trace: off, the steps, the steps and the open list after each. */
enum trace { TRACE_OFF, TRACE_STEPS, TRACE_OPEN };

/* --compare: which setting varies from row to row. */
enum compare { CMP_NONE, CMP_ALGORITHM, CMP_HEURISTIC, CMP_TIEBREAK, CMP_DIAGONAL,
	CMP_OPENLIST, CMP_WEIGHT, CMP_COUNT };

#define OPT_WEIGHTS_MAX 16	/* weights in --compare=weight=W,W,... */

/* --start or --goal: a cell given as X,Y (column, row from 0). */
struct point {
	int set;
	int x, y;
};

struct options {
	struct search_params sp;
	int heur_set;		/* -H given; else the default follows -d */
	int diag_set;		/* -d given; else MovingAI octile maps mean no-corner-cut */
	int ol_set;		/* -o given; else the fastest list for the keys */
	const char *scen;	/* -S: scenario file, "-" for stdin */
	int jobs;		/* -j */
	enum label label;	/* --label, --no-label */
	enum format format;
	enum color color;
	int quiet;
	int summary;
	int timing;
	int explored;		/* -e */
	enum trace trace;	/* --trace[=open] */
	int scores;		/* --scores */
	const char *image;	/* --image: file name ending .svg, .ppm or .png */
	enum compare compare;	/* --compare */
	uint32_t weights[OPT_WEIGHTS_MAX];	/* --compare=weight=...: thousandths */
	int nweights;
	struct point start, goal;	/* --start, --goal */
	const char *check;	/* --check: the answers file, "-" for stdin */
	enum check_format check_format;	/* --check-format */
	int check_format_set;
	char **files;		/* operands; none means standard input */
	int nfiles;
	int stdin_closed;	/* descriptor 0 was closed: reading "-" fails (main.c) */
};

/* What options_parse decided. */
enum { OPT_RUN, OPT_EXIT_OK, OPT_USAGE };

#define OPT_JOBS_MAX 256
#define OPT_EXPANDED_MAX 1000000000000000000ull	/* --max-expanded: 10^18 */

struct map;

int	options_parse(struct options *, int, char **);
void	options_params(const struct options *, const struct map *, struct search_params *);
void	options_usage(FILE *, int);
int	color_wanted(enum color);
int	options_stdin_maps(const struct options *);

extern const char *const algo_names[], *const diag_names[], *const heur_names[],
    *const tb_names[], *const ol_names[], *const format_names[],
    *const color_names[], *const compare_names[], *const check_format_names[];

#endif
