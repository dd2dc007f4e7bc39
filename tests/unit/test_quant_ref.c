/* test_quant_ref.c: the exact block quantizers of reference/quant/quant.h against MPFR
 * and by hand.
 *  - The element formats' codes decode (qr_value) to the numbers the OCP MX v1.0 formulas
 *    give, written here independently: 2^(E-bias) (1 + M 2^-mbits), subnormals
 *    2^(1-bias) M 2^-mbits.
 *  - Elements: every bfloat16 and every binary16 element under a spread of scales (E8M0's
 *    extremes and middle, E4M3 subnormal and normal scales, per-tensor scales), and random
 *    binary32 elements under random scales, in every rounding mode and overflow rule:
 *    MPFR divides x by the scale (200 bits: the quotient of a 24-bit by a 28-bit number
 *    that is not a midpoint lies at least 2^-60 relatively from every midpoint, so the
 *    division's error cannot move it across one), rounds on the format's grid (the step
 *    2^q of its binade, subnormal below 2^emin) by floor and a comparison with one half,
 *    and the expected code is the one whose decoded value (above) equals that number.
 *  - Scales: every bfloat16 and binary16 amax, and random binary32 amax: MX floor from
 *    MPFR's exponent, ceil as the smallest k with amax <= max 2^k (a loop of exact
 *    comparisons), nearest by comparing with 3 2^(k-1); NVFP4 amax / 6 / G rounded on
 *    E4M3's grid as above.
 *  - Cases by hand, derived in the comments. */
#include <mpfr.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "reference/quant/quant.h"
#include "reference/quant/sr.h"

struct espec {
  int ebits, mbits, bias;
  double maxval;
  int nan; /* 0 none, 1 S.1..1 (E4M3), 2 IEEE (E5M2) */
};
static const struct espec SPEC[QF_NALL] = {{4, 3, 7, 448, 1},   {5, 2, 15, 57344, 2},     {2, 3, 1, 7.5, 0},
                                          {3, 2, 3, 28, 0},    {2, 1, 1, 6, 0},          {5, 10, 15, 65504, 2},
                                          {8, 7, 127, 0x1.fep127, 2}};

/* the value of code c (magnitude bits) by the formula; NAN for NaN and infinity codes */
static double spec_value(int id, uint32_t c) {
  const struct espec *s = &SPEC[id];
  uint32_t nb = 1 + s->ebits + s->mbits, e = (c >> s->mbits) & ((1u << s->ebits) - 1), m = c & ((1u << s->mbits) - 1);
  double v;
  if (s->nan == 2 && e == (1u << s->ebits) - 1) return NAN;
  if (s->nan == 1 && e == (1u << s->ebits) - 1 && m == (1u << s->mbits) - 1) return NAN;
  v = e ? ldexp(1 + ldexp(m, -s->mbits), (int)e - s->bias) : ldexp(ldexp(m, -s->mbits), 1 - s->bias);
  return (c >> (nb - 1)) & 1 ? -v : v;
}

static void test_decode(void **st) {
  (void)st;
  for (int id = 0; id < QF_NALL; id++) {
    struct qr_fmt f = qr_format(id);
    uint32_t ncodes = f.signbit << 1;
    double mx = 0;
    for (uint32_t c = 0; c < ncodes; c++) {
      int sp;
      double v = qr_value(&f, c, &sp), w = spec_value(id, c);
      assert_int_equal(sp, isnan(w));
      if (!sp) assert_true(v == w && signbit(v) == signbit(w));
      if (!sp && v > mx) mx = v;
      assert_int_equal(qr_is_nan(&f, c), isnan(w) && !(SPEC[id].nan == 2 && (c & (f.signbit - 1)) == f.infcode));
    }
    assert_true(mx == SPEC[id].maxval);
    int sp;
    assert_true(qr_value(&f, f.maxcode, &sp) == SPEC[id].maxval); /* maxcode is the largest */
    assert_true((double)f.maxn * ldexp(1, f.maxe) == SPEC[id].maxval);
  }
}

/* v (exact enough, see above) on format id's grid: |v| = (n + frac) 2^q, frac against
 * one half (cmp), or infinite (inf), NaN (nan) */
struct grid {
  int neg, nan, inf, cmp, q;
  double n;
};
static struct grid mpfr_grid(int id, mpfr_t v) {
  const struct espec *s = &SPEC[id];
  struct grid g = {mpfr_signbit(v) != 0, mpfr_nan_p(v) != 0, mpfr_inf_p(v) != 0, -1, 0, 0};
  if (g.nan || g.inf || mpfr_zero_p(v)) return g;
  mpfr_t a, n, fr;
  mpfr_inits2(400, a, n, fr, (mpfr_ptr)0);
  mpfr_abs(a, v, MPFR_RNDN);
  int L = (int)mpfr_get_exp(a) - 1, emin = 1 - s->bias;
  g.q = (L > emin ? L : emin) - s->mbits;
  if (L > 64) {
    g.inf = 1; /* far beyond every format's largest number */
  } else {
    mpfr_mul_2si(a, a, -g.q, MPFR_RNDN); /* exact */
    mpfr_floor(n, a);
    mpfr_sub(fr, a, n, MPFR_RNDN);
    int c = mpfr_cmp_d(fr, 0.5);
    g.cmp = mpfr_zero_p(fr) ? -2 : c > 0 ? 1 : c == 0 ? 0 : -1;
    g.n = mpfr_get_d(n, MPFR_RNDN); /* below 2^(mbits+2): exact */
  }
  mpfr_clears(a, n, fr, (mpfr_ptr)0);
  return g;
}
/* the expected code from the grid, in a mode and rule (-1: any code, NaN in FP6 and FP4) */
static int64_t grid_code(int id, struct grid g, int mode, int ovf) {
  const struct espec *s = &SPEC[id];
  struct qr_fmt f = qr_format(id);
  if (g.nan) return f.nan ? (int64_t)((g.neg ? f.signbit : 0) | f.nancode) : -1;
  double r = INFINITY;
  if (!g.inf) {
    int up = mode == QE_RZ || g.cmp == -2 ? 0 : g.cmp > 0 || (g.cmp == 0 && (mode == QE_RNA || fmod(g.n, 2) == 1));
    r = ldexp(g.n + up, g.q);
  }
  uint32_t sign = g.neg ? f.signbit : 0;
  if (r > s->maxval) {
    if (mode == QE_RZ || ovf == QO_SAT || !f.nan) return sign | f.maxcode;
    return sign | (ovf == QO_INF && f.nan == 2 ? f.infcode : f.nancode);
  }
  for (uint32_t c = 0; c < f.signbit; c++)
    if (spec_value(id, c) == r) return sign | c;
  return -2;
}
static int64_t mpfr_expect(int id, mpfr_t v, int mode, int ovf) { return grid_code(id, mpfr_grid(id, v), mode, ovf); }

static void src_to_mpfr(mpfr_t x, int src, uint32_t b) {
  if (src == QX_F32) {
    float v;
    memcpy(&v, &b, 4);
    mpfr_set_flt(x, v, MPFR_RNDN);
    return;
  }
  int eb = src == QX_F16 ? 5 : 8, mb = src == QX_F16 ? 10 : 7, bias = (1 << (eb - 1)) - 1;
  uint32_t e = (b >> mb) & ((1u << eb) - 1), m = b & ((1u << mb) - 1);
  if (e == (1u << eb) - 1) {
    if (m) mpfr_set_nan(x);
    else mpfr_set_inf(x, 1);
  } else {
    mpfr_set_ui(x, e ? m | 1u << mb : m, MPFR_RNDN);
    mpfr_mul_2si(x, x, (e ? (int)e : 1) - bias - mb, MPFR_RNDN);
  }
  if ((b >> (eb + mb)) & 1) mpfr_neg(x, x, MPFR_RNDN);
}

static long g_checked;
/* element x (src bits) over scale Ns 2^Es in every mode and rule */
static void check_elem(int id, int src, uint32_t xb, uint64_t Ns, int Es, mpfr_t x, mpfr_t v) {
  struct qr_fmt f = qr_format(id);
  src_to_mpfr(x, src, xb);
  mpfr_div_ui(v, x, (unsigned long)Ns, MPFR_RNDN);
  mpfr_mul_2si(v, v, -Es, MPFR_RNDN);
  static const int rules[3] = {QO_SAT, QO_NAN, QO_INF};
  struct grid g = mpfr_grid(id, v);
  for (int mode = QE_RNE; mode <= QE_RZ; mode++)
    for (int k = 0; k < 3; k++) {
      int64_t got = qr_element(&f, src, xb, Ns, Es, mode, rules[k]), want = grid_code(id, g, mode, rules[k]);
      if (want >= 0 && g.nan) want = (int64_t)((xb >> (src == QX_F32 ? 31 : 15) ? f.signbit : 0) | f.nancode);
      if (got != want) {
        fprintf(stderr, "fmt %d src %d x=0x%08x scale %llu*2^%d mode %d ovf %d: got 0x%llx want 0x%llx\n", id, src, xb,
                (unsigned long long)Ns, Es, mode, rules[k], (long long)got, (long long)want);
        fail();
      }
      g_checked++;
    }
}

static void test_elements_mx(void **st) {
  (void)st;
  mpfr_t x, v;
  mpfr_inits2(200, x, v, (mpfr_ptr)0);
  /* E8M0 codes: the extremes, around 127, and codes where bf16/f16 elements over- and underflow */
  static const uint32_t sc[] = {0, 1, 100, 120, 124, 127, 130, 134, 140, 160, 253, 254};
  for (int id = 0; id < QF_NELEM; id++)
    for (int src = QX_F16; src <= QX_BF16; src++)
      for (uint32_t xb = 0; xb < 0x10000u; xb++)
        check_elem(id, src, xb, 1, (int)sc[(xb + (uint32_t)id) % (sizeof sc / sizeof *sc)] - 127, x, v);
  test_rng_state = 0x5eedull;
  for (int i = 0; i < 200000; i++) {
    uint64_t r = test_rand64();
    check_elem((int)(r % QF_NELEM), QX_F32, (uint32_t)(r >> 8), 1, (int)((r >> 40) % 255) - 127, x, v);
  }
  mpfr_clears(x, v, (mpfr_ptr)0);
}

static void test_elements_nv(void **st) {
  (void)st;
  mpfr_t x, v;
  mpfr_inits2(200, x, v, (mpfr_ptr)0);
  /* E4M3 scales: subnormal 2^-9 and 7 2^-9, normals 1.125 2^-6, 1, 1.375, 1.75 2^4, 448 */
  static const uint32_t sc[] = {0x01, 0x07, 0x09, 0x38, 0x3b, 0x5e, 0x7e};
  /* per-tensor decode scales G = Ng 2^Eg: 1, 1/3 rounded to binary32 (0xaaaaab 2^-25), 2^-20 */
  static const uint64_t gn[] = {1, 0xaaaaab, 1};
  static const int ge[] = {0, -25, -20};
  for (int g = 0; g < 3; g++)
    for (int src = QX_F16; src <= QX_BF16; src++)
      for (uint32_t xb = 0; xb < 0x10000u; xb++)
      {
        uint64_t Ns = 0;
        int Es = 0;
        assert_true(qr_scale_value(QK_E4M3, sc[(xb + (uint32_t)g) % (sizeof sc / sizeof *sc)], gn[g], ge[g], &Ns, &Es));
        check_elem(QF_E2M1, src, xb, Ns, Es, x, v);
      }
  test_rng_state = 0xf4ull;
  for (int i = 0; i < 100000; i++) {
    uint64_t r = test_rand64(), Ns = 0;
    int Es = 0;
    uint32_t c = 1 + (uint32_t)((r >> 40) % 126);
    assert_true(qr_scale_value(QK_E4M3, c, i & 1 ? 1 : 0x800001 + (r >> 50), i & 1 ? 0 : -23, &Ns, &Es));
    check_elem(QF_E2M1, QX_F32, (uint32_t)r, Ns, Es, x, v);
  }
  mpfr_clears(x, v, (mpfr_ptr)0);
}

/* MX scales of amax (src bits) by MPFR, against qr_mx_scale */
static void check_mx_scale(int id, int src, uint32_t ab, mpfr_t a, mpfr_t t) {
  struct qr_fmt f = qr_format(id);
  src_to_mpfr(a, src, ab);
  mpfr_abs(a, a, MPFR_RNDN);
  for (int rnd = QS_FLOOR; rnd <= QS_NEAREST; rnd++) {
    long want;
    if (mpfr_nan_p(a) || mpfr_inf_p(a)) want = 255;
    else if (mpfr_zero_p(a)) want = 0;
    else if (rnd == QS_FLOOR) want = mpfr_get_exp(a) - 1 - f.emax + 127;
    else {
      /* from k below the answer (max < 2^16, so max 2^k < 2^(exp-2) <= amax), up to the smallest
       * k with amax <= max 2^k, or with amax / max < 2^(k+1) */
      long k = mpfr_get_exp(a) - 18;
      for (;; k++) {
        mpfr_set_d(t, SPEC[id].maxval, MPFR_RNDN);
        mpfr_mul_2si(t, t, rnd == QS_CEIL ? k : k + 1, MPFR_RNDN);
        if (rnd == QS_CEIL ? mpfr_cmp(a, t) <= 0 : mpfr_cmp(a, t) < 0) break;
      }
      if (rnd == QS_NEAREST) { /* 2^k <= amax/max < 2^(k+1): up from 3 2^(k-1) */
        mpfr_set_d(t, SPEC[id].maxval * 3, MPFR_RNDN);
        mpfr_mul_2si(t, t, k - 1, MPFR_RNDN);
        if (mpfr_cmp(a, t) >= 0) k++;
      }
      want = k + 127;
    }
    if (want != 255) want = want < 0 ? 0 : want > 254 ? 254 : want;
    uint32_t got = qr_mx_scale(&f, src, ab, rnd, QZ_MIN);
    if ((long)got != want) {
      fprintf(stderr, "mx scale fmt %d src %d amax 0x%08x rnd %d: got %u want %ld\n", id, src, ab, rnd, got, want);
      fail();
    }
  }
}

static void check_nv_scale(int src, uint32_t ab, uint64_t Ng, int Eg, mpfr_t a, mpfr_t t) {
  src_to_mpfr(a, src, ab);
  mpfr_abs(a, a, MPFR_RNDN);
  mpfr_div_ui(t, a, (unsigned long)(6 * Ng), MPFR_RNDN);
  mpfr_mul_2si(t, t, -Eg, MPFR_RNDN);
  static const int modes[3] = {QE_RNE, -1, QE_RZ};
  for (int rnd = QS_RNE; rnd <= QS_DOWN; rnd++) {
    int64_t want;
    if (mpfr_nan_p(a) || mpfr_inf_p(a)) want = 0x7f;
    else if (rnd == QS_UP) { /* up: RZ, plus one step when inexact (the grid's floor) */
      want = mpfr_expect(QF_E4M3, t, QE_RZ, QO_SAT);
      int sp;
      struct qr_fmt f = qr_format(QF_E4M3);
      double lo = qr_value(&f, (uint32_t)want, &sp);
      if (mpfr_cmp_d(t, lo) > 0 && want < 0x7e) want++;
    } else {
      want = mpfr_expect(QF_E4M3, t, modes[rnd], QO_SAT);
    }
    uint32_t got = qr_nv_scale(src, ab, rnd, Ng, Eg);
    if ((int64_t)got != want) {
      fprintf(stderr, "nv scale src %d amax 0x%08x rnd %d G %llu*2^%d: got 0x%x want 0x%llx\n", src, ab, rnd,
              (unsigned long long)Ng, Eg, got, (long long)want);
      fail();
    }
  }
}

static void test_scales(void **st) {
  (void)st;
  mpfr_t a, t;
  mpfr_inits2(200, a, t, (mpfr_ptr)0);
  for (int src = QX_F16; src <= QX_BF16; src++)
    for (uint32_t ab = 0; ab < 0x8000u; ab++) {
      for (int id = 0; id < QF_NELEM; id++) check_mx_scale(id, src, ab, a, t);
      check_nv_scale(src, ab, 1, 0, a, t);
      check_nv_scale(src, ab, 0xaaaaab, -25, a, t);
    }
  test_rng_state = 0xa3a3ull;
  for (int i = 0; i < 100000; i++) {
    uint32_t ab = (uint32_t)test_rand64() & 0x7fffffffu;
    for (int id = 0; id < QF_NELEM; id++) check_mx_scale(id, QX_F32, ab, a, t);
    check_nv_scale(QX_F32, ab, 1, 0, a, t);
  }
  mpfr_clears(a, t, (mpfr_ptr)0);
}

/* By hand. */
static void test_hand(void **st) {
  (void)st;
  struct qr_fmt e2m1 = qr_format(QF_E2M1), e4m3 = qr_format(QF_E4M3), e5m2 = qr_format(QF_E5M2);
  /* 2.5 = 0x40200000 is the midpoint of FP4's 2 (0x4) and 3 (0x5): RNE picks 2 (even
   * mantissa), RNA 3; 5.0 (0x40a00000) midpoint of 4 (0x6, mantissa 0) and 6 (0x7): RNE 4, RNA 6 */
  assert_int_equal(qr_element(&e2m1, QX_F32, 0x40200000u, 1, 0, QE_RNE, QO_SAT), 0x4);
  assert_int_equal(qr_element(&e2m1, QX_F32, 0x40200000u, 1, 0, QE_RNA, QO_SAT), 0x5);
  assert_int_equal(qr_element(&e2m1, QX_F32, 0x40a00000u, 1, 0, QE_RNE, QO_SAT), 0x6);
  assert_int_equal(qr_element(&e2m1, QX_F32, 0x40a00000u, 1, 0, QE_RNA, QO_SAT), 0x7);
  /* -0.25 (0xbe800000): midpoint of 0 and 0.5: RNE -0 (0x8), RNA -0.5 (0x9) */
  assert_int_equal(qr_element(&e2m1, QX_F32, 0xbe800000u, 1, 0, QE_RNE, QO_SAT), 0x8);
  assert_int_equal(qr_element(&e2m1, QX_F32, 0xbe800000u, 1, 0, QE_RNA, QO_SAT), 0x9);
  /* 1.0 with an E8M0 scale 2^-3 (code 124): 8, beyond 6: saturates to 6 (0x7) */
  assert_int_equal(qr_element(&e2m1, QX_F32, 0x3f800000u, 1, 124 - 127, QE_RNE, QO_SAT), 0x7);
  /* E4M3: 464 = midpoint of 448 and 480 (not a number): RNE keeps 448 (even 0x7e); 465 overflows:
   * NaN 0x7f, or 448 saturated; E5M2: 61440 = midpoint of 57344 (0x7b) and 65536: RNE goes to
   * 65536 (even), which overflows: inf 0x7c */
  assert_int_equal(qr_element(&e4m3, QX_F32, 0x43e80000u, 1, 0, QE_RNE, QO_NAN), 0x7e);
  assert_int_equal(qr_element(&e4m3, QX_F32, 0x43e88000u, 1, 0, QE_RNE, QO_NAN), 0x7f);
  assert_int_equal(qr_element(&e4m3, QX_F32, 0x43e88000u, 1, 0, QE_RNE, QO_SAT), 0x7e);
  assert_int_equal(qr_element(&e5m2, QX_F32, 0x47700000u, 1, 0, QE_RNE, QO_INF), 0x7c);
  /* NaN elements: E4M3 0x7f (sign kept 0xff); FP4 has none (-1) */
  assert_int_equal(qr_element(&e4m3, QX_F32, 0xffc00000u, 1, 0, QE_RNE, QO_SAT), 0xff);
  assert_int_equal(qr_element(&e2m1, QX_F32, 0x7fc00000u, 1, 0, QE_RNE, QO_SAT), -1);
  /* MX scale of amax = 7 (0x40e00000) for FP4 (emax 2): floor(log2 7) - 2 = 0 (code 127), and
   * 7 / 1 = 7 saturates to 6; ceil: 7 / 6 > 1 so k = 1 (code 128); nearest: 7/6 < 1.5: k = 0 */
  assert_int_equal(qr_mx_scale(&e2m1, QX_F32, 0x40e00000u, QS_FLOOR, QZ_MIN), 127);
  assert_int_equal(qr_mx_scale(&e2m1, QX_F32, 0x40e00000u, QS_CEIL, QZ_MIN), 128);
  assert_int_equal(qr_mx_scale(&e2m1, QX_F32, 0x40e00000u, QS_NEAREST, QZ_MIN), 127);
  /* amax = 6 exactly: ceil gives k = 0; amax = 0: code 0, or 127 (QZ_ONE); NaN: 0xff */
  assert_int_equal(qr_mx_scale(&e2m1, QX_F32, 0x40c00000u, QS_CEIL, QZ_MIN), 127);
  assert_int_equal(qr_mx_scale(&e2m1, QX_F32, 0, QS_FLOOR, QZ_MIN), 0);
  assert_int_equal(qr_mx_scale(&e2m1, QX_F32, 0, QS_FLOOR, QZ_ONE), 127);
  assert_int_equal(qr_mx_scale(&e2m1, QX_F32, 0x7fc00000u, QS_FLOOR, QZ_MIN), 255);
  /* smallest binary32 subnormal 2^-149: floor -149 - 8 (E4M3) clipped to -127: code 0 */
  assert_int_equal(qr_mx_scale(&e4m3, QX_F32, 1, QS_FLOOR, QZ_MIN), 0);
  /* NVFP4: amax 6 -> 1.0 (E4M3 0x38); amax 6.5 -> 1.0833: RNE 1.125? no: E4M3 steps in [1,2)
   * are 1/8: 1.0833 is nearer 1.125 (0x39) than 1.0; down 0x38, up 0x39; amax 2688 = 448 * 6
   * -> 0x7e, amax 3000 saturates at 0x7e, up too */
  assert_int_equal(qr_nv_scale(QX_F32, 0x40c00000u, QS_RNE, 1, 0), 0x38);
  assert_int_equal(qr_nv_scale(QX_F32, 0x40d00000u, QS_RNE, 1, 0), 0x39);
  assert_int_equal(qr_nv_scale(QX_F32, 0x40d00000u, QS_DOWN, 1, 0), 0x38);
  assert_int_equal(qr_nv_scale(QX_F32, 0x40d00000u, QS_UP, 1, 0), 0x39);
  assert_int_equal(qr_nv_scale(QX_F32, 0x45280000u, QS_RNE, 1, 0), 0x7e);
  assert_int_equal(qr_nv_scale(QX_F32, 0x453b8000u, QS_UP, 1, 0), 0x7e);
}

/* the code of magnitude m (sign sg) by bisection over the codes 0..maxcode, whose values
 * (the formula's) increase; -1 when m is none of them */
static int64_t code_of(int id, double m, uint32_t sg) {
  struct qr_fmt f = qr_format(id);
  uint32_t a = 0, b = f.maxcode; /* value(a) <= m <= value(b) */
  if (!(m >= 0 && m <= spec_value(id, b))) return -1;
  while (b - a > 1) {
    uint32_t c = (a + b) / 2;
    if (spec_value(id, c) <= m) a = c;
    else b = c;
  }
  return spec_value(id, a) == m ? (int64_t)(sg | a) : spec_value(id, b) == m ? (int64_t)(sg | b) : -1;
}

/* Stochastic rounding: neighbours, t = floor(frac 2^k) and frac, by MPFR on the grid: |v| 2^-q
 * split into floor and fraction, the fraction times 2^k floored; the neighbours' codes by the
 * formula; saturation at the largest finite (t = 0). */
static void check_sr(int id, int src, uint32_t xb, uint64_t Ns, int Es, int k, mpfr_t x, mpfr_t v) {
  const struct espec *sp = &SPEC[id];
  struct qr_fmt f = qr_format(id);
  src_to_mpfr(x, src, xb);
  if (mpfr_nan_p(x)) return;
  mpfr_div_ui(v, x, (unsigned long)Ns, MPFR_RNDN);
  mpfr_mul_2si(v, v, -Es, MPFR_RNDN);
  struct qr_sr r = qr_sr(&f, src, xb, Ns, Es, k);
  uint32_t sg = mpfr_signbit(v) ? f.signbit : 0;
  double lo = INFINITY, hi = INFINITY, fr = 0;
  uint64_t t = 0;
  if (!mpfr_inf_p(v) && !mpfr_zero_p(v)) {
    mpfr_t a, n, w;
    mpfr_inits2(400, a, n, w, (mpfr_ptr)0);
    mpfr_abs(a, v, MPFR_RNDN);
    int L = (int)mpfr_get_exp(a) - 1, emin = 1 - sp->bias, q = (L > emin ? L : emin) - sp->mbits;
    if (L < 200) {
      mpfr_mul_2si(a, a, -q, MPFR_RNDN);
      mpfr_floor(n, a);
      mpfr_sub(w, a, n, MPFR_RNDN);
      fr = mpfr_get_d(w, MPFR_RNDN);
      mpfr_mul_2si(w, w, k, MPFR_RNDN);
      mpfr_floor(w, w);
      t = (uint64_t)mpfr_get_d(w, MPFR_RNDN); /* below 2^32: exact */
      lo = ldexp(mpfr_get_d(n, MPFR_RNDN), q), hi = fr > 0 ? ldexp(mpfr_get_d(n, MPFR_RNDN) + 1, q) : lo;
    }
    mpfr_clears(a, n, w, (mpfr_ptr)0);
  } else if (mpfr_zero_p(v)) {
    lo = hi = 0;
  }
  if (lo > sp->maxval || hi > sp->maxval) lo = hi = sp->maxval, t = 0, fr = 0; /* saturated */
  int64_t wlo = code_of(id, lo, sg), whi = code_of(id, hi, sg);
  if (r.lo != wlo || r.hi != whi || r.t != t || fabs(r.frac - fr) > 1e-15 || r.det != (lo == hi)) {
    fprintf(stderr, "sr fmt %d src %d x=0x%08x scale %llu*2^%d k %d: got (0x%x 0x%x t %llu %.17g det %d) want (0x%llx 0x%llx t %llu %.17g)\n",
            id, src, xb, (unsigned long long)Ns, Es, k, r.lo, r.hi, (unsigned long long)r.t, r.frac, r.det, (long long)wlo,
            (long long)whi, (unsigned long long)t, fr);
    fail();
  }
}

static void test_sr(void **st) {
  (void)st;
  mpfr_t x, v;
  mpfr_inits2(200, x, v, (mpfr_ptr)0);
  test_rng_state = 0x5151ull;
  for (int id = 0; id < QF_NALL; id++) /* every bf16 element, no scale, 8 and 16 random bits */
    for (uint32_t xb = 0; xb < 0x10000u; xb += 1 + (xb & 1)) check_sr(id, QX_BF16, xb, 1, 0, xb & 2 ? 8 : 16, x, v);
  for (int i = 0; i < 300000; i++) { /* binary32 and binary16 elements, random scales and k */
    uint64_t r = test_rand64();
    int id = (int)(r % QF_NALL), src = (r >> 3) & 1 ? QX_F32 : QX_F16, k = 1 + (int)((r >> 4) % 32);
    int nv = (r >> 9) & 1;
    uint64_t Ns = nv ? 1 + (r >> 10) % 15 : 1;
    int Es = nv ? -9 + (int)((r >> 14) % 20) : (int)((r >> 14) % 255) - 127;
    check_sr(id, src, (uint32_t)(r >> 32) & (src == QX_F32 ? 0xffffffffu : 0xffffu), Ns, Es, k, x, v);
  }
  mpfr_clears(x, v, (mpfr_ptr)0);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_decode), cmocka_unit_test(test_hand),
                                     cmocka_unit_test(test_elements_mx), cmocka_unit_test(test_elements_nv),
                                     cmocka_unit_test(test_scales), cmocka_unit_test(test_sr)};
  int rc = cmocka_run_group_tests(tests, NULL, NULL);
  fprintf(stderr, "test_quant_ref: %ld element checks against MPFR\n", g_checked);
  return rc;
}
