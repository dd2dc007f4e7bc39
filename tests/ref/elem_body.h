/* elem_body.h: the one test body of the elementary references (acos acosh asin asinh atan
 * atanh cbrt cosh cospi expm1 log10 log1p rcbrt sinh sinpi tan), configured per function
 * by a struct elem_test, as MPFR's tests/tgeneric.c is by its defines. A function's test
 * file holds what is its own: the independent evaluations (the value in Arb by another
 * formula, the Taylor coefficients), the values derived by hand, the thresholds of its
 * shortcut with what it claims on each side, and the balls of its series; then
 * ELEM_MAIN(its struct, its extra tests). The three tests every function has:
 *
 *  test_mpfr      the referee through the engine's recipe at the values by hand
 *                 (re_expect), mpfr_extra if any, then at random inputs of each range
 *                 against the independent evaluation (re_check_arb, or the test's own
 *                 check);
 *  test_shortcut  the shortcut against the referee: the boundaries without sign
 *                 (pre_bounds), then for each sign (signs = 2) or once: the boundaries
 *                 with that sign, the inputs it must answer, sign_extra, every input
 *                 within 2 of each power of two below sweep_end, and n_mixed rounds of one
 *                 random input per mixed range (once after the loop when mixed_once);
 *                 then post_bounds, post_answered, after, and n_random random patterns
 *                 over the line of which more than random_min must be answered;
 *  test_series    the series against the independent coefficients at random balls and
 *                 at given balls, refusing the given balls and (nonfinite) the
 *                 non-finite ones.
 *
 * The random inputs come from re_rand in this order, so that a function's inputs are the
 * same from run to run. */
#ifndef ULPCERT_TESTS_REF_ELEM_BODY_H
#define ULPCERT_TESTS_REF_ELEM_BODY_H

#include "tests/ref/elem.h"

/* a value by hand: the referee at x is (y, t) */
struct re_hand {
  uint32_t x;
  double y;
  int t;
};
/* n random inputs re_rand_in(lo, hi, sign == RE_BOTH), with the sign bit set when
 * sign == RE_NEG; n = RE_EVERY: every pattern from lo to hi */
struct re_range {
  int n;
  uint32_t lo, hi;
  int sign;
};
enum { RE_POS = 0, RE_BOTH = 1, RE_NEG = 2 };
#define RE_EVERY (-1)
/* a threshold of the shortcut and its claim (re_check_boundary) */
struct re_bound {
  uint32_t x;
  int claim;
};
/* series balls: n random ones with centres in [lo, hi] (re_check_series_random); one at
 * m +- r with len coefficients at prec bits (re_check_series_at); one to refuse (struct
 * re_ball, elem.h) */
struct re_ball_random {
  double lo, hi, rel;
  int n;
};
struct re_ball_at {
  double m, r;
  slong len, prec;
};

struct elem_test {
  re_mpfr_fn mpfr;
  re_shortcut_fn shortcut;
  re_series_fn series;
  int sym; /* RE_ODD, RE_EVEN or RE_NONE: how the engine asks the shortcut */
  /* test_mpfr */
  RE_LIST_OF(struct re_hand) hand;
  void (*mpfr_extra)(const struct elem_test *T);
  re_arb_fn arb;           /* the independent evaluation */
  void (*check)(uint32_t); /* instead of re_check_arb with arb, when set */
  RE_LIST_OF(struct re_range) arb_ranges;
  /* test_shortcut */
  RE_LIST_OF(struct re_bound) pre_bounds;
  int signs; /* 2: the per-sign checks for +x and -x; 1: as given */
  RE_LIST_OF(struct re_bound) bounds;
  RE_LIST_OF(uint32_t) answered;
  void (*sign_extra)(const struct elem_test *T, uint32_t sg);
  uint32_t sweep_end; /* powers of two from 2^-126 below it (0: none) */
  int sweep_incl;     /* ... or up to it */
  int n_mixed, mixed_once;
  RE_LIST_OF(struct re_range) mixed; /* answered, every one */
  RE_LIST_OF(struct re_bound) post_bounds;
  RE_LIST_OF(uint32_t) post_answered;
  void (*after)(const struct elem_test *T);
  long n_random, random_min;
  /* test_series */
  re_alt_fn alt; /* the independent Taylor coefficients */
  RE_LIST_OF(struct re_ball_random) balls_random;
  RE_LIST_OF(struct re_ball_at) balls_at;
  RE_LIST_OF(struct re_ball) refuses;
  int nonfinite;
  /* test_nan_bits: an input whose result is a NaN (0: none) */
  uint32_t nan_bits;
};

static inline uint32_t re_range_draw(const struct re_range *r) {
  return re_rand_in(r->lo, r->hi, r->sign == RE_BOTH) | (r->sign == RE_NEG ? RE_SIGN32 : 0);
}

static inline void elem_check_referee(const struct elem_test *T, uint32_t xb) {
  if (T->check) T->check(xb);
  else re_check_arb(T->mpfr, T->arb, xb);
}

static inline void elem_test_mpfr(const struct elem_test *T) {
  for (size_t i = 0; i < T->hand.n; i++) re_expect(T->mpfr, T->hand.v[i].x, T->hand.v[i].y, T->hand.v[i].t);
  if (T->mpfr_extra) T->mpfr_extra(T);
  for (size_t i = 0; i < T->arb_ranges.n; i++) {
    const struct re_range *r = &T->arb_ranges.v[i];
    if (r->n == RE_EVERY)
      for (uint32_t b = r->lo; b <= r->hi; b++) elem_check_referee(T, b);
    else
      for (int k = 0; k < r->n; k++) elem_check_referee(T, re_range_draw(r));
  }
}

static inline void elem_check_bounds(const struct elem_test *T, const struct re_bound *b, size_t n, uint32_t sg) {
  for (size_t i = 0; i < n; i++) re_check_boundary(T->mpfr, T->shortcut, T->sym, b[i].x | sg, b[i].claim);
}

static inline void elem_check_answered(const struct elem_test *T, const uint32_t *x, size_t n, uint32_t sg) {
  for (size_t i = 0; i < n; i++) assert_true(re_check_one(T->mpfr, T->shortcut, T->sym, x[i] | sg));
}

/* n_mixed rounds of one random input per mixed range, each answered */
static inline void elem_check_mixed(const struct elem_test *T, uint32_t sg) {
  for (int i = 0; i < T->n_mixed; i++)
    for (size_t k = 0; k < T->mixed.n; k++)
      assert_true(re_check_one(T->mpfr, T->shortcut, T->sym, re_range_draw(&T->mixed.v[k]) | sg));
}

static inline void elem_test_shortcut(const struct elem_test *T) {
  elem_check_bounds(T, T->pre_bounds.v, T->pre_bounds.n, 0);
  for (int s = 0; s < T->signs; s++) {
    uint32_t sg = s ? RE_SIGN32 : 0;
    elem_check_bounds(T, T->bounds.v, T->bounds.n, sg);
    elem_check_answered(T, T->answered.v, T->answered.n, sg);
    if (T->sign_extra) T->sign_extra(T, sg);
    for (uint32_t b = 0x00800000u; b < T->sweep_end || (T->sweep_incl && b == T->sweep_end); b += 0x00800000u)
      for (int d = -2; d <= 2; d++) assert_true(re_check_one(T->mpfr, T->shortcut, T->sym, (b + d) | sg));
    if (!T->mixed_once) elem_check_mixed(T, sg);
  }
  if (T->mixed_once) elem_check_mixed(T, 0);
  elem_check_bounds(T, T->post_bounds.v, T->post_bounds.n, 0);
  elem_check_answered(T, T->post_answered.v, T->post_answered.n, 0);
  if (T->after) T->after(T);
  if (T->n_random) assert_true(re_check_random(T->mpfr, T->shortcut, T->sym, T->n_random) > T->random_min);
}

static inline void elem_test_series(const struct elem_test *T) {
  for (size_t i = 0; i < T->balls_random.n; i++) {
    const struct re_ball_random *b = &T->balls_random.v[i];
    re_check_series_random(T->series, T->alt, b->lo, b->hi, b->rel, b->n);
  }
  for (size_t i = 0; i < T->balls_at.n; i++) {
    const struct re_ball_at *b = &T->balls_at.v[i];
    re_check_series_at(T->series, T->alt, b->m, b->r, b->len, b->prec);
  }
  for (size_t i = 0; i < T->refuses.n; i++) re_check_series_refuses(T->series, T->refuses.v[i].m, T->refuses.v[i].r);
  if (T->nonfinite) re_check_series_nonfinite(T->series);
}

/* The referee, shortcut and series of the function name, declared for its test. */
#define ELEM_DECLARE(name)                                           \
  int ref_##name##_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd); \
  int ref_##name##_shortcut(uint32_t xbits, double *y, int *t);     \
  int ref_##name##_series(arb_ptr res, const arb_t x, slong len, slong prec);
#define ELEM_FUNCTIONS(name) .mpfr = ref_##name##_mpfr, .shortcut = ref_##name##_shortcut, .series = ref_##name##_series

/* The test program of the struct elem_test T: test_mpfr, test_shortcut, the extra tests
 * listed (test_nan_bits among them where T has nan_bits: NaN results carry MPFR's NaN
 * bits, which refcheck compares), then test_series. */
#define ELEM_MAIN(T, ...)                                                                      \
  static void test_mpfr(void **state) {                                                        \
    (void)state;                                                                               \
    elem_test_mpfr(&(T));                                                                      \
  }                                                                                            \
  static void test_shortcut(void **state) {                                                    \
    (void)state;                                                                               \
    elem_test_shortcut(&(T));                                                                  \
  }                                                                                            \
  static void test_series(void **state) {                                                      \
    (void)state;                                                                               \
    elem_test_series(&(T));                                                                    \
  }                                                                                            \
  __attribute__((unused)) static void test_nan_bits(void **state) {                            \
    (void)state;                                                                               \
    re_check_nan_bits((T).mpfr, (T).shortcut, (T).nan_bits);                                  \
  }                                                                                            \
  RE_TEST_MAIN(cmocka_unit_test(test_mpfr), cmocka_unit_test(test_shortcut), ##__VA_ARGS__, \
               cmocka_unit_test(test_series))

#endif
