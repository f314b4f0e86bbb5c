#!/usr/bin/env bats
# The documentation says what the program does.

load common

@test "the manual is clean under mandoc -Tlint, style notes included" {
	command -v mandoc >/dev/null || skip "mandoc not installed"
	# -Tlint alone reports every level down to style and puts its messages
	# on stdout.  Its stderr speaks of this machine's mandoc.db ("outdated
	# mandoc.db lacks ..."), not of the manual.
	# The pages it refers to are looked up: madvise(2), setlocale(3) and
	# write(2) come with manpages-dev (README.md, Set-up), make(1) with make.
	run --separate-stderr mandoc -Tlint "$root/man/pathfind.1"
	[[ "$output" != *"referenced manual not found"* ]] || echo "(is manpages-dev installed?)"
	[ "$status" -eq 0 ] || { echo "status $status"; echo "$output"; return 1; }
	[ -z "$output" ] || { echo "$output"; return 1; }
	# make lint runs the same command.
	grep -q '^	mandoc -Tlint man/pathfind.1$' "$root/Makefile"
}

@test "every '\$ ' example in the README prints what the README shows" {
	# In each fenced block, a line "$ CMD" is run from the top of the tree
	# and must print exactly the lines up to the next "$ " or the fence.
	local n=0 inblock=0 cmd="" want="" line
	check() {
		[ -n "$cmd" ] || return 0
		# (GNU parallel's recipes run where it is installed, as in CI)
		if [[ "$cmd" == parallel\ * ]] && ! command -v parallel >/dev/null; then
			echo "# skipped without GNU parallel: $cmd" >&3
			return 0
		fi
		local got
		got=$(cd "$root" && PATH="$root:$PATH" bash -c "$cmd" 2>&1) || true
		[ "$got" = "$want" ] || {
			echo "README example differs: $cmd"
			diff <(printf '%s\n' "$want") <(printf '%s\n' "$got") | head -20
			return 1
		}
		n=$((n + 1))
	}
	while IFS= read -r line; do
		if [[ "$line" == '```'* ]]; then
			if [ "$inblock" -eq 1 ]; then
				check
				cmd="" want="" inblock=0
			else
				inblock=1
			fi
		elif [ "$inblock" -eq 1 ] && [[ "$line" == '$ '* ]]; then
			check
			cmd=${line#\$ } want=""
		elif [ "$inblock" -eq 1 ] && [ -n "$cmd" ]; then
			want=${want:+$want$'\n'}$line
		fi
	done <"$root/README.md"
	[ "$n" -ge 10 ]
}

@test "make install and uninstall honour PREFIX and DESTDIR, a space in them too" {
	local d="$BATS_TEST_TMPDIR/my stage"
	run make -s -C "$root" install DESTDIR="$d" PREFIX=/opt/pf
	[ "$status" -eq 0 ]
	[ -x "$d/opt/pf/bin/pathfind" ]
	[ -f "$d/opt/pf/share/man/man1/pathfind.1" ]
	run make -s -C "$root" uninstall DESTDIR="$d" PREFIX=/opt/pf
	[ "$status" -eq 0 ]
	[ ! -e "$d/opt/pf/bin/pathfind" ]
	[ ! -e "$d/opt/pf/share/man/man1/pathfind.1" ]
	# (unquoted, the space made two directories, one of them in the tree)
	[ ! -e "$root/stage" ]
}

@test "make: clean among several goals runs them one at a time; no -j forced under a make that runs jobs" {
	# make clean all ran both goals at once (the -j the Makefile adds):
	# all found pathfind up to date as clean removed it, and left none.
	# Building it to see takes a minute here, so the database make would
	# run with (-p, and -n: nothing run): .NOTPARALLEL with clean among
	# several goals, and only then
	run make -s -n -p -C "$root" clean all
	[ "$status" -eq 0 ]
	grep -qx '.NOTPARALLEL:' <<<"$output"
	run make -s -n -p -C "$root" clean
	! grep -qx '.NOTPARALLEL:' <<<"$output"
	run make -s -n -p -C "$root" pathfind
	! grep -qx '.NOTPARALLEL:' <<<"$output"
	# a make above with -j: its jobserver, and no warning of a -j forced
	printf 'x:\n\t+$(MAKE) -s -n -C "%s" pathfind\n' "$root" >"$BATS_TEST_TMPDIR/outer.mk"
	run make -s -j2 -f "$BATS_TEST_TMPDIR/outer.mk" x
	[ "$status" -eq 0 ]
	[[ "$output" != *"forced in makefile"* ]]
}

@test "make install: directories others can read under any umask; CFLAGS from the environment" {
	local d=$BATS_TEST_TMPDIR/stage m
	run bash -c 'umask 077 && make -s -C "$0" install DESTDIR="$1" PREFIX=/opt/pf' "$root" "$d"
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	for m in "$d/opt" "$d/opt/pf" "$d/opt/pf/bin" "$d/opt/pf/share/man/man1"; do
		[ "$(stat -c %a "$m")" = 755 ] || { echo "$m: $(stat -c %a "$m")"; return 1; }
	done
	[ "$(stat -c %a "$d/opt/pf/share/man/man1/pathfind.1")" = 644 ]
	# a packager's flags in the environment reach the compiler, warnings kept
	run env CFLAGS='-O1 -DPF_ENV_FLAGS' make -s -n -B -C "$root" pathfind
	[ "$status" -eq 0 ]
	[[ "$output" == *"-DPF_ENV_FLAGS"* ]]
	[[ "$output" == *"-Wall -Wextra"* ]]
	[[ "$output" != *"-O2 -g"* ]]
}

@test "make install keeps the symbols; make install-strip strips them" {
	command -v readelf >/dev/null || skip "no readelf"
	local d=$BATS_TEST_TMPDIR f
	run make -s -C "$root" install DESTDIR="$d/full" PREFIX=/opt/pf
	[ "$status" -eq 0 ]
	run make -s -C "$root" install-strip DESTDIR="$d/strip" PREFIX=/opt/pf
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	f=$d/strip/opt/pf/bin/pathfind
	[ -x "$f" ]
	[ -f "$d/strip/opt/pf/share/man/man1/pathfind.1" ]
	readelf -S "$d/full/opt/pf/bin/pathfind" | grep -q ' \.symtab '
	! readelf -S "$f" | grep -E ' \.(symtab|debug_[a-z]+) '
	# the build itself keeps its symbols, and the stripped copy works
	readelf -S "$root/pathfind" | grep -q ' \.symtab '
	run "$f" "$root/samples/tutorial.txt"
	[ "$status" -eq 0 ]
	[[ "$output" == *"cost: 8"* ]]
	run make -s -C "$root" uninstall DESTDIR="$d/strip" PREFIX=/opt/pf
	[ "$status" -eq 0 ]
	[ ! -e "$f" ]
}

@test "--help names every long option the program accepts" {
	local opt n=0 man
	# every name in options.c's table of long options; the manual as
	# text, without mdoc's backslashes (\-\-no\-label)
	man=$(sed 's/\\//g' "$root/man/pathfind.1")
	run "$PATHFIND" --help
	for opt in $(sed -n 's/^	{ "\([a-z-]*\)",.*/\1/p' "$root/src/options.c"); do
		n=$((n + 1))
		[[ "$output" == *"--$opt"* ]] || { echo "--$opt missing from --help"; return 1; }
		[[ "$man" == *"-$opt"* ]] || { echo "--$opt missing from the manual"; return 1; }
	done
	[ "$n" -ge 20 ]	# (the sed found the table)
}

@test "--help fits 79 columns, no tab, each option's words in one column" {
	run --separate-stderr "$PATHFIND" --help
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" == "usage: pathfind "* ]]	# the synopsis is checked too
	local line n=0
	for line in "${lines[@]}"; do
		# 79: a line of 80 leaves the cursor past the edge on many
		# terminals, and wraps in an 80-column pager
		[ "${#line}" -le 79 ] || { echo "${#line} columns: $line"; return 1; }
		[[ "$line" != *$'\t'* ]] || { echo "tab: $line"; return 1; }
		# an option's line: its description starts in column 38, as
		# every continuation line does
		if [[ "$line" =~ ^\ \ (-|\ \ \ \ --) ]]; then
			n=$((n + 1))
			[[ "${line:36:2}" =~ ^\ [^\ ]$ ]] || { echo "column: $line"; return 1; }
		fi
	done
	[ "$n" -ge 25 ]	# (the options were found)
}

# The Set-up block of README.md, as pasted into a shell ($2), run from the
# top of the tree with stubs on PATH for apt-get, make and sudo that only
# log what they were asked to do, and id, for root ($1 "root") or for a
# user ("user"); nothing else is on PATH.
setup_block() {
	local stub=$BATS_TEST_TMPDIR/bin log=$BATS_TEST_TMPDIR/log block
	rm -rf "$stub" "$log"
	mkdir -p "$stub"
	printf '#!/bin/sh\necho "apt-get $*" >>"%s"\n' "$log" >"$stub/apt-get"
	printf '#!/bin/sh\necho "make $*" >>"%s"\n' "$log" >"$stub/make"
	printf '#!/bin/sh\necho "sudo $1" >>"%s"\nexec "$@"\n' "$log" >"$stub/sudo"
	printf '#!/bin/sh\necho %s\n' "$([ "$1" = root ] && echo 0 || echo 1000)" >"$stub/id"
	chmod +x "$stub"/*
	block=$(awk '/^## Set-up/ { s = 1 } s && /^```/ { if (b) exit; b = 1; next } b' "$root/README.md")
	[ -n "$block" ]
	run --separate-stderr env -i PATH="$stub" "$2" -c "cd \"\$1\" && $block" sh "$root"
}

@test "README set-up installs every package .ci/run installs" {
	local pkg n=0 line
	line=$(grep -m1 'apt-get install -y' "$root/README.md")
	# build-essential brings gcc, binutils and make
	for pkg in $(sed -n 's/.*need+=(\([a-z-]*\)).*/\1/p' "$root/.ci/run"); do
		n=$((n + 1))
		case $pkg in gcc|binutils|make) continue ;; esac
		[[ " $line " == *" $pkg "* ]] || { echo "$pkg missing from the README's set-up"; return 1; }
	done
	[ "$n" -ge 12 ]	# (the sed found them)
}

@test "README set-up: runs as root (no sudo needed) and as a user with sudo, installs mandoc" {
	local sh want
	want="apt-get install -y build-essential bats mandoc manpages-dev parallel strace time valgrind clang musl-tools locales"
	for sh in /bin/sh /bin/bash; do
		[ -x "$sh" ] || continue
		setup_block root "$sh"
		[ "$status" -eq 0 ] || { echo "$sh as root: status $status: $stderr"; return 1; }
		[[ "$output" == *"cost: 8"* ]]
		grep -qx "apt-get update" "$BATS_TEST_TMPDIR/log"
		grep -qx "$want" "$BATS_TEST_TMPDIR/log"
		grep -qx "make test" "$BATS_TEST_TMPDIR/log"
		! grep -q sudo "$BATS_TEST_TMPDIR/log"
		setup_block user "$sh"
		[ "$status" -eq 0 ] || { echo "$sh as a user: status $status: $stderr"; return 1; }
		[ "$(grep -c "^sudo apt-get$" "$BATS_TEST_TMPDIR/log")" -eq 2 ]
		grep -qx "$want" "$BATS_TEST_TMPDIR/log"
	done
}
