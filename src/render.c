/* render.c - see render.h. */
#include "render.h"

/* The map as read, with the path's inner cells drawn as '*' (into m->text). */
static void
draw_map(FILE *fp, struct map *m, const struct search_result *r)
{
	const struct grid *g = &m->grid;
	size_t k;
	int y;

	if (r->found)
		for (k = 1; k < r->steps; k++) {
			uint32_t i = r->path[k];

			m->text[m->row[grid_y(g, i)].off + (size_t)grid_x(g, i)] = '*';
		}
	for (y = 0; y < g->h; y++) {
		fwrite(m->text + m->row[y].off, 1, (size_t)m->row[y].len, fp);
		putc('\n', fp);
	}
}

void
render_text(FILE *fp, struct map *m, const struct search_result *r,
    const struct render_info *ri)
{
	char cost[48];

	if (ri->label != NULL)
		fprintf(fp, "%s\n", ri->label);
	draw_map(fp, m, r);
	if (r->found) {
		cost_format(cost, sizeof(cost), ri->costs, r->a, r->b);
		fprintf(fp, "cost: %s\nsteps: %zu\ngoal: %d %d\n", cost, r->steps,
		    grid_x(&m->grid, r->goal), grid_y(&m->grid, r->goal));
	} else
		fputs("no path\n", fp);
	fprintf(fp, "expanded: %llu\ngenerated: %llu\nupdated: %llu\n",
	    (unsigned long long)r->expanded, (unsigned long long)r->generated,
	    (unsigned long long)r->updated);
	if (r->found) {
		if (ri->noguarantee == NULL)
			fputs("optimal: yes\n", fp);
		else
			fprintf(fp, "optimal: not guaranteed (%s)\n", ri->noguarantee);
	}
	if (ri->timing)
		fprintf(fp, "time: %.6f\n", ri->seconds);
}

void
render_path(FILE *fp, const struct map *m, const struct search_result *r)
{
	size_t k;

	if (!r->found)
		return;
	for (k = 0; k <= r->steps; k++)
		fprintf(fp, "%d %d\n", grid_x(&m->grid, r->path[k]),
		    grid_y(&m->grid, r->path[k]));
}
