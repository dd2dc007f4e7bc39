/* activation_util.h: the activation references (sigmoid, silu, gelu, gelu_tanh, softplus,
 * mish) are defined by their formulas in the expression table (src/reference/expr.c);
 * each folder's referee parses "<name>(x)" once and rounds it with expr_mpfr: exact MPFR
 * operations where they are exact, else Ziv's loop over Arb balls (expr.h). The folder
 * adds the limits at +-inf and the signs of zeros that the formula, evaluated operation
 * by operation, does not give.
 *
 * Exact values: at x = 0, the formulas' operations are exact (sigmoid(0) = 1/2) or the
 * folder gives the value; at a nonzero binary32 x every value is transcendental (e^x is,
 * for rational x != 0, by Lindemann's theorem, and each formula is a nonconstant algebraic
 * function of e^x, or of erf/tanh values with the same property as far as known), so the
 * balls decide; where one would not, the referee answers undecidable, never a guess. */
#ifndef ULPCERT_ACTIVATION_UTIL_H
#define ULPCERT_ACTIVATION_UTIL_H

#include <pthread.h>
#include <stdlib.h>

#include "src/reference/arb_ziv.h"
#include "src/reference/expr.h"

/* const struct expr *act_expr(void): "<name>(x)", parsed once (the parse cannot fail:
 * test_activation checks every formula). */
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
  }

/* y = +-0 with x's sign (exact) */
static inline int act_signed_zero(mpfr_ptr y, mpfr_srcptr x) {
  mpfr_set_zero(y, mpfr_signbit(x) ? -1 : +1);
  return 0;
}

#endif
