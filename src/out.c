/* out.c - see out.h; the formats and their order are in pathfind(1), OUTPUT. */
#ifdef __linux__
#define _GNU_SOURCE	/* fopencookie (out_mem_open) */
#endif
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "out.h"
#include "viz.h"

void
out_init(struct out *out, const struct options *o, int scen)
{
	struct stat st;

	memset(out, 0, sizeof(*out));
	out->o = o;
	out->sep = o->format == FMT_PATH || (o->format == FMT_TEXT && !scen);
	/*
	 * To a regular file nobody waits for the next record, and block
	 * buffering is what makes a big batch cheap; anything else (a pipe,
	 * a terminal, a socket) gets the outcomes as they are complete: stdout
	 * is flushed before the drivers wait or work long (out_flush), and
	 * after enough work written (out_account).
	 */
	out->stream = !(fstat(STDOUT_FILENO, &st) == 0 && S_ISREG(st.st_mode));
}

#if defined(__linux__) && !defined(PF_MEMSTREAM)
/*
 * A stream into memory, the C library's fopencookie (glibc, musl) over
 * buf, len and cap.  open_memstream, when it cannot grow, fails the write
 * and says nothing: no error on the stream, and fclose returns 0, under
 * glibc and musl alike, so that -j 2 under a memory limit wrote a record
 * cut short and exited 0, and --image an SVG cut short.  Here a write
 * that finds no room writes nothing, and nothing after it is written
 * either (a later, smaller write could fit and leave a hole): failed
 * stays set, and out_mem_close reports it.  The write returns 0, never
 * less, whether or not the library then marks the stream (glibc does,
 * musl does not): glibc would take -1 as a count and read past the
 * caller's bytes.
 */
enum { MEM_COOKIE = 1 };	/* (out_run_take) */

static ssize_t
mem_write(void *cookie, const char *s, size_t n)
{
	struct outmem *m = cookie;

	if (m->failed)
		return 0;
	if (n > m->cap - m->len) {
		size_t cap = m->cap ? m->cap : 4096;
		char *b;

		while (n > cap - m->len && cap <= SIZE_MAX / 2)
			cap *= 2;
		if (n > cap - m->len || (b = realloc(m->buf, cap)) == NULL) {
			m->failed = 1;
			return 0;
		}
		m->buf = b;
		m->cap = cap;
	}
	memcpy(m->buf + m->len, s, n);
	m->len += n;
	return (ssize_t)n;
}

FILE *
out_mem_open(struct outmem *m)
{
	cookie_io_functions_t io = { NULL, mem_write, NULL, NULL };

	m->buf = NULL;
	m->len = m->cap = 0;
	m->failed = 0;
	return fopencookie(m, "w", io);
}
#else
/*
 * Elsewhere the C library's own: the BSDs' open_memstream fails a write
 * it cannot grow for, and the stream's error says so.  The portable
 * build takes this one on Linux too (PF_MEMSTREAM, the Makefile), and
 * tests/crosscheck.bats compares what it writes through it, -j's records
 * and --image's drawings, with pathfind's; a write with no room, there
 * glibc's, is not among them.
 */
enum { MEM_COOKIE = 0 };

FILE *
out_mem_open(struct outmem *m)
{
	m->cap = 0;
	m->failed = 0;
	return open_memstream(&m->buf, &m->len);
}
#endif

/*
 * Close a stream of out_mem_open.  -1 if some write found no room: the
 * bytes in buf are then not all that was written.
 */
int
out_mem_close(FILE *fp, struct outmem *m)
{
	int err = ferror(fp);

	if (fclose(fp) != 0)
		err = 1;
	return err || m->failed ? -1 : 0;
}

/* Start an outcome, written to stdout (buffered 0) or to memory.  -1: ENOMEM. */
int
out_open(struct outcome *oc, int buffered)
{
	memset(oc, 0, sizeof(*oc));
	oc->status = EX_FOUND;
	if (!buffered) {
		oc->fp = stdout;
		oc->direct = 1;
		return 0;
	}
	oc->fp = out_mem_open(&oc->mem);
	return oc->fp == NULL ? -1 : 0;
}

/* Start an outcome whose record goes on run's buffer.  -1: ENOMEM (the run has no stream). */
int
out_open_run(struct outcome *oc, struct outrun *run)
{
	memset(oc, 0, sizeof(*oc));
	oc->status = EX_FOUND;
	if (run->fp == NULL)
		return -1;
	oc->fp = run->fp;
	oc->run = run;
	oc->off = run->mem.len;	/* (the run is flushed at every record's end) */
	return 0;
}

/*
 * The record is complete: a buffered one is in buf, len; a run's is its
 * stretch of the run, len bytes, once given (out_run_give).  -1: ENOMEM,
 * and the run's record is lost.
 */
int
out_close(struct outcome *oc)
{
	int rc = 0;

	if (!oc->direct && oc->fp != NULL) {
		if (oc->run != NULL) {
			if (fflush(oc->fp) != 0 || ferror(oc->fp) || oc->run->mem.failed)
				rc = -1;
			else
				oc->mem.len = oc->run->mem.len - oc->off;
		} else {
			rc = out_mem_close(oc->fp, &oc->mem);
			oc->hold = oc->mem.buf;
		}
		oc->fp = NULL;
	}
	return rc;
}

/*
 * The calling thread holds the stream's lock (flockfile) until it closes
 * it: only it writes there, and stdio takes no lock for each write.
 */
int
out_run_open(struct outrun *run)
{
	/* (open_memstream sets buf and len at the first flush, not here) */
	run->mem.buf = NULL;
	run->mem.len = 0;
	if ((run->fp = out_mem_open(&run->mem)) == NULL)
		return -1;
	flockfile(run->fp);
	return 0;
}

/* Close the stream, by the thread that opened it.  buf holds what it wrote. */
static void
run_end(struct outrun *run)
{
	if (run->fp != NULL) {
		funlockfile(run->fp);
		out_mem_close(run->fp, &run->mem);
		run->fp = NULL;
	}
}

void
out_run_close(struct outrun *run)
{
	run_end(run);
	free(run->mem.buf);
	run->mem.buf = NULL;
}

/*
 * The buffer the run has written so far, for out_run_give (NULL: nothing
 * was written); the run goes on into a new one.  A run whose write
 * found no room is closed and opened again: stdio may still hold some
 * of the record that was lost.  So is open_memstream's, which keeps the
 * buffer it has handed out as its own.
 */
char *
out_run_take(struct outrun *run)
{
	char *buf;

	if (!MEM_COOKIE || run->fp == NULL || fflush(run->fp) != 0 || ferror(run->fp) ||
	    run->mem.failed) {
		run_end(run);
		buf = run->mem.buf;
		out_run_open(run);
		return buf;
	}
	buf = run->mem.buf;
	run->mem.buf = NULL;
	run->mem.len = run->mem.cap = 0;
	return buf;
}

/*
 * oc's record lies in buf, as out_run_take gave it: its stretch is its
 * record, and the last outcome of those in buf (last 1) frees buf once
 * it is written, the others having been written before it.
 */
void
out_run_give(struct outcome *oc, char *buf, int last)
{
	oc->mem.buf = buf != NULL ? buf + oc->off : NULL;
	oc->hold = last ? buf : NULL;
	oc->run = NULL;
}

/* Are fd and std the same file (device and inode)?  *mode: fd's. */
static int
same_file(int fd, int std, mode_t *mode)
{
	struct stat a, b;

	if (fstat(std, &b) != 0 || fstat(fd, &a) != 0)
		return 0;
	*mode = a.st_mode;
	return a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

/*
 * Is fd, an input, standard output itself: the same regular file (as with
 * pathfind f >> f), whose records would be read back as input, without
 * end, unless quiet (-q: nothing is written); or the pipe standard output
 * writes to (/dev/stdout on a pipe), where a read would wait for ever for
 * what only this process could write.  (A terminal is never the input's
 * file, nor a socket: inetd's standard input and output are one.)
 */
static int
out_same_file(int fd, int quiet)
{
	mode_t m;

	return same_file(fd, STDOUT_FILENO, &m) && ((S_ISREG(m) && !quiet) || S_ISFIFO(m));
}

/*
 * Is fd, opened by a name, standard input all the same (/dev/stdin,
 * /proc/self/fd/0, the file standard input was redirected from), so that
 * what one reads the other would have read?  Not a device that is no
 * terminal: /dev/null is empty to every reader (and standard input where
 * it was closed).
 */
static int
out_is_stdin(int fd)
{
	mode_t m;

	return fd != STDIN_FILENO && same_file(fd, STDIN_FILENO, &m) && (!S_ISCHR(m) || isatty(fd));
}

/*
 * Whether input fd, opened by a name, is refused, and why (*why): 2,
 * "input file is output file", where it is standard output's
 * (out_same_file, quiet: -q); 1 where it is standard input by another
 * name (out_is_stdin) and descriptor 0 was closed (stdin_closed: "cannot
 * read: standard input is closed") or standard input holds something
 * else (held, the message that says so: "it is standard input, which
 * holds the answers"); else 0.  The error of 2 has no record, which would
 * be written into the file.
 */
int
out_refuse(int fd, int quiet, int stdin_closed, const char *held, const char **why)
{
	if (out_same_file(fd, quiet)) {
		*why = "input file is output file";
		return 2;
	}
	if ((stdin_closed || held != NULL) && out_is_stdin(fd)) {
		*why = stdin_closed ? "cannot read: standard input is closed" : held;
		return 1;
	}
	return 0;
}

/* Drop what a buffered outcome has written: its error stands alone. */
void
out_discard(struct outcome *oc)
{
	free(oc->hold);
	oc->hold = NULL;
	oc->mem.buf = NULL;
	oc->mem.len = oc->mem.cap = 0;
	oc->begun = 0;
}

/*
 * Where the record goes, once something of it is to be written: a direct
 * record gets its separator from the previous one here; a buffered one
 * gets it when it is emitted, as only then is it known what came before.
 */
FILE *
out_begin(struct out *out, struct outcome *oc)
{
	if (!oc->begun) {
		oc->begun = 1;
		if (oc->direct) {
			if (out->sep && out->printed)
				putc('\n', stdout);
			out->printed = 1;
		}
	}
	return oc->fp;
}

static void
set_diag(struct outcome *oc, const char *dname, long line, long col, const char *msg)
{
	oc->dname = dname;
	oc->d.line = line;
	oc->d.col = col;
	snprintf(oc->d.msg, sizeof(oc->d.msg), "%s", msg);
}

/* The item failed: this error is its outcome (line 0: no position). */
void
out_fail(struct outcome *oc, const char *dname, long line, long col, const char *msg)
{
	set_diag(oc, dname, line, col, msg);
	oc->error = 1;
	status_worse(&oc->status, EX_ERROR);
}

/*
 * The error of an input that is the file standard output goes to has its
 * diagnostic and no record: the record would go into that file, which the
 * refusal is there to keep as it was (as cat(1) writes nothing there).
 */
void
out_no_record(struct outcome *oc)
{
	oc->norecord = 1;
}

/* A diagnostic after the item's record (-S: a mismatch). */
void
out_note(struct outcome *oc, const char *dname, long line, long col, const char *msg)
{
	set_diag(oc, dname, line, col, msg);
}

static void
put_diag(const char *name, long line, long col, const char *msg)
{
	fputs("pathfind: ", stderr);
	if (name != NULL) {	/* (none: about the run, not an input; "" is a name) */
		render_name(stderr, name);
		if (line > 0)
			fprintf(stderr, ":%ld:%ld", line, col);
		fputs(": ", stderr);
	}
	fprintf(stderr, "%s\n", msg);
}

/* The one message for output that could not be written. */
void
out_write_error(int err)
{
	fprintf(stderr, "pathfind: write error on standard output: %s\n",
	    strerror(err ? err : EIO));
}

static void
write_error(struct out *out)
{
	if (out->failed)
		return;
	out->failed = 1;
	out_write_error(errno);
}

static void
json_count(FILE *fp, const char *key, unsigned long long n)
{
	if (n > 0)
		fprintf(fp, ",\"%s\":%llu", key, n);
	else
		fprintf(fp, ",\"%s\":null", key);
}

/*
 * The record that stands for a failed item, so that record N is item N:
 * a JSON object with "error", or the line "error" in -f path and moves.
 * The text formats have none: the diagnostic is the outcome.
 */
static void
error_record(struct out *out, struct outcome *oc)
{
	const struct options *o = out->o;
	FILE *fp;

	if (o->quiet || o->format == FMT_TEXT || oc->norecord)
		return;
	fp = out_begin(out, oc);
	if (o->format != FMT_JSON) {
		fputs("error\n", fp);
		return;
	}
	fputs("{\"source\":", fp);
	json_string(fp, oc->source);
	json_count(fp, oc->item == ITEM_MAP ? "map" : "id", oc->number);
	if (oc->answers != NULL) {
		fputs(",\"answers\":", fp);
		json_string(fp, oc->answers);
	}
	json_count(fp, "line", oc->d.line > 0 ? (unsigned long long)oc->d.line : 0);
	json_count(fp, "column", oc->d.line > 0 && oc->d.col > 0 ? (unsigned long long)oc->d.col : 0);
	fputs(",\"error\":", fp);
	json_string(fp, oc->d.msg);
	fputs("}\n", fp);
}

/*
 * Write an outcome in its turn: its record (buffered ones now, with their
 * separator), the error record if it failed, and then, after a flush of
 * stdout, its diagnostic.  -1 once stdout has failed: the run stops.
 * Records without a diagnostic stay in stdio's buffer until out_flush.
 */
int
out_emit(struct out *out, struct outcome *oc)
{
	out_close(oc);
	if (!oc->direct) {
		oc->direct = 1;
		oc->fp = stdout;
		if (oc->begun && !out->failed) {	/* (an empty record is one too) */
			oc->begun = 0;
			out_begin(out, oc);
			if (oc->mem.len > 0)	/* (buf is NULL for an empty one) */
				fwrite(oc->mem.buf, 1, oc->mem.len, stdout);
		}
		free(oc->hold);
		oc->hold = oc->mem.buf = NULL;
	}
	if (out->failed)
		return -1;
	if (oc->error)
		error_record(out, oc);
	if (oc->d.msg[0] != '\0') {
		/* not after records that were lost: the write error instead */
		if (fflush(stdout) != 0 || ferror(stdout)) {
			write_error(out);
			return -1;
		}
		put_diag(oc->dname, oc->d.line, oc->d.col, oc->d.msg);
	}
	if (ferror(stdout)) {
		write_error(out);
		return -1;
	}
	return 0;
}

/*
 * The records so far to the reader, unless stdout is a regular file.  The
 * drivers call this before anything that may take long: waiting for
 * input, a large map, a chunk of scenarios.  -1 once stdout has failed.
 */
int
out_flush(struct out *out)
{
	out->held = 0;
	if (out->stream && !out->failed && fflush(stdout) != 0)
		write_error(out);
	return out->failed ? -1 : 0;
}

/*
 * An outcome of work units (a map's cells) was written: once limit of
 * them are held, out_flush.  For the drivers' inputs that never wait,
 * where nothing else flushes.  -1 once stdout has failed.
 */
int
out_account(struct out *out, size_t work, size_t limit)
{
	if (!out->stream)
		return 0;
	out->held += work;
	return out->held >= limit ? out_flush(out) : 0;
}

/*
 * A diagnostic of no item (a summary, a whole run's error), after stdout;
 * name NULL: of no input.
 */
void
out_diag(struct out *out, const char *name, long line, long col, const char *msg)
{
	(void)out;
	fflush(stdout);
	put_diag(name, line, col, msg);
}

/* The run is over: everything written?  -1 after a message if not. */
int
out_finish(struct out *out)
{
	if (fflush(stdout) != 0 || ferror(stdout)) {
		write_error(out);
		return -1;
	}
	return out->failed ? -1 : 0;
}

/* The formats, each for a map's result and a scenario's alike. */
static void
put_text(FILE *fp, const struct record *rec)
{
	if (rec->check != NULL && rec->scen != NULL)
		render_check_scen_tsv(fp, rec->scen, rec->check, rec->ri);
	else if (rec->check != NULL)
		render_check_text(fp, rec->check, rec->ri);
	else if (rec->scen != NULL)
		render_scen_tsv(fp, rec->scen, rec->r, rec->ri);
	else if (rec->view == VIEW_SCORES)
		viz_scores(fp, rec->viz, rec->map, rec->r, rec->ri);
	else if (rec->view == VIEW_EXPLORED)
		viz_explored(fp, rec->viz, rec->map, rec->r, rec->ri);
	else
		render_text(fp, rec->map, rec->r, rec->ri);
}

static void
put_json(FILE *fp, const struct record *rec)
{
	if (rec->check != NULL && rec->scen != NULL)
		render_check_scen_json(fp, rec->scen, rec->check, rec->ri);
	else if (rec->check != NULL)
		render_check_json(fp, rec->map, rec->check, rec->ri);
	else if (rec->scen != NULL)
		render_scen_json(fp, rec->grid, rec->scen, rec->r, rec->ri);
	else
		render_json(fp, rec->map, rec->r, rec->ri);
}

/* The result's record in the run's format. */
void
out_result(struct out *out, struct outcome *oc, const struct record *rec)
{
	FILE *fp;

	if (out->o->quiet)
		return;
	fp = out_begin(out, oc);
	switch (out->o->format) {
	case FMT_TEXT:
		put_text(fp, rec);
		break;
	case FMT_JSON:
		put_json(fp, rec);
		break;
	case FMT_PATH:	/* (options refuse them with --check) */
		render_path(fp, rec->grid, rec->r);
		break;
	case FMT_MOVES:
		render_moves(fp, rec->grid, rec->r);
		break;
	case FMT_COUNT:		/* (not a format) */
		break;
	}
}
