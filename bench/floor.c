/*
 * floor - parse speed and the BFS floor of a map, for `make bench`.
 *
 *   floor MAP [STARTS]
 *
 * Reads MAP with pathfind's own reader (src/map.c, src/lines.c) over and
 * over, and reports its speed.  Then runs a plain breadth-first search
 * over the whole component of each of up to STARTS (default 32) start
 * cells: the starts of MAP.scen spread evenly over the file, or without
 * it free cells spread evenly over the map.  The search moves as
 * pathfind's default does (8-connected, no corner cutting: a diagonal
 * step needs both orthogonal neighbours free) but knows no costs, no
 * heap and no parents: a flat FIFO queue and a visited array stamped
 * with the search's number, so that nothing is cleared between searches.
 * Its time per node is the floor for any search that visits the same
 * nodes; BENCHMARKS.md judges Dijkstra's ns/expansion against it.
 *
 * Prints one line of KEY=VALUE pairs on standard output:
 *   bytes parse_cold_s parse_s parse_mbps reps cells free starts nodes
 *   ns_branchy ns_branchless ns_per_node
 * where nodes is per round of searches (see bfs, floor_ns) and ns_per_node, the
 * floor, is the faster way's time per node.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../src/map.h"

#define PARSE_SECONDS 0.2	/* parse for at least this long */
#define PARSE_MIN_REPS 5
#define BFS_ROUNDS 3		/* searches from all the starts, best of */

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void
die(const char *path, const char *what)
{
	fprintf(stderr, "floor: %s: %s\n", path, what);
	exit(2);
}

/*
 * Read the map at path into *m, as pathfind does: open, a fresh reader,
 * one map_read, close.  *m keeps its buffers from round to round, as
 * pathfind's does from map to map in a stream.
 */
static void
load(const char *path, struct map *m)
{
	struct mapreader rd;
	struct diag d;
	int fd;

	if ((fd = open(path, O_RDONLY)) < 0)
		die(path, "cannot open");
	if (mapreader_open(&rd, fd) != 0)
		die(path, "out of memory");
	if (map_read(&rd, m, &d) != MAP_OK) {
		fprintf(stderr, "floor: %s:%ld:%ld: %s\n", path, d.line, d.col, d.msg);
		exit(2);
	}
	mapreader_close(&rd);
	close(fd);
}

/*
 * The starts: the scenario starts in MAP.scen ("version 1", then lines
 * of bucket, map, width, height, start x, start y, ...), up to max of
 * them taken evenly from the file; without a usable file, max free cells
 * taken evenly in index order.  Returns how many.
 */
static size_t
starts(const char *mapfile, const struct grid *g, size_t nfree, uint32_t *out, size_t max)
{
	char *path, line[1024];
	uint32_t *all = NULL;
	size_t n = 0, cap = 0, k, i;
	FILE *fp;

	if ((path = malloc(strlen(mapfile) + 6)) == NULL)
		die(mapfile, "out of memory");
	sprintf(path, "%s.scen", mapfile);
	if ((fp = fopen(path, "r")) != NULL) {
		while (fgets(line, sizeof(line), fp) != NULL) {
			int w, h, x, y;

			if (sscanf(line, "%*d %*s %d %d %d %d", &w, &h, &x, &y) != 4 ||
			    x < 0 || y < 0 || x >= g->w || y >= g->h)
				continue;
			i = ((size_t)y + 1) * g->stride + (size_t)x + 1;
			if (!(g->cell[i] & CELL_COST))
				continue;
			if (n == cap && (all = realloc(all, (cap = cap ? 2 * cap : 1024) * sizeof(*all))) == NULL)
				die(path, "out of memory");
			all[n++] = (uint32_t)i;
		}
		fclose(fp);
	}
	free(path);
	if (n > 0) {
		for (k = 0; k < max && k < n; k++)
			out[k] = all[k * n / (n < max ? n : max)];
		free(all);
		return k;
	}
	free(all);
	/* The free cells numbered 0, nfree / max, 2 * nfree / max, ... */
	for (i = 0, n = 0, k = 0; i < g->ncells && k < max && k < nfree; i++)
		if (g->cell[i] & CELL_COST) {
			if (n == k * nfree / (nfree < max ? nfree : max))
				out[k++] = (uint32_t)i;
			n++;
		}
	return k;
}

/*
 * Breadth-first search from start over its whole component; returns the
 * nodes taken from the queue.  seen[i] == stamp marks i as queued.
 *
 * Two ways to test a neighbour, as neither is the faster everywhere: with
 * branches, which is fast where the branches are predictable (open maps,
 * where most neighbours are free and seen), and with none, which costs the
 * same on every map (and much less on random and maze maps, where free and
 * blocked alternate): the neighbour is written to the queue and its stamp
 * rewritten either way, and the queue's tail moves only if it was new.
 */
static size_t
bfs(const struct grid *g, uint32_t start, uint32_t *queue, uint32_t *seen, uint32_t stamp,
    int branchless)
{
	const uint8_t *c = g->cell;
	const uint32_t s = (uint32_t)g->stride;
	size_t head = 0, tail = 0;

/* Queue cell j if cond, free and new.  The padding keeps every j in the grid. */
#define VISIT(j, cond) do { \
		uint32_t j_ = (j), old_; \
		int ok_; \
		if (!branchless) { \
			if ((cond) && (c[j_] & CELL_COST) && seen[j_] != stamp) { \
				seen[j_] = stamp; \
				queue[tail++] = j_; \
			} \
			break; \
		} \
		old_ = seen[j_]; \
		ok_ = (cond) & ((c[j_] & CELL_COST) != 0) & (old_ != stamp); \
		seen[j_] = ok_ ? stamp : old_; \
		queue[tail] = j_; \
		tail += (size_t)ok_; \
	} while (0)

	seen[start] = stamp;
	queue[tail++] = start;
	while (head < tail) {
		uint32_t i = queue[head++];
		int n = (c[i - s] & CELL_COST) != 0, e = (c[i + 1] & CELL_COST) != 0;
		int so = (c[i + s] & CELL_COST) != 0, w = (c[i - 1] & CELL_COST) != 0;

		VISIT(i - s, 1);
		VISIT(i + 1, 1);
		VISIT(i + s, 1);
		VISIT(i - 1, 1);
		/* A diagonal step needs both orthogonal neighbours free. */
		VISIT(i - s + 1, n & e);
		VISIT(i + s + 1, so & e);
		VISIT(i + s - 1, so & w);
		VISIT(i - s - 1, n & w);
	}
#undef VISIT
	return head;
}

/*
 * Run the searches from every start, BFS_ROUNDS times over; returns the
 * best round's time per node in ns (the best, as for parsing).
 */
static double
floor_ns(const struct grid *g, const uint32_t *start, size_t nstart, uint32_t *queue,
    uint32_t *seen, uint32_t *stamp, int branchless, size_t *nodes)
{
	double t0, t, best = 1e30;
	size_t k;
	int round;

	/* One search untimed, so that the arrays are in memory. */
	bfs(g, start[0], queue, seen, ++*stamp, branchless);
	for (round = 0; round < BFS_ROUNDS; round++) {
		*nodes = 0;
		t0 = now();
		for (k = 0; k < nstart; k++)
			*nodes += bfs(g, start[k], queue, seen, ++*stamp, branchless);
		if ((t = now() - t0) < best)
			best = t;
	}
	return *nodes ? best / (double)*nodes * 1e9 : 0.0;
}

int
main(int argc, char **argv)
{
	struct map m;
	struct stat st;
	double best = 1e30, cold, t0, t, total = 0, branchy = 0, branchless = 0;
	uint32_t *queue, *seen, *start, stamp = 0;
	size_t max = 32, nstart = 0, nodes = 0, nfree = 0, i;
	long reps = 0;

	if (argc < 2 || argc > 3 || (argc == 3 && (max = strtoul(argv[2], NULL, 10)) == 0)) {
		fprintf(stderr, "usage: floor MAP [STARTS]\n");
		return 2;
	}
	if (stat(argv[1], &st) != 0)
		die(argv[1], "cannot stat");
	memset(&m, 0, sizeof(m));

	/*
	 * Parsing.  The first round, in a fresh process, also pays for
	 * getting its memory from the kernel (page faults, which cost a lot
	 * on some virtual machines); it is reported apart as parse_cold_s.
	 * The rest reuse the first round's buffers and measure the reader:
	 * parse_s and parse_mbps are for the best (shortest) of them, not
	 * the mean, as the rounds do the same work and on a shared machine
	 * the slower ones measure the other load, not the reader.
	 */
	t0 = now();
	load(argv[1], &m);
	cold = now() - t0;
	while (reps < PARSE_MIN_REPS || total < PARSE_SECONDS) {
		t0 = now();
		load(argv[1], &m);
		t = now() - t0;
		total += t;
		if (t < best)
			best = t;
		reps++;
	}

	queue = malloc(m.grid.ncells * sizeof(*queue));
	seen = calloc(m.grid.ncells, sizeof(*seen));
	start = malloc(max * sizeof(*start));
	if (queue == NULL || seen == NULL || start == NULL)
		die(argv[1], "out of memory");
	for (i = 0; i < m.grid.ncells; i++)
		nfree += (m.grid.cell[i] & CELL_COST) != 0;
	nstart = starts(argv[1], &m.grid, nfree, start, max);
	if (nstart > 0) {
		branchy = floor_ns(&m.grid, start, nstart, queue, seen, &stamp, 0, &nodes);
		branchless = floor_ns(&m.grid, start, nstart, queue, seen, &stamp, 1, &nodes);
	}

	printf("bytes=%lld parse_cold_s=%.6f parse_s=%.6f parse_mbps=%.1f reps=%ld"
	    " cells=%zu free=%zu starts=%zu nodes=%zu ns_branchy=%.2f ns_branchless=%.2f"
	    " ns_per_node=%.2f\n",
	    (long long)st.st_size, cold, best, (double)st.st_size / best / 1e6, reps,
	    (size_t)m.grid.w * (size_t)m.grid.h, nfree, nstart, nodes,
	    branchy, branchless, branchy < branchless ? branchy : branchless);
	free(queue);
	free(seen);
	free(start);
	map_free(&m);
	return 0;
}
