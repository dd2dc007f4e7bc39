/* test_h16.c: the 16-bit formats of fmt16.h (decoding, rounding from a binary64 pair, steps,
 * classes) by hand and against MPFR; the 16-bit functions' references (h16fn.c) against
 * MPFR rounding straight to the format on every input of every catalogue line; the
 * measure (h16fn_measure) on outputs with planted errors whose effect is worked out by
 * hand. */
#include <stdlib.h>
#include <string.h>

#include "h16test.h"
#include "src/kinds/h16/h16fn.h"
#include "src/kinds/h16/ptx16.h"

enum { B16 = FMT16_BINARY16, BF = FMT16_BFLOAT16 };

static void test_decode_hand(void **state) {
  (void)state;
  assert_true(f16_decode(B16, 0x3c00) == 1.0);
  assert_true(f16_decode(B16, 0x7bff) == 65504.0);  /* (2 - 2^-10) 2^15 */
  assert_true(f16_decode(B16, 0x0400) == 0x1p-14);  /* smallest normal */
  assert_true(f16_decode(B16, 0x03ff) == 0x1.ff8p-15); /* largest subnormal, 1023 2^-24 */
  assert_true(f16_decode(B16, 0x0001) == 0x1p-24);
  assert_true(f16_decode(B16, 0xc000) == -2.0);
  assert_true(f16_decode(B16, 0x8000) == 0 && signbit(f16_decode(B16, 0x8000)));
  assert_true(isinf(f16_decode(B16, 0xfc00)) && f16_decode(B16, 0xfc00) < 0);
  assert_true(isnan(f16_decode(B16, 0x7c01)) && isnan(f16_decode(B16, 0xffff)));
  assert_true(f16_decode(BF, 0x3f80) == 1.0);
  assert_true(f16_decode(BF, 0x7f7f) == 0x1.fep127); /* (2 - 2^-7) 2^127 */
  assert_true(f16_decode(BF, 0x0080) == 0x1p-126);
  assert_true(f16_decode(BF, 0x0001) == 0x1p-133);
  assert_true(f16_decode(BF, 0xc040) == -3.0);
  assert_true(isinf(f16_decode(BF, 0x7f80)) && isnan(f16_decode(BF, 0x7fc0)));
  /* ulp: 2^(max(e, emin) - p + 1) */
  assert_true(f16_ulp(B16, 1.0) == 0x1p-10 && f16_ulp(B16, 0.999) == 0x1p-11);
  assert_true(f16_ulp(B16, 0x1p-20) == 0x1p-24 && f16_ulp(B16, 0) == 0x1p-24);
  assert_true(f16_ulp(BF, 1.5) == 0x1p-7 && f16_ulp(BF, 0x1p-130) == 0x1p-133);
  assert_true(f16_issub(B16, 0x03ff) && !f16_issub(B16, 0x0400) && !f16_issub(B16, 0x8000));
}

/* Ties at every binade, from the rule alone: 2^e + ulp/2 is the midpoint of 2^e (even
 * significand) and its successor, so a true tie stays at 2^e and the ternary decides
 * otherwise; 2^(e+1) - ulp/2 is the midpoint of the largest number of the binade (odd
 * significand, all ones) and 2^(e+1), so a true tie goes up. */
static void test_round_ties(void **state) {
  (void)state;
  for (int f = 0; f < FMT16_N; f++)
    for (int e = f16_emin(f); e <= f16_emax(f); e++) {
      const double u = ldexp(1.0, e - f16_p(f) + 1), lo = ldexp(1.0, e), top = ldexp(1.0, e + 1);
      const uint16_t blo = h16t_encode(f, lo), bnext = (uint16_t)(blo + 1);
      assert_int_equal(f16_round(f, lo + u / 2, 0), blo);
      assert_int_equal(f16_round(f, lo + u / 2, -1), bnext); /* y below z: z above the midpoint */
      assert_int_equal(f16_round(f, lo + u / 2, 1), blo);
      assert_int_equal(f16_round(f, -(lo + u / 2), 1), bnext | 0x8000); /* magnitudes mirror */
      const uint16_t btop = e == f16_emax(f) ? f16_inf(f) : h16t_encode(f, top);
      assert_int_equal(f16_round(f, top - u / 2, 0), btop); /* to even, overflow at emax */
      assert_int_equal(f16_round(f, top - u / 2, 1), (uint16_t)(btop - 1));
    }
  /* the subnormals: 2^-25 is the midpoint of 0 and 2^-24 (binary16), to even: 0 */
  assert_int_equal(f16_round(B16, 0x1p-25, 0), 0x0000);
  assert_int_equal(f16_round(B16, 0x1p-25, -1), 0x0001);
  assert_int_equal(f16_round(B16, -0x1p-26, 0), 0x8000);
  assert_int_equal(f16_round(B16, 0x1.8p-24, 0), 0x0002);  /* 1.5 quanta: tie to even 2 */
  assert_int_equal(f16_round(B16, 0x1.ffcp-15, 0), 0x0400); /* 1023.5 quanta: to even 1024, normal */
  assert_int_equal(f16_round(BF, 0x1p-134, 0), 0x0000);
  assert_int_equal(f16_round(BF, 0x1p-134, -1), 0x0001);
  assert_int_equal(f16_round(B16, 1e300, 0), 0x7c00);
  assert_int_equal(f16_round(B16, -0x1p-1074, 0), 0x8000); /* a binary64 subnormal */
  assert_int_equal(f16_round(BF, NAN, 0), F16_CANONICAL_NAN);
  assert_int_equal(f16_round(BF, -INFINITY, 0), 0xff80);
}

/* f16_round(y, t) against MPFR rounding of a z with y = RN53(z) and sign(y - z) = t (z =
 * y - t 2^(e_y - 200): far below half an ulp of y), and against half.c's half_round (a
 * separate implementation of the same rule): random y around every binade, midpoints of
 * the format and their neighbours. */
static uint16_t mpfr_round_pair(int f, double y, int t) {
  mpfr_t z, r;
  uint16_t out;
  mpfr_inits2(400, z, (mpfr_ptr)0);
  mpfr_init2(r, f16_p(f));
  mpfr_set_d(z, y, MPFR_RNDN);
  if (t && y != 0) {
    int e;
    frexp(y, &e);
    mpfr_t d;
    mpfr_init2(d, 8);
    mpfr_set_si_2exp(d, t, e - 200, MPFR_RNDN);
    mpfr_sub(z, z, d, MPFR_RNDN); /* exact at 400 bits */
    mpfr_clear(d);
  }
  H16T_ROUND(f, r, mpfr_set(r, z, MPFR_RNDN), out);
  mpfr_clears(z, r, (mpfr_ptr)0);
  return out;
}

static void test_round_vs_mpfr(void **state) {
  (void)state;
  const struct half_fmt *hf[2] = {&half_binary16, &half_bfloat16};
  printf("seed 0x%016llx\n", (unsigned long long)test_rng_state);
  for (int f = 0; f < FMT16_N; f++)
    for (int k = 0; k < 200000; k++) {
      const uint64_t r = test_rand64();
      double y;
      if (k & 1) { /* a midpoint of the format or a neighbour, from a random pattern */
        const uint16_t b = (uint16_t)(r & 0x7fff) % f16_inf(f);
        const double v = f16_decode(f, b);
        y = v + f16_ulp(f, v) / 2 + (double)((int)((r >> 16) & 3) - 1) * ldexp(f16_ulp(f, v), -45);
      } else { /* anywhere from below half the smallest subnormal to past the overflow */
        const int e = f16_emin(f) - f16_p(f) - 4 + (int)((r >> 16) % (uint64_t)(f16_emax(f) - f16_emin(f) + f16_p(f) + 8));
        y = ldexp(1.0 + (double)(r >> 12 & 0xfffffffffffffull) * 0x1p-52, e);
      }
      if (r >> 63) y = -y;
      const int t = (int)((r >> 40) % 3) - 1;
      const uint16_t got = f16_round(f, y, t), want = mpfr_round_pair(f, y, t);
      if (got != want || got != half_round(hf[f], y, t))
        fail_msg("format %d: f16_round(%a, %d) = 0x%04x, MPFR 0x%04x, half_round 0x%04x", f, y, t, got, want,
                 half_round(hf[f], y, t));
    }
}

static void test_steps_classes(void **state) {
  (void)state;
  assert_int_equal(f16_steps(B16, 0x3c01, 0x3c00), 1);
  assert_int_equal(f16_steps(B16, 0x8001, 0x0001), 2); /* -2^-24 to 2^-24 through zero */
  assert_int_equal(f16_steps(B16, 0x8000, 0x0000), 0);
  assert_int_equal(f16_steps(B16, 0x7c00, 0x7bff), 1); /* infinity after the largest */
  assert_int_equal(f16_steps(B16, 0x7e00, 0x7fff), 0);
  assert_true(f16_steps(B16, 0x7e00, 0x3c00) > 65536);
  /* precedence: nan, overflow, zero sign, subnormal, rounding */
  assert_int_equal(f16_classify(B16, 0x7e00, 0x7fff, 0, 0, 0), -1);        /* any NaN */
  assert_int_equal(f16_classify(B16, 0x7e00, 0x7fff, 1, 0, 0), H16_NAN);   /* strict */
  assert_int_equal(f16_classify(B16, 0x3c00, 0x7fff, 0, 0, 0), H16_NAN);
  assert_int_equal(f16_classify(B16, 0x7bff, 0x7c00, 0, 0, 0), H16_OVERFLOW);
  assert_int_equal(f16_classify(B16, 0x3c00, 0x3bff, 1, 1, 0), H16_OVERFLOW); /* a clamp decided */
  assert_int_equal(f16_classify(B16, 0x8000, 0x0000, 0, 0, 0), H16_ZERO_SIGN);
  assert_int_equal(f16_classify(B16, 0x0000, 0x0001, 0, 0, 0), H16_SUBNORMAL);
  assert_int_equal(f16_classify(B16, 0x3c01, 0x3c00, 0, 0, 1), H16_SUBNORMAL); /* a subnormal operand */
  assert_int_equal(f16_classify(B16, 0x3c01, 0x3c00, 0, 0, 0), H16_ROUNDING);
  assert_int_equal(f16_classify(BF, 0x3f81, 0x3f80, 0, 0, 0), H16_ROUNDING);
  /* error in ulps: 1 + 2^-10 against 1 + 2^-12: 3/4 of an ulp */
  assert_true(f16_err_ulps(B16, 0x3c01, 1 + 0x1p-12) == 0.75);
  assert_true(f16_err_ulps(B16, 0x7c00, 1.0) == -1);
}

typedef int (*mpfr1)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);
static int rec_(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t m) { return mpfr_ui_div(r, 1, x, m); }
static int ceil_(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t m) { (void)m; return mpfr_ceil(r, x); }
static int floor_(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t m) { (void)m; return mpfr_floor(r, x); }
static int trunc_(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t m) { (void)m; return mpfr_trunc(r, x); }
static int rint_(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t m) { return mpfr_rint(r, x, m); }
static mpfr1 mpfr_of(const char *ref) {
  static const struct { const char *n; mpfr1 f; } t[] = {
      {"exp", mpfr_exp}, {"exp2", mpfr_exp2}, {"exp10", mpfr_exp10}, {"log", mpfr_log}, {"log2", mpfr_log2},
      {"log10", mpfr_log10}, {"sin", mpfr_sin}, {"cos", mpfr_cos}, {"tanh", mpfr_tanh}, {"sqrt", mpfr_sqrt},
      {"recip", rec_}, {"rsqrt", mpfr_rec_sqrt}, {"ceil", ceil_}, {"floor", floor_}, {"trunc", trunc_},
      {"rint", rint_}, {"fabs", mpfr_abs}};
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
    if (!strcmp(t[i].n, ref)) return t[i].f;
  fail_msg("no MPFR function for reference %s", ref);
  return NULL;
}

/* Every input of every line: the reference's correct rounding equals MPFR's rounding
 * straight to the format. One exception is set by hand: rsqrt(-0) is -inf (IEEE 754's
 * rSqrt, and cuda_fp16.h: "hrsqrt(+-0) returns +-inf"), where MPFR's rec_sqrt gives +inf. */
static void test_refs_everywhere(void **state) {
  (void)state;
  uint16_t *exp = malloc(sizeof(uint16_t) * H16FN_INPUTS);
  double *y = malloc(sizeof(double) * H16FN_INPUTS);
  char err[256];
  mpfr_t x, r;
  mpfr_init2(x, 24);
  assert_non_null(exp), assert_non_null(y);
  for (int line = 0; line < H16FN_NL; line++) {
    const struct h16fn_variant *v = &h16fn_variants[4 * line];
    const mpfr1 fn = mpfr_of(v->ref);
    assert_int_equal(h16fn_expected(v->ref, v->fmt, exp, y, err, sizeof err), 0);
    mpfr_init2(r, f16_p(v->fmt));
    for (uint32_t i = 0; i < H16FN_INPUTS; i++) {
      uint16_t want;
      mpfr_set_d(x, f16_decode(v->fmt, (uint16_t)i), MPFR_RNDN);
      H16T_ROUND(v->fmt, r, fn(r, x, MPFR_RNDN), want);
      if (!strcmp(v->ref, "rsqrt") && i == 0x8000) want = 0x8000 | f16_inf(v->fmt);
      if (!h16t_same(v->fmt, exp[i], want))
        fail_msg("%s at 0x%04x: reference 0x%04x, MPFR 0x%04x", v->name, i, exp[i], want);
    }
    mpfr_clear(r);
  }
  mpfr_clear(x);
  free(exp), free(y);
}

/* Planted outputs on hexp.f16 (scalar) and h2exp.f16 (lanes), from the correct ones:
 *   e^0 = 1: 0x3c00; planted 0x3c01, one step above (rounding);
 *   e^-inf = +0 (input 0xfc00): planted -0 (zero sign);
 *   e^(-16) = 1.125e-7 = 1.89 2^-24, rounds to 0x0002 (input 0xcc00): planted 0 (subnormal);
 *   e^12 = 162755 > 65504 (input 0x4a00): +inf correctly; planted 0x7bff (overflow);
 *   NaN input 0x7e00: planted 0x3c00 (nan). */
static void test_measure_planted(void **state) {
  (void)state;
  uint16_t *exp = malloc(sizeof(uint16_t) * H16FN_INPUTS), *out = malloc(sizeof(uint16_t) * H16FN_INPUTS),
           *hi = malloc(sizeof(uint16_t) * H16FN_INPUTS);
  double *y = malloc(sizeof(double) * H16FN_INPUTS);
  char err[256];
  const struct h16fn_variant *v = h16fn_find("hexp.f16"), *v2 = h16fn_find("h2exp.f16");
  assert_non_null(v), assert_non_null(v2);
  assert_int_equal(h16fn_expected("exp", B16, exp, y, err, sizeof err), 0);
  assert_int_equal(exp[0x0000], 0x3c00), assert_int_equal(exp[0xfc00], 0x0000);
  assert_int_equal(exp[0xcc00], 0x0002), assert_int_equal(exp[0x4a00], 0x7c00);
  struct h16fn_stats s;
  const uint16_t *o[2] = {out, hi};
  memcpy(out, exp, sizeof(uint16_t) * H16FN_INPUTS);
  h16fn_measure(v, exp, y, o, exp, &s);
  assert_int_equal(s.exact, H16FN_INPUTS), assert_int_equal(s.max_steps, 0);
  assert_true(s.max_err <= 0.5), assert_string_equal(h16fn_verdict(v, &s), "HOLDS");
  out[0x0000] = 0x3c01, out[0xfc00] = 0x8000, out[0xcc00] = 0x0000, out[0x4a00] = 0x7bff, out[0x7e00] = 0x3c00;
  h16fn_measure(v, exp, y, o, exp, &s);
  assert_int_equal(s.exact, H16FN_INPUTS - 5);
  assert_int_equal(s.cls[H16_ROUNDING], 1), assert_int_equal(s.cls[H16_ZERO_SIGN], 1);
  assert_int_equal(s.cls[H16_SUBNORMAL], 1), assert_int_equal(s.cls[H16_OVERFLOW], 1);
  assert_int_equal(s.cls[H16_NAN], 1), assert_int_equal(s.nlist, 5);
  assert_int_equal(s.list[0].input, 0x0000), assert_int_equal(s.list[4].input, 0xfc00); /* input order */
  assert_string_equal(h16fn_verdict(v, &s), "VIOLATED");
  /* h2: the lanes of the correct outputs, one high-lane output one step off */
  memcpy(out, exp, sizeof(uint16_t) * H16FN_INPUTS), memcpy(hi, exp, sizeof(uint16_t) * H16FN_INPUTS);
  hi[0x3800] = (uint16_t)(exp[0x3800] + 1); /* e^(1/2) */
  h16fn_measure(v2, exp, y, o, exp, &s);
  assert_int_equal(s.inputs, 2 * H16FN_INPUTS), assert_int_equal(s.exact, 2 * H16FN_INPUTS - 1);
  assert_int_equal(s.lane_diff[0], 0), assert_int_equal(s.lane_diff[1], 1);
  assert_int_equal(s.lane_first[1], 0x3800), assert_int_equal(s.list[0].lane, 1);
  assert_int_equal(s.max_steps, 1), assert_int_equal(s.max_steps_input, 0x3800);
  free(exp), free(out), free(hi), free(y);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_decode_hand), cmocka_unit_test(test_round_ties),
                                     cmocka_unit_test(test_round_vs_mpfr), cmocka_unit_test(test_steps_classes),
                                     cmocka_unit_test(test_refs_everywhere), cmocka_unit_test(test_measure_planted)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
