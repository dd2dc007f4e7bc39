/* variant.cu: one build of the ball evaluator's decision kernel for scripts/ballbench
 * (compiled once per configuration: -DVAR=name -DMINB=blocks per multiprocessor that
 * __launch_bounds__ asks for, which caps the registers: 2 -> 255, 4 -> 128, 6 -> 80).
 * One precision (2^lev words; level 0 the fast double-word balls of ib1.h, the generic
 * word where they have no rule; lev -1 the generic 1-word level alone, as before ib1.h)
 * over the inputs list[0..n) (or a, a+1, ... without a list): y, t and what decided each
 * (lev + 1, 1 for lev -1; 0: more words may; 255: no precision can). */
#include <cuda_runtime.h>
#include <stdint.h>

#include "reference/interval/ib_prog.h"

extern "C" __global__ void __launch_bounds__(128, MINB)
    VAR(const struct ib_prog *__restrict__ P, const uint32_t *__restrict__ list, uint32_t a, uint32_t n, int lev,
        double *__restrict__ ry, int8_t *__restrict__ rt, uint8_t *__restrict__ rw) {
  for (uint32_t j = blockIdx.x * blockDim.x + threadIdx.x; j < n; j += gridDim.x * blockDim.x) {
    double y = 0;
    int t = 0;
    const uint32_t x = list ? list[j] : a + j;
    int d;
    if (lev >= 0) d = ib_decide_level(P, x, lev, &y, &t);
    else { /* lev -1: the generic 1-word level alone (before the fast first precision, ib1.h) */
      ib r;
      ib_ctx c = {1, 0};
      ib_eval(P, x, &c, &r);
      d = c.fail >= 2 ? -1 : !c.fail && ib_round53(&r, &y, &t) ? 1 : 0;
    }
    ry[j] = y, rt[j] = (int8_t)t, rw[j] = (uint8_t)(d == 1 ? (lev < 0 ? 1 : lev + 1) : d == 0 ? 0 : 255);
  }
}
