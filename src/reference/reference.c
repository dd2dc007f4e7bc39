/* reference.c: MPFR evaluation shared by every reference function, and RN24 from (y, t). */
#include "src/reference/reference.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "src/common.h"

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

/* The registry of references. Adding one: its MPFR function, its properties and,
 * optionally, a proved shortcut in a file of its own. */
int ref_tanh_shortcut(uint32_t xbits, double *y, int *t);
static int mpfr_tanh_fn(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_tanh(y, x, rnd); }
int ref_recip_shortcut(uint32_t xbits, double *y, int *t);
int ref_sqrt_shortcut(uint32_t xbits, double *y, int *t);
static int mpfr_recip_fn(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_ui_div(y, 1, x, rnd); }
static int mpfr_sqrt_fn(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_sqrt(y, x, rnd); }
int ref_exp2_shortcut(uint32_t xbits, double *y, int *t);
int ref_log2_shortcut(uint32_t xbits, double *y, int *t);
int ref_rsqrt_shortcut(uint32_t xbits, double *y, int *t);
int ref_exp_shortcut(uint32_t xbits, double *y, int *t);
int ref_exp10_shortcut(uint32_t xbits, double *y, int *t);
int ref_log_shortcut(uint32_t xbits, double *y, int *t);
int ref_sin_shortcut(uint32_t xbits, double *y, int *t);
int ref_cos_shortcut(uint32_t xbits, double *y, int *t);
static int mpfr_exp_fn(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_exp(y, x, rnd); }
static int mpfr_exp10_fn(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_exp10(y, x, rnd); }
static int mpfr_log_fn(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_log(y, x, rnd); }
static int mpfr_sin_fn(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_sin(y, x, rnd); }
static int mpfr_cos_fn(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_cos(y, x, rnd); }
static int mpfr_exp2_fn(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_exp2(y, x, rnd); }
static int mpfr_log2_fn(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_log2(y, x, rnd); }
/* 1/sqrt(x), with IEEE 754's rSqrt(-0) = -inf (MPFR's rec_sqrt gives +inf there) */
static int mpfr_rsqrt_fn(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) {
  if (mpfr_zero_p(x) && mpfr_signbit(x)) {
    mpfr_set_inf(y, -1);
    return 0;
  }
  return mpfr_rec_sqrt(y, x, rnd);
}

#define DIVISOR(id, name, d)                                       \
  int ref_div_##id##_shortcut(uint32_t xbits, double *y, int *t); \
  int ref_div_##id##_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd);
#include "functions/div/divisors.def"
#undef DIVISOR

const struct reference ref_table[] = {
  {"tanh", mpfr_tanh_fn, REF_SYM_ODD, REF_MONO_INCREASING, ref_tanh_shortcut,
   0x3d800000u /* 2^-4 */, 0x41988000u /* 19.0625 */},
  /* 1/x and sqrt(x): correctly rounded binary64 operations answer every input */
  {"recip", mpfr_recip_fn, REF_SYM_ODD, REF_MONO_DECREASING, ref_recip_shortcut, 0, 0},
  {"sqrt", mpfr_sqrt_fn, REF_SYM_NONE, REF_MONO_INCREASING, ref_sqrt_shortcut, 0, 0},
  /* MPFR, with the proved ranges of exp2_log2_rsqrt.c */
  {"exp2", mpfr_exp2_fn, REF_SYM_NONE, REF_MONO_INCREASING, ref_exp2_shortcut, 0, 0},
  {"log2", mpfr_log2_fn, REF_SYM_NONE, REF_MONO_INCREASING, ref_log2_shortcut, 0, 0},
  {"rsqrt", mpfr_rsqrt_fn, REF_SYM_NONE, REF_MONO_DECREASING, ref_rsqrt_shortcut, 0, 0},
  {"exp", mpfr_exp_fn, REF_SYM_NONE, REF_MONO_INCREASING, ref_exp_shortcut, 0, 0},
  {"exp10", mpfr_exp10_fn, REF_SYM_NONE, REF_MONO_INCREASING, ref_exp10_shortcut, 0, 0},
  {"log", mpfr_log_fn, REF_SYM_NONE, REF_MONO_INCREASING, ref_log_shortcut, 0, 0},
  {"sin", mpfr_sin_fn, REF_SYM_ODD, REF_MONO_NONE, ref_sin_shortcut, 0, 0},
  {"cos", mpfr_cos_fn, REF_SYM_EVEN, REF_MONO_NONE, ref_cos_shortcut, 0, 0},
  /* x / d for the fixed divisors d > 0 of divisors.def: exact from binary64 division and
   * an FMA remainder (div.c) */
#define DIVISOR(id, name, d) \
  {"div." name, ref_div_##id##_mpfr, REF_SYM_ODD, REF_MONO_INCREASING, ref_div_##id##_shortcut, 0, 0},
#include "functions/div/divisors.def"
#undef DIVISOR
  {0},
};

const struct reference *ref_find(const char *name) {
  for (const struct reference *r = ref_table; r->name; r++)
    if (strcmp(r->name, name) == 0) return r;
  return NULL;
}
