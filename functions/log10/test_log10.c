/* test_log10.c: the log10 reference against independent evaluations (the shared body:
 * tests/ref/elem_body.h). */
#include "tests/ref/elem_body.h"

ELEM_DECLARE(log10)

/* independent: ln x / ln 10 in Arb */
static int arb_log10_alt(arb_t r, const arb_t x, slong prec) {
  arb_t a, b;
  arb_init(a);
  arb_init(b);
  arb_log(a, x, prec);
  arb_log_ui(b, 10, prec);
  arb_div(r, a, b, prec);
  arb_clear(a);
  arb_clear(b);
  return 0;
}

/* independent coefficients, by hand: c0 = ln p / ln 10, c_k = (-1)^(k-1) / (k p^k ln 10) */
static int log10_alt(arb_ptr c, const arb_t p, slong len, slong prec) {
  arb_t q, w, l;
  arb_init(q);
  arb_init(w);
  arb_init(l);
  arb_log_ui(l, 10, prec);
  arb_inv(q, p, prec);
  arb_inv(w, l, prec);
  for (slong k = 1; k < len; k++) {
    arb_mul(w, w, q, prec);
    arb_div_ui(c + k, w, (ulong)k, prec);
    if (!(k & 1)) arb_neg(c + k, c + k);
  }
  if (len > 0) arb_log10_alt(c, p, prec);
  arb_clear(q);
  arb_clear(w);
  arb_clear(l);
  return 0;
}

/* the powers of ten 1, 10, ..., 10^10 = 0x1.2a05f2p+33 (exact in binary32): log10 exact */
static void powers_of_ten(const struct elem_test *T) {
  double p = 1.0;
  for (int k = 0; k <= 10; k++, p *= 10.0) re_expect(T->mpfr, f2u((float)p), (double)k, 0);
}

/* the shortcut at and around the powers of ten: answered at 10^k for k <= 10 (for k >= 11,
 * the binary32 number nearest 10^k) */
static void powers_of_ten_shortcut(const struct elem_test *T, uint32_t sg) {
  double p = 1.0;
  for (int k = 0; k <= 12; k++, p *= 10.0) {
    uint32_t b = f2u((float)p) | sg;
    re_check_boundary(T->mpfr, T->shortcut, T->sym, b, 0);
    if (k <= 10) assert_true(re_check_one(T->mpfr, T->shortcut, T->sym, b));
  }
}

static const struct re_hand hand[] = {
    {0x00000000u, -INFINITY, 0}, {0x80000000u, -INFINITY, 0}, {0x7f800000u, INFINITY, 0}, {0xff800000u, NAN, 0},
    {0x80000001u, NAN, 0}, {0xbf800000u, NAN, 0}, {0x7fc00000u, NAN, 0},
    /* log10(2) = 0.30102999566398119521...; binary64 0x1.34413509f79ffp-2 =
     * 0.30102999566398119802... above it */
    {0x40000000u, 0x1.34413509f79ffp-2, 1}};
static const struct re_range arb_ranges[] = {{3000, 1, 0x7f7fffffu, RE_POS}, {300, 0x3f7f0000u, 0x3f810000u, RE_POS}};
static const struct re_bound bounds[] = {{0x00000000u, 0}, {0x80000000u, 1}, {0xff800000u, -1}, {0x7f800000u, 0}};
static const uint32_t answered[] = {0x00000000u, 0x7f800000u, 0xff800000u};
static const struct re_range mixed[] = {{1, 1, 0x7f800000u, RE_NEG}};
static const struct re_ball_random balls_random[] = {
    {0.001, 100.0, 0x1p-12, 300}, {1e-30, 1e-20, 0.5, 50}, {1e20, 1e30, 0.5, 50}};
static const struct re_ball_at balls_at[] = {{5.0, 4.9, 8, 64}};
static const struct re_ball refuses[] = {{0.0, 0.0}, {0.001, 0.002}, {-2.0, 0.5}};

static const struct elem_test log10_test = {
    ELEM_FUNCTIONS(log10), .sym = RE_NONE,
    .hand = RE_LIST(hand), .mpfr_extra = powers_of_ten, .arb = arb_log10_alt, .arb_ranges = RE_LIST(arb_ranges),
    .signs = 1, .bounds = RE_LIST(bounds), .answered = RE_LIST(answered), .sign_extra = powers_of_ten_shortcut,
    .n_mixed = 5000, .mixed = RE_LIST(mixed), .n_random = 60000, .random_min = 25000,
    .alt = log10_alt, .balls_random = RE_LIST(balls_random), .balls_at = RE_LIST(balls_at),
    .refuses = RE_LIST(refuses), .nonfinite = 1};

ELEM_MAIN(log10_test)
