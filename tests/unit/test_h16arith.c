/* test_h16arith.c: the exact references of the 16-bit operations (functions/<op>/h16_ref.h)
 * against MPFR (random pairs, and every pair of a set of boundary values: zeros, the
 * subnormals' ends, ones, powers of two for ties at every binade, the largest finite value
 * and the overflow threshold's neighbours, infinities, NaNs with several payloads); the
 * exactness claims of the binary64 sums and products; hand-derived cases; the documented
 * clamps and NaN rules; the per-pair statistics, their merge, JSON and the arch moments. */
#include <stdlib.h>
#include <string.h>

#include "h16test.h"
#include "src/kinds/arith16/h16a_kind.h"

enum { B16 = FMT16_BINARY16, BF = FMT16_BFLOAT16 };
enum { ADD, SUB, MUL, DIV, FMA, NOP };
static const char *const op_names[NOP] = {"add", "sub", "mul", "div", "fma"};

static uint32_t ref_of(int op, int f, uint16_t a, uint16_t b, uint16_t c) {
  double y;
  switch (op) {
  case ADD: return h16ref_add(f, a, b, c, &y);
  case SUB: return h16ref_sub(f, a, b, c, &y);
  case MUL: return h16ref_mul(f, a, b, c, &y);
  case DIV: return h16ref_div(f, a, b, c, &y);
  default: return h16ref_fma(f, a, b, c, &y);
  }
}

/* MPFR: the operands exactly, the operation rounded once straight to the format */
static uint16_t mpfr_op(int op, int f, uint16_t a, uint16_t b, uint16_t c) {
  mpfr_t A, B, C, R;
  uint16_t out;
  mpfr_inits2(24, A, B, C, (mpfr_ptr)0);
  mpfr_init2(R, f16_p(f));
  mpfr_set_d(A, f16_decode(f, a), MPFR_RNDN), mpfr_set_d(B, f16_decode(f, b), MPFR_RNDN);
  mpfr_set_d(C, f16_decode(f, c), MPFR_RNDN);
  switch (op) {
  case ADD: H16T_ROUND(f, R, mpfr_add(R, A, B, MPFR_RNDN), out); break;
  case SUB: H16T_ROUND(f, R, mpfr_sub(R, A, B, MPFR_RNDN), out); break;
  case MUL: H16T_ROUND(f, R, mpfr_mul(R, A, B, MPFR_RNDN), out); break;
  case DIV: H16T_ROUND(f, R, mpfr_div(R, A, B, MPFR_RNDN), out); break;
  default: H16T_ROUND(f, R, mpfr_fma(R, A, B, C, MPFR_RNDN), out); break;
  }
  mpfr_clears(A, B, C, R, (mpfr_ptr)0);
  return out;
}

static void check_pair(int op, int f, uint16_t a, uint16_t b, uint16_t c) {
  const uint16_t got = (uint16_t)ref_of(op, f, a, b, c), want = mpfr_op(op, f, a, b, c);
  if (!h16t_same(f, got, want))
    fail_msg("%s format %d (0x%04x, 0x%04x, 0x%04x): reference 0x%04x, MPFR 0x%04x", op_names[op], f, a, b, c, got,
             want);
}

/* Random pairs over every bit pattern, and pairs of close magnitudes (cancellation). */
static void test_random_vs_mpfr(void **state) {
  (void)state;
  printf("seed 0x%016llx\n", (unsigned long long)test_rng_state);
  for (int f = 0; f < FMT16_N; f++)
    for (int op = 0; op < NOP; op++)
      for (int k = 0; k < 60000; k++) {
        const uint64_t r = test_rand64();
        uint16_t a = (uint16_t)r, b = (uint16_t)(r >> 16), c = (uint16_t)(r >> 32);
        if (k & 1) b = (uint16_t)((a & 0xff00) | (b & 0x80ff)), c = (uint16_t)((a ^ 0x8000) & 0xff00) | (c & 0xff);
        check_pair(op, f, a, b, c);
      }
}

/* The boundary values of format f (both signs): zeros, the smallest and largest
 * subnormals, the smallest normal, 1 and its successor, every power of two (ties at every
 * binade: 2^e + 2^(e-p) is the midpoint above 2^e), the largest finite value and its
 * predecessor, half an ulp of it, infinities and NaNs of several payloads. */
static int boundary_values(int f, uint16_t *v) {
  const int p = f16_p(f);
  int n = 0;
  const uint16_t inf = f16_inf(f), one = f == BF ? 0x3f80 : 0x3c00;
  const uint16_t fixed[] = {0x0000, 0x0001, 0x0002, (uint16_t)((1u << (p - 1)) - 1), (uint16_t)(1u << (p - 1)),
                            one, (uint16_t)(one + 1), (uint16_t)(inf - 1), (uint16_t)(inf - 2), inf,
                            (uint16_t)(inf + 1), (uint16_t)(inf | (1u << (p - 2))), 0x7fff, (uint16_t)(inf | 0x55)};
  for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) v[n++] = fixed[i], v[n++] = fixed[i] ^ 0x8000;
  for (uint32_t e = 1; e < (uint32_t)(inf >> (p - 1)); e += f == BF ? 5u : 1u) v[n++] = (uint16_t)(e << (p - 1));
  v[n++] = h16t_encode(f, f16_ulp(f, f16_decode(f, (uint16_t)(inf - 1))) / 2); /* half an ulp of the largest */
  v[n++] = 0x4c00, v[n++] = 0x4bff, v[n++] = 0x3555;                       /* 16, its predecessor, 1/3 (binary16) */
  return n;
}

static void test_boundary_vs_mpfr(void **state) {
  (void)state;
  uint16_t v[128];
  for (int f = 0; f < FMT16_N; f++) {
    const int n = boundary_values(f, v);
    for (int op = 0; op < NOP; op++)
      for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
          for (int k = 0; k < (op == FMA ? n : 1); k += op == FMA ? 3 : 1) check_pair(op, f, v[i], v[j], v[k]);
  }
}

/* Ties at every binade, through the operations: 2^e + 2^(e-p) is the midpoint of 2^e and its
 * successor (to even: 2^e), (2^e + ulp) + 2^(e-p) that of the successor (odd) and the next
 * (even: up); the product 3 (1 + 3 2^(1-p)) = 3 + 4.5 2^(2-p) is the midpoint of 3 + 4 ulps
 * (even) and 3 + 5 ulps in [2, 4), and the smallest subnormal added by an fma breaks it
 * upward (an fma rounding the product first would stay at the even one). */
static void test_ties_hand(void **state) {
  (void)state;
  for (int f = 0; f < FMT16_N; f++) {
    const int p = f16_p(f);
    for (int e = f16_emin(f) + 1; e <= f16_emax(f); e++) { /* 2^(e-p) is at least the smallest subnormal */
      const uint16_t a = h16t_encode(f, ldexp(1.0, e)), h = h16t_encode(f, ldexp(1.0, e - p));
      assert_int_equal(ref_of(ADD, f, a, h, 0), a);
      assert_int_equal(ref_of(ADD, f, (uint16_t)(a + 1), h, 0), (uint16_t)(a + 2));
      assert_int_equal(ref_of(SUB, f, (uint16_t)(a + 1), (uint16_t)(h ^ 0x8000), 0), (uint16_t)(a + 2));
    }
    const uint16_t three = h16t_encode(f, 3.0), b = h16t_encode(f, 1 + 3 * ldexp(1.0, 1 - p));
    const uint16_t even = h16t_encode(f, 3 + 4 * ldexp(1.0, 2 - p)), odd = (uint16_t)(even + 1);
    assert_int_equal(ref_of(MUL, f, three, b, 0), even);
    assert_int_equal(ref_of(FMA, f, three, b, 0x8000), even);
    assert_int_equal(ref_of(FMA, f, three, b, 0x0001), odd); /* binary64 p + c exact for binary16 ... */
  }
  /* ... and not for bfloat16: 3 + 4.5 2^-6 + 2^-133 rounds to the midpoint in binary64; the
   * TwoSum error (2^-133 > 0, t = -1) is what sends it up: bits 0x4045, not 0x4044 */
  assert_int_equal(ref_of(FMA, BF, 0x4040, 0x3f83, 0x0001), 0x4045);
}

/* Cases worked out by hand. */
static void test_cases_hand(void **state) {
  (void)state;
  /* 65504 + 16 = 65520: the midpoint of 65504 (0x7bff, odd) and 2^16; to even is 2^16,
   * past the largest: +inf. 65504 + 15.9921875 stays below it: 65504. */
  assert_int_equal(ref_of(ADD, B16, 0x7bff, 0x4c00, 0), 0x7c00);
  assert_int_equal(ref_of(ADD, B16, 0x7bff, 0x4bff, 0), 0x7bff);
  /* bfloat16: the largest (2 - 2^-7) 2^127 plus half its ulp 2^119 is the threshold: inf */
  assert_int_equal(ref_of(ADD, BF, 0x7f7f, 0x7b00, 0), 0x7f80);
  /* 1/3 = 1.0101010101|0101... 2^-2: rounded down to 0x3555 (0.333251953125) */
  assert_int_equal(ref_of(DIV, B16, 0x3c00, 0x4200, 0), 0x3555);
  /* bfloat16 1/3 = 1.0101010|1010... 2^-2: rounded up to 0x3eab */
  assert_int_equal(ref_of(DIV, BF, 0x3f80, 0x4040, 0), 0x3eab);
  /* 2^-24 * 0.5 = 2^-25, the midpoint of 0 and 2^-24: to even, +0; * 0.75: up, 2^-24 */
  assert_int_equal(ref_of(MUL, B16, 0x0001, 0x3800, 0), 0x0000);
  assert_int_equal(ref_of(MUL, B16, 0x0001, 0x3a00, 0), 0x0001);
  assert_int_equal(ref_of(MUL, B16, 0x8001, 0x3800, 0), 0x8000); /* -0 */
  /* fma residual: (1 + 2^-10)^2 = 1 + 2^-9 + 2^-20, RN = 1 + 2^-9 (0x3c02); the residual 2^-20
   * = 16 2^-24 is the subnormal 0x0010 */
  assert_int_equal(h16a_third(H16A_RESIDUAL, B16, 0x3c01, 0x3c01), 0xbc02);
  assert_int_equal(ref_of(FMA, B16, 0x3c01, 0x3c01, 0xbc02), 0x0010);
  /* zero signs: 1 - 1 = +0, -0 + -0 = -0, -0 * 3 + -0 = -0, -1 * 0 + +0 = +0 */
  assert_int_equal(ref_of(SUB, B16, 0x3c00, 0x3c00, 0), 0x0000);
  assert_int_equal(ref_of(ADD, BF, 0x8000, 0x8000, 0), 0x8000);
  assert_int_equal(ref_of(FMA, B16, 0x8000, 0x4200, 0x8000), 0x8000);
  assert_int_equal(ref_of(FMA, B16, 0xbc00, 0x0000, 0x0000), 0x0000);
  /* NaN: inf - inf, 0 * inf, 0 / 0, x / 0 = inf with the xor sign */
  assert_true(f16_isnan(B16, (uint16_t)ref_of(ADD, B16, 0x7c00, 0xfc00, 0)));
  assert_true(f16_isnan(BF, (uint16_t)ref_of(FMA, BF, 0x0000, 0x7f80, 0x3f80)));
  assert_true(f16_isnan(B16, (uint16_t)ref_of(DIV, B16, 0x0000, 0x8000, 0)));
  assert_int_equal(ref_of(DIV, B16, 0xbc00, 0x0000, 0), 0xfc00);
}

/* The exactness claims: every binary16 sum, difference and product, and every bfloat16
 * product, is a binary64 number. Every first operand against 64 second ones. */
static void test_exact_in_binary64(void **state) {
  (void)state;
  mpfr_t A, B, R;
  mpfr_inits2(400, A, B, R, (mpfr_ptr)0);
  for (uint32_t a = 0; a < 65536; a++)
    for (int k = 0; k < 64; k++) {
      const uint16_t b = (uint16_t)(a * 0x9e37u + (uint32_t)k * 0x3c6fu + (uint32_t)k);
      for (int f = 0; f < FMT16_N; f++) {
        const double x = f16_decode(f, (uint16_t)a), z = f16_decode(f, b);
        if (x - x != 0 || z - z != 0) continue;
        mpfr_set_d(A, x, MPFR_RNDN), mpfr_set_d(B, z, MPFR_RNDN);
        mpfr_mul(R, A, B, MPFR_RNDN);
        assert_true(mpfr_cmp_d(R, x * z) == 0);
        if (f == B16) {
          mpfr_add(R, A, B, MPFR_RNDN);
          assert_true(mpfr_cmp_d(R, x + z) == 0);
        }
      }
    }
  mpfr_clears(A, B, R, (mpfr_ptr)0);
}

/* The binary64 pairs (y, t) of the error-free transformations against MPFR's 53-bit
 * rounding and its ternary value (positive when the rounded value is above the exact one,
 * as t = sign(y - z)): the quotient with its remainder, the bfloat16 sum and the fma with
 * TwoSum. Random operands of every magnitude, and operands of far apart exponents (the
 * sums that binary64 rounds). */
static int sgn(int v) { return (v > 0) - (v < 0); }
static void test_pairs_vs_mpfr(void **state) {
  (void)state;
  mpfr_t A, B, C, R;
  mpfr_inits2(53, A, B, C, R, (mpfr_ptr)0);
  for (int k = 0; k < 400000; k++) {
    const uint64_t r = test_rand64();
    const int f = k & 1 ? BF : B16;
    uint16_t a = (uint16_t)r, b = (uint16_t)(r >> 16), c = (uint16_t)(r >> 32);
    if (k & 2) b = (uint16_t)((b & 0x807f) | 0x0080), c = (uint16_t)((c & 0x807f) | 0x0100); /* tiny b and c */
    const double x = f16_decode(f, a), z = f16_decode(f, b), w = f16_decode(f, c);
    if (x - x != 0 || z - z != 0 || w - w != 0) continue;
    mpfr_set_d(A, x, MPFR_RNDN), mpfr_set_d(B, z, MPFR_RNDN), mpfr_set_d(C, w, MPFR_RNDN);
    int t, inex;
    double e, y;
    if (z != 0) {
      y = h16_div_pair(x, z, &t);
      inex = mpfr_div(R, A, B, MPFR_RNDN);
      assert_true(mpfr_get_d(R, MPFR_RNDN) == y && t == sgn(inex));
    }
    y = h16_two_sum(x, z, &e);
    inex = mpfr_add(R, A, B, MPFR_RNDN);
    assert_true(mpfr_get_d(R, MPFR_RNDN) == y && sgn(e > 0 ? -1 : e < 0) == sgn(inex));
    y = h16_two_sum(x * z, w, &e);
    inex = mpfr_fma(R, A, B, C, MPFR_RNDN);
    assert_true(mpfr_get_d(R, MPFR_RNDN) == y && sgn(e > 0 ? -1 : e < 0) == sgn(inex));
  }
  mpfr_clears(A, B, C, R, (mpfr_ptr)0);
}

/* The documented clamps and NaN rules. */
static void test_clamps_minmax(void **state) {
  (void)state;
  double y;
  const struct {
    int post, f;
    uint16_t in, want;
  } cl[] = {{H16A_POST_sat, B16, 0x3c00, 0x3c00}, {H16A_POST_sat, B16, 0x3c01, 0x3c00},
            {H16A_POST_sat, B16, 0xbc00, 0x0000}, {H16A_POST_sat, B16, 0x8000, 0x0000}, /* -0: +0 (-0 < +0) */
            {H16A_POST_sat, B16, 0x7e00, 0x0000}, {H16A_POST_sat, BF, 0x7f80, 0x3f80},
            {H16A_POST_sat, BF, 0x3f00, 0x3f00},  {H16A_POST_relu, B16, 0xbc00, 0x0000},
            {H16A_POST_relu, B16, 0x7c01, 0x7fff}, {H16A_POST_relu, BF, 0x4040, 0x4040},
            {H16A_POST_relu, BF, 0xff80, 0x0000}};
  for (size_t i = 0; i < sizeof cl / sizeof cl[0]; i++) {
    y = f16_decode(cl[i].f, cl[i].in);
    const uint32_t r = h16a_post(cl[i].post, cl[i].f, cl[i].in, &y);
    assert_int_equal((uint16_t)r, cl[i].want);
    assert_true(r & H16R_STRICT);
    assert_int_equal(!!(r & H16R_CLAMPED), cl[i].in != cl[i].want);
  }
  const struct {
    uint32_t (*fn)(int, uint16_t, uint16_t, uint16_t, double *);
    uint16_t a, b, want;
  } mm[] = {{h16ref_max, 0x7e00, 0x3c00, 0x3c00},     {h16ref_max, 0x3c00, 0x7e01, 0x3c00},
            {h16ref_max, 0x7e01, 0xfe00, 0x7fff},     {h16ref_max_nan, 0x7e01, 0x3c00, 0x7fff},
            {h16ref_max_nan, 0x3c00, 0x4000, 0x4000}, {h16ref_max, 0x8000, 0x0000, 0x0000},
            {h16ref_max, 0x0000, 0x8000, 0x0000},     {h16ref_max, 0x8000, 0x8000, 0x8000},
            {h16ref_min, 0x0000, 0x8000, 0x8000},     {h16ref_min, 0x8000, 0x0000, 0x8000},
            {h16ref_min, 0xfc00, 0x7e00, 0xfc00},     {h16ref_min_nan, 0xfc00, 0x7e00, 0x7fff},
            {h16ref_min, 0xbc00, 0xc000, 0xc000},     {h16ref_max, 0x7c00, 0x7bff, 0x7c00}};
  for (size_t i = 0; i < sizeof mm / sizeof mm[0]; i++) {
    const uint32_t r = mm[i].fn(B16, mm[i].a, mm[i].b, 0, &y);
    assert_int_equal((uint16_t)r, mm[i].want);
    assert_true(r & H16R_STRICT);
  }
}

static int acc_eq(const struct h16a_acc *x, const struct h16a_acc *y) {
  int eq = x->pairs == y->pairs && x->exact == y->exact && x->max_err == y->max_err && x->max_err_at == y->max_err_at &&
           x->digest == y->digest && x->s0 == y->s0 && x->s1 == y->s1;
  for (int k = 0; k < H16_NCLS; k++) eq &= x->cls[k] == y->cls[k] && x->first[k] == y->first[k];
  return eq;
}

/* The statistics of a row: correct outputs (the reference's), then planted mismatches of
 * each class; any order of merging pieces gives the same statistics. */
static void test_acc_planted(void **state) {
  (void)state;
  const struct h16a_variant *v = h16a_find("__hadd_sat.f16");
  assert_non_null(v);
  const uint16_t a = 0x3800; /* 0.5 + b, clamped to [0, 1] */
  struct h16a_acc all, part[4], m1, m2;
  h16a_acc_init(&all);
  for (int k = 0; k < 4; k++) h16a_acc_init(&part[k]);
  for (uint32_t b = 0; b < 65536; b++) {
    double y;
    const uint32_t r = h16a_expected(v, a, (uint16_t)b, 0, &y), i = ((uint32_t)a << 16) | b;
    uint16_t out = (uint16_t)r;
    if (b == 0x3400) out = 0x3bff;   /* 0.5 + 0.25 = 0.75 (0x3a00): planted 0x3bff, rounding */
    if (b == 0x3c00) out = 0x3e00;   /* 1.5 clamped to 1: planted 1.5, overflow (the clamp) */
    if (b == 0x7e00) out = 0x7e00;   /* NaN flushed to +0: planted NaN */
    if (b == 0x0001) out = 0x3800;   /* 0.5 + 2^-24 rounds to 0.5: right, not planted */
    if (b == 0x8001) out = 0x37ff;   /* 0.5 - 2^-24, nearest 0.5: planted 0x37ff, a subnormal operand */
    const int c1 = h16a_add(&all, v->fmt, i, 0, 0, out, r, y);
    h16a_add(&part[b % 4], v->fmt, i, 0, 0, out, r, y);
    if (b == 0x3400) assert_int_equal(c1, H16_ROUNDING);
    if (b == 0x3c00) assert_int_equal(c1, H16_OVERFLOW);
    if (b == 0x7e00) assert_int_equal(c1, H16_NAN);
    if (b == 0x8001) assert_int_equal(c1, H16_SUBNORMAL);
  }
  assert_int_equal(all.pairs, 65536), assert_int_equal(all.exact, 65532);
  assert_int_equal(all.first[H16_ROUNDING], 0x38003400u), assert_int_equal(all.first[H16_ZERO_SIGN], 0xffffffffu);
  /* the largest error: 1.5 planted where the clamp gives 1, 0.5 off, 512 ulps of 2^-10 (the
   * planted 0x3bff = 0.99951171875 against 0.75 is 0.24951171875 off, 511 ulps of 2^-11) */
  assert_true(all.max_err == 512.0 && all.max_err_at == 0x38003c00u);
  h16a_acc_init(&m1), h16a_acc_init(&m2);
  for (int k = 0; k < 4; k++) h16a_merge(&m1, &part[k]);
  for (int k = 3; k >= 0; k--) h16a_merge(&m2, &part[k]);
  assert_true(acc_eq(&m1, &all) && acc_eq(&m2, &all));
}

/* JSON written and read back, and merges of shards keep the first pairs in order. */
static void test_json_merge(void **state) {
  (void)state;
  const struct h16a_variant *v = h16a_find("__hfma.bf16.residual"), *rv;
  struct h16a_stats s = {0}, t = {0}, back;
  assert_non_null(v);
  h16a_acc_init(&s.acc), h16a_acc_init(&t.acc);
  s.acc.pairs = 100, s.acc.exact = 98, s.acc.cls[H16_NAN] = 2, s.acc.first[H16_NAN] = 0x00050007u;
  s.acc.max_err = 0.5, s.acc.max_err_at = 0x00010002u, s.acc.digest = 0x0123456789abcdefull;
  s.nlist = 2;
  s.list[0] = (struct h16a_sample){0x00050007u, 0x8000, 0x7e00, 0x0000, H16_NAN, -1};
  s.list[1] = (struct h16a_sample){0x00050009u, 0x8001, 0x7e00, 0x0001, H16_NAN, -1};
  json_t *o = h16a_stats_json(v, &s);
  assert_int_equal(h16a_stats_read(o, &rv, &back), 0);
  json_decref(o);
  assert_ptr_equal(rv, v);
  assert_true(acc_eq(&back.acc, &s.acc));
  assert_int_equal(back.nlist, 2), assert_int_equal(back.list[1].i, 0x00050009u);
  t.acc.pairs = 10, t.acc.exact = 9, t.acc.cls[H16_ROUNDING] = 1, t.acc.first[H16_ROUNDING] = 0x00050008u;
  t.nlist = 1, t.list[0] = (struct h16a_sample){0x00050008u, 0, 1, 2, H16_ROUNDING, 1.0};
  h16a_stats_merge(&back, &t);
  assert_int_equal(back.acc.pairs, 110), assert_int_equal(back.nlist, 3);
  assert_int_equal(back.list[0].i, 0x00050007u), assert_int_equal(back.list[1].i, 0x00050008u);
  assert_int_equal(back.list[2].i, 0x00050009u);
  assert_string_equal(h16a_verdict(&back), "VIOLATED");
}

/* The arch moments: rows with arbitrary sums; one output of pair i moved by d changes its
 * row's s0 by d, s1 by d (b + 1): the bins name i and d back. */
static void test_bins_locate(void **state) {
  (void)state;
  struct h16a_acc *rows = calloc(65536, sizeof *rows);
  struct h16a_bin *then = calloc(H16A_NBIN, sizeof *then), *now = calloc(H16A_NBIN, sizeof *now);
  assert_non_null(rows);
  for (uint32_t r = 0; r < 65536; r++) /* sums of 65,536 outputs below 2^16: s0 < 2^32, s1 < 2^48 */
    rows[r].s0 = (1ull << 31) + (test_rand64() >> 34), rows[r].s1 = (1ull << 47) + (test_rand64() >> 18),
    rows[r].digest = test_rand64();
  h16a_bins_of(rows, then);
  const uint32_t i = 0x9a7b1234u;
  const int64_t d = -0x1234;
  rows[i >> 16].s0 += (uint64_t)d, rows[i >> 16].s1 += (uint64_t)(d * (int64_t)((i & 0xffff) + 1));
  h16a_bins_of(rows, now);
  uint32_t gi = 0;
  int64_t gd = 0;
  for (uint32_t k = 0; k < H16A_NBIN; k++)
    if (k != (i >> 24)) assert_true(then[k].m0 == now[k].m0 && then[k].m1 == now[k].m1);
  assert_int_equal(h16a_bin_change(&then[i >> 24], &now[i >> 24], i >> 24, &gi, &gd), 1);
  assert_int_equal(gi, i), assert_true(gd == d);
  free(rows), free(then), free(now);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_random_vs_mpfr), cmocka_unit_test(test_boundary_vs_mpfr),
      cmocka_unit_test(test_ties_hand),      cmocka_unit_test(test_cases_hand),
      cmocka_unit_test(test_exact_in_binary64), cmocka_unit_test(test_pairs_vs_mpfr),
      cmocka_unit_test(test_clamps_minmax),
      cmocka_unit_test(test_acc_planted),    cmocka_unit_test(test_json_merge),
      cmocka_unit_test(test_bins_locate)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
