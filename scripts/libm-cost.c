/* libm-cost.c: the cost of one call of each C math library's one-argument function, on one
 * core (its CPU time: other processes on the machine do not count), averaged over an even
 * sample of all 2^32 inputs (every STRIDE-th bit pattern, both signs, NaNs and infinities
 * included, as an exhaustive run meets them): the basis of the estimates of docs/libm.md.
 * Prints one line a variant: name, reference, ns per call, and the seconds a run over all
 * 2^32 inputs would take on CORES cores if the calls alone took the time.
 *   make build/libm-cost
 *   build/libm-cost [FILTER [CORES [FROM TO]]]
 * FILTER: a reference name, "all" (default), or "llvm-cr": LLVM libc's correctly rounded
 * functions in the four rounding modes, as refcheck --against llvm-libc calls them; CORES
 * default 16; FROM TO: magnitudes, every one of [FROM, TO] and its negative instead of the
 * sample. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <fenv.h>

#include "src/catalogue/registry.h"
#include "src/libm/libm.h"
#include "src/kinds/pair/partners.h"

#define STRIDE 4093u /* odd: the sample walks every exponent and both signs */

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static volatile uint32_t sink;

/* the sample: every STRIDE-th bit pattern, or with a range every magnitude of [lo, hi] and its
 * negative (as a run's chunks have them) */
static uint64_t lo, hi = (1ull << 32) - 1, stride = STRIDE;
static int both_signs;

/* ns per call of f over the sample */
static double cost(float (*f)(float)) {
  uint32_t acc = 0, n = 0;
  const double t0 = now();
  for (uint64_t u = lo; u <= hi + (uint64_t)both_signs * 0x80000000u; u += stride, n++) {
    if (both_signs && u == hi + 1) u = lo | 0x80000000u;
    float x, y;
    const uint32_t b = (uint32_t)u;
    memcpy(&x, &b, 4);
    y = f(x);
    uint32_t o;
    memcpy(&o, &y, 4);
    acc += o;
  }
  sink = acc;
  return (now() - t0) * 1e9 / n;
}

static float identity(float x) { return x; }

/* ns per call of a two-argument f over the sample's x against their partners (partners.h:
 * PAIR_ADV adversarial and 9 random ones of set, x the first argument, seed 1, as run and
 * refcheck sweep them), every 33rd x of the sample so that the calls number about the same */
static double cost2(float (*f)(float, float), int set) {
  uint32_t acc = 0, n = 0;
  const double t0 = now();
  for (uint64_t u = 0; u < (1ull << 32); u += 33ull * STRIDE)
    for (uint32_t k = 0; k < PAIR_ADV + 9; k++, n++) {
      const uint32_t b = (uint32_t)u, c = pair_partner(set, 0, b, k, 1);
      float x, y, z;
      memcpy(&x, &b, 4), memcpy(&y, &c, 4);
      z = f(x, y);
      uint32_t o;
      memcpy(&o, &z, 4);
      acc += o;
    }
  sink = acc;
  return (now() - t0) * 1e9 / n;
}

/* FILTER llvm-cr: LLVM libc's correctly rounded one-argument functions (refcheck --against
 * llvm-libc) in the four rounding modes, as the cross-check calls them */
static void llvm_cr(double loop, double cores) {
  static const int mode[4] = {FE_TONEAREST, FE_TOWARDZERO, FE_UPWARD, FE_DOWNWARD};
  char names[1024];
  snprintf(names, sizeof names, "%s", libm_llvm_cr_names());
  double total = 0;
  printf("%-8s %8s %8s %8s %8s %10s\n", "ref", "RN", "RZ", "RU", "RD", "s/2^32");
  for (char *r = strtok(names, ", "); r; r = strtok(NULL, ", ")) {
    float (*f)(float) = libm_llvm_cr(r);
    float (*f2)(float, float) = libm_llvm_cr_pair(r);
    const int set = !strcmp(r, "pow") ? PS_POW : !strcmp(r, "atan2") ? PS_ATAN2 : PS_HYPOT;
    double ns[4], sum = 0;
    for (int m = 0; m < 4; m++) {
      fesetround(mode[m]);
      ns[m] = (f ? cost(f) : cost2(f2, set)) - loop;
      fesetround(FE_TONEAREST);
      sum += ns[m];
    }
    if (f2) { /* every x against its 33 partners */
      printf("%-8s %8.2f %8.2f %8.2f %8.2f %10.2f (x 33 partners)\n", r, ns[0], ns[1], ns[2], ns[3],
             33 * sum * 4294967296.0 / 1e9 / cores);
      continue;
    }
    total += sum;
    printf("%-8s %8.2f %8.2f %8.2f %8.2f %10.2f\n", r, ns[0], ns[1], ns[2], ns[3], sum * 4294967296.0 / 1e9 / cores);
  }
  printf("sum of the one-argument ones %.1f ns per input (four modes): %.1f s over all 2^32 inputs on %g cores (the calls alone)\n", total,
         total * 4294967296.0 / 1e9 / cores, cores);
}

int main(int argc, char **argv) {
  const char *filter = argc > 1 ? argv[1] : "all";
  const double cores = argc > 2 ? atof(argv[2]) : 16;
  if (argc > 4) lo = strtoull(argv[3], NULL, 16), hi = strtoull(argv[4], NULL, 16), stride = 1, both_signs = 1;
  char err[512];
  if (registry_init(err, sizeof err)) {
    fprintf(stderr, "%s\n", err);
    return 1;
  }
  const double loop = cost(identity);
  printf("loop and call overhead %.2f ns (subtracted below)\n", loop);
  if (!strcmp(filter, "llvm-cr")) {
    llvm_cr(loop, cores);
    return 0;
  }
  printf("%-18s %-8s %8s %10s\n", "variant", "ref", "ns/call", "s/2^32");
  double total = 0;
  for (int i = 0; i < n_variants; i++) {
    const struct variant *v = &variants[i];
    const int libm = !strncmp(v->family, "libm.", 5);
    if (!v->host_fn || v->kind != VK_F32_UNARY || (strcmp(filter, "all") && strcmp(v->ref_name, filter))) continue;
    if (!libm) { /* glibc's <fn>.host of a function some other library has */
      const size_t k = strcspn(v->name, ".");
      int other = 0;
      for (int j = 0; j < n_variants && !other; j++)
        other = !strncmp(variants[j].family, "libm.", 5) && !strncmp(variants[j].name, v->name, k) &&
                variants[j].name[k] == '.';
      if (!other || strcmp(v->name + k, ".host")) continue;
    }
    double ns = cost(v->host_fn) - loop;
    if (ns < 0) ns = 0;
    total += ns;
    printf("%-18s %-8s %8.2f %10.2f\n", v->name, v->ref_name, ns, ns * 4294967296.0 / 1e9 / cores);
  }
  printf("sum %.1f ns per input: %.1f s over all 2^32 inputs on %g cores (the calls alone)\n", total,
         total * 4294967296.0 / 1e9 / cores, cores);
  return 0;
}
