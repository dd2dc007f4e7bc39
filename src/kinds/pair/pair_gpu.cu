/* pair_gpu.cu: the plain flavour of the two-argument variants (contraction off, nvcc's
 * other defaults), and the evaluation of a list of pairs on one GPU in any flavour:
 * operands copied in, outputs copied out (the host measures them). */
#include <stdio.h>

#define PAIR_KERNEL pair_kernel_plain
#define PAIR_LAUNCH pair_launch_plain
#define PAIR_WALK_KERNEL pair_walk_kernel_plain
#define PAIR_WALK pair_walk_plain
#include "src/kinds/pair/pair_kernel.cuh"

extern "C" int pair_launch_ftz(int, const uint32_t *, const uint32_t *, uint32_t, uint32_t *);
extern "C" int pair_launch_fast(int, const uint32_t *, const uint32_t *, uint32_t, uint32_t *);

extern "C" int pair_gpu_count(void) {
  int n = 0;
#define PAIR_REFERENCE(...)
#define PAIR_HOST(...)
#define PAIR_BOUND(...)
#define PAIR_DEVICE(...) n++;
#include "pairs.def"
#undef PAIR_REFERENCE
#undef PAIR_HOST
#undef PAIR_BOUND
#undef PAIR_DEVICE
  return n;
}

/* one buffer of each kind per device, grown as needed (calls come from one thread) */
#define PG_DEVICES 64
static uint32_t *d_a[PG_DEVICES], *d_b[PG_DEVICES], *d_out[PG_DEVICES];
static uint32_t d_cap[PG_DEVICES];

static cudaError_t reserve(int dev, uint32_t n) {
  if (n <= d_cap[dev]) return cudaSuccess;
  cudaFree(d_a[dev]), cudaFree(d_b[dev]), cudaFree(d_out[dev]);
  d_a[dev] = d_b[dev] = d_out[dev] = NULL, d_cap[dev] = 0;
  cudaError_t e;
  if ((e = cudaMalloc(&d_a[dev], 4ull * n)) || (e = cudaMalloc(&d_b[dev], 4ull * n)) ||
      (e = cudaMalloc(&d_out[dev], 4ull * n)))
    return e;
  d_cap[dev] = n;
  return cudaSuccess;
}

extern "C" int pair_gpu_eval(int device, int fl, int dev, const uint32_t *a, const uint32_t *b, uint32_t n,
                             uint32_t *out, char *err, size_t errlen) {
  if (device < 0 || device >= PG_DEVICES) {
    snprintf(err, errlen, "GPU %d: beyond the %d devices this build handles", device, PG_DEVICES);
    return -1;
  }
  cudaError_t e = cudaSetDevice(device);
  if (!e) e = reserve(device, n);
  if (!e) e = cudaMemcpy(d_a[device], a, 4ull * n, cudaMemcpyHostToDevice);
  if (!e) e = cudaMemcpy(d_b[device], b, 4ull * n, cudaMemcpyHostToDevice);
  if (!e) {
    int (*launch)(int, const uint32_t *, const uint32_t *, uint32_t, uint32_t *) =
        fl == 1 ? pair_launch_ftz : fl == 2 ? pair_launch_fast : pair_launch_plain;
    e = (cudaError_t)launch(dev, d_a[device], d_b[device], n, d_out[device]);
  }
  if (!e) e = cudaMemcpy(out, d_out[device], 4ull * n, cudaMemcpyDeviceToHost);
  if (e) {
    snprintf(err, errlen, "GPU %d: %s", device, cudaGetErrorString(e));
    return -1;
  }
  return 0;
}
