/* sample.h: the inputs of the search kind's sampling, host and device code alike, so that both
 * backends draw the same inputs: input number i of a function under seed s is a pure function of
 * (s, function, i) (a counter-based generator: splitmix64's finaliser of a counter), never of the
 * order in which inputs are drawn; a block of SR_BLOCK consecutive numbers is the unit of the
 * kind's ranges, so a shard, a resumed run and a whole run draw the same inputs.
 *
 * Each input picks one of three ways from its hash:
 *   2/8 uniform over the bit patterns of an argument's magnitudes [lo, hi] (each sign where both
 *       are allowed);
 *   4/8 per exponent: an exponent uniform in those of [lo, hi], the significand uniform; for two
 *       arguments, the second's exponent either independent or (one time in four) within 8 of the
 *       first's;
 *   2/8 near a special point: a listed point, or a multiple k*period (k < 2^30) rounded to binary64,
 *       moved by a random number of ulps up to 2^r, r uniform in 0..40 (functions without special
 *       points use the per-exponent way instead).
 * Arguments of a binary32 function (fmt SR_F32) are drawn the same way in binary32 and held in
 * doubles. */
#ifndef ULPCERT_SEARCH_SAMPLE_H
#define ULPCERT_SEARCH_SAMPLE_H

#include <stdint.h>
#include <string.h>

#ifdef __CUDACC__
#define SR_HD __host__ __device__ __forceinline__
#else
#define SR_HD static inline
#endif

#define SR_BLOCK 65536u /* inputs per block: the unit of the ranges */
#define SR_NPOINTS 8

enum { SR_F64 = 0, SR_F32 = 1 };

/* Where an argument is drawn: magnitudes in [lo, hi], both signs or positive only. */
struct sr_arg {
  double lo, hi;
  int both_signs;
};
/* What the sampler knows of a function. */
struct sr_dom {
  int arity, fmt;
  struct sr_arg a[2];
  int npoints;
  double points[SR_NPOINTS]; /* of the first argument */
  double period;             /* 0: none */
};

SR_HD uint64_t sr_mix(uint64_t z) {
  z += 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
/* The hash of (seed, stream, i): three rounds of the finaliser. */
SR_HD uint64_t sr_hash(uint64_t seed, uint64_t stream, uint64_t i) {
  return sr_mix(sr_mix(sr_mix(seed) ^ stream) ^ i);
}

SR_HD uint64_t sr_bits64(double d) {
  uint64_t u;
  memcpy(&u, &d, 8);
  return u;
}
SR_HD double sr_double(uint64_t u) {
  double d;
  memcpy(&d, &u, 8);
  return d;
}
SR_HD double sr_from32(uint32_t u) {
  float f;
  memcpy(&f, &u, 4);
  return (double)f;
}
SR_HD uint32_t sr_bits32(double d) {
  float f = (float)d;
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}

/* The magnitude bit patterns of [lo, hi] in the format (lo, hi > 0). */
SR_HD uint64_t sr_mag(int fmt, double v) { return fmt == SR_F64 ? sr_bits64(v) : (uint64_t)sr_bits32(v); }
SR_HD double sr_val(int fmt, uint64_t m) { return fmt == SR_F64 ? sr_double(m) : sr_from32((uint32_t)m); }
SR_HD int sr_mbits(int fmt) { return fmt == SR_F64 ? 52 : 23; }

/* A magnitude pattern uniform in [lo, hi]. */
SR_HD uint64_t sr_uniform(int fmt, const struct sr_arg *a, uint64_t h) {
  uint64_t l = sr_mag(fmt, a->lo), u = sr_mag(fmt, a->hi);
  return l + h % (u - l + 1);
}
/* A magnitude pattern with an exponent field e (clamped to those of [lo, hi]) and a random significand. */
SR_HD uint64_t sr_in_exponent(int fmt, const struct sr_arg *a, int64_t e, uint64_t h) {
  int mb = sr_mbits(fmt);
  int64_t el = (int64_t)(sr_mag(fmt, a->lo) >> mb), eu = (int64_t)(sr_mag(fmt, a->hi) >> mb);
  if (e < el) e = el;
  if (e > eu) e = eu;
  uint64_t m = ((uint64_t)e << mb) | (h & ((1ull << mb) - 1));
  uint64_t l = sr_mag(fmt, a->lo), u = sr_mag(fmt, a->hi);
  return m < l ? l : m > u ? u : m;
}
SR_HD int64_t sr_rand_exponent(int fmt, const struct sr_arg *a, uint64_t h) {
  int mb = sr_mbits(fmt);
  int64_t el = (int64_t)(sr_mag(fmt, a->lo) >> mb), eu = (int64_t)(sr_mag(fmt, a->hi) >> mb);
  return el + (int64_t)(h % (uint64_t)(eu - el + 1));
}
SR_HD double sr_signed(int fmt, const struct sr_arg *a, uint64_t m, uint64_t h) {
  double v = sr_val(fmt, m);
  return a->both_signs && (h & 1) ? -v : v;
}
/* A point near p: p moved by up to 2^r ulps (r in 0..40), the magnitude kept in [lo, hi]. */
SR_HD double sr_near(int fmt, const struct sr_arg *a, double p, uint64_t h, uint64_t h2) {
  int neg = p < 0;
  double q = neg ? -p : p;
  if (fmt == SR_F32) q = (double)(float)q;
  uint64_t m = sr_mag(fmt, q < a->lo ? a->lo : q > a->hi ? a->hi : q);
  unsigned r = (unsigned)(h % 41);
  uint64_t d = h2 & ((2ull << r) - 1);
  m = (h >> 8) & 1 ? m + d : (m > d ? m - d : 0);
  uint64_t l = sr_mag(fmt, a->lo), u = sr_mag(fmt, a->hi);
  m = m < l ? l : m > u ? u : m;
  double v = sr_val(fmt, m);
  return neg && a->both_signs ? -v : v;
}

/* Input number i of the function (stream: its identity) under seed: x, and y for two arguments. */
SR_HD void sr_input(const struct sr_dom *d, uint64_t seed, uint64_t stream, uint64_t i, double *x, double *y) {
  uint64_t h0 = sr_hash(seed, stream, i), h1 = sr_mix(h0 ^ 0x5851f42d4c957f2dull), h2 = sr_mix(h1 + 1),
           h3 = sr_mix(h2 + 1), h4 = sr_mix(h3 + 1);
  unsigned way = (unsigned)(h0 & 7);
  if (way >= 6 && d->npoints == 0 && d->period == 0) way = 2;
  int f = d->fmt;
  *y = 0;
  if (way < 2) {
    *x = sr_signed(f, &d->a[0], sr_uniform(f, &d->a[0], h1), h0 >> 3);
    if (d->arity == 2) *y = sr_signed(f, &d->a[1], sr_uniform(f, &d->a[1], h2), h0 >> 4);
  } else if (way < 6) {
    int64_t ex = sr_rand_exponent(f, &d->a[0], h1 >> 1);
    *x = sr_signed(f, &d->a[0], sr_in_exponent(f, &d->a[0], ex, h2), h0 >> 3);
    if (d->arity == 2) {
      int64_t ey = (h0 >> 5) % 4 == 0 ? ex + (int64_t)((h3 >> 40) % 17) - 8 : sr_rand_exponent(f, &d->a[1], h3);
      *y = sr_signed(f, &d->a[1], sr_in_exponent(f, &d->a[1], ey, h4), h0 >> 4);
    }
  } else {
    double p;
    unsigned n = (unsigned)d->npoints + (d->period != 0);
    unsigned k = (unsigned)((h1 >> 32) % n);
    if (k < (unsigned)d->npoints)
      p = d->points[k];
    else
      p = (double)((h3 >> 20) & ((1ull << (1 + (h3 % 30))) - 1)) * d->period;
    *x = sr_near(f, &d->a[0], p, h2, h4);
    if (d->arity == 2) {
      int64_t ey = sr_rand_exponent(f, &d->a[1], h3 >> 7);
      *y = sr_signed(f, &d->a[1], sr_in_exponent(f, &d->a[1], ey, h4 >> 3), h0 >> 4);
    }
  }
}

/* The term of input i with output out in a digest of outputs (arch record): a bijective mix of the
 * output's bits keyed by i, summed modulo 2^64, so that one changed output changes the sum. */
SR_HD uint64_t sr_digest_term(uint64_t i, double out) { return sr_mix(sr_bits64(out) ^ sr_mix(i)); }

/* Neighbour j of (x, y) in round r of the local search around candidate c: one argument (or
 * both) moved by up to 2^k ulps, k uniform in 0..24, or one significand bit flipped; the sign
 * is kept. */
SR_HD double sr_move(int fmt, double v, uint64_t h) {
  int neg = v < 0 || (v == 0 && sr_bits64(v) >> 63);
  uint64_t m = sr_mag(fmt, neg ? -v : v);
  if ((h & 3) == 0) {
    m ^= 1ull << ((h >> 2) % (uint64_t)sr_mbits(fmt));
  } else {
    unsigned k = (unsigned)((h >> 2) % 25);
    uint64_t d = 1 + ((h >> 8) & ((1ull << k) - 1));
    m = (h >> 7) & 1 ? m + d : (m > d ? m - d : 0);
  }
  uint64_t top = fmt == SR_F64 ? 0x7fefffffffffffffull : 0x7f7fffffull;
  if (m > top) m = top;
  double w = sr_val(fmt, m);
  return neg ? -w : w;
}
SR_HD void sr_neighbour(int arity, int fmt, uint64_t seed, uint64_t stream, double x, double y, uint64_t c,
                        uint64_t r, uint64_t j, double *nx, double *ny) {
  uint64_t h = sr_hash(seed ^ 0x10ca1ull, stream, (c << 48) ^ (r << 24) ^ j), h2 = sr_mix(h + 7);
  unsigned which = arity == 2 ? (unsigned)(h % 3) : 0;
  *nx = which != 1 ? sr_move(fmt, x, h >> 2) : x;
  *ny = which != 0 ? sr_move(fmt, y, h2) : y;
}

#endif
