/* fast_exhaustive.c: every input of a range through fast_eval, each decided one
 * compared with the MPFR referee.
 *
 *   fast_exhaustive FN LO HI     (FN: exp log tanh sin erf lgamma; LO, HI: hex bit
 *                                 patterns, inclusive; the table is built over [LO, HI])
 *   e.g. fast_exhaustive exp 3f800000 3fffffff    (the binade [1, 2): 2^23 inputs)
 *
 * Prints the counts (decided, undecided, mismatches) and the times; exit status 1
 * on any mismatch. */
#include <time.h>

#include "fast_testutil.h"

static const struct ft_fn fns[] = {
    {&fast_fn_exp, mpfr_exp},   {&fast_fn_log, mpfr_log}, {&fast_fn_tanh, mpfr_tanh},
    {&fast_fn_sin, mpfr_sin},   {&fast_fn_erf, mpfr_erf}, {&fast_fn_lgamma, ft_mpfr_lgamma},
};

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: %s FN LO HI (hex bit patterns)\n", argv[0]);
    return 2;
  }
  const struct ft_fn *f = NULL;
  for (size_t i = 0; i < sizeof fns / sizeof fns[0]; i++)
    if (strcmp(argv[1], fns[i].fn->name) == 0) f = &fns[i];
  if (!f) {
    fprintf(stderr, "unknown function %s\n", argv[1]);
    return 2;
  }
  struct fast_range r = {(uint32_t)strtoul(argv[2], NULL, 16), (uint32_t)strtoul(argv[3], NULL, 16)};
  struct fast_opts o;
  fast_opts_default(&o);
  struct fast_table tab;
  if (fast_build(&tab, f->fn, &r, 1, &o) != 0) {
    fprintf(stderr, "build failed\n");
    return 2;
  }
  ft_print_stats(stdout, &tab);
  struct fast_view v = fast_table_view(&tab);
  uint64_t n = (uint64_t)r.hi - r.lo + 1u, dec = 0, bad = 0;
  uint32_t first_bad = 0, undec_ex[4] = {0, 0, 0, 0};
  int nex = 0;
  double t0 = omp_get_wtime();
#pragma omp parallel for schedule(dynamic, 4096) reduction(+ : dec, bad)
  for (uint64_t i = 0; i < n; i++) {
    uint32_t x = r.lo + (uint32_t)i;
    double y, yr;
    int t, tr;
    if (!fast_eval(&v, x, &y, &t)) {
#pragma omp critical(ex_undec)
      if (nex < 4) undec_ex[nex++] = x;
      continue;
    }
    dec++;
    ft_ref(f->mpfr, x, &yr, &tr);
    if (!ft_same(y, t, yr, tr)) {
      bad++;
#pragma omp critical(ex_bad)
      first_bad = x;
    }
  }
  double t1 = omp_get_wtime();
  printf("%s [0x%08x, 0x%08x]: %" PRIu64 " inputs, %" PRIu64 " decided, %" PRIu64
         " undecided (%.3g%%), %" PRIu64 " mismatches; fast_eval + MPFR %.1f s on %d threads\n",
         f->fn->name, r.lo, r.hi, n, dec, n - dec, 100.0 * (n - dec) / n, bad, t1 - t0,
         omp_get_max_threads());
  for (int i = 0; i < nex; i++) {
    float xf;
    memcpy(&xf, &undec_ex[i], 4);
    printf("  undecided e.g. 0x%08x (%.9g)\n", undec_ex[i], xf);
  }
  if (bad) printf("  MISMATCH e.g. at 0x%08x\n", first_bad);
  fast_table_free(&tab);
  return bad ? 1 : 0;
}
