/* search_gpu.cu: the search kind on the device: CUDA's double functions (and powf, atan2f,
 * hypotf) as a default nvcc build compiles them (this object's flags are nvcc's defaults, the
 * Makefile's NVFLAV line), sampled at full device speed and ranked by the dd reference of dd.h
 * (binary64) or by CUDA's double function (the binary32 ones: within 2 ulp of binary64, 2^-28 ulp
 * of binary32). The ranking decides only which inputs MPFR sees. */
#include <cuda_runtime.h>
#include <stdio.h>
#include <string.h>

#include "src/kinds/search/dd.h"
#include "src/kinds/search/search.h"

#define SR_THREADS 256
#define SR_GRID 1024

/* One functor per function: the implementation under test and its ranking reference. */
#define F64_1(n)                                                                        \
  struct F_##n {                                                                        \
    static __device__ double impl(double x, double) { return n(x); }                    \
    static __device__ double est(double x, double y, double out) {                      \
      int s;                                                                            \
      dd r = dd_fn_##n(x, y, &s);                                                       \
      return dd_estimate(SR_F64, r, s, out);                                            \
    }                                                                                   \
  };
#define F64_2(n)                                                                        \
  struct F_##n {                                                                        \
    static __device__ double impl(double x, double y) { return n(x, y); }               \
    static __device__ double est(double x, double y, double out) {                      \
      int s;                                                                            \
      dd r = dd_fn_##n(x, y, &s);                                                       \
      return dd_estimate(SR_F64, r, s, out);                                            \
    }                                                                                   \
  };
#define F32_2(n, ref)                                                                   \
  struct F_##n {                                                                        \
    static __device__ double impl(double x, double y) { return (double)n((float)x, (float)y); } \
    static __device__ double est(double x, double y, double out) {                      \
      return dd_estimate(SR_F32, dd_make(ref(x, y), 0), 0, out);                        \
    }                                                                                   \
  };
/* The list: name and kind of functor. */
#define SR_DEVICE_FNS(X1, X2, XF)                                                                  \
  X1(exp) X1(exp2) X1(exp10) X1(expm1) X1(log) X1(log2) X1(log10) X1(log1p) X1(sin) X1(cos) X1(tan) \
  X1(asin) X1(acos) X1(atan) X1(sinh) X1(cosh) X1(tanh) X1(cbrt) X1(erf) X1(asinh) X1(acosh) X1(atanh) X1(rsqrt) X1(sinpi) X1(cospi) X1(rcbrt) X1(erfc) X1(erfcx) X1(normcdf) X1(erfinv) X1(erfcinv) X1(normcdfinv) X2(pow) X2(atan2) X2(hypot) X2(rhypot) X2(fmod)        \
  XF(powf, pow) XF(atan2f, atan2) XF(hypotf, hypot)
SR_DEVICE_FNS(F64_1, F64_2, F32_2)

/* The candidate order of pool.c (sr_cand_before) on the device: larger estimate, then lower x,
 * then lower y (bit patterns as ordered integers). */
struct dcand {
  double est, x, y, out;
};
__device__ long long dkey(double v) {
  long long i = __double_as_longlong(v);
  return i < 0 ? (long long)(0x8000000000000000ull) - i : i;
}
__device__ bool dbefore(const dcand &a, const dcand &b) {
  if (a.est != b.est) return a.est > b.est;
  if (a.x != b.x || dkey(a.x) != dkey(b.x)) return dkey(a.x) < dkey(b.x);
  return dkey(a.y) < dkey(b.y);
}

/* Blocks [b0, b1) of SR_BLOCK inputs, one CUDA block per search block (striding over the grid):
 * each search block's best candidate into best[b - b0], and the count of inputs not measured.
 * What a search block gives depends on its number only, so the pool that the host forms from
 * these bests is the same whatever the launches, devices, shards or ranks the blocks go to. */
template <class F>
__global__ void k_sample(struct sr_dom d, uint64_t seed, uint64_t stream, uint64_t b0, uint64_t b1, dcand *best,
                         unsigned long long *unmeasured) {
  __shared__ dcand sh[SR_THREADS];
  unsigned long long un = 0;
  for (uint64_t b = b0 + blockIdx.x; b < b1; b += gridDim.x) {
    dcand c0 = {-1, 0, 0, 0};
    for (uint64_t i = b * SR_BLOCK + threadIdx.x; i < (b + 1) * SR_BLOCK; i += SR_THREADS) {
      double x, y;
      sr_input(&d, seed, stream, i, &x, &y);
      double out = F::impl(x, y);
      dcand c = {F::est(x, y, out), x, y, out};
      if (c.est < 0)
        un++;
      else if (dbefore(c, c0))
        c0 = c;
    }
    sh[threadIdx.x] = c0;
    __syncthreads();
    for (int w = SR_THREADS / 2; w > 0; w /= 2) {
      if (threadIdx.x < w && dbefore(sh[threadIdx.x + w], sh[threadIdx.x])) sh[threadIdx.x] = sh[threadIdx.x + w];
      __syncthreads();
    }
    if (threadIdx.x == 0) best[b - b0] = sh[0];
    __syncthreads();
  }
  if (un) atomicAdd(unmeasured, un);
}

template <class F>
__global__ void k_eval(int n, const double *x, const double *y, double *out, double *est) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= n) return;
  out[j] = F::impl(x[j], y[j]);
  est[j] = F::est(x[j], y[j], out[j]);
}

template <class F>
__global__ void k_digest(struct sr_dom d, uint64_t seed, uint64_t stream, uint64_t n, unsigned long long *sum) {
  unsigned long long t = 0;
  for (uint64_t i = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; i < n; i += (uint64_t)gridDim.x * blockDim.x) {
    double x, y;
    sr_input(&d, seed, stream, i, &x, &y);
    t += sr_digest_term(i, F::impl(x, y));
  }
  atomicAdd(sum, t); /* a sum modulo 2^64: the order of the additions does not matter */
}

/* Each device's buffers, allocated at its first use (SR_MAXDEV devices at most). */
#define SR_MAXDEV 16
struct dbuf {
  dcand *best;
  unsigned long long *un;
  double *x, *y, *out, *est;
};
static struct dbuf bufs[SR_MAXDEV];

static int check(cudaError_t e, char *err, int errlen) {
  if (e == cudaSuccess) return 0;
  snprintf(err, (size_t)errlen, "CUDA: %s", cudaGetErrorString(e));
  return -1;
}
/* Make device dev current and its buffers ready: its struct dbuf, or NULL with a message. */
static struct dbuf *device(int dev, char *err, int errlen) {
  if (dev < 0 || dev >= SR_MAXDEV) {
    snprintf(err, (size_t)errlen, "device %d: at most %d devices", dev, SR_MAXDEV);
    return NULL;
  }
  struct dbuf *b = &bufs[dev];
  if (check(cudaSetDevice(dev), err, errlen)) return NULL;
  if (b->best) return b;
  if (check(cudaMalloc(&b->best, SR_GROUP_BLOCKS * sizeof(dcand)), err, errlen) ||
      check(cudaMalloc(&b->un, sizeof(unsigned long long)), err, errlen) ||
      check(cudaMalloc(&b->x, 65536 * sizeof(double)), err, errlen) ||
      check(cudaMalloc(&b->y, 65536 * sizeof(double)), err, errlen) ||
      check(cudaMalloc(&b->out, 65536 * sizeof(double)), err, errlen) ||
      check(cudaMalloc(&b->est, 65536 * sizeof(double)), err, errlen))
    return NULL;
  return b;
}

template <class F>
static int sample(int dev, const struct sr_dom *d, uint64_t seed, uint64_t stream, uint64_t b0, uint64_t b1,
                  struct sr_cand *pool, int *npool, uint64_t *unmeasured, char *err, int errlen) {
  dcand h[SR_GROUP_BLOCKS];
  unsigned long long un = 0;
  struct dbuf *g = device(dev, err, errlen);
  if (!g || b1 - b0 > SR_GROUP_BLOCKS) {
    if (g) snprintf(err, (size_t)errlen, "more than %d blocks in a launch", SR_GROUP_BLOCKS);
    return -1;
  }
  const int nb = (int)(b1 - b0);
  if (check(cudaMemset(g->un, 0, sizeof un), err, errlen)) return -1;
  k_sample<F><<<nb < SR_GRID ? nb : SR_GRID, SR_THREADS>>>(*d, seed, stream, b0, b1, g->best, g->un);
  if (check(cudaGetLastError(), err, errlen) ||
      check(cudaMemcpy(h, g->best, (size_t)nb * sizeof h[0], cudaMemcpyDeviceToHost), err, errlen) ||
      check(cudaMemcpy(&un, g->un, sizeof un, cudaMemcpyDeviceToHost), err, errlen))
    return -1;
  *unmeasured += un;
  for (int k = 0; k < nb; k++) {
    if (h[k].est < 0) continue;
    struct sr_cand c;
    memset(&c, 0, sizeof c);
    c.x = h[k].x, c.y = h[k].y, c.out = h[k].out, c.est = h[k].est;
    sr_pool_add(pool, npool, &c);
  }
  return 0;
}

template <class F>
static int eval(int dev, int n, const double *x, const double *y, double *out, double *est, char *err, int errlen) {
  struct dbuf *g = device(dev, err, errlen);
  if (!g) return -1;
  for (int j0 = 0; j0 < n; j0 += 65536) {
    int m = n - j0 < 65536 ? n - j0 : 65536;
    size_t b = (size_t)m * sizeof(double);
    if (check(cudaMemcpy(g->x, x + j0, b, cudaMemcpyHostToDevice), err, errlen) ||
        check(cudaMemcpy(g->y, y + j0, b, cudaMemcpyHostToDevice), err, errlen))
      return -1;
    k_eval<F><<<(m + 255) / 256, 256>>>(m, g->x, g->y, g->out, g->est);
    if (check(cudaGetLastError(), err, errlen) ||
        check(cudaMemcpy(out + j0, g->out, b, cudaMemcpyDeviceToHost), err, errlen) ||
        check(cudaMemcpy(est + j0, g->est, b, cudaMemcpyDeviceToHost), err, errlen))
      return -1;
  }
  return 0;
}

template <class F>
static int digest(int dev, const struct sr_dom *d, uint64_t seed, uint64_t stream, uint64_t n, uint64_t *out, char *err,
                  int errlen) {
  unsigned long long h = 0;
  struct dbuf *g = device(dev, err, errlen);
  if (!g || check(cudaMemset(g->un, 0, sizeof h), err, errlen)) return -1;
  k_digest<F><<<SR_GRID, SR_THREADS>>>(*d, seed, stream, n, g->un);
  if (check(cudaGetLastError(), err, errlen) || check(cudaMemcpy(&h, g->un, sizeof h, cudaMemcpyDeviceToHost), err, errlen))
    return -1;
  *out = h;
  return 0;
}

/* The functor of function fn, found by its name. */
#define SR_CF(nm, ref) SR_C(nm)
extern "C" int sr_gpu_sample(int dev, int fn, const struct sr_dom *d, uint64_t seed, uint64_t stream, uint64_t b0, uint64_t b1,
                             struct sr_cand *pool, int *npool, uint64_t *unmeasured, char *err, int errlen) {
  const char *name = sr_fns[fn].name;
#define SR_C(nm) \
  if (!strcmp(name, #nm)) return sample<F_##nm>(dev, d, seed, stream, b0, b1, pool, npool, unmeasured, err, errlen);
  SR_DEVICE_FNS(SR_C, SR_C, SR_CF)
#undef SR_C
  snprintf(err, (size_t)errlen, "%s has no device code", name);
  return -1;
}

extern "C" int sr_gpu_eval(int dev, int fn, int n, const double *x, const double *y, double *out, double *est, char *err,
                           int errlen) {
  const char *name = sr_fns[fn].name;
#define SR_C(nm) \
  if (!strcmp(name, #nm)) return eval<F_##nm>(dev, n, x, y, out, est, err, errlen);
  SR_DEVICE_FNS(SR_C, SR_C, SR_CF)
#undef SR_C
  snprintf(err, (size_t)errlen, "%s has no device code", name);
  return -1;
}

extern "C" int sr_gpu_digest(int dev, int fn, const struct sr_dom *d, uint64_t seed, uint64_t stream, uint64_t n,
                             uint64_t *out, char *err, int errlen) {
  const char *name = sr_fns[fn].name;
#define SR_C(nm) \
  if (!strcmp(name, #nm)) return digest<F_##nm>(dev, d, seed, stream, n, out, err, errlen);
  SR_DEVICE_FNS(SR_C, SR_C, SR_CF)
#undef SR_C
  snprintf(err, (size_t)errlen, "%s has no device code", name);
  return -1;
}

extern "C" int sr_gpu_has(int fn) {
  const char *name = sr_fns[fn].name;
#define SR_C(nm) \
  if (!strcmp(name, #nm)) return 1;
  SR_DEVICE_FNS(SR_C, SR_C, SR_CF)
#undef SR_C
  return 0;
}
