/* pair_ref.h: the fast reference of atan2(a, b), the angle of the point (b, a) in
 * [-pi, pi] (reference/shared/pair_hd.h's contract; mpfr_atan2's special values, C99 Annex F: a NaN
 * operand gives NaN; atan2(+-0, b) is +-0 for b > 0 or b = +0 and +-pi for b < 0 or
 * b = -0; atan2(a, +-0) = +-pi/2 for a != 0; atan2(+-inf, +inf) = +-pi/4, (+-inf, -inf)
 * = +-3pi/4, (+-inf, finite) = +-pi/2; atan2(finite, +inf) = +-0, (finite, -inf) = +-pi;
 * the sign is a's).
 *
 * Finite non-zero operands. With n = min(|a|, |b|), d = max(|a|, |b|), q = n/d in
 * [2^-277, 1] and theta = atan(q); the result is theta (|a| <= |b|, b > 0), pi/2 - theta
 * (|a| > |b|, b > 0), pi/2 + theta (|a| > |b|, b < 0) or pi - theta (|a| <= |b|, b < 0),
 * with a's sign. Steps and their relative errors (u = 2^-53; dd_* of reference/shared/pair_hd.h):
 *  (Q) q = qh + ql: qh = RN(n/d), ql = RN(r/d) with r = n - qh d exact (fma): error
 *      <= 2^-53 |ql| <= 2^-106 q. Since atan'(q) q / atan(q) <= 1, theta inherits at most
 *      that relative error.
 *  (R) k = round(64 qh) in 0..64, c = k/64 (exact), theta = atan(c) + atan(v) with
 *      v = (q - c) / (1 + q c), |v| <= (1/128 + 2^-52) < 2^-6.99. The numerator qh - c is
 *      exact (TwoSum) plus ql: a double-double N exact up to (Q); the denominator 1 + qh c
 *      + ql c as TwoProd(qh, c) and TwoSum with 1 (exact) plus RN(pl + ql c) (error
 *      <= 2^-104 of 1), then dd_div (< 2^-101.5): v within 2^-101.3 |v|, plus the
 *      absolute 2^-106 q / 1 of (Q) in N, which over atan(q) >= q/1.28 is covered by the
 *      final bound below.
 *  (S) atan(v) = v P(w), w = v^2, P(w) = sum_(i=0..7) (-1)^i w^i / (2i+1) + R with
 *      |R| <= w^8 / 17 <= 2^-111.8 (alternating series of decreasing terms). w as dd_mul
 *      (4u^2); the coefficients 1, 1/3, 1/5, 1/7 as double-doubles within 2^-107 relative,
 *      1/9 ... 1/15 as binary64 (relative 2^-53, on terms below w^4/9 <= 2^-59: absolute
 *      2^-112); Horner: the binary64 tail H = RN-evaluated sum_(i=4..7) (-1)^i w^(i-4)
 *      /(2i+1) has absolute error <= 2^-52 |H| <= 2^-55 (times w^4 <= 2^-55.9: 2^-110.9),
 *      then four dd_mul and four dd_add on values near 1 (|w P_i| <= 2^-15): each step's
 *      error relative to P(w) >= 1 - w/3 within (4u^2 + 3.03u^2)(1 + 2^-13), so P within
 *      8 * 7.1 u^2 < 2^-100.8; times v (dd_mul, 4u^2): atan(v) within 2^-100.6 |atan(v)|
 *      plus v's 2^-101.3.
 *  (T) theta = atan(c) + atan(v) with atan(c) from the table (double-doubles within
 *      2^-106 relative, checked against MPFR by the test) by dd_add: for k >= 1 the terms
 *      have atan(c) >= 64 |atan(v)| / 2.1 (c >= 1/64, |v| < 2^-6.99), so the sum's relative
 *      error is at most (1 + 2/64) times its terms' plus 2^-104.4: theta within 2^-99.9.
 *      k = 0: theta = atan(v) (v = q).
 *  (P) the quadrant by dd_add with pi/2, pi (double-doubles within 2^-107): theta <= pi/4,
 *      so pi/2 - theta >= pi/4 and pi - theta >= 3pi/4: the condition of the subtraction
 *      is at most 2 (pi/2 + theta: 1); with dd_add's 2^-104.4, the result is within
 *      2 * 2^-99.9 + 2^-104 < 2^-98.8 of its value.
 * Adding (Q)'s absolute term, the approximation rh + rl is within 2^-98.5 |rh| of
 * atan2(a, b); eps = 2^-97 |rh| bounds it with room, and Ziv's test (pr_ziv) decides.
 * The result is at least 2^-277 (1 - 2^-20) in magnitude: normal; and it is never a
 * binary64 number or a midpoint (atan of a non-zero rational is irrational; pi's
 * multiples are irrational), so undecided pairs are only the rare ones within eps of a
 * rounding boundary. */
#include "reference/shared/pair_hd.h"

#define AT2_PI_H 0x1.921fb54442d18p+1
#define AT2_PI_L 0x1.1a62633145c07p-53
#define AT2_PIO2_H 0x1.921fb54442d18p+0
#define AT2_PIO2_L 0x1.1a62633145c07p-54
/* 1/3, 1/5, 1/7 as double-doubles (checked against MPFR by the test) */
#define AT2_C3_H 0x1.5555555555555p-2
#define AT2_C3_L 0x1.5555555555555p-56
#define AT2_C5_H 0x1.999999999999ap-3
#define AT2_C5_L -0x1.999999999999ap-57
#define AT2_C7_H 0x1.2492492492492p-3
#define AT2_C7_L 0x1.2492492492492p-57

/* atan(k/64), k = 0 .. 64, as RN(atan) + RN(atan - RN(atan)) (MPFR; test_atan2.c
 * checks every entry) */
REF_HD void at2_table(int k, double *h, double *l) {
  static const double T[65][2] = {
      {0x0p+0, 0x0p+0}, {0x1.fff555bbb729bp-7, -0x1.220c39d4dff5p-61},
      {0x1.ffd55bba97625p-6, -0x1.5ec431444912cp-60}, {0x1.7fb818430da2ap-5, -0x1.86ef8f794f105p-63},
      {0x1.ff55bb72cfdeap-5, -0x1.c934d86d23f1dp-60}, {0x1.3f59f0e7c559dp-4, 0x1.ac4ce285df847p-58},
      {0x1.7ee182602f10fp-4, -0x1.cfb654c0c3d98p-58}, {0x1.be39ebe6f07c3p-4, 0x1.f7b8f29a05987p-58},
      {0x1.fd5ba9aac2f6ep-4, -0x1.cd37686760c17p-59}, {0x1.1e1fafb043727p-3, -0x1.b485914dacf8cp-59},
      {0x1.3d6eee8c6626cp-3, 0x1.61a3b0ce9281bp-57}, {0x1.5c9811e3ec26ap-3, -0x1.054ab2c010f3dp-58},
      {0x1.7b97b4bce5b02p-3, 0x1.347b0b4f881cap-58}, {0x1.9a6a8e96c8626p-3, 0x1.cf601e7b4348ep-59},
      {0x1.b90d7529260a2p-3, 0x1.17b10d2e0e5abp-61}, {0x1.d77d5df205736p-3, 0x1.c648d1534597ep-57},
      {0x1.f5b75f92c80ddp-3, 0x1.8ab6e3cf7afbdp-57}, {0x1.09dc597d86362p-2, 0x1.62e47390cb865p-56},
      {0x1.18bf5a30bf178p-2, 0x1.30ca4748b1bf9p-57}, {0x1.278372057ef46p-2, -0x1.077cdd36dfc81p-56},
      {0x1.362773707ebccp-2, -0x1.963a544b672d8p-57}, {0x1.44aa436c2af0ap-2, -0x1.5d5e43c55b3bap-56},
      {0x1.530ad9951cd4ap-2, -0x1.2566480884082p-57}, {0x1.614840309cfe2p-2, -0x1.a725715711fp-56},
      {0x1.6f61941e4def1p-2, -0x1.c63aae6f6e918p-56}, {0x1.7d5604b63b3f7p-2, 0x1.69c885c2b249ap-56},
      {0x1.8b24d394a1b25p-2, 0x1.b6d0ba3748fa8p-56}, {0x1.98cd5454d6b18p-2, 0x1.9e6c988fd0a77p-56},
      {0x1.a64eec3cc23fdp-2, -0x1.24dec1b50b7ffp-56}, {0x1.b3a911da65c6cp-2, 0x1.ae187b1ca504p-56},
      {0x1.c0db4c94ec9fp-2, -0x1.cc1ce70934c34p-56}, {0x1.cde53432c1351p-2, -0x1.a2cfa4418f1adp-56},
      {0x1.dac670561bb4fp-2, 0x1.a2b7f222f65e2p-56}, {0x1.e77eb7f175a34p-2, 0x1.0e53dc1bf3435p-56},
      {0x1.f40dd0b541418p-2, -0x1.a3992dc382a23p-57}, {0x1.0039c73c1a40cp-1, -0x1.b32c949c9d593p-55},
      {0x1.0657e94db30dp-1, -0x1.d5b495f6349e6p-56}, {0x1.0c6145b5b43dap-1, 0x1.974fa13b5404fp-58},
      {0x1.1255d9bfbd2a9p-1, -0x1.2bdaee1c0ee35p-58}, {0x1.1835a88be7c13p-1, 0x1.c621cec00c301p-55},
      {0x1.1e00babdefeb4p-1, -0x1.928df287a668fp-58}, {0x1.23b71e2cc9e6ap-1, 0x1.c421c9f38224ep-57},
      {0x1.2958e59308e31p-1, -0x1.09e73b0c6c087p-56}, {0x1.2ee628406cbcap-1, 0x1.c5d5e9ff0cf8dp-55},
      {0x1.345f01cce37bbp-1, 0x1.1021137c71102p-55}, {0x1.39c391cd4171ap-1, -0x1.2304331d8bf46p-55},
      {0x1.3f13fb89e96f4p-1, 0x1.ecf8b492644fp-56}, {0x1.445065b795b56p-1, -0x1.f76d0163f79c8p-56},
      {0x1.4978fa3269ee1p-1, 0x1.2419a87f2a458p-56}, {0x1.4e8de5bb6ec04p-1, 0x1.4a33dbeb3796cp-55},
      {0x1.538f57b89061fp-1, -0x1.1bb74abda520cp-55}, {0x1.587d81f732fbbp-1, -0x1.5e5c9d8c5a95p-56},
      {0x1.5d58987169b18p-1, 0x1.0028e4bc5e7cap-57}, {0x1.6220d115d7b8ep-1, -0x1.2b785350ee8c1p-57},
      {0x1.66d663923e087p-1, -0x1.6ea6febe8bbbap-56}, {0x1.6b798920b3d99p-1, -0x1.a80386188c50ep-55},
      {0x1.700a7c5784634p-1, -0x1.8c34d25aadef6p-56}, {0x1.748978fba8e0fp-1, 0x1.7b2a6165884a1p-59},
      {0x1.78f6bbd5d315ep-1, 0x1.406a08980374p-55}, {0x1.7d528289fa093p-1, 0x1.560821e2f3aa9p-55},
      {0x1.819d0b7158a4dp-1, -0x1.bf76229d3b917p-56}, {0x1.85d69576cc2c5p-1, 0x1.6b66e7fc8b8c3p-57},
      {0x1.89ff5ff57f1f8p-1, -0x1.55b9a5e177a1bp-55}, {0x1.8e17aa99cc05ep-1, -0x1.ec182ab042f61p-56},
      {0x1.921fb54442d18p-1, 0x1.1a62633145c07p-55},
  };
  *h = T[k][0], *l = T[k][1];
}

/* atan(v) for |v| < 2^-6.99, v = vh + vl, as a double-double ((S) above) */
REF_HD void at2_series(double vh, double vl, double *zh, double *zl) {
  double wh, wl;
  dd_mul(vh, vl, vh, vl, &wh, &wl);
  /* binary64 tail: 1/9 - w/11 + w^2/13 - w^3/15 */
  const double H = ref_add(0x1.c71c71c71c71cp-4,
                           ref_mul(wh, ref_add(-0x1.745d1745d1746p-4,
                                               ref_mul(wh, ref_add(0x1.3b13b13b13b14p-4,
                                                                   ref_mul(wh, -0x1.1111111111111p-4))))));
  static const double C[4][2] = {{1.0, 0.0}, {-AT2_C3_H, -AT2_C3_L}, {AT2_C5_H, AT2_C5_L}, {-AT2_C7_H, -AT2_C7_L}};
  double ph = H, pl = 0;
  for (int i = 3; i >= 0; i--) { /* p <- C_i + w p */
    dd_mul(wh, wl, ph, pl, &ph, &pl);
    dd_add(C[i][0], C[i][1], ph, pl, &ph, &pl);
  }
  dd_mul(vh, vl, ph, pl, zh, zl);
}

REF_HD int at2_special(uint32_t a, uint32_t b, double *y, int *t) {
  const double s = (a & REF_SIGN32) ? -1.0 : 1.0;
  const int bneg = (b & REF_SIGN32) != 0;
  if (pr_isnan(a) || pr_isnan(b)) {
    *y = REF_NAN, *t = 0;
  } else if (pr_iszero(a) || (pr_isinf(b) && !pr_isinf(a))) { /* on the axis: 0 or pi */
    if (bneg) *y = s * AT2_PI_H, *t = s > 0 ? -1 : 1; /* RN(pi) < pi */
    else *y = s * 0.0, *t = 0;
  } else if (pr_iszero(b) || (pr_isinf(a) && !pr_isinf(b))) { /* pi/2 */
    *y = s * AT2_PIO2_H, *t = s > 0 ? -1 : 1;
  } else if (pr_isinf(a)) { /* both infinite: pi/4 or 3pi/4 */
    double h, l;
    if (bneg) dd_add(AT2_PI_H, AT2_PI_L, -0x1.921fb54442d18p-1, -0x1.1a62633145c07p-55, &h, &l);
    else h = 0x1.921fb54442d18p-1, l = 0x1.1a62633145c07p-55;
    *y = s * h, *t = (l > 0) == (s > 0) ? -1 : 1; /* h = RN(3pi/4) (checked), l its error's sign */
  } else {
    return 0;
  }
  return 1;
}

/* The result theta = atan(q) itself (b > 0, |a| <= |b|) for q < 2^-25, where it lies
 * within a few q^3 of q, possibly a binary64 number itself: the error is kept relative
 * to the corrections so that Ziv's test can still decide. theta = qh + ql + dq - q^3/3
 * + R with |dq| <= 2^-53 |ql| ((Q)), 0 <= R <= q^5/5 <= 2^-50.7 q^3/3. c3 = RN(RN(RN(qh qh)
 * qh)/3) is within (1 + 2^-53)^4 - 1 < 2^-50.9 of qh^3/3, and qh^3/3 within 2^-51.4 of
 * q^3/3 (q = qh (1 + 2^-53 at most)); so s = RN(ql - c3) is within 2^-53 |s| +
 * 2^-49.3 c3 (1 + 2^-49) of ql - q^3/3 + R. theta = qh + s + that error + dq; TwoSum(qh,
 * s) is exact; eps = 2^-52 (|s| + |ql|) + 2^-49 c3 bounds the error with room for its own
 * roundings. q^3 >= 2^-831: no underflow. */
REF_HD int at2_tiny(uint32_t a, double qh, double ql, double *y, int *t) {
  const double c3 = ref_div(ref_mul(ref_mul(qh, qh), qh), 3.0);
  const double s = ref_sub(ql, c3);
  double rh, rl;
  ref_two_sum(qh, s, &rh, &rl);
  const double eps = ref_add(ref_mul(0x1p-52, ref_add(fabs(s), fabs(ql))), ref_mul(0x1p-49, c3));
  if (a & REF_SIGN32) rh = -rh, rl = -rl;
  return pr_ziv(rh, rl, eps, y, t);
}

REF_HD int pairref_atan2(uint32_t a, uint32_t b, double *y, int *t) {
  if (at2_special(a, b, y, t)) return 1;
  const double aa = fabs((double)u2f(a)), ab = fabs((double)u2f(b));
  const int swap = aa > ab;
  const double n = swap ? ab : aa, d = swap ? aa : ab;
  const double qh = ref_div(n, d), ql = ref_div(ref_fma(-qh, d, n), d); /* (Q) */
  if (!swap && !(b & REF_SIGN32) && qh < 0x1p-25) return at2_tiny(a, qh, ql, y, t);
  const int k = (int)floor(ref_add(ref_mul(qh, 64.0), 0.5));            /* (R) */
  const double c = ref_mul((double)k, 0x1p-6);
  double nh, nl, ph, pl, dh, dl, vh, vl, th, tl;
  ref_two_sum(qh, -c, &nh, &nl);
  dd_fast2sum(nh, ref_add(nl, ql), &nh, &nl);
  ph = ref_mul(qh, c), pl = ref_fma(qh, c, -ph);
  ref_two_sum(1.0, ph, &dh, &dl);
  dd_fast2sum(dh, ref_add(dl, ref_add(pl, ref_mul(ql, c))), &dh, &dl);
  dd_div(nh, nl, dh, dl, &vh, &vl);
  at2_series(vh, vl, &th, &tl); /* (S) */
  if (k) { /* (T) */
    double ch, cl;
    at2_table(k, &ch, &cl);
    dd_add(ch, cl, th, tl, &th, &tl);
  }
  const double m = (b & REF_SIGN32) ? 1.0 : -1.0; /* (P): pi/2 - theta or pi/2 + theta */
  if (swap) dd_add(AT2_PIO2_H, AT2_PIO2_L, m * th, m * tl, &th, &tl);
  else if (b & REF_SIGN32) dd_add(AT2_PI_H, AT2_PI_L, -th, -tl, &th, &tl);
  if (a & REF_SIGN32) th = -th, tl = -tl;
  return pr_ziv(th, tl, ref_mul(fabs(th), 0x1p-97), y, t);
}
