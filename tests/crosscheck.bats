#!/usr/bin/env bats
# Cross-check pathfind against the independent brute-force oracle in
# tests/brute.c on hundreds of random maps, for every option combination.
#
#   tests/brute gen SEED COUNT          random maps, one blank line between
#   tests/brute check MAPS TEXT PATH -- OPTIONS...
#                                       verify `pathfind OPTIONS MAPS` (TEXT)
#                                       and `pathfind -f path OPTIONS MAPS`
#
# PATHFIND, BRUTE, SORTCHECK and BIGMEMCHECK may point at other builds
# (make sanitize does this).

setup() {
    bats_require_minimum_version 1.5.0
    export LC_ALL=C
    root="$BATS_TEST_DIRNAME/.."
    PATHFIND=${PATHFIND:-$root/pathfind}
    BRUTE=${BRUTE:-$root/tests/brute}
    if [ ! -x "$BRUTE" ]; then
        # not built by make (e.g. running bats by hand): build a private copy
        BRUTE=$BATS_TEST_TMPDIR/brute
        ${CC:-cc} -std=c11 -O2 -o "$BRUTE" "$root/tests/brute.c" -lm
    fi
    SORTCHECK=${SORTCHECK:-$root/tests/sortcheck}
    BIGMEMCHECK=${BIGMEMCHECK:-$root/tests/bigmemcheck}
    COSTCHECK=${COSTCHECK:-$root/tests/costcheck}
    MOVESCHECK=${MOVESCHECK:-$root/tests/movescheck}
    T=$BATS_TEST_TMPDIR
}

need_pathfind() {
    if [ ! -x "$PATHFIND" ]; then
        echo "pathfind binary not found at $PATHFIND (run make)" >&2
        return 1
    fi
}

# checker BIN SOURCE [CFLAGS...]: run the test program BIN, or where make
# did not build it (bats run by hand) a private copy of tests/SOURCE built
# with CFLAGS; it must exit 0 and print nothing.
checker() {
    local bin=$1 src=$2
    shift 2
    if [ ! -x "$bin" ]; then
        bin=$T/${src%.c}-private
        ${CC:-cc} -std=c11 -O2 -D_POSIX_C_SOURCE=200809L "$@" -o "$bin" "$root/tests/$src"
    fi
    run "$bin"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ -z "$output" ]
}

# crosscheck MAPS OPTIONS...
# Run pathfind in text and path format with -o binary-heap, verify both with
# the checker, check the exit status against the checker's no-path count,
# and require the other open lists ($OPEN_LISTS, default sorted-list,
# unsorted-list, quad-heap and buckets; and step-queues where h = 0) to print
# byte-identical text.
crosscheck() {
    local maps=$1
    shift
    local st st2 out nopath want ol lists
    st=0
    "$PATHFIND" "$@" -o binary-heap "$maps" >"$T/text" 2>"$T/err" || st=$?
    if [ -s "$T/err" ]; then
        echo "pathfind $* $maps wrote to stderr:" >&2
        head -5 "$T/err" >&2
        return 1
    fi
    st2=0
    "$PATHFIND" -f path "$@" -o binary-heap "$maps" >"$T/path" 2>"$T/err" || st2=$?
    if [ "$st2" != "$st" ] || [ -s "$T/err" ]; then
        echo "pathfind $*: exit $st in text format, $st2 with -f path" >&2
        head -5 "$T/err" >&2
        return 1
    fi
    if ! out=$("$BRUTE" check "$maps" "$T/text" "$T/path" -- "$@" 2>&1); then
        echo "checker rejects: pathfind $* $maps" >&2
        echo "$out" >&2
        return 1
    fi
    # "ok N maps (M no path)"
    nopath=${out##*(}
    nopath=${nopath%% *}
    want=0
    [ "$nopath" -eq 0 ] || want=1
    if [ "$st" != "$want" ]; then
        echo "pathfind $*: exit status $st, expected $want ($out)" >&2
        return 1
    fi
    lists=${OPEN_LISTS:-sorted-list unsorted-list quad-heap buckets}
    # the step queues take only keys with h = 0, one step at a time
    case " $* " in
        *" jps "*) ;;
        *" dijkstra "* | *" -H zero "*) lists="$lists step-queues" ;;
    esac
    for ol in $lists; do
        st2=0
        "$PATHFIND" "$@" -o "$ol" "$maps" >"$T/text.$ol" 2>"$T/err" || st2=$?
        if [ "$st2" != "$st" ] || ! cmp -s "$T/text" "$T/text.$ol"; then
            echo "pathfind $* -o $ol differs from -o binary-heap (exit $st2 vs $st):" >&2
            diff "$T/text" "$T/text.$ol" | head -20 >&2
            return 1
        fi
    done
}

# every heuristic x tie-break with A*, and Dijkstra (which ignores -H) once
# per tie-break, for one diagonal rule, on 300 maps from a fixed seed
all_combinations() {
    local rule=$1 h tb
    need_pathfind
    "$BRUTE" gen 20240611 300 >"$T/maps"
    for tb in low-h high-h lifo fifo; do
        for h in manhattan octile euclidean chebyshev zero; do
            crosscheck "$T/maps" -a astar -d "$rule" -H "$h" -t "$tb"
        done
        crosscheck "$T/maps" -a dijkstra -d "$rule" -t "$tb"
    done
}

@test "crosscheck: all algorithms/heuristics/tie-breaks with -d never" {
    all_combinations never
}

@test "crosscheck: all algorithms/heuristics/tie-breaks with -d no-corner-cut" {
    all_combinations no-corner-cut
}

@test "crosscheck: all algorithms/heuristics/tie-breaks with -d no-squeeze" {
    all_combinations no-squeeze
}

@test "crosscheck: all algorithms/heuristics/tie-breaks with -d always" {
    all_combinations always
}

# cost variants over the four rules and the heuristics (second seed);
# admissibility, hence `optimal: yes`, depends on S and D.  The default
# heuristic (manhattan under never, octile otherwise) stands in for the
# explicit one it equals.  Dijkstra runs on -d always, and on every rule when
# no heuristic is admissible (-c 1,0.5), so that the exact optimum is always
# checked somewhere.
cost_variants() {
    local c=$1 rule h
    local OPEN_LISTS=unsorted-list # all three are compared above; keep it quick
    need_pathfind
    "$BRUTE" gen 777 200 >"$T/maps"
    for rule in never no-corner-cut no-squeeze always; do
        crosscheck "$T/maps" -d "$rule" -c "$c"
        for h in manhattan octile euclidean chebyshev; do
            case $rule/$h in
                never/manhattan | no-corner-cut/octile | no-squeeze/octile | always/octile)
                    continue ;; # = the default
            esac
            crosscheck "$T/maps" -d "$rule" -c "$c" -H "$h" -t high-h
        done
        if [ "$rule" = always ] || [ "$c" = 1,0.5 ]; then
            crosscheck "$T/maps" -a dijkstra -d "$rule" -c "$c" -t fifo
            crosscheck "$T/maps" -a dijkstra -d "$rule" -c "$c"
        fi
    done
}

# -a jps under one diagonal rule on 300 maps without terrain: every
# heuristic and tie-break, the step costs it takes, and a weight
jps_combinations() {
    local rule=$1 h tb c
    need_pathfind
    # JPS needs uniform costs: the same generator, terrain turned to floor.
    "$BRUTE" gen 20240612 300 | tr '1-9' '.' >"$T/maps"
    for tb in low-h high-h lifo fifo; do
        for h in manhattan octile euclidean chebyshev zero; do
            crosscheck "$T/maps" -a jps -d "$rule" -H "$h" -t "$tb"
        done
    done
    for c in 10,14 1,1 1,2 2.5,sqrt2 2.5,3.75; do
        for h in octile chebyshev euclidean manhattan; do
            crosscheck "$T/maps" -a jps -d "$rule" -c "$c" -H "$h"
        done
    done
    crosscheck "$T/maps" -a jps -d "$rule" -w 1.5
}

@test "crosscheck: -a jps on maps without terrain, every heuristic, tie-break and cost" {
    local h tb c
    need_pathfind
    # without -d: no-corner-cut
    "$BRUTE" gen 20240612 300 | tr '1-9' '.' >"$T/maps"
    for c in 10,14 1,1 1,2 2.5,sqrt2 2.5,3.75; do
        for h in octile chebyshev euclidean manhattan; do
            crosscheck "$T/maps" -a jps -c "$c" -H "$h"
        done
    done
    crosscheck "$T/maps" -a jps -w 1.5
}

@test "crosscheck: -a jps -d never (4-connected), every heuristic, tie-break and cost" {
    jps_combinations never
}

@test "crosscheck: -a jps -d no-corner-cut, every heuristic, tie-break and cost" {
    jps_combinations no-corner-cut
}

@test "crosscheck: -a jps -d no-squeeze, every heuristic, tie-break and cost" {
    jps_combinations no-squeeze
}

@test "crosscheck: -a jps -d always, every heuristic, tie-break and cost" {
    jps_combinations always
}

# wide_maps SEED COUNT: maps 60 to 200 cells a side, so that JPS's block
# scans (64 cells a word) cross word boundaries; walls in long lines with
# gaps, then noise; A at the top left, Bs (1 to 3) at the bottom right.
wide_maps() {
    awk -v seed="$1" -v n="$2" 'BEGIN {
        srand(seed)
        split("60 63 64 65 66 127 128 129 130 200", sz, " ")
        for (m = 0; m < n; m++) {
            if (m) print ""
            w = sz[int(rand() * 10) + 1]; h = sz[int(rand() * 10) + 1]
            if (w * h > 20000) h = int(20000 / w)
            p = rand() * 0.4
            for (y = 0; y < h; y++) for (x = 0; x < w; x++)
                c[y, x] = rand() < p ? "#" : "."
            for (k = int(rand() * 6); k > 0; k--)
                if (rand() < 0.5) { y = int(rand() * h); for (x = 0; x < w; x++) if (rand() < 0.95) c[y, x] = "#" }
                else { x = int(rand() * w); for (y = 0; y < h; y++) if (rand() < 0.95) c[y, x] = "#" }
            c[0, 0] = "A"
            for (k = int(rand() * 3); k >= 0; k--) c[h - 1 - k, w - 1 - 2 * k] = "B"
            for (y = 0; y < h; y++) { row = ""; for (x = 0; x < w; x++) row = row c[y, x]; print row }
        }
    }'
}

@test "crosscheck: -a jps on wide maps, where block scans cross words, every diagonal rule" {
    local h rule
    need_pathfind
    wide_maps 7 40 >"$T/maps"
    for h in octile zero; do
        crosscheck "$T/maps" -a jps -H "$h"
    done
    crosscheck "$T/maps" -a jps -c 1,1 -t fifo
    for rule in never no-squeeze always; do
        for h in manhattan octile zero; do
            crosscheck "$T/maps" -a jps -d "$rule" -H "$h"
        done
        crosscheck "$T/maps" -a jps -d "$rule" -c 1,1 -t fifo
        crosscheck "$T/maps" -a jps -d "$rule" -c 1,2 -t lifo
    done
}

# Three maps of 400x100, 25% walls: JPS's first search writes more than
# 515 of the 641 pages of 64 cells, so its node pool, 258 blocks at
# first, grows twice in the middle of it (search.c, jps_grow), and with
# -o binary-heap and the lists so do the places of their entries.
@test "crosscheck: -a jps whose node pool grows in the middle of a search, every rule and open list" {
    local rule seed
    need_pathfind
    for seed in 7 8 9; do
        [ "$seed" = 7 ] || echo
        awk -v s="$seed" 'BEGIN { for (y = 0; y < 100; y++) { r = ""; for (x = 0; x < 400; x++) {
            s = (s * 1103515245 + 12345) % 2147483648
            c = s / 2147483648 < 0.25 ? "#" : "."
            if (x == 0 && y == 0) c = "A"; if (x == 399 && y == 99) c = "B"; r = r c }
            print r } }'
    done >"$T/maps"
    for rule in no-corner-cut never no-squeeze always; do
        crosscheck "$T/maps" -a jps -d "$rule"
    done
}

@test "-a jps with one goal (--goal) on wide maps costs what A* does, under every rule" {
    local m x y want n=0 rule
    need_pathfind
    wide_maps 11 6 >"$T/maps"
    for m in 1 2 3 4 5 6; do
        awk -v k="$m" 'BEGIN { RS = ""; ORS = "\n" } NR == k' "$T/maps" >"$T/one"
        for x in 5 63 64 65 128; do
            for y in 0 63 64 65; do
                for rule in no-corner-cut never no-squeeze always; do
                    run "$PATHFIND" -a astar -d "$rule" -f json --start 0,0 --goal "$x,$y" "$T/one"
                    [ "$status" -le 1 ] || continue   # the goal is a wall or off the map
                    want=$(printf '%s\n' "$output" | grep -o '"found":[^,]*,"cost":[^,]*')
                    if [ "$rule" = no-corner-cut ]; then   # the default for jps
                        run "$PATHFIND" -a jps -f json --start 0,0 --goal "$x,$y" "$T/one"
                    else
                        run "$PATHFIND" -a jps -d "$rule" -f json --start 0,0 --goal "$x,$y" "$T/one"
                    fi
                    [ "$(printf '%s\n' "$output" | grep -o '"found":[^,]*,"cost":[^,]*')" = "$want" ]
                    n=$((n + 1))
                done
            done
        done
    done
    [ "$n" -ge 80 ]
    # a goal that is the start: found at once, cost 0, under every rule
    for rule in no-corner-cut never no-squeeze always; do
        run "$PATHFIND" -a jps -d "$rule" -f json --start 0,0 --goal 0,0 "$T/one"
        [ "$status" -eq 0 ]
        [ "$(printf '%s\n' "$output" | grep -o '"found":[^,]*,"cost":[^,]*')" = '"found":true,"cost":0' ]
    done
}

@test "-a jps reads every map of a stream afresh (its bitsets are per grid)" {
    # The same size each time: a scan on the last map's bitsets would go
    # through the wall of the second map or stop at the third's.
    printf 'A.....\n.####.\n......\n.####.\n.....B\n\nA.....\n......\n######\n......\n.....B\n\nA.....\n......\n.####.\n......\n.....B\n' >"$T/maps"
    run "$PATHFIND" -a jps -f path "$T/maps"
    [ "$status" -eq 1 ]
    [ "$output" = "$(printf '0 0\n0 1\n0 2\n1 2\n2 2\n3 2\n4 2\n5 2\n5 3\n5 4\n\n\n0 0\n1 1\n2 1\n3 1\n4 1\n5 1\n5 2\n5 3\n5 4')" ]
}

@test "node tags outlive their 2,047 generations: the clear at the wrap" {
    # Each search is a generation of the node tags, which are cleared when
    # the count wraps after 2,047 (JPS keeps its bends in the same word).
    # The first map's search marks many cells; the next 2,046 mark a few
    # (B beside A); then, from search 2,048 on, the first map turned round
    # (its cells found in another order), then the first map again: tags
    # left from search 1 would look like this generation's without the
    # clear, and so would JPS's pages (jps_nodes_clear), whose blocks the
    # map turned round would share with another page's nodes.
    local a k
    # 100x30, walls with gaps: JPS writes nodes on dozens of pages
    awk 'BEGIN { for (y = 0; y < 30; y++) { r = ""; for (x = 0; x < 100; x++) {
        w = (x % 7 == 3 && (y + x) % 11 > 2) || (y % 6 == 4 && (x * 3 + y) % 13 > 4)
        r = r (x + y == 0 ? "A" : x == 99 && y == 29 ? "B" : w ? "#" : ".") }
        print r } }' >"$T/one"
    rev "$T/one" | tr AB BA >"$T/round"
    awk 'BEGIN { for (y = 0; y < 30; y++) { r = ""; for (x = 0; x < 100; x++)
        r = r (x + y == 0 ? "A" : x == 1 && y == 0 ? "B" : ".")
        print r } }' >"$T/near"
    {
        cat "$T/one"
        for k in $(seq 2046); do echo; cat "$T/near"; done
        echo; cat "$T/round"
        for k in 1 2; do echo; cat "$T/one"; done
    } >"$T/maps"
    for a in jps astar dijkstra; do
        "$PATHFIND" -a "$a" -d no-corner-cut -f path "$T/one" >"$T/want"
        "$PATHFIND" -a "$a" -d no-corner-cut -f path "$T/round" >"$T/wantr"
        run "$PATHFIND" -a "$a" -d no-corner-cut -f path "$T/maps"
        [ "$status" -eq 0 ]
        [ "${#lines[@]}" -eq $((2046 * 2 + 3 * $(wc -l <"$T/want") + $(wc -l <"$T/wantr"))) ]
        printf '%s\n' "$output" | awk -v RS= -v ORS='\n\n' 'NR == 1 || NR > 2047' >"$T/got"
        [ "$(cat "$T/got")" = "$(cat "$T/want"; echo; cat "$T/wantr"; echo; for k in 1 2; do cat "$T/want"; echo; done)" ]
    done
}

@test "-a jps refuses terrain and step costs outside S <= D <= 2S, under every diagonal rule" {
    local d c
    for d in never no-corner-cut no-squeeze always; do
        run --separate-stderr "$PATHFIND" -a jps -d "$d" "$root/samples/terrain.txt"
        [ "$status" -eq 2 ]
        [ "$stderr" = "pathfind: $root/samples/terrain.txt:1:1: -a jps needs a map without terrain costs 2-9" ]
        # its pruning needs S <= D <= 2S (found by the solve fuzzer with -c 1,3)
        for c in 1,3 1,0.5 1,2.000001 1,0.999999; do
            run --separate-stderr "$PATHFIND" -a jps -d "$d" -c "$c" "$root/samples/tutorial.txt"
            [ "$status" -eq 2 ]
            [[ "$stderr" == "pathfind: -a jps needs step costs with S <= D <= 2S"* ]]
        done
        # the bounds themselves are in
        for c in 1,1 1,2 2.5,5 0.000001,0.000001; do
            run "$PATHFIND" -a jps -d "$d" -c "$c" "$root/samples/tutorial.txt"
            [ "$status" -eq 0 ] || { echo "-c $c -d $d: status $status"; return 1; }
        done
    done
    run --separate-stderr "$PATHFIND" -a jps "$root/samples/terrain.txt"
    [ "$status" -eq 2 ]
    [ "$stderr" = "pathfind: $root/samples/terrain.txt:1:1: -a jps needs a map without terrain costs 2-9" ]
    # every rule runs, at A*'s cost
    for d in never no-corner-cut no-squeeze always; do
        run "$PATHFIND" -a jps -d "$d" "$root/samples/tutorial.txt"
        [ "$status" -eq 0 ]
        [ "${lines[5]}" = "$("$PATHFIND" -a astar -d "$d" "$root/samples/tutorial.txt" | sed -n 6p)" ]
    done
    [ "$("$PATHFIND" -a jps -d always "$root/samples/tutorial.txt" | sed -n 6p)" = "cost: 5.656854" ]
    [ "$("$PATHFIND" -a jps -d never "$root/samples/tutorial.txt" | sed -n 6p)" = "cost: 8" ]
    # without -d, jps means no-corner-cut
    run "$PATHFIND" -a jps "$root/samples/tutorial.txt"
    [ "$status" -eq 0 ]
    [ "${lines[5]}" = "cost: 6.828427" ]
}

@test "-o step-queues and -o buckets: the defaults, and step-queues refused with any other h, per map" {
    run "$PATHFIND" -a dijkstra -f json "$root/samples/tutorial.txt"
    [ "$status" -eq 0 ]
    [[ "$output" == *'"open_list":"step-queues"'* ]]
    run "$PATHFIND" -H zero -f json "$root/samples/tutorial.txt"
    [[ "$output" == *'"open_list":"step-queues"'* ]]
    # A* and JPS with a consistent h: buckets; else the 4-ary heap
    run "$PATHFIND" -f json "$root/samples/tutorial.txt"
    [[ "$output" == *'"open_list":"buckets"'* ]]
    run "$PATHFIND" -f json -H euclidean -t fifo "$root/samples/tutorial.txt"
    [[ "$output" == *'"open_list":"buckets"'* ]]
    run "$PATHFIND" -f json -w 1.5 "$root/samples/tutorial.txt"
    [[ "$output" == *'"open_list":"quad-heap"'* ]]
    run "$PATHFIND" -f json -H manhattan -d always "$root/samples/tutorial.txt"
    [[ "$output" == *'"open_list":"quad-heap"'* ]]
    run "$PATHFIND" -a jps -f json "$root/samples/tutorial.txt"
    [[ "$output" == *'"open_list":"buckets"'* ]]
    run "$PATHFIND" -a jps -f json -w 1.5 "$root/samples/tutorial.txt"
    [[ "$output" == *'"open_list":"quad-heap"'* ]]
    # JPS's keys grow by jumps: -H zero takes the buckets, not the step
    # queues (found by fuzz_solve)
    run "$PATHFIND" -a jps -H zero -f json "$root/samples/tutorial.txt"
    [ "$status" -eq 0 ]
    [[ "$output" == *'"open_list":"buckets"'* ]]
    run --separate-stderr "$PATHFIND" -o step-queues "$root/samples/tutorial.txt" "$root/samples/maze.txt"
    [ "$status" -eq 2 ]
    [ "$output" = "" ]
    [ "${#stderr_lines[@]}" -eq 2 ]
    [ "${stderr_lines[1]}" = "pathfind: $root/samples/maze.txt:1:1: -o step-queues needs -a dijkstra, or -a astar with -H zero" ]
    run --separate-stderr "$PATHFIND" -a jps -H zero -o step-queues "$root/samples/tutorial.txt"
    [ "$status" -eq 2 ]
    [[ "$stderr" == *"-o step-queues needs -a dijkstra, or -a astar with -H zero" ]]
}

@test "options the search refuses are an error however the answer comes: -S's components, --check's Dijkstra, --compare" {
    local T=$BATS_TEST_TMPDIR
    # -S answers a scenario whose ends lie in different components "no
    # path" without a search; under options the search refuses, each
    # scenario is that error all the same (it was "no path", and a
    # mismatch against the published length)
    printf 'type octile\nheight 1\nwidth 3\nmap\n.@.\n' >"$T/c.map"
    printf 'version 1\n0\tc.map\t3\t1\t0\t0\t2\t0\t2\n0\tc.map\t3\t1\t0\t0\t0\t0\t0\n' >"$T/c.map.scen"
    run --separate-stderr "$PATHFIND" -S "$T/c.map.scen" -o step-queues
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [ "${stderr_lines[0]}" = "pathfind: $T/c.map.scen:2:1: -o step-queues needs -a dijkstra, or -a astar with -H zero" ]
    [ "${stderr_lines[1]}" = "pathfind: $T/c.map.scen:3:1: -o step-queues needs -a dijkstra, or -a astar with -H zero" ]
    [[ "${stderr_lines[2]}" == "pathfind: $T/c.map.scen: scenarios=0 mismatches=0 nopath=0 errors=2 "* ]]
    printf '.#9\n.#.\n' >"$T/t.map"
    printf 'version 1\n0\tt.map\t3\t2\t0\t0\t2\t0\t2\n0\tt.map\t3\t2\t0\t0\t0\t1\t1\n' >"$T/t.map.scen"
    run --separate-stderr "$PATHFIND" -S "$T/t.map.scen" -a jps
    [ "$status" -eq 2 ]
    [ "${stderr_lines[0]}" = "pathfind: $T/t.map.scen:2:1: -a jps needs a map without terrain costs 2-9" ]
    [[ "${stderr_lines[2]}" == *": scenarios=0 mismatches=0 nopath=0 errors=2 "* ]]
    # --check finds the optimum with Dijkstra where the options do not
    # guarantee it (-w 2); a map or a scenario they refuse is still an
    # error, not a verdict
    printf 'A2B\n' >"$T/t.txt"
    printf 'A.B\n' >"$T/u.txt"
    printf 'R2\n' >"$T/ans"
    run --separate-stderr "$PATHFIND" -a jps -w 2 --check="$T/ans" "$T/t.txt"
    [ "$status" -eq 2 ]
    [ "$stderr" = "pathfind: $T/t.txt:1:1: -a jps needs a map without terrain costs 2-9" ]
    run --separate-stderr "$PATHFIND" -o step-queues -w 2 --check="$T/ans" "$T/u.txt"
    [ "$status" -eq 2 ]
    [ "$stderr" = "pathfind: $T/u.txt:1:1: -o step-queues needs -a dijkstra, or -a astar with -H zero" ]
    run "$PATHFIND" -w 2 --check="$T/ans" "$T/u.txt"
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "check: right" ]
    printf 'R2\n\n' >"$T/sans"
    run --separate-stderr "$PATHFIND" -S "$T/c.map.scen" -o step-queues -w 2 --check="$T/sans"
    [ "$status" -eq 2 ]
    [ "${stderr_lines[1]}" = "pathfind: $T/c.map.scen:3:1: -o step-queues needs -a dijkstra, or -a astar with -H zero" ]
    [[ "${stderr_lines[2]}" == *": scenarios=0 right=0 costlier=0 illegal=0 wrong=0 unanswered=0 "*" errors=2 "* ]]
    # --compare: a row its setting refuses is "n/a"; with no row left to
    # run the map is an error, the first row's reason (it was a table of
    # n/a, counted solved, exit 0)
    run --separate-stderr "$PATHFIND" -s --compare=tie-break -o step-queues "$T/u.txt"
    [ "$status" -eq 2 ]
    [ "$output" = "" ]
    [ "${stderr_lines[0]}" = "pathfind: $T/u.txt:1:1: -o step-queues needs -a dijkstra, or -a astar with -H zero" ]
    [ "${stderr_lines[1]}" = "pathfind: summary: maps=1 solved=0 nopath=0 errors=1 expanded=0" ]
    run --separate-stderr "$PATHFIND" --compare=weight -a jps "$root/samples/terrain.txt"
    [ "$status" -eq 2 ]
    [ "$stderr" = "pathfind: $root/samples/terrain.txt:1:1: -a jps needs a map without terrain costs 2-9" ]
    run "$PATHFIND" --compare=open-list "$T/u.txt"
    [ "$status" -eq 0 ]
    [ "${lines[5]}" = "step-queues     n/a    n/a       n/a        n/a      n/a  n/a" ]
}

# Rows of wall with a gap at alternate ends, some terrain: a search that
# improves many open nodes while the least key stays put, so that the
# buckets' chains run out of chunks and drop their stale entries (at the
# time this was written, with the default options or Manhattan under
# -d never, the 256 map twice and the 512 map seven times; with -d always
# -H euclidean, the 512 map empties ten chains that way).
walls_map() {
    awk -v n="$1" -v seed="$2" 'BEGIN {
        srand(seed); q = int(n / 4)
        for (y = 0; y < n; y++) {
            r = ""
            for (x = 0; x < n; x++) {
                c = "."
                if (y % q == int(q / 2) && (int(y / q) % 2 ? x > 0 : x < n - 1)) c = "#"
                else if (rand() < 0.05) c = int(1 + rand() * 9)
                if (y == 0 && x == 0) c = "A"
                if (y == n - 1 && x == 0) c = "B"
                r = r c
            }
            print r
        }
    }'
}

# A*'s loops for the buckets drop the test of whether a neighbour is
# closed when h is consistent (a closed node's g is then final), and take
# it where h is not: a closed node is never reopened, whatever the list.
# Manhattan with diagonal steps overestimates them; on these maps (30 to
# 49 wide, 30% walls) that finds cheaper ways to closed nodes, which the
# maps of the tests above are too small to.
@test "-o buckets leaves closed nodes closed under an inconsistent h, as the heaps do" {
    local rule seed
    need_pathfind
    awk 'BEGIN { srand(17)
        for (m = 0; m < 40; m++) {
            w = 30 + int(rand() * 20); h = 20 + int(rand() * 15)
            for (y = 0; y < h; y++) {
                s = ""
                for (x = 0; x < w; x++) {
                    c = rand() < 0.3 ? "#" : "."
                    if (x == 0 && y == 0) c = "A"
                    if (x == w - 1 && y == h - 1) c = "B"
                    s = s c
                }
                print s
            }
            if (m < 39) print ""
        } }' >"$T/maps"
    for rule in no-corner-cut no-squeeze always; do
        OPEN_LISTS=buckets crosscheck "$T/maps" -d "$rule" -H manhattan
    done
}

@test "-o buckets when its stale entries fill its chunks: the same bytes as the heaps (large maps)" {
    # Not crosscheck: the oracle takes seconds on maps this size.  The
    # heaps' answers on such maps are checked by it in the tests above.
    need_pathfind
    { walls_map 256 1; echo; walls_map 512 2; } >"$T/maps"
    local opts ol
    for opts in "" "-c 10,14" "-H manhattan -d never" "-d always -H euclidean" "-t fifo"; do
        # shellcheck disable=SC2086
        "$PATHFIND" -s $opts -o binary-heap "$T/maps" >"$T/want"
        grep -c '^optimal: yes$' "$T/want" | grep -qx 2
        for ol in quad-heap buckets; do
            # shellcheck disable=SC2086
            "$PATHFIND" -s $opts -o "$ol" "$T/maps" >"$T/got" ||
                { echo "$opts -o $ol: exit $?"; return 1; }
            cmp -s "$T/want" "$T/got" ||
                { echo "$opts -o $ol differs:"; diff "$T/want" "$T/got" | head; return 1; }
        done
    done
}

@test "-o buckets on a map whose nodes outgrow the last-level cache: the same bytes as the heap" {
    # 1536x1536: the nodes take 37.8 MB, past AHEAD_MIN (search_impl.h),
    # where A*'s loop asks early for the rows of nodes a few entries down
    # the buckets' sorted array and of cells a few steps beyond each node
    # queued.  No output depends on that; this runs it, so that `make
    # sanitize` checks the reads and the addresses they form.
    need_pathfind
    walls_map 1536 3 >"$T/map"
    local opts
    for opts in "" "-d always -t fifo"; do
        # shellcheck disable=SC2086
        "$PATHFIND" -s $opts -o binary-heap "$T/map" >"$T/want"
        grep -qx 'optimal: yes' "$T/want"
        # shellcheck disable=SC2086
        "$PATHFIND" -s $opts -o buckets "$T/map" >"$T/got" ||
            { echo "$opts: exit $?"; return 1; }
        cmp -s "$T/want" "$T/got" ||
            { echo "$opts differs:"; diff "$T/want" "$T/got" | head; return 1; }
    done
}

@test "-o buckets' moves: kept for one grid and rule, built again for the next of either" {
    # A* on the buckets reads a cell's byte of moves (moves.h) from a
    # grid's second search on, built for the grid's serial and the rule
    # (search.c, moves_for).  --compare=diagonal runs every rule on each
    # map of a stream, and --compare=heuristic -d never the Manhattan and
    # octile heuristics (both on the moves) under one rule, one map after
    # another in the same buffers (maps of the same size, the grid at the
    # same address): the heap, which reads the cells, prints the same
    # tables.  Moves kept across a rule or a map would not.
    need_pathfind
    awk 'BEGIN { srand(11)
        for (m = 0; m < 12; m++) {
            if (m) print ""
            for (y = 0; y < 14; y++) { r = ""
                for (x = 0; x < 21; x++)
                    r = r (x == 0 && y == 0 ? "A" : x == 20 && y == 13 ? "B" : rand() < 0.3 ? "#" : ".")
                print r } } }' >"$T/maps"
    local st1=0 st2=0 args
    for args in --compare=diagonal "--compare=heuristic -d never"; do
        # shellcheck disable=SC2086
        "$PATHFIND" $args "$T/maps" >"$T/buckets" 2>&1 || st1=$?
        # shellcheck disable=SC2086
        "$PATHFIND" $args -o binary-heap "$T/maps" >"$T/heap" 2>&1 || st2=$?
        [ "$st1" -le 1 ] && [ "$st1" = "$st2" ]
        [ "$(grep -c '^octile \|^no-corner-cut ' "$T/buckets")" -eq 12 ]
        diff "$T/heap" "$T/buckets"
    done
}

@test "-o buckets' sorts: the networks sort, and a bucket of 2 to 4,097 entries comes out in the entries' order" {
    # tests/sortcheck.c: each sorting network, whole and cut short at
    # every size, on every input of zeros and ones that the 0-1 principle
    # needs, and sort_small against the insertion sort on random buckets
    # of 2 to 63 entries, where f and s
    # tie (the stamps decide) and where the words drop s's low bits, and
    # sort_bucket against qsort on buckets of 64 to 4,097 entries (the
    # words' radix sort, its runs of ties, and the radix sort of entries
    # where f spans 60 bits).  A network with one pair missing, the last
    # pass by insertion or the runs' merge sort left out, or a part of
    # the radix sort left unsorted fails it; the search's output would
    # show none of these on most maps.
    checker "$SORTCHECK" sortcheck.c
}

@test "the masked loops' moves: every cell's byte as the rule says, sixteen cells at a time and eight" {
    # tests/movescheck.c: moves_build against a cell-by-cell reference on
    # random grids of every width from 1 to 70 and some wider, under each
    # rule, with the goal and high bits set at random; once as built (the
    # vector words of sixteen cells where the compiler has them) and once
    # with -DPF_NO_BUILTINS (the eight-cell words alone).  A diagonal's
    # rule taken the wrong way, or a row's last cells left out, fails it.
    checker "$MOVESCHECK" movescheck.c
    checker "$T/none" movescheck.c -DPF_NO_BUILTINS
}

@test "costs past 2^64 micro-units print exactly (--check's long answers reach them)" {
    # tests/costcheck.c: cost_format and cost_format_excess on totals of
    # 1.8e13 to 2.6e13, straight, 1000-unit and sqrt2 steps; --check
    # printed 427221724290.448384 for 18873965798000, its excess right.
    checker "$COSTCHECK" costcheck.c
}

@test "big arrays: a mapping given back is kept for the next filled one, zeroed, and given back beside a huge one; sparse arrays; the small pages past the huge ones taken at once" {
    # tests/bigmemcheck.c: the spare of src/bigmem.c (which -S hands the
    # map's text to JPS's bitsets through) grown and cut to length, its
    # pages kept and the array zeroed; the larger of two kept; a huge
    # mapping not kept, and one mapped for touching as used giving the
    # spare back; two threads taking and giving back at once.  The
    # search's output shows none of it (the time of a first JPS query
    # does), nor an array handed out unzeroed where the reader writes it
    # all.  And the sparse arrays of large maps' nodes: nothing mapped
    # but the pages asked for, each zeroed at its place; two regions
    # apart; a page whose place is taken refused, and only the array's
    # own pages given back; the last region given back set aside again.
    # And bigmem_touch_small, which a threaded search calls on its nodes:
    # the pages past an array's last whole 2 MiB present and zeroed, none
    # of those 2 MiB; all of an array shorter.
    checker "$BIGMEMCHECK" bigmemcheck.c -pthread
}

@test "crosscheck costs: -c 10,14" {
    cost_variants 10,14
}

@test "crosscheck costs: -c 1,1" {
    cost_variants 1,1
}

@test "crosscheck costs: -c 1,2" {
    cost_variants 1,2
}

@test "crosscheck costs: -c 1,3" {
    cost_variants 1,3
}

@test "crosscheck costs: -c 2.5,sqrt2" {
    cost_variants 2.5,sqrt2
}

@test "crosscheck costs: -c 1,0.5" {
    cost_variants 1,0.5
}

@test "crosscheck costs: odd decimals -c 0.333333,0.471405 and -c 999.999999,sqrt2" {
    cost_variants 0.333333,0.471405
    cost_variants 999.999999,sqrt2
}

# D exactly at and one micro-unit past each admissibility boundary:
# octile D <= 2S (under never too), manhattan D >= 2S, euclidean
# D >= S*sqrt2 (1.414214 > sqrt2 > 1.414213), chebyshev and octile D >= S
@test "crosscheck costs: admissibility boundaries" {
    need_pathfind
    "$BRUTE" gen 31337 200 >"$T/maps"
    local OPEN_LISTS=unsorted-list
    crosscheck "$T/maps" -d never -c 3,6 -H octile
    crosscheck "$T/maps" -d never -c 3,6.000001 -H octile
    crosscheck "$T/maps" -d always -c 3,6 -H manhattan
    crosscheck "$T/maps" -d no-squeeze -c 3,5.999999 -H manhattan
    crosscheck "$T/maps" -d always -c 3,6.000001 -H octile
    crosscheck "$T/maps" -d no-corner-cut -c 1,1.414214 -H euclidean
    crosscheck "$T/maps" -d always -c 1,1.414213 -H euclidean
    crosscheck "$T/maps" -d always -c 7,9.899495 -H euclidean
    crosscheck "$T/maps" -d always -c 7,9.899494 -H euclidean
    crosscheck "$T/maps" -d always -c 2,2 -H chebyshev
    crosscheck "$T/maps" -d always -c 2,1.999999 -H chebyshev
    crosscheck "$T/maps" -d no-squeeze -c 2,1.999999 -H octile
    crosscheck "$T/maps" -d always -c 1000,0.000001 -H zero -w 100
    crosscheck "$T/maps" -d always -c 0.000001,1000 -w 100
}

# weighted A* is not guaranteed optimal: paths must still be legal, cost at
# least the optimum, and the text must say `optimal: not guaranteed`
@test "crosscheck weights: -w 1.5 and -w 3" {
    need_pathfind
    "$BRUTE" gen 777 200 >"$T/maps"
    local w rule h tb
    local OPEN_LISTS=sorted-list
    for w in 1.5 3; do
        for rule in never no-corner-cut no-squeeze always; do
            for h in manhattan octile euclidean; do
                crosscheck "$T/maps" -d "$rule" -H "$h" -w "$w"
            done
            crosscheck "$T/maps" -d "$rule" -w "$w" -c 10,14 -t lifo
            # W*0 = 0: -H zero stays optimal (`optimal: yes`) at any weight
            crosscheck "$T/maps" -d "$rule" -H zero -w "$w" -t fifo
            # dijkstra ignores -w: still optimal
            crosscheck "$T/maps" -a dijkstra -d "$rule" -w "$w"
        done
    done
}

@test "crosscheck: a single map (no labels) and the empty path block" {
    need_pathfind
    printf 'A.#\n.#B\n...\n' >"$T/one"
    crosscheck "$T/one" -d never
    crosscheck "$T/one" -d always -c 2.5,sqrt2
    printf 'A#B\n' >"$T/none"
    crosscheck "$T/none" -d always
    [ ! -s "$T/path" ]
}

# --- the checker must not pass vacuously ----------------------------------

# expect_reject MAPS TEXT PATH OPTIONS... : the checker must exit 1 with FAIL
expect_reject() {
    local maps=$1 text=$2 path=$3
    shift 3
    run "$BRUTE" check "$maps" "$text" "$path" -- "$@"
    if [ "$status" -ne 1 ] || [[ "$output" != *FAIL* ]]; then
        echo "checker accepted doctored output (status $status): $output" >&2
        return 1
    fi
}

@test "checker: known answers by hand, accepted and rejected" {
    printf 'A.#\n.#B\n...\n' >"$T/m"
    printf 'A.#\n*#B\n***\ncost: 5\nsteps: 5\ngoal: 2 1\nexpanded: 6\ngenerated: 7\nupdated: 0\noptimal: yes\n' >"$T/t"
    printf '0 0\n0 1\n0 2\n1 2\n2 2\n2 1\n' >"$T/p"
    run "$BRUTE" check "$T/m" "$T/t" "$T/p" -- -d never
    [ "$status" -eq 0 ]
    [ "$output" = "ok 1 maps (0 no path)" ]
    run "$BRUTE" check "$T/m" "$T/t" "$T/p" -- -d no-corner-cut -H zero
    [ "$status" -eq 0 ]
    # legal and consistent, but 5 is not optimal once diagonals are allowed
    expect_reject "$T/m" "$T/t" "$T/p" -d no-squeeze
    expect_reject "$T/m" "$T/t" "$T/p" -d always -H manhattan
    # the no-squeeze answer: 1 + 2*sqrt2 (each diagonal passes one '#')
    printf 'A.#\n*#B\n.*.\ncost: 3.828427\nsteps: 3\ngoal: 2 1\nexpanded: 3\ngenerated: 6\nupdated: 0\noptimal: yes\n' >"$T/t2"
    printf '0 0\n0 1\n1 2\n2 1\n' >"$T/p2"
    run "$BRUTE" check "$T/m" "$T/t2" "$T/p2" -- -d no-squeeze
    [ "$status" -eq 0 ]
    # cuts corners: illegal under no-corner-cut and never
    expect_reject "$T/m" "$T/t2" "$T/p2" -d no-corner-cut
    expect_reject "$T/m" "$T/t2" "$T/p2" -d never
    # under always, 1 0 -> 2 1 squeezes between two walls: 1 + sqrt2 is better
    expect_reject "$T/m" "$T/t2" "$T/p2" -d always
    printf 'A*#\n.#B\n...\ncost: 2.414214\nsteps: 2\ngoal: 2 1\nexpanded: 2\ngenerated: 4\nupdated: 0\noptimal: yes\n' >"$T/t3"
    printf '0 0\n1 0\n2 1\n' >"$T/p3"
    run "$BRUTE" check "$T/m" "$T/t3" "$T/p3" -- -d always
    [ "$status" -eq 0 ]
    expect_reject "$T/m" "$T/t3" "$T/p3" -d no-squeeze
    # exact rounding: 2.5*(1 + 2*sqrt2) = 9.57106781... -> 9.571068
    sed 's/^cost: .*/cost: 9.571068/' "$T/t2" >"$T/t4"
    run "$BRUTE" check "$T/m" "$T/t4" "$T/p2" -- -d no-squeeze -c 2.5,sqrt2
    [ "$status" -eq 0 ]
    sed 's/^cost: .*/cost: 9.571067/' "$T/t2" >"$T/t4"
    expect_reject "$T/m" "$T/t4" "$T/p2" -d no-squeeze -c 2.5,sqrt2
    # whole costs print as integers: 10 + 2*14 = 38, not 38.000000
    sed 's/^cost: .*/cost: 38/' "$T/t2" >"$T/t4"
    run "$BRUTE" check "$T/m" "$T/t4" "$T/p2" -- -d no-squeeze -c 10,14
    [ "$status" -eq 0 ]
    sed 's/^cost: .*/cost: 38.000000/' "$T/t2" >"$T/t4"
    expect_reject "$T/m" "$T/t4" "$T/p2" -d no-squeeze -c 10,14
    # no path: empty path block, map unchanged
    printf 'A#B\n' >"$T/n"
    printf 'A#B\nno path\nexpanded: 1\ngenerated: 1\nupdated: 0\n' >"$T/tn"
    : >"$T/pn"
    run "$BRUTE" check "$T/n" "$T/tn" "$T/pn" -- -d always
    [ "$status" -eq 0 ]
    [ "$output" = "ok 1 maps (1 no path)" ]
    printf 'A#B\nno path\nexpanded: 2\ngenerated: 1\nupdated: 0\n' >"$T/tn2"
    expect_reject "$T/n" "$T/tn2" "$T/pn" -d always
}

# must_differ A B: the doctoring really changed something
must_differ() {
    if cmp -s "$1" "$2"; then
        echo "doctoring left $2 identical to $1" >&2
        return 1
    fi
}

# doctor_path move|drop: alter the second cell of the first -f path block
# that has at least 3 cells (so the cell is interior)
doctor_path() {
    awk -v mode="$1" '
        function flush(  i, c) {
            for (i = 1; i <= n; i++) {
                if (!done && n >= 3 && i == 2) {
                    done = 1
                    if (mode == "drop")
                        continue
                    split(b[i], c, " ")
                    b[i] = (c[1] + 1) " " c[2]
                }
                print b[i]
            }
            n = 0
        }
        /^$/ { flush(); print; next }
        { b[++n] = $0 }
        END { flush() }'
}

@test "checker: rejects doctored pathfind output" {
    need_pathfind
    "$BRUTE" gen 4242 60 >"$T/maps"
    local opts=(-d always -c 2.5,sqrt2)
    "$PATHFIND" "${opts[@]}" "$T/maps" >"$T/text" || true
    "$PATHFIND" -f path "${opts[@]}" "$T/maps" >"$T/path" || true
    run "$BRUTE" check "$T/maps" "$T/text" "$T/path" -- "${opts[@]}"
    [ "$status" -eq 0 ]

    # a cost changed by sed (first cost line gets a leading 1)
    awk '!d && /^cost: / { sub(/^cost: /, "cost: 1"); d = 1 } { print }' \
        "$T/text" >"$T/bad"
    expect_reject "$T/maps" "$T/bad" "$T/path" "${opts[@]}"
    # a cost changed in the last digit only
    awk '!d && /^cost: [0-9]*\.[0-9]+$/ { $0 = substr($0, 1, length($0) - 1) \
        ((substr($0, length($0)) + 1) % 10); d = 1 } { print }' \
        "$T/text" >"$T/bad"
    must_differ "$T/text" "$T/bad"
    expect_reject "$T/maps" "$T/bad" "$T/path" "${opts[@]}"
    # an interior path cell moved (x+1), or dropped, in the first path of
    # at least 3 cells
    doctor_path move <"$T/path" >"$T/bad"
    must_differ "$T/path" "$T/bad"
    expect_reject "$T/maps" "$T/text" "$T/bad" "${opts[@]}"
    doctor_path drop <"$T/path" >"$T/bad"
    must_differ "$T/path" "$T/bad"
    expect_reject "$T/maps" "$T/text" "$T/bad" "${opts[@]}"
    # a '*' erased from the drawn map
    awk '!d && /\*/ { sub(/\*/, "."); d = 1 } { print }' "$T/text" >"$T/bad"
    expect_reject "$T/maps" "$T/bad" "$T/path" "${opts[@]}"
    # steps off by one
    awk '!d && /^steps: / { $2 = $2 + 1; d = 1 } { print }' "$T/text" >"$T/bad"
    expect_reject "$T/maps" "$T/bad" "$T/path" "${opts[@]}"
    # a label renumbered
    sed 's/ map 3 <==$/ map 4 <==/' "$T/text" >"$T/bad"
    expect_reject "$T/maps" "$T/bad" "$T/path" "${opts[@]}"
    # optimality verdict flipped
    sed 's/^optimal: yes$/optimal: not guaranteed (doctored)/' "$T/text" >"$T/bad"
    expect_reject "$T/maps" "$T/bad" "$T/path" "${opts[@]}"
    # the same output checked under options that make it wrong
    expect_reject "$T/maps" "$T/text" "$T/path" -d never -c 2.5,sqrt2
    expect_reject "$T/maps" "$T/text" "$T/path" -d always
    # a found path claimed as `no path`
    awk '!d && /^cost: / { print "no path"; getline; getline; d = 1; next }
         { print }' "$T/text" >"$T/bad"
    expect_reject "$T/maps" "$T/bad" "$T/path" "${opts[@]}"
}

# other_build NAME FLAG...: build/NAME/pathfind, or where make has not
# built it (bats run by hand), a private copy built with the FLAGs, in
# REPLY.
other_build() {
    local name=$1
    shift
    REPLY=$root/build/$name/pathfind
    [ -x "$REPLY" ] && return
    REPLY=$T/$name
    ${CC:-cc} -std=c11 -pthread -D_POSIX_C_SOURCE=200809L -DVERSION="\"$name\"" "$@" \
        -o "$REPLY" "$root"/src/*.c
}

# The code for compilers without builtins and processors without SSE2
# (-DPF_NO_BUILTINS: Newton's square root, the loops that stand in for
# bit scans), with char unsigned as on ARM (-funsigned-char), and the C
# library's open_memstream as off Linux (-DPF_MEMSTREAM, src/out.c), must
# print what the usual build prints, byte for byte: the square roots of
# the euclidean heuristic and of sqrt2 costs, JPS's and the buckets' bit
# scans, the scenario check's tolerance, and -j's records and --image's
# drawings, which go through memory streams.
@test "the portable build (-DPF_NO_BUILTINS -DPF_MEMSTREAM) prints what pathfind prints" {
    local port args st st2 f n
    need_pathfind
    other_build portable -O2 -funsigned-char -DPF_NO_BUILTINS -DPF_MEMSTREAM
    port=$REPLY
    "$BRUTE" gen 20240613 150 >"$T/maps"
    tr '1-9' '.' <"$T/maps" >"$T/flat"
    while IFS=: read -r maps args; do
        st=0 st2=0
        # shellcheck disable=SC2086
        "$PATHFIND" $args "$T/$maps" >"$T/a" 2>&1 || st=$?
        # shellcheck disable=SC2086
        "$port" $args "$T/$maps" >"$T/b" 2>&1 || st2=$?
        [ "$st" -le 1 ] || { echo "pathfind $args: exit $st"; return 1; }
        [ "$st" = "$st2" ] && cmp "$T/a" "$T/b" || { echo "portable build differs: $args"; return 1; }
    done <<'EOF2'
maps:-H euclidean
maps:-H euclidean -c 2.5,sqrt2 -o buckets
maps:-H euclidean -c 10,14 -w 1.5
maps:-a dijkstra -f json
maps:-o buckets -t high-h
maps:-o quad-heap -d always -c 3,sqrt2
flat:-a jps
flat:-a jps -d never -H euclidean
flat:-a jps -d always -c 2,sqrt2 -f json
flat:-a jps -d no-squeeze -H euclidean -t lifo
maps:-j 2 -e -d always
maps:-j 2 -a dijkstra --scores
maps:-j 2 -f json -H euclidean
flat:-j 2 -s -a jps
EOF2
    # the images of the first 40 maps, drawn into memory with -j 2
    awk '/^$/ && ++n == 40 { exit } { print }' "$T/maps" >"$T/few"
    for f in svg ppm png; do
        mkdir "$T/a-$f" "$T/b-$f"
        st=0 st2=0
        "$PATHFIND" -j 2 -q --image="$T/a-$f/m.$f" "$T/few" || st=$?
        "$port" -j 2 -q --image="$T/b-$f/m.$f" "$T/few" || st2=$?
        [ "$st" -le 1 ] && [ "$st2" = "$st" ] || { echo "--image=m.$f: exit $st and $st2"; return 1; }
        n=$(find "$T/a-$f" -type f | wc -l)
        [ "$n" -eq 40 ] || { echo "--image=m.$f: $n images, not 40"; return 1; }
        diff -r "$T/a-$f" "$T/b-$f" || { echo "portable build's images differ: m.$f"; return 1; }
    done
    # a published length a unit of its last decimal off still agrees
    printf 'version 1\n0\ttiny.map\t8\t6\t0\t0\t3\t2\t8.41422\n' >"$T/tiny.map.scen"
    cp "$root/tests/data/tiny.map" "$T/tiny.map"
    for b in "$PATHFIND" "$port"; do
        run --separate-stderr "$b" -S "$T/tiny.map.scen"
        [ "$status" -eq 0 ]
        [[ "$stderr" == *" scenarios=1 mismatches=0 "* ]]
    done
}

# An unoptimised build (-O0, as for a debugger) must print what the usual
# build prints, and under -j too: with the inlining forced there, each
# inlined copy's variables kept stack slots of their own, the bucket
# refill's frame was 195 KiB and the small sorts' 98 KiB (gcc -O0), past
# a worker thread's 256 KiB of stack, and -j 2 crashed, or wrote past the
# stack's guard page and spun (src/inline.h); hence the timeout.
@test "an unoptimised build (-O0) prints what pathfind prints, under -j 2 too" {
    local o0 want args st st2
    need_pathfind
    other_build O0 -O0
    o0=$REPLY
    big_scen 128 0.2 48 7 "$T/m.map" "$T/m.map.scen"
    "$BRUTE" gen 20261129 60 >"$T/maps"
    # and a stream of four 96x96 maps, a fifth walls, A and B in corners
    awk 'BEGIN { s = 3; for (m = 0; m < 4; m++) { if (m) print ""
        for (y = 0; y < 96; y++) { r = ""; for (x = 0; x < 96; x++) {
            s = (s * 1103515245 + 12345) % 2147483648
            r = r (x + y == 0 ? "A" : x + y == 190 ? "B" : s / 2147483648 < 0.2 ? "#" : ".") }
        print r } } }' >"$T/big"
    { cat "$T/big"; echo; cat "$T/maps"; } >"$T/all"
    tr '1-9' '.' <"$T/all" >"$T/flat"
    while IFS=: read -r want args; do
        st=0 st2=0
        # shellcheck disable=SC2086
        "$PATHFIND" $args >"$T/a" 2>/dev/null || st=$?
        # shellcheck disable=SC2086
        timeout 120 "$o0" $args >"$T/b" 2>/dev/null || st2=$?
        [ "$st" -eq "$want" ] || { echo "pathfind $args: exit $st, not $want"; return 1; }
        [ "$st2" -eq "$st" ] || { echo "-O0 build $args: exit $st2, not $st"; return 1; }
        cmp "$T/a" "$T/b" || { echo "-O0 build differs: $args"; return 1; }
    done <<EOF2
3:-S $T/m.map.scen -j 2
3:-S $T/m.map.scen -j 2 -a jps -d always
3:-S $T/m.map.scen -j 2 -a dijkstra
3:-S $T/m.map.scen -j 1 -o binary-heap
1:-j 2 -s $T/all
1:-j 2 -s -a jps $T/flat
EOF2
}

# A MovingAI map of N x N cells, a share P of them walls, and a scenario of
# NQ queries between random cells, which are kept free (published length
# 0: each query is a mismatch, the same for every list).
big_scen() {
    awk -v n="$1" -v p="$2" -v nq="$3" -v seed="$4" -v scen="$6" 'BEGIN { srand(seed)
        print "version 1" >scen
        for (q = 0; q < nq; q++) {
            a = int(rand() * n); b = int(rand() * n); c = int(rand() * n); d = int(rand() * n)
            free[a, b] = free[c, d] = 1
            printf "0\tm.map\t%d\t%d\t%d\t%d\t%d\t%d\t0\n", n, n, a, b, c, d >scen
        }
        printf "type octile\nheight %d\nwidth %d\nmap\n", n, n
        for (y = 0; y < n; y++) {
            r = ""
            for (x = 0; x < n; x++)
                r = r ((x, y) in free || rand() >= p ? "." : "@")
            print r
        } }' >"$5"
}

# same_as_heap NQ [ARG...]: -S on $T/m.map.scen, of NQ queries of length
# 0, with ARGs and the default list, prints the same bytes as with the
# binary heap (a mismatch a query: exit status 3 both times).
same_as_heap() {
    local nq=$1 st1=0 st2=0
    shift
    "$PATHFIND" "$@" -S "$T/m.map.scen" >"$T/got" 2>/dev/null || st1=$?
    "$PATHFIND" "$@" -S "$T/m.map.scen" -o binary-heap >"$T/want" 2>/dev/null || st2=$?
    [ "$st1" -eq 3 ] && [ "$st2" -eq 3 ]
    [ "$(wc -l <"$T/got")" -eq $((nq + 1)) ]
    cmp -s "$T/want" "$T/got" || { diff "$T/want" "$T/got" | head; return 1; }
}

@test "-o buckets' masked loops on maps past 2 and 32 MiB of nodes: the same bytes as the heap" {
    # A*'s masked loops (search_loop.h) read the moves a map's searches have
    # built once they have expanded an eighth of its cells: one loop that
    # tests whether to ask for the rows around a node queued and the
    # entries ahead (search_impl.h, PREFETCH_MIN and AHEAD_MIN), and, for
    # the octile heuristic, one with the first set and the second not, as
    # constants, for maps of 2 to 32 MiB of nodes, and one with both set
    # for larger maps.  The tests above run the masked loops on maps too
    # small for either; these run the second on 512 x 512 cells and the
    # third on 1700 x 1700.
    need_pathfind
    local n
    for n in 512 1700; do
        big_scen "$n" 0.25 24 "$n" "$T/m.map" "$T/m.map.scen"
        same_as_heap 24
    done
}

@test "-a dijkstra's masked loop on the step queues: the same bytes as the heap under every rule" {
    # Dijkstra's simple runs on a grid whose neighbourhoods are not noise
    # (search.c, grid_mixed) read the moves too, once the grid's searches
    # have expanded an eighth of its cells (moves_for): from about the
    # second query of a scenario file on this rooms map.  Each step goes
    # into the queue of its cost, straight or diagonal, and the neighbours
    # are offered in the order the loop that reads the cells offers them,
    # so the heap, which reads the cells, prints the same bytes under
    # every rule.  A step put into the other queue, or the mask of the
    # parent's side taken for another direction, changes the expansions
    # of most queries here.
    need_pathfind
    local rule
    rooms_scen 96 8 30 5 "$T/m.map" "$T/m.map.scen"
    for rule in never no-corner-cut no-squeeze always; do
        same_as_heap 30 -a dijkstra -d "$rule" || { echo "rule $rule"; return 1; }
    done
}

@test "A*'s masked loops' side cells: the same bytes as the heap where D = 2S, not left out where D > 2S" {
    # After a straight step A*'s masked loops (search_loop.h, sides) leave out
    # the two side cells that the parent offered diagonally, at D from it,
    # where from here they cost 2S: with D = 2S the offer would tie, and a
    # tie is turned down.  With D > 2S the side cell may be cheaper from
    # here, and left out it changes the expansions of most queries on
    # this map under each diagonal rule, with the Manhattan heuristic
    # (admissible where D >= 2S; the octile one is not there).
    # Dijkstra's masked loop, which makes those offers, runs there too.
    need_pathfind
    local rule cost
    rooms_scen 96 8 30 5 "$T/m.map" "$T/m.map.scen"
    for cost in 1,2 1,3 2,5; do
        for rule in no-corner-cut no-squeeze always; do
            same_as_heap 30 -H manhattan -c "$cost" -d "$rule" ||
                { echo "-c $cost -d $rule"; return 1; }
            same_as_heap 30 -a dijkstra -c "$cost" -d "$rule" ||
                { echo "dijkstra -c $cost -d $rule"; return 1; }
        done
    done
}

# rooms_scen N R NQ SEED MAP SCEN: an N x N MovingAI map of R x R rooms
# (walls on every R-th row and column, each room with a door east and a
# door south) and NQ random queries on its floor, lengths 0.
rooms_scen() {
    awk -v n="$1" -v r="$2" -v nq="$3" -v seed="$4" -v scen="$6" 'BEGIN { srand(seed)
        for (y = 0; y < n; y++)
            for (x = 0; x < n; x++)
                wall[x, y] = x % r == r - 1 || y % r == r - 1
        for (y = 0; y < n; y += r)
            for (x = 0; x < n; x += r) {
                wall[x + r - 1, y + int(rand() * (r - 1))] = 0
                wall[x + int(rand() * (r - 1)), y + r - 1] = 0
            }
        print "version 1" >scen
        for (q = 0; q < nq; q++) {
            do { a = int(rand() * n); b = int(rand() * n) } while (wall[a, b])
            do { c = int(rand() * n); d = int(rand() * n) } while (wall[c, d])
            printf "0\tm.map\t%d\t%d\t%d\t%d\t%d\t%d\t0\n", n, n, a, b, c, d >scen
        }
        printf "type octile\nheight %d\nwidth %d\nmap\n", n, n
        for (y = 0; y < n; y++) {
            s = ""
            for (x = 0; x < n; x++)
                s = s (wall[x, y] ? "@" : ".")
            print s
        } }' >"$5"
}

@test "-o buckets' overflow taken back into itself (JPS): the same bytes as the heap" {
    # Every chain of the buckets keeps a chunk, whose first slot is never
    # used (openlist.h, ol_bk_put); when the overflow's turn comes its
    # first chunk's entries are copied out and the chain emptied before
    # they are offered anew, some of them back into it (openlist.c,
    # bk_take).  JPS's keys on a map of rooms go beyond the buckets'
    # window: on this one, 54 entries of the overflow's first chunks are
    # offered anew, 25 of them back into it (with mawk, this machine's
    # awk).  Entries lost or offered twice there change the searches.
    need_pathfind
    rooms_scen 256 32 64 3 "$T/m.map" "$T/m.map.scen"
    same_as_heap 64 -a jps
}

# Found by a second mutation run (2026-11-29): each of these could change
# and no test noticed.
@test "exact keys and bounds: weighted keys' thousandths, h over exactly 16 goals, a row of eight equal terrain digits" {
	# w x h keeps its thousandths (1.5 x h with costs of six decimals):
	# two expansions, three when they are dropped
	run "$PATHFIND" -c 0.333333,0.471405 -H octile -w 1.5 -d always < <(printf 'BB.\nB\n#B4A \n')
	[ "$status" -eq 0 ]
	[[ "$output" == *$'\nexpanded: 2\n'* ]]
	# 16 goals is the most h measures one by one (past that, their
	# bounding box): 6 expansions here, 16 with the box
	run "$PATHFIND" "$root/tests/data/goals16.txt"
	[ "$(grep -o B "$root/tests/data/goals16.txt" | wc -l)" -eq 16 ]
	[[ "$output" == *$'cost: 6\n'*$'\nexpanded: 6\n'* ]]
	# JPS sees terrain however it lies, here in a block of eight digits
	# that the reader takes eight bytes at a time
	run --separate-stderr "$PATHFIND" -a jps < <(printf 'A.......\n22222222\n.......B\n')
	[ "$status" -eq 2 ]
	[ "$stderr" = "pathfind: <stdin>:1:1: -a jps needs a map without terrain costs 2-9" ]
}

# Weighted A* is not sure to be optimal, so the checker holds it to a
# legal path of the cost printed, never below the optimum, and the open
# lists to the binary heap's bytes: every heuristic and tie-break under
# a weight, every open list, and JPS's too.
@test "crosscheck weights: every heuristic, tie-break and open list, A* and JPS" {
    need_pathfind
    "$BRUTE" gen 4243 150 >"$T/maps"
    local w rule
    for w in 2 100; do
        crosscheck "$T/maps" -d always -H chebyshev -t high-h -w "$w"
        crosscheck "$T/maps" -d no-squeeze -H euclidean -t lifo -w "$w" -c 1,2
        crosscheck "$T/maps" -d never -H manhattan -t fifo -w "$w" -c 10,14
        crosscheck "$T/maps" -d no-corner-cut -H octile -t low-h -w "$w" -c 2.5,sqrt2
        crosscheck "$T/maps" -d always -H zero -t lifo -w "$w"
    done
    "$BRUTE" gen 4244 150 | tr '123456789' '.........' >"$T/flat"
    for rule in never no-corner-cut no-squeeze always; do
        crosscheck "$T/flat" -a jps -d "$rule" -H euclidean -t high-h -w 2
        crosscheck "$T/flat" -a jps -d "$rule" -H chebyshev -t fifo -w 1.5 -c 1,2
    done
}

# --start and --goal on random maps: the oracle is given each map with A
# and B moved to the cells named (every other A and B made floor, as
# pathfind draws them), pathfind the maps as they are with the options.
# Twelve sizes, 20 maps each, one start and goal for them all: the start
# on any passable cell, the goal on floor (a digit would keep its cost,
# where B costs 1), in the first group on the start itself.  The maps
# have no A, one or several, and no B or several.
@test "crosscheck: --start and --goal on random maps, the oracle's path from the cells given" {
    need_pathfind
    mkdir "$T/o" "$T/t"	# (the same name in each: the labels name it)
    awk -v dir="$T" 'BEGIN { srand(5)
        for (q = 0; q < 12; q++) {
            w = 3 + int(rand() * 18); h = 2 + int(rand() * 11)
            sx = int(rand() * w); sy = int(rand() * h)
            gx = int(rand() * w); gy = int(rand() * h)
            if (q == 0) { gx = sx; gy = sy }
            print sx "," sy, gx "," gy > (dir "/q" q ".args")
            o = dir "/o/q" q; t = dir "/t/q" q
            for (m = 0; m < 20; m++) {
                for (y = 0; y < h; y++) { ro = ""; rt = ""
                    for (x = 0; x < w; x++) { u = rand()
                        c = u < 0.25 ? "#" : u < 0.35 ? int(2 + rand() * 8) : \
                            u < 0.38 ? "A" : u < 0.43 ? "B" : "."
                        if (x == gx && y == gy && c != "A" && c != "B") c = "."
                        else if (x == sx && y == sy && c == "#") c = "."
                        ro = ro c
                        rt = rt (x == sx && y == sy && !(x == gx && y == gy) ? "A" : \
                            x == gx && y == gy ? "B" : c == "A" || c == "B" ? "." : c) }
                    print ro > o; print rt > t }
                print "" > o; print "" > t } } }'
    local f st go args st1 st2 out n=0
    cd "$T/o"
    for f in q*; do
        read -r st go <"$T/$f.args"
        for args in "-d always" "-d never -c 10,14 -t lifo" "-d no-corner-cut -H euclidean -t high-h" \
            "-a dijkstra -d no-squeeze -c 1,2" "-d always -H chebyshev -t fifo -c 1,3"; do
            st1=0 st2=0
            # shellcheck disable=SC2086
            "$PATHFIND" --start "$st" --goal "$go" $args "$f" >"$T/text" 2>"$T/err" || st1=$?
            # shellcheck disable=SC2086
            "$PATHFIND" --start "$st" --goal "$go" -f path $args "$f" >"$T/path" 2>>"$T/err" || st2=$?
            [ "$st1" -le 1 ] && [ "$st1" = "$st2" ] && [ ! -s "$T/err" ] ||
                { echo "$f $st $go $args: exit $st1, $st2"; cat "$T/err"; return 1; }
            if [ "$st" = "$go" ]; then	# (no map of the oracle's has A on B)
                [ "$(grep -c '^cost: 0$' "$T/text")" -eq 20 ] &&
                    [ "$(grep -c "^${st/,/ }\$" "$T/path")" -eq 20 ] || { echo "$f $st: not cost 0"; return 1; }
            else
                # shellcheck disable=SC2086
                out=$(cd "$T/t" && "$BRUTE" check "$f" "$T/text" "$T/path" -- $args 2>&1) ||
                    { echo "$f --start $st --goal $go $args"; echo "$out"; return 1; }
            fi
            # shellcheck disable=SC2086
            "$PATHFIND" --start "$st" --goal "$go" $args -o quad-heap "$f" 2>&1 | cmp -s - "$T/text" ||
                { echo "$f $st $go $args: -o quad-heap differs"; return 1; }
            n=$((n + 1))
        done
    done
    [ "$n" -eq 60 ]
}

# More than 16 goals: h is measured to their bounding box, not to each
# (pathfind(1), HEURISTICS), still admissible; the oracle's costs and
# paths under every rule, heuristic and open list.
@test "crosscheck: maps of many goals (h to their bounding box), every rule and heuristic" {
    need_pathfind
    # 100 maps of 12 to 30 by 6 to 15 cells, a fifth walls, some
    # terrain, a goal in 12% of the cells
    awk 'BEGIN { srand(3)
        for (m = 0; m < 100; m++) {
            w = 12 + int(rand() * 19); h = 6 + int(rand() * 10)
            ax = int(rand() * w); ay = int(rand() * h)
            for (y = 0; y < h; y++) { r = ""
                for (x = 0; x < w; x++) { u = rand()
                    r = r (x == ax && y == ay ? "A" : u < 0.2 ? "#" : u < 0.32 ? "B" : \
                        u < 0.4 ? int(2 + rand() * 8) : ".") }
                print r }
            print "" } }' >"$T/maps"
    # most have more than 16 goals
    [ "$(awk -v RS= '{ n = gsub(/B/, "B") } n > 16 { k++ } END { print k + 0 }' "$T/maps")" -ge 70 ]
    local rule
    for rule in never no-corner-cut no-squeeze always; do
        crosscheck "$T/maps" -d "$rule" -t fifo
        crosscheck "$T/maps" -d "$rule" -H euclidean -t high-h -c 10,14
        crosscheck "$T/maps" -d "$rule" -H chebyshev -t lifo -c 1,2
    done
    crosscheck "$T/maps" -d always -w 2 -H octile
}
