#!/usr/bin/env bats
# --nearest (the path to the reachable cell nearest a goal when no goal is
# reachable) and --max-expanded (a bound on the work of a search).

load common

# nearest_of FILE: one line a map from pathfind's JSON Lines, in the form
# `brute nearest` prints: "map K: found" or "map K: nearest X Y cost C".
nearest_of() {
	awk '{ n++
		if ($0 ~ /"found":true/) { print "map " n ": found"; next }
		if (!match($0, /"nearest":\{"cell":\[[0-9]+,[0-9]+\],"cost":[0-9.]+/)) { print "map " n ": ?"; next }
		s = substr($0, RSTART, RLENGTH); gsub(/"nearest":\{"cell":\[/, "", s); gsub(/\],"cost":/, " ", s)
		split(s, a, /[ ,]/); print "map " n ": nearest " a[1] " " a[2] " cost " a[3] }' "$1"
}

@test "--nearest: the cell and cost the brute-force solver finds, on random maps" {
	local T=$BATS_TEST_TMPDIR args n
	"$BRUTE" gen 17 300 >"$T/maps.txt"
	for args in "" "-d always" "-d no-corner-cut" "-d no-squeeze -c 10,14" "-a dijkstra -d always" \
	    "-c 3,4 -d always" "-d always -H euclidean -t fifo" "-d never -c 2,3 -t high-h"; do
		# shellcheck disable=SC2086
		"$PATHFIND" --nearest -f json $args "$T/maps.txt" >"$T/out.json" 2>/dev/null || [ $? -eq 1 ]
		nearest_of "$T/out.json" >"$T/got"
		# shellcheck disable=SC2086
		"$BRUTE" nearest "$T/maps.txt" -- $args >"$T/want"
		n=$(grep -c nearest "$T/want")
		[ "$n" -gt 20 ] || { echo "only $n unsolvable maps"; return 1; }
		diff "$T/want" "$T/got" || { echo "args: $args"; return 1; }
	done
}

# nearest_agree MAPS N ARGS...: --nearest ARGS names the brute-force
# solver's cell on each of the N maps of MAPS, none of which has a path
# (N -: of the maps without a path, however many; the others found).
nearest_agree() {
	local maps=$1 want=$2 n t=$BATS_TEST_TMPDIR
	shift 2
	"$PATHFIND" --nearest -f json "$@" "$maps" >"$t/out.json" 2>/dev/null || true
	nearest_of "$t/out.json" >"$t/got"
	"$BRUTE" nearest "$maps" -- "$@" >"$t/want"
	n=$(grep -c nearest "$t/want")
	[ "$want" = - ] || [ "$n" -eq "$want" ] || { echo "$n maps of $want with a nearest cell"; return 1; }
	diff "$t/want" "$t/got" || { echo "args: $*"; return 1; }
}

@test "--nearest with many goals out of reach: the brute-force solver's cell, every rule and costs" {
	# Goals by the dozen behind a wall, the start's side open or walled
	# in: each cell is measured against the goals' rows that could hold
	# its nearest (near_cell), not against every goal; D below S too
	# and above 2S (with Dijkstra: octile h overestimates there, and A*'s path costs are
	# not the least, nor the ties they break),
	# where a row's nearest goal lies t columns off, t its rows away.
	local T=$BATS_TEST_TMPDIR args n
	awk 'BEGIN { srand(7)
		for (m = 0; m < 60; m++) {
			w = 8 + int(rand() * 25); h = 4 + int(rand() * 20); c = 2 + int(rand() * (w - 4))
			ax = int(rand() * c); ay = int(rand() * h); p = 0.1 + rand() * 0.8
			for (y = 0; y < h; y++) { r = ""
				for (x = 0; x < w; x++)
					r = r (x == ax && y == ay ? "A" : x == c ? "#" : \
					    x > c && (rand() < p || (x == w - 1 && y == h - 1)) ? "B" : \
					    x < c && rand() < 0.15 ? "#" : ".")
				print r }
			print "" } }' >"$T/maps.txt"
	for args in "" "-d always" "-a dijkstra -d no-corner-cut -c 5,3" "-a dijkstra -d always -c 10,3" "-a dijkstra -d no-squeeze -c 2,5" "-d no-squeeze -c 10,14" \
	    "-d never -c 3,2" "-a dijkstra -d always -c 1,1"; do
		# shellcheck disable=SC2086
		nearest_agree "$T/maps.txt" 60 $args
	done
	# With D < S a goal t rows off is nearest t columns across, not
	# straight below: (0,0) is 3 diagonal steps from (3,3), 9, and 3
	# straight ones from (0,3), 30
	printf 'A.#...\n###...\n......\nB..B..\n' >"$T/nz.txt"
	nearest_agree "$T/nz.txt" 1 -d always -c 10,3
	[ "$(cat "$T/got")" = "map 1: nearest 0 0 cost 0" ]
}

@test "--nearest by the distance transform, where the goals' rows would cost more: the brute-force solver's cell" {
	# The start's side wide, a goal or more on nearly every row of a
	# strip behind the wall: the cells reached times the goals' rows pass
	# four times the grid's cells, and the distances come from near_dt
	# under -d never and wherever S <= D <= 2S (both bounds too), and
	# from two of near_dt_sum's with D below S or above 2S.
	local T=$BATS_TEST_TMPDIR args n
	awk 'BEGIN { srand(11)
		for (m = 0; m < 40; m++) {
			w = 20 + int(rand() * 30); h = 8 + int(rand() * 24); c = w - 2 - int(rand() * 4)
			ax = int(rand() * c); ay = int(rand() * h); p = 0.3 + rand() * 0.6
			for (y = 0; y < h; y++) { r = ""
				for (x = 0; x < w; x++)
					r = r (x == ax && y == ay ? "A" : x == c ? "#" : \
					    x > c && (rand() < p || y == h - 1) ? "B" : \
					    x < c && rand() < 0.1 ? "#" : ".")
				print r }
			print "" } }' >"$T/maps.txt"
	for args in "" "-d always" "-d no-corner-cut -c 10,14" "-d no-squeeze -c 1,1" \
	    "-a dijkstra -d always -c 1,2" "-d never -c 3,2" "-a dijkstra -d always -c 10,3" \
	    "-a dijkstra -d no-squeeze -c 2,5"; do
		# shellcheck disable=SC2086
		nearest_agree "$T/maps.txt" 40 $args
	done
	# 65,535 wide, the goals at the far end of every row: the distances
	# near 65,535 steps still fit (the sweeps once went through the border,
	# where a step more wrapped one to 0, and found (0,5) 2 steps from a
	# goal), and so do near_dt_sum's totals.  The cell is plain to see:
	# the last column reached, 5,535 from a goal on every row, and of
	# those A's own row, the cheapest to reach (the brute-force solver
	# takes a minute over this map).  But with D < S the farthest rows'
	# goals are nearer (7 diagonal steps in place of straight ones), and
	# of rows 0 and 7, row 0 is reached by 59,999 diagonal steps, row 7
	# only with a straight step among them.
	awk "$awk_rep"' BEGIN { o = rep(".", 60000); w = rep("#", 5534)
		for (y = 0; y < 8; y++) print (y == 3 ? "A" substr(o, 2) : o) w "B" }' >"$T/wide.txt"
	local want
	while IFS='|' read -r args want; do
		# shellcheck disable=SC2086
		"$PATHFIND" --nearest -f json $args "$T/wide.txt" >"$T/out.json" || [ $? -eq 1 ]
		[ "$(nearest_of "$T/out.json")" = "map 1: nearest 59999 $want" ] ||
		    { echo "$args: $(nearest_of "$T/out.json")"; return 1; }
	done <<-'EOF2'
	-d always|3 cost 59999
	-d never|3 cost 59999
	-d no-corner-cut -c 10,14|3 cost 599990
	-d always -c 1,3|3 cost 59999
	-a dijkstra -d always -c 10,3|0 cost 179997
	EOF2
}

@test "--nearest with D below S or above 2S, by two transforms: the brute-force solver's cell" {
	# There the distance is no path's cost, but the lesser of two that
	# are (near_dt_sum).  A goal or two on most rows of a strip behind the
	# wall, at random columns, and the column before the wall mostly
	# walled too, so that the nearest cell is often rows from its goal,
	# where the two transforms differ; the cells reached times the goals'
	# rows pass four times the grid's cells on 34 maps of the 40.
	local T=$BATS_TEST_TMPDIR args
	awk 'BEGIN { srand(13)
		for (m = 0; m < 40; m++) {
			w = 24 + int(rand() * 30); h = 10 + int(rand() * 24); r = 4 + int(rand() * 12); c = w - 1 - r
			ax = int(rand() * (c - 1)); ay = int(rand() * h)
			for (y = 0; y < h; y++) {
				g1 = rand() < 0.6 || y == h - 1 ? c + 1 + int(rand() * r) : -1
				g2 = rand() < 0.3 ? c + 1 + int(rand() * r) : -1
				row = ""
				for (x = 0; x < w; x++)
					row = row (x == ax && y == ay ? "A" : x == c ? "#" : \
					    x == g1 || x == g2 ? "B" : x < c && rand() < (x == c - 1 ? 0.7 : 0.1) ? "#" : ".")
				print row }
			print "" } }' >"$T/maps.txt"
	for args in "-a dijkstra -d always -c 10,3" "-a dijkstra -d no-squeeze -c 3,1" "-d no-corner-cut -c 2,5" \
	    "-a dijkstra -d always -c 1,3" "-a dijkstra -d no-squeeze -c 1.5,0.25"; do
		# shellcheck disable=SC2086
		nearest_agree "$T/maps.txt" 40 $args
	done
}

@test "--nearest: drawn and reported as partial, the same with every open list" {
	printf 'A.#..\n..#.B\n..#..\n' >"$BATS_TEST_TMPDIR/m.txt"
	run pf --nearest "$BATS_TEST_TMPDIR/m.txt"
	[ "$status" -eq 1 ]
	[ "$output" = $'A.#..\n**#.B\n..#..\nno path\nnearest: 1 1\ncost: 2\nsteps: 2\nexpanded: 6\ngenerated: 6\nupdated: 0' ]
	run pf --nearest -f moves "$BATS_TEST_TMPDIR/m.txt"
	[ "$output" = "D1 R1" ]
	run pf --nearest -f path -d always "$BATS_TEST_TMPDIR/m.txt"
	[ "$output" = $'0 0\n1 1' ]
	run pf --nearest -f json -d always "$BATS_TEST_TMPDIR/m.txt"
	[[ "$output" == *'"found":false,"cost":null,"steps":null,"start":[0,0],"goal":null,"path":[],"nearest":{"cell":[1,1],"cost":1.414214,"steps":1,"path":[[0,0],[1,1]]},'* ]]
	# --max-expanded=0 expands nothing: the start is the nearest cell reached
	run pf --nearest --max-expanded=0 -f json "$BATS_TEST_TMPDIR/m.txt"
	[ "$status" -eq 4 ]
	[[ "$output" == *'"path":[],"limited":true,"nearest":{"cell":[0,0],"cost":0,"steps":0,"path":[[0,0]]},"expanded":0,'* ]]
	# a map that is solved has "nearest":null, and is unchanged otherwise
	run pf --nearest -f json samples/tutorial.txt
	[[ "$output" == *'"nearest":null,'* ]]
	# every open list and -j 2, byte for byte, on random maps, some without a path
	"$BRUTE" gen 23 120 >"$BATS_TEST_TMPDIR/r.txt"
	run "$PATHFIND" --nearest -d always "$BATS_TEST_TMPDIR/r.txt"
	[ "$status" -eq 1 ]
	lists_agree --nearest -d always "$BATS_TEST_TMPDIR/r.txt"
	# JPS does not expand every reachable cell: refused
	run --separate-stderr pf --nearest -a jps samples/tutorial.txt
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "pathfind: --nearest cannot be used with -a jps" ]
}

# lists_agree ARGS...: pathfind ARGS gives the same bytes and status
# under every open list (step-queues where h = 0) and with -j 2.
lists_agree() {
	local t=$BATS_TEST_TMPDIR ol st st2 lists="binary-heap sorted-list unsorted-list quad-heap buckets"
	case " $* " in *" dijkstra "* | *" -H zero "*) lists="$lists step-queues" ;; esac
	st=0
	"$PATHFIND" "$@" >"$t/ref" 2>&1 || st=$?
	[ "$st" -le 4 ] && [ "$st" -ne 2 ] && [ "$st" -ne 3 ] || { echo "$*: exit $st"; head -3 "$t/ref"; return 1; }
	for ol in $lists -j2; do
		st2=0
		if [ "$ol" = -j2 ]; then
			"$PATHFIND" -j 2 "$@" >"$t/o" 2>&1 || st2=$?
		else
			"$PATHFIND" -o "$ol" "$@" >"$t/o" 2>&1 || st2=$?
		fi
		[ "$st2" = "$st" ] && cmp -s "$t/ref" "$t/o" ||
		    { echo "$* with $ol: exit $st2 against $st"; diff "$t/ref" "$t/o" | head; return 1; }
	done
}

@test "--nearest under every tie-break and heuristic: the brute-force solver's cell, every open list's bytes, -j 2's" {
	local T=$BATS_TEST_TMPDIR args
	"$BRUTE" gen 31 200 >"$T/maps.txt"
	# optimal settings: the cell is the one the solver finds, whatever
	# order the search takes them in
	for args in "-t lifo" "-H zero -t fifo" "-d never -H chebyshev -t high-h" "-d always -H euclidean -t lifo" \
	    "-d no-squeeze -H zero -t high-h -c 10,14" "-a dijkstra -d no-corner-cut -t lifo" \
	    "-d always -H octile -t fifo -c 1,2" "-d no-corner-cut -H chebyshev -t low-h -c 2.5,sqrt2"; do
		# shellcheck disable=SC2086
		nearest_agree "$T/maps.txt" - $args
		[ "$(grep -c nearest "$T/want")" -ge 10 ] || { echo "$args: too few maps without a path"; return 1; }
		# shellcheck disable=SC2086
		lists_agree --nearest -e $args "$T/maps.txt"
	done
	# weighted, not sure to be optimal: the same bytes however solved
	for args in "-w 2 -d always -H chebyshev" "-w 1.5 -t lifo" "-w 3 -d no-squeeze -H euclidean -t high-h -c 10,14"; do
		# shellcheck disable=SC2086
		lists_agree --nearest -e $args "$T/maps.txt"
	done
}

@test "--max-expanded on random maps: at most N expansions, every open list's bytes and -j 2's, with and without --nearest" {
	local T=$BATS_TEST_TMPDIR args n k
	"$BRUTE" gen 37 100 >"$T/maps.txt"
	for args in "-t lifo" "-d always -H euclidean -t high-h" "-a dijkstra -d no-corner-cut -t fifo" \
	    "-H zero -d no-squeeze -c 10,14" "-w 2 -d always" "-a jps -d always -t lifo"; do
		case $args in *jps*) tr 123456789 ......... <"$T/maps.txt" >"$T/m.txt" ;; *) cp "$T/maps.txt" "$T/m.txt" ;; esac
		for n in 0 1 3 40; do
			# shellcheck disable=SC2086
			lists_agree --max-expanded="$n" -e $args "$T/m.txt"
			# shellcheck disable=SC2086
			[[ $args == *jps* ]] ||	# (JPS refuses --nearest)
			    lists_agree --max-expanded="$n" --nearest $args "$T/m.txt"
			# shellcheck disable=SC2086
			k=$("$PATHFIND" --max-expanded="$n" -f json $args "$T/m.txt" |
			    awk -v n="$n" 'match($0, /"expanded":[0-9]+/) { e = substr($0, RSTART + 11, RLENGTH - 11) + 0
				if (e > n) bad++; if ($0 ~ /"limited":true/) lim++ }
			    END { print bad + 0, lim + 0 }') || true
			[ "${k% *}" -eq 0 ] || { echo "$args --max-expanded=$n: ${k% *} searches over"; return 1; }
			[ "$n" -gt 1 ] || [ "${k#* }" -ge 10 ] || { echo "$args --max-expanded=$n: only ${k#* } stopped"; return 1; }
		done
	done
}

# On a map past 32 MiB of nodes A*'s nodes are a sparse array, mapped 2
# MiB at a time as the search reaches them (pathfind(1), LIMITS), and
# --nearest looks at every cell's node, mapped or not.  2 MiB is no
# multiple of a node's 12 bytes: a node can have its g on a page the
# search mapped and its tag on the next, which it did not.  Taken as
# there, such a node was read across the boundary: this search, shut in
# a box in the map's first rows, crashed at the end of its second page.
@test "--nearest on a map past 32 MiB of nodes, searched in a corner: the cell the heap finds" {
	local d=$BATS_TEST_TMPDIR ol st
	awk 'BEGIN { n = 1700; for (y = 0; y < n; y++) { r = ""; for (x = 0; x < n; x++) { c = "."
		if ((x == 0 || x == 20) && y <= 20) c = "#"; if ((y == 0 || y == 20) && x <= 20) c = "#"
		if (x == 5 && y == 5) c = "A"; if (x == 1600 && y == 1600) c = "B"; r = r c }
		print r } }' >"$d/box.txt"
	for ol in buckets binary-heap; do
		st=0
		"$PATHFIND" --nearest -o "$ol" "$d/box.txt" >"$d/$ol" || st=$?
		[ "$st" -eq 1 ] || { echo "-o $ol: exit $st"; return 1; }
	done
	grep -qx 'nearest: 19 19' "$d/buckets"
	cmp "$d/buckets" "$d/binary-heap"
}

@test "--max-expanded: 0, 1, exactly the expansions needed, and more" {
	# the tutorial's map needs 12 expansions (the goal is taken off 13th)
	run pf --max-expanded=0 samples/tutorial.txt
	[ "$status" -eq 4 ]
	[[ "$output" == *$'stopped: --max-expanded reached, no goal yet\nexpanded: 0\ngenerated: 1\n'* ]]
	run pf --max-expanded=1 -f json samples/tutorial.txt
	[ "$status" -eq 4 ]
	[[ "$output" == *'"found":false,'*'"limited":true,"expanded":1,'* ]]
	run pf --max-expanded=11 samples/tutorial.txt
	[ "$status" -eq 4 ]
	[[ "$output" == *$'\nexpanded: 11\n'* ]]
	run pf --max-expanded=12 samples/tutorial.txt
	[ "$status" -eq 0 ]
	[ "$output" = "$(pf samples/tutorial.txt)" ]
	run pf --max-expanded=1000000 -f json samples/tutorial.txt
	[ "$status" -eq 0 ]
	[[ "$output" == *'"found":true,'*'"limited":false,"expanded":12,'* ]]
	# a map with no path is still "no path" when the search ends in time
	run pf --max-expanded=1000 samples/nopath.txt
	[ "$status" -eq 1 ]
	[[ "$output" == *$'no path\n'* ]]
	# with --nearest, the best partial path so far; the same for every list
	run pf --max-expanded=5 --nearest -f moves samples/tutorial.txt
	[ "$status" -eq 4 ]
	# the text says why it stopped, with the nearest cell reached
	run pf --max-expanded=2 --nearest samples/tutorial.txt
	[ "$status" -eq 4 ]
	[[ "$output" == *$'\nstopped: --max-expanded reached, no goal yet\nnearest: 2 2\ncost: 1\n'* ]]
	run pf --max-expanded=5 --nearest -f moves samples/tutorial.txt
	local want=$output ol
	for ol in binary-heap sorted-list unsorted-list quad-heap buckets; do
		run pf --max-expanded=5 --nearest -f moves -o "$ol" samples/tutorial.txt
		[ "$output" = "$want" ] || { echo "-o $ol: $output"; return 1; }
	done
	[ -n "$want" ]
	# JPS counts its jump points; it needs 4 (the goal taken off 5th), and
	# finds the path with exactly those, as A* does with its 12
	run pf -a jps --max-expanded=1 -f json samples/tutorial.txt
	[ "$status" -eq 4 ]
	[[ "$output" == *'"limited":true,"expanded":1,'* ]]
	run pf -a jps --max-expanded=3 -f json samples/tutorial.txt
	[ "$status" -eq 4 ]
	[[ "$output" == *'"limited":true,"expanded":3,'* ]]
	run pf -a jps --max-expanded=4 samples/tutorial.txt
	[ "$status" -eq 0 ]
	[ "$output" = "$(pf -a jps samples/tutorial.txt)" ]
	[[ "$output" == *$'\nexpanded: 4\n'* ]]
	# the trace says why it ended
	run pf --max-expanded=2 --trace samples/tutorial.txt
	[[ "$output" == *$'\nstep 3: --max-expanded reached: stopped\n'* ]]
	run pf --max-expanded=2 --trace -f json samples/tutorial.txt
	[[ "$output" == *$'\n{"trace":"limit","step":3}\n'* ]]
}

@test "--max-expanded: the summary counts it; worst status wins; bad values" {
	run --separate-stderr pf -s --max-expanded=3 samples/tutorial.txt samples/nopath.txt
	[ "$status" -eq 4 ]
	[ "${stderr_lines[-1]}" = "pathfind: summary: maps=2 solved=0 nopath=0 limited=2 errors=0 expanded=6" ]
	run --separate-stderr pf -q --max-expanded=3 samples/tutorial.txt nosuch.txt
	[ "$status" -eq 4 ]
	local v
	for v in -1 x 1.5 1000000000000000001 ""; do
		run --separate-stderr pf --max-expanded="$v" samples/tutorial.txt
		[ "$status" -eq 2 ] || { echo "value '$v'"; return 1; }
		[ "${stderr_lines[0]}" = "pathfind: --max-expanded: invalid value '$v' (a whole number of expansions from 0 to 10^18)" ]
	done
	run --separate-stderr pf --max-expanded=5 -S tests/data/tiny.map.scen
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "pathfind: --max-expanded cannot be used with -S" ]
}
