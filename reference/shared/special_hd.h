/* special_hd.h: the pieces of the special functions' shortcuts
 * (functions/{erf,erfc,erfcx,erfinv,erfcinv,normcdf,normcdfinv,lgamma,tgamma}/shortcut.h)
 * that several of them share, written once for the host and the device
 * (reference/host_device.h says what that allows: binary64 + - * / sqrt fma, exact libm
 * functions, bit casts of reference/bits.h, REF_HD, no mpfr.h/arb.h).
 * special.h includes this header, so that the host references and their tests see the
 * same names.
 *
 * Everything here is binary64 arithmetic with round to nearest even, compiled with
 * -ffp-contract=off on the host and -fmad=false on the device (the project's flags and
 * tests/ref/special.md): an expression written a * b + c is two roundings,
 * and fma() is written where one is meant. u = 2^-53 is the unit roundoff. Every result
 * below is a normal binary64 number (the ranges are chosen so: the smallest magnitudes
 * that occur are near 2^-1000), so each rounding satisfies RN(v) = v (1 + d) with
 * |d| <= u and also |RN(v) - v| <= u |RN(v)| (Higham, Accuracy and Stability of
 * Numerical Algorithms, 2nd ed., Thm 2.2 and (2.5)).
 */
#ifndef ULPCERT_SHARED_SPECIAL_HD_H
#define ULPCERT_SHARED_SPECIAL_HD_H

#include <stdint.h>

#include "reference/host_device.h"

#define RS_SIGN32 0x80000000u
#define RS_INF32 0x7f800000u

/* The NaN of NaN results (erfinv(2), tgamma(-1), ...): the bits that MPFR's mpfr_get_d
 * gives for a NaN on this host (x86-64: the default NaN 0/0, sign bit set), so that
 * refcheck's bitwise comparison with MPFR agrees (the tests check the bits); to the
 * engine any NaN is a NaN. */
#define RS_NAN (u2d(0xfff8000000000000ull))

/* ---------------------------------------------------------------------------------
 * rs_decide: the rounding of f from f = hi + lo + eps, |eps| <= err.
 *
 * Preconditions: hi and lo are binary64 numbers with |lo| <= |hi|; err >= 0 bounds
 * |f - (hi + lo)|.
 * Returns 1 with *y = RN53(f) and *t = sign(*y - f) when the data decide it, else 0.
 *
 * Proof. yy = RN(hi + lo) and r = lo - (yy - hi) is Dekker's Fast2Sum (|hi| >= |lo|),
 * so hi + lo = yy + r exactly, and f = yy + r + eps. (1) If |r| > err, f - yy = r + eps
 * is nonzero with the sign of r: t = -sign(r). (2) Let nb be the binary64 neighbour
 * of yy on r's side and g = |nb - yy| (exact: Sterbenz). The numbers that round to yy
 * include the open half-gap (yy, yy + g/2) on that side (and its closed end when yy is
 * even; not used). If |r| + err < g/2 then 0 < |f - yy| < g/2 on r's side, so
 * RN(f) = yy. The test is computed as RN(|r| + err) < g/2: RN is monotone and g/2 is a
 * binary64 number, so RN(|r| + err) < g/2 implies |r| + err < g/2.
 * yy is required to lie in [2^-1000, 2^1000] in magnitude, far from binary64's
 * subnormals and overflow, where binary64 RN is MPFR's rounding at 53 bits with the
 * binary64 exponent range followed by mpfr_subnormalize (which then changes nothing).
 * The neighbour nb: binary64 numbers of one sign are ordered like their bit patterns
 * read as integers, so for a finite nonzero yy the neighbour away from zero has the
 * pattern of yy plus one and the one towards zero the pattern minus one (neither
 * crosses zero nor reaches infinity for |yy| in [2^-1000, 2^1000]); r's side is away
 * from zero iff r and yy have the same sign. (This is nextafter(yy, +-inf).)
 * --------------------------------------------------------------------------------- */
REF_HD int rs_decide(double hi, double lo, double err, double *y, int *t) {
  double yy = hi + lo;
  double r = lo - (yy - hi);
  double ar = fabs(r);
  if (!(ar > err)) return 0;
  if (!(fabs(yy) >= 0x1p-1000 && fabs(yy) <= 0x1p1000)) return 0;
  uint64_t yb = d2u(yy);
  double nb = u2d(((r > 0) == (yy > 0)) ? yb + 1u : yb - 1u);
  double half = 0.5 * fabs(nb - yy);
  if (!(ar + err < half)) return 0;
  *y = yy;
  *t = r > 0 ? -1 : 1;
  return 1;
}

/* ---------------------------------------------------------------------------------
 * rs_odd_small: g(x) = C x (1 + a1 s + a2 s^2 + a3 s^3) + R(x), s = x^2, for a binary32
 * 0 < x <= 2^-12, as hi + lo with an error bound:  |g(x) - (hi + lo)| <= err.
 *
 * Data (struct rs_oddser): C = C_hi + C_lo + delta with C_hi = RN(C),
 * C_lo = RN(C - C_hi), 1/4 <= C <= 2; A_k = RN(a_k) with |a2|, |a3| <= |a1| <= 1;
 * |R(x)| <= tail x^9 for 0 < x <= 2^-12 (shown by each caller).
 *
 * Evaluation: ph = RN(x C_hi); pl = fma(x, C_hi, -ph); xc = RN(x C_lo);
 * Q = fma(fma(A3, s, A2), s, A1); W = RN(s Q); t1 = RN(ph W); m = RN(pl + xc);
 * hi = ph, lo = RN(m + t1).
 *
 * Error analysis (u = 2^-53; s <= 2^-24; all quantities normal: x >= 2^-149 gives
 * t1 >= 2^-460 and the error terms below stay above 2^-1000).
 *  - s = x*x is exact (x has 24 bits: 48-bit product, no underflow).
 *  - pl = x C_hi - ph exactly: the error of a binary64 product is representable when
 *    it is not below the subnormal range (x C_hi is a multiple of 2^(-149-54)), and
 *    fma computes it exactly. |pl| <= u ph.
 *  - |C_lo| <= (1/2) ulp(C_hi) <= u C_hi, |delta| <= u |C_lo| <= u^2 C_hi, so with
 *    x C_hi = ph + pl <= (1+u) ph:  |x C_lo| <= 1.0001 u ph, |x delta| <= 1.0001 u^2 ph.
 *  - xc = x C_lo + e2, |e2| <= u |x C_lo| <= 1.0001 u^2 ph.
 *  - m = pl + xc + e4, |e4| <= u |m| and |m| <= (1+u)(u + 1.0002 u) ph <= 2.0003 u ph.
 *  - q = a1 + a2 s + a3 s^2. Inner fma: |q1 - (a2 + a3 s)| <= u|a2| + u|a3|s + u|q1|
 *    <= 3.001 u |a1|. Outer: |Q - q| <= u|a1| + 3.001 u |a1| s + u|Q|; since
 *    |q| >= |a1|(1 - 2s), |Q - q| <= 2.001 u |q|.
 *  - W = RN(sQ): |W - sq| <= s|Q - q| + u|W| <= 3.002 u s|q|.
 *  - t1 = RN(ph W): |t1 - ph s q| <= 3.002 u ph s|q| + u|t1| <= 4.01 u |t1|, and
 *    ph s |q| <= (1 + 4.1u) |t1|.
 *  - lo = m + t1 + e8, |e8| <= u|lo| <= u(1+u)(|m| + |t1|).
 * Exact value: g = (ph + pl + x C_lo + x delta)(1 + s q) + R
 *            = ph + [pl + x C_lo + ph s q] + [x delta + (pl + x C_lo + x delta) s q] + R,
 * computed: ph + lo = ph + pl + x C_lo + ph s q + (e2 + e4 + (t1 - ph s q) + e8). So
 *  |g - (hi + lo)| <= u^2 ph (1.0001 + 1.0001 + 2.0003 + 2.0004)       [delta, e2, e4, e8]
 *                   + u |t1| (2.0004 + 4.01 + 1.0001)       [(pl + xC_lo + x delta)sq, t1, e8]
 *                   + tail x^9
 *                  <= 2^-103 ph + 2^-50 |t1| + tail x^9    (6.0009 u^2 < 2^-103.4,
 *                                                           7.011 u < 2^-50.19).
 * The bound is evaluated in binary64: a handful of roundings, each within a factor
 * (1 + u), covered by the final factor (1 + 2^-20). x^9 would underflow for tiny x:
 * for x <= 2^-100, x^9 = x s^4 <= 2^-800 x, which is used instead.
 * |lo| <= |hi| holds (|lo| <= 2.1 u ph + 1.01 ph s |q| < ph).
 * The callers pass their data as a local constant (device code cannot read a host
 * static).
 * --------------------------------------------------------------------------------- */
struct rs_oddser {
  double c_hi, c_lo;  /* C = c_hi + c_lo to 2^-106 */
  double a1, a2, a3;  /* RN of the series coefficients */
  double tail;        /* |R(x)| <= tail x^9 on (0, 2^-12] */
};

REF_HD void rs_odd_small(double x, const struct rs_oddser *k, double *hi, double *lo, double *err) {
  double s = x * x;
  double ph = x * k->c_hi;
  double pl = fma(x, k->c_hi, -ph);
  double xc = x * k->c_lo;
  double q = fma(fma(k->a3, s, k->a2), s, k->a1);
  double w = s * q;
  double t1 = ph * w;
  double m = pl + xc;
  *hi = ph;
  *lo = m + t1;
  double s4x = x > 0x1p-100 ? (s * s) * (s * s) * x : 0x1p-800 * x;
  *err = (0x1p-103 * ph + 0x1p-50 * fabs(t1) + k->tail * s4x) * (1.0 + 0x1p-20);
}

/* ---------------------------------------------------------------------------------
 * rs_add_const: f = K + sigma (hi + lo) + eps, |eps| <= err, K a binary64 number with
 * |hi| <= |K|/2 (|hi| > |lo|), sigma = +-1. Sets (*H, *L, *E) with f = H + L + eps',
 * |eps'| <= *E and |L| <= |H|, ready for rs_decide.
 * Proof: H = RN(K + sigma hi), e1 = sigma hi - (H - K) exactly (Fast2Sum, |K| >= |hi|);
 * L = RN(e1 + sigma lo) = e1 + sigma lo + e, |e| <= u|L|. So
 * f = H + L - e + eps, and *E = (err + u|L|)(1 + 2^-50) (one rounding in the sum,
 * |L| <= |e1| + |lo| small against |H| >= |K|/2). */
REF_HD void rs_add_const(double K, int sigma, double hi, double lo, double err, double *H, double *L, double *E) {
  double sh = sigma > 0 ? hi : -hi, sl = sigma > 0 ? lo : -lo;
  double h = K + sh;
  double e1 = sh - (h - K);
  double l = e1 + sl;
  *H = h;
  *L = l;
  *E = (err + 0x1p-53 * fabs(l)) * (1.0 + 0x1p-50);
}

/* =================================================================================
 * Double-double numbers with running error bounds, for lgamma's and tgamma's shortcuts.
 *
 * A struct rs_dde (h, l, e) stands for an exact real number V (the value the operation
 * would have in exact arithmetic on exact inputs) with |V - (h + l)| <= e. Every
 * operation below returns such a triple for the exact result of the operation applied
 * to the exact inputs, given triples for them. The bounds are evaluated at run time,
 * from the computed numbers, so each operation's proof is local.
 *
 * Model (binary64, round to nearest even, no overflow: every value and bound here stays
 * far below 2^1000 in magnitude, which each user shows; u = 2^-53, eta = 2^-1075):
 *  (R) a rounded operation v -> RN(v) (+ - * / fma) has |RN(v) - v| <= u |RN(v)| + eta
 *      (u |RN(v)| in the normal range, where the error is at most half an ulp of RN(v),
 *      which is at most u |RN(v)|; at most half the subnormal spacing, eta, below it);
 *  (T) TwoSum (rs_two_sum: 6 operations, Knuth, TAOCP vol. 2, 4.2.2, Thm B; Moller
 *      1965) gives s + t = a + b exactly for any binary64 a, b, underflow included
 *      (Boldo, Graillat, Muller, "On the robustness of the 2Sum and Fast2Sum
 *      algorithms", ACM TOMS 2017).
 * Every other quantity the code forms is treated by (R), even where it happens to be
 * exact (fma(a, b, -RN(ab)) and the remainder fma(-q, b, a) of a division: (R) with
 * their own size is a valid, if pessimistic, bound).
 *
 * Evaluating a bound: every bound is a sum of products and quotients of non-negative
 * binary64 numbers, at most 30 roundings per operation's formula. Each rounding of a
 * non-negative exact result v gives RN(v) >= v (1 - u) - eta. So the computed sum S of a
 * formula whose exact value is B satisfies S >= B (1 - u)^30 - 30 eta' where eta' bounds
 * what an underflowing term can lose (eta; a product of an underflowed term by a later
 * factor does not occur inside one formula: each term is one product or quotient, then
 * the terms are added). rs_errsum returns RN(RN(S (1 + 2^-44)) + 2^-1000) >=
 * B (1 - u)^32 (1 + 2^-44) + (2^-1000 - 32 eta)(1 - u) >= B + 40 eta: the factor covers the
 * relative losses ((1 - u)^-32 < 1 + 2^-47) and tau = 2^-1000 the absolute ones,
 * including the eta of (R) for the at most 8 value roundings of the operation. So every
 * returned e is a valid bound for the operation's own errors plus the propagated ones.
 * tau makes every bound at least 2^-1000 once an operation has rounded: negligible
 * against the results these shortcuts decide (ulps of at least 2^-330, see the users).
 * --------------------------------------------------------------------------------- */
struct rs_dde {
  double h, l, e;
};

#define RS_U 0x1p-53
#define RS_TAU 0x1p-1000

REF_HD double rs_errsum(double S) { return S * (1.0 + 0x1p-44) + RS_TAU; }

REF_HD void rs_two_sum(double a, double b, double *s, double *t) {
  double ss = a + b;
  double bb = ss - a;
  double aa = ss - bb;
  *t = (a - aa) + (b - bb);
  *s = ss;
}

/* an exact double */
REF_HD struct rs_dde rs_dde_d(double a) {
  struct rs_dde r = {a, 0.0, 0.0};
  return r;
}

/* a + b for doubles a, b, exact (T) */
REF_HD struct rs_dde rs_dde_sum2(double a, double b) {
  struct rs_dde r;
  rs_two_sum(a, b, &r.h, &r.l);
  r.e = 0.0;
  return r;
}

REF_HD struct rs_dde rs_dde_neg(struct rs_dde a) {
  struct rs_dde r = {-a.h, -a.l, a.e};
  return r;
}

/* A + B. (s, t) = TwoSum(Ah, Bh), v = RN(Al + Bl), w = RN(t + v), (H, L) = TwoSum(s, w):
 * H + L = s + w = Ah + Bh - t + (t + v + e_w) = Ah + Bh + Al + Bl + e_v + e_w, so with the
 * inputs' errors |A + B - (H + L)| <= eA + eB + |e_v| + |e_w|, (R) for e_v, e_w. */
REF_HD struct rs_dde rs_dde_add(struct rs_dde a, struct rs_dde b) {
  double s, t;
  rs_two_sum(a.h, b.h, &s, &t);
  double v = a.l + b.l;
  double w = t + v;
  struct rs_dde r;
  rs_two_sum(s, w, &r.h, &r.l);
  r.e = rs_errsum(a.e + b.e + RS_U * (fabs(v) + fabs(w)));
  return r;
}

REF_HD struct rs_dde rs_dde_sub(struct rs_dde a, struct rs_dde b) { return rs_dde_add(a, rs_dde_neg(b)); }

/* A B. With Ac = Ah + Al, Bc = Bh + Bl (the computed inputs): ph = RN(Ah Bh),
 * pe = RN(Ah Bh - ph) (one fma), c1 = RN(Ah Bl), c2 = RN(Al Bh), c3 = RN(c1 + c2),
 * c4 = RN(pe + c3), (H, L) = TwoSum(ph, c4). Then H + L = ph + c4 = Ah Bh + Ah Bl + Al Bh
 * + (e_pe + e1 + e2 + e3 + e4) = Ac Bc - Al Bl + (the five rounding errors).
 * The inputs: A = Ac + alpha, B = Bc + beta, |alpha| <= eA, |beta| <= eB:
 * A B - Ac Bc = Ac beta + Bc alpha + alpha beta. So
 * |A B - (H + L)| <= |Ac| eB + |Bc| eA + eA eB + |Al| |Bl| + u (|pe| + |c1| + ... + |c4|)
 * (+ 5 eta), with |Ac| <= |Ah| + |Al|, |Bc| <= |Bh| + |Bl|. */
REF_HD struct rs_dde rs_dde_mul(struct rs_dde a, struct rs_dde b) {
  double ph = a.h * b.h;
  double pe = fma(a.h, b.h, -ph);
  double c1 = a.h * b.l;
  double c2 = a.l * b.h;
  double c3 = c1 + c2;
  double c4 = pe + c3;
  struct rs_dde r;
  rs_two_sum(ph, c4, &r.h, &r.l);
  double aa = fabs(a.h) + fabs(a.l), ab = fabs(b.h) + fabs(b.l);
  r.e = rs_errsum(aa * b.e + ab * a.e + a.e * b.e + fabs(a.l) * fabs(b.l) +
                  RS_U * (fabs(pe) + fabs(c1) + fabs(c2) + fabs(c3) + fabs(c4)));
  return r;
}

/* A / B, for |Bl| + eB <= 2^-40 |Bh| (the caller checks; Bh != 0).
 * qh = RN(Ah / Bh), r1 = RN(Ah - qh Bh) (fma), r2 = RN(r1 + Al), r3 = RN(qh Bl),
 * r4 = RN(r2 - r3), ql = RN(r4 / Bh), (H, L) = TwoSum(qh, ql).
 * Ac - qh Bc = (Ah - qh Bh) + Al - qh Bl = r4 - E' with E' = e1 + e2 - e3 + e4 (the
 * rounding errors of r1..r4), so Ac / Bc = qh + (r4 - E') / Bc, and
 * Ac/Bc - (H + L) = r4/Bc - r4/Bh - E'/Bc - e5 = -r4 Bl / (Bc Bh) - E'/Bc - e5.
 * |Bc| >= |Bh| (1 - 2^-40), and the exact B has |B| >= |Bh| (1 - 2^-40) too.
 * The inputs: A/B - Ac/Bc = (alpha Bc - Ac beta) / (B Bc), at most
 * (eA + |Ac/Bc| eB) / |B|, |Ac/Bc| <= (|Ah| + |Al|) / (|Bh| (1 - 2^-40)).
 * So, with 1/(1 - 2^-40)^2 < 1 + 2^-38,
 * |A/B - (H + L)| <= [ |r4| |Bl| / |Bh| + u (|r1| + |r2| + |r3| + |r4|) + eA
 *                     + (|Ah| + |Al|) eB / |Bh| ] (1 + 2^-38) / |Bh| + u |ql| (+ 5 eta). */
REF_HD struct rs_dde rs_dde_div(struct rs_dde a, struct rs_dde b) {
  double qh = a.h / b.h;
  double r1 = fma(-qh, b.h, a.h);
  double r2 = r1 + a.l;
  double r3 = qh * b.l;
  double r4 = r2 - r3;
  double ql = r4 / b.h;
  struct rs_dde r;
  rs_two_sum(qh, ql, &r.h, &r.l);
  double abh = fabs(b.h);
  double num = fabs(r4) * fabs(b.l) / abh + RS_U * (fabs(r1) + fabs(r2) + fabs(r3) + fabs(r4)) + a.e +
               (fabs(a.h) + fabs(a.l)) * b.e / abh;
  r.e = rs_errsum(num * (1.0 + 0x1p-38) / abh + RS_U * fabs(ql));
  return r;
}

/* Is B a valid divisor for rs_dde_div (and a valid argument of rs_dde_log)? */
REF_HD int rs_dde_tight(struct rs_dde b) {
  return b.h != 0.0 && fabs(b.l) + b.e <= 0x1p-40 * fabs(b.h);
}

/* Constants: C = hi + lo + d with the bound on |d| (test_lgamma checks each against MPFR
 * at 400 bits): ln 2, pi, log pi, log(2 pi)/2. */
#define RS_LN2_HI 0x1.62e42fefa39efp-1
#define RS_LN2_LO 0x1.abc9e3b39803fp-56
#define RS_LN2_ERR 0x1p-110
#define RS_PI_HI 0x1.921fb54442d18p+1
#define RS_PI_LO 0x1.1a62633145c07p-53
#define RS_PI_ERR 0x1p-108
#define RS_LOGPI_HI 0x1.250d048e7a1bdp+0
#define RS_LOGPI_LO 0x1.7abf2ad8d5088p-57
#define RS_LOGPI_ERR 0x1p-112
#define RS_HL2PI_HI 0x1.d67f1c864beb5p-1
#define RS_HL2PI_LO -0x1.65b5a1b7ff5dfp-55
#define RS_HL2PI_ERR 0x1p-109

REF_HD struct rs_dde rs_dde_const(double hi, double lo, double err) {
  struct rs_dde r = {hi, lo, err};
  return r;
}

/* Unrolled loops on the device (constant indices into the local coefficient tables). */
#if defined(__CUDA_ARCH__)
#define RS_UNROLL _Pragma("unroll")
#else
#define RS_UNROLL
#endif

/* rs_dde_poly: sum_{j=0..n} c_j w^j by Horner on the triples, P_n = c_n,
 * P_j = P_(j+1) w + c_j, for coefficients given as hi[j] + lo[j] with
 * |c_j - hi[j] - lo[j]| <= 2^-106 |hi[j]| (each table below states it; test_lgamma checks
 * every entry against MPFR at 400 bits): the triple of c_j is (hi, lo, 2^-106 |hi|). */
REF_HD struct rs_dde rs_dde_poly(const double *hi, const double *lo, int n, struct rs_dde w) {
  struct rs_dde P = {hi[n], lo[n], 0x1p-106 * fabs(hi[n])};
  RS_UNROLL
  for (int j = n - 1; j >= 0; j--) {
    struct rs_dde c = {hi[j], lo[j], 0x1p-106 * fabs(hi[j])};
    P = rs_dde_add(rs_dde_mul(P, w), c);
  }
  return P;
}

/* The coefficient tables (hi = RN(c), lo = RN(c - hi), so |c - hi - lo| <= u |lo|
 * <= u^2 |hi| < 2^-106 |hi|):
 *  RS_LOGC:  1/(2j+1), j = 0..18 (log's atanh series);
 *  RS_SINC:  (-1)^j/(2j+1)!, j = 0..13;   RS_COSC: (-1)^j/(2j)!, j = 0..13;
 *  RS_EXPC:  1/j!, j = 0..22;
 *  RS_STIRC: beta_(j+1) = B_(2j+2)/((2j+2)(2j+1)), j = 0..9 (Stirling's series). */
#define RS_LOGC_HI \
{\
    0x1p+0, 0x1.5555555555555p-2, 0x1.999999999999ap-3, 0x1.2492492492492p-3, 0x1.c71c71c71c71cp-4, \
    0x1.745d1745d1746p-4, 0x1.3b13b13b13b14p-4, 0x1.1111111111111p-4, 0x1.e1e1e1e1e1e1ep-5, \
    0x1.af286bca1af28p-5, 0x1.8618618618618p-5, 0x1.642c8590b2164p-5, 0x1.47ae147ae147bp-5, \
    0x1.2f684bda12f68p-5, 0x1.1a7b9611a7b96p-5, 0x1.0842108421084p-5, 0x1.f07c1f07c1f08p-6, \
    0x1.d41d41d41d41dp-6, 0x1.bacf914c1bad0p-6}
#define RS_LOGC_LO \
{\
    0.0, 0x1.5555555555555p-56, -0x1.999999999999ap-57, 0x1.2492492492492p-57, 0x1.c71c71c71c71cp-58, \
    -0x1.745d1745d1746p-59, -0x1.3b13b13b13b14p-58, 0x1.1111111111111p-60, 0x1.e1e1e1e1e1e1ep-61, \
    0x1.af286bca1af28p-59, 0x1.8618618618618p-59, 0x1.642c8590b2164p-60, -0x1.eb851eb851eb8p-61, \
    0x1.2f684bda12f68p-59, 0x1.1a7b9611a7b96p-61, 0x1.0842108421084p-60, -0x1.f07c1f07c1f08p-61, \
    0x1.0750750750750p-60, -0x1.bacf914c1bad0p-60}
#define RS_SINC_HI \
{\
    0x1p+0, -0x1.5555555555555p-3, 0x1.1111111111111p-7, -0x1.a01a01a01a01ap-13, 0x1.71de3a556c734p-19, \
    -0x1.ae64567f544e4p-26, 0x1.6124613a86d09p-33, -0x1.ae7f3e733b81fp-41, 0x1.952c77030ad4ap-49, \
    -0x1.2f49b46814157p-57, 0x1.71b8ef6dcf572p-66, -0x1.761b41316381ap-75, 0x1.3f3ccdd165fa9p-84, \
    -0x1.d1ab1c2dccea3p-94}
#define RS_SINC_LO \
{\
    0.0, -0x1.5555555555555p-57, 0x1.1111111111111p-63, -0x1.a01a01a01a01ap-73, -0x1.c154f8ddc6c00p-73, \
    0x1.c062e06d1f209p-80, 0x1.f28e0cc748ebep-87, -0x1.1d8656b0ee8cbp-97, 0x1.ac981465ddc6cp-103, \
    -0x1.2650f61dbdcb4p-112, -0x1.d043ae40c4647p-120, 0x1.3423c7d91404fp-130, -0x1.58ddadf344487p-139, \
    -0x1.054d0c78aea14p-149}
#define RS_COSC_HI \
{\
    0x1p+0, -0x1p-1, 0x1.5555555555555p-5, -0x1.6c16c16c16c17p-10, 0x1.a01a01a01a01ap-16, \
    -0x1.27e4fb7789f5cp-22, 0x1.1eed8eff8d898p-29, -0x1.93974a8c07c9dp-37, 0x1.ae7f3e733b81fp-45, \
    -0x1.6827863b97d97p-53, 0x1.e542ba4020225p-62, -0x1.0ce396db7f853p-70, 0x1.f2cf01972f578p-80, \
    -0x1.88e85fc6a4e5ap-89}
#define RS_COSC_LO \
{\
    0.0, 0.0, 0x1.5555555555555p-59, 0x1.f49f49f49f49fp-65, 0x1.a01a01a01a01ap-76, -0x1.cbbc05b4fa99ap-76, \
    -0x1.2aec959e14c06p-83, -0x1.05d6f8a2efd1fp-92, 0x1.1d8656b0ee8cbp-101, -0x1.eec01221a8b0bp-107, \
    0x1.ea72b4afe3c2fp-120, 0x1.aebcdbd20331cp-124, -0x1.9ada5fcc1ab14p-135, 0x1.71c37ebd16540p-143}
#define RS_EXPC_HI \
{\
    0x1p+0, 0x1p+0, 0x1p-1, 0x1.5555555555555p-3, 0x1.5555555555555p-5, 0x1.1111111111111p-7, \
    0x1.6c16c16c16c17p-10, 0x1.a01a01a01a01ap-13, 0x1.a01a01a01a01ap-16, 0x1.71de3a556c734p-19, \
    0x1.27e4fb7789f5cp-22, 0x1.ae64567f544e4p-26, 0x1.1eed8eff8d898p-29, 0x1.6124613a86d09p-33, \
    0x1.93974a8c07c9dp-37, 0x1.ae7f3e733b81fp-41, 0x1.ae7f3e733b81fp-45, 0x1.952c77030ad4ap-49, \
    0x1.6827863b97d97p-53, 0x1.2f49b46814157p-57, 0x1.e542ba4020225p-62, 0x1.71b8ef6dcf572p-66, \
    0x1.0ce396db7f853p-70}
#define RS_EXPC_LO \
{\
    0.0, 0.0, 0.0, 0x1.5555555555555p-57, 0x1.5555555555555p-59, 0x1.1111111111111p-63, \
    -0x1.f49f49f49f49fp-65, 0x1.a01a01a01a01ap-73, 0x1.a01a01a01a01ap-76, -0x1.c154f8ddc6c00p-73, \
    0x1.cbbc05b4fa99ap-76, -0x1.c062e06d1f209p-80, -0x1.2aec959e14c06p-83, 0x1.f28e0cc748ebep-87, \
    0x1.05d6f8a2efd1fp-92, 0x1.1d8656b0ee8cbp-97, 0x1.1d8656b0ee8cbp-101, 0x1.ac981465ddc6cp-103, \
    0x1.eec01221a8b0bp-107, 0x1.2650f61dbdcb4p-112, 0x1.ea72b4afe3c2fp-120, -0x1.d043ae40c4647p-120, \
    -0x1.aebcdbd20331cp-124}
#define RS_STIRC_HI \
{\
    0x1.5555555555555p-4, -0x1.6c16c16c16c17p-9, 0x1.a01a01a01a01ap-11, -0x1.3813813813814p-11, \
    0x1.b951e2b18ff23p-11, -0x1.f6ab0d9993c7dp-10, 0x1.a41a41a41a41ap-8, -0x1.e4286cb0f5398p-6, \
    0x1.6fe96381e0680p-3, -0x1.6476701181f3ap+0}
#define RS_STIRC_LO \
{\
    0x1.5555555555555p-58, 0x1.f49f49f49f49fp-64, 0x1.a01a01a01a01ap-71, 0x1.fb1fb1fb1fb20p-65, \
    0x1.5c3a9ce01b952p-65, 0x1.f82553c999b0ep-64, 0x1.0690690690690p-62, 0x1.1efcdab896745p-61, \
    -0x1.79e2405a71f88p-61, 0x1.24246319da678p-56}

/* ---------------------------------------------------------------------------------
 * rs_dde_logd: log a for a binary64 a with 2^-1000 < a < 2^1000.
 *  a = m 2^k with m in [T, 2T), T = RN(1/sqrt 2) = 0x1.6a09e667f3bcdp-1 (frexp gives
 *  f in [1/2, 1) exactly; f < T is doubled). log a = k ln 2 + log m and
 *  log m = 2 atanh(s) = 2 sum_{j>=0} s^(2j+1)/(2j+1), s = (m - 1)/(m + 1)
 *  (DLMF 4.6.1 with log m = log((1+s)/(1-s))), |s| <= (2T - 1)/(2T + 1) < 0.171573,
 *  w = s^2 < 0.0294373.
 *  s: d = m - 1 is exact (Sterbenz, m in [1/2, 2]); b = m + 1 = bh + bl (TwoSum, exact);
 *  sh = RN(d/bh), r1 = RN(d - sh bh) (fma), q1 = RN(sh bl), q2 = RN(r1 - q1),
 *  sl = RN(q2/bh). d - sh b = r1 - e1 - q1 + e_q1 = q2 - e_q2 - e1 + e_q1, so
 *  s = sh + (q2 - E')/b and s - sh - sl = q2 (1/b - 1/bh) - E'/b - e_sl with
 *  |q2 (1/b - 1/bh)| = |q2 bl| / (b bh) <= |q2| |bl| and 1/b <= 1 (b, bh >= 1.7):
 *  |s - (sh + sl)| <= |q2| |bl| + u (|r1| + |q1| + |q2| + |sl|) (+ 4 eta).
 *  P = sum_{j=0..18} w^j/(2j+1) by rs_dde_poly (RS_LOGC), log m = 2 s P + R with
 *  |R| = 2|s| sum_{j>=19} w^j/(2j+1) <= 2|s| w^19 / (39 (1 - w)) < 2^-103.4
 *  (at the extreme |s| and w above; the function of s is increasing).
 *  k ln 2: the triple of k (exact) times (LN2_HI, LN2_LO, LN2_ERR).
 * Magnitudes: |k| <= 1000 and every intermediate and bound is below 2^11: no overflow. */
REF_HD struct rs_dde rs_dde_logd(double a) {
  int k;
  double m = frexp(a, &k);
  if (m < 0x1.6a09e667f3bcdp-1) {
    m = 2.0 * m;
    k = k - 1;
  }
  double d = m - 1.0;
  double bh, bl;
  rs_two_sum(m, 1.0, &bh, &bl);
  double sh = d / bh;
  double r1 = fma(-sh, bh, d);
  double q1 = sh * bl;
  double q2 = r1 - q1;
  double sl = q2 / bh;
  struct rs_dde S;
  rs_two_sum(sh, sl, &S.h, &S.l);
  S.e = rs_errsum(fabs(q2) * fabs(bl) + RS_U * (fabs(r1) + fabs(q1) + fabs(q2) + fabs(sl)));
  const double ch[19] = RS_LOGC_HI, cl[19] = RS_LOGC_LO;
  struct rs_dde P = rs_dde_poly(ch, cl, 18, rs_dde_mul(S, S));
  struct rs_dde L = rs_dde_mul(S, P);
  L.h = 2.0 * L.h;
  L.l = 2.0 * L.l;
  L.e = rs_errsum(2.0 * L.e + 0x1p-103);
  struct rs_dde K = rs_dde_mul(rs_dde_d((double)k), rs_dde_const(RS_LN2_HI, RS_LN2_LO, RS_LN2_ERR));
  return rs_dde_add(K, L);
}

/* rs_dde_log: log A for a triple with Ah > 0 and rs_dde_tight(A) (the caller checks),
 * 2^-1000 < Ah < 2^1000. log A = log Ah + log(1 + delta), delta = (A - Ah)/Ah,
 * |delta| <= dm = (|Al| + eA)/Ah <= 2^-40; |log(1 + delta) - delta| <= delta^2 for
 * |delta| <= 1/2; delta = Al/Ah + alpha/Ah = rho - e_rho + alpha/Ah with rho = RN(Al/Ah).
 * So log A = log Ah + rho + (-e_rho + alpha/Ah + (log(1 + delta) - delta)):
 * the triple (rho, 0, u|rho| + eA/Ah + dm^2) added to rs_dde_logd(Ah). */
REF_HD struct rs_dde rs_dde_log(struct rs_dde a) {
  double rho = a.l / a.h;
  double dm = (fabs(a.l) + a.e) / a.h;
  struct rs_dde c = {rho, 0.0, rs_errsum(RS_U * fabs(rho) + a.e / a.h + dm * dm)};
  return rs_dde_add(rs_dde_logd(a.h), c);
}

/* ---------------------------------------------------------------------------------
 * rs_dde_sinpi: sin(pi a) for a binary64 a in [0, 1/2] (exact).
 *  a <= 1/4: y = pi a, sin y = y sum_{j=0..13} (-1)^j y^(2j)/(2j+1)! + R;
 *  a > 1/4:  c = 1/2 - a (exact: Sterbenz) in [0, 1/4), sin(pi a) = cos(pi c), y = pi c,
 *            cos y = sum_{j=0..13} (-1)^j y^(2j)/(2j)! + R.
 *  y = (PI triple) a, |y| <= pi/4 (1 + 2^-40) < 0.7854. Both series alternate with terms
 *  decreasing in magnitude (ratios y^2/((2j+2)(2j+3)) and y^2/((2j+1)(2j+2)) < 1), so |R|
 *  is at most the first omitted term: y^29/29! < 2^-112.9 (sine), y^28/28! < 2^-107.7
 *  (cosine). The sums by rs_dde_poly in y^2 (RS_SINC, RS_COSC; sin y = y T + R).
 * Magnitudes below 2^4: no overflow. */
REF_HD struct rs_dde rs_dde_sinpi(double a) {
  const double sh[14] = RS_SINC_HI, sl[14] = RS_SINC_LO, ch[14] = RS_COSC_HI, cl[14] = RS_COSC_LO;
  int cosine = a > 0.25;
  double c = cosine ? 0.5 - a : a;
  struct rs_dde y = rs_dde_mul(rs_dde_const(RS_PI_HI, RS_PI_LO, RS_PI_ERR), rs_dde_d(c));
  struct rs_dde y2 = rs_dde_mul(y, y);
  struct rs_dde T = cosine ? rs_dde_poly(ch, cl, 13, y2) : rs_dde_mul(y, rs_dde_poly(sh, sl, 13, y2));
  T.e = rs_errsum(T.e + (cosine ? 0x1p-107 : 0x1p-112));
  return T;
}

/* ---------------------------------------------------------------------------------
 * rs_stirling: log Gamma(W) for a triple W whose exact value is >= 32, with Wh < 2^200
 * and rs_dde_tight(W) (the callers form W exactly).
 *  log Gamma(W) = (W - 1/2) log W - W + log(2 pi)/2 + sum_{j=1..10} beta_j / W^(2j-1) + R,
 *  beta_j = B_2j / (2j (2j - 1)) (B the Bernoulli numbers; DLMF 5.11.1), and for real
 *  W > 0 the remainder is bounded in magnitude by the first neglected term (DLMF
 *  5.11(ii)): |R| <= |beta_11| / W^21 = (77683/5796) / W^21 <= 13.41 * 2^-105 < 2^-101.
 *  beta_1..beta_10 = 1/12, -1/360, 1/1260, -1/1680, 1/1188, -691/360360, 1/156,
 *  -3617/122400, 43867/244188, -174611/125400 (test_lgamma checks them against
 *  Bernoulli numbers): the sum by rs_dde_poly (RS_STIRC) in V = 1/W^2, times 1/W
 *  (rs_dde_div: W is tight).
 * Magnitudes: |(W - 1/2) log W| < 2^209, 1/W <= 2^-5: no overflow. */
REF_HD struct rs_dde rs_stirling(struct rs_dde W) {
  const double bh[10] = RS_STIRC_HI, bl[10] = RS_STIRC_LO;
  struct rs_dde LW = rs_dde_log(W);
  struct rs_dde t = rs_dde_mul(rs_dde_add(W, rs_dde_d(-0.5)), LW);
  t = rs_dde_sub(t, W);
  t = rs_dde_add(t, rs_dde_const(RS_HL2PI_HI, RS_HL2PI_LO, RS_HL2PI_ERR));
  struct rs_dde R = rs_dde_div(rs_dde_d(1.0), W);
  struct rs_dde V = rs_dde_mul(R, R);
  t = rs_dde_add(t, rs_dde_mul(rs_dde_poly(bh, bl, 9, V), R));
  t.e = rs_errsum(t.e + 0x1p-101);
  return t;
}

/* ---------------------------------------------------------------------------------
 * rs_lgamma_core: log|Gamma(x)| for a binary32 x (as a double) that is neither 0 nor a
 * negative integer, |x| < 2^128, x > -2^23; *neg = 1 when Gamma(x) < 0. Returns 0 (and
 * nothing) if a check fails.
 *  x >= 32: rs_stirling(x).
 *  x <= -32 (so x is not an integer and |x| < 2^23): the reflection formula
 *    Gamma(x) Gamma(1 - x) = pi / sin(pi x) (DLMF 5.5.3) with Gamma(1 - x) > 0:
 *    log|Gamma(x)| = log pi - log|sin(pi x)| - log Gamma(1 - x).
 *    |sin(pi x)| = sin(pi a) with a = |x - rint(x)| in (0, 1/2], exact (|x| >= 1/2 and
 *    rint(x) within a factor 2 of it: Sterbenz), and a >= ulp(x) >= 2^-18 for |x| >= 32.
 *    1 - x >= 33 is formed exactly by TwoSum. Gamma(x) has the sign (-1)^n on (-n, -n+1)
 *    (it alternates between the poles and is negative on (-1, 0)).
 *  -32 < x < 32: the recurrence Gamma(x + N) = Gamma(x) prod_{k=0..N-1} (x + k)
 *    (DLMF 5.5.1) with N = 32 - floor(x) >= 1, so that W = x + N is in [32, 33):
 *    log|Gamma(x)| = log Gamma(W) - log prod_{k<N} |x + k|. Each x + k and W are formed
 *    exactly by TwoSum (a pair of doubles); no factor is 0 (x is not a non-positive
 *    integer), and the sign of the product, that of Gamma(x), is (-1)^(number of
 *    negative factors). N <= 64 factors of magnitude at most 33 and at least 2^-149:
 *    the product lies in [2^-149, 2^324].
 * The checks: rs_dde_tight for every argument of rs_dde_log. */
REF_HD int rs_lgamma_core(double x, struct rs_dde *res, int *neg) {
  if (x >= 32.0) {
    *neg = 0;
    *res = rs_stirling(rs_dde_d(x));
    return 1;
  }
  if (x <= -32.0) {
    double a = fabs(x - rint(x));
    struct rs_dde S = rs_dde_sinpi(a);
    if (!(S.h > 0.0) || !rs_dde_tight(S)) return 0;
    struct rs_dde L = rs_dde_sub(rs_dde_const(RS_LOGPI_HI, RS_LOGPI_LO, RS_LOGPI_ERR), rs_dde_log(S));
    *res = rs_dde_sub(L, rs_stirling(rs_dde_sum2(1.0, -x)));
    int64_t n = (int64_t)(-floor(x)); /* x in (-n, -n + 1), n < 2^23 */
    *neg = (int)(n & 1);
    return 1;
  }
  double fl = floor(x);
  int N = (int)(32.0 - fl);
  struct rs_dde P = rs_dde_d(fabs(x));
  int nneg = x < 0.0;
  for (int k = 1; k < N; k++) {
    struct rs_dde f = rs_dde_sum2(x, (double)k);
    if (f.h < 0.0) {
      f = rs_dde_neg(f);
      nneg++;
    }
    P = rs_dde_mul(P, f);
  }
  if (!(P.h > 0.0) || !rs_dde_tight(P)) return 0;
  *res = rs_dde_sub(rs_stirling(rs_dde_sum2(x, (double)N)), rs_dde_log(P));
  *neg = nneg & 1;
  return 1;
}

/* ---------------------------------------------------------------------------------
 * rs_dde_exp: e^L for a triple L with |Lh| <= 1100, as e^L = 2^k (V + v) with
 * |2^-k e^L - (Vh + Vl)| <= *eps, (Vh, Vl) a TwoSum pair (Vh = RN(Vh + Vl)). Returns 0 if a
 * check fails.
 *  k = rint(Lh RN(1/ln 2)) (any integer would be right; this one makes r small),
 *  r = L - k ln 2 (the triple of k times the LN2 triple, subtracted): e^L = 2^k e^r.
 *  Check |rh| + |rl| + er <= 0.37. e^r = sum_{j=0..22} r^j/j! + R, |R| <= |r|^23/23! e^|r|
 *  < 2^-106.9 (|r| <= 0.37); the sum by rs_dde_poly (RS_EXPC). The triple T bounds
 *  |e^r - T| by T.e + 2^-106 (the exact r of the triple is L - k ln 2, whatever its
 *  rounding errors: they are in T.e).
 * Magnitudes below 2^11: no overflow. */
REF_HD int rs_dde_exp(struct rs_dde L, int *k, double *vh, double *vl, double *eps) {
  double kd = rint(L.h * 0x1.71547652b82fep+0);
  struct rs_dde r = rs_dde_sub(L, rs_dde_mul(rs_dde_d(kd), rs_dde_const(RS_LN2_HI, RS_LN2_LO, RS_LN2_ERR)));
  if (!(fabs(r.h) + fabs(r.l) + r.e <= 0.37)) return 0;
  const double eh[23] = RS_EXPC_HI, el[23] = RS_EXPC_LO;
  struct rs_dde T = rs_dde_poly(eh, el, 22, r);
  *k = (int)kd;
  *vh = T.h;
  *vl = T.l;
  *eps = rs_errsum(T.e + 0x1p-106);
  return 1;
}

#endif
