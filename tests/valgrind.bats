#!/usr/bin/env bats
# valgrind memcheck over the samples and scenario batches: no memory error
# and no leak of any kind (everything pathfind allocates is freed before a
# normal exit).  Skipped when valgrind is missing, and under make sanitize
# (an ASan binary cannot run under valgrind).

load common

VG=(valgrind -q --error-exitcode=99 --leak-check=full --show-leak-kinds=all
    --errors-for-leak-kinds=all --track-fds=no)

setup() {
	command -v valgrind >/dev/null || skip "valgrind not installed"
	[ -z "${PF_SANITIZED:-}" ] || skip "an ASan build cannot run under valgrind"
}

# vg ARGS...: pathfind under memcheck from the top of the tree; fails on
# any valgrind report, shows it, and leaves the status in $status.
vg() {
	run --separate-stderr bash -c 'cd "$0" && exec "$@"' "$root" "${VG[@]}" "$PATHFIND" "$@"
	if [ "$status" -eq 99 ] || [[ "$stderr" == *"=="[0-9]*"=="* ]]; then
		echo "valgrind: pathfind $*"
		printf '%s\n' "$stderr" | head -n 40
		return 1
	fi
}

@test "valgrind: the samples in every format, with good and bad maps" {
	local bad=$BATS_TEST_TMPDIR/bad.txt
	printf 'A.B\n\nA?B\n..\n\ntype octile\nheight 1\n\nA#B\n\n.A..\n.##.\n..9B\n' >"$bad"
	vg -s --color=always samples/tutorial.txt samples/maze.txt samples/multi.txt \
	    samples/multigoal.txt samples/nopath.txt samples/terrain.txt "$bad" tests/data/crlf.txt \
	    tests/data/ragged.txt nosuch.txt - <"$root/samples/terrain.txt"
	[ "$status" -eq 2 ]
	vg -f json -d always -c 10,14 -a dijkstra -o quad-heap samples/maze.txt samples/multi.txt \
	    samples/multigoal.txt samples/nopath.txt samples/terrain.txt samples/tutorial.txt
	[ "$status" -eq 1 ]
	vg -f moves -d no-squeeze -H euclidean -w 1.5 -t fifo -o sorted-list \
	    samples/maze.txt samples/multi.txt samples/multigoal.txt samples/nopath.txt \
	    samples/terrain.txt samples/tutorial.txt
	[ "$status" -eq 1 ]
}

@test "valgrind: scenario batches on two threads, good and bad lines" {
	local map=$BATS_TEST_TMPDIR/rand.map scen=$BATS_TEST_TMPDIR/rand.map.scen
	# A 48x40 map with 25% obstacles, 400 scenarios, a few bad lines.
	random_scen 48 40 0.25 400 11 "$map" "$scen"
	printf '0\tr\t48\t40\t1\t1\n0\tr\t48\t40\t99\t1\t1\t1\t0\n' >>"$scen"
	vg -q -j 2 -w 1.5 -S "$scen"
	[ "$status" -eq 2 ]
	vg -f json -j 2 -S "$scen" "$map"
	[ "$status" -eq 3 ]	# the lengths are 0: every found path is a mismatch
	# --check of its answers, one of them cut short and one left over
	"$PATHFIND" -S "$scen" -f moves >"$BATS_TEST_TMPDIR/ans" 2>/dev/null || true
	{ sed '5s/ [^ ]*$//' "$BATS_TEST_TMPDIR/ans"; echo R1; } >"$BATS_TEST_TMPDIR/bad"
	vg -f json -j 2 -S "$scen" --check="$BATS_TEST_TMPDIR/bad"
	[ "$status" -eq 3 ]
	[[ "$output" == *'"check":"illegal"'* ]]
}

@test "valgrind: map streams on three threads, in-band errors, the JSON trace, images, limits" {
	local bad=$BATS_TEST_TMPDIR/bad.txt img=$BATS_TEST_TMPDIR/v.png
	printf 'A.B\n\nA?B\n\nA#B\n\n.A..\n.##.\n..9B\n' >"$bad"
	vg -j 3 -f json --trace samples/maze.txt "$bad" samples/multi.txt nosuch.txt
	[ "$status" -eq 2 ]
	vg -j 3 -f moves --image "$img" --nearest --max-expanded=30 samples/maze.txt "$bad" \
	    samples/nopath.txt samples/terrain.txt
	[ "$status" -eq 4 ]
	[ -s "$img" ]
}

@test "valgrind: -j 2's records in memory, their growth failing at each allocation in turn" {
	# A buffered record's stream (out.c, out_mem_open) whose buffer cannot
	# grow writes nothing: its write function returned -1 once, which
	# glibc's fwrite took as a count, reading past the row it was given
	# (rows of 16,384 cells, written whole).  A build with the fault hooks
	# and no sanitizer, so that memcheck sees glibc's reads.
	local T=$BATS_TEST_TMPDIR n
	${CC:-cc} -std=c11 -pthread -O1 -g -D_POSIX_C_SOURCE=200809L -DVERSION='"t"' \
	    -include "$root/tests/fault/inject.h" -o "$T/fault" "$root"/src/*.c "$root/tests/fault/inject.c"
	awk 'BEGIN { r = "A"; for (x = 1; x < 16383; x++) r = r "."; r = r "B"; print r; print ""; print r }' >"$T/rows.txt"
	for n in $(seq 24 38); do
		run --separate-stderr env PF_FAIL_ALLOC="$n" "${VG[@]}" "$T/fault" -j 2 "$T/rows.txt"
		if [ "$status" -eq 99 ] || [[ "$stderr" == *"=="[0-9]*"=="* ]]; then
			echo "PF_FAIL_ALLOC=$n:"; printf '%s\n' "$stderr" | head -n 30
			return 1
		fi
		# the whole result, or the map's error: never a record cut short
		[ "$status" -eq 0 ] || [ "$status" -eq 2 ]
		[ "$status" -eq 0 ] || [[ "$stderr" == *"out of memory"* ]]
	done
}
