/* reference.c: MPFR evaluation shared by every reference function, and RN24 from (y, t). */
#include "reference.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../src/common.h"

/* One MPFR state per thread. binary64 has emin = -1073 in MPFR's convention
 * (x = m * 2^e with 1/2 <= m < 1): the smallest subnormal 2^-1074 is 0.5 * 2^-1073.
 * With the exponent range set to binary64's and mpfr_subnormalize after each
 * operation, MPFR rounds exactly as a binary64 RN operation would. */
static _Thread_local int tl_ready;
static _Thread_local mpfr_t tl_x, tl_y;

static void thread_init(void) {
  mpfr_set_emin(-1073);
  mpfr_set_emax(1024);
  mpfr_init2(tl_x, 24);
  mpfr_init2(tl_y, 53);
  tl_ready = 1;
}

void ref_thread_cleanup(void) {
  if (!tl_ready) return;
  mpfr_clear(tl_x);
  mpfr_clear(tl_y);
  mpfr_free_cache();
  tl_ready = 0;
}

void ref_mpfr(const struct reference *r, uint32_t xbits, double *y, int *t) {
  if (!tl_ready) thread_init();
  mpfr_set_flt(tl_x, u2f(xbits), MPFR_RNDN); /* exact: 24 bits */
  int tern = r->mpfr_fn(tl_y, tl_x, MPFR_RNDN);
  tern = mpfr_subnormalize(tl_y, tern, MPFR_RNDN);
  *y = mpfr_get_d(tl_y, MPFR_RNDN); /* exact: tl_y already fits binary64 */
  *t = tern > 0 ? 1 : tern < 0 ? -1 : 0;
}

int ref_eval(const struct reference *r, uint32_t xbits, double *y, int *t) {
  if (r->shortcut && r->shortcut(xbits, y, t)) return 0;
  ref_mpfr(r, xbits, y, t);
  return 1;
}

/* RN24 of the exact value z from y = RN53(z) and t = sign(y - z).
 *
 * Claim: if y is not a binary32 rounding boundary (a midpoint between two
 * consecutive binary32 numbers, or 2^128 - 2^103 where rounding to infinity starts),
 * then RN24(z) = RN24(y). Proof: every boundary b is a binary64 number (25 bits
 * suffice). If z and y were on different sides of b (or z = b, y != b), b would
 * lie between z and y, closer to z than y is, contradicting y = RN53(z).
 * If y is a boundary, z lies on the side given by t (t = 0: z = y, a true tie,
 * resolved to even as IEEE 754 says). */
uint32_t ref_rn32(double y, int t) {
  if (isnan(y)) return 0x7fc00000u;
  float f = (float)y; /* RN-even to binary32, subnormals and overflow included */
  uint32_t fb = f2u(f);
  if (t == 0) return fb;
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

/* The registry of references. Adding one: its MPFR function, its properties and,
 * optionally, a proved shortcut in a file of its own. */
int ref_tanh_shortcut(uint32_t xbits, double *y, int *t);
static int mpfr_tanh_fn(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_tanh(y, x, rnd); }

const struct reference ref_table[] = {
  {"tanh", mpfr_tanh_fn, REF_SYM_ODD, REF_MONO_INCREASING, ref_tanh_shortcut,
   0x3d800000u /* 2^-4 */, 0x41988000u /* 19.0625 */},
  {0},
};

const struct reference *ref_find(const char *name) {
  for (const struct reference *r = ref_table; r->name; r++)
    if (strcmp(r->name, name) == 0) return r;
  return NULL;
}
