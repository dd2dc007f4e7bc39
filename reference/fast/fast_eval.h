/* fast_eval.h: the fast-path reference evaluator, one source for the host (C11)
 * and the device (CUDA, __host__ __device__).
 *
 * Contract. For a binary32 input x and the table of a function f,
 *   fast_eval(tab, xbits, &y, &t)
 * returns 1 with y = RN53(f(x)) (binary64 round-to-nearest-even, subnormals
 * included) and t = sign(y - f(x)), exactly what MPFR gives with emin = -1073,
 * emax = 1024, mpfr_subnormalize; or returns 0 ("undecided": call MPFR). It never
 * returns 1 with a different pair; the proof is in the comments of this file and
 * the bound it relies on (blk.eps) is proved in fast_build.c (fast_eval_bound).
 *
 * Table layout (flat arrays, no pointers inside, ready for cudaMemcpy):
 *   dir[]  a radix tree over bit patterns. dir[0..511] are the roots, one per value
 *          of xbits >> 23 (sign and biased exponent: one binade each). A word is
 *            FAST_UNDEC            no polynomial here: undecided,
 *            FAST_NODE | p         an inner node: its 16 children are dir[p..p+15],
 *                                  child i covering the i-th sixteenth of the node,
 *            b < FAST_NODE         a leaf: blk[b] covers every pattern of the node.
 *          Nodes at depth d (roots d = 0) cover 2^(23-4d) patterns, so a child is
 *          picked by bits [19-4d, 23-4d) of xbits; depth <= 5 (2^3 patterns).
 *   blk[]  one record per subinterval: an aligned block of 2^lgsize consecutive
 *          patterns inside one binade (one sign, one biased exponent).
 *   coef[] the polynomial coefficients, blk.coef the offset of the block's.
 *
 * The polynomial of a block. The patterns of the block are first + j, 0 <= j <
 * 2^k (k = lgsize, first aligned to 2^k). Inside one binade consecutive patterns
 * are equally spaced in magnitude: |x| = X0 + j*h, where h = 2^(e-150) for the
 * biased exponent e >= 1 and h = 2^-149 for e = 0 (subnormals and zero). With
 *   C = X0 + (2^k - 1)*h/2   (the centre of the block),   r = 2^(k-1)*h,
 *   w = (2j - 2^k + 1) / 2^k,                             (|w| < 1)
 * we have |x| = C + r*w exactly (C + r*w = X0 + h*(2^k - 1 + 2j - 2^k + 1)/2). The
 * evaluator computes w exactly from the integer j (below); the builder expanded f
 * at c = sign(x)*C in powers of (x - c) = sign(x)*r*w, and scaled by 2^-E:
 *   f(x) * 2^-E  ~=  sum_{i=0..n} b_i w^i,   b_i = f^(i)(c)/i! * (sign*r)^i * 2^-E,
 * with b_i stored as a double-double (hi + lo) for i < K and as a double (hi) for
 * K <= i <= n. The "scaled world" (everything multiplied by 2^-E) keeps every
 * quantity the evaluator touches near 1, far from underflow and overflow; scale
 * = 2^E (-1074 <= E <= 1023, so 2^E is a binary64 number) brings y back.
 *
 * The bound. blk.eps >= |f(x)*2^-E - (vh + vl)| for every x of the block, where
 * (vh, vl) is the double-double fast_poly() below returns, computed with exactly
 * the operations below (IEEE binary64, round to nearest even). It covers the
 * Taylor remainder, the rounding of the coefficients to double(-double), and the
 * rounding errors of every operation of fast_poly (fast_build.c, fast_eval_bound,
 * derives it operation by operation). eps >= 2^-900 always.
 *
 * Floating point. Every operation below goes through fast_add/fast_mul/fast_fma:
 * on the device the _rn intrinsics (never contracted); on the host plain C
 * operators, which are IEEE binary64 round-to-nearest only if the compiler neither
 * contracts a*b+c into an fma (-ffp-contract=off) nor evaluates in extended
 * precision (FLT_EVAL_METHOD == 0, checked below), and fma() from <math.h>, which
 * C11 (7.12.13.1) requires to round once. Use -mfma on x86-64 so that fma() is one
 * instruction rather than a library call (both are correct).
 */
#ifndef ULPCERT_FAST_EVAL_H
#define ULPCERT_FAST_EVAL_H

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "reference/host_device.h"

#if defined(__CUDACC__)
#define FAST_HD static __host__ __device__ __forceinline__
#else
#define FAST_HD static inline
#endif
#if !defined(__CUDA_ARCH__) && (!defined(FLT_EVAL_METHOD) || FLT_EVAL_METHOD != 0)
#error "fast_eval.h needs binary64 evaluation of double expressions (FLT_EVAL_METHOD == 0)"
#endif

#define FAST_MAGIC 0x46415354u   /* "FAST" */
#define FAST_VERSION 2u
#define FAST_UNDEC 0xffffffffu   /* directory word: undecided */
#define FAST_NODE 0x80000000u    /* directory word: inner node flag */
#define FAST_ROOTS 512u          /* one root per value of xbits >> 23 */
#define FAST_MIN_LGSIZE 3        /* smallest block: 2^3 patterns (depth-5 leaves) */
#define FAST_MAX_DEG 30          /* largest degree the format allows */

enum fast_symmetry { FAST_SYM_NONE = 0, FAST_SYM_ODD = 1, FAST_SYM_EVEN = 2 };
/* with a symmetry: +-0 are declined (the caller decides them), for a table whose symmetry
 * holds for the real values only (an expression's parity, expr.h: IEEE's signed zeros
 * need not follow it) */
#define FAST_SYM_NOZERO 0x100u
#define FAST_SYM_KIND 0xffu

/* The kinds of block (flags & FAST_KIND). A plain block's polynomial approximates f; the
 * others are an expression's anchored blocks (reference/fast/fast_build.c, from
 * reference/expr/expr_anchor.c): f = A + D with an exact anchor A = a0 + a1 x / q + a2 x^2,
 * the FAST_NANC numbers (a0, a1, a2, q) stored after the polynomial's coefficients
 * (coef[coef + deg + 1 + ndd + 0 .. 3]), and
 *   FAST_ANCHORED  the polynomial approximates D (scale, eps as a plain block's, for D);
 *   FAST_BOUND     D = 0 (FAST_EXACT), or 0 < D <= eps (D < 0 with FAST_NEG): no
 *                  polynomial (degree 0, hi = 0), scale = 1;
 *   FAST_CONST     every input of the block has the pair (y, t): y = hi[0] (+-0 or
 *                  +-inf), t = -1 with FAST_NEG, 0 with FAST_EXACT, else +1. */
#define FAST_KIND 3u
#define FAST_PLAIN 0u
#define FAST_ANCHORED 1u
#define FAST_BOUND 2u
#define FAST_CONST 3u
#define FAST_NEG 4u
#define FAST_EXACT 8u
#define FAST_NANC 4u /* the anchor's doubles: a0, a1, a2, q (fast_round_anchored) */

/* One subinterval (32 bytes). */
struct fast_block {
  double scale;    /* 2^E: f(x) ~= scale * (vh + vl) */
  double eps;      /* bound on |f(x)*2^-E - (vh + vl)| over the block, >= 2^-900 */
  double tsub;     /* 2^(-1022-E), the scaled smallest normal, if E < -200; else 0 */
  uint32_t coef;   /* coef[coef + i] = hi of b_i (0 <= i <= deg); then lo of b_i, i < ndd */
  uint8_t lgsize;  /* k: the block is 2^k aligned patterns, FAST_MIN_LGSIZE <= k <= 23 */
  uint8_t deg;     /* n, the degree */
  uint8_t ndd;     /* K, 1 <= K <= n + 1: b_0 .. b_{K-1} are double-doubles */
  uint8_t flags;   /* the kind, FAST_NEG, FAST_EXACT (above) */
};

/* The block stores an anchor (FAST_ANCHORED, FAST_BOUND). */
FAST_HD int fast_has_anchor(const struct fast_block *b) {
  return (b->flags & FAST_KIND) == FAST_ANCHORED || (b->flags & FAST_KIND) == FAST_BOUND;
}

/* What the evaluator reads: three flat arrays and the symmetry. */
struct fast_view {
  uint32_t symmetry; /* enum fast_symmetry: with ODD/EVEN only x >= 0 is tabulated */
  uint32_t ndir, nblk, ncoef;
  const uint32_t *dir;
  const struct fast_block *blk;
  const double *coef;
};

/* ---- IEEE binary64 primitives, identical on host and device ---- */

/* those of reference/host_device.h */
FAST_HD double fast_add(double a, double b) { return ref_add(a, b); }
FAST_HD double fast_sub(double a, double b) { return ref_sub(a, b); }
FAST_HD double fast_mul(double a, double b) { return ref_mul(a, b); }
FAST_HD double fast_fma(double a, double b, double c) { return ref_fma(a, b, c); }
/* bit casts: those of the shortcuts (reference/host_device.h) */
FAST_HD uint64_t fast_dbits(double x) { return d2u(x); }
FAST_HD double fast_bitsd(uint64_t u) { return u2d(u); }
#define FAST_SIGN64 0x8000000000000000ull
#define FAST_EXP64 0x7ff0000000000000ull
#define FAST_MANT64 0x000fffffffffffffull
FAST_HD double fast_abs(double x) { return fast_bitsd(fast_dbits(x) & ~FAST_SIGN64); }
/* |a| with the sign of s (exact) */
FAST_HD double fast_copysign(double a, double s) {
  return fast_bitsd((fast_dbits(a) & ~FAST_SIGN64) | (fast_dbits(s) & FAST_SIGN64));
}

/* TwoSum: s = RN(a+b), e = a + b - s exactly (ref_two_sum, with its proof) */
FAST_HD void fast_two_sum(double a, double b, double *s, double *e) { ref_two_sum(a, b, s, e); }

/* The directory walk: the block index covering xbits (the mirrored pattern for a
 * symmetric function), or FAST_UNDEC. At most 6 loads: depth <= 5 because every
 * leaf has >= 2^3 patterns (the builder checks), and the loop is bounded anyway. */
FAST_HD uint32_t fast_lookup(const struct fast_view *tab, uint32_t xbits) {
  uint32_t word = tab->dir[xbits >> 23];
  int shift = 19; /* the children of a root split bits [19, 23) */
  while ((word & FAST_NODE) != 0u) {
    if (word == FAST_UNDEC || shift < FAST_MIN_LGSIZE) return FAST_UNDEC;
    word = tab->dir[(word & ~FAST_NODE) + ((xbits >> shift) & 15u)];
    shift -= 4;
  }
  return word;
}

/* w for pattern xbits in a block of 2^k patterns: (2j - 2^k + 1) / 2^k with j the
 * k low bits of xbits. 2j - 2^k + 1 is an odd integer of magnitude < 2^k <= 2^23:
 * its conversion to binary64 is exact; 2^-k (bits (1023 - k) << 52, normal) is a
 * power of two, so the product is exact too. Hence |w| <= 1 - 2^-k < 1, and w
 * is exactly the real number the builder's expansion uses. */
FAST_HD double fast_w(uint32_t xbits, int k) {
  int32_t j = (int32_t)(xbits & ((1u << k) - 1u));
  int32_t m = 2 * j - (int32_t)(1u << k) + 1;
  return fast_mul((double)m, fast_bitsd((uint64_t)(1023 - k) << 52));
}

/* The polynomial, (vh, vl) with vh = RN(vh + vl) (final TwoSum), approximating
 * f(x)*2^-E. Two stages, exactly the operations fast_eval_bound (fast_build.c)
 * analyses:
 *  1. if K <= n, Horner in binary64 with fma from b_n down to b_K:
 *       q_n = hi_n;  q_i = RN(q_{i+1}*w + hi_i)          (i = n-1 .. K)
 *     and the double-double state starts as (h, l) = (q_K, 0);
 *     if K = n + 1 the state starts as (hi_n, lo_n).
 *  2. for i = min(K, n) - 1 down to 0, a double-double Horner step
 *       ph = RN(h*w); pe = RN(h*w - ph)        [exact product h*w = ph + pe, TwoProd]
 *       pl = RN(l*w + pe)                      [one fma]
 *       (sh, se) = TwoSum(hi_i, ph)            [exact]
 *       h' = sh;  l' = RN(se + RN(lo_i + pl))
 *     so h' + l' = b_i + (h + l)*w + (the four rounding errors e0..e3 that
 *     fast_eval_bound accounts: of pe, pl, lo_i + pl and se + (...)). The state is
 *     not renormalised between steps (the bound tracks |h| and |l| separately).
 *  3. (vh, vl) = TwoSum(h, l): exact, and vh = RN(vh + vl). */
FAST_HD void fast_poly(const struct fast_block *b, const double *coef, double w,
                       double *vh, double *vl) {
  const double *hi = coef + b->coef;
  int n = b->deg, K = b->ndd;
  const double *lo = hi + n + 1;
  double h, l;
  int i0;
  if (K <= n) {
    double q = hi[n];
    for (int i = n - 1; i >= K; i--) q = fast_fma(q, w, hi[i]);
    h = q;
    l = 0.0;
    i0 = K - 1;
  } else {
    h = hi[n];
    l = lo[n];
    i0 = n - 1;
  }
  for (int i = i0; i >= 0; i--) {
    double ph = fast_mul(h, w);
    double pe = fast_fma(h, w, -ph);
    double pl = fast_fma(l, w, pe);
    double sh, se;
    fast_two_sum(hi[i], ph, &sh, &se);
    l = fast_add(se, fast_add(lo[i], pl));
    h = sh;
  }
  fast_two_sum(h, l, vh, vl);
}

/* Ziv's rounding test. Input: vh = RN(vh + vl) and the block (eps, scale, tsub),
 * with |F - (vh + vl)| <= eps where F = f(x)*2^-E, the scaled true value.
 * Output 1 with y = RN53(f(x)) as MPFR gives it (binary64 subnormals included) and
 * t = sign(y - f(x)), or 0.
 *
 * Notation: G is the set of binary64 numbers scaled by 2^-E (the candidates for
 * RN53(f(x)) * 2^-E). Multiplying by the power of two 2^E maps G onto binary64 and
 * preserves order and midpoints, so y*2^-E = the element of G nearest F (ties do
 * not arise: we only decide when F is strictly inside a rounding interval), and
 * t = sign(y*2^-E - F). We pick a candidate Y in G, compute r with V = Y + r
 * (V = vh + vl), and let g be half the distance from Y to its neighbour in G on
 * the side of r. Then F = Y + r + d with |d| <= eps, and:
 *   if |r| > eps:      F - Y has the sign of r and is nonzero, so t = -sign(r);
 *   if |r| + eps < g:  |F - Y| < g: F lies strictly between Y and the midpoint
 *                      towards that neighbour (and on that side of Y), so Y is the
 *                      element of G nearest F.
 * Both tests are done in floating point with rigorous one-sided arguments: a < b
 * for binary64 a, b is exact, and RN(a + b) < g with g a binary64 number implies
 * a + b < g (RN is monotone and RN(g) = g). g and eps are normal numbers (>= 2^-900)
 * and every quantity here is < 2^60: no overflow, and no underflow where it matters.
 *
 * Normal case (tsub == 0 or |vh| >= tsub): Y = vh, r = vl (exact). |vh| >= 2^-800,
 * so the unscaled |Y*2^E| >= 2^-1022 (if tsub == 0 then E >= -200 and |Y*2^E| >=
 * 2^-1000; else |vh| >= tsub = 2^-1022 * 2^-E): Y*2^E is normal and its
 * neighbours in binary64 are at ulp(Y*2^E) = 2^E * ulp(vh) on both sides, except
 * towards zero from a power of two 2^e > 2^-1022, where the gap is ulp/2 (the
 * smallest normal 2^-1022 has the subnormal spacing 2^-1074 = its ulp below it;
 * scaled: |vh| == tsub). ulp(vh) = 2^(ex - 52) for vh's exponent ex >= -800, so
 * g = 2^(ex - 53) or 2^(ex - 54) is normal and built from vh's exponent bits.
 * Above DBL_MAX: MPFR (emax = 1024) rounds to +-inf iff the exact value is
 * >= DBL_MAX + ulp(DBL_MAX)/2, the midpoint to the virtual neighbour 2^1024: the
 * same test is right; and if Y*2^E itself is beyond DBL_MAX the product overflows
 * to inf and we return 0.
 *
 * Subnormal case (tsub != 0 and |vh| < tsub): unscaled, |Y| < 2^-1022, where the
 * binary64 numbers are the multiples of 2^-1074 (subnormals, then 2^-1022 itself),
 * with spacing 2^-1074 on both sides of each (2^-1022 included: above it the
 * spacing is still 2^-1074); scaled: multiples of qs = tsub * 2^-52, g = qs/2.
 * Y = vh rounded to a multiple of qs: with C = tsub carrying vh's sign, vh + C lies
 * in (tsub, 2*tsub) in magnitude, where binary64 spacing is exactly qs, so RN(vh + C)
 * = C + m*qs, the nearest such (ties to even m, since C = 2^52 qs has an even
 * significand); subtracting C is exact (Sterbenz: both in [tsub, 2 tsub]), so
 * Y = m*qs, |Y| <= tsub. d = vh - Y is exact: both are multiples of ulp(vh) (qs is
 * a power of two >= 2 ulp(vh) since |vh| < tsub = 2^52 qs), and |d| <= |vh|
 * (0 is a multiple of qs, Y is the nearest), so d fits in 53 bits. r = d + vl is
 * represented exactly by TwoSum as rh + rl (r = rh + rl).
 * Y is nearest to vh, not necessarily to V: if vh is a midpoint of the qs grid (its
 * last bit at qs/2, which happens to half of all vh just below tsub, where the grid is
 * 2 ulp(vh)), vl decides. So if rh > qs/2, Y += qs and rh -= qs (and symmetrically
 * for rh < -qs/2). Exact: |d| <= qs/2 and |vl| <= ulp(vh)/2 <= qs/4, so |r| <= 3qs/4
 * and |rh| <= 3qs/4 (RN is monotone, 3qs/4 is a binary64 number); then rh - qs with
 * rh in (qs/2, 3qs/4] is exact by Sterbenz, and Y +- qs is a multiple of qs of
 * magnitude <= tsub + qs, exact (Y = tsub + qs, unscaled 2^-1022 + 2^-1074, is
 * normal with spacing 2^-1074 on both sides: g = qs/2 still holds). After this
 * step r = V - Y = rh + rl still holds exactly, and |rl| <= ulp(rh_before)/2.
 * Test 1: s1 = RN(|rl| + eps) < |rh| implies |rl| + eps < |rh|, so |r| >= |rh| - |rl|
 * > eps and sign(r) = sign(rh). Test 2: s1 >= (|rl| + eps)/2 (RN loses less than
 * half in the normal range; eps >= 2^-900), so RN(|rh| + 2*s1) < qs/2 implies |r| +
 * eps <= |rh| + |rl| + eps < qs/2. If Y = 0 the result is a zero with the sign of F (MPFR
 * rounds a negative value to -0), which is sign(rh). MPFR with emin = -1073 and
 * mpfr_subnormalize returns exactly the nearest multiple of 2^-1074 when the exact
 * value is not a midpoint (and 0 below 2^-1075), so Y*2^E is its y. The product
 * Y*scale is exact: Y*2^E is a multiple of 2^-1074 of magnitude <= 2^-1022 + 2^-1074,
 * a binary64 number. */
FAST_HD int fast_round(const struct fast_block *b, double vh, double vl, double *y, int *t) {
  double avh = fast_abs(vh);
  if (!(avh >= 0x1p-800)) return 0; /* also rejects NaN */
  if (b->tsub != 0.0 && avh < b->tsub) {
    double qs = fast_mul(b->tsub, 0x1p-52);
    double c = fast_copysign(b->tsub, vh);
    double yy = fast_sub(fast_add(vh, c), c);
    double d = fast_sub(vh, yy);
    double rh, rl, hq = fast_mul(qs, 0.5);
    fast_two_sum(d, vl, &rh, &rl);
    if (rh > hq) {
      yy = fast_add(yy, qs);
      rh = fast_sub(rh, qs);
    } else if (rh < -hq) {
      yy = fast_sub(yy, qs);
      rh = fast_add(rh, qs);
    }
    double s1 = fast_add(fast_abs(rl), b->eps);
    if (!(s1 < fast_abs(rh))) return 0;
    if (!(fast_add(fast_abs(rh), fast_add(s1, s1)) < hq)) return 0;
    double res = fast_mul(yy, b->scale);
    if (yy == 0.0) res = fast_copysign(0.0, rh);
    *y = res;
    *t = rh > 0.0 ? -1 : 1;
    return 1;
  }
  double avl = fast_abs(vl);
  if (!(avl > b->eps)) return 0;
  uint64_t vb = fast_dbits(vh);
  uint64_t ex = vb & FAST_EXP64; /* biased exponent of vh >= 1023 - 800 */
  int toward_zero = (vl < 0.0) != (vh < 0.0);
  int pow2 = (vb & FAST_MANT64) == 0u;
  /* half-gap: ulp(vh)/2 = 2^(ex-53); from a power of two towards zero ulp(vh)/4,
   * except from the scaled smallest normal (tsub), whose lower gap is its ulp. */
  uint64_t gsh = (toward_zero && pow2 && avh != b->tsub) ? 54u : 53u;
  double g = fast_bitsd(ex - (gsh << 52));
  if (!(fast_add(avl, b->eps) < g)) return 0;
  double res = fast_mul(vh, b->scale); /* exact, or +-inf on overflow */
  if (fast_abs(res) > 0x1.fffffffffffffp+1023) return 0;
  *y = res;
  *t = vl > 0.0 ? -1 : 1;
  return 1;
}

/* Half the gap from the normal binary64 number y (2^-1000 < |y| < 2^1010) to its
 * neighbour on the side of sign s (+1 up, -1 down): ulp(y)/2 = 2^(e-53) for y's exponent
 * e, or 2^(e-54) towards zero from a power of two, whose lower neighbour is ulp/2 away. */
FAST_HD double fast_half_gap(double y, int s) {
  const uint64_t ex = fast_dbits(y) & FAST_EXP64;
  const int pow2 = (fast_dbits(y) & FAST_MANT64) == 0u, toward_zero = (s < 0) != (y < 0.0);
  return fast_bitsd(ex - ((uint64_t)(toward_zero && pow2 ? 54u : 53u) << 52));
}

/* RN(z + z 2^-47) for a nonnegative sum z of at most 8 roundings to nearest of
 * nonnegative terms: an upper bound of the exact sum. (Above the subnormals each
 * rounding loses at most 2^-53 of its result, so the exact sum is at most z (1 +
 * 2^-52)^8 <= z (1 + 2^-48), and RN(z (1 + 2^-47)) >= z (1 + 2^-47)(1 - 2^-53) >= z (1 +
 * 2^-48); among subnormals sums are exact and the result is >= z.) */
FAST_HD double fast_up(double z) { return fast_fma(z, 0x1p-47, z); }

/* The sign of q1 + ... + q5 (exact binary64 numbers), where shown: +-1, or 0 for a sum
 * that is exactly 0 or not shown. (u, f) TwoSum chain: the sum is u4 + f1 + ... + f4
 * exactly; it has u4's sign when |u4| exceeds an upper bound of sum |f_i|. */
FAST_HD int fast_sign5(const double *q, int *zero) {
  double u = q[0], f[4];
  for (int i = 1; i < 5; i++) fast_two_sum(u, q[i], &u, &f[i - 1]);
  const double fs = fast_up(fast_add(fast_add(fast_abs(f[0]), fast_abs(f[1])), fast_add(fast_abs(f[2]), fast_abs(f[3]))));
  *zero = u == 0.0 && fs == 0.0;
  if (!(fast_abs(u) > fs)) return 0;
  return u > 0.0 ? 1 : -1;
}

/* The rounding of an anchored block (FAST_ANCHORED, FAST_BOUND): f(x) = F = A + D with
 * the anchor A = a0 + a1 x / q + a2 x^2 (an[0..3] = a0, a1, a2, q; x the tabulated input,
 * exact as a binary64; q = 1, or an odd integer with a1 an integer, |a1| < 2^29) and D
 * known through the block: |D 2^-E - (vh + vl)| <= eps (FAST_ANCHORED, (vh, vl) from
 * fast_poly); D = 0 (FAST_BOUND | FAST_EXACT); 0 < s D <= eps with s = -1 under FAST_NEG,
 * else +1 (FAST_BOUND; vh = vl = 0, scale = 1). The builder guarantees on the whole
 * block (fast_build.c, anchor_fits): each of |a0|, |a1 x / q|, |a2 x^2| is 0 or in
 * [2^-900, 2^1000], |A| >= 2^-900, |D| <= |A|/4. Output 1 with y = RN53(F) and t =
 * sign(y - F), or 0. Nothing here is scaled: every quantity is an unscaled binary64.
 *
 * The terms, exact or with a stated error. q = 1: (ph, pl) = TwoProd(a1, x), exact (one
 * fma: the error of a product is a binary64 number when the exponents of the factors
 * sum to at least -1022 + 52, which |a1 x| >= 2^-900 ensures). q > 1: u = a1 x is exact
 * (at most 29 + 24 bits); ph = RN(u/q) and res = u - q ph exactly (one fma: the
 * remainder of a correctly rounded quotient is a binary64 number), and pl = RN(res/q),
 * within ur = |pl| 2^-52 of res/q (0 when res = 0). x2 = x x exactly (48 bits), (p2h,
 * p2l) = TwoProd(a2, x2), exact. dh = RN(vh 2^E), dl = RN(vl 2^E): products by a power
 * of two, exact unless subnormal, then within 2^-1075 each; both 0 for FAST_BOUND.
 * So F = a0 + ph + p2h + dh + pl + p2l + dl + W + D' with |W| <= ur + 2^-1074 (the last
 * for FAST_ANCHORED only) and D' = D - (vh + vl) 2^E, |D'| <= eps 2^E (FAST_ANCHORED),
 * or D' = D (FAST_BOUND).
 *
 * The exact sum. (s, e1) = TwoSum(a0, ph), (s, e2) = TwoSum(s, p2h), (s, e3) =
 * TwoSum(s, dh); r = e1, then (r, q_i) = TwoSum(r, v) for v = e2, e3, pl, p2l, dl; (y0,
 * rr) = TwoSum(s, r). Each TwoSum is exact (host_device.h; no overflow: every term is below
 * 2^1002), so the seven terms sum to y0 + rr + Q, Q = q1 + ... + q5 exactly, and
 *   F - y0 = rr + Q + W + D'.
 * err = fast_up of the RN sum of |q_i|, ur, 2^-1074 and m, with m = RN(eps scale) (eps
 * 2^E <= m + 2^-1075) for FAST_ANCHORED, eps for FAST_BOUND, 0 for FAST_EXACT: err >=
 * |Q + W + D'| (fast_up), and err = 0 exactly when every q_i, ur, m and the slack are 0.
 * u = the same bound without the q_i: |W + D'| <= u.
 *
 * Decision. y0 = RN(s + r) (TwoSum's sum), checked to lie in [2^-902, 2^1002]: normal.
 * g(side) = fast_half_gap(y0, side).
 *  1. err = 0: F = y0 + rr exactly, and y0 is its correct rounding (TwoSum rounds to
 *     nearest, ties to even, as MPFR): y = y0, t = -sign(rr).
 *  2. |rr| > err and RN(|rr| + err) < g(sign rr): F - y0 has rr's sign and magnitude
 *     below g (RN is monotone, g a binary64 number), so F is strictly inside y0's
 *     rounding interval: y = y0, t = -sign(rr).
 *  3. rr = 0 or |rr| = g(sign rr) (F at y0 or at a midpoint, up to the rest): the sign
 *     sigma of the rest Q + W + D' where shown (fast_sign5 of the q_i when |Q| > u; with
 *     Q = 0 exactly and W = 0, FAST_BOUND's sign s) and err < g(sigma) (the rest is
 *     smaller than the half-gap):
 *       rr = 0: F - y0 = rest, y = y0, t = -sigma;
 *       sigma = -sign(rr): F lies strictly between y0 and the midpoint: y = y0, t =
 *         sign(rr)... precisely F - y0 = rr + rest has rr's sign and magnitude g -
 *         |rest| in (0, g): y = y0, t = -sign(rr);
 *       sigma = sign(rr): F is beyond the midpoint by |rest| < g: y = y1 = y0 + 2 rr,
 *         the neighbour on that side (2 rr is the gap, so the sum is exact), F - y1 =
 *         rest - rr of sign -sign(rr) and magnitude g - |rest| < g (the gap from y1
 *         back to y0 is the same 2g): y = y1, t = sign(rr).
 * Otherwise 0. */
FAST_HD int fast_round_anchored(const struct fast_block *b, const double *an, double x, double vh, double vl,
                                double *y, int *t) {
  const unsigned kind = b->flags & FAST_KIND;
  double ph, pl, ur = 0.0;
  if (an[3] == 1.0) {
    ph = fast_mul(an[1], x);
    pl = fast_fma(an[1], x, -ph);
  } else {
    const double u = fast_mul(an[1], x);
    ph = ref_div(u, an[3]);
    pl = ref_div(fast_fma(-ph, an[3], u), an[3]);
    ur = fast_mul(fast_abs(pl), 0x1p-52);
  }
  const double x2 = fast_mul(x, x), p2h = fast_mul(an[2], x2), p2l = fast_fma(an[2], x2, -p2h);
  const double dh = fast_mul(vh, b->scale), dl = fast_mul(vl, b->scale);
  double s, e1, e2, e3, r, q[5], y0, rr;
  fast_two_sum(an[0], ph, &s, &e1);
  fast_two_sum(s, p2h, &s, &e2);
  fast_two_sum(s, dh, &s, &e3);
  const double v[5] = {e2, e3, pl, p2l, dl};
  r = e1;
  for (int i = 0; i < 5; i++) fast_two_sum(r, v[i], &r, &q[i]);
  fast_two_sum(s, r, &y0, &rr);
  const double m = kind == FAST_ANCHORED ? fast_mul(b->eps, b->scale) : (b->flags & FAST_EXACT) ? 0.0 : b->eps;
  const double slack = kind == FAST_ANCHORED ? 0x1p-1074 : 0.0;
  const double u = fast_up(fast_add(fast_add(ur, slack), m));
  const double zq = fast_add(fast_add(fast_add(fast_abs(q[0]), fast_abs(q[1])), fast_add(fast_abs(q[2]), fast_abs(q[3]))),
                             fast_abs(q[4]));
  const double err = fast_up(fast_add(zq, fast_add(fast_add(ur, slack), m)));
  const double ay = fast_abs(y0);
  if (!(ay >= 0x1p-902 && ay <= 0x1p1002)) return 0; /* also NaN */
  const int srr = rr > 0.0 ? 1 : rr < 0.0 ? -1 : 0;
  if (err == 0.0) {
    *y = y0, *t = -srr;
    return 1;
  }
  if (srr && fast_abs(rr) > err && fast_add(fast_abs(rr), err) < fast_half_gap(y0, srr)) {
    *y = y0, *t = -srr;
    return 1;
  }
  if (srr && fast_abs(rr) != fast_half_gap(y0, srr)) return 0;
  int qzero, sigma = fast_sign5(q, &qzero);
  const double uw = fast_up(fast_add(ur, slack));
  if (sigma && !(fast_abs(fast_add(fast_add(q[0], q[1]), fast_add(fast_add(q[2], q[3]), q[4]))) > fast_up(fast_add(u, zq * 0x1p-50))))
    sigma = 0; /* |Q| does not clearly exceed the rest's uncertainty */
  if (!sigma && qzero && uw == 0.0 && kind == FAST_BOUND && !(b->flags & FAST_EXACT)) sigma = (b->flags & FAST_NEG) ? -1 : 1;
  if (!sigma || !(err < fast_half_gap(y0, srr ? srr : sigma))) return 0;
  if (!srr || sigma == -srr) {
    *y = y0, *t = srr ? -srr : -sigma;
    return 1;
  }
  *y = fast_add(y0, fast_add(rr, rr));
  *t = srr;
  return 1;
}

/* The approximation alone (for tests): the block index, w and (vh, vl) (0 for a block
 * without polynomial); returns 0 when xbits (after mirroring) has no block. *neg is set
 * when the caller must mirror the result (symmetric table, negative x). */
FAST_HD int fast_approx(const struct fast_view *tab, uint32_t xbits, uint32_t *bi,
                        double *vh, double *vl, int *neg) {
  *neg = 0;
  if ((tab->symmetry & FAST_SYM_NOZERO) && (xbits & 0x7fffffffu) == 0u) return 0;
  if ((tab->symmetry & FAST_SYM_KIND) != FAST_SYM_NONE && (xbits & 0x80000000u) != 0u) {
    *neg = 1;
    xbits &= 0x7fffffffu;
  }
  uint32_t i = fast_lookup(tab, xbits);
  if (i == FAST_UNDEC) return 0;
  const struct fast_block *b = &tab->blk[i];
  const unsigned kind = b->flags & FAST_KIND;
  if (kind == FAST_PLAIN || kind == FAST_ANCHORED) {
    fast_poly(b, tab->coef, fast_w(xbits, b->lgsize), vh, vl);
  } else {
    *vh = 0.0;
    *vl = 0.0;
  }
  *bi = i;
  return 1;
}

/* The evaluator. An odd f gives f(-x) = -f(x), so RN53(f(-x)) = -RN53(f(x)) (RN
 * is symmetric) and t changes sign; an even f gives the same (y, t). The anchor of a
 * symmetric table is a function of the tabulated |x|. */
FAST_HD int fast_eval(const struct fast_view *tab, uint32_t xbits, double *y, int *t) {
  uint32_t bi;
  double vh, vl;
  int neg;
  if (!fast_approx(tab, xbits, &bi, &vh, &vl, &neg)) return 0;
  const struct fast_block *b = &tab->blk[bi];
  const unsigned kind = b->flags & FAST_KIND;
  if (kind == FAST_PLAIN) {
    if (!fast_round(b, vh, vl, y, t)) return 0;
  } else if (kind == FAST_CONST) {
    *y = tab->coef[b->coef];
    *t = (b->flags & FAST_NEG) ? -1 : (b->flags & FAST_EXACT) ? 0 : 1;
  } else {
    const double *an = tab->coef + b->coef + b->deg + 1 + b->ndd;
    const double x = (double)u2f(neg ? xbits & 0x7fffffffu : xbits);
    if (!fast_round_anchored(b, an, x, vh, vl, y, t)) return 0;
  }
  if (neg && (tab->symmetry & FAST_SYM_KIND) == FAST_SYM_ODD) {
    *y = fast_bitsd(fast_dbits(*y) ^ FAST_SIGN64);
    *t = -*t;
  }
  return 1;
}

#endif
