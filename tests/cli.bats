#!/usr/bin/env bats
# Command line, input handling, diagnostics and exit statuses.

load common

@test "-h prints the help on stdout and exits 0" {
	run --separate-stderr "$PATHFIND" -h
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	[[ "${lines[0]}" == "usage: pathfind "* ]]
	[[ "$output" == *"--tie-break"* ]]
	run "$PATHFIND" --help
	[ "$status" -eq 0 ]
}

@test "-V and --version print the version" {
	run "$PATHFIND" -V
	[ "$status" -eq 0 ]
	[[ "$output" =~ ^pathfind\ [0-9]+\.[0-9]+\.[0-9]+$ ]]
	run "$PATHFIND" --version
	[[ "$output" =~ ^pathfind\ [0-9] ]]
}

@test "every option has its long alias" {
	local a b want_out want_err
	while read -r a b; do
		# Both must succeed, and print the same on stdout and stderr
		# (the time line differs from run to run: leave it out).
		run --separate-stderr "$PATHFIND" $a "$root/samples/tutorial.txt"
		[ "$status" -eq 0 ] || { echo "$a: status $status: $stderr"; return 1; }
		[ -n "$output" ] || [ "$a" = -q ] || { echo "$a: no output"; return 1; }
		want_out=$(printf '%s\n' "$output" | grep -v '^time:' || true)
		want_err=$stderr
		run --separate-stderr "$PATHFIND" $b "$root/samples/tutorial.txt"
		[ "$status" -eq 0 ] || { echo "$b: status $status: $stderr"; return 1; }
		[ "$(printf '%s\n' "$output" | grep -v '^time:' || true)" = "$want_out" ] || { echo "$a vs $b"; return 1; }
		[ "$stderr" = "$want_err" ] || { echo "$a vs $b: stderr"; return 1; }
	done <<-'EOF2'
	-adijkstra --algorithm=dijkstra
	-c10,14 --cost=10,14
	-dalways --diagonal=always
	-fpath --format=path
	-fjson --format=json
	-s --summary
	-Heuclidean --heuristic=euclidean
	-osorted-list --open-list=sorted-list
	-thigh-h --tie-break=high-h
	-w2 --weight=2
	-q --quiet
	-T --time
	EOF2
}

@test "bad command lines are usage errors: one message, the hint, exit 2" {
	local args
	for args in "-a bfs" "-f yaml" "--color=red" "-d diagonal" "-H taxicab" "-t random" "-o heap" "-f xml" \
	    "-w 0.5" "-w 101" "-w 1.0001" "-w abc" "-w -2" "-c 1" "-c 0,1" "-c 1,0" \
	    "-c 1,2,3" "-c 1001,1" "-c 1.0000001,1" "-c ,1" "-c 1,sqrt3" "-x" "--bogus" "-a" \
	    "--t" "--help=x" "-a jps -c 1,3" "-S x.scen -e" "-f json -e" \
	    "-j 4." "--max-expanded 3." "-w 2." "-c 1.,2" "-c 1,." "-j ."; do
		run --separate-stderr "$PATHFIND" $args "$root/samples/tutorial.txt"
		[ "$status" -eq 2 ] || { echo "$args: status $status"; return 1; }
		[ -z "$output" ] || { echo "$args: stdout not empty"; return 1; }
		[ "${#stderr_lines[@]}" -eq 2 ] || { echo "$args: not two lines:"; echo "$stderr"; return 1; }
		[[ "${stderr_lines[0]}" == "pathfind: "* ]] || { echo "$args: $stderr"; return 1; }
		[ "${stderr_lines[1]}" = "Try 'pathfind --help' for more information." ] ||
		    { echo "$args: ${stderr_lines[1]}"; return 1; }
	done
}

@test "getopt errors name the option as typed" {
	local args want
	while IFS='|' read -r args want; do
		run --separate-stderr "$PATHFIND" $args
		[ "$status" -eq 2 ]
		[ "${stderr_lines[0]}" = "pathfind: $want" ] || { echo "$args: ${stderr_lines[0]}"; return 1; }
	done <<-'EOF2'
	-x|unknown option -x
	-qa|option -a needs a value
	--weight|option --weight needs a value
	--help=x|option --help takes no value
	--nearest=1|option --nearest takes no value
	--max-expanded=5 -Zq x|unknown option -Z
	--quiet -q: x|unknown option -:
	--bogus=3|unknown option --bogus
	--=3|unknown option --=3
	--t|option --t is ambiguous; possibilities: --tie-break --time --trace
	--t=low-h|option --t is ambiguous; possibilities: --tie-break --time --trace
	--co|option --co is ambiguous; possibilities: --color --compare --cost
	--s x|option --s is ambiguous; possibilities: --scenarios --scores --start --summary
	EOF2
}

@test "a value or an option name with control characters is escaped in its diagnostic, one line" {
	# as file names are: a newline in a value once split the message
	run --separate-stderr pf -f $'te\nxt' samples/tutorial.txt
	[ "$status" -eq 2 ]
	[ "${#stderr_lines[@]}" -eq 2 ]
	[ "${stderr_lines[0]}" = "pathfind: -f: invalid value 'te\\nxt' (one of: text json path moves)" ]
	run --separate-stderr pf --start=$'1\t,2\\' samples/tutorial.txt
	[ "${stderr_lines[0]}" = "pathfind: --start: invalid value '1\\t,2\\\\' (X,Y: column and row, whole numbers from 0 to 65535)" ]
	run --separate-stderr pf $'--fo\no' samples/tutorial.txt
	[ "${#stderr_lines[@]}" -eq 2 ]
	[ "${stderr_lines[0]}" = "pathfind: unknown option --fo\\no" ]
	run --separate-stderr pf $'-\001' samples/tutorial.txt
	[ "${stderr_lines[0]}" = "pathfind: unknown option -\\001" ]
	# a letter past ASCII: the byte getopt takes, in octal, not half of
	# a character raw (glibc's getopt takes its first byte, musl's the
	# whole byte it decodes in the C locale: either way the line is ASCII)
	run --separate-stderr pf $'-\xc3\xa9' samples/tutorial.txt
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "pathfind: unknown option -\\303" ]
	run --separate-stderr pf $'-q\xe9' samples/tutorial.txt
	[ "${stderr_lines[0]}" = "pathfind: unknown option -\\351" ]
}

@test "an abbreviation of one option and its alias alone is not ambiguous" {
	# --col fits --color and --colour, two names of one option.
	local a
	for a in --col=never --colo --colou=never; do
		run --separate-stderr pf "$a" samples/tutorial.txt
		[ "$status" -eq 0 ] || { echo "$a: $stderr"; return 1; }
		[ -z "$stderr" ]
	done
	# --c fits them and four other options: the alias is listed once.
	run --separate-stderr pf --c=never samples/tutorial.txt
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "pathfind: option --c is ambiguous; possibilities: --check --check-format --color --compare --cost" ]
}

@test "good option values are accepted" {
	local args
	for args in "-w 1" "-w 100" "-w 1.5" "-w 2.125" "-c 1,1" "-c 0.000001,1000" \
	    "-c 10,sqrt2" "-c 2.5,3.75"; do
		run "$PATHFIND" $args "$root/samples/tutorial.txt"
		[ "$status" -eq 0 ] || { echo "$args: status $status"; return 1; }
	done
}

@test "reads standard input with no operand and with -" {
	run "$PATHFIND" <"$root/samples/tutorial.txt"
	[ "$status" -eq 0 ]
	want=$output
	run "$PATHFIND" - <"$root/samples/tutorial.txt"
	[ "$output" = "$want" ]
	run "$PATHFIND" "$root/samples/tutorial.txt"
	[ "$output" = "$want" ]
}

@test "diagnostics carry FILE:LINE:COL and nothing reaches stdout" {
	while IFS='|' read -r input want; do
		run --separate-stderr "$PATHFIND" < <(printf "$input")
		[ "$status" -eq 2 ] || { echo "status $status for $input"; return 1; }
		[ -z "$output" ] || { echo "stdout for $input: $output"; return 1; }
		[ "$stderr" = "$want" ] || { echo "got:  $stderr"; echo "want: $want"; return 1; }
	done <<-'EOF2'
	A.x.B\n|pathfind: <stdin>:1:3: unknown character 'x' (allowed: A B # . space 1-9)
	A.\n.0B\n|pathfind: <stdin>:2:2: terrain '0' not allowed (terrain costs are 1-9)
	A\tB\n|pathfind: <stdin>:1:2: unknown character 0x09 (allowed: A B # . space 1-9)
	..A\n.A.B\n|pathfind: <stdin>:2:2: second start 'A' (the first is at 1:3)
	\n\n...\n..B\n|pathfind: <stdin>:3:1: no start 'A' in map
	..\n.A\n|pathfind: <stdin>:1:1: no goal 'B' in map
	|pathfind: <stdin>:1:1: empty input
	\n\n\n|pathfind: <stdin>:1:1: empty input
	EOF2
}

@test "non-ASCII bytes are reported by value" {
	run --separate-stderr "$PATHFIND" < <(printf 'A\xc3\xa9B\n')
	[ "$status" -eq 2 ]
	[ "$stderr" = "pathfind: <stdin>:1:2: unknown character 0xc3 (allowed: A B # . space 1-9)" ]
}

@test "missing file and directory operands are errors; the other operands still run" {
	run --separate-stderr pf nosuch.txt samples/tutorial.txt samples
	[ "$status" -eq 2 ]
	# an input that cannot be opened has no position to give
	[ "${stderr_lines[0]}" = "pathfind: nosuch.txt: cannot open: No such file or directory" ]
	[ "${stderr_lines[1]}" = "pathfind: samples:1:1: read error: Is a directory" ]
	[ "${lines[0]}" = "==> samples/tutorial.txt map 1 <==" ]
	[[ "$output" == *"cost: 8"* ]]
	# in JSON an input that could not be read at all has no map number
	run --separate-stderr pf -f json samples samples/tutorial.txt
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = '{"source":"samples","map":null,"line":1,"column":1,"error":"read error: Is a directory"}' ]
	[[ "${lines[1]}" == '{"source":"samples/tutorial.txt","map":1,'* ]]
}

@test "a bad map in the middle of a stream is skipped; the others are solved" {
	run --separate-stderr "$PATHFIND" < <(printf 'A.B\n\nA?B\n..\n\n\nA#B\n\nA..B\n')
	[ "$status" -eq 2 ]
	[ "$stderr" = "pathfind: <stdin>:3:2: unknown character '?' (allowed: A B # . space 1-9)" ]
	[ "${lines[0]}" = "==> <stdin> map 1 <==" ]
	[[ "$output" == *"==> <stdin> map 3 <=="*"no path"*"==> <stdin> map 4 <=="*"cost: 3"* ]]
	[[ "$output" != *"map 2 <=="* ]]
}

@test "exit status: 0 all found, 1 some no path, 2 any error; worst wins" {
	run pf samples/tutorial.txt
	[ "$status" -eq 0 ]
	run pf samples/nopath.txt
	[ "$status" -eq 1 ]
	run pf samples/tutorial.txt samples/nopath.txt samples/terrain.txt
	[ "$status" -eq 1 ]
	run pf samples/nopath.txt nosuch.txt samples/tutorial.txt
	[ "$status" -eq 2 ]
	run pf -q samples/nopath.txt
	[ "$status" -eq 1 ]
	[ -z "$output" ]
}

@test "-q prints nothing on stdout but keeps diagnostics" {
	run --separate-stderr pf -q samples/multi.txt nosuch.txt
	[ "$status" -eq 2 ]
	[ -z "$output" ]
	[ "$stderr" = "pathfind: nosuch.txt: cannot open: No such file or directory" ]
}

@test "one map alone is not labelled; several maps in one stream are" {
	run pf samples/tutorial.txt
	[[ "${lines[0]}" != "==>"* ]]
	run "$PATHFIND" < <(printf '\n\nA.B\n\n\n')
	[ "${lines[0]}" = "A*B" ]
	run "$PATHFIND" < <(printf 'A.B\n\nAB\n')
	[ "${lines[0]}" = "==> <stdin> map 1 <==" ]
}

@test "CRLF, a missing final newline and a line of spaces are handled" {
	run "$PATHFIND" < <(printf 'A  \r\n   \r\n  B')
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "A  " ]
	[ "${lines[1]}" = "*  " ]
	[ "${lines[2]}" = "**B" ]
	[ "${lines[3]}" = "cost: 4" ]
}

@test "cells past the end of a short row do not exist" {
	# The short middle row blocks the direct way down the right side.
	run "$PATHFIND" < <(printf 'A...\n.\n...B\n')
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "*" ]
	run "$PATHFIND" < <(printf '..A\n.\n..B\n')
	[ "${lines[3]}" = "cost: 6" ]
	run "$PATHFIND" < <(printf '.A\n#\n.B\n')
	[ "$status" -eq 1 ]
}

@test "maps over the size limits are refused with their position" {
	run --separate-stderr "$PATHFIND" < <(head -c 65536 /dev/zero | tr '\0' '.'; printf '\nA.B\n')
	[ "$status" -eq 2 ]
	[ "$stderr" = "pathfind: <stdin>:1:65536: line longer than 65535 characters" ]
	# 1025 rows of 65535 cells pass 2^26 cells on row 1025.
	local row
	row=$(head -c 65535 /dev/zero | tr '\0' '.')
	run --separate-stderr "$PATHFIND" < <(for i in $(seq 1025); do echo "$row"; done)
	[ "$status" -eq 2 ]
	[ "$stderr" = "pathfind: <stdin>:1025:1: map larger than 67108864 cells (width x height)" ]
}

@test "the first problem in reading order: one within an over-long line comes before its length" {
	local d=$BATS_TEST_TMPDIR dots
	dots=$(head -c 70000 /dev/zero | tr '\0' '.')
	printf 'AxB%s\n' "$dots" >"$d/x.txt"
	printf 'A.B\n.A%s\n' "$dots" >"$d/a.txt"
	printf 'A.B\n%s\n' "$dots" >"$d/long.txt"
	printf 'type octile\nheight 1\nwidth 4\nmap\n..x%s\n' "$dots" >"$d/m.map"
	printf 'type octile\nheight 1\nwidth 4\nmap\n..x...\n' >"$d/m2.map"
	run --separate-stderr pf "$d/x.txt" "$d/a.txt" "$d/long.txt"
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "pathfind: $d/x.txt:1:2: unknown character 'x' (allowed: A B # . space 1-9)" ]
	[ "${stderr_lines[1]}" = "pathfind: $d/a.txt:2:2: second start 'A' (the first is at 1:1)" ]
	[ "${stderr_lines[2]}" = "pathfind: $d/long.txt:2:65536: line longer than 65535 characters" ]
	# a MovingAI row: a bad cell before where the row is too long
	run --separate-stderr pf --start 0,0 --goal 1,0 "$d/m.map" "$d/m2.map"
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "pathfind: $d/m.map:5:3: unknown character 'x' (allowed: . G S @ O T W)" ]
	[ "${stderr_lines[1]}" = "pathfind: $d/m2.map:5:3: unknown character 'x' (allowed: . G S @ O T W)" ]
}

@test "an empty file name is named as one: \"pathfind: : cannot open\"" {
	run --separate-stderr "$PATHFIND" ''
	[ "$status" -eq 2 ]
	[ "$stderr" = "pathfind: : cannot open: No such file or directory" ]
	run --separate-stderr "$PATHFIND" -S ''
	[ "$status" -eq 2 ]
	[ "$stderr" = "pathfind: : cannot open: No such file or directory" ]
	run --separate-stderr "$PATHFIND" -S "$root/tests/data/tiny.map.scen" ''
	[ "$status" -eq 2 ]
	[ "$stderr" = "pathfind: : cannot open: No such file or directory" ]
}

@test "--start and --goal take leading zeros, as every number does" {
	run --separate-stderr "$PATHFIND" -f moves --start=000001,0 --goal 0000000000000000000003,00 \
	    < <(printf '....\n')
	[ "$status" -eq 0 ]
	[ "$output" = "R2" ]
	run --separate-stderr "$PATHFIND" --start=000065536,0 < <(printf '....\n')
	[ "$status" -eq 2 ]
	[[ "${stderr_lines[0]}" == "pathfind: --start: invalid value '000065536,0' "* ]]
	run --separate-stderr "$PATHFIND" --start=99999999999999999999,0 < <(printf '....\n')
	[ "$status" -eq 2 ]
}

@test "-c and --compare=weight= take any number of leading zeros, S as D" {
	local z
	z=$(printf '%040d' 0)
	run --separate-stderr "$PATHFIND" -f json -c "${z}2,${z}3.5" "$root/samples/tutorial.txt"
	[ "$status" -eq 0 ]
	[[ "$output" == *'"cost":16,'* ]]
	run --separate-stderr "$PATHFIND" --compare=weight="${z}1,${z}2.5" "$root/samples/tutorial.txt"
	[ "$status" -eq 0 ]
	[ "${lines[2]%% *}" = 2.5 ]
	# a value over the limit is still refused, however long
	run --separate-stderr "$PATHFIND" -c "${z}1000.000001,1" "$root/samples/tutorial.txt"
	[ "$status" -eq 2 ]
	[[ "${stderr_lines[0]}" == "pathfind: -c: invalid value '${z}1000.000001,1' "* ]]
}

@test "an over-long line is skipped without stopping the stream" {
	run --separate-stderr "$PATHFIND" < <(printf 'A.B\n\n'; head -c 300000 /dev/zero | tr '\0' '.'; printf '\n\nA..B\n')
	[ "$status" -eq 2 ]
	[[ "$stderr" == "pathfind: <stdin>:3:65536: line longer than 65535 characters" ]]
	[[ "$output" == *"map 3 <=="*"cost: 3"* ]]
}

@test "a write error on stdout is an error" {
	[ -w /dev/full ] || skip "no /dev/full"
	run --separate-stderr pf samples/tutorial.txt samples/maze.txt
	run --separate-stderr bash -c '"$0" "$1/samples/maze.txt" >/dev/full' "$PATHFIND" "$root"
	[ "$status" -eq 2 ]
	[[ "$stderr" == "pathfind: write error on standard output: No space left on device" ]]
	run --separate-stderr bash -c '"$0" -h >/dev/full' "$PATHFIND"
	[ "$status" -eq 2 ]
}

@test "-T adds a time line; without it the output has no timing" {
	run pf -T samples/tutorial.txt
	[[ "${lines[-1]}" =~ ^time:\ [0-9]+\.[0-9]{6}$ ]]
	run pf samples/tutorial.txt
	[[ "$output" != *time* ]]
}

@test "output does not depend on the locale" {
	run pf -d no-corner-cut samples/multi.txt
	want=$output
	LC_ALL=de_DE.UTF-8 run pf -d no-corner-cut samples/multi.txt
	[ "$output" = "$want" ]
}

@test "the path format lists x y from A to the goal" {
	run pf -f path samples/tutorial.txt
	[ "${lines[0]}" = "1 2" ]
	[ "${lines[-1]}" = "5 2" ]
	[ "${#lines[@]}" -eq 9 ]
}

@test "many goals: the bounded heuristic still finds the nearest goal" {
	# 40 goals (more than the 16 whose distances are taken one by one):
	# A* must reach a goal as cheap as Dijkstra's, for every rule.
	local f=$BATS_TEST_TMPDIR/goals.txt rule a d
	awk 'BEGIN { srand(3); for (y = 0; y < 30; y++) { r = ""; for (x = 0; x < 40; x++) {
		c = rand() < 0.2 ? "#" : "."; if (y == 15 && x == 3) c = "A";
		else if (rand() < 0.035) c = "B"; r = r c } print r } }' >"$f"
	[ "$(tr -cd B <"$f" | wc -c)" -gt 16 ]
	for rule in never no-corner-cut no-squeeze always; do
		a=$("$PATHFIND" -d "$rule" "$f" | grep '^cost:')
		d=$("$PATHFIND" -a dijkstra -d "$rule" "$f" | grep '^cost:')
		[ "$a" = "$d" ] || { echo "$rule: $a vs $d"; return 1; }
	done
}

@test "a UTF-8 byte-order mark at the start of each file or stream is skipped" {
	local T=$BATS_TEST_TMPDIR bom=$'\xef\xbb\xbf' f
	# an ASCII map from a file, twice (each operand is a stream), and from stdin
	printf '%sA.B\n' "$bom" >"$T/bom.txt"
	run --separate-stderr "$PATHFIND" "$T/bom.txt" "$T/bom.txt"
	[ "$status" -eq 0 ] || { echo "$stderr"; return 1; }
	[ "$(grep -c '^A\*B$' <<<"$output")" -eq 2 ]
	run --separate-stderr "$PATHFIND" <"$T/bom.txt"
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf 'A*B\ncost: 2\nsteps: 2\ngoal: 2 0\nexpanded: 2\ngenerated: 3\nupdated: 0\noptimal: yes')" ]
	# with CRLF line ends
	run "$PATHFIND" < <(printf '%sA  \r\n   \r\n  B' "$bom")
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "A  " ]
	[ "${lines[3]}" = "cost: 4" ]
	# columns on the first line count from the first character after it
	run --separate-stderr "$PATHFIND" < <(printf '%sA.x.B\n' "$bom")
	[ "$stderr" = "pathfind: <stdin>:1:3: unknown character 'x' (allowed: A B # . space 1-9)" ]
	# a mark alone is an empty input; a mark later in a stream is a character
	run --separate-stderr "$PATHFIND" < <(printf '%s' "$bom")
	[ "$stderr" = "pathfind: <stdin>:1:1: empty input" ]
	run --separate-stderr "$PATHFIND" < <(printf 'A.B\n\n%sA.B\n' "$bom")
	[ "$status" -eq 2 ]
	[ "$stderr" = "pathfind: <stdin>:3:1: unknown character 0xef (allowed: A B # . space 1-9)" ]
	# a MovingAI map and its scenario file, both with a mark and CRLF
	for f in tiny.map tiny.map.scen; do
		{ printf '%s' "$bom"; sed 's/$/\r/' "$root/tests/data/$f"; } >"$T/$f"
	done
	run --separate-stderr "$PATHFIND" -S "$root/tests/data/tiny.map.scen"
	local want=$output
	run --separate-stderr "$PATHFIND" -S "$T/tiny.map.scen"
	[ "$status" -eq 0 ] || { echo "$stderr"; return 1; }
	[ "$output" = "$want" ]
	run --separate-stderr "$PATHFIND" --start 0,0 --goal 7,5 "$T/tiny.map"
	[ "$status" -eq 0 ] || { echo "$stderr"; return 1; }
}

# Every option the drivers refuse in combination, by the message that
# names it (found by a mutation run, 2026-11-29: dropping --nearest from
# -S's list went unnoticed, -S then ignoring it).
@test "each option -S, --check and --compare refuse is refused, by name" {
	local with opt want
	while IFS='|' read -r with opt want; do
		run --separate-stderr "$PATHFIND" $with $opt "$root/samples/tutorial.txt"
		[ "$status" -eq 2 ] && [ -z "$output" ] || { echo "$with $opt: status $status"; return 1; }
		[ "${stderr_lines[0]}" = "pathfind: $want" ] || { echo "$with $opt: ${stderr_lines[0]}"; return 1; }
	done <<-EOF2
	-S x.scen|-e|-e cannot be used with -S
	-S x.scen|--trace|--trace cannot be used with -S
	-S x.scen|--scores|--scores cannot be used with -S
	-S x.scen|--image=x.svg|--image cannot be used with -S
	-S x.scen|--compare=algorithm|--compare cannot be used with -S
	-S x.scen|--start=0,0|--start cannot be used with -S
	-S x.scen|--goal=0,0|--goal cannot be used with -S
	-S x.scen|--max-expanded=9|--max-expanded cannot be used with -S
	-S x.scen|--nearest|--nearest cannot be used with -S
	-S x.scen --check=a.txt|-T|-T cannot be used with --check
	-S x.scen --check=a.txt|-f path|--check prints check records: it needs -f text or -f json
	-S x.scen --check=a.txt|-f moves|--check prints check records: it needs -f text or -f json
	-S x.scen --check=a.txt|--nearest|--nearest cannot be used with -S
	--check=a.txt|-e|-e cannot be used with --check
	--check=a.txt|--trace|--trace cannot be used with --check
	--check=a.txt|--scores|--scores cannot be used with --check
	--check=a.txt|--image=x.svg|--image cannot be used with --check
	--check=a.txt|--compare=algorithm|--compare cannot be used with --check
	--check=a.txt|-T|-T cannot be used with --check
	--check=a.txt|-f moves|--check prints check records: it needs -f text or -f json
	--check=a.txt|--max-expanded=9|--max-expanded cannot be used with --check
	--check=a.txt|--nearest|--nearest cannot be used with --check
	--compare=algorithm|-e|-e cannot be used with --compare
	--compare=algorithm|--trace|--trace cannot be used with --compare
	--compare=algorithm|--scores|--scores cannot be used with --compare
	--compare=algorithm|--image=x.svg|--image cannot be used with --compare
	--compare=algorithm|-f json|--compare prints a table: it needs -f text
	--compare=algorithm|--max-expanded=9|--max-expanded cannot be used with --compare
	--compare=algorithm|--nearest|--nearest cannot be used with --compare
	-a jps|--nearest|--nearest cannot be used with -a jps
	EOF2
}

@test "a DEL byte in a map is named by its code; -q keeps error records off stdout" {
	run --separate-stderr "$PATHFIND" < <(printf 'A\177B\n')
	[ "$status" -eq 2 ]
	[ "$stderr" = "pathfind: <stdin>:1:2: unknown character 0x7f (allowed: A B # . space 1-9)" ]
	local f
	for f in json path moves; do
		run --separate-stderr "$PATHFIND" -q -f $f "$BATS_TEST_TMPDIR/nosuch.txt"
		[ "$status" -eq 2 ] && [ -z "$output" ] || { echo "-q -f $f: status $status, stdout '$output'"; return 1; }
		[ "$stderr" = "pathfind: $BATS_TEST_TMPDIR/nosuch.txt: cannot open: No such file or directory" ]
	done
}
