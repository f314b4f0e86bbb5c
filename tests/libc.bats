#!/usr/bin/env bats
# pathfind built on musl, the other C library of Linux, must behave as
# the usual (glibc) build: the same output, messages and exit status.
# Where the libraries differ, pathfind's own code decides: getopt_long's
# abbreviations (musl calls --col ambiguous between --color and --colour,
# moves optind past argv's end on -qa, and reads no POSIXLY_CORRECT),
# stdout's buffering (musl's starts line-buffered, so that a write error
# was found at another record), and memory streams (musl's
# open_memstream, as glibc's, drops a write it cannot grow for and says
# nothing).  The command lines, the write error and the memory limit
# failed on the musl build before pathfind took those over; the formats
# and drivers, and stderr's lines, held there already.  Skipped where
# musl-gcc is missing (.ci/run installs musl-tools).

load common

setup_file() {
	export MUSL_BIN="$root/build/musl/pathfind" MUSL_WHY=
	if ! command -v musl-gcc >/dev/null; then
		MUSL_WHY="musl-gcc is not installed (.ci/run installs musl-tools)"
	elif ! make -s -C "$root" build/musl/pathfind >"$BATS_FILE_TMPDIR/make.log" 2>&1 ||
	    { [ ! -x "$BRUTE" ] && ! make -s -C "$root" tests/brute >>"$BATS_FILE_TMPDIR/make.log" 2>&1; }; then
		MUSL_WHY="musl-gcc cannot build pathfind: $(tail -n 1 "$BATS_FILE_TMPDIR/make.log")"
	fi
}

setup() {
	[ -z "$MUSL_WHY" ] || skip "$MUSL_WHY"
	T=$BATS_TEST_TMPDIR
}

# both ARGS...: run pathfind and the musl build with ARGS from the top of
# the tree, stdin from /dev/null; fails, showing both, unless stdout,
# stderr and the exit status are the same bytes (but -S's times).
both() {
	local st=0 st2=0
	(cd "$root" && "$PATHFIND" "$@" </dev/null >"$T/o1" 2>"$T/e1") || st=$?
	(cd "$root" && "$MUSL_BIN" "$@" </dev/null >"$T/o2" 2>"$T/e2") || st2=$?
	# (-S's summary ends with its times and peak memory: not compared)
	sed -i 's/ time=[0-9.]* wall=[0-9.]* maxrss=[0-9]*$//' "$T/e1" "$T/e2"
	if [ "$st" != "$st2" ] || ! cmp -s "$T/o1" "$T/o2" || ! cmp -s "$T/e1" "$T/e2"; then
		echo "differs: pathfind $*"
		echo "glibc: status $st"; head -c 600 "$T/e1"
		echo "musl: status $st2"; head -c 600 "$T/e2"
		diff "$T/o1" "$T/o2" | head -n 10
		return 1
	fi
}

@test "musl: command lines, getopt's errors and abbreviations, as under glibc" {
	local args
	# musl: --col, --colo, --colou=never: "unknown option --col"; -qa at the
	# end of the line: a crash (optname of argv[argc]); -é: "option -\303
	# takes no value" (musl's getopt decodes the byte to 0xdfc3)
	while IFS= read -r args; do
		# shellcheck disable=SC2086
		both $args
	done <<-'EOF'
	--col=never samples/tutorial.txt
	--colo samples/tutorial.txt
	--colou=never samples/tutorial.txt
	--colo=bad samples/tutorial.txt
	--col
	-qa
	-qa samples/tutorial.txt
	samples/tutorial.txt -qa
	-é
	-qé samples/tutorial.txt
	-a
	-j
	-qsj
	--weight
	--start
	-x
	--help=x
	--nearest=1
	--max-expanded=5 -Zq x
	--quiet -q: x
	--bogus=3
	--=3
	--t
	--t=low-h
	--co
	--s x
	--tra=open samples/tutorial.txt
	--scen tests/data/tiny.map.scen
	-h
	-V
	samples/tutorial.txt -q -- -x
	EOF
	# POSIXLY_CORRECT: options stop at the first operand (musl's
	# getopt_long reads no such variable: -q was taken, and exit 0)
	POSIXLY_CORRECT=1 both -s samples/tutorial.txt -- -x
	POSIXLY_CORRECT=1 both samples/tutorial.txt -q
	[ "$(head -n 1 "$T/e2")" = "pathfind: -q: cannot open: No such file or directory" ]
}

@test "musl: every format, view and driver prints what glibc's build prints" {
	local args bad=$T/bad.txt
	printf 'A.B\n\nA?B\n..\n\nA#B\n' >"$bad"
	(cd "$root" && "$PATHFIND" -f path samples/maze.txt samples/tutorial.txt) >"$T/ans.txt"
	"$BRUTE" gen 20261130 40 >"$T/maps"
	while IFS= read -r args; do
		args=${args//@T/$T}
		# shellcheck disable=SC2086
		both $args
	done <<-'EOF'
	samples/tutorial.txt samples/maze.txt samples/multi.txt samples/multigoal.txt samples/nopath.txt samples/terrain.txt
	-s -f json samples/tutorial.txt @T/bad.txt nosuch.txt samples/terrain.txt
	-j 2 -s -f json samples/maze.txt @T/bad.txt samples/multi.txt nosuch.txt samples/nopath.txt
	-j 3 -f path samples/maze.txt samples/tutorial.txt samples/multigoal.txt
	-f moves --nearest samples/multigoal.txt
	-e -d always -H octile samples/maze.txt
	--scores samples/tutorial.txt
	--trace samples/tutorial.txt
	-f json --trace=open samples/tutorial.txt
	-a dijkstra -d no-squeeze -c 1,1.5 samples/terrain.txt
	-a jps -d no-corner-cut -f json samples/maze.txt
	--compare=algorithm -d always samples/maze.txt
	--compare=weight samples/maze.txt
	--max-expanded 5 samples/maze.txt
	--image - samples/tutorial.txt
	--color=always -e samples/maze.txt
	--check=@T/ans.txt --check-format path samples/maze.txt samples/tutorial.txt
	--check=@T/ans.txt --check-format path samples/tutorial.txt samples/maze.txt
	-s -S tests/data/tiny.map.scen tests/data/tiny.map
	-j 2 -f json -S tests/data/tiny.map.scen tests/data/tiny.map
	-s -d always -H octile -t high-g -o buckets @T/maps
	-s -j 2 -a jps -d always -f json @T/maps
	-s -a dijkstra -d no-corner-cut -w 1.5 -o binary-heap @T/maps
	EOF
}

@test "musl: a write error is found at the same record, and the summary counts the same maps" {
	[ -w /dev/full ] || skip "no /dev/full"
	printf 'A.B\n' >"$T/a.txt"
	printf 'AxB\n' >"$T/b.txt"
	local j b
	# musl's stdout wrote its first line at once: "maps=0" here, where
	# glibc's buffer took the first record (hostile.bats)
	for j in 1 2; do
		run bash -c 'cd "$1" && "$0" -s -j "$2" -f json a.txt b.txt a.txt >/dev/full 2>e1' \
		    "$PATHFIND" "$T" "$j"
		[ "$status" -eq 2 ]
		run bash -c 'cd "$1" && "$0" -s -j "$2" -f json a.txt b.txt a.txt >/dev/full 2>e2' \
		    "$MUSL_BIN" "$T" "$j"
		[ "$status" -eq 2 ]
		cmp "$T/e1" "$T/e2" || { cat "$T/e1" "$T/e2"; return 1; }
		grep -q 'summary: maps=1 ' "$T/e2"
	done
	# a record of 16 KB, past /dev/full's block of 4 KiB (st_blksize): the
	# error is found inside it under both, "maps=0" (a fixed buffer of 64
	# KiB held it whole and counted it)
	zigzag 64 >"$T/z.txt"
	for j in 1 2; do
		for b in "$PATHFIND" "$MUSL_BIN"; do
			run --separate-stderr bash -c 'cd "$1" && "$0" -s -j "$2" -f json z.txt b.txt z.txt >/dev/full' \
			    "$b" "$T" "$j"
			[ "$status" -eq 2 ]
			[ "${stderr_lines[1]}" = "pathfind: summary: maps=0 solved=0 nopath=0 errors=0 expanded=0" ] ||
			    { echo "$b -j $j: $stderr"; return 1; }
		done
	done
	run bash -c '"$0" -s -S "$1" "$2" >/dev/full' "$MUSL_BIN" "$root/tests/data/tiny.map.scen" "$root/tests/data/tiny.map"
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "pathfind: write error on standard output: No space left on device" ]
}

@test "musl: under a memory limit a record is whole or an error, and -j 2 fits where -j 1 does" {
	[ -z "${PF_SANITIZED:-}" ] || skip "sanitizers reserve huge address space"
	local v j got want errs=0
	zigzag 2048 >"$T/z.txt"
	want=$("$PATHFIND" -f json "$T/z.txt" | cksum)
	# musl's open_memstream dropped the write it could not grow for: -j 2
	# printed "out of memory" at 90-110 MB where -j 1 fits (no retry), and
	# a record cut short would have been exit 0
	for v in 60000 90000 100000 110000 130000; do
		for j in 1 2; do
			got=0
			bash -c 'ulimit -v "$1"; "$0" -j "$2" -f json "$3" >"$3.out" 2>"$3.err"' \
			    "$MUSL_BIN" "$v" "$j" "$T/z.txt" || got=$?
			case $got in
			0) [ "$(cksum <"$T/z.txt.out")" = "$want" ] ||
				{ echo "$v KB, -j $j: exit 0 and not the record"; return 1; } ;;
			2) [ "$(cat "$T/z.txt.err")" = "pathfind: $T/z.txt:1:1: out of memory" ] ||
				{ echo "$v KB, -j $j: $(cat "$T/z.txt.err")"; return 1; }
				# the error record alone, nothing of the record before it
				[ "$(cat "$T/z.txt.out")" = "{\"source\":\"$T/z.txt\",\"map\":1,\"line\":1,\"column\":1,\"error\":\"out of memory\"}" ] ||
				{ echo "$v KB, -j $j: $(head -c 300 "$T/z.txt.out")"; return 1; }
				[ "$v" -lt 90000 ] || { echo "$v KB, -j $j: out of memory"; return 1; }
				errs=$((errs + 1)) ;;
			*) echo "$v KB, -j $j: status $got"; return 1 ;;
			esac
		done
	done
	[ "$errs" -ge 1 ]	# (60 MB is too little even for -j 1: the error is seen)
}

@test "musl: each line on stderr is one system call" {
	command -v strace >/dev/null || skip "strace is not installed (.ci/run installs it)"
	stderr_lines_whole "$MUSL_BIN"
}
