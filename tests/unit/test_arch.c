/* test_arch.c: a planted one-input difference is located at exactly that input,
 * with both outputs; two differences in one bin are reported as several, not
 * misattributed. The outputs come from a table (RN24(tanh) by MPFR) run through the
 * engine with moments, as `arch record` and `arch compare` do. */
#include "testutil.h"

#include <mpfr.h>
#include <stdlib.h>

#include "src/kinds/binary32/arch.h"
#include "src/catalogue/registry.h"
#include "src/kinds/binary32/scan.h"

#define LO 0x3f000000u
#define N (1u << 20) /* one bin: 0x3f000000 is a multiple of 2^20 */

static uint32_t tab[2 * N + 2];
static uint32_t tlo, tn;
static float table_fn(float x) {
  uint32_t b = f2u(x), m = b & 0x7fffffffu;
  if (m < tlo || m - tlo >= tn) return u2f(0x7fc00000u);
  return u2f(tab[(b >> 31) * tn + (m - tlo)]);
}

static struct stats *scan_table_opts(int outputs_only) {
  struct variant v = {.name = "table", .family = "test", .ref_name = "tanh", .ref = ref_find("tanh"),
                      .gpu_fn = GPU_NONE, .host_fn = table_fn};
  const struct variant *vs[1] = {&v};
  struct scan_opts o;
  scan_default_opts(&o);
  o.from = LO, o.to = LO + N - 1, o.progress = 0, o.moments = 1, o.outputs_only = outputs_only;
  struct stats *s = malloc(sizeof *s);
  struct scan_times tm;
  char err[256];
  assert_int_equal(scan_run(vs, 1, &o, &s, &tm, err, sizeof err), 0);
  assert_true(s->has_moments);
  return s;
}
static struct stats *scan_table(void) { return scan_table_opts(0); }

static void test_locate(void **state) {
  (void)state;
  tlo = LO - 1, tn = N + 1;
  mpfr_t x, z;
  mpfr_init2(x, 24);
  mpfr_init2(z, 24);
  for (uint32_t i = 0; i < tn; i++) {
    mpfr_set_flt(x, u2f(tlo + i), MPFR_RNDN);
    mpfr_tanh(z, x, MPFR_RNDN); /* normal range here: 24 bits round as binary32 */
    tab[i] = f2u(mpfr_get_flt(z, MPFR_RNDN));
    tab[tn + i] = tab[i] ^ SIGN32;
  }
  mpfr_clears(x, z, (mpfr_ptr)0);
  struct stats *then = scan_table();
  const uint32_t planted = LO + 0x2345u, bin = LO >> BIN_LOG2;
  uint32_t original = tab[planted - tlo];
  tab[planted - tlo] = original + 7;
  struct stats *now = scan_table();
  assert_true(then->bin_digest[bin] != now->bin_digest[bin]);
  uint32_t *outs = malloc(N * 4), input = 0, old = 0;
  for (uint32_t i = 0; i < N; i++) outs[i] = f2u(table_fn(u2f(LO + i)));
  assert_int_equal(arch_locate(then, now, bin, outs, &input, &old), 1);
  assert_int_equal(input, planted);
  assert_int_equal(old, original);
  /* a second change in the same bin: not a single difference any more */
  tab[planted - tlo + 100] ^= 1;
  struct stats *two = scan_table();
  for (uint32_t i = 0; i < N; i++) outs[i] = f2u(table_fn(u2f(LO + i)));
  assert_int_equal(arch_locate(then, two, bin, outs, &input, &old), 0);
  /* and a change downwards */
  tab[planted - tlo + 100] ^= 1;
  tab[planted - tlo] = original - 3;
  struct stats *down = scan_table();
  for (uint32_t i = 0; i < N; i++) outs[i] = f2u(table_fn(u2f(LO + i)));
  assert_int_equal(arch_locate(then, down, bin, outs, &input, &old), 1);
  assert_int_equal(input, planted);
  assert_int_equal(old, original);
  free(outs), free(then), free(now), free(two), free(down);
}

/* The first pass of arch compare (outputs only, no reference) gives the full scan's
 * inputs, digests and moments bin for bin, so that it decides identical / different
 * as the full scan would; a planted change shows in that bin's digest. */
static void test_outputs_only(void **state) {
  (void)state;
  struct stats *full = scan_table(), *fast = scan_table_opts(1);
  const uint32_t bin = LO >> BIN_LOG2;
  assert_int_equal(fast->inputs, full->inputs);
  for (uint32_t k = 0; k < NBINS; k++) {
    assert_int_equal(fast->bin_inputs[k], full->bin_inputs[k]);
    assert_true(fast->bin_digest[k] == full->bin_digest[k]);
    assert_true(fast->bin_m0[k] == full->bin_m0[k] && fast->bin_m1[k] == full->bin_m1[k]);
  }
  assert_true(fast->max_ulp < 0 && fast->correctly_rounded == 0); /* no errors measured */
  tab[LO + 0x100u - tlo] ^= 2;
  struct stats *changed = scan_table_opts(1);
  assert_true(changed->bin_digest[bin] != fast->bin_digest[bin]);
  tab[LO + 0x100u - tlo] ^= 2;
  free(full), free(fast), free(changed);
}

int main(void) {
  registry_init(NULL, 0);
  g_quiet = 1;
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_locate), cmocka_unit_test(test_outputs_only)};
  return cmocka_run_group_tests_name("arch", tests, NULL, NULL);
}
