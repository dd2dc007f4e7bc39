/* test_pair.c: the two-argument kind on the CPU: Annex F special pairs derived by hand,
 * against the references and the host variants; reduced sweeps against a naive MPFR loop
 * written here (MPFR rounding straight to binary32, not the (y, t) pair); determinism
 * across block sizes, threads, split ranges (shards), and between a sweep and the same
 * pairs given as a list (--pairs); the pipeline of pairs (pipe_host.c, the per-pair code
 * of the GPU's) against the batch path (MPFR for every pair, the full accumulator) for
 * every variant both ways, with moments, over several workers, and for the outputs
 * alone; the host variants' outputs in one pass in both storage orders; a planted function's
 * non-finite outputs listed (the lowest pairs) as binary32 lists them. */
#include <mpfr.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include <jansson.h>

#include "src/kinds/binary32/binary32.h"
#include "src/kinds/pair/pair_pipe.h"
#include "src/kinds/pair/pair_pipe_core.h"
#include "src/kinds/pair/pair_scan.h"
#include "src/kinds/pair/pair_store.h"

#define PI_F 0x40490fdbu   /* RN24(pi) = 3.14159274: 0x1.921fb6p+1 */
#define PI4_F 0x3f490fdbu  /* RN24(pi/4) */
#define INF_F 0x7f800000u
#define NAN_F 0x7fc00000u
#define NEG 0x80000000u

struct special {
  const char *ref;
  uint32_t a, b, want; /* want NAN_F: any NaN */
};

/* C11 Annex F (F.10.1.4 atan2, F.10.4.3 hypot, F.10.4.4 pow, F.10.7.1 fmod, F.10.7.2
 * remainder, F.10.9.1 fdim), and exact results derived by hand. */
static const struct special specials[] = {
    {"pow", NEG, 0xc0400000u, INF_F | NEG},        /* pow(-0, -3) = -inf (odd negative integer) */
    {"pow", 0, 0xc0400000u, INF_F},                /* pow(+0, -3) = +inf */
    {"pow", NEG, 0xc0000000u, INF_F},              /* pow(-0, -2) = +inf (not an odd integer) */
    {"pow", NEG, 0x40400000u, NEG},                /* pow(-0, 3) = -0 */
    {"pow", NEG, 0x40000000u, 0},                  /* pow(-0, 2) = +0 */
    {"pow", NAN_F, 0, 0x3f800000u},                /* pow(NaN, +0) = 1 */
    {"pow", INF_F | NEG, NEG, 0x3f800000u},        /* pow(-inf, -0) = 1 */
    {"pow", 0x3f800000u, NAN_F, 0x3f800000u},      /* pow(1, NaN) = 1 */
    {"pow", 0xbf800000u, INF_F, 0x3f800000u},      /* pow(-1, +inf) = 1 */
    {"pow", 0x3f000000u, INF_F | NEG, INF_F},      /* pow(0.5, -inf) = +inf */
    {"pow", 0x40000000u, INF_F | NEG, 0},          /* pow(2, -inf) = +0 */
    {"pow", INF_F | NEG, 0xc0400000u, NEG},        /* pow(-inf, -3) = -0 */
    {"pow", INF_F | NEG, 0x40400000u, INF_F | NEG},/* pow(-inf, 3) = -inf */
    {"pow", 0xc0000000u, 0x3f000000u, NAN_F},      /* pow(-2, 0.5): NaN */
    {"pow", 0x40000000u, 0x41200000u, 0x44800000u},/* pow(2, 10) = 1024 exactly */
    {"atan2", 0, 0, 0},                            /* atan2(+0, +0) = +0 */
    {"atan2", NEG, 0, NEG},                        /* atan2(-0, +0) = -0 */
    {"atan2", 0, NEG, PI_F},                       /* atan2(+0, -0) = +pi */
    {"atan2", NEG, NEG, PI_F | NEG},               /* atan2(-0, -0) = -pi */
    {"atan2", INF_F, INF_F, PI4_F},                /* atan2(+inf, +inf) = pi/4 */
    {"atan2", 0x3f800000u, INF_F | NEG, PI_F},     /* atan2(1, -inf) = +pi */
    {"hypot", INF_F, NAN_F, INF_F},                /* hypot(+inf, NaN) = +inf */
    {"hypot", NAN_F, INF_F | NEG, INF_F},          /* hypot(NaN, -inf) = +inf */
    {"hypot", NEG, 0, 0},                          /* hypot(-0, +0) = +0 */
    {"hypot", 0x40400000u, 0x40800000u, 0x40a00000u}, /* hypot(3, 4) = 5 */
    {"fmod", 0x3fc00000u, INF_F, 0x3fc00000u},     /* fmod(1.5, +inf) = 1.5 */
    {"fmod", 0xbfc00000u, INF_F | NEG, 0xbfc00000u}, /* fmod(-1.5, -inf) = -1.5 */
    {"fmod", NEG, 0x40000000u, NEG},               /* fmod(-0, 2) = -0 */
    {"fmod", 0x40b00000u, 0x40000000u, 0x3fc00000u}, /* fmod(5.5, 2) = 1.5 */
    {"fmod", 0x3f800000u, 0, NAN_F},               /* fmod(1, 0): NaN */
    {"fmod", INF_F, 0x40000000u, NAN_F},           /* fmod(inf, 2): NaN */
    {"remainder", 0x40a00000u, 0x40000000u, 0x3f800000u}, /* 5 - 2*2 = 1 (2.5 rounds to even 2) */
    {"remainder", 0x40e00000u, 0x40000000u, 0xbf800000u}, /* 7 - 4*2 = -1 (3.5 rounds to even 4) */
    {"remainder", 0x3f800000u, NEG, NAN_F},        /* remainder(1, -0): NaN */
    {"fdim", 0x40400000u, 0x40a00000u, 0},         /* fdim(3, 5) = +0 */
    {"fdim", 0x40a00000u, 0x40400000u, 0x40000000u}, /* fdim(5, 3) = 2 */
    {"fdim", NAN_F, 0x3f800000u, NAN_F},
    {"rhypot", 0x40400000u, 0x40800000u, 0x3e4ccccdu}, /* 1/5 = 0.2: RN24 0x1.99999ap-3 */
    {"rhypot", INF_F, NAN_F, 0},                   /* hypot = +inf, so +0 */
    {"rhypot", 0, NEG, INF_F},                     /* 1/sqrt(+0) = +inf */
    {"div", 0xbf800000u, 0, INF_F | NEG},          /* -1 / +0 = -inf */
    {"div", 0, 0, NAN_F},                          /* 0 / 0: NaN */
};

static int matches(uint32_t got, uint32_t want) {
  if (want == NAN_F) return (got & 0x7fffffffu) > INF_F;
  return got == want;
}

static const struct pair_ref *ref_named(const char *n) {
  for (int i = 0; i < n_pair_refs; i++)
    if (!strcmp(pair_refs[i].name, n)) return &pair_refs[i];
  return NULL;
}

static void test_specials(void **state) {
  (void)state;
  assert_int_equal(pair_registry_init(), 0);
  for (size_t i = 0; i < sizeof specials / sizeof specials[0]; i++) {
    const struct special *s = &specials[i];
    const struct pair_ref *r = ref_named(s->ref);
    assert_non_null(r);
    for (int fast = 0; fast <= 1; fast++) { /* MPFR, then the fast reference */
      double y;
      int t;
      pair_ref_eval(r, fast, s->a, s->b, &y, &t);
      const uint32_t rn = ms_rn32(y, t);
      if (!matches(rn, s->want))
        fail_msg("reference %s(0x%08x, 0x%08x) = 0x%08x, want 0x%08x (%s)", s->ref, s->a, s->b, rn, s->want,
                 fast ? "fast path" : "MPFR");
    }
    /* the host variant of that function */
    for (int k = 0; k < n_pair_variants; k++) {
      const struct pair_variant *v = &pair_variants[k];
      if (v->flavour != PF_HOST || v->ref != r) continue;
      const uint32_t got = f2u(v->host_fn(u2f(s->a), u2f(s->b)));
      if (!matches(got, s->want))
        fail_msg("%s(0x%08x, 0x%08x) = 0x%08x, want 0x%08x", v->name, s->a, s->b, got, s->want);
    }
  }
}

/* A naive measurement: MPFR rounds f(a, b) straight to binary32 (24 bits, binary32's
 * exponent range, subnormalized) for the correctly rounded count, and at 256 bits for
 * the ulp error |out - f| / ulp(f), ulp(f) = 2^(max(floor(log2|f|), -126) - 23). */
typedef int (*mpfr_fn2)(mpfr_ptr, mpfr_srcptr, mpfr_srcptr, mpfr_rnd_t);

static int naive_rhypot(mpfr_ptr y, mpfr_srcptr a, mpfr_srcptr b, mpfr_rnd_t rnd) {
  if (mpfr_inf_p(a) || mpfr_inf_p(b)) return mpfr_set_zero(y, 1), 0;
  const mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_set_emin(mpfr_get_emin_min()), mpfr_set_emax(mpfr_get_emax_max()); /* the squares exactly */
  mpfr_t s, q;
  mpfr_inits2(1000, s, q, (mpfr_ptr)0);
  mpfr_mul(s, a, a, MPFR_RNDN), mpfr_mul(q, b, b, MPFR_RNDN), mpfr_add(s, s, q, MPFR_RNDN);
  mpfr_set_emin(emin), mpfr_set_emax(emax);
  int r = mpfr_rec_sqrt(y, s, rnd);
  mpfr_clears(s, q, (mpfr_ptr)0);
  return r;
}

static uint32_t naive_rn24(mpfr_fn2 f, uint32_t a, uint32_t b) {
  const mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_set_emin(-148), mpfr_set_emax(128);
  mpfr_t ma, mb, y;
  mpfr_inits2(24, ma, mb, y, (mpfr_ptr)0);
  mpfr_set_flt(ma, u2f(a), MPFR_RNDN), mpfr_set_flt(mb, u2f(b), MPFR_RNDN);
  int t = f(y, ma, mb, MPFR_RNDN);
  t = mpfr_subnormalize(y, t, MPFR_RNDN);
  const uint32_t r = f2u(mpfr_get_flt(y, MPFR_RNDN));
  mpfr_clears(ma, mb, y, (mpfr_ptr)0);
  mpfr_set_emin(emin), mpfr_set_emax(emax);
  return r;
}

/* the ulp error, or -1 when not measured (f or out not finite) */
static double naive_ulp(mpfr_fn2 f, uint32_t a, uint32_t b, uint32_t out) {
  mpfr_t ma, mb, y, d;
  mpfr_inits2(256, ma, mb, y, d, (mpfr_ptr)0);
  mpfr_set_flt(ma, u2f(a), MPFR_RNDN), mpfr_set_flt(mb, u2f(b), MPFR_RNDN);
  f(y, ma, mb, MPFR_RNDN);
  double e = -1;
  /* beyond binary64's range the tool's reference is infinite (its rule: only that
   * infinity is right), so such pairs are not measured there either */
  if (mpfr_number_p(y) && isfinite(u2f(out)) && fabs(mpfr_get_d(y, MPFR_RNDN)) < 0x1p1023) {
    long ex = mpfr_zero_p(y) ? -126 : (long)mpfr_get_exp(y) - 1;
    if (ex < -126) ex = -126;
    mpfr_set_flt(d, u2f(out), MPFR_RNDN);
    mpfr_sub(d, d, y, MPFR_RNDN);
    mpfr_abs(d, d, MPFR_RNDN);
    mpfr_mul_2si(d, d, 23 - ex, MPFR_RNDN);
    e = mpfr_get_d(d, MPFR_RNDN);
  }
  mpfr_clears(ma, mb, y, d, (mpfr_ptr)0);
  return e;
}

static struct stats *new_stats(const struct pair_variant *v) {
  struct stats *s = malloc(sizeof *s);
  stats_init(s);
  s->pairs = 1;
  stats_set_clauses(s, v->base.clause, v->base.n_clauses);
  return s;
}

static struct pair_scan scan_of(const struct pair_variant **v, struct stats **st, int threads) {
  return (struct pair_scan){.gpu = 0, .threads = threads, .nrandom = 9, .seed = 0x1234, .fast = 1, .nv = 1, .v = v, .st = st};
}

static void naive_check(const char *name, mpfr_fn2 f, uint32_t from, uint32_t to) {
  const struct pair_variant *v = pair_find(name);
  assert_non_null(v);
  struct stats *s = new_stats(v);
  struct pair_scan ps = scan_of(&v, &s, 2);
  uint64_t done;
  assert_int_equal(pair_scan_range(&ps, from, to, 4096, &done, NULL, NULL), 0);
  const uint32_t np = pair_npart(ps.nrandom);
  uint32_t *p = malloc(4 * np);
  uint64_t n = 0, cr = 0;
  double emax = -1;
  for (uint64_t x = from; x <= to; x++) {
    pair_partners_of(&ps, v->ref->set, (uint32_t)x, p);
    for (uint32_t k = 0; k < np; k++, n++) {
      const uint32_t a = (uint32_t)x, b = p[k], out = f2u(v->host_fn(u2f(a), u2f(b)));
      const uint32_t rn = naive_rn24(f, a, b);
      cr += (rn & 0x7fffffffu) > INF_F ? (out & 0x7fffffffu) > INF_F : out == rn;
      const double e = naive_ulp(f, a, b, out);
      if (e > emax) emax = e;
    }
  }
  free(p);
  assert_int_equal(s->inputs, n);
  if (s->correctly_rounded != cr)
    fail_msg("%s: %llu correctly rounded, naive %llu", name, (unsigned long long)s->correctly_rounded,
             (unsigned long long)cr);
  /* the tool measures against y = RN53(f): within 2^-52 relative of the exact error
   * (plus the binary64 subtraction's rounding) */
  if (fabs(s->max_ulp - emax) > 1e-9 * (emax > 1 ? emax : 1))
    fail_msg("%s: max ulp %.17g, naive %.17g", name, s->max_ulp, emax);
  free(s);
}

static void test_naive_pow(void **state) {
  (void)state;
  naive_check("powf.host", mpfr_pow, 0x3f7fffc0u, 0x3f80003fu); /* x around 1 */
  naive_check("powf.host", mpfr_pow, 0xc0400000u, 0xc040001fu); /* negative bases */
}
static void test_naive_atan2(void **state) {
  (void)state;
  naive_check("atan2f.host", mpfr_atan2, 0x00000000u, 0x0000003fu);
  naive_check("atan2f.host", mpfr_atan2, 0xbf800000u, 0xbf80003fu);
}
static void test_naive_hypot(void **state) {
  (void)state;
  naive_check("hypotf.host", mpfr_hypot, 0x7f7fffc0u, 0x7f7fffffu); /* near overflow */
  naive_check("rhypotf.host", naive_rhypot, 0x00800000u, 0x0080003fu);
}
static void test_naive_fmod(void **state) {
  (void)state;
  naive_check("fmodf.host", mpfr_fmod, 0x4b800000u, 0x4b80003fu);
  naive_check("remainderf.host", mpfr_remainder, 0x4b7fffc0u, 0x4b7fffffu);
}

/* The C math libraries' two-argument variants (every host variant but glibc's .host ones:
 * LLVM libc, musl, SLEEF where the build links them; src/libm/libm.h) against the naive loop
 * on their special points: x at the zeros and smallest subnormals, around 1, and at the
 * largest finite numbers, the infinity and the first NaNs (each against its partners). */
static void test_naive_libraries(void **state) {
  (void)state;
  static const struct {
    const char *ref;
    mpfr_fn2 f;
  } fns[] = {{"pow", mpfr_pow},   {"atan2", mpfr_atan2},         {"hypot", mpfr_hypot},
             {"fmod", mpfr_fmod}, {"remainder", mpfr_remainder}, {"fdim", mpfr_dim}};
  static const uint32_t from[] = {0x00000000u, 0x3f7ffff0u, 0x7f7ffff0u, 0x80000000u};
  int runs = 0;
  assert_int_equal(pair_registry_init(), 0);
  for (int i = 0; i < n_pair_variants; i++) {
    const struct pair_variant *v = &pair_variants[i];
    const size_t n = strlen(v->name);
    if (v->flavour != PF_HOST || (n > 5 && !strcmp(v->name + n - 5, ".host"))) continue;
    mpfr_fn2 f = NULL;
    for (size_t k = 0; k < sizeof fns / sizeof fns[0]; k++)
      if (!strcmp(fns[k].ref, v->ref->name)) f = fns[k].f;
    if (!f) fail_msg("%s: no naive function for %s", v->name, v->ref->name);
    for (size_t k = 0; k < sizeof from / sizeof from[0]; k++, runs++) naive_check(v->name, f, from[k], from[k] + 0x1f);
  }
  printf("  %d ranges of 32 x\n", runs);
}

/* Same statistics for blocks of 4096 and 65536, 1 and 2 threads, and two halves merged. */
static void test_determinism(void **state) {
  (void)state;
  const struct pair_variant *v = pair_find("hypotf.host");
  const uint32_t from = 0x3f7ff000u, to = 0x3f800fffu; /* 8192 x across a block edge */
  struct stats *s1 = new_stats(v), *s2 = new_stats(v), *h1 = new_stats(v), *h2 = new_stats(v);
  struct pair_scan a = scan_of(&v, &s1, 1), b = scan_of(&v, &s2, 2), c = scan_of(&v, &h1, 2), d = scan_of(&v, &h2, 1);
  uint64_t done;
  assert_int_equal(pair_scan_range(&a, from, to, 4096, &done, NULL, NULL), 0);
  assert_int_equal(pair_scan_range(&b, from, to, 65536, &done, NULL, NULL), 0);
  assert_int_equal(pair_scan_range(&c, from, 0x3f7fffffu, 4096, &done, NULL, NULL), 0);
  assert_int_equal(pair_scan_range(&d, 0x3f800000u, to, 4096, &done, NULL, NULL), 0);
  stats_merge(h2, h1); /* in the other order: merges commute */
  const char *field = NULL;
  if (!stats_equal(s1, s2, &field)) fail_msg("blocks/threads differ in %s", field);
  if (!stats_equal(s1, h2, &field)) fail_msg("merged halves differ in %s", field);
  assert_true(s1->inputs == 8192ull * pair_npart(9));
  free(s1), free(s2), free(h1), free(h2);
}

/* --swap, and the same pairs as a list: the sweep and the list give the same statistics. */
static void test_swap_list(void **state) {
  (void)state;
  const struct pair_variant *v = pair_find("powf.host");
  struct stats *s1 = new_stats(v), *s2 = new_stats(v);
  struct pair_scan a = scan_of(&v, &s1, 2), b = scan_of(&v, &s2, 2);
  a.swap = b.swap = 1;
  uint64_t done;
  const uint32_t from = 0x41200000u, to = 0x4120003fu; /* exponents 10 .. */
  assert_int_equal(pair_scan_range(&a, from, to, 4096, &done, NULL, NULL), 0);
  const uint32_t np = pair_npart(9), n = (to - from + 1) * np;
  uint32_t(*pairs)[2] = malloc(sizeof *pairs * n), *p = malloc(4 * np);
  for (uint32_t x = from, i = 0; x <= to; x++) {
    pair_partners_of(&a, PS_POW, x, p);
    for (uint32_t k = 0; k < np; k++, i++) pairs[i][0] = p[k], pairs[i][1] = x; /* f(partner, x) */
  }
  assert_int_equal(pair_scan_list(&b, (const uint32_t(*)[2])pairs, n), 0);
  const char *field = NULL;
  if (!stats_equal(s1, s2, &field)) fail_msg("sweep and list differ in %s", field);
  /* with x the exponent, the partners are bases: 1 is among them, and pow(1, y) = 1 */
  assert_true(s1->correctly_rounded > 0);
  free(pairs), free(p), free(s1), free(s2);
}

/* Partners are a pure function of (set, role, x, k, seed): the seed changes only the
 * random ones, and the adversarial ones include the Annex F operands. */
static void test_partners(void **state) {
  (void)state;
  for (int set = 0; set < PS_N; set++)
    for (uint32_t x = 0x3f800001u; x < 0x3f800010u; x++) {
      assert_int_equal(pair_partner(set, 0, x, 0, 1), 0);
      assert_int_equal(pair_partner(set, 0, x, 1, 1), NEG);
      assert_int_equal(pair_partner(set, 1, x, 2, 7), INF_F);
      for (uint32_t k = 0; k < PAIR_ADV; k++) assert_int_equal(pair_partner(set, 0, x, k, 1), pair_partner(set, 0, x, k, 99));
      int differ = 0;
      for (uint32_t k = PAIR_ADV; k < PAIR_ADV + 8; k++) differ |= pair_partner(set, 0, x, k, 1) != pair_partner(set, 0, x, k, 2);
      assert_true(differ);
    }
  /* pow with x = 1 + 2^-23: the overflow exponent 128 / log2(x) is about 2^30.5 */
  const double l = pp_log2(0x3f800001u);
  assert_true(fabs(l - log2(1.0 + 0x1p-23)) < 1e-12 * fabs(l));
  /* fmod: partner 10 is x 2^-24 (quotient 2^24) */
  assert_int_equal(pair_partner(PS_FMOD, 0, 0x4b800000u, 10, 1), 0x3f800000u);
}

/* The pipeline (fast references, lean accumulators; 1 worker, then 3 workers taking
 * blocks of 256 x in turn) against the batch path (MPFR for every pair, the full
 * accumulator), field for field with the output moments; and the outputs alone against
 * the full pass's bins. Every host variant, both ways, over x across a bin's edge. */
static void test_pipeline_paths(void **state) {
  (void)state;
  const uint32_t from = 0x3f8ffc00u, to = 0x3f9003ffu; /* 2048 x, the bin edge 0x3f900000 in the middle */
  const int devs[3] = {0, 1, 2};
  for (int i = 0; i < n_pair_variants; i++) {
    const struct pair_variant *v = &pair_variants[i];
    if (v->flavour != PF_HOST) continue;
    for (int swap = 0; swap < 2; swap++) {
      struct stats *s[4];
      struct pair_scan ps[4];
      for (int k = 0; k < 4; k++) {
        s[k] = new_stats(v), s[k]->has_moments = 1;
        ps[k] = scan_of(&v, &s[k], 2);
        ps[k].swap = swap, ps[k].moments = 1;
      }
      ps[1].fast = 0;                                 /* the batch path */
      ps[2].ndevices = 3, ps[2].devices = devs;       /* three workers */
      ps[3].outputs_only = 1;                         /* the outputs alone */
      uint64_t done;
      for (int k = 0; k < 4; k++) assert_int_equal(pair_scan_range(&ps[k], from, to, k == 2 ? 256 : 4096, &done, NULL, NULL), 0);
      const char *field = NULL;
      if (!stats_equal(s[0], s[1], &field)) fail_msg("%s swap %d: pipeline and batch differ in %s", v->name, swap, field);
      if (!stats_equal(s[0], s[2], &field)) fail_msg("%s swap %d: 1 and 3 workers differ in %s", v->name, swap, field);
      for (uint32_t b = 0; b < NBINS; b++)
        if (s[0]->bin_digest[b] != s[3]->bin_digest[b] || s[0]->bin_inputs[b] != s[3]->bin_inputs[b] ||
            s[0]->bin_m0[b] != s[3]->bin_m0[b] || s[0]->bin_m1[b] != s[3]->bin_m1[b])
          fail_msg("%s swap %d: the outputs alone differ in bin %u", v->name, swap, b);
      assert_true(s[0]->inputs == 2048ull * pair_npart(9) && s[0]->bin_m1[0x3f9003ffu >> BIN_LOG2] != 0);
      for (int k = 0; k < 4; k++) free(s[k]);
    }
  }
}

/* The moments of a bin, summed by hand from the outputs (an independent loop over the
 * pairs in their order: i = (x - the bin's first) np + k). */
static void test_moments_by_hand(void **state) {
  (void)state;
  const struct pair_variant *v = pair_find("fdimf.host");
  const uint32_t from = 0x40000010u, to = 0x4000002fu, np = pair_npart(9);
  struct stats *s = new_stats(v);
  s->has_moments = 1;
  struct pair_scan ps = scan_of(&v, &s, 1);
  ps.moments = 1;
  uint64_t done;
  assert_int_equal(pair_scan_range(&ps, from, to, 4096, &done, NULL, NULL), 0);
  unsigned __int128 m0 = 0, m1 = 0;
  uint32_t *p = malloc(4 * np);
  for (uint32_t x = from; x <= to; x++) {
    pair_partners_of(&ps, PS_FDIM, x, p);
    for (uint32_t k = 0; k < np; k++) {
      const uint64_t out = f2u(fdimf(u2f(x), u2f(p[k]))), i = (uint64_t)(x - 0x40000000u) * np + k;
      m0 += out, m1 += (unsigned __int128)out * (i + 1);
    }
  }
  free(p);
  const uint64_t P = (1ull << 61) - 1;
  assert_true(s->bin_m0[0x40000000u >> BIN_LOG2] == (uint64_t)(m0 % P));
  assert_true(s->bin_m1[0x40000000u >> BIN_LOG2] == (uint64_t)(m1 % P));
  free(s);
}

/* The device pipeline's storage order (pair_store.h) is a bijection of the unit's pairs
 * onto [0, nx np), pp_unstore its inverse, and each tile of 32 x fills its own run: checked
 * by marking every index, for partner counts and unit sizes with and without a short last
 * tile. By hand: nx = 40, np = 3: x 33 (tile 1, w = 8) with partner 2 sits at
 * 32 * 3 + 2 * 8 + 1 = 113. */
static void test_store_order(void **state) {
  (void)state;
  assert_int_equal(pp_store(33, 2, 3, 40), 113);
  const uint32_t nps[] = {1, 3, 24, 33, 300}, nxs[] = {1, 31, 32, 33, 64, 100, 2048};
  for (size_t a = 0; a < sizeof nps / sizeof nps[0]; a++)
    for (size_t b = 0; b < sizeof nxs / sizeof nxs[0]; b++) {
      const uint32_t np = nps[a], nx = nxs[b];
      unsigned char *seen = calloc((size_t)nx * np, 1);
      assert_non_null(seen);
      for (uint32_t xo = 0; xo < nx; xo++)
        for (uint32_t k = 0; k < np; k++) {
          const uint32_t i = pp_store(xo, k, np, nx);
          assert_true(i < nx * np && !seen[i]);
          assert_true(i / (32 * np) == xo / 32); /* inside its tile's run */
          seen[i] = 1;
          uint32_t xo2, k2;
          pp_unstore(i, np, nx, &xo2, &k2);
          assert_true(xo2 == xo && k2 == k);
        }
      if (nx >= 2 && np >= 2) /* consecutive x of one partner index are neighbours */
        assert_int_equal(pp_store(1, 1, np, nx), pp_store(0, 1, np, nx) + 1);
      free(seen);
    }
}

/* pair_pipe_refs' copy out (pair_pipe_unstore_refs): partners, references and signs in the
 * device's storage order become operands, references and signs in key order, both operand
 * orders, tiles whole and partial, on several threads: pair xo np + k is x0 + xo against
 * the partner stored at pp_store(xo, k), with that slot's reference and sign. */
static void test_unstore_refs(void **state) {
  (void)state;
  struct pair_pipe_cfg c;
  memset(&c, 0, sizeof c);
  c.threads = 3;
  const uint32_t nxs[] = {1, 31, 32, 70, 200}, nps[] = {1, 3, 33};
  for (size_t a = 0; a < sizeof nxs / sizeof nxs[0]; a++)
    for (size_t b = 0; b < sizeof nps / sizeof nps[0]; b++)
      for (int swap = 0; swap < 2; swap++) {
        const uint32_t nx = nxs[a], np = nps[b], n = nx * np, x0 = 0x3f7ffff0u - swap * 0x01000000u;
        c.np = np, c.swap = swap;
        uint32_t *ps = malloc(4ull * n), *oa = malloc(4ull * n), *ob = malloc(4ull * n);
        double *ys = malloc(8ull * n), *y = malloc(8ull * n);
        int8_t *ts = malloc(n), *t = malloc(n);
        assert_true(ps && oa && ob && ys && y && ts && t);
        uint64_t z = 0x9e3779b97f4a7c15ull * (n + 2 * swap + 1);
        for (uint32_t j = 0; j < n; j++) {
          z = z * 6364136223846793005ull + 1442695040888963407ull;
          ps[j] = (uint32_t)(z >> 32), ys[j] = (double)j + 0.5, ts[j] = (int8_t)(j % 3) - 1;
        }
        memset(oa, 0xa5, 4ull * n), memset(ob, 0xa5, 4ull * n), memset(y, 0, 8ull * n), memset(t, 9, n);
        pair_pipe_unstore_refs(&c, x0, nx, ps, ys, ts, oa, ob, y, t);
        for (uint32_t xo = 0; xo < nx; xo++)
          for (uint32_t k = 0; k < np; k++) {
            const uint32_t i = xo * np + k, j = pp_store(xo, k, np, nx), x = x0 + xo;
            assert_int_equal(oa[i], pp_op_a(swap, x, ps[j]));
            assert_int_equal(ob[i], pp_op_b(swap, x, ps[j]));
            assert_true(y[i] == (double)j + 0.5);
            assert_int_equal(t[i], (int8_t)(j % 3) - 1);
          }
        free(ps), free(oa), free(ob), free(ys), free(y), free(ts), free(t);
      }
}

/* The host variants' outputs in one pass (pair_pipe_host_outputs), in the device's storage
 * order and in key order, both operand orders, tiles whole and partial: each pair's
 * output is the variant's function on the pair's operands, placed where pp_store (or
 * xo np + k) puts the pair. */
static void test_host_outputs_orders(void **state) {
  (void)state;
  const char *names[] = {"atan2f.host", "hypotf.host", "powf.host", "fmodf.host"};
  const int nv = 4;
  struct pair_pipe_cfg c;
  memset(&c, 0, sizeof c);
  c.threads = 3;
  for (int q = 0; q < nv; q++) {
    const struct pair_variant *v = pair_find(names[q]);
    assert_non_null(v);
    c.host_fn[q] = v->host_fn;
  }
  const int vs[4] = {3, 0, 2, 1}; /* any order of the slots */
  const uint32_t nxs[] = {1, 31, 32, 70, 200}, nps[] = {1, 3, 33};
  for (size_t a = 0; a < sizeof nxs / sizeof nxs[0]; a++)
    for (size_t b = 0; b < sizeof nps / sizeof nps[0]; b++)
      for (int stored = 0; stored < 2; stored++)
        for (int swap = 0; swap < 2; swap++) {
          const uint32_t nx = nxs[a], np = nps[b], n = nx * np, x0 = 0x3f7ffff0u - swap * 0x01000000u;
          c.np = np, c.swap = swap;
          uint32_t *p = malloc(4ull * n), *o = malloc(4ull * n * nv), *out[4];
          assert_true(p && o);
          for (int q = 0; q < nv; q++) out[q] = o + (size_t)q * n;
          uint64_t z = 0x9e3779b97f4a7c15ull * (n + stored + 2 * swap);
          for (uint32_t j = 0; j < n; j++) z = z * 6364136223846793005ull + 1442695040888963407ull, p[j] = (uint32_t)(z >> 32);
          memset(o, 0xa5, 4ull * n * nv);
          pair_pipe_host_outputs(&c, nv, vs, x0, nx, stored, p, out);
          for (uint32_t xo = 0; xo < nx; xo++)
            for (uint32_t k = 0; k < np; k++) {
              const uint32_t j = stored ? pp_store(xo, k, np, nx) : xo * np + k, x = x0 + xo;
              const float fa = u2f(pp_op_a(swap, x, p[j])), fb = u2f(pp_op_b(swap, x, p[j]));
              for (int q = 0; q < nv; q++) assert_int_equal(out[q][j], f2u(c.host_fn[vs[q]](fa, fb)));
            }
          free(p), free(o);
        }
}

/* A planted wrong hypotf: NaN at (2 + 3 ulp, +0), +inf at (2 + 5 ulp, b) for |b| < 1, NaN at
 * (2 + 7 ulp, b) for every b. Over x in [2, 2 + 255 ulp] against hypot's partners, the non-finite
 * outputs where the correctly rounded result is finite are counted and the lowest LIST_MAX pairs
 * (by x, then partner) listed with the output and the correctly rounded result, by the pipeline,
 * by the batch path and by 3 workers alike; the expected list comes from a loop here, MPFR
 * deciding which references are finite (RN24 of hypot, at least 2: no subnormal). */
static float planted_hypotf(float a, float b) {
  const uint32_t x = f2u(a);
  if ((x == 0x40000003u && f2u(b) == 0) || x == 0x40000007u) return NAN;
  if (x == 0x40000005u && fabsf(b) < 1.0f) return INFINITY;
  return hypotf(a, b);
}

static int sample_cmp(const void *pa, const void *pb) {
  const struct sample *a = pa, *b = pb;
  const uint64_t ka = measure_key(a->input, a->partner), kb = measure_key(b->input, b->partner);
  return ka < kb ? -1 : ka > kb;
}

static void test_nonfinite_first(void **state) {
  (void)state;
  struct pair_variant planted = *pair_find("hypotf.host");
  planted.host_fn = planted_hypotf;
  const struct pair_variant *v = &planted;
  const uint32_t from = 0x40000000u, to = 0x400000ffu;
  struct stats *s[3];
  struct pair_scan ps[3];
  const int devs[3] = {0, 1, 2};
  for (int k = 0; k < 3; k++) s[k] = new_stats(v), ps[k] = scan_of(&v, &s[k], 2);
  ps[1].fast = 0;                           /* the batch path */
  ps[2].ndevices = 3, ps[2].devices = devs; /* three workers */
  uint64_t done;
  for (int k = 0; k < 3; k++) assert_int_equal(pair_scan_range(&ps[k], from, to, k == 2 ? 64 : 4096, &done, NULL, NULL), 0);
  /* the expected count and list, pair by pair in increasing (x, partner) */
  const uint32_t np = pair_npart(9);
  uint32_t *p = malloc(4 * np);
  struct sample *want = malloc(sizeof *want * 3 * np); /* three x have non-finite outputs */
  uint64_t count = 0;
  mpfr_t m, a, b;
  mpfr_inits2(24, m, a, b, (mpfr_ptr)0);
  for (uint32_t x = from; x <= to; x++) {
    pair_partners_of(&ps[0], planted.ref->set, x, p);
    for (uint32_t k = 0; k < np; k++) {
      const uint32_t out = f2u(planted_hypotf(u2f(x), u2f(p[k])));
      if (!isnan(u2f(out)) && !isinf(u2f(out))) continue;
      mpfr_set_flt(a, u2f(x), MPFR_RNDN), mpfr_set_flt(b, u2f(p[k]), MPFR_RNDN);
      mpfr_hypot(m, a, b, MPFR_RNDN);
      const float cr = mpfr_get_flt(m, MPFR_RNDN);
      if (!isfinite(cr)) continue; /* hypot(x, inf) = inf, hypot(x, NaN) = NaN: not a non-finite output's error */
      assert_true(count < 3 * np);
      want[count++] = (struct sample){x, out, f2u(cr), p[k]};
    }
  }
  mpfr_clears(m, a, b, (mpfr_ptr)0);
  qsort(want, count, sizeof *want, sample_cmp);
  assert_true(count > LIST_MAX); /* the list is full: its order matters */
  assert_true(s[0]->nonfinite == count && s[0]->n_nonfinite == LIST_MAX && !s[0]->nonfinite_unlisted);
  for (int i = 0; i < LIST_MAX; i++) {
    const struct sample *g = &s[0]->nonfinite_first[i];
    if (g->input != want[i].input || g->partner != want[i].partner || g->other != want[i].other ||
        (isnan(u2f(want[i].output)) ? !isnan(u2f(g->output)) : g->output != want[i].output))
      fail_msg("entry %d: (0x%08x, 0x%08x) out 0x%08x cr 0x%08x, expected (0x%08x, 0x%08x) out 0x%08x cr 0x%08x", i,
               g->input, g->partner, g->output, g->other, want[i].input, want[i].partner, want[i].output, want[i].other);
  }
  assert_int_equal(want[0].input, 0x40000003u); /* (2 + 3 ulp, +0) first */
  const char *field = NULL;
  if (!stats_equal(s[0], s[1], &field)) fail_msg("pipeline and batch differ in %s", field);
  if (!stats_equal(s[0], s[2], &field)) fail_msg("1 and 3 workers differ in %s", field);
  /* the result file lists them as binary32's does: nonfinite_first, with each pair's partner */
  json_t *o = b32_variant_json(&planted.base, s[0]), *l = json_object_get(o, "nonfinite_first");
  assert_true(json_is_array(l) && json_array_size(l) == LIST_MAX);
  assert_non_null(json_object_get(json_array_get(l, 0), "partner"));
  json_decref(o);
  free(p), free(want);
  for (int k = 0; k < 3; k++) free(s[k]);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_specials), cmocka_unit_test(test_partners), cmocka_unit_test(test_naive_pow),
      cmocka_unit_test(test_naive_atan2), cmocka_unit_test(test_naive_hypot), cmocka_unit_test(test_naive_fmod),
      cmocka_unit_test(test_naive_libraries),
      cmocka_unit_test(test_determinism), cmocka_unit_test(test_swap_list), cmocka_unit_test(test_pipeline_paths),
      cmocka_unit_test(test_moments_by_hand), cmocka_unit_test(test_store_order),
      cmocka_unit_test(test_host_outputs_orders), cmocka_unit_test(test_unstore_refs),
      cmocka_unit_test(test_nonfinite_first),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
