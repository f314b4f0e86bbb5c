/* check.c - see check.h; the formats and the rules are in pathfind(1), CHECKING ANSWERS. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cost.h"
#include "options.h"

const char *const verdict_names[] = { "right", "costlier", "illegal", "wrong", "unanswered",
	NULL };

#define JSON_DEPTH_MAX 64
#define NUM_DIGITS_MAX 9	/* a coordinate: |v| < 10^9, far off any map */

int
answers_open(struct answers *as, int fd, enum check_format format)
{
	memset(as, 0, sizeof(*as));
	as->format = format;
	as->line0 = 1;
	if (lines_open(&as->lines, fd, CHECK_LINE_MAX) != 0)
		return -1;
	as->opened = 1;
	return 0;
}

void
answers_close(struct answers *as)
{
	if (as->opened)
		lines_close(&as->lines);
	free(as->pre);
	as->pre = NULL;
	as->opened = 0;
}

static int
is_blank(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (s[i] != ' ' && s[i] != '\t')
			return 0;
	return 1;
}

/* The line "error", blanks around it allowed: an error record's placeholder. */
static int
is_error(const char *s, size_t n)
{
	while (n > 0 && (*s == ' ' || *s == '\t'))
		s++, n--;
	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	return n == 5 && memcmp(s, "error", 5) == 0;
}

static int
pre_bit(const struct answers *as, size_t k)
{
	return as->pre[k / 8] >> (k % 8) & 1;
}

/* The next line: the ones detect() read ahead first, then the stream's. */
static int
next_line(struct answers *as, const char **s, size_t *n)
{
	int rc;

	if (as->prepos < as->npre) {
		int err = pre_bit(as, as->prepos);

		*s = err ? "error" : "";
		*n = err ? 5 : 0;
		as->lineno = as->line0 + (long)as->prepos++;
		as->from_pre = 1;
		return LINES_OK;
	}
	as->from_pre = 0;
	rc = lines_next(&as->lines, s, n);
	as->lineno = as->lines.lineno;
	return rc;
}

/* Give the last line back, for the next record. */
static void
unget_line(struct answers *as)
{
	if (as->from_pre)
		as->prepos--;
	else
		lines_unget(&as->lines);
}

static int
read_error(struct answers *as, struct diag *d)
{
	char msg[96];

	if (as->lines.err == ENOMEM)
		snprintf(msg, sizeof(msg), "out of memory");
	else
		snprintf(msg, sizeof(msg), "read error: %s", strerror(as->lines.err));
	diag_set(d, as->lines.lineno + 1, 1, msg);
	as->failed = 1;
	return ANSWER_IOERR;
}

static int
long_line(struct answers *as, struct diag *d)
{
	char msg[64];

	snprintf(msg, sizeof(msg), "line longer than %zu characters", CHECK_LINE_MAX);
	diag_set(d, as->lineno, (long)CHECK_LINE_MAX + 1, msg);
	return ANSWER_BAD;
}

/*
 * The format, from the first line that is neither empty nor "error": '{'
 * starts -f json, a number -f path, anything else -f moves.  Up to that
 * line the two plain formats read alike, except where "error" is followed
 * by an empty line (-f path: the record's end; -f moves: a map with no
 * path), so those lines are kept, a bit each, to be read again once the
 * format is known.  With no such line at all, the answers are -f path
 * unless an "error" line follows another, which -f path never writes.
 */
static int
detect(struct answers *as, struct diag *d)
{
	const char *s;
	size_t n, k;
	int rc;

	for (;;) {
		rc = lines_next(&as->lines, &s, &n);
		if (rc == LINES_ERR || rc == LINES_EOF)
			break;
		if (rc == LINES_OK && (is_blank(s, n) || is_error(s, n))) {
			if (as->npre == as->precap * 8) {
				size_t cap = as->precap ? 2 * as->precap : 64;
				unsigned char *p = realloc(as->pre, cap);

				if (p == NULL) {
					as->lines.err = ENOMEM;
					rc = LINES_ERR;
					break;
				}
				memset(p + as->precap, 0, cap - as->precap);
				as->pre = p;
				as->precap = cap;
			}
			if (!is_blank(s, n))
				as->pre[as->npre / 8] |= (unsigned char)(1u << (as->npre % 8));
			as->npre++;
			continue;
		}
		while (n > 0 && (*s == ' ' || *s == '\t'))
			s++, n--;
		as->format = n == 0 ? CHECK_MOVES : *s == '{' ? CHECK_JSON :
		    (*s == '-' || (*s >= '0' && *s <= '9')) ? CHECK_PATH : CHECK_MOVES;
		lines_unget(&as->lines);
		return 0;
	}
	as->format = CHECK_PATH;
	as->guessed = 1;
	for (k = 0; k + 1 < as->npre; k++)
		if (pre_bit(as, k) && pre_bit(as, k + 1))
			as->format = CHECK_MOVES;
	return rc == LINES_ERR ? read_error(as, d) : 0;
}

/*
 * The walk of one path over its map: every cell is checked as it comes,
 * and only the last two are kept.  Without a map (cm NULL: the map has an
 * error) the answer is only parsed.
 */
struct walk {
	const struct check_map *cm;
	struct answer *a;
	uint64_t n;		/* cells so far */
	long x, y;		/* the last one */
	long lx, ly;		/* and the one before */
	int stop;		/* an illegal step was found */
};

/* The terrain of map cell (x, y): 1-9, 0 a wall, -1 off the map or past its row. */
static int
terrain(const struct map *m, long x, long y)
{
	const struct grid *g = &m->grid;

	if (y < 0 || y >= g->h || x < 0 || x >= m->row[y].len)
		return -1;
	return g->cell[grid_index(g, (int)x, (int)y)] & CELL_COST;
}

static int
is_goal(const struct check_map *cm, long x, long y)
{
	const struct grid *g = &cm->map->grid;

	if (cm->gx >= 0)
		return x == cm->gx && y == cm->gy;
	return terrain(cm->map, x, y) > 0 &&
	    (g->cell[grid_index(g, (int)x, (int)y)] & CELL_GOAL) != 0;
}

static void
walk_init(struct walk *w, const struct check_map *cm, struct answer *a)
{
	memset(w, 0, sizeof(*w));
	w->cm = cm;
	w->a = a;
}

static void
walk_stop(struct walk *w, enum illegal why, long x, long y)
{
	struct answer *a = w->a;

	w->stop = 1;
	a->illegal = why;
	a->step = w->n;
	a->fx = w->x, a->fy = w->y;
	a->tx = x, a->ty = y;
}

/*
 * Cell n of the path.  The rules are the search's own (search.c, the
 * neighbour loop): a step goes to one of the eight neighbours (four with
 * -d never) that is on the map and passable, and a diagonal step passes
 * the two orthogonal cells beside it, which -d no-corner-cut needs both
 * passable and -d no-squeeze one; off the map counts as blocked there.
 */
static void
walk_cell(struct walk *w, long x, long y)
{
	const struct check_map *cm = w->cm;
	struct answer *a = w->a;
	long dx, dy;
	int t, c1, c2;

	if (cm == NULL || w->stop)
		return;
	if (w->n == 0) {
		if (x != cm->sx || y != cm->sy) {
			walk_stop(w, ILLEGAL_START, x, y);
			a->px[0] = cm->sx, a->py[0] = cm->sy;
		}
		w->x = x, w->y = y, w->n = 1;
		return;
	}
	dx = x - w->x;
	dy = y - w->y;
	if (dx < -1 || dx > 1 || dy < -1 || dy > 1 || (dx == 0 && dy == 0)) {
		walk_stop(w, ILLEGAL_NEIGHBOUR, x, y);
		return;
	}
	if (dx != 0 && dy != 0 && cm->rule == DIAG_NEVER) {
		walk_stop(w, ILLEGAL_DIAGONAL, x, y);
		return;
	}
	if ((t = terrain(cm->map, x, y)) <= 0) {
		walk_stop(w, t < 0 ? ILLEGAL_OFF_MAP : ILLEGAL_WALL, x, y);
		return;
	}
	if (dx != 0 && dy != 0 && cm->rule != DIAG_ALWAYS) {
		c1 = terrain(cm->map, x, w->y) > 0;
		c2 = terrain(cm->map, w->x, y) > 0;
		if (!c1 && !c2) {
			walk_stop(w, ILLEGAL_SQUEEZE, x, y);
			a->px[0] = (int)x, a->py[0] = (int)w->y;
			a->px[1] = (int)w->x, a->py[1] = (int)y;
			return;
		}
		if (cm->rule == DIAG_NO_CORNER_CUT && !(c1 && c2)) {
			walk_stop(w, ILLEGAL_CORNER, x, y);
			a->px[0] = (int)(c1 ? w->x : x), a->py[0] = (int)(c1 ? y : w->y);
			return;
		}
	}
	if (dx != 0 && dy != 0)
		a->b += (uint64_t)t;
	else
		a->a += (uint64_t)t;
	w->lx = w->x, w->ly = w->y;
	w->x = x, w->y = y;
	w->n++;
}

/* The path is over: it must end on a goal. */
static void
walk_end(struct walk *w)
{
	struct answer *a = w->a;

	if (w->cm == NULL || w->stop)
		return;
	if (!is_goal(w->cm, w->x, w->y)) {
		w->stop = 1;
		a->illegal = ILLEGAL_END;
		a->step = w->n - 1;
		a->fx = w->lx, a->fy = w->ly;
		a->tx = w->x, a->ty = w->y;
		return;
	}
	a->steps = w->n - 1;
	a->ex = (int)w->x, a->ey = (int)w->y;
}

/* A whole number, maybe negative, of at most NUM_DIGITS_MAX digits, at s[*i]. */
static int
number(const char *s, size_t n, size_t *i, long *v)
{
	size_t k = *i, d = 0;
	int neg = 0;

	if (k < n && s[k] == '-')
		neg = 1, k++;
	*v = 0;
	for (; k < n && s[k] >= '0' && s[k] <= '9'; k++, d++)
		if (d < NUM_DIGITS_MAX)
			*v = *v * 10 + (s[k] - '0');
	if (d == 0 || d > NUM_DIGITS_MAX || (k < n && s[k] != '\0' && strchr(".eE", s[k]) != NULL))
		return -1;
	if (neg)
		*v = -*v;
	*i = k;
	return 0;
}

static size_t
skip_blanks(const char *s, size_t n, size_t i)
{
	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	return i;
}

/* -f path: "x y", blanks around and between. */
static int
parse_xy(const char *s, size_t n, long *x, long *y, long *col)
{
	size_t i = skip_blanks(s, n, 0), k;

	*col = (long)i + 1;
	if (number(s, n, &i, x) != 0)
		return -1;	/* at the number */
	if (i == n || (s[i] != ' ' && s[i] != '\t')) {
		*col = (long)i + 1;	/* at what follows it: no blank, no y */
		return -1;
	}
	i = skip_blanks(s, n, i);
	*col = (long)i + 1;
	if (number(s, n, &i, y) != 0)
		return -1;
	k = skip_blanks(s, n, i);
	*col = (long)k + 1;
	return k == n ? 0 : -1;
}

/*
 * An empty -f path record: no path.  But -f path never writes an empty
 * record for a map whose start is a goal (its path is that one cell),
 * -f moves does: with the format only guessed, such a record is moves'
 * path of no steps, so that -f moves's answers check as right, the
 * empty record at the end of the answers too.
 */
static void
empty_record(const struct answers *as, const struct check_map *cm, struct answer *a)
{
	struct walk w;

	a->claim = CLAIM_NONE;
	if (as->guessed && cm != NULL && is_goal(cm, cm->sx, cm->sy)) {
		walk_init(&w, cm, a);
		a->claim = CLAIM_PATH;
		walk_cell(&w, cm->sx, cm->sy);
		walk_end(&w);
	}
}

/*
 * -f path: the cells of a path, a line each, up to an empty line or the
 * end; an empty record is no path, "error" an error's placeholder.  The
 * last record's empty line is never written (pathfind separates records),
 * so at the end of the answers one empty record more is there to read
 * when the last one ended with its empty line, or when there was none.
 */
static int
path_record(struct answers *as, const struct check_map *cm, struct answer *a,
    struct diag *d, int final)
{
	struct walk w;
	const char *s;
	size_t n;
	long x, y, col;
	int rc, bad = 0;

	rc = next_line(as, &s, &n);
	if (rc == LINES_ERR)
		return read_error(as, d);
	if (rc == LINES_EOF) {
		if ((as->sep || as->records == 0) && !as->implicit && !final) {
			as->implicit = 1;
			as->records++;
			a->line = as->lineno + 1;
			empty_record(as, cm, a);
			return ANSWER_OK;
		}
		return ANSWER_END;
	}
	as->records++;
	a->line = as->lineno;
	as->sep = 0;
	if (rc == LINES_OK && is_blank(s, n)) {
		as->sep = 1;
		empty_record(as, cm, a);
		return ANSWER_OK;
	}
	if (rc == LINES_OK && is_error(s, n)) {
		a->claim = CLAIM_ERROR;
		rc = next_line(as, &s, &n);
		if (rc == LINES_OK && is_blank(s, n))
			as->sep = 1;
		else if (rc == LINES_OK || rc == LINES_LONG)
			unget_line(as);
		return ANSWER_OK;	/* (a read error comes again next time) */
	}
	a->claim = CLAIM_PATH;
	walk_init(&w, cm, a);
	for (;;) {
		if (!bad && rc == LINES_LONG)
			bad = long_line(as, d);
		else if (!bad && parse_xy(s, n, &x, &y, &col) != 0) {
			diag_set(d, as->lineno, col, "bad cell (x y: column and row, whole numbers)");
			bad = ANSWER_BAD;
		} else if (!bad)
			walk_cell(&w, x, y);
		rc = next_line(as, &s, &n);
		if (rc == LINES_EOF)
			break;
		if (rc == LINES_ERR)
			return read_error(as, d);
		if (rc == LINES_OK && is_blank(s, n)) {
			as->sep = 1;
			break;
		}
	}
	if (bad)
		return bad;
	walk_end(&w);
	return ANSWER_OK;
}

/* One move of -f moves at s[*i]: its step and its count. */
static int
parse_move(const char *s, size_t n, size_t *i, int *dx, int *dy, uint64_t *count)
{
	size_t k = *i;
	uint64_t v = 0;
	int digits = 0;

	*dx = *dy = 0;
	if (k < n && (s[k] == 'U' || s[k] == 'D'))
		*dy = s[k++] == 'U' ? -1 : 1;
	if (k < n && (s[k] == 'L' || s[k] == 'R'))
		*dx = s[k++] == 'L' ? -1 : 1;
	if (*dx == 0 && *dy == 0)
		return -1;
	for (; k < n && s[k] >= '0' && s[k] <= '9'; k++, digits++)
		if ((v = v * 10 + (uint64_t)(s[k] - '0')) > UINT32_MAX)
			return -1;
	if (digits == 0 || v == 0 || (k < n && s[k] != ' ' && s[k] != '\t'))
		return -1;
	*count = v;
	*i = k;
	return 0;
}

/*
 * -f moves: a line a record, runs of steps such as "R2 D2 DR1"; an empty
 * line is no path (or the path of no steps, when the start is a goal:
 * pathfind writes it so), "error" an error's placeholder.
 */
static int
moves_record(struct answers *as, const struct check_map *cm, struct answer *a,
    struct diag *d)
{
	struct walk w;
	const char *s;
	size_t n, i, at;
	uint64_t count = 0, k;	/* (set by parse_move; -Os cannot tell) */
	int rc, dx, dy, bad = 0;

	rc = next_line(as, &s, &n);
	if (rc == LINES_ERR)
		return read_error(as, d);
	if (rc == LINES_EOF)
		return ANSWER_END;
	as->records++;
	a->line = as->lineno;
	if (rc == LINES_LONG)
		return long_line(as, d);
	if (is_error(s, n)) {
		a->claim = CLAIM_ERROR;
		return ANSWER_OK;
	}
	walk_init(&w, cm, a);
	if (is_blank(s, n) && (cm == NULL || !is_goal(cm, cm->sx, cm->sy))) {
		a->claim = CLAIM_NONE;
		return ANSWER_OK;
	}
	a->claim = CLAIM_PATH;
	if (cm != NULL)
		walk_cell(&w, cm->sx, cm->sy);
	for (i = skip_blanks(s, n, 0); i < n && !bad; i = skip_blanks(s, n, i)) {
		at = i;
		if (parse_move(s, n, &i, &dx, &dy, &count) != 0) {
			diag_set(d, as->lineno, (long)at + 1, "bad move (a direction U, D, L, R, "
			    "UR, DR, DL or UL and a count from 1, such as R2)");
			bad = ANSWER_BAD;
		}
		for (k = 0; !bad && cm != NULL && k < count && !w.stop; k++)
			walk_cell(&w, w.x + dx, w.y + dy);
	}
	if (bad)
		return bad;
	walk_end(&w);
	return ANSWER_OK;
}

/*
 * Just enough JSON for one object a line: its syntax checked, the
 * members pathfind's answers are told by noted, every other value
 * skipped.  Member names are compared as written (pathfind escapes none
 * of these).
 */
struct json {
	const char *s;
	size_t n, i;
	const char *want;	/* what was expected where it failed */
	int depth;
	/* the members seen at the top level */
	size_t path;		/* "path": the offset of its value, or 0 */
	int found;		/* "found": -1 absent, 0 false, 1 true */
	int error, trace, check;
};

static void
json_ws(struct json *j)
{
	while (j->i < j->n && (j->s[j->i] == ' ' || j->s[j->i] == '\t'))
		j->i++;
}

static int
json_fail(struct json *j, const char *want)
{
	j->want = want;
	return -1;
}

static int
json_expect(struct json *j, char c, const char *want)
{
	json_ws(j);
	if (j->i >= j->n || j->s[j->i] != c)
		return json_fail(j, want);
	j->i++;
	return 0;
}

static int
is_hex(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* A string; *k, *kn: its bytes as written, between the quotes. */
static int
json_str(struct json *j, const char **k, size_t *kn)
{
	size_t start;
	int h;

	if (json_expect(j, '"', "a string") != 0)
		return -1;
	start = j->i;
	for (; j->i < j->n && j->s[j->i] != '"'; j->i++) {
		if ((unsigned char)j->s[j->i] < 0x20)
			return json_fail(j, "a character of the string");
		if (j->s[j->i] != '\\')
			continue;
		/* (not strchr: it finds a NUL byte, the string's own end) */
		if (++j->i >= j->n || memchr("\"\\/bfnrtu", j->s[j->i], 9) == NULL)
			return json_fail(j, "an escape");
		if (j->s[j->i] == 'u')
			for (h = 0; h < 4; h++)
				if (++j->i >= j->n || !is_hex(j->s[j->i]))
					return json_fail(j, "four hex digits");
	}
	if (j->i >= j->n)
		return json_fail(j, "'\"'");
	*k = j->s + start;
	*kn = j->i - start;
	j->i++;
	return 0;
}

static int json_value(struct json *, int);

/* An object or an array after its opening bracket; top: note the members. */
static int
json_items(struct json *j, int object, int top)
{
	const char *k;
	size_t kn;
	char close = object ? '}' : ']';

	if (++j->depth > JSON_DEPTH_MAX)
		return json_fail(j, "less nesting (at most 64 levels)");
	json_ws(j);
	if (j->i < j->n && j->s[j->i] == close) {
		j->i++;
		j->depth--;
		return 0;
	}
	for (;;) {
		if (object) {
			if (json_str(j, &k, &kn) != 0 ||
			    json_expect(j, ':', "':'") != 0)
				return -1;
			json_ws(j);
			if (top) {
				if (kn == 4 && memcmp(k, "path", 4) == 0)
					j->path = j->i;
				else if (kn == 5 && memcmp(k, "found", 5) == 0)
					j->found = j->i + 5 <= j->n &&
					    memcmp(j->s + j->i, "false", 5) == 0 ? 0 : 1;
				j->error |= kn == 5 && memcmp(k, "error", 5) == 0;
				j->trace |= kn == 5 && memcmp(k, "trace", 5) == 0;
				j->check |= kn == 5 && memcmp(k, "check", 5) == 0;
			}
		}
		if (json_value(j, 0) != 0)
			return -1;
		json_ws(j);
		if (j->i < j->n && j->s[j->i] == ',') {
			j->i++;
			continue;
		}
		if (json_expect(j, close, object ? "',' or '}'" : "',' or ']'") != 0)
			return -1;
		j->depth--;
		return 0;
	}
}

static int
json_value(struct json *j, int top)
{
	static const char *const lit[] = { "true", "false", "null" };
	const char *k;
	size_t kn, start;
	int i;

	json_ws(j);
	if (j->i >= j->n)
		return json_fail(j, "a value");
	switch (j->s[j->i]) {
	case '{':
		j->i++;
		return json_items(j, 1, top);
	case '[':
		j->i++;
		return json_items(j, 0, 0);
	case '"':
		return json_str(j, &k, &kn);
	}
	for (i = 0; i < 3; i++)
		if (j->n - j->i >= strlen(lit[i]) &&
		    memcmp(j->s + j->i, lit[i], strlen(lit[i])) == 0) {
			j->i += strlen(lit[i]);
			return 0;
		}
	/* a number: -?(0|[1-9]digits)(.digits)?([eE][+-]?digits)? */
	start = j->i;
	if (j->s[j->i] == '-')
		j->i++;
	for (kn = 0; j->i < j->n && j->s[j->i] >= '0' && j->s[j->i] <= '9'; j->i++)
		kn++;
	if (kn == 0) {
		j->i = start;
		return json_fail(j, "a value");
	}
	if (kn > 1 && j->s[j->i - kn] == '0') {	/* 007: not a JSON number */
		j->i -= kn;
		return json_fail(j, "a number without a leading zero");
	}
	if (j->i < j->n && j->s[j->i] == '.') {
		for (j->i++, kn = 0; j->i < j->n && j->s[j->i] >= '0' && j->s[j->i] <= '9'; j->i++)
			kn++;
		if (kn == 0)
			return json_fail(j, "a digit");
	}
	if (j->i < j->n && (j->s[j->i] == 'e' || j->s[j->i] == 'E')) {
		j->i++;
		if (j->i < j->n && (j->s[j->i] == '+' || j->s[j->i] == '-'))
			j->i++;
		for (kn = 0; j->i < j->n && j->s[j->i] >= '0' && j->s[j->i] <= '9'; j->i++)
			kn++;
		if (kn == 0)
			return json_fail(j, "a digit");
	}
	return 0;
}

/*
 * A coordinate in JSON: a number whose value is whole, in any of JSON's
 * spellings of it (2, 2.0, 2.50e1, 200e-2, -0.0), at most NUM_DIGITS_MAX
 * digits once its zeros are dropped; JSON has one kind of number, and a
 * program that writes its coordinates as floating point writes 2.0.  The
 * error is at the number's start.
 */
static int
json_whole(struct json *j, long *v)
{
	const char *s = j->s;
	size_t k = j->i, n = j->n;
	char dig[NUM_DIGITS_MAX];
	int64_t e = 0, shift = 0;	/* the value: dig * 10^(e + shift) */
	int nd = 0, neg = 0, eneg = 0, any = 0, i;

	if (k < n && s[k] == '-')
		neg = 1, k++;
	for (; k < n && s[k] >= '0' && s[k] <= '9'; k++, any = 1)
		if (nd > 0 || s[k] != '0') {
			if (nd < NUM_DIGITS_MAX)
				dig[nd++] = s[k];
			else if (s[k] != '0')
				return -1;	/* over NUM_DIGITS_MAX digits from the first to the last not 0 */
			else
				shift++;	/* a zero past them: kept as a power */
		}
	if (!any)
		return -1;
	if (k < n && s[k] == '.') {
		for (k++, any = 0; k < n && s[k] >= '0' && s[k] <= '9'; k++, any = 1) {
			if (nd == NUM_DIGITS_MAX) {
				if (s[k] != '0')
					return -1;	/* as above */
				continue;	/* a zero past them: nothing */
			}
			shift--;
			if (nd > 0 || s[k] != '0')
				dig[nd++] = s[k];
		}
		if (!any)
			return -1;
	}
	if (k < n && (s[k] == 'e' || s[k] == 'E')) {
		k++;
		if (k < n && (s[k] == '+' || s[k] == '-'))
			eneg = s[k++] == '-';
		/*
		 * |shift| is at most the line's length, under 2^31: past
		 * 2^40 the exponent leaves the number out of range whatever
		 * the digits before it.
		 */
		for (any = 0; k < n && s[k] >= '0' && s[k] <= '9'; k++, any = 1)
			if (e < (int64_t)1 << 40)
				e = e * 10 + (s[k] - '0');
		if (!any)
			return -1;
		if (eneg)
			e = -e;
	}
	/* the digits kept, less their zeros at the end while the power is negative */
	e += shift;
	while (nd > 0 && e < 0 && dig[nd - 1] == '0')
		nd--, e++;
	if (nd == 0) {	/* zero, however written */
		*v = 0;
		j->i = k;
		return 0;
	}
	if (e < 0 || nd + e > NUM_DIGITS_MAX)
		return -1;
	*v = 0;
	for (i = 0; i < nd; i++)
		*v = *v * 10 + (dig[i] - '0');
	for (; e > 0; e--)
		*v *= 10;
	if (neg)
		*v = -*v;
	j->i = k;
	return 0;
}

/* The cells of "path", walked: [[x,y],...]; 0 cells is no path. */
static int
json_path(struct json *j, struct walk *w)
{
	long x, y;
	size_t cells = 0;

	j->i = j->path;
	if (json_expect(j, '[', "a list of [x,y] cells") != 0)
		return -1;
	json_ws(j);
	if (j->i < j->n && j->s[j->i] == ']')
		return 0;
	for (;;) {
		if (json_expect(j, '[', "[x,y]") != 0)
			return -1;
		json_ws(j);
		if (json_whole(j, &x) != 0)
			return json_fail(j, "a whole number");
		if (json_expect(j, ',', "','") != 0)
			return -1;
		json_ws(j);
		if (json_whole(j, &y) != 0)
			return json_fail(j, "a whole number");
		if (json_expect(j, ']', "']'") != 0)
			return -1;
		walk_cell(w, x, y);
		cells++;
		json_ws(j);
		if (j->i < j->n && j->s[j->i] == ',') {
			j->i++;
			continue;
		}
		if (json_expect(j, ']', "',' or ']'") != 0)
			return -1;
		return (int)(cells > 0);
	}
}

/*
 * -f json: an object a line.  An object with "error" is an error's
 * placeholder; one with "trace" (an event of --trace) is not a record and
 * is passed over, as are empty lines; otherwise "path" holds the cells,
 * none for no path, or "found" is false.
 */
static int
json_record(struct answers *as, const struct check_map *cm, struct answer *a,
    struct diag *d)
{
	struct json j;
	struct walk w;
	const char *s;
	size_t n;
	char msg[96];
	int rc;

	for (;;) {
		rc = next_line(as, &s, &n);
		if (rc == LINES_ERR)
			return read_error(as, d);
		if (rc == LINES_EOF)
			return ANSWER_END;
		if (rc == LINES_LONG) {
			as->records++;
			a->line = as->lineno;
			return long_line(as, d);
		}
		if (is_blank(s, n))
			continue;
		memset(&j, 0, sizeof(j));
		j.s = s;
		j.n = n;
		j.found = -1;
		json_ws(&j);
		if (j.i < n && s[j.i] != '{')
			rc = json_fail(&j, "a JSON object");
		else if ((rc = json_value(&j, 1)) == 0) {
			json_ws(&j);
			if (j.i < n)
				rc = json_fail(&j, "the end of the line");
		}
		if (rc == 0 && j.trace && !j.error)
			continue;
		break;
	}
	as->records++;
	a->line = as->lineno;
	if (rc != 0) {
		snprintf(msg, sizeof(msg), "bad JSON: expected %s", j.want);
		diag_set(d, as->lineno, (long)j.i + 1, msg);
		return ANSWER_BAD;
	}
	if (j.error) {
		a->claim = CLAIM_ERROR;
		return ANSWER_OK;
	}
	if (j.check) {
		diag_set(d, as->lineno, 1, "a check record, not an answer");
		return ANSWER_BAD;
	}
	if (j.path == 0) {
		if (j.found == 0) {
			a->claim = CLAIM_NONE;
			return ANSWER_OK;
		}
		diag_set(d, as->lineno, 1, "no \"path\" member (nor \"found\":false, nor \"error\")");
		return ANSWER_BAD;
	}
	a->claim = CLAIM_PATH;
	walk_init(&w, cm, a);
	if ((rc = json_path(&j, &w)) < 0) {
		snprintf(msg, sizeof(msg), "bad \"path\": expected %s", j.want);
		diag_set(d, as->lineno, (long)j.i + 1, msg);
		return ANSWER_BAD;
	}
	if (rc == 0)
		a->claim = CLAIM_NONE;
	else
		walk_end(&w);
	return ANSWER_OK;
}

static int
record(struct answers *as, const struct check_map *cm, struct answer *a, struct diag *d,
    int final)
{
	memset(a, 0, sizeof(*a));
	if (as->failed)
		return ANSWER_END;
	if (as->format == CHECK_AUTO && detect(as, d) != 0)
		return ANSWER_IOERR;
	switch (as->format) {
	case CHECK_PATH:
		return path_record(as, cm, a, d, final);
	case CHECK_MOVES:
		return moves_record(as, cm, a, d);
	case CHECK_JSON:
	case CHECK_AUTO:	/* (detect settled it) */
		break;
	}
	return json_record(as, cm, a, d);
}

/*
 * The next answer, walked over its map (cm NULL: only read, as for a map
 * with an error).  ANSWER_OK; ANSWER_END when the answers have ended;
 * ANSWER_BAD, the record cannot be read, and ANSWER_IOERR, a read error,
 * with *d saying why.
 */
int
answers_next(struct answers *as, const struct check_map *cm, struct answer *a,
    struct diag *d)
{
	return record(as, cm, a, d, 0);
}

/*
 * After the last item (a map, or with -S a scenario, named by noun): 0
 * when no answer follows; else 1 with the error in d, "more answers than
 * NOUNs (N NOUNs)" at the answer left over, or a read error.
 */
int
answers_left(struct answers *as, const char *noun, struct diag *d)
{
	struct answer a;
	int rc = record(as, NULL, &a, d, 1);
	long n = as->records - 1;

	if (rc == ANSWER_END)
		return 0;
	if (rc != ANSWER_IOERR) {
		d->line = a.line, d->col = 1;
		snprintf(d->msg, sizeof(d->msg), "more answers than %ss (%ld %s%s)", noun, n,
		    noun, n == 1 ? "" : "s");
	}
	return 1;
}

/*
 * The verdict on an answer, given the search's result r.  A legal path
 * cheaper than r's (possible only with sqrt2 costs, whose keys are
 * rounded; see pathfind(1), COST MODEL) is the least cost known, and
 * stands as the optimum.
 */
void
check_judge(const struct answer *ans, enum diagrule rule, const struct costs *c,
    const struct search_result *r, struct check_result *cr)
{
	int cmp;

	memset(cr, 0, sizeof(*cr));
	cr->ans = ans;
	cr->rule = rule;
	cr->found = r->found;
	cr->a = r->a;
	cr->b = r->b;
	switch (ans->claim) {
	case CLAIM_ERROR:
		cr->verdict = VERDICT_UNANSWERED;
		return;
	case CLAIM_NONE:
		cr->verdict = cr->found ? VERDICT_WRONG : VERDICT_RIGHT;
		return;
	case CLAIM_PATH:
		break;
	}
	if (ans->illegal != ILLEGAL_NONE) {
		cr->verdict = VERDICT_ILLEGAL;
		return;
	}
	cmp = cr->found ? cost_compare(c, ans->a, ans->b, cr->a, cr->b) : -1;
	if (cmp < 0) {
		cr->found = 1;
		cr->a = ans->a;
		cr->b = ans->b;
	}
	cr->verdict = cmp > 0 ? VERDICT_COSTLIER : VERDICT_RIGHT;
}

/* Why the answer's step is illegal, as the check record says it. */
void
check_reason(const struct check_result *cr, char *buf, size_t n)
{
	static const char *const fixed[] = { "legal", "", "not a neighbour",
		"a diagonal step (-d never)", "off the map", "into a wall", "", "",
		"ends the path, not on a goal" };
	const struct answer *a = cr->ans;

	if (a->illegal == ILLEGAL_START)
		snprintf(buf, n, "not the start (%d,%d)", a->px[0], a->py[0]);
	else if (a->illegal == ILLEGAL_CORNER)
		snprintf(buf, n, "cuts the corner at (%d,%d) (-d %s)", a->px[0], a->py[0],
		    diag_names[cr->rule]);
	else if (a->illegal == ILLEGAL_SQUEEZE)
		snprintf(buf, n, "squeezes between (%d,%d) and (%d,%d) (-d %s)", a->px[0],
		    a->py[0], a->px[1], a->py[1], diag_names[cr->rule]);
	else
		snprintf(buf, n, "%s", fixed[a->illegal]);
}
