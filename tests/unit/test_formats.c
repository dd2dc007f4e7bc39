/* test_formats.c: the narrow formats' one description (reference/formats/format.h) against
 * MPFR, on every code of every format of 16 bits or fewer (binary16, bfloat16: 2^16 codes;
 * E4M3, E5M2, E8M0: 2^8; E2M3, E3M2: 2^6; E2M1: 2^4) and every code of TF32 (2^19), and
 * on random codes of binary32:
 *  - the value of each code (lowp_decode, lowp_to_f32) is the one MPFR builds from the
 *    code's fields as the standards define them (SPECS below, written from the documents,
 *    not from format.h), its classes (NaN, infinity, zero, subnormal, sign) are the
 *    fields' classes, and the fields of the description (p, emin, emax, the largest
 *    finite code, the canonical NaN, the names) are the standards';
 *  - the ulp (lowp_ulp) at each finite value is 2^(max(E, emin) - p + 1), E MPFR's
 *    exponent of the value less one;
 *  - the rounding from a binary64 pair (lowp_round_pair) equals MPFR's rounding of the
 *    exact value z straight to the format (precision p, the format's subnormals through
 *    mpfr_subnormalize, ties to even), with the overflow rule of the description (beyond
 *    the largest finite value: the infinity, or for a format without one the largest
 *    finite value), at every code's value, at the midpoint between each code and the next
 *    (exactly, and just above and below it, where only the pair's t tells the side), at a
 *    quarter and three quarters of each step, at a random point of each step, beyond the
 *    largest finite value and below the smallest subnormal, both signs; the pair is (y, t)
 *    with y = RN53(z) and t = sign(y - z) as MPFR computes them. */
#include <mpfr.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "reference/formats/format.h"
#include "reference/formats/fmt16.h"

/* The formats as the standards define them: IEEE 754 binary32 and binary16; bfloat16 and
 * TF32 (binary32's exponent with 8 and 11 significant bits, TF32's 19 bits at the top of a
 * binary32 container); the OCP 8-bit floating point specification (E4M3: bias 7, no
 * infinity, only S.1111.111 NaN, largest 448; E5M2: IEEE-like, largest 57344); the OCP
 * Microscaling formats (E2M3 bias 1 largest 7.5, E3M2 bias 3 largest 28, E2M1 bias 1
 * largest 6: no infinity, no NaN; E8M0 unsigned 2^(k-127), 0xff NaN). Canonical NaNs: the
 * CUDA headers' (CUDART_NAN_FP16 and CUDART_NAN_BF16 0x7fff; binary32's 0x7fffffff, the
 * CUDA Programming Guide; cuda_fp8.hpp's 0x7f for E4M3 and E5M2, 0xff for E8M0); TF32's is
 * binary32's with the 13 low container bits cleared. */
enum { NAN_IEEE, NAN_ONES, NAN_NONE, NAN_E8M0 };
struct spec {
  int id;
  const char *token, *name;
  int ebits, mbits, bias, shift, nan;
  double maxval;
  uint32_t canon;
};
static const struct spec SPECS[] = {
    {LOWP_F32, "f32", "binary32", 8, 23, 127, 0, NAN_IEEE, 0x1.fffffep127, 0x7fffffffu},
    {LOWP_F16, "f16", "binary16", 5, 10, 15, 0, NAN_IEEE, 65504.0, 0x7fffu},
    {LOWP_BF16, "bf16", "bfloat16", 8, 7, 127, 0, NAN_IEEE, 0x1.fep127, 0x7fffu},
    {LOWP_TF32, "tf32", "tf32", 8, 10, 127, 13, NAN_IEEE, 0x1.ffcp127, 0x7fffe000u},
    {LOWP_E4M3, "e4m3", "e4m3", 4, 3, 7, 0, NAN_ONES, 448.0, 0x7fu},
    {LOWP_E5M2, "e5m2", "e5m2", 5, 2, 15, 0, NAN_IEEE, 57344.0, 0x7fu},
    {LOWP_E2M3, "e2m3", "e2m3", 2, 3, 1, 0, NAN_NONE, 7.5, 0},
    {LOWP_E3M2, "e3m2", "e3m2", 3, 2, 3, 0, NAN_NONE, 28.0, 0},
    {LOWP_E2M1, "e2m1", "e2m1", 2, 1, 1, 0, NAN_NONE, 6.0, 0},
    {LOWP_E8M0, "e8m0", "e8m0", 8, 0, 127, 0, NAN_E8M0, 0x1p127, 0xffu},
};
#define NSPEC (int)(sizeof SPECS / sizeof SPECS[0])

static int sp_bits(const struct spec *s) { return (s->nan == NAN_E8M0 ? 0 : 1) + s->ebits + s->mbits; }
static int sp_p(const struct spec *s) { return s->mbits + 1; }
static int sp_emin(const struct spec *s) { return s->nan == NAN_E8M0 ? -127 : 1 - s->bias; }
static uint32_t sp_signbit(const struct spec *s) { return s->nan == NAN_E8M0 ? 0 : 1u << (s->ebits + s->mbits); }

/* The classes of code c (without its container shift) from its fields. */
struct cls {
  int nan, inf, zero, sub, neg;
};
static struct cls sp_class(const struct spec *s, uint32_t c) {
  const uint32_t sb = sp_signbit(s), mag = sb ? c & (sb - 1) : c, emask = (1u << s->ebits) - 1;
  const uint32_t e = (mag >> s->mbits) & emask, fr = mag & ((1u << s->mbits) - 1);
  struct cls k = {0, 0, 0, 0, (c & sb) != 0};
  if (s->nan == NAN_E8M0) k.nan = c == 0xff;
  else if (s->nan == NAN_IEEE) k.nan = e == emask && fr, k.inf = e == emask && !fr;
  else if (s->nan == NAN_ONES) k.nan = e == emask && fr == (1u << s->mbits) - 1;
  if (s->nan != NAN_E8M0 && !k.nan && !k.inf) k.zero = mag == 0, k.sub = e == 0 && fr != 0;
  return k;
}

/* The value of finite code c, built by MPFR from the fields: (-1)^s 2^(e - bias) 1.f for a
 * biased exponent e >= 1, (-1)^s 2^(1 - bias) 0.f for e = 0; E8M0's k: 2^(k - 127). Exact
 * in binary64 (at most 24 bits, exponents within binary32's). */
static double sp_value(const struct spec *s, uint32_t c) {
  const uint32_t sb = sp_signbit(s), mag = sb ? c & (sb - 1) : c;
  const uint32_t e = mag >> s->mbits, fr = mag & ((1u << s->mbits) - 1);
  mpfr_t v;
  mpfr_init2(v, 64);
  if (s->nan == NAN_E8M0) mpfr_set_ui_2exp(v, 1, (mpfr_exp_t)c - 127, MPFR_RNDN);
  else if (e == 0) mpfr_set_ui_2exp(v, fr, 1 - s->bias - s->mbits, MPFR_RNDN);
  else mpfr_set_ui_2exp(v, fr + (1u << s->mbits), (mpfr_exp_t)e - s->bias - s->mbits, MPFR_RNDN);
  if (c & sb) mpfr_neg(v, v, MPFR_RNDN);
  const double d = mpfr_get_d(v, MPFR_RNDN);
  mpfr_clear(v);
  return d;
}

static int same_bits(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

/* The format's fields and names against the standards. */
static void test_description(void **state) {
  (void)state;
  assert_int_equal(LOWP_NFMT, NSPEC);
  for (int i = 0; i < NSPEC; i++) {
    const struct spec *s = &SPECS[i];
    const struct lowp_fmt f = lowp_format(s->id);
    assert_int_equal(f.ebits, s->ebits);
    assert_int_equal(f.mbits, s->mbits);
    assert_int_equal(f.bias, s->bias);
    assert_int_equal(f.shift, s->shift);
    assert_int_equal(f.canon, s->canon);
    assert_string_equal(lowp_name(s->id), s->token);
    assert_string_equal(lowp_long_name(s->id), s->name);
    assert_int_equal(lowp_width(f), sp_bits(s));
    assert_int_equal(lowp_p(f), sp_p(s));
    assert_int_equal(lowp_emin(f), sp_emin(s));
    assert_int_equal(lowp_signbit(f), sp_signbit(s));
    int e;
    frexp(s->maxval, &e); /* the largest finite value's exponent: e - 1 */
    assert_int_equal(lowp_emax(f), e - 1);
    assert_true(same_bits(lowp_decode(f, lowp_maxcode(f) << f.shift), s->maxval));
    if (s->canon) assert_true(lowp_is_nan(f, s->canon));
  }
  /* out of range: binary32, "?" */
  assert_int_equal(lowp_format(-1).mbits, 23);
  assert_string_equal(lowp_name(LOWP_NFMT), "?");
  /* the 16-bit kinds' names and fields come from the same lines */
  assert_string_equal(f16_name(FMT16_BINARY16), "binary16");
  assert_string_equal(f16_name(FMT16_BFLOAT16), "bfloat16");
  assert_int_equal(f16_p(FMT16_BINARY16), 11);
  assert_int_equal(f16_emin(FMT16_BINARY16), -14);
  assert_int_equal(f16_emax(FMT16_BINARY16), 15);
  assert_int_equal(f16_inf(FMT16_BINARY16), 0x7c00);
  assert_int_equal(f16_p(FMT16_BFLOAT16), 8);
  assert_int_equal(f16_emin(FMT16_BFLOAT16), -126);
  assert_int_equal(f16_emax(FMT16_BFLOAT16), 127);
  assert_int_equal(f16_inf(FMT16_BFLOAT16), 0x7f80);
}

/* Code c (unshifted) of format s: its value, classes and ulp. */
static void check_code(const struct spec *s, const struct lowp_fmt f, uint32_t c) {
  const uint32_t cc = c << s->shift;
  const struct cls k = sp_class(s, c);
  const double d = lowp_decode(f, cc);
  if (lowp_is_nan(f, cc) != k.nan || lowp_is_inf(f, cc) != k.inf || lowp_is_zero(f, cc) != k.zero ||
      lowp_is_sub(f, cc) != k.sub || lowp_is_neg(f, cc) != k.neg)
    fail_msg("%s code 0x%x: classes nan %d inf %d zero %d sub %d neg %d, the fields say %d %d %d %d %d", s->name, c,
             lowp_is_nan(f, cc), lowp_is_inf(f, cc), lowp_is_zero(f, cc), lowp_is_sub(f, cc), lowp_is_neg(f, cc), k.nan,
             k.inf, k.zero, k.sub, k.neg);
  if (k.nan) {
    if (!isnan(d) || lowp_to_f32(f, cc) != 0x7fffffffu) fail_msg("%s code 0x%x: NaN decodes to %a", s->name, c, d);
    return;
  }
  const double want = k.inf ? (k.neg ? -INFINITY : INFINITY) : sp_value(s, c);
  if (!same_bits(d, want)) fail_msg("%s code 0x%x: lowp_decode %a, MPFR %a", s->name, c, d, want);
  if (lowp_to_f32(f, cc) != f2u((float)want))
    fail_msg("%s code 0x%x: lowp_to_f32 0x%08x, MPFR 0x%08x", s->name, c, lowp_to_f32(f, cc), f2u((float)want));
  if (k.inf || s->nan == NAN_E8M0) return;
  mpfr_t v;
  mpfr_init2(v, 64);
  mpfr_set_d(v, want, MPFR_RNDN);
  const long E = want == 0 ? sp_emin(s) : (long)mpfr_get_exp(v) - 1;
  mpfr_clear(v);
  const double ulp = ldexp(1.0, (int)((E > sp_emin(s) ? E : sp_emin(s)) - sp_p(s) + 1));
  if (lowp_ulp(f, want) != ulp) fail_msg("%s code 0x%x (%a): ulp %a, MPFR %a", s->name, c, want, lowp_ulp(f, want), ulp);
}

static void test_decode_every_code(void **state) {
  (void)state;
  for (int i = 0; i < NSPEC; i++) {
    const struct spec *s = &SPECS[i];
    const struct lowp_fmt f = lowp_format(s->id);
    if (s->id == LOWP_F32) { /* 2^16 random codes and the boundaries */
      const uint32_t fixed[] = {0, 1, 0x007fffff, 0x00800000, 0x3f800000, 0x7f7fffff, 0x7f800000, 0x7f800001, 0x7fffffff};
      for (unsigned j = 0; j < sizeof fixed / sizeof fixed[0]; j++) check_code(s, f, fixed[j]), check_code(s, f, fixed[j] | 0x80000000u);
      for (int j = 0; j < 1 << 16; j++) check_code(s, f, (uint32_t)test_rand64());
      continue;
    }
    for (uint32_t c = 0; c < 1u << sp_bits(s); c++) check_code(s, f, c);
  }
}

/* MPFR's rounding of z to the format, as a code (unshifted): precision p, the format's
 * subnormals, ties to even, exponents unbounded above; beyond the largest finite value the
 * infinity or (no infinity) the largest finite value. codes[] holds the positive finite
 * values in code order (ncodes of them), for the code of a value. */
static uint32_t mpfr_code(const struct spec *s, mpfr_srcptr z, const double *codes, uint32_t ncodes) {
  const mpfr_exp_t emin0 = mpfr_get_emin(), emax0 = mpfr_get_emax();
  mpfr_t r;
  mpfr_init2(r, sp_p(s));
  mpfr_set_emin(sp_emin(s) - sp_p(s) + 2); /* MPFR's exponents: value = m 2^e, 1/2 <= m < 1 */
  mpfr_set_emax(200);
  int inex = mpfr_set(r, z, MPFR_RNDN);
  inex = mpfr_check_range(r, inex, MPFR_RNDN);
  mpfr_subnormalize(r, inex, MPFR_RNDN);
  const double d = mpfr_get_d(r, MPFR_RNDN); /* exact: at most 24 bits */
  mpfr_set_emin(emin0), mpfr_set_emax(emax0);
  mpfr_clear(r);
  const uint32_t sign = signbit(d) ? sp_signbit(s) : 0;
  const double a = fabs(d);
  if (a > s->maxval) { /* the infinity: all-ones exponent, fraction 0 */
    const uint32_t big = s->nan == NAN_IEEE ? ((1u << s->ebits) - 1) << s->mbits : ncodes - 1;
    return sign | big;
  }
  uint32_t lo = 0, hi = ncodes - 1; /* codes[] ascends: the code of a */
  while (lo < hi) {
    const uint32_t mid = (lo + hi) / 2;
    if (codes[mid] < a) lo = mid + 1;
    else hi = mid;
  }
  assert_true(codes[lo] == a);
  return sign | lo;
}

/* z = v + w (exact at 256 bits), its pair (y, t) from MPFR, and the comparison. */
static void check_round(const struct spec *s, const struct lowp_fmt f, const double *codes, uint32_t ncodes, double v,
                        double w) {
  mpfr_t z;
  mpfr_init2(z, 256);
  mpfr_set_d(z, v, MPFR_RNDN);
  mpfr_add_d(z, z, w, MPFR_RNDN); /* exact: v and w are within 256 bits of each other */
  const double y = mpfr_get_d(z, MPFR_RNDN);
  const int t = -mpfr_cmp_d(z, y) > 0 ? 1 : -mpfr_cmp_d(z, y) < 0 ? -1 : 0; /* sign(y - z) */
  const uint32_t want = mpfr_code(s, z, codes, ncodes) << s->shift, got = lowp_round_pair(f, y, t);
  mpfr_clear(z);
  if (got != want) fail_msg("%s: round_pair(%a, %d) (z = %a + %a) = 0x%x, MPFR 0x%x", s->name, y, t, v, w, got, want);
}

/* Every probe of the header's list around the positive finite code c (and its negative). */
static void round_probes(const struct spec *s, const struct lowp_fmt f, const double *codes, uint32_t ncodes, uint32_t c) {
  const double v = codes[c], next = c + 1 < ncodes ? codes[c + 1] : 2 * codes[c] - codes[c - 1];
  const double step = next - v, mid = v + step / 2, tiny = ldexp(step, -70);
  const double rnd = (double)(test_rand64() >> 11) * 0x1p-53 * step;
  const double probes[][2] = {{v, 0}, {mid, 0}, {mid, tiny}, {mid, -tiny}, {v + step / 4, 0}, {v + 3 * step / 4, 0},
                              {v, rnd}};
  for (unsigned j = 0; j < sizeof probes / sizeof probes[0]; j++) {
    check_round(s, f, codes, ncodes, probes[j][0], probes[j][1]);
    check_round(s, f, codes, ncodes, -probes[j][0], -probes[j][1]);
  }
}

static void test_round_pair(void **state) {
  (void)state;
  for (int i = 0; i < NSPEC; i++) {
    const struct spec *s = &SPECS[i];
    if (s->nan == NAN_E8M0 || s->id == LOWP_F32) continue; /* no pair rounding into E8M0; binary32 aside */
    const struct lowp_fmt f = lowp_format(s->id);
    const uint32_t ncodes = lowp_maxcode(f) + 1; /* the positive finite codes, 0 included */
    double *codes = malloc(ncodes * sizeof *codes);
    assert_non_null(codes);
    for (uint32_t c = 0; c < ncodes; c++) codes[c] = sp_value(s, c);
    for (uint32_t c = 0; c < ncodes; c++) round_probes(s, f, codes, ncodes, c);
    /* beyond the largest finite value, below the smallest subnormal, zeros, NaN */
    const double sub = codes[1], far[] = {2 * s->maxval, 0x1p300, INFINITY, sub / 2, sub / 4, 0x1p-1000, 0x1p-1074, 0};
    for (unsigned j = 0; j < sizeof far / sizeof far[0]; j++) {
      check_round(s, f, codes, ncodes, far[j], 0);
      check_round(s, f, codes, ncodes, -far[j], 0);
      if (far[j] != 0 && isfinite(far[j]))
        check_round(s, f, codes, ncodes, far[j], ldexp(far[j], -80)), check_round(s, f, codes, ncodes, far[j], -ldexp(far[j], -80));
    }
    assert_int_equal(lowp_round_pair(f, NAN, 0), s->canon);
    free(codes);
  }
}

int main(void) {
  printf("test_formats: random seed 0x%016llx\n", (unsigned long long)test_rng_state);
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_description), cmocka_unit_test(test_decode_every_code),
                                     cmocka_unit_test(test_round_pair)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
