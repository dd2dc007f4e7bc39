/* pair_ref.h: the fast reference of rhypot(a, b) = 1 / sqrt(a^2 + b^2)
 * (reference/shared/pair_hd.h's contract; reference.c's special values: an infinite operand gives +0,
 * even with a NaN one; otherwise a NaN operand gives NaN; two zeros give +inf, exactly).
 *
 * Otherwise a^2 + b^2 = hi + lo exactly (pr_sumsq) and pr_sqrt_dd gives its root as
 * rh + rl + eta with |eta| <= es (its eps). Then q = RN(1/rh), e1 = 1 - q rh exactly (the
 * remainder of a correctly rounded quotient, one fma: functions/div/pair_ref.h), and
 *   1/(rh + rl) = q + E / (rh + rl),   E = e1 - q rl.
 * Computed: p = RN(q rl), e = RN(e1 - p), c = RN(e q). Each rounding is relative to its
 * result: |p - q rl| <= 2^-53 |p|, |e - (e1 - p)| <= 2^-53 |e|, so |e - E| <= 2^-53 (|e| +
 * |p|) and |E| <= 2 (|e| + |p|); |c - e q| <= 2^-53 |e| q; and |q - 1/(rh + rl)| <=
 * 2^-51.9 q (q is within 2^-53 of 1/rh, and |rl| <= 2^-53 rh). Hence
 *   |c - E/(rh + rl)| <= |c - e q| + q |e - E| + |E| |q - 1/(rh + rl)|
 *                     <= q (2^-53 |e| + 2^-53 (|e| + |p|) + 2^-50.9 (|e| + |p|)) < 2^-50.3 q (|e| + |p|).
 * The root's error moves 1/root by at most |eta| / (rh + rl - |eta|)^2 <= 1.01 es q / rh
 * (q rh <= 1 + 2^-52). So |1/sqrt(a^2 + b^2) - (q + c)| <= q (2^-50.3 (|e| + |p|) + 1.01 es
 * / rh), bounded by eps = q (2^-50 (|e| + |p|) + 2 es / rh) computed in binary64: its
 * five roundings lose less than a factor (1 + 2^-53)^5, well inside the room left (2^-50
 * against 2^-50.3, 2 against 1.01). A bound relative
 * to the corrections, not to q, so that sums with a negligible square (rl and e tiny, q
 * possibly exact) are decided too. TwoSum(q, c) and Ziv's test (pr_ziv) decide.
 * Exact results: 1/sqrt(S) is a binary64 number only when S = 4^k (a dyadic root of a
 * dyadic number is a power of two only then), i.e. lo = 0 and hi an even power of two,
 * where it is 2^-k; recognised exactly. The results lie in [2^-128.6, 2^149], normal. */
#include "reference/shared/pair_hd.h"

REF_HD int pairref_rhypot(uint32_t a, uint32_t b, double *y, int *t) {
  *t = 0;
  if (pr_isinf(a) || pr_isinf(b)) {
    *y = 0.0;
    return 1;
  }
  if (pr_isnan(a) || pr_isnan(b)) {
    *y = REF_NAN;
    return 1;
  }
  if (pr_iszero(a) && pr_iszero(b)) {
    *y = REF_INF;
    return 1;
  }
  double hi, lo, rh, rl, eps;
  int exact;
  pr_sumsq(a, b, &hi, &lo);
  const uint64_t hu = d2u(hi);
  if (lo == 0 && (hu & 0xfffffffffffffull) == 0 && ((hu >> 52) & 1) == 1) { /* hi = 2^(2k): 1023 + 2k is odd */
    *y = ref_div(1.0, sqrt(hi));                                               /* 2^-k, exact */
    return 1;
  }
  pr_sqrt_dd(hi, lo, &rh, &rl, &eps, &exact);
  const double q = ref_div(1.0, rh);
  const double e1 = ref_fma(-q, rh, 1.0);
  const double p = ref_mul(q, rl);
  const double e = ref_sub(e1, p);
  const double c = ref_mul(e, q);
  const double bound = ref_add(ref_mul(0x1p-50, ref_add(fabs(e), fabs(p))), ref_div(ref_add(eps, eps), rh));
  double zh, zl;
  ref_two_sum(q, c, &zh, &zl);
  return pr_ziv(zh, zl, ref_mul(q, bound), y, t);
}
