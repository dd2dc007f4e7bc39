/* ff_ops.h: float-float (double-word) operations under test, in binary32.
 *
 * One source for every backend and build flavour: the host compiles it as C with
 * -ffp-contract=off; src/kinds/ff/ff_plain.cu with -fmad=false (the same IEEE operations, so
 * the two agree bit for bit); src/kinds/ff/ff_fmad.cu with -fmad=true (nvcc's default: a*b+c
 * may become one fused multiply-add); src/kinds/ff/ff_ftz.cu with -ftz=true -fmad=false
 * (subnormal inputs and results of binary32 operations flushed to zero). Everything here
 * is plain operators on float, so that the flavour alone decides how they are compiled.
 *
 * Sources:
 *  - a blog post on pseudo double precision in CUDA (after da Graca and Defour,
 *    "Implementation of float-float operators on graphics hardware"): double_to_float_float,
 *    float_float_to_double, float_float_add, float_float_mul, constant for constant
 *    (4097.0 is a double literal there, and stays one);
 *  - Knuth's TwoSum, Dekker's Fast2Sum, Dekker's TwoProduct with Veltkamp's splitting by
 *    2^12 + 1, TwoProduct with an FMA;
 *  - M. Joldes, J.-M. Muller, V. Popescu, "Tight and rigorous error bounds for basic
 *    building blocks of double-word arithmetic", ACM TOMS 44(2), 2017 (JMP): Algorithms 4
 *    (DWPlusFP), 5 (SloppyDWPlusDW), 6 (AccurateDWPlusDW), 7 (DWTimesFP1), 9 (DWTimesFP3),
 *    10 (DWTimesDW1) and 12 (DWTimesDW3);
 *  - T. Ogita, S. M. Rump, S. Oishi, "Accurate sum and dot product", SIAM J. Sci. Comput.
 *    26(6), 2005: Sum2 (Algorithm 4.4), with TwoSum and, as in a patch to clSPARSE's
 *    reduction, with Fast2Sum in its place. */
#ifndef ULPCERT_FF_OPS_H
#define ULPCERT_FF_OPS_H

#include <math.h>

#ifdef __CUDACC__
#define FF_FN static __host__ __device__ __forceinline__
#else
#define FF_FN static inline
#endif

/* ---- the blog post's operators, as printed ---- */
FF_FN void double_to_float_float(double a, float *a_hi, float *a_lo) {
  *a_hi = a;
  *a_lo = a - (float)a;
}

FF_FN void float_float_to_double(float a_hi, float a_lo, double *a) { *a = a_hi + (double)a_lo; }

FF_FN void float_float_add(float *a_hi, float *a_lo, float b_hi, float b_lo, float c_hi, float c_lo) {
  float sh, eh, v;

  /* TWO_SUM */
  sh = b_hi + c_hi;
  v = sh - b_hi;
  eh = (b_hi - (sh - v)) + (c_hi - v);

  eh += (b_lo + c_lo);

  /* FAST_TWO_SUM */
  *a_hi = sh + eh;
  v = *a_hi - sh;
  *a_lo = (sh - (*a_hi - v)) + (eh - v);
}

FF_FN void float_float_mul(float *a_hi, float *a_lo, float b_hi, float b_lo, float c_hi, float c_lo) {
  float p1, p2, d_hi, d_lo, e_hi, e_lo, t, v;

  /* TWO_PROD */
  p1 = b_hi * c_hi;

  t = 4097.0 * b_hi;
  d_hi = t - (t - b_hi);
  d_lo = b_hi - d_hi;

  t = 4097.0 * c_hi;
  e_hi = t - (t - c_hi);
  e_lo = c_hi - e_hi;

  p2 = ((d_hi * e_hi - p1) + d_hi * e_lo + d_lo * e_hi) + d_lo * e_lo;

  p2 += (b_hi * c_lo) + (b_lo * c_hi);

  /* FAST_TWO_SUM */
  *a_hi = p1 + p2;
  v = *a_hi - p1;
  *a_lo = (p1 - (*a_hi - v)) + (p2 - v);
}

/* ---- error-free transformations ---- */
/* TwoSum (Knuth): s + e = a + b exactly, for any a, b, barring overflow. */
FF_FN void ff_two_sum(float a, float b, float *s, float *e) {
  float x = a + b;
  float bv = x - a;
  float av = x - bv;
  *s = x;
  *e = (a - av) + (b - bv);
}

/* Fast2Sum (Dekker): s + e = a + b exactly when the exponent of a is at least that of b
 * (for instance |a| >= |b|), barring overflow. */
FF_FN void ff_fast_two_sum(float a, float b, float *s, float *e) {
  float x = a + b;
  *s = x;
  *e = b - (x - a);
}

/* Veltkamp's splitting with C = 2^12 + 1: hi has at most 12 significant bits, lo at most
 * 12 (binary32: p = 24, s = 12), hi + lo = a; 4097 * a overflows for |a| above about
 * 2^116. */
FF_FN void ff_split(float a, float *hi, float *lo) {
  float t = 4097.0f * a;
  *hi = t - (t - a);
  *lo = a - *hi;
}

/* Dekker's TwoProduct: p + e = a * b exactly barring overflow (of the product or the
 * splitting) and underflow (e below the subnormal range). */
FF_FN void ff_two_prod_dekker(float a, float b, float *p, float *e) {
  float ah, al, bh, bl;
  float x = a * b;
  ff_split(a, &ah, &al);
  ff_split(b, &bh, &bl);
  *p = x;
  *e = ((ah * bh - x) + ah * bl + al * bh) + al * bl;
}

/* TwoProduct with an FMA: e = fma(a, b, -p), exact barring overflow and underflow. */
FF_FN void ff_two_prod_fma(float a, float b, float *p, float *e) {
  float x = a * b;
  *p = x;
  *e = fmaf(a, b, -x);
}

/* ---- double-word algorithms of JMP ---- */
/* Algorithm 4, DWPlusFP: (xh, xl) + y. */
FF_FN void dw_add_fp(float xh, float xl, float y, float *zh, float *zl) {
  float sh, sl, v;
  ff_two_sum(xh, y, &sh, &sl);
  v = xl + sl;
  ff_fast_two_sum(sh, v, zh, zl);
}

/* Algorithm 5, SloppyDWPlusDW. */
FF_FN void dw_add_sloppy(float xh, float xl, float yh, float yl, float *zh, float *zl) {
  float sh, sl, v, w;
  ff_two_sum(xh, yh, &sh, &sl);
  v = xl + yl;
  w = sl + v;
  ff_fast_two_sum(sh, w, zh, zl);
}

/* Algorithm 6, AccurateDWPlusDW. */
FF_FN void dw_add_accurate(float xh, float xl, float yh, float yl, float *zh, float *zl) {
  float sh, sl, th, tl, c, vh, vl, w;
  ff_two_sum(xh, yh, &sh, &sl);
  ff_two_sum(xl, yl, &th, &tl);
  c = sl + th;
  ff_fast_two_sum(sh, c, &vh, &vl);
  w = tl + vl;
  ff_fast_two_sum(vh, w, zh, zl);
}

/* Algorithm 7, DWTimesFP1, with Dekker's TwoProduct (no FMA anywhere). */
FF_FN void dw_mul_fp(float xh, float xl, float y, float *zh, float *zl) {
  float ch, cl1, cl2, th, tl1, tl2;
  ff_two_prod_dekker(xh, y, &ch, &cl1);
  cl2 = xl * y;
  ff_fast_two_sum(ch, cl2, &th, &tl1);
  tl2 = tl1 + cl1;
  ff_fast_two_sum(th, tl2, zh, zl);
}

/* Algorithm 9, DWTimesFP3 (FMA). */
FF_FN void dw_mul_fp_fma(float xh, float xl, float y, float *zh, float *zl) {
  float ch, cl1, cl3;
  ff_two_prod_fma(xh, y, &ch, &cl1);
  cl3 = fmaf(xl, y, cl1);
  ff_fast_two_sum(ch, cl3, zh, zl);
}

/* Algorithm 10, DWTimesDW1, with Dekker's TwoProduct (no FMA anywhere). */
FF_FN void dw_mul_dw(float xh, float xl, float yh, float yl, float *zh, float *zl) {
  float ch, cl1, tl1, tl2, cl2, cl3;
  ff_two_prod_dekker(xh, yh, &ch, &cl1);
  tl1 = xh * yl;
  tl2 = xl * yh;
  cl2 = tl1 + tl2;
  cl3 = cl1 + cl2;
  ff_fast_two_sum(ch, cl3, zh, zl);
}

/* Algorithm 12, DWTimesDW3 (FMA). */
FF_FN void dw_mul_dw_fma(float xh, float xl, float yh, float yl, float *zh, float *zl) {
  float ch, cl1, tl0, tl1, cl2, cl3;
  ff_two_prod_fma(xh, yh, &ch, &cl1);
  tl0 = xl * yl;
  tl1 = fmaf(xh, yl, tl0);
  cl2 = fmaf(xl, yh, tl1);
  cl3 = cl1 + cl2;
  ff_fast_two_sum(ch, cl3, zh, zl);
}

/* ---- compensated summation ---- */
/* Sum2 of p[0..n): s accumulates with TwoSum (or, fast != 0, with Fast2Sum(s, p[i])
 * without ordering the operands, as the clSPARSE patch does), the errors in sigma; s + sigma. */
FF_FN float sum2(const float *p, int n, int fast) {
  float s = p[0], sigma = 0.0f, q;
  for (int i = 1; i < n; i++) {
    if (fast) ff_fast_two_sum(s, p[i], &s, &q);
    else ff_two_sum(s, p[i], &s, &q);
    sigma = sigma + q;
  }
  return s + sigma;
}

#endif
