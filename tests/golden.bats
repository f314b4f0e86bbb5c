#!/usr/bin/env bats
# Golden files: exact output for each feature.  Each case is one line of
# tests/golden/CASES: NAME|STATUS|ARGS; the expected stdout is
# tests/golden/NAME.out.
#
# UPDATE_GOLDEN=1 bats tests/golden.bats writes the output of every case
# into its golden file instead of comparing (the exit status is still
# checked), and a second, plain run then checks every open list against
# them: review the change with git diff before committing it.

load common

check_case() {
	local name=$1 want_status=$2 args=$3
	# shellcheck disable=SC2086
	run --separate-stderr pf $args
	if [ "$status" -ne "$want_status" ]; then
		echo "$name: exit $status, want $want_status; stderr: $stderr"
		return 1
	fi
	if [ -n "${UPDATE_GOLDEN:-}" ]; then
		# (as the comparison below sees it: JSON names the list in use)
		printf '%s\n' "$output" | sed 's/"open_list":"[a-z-]*"/"open_list":"quad-heap"/' \
		    >"$root/tests/golden/$name.out"
		return 0
	fi
	# JSON echoes the open list in use; the rest must not differ at all.
	diff -u "$root/tests/golden/$name.out" \
	    <(printf '%s\n' "$output" | sed 's/"open_list":"[a-z-]*"/"open_list":"quad-heap"/') || {
		echo "$name: output differs from tests/golden/$name.out"
		return 1
	}
}

@test "golden files: every case matches" {
	local n=0
	while IFS='|' read -r name st args; do
		case $name in ''|'#'*) continue ;; esac
		check_case "$name" "$st" "$args"
		n=$((n + 1))
	done <"$root/tests/golden/CASES"
	[ "$n" -ge 20 ]
}

@test "golden files: every open list gives the golden output byte for byte" {
	[ -z "${UPDATE_GOLDEN:-}" ] || skip "UPDATE_GOLDEN: the goldens were just written; run again to check"
	local ol
	while IFS='|' read -r name st args; do
		case $name in ''|'#'*) continue ;; esac
		for ol in binary-heap sorted-list unsorted-list quad-heap step-queues buckets; do
			# the step queues take only keys with h = 0, one step at a time
			case $ol:" $args " in
				step-queues:*" jps "*) continue ;;
				step-queues:*" dijkstra "* | step-queues:*" -H zero "*) ;;
				step-queues:*) continue ;;
			esac
			check_case "$name" "$st" "$args -o $ol"
		done
	done <"$root/tests/golden/CASES"
}
