# pathfind - grid pathfinder.  See README.md.

VERSION   = 0.1.0
PREFIX    = /usr/local
MANPREFIX = $(PREFIX)/share/man

# The user's CFLAGS/CPPFLAGS/LDFLAGS are passed through; what the project
# needs is kept in its own variables so that overriding CFLAGS keeps them.
CFLAGS    = -O2 -g
WARN      = -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes -Wmissing-prototypes
PF_CPPFLAGS = -D_POSIX_C_SOURCE=200809L -DVERSION=\"$(VERSION)\"
PF_CFLAGS = -std=c11 -pthread $(WARN)
PF_LDLIBS = -lm -pthread

SRC = src/main.c src/options.c src/lines.c src/map.c src/cost.c \
      src/openlist.c src/search.c src/render.c src/scen.c
HDR = src/options.h src/lines.h src/map.h src/cost.h src/openlist.h \
      src/search.h src/render.h src/scen.h
OBJ = $(SRC:.c=.o)

all: pathfind

pathfind: $(OBJ)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(OBJ) $(PF_LDLIBS) $(LDLIBS)

$(OBJ): $(HDR) Makefile

.c.o:
	$(CC) $(PF_CFLAGS) $(CFLAGS) $(PF_CPPFLAGS) $(CPPFLAGS) -c -o $@ $<

# The independent brute-force checker used by tests/crosscheck.bats.
tests/brute: tests/brute.c
	$(CC) -std=c11 $(WARN) $(CFLAGS) $(CPPFLAGS) $(LDFLAGS) -o $@ tests/brute.c -lm

test check: pathfind tests/brute
	LC_ALL=C bats $(BATSFLAGS) tests

# The whole suite again under AddressSanitizer and UBSan, in a separate
# build directory so that the normal objects stay untouched.
SANFLAGS = -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
sanitize:
	rm -rf build/san && mkdir -p build/san
	$(CC) $(PF_CFLAGS) $(PF_CPPFLAGS) $(SANFLAGS) -o build/san/pathfind $(SRC) $(PF_LDLIBS)
	$(CC) -std=c11 $(WARN) $(SANFLAGS) -o build/san/brute tests/brute.c -lm
	PF_SANITIZED=1 ASAN_OPTIONS=exitcode=99:detect_leaks=1 UBSAN_OPTIONS=exitcode=98:halt_on_error=1:print_stacktrace=1 \
	PATHFIND=$$PWD/build/san/pathfind BRUTE=$$PWD/build/san/brute LC_ALL=C bats $(BATSFLAGS) tests

# Benchmarks (see BENCHMARKS.md); BENCH_DIR, BENCH_MAPS, BENCH_ALGOS as in bench/run.sh.
build/bench/genmap: bench/genmap.c
	mkdir -p build/bench
	$(CC) -std=c11 -D_DEFAULT_SOURCE $(WARN) -O2 $(CFLAGS) $(CPPFLAGS) $(LDFLAGS) -o $@ bench/genmap.c -lm

bench: pathfind build/bench/genmap
	sh bench/run.sh

install: pathfind
	mkdir -p $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(MANPREFIX)/man1
	cp -f pathfind $(DESTDIR)$(PREFIX)/bin/pathfind
	chmod 755 $(DESTDIR)$(PREFIX)/bin/pathfind
	cp -f man/pathfind.1 $(DESTDIR)$(MANPREFIX)/man1/pathfind.1
	chmod 644 $(DESTDIR)$(MANPREFIX)/man1/pathfind.1

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/pathfind $(DESTDIR)$(MANPREFIX)/man1/pathfind.1

lint:
	mandoc -Tlint -Wwarning man/pathfind.1

clean:
	rm -rf pathfind $(OBJ) tests/brute build

.PHONY: all test check sanitize bench install uninstall lint clean
