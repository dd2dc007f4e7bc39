/* rounding.h: the rounding modes a variant can be documented to round in.
 *
 * A variant declared with ROUNDING(variant, mode) in its folder's .def file (catalogue.h)
 * is measured against the rounding of the exact value in that mode (measure.h,
 * ms_round32): its "correctly rounded" result is RZ24, RU24 or RD24 of f(x) instead of
 * RN24, and its verdict says whether every output is that result. RND_N (0) is every
 * other variant's. */
#ifndef ULPCERT_ROUNDING_H
#define ULPCERT_ROUNDING_H

#include <string.h>

enum rounding_mode {
  RND_N = 0, /* to nearest, ties to even */
  RND_Z,     /* toward zero */
  RND_U,     /* toward +inf */
  RND_D,     /* toward -inf */
  RND_COUNT
};

/* "RN", "RZ", "RU", "RD"; NULL for anything else. */
static inline const char *rounding_name(int r) {
  static const char *const names[RND_COUNT] = {"RN", "RZ", "RU", "RD"};
  return r >= 0 && r < RND_COUNT ? names[r] : NULL;
}

/* The mode named "RN", "RZ", "RU" or "RD", or -1. */
static inline int rounding_parse(const char *s) {
  for (int r = 0; s && r < RND_COUNT; r++)
    if (!strcmp(s, rounding_name(r))) return r;
  return -1;
}

#endif
