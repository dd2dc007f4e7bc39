/* sr_hw_nogpu.c: the hardware stochastic rounding (sr_hw.cu) in a build without device code:
 * none, and a run says so. */
#include <stdio.h>

#include "src/kinds/sround/sr_hw.h"

const char *srhw_built(void) { return NULL; }
int srhw_usable(int dev, char *why, size_t n) {
  (void)dev;
  snprintf(why, n, "this build has no device code");
  return 0;
}
int srhw_table(int dev, int fmt, int k, uint32_t x0, uint32_t n, uint16_t *out, char *err, size_t errlen) {
  (void)dev, (void)fmt, (void)k, (void)x0, (void)n, (void)out;
  snprintf(err, errlen, "this build has no device code");
  return -1;
}
