# pathfind - grid pathfinder.  See README.md.

# Without a -j of the user's, one job a processor.  The search loops are
# specialised by inlining (src/search_loop.h): src/buckets.c takes about
# 15 s to compile, src/openlist.c 10 s, src/search.c 9 s, src/jps.c 5 s,
# the other files 6 s together; on the 2-core CI machine a clean make
# takes about 23 s, 48 s with -j1 (measured 2026-12-01).  A -j on the
# command line (-j1 included) wins over this one, and a make above this
# one that runs jobs (its jobserver, in the MAKEFLAGS it exports) keeps
# its own count.  With clean among several goals, one at a time: make
# clean all ran both at once, all finding pathfind up to date as clean
# removed it.
ifeq ($(findstring jobserver,$(shell echo "$$MAKEFLAGS")),)
MAKEFLAGS += -j$(shell getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
endif
ifneq ($(filter clean,$(MAKECMDGOALS)),)
ifneq ($(filter-out clean,$(MAKECMDGOALS)),)
.NOTPARALLEL:
endif
endif

VERSION   = 0.1.0
PREFIX    = /usr/local
MANPREFIX = $(PREFIX)/share/man
STRIP     = strip

# The user's CFLAGS/CPPFLAGS/LDFLAGS are passed through; what the project
# needs is kept in its own variables so that overriding CFLAGS keeps them.
CFLAGS   ?= -O2 -g
WARN      = -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wswitch-enum
PF_CPPFLAGS = -D_POSIX_C_SOURCE=200809L -DVERSION=\"$(VERSION)\"
PF_CFLAGS = -std=c11 -pthread $(WARN)
PF_LDLIBS = -pthread

SRC = src/main.c src/maps.c src/out.c src/options.c src/lines.c src/map.c src/cost.c src/check.c \
      src/openlist.c src/search.c src/buckets.c src/jps.c src/render.c src/scen.c \
      src/viz.c src/compare.c src/img.c src/deflate.c src/bigmem.c src/monotime.c src/threads.c src/moves.c
HDR = src/bits.h src/inline.h src/status.h src/maps.h src/out.h src/options.h src/lines.h src/map.h src/cost.h src/check.h src/openlist.h \
      src/search.h src/search_impl.h src/search_loop.h src/render.h src/scen.h \
      src/viz.h src/compare.h src/img.h src/deflate.h src/bigmem.h src/monotime.h src/threads.h src/moves.h
OBJ = $(SRC:.c=.o)

all: pathfind

# The objects that take longest to compile first, so that make -j starts
# them first; the link takes them in OBJ's order.
SLOW = src/buckets.o src/search.o src/openlist.o src/jps.o

pathfind: $(SLOW) $(OBJ)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(OBJ) $(PF_LDLIBS) $(LDLIBS)

$(OBJ): $(HDR) Makefile

.c.o:
	$(CC) $(PF_CFLAGS) $(CFLAGS) $(PF_CPPFLAGS) $(CPPFLAGS) -c -o $@ $<

# The code that stands in where the compiler has no builtins or vector
# types and the processor no SSE2 (PF_NO_BUILTINS), with char unsigned
# as on ARM, and the C library's open_memstream as off Linux
# (PF_MEMSTREAM, src/out.c): tests/crosscheck.bats compares its output
# with pathfind's.
build/portable/pathfind: $(SRC) $(HDR) Makefile
	mkdir -p build/portable
	$(CC) $(PF_CFLAGS) $(CFLAGS) -funsigned-char $(PF_CPPFLAGS) -DPF_NO_BUILTINS -DPF_MEMSTREAM $(CPPFLAGS) $(LDFLAGS) \
	    -o $@ $(SRC) $(PF_LDLIBS) $(LDLIBS)

# An unoptimised build (-O0, as for a debugger): tests/crosscheck.bats
# compares its output with pathfind's, under -j too (src/inline.h).
build/O0/pathfind: $(SRC) $(HDR) Makefile
	mkdir -p build/O0
	$(CC) $(PF_CFLAGS) $(CFLAGS) -O0 $(PF_CPPFLAGS) $(CPPFLAGS) $(LDFLAGS) \
	    -o $@ $(SRC) $(PF_LDLIBS) $(LDLIBS)

# pathfind on musl, the other C library of Linux (MUSL_CC, musl-tools'
# musl-gcc): tests/libc.bats builds it where that compiler is installed,
# and compares its output, messages and exit statuses with pathfind's
# (getopt_long, stdio's buffering and memory streams differ by library).
MUSL_CC = musl-gcc
build/musl/pathfind: $(SRC) $(HDR) Makefile
	mkdir -p build/musl
	$(MUSL_CC) $(PF_CFLAGS) -O2 $(PF_CPPFLAGS) -o $@ $(SRC) $(PF_LDLIBS)

# pathfind under ThreadSanitizer, for tests/races.bats (which builds it,
# and skips where the compiler cannot): the -j drivers' threads and the
# spare pages they share (src/bigmem.c), checked for data races, with the
# fault-injection hooks of tests/fault/inject.h (inert unless asked for)
# for a thread's failed allocations.
TSANFLAGS = -O1 -g -fsanitize=thread
build/tsan/pathfind: $(SRC) $(HDR) tests/fault/inject.c tests/fault/inject.h Makefile
	mkdir -p build/tsan
	$(CC) $(PF_CFLAGS) $(PF_CPPFLAGS) $(TSANFLAGS) -include tests/fault/inject.h \
	    -o $@ $(SRC) tests/fault/inject.c $(PF_LDLIBS)

# The independent brute-force checker used by tests/crosscheck.bats.
tests/brute: tests/brute.c
	$(CC) -std=c11 $(WARN) $(CFLAGS) $(CPPFLAGS) $(LDFLAGS) -o $@ tests/brute.c -lm

# The buckets' small sorts, checked apart from the search (tests/sortcheck.c).
tests/sortcheck: tests/sortcheck.c src/openlist.c $(HDR)
	$(CC) $(PF_CFLAGS) $(CFLAGS) $(PF_CPPFLAGS) $(CPPFLAGS) $(LDFLAGS) -o $@ tests/sortcheck.c

# The spare pages of src/bigmem.c, checked apart from the search (tests/bigmemcheck.c).
tests/bigmemcheck: tests/bigmemcheck.c src/bigmem.c src/bigmem.h
	$(CC) $(PF_CFLAGS) $(CFLAGS) $(PF_CPPFLAGS) $(CPPFLAGS) $(LDFLAGS) -o $@ tests/bigmemcheck.c \
	    $(PF_LDLIBS) $(LDLIBS)

# The line reader over reads of a few bytes, its searches for line ends counted.
tests/linescheck: tests/linescheck.c src/lines.c src/lines.h
	$(CC) $(PF_CFLAGS) $(CFLAGS) $(PF_CPPFLAGS) $(CPPFLAGS) $(LDFLAGS) -o $@ tests/linescheck.c

# The PNG writer's deflate stream, checked apart from the images (tests/deflatecheck.c).
tests/deflatecheck: tests/deflatecheck.c src/deflate.c src/deflate.h
	$(CC) $(PF_CFLAGS) $(CFLAGS) $(PF_CPPFLAGS) $(CPPFLAGS) $(LDFLAGS) -o $@ tests/deflatecheck.c

# The moves' bytes, checked apart from the search (tests/movescheck.c).
tests/movescheck: tests/movescheck.c src/moves.c $(HDR)
	$(CC) $(PF_CFLAGS) $(CFLAGS) $(PF_CPPFLAGS) $(CPPFLAGS) $(LDFLAGS) -o $@ tests/movescheck.c

# Costs printed past 2^64 micro-units, checked apart from --check (tests/costcheck.c).
tests/costcheck: tests/costcheck.c src/cost.c src/cost.h
	$(CC) $(PF_CFLAGS) $(CFLAGS) $(PF_CPPFLAGS) $(CPPFLAGS) $(LDFLAGS) -o $@ tests/costcheck.c

test check: pathfind tests/brute tests/sortcheck tests/bigmemcheck tests/movescheck tests/costcheck tests/deflatecheck tests/linescheck build/replay build/fault/pathfind \
    build/portable/pathfind build/O0/pathfind
	LC_ALL=C bats $(BATSFLAGS) tests

# The whole suite again under AddressSanitizer and UBSan, in a separate
# build directory so that the normal objects stay untouched.
SANFLAGS = -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
sanitize:
	rm -rf build/san && mkdir -p build/san
	$(CC) $(PF_CFLAGS) $(PF_CPPFLAGS) $(SANFLAGS) -o build/san/pathfind $(SRC) $(PF_LDLIBS)
	$(CC) -std=c11 $(WARN) $(SANFLAGS) -o build/san/brute tests/brute.c -lm
	$(CC) $(PF_CFLAGS) $(PF_CPPFLAGS) $(SANFLAGS) -o build/san/sortcheck tests/sortcheck.c
	$(CC) $(PF_CFLAGS) $(PF_CPPFLAGS) $(SANFLAGS) -o build/san/bigmemcheck tests/bigmemcheck.c $(PF_LDLIBS)
	$(CC) $(PF_CFLAGS) $(PF_CPPFLAGS) $(SANFLAGS) -o build/san/costcheck tests/costcheck.c
	$(CC) $(PF_CFLAGS) $(PF_CPPFLAGS) $(SANFLAGS) -o build/san/movescheck tests/movescheck.c
	$(CC) $(PF_CFLAGS) $(PF_CPPFLAGS) $(SANFLAGS) -o build/san/deflatecheck tests/deflatecheck.c
	$(CC) $(PF_CFLAGS) $(PF_CPPFLAGS) $(SANFLAGS) -o build/san/linescheck tests/linescheck.c
	PF_SANITIZED=1 ASAN_OPTIONS=exitcode=99:detect_leaks=1 UBSAN_OPTIONS=exitcode=98:halt_on_error=1:print_stacktrace=1 \
	PATHFIND=$$PWD/build/san/pathfind BRUTE=$$PWD/build/san/brute SORTCHECK=$$PWD/build/san/sortcheck \
	BIGMEMCHECK=$$PWD/build/san/bigmemcheck COSTCHECK=$$PWD/build/san/costcheck \
	MOVESCHECK=$$PWD/build/san/movescheck \
	DEFLATECHECK=$$PWD/build/san/deflatecheck LINESCHECK=$$PWD/build/san/linescheck \
	LC_ALL=C bats $(BATSFLAGS) tests

# Benchmarks (see BENCHMARKS.md); BENCH_DIR, BENCH_MAPS, BENCH_ALGOS (astar dijkstra
# jps floor stream check rules scaling pairs), BENCH_REPS, BENCH_EVERY, BENCH_PAIRS as
# in bench/run.sh.
build/bench/genmap: bench/genmap.c
	mkdir -p build/bench
	$(CC) -std=c11 -D_DEFAULT_SOURCE $(WARN) -O2 $(CFLAGS) $(CPPFLAGS) $(LDFLAGS) -o $@ bench/genmap.c -lm

# The parse speed and BFS floor driver: pathfind's own map reader.
build/bench/floor: bench/floor.c src/map.c src/lines.c src/bigmem.c src/map.h src/lines.h src/bigmem.h \
    src/bits.h src/inline.h
	mkdir -p build/bench
	$(CC) $(PF_CFLAGS) $(PF_CPPFLAGS) $(CFLAGS) $(CPPFLAGS) $(LDFLAGS) -o $@ \
	    bench/floor.c src/map.c src/lines.c src/bigmem.c

# The scaling table's peak address space: a command's VmPeak at its exit (Linux).
build/bench/vmpeak: bench/vmpeak.c
	mkdir -p build/bench
	$(CC) -std=c11 $(WARN) $(CFLAGS) $(CPPFLAGS) $(LDFLAGS) -o $@ bench/vmpeak.c

# The stream and pairs tables' clock: a command's wall time, or that of copies of it at once.
build/bench/walltime: bench/walltime.c
	mkdir -p build/bench
	$(CC) -std=c11 $(WARN) $(CFLAGS) $(CPPFLAGS) $(LDFLAGS) -o $@ bench/walltime.c

bench: pathfind build/bench/genmap build/bench/floor build/bench/vmpeak build/bench/walltime
	sh bench/run.sh

# pathfind's A* against libtcod's and the Boost Graph Library's, side by
# side (bench/peers/; bench/run.sh's "peers"): needs libtcod, the Boost
# Graph Library's headers (Debian: libtcod-dev, libboost-graph-dev) and a
# C++ compiler, which nothing else here does.
build/bench/peer-tcod: bench/peers/tcod.c bench/peers/mai.h
	mkdir -p build/bench
	$(CC) -std=c11 -D_POSIX_C_SOURCE=200809L $(WARN) -O2 $(CFLAGS) $(CPPFLAGS) $(LDFLAGS) \
	    -o $@ bench/peers/tcod.c -ltcod -lm

build/bench/peer-bgl: bench/peers/bgl.cpp bench/peers/mai.h
	mkdir -p build/bench
	$(CXX) -O2 $(CXXFLAGS) $(CPPFLAGS) $(LDFLAGS) -o $@ bench/peers/bgl.cpp

bench-peers: pathfind build/bench/genmap build/bench/peer-tcod build/bench/peer-bgl
	BENCH_ALGOS=peers sh bench/run.sh

# A* now against A* as the performance issue (round 2) timed it, at
# commit THEN (bench/run.sh's "then"): that commit's src/ and Makefile,
# taken from this clone's history by git, built by its own Makefile.
THEN = f2f19fe
build/bench/then-$(THEN)/pathfind:
	rm -rf build/bench/then-$(THEN)
	mkdir -p build/bench/then-$(THEN)
	git archive $(THEN) Makefile src | tar -x -C build/bench/then-$(THEN)
	$(MAKE) --no-print-directory -C build/bench/then-$(THEN) pathfind

bench-then: pathfind build/bench/genmap build/bench/then-$(THEN)/pathfind
	BENCH_ALGOS=then BENCH_THEN=$(CURDIR)/build/bench/then-$(THEN)/pathfind sh bench/run.sh

# (the paths quoted: DESTDIR='/tmp/my stage' is one directory)
install: pathfind
	umask 022 && mkdir -p '$(DESTDIR)$(PREFIX)/bin' '$(DESTDIR)$(MANPREFIX)/man1'
	cp -f pathfind '$(DESTDIR)$(PREFIX)/bin/pathfind'
	chmod 755 '$(DESTDIR)$(PREFIX)/bin/pathfind'
	cp -f man/pathfind.1 '$(DESTDIR)$(MANPREFIX)/man1/pathfind.1'
	chmod 644 '$(DESTDIR)$(MANPREFIX)/man1/pathfind.1'

# The GNU convention: install keeps the symbols and debugging information
# (CFLAGS has -g), install-strip installs the same with them stripped.
install-strip: install
	$(STRIP) '$(DESTDIR)$(PREFIX)/bin/pathfind'

uninstall:
	rm -f '$(DESTDIR)$(PREFIX)/bin/pathfind' '$(DESTDIR)$(MANPREFIX)/man1/pathfind.1'

lint:
	mandoc -Tlint man/pathfind.1

clean:
	rm -rf pathfind $(OBJ) tests/brute tests/sortcheck tests/bigmemcheck tests/movescheck tests/costcheck tests/deflatecheck tests/linescheck build

# ---- Hardening: fuzzing, corpus replay, fault injection, coverage -------
# See tests/fuzz/README.md.  Everything builds under build/.
LIB_SRC      = $(filter-out src/main.c,$(SRC))
FUZZ_TARGETS = map scen solve check
FUZZ_DEPS    = $(LIB_SRC) $(HDR) tests/fuzz/fuzz.h tests/fuzz/fuzz_io.c
FUZZ_CC      = clang
FUZZ_SECONDS = 60
FUZZ_FLAGS   = -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
               -fno-omit-frame-pointer
FUZZ_RUNFLAGS = -dict=tests/fuzz/pathfind.dict -print_final_stats=1

# libFuzzer targets, one binary each: build/fuzz/fuzz-map, -scen, -solve, -check.
build/fuzz/fuzz-%: tests/fuzz/fuzz_%.c $(FUZZ_DEPS)
	mkdir -p build/fuzz
	$(FUZZ_CC) $(PF_CFLAGS) $(PF_CPPFLAGS) $(FUZZ_FLAGS) -o $@ $< tests/fuzz/fuzz_io.c \
	    $(LIB_SRC) -Wl,--wrap=read $(PF_LDLIBS) -lm

# Run every target for FUZZ_SECONDS each, starting from the committed corpus;
# new inputs go to build/fuzz/corpus/TARGET, crashes to build/fuzz/crash/TARGET.
fuzz: $(FUZZ_TARGETS:%=build/fuzz/fuzz-%)
	@for t in $(FUZZ_TARGETS); do \
	    mkdir -p build/fuzz/corpus/$$t build/fuzz/crash/$$t; \
	    echo "fuzz-$$t: $(FUZZ_SECONDS) s"; \
	    build/fuzz/fuzz-$$t $(FUZZ_RUNFLAGS) -max_total_time=$(FUZZ_SECONDS) \
	        -artifact_prefix=build/fuzz/crash/$$t/ build/fuzz/corpus/$$t \
	        tests/fuzz/corpus/$$t >build/fuzz/$$t.log 2>&1 || \
	        { tail -n 40 build/fuzz/$$t.log; echo "fuzz-$$t FAILED: see build/fuzz/$$t.log"; exit 1; }; \
	    grep -E '^stat::(number_of_executed_units|average_exec_per_sec|new_units_added|peak_rss_mb)' \
	        build/fuzz/$$t.log | sed "s/^/fuzz-$$t: /"; \
	done

# Minimise the committed corpus with what make fuzz found (-merge=1); the
# solver's and the checker's corpora by edges alone (-use_counters=0), or
# they run to thousands.  The inputs named for the bug each found (any
# name but libFuzzer's 40 hex digits) stay, whatever they cover.
fuzz-merge: $(FUZZ_TARGETS:%=build/fuzz/fuzz-%)
	@for t in $(FUZZ_TARGETS); do \
	    case $$t in solve | check) extra=-use_counters=0 ;; *) extra= ;; esac; \
	    rm -rf build/fuzz/merged/$$t && mkdir -p build/fuzz/merged/$$t build/fuzz/corpus/$$t && \
	    build/fuzz/fuzz-$$t -merge=1 $$extra build/fuzz/merged/$$t tests/fuzz/corpus/$$t \
	        build/fuzz/corpus/$$t >build/fuzz/merge-$$t.log 2>&1 || \
	        { tail -n 20 build/fuzz/merge-$$t.log; exit 1; }; \
	    for f in tests/fuzz/corpus/$$t/*; do \
	        echo "$${f##*/}" | grep -Eq '^[0-9a-f]{40}$$' || cp "$$f" build/fuzz/merged/$$t/ || exit 1; \
	    done; \
	    rm -rf tests/fuzz/corpus/$$t && mv build/fuzz/merged/$$t tests/fuzz/corpus/$$t && \
	    echo "fuzz-$$t: $$(ls tests/fuzz/corpus/$$t | wc -l) inputs"; \
	done

# The targets without libFuzzer, for make test (tests/fuzz.bats): each
# target's LLVMFuzzerTestOneInput is compiled as fuzz_TARGET.
REPLAY_FLAGS = -O1 -g
build/replay: tests/fuzz/replay.c $(FUZZ_TARGETS:%=tests/fuzz/fuzz_%.c) $(FUZZ_DEPS)
	rm -rf build/replay.d && mkdir -p build/replay.d
	for t in $(FUZZ_TARGETS); do \
	    $(CC) $(PF_CFLAGS) $(PF_CPPFLAGS) $(REPLAY_FLAGS) $(CFLAGS) $(CPPFLAGS) \
	        -DLLVMFuzzerTestOneInput=fuzz_$$t -c -o build/replay.d/fuzz_$$t.o \
	        tests/fuzz/fuzz_$$t.c || exit 1; \
	done
	$(CC) $(PF_CFLAGS) $(PF_CPPFLAGS) $(REPLAY_FLAGS) $(CFLAGS) $(CPPFLAGS) $(LDFLAGS) \
	    -o $@ tests/fuzz/replay.c tests/fuzz/fuzz_io.c \
	    $(FUZZ_TARGETS:%=build/replay.d/fuzz_%.o) $(LIB_SRC) -Wl,--wrap=read $(PF_LDLIBS) -lm

# pathfind with fault injection (tests/fault/inject.h: failing allocations,
# failing and short reads), under ASan and UBSan, for tests/fault.bats.
FAULT_FLAGS = -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
build/fault/pathfind: $(SRC) $(HDR) tests/fault/inject.c tests/fault/inject.h
	mkdir -p build/fault
	$(CC) $(PF_CFLAGS) $(PF_CPPFLAGS) $(FAULT_FLAGS) -include tests/fault/inject.h \
	    -o $@ $(SRC) tests/fault/inject.c $(PF_LDLIBS)

# Line and branch coverage of src/ over the whole bats suite: gcovr when
# installed, and always a summary of the .c files from plain gcov -b.  The
# build has the fault-injection hooks (inert unless asked for) so that the
# out-of-memory and read-error paths tests/fault.bats drives count too.
COV_FLAGS = -O0 -g --coverage
coverage: tests/brute
	rm -rf build/cov && mkdir -p build/cov
	for f in $(SRC) tests/fault/inject.c; do \
	    $(CC) $(PF_CFLAGS) $(PF_CPPFLAGS) $(COV_FLAGS) -include tests/fault/inject.h \
	        -c -o build/cov/$$(basename $$f .c).o $$f || exit 1; \
	done
	$(CC) $(COV_FLAGS) -o build/cov/pathfind build/cov/*.o $(PF_LDLIBS)
	PATHFIND=$$PWD/build/cov/pathfind PF_FAULT_PATHFIND=$$PWD/build/cov/pathfind \
	    LC_ALL=C bats $(BATSFLAGS) tests
	@if command -v gcovr >/dev/null 2>&1; then \
	    gcovr -r . --filter 'src/' build/cov; \
	    gcovr -r . --filter 'src/' --branches build/cov; \
	fi
	@gcov -b -n -o build/cov $(SRC) 2>/dev/null | awk -f tests/coverage.awk

.PHONY: fuzz fuzz-merge coverage
# ---- end of the hardening block -----------------------------------------

.PHONY: all test check sanitize bench bench-peers bench-then install install-strip uninstall lint clean
