/*
 * map.h - ASCII and MovingAI maps: the reader and the grid it produces.
 *
 * The grid is padded with a border of blocked cells, so that the
 * neighbours of any map cell are valid indices and the search needs no
 * bounds checks.  Cell i of the padded grid is (x, y) = (i % stride - 1,
 * i / stride - 1), as grid_x and grid_y say, and grid_index turns (x, y)
 * into i.  Cells past the end of a short row are blocked too.
 *
 * The reader takes one map at a time from a stream of maps separated by
 * empty lines, so memory is bounded by the largest map, not the stream.
 * It never prints: errors come back as a position and a message.
 */
#ifndef MAP_H
#define MAP_H

#include <stddef.h>
#include <stdint.h>

#include "lines.h"

/* Documented limits (pathfind(1), LIMITS). */
#define MAP_MAX_WIDTH  65535
#define MAP_MAX_HEIGHT 65535
#define MAP_MAX_CELLS  ((size_t)1 << 26)

#define CELL_COST  0x0f		/* terrain cost 1-9; 0 = blocked */
#define CELL_GOAL  0x10

struct grid {
	int w, h;		/* map size: longest row, number of rows */
	size_t stride;		/* w + 2 */
	size_t ncells;		/* stride * (h + 2) */
	uint8_t *cell;		/* ncells bytes */
	int uniform;		/* every passable cell costs 1 (JPS needs that) */
	uint32_t start;		/* index of A */
	uint32_t *goal;		/* indices of the Bs, in reading order */
	size_t ngoal;
	/*
	 * Different for every map map_read reads, in the whole process (0:
	 * not from map_read), so that what a search derives from a grid can
	 * be kept while the serial stays the same, even though the next map
	 * may be read into the same buffers.  map_read is not called from
	 * several threads at once.
	 */
	unsigned long serial;
};

struct map {
	struct grid grid;
	long line;		/* line of the map's first row in its stream */
	int movingai;		/* read from the MovingAI format: no A or B */
	char type[32];		/* MovingAI "type" (octile), else empty */
	char *text;		/* the rows as read, without line ends */
	struct row {
		size_t off;	/* row y is text[off, off + len) */
		int len;
	} *row;
	size_t textcap, rowcap, goalcap, cellcap;
};

struct diag {
	long line, col;
	char msg[192];
};

void	diag_set(struct diag *, long, long, const char *);

struct mapreader {
	struct lines lines;
	int nmaps;		/* maps (good or bad) seen so far */
	/*
	 * An ASCII map may lack its A (grid start 0) or its Bs (--start,
	 * --goal, -S); with start_optional it may have several As too, all
	 * floor to the search (the first is grid start).
	 */
	int start_optional, goal_optional;
	/*
	 * A MovingAI map's rows are not kept as text (m->text and m->row
	 * stay empty): for a reader that would drop them at once
	 * (map_drop_text), as -S does, whose writing them was a page of
	 * memory taken for every 4,096 cells and given back unread.
	 */
	int no_text;
	int skip;		/* the rest of a bad map is still to skip */
};

enum { MAP_EOF = 0, MAP_OK = 1, MAP_BAD = -1, MAP_IOERR = -2 };

int	mapreader_open(struct mapreader *, int);
void	mapreader_close(struct mapreader *);
int	map_read(struct mapreader *, struct map *, struct diag *);
int	map_more(struct mapreader *);
void	map_free(struct map *);

/*
 * The connected components of a grid in little room (see comps_build):
 * either every cell's label, or one component's label and the passable
 * cells outside it with their labels, sorted by cell.
 */
struct comps {
	uint32_t *label;	/* every cell's, or NULL */
	const uint8_t *cell;	/* the grid's cells: blocked or passable */
	uint32_t main;		/* the label of every other passable cell */
	uint32_t *rest;		/* the passable cells not in it, ascending */
	uint32_t *rlabel;	/* and their labels */
	size_t nrest;
};

int	comps_build(struct comps *, const struct grid *, int);
void	comps_free(struct comps *);
int	comps_same(const struct comps *, uint32_t, uint32_t);
void	map_drop_text(struct map *);

/* Map cell (x, y), from 0, as a padded index, and back. */
static inline uint32_t
grid_index(const struct grid *g, int x, int y)
{
	return (uint32_t)((size_t)(y + 1) * g->stride + (size_t)(x + 1));
}
static inline int grid_x(const struct grid *g, uint32_t i) { return (int)(i % g->stride) - 1; }
static inline int grid_y(const struct grid *g, uint32_t i) { return (int)(i / g->stride) - 1; }

#endif
