/* testutil.h: cmocka plus small helpers shared by the C tests. */
#ifndef ULPCERT_TESTUTIL_H
#define ULPCERT_TESTUTIL_H
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>

#include "src/common.h"

static inline float nextup32(float x) { return nextafterf(x, INFINITY); }
static inline float nextdown32(float x) { return nextafterf(x, -INFINITY); }

/* Fixed-seed generator (splitmix64) so that failures replay; the seed is printed. */
static uint64_t test_rng_state = 0x243f6a8885a308d3ull;
static inline uint64_t test_rand64(void) {
  uint64_t z = (test_rng_state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
#endif
