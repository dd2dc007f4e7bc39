/* ff_gpu.cu: runs the float-float kernels of one variant over a range of high words on
 * the first GPU: chunks of keys, one partial ff_stats per block kept on the device, merged
 * on the host at the end (exactly, see ff_stats_merge). */
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#include "src/kinds/ff/ff_check.h"

extern "C" int ff_launch_plain(int, int, uint64_t, uint64_t, uint32_t, uint64_t, double, struct ff_stats *,
                               cudaStream_t);
extern "C" int ff_launch_fmad(int, int, uint64_t, uint64_t, uint32_t, uint64_t, double, struct ff_stats *,
                              cudaStream_t);
extern "C" int ff_launch_ftz(int, int, uint64_t, uint64_t, uint32_t, uint64_t, double, struct ff_stats *,
                             cudaStream_t);

#define FF_BLOCKS 2048

extern "C" int ff_gpu_scan(int device, int op, int flav, uint32_t from, uint32_t to, uint32_t npart, uint64_t seed,
                           double bound, struct ff_stats *out, int (*progress)(void *, uint64_t), void *ctx,
                           char *err, size_t errlen) {
  cudaError_t e = cudaSetDevice(device);
  if (e != cudaSuccess) {
    snprintf(err, errlen, "GPU %d: %s", device, cudaGetErrorString(e));
    return -1;
  }
  struct ff_stats *h = (struct ff_stats *)malloc(sizeof(struct ff_stats) * FF_BLOCKS), *d = NULL;
  if (!h) {
    snprintf(err, errlen, "out of host memory");
    return -2;
  }
  for (int i = 0; i < FF_BLOCKS; i++) ff_stats_init(&h[i]);
  int rc = 0;
  if ((e = cudaMalloc(&d, sizeof(struct ff_stats) * FF_BLOCKS)) != cudaSuccess ||
      (e = cudaMemcpy(d, h, sizeof(struct ff_stats) * FF_BLOCKS, cudaMemcpyHostToDevice)) != cudaSuccess) {
    snprintf(err, errlen, "GPU memory: %s", cudaGetErrorString(e));
    rc = -1;
    goto out;
  }
  {
    /* 2^22 high words a launch (2^27 pairs with 32 partners): short launches, so that
       progress and interruption stay responsive */
    const uint64_t chunk = 1ull << 22;
    uint64_t x = from, end = (uint64_t)to + 1;
    while (x < end) {
      uint64_t n = end - x < chunk ? end - x : chunk;
      int (*launch)(int, int, uint64_t, uint64_t, uint32_t, uint64_t, double, struct ff_stats *, cudaStream_t) =
          flav == 0 ? ff_launch_plain : flav == 1 ? ff_launch_fmad : ff_launch_ftz;
      int lr = launch(op, FF_BLOCKS, x * npart, n * npart, npart, seed, bound, d, 0);
      if (lr == 0) lr = (int)cudaDeviceSynchronize();
      if (lr) {
        snprintf(err, errlen, "GPU kernel: %s", cudaGetErrorString((cudaError_t)lr));
        rc = -1;
        goto out;
      }
      x += n;
      if (progress && progress(ctx, n)) {
        rc = 1; /* interrupted */
        goto out;
      }
    }
    if ((e = cudaMemcpy(h, d, sizeof(struct ff_stats) * FF_BLOCKS, cudaMemcpyDeviceToHost)) != cudaSuccess) {
      snprintf(err, errlen, "GPU copy: %s", cudaGetErrorString(e));
      rc = -1;
      goto out;
    }
    ff_stats_init(out);
    for (int i = 0; i < FF_BLOCKS; i++) ff_stats_merge(out, &h[i]);
  }
out:
  if (d) cudaFree(d);
  free(h);
  return rc;
}
