/* scen.c - MovingAI scenario batches; see scen.h and pathfind(1). */
#include <errno.h>
#include <fcntl.h>
#include <math.h>		/* HUGE_VAL only: no libm (see cost.c) */
#include <pthread.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "lines.h"
#include "out.h"
#include "render.h"
#include "scen.h"
#include "search.h"
#include "threads.h"
#include "monotime.h"

#define CHUNK 1024		/* scenarios read, solved and printed at a time */
#define PATH_ROOM ((size_t)32 << 20)	/* paths a chunk may hold (chunk_for) */
#define SCEN_LINE_MAX 4096

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
		diag_set(d, sc->line, 1, msg);
		return SCEN_BAD;
	}
	xy[0] = &sc->mw, xy[1] = &sc->mh;
	for (j = 0; j < 2; j++)
		if (coord_parse(f[2 + j], len[2 + j], xy[j]) != 0) {
			snprintf(msg, sizeof(msg), "bad %s (a whole number 0 to 65535)", what[2 + j]);
			diag_set(d, sc->line, f[2 + j] - s + 1, msg);
			return SCEN_BAD;
		}
	xy[0] = &sc->sx, xy[1] = &sc->sy, xy[2] = &sc->gx, xy[3] = &sc->gy;
	for (j = 0; j < 4; j++)
		if (coord_parse(f[4 + j], len[4 + j], xy[j]) != 0) {
			snprintf(msg, sizeof(msg), "bad %s (a whole number 0 to 65535)", what[4 + j]);
			diag_set(d, sc->line, f[4 + j] - s + 1, msg);
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
		diag_set(d, sc->line, f[8] - s + 1, "bad length (a decimal number)");
		return SCEN_BAD;
	}
	if (len[8] >= sizeof(sc->lenstr)) {
		snprintf(msg, sizeof(msg), "bad length (%zu characters; at most %zu)", len[8],
		    sizeof(sc->lenstr) - 1);
		diag_set(d, sc->line, f[8] - s + 1, msg);
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
	double rel = 1e-5 * sc->length, p = 1;
	int k;

	/* 10^k is exact in a double up to k = 22: 1 / p is then 10^-k rounded once */
	for (k = 0; k < sc->decimals; k++)
		p *= 10;
	return sc->decimals == 0 || rel > 1 / p ? rel : 1 / p;
}

/* One scenario to solve, and what came of it. */
struct job {
	struct scen sc;
	int bad;		/* *d says why it was not solved */
	/*
	 * In an array of its own (scen_batch's diags), whose pages are
	 * written only where a scenario is bad: here, its 208 bytes were
	 * half of a job, and a batch of 1,024 jobs wrote 54 more pages.
	 */
	struct diag *d;
	int rc;			/* search_run's */
	struct search_result r;
	uint32_t *path;		/* copy of r.path, when the format shows paths */
	size_t pathcap;
	double seconds;
	int retry;		/* its thread ran out of memory: another takes it */
};

struct pool {
	const struct grid *g;
	const struct comps *comp;	/* connected components, or NULL */
	const struct search_params *p;
	struct job *job;
	size_t n, next;
	int keep_path, timing;
	int retrying;		/* take only the jobs given back */
	pthread_mutex_t mu;
};

struct worker {
	struct pool *pool;
	struct search *search;
	int dead;		/* could not hold a search on this map: takes no work */
	pthread_t tid;
};

/* Peak resident set size of the process so far, in KiB. */
static long
maxrss_kb(void)
{
	struct rusage ru;

	return getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_maxrss : 0;
}

/* Take scenarios off the shared counter until none are left. */
static void *
work(void *arg)
{
	struct worker *w = arg;
	struct pool *pl = w->pool;
	const struct grid *g = pl->g;

	while (!w->dead) {
		struct job *j;
		double t0 = 0;

		pthread_mutex_lock(&pl->mu);
		j = pl->next < pl->n ? &pl->job[pl->next++] : NULL;
		pthread_mutex_unlock(&pl->mu);
		if (j == NULL)
			break;
		if (pl->retrying && !j->retry)
			continue;
		j->retry = 0;
		if (j->bad)
			continue;
		if (pl->comp != NULL && !comps_same(pl->comp, grid_index(g, j->sc.sx, j->sc.sy),
		    grid_index(g, j->sc.gx, j->sc.gy))) {
			/* different components: no path, no search */
			memset(&j->r, 0, sizeof(j->r));
			j->seconds = 0;
			continue;
		}
		if (pl->timing)
			t0 = monotime();
		j->rc = search_run(w->search, g, grid_index(g, j->sc.sx, j->sc.sy),
		    grid_index(g, j->sc.gx, j->sc.gy), pl->p, &j->r);
		if (pl->timing)
			j->seconds = monotime() - t0;
		if (j->rc == 0 && pl->keep_path && j->r.found) {
			size_t need = j->r.steps + 1;

			if (need > j->pathcap) {
				uint32_t *np = realloc(j->path, need * sizeof(*np));

				if (np == NULL)
					j->rc = SEARCH_ENOMEM;
				else {
					j->path = np;
					j->pathcap = need;
				}
			}
			if (j->rc == 0) {
				memcpy(j->path, j->r.path, need * sizeof(*j->path));
				j->r.path = j->path;
			}
		}
		/*
		 * Out of memory is this thread's search state, not the
		 * scenario's fault: give the job back, free the state for the
		 * others, and take no more work.  A thread that fails every
		 * scenario at once would otherwise take almost all of them.
		 */
		if (j->rc == -1) {
			j->retry = 1;
			search_free(w->search);
			w->search = NULL;
			w->dead = 1;
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
		diag_set(j->d, j->sc.line, 1, msg);
		return -1;
	}
	for (k = 0; k < 2; k++) {
		if (x[k] >= g->w || y[k] >= g->h) {
			snprintf(msg, sizeof(msg), "%s %d %d is off the map (%dx%d)",
			    what[k], x[k], y[k], g->w, g->h);
			diag_set(j->d, j->sc.line, 1, msg);
			return -1;
		}
		if ((g->cell[grid_index(g, x[k], y[k])] & CELL_COST) == 0) {
			snprintf(msg, sizeof(msg), "%s %d %d is on a blocked cell",
			    what[k], x[k], y[k]);
			diag_set(j->d, j->sc.line, 1, msg);
			return -1;
		}
	}
	return 0;
}

struct batch {
	const struct options *o;
	struct out out;
	struct comps comp;	/* connected components of the map */
	const char *name;	/* the scenario file, for messages */
	const struct map *map;
	struct search_params p;
	const char *noguarantee;
	enum search_status refused;	/* the search refuses the map: every scenario's error */
	int status;
	int dead;		/* threads that could not hold a search */
	int nothread;		/* a thread could not be started: said once */
	unsigned long long n, mismatches, errors, nopath, expanded;
	double seconds;
	/* --check: the answers, one a scenario line (errors too), and the verdicts */
	struct answers ans;
	int ans_open, afd;
	const char *aname;
	unsigned long long verdicts[VERDICT_UNANSWERED + 1];
};

/*
 * An error that stands for a scenario, or for the batch (id 0): its
 * record (unless record is 0: out_no_record) and its message, in turn.
 * -1: stdout failed.
 */
static int
batch_error_rec(struct batch *b, long id, const char *dname, long line, long col,
    const char *msg, int record)
{
	struct outcome oc;

	out_open(&oc, 0);
	oc.item = ITEM_SCEN;
	oc.source = dname;	/* the scenario file, or the map for the map's errors */
	oc.number = (unsigned long long)id;	/* from 0 (the batch) */
	/* an error in a scenario's answer (--check) is the scenario's record */
	if (b->aname != NULL && dname == b->aname && id != 0) {
		oc.source = b->name;
		oc.answers = b->aname;
	}
	out_fail(&oc, dname, line, col, msg);
	if (!record)	/* (the file standard output goes to) */
		out_no_record(&oc);
	/* counted once handed to standard output, as the rows (report) */
	if (out_emit(&b->out, &oc) != 0)
		return -1;
	b->errors++;
	status_worse(&b->status, EX_ERROR);
	return 0;
}

static int
batch_error(struct batch *b, long id, const char *dname, long line, long col,
    const char *msg)
{
	return batch_error_rec(b, id, dname, line, col, msg, 1);
}

/*
 * Does j's cost agree with its published length (scen_tolerance)?
 * Exactly, in units of 10^-e, for a length of at most 13 whole digits
 * and 12 decimals d, e = max(d, 6) + 5 (the 10^-5 of the relative
 * tolerance): the length N / 10^d as N * 10^(e - d), the tolerance the
 * larger of N * 10^(e - d - 5) and, with decimals, 10^(e - d), and the
 * exact cost within both (cost_compare_scaled).  In doubles a cost one
 * unit of the last decimal off went either way: 2 against 1.9 and 2.1
 * was a mismatch, 11 against 10.9 was not.  Past those sizes (no
 * benchmark file has over 8 decimals), in doubles still.
 */
static int
within(const struct costs *c, const struct job *j)
{
	const struct scen *sc = &j->sc;
	__extension__ __int128 n = 0, rel, unit = 0;
	const char *s;
	int e, i, whole = (int)strcspn(sc->lenstr, ".");

	if (whole > 13 || sc->decimals > 12) {
		double cost = cost_value(c, j->r.a, j->r.b), tol = scen_tolerance(sc);

		return cost - sc->length <= tol && sc->length - cost <= tol;
	}
	for (s = sc->lenstr; *s != '\0'; s++)
		if (*s != '.')
			n = n * 10 + (*s - '0');
	e = (sc->decimals > 6 ? sc->decimals : 6) + 5;
	rel = n;	/* N * 10^(e - 5 - d), a 10^-5 of the length */
	for (i = sc->decimals; i < e - 5; i++)
		rel *= 10;
	n = rel * 100000;	/* N * 10^(e - d) */
	if (sc->decimals > 0)
		for (unit = 1, i = sc->decimals; i < e; i++)
			unit *= 10;
	if (unit > rel)
		rel = unit;
	return cost_compare_scaled(c, j->r.a, j->r.b, n + rel, e) <= 0 &&
	    cost_compare_scaled(c, j->r.a, j->r.b, n - rel, e) >= 0;
}

/* Does our cost agree with the published one?  A message if not. */
static int
agrees(struct batch *b, const struct job *j, char *msg, size_t size)
{
	double tol;
	char c[48];

	if (b->noguarantee != NULL)	/* nothing to check against */
		return 1;
	if (!j->r.found) {	/* a published length says there is one */
		snprintf(msg, size, "mismatch: no path, published %s", j->sc.lenstr);
		return 0;
	}
	if (within(&b->p.costs, j))
		return 1;
	tol = scen_tolerance(&j->sc);
	cost_format(c, sizeof(c), &b->p.costs, j->r.a, j->r.b);
	snprintf(msg, size, "mismatch: cost %s, published %s (tolerance %g)", c,
	    j->sc.lenstr, tol);
	return 0;
}

/*
 * --check: the answer to scenario j, walked with the scenario's start and
 * goal (only read when j has an error), as answers_next found it;
 * ANSWER_END with the message of a scenario left without an answer.
 */
static int
read_answer(struct batch *b, const struct job *j, struct answer *a, struct diag *d)
{
	struct check_map cm;
	int rc;

	cm.map = b->map;
	cm.rule = b->p.diag;
	cm.sx = j->sc.sx, cm.sy = j->sc.sy;
	cm.gx = j->sc.gx, cm.gy = j->sc.gy;
	rc = answers_next(&b->ans, j->bad ? NULL : &cm, a, d);
	if (rc == ANSWER_END) {
		d->line = j->sc.line, d->col = 1;
		if (b->ans.failed)
			snprintf(d->msg, sizeof(d->msg), "no answer for this scenario: "
			    "reading the answers failed");
		else
			snprintf(d->msg, sizeof(d->msg), "no answer for this scenario: the "
			    "answers end after %ld answer%s", b->ans.records,
			    b->ans.records == 1 ? "" : "s");
	}
	return rc;
}

/* Write a solved chunk in input order.  -1: stdout failed. */
static int
report(struct batch *b, struct job *job, size_t n)
{
	const struct options *o = b->o;
	struct render_info ri;
	struct record rec;
	size_t i;

	memset(&ri, 0, sizeof(ri));
	ri.name = b->name;
	ri.params = &b->p;
	ri.noguarantee = b->noguarantee;
	ri.timing = o->timing;
	for (i = 0; i < n; i++) {
		struct job *j = &job[i];
		struct outcome oc;
		struct scen_row row;
		struct check_result cr;
		struct answer ans;
		struct diag ad;
		int ansrc = ANSWER_OK;
		char msg[192];

		if (j->retry)	/* no thread was left to solve it: the batch ends */
			return batch_error(b, j->sc.line, b->name, j->sc.line, 1, "out of memory: "
			    "no thread can hold a search on this map; the batch stops"), -1;
		if (!j->bad && j->rc != 0)
			diag_set(j->d, j->sc.line, 1, search_strerror(j->rc)), j->bad = 1;
		if (b->ans_open) {
			ansrc = read_answer(b, j, &ans, &ad);
			if (b->out.failed)	/* the flush before a read (before_read) */
				return -1;
		}
		if (j->bad) {
			if (batch_error(b, j->sc.line, b->name, j->d->line, j->d->col, j->d->msg) != 0)
				return -1;
			/* a read error in the answers, which this record does not say */
			if (ansrc == ANSWER_IOERR) {
				out_diag(&b->out, b->aname, ad.line, ad.col, ad.msg);
				b->errors++;
			}
			continue;
		}
		if (b->ans_open && ansrc != ANSWER_OK) {
			if (batch_error(b, j->sc.line, ansrc == ANSWER_END ? b->name : b->aname,
			    ad.line, ad.col, ad.msg) != 0)
				return -1;
			continue;
		}
		out_open(&oc, 0);
		row.id = j->sc.line;
		row.sx = j->sc.sx, row.sy = j->sc.sy;
		row.gx = j->sc.gx, row.gy = j->sc.gy;
		row.length = j->sc.lenstr;
		row.mismatch = !agrees(b, j, msg, sizeof(msg));
		if (row.mismatch)
			out_note(&oc, b->name, j->sc.line, 1, msg);
		ri.seconds = j->seconds;
		memset(&rec, 0, sizeof(rec));
		rec.grid = &b->map->grid;
		rec.scen = &row;
		rec.r = &j->r;
		rec.ri = &ri;
		if (b->ans_open) {
			check_judge(&ans, b->p.diag, &b->p.costs, &j->r, &cr);
			rec.check = &cr;
			status_worse(&oc.status, cr.verdict == VERDICT_RIGHT ? EX_FOUND :
			    EX_MISMATCH);
		}
		out_result(&b->out, &oc, &rec);
		/*
		 * Counted once handed to standard output: after a write error
		 * the batch stops, and the summary says how far it got.
		 */
		if (out_emit(&b->out, &oc) != 0)
			return -1;
		b->n++;
		b->expanded += j->r.expanded;
		b->seconds += j->seconds;
		if (b->ans_open) {
			b->verdicts[cr.verdict]++;
			status_worse(&b->status, oc.status);
		} else if (!j->r.found) {
			b->nopath++;
			status_worse(&b->status, EX_NOPATH);
		}
		if (row.mismatch) {
			b->mismatches++;
			status_worse(&b->status, EX_MISMATCH);
		}
	}
	return 0;
}

/*
 * A thread's search, for the batch b: without paths where none is printed
 * (the text rows, -q, --check: solve_chunk's keep_path).  NULL without the
 * memory.
 */
static struct search *
worker_search(const struct batch *b, int threaded)
{
	const struct options *o = b->o;
	struct search *s = search_new();

	if (s != NULL) {
		search_cost_only(s, o->format == FMT_TEXT || o->quiet || b->ans_open);
		search_threaded(s, threaded);
	}
	return s;
}

/* The first worker that can still work, or -1. */
static int
first_live(const struct worker *w, int nw)
{
	int k;

	for (k = 0; k < nw; k++)
		if (!w[k].dead)
			return k;
	return -1;
}

/*
 * Solve job[0..n) on the live threads of w (the calling one included),
 * and again on those left for the jobs a dying thread gave back.  -1 when
 * no thread is left: the jobs still marked retry were not solved.
 */
static int
solve_chunk(struct batch *b, struct worker *w, int nw, struct job *job, size_t n)
{
	struct pool pl;
	int k, live, started, alone = 0;
	size_t i;

	memset(&pl, 0, sizeof(pl));
	pl.g = &b->map->grid;
	pl.comp = b->refused == SEARCH_OK ? &b->comp : NULL;	/* else each search says why */
	pl.p = &b->p;
	pl.job = job;
	pl.n = n;
	pl.keep_path = b->o->format != FMT_TEXT && !b->o->quiet && !b->ans_open;
	pl.timing = 1;		/* the summary always has the time */
	pthread_mutex_init(&pl.mu, NULL);
	for (;;) {
		int tid[OPT_JOBS_MAX];

		int rc = 0, want = 0;

		for (k = started = 0; k < nw; k++) {
			w[k].pool = &pl;
			/* the first live worker is this thread */
			if (w[k].dead || k == first_live(w, nw) || (size_t)started + 1 >= n)
				continue;
			want++;
			if ((rc = thread_start(&w[k].tid, work, &w[k])) == 0)
				tid[started++] = k;
		}
		if (started < want && !b->nothread) {
			char msg[160];

			snprintf(msg, sizeof(msg), "-j %d reduced to %d: a thread could not be "
			    "started: %s", nw, started + 1, strerror(rc));
			out_diag(&b->out, NULL, 0, 0, msg);
			b->nothread = 1;
		}
		if ((k = first_live(w, nw)) >= 0)
			work(&w[k]);
		for (k = 0; k < started; k++)
			pthread_join(w[tid[k]].tid, NULL);
		for (i = 0; i < n && !job[i].retry; i++)
			;
		if (i == n)
			break;	/* all done */
		for (k = live = 0; k < nw; k++)
			live += !w[k].dead;
		/*
		 * No thread left of several: the calling one tries again
		 * alone, as -j 1 would, with what the others held given back
		 * (a map that fits one search but not two at once).
		 */
		if (live == 0 && nw > 1 && !alone) {
			alone = 1;
			/* with the jobs no thread took before all stopped */
			if (!pl.retrying)
				for (i = pl.next; i < n; i++)
					job[i].retry = 1;
			if ((w[0].search = worker_search(b, 0)) != NULL)
				w[0].dead = 0, live = 1;
		}
		if (live == 0)
			break;
		pl.next = 0;
		pl.retrying = 1;
	}
	pthread_mutex_destroy(&pl.mu);
	for (k = live = 0; k < nw; k++)
		live += !w[k].dead;
	if (live > 0 && nw - live > b->dead) {
		char msg[160];

		/* (all of them, where the calling thread went on alone) */
		snprintf(msg, sizeof(msg), "%d of %d threads ran out of memory for a search "
		    "on this map; the batch goes on with %d", nw - live + alone, nw, live);
		out_diag(&b->out, NULL, 0, 0, msg);
	}
	b->dead = nw - live;
	return live > 0 ? 0 : -1;
}

/* The address space this process maps now, in bytes; 0 if unknown. */
static double
vm_in_use(void)
{
	FILE *fp = fopen("/proc/self/statm", "r");	/* Linux; elsewhere 0 */
	unsigned long pages = 0;

	if (fp == NULL)
		return 0;
	if (fscanf(fp, "%lu", &pages) != 1)
		pages = 0;
	fclose(fp);
	return (double)pages * (double)sysconf(_SC_PAGESIZE);
}

/*
 * As many threads as memory has room for: each holds a search of about
 * search_footprint bytes on this map, within the address-space limit
 * (ulimit -v) and the physical memory.  Said once when it is fewer than
 * -j asked for; threads that still run out give their work back (work).
 */
static int
jobs_for_memory(struct batch *b, int nw)
{
	double per = (double)search_footprint(&b->map->grid, &b->p), room = HUGE_VAL;
	long pages = sysconf(_SC_PHYS_PAGES), psize = sysconf(_SC_PAGESIZE);
	struct rlimit rl;
	char msg[192];
	int fit;

	if (pages > 0 && psize > 0)
		room = (double)pages * (double)psize;
	if (getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY &&
	    (double)rl.rlim_cur - vm_in_use() < room)
		room = (double)rl.rlim_cur - vm_in_use();
	fit = room / per >= nw ? nw : room / per >= 1 ? (int)(room / per) : 1;
	if (fit < nw) {
		snprintf(msg, sizeof(msg), "-j %d reduced to %d: a search on this map holds "
		    "about %.0f MB, and memory has room for %d", nw, fit, per / 1e6, fit);
		out_diag(&b->out, NULL, 0, 0, msg);
	}
	return fit;
}

/*
 * How many scenarios a chunk takes.  The formats that print paths keep
 * each scenario's path until its chunk is written, and a path can visit
 * every free cell of the map, 4 bytes each: so that a file of long paths
 * (a snake of a map) cannot hold gigabytes, a chunk then takes no more
 * than PATH_ROOM of such paths, and never fewer than a scenario a thread.
 */
static size_t
chunk_for(const struct grid *g, int keep_path, int nw)
{
	size_t k, free_cells = 0, n;

	if (!keep_path)
		return CHUNK;
	for (k = 0; k < g->ncells; k++)
		free_cells += (g->cell[k] & CELL_COST) != 0;
	n = PATH_ROOM / (4 * (free_cells > 0 ? free_cells : 1));
	if (n < (size_t)nw)
		n = (size_t)nw;
	return n < CHUNK ? n : CHUNK;
}

/*
 * Read the map a scenario file is for, from path ("-": standard input).
 * 0, or -1 with what went wrong in d (line 0: the file as a whole).
 * With --check=-, or with the scenarios from standard input, the map is
 * not standard input by another name; nor stdout's pipe (its regular
 * file is read whole before anything is written).
 */
static int
load_map(const struct options *o, const char *path, struct map *m, struct diag *d, int no_text)
{
	struct mapreader rd;
	const char *why;
	int fd = STDIN_FILENO, rc;

	d->line = d->col = 0;
	if (strcmp(path, "-") == 0 && o->stdin_closed) {
		snprintf(d->msg, sizeof(d->msg), "cannot read: standard input is closed");
		return -1;
	}
	if (strcmp(path, "-") != 0 && (fd = open(path, O_RDONLY)) < 0) {
		snprintf(d->msg, sizeof(d->msg), "cannot open: %s", strerror(errno));
		return -1;
	}
	if (out_refuse(fd, 1, o->stdin_closed, strcmp(o->scen, "-") == 0 ?
	    "it is standard input, which holds the scenarios" : o->check != NULL &&
	    strcmp(o->check, "-") == 0 ? "it is standard input, which holds the answers" : NULL,
	    &why) != 0) {
		snprintf(d->msg, sizeof(d->msg), "%s", why);
		if (fd != STDIN_FILENO)
			close(fd);
		return -1;
	}
	if (mapreader_open(&rd, fd) != 0) {
		snprintf(d->msg, sizeof(d->msg), "out of memory");
		if (fd != STDIN_FILENO)
			close(fd);
		return -1;
	}
	rd.start_optional = rd.goal_optional = 1;	/* an ASCII map's A and B are not used */
	rd.no_text = no_text;
	rc = map_read(&rd, m, d);
	mapreader_close(&rd);
	if (fd != STDIN_FILENO)
		close(fd);
	return rc == MAP_OK ? 0 : -1;
}

static void
before_read(void *arg)
{
	out_flush(arg);
}

/* --check: open the answers.  -1 after their error record. */
static int
open_answers(struct batch *b, const struct options *o)
{
	const char *why = "out of memory";
	char msg[128];
	int fd = STDIN_FILENO, k;

	b->aname = strcmp(o->check, "-") == 0 ? "<stdin>" : o->check;
	if (strcmp(o->check, "-") == 0 && o->stdin_closed) {
		batch_error(b, 0, b->aname, 0, 0, "cannot read: standard input is closed");
		return -1;
	}
	if (strcmp(o->check, "-") != 0 && (fd = open(o->check, O_RDONLY)) < 0) {
		snprintf(msg, sizeof(msg), "cannot open: %s", strerror(errno));
		batch_error(b, 0, b->aname, 0, 0, msg);
		return -1;
	}
	/* stdout's file, or --check=- by another name (/dev/stdin) where the scenarios or the map are read */
	if ((k = out_refuse(fd, o->quiet, o->stdin_closed, strcmp(o->scen, "-") == 0 ||
	    (o->nfiles == 1 && strcmp(o->files[0], "-") == 0) ?
	    "it is standard input, which holds the scenarios or their map" : NULL, &why)) != 0 ||
	    answers_open(&b->ans, fd, o->check_format) != 0) {
		batch_error_rec(b, 0, b->aname, 0, 0, why, k != 2);
		if (fd != STDIN_FILENO)
			close(fd);
		return -1;
	}
	b->ans_open = 1;
	b->afd = fd;
	b->ans.lines.before_read = before_read;
	b->ans.lines.arg = &b->out;
	return 0;
}

/* --check: answers left after the last scenario are an error of the answers. */
static void
more_answers(struct batch *b)
{
	struct diag d;

	if (answers_left(&b->ans, "scenario", &d))
		batch_error(b, 0, b->aname, d.line, d.col, d.msg);
}

/*
 * Does the next line need a read(2) that may block?  Then what was read
 * so far is solved and written first, so that a scenario piped in gets
 * its row without waiting for the next chunk's worth.
 */
static int
would_wait(const struct lines *ln, int regular)
{
	return !regular && !ln->pushed && !ln->eof &&
	    memchr(ln->buf + ln->start, '\n', ln->end - ln->start) == NULL;
}

/*
 * Run the scenario file scen ("-" for stdin) on mapfile, or when mapfile
 * is NULL on the map beside it (the name without ".scen").  Returns the
 * exit status (status.h): 0, 1 (some scenario has no path), 2 (errors),
 * 3 (a cost that disagrees with the published optimum).
 */
int
scen_batch(const struct options *o, const char *scen, const char *mapfile)
{
	struct batch b;
	struct map map;
	struct lines ln;
	struct diag d;
	struct stat st;
	struct worker *w = NULL;
	struct job *job = NULL;
	struct diag *diags = NULL;	/* job[k].d is diags + k */
	char *derived = NULL, msg[512];
	const char *why;
	size_t n = 0, i, chunk, used = 0;	/* used: the jobs ever filled */
	int fd = STDIN_FILENO, nw = o->jobs, nalloc = 0, k, ln_open = 0, regular, any = 0;
	int whole = 0;		/* the scenario file read to its end, every chunk written */
	double t0 = monotime();

	memset(&b, 0, sizeof(b));
	memset(&map, 0, sizeof(map));
	b.o = o;
	b.name = strcmp(scen, "-") == 0 ? "<stdin>" : scen;
	out_init(&b.out, o, 1);
	/* The scenario file first: it is the file the user named. */
	if (strcmp(scen, "-") == 0 && o->stdin_closed) {
		batch_error(&b, 0, b.name, 0, 0, "cannot read: standard input is closed");
		goto out;
	}
	if (strcmp(scen, "-") != 0 && (fd = open(scen, O_RDONLY)) < 0) {
		snprintf(msg, sizeof(msg), "cannot open: %s", strerror(errno));
		batch_error(&b, 0, b.name, 0, 0, msg);
		goto out;
	}
	/* stdout's file, or by another name standard input, where --check=- or the map - is */
	if ((k = out_refuse(fd, o->quiet, o->stdin_closed, mapfile != NULL &&
	    strcmp(mapfile, "-") == 0 ? "it is standard input, which holds the map" :
	    o->check != NULL && strcmp(o->check, "-") == 0 ?
	    "it is standard input, which holds the answers" : NULL, &why)) != 0) {
		batch_error_rec(&b, 0, b.name, 0, 0, why, k != 2);
		goto out;
	}
	if (o->check != NULL && open_answers(&b, o) != 0)
		goto out;
	if (mapfile == NULL) {
		size_t len = strlen(scen);
		const char *base = strrchr(scen, '/') != NULL ? strrchr(scen, '/') + 1 : scen;

		/* (d/.scen names no map: d/ is a directory) */
		if (strcmp(scen, "-") == 0 || strlen(base) <= 5 ||
		    strcmp(scen + len - 5, ".scen") != 0) {
			batch_error(&b, 0, b.name, 0, 0, "cannot tell which map the scenarios "
			    "are for: name the map file as an operand");
			goto out;
		}
		if ((derived = strdup(scen)) == NULL) {
			batch_error(&b, 0, b.name, 0, 0, "out of memory");
			goto out;
		}
		derived[len - 5] = '\0';
		mapfile = derived;
	}
	/*
	 * The text of a MovingAI map is not kept but for --check, which
	 * walks answers through it.  JPS kept it, for its bitsets to be built
	 * in its pages (bigmem.c, the spare), but those pages were written
	 * once by the reader for nothing, and moved (mremap) to join the
	 * bitsets' new ones: on the virtual machine of 2026-12-02 a page
	 * written at first touch cost 13 us, a page taken at once (bigmem_take)
	 * 6, and a page moved about 5 again at its next write (BENCHMARKS.md).
	 */
	if (load_map(o, mapfile, &map, &d, !b.ans_open) != 0) {
		const char *mname = strcmp(mapfile, "-") == 0 ? "<stdin>" : mapfile;

		/*
		 * A map the user did not name is named with the file that led
		 * to it, escaped as names are, and cut short where it would
		 * leave no room in a diagnostic for the reason after it.
		 */
		if (derived != NULL && d.line == 0) {
			char esc[sizeof(d.msg)];
			size_t room = sizeof(d.msg) - strlen("its map : ") - strlen(d.msg);

			render_name_buf(esc, room < 16 ? 16 : room, mapfile);
			snprintf(msg, sizeof(msg), "its map %s: %s", esc, d.msg);
		} else
			snprintf(msg, sizeof(msg), "%s", d.msg);
		batch_error(&b, 0, derived != NULL && d.line == 0 ? b.name : mname,
		    d.line, d.col, msg);
		goto out;
	}
	b.map = &map;
	options_params(o, &map, &b.p);
	b.refused = search_refuses(&map.grid, &b.p);
	b.noguarantee = search_no_guarantee(&b.p);
	if (b.ans_open && b.noguarantee != NULL && b.refused == SEARCH_OK) {
		/* answers are checked against the optimum: Dijkstra's, as for maps */
		b.p.algo = ALGO_DIJKSTRA;
		b.p.heur = H_ZERO;
		b.p.weight = 1000;
		if (!o->ol_set)
			b.p.ol = OL_STEP_QUEUES;
		b.noguarantee = NULL;
	}

	/*
	 * Components once per map, so that unreachable goals cost no search;
	 * and the map's text, which nothing here draws, given back (not with
	 * --check: the walk of an answer reads the rows' lengths).
	 */
	if (!b.ans_open)
		map_drop_text(&map);
	if (comps_build(&b.comp, &map.grid, b.p.diag == DIAG_ALWAYS) != 0) {
		batch_error(&b, 0, b.name, 0, 0, "out of memory");
		goto out;
	}
	nw = jobs_for_memory(&b, nw);

	if ((ln_open = lines_open(&ln, fd, SCEN_LINE_MAX) == 0) == 0 ||
	    (job = calloc(CHUNK, sizeof(*job))) == NULL ||
	    (diags = calloc(CHUNK, sizeof(*diags))) == NULL ||
	    (w = calloc((size_t)(nalloc = nw), sizeof(*w))) == NULL) {
		batch_error(&b, 0, b.name, 0, 0, "out of memory");
		goto out;
	}
	for (k = 0; k < nw; k++)
		if ((w[k].search = worker_search(&b, nw > 1)) == NULL) {
			batch_error(&b, 0, b.name, 0, 0, "out of memory");
			goto out;
		}
	chunk = chunk_for(&map.grid, o->format != FMT_TEXT && !o->quiet && !b.ans_open, nw);
	regular = fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
	ln.before_read = before_read;	/* what is written must not wait with it */
	ln.arg = &b.out;
	if (regular || (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode))) {
		/*
		 * The first line read before anything is written: a scenario
		 * file that cannot be read at all (a directory) is that error
		 * alone, as a map that cannot be is; a read error past it is
		 * the batch's, in its summary.  Not from a pipe or a terminal,
		 * where the header comes before the first scenario does.
		 */
		const char *s;
		size_t len;
		int lr = lines_next(&ln, &s, &len);

		if (lr == LINES_ERR) {
			snprintf(msg, sizeof(msg), "read error: %s", strerror(ln.err));
			batch_error(&b, 0, b.name, ln.lineno + 1, 1, msg);
			goto out;
		}
		if (lr != LINES_EOF)
			lines_unget(&ln);
	}
	if (!o->quiet && o->format == FMT_TEXT)
		render_scen_header(stdout, o->timing, b.ans_open);

	for (;;) {
		const char *s = NULL;
		size_t len = 0;
		int lr;

		if (n > 0 && would_wait(&ln, regular))
			lr = LINES_OK, s = NULL;	/* solve what we have first */
		else
			lr = lines_next(&ln, &s, &len);
		if (s != NULL && (lr == LINES_OK || lr == LINES_LONG)) {
			struct job *j = &job[n];

			if (n == used)
				j->d = &diags[used++];
			j->bad = 0;
			j->rc = 0;
			j->retry = 0;
			j->seconds = 0;
			j->sc.line = ln.lineno;
			if (lr == LINES_LONG) {
				diag_set(j->d, ln.lineno, 1, "line too long");
				j->bad = 1;
			} else {
				int pr = scen_parse(s, len, &j->sc, j->d);

				if (pr == SCEN_SKIP)
					continue;
				j->bad = pr == SCEN_BAD || check_cells(&map.grid, j) != 0;
			}
			any = 1;
			if (++n < chunk)
				continue;
		}
		if (n > 0 && lr == LINES_EOF && b.n + b.errors == 0 && n < (size_t)nw &&
		    nw == o->jobs) {
			/* the whole file is in: no more threads than scenarios */
			snprintf(msg, sizeof(msg), "-j %d reduced to %zu: the file has %zu "
			    "scenario%s", nw, n, n, n == 1 ? "" : "s");
			out_diag(&b.out, NULL, 0, 0, msg);
			nw = (int)n;
		}
		if (n > 0) {
			solve_chunk(&b, w, nw, job, n);
			if (report(&b, job, n) != 0 || out_flush(&b.out) != 0)
				break;
			n = 0;
		}
		if (lr == LINES_ERR) {
			snprintf(msg, sizeof(msg), "read error: %s", strerror(ln.err));
			batch_error(&b, 0, b.name, ln.lineno + 1, 1, msg);
		}
		if (lr == LINES_EOF || lr == LINES_ERR) {
			whole = lr == LINES_EOF;
			break;
		}
	}
	/* A file of no scenarios (empty, or cut short) is no batch that passed. */
	if (!any && b.errors == 0 && !b.out.failed)
		batch_error(&b, 0, b.name, 0, 0, "no scenarios");
	/* answers left over, unless the batch stopped short of the file's end */
	if (b.ans_open && whole && !b.out.failed)
		more_answers(&b);
	if (out_finish(&b.out) != 0)	/* the write error before the summary */
		b.status = EX_ERROR;
	fputs("pathfind: ", stderr);
	render_name(stderr, b.name);
	fprintf(stderr, ": scenarios=%llu", b.n);
	if (b.ans_open)
		for (k = 0; k <= VERDICT_UNANSWERED; k++)
			fprintf(stderr, " %s=%llu", verdict_names[k], b.verdicts[k]);
	fputs(" mismatches=", stderr);
	if (b.noguarantee == NULL)
		fprintf(stderr, "%llu", b.mismatches);
	else
		fputs("unchecked", stderr);
	if (!b.ans_open)
		fprintf(stderr, " nopath=%llu", b.nopath);
	fprintf(stderr, " errors=%llu expanded=%llu time=%.6f wall=%.6f"
	    " maxrss=%ld\n", b.errors, b.expanded, b.seconds,
	    monotime() - t0, maxrss_kb());
out:
	if (out_finish(&b.out) != 0)
		b.status = EX_ERROR;	/* whatever else came of it, it was lost */
	if (ln_open)
		lines_close(&ln);
	if (fd != STDIN_FILENO && fd >= 0)
		close(fd);
	if (b.ans_open) {
		answers_close(&b.ans);
		if (b.afd != STDIN_FILENO)
			close(b.afd);
	}
	/*
	 * Only the jobs ever filled: calloc's pages of the others were never
	 * touched, and reading them here took 105 page faults at the exit of
	 * a batch of one scenario (on a virtual machine whose page costs 14
	 * us, 1.4 ms).
	 */
	for (i = 0; i < used; i++)
		free(job[i].path);
	free(job);
	free(diags);
	if (w != NULL)
		for (k = 0; k < nalloc; k++)
			search_free(w[k].search);
	free(w);
	free(derived);
	comps_free(&b.comp);
	map_free(&map);
	return b.status;
}
