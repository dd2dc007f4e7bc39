/* refcheck.c: `ulpcert refcheck REFERENCE`: a reference's proved shortcut against MPFR
 * on every input of a range where it answers. */
#include <omp.h>
#include <stdio.h>

#include "src/catalogue/registry.h"
#include "src/cmd/cmd.h"
#include "src/common.h"
#include "src/engine/options.h"

static void usage_refcheck(FILE *f) {
  fprintf(f,
          "usage: ulpcert refcheck REFERENCE [--from 0xHHHHHHHH] [--to 0xHHHHHHHH] [--threads N]\n"
          "\n"
          "For every input in the range where the reference's proved shortcut answers, calls\n"
          "MPFR too and compares (binary64 value and ternary). Prints the number of inputs\n"
          "checked and every disagreement; exit status 1 if there is one.\n"
          "References: every one of the catalogue (`ulpcert run --help` lists them).\n");
}

int cmd_refcheck(int argc, char **argv) {
  struct scan_cli sc;
  int rc = parse_scan_options(argc, argv, &sc, NULL, NULL, NULL, usage_refcheck);
  if (rc >= 0) return rc;
  if (optind != argc - 1) {
    errorf("refcheck takes one reference name");
    return EXIT_USAGE;
  }
  const struct reference *r = ref_find(argv[optind]);
  if (!r) {
    errorf("unknown reference '%s' (known: %s)", argv[optind], ref_names());
    return EXIT_USAGE;
  }
  if (r->shortcut == ref_no_shortcut) {
    printf("%s has no shortcut: nothing to check\n", r->name);
    return EXIT_OK;
  }
  int threads = sc.o.threads > 0 ? sc.o.threads : omp_get_num_procs();
  uint64_t checked = 0, bad = 0;
  double t0 = now_s();
#pragma omp parallel for num_threads(threads) schedule(dynamic, 4096) reduction(+ : checked, bad)
  for (uint64_t i = sc.o.from; i <= sc.o.to; i++) {
    uint32_t x = (uint32_t)i;
    double ys, ym;
    int ts, tm;
    if ((x & 0x7fffffffu) > 0x7f800000u) continue;
    if (!r->shortcut(x, &ys, &ts)) continue;
    ref_mpfr(r, x, &ym, &tm);
    checked++;
    if (d2u(ys) != d2u(ym) || ts != tm) {
      bad++;
#pragma omp critical
      printf("MISMATCH x=0x%08x (%a): shortcut %a t=%d, MPFR %a t=%d\n", x, (double)u2f(x), ys, ts, ym, tm);
    }
  }
#pragma omp parallel num_threads(threads)
  ref_thread_cleanup();
  printf("refcheck %s 0x%08x..0x%08x: %llu shortcut answers checked against MPFR, %llu mismatches (%.1f s)\n",
         r->name, sc.o.from, sc.o.to, (unsigned long long)checked, (unsigned long long)bad, now_s() - t0);
  return bad ? EXIT_FAIL : EXIT_OK;
}
