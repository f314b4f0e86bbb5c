/*
 * vmpeak - a command's peak address space and peak resident set, for
 * `make bench` (Linux only).
 *
 *   vmpeak OUT COMMAND [ARG...]
 *
 * Runs COMMAND and writes "vmpeak=KB vmhwm=KB" to the file OUT: the
 * VmPeak and VmHWM lines of its /proc/PID/status as it exits.  The status
 * file is only worth reading at the very end, and only while the process
 * still has its memory: polling it from outside misses the last moments,
 * and once the process has exited (a zombie) the lines are gone.  So the
 * command runs traced, with PTRACE_O_TRACEEXIT, which stops it inside
 * exit, before its memory is released; the file is read there, and the
 * process let go.  Nothing in the command is changed or asked for: it
 * runs as it would, a stop at exit aside.  Exits with the command's
 * status (128 + the signal when killed).
 */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

/* The VmPeak and VmHWM of process pid, in kB, into out. */
static void
record(pid_t pid, const char *out)
{
	char path[64], line[256];
	long peak = -1, hwm = -1;
	FILE *fp, *o;

	snprintf(path, sizeof(path), "/proc/%ld/status", (long)pid);
	if ((fp = fopen(path, "r")) != NULL) {
		while (fgets(line, sizeof(line), fp) != NULL) {
			sscanf(line, "VmPeak: %ld", &peak);
			sscanf(line, "VmHWM: %ld", &hwm);
		}
		fclose(fp);
	}
	if ((o = fopen(out, "w")) == NULL) {
		perror(out);
		return;
	}
	fprintf(o, "vmpeak=%ld vmhwm=%ld\n", peak, hwm);
	fclose(o);
}

int
main(int argc, char **argv)
{
	pid_t pid;
	int st, sig;

	if (argc < 3) {
		fprintf(stderr, "usage: vmpeak OUT COMMAND [ARG...]\n");
		return 2;
	}
	if ((pid = fork()) < 0) {
		perror("vmpeak: fork");
		return 2;
	}
	if (pid == 0) {
		if (ptrace(PTRACE_TRACEME, 0, NULL, NULL) != 0) {
			perror("vmpeak: ptrace");
			_exit(127);
		}
		raise(SIGSTOP);	/* for the parent to set the options */
		execvp(argv[2], argv + 2);
		perror(argv[2]);
		_exit(127);
	}
	if (waitpid(pid, &st, 0) != pid || !WIFSTOPPED(st)) {
		fprintf(stderr, "vmpeak: the child did not stop\n");
		return 2;
	}
	if (ptrace(PTRACE_SETOPTIONS, pid, NULL, (void *)PTRACE_O_TRACEEXIT) != 0) {
		perror("vmpeak: PTRACE_SETOPTIONS");
		kill(pid, SIGKILL);
		return 2;
	}
	sig = 0;
	for (;;) {
		if (ptrace(PTRACE_CONT, pid, NULL, (void *)(long)sig) != 0 && errno != ESRCH) {
			perror("vmpeak: PTRACE_CONT");
			return 2;
		}
		if (waitpid(pid, &st, 0) != pid) {
			perror("vmpeak: waitpid");
			return 2;
		}
		if (WIFEXITED(st))
			return WEXITSTATUS(st);
		if (WIFSIGNALED(st))
			return 128 + WTERMSIG(st);
		sig = 0;
		if (st >> 8 == (SIGTRAP | (PTRACE_EVENT_EXIT << 8)))
			record(pid, argv[1]);	/* in exit, memory still mapped */
		else if (WSTOPSIG(st) != SIGTRAP)
			sig = WSTOPSIG(st);	/* a signal for the command: pass it on */
	}
}
