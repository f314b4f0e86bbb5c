# Shared set-up for the bats files.
bats_require_minimum_version 1.5.0
root=$(cd "$BATS_TEST_DIRNAME/.." && pwd)
PATHFIND=${PATHFIND:-$root/pathfind}
BRUTE=${BRUTE:-$root/tests/brute}
export LC_ALL=C

# pf ARGS...: run pathfind from the top of the tree (so names in labels
# and messages are the relative paths the goldens were written with).
pf() {
	cd "$root" && "$PATHFIND" "$@"
}

# A pathfind built with ASan and UBSan, for tests of undefined behaviour:
# make sanitize's own, else make test's fault-injection build (its hooks
# are inert unless asked for); nothing when neither is here.
sanitized() {
	if [ -n "${PF_SANITIZED:-}" ]; then
		echo "$PATHFIND"
	elif [ -x "$root/build/fault/pathfind" ]; then
		echo "$root/build/fault/pathfind"
	fi
}

# converse ARGS... < SCRIPT: run pathfind ARGS as a coprocess with stderr
# merged into stdout, and follow SCRIPT line by line: "> TEXT" writes TEXT
# and a newline to pathfind's stdin; "< TEXT" reads one line of output,
# which must be TEXT.  A read waits up to 60 s: a result that waits for
# input it does not need fails the test (and nothing here is timed).
converse() {
	local cmd arg got
	coproc PF { exec "$PATHFIND" "$@" 2>&1; }
	local in=${PF[1]} out=${PF[0]} pid=$PF_PID
	while IFS= read -r cmd; do
		arg=${cmd:2}
		case $cmd in
		'>'*) printf '%s\n' "$arg" >&"$in" ;;
		'<'*)
			if ! IFS= read -r -t "${CONVERSE_WAIT:-60}" got <&"$out"; then
				echo "no line within 60 s; wanted: $arg"
				kill "$pid" 2>/dev/null
				return 1
			fi
			[ "$got" = "$arg" ] || { echo "got:    $got"; echo "wanted: $arg"; kill "$pid"; return 1; }
			;;
		esac
	done
	exec {in}>&-
	wait "$pid" || true
}

# random_scen W H WALLS N SEED MAP SCEN: a W x H MovingAI map with the
# fraction WALLS of its cells blocked (awk's rand, seeded with SEED) into
# MAP, and N scenarios between two different free cells into SCEN, each
# with a published length of 0.  mawk's rand and gawk's differ, so the
# maps depend on the awk; no test may depend on which maps come out.
random_scen() {
	awk -v w="$1" -v h="$2" -v p="$3" -v nq="$4" -v seed="$5" 'BEGIN { srand(seed);
		print "type octile"; print "height " h; print "width " w; print "map";
		for (y = 0; y < h; y++) { r = ""; for (x = 0; x < w; x++) {
			c = rand() < p ? "@" : "."; g[x, y] = c; r = r c } print r }
		print "version 1" > "/dev/stderr";
		for (n = 0; n < nq; ) { a = int(rand() * w); b = int(rand() * h); c = int(rand() * w); d = int(rand() * h);
			if (g[a, b] == "." && g[c, d] == "." && (a != c || b != d)) { printf "0\tr\t%d\t%d\t%d\t%d\t%d\t%d\t0\n", w, h, a, b, c, d > "/dev/stderr"; n++ } } }' \
		>"$6" 2>"$7"
}

# corner_map N F: an N x N MovingAI map, a fifth of it walls, with the
# ends of corner_scen's queries free, into F.
corner_map() {
	awk -v n="$1" 'BEGIN { printf "type octile\nheight %d\nwidth %d\nmap\n", n, n; s = 5
		split("10 10 300 250 1600 1650 1400 1500 20 1600 220 1400 30 30 1650 40", q, " ")
		for (k = 1; k < 16; k += 2) free[q[k], q[k + 1]] = 1
		for (y = 0; y < n; y++) { r = ""; for (x = 0; x < n; x++) {
			s = (s * 1103515245 + 12345) % 2147483648
			r = r (s / 2147483648 < 0.2 && !((x, y) in free) ? "@" : ".") }
		print r } }' >"$2"
}

# corner_scen F: four queries on corner_map's 1700 x 1700 map, three of
# them in corners, into F: the searches touch a tenth of the map or less.
corner_scen() {
	printf 'version 1\n' >"$1"
	printf '0\tm.map\t1700\t1700\t%d\t%d\t%d\t%d\t0\n' 10 10 300 250 1600 1650 1400 1500 \
	    20 1600 220 1400 30 30 1650 40 >>"$1"
}

# stderr_lines_whole BIN: each line BIN writes to stderr goes out in one
# system call (write, or musl's writev of the buffer and the newline),
# so that processes sharing the descriptor never split a line: a map
# error under a file name with escapes, a missing file, one whose name
# escaped is 12 KB (past glibc's BUFSIZ of 8 KiB and musl's of 1), the
# -S summary, the usage message.  Needs strace.
stderr_lines_whole() {
	local d=$BATS_TEST_TMPDIR n args long
	printf 'A..x\n...B\n\nA#B\n' >"$d/bad.txt"
	printf 'version 1\n0\tm.map\t3\t1\t0\t0\t2\t0\t2\n' >"$d/s.scen"
	printf 'type octile\nheight 1\nwidth 3\nmap\n...\n' >"$d/m.map"
	long=$(printf 'a\033\033/%.0s' {1..1000})
	for args in "$d/bad.txt $d/no"$'\033'"such" "$d/$long" "-S $d/s.scen $d/m.map" "-x"; do
		# shellcheck disable=SC2086
		strace -f -qq -e trace=write,writev -o "$d/trace" "$1" $args >/dev/null 2>"$d/err" || true
		n=$(wc -l <"$d/err")
		[ "$n" -ge 1 ]
		[ "$(grep -c -E '^[0-9]* *writev?\(2, ' "$d/trace")" -eq "$n" ] || {
			cat "$d/err" "$d/trace"; return 1; }
	done
}

# awk_rep: an awk function, rep(c, n), the character c n times, built by
# doubling: mawk 1.3.4 of 2020 (Debian 12's awk) caps sprintf at 8,191
# bytes, so sprintf("%60000s", "") is no way to make a long row.
awk_rep='function rep(c, n,   s) { s = c; while (length(s) < n) s = s s; return substr(s, 1, n) }'

# zigzag N: an N by N map (N even) of rows joined at alternate ends, A top
# left, B at the end: a path through half the cells (N = 2048: 2.1
# million cells, a JSON record of 23 MB).
zigzag() {
	awk -v n="$1" "$awk_rep"' BEGIN { f = rep(".", n); w = rep("#", n - 1)
		for (y = 0; y < n; y++) {
			if (y % 2 == 0) { r = f; if (y == 0) r = "A" substr(f, 2)
				if (y == n - 2) r = (int(y / 2) % 2 == 0) ? substr(f, 2) "B" : "B" substr(f, 2)
				print r
			} else print (int(y / 2) % 2 == 0) ? w "." : "." w } }'
}
