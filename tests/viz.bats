#!/usr/bin/env bats
# Seeing the search: -e, --trace, --scores, --image, --compare, --start
# and --goal.  Exact outputs are goldens (tests/golden/CASES); these tests
# check what goldens cannot: counts against the statistics, images byte by
# byte, timing, diagnostics.

load common

setup_file() {
	# The PNG checker: independent CRC-32, inflater, Adler-32 and filters.
	${CC:-cc} -std=c11 -O2 -o "$BATS_FILE_TMPDIR/pngcheck" "$BATS_TEST_DIRNAME/pngcheck.c"
}

pngcheck() {
	"$BATS_FILE_TMPDIR/pngcheck" "$@"
}

DEFLATECHECK=${DEFLATECHECK:-$root/tests/deflatecheck}

# stat NAME: the value of "NAME: n" in $output.
stat() {
	printf '%s\n' "$output" | sed -n "s/^$1: //p"
}

# The map rows of a text result in $output (the lines before "legend:").
map_rows() {
	printf '%s\n' "$output" | sed -n '/^legend: /q;p'
}

@test "-e: x and o counts, the legend and the statistics agree" {
	local args f x o A star steps exp gen found
	for f in samples/tutorial.txt samples/maze.txt samples/terrain.txt samples/nopath.txt \
	    samples/multigoal.txt; do
		for args in "" "-d no-corner-cut" "-d always -c 10,14" "-a dijkstra" "-w 3" "-t fifo" "-H zero -d no-squeeze"; do
			run pf -e $args "$f"
			exp=$(stat expanded) gen=$(stat generated) steps=$(stat steps)
			x=$(map_rows | tr -cd x | wc -c)
			o=$(map_rows | tr -cd o | wc -c)
			if [ -n "$steps" ]; then found=1; star=$((steps - 1)); else found=0 star=0; fi
			# every path cell but the goal was expanded, the start too
			[ $((x + star + 1)) -eq "$exp" ] || { echo "$f $args: x=$x *=$star expanded=$exp"; return 1; }
			# no open B on these maps: every open cell is an o
			[ "$o" -eq $((gen - exp - found)) ] || { echo "$f $args: o=$o"; return 1; }
			[[ "$output" == *"legend: x expanded, o open; expanded $exp = "*"; open $o = "* ]] ||
			    { echo "$f $args: legend"; return 1; }
		done
	done
}

@test "-e: an open goal keeps its B and is counted as such" {
	# Dijkstra reaches the B at the left; the one on the right is open by then.
	run "$PATHFIND" -e -a dijkstra <(printf 'B.A..B\n')
	[ "${lines[0]}" = "B*AxxB" ]
	[ "${lines[1]}" = "legend: x expanded, o open; expanded 4 = A + 1 * + 2 x; open 1 = 1 B; the goal is closed, not expanded" ]
	[ "$(stat expanded)" = 4 ]
}

@test "-e and --scores with -a jps: a path cell left open is counted as its *, one never reached is coloured" {
	# (3,3) is a jump point the path passes, queued and not expanded: it
	# was counted as an o, where none is drawn
	run pf -a jps -e <(printf 'A#..\n....\n.#..\n....\n..#B\n')
	[ "$status" -eq 0 ]
	[ "${lines[3]}" = "x.x*" ]
	[ "${lines[5]}" = "legend: x expanded, o open; expanded 5 = A + 2 * + 2 x; open 1 = 1 *; the goal is closed, not expanded" ]
	[ "$(stat generated)" -eq $((5 + 1 + 1)) ]	# the expanded, the open *, the goal
	# --scores: a goal never reached, and a JPS path's cell between jump
	# points, keep their colours, as with -e
	run pf --scores --color=always --max-expanded=1 <(printf 'B.A.B\n')
	[ "${lines[1]}" = $'|  \033[1;31mB\033[0m  |2   \033[95mo\033[0m|2   \033[1;32mA\033[0m|2   \033[95mo\033[0m|  \033[1;31mB\033[0m  |' ]
	run pf --scores --color=always -a jps <(printf 'A....\n.....\n....B\n')
	[ "${lines[4]}" = $'|     .    |     \033[1;33m*\033[0m    |     .    |     .    |     .    |' ]
	[ "$(printf '%s\n' "$output" | sed 's/\x1b\[[0-9;]*m//g')" = "$(pf --scores -a jps <(printf 'A....\n.....\n....B\n'))" ]
}

@test "-e: colour follows --color; shades by expansion order" {
	run pf -e samples/maze.txt
	[[ "$output" != *$'\033'* ]]
	NO_COLOR= run pf -e --color=auto samples/maze.txt
	[[ "$output" != *$'\033'* ]]
	run pf -e --color=always samples/maze.txt
	# first, middle and last third of the expansions, and open cells
	[[ "$output" == *$'\033[96mx'* ]]
	[[ "$output" == *$'\033[36mx'* ]]
	[[ "$output" == *$'\033[34mx'* ]]
	[[ "$output" == *$'\033[95mo'* ]]
	# the legend and the statistics are never coloured
	[[ "${lines[11]}" == "legend: "* ]]
	[[ "$(printf '%s\n' "${lines[@]:11}")" != *$'\033'* ]]
	# without escapes the text is that of -e
	[ "$(printf '%s\n' "$output" | sed 's/\x1b\[[0-9;]*m//g')" = "$(pf -e samples/maze.txt)" ]
}

@test "-e and --scores with --max-expanded=0: the start is open, with its F, G and H" {
	run --separate-stderr pf -e --max-expanded=0 samples/tutorial.txt
	[ "$status" -eq 4 ]
	[[ "$output" == *"legend: x expanded, o open; expanded 0 = none; open 1 = A"$'\n'* ]]
	[[ "$output" == *"generated: 1"* ]]
	run --separate-stderr pf --scores --max-expanded=0 samples/tutorial.txt
	[ "$status" -eq 4 ]
	# the start's box: F = H = 4 (Manhattan to the goal), G = 0, A in its corner
	[[ "$output" == *"|4   A|"* ]]
	[[ "$output" == *"|0   4|"* ]]
	[[ "$output" == *"open 1 = A"* ]]
}

@test "-e and --scores need the text format" {
	run --separate-stderr pf -e -f json samples/tutorial.txt
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "pathfind: -e draws the text map: it needs -f text" ]
	run --separate-stderr pf --scores -f path samples/tutorial.txt
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "pathfind: --scores draws the text map: it needs -f text" ]
}

@test "--trace needs -f text or json: in path and moves line n is map n" {
	local f
	for f in path moves; do
		run --separate-stderr pf --trace -f "$f" samples/tutorial.txt
		[ "$status" -eq 2 ] || { echo "-f $f: status $status"; return 1; }
		[ -z "$output" ]
		[ "${stderr_lines[0]}" = "pathfind: --trace logs among the results: it needs -f text or -f json" ]
		run --separate-stderr pf --trace=open -f "$f" samples/tutorial.txt
		[ "$status" -eq 2 ]
	done
	run --separate-stderr pf --trace -f json samples/tutorial.txt
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" == '{"trace":"search",'* ]]
}

@test "--trace: a step per expansion, then the goal, before the result" {
	local f args n
	for f in samples/tutorial.txt samples/maze.txt samples/nopath.txt; do
		for args in "" "-d always" "-a dijkstra" "-a jps"; do
			run pf --trace $args "$f"
			n=$(printf '%s\n' "$output" | grep -c '^step [0-9]*: current ')
			[ "$n" -eq "$(stat expanded)" ] || { echo "$f $args: $n steps"; return 1; }
			[[ "${lines[0]}" == "trace: "*" from "* ]]
			if [ -n "$(stat cost)" ]; then
				printf '%s\n' "$output" | grep -q "^step $((n + 1)): goal .*: path found$"
			else
				printf '%s\n' "$output" | grep -q "^step $((n + 1)): the open list is empty: no path$"
			fi
			# adds and updates equal generated - 1 and updated
			[ "$(printf '%s\n' "$output" | grep -c '^  add ')" -eq $(($(stat generated) - 1)) ]
			[ "$(printf '%s\n' "$output" | grep -c '^  update ')" -eq "$(stat updated)" ]
		done
	done
}

@test "--trace: the tutorial's first step (figure 3)" {
	run pf --trace -d no-corner-cut -c 10,14 -H manhattan samples/tutorial.txt
	[ "${lines[0]}" = "trace: A* from (1,2) to (5,2), F = G + H" ]
	[ "${lines[1]}" = "step 1: current (1,2) F=40 G=0 H=40, parent none" ]
	[ "${lines[4]}" = "  add (2,2) F=40 G=10 H=30, parent (1,2)" ]
	[ "${lines[3]}" = "  add (2,1) F=54 G=14 H=40, parent (1,2)" ]
}

@test "--trace=open: the last open list is what -e leaves open" {
	local last o
	local f
	for f in samples/maze.txt samples/tutorial.txt samples/terrain.txt; do
		run pf --trace=open -d always "$f"
		last=$(printf '%s\n' "$output" | grep '^  open:' | tail -n 1)
		# the goal comes first: it is taken off next, which ends the search
		[[ "$last" == "  open: ($(stat goal | tr ' ' ,)) "* ]]
		run pf -e -d always "$f"
		o=$(map_rows | tr -cd o | wc -c)
		[ "$(printf '%s\n' "$last" | tr ',' '\n' | grep -c '(')" -eq $((o + 1)) ]
	done
	# the nopath map ends with an empty open list
	run pf --trace=open samples/nopath.txt
	[ "$status" -eq 1 ]
	[ "$(printf '%s\n' "$output" | grep '^  open:' | tail -n 1)" = "  open: empty" ]
}

@test "--trace=open: the step queues list their open nodes as the heap does, over many chunks" {
	local map=$BATS_TEST_TMPDIR/open.txt
	# 61x61 open floor, A in the middle, B 24 below: the open list grows to
	# nearly 200 nodes, more than a 64-entry chunk in each of the two queues
	awk 'BEGIN { for (y = 0; y < 61; y++) { r = ""
		for (x = 0; x < 61; x++) r = r (x == 30 && y == 30 ? "A" : x == 30 && y == 54 ? "B" : ".")
		print r } }' >"$map"
	pf -a dijkstra -d always --trace=open -o binary-heap "$map" >"$BATS_TEST_TMPDIR/heap"
	run pf -a dijkstra -d always --trace=open "$map"
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | grep '^  open:' | awk '{ print NF }' | sort -n | tail -n 1)" -gt 300 ]
	[ "$output" = "$(cat "$BATS_TEST_TMPDIR/heap")" ]
}

@test "--trace=open: the buckets list their live entries as the heap does, JPS's overflow too" {
	local map=$BATS_TEST_TMPDIR/open.txt
	# 61x61 floor with walls, A near the top, B near the bottom: with A*
	# the open list spans many buckets, and updated nodes leave stale
	# entries behind; JPS's keys go far beyond the window, into the
	# overflow, and come back from it
	awk 'BEGIN { srand(5); for (y = 0; y < 61; y++) { r = ""
		for (x = 0; x < 61; x++) r = r (x == 30 && y == 3 ? "A" : x == 40 && y == 57 ? "B" : rand() < 0.25 ? "#" : ".")
		print r } }' >"$map"
	for a in astar jps; do
		pf -a "$a" --trace=open -o binary-heap "$map" >"$BATS_TEST_TMPDIR/heap"
		run pf -a "$a" --trace=open -o buckets "$map"
		[ "$status" -eq 0 ]
		[ "$output" = "$(cat "$BATS_TEST_TMPDIR/heap")" ]
		printf '%s\n' "$output" | grep -q '^  update'
	done
	[ "$(printf '%s\n' "$output" | grep '^  open:' | awk '{ print NF }' | sort -n | tail -n 1)" -gt 20 ]
}

@test "--trace=open: every open list's bytes on random maps, every rule and tie-break, text and JSON" {
	# The tie-break is a total order, so each list takes the same node at
	# each step, and lists the same open nodes in the same order (JSON
	# for half the settings, whose records name the list in their options)
	local t=$BATS_TEST_TMPDIR rule tb fmt ol
	"$BRUTE" gen 78 60 >"$t/maps"
	for rule in never no-corner-cut no-squeeze always; do
		for tb in low-h high-h lifo fifo; do
			fmt=text
			case $rule/$tb in never/[lh]* | no-corner-cut/[hf]* | no-squeeze/l* | always/[hl]i*) fmt=json ;; esac
			pf --trace=open -d "$rule" -t "$tb" -f "$fmt" -o binary-heap "$t/maps" |
			    sed 's/"open_list":"[a-z-]*"//' >"$t/heap"
			grep -q 'open' "$t/heap"
			for ol in sorted-list unsorted-list quad-heap buckets; do
				pf --trace=open -d "$rule" -t "$tb" -f "$fmt" -o "$ol" "$t/maps" |
				    sed 's/"open_list":"[a-z-]*"//' >"$t/o"
				cmp -s "$t/heap" "$t/o" || { echo "-d $rule -t $tb -f $fmt -o $ol"; diff "$t/heap" "$t/o" | head; return 1; }
			done
		done
		pf --trace=open -d "$rule" -a dijkstra -o binary-heap "$t/maps" >"$t/heap" || [ $? -eq 1 ]
		[ "$(grep -c '^  open: ' "$t/heap")" -gt 200 ]
		pf --trace=open -d "$rule" -a dijkstra -o step-queues "$t/maps" | cmp -s - "$t/heap" ||
		    { echo "-d $rule dijkstra step-queues"; return 1; }
	done
}

@test "--trace is streamed: output far larger than the memory allowed" {
	[ -z "${PF_SANITIZED:-}" ] || skip "sanitizers reserve huge address space"
	local map=$BATS_TEST_TMPDIR/big.txt row
	# 1000x1000 open floor, A and B in opposite corners: Dijkstra expands
	# every cell, and the trace is over 100 MB; the cap is 64 MB.
	row=$(printf '%1000s' '' | tr ' ' .)
	{ echo "A${row:1}"; for i in $(seq 998); do echo "$row"; done; echo "${row:1}B"; } >"$map"
	run bash -c 'ulimit -v 65536; "$0" --trace -a dijkstra "$1" | { head -n 1; wc -c; }' "$PATHFIND" "$map"
	[ "${lines[0]}" = "trace: Dijkstra from (0,0) to (999,999), F = G (H = 0)" ]
	[ "${lines[1]}" -gt 100000000 ]
}

@test "--trace: a map whose search fails prints nothing, not even its label" {
	run --separate-stderr pf --trace -a jps samples/terrain.txt samples/tutorial.txt
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "==> samples/tutorial.txt map 1 <==" ]
	[ "${lines[1]}" = "trace: JPS from (1,2) to (5,2), F = G + H" ]
	[ "$stderr" = "pathfind: samples/terrain.txt:1:1: -a jps needs a map without terrain costs 2-9" ]
}

@test "--trace: -q prints nothing; --trace takes only =open" {
	run --separate-stderr pf -q --trace samples/tutorial.txt
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	run --separate-stderr pf --trace=all samples/tutorial.txt
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "pathfind: --trace: invalid value 'all' (only 'open', as --trace=open)" ]
}

@test "--scores: 40x40 at most, refused politely beyond" {
	local f=$BATS_TEST_TMPDIR/wide.txt
	awk 'BEGIN { r = ""; for (x = 1; x < 40; x++) r = r "."; print "A" r; print r "."; print r "B" }' >"$f"
	run --separate-stderr "$PATHFIND" --scores "$f"
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" == "+-----+"* ]]
	printf '.\n' >>"$f"	# 40 wide, 4 high: still fine
	awk 'BEGIN { for (y = 0; y < 37; y++) print "." }' >>"$f"	# 41 rows
	run --separate-stderr "$PATHFIND" --scores "$f"
	[ "$status" -eq 2 ]
	[ -z "$output" ]
	[ "$stderr" = "pathfind: $f:1:1: --scores draws maps of at most 40x40 cells; this one is 40x41" ]
}

@test "--scores: every reached box holds F = G + H" {
	local args
	for args in "" "-d no-corner-cut -c 10,14" "-d always -H euclidean -c 3,4"; do
		run pf --scores $args samples/terrain.txt
		# pair each F line with its G H line below and add up
		printf '%s\n' "$output" | awk -F'|' '
			/^\|/ { if (++n % 2) { for (i = 2; i < NF; i++) f[i] = $i; next }
				for (i = 2; i < NF; i++) { split(f[i], a, " "); split($i, b, " ");
					if (a[1] ~ /^[0-9.]+$/ && b[2] != "" && (a[1] - (b[1] + b[2]))^2 > 1e-9) bad++ } }
			END { exit bad > 0 }' || { echo "args: $args"; return 1; }
	done
}

@test "--image: PNG with valid chunks, size, and the colours of known cells" {
	local png=$BATS_TEST_TMPDIR/t.png
	run pf --image "$png" samples/tutorial.txt
	[ "$status" -eq 0 ]
	[ "${lines[2]}" = ".A*#*B." ]	# the text result is unchanged
	# signature by hand too
	[ "$(od -An -tx1 -N8 "$png" | tr -d ' ')" = "89504e470d0a1a0a" ]
	[ "$(od -An -c -j12 -N4 "$png" | tr -d ' ')" = "IHDR" ]
	# 7x5 cells of 16 pixels
	[ "$(pngcheck "$png")" = "112 80" ]
	# cell (x, y) is the square from pixel (16x, 16y); look at its middle
	[ "$(pngcheck "$png" 24 40)" = "22 163 74" ]	# A (1,2): start, green
	[ "$(pngcheck "$png" 88 40)" = "220 38 38" ]	# B (5,2): goal, red
	[ "$(pngcheck "$png" 56 24)" = "40 44 52" ]	# (3,1): wall
	[ "$(pngcheck "$png" 40 40)" = "250 204 21" ]	# (2,2): path, yellow
	[ "$(pngcheck "$png" 8 24)" = "134 239 172" ]	# (0,1): open, light green
	[ "$(pngcheck "$png" 104 72)" = "255 255 255" ]	# (6,4): never reached, floor
	# (1,1): expanded, a blue between the first and the last shade
	run pngcheck "$png" 24 24
	read -r r g b <<<"$output"
	[ "$r" -ge 37 ] && [ "$r" -le 191 ] && [ "$b" -ge 235 ]
	# a corrupted byte is caught
	cp "$png" "$BATS_TEST_TMPDIR/bad.png"
	printf '\001' | dd of="$BATS_TEST_TMPDIR/bad.png" bs=1 seek=300 conv=notrunc 2>/dev/null
	run pngcheck "$BATS_TEST_TMPDIR/bad.png"
	[ "$status" -eq 1 ]
}

@test "--image: the PNG checker decodes zlib's own files (stored, fixed and dynamic codes, every filter), refuses what zlib refuses" {
	# tests/data/png/make.py made them with Python's zlib: if the checker
	# read them wrong, its passing pathfind's PNGs would prove nothing
	local d=tests/data/png f
	for f in stored fixed dynamic1 dynamic9; do
		run pngcheck "$d/$f.png" "$d/ref.ppm"
		[ "$status" -eq 0 ] && [ "$output" = "37 29" ] || { echo "$f: $output"; return 1; }
	done
	# and it does see a pixel that differs
	cp "$d/ref.ppm" "$BATS_TEST_TMPDIR/ref.ppm"
	printf '\001' | dd of="$BATS_TEST_TMPDIR/ref.ppm" bs=1 seek=1000 conv=notrunc 2>/dev/null
	run pngcheck "$d/dynamic9.png" "$BATS_TEST_TMPDIR/ref.ppm"
	[ "$status" -eq 1 ]
	[ "$output" = "pngcheck: pixel (33, 8) differs from the PPM's" ]
	# it refuses what zlib refuses: a dynamic block for "A" whose
	# code-length code, or literal/length code, is incomplete; the same
	# block with both complete it takes
	run pngcheck -z "$d/complete.z" "$d/A.raw"
	[ "$status" -eq 0 ] && [ -z "$output" ]
	run pngcheck -z "$d/incomplete-cl.z" "$d/A.raw"
	[ "$status" -eq 1 ] && [ "$output" = "pngcheck: bad code-length code" ]
	run pngcheck -z "$d/incomplete-lit.z" "$d/A.raw"
	[ "$status" -eq 1 ]
	[ "$output" = "pngcheck: a code with more codes than its lengths allow, or too few" ]
	# and a header whose size wraps round in memory
	run pngcheck "$d/wrap.png"
	[ "$status" -eq 1 ] && [ "$output" = "pngcheck: width or height over 2^31 - 1" ]
}

@test "--image: every PNG pixel is the PPM's, on random maps of every scale, terrain and -e" {
	local t=$BATS_TEST_TMPDIR i w h opts f
	# sizes: scales 16 to 1; a row over the deflate window (11000 cells,
	# 33,000 bytes); a row over the compressor's buffer (65,535 cells)
	for i in 1 2 3 4 5 6 7 8 9 10 11 12 13; do
		read -r w h opts <<<"$(sed -n "${i}p" <<-'EOF2'
		2 1
		7 5 -e
		33 17 -e -d always
		40 40 -e -a dijkstra
		90 31 --nearest -e
		200 150 -e -d no-corner-cut
		257 3 -e
		300 300 -e -d always
		513 40 -e
		700 600 -e -d no-squeeze
		1024 9 --nearest
		11000 2 -e -d always
		65535 2 -e
		EOF2
		)"
		awk -v w="$w" -v h="$h" -v seed="$i" 'BEGIN { srand(seed)
			for (y = 0; y < h; y++) { r = ""
				for (x = 0; x < w; x++) {
					if (x == 0 && y == 0) c = "A"
					else if (x == w - 1 && y == h - 1) c = "B"
					else { u = rand(); c = u < 0.25 ? "#" : u < 0.35 ? int(2 + rand() * 8) : "." }
					r = r c }
				print r } }' >"$t/m.txt"
		for f in png ppm; do	# (many have no path: status 1)
			"$PATHFIND" -q $opts --image "$t/m.$f" "$t/m.txt" || [ $? -eq 1 ]
			[ -s "$t/m.$f" ] || { echo "${w}x$h $opts: no $f"; return 1; }
		done
		run pngcheck "$t/m.png" "$t/m.ppm"
		[ "$status" -eq 0 ] || { echo "${w}x$h $opts: $output"; return 1; }
		rm -f "$t/m.png" "$t/m.ppm"
	done
}

@test "--image: a PNG is compressed: an open 1024x1024 map, a noisy 512x512 one" {
	local t=$BATS_TEST_TMPDIR
	awk 'BEGIN { for (y = 0; y < 1024; y++) { r = ""; for (x = 0; x < 1024; x++)
		r = r (x == 3 && y == 5 ? "A" : x == 1000 && y == 1010 ? "B" : x == 512 && y > 10 ? "#" : ".")
		print r } }' >"$t/open.txt"
	awk 'BEGIN { srand(7); for (y = 0; y < 512; y++) { r = ""; for (x = 0; x < 512; x++)
		r = r (x == 0 && y == 0 ? "A" : x == 511 && y == 511 ? "B" : rand() < 0.3 ? "#" : ".")
		print r } }' >"$t/noise.txt"
	"$PATHFIND" -q -e --image "$t/open.png" "$t/open.txt"
	"$PATHFIND" -q -e -d always --image "$t/noise.png" "$t/noise.txt"
	[ "$(pngcheck "$t/open.png")" = "1024 1024" ] && [ "$(pngcheck "$t/noise.png")" = "512 512" ]
	# 3 MiB and 768 KiB of pixels; stored, they took more
	echo "open $(wc -c <"$t/open.png") noise $(wc -c <"$t/noise.png")"
	[ "$(wc -c <"$t/open.png")" -lt 65536 ]
	[ "$(wc -c <"$t/noise.png")" -lt 262144 ]
}

@test "--image: the PNG writer's deflate stream, apart from the images (tests/deflatecheck.c)" {
	# Huffman code lengths within 15 and 7 bits and complete on counts
	# made to need longer, optimal where no limit binds; then streams of
	# every kind, from nothing to 600 kB of noise, matches at the window's
	# edge and none past it, the same bytes whole and in pieces of any
	# size, each inflated by pngcheck -z back to its input
	local t=$BATS_TEST_TMPDIR kind seed
	if [ ! -x "$DEFLATECHECK" ]; then	# not built by make: a private copy
		DEFLATECHECK=$t/deflatecheck
		${CC:-cc} -std=c11 -O2 -D_POSIX_C_SOURCE=200809L -o "$DEFLATECHECK" "$root/tests/deflatecheck.c"
	fi
	run "$DEFLATECHECK" lengths
	[ "$status" -eq 0 ] && [ -z "$output" ] || { echo "$output"; return 1; }
	for kind in empty byte runs noise skewed rows window beyond; do
		for seed in 1 2; do
			run "$DEFLATECHECK" stream "$kind" "$seed" "$t/z" "$t/raw"
			[ "$status" -eq 0 ] && [ -z "$output" ] || { echo "$kind $seed: $output"; return 1; }
			run pngcheck -z "$t/z" "$t/raw"
			[ "$status" -eq 0 ] && [ -z "$output" ] || { echo "$kind $seed: $output"; return 1; }
		done
	done
	# every literal, length and distance code, a block exactly full
	run "$DEFLATECHECK" codes "$t/z" "$t/raw"
	[ "$status" -eq 0 ] && [ -z "$output" ] || { echo "codes: $output"; return 1; }
	run pngcheck -z "$t/z" "$t/raw"
	[ "$status" -eq 0 ] && [ -z "$output" ] || { echo "codes: $output"; return 1; }
	# a stream cut short, or a code-length code left incomplete, is caught
	head -c 1000 "$t/z" >"$t/zcut"
	run pngcheck -z "$t/zcut" "$t/raw"
	[ "$status" -eq 1 ]
}

@test "--image: PPM header and pixels" {
	local ppm=$BATS_TEST_TMPDIR/t.ppm
	run pf -q --image "$ppm" -d no-corner-cut samples/terrain.txt
	[ "$status" -eq 0 ]
	[ "$(head -c 14 "$ppm" | od -An -c | tr -s ' ')" = " P 6 \n 1 6 0 8 0 \n 2 5 5 \n" ]
	[ "$(wc -c <"$ppm")" -eq $((14 + 160 * 80 * 3)) ]
	# pixel (x, y) is at 14 + 3 * (160 y + x)
	px() { od -An -tu1 -j $((14 + 3 * (160 * $2 + $1))) -N3 "$ppm" | tr -s ' ' | sed 's/^ //'; }
	[ "$(px 24 24)" = "22 163 74" ]		# A at (1,1)
	[ "$(px 152 40)" = "220 38 38" ]	# B at (9,2)
	[ "$(px 8 72)" = "255 255 255" ]	# (0,4) floor, never reached
	# terrain 9 never reached: the darkest tan
	run pf -e -d no-corner-cut samples/terrain.txt
	[ "${lines[3]:5:1}" = 9 ]
	[ "$(px 88 56)" = "159 96 40" ]
}

@test "--image: the shades from the first expanded to the last, the --nearest path, a --goal on the start" {
	local d=$BATS_TEST_TMPDIR
	# 12x4 cells of 16 pixels; pixel (x, y) at 14 + 3 * (192 y + x)
	printf '.......#....\n..A....#....\n.......#..B.\n########....\n' >"$d/np.txt"
	px() { od -An -tu1 -j $((14 + 3 * (192 * ($3 * 16 + 8) + $2 * 16 + 8))) -N3 "$1" | tr -s ' ' | sed 's/^ //'; }
	run "$PATHFIND" -q --nearest --image "$d/n.ppm" "$d/np.txt"
	[ "$status" -eq 1 ]
	[ "$(head -c 14 "$d/n.ppm" | od -An -c | tr -s ' ')" = " P 6 \n 1 9 2 6 4 \n 2 5 5 \n" ]
	# 21 expanded: the start first, (0,0) last (--trace's step 21)
	[ "$("$PATHFIND" --trace "$d/np.txt" | grep '^step 21:')" = "step 21: current (0,0) F=15 G=3 H=12, parent (0,1)" ]
	[ "$(px "$d/n.ppm" 0 0)" = "37 99 235" ]
	[ "$(px "$d/n.ppm" 2 1)" = "22 163 74" ]
	# the path to the nearest cell, (6,2), as the text map draws it
	local x
	for x in 2 3 4 5 6; do
		[ "$(px "$d/n.ppm" "$x" 2)" = "250 204 21" ] || { echo "($x,2): $(px "$d/n.ppm" "$x" 2)"; return 1; }
	done
	run "$PATHFIND" -q --image "$d/p.ppm" "$d/np.txt"
	[ "$(px "$d/p.ppm" 2 2)" != "250 204 21" ]
	# the first expanded, where it is not the start: --goal on A draws the goal there
	run "$PATHFIND" -q --goal 2,1 --image "$d/g.ppm" "$d/np.txt"
	[ "$status" -eq 0 ]
	[ "$(px "$d/g.ppm" 2 1)" = "220 38 38" ]
	[ "$("$PATHFIND" --goal 2,1 "$d/np.txt" | sed -n 2p)" = "..B....#...." ]
}

@test "--image: SVG header, size and cells" {
	local svg=$BATS_TEST_TMPDIR/t.svg
	run pf -q --image "$svg" samples/tutorial.txt
	[ "$status" -eq 0 ]
	[ "$(sed -n 1p "$svg")" = '<?xml version="1.0" encoding="UTF-8"?>' ]
	[ "$(sed -n 2p "$svg")" = '<svg xmlns="http://www.w3.org/2000/svg" width="112" height="80" viewBox="0 0 7 5" shape-rendering="crispEdges">' ]
	grep -qx '<rect x="1" y="2" width="1" height="1" fill="#16a34a"/>' "$svg"
	grep -qx '<rect x="5" y="2" width="1" height="1" fill="#dc2626"/>' "$svg"
	grep -qx '<rect x="2" y="0" width="3" height="1" fill="#facc15"/>' "$svg"
	[ "$(tail -n 1 "$svg")" = "</svg>" ]
	# every cell covered once: the widths of each row add up to 7
	[ "$(grep -c '<rect' "$svg")" -gt 5 ]
	awk -F'"' '/<rect/ { w[$4] += $6 } END { for (y in w) if (w[y] != 7) exit 1 }' "$svg"
}

@test "--image: a square per cell up to 512 pixels, a pixel per cell beyond" {
	local f=$BATS_TEST_TMPDIR/m.txt png=$BATS_TEST_TMPDIR/m.png w h want
	while read -r w h want; do
		awk -v w="$w" -v h="$h" 'BEGIN { for (y = 0; y < h; y++) { r = ""; for (x = 0; x < w; x++)
			r = r (x == 0 && y == 0 ? "A" : x == w - 1 && y == h - 1 ? "B" : "."); print r } }' >"$f"
		"$PATHFIND" -q --image "$png" "$f"
		[ "$(pngcheck "$png")" = "$want" ] || { echo "${w}x$h: $(pngcheck "$png"), want $want"; return 1; }
	done <<-'EOF2'
	7 5 112 80
	32 3 512 48
	40 40 480 480
	100 2 500 10
	300 4 300 4
	600 3 600 3
	EOF2
}

@test "--image: several maps, FILE then FILE-2, FILE-3; errors" {
	local d=$BATS_TEST_TMPDIR
	run pf -q --image "$d/m.ppm" samples/multi.txt samples/tutorial.txt
	[ "$status" -eq 1 ]
	[ -f "$d/m.ppm" ] && [ -f "$d/m-2.ppm" ] && [ -f "$d/m-3.ppm" ] && [ -f "$d/m-4.ppm" ]
	[ "$(head -c 10 "$d/m-4.ppm")" = "$(printf 'P6\n112 80')" ]
	# a map that fails writes no image and takes no number
	run --separate-stderr pf -q --start 0,0 --image "$d/s.svg" samples/tutorial.txt \
	    samples/maze.txt samples/terrain.txt
	[ "$status" -eq 2 ]
	[ "$stderr" = "pathfind: samples/maze.txt:1:1: --start 0,0 is on a blocked cell" ]
	[ -f "$d/s.svg" ] && [ -f "$d/s-2.svg" ] && [ ! -e "$d/s-3.svg" ]
	grep -q 'viewBox="0 0 10 5"' "$d/s-2.svg"
	# a file that cannot be written is the map's one outcome: nothing on stdout
	run --separate-stderr pf --trace --image "$d/nosuch/x.png" samples/tutorial.txt
	[ "$status" -eq 2 ]
	[ -z "$output" ]
	[ "$stderr" = "pathfind: $d/nosuch/x.png: cannot write image: No such file or directory" ]
	run --separate-stderr pf --image x.gif samples/tutorial.txt
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "pathfind: --image: invalid value 'x.gif' (a file name ending in .svg, .ppm or .png)" ]
}

@test "--image: Berlin_0_1024 to a PNG of 1024x1024 pixels" {
	local map=${BENCH_DIR:-$root/../shared/bench/movingai}/Berlin_0_1024.map
	[ -f "$map" ] || skip "no $map"
	run --separate-stderr "$PATHFIND" -q --start 19,3 --goal 1005,1002 --image "$BATS_TEST_TMPDIR/b.png" "$map"
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	[ "$(pngcheck "$BATS_TEST_TMPDIR/b.png")" = "1024 1024" ]
}

@test "--start and --goal: a MovingAI map gives the scenario file's costs" {
	local id sx sy gx gy len cost
	run pf -S tests/data/tiny.map.scen
	while IFS=$'\t' read -r id sx sy gx gy len cost _; do
		[ "$id" = id ] && continue
		run pf -f json --start "$sx,$sy" --goal "$gx,$gy" tests/data/tiny.map
		[[ "$output" == *"\"cost\":$cost,"* ]] || { echo "$id: $output"; return 1; }
		[[ "$output" == *"\"start\":[$sx,$sy],\"goal\":[$gx,$gy]"* ]]
	done <<<"$(pf -S tests/data/tiny.map.scen 2>/dev/null)"
}

@test "--start and --goal override A and B on ASCII maps" {
	run pf --start 0,0 --goal 6,4 samples/tutorial.txt
	[ "${lines[0]}" = "A......" ]
	[ "${lines[2]}" = "*..#..." ]	# the old A and B are floor now
	[ "$(stat goal)" = "6 4" ]
	run pf --goal 17,7 -f path samples/multigoal.txt
	[ "${lines[-1]}" = "17 7" ]
	run pf --start 5,2 samples/tutorial.txt	# on the B: cost 0
	[ "$(stat cost)" = 0 ]
	# with --start, every A is floor, so a map may have several
	run pf --start 1,0 <<<'A.A.B'
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = ".A**B" ]
	# and drawn as floor: an A off the path too, and -e's marks show on it
	run pf --start 2,0 -e <<<$'AA.B\n...A'
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = ".oAB" ]
	[ "${lines[1]}" = "..o." ]
	run pf --start 2,0 --scores <<<$'AA.B'
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "|  .  |3   o|1   A|1   B|" ]
	run --separate-stderr pf <<<'A.A.B'	# without, the second is an error
	[ "$status" -eq 2 ]
	[ "$stderr" = "pathfind: <stdin>:1:3: second start 'A' (the first is at 1:1)" ]
}

@test "--start and --goal: errors name the place and the cell" {
	local f=$root/tests/data/ragged.txt
	while IFS='|' read -r args want; do
		run --separate-stderr pf $args
		[ "$status" -eq 2 ] || { echo "$args: status $status"; return 1; }
		[ "${stderr_lines[0]}" = "pathfind: $want" ] || { echo "$args: ${stderr_lines[0]}"; return 1; }
	done <<-'EOF2'
	--start 3,1 samples/tutorial.txt|samples/tutorial.txt:2:4: --start 3,1 is on a blocked cell
	--goal 7,0 samples/tutorial.txt|samples/tutorial.txt:1:1: --goal 7,0 is off the map (7x5)
	--start 0,5 samples/tutorial.txt|samples/tutorial.txt:1:1: --start 0,5 is off the map (7x5)
	--start 5,0 tests/data/ragged.txt|tests/data/ragged.txt:1:6: --start 5,0 is past the end of row 0
	--start 0,0 --goal 2,1 tests/data/tiny.map|tests/data/tiny.map:6:3: --goal 2,1 is on a blocked cell
	--start 0,0 tests/data/tiny.map|tests/data/tiny.map:1:1: a MovingAI map needs both --start and --goal (or its scenarios with -S)
	tests/data/tiny.map|tests/data/tiny.map:1:1: a MovingAI map has no start or goal: give its scenarios with -S
	--start 1 samples/tutorial.txt|--start: invalid value '1' (X,Y: column and row, whole numbers from 0 to 65535)
	--goal 1,-2 samples/tutorial.txt|--goal: invalid value '1,-2' (X,Y: column and row, whole numbers from 0 to 65535)
	--goal 1,2,3 samples/tutorial.txt|--goal: invalid value '1,2,3' (X,Y: column and row, whole numbers from 0 to 65535)
	--start 65536,0 samples/tutorial.txt|--start: invalid value '65536,0' (X,Y: column and row, whole numbers from 0 to 65535)
	--start 0,0 -S tests/data/tiny.map.scen|--start cannot be used with -S
	EOF2
}

@test "--start and --goal: every view works on a MovingAI map" {
	local d=$BATS_TEST_TMPDIR
	run pf -e --trace --start 0,0 --goal 7,5 --image "$d/t.png" tests/data/tiny.map
	[ "$status" -eq 0 ]
	[[ "$output" == *"legend: x expanded"* ]]
	[ "$(pngcheck "$d/t.png")" = "128 96" ]
	run pf --compare=diagonal --start 0,0 --goal 7,5 tests/data/tiny.map
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 5 ]
}

@test "--compare: the optimum is Dijkstra's cost; rows as documented" {
	local what rows
	while read -r what rows; do
		run pf --compare="$what" samples/maze.txt
		[ "$status" -eq 0 ] || { echo "$what: status $status"; return 1; }
		[ "${#lines[@]}" -eq $((rows + 1)) ] || { echo "$what: ${#lines[@]} lines"; return 1; }
		[[ "${lines[0]}" =~ ^${what%%=*}\ +cost\ +steps\ +expanded\ +generated\ +optimum\ +optimal$ ]]
	done <<-'EOF2'
	algorithm 3
	heuristic 5
	tie-break 4
	diagonal 4
	open-list 6
	weight 4
	weight=1,2.5 2
	EOF2
	# each row's optimum is -a dijkstra's cost under its -d
	run pf --compare=diagonal samples/terrain.txt
	for d in never no-corner-cut no-squeeze always; do
		printf '%s\n' "$output" | grep -q "^$d .* $(pf -a dijkstra -d "$d" samples/terrain.txt | sed -n 's/^cost: //p')  yes$"
	done
	# a weight that loses optimality says by how much
	run pf --compare=weight=5 samples/maze.txt
	[[ "${lines[1]}" == *"  42  "*"  38  no (+4)" ]]
	# -T adds a time column
	run pf -T --compare=open-list samples/maze.txt
	[[ "${lines[0]}" == *"optimal      time" ]]
}

@test "--compare: a row that cannot run shows n/a, and the others print" {
	# JPS refuses a diagonal step cheaper than a straight one
	run --separate-stderr pf --compare=algorithm -c 1,0.5 samples/tutorial.txt
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	[ "${#lines[@]}" -eq 4 ]
	[[ "${lines[1]}" =~ ^astar\ +[0-9] ]]
	[[ "${lines[2]}" =~ ^dijkstra\ +[0-9] ]]
	[[ "${lines[3]}" =~ ^jps\ \(-d\ no-corner-cut\)(\ +n/a){6}$ ]]
	# and a map with terrain
	run --separate-stderr pf --compare=algorithm samples/terrain.txt
	[ "$status" -eq 0 ]
	[[ "${lines[3]}" =~ ^jps\ \(-d\ no-corner-cut\)(\ +n/a){6}$ ]]
	# the step queues with a heuristic
	run --separate-stderr pf --compare=open-list samples/tutorial.txt
	[ "$status" -eq 0 ]
	[[ "${lines[5]}" =~ ^step-queues(\ +n/a){6}$ ]]
}

@test "--compare: a map no row can run leaves nothing on stdout, not even its separator" {
	local j want
	# every row is jps, which refuses terrain: maps 2 and 4 are errors
	want=$(printf 'A.B\n\nA.B\n' | pf --label -a jps --compare=tie-break)
	[ -n "$want" ]
	for j in 1 2; do
		run --separate-stderr bash -c 'printf "A5B\n\nA.B\n\nA5B\n\nA.B\n\nA5B\n" |
		    "$0" -j "$1" --no-label -a jps --compare=tie-break' "$PATHFIND" "$j"
		[ "$status" -eq 2 ] || { echo "-j $j: status $status"; return 1; }
		[ "${#stderr_lines[@]}" -eq 3 ]
		[[ "${stderr_lines[0]}" == "pathfind: <stdin>:1:1: -a jps needs a map without terrain costs 2-9" ]]
		# two tables, one empty line between them, none before or after
		[ "$output" = "$(printf 'A.B\n\nA.B\n' | pf --no-label -a jps --compare=tie-break)" ]
		[ "${#lines[@]}" -eq 10 ]
		[[ "${lines[0]}" == "tie-break  "* ]]
	done
	# errors alone: nothing at all on stdout
	run --separate-stderr bash -c 'printf "A5B\n\nA5B\n" | "$0" -a jps --compare=tie-break | wc -c' "$PATHFIND"
	[ "$output" = 0 ]
	# the other refusal, step queues with a heuristic, alike
	run --separate-stderr bash -c 'printf "A.B\n\nA.B\n" | "$0" -o step-queues -H octile --compare=tie-break | wc -c' "$PATHFIND"
	[ "$output" = 0 ]
}

@test "--compare=algorithm overrides -a: -a jps with costs JPS refuses leaves its row n/a" {
	local c
	for c in 1,3 1,0.5; do
		run --separate-stderr pf -a jps -c "$c" --compare=algorithm samples/tutorial.txt
		[ "$status" -eq 0 ] || { echo "-c $c: $status $stderr"; return 1; }
		[ -z "$stderr" ]
		[ "${#lines[@]}" -eq 4 ]
		[[ "${lines[1]}" =~ ^astar\ \(-d\ never\)\ +[0-9] ]]
		[[ "${lines[2]}" =~ ^dijkstra\ \(-d\ never\)\ +[0-9] ]]
		[[ "${lines[3]}" =~ ^jps(\ +n/a){6}$ ]]
		# any other setting compared: every row is jps, refused at the start
		run --separate-stderr pf -a jps -c "$c" --compare=tie-break samples/tutorial.txt
		[ "$status" -eq 2 ]
		[ "${stderr_lines[0]}" = "pathfind: -a jps needs step costs with S <= D <= 2S" ]
		[ -z "$output" ]
	done
}

@test "--compare=weight: the documented maximum of 16 weights, clean under the sanitizers" {
	local w=1,1.5,2,3,4,5,6,7,8,9,10,20,30,40,50,100 san
	run --separate-stderr pf --compare=weight=$w samples/tutorial.txt
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 17 ]
	[[ "${lines[16]}" == "100  "* ]]
	san=$(sanitized)
	[ -n "$san" ] || skip "no sanitizer build (make test and make sanitize have one)"
	run --separate-stderr env UBSAN_OPTIONS=halt_on_error=1:exitcode=98 ASAN_OPTIONS=exitcode=99 \
	    bash -c 'cd "$1" && "$0" --compare=weight="$2" samples/tutorial.txt' "$san" "$root" "$w"
	[ -z "$stderr" ] || { echo "$stderr"; return 1; }
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 17 ]
}

@test "--compare: bad values and combinations are usage errors" {
	local args want
	while IFS='|' read -r args want; do
		run --separate-stderr pf $args samples/tutorial.txt
		[ "$status" -eq 2 ] || { echo "$args: status $status"; return 1; }
		[ "${stderr_lines[0]}" = "pathfind: $want" ] || { echo "$args: ${stderr_lines[0]}"; return 1; }
		[ "${stderr_lines[1]}" = "Try 'pathfind --help' for more information." ]
		[ "${#stderr_lines[@]}" -eq 2 ]
	done <<-'EOF2'
	--compare=speed|--compare: invalid value 'speed' (one of: algorithm heuristic tie-break diagonal open-list weight)
	--compare=weight=0.5|--compare: invalid value 'weight=0.5' (weight=W,W,...: up to 16 weights from 1 to 100, at most 3 decimals)
	--compare=weight=1,,2|--compare: invalid value 'weight=1,,2' (weight=W,W,...: up to 16 weights from 1 to 100, at most 3 decimals)
	--compare=weight=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17|--compare: invalid value 'weight=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17' (weight=W,W,...: up to 16 weights from 1 to 100, at most 3 decimals)
	--compare=heuristic -f json|--compare prints a table: it needs -f text
	--compare=heuristic -e|-e cannot be used with --compare
	--compare=heuristic --trace|--trace cannot be used with --compare
	--compare=heuristic --image=x.png|--image cannot be used with --compare
	EOF2
}

@test "--compare: -q prints nothing, the status says no path" {
	run --separate-stderr pf -q --compare=heuristic samples/nopath.txt
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	run --separate-stderr pf -s -q --compare=tie-break samples/tutorial.txt
	[ "$stderr" = "pathfind: summary: maps=1 solved=1 nopath=0 errors=0 expanded=76" ]
}

@test "long forms and abbreviations give the same output" {
	local a b want
	# same_as ARGS1 -- ARGS2: both succeed, with the same output, not empty
	same_as() {
		local -a one=()
		while [ "$1" != -- ]; do one+=("$1"); shift; done
		shift
		run --separate-stderr pf "${one[@]}" samples/maze.txt
		[ "$status" -eq 0 ] && [ -n "$output" ] && [ -z "$stderr" ] ||
		    { echo "${one[*]}: status $status: $stderr"; return 1; }
		want=$output
		run --separate-stderr pf "$@" samples/maze.txt
		[ "$status" -eq 0 ] && [ -z "$stderr" ] || { echo "$*: status $status: $stderr"; return 1; }
		[ "$output" = "$want" ] || { echo "${one[*]} vs $*"; return 1; }
	}
	while read -r a b; do
		same_as $a -- $b
	done <<-'EOF2'
	-e --explored
	-e --exp
	--trace --tr
	--trace=open --tra=open
	--scores --sco
	--compare=heuristic --com=heuristic
	--start=1,1 --st=1,1
	EOF2
	same_as --start 1,1 --goal 1,3 -- --start=1,1 --go 1,3
}

@test "the new options are in --help" {
	run "$PATHFIND" --help
	local o
	for o in -e, --explored --trace --scores --image --compare --start --goal; do
		[[ "$output" == *"$o"* ]] || { echo "$o"; return 1; }
	done
}

# Found by a mutation run (2026-11-29): each of these could change and no
# test noticed.
@test "-e's colours by thirds of the expansions, cell by cell; the trace's header for several goals" {
	local d=$BATS_TEST_TMPDIR
	awk 'NF == 0 { exit } { print }' "$root/tests/data/wide.txt" >"$d/w.txt"
	# the order of each expansion, from the trace, against the colour of
	# each x: bright cyan (96) while (k - 1) * 3 / n < 1, cyan (36) < 2,
	# then blue (34)
	"$PATHFIND" --trace "$d/w.txt" | sed -n 's/^step \([0-9]*\): current (\([0-9]*\),\([0-9]*\)).*/\1 \2 \3/p' >"$d/order"
	[ "$(wc -l <"$d/order")" -gt 100 ]
	"$PATHFIND" -e --color=always "$d/w.txt" | head -n "$(wc -l <"$d/w.txt")" >"$d/e.txt"
	awk 'NR == FNR { k[$2 "," $3] = $1; n = $1 > n ? $1 : n; next }
		{	y = FNR - 1; x = 0; code = 0; s = $0
			while (length(s) > 0) {
				if (match(s, /^\033\[[0-9;]*m/)) {
					c = substr(s, 3, RLENGTH - 3); sub(/.*;/, "", c); code = c + 0
					s = substr(s, RLENGTH + 1); continue
				}
				ch = substr(s, 1, 1); s = substr(s, 2)
				if (ch == "x") {
					if (!((x "," y) in k)) { print "x not expanded at " x "," y; bad = 1 }
					t = int((k[x "," y] - 1) * 3 / n)
					want = t == 0 ? 96 : t == 1 ? 36 : 34
					if (code != want) { print x "," y ": expansion " k[x "," y] " of " n ": colour " code ", want " want; bad = 1 }
					seen++
				}
				x++
			}
		}
		END { if (seen < 100) { print "only " seen " x cells"; bad = 1 } exit bad }' "$d/order" "$d/e.txt"
	[ "$("$PATHFIND" --trace samples/multigoal.txt | head -n 1)" = "trace: A* from (3,4) to the nearest of 3 goals, F = G + H" ]
	# --compare's excess over the optimum keeps its six decimals
	run "$PATHFIND" --compare=weight=2 -d always -c 1,1.001 "$root/tests/data/wide.txt"
	[ "${lines[2]}" = "2       145.035000    145       145        431  145.017000  no (+0.018000)" ]
	[ "${lines[5]}" = "2       69.025000     69        69        202  69.011000  no (+0.014000)" ]
	[ "$("$PATHFIND" --trace samples/tutorial.txt | head -n 1)" = "trace: A* from (1,2) to (5,2), F = G + H" ]
}

@test "--image: terrain 2's colour; a name that is all extension; a numbered name too long" {
	local d=$BATS_TEST_TMPDIR p f
	printf 'AB#2\n' >"$d/t.txt"
	run "$PATHFIND" -q --image "$d/t.ppm" "$d/t.txt"
	[ "$status" -eq 0 ]
	# 4x1 cells of 16 pixels: the header is 13 bytes; the 2 at (3,0)
	[ "$(od -An -tu1 -j $((13 + 3 * (64 * 8 + 56))) -N3 "$d/t.ppm" | tr -s ' ' | sed 's/^ //')" = "243 222 180" ]
	run --separate-stderr "$PATHFIND" -q --image .png "$d/t.txt"
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "pathfind: --image: invalid value '.png' (a file name ending in .svg, .ppm or .png)" ]
	# in a folder too (it was taken, and the next map's image named -2.png)
	run --separate-stderr "$PATHFIND" -q --image "$d/.svg" "$d/t.txt"
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "pathfind: --image: invalid value '$d/.svg' (a file name ending in .svg, .ppm or .png)" ]
	[ ! -e "$d/.svg" ]
	# a name of 4094 bytes: the first image takes it, the second's -2 is
	# past PATH_MAX's 4095 and is refused, not cut short
	p=$d
	while [ ${#p} -lt 3800 ]; do p=$p/$(printf '%0200d' 0); done
	mkdir -p "$p"
	f=$p/$(printf '%0*d' $((4094 - ${#p} - 5)) 0).svg
	[ ${#f} -eq 4094 ]
	run --separate-stderr "$PATHFIND" -q --image "$f" "$d/t.txt" "$d/t.txt"
	[ "$status" -eq 2 ]
	[ "$stderr" = "pathfind: $f: cannot write image 2: File name too long" ]
	[ -f "$f" ]
	[ "$(ls "$p" | wc -l)" -eq 1 ]
}
