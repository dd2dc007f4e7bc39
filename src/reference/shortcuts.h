/* shortcuts.h: pieces of proved shortcuts that several references share. */
#ifndef ULPCERT_SHORTCUTS_H
#define ULPCERT_SHORTCUTS_H

#include <stdint.h>

/* Exponential-like functions f(x) = b^x (b > 1: 2, e, 10), for a binary32 x given by its
 * bits xb:
 *  - x = +-0: b^0 = 1 exactly, t = 0; x = +inf: +inf exactly; x = -inf: +0 exactly;
 *  - x >= over: b^x exceeds the largest binary64, RN53 overflows to +inf (MPFR returns
 *    +inf with a positive ternary): y = +inf, t = +1;
 *  - x <= under: b^x < 2^-1075, the midpoint between +0 and the smallest subnormal
 *    2^-1074: RN53 = +0 below the exact value, t = -1;
 *  - 0 < |x| below the bit pattern 'tiny': b^x rounds to 1, t = -1 for x > 0 and +1 for
 *    x < 0. The caller proves, for its b, that |b^x - 1| is then below 2^-54, half the
 *    gap below 1 (the gap above 1 is 2^-52).
 * Returns 1 with (y, t) on those inputs, 0 elsewhere (NaN included). */
int ref_exp_like(uint32_t xb, double *y, int *t, float over, float under, uint32_t tiny);

/* For the magnitude bits m of a positive binary32 (subnormals included): 1 with *k set
 * if the value is 2^k, else 0. */
int ref_pow2_exponent(uint32_t m, int *k);

#endif
