/*
 * tcod.c - libtcod's A* (TCOD_path_compute) on the queries of a MovingAI
 * scenario file, for the comparison in bench/run.sh's "peers" step.
 *
 * usage: peer-tcod MAP SCEN
 * One line a query, as pathfind -T's columns id, length, cost and time:
 * the query's line in SCEN, the published length, the cost of the path
 * libtcod returned (recomputed from its cells, -1 if a step is not a
 * legal move), and the seconds TCOD_path_compute took.  The moves are the
 * benchmark's (8-connected, no corner cut: the walk function below),
 * diagonal steps cost sqrt 2 (libtcod's diagonalCost), straight ones 1.
 * Exit 1 if any cost differs from the published one.
 */
#include <libtcod/path.h>

#include "mai.h"

static float
walk(int xf, int yf, int xt, int yt, void *user)
{
	const struct mai_map *m = (const struct mai_map *)user;
	size_t w = (size_t)m->w;

	if (!m->open[(size_t)yt * w + (size_t)xt])
		return 0.0f;
	if (xf != xt && yf != yt &&
	    (!m->open[(size_t)yf * w + (size_t)xt] || !m->open[(size_t)yt * w + (size_t)xf]))
		return 0.0f;
	return 1.0f;
}

int
main(int argc, char **argv)
{
	struct mai_map m;
	struct mai_query *q;
	TCOD_path_t p;
	int n, i, bad = 0, *xs, *ys;

	if (argc != 3) {
		fprintf(stderr, "usage: peer-tcod MAP SCEN\n");
		return 2;
	}
	if (mai_read_map(argv[1], &m) != 0 || !(q = mai_read_scen(argv[2], &n))) {
		fprintf(stderr, "peer-tcod: cannot read %s or %s\n", argv[1], argv[2]);
		return 2;
	}
	p = TCOD_path_new_using_function(m.w, m.h, walk, &m, 1.41421356f);
	xs = (int *)malloc((size_t)m.w * (size_t)m.h * sizeof(int));
	ys = (int *)malloc((size_t)m.w * (size_t)m.h * sizeof(int));
	if (!p || !xs || !ys) {
		fprintf(stderr, "peer-tcod: out of memory\n");
		return 2;
	}
	printf("id\tlength\tcost\ttime\n");
	for (i = 0; i < n; i++) {
		double t0, t = 0, cost = -1;
		bool found = false;
		if (mai_query_open(&m, &q[i])) {
			t0 = mai_now();
			found = TCOD_path_compute(p, q[i].sx, q[i].sy, q[i].gx, q[i].gy);
			t = mai_now() - t0;
		}
		if (found) {
			/* walked off a step at a time: TCOD_path_get counts from the start */
			int k = 0, x, y, most = m.w * m.h - 1;
			xs[0] = q[i].sx;
			ys[0] = q[i].sy;
			while (k < most && TCOD_path_walk(p, &x, &y, false)) {
				xs[++k] = x;
				ys[k] = y;
			}
			cost = mai_path_cost(&m, xs, ys, k + 1);
			if (xs[k] != q[i].gx || ys[k] != q[i].gy)
				cost = -1;
		}
		bad += mai_mismatch(cost, q[i].opt);
		printf("%d\t%.8f\t%.8f\t%.9f\n", q[i].id, q[i].opt, cost, t);
	}
	TCOD_path_delete(p);
	free(xs);
	free(ys);
	free(q);
	free(m.open);
	return bad ? 1 : 0;
}
