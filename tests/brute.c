/*
 * brute.c -- independent brute-force checker for pathfind.
 *
 * Subcommands:
 *   brute gen SEED COUNT
 *       Write COUNT random ASCII maps to stdout, separated by one empty line.
 *       Deterministic from SEED (splitmix64, not rand()).
 *   brute check MAPFILE TEXTOUT PATHOUT -- PATHFIND-OPTIONS...
 *       Verify pathfind's text output (TEXTOUT) and `-f path` output
 *       (PATHOUT) for MAPFILE against an exact brute-force oracle.
 *       Prints "ok N maps (M no path)" and exits 0, or prints a message
 *       naming the map and the first difference on stderr and exits 1.
 *       Exit 2 on usage errors.
 *   brute solve MAPFILE -- PATHFIND-OPTIONS...
 *       (debug helper) print the oracle's optimal cost for every map.
 *   brute nearest MAPFILE -- PATHFIND-OPTIONS...
 *       For every map, "map K: found" when a B is reachable, else
 *       "map K: nearest X Y cost C": of the reachable cells, the one with
 *       the least obstacle-free distance to a B under the diagonal rule
 *       (straight steps only with -d never, else diagonals first; at the
 *       base costs), ties by the lower optimal cost, then by reading
 *       order (row, then column) -- what pathfind --nearest must report.
 *   brute scen MAPFILE SCENFILE -- PATHFIND-OPTIONS...
 *       MAPFILE is a MovingAI map (. G S passable, anything else
 *       blocked), SCENFILE its scenario file (a version line, then
 *       tab-separated: bucket map width height sx sy gx gy length).
 *       Print, a line a query, the oracle's optimal cost from (sx, sy)
 *       to (gx, gy) as pathfind's cost column has it, or "-" when
 *       there is no path.
 *   brute verdict MAPFILE ANSWERS -- PATHFIND-OPTIONS...
 *       ANSWERS holds one `-f moves` line per map.  Print, a line a map,
 *       what `pathfind --check=ANSWERS` must find: "VERDICT STEP REASON
 *       COST", '-' where a field does not apply: "right - - 6",
 *       "costlier - - 8", "illegal 3 wall -", "wrong - - -" (no path
 *       claimed, but there is one), "right - - -" (rightly no path).
 *       REASON is one of diagonal off wall corner squeeze end.
 *
 * Nothing here shares code with pathfind; the oracle is deliberately dumb:
 * repeated relaxation (Bellman-Ford) over all cells with EXACT costs.
 *
 * Exact costs.  A path's cost is kept as a pair (a, b):
 *     a = sum of terrain over straight steps,
 *     b = sum of terrain over diagonal steps,
 *     value = a*S + b*D.
 * S and D are decimals with at most 6 decimals, held as integers in
 * micro-units (s = S*10^6, d = D*10^6), or D is the word "sqrt2", meaning
 * D = S*sqrt(2) exactly.  In the decimal case every comparison is a plain
 * integer comparison of a*s + b*d.  In the sqrt2 case the value is
 * S*(a + b*sqrt(2)) and S > 0 factors out; see cost_cmp() for the exact
 * comparison of numbers of the form a + b*sqrt(2).
 *
 * C11 + POSIX libc only.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__extension__ typedef unsigned __int128 u128;

#define MICRO 1000000LL

/* ------------------------------------------------------------------ */
/* small utilities                                                     */
/* ------------------------------------------------------------------ */

static const char *progname = "brute";

static _Noreturn void die_usage(const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "%s: ", progname);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    fprintf(stderr,
            "usage: %s gen SEED COUNT\n"
            "       %s check MAPFILE TEXTOUT PATHOUT -- PATHFIND-OPTIONS...\n"
            "       %s solve MAPFILE -- PATHFIND-OPTIONS...\n"
            "       %s verdict MAPFILE ANSWERS -- PATHFIND-OPTIONS...\n",
            progname, progname, progname, progname);
    exit(2);
}

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) {
        fprintf(stderr, "%s: out of memory\n", progname);
        exit(2);
    }
    return p;
}

static void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p) {
        fprintf(stderr, "%s: out of memory\n", progname);
        exit(2);
    }
    return p;
}

static char *xstrndup(const char *s, size_t n)
{
    char *p = xmalloc(n + 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

/* A file split into lines ('\n' separated; the final line may lack '\n').
 * A trailing '\r' is kept unless strip_cr is set. */
typedef struct {
    char **line;
    size_t n;
} Lines;

static Lines read_lines(const char *path, int strip_cr)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "%s: cannot open %s: %s\n", progname, path,
                strerror(errno));
        exit(2);
    }
    size_t cap = 0, len = 0;
    char *buf = NULL;
    char tmp[65536];
    size_t r;
    while ((r = fread(tmp, 1, sizeof tmp, f)) > 0) {
        if (len + r > cap) {
            cap = (len + r) * 2;
            buf = xrealloc(buf, cap);
        }
        memcpy(buf + len, tmp, r);
        len += r;
    }
    if (ferror(f)) {
        fprintf(stderr, "%s: read error on %s\n", progname, path);
        exit(2);
    }
    fclose(f);

    Lines L = {NULL, 0};
    size_t lcap = 0, start = 0;
    for (size_t i = 0; i <= len; i++) {
        if (i == len && start == len)
            break; /* no partial last line */
        if (i == len || buf[i] == '\n') {
            size_t e = i;
            if (strip_cr && e > start && buf[e - 1] == '\r')
                e--;
            if (L.n == lcap) {
                lcap = lcap ? lcap * 2 : 64;
                L.line = xrealloc(L.line, lcap * sizeof *L.line);
            }
            L.line[L.n++] = xstrndup(buf + start, e - start);
            start = i + 1;
        }
    }
    free(buf);
    return L;
}

/* Parse a non-negative decimal integer occupying the whole of [s, s+n).
 * No sign, no leading zeros (except "0" itself).  Returns 0 on failure. */
static int parse_uint_n(const char *s, size_t n, long long *out)
{
    if (n == 0 || n > 15)
        return 0;
    if (n > 1 && s[0] == '0')
        return 0;
    long long v = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return 0;
        v = v * 10 + (s[i] - '0');
    }
    *out = v;
    return 1;
}

static int parse_uint(const char *s, long long *out)
{
    return parse_uint_n(s, strlen(s), out);
}

/* Parse a decimal "123", "1.5", "0.000001" with at most maxdec decimals into
 * units of 10^-scale (scale >= maxdec).  Returns 0 on syntax error. */
static int parse_fixed(const char *s, int maxdec, int scale, long long *out)
{
    long long ip = 0, fp = 0;
    int nd = 0, ndig = 0;
    const char *p = s;
    while (*p >= '0' && *p <= '9') {
        ip = ip * 10 + (*p - '0');
        if (ip > 1000000000LL)
            return 0;
        p++;
        ndig++;
    }
    if (*p == '.') {
        p++;
        while (*p >= '0' && *p <= '9') {
            if (nd == maxdec)
                return 0;
            fp = fp * 10 + (*p - '0');
            nd++;
            p++;
            ndig++;
        }
        if (nd == 0)
            return 0;
    }
    if (*p != '\0' || ndig == 0)
        return 0;
    long long mul = 1;
    for (int i = 0; i < scale; i++)
        mul *= 10;
    long long fmul = 1;
    for (int i = nd; i < scale; i++)
        fmul *= 10;
    *out = ip * mul + fp * fmul;
    return 1;
}

/* ------------------------------------------------------------------ */
/* PRNG: splitmix64                                                    */
/* ------------------------------------------------------------------ */

static uint64_t rng_state;

static uint64_t rng_next(void)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* uniform integer in [lo, hi] (slight modulo bias is irrelevant here) */
static int rng_range(int lo, int hi)
{
    return lo + (int)(rng_next() % (uint64_t)(hi - lo + 1));
}

/* true with probability pct/100 */
static int rng_pct(int pct)
{
    return (int)(rng_next() % 100) < pct;
}

/* ------------------------------------------------------------------ */
/* gen                                                                 */
/* ------------------------------------------------------------------ */

#define GEN_MAXW 12
#define GEN_MAXH 10

static void gen_one(void)
{
    char g[GEN_MAXH][GEN_MAXW + 1];
    int len[GEN_MAXH];
    int w, h, cells;

    /* Shape.  Bias towards thin maps now and then: 1-row and 1-column
     * maps exercise edge handling.  A map needs at least 2 cells (A and a
     * B); 1-cell rows occur in ragged maps. */
    for (;;) {
        int shape = rng_range(0, 99);
        if (shape < 8) {            /* single row */
            h = 1;
            w = rng_range(2, GEN_MAXW);
        } else if (shape < 16) {    /* single column */
            w = 1;
            h = rng_range(2, GEN_MAXH);
        } else if (shape < 30) {    /* small */
            w = rng_range(1, 4);
            h = rng_range(1, 4);
        } else {
            w = rng_range(1, GEN_MAXW);
            h = rng_range(1, GEN_MAXH);
        }
        /* ragged rows in ~25% of the maps: each row 1..w long */
        int ragged = rng_pct(25);
        cells = 0;
        for (int y = 0; y < h; y++) {
            len[y] = ragged ? rng_range(1, w) : w;
            cells += len[y];
        }
        if (cells >= 2)
            break;
    }

    /* Floor style: dots, spaces, or a mixture. */
    int floor_style = rng_range(0, 99);
    /* Wall density 0..50%, spread out; terrain in ~35% of maps. */
    int wall_pct = rng_pct(10) ? 0 : rng_range(0, 50);
    int terrain_pct = rng_pct(35) ? rng_range(15, 100) : 0;

    for (int y = 0; y < h; y++) {
        for (int x = 0; x < len[y]; x++) {
            char c;
            if (rng_pct(wall_pct))
                c = '#';
            else if (rng_pct(terrain_pct))
                c = (char)('1' + rng_range(0, 8));
            else if (floor_style < 60)
                c = '.';
            else if (floor_style < 75)
                c = ' ';
            else
                c = rng_pct(50) ? '.' : ' ';
            g[y][x] = c;
        }
        g[y][len[y]] = '\0';
    }

    /* In ~30% of the maps draw a barrier across the map: a straight wall
     * row or column with 0-2 gaps (0 gaps: often no path at all), or a
     * diagonal wall line, which blocks 4-neighbour moves and, since each
     * crossing passes between two walls, every rule but `always`. */
    if (rng_pct(30)) {
        int kind = rng_range(0, 3);
        if (kind == 0 && h >= 3) {
            int y = rng_range(1, h - 2);
            for (int x = 0; x < len[y]; x++)
                g[y][x] = '#';
            for (int gaps = rng_range(0, 2); gaps > 0; gaps--)
                g[y][rng_range(0, len[y] - 1)] = '.';
        } else if (kind == 1 && w >= 3) {
            int x = rng_range(1, w - 2);
            for (int y = 0; y < h; y++)
                if (x < len[y])
                    g[y][x] = '#';
            for (int gaps = rng_range(0, 2); gaps > 0; gaps--) {
                int y = rng_range(0, h - 1);
                if (x < len[y])
                    g[y][x] = ' ';
            }
        } else {
            int x0 = rng_range(0, w - 1), slope = rng_pct(50) ? 1 : -1;
            for (int y = 0; y < h; y++) {
                int x = x0 + slope * y;
                if (x >= 0 && x < len[y])
                    g[y][x] = '#';
            }
        }
    }

    /* Exactly one A and 1..4 B's on distinct existing cells (overwriting
     * whatever was there). */
    int nb = rng_range(1, 4);
    if (nb > cells - 1)
        nb = cells - 1;
    int placed = 0;
    while (placed < nb + 1) {
        int y = rng_range(0, h - 1);
        int x = rng_range(0, len[y] - 1);
        if (g[y][x] == 'A' || g[y][x] == 'B')
            continue;
        g[y][x] = placed == 0 ? 'A' : 'B';
        placed++;
    }

    for (int y = 0; y < h; y++)
        printf("%s\n", g[y]); /* len[y] >= 1: never a zero-length row */
}

static int cmd_gen(int argc, char **argv)
{
    long long seed, count;
    if (argc != 2 || !parse_uint(argv[0], &seed) || !parse_uint(argv[1], &count))
        die_usage("gen needs SEED COUNT (non-negative integers)");
    rng_state = (uint64_t)seed * 0x2545F4914F6CDD1DULL + 12345;
    for (long long i = 0; i < count; i++) {
        if (i > 0)
            putchar('\n');
        gen_one();
    }
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "%s: write error\n", progname);
        return 2;
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* configuration (the options pathfind got)                            */
/* ------------------------------------------------------------------ */

enum { D_NEVER, D_NOCORNER, D_NOSQUEEZE, D_ALWAYS };
enum { H_MANHATTAN, H_OCTILE, H_EUCLIDEAN, H_CHEBYSHEV, H_ZERO, H_DEFAULT };
static const char *const diag_names[] = {"never", "no-corner-cut",
                                         "no-squeeze", "always"};
static const char *const heur_names[] = {"manhattan", "octile", "euclidean",
                                         "chebyshev", "zero"};

typedef struct {
    int dijkstra;     /* -a dijkstra */
    int diag;         /* D_* */
    int heur;         /* H_*, resolved (never H_DEFAULT after parsing) */
    long long s;      /* straight cost, micro-units */
    long long d;      /* diagonal cost, micro-units (unused if sqrt2) */
    int sqrt2;        /* D = S*sqrt(2) */
    long long w;      /* weight, milli-units */
} Config;

static int lookup(const char *v, const char *const *names, int n)
{
    for (int i = 0; i < n; i++)
        if (strcmp(v, names[i]) == 0)
            return i;
    return -1;
}

/* Parse the pathfind options in argv[0..argc).  Accepts "-x VAL", "-xVAL",
 * "--long VAL" and "--long=VAL".  -o, -t, -f are parsed but ignored. */
static Config parse_options(int argc, char **argv)
{
    static const struct { char s; const char *l; } opts[] = {
        {'a', "algorithm"}, {'d', "diagonal"}, {'c', "cost"},
        {'H', "heuristic"}, {'w', "weight"},   {'t', "tie-break"},
        {'o', "open-list"}, {'f', "format"},
    };
    Config c = {0, D_NEVER, H_DEFAULT, MICRO, 0, 1, 1000};
    int jps = 0, diag_set = 0;

    for (int i = 0; i < argc; i++) {
        const char *arg = argv[i];
        const char *val = NULL;
        char opt = 0;
        if (arg[0] == '-' && arg[1] == '-' && arg[2]) {
            const char *name = arg + 2;
            const char *eq = strchr(name, '=');
            size_t nl = eq ? (size_t)(eq - name) : strlen(name);
            for (size_t k = 0; k < sizeof opts / sizeof opts[0]; k++)
                if (strlen(opts[k].l) == nl && strncmp(opts[k].l, name, nl) == 0)
                    opt = opts[k].s;
            if (!opt)
                die_usage("unknown pathfind option %s", arg);
            if (eq)
                val = eq + 1;
        } else if (arg[0] == '-' && arg[1]) {
            opt = arg[1];
            int known = 0;
            for (size_t k = 0; k < sizeof opts / sizeof opts[0]; k++)
                known |= opts[k].s == opt;
            if (!known)
                die_usage("unknown pathfind option %s", arg);
            if (arg[2])
                val = arg + 2;
        } else {
            die_usage("unexpected pathfind operand %s", arg);
        }
        if (!val) {
            if (i + 1 >= argc)
                die_usage("option %s needs a value", arg);
            val = argv[++i];
        }

        switch (opt) {
        case 'a':
            if (strcmp(val, "astar") == 0)
                c.dijkstra = 0;
            else if (strcmp(val, "dijkstra") == 0)
                c.dijkstra = 1;
            else if (strcmp(val, "jps") == 0) {
                c.dijkstra = 0;    /* same answers as A*, on uniform maps only */
                jps = 1;
            }
            else
                die_usage("bad -a %s", val);
            break;
        case 'd':
            diag_set = 1;
            c.diag = lookup(val, diag_names, 4);
            if (c.diag < 0)
                die_usage("bad -d %s", val);
            break;
        case 'H':
            c.heur = lookup(val, heur_names, 5);
            if (c.heur < 0)
                die_usage("bad -H %s", val);
            break;
        case 'c': {
            const char *comma = strchr(val, ',');
            if (!comma)
                die_usage("bad -c %s", val);
            char *sv = xstrndup(val, (size_t)(comma - val));
            if (!parse_fixed(sv, 6, 6, &c.s) || c.s <= 0 || c.s > 1000 * MICRO)
                die_usage("bad straight cost in -c %s", val);
            free(sv);
            if (strcmp(comma + 1, "sqrt2") == 0) {
                c.sqrt2 = 1;
                c.d = 0;
            } else {
                c.sqrt2 = 0;
                if (!parse_fixed(comma + 1, 6, 6, &c.d) || c.d <= 0 ||
                    c.d > 1000 * MICRO)
                    die_usage("bad diagonal cost in -c %s", val);
            }
            break;
        }
        case 'w':
            if (!parse_fixed(val, 3, 3, &c.w) || c.w < 1000 || c.w > 100000)
                die_usage("bad -w %s", val);
            break;
        case 't':
        case 'o':
        case 'f':
            break; /* irrelevant to correctness */
        }
    }
    if (jps && !diag_set)  /* -a jps means -d no-corner-cut */
        c.diag = D_NOCORNER;
    if (c.heur == H_DEFAULT)
        c.heur = c.diag == D_NEVER ? H_MANHATTAN : H_OCTILE;
    return c;
}

/* Is D >= S*sqrt(2)?  (exact: both positive, so square) */
static int d_ge_s_sqrt2(const Config *c)
{
    if (c->sqrt2)
        return 1;
    u128 dd = (u128)c->d * (u128)c->d;
    u128 ss2 = (u128)c->s * (u128)c->s * 2;
    return dd >= ss2;
}

/* Is D <= 2S?  Is D >= S?  (for D = S*sqrt2 both hold) */
static int d_le_2s(const Config *c) { return c->sqrt2 || c->d <= 2 * c->s; }
static int d_ge_s(const Config *c) { return c->sqrt2 || c->d >= c->s; }
static int d_ge_2s(const Config *c) { return !c->sqrt2 && c->d >= 2 * c->s; }

/* Is the heuristic admissible under this configuration? */
static int heuristic_admissible(const Config *c)
{
    if (c->heur == H_ZERO)
        return 1;
    if (c->diag == D_NEVER) {
        /* Only straight steps; a path needs >= (dx+dy) of them, each
         * costing >= S.  Manhattan/euclidean/chebyshev never exceed
         * (dx+dy)*S; octile does iff D > 2S. */
        if (c->heur == H_OCTILE)
            return d_le_2s(c);
        return 1;
    }
    switch (c->heur) {
    case H_MANHATTAN: return d_ge_2s(c);
    case H_OCTILE:    return d_ge_s(c) && d_le_2s(c);
    case H_EUCLIDEAN: return d_ge_s_sqrt2(c);
    case H_CHEBYSHEV: return d_ge_s(c);
    }
    return 0;
}

/* Must the `optimal:` line say yes?  Dijkstra ignores -H and -w (spec),
 * and A* with -H zero is Dijkstra whatever the weight (W*0 = 0), so both
 * always guarantee optimality (as man/pathfind.1 documents).  Otherwise A*
 * guarantees it iff W == 1 and the heuristic is admissible. */
static int expected_optimal(const Config *c)
{
    if (c->dijkstra || c->heur == H_ZERO)
        return 1;
    return c->w == 1000 && heuristic_admissible(c);
}

/* ------------------------------------------------------------------ */
/* exact costs                                                         */
/* ------------------------------------------------------------------ */

typedef struct {
    long long a; /* sum of terrain over straight steps */
    long long b; /* sum of terrain over diagonal steps */
} Cost;

/* Sign of p + q*sqrt(2) for integers p, q, exactly.
 *   - If p and q do not have opposite signs the answer is the sign of
 *     whichever is non-zero (or 0 when both are 0).
 *   - Otherwise compare magnitudes: |p| vs |q|*sqrt(2), i.e. p^2 vs 2q^2
 *     (both sides non-negative, so squaring preserves order).  Equality
 *     p^2 == 2q^2 is impossible for q != 0 since sqrt(2) is irrational, so
 *     the result is never 0 in this branch.
 * Magnitudes here are at most a few thousand, so long long is ample. */
static int sign_p_q_sqrt2(long long p, long long q)
{
    if (p >= 0 && q >= 0)
        return (p > 0 || q > 0) ? 1 : 0;
    if (p <= 0 && q <= 0)
        return -1;
    long long p2 = p * p, q2 = 2 * q * q;
    if (p > 0) /* q < 0: p + q*sqrt2 > 0 iff p > |q|*sqrt2 iff p^2 > 2q^2 */
        return p2 > q2 ? 1 : -1;
    /* p < 0, q > 0: positive iff q*sqrt2 > |p| iff 2q^2 > p^2 */
    return q2 > p2 ? 1 : -1;
}

/* Exact three-way comparison of two path costs. */
static int cost_cmp(const Config *c, Cost x, Cost y)
{
    if (c->sqrt2) /* S*(a + b*sqrt2), S > 0 */
        return sign_p_q_sqrt2(x.a - y.a, x.b - y.b);
    long long vx = x.a * c->s + x.b * c->d;
    long long vy = y.a * c->s + y.b * c->d;
    return (vx > vy) - (vx < vy);
}

/* floor(sqrt(n)) for a 128-bit n, exactly: the classic bit-by-bit
 * integer square root (no libm, no floating point). */
static u128 isqrt128(u128 n)
{
    u128 res = 0, bit = (u128)1 << 126; /* highest power of 4 in range */
    while (bit > n)
        bit >>= 2;
    while (bit != 0) {
        if (n >= res + bit) {
            n -= res + bit;
            res = (res >> 1) + bit;
        } else {
            res >>= 1;
        }
        bit >>= 2;
    }
    return res;
}

/* Format a cost the way pathfind must: integer when the exact value is
 * whole, otherwise exactly 6 decimals, correctly rounded. */
static void cost_format(const Config *c, Cost x, char *buf, size_t n)
{
    long long micro; /* the value rounded to the nearest micro-unit */
    int whole;
    if (!c->sqrt2 || x.b == 0) {
        /* exact: a*s + b*d micro-units (b == 0 in the sqrt2 case) */
        micro = x.a * c->s + (c->sqrt2 ? 0 : x.b * c->d);
        whole = micro % MICRO == 0;
    } else {
        /* value = s*a + t*sqrt2 micro-units with t = s*b > 0; this is
         * irrational, so never whole and never exactly halfway.
         * round(t*sqrt2) = floor(t*sqrt2 + 1/2): with r = floor(t*sqrt2) =
         * isqrt(2t^2), round up iff t*sqrt2 >= r + 1/2 iff
         * 8t^2 >= (2r+1)^2 (squares of non-negatives). */
        u128 t = (u128)x.b * (u128)c->s;
        u128 r = isqrt128(2 * t * t);
        if (8 * t * t >= (2 * r + 1) * (2 * r + 1))
            r++;
        micro = x.a * c->s + (long long)r;
        whole = 0;
    }
    if (whole)
        snprintf(buf, n, "%lld", micro / MICRO);
    else
        snprintf(buf, n, "%lld.%06lld", micro / MICRO, micro % MICRO);
}

/* ------------------------------------------------------------------ */
/* maps and the oracle                                                 */
/* ------------------------------------------------------------------ */

typedef struct {
    char **row;     /* rows as read (CR stripped) */
    int *len;
    int h, w;       /* w = longest row */
    int ax, ay;     /* start */
    int nb;         /* number of goals */
    int firstline;  /* 1-based line of the first row in MAPFILE */
} Map;

typedef struct {
    Map *map;
    size_t n;
} MapSet;

static MapSet read_maps(const char *path)
{
    Lines L = read_lines(path, 1);
    MapSet ms = {NULL, 0};
    size_t cap = 0;
    size_t i = 0;
    for (;;) {
        while (i < L.n && L.line[i][0] == '\0')
            i++;
        if (i >= L.n)
            break;
        size_t j = i;
        while (j < L.n && L.line[j][0] != '\0')
            j++;
        Map m;
        memset(&m, 0, sizeof m);
        m.h = (int)(j - i);
        m.row = xmalloc((size_t)m.h * sizeof *m.row);
        m.len = xmalloc((size_t)m.h * sizeof *m.len);
        m.firstline = (int)i + 1;
        int na = 0;
        for (int y = 0; y < m.h; y++) {
            m.row[y] = L.line[i + (size_t)y];
            m.len[y] = (int)strlen(m.row[y]);
            if (m.len[y] > m.w)
                m.w = m.len[y];
            for (int x = 0; x < m.len[y]; x++) {
                char ch = m.row[y][x];
                if (ch == 'A') {
                    m.ax = x;
                    m.ay = y;
                    na++;
                } else if (ch == 'B') {
                    m.nb++;
                } else if (!(ch == '#' || ch == '.' || ch == ' ' ||
                             (ch >= '1' && ch <= '9'))) {
                    fprintf(stderr, "%s: %s:%zu:%d: bad map character\n",
                            progname, path, i + (size_t)y + 1, x + 1);
                    exit(2);
                }
            }
        }
        if (na != 1 || m.nb < 1) {
            fprintf(stderr, "%s: %s:%zu: map needs exactly one A and a B\n",
                    progname, path, i + 1);
            exit(2);
        }
        if (ms.n == cap) {
            cap = cap ? cap * 2 : 64;
            ms.map = xrealloc(ms.map, cap * sizeof *ms.map);
        }
        ms.map[ms.n++] = m;
        i = j;
    }
    /* map rows now belong to the maps; free the separator lines */
    for (size_t k = 0; k < L.n; k++)
        if (L.line[k][0] == '\0')
            free(L.line[k]);
    free(L.line);
    return ms;
}

/* cell character, or 0 if the cell does not exist */
static char cell(const Map *m, int x, int y)
{
    if (y < 0 || y >= m->h || x < 0 || x >= m->len[y])
        return 0;
    return m->row[y][x];
}

static int passable(const Map *m, int x, int y)
{
    char ch = cell(m, x, y);
    return ch != 0 && ch != '#';
}

static int terrain(char ch)
{
    return (ch >= '1' && ch <= '9') ? ch - '0' : 1;
}

static int count_passable(const Map *m)
{
    int n = 0;
    for (int y = 0; y < m->h; y++)
        for (int x = 0; x < m->len[y]; x++)
            n += m->row[y][x] != '#';
    return n;
}

/* May we step from (x,y) by (dx,dy) (each in -1..1, not both 0)? */
static int legal_move(const Map *m, int rule, int x, int y, int dx, int dy)
{
    if (!passable(m, x + dx, y + dy))
        return 0;
    if (dx == 0 || dy == 0)
        return 1;
    int o1 = passable(m, x + dx, y), o2 = passable(m, x, y + dy);
    switch (rule) {
    case D_NEVER:     return 0;
    case D_NOCORNER:  return o1 && o2;
    case D_NOSQUEEZE: return o1 || o2;
    default:          return 1;
    }
}

/* Cost of stepping from (x,y) by (dx,dy): terrain of the ENTERED cell on
 * the straight or diagonal counter. */
static Cost step_cost(const Map *m, int x, int y, int dx, int dy)
{
    int t = terrain(cell(m, x + dx, y + dy));
    Cost c = {0, 0};
    if (dx != 0 && dy != 0)
        c.b = t;
    else
        c.a = t;
    return c;
}

typedef struct {
    int reachable; /* some B reachable */
    Cost best;     /* optimal cost to the nearest B */
} Oracle;

/* Brute force: repeated relaxation over every cell and every move until
 * nothing changes.  All step costs are positive, so this converges to the
 * exact shortest-path costs. */
static void relax_all(const Config *c, const Map *m, Cost *dist, char *seen);

static Oracle oracle(const Config *c, const Map *m)
{
    int W = m->w, H = m->h;
    Cost *dist = xmalloc((size_t)W * (size_t)H * sizeof *dist);
    char *seen = xmalloc((size_t)W * (size_t)H);

    relax_all(c, m, dist, seen);
    Oracle o = {0, {0, 0}};
    for (int y = 0; y < H; y++)
        for (int x = 0; x < m->len[y]; x++)
            if (m->row[y][x] == 'B' && seen[y * W + x] &&
                (!o.reachable || cost_cmp(c, dist[y * W + x], o.best) < 0)) {
                o.reachable = 1;
                o.best = dist[y * W + x];
            }
    free(dist);
    free(seen);
    return o;
}

/* The exact costs from A to every cell (seen: reachable). */
static void relax_all(const Config *c, const Map *m, Cost *dist, char *seen)
{
    int W = m->w, H = m->h;

    memset(seen, 0, (size_t)W * (size_t)H);
    seen[m->ay * W + m->ax] = 1;
    dist[m->ay * W + m->ax] = (Cost){0, 0};

    for (int changed = 1; changed;) {
        changed = 0;
        for (int y = 0; y < H; y++)
            for (int x = 0; x < m->len[y]; x++) {
                if (!seen[y * W + x])
                    continue;
                for (int dy = -1; dy <= 1; dy++)
                    for (int dx = -1; dx <= 1; dx++) {
                        if ((dx == 0 && dy == 0) ||
                            !legal_move(m, c->diag, x, y, dx, dy))
                            continue;
                        Cost sc = step_cost(m, x, y, dx, dy);
                        Cost nc = {dist[y * W + x].a + sc.a,
                                   dist[y * W + x].b + sc.b};
                        int v = (y + dy) * W + (x + dx);
                        if (!seen[v] || cost_cmp(c, nc, dist[v]) < 0) {
                            seen[v] = 1;
                            dist[v] = nc;
                            changed = 1;
                        }
                    }
            }
    }
}

/* The obstacle-free distance from (x, y) to the nearest B, as a cost. */
static Cost goal_distance(const Config *c, const Map *m, int x, int y)
{
    Cost best = {0, 0};
    int any = 0;

    for (int gy = 0; gy < m->h; gy++)
        for (int gx = 0; gx < m->len[gy]; gx++) {
            if (m->row[gy][gx] != 'B')
                continue;
            long long dx = gx > x ? gx - x : x - gx, dy = gy > y ? gy - y : y - gy;
            Cost d;
            if (c->diag == D_NEVER)
                d = (Cost){dx + dy, 0};
            else {
                long long lo = dx < dy ? dx : dy;
                d = (Cost){(dx < dy ? dy : dx) - lo, lo};
            }
            if (!any || cost_cmp(c, d, best) < 0)
                best = d, any = 1;
        }
    return best;
}


/* ------------------------------------------------------------------ */
/* check                                                               */
/* ------------------------------------------------------------------ */

static const char *g_mapfile;
static const Map *g_failmap;
static int g_failno;

/* Report the first failure (with the map for context) and exit 1. */
static _Noreturn void fail(const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "%s: FAIL: %s map %d: ", progname, g_mapfile, g_failno);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    if (g_failmap) {
        fprintf(stderr, "--- map %d (line %d of %s) ---\n", g_failno,
                g_failmap->firstline, g_mapfile);
        for (int y = 0; y < g_failmap->h; y++)
            fprintf(stderr, "|%s|\n", g_failmap->row[y]);
        fprintf(stderr, "---\n");
    }
    exit(1);
}

/* Fail unless text line `line` exists; returns it. */
static const char *text_line(const Lines *T, size_t i, const char *what)
{
    if (i >= T->n)
        fail("text output ends early (expected %s)", what);
    return T->line[i];
}

/* Match "PREFIX<rest>"; returns pointer to rest or NULL. */
static const char *after_prefix(const char *s, const char *prefix)
{
    size_t n = strlen(prefix);
    return strncmp(s, prefix, n) == 0 ? s + n : NULL;
}

/* Parse "KEY: <uint>" exactly. */
static long long stat_line(const Lines *T, size_t i, const char *key)
{
    char want[64];
    snprintf(want, sizeof want, "%s: ", key);
    const char *l = text_line(T, i, want);
    const char *v = after_prefix(l, want);
    long long n;
    if (!v || !parse_uint(v, &n))
        fail("text line %zu: expected '%s<number>', got '%s'", i + 1, want, l);
    return n;
}

typedef struct {
    int *x, *y;
    size_t n;
} PathBlock;

/* Everything check reads lives in globals so that it stays reachable when
 * fail() exits (LeakSanitizer runs at exit in `make sanitize`). */
static MapSet ms;
static Lines T, P;
static PathBlock *pb;
static size_t npb;
static char *label;

static void free_lines(Lines *L)
{
    for (size_t i = 0; i < L->n; i++)
        free(L->line[i]);
    free(L->line);
    L->line = NULL;
    L->n = 0;
}

static void free_all(void)
{
    for (size_t k = 0; k < ms.n; k++) {
        for (int y = 0; y < ms.map[k].h; y++)
            free(ms.map[k].row[y]);
        free(ms.map[k].row);
        free(ms.map[k].len);
    }
    free(ms.map);
    ms.map = NULL;
    ms.n = 0;
    free_lines(&T);
    free_lines(&P);
    for (size_t k = 0; k < npb; k++) {
        free(pb[k].x);
        free(pb[k].y);
    }
    free(pb);
    pb = NULL;
    npb = 0;
    free(label);
    label = NULL;
}

static int cmd_check(int argc, char **argv, int solve_only)
{
    int fixed = solve_only ? 1 : 3;
    if (argc < fixed + 1 || strcmp(argv[fixed], "--") != 0)
        die_usage(solve_only ? "solve needs MAPFILE -- OPTIONS..."
                             : "check needs MAPFILE TEXTOUT PATHOUT -- OPTIONS...");
    Config c = parse_options(argc - fixed - 1, argv + fixed + 1);
    g_mapfile = argv[0];
    ms = read_maps(argv[0]);
    if (ms.n == 0)
        die_usage("%s holds no maps", argv[0]);

    if (solve_only) {
        size_t nopath = 0;
        for (size_t k = 0; k < ms.n; k++) {
            Oracle o = oracle(&c, &ms.map[k]);
            char buf[64];
            if (o.reachable) {
                cost_format(&c, o.best, buf, sizeof buf);
                printf("map %zu: %s\n", k + 1, buf);
            } else {
                printf("map %zu: no path\n", k + 1);
                nopath++;
            }
        }
        printf("%zu maps (%zu no path)\n", ms.n, nopath);
        free_all();
        return 0;
    }

    T = read_lines(argv[1], 0);
    P = read_lines(argv[2], 0);
    int want_opt = expected_optimal(&c);

    /* Split PATHOUT into exactly N blocks separated by single empty lines
     * (an empty block for a no-path map). */
    pb = xmalloc(ms.n * sizeof *pb);
    {
        size_t k = 0, start = 0;
        for (size_t i = 0; i <= P.n; i++) {
            if (i < P.n && P.line[i][0] != '\0')
                continue;
            if (k >= ms.n) {
                g_failno = (int)ms.n;
                fail("path output has more than %zu blocks (extra blank line "
                     "at path line %zu)", ms.n, i);
            }
            pb[k].n = i - start;
            pb[k].x = xmalloc((pb[k].n + 1) * sizeof(int));
            pb[k].y = xmalloc((pb[k].n + 1) * sizeof(int));
            npb = k + 1;
            for (size_t j = start; j < i; j++) {
                const char *l = P.line[j];
                const char *sp = strchr(l, ' ');
                long long xv, yv;
                if (!sp || !parse_uint_n(l, (size_t)(sp - l), &xv) ||
                    !parse_uint(sp + 1, &yv) || xv > 100000 || yv > 100000) {
                    g_failno = (int)k + 1;
                    fail("path line %zu: expected 'x y', got '%s'", j + 1, l);
                }
                pb[k].x[j - start] = (int)xv;
                pb[k].y[j - start] = (int)yv;
            }
            k++;
            start = i + 1;
        }
        if (k != ms.n) {
            g_failno = (int)k;
            fail("path output has %zu blocks, expected %zu", k, ms.n);
        }
    }

    size_t ti = 0, nopath = 0;
    size_t label_size = strlen(g_mapfile) + 64;
    label = xmalloc(label_size);
    for (size_t k = 0; k < ms.n; k++) {
        const Map *m = &ms.map[k];
        const PathBlock *p = &pb[k];
        g_failno = (int)k + 1;
        g_failmap = m;
        Oracle o = oracle(&c, m);
        char obuf[64];
        if (o.reachable)
            cost_format(&c, o.best, obuf, sizeof obuf);

        if (k > 0) {
            const char *l = text_line(&T, ti, "blank separator line");
            if (l[0] != '\0')
                fail("text line %zu: expected blank line between results, "
                     "got '%s'", ti + 1, l);
            ti++;
        }
        if (ms.n > 1) {
            snprintf(label, label_size, "==> %s map %zu <==", g_mapfile, k + 1);
            const char *l = text_line(&T, ti, "label");
            if (strcmp(l, label) != 0)
                fail("text line %zu: expected label '%s', got '%s'", ti + 1,
                     label, l);
            ti++;
        }
        /* map rows: remembered, compared once the path is known */
        size_t rows_at = ti;
        for (int y = 0; y < m->h; y++)
            text_line(&T, ti++, "map row");

        const char *l = text_line(&T, ti, "'cost:' or 'no path'");
        if (strcmp(l, "no path") == 0) {
            ti++;
            if (o.reachable)
                fail("pathfind says 'no path' but the oracle reaches a goal "
                     "at cost %s", obuf);
            if (p->n != 0)
                fail("no-path map has a non-empty path block (%zu lines)", p->n);
            for (int y = 0; y < m->h; y++)
                if (strcmp(T.line[rows_at + (size_t)y], m->row[y]) != 0)
                    fail("text line %zu: map row %d differs: expected '%s', "
                         "got '%s'", rows_at + (size_t)y + 1, y,
                         m->row[y], T.line[rows_at + (size_t)y]);
            long long e = stat_line(&T, ti++, "expanded");
            long long g = stat_line(&T, ti++, "generated");
            (void)stat_line(&T, ti++, "updated");
            if (g < 1)
                fail("generated %lld < 1", g);
            if (e > g)
                fail("expanded %lld > generated %lld", e, g);
            if (e > count_passable(m))
                fail("expanded %lld > passable cells %d", e, count_passable(m));
            if (ti < T.n && after_prefix(T.line[ti], "time: "))
                ti++;
            nopath++;
            continue;
        }

        /* a path was found */
        const char *cs = after_prefix(l, "cost: ");
        if (!cs)
            fail("text line %zu: expected 'cost: ...' or 'no path', got '%s'",
                 ti + 1, l);
        if (!o.reachable)
            fail("pathfind reports cost %s but the oracle finds no path", cs);
        size_t cost_line = ti++;
        long long steps = stat_line(&T, ti++, "steps");
        l = text_line(&T, ti, "goal:");
        const char *gs = after_prefix(l, "goal: ");
        long long gx, gy;
        {
            const char *sp = gs ? strchr(gs, ' ') : NULL;
            if (!sp || !parse_uint_n(gs, (size_t)(sp - gs), &gx) ||
                !parse_uint(sp + 1, &gy))
                fail("text line %zu: expected 'goal: X Y', got '%s'", ti + 1, l);
        }
        ti++;
        long long e = stat_line(&T, ti++, "expanded");
        long long g = stat_line(&T, ti++, "generated");
        (void)stat_line(&T, ti++, "updated");
        const char *optline = l = text_line(&T, ti, "optimal:");
        int says_opt = 0;
        if (strcmp(l, "optimal: yes") == 0)
            says_opt = 1;
        else if (after_prefix(l, "optimal: not guaranteed"))
            says_opt = 0;
        else
            fail("text line %zu: expected 'optimal: yes' or 'optimal: not "
                 "guaranteed...', got '%s'", ti + 1, l);
        ti++;
        if (ti < T.n && after_prefix(T.line[ti], "time: "))
            ti++;

        if (says_opt != want_opt)
            fail("'%s' but this configuration %s optimality (-a %s -d %s "
                 "-H %s -w %lld.%03lld)", optline,
                 want_opt ? "guarantees" : "does not guarantee",
                 c.dijkstra ? "dijkstra" : "astar", diag_names[c.diag],
                 heur_names[c.heur], c.w / 1000, c.w % 1000);

        /* statistics sanity */
        if (g < 1)
            fail("generated %lld < 1", g);
        if (e > g)
            fail("expanded %lld > generated %lld", e, g);
        if (e > count_passable(m))
            fail("expanded %lld > passable cells %d", e, count_passable(m));

        /* the path block */
        if (p->n == 0)
            fail("text says a path was found but the path block is empty");
        if (p->x[0] != m->ax || p->y[0] != m->ay)
            fail("path starts at %d %d, but A is at %d %d", p->x[0], p->y[0],
                 m->ax, m->ay);
        size_t last = p->n - 1;
        if (cell(m, p->x[last], p->y[last]) != 'B')
            fail("path ends at %d %d which is not a B", p->x[last], p->y[last]);
        if (p->x[last] != gx || p->y[last] != gy)
            fail("path ends at %d %d but text says goal: %lld %lld",
                 p->x[last], p->y[last], gx, gy);
        if ((long long)last != steps)
            fail("steps: %lld but the path has %zu cells (%zu moves)", steps,
                 p->n, last);
        Cost pc = {0, 0};
        for (size_t i = 0; i < p->n; i++) {
            int x = p->x[i], y = p->y[i];
            if (!passable(m, x, y))
                fail("path cell %zu (%d %d) is a wall or does not exist", i, x, y);
            if (i > 0 && i < last && cell(m, x, y) == 'B')
                fail("path passes through another goal B at %d %d", x, y);
            if (i > 0 && cell(m, x, y) == 'A')
                fail("path returns to A at %d %d", x, y);
            for (size_t j = 0; j < i; j++)
                if (p->x[j] == x && p->y[j] == y)
                    fail("path visits %d %d twice (cells %zu and %zu)", x, y, j, i);
            if (i > 0) {
                int px = p->x[i - 1], py = p->y[i - 1];
                int dx = x - px, dy = y - py;
                if (dx < -1 || dx > 1 || dy < -1 || dy > 1)
                    fail("path jumps from %d %d to %d %d", px, py, x, y);
                if (!legal_move(m, c.diag, px, py, dx, dy))
                    fail("move %d %d -> %d %d is illegal under -d %s", px, py,
                         x, y, diag_names[c.diag]);
                Cost sc = step_cost(m, px, py, dx, dy);
                pc.a += sc.a;
                pc.b += sc.b;
            }
        }

        /* the map rows: input rows with interior path cells as '*' */
        for (int y = 0; y < m->h; y++) {
            char *want = xstrndup(m->row[y], (size_t)m->len[y]);
            for (size_t i = 1; i < last; i++)
                if (p->y[i] == y)
                    want[p->x[i]] = '*';
            const char *got = T.line[rows_at + (size_t)y];
            if (strcmp(want, got) != 0)
                fail("text line %zu: map row %d: expected '%s', got '%s' "
                     "('*' must mark exactly the interior cells of the -f path "
                     "output)", rows_at + (size_t)y + 1, y, want, got);
            free(want);
        }

        /* cost of the reported path, exactly, formatted */
        char pbuf[64];
        cost_format(&c, pc, pbuf, sizeof pbuf);
        if (strcmp(pbuf, cs) != 0)
            fail("text line %zu: 'cost: %s' but the path's exact cost is %s",
                 cost_line + 1, cs, pbuf);

        /* optimality */
        int cmp = cost_cmp(&c, pc, o.best);
        if (cmp < 0)
            fail("path cost %s is BELOW the oracle optimum %s (oracle bug?)",
                 pbuf, obuf);
        if (want_opt && cmp != 0)
            fail("cost %s but the optimum is %s (optimality %s)", pbuf, obuf,
                 "guaranteed by this configuration");
    }
    g_failmap = NULL;
    g_failno = (int)ms.n;
    if (ti != T.n)
        fail("text output has %zu extra line(s) after the last result, first "
             "'%s'", T.n - ti, T.line[ti]);

    printf("ok %zu maps (%zu no path)\n", ms.n, nopath);
    free_all();
    return 0;
}

/* ------------------------------------------------------------------ */
/* verdict: what pathfind --check must say of -f moves answers          */
/* ------------------------------------------------------------------ */

/* Why the step from (x,y) by (dx,dy) is illegal, or NULL.  The same rules
 * as legal_move, told apart in the order pathfind(1) lists them. */
static const char *step_fault(const Map *m, int rule, int x, int y, int dx, int dy)
{
    char to = cell(m, x + dx, y + dy);
    if (dx != 0 && dy != 0 && rule == D_NEVER)
        return "diagonal";
    if (to == 0)
        return "off";
    if (to == '#')
        return "wall";
    if (dx == 0 || dy == 0 || rule == D_ALWAYS)
        return NULL;
    int o1 = passable(m, x + dx, y), o2 = passable(m, x, y + dy);
    if (!o1 && !o2)
        return "squeeze";
    if (rule == D_NOCORNER && !(o1 && o2))
        return "corner";
    return NULL;
}

static void verdict_one(const Config *c, const Map *m, const char *s, size_t lineno)
{
    Oracle o = oracle(c, m);
    int x = m->ax, y = m->ay;
    long long step = 0;
    Cost cost = {0, 0};
    char buf[64];

    while (*s == ' ')
        s++;
    if (*s == '\0') {
        printf("%s - - -\n", o.reachable ? "wrong" : "right");
        return;
    }
    while (*s != '\0') {
        int dx = 0, dy = 0;
        long long n = 0;
        if (*s == 'U' || *s == 'D')
            dy = *s++ == 'U' ? -1 : 1;
        if (*s == 'L' || *s == 'R')
            dx = *s++ == 'L' ? -1 : 1;
        if ((dx == 0 && dy == 0) || *s < '0' || *s > '9') {
            fprintf(stderr, "%s: answer line %zu: bad move\n", progname, lineno);
            exit(2);
        }
        while (*s >= '0' && *s <= '9')
            n = n * 10 + (*s++ - '0');
        while (*s == ' ')
            s++;
        for (; n > 0; n--) {
            const char *why = step_fault(m, c->diag, x, y, dx, dy);
            step++;
            if (why != NULL) {
                printf("illegal %lld %s -\n", step, why);
                return;
            }
            Cost sc = step_cost(m, x, y, dx, dy);
            cost.a += sc.a;
            cost.b += sc.b;
            x += dx;
            y += dy;
        }
    }
    if (cell(m, x, y) != 'B') {
        printf("illegal %lld end -\n", step);
        return;
    }
    cost_format(c, cost, buf, sizeof buf);
    if (!o.reachable || cost_cmp(c, cost, o.best) < 0)
        printf("BUG %s cheaper than the optimum\n", buf);
    else
        printf("%s - - %s\n", cost_cmp(c, cost, o.best) > 0 ? "costlier" : "right", buf);
}

static int cmd_verdict(int argc, char **argv)
{
    if (argc < 3 || strcmp(argv[2], "--") != 0)
        die_usage("verdict needs MAPFILE ANSWERS -- PATHFIND-OPTIONS...");
    Config c = parse_options(argc - 3, argv + 3);
    ms = read_maps(argv[0]);
    T = read_lines(argv[1], 1);    /* the answers */
    if (T.n != ms.n) {
        fprintf(stderr, "%s: %zu maps but %zu answers\n", progname, ms.n, T.n);
        exit(2);
    }
    for (size_t i = 0; i < ms.n; i++)
        verdict_one(&c, &ms.map[i], T.line[i], i + 1);
    free_all();
    return 0;
}

/* ------------------------------------------------------------------ */

static int cmd_nearest(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "--") != 0)
        die_usage("nearest needs MAPFILE -- OPTIONS...");
    Config c = parse_options(argc - 2, argv + 2);
    ms = read_maps(argv[0]);
    for (size_t k = 0; k < ms.n; k++) {
        const Map *m = &ms.map[k];
        int W = m->w, H = m->h, bx = -1, by = -1;
        Cost *dist = xmalloc((size_t)W * (size_t)H * sizeof *dist), bd = {0, 0}, bc = {0, 0};
        char *seen = xmalloc((size_t)W * (size_t)H), buf[64];

        if (oracle(&c, m).reachable) {
            printf("map %zu: found\n", k + 1);
            free(dist), free(seen);
            continue;
        }
        relax_all(&c, m, dist, seen);
        for (int y = 0; y < H; y++)
            for (int x = 0; x < m->len[y]; x++) {
                if (!seen[y * W + x])
                    continue;
                Cost d = goal_distance(&c, m, x, y);
                int cd = bx < 0 ? -1 : cost_cmp(&c, d, bd);
                if (cd < 0 || (cd == 0 && cost_cmp(&c, dist[y * W + x], bc) < 0))
                    bx = x, by = y, bd = d, bc = dist[y * W + x];
            }
        cost_format(&c, bc, buf, sizeof buf);
        printf("map %zu: nearest %d %d cost %s\n", k + 1, bx, by, buf);
        free(dist);
        free(seen);
    }
    free_all();
    return 0;
}

/* A MovingAI map as a Map of '.' and '#', its start and goals set per query. */
static Map read_movingai(const char *path)
{
    Lines L = read_lines(path, 1);
    Map m;
    size_t i = 0;

    memset(&m, 0, sizeof m);
    while (i < L.n && strcmp(L.line[i], "map") != 0)
        i++;
    if (i == L.n)
        die_usage("%s: no \"map\" line", path);
    m.firstline = (int)i + 2;
    m.h = (int)(L.n - i - 1);
    m.row = xmalloc((size_t)(m.h > 0 ? m.h : 1) * sizeof *m.row);
    m.len = xmalloc((size_t)(m.h > 0 ? m.h : 1) * sizeof *m.len);
    for (int y = 0; y < m.h; y++) {
        char *r = L.line[i + 1 + (size_t)y];
        m.len[y] = (int)strlen(r);
        for (int x = 0; x < m.len[y]; x++)
            r[x] = (r[x] == '.' || r[x] == 'G' || r[x] == 'S') ? '.' : '#';
        m.row[y] = r;
        if (m.len[y] > m.w)
            m.w = m.len[y];
    }
    /* the rows now belong to the map; free the header */
    for (size_t k = 0; k <= i; k++)
        free(L.line[k]);
    free(L.line);
    return m;
}

static int cmd_scen(int argc, char **argv)
{
    if (argc < 3 || strcmp(argv[2], "--") != 0)
        die_usage("scen needs MAPFILE SCENFILE -- OPTIONS...");
    Config c = parse_options(argc - 3, argv + 3);
    Map m = read_movingai(argv[0]);
    Lines S = read_lines(argv[1], 1);

    for (size_t i = 0; i < S.n; i++) {
        long long v[9] = {0};
        const char *f = S.line[i];
        int k;

        if (strncmp(f, "version", 7) == 0 || f[0] == '\0')
            continue;
        /* the nine fields; the map's name (the second) is not read */
        for (k = 0; k < 9; k++) {
            const char *e = strchr(f, '\t');
            size_t n = e ? (size_t)(e - f) : strlen(f);
            if (k != 1 && k != 8 && !parse_uint_n(f, n, &v[k]))
                die_usage("%s:%zu: field %d is not a number", argv[1], i + 1, k + 1);
            if (!e && k < 8)
                die_usage("%s:%zu: fewer than nine fields", argv[1], i + 1);
            f = e ? e + 1 : f + n;
        }
        int sx = (int)v[4], sy = (int)v[5], gx = (int)v[6], gy = (int)v[7];
        if (sy >= m.h || gy >= m.h || sx >= m.len[sy] || gx >= m.len[gy])
            die_usage("%s:%zu: a point off the map", argv[1], i + 1);
        if (!passable(&m, sx, sy) || !passable(&m, gx, gy))
            die_usage("%s:%zu: a point on a blocked cell", argv[1], i + 1);
        char was = m.row[gy][gx];
        m.row[gy][gx] = 'B';
        m.ax = sx, m.ay = sy;
        Oracle o = oracle(&c, &m);
        m.row[gy][gx] = was;
        if (o.reachable) {
            char buf[64];
            cost_format(&c, o.best, buf, sizeof buf);
            puts(buf);
        } else
            puts("-");
    }
    for (int y = 0; y < m.h; y++)
        free(m.row[y]);
    free(m.row);
    free(m.len);
    for (size_t i = 0; i < S.n; i++)
        free(S.line[i]);
    free(S.line);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        die_usage("missing subcommand");
    if (strcmp(argv[1], "gen") == 0)
        return cmd_gen(argc - 2, argv + 2);
    if (strcmp(argv[1], "check") == 0)
        return cmd_check(argc - 2, argv + 2, 0);
    if (strcmp(argv[1], "solve") == 0)
        return cmd_check(argc - 2, argv + 2, 1);
    if (strcmp(argv[1], "nearest") == 0)
        return cmd_nearest(argc - 2, argv + 2);
    if (strcmp(argv[1], "verdict") == 0)
        return cmd_verdict(argc - 2, argv + 2);
    if (strcmp(argv[1], "scen") == 0)
        return cmd_scen(argc - 2, argv + 2);
    die_usage("unknown subcommand %s", argv[1]);
    return 2;
}
