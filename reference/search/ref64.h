/* ref64.h: what decides the errors the search kind reports (src/kinds/search/): the exact value of
 * a binary64 function of one or two arguments, or of a two-argument binary32 function, computed
 * with MPFR, and the error of an output against it. Includes only system and library headers.
 *
 * Definitions (docs/definitions.md, "binary64 ulp"):
 *   ulp64(v) = 2^(max(floor(log2|v|), -1022) - 52) of the exact value v; ulp64(0) = 2^-1074;
 *   ulp32(v) = 2^(max(floor(log2|v|), -126) - 23); ulp32(0) = 2^-149 (binary32 results);
 *   ulp error = |out - f(x)| / ulp(f(x)), with f(x) computed to R64_PREC bits (relative error at
 *   most 2^-R64_PREC, far below the 2^-50 ulp to which the error is printed) and the division by a
 *   power of two exact; the quotient is rounded upward to binary64;
 *   steps from the correct rounding = |ord(out) - ord(RN(f(x)))|, the Guide's measure, an integer
 *   (ord: the bit pattern for positive numbers, minus the magnitude's for negative ones, so that
 *   both zeros are 0), with RN(f(x)) the correctly rounded result from MPFR (subnormals included).
 * An input is measured when f(x) is a real number whose correct rounding is finite; otherwise
 * (NaN: outside the domain; an overflow) r64_eval says so and the search does not rank it. */
#ifndef ULPCERT_REF64_H
#define ULPCERT_REF64_H

#include <stddef.h>
#include <stdint.h>

#define R64_PREC 256

/* The MPFR functions the search knows, by name ("exp", "pow", ...): 1 or 2 arguments. */
enum r64_format { R64_F64, R64_F32 };
struct r64_fn;
const struct r64_fn *r64_find(const char *name);
int r64_arity(const struct r64_fn *f);

/* What MPFR says of an output at an input (x, y; y ignored for one argument; for R64_F32 the
 * arguments and output are binary32 values held in doubles). */
struct r64_verdict {
  int measured;      /* 0: f(x) is NaN or its rounding overflows: nothing below is set but cr */
  double cr;         /* RN(f(x)) in the format (NaN outside the domain, +-inf on overflow) */
  double ulp_err;    /* the ulp error, rounded up */
  uint64_t steps;    /* steps from RN(f(x)) (UINT64_MAX for a non-finite output) */
  char exact[64];    /* f(x), 30 significant digits */
};
int r64_eval(const struct r64_fn *f, enum r64_format fmt, double x, double y, double out, struct r64_verdict *v);

/* ulp64 and ulp32 of a binary64 value v taken as exact (the spacing at v): exact powers of two. */
double r64_ulp64(double v);
double r64_ulp32(double v);
/* Steps between two finite values of the format (or the infinities, one past the largest). */
uint64_t r64_steps(enum r64_format fmt, double a, double b);

#endif
