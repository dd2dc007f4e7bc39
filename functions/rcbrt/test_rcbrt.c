/* test_rcbrt.c: the rcbrt reference against independent evaluations (the shared body:
 * tests/ref/elem_body.h). */
#include "tests/ref/root3.h"

ELEM_DECLARE(rcbrt)

/* independent: sign(x) exp(-ln|x| / 3) in Arb */
static int arb_rcbrt_alt(arb_t r, const arb_t x, slong prec) { return root3_arb(r, x, prec, -1); }

/* independent coefficients of |x|^(-1/3) with the sign of x (root3_coeffs) */
static int rcbrt_alt(arb_ptr c, const arb_t p, slong len, slong prec) { return root3_coeffs(c, p, len, prec, -1); }

/* every power 2^(3k) of binary32, by hand: rcbrt(+-2^(3k)) = +-2^-k, answered by the
 * shortcut */
static void powers_8(const struct elem_test *T) {
  for (int k = -49; k <= 42; k++) {
    uint32_t b = f2u((float)ldexp(1.0, 3 * k));
    re_expect(T->mpfr, b, ldexp(1.0, -k), 0);
    re_expect(T->mpfr, b | RE_SIGN32, -ldexp(1.0, -k), 0);
    assert_true(re_check_one(T->mpfr, T->shortcut, RE_ODD, b));
    assert_true(re_check_one(T->mpfr, T->shortcut, RE_ODD, b | RE_SIGN32));
  }
}

/* root3_check_ends, and around every power of two, subnormal ones included, in the
 * engine's mirrored use */
static void ends_and_powers(const struct elem_test *T, uint32_t sg) {
  root3_check_ends(T, sg);
  for (int e = -149; e <= 127; e++) {
    uint32_t b = f2u((float)ldexp(1.0, e));
    for (int d = -2; d <= 2; d++) re_check_one(T->mpfr, T->shortcut, RE_ODD, (b + d) | sg);
  }
}

/* the shortcut answers every non-NaN input; where it says t = 0 the result is exact:
 * y^-3 = x, and only on the powers 2^(3k); then root3_check_answered */
static void exact_only_on_powers(const struct elem_test *T) {
  for (uint64_t b = 1; b < 0x7f800000u; b += 4093) {
    double y;
    int t;
    assert_true(T->shortcut((uint32_t)b, &y, &t));
    if (t == 0) {
      int e;
      assert_true(frexp((double)u2f((uint32_t)b), &e) == 0.5 && (e - 1) % 3 == 0);
      assert_true(1.0 / (y * y * y) == (double)u2f((uint32_t)b));
    }
  }
  root3_check_answered(T);
}

/* IEEE 754 rootn(x, -3): +-0 -> +-inf, +-inf -> +-0, real roots of negatives */
static const struct re_hand hand[] = {
    {0x00000000u, INFINITY, 0}, {0x80000000u, -INFINITY, 0}, {0x7f800000u, 0.0, 0}, {0xff800000u, -0.0, 0},
    {0x7fc00000u, NAN, 0}, {0x41000000u, 0.5, 0} /* 8 */, {0xc1000000u, -0.5, 0} /* -8 */,
    {0x3e000000u, 2.0, 0} /* 1/8 */,
    {0x00000004u, 0x1p+49, 0} /* 2^-147 */,
    /* 27: 1/3 is not dyadic; RN53(1/3) = 0x1.5555555555555p-2 lies below 1/3 */
    {0x41d80000u, 0x1.5555555555555p-2, -1}};
static const struct re_range arb_ranges[] = {{3000, 1, 0x7f7fffffu, RE_BOTH}, {300, 1, 0x00800000u, RE_BOTH}};

static const struct elem_test rcbrt_test = {
    ELEM_FUNCTIONS(rcbrt), .sym = RE_ODD,
    .hand = RE_LIST(hand), .mpfr_extra = powers_8, .arb = arb_rcbrt_alt, .arb_ranges = RE_LIST(arb_ranges),
    .signs = 2, .sign_extra = ends_and_powers, .after = exact_only_on_powers,
    .alt = rcbrt_alt, .balls_random = RE_LIST(root3_balls_random), .balls_at = RE_LIST(root3_balls_at),
    .refuses = RE_LIST(root3_refuses), .nonfinite = 1};

ELEM_MAIN(rcbrt_test)
