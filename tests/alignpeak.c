/*
 * alignpeak - what bigmem_alloc adds to the peak address space when the
 * 2 MiB boundary below where the system would put an array is taken
 * (tests/hostile.bats; Linux only).
 *
 *   alignpeak MIB
 *
 * Finds where the system maps MIB MiB, puts a page of its own on the
 * 2 MiB boundary below that (as an array moved down to it before would
 * lie), then takes MIB MiB from bigmem_alloc and prints
 * "grew=KB aligned=0|1": how much VmPeak rose, and whether the array
 * starts on a 2 MiB boundary.  Exits 2 when it cannot set that up.
 */
#define _DEFAULT_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "bigmem.h"

#define HUGE ((uintptr_t)2 << 20)

static long
vmpeak(void)
{
	char line[256];
	long kb = -1;
	FILE *f = fopen("/proc/self/status", "r");

	if (f == NULL)
		return -1;
	while (fgets(line, sizeof(line), f) != NULL)
		if (strncmp(line, "VmPeak:", 7) == 0)
			kb = strtol(line + 7, NULL, 10);
	fclose(f);
	return kb;
}

int
main(int argc, char **argv)
{
	size_t len;
	char *p, *a, *block, *got;
	long v0, v1;

	if (argc != 2 || (len = (size_t)strtoul(argv[1], NULL, 10) << 20) == 0)
		return 2;
	p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return 2;
	munmap(p, len);
	if ((uintptr_t)p % HUGE == 0) {	/* nothing to move: the test cannot be made */
		fprintf(stderr, "alignpeak: the system put it on a boundary\n");
		return 2;
	}
	a = p - (uintptr_t)p % HUGE;
#ifdef MAP_FIXED_NOREPLACE
	block = mmap(a, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
#else
	block = MAP_FAILED;
#endif
	if (block != a) {
		fprintf(stderr, "alignpeak: cannot map a page at %p\n", (void *)a);
		return 2;
	}
	v0 = vmpeak();
	got = bigmem_alloc(len);
	v1 = vmpeak();
	if (got == NULL || v0 < 0 || v1 < 0)
		return 2;
	printf("grew=%ld aligned=%d\n", v1 - v0, (uintptr_t)got % HUGE == 0);
	bigmem_free(got, len);
	munmap(block, 4096);
	return 0;
}
