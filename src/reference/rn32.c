/* rn32.c: the slow path of ref_rn32 (reference.h). */
#include <math.h>

#include "src/common.h"
#include "src/reference/reference.h"

/* RN24 of the exact value z from y = RN53(z) and t = sign(y - z).
 *
 * Claim: if y is not a binary32 rounding boundary (a midpoint between two
 * consecutive binary32 numbers, or 2^128 - 2^103 where rounding to infinity starts),
 * then RN24(z) = RN24(y). Proof: every boundary b is a binary64 number (25 bits
 * suffice). If z and y were on different sides of b (or z = b, y != b), b would
 * lie between z and y, closer to z than y is, contradicting y = RN53(z).
 * If y is a boundary, z lies on the side given by t (t = 0: z = y, a true tie,
 * resolved to even as IEEE 754 says). */
uint32_t ref_rn32_slow(double y, int t) {
  float f = (float)y;
  uint32_t fb = f2u(f);
  if (isnan(y)) return 0x7fc00000u;
  double ay = fabs(y);
  uint32_t sign = signbit(y) ? SIGN32 : 0;
  /* Overflow boundary: 0x1.ffffffp127 rounds (ties to even) to infinity. */
  if (ay == 0x1.ffffffp127) {
    /* |z| < |y| (t has the sign of y) means below the boundary: FLT_MAX */
    int z_below = (t > 0) == (sign == 0);
    return z_below ? (sign | 0x7f7fffffu) : (sign | 0x7f800000u);
  }
  if (isinf(f)) return fb;
  double fd = (double)f;
  if (fd == y) return fb; /* y is a binary32 number, not a midpoint */
  /* neighbour of f on y's side */
  float nb = nextafterf(f, y > fd ? INFINITY : -INFINITY);
  double gap = fabs((double)nb - fd);
  if (2.0 * fabs(y - fd) != gap) return fb; /* not a midpoint (both sides exact) */
  /* y is the midpoint of f and nb: z is above y when t < 0 */
  int z_above = t < 0;
  int nb_above = (double)nb > fd;
  return (z_above == nb_above) ? f2u(nb) : fb;
}

