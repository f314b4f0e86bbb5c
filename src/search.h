/*
 * search.h - A* and Dijkstra on a padded grid.
 *
 * The core of pathfind: it neither prints nor exits.  A search object owns
 * the per-cell state (12 bytes a cell) and the open list; both are sized
 * once per map and reused.  A generation number in each cell's state
 * tells stale state from current, so a new search starts without
 * clearing anything (the tutorial's whichList trick).  How the state and
 * the open list are kept is private to search.c, jps.c and openlist.c
 * (search_impl.h, openlist.h).
 */
#ifndef SEARCH_H
#define SEARCH_H

#include <stddef.h>
#include <stdint.h>

#include "cost.h"
#include "map.h"

/*
 * The settings.  Each ends with its count, which sizes every table
 * indexed by it (the names in options.c, the loops in search.c and
 * buckets.c).
 */
enum algo { ALGO_ASTAR, ALGO_DIJKSTRA, ALGO_JPS, ALGO_COUNT };
enum diagrule { DIAG_NEVER, DIAG_NO_CORNER_CUT, DIAG_NO_SQUEEZE, DIAG_ALWAYS, DIAG_COUNT };
enum heur { H_MANHATTAN, H_OCTILE, H_EUCLIDEAN, H_CHEBYSHEV, H_ZERO, HEUR_COUNT };
enum tiebreak { TB_LOW_H, TB_HIGH_H, TB_LIFO, TB_FIFO, TB_COUNT };
/* The open lists: see openlist.h. */
enum ol_kind { OL_BINARY_HEAP, OL_SORTED_LIST, OL_UNSORTED_LIST, OL_QUAD_HEAP, OL_STEP_QUEUES,
	OL_BUCKETS, OL_COUNT };

struct search_params {
	enum algo algo;
	enum diagrule diag;
	enum heur heur;		/* already resolved: H_ZERO for Dijkstra */
	enum tiebreak tb;
	enum ol_kind ol;
	struct costs costs;
	uint32_t weight;	/* W in thousandths, 1000..100000 */
	int limit_set;		/* stop after max_expanded expansions */
	uint64_t max_expanded;
	int nearest;		/* no goal reached: the path to the nearest cell */
};

struct search_result {
	int found;
	uint32_t goal;		/* cell index of the goal reached */
	uint64_t a, b;		/* exact path cost: a*S + b*D (see cost.h) */
	size_t steps;		/* moves on the path */
	const uint32_t *path;	/* steps + 1 cell indices, start to goal */
	uint64_t expanded;	/* nodes closed whose neighbours were examined */
	uint64_t generated;	/* nodes added to the open list, start included */
	uint64_t updated;	/* open nodes given a cheaper path */
	int limited;		/* stopped by max_expanded, no goal reached */
	/*
	 * With params.nearest and no goal reached (found 0): partial is set,
	 * goal is the cell nearest a goal among those expanded, and a, b,
	 * steps and path lead to it.
	 */
	int partial;
};

struct search;

/*
 * What search_run says: the search ran (its result says whether it found
 * a path), or why it did not.  search_strerror gives each in words.
 * Negative, so that a caller may return them beside counts of its own.
 */
enum search_status {
	SEARCH_OK = 0,
	SEARCH_ENOMEM = -1,	/* out of memory */
	SEARCH_ECOSTS = -2,	/* the step costs cannot be keyed for a map this size */
	SEARCH_EJPS_MAP = -3,	/* JPS: a map with terrain */
	SEARCH_EJPS_COSTS = -4,	/* JPS: step costs outside S <= D <= 2S */
	SEARCH_ESTEPQ = -5	/* the step queues: keys that are not g alone */
};

#define SEARCH_WEIGHT_MAX 100000u	/* thousandths */

struct search *search_new(void);
void	search_free(struct search *);
void	search_release(struct search *);
#define SEARCH_MAP_GOALS UINT32_MAX	/* goal: the grid's B cells */

/*
 * An observer sees the search as the tutorial describes it: each node
 * taken off the open list (expand), each neighbour added or given a
 * cheaper path (offer, improved = 1), and the end of each expansion
 * (done).  Values are in key units; search_key_format prints them.  It
 * must not call search_run.  Without one the search costs nothing extra.
 */
struct search_observer {
	void (*expand)(void *arg, uint32_t cell, uint64_t f, uint64_t g, uint64_t h);
	void (*offer)(void *arg, uint32_t cell, int improved, uint64_t f, uint64_t g,
	    uint64_t h);
	void (*done)(void *arg);
	void *arg;
};

enum { SEARCH_UNSEEN, SEARCH_OPEN, SEARCH_CLOSED };

void	search_observe(struct search *, const struct search_observer *);
/*
 * The caller needs a result's cost and steps, not its cells: a search
 * then leaves the path out (result's path NULL), which spares the path
 * array and listing its cells one by one.
 */
void	search_cost_only(struct search *, int);
/*
 * The search runs beside other threads of the process: nodes of less
 * than 2 MiB are written in full when they are allocated, which spares
 * the other threads an interrupt a page (search.c, prepare).
 */
void	search_threaded(struct search *, int);
void	search_key_format(const struct search *, uint64_t, char *, size_t);
int	search_cell(const struct search *, uint32_t, uint64_t *);
size_t	search_open_cells(const struct search *, uint32_t *, size_t);

enum search_status search_run(struct search *, const struct grid *, uint32_t, uint32_t,
	    const struct search_params *, struct search_result *);
enum search_status search_refuses(const struct grid *, const struct search_params *);
const char *search_no_guarantee(const struct search_params *);
size_t	search_footprint(const struct grid *, const struct search_params *);
const char *search_strerror(enum search_status);
int	search_jps_costs(const struct costs *);

#endif
