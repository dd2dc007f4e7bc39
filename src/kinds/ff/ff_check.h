/* ff_check.h: the exact check of float-float operations, shared by the host (C) and the
 * device (CUDA): operand derivation, the partner set, exact error expansions, and the
 * statistics that reduce them. Definitions are the ones docs/float-float.md ("Float-float
 * operations") documents; change both together.
 *
 * Exactness. Every operand is a binary32 number and so a binary64 number; the product of
 * two binary32 numbers has at most 48 significant bits and a magnitude in
 * [2^-298, 2^256), so it is exact in binary64 (normal range [2^-1022, 2^1024)). The exact
 * result S of an operation and the exact error E = R - S of its computed result R are
 * then finite sums of binary64 numbers. They are accumulated into nonoverlapping
 * expansions with Knuth's TwoSum in binary64 (Shewchuk, "Adaptive precision
 * floating-point arithmetic and fast robust geometric predicates", 1997, Grow-Expansion):
 * TwoSum is error-free for all finite binary64 operands whose sum does not overflow (also
 * with subnormals), and no sum here exceeds 2^260 in magnitude. Hence the zero test of E
 * (exactness) and the sign of B |S| - |E| (a bound B) are decided exactly; the ratio
 * |E| / |S| is reported from the binary64 sums of the expansions, within a relative
 * 2^-49 of the exact ratio. Where a bound comparison would be closer than that, the exact
 * comparison decides. All binary64 operations are written as explicit round-to-nearest
 * intrinsics on the device, so that no build flavour contracts or flushes them; binary32
 * words enter binary64 through their bits, never through a conversion instruction that
 * -ftz could flush. tests/unit/test_ff.c checks all of this against MPFR. */
#ifndef ULPCERT_FF_CHECK_H
#define ULPCERT_FF_CHECK_H

#include <stdint.h>

#include "reference/bits.h"

#include "src/kinds/ff/ff_ops.h"

#ifdef __CUDA_ARCH__
#define DADD(a, b) __dadd_rn((a), (b))
#define DSUB(a, b) __dsub_rn((a), (b))
#define DMUL(a, b) __dmul_rn((a), (b))
#define DFMA(a, b, c) __fma_rn((a), (b), (c))
#define DDIV(a, b) __ddiv_rn((a), (b))
#else
#define DADD(a, b) ((a) + (b))
#define DSUB(a, b) ((a) - (b))
#define DMUL(a, b) ((a) * (b))
#define DFMA(a, b, c) fma((a), (b), (c))
#define DDIV(a, b) ((a) / (b))
#endif

/* ---- operations and flavours ---- */
enum ff_op {
  FF_ADD_SEED = 0, FF_MUL_SEED, FF_CONVERT_SEED,
  EFT_TWOSUM, EFT_FAST2SUM, EFT_FAST2SUM_UNORDERED, EFT_TWOPROD_DEKKER, EFT_TWOPROD_FMA,
  DW_ADD_FP, DW_ADD_SLOPPY, DW_ADD_ACCURATE, DW_MUL_FP, DW_MUL_FP_FMA, DW_MUL_DW, DW_MUL_DW_FMA,
  SUM2_TWOSUM, SUM2_FAST2SUM,
  FF_NOPS
};
enum ff_flavour { FF_PLAIN = 0, FF_FMAD, FF_FTZ, FF_NFLAV };

/* Failure classes, in the order they are tried (the first that applies). */
enum ff_class { FFC_OVERFLOW = 0, FFC_UNDERFLOW, FFC_PRECONDITION, FFC_CONTRACTION, FFC_OTHER, FFC_N };

/* ---- statistics ---- */
#define FF_LIST 8
/* histogram of relative errors r in units of u^2 = 2^-48: [0] r == 0; [1] 0 < r < 2^-16 u^2;
 * [2 + k + 16] 2^k u^2 <= r < 2^(k+1) u^2 for -16 <= k <= 48; [FF_HIST - 1] r >= 2^49 u^2. */
#define FF_HKMIN (-16)
#define FF_HKMAX 48
#define FF_HIST (2 + (FF_HKMAX - FF_HKMIN + 1) + 1)

struct ff_fail {
  uint64_t key;     /* input index * partners + partner */
  uint32_t rh, rl;  /* computed words (rl = 0 for a one-word result) */
  uint32_t cls, pad;
};

struct ff_stats {
  uint64_t pairs;         /* evaluated (operand, partner) pairs */
  uint64_t skipped;       /* pairs with a non-finite operand (not evaluated) */
  uint64_t inexact;       /* R != S */
  uint64_t nonfinite;     /* R not finite while S is (always finite here) */
  uint64_t zero_exact;    /* S == 0 */
  uint64_t zero_mismatch; /* S == 0 but R != 0 */
  uint64_t in_domain;     /* pairs in the bound's hypothesis domain D */
  uint64_t exceeds;       /* error above the bound (EFTs: inexact), anywhere */
  uint64_t exceeds_in_domain;
  uint64_t failures;      /* exceeds, nonfinite or zero_mismatch: what the list samples */
  uint64_t cls[FFC_N];    /* failures by class */
  uint64_t not_cr;        /* Sum2: result != RN(S) */
  uint64_t claim_mismatch; /* Sum2: result != (float) of the binary64 running sum */
  double max_rel;          /* -1 until a finite relative error is seen */
  uint64_t max_rel_key;
  double max_rel_d;        /* the same within D */
  uint64_t max_rel_d_key;
  uint64_t hist[FF_HIST];
  uint32_t nfail;
  uint32_t pad;
  struct ff_fail fail[FF_LIST]; /* the failures of lowest key */
};

/* Scalars only (the histogram and the list are kept apart on the device). */
FF_FN void ff_counts_init(struct ff_stats *s) {
  s->pairs = s->skipped = s->inexact = s->nonfinite = s->zero_exact = s->zero_mismatch = 0;
  s->in_domain = s->exceeds = s->exceeds_in_domain = s->failures = s->not_cr = s->claim_mismatch = 0;
  for (int i = 0; i < FFC_N; i++) s->cls[i] = 0;
  s->max_rel = -1.0, s->max_rel_key = 0;
  s->max_rel_d = -1.0, s->max_rel_d_key = 0;
  s->nfail = 0, s->pad = 0;
}
FF_FN void ff_stats_init(struct ff_stats *s) {
  ff_counts_init(s);
  for (int i = 0; i < FF_HIST; i++) s->hist[i] = 0;
  for (int i = 0; i < FF_LIST; i++) s->fail[i].key = 0, s->fail[i].rh = s->fail[i].rl = 0, s->fail[i].cls = s->fail[i].pad = 0;
}

/* ---- exact helpers ---- */
FF_FN int ff_finite(uint32_t u) { return (u & 0x7f800000u) != 0x7f800000u; }

/* The binary64 value of binary32 bits (finite), through integer operations only. */
FF_FN double ff_f2d(uint32_t u) {
  uint32_t e = (u >> 23) & 0xff, m = u & 0x7fffffu;
  uint64_t sign = (uint64_t)(u >> 31) << 63;
  if (e) return u2d(sign | ((uint64_t)(e + 896) << 52) | ((uint64_t)m << 29));
  double v = DMUL((double)(int32_t)m, 0x1p-149); /* m < 2^23: exact */
  return sign ? -v : v;
}

/* leading zero bits of m != 0 */
FF_FN int ff_clz32(uint32_t m) {
#ifdef __CUDA_ARCH__
  return __clz((int)m);
#else
  return __builtin_clz(m);
#endif
}

/* binary32 bits of sign * m * 2^E for 0 <= m < 2^24, truncated below 2^-149 (m * 2^E
 * is assumed below 2^128). */
FF_FN uint32_t ff_fbits(uint32_t m, int E, uint32_t sign) {
  if (!m) return sign;
  const int nz = ff_clz32(m) - 8; /* m << nz in [2^23, 2^24) */
  m <<= nz, E -= nz;
  if (E + 150 >= 1) return sign | ((uint32_t)(E + 150) << 23) | (m & 0x7fffffu);
  int sh = -149 - E; /* >= 1 */
  return sign | (sh >= 24 ? 0u : m >> sh);
}

/* binary32 bits of RN(d) (ties to even, subnormals kept), through integer operations. */
FF_FN uint32_t ff_d2f_rn(double d) {
  uint64_t u = d2u(d);
  uint32_t sign = (uint32_t)(u >> 63) << 31;
  int e = (int)((u >> 52) & 0x7ff);
  uint64_t m = u & ((1ull << 52) - 1);
  if (e == 0x7ff) return sign | 0x7f800000u | (m ? 0x400000u : 0u);
  if (e == 0) return sign; /* below 2^-1022: rounds to zero */
  m |= 1ull << 52;
  int E = e - 1075;              /* |d| = m 2^E, m in [2^52, 2^53) */
  int qe = E + 52 - 23;          /* quantum of binary32 at |d| */
  if (qe < -149) qe = -149;
  int sh = qe - E;               /* >= 29 */
  if (sh >= 54) return sign;     /* |d| < quantum / 2 */
  uint64_t q = m >> sh, rem = m & ((1ull << sh) - 1), half = 1ull << (sh - 1);
  if (rem > half || (rem == half && (q & 1))) q++;
  uint64_t bits = ((uint64_t)(qe + 149) << 23) + q; /* q in [2^23, 2^24] or subnormal */
  if (bits >= 0x7f800000u) return sign | 0x7f800000u;
  return sign | (uint32_t)bits;
}

FF_FN uint64_t ff_mix(uint64_t z) {
  z += 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* The low word derived for a high word h (bits hb) from random bits r: |lo| in
 * [ulp(h)/4, ulp(h)/2) (halved again below a power of two when lo has the opposite
 * sign, so that h = RN(h + lo) always: the pair is normalized), truncated to the
 * subnormal grid; 0 for subnormal, zero or non-finite h. */
FF_FN uint32_t ff_lo_of(uint32_t hb, uint64_t r) {
  uint32_t e = (hb >> 23) & 0xff;
  if (e == 0 || e == 255) return 0;
  uint32_t m = (uint32_t)(r & 0x3fffffu) | 0x400000u; /* [2^22, 2^23) */
  uint32_t sign = (uint32_t)(r >> 63) << 31;
  int E = (int)e - 174;                                 /* ulp(h) = 2^(e - 150); m 2^E < ulp / 2 */
  if ((hb & 0x7fffffu) == 0 && (sign != (hb & 0x80000000u))) E -= 1;
  return ff_fbits(m, E, sign);
}

/* The low word s (ulp(h)/2) (1 - d 2^-24) of a normal high word h (bits hb), 0 <= d < 2^24,
 * s the sign of h (opp = 0) or the opposite one (opp = 1): the largest low words, the
 * extremes of the error analyses. d = 0 is the tie ulp(h)/2, a valid low word only when h
 * is even (h + ulp(h)/2 rounds to even, to h): for odd h it becomes d = 1. Below a power
 * of two the spacing is ulp(h)/2, so with the opposite sign there the magnitude is halved
 * (ulp(h)/4 is then a tie that rounds to h, which is even). 0 for subnormal, zero or
 * non-finite h; truncated to the subnormal grid below 2^-126. */
FF_FN uint32_t ff_lo_extreme(uint32_t hb, uint32_t d, int opp) {
  uint32_t e = (hb >> 23) & 0xff;
  if (e == 0 || e == 255) return 0;
  if (d == 0 && (hb & 1u)) d = 1;
  uint32_t sign = (hb & 0x80000000u) ^ (opp ? 0x80000000u : 0u);
  int E = (int)e - 175; /* ulp(h)/2 = 2^(e - 151) = 2^24 2^E */
  if (opp && (hb & 0x7fffffu) == 0) E -= 1;
  return d ? ff_fbits((1u << 24) - d, E, sign) : ff_fbits(1u << 23, E + 1, sign);
}

/* d for ff_lo_extreme from two bits and ten more of r: 0 (the tie), 1, 2, or 1..1024. */
FF_FN uint32_t ff_extreme_d(uint64_t r) {
  uint32_t c = (uint32_t)(r & 3);
  return c < 3 ? c : 1 + (uint32_t)((r >> 2) & 1023);
}

/* The biased exponent that brings a product with a high word of biased exponent ex near
 * 1 (clamped to the normal range): partners with it stay in D with xh. */
FF_FN uint32_t ff_recip_exp(uint32_t ex) {
  int e = 254 - (int)ex;
  return (uint32_t)(e < 1 ? 1 : e > 254 ? 254 : e);
}

/* ---- the partner set ----
 * For the operand of high word bits xb and partner index k (0 <= k < FF_ADV + random):
 *  0  y = -x (exact cancellation)           1  yh = -xh, its own low word (near cancellation)
 *  2  yh = -(xh with the last bit flipped)  3  y = x
 *  4..16  yh = xh * 2^-g * s for g in FF_GAPS, s a random significand, signs alternating
 *         (even k: opposite sign to xh)
 *  17 |yh| = 2^116 * s (4097 * yh overflows binary32)
 *  18 yh subnormal, random                  19 yh such that xh * yh is near 2^-134 (subnormal)
 *  20 yh = 1, yl = 0
 *  21 FF_WORST_ADD, 22 FF_WORST_MUL: the worst cases of the double-word algorithms (below);
 *     these two set the low word of x as well
 *  23.. random binary32 high words (finite), seeded.
 * Low words are derived by ff_lo_of from the seeded hash, except where stated.
 *
 * The worst-case partners. Write xh = 2^E (1 + 2iu) (u = 2^-24, i the significand field),
 * so that ulp(xh) = 2^(E+1) u and a low word is at most ulp(xh)/2 = 2^E u in magnitude.
 * The error of every algorithm is a sum of a few roundings of intermediate sums of low
 * words and product tails, each at most half an ulp of its operand; the proofs of JMP and
 * of Muller and Rideau bound them one by one, and a bound is approached when every such
 * intermediate sits just above a power of two (its ulp is then largest relative to the
 * result) and every rounding is a near-tie, all with the same sign, while the exact result
 * stays just above a power of two (the relative error is largest there).
 *
 * FF_WORST_ADD (DWPlusFP, AccurateDWPlusDW: the examples JMP give for Algorithms 4 and 6):
 *   xl = s pred(2^E u) (s the sign of xh: the largest low word below the tie),
 *   yh = -s pred(2^(E-1)) (just below half a power of two, opposite sign),
 *   yl = -s u ulp(yh) (1 - 2u).
 *   For xh = 2^E (i = 0) this is, scaled by 2^E, the published example x = (1, u - u^2),
 *   y = (-1/2 + u/2, -u^2/2 + u^3): xh + yh = 1/2 + u/2 is a tie, so TwoSum leaves
 *   sl = u/2, and xl + sl = 3u/2 - u^2 is a tie again one binade lower, which RN breaks
 *   by u^2 while the exact sum is only 1/2 + 3u/2 - u^2: DWPlusFP errs by
 *   2u^2 / (1 + 3u - 2u^2) relatively; AccurateDWPlusDW adds the near-tie of
 *   RN(tl + vl) (tl = yl after TwoSum(xl, yl)), (3u^2 - 2u^3) / (1 + 3u - 3u^2 + 2u^3).
 *   Every binade's xh = 2^E and both signs give these values; other xh give a sum with
 *   about half the cancellation of x + y and smaller errors.
 * FF_WORST_MUL (DWTimesFP1, DWTimesFP3, DWTimesDW1, DWTimesDW3): yh with exponent
 *   ff_recip_exp (so that xh yh is near 1), a random sign, and a significand chosen from
 *   the hash, one of three ways:
 *   - near a power of two (half of the pairs): yh = 2^F (1 + 2ju), j in [0, 16). With xh
 *     also just above a power of two (small i: the walk over all high words reaches every
 *     i), the four partial products xh yh, xh yl, xl yh, xl yl and their sums sit just
 *     above powers of two (u, 2u, 3u relative to the product) where the roundings of
 *     DWTimesDW1 add up to 5u^2 - O(u^3) (short of JMP's 7u^2) and those of DWTimesDW3
 *     to 4u^2 - O(u^3) (Muller and Rideau's bound).
 *   - the product just below a midpoint (a quarter): j = floor((2^22 - 1 + m 2^23) / i),
 *     m in {0, 1}, so that 2^-46 ij, the tail of (1 + 2iu)(1 + 2ju) beyond the 24 bits of
 *     ch, is just below u: TwoProduct's error cl1 is then nearly +u, and with xl nearly
 *     u, fma(xl, y, cl1) of DWTimesFP3 sits just above 2u, where its rounding error can
 *     reach 2u^2 against a product 1 + 2(i + j)u, i + j >= 2^12: 2u^2 (1 - 2^-11) at
 *     best.
 *   - the reciprocal (a quarter): yh = 2^F floor(2^47 / (2^23 + i)) 2^-23 + a random
 *     offset in [-8, 8) ulps, so that xh yh is within a few ulps of a power of two P:
 *     just above it, ch = P with an error cl1 up to u P (half an ulp of the binade above
 *     P), and with xl y near u P too, DWTimesFP1's tl1 + cl1 lands near 2u P, where its
 *     rounding (up to u^2 P) and that of RN(xl y) (up to u^2 P / 2) reach 1.5u^2
 *     together.
 *   xl and yl are ff_lo_extreme with d from ff_extreme_d (the tie, 1, 2 or random up to
 *   1024 units of u^2), each of the sign of its high word with probability 3/4.
 * The exploration that led here (annealing over (xh, xl, yh, yl) near 1) found these
 * shapes for every algorithm; the table in docs/float-float.md gives what ordinary runs reach. */
#define FF_ADV 23
/* The version of this partner set, recorded in result files ("partners": {"set": ...}):
 * 1 for the set of ulpcert 0.3.0 as first released (gaps 13 and 60, no worst-case
 * partners; files without the field), 2 for this one. Merge and resume refuse to combine
 * results of different sets: the same counts, seed and version string would not tell. */
#define FF_PARTNER_SET 2
#define FF_WORST_ADD 21
#define FF_WORST_MUL 22
#define FF_NGAPS 13
#ifdef __CUDA_ARCH__
static __constant__ int ff_gaps[FF_NGAPS] = {1, 2, 11, 12, 23, 24, 25, 26, 35, 47, 48, 49, 50};
#else
static const int ff_gaps[FF_NGAPS] = {1, 2, 11, 12, 23, 24, 25, 26, 35, 47, 48, 49, 50};
#endif

FF_FN void ff_operand(uint32_t xb, uint64_t seed, uint32_t *xh, uint32_t *xl) {
  *xh = xb;
  *xl = ff_lo_of(xb, ff_mix(seed ^ ((uint64_t)xb << 8)));
}

/* FF_WORST_ADD: the low word of x and the partner, from xh alone. */
FF_FN void ff_worst_add(uint32_t xb, uint32_t *xl, uint32_t *yh, uint32_t *yl) {
  uint32_t ex = (xb >> 23) & 0xff, sy = (xb & 0x80000000u) ^ 0x80000000u;
  *xl = ff_lo_extreme(xb, 1, 0);
  uint32_t h = ex >= 2 ? ((ex - 1) << 23) - 1 : 0x7fffffu; /* pred(2^(E-1)) */
  uint32_t ey = (h >> 23) & 0xff;
  *yh = h | sy;
  *yl = ey ? ff_fbits((1u << 24) - 2, (int)ey - 198, sy) : 0; /* u ulp(yh) (1 - 2u) = (2^24 - 2) 2^(ey - 198) */
}

/* floor(2^47 / d) for 2^23 <= d < 2^24, without an integer division: q = RN(2^47 / d) in
 * binary64 has the same integer part. Q = 2^47 / d is in (2^23, 2^24]; q = Q when Q is an
 * integer; otherwise the fractional part of Q, a nonzero multiple of 1/d, lies in
 * [1/d, 1 - 1/d] with 1/d > 2^-24, while |q - Q| <= ulp(Q) / 2 <= 2^-29: q stays strictly
 * between the same two integers. tests/unit/test_ff.c checks every d against the division. */
FF_FN uint64_t ff_div47(uint32_t d) { return (uint64_t)DDIV(0x1p47, (double)d); }

/* FF_WORST_MUL: the low word of x and the partner, from xh and random bits r:
 * bits 0-1 the way (0: midpoint, 1: reciprocal, 2-3: near a power of two), 2-5 its
 * parameter, 6-17 and 18-19 xl's d and sign, 20-31 and 32-33 yl's, 63 yh's sign. */
FF_FN void ff_worst_mul(uint32_t xb, uint64_t r, uint32_t *xl, uint32_t *yh, uint32_t *yl) {
  uint32_t ex = (xb >> 23) & 0xff, i = xb & 0x7fffffu, way = (uint32_t)(r & 3), par = (uint32_t)((r >> 2) & 15);
  uint32_t ey = ff_recip_exp(ex), j;
  if (way >= 2) {
    j = par;
  } else if (way == 0) {
    uint32_t t = (1u << 22) - 1 + (par & 1) * (1u << 23); /* < 2^24 */
    j = i ? (t / i) & 0x7fffffu : par;
  } else {
    uint64_t q = ff_div47((1u << 23) | i); /* 2^47 / (2^23 + i), in (2^23, 2^24] */
    q = q + par - 8;
    if (q >= (1u << 24)) q >>= 1, ey = ey < 254 ? ey + 1 : ey;
    j = (uint32_t)q & 0x7fffffu;
  }
  *yh = ((uint32_t)(r >> 63) << 31) | (ey << 23) | j;
  *xl = ff_lo_extreme(xb, ff_extreme_d(r >> 6), ((r >> 18) & 3) == 0);
  *yl = ff_lo_extreme(*yh, ff_extreme_d(r >> 20), ((r >> 32) & 3) == 0);
}

/* The partner k of the operand of high word xb; *xl is x's low word (from ff_operand),
 * which the worst-case partners replace. mk = ff_mix(seed + k): the same for every high
 * word, so that a scan can compute it once per partner (ff_partner computes it). */
FF_FN void ff_partner_m(uint32_t xb, uint32_t *xl, uint32_t k, uint64_t mk, uint32_t *yh, uint32_t *yl) {
  uint64_t r = ff_mix(mk ^ xb);
  uint32_t ex = (xb >> 23) & 0xff, sx = xb & 0x80000000u, xlb = *xl;
  uint32_t sig = (uint32_t)(r >> 40) & 0x7fffffu;
  uint32_t h;
  if (k == 0) {
    *yh = xb ^ 0x80000000u;
    *yl = xlb ? xlb ^ 0x80000000u : 0;
    return;
  }
  if (k == 3) {
    *yh = xb, *yl = xlb;
    return;
  }
  if (k == 20) {
    *yh = 0x3f800000u, *yl = 0;
    return;
  }
  if (k == FF_WORST_ADD) {
    ff_worst_add(xb, xl, yh, yl);
    return;
  }
  if (k == FF_WORST_MUL) {
    ff_worst_mul(xb, r, xl, yh, yl);
    return;
  }
  if (k == 1) h = xb ^ 0x80000000u;
  else if (k == 2) h = (xb ^ 1u) ^ 0x80000000u;
  else if (k < 4 + FF_NGAPS) {
    int e = (int)ex - ff_gaps[k - 4];
    uint32_t s = (k & 1) ? sx : sx ^ 0x80000000u;
    if (ex == 0) e = 1 - ff_gaps[k - 4];
    if (e >= 1) h = s | ((uint32_t)e << 23) | sig;
    else h = ff_fbits(sig | 0x800000u, e - 150, s); /* (1 + sig 2^-23) 2^(e - 127) */
  } else if (k == 17) h = ((uint32_t)(r & 1) << 31) | (243u << 23) | sig;
  else if (k == 18) h = ((uint32_t)(r & 1) << 31) | sig;
  else if (k == 19) {
    int e = 120 - (int)(ex ? ex : 1);
    if (e < 1) e = 1;
    if (e > 254) e = 254;
    h = ((uint32_t)(r & 1) << 31) | ((uint32_t)e << 23) | sig;
  } else {
    h = (uint32_t)(r >> 32);
    if (((h >> 23) & 0xff) == 255) h ^= 0x00800000u; /* exponent 254: finite */
  }
  *yh = h;
  *yl = ff_lo_of(h, ff_mix(r + 0x51ed27u));
}
FF_FN void ff_partner(uint32_t xb, uint32_t *xl, uint32_t k, uint64_t seed, uint32_t *yh, uint32_t *yl) {
  ff_partner_m(xb, xl, k, ff_mix(seed + k), yh, yl);
}

/* ---- expansions ---- */
#define FF_XMAX 16
struct ff_xp {
  int n;
  double c[FF_XMAX]; /* nonoverlapping, increasing magnitude, zeros allowed */
};

/* Device builds unroll every loop over the components to FF_XMAX, each step guarded by
 * the count, and store by comparison, never by a computed index: the expansions then
 * live in registers (a kernel's counts are constants once its operation is, and the
 * guards fold away), where loops to x->n kept them in local memory (1.3 KB a thread).
 * The host compiles the same loops; the arithmetic is the same on both sides. */
#ifdef __CUDACC__
#define FF_UNROLL _Pragma("unroll")
#else
#define FF_UNROLL
#endif

FF_FN void ff_xp_add(struct ff_xp *x, double b) {
  double q = b;
  FF_UNROLL for (int i = 0; i < FF_XMAX; i++) {
    if (i >= x->n) break;
    double s = DADD(q, x->c[i]);
    double bv = DSUB(s, q);
    double av = DSUB(s, bv);
    double t = DADD(DSUB(q, av), DSUB(x->c[i], bv));
    x->c[i] = t;
    q = s;
  }
  FF_UNROLL for (int i = 0; i < FF_XMAX; i++)
    if (i == x->n) x->c[i] = q;
  x->n++;
}

/* Sign of the exact sum: that of the largest nonzero component. */
FF_FN int ff_xp_sign(const struct ff_xp *x) {
  int sg = 0;
  FF_UNROLL for (int i = 0; i < FF_XMAX; i++) {
    if (i >= x->n) break;
    if (x->c[i] != 0.0) sg = x->c[i] > 0 ? 1 : -1;
  }
  return sg;
}

/* The binary64 sum from the smallest component up. */
FF_FN double ff_xp_value(const struct ff_xp *x) {
  double v = 0.0;
  FF_UNROLL for (int i = 0; i < FF_XMAX; i++) {
    if (i >= x->n) break;
    v = DADD(v, x->c[i]);
  }
  return v;
}

/* Is |E| <= B |S| (B > 0, |S| > 0)? Exactly: TwoProduct of B and each component of |S|
 * is error-free in binary64 (no component is below 2^-400 nor above 2^260). */
FF_FN int ff_within(const struct ff_xp *E, const struct ff_xp *S, double B) {
  struct ff_xp t;
  t.n = 0;
  int se = ff_xp_sign(E), ss = ff_xp_sign(S);
  FF_UNROLL for (int i = 0; i < FF_XMAX; i++) {
    if (i >= S->n) break;
    double c = ss < 0 ? -S->c[i] : S->c[i];
    double p = DMUL(B, c);
    ff_xp_add(&t, p);
    ff_xp_add(&t, DFMA(B, c, -p));
  }
  FF_UNROLL for (int i = 0; i < FF_XMAX; i++) {
    if (i >= E->n) break;
    ff_xp_add(&t, se < 0 ? E->c[i] : -E->c[i]);
  }
  return ff_xp_sign(&t) >= 0;
}

/* ---- one evaluation ---- */
struct ff_in {
  uint32_t xh, xl, yh, yl;
};

/* The vector Sum2 sums, as binary32 bits: (xh, yh, -xh, xl) (exact side; ff_eval forms
 * the same vector in binary32). */
FF_FN void ff_sum2_vector(const struct ff_in *in, uint32_t w[4]) {
  w[0] = in->xh, w[1] = in->yh, w[2] = in->xh ^ 0x80000000u, w[3] = in->xl;
}

/* Evaluate op on the operands; returns the number of result words (1 or 2) in r[]. For
 * the conversion, r[] holds the binary64 round trip's bits in r[0] (low) and r[1]
 * (high). */
FF_FN int ff_eval(int op, const struct ff_in *in, uint32_t *r) {
  float xh = u2f(in->xh), xl = u2f(in->xl), yh = u2f(in->yh), yl = u2f(in->yl);
  float zh = 0.0f, zl = 0.0f;
  switch (op) {
  case FF_ADD_SEED: float_float_add(&zh, &zl, xh, xl, yh, yl); break;
  case FF_MUL_SEED: float_float_mul(&zh, &zl, xh, xl, yh, yl); break;
  case FF_CONVERT_SEED: {
    double d = ff_f2d(in->xh), back;
    /* the input: binary64 xh + xl (exact) plus bits below xl from the partner's low word,
       rounded to binary64; ff_exact computes the same number the same way */
    d = DADD(d, ff_f2d(in->xl));
    d = DADD(d, DMUL(ff_f2d(in->yl), 0x1p-24));
    float ah, al;
    double_to_float_float(d, &ah, &al);
    float_float_to_double(ah, al, &back);
    uint64_t b = d2u(back);
    if ((b & 0x7fffffffffffffffull) > 0x7ff0000000000000ull) b = 0x7ff8000000000000ull;
    r[0] = (uint32_t)b, r[1] = (uint32_t)(b >> 32);
    return 2;
  }
  case EFT_TWOSUM: ff_two_sum(xh, yh, &zh, &zl); break;
  case EFT_FAST2SUM: {
    /* the precondition met: the operand of larger magnitude first */
    int sw = (in->yh & 0x7fffffffu) > (in->xh & 0x7fffffffu);
    ff_fast_two_sum(sw ? yh : xh, sw ? xh : yh, &zh, &zl);
    break;
  }
  case EFT_FAST2SUM_UNORDERED: ff_fast_two_sum(xh, yh, &zh, &zl); break;
  case EFT_TWOPROD_DEKKER: ff_two_prod_dekker(xh, yh, &zh, &zl); break;
  case EFT_TWOPROD_FMA: ff_two_prod_fma(xh, yh, &zh, &zl); break;
  case DW_ADD_FP: dw_add_fp(xh, xl, yh, &zh, &zl); break;
  case DW_ADD_SLOPPY: dw_add_sloppy(xh, xl, yh, yl, &zh, &zl); break;
  case DW_ADD_ACCURATE: dw_add_accurate(xh, xl, yh, yl, &zh, &zl); break;
  case DW_MUL_FP: dw_mul_fp(xh, xl, yh, &zh, &zl); break;
  case DW_MUL_FP_FMA: dw_mul_fp_fma(xh, xl, yh, &zh, &zl); break;
  case DW_MUL_DW: dw_mul_dw(xh, xl, yh, yl, &zh, &zl); break;
  case DW_MUL_DW_FMA: dw_mul_dw_fma(xh, xl, yh, yl, &zh, &zl); break;
  case SUM2_TWOSUM:
  case SUM2_FAST2SUM: {
    /* ff_sum2_vector's vector, -xh negated in binary32 as code would (so -ftz may flush it) */
    float v[4] = {xh, yh, -xh, xl};
    zh = sum2(v, 4, op == SUM2_FAST2SUM); /* one word: zl stays 0 */
    break;
  }
  default: break;
  }
  r[0] = f2u(zh), r[1] = f2u(zl);
  /* NaN payloads differ between the host and the device: one canonical quiet NaN */
  for (int i = 0; i < 2; i++)
    if ((r[i] & 0x7fffffffu) > 0x7f800000u) r[i] = 0x7fc00000u;
  return op == SUM2_TWOSUM || op == SUM2_FAST2SUM ? 1 : 2;
}

/* Are the result words of op finite (for the conversion: the binary64 in r[1]:r[0])? */
FF_FN int ff_result_finite(int op, const uint32_t *r) {
  if (op == FF_CONVERT_SEED) return ((r[1] >> 20) & 0x7ff) != 0x7ff;
  return ff_finite(r[0]) && ff_finite(r[1]); /* one-word results have r[1] = 0 */
}

/* Which words an operation reads: 1 high word of x only (conversion), x and a binary32 y
 * (EFTs, DW x FP), x and a double-word y. */
FF_FN int ff_uses_yl(int op) {
  return op == FF_ADD_SEED || op == FF_MUL_SEED || op == DW_ADD_SLOPPY || op == DW_ADD_ACCURATE ||
         op == DW_MUL_DW || op == DW_MUL_DW_FMA || op == FF_CONVERT_SEED;
}
FF_FN int ff_uses_xl(int op) { return op < EFT_TWOSUM || op >= DW_ADD_FP; }
FF_FN int ff_is_sum2(int op) { return op == SUM2_TWOSUM || op == SUM2_FAST2SUM; }

/* The exact result S and the error E = R - S of one evaluation. */
FF_FN void ff_exact(int op, const struct ff_in *in, const uint32_t *r, struct ff_xp *S, struct ff_xp *E) {
  double xh = ff_f2d(in->xh), xl = ff_f2d(in->xl), yh = ff_f2d(in->yh), yl = ff_f2d(in->yl);
  double t[4];
  int nt = 0;
  S->n = 0, E->n = 0;
  switch (op) {
  case FF_CONVERT_SEED: {
    double d = DADD(DADD(xh, xl), DMUL(yl, 0x1p-24)); /* the input, as ff_eval forms it */
    ff_xp_add(S, d);
    ff_xp_add(E, u2d(((uint64_t)r[1] << 32) | r[0]));
    ff_xp_add(E, -d);
    return;
  }
  case EFT_TWOPROD_DEKKER:
  case EFT_TWOPROD_FMA: t[nt++] = DMUL(xh, yh); break;
  case EFT_TWOSUM:
  case EFT_FAST2SUM:
  case EFT_FAST2SUM_UNORDERED: t[nt++] = xh, t[nt++] = yh; break;
  case DW_ADD_FP: t[nt++] = xh, t[nt++] = xl, t[nt++] = yh; break;
  case FF_ADD_SEED:
  case DW_ADD_SLOPPY:
  case DW_ADD_ACCURATE: t[nt++] = xh, t[nt++] = xl, t[nt++] = yh, t[nt++] = yl; break;
  case DW_MUL_FP:
  case DW_MUL_FP_FMA: t[nt++] = DMUL(xh, yh), t[nt++] = DMUL(xl, yh); break;
  case FF_MUL_SEED:
  case DW_MUL_DW:
  case DW_MUL_DW_FMA:
    t[nt++] = DMUL(xh, yh), t[nt++] = DMUL(xh, yl), t[nt++] = DMUL(xl, yh), t[nt++] = DMUL(xl, yl);
    break;
  case SUM2_TWOSUM:
  case SUM2_FAST2SUM: {
    uint32_t w[4];
    ff_sum2_vector(in, w);
    for (; nt < 4; nt++) t[nt] = ff_f2d(w[nt]);
    break;
  }
  default: break;
  }
  for (int i = 0; i < nt; i++) ff_xp_add(S, t[i]);
  /* E starts as the expansion of -t[0], ..., -t[nt - 1], which is S negated component by
   * component: rounding to nearest is symmetric, so TwoSum(-a, -b) = -TwoSum(a, b), up to
   * the sign of a zero result (x - x is +0 either way). No use of an expansion sees the
   * sign of a zero component: ff_xp_sign skips zeros; ff_xp_value's running sum starts at
   * +0, to which +0 or -0 adds +0, and a nonzero sum is unchanged by either; ff_within
   * decides the sign of an exact sum of values. */
  E->n = S->n;
  FF_UNROLL for (int i = 0; i < FF_XMAX; i++)
    if (i < S->n) E->c[i] = -S->c[i];
  ff_xp_add(E, ff_f2d(r[0]));
  if (!ff_is_sum2(op)) ff_xp_add(E, ff_f2d(r[1]));
}

/* Is binary32 r the correctly rounded (to nearest, ties to even) value of S? Exactly:
 * r = RN(S) iff S lies between the midpoints of r with its neighbours (included when r
 * is even); midpoints of binary32 neighbours are binary64 numbers. */
FF_FN int ff_is_rn(uint32_t rb, const struct ff_xp *S) {
  if (!ff_finite(rb)) return 0;
  double r = ff_f2d(rb);
  uint32_t mag = rb & 0x7fffffffu, sgn = rb & 0x80000000u;
  /* neighbours toward +inf and -inf */
  double up, dn;
  if (r == 0.0) {
    up = 0x1p-149, dn = -0x1p-149;
  } else {
    uint32_t away = sgn | (mag + 1), toward = sgn | (mag - 1);
    double a = mag + 1 >= 0x7f800000u ? (sgn ? -0x1p128 : 0x1p128) : ff_f2d(away); /* 2^128: the rounding boundary */
    double t = ff_f2d(toward);
    up = sgn ? t : a;
    dn = sgn ? a : t;
  }
  double mu = DMUL(DADD(r, up), 0.5), md = DMUL(DADD(r, dn), 0.5); /* exact: 25 bits */
  int even = !(rb & 1u);
  struct ff_xp a = *S, b = *S;
  ff_xp_add(&a, -mu);
  ff_xp_add(&b, -md);
  int sa = ff_xp_sign(&a), sb = ff_xp_sign(&b);
  int below_up = even ? sa <= 0 : sa < 0;
  int above_dn = even ? sb >= 0 : sb > 0;
  return below_up && above_dn;
}

/* The hypothesis domain D of the published bounds: every nonzero high word of the
 * operands used in [2^-30, 2^31) in magnitude, and S zero or of magnitude at least 2^-60
 * (by its binary64 value). There no operation of the algorithms overflows (4097 times a
 * word included) and none rounds in the subnormal range (low words are at least 2^-26
 * times their high word, so products of low words stay above 2^-112), as the theorems
 * assume. */
FF_FN int ff_in_domain(int op, const struct ff_in *in, double s) {
  uint32_t e1 = (in->xh >> 23) & 0xff, e2 = (in->yh >> 23) & 0xff;
  if ((in->xh & 0x7fffffffu) && (e1 < 127 - 30 || e1 > 127 + 30)) return 0;
  if (op != FF_CONVERT_SEED && (in->yh & 0x7fffffffu) && (e2 < 127 - 30 || e2 > 127 + 30)) return 0;
  return s == 0.0 || fabs(s) >= 0x1p-60;
}

/* The class of a failure (see enum ff_class). */
FF_FN int ff_classify(int op, int flav, const struct ff_in *in, const uint32_t *r, int nr, double s) {
  double as = fabs(s);
  if (!ff_result_finite(op, r) || as > 0x1.fffffep127) return FFC_OVERFLOW;
  uint32_t words[4] = {in->xh, ff_uses_xl(op) ? in->xl : 0u, op == FF_CONVERT_SEED ? 0u : in->yh,
                       ff_uses_yl(op) && op != FF_CONVERT_SEED ? in->yl : 0u};
  for (int i = 0; i < 4; i++)
    if ((words[i] & 0x7fffffffu) && !(words[i] & 0x7f800000u)) return FFC_UNDERFLOW;
  /* below 2^-78 a product of low words (about 2^-48 |S|) can round in the subnormal
     range; with flushing, anything below 2^-60 can lose such a term */
  if (as != 0.0 && as < (flav == FF_FTZ ? 0x1p-60 : 0x1p-78)) return FFC_UNDERFLOW;
  if (flav == FF_FTZ)
    for (int i = 0; i < nr && op != FF_CONVERT_SEED; i++)
      if ((r[i] & 0x7fffffffu) && !(r[i] & 0x7f800000u)) return FFC_UNDERFLOW;
  if (op == EFT_TWOPROD_DEKKER || op == FF_MUL_SEED || op == DW_MUL_DW || op == DW_MUL_FP) {
    /* the splitting overflows: 4097 a is exact in binary64; RN to binary32 overflows from 2^128 - 2^103 on */
    if (fabs(DMUL(4097.0, ff_f2d(in->xh))) >= 0x1.ffffffp127 || fabs(DMUL(4097.0, ff_f2d(in->yh))) >= 0x1.ffffffp127)
      return FFC_OVERFLOW;
  }
  if (op == EFT_FAST2SUM_UNORDERED && (in->yh & 0x7fffffffu) > (in->xh & 0x7fffffffu)) return FFC_PRECONDITION;
  if (op == SUM2_FAST2SUM) return FFC_PRECONDITION;
  if (flav == FF_FMAD) return FFC_CONTRACTION;
  return FFC_OTHER;
}

FF_FN int ff_hist_bin(double rel) {
  if (rel == 0.0) return 0;
  double ru = DMUL(rel, 0x1p48);
  if (ru < 0x1p-16) return 1;
  int k = (int)((d2u(ru) >> 52) & 0x7ff) - 1023;
  if (k > FF_HKMAX) return FF_HIST - 1;
  return 2 + k - FF_HKMIN;
}

/* s->cls[k]++, without a computed index (a device thread's counters stay in registers). */
FF_FN void ff_cls_add(struct ff_stats *s, int k) {
  FF_UNROLL for (int c = 0; c < FFC_N; c++) s->cls[c] += c == k;
}

/* The outcome of one evaluated pair (ff_outcome): what it counts for, as FFO_ bits, and,
 * when S != 0 and the result is finite (FFO_REL), its relative error and histogram bin.
 * The counted bits come in pairs 16 apart (bits i and 16 + i, i < 4), so that the kernel
 * adds two 16-bit counts with one mask (ff_kernel.cuh, ff_tally_add). */
#define FFO_DOMAIN 0x00001u        /* in the hypothesis domain D */
#define FFO_INEXACT 0x10000u       /* R != S */
#define FFO_NONFINITE 0x00002u     /* R not finite */
#define FFO_ZERO 0x20000u          /* S == 0 */
#define FFO_ZERO_MISMATCH 0x00004u /* S == 0 but R != 0 */
#define FFO_EXCEEDS 0x40000u       /* above a published bound (bound >= 0) */
#define FFO_NOT_CR 0x00008u        /* Sum2: R != RN(S) */
#define FFO_CLAIM 0x80000u         /* Sum2: R != the rounded binary64 running sum */
#define FFO_FAIL 0x00100u          /* a failure: non-finite, nonzero for S = 0, above the bound, Sum2 not CR */
#define FFO_REL 0x00200u           /* rel and hbin are set */
#define FFO_NEAR 0x00400u          /* rel within 2^-40 of the bound: ff_outcome_near decides */
struct ff_outcome {
  uint32_t ev;
  int hbin;   /* histogram bin of rel */
  double rel; /* |E| / |S| */
  double sv;  /* S's binary64 value (ff_classify's argument) */
};

/* The outcome of one pair. bound: relative bound B (< 0: none published; 0: the
 * operation claims to be exact). Where rel is too close to B for its binary64 value to
 * decide (rare), FFO_NEAR is set and FFO_EXCEEDS and FFO_FAIL are left to
 * ff_outcome_near, which compares exactly. */
FF_FN void ff_outcome(int op, double bound, const struct ff_in *in, const uint32_t *r, struct ff_outcome *o) {
  struct ff_xp S, E;
  ff_exact(op, in, r, &S, &E);
  const double sv = ff_xp_value(&S);
  uint32_t ev = ff_in_domain(op, in, sv) ? FFO_DOMAIN : 0u;
  int fail = 0, exceed = 0;
  o->sv = sv, o->hbin = -1, o->rel = 0.0;
  if (ff_is_sum2(op)) {
    if (!ff_is_rn(r[0], &S)) ev |= FFO_NOT_CR, fail = 1;
    /* the clSPARSE patch's claim: as if summed in binary64 and rounded once to binary32 */
    uint32_t w[4];
    ff_sum2_vector(in, w);
    double acc = ff_f2d(w[0]);
    for (int i = 1; i < 4; i++) acc = DADD(acc, ff_f2d(w[i]));
    if (ff_d2f_rn(acc) != r[0]) ev |= FFO_CLAIM;
  }
  if (!ff_result_finite(op, r)) {
    ev |= FFO_NONFINITE | FFO_INEXACT;
    fail = 1, exceed = 1;
  } else {
    const int ze = ff_xp_sign(&E), zs = ff_xp_sign(&S);
    if (ze != 0) ev |= FFO_INEXACT;
    if (zs == 0) {
      ev |= FFO_ZERO;
      if (ze != 0) ev |= FFO_ZERO_MISMATCH, fail = 1, exceed = 1;
    } else {
      const double rel = fabs(ff_xp_value(&E)) / fabs(sv);
      o->rel = rel, o->hbin = ff_hist_bin(rel);
      ev |= FFO_REL;
      if (bound == 0.0) exceed = ze != 0;
      else if (bound > 0.0) {
        if (rel > bound * (1 + 0x1p-40)) exceed = 1;
        else if (rel >= bound * (1 - 0x1p-40)) ev |= FFO_NEAR;
      }
      fail |= exceed;
    }
  }
  if (exceed && bound >= 0.0) ev |= FFO_EXCEEDS;
  if (fail) ev |= FFO_FAIL;
  o->ev = ev;
}

/* An outcome with FFO_NEAR decided: the exact comparison of |E| with B |S| (ff_within)
 * on the expansions of the same pair, computed again. */
FF_FN void ff_outcome_near(int op, double bound, const struct ff_in *in, const uint32_t *r, struct ff_outcome *o) {
  struct ff_xp S, E;
  ff_exact(op, in, r, &S, &E);
  if (!ff_within(&E, &S, bound)) o->ev |= FFO_EXCEEDS | FFO_FAIL; /* here bound > 0 */
  o->ev &= ~FFO_NEAR;
}

/* A relative error rel of pair key into the maxima of s (ties to the lowest key); dom:
 * the pair is in D. */
FF_FN void ff_max_add(struct ff_stats *s, double rel, uint64_t key, int dom) {
  if (rel > s->max_rel || (rel == s->max_rel && key < s->max_rel_key)) s->max_rel = rel, s->max_rel_key = key;
  if (dom && (rel > s->max_rel_d || (rel == s->max_rel_d && key < s->max_rel_d_key)))
    s->max_rel_d = rel, s->max_rel_d_key = key;
}

/* The outcome of one pair, folded into s (scalars); *hbin is the histogram bin it
 * counts in (-1: none). Returns 1 when the pair is a failure (*cls set, ff_classify). */
FF_FN int ff_account_bin(struct ff_stats *s, int *hbin, int op, int flav, double bound, uint64_t key,
                         const struct ff_in *in, const uint32_t *r, int nr, int *cls) {
  struct ff_outcome o;
  ff_outcome(op, bound, in, r, &o);
  if (o.ev & FFO_NEAR) ff_outcome_near(op, bound, in, r, &o);
  const uint32_t ev = o.ev;
  s->pairs++;
  s->in_domain += (ev & FFO_DOMAIN) != 0;
  s->inexact += (ev & FFO_INEXACT) != 0;
  s->nonfinite += (ev & FFO_NONFINITE) != 0;
  s->zero_exact += (ev & FFO_ZERO) != 0;
  s->zero_mismatch += (ev & FFO_ZERO_MISMATCH) != 0;
  s->exceeds += (ev & FFO_EXCEEDS) != 0;
  s->exceeds_in_domain += (ev & FFO_EXCEEDS) && (ev & FFO_DOMAIN);
  s->not_cr += (ev & FFO_NOT_CR) != 0;
  s->claim_mismatch += (ev & FFO_CLAIM) != 0;
  if (ev & FFO_REL) ff_max_add(s, o.rel, key, (ev & FFO_DOMAIN) != 0);
  *hbin = o.hbin;
  if (!(ev & FFO_FAIL)) return 0;
  *cls = ff_classify(op, flav, in, r, nr, o.sv);
  s->failures++;
  ff_cls_add(s, *cls);
  return 1;
}

/* ff_account_bin, with the histogram bin counted in hist[] (host code and tests). */
FF_FN int ff_account(struct ff_stats *s, uint64_t *hist, int op, int flav, double bound, uint64_t key,
                     const struct ff_in *in, const uint32_t *r, int nr, int *cls) {
  int hb;
  const int f = ff_account_bin(s, &hb, op, flav, bound, key, in, r, nr, cls);
  if (hb >= 0) hist[hb]++;
  return f;
}

/* Insert a failure into a list kept sorted by key (lowest FF_LIST). */
FF_FN void ff_list_insert(struct ff_stats *s, const struct ff_fail *f) {
  uint32_t n = s->nfail, i = n;
  if (n == FF_LIST && f->key >= s->fail[n - 1].key) return;
  if (n < FF_LIST) s->nfail = ++n;
  i = n - 1;
  while (i > 0 && s->fail[i - 1].key > f->key) {
    s->fail[i] = s->fail[i - 1];
    i--;
  }
  s->fail[i] = *f;
}

/* a <- merge(a, b): exact, any order. */
FF_FN void ff_stats_merge(struct ff_stats *a, const struct ff_stats *b) {
  a->pairs += b->pairs, a->skipped += b->skipped, a->inexact += b->inexact, a->nonfinite += b->nonfinite;
  a->zero_exact += b->zero_exact, a->zero_mismatch += b->zero_mismatch, a->in_domain += b->in_domain;
  a->exceeds += b->exceeds, a->exceeds_in_domain += b->exceeds_in_domain, a->failures += b->failures;
  a->not_cr += b->not_cr, a->claim_mismatch += b->claim_mismatch;
  for (int i = 0; i < FFC_N; i++) a->cls[i] += b->cls[i];
  for (int i = 0; i < FF_HIST; i++) a->hist[i] += b->hist[i];
  if (b->max_rel > a->max_rel || (b->max_rel == a->max_rel && b->max_rel_key < a->max_rel_key))
    a->max_rel = b->max_rel, a->max_rel_key = b->max_rel_key;
  if (b->max_rel_d > a->max_rel_d || (b->max_rel_d == a->max_rel_d && b->max_rel_d_key < a->max_rel_d_key))
    a->max_rel_d = b->max_rel_d, a->max_rel_d_key = b->max_rel_d_key;
  for (uint32_t i = 0; i < b->nfail; i++) ff_list_insert(a, &b->fail[i]);
}

/* The operands of pair (high word xb, partner k) for an operation; mk = ff_mix(seed + k)
 * (ff_partner_m). */
FF_FN void ff_pair_xkm(int op, uint32_t xb, uint32_t k, uint64_t mk, uint64_t seed, struct ff_in *in) {
  ff_operand(xb, seed, &in->xh, &in->xl);
  ff_partner_m(xb, &in->xl, k, mk, &in->yh, &in->yl);
  if (!ff_uses_xl(op)) in->xl = 0;
  if (!ff_uses_yl(op)) in->yl = 0;
  if (op == FF_CONVERT_SEED) in->yh = 0; /* only yl's bits extend the input double */
}
FF_FN void ff_pair_xk(int op, uint32_t xb, uint32_t k, uint64_t seed, struct ff_in *in) {
  ff_pair_xkm(op, xb, k, ff_mix(seed + k), seed, in);
}

/* The operands of pair key = xb * npart + k. */
FF_FN void ff_pair(int op, uint64_t key, uint32_t npart, uint64_t seed, struct ff_in *in) {
  ff_pair_xk(op, (uint32_t)(key / npart), (uint32_t)(key % npart), seed, in);
}

/* ---- what a pair computed, for arch records ----
 * Per bin of 2^FF_BIN_LOG2 high words (the bins of the binary32 records), the sum of
 * the digest terms of its pairs (modulo 2^64) and the output moments m0 = sum v and
 * m1 = sum (i + 1) v modulo FF_P = 2^61 - 1, v the 64 bits of a result (ff_out64)
 * reduced modulo FF_P and i the pair's index in its bin, (xb - the bin's first high
 * word) npart + k. Pairs not evaluated (a non-finite operand word) add nothing. One
 * changed result in a bin is located by the moments as for binary32 outputs: i + 1 =
 * dm1 / dm0, and its recorded value by dm0 (up to a multiple of FF_P, which the digest
 * decides). */
#define FF_BIN_LOG2 20
#define FF_P ((1ull << 61) - 1)

struct ff_binsum {
  uint64_t digest, m0, m1;
};

/* The result words as one 64-bit number (for the conversion, the round trip's bits). */
FF_FN uint64_t ff_out64(const uint32_t *r) { return ((uint64_t)r[0] << 32) | r[1]; }
/* For a fixed key a bijection of the result's 64 bits: a changed result changes the digest. */
FF_FN uint64_t ff_digest_term(uint64_t key, uint64_t out) { return ff_mix(ff_mix(key) ^ out); }

/* x modulo FF_P for any 64-bit x (2^61 = 1 modulo FF_P) */
FF_FN uint64_t ff_modp(uint64_t x) {
  x = (x & FF_P) + (x >> 61);
  return x >= FF_P ? x - FF_P : x;
}
FF_FN uint64_t ff_modp_add(uint64_t a, uint64_t b) { return ff_modp(a + b); } /* a, b < 2^62 */
/* a b modulo FF_P for a, b < 2^61: a b = hi 2^64 + lo, 2^64 = 8 modulo FF_P, hi < 2^58 */
FF_FN uint64_t ff_modp_mul(uint64_t a, uint64_t b) {
#ifdef __CUDA_ARCH__
  const uint64_t lo = a * b, hi = __umul64hi(a, b);
#else
  const unsigned __int128 p = (unsigned __int128)a * b;
  const uint64_t lo = (uint64_t)p, hi = (uint64_t)(p >> 64);
#endif
  return ff_modp_add(ff_modp(lo), ff_modp(hi << 3));
}

FF_FN void ff_binsum_init(struct ff_binsum *b) { b->digest = b->m0 = b->m1 = 0; }
/* One evaluated pair (key, index i in its bin, result words r) into b. */
FF_FN void ff_binsum_add(struct ff_binsum *b, uint64_t key, uint32_t i, const uint32_t *r) {
  const uint64_t out = ff_out64(r), v = ff_modp(out);
  b->digest += ff_digest_term(key, out);
  b->m0 = ff_modp_add(b->m0, v);
  b->m1 = ff_modp_add(b->m1, ff_modp_mul(v, (uint64_t)i + 1));
}
FF_FN void ff_binsum_merge(struct ff_binsum *a, const struct ff_binsum *b) {
  a->digest += b->digest, a->m0 = ff_modp_add(a->m0, b->m0), a->m1 = ff_modp_add(a->m1, b->m1);
}

/* Does pair key need evaluating (all used words finite)? */
FF_FN int ff_pair_finite(const struct ff_in *in) {
  return ff_finite(in->xh) && ff_finite(in->xl) && ff_finite(in->yh) && ff_finite(in->yl);
}

/* One pair with explicit operands, as a scan handles each key: skipped when a word it
 * reads is not finite, else evaluated (ff_eval) and accounted (ff_account) into s and
 * hist, a failure going into s's list. key only ranks maxima and failures; explicit
 * operands that are no key of the partner set can be given any key. Returns 1 for a
 * failure. ff_cpu_scan runs every key through this; the kernel (ff_kernel.cuh) runs the
 * same steps with its own failure list. */
FF_FN int ff_eval_account(struct ff_stats *s, uint64_t *hist, int op, int flav, double bound, uint64_t key,
                          const struct ff_in *in) {
  if (!ff_pair_finite(in)) {
    s->skipped++;
    return 0;
  }
  uint32_t r[2];
  int nr = ff_eval(op, in, r), cls;
  if (!ff_account(s, hist, op, flav, bound, key, in, r, nr, &cls)) return 0;
  struct ff_fail f = {key, r[0], r[1], (uint32_t)cls, 0};
  ff_list_insert(s, &f);
  return 1;
}

#endif
