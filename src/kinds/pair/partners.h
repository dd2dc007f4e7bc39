/* partners.h: the partners of a swept operand x: for each two-argument function a list of
 * PAIR_ADV adversarial operands derived from x (the hard regions of that function), then
 * seeded random ones. partner(x, k) is a pure function of (set, role, x, k, seed), written
 * with binary64 +, -, *, / and conversions only (no library call, no contraction: the
 * host builds with -ffp-contract=off, the device code with -fmad=false), so the CPU and
 * a device computing the same list get the same bits.
 *
 * role 0: x is the first argument f(x, p); role 1 (--swap): x is the second, f(p, x).
 *
 * The sets (docs/pair.md lists them in words):
 *   pow    role 0 (x the base): +-0, +-inf, NaN, +-1, 2, 1/2, +-3 (odd integers), 5/2,
 *          -1/2 (half-integers), y with x^y near 2^128 (overflow), 2^-126 and 2^-149
 *          (underflow), the nearest integer to the overflow exponent, a half-integer below
 *          it, y = 1/log2|x| (x^y = 2), +-(2^24 - 1) (the largest odd integers), 2^24 + 2,
 *          -1. For x near 1 the overflow and underflow exponents are the large y where
 *          powf is known to be hardest.
 *          role 1 (x the exponent): bases +-0, +-inf, NaN, +-1, 2, 1/2, 1 +- a few ulps,
 *          -2, 10, and bases b with b^x near 2^128 and 2^-149.
 *   atan2  operands on the axes (+-0), at infinity, NaN, on the diagonals (+-x and
 *          their neighbours), and x scaled by 2^+-12, 2^+-24, 2^+-25, 2^+-100 (near the
 *          axes), +-1, the largest finite and the smallest subnormal number.
 *   hypot  (also rhypot) +-0, +-inf, NaN, +-x, x scaled by 2^-12 ... 2^-100 and
 *          2^12 ... 2^100 (one operand negligible, or nearly), the extremes, 2^-126, 1.
 *   fmod   (also remainder) role 0 (x the dividend): divisors with quotients near 2^23,
 *          2^24, 2^25 and beyond (2^40, 2^100) and their neighbours, x itself and its
 *          neighbours, x/3, x/(2^24 - 1), 2x, 3x/4, +-0 (NaN), +-inf (x), NaN, extremes.
 *          role 1 (x the divisor): the dividends that give those quotients.
 *   fdim   +-0, +-inf, NaN, +-x and neighbours (cancellation), x scaled, extremes, +-1.
 *   div    (also __fdividef) role 0 (x the dividend): divisors +-0, +-inf, NaN, x and
 *          neighbours, 2^+-126 and 2^127 (the ends of __fdividef's documented range and
 *          beyond), subnormal divisors, quotients near overflow and underflow.
 *          role 1 (x the divisor): the mirrored dividends.
 * The random partners alternate between uniform bit patterns and numbers of random
 * significand whose exponent is within 30 of x's (10 of 0 for pow's exponents). */
#ifndef ULPCERT_PARTNERS_H
#define ULPCERT_PARTNERS_H

#include <stdint.h>

#include "reference/bits.h"

#ifdef __CUDACC__
#define PAIR_HD static __host__ __device__ __forceinline__
#else
#define PAIR_HD static inline
#endif

/* The version of the partner lists: results of other versions hold other pairs. */
#define PAIR_PARTNER_SET 2 /* 2: NaN partners computed from a NaN x are the default NaN */
/* adversarial partners per x */
#define PAIR_ADV 24
/* partners per x at most (the per-bin counts of pairs stay below 2^32) */
#define PAIR_MAXPART 4095

enum pair_set { PS_POW = 0, PS_ATAN2, PS_HYPOT, PS_FMOD, PS_FDIM, PS_DIV, PS_N };

/* The bits of a computed partner; a NaN as the default quiet NaN, whatever payload and
 * sign the conversion left (the host keeps a NaN's payload through binary64, the device
 * does not), so that both backends list the same pairs. */
PAIR_HD uint32_t pp_bits(float f) {
  const uint32_t u = f2u(f);
  return (u & 0x7fffffffu) > 0x7f800000u ? 0x7fc00000u : u;
}
PAIR_HD double pp_pow2(int k) { return u2d((uint64_t)(1023 + k) << 52); } /* 2^k for |k| <= 1022, exact */
/* RN24(x 2^k), the conversion rounding to nearest on both sides */
PAIR_HD uint32_t pp_scale(uint32_t x, int k) { return pp_bits((float)((double)u2f(x) * pp_pow2(k))); }
/* RN24(x * m) */
PAIR_HD uint32_t pp_mul(uint32_t x, double m) { return pp_bits((float)((double)u2f(x) * m)); }
PAIR_HD uint32_t pp_const(double d) { return pp_bits((float)d); }

#define PP_NAN 0x7fc00000u
#define PP_INF 0x7f800000u
#define PP_MAXF 0x7f7fffffu
#define PP_MINSUB 0x00000001u
#define PP_NEG 0x80000000u

/* log2|x| for finite nonzero x, to about 1e-14 relative: x = m 2^e with m in
 * [sqrt(1/2), sqrt(2)), log2 m = (2/ln 2) atanh(s), s = (m - 1)/(m + 1), |s| < 0.172,
 * by the series s + s^3/3 + ... + s^15/15 (the next term is below 2^-41). Only binary64
 * +, *, / on both sides: the same bits everywhere. Zero, infinite and NaN x give 1 (the
 * partners built from it are then arbitrary, but defined). */
PAIR_HD double pp_log2(uint32_t x) {
  const uint32_t a = x & 0x7fffffffu;
  if (a == 0 || a >= PP_INF) return 1.0;
  double v = (double)u2f(a);
  int e = 0;
  while (v >= 1.4142135623730951) v *= 0.5, e++;
  while (v < 0.7071067811865476) v *= 2.0, e--;
  const double s = (v - 1.0) / (v + 1.0), s2 = s * s;
  double sum = 0.0;
  for (int k = 15; k >= 1; k -= 2) sum = sum * s2 + 1.0 / (double)k;
  const double l = 2.0 * s * sum * 1.4426950408889634; /* 1/ln 2 */
  return (double)e + l;
}

/* 2^e roughly (within 7%): 2^floor(e) (1 + frac(e)); for bases near an overflow. */
PAIR_HD uint32_t pp_exp2ish(double e) {
  if (!(e > -1000.0 && e < 1000.0)) return e > 0 ? PP_INF : 0;
  int k = (int)e;
  if ((double)k > e) k--;
  return pp_const(pp_pow2(k) * (1.0 + (e - (double)k)));
}

/* pp_pow0 with l = pp_log2(x) given (pair_partners_x computes it once per x) */
PAIR_HD uint32_t pp_pow0_l(uint32_t x, int k, double l) {
  (void)x;
  const uint32_t yo = pp_const(128.0 / l);
  switch (k) {
  case 5: return 0x3f800000u;  /* 1 */
  case 6: return 0xbf800000u;  /* -1 */
  case 7: return 0x40000000u;  /* 2 */
  case 8: return 0x3f000000u;  /* 1/2 */
  case 9: return 0x40400000u;  /* 3 */
  case 10: return 0xc0400000u; /* -3 */
  case 11: return 0x40200000u; /* 5/2 */
  case 12: return 0xbf000000u; /* -1/2 */
  case 13: return yo;
  case 14: return yo + 1;
  case 15: return pp_const(-149.0 / l);
  case 16: return pp_const(-126.0 / l);
  case 17: { /* the integer nearest the overflow exponent, when it is one in binary32 */
    const double q = 128.0 / l;
    if (!(q > -16777215.0 && q < 16777215.0)) return 0x4b7fffffu;
    double n = (double)(int64_t)q;
    return pp_const(n);
  }
  case 18: {
    const double q = 64.0 / l;
    if (!(q > -8388607.0 && q < 8388607.0)) return 0x4afffffdu; /* 8388606.5 */
    return pp_const((double)(int64_t)q + 0.5);
  }
  case 19: return pp_const(1.0 / l);
  case 20: return 0x4b7fffffu; /* 2^24 - 1 */
  case 21: return 0xcb7fffffu;
  case 22: return 0x4b800001u; /* 2^24 + 2 */
  default: return 0xbf800000u;
  }
}

PAIR_HD uint32_t pp_pow0(uint32_t x, int k) { return pp_pow0_l(x, k, pp_log2(x)); }

PAIR_HD uint32_t pp_pow1(uint32_t x, int k) {
  const double y = (double)u2f(x);
  switch (k) {
  case 5: return 0x3f800000u;
  case 6: return 0xbf800000u;
  case 7: return 0x40000000u;
  case 8: return 0x3f000000u;
  case 9: return 0x3f800001u;  /* 1 + 2^-23 */
  case 10: return 0x3f7fffffu; /* 1 - 2^-24 */
  case 11: return 0x3f800002u;
  case 12: return 0x3f7ffffeu;
  case 13: return 0xc0000000u; /* -2 */
  case 14: return 0x41200000u; /* 10 */
  case 15: return pp_exp2ish(128.0 / y);
  case 16: return pp_exp2ish(-149.0 / y);
  case 17: return pp_exp2ish(-126.0 / y);
  case 18: return 0xbf800001u;
  case 19: return pp_exp2ish(64.0 / y);
  case 20: return 0x3f800008u;
  case 21: return 0x3f7ffff0u;
  case 22: return 0x40490fdbu; /* pi */
  default: return 0x3dcccccdu; /* 0.1 */
  }
}

/* atan2, hypot and fdim: symmetric lists (the same for both roles) */
PAIR_HD uint32_t pp_sym(int set, uint32_t x, int k) {
  switch (k) {
  case 5: return x;
  case 6: return x ^ PP_NEG;
  case 7: return x + 1;
  case 8: return x - 1;
  case 9: return PP_MAXF;
  case 10: return PP_MINSUB;
  case 11: return 0x3f800000u;
  default: break;
  }
  const int j = k - 12; /* 0 .. 11 */
  if (set == PS_ATAN2) {
    if (j < 8) return pp_scale(x, (j & 1 ? -1 : 1) * (j < 2 ? 12 : j < 4 ? 24 : j < 6 ? 25 : 100));
    return j == 8 ? 0xbf800000u : j == 9 ? (x + 1) ^ PP_NEG : j == 10 ? pp_scale(x, 24) ^ PP_NEG : pp_scale(x, -24) ^ PP_NEG;
  }
  if (set == PS_HYPOT) /* x 2^-12, -13, -24, -25, -26, -50, -64, 2^12, 24, 26, 2^-100; 2^-126 */
    return j == 11 ? 0x00800000u
                   : pp_scale(x, j < 7 ? -(j < 2 ? 12 + j : j < 5 ? 22 + j : j == 5 ? 50 : 64)
                                       : j < 10 ? (j == 7 ? 12 : j == 8 ? 24 : 26) : -100);
  /* fdim: cancellation and scale: x 2^-24, 2^24, 2^-25, 2^25, 2^-1, 2^1 */
  if (j < 6) return pp_scale(x, (j & 1 ? 1 : -1) * (j < 2 ? 24 : j < 4 ? 25 : 1));
  return j == 6 ? PP_MAXF | PP_NEG : j == 7 ? 0xbf800000u : j == 8 ? 0x00800000u : j == 9 ? PP_MINSUB | PP_NEG
         : j == 10 ? pp_mul(x, 0.75) : pp_scale(x, -24) ^ PP_NEG;
}

/* fmod, remainder and division: role 0 x is the dividend, role 1 the divisor */
PAIR_HD uint32_t pp_quot(int set, int role, uint32_t x, int k) {
  const int s = role ? 1 : -1; /* partner = x 2^(s k) gives the quotient 2^k either way */
  switch (k) {
  case 5: return x;
  case 6: return x ^ PP_NEG;
  case 7: return x + 1;
  case 8: return x - 1;
  default: break;
  }
  if (set == PS_FMOD) {
    switch (k) {
    case 9: return pp_scale(x, 23 * s);
    case 10: return pp_scale(x, 24 * s);
    case 11: return pp_scale(x, 25 * s);
    case 12: return pp_scale(x, 24 * s) + 1;
    case 13: return pp_scale(x, 24 * s) - 1;
    case 14: return pp_scale(x, 40 * s);
    case 15: return pp_scale(x, 100 * s);
    case 16: return role ? pp_mul(x, 3.0) : pp_mul(x, 1.0 / 3.0);
    case 17: return role ? pp_mul(x, 16777215.0) : pp_mul(x, 1.0 / 16777215.0);
    case 18: return role ? pp_mul(x, 16777218.0) : pp_mul(x, 1.0 / 16777218.0);
    case 19: return pp_scale(x, -s);
    case 20: return PP_MAXF;
    case 21: return 0x3f800000u;
    case 22: return PP_MINSUB;
    default: return role ? pp_mul(x, 1.5) : pp_mul(x, 0.75);
    }
  }
  switch (k) { /* division */
  case 9: return role ? PP_MAXF : 0x7e800000u;          /* 2^126 */
  case 10: return role ? PP_MINSUB : 0x7f000000u;        /* 2^127 */
  case 11: return role ? 0x00800000u : 0xfe800000u;      /* -2^126 */
  case 12: return role ? pp_scale(x, 127) : 0x00800000u; /* 2^-126 */
  case 13: return role ? pp_scale(x, -127) : 0x00400000u; /* 2^-127 */
  case 14: return role ? 0x3f800000u : PP_MINSUB;
  case 15: return role ? 0x40400000u : PP_MAXF;
  case 16: return role ? pp_scale(x, 24) : 0x40400000u; /* 3 */
  case 17: return role ? pp_scale(x, -24) : 0x3dcccccdu; /* 0.1 */
  case 18: return role ? PP_MAXF | PP_NEG : pp_scale(x, -24);
  case 19: return role ? 0x7f000000u : pp_scale(x, 24);
  case 20: return pp_scale(x, 127 * s);
  case 21: return pp_scale(x, -127 * s);
  case 22: return role ? pp_mul(x, 3.0) : 0x3f800000u;
  default: return role ? 0x3dcccccdu : 0xbf800000u;
  }
}

/* splitmix64: the random partners' generator */
PAIR_HD uint64_t pp_mix(uint64_t z) {
  z += 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

PAIR_HD uint32_t pp_random(int set, int role, uint32_t x, uint32_t j, uint64_t seed) {
  const uint64_t r = pp_mix(seed ^ pp_mix(((uint64_t)x << 32) | j));
  if (!(j & 1)) return (uint32_t)r; /* a uniform bit pattern */
  int e; /* a random significand, the exponent near x's (near 0 for pow's exponents) */
  if (set == PS_POW && role == 0) e = 127 + (int)((r >> 40) % 21) - 10;
  else {
    const int ex = (int)((x >> 23) & 0xff);
    e = (ex ? ex : 1) + (int)((r >> 40) % 61) - 30;
  }
  if (e < 1) e = 1;
  if (e > 254) e = 254;
  return (uint32_t)(r & 0x807fffffu) | ((uint32_t)e << 23);
}

/* Partner k of x (k < PAIR_ADV + the random count). */
PAIR_HD uint32_t pair_partner(int set, int role, uint32_t x, uint32_t k, uint64_t seed) {
  switch (k) {
  case 0: return 0;
  case 1: return PP_NEG;
  case 2: return PP_INF;
  case 3: return PP_INF | PP_NEG;
  case 4: return PP_NAN;
  default: break;
  }
  if (k >= PAIR_ADV) return pp_random(set, role, x, k - PAIR_ADV, seed);
  if (set == PS_POW) return role ? pp_pow1(x, (int)k) : pp_pow0(x, (int)k);
  if (set == PS_FMOD || set == PS_DIV) return pp_quot(set, role, x, (int)k);
  return pp_sym(set, x, (int)k);
}

/* The partners 0 .. np - 1 of x into p[]: pair_partner for each k, with pow's log2|x|
 * (role 0) computed once for x rather than once per partner (the same operations on the
 * same values: the same bits). */
PAIR_HD void pair_partners_x(int set, int role, uint32_t x, uint32_t np, uint64_t seed, uint32_t *p) {
  const int pow0 = set == PS_POW && !role;
  const double l = pow0 ? pp_log2(x) : 1.0;
  for (uint32_t k = 0; k < np; k++)
    p[k] = pow0 && k >= 5 && k < PAIR_ADV ? pp_pow0_l(x, (int)k, l) : pair_partner(set, role, x, k, seed);
}

#endif
