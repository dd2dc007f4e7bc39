/* sr.h: stochastic rounding, exactly. Trusted base (reference/quant/quant.h's rules).
 *
 * Exact stochastic rounding of v to a format: the neighbours lo <= |v| < hi = lo + step
 * (quant.h's grid: step 2^q), hi with probability frac = (|v| - lo) / step, lo otherwise;
 * exact values (frac = 0) are kept.
 *
 * The k-bit form (what a conversion that adds k random bits below the kept ones and then
 * truncates computes, and what the PTX ISA describes for cvt.rs: random bits added to the
 * bits the rounding drops, a carry rounding the magnitude up): with r uniform in [0, 2^k),
 * the result is hi exactly when t + r >= 2^k, t = floor(frac 2^k) the top k bits of the
 * dropped fraction; so the set of r that round up is the interval [2^k - t, 2^k), t values
 * of 2^k, and the probability of hi is t / 2^k = floor(frac 2^k) / 2^k, which equals frac
 * exactly when the fraction has at most k bits, and otherwise falls short of it by less
 * than 2^-k (a bias toward zero).
 *
 * qr_sr computes lo, hi, t and frac, proved:
 *  1. quant.h's analysis gives, for v = N / D 2^E, the grid step 2^q and n = floor(v / 2^q)
 *     with the remainder rem / B (0 <= rem < B) when v >= 2^q (its step 4); then frac =
 *     rem / B and t = floor(rem 2^k / B), computed by k steps of binary long division
 *     (r <- 2 r; bit = r >= B; r -= bit B), each exact: r < B < 2^63 so 2 r < 2^64.
 *  2. When v < 2^q, n = 0 and frac = v / 2^q = N / D 2^(E-q): t = floor(N / D 2^(E-q+k))
 *     = the integer part of N / D shifted by e = E - q + k, plus e long-division bits of
 *     N mod D when e > 0 (for e <= 0 the shift alone: floor(floor(a) / 2^j) = floor(a /
 *     2^j)); t < 2^k since frac < 1.
 *  3. lo is the code of n 2^q (quant.h step 5), hi the next code. At the top: v beyond
 *     every finite number (big), or lo the largest finite code with frac > 0, saturate
 *     (satfinite, as cvt.rs requires for the narrow formats): hi = lo = the largest finite,
 *     t = 0 (deterministic). frac and the probability are returned as doubles for
 *     measures only (N / D to binary64 is correctly rounded; the power of two exact). */
#ifndef ULPCERT_REFERENCE_QUANT_SR_H
#define ULPCERT_REFERENCE_QUANT_SR_H

#include <math.h>

#include "reference/quant/quant.h"

struct qr_sr {
  uint32_t lo, hi; /* codes (the sign included) */
  uint64_t t;      /* random values in [0, 2^k) that give hi */
  double frac;     /* exact probability of hi (a double: for measures) */
  int det;         /* 1: no randomness (exact, NaN, infinite, or saturated) */
};

/* floor(a 2^k / B) for 0 <= a < B < 2^63, k <= 32: binary long division */
QR_HD uint64_t qr_frac_bits(uint64_t a, uint64_t B, int k) {
  uint64_t t = 0;
  for (int i = 0; i < k; i++) {
    a <<= 1;
    t = t << 1 | (a >= B);
    if (a >= B) a -= B;
  }
  return t;
}

/* The stochastic rounding of element x (source bits) divided by Ns 2^Es (1, 0: none) to
 * format f, with k random bits (1 <= k <= 32). A NaN element gives the format's NaN code
 * (det; formats without NaN: code 0 of the format's sign, never compared). */
QR_HD struct qr_sr qr_sr(const struct qr_fmt *f, int src, uint32_t xbits, uint64_t Ns, int Es, int k) {
  struct qr_num x = qr_decode(src, xbits);
  uint32_t s = x.sign ? f->signbit : 0;
  struct qr_sr r = {s, s, 0, 0, 1};
  if (x.cls == QC_NAN) {
    r.lo = r.hi = s | f->nancode;
    return r;
  }
  if (x.cls == QC_ZERO) return r;
  struct qr_round a = {x.sign, 0, 0, 1};
  if (x.cls == QC_FINITE) a = qr_analyze(f, x.sign, x.n, Ns, x.e - Es);
  if (a.big || (a.lo >= f->maxcode && a.rest)) {
    r.lo = r.hi = s | f->maxcode;
    return r;
  }
  r.lo = s | a.lo, r.hi = s | (a.lo + 1);
  if (!a.rest) {
    r.hi = r.lo;
    return r;
  }
  r.det = 0;
  /* the grid of quant.h: q, and whether v >= 2^q */
  int lbn = qr_top(x.n), lbd = qr_top(Ns);
  uint64_t nn = x.n << (63 - lbn), dd = Ns << (63 - lbd);
  int E = x.e - Es, L = E + lbn - lbd - (nn < dd);
  int q = (L > f->emin ? L : f->emin) - f->p + 1;
  if (L >= q) { /* rem / B as in quant.h step 4 */
    int sh = E - q;
    uint64_t A = sh >= 0 ? x.n << sh : x.n, B = sh >= 0 ? Ns : Ns << -sh, rem = A % B;
    r.t = qr_frac_bits(rem, B, k);
    r.frac = (double)rem / (double)B; /* a measure: rem and B rounded to binary64, then the quotient */
  } else { /* frac = N / D 2^(E - q) < 1 */
    int e = E - q + k;
    uint64_t ip = x.n / Ns, rm = x.n % Ns;
    r.t = e >= 0 ? (ip << e) | qr_frac_bits(rm, Ns, e) : -e >= 64 ? 0 : ip >> -e; /* e <= k: t < 2^k */
    r.frac = ldexp((double)x.n / (double)Ns, E - q);
  }
  return r;
}

#endif
