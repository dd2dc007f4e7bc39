/* shortcut.h: the inputs where tgamma's reference needs no MPFR, for the host and the
 * device (reference/host_device.h, reference/shared/special_hd.h); the proof is in reference.c. */
#ifndef ULPCERT_SC_TGAMMA_H
#define ULPCERT_SC_TGAMMA_H

#include "reference/host_device.h"
#include "reference/shared/special_hd.h"
#include "reference/fast/fast_eval.h"

#define TG_TINY 0x30800000u  /* 2^-30 */
#define TG_OVER 0x432b9fd8u  /* 171.6243896484375 */
#define TG_UNDER 0x4333b27du /* 179.6972198486328125, for x <= -it */
#define TG_INT 0x4b000000u   /* 2^23: every binary32 from here on is an integer */

/* (E): 0 < |x| < 2^-30 */
REF_HD int sc_tgamma_tiny(double x, double *y, int *t) {
  const double G = 0x1.2788cfc6fb619p-1;  /* RN(Euler's gamma) */
  const double C2 = 0x1.fa658c23b1578p-1; /* RN((gamma^2 + pi^2/6)/2) */
  double h = 1.0 / x;
  double rho = fma(-h, x, 1.0);
  double a = rho / x;
  double b = fma(C2, x, -G);
  double lo = a + b;
  double err = (0x1p-53 * fabs(a) + 0x1p-52 + 0x1p-53 * fabs(lo) + x * x) * (1.0 + 0x1p-20);
  return rs_decide(h, lo, err, y, t);
}

/* (F): Gamma(x) = +-e^L, L = log|Gamma(x)| from rs_lgamma_core, e^L = 2^k (V + v) from
 * rs_dde_exp, rounded by fast_round (reference/fast/fast_eval.h) as a block of scale
 * 2^E. */
REF_HD int sc_tgamma_general(double x, double *y, int *t) {
  struct rs_dde L;
  int sg, k;
  double vh, vl, eps;
  if (!rs_lgamma_core(x, &L, &sg)) return 0;
  if (!(fabs(L.h) <= 1000.0)) return 0;
  if (!rs_dde_exp(L, &k, &vh, &vl, &eps)) return 0;
  for (; k > 1023; k--) { /* exact: vh, vl, eps are below 2^3 */
    vh = 2.0 * vh;
    vl = 2.0 * vl;
    eps = 2.0 * eps;
  }
  for (; k < -1074; k++) { /* exact: vh, vl and eps (>= 2^-1000) stay normal */
    vh = 0.5 * vh;
    vl = 0.5 * vl;
    eps = 0.5 * eps;
  }
  if (sg) {
    vh = -vh;
    vl = -vl;
  }
  struct fast_block b;
  b.scale = ldexp(1.0, k);
  b.eps = eps < 0x1p-900 ? 0x1p-900 : eps;
  b.tsub = k < -200 ? ldexp(1.0, -1022 - k) : 0.0;
  b.coef = 0;
  b.lgsize = 0;
  b.deg = 0;
  b.ndd = 0;
  b.flags = 0;
  return fast_round(&b, vh, vl, y, t);
}

REF_HD int sc_tgamma(uint32_t xb, double *y, int *t) {
  uint32_t m = xb & ~RS_SIGN32;
  int neg = (xb & RS_SIGN32) != 0;
  if (m > RS_INF32) return 0; /* NaN */
  if (m == 0) { *y = neg ? -REF_INF : REF_INF; *t = 0; return 1; }
  if (m == RS_INF32) { *y = neg ? RS_NAN : REF_INF; *t = 0; return 1; }
  double x = (double)u2f(xb); /* exact; floor of it is the float's floor */
  int integer = m >= TG_INT || floor(x) == x;
  if (m < TG_TINY && sc_tgamma_tiny(x, y, t)) return 1;
  if (!neg) {
    if (xb >= TG_OVER) { *y = REF_INF; *t = 1; return 1; }
    if (integer && x <= 23.0) {
      double f = 1.0;
      for (int k = 2; k < (int)x; k++) f *= k; /* (n-1)!, exact */
      *y = f;
      *t = 0;
      return 1;
    }
    return sc_tgamma_general(x, y, t);
  }
  if (integer) { *y = RS_NAN; *t = 0; return 1; }
  if (m >= TG_UNDER) {
    int64_t n = (int64_t)floor(-x) + 1; /* x in (-n, -n+1) */
    int positive = (n % 2) == 0;
    *y = positive ? 0.0 : -0.0;
    *t = positive ? -1 : 1;
    return 1;
  }
  return sc_tgamma_general(x, y, t);
}

#endif
