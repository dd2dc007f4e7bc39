/* test_cuda_variants.c: the catalogue against docs/cuda-math/. Every binary32 function of
 * CUDA's Math API with one float argument (functions.tsv, group CUDA_MATH_SINGLE) has its
 * variants <fn>.cuda, <fn>.cuda.ftz and <fn>.cuda.fastmath on the GPU, and <fn>.host on
 * the CPU wherever the host's libm has the function (looked up with dlsym). Each device
 * variant carries exactly the bound clauses of the CUDA C++ Programming Guide that
 * ulp-bounds.tsv records in words (its numeric_bound column, parsed here): the function's
 * own for .cuda and .cuda.ftz, and for .cuda.fastmath the bound of the intrinsic that
 * fast-math.tsv says -use_fast_math turns the function into (sqrtf: its -prec-sqrt=false
 * bound). Domains are checked on binary32 inputs at and around every endpoint, against
 * the endpoint's exact value (MPFR). */
#include "testutil.h"

#include <dlfcn.h>
#include <mpfr.h>
#include <stdlib.h>
#include <string.h>

#include "src/catalogue/registry.h"

#define MAXROWS 128
#define MAXCOLS 16

struct table {
  int n;
  char *cell[MAXROWS][MAXCOLS];
  int ncol[MAXROWS];
};

/* A tab-separated file, its first row the header. */
static void table_read(const char *path, struct table *t) {
  FILE *f = fopen(path, "r");
  if (!f) fail_msg("cannot read %s (run from the repository root)", path);
  char line[8192];
  t->n = 0;
  while (t->n < MAXROWS && fgets(line, sizeof line, f)) {
    line[strcspn(line, "\r\n")] = 0;
    int c = 0;
    for (char *p = line, *q; c < MAXCOLS; p = q + 1) {
      q = strchr(p, '\t');
      if (q) *q = 0;
      t->cell[t->n][c++] = strdup(p);
      if (!q) break;
    }
    t->ncol[t->n++] = c;
  }
  fclose(f);
}

static int table_col(const struct table *t, const char *name) {
  for (int c = 0; c < t->ncol[0]; c++)
    if (strcmp(t->cell[0][c], name) == 0) return c;
  fail_msg("no column '%s'", name);
  return -1;
}

static const char *table_get(const struct table *t, const char *row, int col) {
  for (int r = 1; r < t->n; r++)
    if (strcmp(t->cell[r][0], row) == 0 && col < t->ncol[r]) return t->cell[r][col];
  return NULL;
}

/* ---- the bound in words -> expected clauses ---- */
enum dom { D_ALL, D_IN, D_OUT, D_ABS_LT, D_ABS_GE };
struct want {
  int measure;
  enum dom dom;
  char a[32], b[32]; /* endpoints as written ("pi", "-10.001", "8") */
  double c0;
  long c1n, c1d; /* c1 as a decimal fraction; 0/1 for none */
};

static void want_set(struct want *w, int m, enum dom d, double c0) {
  memset(w, 0, sizeof *w);
  w->measure = m, w->dom = d, w->c0 = c0, w->c1d = 1;
}

/* "1.173" -> 1173 / 1000 */
static void decimal(const char *s, long *num, long *den) {
  *num = 0, *den = 1;
  int frac = 0;
  for (; *s; s++) {
    if (*s == '.') frac = 1;
    else if (*s >= '0' && *s <= '9') {
      *num = *num * 10 + (*s - '0');
      if (frac) *den *= 10;
    } else break;
  }
}

/* One piece of numeric_bound (pieces are separated by "; "); prev is the clause before
 * (for "otherwise"). Returns 1 with a clause, 0 for "none", -1 if not understood. */
static int parse_piece(const char *p, const struct want *prev, struct want *w) {
  double v, e;
  char a[32], b[32], c1[32];
  if (strncmp(p, "none", 4) == 0) return 0;
  if (sscanf(p, "abs 2^-%lf on [%31[^,], %31[^]]]", &e, a, b) == 3) {
    want_set(w, BM_ABS, D_IN, exp2(-e));
    snprintf(w->a, sizeof w->a, "%s", a), snprintf(w->b, sizeof w->b, "%s", b);
    return 1;
  }
  if (sscanf(p, "relative 2^-%lf", &e) == 1) return want_set(w, BM_REL, D_ALL, exp2(-e)), 1;
  if (sscanf(p, "%lf + floor(abs(%31[0-9.] * x)) ulp", &v, c1) == 2) {
    want_set(w, BM_ULP_CR, D_ALL, v);
    decimal(c1, &w->c1n, &w->c1d);
    return 1;
  }
  if (sscanf(p, "%lf ulp (|x|<%31[0-9.])", &v, a) == 2) {
    want_set(w, BM_ULP_CR, D_ABS_LT, v);
    return snprintf(w->a, sizeof w->a, "%s", a), 1;
  }
  if (sscanf(p, "%lf abs (|x|>=%31[0-9.])", &v, a) == 2) {
    want_set(w, BM_ABS, D_ABS_GE, v);
    return snprintf(w->a, sizeof w->a, "%s", a), 1;
  }
  if (sscanf(p, "%lf outside [%31[^,], %31[^]]]", &v, a, b) == 3) {
    want_set(w, BM_ULP_CR, D_OUT, v);
    snprintf(w->a, sizeof w->a, "%s", a), snprintf(w->b, sizeof w->b, "%s", b);
    return 1;
  }
  if (sscanf(p, "%lf ulp otherwise", &v) == 1 && prev && prev->dom == D_IN) {
    *w = *prev;
    w->measure = BM_ULP_CR, w->dom = D_OUT, w->c0 = v;
    return 1;
  }
  char *end;
  v = strtod(p, &end);
  if (end != p && (*end == 0 || *end == ' ')) return want_set(w, BM_ULP_CR, D_ALL, v), 1;
  return -1;
}

/* The clauses of one numeric_bound cell. A piece "N with -prec-sqrt=false or
 * -use_fast_math ..." is the bound under fast math: it goes to fast (when given) and not
 * to the default list. Returns the number of clauses, -1 if a piece is not understood. */
static int parse_bound(const char *cell, struct want *w, struct want *fast, int *nfast) {
  char buf[512];
  snprintf(buf, sizeof buf, "%s", cell);
  /* pieces: split at the ';' outside parentheses */
  char *piece[8];
  int np = 0, depth = 0;
  piece[np++] = buf;
  for (char *q = buf; *q && np < 8; q++) {
    depth += (*q == '(') - (*q == ')');
    if (*q == ';' && depth == 0) *q = 0, piece[np++] = q + 1;
  }
  int n = 0;
  if (nfast) *nfast = 0;
  for (int i = 0; i < np; i++) {
    char *p = piece[i];
    while (*p == ' ') p++;
    struct want x;
    int r = parse_piece(p, n ? &w[n - 1] : NULL, &x);
    if (r < 0) return -1;
    if (r == 0) continue;
    if (strstr(p, "-use_fast_math")) {
      if (fast) fast[(*nfast)++] = x;
    } else {
      w[n++] = x;
    }
  }
  return n;
}

/* x's membership in the wanted domain, decided exactly (MPFR) */
static int endpoint_cmp(float x, const char *e) {
  mpfr_t v, xv;
  mpfr_inits2(256, v, xv, (mpfr_ptr)0);
  int neg = e[0] == '-';
  if (strcmp(e + neg, "pi") == 0) mpfr_const_pi(v, MPFR_RNDN);
  else mpfr_set_str(v, e + neg, 10, MPFR_RNDN);
  if (neg) mpfr_neg(v, v, MPFR_RNDN);
  mpfr_set_flt(xv, x, MPFR_RNDN);
  int c = mpfr_cmp(xv, v);
  mpfr_clears(v, xv, (mpfr_ptr)0);
  return c;
}

static int want_in(const struct want *w, float x) {
  switch (w->dom) {
  case D_ALL: return 1;
  case D_IN: return endpoint_cmp(x, w->a) >= 0 && endpoint_cmp(x, w->b) <= 0;
  case D_OUT: return !(endpoint_cmp(x, w->a) >= 0 && endpoint_cmp(x, w->b) <= 0);
  case D_ABS_LT: return endpoint_cmp(fabsf(x), w->a) < 0;
  default: return endpoint_cmp(fabsf(x), w->a) >= 0;
  }
}

/* binary32 probes: zeros, a spread of values, the extremes, and 3 numbers each side of
 * every endpoint */
static int probes(const struct want *w, float *out) {
  int n = 0;
  const float fixed[] = {0.0f,  -0.0f, 0x1p-149f, 1e-30f, -1e-30f, 0.75f, -0.75f, 1.0f,      -1.0f,
                         1.5f,  -1.5f, 3.0f,      -3.0f,  5.0f,    -5.0f, 100.0f, -100.0f, 1e30f,
                         -1e30f, INFINITY, -INFINITY};
  for (size_t k = 0; k < sizeof fixed / sizeof fixed[0]; k++) out[n++] = fixed[k];
  const char *ends[2] = {w->a, w->b};
  for (int k = 0; k < 2; k++) {
    if (!ends[k][0]) continue;
    for (int s = -1; s <= 1; s += 2) {
      float c = (float)(s * (strcmp(ends[k] + (ends[k][0] == '-'), "pi") == 0 ? M_PI : atof(ends[k] + (ends[k][0] == '-'))));
      if (ends[k][0] == '-') c = -c;
      float lo = c, hi = c;
      for (int i = 0; i < 3; i++) out[n++] = lo, out[n++] = hi, lo = nextdown32(lo), hi = nextup32(hi);
    }
  }
  return n;
}

static int clause_matches(const struct bound_clause *c, const struct want *w) {
  if (c->measure != w->measure) return 0;
  if (w->measure == BM_ULP_CR ? c->c0 != w->c0 : !(c->c0 >= w->c0 * (1 - 1e-15) && c->c0 <= w->c0 * (1 + 1e-15)))
    return 0;
  if ((long)c->c1n * w->c1d != w->c1n * (long)c->c1d) return 0;
  float pr[96];
  int n = probes(w, pr);
  for (int k = 0; k < n; k++)
    if (clause_in_domain(c, f2u(pr[k])) != want_in(w, pr[k])) return 0;
  return 1;
}

static int check_clauses(const struct variant *v, const struct want *w, int n) {
  int ok = v->n_clauses == n;
  for (int k = 0; k < n && ok; k++) {
    int found = 0;
    for (int j = 0; j < v->n_clauses; j++) found |= clause_matches(&v->clause[j], &w[k]);
    ok = found;
  }
  if (!ok) printf("  %s: its %d clause(s) are not the %d of docs/cuda-math\n", v->name, v->n_clauses, n);
  return ok;
}

static struct table fns_t, ulp_t, fm_t;

/* every function of the API: its four variants exist with the right backends */
static void test_variants_exist(void **state) {
  (void)state;
  void *libm = dlopen("libm.so.6", RTLD_NOW);
  assert_non_null(libm);
  int group = table_col(&fns_t, "api_group"), nfn = 0, bad = 0;
  for (int r = 1; r < fns_t.n; r++) {
    if (strcmp(fns_t.cell[r][group], "CUDA_MATH_SINGLE") != 0) continue;
    const char *fn = fns_t.cell[r][0];
    char name[96];
    nfn++;
    const char *suffix[3] = {".cuda", ".cuda.ftz", ".cuda.fastmath"};
    for (int k = 0; k < 3; k++) {
      snprintf(name, sizeof name, "%s%s", fn, suffix[k]);
      const struct variant *v = variant_find(name);
      if (!v || !variant_has_backend(v, 1)) printf("  missing GPU variant %s\n", name), bad++;
    }
    snprintf(name, sizeof name, "%s.host", fn);
    const struct variant *h = variant_find(name);
    int has = dlsym(libm, fn) != NULL;
    if (has != (h && variant_has_backend(h, 0)))
      printf("  %s: the host libm %s it, the catalogue %s\n", name, has ? "has" : "lacks", h ? "has" : "lacks"), bad++;
  }
  dlclose(libm);
  printf("  %d functions\n", nfn);
  assert_true(nfn >= 49);
  assert_int_equal(bad, 0);
}

/* every device variant carries the documented bound, as ulp-bounds.tsv states it */
static void test_bounds_match_docs(void **state) {
  (void)state;
  int group = table_col(&fns_t, "api_group"), nb = table_col(&ulp_t, "numeric_bound");
  int intr = table_col(&fm_t, "-use_fast_math PTX identical to intrinsic"), bad = 0, checked = 0;
  for (int r = 1; r < fns_t.n; r++) {
    if (strcmp(fns_t.cell[r][group], "CUDA_MATH_SINGLE") != 0) continue;
    const char *fn = fns_t.cell[r][0], *cell = table_get(&ulp_t, fn, nb);
    struct want w[4], fast[4];
    int nfast, n = cell ? parse_bound(cell, w, fast, &nfast) : -1;
    if (n < 0) fail_msg("%s: numeric_bound '%s' not understood", fn, cell ? cell : "(none)");
    char name[96];
    snprintf(name, sizeof name, "%s.cuda", fn);
    bad += !check_clauses(variant_find(name), w, n);
    snprintf(name, sizeof name, "%s.cuda.ftz", fn);
    bad += !check_clauses(variant_find(name), w, n);
    /* fast math: the substituted intrinsic's bound, else the flag's own, else the function's */
    const char *to = table_get(&fm_t, fn, intr);
    if (to && strncmp(to, "__", 2) == 0) {
      char in[32];
      snprintf(in, sizeof in, "%.*s", (int)strcspn(to, "/ "), to);
      const char *icell = table_get(&ulp_t, in, nb);
      nfast = icell ? parse_bound(icell, fast, NULL, NULL) : -1;
      if (nfast < 0) fail_msg("%s: numeric_bound of %s not understood", fn, in);
    } else if (!nfast) {
      memcpy(fast, w, sizeof w), nfast = n;
    }
    snprintf(name, sizeof name, "%s.cuda.fastmath", fn);
    bad += !check_clauses(variant_find(name), fast, nfast);
    checked += 3;
  }
  printf("  %d device variants checked\n", checked);
  assert_true(checked >= 147);
  assert_int_equal(bad, 0);
}

/* the parser itself, on the forms the files use, derived by hand */
static void test_parser(void **state) {
  (void)state;
  struct want w[4], f[4];
  int nf;
  assert_int_equal(parse_bound("9 ulp (|x|<8); 2.2e-6 abs (|x|>=8)", w, f, &nf), 2);
  assert_int_equal(w[0].measure, BM_ULP_CR), assert_int_equal(w[0].dom, D_ABS_LT);
  assert_true(w[0].c0 == 9 && w[1].c0 == 2.2e-6 && w[1].dom == D_ABS_GE && w[1].measure == BM_ABS);
  assert_true(want_in(&w[0], 0x1.fffffep2f) && !want_in(&w[0], 8.0f) && !want_in(&w[0], -8.0f));
  assert_int_equal(parse_bound("0 (default); 1 with -prec-sqrt=false or -use_fast_math (cc >= 5.2)", w, f, &nf), 1);
  assert_true(w[0].c0 == 0 && nf == 1 && f[0].c0 == 1);
  assert_int_equal(parse_bound("abs 2^-22 on [0.5, 2]; 2 ulp otherwise", w, NULL, NULL), 2);
  assert_true(w[0].measure == BM_ABS && w[0].c0 == 0x1p-22 && w[1].dom == D_OUT && w[1].c0 == 2);
  assert_true(want_in(&w[0], 0.5f) && want_in(&w[0], 2.0f) && !want_in(&w[0], nextup32(2.0f)));
  assert_int_equal(parse_bound("2 + floor(abs(1.173 * x)) ulp", w, NULL, NULL), 1);
  assert_true(w[0].c0 == 2 && w[0].c1n == 1173 && w[0].c1d == 1000);
  assert_int_equal(parse_bound("none (derived from __sinf(x) * (1/__cosf(x)))", w, NULL, NULL), 0);
  assert_int_equal(parse_bound("6 outside [-10.001, -2.264]; none inside", w, NULL, NULL), 1);
  assert_true(want_in(&w[0], -2.0f) && !want_in(&w[0], -5.0f) && want_in(&w[0], -10.002f));
  /* pi: 0x40490fdb (the float nearest pi) lies above it */
  assert_int_equal(parse_bound("abs 2^-21.41 on [-pi, pi]; none outside", w, NULL, NULL), 1);
  assert_true(want_in(&w[0], u2f(0x40490fdau)) && !want_in(&w[0], u2f(0x40490fdbu)));
  assert_int_equal(parse_bound("relative 2^-11", w, NULL, NULL), 1);
  assert_true(w[0].measure == BM_REL && w[0].c0 == 0x1p-11);
  assert_int_equal(parse_bound("0 (exact by definition; only the new Guide states it)", w, NULL, NULL), 1);
  assert_true(w[0].c0 == 0 && w[0].dom == D_ALL);
  assert_int_equal(parse_bound("see intrinsics.tsv", w, NULL, NULL), -1);
}

/* the comparison notices a wrong constant, domain or clause count */
static void test_detects_mismatch(void **state) {
  (void)state;
  struct want w[4];
  assert_int_equal(parse_bound("abs 2^-21.41 on [-pi, pi]; none outside", w, NULL, NULL), 1);
  struct variant v = *variant_find("sinf.cuda.fastmath");
  assert_true(check_clauses(&v, w, 1));
  v.clause[0].hi = 0x1.921fb6p1; /* the float above pi: one input too many */
  assert_false(check_clauses(&v, w, 1));
  v = *variant_find("sinf.cuda.fastmath");
  v.clause[0].c0 = 0x1p-21;
  assert_false(check_clauses(&v, w, 1));
  assert_int_equal(parse_bound("2", w, NULL, NULL), 1);
  v = *variant_find("erff.cuda.ftz");
  assert_true(check_clauses(&v, w, 1));
  v.clause[0].c0 = 3;
  assert_false(check_clauses(&v, w, 1));
  v = *variant_find("erff.cuda.ftz");
  v.clause[0].ex_lo = 0.5, v.clause[0].ex_hi = 2; /* a hole in the domain */
  assert_false(check_clauses(&v, w, 1));
  v.n_clauses = 0;
  assert_false(check_clauses(&v, w, 1));
}

int main(void) {
  char err[256];
  if (registry_init(err, sizeof err)) {
    fprintf(stderr, "%s\n", err);
    return 1;
  }
  table_read("docs/cuda-math/functions.tsv", &fns_t);
  table_read("docs/cuda-math/ulp-bounds.tsv", &ulp_t);
  table_read("docs/cuda-math/fast-math.tsv", &fm_t);
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_parser),
    cmocka_unit_test(test_detects_mismatch),
    cmocka_unit_test(test_variants_exist),
    cmocka_unit_test(test_bounds_match_docs),
  };
  return cmocka_run_group_tests_name("cuda_variants", tests, NULL, NULL);
}
