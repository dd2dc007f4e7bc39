/* fmt16.h: the two 16-bit binary formats, binary16 (__half) and bfloat16 (__nv_bfloat16),
 * as host and device code alike (the same source compiled by the host compiler and by
 * nvcc, so that the exact references of the 16-bit operations and their rounding give the
 * same bits on both): decoding, rounding a binary64 reference pair to the format, the ulp,
 * the distance in representable steps and the classes of mismatch.
 *
 * A format: p significand bits (the leading one included), normal exponents emin..emax,
 * subnormals below 2^emin, bias emax, 1 sign bit, 16 - p exponent bits.
 *   binary16: p = 11, emin = -14, emax = 15 (largest 65504 = 0x7bff, smallest 2^-24 = 0x0001)
 *   bfloat16: p = 8, emin = -126, emax = 127 (largest 0x1.fep127 = 0x7f7f, smallest 2^-133) */
#ifndef ULPCERT_FMT16_H
#define ULPCERT_FMT16_H

#include <stdint.h>

#ifdef __CUDACC__
#define F16_HD static __host__ __device__ __forceinline__
#else
#include <string.h>
#define F16_HD static inline
#endif

enum { FMT16_BINARY16 = 0, FMT16_BFLOAT16 = 1, FMT16_N };

F16_HD int f16_p(int f) { return f == FMT16_BFLOAT16 ? 8 : 11; }
F16_HD int f16_emin(int f) { return f == FMT16_BFLOAT16 ? -126 : -14; }
F16_HD int f16_emax(int f) { return f == FMT16_BFLOAT16 ? 127 : 15; }
/* +inf: every exponent bit set, fraction 0 (0x7c00, 0x7f80) */
F16_HD uint16_t f16_inf(int f) { return f == FMT16_BFLOAT16 ? 0x7f80 : 0x7c00; }
/* The canonical NaN of the CUDA headers (CUDART_NAN_FP16, CUDART_NAN_BF16: 0x7fff). */
#define F16_CANONICAL_NAN 0x7fffu

/* Flags an exact reference (functions/<name>/h16_ref.h) returns above the 16 bits of its
 * result. */
#define H16R_STRICT (1u << 16)  /* the bits are documented exactly: NaN payloads count */
#define H16R_CLAMPED (1u << 17) /* a clamp (sat, relu) decided the result */

F16_HD int f16_isnan(int f, uint16_t b) { return (b & 0x7fff) > f16_inf(f); }
F16_HD int f16_isinf(int f, uint16_t b) { return (b & 0x7fff) == f16_inf(f); }
/* zero or subnormal: exponent field 0 */
F16_HD int f16_istiny(int f, uint16_t b) { return (b & 0x7fff) < (1u << (f16_p(f) - 1)); }
F16_HD int f16_issub(int f, uint16_t b) { return (b & 0x7fff) != 0 && f16_istiny(f, b); }

F16_HD uint64_t f16_d2u(double d) {
#ifdef __CUDA_ARCH__
  return (uint64_t)__double_as_longlong(d);
#else
  uint64_t u;
  memcpy(&u, &d, 8);
  return u;
#endif
}
F16_HD double f16_u2d(uint64_t u) {
#ifdef __CUDA_ARCH__
  return __longlong_as_double((long long)u);
#else
  double d;
  memcpy(&d, &u, 8);
  return d;
#endif
}
/* 2^k for binary64-normal k (-1022 <= k <= 1023), exactly */
F16_HD double f16_pow2(int k) { return f16_u2d((uint64_t)(k + 1023) << 52); }

/* The value of a bit pattern: exact in binary64 (at most 11 significant bits, exponents
 * within -133..127). */
F16_HD double f16_decode(int f, uint16_t b) {
  const int p = f16_p(f);
  const uint32_t m = b & 0x7fffu, fr = m & ((1u << (p - 1)) - 1), e = m >> (p - 1);
  double v;
  if (m > f16_inf(f)) v = f16_u2d(0x7ff8000000000000ull); /* NaN */
  else if (m == f16_inf(f)) v = f16_u2d(0x7ff0000000000000ull);
  else if (e == 0) v = (double)fr * f16_pow2(f16_emin(f) - p + 1);
  else v = (double)(fr | (1u << (p - 1))) * f16_pow2((int)e - f16_emax(f) - p + 1);
  return b & 0x8000u ? -v : v;
}

/* ulp of a value y of the format: 2^k, k = max(floor(log2|y|), emin) - p + 1; for y = 0,
 * NaN or infinite, the ulp of the subnormals 2^(emin - p + 1). */
F16_HD int f16_ulp_exp(int f, double y) {
  const int e = (int)((f16_d2u(y) >> 52) & 0x7ff) - 1023;
  const int emin = f16_emin(f);
  return (e == 1024 || e < emin ? emin : e) - f16_p(f) + 1;
}
F16_HD double f16_ulp(int f, double y) { return f16_pow2(f16_ulp_exp(f, y)); }

/* The bit pattern of RN_p(z) (to nearest, ties to even, with the format's subnormals and
 * overflow to infinity) from the pair y = RN53(z), t = sign(y - z).
 *
 * Claim: unless y is a midpoint of two consecutive numbers of the format, RN_p(z) =
 * RN_p(y). Every midpoint of the format (the overflow threshold (2 - 2^-p) 2^emax
 * included) has at most p + 1 <= 12 significant bits at exponents >= emin - p, so it is a
 * binary64 number; were one strictly between z and y, or equal to z with y not, it would
 * be closer to z than y is, against y = RN53(z). When y is a midpoint, t says on which side
 * of it z lies (t = 0: z is the midpoint, a true tie, to even).
 *
 * Computation on y's bits: |y| = m 2^(e-52) with m the 53-bit integer significand; the
 * format's quantum at y is 2^qe, qe = max(e, emin) - p + 1, so RN_p keeps the integer
 * q = floor(m / 2^s), s = qe - e + 52 >= 53 - p, and rounds up by the remainder r = m mod
 * 2^s against half = 2^(s-1). Then |RN_p(z)| = q 2^qe: for e >= emin its encoding is
 * ((e + emax) << (p - 1)) + q - 2^(p-1), a carry of q to 2^p landing in the exponent field
 * (and at the top in the infinity pattern: overflow); for e < emin it is q itself, a carry
 * to 2^(p-1) giving the smallest normal. When s > 54, |y| < 2^(e+1) <= 2^(qe-2) is below
 * half the quantum: zero. A binary64 subnormal y is below every format's half quantum
 * (2^-1022 against 2^-25 and 2^-134): zero as well. */
F16_HD uint16_t f16_round(int f, double y, int t) {
  const int p = f16_p(f), emin = f16_emin(f), emax = f16_emax(f);
  const uint64_t u = f16_d2u(y), a = u & 0x7fffffffffffffffull;
  const uint16_t sign = (uint16_t)(u >> 48) & 0x8000u;
  if (a > 0x7ff0000000000000ull) return F16_CANONICAL_NAN;
  if (a == 0x7ff0000000000000ull) return sign | f16_inf(f);
  const int e = (int)(a >> 52) - 1023;
  if (e < -1022 || e < emin - p - 1) return sign; /* below half the smallest subnormal */
  if (e > emax + 1) return sign | f16_inf(f);
  const uint64_t m = (a & 0x000fffffffffffffull) | 0x0010000000000000ull;
  const int qe = (e < emin ? emin : e) - p + 1, s = qe - e + 52;
  uint64_t q = m >> s;
  const uint64_t r = m & ((1ull << s) - 1), half = 1ull << (s - 1);
  /* z above the midpoint in magnitude: y below z for y > 0 (t < 0), above for y < 0 */
  const int up = sign ? t > 0 : t < 0;
  if (r > half || (r == half && (t != 0 ? up : (int)(q & 1)))) q++;
  uint64_t bits = e < emin ? q : ((uint64_t)(e + emax) << (p - 1)) + q - (1ull << (p - 1));
  if (bits >= f16_inf(f)) bits = f16_inf(f);
  return sign | (uint16_t)bits;
}

/* Position on the line of ordered numbers: -0 and +0 both 0, consecutive numbers one
 * apart, the infinities one past the largest finite numbers. */
F16_HD int32_t f16_order(uint16_t b) { return b & 0x8000u ? -(int32_t)(b & 0x7fffu) : (int32_t)b; }
/* The distance of out from rn in representable steps (the CUDA Guide's "ulps between the
 * result returned and the correctly rounded result"); a NaN on one side only: 1 << 20. */
F16_HD int32_t f16_steps(int f, uint16_t out, uint16_t rn) {
  const int no = f16_isnan(f, out), nr = f16_isnan(f, rn);
  if (no || nr) return no && nr ? 0 : 1 << 20;
  const int32_t d = f16_order(out) - f16_order(rn);
  return d < 0 ? -d : d;
}

/* Classes of a mismatch between an output and the expected bits, in this order of
 * precedence:
 *   nan        a NaN on one side only, or (strict) a NaN other than the one documented;
 *   overflow   an infinity on one side (overflow, or its absence), or a result that the
 *              documented saturation or clamp decided (sat: NaN and values outside [0, 1];
 *              relu: negative values);
 *   zero_sign  +0 against -0;
 *   subnormal  a zero or subnormal on either side, or a subnormal operand (flushing);
 *   rounding   any other difference between finite numbers. */
enum { H16_NAN, H16_OVERFLOW, H16_ZERO_SIGN, H16_SUBNORMAL, H16_ROUNDING, H16_NCLS };
#define H16_CLASS_NAMES {"nan", "overflow", "zero_sign", "subnormal", "rounding"}

/* The class of (out, expected), or -1 when they match: equal bits, or both NaN where any
 * NaN is right (strict = 0). */
F16_HD int f16_classify(int f, uint16_t out, uint16_t expected, int strict_nan, int clamped, int sub_operand) {
  const int no = f16_isnan(f, out), ne = f16_isnan(f, expected);
  if (out == expected) return -1;
  if (no && ne) return strict_nan ? H16_NAN : -1;
  if (no || ne) return H16_NAN;
  if (f16_isinf(f, out) || f16_isinf(f, expected) || clamped) return H16_OVERFLOW;
  if (((out | expected) & 0x7fffu) == 0) return H16_ZERO_SIGN;
  if (f16_istiny(f, out) || f16_istiny(f, expected) || sub_operand) return H16_SUBNORMAL;
  return H16_ROUNDING;
}

/* The error of out against the exact value y, in ulps of the format at y; -1 when out or
 * y is not finite (their mismatches are counted by class instead). */
F16_HD double f16_err_ulps(int f, uint16_t out, double y) {
  const double o = f16_decode(f, out);
  if (o - o != 0 || y - y != 0) return -1;
  const double d = o > y ? o - y : y - o;
  return d * f16_pow2(-f16_ulp_exp(f, y)); /* d / ulp(y), the ulp a power of two */
}

#endif
