/* ib.h: ball arithmetic in several-word floating point with the exponent kept apart,
 * for the host and the device (the same source: __host__ __device__ with nvcc).
 *
 * A ball [m - r, m + r] encloses a real number. Its midpoint m = (-1)^neg * M * 2^e
 * with M = sum d[i] 2^(-64 (i+1)) in [1/2, 1) (the words d[0] most significant, l of
 * them in use) and an integer exponent e (int64_t, |e| <= IB_EMAX = 2^58: no
 * intermediate overflows or underflows); its radius r = rm * 2^re (ib_mag: a 32-bit
 * word and an exponent), every radius rounded up. Beyond that range a value is kept
 * saturated, as a bound with its sign: sat = +1, |x| >= 2^e (exp(x) for x >= 2^57:
 * e^x >= 2^(2^57)); sat = -1, 0 < |x| <= 2^e (exp(-1/x^2) near 0). Sums, products,
 * quotients, exp, sqrt and the final rounding follow the bounds (ib_sat_*, each rule
 * beside it); an operation without a rule for a saturated operand fails (2), never
 * reads it as a ball.
 *
 * A ball may also know its side: side = +1, x in (m, m + r]; -1, x in [m - r, m), with m
 * exact. So 1 + e^-1000 is (1, 2^-1442, +1) and x/(1 + e^-1000) rounds to x below it,
 * where a symmetric ball at any precision could not tell the side (ib_round53). Sums,
 * products and quotients whose midpoints are exact keep it (the rules beside them);
 * every other operation drops it, which only widens what the ball says.
 *
 * Every operation is computed on integer words, exactly, then truncated to n words (the
 * working precision, ib_ctx); what the truncation drops is below one unit of the last
 * word kept, and that unit is added to the radius. So every result encloses the exact
 * result of the operation at every point of the operands' balls, by construction: the
 * proof of each operation is the comment beside it. Nothing here uses floating point
 * except for seeds of Newton iterations, whose result is then bounded rigorously
 * (ib_div, ib_sqrt), so an answer does not depend on any library's accuracy.
 *
 * Trusted: includes only system headers. */
#ifndef ULPCERT_IB_H
#define ULPCERT_IB_H

#include <math.h>
#include <stdint.h>
#include <string.h>

/* IB_HD: small helpers, inlined; IB_HDN: the operations and functions, kept out of line
 * on the device (one copy each: the compile stays minutes, not hours) */
#if defined(__CUDACC__)
#define IB_HD static __host__ __device__ inline
#define IB_HDN static __host__ __device__ __noinline__
#else
#define IB_HD static inline
#define IB_HDN static inline
#endif

#define IB_MAXL 20                       /* words of a midpoint: 1280 bits */
#define IB_EMAX ((int64_t)1 << 58)       /* |exponent| beyond this: a hard failure */

/* r = m 2^e, m = 0 or 2^31 <= m < 2^32: an upper bound kept as Arb's mag_t is */
typedef struct {
  uint64_t m;
  int64_t e;
} ib_mag;

typedef struct {
  uint64_t d[IB_MAXL];
  int64_t e;
  int l;    /* words that may be non-zero: d[l..] are 0 */
  int neg;  /* the midpoint's sign */
  int zero; /* the midpoint is 0 (d, e, neg unused) */
  int sat;  /* 0: a ball; +1: |x| >= 2^e, -1: 0 < |x| <= 2^e, the sign neg (d, l, zero, r unused) */
  int side; /* 0, or +-1: x - m has that sign (m exact, never 0; sat 0) */
  ib_mag r;
} ib;

/* The working precision and what went wrong: fail 1, the ball is too wide for an
 * operation (a divisor or a logarithm's argument that may be 0): more precision may
 * help; fail 2, no precision helps here (an exponent beyond IB_EMAX, an argument
 * wholly outside a function's domain, a function the evaluator does not have); fail 3
 * (IB_FAIL_NAN, set only by ib_prog.h's domain check, before anything else failed): the
 * argument of an operation of the program lies wholly outside its real domain, so the
 * value at the input is NaN. */
#define IB_FAIL_NAN 3
typedef struct {
  int n;
  int fail;
} ib_ctx;

IB_HD void ib_fail(ib_ctx *c, int how) {
  if (c->fail < how) c->fail = how;
}

/* ---------------------------------------------------------------------------------
 * Words. */

IB_HD void ib_mul64(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo) {
#if defined(__CUDA_ARCH__)
  *lo = a * b;
  *hi = __umul64hi(a, b);
#else
  unsigned __int128 p = (unsigned __int128)a * b;
  *lo = (uint64_t)p;
  *hi = (uint64_t)(p >> 64);
#endif
}

IB_HD int ib_clz64(uint64_t v) { /* v != 0 */
#if defined(__CUDA_ARCH__)
  return __clzll((long long)v);
#else
  return __builtin_clzll(v);
#endif
}

/* ---------------------------------------------------------------------------------
 * Upper bounds (ib_mag). Each result is >= the exact result. */

/* the least normalized mag >= v 2^e */
IB_HD ib_mag ibm_make(uint64_t v, int64_t e) {
  ib_mag r = {0, 0};
  if (!v) return r;
  const int bl = 64 - ib_clz64(v);
  if (bl > 32) {
    int s = bl - 32;
    uint64_t q = v >> s;
    if ((q << s) != v) q++; /* rounded up */
    if (q >> 32) q >>= 1, s++; /* q was 2^32: exactly 2^31 after the shift */
    r.m = q, r.e = e + s;
  } else {
    r.m = v << (32 - bl), r.e = e - (32 - bl);
  }
  return r;
}
/* the greatest normalized mag <= v 2^e (a lower bound) */
IB_HD ib_mag ibm_make_down(uint64_t v, int64_t e) {
  ib_mag r = {0, 0};
  if (!v) return r;
  const int bl = 64 - ib_clz64(v);
  if (bl > 32) r.m = v >> (bl - 32), r.e = e + (bl - 32);
  else r.m = v << (32 - bl), r.e = e - (32 - bl);
  return r;
}
IB_HD ib_mag ibm_pow2(int64_t k) { return ibm_make(1, k); }

/* a + b: the smaller is aligned to the larger's unit 2^a.e, rounded up; when it lies
 * 32 or more binades below, it is below 2^(b.e + 32) <= 2^a.e, one unit. */
IB_HD ib_mag ibm_add(ib_mag a, ib_mag b) {
  if (!a.m) return b;
  if (!b.m) return a;
  if (a.e < b.e) {
    ib_mag t = a;
    a = b, b = t;
  }
  const int64_t d = a.e - b.e;
  uint64_t v = a.m;
  if (d >= 32) v += 1;
  else {
    uint64_t q = b.m >> d;
    if ((q << d) != b.m) q++;
    v += q;
  }
  return ibm_make(v, a.e);
}
IB_HD ib_mag ibm_mul(ib_mag a, ib_mag b) {
  if (!a.m || !b.m) return (ib_mag){0, 0};
  return ibm_make(a.m * b.m, a.e + b.e); /* < 2^64: exact, then rounded up */
}
/* a / b for b > 0 (b normalized, a lower bound of the divisor where it matters):
 * ceil(a.m 2^32 / b.m) 2^(a.e - b.e - 32); a.m 2^32 < 2^64. */
IB_HD ib_mag ibm_div(ib_mag a, ib_mag b) {
  if (!a.m) return a;
  uint64_t num = a.m << 32, q = num / b.m;
  if (q * b.m != num) q++;
  return ibm_make(q, a.e - b.e - 32);
}
/* a <= 2^k */
IB_HD int ibm_le_pow2(ib_mag a, int64_t k) { return !a.m || a.e + 32 <= k; }
/* some E with a <= 2^E (-IB_EMAX * 4 for 0) */
IB_HD int64_t ibm_ceil_log2(ib_mag a) { return a.m ? a.e + 32 : -4 * IB_EMAX; }

/* ---------------------------------------------------------------------------------
 * Words of a mantissa (a fraction: word i weighs 2^(-64 (i+1))). */

/* dst[0..L) = the first S words of src shifted right by sh >= 0 bits; returns 1 when a
 * non-zero bit falls off the end (the result is then below the exact value by less than
 * one unit of dst[L-1]). */
IB_HD int mant_shr(uint64_t *dst, int L, const uint64_t *src, int S, int64_t sh) {
  const int64_t w = sh >> 6;
  const int b = (int)(sh & 63);
  int sticky = 0;
  for (int i = 0; i < L; i++) {
    const int64_t j = (int64_t)i - w;
    const uint64_t hi = (j >= 0 && j < S) ? src[j] : 0, lo = (j >= 1 && j - 1 < S) ? src[j - 1] : 0;
    dst[i] = b ? (hi >> b) | (lo << (64 - b)) : hi;
  }
  for (int j = 0; j < S; j++) {
    if (!src[j]) continue;
    if ((int64_t)j + w >= L) sticky = 1; /* the whole word lands past the end */
    else if ((int64_t)j + w + 1 >= L && b && (src[j] << (64 - b))) sticky = 1; /* its low b bits do */
  }
  return sticky;
}
/* x[0..L) <<= sh (0 <= sh < 64 L), the bits shifted out at the top being 0 */
IB_HD void mant_shl(uint64_t *x, int L, int64_t sh) {
  const int w = (int)(sh >> 6), b = (int)(sh & 63);
  for (int i = 0; i < L; i++) {
    const int j = i + w;
    const uint64_t hi = j < L ? x[j] : 0, lo = j + 1 < L ? x[j + 1] : 0;
    x[i] = b ? (hi << b) | (lo >> (64 - b)) : hi;
  }
}
/* leading zero bits of x[0..L) (64 L when all are 0) */
IB_HD int64_t mant_clz(const uint64_t *x, int L) {
  for (int i = 0; i < L; i++)
    if (x[i]) return (int64_t)64 * i + ib_clz64(x[i]);
  return (int64_t)64 * L;
}

/* ---------------------------------------------------------------------------------
 * Balls. */

IB_HD void ib_zero(ib *r) {
  r->zero = 1, r->neg = 0, r->e = 0, r->l = 0, r->sat = 0, r->side = 0;
  r->r.m = 0, r->r.e = 0;
}
IB_HD void ib_copy(ib *r, const ib *a) {
  if (r == a) return;
  r->e = a->e, r->l = a->l, r->neg = a->neg, r->zero = a->zero, r->r = a->r, r->sat = a->sat, r->side = a->side;
  for (int i = 0; i < a->l; i++) r->d[i] = a->d[i];
}
/* a saturated value: sat +1, |x| >= 2^e; -1, 0 < |x| <= 2^e. The exponent is clamped
 * to +-2^61 (sums of two stay in int64) in the direction that keeps the bound true (a lower bound down, an upper
 * bound up). */
#define IB_ECLAMP ((int64_t)1 << 61)
IB_HD void ib_set_sat(ib *r, int sat, int64_t e, int neg) {
  if (sat > 0 && e > IB_ECLAMP) e = IB_ECLAMP;
  if (sat < 0 && e < -IB_ECLAMP) e = -IB_ECLAMP;
  r->sat = sat, r->e = e, r->neg = neg, r->zero = 0, r->l = 0, r->r.m = 0, r->r.e = 0, r->side = 0;
}
/* The midpoint from a normalized (top bit set) word array X[0..L) at exponent e, truncated
 * to n words; the dropped part (< 2^(e - 64 n)) is added to the radius. */
IB_HDN void ib_set_words(ib_ctx *c, ib *r, const uint64_t *X, int L, int64_t e, int neg, ib_mag rad) {
  const int n = L < c->n ? L : c->n;
  int sticky = 0;
  for (int i = 0; i < L; i++) {
    if (i < n) r->d[i] = X[i];
    else sticky |= X[i] != 0;
  }
  r->l = n, r->e = e, r->neg = neg, r->zero = 0, r->sat = 0, r->side = 0;
  r->r = sticky ? ibm_add(rad, ibm_pow2(e - 64 * (int64_t)c->n)) : rad;
  if (e > IB_EMAX || e < -IB_EMAX) { /* out of range: saturated, or a failure */
    const int64_t lr = r->r.m ? r->r.e + 32 : -IB_ECLAMP; /* r <= 2^lr */
    if (lr <= e - 2) ib_set_sat(r, e > 0 ? 1 : -1, e > 0 ? e - 2 : e + 1, neg); /* |x| in [2^(e-2), 2^(e+1)) */
    else ib_fail(c, 2);
  }
}
/* an exact value v 2^e, v an unsigned integer */
IB_HD void ib_set_u64_2exp(ib_ctx *c, ib *r, uint64_t v, int64_t e, int neg) {
  if (!v) {
    ib_zero(r);
    return;
  }
  const int lz = ib_clz64(v);
  uint64_t X[1] = {v << lz};
  ib_set_words(c, r, X, 1, e + 64 - lz, neg, (ib_mag){0, 0});
}
IB_HD void ib_set_si(ib_ctx *c, ib *r, int64_t v) {
  ib_set_u64_2exp(c, r, v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v, 0, v < 0);
}
/* a binary32 input, exactly (finite) */
IB_HD void ib_set_f32bits(ib_ctx *c, ib *r, uint32_t x) {
  const uint32_t ex = (x >> 23) & 0xff, fr = x & 0x7fffff;
  const int neg = (int)(x >> 31);
  if (ex) ib_set_u64_2exp(c, r, fr | 0x800000u, (int64_t)ex - 150, neg);
  else ib_set_u64_2exp(c, r, fr, -149, neg); /* subnormal or zero */
}
/* a copy rounded to the working precision */
IB_HD void ib_round(ib_ctx *c, ib *r, const ib *a) {
  if (a->zero || a->sat || a->l <= c->n) { /* nothing to drop: the side stays */
    ib_copy(r, a);
    return;
  }
  ib_set_words(c, r, a->d, a->l, a->e, a->neg, a->r);
}
/* the midpoint, roughly (a seed: never part of a bound) */
IB_HD double ib_mid_d(const ib *a) {
  if (a->sat) return a->neg ? -ldexp(1.0, a->sat > 0 ? 2000 : -2000) : ldexp(1.0, a->sat > 0 ? 2000 : -2000);
  if (a->zero) return 0;
  const double v = ldexp((double)(a->d[0] >> 11), -53) + ldexp((double)(a->l > 1 ? a->d[1] >> 11 : 0), -117);
  const int64_t e = a->e < -2000 ? -2000 : a->e > 2000 ? 2000 : a->e;
  return ldexp(a->neg ? -v : v, (int)e);
}

/* |a| <= this (an upper bound): |m| < (top 32 bits + 1) 2^(e - 32), plus r. For a
 * saturated value: 2^e (sat -1), or no bound (sat +1: a mag beyond every exponent, which
 * the callers never reach: each handles sat first). */
IB_HD ib_mag ib_upper(const ib *a) {
  if (a->sat) return ibm_pow2(a->sat < 0 ? a->e : IB_ECLAMP / 2);
  if (a->zero) return a->r;
  return ibm_add(ibm_make((a->d[0] >> 32) + 1, a->e - 32), a->r);
}
/* |x| >= this for every x of the ball (a lower bound; 0 when the ball may reach 0):
 * |m| >= (d[0] >> 1) 2^(e - 63); the radius in those units, rounded up, is subtracted. */
IB_HD ib_mag ib_lower(const ib *a) {
  if (a->sat) return a->sat > 0 ? ibm_make_down(1, a->e) : (ib_mag){0, 0};
  if (a->zero) return (ib_mag){0, 0};
  const uint64_t mv = a->d[0] >> 1;
  uint64_t rv = 0;
  if (a->r.m) {
    const int64_t sh = a->r.e - (a->e - 63);
    if (sh > 31) return (ib_mag){0, 0}; /* r >= 2^(31 + sh) units >= 2^63 units > |m| */
    if (sh >= 0) rv = a->r.m << sh;
    else if (sh > -64) rv = (a->r.m >> -sh) + (((a->r.m >> -sh) << -sh) != a->r.m);
    else rv = 1;
  }
  if (rv >= mv) return (ib_mag){0, 0};
  return ibm_make_down(mv - rv, a->e - 63);
}
/* every point of the ball is > 0 (sgn 1) or < 0 (sgn -1) */
IB_HD int ib_sign(const ib *a) {
  if (a->sat) return a->neg ? -1 : 1;
  if (!ib_lower(a).m) return 0;
  return a->neg ? -1 : 1;
}

IB_HD void ib_neg(ib *r, const ib *a) {
  ib_copy(r, a);
  if (!r->zero) r->neg ^= 1;
  r->side = -r->side;
}
/* |a|: the ball (|m|, r) holds |x| for every x of (m, r), as ||x| - |m|| <= |x - m| */
IB_HD void ib_abs(ib *r, const ib *a) {
  ib_copy(r, a);
  if (r->neg) r->side = -r->side;
  r->neg = 0;
}
/* a 2^k, exact */
IB_HD void ib_mul_2exp(ib_ctx *c, ib *r, const ib *a, int64_t k) {
  ib_copy(r, a);
  if (r->sat) { /* the bound moves with it */
    ib_set_sat(r, r->sat, r->e + k, r->neg);
    return;
  }
  if (!r->zero) r->e += k;
  if (r->r.m) r->r.e += k;
  if (!r->zero && (r->e > IB_EMAX || r->e < -IB_EMAX)) ib_set_words(c, r, r->d, r->l, r->e, r->neg, r->r);
}
/* r += rad */
IB_HD void ib_add_error(ib *r, ib_mag rad) {
  r->r = ibm_add(r->r, rad);
  r->side = 0; /* an error of either sign */
}
/* m exact, x - m of sign s (s = 0: none), |x - m| <= r: the ball and its side; a zero m
 * with a side is a saturated small value (0 < |x| <= r) */
IB_HD void ib_set_side(ib *r, int s, ib_mag rad) {
  if (r->sat) return;
  r->r = rad;
  r->side = rad.m ? s : 0;
  if (r->zero && r->side) ib_set_sat(r, -1, ibm_ceil_log2(rad), r->side < 0);
}


/* ---------------------------------------------------------------------------------
 * Saturated operands (sat != 0): the rules. U(x) = a k with |x| <= 2^k, L(x) = a k with
 * |x| >= 2^k (none when the ball may reach 0). */

IB_HD int64_t ib_ulog2(const ib *a) { return ibm_ceil_log2(ib_upper(a)); } /* a not sat +1 */
IB_HD int ib_llog2(const ib *a, int64_t *k) {
  const ib_mag L = ib_lower(a); /* L.m >= 2^31: L >= 2^(L.e + 31) */
  if (!L.m) return 0;
  *k = L.e + 31;
  return 1;
}
IB_HD int ib_exact0(const ib *a) { return !a->sat && a->zero && !a->r.m; }
/* a ball around 0 of radius 2^k (a tiny value of unknown sign) */
IB_HD void ib_set_tiny(ib *r, int64_t k) {
  ib_zero(r);
  r->r = ibm_pow2(k);
}
IB_HD void ib_sat_fail(ib_ctx *c, ib *r, int how) {
  ib_fail(c, how);
  ib_zero(r);
  r->r = ibm_pow2(IB_EMAX);
}

/* a + b (b's sign already flipped for a difference) with a or b saturated:
 *  big + big of one sign: |a + b| >= the smaller bound; big + y with |y| <= 2^(e - 2):
 *  |a + y| >= 2^e - 2^(e-2) >= 2^(e - 1), the sign of a; small + small of one sign:
 *  0 < |a + b| <= 2^(max + 1), else a ball of radius 2^(max + 1) around 0; small + a
 *  ball: the ball, its radius grown by 2^e. */
IB_HDN void ib_sat_add(ib_ctx *c, ib *r, const ib *a, const ib *b) {
  if (a->sat < b->sat) {
    const ib *t = a;
    a = b, b = t;
  } /* a->sat >= b->sat */
  if (a->sat > 0) {
    if (b->sat > 0) {
      if (a->neg != b->neg) ib_sat_fail(c, r, 2);
      else ib_set_sat(r, 1, a->e < b->e ? a->e : b->e, a->neg);
      return;
    }
    if (ib_ulog2(b) <= a->e - 2) ib_set_sat(r, 1, a->e - 1, a->neg);
    else ib_sat_fail(c, r, 2);
    return;
  }
  if (a->sat == 0) { /* b is the small one: a the small, b the ball */
    const ib *t = a;
    a = b, b = t;
  }
  if (b->sat < 0) { /* both small */
    const int64_t m = (a->e > b->e ? a->e : b->e) + 1;
    if (a->neg == b->neg) ib_set_sat(r, -1, m, a->neg);
    else ib_set_tiny(r, m);
    return;
  }
  if (ib_exact0(b)) {
    ib_copy(r, a);
    return;
  }
  /* x = m + d + a with 0 < |a| <= 2^e of a's sign: the side stays when b is exact (then
   * it is a's) or already on a's side */
  const ib_mag g = ibm_pow2(a->e);
  const int sa = a->neg ? -1 : 1, keep = !b->r.m || b->side == sa;
  ib_copy(r, b);
  if (keep && !r->zero) ib_set_side(r, sa, ibm_add(r->r, g));
  else ib_add_error(r, g);
}

/* a b with a or b saturated: 0 times anything finite is 0; |big big| >= 2^(ea + eb);
 * |big y| >= 2^(ea + L(y)); |small small| <= 2^(ea + eb); |small y| <= 2^(ea + U(y)), of
 * known sign when y's is; big small: no rule. */
IB_HDN void ib_sat_mul(ib_ctx *c, ib *r, const ib *a, const ib *b) {
  if (ib_exact0(a) || ib_exact0(b)) {
    ib_zero(r);
    return;
  }
  if (a->sat < b->sat) {
    const ib *t = a;
    a = b, b = t;
  }
  const int neg = a->neg ^ b->neg;
  int64_t k;
  if (a->sat > 0) {
    if (b->sat > 0) ib_set_sat(r, 1, a->e + b->e, neg);
    else if (b->sat < 0) ib_sat_fail(c, r, 2);
    else if (ib_llog2(b, &k)) ib_set_sat(r, 1, a->e + k, neg);
    else ib_sat_fail(c, r, 1);
    return;
  }
  if (a->sat < 0) { /* both small */
    ib_set_sat(r, -1, a->e + b->e, neg);
    return;
  }
  /* a is the ball, b the small one */
  const int64_t u = ib_ulog2(a) + b->e;
  if (ib_sign(a)) ib_set_sat(r, -1, u, neg);
  else ib_set_tiny(r, u);
}

/* a / b with a or b saturated: the bounds of the quotient from U and L as in ib_sat_mul;
 * a quotient of two bigs or of two smalls has none. */
IB_HDN void ib_sat_div(ib_ctx *c, ib *r, const ib *a, const ib *b) {
  const int neg = a->neg ^ b->neg;
  int64_t k;
  if (ib_exact0(b)) {
    ib_sat_fail(c, r, 2);
    return;
  }
  if (ib_exact0(a)) {
    ib_zero(r);
    return;
  }
  if (a->sat && b->sat) {
    if (a->sat == b->sat) ib_sat_fail(c, r, 2);
    else ib_set_sat(r, a->sat, a->e - b->e, neg); /* big/small >= 2^(ea - eb); small/big <= */
    return;
  }
  if (b->sat > 0) { /* |a / b| <= 2^(U(a) - eb) */
    const int64_t u = ib_ulog2(a) - b->e;
    if (ib_sign(a)) ib_set_sat(r, -1, u, neg);
    else ib_set_tiny(r, u);
    return;
  }
  if (b->sat < 0) { /* |a / b| >= 2^(L(a) - eb) */
    if (ib_llog2(a, &k)) ib_set_sat(r, 1, k - b->e, neg);
    else ib_sat_fail(c, r, 1);
    return;
  }
  if (!ib_sign(b)) {
    ib_sat_fail(c, r, 1);
    return;
  }
  if (a->sat > 0) ib_set_sat(r, 1, a->e - ib_ulog2(b), neg); /* |a / b| >= 2^(ea - U(b)) */
  else if (ib_llog2(b, &k)) ib_set_sat(r, -1, a->e - k, neg); /* |a / b| <= 2^(ea - L(b)) */
  else ib_sat_fail(c, r, 1);
}

/* a + (-1)^flip b. Both midpoints are written as fixed-point numbers of L = n + 1 words
 * in the unit 2^E, E = max(e_a, e_b) + 1 (so the sum cannot carry out): each is exact or
 * below its value by less than 2^(E - 64 L) (mant_shr's sticky); the sum or difference of
 * the two is exact; normalizing shifts left, exactly; the truncation to n words drops
 * less than 2^(e_r - 64 n). The radius: r_a + r_b + those errors. */
IB_HDN void ib_add_sub(ib_ctx *c, ib *r, const ib *a, const ib *b, int flip) {
  if (a->sat || b->sat) {
    ib bb;
    ib_copy(&bb, b);
    if (flip && !(bb.zero && !bb.sat)) bb.neg ^= 1;
    ib_sat_add(c, r, a, &bb);
    return;
  }
  const int n = c->n, L = n + 1;
  const int bneg = b->neg ^ flip;
  const int bside = flip ? -b->side : b->side;
  /* an exact (or sided) x plus a y of known sign below x's last word: x's midpoint, the
   * radius grown by |y|, the side y's (x - m and y of one sign, or x exact) */
  for (int k = 0; k < 2; k++) {
    const ib *X = k ? b : a, *Y = k ? a : b;
    const int xs = k ? bside : a->side, ys = ib_sign(Y) * (k || !flip ? 1 : -1), xneg = k ? bneg : a->neg;
    if (X->zero || X->l > n || (X->r.m && xs != ys) || !ys) continue;
    const ib_mag uy = ib_upper(Y);
    if (ibm_ceil_log2(uy) >= X->e - 64 * (int64_t)n - 2) continue;
    const ib_mag rad = ibm_add(X->r, uy);
    ib_copy(r, X);
    r->neg = xneg;
    ib_set_side(r, ys, rad);
    return;
  }
  ib_mag rad = ibm_add(a->r, b->r);
  if (a->zero || b->zero) {
    const ib *s = a->zero ? b : a;
    if (s->zero) {
      ib_zero(r);
      r->r = rad;
      return;
    }
    /* plus an exact 0: the other operand, its side kept when nothing is dropped */
    const int keep = !(s == a ? b : a)->r.m && s->l <= c->n, sd = s == b ? bside : a->side;
    ib_set_words(c, r, s->d, s->l, s->e, s == b ? bneg : a->neg, rad);
    if (keep && sd) ib_set_side(r, sd, r->r);
    return;
  }
  const int64_t E = (a->e > b->e ? a->e : b->e) + 1;
  uint64_t A[IB_MAXL + 1], B[IB_MAXL + 1], R[IB_MAXL + 1];
  const int sa = mant_shr(A, L, a->d, a->l, E - a->e), sb = mant_shr(B, L, b->d, b->l, E - b->e);
  int rneg;
  if (a->neg == bneg) {
    uint64_t carry = 0;
    for (int i = L - 1; i >= 0; i--) {
      const uint64_t s = A[i] + B[i], c1 = s < A[i], s2 = s + carry, c2 = s2 < s;
      R[i] = s2, carry = c1 | c2;
    }
    rneg = a->neg;
  } else {
    int ge = 1; /* A >= B */
    for (int i = 0; i < L; i++)
      if (A[i] != B[i]) {
        ge = A[i] > B[i];
        break;
      }
    const uint64_t *P = ge ? A : B, *Q = ge ? B : A;
    uint64_t borrow = 0;
    for (int i = L - 1; i >= 0; i--) {
      const uint64_t d = P[i] - Q[i], b1 = P[i] < Q[i], d2 = d - borrow, b2 = d < borrow;
      R[i] = d2, borrow = b1 | b2;
    }
    rneg = ge ? a->neg : bneg;
  }
  if (sa || sb) rad = ibm_add(rad, ibm_pow2(E - 64 * (int64_t)L + (sa && sb)));
  const int64_t lz = mant_clz(R, L);
  if (lz == 64 * (int64_t)L) { /* an exact cancellation: 0 and the radii (a side makes it small) */
    const int s1 = a->r.m ? a->side : 0, s2 = b->r.m ? bside : 0; /* before r (a or b) is written */
    const int keep = !sa && !sb && (!a->r.m || s1) && (!b->r.m || s2) && !(s1 && s2 && s1 != s2) && (s1 || s2);
    ib_zero(r);
    r->r = rad;
    if (keep) ib_set_side(r, s1 ? s1 : s2, rad);
    return;
  }
  mant_shl(R, L, lz);
  /* the side survives an exact sum: no bit dropped, each radius one-sided and of one sign */
  int exact = !sa && !sb && !R[L - 1] && (!a->r.m || a->side) && (!b->r.m || bside);
  const int s1 = a->r.m ? a->side : 0, s2 = b->r.m ? bside : 0;
  if (s1 && s2 && s1 != s2) exact = 0;
  ib_set_words(c, r, R, L, E - lz, rneg, rad);
  if (exact && (s1 || s2)) ib_set_side(r, s1 ? s1 : s2, r->r);
}
IB_HD void ib_add(ib_ctx *c, ib *r, const ib *a, const ib *b) { ib_add_sub(c, r, a, b, 0); }
IB_HD void ib_sub(ib_ctx *c, ib *r, const ib *a, const ib *b) { ib_add_sub(c, r, a, b, 1); }

/* a b. |x y - m_a m_b| <= |m_a| r_b + |m_b| r_a + r_a r_b for x, y in the balls, with
 * |m| < 2^e. The product of the mantissas (in [1/4, 1)) is exact in la + lb words; it is
 * shifted left by at most one bit and truncated to n words (mul of ib_set_words). */
IB_HDN void ib_mul(ib_ctx *c, ib *r, const ib *a, const ib *b) {
  if (a->sat || b->sat) {
    ib_sat_mul(c, r, a, b);
    return;
  }
  ib_mag rad = ibm_mul(a->r, b->r);
  if (!a->zero) rad = ibm_add(rad, ibm_mul(ibm_pow2(a->e), b->r));
  if (!b->zero) rad = ibm_add(rad, ibm_mul(ibm_pow2(b->e), a->r));
  if (a->zero || b->zero) {
    ib_zero(r);
    r->r = rad;
    return;
  }
  /* only the words that can reach the first n + 1 of the product are formed; the
   * others (i + j >= K = n + 1 for word pairs (i, j)) sum to less than
   * (la + lb) 2^(-64 K) (each pair below 2^(-64 (i + j + 2)), their count in diagonal
   * k at most min(la, lb)), added to the radius with a factor 2^7 of margin. */
  const int la = a->l, lb = b->l, K = c->n + 1 < la + lb ? c->n + 1 : la + lb;
  uint64_t P[2 * IB_MAXL + 2];
  for (int i = 0; i <= K; i++) P[i] = 0;
  int dropped = 0;
  for (int i = 0; i < la && i < K; i++) {
    uint64_t carry = 0;
    const int jmax = lb - 1 < K - 1 - i ? lb - 1 : K - 1 - i;
    if (jmax < lb - 1) dropped = 1;
    for (int j = jmax; j >= 0; j--) { /* least significant first: the carry moves up */
      uint64_t hi, lo;
      ib_mul64(a->d[i], b->d[j], &hi, &lo);
      /* P[i+j+1] + lo + carry <= 3 (2^64 - 1); with hi, a d_i d_j + two words fits two
       * words: (2^64 - 1)^2 + 2 (2^64 - 1) = 2^128 - 1, so hi + c1 does not wrap */
      uint64_t s = P[i + j + 1] + lo;
      uint64_t c1 = s < lo;
      s += carry;
      c1 += s < carry;
      P[i + j + 1] = s;
      carry = hi + c1;
    }
    for (int k = i; carry && k >= 0; k--) {
      const uint64_t s = P[k] + carry;
      carry = s < carry;
      P[k] = s;
    }
  }
  if (la > K) dropped = 1;
  int64_t e = a->e + b->e;
  if (dropped) rad = ibm_add(rad, ibm_pow2(e - 64 * (int64_t)K + 7 + 6));
  const int Lp = K + 1 <= la + lb ? K + 1 : la + lb;
  const int64_t lz = mant_clz(P, Lp); /* 0 or 1 but for the dropped words */
  if (lz == 64 * (int64_t)Lp) {
    ib_zero(r);
    r->r = rad;
    return;
  }
  mant_shl(P, Lp, lz);
  e -= lz;
  /* (m + d) y = m y + d y: the side of d times y's sign, when m y is exact and y exact */
  int exact = !dropped, side = 0;
  for (int i = c->n; i < Lp; i++) exact &= P[i] == 0;
  if (a->side && !b->r.m) side = b->neg ? -a->side : a->side;
  if (b->side && !a->r.m) side = a->neg ? -b->side : b->side;
  ib_set_words(c, r, P, Lp, e, a->neg ^ b->neg, rad);
  if (exact && side) ib_set_side(r, side, r->r);
}

/* a / q for an integer 0 < q < 2^32: long division in 32-bit halves (each partial
 * dividend rem 2^32 + half < q 2^32 <= 2^64), n + 1 words of quotient, normalized (the
 * quotient is >= 2^-33: at most 32 bits of shift) and truncated; the remainder and the
 * dropped bits are below one unit of the last word kept. The radius r_a / q, rounded up. */
IB_HDN void ib_div_ui(ib_ctx *c, ib *r, const ib *a, uint32_t q) {
  if (a->sat) { /* 1 <= q < 2^32 */
    ib_set_sat(r, a->sat, a->sat > 0 ? a->e - 32 : a->e, a->neg);
    return;
  }
  const ib_mag rq = ibm_div(a->r, ibm_make(q, 0));
  if (a->zero) {
    ib_zero(r);
    r->r = rq;
    return;
  }
  const int L = c->n + 1;
  uint64_t Q[IB_MAXL + 1], rem = 0;
  for (int i = 0; i < L; i++) {
    const uint64_t w = i < a->l ? a->d[i] : 0;
    uint64_t cur = (rem << 32) | (w >> 32);
    const uint64_t qh = cur / q;
    rem = cur - qh * q;
    cur = (rem << 32) | (w & 0xffffffffu);
    const uint64_t ql = cur / q;
    rem = cur - ql * q;
    Q[i] = (qh << 32) | ql;
  }
  int sticky = rem != 0;
  for (int i = L; i < a->l; i++) sticky |= a->d[i] != 0;
  const int64_t lz = mant_clz(Q, L);
  mant_shl(Q, L, lz);
  const int64_t e = a->e - lz;
  ib_mag rad = rq;
  if (sticky) rad = ibm_add(rad, ibm_pow2(e - 64 * (int64_t)(L - 1)));
  ib_set_words(c, r, Q, L, e, a->neg, rad);
}

/* The exact double seed's ball. */
IB_HD void ib_set_d(ib_ctx *c, ib *r, double v) {
  if (v == 0 || !(v == v)) {
    ib_zero(r);
    return;
  }
  int ex;
  const double m = frexp(fabs(v), &ex); /* exact, m in [1/2, 1) */
  ib_set_u64_2exp(c, r, (uint64_t)ldexp(m, 64), ex - 64, v < 0);
}
/* the midpoint alone (a seed's arithmetic) */
IB_HD void ib_mid(ib *r) { r->r.m = 0, r->r.e = 0, r->side = 0; }

/* An exact quotient of exact midpoints: b exact, a exact or exact with a side, and
 * m_a / b a number of at most 53 bits (3 = 1800/600), which Newton's q only approaches.
 * The candidates are the binary64 number nearest q and its two neighbours (q is within
 * a few units of its last word of m_a / b, far below a binary64 gap); one is the quotient
 * exactly when q0 b - m_a is an exact 0, formed with one word more than b has, so the
 * product is exact. Then r = q0, and a's side becomes r's: for x = m_a + d, 0 < |d| <= r_a
 * of sign s, x / b = q0 + d / b, of sign s sign(b), |d / b| <= r_a / min|b|. 1 when
 * found; 0 leaves r alone. */
IB_HDN int ib_div_exact(ib *r, const ib *a, const ib *bm, const ib *q, ib_mag lb) {
  ib_ctx w = {bm->l + 1 < IB_MAXL ? bm->l + 1 : IB_MAXL, 0};
  ib am, q0, p;
  ib_copy(&am, a);
  ib_mid(&am);
  const double qd = ib_mid_d(q);
  if (!(qd != 0 && fabs(qd) < 0x1p1000 && fabs(qd) > 0x1p-1000)) return 0; /* ib_mid_d clamps beyond: no candidate */
  for (int k = 0; k < 3; k++) {
    const double cand = k == 0 ? qd : nextafter(qd, k == 1 ? HUGE_VAL : -HUGE_VAL);
    ib_set_d(&w, &q0, cand);
    ib_mul(&w, &p, &q0, bm);
    ib_sub(&w, &p, &am, &p);
    if (w.fail || !ib_exact0(&p)) continue;
    const int s = bm->neg ? -a->side : a->side;
    const ib_mag ra = a->r;
    ib_copy(r, &q0);
    if (s) ib_set_side(r, s, ibm_div(ra, lb));
    return 1;
  }
  return 0;
}

/* a / b. A seed y ~ 1/m_b from a double is refined by Newton's iteration y += y (1 - m_b y)
 * on midpoints (an approximation; no bound rests on it), q = m_a y likewise. The bound:
 * for x in a and z in b, x/z - q = (x - q z)/z, so |x/z - q| <= |R| / min|z| where the
 * ball R = a - q b (exact q) encloses every x - q z; min|z| is ib_lower(b), which must be
 * > 0 (else the ball may hold 0: fail 1, or fail 2 when b is exactly 0). */
IB_HDN void ib_div(ib_ctx *c, ib *r, const ib *a, const ib *b) {
  if (a->sat || b->sat) {
    ib_sat_div(c, r, a, b);
    return;
  }
  /* a exact, b = m + d with m = +-2^(e-1) exact and 0 < |d| <= r <= |m|/4 of sign s:
   * a/b - a/m = -a d / (m (m + d)), m (m + d) > 0, so of sign -sign(a) s, and at most
   * |a| r / (m^2 3/4) <= |a| r 2^(1 - 2(e-1)) = |a| r 2^(3 - 2e) */
  if (!a->r.m && !a->zero && b->side && b->l >= 1 && b->d[0] == 1ull << 63 && ibm_le_pow2(b->r, b->e - 3)) {
    int single = 1;
    for (int i = 1; i < b->l; i++) single &= b->d[i] == 0;
    if (single) {
      const ib_mag rad = ibm_mul(ibm_mul(ib_upper(a), b->r), ibm_pow2(3 - 2 * b->e));
      const int s = a->neg ? b->side : -b->side, qneg = a->neg ^ b->neg;
      const int64_t be = b->e;
      ib_copy(r, a);
      r->e -= be - 1;
      r->neg = qneg;
      r->side = 0;
      if (r->e > IB_EMAX || r->e < -IB_EMAX) ib_set_words(c, r, r->d, r->l, r->e, r->neg, r->r);
      else ib_set_side(r, s, rad);
      return;
    }
  }
  /* b an exact power of two: a / b = a 2^-(e_b - 1), exact, its side kept (flipped by a
   * negative b) */
  if (!b->r.m && !b->zero && b->l >= 1 && b->d[0] == 1ull << 63) {
    int single = 1;
    for (int i = 1; i < b->l; i++) single &= b->d[i] == 0;
    if (single) {
      const int64_t k = b->e - 1;
      const int bn = b->neg;
      ib_mul_2exp(c, r, a, -k);
      if (bn) ib_neg(r, r);
      return;
    }
  }
  const ib_mag lb = ib_lower(b);
  if (!lb.m) {
    ib_fail(c, b->zero && !b->r.m ? 2 : 1);
    ib_zero(r);
    r->r = ibm_pow2(IB_EMAX);
    return;
  }
  const int n = c->n;
  ib y, t, u, bm;
  ib_copy(&bm, b);
  ib_mid(&bm);
  ib_set_d(c, &y, 1.0 / ldexp((double)(b->d[0] >> 11), -53));
  y.e -= b->e;
  if (b->neg) y.neg = 1;
  for (int bits = 50; bits < 64 * n + 8; bits *= 2) {
    ib_mul(c, &t, &bm, &y);
    ib_mid(&t);
    ib_set_si(c, &u, 1);
    ib_sub(c, &t, &u, &t);
    ib_mid(&t);
    ib_mul(c, &t, &y, &t);
    ib_mid(&t);
    ib_add(c, &y, &y, &t);
    ib_mid(&y);
  }
  ib q;
  if (a->zero) ib_zero(&q);
  else {
    ib am;
    ib_copy(&am, a);
    ib_mid(&am);
    ib_mul(c, &q, &am, &y);
    ib_mid(&q);
  }
  if (!b->r.m && !a->zero && (!a->r.m || a->side) && ib_div_exact(r, a, &bm, &q, lb)) return;
  ib_mul(c, &t, &q, b);
  ib_sub(c, &t, a, &t);
  const ib_mag err = ibm_div(ib_upper(&t), lb);
  ib_copy(r, &q);
  r->r = err;
}

/* sqrt(a). A seed y ~ 1/sqrt(m_a), refined by y += y (1 - m_a y^2)/2 on midpoints, s = m_a y.
 * The bound: for x in a (all x >= min x > 0), |sqrt(x) - s| = |x - s^2| / (sqrt(x) + s)
 * <= |R| / s_low, R = a - s^2 (exact s) enclosing every x - s^2, s_low = ib_lower(s) > 0.
 * An exact 0 gives 0; a ball reaching below 0 fails (1), one wholly below 0 fails (2). */
IB_HDN void ib_sqrt(ib_ctx *c, ib *r, const ib *a) {
  if (a->sat) { /* |x| >= 2^e: sqrt >= 2^floor(e/2); |x| <= 2^e: sqrt <= 2^ceil(e/2) */
    const int64_t fl = a->e >= 0 ? a->e / 2 : -((-a->e + 1) / 2), ce = a->e >= 0 ? (a->e + 1) / 2 : -(-a->e / 2);
    if (a->neg) ib_sat_fail(c, r, 2);
    else ib_set_sat(r, a->sat, a->sat > 0 ? fl : ce, 0);
    return;
  }
  if (a->zero && !a->r.m) {
    ib_zero(r);
    return;
  }
  if (ib_sign(a) <= 0) {
    ib_fail(c, ib_sign(a) < 0 ? 2 : 1);
    ib_zero(r);
    r->r = ibm_pow2(IB_EMAX);
    return;
  }
  const int n = c->n;
  /* m_a = M 2^e with e even after moving one bit: M in [1/4, 1) */
  const int64_t e2 = (a->e & 1) ? a->e + 1 : a->e;
  const double Md = ldexp((double)(a->d[0] >> 11), -53 - (int)(e2 - a->e));
  ib y, t, u, am;
  ib_set_d(c, &y, 1.0 / sqrt(Md));
  y.e -= e2 / 2;
  ib_copy(&am, a);
  ib_mid(&am);
  for (int bits = 50; bits < 64 * n + 8; bits *= 2) {
    ib_mul(c, &t, &y, &y);
    ib_mid(&t);
    ib_mul(c, &t, &am, &t);
    ib_mid(&t);
    ib_set_si(c, &u, 1);
    ib_sub(c, &t, &u, &t);
    ib_mid(&t);
    ib_mul(c, &t, &y, &t);
    ib_mid(&t);
    ib_mul_2exp(c, &t, &t, -1);
    ib_add(c, &y, &y, &t);
    ib_mid(&y);
  }
  ib s;
  ib_mul(c, &s, &am, &y);
  ib_mid(&s);
  const ib_mag sl = ib_lower(&s);
  if (!sl.m) {
    ib_fail(c, 1);
    ib_zero(r);
    r->r = ibm_pow2(IB_EMAX);
    return;
  }
  ib_mul(c, &t, &s, &s);
  ib_sub(c, &t, a, &t);
  const ib_mag err = ibm_div(ib_upper(&t), sl);
  ib_copy(r, &s);
  r->r = err;
}

/* ---------------------------------------------------------------------------------
 * Rounding to binary64: y = RN53(x) (subnormals included, +-inf past DBL_MAX), t =
 * sign(y - x), the same for every x of the ball, else 0 (undecided). */

/* (X[0..L) as an integer: X[L-1] least significant) >> sh, whose value must fit 64 bits;
 * *sticky: a dropped bit was 1. Bit k of the integer is bit k & 63 of word L-1-(k >> 6). */
IB_HD uint64_t ib_int_shr(const uint64_t *X, int L, int64_t sh, int *sticky) {
  const int64_t w = sh >> 6;
  const int b = (int)(sh & 63);
  const uint64_t lo = w < L ? X[L - 1 - w] : 0, hi = w + 1 < L ? X[L - 2 - w] : 0;
  int s = 0;
  for (int64_t k = 0; k < w && k < L; k++) s |= X[L - 1 - k] != 0;
  if (b && (lo << (64 - b))) s = 1;
  *sticky = s;
  return b ? (lo >> b) | (hi << (64 - b)) : lo;
}
/* RN53 of the non-negative integer X[0..L) times 2^u: y and sign(y - value) */
IB_HDN void ib_round_fixed(const uint64_t *X, int L, int64_t u, double *y, int *t) {
  const int64_t lz = mant_clz(X, L);
  if (lz == 64 * (int64_t)L) {
    *y = 0, *t = 0;
    return;
  }
  const int64_t p = 64 * (int64_t)L - lz; /* bit length */
  const int64_t ev = p + u;               /* the value is in [2^(ev-1), 2^ev) */
  if (ev > 1024) { /* >= 2^1024: past DBL_MAX and its rounding boundary */
    *y = INFINITY, *t = 1;
    return;
  }
  int64_t q = ev - 53;
  if (q < -1074) q = -1074;
  const int64_t s = q - u; /* bits below the quantum */
  if (s <= 0) {
    int st;
    const uint64_t K = ib_int_shr(X, L, 0, &st); /* p <= 53 bits */
    *y = ldexp((double)K, (int)u);
    *t = 0;
    return;
  }
  int sticky;
  const uint64_t T = ib_int_shr(X, L, s - 1, &sticky); /* < 2^54 */
  uint64_t K = T >> 1;
  const int half = (int)(T & 1);
  int up = half && (sticky || (K & 1));
  if (up) K++;
  *t = up ? 1 : (half || sticky) ? -1 : 0;
  const int64_t qq = q < -1100 ? -1100 : q > 1100 ? 1100 : q;
  *y = ldexp((double)K, (int)qq);
}
IB_HDN int ib_round53(const ib *a, double *y, int *t) {
  if (a->sat > 0 && a->e >= 1024) { /* |x| >= 2^1024: RN53 is an infinity above |x| */
    *y = a->neg ? -INFINITY : INFINITY;
    *t = a->neg ? -1 : 1;
    return 1;
  }
  if (a->sat < 0 && a->e <= -1076) { /* 0 < |x| <= 2^-1076, below half the least subnormal */
    *y = a->neg ? -0.0 : 0.0;
    *t = a->neg ? 1 : -1;
    return 1;
  }
  if (a->sat) return 0;
  if (a->zero) return 0; /* exact zeros (their sign) are the host's */
  const int L = a->l + 1;
  uint64_t M[IB_MAXL + 1], Rw[IB_MAXL + 1], H[IB_MAXL + 1], Lo[IB_MAXL + 1];
  /* M = |m| as an integer of L words at unit 2^u, u = e + 1 - 64 L (exact) */
  mant_shr(M, L, a->d, a->l, 1);
  const int64_t u = a->e + 1 - 64 * (int64_t)L;
  for (int i = 0; i < L; i++) Rw[i] = 0;
  if (a->r.m) { /* the radius in units 2^u, rounded up */
    const int64_t sh = a->r.e - u;
    if (sh + 32 > 64 * (int64_t)L - 1) return 0; /* radius >= 2^(e) > |m|: may hold 0 */
    if (sh >= 0) {
      const uint64_t W[1] = {a->r.m << 32};
      mant_shr(Rw, L, W, 1, 64 * (int64_t)L - 32 - sh); /* exact: the radius is a multiple of 2^u */
    } else {
      Rw[L - 1] = (-sh >= 64) ? 1 : (a->r.m >> -sh) + (((a->r.m >> -sh) << -sh) != a->r.m);
    }
  }
  uint64_t carry = 0, borrow = 0;
  for (int i = L - 1; i >= 0; i--) {
    const uint64_t s = M[i] + Rw[i], c1 = s < M[i], s2 = s + carry, c2 = s2 < s;
    H[i] = s2, carry = c1 | c2;
    const uint64_t d = M[i] - Rw[i], b1 = M[i] < Rw[i], d2 = d - borrow, b2 = d < borrow;
    Lo[i] = d2, borrow = b1 | b2;
  }
  if (borrow || mant_clz(Lo, L) == 64 * (int64_t)L) return 0; /* the ball reaches 0 */
  double y1, y2;
  int t1, t2;
  const int s = a->neg ? -a->side : a->side; /* the side of |x| */
  if (s) {
    /* |x| in (|m|, |m| + r] or [|m| - r, |m|): the open end rounds as |m| +- one unit of
     * the next bit, 2M +- 1 at unit 2^(u-1), which no rounding boundary separates from
     * |m| on that side (boundaries lie on multiples of 2^u and coarser) */
    uint64_t M2[IB_MAXL + 1];
    for (int i = 0; i < L; i++) M2[i] = M[i];
    mant_shl(M2, L, 1); /* M < 2^(64 L - 1): exact */
    if (s > 0) M2[L - 1] |= 1;
    else { /* 2M - 1 */
      for (int i = L - 1; i >= 0; i--)
        if (M2[i]--) break;
    }
    ib_round_fixed(M2, L, u - 1, &y1, &t1);
    ib_round_fixed(s > 0 ? H : Lo, L, u, &y2, &t2);
  } else {
    ib_round_fixed(Lo, L, u, &y1, &t1);
    ib_round_fixed(H, L, u, &y2, &t2);
  }
  /* RN53 is monotonic and a tie rounds the same way from both sides only if it is an
   * end point: equal pairs at both ends give the pair of every point between */
  if (y1 != y2 || t1 != t2) return 0;
  *y = a->neg ? -y1 : y1;
  *t = a->neg ? -t1 : t1;
  return 1;
}

#endif
