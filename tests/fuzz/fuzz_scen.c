/*
 * fuzz_scen.c - libFuzzer target: MovingAI scenario lines (scen_parse)
 * read with the line reader as scen_batch reads them.
 *
 * Input: byte 0 picks the read(2) size as in fuzz_map.c (bits 0-2); the
 * rest is a scenario file.  Every line is parsed and the answer checked
 * against an independent reading of pathfind(1), SCENARIOS: blank and
 * "version" lines are skipped; otherwise nine fields separated by spaces
 * or tabs, fields 3-8 whole numbers 0 to 65535 (leading zeros allowed),
 * field 9 digits with an optional point and digits, no superfluous
 * leading zero, shorter than 32 bytes.  A good line must parse to exactly these values,
 * a bad one must fail with a message at a column inside the line.
 */
#include <math.h>
#include <string.h>

#include "../../src/lines.h"
#include "../../src/scen.h"
#include "fuzz.h"

#define SCEN_LINE_MAX 4096	/* as in scen.c; pathfind(1), LIMITS */

static int
blank(int c)
{
	return c == ' ' || c == '\t';
}

/* A whole number field: digits, leading zeros allowed, at most 65535.  -1 if not. */
static long
number(const char *s, size_t n)
{
	long v = 0;
	size_t i, sig = 0;	/* digits from the first that is not 0 */

	if (n == 0)
		return -1;
	for (i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		if ((sig += sig > 0 || s[i] != '0') > 5)
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	return v <= 65535 ? v : -1;
}

/* The length field: (0|[1-9][0-9]*)(\.[0-9]+)?, under 32 bytes.  Places or -1. */
static int
length_places(const char *s, size_t n)
{
	size_t i = 0, ip;

	if (n == 0 || n >= 32)
		return -1;
	while (i < n && s[i] >= '0' && s[i] <= '9')
		i++;
	ip = i;
	if (ip == 0 || (ip > 1 && s[0] == '0'))
		return -1;
	if (i == n)
		return 0;
	if (s[i] != '.' || i + 1 == n)
		return -1;
	for (i++; i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			return -1;
	return (int)(n - ip - 1);
}

static void
check_line(const char *s, size_t n, long lineno)
{
	const char *f[10];
	size_t len[10], i = 0, k = 0;
	struct scen sc;
	struct diag d;
	long v[9];
	int rc, ok = 1, places = -1, j;

	while (i < n && k < 10) {
		while (i < n && blank((unsigned char)s[i]))
			i++;
		if (i == n)
			break;
		f[k] = s + i;
		while (i < n && !blank((unsigned char)s[i]))
			i++;
		len[k] = (size_t)(s + i - f[k]);
		k++;
	}
	memset(&sc, 0x55, sizeof(sc));
	memset(&d, 0, sizeof(d));
	sc.line = lineno;
	rc = scen_parse(s, n, &sc, &d);
	CHECK(rc == SCEN_SKIP || rc == SCEN_OK || rc == SCEN_BAD);
	if (k == 0 || (len[0] == 7 && memcmp(f[0], "version", 7) == 0)) {
		CHECK(rc == SCEN_SKIP);
		return;
	}
	if (k != 9)
		ok = 0;
	for (j = 2; ok && j < 8; j++)
		if ((v[j] = number(f[j], len[j])) < 0)
			ok = 0;
	if (ok && (places = length_places(f[8], len[8])) < 0)
		ok = 0;
	if (!ok) {
		size_t ml = strnlen(d.msg, sizeof(d.msg));

		CHECK(rc == SCEN_BAD);
		CHECK(ml > 0 && ml < sizeof(d.msg));
		CHECK(d.line == lineno);
		CHECK(d.col >= 1 && (size_t)d.col <= n + 1);
		return;
	}
	CHECK(rc == SCEN_OK);
	CHECK(sc.line == lineno);
	CHECK(sc.mw == v[2] && sc.mh == v[3]);
	CHECK(sc.sx == v[4] && sc.sy == v[5] && sc.gx == v[6] && sc.gy == v[7]);
	CHECK(strlen(sc.lenstr) == len[8] && memcmp(sc.lenstr, f[8], len[8]) == 0);
	CHECK(sc.decimals == places);
	CHECK(isfinite(sc.length) && sc.length >= 0);
	CHECK(sc.length == strtod(sc.lenstr, NULL));
	CHECK(scen_tolerance(&sc) >= 0 && isfinite(scen_tolerance(&sc)));
	if (places > 0)	/* at least one unit of the last decimal */
		CHECK(scen_tolerance(&sc) >= pow(10, -places));
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct lines ln;
	const char *s;
	size_t n;
	int fd, rc;
	long lines = 0;

	if (size == 0)
		return 0;
	fd = fuzz_fd(data + 1, size - 1);
	fuzz_read_chunk(fd, fuzz_chunk_for(data[0], size - 1));
	CHECK(lines_open(&ln, fd, SCEN_LINE_MAX) == 0);
	while ((rc = lines_next(&ln, &s, &n)) != LINES_EOF) {
		CHECK(rc == LINES_OK || rc == LINES_LONG);
		lines++;
		CHECK(ln.lineno == lines);
		if (rc == LINES_LONG) {
			CHECK(n == SCEN_LINE_MAX + 1);
			continue;
		}
		CHECK(n <= SCEN_LINE_MAX);
		CHECK(memchr(s, '\n', n) == NULL);
		check_line(s, n, ln.lineno);
	}
	CHECK((size_t)lines <= size);
	lines_close(&ln);
	fuzz_read_chunk(-1, 0);
	return 0;
}
