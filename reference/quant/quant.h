/* quant.h: the exact block-scaled quantizers of the OCP Microscaling Formats (MX)
 * Specification v1.0 and of NVIDIA's NVFP4, with the variants implementations differ by,
 * on bit patterns and integers alone. Trusted base: it includes only system headers, and
 * the same code runs on the host and on the device (no floating-point operation decides a
 * rounding; the one double below, qr_value, only measures errors).
 *
 * A block quantizer has two parts. Its scale: from the block's largest magnitude amax, one
 * scale S per block (E8M0, a power of two 2^k, for MX; a positive E4M3 number for NVFP4).
 * Its elements: each element x of the block becomes the code of the element format nearest
 * x / S (in the variant's rounding). Since an element's code depends only on x and S, and
 * S takes few values (255 finite E8M0 codes, 126 positive finite E4M3 codes), every pair
 * (S, x) can be checked.
 *
 * The specification text each part follows (the sections and tables cited are listed, with
 * where their numbers come from, in docs/mx-spec-sections.txt, which tests/suites/quant_test.sh
 * checks every citation against):
 *  - OCP MX v1.0, Table 1 (the concrete formats: MXFP8 E5M2 and E4M3, MXFP6 E3M2 and
 *    E2M3, MXFP4 E2M1, all with an E8M0 scale and blocks of 32 elements) and
 *    section 5.3 (the element formats: E4M3 largest 448, S.1111.111 NaN, no infinity;
 *    E5M2 IEEE-like, largest 57344; FP6 E2M3 largest 7.5, E3M2 largest 28; FP4 E2M1
 *    largest 6; FP6 and FP4 have neither infinity nor NaN); section 5.4 (E8M0: 2^(c-127)
 *    for c = 0..254, 0xFF NaN).
 *  - OCP MX v1.0, section 6.3 (conversion of a vector of scalars to an MX block):
 *    shared_exp = floor(log2(max_i |V_i|)) - emax_elem, X = 2^shared_exp, and
 *    P_i = quantize_to_element_format(V_i / X), "clamping normal numbers" (values beyond the
 *    element format's largest normal become that number), in round-to-nearest-even; a block
 *    holding Inf or NaN gets the NaN scale. That is QS_FLOOR + QE_RNE + QO_SAT here. Where
 *    shared_exp falls below E8M0's range the scale is clipped to 2^-127 (E8M0's smallest).
 *    The specification leaves amax = 0 to the implementation (log2(0) = -inf: clipped to
 *    2^-127 by the same rule, QZ_MIN; some implementations choose 2^0, QZ_ONE).
 *  - The scale variant many frameworks use instead (a "ceil" or "RCEIL" scale): the
 *    smallest power of two 2^k with amax / 2^k <= the element format's largest value,
 *    k = ceil(log2(amax / max_elem)) (QS_CEIL): no element then saturates. QS_NEAREST rounds
 *    amax / max_elem to the nearer power of two, a tie (3 * 2^(k-1)) going up.
 *  - NVFP4 (NVIDIA, "Introducing NVFP4 for efficient and accurate low-precision
 *    inference", and the PTX ISA's block-scaled mma kinds): E2M1 elements in blocks of 16,
 *    a block scale in E4M3 computed as amax / 6 rounded to E4M3 (saturating at 448), and
 *    optionally a per-tensor FP32 decode scale G: an element decodes as e * S * G and is
 *    quantized as the E2M1 code nearest x / (S * G). The rounding of amax / 6 differs
 *    between implementations: to nearest even (QS_RNE, the E4M3 conversion's own), up
 *    (QS_UP: no element then saturates) or toward zero (QS_DOWN).
 *  - Element rounding: to nearest, ties to even (QE_RNE, the specification's), ties away
 *    from zero (QE_RNA, what some FP4 fallbacks do), toward zero (QE_RZ). On overflow:
 *    saturate to the largest finite (QO_SAT, the specification's "clamping"), NaN
 *    (QO_NAN, the OCP FP8 non-saturating mode; E4M3 and E5M2 only), infinity (QO_INF,
 *    E5M2 only). An infinite element is an overflow; a NaN element is NaN in the FP8
 *    formats and implementation-defined in FP6 and FP4, which have no NaN.
 *
 * The rounding (qr_analyze), proved:
 *  1. The exact value to round is v = N / D * 2^E (integers N >= 1, 1 <= D < 2^32,
 *     N < 2^62): an element x = Nx * 2^Ex divided by the scale Ns * 2^Es (and by G =
 *     Ng * 2^Eg) is Nx / (Ns Ng) * 2^(Ex - Es - Eg).
 *  2. Its binade L = floor(log2 v): with lbN, lbD the top bit indices of N and D and
 *     nn, dd their values shifted to bit 63, N / D lies in [2^(lbN-lbD-1), 2^(lbN-lbD+1))
 *     and is below 2^(lbN-lbD) exactly when nn < dd, so L = E + lbN - lbD - [nn < dd].
 *  3. If L > emax, v >= 2^(emax+1) exceeds the largest finite number of the format (which
 *     is below 2^(emax+1)): it overflows in every rounding but toward zero, where it
 *     becomes the largest finite (IEEE 754 section 7.4).
 *  4. Otherwise the neighbours of v are multiples of 2^q, q = max(L, emin) - p + 1 (p
 *     significand bits; below 2^emin the subnormal step 2^qmin, qmin = emin - p + 1).
 *     If L < q - 1, v < 2^(q-1), half a step: n = 0, below half. If L = q - 1, v is in
 *     [2^(q-1), 2^q): n = 0, at half exactly when v is a power of two (nn = dd), else
 *     above. Otherwise v >= 2^q, and n = floor(v / 2^q) = floor(A / B), rem = A mod B with
 *     A = N 2^t, B = D for t = E - q >= 0, A = N, B = D 2^-t for t < 0. No word overflows:
 *     v / 2^q < 2^(L+1-q) <= 2^p, so A < B 2^p < 2^(32+24) when t >= 0; when t < 0,
 *     A / B >= 1 gives B <= N < 2^62. The fraction beyond n is rem / B: below, at or
 *     above one half as 2 rem <, = or > B (2 rem < 2^63).
 *  5. The code of m * 2^q (m = n or n + 1) is mag = (q - qmin) 2^(p-1) + m: below 2^emin,
 *     q = qmin and mag = m is the subnormal code; in a normal binade 2^(p-1) <= m <= 2^p,
 *     the biased exponent is L - emin + 1 and the fraction m - 2^(p-1); m = 2^p carries
 *     into the next binade, which the same formula gives. Codes grow with the value, so
 *     the result overflows exactly when mag exceeds the largest finite code (maxcode).
 *     mag and n have the same parity (2^(p-1) is even for p >= 2), so ties to even test
 *     mag's low bit. */
#ifndef ULPCERT_REFERENCE_QUANT_H
#define ULPCERT_REFERENCE_QUANT_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#if defined(__CUDACC__)
#define QR_HD static __host__ __device__ inline
#else
#define QR_HD static inline
#endif

/* element formats, source formats and scale formats */
enum qr_elem { QF_E4M3, QF_E5M2, QF_E2M3, QF_E3M2, QF_E2M1, QF_NELEM, QF_F16 = QF_NELEM, QF_BF16, QF_NALL };
enum qr_src { QX_F32, QX_F16, QX_BF16, QX_NSRC };
enum qr_scale_kind { QK_E8M0, QK_E4M3 };
/* element rounding, overflow rule */
enum qr_mode { QE_RNE, QE_RNA, QE_RZ };
enum qr_ovf { QO_SAT, QO_NAN, QO_INF };
/* scale rounding: MX (E8M0) and NVFP4 (E4M3) */
enum qr_srnd { QS_FLOOR, QS_CEIL, QS_NEAREST, QS_NSRND };
enum qr_nvrnd { QS_RNE, QS_UP, QS_DOWN };
/* amax = 0 (MX): 2^-127 or 2^0 */
enum qr_zero { QZ_MIN, QZ_ONE };

/* an element format: p significand bits, normal exponents emin..emax, the largest finite
 * code, the sign bit, what the format has beyond (nan: 0 none, 1 NaN only (E4M3), 2
 * infinity and NaN (E5M2)), and the largest value as maxn * 2^maxe */
struct qr_fmt {
  int p, emin, emax, nan;
  uint32_t maxcode, signbit, nancode, infcode;
  uint32_t maxn;
  int maxe;
};

/* The formats of OCP MX v1.0 section 5.3 (E4M3: bias 7, 448 = 7 * 2^6; E5M2: bias 15,
 * 57344 = 7 * 2^13; E2M3: bias 1, 7.5 = 15 * 2^-1; E3M2: bias 3, 28 = 7 * 2^2; E2M1: bias
 * 1, 6 = 3 * 2^1). NaN codes: E4M3 S.1111.111, E5M2 0x7f (one of S.11111.{01,10,11}),
 * as cuda_fp8.hpp produces them; infinity E5M2 S.11111.00. */
/* (plain initializers rather than compound literals, so that strict C++, NVRTC compiling a
 * user's quantizer with this file (src/kinds/quant/user_gpu.c), takes it too) */
#define QR_FMT(...)                                                                                                    \
  {                                                                                                                    \
    const struct qr_fmt f_ = {__VA_ARGS__};                                                                            \
    return f_;                                                                                                         \
  }
QR_HD struct qr_fmt qr_format(int id) {
  switch (id) {
  case QF_E4M3: QR_FMT(4, -6, 8, 1, 0x7eu, 0x80u, 0x7fu, 0x7fu, 7, 6)
  case QF_E5M2: QR_FMT(3, -14, 15, 2, 0x7bu, 0x80u, 0x7fu, 0x7cu, 7, 13)
  case QF_E2M3: QR_FMT(4, 0, 2, 0, 0x1fu, 0x20u, 0, 0, 15, -1)
  case QF_E3M2: QR_FMT(3, -2, 4, 0, 0x1fu, 0x20u, 0, 0, 7, 2)
  /* binary16 (largest 65504 = 2047 * 2^5) and bfloat16 (255 * 2^120), targets of
   * stochastic rounding; canonical NaN 0x7fff as cuda_fp16.hpp and cuda_bf16.hpp make it */
  case QF_F16: QR_FMT(11, -14, 15, 2, 0x7bffu, 0x8000u, 0x7fffu, 0x7c00u, 2047, 5)
  case QF_BF16: QR_FMT(8, -126, 127, 2, 0x7f7fu, 0x8000u, 0x7fffu, 0x7f80u, 255, 120)
  default: QR_FMT(2, 0, 2, 0, 0x7u, 0x8u, 0, 0, 3, 1) /* E2M1 */
  }
}
#undef QR_FMT

QR_HD int qr_top(uint64_t v) { /* index of the top bit of v > 0 */
#if defined(__CUDA_ARCH__)
  return 63 - __clzll((long long)v);
#else
  return 63 - __builtin_clzll(v);
#endif
}

/* A source element (or amax) decoded: (-1)^sign N 2^E, or a class. */
enum qr_cls { QC_ZERO, QC_FINITE, QC_INF, QC_NAN };
struct qr_num {
  int cls, sub; /* sub: a subnormal of its format */
  uint32_t sign;
  uint64_t n;
  int e;
};
/* binary32 (8, 23), binary16 (5, 10), bfloat16 (8, 7) */
QR_HD struct qr_num qr_decode(int src, uint32_t bits) {
  int eb = src == QX_F16 ? 5 : 8, mb = src == QX_F32 ? 23 : src == QX_F16 ? 10 : 7;
  int bias = (1 << (eb - 1)) - 1;
  uint32_t m = bits & ((1u << mb) - 1), ex = (bits >> mb) & ((1u << eb) - 1);
  struct qr_num r = {QC_FINITE, 0, (bits >> (eb + mb)) & 1u, m, 1 - bias - mb};
  if (ex == (1u << eb) - 1) r.cls = m ? QC_NAN : QC_INF;
  else if (ex) r.n = m | 1u << mb, r.e = (int)ex - bias - mb;
  else if (!m) r.cls = QC_ZERO;
  else r.sub = 1;
  return r;
}

/* The rounding of v = (-1)^sign N / D 2^E to an element format (proof above): lo the code
 * magnitude of n 2^q, how the rest compares with half a step (0 none, 1 below, 2 at, 3
 * above), big: v >= 2^(emax+1). */
struct qr_round {
  uint32_t sign, lo;
  int rest, big;
};
QR_HD struct qr_round qr_analyze(const struct qr_fmt *f, uint32_t sign, uint64_t N, uint64_t D, int E) {
  struct qr_round r = {sign, 0, 0, 0};
  if (!N) return r;
  int lbn = qr_top(N), lbd = qr_top(D);
  uint64_t nn = N << (63 - lbn), dd = D << (63 - lbd);
  int L = E + lbn - lbd - (nn < dd);
  if (L > f->emax) {
    r.big = 1;
    return r;
  }
  int qmin = f->emin - f->p + 1, q = (L > f->emin ? L : f->emin) - f->p + 1;
  if (L < q - 1) {
    r.rest = 1;
    return r;
  }
  if (L == q - 1) {
    r.rest = nn == dd ? 2 : 3;
    return r;
  }
  int t = E - q;
  uint64_t A = t >= 0 ? N << t : N, B = t >= 0 ? D : D << -t, n, rem;
  if (!(B & (B - 1))) { /* a power of two: shifts */
    int k = qr_top(B);
    n = A >> k, rem = A & (B - 1);
  } else {
    n = A / B, rem = A % B;
  }
  r.lo = (uint32_t)((uint64_t)(q - qmin) << (f->p - 1)) + (uint32_t)n;
  r.rest = !rem ? 0 : 2 * rem < B ? 1 : 2 * rem == B ? 2 : 3;
  return r;
}

/* The code of an analysed value in a rounding mode and overflow rule (a rule the format
 * lacks falls back: infinity to NaN, NaN to saturation). */
QR_HD uint32_t qr_code(const struct qr_fmt *f, struct qr_round r, int mode, int ovf) {
  int up = mode == QE_RZ ? 0 : r.rest == 3 || (r.rest == 2 && (mode == QE_RNA || (r.lo & 1u)));
  uint32_t mag = r.lo + (uint32_t)up, s = r.sign ? f->signbit : 0;
  if (r.big || mag > f->maxcode) {
    if (mode == QE_RZ || ovf == QO_SAT || !f->nan) return s | f->maxcode;
    return s | (ovf == QO_INF && f->nan == 2 ? f->infcode : f->nancode);
  }
  return s | mag;
}

/* The NaN code of the format, for a NaN element (FP6 and FP4: none, -1: any code). */
QR_HD int64_t qr_nan_elem(const struct qr_fmt *f, uint32_t sign) {
  return f->nan ? (int64_t)((sign ? f->signbit : 0) | f->nancode) : -1;
}
/* Whether a code of the format is a NaN (E4M3 S.1111.111; E5M2, binary16, bfloat16: above infinity). */
QR_HD int qr_is_nan(const struct qr_fmt *f, uint32_t c) {
  uint32_t m = c & (f->signbit - 1);
  return f->nan == 1 ? m == 0x7fu : f->nan == 2 ? m > f->infcode : 0;
}

/* A scale: its value Ns 2^Es (E8M0 code c: 2^(c-127); E4M3 code c: the E4M3 number),
 * times the per-tensor decode scale G = Ng 2^Eg (Ng = 1, Eg = 0 without). 0 for a code
 * that is not a positive finite scale. */
QR_HD int qr_scale_value(int kind, uint32_t c, uint64_t Ng, int Eg, uint64_t *Ns, int *Es) {
  if (kind == QK_E8M0) {
    if (c > 254) return 0;
    *Ns = Ng, *Es = (int)c - 127 + Eg;
    return 1;
  }
  uint32_t e = (c >> 3) & 15u, m = c & 7u;
  if ((c & 0x80u) || c == 0x7fu || (!e && !m)) return 0;
  *Ns = (e ? (8u | m) : m) * Ng, *Es = (e ? (int)e - 10 : -9) + Eg;
  return 1;
}

/* The exact code of element x (source bits) under scale Ns 2^Es, in a mode and overflow
 * rule; for a NaN element, the format's NaN (-1: the format has none, any code). */
QR_HD int64_t qr_element(const struct qr_fmt *f, int src, uint32_t xbits, uint64_t Ns, int Es, int mode, int ovf) {
  struct qr_num x = qr_decode(src, xbits);
  if (x.cls == QC_NAN) return qr_nan_elem(f, x.sign);
  struct qr_round r = {x.sign, 0, 0, x.cls == QC_INF};
  if (x.cls == QC_FINITE) r = qr_analyze(f, x.sign, x.n, Ns, x.e - Es);
  return qr_code(f, r, mode, ovf);
}

/* MX scale (E8M0 code) of amax >= 0 (source bits, sign ignored), for element format f:
 * OCP MX v1.0 section 6.3 with the variants above. Non-finite amax: 0xFF (NaN). */
QR_HD uint32_t qr_mx_scale(const struct qr_fmt *f, int src, uint32_t abits, int rnd, int zero) {
  struct qr_num a = qr_decode(src, abits);
  if (a.cls == QC_NAN || a.cls == QC_INF) return 0xffu;
  if (a.cls == QC_ZERO) return zero == QZ_ONE ? 127u : 0u;
  int lb = qr_top(a.n), k;
  if (rnd == QS_FLOOR) {
    k = lb + a.e - f->emax;
  } else { /* amax / max = N / maxn 2^(e - maxe): binade L, exactly 2^L when nn = dd */
    int lm = qr_top(f->maxn);
    uint64_t nn = a.n << (63 - lb), dd = (uint64_t)f->maxn << (63 - lm);
    int L = a.e - f->maxe + lb - lm - (nn < dd);
    if (rnd == QS_CEIL) {
      k = L + (nn != dd);
    } else { /* nearest: up when v >= 3 2^(L-1), i.e. N 2^(e-maxe) >= 3 maxn 2^(L-1) */
      int sh = a.e - f->maxe - (L - 1); /* compare N 2^sh with 3 maxn */
      uint64_t lhs = a.n, rhs = 3u * (uint64_t)f->maxn;
      if (sh >= 0) lhs <<= sh; /* N 2^sh < 4 maxn 2^... bounded: v < 2^(L+1) */
      else rhs <<= -sh;
      k = L + (lhs >= rhs);
    }
  }
  if (k < -127) k = -127;
  if (k > 127) k = 127;
  return (uint32_t)(k + 127);
}

/* NVFP4 block scale (E4M3 code) of amax >= 0: amax / 6 / G rounded to E4M3 (saturating
 * at 448; a result below E4M3's smallest subnormal becomes 0), G = Ng 2^Eg the per-tensor
 * decode scale (1, 0 without). Non-finite amax: 0x7f (NaN). */
QR_HD uint32_t qr_nv_scale(int src, uint32_t abits, int rnd, uint64_t Ng, int Eg) {
  struct qr_num a = qr_decode(src, abits);
  struct qr_fmt f = qr_format(QF_E4M3);
  if (a.cls == QC_NAN || a.cls == QC_INF) return 0x7fu;
  if (a.cls == QC_ZERO) return 0;
  struct qr_round r = qr_analyze(&f, 0, a.n, 3u * Ng, a.e - 1 - Eg); /* amax / 6 = N / 3 2^(e-1) */
  if (rnd == QS_UP) {
    struct qr_round u = {0, r.lo + (r.rest != 0), 0, r.big};
    return qr_code(&f, u, QE_RZ, QO_SAT);
  }
  return qr_code(&f, r, rnd == QS_DOWN ? QE_RZ : QE_RNE, QO_SAT);
}

/* The value of an element code, as a double (exact: at most 4 significant bits); NaN and
 * infinity codes give 0 and set *special. Measures only. */
QR_HD double qr_value(const struct qr_fmt *f, uint32_t c, int *special) {
  uint32_t mag = c & (f->signbit - 1);
  *special = qr_is_nan(f, c) || (f->nan == 2 && mag == f->infcode);
  if (*special) return 0;
  int qmin = f->emin - f->p + 1;
  uint32_t hid = 1u << (f->p - 1), ex = mag >> (f->p - 1), m = mag & (hid - 1);
  double v = ldexp((double)(ex ? (m | hid) : m), (ex ? (int)ex - 1 : 0) + qmin); /* exact */
  return (c & f->signbit) ? -v : v;
}

#endif
