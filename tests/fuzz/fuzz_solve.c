/*
 * fuzz_solve.c - libFuzzer target: read small maps, solve them, and check
 * every answer against an independent brute-force optimum.
 *
 * Input: five bytes of options, then a map stream (ASCII or MovingAI).
 *   byte 0  bits 0-1 diagonal rule; bit 2 -d given (else a MovingAI octile
 *           map, or -a jps, means no-corner-cut); bits 3-5 heuristic 0-4,
 *           or 5-7 for the default; bits 6-7 the algorithm (every name in
 *           algo_names)
 *   byte 1  bits 0-1 tie-break; bits 2-3 open list (every name in
 *           ol_names); bits 4-6 the costs (table below); bit 7 an explicit
 *           goal cell instead of the map's Bs
 *   byte 2  bit 0 weight 1.5 (else 1); bits 1-2 label and colour for the
 *           text renderer; bit 3 also check --max-expanded (byte 3
 *           expansions) and --nearest
 *   byte 3  which passable cell is the explicit goal (always on MovingAI)
 *   byte 4  on a MovingAI map, which passable cell is the start
 *
 * Every map of at most MAX_CELLS cells is solved; for each the result
 * must be a legal path under the diagonal rule from the start to a goal,
 * its cost (a, b) recomputed from the path must equal the reported one,
 * and it must be no cheaper than the optimum found by Bellman-Ford over
 * the map as written (exact comparisons of a*S + b*D); when
 * search_no_guarantee() returns NULL it must equal the optimum.  The same
 * search object is reused from map to map, as main.c does; every open list
 * must give the same result, a second run the same again, and the
 * renderers must cope with it.
 */
#include <string.h>

#include "../../src/map.h"
#include "../../src/options.h"
#include "../../src/render.h"
#include "../../src/search.h"
#include "fuzz.h"

#define MAX_CELLS 1024		/* width x height of a map that is solved */
#define MAX_MAPS 8		/* maps solved per input */

static const char *const cost_table[8] = {
	"1,sqrt2", "10,14", "1,1", "1,2", "2.5,3.75", "3,sqrt2", "1,0.5", "1,3"
};

__extension__ typedef __int128 i128;

/* The map as the brute force sees it, from the text alone. */
struct plain {
	int w, h, movingai;
	int terr[MAX_CELLS];	/* 0 blocked, else terrain 1-9 */
	int isgoal[MAX_CELLS];
	int start;
	int npass, pass[MAX_CELLS];	/* passable cells in reading order */
};

static int
terrain_of(int movingai, unsigned char c)
{
	if (movingai)
		return c == '.' || c == 'G' || c == 'S';
	if (c >= '1' && c <= '9')
		return c - '0';
	return c == '.' || c == ' ' || c == 'A' || c == 'B';
}

static void
plain_from_text(const struct map *m, struct plain *p)
{
	int x, y;

	memset(p, 0, sizeof(*p));
	p->w = m->grid.w;
	p->h = m->grid.h;
	p->movingai = m->movingai;
	p->start = -1;
	for (y = 0; y < p->h; y++)
		for (x = 0; x < m->row[y].len; x++) {
			unsigned char c = (unsigned char)m->text[m->row[y].off + (size_t)x];
			int i = y * p->w + x;

			p->terr[i] = terrain_of(m->movingai, c);
			if (!m->movingai && c == 'A')
				p->start = i;
			if (!m->movingai && c == 'B')
				p->isgoal[i] = 1;
		}
	for (y = 0; y < p->w * p->h; y++)
		if (p->terr[y])
			p->pass[p->npass++] = y;
}

static int
passable(const struct plain *p, int x, int y)
{
	return x >= 0 && y >= 0 && x < p->w && y < p->h && p->terr[y * p->w + x] != 0;
}

/* May a step go from (x, y) by (dx, dy)?  pathfind(1), the -d rules. */
static int
step_ok(const struct plain *p, enum diagrule rule, int x, int y, int dx, int dy)
{
	int a, b;

	if ((dx == 0 && dy == 0) || dx < -1 || dx > 1 || dy < -1 || dy > 1)
		return 0;
	if (!passable(p, x + dx, y + dy))
		return 0;
	if (dx == 0 || dy == 0)
		return 1;
	a = passable(p, x + dx, y);
	b = passable(p, x, y + dy);
	switch (rule) {
	case DIAG_NEVER: return 0;
	case DIAG_NO_CORNER_CUT: return a && b;
	case DIAG_NO_SQUEEZE: return a || b;
	case DIAG_ALWAYS: return 1;
	case DIAG_COUNT: break;	/* not a rule */
	}
	return 0;
}

/* Sign of (a1*S + b1*D) - (a2*S + b2*D), exactly. */
static int
cost_cmp(const struct costs *c, uint64_t a1, uint64_t b1, uint64_t a2, uint64_t b2)
{
	i128 da = (i128)a1 - (i128)a2, db = (i128)b1 - (i128)b2, l, r;

	if (!c->d_sqrt2) {
		i128 v = da * (i128)c->s + db * (i128)c->d;

		return (v > 0) - (v < 0);
	}
	/* D = S*sqrt2 and S > 0: the sign of da + db*sqrt2. */
	if (da >= 0 && db >= 0)
		return da > 0 || db > 0;
	if (da <= 0 && db <= 0)
		return -(da < 0 || db < 0);
	l = da * da;
	r = 2 * db * db;	/* never equal to l: sqrt2 is irrational */
	return da > 0 ? (l > r ? 1 : -1) : (l > r ? -1 : 1);
}

/* Bellman-Ford from the start: the cheapest (a, b) to every cell. */
static void
brute(const struct plain *p, enum diagrule rule, const struct costs *c, int start,
    uint64_t *da, uint64_t *db, int *reach)
{
	int changed = 1, rounds = 0, n = p->w * p->h, i, dx, dy;

	memset(reach, 0, sizeof(int) * (size_t)n);
	reach[start] = 1;
	da[start] = db[start] = 0;
	while (changed) {
		changed = 0;
		CHECK(rounds++ <= n);	/* positive costs: no negative cycle */
		for (i = 0; i < n; i++) {
			int x = i % p->w, y = i / p->w;

			if (!reach[i])
				continue;
			for (dy = -1; dy <= 1; dy++)
				for (dx = -1; dx <= 1; dx++) {
					int j = (y + dy) * p->w + x + dx;
					uint64_t na = da[i], nb = db[i];

					if (!step_ok(p, rule, x, y, dx, dy))
						continue;
					if (dx != 0 && dy != 0)
						nb += (uint64_t)p->terr[j];
					else
						na += (uint64_t)p->terr[j];
					if (!reach[j] || cost_cmp(c, na, nb, da[j], db[j]) < 0) {
						reach[j] = 1;
						da[j] = na, db[j] = nb;
						changed = 1;
					}
				}
		}
	}
}

static int
same_result(const struct search_result *a, const struct search_result *b)
{
	if (a->found != b->found || a->expanded != b->expanded ||
	    a->generated != b->generated || a->updated != b->updated)
		return 0;
	if (!a->found)
		return 1;
	return a->goal == b->goal && a->a == b->a && a->b == b->b &&
	    a->steps == b->steps &&
	    memcmp(a->path, b->path, (a->steps + 1) * sizeof(*a->path)) == 0;
}

/* Plain cell index of a padded grid index. */
static int
plain_index(const struct grid *g, uint32_t i)
{
	CHECK(i < g->ncells);
	CHECK(grid_x(g, i) >= 0 && grid_x(g, i) < g->w);
	CHECK(grid_y(g, i) >= 0 && grid_y(g, i) < g->h);
	return grid_y(g, i) * g->w + grid_x(g, i);
}

static uint32_t
padded_index(const struct grid *g, int pi)
{
	return (uint32_t)((size_t)(pi / g->w + 1) * g->stride + (size_t)(pi % g->w) + 1);
}

/* Is the path legal under rule, from the start, and of cost (a, b)? */
static int
path_ok(const struct plain *p, const struct grid *g, enum diagrule rule,
    const struct search_result *r, uint32_t start)
{
	uint64_t a = 0, b = 0;
	size_t st;

	if (r->path[0] != start)
		return 0;
	for (st = 1; st <= r->steps; st++) {
		int u = plain_index(g, r->path[st - 1]), v = plain_index(g, r->path[st]);
		int dx = v % p->w - u % p->w, dy = v / p->w - u / p->w;

		if (!step_ok(p, rule, u % p->w, u / p->w, dx, dy))
			return 0;
		if (dx != 0 && dy != 0)
			b += (uint64_t)p->terr[v];
		else
			a += (uint64_t)p->terr[v];
	}
	return a == r->a && b == r->b;
}

/*
 * --max-expanded=L: the unlimited result when it took at most L
 * expansions, else stopped after exactly L, no goal.  --nearest, when no
 * goal is reached: a legal path to an expanded cell; when the open list
 * ran empty, every reachable cell was expanded, so it is the reachable
 * cell of least obstacle-free distance to a goal, ties by cost (the
 * brute force's), then reading order.
 */
static void
limits(struct search *s, const struct grid *g, const struct plain *p,
    const struct search_params *sp, uint32_t start, uint32_t gi, int goal,
    const struct search_result *full, unsigned lim, const uint64_t *da, const uint64_t *db,
    const int *reach)
{
	struct search_params sl = *sp;
	struct search_result r;
	int k, best = -1;
	uint64_t ba = 0, bb = 0;

	sl.limit_set = 1;
	sl.max_expanded = lim;
	CHECK(search_run(s, g, start, gi, &sl, &r) == 0);
	/* (a goal taken off after exactly lim expansions is found) */
	CHECK(r.found == (full->found && full->expanded <= lim));
	CHECK(r.limited == (full->expanded > lim));
	if (r.limited)
		CHECK(r.expanded == lim && !r.found);
	else
		CHECK(same_result(full, &r) || !full->found);
	if (sp->algo == ALGO_JPS)
		return;
	sl = *sp;
	sl.nearest = 1;
	CHECK(search_run(s, g, start, gi, &sl, &r) == 0);
	CHECK(r.found == full->found && r.partial == !full->found);
	if (r.found)
		return;
	CHECK(path_ok(p, g, sp->diag, &r, start));
	CHECK(reach[plain_index(g, r.goal)]);
	for (k = 0; k < p->w * p->h; k++) {
		int t, x = k % p->w, y = k / p->w;
		uint64_t ka = 0, kb = 0;
		int any = 0;

		if (!reach[k])
			continue;
		for (t = 0; t < p->w * p->h; t++) {
			uint64_t dx, dy, ga, gb;

			if (goal >= 0 ? t != goal : !p->isgoal[t])
				continue;
			dx = (uint64_t)(t % p->w > x ? t % p->w - x : x - t % p->w);
			dy = (uint64_t)(t / p->w > y ? t / p->w - y : y - t / p->w);
			if (sp->diag == DIAG_NEVER)
				ga = dx + dy, gb = 0;
			else
				gb = dx < dy ? dx : dy, ga = (dx < dy ? dy : dx) - gb;
			if (!any || cost_cmp(&sp->costs, ga, gb, ka, kb) < 0)
				ka = ga, kb = gb, any = 1;
		}
		if (best < 0 || cost_cmp(&sp->costs, ka, kb, ba, bb) < 0 ||
		    (cost_cmp(&sp->costs, ka, kb, ba, bb) == 0 &&
		    cost_cmp(&sp->costs, da[k], db[k], da[best], db[best]) < 0))
			best = k, ba = ka, bb = kb;
	}
	CHECK(best >= 0);
	/* the cell; its path's cost is optimal when the search guarantees it */
	if (search_no_guarantee(sp) == NULL) {
		CHECK(plain_index(g, r.goal) == best);
		CHECK(cost_cmp(&sp->costs, r.a, r.b, da[best], db[best]) == 0);
	}
}

static void
solve(struct search *s, struct map *m, const uint8_t *opt)
{
	static struct plain p;
	static uint64_t da[MAX_CELLS], db[MAX_CELLS];
	static int reach[MAX_CELLS], seen[MAX_CELLS];
	static uint32_t path[MAX_CELLS];
	const struct grid *g = &m->grid;
	struct options o;
	struct search_params sp;
	struct search_result r, r2;
	struct render_info ri;
	int nol = 0, nalgo = 0, k, start, uniform = 1, goal = -1, explicit_goal = opt[1] & 0x80, best = -1;
	uint32_t gi;
	size_t st;
	enum search_status rc;
	uint64_t a = 0, b = 0;

	plain_from_text(m, &p);
	if (p.npass == 0)
		return;
	/* The command line these bytes stand for. */
	memset(&o, 0, sizeof(o));
	while (algo_names[nalgo] != NULL)
		nalgo++;
	o.sp.algo = (enum algo)((opt[0] >> 6) % nalgo);
	o.sp.diag = (enum diagrule)(opt[0] & 3);
	o.diag_set = (opt[0] >> 2) & 1;
	o.sp.heur = H_MANHATTAN;
	if (((opt[0] >> 3) & 7) < 5) {
		o.sp.heur = (enum heur)((opt[0] >> 3) & 7);
		o.heur_set = 1;
	}
	o.sp.weight = opt[2] & 1 ? 1500 : 1000;
	o.sp.tb = (enum tiebreak)(opt[1] & 3);
	while (ol_names[nol] != NULL)
		nol++;
	/* 3: the default, which depends on the keys */
	if (((opt[1] >> 2) & 3) < 3) {
		o.sp.ol = (enum ol_kind)((opt[1] >> 2) & 3);
		o.ol_set = 1;
	}
	CHECK(cost_parse(cost_table[(opt[1] >> 4) & 7], &o.sp.costs) == 0);
	options_params(&o, m, &sp);
	if (!o.diag_set && ((m->movingai && strcmp(m->type, "octile") == 0) ||
	    o.sp.algo == ALGO_JPS))
		CHECK(sp.diag == DIAG_NO_CORNER_CUT);
	else
		CHECK(sp.diag == o.sp.diag);
	if (!o.ol_set)
		CHECK(sp.ol == (sp.heur == H_ZERO && sp.algo != ALGO_JPS ? OL_STEP_QUEUES :
		    sp.algo != ALGO_DIJKSTRA && search_no_guarantee(&sp) == NULL ? OL_BUCKETS :
		    OL_QUAD_HEAP));

	start = m->movingai ? p.pass[opt[4] % p.npass] : p.start;
	CHECK(start >= 0);
	if (!m->movingai)
		CHECK(padded_index(g, start) == g->start);
	if (explicit_goal || m->movingai)
		goal = p.pass[opt[3] % p.npass];
	gi = goal >= 0 ? padded_index(g, goal) : SEARCH_MAP_GOALS;

	for (k = 0; k < p.w * p.h; k++)
		if (p.terr[k] > 1)
			uniform = 0;
	CHECK(g->uniform == uniform);
	rc = search_run(s, g, padded_index(g, start), gi, &sp, &r);
	if (sp.algo == ALGO_JPS && !uniform) {
		CHECK(rc == SEARCH_EJPS_MAP);	/* JPS: uniform costs only, under every rule */
		return;
	}
	if (sp.algo == ALGO_JPS && !search_jps_costs(&sp.costs)) {
		CHECK(rc == SEARCH_EJPS_COSTS);	/* and S <= D <= 2S */
		return;
	}
	CHECK(rc == SEARCH_OK);
	brute(&p, sp.diag, &sp.costs, start, da, db, reach);
	/* The optimum over the goals. */
	for (k = 0; k < p.w * p.h; k++)
		if (reach[k] && (goal >= 0 ? k == goal : p.isgoal[k]) &&
		    (best < 0 || cost_cmp(&sp.costs, da[k], db[k], da[best], db[best]) < 0))
			best = k;
	CHECK(r.found == (best >= 0));
	CHECK(r.expanded <= r.generated && r.generated <= (uint64_t)p.npass);
	if (r.found) {
		int end = plain_index(g, r.goal);

		CHECK(r.steps < (size_t)p.npass);
		CHECK(r.path[0] == padded_index(g, start));
		CHECK(r.path[r.steps] == r.goal);
		CHECK(goal >= 0 ? end == goal : p.isgoal[end]);
		memset(seen, 0, sizeof(seen));
		seen[start] = 1;
		for (st = 1; st <= r.steps; st++) {
			int u = plain_index(g, r.path[st - 1]), v = plain_index(g, r.path[st]);
			int dx = v % p.w - u % p.w, dy = v / p.w - u / p.w;

			CHECK(step_ok(&p, sp.diag, u % p.w, u / p.w, dx, dy));
			CHECK(!seen[v]);	/* no cycle */
			seen[v] = 1;
			if (dx != 0 && dy != 0)
				b += (uint64_t)p.terr[v];
			else
				a += (uint64_t)p.terr[v];
		}
		CHECK(a == r.a && b == r.b);
		CHECK(cost_cmp(&sp.costs, r.a, r.b, da[best], db[best]) >= 0);
		if (search_no_guarantee(&sp) == NULL)
			CHECK(cost_cmp(&sp.costs, r.a, r.b, da[best], db[best]) == 0);
		/* A goal is never expanded: the search stops when one is closed. */
		if (r.steps == 0)
			CHECK(r.expanded == 0);
		memcpy(path, r.path, (r.steps + 1) * sizeof(*path));
	}
	/* Every open list pops the same sequence; a second run repeats it. */
	for (k = 0; k <= nol; k++) {
		struct search_params sp2 = sp;

		if (k < nol)
			sp2.ol = (enum ol_kind)k;
		if (sp2.ol == OL_STEP_QUEUES && (sp2.heur != H_ZERO || sp2.algo == ALGO_JPS)) {
			CHECK(search_run(s, g, padded_index(g, start), gi, &sp2, &r2) == SEARCH_ESTEPQ);
			continue;
		}
		CHECK(search_run(s, g, padded_index(g, start), gi, &sp2, &r2) == SEARCH_OK);
		if (r.found)
			r.path = path;	/* the search's buffer was reused */
		CHECK(same_result(&r, &r2));
	}

	if ((opt[2] >> 3) & 1)
		limits(s, g, &p, &sp, padded_index(g, start), gi, goal, &r, opt[3], da, db, reach);

	/* The renderers, last: the text format draws the path into m->text. */
	memset(&ri, 0, sizeof(ri));
	ri.name = "fuzz";
	ri.mapno = 1;
	ri.label = (opt[2] >> 1) & 1;
	ri.color = (opt[2] >> 2) & 1;
	ri.params = &sp;
	ri.noguarantee = search_no_guarantee(&sp);
	render_path(fuzz_devnull(), g, &r2);
	render_moves(fuzz_devnull(), g, &r2);
	if (m->movingai) {
		struct scen_row row;

		memset(&row, 0, sizeof(row));
		row.id = 1;
		row.sx = start % p.w, row.sy = start / p.w;
		row.gx = goal % p.w, row.gy = goal / p.w;
		row.length = "1.5";
		row.mismatch = opt[3] & 1;
		render_scen_tsv(fuzz_devnull(), &row, &r2, &ri);
		render_scen_json(fuzz_devnull(), g, &row, &r2, &ri);
	} else {
		render_json(fuzz_devnull(), m, &r2, &ri);
		render_text(fuzz_devnull(), m, &r2, &ri);
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct mapreader rd;
	struct map map;
	struct diag d;
	struct search *s;
	int fd, rc, n = 0;

	if (size < 5)
		return 0;
	fd = fuzz_fd(data + 5, size - 5);
	memset(&map, 0, sizeof(map));
	CHECK((s = search_new()) != NULL);
	CHECK(mapreader_open(&rd, fd) == 0);
	while (n < MAX_MAPS && (rc = map_read(&rd, &map, &d)) != MAP_EOF) {
		CHECK(rc == MAP_OK || rc == MAP_BAD);
		if (rc != MAP_OK || (size_t)map.grid.w * (size_t)map.grid.h > MAX_CELLS)
			continue;
		solve(s, &map, data);
		n++;
	}
	mapreader_close(&rd);
	map_free(&map);
	search_free(s);
	return 0;
}
