/* cost.c - see cost.h for the model. */
#include <stdio.h>
#include <string.h>

#include "cost.h"

#if defined(__SSE2__) && !defined(PF_NO_BUILTINS)
#include <emmintrin.h>
#endif

/* 128-bit integers: a GCC/Clang extension on every 64-bit target we build on. */
__extension__ typedef unsigned __int128 u128;
__extension__ typedef __int128 i128;

/*
 * Parse a non-negative decimal "123" or "1.25" with at most maxdec
 * places into units of 10^-maxdec.  Rejects signs, exponents, empty parts
 * and values above maxunits.  Returns 0 or -1.
 */
/*
 * A coordinate or map size as the command line and scenario files give
 * them: digits only (no sign, no point), 0 to 65535, in s[0, n), with
 * any number of leading zeros.  -1 if not.
 */
int
coord_parse(const char *s, size_t n, int *out)
{
	long v = 0;
	size_t k;

	while (n > 1 && *s == '0')
		s++, n--;
	if (n == 0 || n > 5)
		return -1;
	for (k = 0; k < n; k++) {
		if (s[k] < '0' || s[k] > '9')
			return -1;
		v = v * 10 + (s[k] - '0');
	}
	if (v > 65535)
		return -1;
	*out = (int)v;
	return 0;
}

/*
 * A decimal number in the n bytes at s, digits with at most one point and
 * at least one digit after it (and maxdec at most), scaled by 10^maxdec
 * into *out, at most maxunits.  -1 if not.  Any number of leading zeros,
 * as the option's value is read whole, not copied into a buffer first.
 */
int
decimal_parse_n(const char *s, size_t n, unsigned maxdec, uint64_t maxunits, uint64_t *out)
{
	const char *end = s + n;
	uint64_t v = 0;
	unsigned places = 0;
	int digits = 0, point = 0;

	for (; s < end; s++) {
		if (*s == '.' && !point) {
			point = 1;
			continue;
		}
		if (*s < '0' || *s > '9')
			return -1;
		if (point && ++places > maxdec)
			return -1;
		if (v > (UINT64_MAX - 9) / 10)
			return -1;
		v = v * 10 + (uint64_t)(*s - '0');
		if (v > maxunits)	/* cheap early exit, refined below */
			v = maxunits + 1;
		digits++;
	}
	if (digits == 0 || (point && places == 0))	/* ("4." is no number, nor "." ) */
		return -1;
	for (; places < maxdec; places++) {
		if (v > maxunits)
			return -1;
		v *= 10;
	}
	if (v > maxunits)
		return -1;
	*out = v;
	return 0;
}

/* decimal_parse_n of the string s. */
int
decimal_parse(const char *s, unsigned maxdec, uint64_t maxunits, uint64_t *out)
{
	return decimal_parse_n(s, strlen(s), maxdec, maxunits, out);
}

/* "S,D": decimals in (0, COST_MAX] with at most 6 places; D may be "sqrt2". */
int
cost_parse(const char *arg, struct costs *c)
{
	const char *comma = strchr(arg, ',');

	if (comma == NULL)
		return -1;
	if (decimal_parse_n(arg, (size_t)(comma - arg), 6, (uint64_t)COST_MAX * COST_MICRO,
	    &c->s) != 0 ||
	    c->s == 0)
		return -1;
	if (strcmp(comma + 1, "sqrt2") == 0) {
		c->d_sqrt2 = 1;
		c->d = 0;
		return 0;
	}
	c->d_sqrt2 = 0;
	if (decimal_parse(comma + 1, 6, (uint64_t)COST_MAX * COST_MICRO, &c->d) != 0 ||
	    c->d == 0)
		return -1;
	return 0;
}

/*
 * sqrt(x) for a whole x, to within a few parts in 2^52: the processor's
 * instruction where there is one (SSE2, on every x86-64), else Newton's
 * method from a power of two at or above the root.  Not libm's: its
 * pages were half a megabyte of every process's peak resident set, for
 * this and two other calls.
 */
static double
dsqrt(double x)
{
#if defined(__SSE2__) && !defined(PF_NO_BUILTINS)
	return _mm_cvtsd_f64(_mm_sqrt_sd(_mm_setzero_pd(), _mm_set_sd(x)));
#else
	double r = 1, p;

	if (x < 1)
		return 0;
	while (r * r < x)
		r *= 2;
	/* from above, the iterates fall until rounding stops them */
	do {
		p = r;
		r = (r + x / r) / 2;
	} while (r < p);
	return p;
#endif
}

/*
 * floor(sqrt(n)) for n < 2^126 (a root below 2^63).  The double root r
 * is off by a few parts in 2^52 of it: less than a unit below 2^52,
 * above that up to a few thousand near 2^63, where one Newton step on
 * the remainder, e = n - r^2 (under 2^76 in size, and shifted to fit 64
 * bits), takes it to a unit or two.  The last loops step to the exact
 * floor.
 */
static uint64_t
isqrt128(u128 n)
{
	uint64_t hi = (uint64_t)(n >> 64), lo = (uint64_t)n, r;

	if (hi == 0)
		r = (uint64_t)dsqrt((double)lo);
	else {
		r = (uint64_t)dsqrt((double)hi * 18446744073709551616.0 + (double)lo);
		if (r >> 52 != 0) {
			int64_t e = (int64_t)((i128)(n - (u128)r * r) >> 16);

			r = (uint64_t)((int64_t)r + (int64_t)((double)e * 65536.0 / (2.0 * (double)r)));
		}
	}
	while ((u128)r * r > n)
		r--;
	while ((u128)(r + 1) * (r + 1) <= n)
		r++;
	return r;
}

/* floor(x * sqrt(n)); the caller keeps the result below 2^62. */
uint64_t
cost_mul_sqrt(uint64_t x, uint64_t n)
{
	return isqrt128((u128)x * x * n);
}

/* ceil(x * sqrt(2)) for x < 2^62. */
static uint64_t
mul_sqrt2_ceil(uint64_t x)
{
	u128 sq = (u128)x * x * 2;
	uint64_t r = isqrt128(sq);

	return (u128)r * r == sq ? r : r + 1;
}

/*
 * Choose the key units for one map.  bound is an upper bound on
 * f / max(step) over the map (see search.c); keys must stay below 2^62 so
 * that sums never overflow.  Returns -1 when even the coarsest units do not
 * fit, which the documented size and cost limits rule out.
 */
int
cost_units(const struct costs *c, uint64_t bound, struct keyunits *ku)
{
	const uint64_t lim = (uint64_t)1 << 62;
	uint64_t maxstep = lim / bound;
	unsigned k;

	if (!c->d_sqrt2) {
		ku->sq = c->s;
		ku->dq = c->d;
		return (c->s > maxstep || c->d > maxstep) ? -1 : 0;
	}
	/* sqrt(2) * (s << k) must stay at or below maxstep: take the largest k. */
	if (c->s > maxstep / 2)
		return -1;
	for (k = 0; k < 62 && (c->s << (k + 1)) <= maxstep / 2 &&
	    (c->s << (k + 1)) >> (k + 1) == c->s; k++)
		;
	ku->sq = c->s << k;
	ku->dq = mul_sqrt2_ceil(ku->sq);
	return 0;
}

/*
 * Format the exact total a*S + b*D: an integer when whole, else six
 * decimals correctly rounded.  With D = S*sqrt(2) the irrational part is
 * rounded with an exact integer square root: round(y*sqrt(2)) for y = b*s
 * is floor((isqrt(8*y^2) + 1) / 2), because sqrt(8*y^2) is never an integer
 * when y > 0.
 */
/* a * b as 256 bits, *hi and *lo. */
static void
mul256(u128 a, u128 b, u128 *hi, u128 *lo)
{
	const u128 m = ((u128)1 << 64) - 1;
	u128 ll = (a & m) * (b & m), lh = (a & m) * (b >> 64), hl = (a >> 64) * (b & m);
	u128 hh = (a >> 64) * (b >> 64), mid = (ll >> 64) + (lh & m) + (hl & m);

	*lo = (ll & m) | (mid << 64);
	*hi = hh + (lh >> 64) + (hl >> 64) + (mid >> 64);
}

/*
 * round(y * sqrt(2)), exactly, for any y below 2^126: floor((isqrt(8 y^2)
 * + 1) / 2) (see cost_format).  8 y^2 fits 128 bits only for y below
 * 2^62.5; past it (a --check answer of some 6.5e9 diagonal steps at cost
 * 1000, in micro-units) the root is found by halving an interval around
 * the double estimate, each r^2 compared with 8 y^2 in 256 bits.
 */
static u128
round_sqrt2(u128 y)
{
	u128 nh, nl, rh, rl, lo, hi, e;
	double est;

	if (y < ((u128)1 << 62))
		return (isqrt128(8 * y * y) + 1) / 2;
	mul256(y, y, &nh, &nl);
	nh = nh << 3 | nl >> 125;	/* 8 y^2 */
	nl <<= 3;
	est = dsqrt(8.0) * (double)y;	/* within 2^-50 of the root, relatively */
	e = (u128)(est / 1099511627776.0) + 2;	/* 2^-40 of it: far wider than that */
	lo = (u128)est > e ? (u128)est - e : 0;
	hi = (u128)est + e;
	while (lo < hi) {	/* the largest r with r^2 <= 8 y^2 */
		u128 mid = lo + (hi - lo + 1) / 2;

		mul256(mid, mid, &rh, &rl);
		if (rh < nh || (rh == nh && rl <= nl))
			lo = mid;
		else
			hi = mid - 1;
	}
	return (lo + 1) / 2;
}

/*
 * A total in micro-units, in 128 bits: a path's steps, a checked answer's
 * above all, can take the total past 2^64 micro-units (1.8e13 at cost 1;
 * --check once printed 427221724290.448384 for 18873965798000).
 */
static void
put_micro(char *buf, size_t n, u128 micro, int whole)
{
	char digits[48];
	u128 ip = micro / COST_MICRO;
	size_t k = sizeof(digits) - 1;

	digits[k] = '\0';
	do {
		digits[--k] = (char)('0' + (int)(ip % 10));
		ip /= 10;
	} while (ip != 0);
	if (whole)
		snprintf(buf, n, "%s", digits + k);
	else
		snprintf(buf, n, "%s.%06llu", digits + k,
		    (unsigned long long)(micro % COST_MICRO));
}

void
cost_format(char *buf, size_t n, const struct costs *c, uint64_t a, uint64_t b)
{
	u128 micro;
	int whole;

	if (c->d_sqrt2) {
		micro = (u128)a * c->s + round_sqrt2((u128)b * c->s);
		whole = b == 0 && micro % COST_MICRO == 0;
	} else {
		micro = (u128)a * c->s + (u128)b * c->d;
		whole = micro % COST_MICRO == 0;
	}
	put_micro(buf, n, micro, whole);
}

/*
 * The exact totals a*S + b*D and a0*S + b0*D compared: -1, 0 or 1.  With
 * D = S*sqrt(2) it is the sign of da + db*sqrt(2), S > 0 factored out:
 * with da and db of opposite signs, compare da^2 with 2*db^2.
 */
int
cost_compare(const struct costs *c, uint64_t a, uint64_t b, uint64_t a0, uint64_t b0)
{
	i128 da = (i128)a - (i128)a0, db = (i128)b - (i128)b0, l;

	if (!c->d_sqrt2) {
		l = da * (i128)c->s + db * (i128)c->d;
		return l < 0 ? -1 : l > 0;
	}
	if (da >= 0 && db >= 0)
		return da > 0 || db > 0;
	if (da <= 0 && db <= 0)
		return -(da < 0 || db < 0);
	l = da * da - 2 * db * db;	/* never 0: sqrt(2) is irrational */
	return (da > 0) == (l > 0) ? 1 : -1;
}

/*
 * The excess (a*S + b*D) - (a0*S + b0*D) of a total over a smaller or
 * equal one, printed as cost_format prints totals.  With sqrt2 the
 * difference is s*da + s*db*sqrt(2); s*da is whole, so rounding the sum
 * is rounding s*|db|*sqrt(2) alone, exactly as cost_format does, and the
 * value is whole only when db is 0.
 */
void
cost_format_excess(char *buf, size_t n, const struct costs *c, uint64_t a, uint64_t b,
    uint64_t a0, uint64_t b0)
{
	i128 da = (i128)a - (i128)a0, db = (i128)b - (i128)b0, micro;
	int whole;

	if (c->d_sqrt2) {
		i128 r = (i128)round_sqrt2((u128)(db < 0 ? -db : db) * c->s);

		micro = da * (i128)c->s + (db < 0 ? -r : r);
		whole = db == 0 && micro % COST_MICRO == 0;
	} else {
		micro = da * (i128)c->s + db * (i128)c->d;
		whole = micro % COST_MICRO == 0;
	}
	if (micro < 0)		/* not an excess: the caller's mistake, shown as 0 */
		micro = 0, whole = 1;
	put_micro(buf, n, (u128)micro, whole);
}

/*
 * The sign (-1, 0, 1) of the exact total a*S + b*D less v / 10^e, for a
 * and b below 2^32 (a search's steps), e from 6 to 17 and |v| below 2^120
 * (scen.c's tolerance, with a published length's decimals): the total in
 * micro-units times 10^(e-6), below 2^100, against v.  With D = S*sqrt(2) the total is P + Q*sqrt(2), and
 * the sign that of Q*sqrt(2) - (v - P): with v - P >= 0, 2*Q^2 against
 * (v - P)^2 in 256 bits.
 */
int
cost_compare_scaled(const struct costs *c, uint64_t a, uint64_t b, i128 v, int e)
{
	u128 k = 1, q, rh, rl, qh, ql;
	i128 p, r;
	int i;

	for (i = 6; i < e; i++)
		k *= 10;
	if (!c->d_sqrt2) {
		p = (i128)(((u128)a * c->s + (u128)b * c->d) * k);
		return p < v ? -1 : p > v;
	}
	p = (i128)((u128)a * c->s * k);
	q = (u128)b * c->s * k;
	r = v - p;
	if (q == 0)
		return r > 0 ? -1 : r < 0;
	if (r < 0)
		return 1;
	mul256((u128)r, (u128)r, &rh, &rl);
	mul256(q, q, &qh, &ql);
	/* 2 q^2 (q below 2^100: no bit lost) */
	qh = qh << 1 | ql >> 127;
	ql <<= 1;
	if (qh != rh)
		return qh < rh ? -1 : 1;
	return ql < rl ? -1 : ql > rl;	/* (never 0: sqrt(2) is irrational and q > 0) */
}

/* One base cost as -c takes it: "1", "2.5", "sqrt2". */
void
cost_format_base(char *buf, size_t n, const struct costs *c, int diagonal)
{
	uint64_t v = diagonal ? c->d : c->s;
	unsigned long long ip;
	char frac[8];
	int i;

	if (diagonal && c->d_sqrt2) {	/* as -c takes it: S,sqrt2 */
		snprintf(buf, n, "sqrt2");
		return;
	}
	ip = (unsigned long long)(v / COST_MICRO);
	snprintf(frac, sizeof(frac), "%06llu", (unsigned long long)(v % COST_MICRO));
	for (i = 5; i >= 0 && frac[i] == '0'; i--)
		frac[i] = '\0';
	if (frac[0] == '\0')
		snprintf(buf, n, "%llu", ip);
	else
		snprintf(buf, n, "%llu.%s", ip, frac);
}

/* The total as a double, for comparing with published lengths. */
double
cost_value(const struct costs *c, uint64_t a, uint64_t b)
{
	long double v = (long double)a * c->s;

	if (c->d_sqrt2)
		v += (long double)b * c->s * 1.41421356237309504880168872420969808L;	/* sqrt(2) */
	else
		v += (long double)b * c->d;
	return (double)(v / COST_MICRO);
}
