/* fast_testutil.h: the MPFR referee and sampling helpers shared by the fast-path
 * tests (host only). */
#ifndef ULPCERT_FAST_TESTUTIL_H
#define ULPCERT_FAST_TESTUTIL_H

#include <inttypes.h>
#include <math.h>
#include <mpfr.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reference/fast/fast.h"

/* The test functions of fast_series.c (tests/fast/). */
extern const struct fast_fn fast_fn_exp, fast_fn_log, fast_fn_tanh, fast_fn_sin, fast_fn_erf,
    fast_fn_lgamma;

typedef int (*mpfr_fn1)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);

static inline int ft_mpfr_lgamma(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t r) {
  int sign;
  return mpfr_lgamma(y, &sign, x, r);
}

/* The referee of the contract: y = RN53(f(x)) with binary64's exponent range and
 * subnormals, t = MPFR's ternary value (sign(y - f(x))). One MPFR state per thread;
 * the exponent range is per thread in a thread-safe MPFR, so it is set each call. */
static inline void ft_ref(mpfr_fn1 fn, uint32_t xbits, double *y, int *t) {
  mpfr_t x, v;
  float xf;
  memcpy(&xf, &xbits, 4);
  mpfr_set_emin(-1073);
  mpfr_set_emax(1024);
  mpfr_init2(x, 24);
  mpfr_init2(v, 53);
  mpfr_set_flt(x, xf, MPFR_RNDN); /* exact: 24 bits, exponent >= -148 */
  int tt = fn(v, x, MPFR_RNDN);
  tt = mpfr_subnormalize(v, tt, MPFR_RNDN);
  *y = mpfr_get_d(v, MPFR_RNDN); /* exact: v is a binary64 number */
  *t = (tt > 0) - (tt < 0);
  mpfr_clear(x);
  mpfr_clear(v);
}

/* A test function: the series for the builder and the MPFR function. */
struct ft_fn {
  const struct fast_fn *fn;
  mpfr_fn1 mpfr;
};

/* Results of a comparison. */
struct ft_result {
  uint64_t n, decided, mismatches;
  uint32_t first_bad; /* a mismatching input, if any */
};

static inline uint64_t ft_rng(uint64_t *s) { /* splitmix64 */
  uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static inline int ft_same(double a, int ta, double b, int tb) {
  uint64_t x, y;
  memcpy(&x, &a, 8);
  memcpy(&y, &b, 8);
  return x == y && ta == tb;
}

/* Compares fast_eval with the referee on the inputs xs[0..n), in parallel. */
static inline struct ft_result ft_compare(const struct fast_view *v, mpfr_fn1 fn, const uint32_t *xs,
                                          uint64_t n) {
  struct ft_result r = {n, 0, 0, 0};
  uint64_t dec = 0, bad = 0;
  uint32_t first_bad = 0;
#pragma omp parallel for schedule(dynamic, 256) reduction(+ : dec, bad)
  for (uint64_t i = 0; i < n; i++) {
    double y, yr;
    int t, tr;
    if (!fast_eval(v, xs[i], &y, &t)) continue;
    dec++;
    ft_ref(fn, xs[i], &yr, &tr);
    if (!ft_same(y, t, yr, tr)) {
      bad++;
#pragma omp critical(ft_bad)
      first_bad = xs[i];
    }
  }
  r.decided = dec;
  r.mismatches = bad;
  r.first_bad = first_bad;
  return r;
}

/* Samples: the first and last pattern of every block (and their mirrors for a
 * symmetric table), the patterns just outside each block, and nrand random patterns
 * from the ranges. Returns a malloc'ed array, its length in *n. */
static inline uint32_t *ft_samples(const struct fast_table *tab, const struct fast_range *rg, int nr,
                                   uint64_t nrand, uint64_t seed, uint64_t *n) {
  const int per_block = 8; /* random inputs inside every block */
  uint64_t cap = (uint64_t)tab->hdr.nblk * (8 + per_block) + nrand + 16, m = 0;
  uint32_t *xs = (uint32_t *)malloc(cap * sizeof *xs);
  for (uint32_t b = 0; b < tab->hdr.nblk; b++) {
    uint32_t f = tab->first[b], l = f + (1u << tab->blk[b].lgsize) - 1u;
    xs[m++] = f;
    xs[m++] = l;
    xs[m++] = f - 1u;
    xs[m++] = l + 1u;
    if (tab->hdr.symmetry) {
      xs[m++] = f | 0x80000000u;
      xs[m++] = l | 0x80000000u;
    }
    for (int j = 0; j < per_block; j++)
      xs[m++] = f + (uint32_t)(ft_rng(&seed) & ((1u << tab->blk[b].lgsize) - 1u));
  }
  uint64_t tot = 0;
  for (int i = 0; i < nr; i++) tot += (uint64_t)rg[i].hi - rg[i].lo + 1u;
  for (uint64_t j = 0; j < nrand && tot > 0; j++) {
    uint64_t k = ft_rng(&seed) % tot;
    for (int i = 0; i < nr; i++) {
      uint64_t len = (uint64_t)rg[i].hi - rg[i].lo + 1u;
      if (k < len) {
        xs[m++] = rg[i].lo + (uint32_t)k;
        break;
      }
      k -= len;
    }
  }
  *n = m;
  return xs;
}

/* The bound itself, checked with MPFR at 600 bits: returns 1 when
 * |f(x) 2^-E - (vh + vl)| <= eps for the block of x (or x has no block), 0 when the
 * bound is violated or f(x) is not finite there; *ratio = |f(x) 2^-E - (vh + vl)| / eps. */
static inline int ft_bound_ok(const struct fast_view *v, mpfr_fn1 fn, uint32_t xbits, double *ratio) {
  uint32_t bi;
  double vh, vl;
  int neg, ok = 1;
  *ratio = 0;
  if (!fast_approx(v, xbits, &bi, &vh, &vl, &neg)) return 1;
  if (neg) xbits &= 0x7fffffffu;
  const struct fast_block *b = &v->blk[bi];
  float xf;
  memcpy(&xf, &xbits, 4);
  mpfr_set_emin(mpfr_get_emin_min());
  mpfr_set_emax(mpfr_get_emax_max());
  mpfr_t x, F, V, e;
  mpfr_init2(x, 24);
  mpfr_inits2(1200, F, V, e, (mpfr_ptr)0);
  mpfr_set_flt(x, xf, MPFR_RNDN);
  mpfr_set_prec(F, 600);
  fn(F, x, MPFR_RNDN); /* |error| <= 2^-599 |f(x)| */
  if (!mpfr_number_p(F)) {
    ok = 0;
  } else {
    int E;
    frexp(b->scale, &E); /* scale = 2^(E-1) */
    mpfr_mul_2si(F, F, -(E - 1), MPFR_RNDN);       /* exact */
    mpfr_set_d(V, vh, MPFR_RNDN);
    mpfr_add_d(V, V, vl, MPFR_RNDN);               /* exact at 1200 bits */
    mpfr_sub(V, F, V, MPFR_RNDA);
    mpfr_abs(V, V, MPFR_RNDU);                     /* >= |F - V| */
    mpfr_abs(e, F, MPFR_RNDU);
    mpfr_mul_2si(e, e, -598, MPFR_RNDU);           /* >= MPFR's error on f(x) */
    mpfr_add(V, V, e, MPFR_RNDU);
    ok = mpfr_cmp_d(V, b->eps) <= 0;
    *ratio = mpfr_get_d(V, MPFR_RNDU) / b->eps;
  }
  mpfr_clears(x, F, V, e, (mpfr_ptr)0);
  return ok;
}

static inline void ft_print_stats(FILE *f, const struct fast_table *tab) {
  const struct fast_stats *s = &tab->stats;
  fprintf(f, "  %-7s build %.3f s, %u blocks, %.1f KiB, %" PRIu64 " tries, undecided %" PRIu64
             " of %" PRIu64 " patterns (%" PRIu64 " blocks), %" PRIu64 " best-effort\n",
          tab->hdr.name, s->build_s, tab->hdr.nblk, fast_table_bytes(tab) / 1024.0, s->tries,
          s->patterns_undec, s->patterns, s->undec_leaves, s->best_effort);
  fprintf(f, "  %-7s degrees:", "");
  for (int d = 0; d <= FAST_MAX_DEG; d++)
    if (s->deg_hist[d]) fprintf(f, " %d:%" PRIu64, d, s->deg_hist[d]);
  fprintf(f, "\n  %-7s lgsize:", "");
  for (int d = 0; d < 24; d++)
    if (s->lg_hist[d]) fprintf(f, " %d:%" PRIu64, d, s->lg_hist[d]);
  fprintf(f, "\n");
}

#endif
