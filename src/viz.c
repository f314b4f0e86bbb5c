/* viz.c - see viz.h; every view is described in pathfind(1). */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "img.h"
#include "viz.h"

struct fgh {
	uint64_t f, g, h;
};

struct viz {
	struct search *s;
	const struct grid *g;
	uint32_t start, goal;
	struct search_observer obs;
	/* Per padded cell, grown to the largest map. */
	uint32_t *order;	/* expansion number from 1; 0 unseen, ORDER_OPEN offered */
	struct fgh *fgh;	/* the last F, G, H given (--trace=open, --scores) */
	uint32_t *orderbuf;	/* order and fgh are these, or NULL when not needed */
	struct fgh *fghbuf;
	size_t ordercap, fghcap;
	uint32_t nexp;		/* expansions so far */
	size_t nopen;		/* cells on the open list */
	int nomem;		/* an allocation failed during the search */
	/* --trace */
	int tracing;
	int json;		/* as JSON Lines objects (-f json) */
	FILE *out;		/* where the trace goes, once it has begun */
	struct out *o_out;	/* ... which out_begin says: the record of oc */
	struct outcome *oc;
	int head;		/* the trace's first lines are still to be printed */
	struct render_info ri;	/* ... starting with the label of ri */
	const struct search_params *p;
	enum trace trace;
	uint32_t cur;		/* the cell being expanded */
	uint32_t *parent;	/* each cell's parent as offered (JPS: a jump point) */
	size_t parentcap;
	uint32_t *open;		/* --trace=open: the open list in pop order */
	size_t opencap;
	/* One byte a map cell: the marks of -e, the palette indices of --image. */
	uint8_t *cells;
	size_t cellscap;
};

#define ORDER_OPEN UINT32_MAX

struct viz *
viz_new(void)
{
	return calloc(1, sizeof(struct viz));
}

/* Give back the buffers v keeps from map to map; the next view takes them again. */
void
viz_release(struct viz *v)
{
	free(v->orderbuf);
	free(v->fghbuf);
	free(v->open);
	free(v->parent);
	free(v->cells);
	memset(v, 0, sizeof(*v));	/* as viz_new made it */
}

void
viz_free(struct viz *v)
{
	if (v == NULL)
		return;
	viz_release(v);
	free(v);
}

/* Make *p hold n elements of size sz (contents not kept).  -1 on ENOMEM. */
static int
ensure(void *p, size_t *cap, size_t n, size_t sz)
{
	void *np;

	if (n <= *cap)
		return 0;
	if ((np = malloc(n * sz)) == NULL)
		return -1;
	free(*(void **)p);
	*(void **)p = np;
	*cap = n;
	return 0;
}

/* A key in the user's units: "8", "2.5", "6.828427". */
static const char *
key(const struct viz *v, uint64_t k, char *buf)
{
	search_key_format(v->s, k, buf, 32);
	return buf;
}

/* "(x,y)" of a padded cell. */
static const char *
xy(const struct grid *g, uint32_t i, char *buf)
{
	snprintf(buf, 32, "(%d,%d)", grid_x(g, i), grid_y(g, i));
	return buf;
}

static void
put_fgh(const struct viz *v, uint64_t f, uint64_t g, uint64_t h)
{
	char bf[32], bg[32], bh[32];

	if (v->json)
		fprintf(v->out, ",\"f\":%s,\"g\":%s,\"h\":%s", key(v, f, bf), key(v, g, bg),
		    key(v, h, bh));
	else
		fprintf(v->out, " F=%s G=%s H=%s", key(v, f, bf), key(v, g, bg), key(v, h, bh));
}

/* A cell as JSON: [x,y]. */
static void
put_cell(const struct viz *v, const char *name, uint32_t i)
{
	fprintf(v->out, ",\"%s\":[%d,%d]", name, grid_x(v->g, i), grid_y(v->g, i));
}

/* The parent of cell i as --trace=json has it: [x,y], or null at the start. */
static void
put_parent(const struct viz *v, uint32_t i, uint32_t parent)
{
	if (i == v->start)
		fputs(",\"parent\":null", v->out);
	else
		put_cell(v, "parent", parent);
}

/*
 * The first event of a map's JSON trace: what is searched, where, and
 * under which F, so that a viewer can set up before the steps come.
 */
static void
trace_head_json(struct viz *v)
{
	const struct search_params *p = v->p;
	const struct grid *g = v->g;
	size_t k;

	fputs("{\"trace\":\"search\",\"source\":", v->out);
	json_string(v->out, v->ri.name);
	fprintf(v->out, ",\"map\":%llu,\"width\":%d,\"height\":%d,\"algorithm\":\"%s\"",
	    v->ri.mapno, g->w, g->h, algo_names[p->algo]);
	fputs(",\"weight\":", v->out);
	render_weight(v->out, p->weight);
	put_cell(v, "start", v->start);
	fputs(",\"goals\":[", v->out);
	if (v->goal != SEARCH_MAP_GOALS)
		fprintf(v->out, "[%d,%d]", grid_x(g, v->goal), grid_y(g, v->goal));
	else
		for (k = 0; k < g->ngoal; k++)
			fprintf(v->out, "%s[%d,%d]", k ? "," : "", grid_x(g, g->goal[k]),
			    grid_y(g, g->goal[k]));
	fputs("]}\n", v->out);
}

/*
 * The start of a map's trace, once the search is under way: the empty
 * line between results, the label, and what is searched for.
 */
static void
trace_head(struct viz *v)
{
	const struct search_params *p = v->p;
	const struct grid *g = v->g;
	char b[32];

	if (!v->head)
		return;
	v->head = 0;
	v->out = out_begin(v->o_out, v->oc);
	if (v->json) {
		trace_head_json(v);
		return;
	}
	render_label(v->out, &v->ri);
	fprintf(v->out, "trace: %s from %s to ", p->algo == ALGO_DIJKSTRA ?
	    "Dijkstra" : p->algo == ALGO_JPS ? "JPS" : "A*", xy(g, v->start, b));
	if (v->goal != SEARCH_MAP_GOALS)
		fputs(xy(g, v->goal, b), v->out);
	else if (g->ngoal == 1)
		fputs(xy(g, g->goal[0], b), v->out);
	else
		fprintf(v->out, "the nearest of %zu goals", g->ngoal);
	if (p->algo == ALGO_DIJKSTRA || p->heur == H_ZERO)
		fputs(", F = G (H = 0)\n", v->out);
	else if (p->weight == 1000)
		fputs(", F = G + H\n", v->out);
	else {
		fputs(", F = G + ", v->out);
		render_weight(v->out, p->weight);
		fputs("*H\n", v->out);
	}
}

static void
on_expand(void *arg, uint32_t cell, uint64_t f, uint64_t g, uint64_t h)
{
	struct viz *v = arg;
	char b[32];

	v->nexp++;
	v->nopen--;
	v->cur = cell;
	if (v->order != NULL)
		v->order[cell] = v->nexp;
	if (v->fgh != NULL) {
		v->fgh[cell].f = f;
		v->fgh[cell].g = g;
		v->fgh[cell].h = h;
	}
	if (!v->tracing)
		return;
	trace_head(v);
	if (v->json) {
		fprintf(v->out, "{\"trace\":\"expand\",\"step\":%lu", (unsigned long)v->nexp);
		put_cell(v, "cell", cell);
		put_fgh(v, f, g, h);
		put_parent(v, cell, v->parent[cell]);
		fputs("}\n", v->out);
		return;
	}
	fprintf(v->out, "step %lu: current %s", (unsigned long)v->nexp, xy(v->g, cell, b));
	put_fgh(v, f, g, h);
	if (cell == v->start)
		fputs(", parent none\n", v->out);
	else
		fprintf(v->out, ", parent %s\n", xy(v->g, v->parent[cell], b));
}

static void
on_offer(void *arg, uint32_t cell, int improved, uint64_t f, uint64_t g, uint64_t h)
{
	struct viz *v = arg;
	char b[32];

	if (cell == v->start && v->nexp == 0 && !improved) {
		/* the start, added before any step: counted (viz_begin), not traced */
		if (v->order != NULL)
			v->order[cell] = ORDER_OPEN;
		if (v->fgh != NULL) {
			v->fgh[cell].f = f;
			v->fgh[cell].g = g;
			v->fgh[cell].h = h;
		}
		return;
	}
	if (!improved)
		v->nopen++;
	if (v->order != NULL && !improved)
		v->order[cell] = ORDER_OPEN;
	if (v->fgh != NULL) {
		v->fgh[cell].f = f;
		v->fgh[cell].g = g;
		v->fgh[cell].h = h;
	}
	if (!v->tracing)
		return;
	v->parent[cell] = v->cur;
	if (v->json) {
		fprintf(v->out, "{\"trace\":\"%s\"", improved ? "update" : "add");
		put_cell(v, "cell", cell);
		put_fgh(v, f, g, h);
		put_cell(v, "parent", v->cur);
		fputs("}\n", v->out);
		return;
	}
	fprintf(v->out, "  %s %s", improved ? "update" : "add", xy(v->g, cell, b));
	put_fgh(v, f, g, h);
	fprintf(v->out, ", parent %s\n", xy(v->g, v->cur, b));
}

/* --trace=open: the open list after the step, in pop order, as F/G/H. */
static void
on_done(void *arg)
{
	struct viz *v = arg;
	char b[32], bf[32], bg[32], bh[32];
	size_t k, n;

	if (!v->tracing || v->trace != TRACE_OPEN || v->nomem)
		return;
	n = v->nopen > 0 ? search_open_cells(v->s, v->open, v->nopen) : 0;
	if (n == 0 && v->nopen > 0) {
		v->nomem = 1;	/* it could not sort a copy: the trace stops here */
		return;
	}
	if (v->json) {
		fputs("{\"trace\":\"open\",\"open\":[", v->out);
		for (k = 0; k < n; k++) {
			const struct fgh *e = &v->fgh[v->open[k]];

			fprintf(v->out, "%s{\"cell\":[%d,%d]", k ? "," : "",
			    grid_x(v->g, v->open[k]), grid_y(v->g, v->open[k]));
			put_fgh(v, e->f, e->g, e->h);
			putc('}', v->out);
		}
		fputs("]}\n", v->out);
		return;
	}
	fputs("  open:", v->out);
	if (n == 0)
		fputs(" empty", v->out);
	for (k = 0; k < n; k++) {
		const struct fgh *e = &v->fgh[v->open[k]];

		fprintf(v->out, "%s %s %s/%s/%s", k ? "," : "", xy(v->g, v->open[k], b),
		    key(v, e->f, bf), key(v, e->g, bg), key(v, e->h, bh));
	}
	putc('\n', v->out);
}

int
viz_begin(struct viz *v, struct search *s, const struct map *m, uint32_t start,
    uint32_t goal, const struct search_params *p, const struct options *o,
    struct out *out, struct outcome *oc, const struct render_info *ri)
{
	const struct grid *g = &m->grid;

	v->s = s;
	v->g = g;
	v->start = start;
	v->goal = goal;
	v->p = p;
	v->head = 1;
	v->ri = *ri;
	v->nexp = 0;
	v->nopen = 1;		/* the start */
	v->nomem = 0;
	v->tracing = o->trace != TRACE_OFF && !o->quiet;
	v->json = o->format == FMT_JSON;
	v->out = NULL;
	v->o_out = out;
	v->oc = oc;
	v->trace = o->trace;
	v->cur = start;
	v->order = NULL;
	v->fgh = NULL;
	if (o->explored || o->scores || o->image != NULL) {
		if (ensure(&v->orderbuf, &v->ordercap, g->ncells, sizeof(*v->order)) != 0)
			return -1;
		v->order = v->orderbuf;
		memset(v->order, 0, g->ncells * sizeof(*v->order));
	}
	if (o->scores || (v->tracing && o->trace == TRACE_OPEN)) {
		if (ensure(&v->fghbuf, &v->fghcap, g->ncells, sizeof(*v->fgh)) != 0)
			return -1;
		v->fgh = v->fghbuf;
		memset(&v->fgh[start], 0, sizeof(v->fgh[start]));	/* when it is the goal */
	}
	/* Everything is allocated here, so that the views cannot fail later. */
	if (v->tracing && ensure(&v->parent, &v->parentcap, g->ncells, sizeof(*v->parent)) != 0)
		return -1;
	if (v->tracing && o->trace == TRACE_OPEN &&
	    ensure(&v->open, &v->opencap, g->ncells, sizeof(*v->open)) != 0)
		return -1;
	if ((o->explored || o->scores || o->image != NULL) &&
	    ensure(&v->cells, &v->cellscap, (size_t)g->w * (size_t)g->h, 1) != 0)
		return -1;
	if (v->order == NULL && v->fgh == NULL && !v->tracing)
		return 0;	/* nothing to watch: the search runs at full speed */
	v->obs.expand = on_expand;
	v->obs.offer = on_offer;
	v->obs.done = on_done;
	v->obs.arg = v;
	search_observe(s, &v->obs);
	return 0;
}

/*
 * The goal's pop ends the search: the trace ends with it, or with no path.
 * r is NULL when the search failed.  -1 when memory ran out during the
 * search (the trace is then cut short).
 */
int
viz_end(struct viz *v, const struct search_result *r)
{
	char b[32], bg[32];
	uint64_t g;

	search_observe(v->s, NULL);
	if (v->nomem)
		return -1;
	if (!v->tracing || r == NULL)
		return 0;
	trace_head(v);
	if (v->json) {
		if (!r->found) {
			fprintf(v->out, "{\"trace\":\"%s\",\"step\":%lu}\n",
			    r->limited ? "limit" : "no-path", (unsigned long)v->nexp + 1);
			return 0;
		}
		search_cell(v->s, r->goal, &g);
		fprintf(v->out, "{\"trace\":\"goal\",\"step\":%lu", (unsigned long)v->nexp + 1);
		put_cell(v, "cell", r->goal);
		put_fgh(v, g, g, 0);
		put_parent(v, r->goal, v->parent[r->goal]);
		fputs("}\n", v->out);
		return 0;
	}
	if (!r->found) {
		fprintf(v->out, r->limited ? "step %lu: --max-expanded reached: stopped\n" :
		    "step %lu: the open list is empty: no path\n", (unsigned long)v->nexp + 1);
		return 0;
	}
	search_cell(v->s, r->goal, &g);
	key(v, g, bg);	/* H = 0 at a goal, so F = G */
	fprintf(v->out, "step %lu: goal %s F=%s G=%s H=0", (unsigned long)v->nexp + 1,
	    xy(v->g, r->goal, b), bg, bg);
	if (r->goal == v->start)
		fputs(", parent none", v->out);
	else
		fprintf(v->out, ", parent %s", xy(v->g, v->parent[r->goal], b));
	fputs(": path found\n", v->out);
	return 0;
}

/*
 * What the search left in cell i, as search_cell says, but from what the
 * observer recorded: reading the search's own state for every cell would
 * touch all of its memory, which on a large map costs more than the search.
 */
static int
cell_state(const struct viz *v, const struct search_result *r, uint32_t i)
{
	if (r->found && i == r->goal)
		return SEARCH_CLOSED;
	return v->order[i] == 0 ? SEARCH_UNSEEN : v->order[i] == ORDER_OPEN ? SEARCH_OPEN :
	    SEARCH_CLOSED;
}

/*
 * The marks of -e into v->cells: closed cells other than the goal reached
 * in the third of the expansion order they belong to, open cells as open.
 */
static int
explored_marks(struct viz *v, const struct map *m, const struct search_result *r)
{
	const struct grid *g = &m->grid;
	size_t n = (size_t)g->w * (size_t)g->h;
	uint8_t *c;
	int x, y, st;

	if (ensure(&v->cells, &v->cellscap, n, 1) != 0)
		return -1;
	c = v->cells;
	for (y = 0; y < g->h; y++)
		for (x = 0; x < g->w; x++, c++) {
			uint32_t i = grid_index(g, x, y), k;

			st = cell_state(v, r, i);
			if (st == SEARCH_OPEN)
				*c = MARK_OPEN;
			else if (st == SEARCH_CLOSED && !(r->found && i == r->goal)) {
				k = (uint32_t)((uint64_t)(v->order[i] - 1) * MARK_SHADES / r->expanded);
				*c = (uint8_t)(MARK_CLOSED1 + k);
			} else
				*c = MARK_NONE;
		}
	return 0;
}

/* " + " between the non-zero parts of a count: "A + 8 * + 3 x". */
static void
put_parts(FILE *fp, const unsigned long long *n, const char *const *what, int k)
{
	int i, any = 0;

	for (i = 0; i < k; i++) {
		if (n[i] == 0)
			continue;
		fputs(any ? " + " : " ", fp);
		if (strcmp(what[i], "A") == 0)
			fputs("A", fp);
		else
			fprintf(fp, "%llu %s", n[i], what[i]);
		any = 1;
	}
	if (!any)
		fputs(" none", fp);
}

/*
 * The legend of -e and --scores: what was expanded and what is open, by
 * the character each is drawn with, so the counts can be checked against
 * the statistics.
 */
static void
legend(FILE *fp, const struct map *m, const struct search_result *r, const uint8_t *marks)
{
	static const char *const cw[] = { "A", "*", "x" }, *const ow[] = { "A", "*", "o", "B" };
	const struct grid *g = &m->grid;
	unsigned long long closed[3] = { 0, 0, 0 }, open[4] = { 0, 0, 0, 0 }, nc = 0, no = 0;
	int x, y;

	for (y = 0; y < g->h; y++)
		for (x = 0; x < g->w; x++) {
			int mk = marks[(size_t)y * (size_t)g->w + (size_t)x];
			char ch;

			if (mk == MARK_NONE)
				continue;	/* (cells past a short row's end are never marked) */
			ch = m->text[m->row[y].off + (size_t)x];
			/*
			 * Open: the start (--max-expanded=0), a path cell (-a
			 * jps: a jump point the path passes, not expanded), or
			 * drawn o or B.
			 */
			if (mk == MARK_OPEN) {
				open[ch == 'A' ? 0 : ch == '*' ? 1 : ch == 'B' ? 3 : 2]++;
				no++;
			} else {
				closed[ch == 'A' ? 0 : ch == '*' ? 1 : 2]++;
				nc++;
			}
		}
	fprintf(fp, "legend: x expanded, o open; expanded %llu =", nc);
	put_parts(fp, closed, cw, 3);
	fprintf(fp, "; open %llu =", no);
	put_parts(fp, open, ow, 4);
	if (r->found)
		fputs("; the goal is closed, not expanded", fp);
	putc('\n', fp);
}

void
viz_explored(FILE *fp, struct viz *v, struct map *m, const struct search_result *r,
    const struct render_info *ri)
{
	render_label(fp, ri);
	if (v->order == NULL || explored_marks(v, m, r) != 0) {
		/* Without memory for the marks, the plain map. */
		render_map(fp, m, r, NULL, ri->color);
		render_stats(fp, m, r, ri);
		return;
	}
	render_draw_path(m, r);
	render_map(fp, m, r, v->cells, ri->color);
	legend(fp, m, r, v->cells);
	render_stats(fp, m, r, ri);
}

/*
 * --scores: every cell a box, as in the tutorial's figures: F top left,
 * G bottom left, H bottom right, and in the top right corner what -e
 * would draw there.  Walls are filled with '#'; cells never reached show
 * their map character.
 */
void
viz_scores(FILE *fp, struct viz *v, struct map *m, const struct search_result *r,
    const struct render_info *ri)
{
	const struct grid *g = &m->grid;
	char bf[32], bg[32], bh[32];
	size_t wc = 5, n;
	int x, y, line;

	render_label(fp, ri);
	if (v->fgh == NULL || v->order == NULL || explored_marks(v, m, r) != 0) {
		render_map(fp, m, r, NULL, ri->color);
		render_stats(fp, m, r, ri);
		return;
	}
	render_draw_path(m, r);
	/* The box width: the widest "F ?" or "G H" of any cell reached. */
	for (y = 0; y < g->h; y++)
		for (x = 0; x < g->w; x++) {
			const struct fgh *e = &v->fgh[grid_index(g, x, y)];

			if (cell_state(v, r, grid_index(g, x, y)) == SEARCH_UNSEEN)
				continue;
			if ((n = strlen(key(v, e->f, bf)) + 2) > wc)
				wc = n;
			if ((n = strlen(key(v, e->g, bg)) + 1 + strlen(key(v, e->h, bh))) > wc)
				wc = n;
		}
	for (y = 0; y <= g->h; y++) {
		for (x = 0; x < g->w; x++) {
			putc('+', fp);
			for (n = 0; n < wc; n++)
				putc('-', fp);
		}
		fputs("+\n", fp);
		if (y == g->h)
			break;
		for (line = 0; line < 2; line++) {
			for (x = 0; x < g->w; x++) {
				uint32_t i = grid_index(g, x, y);
				const struct fgh *e = &v->fgh[i];
				int mk = v->cells[(size_t)y * (size_t)g->w + (size_t)x];
				char ch = x < m->row[y].len ? m->text[m->row[y].off + (size_t)x] : ' ';
				int len;

				putc('|', fp);
				if ((g->cell[i] & CELL_COST) == 0) {
					for (n = 0; n < wc; n++)
						putc(x < m->row[y].len ? '#' : ' ', fp);
				} else if (cell_state(v, r, i) == SEARCH_UNSEEN) {
					/* (its mark coloured: a goal not reached, a JPS path's cell) */
					for (n = 0; n < wc; n++)
						if (line == 0 && n == wc / 2 && (ch == 'A' || ch == 'B' || ch == '*'))
							render_cell_char(fp, ch, MARK_NONE, ri->color);
						else
							putc(line == 0 && n == wc / 2 ? ch : ' ', fp);
				} else if (line == 0) {
					len = fprintf(fp, "%s", key(v, e->f, bf));
					for (n = (size_t)len; n < wc - 1; n++)
						putc(' ', fp);
					render_cell_char(fp, ch, mk, ri->color);
				} else {
					key(v, e->g, bg);
					key(v, e->h, bh);
					fprintf(fp, "%s%*s", bg, (int)(wc - strlen(bg)), bh);
				}
			}
			fputs("|\n", fp);
		}
	}
	fputs("scores: F top left, G bottom left, H bottom right\n", fp);
	legend(fp, m, r, v->cells);
	render_stats(fp, m, r, ri);
}

/*
 * --image colours (see pathfind(1)): palette index t for terrain t (0 a
 * wall), then open, path, start, goal, and the closed cells in 64 shades
 * from light blue (expanded first) to deep blue (expanded last).
 */
enum { P_WALL = 0, P_OPEN = 10, P_PATH, P_START, P_GOAL, P_CLOSED, P_NCLOSED = 64 };

static pthread_once_t palette_once = PTHREAD_ONCE_INIT;	/* drawn from -j threads */
static uint8_t palette[P_CLOSED + P_NCLOSED][3] = {
	{ 40, 44, 52 },
	{ 255, 255, 255 },
	[P_OPEN] = { 134, 239, 172 },
	[P_PATH] = { 250, 204, 21 },
	[P_START] = { 22, 163, 74 },
	[P_GOAL] = { 220, 38, 38 },
};

static void
palette_fill(void)
{
	int t, k;

	for (t = 2; t <= 9; t++) {	/* tan, darker for dearer terrain */
		palette[t][0] = (uint8_t)(255 - 12 * (t - 1));
		palette[t][1] = (uint8_t)(240 - 18 * (t - 1));
		palette[t][2] = (uint8_t)(200 - 20 * (t - 1));
	}
	for (k = 0; k < P_NCLOSED; k++) {	/* (191,219,254) to (37,99,235) */
		palette[P_CLOSED + k][0] = (uint8_t)(191 - (191 - 37) * k / (P_NCLOSED - 1));
		palette[P_CLOSED + k][1] = (uint8_t)(219 - (219 - 99) * k / (P_NCLOSED - 1));
		palette[P_CLOSED + k][2] = (uint8_t)(254 - (254 - 235) * k / (P_NCLOSED - 1));
	}
}

/* Pixels a cell: 512 / the longer side, from 1 to 16. */
static int
image_scale(const struct grid *g)
{
	int side = g->w > g->h ? g->w : g->h, s = 512 / side;

	return s < 1 ? 1 : s > 16 ? 16 : s;
}

/* The picture of --image into fp, in format fmt (enum img_format).  0, or -1 and errno. */
int
viz_image(struct viz *v, FILE *fp, int fmt, struct map *m, const struct search_result *r)
{
	const struct grid *g = &m->grid;
	size_t n = (size_t)g->w * (size_t)g->h, k;
	struct img im;
	uint8_t *c;
	int x, y;

	pthread_once(&palette_once, palette_fill);
	if (ensure(&v->cells, &v->cellscap, n, 1) != 0)
		return -1;
	c = v->cells;
	for (y = 0; y < g->h; y++)
		for (x = 0; x < g->w; x++, c++) {
			uint32_t i = grid_index(g, x, y);
			uint32_t nth = v->order[i];

			*c = (uint8_t)(g->cell[i] & CELL_COST);
			if (nth == ORDER_OPEN)
				*c = P_OPEN;
			else if (nth > 0)	/* the first expanded shade 0, the last the last */
				*c = (uint8_t)(P_CLOSED + (r->expanded < 2 ? 0 :
				    (uint64_t)(nth - 1) * (P_NCLOSED - 1) / (r->expanded - 1)));
		}
	/* the path as the text map draws it: with --nearest, to the cell nearest */
	if (r->found || r->partial)
		for (k = 1; k < r->steps + (size_t)r->partial; k++)
			v->cells[(size_t)grid_y(g, r->path[k]) * (size_t)g->w +
			    (size_t)grid_x(g, r->path[k])] = P_PATH;
	/* the goals over the start, as the text map's B over A (--goal on A) */
	v->cells[(size_t)grid_y(g, v->start) * (size_t)g->w + (size_t)grid_x(g, v->start)] = P_START;
	if (v->goal != SEARCH_MAP_GOALS)
		v->cells[(size_t)grid_y(g, v->goal) * (size_t)g->w + (size_t)grid_x(g, v->goal)] = P_GOAL;
	else
		for (k = 0; k < g->ngoal; k++)
			v->cells[(size_t)grid_y(g, g->goal[k]) * (size_t)g->w +
			    (size_t)grid_x(g, g->goal[k])] = P_GOAL;
	im.w = g->w;
	im.h = g->h;
	im.scale = image_scale(g);
	im.cell = v->cells;
	im.pal = (const uint8_t (*)[3])palette;
	return img_write(fp, fmt, &im);
}
