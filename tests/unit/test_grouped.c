/* test_grouped.c: the reference groups of a binary32 run (src/kinds/binary32/grouped.c)
 * and their queue: groups in the order of their first variants, split at SCAN_MAXV; the
 * queue's order (largest estimated cost first, ties in group order) and the host threads
 * shared among the workers (src/engine/workers.h); and, on the CPU backend, the groups
 * scanned by several workers at once give every variant the statistics that one worker
 * gives, in the variants' order. */
#include "testutil.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "src/kinds/binary32/binary32.h"
#include "src/engine/workers.h"

static void test_order(void **state) {
  (void)state;
  /* by hand: 5 first, then the two 3s in index order (1 before 2), then 2, then 1 */
  const double cost[5] = {1, 3, 3, 2, 5};
  int order[5];
  workers_order(cost, 5, order);
  const int want[5] = {4, 1, 2, 3, 0};
  for (int k = 0; k < 5; k++) assert_int_equal(order[k], want[k]);
  const double flat[4] = {2, 2, 2, 2}; /* equal costs: the groups' own order */
  int o4[4];
  workers_order(flat, 4, o4);
  for (int k = 0; k < 4; k++) assert_int_equal(o4[k], k);
}

static void test_threads(void **state) {
  (void)state;
  for (int i = 0; i < 4; i++) assert_int_equal(workers_threads(64, 4, i), 16); /* 4 GPUs, 64 cores */
  const int ten[4] = {3, 3, 2, 2}; /* 10 = 3 + 3 + 2 + 2: the first 10 % 4 workers one more */
  int sum = 0;
  for (int i = 0; i < 4; i++) assert_int_equal(workers_threads(10, 4, i), ten[i]), sum += ten[i];
  assert_int_equal(sum, 10);
  for (int i = 0; i < 3; i++) assert_int_equal(workers_threads(2, 3, i), 1); /* never none */
  assert_int_equal(workers_threads(16, 1, 0), 16);
}

/* Groups of variants whose references are A, B, A, C, B, then 70 of A (over SCAN_MAXV). */
static void test_groups(void **state) {
  (void)state;
  static struct reference ra, rb, rc;
  enum { NV = 75 };
  static struct variant v[NV];
  const struct variant *vp[NV];
  const struct reference *seq[5] = {&ra, &rb, &ra, &rc, &rb};
  for (int i = 0; i < NV; i++) v[i].ref = i < 5 ? seq[i] : &ra, vp[i] = &v[i];
  struct kind_result r;
  memset(&r, 0, sizeof r);
  r.nv = NV, r.v = vp;
  struct b32_group g[NV];
  /* A: 0, 2 and 5..66 (64 variants), then A's 67..74; B: 1, 4; C: 3 */
  assert_int_equal(b32_groups(&r, g), 4);
  assert_int_equal(g[0].n, SCAN_MAXV);
  assert_int_equal(g[0].idx[0], 0);
  assert_int_equal(g[0].idx[1], 2);
  assert_int_equal(g[0].idx[2], 5);
  assert_int_equal(g[0].idx[SCAN_MAXV - 1], 66);
  assert_int_equal(g[1].n, 2);
  assert_int_equal(g[1].idx[0], 1);
  assert_int_equal(g[1].idx[1], 4);
  assert_int_equal(g[2].n, 1);
  assert_int_equal(g[2].idx[0], 3);
  assert_int_equal(g[3].n, NV - 67);
  assert_int_equal(g[3].idx[0], 67);
}

/* The cost: the variants, 2 more where the host computes the references (scan.c's
 * fast_prepare: the GPU backend computes them on the device for a reference with a
 * device shortcut, functions/tanh/shortcut.h; the division by 3 has none). */
static void test_cost(void **state) {
  (void)state;
  struct variant v[2] = {{.ref = ref_find("tanh")}, {.ref = ref_find("div.3")}};
  assert_non_null(v[0].ref);
  assert_non_null(v[1].ref);
  const struct variant *vp[2] = {&v[0], &v[1]};
  struct scan_cli sc;
  memset(&sc, 0, sizeof sc);
  scan_default_opts(&sc.o);
  struct kind_result r;
  memset(&r, 0, sizeof r);
  r.nv = 2, r.v = vp, r.sc = &sc;
  struct b32_group g0 = {.n = 1, .idx = {0}}, g1 = {.n = 1, .idx = {1}};
  sc.o.gpu = 1;
  assert_true(b32_group_cost(&r, &g0) == 1.0);
  assert_true(b32_group_cost(&r, &g1) == 3.0);
  sc.o.gpu = 0; /* the CPU computes every reference */
  assert_true(b32_group_cost(&r, &g0) == 3.0);
  sc.o.outputs_only = 1; /* no references at all */
  assert_true(b32_group_cost(&r, &g1) == 1.0);
}

static const char *const names[] = {"elu.expf",    "ceilf.host", "asinhf.host", "elu.expm1f",
                                    "logbf.host", "erfcf.host", "tanhf.host"};
#define NN ((int)(sizeof names / sizeof names[0]))

/* The variants of names[] scanned on the CPU by nw workers: their statistics as JSON. */
static json_t *scan_with(int nw, int *threads) {
  struct scan_cli sc;
  memset(&sc, 0, sizeof sc);
  scan_default_opts(&sc.o);
  /* huge positives, infinity and NaNs, then negative zero and subnormals: 2^20 inputs */
  sc.o.from = 0x7f7f0000u, sc.o.to = 0x8001ffffu, sc.o.progress = 0, sc.o.threads = 2;
  struct kind_result *r = b32_alloc(NN);
  assert_non_null(r);
  r->sc = &sc, r->moments = 1;
  for (int i = 0; i < NN; i++) {
    r->v[i] = variant_find(names[i]);
    if (!r->v[i]) fail_msg("no variant %s", names[i]);
  }
  assert_int_equal(b32_scan_groups(r, r->st, NULL, nw), 0);
  *threads = r->ri.threads;
  json_t *a = json_array();
  for (int i = 0; i < NN; i++) json_array_append_new(a, b32_variant_json(r->v[i], r->st[i]));
  b32_release(r);
  return a;
}

static void test_concurrent_same(void **state) {
  (void)state;
  int t1, t3;
  json_t *one = scan_with(1, &t1), *three = scan_with(3, &t3);
  assert_int_equal(json_array_size(one), NN);
  for (int i = 0; i < NN; i++) {
    json_t *a = json_array_get(one, (size_t)i), *b = json_array_get(three, (size_t)i);
    assert_string_equal(json_string_value(json_object_get(a, "variant")), names[i]);
    if (!json_equal(a, b)) fail_msg("%s: statistics differ between 1 and 3 workers", names[i]);
  }
  assert_int_equal(t1, 2);
  assert_int_equal(t3, 2); /* the run's threads in all, shared by the workers */
  json_decref(one), json_decref(three);
}

int main(void) {
  char err[512];
  if (registry_init(err, sizeof err)) {
    fprintf(stderr, "%s\n", err);
    return 1;
  }
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_order),  cmocka_unit_test(test_threads),          cmocka_unit_test(test_groups),
      cmocka_unit_test(test_cost),   cmocka_unit_test(test_concurrent_same),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
