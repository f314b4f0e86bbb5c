/* lines.c - see lines.h. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lines.h"

int
lines_open(struct lines *l, int fd, size_t limit)
{
	memset(l, 0, sizeof(*l));
	l->fd = fd;
	l->limit = limit;
	/* Room for the longest line plus its CRLF, and then some, or to grow. */
	l->cap = limit + 2 > LINES_GROW_FROM ? LINES_GROW_FROM :
	    LINES_BUFSIZE > limit + 2 ? LINES_BUFSIZE : limit + 2;
	l->buf = malloc(l->cap);
	return l->buf == NULL ? -1 : 0;
}

void
lines_preload(struct lines *l, const char *p, size_t n)
{
	memcpy(l->buf, p, n);
	l->end = n;
	l->eof = 1;
}

void
lines_close(struct lines *l)
{
	free(l->buf);
	l->buf = NULL;
}

/* Move unread bytes to the front and read more.  Returns bytes added, 0 at EOF, -1 on error. */
static long
fill(struct lines *l)
{
	ssize_t n;

	if (l->eof || l->err)
		return 0;
	if (l->start > 0) {
		memmove(l->buf, l->buf + l->start, l->end - l->start);
		l->end -= l->start;
		l->start = 0;
	}
	if (l->before_read != NULL)
		l->before_read(l->arg);
	do
		n = read(l->fd, l->buf + l->end, l->cap - l->end);
	while (n < 0 && errno == EINTR);
	if (n < 0) {
		l->err = errno;
		return -1;
	}
	if (n == 0)
		l->eof = 1;
	l->end += (size_t)n;
	return (long)n;
}

/*
 * The buffer is full of one unfinished line: twice the room, up to the
 * longest line and its CRLF.  -1, with l->err ENOMEM, when there is none.
 */
static int
grow(struct lines *l)
{
	size_t cap = l->cap > (l->limit + 2) / 2 ? l->limit + 2 : 2 * l->cap;
	char *p = realloc(l->buf, cap);

	if (p == NULL) {
		l->err = ENOMEM;
		return -1;
	}
	l->buf = p;
	l->cap = cap;
	return 0;
}

/*
 * At the start of the stream: skip a byte-order mark, reading until three
 * bytes are here (reads may come a byte at a time).  A read error is left
 * in l->err for lines_next to report.
 */
static void
skip_bom(struct lines *l)
{
	l->begun = 1;
	while (l->end - l->start < 3 && fill(l) > 0)
		;
	if (l->end - l->start >= 3 && memcmp(l->buf + l->start, "\xef\xbb\xbf", 3) == 0)
		l->start += 3;
}

/*
 * The rest of a line that was too long: drop bytes up to and including
 * its line end.  LINES_OK when it ended; LINES_EOF when the stream did,
 * or when it went on for LINES_SKIP_MAX bytes without one (then the
 * stream is given up: no line will ever come from it, as from /dev/zero);
 * LINES_ERR on a read error.
 */
static int
skip_rest(struct lines *l)
{
	size_t skipped = 0;
	char *nl;

	for (;;) {
		nl = memchr(l->buf + l->start, '\n', l->end - l->start);
		if (nl != NULL) {
			l->start = (size_t)(nl - l->buf) + 1;
			l->skipping = 0;
			return LINES_OK;
		}
		skipped += l->end - l->start;
		l->start = l->end;
		if (skipped > LINES_SKIP_MAX) {
			l->eof = 1;
			l->skipping = 0;
			return LINES_EOF;
		}
		if (fill(l) <= 0) {
			if (l->err)
				return LINES_ERR;
			l->skipping = 0;
			return LINES_EOF;
		}
	}
}

int
lines_next(struct lines *l, const char **line, size_t *len)
{
	size_t n, seen = 0;	/* bytes from start already searched for LF */
	char *nl;
	int rc;

	if (l->pushed) {
		l->pushed = 0;
		*line = l->last;
		*len = l->lastlen;
		l->lineno++;
		return l->lastlong ? LINES_LONG : LINES_OK;
	}
	if (!l->begun)
		skip_bom(l);
	if (l->skipping && (rc = skip_rest(l)) != LINES_OK)
		return rc;
	for (;;) {
		/*
		 * Only the bytes the last read added: a long line that comes
		 * from a pipe 64 KiB a read is searched once, not again from
		 * its start after each read.
		 */
		nl = memchr(l->buf + l->start + seen, '\n', l->end - l->start - seen);
		if (nl != NULL)
			break;
		seen = l->end - l->start;
		/*
		 * limit + 2 bytes and no line end (limit + 1 could still be a
		 * line of limit and its CR): too long, whatever follows.  Say so
		 * now, not when the line ends, which may be never; the next call
		 * skips the rest.  The buffer holds limit + 2 bytes.
		 */
		if (l->end - l->start >= l->limit + 2) {
			*line = l->buf + l->start;
			*len = l->limit + 1;
			l->start = l->end;
			l->skipping = 1;
			l->lineno++;
			l->last = *line, l->lastlen = *len, l->lastlong = 1;
			return LINES_LONG;
		}
		if (l->end - l->start == l->cap && grow(l) != 0)
			return LINES_ERR;
		if (fill(l) <= 0) {
			if (l->err)
				return LINES_ERR;
			if (l->end == l->start)
				return LINES_EOF;
			nl = l->buf + l->end;	/* last line, no newline */
			break;
		}
	}
	n = (size_t)(nl - (l->buf + l->start));
	*line = l->buf + l->start;
	if (n > 0 && (*line)[n - 1] == '\r')
		n--;
	l->start = nl < l->buf + l->end ? (size_t)(nl - l->buf) + 1 : l->end;
	l->lineno++;
	if (n > l->limit) {
		*len = l->limit + 1;
		l->last = *line, l->lastlen = *len, l->lastlong = 1;
		return LINES_LONG;
	}
	*len = n;
	l->last = *line, l->lastlen = n, l->lastlong = 0;
	return LINES_OK;
}

/*
 * Push the last line back so that the next lines_next returns it again.
 * Valid only directly after lines_next returned a line.
 */
void
lines_unget(struct lines *l)
{
	l->pushed = 1;
	l->lineno--;
}

/*
 * Is the next block of lines, the non-empty lines after any empty ones up
 * to the next empty line or the end of the stream, all in the buffer,
 * within its next max bytes?  Then reading it calls no read(2), and it
 * has at most max bytes.  0 when it is not, or cannot be told (a line
 * pushed back or being skipped, the start not yet checked), and at the
 * end of the stream when no block is left.
 */
int
lines_block_here(const struct lines *l, size_t max)
{
	const char *p = l->buf + l->start, *end = l->buf + l->end, *nl;
	size_t n;
	int seen = 0;

	if (l->pushed || l->skipping || !l->begun || l->err)
		return 0;
	if ((size_t)(end - p) > max)
		end = p + max;
	while (p < end && (nl = memchr(p, '\n', (size_t)(end - p))) != NULL) {
		n = (size_t)(nl - p);
		if (n > 0 && p[n - 1] == '\r')
			n--;
		if (n > 0)
			seen = 1;
		else if (seen)
			return 1;
		p = nl + 1;
	}
	if (p < end)
		seen = 1;	/* (a last line without its end) */
	/* the block ends the stream, and nothing is past max */
	return seen && l->eof && end == l->buf + l->end;
}

/*
 * Read more into the buffer now, once, as lines_next would when its bytes
 * ran out, keeping those not yet read: 1 when some came.  An error or the
 * end is left for lines_next to meet where the bytes run out.
 */
int
lines_top_up(struct lines *l)
{
	if (l->pushed || l->skipping || !l->begun || (l->start == 0 && l->end == l->cap))
		return 0;
	return fill(l) > 0;
}

/*
 * Has the stream ended, with nothing left in the buffer but line ends
 * (empty lines)?  Then no more lines come from it, and none is read.
 */
int
lines_spent(const struct lines *l)
{
	const char *p = l->buf + l->start, *end = l->buf + l->end;

	if (!l->eof || l->pushed || l->skipping || l->err)
		return 0;
	for (; p < end; p++)
		if (*p != '\n' && *p != '\r')
			return 0;
	return 1;
}
