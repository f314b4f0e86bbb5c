/* compare.c - --compare: one map under every value of one setting; see compare.h. */
#include <stdio.h>
#include <string.h>

#include "compare.h"
#include "monotime.h"

__extension__ typedef __int128 i128;

/* "yes" when x costs no more than the optimum y, else "no (+excess)". */
static void
excess(char *buf, size_t n, const struct costs *c, const struct search_result *x,
    const struct search_result *y)
{
	i128 d;

	if (cost_compare(c, x->a, x->b, y->a, y->b) <= 0) {
		snprintf(buf, n, "yes");
		return;
	}
	if (c->d_sqrt2 && x->b != y->b) {
		long double v = ((long double)((i128)x->a - (i128)y->a) +
		    (long double)((i128)x->b - (i128)y->b) * 1.41421356237309504880L) *
		    (long double)c->s / COST_MICRO;

		snprintf(buf, n, "no (+%.6Lf)", v);
		return;
	}
	d = ((i128)x->a - (i128)y->a) * (i128)c->s;
	if (!c->d_sqrt2)
		d += ((i128)x->b - (i128)y->b) * (i128)c->d;
	if (d % COST_MICRO == 0)
		snprintf(buf, n, "no (+%llu)", (unsigned long long)(d / COST_MICRO));
	else
		snprintf(buf, n, "no (+%llu.%06llu)", (unsigned long long)(d / COST_MICRO),
		    (unsigned long long)(d % COST_MICRO));
}

struct cmprow {
	char name[32];
	struct search_params p;
	enum search_status rc;
	struct search_result r;
	struct search_result ref;	/* Dijkstra under the same -d and -c */
	double seconds;
};

/* Name k of a --compare list into name; 0 when there is no name k. */
static int
row_name(const char *const *names, int k, char *name)
{
	if (names[k] == NULL)
		return 0;
	snprintf(name, 32, "%s", names[k]);
	return 1;
}

/* The settings of row k of --compare into *o; 0 when there is no row k. */
static int
compare_row(struct options *o, const struct options *base, int k, char *name)
{
	*o = *base;
	switch (base->compare) {
	case CMP_ALGORITHM:
		o->sp.algo = (enum algo)k;
		return row_name(algo_names, k, name);
	case CMP_HEURISTIC:
		o->sp.heur = (enum heur)k;
		o->heur_set = 1;
		return row_name(heur_names, k, name);
	case CMP_TIEBREAK:
		o->sp.tb = (enum tiebreak)k;
		return row_name(tb_names, k, name);
	case CMP_DIAGONAL:
		o->sp.diag = (enum diagrule)k;
		o->diag_set = 1;
		return row_name(diag_names, k, name);
	case CMP_OPENLIST:
		o->sp.ol = (enum ol_kind)k;
		o->ol_set = 1;
		return row_name(ol_names, k, name);
	case CMP_WEIGHT:
		if (k >= base->nweights)
			return 0;
		o->sp.weight = base->weights[k];
		snprintf(name, 32, "%u.%03u", base->weights[k] / 1000, base->weights[k] % 1000);
		/* as in the options: 1, 1.5, 2.125 */
		while (name[strlen(name) - 1] == '0')
			name[strlen(name) - 1] = '\0';
		if (name[strlen(name) - 1] == '.')
			name[strlen(name) - 1] = '\0';
		return 1;
	case CMP_NONE:
	case CMP_COUNT:
		break;
	}
	return 0;
}

#define NCOLS 8
/* The most rows of any --compare: a value of a setting, or a weight, each. */
#define MAX2(a, b) ((int)(a) > (int)(b) ? (int)(a) : (int)(b))
#define NROWS MAX2(MAX2(MAX2(ALGO_COUNT, HEUR_COUNT), MAX2(TB_COUNT, DIAG_COUNT)), \
	MAX2(OL_COUNT, OPT_WEIGHTS_MAX))

/* The diagonal rule the options give on map m. */
static enum diagrule
first_diag(const struct options *o, const struct map *m)
{
	struct search_params p;

	options_params(o, m, &p);
	return p.diag;
}

/*
 * Solve map m from start to goal once for each setting of --compare, and
 * once more with Dijkstra for each diagonal rule met, for the optimum;
 * print one table into begin(arg)'s stream.  Returns 1 when some row has
 * no path, else 0, or before printing anything SEARCH_ENOMEM or
 * SEARCH_ECOSTS (negative), as search_run, or the first row's refusal
 * when no row can run; adds the rows' expansions to *expanded.  begin
 * NULL: print nothing.  begin is called only once the table is sure:
 * the stream it gives has the separator from the record before written
 * into it (out_begin), which a map that ends as an error must not have.
 */
int
compare_table(FILE *(*begin)(void *), void *arg, struct search *s, const struct map *m,
    uint32_t start, uint32_t goal, const struct options *base, const struct render_info *ri,
    unsigned long long *expanded)
{
	static const char *const head[NCOLS] = { "", "cost", "steps", "expanded",
		"generated", "optimum", "optimal", "time" };
	struct cmprow rows[NROWS];
	char cell[NROWS][NCOLS][48];
	size_t width[NCOLS];
	struct search_result ref[DIAG_COUNT];
	int haveref[DIAG_COUNT] = { 0 };
	int nrow, k, c, ncol = base->timing ? NCOLS : NCOLS - 1, status = 0, ran = 0;
	struct options o;
	double t0;
	FILE *fp;

	for (nrow = 0; nrow < NROWS && compare_row(&o, base, nrow, rows[nrow].name); nrow++) {
		struct cmprow *w = &rows[nrow];

		options_params(&o, m, &w->p);
		/* A row that changes the diagonal rule by itself says so (jps). */
		if (base->compare != CMP_DIAGONAL && w->p.diag != first_diag(base, m))
			snprintf(w->name + strlen(w->name), sizeof(w->name) - strlen(w->name),
			    " (-d %s)", diag_names[w->p.diag]);
		t0 = monotime();
		w->rc = search_run(s, &m->grid, start, goal, &w->p, &w->r);
		w->seconds = monotime() - t0;
		switch (w->rc) {
		case SEARCH_OK:
			break;
		case SEARCH_EJPS_MAP:	/* the row's setting refuses the map or options: "n/a" */
		case SEARCH_EJPS_COSTS:
		case SEARCH_ESTEPQ:
			continue;	/* the next row */
		case SEARCH_ENOMEM:	/* any row, any time: no table */
		case SEARCH_ECOSTS:
			return w->rc;
		}
		*expanded += w->r.expanded;
		w->r.path = NULL;	/* the next run reuses it */
		ran++;
	}
	if (ran == 0 && nrow > 0)
		return rows[0].rc;	/* no row can run: the map's error, the first row's reason */
	for (k = 0; k < nrow; k++) {
		struct cmprow *w = &rows[k];
		struct search_params rp = w->p;
		int d = (int)w->p.diag;
		enum search_status rc;

		if (w->rc != SEARCH_OK)
			continue;
		if (!haveref[d]) {
			rp.algo = ALGO_DIJKSTRA;
			rp.heur = H_ZERO;
			rp.weight = 1000;
			if ((rc = search_run(s, &m->grid, start, goal, &rp, &ref[d])) != SEARCH_OK)
				return rc;
			ref[d].path = NULL;
			haveref[d] = 1;
		}
		w->ref = ref[d];
	}

	/* The cells as text, then the widths, then the table. */
	for (k = 0; k < nrow; k++) {
		const struct cmprow *w = &rows[k];
		const struct costs *cs = &w->p.costs;

		snprintf(cell[k][0], 48, "%.31s", w->name);
		if (w->rc != SEARCH_OK) {
			for (c = 1; c < NCOLS; c++)
				strcpy(cell[k][c], "n/a");
			continue;
		}
		if (w->r.found) {
			cost_format(cell[k][1], 48, cs, w->r.a, w->r.b);
			snprintf(cell[k][2], 48, "%zu", w->r.steps);
		} else {
			strcpy(cell[k][1], "-");
			strcpy(cell[k][2], "-");
		}
		snprintf(cell[k][3], 48, "%llu", (unsigned long long)w->r.expanded);
		snprintf(cell[k][4], 48, "%llu", (unsigned long long)w->r.generated);
		if (w->ref.found)
			cost_format(cell[k][5], 48, cs, w->ref.a, w->ref.b);
		else
			strcpy(cell[k][5], "-");
		if (!w->r.found || !w->ref.found)
			strcpy(cell[k][6], w->r.found == w->ref.found ? "-" : "no");
		else
			excess(cell[k][6], 48, cs, &w->r, &w->ref);
		snprintf(cell[k][7], 48, "%.6f", w->seconds);
		if (!w->r.found && status < 1)
			status = 1;
	}
	for (c = 0; c < ncol; c++) {
		width[c] = strlen(c == 0 ? compare_names[base->compare] : head[c]);
		for (k = 0; k < nrow; k++)
			if (strlen(cell[k][c]) > width[c])
				width[c] = strlen(cell[k][c]);
	}
	if (begin == NULL)
		return status;
	fp = begin(arg);
	render_label(fp, ri);
	for (k = -1; k < nrow; k++) {
		for (c = 0; c < ncol; c++) {
			const char *t = k < 0 ? (c == 0 ? compare_names[base->compare] : head[c]) :
			    cell[k][c];
			int left = c == 0 || c == 6;

			if (c > 0)
				fputs("  ", fp);
			if (left && c == ncol - 1)
				fputs(t, fp);
			else
				fprintf(fp, left ? "%-*s" : "%*s", (int)width[c], t);
		}
		putc('\n', fp);
	}
	return status;
}
