/* conv_notoolkit.c: the conversions built for the host (conv_host.cu) in a build without
 * the CUDA toolkit, whose headers they need: none, and the run says so. */
#include "src/kinds/convert/convert.h"

int conv_host_eval(int idx, uint32_t n, const uint32_t *x, uint32_t *y) {
  (void)idx, (void)n, (void)x, (void)y;
  return -1;
}
int conv_host_eval2(int idx, uint32_t n, const uint32_t *a, const uint32_t *b, uint32_t *lo, uint32_t *hi) {
  (void)idx, (void)n, (void)a, (void)b, (void)lo, (void)hi;
  return -1;
}
