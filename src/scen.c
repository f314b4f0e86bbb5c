/* scen.c - MovingAI scenario batches; see scen.h and pathfind(1). */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <pthread.h>
#include <sys/resource.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lines.h"
#include "render.h"
#include "scen.h"
#include "search.h"
#include "monotime.h"

#define CHUNK 1024		/* scenarios read, solved and printed at a time */
#define SCEN_LINE_MAX 4096

static void
seterr(struct diag *d, long line, long col, const char *msg)
{
	d->line = line;
	d->col = col;
	snprintf(d->msg, sizeof(d->msg), "%s", msg);
}

/* A coordinate field: 0..65535. */
static int
coord(const char *s, size_t n, int *out)
{
	long v = 0;
	size_t i;

	if (n == 0 || n > 5)
		return -1;
	for (i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	if (v > 65535)
		return -1;
	*out = (int)v;
	return 0;
}

/*
 * One scenario line: bucket, map, map width, map height, start x, start y,
 * goal x, goal y, optimal length, separated by any white space (version 1
 * files use tabs, version 1.0 files spaces).  Empty lines and the
 * "version" line are skipped.
 */
int
scen_parse(const char *s, size_t n, struct scen *sc, struct diag *d)
{
	static const char *const what[] = { "bucket", "map", "map width",
	    "map height", "start x", "start y", "goal x", "goal y", "length" };
	const char *f[10];
	size_t len[10], i = 0, k = 0, j;
	int seen_point = 0, digits = 0;
	char msg[96];
	int *xy[4];

	while (i < n) {
		while (i < n && (s[i] == ' ' || s[i] == '\t'))
			i++;
		if (i == n)
			break;
		if (k == 10)
			break;
		f[k] = s + i;
		while (i < n && s[i] != ' ' && s[i] != '\t')
			i++;
		len[k] = (size_t)(s + i - f[k]);
		k++;
	}
	if (k == 0)
		return SCEN_SKIP;
	if (len[0] == 7 && memcmp(f[0], "version", 7) == 0)
		return SCEN_SKIP;
	if (k != 9) {
		snprintf(msg, sizeof(msg), "expected 9 fields, found %s%zu",
		    k == 10 ? "more than " : "", k == 10 ? (size_t)9 : k);
		seterr(d, sc->line, 1, msg);
		return SCEN_BAD;
	}
	xy[0] = &sc->mw, xy[1] = &sc->mh;
	for (j = 0; j < 2; j++)
		if (coord(f[2 + j], len[2 + j], xy[j]) != 0) {
			snprintf(msg, sizeof(msg), "bad %s (a whole number 0 to 65535)", what[2 + j]);
			seterr(d, sc->line, f[2 + j] - s + 1, msg);
			return SCEN_BAD;
		}
	xy[0] = &sc->sx, xy[1] = &sc->sy, xy[2] = &sc->gx, xy[3] = &sc->gy;
	for (j = 0; j < 4; j++)
		if (coord(f[4 + j], len[4 + j], xy[j]) != 0) {
			snprintf(msg, sizeof(msg), "bad %s (a whole number 0 to 65535)", what[4 + j]);
			seterr(d, sc->line, f[4 + j] - s + 1, msg);
			return SCEN_BAD;
		}
	/*
	 * The length: digits, or digits, a point and digits (so that it is a
	 * JSON number as printed); remember the places.
	 */
	sc->decimals = 0;
	for (j = 0; j < len[8]; j++) {
		char c = f[8][j];

		if (c == '.' && !seen_point && digits > 0)
			seen_point = 1;
		else if (c >= '0' && c <= '9') {
			digits++;
			if (seen_point)
				sc->decimals++;
		} else
			digits = -1000;
	}
	if (digits <= 0 || (seen_point && sc->decimals == 0) ||
	    (len[8] > 1 && f[8][0] == '0' && f[8][1] != '.')) {
		seterr(d, sc->line, f[8] - s + 1, "bad length (a decimal number)");
		return SCEN_BAD;
	}
	if (len[8] >= sizeof(sc->lenstr)) {
		snprintf(msg, sizeof(msg), "bad length (%zu characters; at most %zu)", len[8],
		    sizeof(sc->lenstr) - 1);
		seterr(d, sc->line, f[8] - s + 1, msg);
		return SCEN_BAD;
	}
	memcpy(sc->lenstr, f[8], len[8]);
	sc->lenstr[len[8]] = '\0';
	sc->length = strtod(sc->lenstr, NULL);	/* no setlocale: '.' always */
	return SCEN_OK;
}

/*
 * How far our cost may be from the published length and still agree:
 * relative 1e-5 (the files print 6 significant digits, computed with a
 * float sqrt(2)), or one unit of the last printed decimal, whichever is
 * larger.
 */
double
scen_tolerance(const struct scen *sc)
{
	double rel = 1e-5 * sc->length, unit = pow(10, -sc->decimals);

	return sc->decimals == 0 || rel > unit ? rel : unit;
}

/* One scenario to solve, and what came of it. */
struct job {
	struct scen sc;
	int bad;		/* d says why it was not solved */
	struct diag d;
	int rc;			/* search_run's */
	struct search_result r;
	uint32_t *path;		/* copy of r.path, when the format shows paths */
	size_t pathcap;
	double seconds;
};

struct pool {
	const struct grid *g;
	const uint32_t *comp;	/* connected components, or NULL */
	const struct search_params *p;
	struct job *job;
	size_t n, next;
	int keep_path, timing;
	pthread_mutex_t mu;
};

struct worker {
	struct pool *pool;
	struct search *search;
	pthread_t tid;
};

/* Peak resident set size of the process so far, in KiB. */
static long
maxrss_kb(void)
{
	struct rusage ru;

	return getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_maxrss : 0;
}

static uint32_t
cell_index(const struct grid *g, int x, int y)
{
	return (uint32_t)((size_t)(y + 1) * g->stride + (size_t)(x + 1));
}

/* Take scenarios off the shared counter until none are left. */
static void *
work(void *arg)
{
	struct worker *w = arg;
	struct pool *pl = w->pool;
	const struct grid *g = pl->g;

	for (;;) {
		struct job *j;
		double t0 = 0;

		pthread_mutex_lock(&pl->mu);
		j = pl->next < pl->n ? &pl->job[pl->next++] : NULL;
		pthread_mutex_unlock(&pl->mu);
		if (j == NULL)
			break;
		if (j->bad)
			continue;
		if (pl->comp != NULL) {
			uint32_t a = pl->comp[cell_index(g, j->sc.sx, j->sc.sy)];

			if (a != pl->comp[cell_index(g, j->sc.gx, j->sc.gy)]) {
				/* different components: no path, no search */
				memset(&j->r, 0, sizeof(j->r));
				j->seconds = 0;
				continue;
			}
		}
		if (pl->timing)
			t0 = monotime();
		j->rc = search_run(w->search, g, cell_index(g, j->sc.sx, j->sc.sy),
		    cell_index(g, j->sc.gx, j->sc.gy), pl->p, &j->r);
		if (pl->timing)
			j->seconds = monotime() - t0;
		if (j->rc == 0 && pl->keep_path && j->r.found) {
			size_t need = j->r.steps + 1;

			if (need > j->pathcap) {
				uint32_t *np = realloc(j->path, need * sizeof(*np));

				if (np == NULL) {
					j->rc = SEARCH_ENOMEM;
					continue;
				}
				j->path = np;
				j->pathcap = need;
			}
			memcpy(j->path, j->r.path, need * sizeof(*j->path));
			j->r.path = j->path;
		}
	}
	return NULL;
}

/* Is the scenario's start or goal off the map or blocked?  Sets j->d. */
static int
check_cells(const struct grid *g, struct job *j)
{
	const char *what[2] = { "start", "goal" };
	int x[2] = { j->sc.sx, j->sc.gx }, y[2] = { j->sc.sy, j->sc.gy }, k;
	char msg[128];

	if (j->sc.mw != g->w || j->sc.mh != g->h) {
		snprintf(msg, sizeof(msg), "scenario is for a %dx%d map; the map is %dx%d",
		    j->sc.mw, j->sc.mh, g->w, g->h);
		seterr(&j->d, j->sc.line, 1, msg);
		return -1;
	}
	for (k = 0; k < 2; k++) {
		if (x[k] >= g->w || y[k] >= g->h) {
			snprintf(msg, sizeof(msg), "%s %d %d is off the map (%dx%d)",
			    what[k], x[k], y[k], g->w, g->h);
			seterr(&j->d, j->sc.line, 1, msg);
			return -1;
		}
		if ((g->cell[cell_index(g, x[k], y[k])] & CELL_COST) == 0) {
			snprintf(msg, sizeof(msg), "%s %d %d is on a blocked cell",
			    what[k], x[k], y[k]);
			seterr(&j->d, j->sc.line, 1, msg);
			return -1;
		}
	}
	return 0;
}

struct batch {
	const struct options *o;
	uint32_t *comp;		/* connected components of the map */
	const char *name;	/* the scenario file, for messages */
	const struct map *map;
	struct search_params p;
	const char *noguarantee;
	int status;
	unsigned long long n, mismatches, errors, nopath, expanded;
	double seconds;
};

static void
worse(struct batch *b, int st)
{
	if (st > b->status)
		b->status = st;
}

/* Print a solved chunk in input order; diagnostics go to stderr. */
static void
report(struct batch *b, struct job *job, size_t n)
{
	const struct options *o = b->o;
	struct render_info ri;
	size_t i;

	memset(&ri, 0, sizeof(ri));
	ri.name = b->name;
	ri.params = &b->p;
	ri.noguarantee = b->noguarantee;
	ri.timing = o->timing;
	for (i = 0; i < n; i++) {
		struct job *j = &job[i];
		struct scen_row row;

		if (!j->bad && j->rc != 0)
			seterr(&j->d, j->sc.line, 1, search_strerror(j->rc)), j->bad = 1;
		if (j->bad) {
			fprintf(stderr, "pathfind: %s:%ld:%ld: %s\n", b->name, j->d.line,
			    j->d.col, j->d.msg);
			b->errors++;
			worse(b, 2);
			continue;
		}
		b->n++;
		b->expanded += j->r.expanded;
		b->seconds += j->seconds;
		row.id = j->sc.line;
		row.sx = j->sc.sx, row.sy = j->sc.sy;
		row.gx = j->sc.gx, row.gy = j->sc.gy;
		row.length = j->sc.lenstr;
		row.mismatch = 0;
		if (!j->r.found) {
			b->nopath++;
			worse(b, 1);
			if (b->noguarantee == NULL) {	/* a published length says there is one */
				fprintf(stderr, "pathfind: %s:%ld:1: mismatch: no path, "
				    "published %s\n", b->name, j->sc.line, j->sc.lenstr);
				row.mismatch = 1;
				b->mismatches++;
				worse(b, 3);
			}
		} else if (b->noguarantee == NULL) {
			double cost = cost_value(&b->p.costs, j->r.a, j->r.b);
			double tol = scen_tolerance(&j->sc);

			if (fabs(cost - j->sc.length) > tol) {
				char c[48];

				cost_format(c, sizeof(c), &b->p.costs, j->r.a, j->r.b);
				fprintf(stderr, "pathfind: %s:%ld:1: mismatch: cost %s, "
				    "published %s (tolerance %g)\n", b->name, j->sc.line,
				    c, j->sc.lenstr, tol);
				row.mismatch = 1;
				b->mismatches++;
				worse(b, 3);
			}
		}
		if (o->quiet)
			continue;
		ri.seconds = j->seconds;
		switch (o->format) {
		case FMT_TEXT:
			render_scen_tsv(stdout, &row, &j->r, &ri);
			break;
		case FMT_JSON:
			render_scen_json(stdout, &b->map->grid, &row, &j->r, &ri);
			break;
		case FMT_PATH:
			if (b->n > 1)
				putchar('\n');
			render_path(stdout, &b->map->grid, &j->r);
			break;
		case FMT_MOVES:
			render_moves(stdout, &b->map->grid, &j->r);
			break;
		case FMT_COUNT:
			break;
		}
	}
}

/* Solve job[0..n) on o->jobs threads (the calling one included). */
static void
solve_chunk(struct batch *b, struct worker *w, int nw, struct job *job, size_t n)
{
	struct pool pl;
	int k, started = 0;

	memset(&pl, 0, sizeof(pl));
	pl.g = &b->map->grid;
	pl.comp = b->comp;
	pl.p = &b->p;
	pl.job = job;
	pl.n = n;
	pl.keep_path = b->o->format != FMT_TEXT && !b->o->quiet;
	pl.timing = 1;		/* the summary always has the time */
	pthread_mutex_init(&pl.mu, NULL);
	for (k = 1; k < nw && (size_t)k < n; k++) {
		w[k].pool = &pl;
		if (pthread_create(&w[k].tid, NULL, work, &w[k]) != 0)
			break;	/* fewer threads; the work still gets done */
		started = k;
	}
	w[0].pool = &pl;
	work(&w[0]);
	for (k = 1; k <= started; k++)
		pthread_join(w[k].tid, NULL);
	pthread_mutex_destroy(&pl.mu);
}

/* Read the map a scenario file is for.  Returns 0, or -1 after a message. */
static int
load_map(const char *path, struct map *m)
{
	struct mapreader rd;
	struct diag d;
	int fd, rc;

	if ((fd = open(path, O_RDONLY)) < 0) {
		fprintf(stderr, "pathfind: %s:1:1: cannot open: %s\n", path, strerror(errno));
		return -1;
	}
	if (mapreader_open(&rd, fd) != 0) {
		fprintf(stderr, "pathfind: %s:1:1: out of memory\n", path);
		close(fd);
		return -1;
	}
	rc = map_read(&rd, m, &d);
	mapreader_close(&rd);
	close(fd);
	if (rc != MAP_OK) {
		fprintf(stderr, "pathfind: %s:%ld:%ld: %s\n", path, d.line, d.col, d.msg);
		return -1;
	}
	return 0;
}

/*
 * Run the scenario file scen ("-" for stdin) on mapfile, or when mapfile
 * is NULL on the map beside it (the name without ".scen").  Returns the
 * exit status: 0, 1 (some scenario has no path), 2 (errors), 3 (a cost
 * that disagrees with the published optimum).
 */
int
scen_batch(const struct options *o, const char *scen, const char *mapfile)
{
	struct batch b;
	struct map map;
	struct lines ln;
	struct worker *w = NULL;
	struct job *job = NULL;
	char *derived = NULL;
	size_t n = 0, i;
	int fd = STDIN_FILENO, nw = o->jobs, rc, k, ln_open = 0;
	double t0 = monotime();

	memset(&b, 0, sizeof(b));
	memset(&map, 0, sizeof(map));
	b.o = o;
	b.name = strcmp(scen, "-") == 0 ? "<stdin>" : scen;
	if (mapfile == NULL) {
		size_t len = strlen(scen);

		if (strcmp(scen, "-") == 0 || len <= 5 || strcmp(scen + len - 5, ".scen") != 0) {
			fprintf(stderr, "pathfind: %s: cannot tell which map the scenarios "
			    "are for: name the map file as an operand\n", b.name);
			return 2;
		}
		if ((derived = strdup(scen)) == NULL) {
			fprintf(stderr, "pathfind: out of memory\n");
			return 2;
		}
		derived[len - 5] = '\0';
		mapfile = derived;
	}
	if (load_map(mapfile, &map) != 0) {
		free(derived);
		map_free(&map);
		return 2;
	}
	b.map = &map;
	options_params(o, &map, &b.p);
	b.noguarantee = search_no_guarantee(&b.p);

	/* Components once per map, so that unreachable goals cost no search. */
	if ((b.comp = malloc(map.grid.ncells * sizeof(*b.comp))) == NULL) {
		fprintf(stderr, "pathfind: out of memory\n");
		rc = 2;
		goto out;
	}
	grid_components(&map.grid, b.p.diag == DIAG_ALWAYS, b.comp);

	if (strcmp(scen, "-") != 0 && (fd = open(scen, O_RDONLY)) < 0) {
		fprintf(stderr, "pathfind: %s:1:1: cannot open: %s\n", scen, strerror(errno));
		rc = 2;
		goto out;
	}
	if ((ln_open = lines_open(&ln, fd, SCEN_LINE_MAX) == 0) == 0 ||
	    (job = calloc(CHUNK, sizeof(*job))) == NULL ||
	    (w = calloc((size_t)nw, sizeof(*w))) == NULL) {
		fprintf(stderr, "pathfind: out of memory\n");
		rc = 2;
		goto out;
	}
	for (k = 0; k < nw; k++)
		if ((w[k].search = search_new()) == NULL) {
			fprintf(stderr, "pathfind: out of memory\n");
			rc = 2;
			goto out;
		}
	if (!o->quiet && o->format == FMT_TEXT)
		render_scen_header(stdout, o->timing);

	for (;;) {
		const char *s;
		size_t len;
		int lr = lines_next(&ln, &s, &len);

		if (lr == LINES_OK || lr == LINES_LONG) {
			struct job *j = &job[n];

			j->bad = 0;
			j->rc = 0;
			j->seconds = 0;
			j->sc.line = ln.lineno;
			if (lr == LINES_LONG) {
				seterr(&j->d, ln.lineno, 1, "line too long");
				j->bad = 1;
			} else {
				int pr = scen_parse(s, len, &j->sc, &j->d);

				if (pr == SCEN_SKIP)
					continue;
				j->bad = pr == SCEN_BAD || check_cells(&map.grid, j) != 0;
			}
			if (++n < CHUNK)
				continue;
		}
		if (n > 0) {
			solve_chunk(&b, w, nw, job, n);
			report(&b, job, n);
			n = 0;
			if (ferror(stdout))
				break;
		}
		if (lr == LINES_ERR) {
			fprintf(stderr, "pathfind: %s:%ld:1: read error: %s\n", b.name,
			    ln.lineno + 1, strerror(ln.err));
			worse(&b, 2);
		}
		if (lr == LINES_EOF || lr == LINES_ERR)
			break;
	}
	rc = b.status;
	{
		fprintf(stderr, "pathfind: %s: scenarios=%llu mismatches=", b.name, b.n);
		if (b.noguarantee == NULL)
			fprintf(stderr, "%llu", b.mismatches);
		else
			fputs("unchecked", stderr);
		fprintf(stderr, " nopath=%llu errors=%llu expanded=%llu time=%.6f wall=%.6f"
		    " maxrss=%ld\n", b.nopath, b.errors, b.expanded, b.seconds,
		    monotime() - t0, maxrss_kb());
	}
out:
	if (ln_open)
		lines_close(&ln);
	if (fd != STDIN_FILENO && fd >= 0)
		close(fd);
	if (job != NULL)
		for (i = 0; i < CHUNK; i++)
			free(job[i].path);
	free(job);
	if (w != NULL)
		for (k = 0; k < nw; k++)
			search_free(w[k].search);
	free(w);
	free(derived);
	free(b.comp);
	map_free(&map);
	return rc;
}
