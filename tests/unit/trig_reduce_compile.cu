/* trig_reduce_compile.cu: reference/trig_reduce.h compiles for the device (a build
 * check, not run by the suite):
 *   nvcc -arch=sm_90 -fmad=false -std=c++17 -I. -c tests/unit/trig_reduce_compile.cu -o /tmp/trc.o
 * k_trig_large writes trig_large's answer for n consecutive patterns from first (y, t,
 * decided). A device check would run it over a range on a GPU and compare every entry with
 * the host's trig_large bit for bit (same arithmetic on both sides: trig_reduce.h), as
 * tests/gpu/gpu_test.sh does for the shortcuts through refcheck --fast-path. */
#include <stdint.h>

#include "reference/trig_reduce.h"

__global__ void k_trig_large(uint32_t first, uint32_t n, int fn, double *__restrict__ y, int8_t *__restrict__ t,
                             uint8_t *__restrict__ dec) {
  for (uint32_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    double yy = 0;
    int tt = 0;
    dec[i] = (uint8_t)trig_large(first + i, fn, &yy, &tt);
    y[i] = yy;
    t[i] = (int8_t)tt;
  }
}

/* the shape a shortcut takes (functions/<name>/shortcut.h: REF_HD, x >= +0 only) */
REF_HD int sc_sin_large_example(uint32_t xb, double *y, int *t) {
  if (xb >= 0x44800000u && xb < 0x7f800000u) return trig_large(xb, TRIG_SIN, y, t);
  return 0;
}
__global__ void k_example(uint32_t first, uint32_t n, double *__restrict__ y) {
  uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double yy = 0;
    int tt = 0;
    sc_sin_large_example(first + i, &yy, &tt);
    y[i] = yy + tt;
  }
}
