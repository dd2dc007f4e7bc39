/* fast_mktable.c: builds a fast-path table and writes it to a file (for fast_gpu,
 * which needs no Arb).
 *
 *   fast_mktable FN OUT [LO HI]...   (hex bit patterns, inclusive; default ranges:)
 *     tanh   [0, 19.0625]                   (odd: negatives mirrored)
 *     exp    [-746, 710], both signs
 *     log    every positive binary32
 *     sin    [0, 64)                        (odd)
 *     erf    [0, 12]                        (odd)
 *     lgamma [-16, 2^23]
 */
#include "fast_testutil.h"

struct mk_fn {
  const struct fast_fn *fn;
  struct fast_range r[2];
  int nr;
};

static const struct mk_fn fns[] = {
    {&fast_fn_tanh, {{0x00000000u, 0x41988000u /* 19.0625 */}}, 1},
    {&fast_fn_exp, {{0x00000000u, 0x44318000u /* 710 */}, {0x80000000u, 0xc43a8000u /* -746 */}}, 2},
    {&fast_fn_log, {{0x00000000u, 0x7f7fffffu}}, 1},
    {&fast_fn_sin, {{0x00000000u, 0x427fffffu /* < 64 */}}, 1},
    {&fast_fn_erf, {{0x00000000u, 0x41400000u /* 12 */}}, 1},
    {&fast_fn_lgamma, {{0x00000000u, 0x4b000000u /* 2^23 */}, {0x80000000u, 0xc1800000u /* -16 */}}, 2},
};

int main(int argc, char **argv) {
  if (argc < 3 || argc % 2 == 0) {
    fprintf(stderr, "usage: %s FN OUT [LO HI]...\n", argv[0]);
    return 2;
  }
  const struct mk_fn *f = NULL;
  for (size_t i = 0; i < sizeof fns / sizeof fns[0]; i++)
    if (strcmp(argv[1], fns[i].fn->name) == 0) f = &fns[i];
  if (!f) {
    fprintf(stderr, "unknown function %s\n", argv[1]);
    return 2;
  }
  struct fast_range r[16];
  int nr = 0;
  for (int a = 3; a + 1 < argc && nr < 16; a += 2)
    r[nr++] = (struct fast_range){(uint32_t)strtoul(argv[a], NULL, 16), (uint32_t)strtoul(argv[a + 1], NULL, 16)};
  if (nr == 0) {
    memcpy(r, f->r, sizeof f->r);
    nr = f->nr;
  }
  struct fast_opts o;
  fast_opts_default(&o);
  struct fast_table tab;
  if (fast_build(&tab, f->fn, r, nr, &o) != 0 || fast_table_save(&tab, argv[2]) != 0) {
    fprintf(stderr, "build or save failed\n");
    return 1;
  }
  ft_print_stats(stdout, &tab);
  printf("wrote %s: %.1f KiB\n", argv[2], fast_table_bytes(&tab) / 1024.0);
  fast_table_free(&tab);
  return 0;
}
