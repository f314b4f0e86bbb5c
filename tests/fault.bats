#!/usr/bin/env bats
# Faults: build/fault/pathfind fails its N-th allocation or its N-th read
# (tests/fault/inject.h); for every N over a representative batch each run
# must end cleanly: an "out of memory" (or "read error") diagnostic and
# exit status 2, or, once N is past the last one, exactly the normal
# output.  Never a crash, a sanitizer report, a leak or a hang.
#
# PF_FAULT_PATHFIND may name another build with the same hooks (make
# coverage uses its own); otherwise build/fault/pathfind is built here.

load common

setup_file() {
	export FAULT=${PF_FAULT_PATHFIND:-}
	if [ -z "$FAULT" ] && [ -z "${PF_SANITIZED:-}" ]; then
		make -s -C "$root" build/fault/pathfind >&2
		FAULT=$root/build/fault/pathfind
	fi
	# Leaks are found by inject.c itself (PF_INJECT_LEAKS, exit 97):
	# LeakSanitizer would cost a quarter of a second a run.
	export ASAN_OPTIONS=detect_leaks=0:exitcode=99 PF_INJECT_LEAKS=1
	export UBSAN_OPTIONS=halt_on_error=1:exitcode=98:print_stacktrace=1
	local d=$BATS_FILE_TMPDIR
	printf 'A.B\n\nA?B\n..\n\ntype octile\nheight 1\n\nA#B\n\n.A..\n.##.\n..9B\n' >"$d/bad.txt"
	printf 'A.B\n\nA?B\n...\n\ntype octile\nheight 2\nwidth 3\nmap\n...\n.@.\n\n.A.\n#.#\n.B.\n' >"$d/mixed.txt"
	# 400x100, 25% walls: JPS's search writes more than 515 of its 641
	# pages, so its pool of 258 blocks grows twice (jps_grow): to 516, and
	# to 642, a block a page and the spare
	awk 'BEGIN { s = 7; for (y = 0; y < 100; y++) { r = ""; for (x = 0; x < 400; x++) {
		s = (s * 1103515245 + 12345) % 2147483648
		c = s / 2147483648 < 0.25 ? "#" : "."
		if (x == 0 && y == 0) c = "A"; if (x == 399 && y == 99) c = "B"; r = r c }
		print r } }' >"$d/grow.txt"
	printf 'version 1\n0\tm\t8\t6\t0\t0\t1\t0\t1\n0\tm\t8\t6\t0\t0\t1\n0\tm\t8\t6\t3\t3\t2\t4\t2\n0\tm\t8\t6\t9\t0\t1\t0\t1\n' >"$d/few.scen"
}

# slurp FILE: the file's contents into $REPLY, without a fork.
slurp() {
	REPLY=
	IFS= read -r -d '' REPLY <"$1" || true
}

# The maps= count of a --summary line in $1, or nothing.
summary_maps() {
	if [[ "$1" =~ pathfind:\ summary:\ maps=([0-9]+) ]]; then
		echo "${BASH_REMATCH[1]}"
	fi
}

# sweep ARGS...: the baseline, then every N from 1 to one past the count,
# failing the N-th allocation alone ($MODES has "1") and the N-th and all
# later ones ("+").  With $SAME_MAPS set (one operand and -s), a lone
# failure costs no map its outcome: the summary counts every map, unless
# the stream could not be read at all (one error, without a position).  With -j the
# count varies with the threads' timing: there a run may also come out
# exactly like the baseline; so may it with $FALLBACK set, for runs
# where an allocation's failure is met another way.  (No `run` in the
# loop: it costs more than the program.)
sweep() {
	local base_out base_st base_maps count n st mode maps out err lenient=0 runs=0
	local t=$BATS_TEST_TMPDIR
	[[ " $* " != *" -j "* ]] && [ -z "${FALLBACK:-}" ] || lenient=1
	(cd "$root" && PF_INJECT_REPORT=1 exec timeout 30 "$FAULT" "$@") >"$t/out" 2>"$t/err" && st=0 || st=$?
	base_st=$st
	slurp "$t/out"; base_out=$REPLY
	slurp "$t/err"; err=$REPLY
	[ "$base_st" -lt 4 ] || { echo "baseline: status $base_st: $err"; return 1; }
	[[ "$err" =~ inject:\ ([0-9]+)\ allocations,\ [0-9]+\ reads,\ [0-9]+\ mmaps\ at\ an\ address$'\n'$ ]] || { echo "no count: $err"; return 1; }
	count=${BASH_REMATCH[1]}
	[ "$count" -gt 0 ]
	base_maps=$(summary_maps "$err")
	for ((n = 1; n <= count + 1; n++)); do
		for mode in ${MODES:-1 +}; do
			[ "$mode" = 1 ] && mode=""
			runs=$((runs + 1))
			(cd "$root" && PF_FAIL_ALLOC=$n$mode exec timeout 30 "$FAULT" "$@") >"$t/out" 2>"$t/err" && st=0 || st=$?
			slurp "$t/out"; out=$REPLY
			slurp "$t/err"; err=$REPLY
			if [[ "$err" == *"Sanitizer"* || "$err" == *"runtime error"* || "$err" == *"never freed"* ]]; then
				echo "PF_FAIL_ALLOC=$n$mode $*: status $st:"; echo "$err"; return 1
			fi
			if [ "$st" -eq 2 ] && [[ "$err" == *"out of memory"* ]]; then
				if [ -n "${SAME_MAPS:-}" ] && [ -z "$mode" ]; then
					maps=$(summary_maps "$err")
					if [ -n "$maps" ] && [ "$maps" != "$base_maps" ] &&
					    ! { [ "$maps" = 1 ] && [[ "$err" =~ pathfind:\ [^:]+:\ out\ of\ memory ]]; }; then
						echo "PF_FAIL_ALLOC=$n $*: maps=$maps, baseline maps=$base_maps"
						echo "$err"; return 1
					fi
				fi
				continue
			fi
			if { [ "$n" -gt "$count" ] || [ "$lenient" -eq 1 ]; } &&
			    [ "$st" -eq "$base_st" ] && [ "$out" = "$base_out" ]; then
				continue
			fi
			echo "PF_FAIL_ALLOC=$n$mode (of $count) $*: status $st (baseline $base_st)"
			echo "$err" | head -n 20
			return 1
		done
	done
	echo "# $*: $count allocations, $runs runs" >&3
}

@test "allocation failures: ASCII maps, a bad map, JSON" {
	[ -n "$FAULT" ] || skip "make test runs this (no sanitizer build inside make sanitize)"
	SAME_MAPS=1 MODES=1 sweep -s "$BATS_FILE_TMPDIR/bad.txt"
	MODES=1 sweep -f json -d always -c 10,14 samples/tutorial.txt samples/multi.txt samples/multigoal.txt
}

@test "allocation failures: MovingAI scenario batches, -j 2" {
	[ -n "$FAULT" ] || skip "make test runs this (no sanitizer build inside make sanitize)"
	MODES=1 sweep -S tests/data/tiny.map.scen -j 2
	sweep -f json -S "$BATS_FILE_TMPDIR/few.scen" tests/data/tiny.map
}

# --nearest's distances come from the goals' rows, or from a transform
# of every cell where the rows would cost more (search.c, nearest), and
# without the memory for a transform from the rows: the same output.  On
# this map the cells reached times the goals' rows pass four times the
# map's cells: near_dt under -d always, the two of near_dt_sum with
# -c 10,3 and -c 1,3, and the rows when either's memory fails.
@test "allocation failures: --nearest, by the goals' rows and by each transform" {
	local d=$BATS_TEST_TMPDIR
	[ -n "$FAULT" ] || skip "make test runs this (no sanitizer build inside make sanitize)"
	awk 'BEGIN { for (y = 0; y < 12; y++) { r = ""
		for (x = 0; x < 20; x++) r = r (x == 0 && y == 0 ? "A" : x == 14 ? "#" : x == 15 + y % 5 ? "B" : ".")
		print r } }' >"$d/near.txt"
	FALLBACK=1 sweep --nearest -f json -d always "$d/near.txt"
	FALLBACK=1 sweep --nearest -f json -d always -c 10,3 "$d/near.txt"
	FALLBACK=1 sweep --nearest -a dijkstra -d no-squeeze -c 1,3 "$d/near.txt"
}

# The components' runs grow as they are found (map.c, grow_runs): on this
# map of 7,237 runs (with mawk's random numbers; other awks make others),
# past the 4,096 they start with, each growth fails in turn.  Only map.c's
# allocations are counted (PF_FAIL_IN): where the searches expand an
# eighth of the cells (gawk's map), the steps a cell allows are
# precomputed, and when that array cannot be had the search goes without
# it, the same output (search.c, moves_for): a failure that is no error.
@test "allocation failures: -S on a map whose components' runs outgrow their first room" {
	local d=$BATS_TEST_TMPDIR
	[ -n "$FAULT" ] || skip "make test runs this (no sanitizer build inside make sanitize)"
	random_scen 300 100 0.4 20 7 "$d/r.map" "$d/all.scen"
	# the queries that have a path, each with its cost as the length, so
	# that the batch's only failures are the ones the sweep makes
	run --separate-stderr "$PATHFIND" -S "$d/all.scen" "$d/r.map"
	{ echo "version 1"; awk -F'\t' 'NR > 1 && $7 != "-" { print $0 }' <<<"$output" |
	    head -n 3 | awk -F'\t' '{ printf "0\tr.map\t300\t100\t%s\t%s\t%s\t%s\t%s\n", $2, $3, $4, $5, $7 }'; } >"$d/r.map.scen"
	[ "$(wc -l <"$d/r.map.scen")" -eq 4 ]
	PF_FAIL_IN=map.c MODES=1 sweep -q -S "$d/r.map.scen"
}

@test "-S -j 2: a thread out of memory gives its work back; with none left, one error" {
	[ -n "$FAULT" ] || skip "make test runs this (no sanitizer build inside make sanitize)"
	local t=$BATS_TEST_TMPDIR n count st out err
	# 96 scenarios, every one solvable, with its published length
	for n in $(seq 16); do grep -v '^version' "$root/tests/data/tiny.map.scen"; done >"$t/b.scen"
	(cd "$root" && PF_INJECT_REPORT=1 "$FAULT" -q -j 2 -S "$t/b.scen" tests/data/tiny.map) 2>"$t/err"
	[[ "$(cat "$t/err")" == *"scenarios=96 mismatches=0 nopath=0 errors=0 "* ]]
	[[ "$(cat "$t/err")" =~ inject:\ ([0-9]+)\ allocations ]]
	count=${BASH_REMATCH[1]}
	for ((n = 1; n <= count; n++)); do
		# one allocation fails: after set-up, every scenario is still solved
		(cd "$root" && PF_FAIL_ALLOC=$n exec "$FAULT" -q -j 2 -S "$t/b.scen" tests/data/tiny.map) \
		    2>"$t/err" && st=0 || st=$?
		err=$(cat "$t/err")
		if [[ "$err" == *"scenarios="* ]]; then
			[[ "$err" == *"scenarios=96 mismatches=0 nopath=0 errors=0 "* ]] ||
			    { echo "PF_FAIL_ALLOC=$n: $err"; return 1; }
			[ "$st" -eq 0 ]
		else
			[ "$st" -eq 2 ] && [[ "$err" == *"out of memory"* ]]	# set-up failed
		fi
		# every later one fails too: one error, never one per scenario
		(cd "$root" && PF_FAIL_ALLOC=$n+ exec "$FAULT" -q -j 2 -S "$t/b.scen" tests/data/tiny.map) \
		    2>"$t/err" && st=0 || st=$?
		[ "$(grep -c 'out of memory' "$t/err")" -le 1 ] || { echo "PF_FAIL_ALLOC=$n+:"; cat "$t/err"; return 1; }
	done
	# with --check: a batch stopped short leaves answers, which are not
	# "more answers than scenarios" (a review found that said too)
	"$PATHFIND" -S "$t/b.scen" -f moves "$root/tests/data/tiny.map" >"$t/ans" 2>/dev/null
	for ((n = 1; n <= count + 8; n++)); do
		(cd "$root" && PF_FAIL_ALLOC=$n+ exec "$FAULT" -q -j 2 -S "$t/b.scen" --check="$t/ans" \
		    tests/data/tiny.map) 2>"$t/err" && st=0 || st=$?
		! grep -q 'more answers' "$t/err" || { echo "PF_FAIL_ALLOC=$n+:"; cat "$t/err"; return 1; }
		[ "$(grep -c 'out of memory' "$t/err")" -le 1 ] || { echo "PF_FAIL_ALLOC=$n+:"; cat "$t/err"; return 1; }
		[ "$st" -eq 0 ] || [[ "$(cat "$t/err")" == *"out of memory"* ]]
	done
}

# -S -j 2 where both threads run out of memory at their first search (the
# first allocation of each one's open list, openlist.c's first and
# second): the calling thread tries the scenarios given back, and those
# no thread took, again alone, with the others' memory given back, as -j
# 1 would.  Before, the batch stopped at its first scenario.
@test "-S -j 2: with no thread left, the calling one tries again alone" {
	[ -n "$FAULT" ] || skip "make test runs this (no sanitizer build inside make sanitize)"
	local t=$BATS_TEST_TMPDIR n
	for n in $(seq 16); do grep -v '^version' "$root/tests/data/tiny.map.scen"; done >"$t/b.scen"
	"$PATHFIND" -f moves -S "$t/b.scen" "$root/tests/data/tiny.map" >"$t/want" 2>/dev/null
	run --separate-stderr env PF_FAIL_IN=openlist.c PF_FAIL_ALLOC=1-2 PF_INJECT_LEAKS=1 \
	    "$FAULT" -j 2 -f moves -S "$t/b.scen" "$root/tests/data/tiny.map"
	[ "$status" -eq 0 ]
	[ "$output" = "$(cat "$t/want")" ]
	[ "${stderr_lines[0]}" = "pathfind: 2 of 2 threads ran out of memory for a search on this map; the batch goes on with 1" ]
	[[ "${stderr_lines[1]}" == *": scenarios=96 mismatches=0 nopath=0 errors=0 "* ]]
	[ "${#stderr_lines[@]}" -eq 2 ]
	# where the try alone runs out too: the batch's one error
	run --separate-stderr env PF_FAIL_IN=openlist.c PF_FAIL_ALLOC=1-3 PF_INJECT_LEAKS=1 \
	    "$FAULT" -j 2 -f moves -S "$t/b.scen" "$root/tests/data/tiny.map"
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "pathfind: $t/b.scen:1:1: out of memory: no thread can hold a search on this map; the batch stops" ]
	[ "${#stderr_lines[@]}" -eq 2 ]
}

# -j N takes the slots of its maps in flight up front, 4 batches of 64
# maps a thread (-j 4: 1,024 slots, 984 bytes each): without the memory
# for them, fewer threads, down to -j 1's one, each reduction said.  The
# run stopped at once before, 'pathfind: out of memory' and nothing else.
@test "-j N without the memory for N threads' slots: fewer threads, -j 1's output" {
	[ -n "$FAULT" ] || skip "make test runs this (no sanitizer build inside make sanitize)"
	local args st want n m
	for args in "-e samples/multi.txt samples/maze.txt" "-f json samples/multigoal.txt samples/nopath.txt"; do
		want=0
		(cd "$root" && "$PATHFIND" $args) >"$BATS_TEST_TMPDIR/want" 2>/dev/null || want=$?
		# maps.c's allocations: the workers (1), the slots (2), then -j
		# 2's workers (3); with every one from the second on failing,
		# set-up fails at -j 1 too: the run's one error
		for n in 2 2-3 2+; do
			st=0
			(cd "$root" && PF_FAIL_IN=maps.c PF_FAIL_ALLOC=$n PF_INJECT_LEAKS=1 exec "$FAULT" -j 4 $args) \
			    >"$BATS_TEST_TMPDIR/got" 2>"$BATS_TEST_TMPDIR/err" || st=$?
			if [ "$n" = 2+ ]; then
				[ "$st" -eq 2 ] && [ "$(cat "$BATS_TEST_TMPDIR/err")" = "pathfind: out of memory" ] ||
				    { echo "$args, $n: status $st"; cat "$BATS_TEST_TMPDIR/err"; return 1; }
				continue
			fi
			[ "$st" -eq "$want" ] || { echo "$args, $n: status $st, not $want"; cat "$BATS_TEST_TMPDIR/err"; return 1; }
			cmp "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/got"
			[ "$(grep -c 'reduced to' "$BATS_TEST_TMPDIR/err")" -eq 1 ]
			m=1
			[ "$n" != 2 ] || m=2
			grep -qx "pathfind: -j 4 reduced to $m: out of memory" \
			    "$BATS_TEST_TMPDIR/err"
		done
	done
}

# A map stream under -j N: a map whose solve runs out of memory is solved
# again alone (maps.c, solve_alone), so that -j never decides whether a
# map fits.  With any one allocation of the solves failing (PF_FAIL_IN:
# the searches, the views, the records, but not the set-up's or the map
# reader's), the output is exactly the run's without one, in every mode
# that solves; with every allocation from one on failing, each map is its
# own error (retried alone, and failing there too), and nothing hangs,
# leaks or trips a sanitizer.  Before, each such map was an error.
@test "-j 2, a map stream: a solve out of memory is solved again alone, as with -j 1" {
	[ -n "$FAULT" ] || skip "make test runs this (no sanitizer build inside make sanitize)"
	local t=$BATS_TEST_TMPDIR n count st base_st args maps nmaps k
	local all="samples/tutorial.txt samples/multi.txt samples/multigoal.txt samples/maze.txt"
	(cd "$root" && "$PATHFIND" -f moves $all) >"$t/answers" || [ $? -eq 1 ]
	export PF_FAIL_IN=search.c,openlist.c,jps.c,viz.c,img.c,deflate.c,out.c,compare.c,check.c
	for args in "-f json" "-e" "--trace=open" "--scores -a dijkstra" "-a jps -o buckets -f path" \
	    "--compare=diagonal -q" "--check=$t/answers" "--image=$t/i.svg -f moves" "--image=$t/i.png -q"; do
		# (the views' traces of its 40,000 cells take seconds each; JPS
		# refuses terrain, and a trace that grows its list of the open
		# cells allocates for every few steps)
		maps=$all
		[[ "$args" == -f* ]] && maps="$all $BATS_FILE_TMPDIR/grow.txt"
		[[ "$args" == -a\ jps* ]] && maps="samples/tutorial.txt samples/maze.txt $BATS_FILE_TMPDIR/grow.txt"
		[[ "$args" == --trace* ]] && maps="samples/tutorial.txt samples/multigoal.txt"
		nmaps=$(cd "$root" && "$PATHFIND" -q -s $maps 2>&1 | sed -n 's/.* maps=\([0-9]*\) .*/\1/p')
		rm -f "$t"/i*.svg "$t"/i*.png
		(cd "$root" && PF_INJECT_REPORT=1 exec "$FAULT" -j 2 $args $maps) >"$t/base" 2>"$t/err" &&
		    base_st=0 || base_st=$?
		[ "$base_st" -le 1 ] || { echo "$args: status $base_st"; cat "$t/err"; return 1; }
		[[ "$(cat "$t/err")" =~ ^inject:\ ([0-9]+)\ allocations ]]
		count=${BASH_REMATCH[1]}
		[ "$count" -gt 2 ]
		cat "$t"/i*.svg "$t"/i*.png >"$t/base.svg" 2>/dev/null || true
		for ((n = 1; n <= count; n++)); do
			rm -f "$t"/i*.svg "$t"/i*.png
			(cd "$root" && PF_FAIL_ALLOC=$n exec timeout 60 "$FAULT" -j 2 $args $maps) \
			    >"$t/out" 2>"$t/err" && st=0 || st=$?
			# the set-up's own (search_new, viz_new): the run takes
			# fewer threads (said), or cannot start at all
			[ "$st" -eq 2 ] && [ "$(cat "$t/err")" = "pathfind: out of memory" ] && continue
			[ "$(cat "$t/err")" != "pathfind: -j 2 reduced to 1: out of memory" ] || : >"$t/err"
			cat "$t"/i*.svg "$t"/i*.png >"$t/out.svg" 2>/dev/null || true
			if [ "$st" -ne "$base_st" ] || [ -s "$t/err" ] || ! cmp -s "$t/out" "$t/base" ||
			    ! cmp -s "$t/out.svg" "$t/base.svg"; then
				echo "PF_FAIL_ALLOC=$n of $count, $args: status $st (baseline $base_st)"
				head -n 5 "$t/err"; return 1
			fi
		done
		for n in $((count / 2)) $((count * 3 / 4)); do
			(cd "$root" && PF_FAIL_ALLOC=$n+ PF_INJECT_LEAKS=1 exec timeout 60 "$FAULT" -s -j 2 $args $maps) \
			    >"$t/out" 2>"$t/err" && st=0 || st=$?
			[ "$st" -eq 2 ] || { echo "PF_FAIL_ALLOC=$n+ $args: status $st"; cat "$t/err"; return 1; }
			! grep -e Sanitizer -e 'runtime error' -e 'never freed' "$t/err"
			k=$(grep -c 'out of memory$' "$t/err")
			[ "$k" -ge 1 ] && [[ "$(tail -n 1 "$t/err")" == *" maps=$nmaps "* ]] ||
			    { echo "PF_FAIL_ALLOC=$n+ $args:"; cat "$t/err"; return 1; }
		done
		echo "# $args: $count allocations" >&3
	done
}

@test "-j 2, a stream of small maps: the records of a batch share one buffer" {
	[ -n "$FAULT" ] || skip "make test runs this (no sanitizer build inside make sanitize)"
	local t=$BATS_TEST_TMPDIR count
	awk 'BEGIN { for (i = 0; i < 2000; i++) print "A.B\n" }' >"$t/tiny.txt"
	# Each record of -j 2 waits in memory for its turn.  Each was a stream
	# of its own, its buffer allocated for it: 4,031 allocations for
	# these 2,000 maps.  Now a thread reads up to 64 small maps and writes
	# their records into one buffer; what it allocates is its maps' room,
	# kept from batch to batch, and a buffer a batch (726 here).
	(cd "$root" && PF_INJECT_REPORT=1 exec "$FAULT" -j 2 -f moves "$t/tiny.txt") >"$t/out" 2>"$t/err"
	[ "$(sort -u "$t/out")" = R2 ]
	[ "$(wc -l <"$t/out")" -eq 2000 ]
	[[ "$(cat "$t/err")" =~ ^inject:\ ([0-9]+)\ allocations ]]
	count=${BASH_REMATCH[1]}
	[ "$count" -lt 2000 ] || { echo "$count allocations for 2,000 maps"; return 1; }
}

@test "-j 2, small maps between large ones: a large map is read where a large one was" {
	[ -n "$FAULT" ] || skip "make test runs this (no sanitizer build inside make sanitize)"
	local t=$BATS_TEST_TMPDIR one two
	# 50 times a map of three cells, then one of 200x200
	awk 'BEGIN { for (k = 0; k < 50; k++) { print "A.B\n"
		for (y = 0; y < 200; y++) { r = ""
			for (x = 0; x < 200; x++) r = r (x == 0 && y == 0 ? "A" : x == 199 && y == 199 ? "B" : ".")
			print r }
		print "" } }' >"$t/mix.txt"
	# A batch goes on only while the next map is in the input's buffer,
	# whole, in 16 KiB, so a large map is always a batch's first, read
	# into the room its thread keeps for those: read after a small map
	# into a small map's room, each grew its own (1,135 allocations,
	# where -j 1 makes 38).
	(cd "$root" && PF_INJECT_REPORT=1 exec "$FAULT" -j 1 -q "$t/mix.txt") 2>"$t/err1"
	(cd "$root" && PF_INJECT_REPORT=1 exec "$FAULT" -j 2 -q "$t/mix.txt") 2>"$t/err2"
	[[ "$(cat "$t/err1")" =~ ^inject:\ ([0-9]+)\ allocations ]]
	one=${BASH_REMATCH[1]}
	[[ "$(cat "$t/err2")" =~ ^inject:\ ([0-9]+)\ allocations ]]
	two=${BASH_REMATCH[1]}
	[ "$two" -lt 200 ] || { echo "-j 2: $two allocations (-j 1: $one)"; return 1; }
}

@test "allocation failures: JPS with every open list it runs on, and under every diagonal rule" {
	[ -n "$FAULT" ] || skip "make test runs this (no sanitizer build inside make sanitize)"
	local ol
	# (-o step-queues refuses JPS before the search allocates anything)
	for ol in binary-heap sorted-list unsorted-list quad-heap buckets; do
		sweep -a jps -o "$ol" samples/tutorial.txt samples/multigoal.txt
		# the pool and the heaps' places growing in the middle of the search
		sweep -a jps -o "$ol" "$BATS_FILE_TMPDIR/grow.txt"
	done
	# and under the other diagonal rules, whose stop bitsets are built per rule
	for d in never no-squeeze always; do
		sweep -a jps -d "$d" samples/tutorial.txt samples/multigoal.txt
	done
}

# sweep_reads MAX ARGS...: reads of at most MAX bytes, and every one of
# them failing in turn: a "read error" diagnostic and exit 2 each time.
sweep_reads() {
	local max=$1 count n st out err base_out base_st t=$BATS_TEST_TMPDIR
	shift
	(cd "$root" && PF_READ_MAX=$max PF_INJECT_REPORT=1 exec timeout 30 "$FAULT" "$@") >"$t/out" 2>"$t/err" && st=0 || st=$?
	base_st=$st
	slurp "$t/out"; base_out=$REPLY
	slurp "$t/err"; err=$REPLY
	[[ "$err" =~ inject:\ [0-9]+\ allocations,\ ([0-9]+)\ reads,\ [0-9]+\ mmaps\ at\ an\ address$'\n'$ ]] || { echo "no count: $err"; return 1; }
	count=${BASH_REMATCH[1]}
	[ "$count" -gt 2 ]
	for ((n = 1; n <= count + 1; n++)); do
		(cd "$root" && PF_READ_MAX=$max PF_FAIL_READ=$n exec timeout 30 "$FAULT" "$@") >"$t/out" 2>"$t/err" && st=0 || st=$?
		slurp "$t/out"; out=$REPLY
		slurp "$t/err"; err=$REPLY
		if [[ "$err" == *"Sanitizer"* || "$err" == *"runtime error"* || "$err" == *"never freed"* ]]; then
			echo "PF_FAIL_READ=$n $*: status $st:"; echo "$err"; return 1
		fi
		if [ "$n" -le "$count" ] && [ "$st" -eq 2 ] &&
		    [[ "$err" =~ pathfind:\ [^:]+:[0-9]+:1:\ read\ error:\ Input/output\ error ]]; then
			continue
		fi
		if [ "$n" -gt "$count" ] && [ "$st" -eq "$base_st" ] && [ "$out" = "$base_out" ]; then
			continue
		fi
		echo "PF_FAIL_READ=$n (of $count) $*: status $st (baseline $base_st)"
		echo "$err" | head -n 20
		return 1
	done
	echo "# $*: $count reads of at most $max bytes" >&3
}

@test "read errors anywhere in a map stream, a MovingAI map and a scenario file" {
	[ -n "$FAULT" ] || skip "make test runs this (no sanitizer build inside make sanitize)"
	sweep_reads 5 -s "$BATS_FILE_TMPDIR/mixed.txt"
	sweep_reads 16 -S "$BATS_FILE_TMPDIR/few.scen" tests/data/tiny.map
}

# Under -j 2 the threads that would wait read the next small files ahead
# (maps.c, AHEAD).  A read or an allocation that fails there is not the
# run's error: the file is read again in its turn, where a failure is
# said as with -j 1.  So each run ends with a read error said, or out of
# memory, or exactly the output of the run without a failure.
@test "-j 2, small files read ahead: a read or an allocation failing there is met in turn" {
	[ -n "$FAULT" ] || skip "make test runs this (no sanitizer build inside make sanitize)"
	local t=$BATS_TEST_TMPDIR k n count st base_out base_st out err files=() seen=0
	for k in 0 1 2 3 4 5 6 7 8 9 10 11; do
		printf 'A.%s\n.B.\n' "$([ $((k % 4)) = 1 ] && echo '#' || echo .)" >"$t/m$k.txt"
		files+=("$t/m$k.txt")
	done
	(cd "$root" && PF_INJECT_REPORT=1 exec timeout 30 "$FAULT" -j 2 -f moves "${files[@]}") >"$t/out" 2>"$t/err" &&
	    base_st=0 || base_st=$?
	slurp "$t/out"; base_out=$REPLY
	slurp "$t/err"; err=$REPLY
	[[ "$err" =~ inject:\ [0-9]+\ allocations,\ ([0-9]+)\ reads ]] || { echo "no count: $err"; return 1; }
	count=${BASH_REMATCH[1]}
	[ "$count" -ge 24 ]	# two a file, at its turn or ahead of it
	for ((n = 1; n <= count + 1; n++)); do
		(cd "$root" && PF_FAIL_READ=$n exec timeout 30 "$FAULT" -j 2 -f moves "${files[@]}") >"$t/out" 2>"$t/err" &&
		    st=0 || st=$?
		slurp "$t/out"; out=$REPLY
		slurp "$t/err"; err=$REPLY
		if [[ "$err" == *"Sanitizer"* || "$err" == *"runtime error"* ]]; then
			echo "PF_FAIL_READ=$n: status $st:"; echo "$err"; return 1
		fi
		[ "$st" -eq 2 ] && [[ "$err" =~ ^pathfind:\ [^:]+:[0-9]+:1:\ read\ error:\ Input/output\ error$'\n'$ ]] && continue
		if [ "$st" -eq "$base_st" ] && [ "$out" = "$base_out" ] && [ -z "$err" ]; then
			[ "$n" -gt "$count" ] || seen=$((seen + 1))
			continue
		fi
		echo "PF_FAIL_READ=$n (of $count): status $st (baseline $base_st)"; echo "$err" | head -n 5
		return 1
	done
	# (reads ahead that failed, met by reading the file again; as many
	# as the threads' timing gives, and as a rule most of them)
	echo "# $count reads, $seen of them failing without an error" >&3
	PF_FAIL_IN=maps.c sweep -j 2 -f moves "${files[@]}"
}

# A thread reading a file ahead holds a descriptor for a moment, where
# -j 1 would hold none: an open in turn that finds none left (EMFILE)
# waits for the reads ahead to end, starts no other, and tries once more.
# PF_FAIL_OPEN=N fails the N-th open(2) alone: with -j 1 that is the
# file's error; with -j 2 no run has one, whichever open it was (one
# ahead is read again in its turn, one in turn is tried again).
@test "-j 2: an open that finds no descriptor left is tried again once none is read ahead" {
	[ -n "$FAULT" ] || skip "make test runs this (no sanitizer build inside make sanitize)"
	local t=$BATS_TEST_TMPDIR k n st base files=()
	# small files, read ahead, and between them larger ones, opened in turn
	awk 'BEGIN { for (y = 0; y < 150; y++) { r = ""; for (x = 0; x < 150; x++)
		r = r (x + y == 0 ? "A" : x + y == 298 ? "B" : "."); print r } }' >"$t/big.txt"
	for k in 0 1 2 3 4 5 6 7 8 9; do
		# (every fourth without a path: exit status 1)
		if [ $((k % 4)) -eq 1 ]; then printf 'A#B\n'; else printf 'A..\n.B.\n'; fi >"$t/m$k.txt"
		files+=("$t/m$k.txt")
		[ $((k % 3)) -ne 2 ] || files+=("$t/big.txt")
	done
	(cd "$root" && exec "$FAULT" -j 2 -f moves "${files[@]}") >"$t/base" 2>"$t/err" && st=0 || st=$?
	[ "$st" -eq 1 ]
	[ ! -s "$t/err" ]
	(cd "$root" && PF_FAIL_OPEN=3 exec "$FAULT" -j 1 -f moves "${files[@]}") >"$t/out" 2>"$t/err" && st=0 || st=$?
	[ "$st" -eq 2 ]
	grep -q 'm2.txt: cannot open: Too many open files' "$t/err"
	for ((n = 1; n <= 2 * ${#files[@]} + 1; n++)); do
		(cd "$root" && PF_FAIL_OPEN=$n exec timeout 30 "$FAULT" -j 2 -f moves "${files[@]}") >"$t/out" 2>"$t/err" &&
		    st=0 || st=$?
		if [ "$st" -ne 1 ] || [ -s "$t/err" ] || ! cmp -s "$t/out" "$t/base"; then
			echo "PF_FAIL_OPEN=$n: status $st"; head -n 5 "$t/err"; return 1
		fi
	done
}

@test "-S: a read error part-way through the scenario file is counted in the summary" {
	[ -n "$FAULT" ] || skip "make test runs this (no sanitizer build inside make sanitize)"
	local t=$BATS_TEST_TMPDIR n st
	for n in 1 2 3 4 5; do grep -v '^version' "$root/tests/data/tiny.map.scen"; done >"$t/t.scen"
	for n in 5 6 7 8; do
		(cd "$root" && PF_READ_MAX=64 PF_FAIL_READ=$n exec "$FAULT" -q -S "$t/t.scen" tests/data/tiny.map) \
		    2>"$t/err" && st=0 || st=$?
		[ "$st" -eq 2 ]
		grep -q "^pathfind: $t/t.scen:[0-9]*:1: read error: Input/output error$" "$t/err"
		grep -q "^pathfind: $t/t.scen: scenarios=[0-9]* mismatches=0 nopath=0 errors=1 " "$t/err" ||
		    { echo "PF_FAIL_READ=$n:"; cat "$t/err"; return 1; }
	done
}

@test "a byte-order mark that comes a byte a read is still skipped; read errors in it too" {
	[ -n "$FAULT" ] || skip "make test runs this (no sanitizer build inside make sanitize)"
	local f=$BATS_TEST_TMPDIR/bom.txt max
	printf '\xef\xbb\xbfA.B\n' >"$f"
	for max in 1 2; do
		run --separate-stderr env PF_READ_MAX=$max "$FAULT" "$f"
		[ "$status" -eq 0 ] || { echo "PF_READ_MAX=$max: $stderr"; return 1; }
		[ "${lines[0]}" = "A*B" ]
	done
	# two bytes of a mark and the end: not a mark
	printf '\xef\xbb' >"$f.part"
	run --separate-stderr env PF_READ_MAX=1 "$FAULT" "$f.part"
	[ "$status" -eq 2 ]
	[ "$stderr" = "pathfind: $f.part:1:1: unknown character 0xef (allowed: A B # . space 1-9)" ]
	sweep_reads 1 -s "$f"
}

@test "allocation failures and read errors: --check, the answers in every format" {
	[ -n "$FAULT" ] || skip "make test runs this (no sanitizer build inside make sanitize)"
	local f d=$BATS_TEST_TMPDIR
	# One operand: an input that cannot be read at all takes one answer,
	# as it has one error record, and the answers of its other maps would
	# then go to the next operand's.
	(cd "$root" && cat samples/tutorial.txt && echo && cat samples/multi.txt && echo &&
	    cat samples/multigoal.txt) >"$d/maps.txt"
	for f in moves path json; do
		"$PATHFIND" -f "$f" -d always -c 10,14 "$d/maps.txt" >"$d/answers.$f" || true
		sweep -f json -d always -c 10,14 --check="$d/answers.$f" "$d/maps.txt"
		sweep_reads 9 -d always -c 10,14 --check="$d/answers.$f" "$d/maps.txt"
	done
	# a read error in the answer of a bad map is said too (its record is
	# the map's own error)
	printf 'A.B\n\nA?B\n' >"$d/badlast.txt"
	printf 'R2\nerror\n' >"$d/badlast.moves"
	sweep_reads 3 --check="$d/badlast.moves" "$d/badlast.txt"
	# -S --check: the answers of a scenario batch with bad lines, one
	# answer unreadable and one left over (few scenarios: no precomputed
	# moves, whose failing is no error)
	(cd "$root" && "$PATHFIND" -S "$BATS_FILE_TMPDIR/few.scen" -f moves tests/data/tiny.map 2>/dev/null || true
	    echo R1) | sed '3s/.*/R2 Q1/' >"$d/scen.moves"
	[ "$(tr '\n' '|' <"$d/scen.moves")" = "R1|error|R2 Q1|error|R1|" ]
	sweep -f json -S "$BATS_FILE_TMPDIR/few.scen" --check="$d/scen.moves" tests/data/tiny.map
	sweep_reads 9 -S "$BATS_FILE_TMPDIR/few.scen" --check="$d/scen.moves" tests/data/tiny.map
	# a JSON answer of 390 KB: the line reader's buffer grows for it
	awk 'BEGIN { s = "A"; for (i = 0; i < 39998; i++) s = s "."; print s "B" }' >"$d/wide.txt"
	"$PATHFIND" -f json "$d/wide.txt" >"$d/wide.json"
	[ "$(wc -c <"$d/wide.json")" -gt 300000 ]
	MODES=1 sweep --check="$d/wide.json" "$d/wide.txt"
}

@test "fault injection: the hooks are inert unless asked for" {
	[ -n "$FAULT" ] || skip "make test runs this (no sanitizer build inside make sanitize)"
	run pf samples/multi.txt
	want=$output
	run bash -c 'cd "$1" && "$0" samples/multi.txt' "$FAULT" "$root"
	[ "$status" -eq 1 ]
	[ "$output" = "$want" ]
}

@test "-S lists no path, so no allocation grows with one: A*, Dijkstra and JPS" {
	[ -n "$FAULT" ] || skip "make test runs this (no sanitizer build inside make sanitize)"
	local d=$BATS_TEST_TMPDIR a one two
	# a corridor 2,000 cells long: a query of 1 step, then one of 1,999
	awk 'BEGIN { print "type octile\nheight 3\nwidth 2000\nmap"
		for (i = 0; i < 2000; i++) { w = w "@"; f = f "." }
		print w; print f; print w }' >"$d/corridor.map"
	printf 'version 1\n0\tc\t2000\t3\t0\t1\t1\t1\t1\n' >"$d/one.scen"
	cp "$d/one.scen" "$d/two.scen"
	printf '0\tc\t2000\t3\t0\t1\t1999\t1\t1999\n' >>"$d/two.scen"
	for a in astar dijkstra jps; do
		run --separate-stderr env PF_INJECT_REPORT=1 "$FAULT" -a "$a" -S "$d/one.scen" "$d/corridor.map"
		[ "$status" -eq 0 ]
		[[ "$stderr" =~ inject:\ ([0-9]+)\ allocations ]]
		one=${BASH_REMATCH[1]}
		run --separate-stderr env PF_INJECT_REPORT=1 "$FAULT" -a "$a" -S "$d/two.scen" "$d/corridor.map"
		[ "$status" -eq 0 ]
		[[ "$stderr" == *" scenarios=2 mismatches=0 "* ]]
		[[ "$stderr" =~ inject:\ ([0-9]+)\ allocations ]]
		two=${BASH_REMATCH[1]}
		[ "$one" -eq "$two" ] || { echo "-a $a: $one allocations for one query, $two for two"; return 1; }
		# the formats that list the path still do: 1,999 steps, 2,000 cells
		run --separate-stderr env PF_INJECT_REPORT=1 "$FAULT" -a "$a" -f json -S "$d/two.scen" "$d/corridor.map"
		[ "$status" -eq 0 ]
		[[ "$output" == *"[1999,1]]"* ]]
		[[ "$stderr" =~ inject:\ ([0-9]+)\ allocations ]]
		[ "${BASH_REMATCH[1]}" -gt "$two" ]
	done
}

# A*'s and JPS's nodes on a map past 32 MiB of them are a sparse array
# (src/bigmem.h), whose pages are mapped at their places as the searches
# reach them.  Where something else lies at a page's place, the search
# runs again from the start on an ordinary array (search.c, search_run):
# the same output, never "out of memory".  PF_FAIL_FIXED=N fails the N-th
# mapping at a place of pathfind's choosing, so that every N, past the
# last one included, puts the failure somewhere else: the arrays' moves
# to a 2 MiB boundary (bigmem.c, map_aligned), the start's page, a page
# of A*'s rows around a node (nodes_around), a page of JPS's jump points
# (jps_node).  Without the runs again, 7 of A*'s 10 runs and 6 of JPS's 9
# came out as errors.
@test "a sparse array's page that cannot be mapped at its place: the search runs again, the same output" {
	[ -n "$FAULT" ] || skip "make test runs this (no sanitizer build inside make sanitize)"
	local d=$BATS_TEST_TMPDIR a n k
	corner_map 1700 "$d/m.map"
	corner_scen "$d/m.map.scen"
	for a in astar jps; do
		run --separate-stderr env PF_INJECT_REPORT=1 "$FAULT" -a "$a" -S "$d/m.map.scen"
		[ "$status" -eq 3 ]	# the published lengths are 0: mismatches
		[ "$(wc -l <<<"$output")" -eq 5 ]
		printf '%s\n' "$output" >"$d/want"
		[[ "$stderr" =~ inject:\ [0-9]+\ allocations,\ [0-9]+\ reads,\ ([0-9]+)\ mmaps ]]
		n=${BASH_REMATCH[1]}
		[ "$n" -ge 4 ]	# the start's page and more
		for ((k = 1; k <= n + 1; k++)); do
			run env PF_FAIL_FIXED="$k" "$FAULT" -a "$a" -S "$d/m.map.scen"
			[ "$status" -eq 3 ] || { echo "-a $a, mapping $k failed: $output"; return 1; }
			cmp -s <(grep -v '^pathfind: ' <<<"$output") "$d/want" ||
			    { echo "-a $a, mapping $k failed:"; diff <(grep -v '^pathfind: ' <<<"$output") "$d/want"; return 1; }
		done
	done
}

# No thread can be started (PF_FAIL_THREADS): the calling thread does the
# work, with -j 1's bytes, and gives back what the workers it set up
# hold.  (The map stream's teardown freed only the first worker's search
# and view: three blocks leaked with -j 4, six with -e.)
@test "-j 4 when no thread can be started: -j 1's output, nothing leaked, the reduction said" {
	[ -n "$FAULT" ] || skip "make test runs this (no sanitizer build inside make sanitize)"
	local args st want
	for args in "-e samples/multi.txt samples/maze.txt" "-f json samples/multigoal.txt" \
	    "-S tests/data/tiny.map.scen"; do
		want=0
		(cd "$root" && "$PATHFIND" $args) >"$BATS_TEST_TMPDIR/want" 2>/dev/null || want=$?
		st=0
		(cd "$root" && PF_FAIL_THREADS=1 PF_INJECT_LEAKS=1 exec "$FAULT" -j 4 $args) \
		    >"$BATS_TEST_TMPDIR/got" 2>"$BATS_TEST_TMPDIR/err" || st=$?
		[ "$st" -eq "$want" ] || { echo "$args: status $st, not $want"; cat "$BATS_TEST_TMPDIR/err"; return 1; }
		cmp "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/got"
		# said once, as the other reductions of -j are
		[ "$(grep -c 'reduced to' "$BATS_TEST_TMPDIR/err")" -eq 1 ]
		grep -qx 'pathfind: -j 4 reduced to 1: a thread could not be started: Resource temporarily unavailable' \
		    "$BATS_TEST_TMPDIR/err"
	done
}
