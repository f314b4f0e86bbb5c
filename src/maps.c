/*
 * maps.c - the map-stream driver; see maps.h and pathfind(1).
 *
 * With -j 1 the calling thread reads each map, solves it and writes its
 * outcome straight to stdout (work_alone).  With -j N, N threads share
 * the work (the calling one waits for them): a thread that is free reads
 * the next map, when no other thread is reading, and solves it; while the
 * maps are small it reads several first, a batch (BATCH_MAPS), and solves
 * them in turn.  It reads the maps into its own struct maps (struct
 * worker), kept from batch to batch, so that a map is read and searched
 * on one processor and a run holds a batch a thread.  Each outcome goes
 * into memory, in the map's slot (its record on the thread's run of
 * records, out.h); whichever thread completes the oldest slot writes it
 * and every completed slot after it, in input order.  At most four
 * batches a thread are in flight, and 4N maps of more than FLUSH_CELLS
 * cells: nothing is read while that many are, so memory is bounded by
 * the threads and the slots, not by the stream.  Why 4N: a slot is free
 * only once its outcome is written, in order, so while one thread is on
 * a long map the others go on only as far as the slots reach.
 * With 2N, two workers on a stream of 512 maps of 256x256 cells, some
 * solved quickly and some searched to the end for no path, idled a fifth
 * of the time (1.36x one worker); with 4N, 1.98x; with 8N, 1.82x, the
 * extra slots' first touch of their memory costing more than the waits
 * they save (measured with a reader thread beside the workers, and again
 * with the threads reading: 2N, 8N and 16N slower than 4N).  Until each
 * thread had its map, each slot had one: 4N maps' text and cells kept for
 * the run, and each map read where another processor had last written.
 * On ten maps of 2048x2048 cells -j 2 then peaked at 90.4 MB resident
 * (26.8 MB now, -j 1 14.4), and on 64 maps of 256x256 cells its threads
 * took 3.0 ms more processor time than -j 1's one (1.6 now; BENCHMARKS.md,
 * item 6).
 *
 * With --check the thread reading a map also reads its answer (check.h)
 * and walks it over the map, then finds the optimum; the verdict is
 * written in the map's turn.
 *
 * A map that runs out of memory while other threads hold theirs is
 * solved again alone (solve_alone): -j never decides whether a map fits.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "compare.h"
#include "img.h"
#include "maps.h"
#include "monotime.h"
#include "out.h"
#include "search.h"
#include "threads.h"
#include "viz.h"

/*
 * A map of more than this many cells may take a while (4096 cells: well
 * under a millisecond with the default lists, about 10 ms with the
 * quadratic ones): what was written before it is flushed first.
 */
#define FLUSH_CELLS 4096

/*
 * Output to a pipe is flushed before a read or an open that may wait,
 * not before a regular file's, which cannot: there the flush before each
 * read wrote one operand's results at a time (2,000 one-map files: 2,000
 * writes, and 1.86 times as long into a pipe as into a file; 11 writes
 * and 1.07 times now; BENCHMARKS.md).  So that results still come as
 * they are found, the output is flushed too once the maps written since
 * the last flush hold FLUSH_WORK cells (out_account; an error counts
 * one): 0.6 ms of the small puzzles of make bench, at most 16 maps of
 * FLUSH_CELLS.
 */
#define FLUSH_WORK 65536

/*
 * Under -j, a thread that reads a map of at most FLUSH_CELLS cells goes
 * on reading while the next map is in the input's buffer already, whole,
 * in at most BATCH_BYTES, until it has BATCH_MAPS maps or BATCH_CELLS
 * cells, and then solves them in turn (a batch).  Handed over one at a
 * time, a small map cost more than its search: the threads took turns at
 * the lock for each map and woke each other, and each record was a
 * stream of its own, a FILE and two buffers allocated by one thread and
 * freed by the other (BENCHMARKS.md, map streams).  So a batch's later
 * maps are small, and read without waiting: a thread keeps room for 63
 * small maps besides its first, which may be of any size (a large map
 * read into a small map's room cost its pages' first touch every time:
 * 12 maps of 1000x1000 cells, each after 10 to 65 of three cells, took
 * 3.5 times as long), and no map of a batch waits for input that has not
 * come (a program that writes a map and waits for its result gets it).
 * A batch does not go on into the next input.  Where a read could still
 * wait with maps in hand (the answers of --check from a pipe), what has
 * been read is solved first (before_input).
 */
#define BATCH_MAPS 64
#define BATCH_CELLS 16384
#define BATCH_BYTES 16384

/*
 * Under -j, a thread that would wait (another is reading, or the slots
 * are full) reads ahead instead: it takes the nearest of the next AHEAD
 * operands not yet claimed and, if it is a regular file of at most
 * AHEAD_BYTES and not standard output's, reads it whole into memory and
 * closes it, for the thread that reads in turn to take (open_input)
 * without opening it.  A batch at the end of its input goes on into the
 * next operand when that is such a file, read ahead or read then by the
 * thread reading (next_ahead), so where batches end does not depend on
 * the threads' timing.  Batches ended with their input, so a run of
 * small files was read a file at a time, by one thread while the other
 * waited: their opens, reads and closes, most of a small map's time,
 * made -j 2 slower than -j 1 (2,000 one-map files: 1.6 times as long;
 * BENCHMARKS.md).  Any other operand, or a file whose read or memory
 * fails ahead, is left to the thread in turn, which reads it as ever and
 * says why it failed.  Only a regular file: opening a FIFO may wait for
 * its writer or let one in, and opening a device may do anything.
 */
#define AHEAD 8
#define AHEAD_BYTES 16384

struct ahead {
	int op;			/* the operand claimed, by a thread reading ahead or by open_input; -1: none */
	int busy;		/* being read ahead */
	int ok;			/* read ahead: the whole file is buf[0, n) */
	char *buf;		/* AHEAD_BYTES + 1, from the first use */
	size_t n;
};

struct slot {
	struct map *map;	/* the map: the worker's that reads and solves it */
	long line;		/* the map's first line, for what is said after its solve */
	const char *name;	/* the source: operand or <stdin> */
	unsigned long long mapno;	/* map number in the source; 0: the source failed */
	int label;		/* text: label the result */
	int rc;			/* map_read's; MAP_OK: solve the map */
	struct diag d;		/* ... else why not */
	struct outcome oc;
	int solved;		/* 1 found, 0 no path (unless oc.error) */
	int limited;		/* --max-expanded stopped it */
	unsigned long long expanded;
	double seconds;
	struct outmem img;	/* --image: the drawing, written in turn (buf NULL: none) */
	struct answer ans;	/* --check: the map's answer, walked, */
	int ansrc;		/* as answers_next found it, */
	struct diag ansd;	/* and if not ANSWER_OK, why */
	enum verdict verdict;
	int large;		/* a map that may take a while (FLUSH_CELLS) */
	size_t work;		/* its cells, or 1 if it is not solved (FLUSH_WORK) */
	int nomem;		/* the outcome or the solve ran out of memory (solve_alone) */
	int held;		/* solve_alone: written to stdout, under the writers' lock */
	int norecord;		/* its error has no record (out_no_record) */
	int done;		/* solved: the outcome may be written */
};

struct worker {
	struct maps *ms;
	struct map *map;	/* the maps this thread read last (ms->batch), which it solves */
	size_t first;		/* the slot of map[0] in the batch being read */
	int lo, cur;		/* map[lo, cur) are read and not yet solved; map[cur] is being read */
	struct search *search;
	struct viz *viz;	/* -e, --trace, --scores, --image; else NULL */
	struct outrun run;	/* -j: the records of its maps */
	int busy;		/* from reading its maps to having solved them */
	pthread_t tid;
};

/* A file, as stat(2) tells one from another. */
struct fileid {
	dev_t dev;
	ino_t ino;
};

struct maps {
	const struct options *o;
	struct out out;
	int color;		/* colour the text map */
	int buffered;		/* outcomes go through memory (-j > 1, --image) */
	struct worker *w;
	int nw;			/* threads (1 when none could be started) */
	int nalloc;		/* workers set up, to be torn down */
	int batch;		/* maps a thread reads before it solves them, at most */
	struct slot *slot;
	size_t nslot;		/* a power of two, at least nflight */
	size_t nflight;		/* maps in flight, at most (4 batches a thread) */
	/* Slot k % nslot (at) holds the k-th map's outcome: [head, tail) are in flight. */
	size_t head, tail;
	size_t nlarge;		/* large maps in flight (at most 4 a thread) */
	int eof, stop;
	int reading;		/* a thread is reading the next item (feed) */
	struct worker *reader;	/* ... this one */
	int waiting;		/* it may be waiting for input */
	int solving;		/* threads solving a map */
	int alone;		/* a thread solves alone: no other starts (solve_alone) */
	pthread_mutex_t mu;	/* the counters above and the slots' done */
	pthread_mutex_t emu;	/* one thread writes outcomes at a time */
	pthread_cond_t work;	/* a map to take, room to read one, or the end */
	/* The inputs, read by the thread that has ms->reading (feed) */
	char **files;
	int nfiles, fi;		/* files[fi] is the next input to open */
	/* Read ahead (AHEAD): operand k in ahead[k % AHEAD], under mu */
	struct ahead ahead[AHEAD];
	int consumed;		/* operands [0, consumed) are done with */
	int hold;		/* none may be read ahead now (open_in_turn) */
	int open;		/* rd reads the input name, on fd */
	int canwait;		/* ... which is not a regular file: a read may wait */
	const char *name;
	int fd;
	struct mapreader rd;
	unsigned long long mapno;	/* maps read from it (no limit but 2^64) */
	int several;		/* the run has several maps (labels) */
	int answered;		/* --check: answers after the last map looked for */
	/* the run so far, in input order */
	int status;
	unsigned long images;	/* --image files written */
	struct fileid output;	/* standard output's file, if it is a regular file */
	int outreg;		/* it is */
	struct fileid ansfile;	/* --check=-: standard input's, if a regular file */
	int ansreg;		/* it is */
	struct fileid *inputs;	/* --image: the inputs' files, never overwritten, sorted */
	int ninputs;
	/* --check: the answers, read by the thread reading (feed) */
	struct answers answers;
	const char *aname;	/* as diagnostics name them */
	int afd;
	unsigned long long maps, solved, nopath, limited, errors, expanded;
	unsigned long long verdicts[VERDICT_UNANSWERED + 1];
	double seconds;
};

/*
 * The locks, taken only when there are threads: with -j 1 the one thread
 * reads, solves and writes, and 20,000 small maps would pay for a dozen
 * lock calls each.
 */
static void
lock(struct maps *ms, pthread_mutex_t *m)
{
	if (ms->nw > 1)
		pthread_mutex_lock(m);
}

static void
unlock(struct maps *ms, pthread_mutex_t *m)
{
	if (ms->nw > 1)
		pthread_mutex_unlock(m);
}

/* The slot of the k-th item: nslot is a power of two. */
static struct slot *
at(const struct maps *ms, size_t k)
{
	return &ms->slot[k & (ms->nslot - 1)];
}

/*
 * The line of row y of the map in its file: ASCII rows follow the map's
 * first line; MovingAI rows follow its four header lines.
 */
static long
row_line(const struct map *m, int y)
{
	return m->line + (m->movingai ? 4 : 0) + y;
}

/* --start or --goal on map m: on the map and passable.  The cell, or 0. */
static uint32_t
check_point(struct slot *sl, const char *opt, const struct point *pt)
{
	const struct map *m = sl->map;
	const struct grid *g = &m->grid;
	char msg[128];
	uint32_t i;

	if (pt->x >= g->w || pt->y >= g->h) {
		snprintf(msg, sizeof(msg), "%s %d,%d is off the map (%dx%d)", opt, pt->x,
		    pt->y, g->w, g->h);
		out_fail(&sl->oc, sl->name, m->line, 1, msg);
		return 0;
	}
	i = grid_index(g, pt->x, pt->y);
	if (pt->x >= m->row[pt->y].len) {
		snprintf(msg, sizeof(msg), "%s %d,%d is past the end of row %d", opt, pt->x,
		    pt->y, pt->y);
		out_fail(&sl->oc, sl->name, row_line(m, pt->y), m->row[pt->y].len + 1L, msg);
		return 0;
	}
	if ((g->cell[i] & CELL_COST) == 0) {
		snprintf(msg, sizeof(msg), "%s %d,%d is on a blocked cell", opt, pt->x, pt->y);
		out_fail(&sl->oc, sl->name, row_line(m, pt->y), pt->x + 1L, msg);
		return 0;
	}
	return i;
}

/*
 * The start and the goal (a cell, or SEARCH_MAP_GOALS for the map's Bs),
 * with --start and --goal applied: the map's As (and with --goal its Bs)
 * become floor in the text and the new ones are drawn as A and B.  A map
 * read for --start has no A (start 0) and one read for --goal may have
 * no B.
 */
static int
endpoints(const struct options *o, struct slot *sl, uint32_t *start, uint32_t *goal)
{
	struct map *m = sl->map;
	struct grid *g = &m->grid;
	size_t k;

	*start = g->start;
	*goal = SEARCH_MAP_GOALS;
	if (!o->start.set && !o->goal.set)
		return 0;
	if ((o->start.set && (*start = check_point(sl, "--start", &o->start)) == 0) ||
	    (o->goal.set && (*goal = check_point(sl, "--goal", &o->goal)) == 0))
		return -1;
	if (!m->movingai) {
		/* every A, not only the first: such a map may have several */
		if (o->start.set && g->start != 0)
			for (k = 0; k < (size_t)g->h; k++) {
				char *t = m->text + m->row[k].off, *a;
				size_t len = (size_t)m->row[k].len;

				while ((a = memchr(t, 'A', len)) != NULL) {
					*a = '.';
					len -= (size_t)(a - t) + 1;
					t = a + 1;
				}
			}
		if (o->goal.set)
			for (k = 0; k < g->ngoal; k++)
				m->text[m->row[grid_y(g, g->goal[k])].off +
				    (size_t)grid_x(g, g->goal[k])] = '.';
	}
	g->start = *start;
	m->text[m->row[grid_y(g, *start)].off + (size_t)grid_x(g, *start)] = 'A';
	if (o->goal.set)
		m->text[m->row[o->goal.y].off + (size_t)o->goal.x] = 'B';
	return 0;
}

/* Stdout failed: no more is read, and no more solved. */
static void
halt(struct maps *ms)
{
	lock(ms, &ms->mu);
	ms->stop = 1;
	pthread_cond_broadcast(&ms->work);
	unlock(ms, &ms->mu);
}

/* What has been written goes to the reader (unless stdout is a file). */
static void
flush(struct maps *ms)
{
	lock(ms, &ms->emu);
	if (out_flush(&ms->out) != 0)
		halt(ms);
	unlock(ms, &ms->emu);
}

static void solve_batch(struct worker *, int, int, int, int);

/* Can fd be read without waiting? */
static int
ready(int fd)
{
	struct pollfd p;
	int n;

	p.fd = fd;
	p.events = POLLIN;
	do
		n = poll(&p, 1, 0);
	while (n < 0 && errno == EINTR);
	return n > 0;
}

/*
 * The thread reading is about to read more input, and may wait for it:
 * nothing written may wait with it, and unless the input is sure to be
 * there (wait 0), neither may the maps it has read and not solved (a
 * batch, work).
 */
static void
before_input(struct maps *ms, int wait)
{
	struct worker *w = ms->reader;

	if (wait && w != NULL && w->cur > w->lo) {
		solve_batch(w, w->lo, w->cur, 0, 0);
		w->lo = w->cur;
	}
	lock(ms, &ms->mu);
	ms->waiting = 1;
	unlock(ms, &ms->mu);
	flush(ms);
}

/* (Whether fd is ready is asked only with maps in hand: -j 1 has none.) */
static int
pending(struct maps *ms)
{
	return ms->reader != NULL && ms->reader->cur > ms->reader->lo;
}

/* May a read of fd wait for its writer?  Yes, unless it is a regular file. */
static int
may_wait(int fd)
{
	struct stat st;

	return !(fstat(fd, &st) == 0 && S_ISREG(st.st_mode));
}

/* (A regular file's read waits for no writer: nothing to do.) */
static void
before_read(void *arg)
{
	struct maps *ms = arg;

	if (ms->canwait)
		before_input(ms, pending(ms) && !ready(ms->fd));
}

static void
before_answers(void *arg)
{
	struct maps *ms = arg;

	before_input(ms, pending(ms) && !ready(ms->afd));
}

/* What must hold of a map before it is searched.  0, or -1 after out_fail. */
static int
check_map(const struct options *o, struct slot *sl)
{
	const struct map *m = sl->map;
	char msg[96];

	if (m->movingai && !(o->start.set && o->goal.set)) {
		out_fail(&sl->oc, sl->name, m->line, 1, o->start.set || o->goal.set ?
		    "a MovingAI map needs both --start and --goal (or its scenarios with -S)" :
		    "a MovingAI map has no start or goal: give its scenarios with -S");
		return -1;
	}
	if (o->scores && (m->grid.w > VIZ_SCORES_MAX || m->grid.h > VIZ_SCORES_MAX)) {
		snprintf(msg, sizeof(msg), "--scores draws maps of at most %dx%d cells; "
		    "this one is %dx%d", VIZ_SCORES_MAX, VIZ_SCORES_MAX, m->grid.w, m->grid.h);
		out_fail(&sl->oc, sl->name, m->line, 1, msg);
		return -1;
	}
	return 0;
}

/* --image: the drawing into memory, to be written in the map's turn. */
static int
draw_image(struct worker *w, struct slot *sl, const struct search_result *r)
{
	FILE *fp = out_mem_open(&sl->img);
	int rc;

	if (fp == NULL)
		return -1;
	rc = viz_image(w->viz, fp, img_format_of(w->ms->o->image), sl->map, r);
	if (out_mem_close(fp, &sl->img) != 0)	/* a write found no room */
		rc = -1;
	if (rc != 0 || sl->img.buf == NULL) {
		free(sl->img.buf);
		sl->img.buf = NULL;
		if (rc == 0)
			rc = -1;	/* (an image is never empty) */
	}
	return rc;
}

/*
 * --check: the answer could not be had.  1 after out_fail: a bad record
 * or a read error, at its place in the answers; no record left, at the
 * map.  0: the answer is there.
 */
static int
answer_failed(struct maps *ms, struct slot *sl)
{
	if (sl->ansrc == ANSWER_OK)
		return 0;
	if (sl->ansrc == ANSWER_END) {
		out_fail(&sl->oc, sl->name, sl->line, 1, sl->ansd.msg);
		return 1;
	}
	out_fail(&sl->oc, ms->aname, sl->ansd.line, sl->ansd.col, sl->ansd.msg);
	sl->oc.answers = ms->aname;
	return 1;
}

/*
 * --check: the optimum, by the search the options name when its result
 * is sure to be optimal, else by Dijkstra's algorithm under the same
 * diagonal rule and costs; then the verdict on the answer, as the map's
 * record.
 */
static void
check(struct worker *w, struct slot *sl, uint32_t start, uint32_t goal,
    struct search_params *sp, struct render_info *ri)
{
	struct maps *ms = w->ms;
	struct outcome *oc = &sl->oc;
	struct map *m = sl->map;
	struct check_result cr;
	struct search_result r;
	struct record rec;
	int rc = search_refuses(&m->grid, sp);

	if (ri->noguarantee != NULL && rc == SEARCH_OK) {	/* a refusal is the map's error */
		sp->algo = ALGO_DIJKSTRA;
		sp->heur = H_ZERO;
		sp->weight = 1000;
		if (!ms->o->ol_set)
			sp->ol = OL_STEP_QUEUES;
		ri->noguarantee = NULL;
	}
	if (rc != SEARCH_OK || (rc = search_run(w->search, &m->grid, start, goal, sp, &r)) != 0) {
		sl->nomem = rc == SEARCH_ENOMEM;
		out_fail(oc, sl->name, m->line, 1, search_strerror(rc));
		return;
	}
	sl->expanded = r.expanded;
	check_judge(&sl->ans, sp->diag, &sp->costs, &r, &cr);
	sl->verdict = cr.verdict;
	status_worse(&oc->status, cr.verdict == VERDICT_RIGHT ? EX_FOUND : EX_MISMATCH);
	memset(&rec, 0, sizeof(rec));
	rec.map = m;
	rec.grid = &m->grid;
	rec.r = &r;
	rec.ri = ri;
	rec.check = &cr;
	out_result(&ms->out, oc, &rec);
}

/* --compare's table goes into the outcome's stream, begun only for a table. */
struct begin_arg {
	struct out *out;
	struct outcome *oc;
};

static FILE *
compare_begin(void *arg)
{
	struct begin_arg *ba = arg;

	return out_begin(ba->out, ba->oc);
}

/* Solve the map in sl, into its outcome. */
static void
solve(struct worker *w, struct slot *sl)
{
	struct maps *ms = w->ms;
	const struct options *o = ms->o;
	struct outcome *oc = &sl->oc;
	struct map *m = sl->map;
	struct search_result r;
	struct render_info ri;
	struct search_params sp;
	struct record rec;
	uint32_t start, goal;
	double t0 = 0;
	int rc;

	if (sl->rc != MAP_OK) {
		out_fail(oc, sl->name, sl->d.line, sl->d.col, sl->d.msg);
		if (sl->norecord)
			out_no_record(oc);
		return;
	}
	if (sl->nomem) {	/* no buffer for the record (prepare) */
		out_fail(oc, sl->name, sl->line, 1, "out of memory");
		return;
	}
	if (check_map(o, sl) != 0 || endpoints(o, sl, &start, &goal) != 0 ||
	    (o->check != NULL && answer_failed(ms, sl)))
		return;
	if (sl->large && !sl->held)
		flush(ms);
	options_params(o, m, &sp);
	memset(&ri, 0, sizeof(ri));
	ri.name = sl->name;
	ri.mapno = sl->mapno;
	ri.label = sl->label && o->format == FMT_TEXT;
	ri.color = ms->color;
	ri.params = &sp;
	ri.noguarantee = search_no_guarantee(&sp);
	if (o->check != NULL) {
		check(w, sl, start, goal, &sp, &ri);
		return;
	}
	if (o->compare != CMP_NONE) {
		struct begin_arg ba = { &ms->out, oc };

		rc = compare_table(o->quiet ? NULL : compare_begin, &ba, w->search, m,
		    start, goal, o, &ri, &sl->expanded);
		if (rc < 0) {
			sl->nomem = rc == SEARCH_ENOMEM;
			out_fail(oc, sl->name, m->line, 1, search_strerror(rc));
		} else
			sl->solved = rc == 0, status_worse(&oc->status, rc);
		return;
	}
	/* The trace comes first, with the label: the result then has none. */
	if (w->viz != NULL && viz_begin(w->viz, w->search, m, start, goal, &sp, o,
	    &ms->out, oc, &ri) != 0) {
		sl->nomem = 1;
		out_fail(oc, sl->name, m->line, 1, "out of memory");
		return;
	}
	if (o->timing)
		t0 = monotime();
	rc = search_run(w->search, &m->grid, start, goal, &sp, &r);
	if (w->viz != NULL && viz_end(w->viz, rc == 0 ? &r : NULL) != 0 && rc == 0)
		rc = -1;	/* out of memory */
	if (rc == 0 && o->image != NULL && draw_image(w, sl, &r) != 0)
		rc = SEARCH_ENOMEM;
	if (rc != 0) {
		sl->nomem = rc == SEARCH_ENOMEM;
		out_fail(oc, sl->name, m->line, 1, search_strerror(rc));
		return;
	}
	if (o->trace != TRACE_OFF)
		ri.label = 0;
	if (o->timing) {
		ri.timing = 1;
		ri.seconds = sl->seconds = monotime() - t0;
	}
	sl->expanded = r.expanded;
	sl->solved = r.found;
	sl->limited = r.limited;
	status_worse(&oc->status, r.found ? EX_FOUND : r.limited ? EX_LIMIT : EX_NOPATH);
	memset(&rec, 0, sizeof(rec));
	rec.map = m;
	rec.grid = &m->grid;
	rec.r = &r;
	rec.ri = &ri;
	rec.viz = w->viz;
	rec.view = o->scores ? VIEW_SCORES : o->explored ? VIEW_EXPLORED : VIEW_MAP;
	out_result(&ms->out, oc, &rec);
}

/*
 * The name of the n-th image of the run: FILE, then FILE-2.EXT,
 * FILE-3.EXT...  NULL when it does not fit in buf.
 */
static const char *
image_name(const char *file, unsigned long n, char *buf, size_t size)
{
	size_t len = strlen(file) - 4;	/* options checked the ".ext" */
	int k;

	if (n == 1)
		return file;
	k = snprintf(buf, size, "%.*s-%lu%s", (int)len, file, n, file + len);
	return k >= 0 && (size_t)k < size ? buf : NULL;
}

/*
 * The order of ms->inputs, sorted once so that each image looks its name
 * up in them.  Compared with each of them, the images of 40,000
 * operands of a map each, their names there already, took 3.8 s; they
 * take 1.1 s (10,000: 0.40 and 0.37 s).
 */
static int
fileid_cmp(const void *a, const void *b)
{
	const struct fileid *p = a, *q = b;

	if (p->dev != q->dev)
		return p->dev < q->dev ? -1 : 1;
	return p->ino < q->ino ? -1 : p->ino > q->ino;
}

/*
 * Write the image of a solved map, before its record: a file that cannot
 * be written is then the map's one outcome.  The name is the option's
 * own or lives in buf, which outlives the outcome's diagnostic.
 */
static void
write_image(struct maps *ms, struct slot *sl, char *buf, size_t size)
{
	const char *name = image_name(ms->o->image, ms->images + 1, buf, size);
	struct stat st;
	FILE *fp = NULL;
	char msg[256];
	int fd, err, created;

	if (name == NULL) {
		snprintf(msg, sizeof(msg), "cannot write image %lu: %s", ms->images + 1,
		    strerror(ENAMETOOLONG));
		out_discard(&sl->oc);
		out_fail(&sl->oc, ms->o->image, 0, 0, msg);
		return;
	}
	if (stat(name, &st) == 0) {
		struct fileid id = { st.st_dev, st.st_ino };

		if (bsearch(&id, ms->inputs, (size_t)ms->ninputs, sizeof(*ms->inputs),
		    fileid_cmp) != NULL) {
			out_discard(&sl->oc);
			out_fail(&sl->oc, name, 0, 0, "cannot write image: it is an input file");
			return;
		}
		/*
		 * Nor standard output's file where the records go there: each
		 * would overwrite the other (with -q nothing else is written).
		 */
		if (ms->outreg && !ms->o->quiet && id.dev == ms->output.dev &&
		    id.ino == ms->output.ino) {
			out_discard(&sl->oc);
			out_fail(&sl->oc, name, 0, 0, "cannot write image: it is standard output");
			return;
		}
	}
	/*
	 * A half-written image is removed only where this run created it: a
	 * name that was there (a file, a link to one, a device) is the
	 * user's, and stays.
	 */
	created = (fd = open(name, O_WRONLY | O_CREAT | O_EXCL, 0666)) >= 0;
	if (fd < 0 && errno == EEXIST)
		fd = open(name, O_WRONLY | O_CREAT | O_TRUNC, 0666);
	if (fd >= 0 && (fp = fdopen(fd, "wb")) == NULL) {
		err = errno;
		close(fd);
		errno = err;
	}
	if (fd >= 0 && fp != NULL) {
		size_t n = fwrite(sl->img.buf, 1, sl->img.len, fp);

		if (fclose(fp) == 0 && n == sl->img.len) {
			ms->images++;
			return;
		}
	}
	err = errno;
	if (created)
		remove(name);
	snprintf(msg, sizeof(msg), "cannot write image: %s",
	    err == ENOMEM ? "out of memory" : strerror(err));
	out_discard(&sl->oc);
	out_fail(&sl->oc, name, 0, 0, msg);
}

/* Write a solved slot's outcome and count it.  -1: stdout failed. */
static int
emit(struct maps *ms, struct slot *sl)
{
	char imgname[4096];
	int rc;

	if (out_close(&sl->oc) != 0) {
		out_discard(&sl->oc);
		out_fail(&sl->oc, sl->name, sl->line, 1, "out of memory");
	}
	if (sl->img.buf != NULL) {
		if (!sl->oc.error)
			write_image(ms, sl, imgname, sizeof(imgname));
		free(sl->img.buf);
		sl->img.buf = NULL;
	}
	/*
	 * Counted once handed to standard output: after a write error the
	 * run stops, and the maps read ahead and given back unsolved, or
	 * whose diagnostic came after the error, are not in the summary.
	 */
	if ((rc = out_emit(&ms->out, &sl->oc)) != 0 ||
	    (rc = out_account(&ms->out, sl->work, FLUSH_WORK)) != 0)
		return rc;
	/*
	 * --check: a read error in the answers met while reading the answer
	 * of an item whose record is an error of its own (a bad map, say):
	 * said after it, or it would go unsaid.
	 */
	if (ms->o->check != NULL && sl->ansrc == ANSWER_IOERR && sl->oc.answers == NULL) {
		out_diag(&ms->out, ms->aname, sl->ansd.line, sl->ansd.col, sl->ansd.msg);
		ms->errors++;	/* (one a diagnostic) */
	}
	ms->maps++;
	ms->expanded += sl->expanded;	/* (a map whose image failed was searched) */
	ms->seconds += sl->seconds;
	if (sl->oc.error)
		ms->errors++;
	else {
		if (ms->o->check != NULL)
			ms->verdicts[sl->verdict]++;
		else if (sl->solved)
			ms->solved++;
		else if (sl->limited)
			ms->limited++;
		else
			ms->nopath++;
	}
	status_worse(&ms->status, sl->oc.status);
	return 0;
}

/*
 * Write every solved slot at the head of the queue, in order: a run of
 * them at a time, the lock taken once for the run.
 */
static void
emit_ready(struct maps *ms)
{
	struct slot *sl;
	size_t k, n, large;
	int failed = 0, rc;

	lock(ms, &ms->emu);
	/*
	 * stdout is written by the thread that holds emu: it takes stdout's
	 * lock once, and stdio no more for each write (a third of the time
	 * of -j 2 on maps of a few cells).
	 */
	if (ms->nw > 1)
		flockfile(stdout);
	lock(ms, &ms->mu);
	for (;;) {
		/* (head moves only here, under emu: it is read without mu) */
		for (n = 0; ms->head + n < ms->tail && at(ms, ms->head + n)->done; n++)
			;
		if (n == 0)
			break;
		unlock(ms, &ms->mu);
		for (k = large = 0; k < n; k++) {
			sl = at(ms, ms->head + k);
			if (emit(ms, sl) != 0)
				failed = 1;
			large += (size_t)sl->large;
		}
		lock(ms, &ms->mu);
		for (k = 0; k < n; k++)
			at(ms, ms->head + k)->done = 0;
		ms->head += n;
		ms->nlarge -= large;
		if (failed)
			ms->stop = 1;
		pthread_cond_broadcast(&ms->work);	/* room to read a map, or the end */
	}
	/*
	 * With threads, what was just written must not wait behind the next
	 * outcome when that one may be long coming: the thread reading is
	 * waiting for its map, or it is a large map.  (With -j 1 the one
	 * thread flushes before it waits, and solve before a large map.)
	 */
	rc = ms->nw > 1 && (ms->head == ms->tail ? ms->waiting :
	    at(ms, ms->head)->large);
	unlock(ms, &ms->mu);
	if (rc && out_flush(&ms->out) != 0)
		halt(ms);
	if (ms->nw > 1)
		funlockfile(stdout);
	unlock(ms, &ms->emu);
}

/*
 * Prepare sl's outcome, onto run's records, into memory of its own or
 * (buffered 0) straight to stdout.  Without memory for its record, a good
 * map fails (nomem: solve, solve_alone); an error needs none, written in
 * its turn.
 */
static void
prepare(struct slot *sl, int buffered, struct outrun *run)
{
	sl->solved = 0;
	sl->limited = 0;
	sl->expanded = 0;
	sl->seconds = 0;
	sl->nomem = 0;
	sl->held = 0;
	if (run != NULL ? out_open_run(&sl->oc, run) != 0 : out_open(&sl->oc, buffered) != 0) {
		out_open(&sl->oc, 0);
		sl->nomem = 1;
	}
	sl->oc.item = ITEM_MAP;
	sl->oc.source = sl->name;
	sl->oc.number = sl->mapno;
}

/*
 * --check: read the answer to the map just read into sl (with an error,
 * sl->rc not MAP_OK, it is only read), and walk it over the map with the
 * start, goals and diagonal rule the search will have.
 */
static void
read_answer(struct maps *ms, struct slot *sl)
{
	const struct options *o = ms->o;
	const struct grid *g = &sl->map->grid;
	struct search_params sp;
	struct check_map cm;
	long n;

	if (sl->rc == MAP_OK) {
		options_params(o, sl->map, &sp);
		cm.map = sl->map;
		cm.rule = sp.diag;
		cm.sx = o->start.set ? o->start.x : grid_x(g, g->start);
		cm.sy = o->start.set ? o->start.y : grid_y(g, g->start);
		cm.gx = o->goal.set ? o->goal.x : -1;
		cm.gy = o->goal.set ? o->goal.y : -1;
	}
	sl->ansrc = answers_next(&ms->answers, sl->rc == MAP_OK ? &cm : NULL, &sl->ans,
	    &sl->ansd);
	if (sl->ansrc != ANSWER_END)
		return;
	n = ms->answers.records;
	if (ms->answers.failed)
		snprintf(sl->ansd.msg, sizeof(sl->ansd.msg),
		    "no answer for this map: reading the answers failed");
	else
		snprintf(sl->ansd.msg, sizeof(sl->ansd.msg),
		    "no answer for this map: the answers end after %ld answer%s", n,
		    n == 1 ? "" : "s");
}

/*
 * An input that fails as a whole: its error is the item read into sl, at
 * line (0: none), which takes an answer with --check, unless the error
 * is about the answers themselves.
 */
static void
error_item(struct maps *ms, struct slot *sl, const char *name, long line, const char *msg,
    int answer)
{
	sl->name = name;
	sl->mapno = 0;
	sl->label = 0;
	sl->large = 0;
	sl->work = 1;
	sl->rc = MAP_BAD;
	sl->line = line;
	sl->d.line = line;
	sl->d.col = line > 0;
	snprintf(sl->d.msg, sizeof(sl->d.msg), "%s", msg);
	sl->ansrc = ANSWER_OK;
	sl->norecord = 0;
	if (answer && ms->o->check != NULL)
		read_answer(ms, sl);
}

/*
 * Read operand path ahead into a (AHEAD) if it is a regular file of at
 * most AHEAD_BYTES, and not standard output's (ms->output) nor, with
 * --check=-, standard input's (ms->ansfile); else, or if anything fails,
 * leave it to the thread in turn (a->ok 0), which refuses those two.
 */
static void
fetch(const struct maps *ms, struct ahead *a, const char *path)
{
	struct stat st;
	ssize_t r;
	int fd;

	a->ok = 0;
	a->n = 0;
	if (strcmp(path, "-") == 0 || stat(path, &st) != 0 || !S_ISREG(st.st_mode) ||
	    st.st_size > AHEAD_BYTES)
		return;
	if (a->buf == NULL && (a->buf = malloc(AHEAD_BYTES + 1)) == NULL)
		return;
	/* not waiting, should it have become a FIFO since the stat */
	if ((fd = open(path, O_RDONLY | O_NONBLOCK)) < 0)
		return;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) ||
	    (ms->outreg && st.st_dev == ms->output.dev && st.st_ino == ms->output.ino) ||
	    (ms->ansreg && st.st_dev == ms->ansfile.dev && st.st_ino == ms->ansfile.ino)) {
		close(fd);
		return;
	}
	/* to its end, or past AHEAD_BYTES (then it has grown since the stat) */
	do {
		r = read(fd, a->buf + a->n, AHEAD_BYTES + 1 - a->n);
		if (r > 0)
			a->n += (size_t)r;
	} while ((r > 0 || (r < 0 && errno == EINTR)) && a->n <= AHEAD_BYTES);
	close(fd);
	a->ok = r == 0;
}

/* Claim operand k and read it ahead: called with mu held, returns with it. */
static void
claim(struct maps *ms, int k)
{
	struct ahead *a = &ms->ahead[k % AHEAD];

	a->op = k;
	a->busy = 1;
	unlock(ms, &ms->mu);
	fetch(ms, a, ms->files[k]);
	lock(ms, &ms->mu);
	a->busy = 0;
	pthread_cond_broadcast(&ms->work);
}

/*
 * A thread that would wait, called with mu held: read the next operand
 * ahead, the nearest in reach not claimed.  1: it did (mu is held
 * again).
 */
static int
read_ahead(struct maps *ms)
{
	int k, end = ms->consumed + AHEAD < ms->nfiles ? ms->consumed + AHEAD : ms->nfiles;

	if (ms->stop || ms->hold)
		return 0;
	for (k = ms->consumed; k < end && ms->ahead[k % AHEAD].op == k; k++)
		;
	if (k >= end)
		return 0;
	claim(ms, k);
	return 1;
}

/* While another thread reads a ahead, read the next ahead, if any (mu held). */
static void
settle(struct maps *ms, const struct ahead *a)
{
	while (a->busy)
		if (!read_ahead(ms))
			pthread_cond_wait(&ms->work, &ms->mu);
}

/*
 * The thread reading, about to open operand k: 1 and its file in *got
 * when it was read ahead (a->buf stays the reader's until it takes the
 * next), else 0, and no thread will read it ahead.  While another
 * thread reads it ahead, this one reads the next ahead, if any.
 */
static int
take_ahead(struct maps *ms, int k, struct ahead *got)
{
	struct ahead *a = &ms->ahead[k % AHEAD];

	lock(ms, &ms->mu);
	ms->consumed = k;
	if (a->op != k) {
		a->op = k;
		unlock(ms, &ms->mu);
		return 0;
	}
	settle(ms, a);
	*got = *a;
	unlock(ms, &ms->mu);
	return got->ok;
}

/*
 * A batch at the end of its input, with nothing left in it: may it go on
 * into the next operand?  Yes when that is a file fetch reads whole, read
 * ahead by another thread or now by this one: its maps are small, and in
 * memory.  Its turn then takes it (take_ahead) without waiting.
 * So where a batch ends does not depend on the threads' timing.
 */
static int
next_ahead(struct maps *ms)
{
	int k = ms->fi, ok;
	struct ahead *a = &ms->ahead[k % AHEAD];

	if (k >= ms->nfiles)
		return 0;
	lock(ms, &ms->mu);
	if (a->op != k && !ms->stop)
		claim(ms, k);
	settle(ms, a);
	ok = a->op == k && a->ok;
	unlock(ms, &ms->mu);
	return ok;
}

/*
 * Open operand path in its turn.  Under -j the threads reading ahead hold
 * a descriptor each for a moment (fetch): where the process has none
 * left (EMFILE, ENFILE), let those finish, start no other (ms->hold), and
 * try once more, so that -j N opens what -j 1 would.
 */
static int
open_in_turn(struct maps *ms, const char *path)
{
	int fd = open(path, O_RDONLY), k, err;

	if (fd >= 0 || ms->nw == 1 || (errno != EMFILE && errno != ENFILE))
		return fd;
	lock(ms, &ms->mu);
	ms->hold = 1;
	for (k = 0; k < AHEAD; k++)
		settle(ms, &ms->ahead[k]);	/* (reading none ahead: hold) */
	fd = open(path, O_RDONLY);
	err = errno;
	ms->hold = 0;
	unlock(ms, &ms->mu);
	errno = err;
	return fd;
}

/*
 * Open input arg, or take it from ahead (got).  0: it is open; 1: it
 * cannot be read, and sl holds its error.
 */
static int
start_input(struct maps *ms, struct slot *sl, const char *arg, const struct ahead *got)
{
	const struct options *o = ms->o;
	const char *why;
	struct stat st;
	char msg[128];
	int k;

	ms->name = strcmp(arg, "-") == 0 ? "<stdin>" : arg;
	ms->canwait = 0;
	if (got != NULL) {
		ms->fd = -1;	/* read, and closed: nothing to wait for */
	} else {
		if (strcmp(arg, "-") == 0 && o->stdin_closed) {
			error_item(ms, sl, ms->name, 0, "cannot read: standard input is closed", 1);
			return 1;
		}
		/*
		 * Opening a FIFO waits for its writer: nothing written, and no
		 * map read, may wait with it.  A regular file's open does not
		 * wait (should it become a FIFO after the stat, only the flush
		 * is late), and to a regular file there is nothing to flush.
		 */
		if (strcmp(arg, "-") != 0 && (ms->out.stream || pending(ms)) &&
		    !(stat(arg, &st) == 0 && S_ISREG(st.st_mode)))
			before_input(ms, pending(ms));
		ms->fd = strcmp(arg, "-") == 0 ? STDIN_FILENO : open_in_turn(ms, arg);
		if (ms->fd < 0) {
			snprintf(msg, sizeof(msg), "cannot open: %s", strerror(errno));
			error_item(ms, sl, ms->name, 0, msg, 1);
			return 1;
		}
		/* (before_read does nothing else with one thread, to a file) */
		ms->canwait = (ms->out.stream || ms->nw > 1) && may_wait(ms->fd);
	}
	/*
	 * Not stdout's file, nor standard input by another name (/dev/stdin,
	 * the file it comes from) where it was closed or, with --check=-,
	 * holds the answers: the two readers would take each other's lines,
	 * and the answers then seem to say "no path".
	 */
	if (got == NULL && (k = out_refuse(ms->fd, o->quiet, o->stdin_closed, o->check != NULL &&
	    strcmp(o->check, "-") == 0 ? "it is standard input, which holds the answers" : NULL,
	    &why)) != 0) {
		error_item(ms, sl, ms->name, 0, why, 1);
		sl->norecord = k == 2;
		if (ms->fd != STDIN_FILENO)
			close(ms->fd);
		return 1;
	}
	if (mapreader_open(&ms->rd, ms->fd) != 0) {
		error_item(ms, sl, ms->name, 0, "out of memory", 1);
		if (ms->fd != STDIN_FILENO && ms->fd >= 0)
			close(ms->fd);
		return 1;
	}
	if (got != NULL)
		lines_preload(&ms->rd.lines, got->buf, got->n);
	ms->rd.lines.before_read = before_read;
	ms->rd.lines.arg = ms;
	ms->rd.start_optional = o->start.set;
	ms->rd.goal_optional = o->goal.set;
	ms->mapno = 0;
	ms->several = o->nfiles > 1;
	ms->open = 1;
	return 0;
}

/* Open the next input.  0: it is open; 1: it cannot be read, and sl holds its error. */
static int
open_input(struct maps *ms, struct slot *sl)
{
	struct ahead got;
	int k = ms->fi++;

	return start_input(ms, sl, ms->files[k], take_ahead(ms, k, &got) ? &got : NULL);
}

static void
close_input(struct maps *ms)
{
	mapreader_close(&ms->rd);
	if (ms->fd != STDIN_FILENO && ms->fd >= 0)	/* (-1: read ahead, and closed) */
		close(ms->fd);
	ms->open = 0;
}

/* --check: answers left after the last map are one error, of the answers, read into sl.  1: it is. */
static int
more_answers(struct maps *ms, struct slot *sl)
{
	struct diag d;

	if (!answers_left(&ms->answers, "map", &d))
		return 0;
	error_item(ms, sl, ms->aname, d.line, d.msg, 0);
	return 1;
}

/*
 * Read the run's next item into sl: the next map of the input open or of
 * the inputs after it (a bad map is an item too), an input's error, or
 * with --check, after the last map, the answers left over.  1: sl holds
 * it; 0: there is no more.  Called by one thread at a time, the one with
 * ms->reading set, which alone touches the inputs and the answers.
 */
static int
feed(struct maps *ms, struct slot *sl)
{
	const struct options *o = ms->o;

	for (;;) {
		if (!ms->open) {
			if (ms->fi < ms->nfiles) {
				if (open_input(ms, sl) != 0)
					return 1;
				continue;
			}
			if (o->check == NULL || ms->answered)
				return 0;
			ms->answered = 1;
			return more_answers(ms, sl);
		}
		sl->norecord = 0;
		sl->rc = map_read(&ms->rd, sl->map, &sl->d);
		if (sl->rc == MAP_EOF) {
			close_input(ms);
			continue;
		}
		sl->line = sl->map->line;
		sl->name = ms->name;
		/* an input that fails before its first line (a directory) has no map */
		sl->mapno = sl->rc == MAP_IOERR && ms->mapno == 0 && ms->rd.lines.lineno == 0 ?
		    0 : ++ms->mapno;
		sl->work = sl->rc == MAP_OK ? (size_t)sl->map->grid.w * (size_t)sl->map->grid.h : 1;
		sl->large = sl->work > FLUSH_CELLS;
		/*
		 * By default a result is labelled when the run has several maps:
		 * the first map of a lone input waits for the next one's first
		 * line (or the end) to know.  --label and --no-label never wait.
		 */
		if (o->label == LABEL_AUTO && !ms->several && ms->mapno == 1 && sl->rc == MAP_OK &&
		    o->format == FMT_TEXT && !o->quiet)
			ms->several = map_more(&ms->rd);
		sl->label = o->label == LABEL_ALWAYS ||
		    (o->label == LABEL_AUTO && (ms->several || ms->mapno > 1));
		if (o->check != NULL)
			read_answer(ms, sl);
		if (sl->rc == MAP_IOERR)
			close_input(ms);
		return 1;
	}
}

/*
 * Did sl's solve run out of memory, its record's buffer included?  The
 * record is closed here, by the thread that wrote it: what stdio holds
 * of it goes to its buffer first, and a run's is measured (out_close).
 */
static int
out_of_memory(struct slot *sl)
{
	int lost = out_close(&sl->oc) != 0;

	return sl->rc == MAP_OK && (sl->nomem || lost);
}

/*
 * The records of slots [a, b) of w's batch that are on its run take the
 * run's buffer, the last of them to free it.
 */
static void
give(struct worker *w, int a, int b)
{
	struct maps *ms = w->ms;
	struct outcome *oc;
	char *buf = out_run_take(&w->run);
	int k, last = 1;

	for (k = b; k-- > a; ) {
		oc = &at(ms, w->first + (size_t)k)->oc;
		if (oc->run == &w->run) {
			out_run_give(oc, buf, last);
			last = 0;
		}
	}
	if (last)
		free(buf);	/* (what a record that was lost wrote) */
}

/*
 * The map in sl ran out of memory while other threads may have held
 * theirs: solve it again alone, as -j 1 would, so that -j never decides
 * whether a map fits.  What its first try holds goes at once.  Maps go
 * alone in input order, each once every map before it is written: a
 * later map that went first held its record in memory while the earlier
 * one waited, and both could fail where -j 1 fits.  Only the first map
 * in line is ever alone, so the maps before ours are solved meanwhile
 * and no wait here lasts for ever.  Once alone, no other thread starts a
 * map or reads one; once those solving have finished, the searches of
 * every thread give back what they keep from map to map, and so do the
 * maps of the threads that hold none in hand.  What the run has read
 * ahead, and the finished records of later maps waiting for their turn,
 * stay.  The record goes straight to stdout, as with -j 1, not into
 * memory (but with --image, whose file comes first).  Only a map that
 * fails alone fails.  The thread reading is not waited for: it holds no
 * search, and may be waiting for a writer that waits for our output.
 */
static void
solve_alone(struct worker *w, struct slot *sl)
{
	struct maps *ms = w->ms;
	int i, k, stop, direct = ms->o->image == NULL;

	out_close(&sl->oc);
	out_discard(&sl->oc);
	free(sl->img.buf);
	memset(&sl->img, 0, sizeof(sl->img));
	lock(ms, &ms->mu);
	ms->solving--;
	pthread_cond_broadcast(&ms->work);	/* (for a thread waiting to be alone) */
	while ((at(ms, ms->head) != sl || ms->alone) && !ms->stop)
		pthread_cond_wait(&ms->work, &ms->mu);
	ms->alone = 1;
	while (ms->solving > 0 && !ms->stop)
		pthread_cond_wait(&ms->work, &ms->mu);
	if (!(stop = ms->stop))
		for (k = 0; k < ms->nw; k++) {
			search_release(ms->w[k].search);
			if (ms->w[k].viz != NULL)
				viz_release(ms->w[k].viz);
			for (i = 0; !ms->w[k].busy && i < ms->batch; i++)
				map_free(&ms->w[k].map[i]);
		}
	ms->solving++;
	unlock(ms, &ms->mu);
	/* every map before it is written: no other thread writes until it is done */
	if (!stop && direct) {
		lock(ms, &ms->emu);
		if (out_flush(&ms->out) != 0) {
			unlock(ms, &ms->emu);
			halt(ms);
			stop = 1;
		}
	}
	if (!stop) {
		prepare(sl, !direct, NULL);
		sl->held = direct;
		solve(w, sl);
		if (direct)
			unlock(ms, &ms->emu);
	}
	lock(ms, &ms->mu);
	ms->alone = 0;
	pthread_cond_broadcast(&ms->work);
	unlock(ms, &ms->mu);
}

/*
 * Publish map[lo, hi) of w's batch, the maps it has read (in the slots
 * from w->first + lo on), and solve them, in turn (a thread of -j N:
 * work_alone has no batches); end: the batch is
 * over and the thread stops reading (eof: there is nothing more).  Their
 * outcomes are done under one lock, and written in turn.  A map that
 * runs out of memory beside the other threads is solved again alone
 * (solve_alone) once the maps before it are written: those of the batch
 * are done first.  After a write error the maps are given back unsolved.
 */
static void
solve_batch(struct worker *w, int lo, int hi, int end, int eof)
{
	struct maps *ms = w->ms;
	struct slot *sl;
	size_t large = 0;
	int i, k, done, stop;

	for (i = lo; i < hi; i++)
		large += (size_t)at(ms, w->first + (size_t)i)->large;
	lock(ms, &ms->mu);
	if (hi > lo) {
		ms->tail += (size_t)(hi - lo);
		ms->nlarge += large;
		ms->waiting = 0;
	}
	if (end) {
		ms->reading = 0;
		ms->reader = NULL;
		if (eof)
			ms->eof = 1;
	}
	pthread_cond_broadcast(&ms->work);
	if (hi == lo) {
		if (end)
			w->busy = 0;
		unlock(ms, &ms->mu);
		return;
	}
	while (ms->alone && !ms->stop)
		pthread_cond_wait(&ms->work, &ms->mu);
	ms->solving++;
	stop = ms->stop;
	unlock(ms, &ms->mu);
	for (done = i = lo; i < hi; i++) {
		sl = at(ms, w->first + (size_t)i);
		if (stop) {
			prepare(sl, 0, NULL);
			continue;
		}
		prepare(sl, ms->buffered, &w->run);
		solve(w, sl);
		if (out_of_memory(sl)) {
			give(w, done, i);
			lock(ms, &ms->mu);
			for (k = done; k < i; k++)
				at(ms, w->first + (size_t)k)->done = 1;
			unlock(ms, &ms->mu);
			done = i;
			emit_ready(ms);
			solve_alone(w, sl);
		}
	}
	give(w, done, hi);
	lock(ms, &ms->mu);
	ms->solving--;
	if (end)
		w->busy = 0;
	for (k = done; k < hi; k++)
		at(ms, w->first + (size_t)k)->done = 1;
	if (ms->alone)
		pthread_cond_broadcast(&ms->work);
	unlock(ms, &ms->mu);
	emit_ready(ms);
}

/*
 * A thread of the run under -j N: when no other thread is reading and
 * slots are free, read the next map (feed) into the thread's first map
 * and the next slot, and while the maps are small, the maps after it
 * into its next maps and slots (a batch, BATCH_MAPS); then solve them
 * and write what is in turn.  The thread that reads a map is the one that solves it,
 * before it reads another batch: no map waits to be taken.  No thread
 * only reads: a reader thread beside the searches took a processor from
 * them each time it woke, and the searches waited for it to be given
 * one.  Two threads took 0.94-0.98 of the time of a reader and two
 * workers on 512 maps of 256x256 cells and 1.00-1.02 on 64 (two
 * batches), with 8% less processor time and a sixth of the context
 * switches (BENCHMARKS.md, item 6); with the calling thread as one of the
 * two, 64 maps took 1.15 of that time.  Nothing is read while the slots
 * have no room for a whole batch, or 4 large maps a thread are in flight
 * (the oldest not yet written), nor after a write error: the slots in
 * flight are then given back unsolved.
 */
static void *
work(void *arg)
{
	struct worker *w = arg;
	struct maps *ms = w->ms;
	struct slot *sl;
	size_t cells;
	int got = 1, n;

	/*
	 * The thread's run of records, its own from here to its end (out.h):
	 * without one (ENOMEM) each of its maps is solved again alone.
	 */
	(void)out_run_open(&w->run);
	for (;;) {
		lock(ms, &ms->mu);
		for (;;) {
			if (ms->stop && !ms->reading)
				ms->eof = 1;
			if (ms->eof) {
				unlock(ms, &ms->mu);
				out_run_close(&w->run);
				return NULL;
			}
			if (!ms->reading && !ms->alone && ms->tail - ms->head + (size_t)ms->batch <=
			    ms->nflight && ms->nlarge < 4 * (size_t)ms->nw)
				break;
			if (!read_ahead(ms))
				pthread_cond_wait(&ms->work, &ms->mu);
		}
		ms->reading = 1;
		ms->reader = w;
		w->busy = 1;
		w->first = ms->tail;
		unlock(ms, &ms->mu);
		w->lo = w->cur = 0;
		cells = 0;
		for (n = 0; n < ms->batch; ) {
			sl = at(ms, w->first + (size_t)n);
			sl->map = &w->map[n];
			w->cur = n;
			if ((got = feed(ms, sl)) == 0)
				break;
			w->cur = ++n;
			if (sl->large || (sl->rc == MAP_OK && (cells += (size_t)sl->map->grid.w *
			    (size_t)sl->map->grid.h) >= BATCH_CELLS) || !ms->open || ms->rd.skip)
				break;
			/*
			 * the next map whole in the buffer, or there once what is
			 * ready is read; at the input's end, with nothing left,
			 * the next input read ahead (whose maps are small too)
			 */
			if (!lines_block_here(&ms->rd.lines, BATCH_BYTES) && (ms->rd.lines.eof ?
			    !lines_spent(&ms->rd.lines) || !next_ahead(ms) : !ready(ms->fd) ||
			    !lines_top_up(&ms->rd.lines) || !lines_block_here(&ms->rd.lines, BATCH_BYTES)))
				break;
		}
		w->cur = n;
		solve_batch(w, w->lo, n, 1, !got);
	}
}

/*
 * -j 1, or no thread could be started: the calling thread reads each
 * map, solves it and writes its outcome, a slot at a time, without locks.
 */
static void
work_alone(struct worker *w)
{
	struct maps *ms = w->ms;
	struct slot *sl;

	while (!ms->stop) {
		sl = at(ms, ms->tail);	/* (one slot with -j 1; several set up for threads not started) */
		sl->map = &w->map[0];
		if (!feed(ms, sl))
			break;
		ms->tail++;
		ms->waiting = 0;
		prepare(sl, ms->buffered, NULL);
		solve(w, sl);
		sl->done = 1;
		emit_ready(ms);
	}
	ms->eof = 1;
}

/*
 * What nw threads need: the workers, with their maps, searches and views,
 * and the slots of the maps in flight.  -1 without the memory: jobs_free
 * gives back what was taken.
 */
static int
jobs_setup(struct maps *ms, int nw)
{
	const struct options *o = ms->o;
	int k;

	ms->nw = nw;
	ms->batch = nw == 1 ? 1 : BATCH_MAPS;
	ms->nflight = nw == 1 ? 1 : 4 * (size_t)nw * (size_t)ms->batch;
	for (ms->nslot = 1; ms->nslot < ms->nflight; )
		ms->nslot *= 2;
	ms->buffered = nw > 1 || o->image != NULL;
	if ((ms->w = calloc((size_t)(ms->nalloc = nw), sizeof(*ms->w))) == NULL ||
	    (ms->slot = calloc(ms->nslot, sizeof(*ms->slot))) == NULL)
		return -1;
	for (k = 0; k < nw; k++) {
		ms->w[k].ms = ms;
		if ((ms->w[k].map = calloc((size_t)ms->batch, sizeof(*ms->w[k].map))) == NULL ||
		    (ms->w[k].search = search_new()) == NULL)
			return -1;
		search_threaded(ms->w[k].search, nw > 1);
		if ((o->explored || o->trace != TRACE_OFF || o->scores || o->image != NULL) &&
		    (ms->w[k].viz = viz_new()) == NULL)
			return -1;
	}
	return 0;
}

static void
jobs_free(struct maps *ms)
{
	int i, k;

	for (k = 0; ms->w != NULL && k < ms->nalloc; k++) {
		for (i = 0; ms->w[k].map != NULL && i < ms->batch; i++)
			map_free(&ms->w[k].map[i]);
		free(ms->w[k].map);
		viz_free(ms->w[k].viz);
		search_free(ms->w[k].search);
	}
	free(ms->slot);
	free(ms->w);
	ms->slot = NULL;
	ms->w = NULL;
	ms->nalloc = 0;
}

static int
setup(struct maps *ms, const struct options *o)
{
	struct stat st;
	int k, nw;

	memset(ms, 0, sizeof(*ms));
	ms->o = o;
	ms->afd = -1;
	for (k = 0; k < AHEAD; k++)
		ms->ahead[k].op = -1;
	if (fstat(STDOUT_FILENO, &st) == 0 && S_ISREG(st.st_mode)) {
		ms->outreg = 1;	/* (for fetch: what it is cannot change) */
		ms->output.dev = st.st_dev;
		ms->output.ino = st.st_ino;
	}
	/* --check=- from a file: no operand that is that file is read ahead */
	if (o->check != NULL && strcmp(o->check, "-") == 0 && !o->stdin_closed &&
	    fstat(STDIN_FILENO, &st) == 0 && S_ISREG(st.st_mode)) {
		ms->ansreg = 1;
		ms->ansfile.dev = st.st_dev;
		ms->ansfile.ino = st.st_ino;
	}
	out_init(&ms->out, o, 0);
	ms->color = color_wanted(o->color);
	pthread_mutex_init(&ms->mu, NULL);
	pthread_mutex_init(&ms->emu, NULL);
	pthread_cond_init(&ms->work, NULL);
	/*
	 * The files read, so that no image overwrites one (--image self.svg
	 * self.svg would truncate the input before reading it).
	 */
	if (o->image != NULL) {
		char **files = o->nfiles > 0 ? o->files : NULL;

		if ((ms->inputs = calloc((size_t)o->nfiles + 1, sizeof(*ms->inputs))) == NULL)
			return -1;
		for (k = 0; k <= o->nfiles; k++) {
			if (k < o->nfiles ? strcmp(files[k], "-") == 0 || stat(files[k], &st) != 0 :
			    fstat(STDIN_FILENO, &st) != 0 || !S_ISREG(st.st_mode))
				continue;
			ms->inputs[ms->ninputs].dev = st.st_dev;
			ms->inputs[ms->ninputs++].ino = st.st_ino;
		}
		qsort(ms->inputs, (size_t)ms->ninputs, sizeof(*ms->inputs), fileid_cmp);
	}
	/*
	 * -j N takes what N threads need up front (the slots above all: 4
	 * batches of 64 maps a thread, 984 bytes each); where the memory is
	 * not there, fewer threads, down to the one of -j 1, which needs no
	 * more than it would alone (maps_run says so).
	 */
	for (nw = o->jobs; jobs_setup(ms, nw) != 0; nw /= 2) {
		jobs_free(ms);
		if (nw == 1)
			return -1;
	}
	return 0;
}

static void
teardown(struct maps *ms)
{
	int k;

	jobs_free(ms);
	for (k = 0; k < AHEAD; k++)
		free(ms->ahead[k].buf);
	free(ms->inputs);
	answers_close(&ms->answers);
	if (ms->afd > STDIN_FILENO)
		close(ms->afd);
	pthread_cond_destroy(&ms->work);
	pthread_mutex_destroy(&ms->emu);
	pthread_mutex_destroy(&ms->mu);
}

/*
 * Answers that cannot be read at all: the run's one error, with its
 * record (-f json) as an input that cannot be opened has, "map" null.
 */
static void
answers_failed(struct maps *ms, const char *msg, int record)
{
	struct outcome oc;

	out_open(&oc, 0);
	oc.item = ITEM_MAP;
	oc.source = ms->aname;
	out_fail(&oc, ms->aname, 0, 0, msg);
	if (!record)
		out_no_record(&oc);
	(void)out_emit(&ms->out, &oc);	/* a write error is said there */
}

/*
 * --check: open the answers, before any map is read.  -1 after their
 * error when they cannot be read at all.
 */
static int
open_answers(struct maps *ms)
{
	const struct options *o = ms->o;
	const char *why;
	char msg[128];
	int k;

	ms->aname = strcmp(o->check, "-") == 0 ? "<stdin>" : o->check;
	if (strcmp(o->check, "-") == 0 && o->stdin_closed) {
		answers_failed(ms, "cannot read: standard input is closed", 1);
		return -1;
	}
	ms->afd = strcmp(o->check, "-") == 0 ? STDIN_FILENO : open(o->check, O_RDONLY);
	if (ms->afd < 0) {
		snprintf(msg, sizeof(msg), "cannot open: %s", strerror(errno));
		answers_failed(ms, msg, 1);
		return -1;
	}
	/* stdout's file, or --check=- by another name (/dev/stdin) where the maps are read */
	if ((k = out_refuse(ms->afd, o->quiet, o->stdin_closed, options_stdin_maps(o) ?
	    "it is standard input, which holds the maps" : NULL, &why)) != 0) {
		answers_failed(ms, why, k != 2);
		return -1;
	}
	if (answers_open(&ms->answers, ms->afd, o->check_format) != 0) {
		answers_failed(ms, "out of memory", 1);
		return -1;
	}
	if (may_wait(ms->afd)) {
		ms->answers.lines.before_read = before_answers;
		ms->answers.lines.arg = ms;
	}
	return 0;
}

static void
summary(const struct maps *ms)
{
	const struct options *o = ms->o;
	int k;

	fflush(stdout);
	fprintf(stderr, "pathfind: summary: maps=%llu", ms->maps);
	if (o->check != NULL)
		for (k = 0; k <= VERDICT_UNANSWERED; k++)
			fprintf(stderr, " %s=%llu", verdict_names[k], ms->verdicts[k]);
	else
		fprintf(stderr, " solved=%llu nopath=%llu", ms->solved, ms->nopath);
	if (o->sp.limit_set)
		fprintf(stderr, " limited=%llu", ms->limited);
	fprintf(stderr, " errors=%llu expanded=%llu", ms->errors, ms->expanded);
	if (o->timing)
		fprintf(stderr, " time=%.6f", ms->seconds);
	fputc('\n', stderr);
}

int
maps_run(const struct options *o)
{
	static char *stdin_only[] = { "-", NULL };
	struct maps ms;
	int i, started, status;

	if (setup(&ms, o) != 0) {
		teardown(&ms);
		fprintf(stderr, "pathfind: out of memory\n");
		return EX_ERROR;
	}
	if (o->check != NULL && open_answers(&ms) != 0) {
		teardown(&ms);
		return EX_ERROR;
	}
	ms.files = o->nfiles > 0 ? o->files : stdin_only;
	ms.nfiles = o->nfiles > 0 ? o->nfiles : 1;
	if (ms.nw < o->jobs) {
		char msg[64];

		snprintf(msg, sizeof(msg), "-j %d reduced to %d: out of memory", o->jobs, ms.nw);
		out_diag(&ms.out, NULL, 0, 0, msg);
	}
	started = 0;
	if (ms.nw > 1) {
		int rc = 0;

		/*
		 * The threads write nothing until what is said here is said
		 * (their records and diagnostics are written under emu).
		 */
		lock(&ms, &ms.emu);
		for (; started < ms.nw; started++)
			if ((rc = thread_start(&ms.w[started].tid, work, &ms.w[started])) != 0)
				break;
		if (started < ms.nw) {
			char msg[160];

			snprintf(msg, sizeof(msg), "-j %d reduced to %d: a thread could not be "
			    "started: %s", ms.nw, started > 0 ? started : 1, strerror(rc));
			out_diag(&ms.out, NULL, 0, 0, msg);
		}
		unlock(&ms, &ms.emu);
		/*
		 * No thread: the run is -j 1's, with -j 1's memory, the
		 * threads' given back (a 3-cell map under ulimit -v had failed
		 * for want of the 4 batches of slots a thread of -j 2).
		 */
		if (started == 0) {
			jobs_free(&ms);
			if (jobs_setup(&ms, 1) != 0) {
				teardown(&ms);
				fprintf(stderr, "pathfind: out of memory\n");
				return EX_ERROR;
			}
		}
	}
	/*
	 * -j 1, or no thread: this one does the work, without locks, and
	 * holds stdout's (flockfile) for the run, as the writing thread of
	 * -j N does for what it writes: glibc's fwrite takes and gives back
	 * the stream's lock with two atomic instructions even where there
	 * is one thread, and the text format writes each row with one, 18%
	 * of the time of -j 1 on 20,000 small maps (BENCHMARKS.md).
	 */
	if (started == 0) {
		flockfile(stdout);
		work_alone(&ms.w[0]);
		funlockfile(stdout);
	}
	for (i = 0; i < started; i++)
		pthread_join(ms.w[i].tid, NULL);
	if (ms.open)	/* stopped by a write error */
		close_input(&ms);
	emit_ready(&ms);

	status = ms.status;
	if (out_finish(&ms.out) != 0)	/* the write error before the summary */
		status = EX_ERROR;
	if (o->summary)
		summary(&ms);
	teardown(&ms);
	return status;
}
