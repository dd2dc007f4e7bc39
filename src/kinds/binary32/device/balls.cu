/* balls.cu: the ball evaluator on the device (reference/interval/ib_prog.h, the same
 * source as the host's): after k_ref (ref_kernel.cuh), every entry it left undecided is
 * decided in balls of 1, 2, 4, 8, 16 and 20 words where they round to one pair; what none
 * decides goes to a list for the host's MPFR/Arb. Its own object: the evaluator's code
 * stays out of the table kernel (one instance, not one per shortcut).
 *
 * One launch per precision, each over the entries the one before left, compacted:
 * escalating within a thread would hold its whole warp at the higher precision for any
 * one entry that needs it (1-cos(x) above 2^20: 7% of the entries need 2 words, and a
 * warp of 32 holds one 90% of the time), which an H100 profile showed: 13.5 of 32 threads
 * of a warp active, 46 M entries/s against 208 M/s for the 1-word pass alone
 * (scripts/ballbench, docs/speed.md).
 *
 * The counters cnt[]: [2] the entries k_ref left (undec[]), [3] decided here, [4] the
 * length of left[] (the host's), [5 + lev] the entries level lev passes on (into
 * buf[lev % 2], read by level lev + 1). */
#include <cuda_runtime.h>

#include "reference/interval/ib_prog.h"
#include "src/kinds/binary32/device/balls.h"

/* append k to list (its length *len) for the threads of the warp that want to: one atomic
 * a warp */
static __device__ __forceinline__ void append(uint32_t *list, unsigned long long *len, uint32_t k, int want) {
  const unsigned act = __activemask(), who = __ballot_sync(act, want);
  if (!who) return;
  const int lane = threadIdx.x & 31, leader = __ffs(who) - 1;
  unsigned long long base = 0;
  if (lane == leader) base = atomicAdd(len, (unsigned long long)__popc(who));
  base = __shfl_sync(act, base, leader);
  if (want) list[base + __popc(who & ((1u << lane) - 1))] = k;
}

/* 80 registers a thread (6 blocks of 128 a multiprocessor): 241 M inputs/s of 1-cos(x) over
 * [1, 2) on an H100 against 219 M/s at 128 registers and 205 M/s at 222 (the compiler's
 * choice); the evaluator's frames live in local memory either way (scripts/ballbench) */
__global__ void __launch_bounds__(128, 6) k_balls(const struct ib_prog *__restrict__ P, struct gpu_geom g, double *__restrict__ ry,
                        int8_t *__restrict__ rt, const uint32_t *__restrict__ in, int in_cnt,
                        uint32_t *__restrict__ out, uint32_t *__restrict__ left, unsigned long long *__restrict__ cnt,
                        int lev) {
  const unsigned long long n = cnt[in_cnt];
  unsigned long long dec = 0;
  for (unsigned long long j0 = blockIdx.x * (unsigned long long)blockDim.x; j0 < n;
       j0 += (unsigned long long)gridDim.x * blockDim.x) {
    const unsigned long long j = j0 + threadIdx.x;
    int d = 2; /* 2: past the end */
    uint32_t k = 0;
    if (j < n) {
      k = in[j];
      const uint32_t h = k / g.len, m = g.a0 + k % g.len;
      double y;
      int t;
      d = ib_decide_level(P, m | (h ? 0x80000000u : 0u), lev, &y, &t);
      if (d == 1) {
        ry[k] = y;
        rt[k] = (int8_t)t;
        dec++;
      }
    }
    const int last = lev + 1 >= IB_LEVELS;
    append(out, &cnt[5 + lev], k, d == 0 && !last);
    append(left, &cnt[4], k, d == -1 || (d == 0 && last));
  }
  if (dec) atomicAdd(&cnt[3], dec);
}

extern "C" int gpu_balls_upload(const struct ib_prog *P, struct ib_prog **d) {
  *d = NULL;
  if (!P) return 0;
  /* the evaluator's frames (a stack of balls, each function's temporaries: 15504 bytes
   * cumulative for sm_90 at 80 registers, ptxas -v, with the special functions' rules)
   * exceed the default per-thread stack: 24 KB, or the kernel's own local size and 8 KB
   * more where that is larger (a frame grown by new rules then fails no launch) */
  size_t stack = 24 * 1024;
  cudaFuncAttributes fa;
  if (cudaFuncGetAttributes(&fa, k_balls) == cudaSuccess && fa.localSizeBytes + 8 * 1024 > stack)
    stack = fa.localSizeBytes + 8 * 1024;
  if (cudaDeviceSetLimit(cudaLimitStackSize, stack) != cudaSuccess) return -1;
  if (cudaMalloc((void **)d, sizeof *P) != cudaSuccess) return -1;
  if (cudaMemcpy(*d, P, sizeof *P, cudaMemcpyHostToDevice) != cudaSuccess) {
    cudaFree(*d);
    *d = NULL;
    return -1;
  }
  return 0;
}

extern "C" int gpu_balls_launch(const struct ib_prog *d_P, const struct gpu_geom *g, double *ry, int8_t *rt,
                                const uint32_t *undec, uint32_t *buf0, uint32_t *buf1, uint32_t *left,
                                unsigned long long *cnt, int blocks, cudaStream_t st, cudaEvent_t *ev) {
  static_assert(GPU_BALLS_LEVELS == IB_LEVELS, "balls.h's count of precisions");
  uint32_t *buf[2] = {buf0, buf1};
  for (int lev = 0; lev < IB_LEVELS; lev++) {
    const uint32_t *in = lev ? buf[(lev - 1) % 2] : undec;
    k_balls<<<blocks, 128, 0, st>>>(d_P, *g, ry, rt, in, lev ? 5 + lev - 1 : 2, buf[lev % 2], left, cnt, lev);
    if (cudaGetLastError() != cudaSuccess || (ev && cudaEventRecord(ev[lev], st) != cudaSuccess)) return -1;
  }
  return 0;
}
