/* reference.c: MPFR evaluation shared by every reference function. */
#include "reference/reference.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "reference/bits.h"
#include "reference/diag.h"
#include "reference/arb_ziv.h"

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
  flint_cleanup(); /* Arb's caches of this thread (series, the fast path's builder) */
  if (!tl_ready) return;
  mpfr_clear(tl_x);
  mpfr_clear(tl_y);
  mpfr_free_cache();
  tl_ready = 0;
}

void ref_mpfr(const struct reference *r, uint32_t xbits, double *y, int *t) {
  if (!tl_ready) thread_init();
  mpfr_set_flt(tl_x, u2f(xbits), MPFR_RNDN); /* exact: 24 bits */
  int tern = r->ctx_fn ? r->ctx_fn(tl_y, tl_x, MPFR_RNDN, r->ctx) : r->mpfr_fn(tl_y, tl_x, MPFR_RNDN);
  if (tern == REF_UNDECIDABLE && mpfr_nan_p(tl_y)) { /* ref_arb_ziv's answer: no guess */
    *y = NAN;
    *t = REF_T_UNDECIDABLE;
    return;
  }
  tern = mpfr_subnormalize(tl_y, tern, MPFR_RNDN);
  *y = mpfr_get_d(tl_y, MPFR_RNDN); /* exact: tl_y already fits binary64 */
  *t = tern > 0 ? 1 : tern < 0 ? -1 : 0;
}

int ref_eval(const struct reference *r, uint32_t xbits, double *y, int *t) {
  if (r->shortcut(xbits, y, t)) return 0;
  ref_mpfr(r, xbits, y, t);
  return 1;
}

int ref_no_shortcut(uint32_t xbits, double *y, int *t) {
  (void)xbits, (void)y, (void)t;
  return 0;
}

int ref_no_series(arb_ptr res, const arb_t x, slong len, slong prec) {
  (void)res, (void)x, (void)len, (void)prec;
  return -1;
}

int ref_has_series(const struct reference *r) { return r->ctx_series || r->series != ref_no_series; }
