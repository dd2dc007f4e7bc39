/* test_reduce.c: the reduction is exact. Splitting a range in pieces and merging
 * gives the single-pass result bit for bit (ties included); results do not depend
 * on thread count, chunk size, shards or the reference cache. */
#include "testutil.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "reference/refcache.h"
#include "src/measure/metrics.h"
#include "src/catalogue/registry.h"
#include "src/kinds/binary32/scan.h"

static struct stats *new_stats(void) {
  struct stats *s = malloc(sizeof *s);
  assert_non_null(s);
  stats_init(s);
  return s;
}

static void assert_stats_equal(const struct stats *a, const struct stats *b) {
  const char *field = "";
  if (!stats_equal(a, b, &field)) fail_msg("statistics differ in field %s", field);
}

/* Synthetic records with many exact ties in the maxima, fed whole and in pieces. */
#define NREC 50000
struct rec { uint32_t x, out, rn; double y; };

static void test_merge_synthetic(void **state) {
  (void)state;
  static struct rec r[NREC];
  for (int i = 0; i < NREC; i++) {
    uint32_t x = (uint32_t)(test_rand64() >> 32);
    /* exact 1 - 2^-30; outputs from a few values, so errors tie exactly */
    double y = 1.0 - 0x1p-30;
    uint32_t out = 0x3f800000u - (uint32_t)(test_rand64() % 4);
    if (i % 1000 == 7) out = 0x7fc00000u;  /* nonfinite */
    if (i % 997 == 3) { y = NAN; }         /* NaN expected */
    r[i] = (struct rec){x, out, ms_rn32(y, 1), y};
  }
  struct stats *whole = new_stats(), *merged = new_stats();
  stats_set_abs_range(whole, 0.0, INFINITY); /* absolute error over the positive inputs only */
  for (int i = 0; i < NREC; i++) stats_add(whole, r[i].x, r[i].out, r[i].y, r[i].rn);
  /* 7 pieces of random sizes, merged in reverse order */
  int cut[8] = {0};
  for (int k = 1; k < 7; k++) cut[k] = (int)(test_rand64() % NREC);
  cut[7] = NREC;
  for (int a = 1; a < 8; a++)
    for (int b = a; b > 1 && cut[b - 1] > cut[b]; b--) { int t = cut[b]; cut[b] = cut[b - 1]; cut[b - 1] = t; }
  for (int k = 6; k >= 0; k--) {
    struct stats *p = new_stats();
    stats_set_abs_range(p, 0.0, INFINITY);
    for (int i = cut[k]; i < cut[k + 1]; i++) stats_add(p, r[i].x, r[i].out, r[i].y, r[i].rn);
    stats_merge(merged, p);
    free(p);
  }
  assert_stats_equal(whole, merged);
  /* worst output 1 - 3*2^-24 against exact 1 - 2^-30, ulp 2^-24: 3 - 2^-6 */
  assert_true(whole->max_ulp == 3.0 - 0x1p-6);
  /* the absolute error |(1 - 3*2^-24) - (1 - 2^-30)| = 3*2^-24 - 2^-30 at the lowest
   * positive input (sign bit clear) with that output and a finite reference */
  uint32_t lowest = 0xffffffffu;
  for (int i = 0; i < NREC; i++)
    if (r[i].x < 0x7f800000u && r[i].out == 0x3f7ffffdu && !isnan(r[i].y) && r[i].x < lowest) lowest = r[i].x;
  assert_true(whole->max_abs == 3 * 0x1p-24 - 0x1p-30);
  assert_int_equal(whole->max_abs_input, lowest);
  free(whole);
  free(merged);
}

static const struct variant *host_tanhf_variant(void) {
  const struct variant *v = variant_find("tanhf.host");
  assert_non_null(v);
  return v;
}

static struct stats *scan_one(const struct variant *v, uint32_t from, uint32_t to, int threads, uint32_t chunk,
                              const char *cache, struct scan_times *tmo) {
  struct scan_opts o;
  scan_default_opts(&o);
  o.from = from, o.to = to, o.threads = threads, o.chunk = chunk, o.cache_dir = cache, o.progress = 0;
  struct stats *s = new_stats();
  struct scan_times tm;
  char err[512];
  const struct variant *vs[1] = {v};
  int rc = scan_run(vs, 1, &o, &s, &tm, err, sizeof err);
  if (rc) fail_msg("scan failed: %s", err);
  if (tmo) *tmo = tm;
  return s;
}

/* Independent of thread count and chunk size, on a range that crosses the sign
 * (NaNs, +-inf, -0 and the negative tiny inputs) and one of ordinary inputs. */
static void test_threads_and_chunks(void **state) {
  (void)state;
  const struct variant *v = host_tanhf_variant();
  const uint32_t ranges[][2] = {{0x7f7ff000u, 0x80007fffu}, {0x3efff000u, 0x3f01ffffu}};
  for (int k = 0; k < 2; k++) {
    struct stats *a = scan_one(v, ranges[k][0], ranges[k][1], 1, 1u << 12, NULL, NULL);
    struct stats *b = scan_one(v, ranges[k][0], ranges[k][1], 2, 1u << 16, NULL, NULL);
    struct stats *c = scan_one(v, ranges[k][0], ranges[k][1], 2, 1u << 22, NULL, NULL);
    assert_stats_equal(a, b);
    assert_stats_equal(a, c);
    assert_int_equal(a->inputs, (uint64_t)ranges[k][1] - ranges[k][0] + 1);
    free(a), free(b), free(c);
  }
  /* a variant with an absolute-error range: the host sinf restricted to [-pi, pi], on
   * inputs across pi of both signs */
  struct variant sv = *variant_find("sinf.host");
  sv.abs_ranged = 1, sv.abs_lo = -0x1.921fb54442d18p1, sv.abs_hi = 0x1.921fb54442d18p1;
  sv.ref = ref_find("sin");
  struct stats *a = scan_one(&sv, 0x40490000u, 0x40491fffu, 1, 1u << 12, NULL, NULL);
  struct stats *b = scan_one(&sv, 0x40490000u, 0x40491fffu, 2, 1u << 16, NULL, NULL);
  assert_stats_equal(a, b);
  assert_true(a->max_abs >= 0 && a->max_abs_input <= 0x40490fdau);
  assert_true(a->abs_lo == sv.abs_lo && a->abs_hi == sv.abs_hi);
  free(a), free(b);
}

/* Shards: [from, m] and [m+1, to] merged equal one run over [from, to], for cuts in
 * the middle of a half, at a chunk boundary, and at the sign boundary. */
static void test_shards_merge(void **state) {
  (void)state;
  const struct variant *v = host_tanhf_variant();
  const uint32_t from = 0x7fffe000u, to = 0x80002fffu;
  const uint32_t cuts[] = {0x7fffefffu, 0x7fffffffu, 0x80000000u, 0x80001234u};
  struct stats *whole = scan_one(v, from, to, 2, 1u << 12, NULL, NULL);
  for (size_t k = 0; k < sizeof cuts / sizeof cuts[0]; k++) {
    struct stats *a = scan_one(v, from, cuts[k], 2, 1u << 12, NULL, NULL);
    struct stats *b = scan_one(v, cuts[k] + 1, to, 1, 1u << 13, NULL, NULL);
    stats_merge(b, a);
    assert_stats_equal(whole, b);
    free(a), free(b);
  }
  free(whole);
  /* an ordinary range, cut inside a chunk */
  whole = scan_one(v, 0x3f000000u, 0x3f00ffffu, 2, 1u << 12, NULL, NULL);
  struct stats *a = scan_one(v, 0x3f000000u, 0x3f0077ffu, 2, 1u << 14, NULL, NULL);
  struct stats *b = scan_one(v, 0x3f007800u, 0x3f00ffffu, 2, 1u << 12, NULL, NULL);
  stats_merge(a, b);
  assert_stats_equal(whole, a);
  assert_true(whole->monotonic_checked > 0);
  free(whole), free(a), free(b);
}

/* The reference cache: a reference whose cached range is narrowed so that a test can
 * cover it. Results without cache, while building it, and from it are identical; a
 * corrupted cache file is detected and rebuilt. */
static void test_cache_identical(void **state) {
  (void)state;
  static struct reference small;
  small = *ref_find("tanh");
  small.name = "tanh-testcache";
  small.mpfr_lo = 0x3f000000u;
  small.mpfr_hi = 0x3f010000u;
  static struct variant sv;
  sv = *host_tanhf_variant();
  sv.ref = &small;
  char dir[] = "/tmp/ulpcert-test-XXXXXX";
  assert_non_null(mkdtemp(dir));
  struct scan_times tm;
  const uint32_t from = 0xbeffffffu, to = 0xbf01ffffu; /* negatives: the cache serves them through oddness */
  struct stats *none = scan_one(&sv, from, to, 2, 1u << 12, NULL, &tm);
  struct stats *build = scan_one(&sv, from, to, 2, 1u << 12, dir, &tm);
  assert_string_equal(tm.cache, "built");
  struct stats *warm = scan_one(&sv, from, to, 1, 1u << 14, dir, &tm);
  assert_string_equal(tm.cache, "loaded");
  assert_true(tm.cache_hits == 0x10000u);
  assert_stats_equal(none, build);
  assert_stats_equal(none, warm);
  /* corrupt one payload byte: detected (checksum), rebuilt, same results */
  char path[512];
  snprintf(path, sizeof path, "%s/tanh-testcache.ulpref", dir);
  FILE *f = fopen(path, "r+b");
  assert_non_null(f);
  fseek(f, 4096, SEEK_SET);
  int ch = fgetc(f);
  fseek(f, 4096, SEEK_SET);
  fputc(ch ^ 0x10, f);
  fclose(f);
  struct stats *again = scan_one(&sv, from, to, 2, 1u << 12, dir, &tm);
  assert_string_equal(tm.cache, "built");
  assert_stats_equal(none, again);
  /* truncated file: rebuilt too */
  assert_int_equal(truncate(path, 1000), 0);
  free(again);
  again = scan_one(&sv, from, to, 2, 1u << 12, dir, &tm);
  assert_string_equal(tm.cache, "built");
  assert_stats_equal(none, again);
  unlink(path);
  rmdir(dir);
  free(none), free(build), free(warm), free(again);
}

int main(void) {
  registry_init(NULL, 0);
  g_quiet = 1;
  printf("random seed 0x%016llx\n", (unsigned long long)test_rng_state);
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_merge_synthetic),
    cmocka_unit_test(test_threads_and_chunks),
    cmocka_unit_test(test_shards_merge),
    cmocka_unit_test(test_cache_identical),
  };
  return cmocka_run_group_tests_name("reduce", tests, NULL, NULL);
}
