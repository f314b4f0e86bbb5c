/* options.c - see options.h. */
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "options.h"
#include "render.h"

const char *const algo_names[] = { "astar", "dijkstra", "jps", NULL };
const char *const diag_names[] = { "never", "no-corner-cut", "no-squeeze", "always", NULL };
const char *const heur_names[] = { "manhattan", "octile", "euclidean", "chebyshev", "zero", NULL };
const char *const tb_names[] = { "low-h", "high-h", "lifo", "fifo", NULL };
const char *const ol_names[] = { "binary-heap", "sorted-list", "unsorted-list", "quad-heap",
	"step-queues", "buckets", NULL };
const char *const format_names[] = { "text", "json", "path", "moves", NULL };
const char *const color_names[] = { "never", "always", "auto", NULL };
const char *const check_format_names[] = { "auto", "path", "moves", "json", NULL };
/* Indexed by enum compare; "weight" may carry a list: weight=1,1.5,2. */
const char *const compare_names[] = { "", "algorithm", "heuristic", "tie-break",
	"diagonal", "open-list", "weight", NULL };

/* Each table has a name for every value of its enum, and the NULL. */
#define NAMES(t) (sizeof(t) / sizeof((t)[0]) - 1)
_Static_assert(NAMES(algo_names) == ALGO_COUNT, "algo_names: one for each enum algo");
_Static_assert(NAMES(diag_names) == DIAG_COUNT, "diag_names: one for each enum diagrule");
_Static_assert(NAMES(heur_names) == HEUR_COUNT, "heur_names: one for each enum heur");
_Static_assert(NAMES(tb_names) == TB_COUNT, "tb_names: one for each enum tiebreak");
_Static_assert(NAMES(ol_names) == OL_COUNT, "ol_names: one for each enum ol_kind");
_Static_assert(NAMES(format_names) == FMT_COUNT, "format_names: one for each enum format");
_Static_assert(NAMES(color_names) == COLOR_COUNT, "color_names: one for each enum color");
_Static_assert(NAMES(compare_names) == CMP_COUNT, "compare_names: one for each enum compare");


/*
 * The letters, after a "+" that stops at the first operand, given only
 * when POSIXLY_CORRECT is set: glibc's getopt_long stops there then by
 * itself, musl's reads no variable and would go on (options_parse).
 */
static const char shortopts_posix[] = "+:H:S:TVa:c:d:ef:hj:o:qst:w:";
static const char *const shortopts = shortopts_posix + 1;

/* In alphabetical order: an ambiguous abbreviation lists them so. */
static const struct option longopts[] = {
	{ "algorithm",	required_argument, NULL, 'a' },
	{ "check",	required_argument, NULL, OPT_CHECK },
	{ "check-format", required_argument, NULL, OPT_CHECK_FORMAT },
	{ "color",	optional_argument, NULL, OPT_COLOR },
	{ "colour",	optional_argument, NULL, OPT_COLOR },
	{ "compare",	required_argument, NULL, OPT_COMPARE },
	{ "cost",	required_argument, NULL, 'c' },
	{ "diagonal",	required_argument, NULL, 'd' },
	{ "explored",	no_argument,       NULL, 'e' },
	{ "format",	required_argument, NULL, 'f' },
	{ "goal",	required_argument, NULL, OPT_GOAL },
	{ "help",	no_argument,       NULL, 'h' },
	{ "heuristic",	required_argument, NULL, 'H' },
	{ "image",	required_argument, NULL, OPT_IMAGE },
	{ "jobs",	required_argument, NULL, 'j' },
	{ "label",	no_argument,       NULL, OPT_LABEL },
	{ "max-expanded", required_argument, NULL, OPT_MAX_EXPANDED },
	{ "nearest",	no_argument,       NULL, OPT_NEAREST },
	{ "no-label",	no_argument,       NULL, OPT_NO_LABEL },
	{ "open-list",	required_argument, NULL, 'o' },
	{ "quiet",	no_argument,       NULL, 'q' },
	{ "scenarios",	required_argument, NULL, 'S' },
	{ "scores",	no_argument,       NULL, OPT_SCORES },
	{ "start",	required_argument, NULL, OPT_START },
	{ "summary",	no_argument,       NULL, 's' },
	{ "tie-break",	required_argument, NULL, 't' },
	{ "time",	no_argument,       NULL, 'T' },
	{ "trace",	optional_argument, NULL, OPT_TRACE },
	{ "version",	no_argument,       NULL, 'V' },
	{ "weight",	required_argument, NULL, 'w' },
	{ NULL, 0, NULL, 0 }
};

static const char synopsis[] =
"usage: pathfind [-ehqsTV] [-a algorithm] [-c straight,diagonal] [-d rule]\n"
"                [-f format] [-H heuristic] [-j jobs] [-o open-list]\n"
"                [-t tie-break] [-w weight] [--color[=when]] [--label]\n"
"                [--no-label] [--max-expanded n] [--nearest] [--start x,y]\n"
"                [--goal x,y] [--trace[=open]] [--scores] [--image file]\n"
"                [--compare what] [file ...]\n"
"       pathfind --check=answers [--check-format format] [options] [file ...]\n"
"       pathfind -S scenfile [--check=answers [--check-format format]]\n"
"                [-j jobs] [options] [mapfile]\n";

/*
 * The full help (-h), or after a usage error only a hint: the message
 * already said what was wrong, and the synopsis would bury it.
 */
void
options_usage(FILE *fp, int full)
{
	if (!full) {
		fputs("Try 'pathfind --help' for more information.\n", fp);
		return;
	}
	fputs(synopsis, fp);
	fputs("\n"
"Find the cheapest path from A to the nearest B in ASCII grid maps.\n"
"Maps come from the files, or standard input when there are none or for -;\n"
"maps in one stream are separated by empty lines.\n"
"\n"
"  -a, --algorithm=astar|dijkstra|jps search algorithm (astar); jps: jump point\n"
"                                     search: uniform costs, S <= D <= 2S, and\n"
"                                     -d no-corner-cut unless -d is given\n"
"  -c, --cost=S,D                     straight and diagonal step cost (1,sqrt2);\n"
"                                     D may be sqrt2, meaning S*sqrt(2)\n"
"  -d, --diagonal=RULE                never|no-corner-cut|no-squeeze|always\n"
"                                     (never; MovingAI octile: no-corner-cut)\n"
"  -e, --explored                     mark expanded (x) and open (o) cells in\n"
"                                     the text map, with a legend line\n"
"  -f, --format=text|json|path|moves  output format (text)\n"
"      --color[=auto|always|never]    colour the text map (auto: on a terminal\n"
"                                     whose TERM is set, not empty and not dumb,\n"
"                                     unless NO_COLOR is set and not empty;\n"
"                                     --color = always; also spelt --colour)\n"
"  -H, --heuristic=H                  manhattan|octile|euclidean|chebyshev|zero\n"
"                                     (manhattan with -d never, else octile)\n"
"  -j, --jobs=N                       solve maps or scenarios on N threads (1);\n"
"                                     output in input order, as with -j 1\n"
"      --max-expanded=N               stop each search after N expansions\n"
"                                     (exit status 4 when one was stopped)\n"
"      --nearest                      no goal reached: the path to the cell\n"
"                                     nearest one, as a partial result\n"
"      --label, --no-label            label every text result with its source\n"
"                                     and map number, or none (default: when\n"
"                                     the run has more than one map)\n"
"  -o, --open-list=KIND               binary-heap|sorted-list|unsorted-list|\n"
"                                     quad-heap|step-queues|buckets\n"
"                                     (step-queues with dijkstra, or astar with\n"
"                                     -H zero; buckets with astar or jps when\n"
"                                     optimal; else quad-heap)\n"
"", fp);
	/* (in two: C99 promises string literals of 4095 characters, no more) */
	fputs(
"  -q, --quiet                        print no results; only the exit status\n"
"                                     (errors and -s still on standard error)\n"
"  -s, --summary                      a final summary line on standard error\n"
"  -S, --scenarios=FILE               solve the MovingAI scenarios in FILE\n"
"                                     (- for stdin) on the map beside it or\n"
"                                     mapfile\n"
"  -T, --time                         add search times to the statistics\n"
"  -t, --tie-break=RULE               low-h|high-h|lifo|fifo: the order among\n"
"                                     equal f (low-h)\n"
"  -w, --weight=W                     weighted A*: f = g + W*h, 1 <= W <= 100\n"
"      --start=X,Y, --goal=X,Y        start and single goal at column X, row Y\n"
"                                     (from 0), for any map, MovingAI too\n"
"      --trace[=open]                 log each step (F, G, H, parent) before the\n"
"                                     result; =open adds the open list; JSON\n"
"                                     Lines events with -f json; not path, moves\n"
"      --scores                       draw F, G, H in every cell (40x40 at most)\n"
"      --image=FILE                   draw the search into FILE: .svg, .ppm or\n"
"                                     .png\n"
"      --compare=WHAT                 a table over every algorithm, heuristic,\n"
"                                     tie-break, diagonal, open-list or\n"
"                                     weight=W,W,...\n"
"      --check=FILE                   check the answers in FILE (- for stdin),\n"
"                                     one a map (with -S a scenario): legal?\n"
"                                     cost, optimum, excess\n"
"      --check-format=FORMAT          auto|path|moves|json: the answers' -f\n"
"                                     (auto: told from the first answers)\n"
"  -h, --help                         print this help and exit\n"
"  -V, --version                      print the version and exit\n"
"\n"
"Map: A start, B goal (one or more), # wall, . or space floor, 1-9 terrain cost;\n"
"or a MovingAI map (type/height/width/map header) for -S or --start/--goal.\n"
"Exit status, the highest that applies: 0 all solved, 1 some map has no path,\n"
"2 an error, 3 a scenario cost differs from its published optimum, 4\n"
"--max-expanded stopped a search; with --check: 0 every answer right, 3 some\n"
"answer illegal, costlier than the optimum, wrong or unanswered, 2 an error.\n"
"See pathfind(1).\n", fp);
}

/* Index of name in the NULL-terminated list, or -1. */
static int
lookup(const char *const *names, const char *name)
{
	int i;

	for (i = 0; names[i] != NULL; i++)
		if (strcmp(names[i], name) == 0)
			return i;
	return -1;
}

/* A value refused, escaped as names are, so that it cannot forge a line. */
static int
bad(const char *opt, const char *arg, const char *want)
{
	fprintf(stderr, "pathfind: %s: invalid value '", opt);
	render_name(stderr, arg);
	fprintf(stderr, "' (%s)\n", want);
	return -1;
}

static int
choose(const char *opt, const char *arg, const char *const *names, int *out)
{
	char want[160] = "one of:";
	int i;

	if ((*out = lookup(names, arg)) >= 0)
		return 0;
	for (i = 0; names[i] != NULL; i++) {
		strncat(want, " ", sizeof(want) - strlen(want) - 1);
		strncat(want, names[i], sizeof(want) - strlen(want) - 1);
	}
	return bad(opt, arg, want);
}

/* --start or --goal: "X,Y". */
static int
point_parse(const char *opt, const char *arg, struct point *p)
{
	const char *comma = strchr(arg, ',');

	if (comma == NULL || coord_parse(arg, (size_t)(comma - arg), &p->x) != 0 ||
	    coord_parse(comma + 1, strlen(comma + 1), &p->y) != 0)
		return bad(opt, arg, "X,Y: column and row, whole numbers from 0 to 65535");
	p->set = 1;
	return 0;
}

/* --compare=WHAT: a setting name, or weight=W,W,... */
static int
compare_parse(struct options *o, const char *arg)
{
	static const uint32_t dflt[] = { 1000, 1500, 2000, 3000 };
	const char *p;
	uint64_t w;
	size_t n;
	int v;

	if (strncmp(arg, "weight=", 7) != 0) {
		if (choose("--compare", arg, compare_names + 1, &v) != 0)
			return -1;
		o->compare = (enum compare)(v + 1);
		if (o->compare == CMP_WEIGHT) {
			memcpy(o->weights, dflt, sizeof(dflt));
			o->nweights = (int)(sizeof(dflt) / sizeof(dflt[0]));
		}
		return 0;
	}
	o->compare = CMP_WEIGHT;
	o->nweights = 0;
	for (p = arg + 7;; p += n + 1) {
		n = strcspn(p, ",");
		if (o->nweights == OPT_WEIGHTS_MAX)
			return bad("--compare", arg, "weight=W,W,...: up to 16 weights from 1 to "
			    "100, at most 3 decimals");
		if (decimal_parse_n(p, n, 3, SEARCH_WEIGHT_MAX, &w) != 0 || w < 1000)
			return bad("--compare", arg, "weight=W,W,...: up to 16 weights from 1 to "
			    "100, at most 3 decimals");
		o->weights[o->nweights++] = (uint32_t)w;
		if (p[n] == '\0')
			break;
	}
	return 0;
}

/* --image: the format follows the file name's ending. */
static int
image_name_ok(const char *name)
{
	const char *base = strrchr(name, '/');
	size_t n;

	base = base != NULL ? base + 1 : name;	/* a name before the extension: not dir/.png */
	n = strlen(base);
	return n > 4 && (strcmp(base + n - 4, ".svg") == 0 || strcmp(base + n - 4, ".ppm") == 0 ||
	    strcmp(base + n - 4, ".png") == 0);
}

/*
 * The option a getopt error is about, for the message: a long option as
 * typed (without any "=value"), else the letter (arg NULL: a letter).
 */
static const char *
optname(const char *arg, int letter)
{
	static char buf[64];
	char name[64];

	if (arg != NULL && strncmp(arg, "--", 2) == 0) {
		/* "--=x" names no option: show it whole.  Escaped as names are. */
		snprintf(name, sizeof(name), "%.*s",
		    arg[2] == '=' ? (int)sizeof(name) : (int)strcspn(arg, "="), arg);
		render_name_buf(buf, sizeof(buf), name);
		return buf;
	}
	snprintf(buf, sizeof(buf), "-%c", letter);
	return buf;
}

/*
 * The options whose names start with what a long option typed (up to any
 * "="), in fit[]; names of one option (--color, --colour) count once, as
 * glibc's getopt_long counts them.  Returns how many.
 */
static size_t
long_fits(const char *arg, const struct option **fit)
{
	const struct option *o;
	size_t n = strcspn(arg + 2, "="), k = 0, j;

	for (o = longopts; n > 0 && o->name != NULL; o++) {
		if (strncmp(o->name, arg + 2, n) != 0)
			continue;
		for (j = 0; j < k && (fit[j]->val != o->val || fit[j]->has_arg != o->has_arg); j++)
			;
		if (j == k)
			fit[k++] = o;
	}
	return k;
}

enum { NLONGOPTS = sizeof(longopts) / sizeof(longopts[0]) };

/*
 * A long option getopt_long did not take (it says no more): the option,
 * if what was typed starts only names of that one option.  glibc takes
 * such an abbreviation (--col for --color and --colour); musl's
 * getopt_long calls it ambiguous, and pathfind takes it itself, so that
 * the command line means one thing under either library.  Only for an
 * option whose value, if any, follows "=" (--color, --colour, the one
 * pair of names): getopt_long has moved past the one element, and under
 * musl has moved it before the operands it skipped.
 */
static const struct option *
long_alias(const char *arg)
{
	const struct option *fit[NLONGOPTS];

	if (strncmp(arg, "--", 2) != 0 || long_fits(arg, fit) != 1 ||
	    fit[0]->has_arg != optional_argument)
		return NULL;
	return fit[0];
}

/* Whether v is the value of a long option without a letter (OPT_CHECK...). */
static int
long_val(int v)
{
	const struct option *o;

	for (o = longopts; o->name != NULL; o++)
		if (o->val == v && v > UCHAR_MAX)
			return 1;
	return 0;
}

/* A long option getopt_long did not take: no option starts so, or several do. */
static void
long_refused(const char *arg)
{
	const struct option *fit[NLONGOPTS];
	size_t k = long_fits(arg, fit), j;

	if (k < 2) {
		fprintf(stderr, "pathfind: unknown option %s\n", optname(arg, 0));
		return;
	}
	fprintf(stderr, "pathfind: option %s is ambiguous; possibilities:", optname(arg, 0));
	for (j = 0; j < k; j++)
		fprintf(stderr, " --%s", fit[j]->name);
	fputc('\n', stderr);
}

/* Whether some maps would come from standard input.  See options.h. */
int
options_stdin_maps(const struct options *o)
{
	int k;

	for (k = 0; k < o->nfiles; k++)
		if (strcmp(o->files[k], "-") == 0)
			return 1;
	return o->nfiles == 0;
}

/*
 * The options that cannot go together: -S solves its own starts and goals
 * and prints rows; --compare prints a table in place of the result; -e
 * and --scores draw the text map.
 */
static int
combinations(const struct options *o)
{
	const char *what = NULL, *with = NULL;

	if (o->check_format_set && o->check == NULL) {
		fprintf(stderr, "pathfind: --check-format needs --check\n");
		return OPT_USAGE;
	}
	if (o->scen != NULL) {
		with = "-S";
		what = o->explored ? "-e" : o->trace ? "--trace" : o->scores ? "--scores" :
		    o->image ? "--image" : o->compare ? "--compare" :
		    o->start.set ? "--start" : o->goal.set ? "--goal" :
		    o->sp.limit_set ? "--max-expanded" : o->sp.nearest ? "--nearest" : NULL;
		/* -S --check: a check record a scenario, as --check's (no time) */
		if (what == NULL && o->check != NULL) {
			with = "--check";
			what = o->timing ? "-T" :
			    o->format == FMT_PATH || o->format == FMT_MOVES ? "-f" : NULL;
		}
	} else if (o->check != NULL) {
		with = "--check";
		what = o->explored ? "-e" : o->trace ? "--trace" : o->scores ? "--scores" :
		    o->image ? "--image" : o->compare ? "--compare" : o->timing ? "-T" :
		    o->format == FMT_PATH || o->format == FMT_MOVES ? "-f" :
		    o->sp.limit_set ? "--max-expanded" : o->sp.nearest ? "--nearest" : NULL;
	} else if (o->compare != CMP_NONE) {
		with = "--compare";
		what = o->explored ? "-e" : o->trace ? "--trace" : o->scores ? "--scores" :
		    o->image ? "--image" : o->format != FMT_TEXT ? "-f" :
		    o->sp.limit_set ? "--max-expanded" : o->sp.nearest ? "--nearest" : NULL;
	} else if (o->sp.nearest && o->sp.algo == ALGO_JPS) {
		with = "-a jps";
		what = "--nearest";
	} else if (o->format != FMT_TEXT) {
		with = "-f";
		what = o->explored ? "-e" : o->scores ? "--scores" : NULL;
		/* its log would come between the records: line n is map n there */
		if (what == NULL && o->trace && o->format != FMT_JSON) {
			fprintf(stderr, "pathfind: --trace logs among the results: it needs "
			    "-f text or -f json\n");
			return OPT_USAGE;
		}
	}
	if (what == NULL)
		return OPT_RUN;
	if (strcmp(with, "-f") == 0)
		fprintf(stderr, "pathfind: %s draws the text map: it needs -f text\n", what);
	else if (strcmp(what, "-f") == 0 && strcmp(with, "--check") == 0)
		fprintf(stderr, "pathfind: --check prints check records: it needs -f text or "
		    "-f json\n");
	else if (strcmp(what, "-f") == 0)
		fprintf(stderr, "pathfind: --compare prints a table: it needs -f text\n");
	else
		fprintf(stderr, "pathfind: %s cannot be used with %s\n", what, with);
	return OPT_USAGE;
}

int
options_parse(struct options *o, int argc, char **argv)
{
	uint64_t w;
	int ch, v, posix;

	memset(o, 0, sizeof(*o));
	o->sp.algo = ALGO_ASTAR;
	o->sp.diag = DIAG_NEVER;
	o->sp.heur = H_MANHATTAN;
	o->sp.tb = TB_LOW_H;
	o->sp.ol = OL_QUAD_HEAP;
	o->sp.costs.s = COST_MICRO;
	o->sp.costs.d_sqrt2 = 1;
	o->sp.weight = 1000;
	o->format = FMT_TEXT;
	o->color = COLOR_AUTO;
	o->jobs = 1;

	opterr = 0;		/* we word the messages ourselves */
	posix = getenv("POSIXLY_CORRECT") != NULL;
	while ((ch = getopt_long(argc, argv, posix ? shortopts_posix : shortopts, longopts,
	    NULL)) != -1) {
		const struct option *lo;

		if (ch == '?' && optopt == 0 && (lo = long_alias(argv[optind - 1])) != NULL) {
			char *eq = strchr(argv[optind - 1], '=');

			ch = lo->val;
			optarg = eq != NULL ? eq + 1 : NULL;
		}
		switch (ch) {
		case 'H':
			if (choose("-H", optarg, heur_names, &v) != 0)
				return OPT_USAGE;
			o->sp.heur = (enum heur)v;
			o->heur_set = 1;
			break;
		case 'T':
			o->timing = 1;
			break;
		case 'V':
			printf("pathfind %s\n", VERSION);
			return OPT_EXIT_OK;
		case 'a':
			if (choose("-a", optarg, algo_names, &v) != 0)
				return OPT_USAGE;
			o->sp.algo = (enum algo)v;
			break;
		case 'c':
			if (cost_parse(optarg, &o->sp.costs) != 0) {
				bad("-c", optarg, "S,D: numbers above 0 and at most 1000, "
				    "at most 6 decimals; D may be sqrt2");
				return OPT_USAGE;
			}
			break;
		case 'd':
			if (choose("-d", optarg, diag_names, &v) != 0)
				return OPT_USAGE;
			o->sp.diag = (enum diagrule)v;
			o->diag_set = 1;
			break;
		case 'e':
			o->explored = 1;
			break;
		case 'f':
			if (choose("-f", optarg, format_names, &v) != 0)
				return OPT_USAGE;
			o->format = (enum format)v;
			break;
		case 'S':
			o->scen = optarg;
			break;
		case 'j':
			if (decimal_parse(optarg, 0, OPT_JOBS_MAX, &w) != 0 || w == 0) {
				bad("-j", optarg, "a whole number of threads from 1 to 256");
				return OPT_USAGE;
			}
			o->jobs = (int)w;
			break;
		case 'h':
			options_usage(stdout, 1);
			return OPT_EXIT_OK;
		case 'o':
			if (choose("-o", optarg, ol_names, &v) != 0)
				return OPT_USAGE;
			o->sp.ol = (enum ol_kind)v;
			o->ol_set = 1;
			break;
		case 'q':
			o->quiet = 1;
			break;
		case 's':
			o->summary = 1;
			break;
		case OPT_COLOR:
			if (optarg == NULL)
				o->color = COLOR_ALWAYS;
			else if (choose("--color", optarg, color_names, &v) != 0)
				return OPT_USAGE;
			else
				o->color = (enum color)v;
			break;
		case OPT_TRACE:
			if (optarg == NULL)
				o->trace = TRACE_STEPS;
			else if (strcmp(optarg, "open") == 0)
				o->trace = TRACE_OPEN;
			else {
				bad("--trace", optarg, "only 'open', as --trace=open");
				return OPT_USAGE;
			}
			break;
		case OPT_SCORES:
			o->scores = 1;
			break;
		case OPT_LABEL:
			o->label = LABEL_ALWAYS;
			break;
		case OPT_NO_LABEL:
			o->label = LABEL_NEVER;
			break;
		case OPT_MAX_EXPANDED:
			if (decimal_parse(optarg, 0, OPT_EXPANDED_MAX, &w) != 0) {
				bad("--max-expanded", optarg, "a whole number of expansions from 0 "
				    "to 10^18");
				return OPT_USAGE;
			}
			o->sp.limit_set = 1;
			o->sp.max_expanded = w;
			break;
		case OPT_NEAREST:
			o->sp.nearest = 1;
			break;
		case OPT_IMAGE:
			if (!image_name_ok(optarg)) {
				bad("--image", optarg, "a file name ending in .svg, .ppm or .png");
				return OPT_USAGE;
			}
			o->image = optarg;
			break;
		case OPT_COMPARE:
			if (compare_parse(o, optarg) != 0)
				return OPT_USAGE;
			break;
		case OPT_START:
			if (point_parse("--start", optarg, &o->start) != 0)
				return OPT_USAGE;
			break;
		case OPT_GOAL:
			if (point_parse("--goal", optarg, &o->goal) != 0)
				return OPT_USAGE;
			break;
		case OPT_CHECK:
			if (*optarg == '\0') {
				bad("--check", optarg, "a file of answers, or - for standard input");
				return OPT_USAGE;
			}
			o->check = optarg;
			break;
		case OPT_CHECK_FORMAT:
			if (choose("--check-format", optarg, check_format_names, &v) != 0)
				return OPT_USAGE;
			o->check_format = (enum check_format)v;
			o->check_format_set = 1;
			break;
		case 't':
			if (choose("-t", optarg, tb_names, &v) != 0)
				return OPT_USAGE;
			o->sp.tb = (enum tiebreak)v;
			break;
		case 'w':
			if (decimal_parse(optarg, 3, SEARCH_WEIGHT_MAX, &w) != 0 || w < 1000) {
				bad("-w", optarg, "a number from 1 to 100, at most 3 decimals");
				return OPT_USAGE;
			}
			o->sp.weight = (uint32_t)w;
			break;
		case ':':
			/*
			 * A short option last on the line without its value
			 * (-qa): glibc leaves optind at argc; musl moves it one
			 * past, or, having moved an operand before the cluster
			 * (FILE -qa), leaves NULL at argv[optind - 1].
			 */
			fprintf(stderr, "pathfind: option %s needs a value\n",
			    optname(optind <= argc ? argv[optind - 1] : NULL, optopt));
			return OPT_USAGE;
		default:
			/*
			 * A known option's value in optopt: a long option, given
			 * "=value", that takes none (getopt_long has moved past
			 * it).  Else an unknown letter, which may be inside a
			 * cluster, where optind has not moved: argv[optind - 1]
			 * is then an earlier argument.  A byte past ASCII is a
			 * letter of its own to glibc; musl's getopt decodes it
			 * as a character of the C locale, 0xdf00 plus the byte.
			 */
			if (optopt == 0)	/* getopt_long: unknown or ambiguous */
				long_refused(argv[optind - 1]);
			else if (long_val(optopt) || (optopt != ':' && optopt <= UCHAR_MAX &&
			    strchr(shortopts, optopt) != NULL))
				fprintf(stderr, "pathfind: option %s takes no value\n",
				    optname(argv[optind - 1], optopt));
			else {
				unsigned char b = (unsigned char)(optopt & UCHAR_MAX);
				char c[2] = { (char)b, '\0' };

				/*
				 * A byte past ASCII is one byte of a character
				 * getopt has cut in two: in octal, as control
				 * characters are, not half a character raw.
				 */
				fputs("pathfind: unknown option -", stderr);
				if (b >= 0x80)
					fprintf(stderr, "\\%03o", b);
				else
					render_name(stderr, c);	/* a control character escaped */
				fputc('\n', stderr);
			}
			return OPT_USAGE;
		}
	}
	o->files = argv + optind;
	o->nfiles = argc - optind;
	/* (--compare=algorithm sets -a row by row: its jps row says n/a) */
	if (o->sp.algo == ALGO_JPS && o->compare != CMP_ALGORITHM &&
	    !search_jps_costs(&o->sp.costs)) {
		fprintf(stderr, "pathfind: -a jps needs step costs with S <= D <= 2S\n");
		return OPT_USAGE;
	}
	if (o->scen != NULL && o->nfiles > 1) {
		fprintf(stderr, "pathfind: -S takes at most one map operand\n");
		return OPT_USAGE;
	}
	if (o->scen != NULL && strcmp(o->scen, "-") == 0 && o->nfiles == 1 &&
	    strcmp(o->files[0], "-") == 0) {
		fprintf(stderr, "pathfind: -S -: standard input cannot hold both the "
		    "scenarios and the map\n");
		return OPT_USAGE;
	}
	if (o->check != NULL && o->scen == NULL && strcmp(o->check, "-") == 0 &&
	    options_stdin_maps(o)) {
		fprintf(stderr, "pathfind: --check=-: standard input cannot hold both the "
		    "answers and the maps\n");
		return OPT_USAGE;
	}
	if (o->check != NULL && o->scen != NULL && strcmp(o->check, "-") == 0 &&
	    (strcmp(o->scen, "-") == 0 || (o->nfiles == 1 && strcmp(o->files[0], "-") == 0))) {
		fprintf(stderr, "pathfind: --check=-: standard input cannot hold both the "
		    "answers and the %s\n", strcmp(o->scen, "-") == 0 ? "scenarios" : "map");
		return OPT_USAGE;
	}
	return combinations(o);
}

/*
 * Whether the text map is coloured: --color=always or never as given;
 * auto, the default, only on a terminal that can show colour, and only
 * when the user has not said no: standard output is a terminal, TERM is
 * set, not empty and not "dumb", and NO_COLOR is unset or empty.
 */
int
color_wanted(enum color c)
{
	const char *nc = getenv("NO_COLOR"), *term = getenv("TERM");

	if (c != COLOR_AUTO)
		return c == COLOR_ALWAYS;
	return isatty(STDOUT_FILENO) && (nc == NULL || *nc == '\0') &&
	    term != NULL && *term != '\0' && strcmp(term, "dumb") != 0;
}

/*
 * The search parameters for one map.  Defaults that depend on the map are
 * settled here: a MovingAI "type octile" map means -d no-corner-cut (the
 * benchmark's rule) unless -d was given, and the heuristic follows the
 * diagonal rule unless -H was given.  Dijkstra is A* with h = 0.
 */
void
options_params(const struct options *o, const struct map *m, struct search_params *p)
{
	*p = o->sp;
	if (!o->diag_set && ((m != NULL && m->movingai && strcmp(m->type, "octile") == 0) ||
	    p->algo == ALGO_JPS))
		p->diag = DIAG_NO_CORNER_CUT;
	if (!o->heur_set)
		p->heur = p->diag == DIAG_NEVER ? H_MANHATTAN : H_OCTILE;
	if (p->algo == ALGO_DIJKSTRA) {
		p->heur = H_ZERO;
		p->weight = 1000;
	}
	/*
	 * The fastest list for the keys: step queues for costs from the start
	 * that grow a step at a time (not JPS's, which grow by jumps); buckets
	 * for A*'s and JPS's keys when h is consistent, which keeps them in a
	 * window a step or two wide (A*) or never below the last one taken
	 * (JPS); else the 4-ary heap.
	 */
	if (!o->ol_set) {
		if (p->heur == H_ZERO && p->algo != ALGO_JPS)
			p->ol = OL_STEP_QUEUES;
		else if (p->algo != ALGO_DIJKSTRA && search_no_guarantee(p) == NULL)
			p->ol = OL_BUCKETS;
		else
			p->ol = OL_QUAD_HEAP;
	}
}
