/*
 * pathfind - find the cheapest path from A to the nearest B in grid maps.
 *
 * main.c only wires the modules together: options -> the map-stream
 * driver (maps.c) or the scenario driver (scen.c) -> exit status.  Both
 * write through out.c.  See pathfind(1).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "maps.h"
#include "options.h"
#include "out.h"
#include "scen.h"
#include "status.h"

/*
 * Descriptors 0, 1 and 2 open if they were closed: else the first file
 * pathfind opens (an --image, a map) would become standard input, output
 * or error, and the trace or a message would be written into it.  Output
 * and error go to /dev/null; input is an empty pipe of the process's own
 * (its writing end closed), not /dev/null, so that a name for it
 * (/dev/stdin) is told from a file the user named (/dev/null itself) and
 * refused as standard input is (out_is_stdin).  Returns a bit (1 << fd)
 * for each that was closed, or -1 if they cannot be had.
 */
static int
std_fds(void)
{
	int fd, closed = 0, p[2];

	for (fd = 0; fd <= 2; fd++)
		if (fcntl(fd, F_GETFD) == -1 && errno == EBADF) {
			int nfd;

			/* (the writing end may take 1 or 2 for a moment: seen next) */
			if (fd == 0 && pipe(p) == 0) {
				close(p[1]);
				nfd = p[0];
			} else
				nfd = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY);
			if (nfd != fd) {
				if (nfd >= 0)
					close(nfd);
				return -1;
			}
			closed |= 1 << fd;
		}
	return closed;
}

static char errbuf[1 << 16];	/* standard error's, line-buffered (main) */
static char outbuf[1 << 16];	/* standard output's, unless a terminal (main) */

static int
stdout_error(int err)
{
	out_write_error(err);
	return EX_ERROR;
}

int
main(int argc, char **argv)
{
	struct options opt;
	int closed;

	if ((closed = std_fds()) < 0)
		return EX_ERROR;
	/*
	 * Standard error line-buffered, not unbuffered: a message is built
	 * by several calls (the name, its escapes, the position, the text),
	 * and unbuffered each is a write of its own, so that the lines of
	 * two processes sharing the descriptor (xargs -P, a make -j log)
	 * could interleave within a line.  Line-buffered, each line goes out
	 * in one write(2), at its newline: a line of up to 64 KiB (BUFSIZ
	 * is 8 KiB under glibc, 1 KiB under musl; a name escaped can be
	 * four times its bytes).
	 */
	setvbuf(stderr, errbuf, _IOLBF, sizeof(errbuf));
	/*
	 * Standard output block-buffered unless it is a terminal, in blocks
	 * of the file's preferred size (8 KiB where it has none, at most 64
	 * KiB), as glibc does by itself: musl's stdout starts line-buffered
	 * and writes its first line at once, and then in blocks of 1 KiB, so
	 * that a write error on a file or pipe was found at another record
	 * than under glibc, and the summary after it counted other maps.
	 * But a pipe or a socket in blocks of 64 KiB, a Linux pipe's room,
	 * where its st_blksize is a page: each write wakes the reader, and
	 * the text results of 20,000 small maps (9.8 MB) took 2,449 writes
	 * into a pipe to cat and 1.29 times as long as into a file; in
	 * blocks of 64 KiB, 215 writes and 1.01 times (BENCHMARKS.md).
	 */
	if (!isatty(STDOUT_FILENO)) {
		struct stat st;
		int ok = fstat(STDOUT_FILENO, &st) == 0;
		size_t n = ok && (S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode)) ? sizeof(outbuf) :
		    ok && st.st_blksize > 0 ? (size_t)st.st_blksize : 8192;

		setvbuf(stdout, outbuf, _IOFBF, n < sizeof(outbuf) ? n : sizeof(outbuf));
	}
	switch (options_parse(&opt, argc, argv)) {
	case OPT_EXIT_OK:	/* -h, -V: their output may fail too */
		if (closed & 2)
			return stdout_error(EBADF);
		if (fflush(stdout) != 0 || ferror(stdout))
			return stdout_error(errno);
		return EX_FOUND;
	case OPT_USAGE:
		options_usage(stderr, 0);
		return EX_ERROR;
	}
	/* What would be written to a closed stdout is lost: say so first. */
	if ((closed & 2) && !opt.quiet)
		return stdout_error(EBADF);
	opt.stdin_closed = closed & 1;
	if (opt.scen != NULL)
		return scen_batch(&opt, opt.scen, opt.nfiles ? opt.files[0] : NULL);
	return maps_run(&opt);
}
