/*
 * walltime - the wall time of a command, or of copies of it run at once,
 * for `make bench`.
 *
 *   walltime OUT N COMMAND [ARG...]
 *
 * Starts N copies of COMMAND (N from 1 to 16), which share this
 * process's standard input, output and error, waits for all of them and
 * writes to the file OUT the nanoseconds from just before the first is
 * forked to just after the last is reaped (CLOCK_MONOTONIC), as one
 * number and a newline.  Exits with the worst status of the copies: the
 * highest exit status, or 128 + the signal of one killed.  When a copy
 * cannot be started, waits for those that were and exits 2, writing
 * nothing.
 *
 * bench/run.sh timed its commands with the shell's `date +%s%N` on each
 * side: each interval then held the end of the first date and the start
 * of the second, 1.5 to 2.8 ms with nothing between them on the CI
 * machine, where a stream of 64 maps takes 20 to 40 ms, and a ratio of
 * two such times (-j 1 over -j 2) came out nearer 1 than the programs'.
 * What is left in the interval here is the command's own start and exit,
 * which a user waits for too.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAXCOPIES 16

int
main(int argc, char **argv)
{
	struct timespec t0, t1;
	pid_t pid[MAXCOPIES];
	long long ns;
	int n, k, started, st, worst = 0, rc;
	char *end;
	FILE *o;

	if (argc < 4 || (n = (int)strtol(argv[2], &end, 10), *end != '\0') ||
	    n < 1 || n > MAXCOPIES) {
		fprintf(stderr, "usage: walltime OUT N COMMAND [ARG...] (N from 1 to %d)\n",
		    MAXCOPIES);
		return 2;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (started = 0; started < n; started++) {
		if ((pid[started] = fork()) < 0) {
			perror("walltime: fork");
			break;	/* wait for those started, then fail */
		}
		if (pid[started] == 0) {
			execvp(argv[3], argv + 3);
			perror(argv[3]);
			_exit(127);
		}
	}
	for (k = 0; k < started; k++) {
		while (waitpid(pid[k], &st, 0) < 0)
			if (errno != EINTR) {
				perror("walltime: waitpid");
				return 2;
			}
		rc = WIFEXITED(st) ? WEXITSTATUS(st) : WIFSIGNALED(st) ? 128 + WTERMSIG(st) : 2;
		if (rc > worst)
			worst = rc;
	}
	if (started < n)
		return 2;
	clock_gettime(CLOCK_MONOTONIC, &t1);
	ns = (long long)(t1.tv_sec - t0.tv_sec) * 1000000000LL + (t1.tv_nsec - t0.tv_nsec);
	if ((o = fopen(argv[1], "w")) == NULL || fprintf(o, "%lld\n", ns) < 0 ||
	    fclose(o) != 0) {
		perror(argv[1]);
		return 2;
	}
	return worst;
}
