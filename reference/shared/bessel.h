/* bessel.h: what the Bessel references (functions/j0, j1, y0, y1, cyl_bessel_i0,
 * cyl_bessel_i1) share on the host; bessel.c has the proofs. What their shortcuts share
 * (host and device) is in bessel_hd.h, included here. */
#ifndef ULPCERT_SHARED_BESSEL_H
#define ULPCERT_SHARED_BESSEL_H

#include <arb.h>

#include "reference/shared/bessel_hd.h"

/* F_nu(z) for F = 'J', 'Y', 'I' and integer nu: Arb's enclosure over the ball z. */
void rb_bessel(arb_t r, char kind, long nu, const arb_t z, slong prec);

/* I_n(|x|), n = 0 or 1, by its power series in ball arithmetic, with a rigorous tail
 * (the I0 and I1 referees at small |x|). x must be finite. */
void rb_i_series_ball(arb_t r, int n, const arb_t x, slong prec);

/* The series entry of F_n (kind 'J', 'Y' or 'I', n = 0 or 1): res[k] encloses
 * F_n^(k)(xi)/k! for every xi in the ball x, k < len; 0, or -1 for a ball where F_n is
 * not analytic (Y_n: one that is not finite or reaches x <= 0). */
int rb_series(arb_ptr res, const arb_t x, char kind, int n, slong len, slong prec);

#endif
