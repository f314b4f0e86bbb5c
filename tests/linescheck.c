/*
 * linescheck - src/lines.c over reads of a few bytes each, as from a pipe,
 * with its searches for line ends counted.
 *
 *   linescheck LEN PIECE
 *   linescheck block
 *
 * Feeds a stream of "a" (a BOM first), a line of LEN bytes, CR LF, "bb",
 * LF and "c" without an LF, to lines_next with a limit of 256 MiB (that
 * of --check's answers), read(2) returning at most PIECE bytes a call.
 * Checks the four lines returned, and that the bytes searched for an LF
 * are at most twice the stream's: a line that comes in N pieces must not
 * be searched again from its start after each (N * LEN / 2 bytes).
 * Prints "ok" and the counts, exits 0; or says what failed, exits 1.
 *
 * With "block", checks lines_block_here and lines_top_up (how -j tells
 * that the next map is small and in the buffer) on maps read 5 bytes a
 * read(2), and lines_preload (a file that -j read ahead): its lines, and
 * no read(2); and lines_spent (where a batch may go on into the next
 * file).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

static size_t searched;
static const char *feed;
static size_t feedlen, fed, piece;

static void *
counted_memchr(const void *s, int c, size_t n)
{
	searched += n;
	return memchr(s, c, n);
}

static size_t reads;

static ssize_t
piece_read(int fd, void *buf, size_t n)
{
	(void)fd;
	reads++;
	if (n > piece)
		n = piece;
	if (n > feedlen - fed)
		n = feedlen - fed;
	memcpy(buf, feed + fed, n);
	fed += n;
	return (ssize_t)n;
}

#define memchr counted_memchr
#define read piece_read
#include "../src/lines.c"
#undef memchr
#undef read

static int
want(struct lines *l, int wrc, const char *w, size_t wn, char fill)
{
	const char *s = NULL;
	size_t n = 0, i;
	int rc = lines_next(l, &s, &n);

	if (rc != wrc || n != wn) {	/* (at the end, *len is left as it was: 0) */
		fprintf(stderr, "linescheck: line %ld: rc %d length %zu, want %d %zu\n",
		    l->lineno, rc, n, wrc, wn);
		return -1;
	}
	for (i = 0; i < n; i++)
		if (s[i] != (w != NULL ? w[i] : fill)) {
			fprintf(stderr, "linescheck: line %ld: byte %zu differs\n", l->lineno, i);
			return -1;
		}
	return 0;
}

/* lines_block_here(l, max) must be want: 0 if so. */
static int
here(struct lines *l, size_t max, int want, const char *what)
{
	int got = lines_block_here(l, max);

	if (got == want)
		return 0;
	fprintf(stderr, "linescheck: %s: lines_block_here %d, want %d\n", what, got, want);
	return -1;
}

/* Read lines until an empty one (or the end). */
static void
skip_block(struct lines *l)
{
	const char *s;
	size_t n;

	while (lines_next(l, &s, &n) == LINES_OK && n > 0)
		;
}

/* lines_spent(l) must be want: 0 if so. */
static int
spent(struct lines *l, int want, const char *what)
{
	int got = lines_spent(l);

	if (got == want)
		return 0;
	fprintf(stderr, "linescheck: %s: lines_spent %d, want %d\n", what, got, want);
	return -1;
}

/*
 * A whole stream handed over read (lines_preload): its lines, no read(2);
 * and lines_spent, which says that nothing but empty lines is left.
 */
static int
preload(void)
{
	static const char stream[] = "\xef\xbb\xbf" "A.B\r\n\nA#B";
	static const char tail[] = "A\n\r\n\n";
	struct lines l;
	const char *s;
	size_t n;

	feed = "never read";
	feedlen = strlen(feed);
	fed = reads = 0;
	piece = 64;
	if (lines_open(&l, 0, 1024) != 0)
		return 2;
	lines_preload(&l, stream, sizeof(stream) - 1);
	if (here(&l, 64, 0, "preloaded, before the first line") != 0 ||
	    want(&l, LINES_OK, "A.B", 3, 0) != 0 || spent(&l, 0, "a block left") != 0 ||
	    want(&l, LINES_OK, "", 0, 0) != 0 ||
	    here(&l, 64, 1, "preloaded, the last block") != 0 ||
	    want(&l, LINES_OK, "A#B", 3, 0) != 0 || spent(&l, 1, "at the end") != 0 ||
	    want(&l, LINES_EOF, "", 0, 0) != 0 || lines_top_up(&l) != 0)
		return 1;
	if (reads != 0) {
		fprintf(stderr, "linescheck: a preloaded stream was read %zu times\n", reads);
		return 1;
	}
	lines_close(&l);
	/* empty lines left, CRLF among them; and the last line pushed back */
	if (lines_open(&l, 0, 1024) != 0)
		return 2;
	lines_preload(&l, tail, sizeof(tail) - 1);
	if (spent(&l, 0, "nothing read yet") != 0 || want(&l, LINES_OK, "A", 1, 0) != 0 ||
	    spent(&l, 1, "empty lines left") != 0)
		return 1;
	lines_unget(&l);
	if (spent(&l, 0, "a line pushed back") != 0)
		return 1;
	(void)lines_next(&l, &s, &n);
	lines_close(&l);
	/* a stream not at its end may have more to come */
	feed = "A\n\n";
	feedlen = strlen(feed);
	fed = 0;
	if (lines_open(&l, 0, 1024) != 0)
		return 2;
	if (want(&l, LINES_OK, "A", 1, 0) != 0 || spent(&l, 0, "before the end is read") != 0)
		return 1;
	lines_close(&l);
	printf("ok: lines_preload\n");
	return 0;
}

static int
block(void)
{
	static const char stream[] = "A.B\n\n\nA#B\r\n.B.\r\n\r\nAAAAAAAAAAB\n\nA..B";
	struct lines l;
	const char *s;
	size_t n;

	feed = stream;
	feedlen = sizeof(stream) - 1;
	piece = 5;
	if (lines_open(&l, 0, 1024) != 0)
		return 2;
	/* nothing read yet: the start is not checked */
	if (here(&l, 64, 0, "before the first line") != 0)
		return 1;
	skip_block(&l);	/* A.B and the empty line: 5 bytes read, "\nA#B" next */
	if (here(&l, 64, 0, "a block not yet read") != 0)
		return 1;
	while (lines_top_up(&l) && !lines_block_here(&l, 64))
		;
	/* an empty line, then A#B, .B. and the empty line after them: 13 bytes */
	if (here(&l, 64, 1, "a block ended by an empty line, CRLF") != 0 ||
	    here(&l, 12, 0, "the same, past max") != 0 || here(&l, 13, 1, "the same, at max") != 0)
		return 1;
	if (lines_next(&l, &s, &n) != LINES_OK || n != 0) {
		fprintf(stderr, "linescheck: an empty line is not where it was\n");
		return 1;
	}
	lines_unget(&l);
	if (here(&l, 64, 0, "a line pushed back") != 0)
		return 1;
	skip_block(&l);
	skip_block(&l);	/* A#B, .B. and the empty line */
	while (lines_top_up(&l))
		;
	/* AAAAAAAAAAB, the empty line, and A..B at the end without an LF */
	if (here(&l, 64, 1, "a block at the end of the stream") != 0)
		return 1;
	skip_block(&l);
	if (here(&l, 64, 1, "the last line, without its end") != 0 ||
	    here(&l, 3, 0, "the same, past max") != 0)
		return 1;
	skip_block(&l);
	if (here(&l, 64, 0, "nothing left") != 0 || lines_top_up(&l) != 0)
		return 1;
	lines_close(&l);
	printf("ok: lines_block_here and lines_top_up\n");
	return preload();
}

int
main(int argc, char **argv)
{
	struct lines l;
	char *buf, *p;
	size_t len;

	if (argc == 2 && strcmp(argv[1], "block") == 0)
		return block();
	if (argc != 3 || (len = strtoul(argv[1], NULL, 10)) == 0 ||
	    (piece = strtoul(argv[2], NULL, 10)) == 0) {
		fprintf(stderr, "usage: linescheck LEN PIECE | block\n");
		return 2;
	}
	if ((buf = malloc(len + 16)) == NULL) {
		perror("linescheck");
		return 2;
	}
	p = buf;
	memcpy(p, "\xef\xbb\xbf" "a\n", 5), p += 5;
	memset(p, 'x', len), p += len;
	memcpy(p, "\r\nbb\nc", 6), p += 6;
	feed = buf;
	feedlen = (size_t)(p - buf);
	if (lines_open(&l, 0, (size_t)256 << 20) != 0) {
		perror("linescheck");
		return 2;
	}
	if (want(&l, LINES_OK, "a", 1, 0) != 0 || want(&l, LINES_OK, NULL, len, 'x') != 0 ||
	    want(&l, LINES_OK, "bb", 2, 0) != 0 || want(&l, LINES_OK, "c", 1, 0) != 0 ||
	    want(&l, LINES_EOF, "", 0, 0) != 0)
		return 1;
	if (searched > 2 * feedlen) {
		fprintf(stderr, "linescheck: %zu bytes searched for line ends in a stream of %zu\n",
		    searched, feedlen);
		return 1;
	}
	printf("ok: %zu bytes searched in a stream of %zu, %zu bytes a read\n",
	    searched, feedlen, piece);
	lines_close(&l);
	free(buf);
	return 0;
}
