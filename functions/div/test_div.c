/* test_div.c: the x / d references against MPFR at 1024 bits. */
#include "tests/ref/reftest.h"

/* x / d for every fixed divisor: the binary64 quotient and the FMA remainder's sign
 * against MPFR at 1024 bits, at the ends of the binary32 line, around results that are
 * exact or binary32 midpoints, near overflow and underflow, and on random inputs. */
static void test_div(void **state) {
  (void)state;
  static const char *const names[] = {
#define DIVISOR(id, name, d) "div." name,
#include "functions/div/divisors.def"
#undef DIVISOR
  };
  static const float divs[] = {
#define DIVISOR(id, name, d) d,
#include "functions/div/divisors.def"
#undef DIVISOR
  };
  for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
    const struct reference *r = ref_find(names[k]);
    assert_non_null(r);
    const uint32_t db = f2u(divs[k]);
    const uint32_t base[] = {0x00000000u, 0x00000001u, 0x00800000u, 0x3f800000u, 0x7f7fffffu, 0x7f800000u,
                             db, db + 0x00800000u, 0x80000000u, db | SIGN32, 0x40400000u, 0x4b400000u};
    for (size_t i = 0; i < sizeof base / sizeof base[0]; i++)
      for (int e = -40; e <= 40; e++) {
        uint32_t x = base[i] + (uint32_t)e;
        if (((x ^ base[i]) & SIGN32) || (x & 0x7fffffffu) > 0x7f800000u) continue;
        check_against_200_bits(r, x);
      }
    for (int i = 0; i < 2000; i++) {
      uint32_t x = (uint32_t)test_rand64();
      if ((x & 0x7fffffffu) > 0x7f800000u) continue;
      check_against_200_bits(r, x);
    }
    /* x = d / 2 (exact in binary32 for every d here): the quotient 1/2 is exact, t = 0 */
    double y;
    int t;
    assert_true(r->shortcut(f2u(divs[k] * 0.5f), &y, &t) && y == 0.5 && t == 0);
  }
  ref_thread_cleanup();
}

REFTEST_MAIN(cmocka_unit_test(test_div))
