/* pair_hd.h: what the fast references of two-argument functions share
 * (functions/<name>/pair_ref.h). A fast reference
 *
 *   REF_HD int pairref_<name>(uint32_t a, uint32_t b, double *y, int *t)
 *
 * returns 1 with the pair's reference (pair.h's contract: y = RN53(f(a, b)) with
 * binary64's exponent range and subnormals, t the sign of y - f(a, b), a NaN result as
 * REF_NAN with t = 0), exactly what MPFR gives, or 0 when it cannot decide (MPFR then
 * does). It runs on the host (registry.c, before MPFR) and in the device pipeline
 * (pair_pipe.cu), under reference/host_device.h's rules, so both give the same bits. The
 * proof of each lives beside its code; each folder's test (functions/<name>/test_<name>.c,
 * on tests/ref/pair_body.h) compares it with MPFR. */
#ifndef ULPCERT_SHARED_PAIR_HD_H
#define ULPCERT_SHARED_PAIR_HD_H

#include "reference/host_device.h"

/* A reference without a fast path: MPFR decides every pair. */
REF_HD int pairref_none(uint32_t a, uint32_t b, double *y, int *t) {
  (void)a, (void)b, (void)y, (void)t;
  return 0;
}

REF_HD int pr_isnan(uint32_t u) { return (u & 0x7fffffffu) > REF_INF32; }
REF_HD int pr_isinf(uint32_t u) { return (u & 0x7fffffffu) == REF_INF32; }
REF_HD int pr_iszero(uint32_t u) { return (u & 0x7fffffffu) == 0; }

/* |x| = m 2^e with m < 2^24 an integer (x finite, non-zero): e the exponent of x's last
 * significand bit (-149 for subnormals), m not reduced to odd. */
REF_HD void pr_split(uint32_t x, uint32_t *m, int *e) {
  const uint32_t ex = (x >> 23) & 0xff, fr = x & 0x7fffffu;
  *m = ex ? fr | 0x800000u : fr;
  *e = ex ? (int)ex - 150 : -149;
}

/* A 2^d mod M for A < 2^25, 0 <= d, 0 < M < 2^25: 2^d mod M by squaring and
 * multiplying, every product below 2^50 (exact in 64 bits). */
REF_HD uint64_t pr_mod_pow2(uint64_t A, int d, uint64_t M) {
  uint64_t r = 1 % M, p = 2 % M;
  for (; d; d >>= 1) {
    if (d & 1) r = r * p % M;
    p = p * p % M;
  }
  return A % M * r % M;
}

/* 2^k as a binary64 number, -1022 <= k <= 1023 */
REF_HD double pr_pow2(int k) { return u2d((uint64_t)(1023 + k) << 52); }

/* S = a^2 + b^2 for finite binary32 a, b, exactly, as hi + lo = TwoSum(a^2, b^2): each
 * square has at most 48 significant bits and lies in [2^-298, 2^256], so it is a
 * binary64 number, and TwoSum's error term is exact. */
REF_HD void pr_sumsq(uint32_t a, uint32_t b, double *hi, double *lo) {
  const double x = (double)u2f(a), z = (double)u2f(b);
  ref_two_sum(ref_mul(x, x), ref_mul(z, z), hi, lo);
}

/* sqrt(hi + lo) for hi > 0 normal, |lo| <= ulp(hi)/2, as rh + rl (normalised) with
 * |sqrt(hi + lo) - (rh + rl)| <= *eps <= 2^-102 s0; *exact = 1 when rh is sqrt(hi + lo)
 * exactly.
 *
 * Proof. s0 = RN(sqrt(hi)); the remainder rho = hi - s0^2 is a binary64 number
 * (Boldo-Daumas, op. cit. in functions/div/pair_ref.h; no underflow: hi >= 2^-298, so
 * rho is a multiple of ulp(s0)^2 / 4 >= 2^-460), computed exactly by one fma. With
 * delta = rho + lo (exact), hi + lo = s0^2 (1 + z), z = delta / s0^2, and |delta| <=
 * |rho| + |lo| <= s0 ulp(s0) + ulp(hi)/2 <= 2^-51 s0^2 (ulp(s0) <= 2^-52 s0, ulp(hi) <=
 * 2^-52 hi, hi <= s0^2 (1 + 2^-51)), so |z| <= 2^-51. By Taylor's theorem
 * sqrt(1 + z) = 1 + z/2 - z^2 / (8 (1 + xi)^(3/2)) for some xi between 0 and z, so
 * sqrt(hi + lo) = s0 + C - R with C = delta / (2 s0) = s0 z / 2 and
 * 0 <= R <= s0 z^2 (1 + 2^-49) / 8 = |C| |z| (1 + 2^-49) / 4 <= 2^-52.9 |C|.
 * Computed: dl = RN(rho + lo) and c = RN(dl / (2 s0)) (2 s0 exact), so c = C (1 + th) with
 * |th| <= (1 + 2^-53)^2 - 1 < 2^-51.99, and |C| <= |c| (1 + 2^-51.9). rh + rl =
 * TwoSum(s0, c) is s0 + c exactly. The error is |c - C| + R <= |C| (2^-51.99 + 2^-52.9)
 * < 2^-51.3 |c|, bounded by eps = 2^-50 |c| (exact: a power-of-two scaling). A bound
 * relative to the correction, not to s0, so that sums where one square is negligible
 * (s0 = |a| exactly, a tiny c) are still decided. Also |c| <= 2^-52 s0 (1 + 2^-51), so
 * eps <= 2^-102 s0. When dl = 0, delta = 0 exactly (RN of an exact sum is 0 only when the
 * sum is), and s0 is the square root itself. */
REF_HD void pr_sqrt_dd(double hi, double lo, double *rh, double *rl, double *eps, int *exact) {
  const double s0 = sqrt(hi);
  const double rho = ref_fma(-s0, s0, hi);
  const double dl = ref_add(rho, lo);
  const double c = ref_div(dl, ref_add(s0, s0));
  ref_two_sum(s0, c, rh, rl);
  *eps = ref_mul(fabs(c), 0x1p-50);
  *exact = dl == 0;
}

/* ---- double-double arithmetic (a value is hi + lo, |lo| <= ulp(hi)/2), with the
 * relative error bounds of Joldes, Muller and Popescu, "Tight and rigorous error bounds
 * for basic building blocks of double-word arithmetic", ACM TOMS 44(2), 2017 (u = 2^-53,
 * no underflow or overflow) ---- */

/* Fast2Sum: s + e = a + b exactly when |a| >= |b| (or a = 0) */
REF_HDI void dd_fast2sum(double a, double b, double *s, double *e) {
  const double ss = ref_add(a, b);
  *e = ref_sub(b, ref_sub(ss, a));
  *s = ss;
}

/* (xh + xl) (yh + yl): Algorithm 12 (DWTimesDW3), relative error <= 4u^2 = 2^-104 */
REF_HDI void dd_mul(double xh, double xl, double yh, double yl, double *zh, double *zl) {
  const double ch = ref_mul(xh, yh), cl1 = ref_fma(xh, yh, -ch);
  const double tl0 = ref_mul(xl, yl), tl1 = ref_fma(xh, yl, tl0), cl2 = ref_fma(xl, yh, tl1);
  dd_fast2sum(ch, ref_add(cl1, cl2), zh, zl);
}

/* (xh + xl) + (yh + yl): Algorithm 6 (AccurateDWPlusDW), relative error <= 3u^2 + 13u^3
 * < 2^-104.4 */
REF_HDI void dd_add(double xh, double xl, double yh, double yl, double *zh, double *zl) {
  double sh, sl, th, tl, vh, vl;
  ref_two_sum(xh, yh, &sh, &sl);
  ref_two_sum(xl, yl, &th, &tl);
  dd_fast2sum(sh, ref_add(sl, th), &vh, &vl);
  dd_fast2sum(vh, ref_add(tl, vl), zh, zl);
}

/* (nh + nl) / (dh + dl), relative error < 2^-101.5 (dh > 0 or < 0, |nl| <= 2^-53 |nh|,
 * |dl| <= 2^-53 |dh|). Proof: t = RN(nh/dh); r1 = nh - t dh is a binary64 number (the
 * remainder of a correctly rounded quotient, Boldo-Daumas; op. cit. in functions/div/
 * pair_ref.h) computed exactly by an fma. With N = nh + nl, D = dh + dl, the exact
 * remainder rho = N - t D = r1 + nl - t dl has |rho| <= |t dh| 2^-53 + |nl| + |t dl| <=
 * 3.01 2^-53 |N|. Computed: rho' = RN(RN(r1 + nl) - RN(t dl)), three roundings of terms
 * at most 2.01 2^-53 |N| each: |rho' - rho| <= 2^-53 (2 |rho| + 2^-52 |N|) < 2^-103.4 |N|;
 * c = RN(rho' / dh): c - rho/D has the error of rho' (over |D|), the relative 2^-52 of
 * replacing D by dh, and the final rounding: |c - rho/D| <= (2^-103.4 + 2^-52 3.01 2^-53 +
 * 2^-53 3.02 2^-53) |N/D| (1 + 2^-51) < 2^-101.6 |N/D|. N/D = t + rho/D exactly, and
 * Fast2Sum(t, c) is t + c exactly (|c| < |t|). */
REF_HDI void dd_div(double nh, double nl, double dh, double dl, double *zh, double *zl) {
  const double t = ref_div(nh, dh), r1 = ref_fma(-t, dh, nh);
  const double rho = ref_sub(ref_add(r1, nl), ref_mul(t, dl));
  dd_fast2sum(t, ref_div(rho, dh), zh, zl);
}

/* Ziv's rounding test for a normal binary64 result. The approximation is rh + rl with
 * rh = RN(rh + rl) (a normalised double-double, rh a normal binary64 number), and
 * |f - (rh + rl)| <= eps. Then RN53(f) = rh with t = -sign(rl) when
 *   eps < |rl|                  (f is not rh: f lies strictly on rl's side of rh), and
 *   |rl| + eps < h              (f lies strictly before the midpoint on that side),
 * h the distance from rh to that midpoint: ulp(rh)/2 upwards in magnitude, and downwards
 * too unless |rh| is a power of two, where the numbers below are twice as dense (h =
 * ulp(rh)/4). The sum |rl| + eps is computed with a margin (times 1 + 2^-40, which covers
 * its two roundings), so the test is conservative. Returns 1 and sets (y, t), else 0. */
REF_HD int pr_ziv(double rh, double rl, double eps, double *y, int *t) {
  const double d = fabs(rl);
  if (!(d > eps)) return 0;
  const uint64_t u = d2u(rh) & 0x7fffffffffffffffull;
  const int e = (int)(u >> 52);
  if (e <= 1 || e >= 0x7ff) return 0; /* subnormal or near it, infinite: not this test's */
  const int away = (rl > 0) == (rh > 0); /* rl moves away from zero */
  const double h = pr_pow2(e - 1023 - 53 - (!away && (u & 0xfffffffffffffull) == 0));
  if (!(ref_mul(ref_add(d, eps), 1.0 + 0x1p-40) < h)) return 0;
  *y = rh;
  *t = rl > 0 ? -1 : 1;
  return 1;
}

#endif
