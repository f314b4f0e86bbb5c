#!/usr/bin/env bats
# The committed fuzz corpus (tests/fuzz/corpus/TARGET/) replayed through
# the fuzz targets without libFuzzer: every input must pass the targets'
# invariants (see tests/fuzz/README.md).  build/replay is a plain build of
# the targets; PF_REPLAY may name another one.

load common

setup_file() {
	if [ -z "${PF_REPLAY:-}" ]; then
		make -s -C "$root" build/replay >&2
		export PF_REPLAY=$root/build/replay
	fi
}

replay() {
	run "$PF_REPLAY" "$1" "$root/tests/fuzz/corpus/$1"
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	[[ "$output" =~ ^replay:\ $1:\ ([0-9]+)\ inputs$ ]]
	[ "${BASH_REMATCH[1]}" -gt 10 ]
}

@test "fuzz corpus: the map readers" {
	replay map
}

@test "fuzz corpus: scenario lines" {
	replay scen
}

@test "fuzz corpus: read, solve, check against brute force" {
	replay solve
}

@test "fuzz corpus: the answers of --check, walked and judged" {
	replay check
}

@test "fuzz corpus: small, with a dictionary, one folder per target" {
	local bytes
	bytes=$(find "$root/tests/fuzz/corpus" -type f -exec cat {} + | wc -c)
	[ "$bytes" -lt 512000 ]
	[ -s "$root/tests/fuzz/pathfind.dict" ]
	for t in map scen solve check; do
		[ -f "$root/tests/fuzz/fuzz_$t.c" ]
		[ -n "$(ls "$root/tests/fuzz/corpus/$t")" ]
	done
	# the inputs named for the bugs they found, which make fuzz-merge keeps
	for f in map/bom-block-count map/crash-1adaebd537106957c41d840ea724c32e00fb3804 \
	    solve/crash-345172c858f582784a9ca5ed9c0f38f4bae5e750; do
		[ -s "$root/tests/fuzz/corpus/$f" ] || { echo "missing: $f"; return 1; }
	done
	# the replay driver refuses unknown targets and missing inputs
	run "$PF_REPLAY" nosuch "$root/tests/fuzz/corpus/map"
	[ "$status" -eq 2 ]
	run "$PF_REPLAY" map "$BATS_TEST_TMPDIR/nosuch"
	[ "$status" -eq 2 ]
}
