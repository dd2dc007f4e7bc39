/* eval.cu: the GPU backend. One kernel per device function, each a one-line
 * wrapper; chunks are evaluated into device buffers and copied into pinned host
 * buffers on one stream per slot, so that the host can reduce one slot while the
 * device fills the other. Every CUDA call is checked with file and line. */
#include <cuda.h> /* driver API types only: the library is opened at run time */
#include <cuda_runtime.h>
#include <dlfcn.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "src/engine/gpu.h"
#include "kernels/gpu_fns.h"
#include "kernels/mufu.cuh"
#include "functions/tanh/tanh_seed.cuh"

#ifndef ULPCERT_ARCHS
#define ULPCERT_ARCHS "unknown"
#endif

static char g_err[512];

static void set_err(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(g_err, sizeof g_err, fmt, ap);
  va_end(ap);
}

/* Check a CUDA call; on failure record "file:line: call: message" and return -1. */
#define cudaCheck(call)                                                                   \
  do {                                                                                    \
    cudaError_t e_ = (call);                                                              \
    if (e_ != cudaSuccess) {                                                              \
      set_err("%s:%d: %s: %s", __FILE__, __LINE__, #call, cudaGetErrorString(e_));       \
      return -1;                                                                          \
    }                                                                                     \
  } while (0)

/* GPU_TABLE: outputs for magnitudes [d_tlo, d_tlo + d_tn) of both signs
 * (d_table[m - d_tlo] positive, d_table[d_tn + m - d_tlo] negative), NaN elsewhere. */
__device__ const uint32_t *d_table;
__device__ uint32_t d_tlo, d_tn;

__device__ __forceinline__ float table_fn(float x) {
  uint32_t b = __float_as_uint(x), m = b & 0x7fffffffu;
  if (m < d_tlo || m - d_tlo >= d_tn) return __int_as_float(0x7fc00000);
  return __uint_as_float(d_table[(b >> 31) * d_tn + (m - d_tlo)]);
}

/* The divisors of the fdividef variants, read from device memory so that the compiler
 * cannot fold them into the division: what is measured is the instruction sequence for
 * a divisor known only at run time. */
__device__ float d_divisor[] = {
#define DIVISOR(id, name, d) d,
#include "functions/div/divisors.def"
#undef DIVISOR
};
enum {
#define DIVISOR(id, name, d) DIVISOR_INDEX_##id,
#include "functions/div/divisors.def"
#undef DIVISOR
};

template <int F> __device__ __forceinline__ float eval_fn(float x) {
  if (F == GPU_TANH_APPROX) return tanhf_approx_sm75(x);
  if (F == GPU_TANH_EX2RCP) return tanhf_ex2rcp(x);
  if (F == GPU_TANH_MINIMAX) return my_tanhf(x);
  if (F == GPU_TANHF_CUDA) return tanhf(x);
  if (F == GPU_TABLE) return table_fn(x);
  if (F == GPU_RCP_APPROX) return ptx_rcp_approx(x);
  if (F == GPU_RCP_APPROX_FTZ) return ptx_rcp_approx_ftz(x);
  if (F == GPU_RCP_RN) return ptx_rcp_rn(x);
  if (F == GPU_SQRT_APPROX) return ptx_sqrt_approx(x);
  if (F == GPU_SQRT_APPROX_FTZ) return ptx_sqrt_approx_ftz(x);
  if (F == GPU_SQRT_RN) return ptx_sqrt_rn(x);
  if (F == GPU_RSQRT_APPROX) return ptx_rsqrt_approx(x);
  if (F == GPU_RSQRT_APPROX_FTZ) return ptx_rsqrt_approx_ftz(x);
  if (F == GPU_EX2_APPROX) return ptx_ex2_approx(x);
  if (F == GPU_EX2_APPROX_FTZ) return ptx_ex2_approx_ftz(x);
  if (F == GPU_LG2_APPROX) return ptx_lg2_approx(x);
  if (F == GPU_LG2_APPROX_FTZ) return ptx_lg2_approx_ftz(x);
  if (F == GPU_SIN_APPROX) return ptx_sin_approx(x);
  if (F == GPU_SIN_APPROX_FTZ) return ptx_sin_approx_ftz(x);
  if (F == GPU_COS_APPROX) return ptx_cos_approx(x);
  if (F == GPU_COS_APPROX_FTZ) return ptx_cos_approx_ftz(x);
  if (F == GPU_EXPF_INTR) return __expf(x);
  if (F == GPU_EXP10F_INTR) return __exp10f(x);
  if (F == GPU_LOGF_INTR) return __logf(x);
  if (F == GPU_SINF_INTR) return __sinf(x);
  if (F == GPU_COSF_INTR) return __cosf(x);
  if (F == GPU_EXPF_CUDA) return expf(x);
  if (F == GPU_EXP10F_CUDA) return exp10f(x);
  if (F == GPU_LOGF_CUDA) return logf(x);
  if (F == GPU_SINF_CUDA) return sinf(x);
  if (F == GPU_COSF_CUDA) return cosf(x);
  if (F == GPU_TANHF_INTR) return __tanhf(x);
#define DIVISOR(id, name, d)                                                           \
  if (F == GPU_FDIVIDEF_##id) return __fdividef(x, d_divisor[DIVISOR_INDEX_##id]);      \
  if (F == GPU_DIV_RN_##id) return __fdiv_rn(x, d_divisor[DIVISOR_INDEX_##id]);
#include "functions/div/divisors.def"
#undef DIVISOR
  return __int_as_float(0x7fc00000);
}

template <int F> __global__ void k_eval(uint32_t first, uint32_t count, uint32_t *__restrict__ out) {
  for (uint32_t i = blockIdx.x * blockDim.x + threadIdx.x; i < count; i += gridDim.x * blockDim.x)
    out[i] = __float_as_uint(eval_fn<F>(__uint_as_float(first + i)));
}

/* ---- User functions compiled at run time (certify, run --source) -------------
 * Each is a CUBIN holding a kernel ulpcert_eval_K(first, count, out) (userfn.c writes
 * it); the CUDA driver library is opened with dlopen, so that the binary still runs
 * where there is no driver. Modules are loaded per device on first use. */
#define MAX_DEVICES 64
#define MAX_DYN 64
static struct {
  void *image;
  char kernel[64];
  CUmodule mod[MAX_DEVICES];
  CUfunction fn[MAX_DEVICES];
} g_dyn[MAX_DYN];
static int g_ndyn;
static CUresult (*p_cuModuleLoadData)(CUmodule *, const void *);
static CUresult (*p_cuModuleGetFunction)(CUfunction *, CUmodule, const char *);
static CUresult (*p_cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                                    CUstream, void **, void **);

static int driver_api(void) {
  if (p_cuLaunchKernel) return 0;
  void *h = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!h) h = dlopen("libcuda.so", RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    set_err("cannot open the CUDA driver library (libcuda.so.1): %s", dlerror());
    return -1;
  }
  p_cuModuleLoadData = (CUresult(*)(CUmodule *, const void *))dlsym(h, "cuModuleLoadData");
  p_cuModuleGetFunction = (CUresult(*)(CUfunction *, CUmodule, const char *))dlsym(h, "cuModuleGetFunction");
  p_cuLaunchKernel = (CUresult(*)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                                  CUstream, void **, void **))dlsym(h, "cuLaunchKernel");
  if (!p_cuModuleLoadData || !p_cuModuleGetFunction || !p_cuLaunchKernel) {
    set_err("the CUDA driver library lacks the module functions");
    p_cuLaunchKernel = NULL;
    return -1;
  }
  return 0;
}

extern "C" int gpu_dyn_add(const void *image, size_t size, const char *kernel) {
  if (g_ndyn == MAX_DYN) {
    set_err("too many run-time compiled functions");
    return -1;
  }
  if (driver_api()) return -1;
  void *copy = malloc(size);
  if (!copy) return -1;
  memcpy(copy, image, size);
  g_dyn[g_ndyn].image = copy;
  snprintf(g_dyn[g_ndyn].kernel, sizeof g_dyn[g_ndyn].kernel, "%s", kernel);
  return GPU_DYN_BASE + g_ndyn++;
}

static int launch_dyn(int fn, uint32_t first, uint32_t count, uint32_t *out, cudaStream_t st, int blocks) {
  int k = fn - GPU_DYN_BASE, dev = 0;
  cudaCheck(cudaGetDevice(&dev));
  if (k < 0 || k >= g_ndyn || dev >= MAX_DEVICES) {
    set_err("unknown run-time function %d", fn);
    return -1;
  }
  if (!g_dyn[k].fn[dev]) {
    cudaCheck(cudaFree(0)); /* make the device's primary context current */
    CUresult r = p_cuModuleLoadData(&g_dyn[k].mod[dev], g_dyn[k].image);
    if (r == CUDA_SUCCESS) r = p_cuModuleGetFunction(&g_dyn[k].fn[dev], g_dyn[k].mod[dev], g_dyn[k].kernel);
    if (r != CUDA_SUCCESS) {
      set_err("loading the compiled function on device %d: CUDA driver error %d", dev, (int)r);
      return -1;
    }
  }
  void *args[] = {&first, &count, &out};
  CUresult r = p_cuLaunchKernel(g_dyn[k].fn[dev], (unsigned)blocks, 1, 1, 256, 1, 1, 0, (CUstream)st, args, NULL);
  if (r != CUDA_SUCCESS) {
    set_err("launching the compiled function: CUDA driver error %d", (int)r);
    return -1;
  }
  return 0;
}

static void launch(int fn, uint32_t first, uint32_t count, uint32_t *out, cudaStream_t st, int blocks) {
  const int threads = 256;
  switch (fn) {
  case GPU_TANH_APPROX: k_eval<GPU_TANH_APPROX><<<blocks, threads, 0, st>>>(first, count, out); break;
  case GPU_TANH_EX2RCP: k_eval<GPU_TANH_EX2RCP><<<blocks, threads, 0, st>>>(first, count, out); break;
  case GPU_TANH_MINIMAX: k_eval<GPU_TANH_MINIMAX><<<blocks, threads, 0, st>>>(first, count, out); break;
  case GPU_TANHF_CUDA: k_eval<GPU_TANHF_CUDA><<<blocks, threads, 0, st>>>(first, count, out); break;
  case GPU_TABLE: k_eval<GPU_TABLE><<<blocks, threads, 0, st>>>(first, count, out); break;
#define CASE(F) \
  case F: k_eval<F><<<blocks, threads, 0, st>>>(first, count, out); break;
  CASE(GPU_RCP_APPROX) CASE(GPU_RCP_APPROX_FTZ) CASE(GPU_RCP_RN)
  CASE(GPU_SQRT_APPROX) CASE(GPU_SQRT_APPROX_FTZ) CASE(GPU_SQRT_RN)
  CASE(GPU_RSQRT_APPROX) CASE(GPU_RSQRT_APPROX_FTZ) CASE(GPU_EX2_APPROX) CASE(GPU_EX2_APPROX_FTZ)
  CASE(GPU_LG2_APPROX) CASE(GPU_LG2_APPROX_FTZ)
  CASE(GPU_SIN_APPROX) CASE(GPU_SIN_APPROX_FTZ) CASE(GPU_COS_APPROX) CASE(GPU_COS_APPROX_FTZ)
  CASE(GPU_EXPF_INTR) CASE(GPU_EXP10F_INTR) CASE(GPU_LOGF_INTR) CASE(GPU_SINF_INTR) CASE(GPU_COSF_INTR)
  CASE(GPU_EXPF_CUDA) CASE(GPU_EXP10F_CUDA) CASE(GPU_LOGF_CUDA) CASE(GPU_SINF_CUDA) CASE(GPU_COSF_CUDA)
  CASE(GPU_TANHF_INTR)
#define DIVISOR(id, name, d) CASE(GPU_FDIVIDEF_##id) CASE(GPU_DIV_RN_##id)
#include "functions/div/divisors.def"
#undef DIVISOR
#undef CASE
  default: break;
  }
}


/* ---- Reduction on the device ------------------------------------------------
 * The common path of stats_add_run, stats_symmetry_run and stats_monotonic_run
 * (src/metrics.h), computed per work item. The arithmetic is the host's: binary64
 * subtraction, a multiplication by a power of two and an IEEE division (CUDA's
 * double division is correctly rounded; -fmad=false forbids contraction), so each
 * input yields the same error bits. Sums are integers and maxima break ties on the
 * lowest input, so the item's statistics are those of the host loop. Anything off
 * the common path flags the item and the host reduces it (tests/gpu_test.sh shows
 * that both reductions give identical results). */
#define RED_THREADS 256

__device__ __forceinline__ uint64_t mix64_d(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

__device__ __forceinline__ int is_nan32_d(uint32_t b) { return (b & 0x7fffffffu) > 0x7f800000u; }

/* better (e, x) than (e2, x2): larger error, ties to the lower input */
__device__ __forceinline__ int better(double e, uint32_t x, double e2, uint32_t x2) {
  return e > e2 || (e == e2 && x < x2);
}

/* x-bin of input x as xbin_of (src/metrics.h) computes it: floor((x + 10) * 100) in
 * binary64, for -10 <= x < 10; -1 elsewhere. */
__device__ __forceinline__ int xbin_d(uint32_t x) {
  double v = (double)__uint_as_float(x);
  if (!(v >= -10.0 && v < 10.0)) return -1;
  int k = (int)floor(__dmul_rn(__dsub_rn(v, -10.0), 100.0));
  return k < GPU_XBINS ? k : GPU_XBINS - 1;
}

/* A function's bound clauses (bounds.h), as gpu_set_clauses sets them. */
struct gpu_clauses {
  int n;
  struct bound_clause c[CLAUSE_MAX];
};

__device__ __forceinline__ struct clause_acc shfl_acc(struct clause_acc a, int off) {
  const unsigned full = 0xffffffffu;
  struct clause_acc b;
  b.inputs = __shfl_down_sync(full, a.inputs, off);
  b.over = __shfl_down_sync(full, a.over, off);
  b.max = __shfl_down_sync(full, a.max, off);
  b.max_ref = __shfl_down_sync(full, a.max_ref, off);
  b.max_input = __shfl_down_sync(full, a.max_input, off);
  b.max_output = __shfl_down_sync(full, a.max_output, off);
  b.ratio = __shfl_down_sync(full, a.ratio, off);
  b.ratio_input = __shfl_down_sync(full, a.ratio_input, off);
  b.ratio_output = __shfl_down_sync(full, a.ratio_output, off);
  return b;
}

__global__ void __launch_bounds__(RED_THREADS) k_reduce(struct gpu_geom g, uint32_t *const *outs,
                                                        const double *__restrict__ ry,
                                                        const int8_t *__restrict__ rt, struct gpu_partial *parts,
                                                        unsigned long long *xbins, const double *__restrict__ absr,
                                                        const struct gpu_clauses *__restrict__ gcl) {
  __shared__ uint32_t hist[GPU_HIST_N];
  __shared__ double s_mu[RED_THREADS / 32], s_mr[RED_THREADS / 32], s_mur[RED_THREADS / 32],
      s_mrr[RED_THREADS / 32];
  __shared__ uint32_t s_mui[RED_THREADS / 32], s_muo[RED_THREADS / 32], s_mri[RED_THREADS / 32],
      s_mro[RED_THREADS / 32];
  __shared__ double s_ma[RED_THREADS / 32], s_mar[RED_THREADS / 32];
  __shared__ uint32_t s_mai[RED_THREADS / 32], s_mao[RED_THREADS / 32];
  __shared__ unsigned long long s_sum[4][RED_THREADS / 32];
  __shared__ uint32_t s_flag;
  __shared__ struct clause_acc s_cl[RED_THREADS / 32][CLAUSE_MAX];
  const uint32_t it = blockIdx.x, v = blockIdx.y, tid = threadIdx.x;
  const int ncl = gcl[v].n; /* the same in the whole block */
  struct bound_clause C[CLAUSE_MAX];
  struct clause_acc A[CLAUSE_MAX];
  for (int k = 0; k < CLAUSE_MAX; k++) {
    clause_acc_init(&A[k]);
    if (k < ncl) C[k] = gcl[v].c[k];
  }
  struct gpu_partial *P = parts + (size_t)v * (2 * g.nblk) + it;
  const int h = it >= g.nblk;
  int64_t lo = (int64_t)(g.blk0 + it % g.nblk) * g.red_block, hi = lo + g.red_block - 1;
  const int64_t rlo = h ? g.n_lo : g.p_lo, rhi = h ? g.n_hi : g.p_hi;
  if (lo < g.first) lo = g.first;
  if (lo < rlo) lo = rlo;
  if (hi > (int64_t)g.a0 + g.len - 1) hi = (int64_t)g.a0 + g.len - 1;
  if (hi > rhi) hi = rhi;
  for (uint32_t b = tid; b < GPU_HIST_N; b += RED_THREADS) hist[b] = 0;
  if (tid == 0) s_flag = 0;
  __syncthreads();
  const uint32_t sign = h ? 0x80000000u : 0;
  const uint32_t *o = outs[v];
  const int flip = h && g.odd;
  const int inc = g.mono > 0 ? !h : h;
  const uint32_t mflip = g.odd ? 0x80000000u : 0;
  uint64_t cr = 0, faithful = 0, digest = 0, mono_checked = 0;
  double mu = -1.0, mr = -1.0, mur = 0, mrr = 0;
  uint32_t mui = 0xffffffffu, mro = 0, muo = 0, mri = 0xffffffffu, flag = 0;
  double ma = -1.0, mar = 0;
  uint32_t mai = 0xffffffffu, mao = 0;
  const double abs_lo = absr[2 * v], abs_hi = absr[2 * v + 1];
  unsigned long long *xb = xbins + (size_t)v * GPU_XBINS;
  int xcur = -1;
  unsigned long long xmax = 0; /* this thread's maximum in bin xcur, as error bits + 1 */
  for (int64_t m = lo + tid; m <= hi; m += RED_THREADS) {
    const uint32_t i = (uint32_t)(m - g.a0), x = (uint32_t)m | sign;
    const size_t r = (size_t)((g.sym ? 0 : h) * g.len) + i;
    double y = ry[r];
    int t = rt[r];
    if (flip) y = -y, t = -t;
    const unsigned long long yb = __double_as_longlong(y);
    /* RN24: fast path of ref_rn32; a rounding boundary goes to the host */
    if (!(t == 0 || ((yb & 0x1fffffffull) != 0x10000000ull && (yb & 0x7ff0000000000000ull) >= (1023ull - 126) << 52)))
      flag = 1;
    const uint32_t rn = __float_as_uint(__double2float_rn(y));
    const uint32_t ob = o[(size_t)h * g.len + i];
    digest += mix64_d(((uint64_t)x << 32) | ob);
    if ((ob & 0x7fffffffu) == 0 || (ob & 0x7f800000u) == 0x7f800000u || y == 0 ||
        (yb & 0x7ff0000000000000ull) == 0x7ff0000000000000ull) {
      flag = 1;
      continue;
    }
    cr += ob == rn;
    int ey = (int)((yb >> 52) & 0x7ff) - 1023;
    if (ey < -126) ey = -126;
    const double iu = __longlong_as_double((long long)(1023 - (ey - 23)) << 52);
    const double d = fabs((double)__uint_as_float(ob) - y);
    const double e = __dmul_rn(d, iu);
    int bin;
    if (e == 0) bin = 0;
    else {
      int k = (int)((__double_as_longlong(e) >> 52) & 0x7ff) - 1023;
      bin = k < GPU_HIST_KMIN ? 1 : k > GPU_HIST_KMAX ? GPU_HIST_N - 1 : 2 + k - GPU_HIST_KMIN;
    }
    atomicAdd(&hist[bin], 1u);
    faithful += e < 1.0;
    const int xk = xbin_d(x);
    if (xk != xcur) {
      if (xcur >= 0) atomicMax(&xb[xcur], xmax);
      xcur = xk, xmax = 0;
    }
    if (xk >= 0) {
      unsigned long long eb = (unsigned long long)__double_as_longlong(e) + 1;
      if (eb > xmax) xmax = eb;
    }
    if (better(e, x, mu, mui)) mu = e, mui = x, muo = ob, mur = y;
    const double xv = (double)__uint_as_float(x);
    if (xv >= abs_lo && xv <= abs_hi && better(d, x, ma, mai)) ma = d, mai = x, mao = ob, mar = y;
    if (ncl) clauses_add(A, C, ncl, x, ob, y, rn, e, d);
    const double rel = __ddiv_rn(d, fabs(y));
    if (better(rel, x, mr, mri)) mr = rel, mri = x, mro = ob, mrr = y;
    if (g.sym && !h) {
      const uint32_t nb = o[(size_t)g.len + i];
      if (nb != (ob ^ mflip) && !(is_nan32_d(ob) && is_nan32_d(nb))) flag = 1;
    }
    if (g.mono && m >= 1) {
      const uint32_t pb = o[(size_t)h * g.len + i - 1];
      if (!is_nan32_d(pb)) { /* ob is not NaN here */
        mono_checked++;
        const float fa = __uint_as_float(pb), fb = __uint_as_float(ob);
        if (inc ? (fb < fa) : (fb > fa)) flag = 1;
      }
    }
  }
  if (xcur >= 0 && xmax) atomicMax(&xb[xcur], xmax);
  /* warp, then block reduction */
  const unsigned full = 0xffffffffu;
  for (int off = 16; off; off >>= 1) {
    cr += __shfl_down_sync(full, cr, off);
    faithful += __shfl_down_sync(full, faithful, off);
    digest += __shfl_down_sync(full, digest, off);
    mono_checked += __shfl_down_sync(full, mono_checked, off);
    flag |= __shfl_down_sync(full, flag, off);
    double e2 = __shfl_down_sync(full, mu, off), y2 = __shfl_down_sync(full, mur, off);
    uint32_t x2 = __shfl_down_sync(full, mui, off), o2 = __shfl_down_sync(full, muo, off);
    if (better(e2, x2, mu, mui)) mu = e2, mui = x2, muo = o2, mur = y2;
    e2 = __shfl_down_sync(full, mr, off), y2 = __shfl_down_sync(full, mrr, off);
    x2 = __shfl_down_sync(full, mri, off), o2 = __shfl_down_sync(full, mro, off);
    if (better(e2, x2, mr, mri)) mr = e2, mri = x2, mro = o2, mrr = y2;
    e2 = __shfl_down_sync(full, ma, off), y2 = __shfl_down_sync(full, mar, off);
    x2 = __shfl_down_sync(full, mai, off), o2 = __shfl_down_sync(full, mao, off);
    if (better(e2, x2, ma, mai)) ma = e2, mai = x2, mao = o2, mar = y2;
  }
  for (int k = 0; k < ncl; k++)
    for (int off = 16; off; off >>= 1) {
      const struct clause_acc b = shfl_acc(A[k], off);
      clause_acc_merge(&A[k], &b);
    }
  const int w = tid / 32;
  if ((tid & 31) == 0) {
    for (int k = 0; k < ncl; k++) s_cl[w][k] = A[k];
    s_sum[0][w] = cr, s_sum[1][w] = faithful, s_sum[2][w] = digest, s_sum[3][w] = mono_checked;
    s_mu[w] = mu, s_mui[w] = mui, s_muo[w] = muo, s_mur[w] = mur;
    s_mr[w] = mr, s_mri[w] = mri, s_mro[w] = mro, s_mrr[w] = mrr;
    s_ma[w] = ma, s_mai[w] = mai, s_mao[w] = mao, s_mar[w] = mar;
    if (flag) atomicOr(&s_flag, 1u);
  }
  __syncthreads();
  if (tid == 0) {
    struct gpu_partial p;
    p.flag = s_flag;
    p.n = lo <= hi ? (uint32_t)(hi - lo + 1) : 0;
    p.cr = p.faithful = p.digest = p.mono_checked = 0;
    p.max_ulp = p.max_rel = -1.0;
    p.max_ulp_input = p.max_rel_input = 0xffffffffu;
    p.max_ulp_output = p.max_rel_output = 0;
    p.max_ulp_ref = p.max_rel_ref = 0;
    p.max_abs = -1.0, p.max_abs_input = 0xffffffffu, p.max_abs_output = 0, p.max_abs_ref = 0;
    for (int k = 0; k < RED_THREADS / 32; k++) {
      p.cr += s_sum[0][k], p.faithful += s_sum[1][k], p.digest += s_sum[2][k], p.mono_checked += s_sum[3][k];
      if (better(s_mu[k], s_mui[k], p.max_ulp, p.max_ulp_input))
        p.max_ulp = s_mu[k], p.max_ulp_input = s_mui[k], p.max_ulp_output = s_muo[k], p.max_ulp_ref = s_mur[k];
      if (better(s_mr[k], s_mri[k], p.max_rel, p.max_rel_input))
        p.max_rel = s_mr[k], p.max_rel_input = s_mri[k], p.max_rel_output = s_mro[k], p.max_rel_ref = s_mrr[k];
      if (better(s_ma[k], s_mai[k], p.max_abs, p.max_abs_input))
        p.max_abs = s_ma[k], p.max_abs_input = s_mai[k], p.max_abs_output = s_mao[k], p.max_abs_ref = s_mar[k];
    }
    for (int k = 0; k < CLAUSE_MAX; k++) {
      clause_acc_init(&p.cl[k]);
      for (int j = 0; k < ncl && j < RED_THREADS / 32; j++) clause_acc_merge(&p.cl[k], &s_cl[j][k]);
    }
    for (int b = 0; b < GPU_HIST_N; b++) p.hist[b] = hist[b];
    *P = p;
  }
}

struct gpu_ctx {
  int dev;
  int nfn;
  int fns[GPU_MAXF];
  uint32_t max_count, max_items;
  int blocks;
  cudaStream_t stream[GPU_SLOTS];
  uint32_t *d_out[GPU_SLOTS][GPU_MAXF];
  uint32_t *h_out[GPU_SLOTS][GPU_MAXF];
  uint32_t **d_outp[GPU_SLOTS]; /* device array of the d_out pointers */
  double *h_ry[GPU_SLOTS], *d_ry[GPU_SLOTS];
  int8_t *h_rt[GPU_SLOTS], *d_rt[GPU_SLOTS];
  struct gpu_partial *h_part[GPU_SLOTS], *d_part[GPU_SLOTS];
  unsigned long long *d_xbins; /* [nfn][GPU_XBINS], shared by both slots (atomic maxima) */
  double *d_absr;              /* [nfn][2]: each function's absolute-error range (lo, hi) */
  struct gpu_clauses *d_cl;    /* [nfn]: each function's bound clauses */
  int reduced[GPU_SLOTS];
  cudaEvent_t ev_start[GPU_SLOTS], ev_kern[GPU_SLOTS], ev_copy[GPU_SLOTS];
  int pending[GPU_SLOTS];
  double kernel_s, copy_s;
};

extern "C" const char *gpu_last_error(void) { return g_err; }

static uint32_t *g_table_dev[MAX_DEVICES];

extern "C" int gpu_set_table(const uint32_t *tab, uint32_t tlo, uint32_t n) {
  int nd = 0;
  cudaCheck(cudaGetDeviceCount(&nd));
  for (int d = 0; d < nd && d < MAX_DEVICES; d++) {
    cudaCheck(cudaSetDevice(d));
    if (g_table_dev[d]) cudaFree(g_table_dev[d]), g_table_dev[d] = NULL;
    cudaCheck(cudaMalloc(&g_table_dev[d], (size_t)n * 2 * 4));
    cudaCheck(cudaMemcpy(g_table_dev[d], tab, (size_t)n * 2 * 4, cudaMemcpyHostToDevice));
    const uint32_t *p = g_table_dev[d];
    cudaCheck(cudaMemcpyToSymbol(d_table, &p, sizeof p));
    cudaCheck(cudaMemcpyToSymbol(d_tlo, &tlo, sizeof tlo));
    cudaCheck(cudaMemcpyToSymbol(d_tn, &n, sizeof n));
  }
  return 0;
}

extern "C" const char *gpu_build_info(void) {
  static char buf[256];
  snprintf(buf, sizeof buf, "CUDA toolkit %d.%d; device code for %s", CUDART_VERSION / 1000,
           (CUDART_VERSION % 1000) / 10, ULPCERT_ARCHS);
  return buf;
}

/* The NVIDIA driver release (e.g. 580.159.04): the first token of
 * /proc/driver/nvidia/version that looks like N.N[.N]. Empty when unknown. */
static void read_driver_release(char *out, size_t n) {
  out[0] = 0;
  FILE *f = fopen("/proc/driver/nvidia/version", "r");
  if (!f) return;
  char line[512];
  if (fgets(line, sizeof line, f)) {
    for (char *tok = strtok(line, " \t\n"); tok; tok = strtok(NULL, " \t\n")) {
      int dots = 0, ok = tok[0] >= '0' && tok[0] <= '9';
      for (char *p = tok; *p && ok; p++) {
        if (*p == '.') dots++;
        else if (*p < '0' || *p > '9') ok = 0;
      }
      if (ok && dots >= 1) {
        snprintf(out, n, "%s", tok);
        break;
      }
    }
  }
  fclose(f);
}

extern "C" int gpu_probe(struct gpu_info *info, char *why, size_t whylen) {
  memset(info, 0, sizeof *info);
  int n = 0;
  cudaError_t e = cudaGetDeviceCount(&n);
  if (e != cudaSuccess || n == 0) {
    FILE *f = fopen("/proc/driver/nvidia/version", "r");
    if (f) fclose(f);
    if (!f && (e == cudaErrorInsufficientDriver || e == cudaErrorNoDevice))
      snprintf(why, whylen, "no NVIDIA GPU driver is loaded on this machine");
    else
      snprintf(why, whylen, "no usable CUDA device (%s)", e != cudaSuccess ? cudaGetErrorString(e) : "0 devices");
    return -1;
  }
  cudaDeviceProp p;
  e = cudaGetDeviceProperties(&p, 0);
  if (e != cudaSuccess) {
    snprintf(why, whylen, "cudaGetDeviceProperties: %s", cudaGetErrorString(e));
    return -1;
  }
  snprintf(info->name, sizeof info->name, "%s", p.name);
  info->device_count = n;
  info->cc_major = p.major;
  info->cc_minor = p.minor;
  info->sm_count = p.multiProcessorCount;
  cudaDriverGetVersion(&info->driver_version);
  cudaRuntimeGetVersion(&info->runtime_version);
  read_driver_release(info->driver_release, sizeof info->driver_release);
  if (p.major * 10 + p.minor < 75) {
    snprintf(why, whylen, "%s has compute capability %d.%d; ulpcert needs 7.5 or newer", p.name, p.major, p.minor);
    return -1;
  }
  if (info->driver_version < info->runtime_version) {
    snprintf(why, whylen, "the driver supports CUDA %d.%d but ulpcert was built with %d.%d; update the driver",
             info->driver_version / 1000, (info->driver_version % 1000) / 10, info->runtime_version / 1000,
             (info->runtime_version % 1000) / 10);
    return -1;
  }
  return 0;
}

static int open_impl(struct gpu_ctx *g, int dev, int nfn, const int *fns, uint32_t max_count, uint32_t max_items) {
  g->dev = dev;
  g->nfn = nfn;
  g->max_count = max_count;
  g->max_items = max_items;
  for (int i = 0; i < nfn; i++) g->fns[i] = fns[i];
  cudaCheck(cudaSetDevice(dev));
  int sms = 0;
  cudaCheck(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
  g->blocks = sms * 8;
  for (int s = 0; s < GPU_SLOTS; s++) {
    cudaCheck(cudaStreamCreateWithFlags(&g->stream[s], cudaStreamNonBlocking));
    cudaCheck(cudaEventCreate(&g->ev_start[s]));
    cudaCheck(cudaEventCreate(&g->ev_kern[s]));
    cudaCheck(cudaEventCreate(&g->ev_copy[s]));
    for (int f = 0; f < nfn; f++) {
      cudaCheck(cudaMalloc(&g->d_out[s][f], (size_t)max_count * 4));
      cudaCheck(cudaMallocHost(&g->h_out[s][f], (size_t)max_count * 4));
    }
    cudaCheck(cudaMalloc(&g->d_outp[s], GPU_MAXF * sizeof(uint32_t *)));
    cudaCheck(cudaMemcpy(g->d_outp[s], g->d_out[s], GPU_MAXF * sizeof(uint32_t *), cudaMemcpyHostToDevice));
    cudaCheck(cudaMallocHost(&g->h_ry[s], (size_t)max_count * sizeof(double)));
    cudaCheck(cudaMalloc(&g->d_ry[s], (size_t)max_count * sizeof(double)));
    cudaCheck(cudaMallocHost(&g->h_rt[s], (size_t)max_count));
    /* entries the engine leaves unset (magnitudes out of range) still travel: define them */
    memset(g->h_ry[s], 0, (size_t)max_count * sizeof(double));
    memset(g->h_rt[s], 0, (size_t)max_count);
    cudaCheck(cudaMalloc(&g->d_rt[s], (size_t)max_count));
    if (s == 0) {
      cudaCheck(cudaMalloc(&g->d_xbins, (size_t)nfn * GPU_XBINS * sizeof(unsigned long long)));
      cudaCheck(cudaMemset(g->d_xbins, 0, (size_t)nfn * GPU_XBINS * sizeof(unsigned long long)));
      double all[2 * GPU_MAXF];
      for (int f = 0; f < 2 * GPU_MAXF; f++) all[f] = f & 1 ? INFINITY : -INFINITY;
      cudaCheck(cudaMalloc(&g->d_absr, sizeof all));
      cudaCheck(cudaMemcpy(g->d_absr, all, sizeof all, cudaMemcpyHostToDevice));
      cudaCheck(cudaMalloc(&g->d_cl, GPU_MAXF * sizeof(struct gpu_clauses)));
      cudaCheck(cudaMemset(g->d_cl, 0, GPU_MAXF * sizeof(struct gpu_clauses)));
    }
    size_t np = (size_t)max_items * nfn * sizeof(struct gpu_partial);
    cudaCheck(cudaMallocHost(&g->h_part[s], np));
    cudaCheck(cudaMalloc(&g->d_part[s], np));
  }
  return 0;
}

extern "C" struct gpu_ctx *gpu_open(int dev, int nfn, const int *fns, uint32_t max_count, uint32_t max_items,
                                    char *err, size_t errlen) {
  struct gpu_ctx *g = (struct gpu_ctx *)calloc(1, sizeof *g);
  if (!g || nfn > GPU_MAXF) {
    snprintf(err, errlen, "out of memory");
    free(g);
    return NULL;
  }
  if (open_impl(g, dev, nfn, fns, max_count, max_items)) {
    snprintf(err, errlen, "%s", g_err);
    gpu_close(g);
    return NULL;
  }
  return g;
}

extern "C" int gpu_submit(struct gpu_ctx *g, int slot, int nseg, const uint32_t *first, const uint32_t *count) {
  cudaCheck(cudaSetDevice(g->dev));
  cudaStream_t st = g->stream[slot];
  uint64_t total = 0;
  for (int k = 0; k < nseg; k++) total += count[k];
  if (total > g->max_count || nseg > GPU_MAXSEG) {
    set_err("gpu_submit: chunk of %llu inputs exceeds the buffer", (unsigned long long)total);
    return -1;
  }
  cudaCheck(cudaEventRecord(g->ev_start[slot], st));
  for (int f = 0; f < g->nfn; f++) {
    uint32_t off = 0;
    for (int k = 0; k < nseg; k++) {
      if (!count[k]) continue;
      if (g->fns[f] >= GPU_DYN_BASE) {
        if (launch_dyn(g->fns[f], first[k], count[k], g->d_out[slot][f] + off, st, g->blocks)) return -1;
      } else {
        launch(g->fns[f], first[k], count[k], g->d_out[slot][f] + off, st, g->blocks);
      }
      cudaCheck(cudaGetLastError());
      off += count[k];
    }
  }
  cudaCheck(cudaEventRecord(g->ev_kern[slot], st));
  for (int f = 0; f < g->nfn; f++)
    cudaCheck(cudaMemcpyAsync(g->h_out[slot][f], g->d_out[slot][f], total * 4, cudaMemcpyDeviceToHost, st));
  cudaCheck(cudaEventRecord(g->ev_copy[slot], st));
  g->pending[slot] = 1;
  return 0;
}

extern "C" int gpu_set_abs_ranges(struct gpu_ctx *g, const double *lo, const double *hi) {
  double r[2 * GPU_MAXF];
  for (int f = 0; f < g->nfn; f++) r[2 * f] = lo[f], r[2 * f + 1] = hi[f];
  cudaCheck(cudaSetDevice(g->dev));
  cudaCheck(cudaMemcpy(g->d_absr, r, (size_t)g->nfn * 2 * sizeof(double), cudaMemcpyHostToDevice));
  return 0;
}

extern "C" int gpu_set_clauses(struct gpu_ctx *g, const struct bound_clause *cl, const int *n) {
  struct gpu_clauses h[GPU_MAXF];
  memset(h, 0, sizeof h);
  for (int f = 0; f < g->nfn; f++) {
    h[f].n = n[f] < CLAUSE_MAX ? n[f] : CLAUSE_MAX;
    for (int k = 0; k < h[f].n; k++) h[f].c[k] = cl[(size_t)f * CLAUSE_MAX + k];
  }
  cudaCheck(cudaSetDevice(g->dev));
  cudaCheck(cudaMemcpy(g->d_cl, h, (size_t)g->nfn * sizeof h[0], cudaMemcpyHostToDevice));
  return 0;
}

extern "C" void gpu_ref_buffers(struct gpu_ctx *g, int slot, double **ry, int8_t **rt) {
  *ry = g->h_ry[slot];
  *rt = g->h_rt[slot];
}

extern "C" int gpu_submit_reduce(struct gpu_ctx *g, int slot, const struct gpu_geom *geom, uint32_t nref) {
  cudaCheck(cudaSetDevice(g->dev));
  cudaStream_t st = g->stream[slot];
  uint32_t items = 2 * geom->nblk;
  if (items > g->max_items || nref > g->max_count) {
    set_err("gpu_submit_reduce: %u items / %u references exceed the buffers", items, nref);
    return -1;
  }
  cudaCheck(cudaMemcpyAsync(g->d_ry[slot], g->h_ry[slot], (size_t)nref * sizeof(double), cudaMemcpyHostToDevice, st));
  cudaCheck(cudaMemcpyAsync(g->d_rt[slot], g->h_rt[slot], nref, cudaMemcpyHostToDevice, st));
  dim3 grid(items, g->nfn);
  k_reduce<<<grid, RED_THREADS, 0, st>>>(*geom, g->d_outp[slot], g->d_ry[slot], g->d_rt[slot], g->d_part[slot],
                                         g->d_xbins, g->d_absr, g->d_cl);
  cudaCheck(cudaGetLastError());
  cudaCheck(cudaMemcpyAsync(g->h_part[slot], g->d_part[slot], (size_t)items * g->nfn * sizeof(struct gpu_partial),
                            cudaMemcpyDeviceToHost, st));
  cudaCheck(cudaEventRecord(g->ev_copy[slot], st));
  g->reduced[slot] = 1;
  return 0;
}

extern "C" int gpu_wait(struct gpu_ctx *g, int slot, uint32_t **outs, const struct gpu_partial **parts) {
  cudaCheck(cudaSetDevice(g->dev));
  if (g->pending[slot]) {
    cudaCheck(cudaEventSynchronize(g->ev_copy[slot]));
    float k_ms = 0, c_ms = 0;
    cudaCheck(cudaEventElapsedTime(&k_ms, g->ev_start[slot], g->ev_kern[slot]));
    cudaCheck(cudaEventElapsedTime(&c_ms, g->ev_kern[slot], g->ev_copy[slot]));
    g->kernel_s += k_ms * 1e-3;
    g->copy_s += c_ms * 1e-3;
    g->pending[slot] = 0;
  }
  for (int f = 0; f < g->nfn; f++) outs[f] = g->h_out[slot][f];
  *parts = g->reduced[slot] ? g->h_part[slot] : NULL;
  g->reduced[slot] = 0;
  return 0;
}

extern "C" void gpu_times(struct gpu_ctx *g, double *kernel_s, double *copy_s) {
  *kernel_s = g->kernel_s;
  *copy_s = g->copy_s;
}

extern "C" int gpu_read_xbins(struct gpu_ctx *g, int f, uint64_t *out) {
  cudaCheck(cudaSetDevice(g->dev));
  cudaCheck(cudaDeviceSynchronize());
  cudaCheck(cudaMemcpy(out, g->d_xbins + (size_t)f * GPU_XBINS, GPU_XBINS * sizeof(uint64_t), cudaMemcpyDeviceToHost));
  return 0;
}

extern "C" void gpu_close(struct gpu_ctx *g) {
  if (!g) return;
  cudaSetDevice(g->dev);
  if (g->d_xbins) cudaFree(g->d_xbins);
  if (g->d_absr) cudaFree(g->d_absr);
  if (g->d_cl) cudaFree(g->d_cl);
  for (int s = 0; s < GPU_SLOTS; s++) {
    if (g->stream[s]) cudaStreamSynchronize(g->stream[s]);
    for (int f = 0; f < GPU_MAXF; f++) {
      if (g->d_out[s][f]) cudaFree(g->d_out[s][f]);
      if (g->h_out[s][f]) cudaFreeHost(g->h_out[s][f]);
    }
    if (g->d_outp[s]) cudaFree(g->d_outp[s]);
    if (g->h_ry[s]) cudaFreeHost(g->h_ry[s]);
    if (g->d_ry[s]) cudaFree(g->d_ry[s]);
    if (g->h_rt[s]) cudaFreeHost(g->h_rt[s]);
    if (g->d_rt[s]) cudaFree(g->d_rt[s]);
    if (g->h_part[s]) cudaFreeHost(g->h_part[s]);
    if (g->d_part[s]) cudaFree(g->d_part[s]);
    if (g->ev_start[s]) cudaEventDestroy(g->ev_start[s]);
    if (g->ev_kern[s]) cudaEventDestroy(g->ev_kern[s]);
    if (g->ev_copy[s]) cudaEventDestroy(g->ev_copy[s]);
    if (g->stream[s]) cudaStreamDestroy(g->stream[s]);
  }
  free(g);
}
