#!/usr/bin/env bats
# MovingAI maps and scenario batches (-S).

load common

tiny=tests/data/tiny.map

# rows_match_paths ALGO OPTS SCEN N MINFOUND: -S's text rows (no path
# listed) give the id, cost and steps that -f json gives with the path
# listed, for the N scenarios of SCEN, at least MINFOUND of them found.
rows_match_paths() {
	# shellcheck disable=SC2086
	"$PATHFIND" -a "$1" $2 -S "$3" >"$BATS_TEST_TMPDIR/rows" 2>/dev/null || true
	# shellcheck disable=SC2086
	"$PATHFIND" -a "$1" $2 -f json -S "$3" >"$BATS_TEST_TMPDIR/json" 2>/dev/null || true
	[ "$(wc -l <"$BATS_TEST_TMPDIR/rows")" -eq $(($4 + 1)) ]
	[ "$(wc -l <"$BATS_TEST_TMPDIR/json")" -eq "$4" ]
	awk -F'\t' 'NR > 1 { print $1, $7, $8 }' "$BATS_TEST_TMPDIR/rows" >"$BATS_TEST_TMPDIR/a"
	sed -n 's/.*"id":\([0-9]*\),.*"cost":\([0-9.]*\|null\),"steps":\([0-9]*\|null\),.*/\1 \2 \3/p' \
	    "$BATS_TEST_TMPDIR/json" | sed 's/null/-/g' >"$BATS_TEST_TMPDIR/b"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/b")" -eq "$4" ]
	[ "$(grep -c ' [0-9]*$' "$BATS_TEST_TMPDIR/b")" -ge "$5" ]	# nearly all found
	diff "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b"
}

@test "scenario batch: TSV golden output and a summary on stderr" {
	run --separate-stderr pf -S tests/data/tiny.map.scen
	[ "$status" -eq 0 ]
	diff -u "$root/tests/golden/scen-tiny.out" <(printf '%s\n' "$output")
	[[ "$stderr" =~ ^pathfind:\ tests/data/tiny.map.scen:\ scenarios=6\ mismatches=0\ nopath=0\ errors=0\ expanded=59\ time=[0-9.]+\ wall=[0-9.]+\ maxrss=[0-9]+$ ]]
}

@test "scenario batch: version 1.0 (spaces), explicit map operand, JSON golden" {
	run --separate-stderr pf -f json -S tests/data/spaces.scen "$tiny"
	[ "$status" -eq 0 ]
	diff -u "$root/tests/golden/scen-json.out" <(printf '%s\n' "$output")
}

@test "scenario lines from stdin, with or without the version line" {
	run --separate-stderr pf -S - "$tiny" < "$root/tests/data/tiny.map.scen"
	[ "$status" -eq 0 ]
	diff -u "$root/tests/golden/scen-tiny.out" <(printf '%s\n' "$output")
	run --separate-stderr pf -S - "$tiny" < <(tail -n +2 "$root/tests/data/tiny.map.scen")
	[ "$status" -eq 0 ]
	# the ids are line numbers, one less without the version line
	[ "${lines[1]}" = $'1\t0\t0\t1\t0\t1\t1\t1\t1\t4' ]
	[ "${#lines[@]}" -eq 7 ]
}

@test "-S FILE -: the map from standard input, which cannot hold both" {
	run --separate-stderr pf -S tests/data/tiny.map.scen - < "$root/$tiny"
	[ "$status" -eq 0 ]
	diff -u "$root/tests/golden/scen-tiny.out" <(printf '%s\n' "$output")
	# its errors name it as standard input, in the JSON record too
	run --separate-stderr pf -S tests/data/tiny.map.scen -f json - < <(head -n 6 "$root/$tiny")
	[ "$status" -eq 2 ]
	[[ "$output" == '{"source":"<stdin>","id":null,"line":'* ]]
	[[ "$stderr" == "pathfind: <stdin>:"*": map ends after "* ]]
	run --separate-stderr pf -S - - < "$root/$tiny"
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "pathfind: -S -: standard input cannot hold both the scenarios and the map" ]
}

@test "-S -f json: an error in the map, or a map that cannot be opened, names the map" {
	local d=$BATS_TEST_TMPDIR
	printf 'type octile\nheight 3\nwidth 4\nmap\n....\n..@.\n' >"$d/bad.map"
	printf 'version 1\n0\tx\t4\t3\t0\t0\t1\t1\t1.41421\n' >"$d/bad.map.scen"
	run --separate-stderr "$PATHFIND" -S "$d/bad.map.scen" -f json
	[ "$status" -eq 2 ]
	[ "$output" = '{"source":"'"$d"'/bad.map","id":null,"line":7,"column":1,"error":"map ends after 2 rows; height says 3"}' ]
	[ "$stderr" = "pathfind: $d/bad.map:7:1: map ends after 2 rows; height says 3" ]
	run --separate-stderr "$PATHFIND" -S "$d/bad.map.scen" -f json "$d/nosuch.map"
	[ "$status" -eq 2 ]
	[ "$output" = '{"source":"'"$d"'/nosuch.map","id":null,"line":null,"column":null,"error":"cannot open: No such file or directory"}' ]
	# a map beside the scenarios that is not there: the file that led to it
	mv "$d/bad.map.scen" "$d/gone.map.scen"
	run --separate-stderr "$PATHFIND" -S "$d/gone.map.scen" -f json
	[ "$status" -eq 2 ]
	[[ "$output" == '{"source":"'"$d"'/gone.map.scen","id":null,"line":null,"column":null,"error":"its map '* ]]
}

@test "-S on an ASCII map: its A and B are not needed" {
	local d=$BATS_TEST_TMPDIR
	printf '..#..\n..#..\n.....\n' >"$d/ascii.txt"
	printf 'version 1\n0\tx\t5\t3\t0\t0\t4\t0\t8\n' >"$d/ascii.scen"
	run --separate-stderr "$PATHFIND" -S "$d/ascii.scen" "$d/ascii.txt"
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "${lines[1]}" | cut -f 1-8)" = $'2\t0\t0\t4\t0\t8\t8\t8' ]
	[[ "$stderr" == *"scenarios=1 mismatches=0 nopath=0 errors=0 "* ]]
	# nor is one of each: two As and Bs are floor too, where they stopped the batch
	printf 'A.#.B\n..#..\nA...B\n' >"$d/ascii2.txt"
	run --separate-stderr "$PATHFIND" -S "$d/ascii.scen" "$d/ascii2.txt"
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "${lines[1]}" | cut -f 1-8)" = $'2\t0\t0\t4\t0\t8\t8\t8' ]
	[[ "$stderr" == *"scenarios=1 mismatches=0 nopath=0 errors=0 "* ]]
}

@test "-S - needs a map operand" {
	run --separate-stderr pf -S - < "$root/tests/data/tiny.map.scen"
	[ "$status" -eq 2 ]
	[ "$stderr" = "pathfind: <stdin>: cannot tell which map the scenarios are for: name the map file as an operand" ]
	# and a file named .scen alone, in a folder too: its map would be the folder
	mkdir "$BATS_TEST_TMPDIR/d"
	cp "$root/tests/data/tiny.map.scen" "$BATS_TEST_TMPDIR/d/.scen"
	run --separate-stderr pf -S "$BATS_TEST_TMPDIR/d/.scen"
	[ "$status" -eq 2 ]
	[ "$stderr" = "pathfind: $BATS_TEST_TMPDIR/d/.scen: cannot tell which map the scenarios are for: name the map file as an operand" ]
}

@test "-S: the scenarios and their map cannot both be standard input, by any name" {
	local d=$root/tests/data
	run --separate-stderr pf -S - - <"$d/tiny.map"
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "pathfind: -S -: standard input cannot hold both the scenarios and the map" ]
	# by another name, through a pipe and from a file: each line the file
	# on standard input, -S's scenarios, its map, and what is said
	local in scen map what
	while read -r in scen map what; do
		run --separate-stderr bash -c 'cat "$1" | "$0" -S "$2" "$3"' "$PATHFIND" "$d/$in" "$scen" "$map"
		[ "$status" -eq 2 ] || { echo "$scen $map: $status"; return 1; }
		[ "$stderr" = "pathfind: ${scen#-}${map#-}: it is standard input, which holds the $what" ]
		[ -z "$output" ]
		run --separate-stderr pf -S "$scen" "$map" <"$d/$in"
		[ "$status" -eq 2 ]
	done <<-'EOF2'
	tiny.map.scen /dev/stdin - map
	tiny.map.scen /dev/fd/0 - map
	tiny.map - /dev/stdin scenarios
	EOF2
	# each from a file, or one of them by its own name: solved
	run --separate-stderr pf -S "$d/tiny.map.scen" /dev/stdin <"$d/tiny.map"
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 7 ]
	run --separate-stderr pf -S /dev/stdin "$d/tiny.map" <"$d/tiny.map.scen"
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 7 ]
}

@test "a doctored published length is a mismatch: exit 3, the line named" {
	local f=$BATS_TEST_TMPDIR/bad.scen
	sed '4s/5.82843/5.82943/' "$root/tests/data/tiny.map.scen" >"$f"
	run --separate-stderr "$PATHFIND" -S "$f" "$root/$tiny"
	[ "$status" -eq 3 ]
	[ "${stderr_lines[0]}" = "pathfind: $f:4:1: mismatch: cost 5.828427, published 5.82943 (tolerance 5.82943e-05)" ]
	[[ "${stderr_lines[1]}" == *"scenarios=6 mismatches=1 "* ]]
	[[ "$output" == *$'\n5\t0\t4\t7\t0\t9.24264'* ]]	# the rest still ran
	# two decimals give a tolerance of 0.01, so 5.82 passes and 5.81 does not
	printf '0 m 8 6 3 2 7 5 5.82\n0 m 8 6 3 2 7 5 5.81\n' >"$f"
	run --separate-stderr "$PATHFIND" -S "$f" "$root/$tiny"
	[ "$status" -eq 3 ]
	[ "${stderr_lines[0]}" = "pathfind: $f:2:1: mismatch: cost 5.828427, published 5.81 (tolerance 0.01)" ]
	[ "${#stderr_lines[@]}" -eq 2 ]
}

@test "no optimality check when the configuration does not guarantee it" {
	local f=$BATS_TEST_TMPDIR/bad.scen
	sed '4s/5.82843/1/' "$root/tests/data/tiny.map.scen" >"$f"
	run --separate-stderr "$PATHFIND" -w 2 -S "$f" "$root/$tiny"
	[ "$status" -eq 0 ]
	[[ "$stderr" == *"mismatches=unchecked"* ]]
	# nor in JSON: "mismatch" is null where nothing was checked, not false
	run --separate-stderr "$PATHFIND" -w 2 -f json -S "$f" "$root/$tiny"
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | grep -c '"mismatch":null,')" -eq 6 ]
	run --separate-stderr "$PATHFIND" -f json -S "$f" "$root/$tiny"
	[ "$status" -eq 3 ]
	[ "$(printf '%s\n' "$output" | grep -c '"mismatch":false,')" -eq 5 ]
	[ "$(printf '%s\n' "$output" | grep -c '"mismatch":true,')" -eq 1 ]
}

@test "bad scenario lines are errors naming the line; the rest still run" {
	local f=$BATS_TEST_TMPDIR/errs.scen
	printf 'version 1\n0\tm\t8\t6\t0\t0\t1\t0\t1\n0\tm\t8\t6\t0\t0\t1\n0\tm\t8\t6\t9\t0\t1\t0\t1\n0\tm\t8\t6\t0\t0\t2\t1\t1\n0\tm\t8\t6\tx\t0\t1\t0\t1\n0\tm\t8\t6\t0\t0\t1\t0\tabc\n0\tm\t8\t6\t1\t0\t2\t0\t1\n' >"$f"
	run --separate-stderr "$PATHFIND" -S "$f" "$root/$tiny"
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "pathfind: $f:3:1: expected 9 fields, found 7" ]
	[ "${stderr_lines[1]}" = "pathfind: $f:4:1: start 9 0 is off the map (8x6)" ]
	[ "${stderr_lines[2]}" = "pathfind: $f:5:1: goal 2 1 is on a blocked cell" ]
	[ "${stderr_lines[3]}" = "pathfind: $f:6:9: bad start x (a whole number 0 to 65535)" ]
	[ "${stderr_lines[4]}" = "pathfind: $f:7:17: bad length (a decimal number)" ]
	[[ "${stderr_lines[5]}" == *"scenarios=2 mismatches=0 nopath=0 errors=5 "* ]]
	[ "${#lines[@]}" -eq 3 ]
	[[ "${lines[2]}" == 8$'\t'1$'\t'0* ]]
}

@test "a mismatch outranks an error in the exit status" {
	local f=$BATS_TEST_TMPDIR/both.scen
	printf '0\tm\t8\t6\t0\t0\t1\t0\t7\n0\tm\t8\t6\t0\t0\t1\n' >"$f"
	run "$PATHFIND" -q -S "$f" "$root/$tiny"
	[ "$status" -eq 3 ]
}

@test "type octile maps default to no-corner-cut; -d overrides" {
	run pf -S tests/data/tiny.map.scen
	[[ "$output" == *$'\t5.82843\t5.828427\t'* ]]
	run --separate-stderr pf -d never -S tests/data/tiny.map.scen
	[ "$status" -eq 3 ]	# 4-connected costs differ from the octile lengths
	[[ "$output" == *$'\t5.82843\t7\t7\t'* ]]
	run pf -f json -S tests/data/spaces.scen "$tiny"
	[[ "$output" == *'"diagonal":"no-corner-cut"'* ]]
}

@test "-j 2 gives output identical to -j 1" {
	local map=$BATS_TEST_TMPDIR/rand.map scen=$BATS_TEST_TMPDIR/rand.map.scen
	# A 96x80 map with 25% obstacles and 3000 scenarios between free cells.
	random_scen 96 80 0.25 3000 7 "$map" "$scen"
	"$PATHFIND" -w 1.5 -S "$scen" >"$BATS_TEST_TMPDIR/j1" 2>"$BATS_TEST_TMPDIR/e1" || true
	"$PATHFIND" -w 1.5 -j 2 -S "$scen" >"$BATS_TEST_TMPDIR/j2" 2>"$BATS_TEST_TMPDIR/e2" || true
	[ "$(wc -l <"$BATS_TEST_TMPDIR/j1")" -eq 3001 ]
	cmp "$BATS_TEST_TMPDIR/j1" "$BATS_TEST_TMPDIR/j2"
	diff <(sed 's/ time=.*//' "$BATS_TEST_TMPDIR/e1") <(sed 's/ time=.*//' "$BATS_TEST_TMPDIR/e2")
	"$PATHFIND" -f json -j 2 -S "$scen" >"$BATS_TEST_TMPDIR/k2" 2>/dev/null || true
	"$PATHFIND" -f json -S "$scen" >"$BATS_TEST_TMPDIR/k1" 2>/dev/null || true
	cmp "$BATS_TEST_TMPDIR/k1" "$BATS_TEST_TMPDIR/k2"
}

@test "-j 2 on a map of over 2 MiB of nodes, their pages past the last whole 2 MiB taken at once: the bytes of -j 1" {
	local map=$BATS_TEST_TMPDIR/big.map scen=$BATS_TEST_TMPDIR/big.map.scen a=0 b=0
	# 460x460: 462 x 462 padded cells, 2.44 MiB of nodes of 12 bytes, of
	# which a threaded search writes the last 0.44 MiB when it takes the
	# array (search.c, nodes_alloc); under make sanitize a write past it
	# fails.  The scenarios' lengths are 0, so every one is a mismatch
	# (exit 3).
	random_scen 460 460 0.25 200 11 "$map" "$scen"
	"$PATHFIND" -S "$scen" >"$BATS_TEST_TMPDIR/j1" 2>"$BATS_TEST_TMPDIR/e1" || a=$?
	"$PATHFIND" -j 2 -S "$scen" >"$BATS_TEST_TMPDIR/j2" 2>"$BATS_TEST_TMPDIR/e2" || b=$?
	[ "$a" -eq 3 ]
	[ "$b" -eq 3 ]
	[ "$(wc -l <"$BATS_TEST_TMPDIR/j1")" -eq 201 ]
	cmp "$BATS_TEST_TMPDIR/j1" "$BATS_TEST_TMPDIR/j2"
	a=0 b=0
	"$PATHFIND" -a dijkstra -S "$scen" >"$BATS_TEST_TMPDIR/d1" 2>/dev/null || a=$?
	"$PATHFIND" -a dijkstra -j 2 -S "$scen" >"$BATS_TEST_TMPDIR/d2" 2>/dev/null || b=$?
	[ "$a" -eq 3 ]
	[ "$b" -eq 3 ]
	[ "$(wc -l <"$BATS_TEST_TMPDIR/d1")" -eq 201 ]
	cmp "$BATS_TEST_TMPDIR/d1" "$BATS_TEST_TMPDIR/d2"
}

@test "scenario fields are checked: map size and a JSON-safe length" {
	local f=$BATS_TEST_TMPDIR/f.scen
	printf '0 m 8 7 0 0 1 0 1\n0 m 8 6 0 0 1 0 .5\n0 m 8 6 0 0 1 0 5.\n0 m 8 6 0 0 1 0 01\n0 m 8 6 0 0 1 0 1.0\n' >"$f"
	# a number too long to keep: what is wrong, and the limit
	printf '0 m 8 6 0 0 1 0 %s\n0 m 8 6 0 0 1 0 %s\n' 12345678901234567890123456789012345678901234 \
	    1.00000000000000000000000000000 >>"$f"
	run --separate-stderr "$PATHFIND" -f json -S "$f" "$root/$tiny"
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "pathfind: $f:1:1: scenario is for a 8x7 map; the map is 8x6" ]
	[ "${stderr_lines[1]}" = "pathfind: $f:2:17: bad length (a decimal number)" ]
	[ "${stderr_lines[2]}" = "pathfind: $f:3:17: bad length (a decimal number)" ]
	[ "${stderr_lines[3]}" = "pathfind: $f:4:17: bad length (a decimal number)" ]
	[ "${stderr_lines[4]}" = "pathfind: $f:6:17: bad length (44 characters; at most 31)" ]
	# one JSON object a scenario line: five errors and the two good ones
	[ "${#lines[@]}" -eq 7 ]
	[ "${lines[0]}" = '{"source":"'"$f"'","id":1,"line":1,"column":1,"error":"scenario is for a 8x7 map; the map is 8x6"}' ]
	[ "${lines[1]}" = '{"source":"'"$f"'","id":2,"line":2,"column":17,"error":"bad length (a decimal number)"}' ]
	[[ "${lines[4]}" == *'"id":5,'*'"length":1.0,'* ]]
	[ "${lines[5]}" = '{"source":"'"$f"'","id":6,"line":6,"column":17,"error":"bad length (44 characters; at most 31)"}' ]
	[[ "${lines[6]}" == *'"id":7,'*'"length":1.00000000000000000000000000000,'* ]]
}

# Found by a mutation run (2026-11-29): nothing failed when these changed.
@test "scenario coordinates with leading zeros, a whole published length's tolerance, a header word that only starts like one" {
	local d=$BATS_TEST_TMPDIR
	# coordinates: leading zeros taken, as on the command line (000000
	# is 0, six digits); the value is at most 65535, however written
	printf '0\ttiny.map\t8\t6\t000000\t0\t1\t0\t1\n0\ttiny.map\t8\t6\t0065536\t0\t1\t0\t1\n' >"$d/c.scen"
	run --separate-stderr "$PATHFIND" -q -S "$d/c.scen" "$root/$tiny"
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "pathfind: $d/c.scen:2:16: bad start x (a whole number 0 to 65535)" ]
	[[ "${stderr_lines[1]}" == "pathfind: $d/c.scen: scenarios=1 mismatches=0 nopath=0 errors=1 "* ]]
	# a length without decimals is allowed 10^-5 of itself, not one unit:
	# 8 for 8.414214 is a mismatch, 8.41421 and 8.4142 agree
	printf '0\ttiny.map\t8\t6\t0\t0\t3\t2\t8\n0\ttiny.map\t8\t6\t0\t0\t3\t2\t8.41421\n0\ttiny.map\t8\t6\t0\t0\t3\t2\t8.4142\n' >"$d/l.scen"
	run --separate-stderr "$PATHFIND" -q -S "$d/l.scen" "$root/$tiny"
	[ "$status" -eq 3 ]
	[ "${stderr_lines[0]}" = "pathfind: $d/l.scen:1:1: mismatch: cost 8.414214, published 8 (tolerance 8e-05)" ]
	[[ "${stderr_lines[1]}" == "pathfind: $d/l.scen: scenarios=3 mismatches=1 "* ]]
	# "heights 1" is no height header
	run --separate-stderr "$PATHFIND" --start 0,0 --goal 2,0 < <(printf 'type octile\nheights 1\nwidth 3\nmap\n...\n')
	[ "$status" -eq 2 ]
	[ "$stderr" = "pathfind: <stdin>:2:1: unknown MovingAI header line (expected height, width or map)" ]
	# spaces at the end of the type and map lines are taken, as after a
	# number ('type octile ' was a bad type, 'map ' an unknown line)
	run --separate-stderr "$PATHFIND" -f moves --start 0,0 --goal 2,0 \
	    < <(printf 'type octile  \nheight 1 \nwidth 3\nmap   \n...\n')
	[ "$status" -eq 0 ]
	[ "$output" = R2 ]
	run --separate-stderr "$PATHFIND" --start 0,0 --goal 2,0 < <(printf 'type octile\nheight 1\nwidth 3\nmaps\n...\n')
	[ "$status" -eq 2 ]
	[ "$stderr" = "pathfind: <stdin>:4:1: unknown MovingAI header line (expected height, width or map)" ]
	run --separate-stderr "$PATHFIND" --start 0,0 --goal 2,0 < <(printf 'type   \nheight 1\nwidth 3\nmap\n...\n')
	[ "$status" -eq 2 ]
	[ "$stderr" = "pathfind: <stdin>:1:6: bad 'type' header" ]
}

@test "a published length off by exactly its tolerance agrees, compared exactly, not in doubles" {
	local d=$BATS_TEST_TMPDIR l k want got=0 n=0
	printf 'type octile\nheight 1\nwidth 12\nmap\n............\n' >"$d/e.map"
	# cost k, a length, agree (1) or not (0): one unit of the last decimal
	# off agrees (in doubles 2 against 1.9 and 2.1 did not, 11 against 10.9
	# did), two units do not
	for l in "2 1.9 1" "2 2.1 1" "2 1.89 0" "2 2.11 0" "1 1.1 1" "1 0.99 1" "1 0.98 0" \
	    "3 2.9999 1" "3 3.0001 1" "3 2.9998 0" "5 5.001 1" "5 4.999 1" "11 10.9 1" "11 11.1 1" \
	    "11 11.11 0" "2 2.000000000001 1" "2 1.999999999999 1" "2 2.000000000002 1"; do
		set -- $l
		printf 'version 1\n0\te.map\t12\t1\t0\t0\t%s\t0\t%s\n' "$1" "$2" >"$d/e.scen"
		run --separate-stderr "$PATHFIND" -q -S "$d/e.scen" "$d/e.map"
		want=$(( $3 ? 0 : 3 ))
		[ "$status" -eq "$want" ] || { echo "cost $1, published $2: status $status: $stderr"; return 1; }
	done
	# 10^-5 of the length: 9,091 steps of 11 cost 100,001, 1 off 100,000
	awk 'BEGIN { print "type octile"; print "height 1"; print "width 9092"; print "map"
		r = "."; while (length(r) < 9092) r = r r; print substr(r, 1, 9092) }' >"$d/w.map"
	for l in "100000 1" "100000.0 1" "100002 1" "99999.9 0" "100002.1 0"; do
		set -- $l
		printf '0\tw.map\t9092\t1\t0\t0\t9091\t0\t%s\n' "$1" >"$d/w.scen"
		run --separate-stderr "$PATHFIND" -q -c 11,15 -S "$d/w.scen" "$d/w.map"
		want=$(( $2 ? 0 : 3 ))
		[ "$status" -eq "$want" ] || { echo "cost 100001, published $1: status $status: $stderr"; return 1; }
	done
	# with sqrt2: one diagonal step, 1.41421356... (the verdicts of exact
	# decimal arithmetic, 50 digits)
	printf 'type octile\nheight 2\nwidth 2\nmap\n..\n..\n' >"$d/s.map"
	for l in "1.4142 1" "1.4141 0" "1.4143 1" "1.4144 0" "1.41421356 1" "1.414199 0" "1.414200 1" "1.414227 1" "1.414228 0"; do
		set -- $l
		printf '0\ts.map\t2\t2\t0\t0\t1\t1\t%s\n' "$1" >"$d/s.scen"
		run --separate-stderr "$PATHFIND" -q -S "$d/s.scen" "$d/s.map"
		want=$(( $2 ? 0 : 3 ))
		[ "$status" -eq "$want" ] || { echo "cost sqrt2, published $1: status $status: $stderr"; return 1; }
	done
}

@test "-q keeps the scenario summary on stderr" {
	run --separate-stderr pf -q -S tests/data/tiny.map.scen
	[ -z "$output" ]
	[[ "$stderr" == *"scenarios=6 mismatches=0 "* ]]
}

@test "-j takes 1 to 256" {
	for j in 0 257 x -1; do
		run "$PATHFIND" -j "$j" -S x.scen
		[ "$status" -eq 2 ]
	done
}

@test "a MovingAI map alone is an error: it has no A or B" {
	run --separate-stderr pf "$tiny"
	[ "$status" -eq 2 ]
	[ "$stderr" = "pathfind: tests/data/tiny.map:1:1: a MovingAI map has no start or goal: give its scenarios with -S" ]
}

@test "MovingAI header and row errors carry FILE:LINE:COL" {
	local f=$BATS_TEST_TMPDIR/h.map
	while IFS='|' read -r text want; do
		printf "$text" >"$f"
		run --separate-stderr "$PATHFIND" -S /dev/null "$f"
		[ "$status" -eq 2 ] || { echo "status $status for $text"; return 1; }
		[ "$stderr" = "pathfind: $f:$want" ] || { echo "got:  $stderr"; echo "want: $f:$want"; return 1; }
	done <<-'EOF2'
	type octile\nwidth 3\nmap\n...\n|3:1: missing 'height' header before 'map'
	type octile\nheight 1\nmap\n...\n|3:1: missing 'width' header before 'map'
	type octile\nheight 9\nwidth 3\nheight 2\nmap\n...\n...\n|4:1: repeated 'height' header (the first is on line 2)
	type octile\nwidth 3\nheight 1\nwidth 3\nmap\n...\n|4:1: repeated 'width' header (the first is on line 2)
	type octile\nheight 0\nwidth 3\nmap\n...\n|2:8: bad height (1 to 65535)
	type octile\nheight 1\nwidth 3x\nmap\n...\n|3:8: bad width (1 to 65535)
	type octile\nheight 1\nwidth 3\nsize 9\nmap\n...\n|4:1: unknown MovingAI header line (expected height, width or map)
	type octile\nheight 2\nwidth 3\nmap\n...\n|6:1: map ends after 1 row; height says 2
	type octile\nheight 1\nwidth 3\nmap\n..\n|5:3: row has 2 cells; width says 3
	type octile\nheight 1\nwidth 3\nmap\n....\n|5:4: row has 4 cells; width says 3
	type octile\nheight 1\nwidth 3\nmap\n.\n|5:2: row has 1 cell; width says 3
	type octile\nheight 2\nwidth 3\nmap\n...\n...\n...\n|7:1: more rows than height 2 says
	type octile\nheight 1\nwidth 3\nmap\n.#.\n|5:2: unknown character '#' (allowed: . G S @ O T W)
	type octile\nheight 1\nwidth 3\n|4:1: MovingAI header ends without a 'map' line
	type oc\001tile\nheight 1\nwidth 3\nmap\n...\n|1:8: bad 'type' header
	type octile\r\nheight 1\r\nwidth 3\r\nmap\r\n.x.\r\n|5:2: unknown character 'x' (allowed: . G S @ O T W)
	EOF2
}

@test "MovingAI cells: . G S passable, @ O T W blocked" {
	local f=$BATS_TEST_TMPDIR/k.map
	printf 'type octile\nheight 3\nwidth 4\nmap\n.GS.\n@OTW\n....\n' >"$f"
	run --separate-stderr "$PATHFIND" -S - "$f" < <(printf '0 m 4 3 0 0 3 0 3\n0 m 4 3 0 0 0 2 2\n')
	# no path where a length is published: a mismatch
	[ "$status" -eq 3 ]
	[ "${stderr_lines[0]}" = "pathfind: <stdin>:2:1: mismatch: no path, published 2" ]
	[ "${lines[1]}" = $'1\t0\t0\t3\t0\t3\t3\t3\t3\t4' ]
	# start and goal in different components: answered without a search
	[ "${lines[2]}" = $'2\t0\t0\t0\t2\t2\t-\t-\t0\t0' ]
}

@test "rows without paths give the cost and steps that the listed path has" {
	local map=$BATS_TEST_TMPDIR/open.map scen=$BATS_TEST_TMPDIR/open.map.scen
	local small=$BATS_TEST_TMPDIR/small.map sscen=$BATS_TEST_TMPDIR/small.map.scen a o
	# 120x90, 12% obstacles: long paths with many straight and diagonal steps
	random_scen 120 90 0.12 600 11 "$map" "$scen"
	# 9x7: short paths, whose cost decides their steps even with decimal
	# costs (10,14: fewer than 5 diagonal steps' worth) and longer ones
	# that are walked
	random_scen 9 7 0.1 300 5 "$small" "$sscen"
	# sqrt2 (worked out from the cost), decimal costs whose paths of one
	# cost differ in steps (10,14; 2,2.5: walked), and every rule
	for a in astar dijkstra jps; do
		for o in "" "-c 10,14" "-c 2,2.5" "-c 1,1.5" "-c 3,sqrt2" "-d never" "-d always" "-d no-squeeze"; do
			rows_match_paths "$a" "$o" "$scen" 600 590
			rows_match_paths "$a" "$o" "$sscen" 300 290
		done
	done
}

@test "-S: a goal out of reach is answered without a search, on maps of many components" {
	local d=$BATS_TEST_TMPDIR rule p size
	# a third to a half blocked: hundreds of components, most cells in one;
	# 150 columns: rows of three 64-bit words, runs that cross from one
	# word to the next, above and below (the labelling reads rows as bits);
	# 300x100: about 7,000 runs, past the 4,096 the runs' arrays start with
	for rule in no-corner-cut:0.38:60x40 always:0.55:60x40 no-corner-cut:0.4:150x50 \
	    always:0.55:150x50 no-corner-cut:0.4:300x100; do
		size=${rule##*:} rule=${rule%:*}
		p=${rule#*:} rule=${rule%:*}
		random_scen "${size%x*}" "${size#*x}" "$p" 400 7 "$d/r.map" "$d/r.map.scen"
		# the same queries as ASCII maps, A the start and B the goal
		awk 'NR <= 4 { next } { row[NR - 5] = $0; h = NR - 4 } END {
			while ((getline q < "'"$d/r.map.scen"'") > 0) {
				if (q ~ /^version/) continue
				split(q, f, "\t")
				for (y = 0; y < h; y++) {
					r = row[y]; gsub(/@/, "#", r)
					if (y == f[6]) r = substr(r, 1, f[5]) "A" substr(r, f[5] + 2)
					if (y == f[8]) r = substr(r, 1, f[7]) "B" substr(r, f[7] + 2)
					print r
				}
				print ""
			} }' "$d/r.map" >"$d/ascii"
		run --separate-stderr "$PATHFIND" -d "$rule" -S "$d/r.map.scen"
		[ "$status" -eq 3 ]	# the lengths given are all 0: mismatches
		# a row without a path: never searched (0 expansions)
		awk -F'\t' 'NR > 1 { print ($7 == "-" ? "no " $9 : "yes 0") }' <<<"$output" >"$d/rows"
		[ "$(grep -c '^no 0$' "$d/rows")" -ge 50 ]
		[ "$(grep -c '^yes 0$' "$d/rows")" -ge 50 ]
		# each map solved by itself: the same found or not
		"$PATHFIND" -d "$rule" -f json "$d/ascii" | sed 's/.*"found":\([a-z]*\).*/\1/' |
		    sed 's/true/yes 0/; s/false/no 0/' >"$d/solved"
		diff "$d/rows" "$d/solved"
	done
}

# jps_costs W H P N SEED: on random_scen's map W by H (P of it walls) and
# its N queries, -a jps's rows are A*'s but for the path, under every
# rule, and most queries have a path.
jps_costs() {
	random_scen "$1" "$2" "$3" "$4" "$5" "$BATS_TEST_TMPDIR/r.map" "$BATS_TEST_TMPDIR/r.map.scen"
	jps_costs_of "$BATS_TEST_TMPDIR/r.map.scen" "$4"
}

# jps_costs_of SCEN N: as jps_costs, for SCEN's N queries.
jps_costs_of() {
	local d=$BATS_TEST_TMPDIR rule
	for rule in no-corner-cut never no-squeeze always; do
		"$PATHFIND" -a astar -d "$rule" -S "$1" 2>/dev/null | cut -f 1-7 >"$d/astar" || true
		"$PATHFIND" -a jps -d "$rule" -S "$1" 2>/dev/null | cut -f 1-7 >"$d/jps" || true
		[ "$(wc -l <"$d/jps")" -eq $(($2 + 1)) ]
		[ "$(grep -c '	-$' "$d/jps")" -lt $(($2 / 2)) ]	# most have a path
		diff "$d/astar" "$d/jps"
	done
}

@test "-a jps costs what A* does under every rule where the last block of 64 rows is full or has one row" {
	# JPS builds its diagonal scans' stops 64 rows at a time (jps.c,
	# band_lines), each block's words shared between the lines that cross
	# it.  Padded heights (the map's + 2) of 64, 65, 128, 129 and 192: a
	# last block of all 64 rows or of one, where lines begin at its edge.
	local size
	for size in 62x62 130x63 70x126 129x127 200x190; do
		jps_costs "${size%x*}" "${size#*x}" 0.2 300 3
	done
}

@test "-a jps: a query's whole row is the same alone and after the queries before it, on maps of 129 rows" {
	# With one goal, JPS's diagonal scans stop where the stops of 64-row
	# bands say (jps.c, band_lines), built once a map.  A last line of a
	# band left unbuilt (band_lines' bound one short, in a mutation test)
	# holds whatever memory was there before: the costs stay A*'s (the
	# test above), but a query's expansions and generations change with
	# the queries before it, and a later query can read past its stops
	# (a crash).  Every row of a batch, its counts included, must be the
	# row of its query alone.
	local d=$BATS_TEST_TMPDIR m size rule k st n=10
	# SIZE:WALLS:SEED; the first two told the unbuilt line apart (awk's
	# random numbers, as random_scen's)
	for m in 13x129:0.1:1 13x129:0.3:2 62x129:0.2:11 65x129:0.2:11; do
		size=${m%%:*}
		m=${m#*:}
		random_scen "${size%x*}" "${size#*x}" "${m%:*}" "$n" "${m#*:}" "$d/r.map" "$d/r.map.scen"
		for rule in always no-squeeze no-corner-cut never; do
			st=0
			"$PATHFIND" -a jps -d "$rule" -S "$d/r.map.scen" "$d/r.map" >"$d/all" 2>/dev/null || st=$?
			[ "$st" -eq 3 ] || { echo "$size -d $rule: status $st"; return 1; }	# (lengths 0: mismatches)
			[ "$(wc -l <"$d/all")" -eq $((n + 1)) ]
			for k in $(seq 2 $((n + 1))); do
				sed -n "1p;${k}p" "$d/r.map.scen" >"$d/one.scen"
				st=0
				"$PATHFIND" -a jps -d "$rule" -S "$d/one.scen" "$d/r.map" >"$d/one" 2>/dev/null || st=$?
				[ "$st" -eq 3 ]
				[ "$(tail -n 1 "$d/one" | cut -f 2-)" = "$(sed -n "${k}p" "$d/all" | cut -f 2-)" ] ||
				    { echo "$size -d $rule, line $k: alone $(tail -n 1 "$d/one"), in the batch $(sed -n "${k}p" "$d/all")"; return 1; }
			done
		done
	done
}

@test "-a jps costs what A* does under every rule on a map of 520 x 520 (its build's rows in its own bitsets, from the map's text)" {
	# From about 270 rows JPS's build keeps its rows where the columns'
	# stops go, which it builds last (jps.c, jps_prepare); and -S gives
	# the map's text back (257 KB and more from 512 x 512 on) for the
	# bitsets to be built in (bigmem.c, the spare).  Both, under every
	# rule, with A*'s costs; the smaller maps of the test above take a
	# malloc of their own and new pages.
	jps_costs 520 520 0.3 200 5
}

@test "-a jps costs what A* does under every rule around a block of wall wider than 64 cells" {
	# JPS's build writes the stops of a word of 64 blocked cells at once
	# (jps.c, build_bstop): a block of wall 136 by 200 in a map of 300 by
	# 300 with a fifth of its other cells walls, a gap in the block's
	# middle row.  With those stops left 0, not all set, JPS's costs
	# under -d always are not A*'s here.
	local d=$BATS_TEST_TMPDIR
	awk 'BEGIN { srand(9); w = 300; h = 300
		print "type octile"; print "height " h; print "width " w; print "map"
		for (y = 0; y < h; y++) { r = ""; for (x = 0; x < w; x++) {
			if (x >= 64 && x < 200 && y >= 50 && y < 250 && !(y == 150 && x == 130)) c = "@"
			else c = rand() < 0.2 ? "@" : "."
			g[x, y] = c; r = r c } print r }
		print "version 1" > "/dev/stderr"
		for (n = 0; n < 200; ) { a = int(rand() * w); b = int(rand() * h); c = int(rand() * w); e = int(rand() * h)
			if (g[a, b] == "." && g[c, e] == "." && (a != c || b != e)) {
				printf "0\tr\t%d\t%d\t%d\t%d\t%d\t%d\t0\n", w, h, a, b, c, e > "/dev/stderr"; n++ } } }' \
	    >"$d/b.map" 2>"$d/b.map.scen"
	jps_costs_of "$d/b.map.scen" 200
}

@test "-a jps: its nodes by blocks of a page, then the array once a search takes many: the same rows" {
	# JPS keeps a search's nodes in blocks, one for each page of 64
	# cells it writes, until a search on the grid takes more than 256
	# blocks; the grid's later searches use the array, as A*'s do.  In
	# this batch query 11 is the first to take more (348 blocks, under
	# no-corner-cut), so the 19 after it take the array: their rows are
	# those each query gives alone, in a process of its own (its own
	# blocks), and the costs are A*'s.  The rows give the expansions too,
	# which a node lost or left over between searches would change.
	local d=$BATS_TEST_TMPDIR rule k
	random_scen 240 200 0.25 30 17 "$d/r.map" "$d/r.map.scen"
	for rule in no-corner-cut always; do
		"$PATHFIND" -a jps -d "$rule" -S "$d/r.map.scen" 2>/dev/null | tail -n +2 >"$d/batch" || true
		: >"$d/alone"
		for k in $(seq 2 31); do
			sed -n "1p; ${k}p" "$d/r.map.scen" >"$d/one.scen"
			"$PATHFIND" -a jps -d "$rule" -S "$d/one.scen" "$d/r.map" 2>/dev/null |
			    tail -n +2 >>"$d/alone" || true
		done
		[ "$(wc -l <"$d/batch")" -eq 30 ]
		diff <(cut -f 2- "$d/batch") <(cut -f 2- "$d/alone")	# but the ids, the lines
		"$PATHFIND" -a astar -d "$rule" -S "$d/r.map.scen" 2>/dev/null | tail -n +2 |
		    cut -f 1-7 >"$d/astar" || true
		[ "$(grep -c '	-$' "$d/astar")" -eq 0 ]	# all found
		diff <(cut -f 1-7 "$d/batch") "$d/astar"
	done
}

# oracle_scen W H P N SEED OPTS...: on random_scen's map W by H (P of it
# walls), the brute-force oracle's cost for each of N queries, and -S
# with OPTS: the queries with a path, their oracle costs as published
# lengths, exit 0 with no mismatch, every cost the oracle's to the last
# digit, and the rows the binary heap's (its loop reads the cells).
# After a grid's first search A* on the buckets reads its moves
# (moves.h), built for the grid and the rule: all but the first query.
oracle_scen() {
	local d=$BATS_TEST_TMPDIR w=$1 h=$2 p=$3 n=$4 seed=$5 st
	shift 5
	if [ ! -x "$BRUTE" ]; then
		BRUTE=$d/brute
		${CC:-cc} -std=c11 -O2 -o "$BRUTE" "$root/tests/brute.c" -lm
	fi
	random_scen "$w" "$h" "$p" "$n" "$seed" "$d/r.map" "$d/q.scen"
	"$BRUTE" scen "$d/r.map" "$d/q.scen" -- "$@" >"$d/costs"
	[ "$(wc -l <"$d/costs")" -eq "$n" ]
	tail -n +2 "$d/q.scen" | paste - "$d/costs" |
	    awk -F'\t' -v OFS='\t' 'BEGIN { print "version 1" } $10 != "-" { $9 = $10; NF = 9; print }' \
	    >"$d/r.map.scen"
	grep -v '^-$' "$d/costs" >"$d/want" || true
	# (how many have a path, for the caller: a small map of awk's may
	# leave none under a rule, as gawk's 3 x 2 does under never, and
	# then there is no scenario to give -S)
	echo "$n $(wc -l <"$d/want")" >>"$d/paths"
	[ -s "$d/want" ] || return 0
	st=0
	"$PATHFIND" -S "$d/r.map.scen" "$@" >"$d/rows" 2>"$d/err" || st=$?
	[ "$st" -eq 0 ] || { cat "$d/err"; return 1; }
	grep -q ' mismatches=0 ' "$d/err"
	tail -n +2 "$d/rows" | cut -f 7 | diff "$d/want" -
	st=0
	"$PATHFIND" -S "$d/r.map.scen" "$@" -o binary-heap >"$d/heap" 2>/dev/null || st=$?
	[ "$st" -eq 0 ]
	diff "$d/heap" "$d/rows"
}

@test "-S on random maps: A*'s costs are the brute-force oracle's, every rule and costs, and its rows the heap's" {
	# A* on the buckets reads a cell's byte of moves (moves.c: the
	# neighbours it can step to under the rule, eight cells a word) from
	# a grid's second search on; each query here is checked against the
	# oracle (tests/brute.c) and against the binary heap's loop, which
	# reads the cells.  Maps of widths that fill whole words of eight
	# cells and leave a few over; costs with D = S, S < D < 2S and D =
	# 2S, and the Manhattan heuristic where it is consistent.
	local size rule c
	for size in 3x2 13x11 40x33 61x47; do
		for rule in never no-corner-cut no-squeeze always; do
			for c in 1,sqrt2 10,14 1,1 2,3 1,2; do
				oracle_scen "${size%x*}" "${size#*x}" 0.3 40 7 -d "$rule" -c "$c" -H octile
			done
		done
		oracle_scen "${size%x*}" "${size#*x}" 0.3 40 7 -d never -H manhattan
		oracle_scen "${size%x*}" "${size#*x}" 0.3 40 7 -d always -c 1,2 -H manhattan
	done
	# most queries have a path, over the whole test
	awk '{ n += $1; p += $2 } END { print n, p; exit !(p >= n / 2) }' "$BATS_TEST_TMPDIR/paths"
}

@test "-S on random maps: Dijkstra's, JPS's and every heuristic's and tie-break's costs are the brute-force oracle's" {
	# The costs do not depend on the algorithm, heuristic, tie-break or
	# list when the search is optimal: each setting's against the oracle
	# (and, in oracle_scen, its rows against the binary heap's), each
	# under two rules of the four in turn, so that each rule has all.
	local size rule args k=0 rules=(never no-corner-cut no-squeeze always)
	for size in 13x11 40x33; do
		for args in "-a dijkstra -t lifo" "-a dijkstra -t fifo -c 10,14" "-a jps -t high-h" \
		    "-a jps -H euclidean -t fifo -c 1,2" "-H euclidean -t fifo" "-H chebyshev -t lifo" \
		    "-H zero -t high-h -c 2,3" "-a jps -H chebyshev -t lifo"; do
			for rule in "${rules[k % 4]}" "${rules[(k + 1) % 4]}"; do
				# shellcheck disable=SC2086
				oracle_scen "${size%x*}" "${size#*x}" 0.3 20 11 -d "$rule" $args
			done
			k=$((k + 1))
		done
		k=$((k + 2))
	done
	awk '{ n += $1; p += $2 } END { print n, p; exit !(p >= n / 2) }' "$BATS_TEST_TMPDIR/paths"
}
