/*
 * status.h - pathfind's exit statuses, for every driver (pathfind(1),
 * EXIT STATUS).  Over a run the worst status seen wins, so they are
 * ordered: a higher number is worse.
 */
#ifndef STATUS_H
#define STATUS_H

enum exit_status {
	EX_FOUND = 0,		/* every map or scenario solved */
	EX_NOPATH = 1,		/* some map or scenario has no path */
	EX_ERROR = 2,		/* some input, option or write failed */
	EX_MISMATCH = 3,	/* -S: a cost differs from the published one */
	EX_LIMIT = 4		/* --max-expanded stopped some search first */
};

static inline void
status_worse(int *status, int st)
{
	if (st > *status)
		*status = st;
}

#endif
