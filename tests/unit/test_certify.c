/* test_certify.c: `ulpcert certify` on a C file with a polynomial tanh and true,
 * loose and violated claims over a reduced range. The true values come from a naive
 * MPFR loop in this test over the same function compiled here; the test writes the
 * claims, runs the tool, checks each verdict, then --update and the round trip:
 * every byte outside the numbers unchanged, every claim HOLDS afterwards. */
#include "testutil.h"

#include <mpfr.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "src/user/claimnum.h"
#include "src/user/claims.h"

/* The function under test, as text (written into the file) and compiled here. */
#define POLY_BODY "{ float s = x * x; return x + x * s * (-0.333333f + s * 0.1333f); }"
static float poly(float x) { float s = x * x; return x + x * s * (-0.333333f + s * 0.1333f); }

#define FROM 0x3f000000u
#define TO 0x3f07ffffu

static double max_ulp, max_rel;

/* naive: MPFR at 200 bits for each input; ulp from MPFR's exponent */
static void naive(void) {
  mpfr_t x, z, d, o;
  mpfr_inits2(200, x, z, d, o, (mpfr_ptr)0);
  max_ulp = max_rel = 0;
  for (uint32_t b = FROM; b <= TO; b++) {
    float xf = u2f(b), out = poly(xf);
    mpfr_set_flt(x, xf, MPFR_RNDN);
    mpfr_tanh(z, x, MPFR_RNDN);
    mpfr_set_flt(o, out, MPFR_RNDN);
    mpfr_sub(d, o, z, MPFR_RNDN);
    mpfr_abs(d, d, MPFR_RNDN);
    double rel = mpfr_get_d(d, MPFR_RNDN) / fabs(mpfr_get_d(z, MPFR_RNDN));
    long e = (long)mpfr_get_exp(z) - 1; /* floor(log2 |z|); z is far above 2^-126 here */
    mpfr_mul_2si(d, d, 23 - e, MPFR_RNDN);
    double err = mpfr_get_d(d, MPFR_RNDN);
    if (err > max_ulp) max_ulp = err;
    if (rel > max_rel) max_rel = rel;
  }
  mpfr_clears(x, z, d, o, (mpfr_ptr)0);
}

static char dir[] = "/tmp/ulpcert-certify-XXXXXX";
static char path[256];

static int run(const char *extra, char *out, size_t n) {
  char cmd[1024];
  const char *u = getenv("ULPCERT") ? getenv("ULPCERT") : "build/ulpcert";
  snprintf(cmd, sizeof cmd, "%s certify '%s' --backend cpu --from 0x%08x --to 0x%08x --no-cache --quiet %s 2>&1", u,
           path, FROM, TO, extra);
  FILE *p = popen(cmd, "r");
  size_t k = fread(out, 1, n - 1, p);
  out[k] = 0;
  int st = pclose(p);
  return WEXITSTATUS(st);
}

static char *slurp(const char *p, size_t *n) {
  FILE *f = fopen(p, "rb");
  static char buf[1 << 16];
  *n = fread(buf, 1, sizeof buf, f);
  fclose(f);
  char *c = malloc(*n + 1);
  memcpy(c, buf, *n);
  c[*n] = 0;
  return c;
}

/* v rounded up at 1/scale (the printing with as many digits then shows it exactly, the
 * scaled value being far from a tie of the printed rounding) */
static double up(double v, double scale) { return ceil(v * scale) / scale; }

static void test_verdicts_and_update(void **state) {
  (void)state;
  naive();
  printf("naive: max ulp %.6f, max rel %.6e\n", max_ulp, max_rel);
  assert_true(max_ulp > 1.0); /* the polynomial is visibly inexact here */
  assert_non_null(mkdtemp(dir));
  snprintf(path, sizeof path, "%s/poly.c", dir);
  FILE *f = fopen(path, "w");
  /* true claims; loose ones (one more unit in the last place printed, and the rel
   * bound doubled); violated ones (half the true value); mixed comment styles */
  fprintf(f, "/* A polynomial tanh, three times. */\n#include <math.h>\n\n");
  /* a claim '= X' is the maximum rounded up at X's last digit (claimnum.h) */
  fprintf(f, "// poly_true: maxulperr = %.5f, maxrelerr = %.4e, ref = tanh\nfloat poly_true(float x) " POLY_BODY "\n\n",
          up(max_ulp, 1e5), up(max_rel, pow(10, 4 - floor(log10(max_rel)))));
  fprintf(f, "/* poly_loose:\n   maxrelerr = %.4e\n   maxulperr = %.5f */\nstatic float poly_loose(float x) " POLY_BODY "\n\n",
          2 * max_rel, max_ulp + 0.5);
  fprintf(f, "// maxulperr = %.2f\n// (a second line of comment)\nfloat poly_bad(const float x) " POLY_BODY "\n",
          max_ulp / 2);
  fclose(f);
  size_t n0;
  char *before = slurp(path, &n0);
  char out[8192];
  int rc = run("--ref tanh", out, sizeof out);
  printf("%s", out);
  assert_int_equal(rc, 1);
  assert_non_null(strstr(out, "poly_true maxulperr"));
  char *t = strstr(out, "poly_true maxulperr");
  assert_true(t && strstr(t, "HOLDS") && strstr(t, "HOLDS") < strstr(t, "\n"));
  t = strstr(out, "poly_true maxrelerr");
  assert_true(t && strstr(t, "HOLDS") < strstr(t, "\n"));
  t = strstr(out, "poly_loose maxulperr");
  assert_true(t && strstr(t, "LOOSE") && strstr(t, "LOOSE") < strstr(t, "\n"));
  t = strstr(out, "poly_loose maxrelerr");
  assert_true(t && strstr(t, "LOOSE") < strstr(t, "\n"));
  t = strstr(out, "poly_bad maxulperr");
  assert_true(t && strstr(t, "VIOLATED") && strstr(t, "VIOLATED") < strstr(t, "\n"));
  /* the file is untouched without --update */
  size_t n1;
  char *same = slurp(path, &n1);
  assert_true(n1 == n0 && !memcmp(same, before, n0));
  free(same);
  /* --update: only the numbers change */
  rc = run("--ref tanh --update-partial", out, sizeof out);
  printf("%s", out);
  assert_int_equal(rc, 1);
  size_t n2;
  char *after = slurp(path, &n2);
  struct claim_site a[8], b[8];
  char err[256];
  assert_int_equal(claims_parse(before, n0, a, 8, err, sizeof err), 3);
  assert_int_equal(claims_parse(after, n2, b, 8, err, sizeof err), 3);
  /* walk both files span by span: equal outside the numbers */
  size_t pa = 0, pb = 0;
  for (int k = 0; k < 3; k++)
    for (int q = 0; q < 2; q++) {
      /* the two numbers of a comment in the order they are written */
      int first = a[k].len[0] && a[k].len[1] && a[k].off[1] < a[k].off[0];
      int w = q ^ first;
      if (!a[k].len[w]) continue;
      assert_int_equal(a[k].off[w] - pa, b[k].off[w] - pb);
      assert_memory_equal(before + pa, after + pb, a[k].off[w] - pa);
      pa = a[k].off[w] + a[k].len[w], pb = b[k].off[w] + b[k].len[w];
      /* digits kept: same length of the fraction */
      const char *da = strchr(a[k].num[w], '.'), *db = strchr(b[k].num[w], '.');
      assert_true(da && db && strspn(da + 1, "0123456789") == strspn(db + 1, "0123456789"));
    }
  assert_int_equal(n0 - pa, n2 - pb);
  assert_memory_equal(before + pa, after + pb, n0 - pa);
  /* and now everything holds */
  rc = run("--ref tanh", out, sizeof out);
  printf("%s", out);
  assert_int_equal(rc, 0);
  assert_null(strstr(out, "LOOSE"));
  assert_null(strstr(out, "VIOLATED"));
  free(before), free(after);
  unlink(path);
  rmdir(dir);
}

/* The parser on hand-written text: both comment styles, any order, strings that look
 * like claims, a prototype without a body, another signature. */
static void test_parser(void **state) {
  (void)state;
  const char *src = "const char *s = \"maxulperr = 9\"; /* not a claim: in a string */\n"
                    "/* maxrelerr = 1e-3 maxulperr=2.5 ref = tanh */\n"
                    "__device__ __forceinline__ float f1 (float a) { return a; }\n"
                    "// maxulperr = 1\n"
                    "float proto(float);\n"
                    "// maxulperr = 3\n"
                    "double g(double x) { return x; }\n"
                    "// maxulperr = 4\n"
                    "#if 1\n"
                    "float h(float x, float y) { return x; }\n";
  struct claim_site c[8];
  char err[128];
  int n = claims_parse(src, strlen(src), c, 8, err, sizeof err);
  assert_int_equal(n, 4);
  assert_string_equal(c[0].num[0], "2.5");
  assert_string_equal(c[0].num[1], "1e-3");
  assert_string_equal(c[0].ref, "tanh");
  assert_string_equal(c[0].fn, "f1");
  assert_true(c[0].unary_float && c[0].device);
  assert_string_equal(c[1].fn, ""); /* a prototype is not a definition */
  assert_string_equal(c[2].fn, "g");
  assert_false(c[2].unary_float);
  assert_string_equal(c[3].fn, "h");
  assert_false(c[3].unary_float);
  assert_int_equal(claims_parse("/* maxulperr = 1 ", 17, c, 8, err, sizeof err), -1);
  char buf[64];
  claims_format_like("1.1126e-5", 1.11264e-5, buf, sizeof buf);
  assert_string_equal(buf, "1.1126e-5");
  claims_format_like("1.1126e-05", 2.5e-7, buf, sizeof buf);
  assert_string_equal(buf, "2.5000e-07");
  claims_format_like("133.95290", 140.123456, buf, sizeof buf);
  assert_string_equal(buf, "140.12346");
  claims_format_like("2E+3", 1234.0, buf, sizeof buf);
  assert_string_equal(buf, "1E+3");
  /* a claim of 100 fraction digits (the fuzzer's find: the exponent fell outside the
   * buffer) keeps its 100 digits and its exponent's shape */
  char like[128] = "1.", want[160] = "3.75"; /* 0.375: exact, so every digit is known */
  memset(like + 2, '0', 100), strcpy(like + 102, "e5");
  memset(want + 4, '0', 98), strcpy(want + 102, "e-1");
  char big[256];
  claims_format_like(like, 0.375, big, sizeof big);
  assert_string_equal(big, want);
  claims_format_like("1e5", INFINITY, buf, sizeof buf);
  assert_string_equal(buf, "inf");
}

/* The claim numbers' grammar and meaning (claimnum.h), values derived by hand. */
static void test_numbers(void **state) {
  (void)state;
  struct {
    const char *text;
    int le;
    double m;
    enum verdict want;
  } v[] = {
      {"0.5", 0, 0.5, VERDICT_HOLDS},         /* 0.4 < 0.5 <= 0.5 */
      {"0.5", 0, 0.41, VERDICT_HOLDS},        /* rounded up at 0.1: 0.5 */
      {"0.5", 0, 0.375, VERDICT_LOOSE},       /* <= 0.4: 0.4 can be written (0.4 itself is 0.4 + 2^-55 in binary64) */
      {"0.5", 0, 0.5000001, VERDICT_VIOLATED}, /* above the written number */
      {"1", 0, 1.36705, VERDICT_VIOLATED},    /* issue 45: was HOLDS after rounding */
      {"1.367", 0, 1.367046, VERDICT_VIOLATED},
      {"1.368", 0, 1.367046, VERDICT_HOLDS},
      {"1/2", 0, 0.5, VERDICT_HOLDS},         /* exact forms: equality */
      {"1/2", 0, 0.49, VERDICT_LOOSE},
      {"2^-1", 1, 0.5, VERDICT_HOLDS},        /* <= is a bound */
      {"2^-1", 1, 0.25, VERDICT_HOLDS},
      {"3/4", 1, 0.76, VERDICT_VIOLATED},
      {"0x1.8p+0", 0, 1.5, VERDICT_HOLDS},    /* unit 2^-4: 1.4375 < m <= 1.5 */
      {"0x1.8p+0", 0, 1.4375, VERDICT_LOOSE},
      {"0x1.8p+0", 0, 1.4376, VERDICT_HOLDS},
      {"0x1p+1", 1, 2.0, VERDICT_HOLDS},
      {"1.5e-3", 0, 1.45e-3, VERDICT_HOLDS},  /* unit 1e-4 */
      {"1.5e-3", 0, 1.3e-3, VERDICT_LOOSE},
  };
  for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
    printf("%s %s %.17g\n", v[i].le ? "<=" : "=", v[i].text, v[i].m);
    assert_int_equal(claimnum_verdict(v[i].text, v[i].le, v[i].m), v[i].want);
  }
  struct {
    const char *text;
    double m;
    const char *want;
  } u[] = {
      {"1.367", 1.367046, "1.368"}, {"1", 1.36705, "2"},     {"1.5e-3", 0.0123, "1.3e-2"}, /* exponent raised */
      {"1/2", 0.75, "0x1.8p-1"},    {"0x1.8p+0", 5.3, "0x5.5p+0"}, /* ceil(5.3 * 16) = 0x55 */
      {"0.50", 0.5, "0.50"},        {"2E+3", 1234.0, "2E+3"},
  };
  char buf[CLAIM_NUMLEN];
  for (size_t i = 0; i < sizeof u / sizeof u[0]; i++) {
    assert_int_equal(claimnum_update(u[i].text, u[i].m, buf, sizeof buf), 0);
    printf("update %s for %.17g: %s\n", u[i].text, u[i].m, buf);
    assert_string_equal(buf, u[i].want);
  }
  /* refused, with where the number stops */
  struct {
    const char *text;
    size_t at;
  } bad[] = {{"0,5", 1}, {"1e999", 2}, {"1.5.3", 3}, {"O.5", 0}, {"0.5x", 3}, {"1/0", 2}, {"0x1.8", 5}, {"-1", 0}};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    size_t len;
    char why[256];
    assert_int_equal(claimnum_scan(bad[i].text, strlen(bad[i].text), &len, why, sizeof why), -1);
    printf("%s: at %zu: %s\n", bad[i].text, len, why);
    assert_int_equal(len, bad[i].at);
  }
  /* in comments: refused even beside a valid claim; prose is not a claim */
  const char *refused[] = {"/* maxulperr: 0.5 */ float f(float x) { return x; }",
                           "/* maxulperr = 0.5, maxrelerr = O.5 */ float f(float x) { return x; }",
                           "/* maxulperr = 0.5 maxulperr = 1 */ float f(float x) { return x; }",
                           "// maxulperr = 1/2, maxrelerr = 0,5\nfloat f(float x) { return x; }"};
  struct claim_site c[4];
  char err[256];
  for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
    assert_int_equal(claims_parse(refused[i], strlen(refused[i]), c, 4, err, sizeof err), -1);
    printf("%s\n  -> %s\n", refused[i], err);
    assert_non_null(strstr(err, "column"));
  }
  const char *ok = "/* the maxulperr of f: maxulperr <= 2^-1, maxrelerr = 0x1p-24. */ float f(float x) { return x; }";
  assert_int_equal(claims_parse(ok, strlen(ok), c, 4, err, sizeof err), 1);
  assert_string_equal(c[0].num[0], "2^-1");
  assert_int_equal(c[0].le[0], 1);
  assert_string_equal(c[0].num[1], "0x1p-24");
  assert_int_equal(c[0].le[1], 0);
  /* typedef'd signatures are left to the compiler */
  const char *td = "typedef float f32;\n// maxulperr = 1\nf32 g(f32 x) { return x; }";
  assert_int_equal(claims_parse(td, strlen(td), c, 4, err, sizeof err), 1);
  assert_true(!c[0].unary_float && c[0].unary_maybe);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_numbers),
    cmocka_unit_test(test_parser),
    cmocka_unit_test(test_verdicts_and_update),
  };
  return cmocka_run_group_tests_name("certify", tests, NULL, NULL);
}
