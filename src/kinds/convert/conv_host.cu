/* conv_host.cu: the catalogue's conversions built for the host, with the CUDA headers'
 * host (software) paths, for the CPU backend. Inline PTX (need > 0) has no host build. */
#include "kernels/conv_wrap.cuh"

#include "conversions.cuh" /* generated: every conversions/<format>/<format>.cuh */
#include "src/kinds/convert/convert.h"

template <uint32_t (*F)(uint32_t)> static int run1(int need, uint32_t n, const uint32_t *x, uint32_t *y) {
  if (need) return -1;
  for (uint32_t i = 0; i < n; i++) y[i] = F(x[i]);
  return 0;
}
template <void (*F)(uint32_t, uint32_t, uint32_t *, uint32_t *)>
static int run2(int need, uint32_t n, const uint32_t *a, const uint32_t *b, uint32_t *lo, uint32_t *hi) {
  if (need) return -1;
  for (uint32_t i = 0; i < n; i++) F(a[i], b[i], &lo[i], &hi[i]);
  return 0;
}

extern "C" int conv_host_eval(int idx, uint32_t n, const uint32_t *x, uint32_t *y) {
  switch (idx) {
#define CONV(id, name, fam, src, dst, mode, ovf, nan, relu, x2, hw, inner, need, api, doc) \
  case CI_##id: return run1<cv_##id>(need, n, x, y);
#include "conversions.def"
#undef CONV
  default: return -1;
  }
}

#define CV2_0(id) return -1;
#define CV2_1(id) return run2<cv2_##id>(need, n, a, b, lo, hi);
extern "C" int conv_host_eval2(int idx, uint32_t n, const uint32_t *a, const uint32_t *b, uint32_t *lo,
                               uint32_t *hi) {
  int need;
  switch (idx) {
#define CONV(id, name, fam, src, dst, mode, ovf, nan, relu, x2, hw, inner, need_, api, doc) \
  case CI_##id:                                                                              \
    need = need_;                                                                            \
    CV2_##x2(id)
#include "conversions.def"
#undef CONV
  default: return -1;
  }
}
