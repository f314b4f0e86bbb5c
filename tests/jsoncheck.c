/*
 * jsoncheck - validate pathfind's JSON Lines and pull out what the
 * brute-force checker already verifies in other formats.
 *
 *   jsoncheck FILE      every line must be one valid JSON object (RFC 8259:
 *                       syntax, escapes, UTF-8, numbers); prints each
 *                       object's "path" as pathfind -f path would (x y lines,
 *                       a blank line between objects)
 *   jsoncheck -c FILE   the same checks; prints each object's "cost" token
 *                       as written ("null" when there is none)
 *
 * Exit 1 with the line and column of the first fault.  The tests compare
 * the output with -f path and the text format's cost lines, which
 * tests/brute.c checks against its own optimum.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *p, *line0;
static long lineno;
static int depth;

/* What the top-level object says, gathered while validating. */
static char cost[64];
static int npath, inpath, pathbuf[1 << 20];

static _Noreturn void
fail(const char *why)
{
	fprintf(stderr, "jsoncheck: line %ld, column %ld: %s\n", lineno,
	    (long)(p - line0) + 1, why);
	exit(1);
}

static void
ws(void)
{
	while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
		p++;
}

static void value(void);

/* A string; when key is given, its first keycap - 1 bytes go there. */
static void
string(char *key, size_t keycap)
{
	size_t n = 0;

	if (*p++ != '"')
		fail("expected a string");
	for (;;) {
		unsigned char c = (unsigned char)*p;
		int k, more;

		if (c == '"') {
			p++;
			break;
		}
		if (c < 0x20)
			fail("control character in a string");
		if (c == '\\') {
			p++;
			if (strchr("\"\\/bfnrt", *p) != NULL && *p != '\0')
				p++;
			else if (*p == 'u') {
				for (k = 1; k <= 4; k++)
					if (strchr("0123456789abcdefABCDEF", p[k]) == NULL || p[k] == '\0')
						fail("bad \\u escape");
				p += 5;
			} else
				fail("bad escape");
			continue;
		}
		if (c < 0x80)
			more = 0;
		else if (c >= 0xc2 && c <= 0xdf)
			more = 1;
		else if (c >= 0xe0 && c <= 0xef)
			more = 2;
		else if (c >= 0xf0 && c <= 0xf4)
			more = 3;
		else
			fail("invalid UTF-8");
		for (k = 1; k <= more; k++)
			if (((unsigned char)p[k] & 0xc0) != 0x80)
				fail("invalid UTF-8");
		if (key != NULL && n + 1 < keycap)
			key[n++] = (char)c;
		p += 1 + more;
	}
	if (key != NULL)
		key[n] = '\0';
}

/* A number by the RFC grammar; returns its text in buf. */
static void
number(char *buf, size_t cap)
{
	const char *s = p;

	if (*p == '-')
		p++;
	if (*p == '0')
		p++;
	else if (*p >= '1' && *p <= '9')
		while (*p >= '0' && *p <= '9')
			p++;
	else
		fail("bad number");
	if (*p == '.') {
		p++;
		if (!(*p >= '0' && *p <= '9'))
			fail("bad fraction");
		while (*p >= '0' && *p <= '9')
			p++;
	}
	if (*p == 'e' || *p == 'E') {
		p++;
		if (*p == '+' || *p == '-')
			p++;
		if (!(*p >= '0' && *p <= '9'))
			fail("bad exponent");
		while (*p >= '0' && *p <= '9')
			p++;
	}
	if (buf != NULL) {
		size_t n = (size_t)(p - s) < cap - 1 ? (size_t)(p - s) : cap - 1;

		memcpy(buf, s, n);
		buf[n] = '\0';
	}
}

static void
literal(const char *w)
{
	size_t n = strlen(w);

	if (strncmp(p, w, n) != 0)
		fail("bad literal");
	p += n;
}

/* Any value; the top-level "cost" and the pairs of "path" are kept. */
static void
value(void)
{
	char num[64];

	ws();
	if (++depth > 64)
		fail("nested too deep");
	switch (*p) {
	case '{':
		p++;
		ws();
		if (*p == '}') {
			p++;
			break;
		}
		for (;;) {
			char key[32];
			int top = depth == 1;

			ws();
			string(key, sizeof(key));
			ws();
			if (*p++ != ':')
				fail("expected ':'");
			ws();
			if (top && strcmp(key, "cost") == 0 && *p != 'n')
				number(cost, sizeof(cost));
			else {
				if (top && strcmp(key, "path") == 0)
					inpath = 1;
				value();
				inpath = 0;
			}
			ws();
			if (*p == ',') {
				p++;
				continue;
			}
			if (*p++ != '}')
				fail("expected ',' or '}'");
			break;
		}
		break;
	case '[':
		p++;
		ws();
		if (*p == ']') {
			p++;
			break;
		}
		for (;;) {
			ws();
			if (inpath && depth == 3) {	/* a coordinate of [x,y] */
				number(num, sizeof(num));
				if (npath >= (int)(sizeof(pathbuf) / sizeof(pathbuf[0])))
					fail("path too long");
				pathbuf[npath++] = atoi(num);
			} else
				value();
			ws();
			if (*p == ',') {
				p++;
				continue;
			}
			if (*p++ != ']')
				fail("expected ',' or ']'");
			break;
		}
		break;
	case '"':
		string(NULL, 0);
		break;
	case 't':
		literal("true");
		break;
	case 'f':
		literal("false");
		break;
	case 'n':
		literal("null");
		break;
	default:
		number(NULL, 0);
	}
	depth--;
}

int
main(int argc, char **argv)
{
	static char buf[1 << 24];
	int costs = argc == 3 && strcmp(argv[1], "-c") == 0, k, first = 1;
	FILE *fp;

	if (argc != 2 + costs || (fp = fopen(argv[1 + costs], "r")) == NULL) {
		fprintf(stderr, "usage: jsoncheck [-c] FILE\n");
		return 2;
	}
	while (fgets(buf, sizeof(buf), fp) != NULL) {
		lineno++;
		p = line0 = buf;
		if (strchr(buf, '\n') == NULL)
			fail("line too long or not ended");
		strcpy(cost, "null");
		npath = 0;
		ws();
		if (*p != '{')
			fail("a line must hold one object");
		value();
		ws();
		if (*p != '\0')
			fail("text after the object");
		if (npath % 2 != 0)
			fail("odd number of path coordinates");
		if (costs)
			printf("%s\n", cost);
		else {
			if (!first)
				putchar('\n');
			for (k = 0; k < npath; k += 2)
				printf("%d %d\n", pathbuf[k], pathbuf[k + 1]);
		}
		first = 0;
	}
	return 0;
}
