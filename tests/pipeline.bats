#!/usr/bin/env bats
# pathfind in a pipeline: results as they come, in input order, one
# record a map in every format, -j for map streams.

load common

@test "streaming: --no-label text results come as each map is complete" {
	converse --no-label <<-'EOF'
	> A.B
	>
	< A*B
	< cost: 2
	< steps: 2
	< goal: 2 0
	< expanded: 2
	< generated: 3
	< updated: 0
	< optimal: yes
	> A#B
	>
	<
	< A#B
	< no path
	< expanded: 1
	< generated: 1
	< updated: 0
	> AxB
	>
	< pathfind: <stdin>:5:2: unknown character 'x' (allowed: A B # . space 1-9)
	EOF
}

@test "streaming: --label text results are labelled without waiting for the next map" {
	converse --label <<-'EOF'
	> A.B
	>
	< ==> <stdin> map 1 <==
	< A*B
	< cost: 2
	< steps: 2
	< goal: 2 0
	< expanded: 2
	< generated: 3
	< updated: 0
	< optimal: yes
	> A..B
	>
	<
	< ==> <stdin> map 2 <==
	< A**B
	EOF
}

@test "streaming: json, path and moves records, errors included, with -j 1 and -j 2" {
	local j
	for j in 1 2; do
		converse -j "$j" -f json <<-'EOF'
		> A.B
		>
		< {"source":"<stdin>","map":1,"line":1,"width":3,"height":1,"found":true,"cost":2,"steps":2,"start":[0,0],"goal":[2,0],"path":[[0,0],[1,0],[2,0]],"expanded":2,"generated":3,"updated":0,"optimal":true,"note":null,"options":{"algorithm":"astar","heuristic":"manhattan","diagonal":"never","cost":"1,sqrt2","weight":1,"tie_break":"low-h","open_list":"buckets"}}
		> A?B
		>
		< {"source":"<stdin>","map":2,"line":3,"column":2,"error":"unknown character '?' (allowed: A B # . space 1-9)"}
		< pathfind: <stdin>:3:2: unknown character '?' (allowed: A B # . space 1-9)
		EOF
		converse -j "$j" -f moves <<-'EOF'
		> A.B
		>
		< R2
		> A#B
		>
		<
		> AB?
		>
		< error
		< pathfind: <stdin>:5:3: unknown character '?' (allowed: A B # . space 1-9)
		> A..B
		>
		< R3
		EOF
		converse -j "$j" -f path <<-'EOF'
		> A.B
		>
		< 0 0
		< 1 0
		< 2 0
		> A
		> B
		>
		<
		< 0 0
		< 0 1
		EOF
	done
}

@test "streaming: a scenario piped in gets its row before the next is written" {
	converse -S - "$root/tests/data/tiny.map" <<-'EOF'
	< id	start_x	start_y	goal_x	goal_y	length	cost	steps	expanded	generated
	> 0	m	8	6	0	0	1	0	1
	< 1	0	0	1	0	1	1	1	1	4
	> 0	m	8	6	0	0	0	1	1
	< 2	0	0	0	1	1	1	1	1	4
	EOF
}

@test "2>&1: outcomes in input order, no message inside a record" {
	run bash -c 'printf "A.B\n\nAxB\n\nA.B\n" | "$0" -f moves 2>&1 | cat' "$PATHFIND"
	[ "$output" = "R2
error
pathfind: <stdin>:3:2: unknown character 'x' (allowed: A B # . space 1-9)
R2" ]
	# a long stream of good, bad and no-path maps into one file, as a CI log
	local f=$BATS_TEST_TMPDIR/all.txt log=$BATS_TEST_TMPDIR/log
	awk 'BEGIN { for (i = 0; i < 600; i++) {
		m = i % 3
		if (m == 0) { print "A....#"; print "####.#"; print "B....." }
		else if (m == 1) print "A#B"
		else { print "A..x"; print "...B" }
		print "" } }' >"$f"
	"$PATHFIND" <"$f" >"$log" 2>&1 && st=0 || st=$?
	[ "$st" -eq 2 ]
	# every diagnostic is a whole line, right after the previous map's record
	[ "$(grep -c '^pathfind: ' "$log")" -eq 200 ]
	[ "$(grep -c 'pathfind: ' "$log")" -eq 200 ]
	# and they come in input order: each after the result of the map before
	run awk '/^==> <stdin> map [0-9]+ <==$/ { n = $4 }
		/^pathfind: / { split($2, a, ":"); if (n != (a[2] - 1) / 3) { print "after map " n ": " $0; exit 1 } }' "$log"
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
}

@test "one record a map in every format, errors included" {
	local f=$BATS_TEST_TMPDIR/mixed.txt fmt n
	# 4 maps: a path, no path, a bad character, a path
	printf 'A.B\n\nA#B\n\nAxB\n\nA..B\n' >"$f"
	run --separate-stderr "$PATHFIND" -f moves "$f"
	[ "$status" -eq 2 ]
	[ "$output" = $'R2\n\nerror\nR3' ]
	run --separate-stderr "$PATHFIND" -f path "$f"
	[ "$output" = $'0 0\n1 0\n2 0\n\n\nerror\n\n0 0\n1 0\n2 0\n3 0' ]
	run --separate-stderr "$PATHFIND" -f json "$f"
	[ "${#lines[@]}" -eq 4 ]
	[ "${lines[2]}" = "{\"source\":\"$f\",\"map\":3,\"line\":5,\"column\":2,\"error\":\"unknown character 'x' (allowed: A B # . space 1-9)\"}" ]
	# the stderr diagnostic stays as it was
	[ "$stderr" = "pathfind: $f:5:2: unknown character 'x' (allowed: A B # . space 1-9)" ]
	# an input that cannot be read at all is one record too
	run --separate-stderr "$PATHFIND" -f moves "$f" "$BATS_TEST_TMPDIR/nope" "$f"
	[ "$output" = $'R2\n\nerror\nR3\nerror\nR2\n\nerror\nR3' ]
	# the JSON Lines stream of many maps: every line valid, one a map
	cc -std=c11 -O2 -o "$BATS_TEST_TMPDIR/jsoncheck" "$root/tests/jsoncheck.c"
	for n in $(seq 50); do cat "$f"; echo; done >"$BATS_TEST_TMPDIR/many.txt"
	"$PATHFIND" -f json "$BATS_TEST_TMPDIR/many.txt" >"$BATS_TEST_TMPDIR/out.json" 2>/dev/null || true
	[ "$(wc -l <"$BATS_TEST_TMPDIR/out.json")" -eq 200 ]
	"$BATS_TEST_TMPDIR/jsoncheck" "$BATS_TEST_TMPDIR/out.json" >/dev/null
	[ "$(grep -c '"error":' "$BATS_TEST_TMPDIR/out.json")" -eq 50 ]
	# a scenario batch: one object or line a scenario line, bad ones included
	printf '0 m 8 6 0 0 1 0 1\n0 m 8 6 0 9 1 0 1\n0 m 8 6 0 0 0 1 1\n' >"$BATS_TEST_TMPDIR/s.scen"
	run --separate-stderr "$PATHFIND" -f moves -S "$BATS_TEST_TMPDIR/s.scen" "$root/tests/data/tiny.map"
	[ "$status" -eq 2 ]
	[ "$output" = $'R1\nerror\nD1' ]
}

@test "--trace -f json: JSON Lines events before each result, the whole stream valid" {
	local T=$BATS_TEST_TMPDIR
	cc -std=c11 -O2 -o "$T/jsoncheck" "$root/tests/jsoncheck.c"
	for args in "" "--trace=open" "-a dijkstra" "-d always -w 2" "-c 10,14 -t fifo"; do
		# shellcheck disable=SC2086
		"$PATHFIND" --trace $args -f json "$root/samples/tutorial.txt" "$root/samples/multi.txt" \
		    >"$T/t.json" 2>"$T/err" || [ $? -eq 1 ]
		[ ! -s "$T/err" ]
		"$T/jsoncheck" "$T/t.json" >/dev/null || { echo "args: $args"; return 1; }
		# per map: a search event, steps, the goal or no-path event, the result
		[ "$(grep -c '^{"trace":"search",' "$T/t.json")" -eq 4 ]
		[ "$(grep -c '^{"source":' "$T/t.json")" -eq 4 ]
		[ "$(grep -c '^{"trace":"goal",\|^{"trace":"no-path",' "$T/t.json")" -eq 4 ]
		! grep -v '^{' "$T/t.json"
	done
	# the events of the tutorial's map, as the text trace has them
	"$PATHFIND" --trace -f json "$root/samples/tutorial.txt" >"$T/t.json"
	"$PATHFIND" --trace "$root/samples/tutorial.txt" >"$T/t.txt"
	[ "$(head -n 1 "$T/t.json")" = '{"trace":"search","source":"'"$root"'/samples/tutorial.txt","map":1,"width":7,"height":5,"algorithm":"astar","weight":1,"start":[1,2],"goals":[[5,2]]}' ]
	[ "$(sed -n 2p "$T/t.json")" = '{"trace":"expand","step":1,"cell":[1,2],"f":4,"g":0,"h":4,"parent":null}' ]
	[ "$(grep -c '"trace":"expand"' "$T/t.json")" -eq "$(grep -c '^step [0-9]*: current' "$T/t.txt")" ]
	[ "$(grep -c '"trace":"add"' "$T/t.json")" -eq "$(grep -c '^  add ' "$T/t.txt")" ]
	[ "$(grep -c '"trace":"update"' "$T/t.json")" -eq "$(grep -c '^  update ' "$T/t.txt")" ]
	grep -q '^{"trace":"goal","step":13,"cell":\[5,2\],"f":8,"g":8,"h":0,"parent":\[' "$T/t.json"
	# JPS: its jump points
	"$PATHFIND" --trace -a jps -f json "$root/samples/tutorial.txt" >"$T/j.json"
	"$T/jsoncheck" "$T/j.json" >/dev/null
	grep -q '^{"trace":"goal",' "$T/j.json"
	# --trace=open: an open event after each expansion
	"$PATHFIND" --trace=open -f json "$root/samples/tutorial.txt" >"$T/o.json"
	[ "$(grep -c '^{"trace":"open","open":\[' "$T/o.json")" -eq "$(grep -c '"trace":"expand"' "$T/o.json")" ]
}

@test "-j 2 gives the bytes of -j 1 on a 1,000-map stream, in every format and view" {
	local T=$BATS_TEST_TMPDIR args a b
	awk 'BEGIN { srand(11); for (i = 0; i < 1000; i++) {
		w = 3 + int(rand() * 12); h = 2 + int(rand() * 8)
		ax = int(rand() * w); ay = int(rand() * h); bx = int(rand() * w); by = int(rand() * h)
		for (y = 0; y < h; y++) { r = ""
			for (x = 0; x < w; x++) { c = rand() < 0.3 ? "#" : rand() < 0.2 ? int(1 + rand() * 9) : "."
				if (x == ax && y == ay) c = "A"; else if (x == bx && y == by) c = "B"
				if (i % 97 == 5 && x == 0 && y == 0) c = "?"
				r = r c }
			print r }
		print "" } }' >"$T/stream.txt"
	for args in "" "-f json" "-f path" "-f moves" "-e" "--trace -d always" "--trace -f json" "--compare=heuristic" "-s -d no-squeeze -a dijkstra"; do
		# shellcheck disable=SC2086
		"$PATHFIND" -j 1 $args <"$T/stream.txt" >"$T/a" 2>"$T/ae" && a=0 || a=$?
		# shellcheck disable=SC2086
		"$PATHFIND" -j 2 $args <"$T/stream.txt" >"$T/b" 2>"$T/be" && b=0 || b=$?
		[ "$a" -eq 2 ] && [ "$b" -eq 2 ] || { echo "$args: status $a and $b"; return 1; }
		[ -s "$T/a" ]
		cmp "$T/a" "$T/b" || { echo "args: $args"; return 1; }
		cmp "$T/ae" "$T/be" || { echo "stderr, args: $args"; return 1; }
	done
	# inputs of every kind in one run: files, a missing one, standard
	# input, a directory; each read by whichever thread is free
	local ins="$root/samples/tutorial.txt $T/missing.txt - $root/samples/multi.txt $T $root/samples/multigoal.txt"
	for j in 1 2 3; do
		# shellcheck disable=SC2086
		"$PATHFIND" -j "$j" -f json $ins <"$T/stream.txt" >"$T/o$j" 2>"$T/e$j" && a=0 || a=$?
		[ "$a" -eq 2 ] || { echo "-j $j: status $a"; return 1; }
	done
	[ "$(grep -c '"source":"<stdin>"' "$T/o1")" -gt 900 ]
	grep -q 'missing.txt: cannot open' "$T/e1"
	cmp "$T/o1" "$T/o2" && cmp "$T/o1" "$T/o3"
	cmp "$T/e1" "$T/e2" && cmp "$T/e1" "$T/e3"
	# and with files as operands, several threads, the images numbered alike
	mkdir "$T/i1" "$T/i4"
	(cd "$T/i1" && "$PATHFIND" -j 1 --image m.svg "$root"/samples/*.txt >../o1 2>&1) || true
	(cd "$T/i4" && "$PATHFIND" -j 4 --image m.svg "$root"/samples/*.txt >../o4 2>&1) || true
	[ -s "$T/o1" ]
	cmp "$T/o1" "$T/o4"
	diff -r "$T/i1" "$T/i4"
	[ "$(ls "$T/i1" | wc -l)" -gt 5 ]
}

# Under -j a thread that would wait reads the next small files ahead
# (maps.c, AHEAD): whole, if they are regular files of at most 16384
# bytes and not standard output's; the others (larger, a directory, a
# FIFO, standard input, a missing file) are read in turn.  Whichever
# thread reads a file, the run's bytes are -j 1's.
@test "-j 2 on many small files, some read ahead, gives the bytes of -j 1" {
	local T=$BATS_TEST_TMPDIR j n ops=() a st
	mkdir "$T/in" "$T/dir"
	awk -v d="$T/in" 'BEGIN { srand(5); for (i = 0; i < 240; i++) {
		f = sprintf("%s/m%03d.txt", d, i)
		w = 2 + int(rand() * 9); h = 1 + int(rand() * 6); k = i % 40 == 7 ? 2 : 1
		for (m = 0; m < k; m++) {
			ax = int(rand() * w); ay = int(rand() * h); bx = int(rand() * w); by = int(rand() * h)
			for (y = 0; y < h; y++) { r = ""
				for (x = 0; x < w; x++) { c = rand() < 0.3 ? "#" : "."
					if (x == ax && y == ay) c = "A"; else if (x == bx && y == by) c = "B"
					if (i % 53 == 9 && x == 1 && y == 0) c = "?"
					r = r c }
				print r >f }
			if (m + 1 < k) print "" >f }
		close(f) } }'
	# the sizes about AHEAD_BYTES (16384): 128 rows of 127 cells and
	# their ends, one byte less (no last line end) and one more
	awk 'BEGIN { for (y = 0; y < 128; y++) { r = ""; for (x = 0; x < 127; x++)
		r = r (x == 0 && y == 0 ? "A" : x == 126 && y == 127 ? "B" : x == 60 && y < 120 ? "#" : ".")
		print r } }' >"$T/in/s16384.txt"
	head -c 16383 "$T/in/s16384.txt" >"$T/in/s16383.txt"
	{ cat "$T/in/s16384.txt"; echo; } >"$T/in/s16385.txt"
	[ "$(wc -c <"$T/in/s16383.txt") $(wc -c <"$T/in/s16385.txt")" = "16383 16385" ]
	printf '\357\273\277A..\n#.B\n' >"$T/in/bom.txt"
	printf 'A.\r\n.B\r\n' >"$T/in/crlf.txt"
	printf 'A#B' >"$T/in/noend.txt"
	: >"$T/in/empty.txt"
	mkfifo "$T/fifo"
	for n in 0 1 2 3; do
		ops+=("$T"/in/m$n*.txt "$T/in/s16383.txt" "$T/in/bom.txt" "$T/missing.txt"
		    "$T/in/s16384.txt" "$T/in/crlf.txt" "$T/dir" "$T/in/s16385.txt" "$T/in/empty.txt" "$T/in/noend.txt")
	done
	ops+=(- "$T/fifo" "$T"/in/m1*.txt)
	[ "${#ops[@]}" -gt 300 ]
	for a in "-s" "-f json" "-f moves -d always"; do
		for j in 1 2 3; do
			printf 'A.B\n\n.A\nB#\n' >"$T/stdin"
			timeout 60 sh -c 'printf "A...\n###B\n" >"$1"' sh "$T/fifo" &
			# shellcheck disable=SC2086
			timeout 120 "$PATHFIND" -j "$j" $a "${ops[@]}" <"$T/stdin" >"$T/o$j" 2>"$T/e$j" && st=0 || st=$?
			wait
			[ "$st" -eq 2 ] || { echo "$a -j $j: status $st"; return 1; }
		done
		[ "$(grep -c 'cannot open' "$T/e1")" -eq 4 ] && grep -q 'dir: .*Is a directory' "$T/e1"
		grep -q 'empty.txt:1:1: empty input' "$T/e1"
		cmp "$T/o1" "$T/o2" && cmp "$T/o1" "$T/o3" || { echo "$a: stdout"; return 1; }
		cmp "$T/e1" "$T/e2" && cmp "$T/e1" "$T/e3" || { echo "$a: stderr"; return 1; }
	done
	# the output file itself among them, read ahead as any other
	for j in 1 2; do
		printf 'A.B\n' >"$T/out"
		"$PATHFIND" -j "$j" -f moves "$T"/in/m00*.txt "$T/out" "$T"/in/m01*.txt >>"$T/out" 2>"$T/e$j" && st=0 || st=$?
		[ "$st" -eq 2 ] || { echo "-j $j: status $st"; return 1; }
		mv "$T/out" "$T/o$j"
	done
	grep -q 'out: input file is output file' "$T/e1"
	cmp "$T/o1" "$T/o2" && cmp "$T/e1" "$T/e2"
}

# A map stream runs no thread that only reads (maps.c, work): with -j 2
# its maps are read by the threads that solve them, and the calling
# thread, which waits for them, reads none.  Told by each thread's bytes
# read (/proc/PID/task/TID/io) before and after a second map, each
# snapshot taken once the map before it has its result: what the process
# read on its way in (the loader's, a locale's) is in both.
@test "-j 2 on a map stream: the maps are read by the threads that solve them" {
	[ -r "/proc/$$/task/$$/io" ] || skip "no /proc/PID/task/TID/io here"
	local T=$BATS_TEST_TMPDIR got in out pid size
	awk 'BEGIN { for (y = 0; y < 100; y++) { r = ""; for (x = 0; x < 200; x++) r = r (x == 0 && y == 0 ? "A" : x == 199 && y == 99 ? "B" : "."); print r } print "" }' >"$T/map.txt"
	size=$(wc -c <"$T/map.txt")
	# rchar: each thread's bytes read, the calling thread's first
	rchar() {
		local t
		awk '$1 == "rchar:" { print $2 }' "/proc/$pid/task/$pid/io"
		for t in /proc/"$pid"/task/*; do
			[ "${t##*/}" = "$pid" ] || awk '$1 == "rchar:" { print $2 }' "$t/io"
		done | awk '{ s += $1 } END { print s + 0 }'
	}
	coproc PF { exec "$PATHFIND" -j 2 -f moves; }
	in=${PF[1]} out=${PF[0]} pid=$PF_PID
	printf 'A.B\n\n' >&"$in"
	IFS= read -r -t 60 got <&"$out" || { kill "$pid"; echo "no result"; return 1; }
	[ "$got" = "R2" ] || { kill "$pid"; echo "got $got"; return 1; }
	rchar >"$T/before"
	cat "$T/map.txt" >&"$in"
	IFS= read -r -t 60 got <&"$out" || { kill "$pid"; echo "no second result"; return 1; }
	[ -n "$got" ] || { kill "$pid"; echo "no path?"; return 1; }
	rchar >"$T/after"
	exec {in}>&-
	wait "$pid"
	paste "$T/before" "$T/after" | awk -v size="$size" '
		{ d[NR] = $2 - $1 }
		END {
			printf "map %d bytes; read by the calling thread %d, by the others %d\n", size, d[1], d[2]
			exit !(d[1] < size && d[2] >= size)
		}'
}

# Into a pipe each write(2) wakes the reader.  Results are flushed before
# a read or an open that may wait (a pipe, a FIFO, a terminal), before a
# large map, and every 65,536 cells of maps written (maps.c, FLUSH_WORK),
# never for a regular file's read or open: 300 one-map files went out in
# 300 writes, one an operand, and took twice as long into a pipe as into
# a file.  And a pipe is written in blocks of 64 KiB, not of its
# st_blksize, a page (main.c).  writes N ARGS...: the size of each
# write(2) to standard output, a pipe to cat, into $T/w; N: -j.
writes_to_pipe() {
	local j=$1
	shift
	# (LeakSanitizer does not work under ptrace: make sanitize's leaks are
	# looked for everywhere else)
	ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 \
	    strace -f -qq -e trace=write -o "$T/trace" "$PATHFIND" -j "$j" "$@" | cat >"$T/out"
	[ "${PIPESTATUS[0]}" -eq 0 ] || { echo "-j $j $1 $2: status ${PIPESTATUS[0]}"; return 1; }
	sed -n 's/^[0-9]* *write(1, .*) *= \([0-9]*\)$/\1/p' "$T/trace" >"$T/w"
	[ "$(awk '{ s += $1 } END { print s + 0 }' "$T/w")" -eq "$(wc -c <"$T/out")" ]
}

@test "into a pipe: no write for each small file, a flush every 65,536 cells, blocks of 64 KiB" {
	command -v strace >/dev/null || skip "strace is not installed (.ci/run installs it)"
	local T=$BATS_TEST_TMPDIR j k
	mkdir "$T/in"
	for k in $(seq -w 1 300); do printf 'A.B\n' >"$T/in/m$k.txt"; done
	# 100 maps of 64x64 = 4,096 cells, none large: a flush every 16
	awk 'BEGIN { for (i = 0; i < 100; i++) { for (y = 0; y < 64; y++) { r = ""
		for (x = 0; x < 64; x++) r = r (x == 0 && y == 0 ? "A" : x == 63 && y == 63 ? "B" : ".")
		print r } print "" } }' >"$T/big.txt"
	for j in 1 2; do
		writes_to_pipe "$j" -f moves "$T"/in/m*.txt
		[ "$(wc -l <"$T/out")" -eq 300 ] && [ "$(wc -l <"$T/w")" -eq 1 ] ||
		    { echo "-j $j, 300 files: $(wc -l <"$T/w") writes"; return 1; }
		writes_to_pipe "$j" -f moves "$T/big.txt"
		[ "$(wc -l <"$T/out")" -eq 100 ] && [ "$(wc -l <"$T/w")" -eq 7 ] ||
		    { echo "-j $j, 100 maps: $(wc -l <"$T/w") writes"; return 1; }
		# text: 4.3 KB a map, so the 64 KiB fill before the 16th
		writes_to_pipe "$j" -f text "$T/big.txt"
		[ "$(sort -n "$T/w" | tail -n 1)" -eq 65536 ] && [ "$(wc -l <"$T/w")" -le 14 ] ||
		    { echo "-j $j, text:"; cat "$T/w"; return 1; }
	done
}

@test "into a pipe: --check's answers from a regular file are read without a flush" {
	command -v strace >/dev/null || skip "strace is not installed (.ci/run installs it)"
	local T=$BATS_TEST_TMPDIR j
	# 7,200 maps of 9 cells (64,800, under a flush's 65,536) and their
	# answers, 266,400 bytes: two reads of the answers' 256 KiB buffer.
	# Flushed before the second, the output had a write of another size.
	awk 'BEGIN { for (i = 0; i < 7200; i++) print "A\n.\n.\n.\n.\n.\n.\n.\nB\n" }' >"$T/maps.txt"
	awk 'BEGIN { for (i = 0; i < 7200; i++) { for (y = 0; y < 9; y++) print "0 " y; print "" } }' >"$T/ans"
	for j in 1 2; do
		writes_to_pipe "$j" -f json --check="$T/ans" --check-format=path "$T/maps.txt"
		[ "$(grep -c '"check":"right"' "$T/out")" -eq 7200 ]
		sed '$d' "$T/w" | sort -u >"$T/sizes"
		[ "$(cat "$T/sizes")" = 65536 ] || { echo "-j $j:"; sort -n "$T/w" | uniq -c; return 1; }
	done
}

@test "--start and --goal on an ASCII map without A or B" {
	run pf --start 0,0 --goal 2,1 < <(printf '...\n...\n')
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "A.." ]
	[ "${lines[1]}" = "**B" ]
	[ "${lines[2]}" = "cost: 3" ]
	# --start alone: the map's Bs are the goals
	run pf --start 2,0 < <(printf '...\nB..\n')
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "**A" ]
	# without them, A and B are still required
	run --separate-stderr pf < <(printf '...\n..B\n')
	[ "$status" -eq 2 ]
	[ "$stderr" = "pathfind: <stdin>:1:1: no start 'A' in map" ]
	run --separate-stderr pf --start 0,0 < <(printf '...\n...\n')
	[ "$status" -eq 2 ]
	[ "$stderr" = "pathfind: <stdin>:1:1: no goal 'B' in map" ]
}

@test "closed descriptors: stdout is a write error, not a file pathfind opens" {
	local T=$BATS_TEST_TMPDIR
	run bash -c 'cd "$1" && "$0" --trace --image o.svg "$2" >&-' "$PATHFIND" "$T" "$root/samples/tutorial.txt"
	[ "$status" -eq 2 ]
	[ "$output" = "pathfind: write error on standard output: Bad file descriptor" ]
	[ ! -e "$T/o.svg" ] || ! grep -q 'trace:' "$T/o.svg"
	# -q writes nothing to stdout: it runs
	run bash -c 'cd "$1" && "$0" -q --image o.svg "$2" >&-' "$PATHFIND" "$T" "$root/samples/tutorial.txt"
	[ "$status" -eq 0 ]
	grep -q '^<svg' "$T/o.svg"
	# a closed stdin is an error where stdin is read, not an empty input
	run bash -c '"$0" -f moves <&-' "$PATHFIND"
	[ "$status" -eq 2 ]
	[ "$output" = $'error\npathfind: <stdin>: cannot read: standard input is closed' ]
	run bash -c '"$0" -S - "$1" <&-' "$PATHFIND" "$root/tests/data/tiny.map"
	[ "$status" -eq 2 ]
	[[ "$output" == *"pathfind: <stdin>: cannot read: standard input is closed"* ]]
	# and by another name: not the empty input (nor empty answers, graded
	# 'wrong') that what holds its place would be; /dev/null is read
	# (each line: the arguments, then the diagnostic; @S the scenarios, @M their map)
	local args want
	while IFS='|' read -r args want; do
		args=${args//@S/$root/tests/data/tiny.map.scen}
		args=${args//@M/$root/tests/data/tiny.map}
		# shellcheck disable=SC2086 # $args is the arguments, split
		run --separate-stderr bash -c '"$0" "$@" <&-' "$PATHFIND" $args
		[ "$status" -eq 2 ] || { echo "$args: status $status"; return 1; }
		[ "$stderr" = "pathfind: $want" ] || { echo "$args: $stderr"; return 1; }
	done <<-'EOF2'
	/dev/stdin|/dev/stdin: cannot read: standard input is closed
	-f moves /dev/null|/dev/null:1:1: empty input
	--check=/dev/stdin @M|/dev/stdin: cannot read: standard input is closed
	-S /dev/stdin @M|/dev/stdin: cannot read: standard input is closed
	-S @S /dev/fd/0|/dev/fd/0: cannot read: standard input is closed
	-S @S --check=/dev/stdin @M|/dev/stdin: cannot read: standard input is closed
	EOF2
}

@test "each line on stderr is one write(2): processes sharing it never split a line" {
	command -v strace >/dev/null || skip "strace is not installed (.ci/run installs it)"
	stderr_lines_whole "$PATHFIND"
}

@test "file names with control characters are escaped in labels and diagnostics" {
	local d=$BATS_TEST_TMPDIR name bad
	name=$d/$'evil\n==> x map 1 <==\t.txt'
	bad=$d/$'no\033[31mx'
	cp "$root/samples/tutorial.txt" "$name"
	run --separate-stderr "$PATHFIND" --label "$name" "$bad"
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "==> $d/evil\\n==> x map 1 <==\\t.txt map 1 <==" ]
	[ "$stderr" = "pathfind: $d/no\\033[31mx: cannot open: No such file or directory" ]
	# DEL is a control character too
	run --separate-stderr "$PATHFIND" "$d/"$'del\177x'
	[ "$stderr" = "pathfind: $d/del\\177x: cannot open: No such file or directory" ]
}

@test "C1 control characters in file names are escaped too; other UTF-8 stays whole" {
	local d=$BATS_TEST_TMPDIR name
	# CSI (U+009B) and NEL (U+0085) as UTF-8, a lone CSI byte as an 8-bit
	# terminal reads it, and characters whose second byte is 0x80 (U+0100,
	# U+0440), which are no controls
	name=$d/$'a\xc2\x9b2J\xc2\x85b\x9b31mc \xc4\x80\xd1\x80 \xe2\x82\xac'
	cp "$root/samples/tutorial.txt" "$name"
	run --separate-stderr "$PATHFIND" --label "$name" "$name/x"
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "==> $d/a\\302\\2332J\\302\\205b\\23331mc "$'\xc4\x80\xd1\x80 \xe2\x82\xac'" map 1 <==" ]
	[ "$stderr" = "pathfind: $d/a\\302\\2332J\\302\\205b\\23331mc "$'\xc4\x80\xd1\x80 \xe2\x82\xac'"/x: cannot open: Not a directory" ]
	# JSON: \u escapes, the same string to a reader; DEL as well
	run --separate-stderr "$PATHFIND" -f json "$name"
	[[ "$output" == '{"source":"'"$d"'/a\u009b2J\u0085b\ufffd31mc '$'\xc4\x80\xd1\x80 \xe2\x82\xac''","map":1,'* ]]
	cp "$root/samples/tutorial.txt" "$d/"$'del\177x'
	run --separate-stderr "$PATHFIND" -f json "$d/"$'del\177x'
	[[ "$output" == '{"source":"'"$d"'/del\u007fx","map":1,'* ]]
	# a name cut short in a diagnostic cuts between characters, never
	# inside an escape or a character
	# (a map the scenarios lead to, whose name is cut to fit its message)
	name=$d/$(printf '\xc2\x9b%.0s' {1..100})
	mkdir -p "$name/$(printf '\xc2\x9b%.0s' {1..100})"
	name=$name/$(printf '\xc2\x9b%.0s' {1..100})/m.map
	echo 'version 1' >"$name.scen"
	run --separate-stderr "$PATHFIND" -S "$name.scen"
	[ "$status" -eq 2 ]
	[[ "$stderr" =~ ^pathfind:\ .*\.scen:\ its\ map\ .*(\\302\\233)+\.\.\.:\ cannot\ open ]] ||
	    { echo "$stderr"; return 1; }
}

@test "--image never overwrites an input file" {
	local d=$BATS_TEST_TMPDIR
	cp "$root/samples/multi.txt" "$d/self.svg"
	cp "$d/self.svg" "$d/orig"
	run --separate-stderr "$PATHFIND" -f moves --image "$d/self.svg" "$d/self.svg"
	[ "$status" -eq 2 ]
	cmp "$d/orig" "$d/self.svg"
	# every map is read and has its outcome: an image not written leaves
	# its name to the next map, so each of the three is refused
	[ "${#stderr_lines[@]}" -eq 3 ]
	[ "${stderr_lines[2]}" = "pathfind: $d/self.svg: cannot write image: it is an input file" ]
	[ "$output" = $'error\nerror\nerror' ]
	[ ! -e "$d/self-2.svg" ]
	# standard input too, when it is a file
	run --separate-stderr "$PATHFIND" --image "$d/self.svg" <"$d/self.svg"
	[ "$status" -eq 2 ]
	cmp "$d/orig" "$d/self.svg"
	# one operand of several: the third image's name is the third of
	# seven operands, whose files were made in the opposite order to
	# theirs but for it, made first (the inputs are looked up sorted)
	mkdir "$d/s"
	for f in x-3.svg g f e c b a; do cp "$root/samples/tutorial.txt" "$d/s/$f"; done
	run --separate-stderr "$PATHFIND" -f moves --image "$d/s/x.svg" "$d/s/a" "$d/s/b" "$d/s/x-3.svg" \
	    "$d/s/c" "$d/s/e" "$d/s/f" "$d/s/g"
	[ "$status" -eq 2 ]
	cmp "$root/samples/tutorial.txt" "$d/s/x-3.svg"
	[ -s "$d/s/x.svg" ] && [ -s "$d/s/x-2.svg" ] && [ ! -e "$d/s/x-4.svg" ]
	[ "${#stderr_lines[@]}" -eq 5 ]
	[ "${stderr_lines[0]}" = "pathfind: $d/s/x-3.svg: cannot write image: it is an input file" ]
	[ "${lines[2]}" = error ] && [ "${lines[6]}" = error ]
}

@test "--image never writes standard output's file while the records go there" {
	local d=$BATS_TEST_TMPDIR j
	for j in 1 2; do
		rm -f "$d/o.svg"
		run --separate-stderr bash -c '"$1" -j "$2" -f moves --image "$3" "$4" >"$3"' _ \
		    "$PATHFIND" "$j" "$d/o.svg" "$root/samples/tutorial.txt"
		[ "$status" -eq 2 ]
		[ "$stderr" = "pathfind: $d/o.svg: cannot write image: it is standard output" ]
		# the records alone, the image's error in place of the map's
		[ "$(cat "$d/o.svg")" = error ]
		# appended to, as with >>
		run --separate-stderr bash -c '"$1" -j "$2" -f json --image "$3" "$4" >>"$3"' _ \
		    "$PATHFIND" "$j" "$d/o.svg" "$root/samples/tutorial.txt"
		[ "$status" -eq 2 ]
		[ "$stderr" = "pathfind: $d/o.svg: cannot write image: it is standard output" ]
		[ "$(head -n 1 "$d/o.svg")" = error ]
		[ "$(sed -n 2p "$d/o.svg")" = '{"source":"'"$root"'/samples/tutorial.txt","map":1,"line":null,"column":null,"error":"cannot write image: it is standard output"}' ]
	done
	# with -q nothing else is written there: the image is
	run --separate-stderr bash -c '"$1" -q --image "$2" "$3" >"$2"' _ \
	    "$PATHFIND" "$d/q.svg" "$root/samples/tutorial.txt"
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	[ "$(head -c 5 "$d/q.svg")" = '<?xml' ]
}

@test "GNU parallel: the README's recipes give a single run's bytes" {
	command -v parallel >/dev/null || skip "GNU parallel is not installed (.ci/run installs it)"
	local T=$BATS_TEST_TMPDIR a b i
	# a stream of 400 maps: paths, no paths, errors
	awk 'BEGIN { srand(5); for (i = 0; i < 400; i++) {
		w = 3 + int(rand() * 10); h = 2 + int(rand() * 6)
		ax = int(rand() * w); ay = int(rand() * h); bx = int(rand() * w); by = int(rand() * h)
		for (y = 0; y < h; y++) { r = ""
			for (x = 0; x < w; x++) { c = rand() < 0.3 ? "#" : "."
				if (x == ax && y == ay) c = "A"; else if (x == bx && y == by) c = "B"
				r = r c }
			print r }
		print "" } }' >"$T/stream.txt"
	"$PATHFIND" -f moves <"$T/stream.txt" >"$T/one" 2>/dev/null && a=0 || a=$?
	[ "$a" -eq 2 ]
	[ "$(wc -l <"$T/one")" -eq 400 ]
	# one stream, cut into blocks at the empty lines (small blocks: many jobs)
	parallel --will-cite --pipe -k --recend '\n\n' --block 2k "$PATHFIND" -f moves \
	    <"$T/stream.txt" >"$T/par" 2>/dev/null && b=0 || b=$?
	[ "$b" -gt 1 ]	# several jobs, some with errors
	cmp "$T/one" "$T/par"
	# the same through --sshlogin, with this machine as the host
	parallel --will-cite --pipe -k --recend '\n\n' --block 2k --sshlogin : "$PATHFIND" -f moves \
	    <"$T/stream.txt" >"$T/ssh" 2>/dev/null || true
	cmp "$T/one" "$T/ssh"
	# many files, one job each, JSON naming each map by file and number
	mkdir "$T/f"
	awk -v d="$T/f" 'BEGIN { RS = ""; ORS = "\n\n" } { print > (d "/" sprintf("%03d", int((NR - 1) / 20)) ".txt") }' "$T/stream.txt"
	[ "$(ls "$T/f" | wc -l)" -eq 20 ]
	"$PATHFIND" -f json "$T"/f/*.txt >"$T/one.json" 2>/dev/null || [ $? -eq 2 ]
	[ "$(wc -l <"$T/one.json")" -eq 400 ]
	(cd "$T/f" && parallel --will-cite -k "$PATHFIND" -f json ::: "$T"/f/*.txt) >"$T/par.json" 2>/dev/null || true
	cmp "$T/one.json" "$T/par.json"
}
