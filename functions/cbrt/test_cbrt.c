/* test_cbrt.c: the cbrt reference against independent evaluations (the shared body:
 * tests/ref/elem_body.h). */
#include "tests/ref/root3.h"

ELEM_DECLARE(cbrt)

/* independent: sign(x) exp(ln|x| / 3) in Arb */
static int arb_cbrt_alt(arb_t r, const arb_t x, slong prec) { return root3_arb(r, x, prec, 1); }

/* independent coefficients of |x|^(1/3) with the sign of x (root3_coeffs) */
static int cbrt_alt(arb_ptr c, const arb_t p, slong len, slong prec) { return root3_coeffs(c, p, len, prec, 1); }

/* every perfect cube n^3 2^(3k) in binary32 (n odd <= 255), found independently of the
 * shortcut by cubing: count them and check the exact results */
static void test_cubes(void **state) {
  (void)state;
  long count = 0;
  for (uint32_t n = 1; n < 256; n += 2)
    for (int k = -60; k <= 50; k++) {
      double x = ldexp((double)(n * n * n), 3 * k); /* exact: n^3 < 2^24 */
      float xf = (float)x;
      if ((double)xf != x || isinf(xf)) continue; /* not a binary32 number */
      count++;
      re_expect(ref_cbrt_mpfr, f2u(xf), ldexp((double)n, k), 0);
      re_expect(ref_cbrt_mpfr, f2u(-xf), -ldexp((double)n, k), 0);
      assert_true(re_check_one(ref_cbrt_mpfr, ref_cbrt_shortcut, RE_ODD, f2u(xf)));
      assert_true(re_check_one(ref_cbrt_mpfr, ref_cbrt_shortcut, RE_ODD, f2u(-xf)));
      for (int d = -3; d <= 3; d++) re_check_one(ref_cbrt_mpfr, ref_cbrt_shortcut, RE_ODD, f2u(xf) + d);
    }
  /* the shortcut answers every non-NaN input; where it says t = 0 the cube root is exact:
   * y^3 = x exactly (y has at most 8 significant bits, so y^3 is exact in binary64), and
   * the exact answers on a stride of the line are as many as the cubes found above there */
  long exact = 0, cubes = 0;
  for (uint64_t b = 1; b < 0x7f800000u; b += 4093) {
    double y;
    int t;
    assert_true(ref_cbrt_shortcut((uint32_t)b, &y, &t));
    if (t == 0) {
      exact++;
      assert_true(y * y * y == (double)u2f((uint32_t)b));
    }
    double x = (double)u2f((uint32_t)b), m = x;
    int e = 0;
    while (m != floor(m)) m *= 2, e--; /* x = m 2^e, m an integer */
    while (fmod(m, 2.0) == 0) m /= 2, e++; /* m odd */
    long n = lround(cbrt(m));
    if (e % 3 == 0 && (double)(n * n * n) == m) cubes++;
  }
  assert_int_equal(exact, cubes);
  assert_true(count > 1000);
}

/* The exact integer arithmetic of reference/shared/elem_hd.h against GMP: products, shifts
 * and the scaled comparison, on random operands of every size the shortcuts use. */
static void mp_to_mpz(mpz_t z, const struct re_mp *a) {
  mpz_set_ui(z, 0);
  for (int i = RE_MPW - 1; i >= 0; i--) {
    mpz_mul_2exp(z, z, 32);
    mpz_add_ui(z, z, a->w[i]);
  }
}
static uint64_t rand_bits(int n) { return n >= 64 ? re_rand() : re_rand() & ((1ull << n) - 1); }
static void test_mp(void **state) {
  (void)state;
  mpz_t A, B, P, Q;
  mpz_inits(A, B, P, Q, NULL);
  for (int i = 0; i < 200000; i++) {
    uint64_t u = rand_bits(1 + (int)(re_rand() % 55)) | 1, v = rand_bits(1 + (int)(re_rand() % 24)) | 1;
    struct re_mp a, b, c;
    re_mp_set(&a, u);
    re_mp_set(&b, v);
    re_mp_mul(&c, &a, &a);
    re_mp_mul(&c, &c, &a);
    re_mp_mul(&c, &c, &b); /* v u^3 < 2^189 */
    mpz_set_ui(P, u);
    mpz_pow_ui(P, P, 3);
    mpz_mul_ui(P, P, v);
    mp_to_mpz(Q, &c);
    assert_true(mpz_cmp(P, Q) == 0);
    assert_int_equal(re_mp_bitlen(&c), (int)mpz_sizeinbase(P, 2));
    /* sign(c 2^ea - b 2^eb) against GMP, exponents near and far from equality */
    int lp = (int)mpz_sizeinbase(P, 2), sh = lp > 24 ? lp - 24 : 0;
    int eb = (int)(re_rand() % 64) - 32, ea;
    struct re_mp d = b;
    if (re_rand() & 1) { /* leading bits at nearby positions */
      ea = eb - (lp - re_mp_bitlen(&b)) + (int)(re_rand() % 5) - 2;
    } else { /* d = the top 24 bits of c, plus -1, 0 or 1, aligned with c */
      mpz_fdiv_q_2exp(Q, P, (mp_bitcnt_t)sh);
      re_mp_set(&d, mpz_get_ui(Q) + (re_rand() % 3) - 1);
      if (re_mp_bitlen(&d) == 0) re_mp_set(&d, 1);
      ea = eb - sh;
    }
    mp_to_mpz(A, &c);
    mp_to_mpz(B, &d);
    if (ea >= eb) mpz_mul_2exp(A, A, (mp_bitcnt_t)(ea - eb));
    else mpz_mul_2exp(B, B, (mp_bitcnt_t)(eb - ea));
    int want = mpz_cmp(A, B);
    want = (want > 0) - (want < 0);
    assert_int_equal(re_mp_cmp2(&c, ea, &d, eb), want);
  }
  mpz_clears(A, B, P, Q, NULL);
}

static const struct re_hand hand[] = {
    {0x00000000u, 0.0, 0}, {0x80000000u, -0.0, 0}, {0x7f800000u, INFINITY, 0}, {0xff800000u, -INFINITY, 0},
    {0x7fc00000u, NAN, 0},
    /* cbrt(2) = 1.25992104989487316476...; binary64 0x1.428a2f98d728bp+0 =
     * 1.25992104989487319066... above it */
    {0x40000000u, 0x1.428a2f98d728bp+0, 1}};
static const struct re_range arb_ranges[] = {{3000, 1, 0x7f7fffffu, RE_BOTH}, {300, 1, 0x00800000u, RE_BOTH}};

static const struct elem_test cbrt_test = {
    ELEM_FUNCTIONS(cbrt), .sym = RE_ODD,
    .hand = RE_LIST(hand), .arb = arb_cbrt_alt, .arb_ranges = RE_LIST(arb_ranges),
    .signs = 2, .sign_extra = root3_check_ends, .after = root3_check_answered,
    .alt = cbrt_alt, .balls_random = RE_LIST(root3_balls_random), .balls_at = RE_LIST(root3_balls_at),
    .refuses = RE_LIST(root3_refuses), .nonfinite = 1};

ELEM_MAIN(cbrt_test, cmocka_unit_test(test_cubes), cmocka_unit_test(test_mp))
