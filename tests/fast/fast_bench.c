/* fast_bench.c: build times of the test functions' tables and host throughput of
 * fast_eval.
 *
 *   fast_bench [FN ...]        (default: all; prints wall and CPU seconds, since a
 *                               shared machine makes wall time noisy)
 *
 * Throughput: 2^24 inputs of tanh (and exp), consecutive patterns from 0.25 and
 * random patterns over the table's range, on one thread and on all OpenMP threads.
 * Every (y, t) is folded into a checksum so that nothing is optimised away. */
#include <time.h>

#include "fast_testutil.h"

static double cpu_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

struct bench_fn {
  const struct fast_fn *fn;
  struct fast_range r[2];
  int nr;
};

static const struct bench_fn fns[] = {
    {&fast_fn_tanh, {{0x32000000u /* 2^-27 */, 0x41988000u /* 19.0625 */}}, 1},
    {&fast_fn_exp, {{0x00000000u, 0x44318000u /* 710 */}, {0x80000000u, 0xc43a8000u /* -746 */}}, 2},
    {&fast_fn_log, {{0x00000000u, 0x7f7fffffu}}, 1},
    {&fast_fn_sin, {{0x00000000u, 0x427fffffu /* < 64 */}}, 1},
    {&fast_fn_erf, {{0x00000000u, 0x41400000u /* 12 */}}, 1},
    {&fast_fn_lgamma, {{0x00000000u, 0x4b000000u /* 2^23 */}, {0x80000000u, 0xc1800000u /* -16 */}}, 2},
};

/* Evaluates xs[0..n) with `threads` threads; returns wall seconds, *cpu CPU seconds. */
static double run_eval(const struct fast_view *v, const uint32_t *xs, uint64_t n, int threads,
                       double *cpu, uint64_t *decided, uint64_t *sum) {
  uint64_t dec = 0, s = 0;
  double c0 = cpu_s(), t0 = omp_get_wtime();
#pragma omp parallel for num_threads(threads) schedule(static, 65536) reduction(+ : dec, s)
  for (uint64_t i = 0; i < n; i++) {
    double y;
    int t;
    if (fast_eval(v, xs[i], &y, &t)) {
      uint64_t b;
      memcpy(&b, &y, 8);
      dec++;
      s += b + (uint64_t)(t + 1);
    }
  }
  double t1 = omp_get_wtime();
  *cpu = cpu_s() - c0;
  *decided = dec;
  *sum = s;
  return t1 - t0;
}

static void throughput(const struct fast_table *tab, const struct fast_range *r, const char *what,
                       int random) {
  const uint64_t n = 1u << 24;
  uint32_t *xs = malloc(n * sizeof *xs);
  uint64_t seed = 11, len = (uint64_t)r->hi - r->lo + 1u;
  for (uint64_t i = 0; i < n; i++)
    xs[i] = random ? r->lo + (uint32_t)(ft_rng(&seed) % len) : r->lo + (uint32_t)i;
  struct fast_view v = fast_table_view(tab);
  int nt = omp_get_max_threads();
  for (int threads = 1; threads <= nt; threads += (nt > 1 ? nt - 1 : 1)) {
    double cpu, wall;
    uint64_t dec, sum;
    wall = run_eval(&v, xs, n, threads, &cpu, &dec, &sum);
    printf("  %-5s 2^24 %s: %d thread(s): %.3f s wall (%.1f M/s), %.3f s CPU (%.1f M/s per core), "
           "%.5f%% undecided [%016" PRIx64 "]\n", tab->hdr.name, what, threads, wall, n / wall / 1e6,
           cpu, n / cpu / 1e6, 100.0 * (n - dec) / n, sum);
  }
  free(xs);
}

int main(int argc, char **argv) {
  printf("fast_bench: %d OpenMP threads\n", omp_get_max_threads());
  for (size_t i = 0; i < sizeof fns / sizeof fns[0]; i++) {
    int want = argc < 2;
    for (int a = 1; a < argc; a++) want |= strcmp(argv[a], fns[i].fn->name) == 0;
    if (!want) continue;
    struct fast_opts o;
    fast_opts_default(&o);
    struct fast_table tab;
    double c0 = cpu_s();
    if (fast_build(&tab, fns[i].fn, fns[i].r, fns[i].nr, &o) != 0) return 1;
    double c = cpu_s() - c0;
    printf("%s: build %.3f s wall, %.3f s CPU (%" PRIu64 " blocks tried, %.3f ms CPU each); "
           "%u blocks, %.1f KiB\n", fns[i].fn->name, tab.stats.build_s, c, tab.stats.tries,
           1e3 * c / (double)tab.stats.tries, tab.hdr.nblk, fast_table_bytes(&tab) / 1024.0);
    if (fns[i].fn == &fast_fn_tanh || fns[i].fn == &fast_fn_exp) {
      struct fast_range from_quarter = {0x3e800000u /* 0.25 */, 0x3e800000u + (1u << 24) - 1u};
      throughput(&tab, &from_quarter, "consecutive from 0.25", 0);
      throughput(&tab, &fns[i].r[0], "random in range", 1);
    }
    fast_table_free(&tab);
  }
  return 0;
}
