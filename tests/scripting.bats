#!/usr/bin/env bats
# Output formats and batch behaviour for scripts and CI.

load common

@test "--color: auto is off in a pipe, NO_COLOR wins, always and never obey" {
	run pf samples/terrain.txt
	[[ "$output" != *$'\033'* ]]
	run pf --color=always samples/terrain.txt
	[[ "$output" == *$'\033[1;33m*'* ]]
	run pf --color samples/terrain.txt
	[[ "$output" == *$'\033['* ]]
	run pf --color=never samples/terrain.txt
	[[ "$output" != *$'\033'* ]]
	run --separate-stderr pf --color=sometimes samples/terrain.txt
	[ "$status" -eq 2 ]
	[[ "$stderr" == "pathfind: --color: invalid value 'sometimes' (one of: never always auto)"* ]]
}

@test "--color=auto colours on a terminal unless NO_COLOR is set or TERM is dumb" {
	command -v script >/dev/null || skip "no script(1)"
	local map=$root/samples/terrain.txt
	TERM=xterm run script -qec "$PATHFIND $map" /dev/null
	[[ "$output" == *$'\033[1;32mA'* ]]
	TERM=xterm NO_COLOR=1 run script -qec "$PATHFIND $map" /dev/null
	[[ "$output" == *"A"* && "$output" != *$'\033['* ]]
	# NO_COLOR set but empty is not set (no-color.org)
	TERM=xterm NO_COLOR= run script -qec "$PATHFIND $map" /dev/null
	[[ "$output" == *$'\033[1;32mA'* ]]
	# a terminal that cannot show colour, or none named
	TERM=dumb run script -qec "$PATHFIND $map" /dev/null
	[[ "$output" == *"A"* && "$output" != *$'\033['* ]]
	TERM= run script -qec "$PATHFIND $map" /dev/null
	[[ "$output" == *"A"* && "$output" != *$'\033['* ]]
	TERM=xterm run script -qec "env -u TERM $PATHFIND $map" /dev/null
	[[ "$output" == *"A"* && "$output" != *$'\033['* ]]
	# asked for, colour comes whatever TERM says
	TERM=dumb run script -qec "$PATHFIND --color=always $map" /dev/null
	[[ "$output" == *$'\033[1;32mA'* ]]
}

# Plays the SGR escapes of the coloured map rows the way a terminal does,
# keeping bold and the foreground colour: A, B and the path must be bold,
# every other cell not, a floor cell has no colour, and a row ends with
# everything reset.  Prints the first cell that breaks this.
sgr_check() {
	awk '
	index($0, "\033") == 0 { next }	# labels, statistics, legend
	{
		bold = 0; fg = ""; s = $0; x = 0
		while (s != "") {
			if (substr(s, 1, 2) == "\033[") {
				end = index(s, "m")
				n = split(substr(s, 3, end - 3), p, ";")
				if (n == 0) { n = 1; p[1] = "" }
				for (i = 1; i <= n; i++) {
					if (p[i] == "" || p[i] == "0") { bold = 0; fg = "" }
					else if (p[i] == "1") bold = 1
					else if (p[i] == "22") bold = 0
					else if (p[i] == "39") fg = ""
					else fg = p[i]
				}
				s = substr(s, end + 1)
				continue
			}
			c = substr(s, 1, 1); s = substr(s, 2); x++
			want = c == "*" || c == "A" || c == "B"
			if (bold != want || (c == "." && fg != "")) {
				printf "line %d, cell %d %s: bold %d, colour %s\n", NR, x, c, bold, fg
				exit 1
			}
		}
		if (bold || fg != "") { printf "line %d ends coloured\n", NR; exit 1 }
	}'
}

@test "--color: a cell's attributes are its own; bold never carries over" {
	run pf --color=always samples/terrain.txt samples/multigoal.txt samples/maze.txt
	[[ "$output" == *$'\033['* ]]
	sgr_check <<<"$output"
	run pf --color=always -e -a dijkstra samples/multigoal.txt samples/terrain.txt
	[[ "$output" == *$'\033['* ]]
	sgr_check <<<"$output"
	run pf --color=always --scores -e samples/tutorial.txt
	sgr_check <<<"$output"
}

@test "colour never reaches the statistics or other formats" {
	run pf --color=always -f json samples/terrain.txt
	[[ "$output" != *$'\033'* ]]
	run pf --color=always samples/terrain.txt
	[[ "${lines[5]}" == "cost: 11" ]]
}

@test "json escapes the source name and stays valid UTF-8" {
	local dir=$BATS_TEST_TMPDIR
	local weird=$dir/$'q"uo\\te\tand\xff.txt'
	cp "$root/samples/tutorial.txt" "$weird"
	run "$PATHFIND" -f json "$weird"
	[ "$status" -eq 0 ]
	[[ "$output" == '{"source":"'"$dir"'/q\"uo\\te\u0009and\ufffd.txt","map":1,'* ]]
	local utf=$dir/$'caf\xc3\xa9.txt'
	cp "$root/samples/tutorial.txt" "$utf"
	run "$PATHFIND" -f json "$utf"
	[[ "$output" == '{"source":"'"$dir"$'/caf\xc3\xa9.txt"'* ]]
}

@test "json: no path gives nulls and an empty path; an error gets an error object" {
	run --separate-stderr "$PATHFIND" -f json < <(printf 'A#B\n\nA?\n\nAB\n')
	[ "$status" -eq 2 ]
	[ "${#lines[@]}" -eq 3 ]
	[[ "${lines[0]}" == *'"map":1,"line":1,'*'"found":false,"cost":null,"steps":null,'*'"goal":null,"path":[]'* ]]
	[ "${lines[1]}" = $'{"source":"<stdin>","map":2,"line":3,"column":2,"error":"unknown character \'?\' (allowed: A B # . space 1-9)"}' ]
	[[ "${lines[2]}" == *'"map":3,"line":5,'*'"found":true,"cost":1,"steps":1,'* ]]
	[ "$stderr" = "pathfind: <stdin>:3:2: unknown character '?' (allowed: A B # . space 1-9)" ]
}

@test "json -T adds a time field" {
	run pf -T -f json samples/tutorial.txt
	[[ "$output" =~ \"time\":[0-9]+\.[0-9]{6}, ]]
}

@test "moves: one line per map, empty for no path" {
	run pf -f moves samples/multi.txt
	[ "$status" -eq 1 ]
	[ "$output" = $'R2 D2 R2 U2 R3 D2 L1\n\nL1 D2 R1' ]
}

@test "path: one x y per line, a blank line between maps" {
	run pf -f path samples/multi.txt
	[ "$output" = $'0 0\n1 0\n2 0\n2 1\n2 2\n3 2\n4 2\n4 1\n4 0\n5 0\n6 0\n7 0\n7 1\n7 2\n6 2\n\n\n1 0\n0 0\n0 1\n0 2\n1 2' ]
}

@test "every map gets exactly one outcome, in input order" {
	# 5 good, 2 no path, 3 bad maps, then an unreadable operand.
	local f=$BATS_TEST_TMPDIR/batch.txt
	printf 'A.B\n\nA?B\n\nA#B\n\nAB\n\nAx\n\nA..B\n\n#\n\nA#B\n\nB.A\n\nA.\n.B\n' >"$f"
	run --separate-stderr "$PATHFIND" -f json "$f" "$BATS_TEST_TMPDIR/nope"
	[ "$status" -eq 2 ]
	# one object a map, in order; the unreadable operand is one more
	[ "${#lines[@]}" -eq 11 ]
	[ "${#stderr_lines[@]}" -eq 4 ]
	local maps
	maps=$(printf '%s\n' "${lines[@]}" | sed 's/.*"map":\([0-9a-z]*\),.*/\1/' | tr '\n' ' ')
	[ "$maps" = "1 2 3 4 5 6 7 8 9 10 null " ]
	local errs
	errs=$(printf '%s\n' "${lines[@]}" | grep -n '"error":' | cut -d: -f1 | tr '\n' ' ')
	[ "$errs" = "2 5 7 11 " ]
	[[ "${stderr_lines[0]}" == *":3:2: "* ]]
	[[ "${stderr_lines[1]}" == *":9:2: "* ]]
	[[ "${stderr_lines[2]}" == *":13:1: no start 'A' in map" ]]
	[[ "${stderr_lines[3]}" == *"nope: cannot open: No such file or directory" ]]
	[ "${lines[10]}" = '{"source":"'"$BATS_TEST_TMPDIR/nope"'","map":null,"line":null,"column":null,"error":"cannot open: No such file or directory"}' ]
}

@test "--summary: one final line on stderr" {
	run --separate-stderr pf -s -q samples/multi.txt samples/tutorial.txt nosuch.txt
	[ "$status" -eq 2 ]
	[ "${stderr_lines[-1]}" = "pathfind: summary: maps=5 solved=3 nopath=1 errors=1 expanded=35" ]
	run --separate-stderr pf --summary -T samples/tutorial.txt
	[[ "$stderr" =~ ^pathfind:\ summary:\ maps=1\ solved=1\ nopath=0\ errors=0\ expanded=12\ time=[0-9]+\.[0-9]{6}$ ]]
}

@test "killed by SIGPIPE under head, like any filter" {
	run bash -c 'for i in $(seq 3000); do printf "A.B\n\n"; done | "$0" -f json | head -n 1; echo "status=${PIPESTATUS[1]}"' "$PATHFIND"
	[[ "${lines[0]}" == '{"source":"<stdin>","map":1,'* ]]
	[ "${lines[1]}" = "status=141" ]
}

@test "a closed stdout is an error" {
	run --separate-stderr bash -c '"$0" "$1/samples/tutorial.txt" >&-' "$PATHFIND" "$root"
	[ "$status" -eq 2 ]
	[[ "$stderr" == "pathfind: write error on standard output: "* ]]
}

@test "streams are read map by map: memory stays bounded" {
	[ -z "${PF_SANITIZED:-}" ] || skip "sanitizers reserve huge address space"
	# 60 MB of small maps through a pipe, under a 32 MB address-space cap.
	run bash -c 'ulimit -v 32768; yes $'"'"'A.......B\n.........\n'"'"' | head -n 6000000 | "$0" -q -s' "$PATHFIND"
	[ "$status" -eq 0 ]
	[ "$output" = "pathfind: summary: maps=2000000 solved=2000000 nopath=0 errors=0 expanded=16000000" ]
}

@test "json of 300 random maps: valid JSON, and its paths and costs are the checked ones" {
	local T=$BATS_TEST_TMPDIR args st
	cc -std=c11 -O2 -o "$T/jsoncheck" "$root/tests/jsoncheck.c"
	"$BRUTE" gen 4242 300 >"$T/maps"
	for args in "" "-d always -c 10,14" "-d no-corner-cut -H euclidean -t fifo" \
	    "-d no-squeeze -w 1.5" "-a dijkstra -d always -c 1,1"; do
		st=0
		"$PATHFIND" -f json $args "$T/maps" >"$T/json" || st=$?
		[ "$st" -le 1 ]
		"$PATHFIND" $args "$T/maps" >"$T/text" || true
		"$PATHFIND" -f path $args "$T/maps" >"$T/path" || true
		# the text and path outputs are legal and optimal (brute.c) ...
		"$BRUTE" check "$T/maps" "$T/text" "$T/path" -- $args >/dev/null
		# ... and the JSON is valid and says the same
		[ "$(wc -l <"$T/json")" -eq 300 ]
		"$T/jsoncheck" "$T/json" | cmp - "$T/path"
		"$T/jsoncheck" -c "$T/json" |
		    cmp - <(grep -E '^(cost: |no path$)' "$T/text" | sed 's/^cost: //; s/^no path$/null/')
	done
	# the validator is not a rubber stamp
	sed '7s/"found"/"found/' "$T/json" >"$T/bad"
	run "$T/jsoncheck" "$T/bad"
	[ "$status" -eq 1 ]
	[[ "$output" == "jsoncheck: line 7, column "* ]]
	local n
	n=$(grep -n '"found":true' "$T/json" | head -n 1 | cut -d: -f1)
	sed "${n}s/\"path\":\[\[/\"path\":[[9/" "$T/json" >"$T/bad2"
	run "$T/jsoncheck" "$T/bad2"
	[ "$status" -eq 0 ]	# still valid JSON, but a different path:
	! "$T/jsoncheck" "$T/bad2" | cmp -s - "$T/path"
}
