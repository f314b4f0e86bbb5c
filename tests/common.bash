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

# A pathfind built with ASan and UBSan, for tests of undefined behaviour:
# make sanitize's own, else make test's fault-injection build (its hooks
# are inert unless asked for); nothing when neither is here.
sanitized() {
	if [ -n "${PF_SANITIZED:-}" ]; then
		echo "$PATHFIND"
	elif [ -x "$root/build/fault/pathfind" ]; then
		echo "$root/build/fault/pathfind"
	fi
}
