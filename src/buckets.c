/*
 * buckets.c - A*'s loops on the buckets (search_loop.h), in a file of
 * their own so that they compile while search.c does.
 */
#include "search_loop.h"

FOR_RULES(LOOP_ANY_FN, ANY, OL_FAST_BUCKET)
FOR_RULES(LOOP_SIMPLE_FN, H_MANHATTAN, OL_FAST_BUCKET)
FOR_RULES(LOOP_SIMPLE_FN, H_OCTILE, OL_FAST_BUCKET)

/* The masked loops: the rule is in the moves (DIAG_ALWAYS: no test of the cells). */
#define MASKED_FN(heur, pf) \
	static NOINLINE void \
	loop_MASKED_##heur##_##pf(struct ctx *c, struct search_result *r) \
	{ \
		loop(c, r, DIAG_ALWAYS, heur, OL_FAST_BUCKET, 1, pf); \
	}
MASKED_FN(H_MANHATTAN, MASKED_ANY)
MASKED_FN(H_OCTILE, MASKED_ANY)
MASKED_FN(H_OCTILE, MASKED_AROUND)
MASKED_FN(H_OCTILE, MASKED_AHEAD)

/* A loop for each rule, with the heuristic of its name (ANY: as it comes). */
#define BUCKET_ROW(rule) { loop_##rule##_H_MANHATTAN_OL_FAST_BUCKET, \
	loop_##rule##_H_OCTILE_OL_FAST_BUCKET, loop_##rule##_ANY_OL_FAST_BUCKET, \
	loop_##rule##_ANY_OL_FAST_BUCKET, NULL }

_Static_assert(H_MANHATTAN == 0 && H_OCTILE == 1 && H_EUCLIDEAN == 2 && H_CHEBYSHEV == 3 &&
    H_ZERO == 4 && HEUR_COUNT == 5, "BUCKET_ROW: the heuristics in order");

/* NULL for h = 0, which takes the generic loop */
loopfn *const bucket_loops[DIAG_COUNT][HEUR_COUNT] = {
	BUCKET_ROW(DIAG_NEVER), BUCKET_ROW(DIAG_NO_CORNER_CUT), BUCKET_ROW(DIAG_NO_SQUEEZE),
	BUCKET_ROW(DIAG_ALWAYS)
};
/* Runs that are not simple (simple_run) take these, whatever the heuristic. */
loopfn *const bucket_any_loops[DIAG_COUNT] = { FOR_RULES(LOOP_PTR, ANY, OL_FAST_BUCKET) };

/*
 * [heur][1]: the maps whose nodes take the rows around a node queued
 * (prefetch) but not the entries ahead (ahead), 2 to 32 MiB of nodes:
 * all six of the performance issue's.  With the two flags constants,
 * their tests leave the loop, and the registers they held go to its own
 * values: cachegrind, every 20th query, 2.4-3.5% fewer instructions an
 * expansion on those six (AR0011SR 479.8 -> 468.2, random512-40-0 309.9
 * -> 298.9), where the test of c->moves alone, known here, took 0.4-0.7%.
 * [heur][2]: the maps past 32 MiB of nodes, with both flags set, as
 * constants too: 2.5% fewer instructions an expansion with the moves
 * built on the 2048x2048 maze and random maps, 2.2% on the rooms (the
 * whole files, with prefetch_ahead's test of the entry it asked for
 * last).  Maps under 2 MiB of nodes take [heur][0], which tests them.
 * Each loop is about a second of a plain make: the octile heuristic
 * alone, the benchmarks' and MovingAI's, has the second and third
 * (Manhattan's masked loops run where a 4-connected map is searched many
 * times over).  The index is prefetch + ahead: ahead implies prefetch.
 */
_Static_assert(PREFETCH_MIN < AHEAD_MIN, "masked_loops: ahead implies prefetch");
loopfn *const masked_loops[HEUR_COUNT][3] = {
	[H_MANHATTAN] = { loop_MASKED_H_MANHATTAN_MASKED_ANY, loop_MASKED_H_MANHATTAN_MASKED_ANY,
	    loop_MASKED_H_MANHATTAN_MASKED_ANY },
	[H_OCTILE] = { loop_MASKED_H_OCTILE_MASKED_ANY, loop_MASKED_H_OCTILE_MASKED_AROUND,
	    loop_MASKED_H_OCTILE_MASKED_AHEAD }
};
