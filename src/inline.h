/*
 * inline.h - PF_INLINE: forced inlining, where forcing it is safe.
 *
 * The search loops (search_impl.h), the open lists' operations and sorts
 * (openlist.h, openlist.c), JPS's scans (bits.h) and the moves' builders
 * (moves.c) are specialised by inlining: each copy has its rule, list or
 * size as a constant.  The inlining is forced only where the compiler
 * optimises and there is no AddressSanitizer or ThreadSanitizer:
 *
 * - Sanitizer builds leave it to the compiler: forced, the instrumented
 *   loops take clang minutes and gigabytes to compile, and they test the
 *   same code either way.
 * - Unoptimised builds (no __OPTIMIZE__: -O0, as for a debugger) keep
 *   every variable of every inlined copy in a stack slot of its own.
 *   Forced there, gcc -O0 gave the bucket refill a frame of 195 KiB and
 *   the small sorts 98 KiB, clang -O0 389 and 194 KiB (-fstack-usage),
 *   past the 256 KiB of a worker's stack (threads.c): under -j 2 such a
 *   build crashed, or stepped over the stack's guard page and spun on
 *   what it overwrote.  Left to the compiler, the largest frame at -O0
 *   is 11 KiB with either (compare_table's, as at -O2), and
 *   tests/crosscheck.bats runs an -O0 build under -j.
 */
#ifndef INLINE_H
#define INLINE_H

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define PF_SANITIZER 1
#endif
#endif
#if (defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)) && !defined(PF_SANITIZER)
#define PF_SANITIZER 1
#endif

#if defined(__GNUC__) && defined(__OPTIMIZE__) && !defined(PF_SANITIZER)
#define PF_INLINE inline __attribute__((always_inline))
#else
#define PF_INLINE inline
#endif

#endif
