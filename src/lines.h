/*
 * lines.h - a buffered line reader over a file descriptor.
 *
 * Hands out one line at a time without copying when it can, strips the
 * line end (LF or CRLF), counts lines, and never holds more than one
 * line: a line longer than the caller's limit is returned as LINES_LONG
 * as soon as its first limit + 2 bytes are in, whether or not it ever
 * ends, and the next call skips the rest of it in pieces, so a 100 MB
 * line costs no more memory than a short one.  A line that goes on for
 * LINES_SKIP_MAX bytes more without an end ends the stream (LINES_EOF):
 * nothing else will come from it, as from /dev/zero.  A UTF-8 byte-order
 * mark (EF BB BF) at the very start of the stream is skipped, so that
 * the first line starts after it; anywhere else it is data.  The buffer
 * holds the longest line and its line end from the start, unless the
 * limit is large (LINES_GROW_FROM): then it starts at that size and
 * grows with the longest line read.
 */
#ifndef LINES_H
#define LINES_H

#include <stddef.h>

/*
 * Read in 64 KiB: each page of the buffer costs a page fault the first
 * time read(2) fills it (15-20 us on the CI machine's virtual machine), so
 * a larger buffer makes a process's first map slower (a 1 MB map: 2.9 ms
 * with 256 KiB, 1.7 ms with 64 KiB), for 12 more read(2) calls per MB.
 */
#define LINES_BUFSIZE (64 * 1024)

#define LINES_SKIP_MAX ((size_t)1 << 30)	/* 1 GiB: see above */
#define LINES_GROW_FROM (4 * LINES_BUFSIZE)

struct lines {
	int fd;
	int eof;		/* read(2) returned 0 */
	int begun;		/* the start was checked for a byte-order mark */
	int err;		/* errno of a failed read, or 0 */
	long lineno;		/* number of the line last returned, 1-based */
	size_t limit;		/* longest line handed out, without line end */
	char *buf;
	size_t cap;		/* bytes at buf */
	size_t start, end;	/* unread bytes are buf[start, end) */
	int pushed;		/* the last line was pushed back */
	const char *last;	/* the last line returned, for lines_unget */
	size_t lastlen;
	int lastlong;
	/* Called before each read(2), which may wait for input; or NULL. */
	void (*before_read)(void *);
	void *arg;
	int skipping;		/* the rest of a LINES_LONG line is still to skip */
};

enum {
	LINES_EOF = 0,
	LINES_OK = 1,
	LINES_LONG = 2,		/* longer than limit: *len is limit + 1 */
	LINES_ERR = -1		/* read error; errno in l->err */
};

int	lines_open(struct lines *, int, size_t);
/*
 * Right after lines_open: the whole stream is these n bytes (at most
 * LINES_BUFSIZE), read already; fd is not read.
 */
void	lines_preload(struct lines *, const char *, size_t);
void	lines_close(struct lines *);
int	lines_next(struct lines *, const char **, size_t *);
void	lines_unget(struct lines *);
int	lines_block_here(const struct lines *, size_t);
int	lines_top_up(struct lines *);
int	lines_spent(const struct lines *);

#endif
