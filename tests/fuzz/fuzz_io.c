/*
 * fuzz_io.c - input plumbing for the fuzz targets: the input bytes behind a
 * file descriptor, and short reads.
 *
 * The readers take a file descriptor (mapreader_open, lines_open), so each
 * input is written to one memfd that is reused for every input: no disk and
 * no thread.  read(2) is wrapped at link time (-Wl,--wrap=read) so that a
 * target can make reads short, which is how pipes and terminals deliver
 * their data and where a line reader's buffer handling goes wrong.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "fuzz.h"

static int chunk_fd = -1;
static size_t chunk;

ssize_t	__real_read(int, void *, size_t);
ssize_t	__wrap_read(int, void *, size_t);

ssize_t
__wrap_read(int fd, void *buf, size_t n)
{
	if (fd == chunk_fd && chunk > 0 && n > chunk)
		n = chunk;
	return __real_read(fd, buf, n);
}

void
fuzz_read_chunk(int fd, size_t n)
{
	chunk_fd = fd;
	chunk = n;
}

size_t
fuzz_chunk_for(unsigned sel, size_t size)
{
	static const size_t chunks[8] = { 0, 1, 2, 3, 7, 64, 4093, 65537 };
	size_t c = chunks[sel & 7];

	if (c != 0 && size > 4096 && c < 64)
		c = 64;
	if (c != 0 && size > 65536 && c < 4093)
		c = 4093;
	return c;
}

int
fuzz_fd(const uint8_t *data, size_t size)
{
	static int fd = -1;
	size_t off = 0;

	if (fd < 0) {
#if defined(__linux__) && defined(MFD_CLOEXEC)
		fd = memfd_create("fuzz-input", MFD_CLOEXEC);
#endif
		if (fd < 0) {
			FILE *fp = tmpfile();

			CHECK(fp != NULL);
			fd = dup(fileno(fp));
			fclose(fp);
		}
		CHECK(fd >= 0);
	}
	CHECK(ftruncate(fd, 0) == 0);
	while (off < size) {
		ssize_t w = pwrite(fd, data + off, size - off, (off_t)off);

		if (w < 0 && errno == EINTR)
			continue;
		CHECK(w > 0);
		off += (size_t)w;
	}
	CHECK(lseek(fd, 0, SEEK_SET) == 0);
	return fd;
}

FILE *
fuzz_devnull(void)
{
	static FILE *fp;

	if (fp == NULL)
		fp = fopen("/dev/null", "w");
	CHECK(fp != NULL);
	return fp;
}
