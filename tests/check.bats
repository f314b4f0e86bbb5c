#!/usr/bin/env bats
# --check=ANSWERS: pathfind's own answers, and others', checked against
# the maps: every reason a step is illegal, the three answer formats, the
# round trip over random maps, every single-step corruption of an answer
# against the brute-force oracle (tests/brute.c verdict), errors in the
# answers, streaming, -j.

load common

setup() {
	T=$BATS_TEST_TMPDIR
	if [ ! -x "$BRUTE" ]; then
		BRUTE=$T/brute
		${CC:-cc} -std=c11 -O2 -o "$BRUTE" "$root/tests/brute.c" -lm
	fi
}

# chk MAP ANSWER ARGS...: check the one answer (printf formats) on the one
# map (printf too); $output, $stderr and $status as run gives them.
chk() {
	printf "$1" >"$T/map"
	printf "$2" >"$T/answer"
	shift 2
	run --separate-stderr "$PATHFIND" --check="$T/answer" "$@" "$T/map"
}

@test "--check: a right answer, and the record's lines" {
	chk 'A.B\n' 'R2\n'
	[ "$status" -eq 0 ]
	[ "$output" = "check: right
cost: 2
steps: 2
goal: 2 0
optimum: 2
excess: 0" ]
	[ "$stderr" = "" ]
}

@test "--check: every reason a step is illegal, with its index and cells" {
	local want
	# off the map, over the edge and past the end of a short row
	chk 'A.B\n' 'U1\n'
	[ "$status" -eq 3 ]
	[ "$output" = "check: illegal
step 1: (0,0) -> (0,-1): off the map
optimum: 2" ]
	chk 'A.B\n.\n' 'D1 R1\n'
	[ "$status" -eq 3 ]
	[ "${lines[1]}" = "step 2: (0,1) -> (1,1): off the map" ]
	# into a wall: the first illegal step counts, not the end
	chk 'A#B\n' 'R2\n'
	[ "$status" -eq 3 ]
	[ "$output" = "check: illegal
step 1: (0,0) -> (1,0): into a wall
optimum: no path" ]
	# not a neighbour: a jump, and a cell repeated (-f path)
	chk 'A..B\n' '0 0\n2 0\n3 0\n'
	[ "${lines[1]}" = "step 1: (0,0) -> (2,0): not a neighbour" ]
	chk 'A..B\n' '0 0\n1 0\n1 0\n2 0\n3 0\n'
	[ "${lines[1]}" = "step 2: (1,0) -> (1,0): not a neighbour" ]
	# a diagonal step where -d never allows none
	chk 'A.\n.B\n' 'DR1\n'
	[ "$status" -eq 3 ]
	[ "${lines[1]}" = "step 1: (0,0) -> (1,1): a diagonal step (-d never)" ]
	# cuts a corner: either side under no-corner-cut
	chk 'A#\n.B\n' 'DR1\n' -d no-corner-cut
	[ "${lines[1]}" = "step 1: (0,0) -> (1,1): cuts the corner at (1,0) (-d no-corner-cut)" ]
	chk 'A.\n#B\n' 'DR1\n' -d no-corner-cut
	[ "${lines[1]}" = "step 1: (0,0) -> (1,1): cuts the corner at (0,1) (-d no-corner-cut)" ]
	chk 'A#\n.B\n' 'DR1\n' -d no-squeeze
	[ "$status" -eq 0 ]
	# squeezes between two walls: under no-squeeze and no-corner-cut
	for want in no-squeeze no-corner-cut; do
		chk 'A#\n#B\n' 'DR1\n' -d "$want"
		[ "$status" -eq 3 ]
		[ "$output" = "check: illegal
step 1: (0,0) -> (1,1): squeezes between (1,0) and (0,1) (-d $want)
optimum: no path" ]
	done
	chk 'A#\n#B\n' 'DR1\n' -d always
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "check: right" ]
	# does not start at the start: step 0, one cell
	chk 'A.B\n' '1 0\n2 0\n'
	[ "$status" -eq 3 ]
	[ "$output" = "check: illegal
step 0: (1,0): not the start (0,0)
optimum: 2" ]
	# does not end on a goal: the last step, or step 0 for a lone cell
	chk 'A.B\n' 'R1\n'
	[ "${lines[1]}" = "step 1: (0,0) -> (1,0): ends the path, not on a goal" ]
	chk 'A.B\n' '0 0\n'
	[ "${lines[1]}" = "step 0: (0,0): ends the path, not on a goal" ]
	# a path through a goal and on to another is legal, only costlier
	chk 'ABB\n' 'R2\n'
	[ "$status" -eq 3 ]
	[ "${lines[0]}" = "check: costlier" ]
	[ "${lines[5]}" = "excess: 1" ]
	[ "$stderr" = "" ]
}

@test "--check: the start and goal of --start and --goal, and the diagonal rule of -a jps" {
	chk 'A...\n....\n...B\n' 'R3 D2\n' --start 1,0 --goal 3,2
	[ "$status" -eq 3 ]
	[ "${lines[1]}" = "step 3: (3,0) -> (4,0): off the map" ]
	chk 'A...\n....\n...B\n' 'R2 D2\n' --start 1,0 --goal 3,2
	[ "$status" -eq 0 ]
	# --goal: the map's B is floor, not a goal
	chk 'A...\n....\n...B\n' 'R3 D2\n' --goal 3,1
	[ "${lines[1]}" = "step 5: (3,1) -> (3,2): ends the path, not on a goal" ]
	# -a jps means no-corner-cut
	chk 'A#\n.B\n' 'DR1\n' -a jps
	[ "${lines[1]}" = "step 1: (0,0) -> (1,1): cuts the corner at (1,0) (-d no-corner-cut)" ]
	# the start that is a goal: an empty moves line is its path of no steps
	# (alone in the file too, as -f path would write the cell; named
	# -f path, the empty record claims no path)
	chk 'A.B\n' '\n' --start 2,0 --check-format=path
	[ "$status" -eq 3 ]
	[ "${lines[0]}" = "check: wrong" ]
	chk 'A.B\n' '\n' --start 2,0
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "check: right" ]
	chk 'A.B\n' '\n' --start 2,0 --check-format=moves
	[ "$status" -eq 0 ]
	[ "$output" = "check: right
cost: 0
steps: 0
goal: 2 0
optimum: 0
excess: 0" ]
}

@test "--check: costs as pathfind prints them, the optimum and the excess, exactly" {
	# D = S*sqrt2: 2 - sqrt2 = 0.585786 (rounded once, not a difference of roundings)
	chk 'A.\n.B\n' 'R1 D1\n' -d always
	[ "$status" -eq 3 ]
	[ "$output" = "check: costlier
cost: 2
steps: 2
goal: 1 1
optimum: 1.414214
excess: 0.585786" ]
	chk 'A.\n.B\n' 'R1 D1\n' -d always -c 2.5,sqrt2
	[ "${lines[4]}" = "optimum: 3.535534" ]
	[ "${lines[5]}" = "excess: 1.464466" ]
	# terrain: the cells entered are paid for; decimals exact
	chk 'A9.\n.1B\n' 'R2 D1\n' -c 0.5,0.75
	[ "$status" -eq 3 ]
	[ "${lines[1]}" = "cost: 5.500000" ]
	[ "${lines[4]}" = "optimum: 1.500000" ]
	[ "${lines[5]}" = "excess: 4" ]
	chk 'A9.\n.1B\n' 'D1 R2\n' -c 0.5,0.75
	[ "$status" -eq 0 ]
	[ "${lines[5]}" = "excess: 0" ]
	# an answer as cheap as pathfind's own but another path: right
	chk 'A..\n...\n..B\n' 'D2 R2\n'
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "check: right" ]
}

@test "--check: claims of no path, right and wrong, and a path claimed where there is none" {
	chk 'A#B\n' '\n'
	[ "$status" -eq 0 ]
	[ "$output" = "check: right
no path
optimum: no path" ]
	chk 'A.B\n' '\n'
	[ "$status" -eq 3 ]
	[ "$output" = "check: wrong
no path
optimum: 2" ]
	chk 'A#B\n' '{"found":false,"path":[]}\n'
	[ "$status" -eq 0 ]
	chk 'A#B\n' '{"found":false}\n'
	[ "$status" -eq 0 ]
	chk 'A.B\n' '{"path":[]}\n' -f json
	[ "$status" -eq 3 ]
	[[ "$output" == '{"source":"'*'","map":1,"line":1,"check":"wrong","answer":"no path","cost":null,"steps":null,"goal":null,"step":null,"from":null,"to":null,"reason":null,"optimum":2,"excess":null,"options":{'* ]]
	chk 'A#B\n' 'R2\n'
	[ "$status" -eq 3 ]
	[ "${lines[0]}" = "check: illegal" ]
}

@test "--check -f json: one object a map, every member" {
	chk 'A.#\n.#B\n...\n' 'D2 R2 U1\n' -f json -d no-corner-cut
	[ "$status" -eq 0 ]
	[ "$output" = '{"source":"'"$T"'/map","map":1,"line":1,"check":"right","answer":"path","cost":5,"steps":5,"goal":[2,1],"step":null,"from":null,"to":null,"reason":null,"optimum":5,"excess":0,"options":{"algorithm":"astar","heuristic":"octile","diagonal":"no-corner-cut","cost":"1,sqrt2","weight":1,"tie_break":"low-h","open_list":"buckets"}}' ]
	chk 'A.#\n.#B\n...\n' 'D1 DR1 UR1\n' -f json -d no-corner-cut
	[ "$status" -eq 3 ]
	[ "$output" = '{"source":"'"$T"'/map","map":1,"line":1,"check":"illegal","answer":"path","cost":null,"steps":null,"goal":null,"step":2,"from":[0,1],"to":[1,2],"reason":"cuts the corner at (1,1) (-d no-corner-cut)","optimum":5,"excess":null,"options":{"algorithm":"astar","heuristic":"octile","diagonal":"no-corner-cut","cost":"1,sqrt2","weight":1,"tie_break":"low-h","open_list":"buckets"}}' ]
	chk 'A.#\n.#B\n...\n' '0 1\n' -f json
	[[ "$output" == *'"step":0,"from":null,"to":[0,1],"reason":"not the start (0,0)",'* ]]
	# the optimum by Dijkstra's algorithm when the options give no guarantee
	chk 'A.\n.B\n' 'DR1\n' -f json -d always -w 2
	[ "$status" -eq 0 ]
	[[ "$output" == *'"options":{"algorithm":"dijkstra","heuristic":"zero","diagonal":"always","cost":"1,sqrt2","weight":1,"tie_break":"low-h","open_list":"step-queues"}}' ]]
}

@test "--check: the answers in every machine format, told apart or named" {
	printf 'A.B\n\nA#B\n\nA..B\n' >"$T/maps"
	local f fmt
	for f in path moves json; do
		"$PATHFIND" -f "$f" "$T/maps" >"$T/answers.$f" || true
		for fmt in auto "$f"; do
			run --separate-stderr "$PATHFIND" --check="$T/answers.$f" --check-format="$fmt" \
			    --no-label "$T/maps"
			[ "$status" -eq 0 ] || { echo "$f as $fmt: $status $stderr"; return 1; }
			[ "${lines[0]}" = "check: right" ]
			[ "${lines[6]}" = "check: right" ]
			[ "${lines[7]}" = "no path" ]
			[ "${lines[9]}" = "check: right" ]
		done
	done
	# named wrong: the first record cannot be read as that format
	run --separate-stderr "$PATHFIND" --check="$T/answers.moves" --check-format=path "$T/maps"
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "pathfind: $T/answers.moves:1:1: bad cell (x y: column and row, whole numbers)" ]
	run --separate-stderr "$PATHFIND" --check="$T/answers.path" --check-format=json "$T/maps"
	[ "${stderr_lines[0]}" = "pathfind: $T/answers.path:1:1: bad JSON: expected a JSON object" ]
	# blanks around cells and moves, CRLF line ends, R1 R1 for R2
	printf ' 0  0 \r\n1\t0\r\n2 0\r\n' >"$T/loose.path"
	run "$PATHFIND" --check="$T/loose.path" "$root/samples/tutorial.txt" <<<""
	[ "$status" -eq 3 ]
	[ "${lines[1]}" = "step 0: (0,0): not the start (1,2)" ]
	printf '  R1 R1  \r\n' >"$T/loose.moves"
	printf 'A..B\n' >"$T/one"
	run "$PATHFIND" --check="$T/loose.moves" "$T/one"
	[ "${lines[1]}" = "step 2: (1,0) -> (2,0): ends the path, not on a goal" ]
	# --trace's events in -f json answers are passed over
	"$PATHFIND" -f json --trace "$root/samples/tutorial.txt" >"$T/trace.json"
	[ "$(wc -l <"$T/trace.json")" -gt 10 ]
	run "$PATHFIND" --check="$T/trace.json" "$root/samples/tutorial.txt"
	[ "$status" -eq 0 ]
}

@test "--check: -f path and -f moves answers are told apart when they begin with errors and no paths" {
	# Three maps with errors, or none, then a good one: -f path's record
	# "error" is followed by its empty line, which -f moves would read as
	# a map with no path; the first line with cells or moves decides.
	printf 'A?B\n\nA#B\n\nA?B\n\nA.B\n' >"$T/maps"
	local f
	for f in path moves; do
		"$PATHFIND" -f "$f" "$T/maps" >"$T/answers" 2>/dev/null || true
		run --separate-stderr "$PATHFIND" -s --check="$T/answers" "$T/maps"
		[ "$status" -eq 2 ] || { echo "$f: status $status: $stderr"; return 1; }
		[ "${stderr_lines[2]}" = "pathfind: summary: maps=4 right=2 costlier=0 illegal=0 wrong=0 unanswered=0 errors=2 expanded=3" ]
	done
	# with nothing to decide by, -f path, unless "error" follows "error"
	printf 'A?B\n\nA?B\n' >"$T/two"
	"$PATHFIND" -f moves "$T/two" >"$T/answers" 2>/dev/null || true
	[ "$(cat "$T/answers")" = "error
error" ]
	run --separate-stderr "$PATHFIND" -s --check="$T/answers" "$T/two"
	[ "${stderr_lines[2]}" = "pathfind: summary: maps=2 right=0 costlier=0 illegal=0 wrong=0 unanswered=0 errors=2 expanded=0" ]
	# -f moves "error", no path, "error" reads as -f path's two records:
	# --check-format says which
	printf 'A?B\n\nA#B\n\nA?B\n' >"$T/three"
	"$PATHFIND" -f moves "$T/three" >"$T/answers" 2>/dev/null || true
	run --separate-stderr "$PATHFIND" --no-label --check="$T/answers" "$T/three"
	[ "$status" -eq 3 ]
	[ "${lines[0]}" = "check: unanswered" ]
	run --separate-stderr "$PATHFIND" --no-label --check="$T/answers" --check-format=moves "$T/three"
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "check: right" ]
	[ "${lines[1]}" = "no path" ]
	# -f moves writes an empty line for a map whose start is a goal, where
	# -f path writes its cell: with nothing else to decide by, it is
	# moves' path of no steps; named -f path, it claims no path
	printf 'A#.\n\n..A\n\nA#.\n' >"$T/startgoal"
	"$PATHFIND" -f moves --goal 2,0 "$T/startgoal" >"$T/answers" 2>/dev/null || true
	[ "$(od -An -c "$T/answers" | tr -d ' ')" = '\n\n\n' ]
	run --separate-stderr "$PATHFIND" -q -s --goal 2,0 --check="$T/answers" "$T/startgoal"
	[ "$status" -eq 0 ]
	[ "$stderr" = "pathfind: summary: maps=3 right=3 costlier=0 illegal=0 wrong=0 unanswered=0 errors=0 expanded=2" ]
	run --separate-stderr "$PATHFIND" -q -s --goal 2,0 --check="$T/answers" --check-format=path "$T/startgoal"
	[ "$status" -eq 3 ]
	[ "$stderr" = "pathfind: summary: maps=3 right=2 costlier=0 illegal=0 wrong=1 unanswered=0 errors=0 expanded=2" ]
	# and so is the empty record at the end, after an "error" with its
	# empty line (a review found it claimed no path, "wrong"), for maps
	# and for scenarios
	printf 'A?B\n\n..A\n' >"$T/errgoal"
	"$PATHFIND" -f moves --goal 2,0 "$T/errgoal" >"$T/answers" 2>/dev/null || true
	[ "$(od -An -c "$T/answers" | tr -d ' ')" = 'error\n\n' ]
	run --separate-stderr "$PATHFIND" -q -s --goal 2,0 --check="$T/answers" "$T/errgoal"
	[ "$stderr" = "pathfind: $T/errgoal:1:2: unknown character '?' (allowed: A B # . space 1-9)
pathfind: summary: maps=2 right=1 costlier=0 illegal=0 wrong=0 unanswered=0 errors=1 expanded=0" ]
	printf 'type octile\nheight 1\nwidth 3\nmap\n...\n' >"$T/u.map"
	printf 'version 1\n0\tu\t3\t1\t0\t0\t2\n0\tu\t3\t1\t1\t0\t1\t0\t0\n' >"$T/u.map.scen"
	"$PATHFIND" -S "$T/u.map.scen" -f moves >"$T/answers" 2>/dev/null || true
	[ "$(od -An -c "$T/answers" | tr -d ' ')" = 'error\n\n' ]
	run --separate-stderr "$PATHFIND" -q -S "$T/u.map.scen" --check="$T/answers"
	[ "$status" -eq 2 ]
	[[ "${stderr_lines[1]}" == *": scenarios=1 right=1 costlier=0 illegal=0 wrong=0 unanswered=0 mismatches=0 errors=1 "* ]]
	# an empty -f path file is one map with no path (pathfind writes nothing)
	: >"$T/empty"
	printf 'A#B\n' >"$T/none"
	run "$PATHFIND" --check="$T/empty" "$T/none"
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "no path" ]
}

@test "--check: error placeholders, bad maps and answers that cannot be read" {
	printf 'A.B\n\nA?B\n\nA..B\n' >"$T/maps"
	# pathfind's own answers: the bad map's "error" stands in its place
	"$PATHFIND" -f moves "$T/maps" >"$T/answers" 2>/dev/null || true
	run --separate-stderr "$PATHFIND" --check="$T/answers" -f json "$T/maps"
	[ "$status" -eq 2 ]
	[ "${lines[1]}" = '{"source":"'"$T"'/maps","map":2,"line":3,"column":2,"error":"unknown character '"'?'"' (allowed: A B # . space 1-9)"}' ]
	[[ "${lines[2]}" == *'"map":3,"line":5,"check":"right",'* ]]
	# an "error" answer to a map without error: unanswered, exit 3
	printf 'A.B\n' >"$T/one"
	printf 'error\nerror\n' >"$T/answers"
	run --separate-stderr "$PATHFIND" --check="$T/answers" --no-label "$T/one" "$T/one"
	[ "$status" -eq 3 ]
	[ "${lines[0]}" = "check: unanswered" ]
	[ "${lines[1]}" = "error" ]
	[ "${lines[2]}" = "optimum: 2" ]
	[ "$stderr" = "" ]
	printf '{"error":"x"}\n' >"$T/answers"
	run --separate-stderr "$PATHFIND" --check="$T/answers" -f json "$T/one"
	[ "$status" -eq 3 ]
	[[ "$output" == *'"check":"unanswered","answer":"error","cost":null,'* ]]
	# a record that cannot be read: an error of its map, at its place in
	# the answers, and the next map has the next record
	printf 'R2\nR2 Q1\nR3\n' >"$T/answers"
	run --separate-stderr "$PATHFIND" --check="$T/answers" -f json "$T/one" "$T/one" "$T/one"
	[ "$status" -eq 3 ]	# an illegal answer outranks the error, as -S's mismatches do
	[ "${lines[1]}" = '{"source":"'"$T"'/one","map":1,"answers":"'"$T"'/answers","line":2,"column":4,"error":"bad move (a direction U, D, L, R, UR, DR, DL or UL and a count from 1, such as R2)"}' ]
	[ "$stderr" = "pathfind: $T/answers:2:4: bad move (a direction U, D, L, R, UR, DR, DL or UL and a count from 1, such as R2)" ]
	[[ "${lines[2]}" == *'"check":"illegal",'*'"step":3,'* ]]
	# -f path: the bad record is skipped up to its empty line
	printf '0 0\n1 0\n2 0\n\n0 0\n1 0 0\n2 0\n\n0 0\n1 0\n2 0\n' >"$T/answers"
	run --separate-stderr "$PATHFIND" --check="$T/answers" --no-label "$T/one" "$T/one" "$T/one"
	[ "$status" -eq 2 ]
	[ "$stderr" = "pathfind: $T/answers:6:5: bad cell (x y: column and row, whole numbers)" ]
	[ "${#lines[@]}" -eq 12 ]	# (without the empty lines)
	# -f json
	printf '{"path":[[0,0],[1,0],[2.5,0]]}\n{"path":[[0,0]]\n{"check":"right"}\n{"cost":2}\n' >"$T/answers"
	run --separate-stderr "$PATHFIND" --check="$T/answers" "$T/one" "$T/one" "$T/one" "$T/one"
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "pathfind: $T/answers:1:23: bad \"path\": expected a whole number" ]
	[ "${stderr_lines[1]}" = "pathfind: $T/answers:2:16: bad JSON: expected ',' or '}'" ]
	[ "${stderr_lines[2]}" = "pathfind: $T/answers:3:1: a check record, not an answer" ]
	[ "${stderr_lines[3]}" = "pathfind: $T/answers:4:1: no \"path\" member (nor \"found\":false, nor \"error\")" ]
}

@test "--check: answers that run out, and answers left over, are errors" {
	printf 'A.B\n' >"$T/one"
	printf 'R2\n' >"$T/answers"
	run --separate-stderr "$PATHFIND" --check="$T/answers" -f json "$T/one" "$T/one" "$T/one"
	[ "$status" -eq 2 ]
	[ "${lines[1]}" = '{"source":"'"$T"'/one","map":1,"line":1,"column":1,"error":"no answer for this map: the answers end after 1 answer"}' ]
	[ "${stderr_lines[1]}" = "pathfind: $T/one:1:1: no answer for this map: the answers end after 1 answer" ]
	[ "${#lines[@]}" -eq 3 ]
	printf 'R2\nR2\n\nR1\n' >"$T/answers"
	run --separate-stderr "$PATHFIND" --check="$T/answers" -f json "$T/one" "$T/one"
	[ "$status" -eq 2 ]
	[ "${lines[2]}" = '{"source":"'"$T"'/answers","map":null,"line":3,"column":1,"error":"more answers than maps (2 maps)"}' ]
	[ "$stderr" = "pathfind: $T/answers:3:1: more answers than maps (2 maps)" ]
	# -f path: the empty line after the last record is not one more
	printf '0 0\n1 0\n2 0\n\n' >"$T/answers"
	run "$PATHFIND" --check="$T/answers" "$T/one"
	[ "$status" -eq 0 ]
	# an input that cannot be opened takes its answer, as its error record did
	printf 'error\nR2\n' >"$T/answers"
	run --separate-stderr "$PATHFIND" --check="$T/answers" "$T/missing" "$T/one"
	[ "$status" -eq 2 ]
	[ "$stderr" = "pathfind: $T/missing: cannot open: No such file or directory" ]
	[ "${lines[1]}" = "check: right" ]
}

# Found untested by a mutation run: each of these came out the same with
# a mutant of the code it names.
@test "--check: a count of 0, one map's and one answer's words, a trace line that is an error, -S's counts" {
	local D=$root/tests/data
	printf 'A..B\n' >"$T/m"
	# parse_move: a count is from 1
	printf 'R0 R3\n' >"$T/answers"
	run --separate-stderr "$PATHFIND" --check="$T/answers" "$T/m"
	[ "$status" -eq 2 ]
	[ "$stderr" = "pathfind: $T/answers:1:1: bad move (a direction U, D, L, R, UR, DR, DL or UL and a count from 1, such as R2)" ]
	# answers_left: one map, not "1 maps"
	printf '0 0\n1 0\n2 0\n3 0\n\n0 0\n1 0\n2 0\n3 0\n' >"$T/answers"
	run --separate-stderr "$PATHFIND" --check="$T/answers" "$T/m"
	[ "$status" -eq 2 ]
	[ "$stderr" = "pathfind: $T/answers:6:1: more answers than maps (1 map)" ]
	# a JSON line with "error" is an error's placeholder, "trace" or not
	printf '{"trace":"expand","error":"x"}\n' >"$T/answers"
	run "$PATHFIND" --check="$T/answers" "$T/m"
	[ "$status" -eq 3 ]
	[ "$output" = $'check: unanswered\nerror\noptimum: 3' ]
	# -S: one answer, not "1 answers"
	head -n 3 "$D/tiny.map.scen" >"$T/two.scen"
	printf 'R1\n' >"$T/answers"
	run --separate-stderr "$PATHFIND" -S "$T/two.scen" --check="$T/answers" "$D/tiny.map"
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "pathfind: $T/two.scen:3:1: no answer for this scenario: the answers end after 1 answer" ]
	# -S, answers that cannot be read: the bad scenario's own error, the
	# read error, and the next scenario's missing answer, three errors
	printf 'version 1\n0\ttiny.map\t8\t6\t0\t0\t99\t0\t1\n0\ttiny.map\t8\t6\t0\t0\t1\t0\t1\n' >"$T/bad.scen"
	mkdir "$T/adir"
	run --separate-stderr "$PATHFIND" -S "$T/bad.scen" --check="$T/adir" "$D/tiny.map"
	[ "$status" -eq 2 ]
	[ "${stderr_lines[1]}" = "pathfind: $T/adir:1:1: read error: Is a directory" ]
	[[ "${stderr_lines[3]}" == "pathfind: $T/bad.scen: scenarios=0 right=0 costlier=0 illegal=0 wrong=0 unanswered=0 mismatches=0 errors=3 "* ]]
	# -S --check=- with standard input closed
	run --separate-stderr bash -c '"$0" -S "$1" --check=- "$2" <&-' "$PATHFIND" "$T/two.scen" "$D/tiny.map"
	[ "$status" -eq 2 ]
	[ "$output" = "" ]
	[ "$stderr" = "pathfind: <stdin>: cannot read: standard input is closed" ]
	# -S: a right claim of no path has no optimum either: "-"
	printf 'type octile\nheight 1\nwidth 3\nmap\n.@.\n' >"$T/w.map"
	printf 'version 1\n0\tw.map\t3\t1\t0\t0\t2\t0\t2\n' >"$T/w.scen"
	printf '\n' >"$T/answers"
	run --separate-stderr "$PATHFIND" -S "$T/w.scen" --check="$T/answers" --check-format=path "$T/w.map"
	[ "$status" -eq 3 ]
	[ "${lines[1]}" = $'2\t0\t0\t2\t0\t2\tright\tno path\t-\t-\t-\t-\t-' ]
	[ "${stderr_lines[0]}" = "pathfind: $T/w.scen:2:1: mismatch: no path, published 2" ]
}

@test "--check: usage errors, and answers that cannot be opened or read" {
	printf 'A.B\n' >"$T/one"
	printf 'R2\n' >"$T/answers"
	run --separate-stderr "$PATHFIND" --check=- <"$T/one"
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "pathfind: --check=-: standard input cannot hold both the answers and the maps" ]
	run --separate-stderr "$PATHFIND" --check=- "$T/one" - <"$T/one"
	[ "$status" -eq 2 ]
	# standard input by another name, or the file it comes from: its
	# maps were read as answers, or answers as maps
	for a in /dev/stdin "$T/one"; do
		run --separate-stderr "$PATHFIND" --check="$a" <"$T/one"
		[ "$status" -eq 2 ]
		[ "$stderr" = "pathfind: $a: it is standard input, which holds the maps" ]
		[ -z "$output" ]
	done
	run --separate-stderr bash -c 'printf "A.B\n" | "$0" -f json --check=/dev/stdin' "$PATHFIND"
	[ "$status" -eq 2 ]
	[ "$output" = '{"source":"/dev/stdin","map":null,"line":null,"column":null,"error":"it is standard input, which holds the maps"}' ]
	# and not where the maps come from files
	run --separate-stderr "$PATHFIND" --check=/dev/stdin "$T/one" <"$T/answers"
	[ "$status" -eq 0 ]
	# --check=- and maps named by another name for standard input: that
	# operand is an error (its answer read, as for a file not opened), the
	# others are checked; through a pipe and from a file (not read ahead)
	printf 'R2\n\nR2\n' >"$T/two-answers"
	for a in /dev/stdin /dev/fd/0 "$T/two-answers"; do
		run --separate-stderr bash -c 'cat "$1" | "$0" --check=- "$2" "$3" "$2"' \
		    "$PATHFIND" "$T/two-answers" "$T/one" "$a"
		[ "$status" -eq 2 ] || { echo "$a: $status: $stderr"; return 1; }
		[ "${stderr_lines[0]}" = "pathfind: $a: it is standard input, which holds the answers" ] ||
		    [ "$a" = "$T/two-answers" ]
		[ "$(grep -c '^check: right$' <<<"$output")" -eq 2 ] || [ "$a" = "$T/two-answers" ]
		run --separate-stderr "$PATHFIND" -j 2 --check=- "$T/one" "$a" "$T/one" <"$T/two-answers"
		[ "$status" -eq 2 ] || { echo "$a: $status: $stderr"; return 1; }
		[ "${stderr_lines[0]}" = "pathfind: $a: it is standard input, which holds the answers" ]
		[ "$(grep -c '^check: right$' <<<"$output")" -eq 2 ]
	done
	local opt
	for opt in "-f path" "-f moves"; do
		run --separate-stderr "$PATHFIND" --check="$T/answers" $opt "$T/one"
		[ "$status" -eq 2 ]
		[ "${stderr_lines[0]}" = "pathfind: --check prints check records: it needs -f text or -f json" ]
	done
	for opt in -e --trace --scores --image=x.svg --compare=algorithm -T; do
		run --separate-stderr "$PATHFIND" --check="$T/answers" "$opt" "$T/one"
		[ "$status" -eq 2 ]
		[ "${stderr_lines[0]}" = "pathfind: ${opt%%=*} cannot be used with --check" ]
	done
	run --separate-stderr "$PATHFIND" --check-format=path "$T/one"
	[ "${stderr_lines[0]}" = "pathfind: --check-format needs --check" ]
	run --separate-stderr "$PATHFIND" --check="$T/answers" --check-format=text "$T/one"
	[ "${stderr_lines[0]}" = "pathfind: --check-format: invalid value 'text' (one of: auto path moves json)" ]
	run --separate-stderr "$PATHFIND" --check= "$T/one"
	[ "${stderr_lines[0]}" = "pathfind: --check: invalid value '' (a file of answers, or - for standard input)" ]
	# the answers are opened before any map is read
	run --separate-stderr "$PATHFIND" --check="$T/nothere" "$T/one"
	[ "$status" -eq 2 ]
	[ "$output" = "" ]
	[ "$stderr" = "pathfind: $T/nothere: cannot open: No such file or directory" ]
	# with -f json their error record too, as with -S, "map" null
	run --separate-stderr "$PATHFIND" -f json --check="$T/nothere" "$T/one"
	[ "$status" -eq 2 ]
	[ "$output" = '{"source":"'"$T"'/nothere","map":null,"line":null,"column":null,"error":"cannot open: No such file or directory"}' ]
	[ "$stderr" = "pathfind: $T/nothere: cannot open: No such file or directory" ]
	# a directory: the read error, then the maps have no answer
	run --separate-stderr "$PATHFIND" --check="$T" "$T/one" "$T/one"
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "pathfind: $T:1:1: read error: Is a directory" ]
	[ "${stderr_lines[1]}" = "pathfind: $T/one:1:1: no answer for this map: reading the answers failed" ]
	# a read error in the answer of a bad map: said after the map's own
	# error, and counted, one error a diagnostic
	printf 'A?B\n\nA.B\n' >"$T/badfirst"
	run --separate-stderr "$PATHFIND" -s --check="$T" "$T/badfirst"
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "pathfind: $T/badfirst:1:2: unknown character '?' (allowed: A B # . space 1-9)" ]
	[ "${stderr_lines[1]}" = "pathfind: $T:1:1: read error: Is a directory" ]
	[ "${stderr_lines[2]}" = "pathfind: $T/badfirst:3:1: no answer for this map: reading the answers failed" ]
	[ "${stderr_lines[3]}" = "pathfind: summary: maps=2 right=0 costlier=0 illegal=0 wrong=0 unanswered=0 errors=3 expanded=0" ]
	# the answers are standard output's own file: their records would be
	# read back
	cp "$T/answers" "$T/same"
	run --separate-stderr bash -c '"$0" --check="$1" "$2" >>"$1"' "$PATHFIND" "$T/same" "$T/one"
	[ "$status" -eq 2 ]
	[ "$stderr" = "pathfind: $T/same: input file is output file" ]
	[ "$(cat "$T/same")" = "R2" ]
	# standard input closed
	run --separate-stderr bash -c '"$0" --check=- "$1" <&-' "$PATHFIND" "$T/one"
	[ "$status" -eq 2 ]
	[ "$stderr" = "pathfind: <stdin>: cannot read: standard input is closed" ]
}

@test "--check=-: answers from standard input, each verdict as soon as its answer is in" {
	local j
	printf 'A.B\n\nA#B\n\nA..B\n' >"$T/maps"
	# -j 2: a thread reads small maps ahead and solves them together,
	# but not while their answers are still to come
	for j in 1 2; do
	converse -j "$j" --no-label --check=- "$T/maps" <<-'EOF'
	> R2
	< check: right
	< cost: 2
	< steps: 2
	< goal: 2 0
	< optimum: 2
	< excess: 0
	>
	<
	< check: right
	< no path
	< optimum: no path
	> R1
	<
	< check: illegal
	< step 1: (0,0) -> (1,0): ends the path, not on a goal
	< optimum: 3
	EOF
	done
}

@test "--check -j: the same bytes as -j 1, in input order" {
	"$BRUTE" gen 99 200 >"$T/maps"
	"$PATHFIND" -f moves -d no-squeeze "$T/maps" >"$T/answers" || true
	# every fifth answer corrupted: a step more
	awk 'NR % 5 == 0 { $0 = $0 (length($0) ? " " : "") "L1" } { print }' "$T/answers" >"$T/bad"
	# two answers more than maps: one error after the last map's verdict
	{ cat "$T/answers"; printf 'R1\nR1\n'; } >"$T/more"
	local f j
	for f in answers bad more; do
		"$PATHFIND" -f json -d no-squeeze --check="$T/$f" "$T/maps" >"$T/want" 2>"$T/wante" || true
		for j in 2 3; do
			"$PATHFIND" -j "$j" -f json -d no-squeeze --check="$T/$f" "$T/maps" >"$T/got" 2>"$T/gote" || true
			cmp "$T/want" "$T/got"
			cmp "$T/wante" "$T/gote"
		done
		[ "$f" != bad ] || [ "$(grep -c '"check":"illegal"' "$T/want")" -gt 20 ]
		[ "$f" != more ] || grep -q 'more answers than maps (200 maps)' "$T/wante"
	done
	# valid JSON, every line
	cc -std=c11 -O2 -o "$T/jsoncheck" "$root/tests/jsoncheck.c"
	"$T/jsoncheck" "$T/want" >/dev/null
}

@test "--check: -s counts the verdicts" {
	printf 'A.B\n\nA#B\n\nA.B\n\nA.B\n\nA?B\n\nA.B\n' >"$T/maps"
	printf 'R2\nR2\nR1 R1 L1 R1\nerror\nerror\n\n' >"$T/answers"
	run --separate-stderr "$PATHFIND" -q -s --check="$T/answers" "$T/maps"
	[ "$status" -eq 3 ]
	[ "$output" = "" ]
	[ "${stderr_lines[1]}" = "pathfind: summary: maps=6 right=1 costlier=1 illegal=1 wrong=1 unanswered=1 errors=1 expanded=9" ]
}

@test "--check: a MovingAI map with --start and --goal" {
	local m=$root/tests/data/tiny.map
	"$PATHFIND" -f moves --start 0,0 --goal 7,5 "$m" >"$T/answers"
	[ "$(cat "$T/answers")" = "R5 DR2 D3" ]
	run "$PATHFIND" --check="$T/answers" --start 0,0 --goal 7,5 "$m"
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "cost: 10.828427" ]
	# into the @ at (4,1); and past the @ at (2,3), which type octile's
	# rule, no-corner-cut, forbids
	printf 'R3 DR2 D3 R2\n' >"$T/answers"
	run "$PATHFIND" --check="$T/answers" --start 0,0 --goal 7,5 "$m"
	[ "$status" -eq 3 ]
	[ "${lines[1]}" = "step 4: (3,0) -> (4,1): into a wall" ]
	printf 'D4 R2 UR1 R1 DR1\n' >"$T/answers"
	run "$PATHFIND" --check="$T/answers" --start 0,0 --goal 7,5 "$m"
	[ "${lines[1]}" = "step 7: (2,4) -> (3,3): cuts the corner at (2,3) (-d no-corner-cut)" ]
	# -d never on the same map: the diagonal steps are illegal
	printf 'R5 DR2 D3\n' >"$T/answers"
	run "$PATHFIND" --check="$T/answers" -d never --start 0,0 --goal 7,5 "$m"
	[ "${lines[1]}" = "step 6: (5,0) -> (6,1): a diagonal step (-d never)" ]
	[ "${lines[2]}" = "optimum: 12" ]
}

# The brute-force oracle's verdicts (tests/brute.c verdict) in the shape
# of pathfind's: "VERDICT STEP REASON COST" from -f json check records.
verdicts() {
	sed -E -e 's/.*"check":"([a-z]+)",.*"cost":([^,]*),.*"step":([^,]*),.*"reason":(null|"[^"]*"),.*/\1 \3 \4 \2/' \
	    -e 's/"a diagonal step[^"]*"/diagonal/; s/"off the map"/off/; s/"into a wall"/wall/' \
	    -e 's/"cuts the corner[^"]*"/corner/; s/"squeezes between[^"]*"/squeeze/' \
	    -e 's/"ends the path[^"]*"/end/; s/null/-/g'
}

# agree MAPS ANSWERS OPTIONS...: pathfind --check and the oracle say the
# same of every answer; the exit status is 0 when all are right, else 3.
agree() {
	local maps=$1 answers=$2 st=0
	shift 2
	"$PATHFIND" -f json --check="$answers" "$@" "$maps" >"$T/json" 2>"$T/err" || st=$?
	[ ! -s "$T/err" ] || { echo "pathfind $*: $(head -3 "$T/err")"; return 1; }
	verdicts <"$T/json" >"$T/got"
	"$BRUTE" verdict "$maps" "$answers" -- "$@" >"$T/want"
	if ! cmp -s "$T/want" "$T/got"; then
		echo "pathfind --check $* disagrees with the oracle (< oracle, > pathfind):"
		diff "$T/want" "$T/got" | head -10
		return 1
	fi
	if grep -qv '^right ' "$T/want"; then
		[ "$st" -eq 3 ] || { echo "$*: exit $st, some answer not right"; return 1; }
	else
		[ "$st" -eq 0 ] || { echo "$*: exit $st, every answer right"; return 1; }
	fi
}

# corrupt MODE R: every -f moves line with one step changed (to another
# direction), dropped or added, at a step that moves with R and the line
# number, written back as runs.
corrupt() {
	awk -v mode="$1" -v r="$2" 'BEGIN { split("U UR R DR D DL L UL", D, " "); for (i = 1; i <= 8; i++) ix[D[i]] = i }
	{
		n = 0
		for (t = 1; t <= NF; t++) {
			match($t, /^[UDLR]+/)
			d = substr($t, 1, RLENGTH)
			for (c = substr($t, RLENGTH + 1) + 0; c > 0; c--) s[++n] = d
		}
		if (mode == "add") {
			p = (NR + r) % (n + 1) + 1
			for (i = n; i >= p; i--) s[i + 1] = s[i]
			s[p] = D[(NR + r) % 8 + 1]
			n++
		} else if (n > 0 && mode == "drop") {
			for (i = (NR + r) % n + 1; i < n; i++) s[i] = s[i + 1]
			n--
		} else if (n > 0) {
			p = (NR + r) % n + 1
			s[p] = D[(ix[s[p]] + r % 7) % 8 + 1]
		}
		out = ""; run = 0
		for (i = 1; i <= n; i++) {
			if (i > 1 && s[i] != s[i - 1]) { out = out (out == "" ? "" : " ") s[i - 1] run; run = 0 }
			run++
		}
		if (n > 0) out = out (out == "" ? "" : " ") s[n] run
		print out
	}'
}

# roundtrip OPTIONS...: pathfind's own -f moves answers pass (exit 0 when
# its result is guaranteed optimal); every answer corrupted a step, in
# each of four rounds of each mode, gets the oracle's verdict, step and
# reason, and the run exit 3.
roundtrip() {
	local mode r st
	"$PATHFIND" -f moves "$@" "$T/maps" >"$T/moves" || true
	agree "$T/maps" "$T/moves" "$@"
	for mode in change drop add; do
		for r in 1 2 3 4; do
			corrupt "$mode" "$r" <"$T/moves" >"$T/bad"
			agree "$T/maps" "$T/bad" "$@"
			grep -q . "$T/want"
			st=$(grep -vc '^right ' "$T/want") || true
			[ "$st" -gt 150 ] || { echo "$mode $r: only $st of 300 caught"; return 1; }
		done
	done
}

@test "round trip: pathfind's answers pass and every corrupted one is caught, under every -d" {
	# random maps (tests/brute gen): terrain, several goals, ragged rows,
	# maps without a path
	"$BRUTE" gen 20261124 300 >"$T/maps"
	local rule
	for rule in never no-corner-cut no-squeeze always; do
		roundtrip -d "$rule"
	done
}

@test "round trip: costs, heuristics and algorithms; -f path and -f json answers too" {
	"$BRUTE" gen 4711 300 >"$T/maps"
	roundtrip -d always -c 10,14 -a dijkstra
	roundtrip -d no-squeeze -c 2.5,sqrt2 -H euclidean -t fifo
	roundtrip -d no-corner-cut -c 1,0.5 -H zero
	# weighted A* is not sure to be optimal: its costlier answers are found
	"$PATHFIND" -f moves -d always -w 3 -H euclidean "$T/maps" >"$T/moves" || true
	agree "$T/maps" "$T/moves" -d always -w 3 -H euclidean
	grep -q '^costlier ' "$T/want"
	local f
	for f in path json; do
		"$PATHFIND" -f "$f" -d no-squeeze -c 10,14 "$T/maps" >"$T/answers" || true
		run --separate-stderr "$PATHFIND" -q -s --check="$T/answers" -d no-squeeze -c 10,14 "$T/maps"
		[ "$status" -eq 0 ] || { echo "-f $f: $status $stderr"; return 1; }
		[[ "$stderr" == "pathfind: summary: maps=300 right=300 "* ]]
	done
}

# Each documented limit of the answers, from both sides, and the forms
# near them (each of these once went unnoticed by every test: a mutation
# run, 2026-11-29).
@test "--check: the answers' limits from both sides: digits, counts, nesting, error lines, JSON numbers" {
	local want got st line
	while IFS='|' read -r line want; do
		st=0
		got=$(printf '%b\n' "$line" | "$PATHFIND" --check=- samples/tutorial.txt 2>&1) || st=$?
		[ "$st|$(tr '\n' '~' <<<"$got")" = "$want" ] || { echo "$line: $st|$got"; echo "want: $want"; return 1; }
	done <<-'EOF2'
	123456789 0|3|check: illegal~step 0: (123456789,0): not the start (1,2)~optimum: 8~
	1234567890 0|2|pathfind: <stdin>:1:1: bad cell (x y: column and row, whole numbers)~
	 12a 0|2|pathfind: <stdin>:1:4: bad cell (x y: column and row, whole numbers)~
	12|2|pathfind: <stdin>:1:3: bad cell (x y: column and row, whole numbers)~
	12 0x|2|pathfind: <stdin>:1:5: bad cell (x y: column and row, whole numbers)~
	-1 0|3|check: illegal~step 0: (-1,0): not the start (1,2)~optimum: 8~
	R4294967295|3|check: illegal~step 2: (2,2) -> (3,2): into a wall~optimum: 8~
	R4294967296|2|pathfind: <stdin>:1:1: bad move (a direction U, D, L, R, UR, DR, DL or UL and a count from 1, such as R2)~
	{"cost":8.,"path":[[1,2],[2,2]]}|2|pathfind: <stdin>:1:11: bad JSON: expected a digit~
	{"path":[[1.0,2.0],[2.0,2.0],[2.0,1.0],[2.0,0.0],[3.0,0.0],[4.0,0.0],[4.0,1.0],[4.0,2.0],[5e0,0.2e1]]}|0|check: right~cost: 8~steps: 8~goal: 5 2~optimum: 8~excess: 0~
	{"path":[[1.0,2e0],[20e-1,2.00]]}|3|check: illegal~step 1: (1,2) -> (2,2): ends the path, not on a goal~optimum: 8~
	{"path":[[1.5,2]]}|2|pathfind: <stdin>:1:11: bad "path": expected a whole number~
	{"path":[[1,1e-1]]}|2|pathfind: <stdin>:1:13: bad "path": expected a whole number~
	{"path":[[1234567890e-1,2]]}|3|check: illegal~step 0: (123456789,2): not the start (1,2)~optimum: 8~
	{"path":[[1e9,2]]}|2|pathfind: <stdin>:1:11: bad "path": expected a whole number~
	{"path":[[-0.0,0E+3]]}|3|check: illegal~step 0: (0,0): not the start (1,2)~optimum: 8~
	{"path":[[0.000000000000000001e18,2]]}|3|check: illegal~step 0: (1,2): ends the path, not on a goal~optimum: 8~
	{"path":[[01,2]]}|2|pathfind: <stdin>:1:11: bad JSON: expected a number without a leading zero~
	{"path":[[1,-00]]}|2|pathfind: <stdin>:1:14: bad JSON: expected a number without a leading zero~
	{"n":00.5,"path":[[1,2]]}|2|pathfind: <stdin>:1:6: bad JSON: expected a number without a leading zero~
	{"n":-0,"m":0e1,"k":0.5,"path":[[0E0,2]]}|3|check: illegal~step 0: (0,2): not the start (1,2)~optimum: 8~
	{"x":"\\\0","path":[[1,2]]}|2|pathfind: <stdin>:1:8: bad JSON: expected an escape~
	{"x":"\\u00e9\\/\\\\","path":[[1,2]]}|3|check: illegal~step 0: (1,2): ends the path, not on a goal~optimum: 8~
	EOF2
	# digits past any exponent's reach: a million zeros before e-10000000
	# leave a fraction, and ten million after the point make e10000001 land
	# on 1 (the exponent read whole, not cut at a million)
	run --separate-stderr bash -c '{ printf "{\"path\":[[1"; head -c 1000008 /dev/zero | tr "\0" 0
		printf "e-10000000,2]]}\n"; } | "$0" --check=- "$1"' "$PATHFIND" "$root/samples/tutorial.txt"
	[ "$status" -eq 2 ]
	[ "$stderr" = "pathfind: <stdin>:1:11: bad \"path\": expected a whole number" ]
	run --separate-stderr bash -c '{ printf "{\"path\":[[0."; head -c 10000000 /dev/zero | tr "\0" 0
		printf "1e10000001,2]]}\n"; } | "$0" --check=- "$1"' "$PATHFIND" "$root/samples/tutorial.txt"
	[ "$status" -eq 3 ]
	[ "${lines[1]}" = "step 0: (1,2): ends the path, not on a goal" ]
	# "error" with blanks after it is the placeholder still
	run --separate-stderr bash -c 'printf "error \n" | "$0" --check=- --check-format=moves "$1"' "$PATHFIND" "$root/samples/tutorial.txt"
	[ "$status" -eq 3 ]
	[ "${lines[0]}" = "check: unanswered" ]
	# 64 levels of JSON (the object and 63 arrays) are read; 65 are not
	run --separate-stderr bash -c 'nest() { printf "{\"x\":"; printf "%${1}s" "" | tr " " "["; printf "%${1}s" "" | tr " " "]"; printf ",\"path\":[[1,2],[2,2]]}\n"; }
		nest "$2" | "$0" --check=- "$1"' "$PATHFIND" "$root/samples/tutorial.txt" 63
	[ "$status" -eq 3 ]
	[ "${lines[1]}" = "step 1: (1,2) -> (2,2): ends the path, not on a goal" ]
	run --separate-stderr bash -c 'nest() { printf "{\"x\":"; printf "%${1}s" "" | tr " " "["; printf "%${1}s" "" | tr " " "]"; printf ",\"path\":[[1,2],[2,2]]}\n"; }
		nest "$2" | "$0" --check=- "$1"' "$PATHFIND" "$root/samples/tutorial.txt" 64
	[ "$status" -eq 2 ]
	[ "$stderr" = "pathfind: <stdin>:1:70: bad JSON: expected less nesting (at most 64 levels)" ]
}

# scen_ascii MAP SCEN: each scenario of SCEN as an ASCII map of its own,
# MovingAI map MAP ('@' a wall, '.' floor, as random_scen writes them) with
# A at the scenario's start and B at its goal; maps separated by empty
# lines, for the brute-force oracle.
scen_ascii() {
	awk 'FNR == NR { if (FNR > 4) row[FNR - 5] = $0; h = FNR - 4; next }
		$1 == "version" { next }
		{ if (n++) print ""
		  for (y = 0; y < h; y++) { r = row[y]; gsub(/@/, "#", r)
			if (y == $6) r = substr(r, 1, $5) "A" substr(r, $5 + 2)
			if (y == $8) r = substr(r, 1, $7) "B" substr(r, $7 + 2)
			print r } }' "$1" "$2"
}

# own_scen MAP SCEN OUT: SCEN's scenarios that have a path, with
# pathfind's own cost as their published length, into OUT.
own_scen() {
	"$PATHFIND" -S "$2" "$1" 2>/dev/null | awk -F '\t' 'NR > 1 && $7 != "-" {
		printf "0\tr\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", w, h, $2, $3, $4, $5, $7 }' \
	    w="$(sed -n 's/^width //p' "$1")" h="$(sed -n 's/^height //p' "$1")" >"$3"
}

@test "-S --check: pathfind's own answers in every format are right, over chunks; -j 2 and 3 print -j 1's bytes" {
	random_scen 40 30 0.25 1200 11 "$T/m.map" "$T/raw.scen"
	own_scen "$T/m.map" "$T/raw.scen" "$T/s.scen"
	local n f j
	n=$(wc -l <"$T/s.scen")
	[ "$n" -gt 1024 ]	# more than a chunk
	for f in moves path json; do
		"$PATHFIND" -S "$T/s.scen" -f "$f" "$T/m.map" >"$T/ans.$f" 2>/dev/null
		run --separate-stderr "$PATHFIND" -S "$T/s.scen" --check="$T/ans.$f" "$T/m.map"
		[ "$status" -eq 0 ] || { echo "-f $f: $status: $stderr"; return 1; }
		[ "${lines[0]}" = "$(printf 'id\tstart_x\tstart_y\tgoal_x\tgoal_y\tlength\tcheck\tanswer\tcost\tsteps\toptimum\texcess\treason')" ]
		[ "$(cut -f 7 <<<"$output" | sort | uniq -c | awk '{ print $1, $2 }')" = "1 check
$n right" ]
		[[ "$stderr" == "pathfind: $T/s.scen: scenarios=$n right=$n costlier=0 illegal=0 wrong=0 unanswered=0 mismatches=0 errors=0 expanded="* ]]
	done
	# every bit of the answers: -1 exits 0 too, once per format; JSON
	"$PATHFIND" -S "$T/s.scen" -f json --check="$T/ans.moves" "$T/m.map" >"$T/want" 2>"$T/wante"
	[ "$(grep -c '"check":"right","answer":"path",' "$T/want")" -eq "$n" ]
	cc -std=c11 -O2 -o "$T/jsoncheck" "$root/tests/jsoncheck.c"
	"$T/jsoncheck" "$T/want" >/dev/null
	sed -i 's/ time=.*//' "$T/wante"
	for j in 2 3; do
		"$PATHFIND" -S "$T/s.scen" -j "$j" -f json --check="$T/ans.moves" "$T/m.map" >"$T/got" 2>"$T/gote"
		sed -i 's/ time=.*//' "$T/gote"
		cmp "$T/want" "$T/got"
		cmp "$T/wante" "$T/gote"
	done
}

@test "-S --check: every answer, right or corrupted, gets the brute-force oracle's verdict, under every -d" {
	random_scen 30 20 0.3 200 5 "$T/m.map" "$T/s.scen"
	scen_ascii "$T/m.map" "$T/s.scen" >"$T/maps"
	[ "$(grep -c A "$T/maps")" -eq 200 ]
	local rule mode r st
	# agree_scen ANSWERS RULE: -S --check's verdicts are the oracle's,
	# on the scenarios made maps; stderr has nothing but mismatches (the
	# lengths are random_scen's 0) and the summary
	agree_scen() {
		"$PATHFIND" -S "$T/s.scen" -f json -d "$2" --check="$1" "$T/m.map" >"$T/json" 2>"$T/err" || true
		! grep -v -e ': mismatch: ' -e ': scenarios=200 ' "$T/err" || return 1
		verdicts <"$T/json" >"$T/got"
		"$BRUTE" verdict "$T/maps" "$1" -- -d "$2" >"$T/want"
		cmp -s "$T/want" "$T/got" || { echo "-d $2: (< oracle, > pathfind)"; diff "$T/want" "$T/got" | head; return 1; }
	}
	for rule in never no-corner-cut no-squeeze always; do
		"$PATHFIND" -S "$T/s.scen" -f moves -d "$rule" "$T/m.map" >"$T/moves" 2>/dev/null || true
		agree_scen "$T/moves" "$rule"
		[ "$(grep -c '^right ' "$T/want")" -eq 200 ]
		for mode in change drop add; do
			for r in 1 2; do
				corrupt "$mode" "$r" <"$T/moves" >"$T/bad"
				agree_scen "$T/bad" "$rule"
				st=$(grep -vc '^right ' "$T/want") || true
				[ "$st" -gt 100 ] || { echo "-d $rule $mode $r: only $st of 200 caught"; return 1; }
			done
		done
	done
}

@test "-S --check: the table's columns and the JSON members of each verdict; a mismatch; -w" {
	local d=$root/tests/data
	printf 'R1\n\nR4 D3\nerror\nUL1 L5 UL1 U2\nD1 L1\n' >"$T/ans"
	run --separate-stderr "$PATHFIND" -S "$d/tiny.map.scen" --check="$T/ans"
	[ "$status" -eq 3 ]
	[ "$(tr '\t' '|' <<<"$output")" = "id|start_x|start_y|goal_x|goal_y|length|check|answer|cost|steps|optimum|excess|reason
2|0|0|1|0|1|right|path|1|1|1|0|-
3|0|0|3|2|8.41421|wrong|no path|-|-|8.414214|-|-
4|3|2|7|5|5.82843|costlier|path|7|7|5.828427|1.171573|-
5|0|4|7|0|9.24264|unanswered|error|-|-|9.242641|-|-
6|7|5|0|0|10.8284|illegal|path|-|-|10.828427|-|step 9: (0,2) -> (0,1): ends the path, not on a goal
7|3|3|2|4|2|right|path|2|2|2|0|-" ]
	[[ "$stderr" == "pathfind: $d/tiny.map.scen: scenarios=6 right=2 costlier=1 illegal=1 wrong=1 unanswered=1 mismatches=0 errors=0 expanded="* ]]
	run --separate-stderr "$PATHFIND" -S "$d/tiny.map.scen" -f json --check="$T/ans"
	[ "$status" -eq 3 ]
	local opts='"options":{"algorithm":"astar","heuristic":"octile","diagonal":"no-corner-cut","cost":"1,sqrt2","weight":1,"tie_break":"low-h","open_list":"buckets"}}'
	[ "${lines[2]}" = '{"source":"'"$d"'/tiny.map.scen","id":4,"start":[3,2],"goal":[7,5],"length":5.82843,"check":"costlier","answer":"path","cost":7,"steps":7,"step":null,"from":null,"to":null,"reason":null,"optimum":5.828427,"excess":1.171573,"mismatch":false,'"$opts" ]
	[ "${lines[4]}" = '{"source":"'"$d"'/tiny.map.scen","id":6,"start":[7,5],"goal":[0,0],"length":10.8284,"check":"illegal","answer":"path","cost":null,"steps":null,"step":9,"from":[0,2],"to":[0,1],"reason":"ends the path, not on a goal","optimum":10.828427,"excess":null,"mismatch":false,'"$opts" ]
	[[ "${lines[1]}" == *'"check":"wrong","answer":"no path","cost":null,'* ]]
	[[ "${lines[3]}" == *'"check":"unanswered","answer":"error","cost":null,'* ]]
	# every answer right, but a published length that is not: exit 3, the
	# mismatch said, and "mismatch":true
	cp "$d/tiny.map" "$T/tiny.map"
	sed '2s/1$/1.5/' "$d/tiny.map.scen" >"$T/tiny.map.scen"
	"$PATHFIND" -S "$d/tiny.map.scen" -f moves >"$T/own" 2>/dev/null
	run --separate-stderr "$PATHFIND" -S "$T/tiny.map.scen" -f json --check="$T/own"
	[ "$status" -eq 3 ]
	[[ "${lines[0]}" == *'"check":"right",'*'"mismatch":true,'* ]]
	[ "${stderr_lines[0]}" = "pathfind: $T/tiny.map.scen:2:1: mismatch: cost 1, published 1.5 (tolerance 0.1)" ]
	[[ "${stderr_lines[1]}" == *": scenarios=6 right=6 costlier=0 illegal=0 wrong=0 unanswered=0 mismatches=1 errors=0 "* ]]
	# a weight voids the guarantee: the optimum is Dijkstra's, as for maps
	run --separate-stderr "$PATHFIND" -S "$d/tiny.map.scen" -w 3 -f json --check="$T/ans"
	[ "$status" -eq 3 ]
	[[ "${lines[2]}" == *'"check":"costlier",'*'"optimum":5.828427,'*'"mismatch":false,"options":{"algorithm":"dijkstra","heuristic":"zero",'*'"open_list":"step-queues"}}' ]]
	[[ "$stderr" == *": scenarios=6 right=2 costlier=1 illegal=1 wrong=1 unanswered=1 mismatches=0 errors=0 "* ]]
}

@test "-S --check: a bad scenario line takes an answer; answers that run out, are left over or cannot be read" {
	local d=$root/tests/data
	cp "$d/tiny.map" "$T/tiny.map"
	{ sed -n 1,3p "$d/tiny.map.scen"; printf 'x\n'; sed -n '4,$p' "$d/tiny.map.scen"; } >"$T/tiny.map.scen"
	"$PATHFIND" -S "$T/tiny.map.scen" -f moves >"$T/own" 2>/dev/null || true
	[ "$(sed -n 3p "$T/own")" = "error" ]
	run --separate-stderr "$PATHFIND" -S "$T/tiny.map.scen" -f json --check="$T/own"
	[ "$status" -eq 2 ]
	[ "${lines[2]}" = '{"source":"'"$T"'/tiny.map.scen","id":4,"line":4,"column":1,"error":"expected 9 fields, found 1"}' ]
	[ "$(grep -c '"check":"right"' <<<"$output")" -eq 6 ]
	# the answers end: each scenario left is an error at its line
	head -n 2 "$T/own" >"$T/short"
	run --separate-stderr "$PATHFIND" -S "$T/tiny.map.scen" -f json --check="$T/short"
	[ "$status" -eq 2 ]
	[ "${lines[3]}" = '{"source":"'"$T"'/tiny.map.scen","id":5,"line":5,"column":1,"error":"no answer for this scenario: the answers end after 2 answers"}' ]
	[ "${stderr_lines[1]}" = "pathfind: $T/tiny.map.scen:5:1: no answer for this scenario: the answers end after 2 answers" ]
	[ "${#lines[@]}" -eq 7 ]
	# one answer left over: an error of the answers, at its line
	{ cat "$T/own"; printf 'R1\n'; } >"$T/more"
	run --separate-stderr "$PATHFIND" -S "$T/tiny.map.scen" -f json --check="$T/more"
	[ "$status" -eq 2 ]
	[ "${lines[7]}" = '{"source":"'"$T"'/more","id":null,"line":8,"column":1,"error":"more answers than scenarios (7 scenarios)"}' ]
	[ "${stderr_lines[1]}" = "pathfind: $T/more:8:1: more answers than scenarios (7 scenarios)" ]
	# a record that cannot be read: its scenario's error, at its place in
	# the answers; the next scenario reads the next record
	sed '2s/.*/R2 Q1/' "$T/own" >"$T/bad"
	run --separate-stderr "$PATHFIND" -S "$T/tiny.map.scen" -f json --check="$T/bad"
	[ "$status" -eq 2 ]
	[ "${lines[1]}" = '{"source":"'"$T"'/tiny.map.scen","id":3,"answers":"'"$T"'/bad","line":2,"column":4,"error":"bad move (a direction U, D, L, R, UR, DR, DL or UL and a count from 1, such as R2)"}' ]
	[ "${stderr_lines[0]}" = "pathfind: $T/bad:2:4: bad move (a direction U, D, L, R, UR, DR, DL or UL and a count from 1, such as R2)" ]
	[[ "${lines[3]}" == *'"id":5,'*'"check":"right",'* ]]
	# a read error: the scenario being answered has it, every one after
	# has no answer
	run --separate-stderr "$PATHFIND" -S "$T/tiny.map.scen" --check="$T"
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "pathfind: $T:1:1: read error: Is a directory" ]
	[ "${stderr_lines[1]}" = "pathfind: $T/tiny.map.scen:3:1: no answer for this scenario: reading the answers failed" ]
	[ "${stderr_lines[2]}" = "pathfind: $T/tiny.map.scen:4:1: expected 9 fields, found 1" ]
	[ "${#stderr_lines[@]}" -eq 8 ]
	[ "${#lines[@]}" -eq 1 ]	# the header
	# a scenario file that cannot be read: its error alone, no answers
	# "left over", no header, no summary
	run --separate-stderr "$PATHFIND" -S "$T" --check="$T/own" "$T/tiny.map"
	[ "$status" -eq 2 ]
	[ "$output" = "" ]
	[ "$stderr" = "pathfind: $T:1:1: read error: Is a directory" ]
	# answers that cannot be opened: nothing solved, not even the header
	run --separate-stderr "$PATHFIND" -S "$T/tiny.map.scen" --check="$T/nothere"
	[ "$status" -eq 2 ]
	[ "$output" = "" ]
	[ "$stderr" = "pathfind: $T/nothere: cannot open: No such file or directory" ]
	run --separate-stderr "$PATHFIND" -S "$T/tiny.map.scen" -f json --check="$T/nothere"
	[ "$output" = '{"source":"'"$T"'/nothere","id":null,"line":null,"column":null,"error":"cannot open: No such file or directory"}' ]
	# the answers are standard output's file
	run --separate-stderr bash -c '"$0" -S "$1" --check="$2" >>"$2"' "$PATHFIND" "$T/tiny.map.scen" "$T/own"
	[ "$status" -eq 2 ]
	[ "$stderr" = "pathfind: $T/own: input file is output file" ]
	[ "$(wc -l <"$T/own")" -eq 7 ]
}

@test "-S --check: answers from standard input, and what standard input cannot hold" {
	local d=$root/tests/data
	"$PATHFIND" -S "$d/tiny.map.scen" -f moves >"$T/own" 2>/dev/null
	run --separate-stderr "$PATHFIND" -S "$d/tiny.map.scen" --check=- <"$T/own"
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 7 ]
	run --separate-stderr "$PATHFIND" -S - --check=- "$d/tiny.map" <"$T/own"
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "pathfind: --check=-: standard input cannot hold both the answers and the scenarios" ]
	run --separate-stderr "$PATHFIND" -S "$d/tiny.map.scen" --check=- - <"$T/own"
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "pathfind: --check=-: standard input cannot hold both the answers and the map" ]
	# standard input by another name
	run --separate-stderr "$PATHFIND" -S - --check=/dev/stdin "$d/tiny.map" <"$T/own"
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "pathfind: /dev/stdin: it is standard input, which holds the scenarios or their map" ]
	run --separate-stderr "$PATHFIND" -S "$d/tiny.map.scen" --check=/dev/stdin - <"$T/own"
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "pathfind: /dev/stdin: it is standard input, which holds the scenarios or their map" ]
	run --separate-stderr "$PATHFIND" -S "$d/tiny.map.scen" --check=/dev/stdin <"$T/own"
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 7 ]
	# --check=- and the scenarios or their map by another name for it
	run --separate-stderr bash -c 'cat "$1" | "$0" -S /dev/stdin --check=- "$2"' \
	    "$PATHFIND" "$d/tiny.map.scen" "$d/tiny.map"
	[ "$status" -eq 2 ]
	[ "$stderr" = "pathfind: /dev/stdin: it is standard input, which holds the answers" ]
	run --separate-stderr "$PATHFIND" -S "$d/tiny.map.scen" --check=- /dev/stdin <"$d/tiny.map"
	[ "$status" -eq 2 ]
	[ "$stderr" = "pathfind: /dev/stdin: it is standard input, which holds the answers" ]
	[ -z "$output" ]
	# the scenarios from standard input, the answers from a file
	run --separate-stderr "$PATHFIND" -S - --check="$T/own" "$d/tiny.map" <"$d/tiny.map.scen"
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 7 ]
	# each row as soon as its answer is in: the scenarios from a file, the
	# answers through a pipe, line by line
	converse -S "$d/tiny.map.scen" --check=- <<-EOF
	> R1
	< $(printf 'id\tstart_x\tstart_y\tgoal_x\tgoal_y\tlength\tcheck\tanswer\tcost\tsteps\toptimum\texcess\treason')
	< $(printf '2\t0\t0\t1\t0\t1\tright\tpath\t1\t1\t1\t0\t-')
	> R1
	< $(printf '3\t0\t0\t3\t2\t8.41421\tillegal\tpath\t-\t-\t8.414214\t-\tstep 1: (0,0) -> (1,0): ends the path, not on a goal')
	EOF
}
