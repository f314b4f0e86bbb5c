#!/bin/sh
# bench/jps-rules.sh: JPS's (or, with RULES_ALGO, Dijkstra's) costs against A*'s under
# every diagonal rule, query by query, on every MovingAI scenario file.
#
# The published lengths are for no-corner-cut (octile); under the other
# rules there is nothing published to compare with, so each query is
# solved by A* and by JPS under the same rule (-a astar -d RULE -S and
# -a jps -d RULE -S) and the cost columns of the two must be identical,
# query by query, as must the found/no-path outcome.  Under no-corner-cut
# the -S summaries' own mismatch counts against the published lengths are
# shown as well.  One row a rule (and with JPS_RULES_MAPS=1 one a map and
# rule first); the queries that differ go to standard error.  Exit 1 when
# any query differs.  Environment:
#   BENCH_DIR   folder of .map/.map.scen pairs (default ../shared/bench/movingai)
#   BENCH_MAPS  only maps whose name contains this
#   JPS_RULES   the rules (default "never no-corner-cut no-squeeze always")
#   JPS_RULES_MAPS  1: a row for every map as well
#   RULES_ALGO  the algorithm checked against A* (default jps; dijkstra
#               works the same way: its costs must equal A*'s too)
#   RULES_JOBS  -j for both runs (default 1; the output is the same)
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
pf=${PATHFIND:-$top/pathfind}
dir=${BENCH_DIR:-$top/../shared/bench/movingai}
filter=${BENCH_MAPS:-}
rules=${JPS_RULES:-never no-corner-cut no-squeeze always}
permap=${JPS_RULES_MAPS:-0}
algo=${RULES_ALGO:-jps}
jobs=${RULES_JOBS:-1}
case $algo in jps) label=JPS ;; dijkstra) label=Dijkstra ;; *) label=$algo ;; esac
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
bad=0

# published SUMMARY: the mismatches= of a -S summary line
published() { sed -n 's/.* mismatches=\([^ ]*\) .*/\1/p' "$1" | tail -n 1; }

echo "| rule | maps | queries | $label ≠ A* | no path | published mismatches (A*, $label) |"
echo "|---|---|---|---|---|---|"
for rule in $rules; do
	maps=0 queries=0 diff=0 nopath=0 pa=0 pj=0
	for scen in "$dir"/*.map.scen; do
		[ -f "$scen" ] || continue
		name=$(basename "$scen" .map.scen)
		case $name in *"$filter"*) ;; *) continue ;; esac
		"$pf" -j "$jobs" -a astar -d "$rule" -S "$scen" >"$tmp/a" 2>"$tmp/ae" </dev/null
		sa=$?
		"$pf" -j "$jobs" -a "$algo" -d "$rule" -S "$scen" >"$tmp/j" 2>"$tmp/je" </dev/null
		sj=$?
		# 0, 1 (some query without a path) or 3 (a published mismatch)
		case $sa:$sj in [013]:[013]) ;; *)
			echo "$name -d $rule: exit $sa (astar), $sj ($algo)" >&2
			tail -n 3 "$tmp/ae" "$tmp/je" >&2
			bad=1
			continue ;;
		esac
		# columns: id start_x start_y goal_x goal_y length cost steps ...
		set -- $(awk -F '\t' -v map="$name" -v rule="$rule" -v label="$label" '
			NR == FNR { if (FNR > 1) cost[FNR] = $7; n = FNR; next }
			FNR > 1 {
				q++
				if ($7 == "-") np++
				if (!(FNR in cost) || cost[FNR] != $7) {
					d++
					printf "%s -d %s: query %s: A* %s, %s %s\n", map, rule, $1, cost[FNR], label, $7 >"/dev/stderr"
				}
			}
			END { if (q != n - 1) d++; printf "%d %d %d\n", q, d, np }' "$tmp/a" "$tmp/j")
		maps=$((maps + 1))
		queries=$((queries + $1))
		diff=$((diff + $2))
		nopath=$((nopath + $3))
		[ "$2" -eq 0 ] || bad=1
		ma=$(published "$tmp/ae") mj=$(published "$tmp/je")
		if [ "$rule" = no-corner-cut ]; then
			pa=$((pa + ma))
			pj=$((pj + mj))
			pub="$ma, $mj"
		else
			pub="n/a"
		fi
		[ "$permap" = 1 ] && echo "| $rule: $name | 1 | $1 | $2 | $3 | $pub |"
	done
	[ "$rule" = no-corner-cut ] && pub="$pa, $pj" || pub="n/a (lengths are for no-corner-cut)"
	echo "| $rule | $maps | $queries | $diff | $nopath | $pub |"
done
exit $bad
