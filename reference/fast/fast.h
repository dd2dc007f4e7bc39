/* fast.h: the fast-path table builder (host, C11, Arb, OpenMP).
 *
 * A function is described by its Taylor series on balls (struct fast_fn); the
 * builder covers ranges of binary32 bit patterns with aligned blocks of 2^k
 * consecutive patterns, each with a polynomial and a rigorous error bound, and
 * writes the flat table fast_eval.h evaluates. Where no polynomial meets the bound
 * (poles, branch points, outside the domain, results beyond binary64's range) the
 * table says "undecided" and MPFR decides.
 */
#ifndef ULPCERT_FAST_H
#define ULPCERT_FAST_H

#include <arb.h>
#include "fast_table.h"

/* Taylor coefficients of f at every point of the ball x: res[k] must enclose
 * f^(k)(xi)/k! for every xi in x, for k < len, computed at precision prec (bits).
 * Return 0, or -1 if f is not analytic on the whole ball (pole, branch point,
 * outside the domain): res is then ignored. Return FAST_SERIES_NOWHERE (-2) when
 * no point of the ball is usable (outside the domain everywhere, or outside the
 * range a function supports): the builder then stops splitting there. Any
 * non-finite res[k] is treated like -1. */
typedef int (*fast_series_fn)(arb_ptr res, const arb_t x, slong len, slong prec);
#define FAST_SERIES_NOWHERE (-2)
#define FAST_TM_PREC (-3) /* fast_fn.tm: a value at the centre holds 0 at this precision */

/* The same with a parameter (an expression's series: reference/expr/expr.h). */
typedef int (*fast_series_ctx_fn)(arb_ptr res, const arb_t x, slong len, slong prec, const void *ctx);

/* The anchored series of f (an expression's, reference/expr/expr.h, expr_anchored):
 * f = A + D with the exact anchor A = a0 + a1 x / q + a2 x^2, anchor[0..3] = (a0, a1, a2,
 * q) in fast_eval.h's form (FAST_NANC), and the deviation D, whose Taylor coefficients at
 * every point of the ball x res[k] encloses; anchor[4]: the sign of D on the whole ball
 * where known (+-1), else 0; the choices of the formula recorded in plan (replay = 0) or followed
 * (replay = 1), so that a record at the block's centre and a replay on its ball compute
 * the same D. Return codes as fast_series_fn. */
typedef int (*fast_anchored_fn)(arb_ptr res, double anchor[5], const arb_t x, slong len, slong prec,
                                const void *ctx, signed char *plan, int replay);

struct fast_fn {
  const char *name;
  fast_series_fn series;
  int symmetry; /* 0 none, 1 odd, 2 even (enum fast_symmetry) */
  fast_series_ctx_fn series_ctx; /* used instead of series when not NULL */
  const void *ctx;
  fast_anchored_fn anchored; /* when not NULL, blocks are built from it (anchored blocks,
                                fast_eval.h); series_ctx serves where it gives nothing */
  int plan_len;              /* bytes of its plan */
  /* [*lo, *hi] holds f's value at every x of [xlo, xhi] (an expression's, expr_range), 0;
   * or -1 (none proved). When not NULL, a block whose range lies beyond binary64's (|f| >=
   * 2^1024, or 0 < |f| < 2^-1075 with one sign) is one constant block (+-inf, +-0). *open:
   * bit 0 where every value lies strictly above lo, bit 1 strictly below hi (a range
   * [0, 2^-128] open at 0 is positive). */
  int (*range)(arf_t lo, arf_t hi, int *open, const arf_t xlo, const arf_t xhi, const void *ctx);
  /* 1 when the balls' fast first precision decides input x (binary32 bits) of the ball
   * program ib (fast_opts.balls_first), or NULL */
  int (*fast_balls)(uint32_t x, const void *ib);
  const void *ib;
  /* A Taylor model over [c - rad, c + rad] (an expression's, expr_tm): P[0..len) and I, or
   * NULL. Used where the series on the block's ball fails or is wider. Returns 0, -1,
   * FAST_SERIES_NOWHERE, or FAST_TM_PREC: a failure that a higher precision may cure (the
   * builder doubles it, up to FAST_MAX_PREC). */
  int (*tm)(arb_ptr P, mag_t I, double c, double rad, slong len, slong prec, const void *ctx);
};

/* fn's series at the ball x */
static inline int fast_fn_series(const struct fast_fn *fn, arb_ptr res, const arb_t x, slong len, slong prec) {
  return fn->series_ctx ? fn->series_ctx(res, x, len, prec, fn->ctx) : fn->series(res, x, len, prec);
}

/* An inclusive range of binary32 bit patterns [lo, hi], e.g. {0x3d800000u, 0x3f7fffffu}
 * for [2^-4, 1). Ranges may cross binades and zero (0x7fffffff -> 0x80000000);
 * NaN and infinity patterns are skipped; lo is rounded down and hi up to a whole
 * block of 2^FAST_MIN_LGSIZE patterns. For a symmetric function only patterns
 * without the sign bit are built (negative ranges are mirrored onto them). */
struct fast_range {
  uint32_t lo, hi;
};

struct fast_opts {
  int nmax;        /* largest degree, <= FAST_MAX_DEG (default 20) */
  int target_log2; /* aim: eps <= 2^target_log2 * min|f| over the block (default -80) */
  int min_lgsize;  /* smallest block, log2 patterns, >= FAST_MIN_LGSIZE (default 3) */
  long prec;       /* first working precision of the series at the centre (default 192) */
  int threads;     /* OpenMP threads, 0 = default */
  int verbose;     /* print a summary to stderr */
  double budget_s; /* seconds after which blocks not yet tried are left undecided (0: no
                      limit); the table stays correct, MPFR decides what it leaves */
  volatile int *stop; /* when non-NULL and set (from a signal handler), blocks not yet
                         tried are left undecided as past the budget (default NULL) */
  int balls_first; /* leave to the balls' fast first precision the blocks it decides instead of
                      splitting them (leave_to_balls, fast_build.c): when the device's balls take
                      what the table leaves (default 0) */
};

/* Fills o with the defaults. */
void fast_opts_default(struct fast_opts *o);

/* Builds the table of fn over the given ranges. Returns 0, or -1 (bad arguments,
 * out of memory); tab->stats says what was built and how long it took. Free with
 * fast_table_free (fast_table.h). */
int fast_build(struct fast_table *tab, const struct fast_fn *fn, const struct fast_range *ranges,
               int nranges, const struct fast_opts *opts);

/* The bound on the rounding errors of fast_poly (fast_eval.h) for the stored
 * coefficients hi[0..n], lo[0..K-1] (|w| <= 1): D >= |fast_poly(w) - Q(w)| where
 * Q(w) = sum_i (hi_i + lo_i) w^i (lo_i = 0 for i >= K) is the exact polynomial of
 * the stored coefficients. Exposed for tests. */
void fast_eval_bound(mag_t D, const double *hi, const double *lo, int n, int K);

#endif
