/* arb_ziv.c: correct rounding from Arb balls (Ziv's strategy with rigorous error bounds).
 *
 * Notation. p = mpfr_get_prec(y); [emin, emax] the exponent range the caller set
 * (MPFR's convention: a number is 0.1b..b * 2^e with emin <= e <= emax). For a real z,
 * R(z) is the value MPFR's correctly rounded functions return for an exact result z in
 * direction rnd: z rounded to p bits with an unbounded exponent, then mpfr_check_range
 * (overflow to +-inf or to the largest finite number, underflow to +-0 or to the
 * smallest positive number, as rnd says). tau(z) = sign(R(z) - z), the ternary value.
 * This is what MPFR's own functions return before mpfr_subnormalize, so the caller's
 * subnormalization applies to our result exactly as it would to an MPFR function's.
 *
 * Claim. Let v = f(x) and let lo <= v <= hi be real numbers. If R(lo) = R(hi) =: w
 * (the same value, the same sign for zeros) and tau(lo) = tau(hi) =: s, then R(v) = w
 * and tau(v) = s.
 * Proof. R is non-decreasing on the real line: it maps z to the representable number
 * (or infinity) chosen by a fixed direction among the two that bracket z, overflow and
 * underflow included, and such a map is monotone. From lo <= v <= hi,
 * w = R(lo) <= R(v) <= R(hi) = w, so R(v) = w as a value. If w = 0, lo and hi have the
 * sign of w's zero (R keeps the sign of a nonzero argument, and a zero end is given
 * +0 below), hence so does v, and R(v) is the same signed zero. Ternary: if s > 0 then
 * w > hi >= v; if s < 0 then w < lo <= v; if s = 0 then lo = w = hi, so v = w. In each
 * case tau(v) = s. []
 *
 * Arb's contract: the ball r that f returns contains f(x) (f is evaluated on the
 * point ball x). arb_get_lbound_arf and arb_get_ubound_arf round outward, so
 * lo <= mid - rad <= v <= mid + rad <= hi. Each end is rounded by round_end() below,
 * which computes (R(z), tau(z)) exactly as MPFR does (mpfr_set in the widest exponent
 * range, then mpfr_check_range); ends far outside the range are replaced by a proxy
 * with the same (R, tau), see round_end. If the Claim's hypothesis holds we return
 * (w, s); otherwise we double the precision. When f(x) is exactly representable and f
 * does not return an exact ball, the hypothesis never holds (a ball of positive radius
 * around w has tau(lo) = +1 and tau(hi) = -1 or different values), so the loop ends at
 * prec_max with REF_UNDECIDABLE: the callers rule out such inputs beforehand.
 */
#include "reference/arb_ziv.h"

/* (R(z), tau(z)) for the arf z, in the caller's exponent range; y has precision p. */
static int round_end(mpfr_ptr y, const arf_t z, mpfr_rnd_t rnd) {
  if (arf_is_zero(z)) {
    mpfr_set_zero(y, +1);
    return 0;
  }
  if (arf_is_pos_inf(z) || arf_is_neg_inf(z)) { /* not reached: balls are finite here */
    mpfr_set_inf(y, arf_sgn(z));
    return 0;
  }
  const mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  const int sgn = arf_sgn(z);
  int tern;
  mpfr_set_emin(mpfr_get_emin_min());
  mpfr_set_emax(mpfr_get_emax_max());
  if (arf_cmpabs_2exp_si(z, emax) >= 0) {
    /* |z| >= 2^emax: every such z lies beyond the largest finite number
     * (1 - 2^-p) 2^emax and beyond the midpoint above it, so all of them round alike
     * in every direction; 2^emax is a proxy with the same (R, tau). */
    mpfr_set_ui_2exp(y, 1, emax - 1, MPFR_RNDN); /* 0.1b 2^emax: representable */
    if (sgn < 0) mpfr_neg(y, y, MPFR_RNDN);
    /* times 2: exact in the widened range when the caller's emax is below its top (then
     * mpfr_check_range below overflows), else MPFR's own overflow in direction rnd, with
     * its ternary (setting 2^emax directly would give inf with a ternary of 0 there) */
    tern = mpfr_mul_2ui(y, y, 1, rnd);
  } else if (arf_cmpabs_2exp_si(z, emin - 2) < 0) {
    /* 0 < |z| < 2^(emin-2): below half the smallest positive number 2^(emin-1); all
     * such z round alike in every direction (to zero, or to 2^(emin-1) away from it);
     * 2^(emin-3) is a proxy. */
    mpfr_set_ui_2exp(y, 1, emin - 1, MPFR_RNDN); /* 0.1b 2^emin: representable */
    if (sgn < 0) mpfr_neg(y, y, MPFR_RNDN);
    tern = mpfr_div_2ui(y, y, 2, rnd); /* likewise: exact, or MPFR's underflow with its ternary */
  } else {
    tern = arf_get_mpfr(y, z, rnd); /* z rounded to p bits, exponent unbounded */
  }
  mpfr_set_emin(emin);
  mpfr_set_emax(emax);
  return mpfr_check_range(y, tern, rnd);
}

int ref_arb_round_ball(mpfr_ptr y, int *ternary, const arb_t b, mpfr_rnd_t rnd) {
  if (!arb_is_finite(b)) return 0;
  const mpfr_prec_t p = mpfr_get_prec(y);
  /* The ends, rounded outward (any precision is correct; this one keeps about as many
   * bits as the midpoint has, so that it costs no decision of use). */
  slong wp = arf_bits(arb_midref(b)) + 16;
  if (wp < (slong)p + 64) wp = (slong)p + 64;
  arf_t lo, hi;
  mpfr_t ylo, yhi;
  arf_init(lo);
  arf_init(hi);
  mpfr_init2(ylo, p);
  mpfr_init2(yhi, p);
  arb_get_lbound_arf(lo, b, wp);
  arb_get_ubound_arf(hi, b, wp);
  int tlo = round_end(ylo, lo, rnd);
  int thi = round_end(yhi, hi, rnd);
  int slo = (tlo > 0) - (tlo < 0), shi = (thi > 0) - (thi < 0);
  int ok = slo == shi && mpfr_equal_p(ylo, yhi) && mpfr_signbit(ylo) == mpfr_signbit(yhi);
  if (ok) {
    mpfr_set(y, ylo, MPFR_RNDN); /* same precision: exact */
    *ternary = slo;
  }
  mpfr_clear(ylo);
  mpfr_clear(yhi);
  arf_clear(lo);
  arf_clear(hi);
  return ok;
}

struct plain {
  int (*f)(arb_t r, const arb_t x, slong prec);
};

static int call_plain(arb_t r, const arb_t x, slong prec, const void *arg) {
  return ((const struct plain *)arg)->f(r, x, prec);
}

int ref_arb_ziv_arg(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd,
                    int (*f)(arb_t r, const arb_t x, slong prec, const void *arg), const void *arg,
                    slong prec_max) {
  if (mpfr_nan_p(x)) {
    mpfr_set_nan(y);
    return 0;
  }
  arb_t xb, r;
  arb_init(xb);
  arb_init(r);
  arf_set_mpfr(arb_midref(xb), x); /* exact: arf has unbounded precision */
  mag_zero(arb_radref(xb));
  int result = REF_UNDECIDABLE, tern = 0;
  /* 64, 128, 256, ... bits, the last try at prec_max itself */
  for (slong prec = REF_ARB_ZIV_PREC0 < prec_max ? REF_ARB_ZIV_PREC0 : prec_max; prec > 0;
       prec = prec >= prec_max ? 0 : (2 * prec < prec_max ? 2 * prec : prec_max)) {
    if (f(r, xb, prec, arg) != 0) {
      mpfr_set_nan(y);
      result = 0;
      break;
    }
    if (ref_arb_round_ball(y, &tern, r, rnd)) {
      result = tern;
      break;
    }
  }
  if (result == REF_UNDECIDABLE) mpfr_set_nan(y);
  arb_clear(xb);
  arb_clear(r);
  return result;
}

int ref_arb_ziv(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd, int (*f)(arb_t r, const arb_t x, slong prec),
                slong prec_max) {
  struct plain p = {f};
  return ref_arb_ziv_arg(y, x, rnd, call_plain, &p, prec_max);
}
