/* fast_gpu.cu: the fast-path evaluator on the GPU against the same evaluator on the
 * host, bit for bit, over every binary32 input.
 *
 *   nvcc -arch=sm_90 -O3 -fmad=false -std=c++17 -I. \
 *        -Xcompiler -fopenmp,-ffp-contract=off,-mfma tests/fast/fast_gpu.cu -o fast_gpu -lgomp
 *   fast_mktable tanh tanh.fast      (on a machine with Arb: builds and saves a table)
 *   fast_gpu tanh.fast [LO HI]       (default: all 2^32 bit patterns)
 *
 * 1. Timing: a kernel evaluates every pattern of [LO, HI] and the positive half
 *    [0, 2^31) alone, keeping only a count and a checksum (cudaEvent timing; the
 *    second run is reported, the first warms up).
 * 2. Comparison: chunks of 2^27 patterns; the device writes (y, t, decided), the host
 *    recomputes them with fast_eval (OpenMP) and compares bits: y's 64 bits, t, and
 *    the decided flag. Any difference is an error (exit status 1).
 * Needs only fast_eval.h and fast_table.h (no Arb, no MPFR). */
#include <cuda_runtime.h>
#include <omp.h>

#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "reference/fast/fast_table.h"

#define CK(call)                                                                      \
  do {                                                                                \
    cudaError_t e_ = (call);                                                          \
    if (e_ != cudaSuccess) {                                                          \
      fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_)); \
      exit(2);                                                                        \
    }                                                                                 \
  } while (0)

/* (y, code) per input: code = t + 1 (0, 1, 2) when decided, 3 when undecided. */
__global__ void k_eval(struct fast_view v, uint64_t base, uint64_t n, double *y, int8_t *code) {
  for (uint64_t i = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; i < n;
       i += (uint64_t)gridDim.x * blockDim.x) {
    double yy = 0.0;
    int t = 0;
    int d = fast_eval(&v, (uint32_t)(base + i), &yy, &t);
    y[i] = d ? yy : 0.0;
    code[i] = d ? (int8_t)(t + 1) : (int8_t)3;
  }
}

/* Count of decided inputs and a checksum of (y, t): the throughput kernel. */
__global__ void k_count(struct fast_view v, uint64_t base, uint64_t n, unsigned long long *acc) {
  unsigned long long dec = 0, sum = 0;
  for (uint64_t i = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; i < n;
       i += (uint64_t)gridDim.x * blockDim.x) {
    double yy;
    int t;
    if (fast_eval(&v, (uint32_t)(base + i), &yy, &t)) {
      dec++;
      sum += (unsigned long long)__double_as_longlong(yy) + (unsigned long long)(t + 1);
    }
  }
  for (int o = 16; o > 0; o >>= 1) {
    dec += __shfl_down_sync(0xffffffffu, dec, o);
    sum += __shfl_down_sync(0xffffffffu, sum, o);
  }
  if ((threadIdx.x & 31) == 0) {
    atomicAdd(&acc[0], dec);
    atomicAdd(&acc[1], sum);
  }
}

static struct fast_view to_device(const struct fast_table *t) {
  struct fast_view v = fast_table_view(t);
  uint32_t *dir;
  struct fast_block *blk;
  double *coef;
  CK(cudaMalloc(&dir, (size_t)t->hdr.ndir * 4 + 4));
  CK(cudaMalloc(&blk, (size_t)t->hdr.nblk * sizeof *blk + 32));
  CK(cudaMalloc(&coef, (size_t)t->hdr.ncoef * 8 + 8));
  CK(cudaMemcpy(dir, t->dir, (size_t)t->hdr.ndir * 4, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(blk, t->blk, (size_t)t->hdr.nblk * sizeof *blk, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(coef, t->coef, (size_t)t->hdr.ncoef * 8, cudaMemcpyHostToDevice));
  v.dir = dir;
  v.blk = blk;
  v.coef = coef;
  return v;
}

/* Seconds for k_count over [base, base + n); *dec, *sum from the device. */
static double time_count(const struct fast_view &dv, uint64_t base, uint64_t n,
                         unsigned long long *dec, unsigned long long *sum) {
  unsigned long long *acc;
  CK(cudaMalloc(&acc, 16));
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a));
  CK(cudaEventCreate(&b));
  float ms = 0;
  for (int rep = 0; rep < 2; rep++) {
    CK(cudaMemset(acc, 0, 16));
    CK(cudaEventRecord(a));
    k_count<<<132 * 16, 256>>>(dv, base, n, acc);
    CK(cudaEventRecord(b));
    CK(cudaEventSynchronize(b));
    CK(cudaGetLastError());
    CK(cudaEventElapsedTime(&ms, a, b));
  }
  unsigned long long h[2];
  CK(cudaMemcpy(h, acc, 16, cudaMemcpyDeviceToHost));
  *dec = h[0];
  *sum = h[1];
  CK(cudaFree(acc));
  return ms / 1e3;
}

/* Device vs host over [lo, hi]: returns the number of differences. */
static uint64_t compare(const struct fast_table *t, const struct fast_view &dv, uint64_t lo,
                        uint64_t hi, uint64_t *undecided) {
  const uint64_t chunk = 1ull << 27;
  struct fast_view hv = fast_table_view(t);
  double *dy;
  int8_t *dcode;
  CK(cudaMalloc(&dy, chunk * 8));
  CK(cudaMalloc(&dcode, chunk));
  std::vector<double> y(chunk);
  std::vector<int8_t> code(chunk);
  uint64_t diff = 0, und = 0;
  for (uint64_t base = lo; base <= hi; base += chunk) {
    uint64_t n = hi - base + 1 < chunk ? hi - base + 1 : chunk;
    k_eval<<<132 * 16, 256>>>(dv, base, n, dy, dcode);
    CK(cudaGetLastError());
    CK(cudaMemcpy(y.data(), dy, n * 8, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(code.data(), dcode, n, cudaMemcpyDeviceToHost));
    uint64_t cd = 0, cu = 0;
#pragma omp parallel for schedule(static, 65536) reduction(+ : cd, cu)
    for (uint64_t i = 0; i < n; i++) {
      double yy = 0.0;
      int tt = 0;
      int d = fast_eval(&hv, (uint32_t)(base + i), &yy, &tt);
      int8_t c = d ? (int8_t)(tt + 1) : (int8_t)3;
      if (!d) yy = 0.0;
      cu += !d;
      if (c != code[i] || fast_dbits(yy) != fast_dbits(y[i])) {
        cd++;
        if (cd <= 3)
#pragma omp critical
          fprintf(stderr, "  DIFFERENCE at 0x%08x: device (%a, %d) host (%a, %d)\n",
                  (unsigned)(base + i), y[i], code[i], yy, c);
      }
    }
    diff += cd;
    und += cu;
  }
  CK(cudaFree(dy));
  CK(cudaFree(dcode));
  *undecided = und;
  return diff;
}

int main(int argc, char **argv) {
  if (argc != 2 && argc != 4) {
    fprintf(stderr, "usage: %s TABLE [LO HI]\n", argv[0]);
    return 2;
  }
  struct fast_table t;
  if (fast_table_load(&t, argv[1]) != 0) {
    fprintf(stderr, "cannot load %s\n", argv[1]);
    return 2;
  }
  uint64_t lo = 0, hi = 0xffffffffull;
  if (argc == 4) lo = strtoull(argv[2], NULL, 16), hi = strtoull(argv[3], NULL, 16);
  cudaDeviceProp p;
  CK(cudaGetDeviceProperties(&p, 0));
  printf("%s: %s, %u blocks, %.1f KiB; device %s\n", argv[1], t.hdr.name, t.hdr.nblk,
         fast_table_bytes(&t) / 1024.0, p.name);
  struct fast_view dv = to_device(&t);
  unsigned long long dec, sum;
  double s = time_count(dv, lo, hi - lo + 1, &dec, &sum);
  printf("  device, [0x%08" PRIx64 ", 0x%08" PRIx64 "]: %.4f s (%.2f G inputs/s), %llu decided "
         "(%.4f%%), checksum %016llx\n", lo, hi, s, (hi - lo + 1) / s / 1e9, dec,
         100.0 * dec / (double)(hi - lo + 1), sum);
  s = time_count(dv, 0, 1ull << 31, &dec, &sum);
  printf("  device, all 2^31 non-negative patterns: %.4f s, %llu decided\n", s, dec);
  double t0 = omp_get_wtime();
  uint64_t und, diff = compare(&t, dv, lo, hi, &und);
  printf("  device vs host (%d threads, %.1f s): %" PRIu64 " inputs, %" PRIu64 " undecided, %" PRIu64
         " differences\n", omp_get_max_threads(), omp_get_wtime() - t0, hi - lo + 1, und, diff);
  fast_table_free(&t);
  return diff ? 1 : 0;
}
