/* test_exprfast.c: expressions and the activation references through the fast path
 * (the table of polynomials built from expr_series, reference/expr/expr.h).
 *
 * The fast path must give exactly the reference's (y, t) or decline. Expected values
 * come from elsewhere: naive MPFR loops written here at 300 bits in the widest exponent
 * range, rounded here to binary64 (subnormals included), some through another formula
 * of the same function (2 sigmoid(2x) - 1 = tanh x, MPFR's own tanh); Taylor
 * coefficients derived by hand; and, on the command line, runs with the fast path
 * against runs without it. */
#include "testutil.h"
#include "naive64.h"

#include <jansson.h>
#include <mpfr.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "reference/expr/expr.h"
#include "src/catalogue/registry.h"
#include "reference/fast/fast.h"
#include "reference/fast/fastref.h"

#define NAIVE_PREC 300

static void nv_silu(mpfr_ptr z, mpfr_srcptr x) {
  mpfr_t e;
  mpfr_init2(e, mpfr_get_prec(z));
  mpfr_neg(e, x, MPFR_RNDN);
  mpfr_exp(e, e, MPFR_RNDN);
  mpfr_add_ui(e, e, 1, MPFR_RNDN);
  mpfr_div(z, x, e, MPFR_RNDN);
  mpfr_clear(e);
}
static void nv_xerf(mpfr_ptr z, mpfr_srcptr x) {
  mpfr_erf(z, x, MPFR_RNDN);
  mpfr_mul(z, z, x, MPFR_RNDN);
}
static void nv_softplus(mpfr_ptr z, mpfr_srcptr x) {
  mpfr_exp(z, x, MPFR_RNDN);
  mpfr_add_ui(z, z, 1, MPFR_RNDN);
  mpfr_log(z, z, MPFR_RNDN);
}
static void nv_tanh(mpfr_ptr z, mpfr_srcptr x) { mpfr_tanh(z, x, MPFR_RNDN); } /* = 2 sigmoid(2x) - 1 */
static void nv_cbrt_sin(mpfr_ptr z, mpfr_srcptr x) {
  mpfr_t s;
  mpfr_init2(s, NAIVE_PREC);
  mpfr_sin(s, x, MPFR_RNDN);
  mpfr_cbrt(z, x, MPFR_RNDN);
  mpfr_add(z, z, s, MPFR_RNDN);
  mpfr_clear(s);
}
static void nv_circle(mpfr_ptr z, mpfr_srcptr x) {
  mpfr_sqr(z, x, MPFR_RNDN); /* exact: 48 bits */
  mpfr_ui_sub(z, 1, z, MPFR_RNDN);
  mpfr_sqrt(z, z, MPFR_RNDN); /* NaN below 0 */
}
static void nv_log(mpfr_ptr z, mpfr_srcptr x) { mpfr_log(z, x, MPFR_RNDN); }

/* the activation functions, from their definitions (elu: x, or e^x - 1) */
static void nv_sigmoid(mpfr_ptr z, mpfr_srcptr x) {
  mpfr_neg(z, x, MPFR_RNDN);
  mpfr_exp(z, z, MPFR_RNDN);
  mpfr_add_ui(z, z, 1, MPFR_RNDN);
  mpfr_ui_div(z, 1, z, MPFR_RNDN);
}
static void nv_gelu(mpfr_ptr z, mpfr_srcptr x) { /* x/2 (1 + erf(x/sqrt 2)) */
  mpfr_t s;
  mpfr_init2(s, mpfr_get_prec(z));
  mpfr_sqrt_ui(s, 2, MPFR_RNDN);
  mpfr_div(s, x, s, MPFR_RNDN);
  mpfr_neg(s, s, MPFR_RNDN);
  mpfr_erfc(s, s, MPFR_RNDN);
  mpfr_mul(z, x, s, MPFR_RNDN);
  mpfr_div_2ui(z, z, 1, MPFR_RNDN);
  mpfr_clear(s);
}
static void nv_gelu_tanh(mpfr_ptr z, mpfr_srcptr x) { /* x/2 (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))) */
  mpfr_t u, c;
  mpfr_init2(u, mpfr_get_prec(z)), mpfr_init2(c, mpfr_get_prec(z));
  mpfr_pow_ui(u, x, 3, MPFR_RNDN);
  mpfr_mul_ui(u, u, 44715, MPFR_RNDN);
  mpfr_div_ui(u, u, 1000000, MPFR_RNDN);
  mpfr_add(u, u, x, MPFR_RNDN);
  mpfr_const_pi(c, MPFR_RNDN);
  mpfr_ui_div(c, 2, c, MPFR_RNDN);
  mpfr_sqrt(c, c, MPFR_RNDN);
  mpfr_mul(u, u, c, MPFR_RNDN);
  mpfr_mul_si(u, u, -2, MPFR_RNDN); /* 1 + tanh(u) = 2/(1 + e^-2u) */
  mpfr_exp(u, u, MPFR_RNDN);
  mpfr_add_ui(u, u, 1, MPFR_RNDN);
  mpfr_div(z, x, u, MPFR_RNDN);
  mpfr_clear(u), mpfr_clear(c);
}
static void nv_softplus1p(mpfr_ptr z, mpfr_srcptr x) {
  mpfr_exp(z, x, MPFR_RNDN);
  mpfr_log1p(z, z, MPFR_RNDN);
}
static void nv_mish(mpfr_ptr z, mpfr_srcptr x) {
  nv_softplus1p(z, x);
  mpfr_tanh(z, z, MPFR_RNDN);
  mpfr_mul(z, z, x, MPFR_RNDN);
}
static void nv_elu(mpfr_ptr z, mpfr_srcptr x) {
  if (mpfr_sgn(x) > 0)
    mpfr_set(z, x, MPFR_RNDN);
  else
    mpfr_expm1(z, x, MPFR_RNDN);
}

static const struct {
  const char *text;
  naive_fn f;
} exprs[] = {
    {"x/(1+exp(-x))", nv_silu},
    {"x*erf(x)", nv_xerf},
    {"log(1+exp(x))", nv_softplus},
    {"2*sigmoid(2*x)-1", nv_tanh},
    {"x^(1/3)+sin(x)", nv_cbrt_sin},
    {"sqrt(1-x^2)", nv_circle},
    {"log(x)", nv_log},
};

static const struct reference *resolve(const char *text) {
  char err[512];
  const struct reference *r = ref_resolve(text, 0, 0, "--ref", err, sizeof err);
  if (!r)
    fail_msg("%s: %s", text, err);
  return r;
}

/* n inputs of the binade [2^e, 2^(e+1)) with sign s: both ends, then random mantissas */
static uint32_t binade_input(int e, int s, int i) {
  const uint32_t first = (uint32_t)(e + 127) << 23 | (s ? 0x80000000u : 0);
  uint32_t m = i < 8 ? (uint32_t)i : i < 16 ? 0x7fffffu - (uint32_t)(i - 8) : (uint32_t)(test_rand64() & 0x7fffff);
  return first | m;
}

/* For each expression: the table over magnitudes [2^-30, 2^6) of both signs; over 8
 * binades of each sign, every input the table decides against the naive loop (bit for
 * bit, y and t), every 16th also against the expression engine (expr_mpfr through
 * ref_mpfr). Prints the decided fraction. */
static void test_fast_vs_naive(void **state) {
  (void)state;
  static const int binades[] = {-30, -12, -3, -1, 0, 1, 2, 5};
  const int nb = sizeof binades / sizeof binades[0], per = 2000;
  for (size_t k = 0; k < sizeof exprs / sizeof exprs[0]; k++) {
    const struct reference *r = resolve(exprs[k].text);
    assert_non_null(r->ctx_series);
    struct fast_range decl[MAX_FAST_RANGES];
    int nd = ref_fast_ranges(r, decl, MAX_FAST_RANGES);
    assert_int_equal(nd, 2);
    struct ref_fast f;
    assert_int_equal(ref_fast_prepare(&f, r, decl, nd, 0x30800000, 0x427fffff, 0x30800000, 0x427fffff, 2, NULL, 0), 0);
    assert_true(f.ok);
    long decided = 0, total = 0, cross = 0, low = 0;
    for (int b = 0; b < nb; b++)
      for (int s = 0; s < 2; s++)
        for (int i = 0; i < (binades[b] < 5 ? per : per / 8); i++, total++) { /* [32, 64): costly naive loops */
          const uint32_t xb = binade_input(binades[b], s, i);
          double y, yn;
          int t, tn;
          if (!fast_eval(&f.view, xb, &y, &t))
            continue;
          decided++;
          low += binades[b] < 5;
          naive(exprs[k].f, u2f(xb), &yn, &tn);
          if (d2u(y) != d2u(yn) || t != tn)
            fail_msg("%s at %a: table (%a, %d), naive (%a, %d)", exprs[k].text, (double)u2f(xb), y, t, yn, tn);
          if (decided % 16)
            continue;
          ref_mpfr(r, xb, &yn, &tn);
          if (tn == REF_T_UNDECIDABLE) /* beyond the host's 2048 bits; the naive loop decided */
            continue;
          cross++;
          if (d2u(y) != d2u(yn) || t != tn)
            fail_msg("%s at %a: table (%a, %d), expr_mpfr (%a, %d)", exprs[k].text, (double)u2f(xb), y, t, yn, tn);
        }
    printf("%-18s table built in %.2f s; decided %ld of %ld inputs (%.1f%%; below 2^5 %.1f%%), %ld also against "
           "expr_mpfr\n",
           exprs[k].text, f.build_s, decided, total, 100.0 * decided / total, 100.0 * low / (total - 2 * (per / 8)),
           cross);
    /* where the expression is defined and smooth (all but log and the circle's outside),
     * the table decides nearly everything below 2^5 (and on [32, 64), where x erf(x) = x -
     * x erfc(x) and tanh x = 1 - 2/(e^2x + 1) lie within 2^-1400 relative of a binary64
     * number, its anchored blocks decide them: x and 1 plus a deviation of known sign) */
    if (k < 5)
      assert_true(low > (total - 2 * (per / 8)) * 95 / 100);
    ref_fast_free(&f);
  }
  ref_thread_cleanup();
}

/* The activation references' shortcuts (functions/<name>/shortcut.h) against the naive
 * loops on random inputs of each range they answer: below the tiny threshold (subnormal
 * inputs included), from the upper threshold to where the gap below x still shows at
 * the loop's precision, and from the lower one to -2^20 (elu: -1024). */
static void test_activation_shortcuts(void **state) {
  (void)state;
  static const struct {
    const char *name;
    naive_fn f;
    uint32_t tiny, hi, lo; /* magnitude patterns: |x| < tiny; x >= hi; x <= -lo (0: none) */
    uint32_t hmax;         /* x >= hi sampled below this, where the gap below x, e^-g(x),
                              is above 2^-(prec - 100) */
    mpfr_prec_t prec;
    uint32_t lmax; /* x <= -lo sampled above -lmax (elu: -1 + e^x, e^x shows at 2400 bits) */
  } acts[] = {
      {"silu", nv_silu, 0x25000000u, 0x42200000u, 0x44480000u, 0x44800000u /* 1024: e^-x */, 2400, 0x49800000u},
      {"sigmoid", nv_sigmoid, 0x33000000u, 0x42200000u, 0x44480000u, 0x44800000u, 2400, 0x49800000u},
      {"gelu", nv_gelu, 0x24000000u, 0x41200000u, 0x42200000u, 0x42480000u /* 50: e^-x^2/2 */, 2400, 0x49800000u},
      /* 18: e^-2u, 2u < 470 */
      {"gelu_tanh", nv_gelu_tanh, 0x24000000u, 0x41000000u, 0x41b00000u, 0x41900000u, 2400, 0x49800000u},
      {"softplus", nv_softplus1p, 0x23800000u, 0x42200000u, 0x44480000u, 0x44800000u, 2400, 0x49800000u},
      {"mish", nv_mish, 0x21800000u, 0x41a00000u, 0x44480000u, 0x44400000u /* 768: e^-2x */, 2400, 0x49800000u},
      {"elu", nv_elu, 0x25000000u, 0x00000001u, 0x42200000u, 0x44800000u, 2400, 0x44800000u /* 1024 */},
  };
  long checked = 0;
  for (size_t k = 0; k < sizeof acts / sizeof acts[0]; k++) {
    const struct reference *r = ref_find(acts[k].name);
    assert_non_null(r);
    for (int i = 0; i < 300; i++) {
      const uint64_t u = test_rand64();
      uint32_t xb;
      if (i % 3 == 0)
        xb = acts[k].tiny ? (uint32_t)(u % acts[k].tiny) | (uint32_t)(u >> 63) << 31 : 0;
      else if (i % 3 == 1)
        xb = acts[k].hi + (uint32_t)(u % (acts[k].hmax - acts[k].hi));
      else
        xb = 0x80000000u | (acts[k].lo + (uint32_t)(u % (acts[k].lmax - acts[k].lo)));
      double y, yn;
      int t, tn;
      if (!r->shortcut(xb, &y, &t)) {
        if ((xb & 0x7fffffffu) && (i % 3 || acts[k].tiny))
          fail_msg("%s: no shortcut at %a", acts[k].name, (double)u2f(xb));
        continue;
      }
      naive_prec(acts[k].f, u2f(xb), &yn, &tn, acts[k].prec);
      checked++;
      if (d2u(y) != d2u(yn) || t != tn)
        fail_msg("%s at %a: shortcut (%a, %d), naive (%a, %d)", acts[k].name, (double)u2f(xb), y, t, yn, tn);
    }
  }
  printf("activation shortcuts: %ld answers equal to the naive loops\n", checked);
}

/* expr_series against coefficients derived by hand (want: n fractions num/den); the
 * domain conventions */
static void check_coeffs(const char *text, double x0, const long (*want)[2], int n) {
  struct expr *e = expr_parse(text, (char[256]){0}, 256);
  assert_non_null(e);
  arb_ptr c = _arb_vec_init(n);
  arb_t x, w;
  arb_init(x), arb_init(w);
  arb_set_d(x, x0);
  assert_int_equal(expr_series(c, x, n, 128, e), 0);
  for (int k = 0; k < n; k++) {
    arb_set_si(w, want[k][0]);
    arb_div_si(w, w, want[k][1], 200);
    if (!arb_overlaps(c + k, w) || mag_cmp_2exp_si(arb_radref(c + k), -100) > 0)
      fail_msg("%s at %g: coefficient %d is %s, expected %ld/%ld", text, x0, k, arb_get_str(c + k, 30, 0), want[k][0],
               want[k][1]);
  }
  _arb_vec_clear(c, n);
  arb_clear(x), arb_clear(w);
  expr_free(e);
}

static int series_status(const char *text, double mid, double rad) {
  struct expr *e = expr_parse(text, (char[256]){0}, 256);
  assert_non_null(e);
  arb_ptr c = _arb_vec_init(6);
  arb_t x;
  arb_init(x);
  arb_set_d(x, mid);
  mag_set_d(arb_radref(x), rad);
  int rc = expr_series(c, x, 6, 128, e);
  _arb_vec_clear(c, 6);
  arb_clear(x);
  expr_free(e);
  return rc;
}

static void test_series_by_hand(void **state) {
  (void)state;
  /* cbrt(-8 + t) = -2 (1 - t/8)^(1/3) = -2 + t/12 + t^2/288 + 5t^3/20736 ... */
  check_coeffs("x^(1/3)", -8, (const long[][2]){{-2, 1}, {1, 12}, {1, 288}, {5, 20736}}, 4);
  /* (-8 + t)^(2/3) = 4 (1 - t/8)^(2/3) = 4 - t/3 - t^2/144 */
  check_coeffs("x^(2/3)", -8, (const long[][2]){{4, 1}, {-1, 3}, {-1, 144}}, 3);
  /* (2 + t)^-2 = 1/4 - t/4 + 3t^2/16 - t^3/8 */
  check_coeffs("x^-2", 2, (const long[][2]){{1, 4}, {-1, 4}, {3, 16}, {-1, 8}}, 4);
  /* (1 + t)/(2 + t) = 1/2 + t/4 - t^2/8 + t^3/16 */
  check_coeffs("(x+1)/(x+2)", 0, (const long[][2]){{1, 2}, {1, 4}, {-1, 8}, {1, 16}}, 4);
  /* |-3 + t| = 3 - t */
  check_coeffs("fabs(x)", -3, (const long[][2]){{3, 1}, {-1, 1}, {0, 1}}, 3);
  /* exp(log(x)) = x: 5 + t */
  check_coeffs("exp(log(x))", 5, (const long[][2]){{5, 1}, {1, 1}, {0, 1}, {0, 1}}, 4);
  /* elu at 2: 2 + t */
  check_coeffs("elu(x)", 2, (const long[][2]){{2, 1}, {1, 1}, {0, 1}}, 3);
  /* domains: log of a negative ball nowhere, around 0 not analytic; sqrt at 1 - x^2 = 0
   * not analytic; a division by a ball around 0; a step function has no series */
  assert_int_equal(series_status("log(x)", -2, 0.5), FAST_SERIES_NOWHERE);
  assert_int_equal(series_status("log(x)", 0.25, 0.5), -1);
  assert_int_equal(series_status("sqrt(1-x^2)", 1, 0x1p-20), -1);
  assert_int_equal(series_status("sqrt(1-x^2)", 3, 0.5), FAST_SERIES_NOWHERE);
  assert_int_equal(series_status("1/x", 0, 0x1p-20), -1);
  assert_int_equal(series_status("x^(1/2)", -1, 0.5), FAST_SERIES_NOWHERE);
  assert_int_equal(series_status("elu(x)", 0, 0x1p-20), -1);
  assert_int_equal(series_status("x*erf(x)", 0, 0x1p-20), 0);
  struct expr *e = expr_parse("floor(x)+x", (char[256]){0}, 256);
  assert_false(expr_has_series(e));
  expr_free(e);
  e = expr_parse("x*gelu_tanh(x)/lgamma(x)", (char[256]){0}, 256);
  assert_true(expr_has_series(e));
  expr_free(e);
  assert_null(resolve("floor(x)+x")->ctx_series);
}

/* ---- the command line ---- */

static const char *tool(void) { return getenv("ULPCERT") ? getenv("ULPCERT") : "build/ulpcert"; }

static int sh(const char *cmd, char *out, size_t n) {
  FILE *p = popen(cmd, "r");
  size_t k = fread(out, 1, n - 1, p);
  out[k] = 0;
  return WEXITSTATUS(pclose(p));
}

/* refcheck --fast-path over 2^16 inputs of each sign: no mismatch, the table decides */
static void refcheck(const char *ref, uint32_t from) {
  for (int s = 0; s < 2; s++) {
    char cmd[512], out[4096];
    const uint32_t a = from | (s ? 0x80000000u : 0);
    snprintf(cmd, sizeof cmd, "%s refcheck '%s' --fast-path --backend cpu --from 0x%08x --to 0x%08x --threads 2 2>&1",
             tool(), ref, a, a + 0xffff);
    int rc = sh(cmd, out, sizeof out);
    printf("%s", out);
    if (rc || !strstr(out, "; 0 mismatches") || strstr(out, " 0 by the table"))
      fail_msg("%s: exit %d\n%s", cmd, rc, out);
  }
}

/* refcheck (the shortcut alone) over 2^15 inputs of each sign: every answer equals MPFR's */
static void refcheck_sc(const char *ref, uint32_t from) {
  for (int s = 0; s < 2; s++) {
    char cmd[512], out[4096];
    const uint32_t a = from | (s ? 0x80000000u : 0);
    snprintf(cmd, sizeof cmd, "%s refcheck '%s' --from 0x%08x --to 0x%08x --threads 2 2>&1", tool(), ref, a,
             a + 0x7fff);
    int rc = sh(cmd, out, sizeof out);
    printf("%s", out);
    if (rc || !strstr(out, ": 32768 shortcut answers checked against MPFR, 0 mismatches"))
      fail_msg("%s: exit %d\n%s", cmd, rc, out);
  }
}

static void test_cli_refcheck(void **state) {
  (void)state;
  /* sigmoid on [2^-30, 2^-29): 1/2 + x/4 on the grid of rounding boundaries (exact values
   * and midpoints, reference.c); mish on subnormal inputs, 3x/5 */
  refcheck_sc("sigmoid", 0x30800000u);
  refcheck_sc("sigmoid", 0x31000000u);
  refcheck_sc("sigmoid", 0x2c000000u);
  refcheck_sc("mish", 0x00400000u);
  refcheck("x/(1+exp(-x))", 0x3f400000u);
  refcheck("silu", 0x40a00000u);
  refcheck("gelu_tanh", 0x3e000000u);
  refcheck("mish", 0x3c000000u);
}

/* fields of the first result of a run's JSON */
static json_t *run_result(const char *args, const char *js) {
  char cmd[1024], out[4096];
  snprintf(cmd, sizeof cmd, "%s run %s --backend cpu --threads 2 --no-cache --quiet --json %s 2>&1", tool(), args, js);
  int rc = sh(cmd, out, sizeof out);
  if (rc)
    fail_msg("%s: exit %d\n%s", cmd, rc, out);
  json_error_t je;
  json_t *root = json_load_file(js, 0, &je);
  assert_non_null(root);
  return root;
}

/* A run of silu.host with the fast path measures exactly what one without it measures
 * (every reference value the same), and its table decides nearly every input. */
static void test_cli_run_same(void **state) {
  (void)state;
  char dir[] = "/tmp/ulpcert-exprfast-XXXXXX", a[128], b[128];
  assert_non_null(mkdtemp(dir));
  snprintf(a, sizeof a, "%s/fast.json", dir);
  snprintf(b, sizeof b, "%s/slow.json", dir);
  const char *range = "silu.host --from 0xbfa00000 --to 0xbfa0ffff";
  json_t *fa = run_result(range, a);
  char slow[256];
  snprintf(slow, sizeof slow, "%s --no-fast-path", range);
  json_t *sl = run_result(slow, b);
  json_t *ra = json_array_get(json_object_get(fa, "results"), 0),
         *rb = json_array_get(json_object_get(sl, "results"), 0);
  static const char *keys[] = {
      "max_ulp",  "max_ulp_input", "max_ulp_reference_hex", "max_rel",  "max_abs", "correctly_rounded",
      "faithful", "above_1ulp",    "undecidable",           "histogram"};
  for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
    json_t *x = json_object_get(ra, keys[i]), *y = json_object_get(rb, keys[i]);
    if (!x || !json_equal(x, y))
      fail_msg("%s differs with and without the fast path", keys[i]);
  }
  json_t *ta = json_object_get(fa, "timing");
  const long long hits = json_integer_value(json_object_get(ta, "fast_hits"));
  const long long calls = json_integer_value(json_object_get(ta, "mpfr_calls"));
  printf("silu.host, 2^16 inputs: %lld by the table, %lld by MPFR (without the table: %lld by MPFR)\n", hits, calls,
         (long long)json_integer_value(json_object_get(json_object_get(sl, "timing"), "mpfr_calls")));
  assert_true(hits > 65536 * 99 / 100);
  json_decref(fa), json_decref(sl);
  unlink(a), unlink(b), rmdir(dir);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_series_by_hand), cmocka_unit_test(test_activation_shortcuts),
      cmocka_unit_test(test_fast_vs_naive),  cmocka_unit_test(test_cli_refcheck),
      cmocka_unit_test(test_cli_run_same),
  };
  return cmocka_run_group_tests_name("exprfast", tests, NULL, NULL);
}
