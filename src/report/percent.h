/* percent.h: a part of a count in percent, as the tables and summaries print it. */
#ifndef ULPCERT_PERCENT_H
#define ULPCERT_PERCENT_H

#include <stdint.h>

/* 100 a / b (0 when b is 0), to be printed with 'decimals' decimals: never printed as 100
 * unless a == b, nor as 0 unless a == 0. A share that would round to either end is moved
 * one step of the last decimal inside (99.99 for 99.9999986 at two decimals), so that a
 * table never says "all" or "none" of a count that is not. */
static inline double share_pct(uint64_t a, uint64_t b, int decimals) {
  if (!b) return 0.0;
  double step = 1.0;
  for (int i = 0; i < decimals; i++) step /= 10.0;
  const double p = 100.0 * (double)a / (double)b;
  if (a < b && p >= 100.0 - step / 2) return 100.0 - step;
  if (a > 0 && p < step / 2) return step;
  return p;
}

#endif
