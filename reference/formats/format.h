/* format.h: the binary floating-point formats narrower than binary64 that the kinds check
 * (binary32, binary16, bfloat16, TF32, the OCP FP8, FP6 and FP4 formats, E8M0), each
 * described once, and what every kind needs of a format: its fields, the classes of a
 * code, its exact value (lowp_decode, lowp_to_f32), its ulp, and the code of the
 * correctly rounded value from a binary64 reference pair (lowp_round_pair). The rounding
 * of a binary32 input under a conversion's documented semantics is lowp.h's; the 16-bit
 * kinds' names for binary16 and bfloat16 are fmt16.h's. Host and device code alike
 * (reference/host_device.h's rules; integer arithmetic and exact binary64 operations only).
 *
 * A format is a sign bit (except E8M0), ebits exponent bits with bias b and mbits
 * fraction bits: p = mbits + 1 significand bits, normal exponents from emin = 1 - b,
 * subnormals below 2^emin in steps of 2^qmin, qmin = emin - p + 1. What the all-ones
 * exponent means differs (lowp_nan): IEEE formats keep infinities and NaNs there; E4M3
 * keeps only S.1111.111 as NaN (largest finite 448); E2M3, E3M2 and E2M1 have neither
 * (every code is a number); E8M0 is an unsigned exponent 2^(k-127), k < 255, 0xff NaN.
 * TF32 is a 19-bit format kept in a binary32 container, its code 13 bits up. A code's
 * container is a uint32_t (a uint16_t holds the 16-bit ones). */
#ifndef ULPCERT_FORMAT_H
#define ULPCERT_FORMAT_H

#include <stdint.h>

#include "reference/bits.h"

#if defined(__CUDACC__)
#define FMT_HD static __host__ __device__ __forceinline__
#else
#define FMT_HD static inline
#endif

/* what the all-ones exponent holds */
enum lowp_nan {
  LOWP_NAN_IEEE, /* infinity (fraction 0) and NaNs */
  LOWP_NAN_ONES, /* only S.1...1 is NaN (E4M3): no infinity */
  LOWP_NAN_NONE, /* numbers: no infinity, no NaN (E2M3, E3M2, E2M1) */
  LOWP_NAN_E8M0  /* unsigned powers of two, 0xff NaN */
};

/* The formats, one line each: FMT(id, token, name, ebits, mbits, bias, nan, shift, canon).
 * token: the CLI's and the conversions' name; name: the 16-bit kinds' and reports'; shift:
 * the code's place in its container; canon: the canonical NaN, a container value (0: the
 * format has none). Canonical NaNs: binary32 0x7fffffff (CUDA Programming Guide,
 * Floating-Point Standard), binary16 0x7fff and bfloat16 0x7fff as the PTX ISA and
 * cuda_fp16.hpp/cuda_bf16.hpp produce them; E4M3 0x7f and E5M2 0x7f (cuda_fp8.hpp's
 * software path); E8M0 0xff (cuda_fp8.h). TF32 0x7fffe000: the PTX ISA names a canonical
 * NaN for .tf32 (cvt's .relu) without an encoding, and leaves the layout
 * implementation-defined; in the binary32 container as read here (low 13 bits zero, which
 * every TF32 value has) binary32's 0x7fffffff cannot be held, and its TF32 form is the
 * same sign, exponent and all-ones fraction in TF32's 10 bits: 0x7fffffff with the low 13
 * bits cleared, as binary16's and bfloat16's 0x7fff are. */
#define LOWP_FMT_F32(FMT) FMT(LOWP_F32, "f32", "binary32", 8, 23, 127, LOWP_NAN_IEEE, 0, 0x7fffffffu)
#define LOWP_FMT_F16(FMT) FMT(LOWP_F16, "f16", "binary16", 5, 10, 15, LOWP_NAN_IEEE, 0, 0x7fffu)
#define LOWP_FMT_BF16(FMT) FMT(LOWP_BF16, "bf16", "bfloat16", 8, 7, 127, LOWP_NAN_IEEE, 0, 0x7fffu)
#define LOWP_FMT_TF32(FMT) FMT(LOWP_TF32, "tf32", "tf32", 8, 10, 127, LOWP_NAN_IEEE, 13, 0x7fffe000u)
#define LOWP_FMT_E4M3(FMT) FMT(LOWP_E4M3, "e4m3", "e4m3", 4, 3, 7, LOWP_NAN_ONES, 0, 0x7fu)
#define LOWP_FMT_E5M2(FMT) FMT(LOWP_E5M2, "e5m2", "e5m2", 5, 2, 15, LOWP_NAN_IEEE, 0, 0x7fu)
#define LOWP_FMT_E2M3(FMT) FMT(LOWP_E2M3, "e2m3", "e2m3", 2, 3, 1, LOWP_NAN_NONE, 0, 0)
#define LOWP_FMT_E3M2(FMT) FMT(LOWP_E3M2, "e3m2", "e3m2", 3, 2, 3, LOWP_NAN_NONE, 0, 0)
#define LOWP_FMT_E2M1(FMT) FMT(LOWP_E2M1, "e2m1", "e2m1", 2, 1, 1, LOWP_NAN_NONE, 0, 0)
#define LOWP_FMT_E8M0(FMT) FMT(LOWP_E8M0, "e8m0", "e8m0", 8, 0, 127, LOWP_NAN_E8M0, 0, 0xffu)
#define LOWP_FORMATS(FMT)                                                                          \
  LOWP_FMT_F32(FMT) LOWP_FMT_F16(FMT) LOWP_FMT_BF16(FMT) LOWP_FMT_TF32(FMT) LOWP_FMT_E4M3(FMT) \
  LOWP_FMT_E5M2(FMT) LOWP_FMT_E2M3(FMT) LOWP_FMT_E3M2(FMT) LOWP_FMT_E2M1(FMT) LOWP_FMT_E8M0(FMT)

#define LOWP_ID_(id, ...) id,
enum lowp_id { LOWP_FORMATS(LOWP_ID_) LOWP_NFMT };
#undef LOWP_ID_

struct lowp_fmt {
  uint8_t ebits, mbits;
  int16_t bias;
  uint8_t nan;    /* enum lowp_nan */
  uint8_t shift;  /* the code's place in its container (TF32: 13) */
  uint32_t canon; /* the canonical NaN, a container value (0: the format has none) */
};

/* The format of id (binary32 for an id out of range: the default label stands before the
 * list's first case, binary32's). */
FMT_HD struct lowp_fmt lowp_format(int id) {
  switch (id) {
#define LOWP_CASE_(id_, tok, nm, eb, mb, bias, nan, sh, canon) \
  case id_: return (struct lowp_fmt){eb, mb, bias, nan, sh, canon};
  default:
    LOWP_FORMATS(LOWP_CASE_)
#undef LOWP_CASE_
  }
}
/* its token ("f16") and name ("binary16"); "?" out of range */
FMT_HD const char *lowp_name(int id) {
  switch (id) {
#define LOWP_TOKEN_(id_, tok, ...) \
  case id_: return tok;
    LOWP_FORMATS(LOWP_TOKEN_)
#undef LOWP_TOKEN_
  default: return "?";
  }
}
FMT_HD const char *lowp_long_name(int id) {
  switch (id) {
#define LOWP_NAME_(id_, tok, nm, ...) \
  case id_: return nm;
    LOWP_FORMATS(LOWP_NAME_)
#undef LOWP_NAME_
  default: return "?";
  }
}

FMT_HD int lowp_clz(uint32_t v) {
#if defined(__CUDA_ARCH__)
  return __clz((int)v);
#else
  return __builtin_clz(v);
#endif
}
FMT_HD int lowp_p(struct lowp_fmt f) { return f.mbits + 1; }
/* the bits of a code: sign (none for E8M0), exponent and fraction */
FMT_HD int lowp_width(struct lowp_fmt f) { return (f.nan == LOWP_NAN_E8M0 ? 0 : 1) + f.ebits + f.mbits; }
/* the smallest normal exponent (E8M0, whose code 0 is 2^-127 and which has no
 * subnormals: -127) */
FMT_HD int lowp_emin(struct lowp_fmt f) { return f.nan == LOWP_NAN_E8M0 ? -f.bias : 1 - f.bias; }
FMT_HD uint32_t lowp_signbit(struct lowp_fmt f) { return f.nan == LOWP_NAN_E8M0 ? 0 : 1u << (f.ebits + f.mbits); }
FMT_HD uint32_t lowp_infcode(struct lowp_fmt f) { return ((1u << f.ebits) - 1) << f.mbits; }
/* the magnitude code of the largest finite value */
FMT_HD uint32_t lowp_maxcode(struct lowp_fmt f) {
  const uint32_t all = (1u << (f.ebits + f.mbits)) - 1;
  if (f.nan == LOWP_NAN_ONES || f.nan == LOWP_NAN_E8M0) return all - 1;
  if (f.nan == LOWP_NAN_NONE) return all;
  return lowp_infcode(f) - 1;
}
/* the exponent of the largest finite value, floor(log2(max)): binary16 15, bfloat16 127,
 * E4M3 8 (448 = 1.75 2^8), E2M1 2 (6 = 1.5 2^2) */
FMT_HD int lowp_emax(struct lowp_fmt f) { return (int)(lowp_maxcode(f) >> f.mbits) - f.bias; }
/* classification of a container value */
FMT_HD uint32_t lowp_mag(struct lowp_fmt f, uint32_t c) {
  return f.shift ? c & 0x7fffffffu : c & (lowp_signbit(f) ? lowp_signbit(f) - 1 : 0xffu);
}
FMT_HD int lowp_is_nan(struct lowp_fmt f, uint32_t c) {
  const uint32_t m = lowp_mag(f, c);
  if (f.shift) return m > 0x7f800000u;
  if (f.nan == LOWP_NAN_IEEE) return m > lowp_infcode(f);
  if (f.nan == LOWP_NAN_ONES || f.nan == LOWP_NAN_E8M0) return m == lowp_maxcode(f) + 1;
  return 0;
}
FMT_HD int lowp_is_inf(struct lowp_fmt f, uint32_t c) {
  if (f.nan != LOWP_NAN_IEEE) return 0;
  return lowp_mag(f, c) == (f.shift ? 0x7f800000u : lowp_infcode(f));
}
FMT_HD int lowp_is_zero(struct lowp_fmt f, uint32_t c) { return f.nan != LOWP_NAN_E8M0 && lowp_mag(f, c) == 0; }
/* a subnormal code (non-zero, biased exponent 0) */
FMT_HD int lowp_is_sub(struct lowp_fmt f, uint32_t c) {
  const uint32_t m = lowp_mag(f, c) >> f.shift;
  return f.nan != LOWP_NAN_E8M0 && m != 0 && (m >> f.mbits) == 0;
}
/* the code's sign (E8M0: none) */
FMT_HD int lowp_is_neg(struct lowp_fmt f, uint32_t c) { return (c >> f.shift) & lowp_signbit(f) ? 1 : 0; }

/* The binary32 bits of sig * 2^ex (sig < 2^24), exactly representable: every value of
 * every format here is (their exponents lie within binary32's, down to its subnormals). */
FMT_HD uint32_t lowp_exact_f32(uint32_t sig, int ex) {
  if (!sig) return 0;
  const int lb = 31 - lowp_clz(sig), L = lb + ex;
  if (L >= -126) return ((uint32_t)(L + 127) << 23) | ((sig << (23 - lb)) & 0x7fffffu);
  return sig << (ex + 149);
}
/* The value of container c of format f as binary32 bits, exactly; NaN as 0x7fffffff.
 * TF32's container is read as the binary32 it is, whatever its low 13 bits hold. */
FMT_HD uint32_t lowp_to_f32(struct lowp_fmt f, uint32_t c) {
  if (lowp_is_nan(f, c)) return 0x7fffffffu;
  if (f.nan == LOWP_NAN_E8M0) return lowp_exact_f32(1, (int)(c & 0xffu) - 127);
  if (f.shift || (f.ebits == 8 && f.mbits == 23)) return c;
  const uint32_t sign = c & lowp_signbit(f) ? 0x80000000u : 0;
  if (lowp_is_inf(f, c)) return sign | 0x7f800000u;
  const uint32_t m = lowp_mag(f, c), e = m >> f.mbits, fr = m & ((1u << f.mbits) - 1);
  const uint32_t sig = e ? fr | (1u << f.mbits) : fr;
  return sign | lowp_exact_f32(sig, (e ? (int)e : 1) - f.bias - f.mbits);
}

/* 2^k for binary64-normal k (-1022 <= k <= 1023), exactly */
FMT_HD double lowp_pow2(int k) { return u2d((uint64_t)(k + 1023) << 52); }

/* The value of container c as a binary64 number: exact (every value of these formats is
 * a binary32 number); a NaN code gives the binary64 NaN 0x7ff8000000000000 with the
 * code's sign, an infinity the infinity. The same value as lowp_to_f32's, computed
 * directly: |c| = (2^mbits + fraction) 2^(e - bias - mbits) for a biased exponent e >= 1,
 * fraction 2^(emin - mbits) for e = 0; E8M0's code k is 2^(k - 127). */
FMT_HD double lowp_decode(struct lowp_fmt f, uint32_t c) {
  const uint32_t m = lowp_mag(f, c) >> f.shift, e = m >> f.mbits, fr = m & ((1u << f.mbits) - 1);
  double v;
  if (lowp_is_nan(f, c)) v = u2d(0x7ff8000000000000ull);
  else if (lowp_is_inf(f, c)) v = u2d(0x7ff0000000000000ull);
  else if (f.nan == LOWP_NAN_E8M0) v = lowp_pow2((int)m - f.bias);
  else if (e == 0) v = (double)fr * lowp_pow2(lowp_emin(f) - f.mbits);
  else v = (double)(fr | (1u << f.mbits)) * lowp_pow2((int)e - f.bias - f.mbits);
  return lowp_is_neg(f, c) ? -v : v;
}

/* ulp of a value y of the format: 2^k, k = max(floor(log2|y|), emin) - p + 1; for y = 0,
 * NaN or infinite, the ulp of the subnormals 2^(emin - p + 1). */
FMT_HD int lowp_ulp_exp(struct lowp_fmt f, double y) {
  const int e = (int)((d2u(y) >> 52) & 0x7ff) - 1023, emin = lowp_emin(f);
  return (e == 1024 || e < emin ? emin : e) - lowp_p(f) + 1;
}
FMT_HD double lowp_ulp(struct lowp_fmt f, double y) { return lowp_pow2(lowp_ulp_exp(f, y)); }

/* The container of RN_p(z) (to nearest, ties to even, with the format's subnormals) from
 * the pair y = RN53(z), t = sign(y - z), for every format but E8M0. Beyond the largest
 * finite value (in magnitude: at or above the midpoint of the largest finite value and the
 * next step, to even) the result is the infinity of z's sign where the format has one,
 * else the largest finite value of that sign (IEEE 754's overflow in round to nearest; the
 * formats without infinities: saturation); a NaN y gives the canonical NaN (0 for a
 * format without NaN).
 *
 * Claim: unless y is a midpoint of two consecutive numbers of the format, RN_p(z) =
 * RN_p(y). Every midpoint of the format (the overflow threshold (2 - 2^-p) 2^emax
 * included) has at most p + 1 <= 25 significant bits at exponents >= emin - p >= -150, so
 * it is a binary64 number; were one strictly between z and y, or equal to z with y not, it
 * would be closer to z than y is, against y = RN53(z). When y is a midpoint, t says on
 * which side of it z lies (t = 0: z is the midpoint, a true tie, to even).
 *
 * Computation on y's bits: |y| = m 2^(e-52) with m the 53-bit integer significand; the
 * format's quantum at y is 2^qe, qe = max(e, emin) - p + 1, so RN_p keeps the integer
 * q = floor(m / 2^s), s = qe - e + 52 >= 53 - p >= 29, and rounds up by the remainder r =
 * m mod 2^s against half = 2^(s-1). Then |RN_p(z)| = q 2^qe, whose magnitude code is
 * (max(e, emin) - emin) 2^(p-1) + q (lowp.h's step 5: below 2^emin the subnormal code q; in
 * a normal binade the biased exponent and fraction, a carry of q to 2^p landing in the
 * next binade's 1.0); codes grow with the value, so the result is beyond the largest
 * finite value exactly when its code is above lowp_maxcode. When e < emin - p - 1, |y| <
 * 2^(emin-p-1) is below half the smallest subnormal 2^(emin-p+1): zero (otherwise s <= 54,
 * and at e = emin - p - 1, q = 0 and r = m < half: zero too). A binary64 subnormal y is
 * below every format's half quantum (2^-1022 against at least 2^-150): zero as well.
 * When e > emax + 1, |y| >= 2^(emax+2) is beyond the largest finite value, below
 * 2^(emax+1). */
FMT_HD uint32_t lowp_round_pair(struct lowp_fmt f, double y, int t) {
  const int p = lowp_p(f), emin = lowp_emin(f);
  const uint64_t u = d2u(y), a = u & 0x7fffffffffffffffull;
  const uint32_t sign = u >> 63 ? lowp_signbit(f) : 0;
  const uint32_t big = f.nan == LOWP_NAN_IEEE ? lowp_infcode(f) : lowp_maxcode(f);
  if (a > 0x7ff0000000000000ull) return f.canon;
  const int e = (int)(a >> 52) - 1023;
  if (e < -1022 || e < emin - p - 1) return sign << f.shift; /* below half the smallest subnormal */
  if (e > lowp_emax(f) + 1) return (sign | big) << f.shift;  /* infinities included */
  const uint64_t m = (a & 0x000fffffffffffffull) | 0x0010000000000000ull;
  const int qe = (e < emin ? emin : e) - p + 1, s = qe - e + 52;
  uint64_t q = m >> s;
  const uint64_t r = m & ((1ull << s) - 1), half = 1ull << (s - 1);
  /* z above the midpoint in magnitude: y below z for y > 0 (t < 0), above for y < 0 */
  const int up = u >> 63 ? t > 0 : t < 0;
  if (r > half || (r == half && (t != 0 ? up : (int)(q & 1)))) q++;
  const uint64_t mag = ((uint64_t)((e < emin ? emin : e) - emin) << (p - 1)) + q;
  return (sign | (mag > lowp_maxcode(f) ? big : (uint32_t)mag)) << f.shift;
}

#endif
