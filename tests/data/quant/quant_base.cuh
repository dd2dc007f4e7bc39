/* quant_base.cuh: a block quantizer written for tests/suites/quant_test.sh and tests/gpu/quant.sh,
 * independently of reference/quant: the element format's values from the OCP formulas
 * (code c = e.m: (1 + m / 2^MB) 2^(e - B), subnormal m / 2^MB 2^(1 - B)), the code nearest
 * |x| / 2^k by bisection on those values (exact in binary64), the tie rule by the code's
 * parity, the scale by frexp (floor) or by a loop over k (ceil). CUDA C that keeps to C: the
 * same file runs on the CPU backend (the host's C compiler) and the GPU backend (NVRTC).
 * Knobs, defined by the file that includes it:
 *   Q_SRC 16 (bfloat16 elements) or 32 (binary32);  Q_FP8: E4M3 elements, else E2M1;
 *   Q_CEIL: the ceil scale;  Q_AWAY: ties away from zero;  Q_NANOVF: NaN (E4M3 0x7f) on overflow. */
#include <math.h>
#include <stdint.h>

#ifdef Q_FP8
#define Q_MB 3
#define Q_BIAS 7
#define Q_N 127 /* codes 0..126 finite (448 the largest); 127 the step beyond (480) */
#define Q_EMAX 8
#define Q_MAX 448.0
#define Q_SIGN 0x80u
#else
#define Q_MB 1
#define Q_BIAS 1
#define Q_N 8 /* codes 0..7 finite (6 the largest); 8 the step beyond (8) */
#define Q_EMAX 2
#define Q_MAX 6.0
#define Q_SIGN 0x8u
#endif

/* the source element's value (NaN: v != v) */
__device__ static double q_src(uint32_t x) {
#if Q_SRC == 16
  int e = (int)(x >> 7 & 0xff), m = (int)(x & 0x7f), s = (int)(x >> 15 & 1);
  double v = e == 255 ? (m ? 0.0 / 0.0 : 1.0 / 0.0) : e ? ldexp((double)(128 + m), e - 134) : ldexp((double)m, -133);
#else
  int e = (int)(x >> 23 & 0xff), m = (int)(x & 0x7fffff), s = (int)(x >> 31);
  double v = e == 255 ? (m ? 0.0 / 0.0 : 1.0 / 0.0) : e ? ldexp((double)(0x800000 + m), e - 150) : ldexp((double)m, -149);
#endif
  return s ? -v : v;
}
__device__ static uint32_t q_neg(uint32_t x) { return Q_SRC == 16 ? x >> 15 & 1 : x >> 31; }

/* the magnitude of element code c */
__device__ static double q_val(int c) {
  int e = c >> Q_MB, m = c & ((1 << Q_MB) - 1);
  return e ? ldexp(1 + ldexp((double)m, -Q_MB), e - Q_BIAS) : ldexp(ldexp((double)m, -Q_MB), 1 - Q_BIAS);
}
/* the code of v >= 0, nearest, ties to the even code (or away); Q_N: an overflow */
__device__ static int q_near(double v) {
  int n = Q_N;
  if (v >= q_val(n)) return n;
  int i = 0, j = n; /* q_val(i) <= v < q_val(j) */
  while (j - i > 1) {
    int k = (i + j) / 2;
    if (q_val(k) <= v) i = k;
    else j = k;
  }
  double mid = (q_val(i) + q_val(i + 1)) / 2;
  return i + (v > mid || (v == mid && (Q_AWAY || (i & 1))));
}

uint32_t quant_element(uint32_t x, uint32_t sc) {
  double v = q_src(x);
  uint32_t s = q_neg(x) ? Q_SIGN : 0;
#ifdef Q_FP8
  if (v != v) return s | 0x7f;
#else
  if (v != v) return 7;
#endif
  int c = q_near(ldexp(fabs(v), 127 - (int)sc)), last = Q_N - 1;
  if (c > last) return s | (uint32_t)(Q_NANOVF ? 0x7f : last);
  return s | (uint32_t)c;
}

uint32_t quant_scale(uint32_t a) {
  double v = q_src(a);
  if (v != v || v - v != 0) return 255; /* NaN, infinity */
  if (v == 0) return 0;
  int k;
  frexp(v, &k); /* 2^(k-1) <= v < 2^k */
  if (!Q_CEIL) k = k - 1 - Q_EMAX;
  else /* the smallest k with v <= max 2^k: from below (max < 2^9) */
    for (k -= 10; v > ldexp(Q_MAX, k); k++) {}
  return (uint32_t)((k < -127 ? -127 : k > 127 ? 127 : k) + 127);
}

uint32_t quant_block(uint32_t x, uint32_t a) { return quant_element(x, quant_scale(a)); }
