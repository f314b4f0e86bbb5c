/*
 * costcheck - checks src/cost.c's printing of totals past 2^64
 * micro-units, which only --check's answers reach, after walking some two
 * thousand million steps (nine seconds, far more under the sanitizers):
 * there --check once printed a cost of 427221724290.448384 for
 * 18873965798000.  The expected strings were worked out apart, with
 * Python's decimal module (round(4e18 * sqrt(2)) = 5656854249492380195).
 *
 * Prints what failed and exits 1; exits 0 silently.  The file includes
 * cost.c.
 */
#include "../src/cost.c"

static int bad;

static void
expect(const char *what, const char *got, const char *want)
{
	if (strcmp(got, want) != 0) {
		printf("%s: got %s, want %s\n", what, got, want);
		bad = 1;
	}
}

int
main(void)
{
	struct costs one = { COST_MICRO, COST_MICRO, 0 };
	struct costs big = { 1000 * COST_MICRO, 1000 * COST_MICRO, 0 };
	struct costs root2 = { COST_MICRO, 0, 1 };
	char buf[64];

	cost_format(buf, sizeof(buf), &one, 20000000000000u, 0);
	expect("2e13 straight steps at 1", buf, "20000000000000");
	cost_format(buf, sizeof(buf), &big, 18873965798u, 0);
	expect("18873965798 units at 1000", buf, "18873965798000");
	cost_format(buf, sizeof(buf), &big, 9000000000u, 9000000000u);
	expect("9e9 + 9e9 units at 1000,1000", buf, "18000000000000");
	cost_format(buf, sizeof(buf), &root2, 20000000000000u, 4000000000000u);
	expect("2e13 + 4e12 sqrt2", buf, "25656854249492.380195");
	cost_format_excess(buf, sizeof(buf), &root2, 20000000000000u, 4000000000000u,
	    10000000000000u, 0);
	expect("excess over 1e13", buf, "15656854249492.380195");
	/* sqrt2 where 8 (b s)^2 is past 128 bits: b s = 1e19, 1e20, 2^100 */
	{
		struct costs k1000 = { 1000 * COST_MICRO, 0, 1 };

		cost_format(buf, sizeof(buf), &k1000, 0, 10000000000u);
		expect("1e10 diagonal at 1000", buf, "14142135623730.950488");
		cost_format(buf, sizeof(buf), &k1000, 0, 100000000000u);
		expect("1e11 diagonal at 1000", buf, "141421356237309.504880");
		cost_format(buf, sizeof(buf), &k1000, 7, 7186408983u);
		expect("7186408983 diagonal and 7 straight at 1000", buf, "10163117055518.441056");
		cost_format_excess(buf, sizeof(buf), &k1000, 7, 7186408983u, 0, 1);
		expect("its excess over one diagonal", buf, "10163117054104.227494");
		cost_format(buf, sizeof(buf), &root2, 0, (uint64_t)1 << 63);
		expect("2^63 diagonal at 1", buf, "13043817825332782212.349572");
	}
	/* below 2^64 micro-units, as before */
	cost_format(buf, sizeof(buf), &root2, 3, 2);
	expect("3 + 2 sqrt2", buf, "5.828427");
	cost_format(buf, sizeof(buf), &one, 0, 0);
	expect("0", buf, "0");
	/*
	 * A sum with diagonal steps is irrational: its decimals are printed
	 * even when they round to zero (1136689 sqrt2 = 1607521.00000031...).
	 */
	cost_format(buf, sizeof(buf), &root2, 0, 1136689u);
	expect("1136689 sqrt2", buf, "1607521.000000");
	return bad;
}
