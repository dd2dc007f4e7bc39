/* variant.cu: one build of the ball evaluator's decision kernel for scripts/ballbench
 * (compiled once per configuration: -DVAR=name -DIB_MAXL=... -DIB_TOPW=...). Each input
 * of [a, a + n) is decided as k_balls decides it; y, t and the words that decided it
 * (0: undecided) are written for the driver to compare between configurations. */
#include <cuda_runtime.h>
#include <stdint.h>

#include "reference/interval/ib_prog.h"

extern "C" __global__ void VAR(const struct ib_prog *__restrict__ P, uint32_t a, uint32_t n, int lev0,
                               double *__restrict__ ry, int8_t *__restrict__ rt, uint8_t *__restrict__ rw) {
  for (uint32_t j = blockIdx.x * blockDim.x + threadIdx.x; j < n; j += gridDim.x * blockDim.x) {
    double y = 0;
    int t = 0, w = 0;
    if (!ib_decide_from(P, a + j, lev0, &y, &t, &w)) w = 0;
    ry[j] = y, rt[j] = (int8_t)t, rw[j] = (uint8_t)w;
  }
}
