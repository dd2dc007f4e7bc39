/* fmt16.h: the two 16-bit binary formats, binary16 (__half) and bfloat16 (__nv_bfloat16),
 * as the 16-bit kinds name them (FMT16_BINARY16, FMT16_BFLOAT16), on the formats' one
 * description (format.h: LOWP_F16, LOWP_BF16), as host and device code alike (the same
 * source compiled by the host compiler and by nvcc, so that the exact references of the
 * 16-bit operations and their rounding give the same bits on both): decoding, rounding a
 * binary64 reference pair to the format, the ulp, the distance in representable steps
 * and the classes of mismatch.
 *
 * A format: p significand bits (the leading one included), normal exponents emin..emax,
 * subnormals below 2^emin, bias emax, 1 sign bit, 16 - p exponent bits.
 *   binary16: p = 11, emin = -14, emax = 15 (largest 65504 = 0x7bff, smallest 2^-24 = 0x0001)
 *   bfloat16: p = 8, emin = -126, emax = 127 (largest 0x1.fep127 = 0x7f7f, smallest 2^-133) */
#ifndef ULPCERT_FMT16_H
#define ULPCERT_FMT16_H

#include <stdint.h>

#include "reference/formats/format.h"

#ifdef __CUDACC__
#define F16_HD static __host__ __device__ __forceinline__
#else
#define F16_HD static inline
#endif

enum { FMT16_BINARY16 = 0, FMT16_BFLOAT16 = 1, FMT16_N };

/* the format's description (a choice between two constants: no table lookup on the device) */
F16_HD struct lowp_fmt f16_fmt(int f) { return f == FMT16_BFLOAT16 ? lowp_format(LOWP_BF16) : lowp_format(LOWP_F16); }
F16_HD int f16_p(int f) { return lowp_p(f16_fmt(f)); }
F16_HD int f16_emin(int f) { return lowp_emin(f16_fmt(f)); }
F16_HD int f16_emax(int f) { return lowp_emax(f16_fmt(f)); }
/* +inf: every exponent bit set, fraction 0 (0x7c00, 0x7f80) */
F16_HD uint16_t f16_inf(int f) { return (uint16_t)lowp_infcode(f16_fmt(f)); }
/* The canonical NaN of the CUDA headers (CUDART_NAN_FP16, CUDART_NAN_BF16: 0x7fff; format.h's canon). */
#define F16_CANONICAL_NAN 0x7fffu
/* "binary16", "bfloat16" */
F16_HD const char *f16_name(int f) { return lowp_long_name(f == FMT16_BFLOAT16 ? LOWP_BF16 : LOWP_F16); }

/* Flags an exact reference (functions/<name>/h16_ref.h) returns above the 16 bits of its
 * result. */
#define H16R_STRICT (1u << 16)  /* the bits are documented exactly: NaN payloads count */
#define H16R_CLAMPED (1u << 17) /* a clamp (sat, relu) decided the result */

F16_HD int f16_isnan(int f, uint16_t b) { return (b & 0x7fff) > f16_inf(f); }
F16_HD int f16_isinf(int f, uint16_t b) { return (b & 0x7fff) == f16_inf(f); }
/* zero or subnormal: exponent field 0 */
F16_HD int f16_istiny(int f, uint16_t b) { return (b & 0x7fff) < (1u << (f16_p(f) - 1)); }
F16_HD int f16_issub(int f, uint16_t b) { return (b & 0x7fff) != 0 && f16_istiny(f, b); }

/* The value of a bit pattern: exact in binary64 (format.h: lowp_decode). */
F16_HD double f16_decode(int f, uint16_t b) { return lowp_decode(f16_fmt(f), b); }

/* ulp of a value y of the format: 2^k, k = max(floor(log2|y|), emin) - p + 1; for y = 0,
 * NaN or infinite, the ulp of the subnormals 2^(emin - p + 1) (format.h: lowp_ulp_exp). */
F16_HD int f16_ulp_exp(int f, double y) { return lowp_ulp_exp(f16_fmt(f), y); }
F16_HD double f16_ulp(int f, double y) { return lowp_ulp(f16_fmt(f), y); }
/* 2^k for binary64-normal k (-1022 <= k <= 1023), exactly */
F16_HD double f16_pow2(int k) { return lowp_pow2(k); }

/* The bit pattern of RN_p(z) (to nearest, ties to even, with the format's subnormals and
 * overflow to infinity; a NaN: F16_CANONICAL_NAN) from the pair y = RN53(z), t = sign(y -
 * z): format.h's lowp_round_pair, with its proof. */
F16_HD uint16_t f16_round(int f, double y, int t) { return (uint16_t)lowp_round_pair(f16_fmt(f), y, t); }

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
