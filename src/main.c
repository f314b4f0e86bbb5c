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
#include <time.h>
#include <unistd.h>

#include "map.h"
#include "options.h"
#include "render.h"
#include "scen.h"
#include "search.h"

/* Exit statuses; the worst one seen wins. */
enum { EX_FOUND = 0, EX_NOPATH = 1, EX_ERROR = 2 };

struct run {
	const struct options *opt;
	struct search *search;
	struct map map;
	int status;
	int color;		/* colour the text map */
	int printed;		/* a result is on stdout already */
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

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
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

static void
solve(struct run *run, const char *name, int mapno, int label)
{
	const struct options *o = run->opt;
	struct search_result r;
	struct render_info ri;
	struct search_params sp;
	double t0 = 0;
	int rc;

	if (run->map.movingai) {
		error(run, name, run->map.line, 1,
		    "a MovingAI map has no start or goal: give its scenarios with -S");
		return;
	}
	options_params(o, &run->map, &sp);
	if (o->timing)
		t0 = now();
	rc = search_run(run->search, &run->map.grid, run->map.grid.start,
	    SEARCH_MAP_GOALS, &sp, &r);
	if (rc != 0) {
		error(run, name, run->map.line, 1, search_strerror(rc));
		return;
	}
	memset(&ri, 0, sizeof(ri));
	if (o->timing) {
		ri.timing = 1;
		ri.seconds = now() - t0;
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

	ri.name = name;
	ri.mapno = mapno;
	ri.label = label;
	ri.color = run->color;
	ri.params = &sp;
	ri.noguarantee = search_no_guarantee(&sp);
	switch (o->format) {
	case FMT_TEXT:
		if (run->printed)
			putchar('\n');
		render_text(stdout, &run->map, &r, &ri);
		break;
	case FMT_JSON:
		render_json(stdout, &run->map, &r, &ri);
		break;
	case FMT_PATH:
		if (run->printed)
			putchar('\n');
		render_path(stdout, &run->map.grid, &r);
		break;
	case FMT_MOVES:
		render_moves(stdout, &run->map.grid, &r);
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
	case OPT_EXIT_OK:
		return fflush(stdout) == 0 && !ferror(stdout) ? 0 : EX_ERROR;
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
	if ((run.search = search_new()) == NULL) {
		fprintf(stderr, "pathfind: out of memory\n");
		return EX_ERROR;
	}
	files = opt.nfiles > 0 ? opt.files : stdin_only;
	n = opt.nfiles > 0 ? opt.nfiles : 1;
	for (i = 0; i < n; i++)
		do_input(&run, files[i]);

	map_free(&run.map);
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
