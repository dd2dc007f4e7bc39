/* shortcuts.c: see shortcuts.h. */
#include "src/reference/shortcuts.h"

#include <math.h>

#include "src/common.h"

int ref_exp_like(uint32_t xb, double *y, int *t, float over, float under, uint32_t tiny) {
  uint32_t m = xb & 0x7fffffffu;
  int neg = (xb >> 31) != 0;
  if (m > 0x7f800000u) return 0;
  if (m == 0) { *y = 1.0; *t = 0; return 1; }
  if (m == 0x7f800000u) { *y = neg ? 0.0 : INFINITY; *t = 0; return 1; }
  float x = u2f(xb);
  if (x >= over) { *y = INFINITY; *t = 1; return 1; }
  if (x <= under) { *y = 0.0; *t = -1; return 1; }
  if (m >= tiny) return 0;
  *y = 1.0;
  *t = neg ? 1 : -1;
  return 1;
}

int ref_pow2_exponent(uint32_t m, int *k) {
  if (m < 0x00800000u) { /* subnormal: one bit set */
    if (m & (m - 1)) return 0;
    *k = -149 + __builtin_ctz(m);
    return 1;
  }
  if (m & 0x007fffffu) return 0;
  *k = (int)(m >> 23) - 127;
  return 1;
}
