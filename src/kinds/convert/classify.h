/* classify.h: what one input of a conversion tells, for the host and the device alike:
 * whether the output is the exact result of the documented semantics (lowp.h), which
 * class a mismatch falls in, its error in units of the target format, and the digest
 * term of (input, output). The host's measure (measure.c) and the device kernel
 * (conv_kernel.cuh) accumulate the same quantities from these functions. */
#ifndef ULPCERT_CONV_CLASSIFY_H
#define ULPCERT_CONV_CLASSIFY_H

#include <stdint.h>

#include "reference/formats/lowp.h"

/* Classes of a mismatch, first matching rule wins (conv_class). */
enum conv_class {
  CL_NAN,       /* a NaN input not handled as documented, or a NaN output for a number */
  CL_ZERO_SIGN, /* a zero of the wrong sign */
  CL_OVERFLOW,  /* an infinite input, an input beyond the largest finite value, or an infinite output */
  CL_SUBNORMAL, /* the input is in the target's subnormal range or a subnormal of its format: flushes */
  CL_TIE,       /* a halfway input rounded to the neighbour the tie rule does not pick (RN, RNA) */
  CL_DIRECTION, /* the other neighbour of an inexact input: the wrong rounding direction */
  CL_OTHER,     /* anything else */
  CL_N
};
#define CONV_CLASS_NAMES {"nan", "zero_sign", "overflow", "subnormal", "tie", "direction", "other"}

/* The class of output y, which the semantics do not accept for the input whose reference
 * result is r; src_sub: the input is a subnormal of its own format. */
REF_HD int conv_class(struct lowp_fmt f, struct lowp_sem s, struct lowp_res r, uint32_t y, int src_sub) {
  if (r.flags & LOWP_F_NAN) return CL_NAN;
  if (lowp_is_zero(f, y) && lowp_is_zero(f, r.code)) return CL_ZERO_SIGN;
  if (r.flags & LOWP_F_OVF) return CL_OVERFLOW;
  if (lowp_is_nan(f, y)) return CL_NAN;
  if (lowp_is_inf(f, y)) return CL_OVERFLOW;
  if ((r.flags & LOWP_F_SUB) || src_sub) return CL_SUBNORMAL;
  if ((r.flags & LOWP_F_INEXACT) && y == r.alt)
    return (r.flags & LOWP_F_TIE) && (s.mode == LOWP_RN || s.mode == LOWP_RNA) ? CL_TIE : CL_DIRECTION;
  return CL_OTHER;
}

/* The error of output y for the input x (binary32 bits of the source value), in units of
 * the target format at x: |y - x| / 2^q with q = max(floor(log2 |x|), emin) - p + 1 (the
 * spacing of the format's numbers around x, its subnormal spacing below 2^emin; E8M0:
 * p = 1, emin = -127, the exact value |x|; under .relu a negative x counts as 0). A
 * correctly rounded result is within 1/2 (RN, RNA) or below 1 (directed modes). Only for
 * inputs whose exact result is finite and not an overflow (r's flags); infinite when y is
 * not a number. Rounded to binary32 toward zero, so that host and device agree bit for
 * bit and an error below 1 does not read as 1. */
REF_HD float conv_err(struct lowp_fmt f, struct lowp_sem s, uint32_t x, uint32_t y) {
  if (lowp_is_nan(f, y) || lowp_is_inf(f, y)) return u2f(0x7f800000u);
  uint32_t xa = f.nan == LOWP_NAN_E8M0 ? x & 0x7fffffffu : x;
  if (s.relu && (x >> 31)) xa = 0;
  const double xv = (double)u2f(xa), yv = (double)u2f(lowp_to_f32(f, y));
  const int emin = lowp_emin(f), p = lowp_p(f);
  int L = emin;
  if (xa & 0x7fffffffu) {
    uint32_t sig;
    int e2;
    lowp_split(xa & 0x7fffffffu, &sig, &e2, &L);
  }
  const int q = (L > emin ? L : emin) - p + 1;
  double d = ref_mul(ref_sub(yv, xv), u2d((uint64_t)(1023 - q) << 52));
  d = d < 0 ? -d : d;
  const float e = (float)d; /* then toward zero: an error below 1 never reads as 1 */
  return (double)e > d ? u2f(f2u(e) - 1) : e;
}

/* A 64-bit mix (splitmix64's finalizer). */
REF_HD uint64_t conv_mix(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
/* The digest term of input x, its output y and the two lanes lo, hi of the x2 form on
 * (x, partner(x)) (0 without one); a digest is the sum of the terms, mod 2^64, so that
 * the order of accumulation does not matter. */
REF_HD uint64_t conv_digest_term(uint32_t x, uint32_t y, uint32_t lo, uint32_t hi) {
  return conv_mix(((uint64_t)x << 32) | y) + conv_mix((((uint64_t)lo << 32) | hi) ^ (x * 0x9e3779b97f4a7c15ull));
}
/* The second operand of the x2 form with x in the first lane: a bijection of the
 * domain (an odd multiplier mod a power of two), so that a sweep of the whole domain
 * puts every input in both lanes. n: the domain's size, a power of two, 0 for 2^32. */
REF_HD uint32_t conv_partner(uint32_t x, uint32_t n) {
  const uint32_t y = x * 0x9e3779b1u + 0x7f4a7c15u;
  return n ? y & (n - 1) : y;
}
/* The max-error key: the error's bits above the input's complement, so that the largest
 * key is the largest error at the lowest input (errors are non-negative: their bits
 * order like the values). */
REF_HD uint64_t conv_err_key(float err, uint32_t x) { return ((uint64_t)f2u(err) << 32) | (0xffffffffu - x); }

/* What the check of one conversion needs to know, for the host and the device. */
struct conv_kparams {
  struct lowp_fmt sf, df; /* source and target formats */
  struct lowp_sem sem;    /* the documented semantics */
  int src_f32;            /* the source is binary32 (else a code of sf) */
  int x2;                 /* the two-lane form is checked too */
};
/* The verdict on one input: cls -2 the exact result, -1 a NaN where any NaN will do (of
 * another encoding), else the class of the mismatch; lane_bad: a lane of the x2 form
 * differs from the scalar form; err (when has_err) the error in units of the target. */
struct conv_one {
  int cls, lane_bad, has_err;
  float err;
};
/* Input x (a source code or binary32), output y, and with kp->x2 the lanes lo, hi of the
 * x2 form on (x, conv_partner(x)) and yp, the scalar output of that partner. */
REF_HD struct conv_one conv_judge(const struct conv_kparams *kp, uint32_t x, uint32_t y, uint32_t lo, uint32_t hi,
                                  uint32_t yp) {
  struct conv_one o;
  const uint32_t xv = kp->src_f32 ? x : lowp_to_f32(kp->sf, x);
  const int src_sub = kp->src_f32 ? (x & 0x7f800000u) == 0 && (x & 0x7fffffu) != 0 : lowp_is_sub(kp->sf, x);
  const struct lowp_res r = lowp_round(kp->df, kp->sem, xv);
  const int same = lowp_same(kp->df, kp->sem, y, r.code);
  o.cls = same == 2 ? -2 : same == 1 ? -1 : conv_class(kp->df, kp->sem, r, y, src_sub);
  o.lane_bad = kp->x2 && (lo != y || hi != yp);
  o.has_err = !(r.flags & (LOWP_F_NAN | LOWP_F_OVF));
  o.err = o.has_err ? conv_err(kp->df, kp->sem, xv, y) : 0.0f;
  return o;
}

#endif
