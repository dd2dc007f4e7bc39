/* arith.h: the 16-bit arithmetic operations (H16_OP lines, src/kinds/h16/h16_catalogue.h)
 * over all 2^32 operand pairs, the part shared by the device and the host (compiled by
 * both, so that the host lists and re-checks exactly what the device counted): the third
 * operands of fma, the documented clamps, the expected result of a pair and the statistics
 * of a row (one first operand a, every second operand b).
 *
 * Pair index: i = (a << 16) | b, so that rows are contiguous. */
#ifndef ULPCERT_H16_ARITH_H
#define ULPCERT_H16_ARITH_H

#include <stdint.h>

#include "h16_refs.h" /* generated: fmt16.h and every functions/<name>/h16_ref.h */

#define H16A_ROW 65536u /* pairs per row */
#define H16A_LIST 8     /* first mismatches kept */

/* The third operand c of a three-operand operation, chosen from (a, b). Every pair (a, b)
 * is run once per rule:
 *   none      no third operand (two-operand operations);
 *   negzero   c = -0: the additive identity of round-to-nearest (x + -0 = x, -0 + -0 =
 *             -0), so fma(a, b, -0) must be RN(a b) with the product's own sign of zero,
 *             bit for bit __hmul's result: the product rounded once, zero signs, overflow;
 *   residual  c = -RN(a b): fma(a, b, c) = RN(a b - RN(a b)), the rounding error of the
 *             product (exact products give +0), the use fma has in error-free
 *             transformations: massive cancellation, results deep in the subnormals, and
 *             c = -+inf against a finite product where RN(a b) overflows;
 *   tiny      c = +2^-24 (binary16) or +2^-133 (bfloat16), the smallest subnormal: below
 *             half an ulp of every product of magnitude at least 2^-12 (binary16: ulp
 *             2^(e-10), half of it above 2^-24 for e >= -12) or 2^-124 (bfloat16), it turns
 *             each such product that is a midpoint of the format into a non-tie, rounded
 *             up for positive products and toward zero for negative ones, where an fma that
 *             rounded the product before adding would round to even; and it adds to the
 *             small products, down to the subnormal range. */
enum { H16A_NONE, H16A_NEGZERO, H16A_RESIDUAL, H16A_TINY, H16A_NTHIRD };
#define H16A_THIRD_NAMES {"none", "negzero", "residual", "tiny"}
/* Documented clamps after the rounding: none, sat ([0, 1], NaN to +0), relu (negatives to
 * +0, NaN to the canonical NaN). */
enum { H16A_POST_none, H16A_POST_sat, H16A_POST_relu };

F16_HD uint16_t h16a_third(int rule, int f, uint16_t a, uint16_t b) {
  if (rule == H16A_NEGZERO) return 0x8000u;
  if (rule == H16A_TINY) return 0x0001u;
  if (rule == H16A_RESIDUAL) /* the product is exact in binary64 (functions/mul/h16_ref.h) */
    return (uint16_t)(f16_round(f, f16_decode(f, a) * f16_decode(f, b), 0) ^ 0x8000u);
  return 0;
}

/* The clamps, on a reference's result r (bits and flags), as the headers state them. Both
 * are read with IEEE 754-2019's ordering -0 < +0 (its maximum, 9.6): a -0 result clamps to
 * +0 ("clamps the result to range [0.0, 1.0]", "negative result is clamped to 0"); the
 * headers do not say, and a mismatch on it is counted as such (class overflow: the clamp
 * decided). *y becomes the clamped value when the clamp changed the result. */
F16_HD uint32_t h16a_post(int post, int f, uint32_t r, double *y) {
  const uint16_t v = (uint16_t)r, one = f == FMT16_BFLOAT16 ? 0x3f80u : 0x3c00u;
  if (post == H16A_POST_none) return r;
  uint32_t out = r | H16R_STRICT;
  if (f16_isnan(f, v)) out = (post == H16A_POST_sat ? 0u : F16_CANONICAL_NAN) | H16R_STRICT | H16R_CLAMPED;
  else if (v & 0x8000u) out = 0u | H16R_STRICT | H16R_CLAMPED; /* negative, or -0 */
  else if (post == H16A_POST_sat && f16_decode(f, v) > 1.0) out = one | H16R_STRICT | H16R_CLAMPED;
  if (out & H16R_CLAMPED) *y = f16_decode(f, (uint16_t)out);
  return out;
}

/* The statistics of a run of pairs (a row, or a whole run on the host). */
struct h16a_acc {
  uint64_t pairs, exact;
  uint64_t cls[H16_NCLS];
  uint32_t first[H16_NCLS]; /* lowest pair index per class; 0xffffffff: none */
  double max_err;           /* largest |out - exact| in ulps of the format (f16_err_ulps); -1: none */
  uint32_t max_err_at;      /* its lowest pair index */
  uint64_t digest;          /* sum of mix64(i << 16 | out) modulo 2^64 */
  uint64_t s0, s1;          /* sum of out, sum of (b + 1) out over the row (arch moments) */
};

F16_HD void h16a_acc_init(struct h16a_acc *s) {
  s->pairs = s->exact = 0;
  for (int k = 0; k < H16_NCLS; k++) s->cls[k] = 0, s->first[k] = 0xffffffffu;
  s->max_err = -1, s->max_err_at = 0xffffffffu;
  s->digest = s->s0 = s->s1 = 0;
}

/* splitmix64's finalizer: a bijection, so that one changed output changes the digest */
F16_HD uint64_t h16a_mix(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* The class of pair i's output (or -1 for a match) against the expected result r (bits
 * and flags) with exact value y; the statistics take it in. */
F16_HD int h16a_add(struct h16a_acc *s, int f, uint32_t i, uint16_t c, int three, uint16_t out, uint32_t r,
                    double y) {
  const uint16_t a = (uint16_t)(i >> 16), b = (uint16_t)i;
  const int sub = f16_issub(f, a) || f16_issub(f, b) || (three && f16_issub(f, c));
  const int k = f16_classify(f, out, (uint16_t)r, (r & H16R_STRICT) != 0, (r & H16R_CLAMPED) != 0, sub);
  s->pairs++;
  s->exact += k < 0;
  for (int j = 0; j < H16_NCLS; j++) /* constant indices: the counters stay in registers */
    if (j == k) {
      s->cls[j]++;
      if (i < s->first[j]) s->first[j] = i;
    }
  const double e = f16_err_ulps(f, out, y);
  if (e > s->max_err || (e == s->max_err && i < s->max_err_at)) s->max_err = e, s->max_err_at = i;
  s->digest += h16a_mix(((uint64_t)i << 16) | out);
  s->s0 += out;
  s->s1 += (uint64_t)out * ((uint64_t)b + 1);
  return k;
}

/* b's statistics into a's: counts and sums add, firsts and the maximum keep the lowest
 * index (so that any order of merging gives the same result); s0 and s1 only within a
 * row (the host folds rows into moments itself). */
F16_HD void h16a_merge(struct h16a_acc *a, const struct h16a_acc *b) {
  a->pairs += b->pairs, a->exact += b->exact;
  for (int k = 0; k < H16_NCLS; k++) {
    a->cls[k] += b->cls[k];
    if (b->first[k] < a->first[k]) a->first[k] = b->first[k];
  }
  if (b->max_err > a->max_err || (b->max_err == a->max_err && b->max_err_at < a->max_err_at))
    a->max_err = b->max_err, a->max_err_at = b->max_err_at;
  a->digest += b->digest, a->s0 += b->s0, a->s1 += b->s1;
}

#endif
