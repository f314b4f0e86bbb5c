#!/bin/sh
# make bench: time pathfind on MovingAI scenario sets.
#
# Uses $BENCH_DIR (default ../shared/bench/movingai) when it exists, and
# always the maps bench/genmap.c writes into build/bench (random, maze and
# rooms at 512x512 and 2048x2048, deterministic; for the scaling table
# also 8192x8192 ones and an open 4096x4096 map, in build/bench/large).
# One row per map and configuration (on the six maps of the performance
# issue, the median of BENCH_REPS runs); the search times are pathfind's own
# per-query clock, summed (parsing and output excluded).  Then, as "floor", a second table
# from bench/floor.c: per map the parse speed of pathfind's map reader,
# the time of a process's first parse of the map (fresh memory), and the
# time per node of a plain breadth-first search over the same cells, the
# floor Dijkstra's ns/expansion is judged against; of three runs, the best
# parse speed and floor and the median first parse.  Last, as "check", a
# third table: per map, BENCH_CHECK queries spread over its scenario file,
# as a stream of ASCII maps (the map with the query's A and B, -d
# no-corner-cut as the octile maps have it), solved with -f moves and
# those answers checked back with --check: answers per second of wall
# time, parsing included, for both, and whether every answer was right.
# Last, as "scaling", how A* (default options) scales with the map: the
# generated maze, random and rooms maps at 512, 2048 and 8192 (a few
# queries there), and an open 4096x4096 map; per map the ns/expansion
# (the least of BENCH_REPS rounds, in each of which every map runs once),
# the same once the memory has been touched (the queries run twice in
# one process, and only the second pass counted: what is left of the
# first is page faults), the expansions a query, the peak resident set
# (-S's maxrss) and the peak address space (VmPeak), each in MiB and in
# bytes a cell, and the one over the other; then per 2048x2048 and
# 8192x8192 map its ns/expansion over the 512x512 map's of the same
# generator in the same round, the median and range over the rounds;
# and per map the peak resident set and address space of -j 2, -a jps
# and -a jps -j 2 (one run each, -q). VmPeak is read by
# bench/vmpeak.c, which runs pathfind traced and reads its
# /proc/PID/status as it exits, its memory still mapped (Linux only).
# Last, as "pairs", the two ratios of pathfind to itself that the
# performance issue sets targets for (Dijkstra over the BFS floor, -j 1
# over -j 2), each side run in turn with the other, BENCH_PAIRS times:
# the median and range of the pairs' ratios (see the step below).
# Environment:
#   PATHFIND    the pathfind to time (default: the one built here)
#   BENCH_DIR   folder of .map/.map.scen pairs
#   BENCH_MAPS  only maps whose name contains this (e.g. arena)
#   BENCH_ALGOS algorithms to run, "floor" for the floor table, "stream"
#               for map streams, "check" for --check, "rules" for A*
#               and JPS under every diagonal rule and "scaling" for the
#               scaling table, "pairs" for the ratios from runs side by
#               side (default "astar dijkstra jps floor stream check
#               rules scaling pairs"; any of the last six alone skips the
#               searches)
#   BENCH_REPS  repetitions (default 3): of the first table's rows of the
#               six maps of the performance issue, the algorithms taking
#               turns, each row the run of median search time (the
#               "runs" column says how many); and of the rules and
#               scaling tables' runs, interleaved (the scaling table's
#               maps by rounds, every map once a round), each the least
#               time, and the scaling ratios' rounds
#   BENCH_MIN_MS of those rows, an algorithm whose first run of a file
#               takes less (default 250 ms) runs as many times as add up
#               to it, an odd number and at most 31
#   BENCH_EVERY run only every N-th query of each scenario file (default
#               1: all of them), for quicker runs; the queries column says
#               how many ran
#   BENCH_PAIRS pairs of runs for the pairs tables (default 7)
#   BENCH_CHECK queries a map for the check table (default 1000, and no
#               more than a stream of 128 MiB holds)
#   BENCH_PEERS_EVERY the peers table's share of each file: every N-th
#               query (default 10)
#   BENCH_THEN  for "then": the pathfind the performance issue measured
#               (make bench-then builds it from git)
# "instr" (not in the default) is a table of instructions instead of
# times: A* and Dijkstra on their default lists, every 20th query of the
# six maps of the performance issue, under cachegrind (valgrind); per
# expansion the instructions of the whole process and those of the search
# (the functions of src/search*, src/buckets.c, src/openlist* and
# src/jps.c), and the search's mispredicted conditional branches.  Unlike
# times, these do not depend on what else the machine is doing.
# "peers" (not in the default; make bench-peers) is a table of pathfind's
# A* against two other programs' A*, libtcod's and the Boost Graph
# Library's, each run by its own small runner (bench/peers/), on every
# BENCH_PEERS_EVERY-th query of the six maps: the three in turns
# BENCH_PAIRS times, each round's time a query of each program over
# pathfind's (search time alone, each program's own clock around its
# search call), the median and range of those ratios, and every path's
# cost checked against the published length.
# "then" (not in the default; make bench-then) is a table of A* now
# against A* as the performance issue (round 2) measured it, the binary
# BENCH_THEN, the two in turns BENCH_PAIRS times on the six maps: now's
# ns an expansion over then's, and the issue's own figures for pathfind
# and Warthog's A* times that ratio, which puts this code on the issue's
# day's host.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
pf=${PATHFIND:-$top/pathfind}
out=$top/build/bench
dir=${BENCH_DIR:-$top/../shared/bench/movingai}
# Without the MovingAI files only the generated maps are timed: say so.
[ -d "$dir" ] || echo "bench: no MovingAI maps in $dir (BENCH_DIR): the tables of those maps stay empty" >&2
filter=${BENCH_MAPS:-}
every=${BENCH_EVERY:-1}
reps=${BENCH_REPS:-3}
min_ms=${BENCH_MIN_MS:-250}
nq=${BENCH_CHECK:-1000}
pairs_n=${BENCH_PAIRS:-7}
algos='' floor=0 stream=0 check=0 rules=0 scaling=0 instr=0 pairs=0 peers=0 then=0
for a in ${BENCH_ALGOS:-astar dijkstra jps floor stream check rules scaling pairs}; do
	case $a in
	floor) floor=1 ;; stream) stream=1 ;; check) check=1 ;; rules) rules=1 ;;
	scaling) scaling=1 ;; instr) instr=1 ;; pairs) pairs=1 ;; peers) peers=1 ;; then) then=1 ;;
	*) algos="$algos $a" ;;
	esac
done
mkdir -p "$out"

# Generated maps: deterministic seeds, reused when already there.  The
# larger ones (genmap takes a minute or two) only for the scaling table;
# in their own folder, so that the other tables keep to the six.
gen() {
	kind=${1%%:*} rest=${1#*:} size=${rest%%:*} seed=${rest#*:}
	m=$2/gen-$kind$size.map
	[ -f "$m.scen" ] || "$out/genmap" "$kind" "$size" "$seed" "$m" || exit 2
}
for spec in random:512:11 maze:512:12 rooms:512:13 random:2048:21 maze:2048:22 rooms:2048:23; do
	gen "$spec" "$out"
done
if [ "$scaling" = 1 ]; then
	mkdir -p "$out/large"
	for spec in open:4096:41 random:8192:81 maze:8192:82 rooms:8192:83; do
		gen "$spec" "$out/large"
	done
fi

# sample SCEN: the scenario file to run, every BENCH_EVERY-th query of
# SCEN (a copy in build/bench/every-N, next to a link to its map).
sample() {
	if [ "$every" -le 1 ]; then
		echo "$1"
		return
	fi
	d=$out/every-$every
	mkdir -p "$d"
	b=$(basename "$1")
	ln -sf "${1%.scen}" "$d/${b%.scen}"
	awk -v n="$every" 'NR == 1 || (NR - 2) % n == 0' "$1" >"$d/$b"
	echo "$d/$b"
}

# The maps the performance issue names.
six="AR0011SR brc202d maze512-1-0 random512-40-0 Berlin_0_1024 orz900d"

# named [NAME...]: of the maps named and then the six, those whose
# scenario file is in BENCH_DIR and whose name BENCH_MAPS keeps.
named() {
	# shellcheck disable=SC2086
	for n in "$@" $six; do
		[ -f "$dir/$n.map.scen" ] || continue
		case $n in *"$filter"*) echo "$n" ;; esac
	done
}

# run1 ALGO OPENLIST JOBS SCEN LOG: run one batch; its exit status and
# summary line (-S) into LOG.
run1() {
	"$pf" -a "$1" -o "$2" -j "$3" -S "$(sample "$4")" >/dev/null 2>"$5.err"
	printf 'status=%s %s\n' "$?" "$(grep ' scenarios=' "$5.err" | tail -n 1)" >"$5"
	grep -m 3 'mismatch:' "$5.err" >&2 || true
}

# report NAME ALGO OPENLIST JOBS LOG...: one row from run1's logs, the run
# of median search time (of an even number, the lower middle one); failed
# when any run failed.
report() {
	name=$1 algo=$2 ol=$3 jobs=$4
	shift 4
	cat "$@" | awk -v map="$name" -v algo="$algo" -v ol="$ol" -v jobs="$jobs" '
	function parse(l,  i, kv, f, nf) {
		split("", v)
		nf = split(l, f, " ")
		for (i = 1; i <= nf; i++) if (split(f[i], kv, "=") == 2) v[kv[1]] = kv[2]
	}
	{
		parse($0)
		n++
		if (!("scenarios" in v) || (v["status"] != 0 && v["status"] != 1)) bad = v["status"]
		line[n] = $0; t[n] = v["time"] + 0
	}
	END {
		if (n == 0 || bad != "") { printf "| %s | %s | %s | %s | failed (exit %s) |\n", map, algo, ol, jobs, bad; exit }
		for (i = 1; i <= n; i++) {	# rank by time, ties by run order
			r = 1
			for (j = 1; j <= n; j++) if (t[j] < t[i] || (t[j] == t[i] && j < i)) r++
			at[r] = i
		}
		parse(line[at[int((n + 1) / 2)]])
		q = v["scenarios"]; tm = v["time"]; e = v["expanded"]
		us = q ? tm / q * 1e6 : 0	# two decimals under 10 us: the jpsP+ figures have them
		printf "| %s | %s | %s | %s | %d | %s | %s | %.0f | %.1f | %.1f | %.1f | %d |\n",
		    map, algo, ol, jobs, q, v["mismatches"], sprintf(us < 10 ? "%.2f" : "%.1f", us),
		    q ? e / q : 0, e ? tm / e * 1e9 : 0, v["wall"] ? q / v["wall"] : 0,
		    v["maxrss"] / 1024, n
	}'
}

# row NAME ALGO OPENLIST JOBS SCEN: run one batch, print one row.
row() {
	run1 "$2" "$3" "$4" "$5" "$out/run.log" </dev/null
	report "$1" "$2" "$3" "$4" "$out/run.log"
}

# rows NAME SCEN: each algorithm on its default open list, a row each;
# on the six maps BENCH_REPS times, the algorithms taking turns, and each
# row the run of median time.  There an algorithm whose first run takes
# less than BENCH_MIN_MS runs more often, as many times as add up to it,
# an odd number and at most 31: one stall of the host moves a run of a
# few milliseconds by a tenth (JPS on AR0011SR, 4 ms a run), and the
# median of three such runs by as much.
rows() {
	n=1
	case " $six " in *" $1 "*) n=$reps ;; esac
	most=$n
	for a in $algos; do
		run1 "$a" "$(default_ol "$a")" 1 "$2" "$out/run-$a-0.log" </dev/null
		m=$(sed -n 's/.* time=\([0-9.]*\).*/\1/p' "$out/run-$a-0.log" |
		    awk -v n="$n" -v ms="$min_ms" '{ t = $1 + 0 }
			END { m = n
				if (n > 1 && t > 0 && ms / 1000 / t > n) {
					m = int(ms / 1000 / t) + 1; if (m % 2 == 0) m++; if (m > 31) m = 31
				}
				print m }')
		eval "runs_$a=$m"
		[ "$m" -gt "$most" ] && most=$m
	done
	k=1
	while [ "$k" -lt "$most" ]; do
		for a in $algos; do
			eval "m=\$runs_$a"
			[ "$k" -lt "$m" ] && run1 "$a" "$(default_ol "$a")" 1 "$2" "$out/run-$a-$k.log" </dev/null
		done
		k=$((k + 1))
	done
	for a in $algos; do
		eval "m=\$runs_$a"
		k=0 logs=
		while [ "$k" -lt "$m" ]; do
			logs="$logs $out/run-$a-$k.log"
			k=$((k + 1))
		done
		# shellcheck disable=SC2086
		report "$1" "$a" "$(default_ol "$a")" 1 $logs
	done
}

# Each algorithm's default open list.
default_ol() {
	case $1 in dijkstra) echo step-queues ;; *) echo buckets ;; esac
}

# scens: the scenario files, one a line: BENCH_DIR's, then the generated ones.
scens() {
	for scen in "$dir"/*.map.scen "$out"/gen-*.map.scen; do
		[ -f "$scen" ] || continue
		case $(basename "$scen" .map.scen) in *"$filter"*) echo "$scen" ;; esac
	done
}

if [ -n "$algos" ]; then
	echo "| map | algorithm | open list | threads | queries | mismatches | µs/query | expanded/query | ns/expansion | queries/s (wall) | peak RSS MiB | runs |"
	echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
	scens | while read -r scen; do
		rows "$(basename "$scen" .map.scen)" "$scen"
	done
	# Dijkstra on the 4-ary heap, against its default step queues, on the
	# maps the performance issue names.
	case " $algos " in *" dijkstra "*)
		for name in $(named); do
			scen=$dir/$name.map.scen
			row "$name" dijkstra quad-heap 1 "$scen"
		done
	esac
	# The other open lists (A* only): the 4-ary and binary heaps on the
	# maps the performance issue names, the two lists on small maps where
	# they are bearable; then two threads.
	case " $algos " in *" astar "*) astar=1 ;; *) astar=0 ;; esac
	if [ "$astar" = 1 ]; then
		for name in $(named arena den312d); do
			scen=$dir/$name.map.scen
			for ol in quad-heap binary-heap sorted-list unsorted-list; do
				case $name:$ol in arena:* | den312d:* | *:binary-heap | *:quad-heap) ;; *) continue ;; esac
				row "$name" astar "$ol" 1 "$scen"
			done
		done
		for name in AR0011SR gen-random512; do
			scen=$dir/$name.map.scen
			[ -f "$scen" ] || scen=$out/$name.map.scen
			[ -f "$scen" ] || continue
			case $name in *"$filter"*) ;; *) continue ;; esac
			row "$name" astar buckets 2 "$scen"
		done
	fi
fi

# floor: parse MB/s, first parse and the BFS floor, one row a map.
if [ "$floor" = 1 ]; then
	[ -n "$algos" ] && echo
	echo "| map | parse MB/s | first parse ms | BFS floor ns/node | cells |"
	echo "|---|---|---|---|---|"
	scens | while read -r scen; do
		name=$(basename "$scen" .map.scen)
		for k in 1 2 3; do
			"$out/floor" "${scen%.scen}" </dev/null
		done | awk -v map="$name" '
		{
			for (i = 1; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
			if (NR == 1 || v["parse_mbps"] > mbps) mbps = v["parse_mbps"]
			if (NR == 1 || v["ns_per_node"] < ns) ns = v["ns_per_node"]
			cold[NR] = v["parse_cold_s"]; cells = v["cells"]
		}
		END {
			if (NR != 3) { printf "| %s | failed |\n", map; exit }
			# the median of three
			c = cold[1] + cold[2] + cold[3]
			lo = cold[1]; hi = cold[1]
			for (i = 2; i <= 3; i++) { if (cold[i] < lo) lo = cold[i]; if (cold[i] > hi) hi = cold[i] }
			printf "| %s | %.0f | %.2f | %.1f | %d |\n", map, mbps, (c - lo - hi) * 1e3, ns, cells
		}'
	done
fi

# stream: map streams through pathfind's whole path (read, solve, write).
# 20,000 small puzzles (3x3 to 40x30, 25% walls) to a regular file and to
# a pipe, where each result is flushed as it completes, and in moves on
# two threads too, and the first 2,000 of them a file each, on one thread
# and on two; a process's
# fixed cost (one map of three cells, and -V for the start and exit
# alone, 21 runs); then streams of 64 and of 512 maps of 256x256 on one
# thread and on two.  Wall time, the median of five runs: pathfind's, from
# its start to its exit (to a pipe, cat may still be reading).
# wall N COMMAND [ARG...]: N copies of COMMAND at once, with wall's
# streams; their wall time (bench/walltime.c) in ns into $out/wall.ns,
# and the worst of their statuses wall's.
wall() { "$out/walltime" "$out/wall.ns" "$@"; }
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
# awk_med: an awk function, med(a, n), the median of a[1..n], which it sorts.
awk_med='function med(a, n,   i, j, x) {
	for (i = 2; i <= n; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x }
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}'
# big_streams: $bs64, 64 maps of 256x256 (30% walls, A and B in opposite
# corners), and $bs512, the same 64 maps eight times over: a stream long
# enough that the second thread's first touch of its memory is not a
# tenth of the run.
big_streams() {
	bs64=$out/big-stream.txt bs512=$out/big-stream-x8.txt
	[ -f "$bs64" ] || awk 'BEGIN { srand(8); for (i = 0; i < 64; i++) {
		for (y = 0; y < 256; y++) { r = ""
			for (x = 0; x < 256; x++) { c = rand() < 0.3 ? "#" : "."
				if (x == 0 && y == 0) c = "A"; else if (x == 255 && y == 255) c = "B"
				r = r c }
			print r }
		print "" } }' >"$bs64"
	[ -f "$bs512" ] || for k in 1 2 3 4 5 6 7 8; do cat "$bs64"; done >"$bs512"
}
if [ "$stream" = 1 ]; then
	[ -n "$algos$floor" ] && echo
	p=$out/puzzles.txt
	[ -f "$p" ] || awk 'BEGIN { srand(7); for (i = 0; i < 20000; i++) {
		w = 3 + int(rand() * 38); h = 3 + int(rand() * 28)
		ax = int(rand() * w); ay = int(rand() * h)
		do { bx = int(rand() * w); by = int(rand() * h) } while (bx == ax && by == ay)
		for (y = 0; y < h; y++) { r = ""
			for (x = 0; x < w; x++) { c = rand() < 0.25 ? "#" : "."
				if (x == ax && y == ay) c = "A"; else if (x == bx && y == by) c = "B"
				r = r c }
			print r }
		print "" } }' >"$p"
	big_streams
	echo "| stream | format | threads | to a file ms | to a pipe ms | pipe ÷ file |"
	echo "|---|---|---|---|---|---|"
	for fmt in text json moves; do
		f=$(for k in 1 2 3 4 5; do wall 1 "$pf" -f $fmt "$p" >"$out/stream.out" 2>/dev/null; cat "$out/wall.ns"; done | median)
		q=$(for k in 1 2 3 4 5; do wall 1 "$pf" -f $fmt "$p" 2>/dev/null | cat >/dev/null; cat "$out/wall.ns"; done | median)
		awk -v f="$f" -v q="$q" -v fmt="$fmt" 'BEGIN { printf "| 20,000 puzzles | %s | 1 | %.1f | %.1f | %.2f |\n", fmt, f / 1e6, q / 1e6, q / f }'
	done
	# the same puzzles on two threads, which take them in batches
	f=$(for k in 1 2 3 4 5; do wall 1 "$pf" -j 2 -f moves "$p" >"$out/stream.out" 2>/dev/null; cat "$out/wall.ns"; done | median)
	q=$(for k in 1 2 3 4 5; do wall 1 "$pf" -j 2 -f moves "$p" 2>/dev/null | cat >/dev/null; cat "$out/wall.ns"; done | median)
	awk -v f="$f" -v q="$q" 'BEGIN { printf "| 20,000 puzzles | moves | 2 | %.1f | %.1f | %.2f |\n", f / 1e6, q / 1e6, q / f }'
	# the first 2,000 of them, a file each: the threads that would wait
	# read the next files ahead (maps.c, AHEAD)
	pd=$out/puzzle-files
	[ -d "$pd" ] || { mkdir "$pd" && awk -v d="$pd" 'BEGIN { RS = "" } NR <= 2000 {
		f = sprintf("%s/p%04d.txt", d, NR - 1); print >f; close(f) }' "$p"; }
	for j in 1 2; do
		f=$(for k in 1 2 3 4 5; do wall 1 "$pf" -j $j -f moves "$pd"/p*.txt >"$out/stream.out" 2>/dev/null; cat "$out/wall.ns"; done | median)
		q=$(for k in 1 2 3 4 5; do wall 1 "$pf" -j $j -f moves "$pd"/p*.txt 2>/dev/null | cat >/dev/null; cat "$out/wall.ns"; done | median)
		awk -v f="$f" -v q="$q" -v j="$j" 'BEGIN { printf "| 2,000 puzzle files | moves | %d | %.1f | %.1f | %.2f |\n", j, f / 1e6, q / 1e6, q / f }'
	done
	# A process's own cost: one map of three cells, and -V for the start
	# and exit alone; the median of 21 runs.
	printf 'A.B\n' >"$out/tiny.txt"
	once() { if [ "$1" = 0 ]; then wall 1 "$pf" -V; else wall 1 "$pf" -j "$1" -f moves "$out/tiny.txt"; fi 2>/dev/null; }
	for j in 0 1 2; do
		f=$(k=0; while [ $k -lt 21 ]; do once $j >"$out/stream.out"; cat "$out/wall.ns"; k=$((k + 1)); done | median)
		q=$(k=0; while [ $k -lt 21 ]; do once $j | cat >/dev/null; cat "$out/wall.ns"; k=$((k + 1)); done | median)
		awk -v f="$f" -v q="$q" -v j="$j" 'BEGIN { printf "| %s | %s | %s | %.2f | %.2f | %.2f |\n", j ? "1 map of 3 cells" : "none (`-V`)", j ? "moves" : "–", j ? j : "–", f / 1e6, q / 1e6, q / f }'
	done
	for s in "$bs64:64" "$bs512:512"; do
		for j in 1 2; do
			f=$(for k in 1 2 3 4 5; do wall 1 "$pf" -j $j -f moves "${s%:*}" >"$out/stream.out" 2>/dev/null; cat "$out/wall.ns"; done | median)
			q=$(for k in 1 2 3 4 5; do wall 1 "$pf" -j $j -f moves "${s%:*}" 2>/dev/null | cat >/dev/null; cat "$out/wall.ns"; done | median)
			awk -v f="$f" -v q="$q" -v j="$j" -v n="${s##*:}" 'BEGIN { printf "| %d maps 256x256 | moves | %d | %.1f | %.1f | %.2f |\n", n, j, f / 1e6, q / 1e6, q / f }'
		done
	done
fi

# rules: A* and JPS under every diagonal rule on the maps the performance
# issue names, each on its default open list; per query the search time
# (pathfind's own clock, the least of BENCH_REPS runs, A* and JPS
# interleaved: on a shared machine the least is the one least disturbed),
# A*'s expansions and JPS's jump points, and A*'s time over JPS's.
if [ "$rules" = 1 ]; then
	[ -n "$algos" ] || [ "$floor$stream" != 00 ] && echo
	echo "| map | rule | queries | A* µs/query | A* expanded/query | JPS µs/query | jump points/query | A* ÷ JPS |"
	echo "|---|---|---|---|---|---|---|---|"
	for name in $(named); do
		scen=$dir/$name.map.scen
		scen=$(sample "$scen")
		for rule in never no-corner-cut no-squeeze always; do
			k=0
			while [ "$k" -lt "$reps" ]; do
				for a in astar jps; do
					"$pf" -a $a -d $rule -S "$scen" </dev/null 2>&1 >/dev/null |
					    sed -n "s/^.* scenarios=\([0-9]*\) .* expanded=\([0-9]*\) time=\([0-9.]*\) .*/$a \1 \2 \3/p"
				done
				k=$((k + 1))
			done | awk -v map="$name" -v rule="$rule" '
			{ q[$1] = $2; e[$1] = $3; t[$1, ++n[$1]] = $4 }
			function least(a,  i, v) {
				v = t[a, 1]
				for (i = 2; i <= n[a]; i++) if (t[a, i] < v) v = t[a, i]
				return v
			}
			END {
				if (!n["astar"] || !n["jps"] || !q["jps"]) { printf "| %s | %s | failed |\n", map, rule; exit }
				ta = least("astar"); tj = least("jps")
				printf "| %s | %s | %d | %.1f | %.0f | %.1f | %.0f | %.1f |\n", map, rule, q["jps"],
				    ta / q["astar"] * 1e6, e["astar"] / q["astar"], tj / q["jps"] * 1e6,
				    e["jps"] / q["jps"], (tj > 0 ? ta / q["astar"] / (tj / q["jps"]) : 0)
			}'
		done
	done
fi

# instr: instructions per expansion, by cachegrind (see the top).
if [ "$instr" = 1 ]; then
	if ! command -v valgrind >/dev/null 2>&1; then
		echo "bench: instr: valgrind is not installed" >&2
		exit 2
	fi
	echo "| map | algorithm | queries | expanded/query | instructions/expansion | search instructions/expansion | search mispredicts/expansion |"
	echo "|---|---|---|---|---|---|---|"
	ev=$every
	every=20
	for name in $(named); do
		scen=$dir/$name.map.scen
		scen=$(sample "$scen")
		for a in astar dijkstra; do
			cg=$out/cachegrind.out
			valgrind --tool=cachegrind --cache-sim=no --branch-sim=yes --cachegrind-out-file="$cg" \
			    "$pf" -a $a -S "$scen" </dev/null 2>"$out/last.log" >/dev/null
			cg_annotate --show-percs=no "$cg" 2>/dev/null | awk -v map="$name" -v a="$a" -v logf="$out/last.log" '
			function num(s) { gsub(/,/, "", s); return s + 0 }
			/PROGRAM TOTALS/ { tot = num($1) }
			/src\/(search|buckets|openlist|jps)/ && $NF ~ /:/ {
				# Ir Bc Bcm Bi Bim file:function
				ir += num($1); bcm += num($3)
			}
			END {
				while ((getline line < logf) > 0)
					if (line ~ / scenarios=/) {
						n = split(line, f, " ")
						for (i = 1; i <= n; i++) { split(f[i], kv, "="); v[kv[1]] = kv[2] }
					}
				q = v["scenarios"]; e = v["expanded"]
				if (!e) { printf "| %s | %s | failed |\n", map, a; exit }
				printf "| %s | %s | %d | %.0f | %.0f | %.0f | %.2f |\n", map, a, q, e / q,
				    tot / e, ir / e, bcm / e
			}'
			rm -f "$cg"
		done
	done
	every=$ev
fi

# check_stream MAP SCEN: nq queries of SCEN (fewer when 128 MiB cannot hold
# them), evenly spread, each as an ASCII map (passable . G S as '.', the
# rest '#') with its start A and goal B, one empty line between them.
check_stream() {
	awk -v q="$nq" '
	FNR == 1 { file++ }
	{ sub(/\r$/, "") }
	file == 1 && rows { gsub(/[.GS]/, "."); gsub(/[^.]/, "#"); row[++h] = $0; next }
	file == 1 { rows = $0 == "map"; next }
	file == 2 && NF == 9 { scen[++n] = $0 }
	END {
		if (h > 0 && q > int(134217728 / (h * (length(row[1]) + 1))))
			q = int(134217728 / (h * (length(row[1]) + 1)))
		step = n > q ? n / q : 1
		for (k = 0; k < q && int(k * step) < n; k++) {
			split(scen[int(k * step) + 1], f)
			sx = f[5]; sy = f[6]; gx = f[7]; gy = f[8]
			if (sx == gx && sy == gy)
				continue
			if (m++) print ""
			for (y = 0; y < h; y++) {
				r = row[y + 1]
				if (y == sy) r = substr(r, 1, sx) "A" substr(r, sx + 2)
				if (y == gy) r = substr(r, 1, gx) "B" substr(r, gx + 2)
				print r
			}
		}
	}' "$1" "$2"
}

# check: solve throughput, and check throughput on the answers.
if [ "$check" = 1 ]; then
	[ -n "$algos" ] || [ "$floor$stream$rules" != 000 ] && echo
	echo "| map | queries | solve answers/s | check answers/s | check/solve | all right |"
	echo "|---|---|---|---|---|---|"
	scens | while read -r scen; do
		name=$(basename "$scen" .map.scen)
		case $(sed -n 1p "${scen%.scen}") in *octile*) ;; *) continue ;; esac
		check_stream "${scen%.scen}" "$scen" >"$out/check.maps"
		n=$(grep -c '^$' "$out/check.maps")
		n=$((n + 1))
		t0=$(date +%s.%N)
		"$pf" -d no-corner-cut -f moves "$out/check.maps" >"$out/check.answers" </dev/null
		t1=$(date +%s.%N)
		"$pf" -q -d no-corner-cut --check="$out/check.answers" "$out/check.maps" </dev/null
		st=$?
		t2=$(date +%s.%N)
		awk -v map="$name" -v n="$n" -v t0="$t0" -v t1="$t1" -v t2="$t2" -v st="$st" 'BEGIN {
			printf "| %s | %d | %.0f | %.0f | %.2f | %s |\n", map, n, n / (t1 - t0),
			    n / (t2 - t1), (t1 - t0) / (t2 - t1), st == 0 ? "yes" : "no (exit " st ")"
		}'
		rm -f "$out/check.maps" "$out/check.answers"
	done
fi

# scaling: A*'s cost a expansion and its memory, by map size.  The
# maps take turns: each of BENCH_REPS rounds runs every map once, so that
# a 512x512 map and the larger ones of its generator are timed minutes
# apart at most, not a whole step.  The first table gives per map the
# least of the rounds; the second, per generator and size, the ratio of
# its ns an expansion to the 512x512 map's of the same round (item 2 of
# the performance issue), as the median and the range over the rounds.
if [ "$scaling" = 1 ]; then
	[ -n "$algos" ] || [ "$floor$stream$rules$check" != 0000 ] && echo
	mkdir -p "$out/twice"
	: >"$out/scaling.runs"
	k=0
	while [ "$k" -lt "$reps" ]; do
		for name in maze512 maze2048 maze8192 random512 random2048 random8192 rooms512 rooms2048 rooms8192 open4096; do
			case gen-$name in *"$filter"*) ;; *) continue ;; esac
			scen=$out/gen-$name.map.scen
			[ -f "$scen" ] || scen=$out/large/gen-$name.map.scen
			# The same queries twice in one process, timed per query (-T):
			# the second pass finds its memory touched, which leaves out
			# the page faults of the first.
			ln -sf "${scen%.scen}" "$out/twice/gen-$name.map"
			{ sed -n 1p "$scen"; sed 1d "$scen"; sed 1d "$scen"; } >"$out/twice/gen-$name.map.scen"
			nq=$(($(wc -l <"$scen") - 1))
			printf 'gen-%s %d ' "$name" "$k"
			"$out/vmpeak" "$out/vmpeak.txt" "$pf" -S "$scen" </dev/null 2>&1 >/dev/null |
			    sed -n 's/^.* scenarios=\([0-9]*\) .* expanded=\([0-9]*\) time=\([0-9.]*\) .* maxrss=\([0-9]*\)$/\1 \2 \3 \4/p' |
			    tr '\n' ' '
			sed 's/[a-z]*=//g' "$out/vmpeak.txt" | tr '\n' ' '
			"$pf" -T -S "$out/twice/gen-$name.map.scen" </dev/null 2>/dev/null |
			    awk -v n="$nq" 'NR > 1 + n && $11 != "" { e += $9; t += $11 } END { print e ? t / e : 0 }'
		done >>"$out/scaling.runs"
		k=$((k + 1))
	done
	# a line: map round queries expanded seconds maxrss vmpeak vmhwm touched-seconds/expansion
	echo "| map | cells | queries | expanded/query | ns/expansion | ns/expansion, memory touched | peak RSS MiB | RSS B/cell | VmPeak MiB | VmPeak B/cell | VmPeak ÷ RSS |"
	echo "|---|---|---|---|---|---|---|---|---|---|---|"
	awk '
	NF == 9 && $3 > 0 && $9 > 0 { m = $1
		if (!(m in runs)) order[++nm] = m
		q[m] = $3; e[m] = $4; rss[m] = $6; vm[m] = $7
		if (!runs[m]++ || $5 < t[m]) t[m] = $5
		if (!t2[m] || $9 < t2[m]) t2[m] = $9 }
	END {
		for (i = 1; i <= nm; i++) { m = order[i]; n = m; sub(/^[a-z-]*/, "", n); cells = n * n
			printf "| %s | %d | %d | %.0f | %.1f | %.1f | %.0f | %.1f | %.0f | %.1f | %.2f |\n", m, cells, q[m],
			    e[m] / q[m], t[m] / e[m] * 1e9, t2[m] * 1e9, rss[m] / 1024, rss[m] * 1024 / cells,
			    vm[m] / 1024, vm[m] * 1024 / cells, vm[m] / rss[m] }
	}' "$out/scaling.runs"
	echo
	echo "| map | over | rounds | ns/expansion ÷ 512², median | range | memory touched, median | range |"
	echo "|---|---|---|---|---|---|---|"
	# per round, each map's ns an expansion over its generator's 512x512 map's
	awk "$awk_med"'
	NF == 9 && $3 > 0 && $9 > 0 { ns[$1, $2] = $5 / $4; ns2[$1, $2] = $9; if ($2 + 1 > nr) nr = $2 + 1; seen[$1] = 1 }
	END {
		split("maze random rooms", gens, " ")
		split("2048 8192", sizes, " ")
		for (gi = 1; gi <= 3; gi++) for (si = 1; si <= 2; si++) {
			m = "gen-" gens[gi] sizes[si]; b = "gen-" gens[gi] "512"
			if (!(m in seen) || !(b in seen)) continue
			n = 0
			for (r = 0; r < nr; r++) if ((m, r) in ns && (b, r) in ns) {
				n++; a1[n] = ns[m, r] / ns[b, r]; a2[n] = ns2[m, r] / ns2[b, r] }
			if (!n) continue
			m1 = med(a1, n); m2 = med(a2, n)
			printf "| %s | %s | %d | %.2f | %.2f–%.2f | %.2f | %.2f–%.2f |\n", m, b, n, m1, a1[1], a1[n], m2, a2[1], a2[n]
		}
	}' "$out/scaling.runs"
	# The address space of the other runs that item 2 holds to 1.5 times
	# the resident peak: two threads (each with a search of its own) and
	# JPS (its node pool), once a map; the queries as above, output aside.
	echo
	echo "| map | options | peak RSS MiB | VmPeak MiB | VmPeak ÷ RSS |"
	echo "|---|---|---|---|---|"
	for name in maze512 maze2048 maze8192 random512 random2048 random8192 rooms512 rooms2048 rooms8192 open4096; do
		case gen-$name in *"$filter"*) ;; *) continue ;; esac
		scen=$out/gen-$name.map.scen
		[ -f "$scen" ] || scen=$out/large/gen-$name.map.scen
		for opts in "-j 2" "-a jps" "-a jps -j 2"; do
			: >"$out/vmpeak.txt"
			# shellcheck disable=SC2086 # $opts is the options, split
			"$out/vmpeak" "$out/vmpeak.txt" "$pf" -q $opts -S "$scen" </dev/null >/dev/null 2>&1
			tr ' ' '\n' <"$out/vmpeak.txt" | awk -F= -v m="gen-$name" -v o="$opts" '{ v[$1] = $2 }
			END { if (v["vmhwm"] > 0) printf "| %s | `%s` | %.0f | %.0f | %.2f |\n", m, o, v["vmhwm"] / 1024, v["vmpeak"] / 1024, v["vmpeak"] / v["vmhwm"]
			    else printf "| %s | `%s` | failed |\n", m, o }'
		done
	done
fi
# pairs: the performance issue's two ratios of pathfind to itself, items
# 5 and 6, each from runs side by side.  On this kind of shared machine
# the speed of one program drifts by up to 30% from minute to minute, so
# a ratio of two figures taken in different steps minutes apart says
# more about the minutes than about the programs.  Here the two sides run
# in turns, BENCH_PAIRS times (default 7), and each pair gives a ratio;
# the table has the median and the range of those ratios, and each
# side's median.  Item 5: on the six maps, Dijkstra (default options,
# BENCH_EVERY as the other tables) against the BFS floor (bench/floor.c,
# its ns a node: the least of its own three rounds), ns a node over ns a
# node.  Item 6: the wall time of the whole process (start, parsing,
# output to a file and exit included) with -j 1 over that with -j 2, on
# AR0011SR's full scenario file (-S, every query whatever BENCH_EVERY
# says) and the 512- and 64-map streams of the stream table (-f moves).
# Each round of item 6 also runs two -j 1 processes at once on the same
# input, which share nothing: twice -j 1's time over theirs is what the
# host's two processors made of two independent jobs in that round (2.00
# where the two run as fast as one alone), the most -j 2 could make
# then; the last column is -j 2's ratio over it, round by round.
if [ "$pairs" = 1 ]; then
	[ -n "$algos" ] || [ "$floor$stream$rules$check$scaling" != 00000 ] && echo
	echo "| map | pairs | Dijkstra ns/node, median | BFS floor ns/node, median | Dijkstra ÷ floor, median of pairs | range |"
	echo "|---|---|---|---|---|---|"
	for name in $(named); do
		scen=$dir/$name.map.scen
		s1=$(sample "$scen")
		k=0
		while [ "$k" -lt "$pairs_n" ]; do
			"$out/floor" "${scen%.scen}" </dev/null | sed -n 's/.*ns_per_node=\([0-9.]*\).*/floor \1/p'
			"$pf" -a dijkstra -S "$s1" </dev/null 2>&1 >/dev/null |
			    sed -n 's/^.* expanded=\([0-9]*\) time=\([0-9.]*\) .*/dijkstra \1 \2/p'
			k=$((k + 1))
		done | awk -v map="$name" "$awk_med"'
		$1 == "floor" { f[++nf] = $2 }
		$1 == "dijkstra" && $2 > 0 { d[++nd] = $3 / $2 * 1e9 }
		END {
			if (nf == 0 || nf != nd) { printf "| %s | failed |\n", map; exit }
			for (i = 1; i <= nf; i++) r[i] = d[i] / f[i]
			mr = med(r, nf)
			printf "| %s | %d | %.1f | %.1f | %.2f | %.2f–%.2f |\n", map, nf, med(d, nd), med(f, nf), mr, r[1], r[nf]
		}'
	done
	echo
	big_streams
	echo "| input | pairs | -j 1 ms, median | -j 2 ms, median | -j 1 ÷ -j 2, median of pairs | range | two -j 1 at once ms, median | 2 × -j 1 ÷ two at once, median | range | (-j 1 ÷ -j 2) ÷ (2 × -j 1 ÷ two at once), median |"
	echo "|---|---|---|---|---|---|---|---|---|---|"
	for s in "AR0011SR's file:$dir/AR0011SR.map.scen" "512 maps 256x256:$bs512" "64 maps 256x256:$bs64"; do
		f=${s#*:}
		[ -f "$f" ] || continue
		case $f in *.scen) opt=-S ;; *) opt="-f moves" ;; esac
		k=0
		while [ "$k" -lt "$pairs_n" ]; do
			for j in 1 2 p; do
				# p: two -j 1 at once, both writing to pairs.out
				# shellcheck disable=SC2086
				case $j in
				p) wall 2 "$pf" -j 1 $opt "$f" ;;
				*) wall 1 "$pf" -j $j $opt "$f" ;;
				esac </dev/null >"$out/pairs.out" 2>/dev/null
				st=$?	# 1: a map of a stream has no path
				[ -s "$out/pairs.out" ] || st=2	# nothing solved
				echo "$j $st $(cat "$out/wall.ns")"
			done
			k=$((k + 1))
		done | awk -v what="${s%%:*}" "$awk_med"'
		$2 > 1 { bad = 1 }
		$1 == 1 { a[++n1] = $3 }
		$1 == 2 { b[++n2] = $3 }
		$1 == "p" { c[++n3] = $3 }
		END {
			if (bad || n1 == 0 || n1 != n2 || n1 != n3) { printf "| %s | failed |\n", what; exit }
			for (i = 1; i <= n1; i++) { r[i] = a[i] / b[i]; h[i] = 2 * a[i] / c[i]; s[i] = r[i] / h[i] }
			mr = med(r, n1); mh = med(h, n1)
			printf "| %s | %d | %.1f | %.1f | %.2f | %.2f–%.2f | %.1f | %.2f | %.2f–%.2f | %.2f |\n", what, n1, med(a, n1) / 1e6, med(b, n2) / 1e6, mr, r[1], r[n1], med(c, n3) / 1e6, mh, h[1], h[n1], med(s, n1)
		}'
	done
	rm -f "$out/pairs.out" "$out/wall.ns"
fi

# peers: pathfind's A* (default options) against libtcod's and Boost's
# (bench/peers/, built by make bench-peers) on every BENCH_PEERS_EVERY-th
# query of the six maps, the three programs in turns BENCH_PAIRS times.
# Each run's time is the sum of its per-query search times: pathfind's
# time= (parsing and output excluded), the runners' clocks around
# TCOD_path_compute and astar_search.  Each round gives the others' time
# over pathfind's; the table has each program's median µs a query and
# the median and range of the ratios, and "costs" says whether every path
# of every run had the published length (pathfind -S's mismatches, the
# runners' exit status).
if [ "$peers" = 1 ]; then
	pe=${BENCH_PEERS_EVERY:-10}
	if [ ! -x "$out/peer-tcod" ] || [ ! -x "$out/peer-bgl" ]; then
		echo "peers: $out/peer-tcod or peer-bgl missing (make bench-peers builds them)" >&2
		exit 2
	fi
	[ -n "$algos" ] || [ "$floor$stream$rules$check$scaling$pairs" != 000000 ] && echo
	echo "| map | queries | rounds | pathfind µs/query | libtcod µs/query | Boost µs/query | × libtcod, median of rounds | range | × Boost, median of rounds | range | costs |"
	echo "|---|---|---|---|---|---|---|---|---|---|---|"
	every_saved=$every
	every=$pe
	for name in $(named); do
		scen=$dir/$name.map.scen
		s1=$(sample "$scen")
		k=0
		while [ "$k" -lt "$pairs_n" ]; do
			"$pf" -S "$s1" </dev/null 2>&1 >/dev/null |
			    sed -n 's/^.* scenarios=\([0-9]*\) mismatches=\([0-9]*\) .* time=\([0-9.]*\) .*/pathfind \1 \2 \3/p'
			for p in tcod bgl; do
				"$out/peer-$p" "${scen%.scen}" "$s1" </dev/null >"$out/peer.out" 2>/dev/null
				awk -v p="$p" -v st=$? 'NR > 1 { n++; t += $4 } END { print p, n + 0, st, t }' "$out/peer.out"
			done
			k=$((k + 1))
		done | awk -v map="$name" "$awk_med"'
		$1 == "pathfind" { a[++na] = $4; nq = $2; if ($3 != 0) bad = 1 }
		$1 == "tcod" { b[++nb] = $4; if ($2 != nq || $3 != 0) bad = 1 }
		$1 == "bgl" { c[++nc] = $4; if ($2 != nq || $3 != 0) bad = 1 }
		END {
			if (na == 0 || na != nb || na != nc || nq == 0) { printf "| %s | failed |\n", map; exit }
			for (i = 1; i <= na; i++) { r[i] = b[i] / a[i]; s[i] = c[i] / a[i] }
			mr = med(r, na); ms = med(s, na)
			printf "| %s | %d | %d | %.1f | %.1f | %.1f | %.2f | %.2f–%.2f | %.2f | %.2f–%.2f | %s |\n",
			    map, nq, na, med(a, na) / nq * 1e6, med(b, nb) / nq * 1e6, med(c, nc) / nq * 1e6,
			    mr, r[1], r[na], ms, s[1], s[na], bad ? "mismatch" : "all published"
		}'
	done
	every=$every_saved
	rm -f "$out/peer.out"
fi

# then: A* (default options) now against the same at f2f19fe, the code
# whose A* the performance issue (round 2) timed: its table's pathfind
# column.  Item 1's "30 ns an expansion" is a time on the issue's day's
# host, and this machine's speed moves by half from one day to the next
# (BENCHMARKS.md), so a time of ours alone says little about it.  Here
# both binaries run in turns, BENCH_PAIRS times, on the same queries
# (every BENCH_EVERY-th), and each round gives now's ns an expansion over
# then's; both must expand the same nodes (the order is total and has
# not changed), else the row says "differs".  The issue's ns an
# expansion times the median of those ratios is this code's time on the
# issue's day's host ("at the issue's"), and Warthog's A* there (the
# issue's figures, which it measured beside pathfind's in one run) over
# that, how many times as fast as Warthog's A* a query it is, the two
# expanding the same nodes.  The figures below are the issue's table's,
# not measurements of this script.
if [ "$then" = 1 ]; then
	tb=${BENCH_THEN:-}
	if [ -z "$tb" ] || [ ! -x "$tb" ]; then
		echo "then: BENCH_THEN='$tb' is not a program (make bench-then builds it)" >&2
		exit 2
	fi
	[ -n "$algos" ] || [ "$floor$stream$rules$check$scaling$pairs$peers" != 0000000 ] && echo
	echo "| map | queries | rounds | then ns/expansion, median | now ns/expansion, median | now ÷ then, median of rounds | range | the issue's ns/expansion | at the issue's ns/expansion | ≤ 30 ns | × Warthog's A* at the issue's |"
	echo "|---|---|---|---|---|---|---|---|---|---|---|"
	for name in $(named); do
		scen=$dir/$name.map.scen
		s1=$(sample "$scen")
		k=0
		while [ "$k" -lt "$pairs_n" ]; do
			for side in was now; do
				b=$pf
				[ "$side" = was ] && b=$tb
				"$b" -S "$s1" </dev/null 2>&1 >/dev/null |
				    sed -n "s/^.* scenarios=\([0-9]*\) mismatches=\([0-9]*\) .* expanded=\([0-9]*\) time=\([0-9.]*\) .*/$side \1 \2 \3 \4/p"
			done
			k=$((k + 1))
		done | awk -v map="$name" "$awk_med"'
		BEGIN {	# the issue table: pathfind and Warthog A*, ns an expansion
			split("AR0011SR 52.8 146 brc202d 48.6 130 maze512-1-0 46.3 144 random512-40-0 73.0 180 Berlin_0_1024 66.2 167 orz900d 51.3 138", v, " ")
			for (i = 1; i < 18; i += 3) { ipf[v[i]] = v[i + 1]; iwh[v[i]] = v[i + 2] } }
		{ if ($3 != 0) bad = 1 }
		$1 == "was" { a[++na] = $5 / $4 * 1e9; nq = $2; ea = $4 }
		$1 == "now" { b[++nb] = $5 / $4 * 1e9; if ($2 != nq || $4 != ea) differs = 1 }
		END {
			if (na == 0 || na != nb || nq == 0 || bad) { printf "| %s | failed |\n", map; exit }
			if (differs) { printf "| %s | %d | %d | the two expand different nodes: differs |\n", map, nq, na; exit }
			for (i = 1; i <= na; i++) r[i] = b[i] / a[i]
			mr = med(r, na)
			if (!(map in ipf)) {
				printf "| %s | %d | %d | %.1f | %.1f | %.3f | %.3f–%.3f | – | – | – | – |\n", map, nq, na, med(a, na), med(b, nb), mr, r[1], r[na]
				exit
			}
			at = ipf[map] * mr
			printf "| %s | %d | %d | %.1f | %.1f | %.3f | %.3f–%.3f | %.1f | %.1f | %s | %.2f |\n",
			    map, nq, na, med(a, na), med(b, nb), mr, r[1], r[na], ipf[map], at, at <= 30 ? "yes" : "no", iwh[map] / at
		}'
	done
fi
exit 0
