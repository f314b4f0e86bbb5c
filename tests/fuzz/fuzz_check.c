/*
 * fuzz_check.c - libFuzzer target: the answers of --check (check.c), read
 * and walked over a map, judged against the search's optimum, rendered.
 *
 * Input: two bytes say how, then a map, a NUL byte, and the answers.
 *   byte 0  bits 0-1 the diagonal rule; bits 2-4 read(2) size for the
 *           answers (fuzz_chunk_for); bits 5-6 --check-format: auto,
 *           path, moves, json; bit 7 read the answers without the map
 *           (as for a map with an error)
 *   byte 1  bits 0-1 the costs (table below)
 *
 * Checked on every input: each record is read, or fails with a sane
 * position and message (never a read error: the input is a memfd); what
 * a walk reports agrees with the map: an illegal step's cells and reason,
 * a legal path's goal and the bounds of its cost; a legal path never
 * costs less than Dijkstra's optimum, and none exists where there is no
 * path; the verdict, its reason and both renderings cope.
 */
#include <string.h>

#include "../../src/check.h"
#include "../../src/cost.h"
#include "../../src/render.h"
#include "../../src/search.h"
#include "fuzz.h"

#define MAX_CELLS 1024		/* a map searched for the optimum */
#define MAX_RECORDS 64		/* answers read per input */

/* The terrain of (x, y) as the map's text has it: -1 off the map, 0 a wall. */
static int
text_terrain(const struct map *m, long x, long y)
{
	char c;

	if (y < 0 || y >= m->grid.h || x < 0 || x >= m->row[y].len)
		return -1;
	c = m->text[m->row[y].off + (size_t)x];
	if (m->movingai)
		return c == '.' || c == 'G' || c == 'S';
	return c == '#' ? 0 : c >= '1' && c <= '9' ? c - '0' : 1;
}

/* What the walk says of an illegal step agrees with the map. */
static void
check_step(const struct check_map *cm, const struct answer *a)
{
	const struct map *m = cm->map;
	long dx = a->tx - a->fx, dy = a->ty - a->fy;
	int neighbour = dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1 && (dx || dy);

	switch (a->illegal) {
	case ILLEGAL_NONE:
		break;
	case ILLEGAL_START:
		CHECK(a->step == 0);
		CHECK(a->tx != cm->sx || a->ty != cm->sy);
		break;
	case ILLEGAL_NEIGHBOUR:
		CHECK(a->step > 0 && !neighbour);
		break;
	case ILLEGAL_DIAGONAL:
		CHECK(neighbour && dx && dy && cm->rule == DIAG_NEVER);
		break;
	case ILLEGAL_OFF_MAP:
		CHECK(neighbour && text_terrain(m, a->tx, a->ty) < 0);
		break;
	case ILLEGAL_WALL:
		CHECK(neighbour && text_terrain(m, a->tx, a->ty) == 0);
		break;
	case ILLEGAL_CORNER:
		CHECK(neighbour && dx && dy && cm->rule == DIAG_NO_CORNER_CUT);
		CHECK(text_terrain(m, a->px[0], a->py[0]) <= 0);
		CHECK((a->px[0] == a->tx && a->py[0] == a->fy) ||
		    (a->px[0] == a->fx && a->py[0] == a->ty));
		break;
	case ILLEGAL_SQUEEZE:
		CHECK(neighbour && dx && dy && cm->rule != DIAG_ALWAYS && cm->rule != DIAG_NEVER);
		CHECK(text_terrain(m, a->tx, a->fy) <= 0 && text_terrain(m, a->fx, a->ty) <= 0);
		break;
	case ILLEGAL_END:
		CHECK(text_terrain(m, a->tx, a->ty) > 0);
		CHECK(m->text[m->row[a->ty].off + (size_t)a->tx] != 'B');
		break;
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const costs[4] = { "1,sqrt2", "10,14", "1,1", "2.5,3.75" };
	const uint8_t *nul;
	struct mapreader rd;
	struct map map;
	struct answers as;
	struct answer a;
	struct check_map cm;
	struct check_result cr;
	struct search_params sp;
	struct search_result r;
	struct render_info ri;
	struct search *s = NULL;
	struct diag d;
	int fd, rc, k, ok, searched = 0;

	if (size < 3 || (nul = memchr(data + 2, 0, size - 2)) == NULL)
		return 0;
	memset(&map, 0, sizeof(map));
	fd = fuzz_fd(data + 2, (size_t)(nul - (data + 2)));
	CHECK(mapreader_open(&rd, fd) == 0);
	ok = map_read(&rd, &map, &d) == MAP_OK && !map.movingai && !(data[0] & 0x80);
	mapreader_close(&rd);

	memset(&sp, 0, sizeof(sp));
	sp.algo = ALGO_DIJKSTRA;
	sp.diag = (enum diagrule)(data[0] & 3);
	sp.heur = H_ZERO;
	sp.weight = 1000;
	sp.ol = OL_STEP_QUEUES;
	CHECK(cost_parse(costs[data[1] & 3], &sp.costs) == 0);
	if (ok) {
		cm.map = &map;
		cm.rule = sp.diag;
		cm.sx = grid_x(&map.grid, map.grid.start);
		cm.sy = grid_y(&map.grid, map.grid.start);
		cm.gx = cm.gy = -1;
		if ((size_t)map.grid.w * (size_t)map.grid.h <= MAX_CELLS) {
			CHECK((s = search_new()) != NULL);
			CHECK(search_run(s, &map.grid, map.grid.start, SEARCH_MAP_GOALS, &sp, &r) == 0);
			searched = 1;
		}
	}

	fd = fuzz_fd(nul + 1, size - (size_t)(nul + 1 - data));
	fuzz_read_chunk(fd, fuzz_chunk_for((data[0] >> 2) & 7, size));
	CHECK(answers_open(&as, fd, (enum check_format)((data[0] >> 5) & 3)) == 0);
	memset(&ri, 0, sizeof(ri));
	ri.name = "fuzz";
	ri.mapno = 1;
	ri.params = &sp;
	for (k = 0; k < MAX_RECORDS; k++) {
		rc = answers_next(&as, ok ? &cm : NULL, &a, &d);
		CHECK(rc == ANSWER_OK || rc == ANSWER_BAD || rc == ANSWER_END);
		if (rc == ANSWER_END)
			break;
		if (rc == ANSWER_BAD) {
			CHECK(d.line >= 1 && d.col >= 1 && d.msg[0] != '\0');
			continue;
		}
		CHECK(a.line >= 1);
		if (!ok || a.claim != CLAIM_PATH)
			continue;
		check_step(&cm, &a);
		if (a.illegal == ILLEGAL_NONE) {
			CHECK(text_terrain(&map, a.ex, a.ey) > 0);
			CHECK(map.text[map.row[a.ey].off + (size_t)a.ex] == 'B');
			CHECK(a.a + a.b >= a.steps && a.a + a.b <= 9 * a.steps);
		}
		if (!searched)
			continue;
		if (a.illegal == ILLEGAL_NONE) {
			CHECK(r.found);
			CHECK(cost_compare(&sp.costs, a.a, a.b, r.a, r.b) >= 0);
		}
		check_judge(&a, sp.diag, &sp.costs, &r, &cr);
		CHECK(cr.verdict == (a.illegal != ILLEGAL_NONE ? VERDICT_ILLEGAL :
		    cost_compare(&sp.costs, a.a, a.b, r.a, r.b) > 0 ? VERDICT_COSTLIER :
		    VERDICT_RIGHT));
		render_check_text(fuzz_devnull(), &cr, &ri);
		render_check_json(fuzz_devnull(), &map, &cr, &ri);
	}
	answers_left(&as, "map", &d);
	answers_close(&as);
	search_free(s);
	map_free(&map);
	return 0;
}
