/*
 * pathfind - find the cheapest path from A to the nearest B in grid maps.
 *
 * main.c only wires the modules together: options -> read a map -> solve
 * -> render -> exit status.  See pathfind(1).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "map.h"
#include "options.h"
#include "render.h"
#include "scen.h"
#include "search.h"
#include "img.h"
#include "compare.h"
#include "viz.h"
#include "monotime.h"

/* Exit statuses; the worst one seen wins. */
enum { EX_FOUND = 0, EX_NOPATH = 1, EX_ERROR = 2 };

struct run {
	const struct options *opt;
	struct search *search;
	struct viz *viz;	/* -e, --trace, --scores, --image; else NULL */
	struct map map;
	int status;
	int color;		/* colour the text map */
	int printed;		/* a result is on stdout already */
	unsigned long images;	/* --image files written */
	/* for --summary */
	unsigned long long maps, solved, nopath, errors, expanded;
	double seconds;
};

static void
worse(struct run *run, int status)
{
	if (status > run->status)
		run->status = status;
}

/* One diagnostic: one outcome, status 2. */
static void
error(struct run *run, const char *name, long line, long col, const char *msg)
{
	fprintf(stderr, "pathfind: %s:%ld:%ld: %s\n", name, line, col, msg);
	run->errors++;
	run->maps++;
	worse(run, EX_ERROR);
}

/* A write error on stdout is fatal: the rest of the output would be lost too. */
static void
check_stdout(void)
{
	if (ferror(stdout)) {
		fprintf(stderr, "pathfind: write error on standard output: %s\n",
		    strerror(errno ? errno : EIO));
		exit(EX_ERROR);
	}
}

/*
 * The line of row y of the map in its file: ASCII rows follow the map's
 * first line; MovingAI rows follow its four header lines.
 */
static long
row_line(const struct map *m, int y)
{
	return m->line + (m->movingai ? 4 : 0) + y;
}

/* --start or --goal on map m: on the map and passable.  The cell, or 0. */
static uint32_t
check_point(struct run *run, const char *name, const char *opt, const struct point *pt)
{
	const struct map *m = &run->map;
	const struct grid *g = &m->grid;
	char msg[128];
	uint32_t i;

	if (pt->x >= g->w || pt->y >= g->h) {
		snprintf(msg, sizeof(msg), "%s %d,%d is off the map (%dx%d)", opt, pt->x,
		    pt->y, g->w, g->h);
		error(run, name, m->line, 1, msg);
		return 0;
	}
	i = (uint32_t)((size_t)(pt->y + 1) * g->stride + (size_t)pt->x + 1);
	if (pt->x >= m->row[pt->y].len) {
		snprintf(msg, sizeof(msg), "%s %d,%d is past the end of row %d", opt, pt->x,
		    pt->y, pt->y);
		error(run, name, row_line(m, pt->y), m->row[pt->y].len + 1L, msg);
		return 0;
	}
	if ((g->cell[i] & CELL_COST) == 0) {
		snprintf(msg, sizeof(msg), "%s %d,%d is on a blocked cell", opt, pt->x, pt->y);
		error(run, name, row_line(m, pt->y), pt->x + 1L, msg);
		return 0;
	}
	return i;
}

/*
 * The start and the goal (a cell, or SEARCH_MAP_GOALS for the map's Bs),
 * with --start and --goal applied: the map's A (and with --goal its Bs)
 * become floor in the text and the new ones are drawn as A and B.
 */
static int
endpoints(struct run *run, const char *name, uint32_t *start, uint32_t *goal)
{
	const struct options *o = run->opt;
	struct map *m = &run->map;
	struct grid *g = &m->grid;
	size_t k;

	*start = g->start;
	*goal = SEARCH_MAP_GOALS;
	if (!o->start.set && !o->goal.set)
		return 0;
	if ((o->start.set && (*start = check_point(run, name, "--start", &o->start)) == 0) ||
	    (o->goal.set && (*goal = check_point(run, name, "--goal", &o->goal)) == 0))
		return -1;
	if (!m->movingai) {
		if (o->start.set)
			m->text[m->row[grid_y(g, g->start)].off + (size_t)grid_x(g, g->start)] = '.';
		if (o->goal.set)
			for (k = 0; k < g->ngoal; k++)
				m->text[m->row[grid_y(g, g->goal[k])].off +
				    (size_t)grid_x(g, g->goal[k])] = '.';
	}
	g->start = *start;
	m->text[m->row[o->start.set ? o->start.y : grid_y(g, *start)].off +
	    (size_t)grid_x(g, *start)] = 'A';
	if (o->goal.set)
		m->text[m->row[o->goal.y].off + (size_t)o->goal.x] = 'B';
	return 0;
}

/* The name of the n-th image of the run: FILE, then FILE-2.EXT, FILE-3.EXT... */
static const char *
image_name(const char *file, unsigned long n, char *buf, size_t size)
{
	size_t len = strlen(file) - 4;	/* options checked the ".ext" */

	if (n == 1)
		return file;
	snprintf(buf, size, "%.*s-%lu%s", (int)len, file, n, file + len);
	return buf;
}

/* An image that cannot be written: the map's outcome is this error. */
static void
image_error(struct run *run, const char *file)
{
	fprintf(stderr, "pathfind: %s: cannot write image: %s\n", file,
	    errno == ENOMEM ? "out of memory" : strerror(errno));
	run->errors++;
	run->maps++;
	worse(run, EX_ERROR);
}

/* The map failed before its image was written: remove the empty file. */
static void
image_drop(struct run *run, const char *file, FILE *fp)
{
	if (fp == NULL)
		return;
	fclose(fp);
	remove(file);
	run->images--;
}

/* --compare: one table in place of the result. */
static void
compare(struct run *run, const char *name, uint32_t start, uint32_t goal,
    const struct render_info *ri)
{
	const struct options *o = run->opt;
	int rc;

	if (!o->quiet && run->printed)
		putchar('\n');
	rc = compare_table(o->quiet ? NULL : stdout, run->search, &run->map, start, goal, o,
	    ri, &run->expanded);
	if (rc < 0) {
		error(run, name, run->map.line, 1, search_strerror(rc));
		return;
	}
	run->maps++;
	if (rc == 0)
		run->solved++;
	else
		run->nopath++;
	worse(run, rc);
	if (!o->quiet)
		run->printed = 1;
	check_stdout();
}

static void
solve(struct run *run, const char *name, int mapno, int label)
{
	const struct options *o = run->opt;
	struct map *m = &run->map;
	struct search_result r;
	struct render_info ri, head;
	struct search_params sp;
	uint32_t start, goal;
	double t0 = 0;
	int rc, sep = run->printed;
	char imgbuf[4096];
	const char *img = NULL;
	FILE *imgfp = NULL;

	if (m->movingai && !(o->start.set && o->goal.set)) {
		error(run, name, m->line, 1, o->start.set || o->goal.set ?
		    "a MovingAI map needs both --start and --goal (or its scenarios with -S)" :
		    "a MovingAI map has no start or goal: give its scenarios with -S");
		return;
	}
	if (o->scores && (m->grid.w > VIZ_SCORES_MAX || m->grid.h > VIZ_SCORES_MAX)) {
		char msg[96];

		snprintf(msg, sizeof(msg), "--scores draws maps of at most %dx%d cells; "
		    "this one is %dx%d", VIZ_SCORES_MAX, VIZ_SCORES_MAX, m->grid.w, m->grid.h);
		error(run, name, m->line, 1, msg);
		return;
	}
	if (endpoints(run, name, &start, &goal) != 0)
		return;
	options_params(o, m, &sp);
	memset(&ri, 0, sizeof(ri));
	ri.name = name;
	ri.mapno = mapno;
	ri.label = label;
	ri.color = run->color;
	ri.params = &sp;
	ri.noguarantee = search_no_guarantee(&sp);
	if (o->compare != CMP_NONE) {
		compare(run, name, start, goal, &ri);
		return;
	}
	/*
	 * The image file is created before anything is printed, so that a
	 * file that cannot be written is the map's one outcome.
	 */
	if (o->image != NULL) {
		img = image_name(o->image, run->images + 1, imgbuf, sizeof(imgbuf));
		if ((imgfp = fopen(img, "wb")) == NULL) {
			image_error(run, img);
			return;
		}
		run->images++;
	}
	/*
	 * The trace comes first, after the separator and the label, which viz
	 * prints when the search starts: a search that fails prints nothing.
	 */
	head = ri;
	head.label = ri.label && o->format == FMT_TEXT;
	if (run->viz != NULL && viz_begin(run->viz, run->search, m, start, goal, &sp, o,
	    o->quiet ? NULL : stdout, sep && (o->format == FMT_TEXT || o->format == FMT_PATH),
	    &head) != 0) {
		image_drop(run, img, imgfp);
		error(run, name, m->line, 1, "out of memory");
		return;
	}
	if (o->timing)
		t0 = monotime();
	rc = search_run(run->search, &m->grid, start, goal, &sp, &r);
	if (run->viz != NULL && viz_end(run->viz, rc == 0 ? &r : NULL) != 0 && rc == 0)
		rc = SEARCH_ENOMEM;
	if (rc != 0) {
		image_drop(run, img, imgfp);
		error(run, name, m->line, 1, search_strerror(rc));
		return;
	}
	if (o->trace != TRACE_OFF && !o->quiet) {
		sep = 0;	/* printed before the trace, as was the label */
		ri.label = 0;
	}
	if (imgfp != NULL) {
		rc = viz_image(run->viz, imgfp, img_format_of(img), m, &r);
		if (fclose(imgfp) != 0)
			rc = -1;
		if (rc != 0) {
			image_error(run, img);
			return;
		}
	}
	if (o->timing) {
		ri.timing = 1;
		ri.seconds = monotime() - t0;
		run->seconds += ri.seconds;
	}
	run->maps++;
	run->expanded += r.expanded;
	if (r.found)
		run->solved++;
	else
		run->nopath++;
	worse(run, r.found ? EX_FOUND : EX_NOPATH);
	if (o->quiet)
		return;

	switch (o->format) {
	case FMT_TEXT:
		if (sep)
			putchar('\n');
		if (o->scores)
			viz_scores(stdout, run->viz, m, &r, &ri);
		else if (o->explored)
			viz_explored(stdout, run->viz, m, &r, &ri);
		else
			render_text(stdout, m, &r, &ri);
		break;
	case FMT_JSON:
		render_json(stdout, m, &r, &ri);
		break;
	case FMT_PATH:
		if (sep)
			putchar('\n');
		render_path(stdout, &m->grid, &r);
		break;
	case FMT_MOVES:
		render_moves(stdout, &m->grid, &r);
		break;
	case FMT_COUNT:
		break;
	}
	run->printed = 1;
	check_stdout();
}

/* Solve every map of one input; bad maps are reported and skipped. */
static void
do_input(struct run *run, const char *arg)
{
	const char *name = strcmp(arg, "-") == 0 ? "<stdin>" : arg;
	struct mapreader rd;
	struct diag d;
	int fd, rc, mapno = 0, several = run->opt->nfiles > 1;

	if (strcmp(arg, "-") == 0)
		fd = STDIN_FILENO;
	else if ((fd = open(arg, O_RDONLY)) < 0) {
		char msg[128];

		snprintf(msg, sizeof(msg), "cannot open: %s", strerror(errno));
		error(run, name, 1, 1, msg);
		return;
	}
	if (mapreader_open(&rd, fd) != 0) {
		error(run, name, 1, 1, "out of memory");
		if (fd != STDIN_FILENO)
			close(fd);
		return;
	}
	while ((rc = map_read(&rd, &run->map, &d)) != MAP_EOF) {
		mapno++;
		if (rc != MAP_OK) {
			error(run, name, d.line, d.col, d.msg);
			if (rc == MAP_IOERR)
				break;
			continue;
		}
		/* Label results when the run has several maps (peek for more). */
		if (!several && mapno == 1 && run->opt->format == FMT_TEXT && !run->opt->quiet)
			several = map_more(&rd);
		solve(run, name, mapno, several || mapno > 1);
	}
	mapreader_close(&rd);
	if (fd != STDIN_FILENO)
		close(fd);
}

int
main(int argc, char **argv)
{
	static char *stdin_only[] = { "-", NULL };
	struct options opt;
	struct run run;
	char **files;
	int i, n;

	switch (options_parse(&opt, argc, argv)) {
	case OPT_EXIT_OK:	/* -h, -V: their output may fail too */
		if (fflush(stdout) == 0 && !ferror(stdout))
			return 0;
		fprintf(stderr, "pathfind: write error on standard output: %s\n",
		    strerror(errno ? errno : EIO));
		return EX_ERROR;
	case OPT_USAGE:
		options_usage(stderr, 0);
		return EX_ERROR;
	}
	if (opt.scen != NULL) {
		int st = scen_batch(&opt, opt.scen, opt.nfiles ? opt.files[0] : NULL);

		if (fflush(stdout) != 0 || ferror(stdout)) {
			fprintf(stderr, "pathfind: write error on standard output: %s\n",
			    strerror(errno ? errno : EIO));
			return EX_ERROR;
		}
		return st;
	}
	memset(&run, 0, sizeof(run));
	run.opt = &opt;
	if (opt.color == COLOR_AUTO) {
		const char *nc = getenv("NO_COLOR");

		run.color = isatty(STDOUT_FILENO) && (nc == NULL || *nc == '\0');
	} else
		run.color = opt.color == COLOR_ALWAYS;
	if ((run.search = search_new()) == NULL || ((opt.explored || opt.trace != TRACE_OFF ||
	    opt.scores || opt.image != NULL) && (run.viz = viz_new()) == NULL)) {
		fprintf(stderr, "pathfind: out of memory\n");
		search_free(run.search);
		return EX_ERROR;
	}
	files = opt.nfiles > 0 ? opt.files : stdin_only;
	n = opt.nfiles > 0 ? opt.nfiles : 1;
	for (i = 0; i < n; i++)
		do_input(&run, files[i]);

	map_free(&run.map);
	viz_free(run.viz);
	search_free(run.search);
	if (opt.summary) {
		fprintf(stderr, "pathfind: summary: maps=%llu solved=%llu nopath=%llu "
		    "errors=%llu expanded=%llu", run.maps, run.solved, run.nopath,
		    run.errors, run.expanded);
		if (opt.timing)
			fprintf(stderr, " time=%.6f", run.seconds);
		fputc('\n', stderr);
	}
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "pathfind: write error on standard output: %s\n",
		    strerror(errno ? errno : EIO));
		return EX_ERROR;
	}
	return run.status;
}
