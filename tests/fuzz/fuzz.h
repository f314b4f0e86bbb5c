/*
 * fuzz.h - shared by the libFuzzer targets in tests/fuzz/ and their replay
 * driver.  See tests/fuzz/README.md.
 */
#ifndef FUZZ_H
#define FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* An invariant: on failure say which, then abort (libFuzzer saves the input). */
#define CHECK(cond) do { \
	if (!(cond)) { \
		fprintf(stderr, "%s:%d: invariant failed: %s\n", __FILE__, __LINE__, #cond); \
		abort(); \
	} \
} while (0)

/* The target (renamed fuzz_TARGET for the replay driver). */
int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/*
 * A file descriptor, positioned at 0, whose contents are data[0, size):
 * one memfd (or temporary file) reused for every input.
 */
int	fuzz_fd(const uint8_t *, size_t);

/*
 * From now on read(2) on fd returns at most chunk bytes (0: no limit), as
 * a pipe or a slow terminal would.  Needs the link option -Wl,--wrap=read.
 */
void	fuzz_read_chunk(int, size_t);

/*
 * The read size selector sel (0-7) of an input of size bytes: no limit, or
 * at most 1, 2, 3, 7, 64, 4093 or 65537 bytes a read, but never tiny reads
 * of a long input (at least 64 bytes past 4 KiB, 4093 past 64 KiB), which
 * would only make the fuzzer slow.
 */
size_t	fuzz_chunk_for(unsigned, size_t);

/* /dev/null opened for writing, for the renderers. */
FILE	*fuzz_devnull(void);

#endif
