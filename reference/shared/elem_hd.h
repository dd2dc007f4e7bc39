/* elem_hd.h: the pieces of the elementary functions' shortcuts (functions/<name>/
 * shortcut.h) that several of them share, for the host and the device: the rules are
 * those of reference/host_device.h (binary64 and integer arithmetic only, exact C library
 * functions, REF_HD, no statics but constants). No mpfr.h or arb.h here: elem.h includes
 * this header and adds the host side and the rounding lemmas (L1 to L4) that the proofs
 * cite. */
#ifndef ULPCERT_SHARED_ELEM_HD_H
#define ULPCERT_SHARED_ELEM_HD_H

#include <stdint.h>

#include "reference/host_device.h"

#define RE_SIGN32 0x80000000u
#define RE_INF32 0x7f800000u
/* Y0 = RN53(pi/2) (elem.h, Lemma L4) */
#define RE_PIO2_RN 0x1.921fb54442d18p+0

/* The NaN of NaN results (acos(2), sqrt(-1), ...): the bits that MPFR's mpfr_get_d gives
 * for a NaN on this host (x86-64: the default NaN 0/0, sign bit set), so that refcheck's
 * bitwise comparison with MPFR agrees (the tests check it); to the engine any NaN is a NaN
 * (src/measure/measure.h, ms_isnan64). */
#define RE_NAN (u2d(0xfff8000000000000ull))

/* The number of significant bits of a word (0 for 0): 32 - clz, by halving. */
REF_HD int re_bitlen32(uint32_t m) {
  int n = 0;
  if (m >> 16) n += 16, m >>= 16;
  if (m >> 8) n += 8, m >>= 8;
  if (m >> 4) n += 4, m >>= 4;
  if (m >> 2) n += 2, m >>= 2;
  if (m >> 1) n += 1, m >>= 1;
  return n + (int)m;
}

/* Rounding a binary32 number to an integer, exactly, for the exact family (floor, ceil,
 * trunc, round, rint, nearbyint). xb not a NaN. The result is a binary32 number (an
 * integer of at most 24 bits, or x itself), returned as a double; zeros keep the sign
 * of x (IEEE 754: ceil(-0.5) = -0, trunc(-0.7) = -0, rint(-0.5) = -0, floor(-0) = -0).
 *   |x| >= 2^23, +-inf, +-0: x is its own integer part.
 *   |x| < 1: the integer is 0 or +-1 by the mode.
 *   1 <= |x| < 2^23, e = exponent in [0, 22]: the fraction is the low 23 - e significand
 *   bits; n = |x| with them cleared (an integer < 2^23), and the result is n or n + 1 in
 *   magnitude, exact in binary32 and binary64. */
enum re_rmode { RE_FLOOR, RE_CEIL, RE_TRUNC, RE_ROUND_AWAY, RE_ROUND_EVEN };
REF_HD double re_round_to_int(uint32_t xb, enum re_rmode mode) {
  uint32_t m = xb & ~RE_SIGN32;
  int neg = (xb & RE_SIGN32) != 0;
  if (m >= 0x4b000000u || m == 0) return (double)u2f(xb); /* integer, inf or zero */
  double up; /* |result| if rounding away from zero, else the truncated magnitude */
  double n;  /* the truncated magnitude */
  int frac_cmp; /* the fraction against 1/2: -1 below, 0 equal, +1 above */
  if (m < 0x3f800000u) { /* 0 < |x| < 1 */
    n = 0.0;
    frac_cmp = m < 0x3f000000u ? -1 : m == 0x3f000000u ? 0 : 1;
  } else {
    int e = (int)(m >> 23) - 127; /* 0 .. 22 */
    uint32_t fracmask = 0x007fffffu >> e, half = 0x00400000u >> e;
    uint32_t f = m & fracmask;
    if (f == 0) return (double)u2f(xb); /* an integer */
    n = (double)u2f(m & ~fracmask);
    frac_cmp = f < half ? -1 : f == half ? 0 : 1;
  }
  up = n + 1.0;
  double mag;
  switch (mode) {
  case RE_FLOOR: mag = neg ? up : n; break;
  case RE_CEIL: mag = neg ? n : up; break;
  case RE_TRUNC: mag = n; break;
  case RE_ROUND_AWAY: mag = frac_cmp >= 0 ? up : n; break;
  default: /* RE_ROUND_EVEN: ties to the even one of n, n + 1 */
    mag = frac_cmp > 0 || (frac_cmp == 0 && ((uint64_t)n & 1)) ? up : n;
    break;
  }
  return neg ? -mag : mag; /* -0.0 when mag = 0 and x < 0 */
}

/* ---- Exact decisions for the algebraic functions rsqrt, cbrt and rcbrt ----
 *
 * For a binary32 x > 0 (x = X 2^p, X < 2^24 an integer) and f(x) = x^(-1/2), x^(1/3) or
 * x^(-1/3), and a positive binary64 number v = V 2^e (V < 2^55 an integer), the sign of
 * v - f(x) is the sign of an integer comparison (v, x > 0, and u -> u^2, u -> u^3 are
 * increasing on u > 0):
 *   rsqrt: v > x^(-1/2) iff x v^2 > 1, i.e. X V^2 2^(p+2e) > 1;
 *   cbrt:  v > x^(1/3)  iff v^3 > x,   i.e. V^3 2^(3e) > X 2^p;
 *   rcbrt: v > x^(-1/3) iff x v^3 > 1, i.e. X V^3 2^(p+3e) > 1.
 * re_alg_side computes that sign exactly with integers of up to 192 bits (X V^3 < 2^189).
 * re_alg_round then takes any positive normal binary64 estimate y of f(x) and moves it
 * one binary64 number at a time: with c = sign(y - f(x)) and w the neighbour of y on
 * f(x)'s side (the adjacent bit pattern), m = (y + w)/2 their midpoint (exact: a 55-bit
 * integer times a power of two), and cm = sign(m - f(x)):
 *   c = 0: f(x) = y, a binary64 number: RN53 = y, t = 0;
 *   cm = -c: f(x) lies strictly between m and y, and y's other neighbour lies beyond y,
 *     so y is the binary64 number nearest to f(x), with no tie: RN53 = y, t = c;
 *   cm = c: f(x) lies beyond m, RN53(f(x)) is w or further: go on from w.
 *   cm = 0 (f(x) a midpoint, impossible for these functions) or more than 8 steps:
 *     decline (MPFR decides).
 * The answer never depends on how good the estimate was (only the number of steps does),
 * and uses integer arithmetic only, so the host and the device agree. y and w must be
 * normal binary64 numbers (checked; every result of the three functions on binary32
 * inputs lies in [2^-64, 2^75], far inside the normal range). */
#define RE_MPW 6 /* 32-bit words: integers below 2^192 */
struct re_mp {
  uint32_t w[RE_MPW]; /* little-endian */
};
REF_HD void re_mp_set(struct re_mp *a, uint64_t v) {
  for (int i = 0; i < RE_MPW; i++) a->w[i] = 0;
  a->w[0] = (uint32_t)v;
  a->w[1] = (uint32_t)(v >> 32);
}
/* the number of words up to the top non-zero one */
REF_HD int re_mp_words(const struct re_mp *a) {
  int n = RE_MPW;
  while (n > 0 && !a->w[n - 1]) n--;
  return n;
}
/* r = a b; the caller keeps the product below 2^192 (r may be a or b). Schoolbook: row i
 * adds a_i b into o from word i; o[i + nb] is still 0 when row i ends (rows before it
 * reached word i - 1 + nb at most), so the row's carry goes there. */
REF_HD void re_mp_mul(struct re_mp *r, const struct re_mp *a, const struct re_mp *b) {
  uint32_t o[RE_MPW];
  int na = re_mp_words(a), nb = re_mp_words(b);
  for (int i = 0; i < RE_MPW; i++) o[i] = 0;
  for (int i = 0; i < na; i++) {
    uint64_t c = 0;
    for (int j = 0; j < nb && i + j < RE_MPW; j++) { /* at most (2^32-1)^2 + 2 (2^32-1) = 2^64 - 1 */
      uint64_t s = (uint64_t)a->w[i] * b->w[j] + o[i + j] + c;
      o[i + j] = (uint32_t)s;
      c = s >> 32;
    }
    if (i + nb < RE_MPW) o[i + nb] = (uint32_t)c;
  }
  for (int i = 0; i < RE_MPW; i++) r->w[i] = o[i];
}
REF_HD int re_mp_bitlen(const struct re_mp *a) {
  for (int i = RE_MPW - 1; i >= 0; i--)
    if (a->w[i]) return 32 * i + re_bitlen32(a->w[i]);
  return 0;
}
/* a = a 2^s, 0 <= s; the caller keeps the result below 2^192 */
REF_HD void re_mp_shl(struct re_mp *a, int s) {
  int q = s / 32, b = s % 32;
  for (int i = RE_MPW - 1; i >= 0; i--) {
    uint32_t hi = i - q >= 0 ? a->w[i - q] : 0, lo = i - q - 1 >= 0 ? a->w[i - q - 1] : 0;
    a->w[i] = b ? (hi << b) | (lo >> (32 - b)) : hi;
  }
}
REF_HD int re_mp_cmp(const struct re_mp *a, const struct re_mp *b) {
  for (int i = RE_MPW - 1; i >= 0; i--)
    if (a->w[i] != b->w[i]) return a->w[i] > b->w[i] ? 1 : -1;
  return 0;
}
/* sign(A 2^ea - B 2^eb) for A, B > 0: by the positions of the leading bits, and when they
 * agree, by aligning the one with the larger exponent (it then has as many bits as the
 * other, below 2^192) */
REF_HD int re_mp_cmp2(const struct re_mp *A, int ea, const struct re_mp *B, int eb) {
  int la = re_mp_bitlen(A) + ea, lb = re_mp_bitlen(B) + eb;
  if (la != lb) return la > lb ? 1 : -1;
  struct re_mp a = *A, b = *B;
  if (ea > eb) re_mp_shl(&a, ea - eb);
  else if (eb > ea) re_mp_shl(&b, eb - ea);
  return re_mp_cmp(&a, &b);
}

enum re_alg { RE_ALG_RSQRT, RE_ALG_CBRT, RE_ALG_RCBRT };
/* sign(v - f(x)) for v = V 2^e > 0 (V < 2^55) and x = X 2^p > 0 (X < 2^24) */
REF_HD int re_alg_side(enum re_alg g, uint32_t X, int p, uint64_t V, int e) {
  struct re_mp v, a, b;
  re_mp_set(&v, V);
  re_mp_mul(&a, &v, &v); /* V^2 < 2^110 */
  if (g != RE_ALG_RSQRT) re_mp_mul(&a, &a, &v); /* V^3 < 2^165 */
  re_mp_set(&b, X);
  if (g == RE_ALG_CBRT) return re_mp_cmp2(&a, 3 * e, &b, p);
  re_mp_mul(&a, &a, &b); /* X V^2 < 2^134, X V^3 < 2^189 */
  re_mp_set(&b, 1);
  return re_mp_cmp2(&a, p + (g == RE_ALG_RSQRT ? 2 : 3) * e, &b, 0);
}
/* v = V 2^e with 2^52 <= V < 2^53, for a positive normal binary64 v; 0 if v is not one */
REF_HD int re_d_split(double v, uint64_t *V, int *e) {
  uint64_t b = d2u(v);
  if (b < 0x0010000000000000ull || b >= 0x7ff0000000000000ull) return 0;
  *V = (b & 0x000fffffffffffffull) | 0x0010000000000000ull;
  *e = (int)(b >> 52) - 1075;
  return 1;
}
/* x = X 2^p, for the bits xb of a binary32 0 < x < inf */
REF_HD void re_f_split(uint32_t xb, uint32_t *X, int *p) {
  if (xb < 0x00800000u) {
    *X = xb;
    *p = -149;
  } else {
    *X = (xb & 0x007fffffu) | 0x00800000u;
    *p = (int)(xb >> 23) - 150;
  }
}
/* RN53(f(x)) and t from the estimate y (above); 1 if decided, 0 if not */
REF_HD int re_alg_round(enum re_alg g, uint32_t xb, double y, double *out, int *t) {
  uint32_t X;
  int p;
  re_f_split(xb, &X, &p);
  for (int step = 0; step < 8; step++) {
    uint64_t Y, W;
    int ey, ew;
    if (!re_d_split(y, &Y, &ey)) return 0;
    int c = re_alg_side(g, X, p, Y, ey);
    if (c == 0) {
      *out = y;
      *t = 0;
      return 1;
    }
    double w = u2d(d2u(y) + (c > 0 ? (uint64_t)-1 : 1u)); /* the neighbour toward f(x) */
    if (!re_d_split(w, &W, &ew)) return 0;
    int e = ey < ew ? ey : ew; /* m = (y + w)/2 = S 2^(e-1), S < 2^55 */
    uint64_t S = (Y << (ey - e)) + (W << (ew - e));
    int cm = re_alg_side(g, X, p, S, e - 1);
    if (cm == 0) return 0;
    if (cm != c) {
      *out = y;
      *t = c;
      return 1;
    }
    y = w;
  }
  return 0;
}
/* An estimate of x^(1/3) for a binary32 0 < x < inf (any accuracy will do, see above):
 * x = s 2^(3q) with s in [1/2, 4), six Newton steps for s^(1/3) from 1 (relative error
 * below 1e-15 for every s there), times 2^q. */
REF_HD double re_cbrt_estimate(uint32_t xb, int *q) {
  int ex;
  double fr = frexp((double)u2f(xb), &ex); /* x = fr 2^ex, fr in [1/2, 1) */
  int k = ex >= 0 ? ex / 3 : -((2 - ex) / 3);    /* floor(ex / 3) */
  double s = ldexp(fr, ex - 3 * k), c = 1.0;
  for (int i = 0; i < 6; i++) c = (2.0 * c + s / (c * c)) / 3.0;
  *q = k;
  return c;
}

#endif
