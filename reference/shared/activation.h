/* activation.h: the activation references (sigmoid, silu, gelu, gelu_tanh, softplus,
 * mish) are defined by their formulas in the expression table (reference/expr/expr.c);
 * each folder's referee parses "<name>(x)" once and rounds it with expr_mpfr_formula: exact MPFR
 * operations where they are exact, else Ziv's loop over Arb balls (expr.h). The folder
 * adds the limits at +-inf and the signs of zeros that the formula, evaluated operation
 * by operation, does not give, and the tails where the value lies within 2^-80 relative
 * of x or of 1 (act_tail): there no ball of 2048 bits separates it from x once the gap
 * falls below 2^-2048 (x/(1+e^-x) = x - x e^-x for x > 1420), so each tail is decided by
 * the proof beside it instead. The formulas are written without cancellation for x < 0
 * (gelu with erfc, gelu_tanh with 1 + tanh(u) = 2/(1 + e^(-2u))), where the values are
 * tiny and the balls keep their relative accuracy.
 *
 * Exact values: at x = 0, the formulas' operations are exact (sigmoid(0) = 1/2) or the
 * folder gives the value; at a nonzero binary32 x every value is transcendental (e^x is,
 * for rational x != 0, by Lindemann's theorem, and each formula is a nonconstant algebraic
 * function of e^x, or of erf/tanh values with the same property as far as known), so the
 * balls decide; where one would not, the referee answers undecidable, never a guess. */
#ifndef ULPCERT_SHARED_ACTIVATION_H
#define ULPCERT_SHARED_ACTIVATION_H

#include <pthread.h>
#include <stdlib.h>

#include "reference/arb_ziv.h"
#include "reference/expr/expr.h"

/* const struct expr *act_expr(void): "<name>(x)", parsed once (the parse cannot fail:
 * test_activation checks every formula); and the reference's series entry
 * ref_<name>_series, the formula's Taylor series (expr_series) for the fast path's table
 * over the folder's FAST_RANGE lines. */
#define ACT_EXPR(name)                                                                                         \
  static struct expr *act_e;                                                                                   \
  static pthread_once_t act_once = PTHREAD_ONCE_INIT;                                                          \
  static void act_init(void) {                                                                                 \
    char err[256];                                                                                             \
    act_e = expr_parse(#name "(x)", err, sizeof err);                                                          \
    if (!act_e) abort();                                                                                       \
  }                                                                                                            \
  static const struct expr *act_expr(void) {                                                                   \
    pthread_once(&act_once, act_init);                                                                         \
    return act_e;                                                                                              \
  }                                                                                                            \
  int ref_##name##_series(arb_ptr res, const arb_t x, slong len, slong prec) {                                 \
    return expr_series(res, x, len, prec, act_expr());                                                         \
  }

/* A tail where f(x) = x - side * delta (v = x) or 1 - delta (v = 1) with 0 < delta <
 * |v| 2^-80, v a binary32 number: for y of at most 64 bits, rounding to nearest, RN(f(x))
 * = v and the ternary value is side (y - f(x) = side * delta). Proof: v is representable;
 * half an ulp of v on either side is at least |v| 2^-(p+1) >= |v| 2^-65 (the ulp below a
 * power of two is the smaller one), above delta. Otherwise returns -2: not applicable. */
static inline int act_tail(mpfr_ptr y, double v, int side, mpfr_rnd_t rnd) {
  if (mpfr_get_prec(y) > 64 || rnd != MPFR_RNDN) return -2;
  mpfr_set_d(y, v, MPFR_RNDN); /* exact */
  return side;
}

/* y = +-0 with x's sign (exact) */
static inline int act_signed_zero(mpfr_ptr y, mpfr_srcptr x) {
  mpfr_set_zero(y, mpfr_signbit(x) ? -1 : +1);
  return 0;
}

#endif
