# Shared set-up for the bats files.
bats_require_minimum_version 1.5.0
root=$(cd "$BATS_TEST_DIRNAME/.." && pwd)
PATHFIND=${PATHFIND:-$root/pathfind}
BRUTE=${BRUTE:-$root/tests/brute}
export LC_ALL=C

# pf ARGS...: run pathfind from the top of the tree (so names in labels
# and messages are the relative paths the goldens were written with).
pf() {
	cd "$root" && "$PATHFIND" "$@"
}
