/*
 * mai.h - what the peer runners share: a MovingAI map and scenario file
 * read into plain arrays, a monotonic clock, and the check of a path's
 * cost.  Header-only, for one C and one C++ runner (bench/peers/).
 */
#ifndef PEERS_MAI_H
#define PEERS_MAI_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct mai_map {
	int w, h;
	unsigned char *open;	/* w * h: 1 where '.', 'G' or 'S' */
};

struct mai_query {
	int id;			/* its line in the scenario file, from 2 (pathfind -S's id) */
	int sx, sy, gx, gy;
	double opt;		/* the published optimal length */
};

static int
mai_read_map(const char *path, struct mai_map *m)
{
	FILE *f = fopen(path, "r");
	char line[1 << 16];
	int y = 0;

	if (!f)
		return -1;
	m->w = m->h = 0;
	m->open = NULL;
	while (fgets(line, sizeof line, f)) {
		if (sscanf(line, "height %d", &m->h) == 1 || sscanf(line, "width %d", &m->w) == 1)
			continue;
		if (strncmp(line, "map", 3) == 0)
			break;
	}
	if (m->w <= 0 || m->h <= 0) {
		fclose(f);
		return -1;
	}
	m->open = (unsigned char *)calloc((size_t)m->w * (size_t)m->h, 1);
	while (m->open && y < m->h && fgets(line, sizeof line, f)) {
		int x;
		for (x = 0; x < m->w && line[x] && line[x] != '\n' && line[x] != '\r'; x++) {
			char c = line[x];
			m->open[(size_t)y * (size_t)m->w + (size_t)x] = c == '.' || c == 'G' || c == 'S';
		}
		y++;
	}
	fclose(f);
	return m->open && y == m->h ? 0 : -1;
}

/* The queries of a scenario file; *n of them. */
static struct mai_query *
mai_read_scen(const char *path, int *n)
{
	FILE *f = fopen(path, "r");
	char line[4096], name[2048];
	struct mai_query *q = NULL, *nq;
	int cap = 0, lineno = 0, bucket, mw, mh;

	*n = 0;
	if (!f)
		return NULL;
	while (fgets(line, sizeof line, f)) {
		struct mai_query e;
		lineno++;
		if (lineno == 1)
			continue;
		if (sscanf(line, "%d %2047s %d %d %d %d %d %d %lf", &bucket, name, &mw, &mh,
		    &e.sx, &e.sy, &e.gx, &e.gy, &e.opt) != 9)
			continue;
		e.id = lineno;
		if (*n == cap) {
			cap = cap ? 2 * cap : 1024;
			nq = (struct mai_query *)realloc(q, (size_t)cap * sizeof(*q));
			if (!nq) {
				free(q);
				fclose(f);
				return NULL;
			}
			q = nq;
		}
		q[(*n)++] = e;
	}
	fclose(f);
	return q;
}

static double
mai_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/*
 * The cost of a path of n cells (xs[i], ys[i]) if every step is a legal
 * move of the octile benchmark (8-connected, no corner cut: a diagonal
 * step needs both cells beside it open), else -1.
 */
static double
mai_path_cost(const struct mai_map *m, const int *xs, const int *ys, int n)
{
	double c = 0;
	int i;
	for (i = 1; i < n; i++) {
		int dx = xs[i] - xs[i - 1], dy = ys[i] - ys[i - 1];
		if (dx < -1 || dx > 1 || dy < -1 || dy > 1 || (dx == 0 && dy == 0))
			return -1;
		if (!m->open[(size_t)ys[i] * (size_t)m->w + (size_t)xs[i]])
			return -1;
		if (dx && dy) {
			if (!m->open[(size_t)ys[i - 1] * (size_t)m->w + (size_t)xs[i]] ||
			    !m->open[(size_t)ys[i] * (size_t)m->w + (size_t)xs[i - 1]])
				return -1;
			c += sqrt(2.0);
		} else
			c += 1;
	}
	return c;
}

/* Whether a query's start and goal are open cells of the map (of another
 * BENCH_DIR's files, perhaps not): the runners search only those. */
static int
mai_query_open(const struct mai_map *m, const struct mai_query *q)
{
	if (q->sx < 0 || q->sy < 0 || q->gx < 0 || q->gy < 0 ||
	    q->sx >= m->w || q->gx >= m->w || q->sy >= m->h || q->gy >= m->h)
		return 0;
	return m->open[(size_t)q->sy * (size_t)m->w + (size_t)q->sx] &&
	    m->open[(size_t)q->gy * (size_t)m->w + (size_t)q->gx];
}

/* The published lengths have two decimals in some files, eight in others. */
static int
mai_mismatch(double cost, double opt)
{
	return cost < 0 || fabs(cost - opt) > 0.006;
}

#endif
