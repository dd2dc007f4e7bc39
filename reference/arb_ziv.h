/* arb_ziv.h: correct rounding of a function evaluated with Arb's ball arithmetic
 * (for the references MPFR lacks: erfcx, erfinv, erfcinv, normcdf, normcdfinv, ...).
 *
 * ref_arb_ziv(y, x, rnd, f, prec_max) rounds f(x) to the precision of y in direction
 * rnd, within the exponent range the caller set with mpfr_set_emin/emax, exactly as an
 * MPFR function would (value and ternary, before the caller's mpfr_subnormalize). f is
 * evaluated at 64, 128, 256, ... bits until the ball it returns decides the rounding.
 * The proof that the decision is right is in arb_ziv.c.
 *
 * f(r, x, prec) sets r to a ball that contains f(x) (x is a point ball), returns 0, or
 * returns -1 where f is undefined at x: then y = NaN and ref_arb_ziv returns 0.
 *
 * A ball never shrinks to a point around an exact value f(x) = y unless f itself
 * returns an exact ball: exact values must be caught by the caller. When prec_max bits
 * do not decide, ref_arb_ziv sets y to NaN and returns REF_UNDECIDABLE (never a guess).
 */
#ifndef ULPCERT_ARB_ZIV_H
#define ULPCERT_ARB_ZIV_H

#include <arb.h>
#include <mpfr.h>

#define REF_UNDECIDABLE 2

/* Precision (bits) tried first; doubled up to prec_max. */
#define REF_ARB_ZIV_PREC0 64

int ref_arb_ziv(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd, int (*f)(arb_t r, const arb_t x, slong prec),
                slong prec_max);

/* The same with one opaque parameter passed through to f (for families of functions). */
int ref_arb_ziv_arg(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd,
                    int (*f)(arb_t r, const arb_t x, slong prec, const void *arg), const void *arg,
                    slong prec_max);

/* Round the real number enclosed by ball b as ref_arb_ziv does: returns 1 with y and
 * *ternary set when every point of b rounds to the same value with the same ternary
 * sign, 0 otherwise (y is then unspecified). */
int ref_arb_round_ball(mpfr_ptr y, int *ternary, const arb_t b, mpfr_rnd_t rnd);

#endif
