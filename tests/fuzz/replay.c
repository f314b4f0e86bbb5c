/*
 * replay.c - run the fuzz targets' inputs without libFuzzer, for make test:
 *
 *	replay TARGET FILE|DIR...
 *
 * TARGET is map, scen, solve or check; every file (and every file in every
 * DIR) is passed once to that target's LLVMFuzzerTestOneInput, compiled
 * under the name fuzz_TARGET (see the Makefile).  A failed invariant aborts;
 * the input's name is printed first.  Prints "replay: TARGET: N inputs".
 */
#include <dirent.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int	fuzz_map(const uint8_t *, size_t);
int	fuzz_scen(const uint8_t *, size_t);
int	fuzz_solve(const uint8_t *, size_t);
int	fuzz_check(const uint8_t *, size_t);

static const struct {
	const char *name;
	int (*run)(const uint8_t *, size_t);
} targets[] = {
	{ "map", fuzz_map }, { "scen", fuzz_scen }, { "solve", fuzz_solve },
	{ "check", fuzz_check },
};

static const char *current = "";

static void
crashed(int sig)
{
	static const char m1[] = "replay: crashed on input ";

	if (write(STDERR_FILENO, m1, sizeof(m1) - 1) < 0 ||
	    write(STDERR_FILENO, current, strlen(current)) < 0 ||
	    write(STDERR_FILENO, "\n", 1) < 0)
		_exit(99);
	signal(sig, SIG_DFL);
	raise(sig);
}

static void
one(int (*run)(const uint8_t *, size_t), const char *path, long *count)
{
	FILE *fp = fopen(path, "rb");
	uint8_t *buf = NULL;
	size_t n = 0, cap = 0, k;

	if (fp == NULL) {
		perror(path);
		exit(2);
	}
	for (;;) {
		if (n == cap) {
			cap = cap ? 2 * cap : 65536;
			if ((buf = realloc(buf, cap)) == NULL) {
				fprintf(stderr, "replay: out of memory\n");
				exit(2);
			}
		}
		if ((k = fread(buf + n, 1, cap - n, fp)) == 0)
			break;
		n += k;
	}
	if (ferror(fp)) {
		perror(path);
		exit(2);
	}
	fclose(fp);
	current = path;
	run(buf, n);
	free(buf);
	++*count;
}

static int
byname(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int
main(int argc, char **argv)
{
	int (*run)(const uint8_t *, size_t) = NULL;
	long count = 0;
	size_t t;
	int i;

	if (argc < 3) {
		fprintf(stderr, "usage: replay map|scen|solve FILE|DIR...\n");
		return 2;
	}
	for (t = 0; t < sizeof(targets) / sizeof(targets[0]); t++)
		if (strcmp(argv[1], targets[t].name) == 0)
			run = targets[t].run;
	if (run == NULL) {
		fprintf(stderr, "replay: unknown target %s\n", argv[1]);
		return 2;
	}
	signal(SIGABRT, crashed);
	signal(SIGSEGV, crashed);
	signal(SIGBUS, crashed);
	signal(SIGFPE, crashed);
	for (i = 2; i < argc; i++) {
		struct stat st;
		DIR *dir;
		struct dirent *e;
		char **names = NULL;
		size_t nn = 0, k;

		if (stat(argv[i], &st) != 0) {
			perror(argv[i]);
			return 2;
		}
		if (!S_ISDIR(st.st_mode)) {
			one(run, argv[i], &count);
			continue;
		}
		if ((dir = opendir(argv[i])) == NULL) {
			perror(argv[i]);
			return 2;
		}
		while ((e = readdir(dir)) != NULL) {	/* in name order, for repeatable runs */
			char *path;

			if (e->d_name[0] == '.')
				continue;
			if ((names = realloc(names, (nn + 1) * sizeof(*names))) == NULL ||
			    (path = malloc(strlen(argv[i]) + strlen(e->d_name) + 2)) == NULL) {
				fprintf(stderr, "replay: out of memory\n");
				return 2;
			}
			sprintf(path, "%s/%s", argv[i], e->d_name);
			names[nn++] = path;
		}
		closedir(dir);
		qsort(names, nn, sizeof(*names), byname);
		for (k = 0; k < nn; k++) {
			one(run, names[k], &count);
			free(names[k]);
		}
		free(names);
	}
	printf("replay: %s: %ld inputs\n", argv[1], count);
	return 0;
}
