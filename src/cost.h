/*
 * cost.h - the cost model: base step costs, fixed-point search keys and
 * exact path totals.
 *
 * A path's cost is a*S + b*D, where a sums the terrain costs of the cells
 * entered by straight steps and b those entered by diagonal steps.  S and D
 * are decimals with at most six places (held exactly in micro-units) or
 * D = S*sqrt(2).  Totals are therefore kept as the exact pair (a, b) and
 * turned into digits only when printed, correctly rounded.
 *
 * The search itself orders nodes by integer keys ("key units").  For
 * decimal costs a key unit is one micro-unit and the search is exact.  For
 * sqrt(2) the straight step is S scaled by 2^k and the diagonal step is
 * that value times sqrt(2), rounded up; k is chosen per map as large as the
 * 64-bit keys allow, so small maps get about 50 bits of sqrt(2).  Because
 * every step has one integer cost, equal step multisets give equal keys in
 * any order (1+sqrt2 == sqrt2+1), which makes the tie-break a total order.
 */
#ifndef COST_H
#define COST_H

#include <stddef.h>
#include <stdint.h>

#define COST_MICRO 1000000u	/* micro-units per unit */
#define COST_MAX   1000u	/* largest accepted base cost */

struct costs {
	uint64_t s;		/* straight base cost in micro-units */
	uint64_t d;		/* diagonal base cost in micro-units (!d_sqrt2) */
	int d_sqrt2;		/* diagonal = s * sqrt(2) exactly */
};

/* Integer step costs used for the search keys of one map. */
struct keyunits {
	uint64_t sq;		/* straight step, key units */
	uint64_t dq;		/* diagonal step, key units */
};

int	decimal_parse(const char *, unsigned, uint64_t, uint64_t *);
int	decimal_parse_n(const char *, size_t, unsigned, uint64_t, uint64_t *);
int	coord_parse(const char *, size_t, int *);
int	cost_parse(const char *, struct costs *);
int	cost_units(const struct costs *, uint64_t, struct keyunits *);
void	cost_format(char *, size_t, const struct costs *, uint64_t, uint64_t);
int	cost_compare(const struct costs *, uint64_t, uint64_t, uint64_t, uint64_t);
__extension__ int	cost_compare_scaled(const struct costs *, uint64_t, uint64_t, __int128, int);
void	cost_format_excess(char *, size_t, const struct costs *, uint64_t, uint64_t,
	    uint64_t, uint64_t);
void	cost_format_base(char *, size_t, const struct costs *, int);
uint64_t cost_mul_sqrt(uint64_t, uint64_t);
double	cost_value(const struct costs *, uint64_t, uint64_t);

#endif
