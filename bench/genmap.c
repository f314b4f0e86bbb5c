/*
 * genmap - deterministic MovingAI maps and scenarios for `make bench`.
 *
 *   genmap KIND SIZE SEED OUT.map
 *
 * KIND is random (25% obstacles), maze (corridors one cell wide), rooms
 * (32x32 rooms with doors) or open (no obstacles); SIZE 8 to 8192.
 * Writes OUT.map and OUT.map.scen; the
 * scenario lengths come from this file's own Dijkstra (8-connected, no
 * corner cutting, double precision), independent of pathfind's search.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng;

static uint64_t
next(void)			/* splitmix64 */
{
	uint64_t z = (rng += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static int
below(int n)
{
	return (int)(next() % (uint64_t)n);
}

static int n;			/* the map is n x n */
static char *cell;		/* '.' or '@' */

#define AT(x, y) cell[(size_t)(y) * (size_t)n + (size_t)(x)]

static void
gen_random(void)
{
	for (size_t i = 0; i < (size_t)n * (size_t)n; i++)
		cell[i] = below(100) < 25 ? '@' : '.';
}

/* Recursive backtracker on the odd cells, with an explicit stack. */
static void
gen_maze(void)
{
	int m = (n - 1) / 2, top = 0;
	int *stack = malloc(sizeof(int) * (size_t)m * (size_t)m);
	static const int dx[4] = { 1, -1, 0, 0 }, dy[4] = { 0, 0, 1, -1 };

	memset(cell, '@', (size_t)n * (size_t)n);
	AT(1, 1) = '.';
	stack[top++] = 0;
	while (top > 0) {
		int c = stack[top - 1], cx = c % m, cy = c / m, d, k, opts[4], no = 0;

		for (d = 0; d < 4; d++) {
			int nx = cx + dx[d], ny = cy + dy[d];

			if (nx >= 0 && ny >= 0 && nx < m && ny < m && AT(2 * nx + 1, 2 * ny + 1) == '@')
				opts[no++] = d;
		}
		if (no == 0) {
			top--;
			continue;
		}
		k = opts[below(no)];
		AT(2 * cx + 1 + dx[k], 2 * cy + 1 + dy[k]) = '.';
		AT(2 * (cx + dx[k]) + 1, 2 * (cy + dy[k]) + 1) = '.';
		stack[top++] = (cy + dy[k]) * m + cx + dx[k];
	}
	free(stack);
}

/* 32x32 rooms separated by walls, each wall with a door or two. */
static void
gen_rooms(void)
{
	int r = 32, x, y;

	memset(cell, '.', (size_t)n * (size_t)n);
	for (y = 0; y < n; y++)
		for (x = 0; x < n; x++)
			if (x % r == r - 1 || y % r == r - 1)
				AT(x, y) = '@';
	for (y = 0; y < n; y += r)
		for (x = 0; x < n; x += r) {
			if (x + r < n)	/* doors in the right wall */
				for (int k = 0; k < 1 + below(2); k++)
					AT(x + r - 1, y + below(r - 1)) = '.';
			if (y + r < n)	/* and in the bottom wall */
				for (int k = 0; k < 1 + below(2); k++)
					AT(x + below(r - 1), y + r - 1) = '.';
		}
}

/* Dijkstra from s over the whole map: dist[] in doubles, -1 unreached. */
static double *dist;
static int *heap, *hpos;
static size_t hn;

static void
hswap(size_t a, size_t b)
{
	int t = heap[a];

	heap[a] = heap[b];
	heap[b] = t;
	hpos[heap[a]] = (int)a;
	hpos[heap[b]] = (int)b;
}

static void
hup(size_t i)
{
	while (i > 0 && dist[heap[(i - 1) / 2]] > dist[heap[i]]) {
		hswap(i, (i - 1) / 2);
		i = (i - 1) / 2;
	}
}

static void
hdown(size_t i)
{
	for (;;) {
		size_t l = 2 * i + 1, b = i;

		if (l < hn && dist[heap[l]] < dist[heap[b]])
			b = l;
		if (l + 1 < hn && dist[heap[l + 1]] < dist[heap[b]])
			b = l + 1;
		if (b == i)
			return;
		hswap(i, b);
		i = b;
	}
}

static int
open_cell(int x, int y)
{
	return x >= 0 && y >= 0 && x < n && y < n && AT(x, y) == '.';
}

static void
dijkstra(int s)
{
	size_t i, total = (size_t)n * (size_t)n;

	for (i = 0; i < total; i++) {
		dist[i] = -1;
		hpos[i] = -1;
	}
	hn = 0;
	dist[s] = 0;
	heap[hn] = s;
	hpos[s] = (int)hn++;
	while (hn > 0) {
		int c = heap[0], cx = c % n, cy = c / n;

		hswap(0, --hn);
		hpos[c] = -2;	/* closed */
		hdown(0);
		for (int dy = -1; dy <= 1; dy++)
			for (int dx = -1; dx <= 1; dx++) {
				int nx = cx + dx, ny = cy + dy, j;
				double nd;

				if ((dx == 0 && dy == 0) || !open_cell(nx, ny))
					continue;
				if (dx != 0 && dy != 0 && (!open_cell(cx + dx, cy) || !open_cell(cx, cy + dy)))
					continue;
				j = ny * n + nx;
				nd = dist[c] + (dx != 0 && dy != 0 ? M_SQRT2 : 1.0);
				if (hpos[j] == -2 || (dist[j] >= 0 && nd >= dist[j]))
					continue;
				dist[j] = nd;
				if (hpos[j] < 0) {
					heap[hn] = j;
					hpos[j] = (int)hn++;
				}
				hup((size_t)hpos[j]);
			}
	}
}

int
main(int argc, char **argv)
{
	int starts, goals, k, q, y;
	char scen[4096];
	FILE *fp;

	if (argc != 5) {
		fprintf(stderr, "usage: genmap random|maze|rooms|open SIZE SEED OUT.map\n");
		return 2;
	}
	n = atoi(argv[2]);
	rng = strtoull(argv[3], NULL, 10);
	if (n < 8 || n > 8192) {
		fprintf(stderr, "genmap: size 8 to 8192\n");
		return 2;
	}
	cell = malloc((size_t)n * (size_t)n);
	dist = malloc(sizeof(*dist) * (size_t)n * (size_t)n);
	heap = malloc(sizeof(*heap) * (size_t)n * (size_t)n);
	hpos = malloc(sizeof(*hpos) * (size_t)n * (size_t)n);
	if (strcmp(argv[1], "random") == 0)
		gen_random();
	else if (strcmp(argv[1], "maze") == 0)
		gen_maze();
	else if (strcmp(argv[1], "rooms") == 0)
		gen_rooms();
	else if (strcmp(argv[1], "open") == 0)
		memset(cell, '.', (size_t)n * (size_t)n);
	else {
		fprintf(stderr, "genmap: unknown kind %s\n", argv[1]);
		return 2;
	}
	if ((fp = fopen(argv[4], "w")) == NULL) {
		perror(argv[4]);
		return 2;
	}
	fprintf(fp, "type octile\nheight %d\nwidth %d\nmap\n", n, n);
	for (y = 0; y < n; y++) {
		fwrite(&AT(0, y), 1, (size_t)n, fp);
		putc('\n', fp);
	}
	fclose(fp);

	/*
	 * Queries: a few starts, several reachable goals from each; above
	 * 2048, where one query can take seconds, 2 and 3.
	 */
	starts = n <= 1024 ? 10 : n <= 2048 ? 4 : 2;
	goals = n <= 1024 ? 10 : n <= 2048 ? 5 : 3;
	snprintf(scen, sizeof(scen), "%s.scen", argv[4]);
	if ((fp = fopen(scen, "w")) == NULL) {
		perror(scen);
		return 2;
	}
	fprintf(fp, "version 1\n");
	for (k = 0; k < starts; k++) {
		int s;

		do
			s = below(n * n);
		while (cell[s] != '.');
		dijkstra(s);
		for (q = 0; q < goals; q++) {
			int g, tries = 0;

			do
				g = below(n * n);
			while ((dist[g] <= 0) && ++tries < 1000000);
			if (dist[g] <= 0)
				break;
			fprintf(fp, "%d\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%.8f\n",
			    (int)(dist[g] / 4), argv[4], n, n, s % n, s / n, g % n, g / n, dist[g]);
		}
	}
	fclose(fp);
	return 0;
}
