/*
 * check.h - --check: the answers to check, read one a map, and the
 * verdict on each.
 *
 * The answers are a stream in one of pathfind's machine formats (-f path,
 * moves or json), one record a map in the order the maps are read.  Each
 * record is walked over its map while it is parsed: the walk keeps the
 * last two cells, the cost so far and the first illegal step, never the
 * path, so an answer costs no memory beyond the line being read, and a
 * million answers no more than one.  Like the map reader, this module
 * neither prints nor exits: problems come back as a position and a
 * message, verdicts as a struct for render.c to print.
 */
#ifndef CHECK_H
#define CHECK_H

#include <stdint.h>

#include "lines.h"
#include "map.h"
#include "search.h"

/*
 * The longest answer line, without its line end: a -f json path of a few
 * million cells, or -f moves of tens of millions.  The line reader's
 * buffer starts small and grows to the longest line read.
 */
#define CHECK_LINE_MAX ((size_t)1 << 28)

enum check_format { CHECK_AUTO, CHECK_PATH, CHECK_MOVES, CHECK_JSON };

/* What an answer says: a path, that there is none, or only "error". */
enum claim { CLAIM_PATH, CLAIM_NONE, CLAIM_ERROR };

/* Why a path is illegal, in the order the checks are made. */
enum illegal {
	ILLEGAL_NONE,		/* legal: from the start to a goal */
	ILLEGAL_START,		/* step 0: the first cell is not the start */
	ILLEGAL_NEIGHBOUR,	/* the cell is not a neighbour of the last */
	ILLEGAL_DIAGONAL,	/* a diagonal step under -d never */
	ILLEGAL_OFF_MAP,	/* off the map, or past the end of its row */
	ILLEGAL_WALL,		/* into a wall */
	ILLEGAL_CORNER,		/* -d no-corner-cut: one passed cell blocked */
	ILLEGAL_SQUEEZE,	/* both passed cells blocked (no-corner-cut, no-squeeze) */
	ILLEGAL_END		/* the last step, or cell, is not on a goal */
};

/* The rules an answer is walked by: one map's (maps.c fills it in). */
struct check_map {
	const struct map *map;
	enum diagrule rule;
	int sx, sy;		/* the start: A or --start */
	int gx, gy;		/* the one goal (--goal), or gx -1: the map's Bs */
};

/* One answer, as read and walked. */
struct answer {
	enum claim claim;
	long line;		/* its first line in the answers */
	/* CLAIM_PATH: the first illegal step, or the legal path */
	enum illegal illegal;
	uint64_t step;		/* 0: the first cell; k: the step into cell k */
	long fx, fy, tx, ty;	/* its cells: from (k >= 1) and to */
	int px[2], py[2];	/* the passed cells (ILLEGAL_CORNER: the first) */
	uint64_t steps;		/* a legal path: its steps, */
	uint64_t a, b;		/* its exact cost a*S + b*D (cost.h), */
	int ex, ey;		/* and the goal it ends on */
};

struct answers {
	struct lines lines;
	enum check_format format;	/* CHECK_AUTO until the first record decides */
	int opened;
	int failed;		/* a read error was reported: the answers end */
	int sep;		/* -f path: the last record ended with its empty line */
	int implicit;		/* -f path: the empty record at the end is taken */
	int guessed;		/* -f path by default: no line told path from moves */
	long records;		/* records read */
	/* -f path and moves look alike until the first line that is neither
	 * empty nor "error": those lines, a bit each (1: "error"), from line0 */
	unsigned char *pre;
	size_t npre, prepos, precap;
	long line0;
	int from_pre;		/* the last line came from pre */
	long lineno;		/* the last line's number */
};

/* What answers_next found. */
enum { ANSWER_OK = 1, ANSWER_END = 0, ANSWER_BAD = -1, ANSWER_IOERR = -2 };

int	answers_open(struct answers *, int, enum check_format);
void	answers_close(struct answers *);
int	answers_next(struct answers *, const struct check_map *, struct answer *,
	    struct diag *);
int	answers_left(struct answers *, const char *, struct diag *);

/* The verdict on an answer, given the optimum. */
enum verdict {
	VERDICT_RIGHT,		/* a legal path of the least cost, or rightly no path */
	VERDICT_COSTLIER,	/* a legal path that costs more */
	VERDICT_ILLEGAL,	/* a path with an illegal step */
	VERDICT_WRONG,		/* no path claimed where there is one */
	VERDICT_UNANSWERED	/* the answer is an "error" placeholder */
};

extern const char *const verdict_names[];

struct check_result {
	const struct answer *ans;
	enum diagrule rule;
	enum verdict verdict;
	int found;		/* the optimum: some goal can be reached, */
	uint64_t a, b;		/* at this least cost */
};

void	check_judge(const struct answer *, enum diagrule, const struct costs *,
	    const struct search_result *, struct check_result *);
void	check_reason(const struct check_result *, char *, size_t);

#endif
