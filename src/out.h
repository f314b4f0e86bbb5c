/*
 * out.h - the one output path.  Both drivers (map streams, main.c and
 * maps.c; scenario batches, scen.c) hand every outcome to this module: a
 * map's result, a scenario's row, or the error that stands for an item.
 * It writes them in input order, one record an item in every format (an
 * error is a JSON object or a placeholder line in the machine formats),
 * writes an item's diagnostic only after flushing standard output, so that
 * 2>&1 keeps the order and no message lands inside a record, and, unless
 * standard output is a regular file, flushes it whenever the driver is
 * about to wait or to work for long (out_flush), or has written enough
 * work since the last flush (out_account).
 *
 * An outcome's record is written either straight to stdout (direct: one
 * map at a time, so a trace appears as the search runs) or into a memory
 * buffer that out_emit copies out later (worker threads, or --image,
 * whose file is written in order first).  The bytes are the same.
 */
#ifndef OUT_H
#define OUT_H

#include <stdio.h>

#include "map.h"
#include "options.h"
#include "render.h"
#include "status.h"

struct viz;

struct out {
	const struct options *o;
	int sep;		/* records are separated by an empty line (text maps, path) */
	int stream;		/* stdout is not a regular file: out_flush and out_account flush it */
	size_t held;		/* work written since the last flush (out_account) */
	int printed;		/* some record is on stdout */
	int failed;		/* a write error on stdout was reported: stop */
};

/* What an item is, for its error record. */
enum item { ITEM_MAP, ITEM_SCEN };

/*
 * A growing buffer in memory written as a stream (out_mem_open): a write
 * it has no room for fails, and out_mem_close says so, which
 * open_memstream does not under glibc and musl (out.c).
 */
struct outmem {
	char *buf;		/* the bytes, once the stream is closed */
	size_t len;
	size_t cap;		/* room in buf (fopencookie) */
	int failed;		/* a write found no room (fopencookie) */
};

FILE   *out_mem_open(struct outmem *);
int	out_mem_close(FILE *, struct outmem *);

/*
 * Records written one after another into one buffer (a thread's under
 * -j): each outcome opened on the run (out_open_run) is a stretch of it,
 * so that a small map's record costs no stream and no buffer of its own.
 * out_run_take hands the buffer written so far to the outcomes in it
 * (out_run_give), and the run goes on into a new one.  A run is the
 * thread's that opens it, which holds its stream's lock until it closes
 * it (out_run_close): no other thread may use it.
 */
struct outrun {
	FILE *fp;		/* into mem (NULL: none could be opened) */
	struct outmem mem;
};

int	out_run_open(struct outrun *);
void	out_run_close(struct outrun *);
char   *out_run_take(struct outrun *);

struct outcome {
	FILE *fp;		/* the record goes here: stdout, or the buffer */
	struct outmem mem;	/* buffered: the record, once out_close'd (a run's: out_run_give'n) */
	struct outrun *run;	/* the record is in run's buffer, from off on */
	size_t off;
	char *hold;		/* the memory mem.buf lies in, freed once written (NULL: none) */
	int direct;		/* fp is stdout */
	int begun;		/* some of the record is written */
	int status;		/* EX_* of the item */
	/* the error that stands for the item (error set), or a note (-S mismatch) */
	int error;
	const char *dname;	/* diagnostic: "pathfind: DNAME:LINE:COL: MSG" */
	struct diag d;		/* line 0: no position, "pathfind: DNAME: MSG" */
	/* the error record: source, map number or scenario id */
	enum item item;
	const char *source;
	unsigned long long number;
	const char *answers;	/* --check: the error is in this answers file */
	int norecord;		/* the error has no record: its input is stdout's file */
};

void	out_init(struct out *, const struct options *, int);
int	out_refuse(int, int, int, const char *, const char **);
int	out_open(struct outcome *, int);
int	out_open_run(struct outcome *, struct outrun *);
int	out_close(struct outcome *);
void	out_run_give(struct outcome *, char *, int);
void	out_discard(struct outcome *);
FILE   *out_begin(struct out *, struct outcome *);
void	out_fail(struct outcome *, const char *, long, long, const char *);
void	out_no_record(struct outcome *);
void	out_note(struct outcome *, const char *, long, long, const char *);
int	out_emit(struct out *, struct outcome *);
int	out_flush(struct out *);
int	out_account(struct out *, size_t, size_t);
void	out_diag(struct out *, const char *, long, long, const char *);
int	out_finish(struct out *);
void	out_write_error(int);

/*
 * A result as every format shows it: a map's (map set) or a scenario's
 * (scen set), or with --check the verdict on a map's answer (check set);
 * view is the text view of a map (-e, --scores) drawn by viz.
 */
enum view { VIEW_MAP, VIEW_EXPLORED, VIEW_SCORES };

struct record {
	struct map *map;
	const struct grid *grid;
	const struct scen_row *scen;
	const struct search_result *r;
	const struct render_info *ri;
	enum view view;
	struct viz *viz;
	const struct check_result *check;
};

void	out_result(struct out *, struct outcome *, const struct record *);

#endif
