/* pair_kernel.cuh: the evaluation kernels of the two-argument variants, included once per
 * build flavour (pair_gpu.cu: contraction off; pair_ftz.cu: -ftz=true; pair_fast.cu:
 * -use_fast_math, each defining PAIR_KERNEL, PAIR_LAUNCH, PAIR_WALK_KERNEL and PAIR_WALK),
 * each with the folders' device functions compiled under its flags. Operands arrive as
 * bit patterns, outputs leave as bit patterns: the flags change the variant and nothing
 * else (partners and measures are computed elsewhere). PAIR_KERNEL takes a list of
 * pairs; PAIR_WALK_KERNEL the pairs of a unit of the pipeline (pair_pipe.cu), stored as
 * pair_store.h says: pair i is x0 + xo against partner P[i], (xo, k) = pp_unstore(i). */
#include <cuda_runtime.h>
#include <stdint.h>

#include "src/kinds/pair/pair_store.h"

/* each flavour's object has its own copy of the device functions */
namespace {
#include "pairs_device.cuh"
}

/* device function number fn of the PAIR_DEVICE lines, in their order */
__device__ __forceinline__ float pair_dispatch(int fn, float a, float b) {
  int i = 0;
#define PAIR_REFERENCE(...)
#define PAIR_HOST(...)
#define PAIR_BOUND(...)
#define PAIR_DEVICE(name, family, ref, f, desc) \
  if (fn == i++) return f(a, b);
#include "pairs.def"
#undef PAIR_REFERENCE
#undef PAIR_HOST
#undef PAIR_BOUND
#undef PAIR_DEVICE
  return __int_as_float(0x7fc00000);
}

__global__ void PAIR_KERNEL(int fn, const uint32_t *a, const uint32_t *b, uint32_t n, uint32_t *out) {
  for (uint32_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    out[i] = __float_as_uint(pair_dispatch(fn, __uint_as_float(a[i]), __uint_as_float(b[i])));
}

extern "C" int PAIR_LAUNCH(int fn, const uint32_t *a, const uint32_t *b, uint32_t n, uint32_t *out) {
  const uint32_t blocks = n / 256 + 1 < 65535 ? n / 256 + 1 : 65535;
  PAIR_KERNEL<<<blocks, 256>>>(fn, a, b, n, out);
  return (int)cudaGetLastError();
}

__global__ void PAIR_WALK_KERNEL(int fn, int swap, uint32_t x0, uint32_t np, const uint32_t *P, uint32_t n,
                                 uint32_t *out) {
  const uint32_t nx = n / np;
  for (uint32_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    uint32_t xo, k;
    pp_unstore(i, np, nx, &xo, &k);
    const uint32_t x = x0 + xo, p = P[i];
    out[i] = __float_as_uint(pair_dispatch(fn, __uint_as_float(swap ? p : x), __uint_as_float(swap ? x : p)));
  }
}

extern "C" int PAIR_WALK(int fn, int swap, uint32_t x0, uint32_t np, const uint32_t *P, uint32_t n, uint32_t *out,
                         cudaStream_t st) {
  const uint32_t blocks = n / 256 + 1 < 65535 ? n / 256 + 1 : 65535;
  PAIR_WALK_KERNEL<<<blocks, 256, 0, st>>>(fn, swap, x0, np, P, n, out);
  return (int)cudaGetLastError();
}
