/* render.c - see render.h; the formats are described in pathfind(1). */
#include <string.h>

#include "check.h"
#include "options.h"
#include "render.h"

/*
 * Colour classes for the text map: the SGR parameters of each.  Only codes
 * every terminal knows; each run of one class gets one escape, and every
 * row ends reset.  The explored classes (-e) follow the order of
 * expansion: bright cyan for the first third, cyan for the second, blue
 * for the last; open cells are bright magenta.
 */
enum { C_PLAIN, C_PATH, C_START, C_GOAL, C_WALL, C_LOW, C_MID, C_HIGH,
	C_OPEN, C_CLOSED1, C_CLOSED2, C_CLOSED3, C_COUNT };
static const char *const sgr[] = {
	"0", "1;33", "1;32", "1;31",
	"90", "36", "34", "35",
	"95", "96", "36", "34"
};
_Static_assert(sizeof(sgr) / sizeof(sgr[0]) == C_COUNT, "sgr: one for each colour class");
#define C_BOLD(c) ((c) >= C_PATH && (c) <= C_GOAL)

/*
 * Switch from class cur to class c.  A class has a colour and maybe bold,
 * and setting a colour does not undo bold: after a bold class a plain one
 * starts with a reset (0;), so that the path's bold never carries into
 * the next cell.  Every other change sets all that differs.
 */
static void
put_sgr(FILE *fp, int cur, int c)
{
	fprintf(fp, "\033[%s%sm", C_BOLD(cur) && !C_BOLD(c) && c != C_PLAIN ? "0;" : "", sgr[c]);
}

static int
color_class(char ch)
{
	switch (ch) {
	case '*': return C_PATH;
	case 'A': return C_START;
	case 'B': return C_GOAL;
	case '#': return C_WALL;
	case '@': case 'O': case 'T': case 'W': return C_WALL;	/* MovingAI */
	case '1': case '2': case '3': return C_LOW;
	case '4': case '5': case '6': return C_MID;
	case '7': case '8': case '9': return C_HIGH;
	}
	return C_PLAIN;
}

/* The character and colour class of a cell with its mark (see render.h). */
static int
marked(char *ch, int mark)
{
	if (mark == MARK_NONE || *ch == 'A' || *ch == 'B' || *ch == '*')
		return color_class(*ch);
	*ch = mark == MARK_OPEN ? 'o' : 'x';
	return mark == MARK_OPEN ? C_OPEN : C_CLOSED1 + (mark - MARK_CLOSED1);
}

static void
put_row(FILE *fp, const char *s, const uint8_t *marks, int n, int color)
{
	int x, cur = C_PLAIN, c;
	char ch;

	if (!color && marks == NULL) {
		fwrite(s, 1, (size_t)n, fp);
		putc('\n', fp);
		return;
	}
	for (x = 0; x < n; x++) {
		ch = s[x];
		c = marks != NULL ? marked(&ch, marks[x]) : color_class(ch);
		if (color && c != cur) {
			put_sgr(fp, cur, c);
			cur = c;
		}
		putc(ch, fp);
	}
	if (cur != C_PLAIN)
		put_sgr(fp, cur, C_PLAIN);
	putc('\n', fp);
}

/* One character of a cell with its mark, coloured alone (--scores). */
void
render_cell_char(FILE *fp, char ch, int mark, int color)
{
	int c = marked(&ch, mark);

	if (color && c != C_PLAIN) {
		put_sgr(fp, C_PLAIN, c);
		putc(ch, fp);
		put_sgr(fp, c, C_PLAIN);
	} else
		putc(ch, fp);
}

/* The path's inner cells drawn as '*' into m->text. */
void
render_draw_path(struct map *m, const struct search_result *r)
{
	const struct grid *g = &m->grid;
	size_t k;

	if (r->found || r->partial)
		for (k = 1; k < r->steps + (size_t)r->partial; k++) {
			uint32_t i = r->path[k];

			m->text[m->row[grid_y(g, i)].off + (size_t)grid_x(g, i)] = '*';
		}
}

/*
 * The map as read, with the path's inner cells drawn as '*' (into m->text)
 * and, when marks is not NULL, the marks of -e.
 */
void
render_map(FILE *fp, struct map *m, const struct search_result *r,
    const uint8_t *marks, int color)
{
	const struct grid *g = &m->grid;
	int y;

	render_draw_path(m, r);
	for (y = 0; y < g->h; y++)
		put_row(fp, m->text + m->row[y].off,
		    marks != NULL ? marks + (size_t)y * (size_t)g->w : NULL,
		    m->row[y].len, color);
}

/*
 * The length of the well-formed UTF-8 character at s (RFC 3629: no
 * overlong form, no surrogate, nothing past U+10FFFF), or 0 where the
 * byte at s starts none.  An ASCII byte is a character of one.
 */
static int
utf8_len(const unsigned char *s)
{
	unsigned char c = s[0];
	int n = 0, k;

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		n = 2;
	else if (c >= 0xe0 && c <= 0xef)
		n = 3;
	else if (c >= 0xf0 && c <= 0xf4)
		n = 4;
	for (k = 1; k < n; k++)
		if ((s[k] & 0xc0) != 0x80)	/* (the NUL at the end stops it too) */
			return 0;
	if (n == 3 && ((c == 0xe0 && s[1] < 0xa0) || (c == 0xed && s[1] > 0x9f)))
		return 0;	/* overlong, or a surrogate */
	if (n == 4 && ((c == 0xf0 && s[1] < 0x90) || (c == 0xf4 && s[1] > 0x8f)))
		return 0;	/* overlong, or above U+10FFFF */
	return n;
}

/* Byte c as \ooo into e (room for 4). */
static void
octal_byte(char *e, unsigned char c)
{
	e[0] = '\\';
	e[1] = (char)('0' + (c >> 6));
	e[2] = (char)('0' + (c >> 3 & 7));
	e[3] = (char)('0' + (c & 7));
}

/*
 * The escape of the character of a name at s, as labels and diagnostics
 * print it, into e (room for 8), and its length; *used: the bytes of s
 * it stands for.  Control characters and backslashes become C escapes
 * (\n, \t, \033, \\), so that a file name cannot forge a line of output
 * or a terminal's command: the C0 controls and DEL, and the C1 controls,
 * U+0080 to U+009F, both as UTF-8 (C2 80 to C2 9F: \302\233 for CSI)
 * and as the lone bytes 0x80 to 0x9F that a terminal of 8-bit characters
 * takes for them.  A whole UTF-8 character is copied as it is, so that a
 * byte 0x80 to 0x9F inside one (the second of U+0100, C4 80) stays; any
 * other byte past ASCII too.  render_name and render_name_buf both take
 * their escapes from here.
 */
static size_t
name_escape(const unsigned char *s, char *e, size_t *used)
{
	unsigned char c = s[0];
	size_t n;

	*used = 1;
	if (c == '\\' || c == '\n' || c == '\t') {
		e[0] = '\\';
		e[1] = c == '\\' ? '\\' : c == '\n' ? 'n' : 't';
		return 2;
	}
	if (c < 0x20 || c == 0x7f || (c >= 0x80 && c <= 0x9f)) {
		octal_byte(e, c);
		return 4;
	}
	if (c == 0xc2 && s[1] >= 0x80 && s[1] <= 0x9f) {	/* U+0080 to U+009F */
		*used = 2;
		octal_byte(e, c);
		octal_byte(e + 4, s[1]);
		return 8;
	}
	if ((n = (size_t)utf8_len(s)) == 0)
		n = 1;		/* a byte that starts no character: as it is */
	memcpy(e, s, n);
	*used = n;
	return n;
}

/* A name, escaped by name_escape, to fp. */
void
render_name(FILE *fp, const char *name)
{
	const unsigned char *s = (const unsigned char *)name;
	size_t used;
	char e[8];

	for (; *s != '\0'; s += used)
		fwrite(e, 1, name_escape(s, e, &used), fp);
}

/*
 * render_name into buf of size n (n > 8): whole escapes and characters
 * only, and "..." in place of the end where the name does not fit, so
 * that a message with a name in it keeps the text after the name.
 */
void
render_name_buf(char *buf, size_t n, const char *name)
{
	const unsigned char *s = (const unsigned char *)name;
	size_t len = 0, used;

	for (; *s != '\0'; s += used) {
		char e[8];
		size_t el = name_escape(s, e, &used);

		if (len + el + (s[used] != '\0' ? 3 : 0) >= n) {
			snprintf(buf + len, n - len, "...");
			return;
		}
		memcpy(buf + len, e, el);
		len += el;
	}
	buf[len] = '\0';
}

void
render_label(FILE *fp, const struct render_info *ri)
{
	if (!ri->label)
		return;
	fputs("==> ", fp);
	render_name(fp, ri->name);
	fprintf(fp, " map %llu <==\n", ri->mapno);
}

/* The lines after the map: cost, steps, goal, statistics, optimality, time. */
void
render_stats(FILE *fp, const struct map *m, const struct search_result *r,
    const struct render_info *ri)
{
	char cost[48];

	if (r->found) {
		cost_format(cost, sizeof(cost), &ri->params->costs, r->a, r->b);
		fprintf(fp, "cost: %s\nsteps: %zu\ngoal: %d %d\n", cost, r->steps,
		    grid_x(&m->grid, r->goal), grid_y(&m->grid, r->goal));
	} else {
		if (r->limited)
			fputs("stopped: --max-expanded reached, no goal yet\n", fp);
		else
			fputs("no path\n", fp);
		if (r->partial) {
			cost_format(cost, sizeof(cost), &ri->params->costs, r->a, r->b);
			fprintf(fp, "nearest: %d %d\ncost: %s\nsteps: %zu\n",
			    grid_x(&m->grid, r->goal), grid_y(&m->grid, r->goal), cost, r->steps);
		}
	}
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
render_text(FILE *fp, struct map *m, const struct search_result *r,
    const struct render_info *ri)
{
	render_label(fp, ri);
	render_map(fp, m, r, NULL, ri->color);
	render_stats(fp, m, r, ri);
}

/*
 * A JSON string.  Valid UTF-8 passes through; quote, backslash and the
 * control characters are escaped (C0, DEL and C1, U+0080 to U+009F, as
 * \u escapes: the same string to a JSON reader, and nothing a terminal
 * takes for a command where the JSON is shown raw); any byte that is not
 * part of a valid UTF-8 sequence becomes U+FFFD, so the output is always
 * valid JSON.
 */
void
json_string(FILE *fp, const char *str)
{
	const unsigned char *s = (const unsigned char *)str;

	putc('"', fp);
	while (*s != '\0') {
		unsigned char c = *s;
		int n;

		if (c == '"' || c == '\\') {
			putc('\\', fp);
			putc(c, fp);
		} else if (c < 0x20 || c == 0x7f)
			fprintf(fp, "\\u%04x", c);
		else if (c < 0x80)
			putc(c, fp);
		else if ((n = utf8_len(s)) == 0)
			fputs("\\ufffd", fp);
		else if (n == 2 && c == 0xc2 && s[1] <= 0x9f) {
			fprintf(fp, "\\u%04x", s[1]);	/* U+0080 to U+009F */
			s++;
		} else {
			fwrite(s, 1, (size_t)n, fp);
			s += n - 1;
		}
		s++;
	}
	putc('"', fp);
}

/* W in thousandths as the options take it and JSON prints it: 1, 1.5, 2.125. */
void
render_weight(FILE *fp, uint32_t w)
{
	char frac[4];
	int i;

	snprintf(frac, sizeof(frac), "%03u", w % 1000);
	for (i = 2; i >= 0 && frac[i] == '0'; i--)
		frac[i] = '\0';
	fprintf(fp, frac[0] ? "%u.%s" : "%u", w / 1000, frac);
}

/*
 * Paths and moves are written a buffer at a time, their numbers by hand:
 * a fprintf for each point or run of moves was a tenth to a fifth of the
 * time of -j 1 on 20,000 small maps in the machine formats (BENCHMARKS.md).
 */
#define PUTBUF 256
#define PUTMAX 48	/* the most one put_* appends */

/* n in decimal at p (at most 20 bytes): the end. */
static char *
put_dec(char *p, size_t n)
{
	char t[24];
	int k = 0;

	do
		t[k++] = (char)('0' + n % 10);
	while ((n /= 10) != 0);
	while (k > 0)
		*p++ = t[--k];
	return p;
}

/* The string s (a move's name) at p: the end. */
static char *
put_name(char *p, const char *s)
{
	while (*s != '\0')
		*p++ = *s++;
	return p;
}

/* Room for PUTMAX more at *p in buf: what is there written first. */
static char *
put_room(FILE *fp, char *buf, char *p)
{
	if ((size_t)(p - buf) <= PUTBUF - PUTMAX)
		return p;
	fwrite(buf, 1, (size_t)(p - buf), fp);
	return buf;
}

/*
 * The cells path[0..steps] of g: as JSON, "[x,y]" separated by commas;
 * else each "x y" on a line of its own.
 */
static void
put_points(FILE *fp, const struct grid *g, const uint32_t *path, size_t steps, int json)
{
	char buf[PUTBUF], *p = buf;
	size_t k;

	for (k = 0; k <= steps; k++) {
		p = put_room(fp, buf, p);
		if (json) {
			if (k > 0)
				*p++ = ',';
			*p++ = '[';
		}
		p = put_dec(p, (size_t)grid_x(g, path[k]));
		*p++ = json ? ',' : ' ';
		p = put_dec(p, (size_t)grid_y(g, path[k]));
		*p++ = json ? ']' : '\n';
	}
	fwrite(buf, 1, (size_t)(p - buf), fp);
}

static void
json_path(FILE *fp, const struct grid *g, const struct search_result *r)
{
	fputs(",\"path\":[", fp);
	if (r->found)
		put_points(fp, g, r->path, r->steps, 1);
	putc(']', fp);
}

/* The member "options": the options in effect. */
static void
json_options(FILE *fp, const struct search_params *p)
{
	char buf[64];

	fprintf(fp, ",\"options\":{\"algorithm\":\"%s\",\"heuristic\":\"%s\","
	    "\"diagonal\":\"%s\",\"cost\":\"", algo_names[p->algo],
	    heur_names[p->heur], diag_names[p->diag]);
	cost_format_base(buf, sizeof(buf), &p->costs, 0);
	fprintf(fp, "%s,", buf);
	cost_format_base(buf, sizeof(buf), &p->costs, 1);
	fprintf(fp, "%s\",\"weight\":", buf);
	render_weight(fp, p->weight);
	fprintf(fp, ",\"tie_break\":\"%s\",\"open_list\":\"%s\"}",
	    tb_names[p->tb], ol_names[p->ol]);
}

/* The statistics, the optimality note, the time and the options in effect. */
static void
json_tail(FILE *fp, const struct search_result *r, const struct render_info *ri)
{
	const struct search_params *p = ri->params;

	fprintf(fp, ",\"expanded\":%llu,\"generated\":%llu,\"updated\":%llu",
	    (unsigned long long)r->expanded, (unsigned long long)r->generated,
	    (unsigned long long)r->updated);
	fprintf(fp, ",\"optimal\":%s,\"note\":", ri->noguarantee ? "false" : "true");
	if (ri->noguarantee)
		json_string(fp, ri->noguarantee);
	else
		fputs("null", fp);
	if (ri->timing)
		fprintf(fp, ",\"time\":%.6f", ri->seconds);
	json_options(fp, p);
	fputs("}\n", fp);
}

static void
json_found(FILE *fp, const struct search_result *r, const struct costs *costs)
{
	char buf[64];

	fprintf(fp, ",\"found\":%s", r->found ? "true" : "false");
	if (r->found) {
		cost_format(buf, sizeof(buf), costs, r->a, r->b);
		fprintf(fp, ",\"cost\":%s,\"steps\":%zu", buf, r->steps);
	} else
		fputs(",\"cost\":null,\"steps\":null", fp);
}

/*
 * With --max-expanded, "limited"; with --nearest, "nearest": the cell
 * reached, its cost, steps and path when no goal was, else null.
 */
static void
json_partial(FILE *fp, const struct grid *g, const struct search_result *r,
    const struct search_params *p)
{
	char buf[64];

	if (p->limit_set)
		fprintf(fp, ",\"limited\":%s", r->limited ? "true" : "false");
	if (!p->nearest)
		return;
	if (!r->partial) {
		fputs(",\"nearest\":null", fp);
		return;
	}
	cost_format(buf, sizeof(buf), &p->costs, r->a, r->b);
	fprintf(fp, ",\"nearest\":{\"cell\":[%d,%d],\"cost\":%s,\"steps\":%zu,\"path\":[",
	    grid_x(g, r->goal), grid_y(g, r->goal), buf, r->steps);
	put_points(fp, g, r->path, r->steps, 1);
	fputs("]}", fp);
}

void
render_json(FILE *fp, const struct map *m, const struct search_result *r,
    const struct render_info *ri)
{
	const struct grid *g = &m->grid;

	fputs("{\"source\":", fp);
	json_string(fp, ri->name);
	fprintf(fp, ",\"map\":%llu,\"line\":%ld,\"width\":%d,\"height\":%d",
	    ri->mapno, m->line, g->w, g->h);
	json_found(fp, r, &ri->params->costs);
	fprintf(fp, ",\"start\":[%d,%d],\"goal\":", grid_x(g, g->start), grid_y(g, g->start));
	if (r->found)
		fprintf(fp, "[%d,%d]", grid_x(g, r->goal), grid_y(g, r->goal));
	else
		fputs("null", fp);
	json_path(fp, g, r);
	json_partial(fp, g, r, ri->params);
	json_tail(fp, r, ri);
}

/* Scenario batches: a TSV header and one row a scenario, or JSON Lines. */
void
render_scen_header(FILE *fp, int timing, int check)
{
	fputs("id\tstart_x\tstart_y\tgoal_x\tgoal_y\tlength\t", fp);
	if (check)
		fputs("check\tanswer\tcost\tsteps\toptimum\texcess\treason\n", fp);
	else
		fputs(timing ? "cost\tsteps\texpanded\tgenerated\ttime\n" :
		    "cost\tsteps\texpanded\tgenerated\n", fp);
}

void
render_scen_tsv(FILE *fp, const struct scen_row *s, const struct search_result *r,
    const struct render_info *ri)
{
	char cost[48] = "-", steps[24] = "-";

	if (r->found) {
		cost_format(cost, sizeof(cost), &ri->params->costs, r->a, r->b);
		snprintf(steps, sizeof(steps), "%zu", r->steps);
	}
	fprintf(fp, "%ld\t%d\t%d\t%d\t%d\t%s\t%s\t%s\t%llu\t%llu", s->id, s->sx,
	    s->sy, s->gx, s->gy, s->length, cost, steps,
	    (unsigned long long)r->expanded, (unsigned long long)r->generated);
	if (ri->timing)
		fprintf(fp, "\t%.6f\n", ri->seconds);
	else
		putc('\n', fp);
}

void
render_scen_json(FILE *fp, const struct grid *g, const struct scen_row *s,
    const struct search_result *r, const struct render_info *ri)
{
	fputs("{\"source\":", fp);
	json_string(fp, ri->name);
	fprintf(fp, ",\"id\":%ld,\"start\":[%d,%d],\"goal\":[%d,%d],\"length\":%s",
	    s->id, s->sx, s->sy, s->gx, s->gy, s->length);
	json_found(fp, r, &ri->params->costs);
	/* null: nothing checked (the costs are not guaranteed, as the summary's "unchecked") */
	fprintf(fp, ",\"mismatch\":%s", ri->noguarantee != NULL ? "null" :
	    s->mismatch ? "true" : "false");
	json_path(fp, g, r);
	json_tail(fp, r, ri);
}

void
render_path(FILE *fp, const struct grid *g, const struct search_result *r)
{
	if (r->found || r->partial)
		put_points(fp, g, r->path, r->steps, 0);
}

/*
 * Moves: runs of equal steps as direction and count, e.g. "R3 D2 DR1";
 * U D L R and the diagonals UR DR DL UL (vertical part first).  A map
 * without a path gives an empty line, so there is always one line a map.
 */
void
render_moves(FILE *fp, const struct grid *g, const struct search_result *r)
{
	static const char *const name[3][3] = {	/* [dy + 1][dx + 1] */
		{ "UL", "U", "UR" }, { "L", "", "R" }, { "DL", "D", "DR" }
	};
	const char *prev = NULL, *cur;
	char buf[PUTBUF], *p = buf;
	size_t k, run = 0;

	for (k = 1; (r->found || r->partial) && k <= r->steps; k++) {
		int dx = grid_x(g, r->path[k]) - grid_x(g, r->path[k - 1]);
		int dy = grid_y(g, r->path[k]) - grid_y(g, r->path[k - 1]);

		cur = name[dy + 1][dx + 1];
		if (cur != prev && prev != NULL) {
			p = put_room(fp, buf, p);
			p = put_dec(put_name(p, prev), run);
			*p++ = ' ';
			run = 0;
		}
		prev = cur;
		run++;
	}
	p = put_room(fp, buf, p);
	if (prev != NULL)
		p = put_dec(put_name(p, prev), run);
	*p++ = '\n';
	fwrite(buf, 1, (size_t)(p - buf), fp);
}

/*
 * What a check record says of an answer, formatted once for the text,
 * the scenarios' table and JSON: for a legal path its cost and excess,
 * for an illegal one its step ("step K: (x,y) -> (x,y): reason", or
 * "step 0: (x,y): reason") and reason, and the optimum when there is one;
 * "" where they do not apply.
 */
struct check_text {
	int legal, illegal;
	char cost[64], excess[64], optimum[64];
	char reason[192], step[320];
};

static void
check_text_of(const struct check_result *cr, const struct render_info *ri,
    struct check_text *t)
{
	const struct answer *a = cr->ans;
	const struct costs *c = &ri->params->costs;
	int n;

	memset(t, 0, sizeof(*t));
	t->legal = a->claim == CLAIM_PATH && a->illegal == ILLEGAL_NONE;
	t->illegal = a->claim == CLAIM_PATH && !t->legal;
	if (t->legal) {
		cost_format(t->cost, sizeof(t->cost), c, a->a, a->b);
		cost_format_excess(t->excess, sizeof(t->excess), c, a->a, a->b, cr->a, cr->b);
	}
	if (t->illegal) {
		check_reason(cr, t->reason, sizeof(t->reason));
		n = snprintf(t->step, sizeof(t->step), "step %llu: ", (unsigned long long)a->step);
		if (a->step > 0)
			n += snprintf(t->step + n, sizeof(t->step) - (size_t)n, "(%ld,%ld) -> ",
			    a->fx, a->fy);
		snprintf(t->step + n, sizeof(t->step) - (size_t)n, "(%ld,%ld): %s", a->tx, a->ty,
		    t->reason);
	}
	if (cr->found)
		cost_format(t->optimum, sizeof(t->optimum), c, cr->a, cr->b);
}

/*
 * --check: the verdict on a map's answer.  Text: the verdict, what the
 * answer is (its cost, steps and goal, its first illegal step, "no path"
 * or "error"), the optimum, and for a legal path the excess.
 */
void
render_check_text(FILE *fp, const struct check_result *cr, const struct render_info *ri)
{
	const struct answer *a = cr->ans;
	struct check_text t;

	check_text_of(cr, ri, &t);
	render_label(fp, ri);
	fprintf(fp, "check: %s\n", verdict_names[cr->verdict]);
	if (a->claim == CLAIM_ERROR)
		fputs("error\n", fp);
	else if (a->claim == CLAIM_NONE)
		fputs("no path\n", fp);
	else if (t.illegal)
		fprintf(fp, "%s\n", t.step);
	else
		fprintf(fp, "cost: %s\nsteps: %llu\ngoal: %d %d\n", t.cost,
		    (unsigned long long)a->steps, a->ex, a->ey);
	fprintf(fp, "optimum: %s\n", cr->found ? t.optimum : "no path");
	if (t.legal)
		fprintf(fp, "excess: %s\n", t.excess);
}

static void
json_cell(FILE *fp, const char *key, int set, long x, long y)
{
	if (set)
		fprintf(fp, ",\"%s\":[%ld,%ld]", key, x, y);
	else
		fprintf(fp, ",\"%s\":null", key);
}

/* ,"key":value, or null where value is "" */
static void
json_number_or_null(FILE *fp, const char *key, const char *value)
{
	fprintf(fp, ",\"%s\":%s", key, value[0] != '\0' ? value : "null");
}

static const char *const claims[] = { "path", "no path", "error" };

/*
 * The members of a check record from "check" to "excess", those that do
 * not apply null; the goal reached only for a map (a scenario's record
 * names its one goal before).
 */
static void
check_json_members(FILE *fp, const struct check_result *cr, const struct render_info *ri,
    int goal)
{
	const struct answer *a = cr->ans;
	struct check_text t;

	check_text_of(cr, ri, &t);
	fprintf(fp, ",\"check\":\"%s\",\"answer\":\"%s\"", verdict_names[cr->verdict],
	    claims[a->claim]);
	json_number_or_null(fp, "cost", t.cost);
	if (t.legal)
		fprintf(fp, ",\"steps\":%llu", (unsigned long long)a->steps);
	else
		fputs(",\"steps\":null", fp);
	if (goal)
		json_cell(fp, "goal", t.legal, a->ex, a->ey);
	if (t.illegal)
		fprintf(fp, ",\"step\":%llu", (unsigned long long)a->step);
	else
		fputs(",\"step\":null", fp);
	json_cell(fp, "from", t.illegal && a->step > 0, a->fx, a->fy);
	json_cell(fp, "to", t.illegal, a->tx, a->ty);
	fputs(",\"reason\":", fp);
	if (t.illegal)
		json_string(fp, t.reason);
	else
		fputs("null", fp);
	json_number_or_null(fp, "optimum", t.optimum);
	json_number_or_null(fp, "excess", t.excess);
}

/* The same as one JSON object; members that do not apply are null. */
void
render_check_json(FILE *fp, const struct map *m, const struct check_result *cr,
    const struct render_info *ri)
{
	fputs("{\"source\":", fp);
	json_string(fp, ri->name);
	fprintf(fp, ",\"map\":%llu,\"line\":%ld", ri->mapno, m->line);
	check_json_members(fp, cr, ri, 1);
	json_options(fp, ri->params);
	fputs("}\n", fp);
}

/*
 * -S --check: a scenario's check record, as a row of the table
 * (render_scen_header) or as one JSON object, the scenario's members
 * first and its "mismatch" (the optimum against the published length)
 * after the verdict's.  A column that does not apply is "-".
 */
void
render_check_scen_tsv(FILE *fp, const struct scen_row *s, const struct check_result *cr,
    const struct render_info *ri)
{
	const struct answer *a = cr->ans;
	struct check_text t;

	check_text_of(cr, ri, &t);
	fprintf(fp, "%ld\t%d\t%d\t%d\t%d\t%s\t%s\t%s\t", s->id, s->sx, s->sy, s->gx,
	    s->gy, s->length, verdict_names[cr->verdict], claims[a->claim]);
	if (t.legal)
		fprintf(fp, "%s\t%llu\t", t.cost, (unsigned long long)a->steps);
	else
		fputs("-\t-\t", fp);
	fprintf(fp, "%s\t%s\t%s\n", cr->found ? t.optimum : "-", t.legal ? t.excess : "-",
	    t.illegal ? t.step : "-");
}

void
render_check_scen_json(FILE *fp, const struct scen_row *s, const struct check_result *cr,
    const struct render_info *ri)
{
	fputs("{\"source\":", fp);
	json_string(fp, ri->name);
	fprintf(fp, ",\"id\":%ld,\"start\":[%d,%d],\"goal\":[%d,%d],\"length\":%s",
	    s->id, s->sx, s->sy, s->gx, s->gy, s->length);
	check_json_members(fp, cr, ri, 0);
	fprintf(fp, ",\"mismatch\":%s", s->mismatch ? "true" : "false");
	json_options(fp, ri->params);
	fputs("}\n", fp);
}
