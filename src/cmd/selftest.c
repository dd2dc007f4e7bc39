/* selftest.c: `ulpcert selftest`. Mutant variants with known defects go through
 * the real engine (scan, backend, reduction, merge) on the chosen backend; each
 * result must match what a naive loop in this file derives from the mutant's own
 * outputs with MPFR at 300 bits, and what was planted: the planted input as the
 * argmax, the planted error to the last printed digit, the counts exact.
 *
 * A mutant is a table of outputs over a range of magnitudes (both signs), built
 * from RN24(tanh(x)) computed here by MPFR at 24 bits and then damaged; the CPU
 * backend reads it through a host function, the GPU backend through GPU_TABLE. */
#include <mpfr.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "src/engine/options.h"
#include "src/common.h"
#include "src/kinds/binary32/device/gpu.h"
#include "src/kinds/binary32/scan.h"

static const uint32_t *g_tab;
static uint32_t g_tlo, g_tn;

/* The CPU side of GPU_TABLE. */
static float table_host(float x) {
  uint32_t b = f2u(x), m = b & 0x7fffffffu;
  if (m < g_tlo || m - g_tlo >= g_tn) return u2f(0x7fc00000u);
  return u2f(g_tab[(b >> 31) * g_tn + (m - g_tlo)]);
}

/* RN24(tanh x) by MPFR, independent of the engine's reference path. */
static uint32_t rn24_tanh(uint32_t xb, mpfr_ptr x, mpfr_ptr z) {
  mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_set_emin(-148);
  mpfr_set_emax(128);
  mpfr_set_flt(x, u2f(xb), MPFR_RNDN);
  int t = mpfr_tanh(z, x, MPFR_RNDN);
  mpfr_subnormalize(z, t, MPFR_RNDN);
  float f = mpfr_get_flt(z, MPFR_RNDN);
  mpfr_set_emin(emin);
  mpfr_set_emax(emax);
  return f2u(f);
}

/* What a naive loop finds, for the fields the mutants exercise. */
struct expect {
  double max_ulp;
  uint32_t max_ulp_input;
  uint64_t inputs, cr, faithful, above, nonfinite, flushed, special, sym_viol, mono_viol;
  uint32_t nonfinite_input; /* the lowest input with a NaN output (0xffffffff: none) */
};

static void naive(uint32_t from, uint32_t to, struct expect *res) {
  memset(res, 0, sizeof *res);
  res->max_ulp = -1;
  res->max_ulp_input = res->nonfinite_input = 0xffffffffu;
#pragma omp parallel
  {
    struct expect e = {-1, 0xffffffffu, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xffffffffu};
    mpfr_t x, z, z24, d, o;
    mpfr_inits2(300, x, z, d, o, (mpfr_ptr)0);
    mpfr_init2(z24, 24);
#pragma omp for schedule(dynamic, 1024)
    for (uint64_t i = from; i <= to; i++) {
      uint32_t xb = (uint32_t)i, out = f2u(table_host(u2f(xb)));
      e.inputs++;
      /* symmetry (x >= +0) and monotonicity (pairs x-1, x) straight from the table */
      if (!(xb & SIGN32)) {
        uint32_t neg = f2u(table_host(u2f(xb | SIGN32)));
        int bothnan = (out & 0x7fffffffu) > 0x7f800000u && (neg & 0x7fffffffu) > 0x7f800000u;
        if (neg != (out ^ SIGN32) && !bothnan) e.sym_viol++;
      }
      if ((xb & 0x7fffffffu) > 0) {
        float a = table_host(u2f(xb - 1)), b = u2f(out);
        int inc = !(xb & SIGN32);
        if (!isnan(a) && !isnan(b) && (inc ? b < a : b > a)) e.mono_viol++;
      }
      mpfr_set_flt(x, u2f(xb), MPFR_RNDN);
      mpfr_tanh(z, x, MPFR_RNDN);
      uint32_t rn = rn24_tanh(xb, x, z24);
      if (out == rn) e.cr++;
      if (isnan(u2f(out))) {
        e.nonfinite++, e.above++;
        if (xb < e.nonfinite_input) e.nonfinite_input = xb;
        continue;
      }
      if ((out & 0x7fffffffu) == 0 && (rn & 0x7fffffffu) != 0) e.flushed++;
      if ((out & 0x7fffffffu) == 0 && (rn & 0x7fffffffu) == 0 && out != rn) e.special++;
      /* ulp of the exact value: 2^(max(floor(log2|z|), -126) - 23); MPFR's exponent is floor + 1 */
      long ex = mpfr_zero_p(z) ? -126 : (long)mpfr_get_exp(z) - 1;
      if (ex < -126) ex = -126;
      mpfr_set_flt(o, u2f(out), MPFR_RNDN);
      mpfr_sub(d, o, z, MPFR_RNDN);
      mpfr_abs(d, d, MPFR_RNDN);
      mpfr_mul_2si(d, d, 23 - ex, MPFR_RNDN);
      double err = mpfr_get_d(d, MPFR_RNDN);
      if (err < 1) e.faithful++;
      else e.above++;
      if (err > e.max_ulp || (err == e.max_ulp && xb < e.max_ulp_input)) e.max_ulp = err, e.max_ulp_input = xb;
    }
    mpfr_clears(x, z, d, o, z24, (mpfr_ptr)0);
    mpfr_free_cache();
#pragma omp critical
    {
      res->inputs += e.inputs, res->cr += e.cr, res->faithful += e.faithful, res->above += e.above;
      res->nonfinite += e.nonfinite, res->flushed += e.flushed, res->special += e.special;
      res->sym_viol += e.sym_viol, res->mono_viol += e.mono_viol;
      if (e.nonfinite_input < res->nonfinite_input) res->nonfinite_input = e.nonfinite_input;
      if (e.max_ulp > res->max_ulp || (e.max_ulp == res->max_ulp && e.max_ulp_input < res->max_ulp_input))
        res->max_ulp = e.max_ulp, res->max_ulp_input = e.max_ulp_input;
    }
  }
}

struct mutant {
  const char *name, *what;
  uint32_t from, to; /* range (positive inputs); the table covers [from - 1, to] mirrored */
  uint32_t planted;  /* the input that must be the argmax (0xffffffff: none planted) */
};

static const struct mutant mutants[] = {
  {"exact", "correctly rounded everywhere", 0x3f000000u, 0x3f03ffffu, 0xffffffffu},
  {"offby", "off by +3, -5 and +2 output ulps at three inputs", 0x3f000000u, 0x3f03ffffu, 0x3f02abcdu},
  {"nan", "NaN at one input", 0x3f000000u, 0x3f03ffffu, 0xffffffffu},
  {"flush", "subnormal results flushed to zero", 0x00000000u, 0x0001ffffu, 0x0001ffffu},
  {"negzero", "tanh(+0) = -0 and tanh(-0) = +0", 0x00000000u, 0x000000ffu, 0xffffffffu},
};

/* Build the table of mutant k: RN24(tanh) damaged, mirrored on both signs. */
static uint32_t *build_table(const struct mutant *mt, uint32_t *tlo, uint32_t *tn) {
  uint32_t lo = mt->from > 0 ? mt->from - 1 : 0, n = mt->to - lo + 1;
  uint32_t *tab = malloc((size_t)n * 2 * 4);
  if (!tab) return NULL;
#pragma omp parallel
  {
    mpfr_t x, z;
    mpfr_init2(x, 24);
    mpfr_init2(z, 24);
#pragma omp for schedule(static)
    for (uint32_t i = 0; i < n; i++) {
      uint32_t rn = rn24_tanh(lo + i, x, z);
      if (!strcmp(mt->name, "offby")) {
        uint32_t xb = lo + i;
        if (xb == 0x3f012345u) rn += 3;
        if (xb == 0x3f02abcdu) rn -= 5; /* the largest: 5 +- 1/2 ulps against 3 +- 1/2 and 2 +- 1/2 */
        if (xb == 0x3f000777u) rn += 2;
      } else if (!strcmp(mt->name, "nan") && lo + i == 0x3f020000u) {
        rn = 0x7fc00000u;
      } else if (!strcmp(mt->name, "flush") && (rn & 0x7f800000u) == 0) {
        rn &= SIGN32;
      } else if (!strcmp(mt->name, "negzero") && lo + i == 0) {
        rn = SIGN32;
      }
      tab[i] = rn;
      tab[n + i] = rn ^ SIGN32; /* mirrored: the defect is odd, symmetry holds */
    }
    mpfr_clear(x);
    mpfr_clear(z);
    mpfr_free_cache();
  }
  *tlo = lo;
  *tn = n;
  return tab;
}

static void usage_selftest(FILE *f) {
  fprintf(f,
          "usage: ulpcert selftest [--backend gpu|cpu] [--threads N] [--quiet]\n"
          "\n"
          "Runs mutant variants with known defects through the real engine and checks that\n"
          "each is reported exactly (planted input as argmax, planted error to the last\n"
          "printed digit, every count), against a naive MPFR loop over the mutant's own\n"
          "outputs. Mutants:\n");
  for (size_t i = 0; i < sizeof mutants / sizeof mutants[0]; i++)
    fprintf(f, "  %-8s %s\n", mutants[i].name, mutants[i].what);
  fprintf(f, "Prints a PASS or FAIL line per mutant; exit status 1 on any FAIL.\n");
}

int cmd_selftest(int argc, char **argv) {
  struct scan_cli sc;
  int rc = parse_scan_options(argc, argv, &sc, NULL, NULL, NULL, usage_selftest);
  if (rc >= 0) return rc;
  if (optind < argc) {
    errorf("selftest takes no variant names");
    return EXIT_USAGE;
  }
  struct run_info ri;
  memset(&ri, 0, sizeof ri);
  if ((rc = choose_backend(&sc, &ri)) >= 0) return rc;
  const struct reference *tanh_ref = ref_find("tanh");
  int failures = 0;
  printf("ulpcert selftest, backend %s%s%s\n", sc.backend ? "gpu (" : "cpu", sc.backend ? ri.ginfo.name : "",
         sc.backend ? ")" : "");
  for (size_t k = 0; k < sizeof mutants / sizeof mutants[0]; k++) {
    const struct mutant *mt = &mutants[k];
    uint32_t tlo, tn;
    uint32_t *tab = build_table(mt, &tlo, &tn);
    if (!tab) return EXIT_IO;
    g_tab = tab, g_tlo = tlo, g_tn = tn;
    if (sc.backend && gpu_set_table(tab, tlo, tn)) {
      errorf("%s", gpu_last_error());
      free(tab);
      return EXIT_NOGPU;
    }
    char name[64];
    snprintf(name, sizeof name, "selftest.%s", mt->name);
    struct variant v = {.name = name, .family = "selftest", .ref_name = "tanh", .ref = tanh_ref,
                        .kind = VK_F32_UNARY, .gpu_fn = GPU_TABLE, .host_fn = table_host,
                        .claim = {NULL, NULL, CLAIM_NONE, ""}, .doc = {NULL, NULL, CLAIM_NONE, ""},
                        .description = mt->what};
    const struct variant *vs[1] = {&v};
    struct stats *st = malloc(sizeof *st);
    struct scan_opts o = sc.o;
    o.from = mt->from, o.to = mt->to, o.chunk = 1u << 14, o.progress = 0, o.cache_dir = NULL;
    struct scan_times tm;
    char err[512];
    if (!st || (rc = scan_run(vs, 1, &o, &st, &tm, err, sizeof err))) {
      errorf("selftest %s: %s", mt->name, st ? err : "out of memory");
      free(st), free(tab);
      return rc ? rc : EXIT_IO;
    }
    struct expect e;
    naive(mt->from, mt->to, &e);
    char got[32], want[32], why[256] = "";
    snprintf(got, sizeof got, "%.5f", st->max_ulp);
    snprintf(want, sizeof want, "%.5f", e.max_ulp);
#define CHECK(cond, ...) if (!*why && !(cond)) snprintf(why, sizeof why, __VA_ARGS__)
    CHECK(st->inputs == e.inputs, "inputs %llu, expected %llu", (unsigned long long)st->inputs, (unsigned long long)e.inputs);
    CHECK(!strcmp(got, want) && fabs(st->max_ulp - e.max_ulp) <= 0x1p-28, "max ulp %s, expected %s", got, want);
    CHECK(e.max_ulp < 0x1p-20 || st->max_ulp_input == e.max_ulp_input, "argmax 0x%08x, expected 0x%08x",
          st->max_ulp_input, e.max_ulp_input);
    CHECK(mt->planted == 0xffffffffu || st->max_ulp_input == mt->planted, "argmax 0x%08x, planted 0x%08x",
          st->max_ulp_input, mt->planted);
    CHECK(st->correctly_rounded == e.cr, "correctly rounded %llu, expected %llu", (unsigned long long)st->correctly_rounded, (unsigned long long)e.cr);
    CHECK(st->faithful == e.faithful, "faithful %llu, expected %llu", (unsigned long long)st->faithful, (unsigned long long)e.faithful);
    CHECK(st->above_1ulp == e.above, "above 1 ulp %llu, expected %llu", (unsigned long long)st->above_1ulp, (unsigned long long)e.above);
    CHECK(st->nonfinite == e.nonfinite, "nonfinite %llu, expected %llu", (unsigned long long)st->nonfinite, (unsigned long long)e.nonfinite);
    CHECK(!e.nonfinite || (st->n_nonfinite > 0 && st->nonfinite_first[0].input == e.nonfinite_input),
          "first non-finite output at 0x%08x, expected 0x%08x", st->n_nonfinite ? st->nonfinite_first[0].input : 0,
          e.nonfinite_input);
    CHECK(st->flushed == e.flushed, "flushed %llu, expected %llu", (unsigned long long)st->flushed, (unsigned long long)e.flushed);
    CHECK(st->special_mismatches == e.special, "special mismatches %llu, expected %llu", (unsigned long long)st->special_mismatches, (unsigned long long)e.special);
    CHECK(st->symmetry_violations == e.sym_viol, "symmetry violations %llu, expected %llu", (unsigned long long)st->symmetry_violations, (unsigned long long)e.sym_viol);
    CHECK(st->monotonic_violations == e.mono_viol, "monotonicity violations %llu, expected %llu", (unsigned long long)st->monotonic_violations, (unsigned long long)e.mono_viol);
    /* the defect is really there (a mutant that tests nothing would pass anything) */
    CHECK(strcmp(mt->name, "exact") || (e.cr == e.inputs && e.max_ulp <= 0.5), "exact mutant is not exact");
    CHECK(strcmp(mt->name, "offby") || e.above == 3, "offby: %llu inputs above 1 ulp planted", (unsigned long long)e.above);
    CHECK(strcmp(mt->name, "nan") || e.nonfinite == 1, "nan: %llu NaN outputs planted", (unsigned long long)e.nonfinite);
    CHECK(strcmp(mt->name, "flush") || e.flushed == e.inputs - 1, "flush: %llu flushed", (unsigned long long)e.flushed);
    CHECK(strcmp(mt->name, "negzero") || e.special == 1, "negzero: %llu sign mismatches", (unsigned long long)e.special);
#undef CHECK
    printf("%s %-8s %-58s max ulp %s at 0x%08x%s%s\n", *why ? "FAIL" : "PASS", mt->name, mt->what, got,
           st->max_ulp_input, *why ? ": " : "", why);
    failures += *why != 0;
    free(st);
    free(tab);
  }
  mpfr_free_cache();
  printf("selftest: %d passed, %d failed\n", (int)(sizeof mutants / sizeof mutants[0]) - failures, failures);
  return failures ? EXIT_FAIL : EXIT_OK;
}
