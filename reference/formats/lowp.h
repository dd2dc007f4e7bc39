/* lowp.h: the exact result of a conversion into a low-precision format (format.h), by
 * integer arithmetic on bit patterns alone. The same code runs on the host (the
 * CPU backend, the measure of small domains, the tests) and on the device (the kernel
 * that checks all 2^32 binary32 inputs of a conversion where they are computed): it
 * follows reference/host_device.h's rules, and the rounding itself uses no floating-point
 * operation at all.
 *
 * The formats themselves (fields, classes of a code, values) are format.h's.
 *
 * The rounding (lowp_round), proved:
 *  1. A finite non-zero binary32 |x| is sig * 2^e2 exactly: sig = 1.M (24 bits) and
 *     e2 = E - 150 for a biased exponent E >= 1, sig = M and e2 = -149 for E = 0.
 *     Its binade is L = floor(log2 |x|) = lb + e2, lb the index of sig's top bit.
 *  2. The target numbers near |x| are the multiples of 2^q, q = max(L, emin) - p + 1:
 *     in the binade [2^L, 2^(L+1)) of a normal result the p-bit significands, below
 *     2^emin the subnormals (q = qmin). So |x| lies between n * 2^q and (n+1) * 2^q,
 *     n = floor(|x| / 2^q) = floor(sig / 2^sh), sh = q - e2, and the fraction of the
 *     step beyond n is rem / 2^sh, rem = sig mod 2^sh: below, at or above one half as
 *     rem <, = or > 2^(sh-1), exact when rem = 0.
 *  3. sh >= 0, so that n and rem are integer operations: for E >= 1, lb = 23 and
 *     sh >= L - p + 1 - e2 = 24 - p >= 0 (every p here is at most 24); for E = 0,
 *     L < -126 <= emin, so q = qmin and sh = emin - p + 1 + 149 >= -126 - 24 + 150 = 0.
 *     When sh > 24, 2^(sh-1) >= 2^24 > sig: n = 0 and |x| is below half a step.
 *  4. The rounding mode picks n or n + 1 from the sign, rem and n's parity (RN: above
 *     half, or at half with n odd; RNA: at or above half; RZ: never up; RU/RD: any rem,
 *     on the side of +inf/-inf).
 *  5. The code of m * 2^q (m = n or n + 1) is mag = (q - qmin) * 2^(p-1) + m. Below 2^emin,
 *     q = qmin and mag = m < 2^(p-1) is the subnormal code (m = 2^(p-1) is 2^emin, the
 *     first normal code). In a normal binade, q = L - p + 1 and 2^(p-1) <= m <= 2^p: mag
 *     = (L - emin + 1) * 2^(p-1) + (m - 2^(p-1)), biased exponent L + b and fraction
 *     m - 2^(p-1); m = 2^p carries into the next binade's 1.0, which the same formula
 *     gives. Codes grow with the value, so the result overflows exactly when mag is above
 *     the largest finite code (lowp_maxcode); what it becomes then is the semantics'
 *     (lowp_overflow).
 * E8M0 (lowp_round_e8m0) rounds |x| to a power of two: 2^L down, 2^(L+1) up unless |x| is
 * one (sig a power of two), clipped below at 2^-127 and above at 2^127 or NaN. */
#ifndef ULPCERT_LOWP_H
#define ULPCERT_LOWP_H

#include <stdint.h>

#include "reference/formats/format.h"
#include "reference/host_device.h"

/* rounding modes: LOWP_RU and LOWP_RZ are also E8M0's cudaRoundPosInf and cudaRoundZero,
 * which round |x| (up and down) */
enum lowp_mode { LOWP_RN, LOWP_RNA, LOWP_RZ, LOWP_RD, LOWP_RU };
/* what a result beyond the largest finite value (or an infinite input) becomes */
enum lowp_ovf {
  LOWP_OVF_IEEE,   /* IEEE 754: infinity, or the largest finite value where the mode rounds toward it */
  LOWP_OVF_FINITE, /* the largest finite value of the input's sign (.satfinite, __NV_SATFINITE) */
  LOWP_OVF_NAN     /* NaN (__NV_NOSAT into E4M3, which has no infinity; E8M0) */
};
/* what a NaN result may be */
enum lowp_nanres {
  LOWP_NANRES_ANY,   /* any NaN of the format (documented as "NaN" without an encoding) */
  LOWP_NANRES_CANON, /* the canonical NaN, exactly */
  LOWP_NANRES_MAXPOS /* +largest finite (FP6 and FP4: they have no NaN) */
};
struct lowp_sem {
  uint8_t mode, ovf, nan, relu; /* relu: negative results become +0 (PTX .relu) */
};

/* flags of a reference result */
#define LOWP_F_NAN 1u     /* the input is a NaN */
#define LOWP_F_OVF 2u     /* the input is infinite or rounds beyond the largest finite value */
#define LOWP_F_SUB 4u     /* 0 < |x| < 2^emin (E8M0: 2^-127) */
#define LOWP_F_INEXACT 8u /* x is not a number of the format */
#define LOWP_F_TIE 16u    /* x is halfway between its two neighbours */
#define LOWP_F_ZERO 32u   /* x is a zero */

/* The reference result: code (a container value), alt the result had the rounding gone
 * to x's other neighbour (under the same overflow rule; = code when x is exact). */
struct lowp_res {
  uint32_t code, alt, flags;
};

/* The NaN result of the semantics (a NaN input, or an overflow into NaN). */
REF_HD uint32_t lowp_nan_result(struct lowp_fmt f, struct lowp_sem s) {
  return s.nan == LOWP_NANRES_MAXPOS ? lowp_maxcode(f) << f.shift : f.canon;
}
/* What a result beyond the largest finite value of sign sg becomes. */
REF_HD uint32_t lowp_overflow(struct lowp_fmt f, struct lowp_sem s, uint32_t sg) {
  const uint32_t sign = sg ? lowp_signbit(f) : 0, maxc = lowp_maxcode(f);
  if (s.ovf == LOWP_OVF_NAN && f.nan != LOWP_NAN_NONE) return f.canon;
  if (s.ovf == LOWP_OVF_FINITE || f.nan != LOWP_NAN_IEEE) return (sign | maxc) << f.shift;
  const int to_max = s.mode == LOWP_RZ || (s.mode == LOWP_RU && sg) || (s.mode == LOWP_RD && !sg);
  return (sign | (to_max ? maxc : lowp_infcode(f))) << f.shift;
}
/* The container of sign sg and magnitude code mag, the overflow rule applied. */
REF_HD uint32_t lowp_encode(struct lowp_fmt f, struct lowp_sem s, uint32_t sg, uint32_t mag) {
  if (mag > lowp_maxcode(f)) return lowp_overflow(f, s, sg);
  return ((sg ? lowp_signbit(f) : 0) | mag) << f.shift;
}

/* |x| = sig * 2^e2 (step 1 of the proof): sig, e2, and the binade L. */
REF_HD void lowp_split(uint32_t a, uint32_t *sig, int *e2, int *L) {
  const uint32_t E = a >> 23;
  *sig = E ? (a & 0x7fffffu) | 0x800000u : a;
  *e2 = (E ? (int)E : 1) - 150;
  *L = 31 - lowp_clz(*sig) + *e2;
}

REF_HD struct lowp_res lowp_round_e8m0(struct lowp_sem s, uint32_t x) {
  struct lowp_res r;
  const uint32_t a = x & 0x7fffffffu, big = s.ovf == LOWP_OVF_FINITE ? 0xfeu : 0xffu;
  if (a > 0x7f800000u) r.code = r.alt = 0xffu, r.flags = LOWP_F_NAN;
  else if (a == 0x7f800000u) r.code = r.alt = big, r.flags = LOWP_F_OVF;
  else if (a == 0) r.code = r.alt = 0, r.flags = LOWP_F_ZERO; /* below 2^-127: clipped to it */
  else {
    uint32_t sig;
    int e2, L;
    lowp_split(a, &sig, &e2, &L);
    const int exact = (sig & (sig - 1)) == 0;
    const int k = L + (s.mode == LOWP_RU && !exact), kalt = L + (s.mode != LOWP_RU && !exact);
    r.code = k < -127 ? 0 : k > 127 ? big : (uint32_t)(k + 127);
    r.alt = kalt < -127 ? 0 : kalt > 127 ? big : (uint32_t)(kalt + 127);
    r.flags = (exact ? 0 : LOWP_F_INEXACT) | (L < -127 ? LOWP_F_SUB : 0) | (k > 127 ? LOWP_F_OVF : 0);
  }
  return r;
}

/* The exact result of converting the binary32 x (bits) into format f under s. */
REF_HD struct lowp_res lowp_round(struct lowp_fmt f, struct lowp_sem s, uint32_t x) {
  struct lowp_res r = {0, 0, 0};
  const uint32_t a = x & 0x7fffffffu, sg = x >> 31;
  if (f.nan == LOWP_NAN_E8M0) return lowp_round_e8m0(s, x);
  if (a > 0x7f800000u) {
    r.code = r.alt = lowp_nan_result(f, s), r.flags = LOWP_F_NAN;
    return r;
  }
  if (s.relu && sg) { /* every negative result, -0 and -inf included, becomes +0 */
    r.flags = a == 0 ? LOWP_F_ZERO : 0;
    return r;
  }
  if (a == 0x7f800000u) { /* IEEE: an infinity stays one in every mode; the other rules as an overflow */
    const int keep = s.ovf == LOWP_OVF_IEEE && f.nan == LOWP_NAN_IEEE;
    r.code = r.alt = keep ? ((sg ? lowp_signbit(f) : 0) | lowp_infcode(f)) << f.shift : lowp_overflow(f, s, sg);
    r.flags = LOWP_F_OVF;
    return r;
  }
  if (a == 0) {
    r.code = r.alt = (sg ? lowp_signbit(f) : 0) << f.shift, r.flags = LOWP_F_ZERO;
    return r;
  }
  uint32_t sig, n, rem = 0, half = 0;
  int e2, L;
  lowp_split(a, &sig, &e2, &L);
  const int p = lowp_p(f), emin = lowp_emin(f), qmin = emin - p + 1;
  const int q = (L > emin ? L : emin) - p + 1, sh = q - e2; /* sh >= 0: step 3 */
  if (sh > 24) n = 0, rem = sig, half = 0x80000000u; /* any half step above sig will do */
  else if (sh > 0) n = sig >> sh, rem = sig & ((1u << sh) - 1), half = 1u << (sh - 1);
  else n = sig;
  int up;
  switch (s.mode) {
  case LOWP_RN: up = rem > half || (rem == half && rem && (n & 1)); break;
  case LOWP_RNA: up = rem && rem >= half; break;
  case LOWP_RU: up = rem && !sg; break;
  case LOWP_RD: up = rem && sg; break;
  default: up = 0; break;
  }
  const uint32_t base = (uint32_t)(q - qmin) << (p - 1), mag = base + n + (uint32_t)up;
  r.code = lowp_encode(f, s, sg, mag);
  r.alt = rem ? lowp_encode(f, s, sg, base + n + (uint32_t)!up) : r.code;
  r.flags = (rem ? LOWP_F_INEXACT : 0) | (rem && rem == half ? LOWP_F_TIE : 0) | (L < emin ? LOWP_F_SUB : 0) |
            (mag > lowp_maxcode(f) ? LOWP_F_OVF : 0);
  return r;
}

/* Two container values the semantics accept alike: 2 identical, 1 both NaN where any NaN
 * will do (different encodings), 0 otherwise. */
REF_HD int lowp_same(struct lowp_fmt f, struct lowp_sem s, uint32_t y, uint32_t want) {
  if (y == want) return 2;
  return s.nan == LOWP_NANRES_ANY && lowp_is_nan(f, want) && lowp_is_nan(f, y);
}

#endif
