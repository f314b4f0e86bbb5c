#!/usr/bin/env bats
# The -j threads under ThreadSanitizer: scenario batches, map streams
# (from a file and from a pipe) and --check, on inputs that make the
# threads share what they share: the input and the output in order, the
# spare pages of large arrays (src/bigmem.c), a bad map, a map with no
# path, a search stopped by --max-expanded.  Every run must print what
# pathfind -j 1 prints and no race (TSAN_OPTIONS: a report ends the run
# with status 66).

load common

setup_file() {
	export TSAN_BIN="$root/build/tsan/pathfind" TSAN_WHY=
	if [ -n "${PF_SANITIZED:-}" ]; then
		TSAN_WHY="make test runs this (its own build, not make sanitize's)"
	elif ! make -s -C "$root" build/tsan/pathfind >"$BATS_FILE_TMPDIR/make.log" 2>&1; then
		TSAN_WHY="the compiler cannot build with -fsanitize=thread: $(tail -n 1 "$BATS_FILE_TMPDIR/make.log")"
	elif ! "$TSAN_BIN" -V >/dev/null 2>"$BATS_FILE_TMPDIR/v.err"; then
		TSAN_WHY="ThreadSanitizer cannot run here: $(head -n 1 "$BATS_FILE_TMPDIR/v.err")"
	fi
	export TSAN_OPTIONS="halt_on_error=1:exitcode=66"
	local d=$BATS_FILE_TMPDIR
	random_scen 160 160 0.25 48 20261129 "$d/m.map" "$d/m.map.scen"
	# A stream of maps of two sizes: 96x96, and 600x600, whose nodes (4.3
	# MB) take huge-page arrays that a thread gives back and the next takes;
	# a map with no path, a bad one.  A in the top left, B in the bottom
	# right corner.  small.txt, for the sweep, has one large map.
	awk -v big="$d/stream.txt" -v small="$d/small.txt" '
		function map(f, n, p,   x, y, r) {
			for (y = 0; y < n; y++) { r = ""; for (x = 0; x < n; x++) {
				s = (s * 1103515245 + 12345) % 2147483648
				r = r (x + y == 0 ? "A" : x + y == 2 * n - 2 ? "B" : s / 2147483648 < p ? "#" : ".") }
			print r >f }
			print "" >f }
		BEGIN { s = 7
			map(big, 96, 0.2); map(big, 600, 0.25); map(big, 96, 0.2); print "A#\n#B\n" >big
			map(big, 600, 0.2); print "A.x.B\n" >big; map(big, 96, 0.3); map(big, 600, 0.25)
			map(big, 96, 0.2)
			map(small, 96, 0.2); map(small, 600, 0.25); print "A#\n#B\n" >small
			map(small, 96, 0.3); print "A.x.B\n" >small; map(small, 96, 0.2) }'
}

setup() {
	[ -z "$TSAN_WHY" ] || skip "$TSAN_WHY"
	d=$BATS_FILE_TMPDIR t=$BATS_TEST_TMPDIR
}

# same WANT ARGS...: pathfind -j 1 ARGS exits WANT; the ThreadSanitizer
# build with -j 2, -j 3 and -j 4 added exits the same and prints the same
# bytes on stdout, and ThreadSanitizer has nothing to say.  Each run reads
# the file $IN on its standard input (/dev/null when unset), the
# ThreadSanitizer build's from a pipe.
same() {
	local want=$1 in=${IN:-/dev/null} st j
	shift
	st=0
	"$PATHFIND" -j 1 "$@" <"$in" >"$t/want" 2>/dev/null || st=$?
	[ "$st" -eq "$want" ] || { echo "pathfind -j 1 $*: exit $st, not $want"; return 1; }
	for j in 2 3 4; do
		st=0
		cat "$in" | "$TSAN_BIN" -j "$j" "$@" >"$t/got" 2>"$t/err" || st=$?
		! grep -q ThreadSanitizer "$t/err" || { echo "-j $j $*:"; cat "$t/err"; return 1; }
		[ "$st" -eq "$want" ] || { echo "-j $j $*: exit $st, not $want"; head -n 20 "$t/err"; return 1; }
		cmp -s "$t/want" "$t/got" || { echo "-j $j $*: other output"; diff "$t/want" "$t/got" | cut -c 1-200 | head; return 1; }
	done
}

@test "races: scenario batches under -j, A*, JPS and Dijkstra" {
	same 3 -S "$d/m.map.scen"	# the published lengths are 0: mismatches
	same 3 -S "$d/m.map.scen" -a jps -d always
	same 3 -S "$d/m.map.scen" -a dijkstra
}

@test "races: a map stream under -j, from a file and from a pipe" {
	same 2 -f moves "$d/stream.txt"
	same 2 -a jps --label "$d/stream.txt"
	IN=$d/stream.txt same 2 -f json -
	IN=$d/stream.txt same 4 --max-expanded 2000 -f path -
}

@test "races: many small files under -j, read ahead by the threads that wait" {
	local k ops=()
	mkdir "$t/in"
	for k in $(seq 0 99); do
		case $((k % 10)) in
		3) printf 'A#B\n' ;;
		6) printf 'A.x\n' ;;
		*) printf 'A%.*s\n%.*sB\n' $((k % 7)) ...... $((k % 5)) ..... ;;
		esac >"$t/in/m$k.txt"
		ops+=("$t/in/m$k.txt")
		[ $((k % 25)) -ne 0 ] || ops+=("$d/small.txt" "$t/missing" "$t")
	done
	same 2 -f moves "${ops[@]}"
	IN=$d/small.txt same 2 -f json "${ops[@]:0:50}" - "${ops[@]:50}"
}

@test "races: --check of a map stream under -j" {
	"$PATHFIND" -f json "$d/stream.txt" >"$t/answers" 2>/dev/null || true
	[ "$(grep -c '"cost"' "$t/answers")" -ge 6 ]
	same 2 --check="$t/answers" "$d/stream.txt"
	# one answer wrong: a cost of 1 more
	awk '!done && /"cost": [0-9]/ { sub(/"cost": /, "&1"); done = 1 } { print }' \
	    "$t/answers" >"$t/wrong"
	! cmp -s "$t/answers" "$t/wrong"
	IN=$d/stream.txt same 2 --check="$t/wrong" -
}

# sweep STEP ARGS...: pathfind ARGS with -j 2 (the ThreadSanitizer
# build), once with the count of allocations it makes, then with the
# n-th allocation failing, every STEP-th n, and with it and every later
# one failing (tests/fault/inject.h): no race, and an exit status of 0
# to 3 (a thread out of memory gives its work back, or the run ends with
# "out of memory"), never a signal.
sweep() {
	local step=$1 count n mode st
	shift
	PF_INJECT_REPORT=1 "$TSAN_BIN" -q -j 2 "$@" 2>"$t/err" || true
	[[ "$(<"$t/err")" =~ inject:\ ([0-9]+)\ allocations ]] || { cat "$t/err"; return 1; }
	count=${BASH_REMATCH[1]}
	[ "$count" -gt 10 ]
	for ((n = 1; n <= count; n += step)); do
		for mode in "" +; do
			st=0
			PF_FAIL_ALLOC=$n$mode "$TSAN_BIN" -q -j 2 "$@" 2>"$t/err" || st=$?
			! grep -q ThreadSanitizer "$t/err" || { echo "PF_FAIL_ALLOC=$n$mode $*:"; cat "$t/err"; return 1; }
			[ "$st" -le 3 ] || { echo "PF_FAIL_ALLOC=$n$mode $*: exit $st"; head -n 20 "$t/err"; return 1; }
		done
	done
	echo "# -j 2 $*: $count allocations" >&3
}

@test "races: allocations failing in a thread, scenario batches and map streams" {
	sweep 1 -S "$d/m.map.scen"
	sweep 2 "$d/small.txt"
}

# A solve that runs out of memory beside other threads is solved again
# alone (maps.c, solve_alone): the other threads finish theirs and wait,
# and give back their searches' memory.  With any one allocation of the
# solves failing (PF_FAIL_IN), -j 2 and (every third) -j 3 print what
# -j 1 prints without one, and with all from one on failing (every
# fourth), every map is its own error; no race either way.
@test "races: a map stream's solve out of memory, solved again alone" {
	local n j st want count
	export PF_FAIL_IN=search.c,openlist.c,jps.c,viz.c,out.c
	want=0
	"$PATHFIND" -j 1 -f moves "$d/small.txt" >"$t/want" 2>"$t/want.err" || want=$?
	[ "$want" -eq 2 ]	# (its bad map)
	PF_INJECT_REPORT=1 "$TSAN_BIN" -j 2 -f moves "$d/small.txt" >/dev/null 2>"$t/err" || true
	[[ "$(<"$t/err")" =~ inject:\ ([0-9]+)\ allocations ]] || { cat "$t/err"; return 1; }
	count=${BASH_REMATCH[1]}
	[ "$count" -gt 6 ]
	for ((n = 1; n <= count; n++)); do
		for j in 2 3; do
			[ "$j" -eq 2 ] || [ $((n % 3)) -eq 0 ] || continue
			st=0
			PF_FAIL_ALLOC=$n "$TSAN_BIN" -j $j -f moves "$d/small.txt" >"$t/got" 2>"$t/err" || st=$?
			! grep -q ThreadSanitizer "$t/err" || { echo "PF_FAIL_ALLOC=$n -j $j:"; cat "$t/err"; return 1; }
			[ "$st" -eq 2 ] && [ "$(<"$t/err")" = "pathfind: out of memory" ] && continue	# set-up
			# the set-up's own, for fewer threads: said, and the run goes on
			sed -i '1{/^pathfind: -j [23] reduced to [12]: out of memory$/d}' "$t/err"
			[ "$st" -eq "$want" ] && cmp -s "$t/want" "$t/got" && cmp -s "$t/want.err" "$t/err" ||
			    { echo "PF_FAIL_ALLOC=$n of $count -j $j: exit $st"; head -n 5 "$t/err"; return 1; }
		done
		[ $((n % 4)) -eq 1 ] || continue
		st=0
		PF_FAIL_ALLOC=$n+ "$TSAN_BIN" -j 2 -f moves "$d/small.txt" >/dev/null 2>"$t/err" || st=$?
		! grep -q ThreadSanitizer "$t/err" || { echo "PF_FAIL_ALLOC=$n+:"; cat "$t/err"; return 1; }
		[ "$st" -eq 2 ] || { echo "PF_FAIL_ALLOC=$n+: exit $st"; return 1; }
	done
	echo "# $count allocations" >&3
}
